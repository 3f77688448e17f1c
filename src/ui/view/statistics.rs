//! The statistics screen: each frequency a chart of bars, value by value
//! in the game's order, each average a line; two columns of charts where
//! the screen is wide enough, scrolled together.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

use crate::filter::Frequency;
use crate::ui::statistics::{Chart, StatisticsState};
use crate::ui::theme::{Theme, sanitize};

/// Columns of charts from this width on.
const TWO_COLUMNS: u16 = 110;

/// The widest bar.
const BAR: usize = 24;

pub struct StatisticsScreen<'a> {
    pub state: &'a StatisticsState,
    pub theme: Theme,
}

impl Widget for &StatisticsScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let charts: Vec<Vec<Line<'static>>> =
            self.state.charts.iter().map(|c| chart(c, self.theme)).collect();
        let columns = if area.width >= TWO_COLUMNS { 2 } else { 1 };
        let mut lines: Vec<Vec<Line<'static>>> = vec![Vec::new(); columns];
        // Each chart goes to the shorter column, so that they come out even.
        for chart in charts {
            let shortest = (0..columns).min_by_key(|&c| lines[c].len()).unwrap_or(0);
            if !lines[shortest].is_empty() {
                lines[shortest].push(Line::default());
            }
            lines[shortest].extend(chart);
        }
        let areas = Layout::horizontal(vec![Constraint::Fill(1); columns])
            .spacing(2)
            .split(area);
        let offset = self.state.offset.min(u16::MAX as usize) as u16;
        for (lines, &column) in lines.into_iter().zip(areas.iter()) {
            Paragraph::new(lines).scroll((offset, 0)).render(column, buf);
        }
    }
}

fn chart(chart: &Chart, theme: Theme) -> Vec<Line<'static>> {
    match chart {
        Chart::Frequency(q, f) => frequency(&sanitize(q.text()), f, theme),
        Chart::Average(q, a) => {
            let text = sanitize(q.text());
            let said = match a.mean() {
                Some(mean) => format!("{mean:.2} over {}", super::records(a.count)),
                None => "no record has one".to_string(),
            };
            vec![Line::from(vec![
                Span::styled(format!("average {text}: "), theme.strong()),
                Span::raw(said),
            ])]
        }
    }
}

fn frequency(text: &str, f: &Frequency, theme: Theme) -> Vec<Line<'static>> {
    let without = if f.without > 0 {
        format!(", {} without one", f.without)
    } else {
        String::new()
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("frequency {text}"), theme.strong()),
        Span::styled(format!("  {}{without}", super::records(f.total())), theme.dim()),
    ])];
    let rows = f.rows(BAR);
    let width = rows.iter().map(|r| sanitize(&r.value).width()).max().unwrap_or(0);
    for r in rows {
        lines.push(Line::from(vec![
            Span::raw(format!(
                " {:<width$} {:>6} {:5.1}% ",
                sanitize(&r.value),
                r.count,
                r.percent
            )),
            Span::styled("█".repeat(r.bar), theme.accent()),
        ]));
    }
    lines
}
