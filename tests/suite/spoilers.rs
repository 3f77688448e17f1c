//! At every quiz point of every record in assets/ and ../shared/corpus, at
//! 80x24, neither the deal view nor the record's list row shows what is
//! decided after the point: the contract, the result and score, or the
//! author's later text. What is forbidden comes from the model; what is
//! on screen from the real drawing.

use crate::common;

use std::path::Path;

use kibitzer::archive::Catalog;
use kibitzer::cli::buffer_text;
use kibitzer::model::{Commentary, EntryRef, QuizPoint, Record, Run, SourceFormat};
use kibitzer::replay::{Stop, asks};
use kibitzer::ui::action::Action;
use kibitzer::ui::app::App;
use kibitzer::ui::view::header::{contract_short, contract_spans};
use kibitzer::ui::{Theme, layout, view};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const SIZE: (u16, u16) = (80, 24);

fn screen_lines(app: &App) -> Vec<String> {
    let area = Rect::new(0, 0, SIZE.0, SIZE.1);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    buffer_text(&buf).lines().map(plain).collect()
}

/// A screen line with its frames taken out and its spaces run together,
/// for looking text up in it.
fn plain(line: &str) -> String {
    let unframed: String = line
        .chars()
        .map(|c| {
            if ('\u{2500}'..='\u{257f}').contains(&c) {
                ' '
            } else {
                c
            }
        })
        .collect();
    unframed.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn text_of(spans: &[ratatui::text::Span]) -> String {
    spans.iter().map(|s| s.content.as_ref()).collect()
}

/// The contract as the header and the list write it, and the scores a
/// result line or list row would give.
fn answer_strings(record: &Record) -> Vec<String> {
    let theme = Theme::default();
    let mut out = Vec::new();
    if let Some(c) = record.contract() {
        out.push(text_of(&contract_spans(&c, theme)));
        out.push(text_of(&contract_short(&c, theme)));
    }
    let scores = [record.declarer_score(), record.comparable_score()];
    out.extend(
        scores
            .into_iter()
            .flatten()
            .filter(|s| s.abs() >= 50)
            .map(|s| format!("{s:+}")),
    );
    out
}

/// Whether the author's text `c` belongs after the stop: to a call not
/// yet shown, a card not yet played, or the end of the play.
fn comes_later(c: &Commentary, stop: &Stop, played: &[usize]) -> bool {
    match (c.entry, c.after) {
        (Some(EntryRef::Call(i)), _) => i >= stop.calls,
        (Some(EntryRef::Play(e)), _) => !played.contains(&e),
        (None, Some('R' | 'M' | 'I')) => true,
        _ => false,
    }
}

/// Runs of three words of the author's text that comes after the stop,
/// less any that text before it has too.
fn later_phrases(record: &Record, stop: &Stop, played: &[usize]) -> Vec<String> {
    let phrases = |c: &Commentary| -> Vec<String> {
        let text: String = c
            .text
            .runs
            .iter()
            .map(|s| match s {
                Run::Text { text, .. } | Run::Fixed(text) => text.as_str(),
                Run::LineBreak => " ",
            })
            .collect();
        let words: Vec<&str> = text.split_whitespace().collect();
        words
            .windows(3)
            .map(|w| w.join(" "))
            .filter(|p| p.len() >= 12)
            .collect()
    };
    let (later, before): (Vec<&Commentary>, Vec<&Commentary>) = record
        .commentary
        .iter()
        .partition(|c| comes_later(c, stop, played));
    let seen: Vec<String> = before.into_iter().flat_map(phrases).collect();
    later
        .into_iter()
        .flat_map(phrases)
        // Suits in the text are drawn as symbols: such phrases are not
        // looked for.
        .filter(|p| !seen.contains(p) && !p.contains('\\') && p.is_ascii())
        .collect()
}

/// Whether the auction on screen has reached the contract.
fn contract_reached(record: &Record, stop: &Stop) -> bool {
    let auction = record.auction();
    let entries = auction.map_or(0, |a| a.entries.len());
    auction.is_some_and(|a| a.final_contract().is_some()) && stop.calls >= entries
}

/// What a screen shows that it should not: each forbidden string found.
fn spoiled(lines: &[String], forbidden: &[String]) -> Vec<String> {
    forbidden
        .iter()
        .filter(|f| lines.iter().any(|l| l.contains(f.as_str())))
        .cloned()
        .collect()
}

/// Every quiz point of the record at `i`, then its list row.
fn check_record(app: &mut App, i: usize, record: &Record, faults: &mut Vec<String>) {
    app.update(Action::Select(i));
    app.update(Action::Open);
    let answers = answer_strings(record);
    // Past the last card a quiz point stands before, none is left.
    let last = record.quiz_points().into_iter().map(|q| match q {
        QuizPoint::BeforeCall(_) => 0,
        QuizPoint::BeforeCard(n) => n,
    });
    let last = last.max().unwrap_or(0);
    let mut guard = 0;
    loop {
        let deal = app.deal().unwrap();
        let stop = deal.stop();
        if stop.quiz.is_some() {
            let steps = &deal.replay().timeline.steps[..stop.cards];
            let played: Vec<usize> = steps.iter().map(|s| s.entry).collect();
            let mut forbidden = later_phrases(record, &stop, &played);
            // A question after cards played (third hand to play) is
            // asked against the contract, and the leader is on the table.
            if !contract_reached(record, &stop) && stop.cards == 0 {
                forbidden.extend(answers.iter().take(2).cloned());
                // The seat to lead would name declarer.
                forbidden.push("▸".to_string());
            }
            forbidden.extend(answers.iter().skip(2).cloned());
            for found in spoiled(&screen_lines(app), &forbidden) {
                faults.push(format!("record {} at step {guard}: {found:?}", record.number));
            }
        }
        if deal.at_end() || deal.stop().cards > last || guard > 2000 {
            break;
        }
        app.update(Action::StepForward);
        guard += 1;
    }
    app.update(Action::Back);
    let areas = layout::list_areas(Rect::new(0, 0, SIZE.0, SIZE.1));
    let row = usize::from(areas.table.y) + 1 + app.list().selected() - app.list().offset();
    let line = screen_lines(app)[row].clone();
    if !line.contains("quiz") {
        faults.push(format!(
            "record {}'s list row does not say quiz: {line:?}",
            record.number
        ));
    }
    for found in spoiled(std::slice::from_ref(&line), &answers) {
        faults.push(format!(
            "record {}'s list row: {found:?} in {line:?}",
            record.number
        ));
    }
}

/// Whether a file could hold a quiz point, to spare reading the rest:
/// only PBN (`[Hidden`, a call or card of underscores) and RBN (hands
/// hidden with `;`, `Y`) write them.
fn may_ask(path: &Path) -> bool {
    let Ok(bytes) = std::fs::read(path) else {
        return false;
    };
    let text = String::from_utf8_lossy(&bytes);
    match kibitzer::archive::detect(path, &bytes) {
        Some(SourceFormat::Pbn) => {
            text.contains("Hidden") || text.split_whitespace().any(|w| w.starts_with('_'))
        }
        Some(SourceFormat::Rbn | SourceFormat::Rbx) => true,
        _ => false,
    }
}

/// The records of a file that ask the reader something; each checked.
fn check_file(path: &Path, faults: &mut Vec<String>) -> usize {
    if !may_ask(path) {
        return 0;
    }
    let Ok(mut catalog) = Catalog::open(&[path]) else {
        return 0;
    };
    catalog.wait_done();
    let asking: Vec<(usize, std::sync::Arc<Record>)> = (0..catalog.len())
        .filter_map(|i| Some((i, catalog.load(i)?)))
        .filter(|(_, r)| asks(r))
        .collect();
    if asking.is_empty() {
        return 0;
    }
    let mut app = App::new(catalog, "spoilers", Theme::default());
    app.resize(SIZE.0, SIZE.1);
    let mut file_faults = Vec::new();
    for (i, record) in &asking {
        check_record(&mut app, *i, record, &mut file_faults);
    }
    faults.extend(
        file_faults
            .into_iter()
            .map(|f| format!("{}: {f}", path.display())),
    );
    asking.len()
}

#[test]
fn no_quiz_point_shows_its_answer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    common::every_file(&root.join("assets"), &mut files);
    files.push(root.join("tests/fixtures/teaching.pbn"));
    if let Some(corpus) = common::corpus() {
        common::every_file(&corpus, &mut files);
    }
    let mut faults = Vec::new();
    let records: usize = files.iter().map(|f| check_file(f, &mut faults)).sum();
    println!(
        "{records} records with a quiz point checked in {} files",
        files.len()
    );
    assert!(records >= 3, "the sample's quizzes at least");
    assert!(
        faults.is_empty(),
        "{} spoilers:\n{}",
        faults.len(),
        faults.join("\n")
    );
}

/// A Preferans game's results are its end: no deal's screen shows them,
/// at its first step or its last, in the Notes at full height or not; the
/// score sheet opened from the list does.
#[test]
fn a_preferans_game_results_wait_for_its_score_sheet() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/preferans.ppn");
    let archive = kibitzer::archive::Archive::open(&path).unwrap();
    let records: Vec<Record> = archive.records().collect();
    let stated: Vec<&str> = records[0]
        .tags
        .iter()
        .filter(|(n, _)| n.starts_with("Result"))
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(stated.len(), 3);
    for record in 0..records.len() {
        for end in [false, true] {
            let mut app = App::new(common::catalog(&path), "preferans.ppn", Theme::default());
            app.resize(120, 40);
            (0..record).for_each(|_| app.update(Action::Down));
            app.update(Action::Open);
            if end {
                app.update(Action::End);
            }
            let area = Rect::new(0, 0, 120, 40);
            let mut buf = Buffer::empty(area);
            view::render(&app.scene(), area, &mut buf);
            let text = buffer_text(&buf);
            for value in &stated {
                assert!(
                    !text.contains(value),
                    "deal {} shows {value}:\n{text}",
                    record + 1
                );
            }
            assert!(!text.contains("Result1"));
        }
    }
    let mut app = App::new(common::catalog(&path), "preferans.ppn", Theme::default());
    app.resize(120, 40);
    app.update(Action::Results);
    let area = Rect::new(0, 0, 120, 40);
    let mut buf = Buffer::empty(area);
    view::render(&app.scene(), area, &mut buf);
    assert!(buffer_text(&buf).contains(&format!("stated {}", stated[0])));
}
