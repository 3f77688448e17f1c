//! Where records stand in the list of several files: a file's records
//! follow the files before it, listed once those are all found, so that a
//! record keeps its place; and which file a place is in.

use super::Catalog;
use super::catalog::Shelf;

impl Catalog {
    /// Records known so far: a file's records are listed once every file
    /// before it has been indexed, so that a record keeps its place.
    pub fn len(&self) -> usize {
        self.listed().map(Shelf::len).sum()
    }

    /// The files whose records are listed: up to the first still being
    /// indexed.
    fn listed(&self) -> impl Iterator<Item = &Shelf> {
        let open = self.shelves.iter().position(|s| !s.indexed);
        let end = open.map_or(self.shelves.len(), |i| i + 1);
        self.shelves[..end].iter()
    }

    /// How many files the records come from.
    pub fn files(&self) -> usize {
        self.shelves.len()
    }

    /// The short name of file `f`.
    pub fn file_name(&self, f: usize) -> Option<&str> {
        self.shelves.get(f).map(|s| s.name.as_str())
    }

    /// The short name of record `i`'s file, and its number in that file.
    pub fn file_of(&self, i: usize) -> Option<(&str, usize)> {
        let (s, k) = self.locate(i)?;
        Some((&self.shelves[s].name, k + 1))
    }

    /// Where record `i` stands, for the deal view's header: `record 3 of
    /// 10`, or with several files `a.pbn:3 · 7 of 10`.
    pub fn place(&self, i: usize) -> String {
        // Still counting: the total so far is not the total.
        let more = if self.complete() { "" } else { "+" };
        match self.file_of(i) {
            Some((name, k)) if self.files() > 1 => format!("{name}:{k} · {} of {}{more}", i + 1, self.len()),
            Some((_, k)) => format!("record {k} of {}{more}", self.len()),
            None => String::new(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The shelf and place on it of record `i` of the list.
    pub(super) fn locate(&self, mut i: usize) -> Option<(usize, usize)> {
        for (s, shelf) in self.listed().enumerate() {
            if i < shelf.len() {
                return Some((s, i));
            }
            i -= shelf.len();
        }
        None
    }
}
