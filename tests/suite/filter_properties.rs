//! Random filters, made from the grammar, asked of real and generated
//! records: the filter's answer is the answer of the expression's tree
//! worked out by plain Rust over the same records, with `not` binding
//! tighter than `and`, `and` tighter than `or`, and a question about what a
//! record lacks false.

use std::sync::OnceLock;

use kibitzer::archive::each_record;
use kibitzer::filter::{Filter, Subject};
use kibitzer::model::{Outcome, Record, Seat, SourceFormat, Wanted};
use kibitzer::notation::reading::Reading;
use kibitzer::testing::generate::write_archive;
use proptest::prelude::*;

type Number = fn(&Record) -> Option<i64>;

fn tricks(r: &Record) -> Option<i64> {
    match r.result()?.outcome? {
        Outcome::Tricks(n) => Some(i64::from(n)),
        Outcome::PassedOut => None,
    }
}

fn hcp(r: &Record, seat: Seat) -> Option<i64> {
    let deal = r.deal.as_ref()?;
    let hand = &deal.hands[seat];
    (deal.known(seat) && hand.is_known()).then(|| i64::from(hand.high_card_points()))
}

/// Numbers a filter can compare, with their plain answers.
const NUMBERS: &[(&str, Number)] = &[
    ("hcp(north)", |r| hcp(r, Seat::North)),
    ("hcp(east)", |r| hcp(r, Seat::East)),
    ("tricks", tricks),
    ("result", |r| {
        Some(tricks(r)? - i64::from(r.contract()?.target()?))
    }),
    ("level", |r| Some(i64::from(r.contract()?.level?))),
    ("score", |r| r.comparable_score().map(i64::from)),
    ("board", |r| r.board.as_ref()?.number.trim().parse().ok()),
];

const OPS: &[&str] = &["==", "!=", "<", "<=", ">", ">="];

/// Questions about what a reader may pass over or must keep: the play,
/// the calls (but not the dealer and vulnerability written with them),
/// which table of a match a record is, the hands and the names.
const READ_LESS: &[&str] = &[
    "has(play)",
    "suit(lead) == spades",
    "lead == HA",
    "quiz",
    "table == 1",
    "not has(play)",
    "has(auction)",
    "auction ~ \"^1NT P\"",
    "dealer == north",
    "vul == ns",
    "vul == none",
    "has(deal)",
    "hascard(south, AS)",
    "shape(west, any 4432)",
    "has(players)",
    "player ~ \"a\"",
    "player(north) ~ \"e\"",
    "event ~ \"[Tt]eam\"",
    "level == 3",
    "player ~ \"Ann\"",
];

/// A filter's tree.
#[derive(Clone, Debug)]
enum Tree {
    Compare(usize, usize, i64),
    /// One of `READ_LESS`, which the property below holds to the full
    /// reader rather than to plain Rust.
    Asks(usize),
    Not(Box<Tree>),
    And(Box<Tree>, Box<Tree>),
    Or(Box<Tree>, Box<Tree>),
}

fn tree() -> impl Strategy<Value = Tree> {
    tree_of(
        (0..NUMBERS.len(), 0..OPS.len(), -3i64..30)
            .prop_map(|(w, o, n)| Tree::Compare(w, o, n))
            .boxed(),
    )
}

/// Trees with questions about the play and tables among their leaves.
fn tree_reading_less() -> impl Strategy<Value = Tree> {
    let compare = (0..NUMBERS.len(), 0..OPS.len(), -3i64..30).prop_map(|(w, o, n)| Tree::Compare(w, o, n));
    tree_of(prop_oneof![1 => compare, 2 => (0..READ_LESS.len()).prop_map(Tree::Asks)].boxed())
}

fn tree_of(leaf: BoxedStrategy<Tree>) -> impl Strategy<Value = Tree> {
    leaf.prop_recursive(4, 16, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|t| Tree::Not(Box::new(t))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::And(Box::new(a), Box::new(b))),
            (inner.clone(), inner).prop_map(|(a, b)| Tree::Or(Box::new(a), Box::new(b))),
        ]
    })
}

impl Tree {
    /// How tightly the tree's top binds: or 0, and 1, not and comparisons 2.
    fn binding(&self) -> u8 {
        match self {
            Tree::Or(..) => 0,
            Tree::And(..) => 1,
            _ => 2,
        }
    }

    /// Written with parentheses only where binding needs them.
    fn text(&self) -> String {
        let side = |t: &Tree, least: u8| {
            if t.binding() < least {
                format!("({})", t.text())
            } else {
                t.text()
            }
        };
        match self {
            Tree::Compare(w, o, n) => format!("{} {} {n}", NUMBERS[*w].0, OPS[*o]),
            Tree::Asks(q) => READ_LESS[*q].to_string(),
            Tree::Not(t) => format!("not {}", side(t, 2)),
            Tree::And(a, b) => format!("{} and {}", side(a, 1), side(b, 2)),
            Tree::Or(a, b) => format!("{} or {}", side(a, 0), side(b, 1)),
        }
    }

    fn answer(&self, r: &Record) -> bool {
        match self {
            Tree::Compare(w, o, n) => NUMBERS[*w].1(r).is_some_and(|v| match OPS[*o] {
                "==" => v == *n,
                "!=" => v != *n,
                "<" => v < *n,
                "<=" => v <= *n,
                ">" => v > *n,
                _ => v >= *n,
            }),
            Tree::Asks(_) => unreachable!("asked of the full reader, not of plain Rust"),
            Tree::Not(t) => !t.answer(r),
            Tree::And(a, b) => a.answer(r) && b.answer(r),
            Tree::Or(a, b) => a.answer(r) || b.answer(r),
        }
    }
}

/// The fixtures' pairs and team files, the sample and generated archives.
fn records() -> &'static [Record] {
    static RECORDS: OnceLock<Vec<Record>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut all = Vec::new();
        for (name, format) in [
            ("tests/fixtures/pairs10.pbn", SourceFormat::Pbn),
            ("tests/fixtures/match.rbn", SourceFormat::Rbn),
            ("assets/sample.rbn", SourceFormat::Rbn),
        ] {
            let bytes = std::fs::read(root.join(name)).unwrap();
            all.extend(Reading::new(&bytes, format));
        }
        for format in [SourceFormat::Pbn, SourceFormat::Rbn] {
            let mut bytes = Vec::new();
            write_archive(format, 150, 5, &mut bytes).unwrap();
            all.extend(Reading::new(&bytes, format));
        }
        all
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_filter_answers_as_its_tree_does(tree in tree()) {
        let text = tree.text();
        let filter = Filter::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for r in records() {
            let asked = filter.matches(Subject::new(r, "f"));
            prop_assert_eq!(asked, tree.answer(r), "{} on record {} ({:?})", text, r.number, r.format);
        }
    }
}

/// Files of every kind of table and play: the fixtures' pairs, team and
/// teaching files, and generated archives.
fn files() -> &'static [(Vec<u8>, SourceFormat)] {
    static FILES: OnceLock<Vec<(Vec<u8>, SourceFormat)>> = OnceLock::new();
    FILES.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut all = Vec::new();
        for (name, format) in [
            ("tests/fixtures/pairs10.pbn", SourceFormat::Pbn),
            ("tests/fixtures/results-match.pbn", SourceFormat::Pbn),
            ("tests/fixtures/teaching.pbn", SourceFormat::Pbn),
            // Games whose contract only their auction tells, and a `#`.
            ("tests/fixtures/quirks.pbn", SourceFormat::Pbn),
            ("tests/fixtures/questions.pbn", SourceFormat::Pbn),
            ("tests/fixtures/club.pbn", SourceFormat::Pbn),
            ("tests/fixtures/match.rbn", SourceFormat::Rbn),
            ("assets/sample.rbn", SourceFormat::Rbn),
        ] {
            all.push((std::fs::read(root.join(name)).unwrap(), format));
        }
        for format in [SourceFormat::Pbn, SourceFormat::Rbn] {
            let mut bytes = Vec::new();
            write_archive(format, 300, 9, &mut bytes).unwrap();
            all.push((bytes, format));
        }
        all.push((UNTOLD.as_bytes().to_vec(), SourceFormat::Pbn));
        all.push((MISPLAYED.as_bytes().to_vec(), SourceFormat::Pbn));
        all.push((TEXT_LIKE_LABELS.as_bytes().to_vec(), SourceFormat::Rbn));
        all
    })
}

/// Games as online play writes them: the auction, and no Contract tag (or
/// one handed on), so that only the auction tells the contract.
const UNTOLD: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n[Declarer \"N\"]\n[Result \"10\"]\n\
[Auction \"N\"]\n1NT Pass 3NT Pass\nPass Pass\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"None\"]\n\
[Contract \"#\"]\n[Result \"8\"]\n[Auction \"E\"]\n1S Pass 2S Pass\nPass Pass\n\n[Board \"3\"]\n\
[Contract \"4H\"]\n[Declarer \"S\"]\n[Result \"9\"]\n[Auction \"S\"]\n1H Pass 4H Pass\nPass Pass\n";

/// Every record of `files()`, read in full once for every filter asked.
fn read_in_full() -> &'static [Vec<Record>] {
    static READ: OnceLock<Vec<Vec<Record>>> = OnceLock::new();
    READ.get_or_init(|| {
        let read = |(bytes, format): &(Vec<u8>, SourceFormat)| {
            let mut records = Vec::new();
            each_record(
                bytes,
                *format,
                Wanted::ALL,
                |r| r,
                |_| {},
                |r| {
                    records.push(r);
                    true
                },
            );
            records
        };
        files().iter().map(read).collect()
    })
}

/// A first trick the hands cannot have played (West leads the ace of
/// spades North holds), and one written from its leader while the Play
/// tag names another seat: PBN places the cards by the hands, so the lead
/// and whether there is play at all turn on the deal.
const MISPLAYED: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ\"]\n\
[Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Play \"W\"]\nSA - - -\n\n\
[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
[Deal \"N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ\"]\n\
[Declarer \"S\"]\n[Contract \"3NT\"]\n[Result \"9\"]\n[Play \"W\"]\nS2 S3 S5 ST\n";

/// Free text over lines that begin as labels do (`S `, `N `, `P `, `A `
/// with a colon), one of them closing it: none of them is a label.
const TEXT_LIKE_LABELS: &str = "B 1\nH N:AKQJ.T98.765.432:T98.AKQJ.432.765:765.432.AKQJ.T98:\n\
{South held:\nS AK2 H 432\nN orth: nothing}\nC 3NS\nR 9\n\nB 2\n{A fine lead:\nP erhaps}\nC 4HN\nR 10\n\n\
B 3\n{Text\nE nds here}\nN Ann+Bob:Cid+Dee\nC 2SE\nR 7\nP S2S3S5ST\n";

/// Which records of the file the filter lets through, each read as far as
/// `wants` says.
fn answers(filter: &Filter, bytes: &[u8], format: SourceFormat, wants: Wanted) -> Vec<bool> {
    let mut out = Vec::new();
    each_record(
        bytes,
        format,
        wants,
        |r| filter.matches(Subject::new(&r, "f")),
        |_| {},
        |a| {
            out.push(a);
            true
        },
    );
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The fast path: records read only as far as the filter asks (the play
    /// passed over beyond the lead, no tables found by reading neighbours)
    /// answer every filter as records read in full do.
    #[test]
    fn records_read_as_far_as_the_filter_asks_answer_as_full_ones(tree in tree_reading_less()) {
        let text = tree.text();
        let filter = Filter::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        for ((bytes, format), full) in files().iter().zip(read_in_full()) {
            let full: Vec<bool> = full.iter().map(|r| filter.matches(Subject::new(r, "f"))).collect();
            prop_assert_eq!(answers(&filter, bytes, *format, filter.wanted()), full, "{} ({:?})", text, format);
        }
    }
}
