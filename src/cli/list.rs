//! `kibitzer [FILE]`: a one-line-a-record listing, what the record list of
//! the viewer will show. With no file, the bundled sample.

use std::io::{self, Write};

use crate::archive::read_checked;
use crate::model::{Outcome, Record, SourceFormat};

/// The sample archive shipped inside the binary, so it opens from anywhere.
pub const SAMPLE: &[u8] = include_bytes!("../../assets/sample.rbn");

pub fn list_sample(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "kibitzer: the bundled sample (assets/sample.rbn)")?;
    for record in read_checked(SAMPLE, SourceFormat::Rbn) {
        writeln!(out, "{}", row(&record))?;
    }
    Ok(())
}

/// Number, board, title or event, contract and declarer, result, problems.
pub fn row(r: &Record) -> String {
    let board = r.board.as_ref().map(ToString::to_string).unwrap_or_default();
    let title = r
        .title
        .as_ref()
        .map(|t| t.first.clone())
        .filter(|t| !t.is_empty())
        .or_else(|| r.event.as_ref().map(|e| e.first.clone()))
        .unwrap_or_default();
    let contract = r.contract.map(|c| c.to_string()).unwrap_or_default();
    let result = match r.result.and_then(|r| r.outcome) {
        Some(Outcome::Tricks(n)) => format!("{n} tricks"),
        Some(Outcome::PassedOut) => "passed out".to_string(),
        None => String::new(),
    };
    let table = r.table.map(|t| format!(" (table {t})")).unwrap_or_default();
    let problems = match r.problems.len() {
        0 => String::new(),
        n => format!("  [{n} problem{}]", if n == 1 { "" } else { "s" }),
    };
    let title: String = title.chars().filter(|c| !c.is_control()).take(34).collect();
    format!(
        "{:>4}  {board:<8} {title:<34} {contract:<12} {result}{table}{problems}",
        r.number
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_lists_every_record_without_problems() {
        let mut out = Vec::new();
        list_sample(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 6);
        assert!(text.contains("5HX by N"));
        assert!(text.contains("Quiz 2"));
        assert!(!text.contains("problem"));
    }
}
