//! A seat's label above its hand: who is on turn, the seat, the dealer,
//! the player's name cut to the room there is, and the hand's HCP; a
//! vulnerable side's labels in the vulnerable colour.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::model::{Rules, Seat};
use crate::ui::suitwords;
use crate::ui::theme::{Theme, sanitize};

pub struct SeatLabel<'a> {
    pub seat: Seat,
    /// The game, which names the seat: Preferans by its player's number.
    pub game: Rules,
    pub name: &'a str,
    pub to_play: bool,
    pub dealer: bool,
    /// Preferans's first to bid.
    pub first: bool,
    pub vulnerable: bool,
    /// Double-dummy numbers for this hand are being solved.
    pub solving: bool,
    pub hcp: Option<u32>,
}

/// A seat as its game names it: `West` or `W`; a Preferans player as
/// `Player 1` even where room is short, since a bare number beside a name
/// reads as nothing.
pub fn seat_word(game: Rules, seat: Seat, short: bool) -> String {
    match (game, game.player_number(seat)) {
        (Rules::Preferans, Some(n)) => format!("Player {n}"),
        _ if short => seat.abbreviation().to_string(),
        _ => seat.name().to_string(),
    }
}

/// `text` cut to `width` columns, an ellipsis marking the cut.
pub fn truncate(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out.truncate(out.trim_end().len());
    if width > 0 {
        out.push('…');
    }
    out
}

impl SeatLabel<'_> {
    /// Everything but the name, with the seat written `word`; the dealer's
    /// and first bidder's marks only where `roles`.
    fn marks(&self, word: &str, roles: bool, theme: Theme) -> (Vec<Span<'static>>, Vec<Span<'static>>) {
        let mut before = Vec::new();
        if self.to_play {
            before.push(Span::styled(if theme.ascii { ">" } else { "▸" }, theme.accent()));
        }
        before.push(Span::styled(
            word.to_string(),
            self.style(theme).patch(theme.strong()),
        ));
        if self.dealer && roles {
            before.push(Span::styled(" (D)", theme.dim()));
        }
        if self.first && roles {
            before.push(Span::styled(" (1st)", theme.dim()));
        }
        if self.solving {
            before.push(Span::styled(" solving…", theme.dim()));
        }
        let after = self
            .hcp
            .map(|n| vec![Span::styled(format!("  {n}"), theme.accent())])
            .unwrap_or_default();
        (before, after)
    }

    fn style(&self, theme: Theme) -> Style {
        if self.vulnerable {
            theme.vulnerable()
        } else {
            Style::new()
        }
    }

    /// The label in `width` columns: where the name does not fit whole the
    /// seat is written short (a Preferans player keeps his word `Player`
    /// and loses the dealer's and first bidder's marks, which the header
    /// and the auction give), and then the name is cut.
    pub fn line(&self, width: u16, theme: Theme) -> Line<'static> {
        let name = sanitize(self.name.trim());
        let width = width as usize;
        let fixed = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
        let (long, short) = (
            seat_word(self.game, self.seat, false),
            seat_word(self.game, self.seat, true),
        );
        let (mut before, mut after) = self.marks(&long, true, theme);
        if !name.is_empty() && fixed(&before) + fixed(&after) + 1 + name.width() > width {
            let roles = self.game != Rules::Preferans;
            (before, after) = self.marks(&short, roles, theme);
        }
        let room = width.saturating_sub(fixed(&before) + fixed(&after) + 1);
        if !name.is_empty() && room > 0 {
            before.push(Span::raw(" "));
            before.extend(suitwords::symbols(
                &truncate(&name, room),
                self.style(theme),
                theme,
            ));
        }
        before.extend(after);
        Line::from(before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(name: &str) -> SeatLabel<'_> {
        SeatLabel {
            seat: Seat::West,
            game: Rules::Bridge,
            name,
            to_play: false,
            dealer: true,
            first: false,
            vulnerable: false,
            solving: false,
            hcp: Some(11),
        }
    }

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis_and_the_hcp_stays() {
        let theme = Theme::default();
        let long = label("Helen Shanbrom-Featherstonehaugh");
        assert_eq!(
            text(&long.line(40, theme)),
            "W (D) Helen Shanbrom-Featherstoneha…  11"
        );
        assert_eq!(text(&long.line(16, theme)), "W (D) Helen…  11");
        assert_eq!(text(&long.line(20, theme)), "W (D) Helen Sha…  11");
        assert_eq!(text(&label("Al").line(16, theme)), "West (D) Al  11");
        assert_eq!(text(&label("").line(16, theme)), "West (D)  11");
        let player = SeatLabel {
            game: Rules::Preferans,
            ..label("ana")
        };
        assert_eq!(text(&player.line(30, theme)), "Player 1 (D) ana  11");
        for width in 0..50 {
            assert!(long.line(width, theme).width() <= (width as usize).max(10));
        }
    }

    #[test]
    fn wide_characters_are_cut_by_their_width() {
        assert_eq!(truncate("李小龍先生", 5), "李小…");
        assert_eq!(truncate("李小", 4), "李小");
        assert_eq!(truncate("Helen Shanbrom", 7), "Helen…");
    }
}
