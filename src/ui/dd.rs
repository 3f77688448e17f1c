//! Double-dummy mode of the deal view: whether it is on, what the deal
//! allows, and what the solver has answered so far, kept per position so
//! that stepping back and forth never solves twice.

use std::collections::HashMap;

use super::solver::{Job, Solved};
use crate::analysis::{CardValues, DdTable, FullDeal, Par, PlayInput, PlayTricks, Unavailable};
use crate::model::{Record, Seat, Strain, Vulnerability};
use crate::replay::{Position, Replay};

pub struct DoubleDummy {
    pub on: bool,
    /// The deal, or why it cannot be solved.
    deal: Result<FullDeal, Unavailable>,
    /// Strain and declarer, for the play.
    contract: Option<(Strain, Seat)>,
    par_about: Option<(Seat, Vulnerability)>,
    play_input: Option<PlayInput>,
    table: Option<(DdTable, Option<Par>)>,
    play: Option<PlayTricks>,
    values: HashMap<usize, Result<CardValues, Unavailable>>,
    asked_deal: bool,
    asked_at: Option<usize>,
}

/// What double-dummy mode has to say about the position shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer<'a> {
    Off,
    Unavailable(Unavailable),
    Solving,
    Solved(&'a CardValues),
}

impl DoubleDummy {
    pub fn new(record: &Record, replay: &Replay) -> DoubleDummy {
        let contract = record.contract().map(|c| (c.strain, c.declarer));
        DoubleDummy {
            on: false,
            deal: FullDeal::of(record),
            contract,
            par_about: record.dealer().zip(record.vulnerability()),
            play_input: PlayInput::of(record, replay).ok(),
            table: None,
            play: None,
            values: HashMap::new(),
            asked_deal: false,
            asked_at: None,
        }
    }

    /// Why nothing can be shown, hands face down counting.
    fn blocked(&self, face_down: bool) -> Option<Unavailable> {
        match (&self.deal, face_down) {
            (Err(why), _) => Some(*why),
            (_, true) => Some(Unavailable::Hidden),
            _ => None,
        }
    }

    /// Whether the deal itself cannot be solved (or may not be shown).
    pub fn deal_blocked(&self, face_down: bool) -> bool {
        self.blocked(face_down).is_some()
    }

    /// The solver's work this position still needs, each asked once.
    pub fn jobs(&mut self, record: usize, at: usize, position: &Position, face_down: bool) -> Vec<Job> {
        let mut jobs = Vec::new();
        let (Ok(deal), true) = (self.deal, self.on) else {
            return jobs;
        };
        if face_down {
            return jobs;
        }
        let unasked = !self.values.contains_key(&at) && self.asked_at != Some(at);
        if let (true, Some((strain, declarer))) = (unasked, self.contract) {
            let position = Box::new(position.clone());
            jobs.push(Job::Cards {
                record,
                at,
                position,
                strain,
                declarer,
            });
            self.asked_at = Some(at);
        }
        if !self.asked_deal {
            self.asked_deal = true;
            let par = self.par_about;
            jobs.push(Job::Table { record, deal, par });
            if let Some(input) = self.play_input.clone() {
                jobs.push(Job::Play { record, input });
            }
        }
        jobs
    }

    /// Takes in an answer for this deal.
    pub fn solved(&mut self, answer: Solved) {
        match answer {
            Solved::Table { table, par, .. } => self.table = Some((table, par)),
            Solved::Play { tricks, .. } => self.play = Some(tricks),
            Solved::Cards { at, values, .. } => {
                self.values.insert(at, values);
            }
        }
    }

    /// What to show at the position after `at` cards.
    pub fn answer(&self, at: usize, face_down: bool) -> Answer<'_> {
        if !self.on {
            return Answer::Off;
        }
        let why = self
            .blocked(face_down)
            .or(self.contract.is_none().then_some(Unavailable::NoContract));
        if let Some(why) = why {
            return Answer::Unavailable(why);
        }
        match self.values.get(&at) {
            None => Answer::Solving,
            Some(Err(why)) => Answer::Unavailable(*why),
            Some(Ok(values)) => Answer::Solved(values),
        }
    }

    /// The deal's table and par, once solved and while the mode is on and
    /// allowed.
    pub fn table(&self, face_down: bool) -> Option<&(DdTable, Option<Par>)> {
        self.table
            .as_ref()
            .filter(|_| self.on && self.blocked(face_down).is_none())
    }

    /// The play's analysis, on the same terms.
    pub fn play(&self, face_down: bool) -> Option<&PlayTricks> {
        self.play
            .as_ref()
            .filter(|_| self.on && self.blocked(face_down).is_none())
    }

    /// Whether everything asked for has been answered (or nothing can be).
    pub fn settled(&self, at: usize, face_down: bool) -> bool {
        let deal_done = self.table.is_some() && (self.play.is_some() || self.play_input.is_none());
        self.answer(at, face_down) != Answer::Solving && (deal_done || self.blocked(face_down).is_some())
    }
}
