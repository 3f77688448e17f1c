//! Where each game of a PBN file lies, found without reading the games,
//! so that an archive of a million games can be listed at once and read a
//! game at a time.
//!
//! A blank line ends a game unless a brace comment is open across it, and
//! a second Event tag in one stretch starts a new game (some programs leave
//! the blank line out). Most games can hold neither, and are found by a
//! walk over line ends; only those that might are lexed, by the lexer the
//! reader uses, so that the scan and the reader never disagree.

use std::collections::VecDeque;

use memchr::{memchr, memmem, memrchr};

use super::context::CARRIED;
use super::scan_quick;
use crate::notation::source::{Span, bom_len, is_blank, next_blank_line, span_lines};
use crate::notation::tags::{Lexing, NAME, Token, comment_close};

pub struct Scan<'a> {
    bytes: &'a [u8],
    /// Start of the next line to look at, and its number.
    at: usize,
    line: u32,
    /// Games found in one stretch and not yet handed out.
    ready: VecDeque<Span>,
    /// Whether to mark what each game may hand on (for reading games on
    /// their own); unmarked games may hand on anything.
    marking: bool,
    /// Whether common games are found in one pass ([`scan_quick`]); off
    /// only where tests hold that pass to the exact rules.
    quick: bool,
    event: memmem::Finder<'static>,
}

impl<'a> Scan<'a> {
    /// A scan for reading every game in order.
    pub fn new(bytes: &'a [u8]) -> Scan<'a> {
        Scan {
            bytes,
            at: bom_len(bytes),
            line: 1,
            ready: VecDeque::new(),
            marking: false,
            quick: true,
            event: memmem::Finder::new(b"Event"),
        }
    }

    /// A scan whose spans say what each game may hand on, for reading
    /// games on their own.
    pub fn marking(bytes: &'a [u8]) -> Scan<'a> {
        Scan {
            marking: true,
            ..Scan::new(bytes)
        }
    }

    /// The same scan with every game found by the exact rules alone.
    #[cfg(any(test, feature = "testing"))]
    pub fn exact(self) -> Scan<'a> {
        Scan { quick: false, ..self }
    }

    fn marks(&self, game: &[u8]) -> u16 {
        if self.marking { hands_on(game) } else { u16::MAX }
    }

    /// How many bytes the scan has passed, for progress.
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The next line: where it starts and ends (before its line end).
    fn next_line(&mut self) -> Option<(usize, usize)> {
        if self.at >= self.bytes.len() {
            return None;
        }
        let start = self.at;
        let end = memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
        self.at = (end + 1).min(self.bytes.len());
        self.line += 1;
        Some((start, end))
    }

    /// The next game, when it starts at the next line and is of the common
    /// kind [`scan_quick`] takes; the scan is left as it was otherwise.
    fn quick_game(&mut self) -> Option<Span> {
        let first = *self.bytes.get(self.at)?;
        // A line starting so is neither blank nor `%`: a game starts there.
        let plain = first < 0x80 && !first.is_ascii_whitespace() && !matches!(first, 0x0B | b'%');
        if !self.quick || !plain {
            return None;
        }
        let game = scan_quick::game(self.bytes, self.at, self.marking)?;
        let span = Span {
            start: self.at,
            end: game.end,
            line: self.line,
            hands_on: game.hands_on,
            ..Span::default()
        };
        self.at = game.after;
        self.line += game.lines;
        Some(span)
    }

    /// The first line of the next game: blank and `%` lines before it are
    /// passed over.
    fn game_start(&mut self) -> Option<(usize, u32)> {
        loop {
            let number = self.line;
            let (start, end) = self.next_line()?;
            let text = &self.bytes[start..end];
            if !is_blank(text) && text.first() != Some(&b'%') {
                return Some((start, number));
            }
        }
    }

    /// Where the game starting at `start` ends: at the first blank line
    /// outside a comment, or at the end of the file. Also the game lexed,
    /// when it had to be.
    fn game_end(&mut self, start: usize, line: u32) -> (usize, Option<Lexing<'a>>) {
        let mut lexing: Option<Lexing<'a>> = None;
        // Once a comment may be open, every line is lexed as it is passed:
        // these say how far that has come.
        let (mut lexed_to, mut lexed_line) = (start, line);
        loop {
            let (blank, passed) = next_blank_line(self.bytes, self.at);
            self.line += passed;
            let Some((from, to)) = blank else {
                let end = self.bytes.len();
                self.at = end;
                if let Some(lexer) = lexing.as_mut() {
                    lex(self.bytes, lexed_to, end, lexed_line, lexer);
                }
                return (end, lexing);
            };
            self.at = (to + 1).min(self.bytes.len());
            self.line += 1;
            if lexing.is_none() && !may_leave_comment_open(&self.bytes[start..from]) {
                return (from, None);
            }
            let lexer = lexing.get_or_insert_with(Lexing::default);
            let blank_line = self.line - 1;
            lex(self.bytes, lexed_to, from, lexed_line, lexer);
            if !lexer.in_comment() {
                return (from, lexing);
            }
            // The blank line is part of the comment.
            lex(self.bytes, from, self.at, blank_line, lexer);
            (lexed_to, lexed_line) = (self.at, self.line);
        }
    }

    /// Hands out the game `start..end`, cut where it runs on into the next.
    fn cut(&mut self, start: usize, end: usize, line: u32, lexing: Option<Lexing<'a>>) {
        let whole = Span {
            start,
            end,
            line,
            ..Span::default()
        };
        let region = &self.bytes[start..end];
        let events = self.event.find_iter(region).take(2).count();
        if events < 2 {
            let hands_on = self.marks(region);
            self.ready.push_back(Span { hands_on, ..whole });
            return;
        }
        let lexing = lexing.unwrap_or_else(|| {
            let mut lexer = Lexing::default();
            lex(self.bytes, start, end, line, &mut lexer);
            lexer
        });
        let mut piece = whole;
        let starts = lexing.game.tokens.iter().filter_map(|t| match t {
            Token::Tag { name, pos, .. } if name == "Event" => Some(*pos),
            _ => None,
        });
        let mut cursor = Cursor::new(self.bytes, &whole);
        for pos in starts.skip(1) {
            let at = cursor.offset(pos.line, pos.col);
            let hands_on = self.marks(&self.bytes[piece.start..at]);
            self.ready.push_back(Span {
                end: at,
                hands_on,
                ..piece
            });
            piece = Span {
                start: at,
                end,
                line: pos.line,
                run_on: true,
                col0: pos.col - 1,
                ..Span::default()
            };
        }
        let hands_on = self.marks(&self.bytes[piece.start..end]);
        self.ready.push_back(Span { hands_on, ..piece });
    }
}

impl Iterator for Scan<'_> {
    type Item = Span;

    fn next(&mut self) -> Option<Span> {
        loop {
            if let Some(span) = self.ready.pop_front() {
                return Some(span);
            }
            if let Some(span) = self.quick_game() {
                return Some(span);
            }
            let (start, line) = self.game_start()?;
            let (end, lexing) = self.game_end(start, line);
            self.cut(start, end, line, lexing);
        }
    }
}

/// The bit in [`Span::hands_on`] for a game that gives a value with `##`,
/// which reaches every game after it.
pub const STICKY: u16 = 1 << 15;

/// The carried tags a game may give (a bit each, in [`CARRIED`]'s order),
/// and whether it may give a `##` value: every `[` is looked at as the start
/// of a tag.
pub(super) fn hands_on(game: &[u8]) -> u16 {
    let mut bits = 0;
    for open in memchr::memchr_iter(b'[', game) {
        let mut at = open + 1;
        while game.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        let start = at;
        while game.get(at).is_some_and(|&b| NAME[b as usize]) {
            at += 1;
        }
        // White space beyond ASCII may stand before a name or a value: it
        // could be anything.
        let odd = |b: &u8| *b >= 0x80 || *b == 0x0B;
        if game.get(start).is_some_and(odd) {
            return u16::MAX;
        }
        bits |= carried_name(game, start);
        while game.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
        // `##` quoted, or a bare value (`[Board ## 3]`) starting with it.
        let value = &game[at..];
        if game.get(at).is_some_and(odd) || value.starts_with(b"\"##") || value.starts_with(b"##") {
            bits |= STICKY;
        }
    }
    bits
}

/// The first eight bytes of each carried tag's name (fewer when shorter),
/// as a mask and the bytes under it, to match a name a word at a time.
static WORDS: [(u64, u64); CARRIED.len()] = {
    let mut words = [(0, 0); CARRIED.len()];
    let mut i = 0;
    while i < CARRIED.len() {
        let name = CARRIED[i].as_bytes();
        let mut k = 0;
        while k < name.len() && k < 8 {
            words[i].0 |= 0xFF << (8 * k);
            words[i].1 |= (name[k] as u64) << (8 * k);
            k += 1;
        }
        i += 1;
    }
    words
};

/// The carried tag whose name stands at `name`, as its bit in
/// [`Span::hands_on`] (0 for none). The name is matched a word at a time:
/// finding where it ends byte by byte cost a quarter of the quick scan.
pub(super) fn carried_name(bytes: &[u8], name: usize) -> u16 {
    let mut word = [0; 8];
    let tail = bytes.get(name..).unwrap_or_default();
    let n = tail.len().min(8);
    word[..n].copy_from_slice(&tail[..n]);
    let word = u64::from_le_bytes(word);
    for (i, &(mask, start)) in WORDS.iter().enumerate() {
        let whole = CARRIED[i].as_bytes();
        let past = tail.get(whole.len());
        if word & mask == start && tail.starts_with(whole) && !past.is_some_and(|&b| NAME[b as usize]) {
            return 1 << i;
        }
    }
    0
}

/// Whether a brace comment could still be open at the end of a game's
/// text: only when its last `{` has no `}` after it. (Every comment closes
/// at the first `}` after its `{`.)
fn may_leave_comment_open(region: &[u8]) -> bool {
    memrchr(b'{', region).is_some_and(|i| comment_close(&region[i + 1..]).is_none())
}

fn lex<'a>(bytes: &'a [u8], start: usize, end: usize, line: u32, lexer: &mut Lexing<'a>) {
    let span = Span {
        start,
        end,
        line,
        ..Span::default()
    };
    span_lines(bytes, &span).for_each(|l| lexer.line(&l));
}

/// Byte offsets of lines and columns within a span, found in order: each
/// is looked for from the one before, so that a span of one long line
/// holding many games is walked once, not once a game.
struct Cursor<'a> {
    bytes: &'a [u8],
    end: usize,
    /// The last place found: its line, column and byte offset.
    line: u32,
    col: u32,
    at: usize,
    /// Whether the line is UTF-8 (else read as Windows-1252, a byte a
    /// character), as the lexer decoded it.
    utf8: bool,
}

impl<'a> Cursor<'a> {
    fn new(bytes: &'a [u8], span: &Span) -> Cursor<'a> {
        let first = span_lines(bytes, span).next().map_or(0, |l| l.col0);
        let mut cursor = Cursor {
            bytes,
            end: span.end,
            line: span.line,
            col: first + 1,
            at: span.start,
            utf8: true,
        };
        cursor.utf8 = cursor.line_is_utf8();
        cursor
    }

    fn line_is_utf8(&self) -> bool {
        let rest = &self.bytes[self.at..self.end];
        let line_end = memchr(b'\n', rest).unwrap_or(rest.len());
        std::str::from_utf8(&rest[..line_end]).is_ok()
    }

    /// The byte offset of a 1-based line and column after the last found.
    fn offset(&mut self, line: u32, col: u32) -> usize {
        while self.line < line {
            let Some(i) = memchr(b'\n', &self.bytes[self.at..self.end]) else {
                return self.end;
            };
            (self.at, self.line, self.col) = (self.at + i + 1, self.line + 1, 1);
            self.utf8 = self.line_is_utf8();
        }
        let rest = &self.bytes[self.at..self.end];
        let chars = col.saturating_sub(self.col) as usize;
        let step = if self.utf8 {
            // Past `chars` characters: bytes that start one in UTF-8.
            let mut starts = rest.iter().enumerate().filter(|(_, b)| *b & 0xC0 != 0x80);
            starts.nth(chars).map_or(rest.len(), |(i, _)| i)
        } else {
            chars.min(rest.len())
        };
        (self.at, self.col) = (self.at + step, col);
        self.at
    }
}
