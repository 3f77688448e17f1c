//! Turning a bridge deal round the table: every hand, seat and side moves
//! by the same number of places clockwise, so that a student can always
//! sit South. What depends on the seats turns with them: the dealer, the
//! vulnerability, the declarer and leader, the hidden hands of a quiz, the
//! players, the teams' sides, North-South's score and the double-dummy
//! tricks. Cards, calls and text stay as they are: calls are counted from
//! the dealer, cards from the leader.

use super::auction::Vulnerability;
use super::contract::{Effective, Hundredths};
use super::game::Game;
use super::makes::{Makes, SideMakes, StrainMakes};
use super::record::Record;
use super::seat::{Seat, SeatMap, SeatSet};

/// Places a quarter turn moves a seat in `Seat::ALL`, whose eight compass
/// points go clockwise.
const QUARTER: usize = 2;

/// `seat` after `quarters` quarter turns clockwise (North to East).
pub fn turned(seat: Seat, quarters: u8) -> Seat {
    Seat::ALL[(seat as usize + QUARTER * usize::from(quarters)) % Seat::ALL.len()]
}

/// The quarter turns that bring the seat `from` to `to`.
pub fn quarters_between(from: Seat, to: Seat) -> u8 {
    let places = (to as usize + Seat::ALL.len() - from as usize) % Seat::ALL.len();
    u8::try_from(places / QUARTER).unwrap_or(0)
}

/// Turns a bridge record by `quarters` quarter turns clockwise; other
/// games are left alone (their seats are not a square table's). Whether
/// the record was turned.
pub fn rotate(r: &mut Record, quarters: u8) -> bool {
    let quarters = quarters % 4;
    let Game::Bridge(bridge) = &mut r.game else {
        return false;
    };
    if quarters == 0 {
        return true;
    }
    let odd = quarters % 2 == 1;
    if let Some(auction) = bridge.auction.as_mut() {
        auction.dealer = turned(auction.dealer, quarters);
        if odd {
            auction.vulnerability = sides_swapped(auction.vulnerability);
        }
    }
    if let Some(contract) = bridge.contract.as_mut() {
        contract.declarer = turned(contract.declarer, quarters);
        contract.leader = contract.leader.map(|s| turned(s, quarters));
    }
    if let Some(result) = bridge.result.as_mut().filter(|_| odd) {
        result.score = result.score.map(|s| -s);
        result.effective = result.effective.map(other_side);
    }
    bridge.makes = bridge.makes.take().map(|m| makes_turned(&m, quarters));
    if let Some(deal) = r.deal.as_mut() {
        deal.hands = map_turned(std::mem::take(&mut deal.hands), quarters);
        deal.hidden = set_turned(deal.hidden, quarters);
        deal.given = set_turned(deal.given, quarters);
    }
    if let Some(players) = r.players.as_mut() {
        let tables = std::mem::take(&mut players.tables);
        players.tables = tables.into_iter().map(|t| map_turned(t, quarters)).collect();
    }
    if let Some(teams) = r.teams.as_mut().filter(|_| odd) {
        teams.names.swap(0, 1);
        teams.carryovers.swap(0, 1);
    }
    for trick in r.play.iter_mut().flat_map(|p| p.tricks.iter_mut()) {
        trick.winner = trick.winner.map(|s| turned(s, quarters));
    }
    true
}

/// North-South's effective score as East-West's, who now sit there.
fn other_side(e: Effective) -> Effective {
    match e {
        Effective::Push => Effective::Push,
        Effective::Imps(Hundredths(h)) => Effective::Imps(Hundredths(-h)),
        Effective::Percent(Hundredths(h)) => Effective::Percent(Hundredths(10_000 - h)),
    }
}

fn sides_swapped(v: Vulnerability) -> Vulnerability {
    match v {
        Vulnerability::NorthSouth => Vulnerability::EastWest,
        Vulnerability::EastWest => Vulnerability::NorthSouth,
        other => other,
    }
}

fn map_turned<T: Default>(mut map: SeatMap<T>, quarters: u8) -> SeatMap<T> {
    let mut out = SeatMap::<T>::default();
    for seat in Seat::ALL {
        out[turned(seat, quarters)] = std::mem::take(&mut map[seat]);
    }
    out
}

fn set_turned(set: SeatSet, quarters: u8) -> SeatSet {
    set.iter().map(|s| turned(s, quarters)).collect()
}

/// The double-dummy tricks of each seat moved to the seat it goes to. The
/// shortcuts (`=` same as partner, `!` thirteen less the opponent's) name
/// seats by where they sit, so each seat's tricks are written out in full.
fn makes_turned(m: &Makes, quarters: u8) -> Makes {
    let from = |seat: Seat| turned(seat, 4 - quarters);
    let known = |seat: Seat| m.for_seat(from(seat)).iter().any(Option::is_some);
    let side = |first: Seat, second: Seat| {
        (known(first) || known(second)).then(|| SideMakes {
            first: StrainMakes::List(m.for_seat(from(first)).to_vec()),
            second: Some(StrainMakes::List(m.for_seat(from(second)).to_vec())),
        })
    };
    Makes {
        contract: m.contract.clone(),
        leads: m.leads.clone(),
        north_south: side(Seat::North, Seat::South),
        west_east: side(Seat::West, Seat::East),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_takes_north_to_east_and_four_come_round() {
        assert_eq!(turned(Seat::North, 1), Seat::East);
        assert_eq!(turned(Seat::West, 1), Seat::North);
        assert_eq!(turned(Seat::South, 2), Seat::North);
        assert_eq!(turned(Seat::East, 4), Seat::East);
        assert_eq!(quarters_between(Seat::West, Seat::South), 3);
        assert_eq!(quarters_between(Seat::North, Seat::East), 1);
        assert_eq!(quarters_between(Seat::South, Seat::South), 0);
    }
}
