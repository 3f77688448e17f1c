//! The vugraph header: `vg` (title, segment, scoring, first and last board,
//! teams and carryovers) and `rs` (contract and result per board and room:
//! `4HE=`, `3NW+1`, `4SWx-4`; empty when not played).

use crate::model::{Call, Carryover, Doubling, Scoring, ScoringForm, Seat, Strain, Teams};

/// What `vg` says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchLine {
    pub title: String,
    pub segment: String,
    pub scoring: Option<Scoring>,
    pub first: Option<u32>,
    pub last: Option<u32>,
    pub teams: Option<Teams>,
}

pub fn match_line(value: &str) -> MatchLine {
    let f: Vec<&str> = value.split(',').map(str::trim).collect();
    let field = |i: usize| f.get(i).copied().unwrap_or("");
    let scoring = match field(2) {
        "" => None,
        code => Some(Scoring {
            form: match code.to_ascii_uppercase().as_str() {
                "I" => ScoringForm::Imps,
                "P" => ScoringForm::Matchpoints,
                "B" => ScoringForm::BoardAMatch,
                _ => ScoringForm::Other(code.into()),
            },
            modifier: None,
        }),
    };
    let carry = |s: &str| s.parse().ok().map(|h| Carryover(vec![h]));
    let teams = (!field(5).is_empty() || !field(7).is_empty()).then(|| Teams {
        names: [field(5).to_string(), field(7).to_string()],
        carryovers: [carry(field(6)), carry(field(8))],
    });
    MatchLine {
        title: field(0).into(),
        segment: field(1).into(),
        scoring,
        first: field(3).parse().ok(),
        last: field(4).parse().ok(),
        teams,
    }
}

/// One room's result as `rs` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stated {
    PassedOut,
    Played {
        level: u8,
        strain: Strain,
        declarer: Seat,
        doubling: Doubling,
        tricks: u8,
    },
}

impl Stated {
    pub fn contract_text(self) -> String {
        match self {
            Stated::PassedOut => "passed out".into(),
            Stated::Played {
                level,
                strain,
                declarer,
                doubling,
                ..
            } => {
                let x = ["", "X", "XX"][doubling as usize];
                format!("{level}{strain}{x} by {}", declarer.name())
            }
        }
    }
}

/// Reads `4SWx-4`; None for an entry that says nothing (empty), an error
/// message for one that cannot be read.
pub fn stated(text: &str) -> Result<Option<Stated>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if t.eq_ignore_ascii_case("p") || t.eq_ignore_ascii_case("pass") || t.eq_ignore_ascii_case("ap") {
        return Ok(Some(Stated::PassedOut));
    }
    let bad = || {
        format!(
            "`{}` is not a result (like 4HE=, 3NW+1 or 4SWx-2)",
            super::lex::shorten(t)
        )
    };
    let chars: Vec<char> = t.chars().collect();
    let bid = chars
        .get(..2)
        .map(|c| c.iter().collect::<String>())
        .ok_or_else(bad)?;
    let Ok(Call::Bid(bid)) = bid.parse::<Call>() else {
        return Err(bad());
    };
    let declarer = chars
        .get(2)
        .and_then(|&c| Seat::from_letter(c.to_ascii_uppercase()))
        .ok_or_else(bad)?;
    let rest: String = chars[3..].iter().collect::<String>().to_ascii_lowercase();
    let (doubling, rest) = if let Some(r) = rest.strip_prefix("xx") {
        (Doubling::Redoubled, r)
    } else if let Some(r) = rest.strip_prefix('x') {
        (Doubling::Doubled, r)
    } else {
        (Doubling::Undoubled, rest.as_str())
    };
    let book = i32::from(bid.level) + 6;
    let tricks = match rest {
        "=" => book,
        _ => rest.parse::<i32>().map(|d| book + d).map_err(|_| bad())?,
    };
    let tricks = u8::try_from(tricks).ok().filter(|&t| t <= 13).ok_or_else(bad)?;
    Ok(Some(Stated::Played {
        level: bid.level,
        strain: bid.strain,
        declarer,
        doubling,
        tricks,
    }))
}

/// Which entry of `rs` a board and room is: two a board, open room first,
/// from the first board `vg` names.
pub fn entry_index(first: Option<u32>, board: Option<u32>, closed: bool) -> Option<usize> {
    let offset = board?.checked_sub(first.unwrap_or(1))?;
    Some(offset as usize * 2 + usize::from(closed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_as_contract_and_tricks() {
        let played = |t| match stated(t) {
            Ok(Some(Stated::Played {
                tricks,
                doubling,
                declarer,
                ..
            })) => (tricks, doubling, declarer),
            other => panic!("{other:?}"),
        };
        assert_eq!(played("4HE="), (10, Doubling::Undoubled, Seat::East));
        assert_eq!(played("4SWx-4"), (6, Doubling::Doubled, Seat::West));
        assert_eq!(played("3NN+3").0, 12);
        assert_eq!(stated(""), Ok(None));
        assert_eq!(stated("P"), Ok(Some(Stated::PassedOut)));
        assert!(stated("4HQ=").is_err());
        assert!(stated("7NS+1").is_err());
    }

    #[test]
    fn the_match_line_names_teams_and_scoring() {
        let m = match_line("2010 USBF SF A,Segment 4 of 8,I,46,60,Nickell,80,Fleisher,99");
        assert_eq!(m.teams.unwrap().to_string(), "Nickell (80) v Fleisher (99)");
        assert_eq!(m.scoring.unwrap().form, ScoringForm::Imps);
        assert_eq!((m.first, m.last), (Some(46), Some(60)));
        assert_eq!(entry_index(Some(46), Some(47), true), Some(3));
    }
}
