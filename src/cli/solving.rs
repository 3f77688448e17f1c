//! `--solve` for the commands that ask a filter: a record whose answer
//! met a double-dummy word without a table, and that gives every card,
//! has its deal solved, a batch of deals at a time on every core, and is
//! asked again with the table. Only those: a record whose answer was
//! settled before any double-dummy word was reached keeps it unsolved.
//! Without `--solve` such records are counted, and told of in one line.

use std::collections::{HashMap, HashSet, VecDeque};
use std::io::{self, Write};

use super::each_in_file;
use super::progress::Progress;
use crate::analysis::{DD_BATCH, DdTable, FullDeal, solve_tables, solving_time};
use crate::archive::Archive;
use crate::filter::{Answer, Subject, grouped};
use crate::model::{Record, Wanted};

/// Whether deals are solved, and what was solved or left without a table.
#[derive(Debug, Default)]
pub struct Solving {
    solve: bool,
    solved: usize,
    /// Records answered without the table that could change the answer,
    /// and their deals (a board played at many tables is one deal).
    unsolved: usize,
    unsolved_deals: HashSet<FullDeal>,
}

/// A record's answer, or its deal, to be solved before it is asked again.
enum Asked<T> {
    Done(T),
    /// Answered without the table that could change it.
    Unsolved(T, FullDeal),
    ToSolve(Box<Record>, FullDeal),
}

/// The most answers held back before the deals waiting are solved.
const HELD_MOST: usize = 4096;

/// Answers held back behind records whose deals wait to be solved, so
/// that they come out in file order, and the file's deals solved so far:
/// each board of a pairs event is solved once, not at every table.
struct Waiting<T> {
    asked: VecDeque<Asked<T>>,
    /// The deals among them not solved yet.
    deals: HashSet<FullDeal>,
    tables: HashMap<FullDeal, DdTable>,
}

impl<T> Waiting<T> {
    fn new() -> Waiting<T> {
        Waiting {
            asked: VecDeque::new(),
            deals: HashSet::new(),
            tables: HashMap::new(),
        }
    }

    /// Holds back an answer; whether a batch of deals is ready to solve,
    /// or so many answers are held that the deals there are are solved
    /// now (a pairs event of few boards would else hold its whole file
    /// behind the first deal to solve).
    fn hold(&mut self, asked: Asked<T>) -> bool {
        if let Asked::ToSolve(_, deal) = &asked
            && !self.tables.contains_key(deal)
        {
            self.deals.insert(*deal);
        }
        self.asked.push_back(asked);
        self.deals.len() >= DD_BATCH || self.asked.len() >= HELD_MOST
    }
}

impl Solving {
    pub fn new(solve: bool) -> Solving {
        Solving {
            solve,
            ..Solving::default()
        }
    }

    /// Every record of a file asked `ask` (on every core), each answer to
    /// `emit` in file order until it says to stop.
    pub fn each_answered<T: Send>(
        &mut self,
        archive: &Archive,
        wants: Wanted,
        ask: impl Fn(Subject) -> Answer<T> + Sync,
        mut emit: impl FnMut(T) -> bool,
    ) {
        let file = archive.path.display().to_string();
        let solve = self.solve;
        let mut waiting = Waiting::new();
        let mut going = true;
        let mut progress = each_in_file(
            archive,
            wants,
            |record, file| asked(record, file, solve, &ask),
            |asked, progress| {
                going = match asked {
                    Asked::Done(value) if waiting.asked.is_empty() => emit(value),
                    Asked::Unsolved(value, deal) => {
                        self.unsolved += 1;
                        self.unsolved_deals.insert(deal);
                        emit(value)
                    }
                    asked => {
                        !waiting.hold(asked)
                            || self.solve_waiting(&mut waiting, &file, &ask, &mut emit, progress)
                    }
                };
                going
            },
        );
        if going {
            self.solve_waiting(&mut waiting, &file, &ask, &mut emit, &mut progress);
        }
    }

    /// The waiting deals solved on every core, and every answer held back
    /// given to `emit` in order; whether to go on.
    fn solve_waiting<T>(
        &mut self,
        waiting: &mut Waiting<T>,
        file: &str,
        ask: &impl Fn(Subject) -> Answer<T>,
        emit: &mut impl FnMut(T) -> bool,
        progress: &mut Progress,
    ) -> bool {
        let deals: Vec<FullDeal> = waiting.deals.drain().collect();
        if !deals.is_empty() {
            let solved = solve_tables(&deals);
            waiting.tables.extend(deals.iter().copied().zip(solved));
        }
        self.solved += deals.len();
        progress.note(&format!("{} deals solved", grouped(self.solved)));
        let tables = &waiting.tables;
        waiting.asked.drain(..).all(|asked| match asked {
            Asked::Done(value) | Asked::Unsolved(value, _) => emit(value),
            Asked::ToSolve(record, deal) => {
                let table = &tables[&deal];
                emit(ask(Subject::new(&record, file).solved(table)).value)
            }
        })
    }

    /// One line on `err` when double-dummy words met records that give
    /// every card but no table, with the time solving them would take.
    pub fn tell(&self, err: &mut impl Write) -> io::Result<()> {
        if self.unsolved == 0 {
            return Ok(());
        }
        let records = match self.unsolved {
            1 => "1 record has".to_string(),
            n => format!("{} records have", grouped(n)),
        };
        writeln!(
            err,
            "kibitzer: {records} no double-dummy table, so double-dummy words had no value for them; --solve works them out ({})",
            solving_time(self.unsolved_deals.len())
        )
    }
}

/// A record asked without a solved table; its deal to solve where the
/// answer met no table, the record gives every card, and `solve` says so.
fn asked<T>(record: Record, file: &str, solve: bool, ask: &impl Fn(Subject) -> Answer<T>) -> Asked<T> {
    let answer = ask(Subject::new(&record, file));
    match answer.deal_to_solve(&record) {
        Some(deal) if solve => Asked::ToSolve(Box::new(record), deal),
        Some(deal) => Asked::Unsolved(answer.value, deal),
        None => Asked::Done(answer.value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::Filter;

    /// Each of the ten tables of three boards, no double-dummy table
    /// given: what `filter` matches, in order, and what was solved.
    fn asked(filter: &str, solve: bool) -> (Vec<usize>, Solving) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pairs10.pbn");
        let archive = Archive::open(&path).expect("the fixture");
        let filter = Filter::parse(filter).expect("a filter");
        let mut solving = Solving::new(solve);
        let mut matched = Vec::new();
        let ask = |s: Subject| filter.answer(s).map(|m| m.then_some(s.record.number));
        solving.each_answered(&archive, filter.wanted(), ask, |found| {
            matched.extend(found);
            true
        });
        (matched, solving)
    }

    #[test]
    fn answers_are_held_back_no_further_than_a_bound() {
        use crate::testing::generate::{Rng, record};
        let mut waiting = Waiting::new();
        let record = record(&mut Rng::new(1), 1);
        let deal = FullDeal::of(&record).expect("a generated deal gives every card");
        assert!(!waiting.hold(Asked::ToSolve(Box::new(record), deal)));
        for i in 1..HELD_MOST - 1 {
            assert!(!waiting.hold(Asked::Done(i)), "{i} held");
        }
        assert!(waiting.hold(Asked::Done(0)), "one deal to solve, yet enough held");
    }

    #[test]
    fn only_deals_whose_answer_could_change_are_solved_and_each_once() {
        let (matched, solving) = asked("board == 1 and tricks(north, notrump) >= 0", true);
        assert_eq!(matched.len(), 10);
        assert_eq!((solving.solved, solving.unsolved), (1, 0));
        let (matched, solving) = asked("board == 1 and tricks(north, notrump) >= 0", false);
        assert!(matched.is_empty());
        assert_eq!((solving.unsolved, solving.unsolved_deals.len()), (10, 1));
    }

    #[test]
    fn solved_answers_keep_file_order_among_the_rest() {
        let (matched, _) = asked("board == 2 or tricks(north, notrump) >= 0", true);
        assert_eq!(matched, (1..=30).collect::<Vec<_>>());
    }

    #[test]
    fn the_notice_says_how_many_and_how_long() {
        let (_, solving) = asked("tricks(north, notrump) >= 0", false);
        let mut told = Vec::new();
        solving.tell(&mut told).unwrap();
        let told = String::from_utf8(told).unwrap();
        assert!(
            told.starts_with("kibitzer: 30 records have no double-dummy table, so double-dummy words had no value for them; --solve works them out (about 1 s on "),
            "{told}"
        );
        let mut quiet = Vec::new();
        asked("dd == tricks", true).1.tell(&mut quiet).unwrap();
        assert!(quiet.is_empty());
    }
}
