//! A team-match board once its play is over: both tables' contracts,
//! results and North-South scores, and the swing in IMPs to the team
//! sitting North-South at table 1.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::header::contract_short;
use crate::model::Record;
use crate::scoring::imps;
use crate::ui::theme::{Theme, sanitize};

pub struct SwingPane<'a> {
    /// The records at tables 1 and 2.
    pub tables: [&'a Record; 2],
    /// Which of the two is viewed.
    pub current: usize,
    pub theme: Theme,
}

/// Rows the pane fills: the two tables, the swing, and its borders.
pub const HEIGHT: u16 = 5;

impl SwingPane<'_> {
    fn table_line(&self, i: usize) -> Line<'static> {
        let r = self.tables[i];
        let mut spans = vec![Span::raw(format!("Table {}  ", i + 1))];
        if let Some(c) = r.contract() {
            spans.extend(contract_short(&c, self.theme));
        } else {
            spans.push(Span::raw("Pass"));
        }
        let over = r.played().and(r.result_text()).unwrap_or_default();
        let score = r.comparable_score().map(|s| format!("{s:+}")).unwrap_or_default();
        spans.push(Span::raw(format!(" {over:<3}{score:>6}")));
        let line = Line::from(spans);
        if i == self.current {
            line.style(self.theme.highlight())
        } else {
            line
        }
    }

    fn swing_line(&self) -> Line<'static> {
        let [first, second] = self.tables.map(Record::comparable_score);
        let Some(swing) = first.zip(second).map(|(a, b)| imps(a - b)) else {
            return Line::styled("no swing: a table's score is unknown", self.theme.dim());
        };
        let teams = self.tables[0].teams.as_ref().map(|t| &t.names);
        let text = match (swing, teams) {
            (0, _) => "Push: no swing".to_string(),
            (s, Some([home, _])) if s > 0 => format!("{} +{s} IMPs", sanitize(home)),
            (s, Some([_, away])) => format!("{} +{} IMPs", sanitize(away), -s),
            (s, None) => format!("{s:+} IMPs to table 1's N-S"),
        };
        Line::styled(text, self.theme.strong())
    }
}

impl Widget for &SwingPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = vec![self.table_line(0), self.table_line(1), self.swing_line()];
        Paragraph::new(lines)
            .block(Block::bordered().title(" Match, N-S scores "))
            .render(area, buf);
    }
}
