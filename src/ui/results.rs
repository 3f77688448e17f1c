//! The state of the whole-file results screen: the event's standings and,
//! for a team match, the running score board by board. Worked out once,
//! when the screen is opened, from every record of the file.

use crate::model::Record;
use crate::scoring::pinochle::{HandLine, game_log};
use crate::scoring::preferans::{Sheet, games, sheets};
use crate::scoring::{ScoreRow, Standings, match_boards, standings, stated_tables};
use crate::ui::view::paper;

/// How far the results go when opened from a record: the records before
/// `end` count, and the record viewed names its game's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reached {
    pub record: usize,
    /// The record viewed, or the one after it once its end is reached.
    pub end: usize,
}

/// Files with more records than this are left to `kibitzer results`: the
/// viewer reads records as they are shown and keeps only a few.
pub const MOST_RECORDS: usize = 20_000;

/// One board of a team match as the running score shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchLine {
    /// The team North-South at table 1, and the other.
    pub teams: [String; 2],
    pub board: String,
    /// North-South's score at tables 1 and 2.
    pub scores: [Option<i32>; 2],
    /// IMPs to the first team.
    pub swing: Option<i32>,
    /// Each team's IMPs so far in this match, this board included.
    pub totals: [i32; 2],
}

/// A board's tables as the file's ScoreTable states them.
#[derive(Clone, Debug, PartialEq)]
pub struct StatedBoard {
    pub board: String,
    pub rows: Vec<ScoreRow>,
}

pub struct ResultsState {
    pub standings: Standings,
    /// The boards whose tables the file states: opened from a record, its
    /// board once the record's end is reached; else every board.
    pub boards: Vec<StatedBoard>,
    /// The boards of the file's team matches in file order, each match's
    /// total starting afresh where the teams change.
    pub running: Vec<MatchLine>,
    /// A Pinochle game hand by hand.
    pub hands: Vec<HandLine>,
    /// Each Preferans game's score sheet: only the game of the deal the
    /// screen was opened from, up to that deal.
    pub sheets: Vec<Sheet>,
    pub records: usize,
    /// Records after the one the screen was opened from, not counted.
    pub left_out: usize,
    /// Rows scrolled past.
    pub offset: usize,
}

/// The boards of the file's team matches in file order, each match's
/// total starting afresh where the teams change. A running score only
/// where the match names its teams, as the scoring's team standings do:
/// two tables of a board are not a match by themselves.
fn running(records: &[Record]) -> Vec<MatchLine> {
    let mut running: Vec<MatchLine> = Vec::new();
    for m in match_boards(records) {
        let first = &records[m.tables[0]];
        let Some(teams) = first.teams.as_ref().map(|t| t.names.clone()) else {
            continue;
        };
        let mut totals = match running.last() {
            Some(last) if last.teams == teams => last.totals,
            _ => [0, 0],
        };
        let won = m.swing.unwrap_or(0);
        totals[usize::from(won < 0)] += won.abs();
        running.push(MatchLine {
            teams,
            board: first.board.as_ref().map(ToString::to_string).unwrap_or_default(),
            scores: m.scores,
            swing: m.swing,
            totals,
        });
    }
    running
}

/// The boards among `records` whose ScoreTable lists their tables.
fn stated_boards(records: &[Record]) -> Vec<StatedBoard> {
    (records.iter())
        .map(|r| StatedBoard {
            board: r.board.as_ref().map(ToString::to_string).unwrap_or_default(),
            rows: stated_tables(r),
        })
        .filter(|b| !b.rows.is_empty())
        .collect()
}

impl ResultsState {
    /// The results of `records`; opened from a record, of those it has
    /// reached, with the sheet of its game up to it.
    pub fn of(records: &[Record], reached: Option<Reached>) -> ResultsState {
        let counted = &records[..reached.map_or(records.len(), |r| r.end.min(records.len()))];
        ResultsState {
            standings: standings(counted),
            // The viewed record is counted once its end is reached.
            boards: stated_boards(match reached {
                Some(r) => counted.get(r.record..).unwrap_or_default(),
                None => counted,
            }),
            running: running(counted),
            hands: game_log(counted),
            sheets: match reached {
                Some(r) => (games(records).into_iter().filter(|g| g.contains(&r.record)))
                    .map(|g| Sheet::of(records, g, Some(r.end)))
                    .collect(),
                None => sheets(records),
            },
            records: counted.len(),
            left_out: records.len() - counted.len(),
            offset: 0,
        }
    }

    /// Scrolls by `rows`, no further than the longest table.
    pub fn scroll(&mut self, rows: isize) {
        let stated = self.standings.stated.as_ref().map_or(0, |t| t.rows.len());
        let computed = (self.standings.computed.iter().flat_map(|(_, groups)| groups))
            .map(|g| g.rows.len() + usize::from(g.title.is_some()))
            .sum::<usize>();
        let paper = paper::all_lines(&self.sheets, 0).len();
        let boards = self.boards.iter().map(|b| b.rows.len()).sum::<usize>();
        let longest = stated
            .max(boards)
            .max(computed)
            .max(self.running.len())
            .max(self.hands.len())
            .max(paper);
        self.offset = self
            .offset
            .saturating_add_signed(rows)
            .min(longest.saturating_sub(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::model::SourceFormat;

    fn state(text: &str) -> ResultsState {
        let records: Vec<Record> = read_checked(text.as_bytes(), SourceFormat::Rbn).collect();
        ResultsState::of(&records, None)
    }

    const MATCH: &str = "E Teams\nF I\nK Lions:Tigers\nB 1\nA NZ:1SP4SP:PP\nC 4S:N\nR 10\n!\nA NZ:1SP4SP:PP\nC 4S:N\nR 9\n\nB 2\nA NZ:1SP4SP:PP\nC 4S:N\nR 10\n!\nA NZ:1SP4SP:PP\nC 4S:N\nR 11\n";

    #[test]
    fn the_running_score_adds_each_board_to_the_team_that_won_it() {
        let s = state(MATCH);
        let swings: Vec<_> = s.running.iter().map(|m| (m.swing, m.totals)).collect();
        assert_eq!(swings, [(Some(10), [10, 0]), (Some(-1), [10, 1])]);
        assert_eq!(s.running[1].teams, ["Lions".to_string(), "Tigers".to_string()]);
    }

    #[test]
    fn each_match_has_its_own_running_score() {
        let second = MATCH.replace("Lions:Tigers", "Bears:Wolves");
        let s = state(&format!("{MATCH}\n{second}"));
        let totals: Vec<_> = s
            .running
            .iter()
            .map(|m| (m.teams[0].as_str(), m.totals))
            .collect();
        let expected = [
            ("Lions", [10, 0]),
            ("Lions", [10, 1]),
            ("Bears", [10, 0]),
            ("Bears", [10, 1]),
        ];
        assert_eq!(totals, expected);
    }

    /// Two boards each with the tables a club program states.
    const STATED: &str = "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T98.T9 6.J6.J76.J876432\"]\n\
[ScoreTable \"Table\\1R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;MP_NS\\4R\"]\n1 6NT N 13 1020 2\n2 3S E 9 -140 0\n\n\
[Board \"2\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T98.T9 6.J6.J76.J876432\"]\n\
[ScoreTable \"Table\\1R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R;MP_NS\\4R\"]\n1 3NT S 9 600 1\n";

    #[test]
    fn the_boards_tables_are_every_boards_or_from_a_record_its_own_once_reached() {
        let records: Vec<Record> = read_checked(STATED.as_bytes(), SourceFormat::Pbn).collect();
        let contracts = |s: ResultsState| -> Vec<(String, Vec<String>)> {
            let each = |b: &StatedBoard| b.rows.iter().filter_map(|r| r.contract.clone()).collect();
            s.boards.iter().map(|b| (b.board.clone(), each(b))).collect()
        };
        let whole = contracts(ResultsState::of(&records, None));
        assert_eq!(
            whole,
            [
                ("1".into(), vec!["6NT".into(), "3S".into()]),
                ("2".into(), vec!["3NT".into()])
            ]
        );
        let reached = |end| ResultsState::of(&records, Some(Reached { record: 1, end }));
        assert_eq!(
            contracts(reached(2)),
            [("2".to_string(), vec!["3NT".to_string()])]
        );
        assert!(
            contracts(reached(1)).is_empty(),
            "board 2's tables before its end"
        );
    }

    #[test]
    fn scrolling_stops_at_the_last_row() {
        let mut s = state(MATCH);
        s.scroll(5);
        assert_eq!(s.offset, 1);
        s.scroll(-9);
        assert_eq!(s.offset, 0);
    }
}
