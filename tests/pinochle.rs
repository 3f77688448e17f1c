//! Portable Pinochle Notation over the samples written here (no public
//! sample files exist): every form and variant the samples cover.

use std::path::{Path, PathBuf};

use kibitzer::archive::Archive;
use kibitzer::model::{Record, Rules, Seat, Segment, SegmentPoint, SourceFormat, Suit};
use kibitzer::replay::Replay;

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/pinochle")
        .join(name)
}

fn records(name: &str) -> Vec<Record> {
    Archive::open(&sample(name)).expect("opens").records().collect()
}

#[test]
fn every_sample_reads_clean() {
    for name in [
        "four-handed-export.ppn",
        "import-minimal.ppn",
        "three-handed-kitty.ppn",
        "passing-and-termination.ppn",
        "six-handed.ppn",
    ] {
        for r in records(name) {
            assert_eq!(r.format, SourceFormat::PpnPinochle);
            assert!(r.problems.is_empty(), "{name}: {:?}", r.problems);
        }
    }
}

#[test]
fn a_double_deck_export_hand_has_every_mandatory_tag() {
    let r = &records("four-handed-export.ppn")[0];
    assert_eq!(
        r.rules(),
        Rules::Pinochle {
            double_deck: true,
            players: 4
        }
    );
    let deal = r.deal.as_ref().unwrap();
    assert!(
        Rules::Pinochle {
            double_deck: true,
            players: 4
        }
        .seats()
        .iter()
        .all(|&s| deal.hands[s].len() == 20)
    );
    let p = r.pinochle().unwrap();
    assert_eq!(
        (p.contract.as_deref(), p.declarer, p.trump),
        (Some("60"), Some(Seat::West), Some(Suit::Hearts))
    );
    assert_eq!(p.melds.len(), 4);
    assert_eq!(p.rounds.len(), 2);
    assert!(!p.meld_scores.is_empty() && !p.play_scores.is_empty() && !p.hand_scores.is_empty());
    assert_eq!(p.result.as_deref(), Some("Saved"));
    let replay = Replay::new(r);
    assert_eq!(replay.len(), 80);
    assert_eq!(replay.trick_winners().len(), 20);
    let note = &p.notes[1];
    let at = |n, m| SegmentPoint {
        segment: Segment::Play,
        n: Some(n),
        m: Some(m),
    };
    assert!(
        note.shows_at(at(2, 1))
            && note.shows_at(at(4, 4))
            && !note.shows_at(at(5, 1))
            && !note.shows_at(at(1, 4))
    );
}

#[test]
fn an_import_hand_needs_only_dealer_auction_trump_and_play() {
    let r = &records("import-minimal.ppn")[0];
    assert!(r.deal.is_none());
    let p = r.pinochle().unwrap();
    assert_eq!((p.dealer, p.trump), (Some(Seat::East), Some(Suit::Spades)));
    assert_eq!(Replay::new(r).trick_winners().len(), 20);
}

#[test]
fn three_handed_single_deck_takes_the_kitty() {
    let r = &records("three-handed-kitty.ppn")[0];
    assert_eq!(
        r.rules(),
        Rules::Pinochle {
            double_deck: false,
            players: 3
        }
    );
    let p = r.pinochle().unwrap();
    assert_eq!(p.kitty.len(), 3);
    assert!(p.discard.is_some());
    let replay = Replay::new(r);
    assert_eq!(
        replay.position(0).hands[Seat::SouthEast].len(),
        15,
        "kitty taken, three laid aside"
    );
}

#[test]
fn partners_pass_and_a_hand_can_end_early() {
    let r = records("passing-and-termination.ppn");
    assert_eq!(r.len(), 2);
    let p = r[0].pinochle().unwrap();
    assert_eq!(
        p.passed
            .iter()
            .map(|(from, to, _)| (*from, *to))
            .collect::<Vec<_>>(),
        [(Seat::West, Seat::East), (Seat::East, Seat::West)]
    );
    assert_eq!(r[1].event, r[0].event, "`#` and `##` carry the event");
    let ended = r[1].pinochle().unwrap();
    assert_eq!(ended.termination.as_deref(), Some("-:Abandoned"));
    let replay = Replay::new(&r[1]);
    assert_eq!(
        replay.len(),
        10,
        "two tricks and two throws of the third before `*`"
    );
}

#[test]
fn six_seats_play_round_the_table() {
    let r = &records("six-handed.ppn")[0];
    assert_eq!(r.rules().seats().len(), 6);
    let replay = Replay::new(r);
    assert_eq!(replay.len(), 48);
    assert_eq!(replay.position(6).trick.len(), 6);
}
