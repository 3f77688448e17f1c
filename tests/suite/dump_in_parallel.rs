//! `dump` reads records on every core: what it hands out must be what
//! reading the file in order gives, record for record, including the
//! tables of a board paired across the windows it reads at a time.

use kibitzer::archive::{each_record, read_checked};
use kibitzer::model::{SourceFormat, Wanted};
use kibitzer::testing::generate::write_archive;

fn in_order(bytes: &[u8], format: SourceFormat) -> Vec<String> {
    read_checked(bytes, format).map(|r| format!("{r:?}")).collect()
}

fn side_by_side(bytes: &[u8], format: SourceFormat) -> Vec<String> {
    side_by_side_wanting(bytes, format, Wanted::ALL)
}

/// The records as `each_record` reads them on two cores for a caller that
/// `wants` this much of each.
fn side_by_side_wanting(bytes: &[u8], format: SourceFormat, wants: Wanted) -> Vec<String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    let mut out = Vec::new();
    pool.install(|| {
        each_record(
            bytes,
            format,
            wants,
            |r| format!("{r:?}"),
            |_| {},
            |r| {
                out.push(r);
                true
            },
        )
    });
    out
}

/// Boards given twice in a row (the two tables of a match, which the Room
/// tags say it is), some three times (the third stands alone), after one
/// board given once, so that pairs straddle the windows.
fn team_match(boards: usize) -> String {
    let mut text = String::from("[Board \"0\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n\n");
    for board in 1..=boards {
        let times = if board % 7 == 0 { 3 } else { 2 };
        for room in ["Open", "Closed", "Open"].iter().take(times) {
            text +=
                &format!("[Board \"{board}\"]\n[Room \"{room}\"]\n[Deal \"N:.AKQJT98765432.. - - -\"]\n\n");
        }
    }
    text
}

#[test]
fn pbn_records_and_their_tables_match_reading_in_order() {
    let text = team_match(700);
    let expected = in_order(text.as_bytes(), SourceFormat::Pbn);
    assert!(expected.len() > 1500, "more than one window");
    assert!(expected.iter().any(|r| r.contains("table: Some(2)")));
    assert_eq!(side_by_side(text.as_bytes(), SourceFormat::Pbn), expected);
}

#[test]
fn records_read_for_a_caller_that_wants_no_tables_are_the_same_but_for_them() {
    let text = team_match(700);
    let no_tables = |mut r: kibitzer::model::Record| {
        r.table = None;
        format!("{r:?}")
    };
    let expected: Vec<String> = read_checked(text.as_bytes(), SourceFormat::Pbn)
        .map(no_tables)
        .collect();
    let wants = Wanted {
        tables: false,
        ..Wanted::ALL
    };
    let read = side_by_side_wanting(text.as_bytes(), SourceFormat::Pbn, wants);
    assert!(read.iter().all(|r| r.contains("table: None")));
    assert_eq!(read, expected);
}

#[test]
fn generated_archives_match_reading_in_order() {
    for format in [SourceFormat::Pbn, SourceFormat::Rbn] {
        let mut bytes = Vec::new();
        write_archive(format, 1500, 3, &mut bytes).expect("writing to memory");
        assert_eq!(
            side_by_side(&bytes, format),
            in_order(&bytes, format),
            "{format:?}"
        );
    }
}

#[test]
fn a_consumer_that_stops_stops_the_reading() {
    let text = team_match(700);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("a pool");
    let mut taken = 0;
    pool.install(|| {
        each_record(
            text.as_bytes(),
            SourceFormat::Pbn,
            Wanted::ALL,
            |_| (),
            |_| {},
            |()| {
                taken += 1;
                taken < 3
            },
        )
    });
    assert_eq!(taken, 3);
}
