//! A board's tables as a scoring program states them: PBN's ScoreTable,
//! a row a table of the board, read by its columns' names (Ruter, the
//! Polish club programs and BridgeComposer name them alike: `Contract`,
//! `Declarer`, `Result`, `Lead`, `Score_NS`, `MP_NS`, `IMP_NS`,
//! `Percentage_NS`, `PairId_NS`). Cells are kept as written; only the
//! score is turned into North-South's.

use crate::model::{Record, TagTable};

/// One table of the board, as the file states it; None where the file
/// has no such column or leaves the cell empty (`-`).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct ScoreRow {
    /// The table's number, else the round's.
    pub table: Option<String>,
    /// The pair (or team) ids, North-South's and East-West's.
    pub north_south: Option<String>,
    pub east_west: Option<String>,
    pub contract: Option<String>,
    pub declarer: Option<String>,
    /// Tricks taken, or over- and under-tricks, as written.
    pub result: Option<String>,
    pub lead: Option<String>,
    /// North-South's score.
    pub score: Option<i32>,
    /// North-South's matchpoints and IMPs, and their percentage.
    pub matchpoints: Option<String>,
    pub imps: Option<String>,
    pub percent: Option<String>,
}

/// The board's tables as its ScoreTable states them; empty without one.
pub fn stated_tables(r: &Record) -> Vec<ScoreRow> {
    r.tables
        .iter()
        .find(|t| t.name == "ScoreTable")
        .map(|t| t.rows.iter().map(|row| stated_table(t, row)).collect())
        .unwrap_or_default()
}

/// The rows as cells under a heading, for printing or drawing: the score
/// signed, matchpoints or else IMPs, a `-` for a cell not given, and a
/// column no row gives left out.
pub fn score_grid(rows: &[ScoreRow]) -> (Vec<String>, Vec<Vec<String>>) {
    let text = |c: &Option<String>| c.clone().unwrap_or_else(|| "-".to_string());
    let imps = rows.iter().any(|r| r.imps.is_some()) && rows.iter().all(|r| r.matchpoints.is_none());
    let points = if imps { "IMPs" } else { "MP" };
    let heading = [
        "Table", "Pairs", "Contract", "By", "Result", "Lead", "Score", points, "%",
    ];
    let cells: Vec<[String; 9]> = rows
        .iter()
        .map(|r| {
            let pairs = match (&r.north_south, &r.east_west) {
                (None, None) => "-".to_string(),
                (ns, ew) => format!("{}-{}", text(ns), text(ew)),
            };
            let score = r.score.map_or("-".to_string(), |s| format!("{s:+}"));
            let points = text(if imps { &r.imps } else { &r.matchpoints });
            let [table, contract, by, result, lead, percent] =
                [&r.table, &r.contract, &r.declarer, &r.result, &r.lead, &r.percent].map(text);
            [table, pairs, contract, by, result, lead, score, points, percent]
        })
        .collect();
    let shown: Vec<usize> = (0..heading.len())
        .filter(|&c| cells.iter().any(|r| r[c] != "-"))
        .collect();
    let pick = |row: &[String; 9]| shown.iter().map(|&c| row[c].clone()).collect();
    let heading = shown.iter().map(|&c| heading[c].to_string()).collect();
    (heading, cells.iter().map(pick).collect())
}

fn stated_table(t: &TagTable, row: &[String]) -> ScoreRow {
    let cell = |names: &[&str]| {
        let at = t
            .columns
            .iter()
            .position(|c| names.iter().any(|n| c.eq_ignore_ascii_case(n)))?;
        row.get(at)
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty() && c != "-")
    };
    let number = |names: &[&str]| cell(names).and_then(|c| c.parse::<i32>().ok());
    let score = number(&["Score_NS", "Score"]).or_else(|| number(&["Score_EW"]).map(|s| -s));
    ScoreRow {
        table: cell(&["Table"]).or_else(|| cell(&["Round"])),
        north_south: cell(&["PairId_NS", "Pair_NS", "TeamId_NS"]),
        east_west: cell(&["PairId_EW", "Pair_EW", "TeamId_EW"]),
        contract: cell(&["Contract"]),
        declarer: cell(&["Declarer"]),
        result: cell(&["Result"]),
        lead: cell(&["Lead"]),
        score,
        matchpoints: cell(&["MP_NS", "MatchPoints_NS", "MP"]),
        imps: cell(&["IMP_NS", "IMPs_NS", "IMP"]),
        percent: cell(&["Percentage_NS", "Percent_NS", "Percentage"]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Game, SourceFormat};

    fn bare() -> Record {
        Record::new(1, 1, SourceFormat::Pbn, Game::bridge())
    }

    fn record(columns: &[&str], rows: &[&[&str]]) -> Record {
        let mut r = bare();
        r.tables.push(TagTable {
            name: "ScoreTable".to_string(),
            columns: columns.iter().map(ToString::to_string).collect(),
            rows: rows
                .iter()
                .map(|row| row.iter().map(ToString::to_string).collect())
                .collect(),
        });
        r
    }

    #[test]
    fn each_row_is_a_table_read_by_its_column_names() {
        let r = record(
            &[
                "Table",
                "PairId_NS",
                "PairId_EW",
                "Contract",
                "Declarer",
                "Result",
                "Lead",
                "Score_NS",
                "Score_EW",
                "MP_NS",
                "Percentage_NS",
            ],
            &[
                &["3", "6", "3", "2S", "N", "9", "C3", "140", "-", "2.0", "83"],
                &["1", "8", "1", "3H", "E", "9", "SQ", "-", "140", "-3.0", "0"],
            ],
        );
        let tables = stated_tables(&r);
        assert_eq!(tables.len(), 2);
        assert_eq!(tables[0].contract.as_deref(), Some("2S"));
        assert_eq!(tables[0].lead.as_deref(), Some("C3"));
        assert_eq!(tables[0].score, Some(140));
        assert_eq!(
            tables[1].score,
            Some(-140),
            "East-West's score is North-South's loss"
        );
        assert_eq!(tables[1].matchpoints.as_deref(), Some("-3.0"));
        assert_eq!(tables[1].north_south.as_deref(), Some("8"));
        assert_eq!(tables[1].imps, None);
    }

    #[test]
    fn a_record_without_a_score_table_states_no_tables() {
        assert!(stated_tables(&bare()).is_empty());
    }
}
