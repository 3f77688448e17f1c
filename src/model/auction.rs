//! The auction: calls, their annotations, and the rules a sequence of calls
//! must keep.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use thiserror::Error;

use super::bidding::{Bidding, next_bridge_seat, partners};
use super::pos::Pos;
use super::seat::Seat;
use super::strain::Strain;

/// Which sides are vulnerable; `Any` is RBN's "any or immaterial".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    None,
    NorthSouth,
    EastWest,
    Both,
    Any,
}

impl Vulnerability {
    pub fn name(self) -> &'static str {
        ["none", "ns", "ew", "both", "any"][self as usize]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    pub level: u8,
    pub strain: Strain,
}

impl Bid {
    /// Position on the bidding ladder: 1C is 0, 7N is 34.
    pub fn step(self) -> u8 {
        (self.level - 1) * 5 + self.strain as u8
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    Pass,
    Double,
    Redouble,
    Bid(Bid),
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("P"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            // A level is a digit in every call the readers make.
            Call::Bid(Bid {
                level: level @ 0..=9,
                strain,
            }) => {
                f.write_char(char::from(b'0' + level))?;
                strain.fmt(f)
            }
            Call::Bid(bid) => write!(f, "{}{}", bid.level, bid.strain),
        }
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{0}` is not a call")]
pub struct ParseCallError(pub String);

impl FromStr for Call {
    type Err = ParseCallError;

    fn from_str(s: &str) -> Result<Call, ParseCallError> {
        let err = || ParseCallError(s.to_string());
        match s.to_ascii_uppercase().as_str() {
            "P" => Ok(Call::Pass),
            "X" => Ok(Call::Double),
            "XX" | "R" => Ok(Call::Redouble),
            bid => {
                let mut chars = bid.chars();
                let level = chars.next().and_then(|c| c.to_digit(10)).ok_or_else(err)?;
                let strain = chars.next().and_then(Strain::from_letter).ok_or_else(err)?;
                if !(1..=7).contains(&level) || chars.next().is_some() {
                    return Err(err());
                }
                Ok(Call::Bid(Bid {
                    level: level as u8,
                    strain,
                }))
            }
        }
    }
}

/// A mark the author put on a call or play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Annotation {
    Good,
    Poor,
    /// `!!`
    VeryGood,
    /// `??`
    VeryPoor,
    /// `!?`
    Speculative,
    /// `?!`
    Questionable,
    Conventional,
    /// Refers to the numbered note explaining it.
    Note(u8),
    /// A numeric annotation glyph (`$n`) with no symbol of its own.
    Nag(u8),
    /// An irregularity the table accepted: `I` insufficient bid, `R`
    /// revoke, `L` lead out of turn.
    Irregular(char),
}

impl Annotation {
    /// How the mark is written after a call or card.
    pub fn symbol(self) -> String {
        match self {
            Annotation::Good => "!".into(),
            Annotation::Poor => "?".into(),
            Annotation::VeryGood => "!!".into(),
            Annotation::VeryPoor => "??".into(),
            Annotation::Speculative => "!?".into(),
            Annotation::Questionable => "?!".into(),
            Annotation::Conventional => "*".into(),
            Annotation::Note(n) => format!("^{n}"),
            Annotation::Nag(n) => format!("${n}"),
            Annotation::Irregular(c) => format!("^{c}"),
        }
    }
}

/// One item of a written auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuctionItem {
    Call(Call),
    /// `A`: everyone passes from here, ending the auction.
    AllPass,
    /// `Y`: the reader is asked for the next call; takes no turn.
    Query,
    /// A turn lost to a call out of rotation (PBN's `^S`).
    Skipped,
    /// A call the author leaves open, any call the player likes
    /// (BridgeComposer's `AC`): it takes the player's turn, and what the
    /// auction reaches after it cannot be known.
    AnyCall,
}

/// A call or play as written, with the author's marks on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Annotated<T> {
    pub item: T,
    pub annotations: Vec<Annotation>,
    /// Written in lowercase, which RBN leaves to the author as a private flag.
    pub flagged: bool,
    pub pos: Pos,
}

pub type AuctionEntry = Annotated<AuctionItem>;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub entries: Vec<AuctionEntry>,
}

/// Why a call breaks the rules of the auction.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum AuctionError {
    #[error("{call} comes after the auction has ended")]
    AfterEnd { call: String },
    #[error("{bid} is not higher than the previous bid {previous}")]
    Insufficient { bid: Call, previous: Call },
    #[error("double of {0}: only an opponent's undoubled bid can be doubled")]
    BadDouble(String),
    #[error("redouble of {0}: only an opponent's double can be redoubled")]
    BadRedouble(String),
}

/// One call as made at the table, with `A` spelled out as passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MadeCall {
    pub seat: Seat,
    pub call: Call,
    /// Index of the entry that wrote it.
    pub entry: usize,
}

impl Auction {
    /// The calls in turn order, with every rule break found on the way
    /// (index of the offending entry and why).
    pub fn calls(&self) -> (Vec<MadeCall>, Vec<(usize, AuctionError)>) {
        let (made, errors, _) = self.bid();
        (made, errors)
    }

    /// The calls, the rule breaks, and where the bidding stands after the
    /// last call: one pass that `calls`, `ending` and `is_complete` share.
    fn bid(&self) -> (Vec<MadeCall>, Vec<(usize, AuctionError)>, Bidding) {
        let mut state = Bidding::default();
        let mut made = Vec::with_capacity(self.entries.len());
        let mut errors = Vec::new();
        let mut seat = self.dealer;
        // After a call left open, the calls are the author's to choose and
        // no longer checked against the ones before.
        let mut open = false;
        for (i, entry) in self.entries.iter().enumerate() {
            let (call, times) = match entry.item {
                AuctionItem::Query => continue,
                AuctionItem::Skipped | AuctionItem::AnyCall => {
                    open |= entry.item == AuctionItem::AnyCall;
                    seat = next_bridge_seat(seat);
                    continue;
                }
                AuctionItem::Call(call) => (call, 1),
                AuctionItem::AllPass => (Call::Pass, state.passes_to_end().max(1)),
            };
            let accepted = entry.annotations.contains(&Annotation::Irregular('I'));
            for call in std::iter::repeat_n(call, times) {
                match state.accept(seat, call) {
                    // An insufficient bid the table accepted is no error.
                    Err(AuctionError::Insufficient { .. }) if accepted => {}
                    Err(_) if open => {}
                    Err(e) => errors.push((i, e)),
                    Ok(()) => {}
                }
                made.push(MadeCall { seat, call, entry: i });
                seat = next_bridge_seat(seat);
            }
        }
        (made, errors, state)
    }

    /// The contract a complete auction ends in: the last bid, its doubling,
    /// and the first of the winning side to name the strain. None when the
    /// auction is not over or was passed out.
    pub fn final_contract(&self) -> Option<super::contract::Contract> {
        self.ending().flatten()
    }

    /// How a complete auction ends: in a contract, or passed out (`None`
    /// inside). `None` when it is not over, so that a caller asking both
    /// whether it ended and in what bids once.
    pub fn ending(&self) -> Option<Option<super::contract::Contract>> {
        use super::contract::{Contract, Doubling};
        if self.entries.iter().any(|e| e.item == AuctionItem::AnyCall) {
            return None;
        }
        let (calls, _, state) = self.bid();
        if !state.ended() {
            return None;
        }
        let Some((at, last)) = calls.iter().enumerate().rev().find_map(|(i, c)| match c.call {
            Call::Bid(bid) => Some((i, (c.seat, bid))),
            _ => None,
        }) else {
            return Some(None);
        };
        let doubling = match calls[at..]
            .iter()
            .rev()
            .find(|c| c.call != Call::Pass)
            .map(|c| c.call)
        {
            Some(Call::Double) => Doubling::Doubled,
            Some(Call::Redouble) => Doubling::Redoubled,
            _ => Doubling::Undoubled,
        };
        let declarer = calls
            .iter()
            .find(|c| partners(c.seat, last.0) && matches!(c.call, Call::Bid(b) if b.strain == last.1.strain))
            .map_or(last.0, |c| c.seat);
        Some(Some(Contract {
            level: Some(last.1.level),
            strain: last.1.strain,
            doubling,
            goal: None,
            declarer,
            leader: None,
        }))
    }

    /// How many passes an `A` (all pass) at entry `at` stands for: those
    /// that end the auction from there, one at least.
    pub fn all_pass_count(&self, at: usize) -> usize {
        let mut before = Auction {
            dealer: self.dealer,
            vulnerability: self.vulnerability,
            entries: self.entries[..at.min(self.entries.len())].to_vec(),
        };
        let pass = AuctionEntry {
            item: AuctionItem::Call(Call::Pass),
            annotations: Vec::new(),
            flagged: false,
            pos: Pos::default(),
        };
        let mut passes = 0;
        while passes < 4 && !before.is_complete() {
            before.entries.push(pass.clone());
            passes += 1;
        }
        passes.max(1)
    }

    /// Whether the auction reaches its end (three passes after a bid, or
    /// four passes); never known after a call left open.
    pub fn is_complete(&self) -> bool {
        self.ending().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auction(dealer: Seat, calls: &[&str]) -> Auction {
        let entries = calls
            .iter()
            .map(|c| AuctionEntry {
                item: match *c {
                    "A" => AuctionItem::AllPass,
                    "Y" => AuctionItem::Query,
                    "AC" => AuctionItem::AnyCall,
                    call => AuctionItem::Call(call.parse().unwrap()),
                },
                annotations: Vec::new(),
                flagged: false,
                pos: Pos::default(),
            })
            .collect();
        Auction {
            dealer,
            vulnerability: Vulnerability::None,
            entries,
        }
    }

    fn errors(dealer: Seat, calls: &[&str]) -> Vec<String> {
        auction(dealer, calls)
            .calls()
            .1
            .iter()
            .map(|(_, e)| e.to_string())
            .collect()
    }

    #[test]
    fn an_any_call_takes_a_turn_and_leaves_the_rest_unchecked_and_open() {
        let a = auction(Seat::North, &["1N", "AC", "2C", "AC", "X"]);
        let (made, errors) = a.calls();
        let seats: Vec<Seat> = made.iter().map(|c| c.seat).collect();
        assert_eq!(seats, [Seat::North, Seat::South, Seat::North]);
        assert!(
            errors.is_empty(),
            "a double of partner may follow an open call: {errors:?}"
        );
        assert!(!a.is_complete());
    }

    #[test]
    fn legal_auctions_pass_and_end() {
        assert!(
            errors(
                Seat::West,
                &["1S", "2H", "2S", "4D", "4S", "P", "P", "5H", "X", "A"]
            )
            .is_empty()
        );
        assert!(auction(Seat::West, &["1S", "X", "XX", "A"]).is_complete());
        assert!(auction(Seat::North, &["P", "P", "P", "P"]).is_complete());
        assert!(!auction(Seat::North, &["1S", "X", "Y"]).is_complete());
        assert_eq!(auction(Seat::East, &["A"]).calls().0.len(), 4);
    }

    #[test]
    fn an_all_pass_stands_for_the_passes_that_end_the_auction() {
        assert_eq!(auction(Seat::West, &["1S", "X", "XX", "A"]).all_pass_count(3), 3);
        assert_eq!(auction(Seat::West, &["1S", "P", "A"]).all_pass_count(2), 2);
        assert_eq!(auction(Seat::West, &["A"]).all_pass_count(0), 4);
    }

    #[test]
    fn the_contract_goes_to_the_first_to_name_the_strain() {
        let c = auction(Seat::North, &["1H", "P", "2H", "X", "4H", "A"])
            .final_contract()
            .unwrap();
        assert_eq!((c.short(), c.declarer), ("4H".to_string(), Seat::North));
        let c = auction(Seat::West, &["1S", "X", "XX", "A"])
            .final_contract()
            .unwrap();
        assert_eq!(c.short(), "1SXX");
        assert!(auction(Seat::West, &["1S", "X"]).final_contract().is_none());
        assert!(auction(Seat::West, &["A"]).final_contract().is_none());
    }

    #[test]
    fn illegal_calls_are_named() {
        assert_eq!(
            errors(Seat::North, &["2S", "P", "1N"]),
            ["1N is not higher than the previous bid 2S"]
        );
        assert_eq!(
            errors(Seat::North, &["1S", "P", "X"]),
            ["double of 1S: only an opponent's undoubled bid can be doubled"]
        );
        assert_eq!(
            errors(Seat::North, &["1S", "X", "P", "XX"]),
            ["redouble of 1S: only an opponent's double can be redoubled"]
        );
        assert_eq!(
            errors(Seat::North, &["P", "P", "P", "P", "1C"]),
            ["1C comes after the auction has ended"]
        );
    }

    #[test]
    fn calls_print_and_parse() {
        for text in ["P", "X", "XX", "1C", "7N"] {
            assert_eq!(text.parse::<Call>().unwrap().to_string(), text);
        }
        assert!("8S".parse::<Call>().is_err());
        assert!("1Z".parse::<Call>().is_err());
    }
}
