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

/// The exchange as the record gives it, and each seat's Holding where it
/// writes one: a seat it leaves unknown (`?`) keeps its hand after the
/// exchange. The reader tells of cards given that were not held.
fn exchange(p: &Pinochle, hands: &mut SeatMap<Hand>) {
    drop(p.exchange(hands));
    let Some(holding) = &p.holding else { return };
    for &seat in p.rules().seats() {
        if !holding[seat].is_empty() {
            hands[seat] = holding[seat].clone();
        }
    }
}
