//! What a played deal is worth and what each player writes for it.
//!
//! The rules, from the spec's example (hearts 8, a game of diamonds 8,
//! spades under refa 8; a subkontra on hearts 64) and prefko's scoring
//! (`preferans-score-js`): a contract is worth twice its number, one more
//! for a game; each kontra level doubles it and so does a refa. The main
//! player takes 6 tricks (betl none, preferans all ten): made, the value
//! comes off his bula; failed, it goes on. A follower writes his tricks
//! times the value in his soup against the main player, except in a made
//! betl, where the followers' tricks are the main player's aim; followers
//! who play take 4 tricks between them, 2 each where one alone falls
//! short, and a follower who fails has the value put on his bula. Nobody
//! fails beside a main player who failed, nor in a betl. A follower who
//! plays alone takes the tricks of the other's hand, played open.

use std::fmt;

use super::PrefContract;
use super::kontra::Kontra;

/// One player's line of a deal's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tally {
    /// Did not play: `0`.
    Out,
    /// The main player's tricks and what goes on (+) or off (−) his bula.
    Main { tricks: u8, bula: i64 },
    /// A follower's tricks, his soup, and what goes on his bula if he
    /// failed.
    Follower {
        tricks: u8,
        soup: i64,
        bula: Option<i64>,
    },
}

impl Tally {
    /// The line as PPN writes it, or None where it is not one.
    pub fn parse(text: &str) -> Option<Tally> {
        if text == "0" {
            return Some(Tally::Out);
        }
        let mut parts = text.split(':');
        let head = parts.next()?;
        let tricks = head.get(1..)?.parse().ok().filter(|&t| t <= 10)?;
        let tally = match head.chars().next()? {
            'M' => Tally::Main {
                tricks,
                bula: parts.next()?.parse().ok()?,
            },
            'F' => Tally::Follower {
                tricks,
                soup: parts.next()?.strip_prefix('L')?.parse().ok()?,
                bula: match parts.next() {
                    Some(b) => Some(b.parse().ok()?),
                    None => None,
                },
            },
            _ => return None,
        };
        parts.next().is_none().then_some(tally)
    }

    pub fn tricks(self) -> Option<u8> {
        match self {
            Tally::Out => None,
            Tally::Main { tricks, .. } | Tally::Follower { tricks, .. } => Some(tricks),
        }
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tally::Out => f.write_str("0"),
            Tally::Main { tricks, bula } => write!(f, "M{tricks}:{bula}"),
            Tally::Follower { tricks, soup, bula } => {
                write!(f, "F{tricks}:L{soup}")?;
                bula.map_or(Ok(()), |b| write!(f, ":{b}"))
            }
        }
    }
}

/// The value of a contract under a kontra and a refa.
pub fn value(contract: PrefContract, kontra: Option<Kontra>, refa: bool) -> u32 {
    let base = 2 * (u32::from(contract.code) + u32::from(contract.game));
    let factor = kontra.map_or(1, |k| k.kind.factor());
    base * factor * if refa { 2 } else { 1 }
}

/// Whether the main player made the contract with these tricks.
pub fn made(contract: PrefContract, tricks: u8) -> bool {
    match contract.code {
        6 => tricks == 0,
        8 => tricks == 10,
        _ => tricks >= 6,
    }
}

/// How many tricks are played when play stops as soon as the outcome is
/// known, as prefko's engine stops it: a betl at the main player's first
/// trick, a preferans at the followers' first, any other contract at the
/// followers' fifth. `main_won` says of each trick whether the main player
/// took it; None when the outcome waits for the last trick.
pub fn decided_after(contract: PrefContract, main_won: impl IntoIterator<Item = bool>) -> Option<usize> {
    let (mut main, mut others) = (0, 0);
    for (i, won) in main_won.into_iter().enumerate() {
        if won {
            main += 1
        } else {
            others += 1
        }
        let decided = match contract.code {
            6 => main > 0,
            8 => others > 0,
            _ => others == 5,
        };
        if decided {
            return Some(i + 1);
        }
    }
    None
}

/// What the main player and the followers who played write, from their
/// tricks: `followers` are each follower's tricks, in the order given.
pub fn tallies(contract: PrefContract, value: u32, main: u8, followers: &[u8]) -> (Tally, Vec<Tally>) {
    let value = i64::from(value);
    let main_made = made(contract, main);
    let between: u8 = followers.iter().sum();
    let betl = contract.code == 6;
    let follower = |tricks: u8| {
        let short = tricks < 2 && (followers.len() == 1 || between < 4);
        let failed = main_made && !betl && short;
        // A made betl leaves every trick to the followers: tricks the main
        // player had to give them are no soup, or his making it would be
        // worth nothing.
        let soup = if betl && main_made {
            0
        } else {
            i64::from(tricks) * value
        };
        Tally::Follower {
            tricks,
            soup,
            bula: failed.then_some(value),
        }
    };
    let bula = if main_made { -value } else { value };
    (
        Tally::Main { tricks: main, bula },
        followers.iter().map(|&t| follower(t)).collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::super::kontra::KontraKind;
    use super::*;
    use crate::model::Seat;

    fn contract(code: u8, game: bool) -> PrefContract {
        PrefContract { code, game }
    }

    #[test]
    fn values_follow_the_spec_example() {
        let hearts = contract(4, false);
        assert_eq!(value(hearts, None, false), 8);
        assert_eq!(value(contract(3, true), None, false), 8);
        assert_eq!(value(contract(2, false), None, true), 8);
        let s3 = Kontra {
            kind: KontraKind::Subkontra,
            by: Seat::East,
        };
        assert_eq!(value(hearts, Some(s3), false), 64);
        let i3 = Kontra {
            kind: KontraKind::Invitation,
            ..s3
        };
        assert_eq!(value(hearts, Some(i3), false), 8);
    }

    #[test]
    fn the_spec_example_summary_is_worked_out() {
        let (main, followers) = tallies(contract(4, false), 8, 7, &[3]);
        assert_eq!(main.to_string(), "M7:-8");
        assert_eq!(followers[0].to_string(), "F3:L24");
        let (main, followers) = tallies(contract(4, false), 8, 5, &[3, 2]);
        assert_eq!(main.to_string(), "M5:8");
        assert_eq!(followers[0].to_string(), "F3:L24");
        let (_, followers) = tallies(contract(4, false), 8, 8, &[1, 1]);
        assert_eq!(followers[0].to_string(), "F1:L8:8", "one trick each falls short");
        let (_, followers) = tallies(contract(4, false), 8, 6, &[3, 1]);
        assert_eq!(followers[1].to_string(), "F1:L8", "four between them");
        let (main, followers) = tallies(contract(6, false), 12, 1, &[9]);
        assert_eq!(
            (main.to_string(), followers[0].to_string()),
            ("M1:12".into(), "F9:L108".into())
        );
        // A made betl: the followers took every trick, and write no soup.
        let (main, followers) = tallies(contract(6, false), 12, 0, &[6, 4]);
        let lines: Vec<String> = followers.iter().map(Tally::to_string).collect();
        assert_eq!(
            (main.to_string(), lines),
            ("M0:-12".into(), vec!["F6:L0".into(), "F4:L0".into()])
        );
    }

    #[test]
    fn play_stops_once_the_outcome_is_known() {
        let hearts = contract(4, false);
        let tricks = [true, false, false, true, false, false, false, true];
        assert_eq!(
            decided_after(hearts, tricks),
            Some(7),
            "the followers' fifth trick"
        );
        assert_eq!(decided_after(hearts, [true; 10]), None);
        assert_eq!(decided_after(contract(6, false), [false, false, true]), Some(3));
        assert_eq!(decided_after(contract(8, true), [true, false]), Some(2));
    }

    #[test]
    fn summary_lines_parse_and_write_back() {
        for text in ["0", "M7:-8", "M5:20", "F3:L24", "F1:L20:20"] {
            assert_eq!(Tally::parse(text).unwrap().to_string(), text);
        }
        for bad in ["", "M7", "F3:24", "X3:L2", "M11:0", "F3:L24:x", "M7:-8:1"] {
            assert_eq!(Tally::parse(bad), None, "{bad}");
        }
    }
}
