//! The trick table: a row per trick, cards under their seats, the leader
//! marked and the winner highlighted and marked `*`; tricks won by each
//! side below, and where a claim ends the play, what each side ends with.

use ratatui::text::{Line, Span};

use super::auction::note_mark;
use super::card_table::WON;
use super::scroll::PaneText;
use crate::analysis::PlayTricks;
use crate::model::{Annotation, PlayEntry, Rules, Seat};
use crate::replay::{Position, Step};
use crate::ui::seating::Seating;
use crate::ui::theme::Theme;

/// The narrowest column: a lead mark, a card of three letters (♠10), a
/// space; as wide as the longest name of a seat and a space.
const CELL: usize = 6;

pub struct TrickTable<'a> {
    /// The cards played so far.
    pub steps: &'a [Step],
    /// The record's plays, for the marks on the cards (`!`, `?`, notes).
    pub entries: &'a [&'a PlayEntry],
    /// Tricks played before the record begins (an ending starts late).
    pub before: usize,
    pub position: &'a Position,
    pub game: Rules,
    /// Points each trick took, where the record gives them (Pinochle).
    pub points: &'a [Option<u32>],
    /// Pinochle's teams, the counters each has taken so far, and once the
    /// last trick is taken, the team that took it and its bonus.
    pub counters: Option<Counters>,
    /// Double-dummy analysis of the play, to mark the cards that cost
    /// tricks.
    pub costs: Option<&'a PlayTricks>,
    /// Declarer's double-dummy tricks now, under the tricks won.
    pub dd_now: Option<Line<'static>>,
    /// Bridge's columns, as the auction's.
    pub seating: Seating,
    /// The tricks each side ends with (NS, EW) when the play stops short
    /// and the result gives the rest: a claim or a concession.
    pub claimed: Option<(usize, usize)>,
    pub theme: Theme,
}

/// A card of a trick: the lead mark, the card, its marks from the record
/// and the tricks it cost double dummy.
struct Cell {
    spans: Vec<Span<'static>>,
}

impl Cell {
    fn width(&self) -> usize {
        self.spans.iter().map(Span::width).sum()
    }
}

impl TrickTable<'_> {
    /// `trick` holds each card's index in the play with its step.
    fn trick_cells(&self, trick: &[(usize, &Step)]) -> Vec<Option<Cell>> {
        let winner = trick.last().and_then(|(_, s)| s.winner);
        self.columns()
            .into_iter()
            .map(|seat| {
                let &(k, step) = trick.iter().find(|(_, s)| s.seat == seat)?;
                let lead = trick.first().is_some_and(|(_, s)| s.seat == seat);
                Some(self.cell(k, step, lead, winner == Some(seat)))
            })
            .collect()
    }

    fn cell(&self, k: usize, step: &Step, lead: bool, won: bool) -> Cell {
        let t = self.theme;
        let mut card = step.card.map_or(Span::raw("?"), |c| t.card(c.suit, c.rank));
        let mut spans = Vec::new();
        if won {
            card = card.patch_style(t.highlight());
        }
        spans.extend([Span::styled(if lead { "▸" } else { " " }, t.accent()), card]);
        // Bridge so far: the other games' screens are their owners' to change.
        if won && self.game == Rules::Bridge {
            spans.push(Span::styled(WON, t.strong()));
        }
        let marks = self
            .entries
            .get(step.entry)
            .map_or(&[][..], |e| &e.annotations[..]);
        let marks: String = marks
            .iter()
            .map(|a| match a {
                Annotation::Note(n) => note_mark(*n, t.ascii),
                other => other.symbol(),
            })
            .collect();
        if !marks.is_empty() {
            spans.push(Span::styled(marks, t.accent()));
        }
        let cost = self.costs.map_or(0, |c| c.cost(k));
        if cost > 0 {
            spans.push(Span::styled(format!("-{cost}"), t.warning()));
        }
        Cell { spans }
    }

    /// A trick's row: its number, then each cell padded to its column's
    /// width.
    fn trick_line(
        &self,
        number: usize,
        cells: Vec<Option<Cell>>,
        widths: &[usize],
        won: bool,
    ) -> Line<'static> {
        let mut spans = vec![Span::styled(format!("{number:>2} "), self.theme.dim())];
        for (c, wide) in cells.into_iter().zip(widths) {
            let width = c.as_ref().map_or(0, Cell::width);
            spans.extend(c.into_iter().flat_map(|c| c.spans));
            spans.push(Span::raw(" ".repeat(wide.saturating_sub(width))));
        }
        let points = self.points.get(number - 1 - self.before).filter(|_| won);
        if let Some(Some(p)) = points {
            spans.push(Span::styled(format!("{p:>3}"), self.theme.dim()));
        }
        Line::from(spans)
    }
}

/// A Pinochle hand's counters by team as the play goes.
pub struct Counters {
    pub teams: Vec<Vec<Seat>>,
    pub taken: Vec<u32>,
    pub last_trick: Option<(usize, u32)>,
}

/// A column heading narrow enough for six or eight seats; Preferans's
/// players by their numbers.
fn short(game: Rules, seat: Seat) -> String {
    if let (Rules::Preferans, Some(n)) = (game, game.player_number(seat)) {
        return format!("P{n}");
    }
    match seat {
        Seat::NorthEast => "N-E",
        Seat::SouthEast => "S-E",
        Seat::SouthWest => "S-W",
        Seat::NorthWest => "N-W",
        s => s.name(),
    }
    .to_string()
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

    /// Tricks won: by side in bridge, by player where each plays alone;
    /// Preferans's under each player's column, as its players count them.
    fn won(&self, widths: &[usize]) -> String {
        if let Some(c) = &self.counters {
            return format!("Counters {}", super::pinochle::by_team(&c.teams, &c.taken));
        }
        if self.game == Rules::Bridge {
            let (ns, ew) = self.position.tricks_won();
            return format!("NS {ns}  EW {ew}");
        }
        let count = |seat: Seat| self.position.winners.iter().filter(|w| **w == Some(seat)).count();
        if self.game == Rules::Preferans {
            let under: String = (self.columns().iter().zip(widths))
                .map(|(&s, w)| format!("{:<w$}", count(s)))
                .collect();
            return format!("    {under}tricks");
        }
        // Six names in full would not fit the table's width.
        let seats = self.game.seats();
        let name = |s: Seat| match self.game {
            Rules::Preferans => short(self.game, s),
            _ if seats.len() > 4 => s.abbreviation().to_string(),
            _ => s.name().to_string(),
        };
        let per_player: Vec<String> = seats
            .iter()
            .map(|&s| format!("{} {}", name(s), count(s)))
            .collect();
        per_player.join("  ")
    }
}

impl TrickTable<'_> {
    /// Under the tricks: the tricks won, a last trick's bonus, what a claim
    /// gave, and the double dummy's word.
    fn foot(&self, widths: &[usize]) -> Vec<Line<'static>> {
        let mut foot = vec![Line::styled(self.won(widths), self.theme.strong())];
        // The bonus is in the counters: said once, so the sum adds up.
        if let Some(c) = &self.counters
            && let Some((team, bonus)) = c.last_trick
        {
            let name = crate::scoring::pinochle::team_name(&c.teams[team]);
            foot.push(Line::styled(
                format!("last trick +{bonus} to {name}"),
                self.theme.dim(),
            ));
        }
        if let Some((ns, ew)) = self.claimed {
            foot.push(Line::styled(
                format!("after the claim NS {ns}  EW {ew}"),
                self.theme.strong(),
            ));
        }
        foot.extend(self.dd_now.clone());
        foot
    }

    /// The seats heading, a row per trick numbered as the deal counts
    /// them, and the tricks won at the foot.
    pub fn text(&self) -> PaneText {
        let mut tricks: Vec<Vec<(usize, &Step)>> = Vec::new();
        for (k, step) in self.steps.iter().enumerate() {
            match tricks.last_mut() {
                Some(last) if last.first().is_some_and(|(_, s)| s.trick == step.trick) => {
                    last.push((k, step))
                }
                _ => tricks.push(vec![(k, step)]),
            }
        }
        let cells: Vec<_> = tricks.iter().map(|t| self.trick_cells(t)).collect();
        // Each column as wide as its widest card with its marks.
        let widths: Vec<usize> = (0..self.columns().len())
            .map(|i| {
                let widest = cells.iter().filter_map(|t| t[i].as_ref()).map(Cell::width).max();
                (widest.unwrap_or(0).max(short(self.game, self.columns()[i]).len()) + 1).max(CELL)
            })
            .collect();
        let header: String = self
            .columns()
            .iter()
            .zip(&widths)
            .map(|(s, w)| format!("{:<w$}", short(self.game, *s)))
            .collect();
        // The points column, where the record writes points.
        let points_head = if self.points.iter().any(Option::is_some) {
            "pts"
        } else {
            ""
        };
        let body = tricks
            .iter()
            .zip(cells)
            .map(|(t, c)| {
                let won = t.last().and_then(|(_, s)| s.winner).is_some();
                let number = t.first().map_or(0, |(_, s)| s.trick) + self.before + 1;
                self.trick_line(number, c, &widths, won)
            })
            .collect();
        let foot = self.foot(&widths);
        PaneText {
            head: vec![Line::styled(
                format!("   {header}{points_head}").trim_end().to_string(),
                self.theme.strong(),
            )],
            body,
            foot,
            wrap: false,
            follow: None,
        }
    }
}
