//! Rows of one-line cells under a heading row, in columns of given widths
//! a space apart: what ratatui's `Table` draws for the list, drawn
//! straight into the buffer, with an ellipsis where a cell is cut short.
//! The list redraws every row at each key, and the table's own cells (a
//! text and two style passes each, built and dropped every frame) cost
//! more than the text they hold.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

pub struct Grid<'a> {
    /// Each column's width.
    pub widths: &'a [u16],
    pub heading: Vec<Line<'static>>,
    pub heading_style: Style,
    pub rows: Vec<(Vec<Line<'static>>, Style)>,
}

impl Grid<'_> {
    /// The columns' places, as the table lays them out: from the left, a
    /// space apart, squeezed the same way where they do not fit.
    fn columns(&self, area: Rect) -> Vec<Rect> {
        let constraints = self.widths.iter().map(|&w| Constraint::Length(w));
        let row = Rect::new(0, 0, area.width, 1);
        let laid = Layout::horizontal(constraints)
            .flex(Flex::Start)
            .spacing(1)
            .split(row);
        laid.iter()
            .map(|c| Rect {
                x: area.x + c.x,
                ..*c
            })
            .collect()
    }
}

impl Widget for Grid<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let columns = self.columns(area);
        let heading = std::iter::once((self.heading, self.heading_style));
        for ((cells, style), y) in heading.chain(self.rows).zip(area.top()..area.bottom()) {
            buf.set_style(Rect::new(area.x, y, area.width, 1), style);
            for (cell, column) in cells.into_iter().zip(&columns) {
                let cut = cell.width() > usize::from(column.width) && column.width > 0;
                cell.render(Rect { y, ..*column }, buf);
                // A cell cut short says so, as the table would not.
                if cut {
                    buf[(column.right() - 1, y)].set_symbol("…");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier};
    use ratatui::widgets::{Row, Table};

    fn rows() -> Vec<(Vec<Line<'static>>, Style)> {
        let row = |cells: [&'static str; 3], style| {
            let mut cells: Vec<Line> = cells.into_iter().map(Line::raw).collect();
            cells[0] = std::mem::take(&mut cells[0]).right_aligned();
            (cells, style)
        };
        vec![
            row([" 1", "Smith-Jones v Lee", "4♠ S"], Style::new()),
            row(
                ["!22", "a name far too long for its column", ""],
                Style::new().bg(Color::Blue),
            ),
            row(["333", "", "3NT× W"], Style::new().add_modifier(Modifier::BOLD)),
        ]
    }

    /// The grid draws what ratatui's table draws from the same cells,
    /// styles too, roomy or squeezed, at an offset; but where a cell is cut
    /// short its last column is an ellipsis.
    #[test]
    fn the_grid_draws_what_the_table_draws() {
        let widths = [4, 12, 8];
        for area in [
            Rect::new(2, 1, 40, 5),
            Rect::new(0, 0, 20, 3),
            Rect::new(1, 1, 8, 6),
        ] {
            let heading: Vec<Line> = ["#", "Players", "Contract"].into_iter().map(Line::raw).collect();
            let strong = Style::new().add_modifier(Modifier::BOLD);
            let mut table = Buffer::empty(Rect::new(0, 0, 45, 8));
            let mut grid = table.clone();
            let constraints = widths.iter().map(|&w| Constraint::Length(w));
            let table_rows = rows().into_iter().map(|(c, s)| Row::new(c).style(s));
            Table::new(table_rows, constraints)
                .header(Row::new(heading.clone()).style(strong))
                .column_spacing(1)
                .render(area, &mut table);
            Grid {
                widths: &widths,
                heading,
                heading_style: strong,
                rows: rows(),
            }
            .render(area, &mut grid);
            let mut expected = table;
            for (x, y) in area.positions().map(|p| (p.x, p.y)) {
                if grid[(x, y)].symbol() == "…" {
                    expected[(x, y)].set_symbol("…");
                }
            }
            assert_eq!(grid, expected, "{area:?}");
        }
    }

    #[test]
    fn a_cell_cut_short_ends_in_an_ellipsis_and_no_other() {
        let area = Rect::new(0, 0, 30, 4);
        let mut buf = Buffer::empty(area);
        Grid {
            widths: &[4, 12, 8],
            heading: ["#", "Players", "Contract"].into_iter().map(Line::raw).collect(),
            heading_style: Style::new(),
            rows: rows().into_iter().map(|(c, _)| (c, Style::new())).collect(),
        }
        .render(area, &mut buf);
        let expected = Buffer::with_lines([
            "#    Players      Contract    ",
            "   1 Smith-Jones… 4♠ S        ",
            " !22 a name far …             ",
            " 333              3NT× W      ",
        ]);
        assert_eq!(buf, expected);
    }
}
