//! Every fuzz target's seeds (`fuzz/seeds/TARGET`) and every input that
//! once crashed it (`tests/fixtures/fuzz/TARGET`) run through the target's
//! own code on every `cargo test`, so CI replays them without cargo-fuzz
//! or a nightly toolchain. A crash found by fuzzing is kept by copying its
//! input into the fixtures folder of its target.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use kibitzer::testing::fuzz::TARGETS;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The files of a folder in name order; none where there is no folder.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable folder").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_seed_and_every_crash_runs_clean_through_its_target() {
    let mut failed = Vec::new();
    let mut inputs = 0;
    for (name, target) in TARGETS {
        let seeds = files_in(&root().join("fuzz/seeds").join(name));
        assert!(
            !seeds.is_empty(),
            "fuzz target {name} has no seeds in fuzz/seeds/{name}"
        );
        let crashes = files_in(&root().join("tests/fixtures/fuzz").join(name));
        for path in seeds.iter().chain(&crashes) {
            let bytes = fs::read(path).expect("a readable input");
            inputs += 1;
            if catch_unwind(AssertUnwindSafe(|| target(&bytes))).is_err() {
                failed.push(format!("{name}: {}", path.display()));
            }
        }
    }
    assert!(
        failed.is_empty(),
        "these inputs fail their fuzz target:\n{}",
        failed.join("\n")
    );
    assert!(inputs >= TARGETS.len(), "only {inputs} inputs were replayed");
}

#[test]
fn the_crash_fixtures_are_replayed() {
    // A fixture outside a target's folder would be replayed by nothing.
    let stray = files_in(&root().join("tests/fixtures/fuzz"));
    assert!(
        stray.is_empty(),
        "put each crash input in its target's folder: {stray:?}"
    );
    let kept = TARGETS
        .iter()
        .map(|(name, _)| files_in(&root().join("tests/fixtures/fuzz").join(name)).len())
        .sum::<usize>();
    assert!(kept >= 3, "the access target's three kept crashes are missing");
}

/// The fuzz crate's binaries, its target files and the replayed list are
/// the same names, and each target file runs the shared body: a target
/// added on one side only would go unreplayed.
#[test]
fn the_fuzz_crate_runs_exactly_the_replayed_targets() {
    let manifest = fs::read_to_string(root().join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
    let mut bins: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|n| *n != "kibitzer-fuzz")
        .collect();
    bins.sort();
    let names: Vec<&str> = TARGETS.iter().map(|(n, _)| *n).collect();
    assert_eq!(bins, names, "fuzz/Cargo.toml's binaries");
    for name in names {
        let file = root().join(format!("fuzz/fuzz_targets/{name}.rs"));
        let text = fs::read_to_string(&file).expect("a target file per binary");
        assert!(
            text.contains(&format!("fuzz::{name}(data)")),
            "{} does not run kibitzer::testing::fuzz::{name}",
            file.display()
        );
    }
}
