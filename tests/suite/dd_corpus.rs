//! Every corpus deal whose file gives double-dummy figures (PBN's
//! DoubleDummyTricks or OptimumResultTable, RBN's M) agrees with the
//! solver, cell by cell. Debug builds solve slowly, so a few deals of
//! each file are checked here; `DD_CORPUS_ALL=1` checks them all. Skips
//! with a notice when ../shared is absent.

use crate::common;

use kibitzer::analysis::{FullDeal, disagreements, solve_tables};
use kibitzer::archive::Archive;
use kibitzer::model::{Record, Seat};

/// Deals checked in each file.
const PER_FILE: usize = 3;

fn with_figures(record: &Record) -> bool {
    record
        .makes()
        .is_some_and(|m| m.north_south.is_some() || m.west_east.is_some())
}

#[test]
fn the_files_tables_agree_with_the_solver() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let (mut deals, mut cells) = (0, 0);
    // The fixtures written here make figures up; only real files count.
    let files = common::files("pbn").into_iter().chain(common::files("rbn"));
    for path in files.filter(|p| p.starts_with(&corpus)) {
        let Ok(archive) = Archive::open(&path) else {
            continue;
        };
        let records: Vec<Record> = archive
            .records()
            .filter(|r| with_figures(r) && FullDeal::of(r).is_ok())
            .take(if std::env::var_os("DD_CORPUS_ALL").is_some() {
                usize::MAX
            } else {
                PER_FILE
            })
            .collect();
        let full: Vec<FullDeal> = records.iter().map(|r| FullDeal::of(r).unwrap()).collect();
        for (record, table) in records.iter().zip(solve_tables(&full)) {
            let makes = record.makes().unwrap();
            let wrong = disagreements(&table, makes);
            assert!(wrong.is_empty(), "{}:{}: {wrong:?}", path.display(), record.line);
            deals += 1;
            cells += [Seat::North, Seat::East, Seat::South, Seat::West]
                .iter()
                .map(|&s| makes.for_seat(s).iter().flatten().count())
                .sum::<usize>();
        }
    }
    println!("{deals} deals, {cells} cells agree");
    assert!(deals >= 10, "only {deals} corpus deals with figures");
}
