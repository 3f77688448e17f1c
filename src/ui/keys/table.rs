//! The key table: every key, the screen it works on, the action it stands
//! for and the words the help shows. Key handling and help both read it.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::ui::action::{Action, Screen};

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Anywhere,
    List,
    Deal,
    Results,
}

impl Scope {
    pub fn name(self) -> &'static str {
        match self {
            Scope::Anywhere => "Anywhere",
            Scope::List => "Record list",
            Scope::Deal => "Deal view",
            Scope::Results => "Results, statistics",
        }
    }

    pub(super) fn covers(self, screen: Screen) -> bool {
        match self {
            Scope::Anywhere => true,
            Scope::List => screen == Screen::List,
            Scope::Deal => screen == Screen::Deal,
            Scope::Results => matches!(screen, Screen::Results | Screen::Statistics),
        }
    }
}

pub struct Binding {
    pub scope: Scope,
    pub keys: &'static [(KeyCode, KeyModifiers)],
    /// How the keys are written in the help.
    pub label: &'static str,
    /// The action of the key pressed, one of `keys`.
    pub action: fn(KeyCode) -> Option<Action>,
    pub help: &'static str,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;
const SHIFT: KeyModifiers = KeyModifiers::SHIFT;

macro_rules! bind {
    ($scope:ident, [$($key:expr),+], $label:expr, $action:expr, $help:expr) => {
        Binding { scope: Scope::$scope, keys: &[$($key),+], label: $label, action: |_| Some($action), help: $help }
    };
}

use KeyCode::{Char, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Tab, Up};

const DIGITS: [(KeyCode, KeyModifiers); 10] = [
    (Char('0'), NONE),
    (Char('1'), NONE),
    (Char('2'), NONE),
    (Char('3'), NONE),
    (Char('4'), NONE),
    (Char('5'), NONE),
    (Char('6'), NONE),
    (Char('7'), NONE),
    (Char('8'), NONE),
    (Char('9'), NONE),
];

pub const BINDINGS: &[Binding] = &[
    bind!(
        Anywhere,
        [(Char('q'), NONE), (Char('c'), CTRL)],
        "q  Ctrl-C",
        Action::Quit,
        "quit"
    ),
    bind!(
        Anywhere,
        [(Char('?'), NONE), (Char('?'), SHIFT)],
        "?",
        Action::Help,
        "this help"
    ),
    bind!(
        Anywhere,
        [(Char('p'), NONE)],
        "p",
        Action::Problems,
        "problems of the record"
    ),
    // One row for the deal view and the results screen alike, so that the
    // help fits 80x24; on the list, where it is already, it does nothing.
    bind!(Anywhere, [(Esc, NONE)], "Esc", Action::Back, "back a screen"),
    // The list's records, or the board's tables from a deal: one row.
    bind!(
        Anywhere,
        [(Char('%'), NONE), (Char('%'), SHIFT)],
        "%",
        Action::Statistics,
        "statistics, traveller"
    ),
    bind!(
        List,
        [(Down, NONE), (Char('j'), NONE)],
        "↓  j",
        Action::Down,
        "next record"
    ),
    bind!(
        List,
        [(Up, NONE), (Char('k'), NONE)],
        "↑  k",
        Action::Up,
        "previous record"
    ),
    // Keys of opposite ways share a row, so that the help fits 80x24.
    Binding {
        scope: Scope::List,
        keys: &[(PageDown, NONE), (PageUp, NONE)],
        label: "PgDn PgUp",
        action: |code| {
            Some(if code == PageDown {
                Action::PageDown
            } else {
                Action::PageUp
            })
        },
        help: "a page down, up",
    },
    Binding {
        scope: Scope::List,
        keys: &[
            (Home, NONE),
            (Char('g'), NONE),
            (End, NONE),
            (Char('G'), NONE),
            (Char('G'), SHIFT),
        ],
        label: "Home End",
        action: |code| {
            Some(if matches!(code, Home | Char('g')) {
                Action::First
            } else {
                Action::Last
            })
        },
        help: "first, last record (g G)",
    },
    bind!(List, [(Enter, NONE)], "Enter", Action::Open, "open the deal"),
    bind!(
        List,
        [(Char('/'), NONE)],
        "/",
        Action::Search,
        "search names, events"
    ),
    Binding {
        scope: Scope::List,
        keys: &DIGITS,
        label: "0-9 Enter",
        action: board_digit,
        help: "jump to board N (Esc back)",
    },
    bind!(
        List,
        [(Char('&'), NONE), (Char('&'), SHIFT)],
        "&",
        Action::Filter,
        "filter the list"
    ),
    Binding {
        scope: Scope::List,
        keys: &[(Char('n'), NONE), (Char('N'), NONE), (Char('N'), SHIFT)],
        label: "n  N",
        action: |code| {
            Some(if code == Char('n') {
                Action::NextMatch
            } else {
                Action::PreviousMatch
            })
        },
        help: "next, previous match",
    },
    // From a hand too: its results go no further than the hand reached.
    bind!(
        Anywhere,
        [(Char('r'), NONE)],
        "r",
        Action::Results,
        "results, up to the deal"
    ),
    bind!(
        List,
        [(Char('s'), NONE)],
        "s",
        Action::SortByScore,
        "sort by score or by file"
    ),
    bind!(
        Deal,
        [(Right, NONE), (Char('l'), NONE)],
        "→  l",
        Action::StepForward,
        "next card or call"
    ),
    bind!(
        Deal,
        [(Left, NONE), (Char('h'), NONE)],
        "←  h",
        Action::StepBack,
        "previous card"
    ),
    bind!(
        Deal,
        [(Down, NONE), (Char('j'), NONE)],
        "↓  j",
        Action::TrickForward,
        "end of the next trick"
    ),
    bind!(
        Deal,
        [(Up, NONE), (Char('k'), NONE)],
        "↑  k",
        Action::TrickBack,
        "end of the previous trick"
    ),
    bind!(
        Deal,
        [(Home, NONE), (Char('g'), NONE)],
        "Home  g",
        Action::Start,
        "start of the deal"
    ),
    bind!(
        Deal,
        [(End, NONE), (Char('G'), NONE), (Char('G'), SHIFT)],
        "End  G",
        Action::End,
        "end of the play"
    ),
    Binding {
        scope: Scope::Deal,
        keys: &DIGITS,
        label: "0-9 Enter",
        action: trick_digit,
        help: "go to trick N",
    },
    bind!(
        Deal,
        [(PageDown, NONE), (Char(']'), NONE)],
        "PgDn  ]",
        Action::NextRecord,
        "next board"
    ),
    bind!(
        Deal,
        [(PageUp, NONE), (Char('['), NONE)],
        "PgUp  [",
        Action::PreviousRecord,
        "previous board"
    ),
    bind!(
        Deal,
        [(Char('t'), NONE)],
        "t",
        Action::OtherTable,
        "other table of the board"
    ),
    // `o` (open the hands), not `r`: on the list `r` is the file's results,
    // and a key means one thing.
    bind!(
        Deal,
        [(Char('o'), NONE)],
        "o",
        Action::RevealAll,
        "reveal or hide all hands"
    ),
    bind!(
        Deal,
        [(Char('R'), NONE), (Char('R'), SHIFT)],
        "R n/e/s/w",
        Action::ChooseSeat,
        "reveal or hide a seat"
    ),
    bind!(
        Deal,
        [(Char('v'), NONE)],
        "v",
        Action::TogglePlayed,
        "played cards greyed"
    ),
    bind!(
        Deal,
        [(Char('d'), NONE)],
        "d",
        Action::DoubleDummy,
        "double-dummy mode"
    ),
    bind!(
        Deal,
        [(Char('c'), NONE)],
        "c",
        Action::ToggleHcp,
        "HCP beside the hands"
    ),
    bind!(
        Deal,
        [(Char('s'), NONE)],
        "s n/e/s/w",
        Action::ChooseSitting,
        "sit at a seat"
    ),
    bind!(
        Deal,
        [(Char('y'), NONE)],
        "y",
        Action::ChooseCopy,
        "copy the deal or diagram"
    ),
    bind!(
        Deal,
        [(Tab, NONE)],
        "Tab",
        Action::FocusPane,
        "the pane to scroll"
    ),
    Binding {
        scope: Scope::Deal,
        keys: &[
            (Char('J'), NONE),
            (Char('J'), SHIFT),
            (Char('K'), NONE),
            (Char('K'), SHIFT),
            (Down, SHIFT),
            (Up, SHIFT),
            (Char('d'), CTRL),
            (Char('u'), CTRL),
        ],
        label: "J K ^D ^U",
        action: pane_scroll,
        help: "scroll a row, half a page",
    },
    bind!(
        Deal,
        [(Char('f'), NONE)],
        "f",
        Action::FullNotes,
        "notes full-screen"
    ),
    // Auto-play's keys share a row, so that the help fits 80x24.
    Binding {
        scope: Scope::Deal,
        keys: &[
            (Char('a'), NONE),
            (Char(' '), NONE),
            (Char('+'), NONE),
            (Char('+'), SHIFT),
            (Char('-'), NONE),
        ],
        label: "a Spc + -",
        action: auto_play,
        help: "auto-play; faster, slower",
    },
    // One row for both ways, so that the help still fits 80x24.
    Binding {
        scope: Scope::Results,
        keys: &[(Down, NONE), (Char('j'), NONE), (Up, NONE), (Char('k'), NONE)],
        label: "↓ ↑ j k",
        action: scroll_results,
        help: "scroll down, up",
    },
    bind!(
        Results,
        [(Char('='), NONE)],
        "=",
        Action::Measure,
        "frequency or average EXPR"
    ),
];

fn scroll_results(code: KeyCode) -> Option<Action> {
    match code {
        Down | Char('j') => Some(Action::Scroll(1)),
        _ => Some(Action::Scroll(-1)),
    }
}

fn trick_digit(code: KeyCode) -> Option<Action> {
    match code {
        Char(c) => c.to_digit(10).map(|d| Action::TypeTrickDigit(d as u8)),
        _ => None,
    }
}

/// `J` or Shift-↓ scrolls the chosen pane down a row, `K` or Shift-↑ up;
/// Ctrl-D and Ctrl-U half a page, as in `less` and vi. (Shift-↓ and ↓, and
/// Ctrl-D and `d`, share a code: the binding's modifiers tell them apart.)
fn pane_scroll(code: KeyCode) -> Option<Action> {
    match code {
        Char('J') | Down => Some(Action::ScrollPane(1)),
        Char('K') | Up => Some(Action::ScrollPane(-1)),
        Char('d') => Some(Action::HalfPagePane(1)),
        Char('u') => Some(Action::HalfPagePane(-1)),
        _ => None,
    }
}

fn auto_play(code: KeyCode) -> Option<Action> {
    match code {
        Char('a' | ' ') => Some(Action::AutoPlay),
        Char('+') => Some(Action::Faster),
        Char('-') => Some(Action::Slower),
        _ => None,
    }
}

fn board_digit(code: KeyCode) -> Option<Action> {
    match code {
        Char(c) => c.to_digit(10).map(|d| Action::TypeBoardDigit(d as u8)),
        _ => None,
    }
}

/// The action the key table gives a key on a screen.
pub(super) fn table_action(key: KeyEvent, screen: Screen) -> Option<Action> {
    let modifiers = key.modifiers & (CTRL | SHIFT);
    BINDINGS
        .iter()
        .filter(|b| b.scope.covers(screen))
        .find(|b| b.keys.iter().any(|&(code, m)| code == key.code && m == modifiers))
        .and_then(|b| (b.action)(key.code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_binding_has_help_and_an_action() {
        for b in BINDINGS {
            assert!(!b.help.is_empty() && !b.label.is_empty());
            assert!(
                b.keys.iter().all(|&(code, _)| (b.action)(code).is_some()),
                "{}",
                b.label
            );
        }
    }
}
