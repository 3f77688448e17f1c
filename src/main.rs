use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A viewer and replayer for card-game records (RBN, RBX).
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Check files and print every problem as FILE:LINE:COL: message.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print records as JSON, one object per line.
    Dump {
        file: PathBuf,
        /// Only this record (1-based).
        #[arg(long)]
        record: Option<usize>,
    },
}

fn main() -> color_eyre::Result<ExitCode> {
    color_eyre::install()?;
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let status = match cli.command {
        Some(Command::Check { files }) => kibitzer::cli::check(&files, &mut out, &mut err),
        Some(Command::Dump { file, record }) => kibitzer::cli::dump(&file, record, &mut out, &mut err),
        // The full-screen viewer opens here once it is built; until then the
        // bundled sample is listed so that `cargo run` shows something real.
        None => kibitzer::cli::list_sample(&mut out).map(|_| 0),
    };
    let status = status.and_then(|s| out.flush().map(|_| s));
    match status {
        Ok(s) => Ok(ExitCode::from(s as u8)),
        // A closed pipe (`kibitzer dump big.rbn | head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
    }
}
