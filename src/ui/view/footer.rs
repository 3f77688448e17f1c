//! The footer: where the replay stands, and the keys that matter on this
//! screen for this game, as many as the width holds, help always last.

use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::scene::Scene;
use super::seat_label::truncate;
use crate::model::{Record, Segment};
use crate::replay::{PrefStep, Shown};
use crate::ui::action::{Action, Screen};
use crate::ui::copy_format::CopyFormat;
use crate::ui::deal::DealState;
use crate::ui::keys::Mode;
use crate::ui::keys::footer::{matters, offers};

/// The deal view's footer: the step, auto-play's pace while it runs, and
/// the keys; or what a key half typed waits for.
pub fn deal_footer(
    scene: &Scene,
    record: &Record,
    deal: &DealState,
    shown: &Shown,
    width: u16,
) -> Line<'static> {
    let theme = scene.theme;
    match scene.mode {
        Mode::Seat => return Line::styled("Reveal which seat? n e s w", theme.warning()),
        Mode::Sitting => return Line::styled("Sit at which seat? n e s w", theme.warning()),
        Mode::Copy => return Line::styled(copy_menu(), theme.warning()),
        Mode::TrickNumber(typed) => {
            return Line::styled(format!("Go to trick {typed}▏ (Enter)"), theme.warning());
        }
        _ => {}
    }
    let mut spans = vec![Span::styled(
        format!("{}  ", step(record, deal, shown)),
        theme.strong(),
    )];
    if let Some(pace) = scene.auto_play {
        let pace = format!("▶ {:.1} s  ", pace.as_secs_f64());
        spans.push(Span::styled(pace, theme.accent()));
    }
    let tables = scene.board.len();
    let keep = |action| matters(action, record, tables);
    footer(scene, Screen::Deal, spans, width, keep)
}

/// The copy menu: `Copy: p PBN  r RBN  l LIN  b BBO link  d diagram  Esc`.
fn copy_menu() -> String {
    let choices: Vec<String> = CopyFormat::ALL
        .iter()
        .map(|f| format!("{} {}", f.letter(), f.label()))
        .collect();
    format!("Copy: {}  Esc", choices.join("  "))
}

/// The footer of the list or the results screen.
pub fn screen_footer(scene: &Scene, screen: Screen, width: u16) -> Line<'static> {
    footer(scene, screen, Vec::new(), width, |_| true)
}

/// `lead` followed by the screen's keys that fit in `width`, the help
/// key kept last; a message instead of the keys while there is one.
fn footer(
    scene: &Scene,
    screen: Screen,
    mut lead: Vec<Span<'static>>,
    width: u16,
    keep: impl Fn(Action) -> bool,
) -> Line<'static> {
    let theme = scene.theme;
    if let Some(message) = scene.message {
        let used: usize = lead.iter().map(|s| s.content.width()).sum();
        let room = usize::from(width).saturating_sub(used);
        lead.push(Span::styled(middle_cut(message, room), theme.warning()));
        return Line::from(lead);
    }
    let mut offers = offers(screen, scene.auto_play.is_some(), scene.keys, keep);
    let help = offers
        .iter()
        .position(|(_, w)| *w == "help")
        .map(|i| offers.remove(i));
    let used: usize = lead.iter().map(|s| s.content.chars().count()).sum();
    let reserved = help.as_ref().map_or(0, |(k, w)| k.chars().count() + w.len() + 2);
    let mut room = usize::from(width).saturating_sub(used + reserved);
    let mut text = Vec::new();
    for (keys, word) in offers {
        let item = format!("{keys} {word}");
        let len = item.chars().count() + 2;
        if len > room {
            break;
        }
        room -= len;
        text.push(item);
    }
    text.extend(help.map(|(k, w)| format!("{k} {w}")));
    lead.push(Span::styled(text.join("  "), theme.dim()));
    Line::from(lead)
}

/// `message` in `width` columns, cut in the middle where it is longer:
/// its end says where (the file a copy was kept in), its start what.
fn middle_cut(message: &str, width: usize) -> String {
    if message.width() <= width || width < 3 {
        return truncate(message, width);
    }
    let end_room = width / 2;
    let mut end = Vec::new();
    let mut used = 0;
    for c in message.chars().rev() {
        let w = c.width().unwrap_or(0);
        if used + w > end_room {
            break;
        }
        used += w;
        end.push(c);
    }
    let mut cut = truncate(message, width - used);
    cut.extend(end.into_iter().rev());
    cut
}

/// Where the replay stands, in the game's words: `call 3 of 12`, `before
/// the lead`, `card 5 of 52`, `quiz: your call`.
pub fn step(record: &Record, deal: &DealState, shown: &Shown) -> String {
    let stop = deal.stop();
    let calls = record.auction().map_or(0, |a| a.entries.len());
    let cards = deal.replay().len();
    match (&shown.question, stop.segment) {
        (Some(question), _) => return format!("quiz: {}", question.short),
        (None, Some(Segment::Auction)) => {
            let bids = record.pinochle().map_or(0, |p| p.bids().len());
            return format!("bid {} of {bids}", stop.calls);
        }
        (None, Some(segment)) => return segment_name(segment).to_string(),
        (None, None) => {}
    }
    if let Some(step) = stop.pref {
        return pref_step(record, step);
    }
    if stop.calls == 0 && calls > 0 && stop.quiz.is_none() {
        "before the first call".to_string()
    } else if stop.calls < calls {
        format!("call {} of {calls}", stop.calls)
    } else if cards == 0 {
        "no play recorded".to_string()
    } else if stop.cards == 0 {
        "before the lead".to_string()
    } else {
        format!("card {} of {cards}", stop.cards)
    }
}

/// A Preferans deal's step before the play: `the deal`, `call 3 of 5`,
/// `talon`, `kontra 1 of 2`.
fn pref_step(record: &Record, step: PrefStep) -> String {
    let calls = record.preferans().map_or(0, |p| p.calls.len());
    let kontras = record
        .preferans()
        .and_then(|p| p.kontra.zip(p.main))
        .map_or(0, |(k, main)| k.said(main).len());
    match step {
        PrefStep::Dealt => "the deal".to_string(),
        PrefStep::Call(n) => format!("call {n} of {calls}"),
        PrefStep::Talon => "talon".to_string(),
        PrefStep::Discard => "discard".to_string(),
        PrefStep::Contract => "contract".to_string(),
        PrefStep::Follow(n) => format!("follower {n} of 2"),
        PrefStep::Kontra(n) => format!("kontra {n} of {kontras}"),
    }
}

fn segment_name(segment: Segment) -> &'static str {
    match segment {
        Segment::Deal => "the deal",
        Segment::Auction => "the auction",
        Segment::Exchange => "the exchange",
        Segment::Meld => "the meld",
        Segment::Play => "the play",
        Segment::Result => "the result",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message too long for the footer keeps its end, the file a copy
    /// went to, and is cut in the middle; one that fits is left alone.
    #[test]
    fn a_long_message_is_cut_in_the_middle() {
        let said = "copied deal as LIN (570 B); also in /a/long/cache/folder/kibitzer/deal.lin";
        let cut = middle_cut(said, 40);
        assert!(cut.width() <= 40, "{cut}");
        assert!(cut.starts_with("copied deal as LIN"), "{cut}");
        assert!(cut.ends_with("kibitzer/deal.lin"), "{cut}");
        assert!(cut.contains('…'), "{cut}");
        assert_eq!(middle_cut("copied", 40), "copied");
        assert_eq!(middle_cut("copied", 2), "c…");
    }
}
