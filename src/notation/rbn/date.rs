//! The D label.
//!
//! ```text
//! date  = year ["C"] [month ["C"] [day [day]]] [":" time] ["G"]
//! year  = 4 digit      month, day = 2 digit      time = 2, 4 or 6 digit
//! digit = "0".."9" | "?"
//! ```
//! A time only follows a single date, not a span.

use nom::bytes::complete::take_while_m_n;
use nom::character::complete::{char, one_of};
use nom::combinator::{map, opt, verify};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::{Issue, parse_all};
use crate::model::{Date, Digits};

fn digits(n: usize) -> impl Fn(&str) -> IResult<&str, Digits> {
    move |input| {
        map(
            take_while_m_n(n, n, |c: char| c.is_ascii_digit() || c == '?'),
            |s: &str| Digits(s.to_string()),
        )
        .parse(input)
    }
}

fn circa(input: &str) -> IResult<&str, bool> {
    map(opt(one_of("Cc")), |c| c.is_some()).parse(input)
}

fn time(input: &str) -> IResult<&str, Digits> {
    let clock = take_while_m_n(2, 6, |c: char| c.is_ascii_digit() || c == '?');
    map(verify(clock, |s: &str| s.len().is_multiple_of(2)), |s: &str| {
        Digits(s.to_string())
    })
    .parse(input)
}

fn date(input: &str) -> IResult<&str, Date> {
    let (input, year) = digits(4)(input)?;
    let (input, year_circa) = circa(input)?;
    let (input, month) = opt(digits(2)).parse(input)?;
    let (input, month_circa) = circa(input)?;
    let (input, day) = opt(digits(2)).parse(input)?;
    let (input, end_day) = opt(digits(2)).parse(input)?;
    let (input, time) = opt(preceded(char(':'), time)).parse(input)?;
    let (input, gmt) = map(opt(one_of("Gg")), |g| g.is_some()).parse(input)?;
    let date = Date {
        year,
        month,
        day,
        end_day,
        circa: year_circa || month_circa,
        time,
        gmt,
    };
    Ok((input, date))
}

pub fn parse(data: &str, issues: &mut Vec<Issue>) -> Option<Date> {
    let expected = "expected a date yyyymmdd (`?` for unknown digits, C circa, `:` time hhmmss, G)";
    let d = parse_all(data, date, expected, issues)?;
    let out_of_range =
        |part: &Option<Digits>, range: std::ops::RangeInclusive<u32>, at: usize, what: &str| {
            part.as_ref()
                .and_then(Digits::value)
                .filter(|v| !range.contains(v))
                .map(|v| Issue::new(at, format!("{what} {v:02} does not exist")))
        };
    issues.extend(out_of_range(&d.month, 1..=12, 4, "month"));
    issues.extend(out_of_range(&d.day, 1..=31, 6, "day"));
    issues.extend(out_of_range(&d.end_day, 1..=31, 8, "day"));
    if d.end_day.is_some() && d.time.is_some() {
        let at = data.find(':').unwrap_or(0);
        issues.push(Issue::new(
            at,
            "a time can follow a single date, not a span of days",
        ));
    }
    Some(d)
}

pub fn write(d: &Date) -> String {
    let mut out = d.year.0.clone();
    if d.circa && d.month.is_none() {
        out.push('C');
    }
    for part in [&d.month].into_iter().flatten() {
        out.push_str(&part.0);
    }
    if d.circa && d.month.is_some() {
        out.push('C');
    }
    for part in [&d.day, &d.end_day].into_iter().flatten() {
        out.push_str(&part.0);
    }
    if let Some(t) = &d.time {
        out.push(':');
        out.push_str(&t.0);
    }
    if d.gmt {
        out.push('G');
    }
    out
}
