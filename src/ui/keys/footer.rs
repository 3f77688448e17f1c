//! The footer's keys: which actions it offers on each screen, in order of
//! use, each with a word, and where an action does something. The keys
//! themselves are looked up in the key table, so the two cannot disagree.

use crossterm::event::KeyCode;

use super::Keymap;
use super::table::BINDINGS;
use crate::model::{Game, Record};
use crate::ui::action::{Action, Screen};

const LIST: &[(Action, &str)] = &[
    (Action::Open, "open"),
    (Action::TypeBoardDigit(0), "board N"),
    (Action::Search, "search"),
    (Action::Filter, "filter"),
    (Action::NextMatch, "match"),
    (Action::PreviousMatch, "match"),
    (Action::Results, "results"),
    (Action::SortByScore, "sort"),
    (Action::Problems, "problems"),
    (Action::Help, "help"),
    (Action::Quit, "quit"),
];

const DEAL: &[(Action, &str)] = &[
    (Action::StepForward, "step"),
    (Action::StepBack, "step"),
    (Action::TrickForward, "trick"),
    (Action::TrickBack, "trick"),
    (Action::NextRecord, "board"),
    (Action::PreviousRecord, "board"),
    (Action::RevealAll, "reveal"),
    (Action::OtherTable, "other table"),
    (Action::TypeTrickDigit(0), "trick N"),
    (Action::AutoPlay, "auto-play"),
    (Action::FullNotes, "notes"),
    (Action::ChooseSitting, "sit"),
    (Action::TogglePlayed, "played"),
    (Action::DoubleDummy, "double dummy"),
    (Action::FocusPane, "pane"),
    (Action::ToggleHcp, "HCP"),
    (Action::Back, "list"),
    // Last of all: a copy is wanted less often than the way back.
    (Action::ChooseCopy, "copy"),
    (Action::Help, "help"),
];

/// While auto-play runs: the keys that keep it going.
const PLAYING: &[(Action, &str)] = &[
    (Action::Faster, "pace"),
    (Action::Slower, "pace"),
    (Action::AutoPlay, "stop"),
];

const STATISTICS: &[(Action, &str)] = &[
    (Action::Measure, "frequency or average"),
    (Action::Scroll(1), "scroll"),
    (Action::Scroll(-1), "scroll"),
    (Action::Back, "back"),
    (Action::Help, "help"),
];

const RESULTS: &[(Action, &str)] = &[
    (Action::Scroll(1), "scroll"),
    (Action::Scroll(-1), "scroll"),
    (Action::Back, "back"),
    (Action::Help, "help"),
];

/// Whether an action does anything for this record: revealing needs
/// hidden hands, the other table a board played at more than one, the
/// solver a bridge deal.
pub fn matters(action: Action, record: &Record, tables: usize) -> bool {
    let bridge = matches!(record.game, Game::Bridge(_));
    match action {
        Action::RevealAll | Action::ChooseSeat => record.deal.as_ref().is_some_and(|d| !d.hidden.is_empty()),
        Action::OtherTable => bridge && tables > 1,
        Action::DoubleDummy | Action::ChooseSitting | Action::ToggleHcp => bridge,
        _ => true,
    }
}

/// The footer's offers on a screen, keys and word, in order, those of one
/// word after another run together (`→← step`); `playing` while auto-play
/// runs. `keep` says which actions matter here.
pub fn offers(
    screen: Screen,
    playing: bool,
    keys: &Keymap,
    keep: impl Fn(Action) -> bool,
) -> Vec<(String, &'static str)> {
    let list = match screen {
        Screen::List => LIST,
        Screen::Deal if playing => PLAYING,
        Screen::Deal => DEAL,
        Screen::Results => RESULTS,
        Screen::Statistics => STATISTICS,
    };
    let mut out: Vec<(String, &'static str)> = Vec::new();
    for &(action, word) in list.iter().filter(|(a, _)| keep(*a)) {
        let Some(key) = keys.moved_key(action).or_else(|| key_of(action, screen)) else {
            continue;
        };
        match out.last_mut() {
            Some((keys, last)) if *last == word => {
                // `→←`, `+-`; but `Space ←` and `F -` where a key moved.
                let symbol = |k: &str| k.chars().count() == 1 && !k.chars().all(char::is_alphanumeric);
                let glued = symbol(&key) && symbol(keys);
                keys.push_str(if glued { "" } else { " " });
                keys.push_str(&key);
            }
            _ => out.push((key, word)),
        }
    }
    out
}

/// The shortest way the key table writes a key for the action on the
/// screen (`]` of `PgDn  ]`, `q` of `q  Ctrl-C`); where one binding holds
/// keys of several actions (`+  -`), the key of this one.
fn key_of(action: Action, screen: Screen) -> Option<String> {
    let binding = BINDINGS.iter().find(|b| {
        b.scope.covers(screen) && b.keys.iter().any(|&(code, _)| (b.action)(code) == Some(action))
    })?;
    let words = binding.label.split_whitespace();
    let shared = binding
        .keys
        .iter()
        .any(|&(code, _)| (binding.action)(code) != Some(action));
    let own = binding.keys.iter().find_map(|&(code, _)| {
        let word = match code {
            _ if (binding.action)(code) != Some(action) => return None,
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Down => "↓".to_string(),
            KeyCode::Up => "↑".to_string(),
            _ => return None,
        };
        words.clone().find(|w| *w == word)
    });
    match own.filter(|_| shared) {
        Some(word) => Some(word.to_string()),
        None => words.min_by_key(|w| w.chars().count()).map(str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offer_has_a_key_in_the_table() {
        for (screen, list) in [
            (Screen::List, LIST),
            (Screen::Deal, DEAL),
            (Screen::Deal, PLAYING),
            (Screen::Results, RESULTS),
            (Screen::Statistics, STATISTICS),
        ] {
            for (action, _) in list {
                assert!(key_of(*action, screen).is_some(), "{action:?}");
            }
        }
    }

    #[test]
    fn keys_of_one_word_run_together() {
        let deal = offers(Screen::Deal, false, &Keymap::default(), |_| true);
        let text: Vec<String> = deal.iter().map(|(k, w)| format!("{k} {w}")).collect();
        assert_eq!(
            text[..4],
            ["→← step", "↓↑ trick", "][ board", "o reveal"].map(String::from)
        );
        let list = offers(Screen::List, false, &Keymap::default(), |_| true);
        assert!(list.iter().any(|(k, w)| k == "n N" && *w == "match"));
        let playing = offers(Screen::Deal, true, &Keymap::default(), |_| true);
        assert_eq!(playing[0], ("+-".to_string(), "pace"));
        let moved = Keymap::moved(&[("faster", "F")]).unwrap();
        let playing = offers(Screen::Deal, true, &moved, |_| true);
        assert_eq!(playing[0], ("F -".to_string(), "pace"), "a moved key is offered");
        let moved = Keymap::moved(&[("step_forward", "Space"), ("auto_play", "A")]).unwrap();
        let deal = offers(Screen::Deal, false, &moved, |_| true);
        assert_eq!(deal[0], ("Space ←".to_string(), "step"));
    }
}
