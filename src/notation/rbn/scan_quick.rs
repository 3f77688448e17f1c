//! The common RBN record found in one pass over its bytes: its lines, its
//! end (the line before the first blank line) and the repeating labels it
//! may give, from the same 32-byte loads. Looking at every line on its own
//! (a search for its end, a test for blank, a decode) cost more than
//! finding the records did.
//!
//! Only records of label lines and free text closed on its own line are
//! taken here, by the same rules as the exact scan; a record with a `%`
//! line, a `!`, free text over several lines, a line starting with white
//! space or beyond ASCII, or the end of the file near is left to the exact
//! scan, which then starts from the same place.

use super::chunk::closes_free_text;
use super::scan::given_bit;
use crate::notation::source::{decode, is_ascii_space, is_blank};

/// A record found in one pass: where its last line ends (before its line
/// end), where the line after the blank line that ends it starts, how
/// many lines it and that blank line take, and the labels it may give.
#[derive(Debug, PartialEq, Eq)]
pub struct Quick {
    pub end: usize,
    pub after: usize,
    pub lines: u32,
    pub labels: u16,
}

/// The record whose first line starts at `start`, when it is of the
/// common kind; None leaves it to the exact scan.
pub fn record(bytes: &[u8], start: usize) -> Option<Quick> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the features it needs are present.
        return unsafe { wide::record(bytes, start) };
    }
    let _ = (bytes, start);
    None
}

/// What one line adds to the record: its labels, or None when the line
/// ends it (a blank line: its start and end) or needs the exact rules.
enum Line {
    Labels(u16),
    Blank(usize, usize),
    Exact,
}

/// The line starting at `start`, by the exact scan's rules for a line
/// outside free text in a record begun. Inlined into the loop over line
/// ends, where a call and its answer through memory cost more than the
/// line's test.
#[inline(always)]
fn line(bytes: &[u8], start: usize) -> Line {
    let first = bytes[start];
    if first == b'\n' {
        return Line::Blank(start, start);
    }
    if is_ascii_space(first) || first >= 0x80 {
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
        return match is_blank(&bytes[start..end]) {
            true => Line::Blank(start, end),
            false => Line::Exact,
        };
    }
    match first {
        b'%' | b'!' => Line::Exact,
        b'{' => free_text(bytes, start),
        // The exact scan's line stops before its line end.
        _ => {
            let two = (start + 2).min(bytes.len());
            let len = if bytes[two - 1] == b'\n' { 1 } else { two - start };
            Line::Labels(given_bit(&bytes[start..start + len]))
        }
    }
}

/// A line of free text: the record goes on when it closes on its line.
/// The common line (ASCII, no `{` after the first) closes when its last
/// byte that is not white space is `}`; any other is decoded and read as
/// the exact scan reads it.
#[inline(never)]
fn free_text(bytes: &[u8], start: usize) -> Line {
    let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
    let text = &bytes[start + 1..end];
    // Folded without stopping early, so that it runs on vectors.
    let plain = !text.iter().fold(false, |odd, &b| odd | (b >= 0x80) | (b == b'{'));
    let closes = match plain {
        // White space as `trim_end` has it, in ASCII.
        true => text
            .iter()
            .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r' | 0x0B | 0x0C))
            .is_some_and(|last| text[last] == b'}'),
        false => closes_free_text(decode(&bytes[start..end]).trim_end(), true),
    };
    match closes {
        // A line of free text gives no label.
        true => Line::Labels(0),
        false => Line::Exact,
    }
}

#[cfg(target_arch = "x86_64")]
mod wide {
    use std::arch::x86_64::*;

    use super::{Line, Quick, line};

    /// Goes through the record 32 bytes at a time while 33 bytes are left,
    /// looking at each line's first bytes; None when it reaches the end of
    /// the file first, or a line that needs the exact rules.
    #[target_feature(enable = "avx2,popcnt")]
    pub unsafe fn record(bytes: &[u8], start: usize) -> Option<Quick> {
        let newline = _mm256_set1_epi8(b'\n' as i8);
        let mut labels = match line(bytes, start) {
            Line::Labels(bits) => bits,
            _ => return None,
        };
        let mut lines = 0;
        let mut at = start;
        while at + 33 <= bytes.len() {
            // SAFETY: the load is within the 33 bytes just sliced.
            let here = unsafe { _mm256_loadu_si256(bytes[at..at + 33].as_ptr().cast()) };
            let mut ends = _mm256_movemask_epi8(_mm256_cmpeq_epi8(here, newline)) as u32;
            while ends != 0 {
                let k = ends.trailing_zeros();
                ends &= ends - 1;
                lines += 1;
                match line(bytes, at + k as usize + 1) {
                    Line::Labels(bits) => labels |= bits,
                    Line::Exact => return None,
                    Line::Blank(blank, to) => {
                        // The record ends before the line end (and a `\r`)
                        // that comes before the blank line.
                        let end = blank - 1 - usize::from(bytes[blank - 2] == b'\r');
                        return Some(Quick {
                            end,
                            after: (to + 1).min(bytes.len()),
                            lines: lines + 1,
                            labels,
                        });
                    }
                }
            }
            at += 32;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::scan::Scan;
    use crate::model::SourceFormat;
    use crate::notation::source::Span;

    /// Lines that put every rule of the exact scan to work: labels that
    /// repeat and others, given bare or in lower case, free text closed on
    /// its line or left open, `%` and `!` lines, blank lines of every
    /// kind, lines starting with white space, long lines that cross the
    /// 32-byte loads.
    const LINES: [&str; 29] = [
        "% RBN",
        "E Club Pairs",
        "B 1",
        "B",
        "b 2",
        "N Ann+Bob:Cy+Di",
        "H N:AKQ.J.T.9:-:-:-",
        "A NN:P1H^1P2C:PP2SP:P3C3SP:PP and on long enough to cross a load",
        "1 natural, 11-15",
        "C 3S:S\r",
        "D!",
        "T\r",
        "{Board 1: a hand worth a second look.}",
        "{ free text left open",
        "that closes }",
        "{ escaped {} still open",
        "{ closed }  \t\u{b}\r",
        "{ not closed } x",
        "{ caf\u{e9} }",
        "{",
        "{}",
        "!",
        " !",
        "",
        "  ",
        "\r",
        "\u{a0}",
        " L indented",
        "\u{e9}t\u{e9}",
    ];

    fn archive() -> impl Strategy<Value = String> {
        prop::collection::vec(0..LINES.len(), 0..150).prop_map(|picks| {
            let lines: Vec<&str> = picks.iter().map(|&i| LINES[i]).collect();
            lines.join("\n")
        })
    }

    proptest! {
        #[test]
        fn the_one_pass_finds_what_the_exact_rules_find(text in archive()) {
            let bytes = text.as_bytes();
            let quick: Vec<Span> = Scan::new(bytes, SourceFormat::Rbn).collect();
            let exact: Vec<Span> = Scan::new(bytes, SourceFormat::Rbn).exact().collect();
            prop_assert_eq!(quick, exact);
        }
    }

    #[test]
    fn common_records_are_taken_in_one_pass() {
        let record = "{Board 1}\nE Club Pairs\nB 1\nH N:AKQ.J.T.9:-:-:-\nR 9\r\n";
        let text = format!("{record}\n{record}\n{record}");
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let want = super::Quick {
            end: record.len() - 2,
            after: record.len() + 1,
            lines: 6,
            labels: 1 << 3 | 1 << 8 | 1 << 9,
        };
        assert_eq!(super::record(text.as_bytes(), 0), Some(want));
        let text = format!("{{ open\n{record}\n{record}");
        assert_eq!(super::record(text.as_bytes(), 0), None);
    }
}
