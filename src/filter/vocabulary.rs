//! What a word of a filter stands for: a field of the record, a seat or
//! side, a strain, a card, a contract or a vulnerability; and, for a word
//! it does not know, the nearest it does.

use super::FilterError;
use super::expr::{ContractWord, Field, Measure, Part, Who};
use super::words;
use crate::model::{Card, Doubling, Rank, Seat, Strain, Suit, Vulnerability};

/// A value written as a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constant {
    Who(Who),
    Strain(Strain),
    Card(Card),
    Contract(ContractWord),
    Vul(Vulnerability),
}

/// The field a word reads: `Some(None)` for `player`, every seat's name.
pub fn field(word: &str) -> Option<Option<Field>> {
    let field = match word.to_ascii_lowercase().as_str() {
        "player" => return Some(None),
        "board" => Field::Board,
        "dealer" => Field::Dealer,
        "vul" => Field::Vul,
        "contract" => Field::Contract,
        "level" => Field::Level,
        "strain" => Field::Strain,
        "doubled" => Field::Doubled,
        "redoubled" => Field::Redoubled,
        "declarer" => Field::Declarer,
        "tricks" => Field::Tricks,
        "result" => Field::Result,
        "score" => Field::Score,
        "lead" => Field::Lead,
        "auction" => Field::Auction,
        "event" => Field::Event,
        "date" => Field::Date,
        "file" => Field::File,
        "table" | "room" => Field::Table,
        "quiz" => Field::Quiz,
        "dd" => Field::Dd,
        "par" => Field::Par,
        _ => return None,
    };
    Some(Some(field))
}

pub fn constant(word: &str) -> Option<Constant> {
    let lower = word.to_ascii_lowercase();
    let who = |seat| Some(Constant::Who(Who::Seat(seat)));
    let strain = |s| Some(Constant::Strain(s));
    match lower.as_str() {
        "north" => who(Seat::North),
        "east" => who(Seat::East),
        "south" => who(Seat::South),
        "west" => who(Seat::West),
        "ns" => Some(Constant::Who(Who::Side([Seat::North, Seat::South]))),
        "ew" => Some(Constant::Who(Who::Side([Seat::East, Seat::West]))),
        "any" => Some(Constant::Who(Who::Any)),
        "spades" => strain(Strain::Spades),
        "hearts" => strain(Strain::Hearts),
        "diamonds" => strain(Strain::Diamonds),
        "clubs" => strain(Strain::Clubs),
        "notrump" | "notrumps" | "nt" => strain(Strain::NoTrump),
        "none" => Some(Constant::Vul(Vulnerability::None)),
        "both" | "all" => Some(Constant::Vul(Vulnerability::Both)),
        // `3S` is both a contract and a card: a contract here, and a card
        // where the other side of a comparison is one (`lead == 3S`).
        _ => contract(&lower)
            .map(Constant::Contract)
            .or_else(|| card(&lower).map(Constant::Card)),
    }
}

/// `AS`, `as` or `SA`: a rank and a suit in either order (no letter is
/// both).
pub fn card(word: &str) -> Option<Card> {
    let mut chars = word.chars();
    let (a, b) = (
        chars.next()?.to_ascii_uppercase(),
        chars.next()?.to_ascii_uppercase(),
    );
    if chars.next().is_some() {
        return None;
    }
    let of = |rank: char, suit: char| Some(Card::new(Suit::from_letter(suit)?, Rank::from_letter(rank)?));
    of(a, b).or_else(|| of(b, a))
}

/// `3nt`, `3n`, `4s`, `6hx`, `7cxx`.
fn contract(word: &str) -> Option<ContractWord> {
    let level = word
        .chars()
        .next()?
        .to_digit(10)
        .filter(|l| (1..=7).contains(l))? as u8;
    let rest = &word[1..];
    let (strain, rest) = match rest.strip_prefix("nt").or_else(|| rest.strip_prefix('n')) {
        Some(rest) => (Strain::NoTrump, rest),
        None => (Strain::from_letter(rest.chars().next()?)?, &rest[1..]),
    };
    let doubling = match rest {
        "" => None,
        "x" => Some(Doubling::Doubled),
        "xx" => Some(Doubling::Redoubled),
        _ => return None,
    };
    Some(ContractWord {
        level,
        strain,
        doubling,
    })
}

/// A hand word that measures: `hcp`, `controls`, `losers`, a suit's
/// length (`spades`), `top2` to `top5`.
pub fn measure(word: &str) -> Option<Measure> {
    Some(match word {
        "hcp" => Measure::Hcp,
        "controls" => Measure::Controls,
        "losers" => Measure::Losers,
        "spades" => Measure::Length(Suit::Spades),
        "hearts" => Measure::Length(Suit::Hearts),
        "diamonds" => Measure::Length(Suit::Diamonds),
        "clubs" => Measure::Length(Suit::Clubs),
        "top2" => Measure::Top(2),
        "top3" => Measure::Top(3),
        "top4" => Measure::Top(4),
        "top5" => Measure::Top(5),
        _ => return None,
    })
}

pub fn part(word: &str) -> Option<Part> {
    Some(match word.to_ascii_lowercase().as_str() {
        "deal" => Part::Deal,
        "auction" => Part::Auction,
        "contract" => Part::Contract,
        "result" => Part::Result,
        "play" => Part::Play,
        "players" => Part::Players,
        "makes" => Part::Makes,
        _ => return None,
    })
}

/// A word the language does not know, with the nearest one it does.
pub fn unknown(word: &str, column: usize, what: &str) -> FilterError {
    let lower = word.to_ascii_lowercase();
    let nearest = words::all()
        .map(|known| (distance(&lower, known), known))
        .filter(|(d, _)| *d <= 2)
        .min_by_key(|(d, _)| *d);
    let message = match nearest {
        Some((_, known)) => format!("`{word}` is not {what}; did you mean `{known}`?"),
        None => format!("`{word}` is not {what} (kibitzer help filter lists them)"),
    };
    FilterError::new(column, message)
}

/// Edits (insert, delete, change a letter) from one word to the other.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != *cb)).min(above + 1).min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_either_way_round_and_contracts() {
        let ace = Card::new(Suit::Spades, Rank::Ace);
        assert_eq!(constant("AS"), Some(Constant::Card(ace)));
        assert_eq!(constant("sa"), Some(Constant::Card(ace)));
        let three = |doubling| {
            Some(Constant::Contract(ContractWord {
                level: 3,
                strain: Strain::NoTrump,
                doubling,
            }))
        };
        assert_eq!(constant("3NT"), three(None));
        assert_eq!(constant("3n"), three(None));
        assert_eq!(constant("3NTXX"), three(Some(Doubling::Redoubled)));
        assert_eq!(
            constant("8S"),
            Some(Constant::Card(Card::new(Suit::Spades, Rank::Eight)))
        );
        assert_eq!(
            constant("3S"),
            Some(Constant::Contract(ContractWord {
                level: 3,
                strain: Strain::Spades,
                doubling: None
            }))
        );
        assert_eq!(constant("3SXY"), None);
        assert_eq!(constant("3NTY"), None);
    }

    #[test]
    fn a_misspelling_is_answered_with_the_nearest_word() {
        assert_eq!(
            unknown("nort", 5, "a seat").to_string(),
            "column 5: `nort` is not a seat; did you mean `north`?"
        );
        assert_eq!(distance("kitten", "sitting"), 3);
    }
}
