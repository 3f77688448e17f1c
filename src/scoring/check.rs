//! What a file states about its results checked against what kibitzer
//! computes: each record's score (the readers report that one themselves,
//! at the tag), a team match's IMPs, and a field's matchpoints.
//!
//! IMPs against a datum are not checked: programs take datums in too many
//! ways (with or without the extremes, rounded or not) for a difference to
//! mean a fault.

use super::board::{Entry, Versus, compare, group};
use super::stated_disagreement;
use crate::model::{Effective, Record, Stated};

/// One stated result that disagrees: the record's index, which of its
/// stated results it is (each notation names the tag that states it), and
/// why.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    pub record: usize,
    pub stated: Stated,
    pub message: String,
}

/// Every disagreement among `records`, in record order.
pub fn disagreements(records: &[Record]) -> Vec<Disagreement> {
    let mut found: Vec<Disagreement> = records
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let message = stated_disagreement(r)?;
            Some(Disagreement {
                record: i,
                stated: Stated::Score,
                message,
            })
        })
        .collect();
    let entries: Vec<Entry> = records.iter().map(Entry::of).collect();
    for tables in group(&entries).iter().filter(|t| t.len() > 1) {
        for t in compare(&entries, tables).tables {
            let r = &records[t.record];
            let stated = r.result().and_then(|res| res.effective);
            let found_here = match (stated, t.versus, t.imps, t.percent) {
                (Some(Effective::Imps(h)), Some(Versus::Table(_)), Some(imps), _) => {
                    differs(h.0, i64::from(imps) * 100, 0).then(|| imps_message(h.0, imps))
                }
                (Some(Effective::Push), Some(Versus::Table(_)), Some(imps), _) if imps != 0 => {
                    Some(imps_message(0, imps))
                }
                (Some(Effective::Percent(h)), _, _, Some(percent)) => {
                    let computed = (percent * 100.0).round() as i64;
                    // Files round percentages to whole numbers or to hundredths.
                    differs(h.0, computed, 50).then(|| percent_message(h.0, percent))
                }
                _ => None,
            };
            if let Some((stated, message)) = found_here {
                found.push(Disagreement {
                    record: t.record,
                    stated,
                    message,
                });
            }
        }
    }
    found.sort_by_key(|d| d.record);
    found
}

fn differs(stated: i64, computed: i64, tolerance: i64) -> bool {
    (stated - computed).abs() > tolerance
}

fn imps_message(stated: i64, imps: i32) -> (Stated, String) {
    let stated = crate::model::Hundredths(stated);
    let message = format!(
        "the IMPs are North-South {stated}, but the scores of the two tables make {imps:+} for North-South"
    );
    (Stated::Imps, message)
}

fn percent_message(stated: i64, percent: f64) -> (Stated, String) {
    let stated = crate::model::Hundredths(stated);
    let message = format!(
        "the percentage is North-South {stated}, but the scores of the board's tables in this file make {percent:.2}"
    );
    (Stated::Percentage, message)
}
