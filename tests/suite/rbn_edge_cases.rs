//! Inputs a review found mishandled: each test states what a reader must do
//! with them.

use kibitzer::archive::read_checked;
use kibitzer::model::{PlayError, Record, Seat, SourceFormat};
use kibitzer::replay::Replay;

fn read(text: &str, format: SourceFormat) -> Vec<Record> {
    read_checked(text.as_bytes(), format).collect()
}

fn messages(r: &Record) -> Vec<String> {
    r.problems
        .iter()
        .map(|p| format!("{}: {}", p.pos, p.message))
        .collect()
}

#[test]
fn rbx_keeps_the_record_on_a_line_that_starts_with_a_percent_piece() {
    let records = read("% RBX test}B 1}A NZ:1S\n%RBX note}B 2\n", SourceFormat::Rbx);
    let boards: Vec<String> = records
        .iter()
        .map(|r| r.board.as_ref().unwrap().number.clone())
        .collect();
    assert_eq!(boards, ["1", "2"]);
}

#[test]
fn rbx_free_text_may_hold_a_lone_bang() {
    let records = read("B 1}{one}!}two}}A NZ:1S\n", SourceFormat::Rbx);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].commentary[0].text.plain(), "one\n!\ntwo");
    assert!(records[0].auction().is_some());
    assert!(records[0].problems.is_empty(), "{:?}", messages(&records[0]));
}

#[test]
fn the_rest_goes_to_the_fourth_hand_after_spots_are_placed() {
    let records = read(
        "H N:AKxxx.xxx.xxx.xx:QJx.Kxxx.KQxx.xx:Txx.QJx.AJx.AKQx:\n",
        SourceFormat::Rbn,
    );
    let deal = records[0].deal.as_ref().unwrap();
    assert_eq!(deal.hands[Seat::West].len(), 13);
    assert!(records[0].problems.is_empty(), "{:?}", messages(&records[0]));
}

#[test]
fn too_many_spots_in_a_suit_are_reported() {
    let records = read("H N:xxxxxxxxxxxxx:AK\n", SourceFormat::Rbn);
    assert_eq!(
        messages(&records[0]),
        ["1:3: the hands hold 15 spades; a suit has 13 cards"]
    );
}

#[test]
fn a_spot_card_played_by_its_real_holder_is_no_problem() {
    let text = "H N:AKxxx.xxx.xxx.xx:QJx.Kxxx.KQxx.xx:Txx.QJx.AJx.AKQx:x.ATx.Txx.JTxxx\nC 3N:S\nP S2\n";
    let records = read(text, SourceFormat::Rbn);
    assert!(records[0].problems.is_empty(), "{:?}", messages(&records[0]));
}

#[test]
fn trailing_spaces_do_not_leave_free_text_open() {
    let records = read("B 1\n{one}  \nC 1S:N\n", SourceFormat::Rbn);
    assert!(records[0].contract().is_some());
    assert!(records[0].problems.is_empty(), "{:?}", messages(&records[0]));
}

#[test]
fn unknown_trick_winners_keep_their_place() {
    let text = "H N:AKQ.AKQ.AKQ.AKQ2::T98.T98.T98.T983:\nC 3N:S\nP -2S2T:SAS3S8S4\n";
    let record = &read(text, SourceFormat::Rbn)[0];
    let replay = Replay::new(record);
    assert_eq!(replay.trick_winners(), [None, Some(Seat::North)]);
}

#[test]
fn a_short_trick_stops_the_replay_instead_of_misplacing_cards() {
    let text = "H N:A.2.3.4:K.5.6.7:Q.8.9.T:J.J.4.K\nC 1N:S\nP D4.:H2\n";
    let record = &read(text, SourceFormat::Rbn)[0];
    assert_eq!(record.problems.len(), 1, "{:?}", record.problems);
    let timeline = &Replay::new(record).timeline;
    let problems: Vec<_> = timeline
        .problems
        .iter()
        .map(|(pos, e)| ((pos.line, pos.col), e))
        .collect();
    assert_eq!(
        problems,
        [((3, 7), &PlayError::ShortTrick { trick: 0, plays: 2 })]
    );
    assert_eq!(timeline.steps.len(), 2, "no card of the next trick is placed");
}

#[test]
fn plain_data_before_the_labels_is_reported() {
    let records = read("Hello there\nA NZ:1S\n", SourceFormat::Rbn);
    assert_eq!(
        messages(&records[0]),
        ["1:1: plain data before any label; the rest of the record is read as plain data"]
    );
}

#[test]
fn impossible_dates_and_levels_are_named() {
    let records = read("D 19981340\nA NZ:8N\n", SourceFormat::Rbn);
    let m = messages(&records[0]);
    assert!(m.contains(&"1:7: month 13 does not exist".to_string()), "{m:?}");
    assert!(m.contains(&"1:9: day 40 does not exist".to_string()), "{m:?}");
    assert!(
        m.iter()
            .any(|p| p.starts_with("2:6: `8`: a bid's level is 1 to 7")),
        "{m:?}"
    );
}

#[test]
fn without_a_contract_only_single_suit_tricks_have_a_winner() {
    let records = read("H N:A.2..:K.3..:Q.4..:J.5..\nP SAKQJ:H2345\n", SourceFormat::Rbn);
    let replay = Replay::new(&records[0]);
    assert_eq!(replay.trick_winners(), [Some(Seat::North), Some(Seat::West)]);
    let ruffed = read("H N:A.2..:.3K..:Q.4..:J.5..\nP SAH3QJ\n", SourceFormat::Rbn);
    assert_eq!(Replay::new(&ruffed[0]).trick_winners(), [None]);
}

#[test]
fn a_traded_spot_leaves_the_right_hands() {
    let text = "H N:AKxxx.xxx.xxx.xx:QJx.Kxxx.KQxx.xx:Txx.QJx.AJx.AKQx:x.ATx.Txx.JTxxx\nC 3N:S\nP S2\n";
    let record = &read(text, SourceFormat::Rbn)[0];
    let after = Replay::new(record).position(1).clone();
    assert_eq!(after.hands[Seat::West].len(), 11, "West was dealt twelve");
    assert_eq!(after.hands[Seat::North].len(), 13);
    assert!(!after.hands[Seat::North].contains("S2".parse().unwrap()));
}

#[test]
fn a_line_shaped_like_a_label_with_an_unknown_letter_is_a_problem_and_labels_go_on() {
    let text = "B 1\nX something\nH N:AKQJT98765432:::\nR 9\n";
    let records = read(text, SourceFormat::Rbn);
    let r = &records[0];
    assert!(r.deal.is_some(), "the labels after it are still read");
    assert!(r.result().is_some());
    assert!(r.plain.is_empty(), "{:?}", r.plain);
    let m = messages(r);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].starts_with("2:1: `X` is not an RBN label"), "{m:?}");
}

#[test]
fn a_label_in_lower_case_is_a_problem_and_still_read() {
    let records = read("b 1\nh N:AKQJT98765432:::\nr 9\n", SourceFormat::Rbn);
    let r = &records[0];
    assert_eq!(r.board.as_ref().map(|b| b.number.as_str()), Some("1"));
    assert!(r.deal.is_some() && r.result().is_some());
    assert_eq!(
        messages(r),
        [
            "1:1: label `b` is in lower case; read as B",
            "2:1: label `h` is in lower case; read as H",
            "3:1: label `r` is in lower case; read as R",
        ]
    );
}

#[test]
fn plain_data_after_its_first_line_may_take_any_shape() {
    let records = read("A 1HP2HP:Y\n2s=relay\nx y\n", SourceFormat::Rbn);
    assert_eq!(records[0].plain, ["2s=relay", "x y"]);
    assert!(records[0].problems.is_empty(), "{:?}", messages(&records[0]));
}

/// Records with one fault each that the spec implies, where it is
/// reported, and that the value is still read.
const IMPLIED_FAULTS: [(&str, &str); 10] = [
    ("D 20010704:2530\n", "1:12: hour 25 does not exist"),
    ("D 20010704:196000\n", "1:14: minute 60 does not exist"),
    ("D 20010704:195961\n", "1:16: second 61 does not exist"),
    ("D 19990230\n", "1:9: day 30 does not exist in month 02"),
    (
        "D 19990229\n",
        "1:9: day 29 does not exist in month 02 outside a leap year",
    ),
    (
        "K Iceland:Bulgaria:76.3:91.50\n",
        "1:22: `76.3`: a fraction has two decimal places (hundredths)",
    ),
    (
        "R 9-750:66.5\n",
        "1:11: `66.5`: a fraction has two decimal places (hundredths)",
    ),
    (
        "H W:KQ973.AQJ.74.KJ4:AJ5.64.9862.AQ62:82.98.AKQT53.T98:\nC 3N:S\nP SK^952T\n9 rest\n",
        "3:5: `^9`: a note referred to is numbered 1 to 8",
    ),
    (
        "A NZ:1S^0P\n0 general\n",
        "1:8: `^0`: a note referred to is numbered 1 to 9",
    ),
    (
        "H N:AK.Q.J.T:QJ.K.T.9:T9.A.9.8:\nM 6:5\n",
        "2:3: makes 6, but the hands hold only 5 tricks",
    ),
];

#[test]
fn faults_the_spec_implies_are_reported_where_they_are() {
    for (text, expected) in IMPLIED_FAULTS {
        let records = read(text, SourceFormat::Rbn);
        assert_eq!(messages(&records[0]), [expected], "{text:?}");
    }
}

#[test]
fn values_with_implied_faults_are_still_read() {
    let value = |i: usize| read(IMPLIED_FAULTS[i].0, SourceFormat::Rbn).remove(0);
    assert!(value(0).date.unwrap().time.is_some());
    assert_eq!(value(3).date.unwrap().day.unwrap().0, "30");
    let teams = value(5).teams.unwrap();
    assert_eq!(teams.carryovers[0].as_ref().unwrap().0[0].0, 7630);
    assert!(value(7).play.is_some() && value(8).auction().is_some());
    assert!(value(9).makes().is_some());
}

#[test]
fn a_leap_day_and_midnight_at_the_end_of_a_day_are_no_fault() {
    for text in [
        "D 20000229\n",
        "D 19960229:24\n",
        "D 1999??30\n",
        "D ????0229\n",
        "R 9-750:66.67\n",
    ] {
        let records = read(text, SourceFormat::Rbn);
        assert!(
            records[0].problems.is_empty(),
            "{text:?}: {:?}",
            messages(&records[0])
        );
    }
}

#[test]
fn vetting_leaves_records_with_implied_faults_to_the_reader() {
    use kibitzer::testing::selfcheck::rbn_vetting_agrees;
    for (text, _) in IMPLIED_FAULTS {
        let agrees = rbn_vetting_agrees(text.as_bytes(), SourceFormat::Rbn);
        assert_eq!(agrees, Ok(0), "{text:?}");
    }
}

#[test]
fn text_that_is_not_utf8_reads_as_windows_1252() {
    let bytes = b"B 1\n{\x93Don\x92t\x94 \x96 duck}\nN Jos\xe9+Ann:x+y\n";
    let rbx: Vec<u8> = bytes.iter().map(|&b| if b == b'\n' { b'}' } else { b }).collect();
    for (bytes, format) in [(&bytes[..], SourceFormat::Rbn), (&rbx[..], SourceFormat::Rbx)] {
        let records: Vec<Record> = read_checked(bytes, format).collect();
        let r = &records[0];
        assert_eq!(
            r.commentary[0].text.plain(),
            "\u{201c}Don\u{2019}t\u{201d} \u{2013} duck",
            "{format:?}"
        );
        assert_eq!(r.players.as_ref().unwrap().tables[0][Seat::North], "José");
    }
}
