//! The whole file's results: the event's standings, as the file states
//! them (PBN's TotalScoreTable) or as kibitzer works them out, and for a
//! team match the running score board by board.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Row, StatefulWidget, Table, TableState, Widget, Wrap};

use super::paper::PaperPane;
use super::seat_label::truncate;
use super::stated_tables::boards_table;
use crate::model::TagTable;
use crate::scoring::pinochle::HandLine;
use crate::scoring::{Basis, StandingGroup};
use crate::ui::results::{MatchLine, ResultsState};
use crate::ui::theme::{Theme, sanitize};
use unicode_width::UnicodeWidthStr;

/// From this width the standings and the running score stand side by side.
const SIDE_BY_SIDE: u16 = 120;

pub struct StandingsScreen<'a> {
    pub results: &'a ResultsState,
    pub theme: Theme,
}

/// A cell of the file's table: a pair's two names, written `A;B`, as
/// `A - B`.
fn cell(text: &str) -> String {
    let parts: Vec<&str> = text.split(';').map(str::trim).filter(|p| !p.is_empty()).collect();
    sanitize(&parts.join(" - "))
}

/// Each column's width within `room` columns (each column with the two
/// spaces after it): as wide as its widest cell, the names first (a column
/// headed Name, Player, Pair or Team), then the rank and scores, then the
/// others (ids, clubs) from the left, the columns headed as in `first`
/// before all these, in its order; the first text that no longer fits
/// whole gets what is left, cut, and those after it none; a column of
/// numbers that does not fit is left out.
fn fit(heading: &[String], natural: &[usize], numeric: &[bool], first: &[&str], room: usize) -> Vec<usize> {
    let says = |c: usize, words: &[&str]| {
        let h = heading[c].to_lowercase();
        words.iter().any(|w| h.contains(w))
    };
    let name = |c: usize| says(c, &["name", "player", "pair or team", "team"]);
    let standing = |c: usize| !name(c) && says(c, &["rank", "score", "percent", "%", "mp", "imp"]);
    let columns = 0..heading.len();
    let mut order: Vec<usize> = columns.clone().filter(|&c| name(c)).collect();
    order.extend(columns.clone().filter(|&c| standing(c)));
    order.extend(columns.filter(|&c| !name(c) && !standing(c)));
    order.sort_by_key(|&c| first.iter().position(|f| heading[c] == *f).unwrap_or(first.len()));
    let mut left = room;
    let mut widths = vec![0; heading.len()];
    for c in order {
        let want = natural[c] + 2;
        if left >= want {
            widths[c] = natural[c];
            left -= want;
        } else if !numeric[c] && left >= 8 {
            // A number cut would say another number: only text is cut.
            widths[c] = left - 2;
            break;
        }
    }
    widths
}

/// A table of rows of text, each column as wide as its widest cell as far
/// as `room` columns allow, those headed as in `first` given room first:
/// cells cut show `…`, numbers stand right.
pub(super) fn text_table(
    heading: Vec<String>,
    rows: Vec<Vec<String>>,
    first: &[&str],
    room: u16,
    theme: Theme,
) -> Table<'static> {
    let natural: Vec<usize> = (0..heading.len())
        .map(|c| {
            let widest = rows.iter().filter_map(|r| r.get(c)).map(|s| s.width());
            widest.chain([heading[c].width()]).max().unwrap_or(0)
        })
        .collect();
    let numeric = |s: &String| s.parse::<f64>().is_ok();
    let numbers: Vec<bool> = (0..heading.len())
        .map(|c| rows.iter().filter_map(|r| r.get(c)).all(numeric))
        .collect();
    let widths = fit(&heading, &natural, &numbers, first, usize::from(room) + 2);
    let kept: Vec<usize> = (0..heading.len()).filter(|&c| widths[c] > 0).collect();
    let cells = |r: &[String]| -> Vec<Line<'static>> {
        (kept.iter())
            .map(|&c| {
                let text = truncate(r.get(c).map_or("", String::as_str), widths[c]);
                let number = r.get(c).is_some_and(numeric);
                if number {
                    Line::raw(text).right_aligned()
                } else {
                    Line::raw(text)
                }
            })
            .collect()
    };
    let header = Row::new(cells(&heading)).style(theme.strong());
    let body: Vec<Row> = rows.iter().map(|r| Row::new(cells(r))).collect();
    let constraints: Vec<Constraint> = kept
        .iter()
        .map(|&c| Constraint::Length(widths[c] as u16))
        .collect();
    Table::new(body, constraints).header(header).column_spacing(2)
}

/// The file's own table, its columns named without PBN's sort marks.
fn stated(table: &TagTable, room: u16, theme: Theme) -> Table<'static> {
    let heading = table
        .columns
        .iter()
        .map(|c| sanitize(c.trim_start_matches(['+', '-'])))
        .collect();
    let rows = table
        .rows
        .iter()
        .map(|r| r.iter().map(|c| cell(c)).collect())
        .collect();
    text_table(heading, rows, &[], room, theme)
}

/// The worked-out standings: a group's title in a row of its own where
/// the file holds several events or matches, the ranks counted afresh in
/// each.
fn computed(basis: Basis, groups: &[StandingGroup], room: u16, theme: Theme) -> Table<'static> {
    let score = |s: f64| match basis {
        Basis::Matchpoints => format!("{s:.2}"),
        Basis::Imps | Basis::Butler => format!("{s:+.0}"),
    };
    let mut rows = Vec::new();
    for group in groups {
        if let Some(title) = &group.title {
            rows.push(vec![String::new(), sanitize(title), String::new(), String::new()]);
        }
        rows.extend(group.rows.iter().enumerate().map(|(i, s)| {
            vec![
                (i + 1).to_string(),
                sanitize(&s.name),
                s.boards.to_string(),
                score(s.score),
            ]
        }));
    }
    let last = if basis == Basis::Matchpoints { "%" } else { "IMPs" };
    let heading = ["Rank", "Pair or team", "Boards", last]
        .map(String::from)
        .to_vec();
    text_table(heading, rows, &[], room, theme)
}

/// The running score: the teams named in the heading where the file is
/// one match, else in a row of their own where each match begins.
fn running(lines: &[MatchLine], room: u16, theme: Theme) -> Table<'static> {
    let signed = |s: Option<i32>| s.map(|s| format!("{s:+}")).unwrap_or_default();
    let one_match = lines.iter().all(|m| m.teams == lines[0].teams);
    let mut rows = Vec::new();
    for (i, m) in lines.iter().enumerate() {
        let starts = i == 0 || lines[i - 1].teams != m.teams;
        if starts && !one_match {
            let names = m.teams.iter().map(|t| sanitize(t));
            rows.push(
                ["", "", "", ""]
                    .map(String::from)
                    .into_iter()
                    .chain(names)
                    .collect(),
            );
        }
        let [first, second] = m.scores.map(signed);
        let totals = m.totals.map(|t| t.to_string());
        rows.push(vec![
            sanitize(&m.board),
            first,
            second,
            signed(m.swing),
            totals[0].clone(),
            totals[1].clone(),
        ]);
    }
    let teams = if one_match {
        lines[0].teams.clone().map(|t| sanitize(&t))
    } else {
        ["Team 1".to_string(), "Team 2".to_string()]
    };
    let heading = ["Board", "Table 1", "Table 2", "Swing"]
        .map(String::from)
        .into_iter()
        .chain(teams)
        .collect();
    text_table(heading, rows, &[], room, theme)
}

/// A Pinochle game hand by hand: a column per team, each hand's score
/// and the game's after it.
fn hands(lines: &[HandLine], room: u16, theme: Theme) -> Table<'static> {
    let plain = |n: Option<i32>| n.map_or("?".to_string(), |n| n.to_string());
    let signed = |n: Option<i32>| n.map_or("?".to_string(), |n| format!("{n:+}"));
    let teams = lines.last().map_or(0, |l| l.teams.len());
    let rows = lines
        .iter()
        .map(|h| {
            let mut row = vec![sanitize(h.hand.as_deref().unwrap_or("?"))];
            for t in 0..teams {
                let scored = h.scored.get(t).copied().flatten();
                let after = h.after.get(t).copied().flatten();
                row.push(format!("{} = {}", signed(scored), plain(after)));
            }
            row
        })
        .collect();
    let mut heading = vec!["Hand".to_string()];
    heading.extend(lines.last().iter().flat_map(|l| l.teams.iter().cloned()));
    text_table(heading, rows, &[], room, theme)
}

/// One box of the screen.
#[derive(Clone, Copy)]
enum Section {
    Stated,
    /// The boards' tables, as the file's ScoreTables state them.
    Boards,
    Computed,
    Running,
    Hands,
}

impl StandingsScreen<'_> {
    /// The boxes the file allows, in the order drawn.
    fn sections(&self) -> Vec<Section> {
        let s = &self.results.standings;
        let present = [
            (Section::Stated, s.stated.is_some()),
            (Section::Boards, !self.results.boards.is_empty()),
            (Section::Computed, s.computed.is_some()),
            (Section::Running, !self.results.running.is_empty()),
            (Section::Hands, !self.results.hands.is_empty()),
        ];
        present.into_iter().filter(|(_, p)| *p).map(|(s, _)| s).collect()
    }

    /// A section's table, `room` columns wide inside its box.
    fn table(&self, section: Section, room: u16) -> Table<'static> {
        let (s, theme) = (&self.results.standings, self.theme);
        match (section, &s.stated, &s.computed) {
            (Section::Stated, Some(t), _) => {
                stated(t, room, theme).block(Block::bordered().title(" Standings, as the file states them "))
            }
            (Section::Computed, _, Some((basis, rows))) => {
                let how = match basis {
                    Basis::Matchpoints => "matchpoint % per pair (Neuberg)",
                    Basis::Imps => "IMPs per team",
                    Basis::Butler => "IMPs per pair against the datum (Butler)",
                };
                computed(*basis, rows, room, theme)
                    .block(Block::bordered().title(format!(" Standings, worked out: {how} ")))
            }
            (Section::Boards, _, _) => {
                let boards = &self.results.boards;
                let title = match &boards[..] {
                    [one] if !one.board.is_empty() => format!(
                        " Board {}'s tables, as the file states them ",
                        sanitize(&one.board)
                    ),
                    _ => " Each board's tables, as the file states them ".to_string(),
                };
                boards_table(boards, room, theme).block(Block::bordered().title(title))
            }
            (Section::Hands, _, _) => hands(&self.results.hands, room, theme)
                .block(Block::bordered().title(" Game score, hand by hand ")),
            _ => running(&self.results.running, room, theme)
                .block(Block::bordered().title(" Running score, IMPs ")),
        }
    }
}

impl Widget for &StandingsScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if !self.results.sheets.is_empty() {
            let pane = PaperPane {
                sheets: &self.results.sheets,
                offset: self.results.offset,
                theme: self.theme,
            };
            return pane.render(area, buf);
        }
        let sections = self.sections();
        if sections.is_empty() {
            let why = no_results(self.results.records, self.results.left_out);
            let block = Block::bordered().title(" Standings ");
            return Paragraph::new(why)
                .wrap(Wrap { trim: true })
                .block(block)
                .render(area, buf);
        }
        let shares = vec![Constraint::Fill(1); sections.len()];
        let areas = if area.width >= SIDE_BY_SIDE {
            Layout::horizontal(shares).split(area)
        } else {
            Layout::vertical(shares).split(area)
        };
        for (&section, &rect) in sections.iter().zip(areas.iter()) {
            let mut state = TableState::default().with_offset(self.results.offset);
            let room = rect.width.saturating_sub(2);
            StatefulWidget::render(self.table(section, room), rect, buf, &mut state);
        }
    }
}

/// Why there is nothing to show: opened from a deal, only what was played
/// by then counts, which is no fault of the file's.
fn no_results(counted: usize, left_out: usize) -> String {
    if left_out > 0 {
        let total = counted + left_out;
        return format!(
            "No results yet: opened from a deal, they count only what was played before it, and the deal \
             itself once its end is reached ({counted} of {total} records). `r` from the list shows the whole file."
        );
    }
    "No standings: the file has no TotalScoreTable nor ScoreTable, its boards are not all played \
     at several tables with the players named, and no team match names its teams."
        .to_string()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn line(teams: [&str; 2], board: &str, swing: i32, totals: [i32; 2]) -> MatchLine {
        MatchLine {
            teams: teams.map(String::from),
            board: board.to_string(),
            scores: [Some(420), Some(-50)],
            swing: Some(swing),
            totals,
        }
    }

    /// The running score drawn 60 columns wide, row by row as text.
    fn rows(lines: Vec<MatchLine>) -> Vec<String> {
        text_rows(running(&lines, 60, Theme::default()), 60, 5)
    }

    /// A widget drawn `width` by `height`, each row as text, trimmed.
    pub(in crate::ui::view) fn text_rows(widget: impl Widget, width: u16, height: u16) -> Vec<String> {
        let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
        widget.render(buf.area, &mut buf);
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn one_match_names_its_teams_in_the_heading_several_in_rows_of_their_own() {
        let one = rows(vec![line(["Lions", "Tigers"], "1", 10, [10, 0])]);
        assert_eq!(one[0], "Board  Table 1  Table 2  Swing  Lions  Tigers");
        assert_eq!(one[1], "    1     +420      -50    +10     10       0");
        let two = rows(vec![
            line(["Lions", "Tigers"], "1", 10, [10, 0]),
            line(["Bears", "Wolves"], "1", 10, [10, 0]),
        ]);
        assert_eq!(two[0], "Board  Table 1  Table 2  Swing  Team 1  Team 2");
        assert_eq!(two[1], "                                Lions   Tigers");
        assert_eq!(two[3], "                                Bears   Wolves");
    }
}

#[cfg(test)]
mod fitting {
    use super::*;

    /// A club program's standings drawn `width` columns wide, as text.
    fn drawn(width: u16) -> Vec<String> {
        let words = |w: &[&str]| w.iter().map(ToString::to_string).collect::<Vec<String>>();
        let table = TagTable {
            name: "TotalScoreTable".to_string(),
            columns: words(&["Rank", "PairId", "MemberID1", "Names", "TotalPercentage", "Club"]),
            rows: vec![
                words(&[
                    "1",
                    "12",
                    "100001",
                    "Astrid Aasen-Bergersen - Bjørnar Christophersen",
                    "62.50",
                    "Nordre Aker BK",
                ]),
                words(&[
                    "2",
                    "7",
                    "100003",
                    "Cecilie Dahl - Dag Eriksen",
                    "37.50",
                    "Søndre BK",
                ]),
            ],
        };
        super::tests::text_rows(stated(&table, width, Theme::default()), width, 3)
    }

    #[test]
    fn names_get_their_room_before_id_columns_and_scores_are_never_cut() {
        assert_eq!(
            drawn(80),
            [
                "Rank  PairId  Names                                            TotalPercentage",
                "   1      12  Astrid Aasen-Bergersen - Bjørnar Christophersen            62.50",
                "   2       7  Cecilie Dahl - Dag Eriksen                                 37.50",
            ]
        );
    }

    #[test]
    fn names_wider_than_the_screen_are_cut_with_an_ellipsis() {
        let rows = drawn(30);
        assert_eq!(rows[1], "Astrid Aasen-Bergersen - Bjør…");
        assert_eq!(rows[2], "Cecilie Dahl - Dag Eriksen");
    }
}
