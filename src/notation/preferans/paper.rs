//! The score sheet read back against the file: a deal the paper can't
//! enter as written, and stated results and places that differ from the
//! sheet's, each told at its deal or its tag.

use crate::model::{Pos, Record};
use crate::scoring::preferans::sheets;

/// Tells each game's differences on its records; `tag_at(record, tag)` is
/// where the game of that record writes `tag`.
pub(super) fn check(records: &mut [Record], tag_at: impl Fn(usize, &str) -> Option<Pos>) {
    let differences: Vec<_> = sheets(records).into_iter().flat_map(|s| s.differences).collect();
    for d in differences {
        let at = d.tag.as_deref().and_then(|t| tag_at(d.record, t));
        let r = &mut records[d.record];
        let pos = at.unwrap_or(Pos::new(r.line, 1));
        r.disagreement(pos, d.message);
    }
}
