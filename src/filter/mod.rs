//! The filter language: a question asked of every record, in dealer's
//! words for hands and in plain words for what happened at the table
//! (`hcp(north) >= 15 and contract == 3NT and result < 0`). `words.rs`
//! lists every word; the viewer's filter line, `find` and `--where` all
//! parse here and ask here.

mod eval;
mod expr;
mod hand;
mod lex;
mod parse;
mod shape;
mod stats;
mod vocabulary;
pub mod words;

use std::fmt;

pub use eval::{Answer, Subject};
use expr::Kind;
pub use stats::{Average, Frequency, Quantity, Row, Tally, grouped};

/// A mistake in an expression: where it is (the column, counted in
/// characters from 1) and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FilterError {
    pub column: usize,
    pub message: String,
}

impl FilterError {
    pub fn new(column: usize, message: impl Into<String>) -> FilterError {
        FilterError {
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

/// A question asked of records, parsed once: an expression whose value
/// is true or false.
#[derive(Clone, Debug)]
pub struct Filter {
    question: Quantity,
}

impl Filter {
    /// The question written in `text`, or the first mistake in it.
    pub fn parse(text: &str) -> Result<Filter, FilterError> {
        let question = Quantity::parse(text)?;
        if question.kind() != Kind::Truth {
            let message = format!(
                "a filter is a question, true or false for a record, and this is {}; compare it, as in hcp(north) >= 15",
                question.kind().name()
            );
            return Err(FilterError::new(1, message));
        }
        Ok(Filter { question })
    }

    /// The expression as written.
    pub fn text(&self) -> &str {
        self.question.text()
    }

    /// What of a record the question reads.
    pub fn wanted(&self) -> crate::model::Wanted {
        self.question.wanted()
    }

    /// Whether a double-dummy word is asked (the viewer then counts
    /// where the tables it solved are at hand).
    pub fn asks_double_dummy(&self) -> bool {
        self.question.expr().asks_double_dummy()
    }

    /// Whether the record answers the question.
    pub fn matches(&self, subject: Subject) -> bool {
        self.answer(subject).value
    }

    /// The same, and whether a double-dummy word found no table.
    pub fn answer(&self, subject: Subject) -> Answer<bool> {
        eval::Eval::answer(subject, |e| e.truth(self.question.expr()))
    }
}

impl std::str::FromStr for Filter {
    type Err = FilterError;
    fn from_str(text: &str) -> Result<Filter, FilterError> {
        Filter::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Record, SourceFormat};
    use crate::notation::reading::Reading;

    const GAME: &str = r#"[Event "Club Pairs"]
[Date "2021.03.??"]
[Board "7"]
[West "Ida"]
[North "Gus"]
[East "Lou"]
[South "Jo"]
[Dealer "S"]
[Vulnerable "Both"]
[Deal "N:QT4.AQ98765.9.T6 A3.32.AQJ865.QJ7 K876.J.K72.AK952 J952.KT4.T43.843"]
[Declarer "E"]
[Contract "3NTX"]
[Result "7"]
[Auction "S"]
1C Pass 1H 2D
Pass Pass 3NT X
Pass Pass Pass
[Play "S"]
HJ H4 HA H2
"#;

    /// A board whose file gives its double-dummy table: North-South make
    /// 3NT with an overtrick, East-West ten tricks in clubs.
    const TABLED: &str = r#"[Board "1"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AK76.Q54.KJ3.A82 QJ9.AT83.Q7.KJ43 T85.KJ6.A9652.T5 432.972.T84.Q976"]
[Declarer "N"]
[Contract "3NT"]
[Result "10"]
[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]
N NT 10
N  S  9
N  H  9
N  D  8
N  C  3
S NT 10
S  S  9
S  H  9
S  D  8
S  C  3
E NT  3
E  S  4
E  H  3
E  D  4
E  C  10
W NT  3
W  S  4
W  H  3
W  D  4
W  C  10
"#;

    fn record_of(game: &str) -> Record {
        Reading::new(game.as_bytes(), SourceFormat::Pbn)
            .next()
            .expect("a game")
    }

    fn asks_of(game: &str, text: &str) -> bool {
        let filter = Filter::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        filter.matches(Subject::new(&record_of(game), "club.pbn"))
    }

    fn asks(text: &str) -> bool {
        asks_of(GAME, text)
    }

    #[test]
    fn hands_are_measured_as_dealer_measures_them() {
        assert!(asks("hcp(north) == 8 and hcp(south) == 14 and hcp(ns) == 22"));
        assert!(asks("hcp(north, hearts) == 6 and hearts(north) == 7"));
        assert!(asks(
            "shape(north, any 7xxx) and shape(east, 2263) and not balanced(east)"
        ));
        assert!(asks("shape(west, any 4333 + any 4432 - 4432)"));
        assert!(asks(
            "hascard(east, AD) and not hascard(ew, KS) and hascard(ns, SK) and hascard(east, 3S)"
        ));
        assert!(asks("controls(south) == 5 and top3(east, diamonds) == 2"));
        assert!(asks("balanced(any) and hcp(any) >= 14 and not (hcp(any) > 14)"));
        assert!(asks(
            "semibalanced(west) and not semibalanced(south) and losers(south) == 6"
        ));
    }

    #[test]
    fn the_record_is_asked_in_plain_words() {
        assert!(asks(
            "board == 7 and dealer == south and vul == both and vul != ns"
        ));
        assert!(asks(
            "contract == 3NT and contract == 3NTX and contract != 3NTXX and doubled"
        ));
        assert!(asks(
            "level == 3 and strain == notrump and declarer == east and declarer == ew"
        ));
        assert!(asks(
            "tricks == 7 and result == -2 and result < 0 and score == 500"
        ));
        assert!(asks(
            "lead == HJ and suit(lead) == hearts and lead != H2 and lead != 3S"
        ));
        assert!(asks(
            "auction ~ \"^1C P 1H 2D P P 3NT X\" and auction ~ \"3nt x p p p$\""
        ));
        assert!(asks(
            "player == \"ida\" and player(north) ~ \"^g\" and player(ns) == \"JO\""
        ));
        assert!(asks(
            "event ~ \"club\" and date >= \"2021\" and date < \"2021.04\" and file ~ \"club\""
        ));
        assert!(asks(
            "has(deal) and has(play) and has(players) and not has(makes) and not quiz"
        ));
    }

    #[test]
    fn what_a_record_lacks_makes_a_question_false() {
        assert!(!asks("table == 1"));
        assert!(asks("not (table == 1)"));
        assert!(!asks("tricks(north, notrump) >= 0"));
        assert!(!asks("dd >= 0"));
        assert!(!asks("par >= -10000"));
    }

    #[test]
    fn par_is_worked_out_from_the_file_s_table() {
        assert!(asks_of(TABLED, "tricks(south, notrump) == 10 and dd == 10"));
        // 4C makes over 3NT and 4NT; 5C doubled goes one down, non-vulnerable.
        assert!(asks_of(TABLED, "par == 100 and score == 630 and score > par"));
        // Neither the dealer nor the vulnerability, nor the board that
        // would give them.
        let unseated = TABLED.replace("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n", "");
        assert!(asks_of(&unseated, "tricks(south, notrump) == 10"));
        assert!(!asks_of(&unseated, "par >= -10000"));
        let short_table = TABLED.replace("W  C  10\n", "");
        assert!(!asks_of(&short_table, "par >= -10000"));
    }

    fn answer(text: &str, record: &Record, solved: Option<&crate::analysis::DdTable>) -> Answer<bool> {
        let filter = Filter::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let subject = Subject::new(record, "club.pbn");
        filter.answer(solved.map_or(subject, |t| subject.solved(t)))
    }

    #[test]
    fn an_answer_says_when_solving_the_deal_could_change_it() {
        let game = record_of(GAME);
        let lacking = |text| answer(text, &game, None);
        assert!(lacking("not (tricks(north, notrump) >= 0)").lacked_table);
        assert!(lacking("dd >= 0 or board == 7").lacked_table);
        assert!(lacking("par >= -10000").lacked_table);
        // Asked no further once the answer is known.
        assert!(!lacking("board == 8 and dd >= 0").lacked_table);
        assert!(!lacking("board == 7 or dd >= 0").lacked_table);
        let tabled = record_of(TABLED);
        assert!(!answer("tricks(east, clubs) == 10", &tabled, None).lacked_table);
        let plain = Filter::parse("hcp(north) >= 0").unwrap();
        assert!(!plain.answer(Subject::new(&game, "club.pbn")).lacked_table);
    }

    #[test]
    fn a_solved_table_answers_where_the_file_gives_none() {
        use crate::analysis::DdTable;
        use crate::model::{Makes, SideMakes, StrainMakes};
        let given = record_of(TABLED);
        let table = DdTable::from_makes(given.makes().unwrap()).unwrap();
        // The club game (South deals, both vulnerable) as if it were the
        // tabled deal: 4C by East makes over 3NT and 4NT, and 5C doubled
        // goes one down, vulnerable.
        let game = record_of(GAME);
        let text = "tricks(south, notrump) == 10 and dd == 3 and par == 200";
        let solved = answer(text, &game, Some(&table));
        assert_eq!((solved.value, solved.lacked_table), (true, false));
        // Where the file gives a cell, the file's figure answers.
        let sevens = SideMakes {
            first: StrainMakes::List(vec![Some(7); 5]),
            second: Some(StrainMakes::SameAsPartner),
        };
        let sevens = Makes {
            north_south: Some(sevens.clone()),
            west_east: Some(sevens),
            ..Makes::default()
        };
        let sevens = DdTable::from_makes(&sevens).unwrap();
        let short = record_of(&TABLED.replace("W  C  10\n", ""));
        let text = "tricks(east, clubs) == 10 and tricks(west, clubs) == 7";
        assert!(answer(text, &short, Some(&sevens)).value);
        assert!(answer(text, &short, None).lacked_table);
    }

    #[test]
    fn arithmetic_and_precedence() {
        assert!(asks("hcp(north) + hcp(south) * 2 == 36"));
        assert!(asks("(hcp(north) + hcp(south)) * 2 == 44"));
        assert!(asks(
            "-hcp(east) % 4 == -2 and not (7 / 0 == 1) and not (7 / 0 != 1)"
        ));
    }

    fn error(text: &str) -> String {
        Filter::parse(text).expect_err(text).to_string()
    }

    #[test]
    fn every_mistake_names_its_column_and_what_was_expected() {
        let cases = [
            (
                "hcp(nort) > 1",
                "column 5: expected a seat (north, east, south, west), a side (ns, ew) or any, found `nort`",
            ),
            (
                "hcpp(north) > 1",
                "column 1: `hcpp` is not a word that takes arguments; did you mean `hcp`?",
            ),
            (
                "contrct == 3NT",
                "column 1: `contrct` is not a word of the filter language; did you mean `contract`?",
            ),
            (
                "hcp(north, spades, 1) > 2",
                "column 18: expected `)` to close `hcp(` at column 1, found `,`",
            ),
            (
                "shape(ns, 4333)",
                "column 7: expected a seat (north, east, south, west) or any: a side has no single hand, found `ns`",
            ),
            (
                "shape(north, 44332)",
                "column 14: expected a shape: four lengths or x, spades first, like 4333 or 5xx4, found `44332`",
            ),
            (
                "hcp(north)",
                "column 1: a filter is a question, true or false for a record, and this is a number; compare it, as in hcp(north) >= 15",
            ),
            (
                "contract == 3",
                "column 13: a contract can't be compared with a number",
            ),
            (
                "dealer < north",
                "column 10: a seat can be equal or not, but not more or less",
            ),
            (
                "board == 1 and",
                "column 15: expected a number, a word or `(`, found the end",
            ),
            (
                "(board == 1",
                "column 12: expected `)` to close the `(` at column 1, found the end",
            ),
            (
                "board == 1 1",
                "column 12: expected `and`, `or`, a comparison or the end, found `1`",
            ),
            (
                "event ~ event",
                "column 9: expected a regular expression in double quotes after ~, found `event`",
            ),
            (
                "event ~ \"(\"",
                "column 9: this is not a regular expression: error: unclosed group",
            ),
            ("board ~ \"1\"", "column 1: ~ searches text, and this is a number"),
            (
                "hcp(north) + north > 1",
                "column 14: arithmetic needs numbers, and this is a seat",
            ),
            (
                "not board",
                "column 5: not needs a question (true or false), and this is a number",
            ),
            (
                "any == north",
                "column 1: `any` stands for a seat inside a hand word, like hcp(any) or player(any)",
            ),
            (
                "has(bidding)",
                "column 5: expected deal, auction, contract, result, play, players or makes, found `bidding`",
            ),
            (
                "top3(north) > 1",
                "column 11: expected `,` and a suit: top3(SEAT, SUIT), found `)`",
            ),
            (
                "hascard(north, AX)",
                "column 16: expected a card, a rank and a suit like AS or TC, found `AX`",
            ),
            (
                "suit(north) == hearts",
                "column 6: suit takes a card, and this is a seat",
            ),
            (
                "tricks(north, spade) > 1",
                "column 15: expected a strain (spades, hearts, diamonds, clubs, notrump), found `spade`",
            ),
        ];
        let quoted_newline = (
            "board == 1 \"a\nb\"",
            "column 12: expected `and`, `or`, a comparison or the end, found \"a\\nb\"",
        );
        for (text, message) in cases.into_iter().chain([quoted_newline]) {
            assert_eq!(error(text), message, "{text}");
        }
    }
}
