//! Keys the user moves (the config file's `[keys]`): an action of the key
//! table given a key of the user's choosing in place of its own, checked
//! against the whole table so that no key means two things on a screen.

use std::fmt::Write;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::table::{BINDINGS, Binding, table_action};
use crate::ui::action::{Action, Screen};

/// A key with the modifiers that tell keys apart.
type Key = (KeyCode, KeyModifiers);

/// The actions a key can be moved to, by the names the config file gives
/// them.
const NAMES: &[(&str, Action)] = &[
    ("quit", Action::Quit),
    ("help", Action::Help),
    ("problems", Action::Problems),
    ("back", Action::Back),
    ("results", Action::Results),
    ("list_down", Action::Down),
    ("list_up", Action::Up),
    ("page_down", Action::PageDown),
    ("page_up", Action::PageUp),
    ("first", Action::First),
    ("last", Action::Last),
    ("open", Action::Open),
    ("search", Action::Search),
    ("next_match", Action::NextMatch),
    ("previous_match", Action::PreviousMatch),
    ("sort", Action::SortByScore),
    ("step_forward", Action::StepForward),
    ("step_back", Action::StepBack),
    ("trick_forward", Action::TrickForward),
    ("trick_back", Action::TrickBack),
    ("start", Action::Start),
    ("end", Action::End),
    ("next_board", Action::NextRecord),
    ("previous_board", Action::PreviousRecord),
    ("other_table", Action::OtherTable),
    ("reveal_all", Action::RevealAll),
    ("reveal_seat", Action::ChooseSeat),
    ("played", Action::TogglePlayed),
    ("double_dummy", Action::DoubleDummy),
    ("hcp", Action::ToggleHcp),
    ("sit", Action::ChooseSitting),
    ("copy", Action::ChooseCopy),
    ("pane", Action::FocusPane),
    ("pane_down", Action::ScrollPane(1)),
    ("pane_up", Action::ScrollPane(-1)),
    ("pane_half_down", Action::HalfPagePane(1)),
    ("pane_half_up", Action::HalfPagePane(-1)),
    ("notes", Action::FullNotes),
    ("auto_play", Action::AutoPlay),
    ("faster", Action::Faster),
    ("slower", Action::Slower),
    ("scroll_down", Action::Scroll(1)),
    ("scroll_up", Action::Scroll(-1)),
];

/// The keys moved, each action with the one key it now has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keymap {
    moved: Vec<(Action, Key)>,
}

impl Keymap {
    /// Each action named given the key written beside it in place of its
    /// own, all at once (so keys can be swapped); an unknown name or key,
    /// or a key that then means two things on a screen, is refused with
    /// the entry's place in `entries` and why (a key given twice, at the
    /// later of the two).
    pub fn moved(entries: &[(&str, &str)]) -> Result<Keymap, (usize, String)> {
        let mut map = Keymap::default();
        for (i, &(name, key)) in entries.iter().enumerate() {
            let action = action_named(name).map_err(|m| (i, m))?;
            let key = parse_key(key).map_err(|m| (i, m))?;
            map.moved.retain(|(a, _)| *a != action);
            map.moved.push((action, key));
        }
        for (i, &(action, key)) in map.moved.iter().enumerate() {
            let later: Vec<Action> = map.moved[i + 1..].iter().map(|&(a, _)| a).collect();
            map.clash(action, key, &later).map_err(|m| (i, m))?;
        }
        Ok(map)
    }

    /// Whether `key`, moved to `action`, means something else on a screen
    /// where the action works (but for the actions of `later`, whose own
    /// check tells it).
    fn clash(&self, action: Action, key: Key, later: &[Action]) -> Result<(), String> {
        let binding = binding_of(action);
        for other in BINDINGS.iter().filter(|b| overlaps(b, binding)) {
            for &(code, _) in other.keys {
                let Some(theirs) = (other.action)(code).filter(|a| *a != action && !later.contains(a)) else {
                    continue;
                };
                if self.keys_of(other, theirs).iter().any(|&k| same(k, key)) {
                    let (name, taken) = (
                        name_of(action).unwrap_or(""),
                        name_of(theirs).unwrap_or(other.help),
                    );
                    return Err(format!(
                        "key `{}` is bound twice: to {name} and to {taken}",
                        key_name(key)
                    ));
                }
            }
        }
        Ok(())
    }

    /// The action a key asks for on a screen, keys moved as the user
    /// asked.
    pub fn action(&self, key: KeyEvent, screen: Screen) -> Option<Action> {
        let pressed = (
            key.code,
            key.modifiers & (KeyModifiers::CONTROL | KeyModifiers::SHIFT),
        );
        let moved = self
            .moved
            .iter()
            .find(|&&(a, k)| same(k, pressed) && binding_of(a).scope.covers(screen));
        match moved {
            Some(&(action, _)) => Some(action),
            None => table_action(key, screen).filter(|a| !self.moved.iter().any(|(m, _)| m == a)),
        }
    }

    /// The keys that ask for `action` of `binding` now.
    fn keys_of(&self, binding: &Binding, action: Action) -> Vec<Key> {
        match self.moved.iter().find(|(a, _)| *a == action) {
            Some(&(_, key)) => vec![key],
            None => binding
                .keys
                .iter()
                .copied()
                .filter(|&(code, _)| (binding.action)(code) == Some(action))
                .collect(),
        }
    }

    /// The key moved to `action`, as the help writes it.
    pub fn moved_key(&self, action: Action) -> Option<String> {
        self.moved
            .iter()
            .find(|(a, _)| *a == action)
            .map(|&(_, k)| key_name(k))
    }

    /// How the help writes the binding's keys: the table's own words, or
    /// where a key of it moved, each of its keys now.
    pub fn label(&self, binding: &Binding) -> String {
        let actions = binding
            .keys
            .iter()
            .filter_map(|&(code, _)| (binding.action)(code));
        if !actions.clone().any(|a| self.moved_key(a).is_some()) {
            return binding.label.to_string();
        }
        let mut label = String::new();
        let mut seen = Vec::new();
        for action in actions {
            if seen.contains(&action) {
                continue;
            }
            seen.push(action);
            for key in self.keys_of(binding, action) {
                let name = key_name(key);
                if !label.split(' ').any(|w| w == name) {
                    let _ = write!(label, "{}{name}", if label.is_empty() { "" } else { " " });
                }
            }
        }
        label
    }
}

fn action_named(name: &str) -> Result<Action, String> {
    NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, a)| a)
        .ok_or_else(|| {
            format!("`{name}` is not an action of the key table (see `kibitzer --help` or the README)")
        })
}

fn binding_of(action: Action) -> &'static Binding {
    BINDINGS
        .iter()
        .find(|b| b.keys.iter().any(|&(code, _)| (b.action)(code) == Some(action)))
        .expect("every named action is in the key table")
}

fn name_of(action: Action) -> Option<&'static str> {
    NAMES.iter().find(|(_, a)| *a == action).map(|&(n, _)| n)
}

/// Whether two bindings work on a screen in common.
fn overlaps(a: &Binding, b: &Binding) -> bool {
    [Screen::List, Screen::Deal, Screen::Results]
        .into_iter()
        .any(|s| a.scope.covers(s) && b.scope.covers(s))
}

/// Two keys alike: a letter's case says whether Shift was down, so Shift
/// is not compared for letters (terminals differ in sending it).
fn same(a: Key, b: Key) -> bool {
    match (a.0, b.0) {
        (KeyCode::Char(x), KeyCode::Char(y)) => {
            x == y && (a.1 - KeyModifiers::SHIFT) == (b.1 - KeyModifiers::SHIFT)
        }
        _ => a == b,
    }
}

const NAMED: &[(&str, KeyCode)] = &[
    ("Enter", KeyCode::Enter),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("Space", KeyCode::Char(' ')),
    ("Backspace", KeyCode::Backspace),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("PgUp", KeyCode::PageUp),
    ("PgDn", KeyCode::PageDown),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
];

/// A key as the config file writes it: a character (`x`, `X`, `+`), a
/// name (`Space`, `Enter`, `PgDn`, `Up`), either after `Ctrl-` or
/// `Shift-`.
fn parse_key(text: &str) -> Result<Key, String> {
    let (modifiers, rest) = if let Some(rest) = text.strip_prefix("Ctrl-") {
        (KeyModifiers::CONTROL, rest)
    } else if let Some(rest) = text.strip_prefix("Shift-") {
        (KeyModifiers::SHIFT, rest)
    } else {
        (KeyModifiers::NONE, text)
    };
    let mut chars = rest.chars();
    let code = match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_control() => KeyCode::Char(if modifiers == KeyModifiers::CONTROL {
            c.to_ascii_lowercase()
        } else {
            c
        }),
        _ => NAMED
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(rest))
            .map(|&(_, code)| code)
            .ok_or_else(|| {
                format!("`{text}` is not a key: write a character, or Space, Enter, Esc, Tab, Up, Down, Left, Right, PgUp, PgDn, Home or End, after Ctrl- or Shift- if need be")
            })?,
    };
    Ok((code, modifiers))
}

/// A key as the config file and the help write it.
fn key_name((code, modifiers): Key) -> String {
    let base = match code {
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        other => NAMED
            .iter()
            .find(|(_, c)| *c == other)
            .map_or_else(|| format!("{other:?}"), |(n, _)| n.to_string()),
    };
    if modifiers.contains(KeyModifiers::CONTROL) {
        format!("Ctrl-{base}")
    } else if modifiers.contains(KeyModifiers::SHIFT) && !matches!(code, KeyCode::Char(_)) {
        format!("Shift-{base}")
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(map: &Keymap, code: KeyCode, screen: Screen) -> Option<Action> {
        map.action(KeyEvent::new(code, KeyModifiers::NONE), screen)
    }

    fn moved(entries: &[(&str, &str)]) -> Result<Keymap, String> {
        Keymap::moved(entries).map_err(|(i, m)| format!("{i}: {m}"))
    }

    #[test]
    fn a_moved_action_answers_its_new_key_and_not_its_old() {
        let map = moved(&[("copy", "C"), ("step_forward", "Space"), ("auto_play", "A")]).unwrap();
        let deal = Screen::Deal;
        assert_eq!(press(&map, KeyCode::Char('C'), deal), Some(Action::ChooseCopy));
        assert_eq!(press(&map, KeyCode::Char('y'), deal), None);
        assert_eq!(press(&map, KeyCode::Char(' '), deal), Some(Action::StepForward));
        assert_eq!(press(&map, KeyCode::Right, deal), None, "→ went with the move");
        assert_eq!(press(&map, KeyCode::Char('+'), deal), Some(Action::Faster));
        assert_eq!(press(&map, KeyCode::Char('C'), Screen::List), None);
        assert_eq!(press(&map, KeyCode::Char('j'), Screen::List), Some(Action::Down));
    }

    #[test]
    fn a_key_already_meaning_something_on_the_screen_is_refused() {
        let twice = |what: &str| Err(format!("0: key {what}"));
        assert_eq!(
            moved(&[("copy", "t")]),
            twice("`t` is bound twice: to copy and to other_table")
        );
        assert_eq!(
            moved(&[("quit", "j")]),
            twice("`j` is bound twice: to quit and to list_down")
        );
        assert_eq!(
            moved(&[("copy", "7")]),
            twice("`7` is bound twice: to copy and to go to trick N")
        );
        assert_eq!(
            moved(&[("step_forward", "Space")]),
            twice("`Space` is bound twice: to step_forward and to auto_play")
        );
        assert!(moved(&[("sort", "y")]).is_ok(), "the list has no y");
        assert!(moved(&[("copy", "t"), ("other_table", "y")]).is_ok(), "swapped");
        assert_eq!(
            moved(&[("copy", "C"), ("sit", "C")]),
            Err("1: key `C` is bound twice: to sit and to copy".to_string())
        );
        assert_eq!(
            moved(&[("pane", "x"), ("copies", "x")]),
            Err(
                "1: `copies` is not an action of the key table (see `kibitzer --help` or the README)"
                    .to_string()
            )
        );
    }

    #[test]
    fn keys_are_written_as_the_help_writes_them() {
        for text in [
            "x", "X", "+", "Space", "Enter", "PgDn", "Ctrl-g", "Shift-Up", "Esc",
        ] {
            assert_eq!(key_name(parse_key(text).unwrap()), text);
        }
        assert_eq!(parse_key("pgdn"), Ok((KeyCode::PageDown, KeyModifiers::NONE)));
        assert_eq!(
            parse_key("Ctrl-G"),
            Ok((KeyCode::Char('g'), KeyModifiers::CONTROL))
        );
        assert!(parse_key("xy").unwrap_err().contains("`xy` is not a key"));
        assert!(parse_key("").is_err());
    }

    #[test]
    fn the_help_shows_a_moved_key() {
        let copy = binding_of(Action::ChooseCopy);
        assert_eq!(Keymap::default().label(copy), "y");
        let map = moved(&[("copy", "C"), ("faster", "F")]).unwrap();
        assert_eq!(map.label(copy), "C");
        assert_eq!(map.label(binding_of(Action::AutoPlay)), "a Space F -");
    }
}
