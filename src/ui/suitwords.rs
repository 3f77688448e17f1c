//! Suits in free text, drawn in suit colour: the suit words of RBN free
//! text (`s` for spades standing alone, `1h` a bid, `3n` notrump, `d2` or
//! `c10` a card) and the suit symbols readers decode from other markup
//! (`♠`, `1♥`, `♦K`), which the ASCII theme draws as letters.

use ratatui::style::Style;
use ratatui::text::Span;

use super::theme::{Theme, sanitize};
use crate::model::{Strain, Suit};

/// Splits text into spans, turning suit words into symbols in suit colour.
/// Words are runs of letters, digits, apostrophes and suit symbols, so the
/// `s` of "Shanbrom's" stays a letter.
pub fn spans(text: &str, style: Style, theme: Theme) -> Vec<Span<'static>> {
    let text = sanitize(text);
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut word = String::new();
    let flush_word = |word: &mut String, plain: &mut String, out: &mut Vec<Span<'static>>| {
        if let Some(span) = suit_word(word, style, theme) {
            out.push(Span::styled(std::mem::take(plain), style));
            out.push(span);
        } else if word.chars().any(|c| Suit::from_symbol(c).is_some()) {
            out.push(Span::styled(std::mem::take(plain), style));
            out.extend(symbols(word, style, theme));
        } else {
            plain.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '\'' || c == '’' || Suit::from_symbol(c).is_some() {
            word.push(c);
        } else {
            flush_word(&mut word, &mut plain, &mut out);
            plain.push(c);
        }
    }
    flush_word(&mut word, &mut plain, &mut out);
    out.push(Span::styled(plain, style));
    out.retain(|s| !s.content.is_empty());
    out
}

/// Text in which only suit symbols are suits, as in a tag value: each in
/// suit colour, a letter in the ASCII theme.
pub fn symbols(text: &str, style: Style, theme: Theme) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut plain = String::new();
    for c in sanitize(text).chars() {
        match Suit::from_symbol(c) {
            Some(suit) => {
                out.push(Span::styled(std::mem::take(&mut plain), style));
                out.push(Span::styled(
                    theme.suit(suit),
                    style.patch(theme.suit_style(suit)),
                ));
            }
            None => plain.push(c),
        }
    }
    out.push(Span::styled(plain, style));
    out.retain(|s| !s.content.is_empty());
    out
}

fn suit_word(word: &str, style: Style, theme: Theme) -> Option<Span<'static>> {
    // RBN's suit letters are lower case; a symbol is a suit in any word.
    let suit = |c: char| {
        Suit::from_symbol(c).or_else(|| c.is_ascii_lowercase().then(|| Suit::from_letter(c)).flatten())
    };
    let chars: Vec<char> = word.chars().collect();
    let (text, colour) = match chars[..] {
        [s] => suit(s).map(|s| (theme.suit(s), theme.suit_style(s)))?,
        [level @ '1'..='7', s] => {
            let strain = suit(s).map(Strain::of_suit).or_else(|| {
                // `n`, notrump, is RBN's alone.
                (s == 'n').then(|| Strain::from_letter(s)).flatten()
            })?;
            (
                format!("{level}{}", theme.strain(strain)),
                theme.strain_style(strain),
            )
        }
        [s, '1', '0'] => suit(s).map(|s| (format!("{}10", theme.suit(s)), theme.suit_style(s)))?,
        [s, r] if "AKQJT98765432x".contains(r) => {
            let s = suit(s)?;
            let rank = if r == 'T' { "10".to_string() } else { r.to_string() };
            (format!("{}{rank}", theme.suit(s)), theme.suit_style(s))
        }
        _ => return None,
    };
    Some(Span::styled(text, style.patch(colour)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Color;

    fn text(s: &str) -> String {
        spans(s, Style::new(), Theme::default())
            .iter()
            .map(|s| s.content.to_string())
            .collect()
    }

    #[test]
    fn suit_words_become_symbols() {
        assert_eq!(text("opened 1s, led the cK"), "opened 1♠, led the ♣K");
        assert_eq!(text("4d and 3n; h10 or c10"), "4♦ and 3NT; ♥10 or ♣10");
        assert_eq!(text("a s suit"), "a ♠ suit");
    }

    #[test]
    fn ordinary_words_are_left_alone() {
        assert_eq!(text("Shanbrom's push"), "Shanbrom's push");
        assert_eq!(text("I'd say S or 2S"), "I'd say S or 2S");
        assert_eq!(text("d9x"), "d9x");
    }

    #[test]
    fn symbols_are_suits_in_colour_and_letters_in_ascii() {
        let theme = Theme::default();
        let drawn = spans("1♥ and ♦K, two ♥s", Style::new(), theme);
        let red: Vec<&str> = drawn
            .iter()
            .filter(|s| s.style.fg == Some(Color::Red))
            .map(|s| s.content.as_ref())
            .collect();
        assert_eq!(red, ["1♥", "♦K", "♥"]);
        let ascii = Theme {
            ascii: true,
            color: false,
            ..Theme::default()
        };
        let letters: String = symbols("A ♠ & ♣ event", Style::new(), ascii)
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert_eq!(letters, "A S & C event");
    }
}
