//! `dump --dd`: each bridge record with a full deal also gets its
//! double-dummy table, par and the play's analysis. Records are solved a
//! batch at a time, the batch spread over every core, so memory stays
//! that of one batch however long the file.

use std::collections::BTreeMap;

use serde::Serialize;

use std::path::Path;

use crate::analysis::{DdTable, FullDeal, Par, PlayInput, analyse_plays, disagreements, par, solve_tables};
use crate::cli::DumpLine;
use crate::model::{Pos, Record, Seat, Strain};
use crate::replay::Replay;
use crate::scoring::TableResult;

const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

#[derive(Serialize)]
struct WithDd {
    #[serde(flatten)]
    line: DumpLine,
    #[serde(skip_serializing_if = "Option::is_none")]
    dd: Option<BTreeMap<String, BTreeMap<String, u8>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    par: Option<DumpPar>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dd_play: Option<Vec<u8>>,
}

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

/// The records as JSON lines with their double-dummy keys, in order. A
/// cell of the file's own figures that the solver contradicts is added
/// to the record's problems.
pub fn lines(
    file: &Path,
    mut records: Vec<Record>,
    field: &[Option<TableResult>],
) -> serde_json::Result<Vec<String>> {
    let solved = solve(&records);
    let mut out = Vec::with_capacity(records.len());
    for (record, solved) in records.iter_mut().zip(solved) {
        if let (Some(table), Some(makes)) = (&solved.table, record.makes()) {
            let at = Pos::new(record.line, 1);
            for wrong in disagreements(table, makes) {
                record.disagreement(at, wrong.to_string());
            }
        }
        let line = WithDd {
            line: DumpLine::compared(file, record, field),
            dd: solved.table.as_ref().map(table_keys),
            par: solved.table.as_ref().and_then(|t| par_of(record, t)),
            dd_play: solved.play,
        };
        out.push(serde_json::to_string(&line)?);
    }
    Ok(out)
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
