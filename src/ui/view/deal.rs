//! The deal view: the header, the hand diagram, the game's own panel (the
//! auction grid, Preferans's bidding, Pinochle's box), the trick table, the
//! notes and the footer, at one stop of the replay.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::hands::{CardMarks, HandDiagram, Talon};
use super::panes::{self, Laid};
use super::results::BoardPane;
use super::scene::Scene;
use super::stated_tables::StatedPane;
use super::swing::{self, SwingPane};
use super::{footer, header};
use crate::model::{Game, Record, SeatMap};
use crate::replay::{PrefStep, Quiz, Shown};
use crate::scoring;
use crate::ui::dd::Answer;
use crate::ui::deal::DealState;
use crate::ui::layout::{self, DealAreas};
use crate::ui::results::StatedBoard;

pub fn render_deal(scene: &Scene, deal: &DealState, area: Rect, buf: &mut Buffer) {
    let Some(record) = scene.catalog.get(deal.record()) else {
        return;
    };
    let fresh;
    let laid = match kept(scene, area) {
        Some(laid) => laid,
        None => {
            fresh = panes::lay_out(scene, record, deal, area);
            &fresh
        }
    };
    let shown = deal.shown(record);
    let header = vec![
        header::board_line(
            record,
            table_of(scene, deal),
            &scene.catalog.place(deal.record()),
            laid.areas.header.width,
            scene.theme,
        ),
        header::contract_line(record, &shown, scene.theme),
    ];
    Paragraph::new(header).render(laid.areas.header, buf);
    (&diagram(scene, record, deal, &shown)).render(laid.areas.diagram, buf);
    if let Some(rect) = laid.results {
        draw_results(scene, record, deal, rect, buf);
    }
    for placed in &laid.panes {
        panes::draw(scene, deal, placed, buf);
    }
    if let Some((rect, lines)) = &laid.analysis {
        Paragraph::new(lines.clone())
            .block(Block::bordered().title(" Analysis and tags "))
            .render(*rect, buf);
    }
    footer::deal_footer(scene, record, deal, &shown, laid.areas.footer.width).render(laid.areas.footer, buf);
}

/// The hand diagram as the deal view draws it at the app's size, in plain
/// text: without the blank rows above and below it or the margin its rows
/// share. None where the screen is too small to draw it.
pub fn diagram_text(scene: &Scene, deal: &DealState) -> Option<String> {
    let record = scene.catalog.get(deal.record())?;
    let area = Rect::new(0, 0, scene.size.0, scene.size.1);
    if layout::too_small(area) {
        return None;
    }
    let rect = panes::lay_out(scene, record, deal, area).areas.diagram;
    let mut buf = Buffer::empty(rect);
    (&diagram(scene, record, deal, &deal.shown(record))).render(rect, &mut buf);
    let text = super::buffer_text(&buf);
    let rows: Vec<&str> = text.lines().collect();
    let first = rows.iter().position(|r| !r.is_empty())?;
    let last = rows.iter().rposition(|r| !r.is_empty())?;
    let rows = &rows[first..=last];
    let margin = rows
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| r.len() - r.trim_start_matches(' ').len())
        .min()
        .unwrap_or(0);
    Some(
        rows.iter()
            .map(|r| format!("{}\n", r.get(margin..).unwrap_or("")))
            .collect(),
    )
}

/// The notes and commentary full-screen, over the deal view.
pub fn render_full_notes(scene: &Scene, deal: &DealState, area: Rect, buf: &mut Buffer) {
    let Some(record) = scene.catalog.get(deal.record()) else {
        return;
    };
    let fresh;
    let placed = match kept(scene, area).and_then(|laid| laid.full_notes.as_ref()) {
        Some(placed) => placed,
        None => {
            fresh = panes::full_notes(scene, record, deal, area);
            &fresh
        }
    };
    Clear.render(placed.rect, buf);
    panes::draw(scene, deal, placed, buf);
}

/// The layout the App keeps, where it is of this screen: a frame of
/// another size (the terminal resized before the App was told) is laid
/// out afresh.
fn kept<'a>(scene: &Scene<'a>, area: Rect) -> Option<&'a Laid> {
    scene.laid.filter(|laid| laid.area == area)
}

/// The deal's place among its board's tables, counted from 1, and how
/// many there are, when more than one.
fn table_of(scene: &Scene, deal: &DealState) -> Option<(usize, usize)> {
    let board = scene.board;
    let at = board.iter().position(|&i| i == deal.record())?;
    (board.len() > 1).then_some((at + 1, board.len()))
}

/// The board's tables with their records.
fn tables_of<'a>(scene: &Scene<'a>) -> Vec<(usize, &'a Record)> {
    scene
        .board
        .iter()
        .filter_map(|&i| Some((i, scene.catalog.get(i)?)))
        .collect()
}

/// Where the board's results go once the play is over, where the board
/// was played at more than one table: above the notes where the notes
/// have a column, else in the trick table's place (see
/// `layout::results_place`); `areas` is left with what the rest may fill,
/// an empty place where nothing is to be drawn.
pub fn place_results(
    scene: &Scene,
    record: &Record,
    deal: &DealState,
    areas: &mut DealAreas,
) -> Option<Rect> {
    let tables = tables_of(scene);
    let stated = stated_board(record, &tables);
    let bridge = matches!(record.game, Game::Bridge(_));
    if (tables.len() < 2 && stated.is_none()) || !bridge || !deal.shown(record).result {
        return None;
    }
    let wanted = if let Some(board) = &stated {
        StatedPane {
            board,
            theme: scene.theme,
        }
        .height()
    } else if matched(&tables) {
        swing::HEIGHT
    } else {
        board_pane(scene, deal, &tables).height()
    };
    // With no trick table, the auction keeps its place and the notes give
    // up their top rows.
    if areas.notes_column || areas.tricks.is_empty() {
        let [results, notes] = layout::results_atop(areas.notes, wanted);
        areas.notes = notes;
        return Some(results);
    }
    let place = layout::results_place(areas.auction, areas.tricks, wanted);
    areas.auction = place.auction.unwrap_or_default();
    areas.tricks = place.tricks.unwrap_or_default();
    Some(place.results)
}

/// Whether the board's tables as its ScoreTable states them stand in the
/// results pane now: the notes then leave them out.
pub fn stated_in_pane(scene: &Scene, record: &Record, deal: &DealState) -> bool {
    let bridge = matches!(record.game, Game::Bridge(_));
    bridge && deal.shown(record).result && stated_board(record, &tables_of(scene)).is_some()
}

/// The board's tables as its ScoreTable states them, where the file
/// gives the board as this one record.
fn stated_board(record: &Record, tables: &[(usize, &Record)]) -> Option<StatedBoard> {
    let rows = scoring::stated_tables(record);
    (tables.len() < 2 && !rows.is_empty()).then(|| StatedBoard {
        board: record.board.as_ref().map(ToString::to_string).unwrap_or_default(),
        rows,
    })
}

/// The two tables of a team match, shown as the swing.
fn matched(tables: &[(usize, &Record)]) -> bool {
    tables.len() == 2 && tables.iter().all(|(_, r)| r.table.is_some())
}

fn board_pane<'a>(scene: &Scene, deal: &DealState, tables: &'a [(usize, &'a Record)]) -> BoardPane<'a> {
    BoardPane {
        tables,
        current: deal.record(),
        theme: scene.theme,
    }
}

/// The board's tables as stated, the match's swing, or every table
/// compared.
fn draw_results(scene: &Scene, record: &Record, deal: &DealState, rect: Rect, buf: &mut Buffer) {
    let tables = tables_of(scene);
    if let Some(board) = &stated_board(record, &tables) {
        (&StatedPane {
            board,
            theme: scene.theme,
        })
            .render(rect, buf);
    } else if matched(&tables) {
        let pane = SwingPane {
            tables: [tables[0].1, tables[1].1],
            current: usize::from(tables[1].0 == deal.record()),
            theme: scene.theme,
        };
        (&pane).render(rect, buf);
    } else {
        (&board_pane(scene, deal, &tables)).render(rect, buf);
    }
}

/// The names at this record's table, seat by seat, with the players who
/// have taken a seat by this point of a Pinochle hand.
fn names(record: &Record, shown: &Shown) -> SeatMap<String> {
    let mut names = SeatMap::default();
    for &seat in record.rules().seats() {
        // PBN writes `?` for a player it does not know.
        names[seat] = record
            .player(seat)
            .filter(|&n| n != "?")
            .unwrap_or("")
            .to_string();
    }
    if let Game::Pinochle(p) = &record.game {
        for change in shown.seat_changes.iter().filter_map(|&i| p.seat_changes.get(i)) {
            names[change.seat] = change.name.clone();
        }
    }
    names
}

fn diagram<'a>(scene: &Scene, record: &'a Record, deal: &'a DealState, shown: &Shown) -> HandDiagram<'a> {
    let (stop, position) = (deal.stop(), deal.position());
    let preferans = match &record.game {
        Game::Preferans(p) => Some(p),
        _ => None,
    };
    let talon = record.deal.as_ref().filter(|d| !d.talon.is_empty());
    let timeline = &deal.replay().timeline;
    // Until the main player takes the talon, each holds the cards dealt.
    let taken = stop.reached(PrefStep::Discard);
    // A Pinochle table shows the hands as dealt until the exchange.
    let (hands, dealt) = if taken {
        (&position.hands, deal.dealt())
    } else {
        (&timeline.as_dealt, &timeline.as_dealt)
    };
    HandDiagram {
        game: record.rules(),
        deal: record.deal.as_ref(),
        hands,
        dealt,
        spots: &timeline.spots,
        show_played: scene.show_played,
        face_down: deal.face_down(),
        names: names(record, shown),
        dealer: record.dealer(),
        first: preferans.and_then(|p| p.deal_order.first().copied()),
        talon: talon.map(|d| {
            let discarded = preferans.filter(|_| taken).map_or(&[][..], |p| &p.discarded[..]);
            // Once taken up, the talon's cards are in the main player's
            // hand: drawn there, not here as well.
            let taken_up = !discarded.is_empty();
            Talon {
                cards: if taken_up { &[] } else { &d.talon },
                open: stop.talon_open,
                discarded,
            }
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
        hcp: scene.show_hcp,
        seating: deal.seating(),
        theme: scene.theme,
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
