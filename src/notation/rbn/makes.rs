//! The M label: four parts separated by colons, trick counts as hex digits.
//!
//! ```text
//! makes   = [tricks] [":" [tricks] [":" [ns] [":" [ew]]]]
//! tricks  = { hex } ["?"]
//! ns      = strains ["+" strains | "="]
//! ew      = (strains | "!") ["+" (strains | "!") | "=" | "!"]
//! strains = { hex | "?" }        at most five: NT S H D C
//! ```

use nom::branch::alt;
use nom::character::complete::{char, satisfy};
use nom::combinator::{map, opt, value};
use nom::multi::{many_m_n, many0};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::{Issue, parse_all};
use crate::model::{Makes, SideMakes, StrainMakes, TrickList};

fn hex(input: &str) -> IResult<&str, u8> {
    map(
        satisfy(|c| c.is_ascii_hexdigit() && c.to_ascii_uppercase() <= 'D'),
        |c| c.to_digit(16).unwrap_or(0) as u8,
    )
    .parse(input)
}

fn tricks(input: &str) -> IResult<&str, TrickList> {
    map((many0(hex), opt(char('?'))), |(values, q)| TrickList {
        values,
        unknown_rest: q.is_some(),
    })
    .parse(input)
}

fn strains(input: &str) -> IResult<&str, StrainMakes> {
    map(
        many_m_n(1, 5, alt((map(hex, Some), value(None, char('?'))))),
        StrainMakes::List,
    )
    .parse(input)
}

fn complement(input: &str) -> IResult<&str, StrainMakes> {
    value(StrainMakes::Complement, char('!')).parse(input)
}

fn second(input: &str) -> IResult<&str, StrainMakes> {
    alt((
        preceded(char('+'), alt((strains, complement))),
        value(StrainMakes::SameAsPartner, char('=')),
        complement,
    ))
    .parse(input)
}

fn side(first_can_complement: bool) -> impl Fn(&str) -> IResult<&str, SideMakes> {
    move |input| {
        let first = if first_can_complement {
            alt((strains, complement)).parse(input)
        } else {
            strains(input)
        };
        let (input, first) = first?;
        let (input, second) = opt(second).parse(input)?;
        Ok((input, SideMakes { first, second }))
    }
}

fn makes(input: &str) -> IResult<&str, Makes> {
    let non_empty = |t: TrickList| (!t.values.is_empty() || t.unknown_rest).then_some(t);
    map(
        (
            tricks,
            opt(preceded(char(':'), tricks)),
            opt(preceded(char(':'), opt(side(false)))),
            opt(preceded(char(':'), opt(side(true)))),
        ),
        move |(contract, leads, ns, ew)| Makes {
            contract: non_empty(contract),
            leads: leads.and_then(non_empty),
            north_south: ns.flatten(),
            west_east: ew.flatten(),
        },
    )
    .parse(input)
}

pub fn parse(data: &str, issues: &mut Vec<Issue>) -> Option<Makes> {
    let expected = "expected double-dummy makes: hex digits 0-D, `?`, `+`, `=`, `!`";
    parse_all(data, makes, expected, issues)
}

/// Where makes written as `data` first count more tricks than hands of
/// `tricks` cards can take (an ending of five cards makes at most five),
/// with what it says.
pub fn beyond(data: &str, tricks: usize) -> Option<Issue> {
    let (at, made) = data
        .char_indices()
        .filter_map(|(at, c)| Some((at, c.to_digit(16)? as usize)))
        .find(|&(_, made)| made > tricks)?;
    let plural = if tricks == 1 { "" } else { "s" };
    let message = format!("makes {made}, but the hands hold only {tricks} trick{plural}");
    Some(Issue::new(at, message))
}

fn write_tricks(out: &mut String, t: &Option<TrickList>) {
    if let Some(t) = t {
        t.values.iter().for_each(|&v| out.push(hex_digit(v)));
        if t.unknown_rest {
            out.push('?');
        }
    }
}

fn hex_digit(v: u8) -> char {
    char::from_digit(v as u32, 16).map_or('?', |c| c.to_ascii_uppercase())
}

fn write_strains(out: &mut String, s: &StrainMakes, second: bool) {
    match s {
        StrainMakes::List(list) => {
            if second {
                out.push('+');
            }
            list.iter().for_each(|v| out.push(v.map_or('?', hex_digit)));
        }
        StrainMakes::SameAsPartner => out.push('='),
        StrainMakes::Complement => out.push('!'),
    }
}

pub fn write(m: &Makes) -> String {
    let mut out = String::new();
    write_tricks(&mut out, &m.contract);
    let parts = [m.leads.is_some(), m.north_south.is_some(), m.west_east.is_some()];
    let last = parts.iter().rposition(|&p| p).map_or(0, |i| i + 1);
    if last >= 1 {
        out.push(':');
        write_tricks(&mut out, &m.leads);
    }
    for (n, side) in [&m.north_south, &m.west_east].into_iter().enumerate() {
        if last < n + 2 {
            break;
        }
        out.push(':');
        if let Some(side) = side {
            write_strains(&mut out, &side.first, false);
            if let Some(second) = &side.second {
                write_strains(&mut out, second, true);
            }
        }
    }
    if out.is_empty() {
        // Every part unknown: `:` keeps the label from reading as absent.
        out.push(':');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn makes_past_the_tricks_in_the_diagram_are_found_and_said_in_words() {
        assert!(beyond("5555", 5).is_none());
        let issue = beyond("56", 5).unwrap();
        assert!(issue.message.ends_with("only 5 tricks"), "{}", issue.message);
        assert!(beyond("2", 1).unwrap().message.ends_with("only 1 trick"));
    }
}
