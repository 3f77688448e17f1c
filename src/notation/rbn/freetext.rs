//! Free text markup: `_` toggles italics, `|` breaks the line, `^` raises
//! the following word, `{` takes the next character literally. Lines of a
//! multi-line text break where the author broke them.

use crate::model::{RichText, Span};

pub fn parse(raw: &str) -> RichText {
    let mut text = RichText::default();
    let mut italic = false;
    let mut chars = raw.chars().peekable();
    let mut buf = [0u8; 4];
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                if let Some(next) = chars.next() {
                    text.push_text(next.encode_utf8(&mut buf), italic, false);
                }
            }
            '_' => italic = !italic,
            '|' | '\n' => text.push_break(),
            '^' => {
                let mut raised = String::new();
                while let Some(&next) = chars.peek() {
                    if !next.is_alphanumeric() && !raised.is_empty() {
                        break;
                    }
                    raised.push(next);
                    chars.next();
                }
                text.push_text(&raised, italic, true);
            }
            other => text.push_text(other.encode_utf8(&mut buf), italic, false),
        }
    }
    text
}

/// The free text back in RBN markup, without the braces around it.
pub fn write(text: &RichText) -> String {
    let mut out = String::new();
    for span in &text.spans {
        match span {
            Span::LineBreak => out.push('|'),
            Span::Text {
                text,
                italic,
                superscript,
            } => {
                if *italic {
                    out.push('_');
                }
                if *superscript {
                    out.push('^');
                }
                for c in text.chars() {
                    if matches!(c, '{' | '}' | '_' | '|' | '^') {
                        out.push('{');
                    }
                    out.push(c);
                }
                if *italic {
                    out.push('_');
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_structure() {
        let t = parse("duck _one round_ only|x^2 {^ {_");
        assert_eq!(t.plain(), "duck one round only\nx2 ^ _");
        assert!(
            t.spans
                .iter()
                .any(|s| matches!(s, Span::Text { italic: true, text, .. } if text == "one round"))
        );
        assert!(
            t.spans
                .iter()
                .any(|s| matches!(s, Span::Text { superscript: true, text, .. } if text == "2"))
        );
    }

    #[test]
    fn written_markup_reads_back() {
        let t = parse("a _b_ c|{^d {{ e}");
        assert_eq!(parse(&write(&t)), t);
    }
}
