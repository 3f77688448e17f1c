//! `stats`: dealer's `frequency` and `average` over the records a filter
//! lets through (all of them without one), counted on every core and
//! printed as tables with bars.

use std::io::{self, Write};
use std::path::PathBuf;

use super::solving::Solving;
use super::{Status, gather_told, printable, told_if_changed};
use crate::filter::{Answer, Average, Filter, Frequency, Quantity, Subject, Tally};
use crate::model::Wanted;
use serde_json::json;

/// What `stats` is asked for.
pub struct StatsOptions {
    pub filter: Option<Filter>,
    pub frequencies: Vec<Quantity>,
    pub averages: Vec<Quantity>,
    /// Deals without a double-dummy table solved where an expression asks.
    pub solve: bool,
    /// One JSON object rather than tables.
    pub json: bool,
}

/// What was counted over every file.
#[derive(Default)]
struct Counted {
    records: usize,
    matched: usize,
    frequencies: Vec<Frequency>,
    averages: Vec<Average>,
}

/// One record's values: of each frequency asked for, then of each average.
type Values = (Vec<Option<Tally>>, Vec<Option<Tally>>);

/// The widest bar, for the value that comes most often.
const BAR: usize = 30;

pub fn stats(
    files: &[PathBuf],
    options: &StatsOptions,
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<Status> {
    let (archives, mut unusable) = gather_told(files, err)?;
    let mut counted = Counted {
        frequencies: vec![Frequency::default(); options.frequencies.len()],
        averages: vec![Average::default(); options.averages.len()],
        ..Counted::default()
    };
    let mut solving = Solving::new(options.solve);
    for archive in &archives {
        solving.each_answered(
            archive,
            wanted(options),
            |subject| values(options, subject),
            |values| {
                counted.add(values);
                true
            },
        );
        unusable |= told_if_changed(archive, err)?;
    }
    if options.json {
        writeln!(out, "{}", counted_json(&counted, options))?;
    } else {
        write_counted(&counted, options, out)?;
    }
    solving.tell(err)?;
    Ok(if unusable {
        2
    } else {
        i32::from(counted.matched == 0)
    })
}

/// A record's values, where the filter lets it through.
fn values(options: &StatsOptions, subject: Subject) -> Answer<Option<Values>> {
    let passed = options
        .filter
        .as_ref()
        .map_or_else(|| Answer::plain(true), |f| f.answer(subject));
    let of = |qs: &[Quantity]| qs.iter().map(|q| q.answer(subject)).collect::<Answer<Vec<_>>>();
    passed.and_then(|passed| match passed {
        true => of(&options.frequencies).and_then(|f| of(&options.averages).map(|a| Some((f, a)))),
        false => Answer::plain(None),
    })
}

/// What of a record the filter and the quantities read.
fn wanted(options: &StatsOptions) -> Wanted {
    let quantities = options
        .frequencies
        .iter()
        .chain(&options.averages)
        .map(Quantity::wanted);
    let filter = options.filter.as_ref().map(Filter::wanted);
    quantities.chain(filter).fold(Wanted::LEAST, Wanted::and)
}

impl Counted {
    fn add(&mut self, values: Option<Values>) {
        self.records += 1;
        let Some((frequencies, averages)) = values else {
            return;
        };
        self.matched += 1;
        for (f, v) in self.frequencies.iter_mut().zip(frequencies) {
            f.add(v);
        }
        for (a, v) in self.averages.iter_mut().zip(averages) {
            a.add(v);
        }
    }
}

fn write_counted(counted: &Counted, options: &StatsOptions, out: &mut impl Write) -> io::Result<()> {
    let of = match &options.filter {
        Some(f) => format!(
            "{} of {} records match {}",
            counted.matched,
            counted.records,
            printable(f.text())
        ),
        None => format!("{} records", counted.records),
    };
    writeln!(out, "{of}")?;
    for (q, f) in options.frequencies.iter().zip(&counted.frequencies) {
        writeln!(out)?;
        write_frequency(q, f, out)?;
    }
    if !options.averages.is_empty() {
        writeln!(out)?;
    }
    for (q, a) in options.averages.iter().zip(&counted.averages) {
        let without = if a.without > 0 {
            format!(", {} without one", a.without)
        } else {
            String::new()
        };
        match a.mean() {
            Some(mean) => writeln!(
                out,
                "average {}: {mean:.2} over {} records{without}",
                printable(q.text()),
                a.count
            )?,
            None => writeln!(out, "average {}: no record has one", printable(q.text()))?,
        }
    }
    Ok(())
}

/// What was counted as one JSON object, for scripts: each frequency's
/// values in the game's order (numbers as numbers), each average's mean
/// (null where no record has one).
fn counted_json(counted: &Counted, options: &StatsOptions) -> serde_json::Value {
    let frequency = |(q, f): (&Quantity, &Frequency)| {
        let value = |t: &Tally| t.as_number().map_or_else(|| json!(t.to_string()), |n| json!(n));
        let values: Vec<_> = f
            .counts()
            .map(|(t, n)| json!({ "value": value(t), "count": n }))
            .collect();
        json!({ "expr": q.text(), "values": values, "without": f.without })
    };
    let average = |(q, a): (&Quantity, &Average)| json!({ "expr": q.text(), "mean": a.mean(), "count": a.count, "without": a.without });
    json!({
        "records": counted.records,
        "filter": options.filter.as_ref().map(Filter::text),
        "matched": counted.matched,
        "frequencies": options.frequencies.iter().zip(&counted.frequencies).map(frequency).collect::<Vec<_>>(),
        "averages": options.averages.iter().zip(&counted.averages).map(average).collect::<Vec<_>>(),
    })
}

fn write_frequency(q: &Quantity, f: &Frequency, out: &mut impl Write) -> io::Result<()> {
    let without = if f.without > 0 {
        format!(", {} without one", f.without)
    } else {
        String::new()
    };
    writeln!(
        out,
        "frequency {}: {} records{without}",
        printable(q.text()),
        f.total()
    )?;
    let rows = f.rows(BAR);
    let width = rows
        .iter()
        .map(|r| printable(&r.value).chars().count())
        .max()
        .unwrap_or(0);
    for r in rows {
        let (value, bar) = (printable(&r.value), "█".repeat(r.bar));
        writeln!(
            out,
            "  {value:<width$}  {:>7}  {:5.1}%  {bar}",
            r.count, r.percent
        )?;
    }
    Ok(())
}
