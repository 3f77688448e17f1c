//! The double-dummy solver's own thread: the viewer hands it positions and
//! deals, and takes the answers in when they come, so that no key and no
//! frame ever waits on a solve. Work for a record the user has left is
//! dropped unsolved, and of the positions asked for only the latest is
//! solved (a solve under way cannot be stopped; its answer is kept in the
//! cache of the deal it belongs to, or thrown away).

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;

use crate::analysis::{
    CardValues, DdTable, FullDeal, Par, PlayInput, PlayTricks, Unavailable, analyse_play, card_values, par,
    solve_table,
};
use crate::model::{Seat, Strain, Vulnerability};
use crate::replay::Position;

/// Work for the solver, each for one record (by its index in the app).
pub enum Job {
    Table {
        record: usize,
        deal: FullDeal,
        /// Dealer and vulnerability, for par.
        par: Option<(Seat, Vulnerability)>,
    },
    Play {
        record: usize,
        input: PlayInput,
    },
    Cards {
        record: usize,
        /// Cards played before the position.
        at: usize,
        position: Box<Position>,
        strain: Strain,
        declarer: Seat,
    },
}

impl Job {
    fn record(&self) -> usize {
        match self {
            Job::Table { record, .. } | Job::Play { record, .. } | Job::Cards { record, .. } => *record,
        }
    }
}

/// An answer, for the record it was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solved {
    Table {
        record: usize,
        table: DdTable,
        par: Option<Par>,
    },
    Play {
        record: usize,
        tricks: PlayTricks,
    },
    Cards {
        record: usize,
        at: usize,
        values: Result<CardValues, Unavailable>,
    },
}

impl Solved {
    pub fn record(&self) -> usize {
        match self {
            Solved::Table { record, .. } | Solved::Play { record, .. } | Solved::Cards { record, .. } => {
                *record
            }
        }
    }
}

/// The viewer's end of the solver thread; the thread ends with it.
pub struct SolverThread {
    jobs: Sender<Job>,
    answers: Receiver<Solved>,
}

impl SolverThread {
    pub fn start() -> SolverThread {
        let (jobs, inbox) = channel();
        let (outbox, answers) = channel();
        thread::Builder::new()
            .name("double-dummy".to_string())
            .spawn(move || work(&inbox, &outbox))
            .expect("a thread for the solver");
        SolverThread { jobs, answers }
    }

    pub fn ask(&self, job: Job) {
        // The thread only stops when this end is dropped.
        let _ = self.jobs.send(job);
    }

    /// Answers that have come in, without waiting.
    pub fn answers(&self) -> Vec<Solved> {
        self.answers.try_iter().collect()
    }
}

fn work(inbox: &Receiver<Job>, outbox: &Sender<Solved>) {
    let mut queue = VecDeque::new();
    loop {
        if queue.is_empty() {
            let Ok(job) = inbox.recv() else { return };
            queue.push_back(job);
        }
        queue.extend(inbox.try_iter());
        let Some(job) = next(&mut queue) else { continue };
        if outbox.send(solve(job)).is_err() {
            return;
        }
    }
}

/// The job to do now: only the latest record's work counts, and of its
/// positions only the latest asked; the position first, since the user
/// is looking at it.
fn next(queue: &mut VecDeque<Job>) -> Option<Job> {
    let latest = queue.back()?.record();
    queue.retain(|j| j.record() == latest);
    let last_cards = queue.iter().rposition(|j| matches!(j, Job::Cards { .. }));
    let mut i = 0;
    queue.retain(|j| {
        i += 1;
        !matches!(j, Job::Cards { .. }) || Some(i - 1) == last_cards
    });
    let first = queue
        .iter()
        .position(|j| matches!(j, Job::Cards { .. }))
        .unwrap_or(0);
    queue.remove(first)
}

fn solve(job: Job) -> Solved {
    match job {
        Job::Table {
            record,
            deal,
            par: about,
        } => {
            let table = solve_table(&deal);
            let par = about.map(|(dealer, vulnerability)| par(&table, vulnerability, dealer));
            Solved::Table { record, table, par }
        }
        Job::Play { record, input } => Solved::Play {
            record,
            tricks: analyse_play(&input),
        },
        Job::Cards {
            record,
            at,
            position,
            strain,
            declarer,
        } => Solved::Cards {
            record,
            at,
            values: card_values(&position, strain, declarer),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(record: usize, at: usize) -> Job {
        Job::Cards {
            record,
            at,
            position: Box::default(),
            strain: Strain::NoTrump,
            declarer: Seat::South,
        }
    }

    fn what(job: &Job) -> (usize, Option<usize>) {
        match job {
            Job::Cards { record, at, .. } => (*record, Some(*at)),
            other => (other.record(), None),
        }
    }

    fn any_deal() -> FullDeal {
        let deck = crate::model::Rules::Bridge.deck();
        let mut hands = crate::model::SeatMap::default();
        for (i, seat) in [Seat::North, Seat::East, Seat::South, Seat::West]
            .into_iter()
            .enumerate()
        {
            let cards = deck[i * 13..(i + 1) * 13].iter();
            hands[seat] = cards.map(|&c| crate::model::HandCard::Known(c)).collect();
        }
        FullDeal::from_hands(&hands).unwrap()
    }

    #[test]
    fn only_the_latest_records_latest_position_is_solved_first() {
        let play = |record| Job::Play {
            record,
            input: PlayInput {
                deal: any_deal(),
                strain: Strain::NoTrump,
                declarer: Seat::South,
                cards: Vec::new(),
            },
        };
        let mut queue: VecDeque<Job> = [cards(1, 0), play(2), cards(2, 3), cards(2, 4)].into();
        assert_eq!(next(&mut queue).map(|j| what(&j)), Some((2, Some(4))));
        assert_eq!(queue.iter().map(what).collect::<Vec<_>>(), [(2, None)]);
    }
}
