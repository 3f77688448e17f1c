//! Bytes to lines: line ends (LF or CRLF), text encoding (UTF-8, with
//! Latin-1 for lines that are not valid UTF-8), and line numbers.

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
}

impl Line<'_> {
    /// The 1-based column of the character at byte offset `at` of `text`.
    pub fn column(&self, at: usize) -> u32 {
        let at = at.min(self.text.len());
        let chars = self.text.get(..at).map_or(at, |s| s.chars().count());
        self.col0 + chars as u32 + 1
    }
}

/// Decodes one line: UTF-8 when it is valid, else Latin-1, so that no byte
/// is ever rejected.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

/// The lines of `bytes`, without their line ends; a byte-order mark at the
/// start is skipped.
pub fn lines(bytes: &[u8]) -> impl Iterator<Item = Line<'_>> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut rest = bytes;
    let mut number = 0u32;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        number += 1;
        let (line, next) = match memchr::memchr(b'\n', rest) {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = next;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        Some(Line {
            text: decode(line),
            number,
            col0: 0,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_and_lf_give_the_same_lines() {
        let a: Vec<String> = lines(b"A\r\nB\n\nC").map(|l| l.text.into_owned()).collect();
        assert_eq!(a, ["A", "B", "", "C"]);
    }

    #[test]
    fn invalid_utf8_reads_as_latin1() {
        let l: Vec<_> = lines(b"N Jos\xe9\n").collect();
        assert_eq!(l[0].text, "N José");
        assert_eq!(l[0].number, 1);
    }

    #[test]
    fn columns_count_characters() {
        let line = Line {
            text: Cow::Borrowed("é=x"),
            number: 1,
            col0: 4,
        };
        assert_eq!(line.column(3), 7);
    }
}
