//! What users of well-kept terminal tools expect: `--version`, completion
//! scripts that a shell loads and completes with, and a manual page that
//! `man` renders.

use crate::common;
use common::kibitzer;

use std::io::Write;
use std::process::{Command, Stdio};

fn found(program: &str) -> bool {
    let there = Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !there {
        eprintln!("skipped: {program} is not installed here");
    }
    there
}

#[test]
fn version_says_the_package_version() {
    let out = kibitzer(&["--version"]);
    assert!(out.status.success());
    let said = String::from_utf8(out.stdout).unwrap();
    assert_eq!(said, format!("kibitzer {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn every_shell_gets_a_completion_script() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = kibitzer(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.contains("convert"), "{shell} completes convert:\n{script}");
    }
}

#[test]
fn the_bash_script_loads_and_completes_a_command() {
    if !found("bash") {
        return;
    }
    let script = kibitzer(&["completions", "bash"]).stdout;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kibitzer.bash");
    std::fs::write(&path, script).unwrap();
    // Completing `kibitzer con`, as bash would on a tab.
    let probe = format!(
        "source {}; COMP_WORDS=(kibitzer con); COMP_CWORD=1; COMP_LINE='kibitzer con'; COMP_POINT=12; \
         _kibitzer kibitzer con kibitzer; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        path.display()
    );
    let out = Command::new("bash").args(["-c", &probe]).output().unwrap();
    let offered = String::from_utf8(out.stdout).unwrap();
    assert!(offered.lines().any(|l| l == "convert"), "offered: {offered:?}");
}

#[test]
fn the_manual_renders_with_man() {
    let page = kibitzer(&["man"]);
    assert!(page.status.success());
    let roff = String::from_utf8(page.stdout.clone()).unwrap();
    assert!(roff.starts_with(".ie"), "{}", &roff[..roff.len().min(200)]);
    assert!(roff.contains(".TH kibitzer-convert"), "a page for each command");
    if !found("man") {
        return;
    }
    let mut man = Command::new("man")
        .args(["-l", "-"])
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    man.stdin.take().unwrap().write_all(&page.stdout).unwrap();
    let out = man.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("SYNOPSIS"), "{text}");
    assert!(text.contains("--quiet"), "the convert page is there: {text}");
}
