//! Where the reader sits: the seat drawn at the bottom of the diagram, and
//! with it the order of the auction grid's and the trick table's columns.

use crate::model::{AuctionItem, Record, Rules, Seat, SeatSet};
use crate::replay::{Quiz, Replay, Stop};

/// The seat at the bottom of the table. Only bridge turns: the other
/// games keep their own places (Preferans's talon sits at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    bottom: Seat,
}

impl Default for Seating {
    fn default() -> Seating {
        Seating { bottom: Seat::South }
    }
}

impl Seating {
    /// The reader at `bottom`.
    pub fn at(bottom: Seat) -> Seating {
        Seating { bottom }
    }

    pub fn bottom(self) -> Seat {
        self.bottom
    }

    /// Where a seat is drawn: the compass point of the screen it takes
    /// once the table is turned.
    pub fn place(self, seat: Seat) -> Seat {
        let turn = (Seat::South as usize + 8 - self.bottom as usize) % 8;
        Seat::ALL[(seat as usize + turn) % 8]
    }

    /// The bridge seats as a reader at the table sees them from the left:
    /// left-hand opponent, partner, right-hand opponent, the reader. The
    /// auction grid and the trick table have their columns in this order.
    pub fn columns(self) -> [Seat; 4] {
        let turn = (self.bottom as usize + 8 - Seat::South as usize) % 8;
        [Seat::West, Seat::North, Seat::East, Seat::South].map(|s| Seat::ALL[(s as usize + turn) % 8])
    }

    /// The reader's own seat in a record: in bridge, the one hand a quiz
    /// shows, or the seat that must answer its first question; South
    /// otherwise, or the seat the user likes (no record format names the
    /// reader's seat).
    pub fn of_record(record: &Record, replay: &Replay, stops: &[Stop], home: Seat) -> Seating {
        if record.rules() != Rules::Bridge {
            return Seating::default();
        }
        let shown: Vec<Seat> = record
            .deal
            .as_ref()
            .filter(|d| !d.hidden.is_empty())
            .map(|d| visible(d.known_seats(), d.hidden))
            .unwrap_or_default();
        if let [only] = shown[..] {
            return Seating::at(only);
        }
        let asked = stops.iter().find_map(|s| s.quiz.map(|q| (q, s)));
        let seat = match asked {
            Some((Quiz::Call, stop)) => to_call(record, stop.calls),
            Some((Quiz::Play | Quiz::Hidden, stop)) => replay.position(stop.cards).to_play.map(|seat| {
                // Declarer plays dummy's cards too.
                match record.declarer() {
                    Some(d) if d != seat && partner(d) == seat => d,
                    _ => seat,
                }
            }),
            None => None,
        };
        Seating::at(seen_from(seat.unwrap_or(home), &shown, record.declarer()))
    }
}

/// The reader never sits at a hand kept from them (the opening leader of a
/// play problem that hides the defence): then declarer, if shown, or the
/// first hand shown.
fn seen_from(seat: Seat, shown: &[Seat], declarer: Option<Seat>) -> Seat {
    if shown.is_empty() || shown.contains(&seat) {
        return seat;
    }
    declarer.filter(|d| shown.contains(d)).unwrap_or(shown[0])
}

fn visible(given: SeatSet, hidden: SeatSet) -> Vec<Seat> {
    Rules::Bridge
        .seats()
        .iter()
        .copied()
        .filter(|&s| given.contains(s) && !hidden.contains(s))
        .collect()
}

fn partner(seat: Seat) -> Seat {
    Seat::ALL[(seat as usize + 4) % 8]
}

/// The seat whose call follows the first `calls` entries of the auction.
fn to_call(record: &Record, calls: usize) -> Option<Seat> {
    let auction = record.auction()?;
    let made = auction.entries[..calls.min(auction.entries.len())]
        .iter()
        .filter(|e| e.item != AuctionItem::Query)
        .count();
    Some((0..made).fold(auction.dealer, |seat, _| Rules::Bridge.next_seat(seat)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFormat;
    use crate::notation::rbn::Reader;
    use Seat::*;

    #[test]
    fn the_reader_is_always_at_the_bottom_and_partner_at_the_top() {
        for bottom in [North, East, South, West] {
            let seating = Seating::at(bottom);
            assert_eq!(seating.place(bottom), South);
            assert_eq!(seating.place(partner(bottom)), North);
            let [left, top, right, me] = seating.columns();
            assert_eq!(
                [left, top, right, me].map(|s| seating.place(s)),
                [West, North, East, South]
            );
            assert_eq!(me, bottom);
        }
        assert_eq!(Seating::at(East).columns(), [South, West, North, East]);
        assert_eq!(Seating::at(East).place(North), East);
    }

    fn rbn(text: &str) -> (Record, Seating) {
        let record = Reader::new(text.as_bytes(), SourceFormat::Rbn).next().unwrap();
        let replay = Replay::new(&record);
        let stops = crate::replay::stops(&record, &replay);
        let seating = Seating::of_record(&record, &replay, &stops, Seat::South);
        (record, seating)
    }

    #[test]
    fn a_lead_problem_sits_the_reader_at_the_one_hand_shown() {
        let (_, seating) =
            rbn("H W:A8765.QT.K9.AT87;J42.AJ7632.J.632;QT3.85.Q86.KQJ54;\nA SZ:1SP4SP:PP\nC 4S:S\n");
        assert_eq!(seating.bottom(), West);
    }

    #[test]
    fn a_play_problem_hiding_the_defence_sits_the_reader_at_declarer() {
        let hands = "H N:AQ3.KJ97.A82.Q93;J10984.A65.93.K84:762.Q104.KQ7.J1076;\n";
        let (_, seating) = rbn(&format!("{hands}A NZ:1NPPP\nC 1N:N\n"));
        assert_eq!(seating.bottom(), North);
    }

    #[test]
    fn a_bidding_quiz_sits_the_reader_at_the_seat_to_call() {
        let (_, seating) = rbn("A EZ:1SPY\n");
        assert_eq!(seating.bottom(), West);
        let (_, plain) = rbn("A NZ:1SP4SP:PP\nC 4S:N\n");
        assert_eq!(plain.bottom(), South);
    }
}
