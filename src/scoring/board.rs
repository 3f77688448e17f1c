//! The results of one board: its tables found among a file's records,
//! each table's score with matchpoints and IMPs against the datum, and the
//! two tables of a team match with the swing.

use std::collections::HashMap;

use super::compare::{datum, matchpoints, percent, top};
use super::duplicate::imps;
use crate::model::{Deal, Record};

/// One table's result on a board. `record` is the caller's index of it;
/// the numbers are North-South's (East-West's matchpoints are the top less
/// these, their IMPs the same with the sign turned).
#[derive(Clone, Debug, PartialEq)]
pub struct TableResult {
    pub record: usize,
    pub score: Option<i32>,
    pub matchpoints: Option<u32>,
    pub percent: Option<f64>,
    /// IMPs against the board's datum.
    pub imps: Option<i32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardResults {
    /// In the order given.
    pub tables: Vec<TableResult>,
    /// The tables with a score, whose matchpoints count.
    pub scored: usize,
    /// The top in matchpoints (2 for each other scored table).
    pub top: u32,
    /// North-South's datum the IMPs are against (see `compare::datum`).
    pub datum: Option<i32>,
}

/// The records that are tables of one board: the same board number and
/// the same deal (or both without a deal). Each group is a list of indexes
/// into `records`, in order of first appearance; records without a board
/// number are each a board of their own.
pub fn boards<'a>(records: impl IntoIterator<Item = &'a Record>) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut seen: HashMap<(&str, Option<&Deal>), usize> = HashMap::new();
    for (i, r) in records.into_iter().enumerate() {
        let Some(board) = &r.board else {
            groups.push(vec![i]);
            continue;
        };
        let key = (board.number.as_str(), r.deal.as_ref());
        match seen.get(&key) {
            Some(&g) => groups[g].push(i),
            None => {
                seen.insert(key, groups.len());
                groups.push(vec![i]);
            }
        }
    }
    groups
}

/// Scores the tables of one board, given as (index, record).
pub fn board_results(tables: &[(usize, &Record)]) -> BoardResults {
    let scores: Vec<i32> = tables.iter().filter_map(|(_, r)| r.comparable_score()).collect();
    let points = matchpoints(&scores);
    let datum = datum(&scores);
    let mut ranked = points.into_iter();
    let results = tables
        .iter()
        .map(|&(record, r)| {
            let score = r.comparable_score();
            let matchpoints = score.and_then(|_| ranked.next());
            TableResult {
                record,
                score,
                matchpoints,
                percent: matchpoints.map(|p| percent(f64::from(p), scores.len())),
                imps: score.zip(datum).map(|(s, d)| imps(s - d)),
            }
        })
        .collect();
    BoardResults {
        tables: results,
        scored: scores.len(),
        top: top(scores.len()),
        datum,
    }
}

/// A board of a team match: the record at table 1 (the first team North-
/// South) and at table 2, and the swing to the first team in IMPs.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchBoard {
    pub tables: [usize; 2],
    pub scores: [Option<i32>; 2],
    pub swing: Option<i32>,
}

/// The team-match boards among `records`: each record at table 1 with the
/// table 2 after it.
pub fn match_boards(records: &[Record]) -> Vec<MatchBoard> {
    records
        .windows(2)
        .enumerate()
        .filter(|(_, pair)| pair[0].table == Some(1) && pair[1].table == Some(2))
        .map(|(i, pair)| {
            let scores = [pair[0].comparable_score(), pair[1].comparable_score()];
            MatchBoard {
                tables: [i, i + 1],
                scores,
                swing: scores[0].zip(scores[1]).map(|(a, b)| imps(a - b)),
            }
        })
        .collect()
}
