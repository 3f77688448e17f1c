//! `dump --dd`: each bridge record with a full deal also gets its
//! double-dummy table, par and the play's analysis. Records are solved a
//! batch at a time, the batch spread over every core, so memory stays
//! that of one batch however long the file.

use std::collections::BTreeMap;

use serde::Serialize;

use std::path::Path;

use crate::analysis::{DdTable, FullDeal, Par, PlayInput, analyse_plays, disagreements, par, solve_tables};
use crate::cli::{line_head, record_keys};
use crate::model::{Pos, Record, Seat, Strain};
use crate::replay::{Replay, Timeline};
use crate::scoring::TableResult;

const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

#[derive(Serialize)]
struct DumpPar {
    score: i32,
    contracts: Vec<String>,
}

/// What the solver found for one record.
#[derive(Default)]
struct Solved {
    table: Option<DdTable>,
    play: Option<Vec<u8>>,
}

/// The records as JSON lines (each with its newline) with their
/// double-dummy keys, in order. A cell of the file's own figures that the
/// solver contradicts is added to the record's problems.
pub fn lines(file: &Path, mut records: Vec<Record>, field: &[Option<TableResult>]) -> Vec<Vec<u8>> {
    let solved = solve(&records);
    let head = line_head(file);
    let mut out = Vec::with_capacity(records.len());
    for (record, solved) in records.iter_mut().zip(solved) {
        if let (Some(table), Some(makes)) = (&solved.table, record.makes()) {
            let at = Pos::new(record.line, 1);
            for wrong in disagreements(table, makes) {
                record.disagreement(at, wrong.to_string());
            }
        }
        let mut line = Vec::new();
        let mut keys = record_keys(&mut line, &head, record, &Timeline::new(record), field);
        if let Some(table) = &solved.table {
            keys.field("dd", table_keys(table));
            if let Some(par) = par_of(record, table) {
                keys.field("par", par);
            }
        }
        if let Some(play) = &solved.play {
            keys.field("dd_play", play);
        }
        keys.end();
        line.push(b'\n');
        out.push(line);
    }
    out
}

fn solve(records: &[Record]) -> Vec<Solved> {
    let deals: Vec<(usize, FullDeal)> = records
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Some((i, FullDeal::of(r).ok()?)))
        .collect();
    let plays: Vec<(usize, PlayInput)> = deals
        .iter()
        .filter_map(|&(i, _)| Some((i, PlayInput::of(&records[i], &Replay::new(&records[i])).ok()?)))
        .collect();
    let mut solved: Vec<Solved> = records.iter().map(|_| Solved::default()).collect();
    let only_deals: Vec<FullDeal> = deals.iter().map(|&(_, d)| d).collect();
    for (&(i, _), table) in deals.iter().zip(solve_tables(&only_deals)) {
        solved[i].table = Some(table);
    }
    let inputs: Vec<PlayInput> = plays.iter().map(|(_, p)| p.clone()).collect();
    for ((i, _), tricks) in plays.iter().zip(analyse_plays(&inputs)) {
        solved[*i].play = Some(tricks.tricks);
    }
    solved
}

/// Declarer's seat to strain letter (`N` for notrump) to tricks.
fn table_keys(table: &DdTable) -> BTreeMap<String, BTreeMap<String, u8>> {
    let by_strain = |seat: Seat| {
        Strain::ALL
            .iter()
            .map(|&s| (s.letter().to_string(), table.tricks(seat, s)))
            .collect()
    };
    SEATS
        .iter()
        .map(|&seat| (seat.to_string(), by_strain(seat)))
        .collect()
}

/// Par needs the dealer and the vulnerability; without them it is left out.
fn par_of(record: &Record, table: &DdTable) -> Option<DumpPar> {
    let Par { score, contracts } = par(table, record.vulnerability()?, record.dealer()?);
    Some(DumpPar {
        score,
        contracts: contracts.iter().map(ToString::to_string).collect(),
    })
}
