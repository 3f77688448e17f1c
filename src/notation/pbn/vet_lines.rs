//! Vetting's readers of whole lines: a tag, a comment, a trick of four
//! cards, each alone on its line as programs write them, and the line's
//! end.

use super::sections::card_bit;
use memchr::memchr;

use crate::notation::tags::{comment_close, plain_tag};
use crate::notation::vet::CardBit;

/// The end of a line at `at`, which must hold nothing more than spaces
/// before its line end: where the next line starts, or None.
pub fn line_end(bytes: &[u8], mut at: usize) -> Option<usize> {
    if bytes.get(at) == Some(&b'\n') {
        return Some(at + 1);
    }
    while at < bytes.len() && matches!(bytes[at], b' ' | b'\t') {
        at += 1;
    }
    if bytes.get(at) == Some(&b'\r') {
        at += 1;
    }
    match bytes.get(at) {
        None => Some(at),
        Some(b'\n') => Some(at + 1),
        Some(_) => None,
    }
}

/// `SA HK D2 C3` at `at` and nothing more on the line: the cards, and where
/// the next line starts.
pub fn four_cards(bytes: &[u8], at: usize) -> Option<([CardBit; 4], usize)> {
    let row = bytes.get(at..at + 11)?;
    if row[2] != b' ' || row[5] != b' ' || row[8] != b' ' {
        return None;
    }
    let card = |i: usize| card_bit(&row[i..i + 2])?;
    let cards = [card(0)?, card(3)?, card(6)?, card(9)?];
    Some((cards, line_end(bytes, at + 11)?))
}

/// `[Name "value"]` at `at` as nearly every program writes it (see
/// [`plain_tag`]), with nothing after it on its line but spaces: the name,
/// the value and where the next line starts.
pub fn tag_line(text: &str, start: usize) -> Option<(&str, &str, usize)> {
    let (name, value, after) = plain_tag(text, start)?;
    Some((&text[name], &text[value], line_end(text.as_bytes(), after)?))
}

/// `{...}` at `at`, all on its line, with nothing after it but spaces:
/// where the next line starts.
pub fn comment_line(bytes: &[u8], at: usize) -> Option<usize> {
    let end = memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i);
    let close = at + 1 + comment_close(&bytes[at + 1..end])?;
    line_end(bytes, close + 1)
}
