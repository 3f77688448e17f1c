//! How things look: suit symbols or letters, colour or none, and the
//! neutralising of text from files before it reaches the screen.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;

use crate::model::{Doubling, Rank, Rules, Strain, Suit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Suit letters S H D C instead of symbols.
    pub ascii: bool,
    /// Colour at all: off is the monochrome theme.
    pub color: bool,
    /// Colours that read on a light background (dark blue and magenta for
    /// cyan and yellow).
    pub light: bool,
    /// Diamonds blue and clubs green, as in a four-colour deck.
    pub four_colour: bool,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            ascii: false,
            color: true,
            light: false,
            four_colour: false,
        }
    }
}

impl Theme {
    pub fn suit(self, suit: Suit) -> String {
        if self.ascii {
            suit.letter().to_string()
        } else {
            suit.symbol().to_string()
        }
    }

    pub fn strain(self, strain: Strain) -> String {
        match strain.trump() {
            Some(suit) => self.suit(suit),
            None => "NT".to_string(),
        }
    }

    pub fn suit_style(self, suit: Suit) -> Style {
        let colour = match (suit, self.four_colour, self.light) {
            (Suit::Hearts, ..) | (Suit::Diamonds, false, _) => Color::Red,
            (Suit::Diamonds, true, false) => Color::LightBlue,
            (Suit::Diamonds, true, true) => Color::Blue,
            (Suit::Clubs, true, false) => Color::LightGreen,
            (Suit::Clubs, true, true) => Color::Green,
            _ => return Style::new(),
        };
        if self.color {
            Style::new().fg(colour)
        } else {
            Style::new()
        }
    }

    /// A double or redouble after a contract: `×` as players print it,
    /// `X` in ASCII.
    pub fn doubling(self, doubling: Doubling) -> &'static str {
        match (doubling, self.ascii) {
            (Doubling::Undoubled, _) => "",
            (Doubling::Doubled, false) => "×",
            (Doubling::Redoubled, false) => "××",
            (Doubling::Doubled, true) => "X",
            (Doubling::Redoubled, true) => "XX",
        }
    }

    /// A contract as the screen writes it, `4♠×`.
    pub fn contract(self, level: u8, strain: Strain, doubling: Doubling) -> String {
        format!("{level}{}{}", self.strain(strain), self.doubling(doubling))
    }

    pub fn strain_style(self, strain: Strain) -> Style {
        strain.trump().map_or(Style::new(), |s| self.suit_style(s))
    }

    /// A card as suit then rank, `10` for the ten as players write it.
    pub fn card(self, suit: Suit, rank: Rank) -> Span<'static> {
        Span::styled(
            format!("{}{}", self.suit(suit), rank_text(rank)),
            self.suit_style(suit),
        )
    }

    pub fn dim(self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    pub fn strong(self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }

    /// The winner of a trick, the row under the cursor.
    pub fn highlight(self) -> Style {
        if self.color {
            Style::new().add_modifier(Modifier::REVERSED)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// A vulnerable side's seats, red as on a bridge board.
    pub fn vulnerable(self) -> Style {
        if self.color {
            Style::new().fg(Color::Red)
        } else {
            Style::new().add_modifier(Modifier::UNDERLINED)
        }
    }

    pub fn warning(self) -> Style {
        if self.color {
            Style::new().fg(if self.light { Color::Magenta } else { Color::Yellow })
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }

    pub fn accent(self) -> Style {
        if self.color {
            Style::new().fg(if self.light { Color::Blue } else { Color::Cyan })
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }
}

pub fn rank_text(rank: Rank) -> String {
    if rank == Rank::Ten {
        "10".to_string()
    } else {
        rank.letter().to_string()
    }
}

/// A rank in a hand's row: Pinochle hands hold many tens, and its own `T`
/// keeps `1010` from running together.
pub fn rank_in_hand(rank: Rank, game: Rules) -> String {
    match game {
        Rules::Pinochle { .. } => rank.letter().to_string(),
        _ => rank_text(rank),
    }
}

/// Text from a file made safe to draw: control characters (escape
/// sequences begin with one) become a visible replacement.
pub fn sanitize(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '\u{FFFD}' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_cannot_reach_the_terminal() {
        assert_eq!(sanitize("a\u{1b}[2Jb\u{7}"), "a\u{FFFD}[2Jb\u{FFFD}");
        assert_eq!(sanitize("José ♠"), "José ♠");
    }

    #[test]
    fn a_four_colour_deck_colours_every_suit_but_spades() {
        let dark = Theme {
            four_colour: true,
            ..Theme::default()
        };
        let fg = |t: Theme, s| t.suit_style(s).fg;
        assert_eq!(fg(dark, Suit::Spades), None);
        assert_eq!(fg(dark, Suit::Hearts), Some(Color::Red));
        assert_eq!(fg(dark, Suit::Diamonds), Some(Color::LightBlue));
        assert_eq!(fg(dark, Suit::Clubs), Some(Color::LightGreen));
        let light = Theme { light: true, ..dark };
        assert_eq!(fg(light, Suit::Diamonds), Some(Color::Blue));
        assert_eq!(light.accent().fg, Some(Color::Blue));
        assert_eq!(light.warning().fg, Some(Color::Magenta));
        let mono = Theme { color: false, ..dark };
        assert_eq!(fg(mono, Suit::Clubs), None);
        assert_eq!(fg(Theme::default(), Suit::Diamonds), Some(Color::Red));
        assert_eq!(fg(Theme::default(), Suit::Clubs), None);
    }

    #[test]
    fn ascii_theme_uses_letters() {
        let t = Theme {
            ascii: true,
            color: false,
            ..Theme::default()
        };
        assert_eq!(t.card(Suit::Hearts, Rank::Ten).content, "H10");
        assert_eq!(t.strain(Strain::NoTrump), "NT");
        assert_eq!(t.suit_style(Suit::Hearts), Style::new());
    }
}
