//! The library's folders import each other only as README.md's
//! architecture table allows, and nothing below the viewer and the
//! commands knows of the terminal: a change that runs an import back up
//! fails here, not in review. Test code is left out (a unit test may build
//! its record with any reader).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Each folder of `src/` with the folders it may import (itself aside).
const MAY_IMPORT: &[(&str, &[&str])] = &[
    ("model", &[]),
    ("replay", &["model"]),
    ("scoring", &["model", "replay"]),
    ("analysis", &["model", "replay"]),
    ("notation", &["model", "scoring"]),
    ("archive", &["model", "notation", "replay", "scoring"]),
    (
        "cli",
        // notation for `convert`, which writes the notation the user names.
        &[
            "model", "notation", "archive", "replay", "analysis", "scoring", "ui",
        ],
    ),
    (
        "ui",
        &["model", "archive", "replay", "analysis", "scoring", "notation"],
    ),
];

/// Folders that may name `notation` only for its writers, which write the
/// notation the user asks for (the copy menu), never to ask which notation
/// a record came from.
const WRITERS_ONLY: &[&str] = &["ui"];

/// Crates only the viewer and the commands may use.
const TERMINAL: &[&str] = &["ratatui", "crossterm"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable src/") {
        let path = entry.expect("a readable entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The file's code without its unit tests: everything before a
/// `#[cfg(test)]` that opens a module, nothing of a `tests.rs`.
fn product_code(path: &Path) -> String {
    if path.file_stem().is_some_and(|s| s == "tests") {
        return String::new();
    }
    let text = fs::read_to_string(path).expect("a readable source file");
    let lines: Vec<&str> = text.lines().collect();
    let test_module = lines
        .windows(2)
        .position(|w| w[0].trim() == "#[cfg(test)]" && w[1].trim_start().starts_with("mod "));
    lines[..test_module.unwrap_or(lines.len())].join("\n")
}

/// The crate's top folders a piece of code names as `crate::FOLDER`.
fn folders_named(code: &str) -> BTreeSet<String> {
    code.match_indices("crate::")
        .map(|(at, m)| {
            let rest = &code[at + m.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            rest[..end].to_string()
        })
        .collect()
}

#[test]
fn every_folder_imports_only_what_the_architecture_allows() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut wrong = Vec::new();
    for (folder, allowed) in MAY_IMPORT {
        let mut files = Vec::new();
        rust_files(&src.join(folder), &mut files);
        assert!(!files.is_empty(), "src/{folder} has no files");
        for file in files {
            let code = product_code(&file);
            let writers_only = WRITERS_ONLY.contains(folder);
            let beyond_writers = code
                .match_indices("crate::notation")
                .any(|(at, _)| !code[at..].starts_with("crate::notation::convert"));
            if writers_only && beyond_writers {
                wrong.push(format!(
                    "{} imports crate::notation beyond its writers",
                    file.display()
                ));
            }
            for named in folders_named(&code) {
                let known = MAY_IMPORT.iter().any(|(f, _)| *f == named);
                if known && named != *folder && !allowed.contains(&named.as_str()) {
                    wrong.push(format!("{} imports crate::{named}", file.display()));
                }
            }
            let below_screen = !matches!(*folder, "ui" | "cli");
            for krate in TERMINAL
                .iter()
                .filter(|k| below_screen && code.contains(&format!("{k}::")))
            {
                wrong.push(format!("{} uses {krate}", file.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against README's architecture:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_table_names_every_folder_of_the_library() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut folders: Vec<String> = fs::read_dir(&src)
        .expect("src/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_dir())
        .map(|p| p.file_name().expect("a name").to_string_lossy().into_owned())
        .filter(|name| name != "testing")
        .collect();
    folders.sort();
    let mut listed: Vec<String> = MAY_IMPORT.iter().map(|(f, _)| f.to_string()).collect();
    listed.sort();
    assert_eq!(folders, listed, "a folder of src/ missing from the layers");
}

#[test]
fn the_check_sees_an_import_in_code_and_none_in_tests() {
    let code = "use crate::model::Seat;\nfn f() { crate::scoring::side_sign(s); }\n";
    let named: Vec<String> = folders_named(code).into_iter().collect();
    assert_eq!(named, ["model", "scoring"]);
}

/// `archive/` opens files and keeps their records through the door
/// (`notation::door`): it asks no question of one notation by name, and
/// never branches on a file's format. (A handviewer link is opened as the
/// LIN it carries, so `lin::link` is named.)
#[test]
fn the_archive_goes_through_the_door() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/archive");
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let code = product_code(&file);
        for (n, line) in code.lines().enumerate() {
            let names_reader = ["pbn", "rbn", "preferans", "pinochle"]
                .iter()
                .any(|r| line.contains(&format!("notation::{r}")))
                || line.contains("notation::lin") && !line.contains("lin::link");
            let branches = line.contains("SourceFormat::") && (line.contains("=>") || line.contains("=="));
            if names_reader || branches {
                wrong.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(wrong.is_empty(), "archive/ past the door:\n{}", wrong.join("\n"));
}
