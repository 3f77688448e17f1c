//! What makes records the tables of one board: the same board number and
//! the same deal. The one rule the readers' pairing of a match, the
//! catalog's board index, the list, the `t` key, scoring and `results` ask.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::hand::{Deal, Hand};
use super::record::Record;

/// A board as its tables share it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardKey {
    /// The board number as written.
    pub number: String,
    /// A hash of the deal (0 for a record with none), the same in every
    /// run and on every thread, so that a million records compare in a few
    /// bytes each.
    pub deal: u64,
}

impl BoardKey {
    /// The key of a record's board; None for a record without a board
    /// number, a board of its own.
    pub fn of(r: &Record) -> Option<BoardKey> {
        let board = r.board.as_ref()?;
        Some(BoardKey {
            number: board.number.clone(),
            deal: r.deal.as_ref().map_or(0, deal_hash),
        })
    }

    /// Whether two records' keys are equal, told without making the keys:
    /// the deals are compared where the keys would compare their hashes.
    /// Readers ask this of every record and the one before it.
    pub fn same(a: &Record, b: &Record) -> bool {
        matches!((&a.board, &b.board), (Some(x), Some(y)) if x.number == y.number) && a.deal == b.deal
    }
}

/// The default hasher's keys are fixed when made with `new`, so the hash
/// is the same in every run and on every thread. The cards go in a byte
/// each, every hand after its length, in one write: hashed field by
/// field, a bridge deal cost `dump`'s comparing 10,000 instructions a
/// record, now 2,000.
fn deal_hash(deal: &Deal) -> u64 {
    // Taken apart, so that a field added to the deal is not left out of
    // its hash unseen, as the derived hash would not have left it.
    let Deal {
        game,
        hands,
        hidden,
        given,
        talon,
    } = deal;
    let mut hasher = DefaultHasher::new();
    game.hash(&mut hasher);
    hidden.hash(&mut hasher);
    given.hash(&mut hasher);
    let mut cards = Vec::with_capacity(128);
    for hand in hands.0.iter().map(Hand::cards) {
        cards.extend(hand.len().to_le_bytes());
        cards.extend(hand.iter().map(|c| c.byte()));
    }
    cards.extend(talon.iter().map(|c| c.bit()));
    hasher.write(&cards);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Board, Game, HandCard, Rules, Seat, SourceFormat};

    /// A record of board `board` whose deal gives North the one card `card`
    /// (none: no deal).
    fn record(board: Option<&str>, card: Option<&str>) -> Record {
        let mut r = Record::new(1, 1, SourceFormat::Pbn, Game::bridge());
        r.board = board.map(|n| Board {
            number: n.to_string(),
            description: None,
            auto: false,
        });
        r.deal = card.map(|c| {
            let mut deal = Deal::new(Rules::Bridge);
            deal.hands[Seat::North].push(HandCard::Known(c.parse().expect("a card")));
            deal
        });
        r
    }

    #[test]
    fn tables_of_a_board_share_its_number_and_deal() {
        let key = |b, d| BoardKey::of(&record(b, d));
        assert_eq!(key(Some("1"), Some("SA")), key(Some("1"), Some("SA")));
        assert_ne!(key(Some("1"), Some("SA")), key(Some("2"), Some("SA")));
        assert_ne!(key(Some("1"), Some("SA")), key(Some("1"), Some("SK")));
        assert_eq!(key(None, Some("SA")), None);
        assert_eq!(key(Some("1"), None).map(|k| k.deal), Some(0));
    }

    #[test]
    fn same_says_what_comparing_the_keys_says() {
        let boards = [None, Some("1"), Some("2")];
        let deals = [None, Some("SA"), Some("SK")];
        let records: Vec<Record> = boards
            .iter()
            .flat_map(|b| deals.iter().map(|d| record(*b, *d)))
            .collect();
        for a in &records {
            for b in &records {
                let keys = BoardKey::of(a).is_some_and(|k| BoardKey::of(b) == Some(k));
                assert_eq!(BoardKey::same(a, b), keys, "{:?} {:?}", a.board, b.board);
            }
        }
    }
}
