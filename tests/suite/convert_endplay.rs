//! A differential test against endplay's PBN and LIN readers over what
//! `kibitzer convert` writes: every corpus bridge file is converted here to
//! PBN and to LIN, exactly as `convert` writes it, and kibitzer's reading of
//! the written file is compared, board by board, with what endplay 0.5.12
//! read from the same file (hands, dealer, vulnerability, auction, play).
//! endplay cannot be installed at test time, so what it read is a fixture,
//! written by `scripts/convert-vs-endplay.py --fixture`; it keeps at most
//! twelve boards of each written file (the script compares them all, see
//! scripts/convert-vs-endplay.expected).
//!
//! Where endplay fails on a written file, the failure must be one of its
//! known limits, each shown to hold in the written text: what kibitzer
//! writes there is what PBN 2.1 or BBO's LIN says, and endplay does not
//! read it.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kibitzer::archive::{Archive, read_checked};
use kibitzer::notation::convert::{Target, Writer};
use serde_json::Value;

/// A failure of endplay's on a file kibitzer wrote: the start of its error,
/// the notation, why the fault is endplay's, and what in the written text
/// shows it.
struct Limit {
    error: &'static str,
    target: Target,
    why: &'static str,
    holds: fn(&str) -> bool,
}

const ENDPLAY_LIMITS: &[Limit] = &[
    Limit {
        error: "ValueError: Could not convert { into a Denom object",
        target: Target::Pbn,
        why: "a comment in the play section, after the card it is about (PBN 3.9: a comment refers to \
              the card before it; a LIN claim or note read there is one); endplay takes every token \
              of the section for a card",
        holds: |text| in_section(text, "Play", |token| token.starts_with('{')),
    },
    Limit {
        error: "ValueError: invalid literal for int() with base 10: '{'",
        target: Target::Pbn,
        why: "a comment in the auction section, after the call it is about (PBN 3.9); endplay takes \
              every token of the section for a call",
        holds: |text| in_section(text, "Auction", |token| token.starts_with('{')),
    },
    Limit {
        error: "ValueError: invalid literal for int() with base 10: '$'",
        target: Target::Pbn,
        why: "a NAG after a call: export format writes a call's `!` or `?` as $1-$6 (PBN 3.5.2, 3.7); \
              endplay knows neither",
        holds: |text| in_section(text, "Auction", |token| token.starts_with('$')),
    },
    Limit {
        error: "ValueError: Could not convert $ into a Denom object",
        target: Target::Pbn,
        why: "a NAG after a card ($7-$12, PBN 3.6.2, 3.7); endplay knows none",
        holds: |text| in_section(text, "Play", |token| token.starts_with('$')),
    },
    Limit {
        error: "ValueError: invalid literal for int() with base 10: 'A'",
        target: Target::Pbn,
        why: "BridgeComposer's `AC` (any call), which the source quiz used for the calls around the \
              question, written as the source had it; endplay knows only PBN 2.1's calls",
        holds: |text| in_section(text, "Auction", |token| token == "AC"),
    },
    Limit {
        error: "IndexError: list index out of range",
        target: Target::Lin,
        why: "commentary (`nt`) before the first call: endplay takes every `nt` for the explanation \
              of the call before it",
        holds: |text| {
            text.lines()
                .any(|line| line.find("nt|") < Some(line.find("mb|").unwrap_or(line.len())))
        },
    },
    Limit {
        error: "AttributeError: 'NoneType' object has no attribute 'suit'",
        target: Target::Lin,
        why: "the play stops within a trick with no claim, as the source has it; endplay's trick count \
              fails on the unfinished trick",
        holds: |text| {
            text.lines()
                .any(|line| !line.matches("pc|").count().is_multiple_of(4) && !line.contains("mc|"))
        },
    },
];

/// Whether a token of a section (`[Play ...]` up to the next tag or blank
/// line) answers `wanted`.
fn in_section(text: &str, section: &str, wanted: impl Fn(&str) -> bool) -> bool {
    let opening = format!("[{section} ");
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with('[') || line.is_empty() {
            inside = line.starts_with(&opening);
        } else if inside && line.split_whitespace().any(&wanted) {
            return true;
        }
    }
    false
}

/// Every corpus bridge file, named from the corpus as the fixture names it.
fn bridge_files(corpus: &Path) -> BTreeMap<String, PathBuf> {
    let mut files = Vec::new();
    for dir in ["pbn", "rbn", "lin"] {
        common::every_file(&corpus.join(dir), &mut files);
    }
    let bridge = |p: &PathBuf| {
        p.extension()
            .is_some_and(|e| ["pbn", "rbn", "lin"].iter().any(|x| e.eq_ignore_ascii_case(x)))
    };
    files
        .into_iter()
        .filter(bridge)
        .map(|p| (p.strip_prefix(corpus).unwrap().display().to_string(), p))
        .collect()
}

/// The file as `kibitzer convert --to TARGET` writes it.
fn written(path: &Path, target: Target) -> String {
    let archive = Archive::open(path).expect("opens");
    let mut writer = Writer::new(target);
    let mut text = String::new();
    writer.start(&mut text);
    for r in read_checked(&archive.bytes, archive.format) {
        // A record the target refuses is left out, as convert leaves it.
        let _ = writer.record(&r, &mut text);
    }
    writer.finish(&mut text);
    text
}

/// What is wrong with endplay's reading of one written file against
/// kibitzer's; the limit it met, when it failed.
fn compare(name: &str, text: &str, target: Target, read: &Value) -> Result<Vec<String>, &'static Limit> {
    if let Some(error) = read.get("error").and_then(Value::as_str) {
        let limit = ENDPLAY_LIMITS
            .iter()
            .find(|l| l.target == target && error.starts_with(l.error) && (l.holds)(text));
        return match limit {
            Some(limit) => Err(limit),
            None => Ok(vec![format!(
                "{name}: endplay fails with no known limit: {error}"
            )]),
        };
    }
    let ours: Vec<Value> = read_checked(text.as_bytes(), target.format())
        .map(|r| common::endplay::board(&r))
        .collect();
    let mut found = Vec::new();
    if Some(ours.len() as u64) != read["count"].as_u64() {
        found.push(format!(
            "{name}: kibitzer reads {} boards, endplay {}",
            ours.len(),
            read["count"]
        ));
    }
    for (number, theirs) in read["boards"].as_object().expect("boards by number") {
        let n: usize = number.parse().unwrap();
        let ours = ours.get(n - 1).unwrap_or(&Value::Null);
        found.extend(common::endplay::board_disagreements(name, n, ours, theirs));
    }
    Ok(found)
}

#[test]
fn every_converted_corpus_file_reads_the_same_in_endplay_but_for_its_limits() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let endplay = common::endplay::fixture("convert/endplay.json");
    let files = bridge_files(&corpus);
    let paths: Vec<PathBuf> = files.values().cloned().collect();
    let names_of = |path: &Path| {
        let file = path.strip_prefix(&corpus).unwrap().display().to_string();
        [Target::Pbn, Target::Lin].map(|target| (format!("{file} as {target}"), target))
    };
    // A debug build takes a minute and a half over the corpus on one core.
    let results = common::on_every_core(&paths, |path| {
        names_of(path)
            .into_iter()
            .filter_map(|(name, target)| {
                let read = endplay.get(&name)?;
                Some((name.clone(), compare(&name, &written(path, target), target, read)))
            })
            .collect::<Vec<_>>()
    });
    let mut names = Vec::new();
    let mut found = Vec::new();
    let mut met: BTreeMap<&str, usize> = BTreeMap::new();
    for (name, result) in results.into_iter().flatten() {
        names.push(name);
        match result {
            Ok(wrong) => found.extend(wrong),
            Err(limit) => *met.entry(limit.why).or_default() += 1,
        }
    }
    names.sort();
    assert_eq!(
        names,
        endplay.keys().cloned().collect::<Vec<_>>(),
        "the fixture names only corpus files; rerun scripts/convert-vs-endplay.py --fixture"
    );
    assert_eq!(
        names.len(),
        2 * files.len(),
        "every file was converted to PBN and LIN"
    );
    assert!(
        found.is_empty(),
        "kibitzer and endplay disagree:\n{}",
        found.join("\n")
    );
    // Each limit is met, so none is kept here without a file to show it.
    let unmet: Vec<_> = ENDPLAY_LIMITS
        .iter()
        .filter(|l| !met.contains_key(l.why))
        .map(|l| l.error)
        .collect();
    assert!(unmet.is_empty(), "limits no written file meets: {unmet:?}");
}
