//! Mapped files that shrink while they are read. Reading a page of a
//! mapping past the end of its file raises SIGBUS, which kills the program.
//! Instead, the handler here puts a page of short blank lines where the
//! lost page was, notes that the file changed, and lets the read go on: the
//! readers take any bytes, those who read through a whole file stop at the
//! next window ([`lost`]), and whoever reads asks [`Guard::changed`]
//! afterwards and reads the file again.
//!
//! The other ways were measured (README, "Performance"): reading a file
//! into memory first costs its whole length of heap and the time to copy
//! it before the first screen; checking the length before each access
//! cannot close the race with a writer. The handler costs nothing until a
//! fault.
//!
//! A fault anywhere else is a real one: the handler gives the terminal back
//! (through the hook the viewer sets) and lets the signal kill the program
//! as it would have.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Mappings watched at a time; beyond these, files are read into memory.
const SLOTS: usize = 64;

struct Slot {
    start: AtomicUsize,
    len: AtomicUsize,
    changed: AtomicBool,
}

#[allow(clippy::declare_interior_mutable_const)]
const FREE: Slot = Slot {
    start: AtomicUsize::new(0),
    len: AtomicUsize::new(0),
    changed: AtomicBool::new(false),
};

static WATCHED: [Slot; SLOTS] = [FREE; SLOTS];
static PAGE: AtomicUsize = AtomicUsize::new(4096);
/// What to do before a fatal signal kills the program: an `fn()` that only
/// makes async-signal-safe calls, or 0.
static LAST_WORDS: AtomicUsize = AtomicUsize::new(0);

/// A mapping watched for its file shrinking; unwatched when dropped.
pub struct Guard {
    slot: usize,
}

impl Guard {
    /// Watches the mapping at `start`, `len` bytes long; None when every
    /// slot is taken.
    pub fn watch(start: *const u8, len: usize) -> Option<Guard> {
        install();
        let start = start as usize;
        let slot = WATCHED.iter().position(|s| {
            s.start
                .compare_exchange(0, start, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
        })?;
        WATCHED[slot].changed.store(false, Ordering::Relaxed);
        WATCHED[slot].len.store(len, Ordering::Release);
        Some(Guard { slot })
    }

    /// Whether a page was found lost since the mapping was made: the file
    /// shrank, and what was read of it may be wrong.
    pub fn changed(&self) -> bool {
        WATCHED[self.slot].changed.load(Ordering::Acquire)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        WATCHED[self.slot].len.store(0, Ordering::Release);
        WATCHED[self.slot].start.store(0, Ordering::Release);
    }
}

/// Whether `bytes` lie in a watched mapping that lost pages: the file was
/// cut short, and reading on would read blank lines for its records.
pub fn lost(bytes: &[u8]) -> bool {
    let at = bytes.as_ptr() as usize;
    WATCHED.iter().any(|s| {
        let start = s.start.load(Ordering::Acquire);
        start != 0
            && (start..start + s.len.load(Ordering::Acquire)).contains(&at)
            && s.changed.load(Ordering::Acquire)
    })
}

/// Sets what a fatal signal does first (the viewer gives the terminal
/// back); `hook` must make only async-signal-safe calls.
pub fn before_fatal_signal(hook: fn()) {
    install();
    LAST_WORDS.store(hook as *const () as usize, Ordering::Release);
}

const FATAL: [libc::c_int; 4] = [libc::SIGBUS, libc::SIGSEGV, libc::SIGILL, libc::SIGFPE];

fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: sysconf and sigaction are called with valid arguments;
        // the handler only makes async-signal-safe calls.
        unsafe {
            let page = libc::sysconf(libc::_SC_PAGESIZE);
            if page > 0 {
                PAGE.store(page as usize, Ordering::Relaxed);
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_fault as *const () as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_NODEFER;
            libc::sigemptyset(&mut action.sa_mask);
            for signal in FATAL {
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    });
}

extern "C" fn on_fault(signal: libc::c_int, info: *mut libc::siginfo_t, _: *mut libc::c_void) {
    // SAFETY: the kernel hands a valid siginfo to an SA_SIGINFO handler.
    let (address, code) = unsafe { ((*info).si_addr() as usize, (*info).si_code) };
    // A positive code: raised by a fault, not sent by kill.
    if signal == libc::SIGBUS && code > 0 && blank_page_at(address) {
        return;
    }
    let hook = LAST_WORDS.swap(0, Ordering::AcqRel);
    if hook != 0 {
        // SAFETY: only fn() values are stored in LAST_WORDS.
        let hook: fn() = unsafe { std::mem::transmute::<usize, fn()>(hook) };
        hook();
    }
    // Back to the default, and raised again (it is not blocked, as
    // SA_NODEFER leaves it): the signal ends the program as it would have.
    // SAFETY: signal and raise are async-signal-safe.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// A lost page reads as blank lines this long (spaces, then a line end):
/// blank, so that they end records rather than make one huge one; short
/// enough that a search back for a line's start stops soon, rather than
/// crossing the whole lost part of the file; long enough that a scan
/// forward through them goes at memchr's pace.
const LINE: usize = 64;

/// Puts a page of short blank lines in place of the lost page holding
/// `address`, if it lies in a watched mapping; whether it did.
fn blank_page_at(address: usize) -> bool {
    let Some(slot) = WATCHED.iter().find(|s| {
        let start = s.start.load(Ordering::Acquire);
        start != 0 && (start..start + s.len.load(Ordering::Acquire)).contains(&address)
    }) else {
        return false;
    };
    let size = PAGE.load(Ordering::Relaxed);
    let page = (address & !(size - 1)) as *mut libc::c_void;
    // SAFETY: the page lies within a live mapping of ours (a guard is
    // dropped before its mapping); MAP_FIXED replaces it in place, and it
    // is written while writable, then made read-only as the rest.
    unsafe {
        let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED;
        let mapped = libc::mmap(page, size, libc::PROT_READ | libc::PROT_WRITE, flags, -1, 0);
        if mapped == libc::MAP_FAILED {
            return false;
        }
        let page = mapped.cast::<u8>();
        std::ptr::write_bytes(page, b' ', size);
        for end in (LINE - 1..size).step_by(LINE) {
            *page.add(end) = b'\n';
        }
        libc::mprotect(mapped, size, libc::PROT_READ);
    }
    slot.changed.store(true, Ordering::Release);
    true
}
