//! An event's standings: as the file states them (PBN's TotalScoreTable),
//! or computed from the boards when every table names its players:
//! matchpoint percentages per pair (Neuberg-adjusted where a board has
//! fewer results than the most any has), or IMPs per team from the team
//! match boards.

use std::collections::HashMap;

use super::board::{Entry, board_results, boards, match_boards};
use super::compare::{neuberg, top};
use crate::model::{Record, Seat, TagTable};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Average matchpoint percentage per pair.
    Matchpoints,
    /// Total IMPs per team.
    Imps,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// A pair's two names (`North - South`) or a team's name.
    pub name: String,
    pub boards: usize,
    /// The average percentage, or the IMPs won less the IMPs lost.
    pub score: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// The file's own table of the event's result, when it has one.
    pub stated: Option<TagTable>,
    /// Computed, best first; None when the file does not allow it.
    pub computed: Option<(Basis, Vec<Standing>)>,
}

pub fn standings(records: &[Record]) -> Standings {
    // A later table may only say `#`: the same columns as before.
    let stated = records
        .iter()
        .flat_map(|r| &r.tables)
        .find(|t| t.name == "TotalScoreTable" && t.columns.len() > 1)
        .cloned();
    let computed = team_standings(records)
        .map(|rows| (Basis::Imps, rows))
        .or_else(|| pair_standings(records).map(|rows| (Basis::Matchpoints, rows)));
    Standings { stated, computed }
}

/// Adds `score` for one board to `name`'s line.
fn credit(lines: &mut HashMap<String, (usize, f64)>, name: String, score: f64) {
    let line = lines.entry(name).or_default();
    line.0 += 1;
    line.1 += score;
}

fn ranked(lines: HashMap<String, (usize, f64)>, average: bool) -> Vec<Standing> {
    let mut rows: Vec<Standing> = lines
        .into_iter()
        .map(|(name, (boards, total))| Standing {
            name,
            boards,
            score: if average { total / boards as f64 } else { total },
        })
        .collect();
    rows.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.name.cmp(&b.name)));
    rows
}

/// A pair's two names, `North - South` or `East - West`, where the
/// record gives both.
pub fn pair_names(r: &Record, first: Seat, second: Seat) -> Option<String> {
    Some(format!("{} - {}", r.player(first)?, r.player(second)?))
}

/// Per pair, when every board has more than one table and every scored
/// table names its four players.
fn pair_standings(records: &[Record]) -> Option<Vec<Standing>> {
    let groups = boards(records);
    let results: Vec<_> = groups
        .iter()
        .map(|g| board_results(&g.iter().map(|&i| (i, &records[i])).collect::<Vec<_>>()))
        .collect();
    let most = results.iter().map(|b| b.scored).max()?;
    if most < 2 || results.iter().any(|b| b.scored < 2) {
        return None;
    }
    let full_top = f64::from(top(most));
    let mut lines = HashMap::new();
    for board in &results {
        for t in &board.tables {
            let Some(points) = t.matchpoints else { continue };
            let r = &records[t.record];
            let ns = pair_names(r, Seat::North, Seat::South)?;
            let ew = pair_names(r, Seat::East, Seat::West)?;
            let ns_points = neuberg(points, board.scored, most);
            let ew_points = neuberg(board.top - points, board.scored, most);
            credit(&mut lines, ns, 100.0 * ns_points / full_top);
            credit(&mut lines, ew, 100.0 * ew_points / full_top);
        }
    }
    Some(ranked(lines, true))
}

/// Per team, from every team-match board with both tables scored.
fn team_standings(records: &[Record]) -> Option<Vec<Standing>> {
    let mut lines = HashMap::new();
    for m in match_boards(records) {
        let (Some(swing), Some([home, visit])) = (m.swing, Entry::of(&records[m.tables[0]]).teams) else {
            continue;
        };
        credit(&mut lines, home, f64::from(swing));
        credit(&mut lines, visit, -f64::from(swing));
    }
    (!lines.is_empty()).then(|| ranked(lines, false))
}
