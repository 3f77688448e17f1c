//! The suit words of RBN free text: `s` for spades standing alone, `1h` a
//! bid, `3n` notrump, `d2` or `c10` a card. Drawn with suit symbols.

use ratatui::style::Style;
use ratatui::text::Span;

use super::theme::{Theme, sanitize};
use crate::model::{Strain, Suit};

/// Splits text into spans, turning suit words into symbols in suit colour.
/// Words are runs of letters, digits and apostrophes, so the `s` of
/// "Shanbrom's" stays a letter.
pub fn spans(text: &str, style: Style, theme: Theme) -> Vec<Span<'static>> {
    let text = sanitize(text);
    let mut out = Vec::new();
    let mut plain = String::new();
    let mut word = String::new();
    let flush_word = |word: &mut String, plain: &mut String, out: &mut Vec<Span<'static>>| {
        if let Some(span) = suit_word(word, style, theme) {
            out.push(Span::styled(std::mem::take(plain), style));
            out.push(span);
        } else {
            plain.push_str(word);
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '\'' || c == '’' {
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

fn suit_word(word: &str, style: Style, theme: Theme) -> Option<Span<'static>> {
    let suit = |c: char| c.is_ascii_lowercase().then(|| Suit::from_letter(c)).flatten();
    let chars: Vec<char> = word.chars().collect();
    let (text, colour) = match chars[..] {
        [s] => suit(s).map(|s| (theme.suit(s), theme.suit_style(s)))?,
        [level @ '1'..='7', s] if s.is_ascii_lowercase() => {
            let strain = Strain::from_letter(s)?;
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
}
