//! The spread of a board's scores as a bar chart: a bar for each different
//! North-South score, best first as in the table above it, as long as the
//! number of tables that scored it; the score of the table being viewed
//! stands out.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Bar, BarChart, Widget};

use crate::scoring::TableResult;
use crate::ui::theme::Theme;

/// The widest the chart is drawn, labels included.
const MOST_WIDTH: u16 = 40;

pub struct Spread {
    /// Each different score, best for North-South first, with how many
    /// tables scored it.
    counts: Vec<(i32, u64)>,
    /// The viewed table's score.
    current: Option<i32>,
    theme: Theme,
}

impl Spread {
    /// The spread of the scored tables, `current` being the record viewed.
    pub fn of(tables: &[TableResult], current: usize) -> Spread {
        let mut counts: Vec<(i32, u64)> = Vec::new();
        let mut scores: Vec<i32> = tables.iter().filter_map(|t| t.score).collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        for s in scores {
            match counts.last_mut() {
                Some((last, n)) if *last == s => *n += 1,
                _ => counts.push((s, 1)),
            }
        }
        let current = tables.iter().find(|t| t.record == current).and_then(|t| t.score);
        Spread {
            counts,
            current,
            theme: Theme::default(),
        }
    }

    pub fn styled(self, theme: Theme) -> Spread {
        Spread { theme, ..self }
    }

    /// Rows the chart needs, a bar each; none where there is nothing to
    /// compare (fewer than two scores).
    pub fn height(&self) -> u16 {
        let scored: u64 = self.counts.iter().map(|(_, n)| n).sum();
        if scored < 2 { 0 } else { self.counts.len() as u16 }
    }
}

impl Widget for Spread {
    /// Only when every bar fits: a chart cut short would misstate the spread.
    fn render(self, area: Rect, buf: &mut Buffer) {
        if self.height() == 0 || area.height < self.height() {
            return;
        }
        // Long bars on a wide pane say no more and are harder to compare.
        let area = Rect {
            width: area.width.min(MOST_WIDTH),
            ..area
        };
        let width = self
            .counts
            .iter()
            .map(|(s, _)| format!("{s:+}").len())
            .max()
            .unwrap_or(0);
        let bars: Vec<Bar> = self
            .counts
            .iter()
            .map(|&(score, n)| {
                let style = if Some(score) == self.current {
                    self.theme.accent()
                } else {
                    Style::new()
                };
                Bar::with_label(Line::raw(format!("{score:>+width$}")), n)
                    .text_value(format!("{n}"))
                    .style(style)
            })
            .collect();
        BarChart::horizontal(bars)
            .bar_width(1)
            .bar_gap(0)
            .value_style(self.theme.highlight())
            .render(area, buf);
    }
}
