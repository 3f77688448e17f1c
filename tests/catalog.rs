//! The viewer's catalog: records found in the background, read when shown,
//! searched through, paired.

use kibitzer::archive::{Bytes, Catalog, Stage, read_checked};
use kibitzer::generate::{Rng, record, write_pbn};
use kibitzer::model::SourceFormat;
use kibitzer::notation::rbn::write_rbn;

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
        (write_pbn(&records), SourceFormat::Pbn),
        (write_rbn(&records), SourceFormat::Rbn),
    ] {
        let mut c = catalog(&text, format);
        assert_eq!(c.len(), 60);
        assert_eq!(c.stage(), Stage::Done);
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
    assert_eq!(c.search("ann", 0, true, true), Some(0));
    assert_eq!(c.search("ann", 0, true, false), Some(1));
    assert_eq!(c.search("ann", 2, true, false), Some(5));
    assert_eq!(c.search("ann", 5, true, false), Some(0), "wraps round");
    assert_eq!(c.search("gus", 0, true, false), Some(3));
    assert_eq!(c.search("gus", 3, true, false), Some(4));
    assert_eq!(c.search("dee", 3, false, false), Some(2));
    assert_eq!(c.search("fay", 0, false, false), Some(4), "back wraps to the end");
    assert_eq!(c.search("bob", 4, false, false), Some(2), "the last carried one");
    assert_eq!(c.search("board 9", 0, true, false), None);
    assert_eq!(c.search("1 ann", 5, true, false), Some(0), "words across fields");
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
