//! The words of the A and P labels: calls and plays, each with the marks
//! written after it, and the `:` (or `;`) between rounds and tricks.
//!
//! ```text
//! words      = { break | word }
//! word       = item { annotation }
//! annotation = "!" | "?" | "*" | "^" digit
//! ```
//!
//! This grammar is written once, here. The full reader builds the model's
//! entries from its words and reports what it cannot read; vetting follows
//! the same words with the rules and hands anything unusual to the reader.

use std::marker::PhantomData;
use std::ops::RangeInclusive;

use super::Issue;
use crate::model::{
    Annotated, Annotation, AuctionItem, Bid, Call, PlayItem, Pos, Pseudo, Rank, Strain, Suit,
};

/// One step through a label's data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Word<T> {
    Item(Written<T>),
    /// A `:` (or, in the play, a `;`) between rounds or tricks.
    Break {
        at: usize,
        byte: u8,
    },
    /// A character at `at` that begins no call or play.
    Fault {
        at: usize,
        found: char,
    },
}

/// A call or play from `at`; its marks run from `marks` to `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Written<T> {
    pub item: T,
    pub at: usize,
    pub marks: usize,
    pub end: usize,
}

/// What a label's words may be: calls or plays, each read from the start
/// of the bytes given, with its length.
pub trait Item: Sized {
    fn read(bytes: &[u8]) -> Option<(Self, usize)>;
    /// Whether a byte stands between rounds or tricks.
    fn is_break(byte: u8) -> bool;
}

impl Item for AuctionItem {
    #[inline]
    fn read(bytes: &[u8]) -> Option<(Self, usize)> {
        call(bytes)
    }
    fn is_break(byte: u8) -> bool {
        byte == b':'
    }
}

impl Item for PlayItem {
    #[inline]
    fn read(bytes: &[u8]) -> Option<(Self, usize)> {
        play(bytes)
    }
    fn is_break(byte: u8) -> bool {
        matches!(byte, b':' | b';')
    }
}

/// An A or P label's words, from a byte offset of its data.
pub struct Words<'d, T> {
    data: &'d str,
    at: usize,
    item: PhantomData<T>,
}

impl<'d, T: Item> Words<'d, T> {
    pub fn new(data: &'d str, from: usize) -> Self {
        Words {
            data,
            at: from,
            item: PhantomData,
        }
    }

    /// Where the next word begins.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Passes over words a caller has read on its own.
    pub fn pass(&mut self, len: usize) {
        self.at += len;
    }
}

impl<T: Item> Iterator for Words<'_, T> {
    type Item = Word<T>;

    #[inline]
    fn next(&mut self) -> Option<Word<T>> {
        let bytes = self.data.as_bytes();
        let at = self.at;
        let &first = bytes.get(at)?;
        if T::is_break(first) {
            self.at += 1;
            return Some(Word::Break { at, byte: first });
        }
        let Some((item, len)) = T::read(&bytes[at..]) else {
            let found = self.data[at..].chars().next().unwrap_or(' ');
            self.at += found.len_utf8();
            return Some(Word::Fault { at, found });
        };
        let marks = at + len;
        self.at = marks_end(bytes, marks);
        Some(Word::Item(Written {
            item,
            at,
            marks,
            end: self.at,
        }))
    }
}

/// The model's entry for a word of the full reader's, with an issue for a
/// note referred to that its label may not refer to (not in `numbers`).
pub fn entry<T>(
    data: &str,
    word: Written<T>,
    pos: Pos,
    numbers: RangeInclusive<u8>,
    issues: &mut Vec<Issue>,
) -> Annotated<T> {
    Annotated {
        flagged: flagged(data, word.at, word.marks),
        annotations: annotations(data, &word, numbers, issues),
        item: word.item,
        pos,
    }
}

fn annotations<T>(
    data: &str,
    word: &Written<T>,
    numbers: RangeInclusive<u8>,
    issues: &mut Vec<Issue>,
) -> Vec<Annotation> {
    // Most words carry no mark: nothing to gather then.
    if word.marks == word.end {
        return Vec::new();
    }
    // Only a word's first note out of range is reported.
    let mut fault = None;
    let annotations = marks(data, word.marks, word.end)
        .inspect(|&(place, annotation)| {
            if let Annotation::Note(n) = annotation
                && !numbers.contains(&n)
            {
                fault.get_or_insert((place, n));
            }
        })
        .map(|(_, annotation)| annotation)
        .collect();
    if let Some((place, n)) = fault {
        let (low, high) = (numbers.start(), numbers.end());
        let message = format!("`^{n}`: a note referred to is numbered {low} to {high}");
        issues.push(Issue::new(place, message));
    }
    annotations
}

/// Whether a word is written in lowercase, which RBN leaves to the author
/// as a flag.
pub fn flagged(data: &str, at: usize, marks: usize) -> bool {
    data.as_bytes()[at..marks].iter().any(u8::is_ascii_lowercase)
}

/// The mark at the start of `bytes`: `!` good, `?` poor, `*` conventional,
/// `^n` see note n; with its length.
fn mark(bytes: &[u8]) -> Option<(Annotation, usize)> {
    match bytes {
        [b'!', ..] => Some((Annotation::Good, 1)),
        [b'?', ..] => Some((Annotation::Poor, 1)),
        [b'*', ..] => Some((Annotation::Conventional, 1)),
        // Bound by value: read once, then checked (the bytes may be a mapped
        // file's that another program changes).
        &[b'^', digit, ..] if digit.is_ascii_digit() => Some((Annotation::Note(digit - b'0'), 2)),
        _ => None,
    }
}

#[inline]
fn marks_end(bytes: &[u8], mut at: usize) -> usize {
    // Most words carry no mark: one byte tells.
    if !matches!(bytes.get(at), Some(b'!' | b'?' | b'*' | b'^')) {
        return at;
    }
    while let Some((_, len)) = mark(&bytes[at..]) {
        at += len;
    }
    at
}

/// The marks from `at` to `end`, each with where it stands.
pub fn marks(data: &str, mut at: usize, end: usize) -> impl Iterator<Item = (usize, Annotation)> {
    let bytes = &data.as_bytes()[..end];
    std::iter::from_fn(move || {
        let (annotation, len) = mark(&bytes[at..])?;
        at += len;
        Some((at - len, annotation))
    })
}

/// A call: `P`, `X`, `R`, a level and strain, `A` (all pass) or `Y` (a
/// question to the reader), in either case.
#[inline]
fn call(bytes: &[u8]) -> Option<(AuctionItem, usize)> {
    let &first = bytes.first()?;
    let item = match first.to_ascii_uppercase() {
        b'1'..=b'7' => {
            let strain = *bytes.get(1).filter(|b| b.is_ascii_alphabetic())?;
            let strain = Strain::from_letter(strain as char)?;
            let bid = Bid {
                level: first - b'0',
                strain,
            };
            return Some((AuctionItem::Call(Call::Bid(bid)), 2));
        }
        b'P' => AuctionItem::Call(Call::Pass),
        b'X' => AuctionItem::Call(Call::Double),
        b'R' => AuctionItem::Call(Call::Redouble),
        b'A' => AuctionItem::AllPass,
        b'Y' => AuctionItem::Query,
        _ => return None,
    };
    Some((item, 1))
}

/// A play: a card (its suit left out when it follows the suit led), a
/// pseudo play (`-`, `~`, `+`, `.`) or `Y`.
fn play(bytes: &[u8]) -> Option<(PlayItem, usize)> {
    let &first = bytes.first()?;
    let suit = Suit::from_letter(first as char);
    let rank_at = usize::from(suit.is_some());
    let rank = bytes.get(rank_at).filter(|b| b.is_ascii_alphanumeric());
    if let Some(rank) = rank.and_then(|&b| Rank::from_letter(b as char)) {
        return Some((PlayItem::Card { suit, rank }, rank_at + 1));
    }
    if suit.is_some() {
        return None;
    }
    match first {
        b'Y' | b'y' => Some((PlayItem::Query, 1)),
        _ => Some((PlayItem::Pseudo(Pseudo::from_symbol(first as char)?), 1)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items<T: Item>(words: Words<'_, T>) -> Vec<T> {
        words
            .filter_map(|w| match w {
                Word::Item(written) => Some(written.item),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn calls_with_their_marks_and_the_breaks_between_rounds() {
        let data = "1c*^1P:x!A";
        let words: Vec<_> = Words::<AuctionItem>::new(data, 0).collect();
        assert_eq!(words.len(), 5);
        let Word::Item(Written {
            at, marks: m, end, ..
        }) = words[0]
        else {
            panic!()
        };
        assert_eq!((at, m, end), (0, 2, 5));
        assert!(flagged(data, at, m));
        let found: Vec<_> = marks(data, m, end).collect();
        assert_eq!(found, [(2, Annotation::Conventional), (3, Annotation::Note(1))]);
        assert_eq!(words[2], Word::Break { at: 6, byte: b':' });
        assert!(!flagged(data, 5, 6), "P is upper case");
    }

    #[test]
    fn a_character_that_begins_no_word_is_a_fault_and_reading_goes_on() {
        let words: Vec<_> = Words::<AuctionItem>::new("8NP", 0).collect();
        assert_eq!(words[0], Word::Fault { at: 0, found: '8' });
        assert_eq!(
            items(Words::<AuctionItem>::new("8NP", 0)).len(),
            1,
            "N is no call; P is"
        );
        let plays: Vec<_> = Words::<PlayItem>::new("S♠K", 0).collect();
        assert_eq!(plays[0], Word::Fault { at: 0, found: 'S' });
        assert_eq!(plays[1], Word::Fault { at: 1, found: '♠' });
    }

    #[test]
    fn plays_are_cards_ranks_pseudo_plays_and_questions() {
        let items = items(Words::<PlayItem>::new("SAk-;y^2", 0));
        let king = PlayItem::Card {
            suit: None,
            rank: Rank::King,
        };
        assert_eq!(items[1], king);
        assert_eq!(items[2], PlayItem::Pseudo(Pseudo::Lowest));
        assert_eq!(items[3], PlayItem::Query);
    }
}
