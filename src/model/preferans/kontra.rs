//! Kontras and the invitation: PPN writes only the last word said and the
//! follower who began, so `R2` is player 2's kontra answered by the main
//! player's rekontra.

use crate::model::Seat;

/// How far the kontras went: each level answers the one before, the
/// follower and the main player taking turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KontraKind {
    /// A follower asks the other, who would not follow, to play with him.
    Invitation,
    Kontra,
    Rekontra,
    Subkontra,
    Mortkontra,
}

/// A kontra or invitation and the follower who began it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kontra {
    pub kind: KontraKind,
    pub by: Seat,
}

const LEVELS: [KontraKind; 4] = [
    KontraKind::Kontra,
    KontraKind::Rekontra,
    KontraKind::Subkontra,
    KontraKind::Mortkontra,
];

impl KontraKind {
    /// The kind PPN writes as this letter.
    pub fn from_letter(c: char) -> Option<KontraKind> {
        match c {
            'I' => Some(KontraKind::Invitation),
            'K' => Some(KontraKind::Kontra),
            'R' => Some(KontraKind::Rekontra),
            'S' => Some(KontraKind::Subkontra),
            'M' => Some(KontraKind::Mortkontra),
            _ => None,
        }
    }

    pub fn letter(self) -> char {
        match self {
            KontraKind::Invitation => 'I',
            KontraKind::Kontra => 'K',
            KontraKind::Rekontra => 'R',
            KontraKind::Subkontra => 'S',
            KontraKind::Mortkontra => 'M',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            KontraKind::Invitation => "invitation",
            KontraKind::Kontra => "kontra",
            KontraKind::Rekontra => "rekontra",
            KontraKind::Subkontra => "subkontra",
            KontraKind::Mortkontra => "mortkontra",
        }
    }

    /// What the contract's value is multiplied by: each kontra doubles it;
    /// an invitation leaves it.
    pub fn factor(self) -> u32 {
        match self {
            KontraKind::Invitation => 1,
            KontraKind::Kontra => 2,
            KontraKind::Rekontra => 4,
            KontraKind::Subkontra => 8,
            KontraKind::Mortkontra => 16,
        }
    }
}

impl Kontra {
    /// Every word said, in order, with who said it: the follower who began
    /// and the main player by turns.
    pub fn said(self, main: Seat) -> Vec<(Seat, KontraKind)> {
        if self.kind == KontraKind::Invitation {
            return vec![(self.by, self.kind)];
        }
        LEVELS
            .iter()
            .take_while(|&&k| k <= self.kind)
            .enumerate()
            .map(|(i, &k)| (if i % 2 == 0 { self.by } else { main }, k))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rekontra_is_the_followers_kontra_and_the_main_players_answer() {
        let r2 = Kontra {
            kind: KontraKind::Rekontra,
            by: Seat::North,
        };
        assert_eq!(
            r2.said(Seat::West),
            [
                (Seat::North, KontraKind::Kontra),
                (Seat::West, KontraKind::Rekontra)
            ]
        );
        let m3 = Kontra {
            kind: KontraKind::Mortkontra,
            by: Seat::East,
        };
        let who: Vec<Seat> = m3.said(Seat::West).iter().map(|s| s.0).collect();
        assert_eq!(who, [Seat::East, Seat::West, Seat::East, Seat::West]);
        assert_eq!(KontraKind::Subkontra.factor(), 8);
    }
}
