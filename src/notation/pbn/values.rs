//! The values of PBN's identification tags: deal, vulnerability, contract,
//! declarer, result, scores and dates.

use crate::model::{
    Contract, Date, Digits, Doubling, Effective, Hundredths, Outcome, Seat, SeatSet, Strain, Vulnerability,
};

/// A value that says something: neither empty nor `?`, PBN's unknown.
pub fn known(value: &str) -> Option<&str> {
    Some(value.trim()).filter(|v| !v.is_empty() && *v != "?")
}

/// The seat a value starts with, as the Dealer, Auction and Play tags
/// and a deal give it (`N`, or a word that starts so).
pub fn first_seat(value: &str) -> Option<Seat> {
    value.trim_start().chars().next().and_then(Seat::from_letter)
}

/// What a Contract tag says.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Told<'a> {
    /// No tag, or one left unknown: a complete auction tells.
    Untold,
    Passed,
    /// A contract to read, as written.
    Contract(&'a str),
}

impl Told<'_> {
    pub fn of(value: Option<&str>) -> Told<'_> {
        let Some(value) = value else {
            return Told::Untold;
        };
        match known(value) {
            None => Told::Untold,
            Some(v) if v.eq_ignore_ascii_case("pass") => Told::Passed,
            Some(_) => Told::Contract(value),
        }
    }
}

pub fn vulnerability(value: &str) -> Option<Vulnerability> {
    let v = value.trim();
    let is = |word: &str| v.eq_ignore_ascii_case(word);
    if is("none") || is("love") || is("-") || v.is_empty() {
        Some(Vulnerability::None)
    } else if is("ns") {
        Some(Vulnerability::NorthSouth)
    } else if is("ew") {
        Some(Vulnerability::EastWest)
    } else if is("all") || is("both") {
        Some(Vulnerability::Both)
    } else {
        None
    }
}

/// `4SX`, `3NT`, `1N`; a strain alone (`H`) in an end position; None for
/// `Pass`.
pub fn contract(value: &str, declarer: Seat) -> Result<Option<Contract>, String> {
    let v = value.trim();
    if v.eq_ignore_ascii_case("PASS") || v.is_empty() {
        return Ok(None);
    }
    let err = || format!("`{value}` is not a contract (like 4S, 3NT or 5DX)");
    let level = v.chars().next().and_then(|c| c.to_digit(10));
    if level.is_some_and(|l| !(1..=7).contains(&l)) {
        return Err(err());
    }
    let rest = if level.is_some() { &v[1..] } else { v };
    let (strain, rest) = match rest.get(..2).filter(|nt| nt.eq_ignore_ascii_case("NT")) {
        Some(_) => (Strain::NoTrump, &rest[2..]),
        None => (
            rest.chars()
                .next()
                .and_then(Strain::from_letter)
                .ok_or_else(err)?,
            rest.get(1..).unwrap_or(""),
        ),
    };
    let is = |word: &str| rest.eq_ignore_ascii_case(word);
    let doubling = if rest.is_empty() {
        Doubling::Undoubled
    } else if is("X") {
        Doubling::Doubled
    } else if is("XX") || is("R") {
        Doubling::Redoubled
    } else {
        return Err(err());
    };
    let level = level.map(|l| l as u8);
    Ok(Some(Contract {
        level,
        strain,
        doubling,
        goal: None,
        declarer,
        leader: None,
    }))
}

/// `S`, or `^S` when declarer and dummy were swapped; None for `?` or "".
pub fn declarer(value: &str) -> Option<Seat> {
    value
        .trim()
        .trim_start_matches('^')
        .chars()
        .next()
        .and_then(Seat::from_letter)
}

/// Whether an auction that ended in `ended` (None: four passes) says other
/// than the tags: `told` is the Contract tag's contract when it gives one
/// (None inside for Pass), `declarer` the Declarer tag's seat.
pub fn contradicts(
    ended: Option<&Contract>,
    told: Option<Option<&Contract>>,
    declarer: Option<Seat>,
) -> bool {
    let contract_differs = match (ended, told) {
        (_, None) | (None, Some(None)) => false,
        (Some(e), Some(Some(c))) => (e.level, e.strain, e.doubling) != (c.level, c.strain, c.doubling),
        (Some(_), Some(None)) | (None, Some(Some(_))) => true,
    };
    contract_differs || matches!((ended, declarer), (Some(e), Some(d)) if e.declarer != d)
}

/// Tricks won by declarer: `9`, `NS 9`, `EW 4 NS 9`, `^9`.
pub fn result(value: &str, declarer: Option<Seat>) -> Result<Option<Outcome>, String> {
    let v = value.trim().trim_start_matches('^');
    if v.is_empty() {
        return Ok(None);
    }
    if let Ok(n) = v.parse::<u8>() {
        return (n <= 13)
            .then_some(Some(Outcome::Tricks(n)))
            .ok_or_else(|| format!("{n} tricks is more than 13"));
    }
    let words: Vec<&str> = v.split_whitespace().collect();
    let ns_declares = declarer.map(|d| matches!(d, Seat::North | Seat::South));
    for pair in words.chunks(2) {
        if let [side, n] = pair {
            let n: u8 = n.parse().map_err(|_| format!("`{v}` is not a result"))?;
            match (side.to_ascii_uppercase().as_str(), ns_declares) {
                ("NS", Some(true)) | ("EW", Some(false)) => return Ok(Some(Outcome::Tricks(n))),
                ("NS", Some(false)) | ("EW", Some(true)) => {
                    return Ok(Some(Outcome::Tricks(13u8.saturating_sub(n))));
                }
                _ => {}
            }
        }
    }
    // Sides without a declarer to give them to say nothing kibitzer keeps;
    // the tag itself stays with the record.
    if declarer.is_none() && !words.is_empty() && words.len().is_multiple_of(2) {
        return Ok(None);
    }
    Err(format!("`{v}` is not a result (tricks, or NS or EW and tricks)"))
}

/// An amount for one side (`NS 620`, `EW -100`, `EW -4 NS 4`, or `620`,
/// declarer's): whether the side is North-South, and the amount. A bare
/// number without declarer is taken for North-South's.
fn side_value(value: &str, declarer: Option<Seat>) -> Option<(bool, Hundredths)> {
    let mut words = value.split_whitespace();
    let (north_south, amount) = match (words.next()?, words.next()) {
        (side, Some(amount)) if side.eq_ignore_ascii_case("EW") => (false, amount),
        (side, Some(amount)) if side.eq_ignore_ascii_case("NS") => (true, amount),
        (amount, None) if amount.starts_with(['+', '-']) || amount.chars().all(|c| c.is_ascii_digit()) => {
            (declarer.is_none_or(|d| crate::scoring::side_sign(d) > 0), amount)
        }
        _ => return None,
    };
    Some((north_south, amount.parse().ok()?))
}

/// A score or IMPs for one side, as North-South's.
pub fn side_amount(value: &str, declarer: Option<Seat>) -> Option<Hundredths> {
    let (north_south, h) = side_value(value, declarer)?;
    Some(if north_south { h } else { Hundredths(-h.0) })
}

/// A percentage for one side, as North-South's: East-West's 60 is 40.
pub fn side_percent(value: &str, declarer: Option<Seat>) -> Option<Effective> {
    let (north_south, h) = side_value(value, declarer)?;
    let h = Hundredths(h.0.abs());
    Some(Effective::Percent(if north_south {
        h
    } else {
        Hundredths(10000 - h.0)
    }))
}

/// `2021.08.23`, with `?` for unknown digits.
pub fn date(value: &str) -> Option<Date> {
    let parts: Vec<&str> = value.trim().split('.').collect();
    let digits = |s: &str, n: usize| {
        (s.len() == n && s.chars().all(|c| c.is_ascii_digit() || c == '?')).then(|| Digits(s.to_string()))
    };
    let [year, month, day] = parts.as_slice() else {
        return None;
    };
    // Wholly unknown parts (`??`) are left out rather than kept as `?`.
    let known = |d: Option<Digits>| d.filter(|d| !d.0.chars().all(|c| c == '?'));
    let month = known(digits(month, 2));
    let day = known(digits(day, 2)).filter(|_| month.is_some());
    Some(Date {
        year: digits(year, 4)?,
        month,
        day,
        end_day: None,
        circa: false,
        time: None,
        gmt: false,
    })
}

/// `[Note "1:text"]`: the number, a colon, the explanation.
pub fn note(value: &str) -> Option<(u8, &str)> {
    let (number, text) = value.split_once(':')?;
    Some((number.trim().parse().ok()?, text.trim()))
}

/// The seats a Hidden tag names (`EW`, `NES`).
pub fn hidden(value: &str) -> SeatSet {
    value.chars().filter_map(Seat::from_letter).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts_results_and_scores() {
        let c = contract("3NT", Seat::South).unwrap().unwrap();
        assert_eq!(c.short(), "3N");
        assert_eq!(contract("1n", Seat::South).unwrap().unwrap().short(), "1N");
        assert_eq!(contract("5DXX", Seat::West).unwrap().unwrap().short(), "5DXX");
        assert_eq!(contract("Pass", Seat::West).unwrap(), None);
        assert_eq!(
            result("NS 6", Some(Seat::East)).unwrap(),
            Some(Outcome::Tricks(7))
        );
        assert_eq!(
            result("EW 7", Some(Seat::East)).unwrap(),
            Some(Outcome::Tricks(7))
        );
        assert_eq!(result("^9", None).unwrap(), Some(Outcome::Tricks(9)));
        assert_eq!(side_amount("EW 500", None), Some(Hundredths(-50000)));
        assert_eq!(side_amount("420", Some(Seat::East)), Some(Hundredths(-42000)));
        assert_eq!(
            side_percent("EW 60", None),
            Some(Effective::Percent(Hundredths(4000)))
        );
        assert_eq!(vulnerability("Love"), Some(Vulnerability::None));
        assert_eq!(declarer("^S"), Some(Seat::South));
    }
}
