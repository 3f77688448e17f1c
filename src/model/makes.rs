//! Double-dummy makes, RBN's M label: tricks declarer can take after each
//! lead, and what each seat makes in each strain.

use super::seat::Seat;
use super::strain::Strain;

/// A list of trick counts that may stop early; `unknown_rest` is the `?`
/// that says nothing further is known (else the last value repeats).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TrickList {
    pub values: Vec<u8>,
    pub unknown_rest: bool,
}

/// One seat's makes in the five strains as written: a list (NT S H D C,
/// `None` for `?`, possibly cut short), or a shortcut.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum StrainMakes {
    List(Vec<Option<u8>>),
    /// `=`: the same as partner.
    SameAsPartner,
    /// `!`: thirteen less what the opponent on the right makes (West from
    /// North, East from South).
    Complement,
}

/// A side's makes: the first seat (North or West) and the second (South or
/// East), which may be left out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SideMakes {
    pub first: StrainMakes,
    pub second: Option<StrainMakes>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Makes {
    /// Part 1: in the contract, at the start then after each lead.
    pub contract: Option<TrickList>,
    /// Part 2: after each possible opening lead, high to low.
    pub leads: Option<TrickList>,
    pub north_south: Option<SideMakes>,
    pub west_east: Option<SideMakes>,
}

/// Strains in the order the M label writes them.
pub const MAKES_ORDER: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

impl Makes {
    /// Tricks `seat` makes as declarer in each strain (NT S H D C), with
    /// the shortcuts worked out; None where unknown.
    pub fn for_seat(&self, seat: Seat) -> [Option<u8>; 5] {
        self.resolve(seat, 0)
    }

    fn resolve(&self, seat: Seat, depth: u8) -> [Option<u8>; 5] {
        let (side, first) = match seat {
            Seat::North => (&self.north_south, true),
            Seat::South => (&self.north_south, false),
            Seat::West => (&self.west_east, true),
            Seat::East => (&self.west_east, false),
            _ => return [None; 5],
        };
        let spec = side
            .as_ref()
            .and_then(|s| if first { Some(&s.first) } else { s.second.as_ref() });
        match spec {
            _ if depth > 3 => [None; 5],
            None => [None; 5],
            Some(StrainMakes::List(list)) => std::array::from_fn(|i| list.get(i).copied().flatten()),
            Some(StrainMakes::SameAsPartner) => self.resolve(partner(seat), depth + 1),
            Some(StrainMakes::Complement) => {
                let other = if matches!(seat, Seat::West) {
                    Seat::North
                } else {
                    Seat::South
                };
                self.resolve(other, depth + 1)
                    .map(|n| n.map(|n| 13u8.saturating_sub(n)))
            }
        }
    }
}

fn partner(seat: Seat) -> Seat {
    match seat {
        Seat::North => Seat::South,
        Seat::South => Seat::North,
        Seat::East => Seat::West,
        _ => Seat::East,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortcuts_resolve_through_partner_and_opponent() {
        let makes = Makes {
            north_south: Some(SideMakes {
                first: StrainMakes::List(vec![Some(9), Some(8), Some(7), Some(10), Some(8)]),
                second: Some(StrainMakes::SameAsPartner),
            }),
            west_east: Some(SideMakes {
                first: StrainMakes::Complement,
                second: Some(StrainMakes::SameAsPartner),
            }),
            ..Makes::default()
        };
        assert_eq!(makes.for_seat(Seat::South)[0], Some(9));
        assert_eq!(
            makes.for_seat(Seat::West),
            [Some(4), Some(5), Some(6), Some(3), Some(5)]
        );
        assert_eq!(makes.for_seat(Seat::East), makes.for_seat(Seat::West));
    }
}
