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

/// One seat's meld: the cards shown and the points the record gives them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    pub seat: Seat,
    pub cards: Hand,
    pub points: Option<u32>,
    /// The Melds tag, where a problem with this meld is told.
    pub pos: Pos,
}

/// A bid in the auction, as a round's line writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuctionBid {
    Points(u32),
    Pass,
    /// `-`: the seat passed in an earlier round and is out.
    Out,
    /// `?`: a bid the record does not know.
    Unknown,
}

impl fmt::Display for AuctionBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuctionBid::Points(n) => write!(f, "{n}"),
            AuctionBid::Pass => f.write_str("Pass"),
            AuctionBid::Out => f.write_str("-"),
            AuctionBid::Unknown => f.write_str("?"),
        }
    }
}

/// A bid with the seat that made it and where it stands in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Called {
    pub bid: AuctionBid,
    pub pos: Pos,
}

/// How the hand came out for the declaring side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandOutcome {
    Saved,
    Set,
    /// The declaring side could not reach the meld the game asks for.
    NoBoard,
    /// Declarer held no marriage and could name no trump.
    NoTrump,
}

impl HandOutcome {
    pub const ALL: [HandOutcome; 4] = [
        HandOutcome::Saved,
        HandOutcome::Set,
        HandOutcome::NoBoard,
        HandOutcome::NoTrump,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HandOutcome::Saved => "Saved",
            HandOutcome::Set => "Set",
            HandOutcome::NoBoard => "No Board",
            HandOutcome::NoTrump => "No Trump",
        }
    }
}

/// Scores by team as a tag writes them, from the team with North
/// clockwise; None where the tag writes `?`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TeamScores {
    pub values: Vec<Option<i32>>,
    pub pos: Pos,
}

/// Cards laid aside by the player who took the kitty, and the points the
/// record gives them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Discard {
    pub cards: Hand,
    pub points: Option<u32>,
    pub pos: Pos,
}

/// Cards one seat passes to its partner.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Passed {
    pub from: Seat,
    pub to: Seat,
    pub cards: Hand,
    pub pos: Pos,
}

/// The partner declarer called, in the games where declarer calls one,
/// and the card that called them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Partner {
    pub seat: Seat,
    pub card: Option<Card>,
}

/// A player who takes a seat from a point of the hand on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatChange {
    pub seat: Seat,
    pub name: String,
    pub from: SegmentPoint,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pinochle {
    /// Double deck (80 cards, no nines) or single deck (48).
    pub double_deck: bool,
    /// Seats at the table, 2 to 8.
    pub players: u8,
    pub dealer: Option<Seat>,
    /// The seat the Auction tag names, and the bids round by round, each
    /// round a lap of the table from that seat.
    pub auction_seat: Option<Seat>,
    pub rounds: Vec<Vec<Called>>,
    /// The winning bid, as the Contract tag gives it or else the auction.
    pub contract: Option<u32>,
    pub declarer: Option<Seat>,
    /// The seat the Play section starts from.
    pub leader: Option<Seat>,
    /// The trump suit; None when declarer named none (`-`).
    pub trump: Option<Suit>,
    pub kitty: Vec<Card>,
    pub kitty_pos: Pos,
    pub discard: Option<Discard>,
    pub passed: Vec<Passed>,
    /// The hands after the exchange, when the record gives them.
    pub holding: Option<super::seat::SeatMap<Hand>>,
    pub partner: Option<Partner>,
    pub melds: Vec<Meld>,
    pub game_scores: Option<TeamScores>,
    pub meld_scores: Option<TeamScores>,
    pub play_scores: Option<TeamScores>,
    pub hand_scores: Option<TeamScores>,
    pub result: Option<(HandOutcome, Pos)>,
    pub termination: Option<String>,
    pub victor: Option<String>,
    /// Points each trick took, as the record gives them.
    pub trick_points: Vec<Option<u32>>,
    pub notes: Vec<TimedNote>,
    pub seat_changes: Vec<SeatChange>,
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
            players: named.unwrap_or(if (2..=8).contains(&seats) { seats as u8 } else { 4 }),
            ..Pinochle::default()
        }
    }

    pub fn rules(&self) -> Rules {
        Rules::Pinochle {
            double_deck: self.double_deck,
            players: self.players,
        }
    }

    /// Every bid with the seat that made it, round by round.
    pub fn bids(&self) -> Vec<(Seat, Called)> {
        let Some(first) = self.auction_seat else {
            return Vec::new();
        };
        let seats = self.rules().seats();
        let at = seats.iter().position(|&s| s == first).unwrap_or(0);
        self.rounds
            .iter()
            .flat_map(|round| round.iter().enumerate())
            .map(|(i, called)| (seats[(at + i) % seats.len()], *called))
            .collect()
    }

    /// The highest bid and who made it.
    pub fn winning_bid(&self) -> Option<(Seat, u32)> {
        self.bids().into_iter().rev().find_map(|(seat, c)| match c.bid {
            AuctionBid::Points(n) => Some((seat, n)),
            _ => None,
        })
    }

    /// The teams, from the one with North clockwise: partners across the
    /// table with four seats, every other seat with six or eight, declarer
    /// and the called partner against the rest where one is called, and
    /// each alone otherwise.
    pub fn teams(&self) -> Vec<Vec<Seat>> {
        let seats = self.rules().seats();
        if let (Some(partner), Some(declarer)) = (self.partner, self.declarer) {
            let side = [declarer, partner.seat];
            let (with, against): (Vec<Seat>, Vec<Seat>) = seats.iter().partition(|s| side.contains(s));
            let mut teams = vec![with, against];
            teams.sort_by_key(|t| !t.contains(&Seat::North));
            return teams;
        }
        let count = match seats.len() {
            4 | 6 | 8 => 2,
            n => n,
        };
        (0..count)
            .map(|t| seats.iter().copied().skip(t).step_by(count).collect())
            .collect()
    }

    /// The index of a seat's team in `teams`.
    pub fn team_of(&self, seat: Seat) -> Option<usize> {
        self.teams().iter().position(|t| t.contains(&seat))
    }

    /// The cards change hands between the deal and the meld: the kitty to
    /// declarer, declarer's discard laid aside, and the cards passed
    /// between partners. Cards a seat does not hold to give are told.
    pub fn exchange(&self, hands: &mut super::seat::SeatMap<Hand>) -> Vec<super::pos::Problem> {
        use super::hand::HandCard;
        use super::pos::Problem;
        let mut problems = Vec::new();
        // Cards beyond a whole deck are told as such by the reader; giving
        // them one by one would take time that grows with their square.
        let deck = self.rules().deck().len();
        let lists = [
            self.kitty.len(),
            self.discard.as_ref().map_or(0, |d| d.cards.len()),
        ];
        let passed = self.passed.iter().map(|p| p.cards.len());
        let held = self.rules().seats().iter().map(|&s| hands[s].len());
        if lists.into_iter().chain(passed).chain(held).any(|n| n > deck) {
            return problems;
        }
        let mut give =
            |hands: &mut super::seat::SeatMap<Hand>, seat: Seat, card: Card, pos: Pos, what: &str| {
                if !hands[seat].remove(card) && hands[seat].is_known() && !hands[seat].is_empty() {
                    problems.push(Problem::new(
                        pos,
                        format!("{} {what} {card} but does not hold it", seat.name()),
                    ));
                }
            };
        // Declarer plays first: a hand that names only who leads has named
        // who took the kitty.
        if let Some(declarer) = self.declarer.or(self.leader) {
            self.kitty
                .iter()
                .for_each(|&c| hands[declarer].push(HandCard::Known(c)));
            if let Some(d) = &self.discard {
                for card in d.cards.known_cards() {
                    give(hands, declarer, card, d.pos, "lays aside");
                }
            }
        }
        // Cards received may be passed back (declarer returns cards its
        // partner passed), so each seat gives from what it holds after
        // receiving.
        for p in &self.passed {
            p.cards
                .known_cards()
                .for_each(|c| hands[p.to].push(HandCard::Known(c)));
        }
        for p in &self.passed {
            for card in p.cards.known_cards() {
                give(hands, p.from, card, p.pos, "passes");
            }
        }
        problems
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
