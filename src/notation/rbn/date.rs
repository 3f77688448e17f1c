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
    issues.extend(day_beyond_month(&d));
    if let Some(time) = &d.time {
        issues.extend(clock_fault(&time.0, data.find(':').map_or(0, |c| c + 1)));
    }
    if d.end_day.is_some() && d.time.is_some() {
        let at = data.find(':').unwrap_or(0);
        issues.push(Issue::new(
            at,
            "a time can follow a single date, not a span of days",
        ));
    }
    Some(d)
}

/// A day past the end of its month (30 February; 29 February outside a
/// leap year, when the year is known).
fn day_beyond_month(d: &Date) -> Option<Issue> {
    let month = d.month.as_ref()?.value().filter(|m| (1..=12).contains(m))?;
    let day = d.day.as_ref()?.value().filter(|&day| day <= 31)?;
    let leap = d
        .year
        .value()
        .is_none_or(|y| y % 4 == 0 && (y % 100 != 0 || y % 400 == 0));
    let last = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    let year = if day == 29 { " outside a leap year" } else { "" };
    (day > last).then(|| {
        Issue::new(
            6,
            format!("day {day:02} does not exist in month {month:02}{year}"),
        )
    })
}

/// Hours run to 24 (midnight at the end of a day), minutes and seconds to
/// 59; `start` is where the time begins in the label's data.
fn clock_fault(time: &str, start: usize) -> Option<Issue> {
    let parts = ["hour", "minute", "second"];
    let limits = [24, 59, 59];
    (0..time.len() / 2).find_map(|i| {
        let value: u32 = time[2 * i..2 * i + 2].parse().ok()?;
        (value > limits[i])
            .then(|| Issue::new(start + 2 * i, format!("{} {value:02} does not exist", parts[i])))
    })
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
