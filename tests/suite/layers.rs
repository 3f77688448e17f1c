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
    ("filter", &["model", "replay", "scoring", "analysis"]),
    ("archive", &["model", "notation", "replay", "scoring", "filter"]),
    (
        "cli",
        // notation for `convert`, which writes the notation the user names.
        &[
            "model", "notation", "archive", "replay", "analysis", "scoring", "filter", "ui",
        ],
    ),
    (
        "ui",
        &[
            "model", "archive", "replay", "analysis", "scoring", "notation", "filter",
        ],
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

/// A source file's module path below the crate: `src/ui/app/jump.rs` is
/// `["ui", "app", "jump"]`, `src/ui/view/mod.rs` is `["ui", "view"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("a file of src/").with_extension("");
    let mut path: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    if path.last().is_some_and(|last| last == "mod" || last == "lib") {
        path.pop();
    }
    path
}

/// The folder a file's code belongs to: the folder of the module it
/// heads (`app.rs` and `app/mod.rs` are both of `app/`), else the one it
/// lies in.
fn folder_of(src: &Path, file: &Path) -> String {
    let module = module_of(src, file);
    let heads = src.join(module.join("/")).is_dir();
    let folder = if heads {
        &module[..]
    } else {
        &module[..module.len().saturating_sub(1)]
    };
    folder.join("/")
}

/// The paths a `use` tree names, its braces spread out:
/// `super::{a, b::C}` is `super::a` and `super::b::C`.
fn spread(tree: &str) -> Vec<String> {
    let mut tree = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    for (spaced, tight) in [
        (":: ", "::"),
        (" ::", "::"),
        ("{ ", "{"),
        (" }", "}"),
        (", ", ","),
        (" ,", ","),
    ] {
        tree = tree.replace(spaced, tight);
    }
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let close = tree.rfind('}').unwrap_or(tree.len());
    let (head, inner) = (&tree[..open], &tree[open + 1..close]);
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    (parts.into_iter().filter(|p| !p.is_empty()))
        .flat_map(|part| spread(&format!("{head}{part}")))
        .collect()
}

/// A `use` statement: its tree (`a::{b, c as d}`) and whether it hands
/// the names on (`pub use`).
struct Use {
    tree: String,
    handed_on: bool,
}

/// The `use` statements of a piece of code, and the code without them.
/// A statement begins its line, or follows only its `pub`: the word in
/// a comment is no statement.
fn uses(code: &str) -> (Vec<Use>, String) {
    let (mut found, mut rest) = (Vec::new(), String::new());
    let mut left = code;
    while let Some(at) = left.find("use ") {
        let line_start = left[..at].rfind('\n').map_or(0, |n| n + 1);
        let before = left[line_start..at].trim();
        let statement =
            before.is_empty() || before == "pub" || before.starts_with("pub(") && before.ends_with(')');
        let end = left[at..].find(';').map_or(left.len(), |e| at + e);
        if statement {
            found.push(Use {
                tree: left[at + 4..end].to_string(),
                handed_on: !before.is_empty(),
            });
            rest.push_str(&left[..at]);
        } else {
            rest.push_str(&left[..end]);
        }
        left = &left[end..];
    }
    rest.push_str(left);
    (found, rest)
}

/// A path of a `use` tree and the name it is known by (its last segment,
/// or its `as` name).
fn named_as(path: &str) -> (String, String) {
    match path.split_once(" as ") {
        Some((path, name)) => (path.trim().to_string(), name.trim().to_string()),
        None => (
            path.to_string(),
            path.rsplit("::").next().unwrap_or("").to_string(),
        ),
    }
}

/// Every path the code names that could be the crate's own: those in
/// `use` statements, and those written inline from `crate::`, `super::`
/// or `self::`.
fn paths_named(code: &str) -> Vec<String> {
    let (found, rest) = uses(code);
    let mut paths: Vec<String> = (found.iter())
        .flat_map(|u| spread(&u.tree))
        .map(|p| named_as(&p).0)
        .collect();
    for root in ["crate::", "super::", "self::"] {
        for (at, _) in rest.match_indices(root) {
            let before = rest[..at].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let end = rest[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(rest.len(), |e| at + e);
            paths.push(rest[at..end].trim_end_matches(':').to_string());
        }
    }
    paths
}

/// The modules a piece of code declares in files of their own (`mod
/// jump;`), each as a path from it: a module leans on those it is made
/// of.
fn children_declared(code: &str) -> Vec<String> {
    (code.lines())
        .filter_map(|line| {
            let line = line.trim();
            let declared = line.strip_prefix("pub ").unwrap_or(line).strip_prefix("mod ")?;
            Some(format!("self::{}", declared.strip_suffix(';')?))
        })
        .collect()
}

/// A module of the library: its path, its file, and the names it hands
/// on from elsewhere with the paths they stand for (`*` for a whole
/// module handed on).
struct Module {
    path: Vec<String>,
    file: PathBuf,
    handed_on: Vec<(String, String)>,
}

fn modules(src: &Path) -> Vec<Module> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.retain(|f| f.file_name().is_some_and(|n| n != "main.rs"));
    (files.into_iter())
        .map(|file| {
            let (found, _) = uses(&product_code(&file));
            let handed_on = (found.iter().filter(|u| u.handed_on))
                .flat_map(|u| spread(&u.tree))
                .map(|p| {
                    let (path, name) = named_as(&p);
                    (name, path)
                })
                .collect();
            Module {
                path: module_of(src, &file),
                file,
                handed_on,
            }
        })
        .collect()
}

/// The file that defines what a path names from the module `from`: the
/// deepest module of the library the path reaches, followed through the
/// names that module hands on; None for another crate's.
fn file_named(modules: &[Module], from: &[String], path: &str, depth: usize) -> Option<PathBuf> {
    let segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let module = |at: &[String]| modules.iter().find(|m| m.path == at);
    let mut at: Vec<String> = match segments.first().copied()? {
        "crate" => Vec::new(),
        "super" | "self" => from.to_vec(),
        // A child module named from its parent (`use deal::render_deal`).
        first => {
            let child: Vec<String> = from.iter().cloned().chain([first.to_string()]).collect();
            module(&child)?;
            from.to_vec()
        }
    };
    let mut reached: Option<&Module> = None;
    for (k, &segment) in segments.iter().enumerate() {
        match segment {
            "crate" => at.clear(),
            "self" => {}
            "super" => {
                at.pop();
            }
            name => at.push(name.to_string()),
        }
        match module(&at) {
            Some(m) => reached = Some(m),
            None if matches!(segment, "crate" | "self" | "super") => {}
            None => {
                let reached = reached?;
                return Some(
                    through(modules, reached, &segments[k..], depth).unwrap_or(reached.file.clone()),
                );
            }
        }
    }
    reached.map(|m| m.file.clone())
}

/// Where an item named from a module (`rest` its name and what follows)
/// is defined, where the module hands it on from elsewhere.
fn through(modules: &[Module], module: &Module, rest: &[&str], depth: usize) -> Option<PathBuf> {
    if depth > 8 {
        return None;
    }
    let name = rest.first()?;
    let follow = |path: &String| file_named(modules, &module.path, path, depth + 1);
    let named = module.handed_on.iter().find(|(n, _)| n == name);
    if let Some((_, path)) = named {
        return follow(&format!("{path}::{}", rest[1..].join("::")));
    }
    // A module handed on whole: the item may be any of them.
    (module.handed_on.iter().filter(|(n, _)| n == "*")).find_map(|(_, path)| {
        let from = file_named(modules, &module.path, path.trim_end_matches("::*"), depth + 1)?;
        let from = modules.iter().find(|m| m.file == from)?;
        through(modules, from, rest, depth + 1)
    })
}

/// The library's files, each with the files its code imports.
fn import_graph(src: &Path) -> Vec<(PathBuf, BTreeSet<PathBuf>)> {
    let modules = modules(src);
    (modules.iter())
        .map(|m| {
            let code = product_code(&m.file);
            let imports = (paths_named(&code).iter())
                .chain(&children_declared(&code))
                .filter_map(|path| file_named(&modules, &m.path, path, 0))
                .filter(|named| *named != m.file)
                .collect();
            (m.file.clone(), imports)
        })
        .collect()
}

/// The files reachable from `start` by imports.
fn reachable(graph: &[(PathBuf, BTreeSet<PathBuf>)], start: &Path) -> BTreeSet<PathBuf> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![start.to_path_buf()];
    while let Some(file) = stack.pop() {
        let Some((_, imports)) = graph.iter().find(|(f, _)| *f == file) else {
            continue;
        };
        for next in imports {
            if seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    seen
}

/// The import circles (files that import each other, by way of others or
/// not) that take in files of more than one folder, each as its files.
fn circles_across_folders(src: &Path) -> Vec<Vec<String>> {
    let graph = import_graph(src);
    let reach: Vec<(PathBuf, BTreeSet<PathBuf>)> = graph
        .iter()
        .map(|(f, _)| (f.clone(), reachable(&graph, f)))
        .collect();
    let mut circles: Vec<Vec<String>> = Vec::new();
    for (file, from) in &reach {
        let circle: Vec<&PathBuf> = (reach.iter())
            .filter(|(other, back)| other == file || from.contains(other) && back.contains(file))
            .map(|(other, _)| other)
            .collect();
        let folders: BTreeSet<String> = circle.iter().map(|f| folder_of(src, f)).collect();
        let named: Vec<String> = (circle.iter())
            .map(|f| f.strip_prefix(src).expect("in src/").display().to_string())
            .collect();
        if folders.len() > 1 && !circles.contains(&named) {
            circles.push(named);
        }
    }
    circles
}

/// A folder's files lean on those below it: two files of different
/// folders never import each other, not even by way of others (the App
/// and the views once did, the App laying out the views to scroll).
#[test]
fn no_import_circle_runs_between_folders() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let circles = circles_across_folders(&src);
    let said: Vec<String> = circles.iter().map(|c| c.join(" ")).collect();
    assert!(
        said.is_empty(),
        "import circles across folders:\n{}",
        said.join("\n")
    );
}

#[test]
fn the_circle_check_reads_use_trees_inline_paths_and_modules() {
    assert_eq!(
        spread("super::{a, b::{C, d}}"),
        ["super::a", "super::b::C", "super::b::d"]
    );
    let code =
        "pub use crate::ui::{app::App, view as v};\n// we use crate::x;\nfn f() { super::deal::place(x); }\n";
    assert_eq!(
        paths_named(code),
        [
            "crate::ui::app::App",
            "crate::ui::view",
            "crate::x",
            "super::deal::place"
        ]
    );
    let (found, _) = uses(code);
    assert!(found[0].handed_on);
    assert_eq!(named_as("view as v"), ("view".to_string(), "v".to_string()));
    assert_eq!(
        children_declared("mod jump;\npub mod search;\nmod tests {"),
        ["self::jump", "self::search"]
    );
}
