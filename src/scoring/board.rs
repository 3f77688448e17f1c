//! The results of one board: its tables found among a file's records,
//! each table's score with matchpoints and IMPs, and the two tables of a
//! team match with the swing.
//!
//! Comparing needs little of a record (an [`Entry`]), so that `dump` and
//! the archive can compare a million records without keeping them.

use std::collections::HashMap;

use super::compare::{datum, matchpoints, percent, top};
use super::duplicate::imps;
use crate::model::{BoardKey, Record};

/// What comparing a record with the other tables of its board needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The board it is a table of; None for a record without a board
    /// number.
    pub board: Option<BoardKey>,
    /// North-South's score, computed or else as stated.
    pub score: Option<i32>,
    /// The teams, home first, where the file names them.
    pub teams: Option<[String; 2]>,
    /// 1 or 2 when the reader paired it with its neighbour as a match.
    pub table: Option<u8>,
}

impl Entry {
    pub fn of(r: &Record) -> Entry {
        Entry {
            board: BoardKey::of(r),
            score: r.comparable_score(),
            teams: r.teams.as_ref().map(|t| t.names.clone()),
            table: r.table,
        }
    }
}

/// How a table's IMPs were found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Versus {
    /// Against the board's datum (North-South's).
    Datum(i32),
    /// Against the other table of a team match: the entry's index.
    Table(usize),
}

/// One table's result on its board, North-South's (East-West's
/// matchpoints are the top less these, their IMPs the same with the sign
/// turned). `record` is the index of the entry or record.
#[derive(Clone, Debug, PartialEq)]
pub struct TableResult {
    pub record: usize,
    pub score: Option<i32>,
    pub matchpoints: Option<u32>,
    pub percent: Option<f64>,
    pub imps: Option<i32>,
    pub versus: Option<Versus>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardResults {
    /// In the order given.
    pub tables: Vec<TableResult>,
    /// The tables with a score, whose matchpoints count.
    pub scored: usize,
    /// The top in matchpoints (2 for each other scored table).
    pub top: u32,
    /// North-South's datum (see `compare::datum`).
    pub datum: Option<i32>,
}

/// The tables of each board: groups of indexes of entries with the same
/// board number and deal, in order of first appearance; an entry without a
/// board number is a board of its own.
pub fn group(entries: &[Entry]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut seen: HashMap<&BoardKey, usize> = HashMap::new();
    for (i, e) in entries.iter().enumerate() {
        let Some(key) = &e.board else {
            groups.push(vec![i]);
            continue;
        };
        match seen.get(key) {
            Some(&g) => groups[g].push(i),
            None => {
                seen.insert(key, groups.len());
                groups.push(vec![i]);
            }
        }
    }
    groups
}

/// The same for records.
pub fn boards<'a>(records: impl IntoIterator<Item = &'a Record>) -> Vec<Vec<usize>> {
    group(&records.into_iter().map(Entry::of).collect::<Vec<_>>())
}

/// Each entry's other table in a team match: the neighbour the reader
/// paired it with, or, among the tables of its board, the one where the
/// same two teams sit the other way round.
pub fn opponents(entries: &[Entry], tables: &[usize]) -> HashMap<usize, usize> {
    let mut other = HashMap::new();
    for &i in tables {
        let paired = match entries[i].table {
            Some(1) => Some(i + 1),
            Some(2) => i.checked_sub(1),
            _ => None,
        };
        let swapped = || {
            let [home, visit] = entries[i].teams.as_ref()?;
            tables.iter().copied().find(|&j| {
                entries[j]
                    .teams
                    .as_ref()
                    .is_some_and(|[h, v]| h == visit && v == home)
            })
        };
        if let Some(j) = paired.filter(|j| tables.contains(j)).or_else(swapped) {
            other.insert(i, j);
        }
    }
    other
}

/// Compares the tables of one board (indexes into `entries`): matchpoints
/// across them, and IMPs against the other table of a team match where
/// there is one, else against the datum.
pub fn compare(entries: &[Entry], tables: &[usize]) -> BoardResults {
    let scores: Vec<i32> = tables.iter().filter_map(|&i| entries[i].score).collect();
    let points = matchpoints(&scores);
    let datum = datum(&scores);
    let other = opponents(entries, tables);
    let mut ranked = points.into_iter();
    let results = tables
        .iter()
        .map(|&i| {
            let score = entries[i].score;
            // A board played once has no one to be compared with.
            let matchpoints = score.and_then(|_| ranked.next()).filter(|_| scores.len() > 1);
            let versus = match other.get(&i) {
                Some(&j) => entries[j].score.map(|_| Versus::Table(j)),
                None => datum.filter(|_| scores.len() > 1).map(Versus::Datum),
            };
            let against = versus.map(|v| match v {
                Versus::Datum(d) => Some(d),
                Versus::Table(j) => entries[j].score,
            });
            TableResult {
                record: i,
                score,
                matchpoints,
                percent: matchpoints.map(|p| percent(f64::from(p), scores.len())),
                imps: score.zip(against.flatten()).map(|(s, a)| imps(s - a)),
                versus: score.and(versus),
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

/// Scores the tables of one board, given as (index, record): each
/// result's `record` is the index given.
pub fn board_results(tables: &[(usize, &Record)]) -> BoardResults {
    let entries: Vec<Entry> = tables.iter().map(|(_, r)| Entry::of(r)).collect();
    let mut results = compare(&entries, &(0..entries.len()).collect::<Vec<_>>());
    for t in &mut results.tables {
        if let Some(Versus::Table(j)) = &mut t.versus {
            *j = tables[*j].0;
        }
        t.record = tables[t.record].0;
    }
    results
}

/// A board of a team match: the home team's North-South table first, and
/// the swing to the home team in IMPs.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchBoard {
    pub tables: [usize; 2],
    pub scores: [Option<i32>; 2],
    pub swing: Option<i32>,
}

/// The team-match boards among `records`, in the order of their first
/// table.
pub fn match_boards(records: &[Record]) -> Vec<MatchBoard> {
    let entries: Vec<Entry> = records.iter().map(Entry::of).collect();
    let mut boards = Vec::new();
    for tables in group(&entries) {
        let mut other: Vec<(usize, usize)> = opponents(&entries, &tables).into_iter().collect();
        other.sort_unstable();
        for (i, j) in other.into_iter().filter(|(i, j)| i < j) {
            let scores = [entries[i].score, entries[j].score];
            boards.push(MatchBoard {
                tables: [i, j],
                scores,
                swing: scores[0].zip(scores[1]).map(|(a, b)| imps(a - b)),
            });
        }
    }
    boards.sort_by_key(|m| m.tables[0]);
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(board: &str, score: i32, teams: Option<[&str; 2]>) -> Entry {
        Entry {
            board: Some(BoardKey {
                number: board.to_string(),
                deal: 7,
            }),
            score: Some(score),
            teams: teams.map(|t| t.map(String::from)),
            table: None,
        }
    }

    #[test]
    fn the_other_room_is_where_the_same_teams_sit_the_other_way_round() {
        let entries = [
            entry("1", 420, Some(["A", "B"])),
            entry("1", 100, Some(["C", "D"])),
            entry("1", -50, Some(["B", "A"])),
            entry("1", 100, Some(["D", "C"])),
        ];
        let tables = group(&entries);
        assert_eq!(tables, [vec![0, 1, 2, 3]]);
        let board = compare(&entries, &tables[0]);
        assert_eq!(board.tables[0].versus, Some(Versus::Table(2)));
        // 420 against -50 is 470 points: 10 IMPs.
        assert_eq!(
            board.tables.iter().map(|t| t.imps).collect::<Vec<_>>(),
            [Some(10), Some(0), Some(-10), Some(0)]
        );
        assert_eq!(
            board.tables.iter().map(|t| t.matchpoints).collect::<Vec<_>>(),
            [Some(6), Some(3), Some(0), Some(3)]
        );
    }

    #[test]
    fn a_field_without_teams_is_imped_against_the_datum() {
        let entries = [
            entry("1", 420, None),
            entry("1", 450, None),
            entry("2", 100, None),
        ];
        let tables = group(&entries);
        assert_eq!(tables, [vec![0, 1], vec![2]]);
        let board = compare(&entries, &tables[0]);
        assert_eq!(board.datum, Some(440));
        assert_eq!(board.tables[0].versus, Some(Versus::Datum(440)));
        assert_eq!(
            compare(&entries, &tables[1]).tables[0].imps,
            None,
            "a board played once has no IMPs"
        );
    }
}
