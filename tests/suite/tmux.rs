//! The viewer in a real terminal (tmux): standard input piped in with keys
//! still read, files growing and rewritten under it, and the terminal given
//! back however it ends. Skipped, saying so, where tmux is absent.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use kibitzer::model::SourceFormat;
use kibitzer::testing::generate::write_archive;

/// A tmux session running one command, killed when dropped. Each pane has
/// a server of its own: panes sharing one server raced, as a pane killed
/// as the last session stopped the server under another pane's
/// `new-session`, which then never ran.
struct Pane {
    name: String,
    socket: PathBuf,
}

fn have_tmux() -> bool {
    let there = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !there {
        println!("tmux is not installed: skipping");
    }
    there
}

/// After the viewer ends, the shell says how, and whether the terminal
/// echoes and edits lines again.
const AFTER: &str =
    "echo EXITED $?; stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(echo|icanon)$' | tr '\\n' ' '; echo; sleep 60";

impl Pane {
    fn start(test: &str, command: &str) -> Pane {
        let name = format!("kibitzer-{}-{test}", std::process::id());
        let script = format!("{command}; {AFTER}");
        let socket = scratch(&format!("{test}.socket"));
        let pane = Pane { name, socket };
        let out = pane.tmux_output(&[
            "new-session",
            "-d",
            "-s",
            &pane.name,
            "-x",
            "120",
            "-y",
            "30",
            "sh",
            "-c",
            &script,
        ]);
        assert!(
            out.status.success(),
            "tmux new-session failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        pane
    }

    fn tmux_output(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-f", "/dev/null", "-S"])
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn tmux(&self, args: &[&str]) -> String {
        String::from_utf8_lossy(&self.tmux_output(args).stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", &self.name])
    }

    /// The screen with the lines scrolled off above it: a panic's report
    /// begins with its message, which a long backtrace pushes off screen.
    fn history(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-S", "-", "-t", &self.name])
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.tmux(&["send-keys", "-t", &self.name, key]);
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    /// Waits (at most 20 s) for the screen to show `text`.
    fn wait_for(&self, text: &str) -> String {
        self.wait_for_any(&[text])
    }

    /// Waits (at most 20 s) for the screen to show one of `texts`.
    fn wait_for_any(&self, texts: &[&str]) -> String {
        let until = Instant::now() + Duration::from_secs(20);
        loop {
            let screen = self.screen();
            if texts.iter().any(|t| screen.contains(t)) {
                return screen;
            }
            assert!(
                Instant::now() < until,
                "waited for {texts:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The viewer's process (the shell's child).
    fn viewer_pid(&self) -> String {
        let shell = self.tmux(&["display-message", "-p", "-t", &self.name, "#{pane_pid}"]);
        let shell = shell.trim();
        let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).unwrap();
        children
            .split_whitespace()
            .next()
            .expect("the viewer runs")
            .to_string()
    }

    /// Waits for the viewer to end with `status`, and checks the terminal
    /// is as it was.
    fn ended(&self, status: i32) {
        let screen = self.wait_for("EXITED");
        assert!(screen.contains(&format!("EXITED {status}")), "{screen}");
        let modes = self.wait_for("icanon");
        assert!(!modes.contains("-echo") && !modes.contains("-icanon"), "{modes}");
    }
}

impl Drop for Pane {
    /// The server is the pane's own, so this ends nothing else.
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_file(&self.socket);
    }
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_kibitzer")
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sample.rbn")
}

/// A file in the test's folder, in the system's temp folder rather than
/// cargo's: the footer shows a copy's path, which must fit in the pane.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kibitzer-tmux-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The sample's first `records` records (blank lines end them).
fn first_records(records: usize) -> (String, String) {
    let text = std::fs::read_to_string(sample()).unwrap();
    let head: Vec<&str> = text.split("\n\n").collect();
    let cut = head[..records].join("\n\n") + "\n\n";
    let rest = text[cut.len()..].to_string();
    (cut, rest)
}

#[test]
fn a_file_piped_in_is_shown_and_keys_still_step() {
    if !have_tmux() {
        return;
    }
    let command = format!("cat {} | {} -", sample().display(), bin());
    let pane = Pane::start("stdin", &command);
    pane.wait_for("8 records");
    pane.keys(&["Down", "Enter"]);
    pane.wait_for("record 2 of 8");
    pane.keys(&["Escape", "q"]);
    pane.ended(0);
}

#[test]
fn records_appended_to_an_open_file_appear_with_a_word() {
    if !have_tmux() {
        return;
    }
    let path = scratch("appended.rbn");
    let (head, rest) = first_records(2);
    std::fs::write(&path, &head).unwrap();
    let pane = Pane::start("append", &format!("{} {}", bin(), path.display()));
    pane.wait_for(" 2 records");
    let mut file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
    std::io::Write::write_all(&mut file, rest.as_bytes()).unwrap();
    drop(file);
    let screen = pane.wait_for("new records in appended.rbn");
    assert!(screen.contains(" 8 records"), "{screen}");
    assert!(screen.contains("Quiz 5"), "{screen}");
    // Cut back: read again, the cursor kept within the records.
    std::fs::write(&path, &head).unwrap();
    pane.wait_for("appended.rbn changed; read again");
    pane.keys(&["q"]);
    pane.ended(0);
}

#[test]
fn follow_keeps_the_open_deal_on_the_newest_record() {
    if !have_tmux() {
        return;
    }
    let path = scratch("followed.rbn");
    let (head, rest) = first_records(2);
    std::fs::write(&path, &head).unwrap();
    let pane = Pane::start("follow", &format!("{} --follow {}", bin(), path.display()));
    pane.wait_for(" 2 records");
    pane.keys(&["Enter"]);
    pane.wait_for("record 2 of 2");
    let mut file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
    std::io::Write::write_all(&mut file, rest.as_bytes()).unwrap();
    drop(file);
    pane.wait_for("record 8 of 8");
    pane.keys(&["q"]);
    pane.ended(0);
}

#[test]
fn signals_end_the_viewer_with_the_terminal_given_back() {
    if !have_tmux() {
        return;
    }
    for (signal, status) in [
        ("TERM", 143),
        ("HUP", 129),
        ("INT", 130),
        ("SEGV", 139),
        ("BUS", 135),
    ] {
        let pane = Pane::start(
            &format!("signal-{signal}"),
            &format!("{} {}", bin(), sample().display()),
        );
        pane.wait_for("8 records");
        let pid = pane.viewer_pid();
        Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .unwrap();
        pane.ended(status);
    }
}

/// A large file (mapped, not read) cut short and written again at random
/// moments while the viewer reads it and keys move about: the viewer keeps
/// going, says the file changed, and gives the terminal back at the end.
#[test]
fn the_viewer_survives_its_file_cut_and_rewritten_many_times() {
    if !have_tmux() {
        return;
    }
    let path = scratch("cut.pbn");
    let mut text = Vec::new();
    write_archive(SourceFormat::Pbn, 6_000, 3, &mut text).unwrap();
    std::fs::write(&path, &text).unwrap();
    // What the viewer says on stderr (a panic's report) is kept apart:
    // drawn into the pane, the next screen would cover it.
    let stderr = scratch("cut-stderr.txt");
    let said = || std::fs::read_to_string(&stderr).unwrap_or_default();
    let command = format!("{} {} 2>{}", bin(), path.display(), stderr.display());
    let pane = Pane::start("cut", &command);
    pane.wait_for("6,000 records");
    let mut state = std::process::id() as u64;
    let mut next = |limit: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % limit
    };
    for round in 0..30 {
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_len(next(text.len() as u64)).unwrap();
        pane.keys(&[["End", "Home", "PageDown", "Enter", "Escape"][round % 5]]);
        std::thread::sleep(Duration::from_millis(next(400)));
        std::fs::write(&path, &text).unwrap();
        std::thread::sleep(Duration::from_millis(next(400)));
        if pane.screen().contains("EXITED") {
            panic!("the viewer ended:\n{}\nsaying:\n{}", pane.history(), said());
        }
    }
    // Once more with no key to clear the word before it is seen: cut
    // (read again) or, if the watch saw only the cut, grown back.
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    std::fs::write(&path, &text).unwrap();
    pane.wait_for_any(&["cut.pbn changed; read again", "new records in cut.pbn"]);
    pane.wait_for("6,000 records");
    pane.keys(&["Escape", "q"]);
    assert_eq!(said(), "", "the viewer spoke on stderr");
    pane.ended(0);
}

#[test]
fn q_quits_while_a_big_one_line_file_is_still_being_read() {
    if !have_tmux() {
        return;
    }
    // About 40 MB of LIN on one line: many seconds to read in a debug
    // build, so `q` comes while the reading goes on.
    let board = "pn|Ann,Bo,Cy,Di|st||md|3SAKQHAKQDAKQCAKQJ,S2345H2345D234C23,S6789H6789D5678C4,|\
                 sv|o|ah|Board 1|mb|1C|mb|p|mb|7N|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|13|pg||";
    let path = scratch("big-one-line.lin");
    std::fs::write(&path, board.repeat((40 << 20) / board.len())).unwrap();
    let pane = Pane::start("big", &format!("{} {}", bin(), path.display()));
    pane.wait_for("big-one-line.lin… ");
    pane.keys(&["q"]);
    // Ended within wait_for's 20 s, the file not yet read: the viewer
    // never drew its list.
    let screen = pane.wait_for("EXITED");
    assert!(!screen.contains("records"), "{screen}");
    pane.ended(0);
    std::fs::remove_file(&path).unwrap();
}

/// What `show --copy FORMAT` keeps in its file for the sample's first
/// record, with no terminal to copy to (the test's pipes).
fn kept_copy(format: &str, file: &str) -> String {
    let cache = scratch(&format!("cache-{format}"));
    let out = Command::new(bin())
        .args(["show", "--copy", format])
        .arg(sample())
        .env("XDG_CACHE_HOME", &cache)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(cache.join("kibitzer").join(file)).unwrap()
}

/// kibitzer with `args` in a pane whose tmux has `set-clipboard on`
/// (the command waits for it, asking its own server) and whose cache
/// folder is the test's own.
fn clipboard_pane(test: &str, args: &str) -> Pane {
    let cache = scratch(&format!("cache-{test}"));
    let wait = "until [ \"$(tmux show-options -gv set-clipboard)\" = on ]; do sleep 0.1; done";
    let command = format!("{wait}; XDG_CACHE_HOME={} {} {args}", cache.display(), bin());
    let pane = Pane::start(test, &command);
    pane.tmux(&["set-option", "-g", "set-clipboard", "on"]);
    pane
}

/// `y` then a letter sends OSC 52, which tmux (`set-clipboard on`) takes
/// into its paste buffer: the buffer is the text copied, and the footer
/// says what was.
#[test]
fn y_copies_the_deal_into_tmuxs_buffer_with_osc_52() {
    if !have_tmux() {
        return;
    }
    let pane = clipboard_pane("copy", &sample().display().to_string());
    pane.wait_for("8 records");
    pane.keys(&["Enter", "y"]);
    pane.wait_for("Copy: p PBN");
    pane.keys(&["l"]);
    let screen = pane.wait_for("copied deal as LIN");
    assert!(screen.contains("deal.lin"), "{screen}");
    let lin = kept_copy("lin", "deal.lin");
    assert!(lin.starts_with("pn|"), "{lin}");
    assert_eq!(pane.tmux(&["save-buffer", "-"]), lin);
    pane.keys(&["y", "d"]);
    pane.wait_for("copied diagram");
    let diagram = pane.tmux(&["save-buffer", "-"]);
    assert!(diagram.contains("♠ "), "{diagram}");
    let kept = scratch("cache-copy").join("kibitzer/diagram.txt");
    assert_eq!(diagram, std::fs::read_to_string(kept).unwrap());
    pane.keys(&["Escape", "q"]);
    pane.ended(0);
}

/// `show --copy` with standard output sent elsewhere copies through
/// standard error's terminal.
#[test]
fn show_copy_reaches_the_clipboard_through_standard_error() {
    if !have_tmux() {
        return;
    }
    let args = format!("show --copy pbn {} > /dev/null", sample().display());
    let pane = clipboard_pane("showcopy", &args);
    pane.ended(0);
    let screen = pane.screen();
    assert!(screen.contains("copied deal as PBN"), "{screen}");
    assert_eq!(pane.tmux(&["save-buffer", "-"]), kept_copy("pbn", "deal.pbn"));
}

#[test]
fn a_filter_typed_shows_its_count_and_a_match_opens() {
    if !have_tmux() {
        return;
    }
    // The filters used are kept in a data folder of the test's own.
    let data = scratch("filter-data");
    let pairs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairs10.pbn");
    let command = format!("XDG_DATA_HOME={} {} {}", data.display(), bin(), pairs.display());
    let pane = Pane::start("filter", &command);
    pane.wait_for("30 records");
    pane.keys(&["&", "contract == 3NT and result < 0"]);
    let screen = pane.wait_for("2 of 30");
    assert!(screen.contains("& contract == 3NT and result < 0"), "{screen}");
    assert!(
        !screen.contains("Ada-Ben"),
        "only the matches are listed:\n{screen}"
    );
    pane.keys(&["Enter", "Down", "Enter"]);
    pane.wait_for("Board 2");
    pane.wait_for("record 18 of 30");
    pane.keys(&["Escape", "q"]);
    pane.ended(0);
    let kept = std::fs::read_to_string(data.join("kibitzer/filters")).unwrap();
    assert_eq!(kept, "contract == 3NT and result < 0\n");
}
