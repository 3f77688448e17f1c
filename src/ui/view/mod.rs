//! Drawing: a pure function of the App's state into a buffer, shared by the
//! terminal and by `kibitzer show`.

mod auction;
mod bidding;
mod hands;
pub mod header;
mod list;
mod makes;
mod notes;
mod overlay;
mod pinochle;
mod tricks;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::action::{Overlay, Screen};
use super::app::App;
use super::deal::DealState;
use super::keys::Mode;
use super::layout::{self, MIN_HEIGHT, MIN_WIDTH};
use super::theme;
use crate::archive::Stage;
use crate::model::{Record, SeatMap};
use auction::AuctionGrid;
use hands::HandDiagram;
use notes::{Moment, NotesPane};
use tricks::TrickTable;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if layout::too_small(area) {
        let text = format!(
            "kibitzer needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}.",
            area.width, area.height
        );
        Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
        return;
    }
    match (app.screen(), app.deal()) {
        (Screen::Deal, Some(deal)) => render_deal(app, deal, area, buf),
        _ => render_list(app, area, buf),
    }
    match app.overlay() {
        Some(Overlay::Help) => overlay::help(app.theme(), area, buf),
        Some(Overlay::Problems) => {
            let shown = match (app.deal(), app.screen()) {
                (Some(d), Screen::Deal) => vec![d.record()],
                _ => pair_of(app, app.selected()),
            };
            let records: Vec<&Record> = shown.iter().filter_map(|&i| app.catalog().get(i)).collect();
            overlay::problems(&records, app.theme(), area, buf);
        }
        None => {}
    }
}

/// A record and the other table of its board, if it is one of a pair.
fn pair_of(app: &App, i: usize) -> Vec<usize> {
    let table = app.catalog().get(i).and_then(|r| r.table);
    match table {
        Some(1) => vec![i, i + 1],
        Some(_) if i > 0 => vec![i - 1, i],
        _ => vec![i],
    }
}

fn render_list(app: &App, area: Rect, buf: &mut Buffer) {
    let areas = layout::list_areas(area);
    let title = format!(" kibitzer  {}  {}", theme::sanitize(app.title()), counts(app));
    Line::styled(title, app.theme().strong()).render(areas.title, buf);
    list::render_list(app, &areas, buf);
    let footer = if *app.mode() == Mode::Search {
        Line::from(vec![
            Span::styled("/", app.theme().accent()),
            Span::raw(app.query().to_string()),
            Span::raw("▏"),
        ])
    } else {
        hint(
            app,
            "Enter open  / search  n N next match  p problems  ? help  q quit",
        )
    };
    footer.render(areas.footer, buf);
}

/// The records and problems so far, and how far the background work has
/// come while it goes on.
fn counts(app: &App) -> String {
    let c = app.catalog();
    let problems = match c.problems() {
        0 => String::new(),
        n => format!(", {n} problems (marked !)"),
    };
    let percent = |part: f64| (part * 100.0).floor() as u32;
    match c.stage() {
        Stage::Indexing(part) => format!(
            "{}+ records{problems}  finding records {}%",
            c.len(),
            percent(part)
        ),
        Stage::Checking(part) => format!("{} records{problems}  checking {}%", c.len(), percent(part)),
        Stage::Done => format!("{} records{problems}", c.len()),
    }
}

fn hint(app: &App, keys: &str) -> Line<'static> {
    match app.message() {
        Some(m) => Line::styled(m.to_string(), app.theme().warning()),
        None => Line::styled(keys.to_string(), app.theme().dim()),
    }
}

fn names(record: &Record) -> SeatMap<String> {
    let table = usize::from(record.table == Some(2));
    let mut names = SeatMap::default();
    if let Some(players) = &record.players {
        for &seat in record.game.seats() {
            names[seat] = players.name(table, seat).unwrap_or("").to_string();
        }
    }
    names
}

/// The dealer: the auction's, the last in a Preferans deal order, or a
/// Pinochle hand's Dealer tag.
fn dealer(record: &Record) -> Option<crate::model::Seat> {
    let preferans = record
        .preferans
        .as_ref()
        .and_then(|p| p.deal_order.last().copied());
    let pinochle = record.pinochle.as_ref().and_then(|p| p.dealer);
    record
        .auction
        .as_ref()
        .map(|a| a.dealer)
        .or(preferans)
        .or(pinochle)
}

fn render_deal(app: &App, deal: &DealState, area: Rect, buf: &mut Buffer) {
    let Some(record) = app.catalog().get(deal.record()) else {
        return;
    };
    let theme = app.theme();
    let areas = layout::deal_areas(area);
    let stop = deal.stop();
    let position = deal.position();
    let at_end = deal.at_end();
    let show_result = at_end || record.play.is_none();
    let header = vec![
        header::board_line(record, app.catalog().len(), theme),
        header::contract_line(record, show_result, theme),
    ];
    Paragraph::new(header).render(areas.header, buf);
    let winner = if position.trick_complete {
        position.winners.last().copied().flatten()
    } else {
        None
    };
    let diagram = HandDiagram {
        deal: record.deal.as_ref(),
        hands: &position.hands,
        dealt: &deal.replay().timeline.dealt,
        spots: &deal.replay().timeline.spots,
        show_played: app.show_played(),
        face_down: deal.face_down(),
        names: names(record),
        dealer: dealer(record),
        first: record
            .preferans
            .as_ref()
            .and_then(|p| p.deal_order.first().copied()),
        talon: record
            .deal
            .as_ref()
            .filter(|d| !d.talon.is_empty())
            .map(|d| hands::Talon {
                cards: &d.talon,
                open: stop.talon_open,
                discarded: record.preferans.as_ref().map_or(&[][..], |p| &p.discarded[..]),
            }),
        vulnerability: record.auction.as_ref().map(|a| a.vulnerability),
        trick: &position.trick,
        winner,
        // The seat to play, once the auction is over and until the play is.
        to_play: position
            .to_play
            .filter(|_| !at_end && stop.quiz != Some(crate::replay::Quiz::Call)),
        theme,
    };
    (&diagram).render(areas.diagram, buf);
    if let Some(info) = record.preferans.as_deref() {
        let bidding = bidding::PrefBidding {
            record,
            info,
            open: stop.talon_open,
            at_end,
            theme,
        };
        (&bidding).render(areas.auction, buf);
    }
    let grid = AuctionGrid {
        auction: record.auction.as_ref(),
        shown: stop.calls,
        quiz: stop.quiz == Some(crate::replay::Quiz::Call),
        theme,
    };
    if let Some(info) = record.pinochle.as_deref() {
        let melded = stop.cards > 0 || at_end;
        (&pinochle::PinochleBox {
            record,
            info,
            melded,
            at_end,
            theme,
        })
            .render(areas.auction, buf);
    } else if record.preferans.is_none() {
        (&grid).render(areas.auction, buf);
    }
    let steps = &deal.replay().timeline.steps[..stop.cards];
    (&TrickTable {
        steps,
        position,
        game: record.game,
        points: record.pinochle.as_ref().map_or(&[][..], |p| &p.trick_points[..]),
        theme,
    })
        .render(areas.tricks, buf);
    let makes = makes::analysis(record, theme);
    let (extra, separate) = match areas.makes {
        Some(rect) => (Vec::new(), Some((rect, makes))),
        None => (makes, None),
    };
    let moment = Moment {
        stop,
        replay: deal.replay(),
        at_end,
    };
    (&NotesPane {
        record,
        moment,
        extra,
        theme,
    })
        .render(areas.notes, buf);
    if let Some((rect, lines)) = separate.filter(|(_, l)| !l.is_empty()) {
        Paragraph::new(lines)
            .block(ratatui::widgets::Block::bordered().title(" Analysis and tags "))
            .render(rect, buf);
    }
    let footer = if *app.mode() == Mode::Seat {
        Line::styled("Reveal which seat? n e s w", theme.warning())
    } else if let Mode::TrickNumber(typed) = app.mode() {
        Line::styled(format!("Go to trick {typed}▏ (Enter)"), theme.warning())
    } else {
        let at = format!("card {}/{}  ", stop.cards, deal.replay().len());
        let mut line = hint(app, "→← card ↓↑ trick r reveal t table v played Esc list ? help");
        line.spans.insert(0, Span::styled(at, theme.strong()));
        line
    };
    footer.render(areas.footer, buf);
}
