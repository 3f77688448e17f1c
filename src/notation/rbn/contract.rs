//! The C and R labels.
//!
//! ```text
//! contract = [level] strain [jeopardy] [goal] ":" declarer [":" leader]
//! jeopardy = "X" | "R"
//! goal     = tricks | "M"
//! result   = [tricks | "P"] [sign digits] [":" effective]
//! effective = "=" | sign decimal | decimal
//! ```

use nom::branch::alt;
use nom::bytes::complete::take_while_m_n;
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{map, map_opt, map_res, opt, recognize, value};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::{Issue, parse_all};
use crate::model::{Contract, DealResult, Doubling, Effective, Goal, Hundredths, Outcome, Seat, Strain};

type Res<'a, T> = IResult<&'a str, T>;

fn small_number(input: &str) -> Res<'_, u8> {
    map_res(take_while_m_n(1, 2, |c: char| c.is_ascii_digit()), str::parse).parse(input)
}

/// C data, or the offset of the first byte that could not be read.
pub fn read_contract(data: &str) -> Result<Contract, usize> {
    let bytes = data.as_bytes();
    let seat = |at: usize| bytes.get(at).and_then(|&b| Seat::from_letter(b as char));
    let level = bytes
        .first()
        .copied()
        .filter(|b| (b'1'..=b'7').contains(b))
        .map(|b| b - b'0');
    let mut at = usize::from(level.is_some());
    let strain = bytes.get(at).filter(|b| b.is_ascii_alphabetic());
    let strain = strain.and_then(|&b| Strain::from_letter(b as char)).ok_or(at)?;
    at += 1;
    let doubling = match bytes.get(at).map(u8::to_ascii_uppercase) {
        Some(b'X') => Doubling::Doubled,
        Some(b'R') => Doubling::Redoubled,
        _ => Doubling::Undoubled,
    };
    at += usize::from(doubling != Doubling::Undoubled);
    let goal = goal(bytes, &mut at);
    if bytes.get(at) != Some(&b':') {
        return Err(at);
    }
    let declarer = seat(at + 1).ok_or(at + 1)?;
    at += 2;
    let leader = seat(at + 1).filter(|_| bytes.get(at) == Some(&b':'));
    at += 2 * usize::from(leader.is_some());
    if at < bytes.len() {
        return Err(at);
    }
    Ok(Contract {
        level,
        strain,
        doubling,
        goal,
        declarer,
        leader,
    })
}

/// The tricks a contract aims at, `M` for the most it can take.
fn goal(bytes: &[u8], at: &mut usize) -> Option<Goal> {
    if bytes.get(*at).is_some_and(|b| b.eq_ignore_ascii_case(&b'M')) {
        *at += 1;
        return Some(Goal::Maximum);
    }
    let digits = bytes[*at..]
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let tricks = std::str::from_utf8(&bytes[*at..*at + digits])
        .ok()?
        .parse()
        .ok()?;
    (1..=13).contains(&tricks).then(|| {
        *at += digits;
        Goal::Tricks(tricks)
    })
}

pub fn parse_contract(data: &str, issues: &mut Vec<Issue>) -> Option<Contract> {
    let expected = "expected a contract like 4SX:E (level, strain, X or R, goal, `:` declarer)";
    read_contract(data)
        .map_err(|at| issues.push(Issue::new(at, expected)))
        .ok()
}

pub fn write_contract(c: &Contract) -> String {
    let level = c.level.map(|l| l.to_string()).unwrap_or_default();
    let jeopardy = match c.doubling {
        Doubling::Undoubled => "",
        Doubling::Doubled => "X",
        Doubling::Redoubled => "R",
    };
    let goal = match c.goal {
        None => String::new(),
        Some(Goal::Maximum) => "M".into(),
        Some(Goal::Tricks(n)) => n.to_string(),
    };
    let leader = c.leader.map(|s| format!(":{s}")).unwrap_or_default();
    format!("{level}{}{jeopardy}{goal}:{}{leader}", c.strain, c.declarer)
}

/// A decimal with at most two places, as hundredths.
fn decimal(input: &str) -> Res<'_, Hundredths> {
    let text = recognize((
        digit1,
        opt((char('.'), take_while_m_n(1, 2, |c: char| c.is_ascii_digit()))),
    ));
    map_res(text, str::parse::<Hundredths>).parse(input)
}

fn signed(input: &str) -> Res<'_, Hundredths> {
    map((one_of("+-"), decimal), |(sign, h)| {
        if sign == '-' { Hundredths(-h.0) } else { h }
    })
    .parse(input)
}

fn result(input: &str) -> Res<'_, DealResult> {
    let outcome = alt((
        value(Outcome::PassedOut, one_of("Pp")),
        map_opt(small_number, |n| (n <= 13).then_some(Outcome::Tricks(n))),
    ));
    let score = map_res(recognize((one_of("+-"), digit1)), str::parse::<i32>);
    let effective = alt((
        value(Effective::Push, char('=')),
        map(signed, Effective::Imps),
        map(decimal, Effective::Percent),
    ));
    map(
        (opt(outcome), opt(score), opt(preceded(char(':'), effective))),
        |(outcome, score, effective)| DealResult {
            outcome,
            score,
            effective,
        },
    )
    .parse(input)
}

pub fn parse_result(data: &str, issues: &mut Vec<Issue>) -> Option<DealResult> {
    let expected = "expected a result like 9-300:+4 (tricks or P, score, `:` IMPs, = or percent)";
    let result = parse_all(data, result, expected, issues)?;
    if let Some(colon) = data.find(':') {
        issues.extend(hundredths_fault(&data[colon + 1..], colon + 1));
    }
    Some(result)
}

/// RBN writes a fraction in hundredths: two decimal places, never one.
/// `start` is where `amount` begins in the label's data.
pub fn hundredths_fault(amount: &str, start: usize) -> Option<Issue> {
    let point = amount.find('.')?;
    let places = amount[point + 1..].bytes().take_while(u8::is_ascii_digit).count();
    (places != 2).then(|| {
        let message = format!("`{amount}`: a fraction has two decimal places (hundredths)");
        Issue::new(start + point, message)
    })
}

pub fn write_result(r: &DealResult) -> String {
    let mut out = match r.outcome {
        Some(Outcome::PassedOut) => "P".to_string(),
        Some(Outcome::Tricks(n)) => n.to_string(),
        None => String::new(),
    };
    if let Some(score) = r.score {
        out.push_str(&format!("{score:+}"));
    }
    match r.effective {
        None => {}
        Some(Effective::Push) => out.push_str(":="),
        Some(Effective::Imps(h)) => out.push_str(&format!(":{}{h}", if h.0 >= 0 { "+" } else { "" })),
        Some(Effective::Percent(h)) => out.push_str(&format!(":{h}")),
    }
    out
}
