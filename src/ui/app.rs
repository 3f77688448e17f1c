//! The one App: all the viewer's state, changed by `update` (besides what the
//! background work finds and the terminal's size).

use crossterm::event::{KeyEvent, MouseEvent, MouseEventKind};

use super::action::{Action, Overlay, Screen};
use super::deal::DealState;
use super::keys::Mode;
use super::layout;
use super::order::ListOrder;
use super::results::ResultsState;
use super::solver::SolverThread;
use super::tables;
use super::theme::Theme;
use super::theme::sanitize;
use crate::archive::{Catalog, Change, Found};

mod whole;

pub struct App {
    /// The records, read as they are shown.
    catalog: Catalog,
    title: String,
    theme: Theme,
    screen: Screen,
    selected: usize,
    offset: usize,
    /// The search typed last, kept for `n` and `N`.
    query: String,
    /// What keys mean now.
    mode: Mode,
    deal: Option<DealState>,
    /// The whole file's results, while their screen is open.
    results: Option<ResultsState>,
    /// The list's order when it is not the file's.
    order: Option<ListOrder>,
    /// The records of the open deal's board, one a table.
    board: Vec<usize>,
    show_played: bool,
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
}

impl App {
    pub fn new(catalog: Catalog, title: impl Into<String>, theme: Theme) -> App {
        let mut app = App {
            catalog,
            title: title.into(),
            theme,
            screen: Screen::List,
            selected: 0,
            offset: 0,
            query: String::new(),
            mode: Mode::Normal,
            deal: None,
            results: None,
            order: None,
            board: Vec::new(),
            show_played: false,
            size: (80, 24),
            message: None,
            quit: false,
            pending_last: false,
            follow: false,
            solver: None,
        };
        app.prepare();
        app
    }

    /// Keeps to the newest record, now and as records are appended, like
    /// `tail -f`.
    pub fn following(mut self) -> App {
        self.follow = true;
        self.update(Action::Last);
        self
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    pub fn theme(&self) -> Theme {
        self.theme
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The list row under the cursor.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The list row at the top of the screen.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The search typed last, or being typed.
    pub fn query(&self) -> &str {
        &self.query
    }

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    pub fn overlay(&self) -> Option<Overlay> {
        self.mode.overlay()
    }

    /// The deal open, if one is.
    pub fn deal(&self) -> Option<&DealState> {
        self.deal.as_ref()
    }

    /// The whole file's results, while their screen is open.
    pub fn results(&self) -> Option<&ResultsState> {
        self.results.as_ref()
    }

    /// Whether the list is in order of score rather than the file's.
    pub fn sorted(&self) -> bool {
        self.order.is_some()
    }

    /// The record the list shows at `row`.
    pub fn record_at(&self, row: usize) -> usize {
        self.order.as_ref().map_or(row, |o| o.record(row))
    }

    fn row_of(&self, record: usize) -> usize {
        self.order.as_ref().map_or(record, |o| o.row(record))
    }

    /// The records of the open deal's board, one a table (the deal's own
    /// among them).
    pub fn board(&self) -> &[usize] {
        &self.board
    }

    pub fn show_played(&self) -> bool {
        self.show_played
    }

    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Says something on the status line (until the next key clears it).
    pub fn notice(&mut self, text: &str) {
        self.message = Some(text.to_string());
    }

    /// Quit was asked for.
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Takes in what the background work has found; whether the screen
    /// changed.
    pub fn tick(&mut self) -> bool {
        let solved = self.receive_solved();
        self.catalog.watch();
        let received = self.catalog.receive();
        let changes = self.catalog.changes();
        for &change in &changes {
            self.update(Action::FileChanged(change));
        }
        if !received && changes.is_empty() {
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
        for row in self.offset..self.offset + rows {
            self.catalog.partner(self.record_at(row));
        }
        self.catalog.partner(self.record_at(self.selected));
        if let Some(deal) = &self.deal {
            self.catalog.load(deal.record());
        }
        for &i in &self.board {
            self.catalog.load(i);
        }
        self.ask_solver();
    }

    /// Hands the solver what the deal shown needs.
    fn ask_solver(&mut self) {
        let Some(deal) = self.deal.as_mut() else { return };
        let jobs = deal.dd_jobs();
        if jobs.is_empty() {
            return;
        }
        let solver = self.solver.get_or_insert_with(SolverThread::start);
        jobs.into_iter().for_each(|job| solver.ask(job));
    }

    /// Takes in the solver's answers; whether any was for the deal shown.
    /// Answers for a deal no longer open are dropped.
    fn receive_solved(&mut self) -> bool {
        let (Some(solver), Some(deal)) = (&self.solver, self.deal.as_mut()) else {
            return false;
        };
        let answers = solver.answers();
        let shown = answers.iter().any(|a| a.record() == deal.record());
        answers.into_iter().for_each(|a| deal.solved(a));
        shown
    }

    /// Waits, taking in answers, until the solver has answered all the
    /// deal shown needs, or `limit` has passed (for `show --dd` and tests;
    /// the viewer never waits). Whether it was answered.
    pub fn wait_for_solver(&mut self, limit: std::time::Duration) -> bool {
        let start = std::time::Instant::now();
        loop {
            self.tick();
            let Some(deal) = &self.deal else { return true };
            let (at, face_down) = (deal.stop().cards, !deal.face_down().is_empty());
            if deal.dd().settled(at, face_down) || !deal.dd().on {
                return true;
            }
            if start.elapsed() > limit {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// A key press: the mode says what it asks for. Any key but one typed
    /// into a search puts away the last message.
    pub fn key(&mut self, key: KeyEvent) {
        if self.mode != Mode::Search {
            self.message = None;
        }
        if let Some(action) = self.mode.action_for(key, self.screen) {
            self.update(action);
        }
    }

    pub fn mouse(&mut self, event: MouseEvent) {
        if self.screen != Screen::List || self.overlay().is_some() {
            return;
        }
        let row = match event.kind {
            MouseEventKind::ScrollDown => self.selected.saturating_add(3),
            MouseEventKind::ScrollUp => self.selected.saturating_sub(3),
            MouseEventKind::Down(_) => match layout::list_row_at(self.size, event.column, event.row) {
                Some(row) => self.offset + row,
                None => return,
            },
            _ => return,
        };
        self.update(Action::Select(row));
    }

    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = (width, height);
        self.select(self.selected);
        self.prepare();
    }

    /// Does an action; the only way the App's state changes besides the
    /// background work and the terminal's size.
    pub fn update(&mut self, action: Action) {
        self.act(action);
        self.mode = self.mode.after(action, self.screen);
        self.prepare();
    }

    fn act(&mut self, action: Action) {
        // Any other move forgets a wish to go to the last record.
        self.pending_last = false;
        match action {
            Action::Quit => self.quit = true,
            Action::Down => self.select(self.selected + 1),
            Action::Up => self.select(self.selected.saturating_sub(1)),
            Action::PageDown => self.select(self.selected + self.page()),
            Action::PageUp => self.select(self.selected.saturating_sub(self.page())),
            Action::First => self.select(0),
            Action::Last => {
                self.pending_last = !self.catalog.complete();
                self.select(usize::MAX);
            }
            Action::Select(item) => self.select(item),
            Action::FileChanged(change) => self.file_changed(change),
            Action::Open => self.open(self.record_at(self.selected)),
            Action::Results => self.open_results(),
            Action::SortByScore => self.sort_by_score(),
            Action::Scroll(rows) => {
                if let Some(results) = self.results.as_mut() {
                    results.scroll(rows);
                }
            }
            Action::Search | Action::SearchInput(_) | Action::SearchErase => self.edit_search(action),
            Action::Cancel if self.mode == Mode::Search => self.edit_search(action),
            Action::NextMatch => self.find(true, 1),
            Action::PreviousMatch => self.find(false, 1),
            Action::NextRecord => self.open_next(1),
            Action::PreviousRecord => self.open_next(-1),
            Action::OtherTable => self.other_table(),
            Action::TogglePlayed => self.show_played = !self.show_played,
            Action::Back => {
                self.screen = Screen::List;
                self.deal = None;
                self.board.clear();
                self.results = None;
            }
            // The rest are the deal's to do; the overlays, `R` and the digits
            // of a trick number change only the mode.
            step => {
                if let Some(deal) = self.deal.as_mut() {
                    deal.step(step);
                }
            }
        }
    }

    fn page(&self) -> usize {
        layout::list_rows(self.size).max(1)
    }

    /// Moves the list cursor, keeping it on screen.
    fn select(&mut self, item: usize) {
        self.selected = item.min(self.catalog.len().saturating_sub(1));
        let rows = self.page();
        if self.selected < self.offset {
            self.offset = self.selected;
        } else if self.selected >= self.offset + rows {
            self.offset = self.selected + 1 - rows;
        }
    }

    /// A file was read again: says what came of it, and stays on the same
    /// records where they still exist (or goes to the newest, following).
    fn file_changed(&mut self, c: Change) {
        let name = sanitize(self.catalog.file_name(c.file).unwrap_or_default());
        let said = match c.after.saturating_sub(c.before) {
            // A record still being written: more will come.
            0 if c.appended => None,
            1 if c.appended => Some(format!("1 new record in {name}")),
            n if c.appended => Some(format!("{n} new records in {name}")),
            _ => Some(format!("{name} changed; read again")),
        };
        if said.is_some() {
            self.message = said;
        }
        let open = self.deal.as_ref().map(|d| d.record());
        let (mut selected, mut deal) = (c.moved(self.selected), open.map(|i| c.moved(i)));
        if self.follow && c.after > c.before {
            selected = self.catalog.len().saturating_sub(1);
            deal = deal.map(|_| selected);
        }
        self.select(selected);
        match deal {
            Some(i) if !c.appended || Some(i) != open => {
                self.deal = None;
                self.screen = Screen::List;
                self.open(i);
            }
            _ => {}
        }
    }

    fn open(&mut self, item: usize) {
        let Some(record) = self.catalog.load(item) else {
            return;
        };
        self.select(self.row_of(item));
        let mut next = DealState::new(&record, item);
        next.keep_dd(self.deal.as_ref());
        self.deal = Some(next);
        self.board = tables::board_run(&mut self.catalog, item);
        self.screen = Screen::Deal;
    }

    /// Opens the next or previous board: the two tables of a match are one
    /// board, and the same table is opened at the next where it has two.
    fn open_next(&mut self, delta: isize) {
        let current = self.record_at(self.selected);
        let table = self.catalog.load(current).and_then(|r| r.table);
        let first = self.first_table(current);
        let target = if delta > 0 {
            let after = match self.catalog.partner(first) {
                Some(second) if second > first => second + 1,
                _ => first + 1,
            };
            (after < self.catalog.len()).then_some(after)
        } else {
            first.checked_sub(1).map(|before| self.first_table(before))
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

    /// The record of a board's first table.
    fn first_table(&mut self, i: usize) -> usize {
        match self.catalog.partner(i) {
            Some(first) if first < i => first,
            _ => i,
        }
    }

    /// Switches to the other table of a pair, as far into the play as the
    /// other table goes.
    fn other_table(&mut self) {
        let Some(deal) = &self.deal else { return };
        let tricks = deal.position().winners.len();
        let other = self.catalog.partner(deal.record());
        let Some((other, record)) = other.and_then(|o| Some((o, self.catalog.load(o)?))) else {
            self.message = Some("this board was played at one table".to_string());
            return;
        };
        let mut next = DealState::new(&record, other);
        next.keep_dd(Some(deal));
        next.step(Action::GotoTrick(tricks));
        self.select(self.row_of(other));
        self.deal = Some(next);
    }

    /// A search is begun, typed into or given up: each change moves to
    /// the first match from the cursor on.
    fn edit_search(&mut self, action: Action) {
        match action {
            Action::SearchInput(c) => self.query.push(c),
            Action::SearchErase => drop(self.query.pop()),
            // Begun afresh or given up.
            _ => return self.query.clear(),
        }
        self.message = None;
        self.find(true, 0);
    }

    /// Moves to the next (or previous) record matching the search,
    /// starting `skip` rows away from the cursor and wrapping around.
    fn find(&mut self, forward: bool, skip: usize) {
        let query = self.query.to_lowercase();
        if query.is_empty() {
            return;
        }
        let from = self.record_at(self.selected);
        match self.catalog.search(&query, from, forward, skip == 0) {
            Found::At(item) => self.select(self.row_of(item)),
            Found::Nowhere => self.message = Some(format!("no match for {}", self.query)),
            Found::Stopped(item) => {
                self.select(self.row_of(item));
                self.message = Some(format!("no match up to record {}; n searches on", item + 1));
            }
        }
    }
}
