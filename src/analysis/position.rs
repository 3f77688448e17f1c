//! What each card the player on turn could play is worth, at any point of
//! the play, the middle of a trick included.

use pons_dds::{Board, CurrentTrick, Objective, Target};

use super::convert::{self, SEATS};
use super::deal::{Unavailable, partial};
use crate::model::{Card, Seat, Strain};
use crate::replay::Position;

/// The tricks declarer's side takes in all, double dummy, after each legal
/// card of the player on turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardValues {
    /// Who is on turn (None once every card is played).
    pub player: Option<Seat>,
    pub declarer: Seat,
    /// Every legal card with declarer's side's total; cards that are
    /// equal (touching once the played cards are gone) share the number.
    pub values: Vec<(Card, u8)>,
    /// Tricks declarer's side has already won.
    pub won: u8,
}

impl CardValues {
    pub fn value(&self, card: Card) -> Option<u8> {
        self.values.iter().find(|(c, _)| *c == card).map(|&(_, v)| v)
    }

    /// Declarer's side's total with best play from here on.
    pub fn now(&self) -> u8 {
        let totals = self.values.iter().map(|&(_, v)| v);
        match self.player {
            Some(p) if !same_side(p, self.declarer) => totals.min(),
            _ => totals.max(),
        }
        .unwrap_or(self.won)
    }

    /// Whether `card` is among the best for the player on turn.
    pub fn is_best(&self, card: Card) -> bool {
        self.value(card) == Some(self.now())
    }
}

pub(super) fn same_side(a: Seat, b: Seat) -> bool {
    let side = |s: Seat| SEATS.iter().position(|&x| x == s).map(|i| i % 2);
    side(a) == side(b)
}

/// The value of every legal card at `position` of a deal played in
/// `strain` by `declarer`.
pub fn card_values(position: &Position, strain: Strain, declarer: Seat) -> Result<CardValues, Unavailable> {
    let won = position
        .winners
        .iter()
        .flatten()
        .filter(|&&w| same_side(w, declarer))
        .count() as u8;
    let mut answer = CardValues {
        player: position.to_play,
        declarer,
        values: Vec::new(),
        won,
    };
    let Some(player) = position.to_play.filter(|&p| !position.hands[p].is_empty()) else {
        answer.player = None;
        return Ok(answer);
    };
    let board = board(position, strain, player)?;
    // Tricks still to play, the one on the table included.
    let left = position.hands[player].len() as u8;
    let found = pons_dds::solve_board(&Objective {
        board,
        target: Target::Legal,
    });
    for play in &found.plays {
        let score = play.score.get();
        let total = won
            + if same_side(player, declarer) {
                score
            } else {
                left - score
            };
        let card = convert::card_back(play.card);
        answer.values.push((card, total));
        for rank in play.equals.iter() {
            let equal = contract_bridge::Card {
                suit: play.card.suit,
                rank,
            };
            answer.values.push((convert::card_back(equal), total));
        }
    }
    Ok(answer)
}

fn board(position: &Position, strain: Strain, player: Seat) -> Result<Board, Unavailable> {
    let trump = convert::strain(strain);
    let on_table: &[(Seat, Option<Card>)] = if position.trick_complete {
        &[]
    } else {
        &position.trick
    };
    let leader = on_table.first().map_or(player, |&(seat, _)| seat);
    let solver_leader = convert::seat(leader).ok_or(Unavailable::NotBridge)?;
    let mut trick = CurrentTrick::new(trump, solver_leader);
    for &(seat, card) in on_table {
        let card = card.ok_or(Unavailable::UnknownCards(seat))?;
        trick
            .try_push(convert::card(card))
            .map_err(|_| Unavailable::Duplicate)?;
    }
    Board::try_new(partial(&position.hands)?, trick).map_err(|_| Unavailable::Duplicate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Hand, HandCard, SeatMap};

    /// A three-card ending, notrump, South to lead: South's ♠A and ♠K are
    /// winners, but ♥2 loses the lead to West, who cashes two clubs.
    fn ending() -> Position {
        let cards = |list: &[&str]| {
            list.iter()
                .map(|c| HandCard::Known(c.parse().unwrap()))
                .collect::<Hand>()
        };
        let mut deal = SeatMap::default();
        deal[Seat::North] = cards(&["S4", "S3", "S2"]);
        deal[Seat::East] = cards(&["H4", "H3", "D2"]);
        deal[Seat::South] = cards(&["SA", "SK", "H2"]);
        deal[Seat::West] = cards(&["HA", "CA", "CK"]);
        Position {
            hands: deal,
            to_play: Some(Seat::South),
            winners: vec![Some(Seat::North); 10],
            ..Position::default()
        }
    }

    #[test]
    fn every_legal_card_gets_declarers_total() {
        let values = card_values(&ending(), Strain::NoTrump, Seat::South).unwrap();
        let ace: Card = "SA".parse().unwrap();
        let king: Card = "SK".parse().unwrap();
        let heart: Card = "H2".parse().unwrap();
        // Spades first: two spade tricks, then the heart goes to West.
        assert_eq!(values.value(ace), Some(12));
        assert_eq!(values.value(king), Some(12), "equals share the number");
        assert_eq!(values.value(heart), Some(10));
        assert_eq!(values.now(), 12);
        assert!(values.is_best(king) && !values.is_best(heart));
    }

    #[test]
    fn in_the_middle_of_a_trick_the_defender_on_turn_is_valued_for_declarer() {
        let mut position = ending();
        let heart: Card = "H2".parse().unwrap();
        position.hands[Seat::South].remove(heart);
        position.trick = vec![(Seat::South, Some(heart))];
        position.to_play = Some(Seat::West);
        let values = card_values(&position, Strain::NoTrump, Seat::South).unwrap();
        // West must follow with the ace and cashes the clubs: 10 for NS.
        assert_eq!(values.values, vec![("HA".parse().unwrap(), 10)]);
        assert_eq!(values.player, Some(Seat::West));
    }
}
