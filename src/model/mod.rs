//! The vocabulary of card games, free of any file format or screen: cards,
//! seats, deals, auctions, plays and the records that hold them.

mod auction;
pub(crate) mod bidding;
mod board_key;
mod card;
mod contract;
mod game;
mod hand;
mod makes;
mod meta;
mod pinochle;
mod play;
mod pos;
mod preferans;
mod record;
mod rotate;
mod rules;
mod seat;
mod strain;
mod text;
mod wanted;

pub use auction::{
    Annotated, Annotation, Auction, AuctionEntry, AuctionError, AuctionItem, Bid, Call, MadeCall,
    ParseCallError, Vulnerability,
};
pub use board_key::BoardKey;
pub use card::{Card, CardSet, ParseCardError, Rank, Suit};
pub use contract::{
    Contract, DealResult, Doubling, Effective, Goal, Hundredths, Outcome, ParseHundredthsError, Stated,
};
pub use game::{Bridge, Game, Pause, QuizPoint};
pub use hand::{Deal, Hand, HandCard};
pub use makes::{MAKES_ORDER, Makes, SideMakes, StrainMakes, TrickList};
pub use meta::{
    Board, Carryover, Date, Digits, Item, Players, Scoring, ScoringForm, Session, SessionDetail, Stage,
    Teams, TwoPart,
};
pub use pinochle::{
    AuctionBid, Called, Discard, HandOutcome, Meld, Partner, Passed, Pinochle, SeatChange, Segment,
    SegmentPoint, TeamScores, TimedNote,
};
pub use play::{Play, PlayEntry, PlayError, PlayItem, Pseudo, TrickPlays, WrittenTrick};
pub use pos::{Pos, Problem, ProblemKind};
pub use preferans::{
    HighBid, Kontra, KontraKind, PrefCall, PrefCalled, PrefContract, Preferans, Rebuilt, Settled, Tally,
    contract_name, decided_after, rebuild,
};
pub use record::{Commentary, EntryRef, Note, NoteScope, Record, SourceFormat, TagTable};
pub use rotate::{quarters_between, rotate, turned};
pub use rules::Rules;
pub use seat::{ParseSeatError, Seat, SeatMap, SeatSet};
pub use strain::Strain;
pub use text::{Emphasis, RichText, Run};
pub use wanted::{PlayWanted, Wanted};
