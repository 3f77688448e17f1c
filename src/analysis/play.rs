//! A whole play analysed card by card: declarer's double-dummy tricks
//! before the opening lead and after each card, and so what each card cost.

use arrayvec::ArrayVec;
use pons_dds::{Board, CurrentTrick, PlayTrace};

use super::convert;
use super::deal::{FullDeal, Unavailable};
use super::position::same_side;
use crate::model::{Card, Record, Rules, Seat, Strain};
use crate::replay::Replay;

/// A deal's play as the solver needs it: the cards, the strain, who
/// declares, and the known and legal cards played, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayInput {
    pub deal: FullDeal,
    pub strain: Strain,
    pub declarer: Seat,
    pub cards: Vec<(Seat, Card)>,
}

impl PlayInput {
    /// The record's play up to its first unknown or illegal card (the
    /// replay has reported those already).
    pub fn of(record: &Record, replay: &Replay) -> Result<PlayInput, Unavailable> {
        let deal = FullDeal::of(record)?;
        let contract = record.contract().ok_or(Unavailable::NoContract)?;
        let played = replay
            .timeline
            .steps
            .iter()
            .map_while(|s| s.card.map(|c| (s.seat, c)));
        let mut input = PlayInput {
            deal,
            strain: contract.strain,
            declarer: contract.declarer,
            cards: played.collect(),
        };
        // The solver counts for the side not on lead: an ending led by
        // declarer's side is left alone.
        if record.leader() != Some(Rules::Bridge.next_seat(contract.declarer)) {
            input.cards.clear();
        }
        input.cards.truncate(legal_prefix(&input));
        Ok(input)
    }
}

/// How many of the cards can be played in turn by the rules: each by the
/// seat on turn (the solver works out turns itself), held, following suit.
fn legal_prefix(input: &PlayInput) -> usize {
    let seats = convert::SEATS;
    let mut hands: Vec<Vec<Card>> = seats.iter().map(|&s| input.deal.hand(s)).collect();
    let index = |seat: Seat| seats.iter().position(|&s| s == seat);
    let Some(mut leader) = index(Rules::Bridge.next_seat(input.declarer)) else {
        return 0;
    };
    let mut trick: Vec<Card> = Vec::new();
    for (k, &(seat, card)) in input.cards.iter().enumerate() {
        let on_turn = (leader + trick.len()) % 4;
        let hand = &mut hands[on_turn];
        let led = trick.first().map(|c| c.suit);
        let revoke = led.is_some_and(|l| l != card.suit && hand.iter().any(|c| c.suit == l));
        let held = hand.iter().position(|&c| c == card);
        let (Some(at), false, true) = (held, revoke, index(seat) == Some(on_turn)) else {
            return k;
        };
        hand.remove(at);
        trick.push(card);
        if trick.len() == 4 {
            leader = (leader + winner(&trick, input.strain)) % 4;
            trick.clear();
        }
    }
    input.cards.len()
}

/// Which card of a full trick wins it, counted from the lead.
fn winner(trick: &[Card], strain: Strain) -> usize {
    let led = trick[0].suit;
    let rank = |c: &Card| (Some(c.suit) == strain.trump(), c.suit == led, c.rank);
    (0..trick.len()).max_by_key(|&i| rank(&trick[i])).unwrap_or(0)
}

/// Declarer's double-dummy tricks through a play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayTricks {
    pub declarer: Seat,
    /// Before the opening lead, then after each card analysed.
    pub tricks: Vec<u8>,
    /// Who played each card analysed.
    pub players: Vec<Seat>,
}

impl PlayTricks {
    /// Tricks the `k`-th card (from 0) cost its side, double dummy.
    pub fn cost(&self, k: usize) -> u8 {
        let (Some(&before), Some(&after), Some(&player)) =
            (self.tricks.get(k), self.tricks.get(k + 1), self.players.get(k))
        else {
            return 0;
        };
        if same_side(player, self.declarer) {
            before.saturating_sub(after)
        } else {
            after.saturating_sub(before)
        }
    }
}

fn trace(input: &PlayInput) -> PlayTrace {
    let leader =
        convert::seat(Rules::Bridge.next_seat(input.declarer)).unwrap_or(contract_bridge::Seat::North);
    let trick = CurrentTrick::new(convert::strain(input.strain), leader);
    let board = Board::try_new(input.deal.0.into(), trick).expect("a full deal before the lead is a board");
    let cards: ArrayVec<_, 52> = input.cards.iter().map(|&(_, c)| convert::card(c)).collect();
    PlayTrace { board, cards }
}

fn tricks(input: &PlayInput, analysis: pons_dds::PlayAnalysis) -> PlayTricks {
    PlayTricks {
        declarer: input.declarer,
        tricks: analysis.tricks.iter().map(|t| t.get()).collect(),
        players: input.cards.iter().map(|&(s, _)| s).collect(),
    }
}

pub fn analyse_play(input: &PlayInput) -> PlayTricks {
    tricks(input, pons_dds::analyse_play(&trace(input)))
}

/// Many plays, in order, using every core.
pub fn analyse_plays(inputs: &[PlayInput]) -> Vec<PlayTricks> {
    let traces: Vec<PlayTrace> = inputs.iter().map(trace).collect();
    let analyses = pons_dds::analyse_plays(&traces);
    inputs.iter().zip(analyses).map(|(i, a)| tricks(i, a)).collect()
}

#[cfg(test)]
mod tests {
    use super::super::deal::tests::deal;
    use super::*;

    fn input(cards: &[(Seat, &str)]) -> PlayInput {
        PlayInput {
            // North's spades make 13 tricks in spades; East's hearts can
            // only be ruffed.
            deal: deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"),
            strain: Strain::Spades,
            declarer: Seat::North,
            cards: cards.iter().map(|&(s, c)| (s, c.parse().unwrap())).collect(),
        }
    }

    #[test]
    fn a_forced_ruff_keeps_every_trick() {
        use Seat::*;
        // East leads a heart; North must ruff or lose a trick to the hearts.
        let ruff = analyse_play(&input(&[
            (East, "HA"),
            (South, "D2"),
            (West, "C2"),
            (North, "S2"),
        ]));
        assert_eq!(ruff.tricks, vec![13; 5]);
        assert!((0..4).all(|k| ruff.cost(k) == 0));
        let input = input(&[(East, "HA"), (South, "D2"), (West, "C2"), (North, "S2")]);
        assert_eq!(legal_prefix(&input), 4);
    }

    #[test]
    fn a_defender_is_charged_when_declarer_gains() {
        use Seat::*;
        let tricks = PlayTricks {
            declarer: South,
            tricks: vec![9, 10, 9, 9, 9],
            players: vec![West, North, East, South],
        };
        assert_eq!(
            (0..5).map(|k| tricks.cost(k)).collect::<Vec<_>>(),
            [1, 1, 0, 0, 0]
        );
    }

    #[test]
    fn the_play_stops_at_a_card_the_player_does_not_hold_or_out_of_turn() {
        use Seat::*;
        assert_eq!(legal_prefix(&input(&[(East, "HA"), (South, "S2")])), 1);
        assert_eq!(legal_prefix(&input(&[(East, "HA"), (West, "C2")])), 1);
        // North ruffs and leads next.
        let ruffed = [
            (East, "HA"),
            (South, "D2"),
            (West, "C2"),
            (North, "S2"),
            (North, "SA"),
        ];
        assert_eq!(legal_prefix(&input(&ruffed)), 5);
        let wrong_leader = [
            (East, "HA"),
            (South, "D2"),
            (West, "C2"),
            (North, "S2"),
            (East, "HK"),
        ];
        assert_eq!(legal_prefix(&input(&wrong_leader)), 4);
    }
}
