//! The record list: a row per board (both tables of a pair on one row) and
//! a preview of the deal under the cursor.

use ratatui::buffer::Buffer;
use ratatui::layout::Constraint;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Row, Table, Widget};

use super::hands::HandDiagram;
use crate::model::{Deal, Game, HandCard, Outcome, Record, Rules, Seat, SeatMap, Suit};
use crate::replay;
use crate::ui::app::App;
use crate::ui::layout::ListAreas;
use crate::ui::order;
use crate::ui::seating::Seating;
use crate::ui::suitwords;
use crate::ui::theme::{Theme, rank_text, sanitize};
use crate::ui::view::header::contract_short;

fn players(r: &Record) -> String {
    let Some(p) = &r.players else { return String::new() };
    let table = usize::from(r.table == Some(2) && p.tables.len() > 1);
    let Some(names) = p.tables.get(table) else {
        return String::new();
    };
    let pair = |a, b| {
        let (a, b): (&String, &String) = (&names[a], &names[b]);
        [a.as_str(), b.as_str()]
            .iter()
            .filter(|s| !s.is_empty())
            .copied()
            .collect::<Vec<_>>()
            .join("-")
    };
    use crate::model::Seat::*;
    let sides = [pair(North, South), pair(West, East)];
    sides
        .iter()
        .filter(|s| !s.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" v ")
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

fn result(r: &Record) -> String {
    match r.result().and_then(|r| r.outcome) {
        Some(Outcome::Tricks(n)) => n.to_string(),
        Some(Outcome::PassedOut) => "passed".to_string(),
        None => String::new(),
    }
}

/// The contract in the game's own words: `5♥× N`, `Hearts 3` (the main
/// player's number), `250 ♥ N`.
fn contract_cell(r: &Record, theme: Theme) -> Line<'static> {
    let seat = |s: Option<Seat>| s.map(|s| s.to_string()).unwrap_or_default();
    match &r.game {
        Game::Bridge(b) => Line::from(b.contract.map(|c| contract_short(&c, theme)).unwrap_or_default()),
        Game::Preferans(p) => {
            let main = p.main.and_then(|m| r.rules().player_number(m));
            let main = main.map(|n| format!(" {n}")).unwrap_or_default();
            Line::raw(p.contract.map(|c| c.name() + &main).unwrap_or_default())
        }
        Game::Pinochle(p) => {
            let trump = p.trump.map(|s| theme.suit(s)).unwrap_or_default();
            let bid = p.contract.as_deref().map(sanitize).unwrap_or_default();
            Line::raw(format!("{bid} {trump} {}", seat(r.declarer())).trim().to_string())
        }
    }
}

/// North-South's score, and on a team-match board's first row the swing
/// to the team North-South there.
fn score_cells(r: &Record, second: Option<&Record>) -> [Line<'static>; 2] {
    let score = r.comparable_score().map(|s| format!("{s:+}")).unwrap_or_default();
    let swing = second.and_then(|second| order::swing(r, second));
    let swing = swing.map(|s| format!("{s:+}")).unwrap_or_default();
    [Line::raw(score).right_aligned(), Line::raw(swing).right_aligned()]
}

/// A record's row; the second table of a pair goes under the first as its
/// continuation, so that the two read as one board. `second` is the
/// record at table 2 when this one is at table 1.
fn row_cells(r: &Record, second: Option<&Record>, digits: usize, theme: Theme) -> Vec<Line<'static>> {
    let mark = if r.problems.is_empty() {
        Span::raw(" ")
    } else {
        Span::styled("!", theme.warning())
    };
    let number = Line::from(vec![mark, Span::raw(format!("{:>digits$}", r.number))]);
    // A quiz's contract, result and score are its answer.
    let (contract, result, [score, swing]) = if replay::asks(r) {
        (
            Line::styled("quiz", theme.accent()),
            String::new(),
            Default::default(),
        )
    } else {
        (contract_cell(r, theme), result(r), score_cells(r, second))
    };
    if r.table == Some(2) {
        return vec![
            number,
            Line::styled("↳ table 2", theme.dim()),
            Line::raw(""),
            from_file(&players(r), theme),
            contract,
            Line::raw(result),
            score,
            swing,
        ];
    }
    vec![
        number,
        Line::raw(sanitize(
            &r.board.as_ref().map(ToString::to_string).unwrap_or_default(),
        )),
        from_file(&heading(r), theme),
        from_file(&players(r), theme),
        contract,
        Line::raw(result),
        score,
        swing,
    ]
}

/// The file column's width: the longest short name, within reason.
fn file_width(app: &App) -> u16 {
    let names = (0..app.catalog().files()).filter_map(|f| app.catalog().file_name(f));
    names.map(|n| n.chars().count()).max().unwrap_or(4).clamp(4, 16) as u16
}

/// The row at list position `at` (a placeholder while its record is
/// being found), with its file's short name after the number when there
/// are several files.
fn list_row(app: &App, at: usize, digits: usize) -> Row<'static> {
    let (theme, catalog) = (app.theme(), app.catalog());
    let i = app.record_at(at);
    let second = |r: &Record| (r.table == Some(1)).then(|| catalog.get(i + 1)).flatten();
    let mut cells = catalog.get(i).map_or_else(
        || vec![Line::styled("     …", theme.dim())],
        |r| row_cells(r, second(r), digits, theme),
    );
    if catalog.files() > 1 {
        let name = catalog.file_of(i).map(|(n, _)| sanitize(n)).unwrap_or_default();
        cells.insert(1, Line::styled(name, theme.dim()));
    }
    let row = Row::new(cells);
    if at == app.selected() {
        row.style(theme.highlight())
    } else {
        row
    }
}

pub fn render_list(app: &App, areas: &ListAreas, buf: &mut Buffer) {
    let theme = app.theme();
    let rows = areas.table.height.saturating_sub(1) as usize;
    let end = (app.offset() + rows).min(app.catalog().len());
    // The number column fits the largest number, and never less than five.
    let digits = app.catalog().len().to_string().len().max(5);
    let table_rows: Vec<Row> = (app.offset()..end).map(|at| list_row(app, at, digits)).collect();
    let mut widths = vec![
        Constraint::Length(digits as u16 + 1),
        Constraint::Length(9),
        Constraint::Fill(3),
        Constraint::Fill(2),
        Constraint::Length(10),
        Constraint::Length(6),
        Constraint::Length(5),
        Constraint::Length(5),
    ];
    let number = format!("{:>width$}", "#", width = digits + 1);
    let mut header = vec![
        number.as_str(),
        "Board",
        "Event / title",
        "Players",
        "Contract",
        "Tricks",
        "N-S",
        "IMPs",
    ];
    if app.catalog().files() > 1 {
        widths.insert(1, Constraint::Length(file_width(app)));
        header.insert(1, "File");
    }
    Table::new(table_rows, widths)
        .header(Row::new(header).style(theme.strong()))
        .column_spacing(1)
        .render(areas.table, buf);
    if let Some(r) = app.catalog().get(app.record_at(app.selected())) {
        render_preview(r, areas, theme, buf);
    }
}

fn render_preview(r: &Record, areas: &ListAreas, theme: Theme, buf: &mut Buffer) {
    let block = Block::bordered().title(" Deal ");
    let inner = block.inner(areas.preview);
    block.render(areas.preview, buf);
    let Some(deal) = &r.deal else {
        Paragraph::new(Line::styled("no hands", theme.dim())).render(inner, buf);
        return;
    };
    if !areas.full_preview {
        Paragraph::new(compact_hands(deal, theme)).render(inner, buf);
        return;
    }
    let diagram = HandDiagram {
        deal: Some(deal),
        hands: &deal.hands,
        dealt: &deal.hands,
        spots: &SeatMap::default(),
        show_played: false,
        face_down: deal.hidden,
        names: SeatMap::default(),
        dealer: r.dealer(),
        first: None,
        vulnerability: r.vulnerability(),
        trick: &[],
        winner: None,
        to_play: None,
        talon: None,
        marks: None,
        hcp: true,
        seating: Seating::default(),
        theme,
    };
    (&diagram).render(inner, buf);
}

/// A line a hand, suit after suit, where the preview is too small for the
/// diagram.
fn compact_hands(deal: &Deal, theme: Theme) -> Vec<Line<'static>> {
    let seats = Rules::Bridge.seats().iter().filter(|&&s| deal.given.contains(s));
    seats
        .map(|&seat| {
            let mut spans = vec![Span::styled(format!("{:<6}", seat.name()), theme.strong())];
            if deal.hidden.contains(seat) {
                let count = format!("{} cards, hidden", deal.hands[seat].len());
                spans.push(Span::styled(count, theme.dim()));
                return Line::from(spans);
            }
            for suit in Suit::DESCENDING {
                let ranks: String = deal.hands[seat]
                    .suit_cards(suit, deal.game)
                    .iter()
                    .map(|c| match c {
                        HandCard::Known(card) => rank_text(card.rank),
                        other => other.rank_char().to_string(),
                    })
                    .collect();
                let ranks = if ranks.is_empty() {
                    "—".to_string()
                } else {
                    ranks
                };
                spans.push(Span::styled(
                    format!("{} ", theme.suit(suit)),
                    theme.suit_style(suit),
                ));
                spans.push(Span::raw(format!("{ranks:<9}")));
            }
            Line::from(spans)
        })
        .collect()
}
