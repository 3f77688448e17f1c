//! Rows of one-line cells under a heading row, in columns of given widths
//! a space apart: what ratatui's `Table` draws for the list, drawn
//! straight into the buffer, with an ellipsis where a cell is cut short.
//! The list redraws every row at each key, and the table's own cells (a
//! text and two style passes each, built and dropped every frame) cost
//! more than the text they hold.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Flex, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthStr;

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
                let from_right = cell.alignment == Some(Alignment::Right);
                cell.render(Rect { y, ..*column }, buf);
                if cut {
                    mark_cut(buf, Rect { y, ..*column }, from_right);
                }
            }
        }
    }
}

/// An ellipsis where a cell was cut short, as the table puts none: at the
/// right end of the text, or at the left of right-aligned text, whose
/// right end is what shows.
fn mark_cut(buf: &mut Buffer, place: Rect, from_right: bool) {
    let x = if from_right { place.x } else { place.right() - 1 };
    // The mark beside the first half of a wide character would be hidden
    // by it: the character goes.
    if !from_right && x > place.x && buf[(x - 1, place.y)].symbol().width() > 1 {
        buf[(x - 1, place.y)].set_symbol(" ");
    }
    buf[(x, place.y)].set_symbol("…");
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
    /// styles too, roomy or squeezed, at an offset; and an ellipsis marks
    /// each cell cut short, at the end that was cut.
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
                heading: heading.clone(),
                heading_style: strong,
                rows: rows(),
            }
            .render(area, &mut grid);
            // Where the table cuts a cell, the grid says so.
            let mut expected = table;
            let columns = Grid {
                widths: &widths,
                heading: Vec::new(),
                heading_style: strong,
                rows: Vec::new(),
            }
            .columns(area);
            let every = std::iter::once(heading.clone()).chain(rows().into_iter().map(|(c, _)| c));
            for (cells, y) in every.zip(area.top()..area.bottom()) {
                for (cell, column) in cells.iter().zip(&columns) {
                    if cell.width() > usize::from(column.width) && column.width > 0 {
                        let right = cell.alignment == Some(Alignment::Right);
                        let x = if right { column.x } else { column.right() - 1 };
                        expected[(x, y)].set_symbol("…");
                    }
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
        // A right-aligned number shows its end, a wide character is not
        // half kept beside the mark.
        let area = Rect::new(0, 0, 12, 2);
        let mut buf = Buffer::empty(area);
        let cells = vec![Line::raw("12345").right_aligned(), Line::raw("ab世界")];
        Grid {
            widths: &[4, 4],
            heading: vec![Line::raw("#"), Line::raw("Name")],
            heading_style: Style::new(),
            rows: vec![(cells, Style::new())],
        }
        .render(area, &mut buf);
        let expected = Buffer::with_lines(["#    Name   ", "…345 ab …   "]);
        assert_eq!(buf, expected);
    }
}
