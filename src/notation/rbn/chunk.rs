//! Cuts a file into records: a blank line ends one, a line holding only `!`
//! ends the first table of a pair, `%` lines outside free text are
//! extraneous. RBX records, one per line, are first cut into the lines the
//! RBN form would have.

use std::borrow::Cow;

use crate::notation::source::{Line, decode, is_ascii_space, is_blank};

/// The lines of one record.
#[derive(Debug, Default)]
pub struct Chunk<'a> {
    pub lines: Vec<Line<'a>>,
    /// Ended by `!`: the next record is the other table of the same board.
    pub paired_with_next: bool,
}

/// Whether a line of free text ends it: its last character is a `}` that
/// no `{` escapes. `opening` says the line starts the text with its `{`.
pub fn closes_free_text(text: &str, opening: bool) -> bool {
    let skip = match opening {
        true => text.chars().next().map_or(0, char::len_utf8),
        false => 0,
    };
    // `{{` is an escaped `{`, read left to right, so the `}` at the end is
    // escaped exactly when an odd run of `{` comes right before it. Braces
    // are one byte, and no byte of a longer character is one.
    let Some((&b'}', before)) = text.as_bytes()[skip..].split_last() else {
        return false;
    };
    before.iter().rev().take_while(|&&b| b == b'{').count() % 2 == 0
}

/// What a line is to the rules that cut an RBN file into records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// White space alone: it ends a record, and free text left open.
    Blank,
    /// A line of free text opened on a line before.
    Text,
    /// `%` outside free text: it describes the file, not a deal.
    Extraneous,
    /// `!` alone: it ends the first table of a pair.
    Pairing,
    /// A line that opens free text with `{`.
    Opening,
    /// A label line, or plain data.
    Data,
}

/// Tells the kind of each line in turn, knowing whether free text is open.
/// The scan, the reader and vetting all cut records by it.
#[derive(Debug, Default, Clone, Copy)]
pub struct Cutting {
    pub in_text: bool,
}

impl Cutting {
    #[inline]
    pub fn kind(&mut self, line: &[u8]) -> Kind {
        // Most lines are labels: a letter or digit first is none of the
        // others, which begin with white space, `%`, `!` or `{`.
        if !self.in_text && line.first().is_some_and(u8::is_ascii_alphanumeric) {
            return Kind::Data;
        }
        self.other_kind(line)
    }

    fn other_kind(&mut self, line: &[u8]) -> Kind {
        if is_blank(line) {
            self.in_text = false;
            return Kind::Blank;
        }
        if self.in_text {
            self.in_text = !closes_free_text(decode(line).trim_end(), false);
            return Kind::Text;
        }
        match line[0] {
            b'%' => Kind::Extraneous,
            _ if may_pair(line) && decode(line).trim() == "!" => Kind::Pairing,
            b'{' => {
                self.in_text = !closes_free_text(decode(line).trim_end(), true);
                Kind::Opening
            }
            _ => Kind::Data,
        }
    }
}

/// Whether a line may be a `!` alone (pairing tables): its first byte
/// that is not white space (as `trim` has it) is `!`, or beyond ASCII,
/// where white space of other kinds may come first.
fn may_pair(line: &[u8]) -> bool {
    line.iter()
        .find(|&&b| !is_ascii_space(b))
        .is_some_and(|&b| b == b'!' || b >= 0x80)
}

/// Groups RBN lines into records as they are read. Extraneous `%` lines
/// outside free text are passed over: they describe the file, not a deal.
pub struct RbnChunks<'a, I> {
    lines: I,
    current: Chunk<'a>,
    /// A finished record held back until the next line shows whether a `!`
    /// pairs it with the following one.
    pending: Option<Chunk<'a>>,
    cutting: Cutting,
}

impl<'a, I: Iterator<Item = Line<'a>>> RbnChunks<'a, I> {
    pub fn new(lines: I) -> Self {
        // Room for a record's usual dozen lines at once: the reader cuts
        // one record a time, and growing the vector cost three allocations.
        let current = Chunk {
            lines: Vec::with_capacity(16),
            paired_with_next: false,
        };
        RbnChunks {
            lines,
            current,
            pending: None,
            cutting: Cutting::default(),
        }
    }

    /// Ends the current record; returns the one now ready to hand out.
    fn finish(&mut self, paired: bool) -> Option<Chunk<'a>> {
        if self.current.lines.is_empty() {
            if paired && let Some(p) = self.pending.as_mut() {
                p.paired_with_next = true;
            }
            return None;
        }
        self.current.paired_with_next = paired;
        let done = std::mem::take(&mut self.current);
        self.pending.replace(done)
    }
}

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for RbnChunks<'a, I> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        while let Some(line) = self.lines.next() {
            let ready = match self.cutting.kind(line.text.as_bytes()) {
                Kind::Blank => self.finish(false),
                Kind::Extraneous => None,
                Kind::Pairing => self.finish(true),
                Kind::Text => {
                    self.current.lines.push(line);
                    None
                }
                Kind::Opening | Kind::Data => {
                    let ready = match self.current.lines.is_empty() {
                        true => self.pending.take(),
                        false => None,
                    };
                    self.current.lines.push(line);
                    ready
                }
            };
            if ready.is_some() {
                return ready;
            }
        }
        self.finish(false).or_else(|| self.pending.take())
    }
}

/// Counts the characters before byte offsets of one text, taken in
/// increasing order: each count goes on from where the last stopped, so
/// the pieces of a line of any length are counted in one pass.
pub struct CharCount<'t> {
    text: &'t str,
    at: usize,
    chars: usize,
}

impl<'t> CharCount<'t> {
    pub fn new(text: &'t str) -> CharCount<'t> {
        CharCount {
            text,
            at: 0,
            chars: 0,
        }
    }

    /// The characters before byte offset `at` (a character boundary).
    pub fn before(&mut self, at: usize) -> usize {
        if at < self.at {
            (self.at, self.chars) = (0, 0);
        }
        self.chars += self.text[self.at..at].chars().count();
        self.at = at;
        self.chars
    }

    /// How many bytes were looked at so far: a line's pieces counted in
    /// order look at each byte once.
    #[cfg(test)]
    fn looked_at(&self) -> usize {
        self.at
    }
}

/// Cuts one RBX line into the lines of its RBN form: `}` ends a label line,
/// and inside free text a single `}` is a line break while `}}` ends it.
/// Each piece says whether it is part of free text.
pub fn split_rbx(line: &Line<'_>) -> Vec<(Line<'static>, bool)> {
    let text = line.text.as_ref();
    let mut columns = CharCount::new(text);
    rbx_pieces(text)
        .into_iter()
        .map(|(a, b, in_text)| {
            let col0 = line.col0 + columns.before(a) as u32;
            let piece = Line::new(Cow::Owned(text[a..b].to_string()), line.number, col0);
            (piece, in_text)
        })
        .collect()
}

/// The pieces of an RBX line as byte ranges, each with whether it is part
/// of free text.
pub fn rbx_pieces(text: &str) -> Vec<(usize, usize, bool)> {
    let mut pieces = Vec::new();
    let mut start = 0usize;
    let mut in_text = false;
    let mut escaped = false;
    let mut iter = text.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if i == start && !in_text && c == '{' {
            in_text = true;
            continue;
        }
        if in_text && escaped {
            escaped = false;
            continue;
        }
        let next = iter.peek().map(|&(_, c)| c);
        match c {
            '{' if in_text => escaped = true,
            // The record's last line keeps its own brace: no `}` follows.
            '}' if in_text && next.is_none_or(|c| c == '}') => {
                pieces.push((start, i + 1, true));
                iter.next();
                start = i + 2;
                in_text = false;
            }
            '}' => {
                pieces.push((start, i, in_text));
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        pieces.push((start, text.len(), in_text));
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::source::lines;

    #[test]
    fn characters_before_offsets_in_order_are_counted_once() {
        let text = "é}".repeat(1000);
        let mut count = CharCount::new(&text);
        let mut passed = 0;
        for (i, _) in text.match_indices('}') {
            assert_eq!(count.before(i), text[..i].chars().count());
            passed += 1;
        }
        assert_eq!((passed, count.looked_at()), (1000, text.len() - 1));
        assert_eq!(count.before(2), 1, "an earlier offset counts from the start");
    }

    fn texts(chunk: &Chunk) -> Vec<String> {
        chunk.lines.iter().map(|l| l.text.to_string()).collect()
    }

    fn chunks(bytes: &[u8]) -> Vec<Chunk<'_>> {
        RbnChunks::new(lines(bytes)).collect()
    }

    #[test]
    fn a_pairing_line_may_begin_with_any_white_space() {
        for line in [&b"!"[..], b"  !", b"\x0b!", b"\xa0!"] {
            assert!(may_pair(line), "{line:?}");
        }
        for line in [&b""[..], b"  ", b"N !", b"{!}"] {
            assert!(!may_pair(line), "{line:?}");
        }
    }

    #[test]
    fn each_line_is_cut_by_its_kind_with_free_text_kept_open_over_lines() {
        let mut cutting = Cutting::default();
        let lines: [&[u8]; 8] = [
            b"% file",
            b"N 4S:E",
            b"{open",
            b"% in text",
            b"}",
            b"  ! ",
            b"\xa0",
            b"{one}",
        ];
        let kinds = lines.map(|line| cutting.kind(line));
        use Kind::*;
        assert_eq!(
            kinds,
            [Extraneous, Data, Opening, Text, Text, Pairing, Blank, Opening]
        );
        assert!(!cutting.in_text);
    }

    #[test]
    fn blank_lines_and_bang_split_records() {
        let chunks = chunks(b"% RBN\nB 1\n\n\nB 2\n!\nB 3\n");
        assert_eq!(chunks.len(), 3);
        assert!(!chunks[0].paired_with_next && chunks[1].paired_with_next);
        assert_eq!(texts(&chunks[2]), ["B 3"]);
    }

    #[test]
    fn bang_after_a_blank_line_still_pairs() {
        let chunks = chunks(b"B 1\n\n!\nB 2");
        assert_eq!(chunks.len(), 2);
        assert!(chunks[0].paired_with_next);
    }

    #[test]
    fn free_text_may_hold_percent_and_bang_lines() {
        let chunks = chunks(b"{one\n% two\n!\nthree}\nB 1\n");
        assert_eq!(chunks.len(), 1);
        assert_eq!(texts(&chunks[0]).len(), 5);
    }

    #[test]
    fn escaped_brace_does_not_close() {
        assert!(!closes_free_text("{a{}", true));
        assert!(closes_free_text("{a{{}", true));
        assert!(closes_free_text("b}", false));
        assert!(closes_free_text("{}", true) && !closes_free_text("{", true));
        assert!(!closes_free_text("{}", false) && closes_free_text("é{{}", false));
        assert!(!closes_free_text("a}b", false) && !closes_free_text("", false));
    }

    #[test]
    fn the_closing_brace_is_judged_as_reading_every_character_would() {
        // The rule read a character at a time, against every line of up to
        // six characters of braces and others.
        let by_chars = |text: &str, opening: bool| {
            let (mut escaped, mut closes) = (false, false);
            for c in text.chars().skip(usize::from(opening)) {
                closes = c == '}' && !escaped;
                escaped = c == '{' && !escaped;
            }
            closes
        };
        let mut texts = vec![String::new()];
        for _ in 0..6 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| ["{", "}", "a", "é"].map(|c| format!("{t}{c}")))
                .collect();
            for text in &longer {
                for opening in [false, true] {
                    assert_eq!(
                        closes_free_text(text, opening),
                        by_chars(text, opening),
                        "{text} {opening}"
                    );
                }
            }
            texts = longer;
        }
    }

    #[test]
    fn rbx_line_becomes_rbn_lines() {
        let line = lines(b"B 8}{a}b}}H W:A}{c}").next().unwrap();
        let pieces = split_rbx(&line);
        let t: Vec<(&str, bool)> = pieces.iter().map(|(l, t)| (l.text.as_ref(), *t)).collect();
        assert_eq!(
            t,
            [
                ("B 8", false),
                ("{a", true),
                ("b}", true),
                ("H W:A", false),
                ("{c}", true)
            ]
        );
        assert_eq!(pieces[3].0.col0, 10);
    }
}
