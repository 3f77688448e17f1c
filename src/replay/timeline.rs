//! Plays the record's play through the rules once: every card placed with
//! its seat, every trick given its winner, every rule break noted.

use arrayvec::ArrayVec;

use crate::model::{
    Annotation, Card, Game, Hand, HandCard, Play, PlayEntry, PlayError, PlayItem, Pos, Pseudo, Record, Rules,
    Seat, SeatMap, SeatSet, Strain, Suit, WrittenTrick,
};

use super::choose::{could_follow, pseudo_card};
use super::exchange::take_talon;

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
    /// This card completes its trick.
    pub completes_trick: bool,
    /// The card was another seat's spot: that seat and the spot card of this
    /// player's it took in exchange.
    pub traded: Option<(Seat, Card)>,
}

#[derive(Clone, Debug, Default)]
pub struct Timeline {
    pub steps: Vec<Step>,
    pub problems: Vec<(Pos, PlayError)>,
    /// Hands at the first card, spots made real cards: as dealt, after
    /// any talon, kitty or cards passed have changed hands.
    pub dealt: SeatMap<Hand>,
    /// Hands as dealt, before anything changed hands.
    pub as_dealt: SeatMap<Hand>,
    /// The cards that stand for each seat's spots (`x`), for showing them
    /// as spots.
    pub spots: SeatMap<Vec<Card>>,
    pub trump: Option<Suit>,
}

struct Table {
    game: Rules,
    /// The game's seats and how many copies of each card its deck holds,
    /// asked of every card played: looked up once.
    seats: &'static [Seat],
    copies: usize,
    hands: SeatMap<Hand>,
    /// Cards that stand for a diagram's spots (`x`): any of a suit's spots
    /// may turn out to be any of them.
    spots: SeatMap<Vec<Card>>,
    /// None without a contract: then only a trick all in the suit led has
    /// a certain winner.
    trump: Option<Option<Suit>>,
    /// How many copies of each card have been played, by `Card::bit`:
    /// a count, since a double deck plays each card twice.
    played: [u8; 64],
    /// Seats that played a card the record does not know (`?`): their
    /// hands hold one card too many, so what they hold is not held
    /// against them.
    unsure: SeatSet,
    /// A card from each player at most: on the stack, where a list made
    /// for every record was one more allocation a replay.
    trick: ArrayVec<(Seat, Option<Card>), 8>,
    /// Whether the current trick is played by `in_play` only (a Preferans
    /// trick of two cards: the main player and the one who followed)
    /// rather than by all of the game's seats.
    fewer: bool,
    /// The main player and followers, when fewer than all play.
    in_play: ArrayVec<Seat, 8>,
}

impl Timeline {
    /// Every card of the record's play with its seat and trick winners;
    /// breaks of the rules are noted and the record's own cards followed.
    pub fn new(record: &Record) -> Timeline {
        let mut dealt = record
            .deal
            .as_ref()
            .map(|d| d.with_spots_resolved())
            .unwrap_or_default();
        let spots = spot_cards(record, &dealt);
        let as_dealt = dealt.clone();
        take_talon(record, &mut dealt);
        let trump = record.strain().map(Strain::trump);
        let mut timeline = Timeline {
            dealt: dealt.clone(),
            as_dealt,
            spots: spots.clone(),
            trump: trump.flatten(),
            ..Timeline::default()
        };
        if let Some(play) = &record.play {
            let mut table = Table::new(record, dealt, spots, trump);
            timeline.follow(play, &mut table, record.leader());
        }
        timeline
    }

    /// Plays the record's cards at the table, trick by trick, as far as
    /// the record makes each player known.
    fn follow(&mut self, play: &Play, table: &mut Table, leader: Option<Seat>) {
        // Room for every card written: the steps are not copied as they grow.
        self.steps
            .reserve(play.tricks.iter().map(|t| t.plays.len()).sum());
        let (mut done, mut seat) = (0, leader);
        let entries = play.tricks.iter().flat_map(|t| t.plays.iter().enumerate());
        for (i, (in_trick, entry)) in entries.enumerate() {
            if entry.item == PlayItem::Query {
                continue;
            }
            // The first entry of a written trick.
            if in_trick == 0 && !table.trick.is_empty() {
                // Counting on past a missing card would misplace every card
                // after it, so the replay stops at the short trick.
                let plays = table.trick.len();
                let error = PlayError::ShortTrick { trick: done, plays };
                self.problems.push((entry.pos, error));
                break;
            }
            let written = play.tricks.get(done);
            if table.trick.is_empty() {
                table.start_trick(written);
                seat = seat.or_else(|| table.holder(entry.item));
            }
            // With no contract, or after a trick whose winner is unknown, the
            // next leader may be unknowable: the replay ends there, which is
            // a limit of what the record says rather than a fault in it.
            let Some(player) = seat else { break };
            let stated = written.and_then(|t| t.winner);
            let step = self.play_card(table, player, (i, entry), done, stated);
            seat = if step.completes_trick {
                step.winner
            } else {
                Some(table.next(player))
            };
            done += usize::from(step.completes_trick);
            self.steps.push(step);
        }
    }

    /// One card: resolved, checked against the rules, taken from its
    /// hand, and the trick settled when it completes it.
    fn play_card(
        &mut self,
        table: &mut Table,
        player: Seat,
        (index, entry): (usize, &PlayEntry),
        trick: usize,
        stated: Option<Seat>,
    ) -> Step {
        let card = table.resolve(player, entry.item);
        let traded = card.and_then(|card| table.place_spot(player, card));
        // A revoke the table accepted (PBN's ^R) is no error.
        let revoke = entry.annotations.contains(&Annotation::Irregular('R'));
        if let Some(card) = card.filter(|_| !revoke) {
            table.check(player, card, entry.pos, &mut self.problems);
        }
        table.take(player, card);
        let winner = table
            .finish_trick()
            .map(|computed| follow_stated(stated, computed, trick, entry.pos, &mut self.problems));
        Step {
            seat: player,
            card,
            pseudo: match entry.item {
                PlayItem::Pseudo(p) => Some(p),
                _ => None,
            },
            entry: index,
            pos: entry.pos,
            trick,
            winner: winner.flatten(),
            completes_trick: winner.is_some(),
            traded,
        }
    }
}

/// The winner a record states is the one the replay follows; where the
/// rules make another the winner, that is a problem worth saying.
fn follow_stated(
    stated: Option<Seat>,
    computed: Option<Seat>,
    trick: usize,
    pos: crate::model::Pos,
    problems: &mut Vec<(crate::model::Pos, PlayError)>,
) -> Option<Seat> {
    match (stated, computed) {
        (Some(s), Some(c)) if s != c => {
            let error = PlayError::OtherWinner {
                trick,
                stated: s,
                by_rules: c,
            };
            problems.push((pos, error));
            Some(s)
        }
        (Some(s), _) => Some(s),
        (None, c) => c,
    }
}

/// The cards each seat was given for its spots.
fn spot_cards(record: &Record, dealt: &SeatMap<Hand>) -> SeatMap<Vec<Card>> {
    let mut spots = SeatMap::default();
    // Without spots every card dealt is the card written: none stands in.
    if let Some(deal) = record.deal.as_ref().filter(|d| d.has_spots()) {
        for &seat in record.rules().seats() {
            let mut written = deal.hands[seat].clone();
            spots[seat] = dealt[seat]
                .known_cards()
                .filter(|&c| !written.remove(c))
                .collect();
        }
    }
    spots
}

impl Table {
    fn new(
        record: &Record,
        hands: SeatMap<Hand>,
        spots: SeatMap<Vec<Card>>,
        trump: Option<Option<Suit>>,
    ) -> Table {
        let game = record.rules();
        let players = match &record.game {
            Game::Preferans(p) => p.players(game.seats()),
            _ => Vec::new(),
        };
        let in_play = if players.is_empty() {
            game.seats()
        } else {
            &players
        };
        Table {
            game,
            seats: game.seats(),
            copies: game.copies(),
            hands,
            spots,
            trump,
            played: [0; 64],
            unsure: SeatSet::default(),
            trick: ArrayVec::new(),
            fewer: false,
            in_play: in_play.iter().copied().collect(),
        }
    }

    /// A trick the record writes out with its winner says how many play
    /// it: fewer than all are the main player and who followed.
    fn start_trick(&mut self, written: Option<&WrittenTrick>) {
        let seats = self.seats;
        let plays = written.filter(|t| t.winner.is_some()).map(|t| t.plays.len());
        self.fewer = matches!(plays, Some(n) if n < seats.len());
    }

    /// The seats that play the current trick, clockwise.
    fn players(&self) -> &[Seat] {
        if self.fewer { &self.in_play } else { self.seats }
    }

    /// The next seat to play after `seat`, among those who play.
    fn next(&self, seat: Seat) -> Seat {
        let players = self.players();
        let at = players.iter().position(|&s| s == seat).unwrap_or(0);
        players[(at + 1) % players.len()]
    }

    fn led(&self) -> Option<Suit> {
        self.trick.first().and_then(|(_, c)| c.map(|c| c.suit))
    }

    /// In Preferans a player out of the suit led must trump if he can:
    /// the trump he should have played in, where `card` breaks that.
    fn must_trump(&self, hand: &Hand, card: Card) -> Option<Suit> {
        let trump = self.trump.flatten().filter(|_| self.game == Rules::Preferans)?;
        let led = self.led().filter(|&l| l != card.suit && l != trump)?;
        let out = !could_follow(hand, led);
        (out && card.suit != trump && could_follow(hand, trump)).then_some(trump)
    }

    fn resolve(&self, seat: Seat, item: PlayItem) -> Option<Card> {
        match item {
            PlayItem::Card {
                suit: Some(suit),
                rank,
            } => Some(Card::new(suit, rank)),
            PlayItem::Card { suit: None, rank } => self.led().map(|suit| Card::new(suit, rank)),
            PlayItem::Pseudo(p) if self.hands[seat].is_known() => {
                pseudo_card(&self.hands[seat], p, self.led(), self.trump.flatten(), self.game)
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

    /// A card that another seat holds only as one of its spots is this
    /// player's when the player has a spot of the same suit: the two trade.
    fn place_spot(&mut self, seat: Seat, card: Card) -> Option<(Seat, Card)> {
        if self.hands[seat].contains(card) {
            return None;
        }
        let hand = &self.hands[seat];
        let own = self.spots[seat]
            .iter()
            .copied()
            .find(|c| c.suit == card.suit && hand.contains(*c))?;
        let holds = |s: Seat| s != seat && self.spots[s].contains(&card) && self.hands[s].contains(card);
        let other = self.seats.iter().copied().find(|&s| holds(s))?;
        self.hands[other].remove(card);
        self.hands[other].push(HandCard::Known(own));
        self.hands[seat].remove(own);
        self.hands[seat].push(HandCard::Known(card));
        self.spots[other].retain(|&c| c != card);
        self.spots[other].push(own);
        self.spots[seat].retain(|&c| c != own);
        self.spots[seat].push(card);
        Some((other, own))
    }

    fn check(&self, seat: Seat, card: Card, pos: Pos, problems: &mut Vec<(Pos, PlayError)>) {
        let hand = &self.hands[seat];
        let held = hand.contains(card);
        // Which other seat holds the card matters only when this one does
        // not: nearly every card played, no hand is searched for it.
        let owner = || {
            let others = self.seats.iter().copied();
            others
                .filter(|&s| s != seat)
                .find(|&s| self.hands[s].contains(card))
                .filter(|_| self.every_copy_placed(seat, card))
        };
        let error = if self.played[usize::from(card.bit())] > 0 && self.copies == 1 {
            PlayError::AlreadyPlayed(card)
        } else if let Some(holder) = (!held)
            .then(owner)
            .flatten()
            .filter(|&o| !self.unsure.contains(o))
        {
            PlayError::HeldByAnother { seat, card, holder }
        } else if self.unsure.contains(seat) {
            return;
        } else if hand.is_known() && !hand.is_empty() && !held {
            PlayError::NotHeld { seat, card }
        } else if let Some(led) = self.led().filter(|&l| l != card.suit && could_follow(hand, l)) {
            PlayError::Revoke { seat, card, led }
        } else if let Some(error) = self.pinochle_duty(seat, card) {
            error
        } else if let Some(trump) = self.must_trump(hand, card) {
            PlayError::MustTrump { seat, card, trump }
        } else {
            return;
        };
        problems.push((pos, error));
    }

    /// Whether every copy of `card` is played or held by a seat other than
    /// `seat`: with more than one deck, another hand holding a copy is no
    /// reason this one may not hold the next.
    fn every_copy_placed(&self, seat: Seat, card: Card) -> bool {
        if self.copies == 1 {
            return true;
        }
        let copies = |cards: &mut dyn Iterator<Item = Card>| cards.filter(|&c| c == card).count();
        let others = self.seats.iter().filter(|&&s| s != seat);
        let held: usize = others.map(|&s| copies(&mut self.hands[s].known_cards())).sum();
        held + usize::from(self.played[usize::from(card.bit())]) >= self.copies
    }

    /// Pinochle asks more than following suit: a player void in the suit
    /// led trumps if able, and beats the best card so far if able (with
    /// three seats or more; two-handed play draws from the stock).
    fn pinochle_duty(&self, seat: Seat, card: Card) -> Option<PlayError> {
        let Rules::Pinochle { players: 3.., .. } = self.game else {
            return None;
        };
        let hand = &self.hands[seat];
        let led = self.led()?;
        let trump = self.trump.flatten();
        if let Some(trump) = trump.filter(|&t| card.suit != led && card.suit != t && could_follow(hand, t)) {
            return Some(PlayError::MustTrump { seat, card, trump });
        }
        let so_far: Vec<Card> = self.trick.iter().map(|(_, c)| *c).collect::<Option<_>>()?;
        let beats = |c: Card| {
            let mut cards = so_far.clone();
            cards.push(c);
            self.game.trick_winner(&cards, trump) == so_far.len()
        };
        let could = hand.known_cards().filter(|c| c.suit == card.suit).any(beats);
        (could && !beats(card)).then_some(PlayError::MustBeat { seat, card })
    }

    fn take(&mut self, seat: Seat, card: Option<Card>) {
        match card {
            Some(card) => {
                self.hands[seat].remove(card);
                let played = &mut self.played[usize::from(card.bit())];
                *played = played.saturating_add(1);
            }
            None if self.hands[seat].is_known() && !self.hands[seat].is_empty() => self.unsure.insert(seat),
            None => {}
        }
        self.trick.push((seat, card));
    }

    /// When the trick is complete: Some(winner, if known) and a fresh trick.
    fn finish_trick(&mut self) -> Option<Option<Seat>> {
        if self.trick.len() < self.players().len() {
            return None;
        }
        // On the stack, and the trick's list kept for the next: a trick
        // has a card from each seat at most, eight, and two lists made
        // and freed for every trick were most of a replay's allocations.
        let cards: Option<ArrayVec<Card, 8>> = self.trick.iter().map(|(_, c)| *c).collect();
        let certain =
            |cards: &ArrayVec<Card, 8>| self.trump.is_some() || cards.iter().all(|c| c.suit == cards[0].suit);
        let cards = cards.filter(certain);
        let winner = cards.map(|cards| self.trick[self.game.trick_winner(&cards, self.trump.flatten())].0);
        self.trick.clear();
        Some(winner)
    }
}
