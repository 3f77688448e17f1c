//! Free text markup: `_` toggles italics, `|` breaks the line, `^` raises
//! the following word, `{` takes the next character literally. Lines of a
//! multi-line text break where the author broke them.
//!
//! Within italics an `_` between two letters stands for the space between
//! words, as in the spec's own `_any_other_suit_`: it can neither open nor
//! close the italics there without gluing words together.

use crate::model::{Emphasis, RichText, Run};

pub fn parse(raw: &str) -> RichText {
    let mut text = RichText::default();
    let mut italic = false;
    let mut before = ' ';
    let mut rest = raw;
    while !rest.is_empty() {
        let plain = Emphasis::italic(italic);
        // Text up to the next mark is text as it stands.
        let run = rest.find(MARKS).unwrap_or(rest.len());
        if run > 0 {
            text.push_text(&rest[..run], plain);
            before = rest[..run].chars().next_back().unwrap_or(before);
            rest = &rest[run..];
            continue;
        }
        let mut chars = rest.chars();
        let Some(c) = chars.next() else { break };
        match c {
            '{' => {
                if let Some(next) = chars.next() {
                    text.push_text(next.encode_utf8(&mut [0u8; 4]), plain);
                }
            }
            '_' if italic
                && before.is_alphanumeric()
                && chars.clone().next().is_some_and(char::is_alphanumeric) =>
            {
                text.push_text(" ", plain);
            }
            '_' => italic = !italic,
            '^' => {
                let after = chars.as_str();
                let raised = raised_len(after);
                let emphasis = Emphasis {
                    superscript: true,
                    ..plain
                };
                text.push_text(&after[..raised], emphasis);
                chars = after[raised..].chars();
            }
            // `|` or a line end.
            _ => text.push_break(),
        }
        before = c;
        rest = chars.as_str();
    }
    text
}

/// The characters with a meaning in free text.
const MARKS: [char; 5] = ['{', '_', '|', '\n', '^'];

/// How much of `text` a `^` raises: its first character, and the letters
/// and digits after it.
fn raised_len(text: &str) -> usize {
    text.char_indices()
        .take_while(|&(i, c)| i == 0 || c.is_alphanumeric())
        .last()
        .map_or(0, |(i, c)| i + c.len_utf8())
}

/// The free text back in RBN markup, without the braces around it. Bold
/// has no markup in RBN and is written plain.
pub fn write(text: &RichText) -> String {
    let mut out = String::new();
    let mut after_italic = false;
    for span in &text.runs {
        // A line set out in text is written as plain text.
        let (text, emphasis) = match span {
            Run::LineBreak => {
                out.push('|');
                after_italic = false;
                continue;
            }
            Run::Text { text, emphasis } => (text, *emphasis),
            Run::Fixed(text) => (text, Emphasis::PLAIN),
        };
        if emphasis.italic {
            out.push('_');
        }
        if emphasis.superscript {
            out.push('^');
        }
        for (i, c) in text.chars().enumerate() {
            // A letter right after closing italics would make the `_` read
            // as a space between words (a `^` comes between them in a
            // superscript).
            let glued = i == 0 && after_italic && !emphasis.superscript && c.is_alphanumeric();
            if glued || matches!(c, '{' | '}' | '_' | '|' | '^') {
                out.push('{');
            }
            out.push(c);
        }
        if emphasis.italic {
            out.push('_');
        }
        after_italic = emphasis.italic;
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
            t.runs
                .iter()
                .any(|s| matches!(s, Run::Text { emphasis, text } if emphasis.italic && text == "one round"))
        );
        assert!(
            t.runs
                .iter()
                .any(|s| matches!(s, Run::Text { emphasis, text } if emphasis.superscript && text == "2"))
        );
    }

    #[test]
    fn written_markup_reads_back() {
        let t = parse("a _b_ c|{^d {{ e}");
        assert_eq!(parse(&write(&t)), t);
    }

    #[test]
    fn underscores_between_words_of_italics_are_spaces() {
        let t = parse("leads _any_other_suit_ at trick two");
        assert_eq!(t.plain(), "leads any other suit at trick two");
        let italic = Run::Text {
            text: "any other suit".into(),
            emphasis: Emphasis::italic(true),
        };
        assert!(t.runs.contains(&italic), "{t:?}");
        // Outside italics an underscore still opens them.
        assert_eq!(parse("a_b_ c").plain(), "ab c");
    }

    #[test]
    fn italics_glued_to_a_word_read_back() {
        let mut t = RichText::default();
        t.push_text("un", Emphasis::italic(true));
        t.push_text("usual", Emphasis::PLAIN);
        assert_eq!(write(&t), "_un_{usual");
        assert_eq!(parse(&write(&t)), t);
    }
}
