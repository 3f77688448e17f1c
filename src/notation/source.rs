//! Bytes to lines: line ends (LF or CRLF), text encoding (UTF-8, with
//! Windows-1252 for lines that are not valid UTF-8), and line numbers.

use std::borrow::Cow;

/// One line of text and where it starts in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub text: Cow<'a, str>,
    /// 1-based line number.
    pub number: u32,
    /// Column (0-based, in characters) at which `text` starts; non-zero for
    /// the pieces of a one-line RBX record.
    pub col0: u32,
    /// Whether `text` is all ASCII, where a byte is a column: readers ask
    /// the column of every call and card, and counting characters from
    /// the line's start each time would take time growing with the
    /// square of the line's length.
    ascii: bool,
}

impl<'a> Line<'a> {
    pub fn new(text: Cow<'a, str>, number: u32, col0: u32) -> Line<'a> {
        let ascii = text.is_ascii();
        Line {
            text,
            number,
            col0,
            ascii,
        }
    }

    /// A line known to be ASCII, as the whole stretch it was cut from is.
    fn ascii(text: &'a str, number: u32, col0: u32) -> Line<'a> {
        Line {
            text: Cow::Borrowed(text),
            number,
            col0,
            ascii: true,
        }
    }

    /// Whether every character is one byte, a column.
    pub fn is_ascii(&self) -> bool {
        self.ascii
    }

    /// The 1-based column of the character at byte offset `at` of `text`.
    pub fn column(&self, at: usize) -> u32 {
        let at = at.min(self.text.len());
        let chars = match self.ascii {
            true => at,
            false => self.text.get(..at).map_or(at, |s| s.chars().count()),
        };
        self.col0 + chars as u32 + 1
    }
}

/// Decodes one line: UTF-8 when it is valid, else Windows-1252, so that
/// no byte is ever rejected. Files that are not UTF-8 were mostly written
/// on Windows, whose 0x80 to 0x9F are typographic quotes and dashes (in
/// Latin-1 they are invisible controls). Either way a byte is a character,
/// so columns and offsets count bytes.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
                .into_owned(),
        ),
    }
}

/// The lines of `bytes`, without their line ends; a byte-order mark at the
/// start is skipped.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = Line<'_>> {
    // Read as far as the caller needs (detecting the notation reads a
    // few lines of a file of any size): each line is decoded on its own.
    numbered_lines(&bytes[bom_len(bytes)..], 1, 0, false)
}

/// Length of the byte-order mark a file starts with, if any.
pub fn bom_len(bytes: &[u8]) -> usize {
    if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 }
}

/// The lines of a stretch of a file whose first line is line `number` and
/// starts at column `col0 + 1`.
fn numbered_lines(bytes: &[u8], number: u32, col0: u32, at_once: bool) -> impl Iterator<Item = Line<'_>> {
    // Most records are UTF-8, most of them ASCII: a stretch read whole is
    // told so once, and each line is then a slice, asked nothing again.
    let whole = at_once.then(|| std::str::from_utf8(bytes).ok()).flatten();
    let ascii = whole.is_some_and(str::is_ascii);
    let mut at = 0;
    let mut number = number.wrapping_sub(1);
    let mut col0 = col0;
    std::iter::from_fn(move || {
        if at == bytes.len() {
            return None;
        }
        number += 1;
        let end = memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
        let start = std::mem::replace(&mut at, (end + 1).min(bytes.len()));
        let end = if end > start && bytes[end - 1] == b'\r' {
            end - 1
        } else {
            end
        };
        let col0 = std::mem::take(&mut col0);
        Some(match whole {
            Some(text) if ascii => Line::ascii(&text[start..end], number, col0),
            Some(text) => Line::new(Cow::Borrowed(&text[start..end]), number, col0),
            None => Line::new(decode(&bytes[start..end]), number, col0),
        })
    })
}

/// White space among ASCII bytes as `char::is_whitespace` (and so
/// `trim`) has it: the vertical tab too, which `u8::is_ascii_whitespace`
/// leaves out.
pub const fn is_ascii_space(b: u8) -> bool {
    matches!(b, b'\t'..=b'\r' | b' ')
}

/// A line holds nothing but white space.
pub fn is_blank(line: &[u8]) -> bool {
    match line.iter().find(|b| !b.is_ascii_whitespace()) {
        None => true,
        // Vertical tab and the white space beyond ASCII count too.
        Some(&b) if b == 0x0B || b >= 0x80 => decode(line).trim().is_empty(),
        Some(_) => false,
    }
}

/// The next line from `from` (a line start) on that holds only white space:
/// where it starts and where its line end is; and how many line ends come
/// before it. None when there is none, with the line ends to the end.
///
/// Large archives are scanned for blank lines at every start, so line ends
/// are found eight bytes at a time, and only lines whose first byte could
/// begin a blank line are looked at more closely.
pub fn next_blank_line(bytes: &[u8], from: usize) -> (Option<(usize, usize)>, u32) {
    let blank_at = |start: usize| {
        let first = bytes[start];
        let may = is_ascii_space(first) || first >= 0x80;
        let end = || memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
        if may {
            let end = end();
            is_blank(&bytes[start..end]).then_some((start, end))
        } else {
            None
        }
    };
    if from < bytes.len()
        && let Some(found) = blank_at(from)
    {
        return (Some(found), 0);
    }
    let mut lines = 0;
    let mut at = from;
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the features it needs are present.
        let (found, to) = unsafe { wide::next_blank_line(bytes, at, &mut lines, blank_at) };
        if found.is_some() {
            return (found, lines);
        }
        at = to;
    }
    let newline = |p: usize, lines: &mut u32| {
        *lines += 1;
        (p + 1 < bytes.len()).then(|| blank_at(p + 1)).flatten()
    };
    while let Some(word) = bytes.get(at..at + 8) {
        let mut ends = newline_bits(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        while ends != 0 {
            let p = at + (ends.trailing_zeros() / 8) as usize;
            ends &= ends - 1;
            if let Some(found) = newline(p, &mut lines) {
                return (Some(found), lines);
            }
        }
        at += 8;
    }
    for (p, &b) in bytes.iter().enumerate().skip(at) {
        if b == b'\n'
            && let Some(found) = newline(p, &mut lines)
        {
            return (Some(found), lines);
        }
    }
    (None, lines)
}

/// The search for blank lines 32 bytes at a time, where the processor can:
/// it finds a file's records at several GB/s, where eight bytes at a time
/// give one or two.
#[cfg(target_arch = "x86_64")]
mod wide {
    use std::arch::x86_64::*;

    /// Goes through `bytes` from `at` while 33 bytes are left, counting line
    /// ends in `lines`, and asks `blank_at` about each line after a line end
    /// whose first byte is white space, a control or beyond ASCII. Returns
    /// the blank line found, or None and where the search stopped.
    #[target_feature(enable = "avx2,popcnt")]
    pub unsafe fn next_blank_line(
        bytes: &[u8],
        mut at: usize,
        lines: &mut u32,
        blank_at: impl Fn(usize) -> Option<(usize, usize)>,
    ) -> (Option<(usize, usize)>, usize) {
        let newline = _mm256_set1_epi8(b'\n' as i8);
        let space = _mm256_set1_epi8(b' ' as i8);
        while at + 33 <= bytes.len() {
            let chunk = bytes[at..at + 33].as_ptr();
            // SAFETY: both loads are within the 33 bytes just sliced.
            let (here, next) = unsafe {
                (
                    _mm256_loadu_si256(chunk.cast()),
                    _mm256_loadu_si256(chunk.add(1).cast()),
                )
            };
            let ends = _mm256_movemask_epi8(_mm256_cmpeq_epi8(here, newline)) as u32;
            let low = _mm256_cmpeq_epi8(_mm256_min_epu8(next, space), next);
            let may = (_mm256_movemask_epi8(low) | _mm256_movemask_epi8(next)) as u32;
            let mut after = ends & may;
            while after != 0 {
                let k = after.trailing_zeros();
                if let Some(found) = blank_at(at + k as usize + 1) {
                    *lines += (ends & (u32::MAX >> (31 - k))).count_ones();
                    return (Some(found), at);
                }
                after &= after - 1;
            }
            *lines += ends.count_ones();
            at += 32;
        }
        (None, at)
    }
}

/// The high bit of each byte of `word` that is a line end.
fn newline_bits(word: u64) -> u64 {
    byte_bits(word, b'\n')
}

/// The high bit of each byte of `word` that is `byte`, exactly (no carry
/// from one byte reaches the next).
fn byte_bits(word: u64, byte: u8) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let t = word ^ (u64::from(byte) * 0x0101_0101_0101_0101);
    !(((t & LOW) + LOW) | t | LOW)
}

/// Where the first of the `wanted` bytes is, from `at` on, looked for
/// eight bytes at a time: short fields of varying length cost a search
/// byte by byte a wrong guess at their end each time.
pub fn first_of<const N: usize>(bytes: &[u8], mut at: usize, wanted: [u8; N]) -> Option<usize> {
    while let Some(chunk) = bytes.get(at..at + 8) {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or_default());
        let hits = wanted.iter().fold(0, |hits, &b| hits | byte_bits(word, b));
        if hits != 0 {
            return Some(at + (hits.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let rest = bytes.get(at..)?;
    rest.iter().position(|b| wanted.contains(b)).map(|i| at + i)
}

/// Where one record lies in its file, found by a scan that does not read
/// it: the record is read from these bytes when it is wanted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    /// Byte offsets of the record's first character and of its end.
    pub start: usize,
    pub end: usize,
    /// 1-based number of the line `start` is on.
    pub line: u32,
    /// Its table in a team match, when the file pairs records.
    pub table: Option<u8>,
    /// It follows the record before without the blank line that should
    /// separate them.
    pub run_on: bool,
    /// What the record may hand on to the records after it, a bit each, as
    /// the scan saw in passing (a bit may be set for nothing, never missed
    /// for something): RBN's repeating labels, PBN's carried tags and `##`.
    pub hands_on: u16,
    /// The column (0-based, in characters) `start` is at, where the scan
    /// knows it: a record that runs on from another within one line.
    /// 0 has it worked out from the line's start.
    pub col0: u32,
}

/// The record whose bytes hold `offset`, if any.
pub fn record_at(spans: &[Span], offset: usize) -> Option<usize> {
    let j = spans.partition_point(|s| s.start <= offset).checked_sub(1)?;
    (offset < spans[j].end).then_some(j)
}

/// The lines of one record. A record that starts within a line (a game
/// run on after another) gets the columns of its place in that line.
pub fn span_lines<'a>(bytes: &'a [u8], span: &Span) -> impl Iterator<Item = Line<'a>> {
    // Looking back to the line's start for every record of a file written
    // on one line would take time growing with the square of its length.
    if span.col0 > 0 {
        return numbered_lines(&bytes[span.start..span.end], span.line, span.col0, true);
    }
    let head = &bytes[..span.start];
    let line_start = memchr::memrchr(b'\n', head).map_or(bom_len(head), |i| i + 1);
    let col0 = if line_start < span.start {
        decode(&bytes[line_start..span.start]).chars().count() as u32
    } else {
        0
    };
    numbered_lines(&bytes[span.start..span.end], span.line, col0, true)
}

/// A record's bytes copied out of the file, and its span in the copy. A
/// mapped file can change under the reader (another program cuts it
/// short, or writes it again), and a byte read twice may then differ the
/// second time from what the first read checked: a reader that reads
/// one record where the file may change reads it from a copy. The copy
/// starts with the line end before the record's line, so that its lines
/// keep their columns.
pub struct Held {
    pub bytes: Vec<u8>,
    pub span: Span,
}

impl Held {
    pub fn of(bytes: &[u8], span: &Span) -> Held {
        let from = match span.col0 {
            0 => memchr::memrchr(b'\n', &bytes[..span.start]).unwrap_or(0),
            _ => span.start,
        };
        Held {
            bytes: bytes[from..span.end].to_vec(),
            span: Span {
                start: span.start - from,
                end: span.end - from,
                ..*span
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_white_space_is_what_char_takes_for_white_space() {
        for b in 0..128u8 {
            assert_eq!(is_ascii_space(b), (b as char).is_whitespace(), "byte {b}");
        }
    }

    #[test]
    fn crlf_and_lf_give_the_same_lines() {
        let a: Vec<String> = lines(b"A\r\nB\n\nC").map(|l| l.text.into_owned()).collect();
        assert_eq!(a, ["A", "B", "", "C"]);
    }

    #[test]
    fn invalid_utf8_reads_as_windows_1252() {
        let l: Vec<_> = lines(b"N Jos\xe9\n{\x93Don\x92t\x94 \x96 \x97}\n").collect();
        assert_eq!(l[0].text, "N José");
        assert_eq!(l[0].number, 1);
        assert_eq!(l[1].text, "{\u{201c}Don\u{2019}t\u{201d} \u{2013} \u{2014}}");
    }

    #[test]
    fn every_byte_decodes_to_one_character() {
        let bytes: Vec<u8> = (0x80..=0xFF).collect();
        assert_eq!(decode(&bytes).chars().count(), bytes.len());
    }

    #[test]
    fn first_of_finds_the_first_wanted_byte_in_a_word_or_the_tail() {
        let text = b"0123456789abcdef\"xyz\\";
        // Every start, so that the byte falls at each place in a word and in
        // the tail shorter than a word.
        for at in 0..text.len() {
            let expected = text[at..]
                .iter()
                .position(|b| matches!(b, b'"' | b'\\'))
                .map(|i| at + i);
            assert_eq!(first_of(text, at, [b'"', b'\\']), expected, "from {at}");
        }
        assert_eq!(
            first_of(b"\x80\xff\x0a", 0, [b'\n']),
            Some(2),
            "no carry between bytes"
        );
        assert_eq!(first_of(b"abc", 3, [b'a']), None);
    }

    #[test]
    fn blank_lines_hold_only_white_space() {
        assert!(is_blank(b""));
        assert!(is_blank(b" \t\r"));
        assert!(is_blank("\u{a0}\u{3000}".as_bytes()));
        assert!(is_blank(b"\xa0"), "Latin-1 no-break space");
        assert!(!is_blank(b" x"));
    }

    #[test]
    fn blank_lines_are_found_with_the_line_ends_before_them() {
        let text = b"a\nbb\n  \t\r\nccc\n\nd";
        assert_eq!(next_blank_line(text, 0), (Some((5, 9)), 2));
        assert_eq!(next_blank_line(text, 10), (Some((14, 14)), 1));
        assert_eq!(next_blank_line(text, 15), (None, 0));
        assert_eq!(next_blank_line(b"x\n\xc2\xa0\n", 0), (Some((2, 4)), 1));
        let long = [&[b'x'; 40][..], b"\n\n"].concat();
        assert_eq!(next_blank_line(&long, 0), (Some((41, 41)), 1));
        assert_eq!(next_blank_line(b"x\n", 0), (None, 1));
    }

    /// The blank line search the slow, obvious way: line by line.
    fn blank_line_by_lines(bytes: &[u8], from: usize) -> (Option<(usize, usize)>, u32) {
        let mut passed = 0;
        let mut start = from;
        loop {
            let end = bytes[start..].iter().position(|&b| b == b'\n').map(|i| start + i);
            if is_blank(&bytes[start..end.unwrap_or(bytes.len())]) && start < bytes.len() {
                return (Some((start, end.unwrap_or(bytes.len()))), passed);
            }
            match end {
                Some(end) => (start, passed) = (end + 1, passed + 1),
                None => return (None, passed),
            }
            if start == bytes.len() {
                return (None, passed);
            }
        }
    }

    #[test]
    fn the_word_and_wide_searches_agree_with_reading_line_by_line() {
        // Lines of every length around the widths searched at once, with
        // blank lines of each kind and lines that only begin like them.
        let kinds: [&[u8]; 7] = [b"", b" ", b"\r", b" \t\r", b"\xc2\xa0", b" x", b"\x01y"];
        for length in [0, 1, 7, 8, 9, 30, 31, 32, 33, 34, 63, 64, 65, 100] {
            for (i, kind) in kinds.iter().enumerate() {
                let line = vec![b'w'; length];
                let mut text = [&line[..], b"\n"].concat().repeat(3 + i % 3);
                text.extend_from_slice(kind);
                text.extend_from_slice(b"\nlast line\n");
                for from in [0, 1, length.min(5), length + 1] {
                    let from = from.min(text.len() - 1);
                    assert_eq!(
                        next_blank_line(&text, from),
                        blank_line_by_lines(&text, from),
                        "line length {length}, kind {i}, from {from}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_span_starting_within_a_line_keeps_its_columns() {
        let bytes = b"a\nbc[d]\ne";
        let span = Span {
            start: 4,
            end: 8,
            line: 2,
            ..Span::default()
        };
        let l: Vec<_> = span_lines(bytes, &span).collect();
        assert_eq!((l[0].text.as_ref(), l[0].number, l[0].col0), ("[d]", 2, 2));
        assert_eq!(l.len(), 1);
    }

    #[test]
    fn a_held_copy_reads_as_the_record_in_its_file() {
        let bytes = "\u{FEFF}[a]\nbé[d]\n[e] [f]\n".as_bytes();
        let at = |s: &str| bytes.windows(s.len()).position(|w| w == s.as_bytes()).unwrap();
        let span = |start: usize, line: u32, col0: u32| Span {
            start,
            end: bytes.len(),
            line,
            col0,
            ..Span::default()
        };
        // At the file's start after its byte-order mark, within a line
        // (its column worked out, or known from the scan), at a line's start.
        let spans = [
            span(3, 1, 0),
            span(at("[d]"), 2, 0),
            span(at("[f]"), 3, 4),
            span(at("[e]"), 3, 0),
        ];
        for span in spans {
            let held = Held::of(bytes, &span);
            let lines: Vec<_> = span_lines(&held.bytes, &held.span).collect();
            assert_eq!(lines, span_lines(bytes, &span).collect::<Vec<_>>(), "{span:?}");
        }
    }

    #[test]
    fn columns_count_characters() {
        let line = Line::new(Cow::Borrowed("é=x"), 1, 4);
        assert_eq!(line.column(3), 7);
        assert_eq!(Line::new(Cow::Borrowed("e=x"), 1, 4).column(2), 7);
    }
}
