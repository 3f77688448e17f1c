//! The record list: a row per record (a match's second table under its
//! first), its columns sized to the rows on screen, and a preview of the
//! deal under the cursor.

use ratatui::buffer::Buffer;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::found;
use super::grid::Grid;
use super::preview::render_preview;
use super::scene::Scene;
use crate::model::{Game, Outcome, Record, Seat, Vulnerability};
use crate::replay;
use crate::scoring::pinochle;
use crate::ui::keys::Mode;
use crate::ui::layout::ListAreas;
use crate::ui::order;
use crate::ui::suitwords;
use crate::ui::theme::{Theme, sanitize};
use crate::ui::view::header::{self, contract_short};
use crate::ui::view::seat_label::seat_word;

/// The list's columns, in order. A column that no row on screen fills is
/// left out, so that the room goes to the ones that say something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Number,
    File,
    Board,
    Dealer,
    Vulnerable,
    Heading,
    Players,
    Contract,
    Result,
    Score,
    Swing,
}

const COLUMNS: [Column; 11] = [
    Column::Number,
    Column::File,
    Column::Board,
    Column::Dealer,
    Column::Vulnerable,
    Column::Heading,
    Column::Players,
    Column::Contract,
    Column::Result,
    Column::Score,
    Column::Swing,
];

impl Column {
    /// The column's heading; a list of Preferans deals only in that game's
    /// words: its deals, and the bula the main player's deal moves.
    fn heading(self, preferans: bool) -> &'static str {
        match self {
            Column::Board if preferans => "Deal",
            Column::Score if preferans => "Bula",
            Column::Number => "#",
            Column::File => "File",
            Column::Board => "Board",
            Column::Dealer => "Dlr",
            Column::Vulnerable => "Vul",
            Column::Heading => "Event",
            Column::Players => "Players",
            Column::Contract => "Contract",
            Column::Result => "Result",
            Column::Score => "N-S",
            Column::Swing => "IMPs",
        }
    }

    /// Text of any length: these share the room the others leave.
    fn flexible(self) -> bool {
        matches!(self, Column::Heading | Column::Players)
    }

    /// The most a fixed column takes: a file's short name, within reason.
    fn widest(self) -> usize {
        if self == Column::File { 16 } else { usize::MAX }
    }

    /// Columns whose text the search looks in.
    fn searched(self) -> bool {
        matches!(
            self,
            Column::Board | Column::Heading | Column::Players | Column::Contract
        )
    }
}

type Cells = [Line<'static>; COLUMNS.len()];

fn players(r: &Record) -> String {
    let Some(p) = &r.players else { return String::new() };
    if let Game::Preferans(pref) = &r.game {
        return preferans_players(r, pref);
    }
    let table = usize::from(r.table == Some(2) && p.tables.len() > 1);
    let Some(names) = p.tables.get(table) else {
        return String::new();
    };
    let side = |seats: &[Seat]| {
        let named: Vec<&str> = seats
            .iter()
            .map(|&s| names[s].as_str())
            .filter(|s| !s.is_empty())
            .collect();
        named.join("-")
    };
    // Pinochle's teams, every player of them; bridge's two pairs.
    let sides: Vec<String> = match &r.game {
        Game::Pinochle(p) => p.teams().iter().map(|t| side(t)).collect(),
        _ => vec![side(&[Seat::North, Seat::South]), side(&[Seat::West, Seat::East])],
    };
    let named: Vec<&String> = sides.iter().filter(|s| !s.is_empty()).collect();
    named.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" v ")
}

/// A Preferans deal's players: the main player against the other two
/// (`cveta v ana, boris`), or the three in their numbers' order.
fn preferans_players(r: &Record, p: &crate::model::Preferans) -> String {
    let name = |s| super::bidding::player_name(r, s);
    let seats = r.rules().seats();
    let others = |main: Option<Seat>| -> Vec<String> {
        seats
            .iter()
            .filter(|&&s| Some(s) != main)
            .map(|&s| name(s))
            .collect()
    };
    match p.main.filter(|_| p.contract.is_some()) {
        Some(main) => format!("{} v {}", name(main), others(Some(main)).join(", ")),
        None => others(None).join(", "),
    }
}

fn heading(r: &Record) -> String {
    let title = r
        .title
        .as_ref()
        .map(|t| t.first.as_str())
        .filter(|t| !t.is_empty());
    let event = r.event.as_ref().map(|e| e.first.as_str());
    title.or(event).unwrap_or("").to_string()
}

/// Text from the file, suits in it drawn as suits.
fn from_file(text: &str, theme: Theme) -> Line<'static> {
    Line::from(suitwords::symbols(text, Style::new(), theme))
}

/// Tricks against the contract (`=`, `+1`, `-2`), or the tricks taken
/// where the contract cannot be scored.
fn result(r: &Record) -> String {
    match (r.result_text(), r.result().and_then(|r| r.outcome)) {
        (_, Some(Outcome::PassedOut)) => "passed".to_string(),
        (Some(text), _) => text,
        (None, Some(Outcome::Tricks(n))) => format!("{n} tricks"),
        (None, None) => String::new(),
    }
}

/// The contract in the game's own words: `5♥× N`, `Hearts 3` (the main
/// player's number), `250 ♥ N`.
fn contract_cell(r: &Record, theme: Theme) -> Line<'static> {
    let seat = |s: Option<Seat>| s.map(|s| s.to_string()).unwrap_or_default();
    match &r.game {
        Game::Bridge(b) => Line::from(b.contract.map(|c| contract_short(&c, theme)).unwrap_or_default()),
        // The main player leads the Players cell.
        Game::Preferans(p) => Line::raw(p.contract.map(|c| c.name()).unwrap_or_default()),
        Game::Pinochle(p) => {
            let trump = p.trump.map(|s| theme.suit(s)).unwrap_or_default();
            let bid = p.contract.map(|c| c.to_string()).unwrap_or_default();
            Line::raw(format!("{bid} {trump} {}", seat(r.declarer())).trim().to_string())
        }
    }
}

/// A Preferans deal's row: the contract and its main player, made or
/// failed, and what goes on or off the main player's bula.
fn preferans_cells(r: &Record, p: &crate::model::Preferans, theme: Theme) -> [Line<'static>; 4] {
    let settled = p.settle_play(r.play.as_ref());
    let result = match (&settled, p.contract) {
        (Some(s), _) => if s.made { "made" } else { "failed" }.to_string(),
        (None, None) if !p.bids.is_empty() => "passed".to_string(),
        _ => String::new(),
    };
    let bula = settled.map(|s| {
        if s.made {
            format!("-{}", s.value)
        } else {
            format!("+{}", s.value)
        }
    });
    [
        contract_cell(r, theme),
        Line::raw(result),
        Line::raw(bula.unwrap_or_default()).right_aligned(),
        Line::raw(""),
    ]
}

/// A Pinochle hand's row: the contract, and how the hand came out with
/// what it scored team by team as the score tags write them (`Set
/// 62:-60`), worked out where kibitzer knows the chart.
fn pinochle_cells(r: &Record, p: &crate::model::Pinochle, theme: Theme) -> [Line<'static>; 4] {
    let worked = pinochle::work_out(r, &replay::Timeline::new(r));
    let outcome = pinochle::outcome(p, worked.as_ref()).map(|o| o.name().to_string());
    let hand = pinochle::hand_scores(p, worked.as_ref()).map(|h| super::pinochle::written(&h).join(":"));
    let result: Vec<String> = [outcome, hand].into_iter().flatten().collect();
    [
        contract_cell(r, theme),
        Line::raw(result.join(" ")),
        Line::raw(""),
        Line::raw(""),
    ]
}

/// What the play decided: the contract, its result, North-South's score,
/// and on a team-match board's first row the swing to the team
/// North-South there.
fn outcome_cells(r: &Record, second: Option<&Record>, theme: Theme) -> [Line<'static>; 4] {
    // A quiz's contract, result and score are its answer.
    if replay::asks(r) {
        let empty = || Line::raw("");
        return [Line::styled("quiz", theme.accent()), empty(), empty(), empty()];
    }
    if let Game::Preferans(p) = &r.game {
        return preferans_cells(r, p, theme);
    }
    if let Game::Pinochle(p) = &r.game {
        return pinochle_cells(r, p, theme);
    }
    if header::placeholder_result(r) {
        let no_play = Line::styled("no play", theme.dim());
        return [contract_cell(r, theme), no_play, Line::raw(""), Line::raw("")];
    }
    let signed = |s: i32| if s == 0 { "0".to_string() } else { format!("{s:+}") };
    let score = r.comparable_score().map(signed).unwrap_or_default();
    let swing = second.and_then(|second| order::swing(r, second));
    let swing = swing.map(|s| format!("{s:+}")).unwrap_or_default();
    [
        contract_cell(r, theme),
        Line::raw(result(r)),
        Line::raw(score).right_aligned(),
        Line::raw(swing).right_aligned(),
    ]
}

/// The vulnerable sides, in the warning colour when any side is.
fn vulnerable_cell(r: &Record, theme: Theme) -> Line<'static> {
    match r.vulnerability() {
        None => Line::raw(""),
        Some(Vulnerability::None) => Line::styled("–", theme.dim()),
        Some(v) => {
            let text = match v {
                Vulnerability::NorthSouth => "N-S",
                Vulnerability::EastWest => "E-W",
                Vulnerability::Both => "all",
                _ => "any",
            };
            Line::styled(text, theme.warning())
        }
    }
}

/// A record's cells; the second table of a pair goes under the first as
/// its continuation, so that the two read as one board. `second` is the
/// record at table 2 when this one is at table 1.
fn row_cells(r: &Record, second: Option<&Record>, theme: Theme) -> Cells {
    let mark = if r.problems.is_empty() {
        Span::raw(" ")
    } else {
        Span::styled("!", theme.warning())
    };
    let number = Line::from(vec![mark, Span::raw(r.number.to_string())]).right_aligned();
    let [contract, result, score, swing] = outcome_cells(r, second, theme);
    let players = from_file(&players(r), theme);
    if r.table == Some(2) {
        let empty = || Line::raw("");
        let table = Line::styled("↳ table 2", theme.dim());
        return [
            number,
            empty(),
            empty(),
            empty(),
            empty(),
            table,
            players,
            contract,
            result,
            score,
            swing,
        ];
    }
    let board = r.board.as_ref().map(ToString::to_string).unwrap_or_default();
    [
        number,
        Line::raw(""),
        Line::raw(sanitize(&board)),
        Line::raw(
            r.dealer()
                .map(|d| seat_word(r.rules(), d, true))
                .unwrap_or_default(),
        ),
        vulnerable_cell(r, theme),
        from_file(&heading(r), theme),
        players,
        contract,
        result,
        score,
        swing,
    ]
}

/// The cells of list row `at` (a placeholder while its record is being
/// found), with its file's short name when there are several files and
/// the search's words marked.
fn list_cells(scene: &Scene, at: usize) -> Cells {
    let (theme, catalog) = (scene.theme, scene.catalog);
    let i = scene.list.record_at(at);
    let second = |r: &Record| (r.table == Some(1)).then(|| catalog.get(i + 1)).flatten();
    let Some(r) = catalog.get(i) else {
        let mut cells: Cells = Default::default();
        cells[0] = Line::styled("…", theme.dim()).right_aligned();
        return cells;
    };
    let mut cells = row_cells(r, second(r), theme);
    if catalog.files() > 1 {
        let name = catalog.file_of(i).map(|(n, _)| sanitize(n)).unwrap_or_default();
        cells[1] = Line::styled(name, theme.dim());
    }
    let words: Vec<String> = scene.query.split_whitespace().map(str::to_lowercase).collect();
    for (cell, column) in cells.iter_mut().zip(COLUMNS) {
        if column.searched() && !words.is_empty() {
            *cell = found::marked(std::mem::take(cell), &words, found::style(theme));
        }
    }
    cells
}

/// Each column's width, or None to leave it out: the widest cell on
/// screen (or the heading); the flexible columns share what is left,
/// each taking no more than it needs while the other is short of room.
/// Where Event would get too few columns to be read, Players has them.
fn widths(rows: &[Cells], room: u16) -> Vec<Option<u16>> {
    let mut widths: Vec<Option<u16>> = COLUMNS
        .iter()
        .enumerate()
        .map(|(c, column)| {
            let widest = rows.iter().map(|r| r[c].width()).max().unwrap_or(0);
            let shown = widest > 0 || *column == Column::Number;
            let heading = column.heading(false).len().max(column.heading(true).len());
            shown.then(|| widest.min(column.widest()).max(heading) as u16)
        })
        .collect();
    let wanted = widths.clone();
    share(&mut widths, room);
    let event = COLUMNS.iter().position(|&c| c == Column::Heading).unwrap_or(0);
    let players = COLUMNS.iter().position(|&c| c == Column::Players).unwrap_or(0);
    if widths[event].is_some_and(|w| w < 8) && widths[players].is_some() {
        widths = wanted;
        widths[event] = None;
        share(&mut widths, room);
    }
    give_file_names_the_rest(&mut widths, rows, room);
    widths
}

/// A file's name is held to a few columns so that the others have room;
/// what room is left over once they have it goes back to the name.
fn give_file_names_the_rest(widths: &mut [Option<u16>], rows: &[Cells], room: u16) {
    let file = COLUMNS.iter().position(|&c| c == Column::File).unwrap_or(0);
    let Some(width) = widths[file] else { return };
    let full = rows.iter().map(|r| r[file].width()).max().unwrap_or(0) as u16;
    let spacing = widths.iter().flatten().count().saturating_sub(1) as u16;
    let used = widths.iter().flatten().sum::<u16>() + spacing;
    let spare = room.saturating_sub(used);
    widths[file] = Some(width + spare.min(full.saturating_sub(width)));
}

/// Gives the flexible columns what the others leave of the room.
fn share(widths: &mut [Option<u16>], room: u16) {
    let fixed = COLUMNS.iter().zip(widths.iter()).filter(|(c, _)| !c.flexible());
    let spacing = widths.iter().flatten().count().saturating_sub(1) as u16;
    let taken = fixed.filter_map(|(_, w)| *w).sum::<u16>() + spacing;
    let mut left = room.saturating_sub(taken);
    let mut flexible: Vec<usize> = (0..COLUMNS.len())
        .filter(|&c| COLUMNS[c].flexible() && widths[c].is_some())
        .collect();
    flexible.sort_by_key(|&c| widths[c]);
    let count = flexible.len();
    for (k, c) in flexible.into_iter().enumerate() {
        let share = left / (count - k) as u16;
        let width = widths[c].unwrap_or(0).min(share);
        widths[c] = Some(width);
        left -= width;
    }
}

pub fn render_list(scene: &Scene, areas: &ListAreas, buf: &mut Buffer) {
    let theme = scene.theme;
    let rows = areas.table.height.saturating_sub(1) as usize;
    let end = (scene.list.offset() + rows).min(scene.list.len(scene.catalog.len()));
    let cells: Vec<Cells> = (scene.list.offset()..end)
        .map(|at| list_cells(scene, at))
        .collect();
    let widths = widths(&cells, areas.table.width);
    let shown = |cells: Cells| -> Vec<Line<'static>> {
        cells
            .into_iter()
            .zip(&widths)
            .filter(|(_, w)| w.is_some())
            .map(|(c, _)| c)
            .collect()
    };
    let catalog = scene.catalog;
    let preferans = (scene.list.offset()..end).all(|at| {
        let record = catalog.get(scene.list.record_at(at));
        record.is_some_and(|r| r.preferans().is_some())
    });
    let mut heading: Cells = COLUMNS.map(|c| Line::raw(c.heading(preferans && end > scene.list.offset())));
    // The number column is always shown.
    heading[0] = std::mem::take(&mut heading[0]).right_aligned();
    let rows = cells.into_iter().enumerate().map(|(k, cells)| {
        let selected = scene.list.offset() + k == scene.list.selected();
        let style = if selected { theme.highlight() } else { Style::new() };
        (shown(cells), style)
    });
    Grid {
        widths: &widths.iter().flatten().copied().collect::<Vec<_>>(),
        heading: shown(heading),
        heading_style: theme.strong(),
        rows: rows.collect(),
    }
    .render(areas.table, buf);
    if scene.list.filtered() && end == scene.list.offset() {
        let said = if scene.filter_counting {
            "no record answers the filter yet"
        } else {
            "no record answers the filter"
        };
        let below = areas.table.inner(ratatui::layout::Margin::new(1, 1));
        Line::styled(said, theme.dim()).render(below, buf);
    }
    if let Some(r) = scene.catalog.get(scene.list.current()) {
        render_preview(r, areas, theme, buf);
    }
    filter_told(scene, areas.table, buf);
}

/// The filter the list shows and the search held for `n` and `N`, for
/// the right of the title row (the footer says each while it is typed).
pub fn search_place(scene: &Scene) -> Option<String> {
    let filter = (*scene.mode != Mode::Filter)
        .then(|| {
            Some(format!(
                "&{}  {}",
                sanitize(scene.filter.applied()?),
                scene.filtered.clone()?
            ))
        })
        .flatten();
    let search = (*scene.mode != Mode::Search)
        .then(|| Some(format!("/{}  {}", sanitize(scene.query), scene.matches.clone()?)))
        .flatten();
    let both: Vec<String> = [filter, search].into_iter().flatten().collect();
    (!both.is_empty()).then(|| both.join("   "))
}

/// The footer while a search or a board number is typed: what is typed,
/// and where it has led.
pub fn typing_footer(scene: &Scene) -> Option<Line<'static>> {
    let theme = scene.theme;
    if *scene.mode == Mode::Filter {
        return Some(filter_footer(scene));
    }
    let (prompt, typed, status) = match scene.mode {
        Mode::Search => (
            "/",
            scene.query,
            scene
                .message
                .map(str::to_string)
                .or_else(|| scene.matches.clone()),
        ),
        Mode::BoardNumber(typed) => ("board ", typed.as_str(), scene.message.map(str::to_string)),
        _ => return None,
    };
    let mut spans = vec![
        Span::styled(prompt, theme.accent()),
        Span::raw(sanitize(typed)),
        Span::raw("▏"),
    ];
    if let Some(status) = status {
        spans.push(Span::styled(format!("  {status}"), theme.dim()));
    }
    Some(Line::from(spans))
}

/// The footer while a filter is typed: the text, its mistake marked where
/// it is, and what was expected there; else how many records it lets
/// through.
fn filter_footer(scene: &Scene) -> Line<'static> {
    let theme = scene.theme;
    // Reversed, so that the mistake shows without colour too.
    let marked = theme.warning().add_modifier(Modifier::REVERSED);
    let text: Vec<char> = sanitize(scene.filter.text()).chars().collect();
    let error = scene.filter.error();
    // The mistake's column, counted from 1; past the end, the cursor's.
    let at = error.map_or(usize::MAX, |e| e.column - 1);
    let mut spans = vec![Span::styled("& ", theme.accent())];
    spans.push(Span::raw(text.iter().take(at).collect::<String>()));
    if let Some(&c) = text.get(at) {
        spans.push(Span::styled(c.to_string(), marked));
        spans.push(Span::raw(text.iter().skip(at + 1).collect::<String>()));
    }
    let cursor = if error.is_some() && at >= text.len() {
        marked
    } else {
        Style::new()
    };
    spans.push(Span::styled("▏", cursor));
    // A mistake is told above the line (`filter_told`), where it has
    // room; the line then says where the filter stands.
    spans.extend(
        scene
            .filtered
            .clone()
            .map(|s| Span::styled(format!("  {s}"), theme.dim())),
    );
    Line::from(spans)
}

/// While a filter is typed, its mistake on the list's last rows: what was
/// expected at the column marked on the filter line; else, where there is
/// one, the filter's notice (records without a double-dummy table).
fn filter_told(scene: &Scene, table: ratatui::layout::Rect, buf: &mut Buffer) {
    if *scene.mode != Mode::Filter {
        return;
    }
    let mistake = (scene.filter.error()).map(|e| format!("column {}: {}", e.column, sanitize(&e.message)));
    let Some(text) = mistake.or_else(|| scene.filter_notice.clone()) else {
        return;
    };
    // Room for the words wrapped, which may need a row more than the
    // characters.
    let chars = unicode_width::UnicodeWidthStr::width(text.as_str()) as u16;
    let rows = chars.div_ceil(table.width.max(1));
    let rows = (rows + u16::from(rows > 1)).min(table.height);
    let area = ratatui::layout::Rect {
        y: table.bottom() - rows,
        height: rows,
        ..table
    };
    ratatui::widgets::Clear.render(area, buf);
    let said = ratatui::widgets::Paragraph::new(Line::styled(text, scene.theme.warning()));
    said.wrap(ratatui::widgets::Wrap { trim: true }).render(area, buf);
}
