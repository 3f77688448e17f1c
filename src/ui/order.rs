//! The list in another order than the file's: by score, so that the
//! boards with the biggest swings, or the best scores, come first.

use std::collections::HashMap;

use crate::model::Record;
use crate::scoring::{Entry, group, imps, opponents};

/// The swing of a team-match board to the team North-South at table 1.
pub fn swing(first: &Record, second: &Record) -> Option<i32> {
    Some(imps(first.comparable_score()? - second.comparable_score()?))
}

/// Which record each list row shows, and the way back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListOrder {
    records: Vec<usize>,
    rows: Vec<usize>,
}

impl ListOrder {
    /// The records by score: the two tables of a team-match board together
    /// (as `scoring::opponents` pairs them: the reader's pair, or the
    /// same teams sitting the other way round), by the size of their
    /// swing; any other record by North-South's score; the highest first,
    /// records without a score last, equals in file order.
    pub fn by_score(records: &[&Record]) -> ListOrder {
        let entries: Vec<Entry> = records.iter().map(|r| Entry::of(r)).collect();
        let mut other = HashMap::new();
        for tables in group(&entries) {
            other.extend(opponents(&entries, &tables));
        }
        let key = |i: usize| match other.get(&i) {
            Some(&j) => swing(records[i], records[j]).map(i32::abs),
            None => records[i].comparable_score(),
        };
        let mut order: Vec<usize> = (0..records.len()).collect();
        order.sort_by_key(|&i| {
            let k = key(i);
            // A board's two tables side by side, the first in the file first.
            let board = other.get(&i).map_or(i, |&j| i.min(j));
            (k.is_none(), std::cmp::Reverse(k), board, i)
        });
        let mut rows = vec![0; order.len()];
        for (row, &record) in order.iter().enumerate() {
            rows[record] = row;
        }
        ListOrder { records: order, rows }
    }

    /// The record shown at list row `row`.
    pub fn record(&self, row: usize) -> usize {
        self.records.get(row).copied().unwrap_or(row)
    }

    /// The list row that shows record `record`.
    pub fn row(&self, record: usize) -> usize {
        self.rows.get(record).copied().unwrap_or(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::model::SourceFormat;

    /// A board played once (3NT made, +400), a match board with a 10-IMP
    /// swing, a board without a result, and a match board with a 1-IMP
    /// swing.
    const FILE: &str = "B 1\nA NZ:1NP3NP:PP\nC 3N:N\nR 9\n\nB 2\nA NZ:1SP4SP:PP\nC 4S:N\nR 10\n!\nA NZ:1SP4SP:PP\nC 4S:N\nR 9\n\n\
B 3\nA NZ:1SP4SP:PP\nC 4S:N\n\nB 4\nA NZ:1SP4SP:PP\nC 4S:N\nR 10\n!\nA NZ:1SP4SP:PP\nC 4S:N\nR 11\n";

    #[test]
    fn big_scores_and_swings_come_first_with_both_tables_of_a_board_together() {
        let records: Vec<Record> = read_checked(FILE.as_bytes(), SourceFormat::Rbn).collect();
        let refs: Vec<&Record> = records.iter().collect();
        let order = ListOrder::by_score(&refs);
        let rows: Vec<usize> = (0..records.len()).map(|row| order.record(row)).collect();
        // +400; the 10-IMP board's tables; the 1-IMP board's; no score.
        assert_eq!(rows, [0, 1, 2, 4, 5, 3]);
        assert_eq!(order.row(3), 5);
        assert_eq!(order.record(99), 99);
    }

    /// Board 1's two tables apart in the file, the teams sitting the other
    /// way round at the second (+420 and -100: an 11-IMP swing); board 2
    /// between them, -50. Paired as neighbours, board 1's second table
    /// would come after board 2.
    const APART: &str = "K Lions:Tigers\nB 1\nH N:93.QT86.K872.QJ7:AKQJT7.J2.AQ5.64:82.AK3.T963.AKT8:654.9754.J4.9532\nA NZ:1SP4SP:PP\nC 4S:S\nR 10\n\n\
B 2\nH N:93.QT86.K872.QJ7:AKQJT7.J2.AQ5.64:82.AK3.T963.AKT8:654.9754.J4.9532\nA NZ:1SP4SP:PP\nC 4S:S\nR 9\n\n\
K Tigers:Lions\nB 1\nH N:93.QT86.K872.QJ7:AKQJT7.J2.AQ5.64:82.AK3.T963.AKT8:654.9754.J4.9532\nA NZ:1SP4SP:PP\nC 4S:S\nR 8\n";

    #[test]
    fn the_tables_of_a_match_board_are_paired_by_their_teams_not_by_their_places() {
        let records: Vec<Record> = read_checked(APART.as_bytes(), SourceFormat::Rbn).collect();
        assert_eq!(records.len(), 3);
        let refs: Vec<&Record> = records.iter().collect();
        let order = ListOrder::by_score(&refs);
        let rows: Vec<usize> = (0..records.len()).map(|row| order.record(row)).collect();
        assert_eq!(rows, [0, 2, 1]);
    }
}
