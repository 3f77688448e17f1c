//! What a Pinochle hand records beyond cards and play: bidding rounds,
//! trump, kitty and exchange, melds, the scores of each team, and notes and
//! chat that hold for a stretch of the hand.

use std::cmp::Ordering;
use std::fmt;

use super::card::{Card, Suit};
use super::hand::Hand;
use super::pos::Pos;
use super::rules::Rules;
use super::seat::Seat;

/// The parts of a hand, in the order they happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Segment {
    Deal,
    Auction,
    Exchange,
    Meld,
    Play,
    Result,
}

impl Segment {
    pub const ALL: [Segment; 6] = [
        Segment::Deal,
        Segment::Auction,
        Segment::Exchange,
        Segment::Meld,
        Segment::Play,
        Segment::Result,
    ];

    /// The notation's letter: D A X M P R.
    pub fn letter(self) -> char {
        b"DAXMPR"[self as usize] as char
    }

    pub fn from_letter(c: char) -> Option<Segment> {
        Segment::ALL.into_iter().find(|s| s.letter() == c)
    }
}

/// A point in a hand: a segment and optionally a round or trick and a bid
/// or throw in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SegmentPoint {
    pub segment: Segment,
    pub n: Option<u32>,
    pub m: Option<u32>,
}

impl SegmentPoint {
    /// A round, trick, bid or throw left out counts as the segment's start.
    fn rank(self) -> (Segment, u32, u32) {
        (self.segment, self.n.unwrap_or(0), self.m.unwrap_or(0))
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
        write!(f, "{}", self.segment.letter())?;
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
    /// Double deck (80 cards, no nines) or single deck (48).
    pub double_deck: bool,
    /// Seats at the table, 2 to 8.
    pub players: u8,
    pub dealer: Option<Seat>,
    /// The seat the Auction tag names, and the bids round by round (None
    /// for a seat already out of the bidding).
    pub auction_seat: Option<Seat>,
    pub rounds: Vec<Vec<Option<String>>>,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    /// The seat the Play section starts from.
    pub leader: Option<Seat>,
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

impl Pinochle {
    /// A hand of the variant a Competition tag names, like "Single-deck
    /// Three-handed" (double deck and four hands when it says nothing).
    pub fn of_competition(competition: Option<&str>, seats: usize) -> Pinochle {
        let text = competition
            .unwrap_or("Double-deck Four-handed")
            .to_ascii_lowercase();
        let words = ["two", "three", "four", "five", "six", "seven", "eight"];
        let named = words
            .iter()
            .position(|w| text.contains(&format!("{w}-handed")))
            .map(|i| i as u8 + 2);
        Pinochle {
            double_deck: !text.starts_with("single"),
            players: named.unwrap_or(if seats > 0 { seats as u8 } else { 4 }),
            ..Pinochle::default()
        }
    }

    pub fn rules(&self) -> Rules {
        Rules::Pinochle {
            double_deck: self.double_deck,
            players: self.players,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(segment: Segment, n: Option<u32>, m: Option<u32>) -> SegmentPoint {
        SegmentPoint { segment, n, m }
    }

    #[test]
    fn segments_order_through_the_hand() {
        assert!(point(Segment::Auction, Some(3), Some(2)) < point(Segment::Meld, None, None));
        assert!(point(Segment::Play, Some(19), Some(3)) > point(Segment::Play, Some(2), None));
        assert!(point(Segment::Play, Some(20), Some(4)) < point(Segment::Result, None, None));
        assert_eq!(point(Segment::Play, Some(19), Some(3)).to_string(), "P.19.3");
    }

    #[test]
    fn a_note_shows_inside_its_segment_only() {
        let note = TimedNote {
            chat: true,
            text: "gg".into(),
            start: Some(point(Segment::Play, Some(19), Some(3))),
            end: Some(point(Segment::Result, None, None)),
            pos: Pos::default(),
        };
        assert!(!note.shows_at(point(Segment::Play, Some(19), Some(2))));
        assert!(note.shows_at(point(Segment::Play, Some(19), Some(3))));
        assert!(note.shows_at(point(Segment::Play, Some(20), Some(4))));
        assert!(!note.shows_at(point(Segment::Result, None, None)));
    }
}
