//! Every reader is linear in its input: 5 MB of boards written on one line
//! read within five times the time of the same boards a line (a blank line
//! between PBN games) each. Counting each column from the line's start,
//! or looking back to it for every game, made one line of PBN take minutes
//! per megabyte. The two are timed against each other, on the same
//! machine in the same run, so the test holds on a slow machine too.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use kibitzer::archive::Archive;

const SIZE: usize = 5 << 20;

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-one-line-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The records read and the time taken, the better of two runs.
fn read(path: &Path) -> (usize, Duration) {
    let once = || {
        let start = Instant::now();
        let archive = Archive::open(path).unwrap();
        let count = archive.records().count();
        (count, start.elapsed())
    };
    let (count, first) = once();
    let (_, second) = once();
    (count, first.min(second))
}

/// Boards of about `SIZE` bytes in all.
fn boards(board: impl Fn(usize) -> String) -> Vec<String> {
    let mut size = 0;
    (1..)
        .map(board)
        .take_while(|b| {
            size += b.len();
            size < SIZE
        })
        .collect()
}

fn linear(name: &str, boards: &[String], apart: &str) {
    let (one, one_time) = read(&temp_file(&format!("{name}-one"), &boards.concat()));
    let (each, each_time) = read(&temp_file(&format!("{name}-each"), &boards.join(apart)));
    assert_eq!(one, boards.len(), "{name}: every board on the one line is read");
    assert_eq!(each, boards.len());
    assert!(
        one_time < each_time * 5,
        "{name}: one line took {one_time:?}, a board a line {each_time:?}"
    );
}

#[test]
fn five_megabytes_of_lin_on_one_line_read_in_linear_time() {
    let boards = boards(|n| {
        format!(
            "pn|Ann,Bo,Cy,Di|st||md|3SAKQHAKQDAKQCAKQJ,S2345H2345D234C23,S6789H6789D5678C4,|\
             sv|o|ah|Board {n}|mb|1C!|an|strong|mb|p|mb|2N|mb|p|mb|7N|mb|p|mb|p|mb|p|\
             pc|S2|pc|S6|pc|ST|pc|SA|mc|13|pg||"
        )
    });
    linear("lin", &boards, "\n");
}

#[test]
fn five_megabytes_of_pbn_on_one_line_read_in_linear_time() {
    let boards = boards(|n| {
        format!(
            "[Event \"Club\"][Board \"{n}\"][Dealer \"N\"][Vulnerable \"None\"]\
             [Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T98.T9 6.J6.J76.J876432\"]\
             [Declarer \"S\"][Contract \"3NT\"][Result \"9\"]"
        )
    });
    linear("pbn", &boards, "\n\n");
}

/// Games may give any number of tags, each of a name no game gave
/// before: each name is told from the names before it at once, not by
/// comparing it with every one of them, in one game or over a file.
#[test]
fn pbn_tags_of_thousands_of_names_read_in_linear_time() {
    let tag = |name: String| format!("[{name} \"value\"]\n");
    let games = |name: &dyn Fn(usize, usize) -> String| -> String {
        let game = |g: usize| {
            format!("[Board \"{}\"]\n", g + 1) + &(0..8).map(|k| tag(name(g, k))).collect::<String>()
        };
        (0..5_000).map(game).collect::<Vec<_>>().join("\n")
    };
    let same = games(&|_, k| format!("Field{k}"));
    let new = games(&|g, k| format!("Field{g}x{k}"));
    let one = format!(
        "[Board \"1\"]\n{}",
        (0..40_000).map(|n| tag(format!("Field{n}"))).collect::<String>()
    );
    let (_, same_time) = read(&temp_file("tags-same", &same));
    let (count, new_time) = read(&temp_file("tags-new", &new));
    let (one_count, one_time) = read(&temp_file("tags-one", &one));
    assert_eq!((count, one_count), (5_000, 1));
    for (what, time) in [
        ("games of new names", new_time),
        ("one game of them all", one_time),
    ] {
        assert!(
            time < same_time * 5,
            "{what} took {time:?}, games of the same names {same_time:?}"
        );
    }
}
