//! The filter language as a user meets it: the README's tables are the
//! language's own, every example finds something, `find` keeps grep's exit
//! statuses, and a mistake is one line with its column.

use crate::common;
use common::{kibitzer, printed};

use std::path::{Path, PathBuf};

use kibitzer::analysis::{DdTable, FullDeal, par, solve_table};
use kibitzer::archive::Archive;
use kibitzer::filter::words::{DOUBLE_DUMMY, HANDS, RECORD};
use kibitzer::filter::{Filter, Subject};
use kibitzer::model::{Record, Seat, Strain};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> String {
    root().join("tests/fixtures").join(name).display().to_string()
}

/// The README's section on the language.
fn readme_section() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let start = readme.find("## Asking an archive").expect("the filter section");
    let end = readme[start + 3..]
        .find("\n## ")
        .map_or(readme.len(), |e| start + 3 + e);
    readme[start..end].to_string()
}

#[test]
fn the_readme_tables_are_the_language_s_own() {
    let section = readme_section();
    for w in HANDS.iter().chain(RECORD).chain(DOUBLE_DUMMY) {
        let row = format!("| `{}` | {} | `{}` |", w.form, w.meaning, w.example);
        assert!(section.contains(&row), "README lacks the row\n{row}");
    }
    let rows = section.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(
        rows,
        HANDS.len() + RECORD.len() + DOUBLE_DUMMY.len(),
        "a README row no word has"
    );
}

/// Every record of the fixtures and samples, with its file.
fn records() -> Vec<(String, Record)> {
    let mut files: Vec<PathBuf> = ["tests/fixtures", "assets"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root().join(dir)).expect("a folder"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let mut all = Vec::new();
    for path in files {
        let Ok(archive) = Archive::open(&path) else {
            continue;
        };
        let name = path.display().to_string();
        all.extend(archive.records().map(|r| (name.clone(), r)));
    }
    all
}

#[test]
fn every_example_parses_and_finds_a_record() {
    let records = records();
    assert!(records.len() > 100, "the fixtures hold {} records", records.len());
    let mut wrong = Vec::new();
    for w in HANDS.iter().chain(RECORD).chain(DOUBLE_DUMMY) {
        let filter = Filter::parse(w.example).unwrap_or_else(|e| panic!("{}: {e}", w.example));
        let found = records
            .iter()
            .filter(|(file, record)| filter.matches(Subject::new(record, file)))
            .count();
        if found == 0 || found == records.len() {
            wrong.push(format!("`{}` finds {found} of {}", w.example, records.len()));
        }
    }
    assert!(
        wrong.is_empty(),
        "examples finding nothing or everything:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn find_prints_a_line_a_match_and_exits_as_grep_does() {
    let pairs = fixture("pairs10.pbn");
    let out = kibitzer(&["find", "contract == 3NT and result < 0", &pairs]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            format!("{pairs}:217: record 14, board 2, 3N by E -1, N Gil E Abe S Hana W Bea"),
            format!("{pairs}:281: record 18, board 2, 3NX by E -2, N Oto E Ivy S Pia W Jak"),
        ]
    );
    let none = kibitzer(&["find", "hcp(north) > 37", &pairs]);
    assert_eq!((none.status.code(), none.stdout.len()), (Some(1), 0));
    let missing = kibitzer(&["find", "board == 1", &fixture("no-such-file.pbn")]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn find_counts_as_grep_c_counts() {
    let (pairs, club) = (fixture("pairs10.pbn"), fixture("club.pbn"));
    assert_eq!(printed(&["find", "--count", "has(deal)", &pairs]), "30\n");
    assert_eq!(
        printed(&["find", "--count", "has(deal)", &pairs, &club]),
        format!("{pairs}:30\n{club}:4\n")
    );
    let out = kibitzer(&["find", "--count", "board == 99", &pairs]);
    assert_eq!(
        (out.status.code(), String::from_utf8(out.stdout).unwrap()),
        (Some(1), "0\n".to_string())
    );
}

#[test]
fn find_json_writes_dump_s_lines_for_the_matches() {
    let pairs = fixture("pairs10.pbn");
    let text = printed(&["find", "--json", "board == 2 and declarer == ew", &pairs]);
    let lines: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(!lines.is_empty());
    for line in &lines {
        assert_eq!(line["board"], "2");
        assert!(line["declarer"] == "E" || line["declarer"] == "W", "{line}");
    }
    let dumped = printed(&["dump", "--where", "board == 2 and declarer == ew", &pairs]);
    assert_eq!(dumped, text);
    let second = printed(&[
        "dump",
        "--where",
        "board == 2 and declarer == ew",
        "--record",
        "2",
        &pairs,
    ]);
    assert_eq!(second.trim(), text.lines().nth(1).unwrap());
}

#[test]
fn a_mistake_is_one_line_with_its_column() {
    let out = kibitzer(&["find", "hcp(nort) >= 15", &fixture("club.pbn")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "filter:1:5: expected a seat (north, east, south, west), a side (ns, ew) or any, found `nort`\n"
    );
    let out = kibitzer(&["dump", "--where", "contrct == 3NT", &fixture("club.pbn")]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "filter:1:1: `contrct` is not a word of the filter language; did you mean `contract`?\n"
    );
}

#[test]
fn help_filter_names_every_word() {
    let help = printed(&["help", "filter"]);
    for w in HANDS.iter().chain(RECORD).chain(DOUBLE_DUMMY) {
        assert!(help.contains(w.form), "help filter lacks {}", w.form);
        assert!(help.contains(w.example), "help filter lacks {}", w.example);
    }
    assert!(printed(&["help", "find"]).contains("exit status 0 when something"));
    assert_eq!(kibitzer(&["help", "nothing"]).status.code(), Some(2));
}

#[test]
fn check_and_show_take_a_filter_too() {
    let pairs = fixture("pairs10.pbn");
    assert_eq!(
        printed(&["check", "--where", "board == 2", &pairs]),
        "10 records, 0 problems\n"
    );
    let shown = printed(&[
        "show",
        "--where",
        "contract == 3NTX",
        "--width",
        "80",
        "--height",
        "24",
        &pairs,
    ]);
    assert!(
        shown.starts_with("Board 2 · Tuesday Pairs · table 8 of 10   record 18 of 30"),
        "{shown}"
    );
    let none = kibitzer(&["show", "--where", "contract == 3NTX", "--record", "2", &pairs]);
    assert_eq!(none.status.code(), Some(2));
}

#[test]
fn stats_json_gives_what_the_tables_show() {
    let pairs = fixture("pairs10.pbn");
    let args = [
        "stats",
        "--json",
        "--where",
        "board == 2",
        "--frequency",
        "contract",
        "--frequency",
        "tricks",
    ];
    let text = printed(&[&args[..], &["--average", "score", "--average", "par", &pairs]].concat());
    let counted: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        (counted["records"].as_u64(), counted["matched"].as_u64()),
        (Some(30), Some(10))
    );
    assert_eq!(counted["filter"], "board == 2");
    let contracts = &counted["frequencies"][0];
    assert_eq!(contracts["expr"], "contract");
    let values: Vec<&str> = (contracts["values"].as_array().unwrap().iter())
        .map(|v| v["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["1NT", "2H", "3NT", "3NTX", "4H"], "in the game's order");
    assert_eq!(contracts["values"][2]["count"], 5);
    let tricks = &counted["frequencies"][1]["values"][0];
    assert!(tricks["value"].is_i64(), "numbers stay numbers: {tricks}");
    let score = &counted["averages"][0];
    assert_eq!(
        (score["mean"].as_f64(), score["count"].as_u64()),
        (Some(-191.0), Some(10))
    );
    let par = &counted["averages"][1];
    assert!(
        par["mean"].is_null() && par["without"] == 10,
        "no table, no par: {par}"
    );
}

#[test]
fn stats_counts_values_in_the_game_s_order_and_averages() {
    let pairs = fixture("pairs10.pbn");
    let text = printed(&[
        "stats",
        "--where",
        "board == 2",
        "--frequency",
        "contract",
        "--frequency",
        "declarer",
        "--average",
        "score",
        &pairs,
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "10 of 30 records match board == 2");
    assert_eq!(lines[2], "frequency contract: 10 records");
    let contracts: Vec<&str> = lines[3..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(contracts, ["1NT", "2H", "3NT", "3NTX", "4H"]);
    assert!(
        lines.contains(&"  3NT         5   50.0%  ██████████████████████████████"),
        "{text}"
    );
    assert!(
        text.ends_with("average score: -191.00 over 10 records\n"),
        "{text}"
    );
    let bad = kibitzer(&["stats", "--average", "contract", &pairs]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(bad.stderr).unwrap(),
        "filter:1:1: an average needs a number, and this is a contract\n"
    );
}

/// The records of pairs10.pbn (ten tables of three boards, every card
/// given, no double-dummy table) that `wanted` picks from each record's
/// table and par as the solver works them out here: their lines as `find`
/// writes them.
fn solved_by_hand(wanted: impl Fn(&DdTable, i32) -> bool) -> Vec<String> {
    let pairs = fixture("pairs10.pbn");
    let archive = Archive::open(Path::new(&pairs)).expect("the fixture");
    let records: Vec<Record> = archive.records().collect();
    // Three boards: each solved once.
    let mut tables = std::collections::HashMap::new();
    let picked = records.iter().filter(|r| {
        let deal = FullDeal::of(r).expect("every card");
        let table = *tables.entry(deal).or_insert_with(|| solve_table(&deal));
        let par = par(&table, r.vulnerability().unwrap(), r.dealer().unwrap());
        wanted(&table, par.score)
    });
    picked.map(|r| format!("{pairs}:{}:", r.line)).collect()
}

#[test]
fn find_solves_deals_without_a_table_on_request() {
    let pairs = fixture("pairs10.pbn");
    let question = "tricks(north, notrump) >= 8 or par < 0";
    let expected = solved_by_hand(|t, par| t.tricks(Seat::North, Strain::NoTrump) >= 8 || par < 0);
    assert!(!expected.is_empty() && expected.len() < 30, "{expected:?}");
    let out = kibitzer(&["find", "--solve", question, &pairs]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let found: Vec<&str> = text.lines().collect();
    assert_eq!(found.len(), expected.len(), "{text}");
    for (line, start) in found.iter().zip(&expected) {
        assert!(line.starts_with(start.as_str()), "{line} is not {start}");
    }
}

#[test]
fn without_solve_a_notice_says_what_solving_would_take() {
    let pairs = fixture("pairs10.pbn");
    let question = "tricks(north, notrump) >= 0";
    let out = kibitzer(&["find", "--count", question, &pairs]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "0\n");
    let notice = String::from_utf8(out.stderr).unwrap();
    assert!(
        notice.starts_with("kibitzer: 30 records have no double-dummy table, so double-dummy words had no value for them; --solve works them out (about "),
        "{notice}"
    );
    assert_eq!(notice.lines().count(), 1);
    let solved = kibitzer(&["find", "--count", "--solve", question, &pairs]);
    assert_eq!(solved.status.code(), Some(0));
    assert_eq!(String::from_utf8(solved.stdout).unwrap(), "30\n");
    // A question asking nothing of double dummy has nothing to tell.
    let plain = kibitzer(&["find", "--count", "board == 1", &pairs]);
    assert!(plain.stderr.is_empty());
}

#[test]
fn stats_solve_the_deals_an_expression_asks_about() {
    let pairs = fixture("pairs10.pbn");
    let args = ["stats", "--frequency", "par", "--where", "board == 2", &pairs];
    let out = kibitzer(&args);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("frequency par: 0 records, 10 without one"),
        "{text}"
    );
    let notice = String::from_utf8(out.stderr).unwrap();
    assert!(
        notice.starts_with("kibitzer: 10 records have no double-dummy table"),
        "{notice}"
    );
    let solved = kibitzer(&[&args[..], &["--solve"]].concat());
    let text = String::from_utf8(solved.stdout).unwrap();
    let pars = solved_by_hand(|_, par| par == 110);
    assert_eq!(pars.len(), 10, "board 2's par, as the solver works it out here");
    assert!(text.contains("frequency par: 10 records\n  110"), "{text}");
    assert!(solved.stderr.is_empty());
}
