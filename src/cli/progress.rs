//! Progress on stderr for `check` and `dump` over large inputs: shown only
//! when stderr is a terminal and the work has already taken a second, so
//! that small files and pipelines stay quiet.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long work goes on before its progress is shown.
const PATIENCE: Duration = Duration::from_secs(1);

pub struct Progress {
    total: u64,
    /// The file's name, which the label starts with.
    file: String,
    label: String,
    started: Instant,
    terminal: bool,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Progress through `total` bytes of the file named `label`.
    pub fn new(total: usize, label: impl Into<String>) -> Progress {
        let file = label.into();
        Progress {
            total: total as u64,
            label: file.clone(),
            file,
            started: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    /// `done` bytes of the file have been dealt with.
    pub fn set(&mut self, done: usize) {
        if self.bar.is_none() && self.terminal && self.started.elapsed() >= PATIENCE {
            self.bar = Some(self.show());
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done as u64);
        }
    }

    /// Says what else is done besides reading: `12 deals solved`.
    pub fn note(&mut self, note: &str) {
        self.label = format!("{}, {note}", self.file);
        if let Some(bar) = &self.bar {
            bar.set_message(crate::cli::printable(&self.label));
        }
    }

    fn show(&self) -> ProgressBar {
        let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
        let style =
            ProgressStyle::with_template("{msg} {wide_bar} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        bar.set_message(crate::cli::printable(&self.label));
        bar
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_shows_before_a_second_has_passed() {
        let mut p = Progress::new(100, "x.pbn");
        p.terminal = true;
        p.set(50);
        assert!(p.bar.is_none());
        p.started -= PATIENCE;
        p.set(60);
        assert_eq!(p.bar.as_ref().map(ProgressBar::position), Some(60));
    }

    #[test]
    fn a_note_follows_the_file_s_name() {
        let mut p = Progress::new(100, "x.pbn");
        p.terminal = true;
        p.started -= PATIENCE;
        p.set(10);
        p.note("32 deals solved");
        p.note("64 deals solved");
        assert_eq!(
            p.bar.as_ref().map(ProgressBar::message).as_deref(),
            Some("x.pbn, 64 deals solved")
        );
    }

    #[test]
    fn a_pipe_never_shows_progress() {
        let mut p = Progress::new(100, "x.pbn");
        p.terminal = false;
        p.started -= PATIENCE * 2;
        p.set(60);
        assert!(p.bar.is_none());
    }
}
