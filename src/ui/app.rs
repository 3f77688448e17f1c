//! The one App: all the viewer's state, changed only by `update`.

use crossterm::event::{KeyCode, KeyEvent, MouseEvent, MouseEventKind};

use super::deal::DealState;
use super::keys::action_for;
use super::layout;
use super::theme::Theme;
use crate::archive::{Catalog, Found};
use crate::model::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    List,
    Deal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    Help,
    Problems,
}

/// Everything the user can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Quit,
    Help,
    Problems,
    Down,
    Up,
    PageDown,
    PageUp,
    First,
    Last,
    Open,
    Search,
    NextMatch,
    PreviousMatch,
    StepForward,
    StepBack,
    TrickForward,
    TrickBack,
    Start,
    End,
    /// A digit of a trick number; the key's digit is read by the handler.
    Digit,
    NextRecord,
    PreviousRecord,
    OtherTable,
    RevealAll,
    RevealSeat,
    TogglePlayed,
    Back,
}

/// The search line: what is typed and whether it is being typed.
#[derive(Clone, Debug, Default)]
pub struct Search {
    pub query: String,
    pub editing: bool,
}

pub struct App {
    /// The records, read as they are shown.
    pub catalog: Catalog,
    pub title: String,
    pub theme: Theme,
    pub screen: Screen,
    pub selected: usize,
    pub offset: usize,
    pub search: Search,
    pub deal: Option<DealState>,
    pub overlay: Option<Overlay>,
    pub show_played: bool,
    pub size: (u16, u16),
    pub message: Option<String>,
    pub quit: bool,
    /// The last record was asked for before all were found: go there when
    /// they are.
    pending_last: bool,
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
            search: Search::default(),
            deal: None,
            overlay: None,
            show_played: false,
            size: (80, 24),
            message: None,
            quit: false,
            pending_last: false,
        };
        app.prepare();
        app
    }

    /// Takes in what the background work has found; whether the screen
    /// changed.
    pub fn tick(&mut self) -> bool {
        if !self.catalog.receive() {
            return false;
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
        let rows = self.page();
        for i in self.offset..self.offset + rows {
            self.catalog.load(i);
        }
        self.catalog.load(self.selected);
        if let Some(partner) = self.catalog.partner(self.selected) {
            self.catalog.load(partner);
        }
        if let Some(deal) = &self.deal {
            self.catalog.load(deal.record);
        }
    }

    /// A key press: typed text goes to whatever is being typed, else the
    /// key table names the action.
    pub fn key(&mut self, key: KeyEvent) {
        self.handle_key(key);
        self.prepare();
    }

    fn handle_key(&mut self, key: KeyEvent) {
        if self.search.editing {
            return self.search_key(key);
        }
        self.message = None;
        if let Some(deal) = self.deal.as_mut().filter(|d| d.pending_seat) {
            deal.pending_seat = false;
            if let KeyCode::Char(c) = key.code
                && let Some(seat) = Seat::from_letter(c)
            {
                deal.toggle_seat(seat);
            }
            return;
        }
        if self.overlay.is_some() && matches!(key.code, KeyCode::Esc | KeyCode::Enter) {
            self.overlay = None;
            return;
        }
        if let Some(deal) = self.deal.as_mut().filter(|_| self.screen == Screen::Deal) {
            match key.code {
                KeyCode::Char(d @ '0'..='9') => {
                    deal.trick_input.push(d);
                    return;
                }
                KeyCode::Enter if !deal.trick_input.is_empty() => {
                    deal.goto_typed_trick();
                    return;
                }
                KeyCode::Backspace | KeyCode::Esc if !deal.trick_input.is_empty() => {
                    deal.trick_input.clear();
                    return;
                }
                _ => {}
            }
        }
        if let Some(action) = action_for(key, self.screen) {
            self.update(action);
        }
    }

    pub fn mouse(&mut self, event: MouseEvent) {
        if self.screen != Screen::List || self.overlay.is_some() {
            return;
        }
        match event.kind {
            MouseEventKind::ScrollDown => self.select(self.selected.saturating_add(3)),
            MouseEventKind::ScrollUp => self.select(self.selected.saturating_sub(3)),
            MouseEventKind::Down(_) => {
                if let Some(row) = layout::list_row_at(self.size, event.column, event.row) {
                    self.select(self.offset + row);
                }
            }
            _ => {}
        }
        self.prepare();
    }

    pub fn resize(&mut self, width: u16, height: u16) {
        self.size = (width, height);
        self.select(self.selected);
        self.prepare();
    }

    pub fn update(&mut self, action: Action) {
        self.act(action);
        self.prepare();
    }

    fn act(&mut self, action: Action) {
        // Any other move forgets a wish to go to the last record.
        self.pending_last = false;
        match action {
            Action::Quit => self.quit = true,
            Action::Help => self.toggle_overlay(Overlay::Help),
            Action::Problems => self.toggle_overlay(Overlay::Problems),
            Action::Down => self.select(self.selected + 1),
            Action::Up => self.select(self.selected.saturating_sub(1)),
            Action::PageDown => self.select(self.selected + self.page()),
            Action::PageUp => self.select(self.selected.saturating_sub(self.page())),
            Action::First => self.select(0),
            Action::Last => {
                self.pending_last = !self.catalog.complete();
                self.select(usize::MAX);
            }
            Action::Open => self.open(self.selected),
            Action::Search => {
                self.search = Search {
                    query: String::new(),
                    editing: true,
                }
            }
            Action::NextMatch => self.find(true, 1),
            Action::PreviousMatch => self.find(false, 1),
            Action::NextRecord => self.open_next(1),
            Action::PreviousRecord => self.open_next(-1),
            Action::OtherTable => self.other_table(),
            Action::TogglePlayed => self.show_played = !self.show_played,
            Action::Back => {
                self.screen = Screen::List;
                self.deal = None;
            }
            step => {
                if let Some(deal) = self.deal.as_mut() {
                    deal.step(step);
                }
            }
        }
    }

    fn toggle_overlay(&mut self, overlay: Overlay) {
        self.overlay = if self.overlay == Some(overlay) {
            None
        } else {
            Some(overlay)
        };
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

    fn open(&mut self, item: usize) {
        let Some(record) = self.catalog.load(item) else {
            return;
        };
        self.select(item);
        self.deal = Some(DealState::new(&record, item));
        self.screen = Screen::Deal;
    }

    /// Opens the next or previous board: the two tables of a match are one
    /// board, and the same table is opened at the next where it has two.
    fn open_next(&mut self, delta: isize) {
        let table = self.catalog.load(self.selected).and_then(|r| r.table);
        let first = self.first_table(self.selected);
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
        let other = self.catalog.partner(deal.record);
        let Some((other, record)) = other.and_then(|o| Some((o, self.catalog.load(o)?))) else {
            self.message = Some("this board was played at one table".to_string());
            return;
        };
        let mut next = DealState::new(&record, other);
        next.goto_trick(tricks);
        self.select(other);
        self.deal = Some(next);
    }

    fn search_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Enter => self.search.editing = false,
            KeyCode::Esc => self.search = Search::default(),
            KeyCode::Backspace => {
                self.search.query.pop();
                self.find(true, 0);
            }
            KeyCode::Char(c) => {
                self.search.query.push(c);
                self.message = None;
                self.pending_last = false;
                self.find(true, 0);
            }
            _ => {}
        }
    }

    /// Moves to the next (or previous) record matching the search,
    /// starting `skip` rows away from the cursor and wrapping around.
    fn find(&mut self, forward: bool, skip: usize) {
        let query = self.search.query.to_lowercase();
        if query.is_empty() {
            return;
        }
        match self.catalog.search(&query, self.selected, forward, skip == 0) {
            Found::At(item) => self.select(item),
            Found::Nowhere => self.message = Some(format!("no match for {}", self.search.query)),
            Found::Stopped(item) => {
                self.select(item);
                self.message = Some(format!("no match up to record {}; n searches on", item + 1));
            }
        }
    }
}
