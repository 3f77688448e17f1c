//! Replaying a deal: the position after any number of cards, computed once
//! for every step so that moving forward or back is exact and instant.

mod choose;
mod exchange;
mod preferans;
mod shown;
mod stops;
mod timeline;

pub use preferans::{PrefStep, answering, kontra_said};
pub use shown::{Question, Shown, asks, shown};
pub use stops::{Quiz, Stop, opening, stops};
pub use timeline::{Step, Timeline};

use crate::model::{Card, Hand, HandCard, Record, Seat, SeatMap};

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
    /// Winners of the completed tricks, in order; None where the record
    /// does not make the winner known.
    pub winners: Vec<Option<Seat>>,
    /// Cards played so far.
    pub played: usize,
}

impl Position {
    /// Tricks won by North-South and by East-West.
    pub fn tricks_won(&self) -> (usize, usize) {
        let known = self.winners.iter().flatten();
        let ns = known
            .clone()
            .filter(|s| matches!(s, Seat::North | Seat::South))
            .count();
        (ns, known.count() - ns)
    }
}

/// Every position of a record's play, from the deal (0 cards) to the end.
#[derive(Clone, Debug)]
pub struct Replay {
    pub timeline: Timeline,
    positions: Vec<Position>,
    /// The table as dealt, before the talon or kitty is taken and cards
    /// pass between partners.
    as_dealt: Position,
}

impl Replay {
    pub fn new(record: &Record) -> Replay {
        let timeline = Timeline::new(record);
        let leader = record.leader();
        let mut position = Position {
            hands: timeline.dealt.clone(),
            to_play: timeline.steps.first().map(|s| s.seat).or(leader),
            ..Position::default()
        };
        let as_dealt = Position {
            hands: timeline.as_dealt.clone(),
            ..position.clone()
        };
        let mut positions = vec![position.clone()];
        for (i, step) in timeline.steps.iter().enumerate() {
            if position.trick_complete {
                position.trick.clear();
                position.trick_complete = false;
            }
            if let Some(card) = step.card {
                if let Some((other, own)) = step.traded {
                    position.hands[other].remove(card);
                    position.hands[other].push(HandCard::Known(own));
                    position.hands[step.seat].remove(own);
                } else {
                    position.hands[step.seat].remove(card);
                }
            }
            position.trick.push((step.seat, step.card));
            position.played += 1;
            let next = timeline.steps.get(i + 1);
            if step.completes_trick {
                position.trick_complete = true;
                position.winners.push(step.winner);
            }
            position.to_play = match (next, step.completes_trick) {
                (Some(n), _) => Some(n.seat),
                (None, true) => step.winner,
                (None, false) => Some(record.rules().next_seat(step.seat)),
            };
            positions.push(position.clone());
        }
        Replay {
            timeline,
            positions,
            as_dealt,
        }
    }

    /// The table as dealt, before any card changes hands.
    pub fn as_dealt(&self) -> &Position {
        &self.as_dealt
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

    /// Winners of every completed trick, in order (None where unknown).
    pub fn trick_winners(&self) -> &[Option<Seat>] {
        &self.positions[self.len()].winners
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{PlayError, SourceFormat, Suit};
    use crate::notation::rbn::Reader;

    fn record(text: &str) -> Record {
        Reader::new(text.as_bytes(), SourceFormat::Rbn).next().unwrap()
    }

    const ARTICLE: &str = "H W:A8765.QT.K9.AT87:J42.AJ7632.J.632:QT3.85.Q86.KQJ54:\n\
                           C 5HX:N\nP CK972:CQ!H483:DA9J6:D2KH28:SJ?QKA:CA\n";

    #[test]
    fn positions_follow_the_play_and_step_back_exactly() {
        let replay = Replay::new(&record(ARTICLE));
        assert_eq!(replay.len(), 21);
        let start = replay.position(0);
        assert_eq!(start.to_play, Some(Seat::East));
        assert_eq!(start.hands[Seat::East].len(), 13);
        let after_trick = replay.position(4);
        assert!(after_trick.trick_complete);
        assert_eq!(after_trick.winners, [Some(Seat::East)]);
        assert_eq!(after_trick.to_play, Some(Seat::East));
        assert_eq!(after_trick.hands[Seat::East].len(), 12);
        let mid = replay.position(6);
        assert_eq!(mid.trick.len(), 2);
        assert_eq!(mid.tricks_won(), (0, 1));
        assert_eq!(replay.position(21).tricks_won(), (3, 2));
        assert_eq!(replay.position(21).to_play, Some(Seat::North));
    }

    #[test]
    fn pseudo_plays_resolve_against_known_hands() {
        let r = record("H N:AKQ.2.3.4:J.5.6.7:T.8.9.T:9.J.Q.K\nC 1N:W\nP SA---:D3Y\n");
        let replay = Replay::new(&r);
        let cards: Vec<String> = replay
            .timeline
            .steps
            .iter()
            .map(|s| s.card.unwrap().to_string())
            .collect();
        assert_eq!(cards, ["SA", "SJ", "ST", "S9", "D3"]);
        assert!(replay.timeline.steps[1].pseudo.is_some());
        assert_eq!(replay.trick_winners(), [Some(Seat::North)]);
        assert!(replay.timeline.problems.is_empty());
    }

    #[test]
    fn rule_breaks_are_noted_and_the_record_followed() {
        let r = record("H N:AK.2..:3.A..:Q2...:4.K..\nC 1N:N\nP S3Q4H2\n");
        let replay = Replay::new(&r);
        let errors: Vec<&PlayError> = replay.timeline.problems.iter().map(|(_, e)| e).collect();
        assert_eq!(
            errors,
            [&PlayError::Revoke {
                seat: Seat::North,
                card: "H2".parse().unwrap(),
                led: Suit::Spades,
            }]
        );
        assert_eq!(
            replay.position(4).hands[Seat::North],
            Hand::from_iter([
                crate::model::HandCard::Known("SA".parse().unwrap()),
                crate::model::HandCard::Known("SK".parse().unwrap())
            ])
        );
    }
}
