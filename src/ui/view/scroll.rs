//! A bordered pane whose middle rows scroll: a heading that stays (a
//! grid's seat names), the rows, and a foot that stays (tricks won). The
//! border says how many rows are hidden above (▲) and below (▼), and is
//! coloured while the scroll keys move this pane.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::ui::panes::{Anchor, Extent};
use crate::ui::theme::Theme;

#[derive(Default)]
pub struct PaneText {
    pub head: Vec<Line<'static>>,
    pub body: Vec<Line<'static>>,
    pub foot: Vec<Line<'static>>,
    /// Prose wraps at the pane's width; grids and tables are cut.
    pub wrap: bool,
    /// The body line that following the replay puts at the top; None for
    /// the last lines at the bottom.
    pub follow: Option<usize>,
}

impl PaneText {
    pub fn rows(body: Vec<Line<'static>>) -> PaneText {
        PaneText {
            body,
            ..PaneText::default()
        }
    }

    fn paragraph(&self) -> Paragraph<'_> {
        let p = Paragraph::new(self.body.clone());
        if self.wrap {
            p.wrap(Wrap { trim: false })
        } else {
            p
        }
    }

    /// The rows the body takes at this inner width, once wrapped.
    fn body_rows(&self, width: u16) -> usize {
        self.rows_of(self.body.len(), width)
    }

    /// The rows the body's first `lines` take at this inner width: lines
    /// wrap each on its own, so the first lines wrap as they do in all.
    fn rows_of(&self, lines: usize, width: u16) -> usize {
        let lines = &self.body[..lines.min(self.body.len())];
        if self.wrap && !lines.is_empty() {
            Paragraph::new(lines.to_vec())
                .wrap(Wrap { trim: false })
                .line_count(width)
        } else {
            lines.len()
        }
    }

    /// The rows each body line takes at this inner width.
    fn line_rows(&self, width: u16) -> impl Iterator<Item = usize> + '_ {
        self.body.iter().map(move |line| {
            if self.wrap {
                Paragraph::new(line.clone())
                    .wrap(Wrap { trim: false })
                    .line_count(width)
            } else {
                1
            }
        })
    }

    /// Where body row `top` stands at this inner width.
    pub fn anchor(&self, top: usize, width: u16) -> Anchor {
        let mut first = 0;
        for (i, rows) in self.line_rows(width).enumerate() {
            if top < first + rows {
                let from_end = self.body.len() - i;
                return Anchor {
                    from_end,
                    row: top - first,
                };
            }
            first += rows;
        }
        Anchor { from_end: 0, row: 0 }
    }

    /// The body row of `anchor` at this inner width: within its line, no
    /// further than the line's last row.
    pub fn row_of(&self, anchor: Anchor, width: u16) -> usize {
        let line = self.body.len().saturating_sub(anchor.from_end);
        let rows: Vec<usize> = self.line_rows(width).collect();
        let within = rows.get(line).map_or(0, |r| anchor.row.min(r.saturating_sub(1)));
        rows[..line.min(rows.len())].iter().sum::<usize>() + within
    }

    /// How far the text scrolls in a pane of this size (borders included).
    pub fn extent(&self, area: Rect) -> Extent {
        let inner = Block::bordered().inner(area);
        let fixed = self.head.len() + self.foot.len();
        Extent {
            rows: self.body_rows(inner.width),
            shown: (inner.height as usize).saturating_sub(fixed),
            follow: self.follow.map(|line| self.rows_of(line, inner.width)),
        }
    }

    /// Rows the pane wants to show all of its text, borders included, at
    /// this inner width.
    pub fn height(&self, width: u16) -> u16 {
        let rows = self.head.len() + self.foot.len() + self.body_rows(width);
        u16::try_from(rows + 2).unwrap_or(u16::MAX)
    }

    /// Columns the widest row takes, borders included.
    pub fn width(&self) -> u16 {
        let widest = self.head.iter().chain(&self.body).chain(&self.foot);
        let widest = widest.map(Line::width).max().unwrap_or(0);
        u16::try_from(widest + 2).unwrap_or(u16::MAX)
    }
}

pub struct ScrollBox<'a> {
    pub title: &'a str,
    pub text: &'a PaneText,
    /// Where the user scrolled it to, None to follow the replay.
    pub manual: Option<usize>,
    pub focused: bool,
    pub theme: Theme,
}

impl Widget for &ScrollBox<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let extent = self.text.extent(area);
        let top = extent.top(self.manual);
        let below = extent.rows.saturating_sub(top + extent.shown);
        let mut block = Block::bordered().title(format!(" {} ", self.title));
        if top > 0 {
            block = block.title_top(Line::styled(format!("▲{top}"), self.theme.accent()).right_aligned());
        }
        if below > 0 {
            block =
                block.title_bottom(Line::styled(format!("▼{below}"), self.theme.accent()).right_aligned());
        }
        if self.focused {
            block = block.border_style(self.theme.accent());
        }
        let inner = block.inner(area);
        block.render(area, buf);
        let (head, foot) = (self.text.head.len() as u16, self.text.foot.len() as u16);
        let heads = Rect {
            height: head.min(inner.height),
            ..inner
        };
        Paragraph::new(self.text.head.clone()).render(heads, buf);
        // The foot follows the last row where the rows leave room.
        let body = Rect {
            y: inner.y + heads.height,
            height: extent.shown.min(extent.rows) as u16,
            ..inner
        };
        let top = u16::try_from(top).unwrap_or(u16::MAX);
        self.text.paragraph().scroll((top, 0)).render(body, buf);
        let feet = Rect {
            y: body.bottom(),
            height: foot.min(inner.bottom().saturating_sub(body.bottom())),
            ..inner
        };
        Paragraph::new(self.text.foot.clone()).render(feet, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(n: usize) -> PaneText {
        PaneText {
            head: vec![Line::raw("head")],
            body: (1..=n).map(|i| Line::raw(format!("row {i}"))).collect(),
            foot: vec![Line::raw("foot")],
            wrap: false,
            follow: None,
        }
    }

    fn drawn(text: &PaneText, manual: Option<usize>) -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 6));
        let pane = ScrollBox {
            title: "T",
            text,
            manual,
            focused: false,
            theme: Theme::default(),
        };
        (&pane).render(buf.area, &mut buf);
        buf
    }

    #[test]
    fn the_last_rows_show_with_a_count_of_those_above() {
        let buf = drawn(&numbered(5), None);
        let text: Vec<String> = (0..6)
            .map(|y| (0..12).map(|x| buf[(x, y)].symbol()).collect())
            .collect();
        assert_eq!(
            text,
            [
                "┌ T ─────▲3┐",
                "│head      │",
                "│row 4     │",
                "│row 5     │",
                "│foot      │",
                "└──────────┘"
            ]
        );
    }

    #[test]
    fn scrolled_to_the_top_it_counts_those_below() {
        let buf = drawn(&numbered(5), Some(0));
        let bottom: String = (0..12).map(|x| buf[(x, 5)].symbol()).collect();
        let first: String = (0..12).map(|x| buf[(x, 2)].symbol()).collect();
        assert_eq!(
            (first.as_str(), bottom.as_str()),
            ("│row 1     │", "└────────▼3┘")
        );
    }

    #[test]
    fn an_anchor_keeps_its_line_at_another_width_and_after_lines_put_before() {
        let prose = |lines: &[&str]| PaneText {
            body: lines.iter().map(|l| Line::raw(l.to_string())).collect(),
            wrap: true,
            ..PaneText::default()
        };
        let text = prose(&["aaaa aaaa aaaa", "bbbb bbbb bbbb", "cccc"]);
        // At width 4 each word a row: row 4 is the second word of the b line.
        let anchor = text.anchor(4, 4);
        assert_eq!(anchor, Anchor { from_end: 2, row: 1 });
        assert_eq!(text.row_of(anchor, 4), 4);
        // Wider, the b line is one row; with a line put before it, one more.
        assert_eq!(text.row_of(anchor, 20), 1);
        let more = prose(&["tab", "aaaa aaaa aaaa", "bbbb bbbb bbbb", "cccc"]);
        assert_eq!(more.row_of(anchor, 4), 5);
    }
}
