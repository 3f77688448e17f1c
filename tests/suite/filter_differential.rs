//! Every word of the filter language asked of every record of the
//! fixtures, the samples, the corpus and generated archives, against the
//! same question answered by plain Rust over the full reader's records:
//! the language says what the model says.

use crate::common;

use std::path::PathBuf;

use kibitzer::analysis::{DdTable, par};
use kibitzer::archive::Archive;
use kibitzer::filter::{Quantity, Subject};
use kibitzer::model::{Card, HandCard, Outcome, PlayItem, Rank, Record, Seat, Strain, Suit};
use kibitzer::testing::generate::write_archive;

type Plain = fn(&Record) -> Option<String>;

/// A hand the record gives, every card known (`spots`: or a spot).
fn hand(r: &Record, seat: Seat, spots: bool) -> Option<&kibitzer::model::Hand> {
    let deal = r.deal.as_ref()?;
    let hand = &deal.hands[seat];
    let fits = hand.cards().iter().all(|c| match c {
        HandCard::Known(_) => true,
        HandCard::Spot(_) => spots,
        HandCard::Unknown(_) => false,
    });
    (deal.known(seat) && fits).then_some(hand)
}

fn length(r: &Record, seat: Seat, suit: Suit) -> Option<usize> {
    Some(
        hand(r, seat, true)?
            .cards()
            .iter()
            .filter(|c| c.suit() == suit)
            .count(),
    )
}

fn holds(r: &Record, seat: Seat, suit: Suit, rank: Rank) -> Option<bool> {
    Some(hand(r, seat, false)?.contains(Card::new(suit, rank)))
}

fn tricks(r: &Record) -> Option<i64> {
    match r.result()?.outcome? {
        Outcome::Tricks(n) => Some(i64::from(n)),
        Outcome::PassedOut => None,
    }
}

fn strain_text(s: Strain) -> String {
    if s == Strain::NoTrump {
        "NT".to_string()
    } else {
        s.to_string()
    }
}

/// Each word with its plain answer.
const WORDS: &[(&str, Plain)] = &[
    ("hcp(north)", |r| {
        Some(hand(r, Seat::North, false)?.high_card_points().to_string())
    }),
    ("hcp(ns)", |r| {
        let [n, s] =
            [Seat::North, Seat::South].map(|seat| hand(r, seat, false).map(|h| h.high_card_points()));
        Some((n? + s?).to_string())
    }),
    ("spades(west)", |r| {
        Some(length(r, Seat::West, Suit::Spades)?.to_string())
    }),
    ("clubs(east)", |r| {
        Some(length(r, Seat::East, Suit::Clubs)?.to_string())
    }),
    ("controls(south)", |r| {
        // Every card: a double deck's two aces are 4 controls.
        let cards = hand(r, Seat::South, false)?.known_cards();
        Some(
            cards
                .map(|c| [2, 1][..].get(14 - c.rank as usize).copied().unwrap_or(0))
                .sum::<u32>()
                .to_string(),
        )
    }),
    ("hascard(east, AS)", |r| {
        Some(holds(r, Seat::East, Suit::Spades, Rank::Ace)?.to_string())
    }),
    ("balanced(north)", |r| {
        let mut l: Vec<usize> = Suit::DESCENDING
            .iter()
            .map(|&s| length(r, Seat::North, s))
            .collect::<Option<_>>()?;
        l.sort_unstable();
        Some(matches!(l[..], [3, 3, 3, 4] | [2, 3, 4, 4] | [2, 3, 3, 5]).to_string())
    }),
    ("contract", |r| {
        let c = r.contract()?;
        let doubling = ["", "X", "XX"][c.doubling as usize];
        Some(format!("{}{}{doubling}", c.level?, strain_text(c.strain)))
    }),
    ("level", |r| Some(r.contract()?.level?.to_string())),
    ("strain", |r| Some(strain_text(r.contract()?.strain))),
    ("declarer", |r| Some(r.contract()?.declarer.to_string())),
    ("dealer", |r| Some(r.dealer()?.to_string())),
    ("vul", |r| Some(r.vulnerability()?.name().to_string())),
    ("tricks", |r| Some(tricks(r)?.to_string())),
    ("result", |r| {
        Some((tricks(r)? - i64::from(r.contract()?.target()?)).to_string())
    }),
    ("score", |r| Some(r.comparable_score()?.to_string())),
    ("lead", |r| match r.plays().next()?.item {
        PlayItem::Card { suit: Some(s), rank } => Some(format!("{}{}", s.letter(), rank.letter())),
        _ => None,
    }),
    ("board", |r| {
        Some(r.board.as_ref()?.number.trim().parse::<i64>().ok()?.to_string())
    }),
    ("player(north)", |r| r.player(Seat::North).map(str::to_string)),
    ("has(play)", |r| Some(r.plays().next().is_some().to_string())),
    ("has(auction)", |r| {
        Some(r.auction().is_some_and(|a| !a.entries.is_empty()).to_string())
    }),
    ("quiz", |r| Some(r.has_quiz_point().to_string())),
    ("tricks(north, notrump)", |r| {
        Some(r.makes()?.for_seat(Seat::North)[0]?.to_string())
    }),
    ("table", |r| Some(r.table?.to_string())),
    ("par", |r| {
        let table = DdTable::from_makes(r.makes()?)?;
        Some(par(&table, r.vulnerability()?, r.dealer()?).score.to_string())
    }),
];

/// The fixtures, samples and corpus, and two generated archives.
fn files() -> Vec<PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [root.join("tests/fixtures"), root.join("assets")]
        .into_iter()
        .chain(common::corpus())
    {
        common::every_file(&dir, &mut files);
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("filter-differential");
    std::fs::create_dir_all(&dir).unwrap();
    for (format, name) in [
        (kibitzer::model::SourceFormat::Pbn, "g.pbn"),
        (kibitzer::model::SourceFormat::Rbn, "g.rbn"),
    ] {
        let mut out = Vec::new();
        write_archive(format, 400, 27, &mut out).unwrap();
        std::fs::write(dir.join(name), out).unwrap();
        files.push(dir.join(name));
    }
    files
}

#[test]
fn every_word_says_what_the_model_says() {
    let quantities: Vec<(Quantity, Plain)> = WORDS
        .iter()
        .map(|(text, plain)| (Quantity::parse(text).unwrap(), *plain))
        .collect();
    let files = files();
    let results = common::on_every_core(&files, |path| {
        let Ok(archive) = Archive::open(path) else {
            return (0, Vec::new());
        };
        let file = path.display().to_string();
        let mut wrong = Vec::new();
        let mut records = 0;
        for record in archive.records() {
            records += 1;
            for (q, plain) in &quantities {
                let asked = q.of(Subject::new(&record, &file)).map(|t| t.to_string());
                let wanted = plain(&record);
                if asked != wanted && wrong.len() < 5 {
                    wrong.push(format!(
                        "{file} record {}: {} gives {asked:?}, the model {wanted:?}",
                        record.number,
                        q.text()
                    ));
                }
            }
        }
        (records, wrong)
    });
    let records: usize = results.iter().map(|(n, _)| n).sum();
    let wrong: Vec<String> = results.into_iter().flat_map(|(_, w)| w).collect();
    // The generated archives alone are 800, without ../shared.
    assert!(records > 800, "only {records} records read");
    assert!(
        wrong.is_empty(),
        "{} disagreements:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
