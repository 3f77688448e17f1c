//! The config file: every key does what it says, through the library and
//! the command line, and every mistake stops kibitzer with one line,
//! `FILE:LINE:COL: message`, naming the key.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use kibitzer::config::{Config, ThemeName};
use kibitzer::model::{Seat, Suit};
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::keys::Mode;
use ratatui::style::Color;

fn parsed(text: &str) -> Config {
    Config::parse(text, Path::new("config.toml")).unwrap_or_else(|e| panic!("{e}"))
}

/// The sample opened at its first deal, as the config sets it up.
fn opened(config: &Config) -> App {
    let theme = config.theme(false, false);
    let mut app = App::new(common::sample(), "sample", theme).configured(&config.preferences);
    app.resize(100, 30);
    app.update(Action::Open);
    app
}

#[test]
fn theme_four_colour_and_ascii_set_the_look() {
    let look = |text| parsed(text).theme(false, false);
    assert!(look("").color && !look("").light, "dark by default");
    assert_eq!(parsed("theme = \"dark\"").theme, Some(ThemeName::Dark));
    assert!(look("theme = \"light\"").light);
    assert!(!look("theme = \"monochrome\"").color);
    let four = look("four_colour = true");
    assert_eq!(four.suit_style(Suit::Clubs).fg, Some(Color::LightGreen));
    assert!(!look("four_colour = false").four_colour);
    assert!(look("ascii = true").ascii);
    assert!(!look("ascii = false").ascii);
    assert!(parsed("").theme(true, false).ascii, "--ascii without the file");
}

#[test]
fn seat_hcp_and_pace_set_up_the_viewer() {
    let app = opened(&parsed("seat = \"north\""));
    assert_eq!(app.deal().unwrap().seating().bottom(), Seat::North);
    let app = opened(&parsed("seat = \"West\""));
    assert_eq!(app.deal().unwrap().seating().bottom(), Seat::West);
    assert_eq!(
        opened(&parsed("")).deal().unwrap().seating().bottom(),
        Seat::South
    );
    let mut quiz = opened(&parsed("seat = \"north\""));
    quiz.update(Action::NextRecord);
    assert_eq!(
        quiz.deal().unwrap().seating().bottom(),
        Seat::West,
        "the lead quiz is seen from the leader's seat"
    );
    assert!(!opened(&parsed("hcp = false")).show_hcp());
    assert!(opened(&parsed("hcp = true")).show_hcp());
    assert_eq!(opened(&parsed("pace = 2")).pace(), Duration::from_secs(2));
    assert_eq!(opened(&parsed("pace = 0.2")).pace(), Duration::from_millis(200));
}

#[test]
fn a_key_moved_works_and_its_old_key_does_not() {
    let mut app = opened(&parsed(
        "[keys]\ncopy = \"C\"\nstep_forward = \"Space\"\nauto_play = \"A\"\n",
    ));
    let press = |app: &mut App, code| app.key(KeyEvent::new(code, KeyModifiers::NONE));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.mode(), &Mode::Normal);
    press(&mut app, KeyCode::Char('C'));
    assert_eq!(app.mode(), &Mode::Copy);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char(' '));
    assert_eq!(app.deal().unwrap().stop().cards, 1, "Space steps now");
    press(&mut app, KeyCode::Right);
    assert_eq!(app.deal().unwrap().stop().cards, 1, "→ went with the move");
}

/// The help shows a key where the config moved it.
#[test]
fn the_help_shows_the_keys_moved() {
    let mut app = opened(&parsed("[keys]\ncopy = \"C\"\nfaster = \"F\"\n"));
    app.update(Action::Help);
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    kibitzer::ui::view::render(&app.scene(), area, &mut buf);
    let help = kibitzer::cli::buffer_text(&buf);
    assert!(help.contains("  C          copy the deal or diagram │"), "{help}");
    assert!(help.contains(" a Space F - auto-play; faster, slowe"), "{help}");
}

/// A scratch config file holding `text`.
fn config_file(test: &str, text: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{test}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

/// `show` with the config file `text`: its status and standard error.
fn show_with(test: &str, text: &str) -> (Option<i32>, String, String) {
    let path = config_file(test, text);
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sample.rbn");
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["show", "--width", "80", "--height", "24", "--config"])
        .arg(&path)
        .arg(&sample)
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let shown = err.replace(&path.display().to_string(), "FILE");
    (out.status.code(), shown, String::from_utf8(out.stdout).unwrap())
}

#[test]
fn the_command_line_reads_the_file_named() {
    let text = "theme = \"monochrome\"\nfour_colour = true\nascii = true\nseat = \"east\"\nhcp = false\npace = 0.5\n\n[keys]\ncopy = \"C\"\n";
    let (status, err, screen) = show_with("good", text);
    assert_eq!((status, err.as_str()), (Some(0), ""));
    assert!(
        screen.contains("S A8765") && !screen.contains('♠'),
        "ASCII suits:\n{screen}"
    );
    let lines: Vec<&str> = screen.lines().collect();
    let label = lines[2].split('┌').next().unwrap().trim_end();
    assert!(label.ends_with("West (D) Helen Shanbrom"), "no HCP:\n{screen}");
    assert!(
        lines[12].trim_start().starts_with(">East"),
        "East at the bottom:\n{screen}"
    );
}

#[test]
fn every_mistake_is_one_line_naming_the_key() {
    let cases = [
        (
            "syntax",
            "theme = \n",
            "FILE:1:9: theme: string values must be quoted, expected literal string",
        ),
        (
            "type",
            "hcp = \"yes\"\n",
            "FILE:1:7: hcp: invalid type: string \"yes\", expected a boolean",
        ),
        (
            "unknown",
            "\ncolour = 1\n",
            "FILE:2:1: unknown key `colour`, expected one of `theme`, `four_colour`, `ascii`, `seat`, `hcp`, `pace`, `keys`",
        ),
        (
            "theme",
            "theme = \"blue\"\n",
            "FILE:1:9: theme: `blue` is not a theme (dark, light or monochrome)",
        ),
        (
            "four",
            "four_colour = 4\n",
            "FILE:1:15: four_colour: invalid type: integer `4`, expected a boolean",
        ),
        (
            "ascii",
            "ascii = \"no\"\n",
            "FILE:1:9: ascii: invalid type: string \"no\", expected a boolean",
        ),
        (
            "seattype",
            "seat = 1\n",
            "FILE:1:8: seat: invalid type: integer `1`, expected a string",
        ),
        (
            "themetype",
            "theme = true\n",
            "FILE:1:9: theme: invalid type: boolean `true`, expected a string",
        ),
        (
            "seat",
            "seat = \"up\"\n",
            "FILE:1:8: seat: `up` is not a seat (north, east, south or west)",
        ),
        (
            "pace",
            "pace = 0.7\n",
            "FILE:1:8: pace: 0.7 is not one of auto-play's paces (0.2, 0.3, 0.5, 0.8, 1.2, 2, 3 seconds a step)",
        ),
        (
            "pacetype",
            "pace = \"slow\"\n",
            "FILE:1:8: pace: invalid type: string \"slow\", expected f64",
        ),
        (
            "keystable",
            "keys = 1\n",
            "FILE:1:8: keys: invalid type: integer `1`, expected a map",
        ),
        (
            "action",
            "[keys]\nbogus = \"x\"\n",
            "FILE:2:1: keys.bogus: `bogus` is not an action of the key table (see `kibitzer --help` or the README)",
        ),
        (
            "keytype",
            "[keys]\ncopy = 3\n",
            "FILE:2:8: keys.copy: invalid type: integer `3`, expected a string",
        ),
        (
            "keytext",
            "[keys]\ncopy = \"xy\"\n",
            "FILE:2:1: keys.copy: `xy` is not a key: write a character, or Space, Enter, Esc, Tab, Up, Down, Left, Right, PgUp, PgDn, Home or End, after Ctrl- or Shift- if need be",
        ),
        (
            "table",
            "[keys]\ncopy = \"t\"\n",
            "FILE:2:1: keys.copy: key `t` is bound twice: to copy and to other_table",
        ),
        (
            "twice",
            "[keys]\ncopy = \"C\"\nsit = \"C\"\n",
            "FILE:3:1: keys.sit: key `C` is bound twice: to sit and to copy",
        ),
    ];
    for (test, text, said) in cases {
        let (status, err, screen) = show_with(test, text);
        assert_eq!(status, Some(2), "{test}");
        assert_eq!(err, format!("{said}\n"), "{test}");
        assert!(screen.is_empty(), "{test}: nothing drawn");
    }
}

#[test]
fn no_config_starts_with_the_defaults_and_a_missing_file_named_is_an_error() {
    let bad = config_file("bad", "theme = \"blue\"\n");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sample.rbn");
    let run = |args: &[&std::ffi::OsStr]| {
        let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .arg("show")
            .args(args)
            .arg(&sample)
            .env("XDG_CONFIG_HOME", bad.parent().unwrap().join("none"))
            .env_remove("RUST_BACKTRACE")
            .output()
            .unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    assert_eq!(run(&["--no-config".as_ref()]), (Some(0), String::new()));
    assert_eq!(run(&[]), (Some(0), String::new()), "no file in the config folder");
    let missing = bad.with_file_name("missing.toml");
    let (status, err) = run(&["--config".as_ref(), missing.as_os_str()]);
    assert_eq!(status, Some(2));
    assert!(
        err.starts_with(&format!("{}:1:1: can't read the config file", missing.display())),
        "{err}"
    );
    let (status, err) = run(&["--config".as_ref(), bad.as_os_str(), "--no-config".as_ref()]);
    assert_eq!(status, Some(2));
    assert!(err.contains("cannot be used with"), "{err}");
}

/// The config folder's file is read when none is named.
#[test]
fn the_file_in_the_config_folder_is_read() {
    let path = config_file("folder", "");
    let folder = path.parent().unwrap().join("xdg");
    std::fs::create_dir_all(folder.join("kibitzer")).unwrap();
    std::fs::write(folder.join("kibitzer/config.toml"), "seat = \"sideways\"\n").unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sample.rbn");
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("show")
        .arg(&sample)
        .env("XDG_CONFIG_HOME", &folder)
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    let file = folder.join("kibitzer/config.toml");
    assert_eq!(
        err,
        format!(
            "{}:1:8: seat: `sideways` is not a seat (north, east, south or west)\n",
            file.display()
        )
    );
}

/// The README's example config reads, and says what it shows.
#[test]
fn the_readmes_example_reads() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let section = readme.split("### Config").nth(1).expect("a Config section");
    let example = section
        .split("```toml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let config = parsed(example);
    assert_eq!(config.theme, Some(ThemeName::Dark));
    assert_eq!(config.preferences.seat, Seat::South);
    assert_eq!(
        config.preferences.keys.moved_key(Action::ChooseCopy).as_deref(),
        Some("C")
    );
}

proptest::proptest! {
    /// Any text, made mostly of the config's own words and signs, is read
    /// or refused with one line placed in it (the fuzz target's check).
    #[test]
    fn any_text_is_read_or_refused_in_one_line(
        text in "(theme|seat|pace|hcp|keys|copy|sit|\\[keys\\]|[=\"\\n .0-9a-zA-Z-]|true|north|Space|Ctrl-){0,40}"
    ) {
        kibitzer::testing::fuzz::config(text.as_bytes());
    }
}
