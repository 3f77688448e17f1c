//! The README's key table documents every key the app binds, each under
//! the screen it works on: the help is made from the key table, and this
//! keeps the README's table from falling behind it.

use std::path::Path;

use crossterm::event::{KeyCode, KeyModifiers};
use kibitzer::ui::keys::{BINDINGS, Scope};

/// The README's rows of the key table for each "where" cell, keys and
/// words together.
fn readme_rows() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let table = readme
        .split("| where | keys | what |")
        .nth(1)
        .expect("the README has its key table");
    let mut place = String::new();
    let mut rows = Vec::new();
    for line in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if !cells[1].is_empty() {
            place = cells[1].to_string();
        }
        rows.push((place.clone(), cells[2..].join(" ")));
    }
    rows
}

fn place(scope: Scope) -> &'static str {
    match scope {
        Scope::Anywhere => "anywhere",
        Scope::List => "record list",
        Scope::Deal => "deal view",
        Scope::Results => "results and statistics screens",
    }
}

/// A key as the README writes it, in backticks.
fn written(code: KeyCode, modifiers: KeyModifiers) -> String {
    let name = match code {
        KeyCode::Char(c) if c.is_ascii_digit() => return "digits".to_string(),
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) if modifiers.contains(KeyModifiers::CONTROL) => {
            format!("Ctrl-{}", c.to_ascii_uppercase())
        }
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Down if modifiers.contains(KeyModifiers::SHIFT) => "Shift-↓".to_string(),
        KeyCode::Up if modifiers.contains(KeyModifiers::SHIFT) => "Shift-↑".to_string(),
        KeyCode::Down => "↓".to_string(),
        KeyCode::Up => "↑".to_string(),
        KeyCode::Left => "←".to_string(),
        KeyCode::Right => "→".to_string(),
        KeyCode::PageDown => "PgDn".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        other => format!("{other:?}"),
    };
    format!("`{name}`")
}

#[test]
fn every_bound_key_is_in_the_readme_under_its_screen() {
    let rows = readme_rows();
    let mut missing = Vec::new();
    for b in BINDINGS {
        for &(code, modifiers) in b.keys {
            let key = written(code, modifiers);
            let documented = rows
                .iter()
                .any(|(p, text)| p == place(b.scope) && text.contains(&key));
            if !documented {
                missing.push(format!("{key} ({}, {:?})", b.help, b.scope));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in the README's key table:\n{}",
        missing.join("\n")
    );
}

/// The other way round: each screen the README names has keys the app binds.
#[test]
fn the_readme_names_only_screens_the_help_has() {
    let scopes = [Scope::Anywhere, Scope::List, Scope::Deal, Scope::Results];
    for (p, _) in readme_rows() {
        assert!(
            scopes.iter().any(|&s| place(s) == p),
            "{p:?} is not a screen of the help"
        );
    }
}
