//! An event's standings: as the file states them (PBN's TotalScoreTable),
//! or computed from the boards when every table names its players:
//! matchpoint percentages per pair (Neuberg-adjusted where a board has
//! fewer results than the most any has), IMPs per pair against each
//! board's datum where a pairs event is scored in IMPs (Butler), or IMPs
//! per team from the team match boards.

use std::collections::HashMap;

use super::board::{Entry, board_results, boards, match_boards};
use super::compare::{neuberg, top};
use crate::model::{Record, ScoringForm, Seat, TagTable};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Average matchpoint percentage per pair.
    Matchpoints,
    /// Total IMPs per pair against each board's datum (Butler): a pairs
    /// event scored in IMPs.
    Butler,
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

/// The standings of one event, or of one match of a folder of them.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingGroup {
    /// The event and the teams, where the file holds more than one group.
    pub title: Option<String>,
    /// Best first.
    pub rows: Vec<Standing>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// The file's own table of the event's result, when it has one.
    pub stated: Option<TagTable>,
    /// Computed; None when the file does not allow it.
    pub computed: Option<(Basis, Vec<StandingGroup>)>,
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
        .or_else(|| {
            let (basis, rows) = pair_standings(records)?;
            Some((basis, vec![StandingGroup { title: None, rows }]))
        });
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
/// table names its four players: in IMPs against the datum where the
/// event is scored in IMPs, else in matchpoints.
fn pair_standings(records: &[Record]) -> Option<(Basis, Vec<Standing>)> {
    let groups = boards(records);
    let results: Vec<_> = groups
        .iter()
        .map(|g| board_results(&g.iter().map(|&i| (i, &records[i])).collect::<Vec<_>>()))
        .collect();
    let most = results.iter().map(|b| b.scored).max()?;
    if most < 2 || results.iter().any(|b| b.scored < 2) {
        return None;
    }
    let butler = records
        .iter()
        .any(|r| r.scoring.as_ref().is_some_and(|s| s.form == ScoringForm::Imps));
    let full_top = f64::from(top(most));
    let mut lines = HashMap::new();
    for board in &results {
        for t in &board.tables {
            let r = &records[t.record];
            let (ns_score, ew_score) = if butler {
                let Some(imps) = t.imps else { continue };
                (f64::from(imps), -f64::from(imps))
            } else {
                let Some(points) = t.matchpoints else { continue };
                let ns_points = neuberg(points, board.scored, most);
                let ew_points = neuberg(board.top - points, board.scored, most);
                (100.0 * ns_points / full_top, 100.0 * ew_points / full_top)
            };
            credit(&mut lines, pair_names(r, Seat::North, Seat::South)?, ns_score);
            credit(&mut lines, pair_names(r, Seat::East, Seat::West)?, ew_score);
        }
    }
    let basis = if butler { Basis::Butler } else { Basis::Matchpoints };
    Some((basis, ranked(lines, !butler)))
}

/// A match board's teams, home first, in their event, and the IMPs it
/// gave the home team.
struct Meeting {
    event: String,
    teams: [String; 2],
    swing: i32,
}

/// Per team, from every team-match board with both tables scored: the
/// teams that met, directly or through others, in one event stand in one
/// table, so that a folder of different matches or events is not mixed.
fn team_standings(records: &[Record]) -> Option<Vec<StandingGroup>> {
    let meetings: Vec<Meeting> = (match_boards(records).into_iter())
        .filter_map(|m| {
            let first = &records[m.tables[0]];
            Some(Meeting {
                event: first.event.as_ref().map(|e| e.first.clone()).unwrap_or_default(),
                teams: Entry::of(first).teams?,
                swing: m.swing?,
            })
        })
        .collect();
    let met = groups_met(&meetings);
    let mut order: Vec<usize> = Vec::new();
    let mut lines: HashMap<usize, HashMap<String, (usize, f64)>> = HashMap::new();
    for (m, &group) in meetings.iter().zip(&met) {
        if !order.contains(&group) {
            order.push(group);
        }
        let [home, visit] = m.teams.clone();
        let group_lines = lines.entry(group).or_default();
        credit(group_lines, home, f64::from(m.swing));
        credit(group_lines, visit, -f64::from(m.swing));
    }
    let several = order.len() > 1;
    let groups = order.iter().map(|g| {
        let rows = ranked(lines.remove(g).unwrap_or_default(), false);
        // A group is numbered by its first meeting.
        let title = several.then(|| group_title(&meetings[*g].event, &rows));
        StandingGroup { title, rows }
    });
    let groups: Vec<StandingGroup> = groups.collect();
    (!groups.is_empty()).then_some(groups)
}

/// Each meeting's group: the teams of one event joined by the boards they
/// played against each other, numbered by the group's first meeting.
fn groups_met(meetings: &[Meeting]) -> Vec<usize> {
    let mut team: HashMap<(&str, &str), usize> = HashMap::new();
    let mut group: Vec<usize> = (0..meetings.len()).collect();
    let root = |group: &[usize], mut g: usize| {
        while group[g] != g {
            g = group[g];
        }
        g
    };
    for (i, m) in meetings.iter().enumerate() {
        for name in &m.teams {
            // A team met before puts this meeting in its group.
            if let Some(&before) = team.get(&(m.event.as_str(), name.as_str())) {
                let (a, b) = (root(&group, before), root(&group, i));
                group[a.max(b)] = a.min(b);
            }
            team.insert((m.event.as_str(), name.as_str()), i);
        }
    }
    (0..meetings.len()).map(|i| root(&group, i)).collect()
}

/// `Event · Lions v Tigers` for a match, the event alone for more teams.
fn group_title(event: &str, rows: &[Standing]) -> String {
    let teams = match rows {
        [a, b] => format!("{} v {}", a.name, b.name),
        _ => String::new(),
    };
    let parts: Vec<&str> = [event, teams.as_str()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect();
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::model::SourceFormat;

    /// A board of a team match in RBN: 4♠ by North at both tables, ten
    /// tricks at the first and `other` at the second.
    fn board(event: &str, teams: &str, number: u8, other: u8) -> String {
        let table = "A NZ:1SP4SP:PP\nC 4S:N\n";
        format!("E {event}\nF I\nK {teams}\nB {number}\n{table}R 10\n!\n{table}R {other}\n\n")
    }

    /// A group's title and each team's name and IMPs.
    type Group = (Option<String>, Vec<(String, f64)>);

    fn groups(text: &str) -> Vec<Group> {
        let records: Vec<Record> = read_checked(text.as_bytes(), SourceFormat::Rbn).collect();
        let (basis, groups) = standings(&records).computed.expect("standings");
        assert_eq!(basis, Basis::Imps);
        let rows = |g: &StandingGroup| g.rows.iter().map(|s| (s.name.clone(), s.score)).collect();
        groups.iter().map(|g| (g.title.clone(), rows(g))).collect()
    }

    fn team(name: &str, imps: f64) -> (String, f64) {
        (name.to_string(), imps)
    }

    /// A pairs event scored in IMPs: three tables of a board, each pair
    /// named. IMP scoring made every two tables a team match, IMPed against
    /// each other and ranked in matchpoints; they are tables of one board,
    /// IMPed against the datum, and the pairs rank by their IMPs.
    #[test]
    fn a_pairs_event_scored_in_imps_ranks_pairs_by_imps_against_the_datum() {
        let deal = "N:AKQ.AKQ.AKQ.AKQJ 432.432.432.5432 JT9.JT9.JT9.T987 8765.8765.8765.6";
        let table = |ns: &str, ew: &str, contract: &str, result: u8| {
            format!(
                "[Event \"Club\"]\n[Board \"1\"]\n[North \"{ns}1\"]\n[South \"{ns}2\"]\n\
                 [East \"{ew}1\"]\n[West \"{ew}2\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                 [Deal \"{deal}\"]\n[Scoring \"IMP\"]\n[Declarer \"N\"]\n[Contract \"{contract}\"]\n\
                 [Result \"{result}\"]\n\n"
            )
        };
        let text = [
            table("A", "B", "6NT", 13),
            table("C", "D", "3NT", 13),
            table("E", "F", "7NT", 13),
        ]
        .concat();
        let records: Vec<Record> = read_checked(text.as_bytes(), SourceFormat::Pbn).collect();
        assert!(records.iter().all(|r| r.table.is_none()), "no team match");
        let (basis, groups) = standings(&records).computed.expect("standings");
        assert_eq!(basis, Basis::Butler);
        let rows: Vec<(String, f64)> = groups[0].rows.iter().map(|s| (s.name.clone(), s.score)).collect();
        // +1020, +520, +1520: the datum of three is their mean, 1020.
        assert_eq!(
            rows,
            [
                team("D1 - D2", 11.0),
                team("E1 - E2", 11.0),
                team("A1 - A2", 0.0),
                team("B1 - B2", 0.0),
                team("C1 - C2", -11.0),
                team("F1 - F2", -11.0),
            ]
        );
    }

    #[test]
    fn each_match_of_a_folder_has_its_own_standings() {
        let text = [
            board("Cup", "Lions:Tigers", 1, 9),
            board("League", "Bears:Wolves", 1, 11),
            board("Cup", "Lions:Tigers", 2, 10),
        ]
        .concat();
        let cup = Some("Cup · Lions v Tigers".to_string());
        let league = Some("League · Wolves v Bears".to_string());
        assert_eq!(
            groups(&text),
            [
                (cup, vec![team("Lions", 10.0), team("Tigers", -10.0)]),
                (league, vec![team("Wolves", 1.0), team("Bears", -1.0)]),
            ]
        );
    }

    #[test]
    fn teams_that_met_through_others_in_one_event_stand_in_one_table() {
        let text = [
            board("Round robin", "Lions:Tigers", 1, 9),
            board("Round robin", "Tigers:Bears", 2, 11),
        ]
        .concat();
        let all = vec![team("Lions", 10.0), team("Bears", 1.0), team("Tigers", -11.0)];
        assert_eq!(groups(&text), [(None, all)]);
    }
}
