//! The A label and the annotations it shares with the P label.
//!
//! ```text
//! auction    = [dealer vul ":"] round { ":" round }
//! round      = { call }
//! call       = ("P" | "X" | "R" | level strain | "A" | "Y") { annotation }
//! annotation = "!" | "?" | "*" | "^" digit
//! ```

use super::Issue;
use super::marked::{Word, Words, entry};
use crate::model::{Annotation, Auction, AuctionItem, Call, Pos, Seat, Vulnerability};

/// Notes a call may refer to: 0 is the auction's general comment.
pub const AUCTION_NOTES: std::ops::RangeInclusive<u8> = 1..=9;

/// How A data begins: the dealer, the vulnerability and a `:`.
pub enum Header {
    Given {
        dealer: Seat,
        vulnerability: Vulnerability,
    },
    /// A dealer and a `:` with something else between.
    NoVulnerability { dealer: Seat, found: char },
    /// Calls from the first character, with no dealer.
    Missing,
}

impl Header {
    /// The header, and where the calls begin.
    pub fn read(data: &str) -> (Header, usize) {
        let Some(dealer) = data.chars().next().and_then(Seat::from_letter) else {
            return (Header::Missing, 0);
        };
        let Some(found) = data[1..].chars().next().filter(|&c| c != ':') else {
            return (Header::Missing, 0);
        };
        let start = 1 + found.len_utf8();
        if data.as_bytes().get(start) != Some(&b':') {
            return (Header::Missing, 0);
        }
        let header = match vulnerability(found) {
            Some(vulnerability) => Header::Given {
                dealer,
                vulnerability,
            },
            None => Header::NoVulnerability { dealer, found },
        };
        (header, start + 1)
    }
}

fn vulnerability(letter: char) -> Option<Vulnerability> {
    match letter.to_ascii_uppercase() {
        'Z' => Some(Vulnerability::None),
        'N' => Some(Vulnerability::NorthSouth),
        'E' => Some(Vulnerability::EastWest),
        'B' => Some(Vulnerability::Both),
        'X' => Some(Vulnerability::Any),
        _ => None,
    }
}

/// Parses A data; `pos(offset)` turns a byte offset into a source position.
pub fn parse(data: &str, pos: &impl Fn(usize) -> Pos, issues: &mut Vec<Issue>) -> Auction {
    let (header, start) = Header::read(data);
    let (dealer, vulnerability) = match header {
        Header::Given {
            dealer,
            vulnerability,
        } => (dealer, vulnerability),
        Header::NoVulnerability { dealer, found } => {
            let message = format!("`{found}` is not a vulnerability (Z, N, E, B or X)");
            issues.push(Issue::new(1, message));
            (dealer, Vulnerability::Any)
        }
        Header::Missing => (Seat::West, Vulnerability::Any),
    };
    // A call a byte at most: one allocation, where growing took two or three.
    let mut entries = Vec::with_capacity(data.len() - start);
    for word in Words::<AuctionItem>::new(data, start) {
        match word {
            Word::Break { .. } => {}
            Word::Item(written) => entries.push(entry(data, written, pos(written.at), AUCTION_NOTES, issues)),
            Word::Fault { at, found } => {
                let message = match found {
                    '8' | '9' | '0' => format!("`{found}`: a bid's level is 1 to 7"),
                    _ => format!("`{found}` is not a call"),
                };
                issues.push(Issue::new(at, message));
            }
        }
    }
    Auction {
        dealer,
        vulnerability,
        entries,
    }
}

/// RBN's marks; those it lacks (from PBN) become the nearest it has, and
/// glyphs and irregularities are left out.
pub fn write_annotations(out: &mut String, annotations: &[Annotation]) {
    for a in annotations {
        match a {
            Annotation::Good | Annotation::VeryGood | Annotation::Speculative => out.push('!'),
            Annotation::Poor | Annotation::VeryPoor | Annotation::Questionable => out.push('?'),
            Annotation::Conventional => out.push('*'),
            Annotation::Note(n) if *n <= 9 => {
                out.push('^');
                out.push((b'0' + n) as char);
            }
            _ => {}
        }
    }
}

/// A data, with a colon before each round of four calls from the dealer.
pub fn write(auction: &Auction) -> String {
    let vul = match auction.vulnerability {
        Vulnerability::None => 'Z',
        Vulnerability::NorthSouth => 'N',
        Vulnerability::EastWest => 'E',
        Vulnerability::Both => 'B',
        Vulnerability::Any => 'X',
    };
    let mut out = format!("{}{vul}:", auction.dealer);
    let mut turns = 0;
    for entry in &auction.entries {
        if turns > 0 && turns % 4 == 0 && !out.ends_with(':') {
            out.push(':');
        }
        let text = match entry.item {
            AuctionItem::Call(Call::Redouble) => "R".to_string(),
            AuctionItem::Call(call) => call.to_string(),
            AuctionItem::AllPass => "A".to_string(),
            AuctionItem::Query => "Y".to_string(),
            // RBN has no letter for either.
            AuctionItem::Skipped | AuctionItem::AnyCall => continue,
        };
        out.push_str(&if entry.flagged { text.to_lowercase() } else { text });
        write_annotations(&mut out, &entry.annotations);
        if matches!(entry.item, AuctionItem::Call(_)) {
            turns += 1;
        }
    }
    out
}
