//! Contracts and results.

use std::fmt;

use super::seat::Seat;
use super::strain::Strain;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Doubling {
    #[default]
    Undoubled,
    Doubled,
    Redoubled,
}

/// The number of tricks declarer aims at, when the record states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    Tricks(u8),
    Maximum,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    /// None in endings, where only the strain and goal matter.
    pub level: Option<u8>,
    pub strain: Strain,
    pub doubling: Doubling,
    pub goal: Option<Goal>,
    pub declarer: Seat,
    /// The opening leader when it is not declarer's left-hand opponent.
    pub leader: Option<Seat>,
}

impl Contract {
    /// The contract as `5HX`, `3N`, `4SXX` (strain alone for endings).
    pub fn short(&self) -> String {
        let level = self.level.map(|l| l.to_string()).unwrap_or_default();
        let doubling = match self.doubling {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        };
        format!("{level}{}{doubling}", self.strain)
    }

    /// Tricks declarer must take: the goal when given, else book plus level.
    pub fn target(&self) -> Option<u8> {
        match (self.goal, self.level) {
            (Some(Goal::Tricks(n)), _) => Some(n),
            (_, Some(level)) => Some(level + 6),
            _ => None,
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} by {}", self.short(), self.declarer)
    }
}

/// A decimal kept exactly in hundredths, as RBN scores and carryovers are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hundredths(pub i64);

impl fmt::Display for Hundredths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        match abs % 100 {
            0 => write!(f, "{sign}{}", abs / 100),
            cents => write!(f, "{sign}{}.{cents:02}", abs / 100),
        }
    }
}

/// Reads `12`, `-5`, `+76.33`, `0.5`: an optional sign, digits, and at
/// most two decimal places. Too large a number is an error, not a wrap.
impl std::str::FromStr for Hundredths {
    type Err = ParseHundredthsError;

    fn from_str(s: &str) -> Result<Hundredths, ParseHundredthsError> {
        let err = || ParseHundredthsError(s.to_string());
        let (negative, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
        let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || frac.len() > 2 || (!frac.is_empty() && !digits(frac)) {
            return Err(err());
        }
        let cents: i64 = format!("{frac:0<2}").parse().map_err(|_| err())?;
        let whole: i64 = whole.parse().map_err(|_| err())?;
        let value = whole
            .checked_mul(100)
            .and_then(|w| w.checked_add(cents))
            .ok_or_else(err)?;
        Ok(Hundredths(if negative { -value } else { value }))
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("`{0}` is not an amount (digits with at most two decimal places)")]
pub struct ParseHundredthsError(pub String);

/// The effective score of a board for North-South.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effective {
    /// `=`: a push or tie.
    Push,
    /// Signed IMPs (or ±1 board-a-match).
    Imps(Hundredths),
    /// An unsigned matchpoint percentage.
    Percent(Hundredths),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Tricks(u8),
    PassedOut,
}

/// Which of a deal's stated results is meant: the score, the IMPs or the
/// percentage. Each notation writes them under names of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stated {
    Score,
    Imps,
    Percentage,
}

/// What the deal came to at the table: the tricks or a pass-out, and the
/// score as the file states it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DealResult {
    pub outcome: Option<Outcome>,
    /// Raw score for North-South, signed.
    pub score: Option<i32>,
    pub effective: Option<Effective>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hundredths_print_like_money() {
        assert_eq!(Hundredths(7633).to_string(), "76.33");
        assert_eq!(Hundredths(-500).to_string(), "-5");
        assert_eq!(Hundredths(-5).to_string(), "-0.05");
    }

    #[test]
    fn hundredths_read_back_what_they_print() {
        for text in ["76.33", "-5", "0.05", "-0.5"] {
            let h: Hundredths = text.parse().unwrap();
            assert_eq!(h.to_string().parse::<Hundredths>(), Ok(h));
        }
        assert_eq!("+4".parse(), Ok(Hundredths(400)));
        assert!("95777777777777777".parse::<Hundredths>().is_err());
        assert!("1.234".parse::<Hundredths>().is_err());
    }

    #[test]
    fn target_comes_from_goal_or_level() {
        let mut c = Contract {
            level: Some(4),
            strain: Strain::Spades,
            doubling: Doubling::Doubled,
            goal: None,
            declarer: Seat::East,
            leader: None,
        };
        assert_eq!((c.short(), c.target()), ("4SX".to_string(), Some(10)));
        c.goal = Some(Goal::Tricks(8));
        assert_eq!(c.target(), Some(8));
    }
}
