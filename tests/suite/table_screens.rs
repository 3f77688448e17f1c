//! The card table as the reader sees it: a trick with all four cards on
//! the table, at the smallest terminal, a common one and a large one.
//! Snapshots are plain text (styles aside), read by eye before accepted.

use crate::common;

use kibitzer::cli::buffer_text;
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::{Theme, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

/// The sample's first board at the end of trick 3, four cards on the
/// table and South's ace the winner.
fn full_trick(width: u16, height: u16, actions: &[Action]) -> String {
    let mut app = App::new(common::sample(), "sample.rbn", Theme::default());
    app.resize(width, height);
    app.update(Action::Open);
    app.update(Action::GotoTrick(3));
    actions.iter().for_each(|&a| app.update(a));
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    buffer_text(&buf)
}

#[test]
fn a_full_trick_on_the_table() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        insta::assert_snapshot!(format!("full_trick_{w}x{h}"), full_trick(w, h, &[]));
    }
}

#[test]
fn a_full_trick_seen_from_west() {
    let text = full_trick(80, 24, &[Action::SitAt(kibitzer::model::Seat::West)]);
    insta::assert_snapshot!("full_trick_from_west_80x24", text);
}
