//! The App's side of double-dummy mode: what it asks the solver thread,
//! and the answers it takes in. The viewer never waits on the solver;
//! only `show --dd` and tests do, through `wait_for_solver`.

use super::App;
use crate::ui::solver::SolverThread;

impl App {
    /// Hands the solver what the deal shown needs.
    pub(super) fn ask_solver(&mut self) {
        let Some(deal) = self.deal.as_mut() else { return };
        let jobs = deal.dd_jobs();
        if jobs.is_empty() {
            return;
        }
        let solver = self.solver.get_or_insert_with(SolverThread::start);
        jobs.into_iter().for_each(|job| solver.ask(job));
    }

    /// Takes in the solver's answers; whether any was for the deal shown.
    /// Answers for a deal no longer open are dropped.
    pub(super) fn receive_solved(&mut self) -> bool {
        let Some(solver) = &self.solver else { return false };
        let answers = solver.answers();
        if answers.is_empty() {
            return false;
        }
        // The table comes in above the notes: they keep their place.
        self.keeping_place(|app| {
            let Some(deal) = app.deal.as_mut() else {
                return false;
            };
            let shown = answers.iter().any(|a| a.record() == deal.record());
            answers.into_iter().for_each(|a| deal.solved(a));
            shown
        })
    }

    /// Waits, taking in answers, until the solver has answered all the
    /// deal shown needs, or `limit` has passed (for `show --dd` and tests;
    /// the viewer never waits). Whether it was answered.
    pub fn wait_for_solver(&mut self, limit: std::time::Duration) -> bool {
        let start = std::time::Instant::now();
        loop {
            self.tick();
            let Some(deal) = &self.deal else { return true };
            let (at, face_down) = (deal.stop().cards, !deal.face_down().is_empty());
            if deal.dd().settled(at, face_down) || !deal.dd().on {
                return true;
            }
            if start.elapsed() > limit {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}
