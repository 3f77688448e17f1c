//! A board's results across the tables that played it: each table's
//! contract, result and North-South score with its matchpoints (or IMPs
//! against the datum where the event is scored in IMPs), best for
//! North-South first, the table being viewed highlighted, and under them
//! the spread of the scores as a bar chart.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Row, StatefulWidget, Table, TableState, Widget};

use super::header::contract_short;
use super::spread::Spread;
use crate::model::{Outcome, Record, Seat};
use crate::scoring::{BoardResults, TableResult, board_results};
use crate::ui::theme::{Theme, sanitize};

/// From this inner width the pane names each table's North-South pair and
/// gives the matchpoints as a percentage too.
const WIDE: u16 = 44;

pub struct BoardPane<'a> {
    /// The board's tables: (record index, record), in file order.
    pub tables: &'a [(usize, &'a Record)],
    /// The record being viewed.
    pub current: usize,
    pub theme: Theme,
}

/// Whether the board is compared in IMPs against the datum (a teams or
/// Butler event) rather than in matchpoints.
fn in_imps(tables: &[(usize, &Record)]) -> bool {
    tables
        .iter()
        .any(|(_, r)| r.scoring.as_ref().is_some_and(|s| s.form.is_teams()))
}

impl BoardPane<'_> {
    /// The rows the pane would fill: its borders, a heading, a row a table
    /// and a bar for each different score.
    pub fn height(&self) -> u16 {
        let tables = self.tables.len() as u16;
        tables + 3 + Spread::of(&self.ranked(), self.current).height()
    }

    /// The tables' results, best for North-South first; tables without a
    /// score last, in file order.
    fn ranked(&self) -> Vec<TableResult> {
        let BoardResults { mut tables, .. } = board_results(self.tables);
        tables.sort_by_key(|t| (t.score.is_none(), std::cmp::Reverse(t.score)));
        tables
    }

    /// `Board 7 at 10 tables`, without the board's number (the header
    /// has it) where the pane is too narrow.
    fn title(&self, width: u16) -> String {
        let datum = board_results(self.tables).datum.filter(|_| in_imps(self.tables));
        let datum = datum.map(|d| format!(", datum {d:+}")).unwrap_or_default();
        let short = format!("{} tables{datum}", self.tables.len());
        let board = self.tables[0].1.board.as_ref();
        let full = board.map(|b| format!(" Board {} at {short} ", sanitize(&b.to_string())));
        full.filter(|f| f.chars().count() + 2 <= usize::from(width))
            .unwrap_or(format!(" {short} "))
    }

    fn row(&self, t: &TableResult, wide: bool, imps: bool) -> Row<'static> {
        let Some(&(_, r)) = self.tables.iter().find(|(i, _)| *i == t.record) else {
            return Row::default();
        };
        let contract = match r.contract() {
            Some(c) => Line::from(contract_short(&c, self.theme)),
            None if passed_out(r) => Line::raw("Pass"),
            None => Line::raw(""),
        };
        let over = r.played().and(r.result_text()).unwrap_or_default();
        let score = t.score.map(|s| format!("{s:+}")).unwrap_or_default();
        let points = if imps {
            t.imps.map(|i| format!("{i:+}"))
        } else {
            t.matchpoints.map(|m| m.to_string())
        };
        let viewed = t.record == self.current;
        let mut cells = vec![
            Line::raw(if viewed { "▸" } else { "" }),
            contract,
            Line::raw(over),
            Line::raw(score).right_aligned(),
            Line::raw(points.unwrap_or_default()).right_aligned(),
        ];
        if wide {
            let percent = t.percent.filter(|_| !imps).map(|p| format!("{p:.0}%"));
            cells.push(Line::raw(percent.unwrap_or_default()).right_aligned());
            cells.push(Line::raw(pair(r)));
        }
        let row = Row::new(cells);
        if viewed {
            row.style(self.theme.highlight())
        } else {
            row
        }
    }
}

fn passed_out(r: &Record) -> bool {
    r.result().and_then(|res| res.outcome) == Some(Outcome::PassedOut)
}

/// The North-South pair's names: `Ada-Ben`.
fn pair(r: &Record) -> String {
    let names: Vec<&str> = [Seat::North, Seat::South]
        .iter()
        .filter_map(|&s| r.player(s))
        .filter(|n| !n.is_empty())
        .collect();
    sanitize(&names.join("-"))
}

impl Widget for &BoardPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered().title(self.title(area.width));
        let inner = block.inner(area);
        block.render(area, buf);
        let ranked = self.ranked();
        let spread = Spread::of(&ranked, self.current).styled(self.theme);
        let [table, chart] = split(inner, ranked.len() as u16 + 1, spread.height());
        // The viewed table stays in view where not all of them fit.
        let viewed = ranked.iter().position(|t| t.record == self.current);
        let mut state = TableState::default().with_selected(viewed);
        StatefulWidget::render(self.table(&ranked, inner.width), table, buf, &mut state);
        spread.render(chart, buf);
    }
}

/// The table's rows and the chart's: the chart where it fits beside the
/// whole table, or beside a heading and four tables at least, the table
/// scrolling then.
fn split(inner: Rect, table: u16, chart: u16) -> [Rect; 2] {
    const FEWEST_ROWS: u16 = 5;
    let chart = if inner.height >= chart + table.min(FEWEST_ROWS) {
        chart
    } else {
        0
    };
    let table = inner.height.saturating_sub(chart).min(table);
    Layout::vertical([Constraint::Length(table), Constraint::Length(chart)]).areas(inner)
}

impl BoardPane<'_> {
    fn table(&self, ranked: &[TableResult], width: u16) -> Table<'static> {
        let (wide, imps) = (width >= WIDE, in_imps(self.tables));
        let mut widths = vec![
            Constraint::Length(1),
            Constraint::Length(8),
            Constraint::Length(2),
            Constraint::Length(6),
            Constraint::Length(4),
        ];
        let mut heading = vec!["", "Contract", "", "N-S", if imps { "IMPs" } else { "MP" }];
        if wide {
            widths.extend([Constraint::Length(4), Constraint::Fill(1)]);
            heading.extend(["", "North-South"]);
        }
        let heading =
            Row::new(heading.into_iter().map(|h| Line::from(Span::raw(h)))).style(self.theme.strong());
        let rows: Vec<Row> = ranked.iter().map(|t| self.row(t, wide, imps)).collect();
        Table::new(rows, widths).header(heading).column_spacing(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::model::SourceFormat;
    use ratatui::style::{Color, Modifier, Style};

    /// Board 7 at three tables: 4♠ made by North (+420), by South with an
    /// overtrick (+450), and 5♦ doubled by East three down (+500).
    const BOARD: &str = "F M\nB 7\nA NZ:1SP4SP:PP\nC 4S:N\nR 10\n\nB 7\nA NZ:1SP4SP:PP\nC 4S:S\nR 11\n\n\
B 7\nA NZ:1S5DXP:PP\nC 5DX:E\nR 8\n";

    #[test]
    fn tables_best_first_with_the_viewed_one_marked_and_the_spread() {
        let records: Vec<Record> = read_checked(BOARD.as_bytes(), SourceFormat::Rbn).collect();
        let tables: Vec<(usize, &Record)> = records.iter().enumerate().collect();
        let pane = BoardPane {
            tables: &tables,
            current: 0,
            theme: Theme::default(),
        };
        assert_eq!(pane.height(), 9);
        let mut buf = Buffer::empty(Rect::new(0, 0, 27, 9));
        (&pane).render(buf.area, &mut buf);
        let mut expected = Buffer::with_lines([
            "┌ Board 7 at 3 tables ────┐",
            "│  Contract    N-S    MP  │",
            "│  5♦× E    -3   +500    4│",
            "│  4♠ S     +1   +450    2│",
            "│▸ 4♠ N     =    +420    0│",
            "│+500 1███████████████████│",
            "│+450 1███████████████████│",
            "│+420 1███████████████████│",
            "└─────────────────────────┘",
        ]);
        expected.set_style(Rect::new(1, 1, 25, 1), Style::new().add_modifier(Modifier::BOLD));
        let red = Style::new().fg(Color::Red);
        expected.set_style(Rect::new(3, 2, 3, 1), red);
        expected.set_style(Rect::new(1, 4, 25, 1), Theme::default().highlight());
        let cyan = Style::new().fg(Color::Cyan);
        expected.set_style(Rect::new(6, 7, 20, 1), cyan);
        let value = Style::new().add_modifier(Modifier::REVERSED);
        for y in 5..8 {
            expected.set_style(Rect::new(6, y, 1, 1), value);
        }
        expected.set_style(Rect::new(6, 7, 1, 1), cyan.add_modifier(Modifier::REVERSED));
        assert_eq!(buf, expected);
    }
}
