//! What the user can ask for, and the screens and boxes it can be asked on.
//! A file of its own so that the key table, the deal view and the App all
//! read it without reading each other.

use crate::archive::Change;
use crate::model::Seat;
use crate::ui::copy_format::CopyFormat;
use crate::ui::panes::Pane;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    List,
    Deal,
    /// The whole file's standings and running score.
    Results,
    /// dealer's frequencies and averages over the records listed, or a
    /// board's traveller.
    Statistics,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    Problems,
    /// The notes and commentary full-screen.
    Notes,
}

/// Everything the user can ask for, each with what it needs to be done:
/// nothing is left for the App to read off the key that asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Quit,
    Help,
    Problems,
    CloseOverlay,
    Down,
    Up,
    PageDown,
    PageUp,
    First,
    Last,
    /// The record at this list row.
    Select(usize),
    Open,
    /// Starts typing a new search.
    Search,
    SearchInput(char),
    /// Takes back the end of the search: a character, a word or all.
    SearchErase(Erase),
    /// Ends typing, keeping the search for `n` and `N`.
    SearchDone,
    /// Gives up what is being typed or chosen; a search typed so far is
    /// forgotten.
    Cancel,
    NextMatch,
    PreviousMatch,
    /// Opens the statistics of the records listed, or of the board's
    /// tables.
    Statistics,
    /// Starts typing a measure on the statistics screen.
    Measure,
    MeasureInput(char),
    MeasureErase(Erase),
    /// Ends typing, adding the measure's chart.
    MeasureDone,
    /// Starts typing a filter, on the one the list shows.
    Filter,
    FilterInput(char),
    FilterErase(Erase),
    /// An earlier filter (true), or a later one.
    FilterRecall(bool),
    /// Ends typing, keeping the filter.
    FilterDone,
    /// Solves, in the background, the deals the filter found without a
    /// double-dummy table.
    SolveFiltered,
    StepForward,
    StepBack,
    TrickForward,
    TrickBack,
    Start,
    End,
    /// A digit typed towards "go to trick N".
    TypeTrickDigit(u8),
    /// To the end of this trick, 0 for the start of the play.
    GotoTrick(usize),
    NextRecord,
    PreviousRecord,
    OtherTable,
    RevealAll,
    /// The next key names the seat to reveal or hide.
    ChooseSeat,
    ToggleSeat(Seat),
    TogglePlayed,
    /// Double-dummy mode on or off.
    DoubleDummy,
    Back,
    /// A file changed on disk and was read again (no key asks for this).
    FileChanged(Change),
    /// To the whole file's results.
    Results,
    /// The list by score, or back in file order.
    SortByScore,
    /// HCP beside the hands, or not.
    ToggleHcp,
    /// The next key names the seat to sit at.
    ChooseSitting,
    /// Turns the table so that this seat is at the bottom.
    SitAt(Seat),
    /// Rows to scroll a screen by, down (or up, negative).
    Scroll(isize),
    /// The next pane of the deal view takes the scroll keys.
    FocusPane,
    /// Rows to scroll the deal view's chosen pane by, down (or up,
    /// negative).
    ScrollPane(isize),
    /// Half pages to scroll the chosen pane by, down (or up, negative).
    HalfPagePane(isize),
    /// The mouse wheel over a pane: rows to scroll the pane under it.
    WheelPane(Pane, isize),
    /// The notes and commentary full-screen, or back.
    FullNotes,
    /// Auto-play on or off.
    AutoPlay,
    /// Auto-play's next step, when its pace has passed (no key asks for
    /// this: the terminal's clock does, and tests without one).
    AutoStep,
    /// Auto-play a step faster.
    Faster,
    /// Auto-play a step slower.
    Slower,
    /// A digit typed towards "jump to board N" on the list.
    TypeBoardDigit(u8),
    /// Takes back the last digit of the board number.
    EraseBoardDigit,
    /// The next key names what to copy.
    ChooseCopy,
    /// The open deal to the clipboard in this form.
    Copy(CopyFormat),
}

/// How much of a line being typed a key takes back, as terminals' own
/// line editing does: Backspace a character, Ctrl-W a word, Ctrl-U the
/// whole line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Erase {
    Char,
    Word,
    Line,
}

impl Erase {
    /// The extent a key takes back on a line being typed, if it is one.
    pub fn of_key(key: crossterm::event::KeyEvent) -> Option<Erase> {
        use crossterm::event::{KeyCode, KeyModifiers};
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        match key.code {
            KeyCode::Backspace if ctrl || alt => Some(Erase::Word),
            KeyCode::Backspace => Some(Erase::Char),
            KeyCode::Char('w') if ctrl => Some(Erase::Word),
            KeyCode::Char('u') if ctrl => Some(Erase::Line),
            _ => None,
        }
    }

    /// Takes this much from the end of `text`: a word is the spaces
    /// before the end and the letters before them.
    pub fn apply(self, text: &mut String) {
        match self {
            Erase::Char => drop(text.pop()),
            Erase::Line => text.clear(),
            Erase::Word => {
                let kept = text.trim_end().len();
                let start = text[..kept].rfind(char::is_whitespace).map_or(0, |i| i + 1);
                text.truncate(start);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erasing_takes_a_character_a_word_or_the_line() {
        let erased = |erase: Erase, text: &str| {
            let mut text = text.to_string();
            erase.apply(&mut text);
            text
        };
        assert_eq!(erased(Erase::Char, "hcp ≥"), "hcp ");
        assert_eq!(erased(Erase::Word, "contract == 3NT"), "contract == ");
        assert_eq!(erased(Erase::Word, "contract ==  "), "contract ");
        assert_eq!(erased(Erase::Word, "3NT"), "");
        assert_eq!(erased(Erase::Line, "contract == 3NT"), "");
    }
}
