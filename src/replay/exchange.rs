//! Cards that change hands between the deal and the play: Preferans's
//! talon, Pinochle's kitty, discards and cards passed to partner.

use crate::model::{Game, Hand, HandCard, Pinochle, Record, SeatMap};

/// Cards change hands before the play: in Preferans the main player takes
/// the talon and lays two aside (unless playing a game); in Pinochle the
/// record's holdings after the exchange, or else the kitty to declarer,
/// declarer's discards, and cards passed between partners.
pub(super) fn take_talon(record: &Record, hands: &mut SeatMap<Hand>) {
    let p = match &record.game {
        Game::Pinochle(p) => return exchange(p, hands),
        Game::Preferans(p) => p,
        Game::Bridge(_) => return,
    };
    let Some(deal) = &record.deal else {
        return;
    };
    let (Some(main), Some(contract)) = (p.main, p.contract) else {
        return;
    };
    if contract.game {
        return;
    }
    deal.talon
        .iter()
        .for_each(|&c| hands[main].push(HandCard::Known(c)));
    p.discarded.iter().for_each(|&c| {
        hands[main].remove(c);
    });
}

fn exchange(p: &Pinochle, hands: &mut SeatMap<Hand>) {
    match &p.holding {
        Some(holding) => *hands = holding.clone(),
        // The reader tells of cards given that were not held.
        None => drop(p.exchange(hands)),
    }
}
