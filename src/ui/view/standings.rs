//! The whole file's results: the event's standings, as the file states
//! them (PBN's TotalScoreTable) or as kibitzer works them out, and for a
//! team match the running score board by board.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Row, StatefulWidget, Table, TableState, Widget, Wrap};

use super::paper::PaperPane;
use crate::model::TagTable;
use crate::scoring::pinochle::HandLine;
use crate::scoring::{Basis, Standing};
use crate::ui::results::{MatchLine, ResultsState};
use crate::ui::theme::{Theme, sanitize};

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

/// A table of rows of text, each column as wide as its widest cell.
fn text_table(heading: Vec<String>, rows: Vec<Vec<String>>, theme: Theme) -> Table<'static> {
    let widths: Vec<Constraint> = (0..heading.len())
        .map(|c| {
            let widest = rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count());
            Constraint::Length(widest.chain([heading[c].chars().count()]).max().unwrap_or(0) as u16)
        })
        .collect();
    let numeric = |s: &String| s.parse::<f64>().is_ok();
    let rows = rows.into_iter().map(|r| {
        Row::new(r.into_iter().map(|c| {
            if numeric(&c) {
                Line::raw(c).right_aligned()
            } else {
                Line::raw(c)
            }
        }))
    });
    Table::new(rows, widths)
        .header(Row::new(heading).style(theme.strong()))
        .column_spacing(2)
}

/// The file's own table, its columns named without PBN's sort marks.
fn stated(table: &TagTable, theme: Theme) -> Table<'static> {
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
    text_table(heading, rows, theme)
}

fn computed(basis: Basis, rows: &[Standing], theme: Theme) -> Table<'static> {
    let score = |s: f64| match basis {
        Basis::Matchpoints => format!("{s:.2}"),
        Basis::Imps => format!("{s:+.0}"),
    };
    let rows = rows
        .iter()
        .enumerate()
        .map(|(i, s)| {
            vec![
                (i + 1).to_string(),
                sanitize(&s.name),
                s.boards.to_string(),
                score(s.score),
            ]
        })
        .collect();
    let last = if basis == Basis::Imps { "IMPs" } else { "%" };
    let heading = ["Rank", "Pair or team", "Boards", last]
        .map(String::from)
        .to_vec();
    text_table(heading, rows, theme)
}

/// The running score: the teams named in the heading where the file is
/// one match, else in a row of their own where each match begins.
fn running(lines: &[MatchLine], theme: Theme) -> Table<'static> {
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
    text_table(heading, rows, theme)
}

/// A Pinochle game hand by hand: a column per team, each hand's score
/// and the game's after it.
fn hands(lines: &[HandLine], theme: Theme) -> Table<'static> {
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
    text_table(heading, rows, theme)
}

/// One box of the screen.
#[derive(Clone, Copy)]
enum Section {
    Stated,
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
            (Section::Computed, s.computed.is_some()),
            (Section::Running, !self.results.running.is_empty()),
            (Section::Hands, !self.results.hands.is_empty()),
        ];
        present.into_iter().filter(|(_, p)| *p).map(|(s, _)| s).collect()
    }

    fn table(&self, section: Section) -> Table<'static> {
        let (s, theme) = (&self.results.standings, self.theme);
        match (section, &s.stated, &s.computed) {
            (Section::Stated, Some(t), _) => {
                stated(t, theme).block(Block::bordered().title(" Standings, as the file states them "))
            }
            (Section::Computed, _, Some((basis, rows))) => {
                let how = match basis {
                    Basis::Matchpoints => "matchpoint % per pair (Neuberg)",
                    Basis::Imps => "IMPs per team",
                };
                computed(*basis, rows, theme)
                    .block(Block::bordered().title(format!(" Standings, worked out: {how} ")))
            }
            (Section::Hands, _, _) => {
                hands(&self.results.hands, theme).block(Block::bordered().title(" Game score, hand by hand "))
            }
            _ => {
                running(&self.results.running, theme).block(Block::bordered().title(" Running score, IMPs "))
            }
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
            let why = "No standings: the file has no TotalScoreTable, its boards are not all played \
                       at several tables with the players named, and no team match names its teams.";
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
            StatefulWidget::render(self.table(section), rect, buf, &mut state);
        }
    }
}

#[cfg(test)]
mod tests {
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
        let mut buf = Buffer::empty(Rect::new(0, 0, 60, 5));
        Widget::render(running(&lines, Theme::default()), buf.area, &mut buf);
        (0..5)
            .map(|y| {
                (0..60)
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
