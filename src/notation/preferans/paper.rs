//! The score sheet read back against the file: stated results and places
//! that differ from the sheet's, each told at its tag. (A deal the sheet
//! can't enter as written, such as one under refa with no refa open, is
//! said on the sheet only: a file may hold a game's later deals alone.)

use crate::model::{Pos, Record};
use crate::scoring::preferans::sheets;

/// Tells each game's differences on its records; `tag_at(record, tag)` is
/// where the game of that record writes `tag`.
pub(super) fn check(records: &mut [Record], tag_at: impl Fn(usize, &str) -> Option<Pos>) {
    let differences = sheets(records).into_iter().flat_map(|s| s.differences);
    for d in differences.filter(|d| d.tag.is_some()) {
        let at = d.tag.as_deref().and_then(|t| tag_at(d.record, t));
        let r = &mut records[d.record];
        let pos = at.unwrap_or(Pos::new(r.line, 1));
        r.disagreement(pos, d.message);
    }
}
