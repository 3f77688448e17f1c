//! The Standard meld chart of Double-deck Pinochle, as Pagat and the
//! double-deck rule pages that follow it give it: runs and marriages,
//! the four of a rank around, and the pinochle (♠Q ♦J), each single,
//! double, triple or quadruple. A card may count once in each class.

use crate::model::{Card, Hand, Rank, Suit};

/// One kind of meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combination {
    /// A T K Q J of trump.
    Run,
    /// King and queen of trump outside a run.
    RoyalMarriage,
    /// King and queen of another suit.
    Marriage(Suit),
    /// One of a rank in every suit: aces, kings, queens or jacks around.
    Around(Rank),
    /// ♠Q and ♦J.
    Pinochle,
}

/// A combination as often as the meld holds it, and what it scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub combination: Combination,
    pub times: u8,
    pub points: u32,
}

const TIMES: [&str; 4] = ["", "double ", "triple ", "quadruple "];

impl Counted {
    /// Its name as players say it: "double run", "aces around",
    /// "2 marriages" (the suit is the viewer's to draw).
    pub fn name(&self) -> String {
        let times = self.times.clamp(1, 4) as usize;
        match self.combination {
            Combination::Run => format!("{}run", TIMES[times - 1]),
            Combination::Pinochle => format!("{}pinochle", TIMES[times - 1]),
            Combination::Around(rank) => format!("{}{} around", TIMES[times - 1], rank_plural(rank)),
            Combination::RoyalMarriage if times == 1 => "royal marriage".to_string(),
            Combination::RoyalMarriage => format!("{times} royal marriages"),
            Combination::Marriage(_) if times == 1 => "marriage".to_string(),
            Combination::Marriage(_) => format!("{times} marriages"),
        }
    }
}

fn rank_plural(rank: Rank) -> &'static str {
    match rank {
        Rank::Ace => "aces",
        Rank::King => "kings",
        Rank::Queen => "queens",
        _ => "jacks",
    }
}

/// Points for one, two, three or four of a combination.
fn points(combination: Combination, times: u8) -> u32 {
    let table = match combination {
        Combination::Run => [15, 150, 225, 300],
        Combination::RoyalMarriage => return 4 * u32::from(times),
        Combination::Marriage(_) => return 2 * u32::from(times),
        Combination::Around(Rank::Ace) => [10, 100, 150, 200],
        Combination::Around(Rank::King) => [8, 80, 120, 160],
        Combination::Around(Rank::Queen) => [6, 60, 90, 120],
        Combination::Around(_) => [4, 40, 60, 80],
        Combination::Pinochle => [4, 30, 60, 90],
    };
    table[usize::from(times.clamp(1, 4)) - 1]
}

/// The combinations a meld's cards make with `trump` (none when declarer
/// named none), in the chart's order.
pub fn combinations(cards: &Hand, trump: Option<Suit>) -> Vec<Counted> {
    let held: Vec<Card> = cards.known_cards().collect();
    let n = |suit: Suit, rank: Rank| held.iter().filter(|c| **c == Card::new(suit, rank)).count() as u8;
    let mut found = Vec::new();
    let mut add = |combination: Combination, times: u8| {
        if times > 0 {
            let points = points(combination, times);
            found.push(Counted {
                combination,
                times,
                points,
            });
        }
    };
    for suit in [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts] {
        let marriages = n(suit, Rank::King).min(n(suit, Rank::Queen));
        if Some(suit) == trump {
            let run = [Rank::Ace, Rank::Ten, Rank::Jack]
                .into_iter()
                .map(|r| n(suit, r))
                .fold(marriages, u8::min);
            add(Combination::Run, run);
            add(Combination::RoyalMarriage, marriages - run);
        } else {
            add(Combination::Marriage(suit), marriages);
        }
    }
    for rank in [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack] {
        let around = [Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts]
            .into_iter()
            .map(|s| n(s, rank))
            .min()
            .unwrap_or(0);
        add(Combination::Around(rank), around);
    }
    add(
        Combination::Pinochle,
        n(Suit::Spades, Rank::Queen).min(n(Suit::Diamonds, Rank::Jack)),
    );
    found
}

/// What a meld scores in all.
pub fn total(counted: &[Counted]) -> u32 {
    counted.iter().map(|c| c.points).sum()
}

/// What a card counts in the play: aces, tens and kings one each.
pub fn counter(card: Card) -> u32 {
    u32::from(matches!(card.rank, Rank::Ace | Rank::Ten | Rank::King))
}

/// The last trick's bonus.
pub const LAST_TRICK: u32 = 2;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Rules;
    use crate::notation::pinochle::hand;

    const GAME: Rules = Rules::Pinochle {
        double_deck: true,
        players: 4,
    };

    fn meld(text: &str, trump: Option<Suit>) -> (Vec<String>, u32) {
        let found = combinations(&hand(text, GAME).unwrap(), trump);
        (found.iter().map(Counted::name).collect(), total(&found))
    }

    /// The spec's own melds, with diamonds trump (the only suit that gives
    /// its `KQ.ATKQJ(17)`). Its `K.ATKQJ.KQ.KQ(27)` leaves out the pinochle
    /// that the run's ♦J makes with the ♠Q: a card counts once in each
    /// class, so the chart gives 31.
    #[test]
    fn the_spec_melds_score_by_the_chart() {
        let diamonds = Some(Suit::Diamonds);
        let names = ["run", "marriage", "marriage", "kings around", "pinochle"];
        assert_eq!(
            meld("K.ATKQJ.KQ.KQ", diamonds),
            (names.iter().map(|n| n.to_string()).collect(), 31)
        );
        assert_eq!(meld("J.J.J.J", diamonds), (vec!["jacks around".into()], 4));
        assert_eq!(
            meld("KQ.ATKQJ", diamonds),
            (vec!["marriage".into(), "run".into()], 17)
        );
    }

    #[test]
    fn doubles_score_far_more_than_two_singles() {
        let hearts = Some(Suit::Hearts);
        assert_eq!(meld("...AATTKKQQJJ", hearts), (vec!["double run".into()], 150));
        assert_eq!(meld("A.A.A.A", hearts).1, 10);
        assert_eq!(
            meld("AA.AA.AA.AA", hearts),
            (vec!["double aces around".into()], 100)
        );
        assert_eq!(meld(".JJ.QQ.", hearts), (vec!["double pinochle".into()], 30));
        assert_eq!(
            meld("...ATKKQQJ", hearts),
            (vec!["run".into(), "royal marriage".into()], 19)
        );
        assert_eq!(meld("KKQQ...", None), (vec!["2 marriages".into()], 4));
    }
}
