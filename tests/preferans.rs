//! Preferans PPN: the spec's example and its published revisions from
//! ../shared/corpus (skipped with a notice when absent), and the samples
//! written here in both forms.

mod common;

use std::path::Path;

use common::corpus;
use kibitzer::archive::Archive;
use kibitzer::model::{PlayError, Record, Seat, SourceFormat};
use kibitzer::replay::Replay;

fn records(path: &Path) -> Vec<Record> {
    Archive::open(path).expect("opens").records().collect()
}

fn asset(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name)
}

#[test]
fn deal_one_of_the_spec_example_replays_with_the_stated_winners() {
    let Some(dir) = corpus() else { return };
    let path =
        dir.join("ppn-preferans/prefko__portable-preferans-notation/readme_example_2021-03-20_3047d33f.ppn");
    let r = records(&path);
    assert_eq!(r.len(), 4);
    let replay = Replay::new(&r[0]);
    let winners: Vec<Seat> = replay.trick_winners().iter().map(|w| w.unwrap()).collect();
    // 2A12 ... G9B3: player 2 takes seven tricks, player 3 the last three.
    let north = Seat::North; // player 2
    let east = Seat::East; // player 3
    assert_eq!(
        winners,
        [north, north, north, north, north, north, north, east, east, east]
    );
    assert_eq!(replay.len(), 30);
    // The example reuses the same cards trick after trick: that is reported.
    assert!(
        replay
            .timeline
            .problems
            .iter()
            .any(|(_, e)| matches!(e, PlayError::AlreadyPlayed(_)))
    );
    assert!(r[1].play.is_none(), "deal 2 is passed out");
}

#[test]
fn every_published_revision_opens_and_older_layouts_are_reported() {
    let Some(dir) = corpus() else { return };
    let folder = dir.join("ppn-preferans/prefko__portable-preferans-notation");
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let records = records(&path);
        assert_eq!(records.len(), 4, "{name}");
        let current = name.contains("2021") || name.contains("208edbe5");
        let older = records
            .iter()
            .flat_map(|r| &r.problems)
            .any(|p| p.message.contains("older layout"));
        assert_eq!(older, !current, "{name}");
    }
}

#[test]
fn the_samples_read_clean_in_both_forms_and_agree() {
    let bracket = records(&asset("preferans.ppn"));
    let json = records(&asset("preferans.json"));
    assert_eq!(bracket.len(), 5);
    assert_eq!(json.len(), 5);
    for (b, j) in bracket.iter().zip(&json) {
        assert!(
            b.problems.is_empty() && j.problems.is_empty(),
            "{:?} {:?}",
            b.problems,
            j.problems
        );
        assert_eq!(b.format, SourceFormat::PpnPreferans);
        assert_eq!(j.format, SourceFormat::PpnPreferansJson);
        assert_eq!(b.deal, j.deal);
        assert_eq!(
            b.preferans().map(|p| p.contract),
            j.preferans().map(|p| p.contract)
        );
        assert_eq!(Replay::new(b).trick_winners(), Replay::new(j).trick_winners());
    }
    let names: Vec<String> = bracket
        .iter()
        .map(|r| {
            r.preferans()
                .and_then(|p| p.contract)
                .map_or("passed".into(), |c| c.name())
        })
        .collect();
    assert_eq!(names, ["Hearts", "Betl", "Sans", "passed", "Game Spades"]);
    let last = bracket[4].preferans().unwrap();
    assert!(last.refa && last.kontra.is_some());
    assert_eq!(bracket[1].preferans().unwrap().followers.iter().count(), 1);
    assert_eq!(
        Replay::new(&bracket[1]).position(2).trick.len(),
        2,
        "a betl with one follower: tricks of two"
    );
}
