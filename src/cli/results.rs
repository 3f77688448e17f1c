//! `kibitzer results`: an event's standings and every board's results, as
//! plain text or JSON, with the file's stated results that disagree with
//! kibitzer's reckoning.

use std::io::{self, Write};
use std::path::Path;

use serde::Serialize;

use super::printable;
use crate::archive::Archive;
use crate::model::{Record, Seat, SourceFormat, TagTable};
use crate::notation::reading;
use crate::scoring::pinochle::{HandLine, game_log};
use crate::scoring::preferans::{Sheet, sheets};
use crate::ui::view::paper;

/// The width the score sheet is printed at: three columns of 24.
const SHEET_WIDTH: usize = 78;
use crate::scoring::{self, Basis, BoardResults, Entry, ScoreRow, TableResult};

#[derive(Serialize)]
pub struct Report {
    /// The file's own standings table, as written.
    stated_standings: Option<StatedTable>,
    /// Computed: `matchpoints` (average percent per pair) or `imps`
    /// (total per team).
    standings: Option<ComputedStandings>,
    boards: Vec<BoardReport>,
    matches: Vec<MatchReport>,
    /// A Pinochle game hand by hand, each team's score before, scored and
    /// after.
    pinochle_hands: Vec<HandLine>,
    /// Each Preferans game's score sheet: every player's soups, bula and
    /// refas deal by deal, the results worked out and those stated.
    preferans_sheets: Vec<Sheet>,
    disagreements: Vec<DisagreementReport>,
}

#[derive(Serialize)]
struct StatedTable {
    columns: Vec<String>,
    rows: Vec<Vec<String>>,
}

#[derive(Serialize)]
struct ComputedStandings {
    basis: &'static str,
    /// An event's, or each match's where the file holds several.
    groups: Vec<StandingsGroup>,
}

#[derive(Serialize)]
struct StandingsGroup {
    /// The event and the teams, where there are several groups.
    title: Option<String>,
    rows: Vec<StandingRow>,
}

#[derive(Serialize)]
struct StandingRow {
    name: String,
    boards: usize,
    score: f64,
}

#[derive(Serialize)]
struct BoardReport {
    board: Option<String>,
    top: u32,
    datum: Option<i32>,
    /// Best North-South score first.
    tables: Vec<TableReport>,
    /// The tables as the file's ScoreTable states them, in its order.
    stated_tables: Vec<ScoreRow>,
}

#[derive(Serialize)]
struct TableReport {
    record: usize,
    contract: Option<String>,
    declarer: Option<String>,
    /// `=`, `+1`, `-2` or `passed out`.
    result: Option<String>,
    score: Option<i32>,
    score_stated: Option<i32>,
    matchpoints: Option<u32>,
    percent: Option<f64>,
    imps: Option<i32>,
    north_south: Option<String>,
    east_west: Option<String>,
}

#[derive(Serialize)]
struct MatchReport {
    board: Option<String>,
    teams: Option<[String; 2]>,
    records: [usize; 2],
    scores: [Option<i32>; 2],
    /// IMPs to the first team (North-South at the first table).
    swing: Option<i32>,
    /// The first team's IMPs less the second's in this match so far.
    running: i32,
}

#[derive(Serialize)]
struct DisagreementReport {
    record: usize,
    line: u32,
    column: u32,
    tag: &'static str,
    message: String,
}

/// Prints the results of `path`; 1 when a stated result disagrees, a
/// Preferans game's among them.
pub fn results(path: &Path, as_json: bool, out: &mut impl Write, err: &mut impl Write) -> io::Result<i32> {
    let archive = match Archive::open(path) {
        Ok(a) => a,
        Err(e) => {
            writeln!(err, "{e}")?;
            return Ok(2);
        }
    };
    let records: Vec<Record> = archive.records().collect();
    let report = Report::new(&records, &archive.bytes, archive.format);
    if as_json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&report).map_err(io::Error::other)?
        )?;
    } else {
        report.write(&path.display().to_string(), out)?;
    }
    let differs = (report.preferans_sheets.iter().flat_map(|s| &s.differences)).any(|d| d.tag.is_some());
    Ok(i32::from(!report.disagreements.is_empty() || differs))
}

fn standings_group(g: scoring::StandingGroup) -> StandingsGroup {
    let rows = g.rows.into_iter().map(|s| StandingRow {
        name: s.name,
        boards: s.boards,
        score: s.score,
    });
    StandingsGroup {
        title: g.title,
        rows: rows.collect(),
    }
}

/// A group of the computed standings, under its title where it has one.
fn write_group(group: &StandingsGroup, unit: &str, out: &mut impl Write) -> io::Result<()> {
    if let Some(title) = &group.title {
        writeln!(out, "  {}", printable(title))?;
    }
    for (i, row) in group.rows.iter().enumerate() {
        let boards = match row.boards {
            1 => "1 board".to_string(),
            n => format!("{n} boards"),
        };
        writeln!(
            out,
            "  {:>3}. {:<40} {boards:>10} {:>8.2}{unit}",
            i + 1,
            printable(&row.name),
            row.score
        )?;
    }
    Ok(())
}

impl Report {
    pub fn new(records: &[Record], bytes: &[u8], format: SourceFormat) -> Report {
        let standings = scoring::standings(records);
        let entries: Vec<Entry> = records.iter().map(Entry::of).collect();
        let boards = scoring::group(&entries)
            .iter()
            .filter(|tables| records[tables[0]].bridge().is_some())
            .map(|tables| board_report(records, &scoring::compare(&entries, tables)))
            .collect();
        Report {
            stated_standings: standings.stated.map(|t: TagTable| StatedTable {
                columns: t.columns,
                rows: t.rows,
            }),
            standings: standings.computed.map(|(basis, groups)| ComputedStandings {
                basis: match basis {
                    Basis::Matchpoints => "matchpoints",
                    Basis::Imps => "imps",
                    Basis::Butler => "butler",
                },
                groups: groups.into_iter().map(standings_group).collect(),
            }),
            boards,
            matches: match_reports(records),
            pinochle_hands: game_log(records),
            preferans_sheets: sheets(records),
            disagreements: disagreement_reports(records, bytes, format),
        }
    }
}

fn board_report(records: &[Record], board: &BoardResults) -> BoardReport {
    let stated_tables: Vec<ScoreRow> = (board.tables.iter())
        .flat_map(|t| scoring::stated_tables(&records[t.record]))
        .collect();
    // A record that only carries the board's ScoreTable is no table.
    let mut tables: Vec<TableReport> = (board.tables.iter())
        .map(|t| table_report(&records[t.record], t))
        .filter(|t| stated_tables.is_empty() || t.contract.is_some() || t.score.is_some())
        .collect();
    tables.sort_by_key(|t| std::cmp::Reverse(t.score.unwrap_or(i32::MIN)));
    BoardReport {
        board: records[board.tables[0].record]
            .board
            .as_ref()
            .map(|b| b.number.clone()),
        top: board.top,
        datum: board.datum,
        tables,
        stated_tables,
    }
}

fn table_report(r: &Record, t: &TableResult) -> TableReport {
    TableReport {
        record: r.number,
        contract: r.contract_text(),
        declarer: r.declarer().map(|s| s.to_string()),
        result: r.result_text(),
        score: r.score(),
        score_stated: r.score_stated(),
        matchpoints: t.matchpoints,
        // A board played at one table in the file has only the percentage
        // its program states (BBO Helper's ScorePercentage).
        percent: t.percent.or_else(|| r.percent_stated()),
        imps: t.imps,
        north_south: scoring::pair_names(r, Seat::North, Seat::South),
        east_west: scoring::pair_names(r, Seat::East, Seat::West),
    }
}

/// The match boards in order, each match (the same two teams) with its
/// own running score.
fn match_reports(records: &[Record]) -> Vec<MatchReport> {
    let mut running: std::collections::HashMap<Option<[String; 2]>, i32> = Default::default();
    scoring::match_boards(records)
        .into_iter()
        .map(|m| {
            let first = &records[m.tables[0]];
            let teams = Entry::of(first).teams;
            let running = running.entry(teams.clone()).or_default();
            *running += m.swing.unwrap_or(0);
            MatchReport {
                board: first.board.as_ref().map(|b| b.number.clone()),
                teams,
                records: m.tables.map(|i| records[i].number),
                scores: m.scores,
                swing: m.swing,
                running: *running,
            }
        })
        .collect()
}

/// Each disagreement at the line of the tag or label that states it.
fn disagreement_reports(records: &[Record], bytes: &[u8], format: SourceFormat) -> Vec<DisagreementReport> {
    let notation = reading::of(format);
    scoring::disagreements(records)
        .into_iter()
        .map(|d| {
            let r = &records[d.record];
            let tag = notation.stated_tag(d.stated);
            let line = tag.and_then(|t| tag_line(bytes, r.line, t)).unwrap_or(r.line);
            DisagreementReport {
                record: r.number,
                line,
                column: 1,
                tag: tag.unwrap_or_default(),
                message: d.message,
            }
        })
        .collect()
}

/// The line, from the record's first on, that starts with the tag (PBN's
/// `[Tag `) or label (RBN's `R `).
fn tag_line(bytes: &[u8], from: u32, tag: &str) -> Option<u32> {
    let text = String::from_utf8_lossy(bytes);
    let (pbn, rbn) = (format!("[{tag} "), format!("{tag} "));
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1) as usize)
        .find(|(_, l)| l.starts_with(&pbn) || (tag.len() == 1 && l.starts_with(&rbn)))
        .map(|(i, _)| i as u32 + 1)
}

impl Report {
    fn write(&self, file: &str, out: &mut impl Write) -> io::Result<()> {
        if let Some(t) = &self.stated_standings {
            writeln!(out, "Standings (as the file states them)")?;
            let heading: Vec<String> = t.columns.iter().map(|c| printable(c)).collect();
            let rows: Vec<Vec<String>> = (t.rows.iter())
                .map(|r| r.iter().map(|c| printable(c)).collect())
                .collect();
            write_aligned(&heading, &rows, out)?;
        }
        if let Some(s) = &self.standings {
            let (title, unit) = match s.basis {
                "imps" => ("IMPs per team", " IMPs"),
                "butler" => ("IMPs per pair against the datum, Butler", " IMPs"),
                _ => ("matchpoints per pair, Neuberg", "%"),
            };
            writeln!(out, "Standings (computed: {title})")?;
            for group in &s.groups {
                write_group(group, unit, out)?;
            }
        }
        for board in &self.boards {
            write_board(board, out)?;
        }
        write_matches(&self.matches, out)?;
        write_hands(&self.pinochle_hands, out)?;
        for line in paper::all_lines(&self.preferans_sheets, SHEET_WIDTH) {
            writeln!(out, "{}", line.trim_end())?;
        }
        for d in &self.disagreements {
            writeln!(out, "{file}:{}:{}: {}", d.line, d.column, printable(&d.message))?;
        }
        Ok(())
    }
}

fn signed(n: Option<i32>) -> String {
    n.map_or("-".to_string(), |n| format!("{n:+}"))
}

fn write_board(board: &BoardReport, out: &mut impl Write) -> io::Result<()> {
    let name = board.board.as_deref().unwrap_or("?");
    if !board.stated_tables.is_empty() && board.tables.is_empty() {
        let tables = board.stated_tables.len();
        let s = if tables == 1 { "" } else { "s" };
        writeln!(
            out,
            "Board {}: {tables} table{s}, as the file states them",
            printable(name)
        )?;
        return write_stated(&board.stated_tables, out);
    }
    let tables = board.tables.len();
    write!(
        out,
        "Board {}: {tables} table{}",
        printable(name),
        if tables == 1 { "" } else { "s" }
    )?;
    if tables > 1 {
        write!(out, ", top {}, datum {}", board.top, signed(board.datum))?;
    }
    writeln!(out)?;
    for t in &board.tables {
        let contract = t.contract.as_deref().unwrap_or("-");
        let percent = t.percent.map_or("-".to_string(), |p| format!("{p:.2}%"));
        let players = match (&t.north_south, &t.east_west) {
            (Some(ns), Some(ew)) => format!("  {} v {}", printable(ns), printable(ew)),
            _ => String::new(),
        };
        writeln!(
            out,
            "  #{:<5} {:<6} {:<2} {:<10} {:>6} {:>4} {:>8} {:>4} IMPs{players}",
            t.record,
            printable(contract),
            t.declarer.as_deref().unwrap_or("-"),
            t.result.as_deref().unwrap_or("-"),
            signed(t.score),
            t.matchpoints.map_or("-".to_string(), |m| m.to_string()),
            percent,
            signed(t.imps),
        )?;
    }
    Ok(())
}

/// The tables of a board as its ScoreTable states them, in aligned
/// columns.
fn write_stated(rows: &[ScoreRow], out: &mut impl Write) -> io::Result<()> {
    let (heading, rows) = scoring::score_grid(rows);
    let printed = |cells: Vec<String>| cells.iter().map(|c| printable(c)).collect::<Vec<_>>();
    let rows: Vec<Vec<String>> = rows.into_iter().map(printed).collect();
    write_aligned(&printed(heading), &rows, out)
}

/// Rows under a heading, each column as wide as its widest cell, numbers
/// to the right.
fn write_aligned(heading: &[String], rows: &[Vec<String>], out: &mut impl Write) -> io::Result<()> {
    let number = |s: &str| s.trim_start_matches('+').parse::<f64>().is_ok();
    let widths: Vec<usize> = (0..heading.len())
        .map(|c| {
            let widest = rows
                .iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max();
            widest.unwrap_or(0).max(heading[c].chars().count())
        })
        .collect();
    let numeric: Vec<bool> = (0..heading.len())
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .all(|s| s == "-" || number(s))
        })
        .collect();
    let line = |row: &[String]| {
        let padded: Vec<String> = (row.iter().zip(&widths).zip(&numeric))
            .map(|((cell, &w), &right)| {
                if right {
                    format!("{cell:>w$}")
                } else {
                    format!("{cell:<w$}")
                }
            })
            .collect();
        format!("  {}", padded.join("  ").trim_end())
    };
    writeln!(out, "{}", line(heading))?;
    for row in rows {
        writeln!(out, "{}", line(row))?;
    }
    Ok(())
}

fn write_matches(matches: &[MatchReport], out: &mut impl Write) -> io::Result<()> {
    if matches.is_empty() {
        return Ok(());
    }
    writeln!(out, "Team match boards (IMPs to the first team)")?;
    for m in matches {
        let teams = m.teams.as_ref().map_or(String::new(), |[a, b]| {
            format!("{} v {}: ", printable(a), printable(b))
        });
        writeln!(
            out,
            "  Board {:<4} {teams}{} and {}, swing {}, running {:+}",
            printable(m.board.as_deref().unwrap_or("?")),
            signed(m.scores[0]),
            signed(m.scores[1]),
            signed(m.swing),
            m.running,
        )?;
    }
    Ok(())
}

/// A Pinochle game: `Hand 2  N-S 62 +35 = 97  E-W -60 +12 = -48`.
fn write_hands(hands: &[HandLine], out: &mut impl Write) -> io::Result<()> {
    if hands.is_empty() {
        return Ok(());
    }
    writeln!(out, "Pinochle game, hand by hand (before, scored, after)")?;
    let plain = |n: Option<i32>| n.map_or("?".to_string(), |n| n.to_string());
    let signed = |n: Option<i32>| n.map_or("?".to_string(), |n| format!("{n:+}"));
    for h in hands {
        let teams: Vec<String> = (0..h.teams.len())
            .map(|t| {
                format!(
                    "{} {} {} = {}",
                    h.teams[t],
                    plain(h.before[t]),
                    signed(h.scored[t]),
                    plain(h.after[t])
                )
            })
            .collect();
        let hand = printable(h.hand.as_deref().unwrap_or("?"));
        writeln!(out, "  Hand {hand:<4} {}", teams.join("  "))?;
    }
    Ok(())
}
