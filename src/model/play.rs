//! The play as the record writes it: tricks of plays, some of them pseudo
//! plays that the replay resolves against the hands.

use std::fmt::{self, Write as _};

use super::auction::Annotated;
use super::card::{Card, Rank, Suit};
use super::rules::Rules;
use super::seat::Seat;

/// A play that names no card but says how to choose one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pseudo {
    /// `-`: the lowest card, a trivial play.
    Lowest,
    /// `~`: the lowest card, where the choice of suit matters.
    LowestSignificant,
    /// `+`: the highest card.
    Highest,
    /// `.`: an immaterial discard.
    Discard,
}

impl Pseudo {
    pub fn symbol(self) -> char {
        match self {
            Pseudo::Lowest => '-',
            Pseudo::LowestSignificant => '~',
            Pseudo::Highest => '+',
            Pseudo::Discard => '.',
        }
    }

    pub fn from_symbol(c: char) -> Option<Pseudo> {
        match c {
            '-' => Some(Pseudo::Lowest),
            '~' => Some(Pseudo::LowestSignificant),
            '+' => Some(Pseudo::Highest),
            '.' => Some(Pseudo::Discard),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayItem {
    /// A card; the suit is left out when it follows the suit led.
    Card {
        suit: Option<Suit>,
        rank: Rank,
    },
    Pseudo(Pseudo),
    /// `Y`: the reader is asked for the next play; takes no turn.
    Query,
    /// `?` (Pinochle): a card played that the record does not know; takes
    /// its turn.
    Unknown,
}

impl PlayItem {
    /// The play as written, a letter or two: a card, a rank alone (of the
    /// suit led), a pseudo play's symbol, `Y` or `?`. All ASCII, which
    /// `dump` copies as bytes, with no formatting, for every play.
    pub fn letters(self) -> impl Iterator<Item = char> {
        let (first, second) = match self {
            PlayItem::Card { suit: Some(s), rank } => (s.letter(), Some(rank.letter())),
            PlayItem::Card { suit: None, rank } => (rank.letter(), None),
            PlayItem::Pseudo(p) => (p.symbol(), None),
            PlayItem::Query => ('Y', None),
            PlayItem::Unknown => ('?', None),
        };
        std::iter::once(first).chain(second)
    }
}

impl fmt::Display for PlayItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.letters().try_for_each(|c| f.write_char(c))
    }
}

pub type PlayEntry = Annotated<PlayItem>;

/// The plays of one trick: four at most in a trick the rules allow, so
/// kept inline; a record that writes more keeps them all.
pub type TrickPlays = smallvec::SmallVec<[PlayEntry; 4]>;

/// One trick as written: up to four plays, the lead first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WrittenTrick {
    pub plays: TrickPlays,
    /// Begun after `;`: from here on the plays are trivial.
    pub trivial: bool,
    /// The winner the record states, where it states one (Preferans).
    pub winner: Option<super::seat::Seat>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Play {
    pub tricks: Vec<WrittenTrick>,
}

impl Play {
    /// Every play in order, query points included.
    pub fn entries(&self) -> impl Iterator<Item = &PlayEntry> {
        self.tricks.iter().flat_map(|t| t.plays.iter())
    }
}

/// Why a card breaks the rules of the play, or where the record and the
/// rules part. Tricks are counted from 0, as the replay counts them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayError {
    /// A new trick starts before this one has a card from every player.
    ShortTrick {
        trick: usize,
        plays: usize,
    },
    OtherWinner {
        trick: usize,
        stated: Seat,
        by_rules: Seat,
    },
    AlreadyPlayed(Card),
    HeldByAnother {
        seat: Seat,
        card: Card,
        holder: Seat,
    },
    NotHeld {
        seat: Seat,
        card: Card,
    },
    Revoke {
        seat: Seat,
        card: Card,
        led: Suit,
    },
    /// Preferans and Pinochle: a player out of the suit led must trump
    /// when he can.
    MustTrump {
        seat: Seat,
        card: Card,
        trump: Suit,
    },
    /// Pinochle, where the variant plays it: a player must beat the best
    /// card of the trick when he can.
    MustBeat {
        seat: Seat,
        card: Card,
    },
}

impl PlayError {
    /// The problem in words, each seat named as the game names its
    /// players: `West` in bridge, `player 1` in Preferans.
    pub fn words(&self, rules: Rules) -> String {
        let who = |s: Seat| match rules {
            Rules::Preferans => format!("player {}", rules.player_number(s).unwrap_or(0)),
            _ => s.name().to_string(),
        };
        match self {
            PlayError::ShortTrick { trick, plays } => {
                format!(
                    "trick {} has only {plays} {}; the replay stops here",
                    trick + 1,
                    plays_word(*plays)
                )
            }
            PlayError::OtherWinner {
                trick,
                stated,
                by_rules,
            } => format!(
                "trick {}: the record gives it to {}, but by the rules {} wins",
                trick + 1,
                who(*stated),
                who(*by_rules)
            ),
            PlayError::AlreadyPlayed(card) => format!("{card} has already been played"),
            PlayError::HeldByAnother { seat, card, holder } => {
                format!("{} plays {card}, which is in {}'s hand", who(*seat), who(*holder))
            }
            PlayError::NotHeld { seat, card } => format!("{} plays {card} but does not hold it", who(*seat)),
            PlayError::Revoke { seat, card, led } => {
                format!(
                    "{} plays {card} but must follow suit in {}",
                    who(*seat),
                    suit_name(*led)
                )
            }
            PlayError::MustTrump { seat, card, trump } => format!(
                "{} plays {card} but must trump in {}",
                who(*seat),
                suit_name(*trump)
            ),
            PlayError::MustBeat { seat, card } => {
                format!("{} plays {card} but must beat the trick when able", who(*seat))
            }
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Rules::Bridge))
    }
}

impl std::error::Error for PlayError {}

fn plays_word(plays: usize) -> &'static str {
    if plays == 1 { "play" } else { "plays" }
}

fn suit_name(suit: Suit) -> String {
    format!("{suit:?}").to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words users see (in `check` and the viewer) stay as they were.
    #[test]
    fn play_errors_read_as_sentences() {
        let card = |s: &str| s.parse::<Card>().unwrap();
        let errors = [
            PlayError::ShortTrick { trick: 2, plays: 1 },
            PlayError::ShortTrick { trick: 0, plays: 3 },
            PlayError::OtherWinner {
                trick: 4,
                stated: Seat::East,
                by_rules: Seat::West,
            },
            PlayError::AlreadyPlayed(card("SA")),
            PlayError::HeldByAnother {
                seat: Seat::North,
                card: card("HT"),
                holder: Seat::South,
            },
            PlayError::NotHeld {
                seat: Seat::West,
                card: card("D2"),
            },
            PlayError::Revoke {
                seat: Seat::East,
                card: card("C9"),
                led: Suit::Diamonds,
            },
        ];
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "trick 3 has only 1 play; the replay stops here",
                "trick 1 has only 3 plays; the replay stops here",
                "trick 5: the record gives it to East, but by the rules West wins",
                "SA has already been played",
                "North plays HT, which is in South's hand",
                "West plays D2 but does not hold it",
                "East plays C9 but must follow suit in diamonds",
            ]
        );
        let trump = PlayError::MustTrump {
            seat: Seat::West,
            card: card("C9"),
            trump: Suit::Hearts,
        };
        assert_eq!(
            trump.words(Rules::Preferans),
            "player 1 plays C9 but must trump in hearts"
        );
    }
}
