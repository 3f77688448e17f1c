//! The score of one contract (Laws of Duplicate Bridge, Law 77).

use crate::model::{Doubling, Strain};

/// A contract as it was played: all the score of a deal depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub level: u8,
    pub strain: Strain,
    pub doubling: Doubling,
    /// Whether the declaring side is vulnerable.
    pub vulnerable: bool,
    /// Tricks declarer took, book included (0 to 13).
    pub tricks: u8,
}

impl Played {
    fn multiplier(self) -> i32 {
        match self.doubling {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }

    /// What each odd trick is worth undoubled (notrump's first is 10 more).
    fn trick_value(self) -> i32 {
        match self.strain {
            Strain::Clubs | Strain::Diamonds => 20,
            _ => 30,
        }
    }

    /// The score of the odd tricks bid and made, doubling included.
    pub fn trick_score(self) -> i32 {
        let first_extra = if self.strain == Strain::NoTrump { 10 } else { 0 };
        (i32::from(self.level) * self.trick_value() + first_extra) * self.multiplier()
    }

    /// Tricks over the contract (negative: undertricks).
    pub fn over(self) -> i32 {
        i32::from(self.tricks) - i32::from(self.level) - 6
    }

    /// The duplicate score from declarer's side: positive when the
    /// contract made, negative (the defenders' total) when it failed.
    pub fn score(self) -> i32 {
        if self.over() < 0 {
            return -self.undertricks();
        }
        let trick_score = self.trick_score();
        let bonus = match (trick_score >= 100, self.vulnerable) {
            (false, _) => 50,
            (true, false) => 300,
            (true, true) => 500,
        };
        trick_score + bonus + self.premiums()
    }

    /// Overtricks, the insult and the slam bonus: what scores above the
    /// line in rubber bridge and is added alike in duplicate.
    fn premiums(self) -> i32 {
        let vul = i32::from(self.vulnerable);
        let overtrick = match self.doubling {
            Doubling::Undoubled => self.trick_value(),
            _ => (100 + 100 * vul) * self.multiplier() / 2,
        };
        let insult = match self.doubling {
            Doubling::Undoubled => 0,
            _ => 50 * self.multiplier() / 2,
        };
        let slam = match self.level {
            6 => 500 + 250 * vul,
            7 => 1000 + 500 * vul,
            _ => 0,
        };
        self.over() * overtrick + insult + slam
    }

    /// What the defenders score for the undertricks.
    fn undertricks(self) -> i32 {
        let down = -self.over();
        if self.doubling == Doubling::Undoubled {
            return down * if self.vulnerable { 100 } else { 50 };
        }
        // Doubled: the first 100 (vul 200), the second and third 200 (vul
        // 300) each, every one after 300; redoubled twice as much.
        let doubled: i32 = (1..=down)
            .map(|n| match (n, self.vulnerable) {
                (1, false) => 100,
                (1, true) => 200,
                (2 | 3, false) => 200,
                _ => 300,
            })
            .sum();
        doubled * self.multiplier() / 2
    }
}

/// Points difference to IMPs (Law 78B): the least difference of each IMP
/// from 1 to 24.
const IMP_STEPS: [i32; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250,
    2500, 3000, 3500, 4000,
];

/// The IMPs a difference in points is worth, with its sign.
pub fn imps(difference: i32) -> i32 {
    let steps = IMP_STEPS.iter().take_while(|&&s| s <= difference.abs()).count();
    difference.signum() * steps as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(level: u8, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: u8) -> Played {
        Played {
            level,
            strain,
            doubling,
            vulnerable,
            tricks,
        }
    }

    #[test]
    fn the_examples_of_the_spec_score() {
        use Doubling::*;
        assert_eq!(played(4, Strain::Spades, Undoubled, false, 10).score(), 420);
        assert_eq!(played(3, Strain::NoTrump, Undoubled, true, 10).score(), 630);
        assert_eq!(played(1, Strain::Clubs, Doubled, false, 7).score(), 140);
        assert_eq!(played(2, Strain::Hearts, Redoubled, true, 8).score(), 840);
    }

    #[test]
    fn imps_keep_the_sign_of_the_difference() {
        assert_eq!(
            (imps(10), imps(20), imps(-50), imps(4000), imps(-9000)),
            (0, 1, -2, 24, -24)
        );
    }
}
