//! The deal view: the header, the hand diagram, the game's own panel (the
//! auction grid, Preferans's bidding, Pinochle's box), the trick table, the
//! notes and the footer, at one stop of the replay.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use super::auction::AuctionGrid;
use super::bidding::PrefBidding;
use super::hands::{CardMarks, HandDiagram, Talon};
use super::notes::NotesPane;
use super::pinochle::PinochleBox;
use super::results::BoardPane;
use super::swing::{self, SwingPane};
use super::tricks::TrickTable;
use super::{about, double_dummy, footer, header, makes};
use crate::model::{Game, Record, SeatMap};
use crate::replay::{Quiz, Shown};
use crate::ui::app::App;
use crate::ui::dd::Answer;
use crate::ui::deal::DealState;
use crate::ui::layout::{self, DealAreas};

pub fn render_deal(app: &App, deal: &DealState, area: Rect, buf: &mut Buffer) {
    let Some(record) = app.catalog().get(deal.record()) else {
        return;
    };
    let mut areas = layout::deal_areas(area);
    let shown = deal.shown(record);
    let header = vec![
        header::board_line(
            record,
            table_of(app, deal),
            &app.catalog().place(deal.record()),
            app.theme(),
        ),
        header::contract_line(record, &shown, app.theme()),
    ];
    Paragraph::new(header).render(areas.header, buf);
    (&diagram(app, record, deal, &shown)).render(areas.diagram, buf);
    render_results(app, record, deal, &shown, &mut areas, buf);
    if !areas.auction.is_empty() {
        render_game_panel(app, record, deal, areas.auction, buf);
    }
    (&TrickTable {
        steps: &deal.replay().timeline.steps[..deal.stop().cards],
        position: deal.position(),
        game: record.rules(),
        points: match &record.game {
            Game::Pinochle(p) => &p.trick_points[..],
            _ => &[],
        },
        costs: deal.dd().play(!deal.face_down().is_empty()),
        dd_now: double_dummy::now_line(record, deal, app.theme()).filter(|_| shown.quiz.is_none()),
        theme: app.theme(),
    })
        .render(areas.tricks, buf);
    render_notes(app, record, deal, &shown, &areas, buf);
    footer::deal_footer(app, record, deal, &shown, areas.footer.width).render(areas.footer, buf);
}

/// The deal's place among its board's tables, counted from 1, and how
/// many there are, when more than one.
fn table_of(app: &App, deal: &DealState) -> Option<(usize, usize)> {
    let board = app.board();
    let at = board.iter().position(|&i| i == deal.record())?;
    (board.len() > 1).then_some((at + 1, board.len()))
}

/// The board's results once the play is over, where the board was played
/// at more than one table: the match's swing, or every table compared.
/// On wide screens they stand above the notes, else in the trick table's
/// place (see `layout::results_place`); `areas` is left with what the rest
/// may fill, an empty place where nothing is to be drawn.
fn render_results(
    app: &App,
    record: &Record,
    deal: &DealState,
    shown: &Shown,
    areas: &mut DealAreas,
    buf: &mut Buffer,
) {
    let tables: Vec<(usize, &Record)> = app
        .board()
        .iter()
        .filter_map(|&i| Some((i, app.catalog().get(i)?)))
        .collect();
    let bridge = matches!(record.game, Game::Bridge(_));
    if tables.len() < 2 || !bridge || !shown.result {
        return;
    }
    let (theme, current) = (app.theme(), deal.record());
    let matched = tables.len() == 2 && tables.iter().all(|(_, r)| r.table.is_some());
    let board = BoardPane {
        tables: &tables,
        current,
        theme,
    };
    let wanted = if matched { swing::HEIGHT } else { board.height() };
    let rect = if areas.makes.is_some() {
        let [results, notes] = layout::results_atop(areas.notes, wanted);
        areas.notes = notes;
        results
    } else {
        let place = layout::results_place(areas.auction, areas.tricks, wanted);
        areas.auction = place.auction.unwrap_or_default();
        areas.tricks = place.tricks.unwrap_or_default();
        place.results
    };
    if matched {
        let pane = SwingPane {
            tables: [tables[0].1, tables[1].1],
            current: usize::from(tables[1].0 == current),
            theme,
        };
        (&pane).render(rect, buf);
    } else {
        (&board).render(rect, buf);
    }
}

/// The names at this record's table, seat by seat.
fn names(record: &Record) -> SeatMap<String> {
    let mut names = SeatMap::default();
    for &seat in record.rules().seats() {
        names[seat] = record.player(seat).unwrap_or("").to_string();
    }
    names
}

fn diagram<'a>(app: &App, record: &'a Record, deal: &'a DealState, shown: &Shown) -> HandDiagram<'a> {
    let (stop, position) = (deal.stop(), deal.position());
    let preferans = match &record.game {
        Game::Preferans(p) => Some(p),
        _ => None,
    };
    let talon = record.deal.as_ref().filter(|d| !d.talon.is_empty());
    HandDiagram {
        deal: record.deal.as_ref(),
        hands: &position.hands,
        dealt: &deal.replay().timeline.dealt,
        spots: &deal.replay().timeline.spots,
        show_played: app.show_played(),
        face_down: deal.face_down(),
        names: names(record),
        dealer: record.dealer(),
        first: preferans.and_then(|p| p.deal_order.first().copied()),
        talon: talon.map(|d| Talon {
            cards: &d.talon,
            open: stop.talon_open,
            discarded: preferans.map_or(&[][..], |p| &p.discarded[..]),
        }),
        vulnerability: record.vulnerability(),
        trick: &position.trick,
        winner: position
            .winners
            .last()
            .copied()
            .flatten()
            .filter(|_| position.trick_complete),
        // The seat to play, once the auction is over and until the play is;
        // not while the contract, which names the leader, is held back.
        to_play: position
            .to_play
            .filter(|_| !deal.at_end() && stop.quiz != Some(Quiz::Call) && shown.contract),
        // The solver's numbers would answer the question.
        marks: marks(deal).filter(|_| shown.quiz.is_none()),
        theme: app.theme(),
    }
}

/// Double-dummy numbers for the player on turn, while the mode is on.
fn marks(deal: &DealState) -> Option<CardMarks<'_>> {
    let seat = deal.position().to_play?;
    match deal.dd().answer(deal.stop().cards, !deal.face_down().is_empty()) {
        Answer::Solving => Some(CardMarks { seat, values: None }),
        Answer::Solved(values) => Some(CardMarks {
            seat,
            values: Some(values),
        }),
        Answer::Off | Answer::Unavailable(_) => None,
    }
}

/// Each game's own panel beside the diagram: the auction grid, the
/// Preferans bidding, the Pinochle box.
fn render_game_panel(app: &App, record: &Record, deal: &DealState, area: Rect, buf: &mut Buffer) {
    let (stop, at_end, theme) = (deal.stop(), deal.at_end(), app.theme());
    match &record.game {
        Game::Bridge(b) => (&AuctionGrid {
            auction: b.auction.as_ref(),
            shown: stop.calls,
            quiz: stop.quiz == Some(Quiz::Call),
            theme,
        })
            .render(area, buf),
        Game::Preferans(info) => (&PrefBidding {
            record,
            info,
            open: stop.talon_open,
            at_end,
            theme,
        })
            .render(area, buf),
        Game::Pinochle(info) => (&PinochleBox {
            record,
            info,
            melded: stop.cards > 0 || at_end,
            at_end,
            theme,
        })
            .render(area, buf),
    }
}

/// The notes pane, with the match around the deal above the notes, and
/// the analysis and extra tags there too or in a pane of their own where
/// the screen has room for one.
fn render_notes(
    app: &App,
    record: &Record,
    deal: &DealState,
    shown: &Shown,
    areas: &DealAreas,
    buf: &mut Buffer,
) {
    let mut analysis = Vec::new();
    if shown.analysis {
        analysis.extend(double_dummy::lines(record, deal, app.theme()));
        analysis.extend(makes::analysis(record, app.theme()));
    } else if deal.dd().on {
        analysis.push(Line::styled("Double dummy: after the answer", app.theme().dim()));
    }
    let mut extra = about::lines(record, app.theme());
    let separate = match areas.makes {
        Some(rect) => Some((rect, analysis)),
        None => {
            extra.extend(analysis);
            None
        }
    };
    (&NotesPane {
        record,
        shown,
        extra,
        theme: app.theme(),
    })
        .render(areas.notes, buf);
    if let Some((rect, lines)) = separate.filter(|(_, l)| !l.is_empty()) {
        Paragraph::new(lines)
            .block(Block::bordered().title(" Analysis and tags "))
            .render(rect, buf);
    }
}
