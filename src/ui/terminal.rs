//! Taking the terminal and always giving it back: on quit, on error, on
//! panic, on SIGTERM, SIGHUP and SIGINT (noted by signal-hook, which is
//! crossterm's own choice too, and answered by leaving the loop the way `q`
//! does), and on a fatal signal from a fault (the archive's fault handler
//! calls [`restore_in_handler`], which makes only async-signal-safe calls).

use std::io::{self, Stdout, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// A signal asking the program to end arrived: which (0 for none).
fn watch_signals() -> Arc<AtomicUsize> {
    let caught = Arc::new(AtomicUsize::new(0));
    #[cfg(unix)]
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        let _ = signal_hook::flag::register_usize(signal, caught.clone(), signal as usize);
    }
    caught
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
        #[cfg(unix)]
        save_for_handlers();
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

/// Runs the app until the user quits, or a signal asks it to end: then
/// which signal.
pub fn run(app: &mut App) -> io::Result<Option<i32>> {
    let caught = watch_signals();
    let mut session = Session::start()?;
    let size = session.terminal.size()?;
    app.resize(size.width, size.height);
    let mut dirty = true;
    while !app.quitting() {
        match caught.load(Ordering::Relaxed) {
            0 => {}
            signal => return Ok(Some(signal as i32)),
        }
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
    Ok(None)
}
