//! What a record says about where and when a deal was played, and by whom.

use std::fmt;

use super::contract::Hundredths;
use super::seat::{Seat, SeatMap};

/// A fixed-width run of digits in which `?` marks an unknown digit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Digits(pub String);

impl Digits {
    /// The number, when every digit is known.
    pub fn value(&self) -> Option<u32> {
        self.0.parse().ok()
    }
}

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Date {
    pub year: Digits,
    pub month: Option<Digits>,
    pub day: Option<Digits>,
    /// Last day of a span within the month (or into the next).
    pub end_day: Option<Digits>,
    pub circa: bool,
    /// `hh`, `hhmm` or `hhmmss`.
    pub time: Option<Digits>,
    /// The time is GMT rather than local.
    pub gmt: bool,
}

impl Date {
    /// How many days `month` (1 to 12) has in `year`; February has 29 when
    /// the year is unknown, as it may be a leap year.
    pub fn days_in_month(year: Option<u32>, month: u32) -> u32 {
        let leap = year.is_none_or(|y| y % 4 == 0 && (y % 100 != 0 || y % 400 == 0));
        match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year)?;
        for part in [&self.month, &self.day].into_iter().flatten() {
            write!(f, "-{part}")?;
        }
        if let Some(end) = &self.end_day {
            write!(f, "..{end}")?;
        }
        if self.circa {
            f.write_str(" (circa)")?;
        }
        if let Some(time) = &self.time {
            let t = &time.0;
            let pairs: Vec<&str> = (0..t.len())
                .step_by(2)
                .map(|i| &t[i..(i + 2).min(t.len())])
                .collect();
            write!(f, " {}", pairs.join(":"))?;
        }
        if self.gmt {
            f.write_str(" GMT")?;
        }
        Ok(())
    }
}

/// A string optionally followed by a more specific one (`L`, `E`, `T`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TwoPart {
    pub first: String,
    pub second: Option<String>,
}

impl TwoPart {
    /// The parts as one text, a colon between: how RBN writes them, and
    /// all a notation with one field for them (PBN's Event, Site) can say.
    pub fn text(&self) -> String {
        match &self.second {
            Some(second) => format!("{}:{second}", self.first),
            None => self.first.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ScoringForm {
    Imps,
    BoardAMatch,
    TotalPoints,
    CrossImps,
    Matchpoints,
    InstantMatchpoints,
    Rubber,
    Chicago,
    Cavendish,
    PlusOrFishfood,
    /// A word or phrase of the author's own.
    Other(String),
}

impl ScoringForm {
    const CODES: [(char, ScoringForm, &'static str); 10] = [
        ('I', ScoringForm::Imps, "IMPs"),
        ('B', ScoringForm::BoardAMatch, "Board-a-match"),
        ('T', ScoringForm::TotalPoints, "Total points"),
        ('X', ScoringForm::CrossImps, "IMP pairs"),
        ('M', ScoringForm::Matchpoints, "Matchpoints"),
        ('N', ScoringForm::InstantMatchpoints, "Instant matchpoints"),
        ('R', ScoringForm::Rubber, "Rubber bridge"),
        ('C', ScoringForm::Chicago, "Chicago"),
        ('A', ScoringForm::Cavendish, "Cavendish"),
        ('P', ScoringForm::PlusOrFishfood, "Plus-or-fishfood"),
    ];

    pub fn from_code(code: &str) -> ScoringForm {
        let mut chars = code.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Self::CODES
                .iter()
                .find(|(k, _, _)| *k == c.to_ascii_uppercase())
                .map_or_else(|| ScoringForm::Other(code.into()), |(_, f, _)| f.clone()),
            _ => ScoringForm::Other(code.into()),
        }
    }

    /// The one-letter code, or the author's own words.
    pub fn code(&self) -> String {
        match self {
            ScoringForm::Other(s) => s.clone(),
            form => Self::CODES
                .iter()
                .find(|(_, f, _)| f == form)
                .map(|(c, _, _)| c.to_string())
                .unwrap_or_default(),
        }
    }

    pub fn name(&self) -> &str {
        match self {
            ScoringForm::Other(s) => s,
            form => Self::CODES
                .iter()
                .find(|(_, f, _)| f == form)
                .map_or("", |(_, _, n)| n),
        }
    }

    /// IMPs, board-a-match and total points are team forms of scoring.
    pub fn is_teams(&self) -> bool {
        matches!(
            self,
            ScoringForm::Imps | ScoringForm::BoardAMatch | ScoringForm::TotalPoints
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scoring {
    pub form: ScoringForm,
    /// Such as `old` (before 1987), a year, or `NS 60` for Chicago.
    pub modifier: Option<String>,
}

/// `Matchpoints (old)`: the form by name, the modifier after it.
impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.form.name())?;
        match &self.modifier {
            Some(m) if !m.is_empty() => write!(f, " ({m})"),
            _ => Ok(()),
        }
    }
}

/// A carryover written as one or more signed amounts (`99-8`: 99 with 8
/// taken off as a penalty).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Carryover(pub Vec<Hundredths>);

impl Carryover {
    pub fn total(&self) -> Hundredths {
        Hundredths(self.0.iter().map(|h| h.0).sum())
    }
}

/// The amounts as RBN writes them, penalties and all: `99-8`.
impl fmt::Display for Carryover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, h) in self.0.iter().enumerate() {
            if i > 0 && h.0 >= 0 {
                f.write_str("+")?;
            }
            write!(f, "{h}")?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Teams {
    /// The first team sits North-South at table 1.
    pub names: [String; 2],
    pub carryovers: [Option<Carryover>; 2],
}

/// `Italy (999) v USA (22)`: each team with its carryover when given.
impl fmt::Display for Teams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, carryover)) in self.names.iter().zip(&self.carryovers).enumerate() {
            if i > 0 {
                f.write_str(" v ")?;
            }
            f.write_str(name)?;
            if let Some(c) = carryover {
                write!(f, " ({c})")?;
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Session(u32),
    Final,
    Playoff,
    Semifinal,
    Quarterfinal,
    /// Round of N (`R16`).
    RoundOf(u32),
    /// Initial stage, qualifying.
    Initial,
    Other(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SessionDetail {
    Segment(u32),
    Text(String),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Session {
    pub stage: Stage,
    pub detail: Option<SessionDetail>,
}

/// In words: `Semifinal, segment 3`, `Qualifying, round 12`,
/// `Slam Bidding: Blackwood`.
impl fmt::Display for Session {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.stage {
            Stage::Session(n) => write!(f, "Session {n}")?,
            Stage::Final => f.write_str("Final")?,
            Stage::Playoff => f.write_str("Playoff")?,
            Stage::Semifinal => f.write_str("Semifinal")?,
            Stage::Quarterfinal => f.write_str("Quarterfinal")?,
            Stage::RoundOf(n) => write!(f, "Round of {n}")?,
            Stage::Initial => f.write_str("Qualifying")?,
            Stage::Other(s) => f.write_str(s)?,
        }
        // The spec's number after a qualifying stage is its round.
        let part = if self.stage == Stage::Initial {
            "round"
        } else {
            "segment"
        };
        match &self.detail {
            Some(SessionDetail::Segment(n)) => write!(f, ", {part} {n}"),
            Some(SessionDetail::Text(t)) => write!(f, ": {t}"),
            None => Ok(()),
        }
    }
}

/// Names at one or two tables; an empty string is an unknown player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Players {
    pub tables: Vec<SeatMap<String>>,
}

impl Players {
    pub fn name(&self, table: usize, seat: Seat) -> Option<&str> {
        let name = self.tables.get(table)?[seat].as_str();
        (!name.is_empty()).then_some(name)
    }
}

/// The board number as given, with what to call it and whether following
/// records number themselves on from it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    pub number: String,
    pub description: Option<String>,
    pub auto: bool,
}

impl Board {
    /// The number after `number`, when it is one.
    pub fn number_after(number: &str) -> Option<u64> {
        number.parse::<u64>().ok()?.checked_add(1)
    }

    /// The number of the next record when numbering runs on.
    pub fn next(&self) -> Option<Board> {
        Some(Board {
            number: Board::number_after(&self.number)?.to_string(),
            ..self.clone()
        })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.description {
            Some(d) if !d.is_empty() => write!(f, "{d} {}", self.number),
            _ => f.write_str(&self.number),
        }
    }
}

/// One `key=value` of the item list; the value may be absent.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    pub key: String,
    pub value: Option<String>,
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.value {
            Some(v) => write!(f, "{}={v}", self.key),
            None => f.write_str(&self.key),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_show_carryovers_as_written() {
        let teams = Teams {
            names: ["GIB".into(), "Jack".into()],
            carryovers: [Some(Carryover(vec![Hundredths(9900), Hundredths(-800)])), None],
        };
        assert_eq!(teams.to_string(), "GIB (99-8) v Jack");
        let fractional = Carryover(vec![Hundredths(7633), Hundredths(150)]);
        assert_eq!(fractional.to_string(), "76.33+1.50");
    }

    #[test]
    fn sessions_read_as_words() {
        let session = |stage, detail| Session { stage, detail }.to_string();
        assert_eq!(session(Stage::Session(2), None), "Session 2");
        assert_eq!(
            session(Stage::Semifinal, Some(SessionDetail::Segment(3))),
            "Semifinal, segment 3"
        );
        assert_eq!(
            session(Stage::Initial, Some(SessionDetail::Segment(12))),
            "Qualifying, round 12"
        );
        assert_eq!(
            session(
                Stage::Other("Slam Bidding".into()),
                Some(SessionDetail::Text("Blackwood".into()))
            ),
            "Slam Bidding: Blackwood"
        );
    }

    #[test]
    fn scoring_names_its_modifier() {
        let scoring = |form, modifier: Option<&str>| Scoring {
            form,
            modifier: modifier.map(Into::into),
        };
        assert_eq!(
            scoring(ScoringForm::Imps, Some("1952")).to_string(),
            "IMPs (1952)"
        );
        assert_eq!(scoring(ScoringForm::Matchpoints, None).to_string(), "Matchpoints");
    }
}
