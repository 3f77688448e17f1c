//! LIN's `tag|value|` pairs cut from the bytes, each with where its tag
//! and its value start. Line ends between pairs are only layout: BBO
//! writes a board to a line, a whole file to one line, or a board over
//! many lines.

use crate::model::{Pos, Problem};
use crate::notation::source::{bom_len, decode};

/// One `tag|value|` pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The tag in lower case, as BBO writes it.
    pub tag: String,
    pub value: String,
    /// Byte offsets of the tag and of the value in the file.
    pub tag_at: usize,
    pub value_at: usize,
}

/// Where each line starts, to turn byte offsets into lines and columns.
///
/// A column counts characters from the line's start, which on a file
/// written as one line would mean reading from the file's start for every
/// position; the count of characters before each block of bytes is kept
/// instead, so that a position costs at most a block's worth of reading.
pub struct Lines<'a> {
    bytes: &'a [u8],
    starts: Vec<usize>,
    /// Where each line stops being UTF-8 (its end when it is): columns
    /// before it count UTF-8 characters, after it Windows-1252 bytes.
    utf8_to: Vec<usize>,
    /// Characters (bytes that start one in UTF-8) before each block.
    chars_before: Vec<usize>,
    #[cfg(test)]
    read: std::cell::Cell<usize>,
}

/// Bytes a block, the most a column reads past what is kept.
const BLOCK: usize = 256;

impl<'a> Lines<'a> {
    pub fn new(bytes: &'a [u8]) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i + 1));
        let ends = starts.iter().skip(1).copied().chain([bytes.len()]);
        let utf8_to = starts
            .iter()
            .zip(ends)
            .map(|(&start, end)| match std::str::from_utf8(&bytes[start..end]) {
                Ok(_) => end,
                Err(e) => start + e.valid_up_to(),
            })
            .collect();
        let mut chars_before = Vec::with_capacity(bytes.len() / BLOCK + 1);
        let mut count = 0;
        for block in bytes.chunks(BLOCK) {
            chars_before.push(count);
            count += char_starts(block);
        }
        Lines {
            bytes,
            starts,
            utf8_to,
            chars_before,
            #[cfg(test)]
            read: std::cell::Cell::new(0),
        }
    }

    /// The 1-based line and column (in characters) of byte `at`.
    pub fn pos(&self, at: usize) -> Pos {
        let at = at.min(self.bytes.len());
        let line = self.starts.partition_point(|&s| s <= at).max(1);
        let mut start = self.starts[line - 1];
        if line == 1 && at >= bom_len(self.bytes) {
            start = bom_len(self.bytes);
        }
        // Up to where the line stops being UTF-8, and on a character's
        // start, the text before is UTF-8; anywhere else it is not.
        let utf8_to = self.utf8_to[line - 1];
        let utf8 = at == utf8_to || (at < utf8_to && !is_continuation(self.bytes[at]));
        let col = if utf8 {
            self.chars_to(at) - self.chars_to(start)
        } else {
            at - start
        };
        Pos::new(line as u32, col as u32 + 1)
    }

    /// Characters before byte `at` in the file, as if it were all UTF-8.
    fn chars_to(&self, at: usize) -> usize {
        let block = at / BLOCK;
        let from = block * BLOCK;
        #[cfg(test)]
        self.read.set(self.read.get() + (at - from));
        self.chars_before.get(block).copied().unwrap_or(0) + char_starts(&self.bytes[from..at])
    }

    /// The position of the `chars`-th character of a value starting at `at`.
    pub fn pos_in(&self, at: usize, value: &str, chars: usize) -> Pos {
        let bytes: usize = value.chars().take(chars).map(char::len_utf8).sum();
        // A value decoded from Windows-1252 has one character a byte.
        let raw = if std::str::from_utf8(&self.bytes[at..(at + bytes).min(self.bytes.len())]).is_ok() {
            bytes
        } else {
            chars
        };
        self.pos(at + raw)
    }

    /// Bytes read to find columns so far, the work that would grow with
    /// the square of a long line's length if columns were counted from
    /// the line's start.
    #[cfg(test)]
    pub fn bytes_read(&self) -> usize {
        self.read.get()
    }
}

/// The bytes that start a character in UTF-8 (all but continuations).
fn char_starts(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| !is_continuation(b)).count()
}

fn is_continuation(byte: u8) -> bool {
    byte & 0xC0 == 0x80
}

/// What is wrong with a tag as written, if anything: a tag is up to four
/// letters or digits, in lower case.
fn tag_fault(tag: &str) -> Option<String> {
    if !tag.chars().all(|c| c.is_ascii_alphanumeric()) || tag.is_empty() || tag.len() > 4 {
        return Some(format!(
            "`{}` is not a LIN tag (two letters before a `|`)",
            shorten(tag)
        ));
    }
    tag.chars().any(|c| c.is_ascii_uppercase()).then(|| {
        format!(
            "tag `{tag}` is written in upper case; read as `{}`",
            tag.to_ascii_lowercase()
        )
    })
}

/// The pairs of a file, and what could not be read as pairs.
pub fn tokens(bytes: &[u8], lines: &Lines<'_>) -> (Vec<Token>, Vec<Problem>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let mut at = bom_len(bytes);
    loop {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        if at >= bytes.len() {
            break;
        }
        let Some(bar) = memchr::memchr(b'|', &bytes[at..]).map(|i| at + i) else {
            let text = decode(&bytes[at..]);
            let last = text.trim_end();
            if is_tag(last) {
                // The last tag lost its `||` too.
                read_empty(last, at, lines, &mut out, &mut problems);
                break;
            }
            let message = format!(
                "`{}` at the end is no `tag|value|` pair",
                shorten(text.trim_end())
            );
            problems.push(Problem::new(lines.pos(at), message));
            break;
        };
        let tag_at = at;
        if let Some(next) = lost_separator(bytes, at, bar, lines, &mut out, &mut problems) {
            at = next;
            continue;
        }
        let raw_tag = decode(&bytes[at..bar]);
        let tag = raw_tag.trim();
        if let Some(message) = tag_fault(tag) {
            problems.push(Problem::new(lines.pos(tag_at), message));
        }
        let value_at = bar + 1;
        let end = match memchr::memchr(b'|', &bytes[value_at..]) {
            Some(i) => value_at + i,
            None => {
                let message = format!(
                    "the value of `{}` has no closing `|`; it is read to the end of the file",
                    shorten(tag)
                );
                problems.push(Problem::new(lines.pos(value_at), message));
                bytes.len()
            }
        };
        out.push(Token {
            tag: tag.to_ascii_lowercase(),
            value: decode(&bytes[value_at..end]).into_owned(),
            tag_at,
            value_at,
        });
        at = end + 1;
    }
    (out, problems)
}

/// A tag whose empty value's `||` was lost at a line end, as some
/// converters leave `pg` before the next line's `pc|C5|`: the text before
/// the next `|` runs over a line end, and the part before it is a tag.
/// It is read as that tag with an empty value, and said; the place to go
/// on from is given back.
fn lost_separator(
    bytes: &[u8],
    at: usize,
    bar: usize,
    lines: &Lines<'_>,
    out: &mut Vec<Token>,
    problems: &mut Vec<Problem>,
) -> Option<usize> {
    let line_end = at + memchr::memchr(b'\n', &bytes[at..bar])?;
    let head = std::str::from_utf8(&bytes[at..line_end]).ok()?.trim_end();
    if !is_tag(head) {
        return None;
    }
    read_empty(head, at, lines, out, problems);
    Some(line_end + 1)
}

/// Two letters, as every LIN tag is: what a lost separator leaves
/// standing before a line end.
fn is_tag(text: &str) -> bool {
    text.len() == 2 && text.chars().all(|c| c.is_ascii_alphabetic())
}

/// The tag `head` at `at`, read with an empty value, and said.
fn read_empty(head: &str, at: usize, lines: &Lines<'_>, out: &mut Vec<Token>, problems: &mut Vec<Problem>) {
    let tag = head.to_ascii_lowercase();
    let message = format!("`{head}` has no `||` before the line end; read as `{tag}||`");
    problems.push(Problem::new(lines.pos(at), message));
    out.push(Token {
        tag,
        value: String::new(),
        tag_at: at,
        value_at: at + head.len(),
    });
}

/// Text quoted in a message, cut short when long, its line ends and
/// other control characters shown as spaces.
pub fn shorten(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex(text: &str) -> (Vec<(String, String)>, Vec<String>) {
        let lines = Lines::new(text.as_bytes());
        let (tokens, problems) = tokens(text.as_bytes(), &lines);
        let pairs = tokens.into_iter().map(|t| (t.tag, t.value)).collect();
        (pairs, problems.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn pairs_run_over_lines_and_crlf() {
        let (pairs, problems) = lex("pn|a,b|\r\nmd|3S2,|pg||\r\nMB|P|");
        let tags: Vec<&str> = pairs.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(tags, ["pn", "md", "pg", "mb"]);
        assert_eq!(pairs[1].1, "3S2,");
        assert_eq!(problems, ["3:1: tag `MB` is written in upper case; read as `mb`"]);
    }

    #[test]
    fn an_unclosed_value_and_stray_text_are_named() {
        let (pairs, problems) = lex("ah|Board 1|nt|hello");
        assert_eq!(pairs[1], ("nt".into(), "hello".into()));
        assert_eq!(
            problems,
            ["1:15: the value of `nt` has no closing `|`; it is read to the end of the file"]
        );
        let (_, problems) = lex("pg||\njunk");
        assert_eq!(problems, ["2:1: `junk` at the end is no `tag|value|` pair"]);
    }

    #[test]
    fn a_tag_whose_separator_was_lost_at_a_line_end_is_read_empty() {
        let (pairs, problems) = lex("mb|p|pg\npc|C5|pc|C2|pg\r\npc|CK|");
        let tags: Vec<&str> = pairs.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(tags, ["mb", "pg", "pc", "pc", "pg", "pc"]);
        assert_eq!(pairs[1].1, "");
        assert_eq!(pairs[5].1, "CK");
        assert_eq!(
            problems[0],
            "1:6: `pg` has no `||` before the line end; read as `pg||`"
        );
        assert_eq!(problems.len(), 2);
    }

    #[test]
    fn a_message_never_quotes_a_line_end() {
        assert_eq!(shorten("pg\npc junk"), "pg pc junk");
    }

    #[test]
    fn positions_count_characters() {
        let text = "nt|Jos\u{e9}|pg||";
        let lines = Lines::new(text.as_bytes());
        assert_eq!(lines.pos(10), Pos::new(1, 10));
        assert_eq!(lines.pos_in(3, "Jos\u{e9}", 4), Pos::new(1, 8));
    }
}
