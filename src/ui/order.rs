//! The list in another order than the file's: by score, so that the
//! boards with the biggest swings, or the best scores, come first.

use crate::model::Record;
use crate::scoring::imps;

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
    /// The records by score: the two tables of a team-match board together,
    /// by the size of their swing; any other record by North-South's
    /// score; the highest first, records without a score last, equals in
    /// file order.
    pub fn by_score(records: &[&Record]) -> ListOrder {
        let key = |i: usize| {
            let r = records[i];
            let pair = match r.table {
                Some(1) => records.get(i + 1).map(|second| (r, *second)),
                Some(2) => i.checked_sub(1).map(|first| (records[first], r)),
                _ => None,
            };
            match pair {
                Some((first, second)) => swing(first, second).map(i32::abs),
                None => r.comparable_score(),
            }
        };
        let mut order: Vec<usize> = (0..records.len()).collect();
        order.sort_by_key(|&i| {
            let k = key(i);
            (k.is_none(), std::cmp::Reverse(k))
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
}
