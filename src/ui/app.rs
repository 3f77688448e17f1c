//! The one App: all the viewer's state, changed by `update` (besides what the
//! background work finds and the terminal's size).

use crossterm::event::{KeyEvent, MouseEvent, MouseEventKind};

use super::action::{Action, Screen};
use super::copy_format::CopyFormat;
use super::deal::DealState;
use super::filter_line::FilterLine;
use super::filter_tables::FilterTables;
use super::keys::{Keymap, Mode};
use super::layout;
use super::list::ListState;
use super::preferences::{FIRST_PACE, Preferences};
use super::results::ResultsState;
use super::solver::SolverThread;
use super::statistics::StatisticsState;
use super::tables;
use super::theme::Theme;
use super::view::Laid;
use crate::archive::Catalog;
use crate::model::Seat;

mod access;
mod autoplay;
mod filtering;
mod jump;
mod scrolling;
pub mod search;
mod solving;
mod statistics;
mod watching;
mod whole;

pub struct App {
    /// The records, read as they are shown.
    catalog: Catalog,
    title: String,
    theme: Theme,
    screen: Screen,
    /// The list's cursor, screen and order.
    list: ListState,
    /// The search typed last, kept for `n` and `N`.
    query: String,
    /// Records matching the search, counted a little at a time.
    count: Option<search::MatchCount>,
    /// The filter line: what is typed, and the filters used before.
    filter: FilterLine,
    /// The filter the list shows, its matches counted a little at a time.
    filtering: Option<filtering::Counting>,
    /// Double-dummy tables the filter found missing, solved when asked.
    filter_tables: FilterTables,
    /// Where typing a search or a board number began, for Esc.
    began_at: usize,
    /// The board number typed, while it is being looked for.
    hunt: Option<jump::Hunt>,
    /// What keys mean now.
    mode: Mode,
    deal: Option<DealState>,
    /// The whole file's results, while their screen is open.
    results: Option<ResultsState>,
    /// The statistics, while their screen is open.
    statistics: Option<StatisticsState>,
    /// The records of the open deal's board, one a table.
    board: Vec<usize>,
    show_played: bool,
    /// HCP beside the hands.
    show_hcp: bool,
    size: (u16, u16),
    message: Option<String>,
    quit: bool,
    /// The last record was asked for before all were found: go there when
    /// they are.
    pending_last: bool,
    /// Keep to the newest record as records are appended (`--follow`).
    follow: bool,
    /// Started the first time double-dummy mode needs it.
    solver: Option<SolverThread>,
    /// Auto-play is on.
    playing: bool,
    /// Auto-play's pace, one of `preferences::PACES`.
    pace: usize,
    /// The open deal as laid out for the screen now, anew after each
    /// change: drawn, and read by the scroll keys and the mouse.
    laid: Option<Laid>,
    /// A copy asked for, for the terminal to make.
    copy: Option<CopyFormat>,
    /// The keys the user moved.
    keys: Keymap,
    /// The seat at the bottom of a bridge deal that has none of its own.
    home: Seat,
}

impl App {
    pub fn new(catalog: Catalog, title: impl Into<String>, theme: Theme) -> App {
        let mut app = App {
            catalog,
            title: title.into(),
            theme,
            screen: Screen::List,
            list: ListState::default(),
            query: String::new(),
            count: None,
            filter: FilterLine::default(),
            filtering: None,
            filter_tables: FilterTables::default(),
            began_at: 0,
            hunt: None,
            mode: Mode::Normal,
            deal: None,
            results: None,
            statistics: None,
            board: Vec::new(),
            show_played: false,
            show_hcp: true,
            size: (80, 24),
            message: None,
            quit: false,
            pending_last: false,
            follow: false,
            solver: None,
            playing: false,
            pace: FIRST_PACE,
            laid: None,
            copy: None,
            keys: Keymap::default(),
            home: Seat::South,
        };
        app.prepare();
        app
    }

    /// The viewer as the user set it up (the config file).
    pub fn configured(mut self, preferences: &Preferences) -> App {
        self.show_hcp = preferences.hcp;
        self.pace = preferences.pace;
        self.keys = preferences.keys.clone();
        self.home = preferences.seat;
        self
    }

    /// Keeps the filters used in `file`, for ↑ and ↓ on the filter line.
    pub fn keeping_filters(mut self, file: std::path::PathBuf) -> App {
        self.filter = FilterLine::kept_in(file);
        self
    }

    /// Keeps to the newest record, now and as records are appended, like
    /// `tail -f`.
    pub fn following(mut self) -> App {
        self.follow = true;
        self.update(Action::Last);
        self
    }

    /// Takes in what the background work has found; whether the screen
    /// changed.
    pub fn tick(&mut self) -> bool {
        let solved = self.receive_solved()
            | self.count_on()
            | self.hunt_on()
            | self.take_filter(false)
            | self.filter_on()
            | self.receive_filter_tables()
            | self.tally_on();
        self.catalog.watch();
        let received = self.catalog.receive();
        let changes = self.catalog.changes();
        for &change in &changes {
            self.update(Action::FileChanged(change));
        }
        if !received && changes.is_empty() {
            // An answer, a match counted or a board found changes the
            // screen without the rest of `prepare`.
            if solved {
                self.lay_out();
            }
            return solved;
        }
        if self.pending_last && self.catalog.complete() {
            self.pending_last = false;
            self.select(usize::MAX);
        }
        self.prepare();
        true
    }

    /// Reads the records the screen is about to show, so that drawing
    /// only looks them up.
    fn prepare(&mut self) {
        // A record's partner too: the list shows a match board's swing.
        let rows = self.page();
        let offset = self.list.offset();
        for row in offset..offset + rows {
            self.catalog.partner(self.list.record_at(row));
        }
        self.catalog.partner(self.list.current());
        if let Some(deal) = &self.deal {
            self.catalog.load(deal.record());
        }
        for &i in &self.board {
            self.catalog.load(i);
        }
        self.ask_solver();
        self.lay_out();
    }

    /// A key press: the mode says what it asks for. Any key but one typed
    /// into a search puts away the last message.
    pub fn key(&mut self, key: KeyEvent) {
        if !matches!(self.mode, Mode::Search | Mode::Filter) {
            self.message = None;
        }
        match self.mode.action_for(key, self.screen, &self.keys) {
            Some(action) => self.update(action),
            // Any key stops auto-play, one that means nothing too.
            None if self.playing => self.update(Action::AutoPlay),
            None => {}
        }
    }

    pub fn mouse(&mut self, event: MouseEvent) {
        if self.screen == Screen::Deal {
            let rows = match event.kind {
                MouseEventKind::ScrollDown => scrolling::WHEEL_ROWS,
                MouseEventKind::ScrollUp => -scrolling::WHEEL_ROWS,
                _ => return,
            };
            if let Some(action) = self.wheel(event.column, event.row, rows) {
                self.update(action);
            }
            return;
        }
        if self.screen != Screen::List || self.overlay().is_some() {
            return;
        }
        let row = match event.kind {
            MouseEventKind::ScrollDown => self.list.selected().saturating_add(3),
            MouseEventKind::ScrollUp => self.list.selected().saturating_sub(3),
            MouseEventKind::Down(_) => match layout::list_row_at(self.size, event.column, event.row) {
                Some(row) => self.list.offset() + row,
                None => return,
            },
            _ => return,
        };
        self.update(Action::Select(row));
    }

    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = (width, height);
        self.select(self.list.selected());
        self.prepare();
    }

    /// Does an action; the only way the App's state changes besides the
    /// background work and the terminal's size.
    pub fn update(&mut self, action: Action) {
        self.act(action);
        self.mode = self.mode.after(action, self.screen);
        self.prepare();
    }

    /// What any action but a few gives up: a wish to go to the last
    /// record, auto-play, a board still being looked for.
    fn give_up_for(&mut self, action: Action) {
        self.pending_last = false;
        self.playing &= App::keeps_playing(action);
        if !matches!(
            action,
            Action::Open | Action::TypeBoardDigit(_) | Action::EraseBoardDigit | Action::FileChanged(_)
        ) {
            self.hunt = None;
        }
    }

    fn act(&mut self, action: Action) {
        self.give_up_for(action);
        match action {
            Action::Quit => self.quit = true,
            Action::Down => self.select(self.list.selected() + 1),
            Action::Up => self.select(self.list.selected().saturating_sub(1)),
            Action::PageDown => self.select(self.list.selected() + self.page()),
            Action::PageUp => self.select(self.list.selected().saturating_sub(self.page())),
            Action::First => self.select(0),
            Action::Last => {
                self.pending_last = !self.catalog.complete();
                self.select(usize::MAX);
            }
            Action::Select(item) => self.select(item),
            Action::FileChanged(change) => self.file_changed(change),
            Action::Open if self.hunt.is_some() => self.open_when_found(),
            Action::Open => self.open(self.list.current()),
            Action::Results => self.open_results(),
            Action::SortByScore => self.sort_by_score(),
            Action::Scroll(rows) => self.scroll(rows),
            Action::Statistics => self.open_statistics(),
            Action::MeasureDone => self.ask_measure(),
            Action::SolveFiltered => self.solve_filtered(),
            Action::Search
            | Action::SearchInput(_)
            | Action::SearchErase(_)
            | Action::Filter
            | Action::FilterInput(_)
            | Action::FilterErase(_)
            | Action::FilterRecall(_)
            | Action::FilterDone
            | Action::Cancel
            | Action::TypeBoardDigit(_)
            | Action::EraseBoardDigit => self.edit_typed(action),
            Action::NextMatch => self.find(true, 1),
            Action::PreviousMatch => self.find(false, 1),
            Action::NextRecord => self.open_next(1),
            Action::PreviousRecord => self.open_next(-1),
            Action::OtherTable => self.other_table(),
            Action::TogglePlayed => self.show_played = !self.show_played,
            Action::ToggleHcp | Action::DoubleDummy => self.relay(action),
            Action::Copy(format) => self.copy = Some(format),
            Action::SitAt(_) if self.deal.as_ref().is_some_and(|d| !d.turns()) => {
                self.message = Some("only a bridge table turns to a seat".to_string());
            }
            Action::ScrollPane(rows) => self.scroll_pane(None, rows),
            Action::HalfPagePane(halves) => self.half_page_pane(halves),
            Action::WheelPane(pane, rows) => self.scroll_pane(Some(pane), rows),
            Action::AutoPlay | Action::AutoStep | Action::Faster | Action::Slower => self.auto(action),
            Action::Back => self.back(),
            // The rest are the deal's to do; the overlays, `R` and the digits
            // of a trick number change only the mode.
            step => {
                if let Some(deal) = self.deal.as_mut() {
                    deal.step(step);
                }
            }
        }
    }

    /// What is typed (a search, a filter, a board number) changed, or
    /// given up: the mode says which it is.
    fn edit_typed(&mut self, action: Action) {
        match (action, &self.mode) {
            (Action::Cancel, Mode::Measure(_)) => {}
            (Action::Search | Action::SearchInput(_) | Action::SearchErase(_), _)
            | (Action::Cancel, Mode::Search) => {
                self.edit_search(action);
            }
            (Action::Cancel, Mode::Filter) | (Action::Filter | Action::FilterInput(_), _) => {
                self.edit_filter(action)
            }
            (Action::FilterErase(_) | Action::FilterRecall(_) | Action::FilterDone, _) => {
                self.edit_filter(action)
            }
            _ => self.type_board(action),
        }
    }

    /// The results or statistics screen scrolled.
    fn scroll(&mut self, rows: isize) {
        match (self.statistics.as_mut(), self.results.as_mut()) {
            (Some(statistics), _) if self.screen == Screen::Statistics => statistics.scroll(rows),
            (_, Some(results)) => results.scroll(rows),
            _ => {}
        }
    }

    fn back(&mut self) {
        self.results = None;
        // Statistics opened from a hand (its traveller) go back to it.
        if self.statistics.take().is_some() && self.deal.is_some() {
            self.screen = Screen::Deal;
            return;
        }
        // Results opened from a hand go back to it.
        if self.screen == Screen::Results && self.deal.is_some() {
            self.screen = Screen::Deal;
            return;
        }
        self.screen = Screen::List;
        self.deal = None;
        self.board.clear();
    }

    fn page(&self) -> usize {
        layout::list_rows(self.size).max(1)
    }

    /// Moves the list cursor, keeping it on screen.
    fn select(&mut self, row: usize) {
        let (len, page) = (self.list.len(self.catalog.len()), self.page());
        self.list.select(row, len, page);
    }

    fn open(&mut self, item: usize) {
        let Some(record) = self.catalog.load(item) else {
            return;
        };
        self.select(self.list.row_of(item));
        let mut next = DealState::new(&record, item, self.home);
        next.keep_dd(self.deal.as_ref());
        next.keep_seat(self.deal.as_ref());
        self.deal = Some(next);
        self.board = tables::board_run(&mut self.catalog, item);
        self.screen = Screen::Deal;
    }

    /// Opens the next or previous board: every table of a board (a pairs
    /// event's several, a match's two) is one board, and from a match's
    /// second table the next match opens at its second table too.
    fn open_next(&mut self, delta: isize) {
        if self.list.filtered() {
            return self.open_next_row(delta);
        }
        let current = self.list.current();
        let table = self.catalog.load(current).and_then(|r| r.table);
        // The open deal's board, as its title and `t` have it.
        let (first, last) = match (self.board.first(), self.board.last()) {
            (Some(&first), Some(&last)) => (first, last),
            _ => (current, current),
        };
        let target = if delta > 0 {
            Some(last + 1).filter(|&after| after < self.catalog.len())
        } else {
            let before = first.checked_sub(1);
            before.map(|b| tables::board_run(&mut self.catalog, b).first().map_or(b, |&i| i))
        };
        let Some(target) = target else {
            self.message = Some(if delta > 0 { "last board" } else { "first board" }.to_string());
            return;
        };
        let second = self.catalog.partner(target).filter(|&p| p > target);
        self.open(if table == Some(2) {
            second.unwrap_or(target)
        } else {
            target
        });
    }

    /// Opens the record of the next or previous row of a filtered list:
    /// the boards the filter lets through, in the list's order.
    fn open_next_row(&mut self, delta: isize) {
        let row = self.list.row_of(self.list.current());
        let rows = self.list.len(self.catalog.len());
        match row.checked_add_signed(delta).filter(|&r| r < rows) {
            Some(next) => self.open(self.list.record_at(next)),
            None => {
                let end = if delta > 0 {
                    "the last match"
                } else {
                    "the first match"
                };
                self.message = Some(format!("{end} of the filter"));
            }
        }
    }

    /// Switches to the board's next table (a match's other one; after a
    /// pairs event's last, its first), as far into the play as that table
    /// goes.
    fn other_table(&mut self) {
        let Some(deal) = &self.deal else { return };
        let tricks = deal.position().winners.len();
        let board = &self.board;
        let at = board.iter().position(|&i| i == deal.record());
        let other = at
            .filter(|_| board.len() > 1)
            .map(|at| board[(at + 1) % board.len()]);
        let Some((other, record)) = other.and_then(|o| Some((o, self.catalog.load(o)?))) else {
            // A scoring program's export lists the other tables' results
            // but not their play.
            let stated = (self.catalog.load(deal.record()))
                .is_some_and(|r| !crate::scoring::stated_tables(&r).is_empty());
            let why = if stated {
                "the file gives the other tables' results only, not their play"
            } else {
                "this board was played at one table"
            };
            self.message = Some(why.to_string());
            return;
        };
        let mut next = DealState::new(&record, other, self.home);
        next.keep_dd(Some(deal));
        next.keep_seat(Some(deal));
        next.step(Action::GotoTrick(tricks));
        self.select(self.list.row_of(other));
        self.deal = Some(next);
    }
}
