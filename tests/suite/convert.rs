//! `kibitzer convert`: the streaming writer writes what the file writers
//! write, what it names as lost is exactly what reading the converted file
//! back loses, and the command speaks as a script expects.

use crate::common;
use common::kibitzer;

use std::path::Path;

use kibitzer::archive::read_checked;
use kibitzer::model::{Game, QuizPoint, Record, Seat, SourceFormat, rotate, turned};
use kibitzer::notation::convert::{Target, Writer, differing, losses};
use kibitzer::notation::{lin, pbn, rbn};
use kibitzer::replay::Timeline;
use kibitzer::testing::generate::{Rng, record};

fn manifest(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(name)
        .display()
        .to_string()
}

fn generated(count: usize) -> Vec<Record> {
    let mut rng = Rng::new(7);
    (1..=count).map(|n| record(&mut rng, n)).collect()
}

/// The records written one at a time, as `convert` writes them.
fn streamed(records: &[Record], target: Target) -> String {
    let mut writer = Writer::new(target);
    let mut out = String::new();
    writer.start(&mut out);
    for r in records {
        writer
            .record(r, &mut out)
            .expect("the target takes a bridge record");
    }
    writer.finish(&mut out);
    out
}

fn read_file(path: &str) -> Vec<Record> {
    let bytes = std::fs::read(path).expect("the file is there");
    let format = kibitzer::notation::detect::detect(Path::new(path), &bytes).expect("a notation");
    read_checked(&bytes, format).collect()
}

#[test]
fn records_written_one_at_a_time_are_the_file_the_writers_write() {
    let records = generated(40);
    assert_eq!(streamed(&records, Target::Rbn), rbn::write_rbn(&records));
    assert_eq!(streamed(&records, Target::Rbx), rbn::write_rbx(&records));
    assert_eq!(streamed(&records, Target::Pbn), pbn::write_pbn(&records).unwrap());
    assert_eq!(streamed(&records, Target::Lin), lin::write_lin(&records).unwrap());
}

/// Every record of the file, converted to every target and the whole
/// converted file read back: the fields named as lost are exactly those
/// that came back otherwise.
fn names_exactly_what_is_lost(path: &str) {
    let records = read_file(path);
    assert!(!records.is_empty(), "{path} has records");
    for target in Target::ALL {
        let text = streamed(&records, target);
        let back: Vec<Record> = read_checked(text.as_bytes(), target.format()).collect();
        assert_eq!(back.len(), records.len(), "{path} as {target}:\n{text}");
        for (r, b) in records.iter().zip(&back) {
            let named = losses(r, target).expect("written");
            assert_eq!(
                differing(r, b),
                named,
                "{path} record {} as {target}:\n{text}",
                r.number
            );
        }
    }
}

#[test]
fn what_convert_names_is_what_the_converted_file_loses() {
    names_exactly_what_is_lost(&manifest("assets/sample.rbn"));
    names_exactly_what_is_lost(&manifest("tests/fixtures/article.rbn"));
}

#[test]
fn rbn_keeps_everything_the_sample_says() {
    for r in read_file(&manifest("assets/sample.rbn")) {
        assert_eq!(losses(&r, Target::Rbn), Ok(Vec::new()), "record {}", r.number);
        assert_eq!(losses(&r, Target::Rbx), Ok(Vec::new()), "record {}", r.number);
    }
}

#[test]
fn an_all_pass_and_bare_ranks_reach_lin_as_passes_and_cards() {
    let records = read_file(&manifest("assets/sample.rbn"));
    // Record 1 ends its auction with `A` and follows suit with bare ranks.
    let lost = losses(&records[0], Target::Lin).unwrap();
    assert!(!lost.contains(&"the calls"), "{lost:?}");
    assert!(!lost.contains(&"the contract"), "{lost:?}");
    let line = streamed(&records[..1], Target::Lin);
    assert!(line.contains("mb|d|mb|p|mb|p|mb|p|pc|"), "{line}");
    assert!(line.contains("pc|CK|pc|C9|pc|C7|"), "{line}");
}

#[test]
fn convert_writes_the_target_and_names_each_loss_on_standard_error() {
    let sample = manifest("assets/sample.rbn");
    let out = kibitzer(&["convert", &sample, "--to", "pbn"]);
    assert_eq!(out.status.code(), Some(0));
    let written = String::from_utf8(out.stdout).unwrap();
    assert!(written.starts_with("% PBN 2.1\n% EXPORT\n"), "{written}");
    assert_eq!(written.matches("[Deal ").count(), 8);
    let told = String::from_utf8(out.stderr).unwrap();
    let first = format!("{sample}:2:1: record 1: PBN has no place for the title, the commentary's bold");
    assert!(told.starts_with(&first), "{told}");
    assert!(
        told.ends_with("8 records converted to PBN; 8 lost what PBN has no place for\n"),
        "{told}"
    );
}

#[test]
fn convert_quiet_counts_and_out_writes_a_file() {
    let sample = manifest("assets/sample.rbn");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sample.lin");
    let target = file.display().to_string();
    let out = kibitzer(&["convert", &sample, "--to", "LIN", "--quiet", "--out", &target]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "8 records converted to LIN; 8 lost what LIN has no place for (without --quiet, each is named)\n"
    );
    let back = read_file(&target);
    assert_eq!(back.len(), 8);
    assert_eq!(back[0].format, SourceFormat::Lin);
}

#[test]
fn convert_to_json_is_dump_and_an_unknown_target_is_refused() {
    let sample = manifest("assets/sample.rbn");
    let json = kibitzer(&["convert", &sample, "--to", "json"]);
    let dump = kibitzer(&["dump", &sample]);
    assert_eq!(json.stdout, dump.stdout);
    let wrong = kibitzer(&["convert", &sample, "--to", "dup"]);
    assert_eq!(wrong.status.code(), Some(2));
    let told = String::from_utf8(wrong.stderr).unwrap();
    assert!(told.contains("`dup` is not a notation kibitzer writes"), "{told}");
}

#[test]
fn a_game_the_target_cannot_hold_is_named_and_not_written() {
    let preferans = manifest("assets/preferans.ppn");
    let out = kibitzer(&["convert", &preferans, "--to", "pbn"]);
    assert_eq!(out.status.code(), Some(1));
    let told = String::from_utf8(out.stderr).unwrap();
    assert!(
        told.contains(": record 1: not written: record 1 is not a bridge deal"),
        "{told}"
    );
    let written = String::from_utf8(out.stdout).unwrap();
    assert_eq!(written, "% PBN 2.1\n% EXPORT\n");
}

/// The record with its double-dummy tricks written out seat by seat: a
/// turned record writes its shortcuts in full.
fn makes_in_full(mut r: Record) -> (Record, Vec<[Option<u8>; 5]>) {
    let makes = r
        .makes()
        .map(|m| SEATS.map(|s| m.for_seat(s)).to_vec())
        .unwrap_or_default();
    if let Game::Bridge(bridge) = &mut r.game {
        bridge.makes = None;
    }
    (r, makes)
}

const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

fn turned_records() -> Vec<Record> {
    let mut records = generated(30);
    records.extend(read_file(&manifest("assets/sample.rbn")));
    records.extend(read_file(&manifest("tests/fixtures/article.rbn")));
    records
}

#[test]
fn four_quarter_turns_give_back_the_record() {
    for r in turned_records() {
        let mut turning = r.clone();
        let mut seen = Vec::new();
        for _ in 0..4 {
            assert!(rotate(&mut turning, 1), "record {} is bridge", r.number);
            seen.push(turning.deal.clone());
        }
        assert_eq!(
            makes_in_full(turning),
            makes_in_full(r.clone()),
            "record {}",
            r.number
        );
        if r.deal.is_some() {
            // Each quarter turn moved the hands: no two of the four agree.
            assert_ne!(seen[0], seen[1], "record {}", r.number);
        }
    }
}

#[test]
fn a_quarter_turn_moves_every_seat_and_side() {
    let records = read_file(&manifest("assets/sample.rbn"));
    let r = &records[0];
    let mut t = r.clone();
    rotate(&mut t, 1);
    let (deal, turned_deal) = (r.deal.as_ref().unwrap(), t.deal.as_ref().unwrap());
    for seat in SEATS {
        assert_eq!(turned_deal.hands[turned(seat, 1)], deal.hands[seat]);
    }
    assert_eq!(t.dealer(), r.dealer().map(|s| turned(s, 1)));
    assert_eq!(t.declarer(), r.declarer().map(|s| turned(s, 1)));
    let names = |r: &Record, s: Seat| r.players.as_ref().and_then(|p| p.name(0, s)).map(str::to_string);
    assert_eq!(names(&t, Seat::North), names(r, Seat::West));
    // North-South's score is now East-West's, who sat there.
    let score = |r: &Record| r.result().and_then(|x| x.score);
    assert_eq!(score(&t), score(r).map(|s| -s));
}

#[test]
fn a_quiz_asks_the_turned_seat_its_question() {
    let records = read_file(&manifest("assets/sample.rbn"));
    let quiz = records
        .iter()
        .find(|r| !r.quiz_points().is_empty())
        .expect("the sample has a quiz");
    let asked = |r: &Record| {
        let timeline = Timeline::new(r);
        let points = r.quiz_points();
        let hidden: Vec<Seat> = r.deal.as_ref().unwrap().hidden.iter().collect();
        let to_play = match points[0] {
            QuizPoint::BeforeCard(n) => r.leader().map(|l| timeline.steps.get(n).map_or(l, |s| s.seat)),
            QuizPoint::BeforeCall(n) => r.auction().map(|a| a.calls().0[n].seat),
        };
        (points, hidden, to_play)
    };
    let (points, hidden, seat) = asked(quiz);
    for quarters in 1..4 {
        let mut t = quiz.clone();
        rotate(&mut t, quarters);
        let (turned_points, turned_hidden, turned_seat) = asked(&t);
        assert_eq!(turned_points, points);
        let expected: Vec<Seat> = hidden.iter().map(|&s| turned(s, quarters)).collect();
        let mut got = turned_hidden.clone();
        got.sort();
        let mut want = expected.clone();
        want.sort();
        assert_eq!(got, want, "quarters {quarters}");
        assert_eq!(
            turned_seat,
            seat.map(|s| turned(s, quarters)),
            "quarters {quarters}"
        );
    }
}

#[test]
fn convert_rotate_south_seats_each_declarer_south() {
    let sample = manifest("assets/sample.rbn");
    let out = kibitzer(&["convert", &sample, "--to", "pbn", "--rotate", "south", "--quiet"]);
    assert_eq!(out.status.code(), Some(0));
    let written = String::from_utf8(out.stdout).unwrap();
    let back: Vec<Record> = read_checked(written.as_bytes(), SourceFormat::Pbn).collect();
    let original = read_file(&sample);
    for (r, b) in original.iter().zip(&back) {
        let expected = if r.declarer().is_some() {
            Some(Seat::South)
        } else {
            None
        };
        assert_eq!(b.declarer(), expected, "record {}", r.number);
    }
    let wrong = kibitzer(&["convert", &sample, "--to", "pbn", "--rotate", "nw=south"]);
    assert_eq!(wrong.status.code(), Some(2));
    assert!(
        String::from_utf8(wrong.stderr)
            .unwrap()
            .contains("`nw` is not a bridge seat")
    );
}

fn read_text(text: &str, format: SourceFormat) -> Vec<Record> {
    read_checked(text.as_bytes(), format).collect()
}

#[test]
fn an_event_with_a_colon_keeps_its_words_through_rbn_and_pbn_writes_both_parts() {
    let pbn = "[Event \"2021 Online Qual: Open R2\"]\n[Site \"Club\"]\n[Board \"1\"]\n";
    let r = &read_text(pbn, SourceFormat::Pbn)[0];
    assert_eq!(losses(r, Target::Rbn), Ok(Vec::new()));
    let rbn = streamed(std::slice::from_ref(r), Target::Rbn);
    assert!(rbn.contains("E 2021 Online Qual: Open R2\n"), "{rbn}");
    // RBN reads the colon as its separator; PBN writes the two parts as one.
    let back = &read_text(&rbn, SourceFormat::Rbn)[0];
    assert_eq!(back.event.as_ref().unwrap().second.as_deref(), Some(" Open R2"));
    let again = streamed(std::slice::from_ref(back), Target::Pbn);
    assert!(again.contains("[Event \"2021 Online Qual: Open R2\"]"), "{again}");
}

#[test]
fn hidden_hands_without_cards_stay_hidden_in_rbn_and_pbn() {
    let rbn = "% RBN\nB 1\nH S;QT8.AT764.KQJ93;;\n";
    let r = &read_text(rbn, SourceFormat::Rbn)[0];
    let hidden = |r: &Record| r.deal.as_ref().unwrap().hidden.iter().count();
    assert_eq!(hidden(r), 3);
    for target in [Target::Rbn, Target::Rbx, Target::Pbn] {
        assert_eq!(losses(r, target), Ok(Vec::new()), "{target}");
    }
    assert!(streamed(std::slice::from_ref(r), Target::Rbn).contains("H S;QT8.AT764.KQJ93;;\n"));
    let pbn = streamed(std::slice::from_ref(r), Target::Pbn);
    assert!(pbn.contains("[Hidden \"NSW\"]"), "{pbn}");
}

#[test]
fn rbn_writes_no_note_above_nine_and_names_the_ones_it_leaves_out() {
    let calls: Vec<String> = (1..=10).map(|n| format!("{n}C {n}")).collect();
    let pbn = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Auction \"N\"]\n1C =1= 1D =2= 1H =3= 1S =4=\n\
         1N =5= 2C =6= 2D =7= 2H =8=\n2S =9= 2N =10= Pass Pass\nPass\n{}\n",
        calls
            .iter()
            .map(|c| {
                let (n, text) = c.split_once(' ').unwrap();
                format!("[Note \"{}:note {text}\"]\n", &n[..n.len() - 1])
            })
            .collect::<String>()
    );
    let r = &read_text(&pbn, SourceFormat::Pbn)[0];
    assert_eq!(r.notes.len(), 10, "{pbn}");
    let rbn = streamed(std::slice::from_ref(r), Target::Rbn);
    assert!(rbn.contains("\n9 note 9\n") && !rbn.contains("\n10 "), "{rbn}");
    assert_eq!(
        losses(r, Target::Rbn),
        Ok(vec!["the calls' alerts, notes and marks", "the notes"])
    );
    let back = &read_text(&rbn, SourceFormat::Rbn)[0];
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert_eq!(back.contract(), r.contract());
}

#[test]
fn pbn_writes_the_scoring_in_words_its_reader_knows() {
    for (value, kept) in [("IMP", true), ("MP", true), ("BAM", true), ("Facit", true)] {
        let r = &read_text(
            &format!("[Board \"1\"]\n[Scoring \"{value}\"]\n"),
            SourceFormat::Pbn,
        )[0];
        assert_eq!(losses(r, Target::Pbn).unwrap().is_empty(), kept, "{value}");
    }
    let rbn = &read_text("% RBN\nF T\nB 1\n", SourceFormat::Rbn)[0];
    let pbn = streamed(std::slice::from_ref(rbn), Target::Pbn);
    assert!(pbn.contains("[Scoring \"Total points\"]"), "{pbn}");
    assert_eq!(losses(rbn, Target::Pbn), Ok(vec!["the scoring"]));
}

#[test]
fn pbn_writes_suffixes_as_export_nags_after_the_note() {
    let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n\
               [Declarer \"N\"]\n[Contract \"7NT\"]\n[Result \"\"]\n\
               [Auction \"N\"]\n7NT ! =1= Pass ?? Pass Pass\n[Note \"1:grand\"]\n[Play \"E\"]\nST ? S6 S2 SA !?\n*\n";
    let r = &read_text(pbn, SourceFormat::Pbn)[0];
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let written = streamed(std::slice::from_ref(r), Target::Pbn);
    assert!(written.contains("7NT =1= $1 Pass $4 Pass Pass\n"), "{written}");
    assert!(written.contains("ST $8 S6 S2 SA $11\n"), "{written}");
    assert_eq!(losses(r, Target::Pbn), Ok(Vec::new()));
}

#[test]
fn lin_opens_every_board_with_its_names_known_or_not() {
    let rbn = "% RBN\nB 1\nH N:AKQJ.AKQ.AKQ.AKQ:T987.JT9.JT9.JT9:6543.876.876.876:\nA NZ:1CPPP\nC 1C:N\n";
    let r = &read_text(rbn, SourceFormat::Rbn)[0];
    assert!(r.players.is_none());
    let line = streamed(std::slice::from_ref(r), Target::Lin);
    assert!(line.starts_with("pn|,,,|st||md|"), "{line}");
    assert_eq!(losses(r, Target::Lin), Ok(Vec::new()));
}

#[test]
fn pbn_keeps_the_score_and_the_effective_score() {
    for effective in ["+5", "62.5"] {
        let rbn = format!(
            "% RBN\nB 1\nH N:AKQJ.AKQ.AKQ.AKQ:T987.JT9.JT9.JT9:6543.876.876.876:\nA NZ:1NPPP\nC 1N:N\nR 7+90:{effective}\n"
        );
        let r = &read_text(&rbn, SourceFormat::Rbn)[0];
        assert!(r.result().and_then(|x| x.effective).is_some(), "{effective}");
        let pbn = streamed(std::slice::from_ref(r), Target::Pbn);
        assert!(pbn.contains("[Score \"NS 90\"]"), "{pbn}");
        assert_eq!(losses(r, Target::Pbn), Ok(Vec::new()), "{pbn}");
    }
}
