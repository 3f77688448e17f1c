//! Vetting a PBN game (see [`crate::notation::vet`]) in one pass over its
//! lines: tags one to a line, comments on lines of their own, a full deal,
//! and an auction and play written in the common forms that the rules
//! allow, each after the tags it depends on (as every program writes them).

use std::ops::ControlFlow;

use memchr::memchr;

use super::context::{Context, carries};
use super::deal;
use super::gathered::is_table;
use super::known_tag::KnownTag;
use super::table::column_count;
use super::values;
use super::values::Told;
use super::vet_lines::{comment_line, four_cards, line_end, tag_line};
use super::vet_sections::{Rows, auction_word};
use crate::model::{Contract, Outcome, Vulnerability};
use crate::notation::tags::opens_token;
use crate::notation::vet::{Calls, Hands, seat_index};
use crate::scoring;

/// Games with more tags than this go to the reader.
const MOST_TAGS: usize = 48;

/// The values of the tags vetting looks into.
#[derive(Default)]
struct Known<'t> {
    board: Option<&'t str>,
    deal: Option<&'t str>,
    dealer: Option<&'t str>,
    vulnerable: Option<&'t str>,
    declarer: Option<&'t str>,
    contract: Option<&'t str>,
    result: Option<&'t str>,
    score: Option<&'t str>,
    optimum_score: Option<&'t str>,
    play: Option<&'t str>,
}

/// Where the words of a line go.
enum Section {
    Other,
    Auction(Option<Calls>),
    Play(Option<Rows>),
    /// A table's columns and the cells so far: the rows must be whole.
    Table(usize, usize),
    /// Words handing on nothing, passed over when not judging.
    Passed,
}

struct Vetting<'t> {
    tags: [(&'t str, &'t str); MOST_TAGS],
    count: usize,
    /// A bit per tag name seen, so that a repeat is looked for only where
    /// one may be.
    seen: u64,
    known: Known<'t>,
    section: Section,
    /// A section has started: the tags it depends on may no longer come.
    sections: bool,
    /// The deal once read.
    hands: Option<Hands>,
    /// The contract once read (the play reads it before the end).
    contract: Option<Option<Contract>>,
    /// The contract a complete auction ended in (None inside when passed
    /// out).
    ended: Option<Option<Contract>>,
    /// Whether the game is judged, or only its tags handed on.
    judging: bool,
}

/// Whether the full reader would find nothing wrong with this game, read
/// after the games that left `context`; when so, `context` is brought up
/// to date as the reader would have.
pub fn vet(text: &str, context: &mut Context) -> bool {
    pass(text, context, true)
}

/// Brings `context` past this game as the reader would, without judging
/// its deal, auction and play: the reader hands on every tag it is given
/// whatever the game's faults.
pub fn hand_on(text: &str, context: &mut Context) -> bool {
    pass(text, context, false)
}

fn pass(text: &str, context: &mut Context, judging: bool) -> bool {
    if context.has_sticky() {
        return false;
    }
    let mut v = Vetting {
        tags: [("", ""); MOST_TAGS],
        count: 0,
        seen: 0,
        known: Known::default(),
        section: Section::Other,
        sections: false,
        hands: None,
        contract: None,
        ended: None,
        judging,
    };
    let finished = |v: &mut Vetting| if judging { v.finish(context) } else { Some(()) };
    if v.lines(text, context).and_then(|_| finished(&mut v)).is_none() {
        return false;
    }
    for &(name, value) in &v.tags[..v.count] {
        context.set(name, value);
    }
    true
}

impl<'t> Vetting<'t> {
    /// Reads the game in one pass over its bytes, a line at a time: each
    /// kind of line is read to its end by its own rule, so no line is
    /// searched for its end first.
    fn lines(&mut self, text: &'t str, context: &Context) -> Option<()> {
        let bytes = text.as_bytes();
        let mut at = 0;
        while at < bytes.len() {
            at = match bytes[at] {
                b'%' => memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i + 1),
                b'[' => {
                    let (name, value, next) = tag_line(text, at)?;
                    if name == "Note" {
                        values::note(value)?;
                    } else {
                        self.add(name, value, context)?;
                    }
                    next
                }
                b'{' => comment_line(bytes, at)?,
                _ => self.words(text, at)?,
            };
        }
        Some(())
    }

    /// A line of section words from `at`, cut at spaces and tabs; None for
    /// a line the lexer would read otherwise (a tag, comment or quoted
    /// string in it, other white space, text beyond ASCII) or words the
    /// section's rules refuse. Returns where the next line starts.
    fn words(&mut self, text: &str, mut at: usize) -> Option<usize> {
        let bytes = text.as_bytes();
        // A trick written as most programs write it: four cards and the
        // line end.
        if let Section::Play(Some(rows)) = &mut self.section
            && let Some((cards, next)) = four_cards(bytes, at)
        {
            return rows.row(cards).map(|_| next);
        }
        loop {
            let start = at;
            while at < bytes.len() && CLASS[bytes[at] as usize] == WORD {
                at += 1;
            }
            if at > start {
                let word = &text[start..at];
                match &mut self.section {
                    Section::Auction(Some(calls)) => auction_word(calls, word)?,
                    Section::Play(Some(rows)) => rows.word(word)?,
                    Section::Table(_, cells) => *cells += 1,
                    Section::Passed => {}
                    // Words outside a section, or in one vetting can't follow.
                    _ => return None,
                }
            }
            match bytes.get(at) {
                None => return Some(at),
                Some(b' ' | b'\t') => at += 1,
                Some(_) => return line_end(bytes, at),
            }
        }
    }

    /// Takes a tag; None when vetting must leave the game to the reader.
    fn add(&mut self, name: &'t str, value: &'t str, context: &Context) -> Option<()> {
        let inherits = value == "#" || value.starts_with("##");
        if inherits || self.count == MOST_TAGS {
            return None;
        }
        let bytes = name.as_bytes();
        let bit = 1u64 << ((bytes.len() * 7 + bytes[0] as usize + bytes[bytes.len() - 1] as usize * 3) % 64);
        if self.seen & bit != 0 && self.tags[..self.count].iter().any(|(n, _)| *n == name) {
            return None;
        }
        self.seen |= bit;
        self.tags[self.count] = (name, value);
        self.count += 1;
        if !self.judging {
            self.section = Section::Passed;
            return Some(());
        }
        self.close_section()?;
        let k = &mut self.known;
        // The reader's own table of the tags it knows, so that the two
        // can't tell a name apart differently.
        let (slot, depended_on) = match KnownTag::of(name) {
            Some(KnownTag::Board) => (&mut k.board, true),
            Some(KnownTag::Deal) => (&mut k.deal, true),
            Some(KnownTag::Dealer) => (&mut k.dealer, true),
            Some(KnownTag::Declarer) => (&mut k.declarer, true),
            Some(KnownTag::Contract) => (&mut k.contract, true),
            Some(KnownTag::Vulnerable) => (&mut k.vulnerable, false),
            Some(KnownTag::Result) => (&mut k.result, false),
            Some(KnownTag::Score) => (&mut k.score, false),
            Some(KnownTag::OptimumScore) => (&mut k.optimum_score, false),
            Some(KnownTag::Auction) => return self.open_auction(value, context),
            Some(KnownTag::Play) => return self.open_play(value, context),
            None if is_table(name) => {
                let columns = column_count(value);
                self.section = Section::Table(columns, 0);
                return (columns > 0).then_some(());
            }
            _ => return Some(()),
        };
        *slot = Some(value);
        (!(depended_on && self.sections)).then_some(())
    }

    /// A section ends at the next tag (other than a note).
    fn close_section(&mut self) -> Option<()> {
        match std::mem::replace(&mut self.section, Section::Other) {
            Section::Auction(Some(calls)) => {
                self.ended = calls.contract();
                Some(())
            }
            Section::Play(Some(rows)) => rows.finish(),
            Section::Table(columns, cells) => cells.is_multiple_of(columns).then_some(()),
            _ => Some(()),
        }
    }

    fn dealer(&self, context: &Context) -> Option<Option<usize>> {
        match carried(self.known.dealer, "Dealer", self.known.board, context)?.and_then(values::known) {
            Some(d) => first_seat(d).map(Some),
            None => Some(None),
        }
    }

    fn open_auction(&mut self, value: &str, context: &Context) -> Option<()> {
        self.sections = true;
        let seat = first_seat(value);
        let dealer = self.dealer(context)?;
        // A dealer the auction's seat disagrees with is the reader's to
        // report, should there be calls.
        let agree = !matches!((seat, dealer), (Some(a), Some(d)) if a != d);
        let start = seat.or(dealer).unwrap_or(0);
        self.section = Section::Auction(agree.then(|| Calls::new(start)));
        Some(())
    }

    fn open_play(&mut self, value: &'t str, context: &Context) -> Option<()> {
        self.sections = true;
        self.known.play = Some(value);
        let first = first_seat(value);
        self.contract = self.contract();
        let contract = self.contract.flatten();
        let rows = match (first, contract) {
            (Some(first), Some(contract)) => Rows::new(first, contract, self.hands(context)?),
            _ => None,
        };
        self.section = Section::Play(rows);
        Some(())
    }

    /// The deal's hands, empty when there is no deal; None for a deal
    /// vetting can't read.
    fn hands(&mut self, context: &Context) -> Option<Hands> {
        if self.hands.is_none() {
            let value = carried(self.known.deal, "Deal", self.known.board, context)?;
            self.hands = Some(value.map_or(Some(Hands::default()), dealt)?);
        }
        self.hands
    }

    /// A contract with its declarer, Some(None) when there is none (or it
    /// was passed out); None for one vetting can't read plainly.
    fn contract(&self) -> Option<Option<Contract>> {
        let k = &self.known;
        let value = match Told::of(k.contract) {
            Told::Untold => return Some(self.ended.flatten()),
            Told::Passed => return Some(None),
            Told::Contract(value) => value,
        };
        // `^S` (declarer and dummy swapped) and a declarer left out are the
        // reader's to make sense of.
        let declarer = k.declarer.filter(|d| !d.trim_start().starts_with('^'))?;
        let declarer = values::declarer(declarer)?;
        values::contract(value, declarer).ok()?.map(Some)
    }

    /// What can only be judged once every tag is in.
    fn finish(&mut self, context: &Context) -> Option<()> {
        self.close_section()?;
        self.hands(context)?;
        let k = &self.known;
        if k.optimum_score
            .is_some_and(|s| !s.trim().is_empty() && values::side_amount(s, None).is_none())
        {
            return None;
        }
        let mut vulnerability = None;
        if let Some(v) = carried(k.vulnerable, "Vulnerable", k.board, context)?.map(str::trim)
            && v != "?"
        {
            vulnerability = Some(values::vulnerability(v)?);
        }
        self.dealer(context)?;
        let contract = self.contract.or_else(|| self.contract())?;
        let passed = Told::of(k.contract) == Told::Passed;
        let mut tricks = None;
        if let Some(r) = k.result.and_then(values::known).filter(|_| !passed) {
            tricks = values::result(r, contract.map(|c| c.declarer)).ok()?;
        }
        if let Some(score) = k.score.map(str::trim).filter(|s| !s.is_empty()) {
            score_agrees(score, contract, passed, vulnerability?, tricks)?;
        }
        self.auction_agrees(contract)?;
        // A Play tag must name a seat unless it is empty with no play.
        if let Some(play) = k.play
            && !play.trim().is_empty()
        {
            first_seat(play)?;
        }
        Some(())
    }
}

impl Vetting<'_> {
    /// None when a complete auction ends in another contract or declarer
    /// than the tags say, which the reader reports.
    fn auction_agrees(&self, contract: Option<Contract>) -> Option<()> {
        let Some(ended) = self.ended else {
            return Some(());
        };
        let told = (Told::of(self.known.contract) != Told::Untold).then_some(contract.as_ref());
        let declarer = self.known.declarer.and_then(values::declarer);
        (!values::contradicts(ended.as_ref(), told, declarer)).then_some(())
    }
}

/// The seat a value starts with, as vetting counts seats.
fn first_seat(value: &str) -> Option<usize> {
    values::first_seat(value).and_then(seat_index)
}

/// The deal as vetting's bits: every hand given, no spot and no fault;
/// empty hands for a deal that gives none.
fn dealt(value: &str) -> Option<Hands> {
    let hands = deal::deal(value, &mut |_| ControlFlow::Break(()))?;
    if hands.iter().all(Option::is_none) {
        return Some(Hands::default());
    }
    let mut bits = [0; 4];
    for (bits, held) in bits.iter_mut().zip(hands) {
        *bits = held.filter(|h| h.spots == [0; 4])?.cards;
    }
    Hands::from_bits(bits, bits.iter().map(|b| b.count_ones()).sum())
}

/// None when the Score tag disagrees with the score of the contract, which
/// the reader reports.
fn score_agrees(
    score: &str,
    contract: Option<Contract>,
    passed: bool,
    vulnerability: Vulnerability,
    tricks: Option<Outcome>,
) -> Option<()> {
    let stated = values::side_amount(score, contract.map(|c| c.declarer))?;
    let computed = match (contract, tricks) {
        _ if passed => Some(0),
        (Some(c), Some(Outcome::Tricks(tricks))) => {
            let vulnerable = scoring::vulnerable(vulnerability, c.declarer)?;
            let played = scoring::Played {
                level: c.level?,
                strain: c.strain,
                doubling: c.doubling,
                vulnerable,
                tricks,
            };
            Some(played.score() * scoring::side_sign(c.declarer))
        }
        _ => None,
    };
    computed
        .is_none_or(|c| (stated.0 / 100) as i32 == c)
        .then_some(())
}

/// A carried tag's value: the game's own, or the one before's when the
/// game is of the same board; None when a partial context can't tell.
fn carried<'a>(
    own: Option<&'a str>,
    name: &str,
    board: Option<&str>,
    context: &'a Context,
) -> Option<Option<&'a str>> {
    match own {
        Some(value) => Some(Some(value)),
        None if board.is_some() && !carries(name, board, context.lookup("Board")?) => Some(None),
        None => context.lookup(name),
    }
}

/// What a byte is to a line of section words: a word's, or anything else
/// (white space, what opens a tag or comment by the lexer's rule, a quote
/// that starts a quoted word, bytes beyond ASCII), which vetting leaves to
/// the line's end or to the reader.
const WORD: u8 = 1;
const OTHER: u8 = 0;
static CLASS: [u8; 256] = {
    let mut class = [OTHER; 256];
    let mut b = 0x21;
    while b <= 0x7E {
        if !opens_token(b as u8) && b != b'"' as usize {
            class[b] = WORD;
        }
        b += 1;
    }
    class
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::tags::word_end;

    /// Vetting cuts words where the lexer does: a byte it takes as a
    /// word's is one the lexer keeps inside a word. (The converse need not
    /// hold: what vetting refuses, the reader reads.)
    #[test]
    fn a_word_byte_is_one_the_lexer_keeps_in_the_word() {
        for b in 0u8..=127 {
            let text = format!("a{}b", b as char);
            let kept = word_end(&text, 0) == text.len();
            assert!(CLASS[b as usize] != WORD || kept, "byte {b:#x}");
        }
        for b in [b' ', b'\t', b'[', b'{', b';'] {
            assert_ne!(CLASS[b as usize], WORD, "byte {b:#x}");
        }
    }
}
