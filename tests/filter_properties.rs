//! Random filters, made from the grammar, asked of real and generated
//! records: the filter's answer is the answer of the expression's tree
//! worked out by plain Rust over the same records, with `not` binding
//! tighter than `and`, `and` tighter than `or`, and a question about what a
//! record lacks false.

use std::sync::OnceLock;

use kibitzer::filter::{Filter, Subject};
use kibitzer::model::{Outcome, Record, Seat, SourceFormat};
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

/// A filter's tree.
#[derive(Clone, Debug)]
enum Tree {
    Compare(usize, usize, i64),
    Not(Box<Tree>),
    And(Box<Tree>, Box<Tree>),
    Or(Box<Tree>, Box<Tree>),
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = (0..NUMBERS.len(), 0..OPS.len(), -3i64..30).prop_map(|(w, o, n)| Tree::Compare(w, o, n));
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
