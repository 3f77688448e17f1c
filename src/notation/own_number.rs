//! A record's board number read off its own bytes where they leave no
//! doubt of it, for the archive to tell that every board of a file is
//! played once without vetting every record: one Board tag (PBN) or B
//! line (RBN), on a line of its own after lines that each close what they
//! open, giving a number written plainly. Anything else is left to the
//! reader (None).

use crate::model::SourceFormat;

/// The number the record's bytes give it beyond doubt, if they do.
pub fn own_number(text: &[u8], format: SourceFormat) -> Option<&[u8]> {
    let (at, number) = match format {
        SourceFormat::Pbn => board_tag(text)?,
        SourceFormat::Rbn => board_line(text)?,
        _ => return None,
    };
    let before = &text[..at];
    before.split(|&b| b == b'\n').all(closed).then_some(number)
}

/// PBN: the one tag whose name is Board in any case or spacing, where it
/// is `[Board "N"]` alone at a line's start.
fn board_tag(text: &[u8]) -> Option<(usize, &[u8])> {
    let named_board = |&at: &usize| {
        let name = text[at + 1..].trim_ascii_start();
        name.get(..5).is_some_and(|n| n.eq_ignore_ascii_case(b"board"))
    };
    let mut tags = memchr::memchr_iter(b'[', text).filter(named_board);
    let at = tags.next()?;
    if tags.next().is_some() {
        return None;
    }
    let line = line_at(text, at)?;
    let number = line.strip_prefix(b"[Board \"")?.strip_suffix(b"\"]")?;
    Some((at, number)).filter(|_| plain(number))
}

/// RBN: the one line whose label is B, where it is `B N`.
fn board_line(text: &[u8]) -> Option<(usize, &[u8])> {
    let starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', text).map(|i| i + 1));
    // A label set in by spaces counts too: only one may be there.
    let label = |at: usize| text[at..].iter().find(|&&b| b != b' ' && b != b'\t').copied();
    let mut labelled = starts.filter(|&at| matches!(label(at), Some(b'B' | b'b')));
    let at = labelled.next()?;
    if labelled.next().is_some() {
        return None;
    }
    let number = line_at(text, at)?.strip_prefix(b"B ")?;
    Some((at, number)).filter(|_| plain(number))
}

/// The line that starts at `at`, without its end; None where `at` is
/// not a line's start.
fn line_at(text: &[u8], at: usize) -> Option<&[u8]> {
    if at > 0 && text[at - 1] != b'\n' {
        return None;
    }
    let end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |n| at + n);
    Some(text[at..end].trim_ascii_end())
}

/// Digits with no leading zero: one way only of writing the number.
fn plain(number: &[u8]) -> bool {
    number.first().is_some_and(|&d| d != b'0') && number.len() <= 9 && number.iter().all(u8::is_ascii_digit)
}

/// Whether a line closes all it opens, so that the next line starts
/// outside any comment or value: no brace, or one comment that is the
/// whole line; quotes paired, none escaped.
fn closed(line: &[u8]) -> bool {
    let (mut open, mut shut, mut quotes) = (0, 0, 0);
    for &b in line {
        match b {
            b'{' => open += 1,
            b'}' => shut += 1,
            b'"' => quotes += 1,
            b'\\' => return false,
            _ => {}
        }
    }
    let comment = || {
        let line = line.trim_ascii();
        line.starts_with(b"{") && line.ends_with(b"}")
    };
    quotes % 2 == 0 && ((open, shut) == (0, 0) || (open, shut) == (1, 1) && comment())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pbn(text: &str) -> Option<&str> {
        own_number(text.as_bytes(), SourceFormat::Pbn).map(|n| std::str::from_utf8(n).unwrap())
    }

    fn rbn(text: &str) -> Option<&str> {
        own_number(text.as_bytes(), SourceFormat::Rbn).map(|n| std::str::from_utf8(n).unwrap())
    }

    #[test]
    fn a_plain_tag_or_line_gives_its_number() {
        assert_eq!(
            pbn("{Board 7: a look.}\n[Event \"e\"]\n[Board \"7\"]\r\n"),
            Some("7")
        );
        assert_eq!(rbn("{Board 7.}\nE Pairs\nB 17\nH N:...\n"), Some("17"));
    }

    #[test]
    fn doubt_leaves_the_number_to_the_reader() {
        assert_eq!(pbn("[Board \"07\"]\n"), None, "written two ways");
        assert_eq!(pbn("[Board \"#\"]\n"), None, "carried");
        assert_eq!(pbn("[Board \"1\"]\n[board \"2\"]\n"), None, "two tags");
        assert_eq!(pbn("[Event \"e\"] [Board \"1\"]\n"), None, "not a line's own");
        assert_eq!(pbn("{a comment\n[Board \"1\"]\n}\n"), None, "in a comment");
        assert_eq!(pbn("[Event \"a\n[Board \"1\"]\n"), None, "in a value");
        assert_eq!(rbn("B 1:+\n"), None, "numbered on");
        assert_eq!(rbn("B 1\n{\nB 2\n}\n"), None, "two lines");
        assert_eq!(rbn("H N:...\n"), None, "none");
    }
}
