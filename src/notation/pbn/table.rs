//! PBN 2.1's tables (OptimumResultTable, ScoreTable, ...): a tag whose
//! value names the columns, followed by the cells row by row. Read
//! generically; the double-dummy ones also become the model's makes.

use std::borrow::Cow;

use crate::model::{MAKES_ORDER, Makes, Pos, Seat, SideMakes, Strain, StrainMakes, TagTable};

/// The columns from a spec like `Declarer;Denomination\2R;Result\2R`: the
/// name before any `\` formatting.
fn columns(spec: &str) -> Vec<String> {
    column_names(spec).map(str::to_string).collect()
}

/// How many columns a spec names: a table with none is a fault.
pub fn column_count(spec: &str) -> usize {
    column_names(spec).count()
}

fn column_names(spec: &str) -> impl Iterator<Item = &str> {
    spec.split(';')
        .map(|c| c.split('\\').next().unwrap_or("").trim())
        .filter(|c| !c.is_empty())
}

/// Cells joined back where a quoted cell held spaces.
fn cells(words: &[(Cow<'_, str>, Pos)]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    for (word, _) in words {
        if open {
            let last = out.last_mut().expect("an open cell");
            last.push(' ');
            last.push_str(word.trim_end_matches('"'));
            open = !word.ends_with('"');
        } else if let Some(rest) = word.strip_prefix('"') {
            open = !rest.ends_with('"') || rest.is_empty();
            out.push(rest.trim_end_matches('"').to_string());
        } else {
            out.push(word.to_string());
        }
    }
    out
}

pub fn read(name: &str, spec: &str, words: &[(Cow<'_, str>, Pos)]) -> Result<TagTable, (Pos, String)> {
    let columns = columns(spec);
    let cells = cells(words);
    if columns.is_empty() {
        return Err((Pos::default(), format!("table {name} names no columns")));
    }
    if !cells.len().is_multiple_of(columns.len()) {
        let pos = words.last().map_or(Pos::default(), |(_, p)| *p);
        let message = format!(
            "table {name} has {} cells, not whole rows of {}",
            cells.len(),
            columns.len()
        );
        return Err((pos, message));
    }
    let rows = cells.chunks(columns.len()).map(<[String]>::to_vec).collect();
    Ok(TagTable {
        name: name.to_string(),
        columns,
        rows,
    })
}

fn strain(text: &str) -> Option<Strain> {
    match text.to_ascii_uppercase().as_str() {
        "NT" | "N" => Some(Strain::NoTrump),
        s if s.len() == 1 => Strain::from_letter(s.chars().next()?),
        _ => None,
    }
}

/// Double-dummy tricks for each declarer and strain, from the
/// DoubleDummyTricks tag (hex digits, N S E W, each NT S H D C) or else an
/// OptimumResultTable with declarer, strain and tricks columns.
pub fn makes(ddt: Option<&str>, table: Option<&TagTable>) -> Option<Makes> {
    let mut by_seat = [[None::<u8>; 5]; 4];
    let order = [Seat::North, Seat::South, Seat::East, Seat::West];
    if let Some(digits) = ddt.map(str::trim).filter(|d| d.len() == 20) {
        for (i, c) in digits.chars().enumerate() {
            by_seat[i / 5][i % 5] = c.to_digit(16).map(|d| d as u8);
        }
    } else if let Some(t) = table {
        for row in &t.rows {
            let [seat, denomination, tricks, ..] = row.as_slice() else {
                continue;
            };
            let seat = seat.chars().next().and_then(Seat::from_letter);
            let at = strain(denomination).and_then(|s| MAKES_ORDER.iter().position(|&m| m == s));
            if let (Some(seat), Some(at), Ok(n)) = (seat, at, tricks.parse::<u8>()) {
                by_seat[order.iter().position(|&s| s == seat)?][at] = Some(n);
            }
        }
    } else {
        return None;
    }
    let list = |i: usize| StrainMakes::List(by_seat[i].to_vec());
    Some(Makes {
        north_south: Some(SideMakes {
            first: list(0),
            second: Some(list(1)),
        }),
        west_east: Some(SideMakes {
            first: list(3),
            second: Some(list(2)),
        }),
        ..Makes::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<(Cow<'_, str>, Pos)> {
        text.split_whitespace()
            .map(|w| (Cow::Borrowed(w), Pos::default()))
            .collect()
    }

    #[test]
    fn tables_read_rows_and_quoted_cells() {
        let t = read(
            "ScoreTable",
            "Contract\\5R;Declarer;Score\\3R",
            &words("\"4 S\" N 420 3NT S 400"),
        )
        .unwrap();
        assert_eq!(t.columns, ["Contract", "Declarer", "Score"]);
        assert_eq!(t.rows, [["4 S", "N", "420"], ["3NT", "S", "400"]]);
        assert!(read("T", "A;B", &words("1 2 3")).is_err());
    }

    #[test]
    fn double_dummy_tricks_fill_the_makes() {
        let m = makes(Some("746b5747b55862758627"), None).unwrap();
        assert_eq!(
            m.for_seat(Seat::North),
            [Some(7), Some(4), Some(6), Some(11), Some(5)]
        );
        assert_eq!(
            m.for_seat(Seat::West),
            [Some(5), Some(8), Some(6), Some(2), Some(7)]
        );
        let t = read(
            "OptimumResultTable",
            "Declarer;Denomination\\2R;Result\\2R",
            &words("N NT 7 W S 8"),
        )
        .unwrap();
        let m = makes(None, Some(&t)).unwrap();
        assert_eq!(m.for_seat(Seat::West)[1], Some(8));
    }
}
