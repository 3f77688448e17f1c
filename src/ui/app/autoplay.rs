//! Auto-play: the deal played forward a step at a time at a steady pace,
//! until a quiz point, an author's pause or the end. The terminal's clock
//! sends the steps as actions, so tests send them without waiting.

use std::time::Duration;

use super::App;
use crate::ui::action::Action;
use crate::ui::preferences::PACES;

impl App {
    /// The time between two steps while auto-play is on.
    pub fn auto_play(&self) -> Option<Duration> {
        self.playing.then(|| self.pace())
    }

    /// The time between two steps, on or off.
    pub fn pace(&self) -> Duration {
        Duration::from_millis(PACES[self.pace])
    }

    /// Whether an action leaves auto-play going: its own keys and what no
    /// key asks for.
    pub(super) fn keeps_playing(action: Action) -> bool {
        matches!(
            action,
            Action::AutoPlay | Action::AutoStep | Action::Faster | Action::Slower | Action::FileChanged(_)
        )
    }

    pub(super) fn auto(&mut self, action: Action) {
        match action {
            Action::AutoPlay => self.start_or_stop(),
            Action::AutoStep => self.auto_step(),
            Action::Faster => self.pace = self.pace.saturating_sub(1),
            Action::Slower => self.pace = (self.pace + 1).min(PACES.len() - 1),
            _ => {}
        }
    }

    /// On, from the start when the play is over already; or off.
    fn start_or_stop(&mut self) {
        let Some(deal) = self.deal.as_mut() else {
            return;
        };
        self.playing = !self.playing;
        if self.playing && deal.at_end() {
            deal.step(Action::Start);
        }
    }

    /// A step forward; a question, a pause or the end stops auto-play
    /// there.
    fn auto_step(&mut self) {
        let Some(deal) = self.deal.as_mut().filter(|_| self.playing) else {
            self.playing = false;
            return;
        };
        deal.step(Action::StepForward);
        let stop = deal.stop();
        if stop.quiz.is_some() || stop.pause || deal.at_end() {
            self.playing = false;
        }
    }
}
