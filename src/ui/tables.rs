//! The tables of the board being viewed, found among the records around
//! it: results files keep a board's tables together, so only the
//! neighbours are read, never the whole file.

use crate::archive::Catalog;
use crate::model::BoardKey;

/// The most tables looked for on either side of a record (a BBO daylong
/// plays a board at a few hundred).
const MOST: usize = 256;

/// The records of `item`'s board: the run around it with the same board
/// number and deal. Records without a board number are boards of their
/// own.
pub fn board_run(catalog: &mut Catalog, item: usize) -> Vec<usize> {
    let Some(record) = catalog.load(item) else {
        return Vec::new();
    };
    let Some(key) = BoardKey::of(&record) else {
        return vec![item];
    };
    let mut same = |i: usize| {
        catalog
            .load(i)
            .is_some_and(|r| BoardKey::of(&r).as_ref() == Some(&key))
    };
    let first = (item.saturating_sub(MOST)..item)
        .rev()
        .take_while(|&i| same(i))
        .last()
        .unwrap_or(item);
    let last = (item + 1..item + 1 + MOST)
        .take_while(|&i| same(i))
        .last()
        .unwrap_or(item);
    (first..=last).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Game, Record, SourceFormat};

    fn board(number: usize, board: Option<&str>) -> Record {
        let mut r = Record::new(number, 1, SourceFormat::Rbn, Game::bridge());
        r.board = board.map(|b| Board {
            number: b.to_string(),
            description: None,
            auto: false,
        });
        r
    }

    #[test]
    fn a_board_is_the_run_of_records_around_it() {
        let boards = [Some("1"), Some("1"), Some("2"), Some("2"), Some("2"), None, None];
        let records = boards.iter().enumerate().map(|(i, &b)| board(i + 1, b)).collect();
        let mut catalog = Catalog::of_records(records);
        assert_eq!(board_run(&mut catalog, 0), [0, 1]);
        assert_eq!(board_run(&mut catalog, 3), [2, 3, 4]);
        assert_eq!(board_run(&mut catalog, 5), [5]);
        assert_eq!(board_run(&mut catalog, 9), Vec::<usize>::new());
    }
}
