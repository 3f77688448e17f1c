//! The deal view's panes that scroll, made once for drawing and for the
//! App (how far a scroll key may move a pane, which pane the mouse is
//! over): the game's panel, the trick table and the notes, each sized to
//! what it holds.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::auction::AuctionGrid;
use super::bidding::PrefBidding;
use super::notes::NotesPane;
use super::pinochle::PinochleBox;
use super::scene::Scene;
use super::scroll::{PaneText, ScrollBox};
use super::tricks::{Counters, TrickTable};
use super::{about, double_dummy, makes};
use crate::model::{Game, Outcome, Record, Seat, Segment};
use crate::replay::{Quiz, Shown};
use crate::scoring::pinochle;
use crate::ui::action::Overlay;
use crate::ui::deal::DealState;
use crate::ui::layout::{self, DealAreas, Wants};
use crate::ui::panes::{Anchor, Extent, Pane, Scrolls};
use crate::ui::theme::Theme;

/// A pane laid out: where it goes and what it holds.
pub struct Placed {
    pub pane: Pane,
    pub title: &'static str,
    pub rect: Rect,
    pub text: PaneText,
}

/// The deal view's places, and its scrolling panes filled.
pub struct Laid {
    /// The screen laid out.
    pub area: Rect,
    pub areas: DealAreas,
    pub panes: Vec<Placed>,
    /// The board's results at other tables, once the play is over.
    pub results: Option<Rect>,
    /// The analysis and tags, where they have a place of their own.
    pub analysis: Option<(Rect, Vec<Line<'static>>)>,
    /// The notes and commentary full-screen, while they are open.
    pub full_notes: Option<Placed>,
}

/// The game's panel as far as the replay has come, or whole (`shown`
/// None) to size its place for the whole deal.
fn game_panel(
    record: &Record,
    deal: &DealState,
    theme: Theme,
    whole: bool,
    width: u16,
) -> (&'static str, PaneText) {
    let (stop, at_end) = (deal.stop(), deal.at_end() || whole);
    match &record.game {
        Game::Bridge(b) => {
            let all = b.auction.as_ref().map_or(0, |a| a.entries.len());
            let grid = AuctionGrid {
                auction: b.auction.as_ref(),
                shown: if whole { all } else { stop.calls },
                quiz: !whole && stop.quiz == Some(Quiz::Call),
                seating: deal.seating(),
                theme,
            };
            ("Auction", grid.text())
        }
        Game::Preferans(info) => {
            let bidding = PrefBidding {
                record,
                info,
                step: if whole { None } else { stop.pref },
                at_end,
                theme,
            };
            ("Bidding", bidding.text())
        }
        Game::Pinochle(info) => {
            let reached = match stop.segment {
                _ if at_end => Segment::Result,
                Some(segment) => segment,
                None => Segment::Play,
            };
            let worked = pinochle::work_out(record, &deal.replay().timeline);
            let pinochle = PinochleBox {
                record,
                info,
                reached,
                bids: stop.calls,
                worked: worked.as_ref(),
                theme,
            };
            ("Bidding and meld", pinochle.text(width))
        }
    }
}

fn trick_table<'a>(
    scene: &Scene,
    record: &'a Record,
    deal: &'a DealState,
    entries: &'a [&'a crate::model::PlayEntry],
    shown: &Shown,
) -> TrickTable<'a> {
    let steps = &deal.replay().timeline.steps[..deal.stop().cards];
    TrickTable {
        steps,
        entries,
        before: tricks_before(record, deal),
        counters: match &record.game {
            Game::Pinochle(p) => Some(Counters {
                teams: p.teams(),
                taken: pinochle::counters(record, p, steps),
                last_trick: pinochle::last_trick(record, p, steps),
            }),
            _ => None,
        },
        position: deal.position(),
        game: record.rules(),
        points: match &record.game {
            Game::Pinochle(p) => &p.trick_points[..],
            _ => &[],
        },
        costs: deal.dd().play(!deal.face_down().is_empty()),
        dd_now: double_dummy::now_line(record, deal, scene.theme).filter(|_| shown.quiz.is_none()),
        seating: deal.seating(),
        claimed: claimed(record, deal, shown),
        theme: scene.theme,
    }
}

/// The tricks each side ends with (NS, EW) where the play stops short of
/// the last trick and the result, once shown, gives declarer's: the rest
/// were claimed or conceded. Not for an ending, whose result counts
/// tricks the record does not play.
fn claimed(record: &Record, deal: &DealState, shown: &Shown) -> Option<(usize, usize)> {
    const TRICKS: usize = 13;
    let position = deal.position();
    let short = position.winners.len() < TRICKS && tricks_before(record, deal) == 0;
    if !(shown.result && deal.at_end() && short) {
        return None;
    }
    let Some(Outcome::Tricks(n)) = record.result()?.outcome else {
        return None;
    };
    let (declarer, defence) = (usize::from(n), TRICKS.checked_sub(usize::from(n))?);
    let declarer_ns = matches!(record.contract()?.declarer, Seat::North | Seat::South);
    let ends = if declarer_ns {
        (declarer, defence)
    } else {
        (defence, declarer)
    };
    let (ns, ew) = position.tricks_won();
    // A result fewer than the tricks already won is no claim but a fault
    // the problems tell of.
    (ends.0 >= ns && ends.1 >= ew).then_some(ends)
}

/// Tricks played before an ending begins: the full hand's cards less
/// those of each hand given, where all hold the same number.
fn tricks_before(record: &Record, deal: &DealState) -> usize {
    // A Pinochle hand is always played whole, from its first trick: the
    // kitty makes its hands shorter than the deck shares out.
    if matches!(record.game, Game::Pinochle(_)) {
        return 0;
    }
    let rules = record.rules();
    let dealt = &deal.replay().timeline.dealt;
    let given = record.deal.as_ref().map(|d| d.known_seats()).unwrap_or_default();
    let lengths: Vec<usize> = given.iter().map(|s| dealt[s].len()).collect();
    let longest = lengths.iter().copied().max().unwrap_or(0);
    // Hands of different lengths are a few cards of a suit or two, not
    // the last tricks of a deal: their play is numbered from one.
    if longest == 0 || lengths.iter().any(|&n| n != longest) {
        return 0;
    }
    rules.hand_size().saturating_sub(longest)
}

/// Rows of the whole play's trick table: a row a trick, the heading, the
/// tricks won and the borders; none where the record has no play.
fn trick_rows(record: &Record, deal: &DealState, text: &PaneText) -> u16 {
    let tricks = deal.replay().timeline.steps.last().map_or(0, |s| s.trick + 1);
    if tricks == 0 && record.play.is_none() {
        return 0;
    }
    let fixed = text.head.len() + text.foot.len() + 2;
    u16::try_from(tricks + fixed).unwrap_or(u16::MAX)
}

/// The notes pane's text at a width: the match around the deal, tags and
/// (where they have no place of their own) the analysis, then the notes.
fn notes_text(
    scene: &Scene,
    record: &Record,
    deal: &DealState,
    shown: &Shown,
    analysis: bool,
    width: u16,
) -> PaneText {
    notes_pane(scene, record, deal, shown, analysis).text(width)
}

/// The text of each note and comment the replay has reached, as the notes
/// pane draws it before wrapping: what scrolling must bring into view.
pub fn reached(scene: &Scene, deal: &DealState) -> Vec<String> {
    let Some(record) = scene.catalog.get(deal.record()) else {
        return Vec::new();
    };
    notes_pane(scene, record, deal, &deal.shown(record), false).reached()
}

fn notes_pane<'a>(
    scene: &Scene,
    record: &'a Record,
    deal: &'a DealState,
    shown: &'a Shown,
    analysis: bool,
) -> NotesPane<'a> {
    let theme = scene.theme;
    let mut extra = about::lines(record, theme);
    let mut tables = Vec::new();
    if analysis {
        extra.extend(makes::tags(record, theme));
        tables = analysis_shown(scene, record, deal, shown);
    }
    NotesPane {
        record,
        shown,
        extra,
        tables,
        before: deal.shown_before(record),
        theme,
    }
}

/// The double-dummy and makes tables and the file's score tables: none at
/// a quiz point, where they would answer the question.
fn analysis_shown(scene: &Scene, record: &Record, deal: &DealState, shown: &Shown) -> Vec<Line<'static>> {
    let theme = scene.theme;
    if !shown.analysis {
        let waiting = Line::styled("Double dummy: after the answer", theme.dim());
        return if deal.dd().on { vec![waiting] } else { Vec::new() };
    }
    let mut lines = double_dummy::lines(record, deal, theme);
    let in_pane = super::deal::stated_in_pane(scene, record, deal);
    lines.extend(makes::analysis(record, in_pane, theme));
    lines
}

/// The analysis and tags, for a place of their own.
fn analysis_lines(scene: &Scene, record: &Record, deal: &DealState, shown: &Shown) -> Vec<Line<'static>> {
    let mut lines = analysis_shown(scene, record, deal, shown);
    lines.extend(makes::tags(record, scene.theme));
    lines
}

pub fn lay_out(scene: &Scene, record: &Record, deal: &DealState, area: Rect) -> Laid {
    let theme = scene.theme;
    let play: Vec<_> = record.play.iter().flat_map(|p| p.entries()).collect();
    let shown = deal.shown(record);
    let tricks = trick_table(scene, record, deal, &play, &shown).text();
    let analysis = analysis_lines(scene, record, deal, &shown);
    let auction_rows = |w: u16| game_panel(record, deal, theme, true, w).1.height(w);
    let analysis_rows =
        |_: u16| u16::try_from(analysis.len()).map_or(u16::MAX, |n| if n == 0 { 0 } else { n + 2 });
    let wants = Wants {
        auction: &auction_rows,
        tricks: trick_rows(record, deal, &tricks),
        tricks_width: tricks.width(),
        analysis: &analysis_rows,
    };
    let mut areas = layout::deal_areas(area, &wants);
    let results = super::deal::place_results(scene, record, deal, &mut areas);
    let inner = |r: Rect| r.width.saturating_sub(2);
    let (title, panel) = game_panel(record, deal, theme, false, inner(areas.auction));
    // The analysis joins the notes where both fit there.
    let mut notes = notes_text(scene, record, deal, &shown, true, inner(areas.notes));
    if let Some(makes) = areas.makes {
        if notes.height(inner(areas.notes)) > areas.notes.height {
            notes = notes_text(scene, record, deal, &shown, false, inner(areas.notes));
        } else {
            areas.tricks = areas.tricks.union(makes);
            areas.makes = None;
        }
    }
    let panes = vec![
        Placed {
            pane: Pane::Auction,
            title,
            rect: areas.auction,
            text: panel,
        },
        Placed {
            pane: Pane::Tricks,
            title: "Tricks",
            rect: areas.tricks,
            text: tricks,
        },
        Placed {
            pane: Pane::Notes,
            title: "Notes",
            rect: areas.notes,
            text: notes,
        },
    ];
    let analysis = areas.makes.map(|rect| (rect, analysis));
    Laid {
        area,
        areas,
        panes,
        results,
        analysis,
        full_notes: None,
    }
}

/// The deal open laid out on `area`, the notes full-screen too while they
/// are open: the App keeps it from one change to the next, to be drawn
/// and to answer the scroll keys and the mouse. None while no deal is
/// open or its record is not read.
pub fn lay_out_deal(scene: &Scene, area: Rect) -> Option<Laid> {
    let deal = scene.deal?;
    let record = scene.catalog.get(deal.record())?;
    let mut laid = lay_out(scene, record, deal, area);
    if scene.mode.overlay() == Some(Overlay::Notes) {
        laid.full_notes = Some(full_notes(scene, record, deal, area));
    }
    Some(laid)
}

/// The notes and commentary over the whole screen but its footer.
pub fn full_notes(scene: &Scene, record: &Record, deal: &DealState, area: Rect) -> Placed {
    let rect = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    Placed {
        pane: Pane::FullNotes,
        title: "Notes and commentary  (f or Esc closes)",
        rect,
        text: notes_text(
            scene,
            record,
            deal,
            &deal.shown(record),
            true,
            rect.width.saturating_sub(2),
        ),
    }
}

/// Draws a pane where the user left it scrolled, or following the replay.
pub fn draw(scene: &Scene, deal: &DealState, placed: &Placed, buf: &mut Buffer) {
    if placed.rect.is_empty() {
        return;
    }
    let scrolls = deal.scrolls();
    let pane = ScrollBox {
        title: placed.title,
        text: &placed.text,
        manual: scrolls.manual(placed.pane),
        focused: scrolls.focus() == placed.pane,
        theme: scene.theme,
    };
    (&pane).render(placed.rect, buf);
}

impl Laid {
    /// Each pane scrolled by hand, with where its first row shown stands
    /// in its text: kept when the panes are laid out anew (`d`, `c`).
    pub fn anchors(&self, scrolls: &Scrolls) -> Vec<(Pane, Anchor)> {
        (self.panes.iter())
            .filter(|p| !p.rect.is_empty())
            .filter_map(|p| {
                let top = p.text.extent(p.rect).top(Some(scrolls.manual(p.pane)?));
                Some((p.pane, p.text.anchor(top, p.rect.width.saturating_sub(2))))
            })
            .collect()
    }

    /// The first row to show of each pane, to keep each anchor at its
    /// top as the panes are laid out now.
    pub fn anchored(&self, anchors: &[(Pane, Anchor)]) -> Vec<(Pane, usize)> {
        (self.panes.iter())
            .filter_map(|p| {
                let &(_, anchor) = anchors.iter().find(|(pane, _)| *pane == p.pane)?;
                Some((p.pane, p.text.row_of(anchor, p.rect.width.saturating_sub(2))))
            })
            .collect()
    }

    /// Each pane drawn with where it is and how far it scrolls (the notes
    /// alone while they are full-screen): for the scroll keys and the
    /// mouse wheel.
    pub fn extents(&self) -> Vec<(Pane, Rect, Extent)> {
        let drawn = match &self.full_notes {
            Some(full) => std::slice::from_ref(full),
            None => &self.panes[..],
        };
        (drawn.iter())
            .filter(|p| !p.rect.is_empty())
            .map(|p| (p.pane, p.rect, p.text.extent(p.rect)))
            .collect()
    }
}
