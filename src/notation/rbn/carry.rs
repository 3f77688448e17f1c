//! What one record hands to the next: labels D T L E F K S N B H repeat
//! until changed or ended by a bare label, and labels A C P R M I given with
//! `!` in the first record hold for the whole file.

use crate::model::{
    Auction, Board, Contract, Date, Deal, Item, Makes, Play, Players, Record, Result, Scoring, Session,
    Teams, TwoPart,
};

#[derive(Default)]
pub struct Carry {
    date: Option<Date>,
    title: Option<TwoPart>,
    location: Option<TwoPart>,
    event: Option<TwoPart>,
    scoring: Option<Scoring>,
    teams: Option<Teams>,
    session: Option<Session>,
    players: Option<Players>,
    board: Option<Board>,
    deal: Option<Deal>,
    pub fixed: Fixed,
}

/// Labels fixed for the whole file.
#[derive(Default)]
pub struct Fixed {
    pub auction: Option<Auction>,
    pub contract: Option<Contract>,
    pub play: Option<Play>,
    pub result: Option<Result>,
    pub makes: Option<Makes>,
    pub items: Option<Vec<Item>>,
}

impl Carry {
    /// Fills a new record with what carries over. The board numbers on when
    /// asked to, except for the second table of a pair, which shares it.
    pub fn start(&self, record: &mut Record) {
        record.date = self.date.clone();
        record.title = self.title.clone();
        record.location = self.location.clone();
        record.event = self.event.clone();
        record.scoring = self.scoring.clone();
        record.teams = self.teams.clone();
        record.session = self.session.clone();
        record.players = self.players.clone();
        record.deal = self.deal.clone();
        record.board = match &self.board {
            Some(b) if b.auto && record.table != Some(2) => b.next().or_else(|| Some(b.clone())),
            other => other.clone(),
        };
        record.auction = self.fixed.auction.clone();
        record.contract = self.fixed.contract;
        record.play = self.fixed.play.clone();
        record.result = self.fixed.result;
        record.makes = self.fixed.makes.clone();
        record.items = self.fixed.items.clone().unwrap_or_default();
    }

    /// Keeps the repeating labels of a finished record for the next one.
    pub fn end(&mut self, record: &Record) {
        self.date = record.date.clone();
        self.title = record.title.clone();
        self.location = record.location.clone();
        self.event = record.event.clone();
        self.scoring = record.scoring.clone();
        self.teams = record.teams.clone();
        self.session = record.session.clone();
        self.players = record.players.clone();
        self.board = record.board.clone();
        self.deal = record.deal.clone();
    }
}
