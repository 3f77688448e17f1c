//! Preferans PPN: the spec's example and its published revisions from
//! ../shared/corpus (skipped with a notice when absent), and the samples
//! written here in both forms.

use crate::common;

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
    assert_eq!(bracket[1].preferans().unwrap().followers.iter().count(), 2);
    assert_eq!(
        Replay::new(&bracket[1]).position(3).trick.len(),
        3,
        "a betl is answered by both: tricks of three"
    );
}

const TAGS: &str = "[Bula 60]\n[Refe 2]\n[Player1 ana]\n[Player2 boris]\n[Player3 cveta]\n\
                    [Result1 0]\n[Result2 0]\n[Result3 0]\n\n";

/// Deal 1 of the sample: hearts by player 3, both following, 14 fields.
const DEAL: [&str; 14] = [
    "1",
    "231",
    "TAKBU68N1F9GOPMEQS7HRJC4I32WD5VL",
    "M3,4,P",
    "3",
    "9P",
    "4",
    "8",
    "0",
    "0",
    "8",
    "2",
    "1723,OIN3,VRT3,EDF2,8H33,GCB3,QWU1,56M3,LJK3,S4A3",
    "F1:L8:8,M8:-8,F1:L8:8",
];

/// The records of a file written to a temporary place under `name`, read
/// as kibitzer reads any file: by what it holds.
fn read_text(name: &str, text: &str) -> Vec<Record> {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-preferans-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    records(&path)
}

/// The problems of deal 1 with field `i` replaced, as `(column, message)`.
fn problems_with(i: usize, value: &str) -> Vec<(u32, String)> {
    let mut fields = DEAL.map(str::to_string);
    fields[i] = value.to_string();
    let text = format!("{TAGS}[{}]\n", fields.join(" "));
    let r = read_text(&format!("field{i}.ppn"), &text);
    r[0].problems
        .iter()
        .map(|p| (p.pos.col, p.message.clone()))
        .collect()
}

/// Where field `i` starts on the deal line, with `value` in it.
fn column(i: usize) -> u32 {
    2 + DEAL[..i].iter().map(|f| f.len() as u32 + 1).sum::<u32>()
}

#[test]
fn the_unchanged_deal_reads_clean() {
    assert_eq!(problems_with(0, "1"), []);
}

#[test]
fn every_field_is_checked_at_the_field() {
    let cases: [(usize, &str, &str); 11] = [
        (5, "12", "player 3 lays aside S7, which he never held"),
        (5, "XX", "XX is for a game, and Hearts is not one"),
        (3, "M3,4", "the bids name 2 players; a deal has 3"),
        (
            4,
            "1",
            "player 1 is named the main player, but player 3 won the auction",
        ),
        (
            7,
            "x",
            "`x` is not who followed (0 nobody, a player's number, or 4 and up for both)",
        ),
        (
            8,
            "Q2",
            "`Q2` is not a kontra (0, or I, K, R, S or M and the player who began)",
        ),
        (10, "abc", "`abc` is not a value (a whole number)"),
        (10, "4", "the value is 8 (hearts 8), not 4"),
        (6, "3", "Diamonds is below the winning bid 4"),
        (12, "1723,OIN3,VRT3,EDF2,8H33", "the throws hold 5 tricks of 10"),
        (
            3,
            "M3,P,P",
            "no auction by the rules ends with the highest bids `M3,P,P`",
        ),
    ];
    for (i, value, message) in cases {
        let said = problems_with(i, value);
        assert!(
            said.iter().any(|(col, m)| m == message && *col >= column(i)),
            "field {i} = {value}: {said:?}"
        );
    }
}

#[test]
fn a_summary_the_play_contradicts_is_told_line_by_line() {
    let said = problems_with(13, "F1:L4,M8:-4,F1:L8:8");
    let messages: Vec<&str> = said.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(
        messages,
        [
            "player 2's summary is F1:L4, but the play makes it F1:L8:8",
            "player 3's summary is M8:-4, but the play makes it M8:-8",
        ]
    );
    assert_eq!(said[1].0, column(13) + "F1:L4,".len() as u32);
}

/// A deal line made of fields that differ from deal 1's, read alone.
fn problems_of(changes: &[(usize, &str)]) -> Vec<String> {
    let mut fields = DEAL.map(str::to_string);
    for &(i, value) in changes {
        fields[i] = value.to_string();
    }
    let r = read_text("changed.ppn", &format!("{TAGS}[{}]\n", fields.join(" ")));
    r[0].problems.iter().map(|p| p.message.clone()).collect()
}

/// A follower who plays alone takes the tricks of the other's hand,
/// played open: boris's one trick and ana's one make his two, enough
/// alone. They were counted for nobody, so no summary could add up.
#[test]
fn a_lone_follower_takes_the_open_hands_tricks() {
    assert_eq!(
        problems_of(&[(7, "2"), (13, "F2:L16,M8:-8,0")]),
        Vec::<String>::new()
    );
    assert_eq!(
        problems_of(&[(7, "2"), (13, "F1:L8:8,M8:-8,0")]),
        ["player 2's summary is F1:L8:8, but the play makes it F2:L16"]
    );
}

/// Play may stop where the outcome is known, as prefko's engine stops it:
/// deal 3's sans failed at the followers' fifth trick; a betl made with
/// every trick the followers' writes them no soup.
#[test]
fn play_may_stop_once_the_outcome_is_known() {
    let sans = [
        (0, "3"),
        (1, "123"),
        (2, "QMTCJ12WBLKNHVES9IRF63GUD8O5AP74"),
        (3, "M6,7,P"),
        (4, "2"),
        (5, "H9"),
        (6, "7"),
        (7, "8"),
        (8, "K3"),
        (10, "28"),
        (11, "1"),
        (12, "1752,4623,3MN3,GCE3,OJK3,8LV3"),
        (13, "F0:L0,M1:28,F5:L140"),
    ];
    assert_eq!(problems_of(&sans), Vec::<String>::new());
    let mut short = sans;
    short[11] = (12, "1752,4623,3MN3,GCE3,OJK3");
    short[12] = (13, "F0:L0,M1:28,F4:L112");
    assert_eq!(problems_of(&short), ["the throws hold 5 tricks of 10"]);
    let betl = [
        (0, "1"),
        (1, "123"),
        (2, "129AHIPQ3B468DFJLNRT57CEGKMOSUVW"),
        (3, "2,P,P"),
        (4, "1"),
        (5, "VW"),
        (6, "6"),
        (7, "8"),
        (8, "0"),
        (10, "12"),
        (11, "1"),
        (12, "1872,FG93,OHN3,EAD3,MIL3,UPT3,5262,4C32,JKB3,SQR3"),
        (13, "M0:-12,F3:L0,F7:L0"),
    ];
    assert_eq!(problems_of(&betl), Vec::<String>::new());
}

#[test]
fn kontra_reads_the_right_way_round() {
    let mut fields = DEAL.map(str::to_string);
    fields[8] = "R2".to_string();
    fields[10] = "32".to_string();
    fields[13] = "F1:L32:32,M8:-32,F1:L32:32".to_string();
    let r = &read_text("kontra.ppn", &format!("{TAGS}[{}]\n", fields.join(" ")))[0];
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let p = r.preferans().unwrap();
    let said = p.kontra.unwrap().said(p.main.unwrap());
    let words: Vec<(Seat, &str)> = said.iter().map(|(s, k)| (*s, k.name())).collect();
    assert_eq!(words, [(Seat::North, "kontra"), (Seat::East, "rekontra")]);
}

#[test]
fn deal_lines_without_tags_are_preferans_and_the_tags_are_missed() {
    let text = format!("[{}]\n", DEAL.join(" "));
    let r = read_text("no-tags.txt", &text);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].format, SourceFormat::PpnPreferans);
    assert!(r[0].play.is_some(), "the deal line is read");
    let messages: Vec<&str> = r[0].problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "this game lacks the required tags Bula, Refe, Player1, Player2, Player3, Result1, Result2, Result3"
        ]
    );
}

#[test]
fn each_game_of_a_file_keeps_its_own_tags() {
    let second = TAGS.replace("Bula 60", "Bula 100");
    let text = format!("{TAGS}[{}]\n\n{second}[{}]\n", DEAL.join(" "), DEAL.join(" "));
    let r = read_text("two-games.ppn", &text);
    let titles: Vec<String> = r
        .iter()
        .map(|r| r.title.as_ref().unwrap().first.clone())
        .collect();
    assert_eq!(titles, ["Bula 60, refe 2", "Bula 100, refe 2"]);
}

#[test]
fn json_problems_stand_at_the_value_in_the_json_file() {
    let json = std::fs::read_to_string(asset("preferans.json")).unwrap();
    let bad = json.replacen("\"value\": 8,", "\"value\": \"abc\",", 1);
    let line = bad.lines().position(|l| l.contains("\"abc\"")).unwrap() as u32 + 1;
    let r = read_text("bad.json", &bad);
    let problem = &r[0].problems[0];
    assert_eq!(problem.message, "`abc` is not a value (a whole number)");
    assert_eq!(problem.pos.line, line);
    let col = bad.lines().nth(line as usize - 1).unwrap().find("abc").unwrap() as u32 + 1;
    assert_eq!(problem.pos.col, col, "at the value's first character");
    // A value deep in a throw, on a line of its own in the file.
    let bad = json.replacen("\"cards\": \"OIN\"", "\"cards\": \"OIZ\"", 1);
    let at = bad.find("OIZ").unwrap() + 2;
    let line = bad[..at].matches('\n').count() as u32 + 1;
    let col = (at - bad[..at].rfind('\n').map_or(0, |n| n + 1)) as u32 + 1;
    let r = read_text("throw.json", &bad);
    let problem = r[0]
        .problems
        .iter()
        .find(|p| p.message.contains('Z'))
        .expect("the bad card is told");
    assert_eq!(
        (problem.pos.line, problem.pos.col),
        (line, col),
        "at the card itself: {}",
        problem.message
    );
    // The spec's JSON writes no kontra as null; the refa beside it holds.
    let null = json.replacen("\"kontra\": \"R2\"", "\"kontra\": null", 1);
    let r = read_text("null.json", &null);
    assert!(r[4].preferans().unwrap().refa);
    assert!(r[4].preferans().unwrap().kontra.is_none());
}

#[test]
fn the_json_summary_is_keyed_by_player() {
    let json = records(&asset("preferans.json"));
    let main = json[0].preferans().unwrap();
    assert_eq!(main.main, Some(Seat::East), "player 3");
    let written: Vec<String> = main.summary.iter().map(ToString::to_string).collect();
    assert_eq!(written, ["F1:L8:8", "M8:-8", "F1:L8:8"], "in deal order 2, 3, 1");
}

#[test]
fn each_trick_has_a_card_from_each_who_plays_and_json_throws_start_right() {
    let mut fields = DEAL.map(str::to_string);
    fields[12] = fields[12].replacen("1723", "173", 1);
    let r = &read_text("short-trick.ppn", &format!("{TAGS}[{}]\n", fields.join(" ")))[0];
    let said: Vec<&str> = r.problems.iter().map(|p| p.message.as_str()).collect();
    assert!(
        said.contains(&"trick 1 has 2 cards, but 3 players play"),
        "{said:?}"
    );
    let json = std::fs::read_to_string(asset("preferans.json")).unwrap();
    let first = json.replacen(
        "\"id\": 2,\n    \"cards\"",
        "\"id\": 2,\n    \"starts\": 1,\n    \"cards\"",
        1,
    );
    assert_ne!(first, json, "the sample's second throw is where it was");
    let r = read_text("starts.json", &first);
    let messages: Vec<&str> = r[0].problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        ["throw 2 starts with player 1, but player 3 is to start it"]
    );
}

/// A game played out in one betl: bula 4 each, the main player makes 12
/// and the bulas sum to zero. Its results are 8, -40 and 32 by the sheet.
const PLAYED_OUT: &str = "[1 123 678CDEFGJK1239ABHIPQLMNORSTUVW45 M5,6,P 2 45 6 8 0 0 12 1 \
    D9W1,GAL1,71O1,FBU1,JHM3,NKI3,S6P3,VEQ3,T823,RC33 F4:L0,M0:-12,F6:L0]\n";

fn played_out(results: [&str; 3], places: [&str; 3]) -> String {
    let mut text = "[Bula 4]\n[Refe 2]\n[Player1 ana]\n[Player2 boris]\n[Player3 cveta]\n".to_string();
    for (n, r) in results.iter().enumerate() {
        text += &format!("[Result{} {r}]\n", n + 1);
    }
    for (n, p) in places.iter().enumerate() {
        text += &format!("[Place{} {p}]\n", n + 1);
    }
    text + "\n" + PLAYED_OUT
}

#[test]
fn a_played_out_game_is_held_to_its_results_and_places_at_their_tags() {
    // A betl boris makes: his bula goes to -8 and nobody writes a soup.
    let good = read_text("settled.ppn", &played_out(["-40", "80", "-40"], ["2", "1", "2"]));
    assert!(good[0].problems.is_empty(), "{:?}", good[0].problems);
    let bad = read_text(
        "unsettled.ppn",
        &played_out(["-40", "70", "-40"], ["1", "1", "2"]),
    );
    let said: Vec<(u32, u32, &str)> = bad[0]
        .problems
        .iter()
        .map(|p| (p.pos.line, p.pos.col, p.message.as_str()))
        .collect();
    assert_eq!(
        said,
        [
            (7, 1, "the result is 70, but the sheet comes to 80"),
            (
                9,
                1,
                "the place is 1, but the sheet's results put player 1 in place 2"
            ),
        ]
    );
}
