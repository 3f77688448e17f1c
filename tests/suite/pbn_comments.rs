//! Where a PBN comment shows in the replay. The spec ties a comment to the
//! tag, call or card before it: one after a Note tag is about that note,
//! and comes with the call or card that refers to the note.

use crate::common;

use kibitzer::model::{Record, SourceFormat};
use kibitzer::notation::reading::Reading;
use kibitzer::replay::{Replay, opening, shown, stops};

/// For each stop from where the deal opens (past the steps through a
/// bridge auction), the plain text of the commentary shown there.
fn reached(record: &Record) -> Vec<Vec<String>> {
    let replay = Replay::new(record);
    let stops = stops(record, &replay);
    (opening(&stops)..stops.len())
        .map(|at| {
            let s = shown(record, &replay, &stops, at);
            s.commentary
                .iter()
                .map(|&i| record.commentary[i].text.plain())
                .collect()
        })
        .collect()
}

/// The first stop showing `text`.
fn first(reached: &[Vec<String>], text: &str) -> Option<usize> {
    reached.iter().position(|at| at.iter().any(|c| c == text))
}

const GAME: &str = "[Deal \"N:AKQ.AKQ.AKQ.AKQJ 432.432.432.5432 JT9.JT9.JT9.T987 8765.8765.8765.6\"]
[Dealer \"N\"]
[Contract \"7N\"]
[Declarer \"N\"]
[Auction \"N\"]
7NT =1= Pass Pass Pass
[Note \"1:grand slam\"] {on the auction's note}
[Play \"E\"]
S2 ST S5 SA
S3 =1= S9 S6 SK
S4 SJ S7 {on the trick} SQ
*
[Note \"1:the last spade\"] {on the play's note}
{and more on it}
[Result \"13\"]
";

#[test]
fn a_comment_on_a_play_note_comes_with_the_card_that_refers_to_it() {
    let record = Reading::new(GAME.as_bytes(), SourceFormat::Pbn).next().unwrap();
    assert!(record.problems.is_empty(), "{:?}", record.problems);
    let reached = reached(&record);
    // East's S3 is the sixth card played: its note shows from stop 6,
    // the comment on it too, and not with SQ, the last card written.
    assert_eq!(first(&reached, "on the play's note"), Some(6), "{reached:?}");
    assert_eq!(first(&reached, "and more on it"), Some(6));
    assert_eq!(first(&reached, "on the trick"), Some(12));
    // The whole auction is on screen from the start, and its note.
    assert_eq!(first(&reached, "on the auction's note"), Some(0));
}

#[test]
fn the_spec_test_files_comments_on_notes_come_with_their_notes() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let path = corpus.join("pbn/timheilman__bridge-pbn/spec/resource/reference_impl_tests/correct_10.pbn");
    let bytes = std::fs::read(path).unwrap();
    let record = Reading::new(&bytes, SourceFormat::Pbn)
        .find(|r| r.commentary.iter().any(|c| c.text.plain() == "Note 1b comment"))
        .expect("game 25 of the file");
    let reached = reached(&record);
    // Play note 1 is referred to by the first card, West's king of spades.
    assert_eq!(first(&reached, "Note 1b comment"), Some(1), "{reached:?}");
    assert_eq!(first(&reached, "2nd Note 1b comment"), Some(1));
    assert!(first(&reached, "Note 2b comment").unwrap() > 1);
}

/// Comments between the deal's tags, just before the Auction tag and right
/// after it, before the first call.
fn before_the_bidding(auction: &str) -> String {
    format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n{{between the tags}}\n\
         [Deal \"N:AKQ.AKQ.AKQ.AKQJ 432.432.432.5432 JT9.JT9.JT9.T987 8765.8765.8765.6\"]\n\
         [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"13\"]\n{{before the auction}}\n\
         [Auction \"N\"]\n{{before the first call}}\n{auction}\n{{after the calls}}\n\
         [Play \"E\"]\nS2 ST S5 SA\n*\n"
    )
}

#[test]
fn comments_written_before_the_bidding_show_before_the_first_card() {
    let text = before_the_bidding("7NT Pass Pass Pass");
    let record = Reading::new(text.as_bytes(), SourceFormat::Pbn).next().unwrap();
    assert!(record.problems.is_empty(), "{:?}", record.problems);
    let reached = reached(&record);
    // The auction is on screen whole from the first stop, before the lead.
    for said in [
        "between the tags",
        "before the auction",
        "before the first call",
        "after the calls",
    ] {
        assert_eq!(first(&reached, said), Some(0), "{said}: {reached:?}");
    }
}

#[test]
fn in_a_bidding_quiz_the_text_before_the_auction_is_the_answer_and_waits() {
    // BridgeComposer and BEN's challenges write the answer (a Facit's
    // scores, "Answer: 4S") before the Auction tag: shown at the question,
    // it would give the answer away.
    let text = before_the_bidding("7NT Pass Pass ____");
    let record = Reading::new(text.as_bytes(), SourceFormat::Pbn).next().unwrap();
    let reached = reached(&record);
    assert!(reached[0].is_empty(), "the question: {reached:?}");
    for said in [
        "between the tags",
        "before the auction",
        "before the first call",
        "after the calls",
    ] {
        assert_eq!(first(&reached, said), Some(1), "{said}: {reached:?}");
    }
}
