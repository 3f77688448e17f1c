//! Seats around the table. The eight compass points cover every game kibitzer
//! knows: bridge sits N E S W, three-handed games N SE SW, Pinochle up to all
//! eight. Which of them are in play is the game's choice ([`crate::model::Rules::seats`]).

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use thiserror::Error;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
}

impl Seat {
    /// All compass points clockwise from North.
    pub const ALL: [Seat; 8] = [
        Seat::North,
        Seat::NorthEast,
        Seat::East,
        Seat::SouthEast,
        Seat::South,
        Seat::SouthWest,
        Seat::West,
        Seat::NorthWest,
    ];

    pub fn abbreviation(self) -> &'static str {
        ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][self as usize]
    }

    pub fn name(self) -> &'static str {
        [
            "North",
            "Northeast",
            "East",
            "Southeast",
            "South",
            "Southwest",
            "West",
            "Northwest",
        ][self as usize]
    }

    /// The bridge seat named by one letter, in either case.
    pub fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.abbreviation())
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
#[error("`{0}` is not a seat")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;

    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        Seat::ALL
            .into_iter()
            .find(|seat| seat.abbreviation().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseSeatError(s.to_string()))
    }
}

/// One value per compass point; games index only their own seats.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatMap<T>(pub [T; 8]);

impl<T> Index<Seat> for SeatMap<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat as usize]
    }
}

impl<T> IndexMut<Seat> for SeatMap<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat as usize]
    }
}

/// A set of seats, such as the hands a quiz hides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat as u8;
    }

    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat as u8);
    }

    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::default();
        iter.into_iter().for_each(|s| set.insert(s));
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_names_round_trip() {
        for seat in Seat::ALL {
            assert_eq!(seat.to_string().parse(), Ok(seat));
        }
        assert_eq!("sw".parse(), Ok(Seat::SouthWest));
        assert!("Q".parse::<Seat>().is_err());
    }

    #[test]
    fn seat_set_keeps_members() {
        let set: SeatSet = [Seat::East, Seat::West].into_iter().collect();
        assert!(set.contains(Seat::West) && !set.contains(Seat::North));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat::East, Seat::West]);
    }
}
