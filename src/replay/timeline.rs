//! Plays the record's play through the rules once: every card placed with
//! its seat, every trick given its winner, every rule break noted.

use crate::model::{Card, Game, Hand, PlayItem, Pos, Pseudo, Record, Seat, SeatMap, Suit};

use super::choose::{could_follow, pseudo_card, trick_winner};

/// One card played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub seat: Seat,
    /// None when the record does not make the card known (a pseudo play
    /// from an unseen hand, a bare rank after an unknown lead).
    pub card: Option<Card>,
    pub pseudo: Option<Pseudo>,
    /// Index of the play entry in the record (query points counted).
    pub entry: usize,
    pub pos: Pos,
    /// 0-based trick number.
    pub trick: usize,
    /// On the last card of a complete trick: who won it, when known.
    pub winner: Option<Seat>,
}

#[derive(Clone, Debug, Default)]
pub struct Timeline {
    pub steps: Vec<Step>,
    pub problems: Vec<(Pos, String)>,
    /// Hands as dealt, spots made real cards.
    pub dealt: SeatMap<Hand>,
    pub trump: Option<Suit>,
}

struct Table {
    game: Game,
    hands: SeatMap<Hand>,
    trump: Option<Suit>,
    played: Vec<Card>,
    trick: Vec<(Seat, Option<Card>)>,
}

impl Timeline {
    /// Every card of the record's play with its seat and trick winners;
    /// breaks of the rules are noted and the record's own cards followed.
    pub fn new(record: &Record) -> Timeline {
        let game = record.game;
        let dealt = record
            .deal
            .as_ref()
            .map(|d| d.with_spots_resolved())
            .unwrap_or_default();
        let trump = record.contract.and_then(|c| c.strain.trump());
        let mut timeline = Timeline {
            dealt: dealt.clone(),
            trump,
            ..Timeline::default()
        };
        let Some(play) = &record.play else { return timeline };
        let mut table = Table {
            game,
            hands: dealt,
            trump,
            played: Vec::new(),
            trick: Vec::new(),
        };
        let entries: Vec<_> = play.entries().collect();
        let starts: Vec<usize> = play
            .tricks
            .iter()
            .scan(0, |n, t| {
                let s = *n;
                *n += t.plays.len();
                Some(s)
            })
            .collect();
        let mut done = 0;
        let mut seat = record
            .contract
            .map(|c| c.leader.unwrap_or_else(|| game.next_seat(c.declarer)));
        for (i, entry) in entries.iter().enumerate() {
            if entry.item == PlayItem::Query {
                continue;
            }
            if starts.contains(&i) && !table.trick.is_empty() && i > 0 {
                let n = table.trick.len();
                let message = format!(
                    "trick {} has only {n} play{}",
                    done + 1,
                    if n == 1 { "" } else { "s" }
                );
                timeline.problems.push((entry.pos, message));
            }
            if table.trick.is_empty() {
                seat = seat.or_else(|| table.holder(entry.item));
            }
            // With no contract, or after a trick whose winner is unknown, the
            // next leader may be unknowable: the replay ends there, which is
            // a limit of what the record says rather than a fault in it.
            let Some(player) = seat else { break };
            let card = table.resolve(player, entry.item);
            if let Some(card) = card {
                table.check(player, card, entry.pos, &mut timeline.problems);
            }
            table.take(player, card);
            let winner = table.finish_trick();
            timeline.steps.push(Step {
                seat: player,
                card,
                pseudo: match entry.item {
                    PlayItem::Pseudo(p) => Some(p),
                    _ => None,
                },
                entry: i,
                pos: entry.pos,
                trick: done,
                winner: winner.flatten(),
            });
            done += usize::from(winner.is_some());
            seat = match winner {
                Some(w) => w,
                None => Some(game.next_seat(player)),
            };
        }
        timeline
    }
}

impl Table {
    fn led(&self) -> Option<Suit> {
        self.trick.first().and_then(|(_, c)| c.map(|c| c.suit))
    }

    fn resolve(&self, seat: Seat, item: PlayItem) -> Option<Card> {
        match item {
            PlayItem::Card {
                suit: Some(suit),
                rank,
            } => Some(Card::new(suit, rank)),
            PlayItem::Card { suit: None, rank } => self.led().map(|suit| Card::new(suit, rank)),
            PlayItem::Pseudo(p) if self.hands[seat].is_known() => {
                pseudo_card(&self.hands[seat], p, self.led(), self.trump, self.game)
            }
            _ => None,
        }
    }

    /// The seat whose known hand holds the card an entry names.
    fn holder(&self, item: PlayItem) -> Option<Seat> {
        let PlayItem::Card {
            suit: Some(suit),
            rank,
        } = item
        else {
            return None;
        };
        let card = Card::new(suit, rank);
        self.game
            .seats()
            .iter()
            .copied()
            .find(|&s| self.hands[s].contains(card))
    }

    fn check(&self, seat: Seat, card: Card, pos: Pos, problems: &mut Vec<(Pos, String)>) {
        let hand = &self.hands[seat];
        let name = seat.name();
        let owner = self
            .game
            .seats()
            .iter()
            .find(|&&s| s != seat && self.hands[s].contains(card));
        let message = if self.played.contains(&card) && self.game.copies() == 1 {
            format!("{card} has already been played")
        } else if let Some(owner) = owner.filter(|_| !hand.contains(card)) {
            format!("{name} plays {card}, which is in {}'s hand", owner.name())
        } else if hand.is_known() && !hand.is_empty() && !hand.contains(card) {
            format!("{name} plays {card} but does not hold it")
        } else if let Some(led) = self.led().filter(|&l| l != card.suit && could_follow(hand, l)) {
            format!("{name} plays {card} but must follow suit in {}", suit_name(led))
        } else {
            return;
        };
        problems.push((pos, message));
    }

    fn take(&mut self, seat: Seat, card: Option<Card>) {
        if let Some(card) = card {
            self.hands[seat].remove(card);
            self.played.push(card);
        }
        self.trick.push((seat, card));
    }

    /// When the trick is complete: Some(winner, if known) and a fresh trick.
    fn finish_trick(&mut self) -> Option<Option<Seat>> {
        if self.trick.len() < self.game.seats().len() {
            return None;
        }
        let trick = std::mem::take(&mut self.trick);
        let cards: Option<Vec<Card>> = trick.iter().map(|(_, c)| *c).collect();
        Some(cards.map(|cards| trick[trick_winner(&cards, self.trump, self.game)].0))
    }
}

fn suit_name(suit: Suit) -> String {
    format!("{suit:?}").to_lowercase()
}
