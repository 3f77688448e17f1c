use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use clap::{CommandFactory, Parser, Subcommand};
use color_eyre::eyre::{WrapErr, eyre};
use kibitzer::archive::{Bytes, Catalog, SAMPLE, gather};
use kibitzer::config::{Config, ConfigError};
use kibitzer::filter::Filter;
use kibitzer::model::SourceFormat;
use kibitzer::ui::preferences::Preferences;
use kibitzer::ui::{App, Theme};

/// A viewer and replayer for card-game records (RBN, RBX, PBN, LIN, and
/// the Preferans and Pinochle PPN).
///
/// With files, opens them in the full-screen viewer; with none, the bundled
/// sample.
#[derive(Parser)]
#[command(version, about, disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Files to open in the viewer.
    files: Vec<PathBuf>,
    /// Keep the viewer on the newest record as records are appended.
    #[arg(long)]
    follow: bool,
    /// Suit letters S H D C instead of symbols.
    #[arg(long, global = true)]
    ascii: bool,
    /// Read this config file instead of
    /// $XDG_CONFIG_HOME/kibitzer/config.toml (~/.config/kibitzer/config.toml).
    #[arg(long, global = true, value_name = "FILE", conflicts_with = "no_config")]
    config: Option<PathBuf>,
    /// Start with the defaults, reading no config file.
    #[arg(long, global = true)]
    no_config: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and print every problem as FILE:LINE:COL: message.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only the records this filter matches (kibitzer help filter).
        #[arg(long = "where", value_name = "FILTER")]
        filter: Option<String>,
    },
    /// Print records as JSON, one object per line.
    Dump {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only this record (1-based, counted over all the files; with
        /// --where, over the matches).
        #[arg(long)]
        record: Option<usize>,
        /// Only the records this filter matches (kibitzer help filter).
        #[arg(long = "where", value_name = "FILTER", conflicts_with = "dd")]
        filter: Option<String>,
        /// Add each full deal's double-dummy table, par and play analysis.
        #[arg(long)]
        dd: bool,
    },
    /// Print the records a filter matches, a line each (FILE:LINE: record,
    /// board, contract and result, players); exit status 0 when something
    /// matched, 1 when nothing did, 2 for a bad filter or file.
    Find {
        /// The question asked of every record (kibitzer help filter).
        filter: String,
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only how many records matched (FILE:N for each of several files).
        #[arg(long, conflicts_with = "json")]
        count: bool,
        /// dump's JSON line for each match.
        #[arg(long)]
        json: bool,
        /// Solve the deals whose file gives no double-dummy table, where the
        /// filter asks for one (on every core; a few deals a second).
        #[arg(long, conflicts_with = "json")]
        solve: bool,
    },
    /// Print dealer's statistics over the records a filter lets through:
    /// how often each value of an expression comes, and the average of a
    /// number (without --frequency or --average: the contracts, the
    /// results and the average score).
    Stats {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only the records this filter matches (kibitzer help filter).
        #[arg(long = "where", value_name = "FILTER")]
        filter: Option<String>,
        /// How often each value comes: `tricks`, `hcp(north)`, `lead`.
        #[arg(long, value_name = "EXPR")]
        frequency: Vec<String>,
        /// The average of a number: `score`, `hcp(ns)`.
        #[arg(long, value_name = "EXPR")]
        average: Vec<String>,
        /// Solve the deals whose file gives no double-dummy table, where an
        /// expression asks for one (on every core; a few deals a second).
        #[arg(long)]
        solve: bool,
        /// One JSON object (records, matched, each frequency's values and
        /// counts, each average's mean) rather than tables.
        #[arg(long)]
        json: bool,
    },
    /// Print help: on a command, or on `filter`, the filter language.
    Help { topic: Option<String> },
    /// Write every record in another notation (standard output unless
    /// --out), naming on standard error what the target has no place for.
    Convert {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The notation to write: rbn, rbx, pbn, lin, or json (as dump).
        #[arg(long)]
        to: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Count the records that lost something rather than name each.
        #[arg(long)]
        quiet: bool,
        /// Turn every deal: `south` puts declarer (without a contract, the
        /// dealer) South; `west=south` moves the West hand to South.
        #[arg(long)]
        rotate: Option<kibitzer::cli::Rotation>,
    },
    /// Print a completion script for a shell (bash, zsh, fish, elvish,
    /// powershell), made from these very commands.
    Completions { shell: clap_complete::Shell },
    /// Print the manual page (roff), for `man -l -`.
    Man,
    /// Print the standings and every board's results (scores, matchpoints,
    /// IMPs), and where the file's stated results disagree.
    Results {
        file: PathBuf,
        /// JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Print the deal view as plain text, as the viewer would draw it.
    Show(ShowArgs),
}

#[derive(clap::Args)]
struct ShowArgs {
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The record (1-based, counted over all the files; with --where,
    /// over the matches).
    #[arg(long, default_value_t = 1)]
    record: usize,
    /// Count --record among the records this filter matches (kibitzer help
    /// filter): the first match by default.
    #[arg(long = "where", value_name = "FILTER")]
    filter: Option<String>,
    /// Steps into the replay (cards, and quiz points).
    #[arg(long, default_value_t = 0)]
    step: usize,
    /// Show hidden hands face up.
    #[arg(long)]
    reveal: bool,
    /// Double-dummy mode on: each legal card's tricks, the table and par.
    #[arg(long)]
    dd: bool,
    #[arg(long, default_value_t = 100)]
    width: u16,
    #[arg(long, default_value_t = 30)]
    height: u16,
    /// Also copy the deal to the clipboard (OSC 52, to standard output's
    /// terminal, else standard error's) and keep it in a file: pbn,
    /// rbn, lin, link (BBO's handviewer) or diagram (the hands drawn).
    #[arg(long)]
    copy: Option<kibitzer::ui::copy_format::CopyFormat>,
}

/// The look and the viewer's preferences: the config file's (the one
/// named, else the one in the config folder if there is one), NO_COLOR
/// and --ascii.
fn configured(setup: &Setup) -> color_eyre::Result<(Theme, Preferences)> {
    let config = match (&setup.config, setup.no_config) {
        (_, true) => Config::default(),
        (Some(path), false) => Config::load(path, true)?,
        (None, false) => match kibitzer::config::default_path() {
            Some(path) => Config::load(&path, false)?,
            None => Config::default(),
        },
    };
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Ok((config.theme(setup.ascii, no_color), config.preferences))
}

/// What the command line says of the config and the look.
struct Setup {
    config: Option<PathBuf>,
    no_config: bool,
    ascii: bool,
}

/// What was opened: the records of the files, in order (found and checked
/// in the background), a title naming them, and what was skipped.
struct Loaded {
    catalog: Catalog,
    title: String,
    skipped: Vec<String>,
}

fn load(files: &[PathBuf]) -> color_eyre::Result<Loaded> {
    if files.is_empty() {
        let sample = Catalog::of(vec![(Bytes::Static(SAMPLE), SourceFormat::Rbn)]);
        let title = "bundled sample".to_string();
        return Ok(Loaded {
            catalog: sample,
            title,
            skipped: Vec::new(),
        });
    }
    let gathered = gather(files);
    if let Some(e) = gathered.errors.into_iter().next() {
        return Err(e.into());
    }
    let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
    Ok(Loaded {
        catalog: Catalog::of_archives(gathered.archives),
        title: names.join(", "),
        skipped: gathered.skipped,
    })
}

/// How long the files may take to read before the screen says it is
/// reading them (and answers `q`).
const READING_UNSEEN: Duration = Duration::from_millis(300);

/// The files loaded behind the screen; None when the user gave up on a
/// long read.
fn load_in_view(files: &[PathBuf], theme: Theme) -> color_eyre::Result<Option<Loaded>> {
    let (tx, rx) = mpsc::channel();
    let paths = files.to_vec();
    std::thread::spawn(move || {
        let loaded = load(&paths).map(|mut loaded| {
            // The first screen waits for the first records found, not for all.
            loaded.catalog.wait_for_first(Duration::from_secs(5));
            loaded
        });
        let _ = tx.send(loaded);
    });
    let loaded = match rx.recv_timeout(READING_UNSEEN) {
        Ok(loaded) => loaded,
        Err(RecvTimeoutError::Timeout) if io::stdout().is_terminal() => {
            let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
            match kibitzer::ui::terminal::wait_reading(&rx, &names.join(", "), theme)? {
                Some(loaded) => loaded,
                None => return Ok(None),
            }
        }
        Err(_) => rx.recv().map_err(|_| eyre!("reading the files stopped"))?,
    };
    loaded.map(Some)
}

fn view(files: &[PathBuf], follow: bool, setup: &Setup) -> color_eyre::Result<ExitCode> {
    let (theme, preferences) = configured(setup)?;
    // The files first: a missing or empty file is the fault to tell of even
    // where there is no terminal. A long read answers `q` meanwhile.
    let Some(Loaded {
        catalog,
        title,
        skipped,
    }) = load_in_view(files, theme)?
    else {
        return Ok(ExitCode::SUCCESS);
    };
    if catalog.is_empty() && catalog.complete() {
        return Err(eyre!("{title}: no records to show"));
    }
    if !io::stdout().is_terminal() {
        return Err(eyre!(
            "the viewer needs a terminal; for text use `kibitzer show` or `kibitzer dump`"
        ));
    }
    for notice in &skipped {
        eprintln!("{}", kibitzer::cli::printable(notice));
    }
    let history = kibitzer::ui::filter_line::history_file();
    let mut app = App::new(catalog, title, theme)
        .configured(&preferences)
        .keeping_filters(history);
    if follow {
        app = app.following();
    }
    if let [only] = &skipped[..] {
        app.notice(only);
    } else if !skipped.is_empty() {
        app.notice(&format!("{} files skipped: not notation files", skipped.len()));
    }
    kibitzer::ui::terminal::run(&mut app).wrap_err("the terminal failed")?;
    Ok(ExitCode::SUCCESS)
}

/// Exit status of a start-up error, as `check` gives for a file unusable.
const FAILED: u8 = 2;

fn main() -> ExitCode {
    // Installed for the report kept for RUST_BACKTRACE=1; failing to install
    // it loses nothing else.
    let _ = color_eyre::install();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => return usage_error(&e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => failed(&e),
    }
}

/// Whether the user asked for backtraces.
fn backtrace_wanted() -> bool {
    std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0")
}

/// One plain line on stderr, or the full report when asked for.
fn failed(e: &color_eyre::Report) -> ExitCode {
    if let Some(fault) = e.downcast_ref::<FilterFault>() {
        eprintln!("{}", one_line(&fault.0));
    } else if let Some(config) = e.downcast_ref::<ConfigError>() {
        // As the readers' problems are told, for an editor to go to.
        eprintln!("{}", one_line(&config.to_string()));
    } else if backtrace_wanted() {
        eprintln!("{e:?}");
    } else {
        // A cause the message already quotes is not told twice.
        let mut text = String::new();
        for cause in e.chain().map(|c| c.to_string()) {
            if !text.contains(&cause) {
                text += &if text.is_empty() {
                    cause
                } else {
                    format!(": {cause}")
                };
            }
        }
        eprintln!("kibitzer: {}", one_line(&text));
    }
    ExitCode::from(FAILED)
}

/// Clap's first paragraph (what is wrong), without its usage and tips.
fn usage_error(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    let what: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let what = what.join(" ");
    eprintln!(
        "kibitzer: {}; see kibitzer --help",
        what.trim_start_matches("error: ")
    );
    ExitCode::from(FAILED)
}

/// `kibitzer convert`: JSON is `dump`'s; a notation is written by the
/// converter, to the file asked for or to standard output.
/// What `convert` was given beside the files and the output file.
struct ConvertArgs {
    to: String,
    quiet: bool,
    rotate: Option<kibitzer::cli::Rotation>,
}

fn convert(files: &[PathBuf], args: &ConvertArgs, file: Option<&Path>) -> color_eyre::Result<ExitCode> {
    let mut err = io::stderr();
    let mut out: Box<dyn Write> = match file {
        Some(path) => Box::new(BufWriter::new(
            std::fs::File::create(path).wrap_err_with(|| format!("can't write {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(io::stdout().lock())),
    };
    let status = if args.to.eq_ignore_ascii_case("json") {
        if args.rotate.is_some() {
            return Err(eyre!(
                "--rotate writes a notation; dump's JSON is the record as read"
            ));
        }
        kibitzer::cli::dump(files, None, &mut out, &mut err)
    } else {
        let to = args.to.parse().map_err(|e: String| eyre!(e))?;
        let options = kibitzer::cli::ConvertOptions {
            to,
            rotate: args.rotate,
            quiet: args.quiet,
        };
        kibitzer::cli::convert(files, &options, &mut out, &mut err)
    };
    ended(status.and_then(|s| out.flush().map(|_| s)))
}

/// `show --copy`: the deal to the clipboard with OSC 52, written to
/// standard output where it is a terminal, else to standard error where
/// that is one (so `show --copy pbn FILE | less` still copies); always
/// kept in a file too. What was done is said on standard error.
fn copy_shown(app: &App, format: kibitzer::ui::copy_format::CopyFormat) -> color_eyre::Result<()> {
    use kibitzer::ui::clipboard;
    let copied = kibitzer::ui::copy::copied(app, format).map_err(|e| eyre!(e))?;
    let (mut stdout, mut stderr) = (io::stdout(), io::stderr());
    let terminal: Option<&mut dyn Write> = if stdout.is_terminal() {
        Some(&mut stdout)
    } else if stderr.is_terminal() {
        Some(&mut stderr)
    } else {
        None
    };
    let said = clipboard::deliver(&copied, terminal, &clipboard::copies_folder());
    eprintln!("{said}");
    Ok(())
}

/// The manual: kibitzer's page, then a page for each command, in one
/// stream, since the first page names the others.
fn manual(out: &mut impl Write) -> io::Result<()> {
    let command = Cli::command();
    clap_mangen::Man::new(command.clone()).render(out)?;
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("kibitzer-{}", sub.get_name());
        clap_mangen::Man::new(sub.clone()).title(name).render(out)?;
    }
    Ok(())
}

/// Text on one line, its control characters shown rather than obeyed.
fn one_line(text: &str) -> String {
    kibitzer::cli::printable(&text.replace('\n', " "))
}

fn run(cli: Cli) -> color_eyre::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let setup = Setup {
        config: cli.config.clone(),
        no_config: cli.no_config,
        ascii: cli.ascii,
    };
    let status = match cli.command {
        None => return view(&cli.files, cli.follow, &setup),
        Some(
            command @ (Command::Check { .. }
            | Command::Dump { .. }
            | Command::Find { .. }
            | Command::Stats { .. }),
        ) => asked(command, &mut out, &mut err)?,
        Some(Command::Help { topic }) => help(topic.as_deref(), &mut out),
        Some(Command::Convert {
            files,
            to,
            out: file,
            quiet,
            rotate,
        }) => {
            let options = ConvertArgs { to, quiet, rotate };
            return convert(&files, &options, file.as_deref());
        }
        Some(Command::Completions { shell }) => {
            // Written whole to a buffer first: the generator panics on a
            // closed pipe, where `out` reports it.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "kibitzer", &mut script);
            out.write_all(&script).map(|_| 0)
        }
        Some(Command::Man) => manual(&mut out).map(|_| 0),
        Some(Command::Results { file, json }) => kibitzer::cli::results(&file, json, &mut out, &mut err),
        Some(Command::Show(args)) => return show(args, &setup),
    };
    ended(status.and_then(|s| out.flush().map(|_| s)))
}

/// The commands that read every record and may take a filter: `check`,
/// `dump`, `find` and `stats`.
fn asked(
    command: Command,
    out: &mut impl Write,
    err: &mut impl Write,
) -> color_eyre::Result<io::Result<i32>> {
    Ok(match command {
        Command::Check { files, filter: None } => kibitzer::cli::check(&files, out, err),
        Command::Check {
            files,
            filter: Some(filter),
        } => kibitzer::cli::check_where(&files, &parsed(&filter)?, out, err),
        Command::Dump {
            files,
            record,
            dd: true,
            ..
        } => kibitzer::cli::dump_dd(&files, record, out, err),
        Command::Dump {
            files,
            record,
            filter,
            ..
        } => {
            let filter = filter.as_deref().map(parsed).transpose()?;
            kibitzer::cli::dump_where(&files, record, filter.as_ref(), out, err).map(|(status, _)| status)
        }
        Command::Find {
            filter,
            files,
            count,
            json,
            solve,
        } => kibitzer::cli::find(
            &parsed(&filter)?,
            &files,
            kibitzer::cli::FindOptions { count, json, solve },
            out,
            err,
        ),
        Command::Stats {
            files,
            filter,
            frequency,
            average,
            solve,
            json,
        } => {
            let options = kibitzer::cli::StatsOptions {
                json,
                ..stats_options(filter, frequency, average, solve)?
            };
            kibitzer::cli::stats(&files, &options, out, err)
        }
        _ => unreachable!("run gives only these"),
    })
}

/// A filter from the command line; a mistake in it is told as `check`
/// tells a problem, the expression standing for the file.
fn parsed(text: &str) -> color_eyre::Result<Filter> {
    Filter::parse(text).map_err(|e| eyre!(FilterFault(format!("filter:1:{}: {}", e.column, e.message))))
}

/// What `stats` counts: the contracts, results and average score unless
/// told otherwise. A mistake in an expression is told as a filter's is.
fn stats_options(
    filter: Option<String>,
    mut frequency: Vec<String>,
    mut average: Vec<String>,
    solve: bool,
) -> color_eyre::Result<kibitzer::cli::StatsOptions> {
    use kibitzer::filter::{FilterError, Quantity};
    if frequency.is_empty() && average.is_empty() {
        frequency = vec!["contract".to_string(), "result".to_string()];
        average = vec!["score".to_string()];
    }
    let told = |e: FilterError| eyre!(FilterFault(format!("filter:1:{}: {}", e.column, e.message)));
    Ok(kibitzer::cli::StatsOptions {
        filter: filter.as_deref().map(parsed).transpose()?,
        frequencies: frequency
            .iter()
            .map(|f| Quantity::parse(f).map_err(told))
            .collect::<Result<_, _>>()?,
        averages: average
            .iter()
            .map(|a| Quantity::number(a).map_err(told))
            .collect::<Result<_, _>>()?,
        solve,
        json: false,
    })
}

/// A mistake in a filter, told on its own line without `kibitzer:`.
#[derive(Debug)]
struct FilterFault(String);

impl std::fmt::Display for FilterFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FilterFault {}

/// `kibitzer help [TOPIC]`: the filter language, a command's help, or
/// kibitzer's.
fn help(topic: Option<&str>, out: &mut impl Write) -> io::Result<kibitzer::cli::Status> {
    let mut command = Cli::command();
    match topic {
        Some("filter") => writeln!(out, "{}", kibitzer::filter::words::help())?,
        Some(name) => match command.find_subcommand_mut(name) {
            Some(sub) => write!(out, "{}", sub.render_long_help())?,
            None => {
                eprintln!(
                    "kibitzer: no help on `{}`; try filter or a command's name",
                    kibitzer::cli::printable(name)
                );
                return Ok(2);
            }
        },
        None => write!(out, "{}", command.render_long_help())?,
    }
    Ok(0)
}

/// `kibitzer show`: the deal view as text, and the copy asked for.
fn show(args: ShowArgs, setup: &Setup) -> color_eyre::Result<ExitCode> {
    use kibitzer::ui::layout::{MIN_HEIGHT, MIN_WIDTH, too_small};
    let (width, height) = (args.width, args.height);
    if too_small(ratatui::layout::Rect::new(0, 0, width, height)) {
        return Err(eyre!(
            "show needs at least {MIN_WIDTH}x{MIN_HEIGHT} to draw the deal view; {width}x{height} is too small"
        ));
    }
    let Loaded { catalog, title, .. } = load(&args.files)?;
    let (theme, preferences) = configured(setup)?;
    let options = kibitzer::cli::ShowOptions {
        record: args.record,
        filter: args.filter.as_deref().map(parsed).transpose()?,
        step: args.step,
        reveal: args.reveal,
        dd: args.dd,
        width,
        height,
        theme,
        preferences,
    };
    let app = kibitzer::cli::app_at(catalog, &title, &options).ok_or_else(|| match &args.filter {
        Some(_) => eyre!("there is no match {}", args.record),
        None => eyre!("there is no record {}", args.record),
    })?;
    let mut out = BufWriter::new(io::stdout().lock());
    let shown = kibitzer::cli::show(&app, width, height, &mut out).and_then(|_| out.flush());
    if let (Ok(()), Some(format)) = (&shown, args.copy) {
        copy_shown(&app, format)?;
    }
    ended(shown.map(|_| 0))
}

/// The exit code of a command that ran to its end.
fn ended(status: io::Result<kibitzer::cli::Status>) -> color_eyre::Result<ExitCode> {
    match status {
        Ok(s) => Ok(ExitCode::from(s as u8)),
        // A closed pipe (`kibitzer dump big.rbn | head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}
