//! `kibitzer results` over fixtures written here (a pairs event and a team
//! match), and the corpus's stated results against kibitzer's reckoning.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kibitzer::archive::Archive;
use kibitzer::model::{Effective, Record};
use kibitzer::scoring::{Entry, Versus, compare, disagreements, group};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn run(path: &Path, json: bool) -> (String, i32) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = kibitzer::cli::results(path, json, &mut out, &mut err).unwrap();
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    (String::from_utf8(out).unwrap(), status)
}

#[test]
fn a_pairs_event_is_matchpointed_and_its_wrong_score_reported() {
    let (text, status) = run(&fixture("results-pairs.pbn"), false);
    assert_eq!(status, 1, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[1].contains("Ed Eyre - Flo Fox") && lines[1].ends_with("75.00%"),
        "{text}"
    );
    assert!(text.contains("Board 1: 5 tables, top 8, datum +420"), "{text}");
    let best = lines.iter().position(|l| l.starts_with("Board 1")).unwrap() + 1;
    assert!(
        lines[best].contains("5DX") && lines[best].contains("+500    8  100.00%"),
        "{text}"
    );
    assert!(
        text.contains(
            "results-pairs.pbn:111:1: the score is North-South -170, but 2H by East taking 9 tricks"
        ),
        "{text}"
    );
    assert!(
        !text.contains("Team match"),
        "five tables of a board are no team match"
    );
}

#[test]
fn a_team_match_gives_the_swing_and_the_running_score() {
    let (text, status) = run(&fixture("results-match.pbn"), false);
    assert_eq!(status, 0, "{text}");
    assert!(
        text.contains("Board 1    Reds v Blues: +450 and +400, swing +2, running +2"),
        "{text}"
    );
    assert!(
        text.contains("Board 2    Reds v Blues: -500 and -140, swing -8, running -6"),
        "{text}"
    );
    assert!(text.contains("1. Blues") && text.contains("6.00 IMPs"), "{text}");
}

#[test]
fn json_has_the_same_results() {
    let (json, _) = run(&fixture("results-pairs.pbn"), true);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["standings"]["basis"], "matchpoints");
    let first = &report["boards"][0]["tables"][0];
    assert_eq!(
        (first["score"].as_i64(), first["matchpoints"].as_u64()),
        (Some(500), Some(8))
    );
    assert_eq!(first["result"], "-3");
    let wrong = &report["disagreements"][0];
    assert_eq!(
        (wrong["line"].as_u64(), wrong["tag"].as_str()),
        (Some(111), Some("Score"))
    );
    let (json, _) = run(&fixture("results-match.pbn"), true);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report["matches"][1]["running"], -6);
}

/// Per file: records whose stated score was compared with the computed
/// one, stated IMPs compared with the other room's, stated percentages
/// compared with the field's; and disagreements.
fn stated_against_computed(records: &[Record]) -> [usize; 4] {
    let scores = records
        .iter()
        .filter(|r| r.score_stated().is_some() && r.score().is_some())
        .count();
    let entries: Vec<Entry> = records.iter().map(Entry::of).collect();
    let (mut imps, mut percents) = (0, 0);
    for tables in group(&entries) {
        for t in compare(&entries, &tables).tables {
            match (
                records[t.record].result().and_then(|r| r.effective),
                t.versus,
                t.percent,
            ) {
                (Some(Effective::Imps(_) | Effective::Push), Some(Versus::Table(_)), _) => imps += 1,
                (Some(Effective::Percent(_)), _, Some(_)) if tables.len() > 1 => percents += 1,
                _ => {}
            }
        }
    }
    [scores, imps, percents, disagreements(records).len()]
}

/// Every corpus file that states results: all its stated scores agree
/// (example2's 298 ScoreIMPs against the other room of each match too;
/// its 299th, board 20 of Turkey's match, has no other room in the file).
#[test]
fn the_corpus_states_results_kibitzer_agrees_with() {
    let Some(corpus) = common::corpus() else { return };
    let mut counts = BTreeMap::new();
    let files = common::files("pbn").into_iter().chain(common::files("rbn"));
    for path in files.filter(|p| p.starts_with(&corpus)) {
        let records: Vec<Record> = Archive::open(&path).unwrap().records().collect();
        let found = stated_against_computed(&records);
        if found.iter().any(|&n| n > 0) {
            counts.insert(path.strip_prefix(&corpus).unwrap().display().to_string(), found);
        }
    }
    let expected: BTreeMap<String, [usize; 4]> = [
        (
            "pbn/dominicprice__endplay/examples/pbn_files/sample.pbn",
            [2, 0, 0, 0],
        ),
        ("pbn/dominicprice__endplay/tests/pbn/example1.pbn", [2, 0, 0, 0]),
        (
            "pbn/dominicprice__endplay/tests/pbn/example2.pbn",
            [279, 298, 0, 0],
        ),
        (
            "pbn/timheilman__bridge-pbn/spec/resource/reference_impl_tests/correct_10.pbn",
            [1, 0, 0, 0],
        ),
        (
            "pbn/timheilman__bridge-pbn/spec/resource/reference_impl_tests/correct_20.pbn",
            [2, 0, 0, 0],
        ),
        (
            "pbn/timheilman__bridge-pbn/spec/resource/reference_impl_tests/correct_21.pbn",
            [1, 0, 0, 0],
        ),
        (
            "rbn/AliNisarAhmed__bridge-notation-parser/example.rbn",
            [1, 0, 0, 0],
        ),
        (
            "rbn/tompi__BridgeCalculatorProIdea/src/main/java/com/brisco/common/RBN/Test1.rbn",
            [1, 0, 0, 0],
        ),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    assert_eq!(counts, expected);
}

#[test]
fn dump_gives_each_table_its_matchpoints_and_imps() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    kibitzer::cli::dump(&[fixture("results-pairs.pbn")], None, &mut out, &mut err).unwrap();
    let records: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let wrong = &records[6];
    assert_eq!(
        (wrong["score"].as_i64(), wrong["score_stated"].as_i64()),
        (Some(-140), Some(-170))
    );
    assert_eq!(
        (wrong["matchpoints"].as_u64(), wrong["imps"].as_i64()),
        (Some(0), Some(-1))
    );
    let passed = &records[9];
    assert_eq!(
        (passed["score"].as_i64(), passed["percent"].as_f64()),
        (Some(0), Some(100.0))
    );
    let (mut out, mut err) = (Vec::new(), Vec::new());
    kibitzer::cli::dump(&[fixture("results-match.pbn")], Some(3), &mut out, &mut err).unwrap();
    let open_room: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(
        (open_room["imps"].as_i64(), open_room["imps_stated"].as_f64()),
        (Some(-8), Some(-8.0))
    );
}

/// The Preferans sample's paper, printed and as JSON: each player's bula
/// deal by deal, the soups on each opponent, the refa of the passed deal
/// used by ana in deal 5, and the results the sheet and the tags give.
#[test]
fn a_preferans_game_prints_its_score_sheet() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/preferans.ppn");
    let (text, status) = run(&path, false);
    assert_eq!(status, 0, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Score sheet · bula 60 · refe 2 · 5 deals");
    assert!(
        lines[1].starts_with("1 ana") && lines[1].contains("│ 2 boris") && lines[1].contains("│ 3 cveta")
    );
    assert!(text.contains("refa 4, in 5: failed"), "{text}");
    assert!(text.contains("Deal 4: all passed, a refa written for each."));
    let results = lines.iter().find(|l| l.starts_with("result ")).unwrap();
    let stated = lines.iter().find(|l| l.starts_with("stated ")).unwrap();
    assert_eq!(
        results.replace("result", "stated"),
        *stated,
        "the sample's tags are the sheet's"
    );
    let (json, _) = run(&path, true);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let sheet = &v["preferans_sheets"][0];
    let bula: Vec<i64> = (sheet["papers"][0]["bula"].as_array().unwrap().iter())
        .map(|e| e["total"].as_i64().unwrap())
        .collect();
    assert_eq!(bula, [60, 68, 80, 128]);
    assert_eq!(sheet["papers"][2]["right"]["on"], 1);
    assert_eq!(sheet["results"], serde_json::json!([-1628, -932, -200]));
    assert_eq!(sheet["left_to_play"], 276);
}

/// The lines of `kibitzer results` from the one starting with `from` on,
/// `count` of them.
fn lines_from(text: &str, from: &str, count: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(from))
        .unwrap_or_else(|| panic!("{from} in\n{text}"));
    lines[at..at + count].iter().map(ToString::to_string).collect()
}

#[test]
fn a_boards_score_table_gives_its_tables_as_the_file_states_them() {
    let (text, _) = run(&fixture("score-tables.pbn"), false);
    assert_eq!(
        lines_from(&text, "Board 1", 4),
        [
            "Board 1: 2 tables, as the file states them",
            "  Table  Pairs  Contract  By  Result  Lead  Score    MP   %",
            "      1  2-1    6NT       N       13  H2    +1020   1.0  75",
            "      2  4-3    3S        E        9  D4     -140  -1.0  25",
        ]
    );
    let (json, _) = run(&fixture("score-tables.pbn"), true);
    let report: serde_json::Value = serde_json::from_str(&json).unwrap();
    let second = &report["boards"][0]["stated_tables"][1];
    assert_eq!(second["score"], -140, "East-West's 140 is North-South's -140");
    assert_eq!(second["lead"], "D4");
    assert_eq!(second["matchpoints"], "-1.0");
}

#[test]
fn a_percentage_bbo_helper_states_is_the_tables_percentage() {
    let (text, _) = run(&fixture("score-tables.pbn"), false);
    let board = lines_from(&text, "Board 3", 2);
    assert!(board[1].contains("+460") && board[1].contains("76.32%"), "{text}");
}

#[test]
fn the_stated_standings_are_printed_in_aligned_columns() {
    let (text, _) = run(&fixture("score-tables.pbn"), false);
    let rows = lines_from(&text, "Standings", 4);
    let names_at: Vec<Option<usize>> = [("Names", 1), ("Astrid", 2), ("Cecilie", 3)]
        .iter()
        .map(|(word, row)| rows[*row].find(word))
        .collect();
    assert!(
        names_at.iter().all(|&at| at.is_some() && at == names_at[0]),
        "{text}"
    );
    let percent_ends: Vec<usize> = (1..4)
        .map(|r| rows[r].find("Percentage").map_or(0, |i| i + 10))
        .collect();
    assert!(
        rows[2][..percent_ends[0]].ends_with("62.50"),
        "numbers stand right:\n{text}"
    );
}

#[test]
fn the_deal_view_shows_the_boards_tables_before_the_event_standings() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(["show", "--width", "120", "--height", "30"])
        .arg(fixture("score-tables.pbn"))
        .output()
        .unwrap();
    let screen = String::from_utf8(out.stdout).unwrap();
    let at = |text: &str| screen.find(text).unwrap_or_else(|| panic!("{text} in\n{screen}"));
    // With no play the result is there at once: the tables stand in the
    // results pane, above the notes, and the notes do not repeat them.
    assert!(at("Board 1 at 2 tables, as stated") < at("TotalScoreTable"));
    assert!(
        !screen.contains("The board's tables, as the file states them"),
        "{screen}"
    );
    assert!(
        screen.contains("│    2  4-3    3♠        E        9  ♦4     -140  -1.0  25 "),
        "{screen}"
    );
}

#[test]
fn the_results_screen_gives_each_boards_tables_and_the_deal_view_its_board() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use kibitzer::ui::{Theme, app::App};
    let mut app = App::new(
        common::catalog(&fixture("score-tables.pbn")),
        "t",
        Theme::default(),
    );
    app.resize(100, 30);
    let key = |app: &mut App, code| app.key(KeyEvent::new(code, KeyModifiers::NONE));
    key(&mut app, KeyCode::Char('r'));
    let screen = common::screen(&app);
    let section = screen.find("Each board's tables, as the file states them");
    assert!(section.is_some(), "{screen}");
    assert!(
        screen.contains("    1      1  2-1    6NT       N       13  ♥2    +1020   1.0  75"),
        "{screen}"
    );
    assert!(screen.contains("           2  4-3    3♠        E        9  ♦4     -140  -1.0  25"));
    assert!(screen.contains("    2      1  2-1    3NT       S        9  ♠6     +600   0.0  50"));
    // The board opened: its tables in a pane of their own once its result
    // is shown, the contract and the score before the ids.
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::End);
    let screen = common::screen(&app);
    assert!(screen.contains("┌ Board 1 at 2 tables, as stated "), "{screen}");
    assert!(
        screen.contains("│6NT       N       13  ♥2    +1020   1.0  75"),
        "{screen}"
    );
    key(&mut app, KeyCode::Char('t'));
    let screen = common::screen(&app);
    assert!(
        screen.contains("the file gives the other tables' results only, not their play"),
        "{screen}"
    );
}

#[test]
fn the_results_screen_over_a_folder_of_matches_gives_each_its_own_standings() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use kibitzer::ui::{Theme, app::App};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-matches-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 4♠ by North at both tables: ten tricks, then `other`.
    let board = |number: u8, other: u8| {
        let table = "A NZ:1SP4SP:PP\nC 4S:N\n";
        format!("B {number}\n{table}R 10\n!\n{table}R {other}\n\n")
    };
    let cup = format!("E Cup\nF I\nK Lions:Tigers\n{}{}", board(1, 9), board(2, 10));
    let league = format!("E League\nF I\nK Bears:Wolves\n{}", board(1, 11));
    std::fs::write(dir.join("cup.rbn"), cup).unwrap();
    std::fs::write(dir.join("league.rbn"), league).unwrap();
    let mut app = App::new(common::catalog(&dir), "matches", Theme::default());
    app.resize(100, 30);
    app.key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE));
    let screen = common::screen(&app);
    std::fs::remove_dir_all(&dir).unwrap();
    let rows: Vec<&str> = screen.lines().map(|l| l.trim_matches(['│', ' '])).collect();
    let at = |text: &str| {
        (rows.iter().position(|r| r.starts_with(text))).unwrap_or_else(|| panic!("{text} in\n{screen}"))
    };
    let first = at("Cup · Lions v Tigers");
    assert_eq!(
        rows[first + 1],
        "1  Lions                         2   +10",
        "{screen}"
    );
    assert_eq!(
        rows[first + 2],
        "2  Tigers                        2   -10",
        "{screen}"
    );
    let second = at("League · Wolves v Bears");
    assert_eq!(
        rows[second + 1],
        "1  Wolves                        1    +1",
        "{screen}"
    );
}
