//! Round trips through LIN: generated records, given what LIN carries
//! (alerts, explanations, pauses, commentary at its call or card, a claim
//! before the play is over), are written with `write_lin` and read back;
//! the record must come back as it was, apart from what LIN has no place
//! for (the event) and what reading adds by itself (positions, first
//! lines, the claim's own words).

use kibitzer::model::{
    Annotation, Commentary, DealResult, EntryRef, Outcome, Pause, Play, Pos, Record, RichText, SourceFormat,
    WrittenTrick,
};
use kibitzer::notation::lin::{claim_text, read, write_lin};
use kibitzer::testing::generate::{Rng, record};
use proptest::prelude::*;

fn normalise(r: &mut Record) {
    r.line = 0;
    r.problems.clear();
    if let Some(a) = r.bridge_mut().auction.as_mut() {
        a.entries.iter_mut().for_each(|e| e.pos = Pos::default());
    }
    if let Some(p) = r.play.as_mut() {
        for trick in &mut p.tricks {
            trick.plays.iter_mut().for_each(|e| e.pos = Pos::default());
        }
    }
    r.notes.iter_mut().for_each(|n| n.pos = Pos::default());
    r.commentary.iter_mut().for_each(|c| c.pos = Pos::default());
}

/// What varies a generated record into one that uses LIN's own features.
#[derive(Debug, Clone)]
struct Twist {
    alert: usize,
    pauses: bool,
    /// Cards played before a claim of this many tricks.
    claim: Option<(usize, u8)>,
    comment_on: Option<usize>,
}

fn twist() -> impl Strategy<Value = Twist> {
    (
        0usize..8,
        any::<bool>(),
        proptest::option::of((0usize..52, 0u8..=13)),
        proptest::option::of(0usize..60),
    )
        .prop_map(|(alert, pauses, claim, comment_on)| Twist {
            alert,
            pauses,
            claim,
            comment_on,
        })
}

/// A generated record with the twist applied, as LIN should give it back.
fn lin_record(seed: u64, number: usize, t: &Twist) -> Record {
    let mut r = record(&mut Rng::new(seed), number);
    r.format = SourceFormat::Lin;
    r.event = None;
    let calls = r.auction().map_or(0, |a| a.entries.len());
    // An explanation stands after the call it explains: one that explains
    // none (the generator's note to an opening bid never made) has no place.
    let explained = |n: u8| {
        r.auction().is_some_and(|a| {
            a.entries
                .iter()
                .any(|e| e.annotations.contains(&Annotation::Note(n)))
        })
    };
    let notes: Vec<_> = r.notes.iter().filter(|n| explained(n.number)).cloned().collect();
    r.notes = notes;
    if let Some(entry) = r
        .bridge_mut()
        .auction
        .as_mut()
        .and_then(|a| a.entries.get_mut(t.alert))
    {
        entry.annotations.insert(0, Annotation::Conventional);
    }
    let cards: Vec<_> = r.plays().cloned().collect();
    if let (Some((kept, tricks)), true) = (t.claim, r.contract().is_some()) {
        let kept = kept.min(cards.len());
        let tricks_of = cards[..kept].chunks(4).map(|c| WrittenTrick {
            plays: c.iter().cloned().collect(),
            ..WrittenTrick::default()
        });
        r.play = Some(Play {
            tricks: tricks_of.collect(),
        })
        .filter(|_| kept > 0);
        r.bridge_mut().result = Some(DealResult {
            outcome: Some(Outcome::Tricks(tricks)),
            ..DealResult::default()
        });
        r.commentary.push(Commentary {
            after: Some('P'),
            entry: kept.checked_sub(1).map(EntryRef::Play),
            text: kibitzer::notation::markup::rich(&claim_text(r.declarer(), tricks)),
            pos: Pos::default(),
        });
    }
    let played = r.plays().count();
    if let Some(at) = t.comment_on.filter(|&at| at < calls + played) {
        let entry = if at < calls {
            EntryRef::Call(at)
        } else {
            EntryRef::Play(at - calls)
        };
        let mut text = RichText::default();
        text.push_text("well judged", kibitzer::model::Emphasis::PLAIN);
        let c = Commentary {
            after: None,
            entry: Some(entry),
            text,
            pos: Pos::default(),
        };
        r.commentary.insert(1, c);
    }
    if t.pauses {
        let after_tricks = (0..=played).step_by(4).map(|cards| Pause { calls, cards });
        r.bridge_mut().pauses = after_tricks.collect();
    }
    r
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn records_come_back_from_lin(seed in any::<u64>(), twists in proptest::collection::vec(twist(), 1..4)) {
        let records: Vec<Record> = twists
            .iter()
            .enumerate()
            .map(|(i, t)| lin_record(seed.wrapping_add(i as u64), i + 1, t))
            .collect();
        let text = write_lin(&records).unwrap();
        let mut back = read(text.as_bytes());
        back.iter_mut().for_each(normalise);
        // Commentary is compared in the order the file gives it.
        let mut expected = records.clone();
        for (e, b) in expected.iter_mut().zip(&back) {
            let order = |c: &Commentary| b.commentary.iter().position(|x| x == c);
            e.commentary.sort_by_key(order);
        }
        prop_assert_eq!(&back, &expected, "LIN written:\n{}", text);
        prop_assert_eq!(write_lin(&back).unwrap(), text);
    }
}
