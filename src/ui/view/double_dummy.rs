//! Double-dummy mode's lines in the analysis pane: declarer's tricks now
//! against the contract, the deal's table (or how the file's compares)
//! and par.

use ratatui::text::Line;

use super::makes;
use crate::analysis::{CardValues, DdTable, Par, disagreements};
use crate::model::Record;
use crate::ui::dd::Answer;
use crate::ui::deal::DealState;
use crate::ui::theme::Theme;

/// The analysis pane's part: why double dummy is unavailable, or the
/// table (or how the file's compares) and par.
pub fn lines(record: &Record, deal: &DealState, theme: Theme) -> Vec<Line<'static>> {
    let face_down = !deal.face_down().is_empty();
    let mut lines = match deal.dd().answer(deal.stop().cards, face_down) {
        Answer::Off => return Vec::new(),
        Answer::Unavailable(why) => vec![Line::styled(capitalised(&why.to_string()), theme.warning())],
        Answer::Solving | Answer::Solved(_) => Vec::new(),
    };
    match deal.dd().table(face_down) {
        None if deal.dd().deal_blocked(face_down) => {}
        None => lines.push(Line::styled("Double-dummy table and par: solving…", theme.dim())),
        Some((table, par)) => {
            lines.extend(table_lines(record, table, theme));
            lines.extend(par.as_ref().map(|p| Line::raw(par_line(p, theme))));
        }
    }
    lines
}

/// The trick table's last line: declarer's tricks now against the
/// contract, or that they are being solved.
pub fn now_line(record: &Record, deal: &DealState, theme: Theme) -> Option<Line<'static>> {
    match deal.dd().answer(deal.stop().cards, !deal.face_down().is_empty()) {
        Answer::Solving => Some(Line::styled("DD: solving…", theme.dim())),
        Answer::Solved(values) => Some(Line::styled(tricks_now(record, values, theme), theme.accent())),
        Answer::Off | Answer::Unavailable(_) => None,
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `DD: 9 tricks, 4♠ down 1`: declarer's side's tricks, and what they
/// make of the contract (short, to fit the trick table).
fn tricks_now(record: &Record, values: &CardValues, theme: Theme) -> String {
    let now = values.now();
    let mut text = format!("DD: {now} tricks");
    // Endings name no level: the tricks alone say it all.
    let Some((contract, level)) = record.contract().and_then(|c| Some((c, c.level?))) else {
        return text;
    };
    let need = level + 6;
    let verdict = match now.cmp(&need) {
        std::cmp::Ordering::Less => format!("down {}", need - now),
        std::cmp::Ordering::Equal => "made".to_string(),
        std::cmp::Ordering::Greater => format!("+{}", now - need),
    };
    let written = theme.contract(level, contract.strain, contract.doubling);
    text.push_str(&format!(", {written} {verdict}"));
    text
}

/// The solver's table, or where the file gives one, how the two compare.
fn table_lines(record: &Record, table: &DdTable, theme: Theme) -> Vec<Line<'static>> {
    let given = record
        .makes()
        .filter(|m| m.north_south.is_some() || m.west_east.is_some());
    let Some(given) = given else {
        let mut lines = vec![Line::styled("Double-dummy table", theme.strong())];
        lines.extend(makes::lines(&table.as_makes(), theme));
        return lines;
    };
    let wrong = disagreements(table, given);
    if wrong.is_empty() {
        return vec![Line::styled(
            "The solver agrees with the file's table",
            theme.dim(),
        )];
    }
    wrong
        .iter()
        .map(|w| Line::styled(format!("Problem: {w}"), theme.warning()))
        .collect()
}

/// `Par NS +420: 4♠ N, 4♠ S`.
fn par_line(par: &Par, theme: Theme) -> String {
    let contracts: Vec<String> = (par.contracts.iter())
        .map(|c| {
            let made = match c.overtricks {
                0 => String::new(),
                n => format!("{n:+}"),
            };
            let written = theme.contract(c.level, c.strain, c.doubling);
            format!("{written} {}{made}", c.declarer.abbreviation())
        })
        .collect();
    let score = match par.score {
        0 => "0".to_string(),
        s if s < 0 => format!("EW +{}", -s),
        s => format!("NS +{s}"),
    };
    format!("Par {score}: {}", contracts.join(", "))
}
