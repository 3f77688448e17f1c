//! A file truncated and rewritten while `check` and `dump` read it: never
//! a crash (SIGBUS from the mapped pages), always a clear word when what
//! was read may be wrong.
#![cfg(unix)]

use std::os::unix::process::ExitStatusExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use kibitzer::model::SourceFormat;
use kibitzer::testing::generate::write_archive;

/// A PBN archive large enough to be mapped (over a megabyte) and to take a
/// while to read.
fn archive(name: &str, records: usize) -> (PathBuf, Vec<u8>) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-shrinking-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut text = Vec::new();
    write_archive(SourceFormat::Pbn, records, 7, &mut text).unwrap();
    assert!(text.len() > 1 << 20, "{name} is large enough to be mapped");
    (dir.join(name), text)
}

/// A small random-enough number generator: the moments differ every run.
struct Moments(u64);

impl Moments {
    fn next_below(&mut self, limit: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % limit.max(1)
    }
}

#[test]
fn check_survives_a_file_truncated_and_rewritten_under_it() {
    cut_while_reading("check", 8_000, 20);
}

/// dump reads every record in full, far slower: fewer, smaller rounds.
#[test]
fn dump_survives_a_file_truncated_and_rewritten_under_it() {
    cut_while_reading("dump", 2_500, 4);
}

/// Runs `command` over a file `rounds` times, cutting it short and writing
/// it again at a random moment of each run.
fn cut_while_reading(command: &str, records: usize, rounds: usize) {
    let (path, text) = archive(&format!("{command}.pbn"), records);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut moments = Moments(seed);
    let (mut told, mut runs) = (0, 0);
    for _ in 0..rounds {
        std::fs::write(&path, &text).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
            .args([command, path.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(moments.next_below(600)));
        // Cut somewhere, then write it all again, as a program saving over
        // the file does.
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_len(moments.next_below(text.len() as u64 / 2)).unwrap();
        std::thread::sleep(Duration::from_millis(moments.next_below(30)));
        std::fs::write(&path, &text).unwrap();
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.signal(),
            None,
            "{command} was killed (seed {seed}): {stderr}"
        );
        runs += 1;
        if stderr.contains(&format!(
            "{} changed while being read; read again",
            path.display()
        )) {
            assert_eq!(out.status.code(), Some(2), "{stderr}");
            told += 1;
        }
    }
    println!("{runs} runs, {told} told the file changed (seed {seed})");
    std::fs::remove_file(&path).unwrap();
}
