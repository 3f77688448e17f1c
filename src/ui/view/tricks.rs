//! The trick table: a row per trick, cards under their seats, the leader
//! marked and the winner highlighted; tricks won by each side below.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::analysis::PlayTricks;
use crate::model::{Rules, Seat};
use crate::replay::{Position, Step};
use crate::ui::seating::Seating;
use crate::ui::theme::Theme;

const CELL: usize = 6;

pub struct TrickTable<'a> {
    /// The cards played so far.
    pub steps: &'a [Step],
    pub position: &'a Position,
    pub game: Rules,
    /// Points each trick took, where the record gives them (Pinochle).
    pub points: &'a [Option<u32>],
    /// Double-dummy analysis of the play, to mark the cards that cost
    /// tricks.
    pub costs: Option<&'a PlayTricks>,
    /// Declarer's double-dummy tricks now, under the tricks won.
    pub dd_now: Option<Line<'static>>,
    /// Bridge's columns, as the auction's.
    pub seating: Seating,
    pub theme: Theme,
}

impl TrickTable<'_> {
    /// `trick` holds each card's index in the play with its step.
    fn trick_line(&self, number: usize, trick: &[(usize, &Step)]) -> Line<'static> {
        let t = self.theme;
        let mut spans = vec![Span::styled(format!("{number:>2}  "), t.dim())];
        let winner = trick.last().and_then(|(_, s)| s.winner);
        for &seat in &self.columns() {
            let Some(&(k, step)) = trick.iter().find(|(_, s)| s.seat == seat) else {
                spans.push(Span::raw(" ".repeat(CELL)));
                continue;
            };
            let lead = trick.first().is_some_and(|(_, s)| s.seat == seat);
            let mut card = step.card.map_or(Span::raw("?"), |c| t.card(c.suit, c.rank));
            if winner == Some(seat) {
                card = card.patch_style(t.highlight());
            }
            let mut width = unicode_width::UnicodeWidthStr::width(card.content.as_ref()) + 1;
            spans.push(Span::styled(if lead { "▸" } else { " " }, t.accent()));
            spans.push(card);
            let cost = self.costs.map_or(0, |c| c.cost(k));
            if cost > 0 {
                let mark = format!("-{cost}");
                width += mark.len();
                spans.push(Span::styled(mark, t.warning()));
            }
            spans.push(Span::raw(" ".repeat(CELL.saturating_sub(width))));
        }
        if let Some(Some(p)) = self.points.get(number - 1).filter(|_| winner.is_some()) {
            spans.push(Span::styled(format!("{p:>2}"), t.dim()));
        }
        Line::from(spans)
    }
}

/// A column heading narrow enough for six or eight seats.
fn short(seat: Seat) -> &'static str {
    match seat {
        Seat::NorthEast => "N-E",
        Seat::SouthEast => "S-E",
        Seat::SouthWest => "S-W",
        Seat::NorthWest => "N-W",
        s => s.name(),
    }
}

impl TrickTable<'_> {
    /// A column per seat: from the reader's left in bridge, as its players
    /// read a table; clockwise from North elsewhere.
    fn columns(&self) -> Vec<Seat> {
        if self.game == Rules::Bridge {
            self.seating.columns().to_vec()
        } else {
            self.game.seats().to_vec()
        }
    }

    /// Tricks won: by side in bridge, by player where each plays alone.
    fn won(&self) -> String {
        if self.game == Rules::Bridge {
            let (ns, ew) = self.position.tricks_won();
            return format!("NS {ns}  EW {ew}");
        }
        let count = |seat: Seat| self.position.winners.iter().filter(|w| **w == Some(seat)).count();
        let per_player: Vec<String> = self
            .game
            .seats()
            .iter()
            .map(|&s| format!("{} {}", s.name(), count(s)))
            .collect();
        per_player.join("  ")
    }
}

impl Widget for &TrickTable<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered().title(" Tricks ");
        let inner = block.inner(area);
        block.render(area, buf);
        let header: String = self
            .columns()
            .iter()
            .map(|s| format!("{:<CELL$}", short(*s)))
            .collect();
        let mut lines = vec![Line::styled(format!("    {header}"), self.theme.strong())];
        let mut tricks: Vec<Vec<(usize, &Step)>> = Vec::new();
        for (k, step) in self.steps.iter().enumerate() {
            match tricks.last_mut() {
                Some(last) if last.first().is_some_and(|(_, s)| s.trick == step.trick) => {
                    last.push((k, step))
                }
                _ => tricks.push(vec![(k, step)]),
            }
        }
        let rows: Vec<Line> = tricks
            .iter()
            .enumerate()
            .map(|(i, t)| self.trick_line(i + 1, t))
            .collect();
        // The latest tricks stay in view when they do not all fit.
        let room = (inner.height as usize).saturating_sub(2 + usize::from(self.dd_now.is_some()));
        lines.extend(rows.iter().skip(rows.len().saturating_sub(room)).cloned());
        lines.push(Line::styled(self.won(), self.theme.strong()));
        lines.extend(self.dd_now.clone());
        Paragraph::new(lines).render(inner, buf);
    }
}
