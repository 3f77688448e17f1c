//! What the viewer draws for LIN: a BBO hand record with an alert, its
//! explanation and a claim; a vugraph board in both rooms; commentary
//! (`nt`) where it was typed. Snapshots were read by eye before they were
//! accepted.

use crate::common;

use common::screen;
use kibitzer::ui::Theme;

use std::path::Path;

use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;

/// Opens record `record` (0-based) of a LIN fixture and applies the actions.
fn lin_at(file: &str, width: u16, height: u16, record: usize, actions: &[Action]) -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(file);
    let mut app = App::new(common::catalog(&path), file, Theme::default());
    app.resize(width, height);
    (0..record).for_each(|_| app.update(Action::Down));
    app.update(Action::Open);
    actions.iter().for_each(|&a| app.update(a));
    app
}

const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

fn both_sizes(name: &str, make: impl Fn(u16, u16) -> App) {
    for (w, h) in SIZES {
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), screen(&make(w, h)));
    }
}

#[test]
fn hand_record_with_an_alert_and_a_claim() {
    both_sizes("lin_alert_and_claim", |w, h| {
        lin_at("quirks.lin", w, h, 0, &[Action::End])
    });
}

#[test]
fn vugraph_open_room() {
    both_sizes("lin_vugraph_open_room", |w, h| {
        lin_at("vugraph.lin", w, h, 0, &[Action::End])
    });
}

#[test]
fn vugraph_closed_room() {
    both_sizes("lin_vugraph_closed_room", |w, h| {
        lin_at("vugraph.lin", w, h, 0, &[Action::End, Action::OtherTable])
    });
}

#[test]
fn commentary_where_it_was_typed() {
    // After the first trick, where the commentator spoke.
    both_sizes("lin_commentary_after_trick_one", |w, h| {
        lin_at("vugraph.lin", w, h, 0, &[Action::TrickForward])
    });
}
