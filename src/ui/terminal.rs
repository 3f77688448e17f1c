//! Taking the terminal and always giving it back: on quit, on error and on
//! panic.

use std::io::{self, Stdout, stdout};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::app::App;

/// How often the screen takes in background work when no key comes.
const TICK: std::time::Duration = std::time::Duration::from_millis(50);

/// Puts the terminal back as it was; safe to call more than once.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

/// Restores the terminal before any earlier panic hook (color-eyre's)
/// prints, so the report is readable and the shell usable.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

/// The terminal, restored when dropped, whatever way the run ends.
struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Session {
    fn start() -> io::Result<Session> {
        install_panic_hook();
        enable_raw_mode()?;
        let started = execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)
            .and_then(|_| Terminal::new(CrosstermBackend::new(stdout())));
        match started {
            Ok(terminal) => Ok(Session { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Runs the app until the user quits.
pub fn run(app: &mut App) -> io::Result<()> {
    let mut session = Session::start()?;
    let size = session.terminal.size()?;
    app.resize(size.width, size.height);
    let mut dirty = true;
    while !app.quitting() {
        if dirty {
            session
                .terminal
                .draw(|frame| super::view::render(app, frame.area(), frame.buffer_mut()))?;
        }
        // Keys come first; between them, what the background work found.
        dirty = true;
        if !event::poll(TICK)? {
            dirty = app.tick();
            continue;
        }
        match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key),
            Event::Mouse(mouse) => app.mouse(mouse),
            Event::Resize(width, height) => app.resize(width, height),
            _ => dirty = false,
        }
    }
    Ok(())
}
