//! What a Pinochle hand records beyond cards and play: bidding rounds,
//! trump, kitty and exchange, melds, the scores of each team, and notes and
//! chat that hold for a stretch of the hand.

use std::cmp::Ordering;
use std::fmt;

use super::card::{Card, Suit};
use super::hand::Hand;
use super::pos::Pos;
use super::seat::Seat;

/// A point in a hand: a segment (Deal, Auction, eXchange, Meld, Play,
/// Result) and optionally a round or trick and a bid or throw in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SegmentPoint {
    pub segment: char,
    pub n: Option<u32>,
    pub m: Option<u32>,
}

impl SegmentPoint {
    pub const SEGMENTS: &'static str = "DAXMPR";

    fn rank(self) -> (usize, u32, u32) {
        let at = Self::SEGMENTS.find(self.segment).unwrap_or(usize::MAX);
        (at, self.n.unwrap_or(0), self.m.unwrap_or(0))
    }
}

impl PartialOrd for SegmentPoint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SegmentPoint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl fmt::Display for SegmentPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.segment)?;
        for part in [self.n, self.m].into_iter().flatten() {
            write!(f, ".{part}")?;
        }
        Ok(())
    }
}

/// A Note or Chat, shown from its start to its end (the whole hand when
/// the record gives neither).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimedNote {
    pub chat: bool,
    pub text: String,
    pub start: Option<SegmentPoint>,
    pub end: Option<SegmentPoint>,
    pub pos: Pos,
}

impl TimedNote {
    /// Whether the note shows at a point of the hand: from its start, and
    /// up to (not at) its end.
    pub fn shows_at(&self, now: SegmentPoint) -> bool {
        self.start.is_none_or(|s| s <= now) && self.end.is_none_or(|e| now < e)
    }
}

/// One seat's meld: the cards shown and the points they score.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    pub seat: Seat,
    pub cards: Hand,
    pub points: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pinochle {
    pub dealer: Option<Seat>,
    /// The seat the Auction tag names, and the bids round by round (None
    /// for a seat already out of the bidding).
    pub auction_seat: Option<Seat>,
    pub rounds: Vec<Vec<Option<String>>>,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    /// The trump suit; None when declarer named none (`-`).
    pub trump: Option<Suit>,
    pub kitty: Vec<Card>,
    pub discard: Option<(Hand, Option<u32>)>,
    /// Cards passed: from whom, to whom, which.
    pub passed: Vec<(Seat, Seat, Hand)>,
    /// The hands after the exchange, when the record gives them.
    pub holding: Option<super::seat::SeatMap<Hand>>,
    pub partner: Option<String>,
    pub melds: Vec<Meld>,
    /// Scores by team, from the team with North clockwise.
    pub game_scores: Vec<String>,
    pub meld_scores: Vec<String>,
    pub play_scores: Vec<String>,
    pub hand_scores: Vec<String>,
    pub result: Option<String>,
    pub termination: Option<String>,
    pub victor: Option<String>,
    /// Points each trick took, as the record gives them.
    pub trick_points: Vec<Option<u32>>,
    pub notes: Vec<TimedNote>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(segment: char, n: Option<u32>, m: Option<u32>) -> SegmentPoint {
        SegmentPoint { segment, n, m }
    }

    #[test]
    fn segments_order_through_the_hand() {
        assert!(point('A', Some(3), Some(2)) < point('M', None, None));
        assert!(point('P', Some(19), Some(3)) > point('P', Some(2), None));
        assert!(point('P', Some(20), Some(4)) < point('R', None, None));
        assert_eq!(point('P', Some(19), Some(3)).to_string(), "P.19.3");
    }

    #[test]
    fn a_note_shows_inside_its_segment_only() {
        let note = TimedNote {
            chat: true,
            text: "gg".into(),
            start: Some(point('P', Some(19), Some(3))),
            end: Some(point('R', None, None)),
            pos: Pos::default(),
        };
        assert!(!note.shows_at(point('P', Some(19), Some(2))));
        assert!(note.shows_at(point('P', Some(19), Some(3))));
        assert!(note.shows_at(point('P', Some(20), Some(4))));
        assert!(!note.shows_at(point('R', None, None)));
    }
}
