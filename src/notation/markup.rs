//! Text markup as PBN files carry it, in comments, notes and tag values:
//! suits written `\S` (the spec's way), `!S` (BBO's) or `@S`; the simple
//! HTML of teaching programs (`<b>`, `<i>`, `<br>`, `<p>`, entities such as
//! `&amp;`); and lines broken wherever the writing program wrapped them.
//! Decoded here, as the file's own conventions, so that the model holds
//! what the text says: suit symbols, emphasis, paragraphs.

use crate::model::{Emphasis, RichText, Run, Suit};

/// A comment: markup decoded, the file's line ends within a paragraph
/// taken as spaces (the viewer wraps to its own width), and paragraphs
/// separated by a blank line as the file separates them. A paragraph the
/// author laid out in columns (a diagram drawn in text) keeps its lines
/// and spaces.
pub fn rich(text: &str) -> RichText {
    let mut out = RichText::default();
    if is_plain(text) {
        out.push_text(text.trim(), Emphasis::PLAIN);
        return out;
    }
    let mut emphasis = Emphasis::PLAIN;
    for (i, paragraph) in paragraphs(text).iter().enumerate() {
        if i > 0 {
            blank_line(&mut out);
        }
        if laid_out(paragraph) {
            fixed_lines(paragraph, &mut emphasis, &mut out);
        } else {
            let joined: Vec<&str> = paragraph.iter().map(|l| l.trim()).collect();
            inline(&joined.join(" "), &mut emphasis, &mut out);
        }
    }
    while out.runs.last() == Some(&Run::LineBreak) {
        out.runs.pop();
    }
    out
}

/// Text drawn on one line, as a tag value or a note: markup decoded and
/// any break taken as a space.
pub fn line(text: &str) -> String {
    if is_plain(text) {
        return text.trim().to_string();
    }
    let plain = rich(text).plain();
    let parts: Vec<&str> = plain
        .split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    parts.join(" ")
}

/// Most tag values and many comments hold no markup, no break and no
/// tab: decoded, such a text is itself without the spaces at its ends,
/// and it is told so without the work.
fn is_plain(text: &str) -> bool {
    // Every mark and break is ASCII, so the bytes tell.
    !text
        .bytes()
        .any(|b| matches!(b, b'\\' | b'!' | b'@' | b'<' | b'&' | b'\n' | b'\r' | b'\t'))
}

/// The paragraphs' lines, as written but for the spaces at their ends and
/// tabs set out to columns of eight.
fn paragraphs(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for line in text.lines() {
        if !line.trim().is_empty() {
            current.push(expand_tabs(line.trim_end()));
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn expand_tabs(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if c == '\t' {
            let to = (out.chars().count() / 8 + 1) * 8;
            (out.chars().count()..to).for_each(|_| out.push(' '));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether the author set a paragraph out in columns: two or more of its
/// lines hold a run of three spaces (an indent or a gap between columns),
/// which wrapped prose never does.
fn laid_out(paragraph: &[String]) -> bool {
    paragraph.iter().filter(|l| l.contains("   ")).count() >= 2
}

/// Each line of a laid-out paragraph as it stands, its markup decoded.
fn fixed_lines(paragraph: &[String], emphasis: &mut Emphasis, out: &mut RichText) {
    for line in paragraph {
        let mut decoded = RichText::default();
        inline(line, emphasis, &mut decoded);
        out.runs.push(Run::Fixed(decoded.plain().replace('\n', " ")));
        out.push_break();
    }
}

/// Ends the paragraph: a blank line, once, and never before any text.
fn blank_line(out: &mut RichText) {
    let breaks = out
        .runs
        .iter()
        .rev()
        .take_while(|s| **s == Run::LineBreak)
        .count();
    if breaks < out.runs.len() {
        (breaks..2).for_each(|_| out.push_break());
    }
}

/// What one piece of markup stands for.
enum Piece {
    Char(char),
    Break,
    Paragraph,
    Bold(bool),
    Italic(bool),
}

/// The characters that may start a piece of markup.
const MARKS: [char; 5] = ['\\', '!', '@', '<', '&'];

fn inline(text: &str, emphasis: &mut Emphasis, out: &mut RichText) {
    let mut rest = text;
    let mut buf = [0u8; 4];
    loop {
        // Text up to the next mark is text as it stands.
        let plain = rest.find(MARKS).unwrap_or(rest.len());
        if plain > 0 {
            out.push_text(&rest[..plain], *emphasis);
            rest = &rest[plain..];
        }
        let Some(c) = rest.chars().next() else {
            break;
        };
        let decoded = match c {
            '\\' => backslash(rest),
            '!' | '@' => suit_code(rest),
            '<' => tag(rest),
            '&' => entity(rest),
            _ => None,
        };
        let (piece, used) = decoded.unwrap_or((Piece::Char(c), c.len_utf8()));
        rest = &rest[used..];
        match piece {
            Piece::Char(c) => out.push_text(c.encode_utf8(&mut buf), *emphasis),
            Piece::Break => out.push_break(),
            Piece::Paragraph => blank_line(out),
            Piece::Bold(on) => emphasis.bold = on,
            Piece::Italic(on) => emphasis.italic = on,
        }
        if matches!(piece, Piece::Break | Piece::Paragraph) {
            rest = rest.trim_start();
        }
    }
}

/// `\S` is a suit even before a letter (`\Hs`), `\\` a backslash, and `\n`
/// the line break some programs write literally. BEN and BridgeComposer
/// write the suit in lower case (`2-5\h;`, `E4\sX` in their score tables),
/// meaning the same; followed by a lower-case letter it is rather a word
/// after a backslash, as in a path (`C:\data`), and stays text.
fn backslash(rest: &str) -> Option<(Piece, usize)> {
    let mut chars = rest[1..].chars();
    match chars.next()? {
        '\\' => Some((Piece::Char('\\'), 2)),
        'n' => Some((Piece::Break, 2)),
        c => {
            let suit = Suit::from_letter(c)?;
            let word = c.is_lowercase() && chars.next().is_some_and(char::is_lowercase);
            (!word).then_some((Piece::Char(suit.symbol()), 2))
        }
    }
}

/// `!S` or `@s`, in either case, unless a word goes on after the letter
/// ("Wow!Super"): a rank or `x` after it is a card (`!CA`).
fn suit_code(rest: &str) -> Option<(Piece, usize)> {
    let mut chars = rest[1..].chars();
    let suit = Suit::from_letter(chars.next()?)?;
    let card_or_end = chars
        .next()
        .is_none_or(|n| !n.is_alphabetic() || "AKQJTx".contains(n));
    card_or_end.then_some((Piece::Char(suit.symbol()), 2))
}

/// The tags teaching programs write; any other `<` is text ("<5 HCP").
fn tag(rest: &str) -> Option<(Piece, usize)> {
    let end = rest.get(..12).unwrap_or(rest).find('>')?;
    let name = rest[1..end]
        .trim()
        .trim_end_matches('/')
        .trim()
        .to_ascii_lowercase();
    let piece = match name.as_str() {
        "b" | "strong" => Piece::Bold(true),
        "/b" | "/strong" => Piece::Bold(false),
        "i" | "em" => Piece::Italic(true),
        "/i" | "/em" => Piece::Italic(false),
        "br" => Piece::Break,
        "p" | "/p" => Piece::Paragraph,
        _ => return None,
    };
    Some((piece, end + 1))
}

const ENTITIES: [(&str, char); 18] = [
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", '\u{a0}'),
    ("ndash", '–'),
    ("mdash", '—'),
    ("hellip", '…'),
    ("lsquo", '‘'),
    ("rsquo", '’'),
    ("ldquo", '“'),
    ("rdquo", '”'),
    ("times", '×'),
    ("spades", '♠'),
    ("hearts", '♥'),
    ("diams", '♦'),
    ("clubs", '♣'),
];

/// `&amp;`, `&#39;`, `&#x2663;`; an unknown name stays as written.
fn entity(rest: &str) -> Option<(Piece, usize)> {
    let end = rest.get(..10).unwrap_or(rest).find(';')?;
    let name = &rest[1..end];
    let c = match name.strip_prefix('#') {
        Some(number) => {
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)?
        }
        None => ENTITIES.iter().find(|(n, _)| *n == name)?.1,
    };
    Some((Piece::Char(c), end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(t: &RichText) -> Vec<(String, bool, bool)> {
        t.runs
            .iter()
            .filter_map(|s| match s {
                Run::Text { text, emphasis } => Some((text.clone(), emphasis.bold, emphasis.italic)),
                Run::LineBreak | Run::Fixed(_) => None,
            })
            .collect()
    }

    #[test]
    fn plain_text_is_itself_trimmed_as_the_general_rules_make_it() {
        // A line break makes the general rules read the same words.
        for text in ["  Board 1: a hand worth a look. ", "x", "", "   ", "a\u{0B}b "] {
            assert_eq!(rich(text), rich(&format!("{text}\n")), "{text:?}");
        }
        assert_eq!(
            runs(&rich(" two  words ")),
            [("two  words".to_string(), false, false)]
        );
    }

    #[test]
    fn backslash_suits_are_symbols() {
        assert_eq!(line(r"opened 1\D, led the \SQ"), "opened 1♦, led the ♠Q");
        assert_eq!(line(r"two \Hs and the \C10"), "two ♥s and the ♣10");
        assert_eq!(line(r"a path C:\\Spades\\H"), r"a path C:\Spades\H");
    }

    #[test]
    fn lower_case_backslash_suits_are_symbols_too() {
        assert_eq!(
            line(r"NT style -- 2-6\c; 2-6\d; 2-5\h; 2-5\s; 15-17 HCP"),
            "NT style -- 2-6♣; 2-6♦; 2-5♥; 2-5♠; 15-17 HCP"
        );
        assert_eq!(line(r"E4\sX 4\n 2\hP 3\dK"), "E4♠X 4 2♥P 3♦K");
        assert_eq!(line(r"C:\data\cards"), r"C:\data\cards");
    }

    #[test]
    fn bbo_and_at_suit_codes_are_symbols() {
        assert_eq!(line("6+ !C; 3- !h; no !SA; 6-!H"), "6+ ♣; 3- ♥; no ♠A; 6-♥");
        assert_eq!(line("@S and @dK"), "♠ and ♦K");
        assert_eq!(line("Wow!Super, mail me@Home"), "Wow!Super, mail me@Home");
    }

    #[test]
    fn html_becomes_emphasis_breaks_and_characters() {
        let t = rich(
            "<b>Bidding.</b> A <i>negative double</i><br>next &amp; &lt;5 &#39;x&#x27; a&nbsp;b &bogus; <5",
        );
        assert_eq!(
            runs(&t),
            [
                ("Bidding.".to_string(), true, false),
                (" A ".to_string(), false, false),
                ("negative double".to_string(), false, true),
                ("next & <5 'x' a\u{a0}b &bogus; <5".to_string(), false, false),
            ]
        );
        assert_eq!(t.runs[3], Run::LineBreak);
    }

    #[test]
    fn ragged_lines_join_and_blank_lines_separate_paragraphs() {
        let t = rich("North holds 13 points and\nshould open.\n\n\nSouth\r\nresponds.<p>Then\\nthis.");
        assert_eq!(
            t.plain(),
            "North holds 13 points and should open.\n\nSouth responds.\n\nThen\nthis."
        );
        assert_eq!(rich("<p>text</p>").plain(), "text");
        assert_eq!(line("a<br>b\n\nc"), "a b c");
    }

    #[test]
    fn a_diagram_drawn_in_text_keeps_its_lines_and_columns() {
        let t = rich("Before:\n     S A K\n\tH Q\nS 2     S 3\n\nThen the\nprose.");
        let fixed: Vec<&str> = t
            .runs
            .iter()
            .filter_map(|r| match r {
                Run::Fixed(text) => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(fixed, ["Before:", "     S A K", "        H Q", "S 2     S 3"]);
        assert!(
            t.plain().ends_with("S 2     S 3\n\nThen the prose."),
            "{:?}",
            t.plain()
        );
    }

    #[test]
    fn one_indented_line_is_still_prose() {
        assert_eq!(rich("A line\n    indented once").plain(), "A line indented once");
    }
}
