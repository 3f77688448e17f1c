//! `kibitzer show`: the deal view as plain text, drawn by the app's own
//! drawing code into a buffer of the size asked for.

use std::io::{self, Write};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::archive::Catalog;
use crate::ui::action::Action;
use crate::ui::app::App;
use crate::ui::preferences::Preferences;
pub use crate::ui::view::buffer_text;
use crate::ui::{Theme, view};

pub struct ShowOptions {
    pub record: usize,
    /// Counts `record` among the records this filter lets through.
    pub filter: Option<crate::filter::Filter>,
    pub step: usize,
    pub reveal: bool,
    /// Double-dummy mode on, the solver's answers waited for.
    pub dd: bool,
    pub width: u16,
    pub height: u16,
    pub theme: Theme,
    /// The config file's seat, HCP, pace and keys.
    pub preferences: Preferences,
}

/// The app at record `record` (1-based), `step` steps into the replay.
pub fn app_at(mut catalog: Catalog, title: &str, o: &ShowOptions) -> Option<App> {
    let nth = o.record.checked_sub(1)?;
    // Every record found, so that "record 55 of N" gives the real total.
    catalog.find_all_unchecked();
    let index = match &o.filter {
        // However long it takes: a command waits for its answer.
        Some(filter) => *catalog
            .filtered_from(filter, 0, std::time::Duration::from_secs(1 << 30))
            .0
            .get(nth)?,
        None => nth,
    };
    if index >= catalog.len() {
        return None;
    }
    let mut app = App::new(catalog, title, o.theme).configured(&o.preferences);
    app.resize(o.width, o.height);
    app.update(Action::Select(index));
    app.update(Action::Open);
    app.deal().filter(|d| d.record() == index)?;
    (0..o.step).for_each(|_| app.update(Action::StepForward));
    if o.reveal && app.deal().is_some_and(|d| !d.face_down().is_empty()) {
        app.update(Action::RevealAll);
    }
    if o.dd {
        app.update(Action::DoubleDummy);
        app.wait_for_solver(std::time::Duration::from_secs(600));
    }
    Some(app)
}

pub fn show(app: &App, width: u16, height: u16, out: &mut impl Write) -> io::Result<()> {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    out.write_all(buffer_text(&buf).as_bytes())
}
