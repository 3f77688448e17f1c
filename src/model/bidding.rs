//! The rules of the bridge auction as it goes: whose turn, what may be
//! called next, when it is over.

use super::auction::{AuctionError, Bid, Call};
use super::seat::Seat;

pub(crate) fn next_bridge_seat(seat: Seat) -> Seat {
    match seat {
        Seat::North => Seat::East,
        Seat::East => Seat::South,
        Seat::South => Seat::West,
        _ => Seat::North,
    }
}

pub(crate) fn partners(a: Seat, b: Seat) -> bool {
    matches!(a, Seat::North | Seat::South) == matches!(b, Seat::North | Seat::South)
}

/// What the auction so far allows next.
#[derive(Default)]
pub(crate) struct Bidding {
    last_bid: Option<(Seat, Bid)>,
    /// The seat that doubled or redoubled the last bid, and how often.
    doubling: Option<(Seat, u8)>,
    passes: usize,
    calls: usize,
}

impl Bidding {
    pub(crate) fn ended(&self) -> bool {
        (self.last_bid.is_some() && self.passes >= 3) || (self.last_bid.is_none() && self.passes >= 4)
    }

    /// The last bid with its bidder, and how often it was doubled.
    pub(crate) fn last_bid(&self) -> Option<(Seat, Bid, u8)> {
        self.last_bid
            .map(|(seat, bid)| (seat, bid, self.doubling.map_or(0, |(_, n)| n)))
    }

    pub(crate) fn passes_to_end(&self) -> usize {
        let needed = if self.last_bid.is_some() { 3 } else { 4 };
        needed - self.passes.min(needed)
    }

    pub(crate) fn accept(&mut self, seat: Seat, call: Call) -> Result<(), AuctionError> {
        if self.ended() {
            return Err(AuctionError::AfterEnd {
                call: call.to_string(),
            });
        }
        self.calls += 1;
        let result = self.check(seat, call);
        match call {
            Call::Pass => self.passes += 1,
            Call::Bid(bid) => {
                self.last_bid = Some((seat, bid));
                self.doubling = None;
                self.passes = 0;
            }
            Call::Double | Call::Redouble => {
                self.doubling = Some((seat, if call == Call::Double { 1 } else { 2 }));
                self.passes = 0;
            }
        }
        result
    }

    fn check(&self, seat: Seat, call: Call) -> Result<(), AuctionError> {
        let what = || {
            self.last_bid
                .map_or("nothing".into(), |(_, b)| Call::Bid(b).to_string())
        };
        match call {
            Call::Pass => Ok(()),
            Call::Bid(bid) => match self.last_bid {
                Some((_, previous)) if bid.step() <= previous.step() => Err(AuctionError::Insufficient {
                    bid: call,
                    previous: Call::Bid(previous),
                }),
                _ => Ok(()),
            },
            Call::Double => match (self.last_bid, self.doubling) {
                (Some((bidder, _)), None) if !partners(bidder, seat) => Ok(()),
                _ => Err(AuctionError::BadDouble(what())),
            },
            Call::Redouble => match self.doubling {
                Some((doubler, 1)) if !partners(doubler, seat) => Ok(()),
                _ => Err(AuctionError::BadRedouble(what())),
            },
        }
    }
}
