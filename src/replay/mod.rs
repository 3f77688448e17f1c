//! Replaying a deal: the position after any number of cards, computed once
//! for every step so that moving forward or back is exact and instant.

mod choose;
mod cursor;
mod timeline;

pub use cursor::Cursor;
pub use timeline::{Step, Timeline};

use crate::model::{Card, Hand, Record, Seat, SeatMap};

/// The table after some cards have been played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Cards still held.
    pub hands: SeatMap<Hand>,
    /// The trick on the table: in progress, or just completed when the last
    /// card finished it.
    pub trick: Vec<(Seat, Option<Card>)>,
    pub trick_complete: bool,
    /// Who plays next, when known.
    pub to_play: Option<Seat>,
    /// Winners of the completed tricks, in order.
    pub winners: Vec<Seat>,
    /// Cards played so far.
    pub played: usize,
}

impl Position {
    /// Tricks won by North-South and by East-West.
    pub fn tricks_won(&self) -> (usize, usize) {
        let ns = self
            .winners
            .iter()
            .filter(|s| matches!(s, Seat::North | Seat::South))
            .count();
        (ns, self.winners.len() - ns)
    }
}

/// Every position of a record's play, from the deal (0 cards) to the end.
#[derive(Clone, Debug)]
pub struct Replay {
    pub timeline: Timeline,
    positions: Vec<Position>,
}

impl Replay {
    pub fn new(record: &Record) -> Replay {
        let timeline = Timeline::new(record);
        let leader = record
            .contract
            .map(|c| c.leader.unwrap_or_else(|| record.game.next_seat(c.declarer)));
        let mut position = Position {
            hands: timeline.dealt.clone(),
            to_play: timeline.steps.first().map(|s| s.seat).or(leader),
            ..Position::default()
        };
        let mut positions = vec![position.clone()];
        for (i, step) in timeline.steps.iter().enumerate() {
            if position.trick_complete {
                position.trick.clear();
                position.trick_complete = false;
            }
            if let Some(card) = step.card {
                position.hands[step.seat].remove(card);
            }
            position.trick.push((step.seat, step.card));
            position.played += 1;
            let next = timeline.steps.get(i + 1);
            let ends_trick = next.is_none_or(|n| n.trick != step.trick)
                && position.trick.len() == record.game.seats().len();
            if ends_trick {
                position.trick_complete = true;
                position.winners.extend(step.winner);
            }
            position.to_play = match (next, ends_trick) {
                (Some(n), _) => Some(n.seat),
                (None, true) => step.winner,
                (None, false) => Some(record.game.next_seat(step.seat)),
            };
            positions.push(position.clone());
        }
        Replay { timeline, positions }
    }

    /// Number of cards in the play; positions run from 0 to this.
    pub fn len(&self) -> usize {
        self.positions.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position after `k` cards (clamped to the end).
    pub fn position(&self, k: usize) -> &Position {
        &self.positions[k.min(self.len())]
    }

    /// Winners of every completed trick, in order.
    pub fn trick_winners(&self) -> &[Seat] {
        &self.positions[self.len()].winners
    }
}
