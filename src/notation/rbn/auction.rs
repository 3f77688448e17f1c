//! The A label and the annotations it shares with the P label.
//!
//! ```text
//! auction    = [dealer vul ":"] round { ":" round }
//! round      = { call }
//! call       = ("P" | "X" | "R" | level strain | "A" | "Y") { annotation }
//! annotation = "!" | "?" | "*" | "^" digit
//! ```

use nom::branch::alt;
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{map, map_opt, value};
use nom::multi::many0;
use nom::sequence::{pair, preceded};
use nom::{IResult, Parser};

use super::Issue;
use crate::model::{
    Annotated, Annotation, Auction, AuctionItem, Bid, Call, Pos, Seat, Strain, Vulnerability,
};

type Res<'a, T> = IResult<&'a str, T>;

fn vulnerability(input: &str) -> Res<'_, Vulnerability> {
    map_opt(one_of("ZNEBXzenbx"), |c| match c.to_ascii_uppercase() {
        'Z' => Some(Vulnerability::None),
        'N' => Some(Vulnerability::NorthSouth),
        'E' => Some(Vulnerability::EastWest),
        'B' => Some(Vulnerability::Both),
        'X' => Some(Vulnerability::Any),
        _ => None,
    })
    .parse(input)
}

fn seat(input: &str) -> Res<'_, Seat> {
    map_opt(satisfy(|c| Seat::from_letter(c).is_some()), Seat::from_letter).parse(input)
}

/// The characters an annotation starts with.
const ANNOTATION_STARTS: [char; 4] = ['!', '?', '*', '^'];

/// `!` good, `?` poor, `*` conventional, `^n` see note n.
pub fn annotation(input: &str) -> Res<'_, Annotation> {
    alt((
        value(Annotation::Good, char('!')),
        value(Annotation::Poor, char('?')),
        value(Annotation::Conventional, char('*')),
        map(preceded(char('^'), satisfy(|c| c.is_ascii_digit())), |d| {
            Annotation::Note(d as u8 - b'0')
        }),
    ))
    .parse(input)
}

/// One call or play with the marks after it, and whether it was written
/// in lowercase (RBN leaves that to the author as a flag).
pub fn annotated<'d, T>(
    input: &'d str,
    mut item: impl Parser<&'d str, Output = T, Error = nom::error::Error<&'d str>>,
    pos: Pos,
) -> Option<(&'d str, Annotated<T>)> {
    let (after, item) = item.parse(input).ok()?;
    // Most calls and plays carry no mark: nothing to try then.
    let (after, annotations) = match after.starts_with(ANNOTATION_STARTS) {
        true => many0(annotation).parse(after).ok()?,
        false => (after, Vec::new()),
    };
    let flagged = input[..input.len() - after.len()]
        .chars()
        .any(|c| c.is_ascii_lowercase());
    Some((
        after,
        Annotated {
            item,
            annotations,
            flagged,
            pos,
        },
    ))
}

/// Notes a call may refer to: 0 is the auction's general comment.
pub const AUCTION_NOTES: std::ops::RangeInclusive<u8> = 1..=9;

/// Reports a `^n` among the marks of one call or play (`written`, at `at`
/// in the label's data) whose number is not in `numbers`, the notes its
/// label may refer to.
pub fn note_fault(written: &str, at: usize, numbers: std::ops::RangeInclusive<u8>) -> Option<Issue> {
    let bytes = written.as_bytes();
    let (i, n) = memchr::memchr_iter(b'^', bytes)
        .filter_map(|i| Some((i, *bytes.get(i + 1)?)))
        .find(|(_, d)| d.is_ascii_digit() && !numbers.contains(&(d - b'0')))?;
    let (low, high) = (numbers.start(), numbers.end());
    let message = format!("`^{}`: a note referred to is numbered {low} to {high}", n as char);
    Some(Issue::new(at + i, message))
}

fn bid(input: &str) -> Res<'_, Call> {
    map(
        pair(
            satisfy(|c| ('1'..='7').contains(&c)),
            map_opt(satisfy(|c| c.is_ascii_alphabetic()), Strain::from_letter),
        ),
        |(level, strain)| {
            Call::Bid(Bid {
                level: level as u8 - b'0',
                strain,
            })
        },
    )
    .parse(input)
}

fn item(input: &str) -> Res<'_, AuctionItem> {
    let letter = |c: char, item: AuctionItem| value(item, satisfy(move |x: char| x.eq_ignore_ascii_case(&c)));
    alt((
        map(bid, AuctionItem::Call),
        letter('P', AuctionItem::Call(Call::Pass)),
        letter('X', AuctionItem::Call(Call::Double)),
        letter('R', AuctionItem::Call(Call::Redouble)),
        letter('A', AuctionItem::AllPass),
        letter('Y', AuctionItem::Query),
    ))
    .parse(input)
}

/// Parses A data; `pos(offset)` turns a byte offset into a source position.
pub fn parse(data: &str, pos: &dyn Fn(usize) -> Pos, issues: &mut Vec<Issue>) -> Auction {
    let header = (seat, vulnerability, char(':')).parse(data);
    let (mut rest, dealer, vulnerability) = match header {
        Ok((rest, (dealer, vul, _))) => (rest, dealer, vul),
        Err(_) => match (seat, satisfy(|c| c != ':'), char(':')).parse(data) {
            Ok((rest, (dealer, vul, _))) => {
                issues.push(Issue::new(
                    1,
                    format!("`{vul}` is not a vulnerability (Z, N, E, B or X)"),
                ));
                (rest, dealer, Vulnerability::Any)
            }
            Err(_) => (data, Seat::West, Vulnerability::Any),
        },
    };
    let mut entries = Vec::new();
    while !rest.is_empty() {
        let at = data.len() - rest.len();
        if let Ok((after, _)) = char::<_, nom::error::Error<&str>>(':').parse(rest) {
            rest = after;
            continue;
        }
        match annotated(rest, item, pos(at)) {
            Some((after, entry)) => {
                issues.extend(note_fault(&rest[..rest.len() - after.len()], at, AUCTION_NOTES));
                entries.push(entry);
                rest = after;
            }
            None => {
                let c = rest.chars().next().unwrap_or(' ');
                let message = match c {
                    '8' | '9' | '0' => format!("`{c}`: a bid's level is 1 to 7"),
                    _ => format!("`{c}` is not a call"),
                };
                issues.push(Issue::new(at, message));
                rest = &rest[c.len_utf8()..];
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
