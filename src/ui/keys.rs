//! What a key asks for: the key table, and the input modes in which keys
//! type a search or a filter, name a seat or count towards a trick number
//! instead.

pub mod footer;
mod remap;
mod table;

use KeyCode::{Backspace, Char, Down, Enter, Esc, Up};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub use remap::Keymap;
pub use table::{BINDINGS, Binding, Scope};

use super::action::{Action, Erase, Overlay, Screen};
use super::copy_format::CopyFormat;
use crate::model::Seat;

/// What keys mean now. The App holds one and changes it only as actions
/// are done, through `after`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The key table.
    #[default]
    Normal,
    /// A box over the screen: Esc and Enter close it, the other keys work
    /// beneath it.
    Overlay(Overlay),
    /// Typing a search: keys are its text.
    Search,
    /// Typing a filter: keys are its text, ↑ and ↓ bring back earlier ones.
    Filter,
    /// Typing a measure for the statistics screen: `frequency tricks`.
    Measure(String),
    /// `R` was pressed: the next key names a seat.
    Seat,
    /// `s` was pressed: the next key names the seat to sit at.
    Sitting,
    /// `y` was pressed: the next key names what to copy.
    Copy,
    /// The digits typed so far towards "go to trick N".
    TrickNumber(String),
    /// The digits typed so far towards "jump to board N" on the list.
    BoardNumber(String),
}

/// Whether a key types its character: a chord with Ctrl or Alt that means
/// nothing on a line being typed types nothing, rather than its letter.
fn typed(key: KeyEvent) -> bool {
    !key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}

/// The action a key asks for on the filter line, where every plain key
/// is the filter's text.
fn filter_line_action(key: KeyEvent) -> Option<Action> {
    if let Some(erase) = Erase::of_key(key) {
        return Some(Action::FilterErase(erase));
    }
    match key.code {
        Char('s') if key.modifiers.contains(KeyModifiers::CONTROL) => Some(Action::SolveFiltered),
        Char(c) if typed(key) => Some(Action::FilterInput(c)),
        Up => Some(Action::FilterRecall(true)),
        Down => Some(Action::FilterRecall(false)),
        Enter => Some(Action::FilterDone),
        Esc => Some(Action::Cancel),
        _ => None,
    }
}

impl Mode {
    /// The action a key asks for in this mode, on this screen, with the
    /// keys the user moved.
    pub fn action_for(&self, key: KeyEvent, screen: Screen, keys: &Keymap) -> Option<Action> {
        // Ctrl-C quits whatever is being typed, as it does anywhere else.
        if key.code == Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return Some(Action::Quit);
        }
        match self {
            Mode::Normal => keys.action(key, screen),
            Mode::Overlay(_) => match key.code {
                Esc | Enter => Some(Action::CloseOverlay),
                _ => keys.action(key, screen),
            },
            Mode::Search => match (key.code, Erase::of_key(key)) {
                (_, Some(erase)) => Some(Action::SearchErase(erase)),
                (Char(c), _) if typed(key) => Some(Action::SearchInput(c)),
                (Enter, _) => Some(Action::SearchDone),
                (Esc, _) => Some(Action::Cancel),
                _ => None,
            },
            Mode::Filter => filter_line_action(key),
            Mode::Measure(_) => match (key.code, Erase::of_key(key)) {
                (_, Some(erase)) => Some(Action::MeasureErase(erase)),
                (Char(c), _) if typed(key) => Some(Action::MeasureInput(c)),
                (Enter, _) => Some(Action::MeasureDone),
                (Esc, _) => Some(Action::Cancel),
                _ => None,
            },
            Mode::Seat => Some(match key.code {
                Char(c) => Seat::from_letter(c).map_or(Action::Cancel, Action::ToggleSeat),
                _ => Action::Cancel,
            }),
            Mode::Sitting => Some(match key.code {
                Char(c) => Seat::from_letter(c).map_or(Action::Cancel, Action::SitAt),
                _ => Action::Cancel,
            }),
            Mode::Copy => Some(match key.code {
                Char(c) => CopyFormat::from_letter(c).map_or(Action::Cancel, Action::Copy),
                _ => Action::Cancel,
            }),
            Mode::TrickNumber(typed) => match key.code {
                // A number too long to be a trick goes nowhere.
                Enter => Some(typed.parse().map_or(Action::Cancel, Action::GotoTrick)),
                Backspace | Esc => Some(Action::Cancel),
                _ => keys.action(key, screen),
            },
            Mode::BoardNumber(_) => match key.code {
                Enter => Some(Action::Open),
                Esc => Some(Action::Cancel),
                Backspace => Some(Action::EraseBoardDigit),
                _ => keys.action(key, screen),
            },
        }
    }

    /// The mode once `action` is done, `screen` being the screen then:
    /// typing goes on only while the actions continue it, and a box stays
    /// open under anything but what closes it or starts typing.
    pub fn after(&self, action: Action, screen: Screen) -> Mode {
        match action {
            // A file changing under the user leaves what they were doing.
            Action::FileChanged(_) => self.clone(),
            Action::Help => self.toggled(Overlay::Help),
            Action::Problems => self.toggled(Overlay::Problems),
            Action::FullNotes if screen == Screen::Deal => self.toggled(Overlay::Notes),
            Action::CloseOverlay => Mode::Normal,
            Action::Search | Action::SearchInput(_) | Action::SearchErase(_) => Mode::Search,
            Action::Filter
            | Action::FilterInput(_)
            | Action::FilterErase(_)
            | Action::FilterRecall(_)
            | Action::SolveFiltered
                if screen == Screen::List =>
            {
                Mode::Filter
            }
            Action::Measure if screen == Screen::Statistics => Mode::Measure(String::new()),
            Action::MeasureInput(c) => Mode::Measure(format!("{}{c}", self.measure_typed())),
            Action::MeasureErase(erase) => {
                let mut typed = self.measure_typed().to_string();
                erase.apply(&mut typed);
                Mode::Measure(typed)
            }
            Action::ChooseSeat if screen == Screen::Deal => Mode::Seat,
            Action::ChooseSitting if screen == Screen::Deal => Mode::Sitting,
            Action::ChooseCopy if screen == Screen::Deal => Mode::Copy,
            Action::TypeTrickDigit(d) if screen == Screen::Deal => {
                let typed = match self {
                    Mode::TrickNumber(typed) => typed.as_str(),
                    _ => "",
                };
                Mode::TrickNumber(format!("{typed}{d}"))
            }
            Action::TypeBoardDigit(d) if screen == Screen::List => {
                Mode::BoardNumber(format!("{}{d}", self.board_typed()))
            }
            Action::EraseBoardDigit => {
                let mut typed = self.board_typed().to_string();
                typed.pop();
                if typed.is_empty() {
                    Mode::Normal
                } else {
                    Mode::BoardNumber(typed)
                }
            }
            _ => match self {
                Mode::Overlay(overlay) => Mode::Overlay(*overlay),
                _ => Mode::Normal,
            },
        }
    }

    /// The measure typed so far, if one is being typed.
    pub fn measure_typed(&self) -> &str {
        match self {
            Mode::Measure(typed) => typed,
            _ => "",
        }
    }

    /// The board number typed so far, if one is being typed.
    pub fn board_typed(&self) -> &str {
        match self {
            Mode::BoardNumber(typed) => typed,
            _ => "",
        }
    }

    fn toggled(&self, overlay: Overlay) -> Mode {
        if *self == Mode::Overlay(overlay) {
            Mode::Normal
        } else {
            Mode::Overlay(overlay)
        }
    }

    /// The box drawn over the screen, if one is.
    pub fn overlay(&self) -> Option<Overlay> {
        match self {
            Mode::Overlay(overlay) => Some(*overlay),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn on_deal(mode: &Mode, code: KeyCode) -> Option<Action> {
        mode.action_for(key(code), Screen::Deal, &Keymap::default())
    }

    #[test]
    fn the_same_key_means_what_its_screen_says() {
        let normal = Mode::Normal;
        assert_eq!(
            normal.action_for(key(Char('j')), Screen::List, &Keymap::default()),
            Some(Action::Down)
        );
        assert_eq!(on_deal(&normal, Char('j')), Some(Action::TrickForward));
        assert_eq!(on_deal(&normal, Char('7')), Some(Action::TypeTrickDigit(7)));
        assert_eq!(on_deal(&normal, Char('R')), Some(Action::ChooseSeat));
        assert_eq!(
            normal.action_for(key(Char('7')), Screen::List, &Keymap::default()),
            Some(Action::TypeBoardDigit(7))
        );
        assert_eq!(
            normal.action_for(
                KeyEvent::new(Char('c'), KeyModifiers::CONTROL),
                Screen::Deal,
                &Keymap::default()
            ),
            Some(Action::Quit)
        );
        assert_eq!(
            normal.action_for(key(Char('z')), Screen::List, &Keymap::default()),
            None
        );
    }

    #[test]
    fn an_overlay_closes_on_esc_or_enter_and_lets_other_keys_through() {
        let help = Mode::Overlay(Overlay::Help);
        assert_eq!(on_deal(&help, Esc), Some(Action::CloseOverlay));
        assert_eq!(
            help.action_for(key(Enter), Screen::List, &Keymap::default()),
            Some(Action::CloseOverlay)
        );
        assert_eq!(
            help.action_for(key(Char('j')), Screen::List, &Keymap::default()),
            Some(Action::Down)
        );
        assert_eq!(on_deal(&help, Char('?')), Some(Action::Help));
    }

    #[test]
    fn search_keys_carry_their_text() {
        let search = Mode::Search;
        let on_list = |code| search.action_for(key(code), Screen::List, &Keymap::default());
        assert_eq!(on_list(Char('q')), Some(Action::SearchInput('q')));
        assert_eq!(on_list(Char('/')), Some(Action::SearchInput('/')));
        assert_eq!(on_list(Backspace), Some(Action::SearchErase(Erase::Char)));
        assert_eq!(on_list(Enter), Some(Action::SearchDone));
        assert_eq!(on_list(Esc), Some(Action::Cancel));
        assert_eq!(on_list(Down), None);
        let ctrl_c = KeyEvent::new(Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            search.action_for(ctrl_c, Screen::List, &Keymap::default()),
            Some(Action::Quit)
        );
    }

    #[test]
    fn a_board_number_is_typed_erased_opened_or_given_up() {
        let typed = Mode::BoardNumber("1".to_string());
        let on_list = |code| typed.action_for(key(code), Screen::List, &Keymap::default());
        assert_eq!(on_list(Char('2')), Some(Action::TypeBoardDigit(2)));
        assert_eq!(on_list(Enter), Some(Action::Open));
        assert_eq!(on_list(Esc), Some(Action::Cancel));
        assert_eq!(on_list(Backspace), Some(Action::EraseBoardDigit));
        let list = Screen::List;
        assert_eq!(
            typed.after(Action::TypeBoardDigit(2), list),
            Mode::BoardNumber("12".to_string())
        );
        assert_eq!(typed.after(Action::EraseBoardDigit, list), Mode::Normal);
        assert_eq!(typed.after(Action::Down, list), Mode::Normal);
    }

    #[test]
    fn after_r_a_letter_names_the_seat_and_anything_else_cancels() {
        let seat = Mode::Seat;
        assert_eq!(on_deal(&seat, Char('e')), Some(Action::ToggleSeat(Seat::East)));
        assert_eq!(on_deal(&seat, Char('W')), Some(Action::ToggleSeat(Seat::West)));
        assert_eq!(on_deal(&seat, Char('x')), Some(Action::Cancel));
        assert_eq!(on_deal(&seat, Char('j')), Some(Action::Cancel));
        assert_eq!(on_deal(&seat, Esc), Some(Action::Cancel));
    }

    #[test]
    fn after_y_a_letter_names_the_copy_and_anything_else_cancels() {
        assert_eq!(on_deal(&Mode::Normal, Char('y')), Some(Action::ChooseCopy));
        assert_eq!(Mode::Normal.after(Action::ChooseCopy, Screen::Deal), Mode::Copy);
        assert_eq!(Mode::Normal.after(Action::ChooseCopy, Screen::List), Mode::Normal);
        let copy = Mode::Copy;
        assert_eq!(on_deal(&copy, Char('p')), Some(Action::Copy(CopyFormat::Pbn)));
        assert_eq!(on_deal(&copy, Char('b')), Some(Action::Copy(CopyFormat::Link)));
        assert_eq!(on_deal(&copy, Char('D')), Some(Action::Copy(CopyFormat::Diagram)));
        assert_eq!(on_deal(&copy, Char('j')), Some(Action::Cancel));
        assert_eq!(on_deal(&copy, Esc), Some(Action::Cancel));
        assert_eq!(
            copy.after(Action::Copy(CopyFormat::Lin), Screen::Deal),
            Mode::Normal
        );
        assert_eq!(copy.after(Action::Cancel, Screen::Deal), Mode::Normal);
    }

    #[test]
    fn enter_goes_to_the_trick_typed() {
        let typed = Mode::TrickNumber("12".to_string());
        assert_eq!(on_deal(&typed, Enter), Some(Action::GotoTrick(12)));
        assert_eq!(on_deal(&typed, Char('3')), Some(Action::TypeTrickDigit(3)));
        assert_eq!(on_deal(&typed, Backspace), Some(Action::Cancel));
        assert_eq!(on_deal(&typed, Esc), Some(Action::Cancel));
        assert_eq!(on_deal(&typed, Char('l')), Some(Action::StepForward));
        let huge = Mode::TrickNumber("99999999999999999999999".to_string());
        assert_eq!(on_deal(&huge, Enter), Some(Action::Cancel));
    }

    #[test]
    fn modes_follow_the_actions_done() {
        let typed = |s: &str| Mode::TrickNumber(s.to_string());
        let deal = Screen::Deal;
        assert_eq!(Mode::Normal.after(Action::TypeTrickDigit(1), deal), typed("1"));
        assert_eq!(typed("1").after(Action::TypeTrickDigit(2), deal), typed("12"));
        assert_eq!(typed("12").after(Action::GotoTrick(12), deal), Mode::Normal);
        assert_eq!(typed("1").after(Action::StepForward, deal), Mode::Normal);
        assert_eq!(
            Mode::Normal.after(Action::TypeTrickDigit(1), Screen::List),
            Mode::Normal
        );
        assert_eq!(Mode::Normal.after(Action::ChooseSeat, deal), Mode::Seat);
        assert_eq!(
            Mode::Seat.after(Action::ToggleSeat(Seat::East), deal),
            Mode::Normal
        );
        assert_eq!(
            Mode::Search.after(Action::SearchInput('a'), Screen::List),
            Mode::Search
        );
        assert_eq!(Mode::Search.after(Action::SearchDone, Screen::List), Mode::Normal);
        let help = Mode::Overlay(Overlay::Help);
        assert_eq!(help.after(Action::Help, deal), Mode::Normal);
        assert_eq!(
            help.after(Action::Problems, deal),
            Mode::Overlay(Overlay::Problems)
        );
        assert_eq!(help.after(Action::StepForward, deal), help);
        assert_eq!(help.after(Action::CloseOverlay, deal), Mode::Normal);
    }
}
