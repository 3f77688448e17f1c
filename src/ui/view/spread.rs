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

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::{Color, Modifier};

    fn table(record: usize, score: Option<i32>) -> TableResult {
        TableResult {
            record,
            score,
            matchpoints: None,
            percent: None,
            imps: None,
            versus: None,
        }
    }

    /// Four tables, two of them at +420 (the one viewed among them), and
    /// one without a score.
    #[test]
    fn a_bar_a_score_best_first_the_viewed_score_in_colour() {
        let tables = [
            table(0, Some(420)),
            table(1, Some(-50)),
            table(2, None),
            table(3, Some(420)),
            table(4, Some(450)),
        ];
        let spread = Spread::of(&tables, 3);
        assert_eq!(spread.height(), 3);
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 4));
        spread.render(buf.area, &mut buf);
        let mut expected =
            Buffer::with_lines(["+450 1██    ", "+420 2██████", " -50 1██    ", "            "]);
        let value = Style::new().add_modifier(Modifier::REVERSED);
        let cyan = Style::new().fg(Color::Cyan);
        expected.set_style(Rect::new(5, 1, 7, 1), cyan);
        for y in 0..3 {
            expected.set_style(Rect::new(5, y, 1, 1), value);
        }
        expected.set_style(Rect::new(5, 1, 1, 1), cyan.add_modifier(Modifier::REVERSED));
        assert_eq!(buf, expected);
    }

    #[test]
    fn no_chart_for_a_single_score_nor_where_the_bars_do_not_all_fit() {
        assert_eq!(Spread::of(&[table(0, Some(420)), table(1, None)], 0).height(), 0);
        let tables = [table(0, Some(420)), table(1, Some(-50)), table(2, Some(100))];
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 2));
        Spread::of(&tables, 0).render(buf.area, &mut buf);
        assert_eq!(buf, Buffer::empty(Rect::new(0, 0, 12, 2)));
    }
}
