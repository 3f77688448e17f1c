//! The game a record is of, carrying what that game alone records, and the
//! facts every game has (dealer, contract, declarer, trump, calls, quiz
//! points) answered by each game in its own terms. Readers, `dump`, `show`
//! and the viewer all ask here, so they cannot disagree.

use super::auction::{Auction, AuctionItem, Vulnerability};
use super::contract::{Contract, DealResult};
use super::makes::Makes;
use super::pinochle::Pinochle;
use super::play::{PlayEntry, PlayItem};
use super::preferans::Preferans;
use super::record::Record;
use super::rules::Rules;
use super::seat::Seat;
use super::strain::Strain;

/// What a bridge deal records beyond hands and play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bridge {
    pub auction: Option<Auction>,
    pub contract: Option<Contract>,
    pub result: Option<DealResult>,
    /// Double-dummy makes, as RBN's M label or PBN's tables give them.
    pub makes: Option<Makes>,
    /// Where the author paused the showing (LIN's `pg`), in order.
    pub pauses: Vec<Pause>,
}

/// A place the author asks the replay to rest at: after `calls` auction
/// entries and `cards` cards played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pause {
    pub calls: usize,
    pub cards: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    Bridge(Box<Bridge>),
    Preferans(Box<Preferans>),
    Pinochle(Box<Pinochle>),
}

impl Game {
    /// A bridge deal with nothing recorded yet.
    pub fn bridge() -> Game {
        Game::Bridge(Box::default())
    }

    /// The seats, deck and trick-taking rules of the game.
    pub fn rules(&self) -> Rules {
        match self {
            Game::Bridge(_) => Rules::Bridge,
            Game::Preferans(_) => Rules::Preferans,
            Game::Pinochle(p) => p.rules(),
        }
    }
}

/// A stop the author asks the reader to answer (RBN's `Y`): before a call
/// or before a card, counted from 0 among the calls made or cards played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuizPoint {
    BeforeCall(usize),
    BeforeCard(usize),
}

impl Record {
    pub fn rules(&self) -> Rules {
        self.game.rules()
    }

    pub fn bridge(&self) -> Option<&Bridge> {
        match &self.game {
            Game::Bridge(b) => Some(b),
            _ => None,
        }
    }

    pub fn preferans(&self) -> Option<&Preferans> {
        match &self.game {
            Game::Preferans(p) => Some(p),
            _ => None,
        }
    }

    pub fn pinochle(&self) -> Option<&Pinochle> {
        match &self.game {
            Game::Pinochle(p) => Some(p),
            _ => None,
        }
    }

    /// The bridge facts, making the record a bridge deal if it was not one:
    /// readers of bridge notations fill them in through this.
    pub fn bridge_mut(&mut self) -> &mut Bridge {
        if !matches!(self.game, Game::Bridge(_)) {
            self.game = Game::bridge();
        }
        match &mut self.game {
            Game::Bridge(b) => b,
            _ => unreachable!("the game was made bridge just above"),
        }
    }

    pub fn auction(&self) -> Option<&Auction> {
        self.bridge()?.auction.as_ref()
    }

    /// The bridge contract (the other games name theirs in their own words:
    /// see `contract_text`).
    pub fn contract(&self) -> Option<Contract> {
        self.bridge()?.contract
    }

    pub fn result(&self) -> Option<DealResult> {
        self.bridge()?.result
    }

    pub fn makes(&self) -> Option<&Makes> {
        self.bridge()?.makes.as_ref()
    }

    pub fn vulnerability(&self) -> Option<Vulnerability> {
        self.auction().map(|a| a.vulnerability)
    }

    pub fn dealer(&self) -> Option<Seat> {
        match &self.game {
            Game::Bridge(b) => b.auction.as_ref().map(|a| a.dealer),
            // The last dealt to is the dealer.
            Game::Preferans(p) => p.deal_order.last().copied(),
            Game::Pinochle(p) => p.dealer,
        }
    }

    /// The contract as the game writes it: `5HX`, `G6`, `250`.
    pub fn contract_text(&self) -> Option<String> {
        match &self.game {
            Game::Bridge(b) => b.contract.map(|c| c.short()),
            Game::Preferans(p) => p.contract.map(|c| c.to_string()),
            Game::Pinochle(p) => p.contract.map(|c| c.to_string()),
        }
    }

    /// Who plays the contract: declarer, or Preferans's main player.
    pub fn declarer(&self) -> Option<Seat> {
        match &self.game {
            Game::Bridge(b) => b.contract.map(|c| c.declarer),
            Game::Preferans(p) => p.contract.and(p.main),
            // Declarer leads in Pinochle: a hand that names only who
            // leads has named declarer.
            Game::Pinochle(p) => p.declarer.or(p.leader),
        }
    }

    /// The strain the play is in, once the contract is known (for the
    /// replay, which cannot settle a ruffed trick without it).
    pub fn strain(&self) -> Option<Strain> {
        match &self.game {
            Game::Bridge(b) => b.contract.map(|c| c.strain),
            Game::Preferans(p) => p.main.and(p.contract).map(|c| c.strain()),
            Game::Pinochle(p) => self
                .leader()
                .map(|_| p.trump.map_or(Strain::NoTrump, Strain::of_suit)),
        }
    }

    /// The trump suit, where the record names one.
    pub fn trump(&self) -> Option<super::card::Suit> {
        match &self.game {
            // A Pinochle hand names its trump whether or not it says who
            // declared.
            Game::Pinochle(p) => p.trump,
            _ => self.strain().and_then(Strain::trump),
        }
    }

    /// Who leads to the first trick: as the record says, else the player
    /// after declarer.
    pub fn leader(&self) -> Option<Seat> {
        let rules = self.rules();
        let next = |s: Seat| rules.next_seat(s);
        match &self.game {
            Game::Bridge(b) => b.contract.map(|c| c.leader.unwrap_or_else(|| next(c.declarer))),
            Game::Preferans(p) => p
                .contract
                .and(p.main)
                .map(|m| p.leader.unwrap_or_else(|| next(m))),
            Game::Pinochle(p) => p.leader.or(p.declarer),
        }
    }

    /// A player's name at this record's table, where the record gives one.
    pub fn player(&self, seat: Seat) -> Option<&str> {
        let players = self.players.as_ref()?;
        let second = self.table == Some(2) && players.tables.len() > 1;
        players.name(usize::from(second), seat)
    }

    /// The calls in order, as the game writes them: bridge's calls with
    /// `A` spelled out as the passes it stands for, each Preferans player's
    /// highest bid in deal order, Pinochle's bids round after round.
    pub fn calls(&self) -> Vec<String> {
        match &self.game {
            Game::Bridge(b) => b.auction.as_ref().map_or_else(Vec::new, |a| {
                a.calls().0.iter().map(|c| c.call.to_string()).collect()
            }),
            Game::Preferans(p) => p.bids.iter().map(ToString::to_string).collect(),
            Game::Pinochle(p) => p.rounds.iter().flatten().map(|c| c.bid.to_string()).collect(),
        }
    }

    /// The plays as written, in order, without the quiz points between
    /// them: cards, ranks alone and pseudo plays, for the replay to settle.
    pub fn plays(&self) -> impl Iterator<Item = &PlayEntry> {
        let entries = self.play.iter().flat_map(|p| p.entries());
        entries.filter(|e| e.item != PlayItem::Query)
    }

    /// Whether the author asks anything: what [`Record::quiz_points`]
    /// finds, without counting the calls and cards before each (the list
    /// asks this of every row it draws).
    pub fn has_quiz_point(&self) -> bool {
        let call = self
            .auction()
            .is_some_and(|a| a.entries.iter().any(|e| e.item == AuctionItem::Query));
        call || self
            .play
            .iter()
            .flat_map(|p| p.entries())
            .any(|e| e.item == PlayItem::Query)
    }

    /// Where the author asks "your call?" or "your play?", in order.
    pub fn quiz_points(&self) -> Vec<QuizPoint> {
        let mut points = Vec::new();
        // Most auctions ask nothing; their calls need not be worked out.
        let asks = |a: &&Auction| a.entries.iter().any(|e| e.item == AuctionItem::Query);
        if let Some(auction) = self.auction().filter(asks) {
            let made = auction.calls().0;
            for (i, entry) in auction.entries.iter().enumerate() {
                if entry.item == AuctionItem::Query {
                    points.push(QuizPoint::BeforeCall(made.iter().filter(|c| c.entry < i).count()));
                }
            }
        }
        let mut cards = 0;
        for entry in self.play.iter().flat_map(|p| p.entries()) {
            match entry.item {
                PlayItem::Query => points.push(QuizPoint::BeforeCard(cards)),
                _ => cards += 1,
            }
        }
        points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        Annotated, AuctionItem, Call, PlayItem, Pos, PrefContract, SourceFormat, Suit, WrittenTrick,
    };

    fn entry<T>(item: T) -> Annotated<T> {
        Annotated {
            item,
            annotations: Vec::new(),
            flagged: false,
            pos: Pos::default(),
        }
    }

    fn preferans(code: u8) -> Record {
        let info = Preferans {
            deal_order: vec![Seat::North, Seat::East, Seat::West],
            main: Some(Seat::East),
            contract: Some(PrefContract { code, game: false }),
            ..Preferans::default()
        };
        Record::new(1, 1, SourceFormat::PpnPreferans, Game::Preferans(Box::new(info)))
    }

    #[test]
    fn each_game_answers_who_dealt_and_what_is_trump() {
        let hearts = preferans(4);
        assert_eq!(hearts.dealer(), Some(Seat::West));
        assert_eq!(hearts.declarer(), Some(Seat::East));
        assert_eq!(hearts.trump(), Some(Suit::Hearts));
        assert_eq!(hearts.leader(), Some(Seat::West));
        assert_eq!(hearts.contract_text().as_deref(), Some("4"));
        assert_eq!(preferans(6).strain(), Some(Strain::NoTrump));
        let pinochle = Pinochle {
            dealer: Some(Seat::South),
            declarer: Some(Seat::North),
            trump: Some(Suit::Clubs),
            ..Pinochle::of_competition(None, 4)
        };
        let r = Record::new(
            1,
            1,
            SourceFormat::PpnPinochle,
            Game::Pinochle(Box::new(pinochle)),
        );
        assert_eq!((r.dealer(), r.trump()), (Some(Seat::South), Some(Suit::Clubs)));
        assert_eq!(r.leader(), Some(Seat::North));
        assert_eq!(r.rules().seats().len(), 4);
    }

    #[test]
    fn quiz_points_count_the_calls_and_cards_before_them() {
        let mut r = Record::new(1, 1, SourceFormat::Rbn, Game::bridge());
        let auction = Auction {
            dealer: Seat::North,
            vulnerability: Vulnerability::None,
            entries: vec![
                entry(AuctionItem::Call(Call::Pass)),
                entry(AuctionItem::Query),
                entry(AuctionItem::Call(Call::Pass)),
            ],
        };
        r.bridge_mut().auction = Some(auction);
        let card = |rank| PlayItem::Card {
            suit: Some(Suit::Spades),
            rank,
        };
        let plays = [
            card(crate::model::Rank::Ace),
            PlayItem::Query,
            card(crate::model::Rank::King),
        ];
        r.play = Some(crate::model::Play {
            tricks: vec![WrittenTrick {
                plays: plays.into_iter().map(entry).collect(),
                ..WrittenTrick::default()
            }],
        });
        assert_eq!(
            r.quiz_points(),
            [QuizPoint::BeforeCall(1), QuizPoint::BeforeCard(1)]
        );
        assert_eq!(r.plays().count(), 2);
        assert_eq!(r.calls(), ["P", "P"]);
        assert!(r.has_quiz_point());
        r.play = None;
        r.bridge_mut().auction.as_mut().unwrap().entries.remove(1);
        assert!(!r.has_quiz_point() && r.quiz_points().is_empty());
    }

    #[test]
    fn a_bridge_reader_makes_any_record_a_bridge_deal() {
        let mut r = preferans(4);
        r.bridge_mut().contract = None;
        assert!(r.preferans().is_none());
        assert_eq!(r.rules(), Rules::Bridge);
    }
}
