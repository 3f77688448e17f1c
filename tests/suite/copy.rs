//! `kibitzer show --copy`: with no terminal on standard output or error
//! (as here), the copy is kept in its file and the file is named.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name)
}

/// `show --copy` with its cache folder in a scratch folder of its own.
fn show_copy(test: &str, file: &Path, args: &[&str]) -> (Output, PathBuf) {
    let cache = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-copy-{}-{test}", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .arg("show")
        .arg(file)
        .args(args)
        .env("XDG_CACHE_HOME", &cache)
        .env_remove("RUST_BACKTRACE")
        .output()
        .unwrap();
    (out, cache.join("kibitzer"))
}

#[test]
fn without_a_terminal_the_copy_is_kept_in_a_file_named_on_standard_error() {
    let (out, kept) = show_copy("lin", &asset("sample.rbn"), &["--record", "3", "--copy", "lin"]);
    assert!(out.status.success());
    let said = String::from_utf8(out.stderr).unwrap();
    let path = kept.join("deal.lin");
    let lin = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        said,
        format!("deal as LIN ({} B) is in {}\n", lin.len(), path.display())
    );
    assert!(lin.contains("|md|") && lin.ends_with("|\n"), "{lin}");
    let screen = String::from_utf8(out.stdout).unwrap();
    assert!(
        screen.contains("record 3 of 8"),
        "the screen is shown as ever:\n{screen}"
    );
    assert!(!screen.contains('\u{1b}'), "no OSC 52 where there is no terminal");
}

#[test]
fn a_link_a_diagram_and_a_preferans_deal() {
    let (out, kept) = show_copy("link", &asset("sample.rbn"), &["--copy", "link"]);
    assert!(out.status.success());
    let link = std::fs::read_to_string(kept.join("link.url")).unwrap();
    assert!(
        link.starts_with("https://www.bridgebase.com/tools/handviewer.html?lin=pn%7C"),
        "{link}"
    );
    let preferans = asset("preferans.ppn");
    let (out, kept) = show_copy(
        "pref",
        &preferans,
        &["--copy", "diagram", "--width", "80", "--height", "24"],
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let diagram = std::fs::read_to_string(kept.join("diagram.txt")).unwrap();
    assert!(diagram.contains("Player 1 (D) ana"), "{diagram}");
    let margin = |l: &str| l.len() - l.trim_start().len();
    assert_eq!(
        diagram.lines().map(margin).min(),
        Some(0),
        "no margin kept:\n{diagram}"
    );
    assert!(
        !diagram.starts_with('\n') && !diagram.ends_with("\n\n"),
        "{diagram}"
    );
    let (out, _) = show_copy("prefpbn", &preferans, &["--copy", "pbn"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        said,
        "kibitzer: record 1 is not a bridge deal but preferans; PBN holds only bridge\n"
    );
}

#[test]
fn an_unknown_form_is_refused_naming_the_forms() {
    let (out, _) = show_copy("json", &asset("sample.rbn"), &["--copy", "json"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(
        said.contains("`json` is not a form to copy (pbn, rbn, lin, link or diagram)"),
        "{said}"
    );
}
