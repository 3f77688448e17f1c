//! The double-dummy table (tricks for every declarer in every strain), par,
//! and how the table compares with the figures a file gives.

use std::fmt;

use pons_dds::{NonEmptyStrainFlags, TrickCountRow, TrickCountTable, Vulnerability as SolverVulnerability};

use super::convert::{self, SEATS};
use super::deal::FullDeal;
use crate::model::{Doubling, MAKES_ORDER, Makes, Seat, SideMakes, Strain, StrainMakes, Vulnerability};

/// Tricks each declarer takes in each strain, double dummy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// By strain (clubs up to notrump), then seat (N E S W).
    tricks: [[u8; 4]; 5],
}

impl DdTable {
    pub fn tricks(&self, declarer: Seat, strain: Strain) -> u8 {
        let seat = SEATS.iter().position(|&s| s == declarer).unwrap_or(0);
        self.tricks[strain as usize][seat]
    }

    /// The table a file gives, where it gives every cell.
    pub fn from_makes(makes: &Makes) -> Option<DdTable> {
        let mut tricks = [[0; 4]; 5];
        for (i, &seat) in SEATS.iter().enumerate() {
            for (&strain, given) in MAKES_ORDER.iter().zip(makes.for_seat(seat)) {
                tricks[strain as usize][i] = given?;
            }
        }
        Some(DdTable { tricks })
    }

    /// The table as a file writes it, every cell given.
    pub fn as_makes(&self) -> Makes {
        let list =
            |seat: Seat| StrainMakes::List(MAKES_ORDER.iter().map(|&s| Some(self.tricks(seat, s))).collect());
        let side = |first, second| {
            Some(SideMakes {
                first: list(first),
                second: Some(list(second)),
            })
        };
        Makes {
            north_south: side(Seat::North, Seat::South),
            west_east: side(Seat::West, Seat::East),
            ..Makes::default()
        }
    }

    fn from_solver(table: TrickCountTable) -> DdTable {
        let mut tricks = [[0; 4]; 5];
        for strain in Strain::ALL {
            let row = table[convert::strain(strain)];
            for (i, &seat) in SEATS.iter().enumerate() {
                tricks[strain as usize][i] = row.get(convert::seat(seat).expect("a bridge seat")).get();
            }
        }
        DdTable { tricks }
    }

    fn to_solver(self) -> TrickCountTable {
        TrickCountTable(self.tricks.map(|[n, e, s, w]| TrickCountRow::new(n, e, s, w)))
    }
}

/// Deals solved together: enough to keep every core busy.
pub const DD_BATCH: usize = 32;

/// The table of one deal; its five strains are solved side by side.
pub fn solve_table(deal: &FullDeal) -> DdTable {
    DdTable::from_solver(pons_dds::solve_deal(deal.0))
}

/// The tables of many deals, in order, using every core.
pub fn solve_tables(deals: &[FullDeal]) -> Vec<DdTable> {
    let deals: Vec<_> = deals.iter().map(|d| d.0).collect();
    let tables = pons_dds::solve_deals(&deals, NonEmptyStrainFlags::ALL);
    tables.into_iter().map(DdTable::from_solver).collect()
}

/// The CPU time a deal's table takes on average: kibitzer's mean over the
/// first 100 generated deals (seed 1) in BENCHMARKS.md, 333 ms, the release
/// build. The median deal takes half that, but a few take seconds, and a
/// long run meets them.
const TABLE_CPU_MS: u64 = 333;

/// About how long solving `deals` tables on every core takes, as a user
/// reads it: `about 2 min on 2 cores`.
pub fn solving_time(deals: usize) -> String {
    let cores = rayon::current_num_threads().max(1);
    let seconds = (deals as u64 * TABLE_CPU_MS).div_ceil(1000 * cores as u64).max(1);
    let about = match seconds {
        0..90 => format!("{seconds} s"),
        90..5400 => format!("{} min", (seconds + 30) / 60),
        _ => format!("{} h", (seconds + 1800) / 3600),
    };
    let plural = if cores == 1 { "" } else { "s" };
    format!("about {about} on {cores} core{plural}")
}

/// One contract that reaches par.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParContract {
    pub level: u8,
    pub strain: Strain,
    pub doubling: Doubling,
    pub declarer: Seat,
    /// Tricks over the contract, negative for a sacrifice going down.
    pub overtricks: i8,
}

impl fmt::Display for ParContract {
    /// `4S N`, `3NT S+1`, `5DX E-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let strain = if self.strain == Strain::NoTrump {
            "NT".to_string()
        } else {
            self.strain.to_string()
        };
        let doubling = ["", "X", "XX"][self.doubling as usize];
        write!(
            f,
            "{}{strain}{doubling} {}",
            self.level,
            self.declarer.abbreviation()
        )?;
        match self.overtricks {
            0 => Ok(()),
            n => write!(f, "{n:+}"),
        }
    }
}

/// The score both sides bidding perfectly reach, and the contracts that
/// reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    /// North-South's score (negative when East-West score).
    pub score: i32,
    pub contracts: Vec<ParContract>,
}

/// Par with this dealer and vulnerability (RBN's "any" vulnerability is
/// taken as neither side).
pub fn par(table: &DdTable, vulnerability: Vulnerability, dealer: Seat) -> Par {
    let vul = match vulnerability {
        Vulnerability::NorthSouth => SolverVulnerability::NS,
        Vulnerability::EastWest => SolverVulnerability::EW,
        Vulnerability::Both => SolverVulnerability::ALL,
        Vulnerability::None | Vulnerability::Any => SolverVulnerability::NONE,
    };
    let dealer = convert::seat(dealer).unwrap_or(contract_bridge::Seat::North);
    let found = pons_dds::calculate_par(table.to_solver(), vul, dealer);
    let contracts = found.contracts.iter().map(|c| ParContract {
        level: c.contract.bid.level.get(),
        strain: convert::strain_back(c.contract.bid.strain),
        doubling: match c.contract.penalty {
            contract_bridge::Penalty::Undoubled => Doubling::Undoubled,
            contract_bridge::Penalty::Doubled => Doubling::Doubled,
            contract_bridge::Penalty::Redoubled => Doubling::Redoubled,
        },
        declarer: convert::seat_back(c.declarer),
        overtricks: c.overtricks,
    });
    Par {
        score: found.score,
        contracts: contracts.collect(),
    }
}

/// A cell where the file's double-dummy figure and the solver's differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub declarer: Seat,
    pub strain: Strain,
    pub file: u8,
    pub solver: u8,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "double dummy, {} declaring {}: the file gives {} tricks, the solver {}",
            self.declarer.name(),
            strain_name(self.strain),
            self.file,
            self.solver
        )
    }
}

fn strain_name(strain: Strain) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades", "notrump"][strain as usize]
}

/// Every cell the file gives that the solver's table contradicts.
pub fn disagreements(table: &DdTable, makes: &Makes) -> Vec<Disagreement> {
    let mut found = Vec::new();
    for declarer in SEATS {
        for (&strain, given) in MAKES_ORDER.iter().zip(makes.for_seat(declarer)) {
            let solver = table.tricks(declarer, strain);
            match given {
                Some(file) if file != solver => found.push(Disagreement {
                    declarer,
                    strain,
                    file,
                    solver,
                }),
                _ => {}
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::super::deal::tests::deal;
    use super::*;

    /// Each hand a solid suit: whoever holds the trumps takes all thirteen.
    const SOLID: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

    #[test]
    fn solid_suits_take_every_trick_in_their_own_strain() {
        let table = solve_table(&deal(SOLID));
        assert_eq!(table.tricks(Seat::North, Strain::Spades), 13);
        assert_eq!(table.tricks(Seat::South, Strain::Spades), 13);
        assert_eq!(table.tricks(Seat::East, Strain::Spades), 0);
        assert_eq!(table.tricks(Seat::East, Strain::Hearts), 13);
        assert_eq!(table.tricks(Seat::West, Strain::Clubs), 13);
        // In notrump the opening leader cashes a solid suit: declarer none.
        assert!(SEATS.iter().all(|&s| table.tricks(s, Strain::NoTrump) == 0));
        assert_eq!(solve_tables(&[deal(SOLID)]), vec![table]);
    }

    #[test]
    fn par_of_a_laydown_grand_slam() {
        let table = solve_table(&deal(SOLID));
        let found = par(&table, Vulnerability::None, Seat::North);
        assert_eq!(found.score, 1510);
        let texts: Vec<String> = found.contracts.iter().map(ToString::to_string).collect();
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("7S N") || t.starts_with("7S S")),
            "{texts:?}"
        );
    }

    #[test]
    fn a_cell_the_file_gets_wrong_is_reported() {
        use crate::model::{SideMakes, StrainMakes};
        let table = solve_table(&deal(SOLID));
        // North's makes as a file writes them, NT S H D C, one wrong.
        let north = StrainMakes::List(vec![Some(0), Some(13), Some(0), Some(12), None]);
        let makes = Makes {
            north_south: Some(SideMakes {
                first: north,
                second: None,
            }),
            ..Makes::default()
        };
        let wrong = Disagreement {
            declarer: Seat::North,
            strain: Strain::Diamonds,
            file: 12,
            solver: 13,
        };
        assert_eq!(disagreements(&table, &makes), vec![wrong]);
        assert!(wrong.to_string().contains("North declaring diamonds"));
        assert!(disagreements(&table, &Makes::default()).is_empty());
    }

    #[test]
    fn solving_time_is_told_in_the_unit_a_user_reads() {
        let cores = rayon::current_num_threads() as u64;
        let deals = |seconds: u64| (seconds * cores * 1000 / TABLE_CPU_MS) as usize;
        assert!(solving_time(1).starts_with("about 1 s on "));
        assert!(
            solving_time(deals(40)).starts_with("about 40 s"),
            "{}",
            solving_time(deals(40))
        );
        assert!(solving_time(deals(600)).starts_with("about 10 min"));
        assert!(solving_time(deals(7200)).starts_with("about 2 h"));
        assert!(solving_time(1).ends_with(&format!("on {cores} cores")) || cores == 1);
    }

    #[test]
    fn a_file_s_table_is_whole_or_none() {
        let table = solve_table(&deal(SOLID));
        let mut makes = table.as_makes();
        assert_eq!(DdTable::from_makes(&makes), Some(table));
        makes.west_east = None;
        assert_eq!(DdTable::from_makes(&makes), None);
    }
}
