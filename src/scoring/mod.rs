//! Scores and results: the score of a contract (Law 77), IMPs and
//! matchpoints (Law 78), the tables of a board compared, a team match's
//! swing and an event's standings. No I/O: readers, `dump`, `results` and
//! the viewer all score through here.
//!
//! Scores are North-South's, signed, as results files write them, except
//! where a name says declarer's side. Chicago deals score as duplicate
//! deals (a single deal cannot know the part-scores carried between the
//! four); rubber deals are also written above and below the line.

mod board;
mod check;
mod compare;
mod duplicate;
pub mod pinochle;
pub mod preferans;
mod score_table;
mod standings;

pub use board::{
    BoardResults, Entry, MatchBoard, TableResult, Versus, board_results, boards, compare, group,
    match_boards, opponents,
};
pub use check::{Disagreement, disagreements};
pub use compare::{datum, matchpoints, neuberg, percent, top};
pub use duplicate::{Played, imps};
pub use score_table::{ScoreRow, score_grid, stated_tables};
pub use standings::{Basis, Standing, StandingGroup, Standings, pair_names, standings};

use crate::model::{Outcome, Record, ScoringForm, Seat, Vulnerability};

/// Whether the side of `seat` is vulnerable; None when the record's
/// vulnerability is not one of the four.
pub fn vulnerable(vulnerability: Vulnerability, seat: Seat) -> Option<bool> {
    let north_south = matches!(seat, Seat::North | Seat::South);
    match vulnerability {
        Vulnerability::None => Some(false),
        Vulnerability::Both => Some(true),
        Vulnerability::NorthSouth => Some(north_south),
        Vulnerability::EastWest => Some(!north_south),
        Vulnerability::Any => None,
    }
}

/// +1 for North-South, -1 for East-West: turns declarer's score into
/// North-South's and back.
pub fn side_sign(seat: Seat) -> i32 {
    if matches!(seat, Seat::North | Seat::South) {
        1
    } else {
        -1
    }
}

impl Record {
    /// The contract as played, when level, strain, vulnerability and
    /// tricks are all known.
    pub fn played(&self) -> Option<Played> {
        let contract = self.contract()?;
        let Some(Outcome::Tricks(tricks)) = self.result()?.outcome else {
            return None;
        };
        Some(Played {
            level: contract.level?,
            strain: contract.strain,
            doubling: contract.doubling,
            vulnerable: vulnerable(self.vulnerability()?, contract.declarer)?,
            tricks,
        })
    }

    fn passed_out(&self) -> bool {
        self.result().and_then(|r| r.outcome) == Some(Outcome::PassedOut)
    }

    /// The computed duplicate score from declarer's side (0 passed out).
    pub fn declarer_score(&self) -> Option<i32> {
        if self.passed_out() {
            return Some(0);
        }
        self.played().map(Played::score)
    }

    /// The computed duplicate score for North-South (0 passed out).
    pub fn score(&self) -> Option<i32> {
        if self.passed_out() {
            return Some(0);
        }
        Some(self.played()?.score() * side_sign(self.contract()?.declarer))
    }

    /// The score the file states, for North-South.
    pub fn score_stated(&self) -> Option<i32> {
        self.result()?.score
    }

    /// North-South's percentage as the record states it (PBN's
    /// ScorePercentage).
    pub fn percent_stated(&self) -> Option<f64> {
        match self.result()?.effective? {
            crate::model::Effective::Percent(h) => Some(h.0 as f64 / 100.0),
            _ => None,
        }
    }

    /// Tricks against the contract, `=`, `+1`, `-2`, or `passed out`.
    pub fn result_text(&self) -> Option<String> {
        if self.passed_out() {
            return Some("passed out".to_string());
        }
        Some(match self.played()?.over() {
            0 => "=".to_string(),
            over => format!("{over:+}"),
        })
    }

    /// The score to compare tables by: computed, else as the file states.
    pub fn comparable_score(&self) -> Option<i32> {
        self.score().or_else(|| self.score_stated())
    }
}

/// The file's score for North-South against the computed one: a message
/// when they disagree. A rubber deal's stated score may count premiums of
/// the rubber that one deal cannot know, so it is not checked.
pub fn stated_disagreement(r: &Record) -> Option<String> {
    if r.scoring.as_ref().is_some_and(|s| s.form == ScoringForm::Rubber) {
        return None;
    }
    let (stated, computed) = (r.score_stated()?, r.score()?);
    if stated == computed {
        return None;
    }
    let how = match (r.contract(), r.played()) {
        (Some(c), Some(p)) => {
            let vul = if p.vulnerable {
                "vulnerable"
            } else {
                "not vulnerable"
            };
            format!(
                "{} by {} taking {} tricks, {vul},",
                c.short(),
                c.declarer.name(),
                p.tricks
            )
        }
        _ => "a passed-out board".to_string(),
    };
    Some(format!(
        "the score is North-South {stated:+}, but {how} scores {computed:+} for North-South"
    ))
}
