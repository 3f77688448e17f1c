//! Every record of a catalog at once, for what compares the whole file
//! (its standings, the list by score): one pass of the reader, far cheaper
//! than reading each record on its own, which looks back for what earlier
//! records hand on.

use super::{Catalog, read_checked};
use crate::model::Record;

impl Catalog {
    /// Every record of every file, read and checked in file order; None
    /// when the files do not give the records the list has found (the
    /// records of a catalog made of records, or of files still being
    /// indexed).
    pub fn read_all(&self) -> Option<Vec<Record>> {
        let records: Vec<Record> = self
            .shelves
            .iter()
            .flat_map(|s| read_checked(&s.bytes, s.format))
            .collect();
        (self.complete() && records.len() == self.len()).then_some(records)
    }
}
