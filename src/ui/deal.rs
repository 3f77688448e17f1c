//! The state of the deal view: which record, where in its replay, which
//! hidden hands are face up.

use super::action::Action;
use super::dd::DoubleDummy;
use super::panes::{Extent, Pane, Scrolls};
use super::seating::Seating;
use super::solver::{Job, Solved};
use crate::model::{Hand, Record, Rules, Seat, SeatMap, SeatSet, Segment};
use crate::replay::{Position, Quiz, Replay, Shown, Stop, opening, shown, stops};

pub struct DealState {
    /// Index of the record in the app's records.
    record: usize,
    replay: Replay,
    stops: Vec<Stop>,
    /// Index into `stops`.
    at: usize,
    /// Hidden hands shown face up.
    revealed: SeatSet,
    hidden: SeatSet,
    /// Cards in a full trick.
    seats: usize,
    dd: DoubleDummy,
    /// Where the reader sits: the record's own seat until one is chosen.
    seating: Seating,
    /// The seat chosen with `s`, kept from deal to deal.
    sat: Option<Seat>,
    /// Only a bridge table turns.
    bridge: bool,
    /// Where the panes were scrolled, and which the scroll keys move.
    scrolls: Scrolls,
}

impl DealState {
    pub fn new(record: &Record, index: usize, home: Seat) -> DealState {
        let replay = Replay::new(record);
        let stops = stops(record, &replay);
        DealState {
            dd: DoubleDummy::new(record, &replay),
            seating: Seating::of_record(record, &replay, &stops, home),
            sat: None,
            bridge: record.rules() == Rules::Bridge,
            record: index,
            replay,
            at: opening(&stops),
            stops,
            revealed: SeatSet::default(),
            hidden: record.deal.as_ref().map(|d| d.hidden).unwrap_or_default(),
            seats: record.rules().seats().len(),
            scrolls: Scrolls::default(),
        }
    }

    /// Index of the record in the app's records.
    pub fn record(&self) -> usize {
        self.record
    }

    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    pub fn stop(&self) -> Stop {
        self.stops[self.at]
    }

    /// The table at this stop: during a Pinochle deal and auction, the
    /// hands as dealt, before the kitty and passes change them.
    pub fn position(&self) -> &Position {
        match self.stop().segment {
            Some(Segment::Deal | Segment::Auction) => self.replay.as_dealt(),
            _ => self.replay.position(self.stop().cards),
        }
    }

    /// The hands the play starts from, or as dealt where the table is.
    pub fn dealt(&self) -> &SeatMap<Hand> {
        match self.stop().segment {
            Some(Segment::Deal | Segment::Auction) => &self.replay.timeline.as_dealt,
            _ => &self.replay.timeline.dealt,
        }
    }

    pub fn at_end(&self) -> bool {
        self.at + 1 == self.stops.len()
    }

    /// What may be shown here without giving a quiz's answer away.
    pub fn shown(&self, record: &Record) -> Shown {
        shown(record, &self.replay, &self.stops, self.at)
    }

    /// What was shown before the notes reached last came: at the latest
    /// stop before this one that had reached fewer; None when none had
    /// (everything reached came at the start).
    pub fn shown_before(&self, record: &Record) -> Option<Shown> {
        let reached = |s: &Shown| s.commentary.len() + s.notes.len() + s.pinochle_notes.len();
        let now = reached(&self.shown(record));
        // What came with the steps through the auction before the deal
        // opened is not news where it opens.
        (opening(&self.stops).min(self.at)..self.at)
            .rev()
            .map(|at| shown(record, &self.replay, &self.stops, at))
            .find(|before| reached(before) < now)
    }

    /// Hands drawn face down now.
    pub fn face_down(&self) -> SeatSet {
        self.hidden
            .iter()
            .filter(|&s| !self.revealed.contains(s))
            .collect()
    }

    pub fn scrolls(&self) -> &Scrolls {
        &self.scrolls
    }

    /// Moves a pane by `rows`, within how far it scrolls.
    pub fn scroll(&mut self, pane: Pane, rows: isize, extent: Extent) {
        self.scrolls.scroll(pane, rows, extent);
    }

    /// Puts a pane's first row shown at `top`, as if scrolled there.
    pub fn scroll_to(&mut self, pane: Pane, top: usize) {
        self.scrolls.put(pane, top);
    }

    pub fn dd(&self) -> &DoubleDummy {
        &self.dd
    }

    /// Double-dummy mode stays as it was on the deal left.
    pub fn keep_dd(&mut self, left: Option<&DealState>) {
        self.dd.on = left.is_some_and(|d| d.dd.on);
    }

    /// Where the reader sits, for the diagram, the auction and the tricks.
    pub fn seating(&self) -> Seating {
        match self.sat {
            Some(seat) if self.bridge => Seating::at(seat),
            _ => self.seating,
        }
    }

    /// Whether the table turns to a seat chosen: only bridge's does.
    pub fn turns(&self) -> bool {
        self.bridge
    }

    /// A seat chosen on the deal left stays chosen.
    pub fn keep_seat(&mut self, left: Option<&DealState>) {
        self.sat = left.and_then(|d| d.sat);
    }

    /// The solver's work the position shown still needs.
    pub fn dd_jobs(&mut self) -> Vec<Job> {
        let (at, face_down) = (self.stop().cards, !self.face_down().is_empty());
        let position = self.replay.position(at);
        self.dd.jobs(self.record, at, position, face_down)
    }

    /// An answer from the solver, kept if it is for this deal.
    pub fn solved(&mut self, answer: Solved) {
        if answer.record() == self.record {
            self.dd.solved(answer);
        }
    }

    /// Does an action of the deal view: a move through the replay or a
    /// hand turned; others are not its business.
    pub fn step(&mut self, action: Action) {
        match action {
            Action::StepForward => self.go(self.at + 1),
            Action::StepBack => self.go(self.at.saturating_sub(1)),
            Action::TrickForward => self.go(self.next_trick_stop(true)),
            Action::TrickBack => self.go(self.next_trick_stop(false)),
            Action::Start => self.go(0),
            Action::End => self.go(usize::MAX),
            Action::RevealAll => {
                let all_up = self.face_down().is_empty();
                self.revealed = if all_up { SeatSet::default() } else { self.hidden };
            }
            Action::ToggleSeat(seat) => self.toggle_seat(seat),
            Action::GotoTrick(n) => self.goto_trick(n),
            Action::DoubleDummy => self.dd.on = !self.dd.on,
            Action::SitAt(seat) => self.sat = Some(seat),
            Action::FocusPane => self.scrolls.next_focus(),
            _ => {}
        }
    }

    fn toggle_seat(&mut self, seat: Seat) {
        if self.revealed.contains(seat) {
            self.revealed.remove(seat);
        } else if self.hidden.contains(seat) {
            self.revealed.insert(seat);
        }
    }

    /// Moves to a stop; reaching the end of the play shows every hand. A
    /// jump forward stops at a quiz point on its way, as a step does, so
    /// that no key gives the answer before the question.
    fn go(&mut self, at: usize) {
        let mut at = at.min(self.stops.len() - 1);
        if let Some(quiz) = (self.at + 1..at).find(|&i| self.stops[i].quiz.is_some()) {
            at = quiz;
        }
        if at != self.at {
            self.scrolls.follow();
        }
        self.at = at;
        if self.at_end() && self.at > 0 {
            self.revealed = self.hidden;
        }
    }

    /// The next stop, forward or back, that ends a trick, asks a quiz,
    /// starts the play or is a pause of the author's; a step through the
    /// auction is none of these, so `k` from the lead goes to the start.
    fn next_trick_stop(&self, forward: bool) -> usize {
        let marks = |i: &usize| {
            let stop = self.stops[*i];
            stop.quiz.is_some()
                || stop.pause
                || (stop.cards == 0 && !stop.call_step)
                || self.replay.position(stop.cards).trick_complete
        };
        if forward {
            (self.at + 1..self.stops.len()).find(marks).unwrap_or(usize::MAX)
        } else {
            (0..self.at).rev().find(marks).unwrap_or(0)
        }
    }

    /// To the end of trick `n` (0 for the start of play), or as far as the
    /// play goes.
    fn goto_trick(&mut self, n: usize) {
        let target = n * self.seats;
        let found = self
            .stops
            .iter()
            .position(|s| !s.call_step && s.quiz != Some(Quiz::Call) && s.cards >= target);
        self.go(found.unwrap_or(usize::MAX));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// LIN's `pg` within a trick is a stop of trick stepping too.
    #[test]
    fn trick_stepping_stops_at_the_authors_pauses() {
        let deal = "3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,";
        let text =
            format!("md|{deal}|mb|1D|mb|p|mb|p|mb|p|pc|C2|pc|S2|pg||pc|H2|pc|DA|pc|C3|pc|S3|pc|H3|pc|DK|");
        let record = crate::notation::lin::read(text.as_bytes()).remove(0);
        let mut deal = DealState::new(&record, 0, Seat::South);
        let mut seen = Vec::new();
        for _ in 0..3 {
            deal.step(Action::TrickForward);
            seen.push(deal.stop().cards);
        }
        assert_eq!(seen, [2, 4, 8]);
    }
}
