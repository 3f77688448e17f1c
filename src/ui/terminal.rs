//! Taking the terminal and always giving it back: on quit, on error, on
//! panic, on SIGTERM, SIGHUP and SIGINT, and on a fatal signal from a
//! fault. A signal is answered in its handler (signal-hook's, as crossterm
//! uses; the archive's own for faults): the terminal's saved settings are
//! put back with async-signal-safe calls, then the signal ends the program
//! as it would have. Waiting for the loop instead would not do: on a
//! terminal hung up, crossterm's poll never returns.

use std::io::{self, Stdout, stdout};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event, KeyEvent, KeyEventKind};
use crossterm::execute;
use crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use super::action::{Action, Screen};
use super::app::App;
use super::keys::{Keymap, Mode};
use super::theme::Theme;
use super::{clipboard, copy};

/// How often the screen takes in background work when no key comes.
const TICK: Duration = Duration::from_millis(50);

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

/// The terminal's settings before raw mode, and where they apply, for
/// restoring from a signal handler (crossterm keeps its own copy behind a
/// lock, which a handler must not take).
#[cfg(unix)]
static SAVED: std::sync::OnceLock<(libc::c_int, libc::termios)> = std::sync::OnceLock::new();

/// Leaves the alternate screen, mouse capture and hidden cursor, written
/// out as crossterm's commands write them.
#[cfg(unix)]
const LEAVE: &[u8] = b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1049l\x1b[?25h";

/// Notes the terminal's settings, and asks the fault handler to put them
/// back before a fatal signal ends the program.
#[cfg(unix)]
fn save_for_handlers() {
    // SAFETY: isatty, open and tcgetattr are given valid arguments; the fd
    // opened is kept for the life of the program.
    let saved = unsafe {
        let fd = if libc::isatty(libc::STDIN_FILENO) == 1 {
            libc::STDIN_FILENO
        } else {
            libc::open(c"/dev/tty".as_ptr(), libc::O_RDWR)
        };
        let mut termios: libc::termios = std::mem::zeroed();
        (fd >= 0 && libc::tcgetattr(fd, &mut termios) == 0).then_some((fd, termios))
    };
    if let Some(saved) = saved {
        let _ = SAVED.set(saved);
        crate::archive::before_fatal_signal(restore_in_handler);
    }
}

/// Puts the terminal back from a signal handler: only async-signal-safe
/// calls.
#[cfg(unix)]
fn restore_in_handler() {
    if let Some((fd, termios)) = SAVED.get() {
        // SAFETY: tcsetattr and write are async-signal-safe, and are given
        // the fd and settings saved before raw mode.
        unsafe {
            libc::tcsetattr(*fd, libc::TCSANOW, termios);
            libc::write(libc::STDOUT_FILENO, LEAVE.as_ptr().cast(), LEAVE.len());
        }
    }
}

/// Gives the terminal back when a signal asks the program to end, then
/// lets the signal end it.
#[cfg(unix)]
fn end_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    for signal in [SIGTERM, SIGHUP, SIGINT] {
        let action = move || {
            restore_in_handler();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
        };
        // SAFETY: the action makes only async-signal-safe calls
        // (tcsetattr, write, and signal-hook's signal and raise).
        let _ = unsafe { signal_hook::low_level::register(signal, action) };
    }
}

/// Restores the terminal before any earlier panic hook (color-eyre's)
/// prints, so the report is readable and the shell usable. A panic on a
/// thread behind the screen (reading, checking, solving) ends the program
/// too: the terminal is no longer the viewer's, and a screen drawn on
/// over a shell that echoes its keys would take no key.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
        if std::thread::current().name() != Some("main") {
            std::process::exit(101);
        }
    }));
}

/// The terminal, restored when dropped, whatever way the run ends.
struct Session {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Session {
    fn start() -> io::Result<Session> {
        install_panic_hook();
        #[cfg(unix)]
        {
            save_for_handlers();
            end_on_signals();
        }
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
    let mut clock = AutoClock::default();
    while !app.quitting() {
        if dirty {
            session
                .terminal
                .draw(|frame| super::view::render(&app.scene(), frame.area(), frame.buffer_mut()))?;
        }
        // Keys come first; between them, what the background work found
        // and auto-play's next step when its time has come.
        dirty = true;
        if !event::poll(clock.wait(app))? {
            dirty = app.tick();
            if clock.due(app) {
                app.update(Action::AutoStep);
                dirty = true;
            }
            continue;
        }
        match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key),
            Event::Mouse(mouse) => app.mouse(mouse),
            Event::Resize(width, height) => app.resize(width, height),
            _ => dirty = false,
        }
        if let Some(format) = app.take_copy() {
            let said = match copy::copied(app, format) {
                Ok(copied) => {
                    let terminal: &mut dyn io::Write = session.terminal.backend_mut();
                    clipboard::deliver(&copied, Some(terminal), &clipboard::copies_folder())
                }
                Err(why) => why,
            };
            app.notice(&said);
        }
    }
    Ok(())
}

/// Waits for what is read behind the screen (the files given), saying
/// so, and gives up when the user quits as the list would have them
/// (`q`, Ctrl-C): None then.
pub fn wait_reading<T>(read: &Receiver<T>, title: &str, theme: Theme) -> io::Result<Option<T>> {
    let mut session = Session::start()?;
    let started = Instant::now();
    loop {
        match read.try_recv() {
            Ok(done) => return Ok(Some(done)),
            Err(TryRecvError::Disconnected) => return Err(io::Error::other("reading the files stopped")),
            Err(TryRecvError::Empty) => {}
        }
        session.terminal.draw(|frame| {
            let spent = started.elapsed();
            super::view::render_reading(title, spent, theme, frame.area(), frame.buffer_mut());
        })?;
        if event::poll(TICK)?
            && let Event::Key(key) = event::read()?
            && key.kind != KeyEventKind::Release
            && gives_up(key)
        {
            return Ok(None);
        }
    }
}

/// Whether a key quits the list: while the files are read, it gives up.
fn gives_up(key: KeyEvent) -> bool {
    Mode::Normal.action_for(key, Screen::List, &Keymap::default()) == Some(Action::Quit)
}

/// When auto-play's next step is due, while it is on.
#[derive(Default)]
struct AutoClock {
    next: Option<Instant>,
}

impl AutoClock {
    /// How long to wait for a key: until the next tick or step, or not
    /// at all while search matches wait to be counted or a board number
    /// to be found (a turn of counting
    /// is short, so keys are still answered at once, and a million records
    /// are counted at full pace rather than a turn a tick).
    fn wait(&mut self, app: &App) -> Duration {
        let tick = if app.counting() || app.hunting() || app.filtering() || app.tallying() {
            Duration::ZERO
        } else {
            TICK
        };
        let Some(pace) = app.auto_play() else {
            self.next = None;
            return tick;
        };
        let now = Instant::now();
        let next = *self.next.get_or_insert(now + pace);
        next.saturating_duration_since(now).min(tick)
    }

    /// Whether the step is due now; the next one is then a pace away.
    fn due(&mut self, app: &App) -> bool {
        let due = app.auto_play().is_some() && self.next.is_some_and(|n| Instant::now() >= n);
        if due {
            self.next = None;
        }
        due
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyModifiers};

    #[test]
    fn q_and_ctrl_c_give_up_reading_and_other_keys_do_not() {
        let key = |code, modifiers| KeyEvent::new(code, modifiers);
        assert!(gives_up(key(KeyCode::Char('q'), KeyModifiers::NONE)));
        assert!(gives_up(key(KeyCode::Char('c'), KeyModifiers::CONTROL)));
        assert!(!gives_up(key(KeyCode::Char('j'), KeyModifiers::NONE)));
        assert!(!gives_up(key(KeyCode::Enter, KeyModifiers::NONE)));
    }
}
