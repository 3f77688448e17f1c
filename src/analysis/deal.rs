//! A deal the solver can work on: four hands, every card known.

use contract_bridge::{Builder, PartialDeal};
use thiserror::Error;

use super::convert::{self, SEATS};
use crate::model::{Card, Hand, HandCard, Record, Seat, SeatMap};

/// Why a record or position cannot be analysed double-dummy, in words a
/// user can act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Unavailable {
    #[error("double-dummy analysis is for bridge")]
    NotBridge,
    #[error("double-dummy needs all 52 cards, and this record gives no deal")]
    NoDeal,
    #[error("double-dummy is off while a hand is hidden: it would give the answer away")]
    Hidden,
    #[error("double-dummy needs all 52 cards, and {}'s hand is not fully known", .0.name())]
    UnknownCards(Seat),
    #[error("double-dummy needs all 52 cards, and this deal gives spot cards (x)")]
    Spots,
    #[error("double-dummy needs all 52 cards, and a card is in two hands")]
    Duplicate,
    #[error("double-dummy needs a contract to know declarer and trumps")]
    NoContract,
}

/// Fifty-two cards, thirteen to each bridge seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FullDeal(pub(super) contract_bridge::FullDeal);

impl FullDeal {
    /// The record's deal as dealt, if it is a bridge deal with every card
    /// given. (Hidden hands are the viewer's business: their cards are
    /// known to the record.)
    pub fn of(record: &Record) -> Result<FullDeal, Unavailable> {
        record.bridge().ok_or(Unavailable::NotBridge)?;
        let deal = record.deal.as_ref().ok_or(Unavailable::NoDeal)?;
        FullDeal::from_hands(&deal.hands)
    }

    pub fn from_hands(hands: &SeatMap<Hand>) -> Result<FullDeal, Unavailable> {
        let builder = builder(hands)?;
        if let Some(&short) = SEATS.iter().find(|&&s| hands[s].len() != 13) {
            return Err(Unavailable::UnknownCards(short));
        }
        builder
            .build_full()
            .map(FullDeal)
            .map_err(|_| Unavailable::Duplicate)
    }

    /// The cards `seat` holds.
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        convert::seat(seat).map_or_else(Vec::new, |s| self.0[s].iter().map(convert::card_back).collect())
    }
}

/// Hands still held in the middle of a play, all known.
pub(super) fn partial(hands: &SeatMap<Hand>) -> Result<PartialDeal, Unavailable> {
    builder(hands)?
        .build_partial()
        .map_err(|_| Unavailable::Duplicate)
}

fn builder(hands: &SeatMap<Hand>) -> Result<Builder, Unavailable> {
    let mut builder = Builder::new();
    for seat in SEATS {
        let solver_seat = convert::seat(seat).expect("a bridge seat");
        for entry in hands[seat].cards() {
            match entry {
                HandCard::Known(card) => {
                    if !builder[solver_seat].insert(convert::card(*card)) {
                        return Err(Unavailable::Duplicate);
                    }
                }
                HandCard::Spot(_) => return Err(Unavailable::Spots),
                HandCard::Unknown(_) => return Err(Unavailable::UnknownCards(seat)),
            }
        }
    }
    Ok(builder)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::model::Rules;

    /// Hands from `N:S.H.D.C E S W` in the solver's text.
    pub fn hands(text: &str) -> SeatMap<Hand> {
        let deal: contract_bridge::FullDeal = text.parse().expect("a test deal");
        let mut hands = SeatMap::default();
        for seat in SEATS {
            let cards = deal[convert::seat(seat).unwrap()].iter();
            hands[seat] = cards.map(|c| HandCard::Known(convert::card_back(c))).collect();
        }
        hands
    }

    pub fn deal(text: &str) -> FullDeal {
        FullDeal::from_hands(&hands(text)).unwrap()
    }

    #[test]
    fn a_full_deal_needs_every_card_known() {
        let mut hands = hands("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432");
        assert!(FullDeal::from_hands(&hands).is_ok());
        let ace: Card = "SA".parse().unwrap();
        hands[Seat::North].remove(ace);
        assert_eq!(
            FullDeal::from_hands(&hands),
            Err(Unavailable::UnknownCards(Seat::North))
        );
        hands[Seat::North].push(HandCard::Unknown(ace.suit));
        assert_eq!(
            FullDeal::from_hands(&hands),
            Err(Unavailable::UnknownCards(Seat::North))
        );
        hands[Seat::North].remove(ace);
        hands[Seat::North].push(HandCard::Known("HA".parse().unwrap()));
        assert_eq!(FullDeal::from_hands(&hands), Err(Unavailable::Duplicate));
        let mut record = Record::new(
            1,
            1,
            crate::model::SourceFormat::Rbn,
            crate::model::Game::bridge(),
        );
        assert_eq!(FullDeal::of(&record), Err(Unavailable::NoDeal));
        record.deal = Some(crate::model::Deal::new(Rules::Bridge));
        assert_eq!(FullDeal::of(&record), Err(Unavailable::UnknownCards(Seat::North)));
    }
}
