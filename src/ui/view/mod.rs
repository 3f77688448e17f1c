//! Drawing: a pure function of the App's state into a buffer, shared by the
//! terminal and by `kibitzer show`.

mod about;
mod auction;
mod bidding;
mod card_table;
mod deal;
mod double_dummy;
mod footer;
mod found;
mod grid;
mod hands;
pub mod header;
mod list;
mod makes;
mod notes;
mod overlay;
mod panes;
mod pinochle;
mod preview;
mod reading;
mod results;
mod scroll;
mod seat_label;
mod spread;
mod standings;
mod swing;
mod tricks;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::action::{Overlay, Screen};
use super::app::App;
use super::layout::{self, MIN_HEIGHT, MIN_WIDTH};
use super::theme;
use crate::archive::Stage;
use crate::model::Record;
use crate::ui::results::ResultsState;
use deal::{render_deal, render_full_notes};
pub use panes::{extents, reached};
pub use reading::render_reading;
use standings::StandingsScreen;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if layout::too_small(area) {
        let text = format!(
            "kibitzer needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}.",
            area.width, area.height
        );
        Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
        return;
    }
    match (app.screen(), app.deal(), app.results()) {
        (Screen::Deal, Some(deal), _) => render_deal(app, deal, area, buf),
        (Screen::Results, _, Some(results)) => render_results(app, results, area, buf),
        _ => render_list(app, area, buf),
    }
    match app.overlay() {
        Some(Overlay::Help) => overlay::help(app.theme(), area, buf),
        Some(Overlay::Notes) => {
            if let (Screen::Deal, Some(deal)) = (app.screen(), app.deal()) {
                render_full_notes(app, deal, area, buf);
            }
        }
        Some(Overlay::Problems) => {
            let shown = match (app.deal(), app.screen()) {
                (Some(d), Screen::Deal) => vec![d.record()],
                _ => pair_of(app, app.record_at(app.selected())),
            };
            let records: Vec<&Record> = shown.iter().filter_map(|&i| app.catalog().get(i)).collect();
            overlay::problems(&records, app.theme(), area, buf);
        }
        None => {}
    }
}

/// A record and the other table of its board, if it is one of a pair:
/// the neighbour counts only when it is that board's other table.
fn pair_of(app: &App, i: usize) -> Vec<usize> {
    let catalog = app.catalog();
    let table = |j: usize| catalog.get(j).and_then(|r| r.table);
    let board = |j: usize| catalog.get(j).map(|r| (&r.board, &r.deal));
    let other = match table(i) {
        Some(1) => Some(i + 1).filter(|&j| table(j) == Some(2)),
        Some(2) => i.checked_sub(1).filter(|&j| table(j) == Some(1)),
        _ => None,
    };
    match other.filter(|&j| board(j) == board(i)) {
        Some(j) => vec![i.min(j), i.max(j)],
        None => vec![i],
    }
}

fn render_list(app: &App, area: Rect, buf: &mut Buffer) {
    let areas = layout::list_areas(area);
    let sorted = if app.sorted() { "  sorted by score" } else { "" };
    let title = format!(
        " kibitzer  {}  {}{sorted}",
        theme::sanitize(app.title()),
        counts(app)
    );
    Line::styled(title, app.theme().strong()).render(areas.title, buf);
    list::render_list(app, &areas, buf);
    let footer = list::typing_footer(app)
        .unwrap_or_else(|| footer::screen_footer(app, Screen::List, areas.footer.width));
    footer.render(areas.footer, buf);
}

fn render_results(app: &App, results: &ResultsState, area: Rect, buf: &mut Buffer) {
    let areas = layout::list_areas(area);
    let title = format!(
        " kibitzer  {}  results of {}",
        theme::sanitize(app.title()),
        records(results.records)
    );
    Line::styled(title, app.theme().strong()).render(areas.title, buf);
    let body = areas
        .title
        .union(areas.footer)
        .inner(ratatui::layout::Margin::new(0, 1));
    (&StandingsScreen {
        results,
        theme: app.theme(),
    })
        .render(body, buf);
    footer::screen_footer(app, Screen::Results, areas.footer.width).render(areas.footer, buf);
}

/// The records and problems so far, and how far the background work has
/// come while it goes on.
fn counts(app: &App) -> String {
    let c = app.catalog();
    let problems = match c.problems() {
        0 => String::new(),
        1 => ", 1 problem (marked !)".to_string(),
        n => format!(", {n} problems (marked !)"),
    };
    let percent = |part: f64| (part * 100.0).floor() as u32;
    match c.stage() {
        Stage::Indexing(part) => format!(
            "{}+ records{problems}  finding records {}%",
            c.len(),
            percent(part)
        ),
        Stage::Checking(part) => format!("{}{problems}  checking {}%", records(c.len()), percent(part)),
        Stage::Done => format!("{}{problems}", records(c.len())),
    }
}

fn records(n: usize) -> String {
    if n == 1 {
        "1 record".to_string()
    } else {
        format!("{n} records")
    }
}
