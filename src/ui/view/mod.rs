//! Drawing: a pure function of what the App gives to be drawn (a Scene)
//! into a buffer, shared by the terminal and by `kibitzer show`.

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
pub mod paper;
mod pinochle;
mod preview;
mod reading;
mod results;
mod scene;
mod scroll;
mod seat_label;
mod spread;
mod standings;
mod stated_tables;
mod statistics;
mod swing;
mod tricks;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::action::{Overlay, Screen};
use super::layout::{self, MIN_HEIGHT, MIN_WIDTH};
use super::theme;
use crate::archive::Progress;
use crate::model::{BoardKey, Record};
use crate::ui::results::ResultsState;
pub use deal::diagram_text;
use deal::{render_deal, render_full_notes};
pub use panes::{Laid, lay_out_deal, reached};
pub use reading::render_reading;
pub use scene::Scene;
use standings::StandingsScreen;

/// The buffer's text, a line per row, trailing blanks trimmed.
pub fn buffer_text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut line = String::new();
        let mut skip = 0;
        for x in area.left()..area.right() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let symbol = buf[(x, y)].symbol();
            skip = symbol.width().saturating_sub(1);
            line.push_str(symbol);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

pub fn render(scene: &Scene, area: Rect, buf: &mut Buffer) {
    if layout::too_small(area) {
        let text = format!(
            "kibitzer needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}.",
            area.width, area.height
        );
        Paragraph::new(text).wrap(Wrap { trim: true }).render(area, buf);
        return;
    }
    match (scene.screen, scene.deal, scene.results) {
        (Screen::Deal, Some(deal), _) => render_deal(scene, deal, area, buf),
        (Screen::Results, _, Some(results)) => render_results(scene, results, area, buf),
        (Screen::Statistics, _, _) if scene.statistics.is_some() => render_statistics(scene, area, buf),
        _ => render_list(scene, area, buf),
    }
    match scene.mode.overlay() {
        Some(Overlay::Help) => overlay::help(scene.theme, scene.keys, area, buf),
        Some(Overlay::Notes) => {
            if let (Screen::Deal, Some(deal)) = (scene.screen, scene.deal) {
                render_full_notes(scene, deal, area, buf);
            }
        }
        Some(Overlay::Problems) => {
            let shown = match (scene.deal, scene.screen) {
                (Some(d), Screen::Deal) => vec![d.record()],
                _ => pair_of(scene, scene.list.current()),
            };
            let records: Vec<&Record> = shown.iter().filter_map(|&i| scene.catalog.get(i)).collect();
            overlay::problems(&records, scene.theme, area, buf);
        }
        None => {}
    }
}

/// A record and the other table of its board, if it is one of a pair:
/// the neighbour counts only when it is that board's other table.
fn pair_of(scene: &Scene, i: usize) -> Vec<usize> {
    let catalog = scene.catalog;
    let table = |j: usize| catalog.get(j).and_then(|r| r.table);
    let board = |j: usize| catalog.get(j).and_then(BoardKey::of);
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

fn render_list(scene: &Scene, area: Rect, buf: &mut Buffer) {
    let areas = layout::list_areas(area);
    let sorted = if scene.list.sorted() {
        "  sorted by score"
    } else {
        ""
    };
    let said = format!("{}{sorted}", counts(scene));
    title_row(scene, said, list::search_place(scene), areas.title, buf);
    list::render_list(scene, &areas, buf);
    let footer = list::typing_footer(scene)
        .unwrap_or_else(|| footer::screen_footer(scene, Screen::List, areas.footer.width));
    footer.render(areas.footer, buf);
}

fn render_results(scene: &Scene, results: &ResultsState, area: Rect, buf: &mut Buffer) {
    let areas = layout::list_areas(area);
    let said = format!("results of {}", records(results.records));
    title_row(scene, said, None, areas.title, buf);
    let body = areas
        .title
        .union(areas.footer)
        .inner(ratatui::layout::Margin::new(0, 1));
    (&StandingsScreen {
        results,
        theme: scene.theme,
    })
        .render(body, buf);
    footer::screen_footer(scene, Screen::Results, areas.footer.width).render(areas.footer, buf);
}

fn render_statistics(scene: &Scene, area: Rect, buf: &mut Buffer) {
    let Some(state) = scene.statistics else { return };
    let areas = layout::list_areas(area);
    let places = state.places();
    let counting = match state.next() {
        Some(next) if places > 0 => format!("  counting {}%", next * 100 / places),
        _ => String::new(),
    };
    let said = format!("{} · {}{counting}", state.title, records(places));
    title_row(scene, said, None, areas.title, buf);
    let body = areas
        .title
        .union(areas.footer)
        .inner(ratatui::layout::Margin::new(1, 1));
    (&statistics::StatisticsScreen {
        state,
        theme: scene.theme,
    })
        .render(body, buf);
    let footer = match scene.mode {
        crate::ui::keys::Mode::Measure(typed) => Line::from(vec![
            Span::styled("= ", scene.theme.accent()),
            Span::raw(theme::sanitize(typed)),
            Span::raw("▏"),
            Span::styled("  frequency EXPR or average EXPR", scene.theme.dim()),
        ]),
        _ => match scene.message {
            Some(said) => Line::styled(theme::sanitize(said), scene.theme.warning()),
            None => footer::screen_footer(scene, Screen::Statistics, areas.footer.width),
        },
    };
    footer.render(areas.footer, buf);
}

/// The title row: the files' names, then what is said of them (the
/// counts), and a search held at the right; the names are cut at their
/// start with a `…` to leave the rest whole, and a search too long for
/// what is left is cut at its start too, keeping its count of matches.
fn title_row(scene: &Scene, said: String, search: Option<String>, area: Rect, buf: &mut Buffer) {
    let lead = " kibitzer  ";
    // Room for the lead, the counts, a name's `…` at least, and the
    // search's own margins.
    let room = (area.width as usize).saturating_sub(lead.len() + 6 + said.width());
    let search = search.map(|s| format!("  {} ", cut_start(&s, room)));
    let others = lead.len() + 2 + said.width() + search.as_deref().map_or(0, str::width);
    let name = cut_start(
        &theme::sanitize(scene.title),
        (area.width as usize).saturating_sub(others),
    );
    let strong = scene.theme.strong();
    Line::styled(format!("{lead}{name}  {said}"), strong).render(area, buf);
    if let Some(search) = search {
        Line::styled(search, scene.theme.accent())
            .right_aligned()
            .render(area, buf);
    }
}

/// Text cut to `room` columns by its start, a `…` for what was cut: a
/// path keeps its file's name.
fn cut_start(text: &str, room: usize) -> String {
    if text.width() <= room {
        return text.to_string();
    }
    let mut kept: Vec<char> = Vec::new();
    let mut used = 1;
    for c in text.chars().rev() {
        used += c.width().unwrap_or(0);
        if used > room {
            break;
        }
        kept.push(c);
    }
    std::iter::once('…').chain(kept.into_iter().rev()).collect()
}

/// The records and problems so far, and how far the background work has
/// come while it goes on.
fn counts(scene: &Scene) -> String {
    let c = scene.catalog;
    let problems = match c.problems() {
        0 => String::new(),
        1 => ", 1 problem (marked !)".to_string(),
        n => format!(", {} problems (marked !)", crate::filter::grouped(n)),
    };
    let percent = |part: f64| (part * 100.0).floor() as u32;
    match c.progress() {
        Progress::Indexing(part) => format!(
            "{}+ records{problems}  finding records {}%",
            c.len(),
            percent(part)
        ),
        Progress::Checking(part) => format!("{}{problems}  checking {}%", records(c.len()), percent(part)),
        Progress::Done => format!("{}{problems}", records(c.len())),
    }
}

/// A count of records, its thousands marked as the list's title marks them.
fn records(n: usize) -> String {
    if n == 1 {
        "1 record".to_string()
    } else {
        format!("{} records", crate::filter::grouped(n))
    }
}
