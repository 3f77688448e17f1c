//! Double-dummy makes (RBN's M label, PBN's DoubleDummyTricks and
//! OptimumResultTable) as a small table: a row per seat, a column per
//! strain. Also the record's other tables and tags, as plain rows.

use ratatui::text::{Line, Span};

use crate::model::{MAKES_ORDER, Makes, Record, Seat, TagTable, TrickList};
use crate::ui::theme::Theme;
use crate::ui::theme::sanitize;

pub fn lines(makes: &Makes, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(list) = &makes.contract {
        lines.push(Line::raw(format!("Contract makes {}", tricks(list))));
    }
    if let Some(list) = &makes.leads {
        lines.push(Line::raw(format!("After each lead {}", tricks(list))));
    }
    if makes.north_south.is_some() || makes.west_east.is_some() {
        let mut head = vec![Span::styled("     ", theme.strong())];
        for strain in MAKES_ORDER {
            head.push(Span::styled(
                format!("{:>3}", theme.strain(strain)),
                theme.strain_style(strain),
            ));
        }
        lines.push(Line::from(head));
        for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
            let cells: String = makes
                .for_seat(seat)
                .iter()
                .map(|n| n.map_or("  ?".to_string(), |n| format!("{n:>3}")))
                .collect();
            lines.push(Line::raw(format!("{:<5}{cells}", seat.name())));
        }
    }
    lines
}

fn tricks(list: &TrickList) -> String {
    let mut text: Vec<String> = list.values.iter().map(u8::to_string).collect();
    if list.unknown_rest {
        text.push("?".to_string());
    }
    text.join(" ")
}

/// A table as rows of padded cells under its column names.
fn table_lines(t: &TagTable, theme: Theme) -> Vec<Line<'static>> {
    let widths: Vec<usize> = (0..t.columns.len())
        .map(|i| {
            t.rows
                .iter()
                .map(|r| r[i].chars().count())
                .chain([t.columns[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let row = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{:<w$}", sanitize(c)))
            .collect();
        padded.join("  ")
    };
    let mut lines = vec![
        Line::styled(sanitize(&t.name), theme.strong()),
        Line::styled(row(&t.columns), theme.dim()),
    ];
    lines.extend(t.rows.iter().map(|r| Line::raw(row(r))));
    lines
}

/// Everything of the record's analysis and extra tags: makes, tables
/// other than the one the makes came from, and tags in file order.
pub fn analysis(record: &Record, theme: Theme) -> Vec<Line<'static>> {
    let mut out = record.makes().map(|m| lines(m, theme)).unwrap_or_default();
    let shown_as_makes = record.makes().is_some();
    for t in record
        .tables
        .iter()
        .filter(|t| !(shown_as_makes && t.name == "OptimumResultTable"))
    {
        out.extend(table_lines(t, theme));
    }
    if !record.tags.is_empty() {
        out.push(Line::styled("Tags", theme.strong()));
        for (name, value) in &record.tags {
            out.push(Line::from(vec![
                Span::styled(format!("{} ", sanitize(name)), theme.dim()),
                Span::raw(sanitize(value)),
            ]));
        }
    }
    out
}
