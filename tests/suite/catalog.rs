//! The viewer's catalog: records found in the background, read when shown,
//! searched through, paired.

use kibitzer::archive::{Bytes, Catalog, Found, Progress, read_checked};
use kibitzer::model::SourceFormat;
use kibitzer::notation::pbn::write_pbn;
use kibitzer::notation::rbn::write_rbn;
use kibitzer::testing::generate::{Rng, record};

fn catalog(text: &str, format: SourceFormat) -> Catalog {
    let mut c = Catalog::of(vec![(Bytes::Held(text.as_bytes().to_vec()), format)]);
    c.wait_done();
    c
}

#[test]
fn records_read_when_shown_are_the_records_of_the_file() {
    let mut rng = Rng::new(3);
    let records: Vec<_> = (1..=60).map(|n| record(&mut rng, n)).collect();
    for (text, format) in [
        (write_pbn(&records).unwrap(), SourceFormat::Pbn),
        (write_rbn(&records), SourceFormat::Rbn),
    ] {
        let mut c = catalog(&text, format);
        assert_eq!(c.len(), 60);
        assert_eq!(c.progress(), Progress::Done);
        let whole: Vec<_> = read_checked(text.as_bytes(), format).collect();
        for k in [59, 0, 31, 30, 2] {
            assert_eq!(*c.load(k).unwrap(), whole[k], "{format:?} record {}", k + 1);
        }
        assert!(c.load(60).is_none());
    }
}

/// Players named once and carried to the records after: a search finds
/// every record that has them, not only the one that names them.
#[test]
fn search_finds_carried_names_forward_and_back() {
    let text =
        "N Ann+Bob:Cid+Dee\nB 1\n\nB 2\n\nB 3\n\nN Eve+Fay:Gus+Hal\nB 4\n\nB 5\n\nN Ann+Jo:Kit+Lou\nB 6\n";
    let mut c = catalog(text, SourceFormat::Rbn);
    assert_eq!(c.search("ann", 0, true, true), Found::At(0));
    assert_eq!(c.search("ann", 0, true, false), Found::At(1));
    assert_eq!(c.search("ann", 2, true, false), Found::At(5));
    assert_eq!(c.search("ann", 5, true, false), Found::At(0), "wraps round");
    assert_eq!(c.search("gus", 0, true, false), Found::At(3));
    assert_eq!(c.search("gus", 3, true, false), Found::At(4));
    assert_eq!(c.search("dee", 3, false, false), Found::At(2));
    assert_eq!(
        c.search("fay", 0, false, false),
        Found::At(4),
        "back wraps to the end"
    );
    assert_eq!(
        c.search("bob", 4, false, false),
        Found::At(2),
        "the last carried one"
    );
    assert_eq!(c.search("board 9", 0, true, false), Found::Nowhere);
    assert_eq!(
        c.search("1 ann", 5, true, false),
        Found::Nowhere,
        "one field holds every word"
    );
    assert_eq!(c.search("hal eve", 0, true, false), Found::At(3), "in any order");
    assert_eq!(c.search("lou ann", 0, true, false), Found::At(5));
}

#[test]
fn the_two_tables_of_a_board_are_partners() {
    let rbn = "B 1\nH N:AKQJT98765432...:.AKQJT98765432..:..AKQJT98765432.:\n!\nN A+B:C+D\n\nB 2\n";
    let mut c = catalog(rbn, SourceFormat::Rbn);
    assert_eq!(
        (c.partner(0), c.partner(1), c.partner(2)),
        (Some(1), Some(0), None)
    );
    let pbn = "[Board \"1\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n\n[Room \"Closed\"]\n\n[Board \"1\"]\n\n[Board \"2\"]\n";
    let mut c = catalog(pbn, SourceFormat::Pbn);
    // Games 1 and 2 share the board and deal; the third with the same
    // board stays on its own.
    assert_eq!(
        (c.partner(0), c.partner(1), c.partner(2), c.partner(3)),
        (Some(1), Some(0), None, None)
    );
    assert_eq!(c.load(1).unwrap().table, Some(2));
}

/// Records read one at a time, in any order, are paired into tables as
/// reading the file in order pairs them: a run of four games of one match
/// is two boards of two tables.
#[test]
fn a_run_of_games_is_paired_as_the_reader_pairs_it() {
    let game =
        |room: &str| format!("[Board \"1\"]\n[Room \"{room}\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n\n");
    let pbn: String = ["Open", "Closed", "Open", "Closed", "Open"].map(game).concat();
    let read: Vec<Option<u8>> = read_checked(pbn.as_bytes(), SourceFormat::Pbn)
        .map(|r| r.table)
        .collect();
    assert_eq!(read, [Some(1), Some(2), Some(1), Some(2), None]);
    for order in [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 0, 4, 1, 3]] {
        let mut c = catalog(&pbn, SourceFormat::Pbn);
        for i in order {
            assert_eq!(
                c.load(i).unwrap().table,
                read[i],
                "game {i} read in the order {order:?}"
            );
        }
    }
}

#[test]
fn the_background_check_counts_problems() {
    let text = "B 1\nA NZ:1S1H\n\nB 2\nA NZ:P9C\n\nB 3\n";
    let c = catalog(text, SourceFormat::Rbn);
    let found: usize = read_checked(text.as_bytes(), SourceFormat::Rbn)
        .map(|r| r.problems.len())
        .sum();
    assert!(found > 1);
    assert_eq!(c.problems(), found);
}

mod exact {
    use super::catalog;
    use kibitzer::archive::{Catalog, Found, matches};
    use kibitzer::model::SourceFormat;
    use kibitzer::notation::pbn::write_pbn;
    use kibitzer::notation::rbn::{write_rbn, write_rbx};
    use kibitzer::testing::generate::{Rng, record};
    use proptest::prelude::{ProptestConfig, any, prop_assert_eq, proptest};

    const WORDS: [&str; 14] = [
        "ann", "kit", "hal", "jo", "club", "pairs", "robot", "teams", "3nt", "2s", "1", "12", "n", "swiss",
    ];

    /// The first record from `from` (or after it) that matches, by reading
    /// every record.
    fn by_hand(c: &mut Catalog, q: &str, from: usize, forward: bool, inclusive: bool) -> Found {
        let n = c.len();
        let skip = usize::from(!inclusive);
        (0..n)
            .map(|d| d + skip)
            .take(n)
            .map(|d| {
                if forward {
                    (from + d) % n
                } else {
                    (from + n * 2 - d) % n
                }
            })
            .find(|&i| matches(&c.load(i).unwrap(), q))
            .map_or(Found::Nowhere, Found::At)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

        /// Records with labels carried and lines dropped: the quick search
        /// finds exactly what reading every record finds.
        #[test]
        fn search_finds_what_reading_every_record_finds(
            seed in any::<u64>(),
            form in 0..3u8,
            drops in proptest::collection::vec(any::<usize>(), 0..40),
            queries in proptest::collection::vec((0..14usize, 0..14usize, any::<bool>(), any::<usize>(), any::<bool>(), any::<bool>()), 1..8),
        ) {
            let mut rng = Rng::new(seed);
            let records: Vec<_> = (1..=30).map(|n| record(&mut rng, n)).collect();
            let (text, format) = match form {
                0 => (write_pbn(&records).unwrap(), SourceFormat::Pbn),
                1 => (write_rbn(&records), SourceFormat::Rbn),
                _ => (write_rbx(&records), SourceFormat::Rbx),
            };
            let mut lines: Vec<&str> = text.lines().collect();
            for d in drops {
                // Drop label and tag lines (not whole records) so that more
                // is carried from record to record.
                if lines.len() < 2 {
                    break;
                }
                let i = d % lines.len();
                if !lines[i].trim().is_empty() {
                    lines.remove(i);
                }
            }
            let text = lines.join("\n");
            let mut c = catalog(&text, format);
            if c.is_empty() {
                return Ok(());
            }
            for (a, b, two, from, forward, inclusive) in queries {
                let q = if two { format!("{} {}", WORDS[a], WORDS[b]) } else { WORDS[a].to_string() };
                let from = from % c.len();
                let quick = c.search(&q, from, forward, inclusive);
                let slow = by_hand(&mut c, &q, from, forward, inclusive);
                prop_assert_eq!(quick, slow, "query {:?} from {} forward {}", q, from, forward);
            }
        }
    }
}
