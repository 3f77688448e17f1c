//! Vetting, the quick path of `check`, must never vouch for a record the
//! full reader finds fault with, and must leave the records after it the
//! same context. Checked over every corpus file, over generated archives,
//! and over generated archives with random damage.

use crate::common;

use common::files;
use kibitzer::notation::pbn::write_pbn;
use kibitzer::testing::generate::{Rng, record};
use kibitzer::testing::selfcheck::pbn_vetting_agrees;
use proptest::prelude::*;

fn archive(seed: u64, records: usize) -> String {
    let mut rng = Rng::new(seed);
    let records: Vec<_> = (1..=records).map(|n| record(&mut rng, n)).collect();
    write_pbn(&records).unwrap()
}

#[test]
fn vetting_agrees_with_the_reader_over_the_corpus_and_fixtures() {
    let mut vouched = 0;
    for path in files("pbn") {
        let bytes = std::fs::read(&path).unwrap();
        match pbn_vetting_agrees(&bytes) {
            Ok(n) => vouched += n,
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }
    // Without the corpus only the fixtures are read, and the clean session
    // among them is held to its count on its own, below.
    if common::corpus().is_some() {
        assert!(vouched > CLEAN_GAMES, "vetting vouched for no corpus game at all");
    }
}

/// Games in the clean club session written for this test.
const CLEAN_GAMES: usize = 4;

/// A session as a scoring program exports it, nothing odd in it: vetting
/// must vouch for every game, so it is seen vouching for real games even
/// in a clone without the corpus.
#[test]
fn vetting_vouches_for_every_game_of_a_clean_session() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/club.pbn");
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(pbn_vetting_agrees(&bytes), Ok(CLEAN_GAMES));
}

#[test]
fn vetting_vouches_for_every_generated_game() {
    let text = archive(7, 300);
    assert_eq!(pbn_vetting_agrees(text.as_bytes()), Ok(300));
}

#[test]
fn vetting_vouches_for_whole_tables_and_leaves_the_rest_to_the_reader() {
    let game = |spec: &str, rows: &str| {
        format!(
            "[Board \"1\"]\n[Deal \"N:AT94.97.KQ954.94 K5.KT62.J2.KQT82 J72.A854.A8.AJ75 Q863.QJ3.T763.63\"]\n\
             [OptimumResultTable \"{spec}\"]\n{rows}[Note \"1:inside\"]\nE H 5\n[OptimumScore \"NS 140\"]\n"
        )
    };
    let spec = r"Declarer;Denomination\2R;Result\2R";
    assert_eq!(
        pbn_vetting_agrees(game(spec, "N C 7\nS NT 8\n").as_bytes()),
        Ok(1)
    );
    // A row short of a cell, a table naming no columns, a quoted cell.
    for (spec, rows) in [(spec, "N C 7\nS NT\n"), (";", ""), (spec, "N \"C\" 7\n")] {
        assert_eq!(
            pbn_vetting_agrees(game(spec, rows).as_bytes()),
            Ok(0),
            "{spec} {rows}"
        );
    }
}

/// Damage that keeps most of a game readable: a byte changed, dropped or
/// repeated, or a line repeated or dropped.
#[derive(Clone, Debug)]
enum Damage {
    Set(usize, u8),
    Drop(usize),
    Repeat(usize),
    RepeatLine(usize),
    DropLine(usize),
}

fn damage() -> impl Strategy<Value = Damage> {
    let byte = prop_oneof![
        Just(b' '),
        Just(b'\n'),
        Just(b'"'),
        Just(b'['),
        Just(b']'),
        Just(b'{'),
        Just(b'}'),
        Just(b'#'),
        Just(b'-'),
        Just(b'*'),
        Just(b'+'),
        Just(b'^'),
        Just(b'!'),
        Just(b'='),
        Just(b':'),
        Just(b'.'),
        Just(b'x'),
        Just(b'S'),
        Just(b'H'),
        Just(b'N'),
        Just(b'1'),
        Just(b'7'),
        Just(b'T'),
        Just(b'P'),
        any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte).prop_map(|(at, b)| Damage::Set(at, b)),
        any::<usize>().prop_map(Damage::Drop),
        any::<usize>().prop_map(Damage::Repeat),
        any::<usize>().prop_map(Damage::RepeatLine),
        any::<usize>().prop_map(Damage::DropLine),
    ]
}

fn apply(text: &mut Vec<u8>, damage: &Damage) {
    // Lines dropped before may have left nothing to damage.
    if text.is_empty() {
        return;
    }
    let n = text.len();
    let lines: Vec<usize> = std::iter::once(0)
        .chain(
            text.iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect();
    let line = |at: usize| {
        let i = at % lines.len();
        let end = lines.get(i + 1).copied().unwrap_or(n);
        (lines[i], end)
    };
    match *damage {
        Damage::Set(at, b) => text[at % n] = b,
        Damage::Drop(at) => {
            text.remove(at % n);
        }
        Damage::Repeat(at) => text.insert(at % n, text[at % n]),
        Damage::RepeatLine(at) => {
            let (a, b) = line(at);
            let copy = text[a..b].to_vec();
            text.splice(a..a, copy);
        }
        Damage::DropLine(at) => {
            let (a, b) = line(at);
            text.drain(a..b);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn vetting_agrees_with_the_reader_on_damaged_games(
        seed in any::<u64>(),
        damages in proptest::collection::vec(damage(), 1..6),
    ) {
        let mut text = archive(seed, 3).into_bytes();
        for d in &damages {
            apply(&mut text, d);
        }
        prop_assert!(pbn_vetting_agrees(&text).is_ok(), "{:?}", pbn_vetting_agrees(&text));
    }
}

mod rbn {
    use super::*;
    use kibitzer::model::SourceFormat;
    use kibitzer::notation::rbn::{write_rbn, write_rbx};
    use kibitzer::testing::selfcheck::rbn_vetting_agrees;

    fn records(seed: u64, n: usize) -> Vec<kibitzer::model::Record> {
        let mut rng = Rng::new(seed);
        (1..=n).map(|i| record(&mut rng, i)).collect()
    }

    #[test]
    fn vetting_agrees_with_the_reader_over_the_corpus_fixtures_and_sample() {
        let mut vouched = 0;
        for (ext, format) in [("rbn", SourceFormat::Rbn), ("rbx", SourceFormat::Rbx)] {
            for path in files(ext) {
                let bytes = std::fs::read(&path).unwrap();
                match rbn_vetting_agrees(&bytes, format) {
                    Ok(n) => vouched += n,
                    Err(e) => panic!("{}: {e}", path.display()),
                }
            }
        }
        // The article and the sample, here even without the corpus, hold
        // records with nothing wrong in them.
        assert!(vouched > 0, "vetting vouched for no RBN record at all");
    }

    /// Boards numbered on from `B 1:+`, a pair's second table sharing its
    /// board, then a board given outright and repeated: vetting vouches
    /// for every record and gives each the board the reader gives (the
    /// self-check compares them).
    #[test]
    fn vetting_numbers_boards_on_as_the_reader_does() {
        let text = "B 1:+\nH N:AKQJT98765432...:.AKQJT98765432..:..AKQJT98765432.:\n\n\
                    C 3N:S\n!\nC 4S:E\n\nC 2H:N\n\nB 9\nC 1S:W\n\nC 1N:S\n";
        assert_eq!(rbn_vetting_agrees(text.as_bytes(), SourceFormat::Rbn), Ok(6));
    }

    #[test]
    fn vetting_vouches_for_every_generated_record() {
        let records = records(11, 300);
        assert_eq!(
            rbn_vetting_agrees(write_rbn(&records).as_bytes(), SourceFormat::Rbn),
            Ok(300)
        );
        assert_eq!(
            rbn_vetting_agrees(write_rbx(&records).as_bytes(), SourceFormat::Rbx),
            Ok(300)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn vetting_agrees_with_the_reader_on_damaged_records(
            seed in any::<u64>(),
            rbx in any::<bool>(),
            damages in proptest::collection::vec(damage(), 1..6),
        ) {
            let records = records(seed, 3);
            let (text, format) = if rbx {
                (write_rbx(&records), SourceFormat::Rbx)
            } else {
                (write_rbn(&records), SourceFormat::Rbn)
            };
            let mut text = text.into_bytes();
            for d in &damages {
                apply(&mut text, d);
            }
            let agrees = rbn_vetting_agrees(&text, format);
            prop_assert!(agrees.is_ok(), "{:?}", agrees);
        }
    }
}

/// The quick check's joins: many small batches, so that contexts are laid
/// over one another and leftovers read in order, on archives with records
/// vetting can't vouch for here and there.
mod joins {
    use super::*;
    use kibitzer::model::SourceFormat;
    use kibitzer::notation::rbn::{write_rbn, write_rbx};
    use kibitzer::testing::selfcheck::quick_check_agrees;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

        #[test]
        fn the_quick_check_finds_what_the_reader_finds(
            seed in any::<u64>(),
            form in 0..3u8,
            batch in 1..9usize,
            damages in proptest::collection::vec(damage(), 0..12),
        ) {
            let mut rng = Rng::new(seed);
            let records: Vec<_> = (1..=40).map(|n| record(&mut rng, n)).collect();
            let (text, format) = match form {
                0 => (write_pbn(&records).unwrap(), SourceFormat::Pbn),
                1 => (write_rbn(&records), SourceFormat::Rbn),
                _ => (write_rbx(&records), SourceFormat::Rbx),
            };
            let mut text = text.into_bytes();
            for d in &damages {
                apply(&mut text, d);
            }
            let agrees = quick_check_agrees(&text, format, batch);
            prop_assert!(agrees.is_ok(), "{:?}", agrees);
        }
    }

    #[test]
    fn the_quick_check_agrees_over_the_corpus_in_small_batches() {
        for (ext, format) in [
            ("pbn", SourceFormat::Pbn),
            ("rbn", SourceFormat::Rbn),
            ("rbx", SourceFormat::Rbx),
        ] {
            for path in files(ext) {
                let bytes = std::fs::read(&path).unwrap();
                if let Err(e) = quick_check_agrees(&bytes, format, 3) {
                    panic!("{}: {e}", path.display());
                }
            }
        }
    }
}

/// The check stops at the first word that nobody wants more: the viewer's
/// background check of a file read again, or of a catalog let go, must not
/// go on through a million records.
#[test]
fn the_check_stops_when_told_to() {
    use kibitzer::archive::problems_in_batches;
    use kibitzer::model::SourceFormat;
    let text = archive(3, 400);
    let every = problems_in_batches(text.as_bytes(), SourceFormat::Pbn, 4, |_| true, |_| {});
    assert_eq!(every, 400);
    let mut heard = 0;
    let stopped = problems_in_batches(
        text.as_bytes(),
        SourceFormat::Pbn,
        4,
        |_| {
            heard += 1;
            false
        },
        |_| {},
    );
    assert_eq!(heard, 1);
    assert!(
        stopped < every,
        "checked {stopped} of {every} records after being told to stop"
    );
}
