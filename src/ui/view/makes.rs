//! Double-dummy makes (RBN's M label, PBN's DoubleDummyTricks and
//! OptimumResultTable) as a small table: a row per seat, a column per
//! strain. Also the record's other tables and tags, as plain rows.

use ratatui::text::{Line, Span};

use crate::model::{MAKES_ORDER, Makes, Record, Seat, TagTable, TrickList};
use crate::scoring;
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

/// The record's analysis: makes, and tables other than the one the
/// makes came from; the board's stated tables unless `in_pane` (the
/// results pane shows them).
pub fn analysis(record: &Record, in_pane: bool, theme: Theme) -> Vec<Line<'static>> {
    let mut out = record.makes().map(|m| lines(m, theme)).unwrap_or_default();
    let shown_as_makes = record.makes().is_some();
    // The board's own tables first, in the reader's order of columns.
    let stated = scoring::stated_tables(record);
    if !stated.is_empty() && !in_pane {
        let (columns, rows) = scoring::score_grid(&stated);
        let name = "The board's tables, as the file states them".to_string();
        out.extend(table_lines(&TagTable { name, columns, rows }, theme));
    }
    // Tables shown above in another form are not repeated.
    let repeated = |t: &TagTable| {
        (shown_as_makes && t.name == "OptimumResultTable") || (t.name == "ScoreTable" && !stated.is_empty())
    };
    for t in record.tables.iter().filter(|t| !repeated(t)) {
        out.extend(table_lines(t, theme));
    }
    out
}

/// The tags the model has no place for, in file order, those that tell a
/// reader nothing left out (see `tells_the_reader`).
pub fn tags(record: &Record, theme: Theme) -> Vec<Line<'static>> {
    let shown: Vec<_> = record
        .tags
        .iter()
        .filter(|(n, v)| tells_the_reader(n, v))
        .filter(|(n, _)| record.preferans().is_none() || !game_end(n))
        .collect();
    if shown.is_empty() {
        return Vec::new();
    }
    let mut out = vec![Line::styled("Tags", theme.strong())];
    for (name, value) in shown {
        out.push(Line::from(vec![
            Span::styled(format!("{} ", sanitize(name)), theme.dim()),
            Span::raw(sanitize(value)),
        ]));
    }
    out
}

/// A Preferans game's results and places: its end, shown on the score
/// sheet (`r`) once it reaches the game's last deal, never from a deal's
/// first step.
fn game_end(name: &str) -> bool {
    let number = name.strip_prefix("Result").or_else(|| name.strip_prefix("Place"));
    number.is_some_and(|n| matches!(n, "1" | "2" | "3"))
}

/// Tags written by the program that made the file about its own work
/// (display settings, when and by what the file was written), not about
/// the deal.
const TOOL_TAGS: [&str; 5] = ["BCFlags", "Generator", "Application", "UTCDate", "UTCTime"];

/// A tag is worth a reader's eye when it says something of the game: not
/// empty (a LIN list of nothing but commas, `pw ,,,,` or `mp ,,,`, is
/// empty too), not PBN's "unknown" (`?`) or "as before" (`#`)
/// placeholders, not one of the making programs' own tags.
fn tells_the_reader(name: &str, value: &str) -> bool {
    let value = value.trim();
    let empty = value.chars().all(|c| c == ',' || c.is_whitespace());
    !(empty || value == "?" || value == "#" || TOOL_TAGS.contains(&name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_internals_and_empty_tags_are_not_shown() {
        assert!(tells_the_reader("Annotator", "Kit Woolsey"));
        assert!(tells_the_reader("DealId", "2024-17"));
        for (name, value) in [
            ("BCFlags", "1f"),
            ("DealId", ""),
            ("UTCTime", "12:00:00"),
            ("Room", "?"),
            ("pw", ",,,,,,,,,,,,,,,"),
        ] {
            assert!(!tells_the_reader(name, value), "{name}");
        }
    }
}
