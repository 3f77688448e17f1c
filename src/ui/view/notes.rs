//! The notes pane: the author's free text where it belongs and the notes to
//! calls and cards once the replay reaches them. Nothing that belongs to a
//! later card shows early.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span as TextSpan};

use super::scroll::PaneText;

use crate::model::{Commentary, EntryRef, Game, Note, NoteScope, Record, Run};
use crate::replay::Shown;
use crate::ui::suitwords;
use crate::ui::theme::Theme;

pub struct NotesPane<'a> {
    pub record: &'a Record,
    /// What the replay has reached and may show.
    pub shown: &'a Shown,
    /// Lines before the notes that wrap: the match around the deal, the
    /// tags.
    pub extra: Vec<Line<'static>>,
    /// Tables before the notes (makes, score tables), cut at the pane's
    /// edge rather than wrapped so their columns stay aligned.
    pub tables: Vec<Line<'static>>,
    /// What the replay had reached before the notes reached last, whose
    /// start the pane follows; None to follow from the pane's top.
    pub before: Option<Shown>,
    pub theme: Theme,
}

/// A note or comment, for telling which were reached last.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Item {
    Commentary(usize),
    Note(usize),
    Pinochle(usize),
}

impl Item {
    fn reached(self, shown: &Shown) -> bool {
        match self {
            Item::Commentary(i) => shown.commentary.contains(&i),
            Item::Note(i) => shown.notes.contains(&i),
            Item::Pinochle(i) => shown.pinochle_notes.contains(&i),
        }
    }
}

/// The lines end in a blank line (the first line is the blank before
/// each text): one more break would add a second.
fn blank_ends(lines: &[Line]) -> bool {
    let empty = |l: &Line| l.spans.iter().all(|s| s.content.is_empty());
    match lines {
        [one] => empty(one),
        [.., before, last] => empty(before) && empty(last),
        [] => false,
    }
}

fn raised(c: char) -> char {
    match c {
        '0'..='9' => ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'][c as usize - '0' as usize],
        '+' => '⁺',
        '-' => '⁻',
        'n' => 'ⁿ',
        other => other,
    }
}

impl NotesPane<'_> {
    /// A comment's lines; rows the author set out in text are folded at
    /// `width` rather than wrapped at words, so their columns stay and
    /// nothing of them is lost.
    fn commentary_lines(&self, c: &Commentary, width: u16) -> Vec<Line<'static>> {
        let mut lines = vec![Line::default()];
        for span in &c.text.runs {
            match span {
                Run::Fixed(text) => {
                    let row = Line::from(suitwords::spans(text, Style::new(), self.theme));
                    let mut rows = fold(&row, width).into_iter();
                    if let (Some(line), Some(first)) = (lines.last_mut(), rows.next()) {
                        *line = first;
                    }
                    lines.extend(rows);
                }
                // Programs pad their text with blank lines: one is enough.
                Run::LineBreak if blank_ends(&lines) => {}
                Run::LineBreak => lines.push(Line::default()),
                Run::Text { text, emphasis } => {
                    let mut style = Style::new();
                    if emphasis.italic {
                        style = style.add_modifier(Modifier::ITALIC);
                    }
                    if emphasis.bold {
                        style = style.add_modifier(Modifier::BOLD);
                    }
                    let text: String = if emphasis.superscript {
                        text.chars().map(raised).collect()
                    } else {
                        text.clone()
                    };
                    if let Some(line) = lines.last_mut() {
                        line.spans.extend(suitwords::spans(&text, style, self.theme));
                    }
                }
            }
        }
        lines
    }

    fn note_line(&self, note: &Note) -> Line<'static> {
        let scope = if note.scope == NoteScope::Auction {
            "auction"
        } else {
            "play"
        };
        let label = match note.number {
            0 => format!("{scope}: "),
            9 if note.scope == NoteScope::Play => "rest of the play: ".to_string(),
            n => format!("{n} ({scope}): "),
        };
        let mut spans = vec![TextSpan::styled(label, self.theme.accent())];
        spans.extend(suitwords::spans(&note.text, Style::new(), self.theme));
        Line::from(spans)
    }

    /// Each note and comment reached, in the order of the deal: what
    /// comes before the auction, then the auction's notes and text, then
    /// the play's, so the newest is last.
    fn items(&self, width: u16) -> Vec<(Item, Vec<Line<'static>>)> {
        let (r, shown) = (self.record, self.shown);
        let mut items: Vec<(u8, Item, Vec<Line<'static>>)> = Vec::new();
        for (i, c) in shown
            .commentary
            .iter()
            .filter_map(|&i| Some((i, r.commentary.get(i)?)))
        {
            let phase = match (c.entry, c.after) {
                (Some(EntryRef::Call(_)), _) => 1,
                (Some(EntryRef::Play(_)), _) => 3,
                (None, Some('A' | 'C')) => 2,
                (None, Some('P' | 'R' | 'M' | 'I')) => 4,
                _ => 0,
            };
            items.push((phase, Item::Commentary(i), self.commentary_lines(c, width)));
        }
        for (i, n) in shown.notes.iter().filter_map(|&i| Some((i, r.notes.get(i)?))) {
            let phase = if n.scope == NoteScope::Auction { 1 } else { 3 };
            items.push((phase, Item::Note(i), vec![self.note_line(n)]));
        }
        if let Game::Pinochle(p) = &r.game {
            for (i, note) in shown
                .pinochle_notes
                .iter()
                .filter_map(|&i| Some((i, p.notes.get(i)?)))
            {
                let label = if note.chat { "chat " } else { "note " };
                let mut spans = vec![TextSpan::styled(label, self.theme.accent())];
                spans.extend(suitwords::spans(&note.text, Style::new(), self.theme));
                items.push((3, Item::Pinochle(i), vec![Line::from(spans)]));
            }
        }
        items.sort_by_key(|(phase, ..)| *phase);
        items.into_iter().map(|(_, item, lines)| (item, lines)).collect()
    }

    /// The text of each note and comment reached, as drawn before it is
    /// wrapped.
    pub fn reached(&self) -> Vec<String> {
        let text = |lines: Vec<Line>| {
            lines
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        };
        self.items(u16::MAX)
            .into_iter()
            .map(|(_, lines)| text(lines))
            .collect()
    }

    /// The pane's lines, and the first of what the replay reached last
    /// (the top, when everything came at the start).
    fn lines(&self, width: u16) -> (Vec<Line<'static>>, usize) {
        let (r, shown) = (self.record, self.shown);
        // Analysis and tags stand first: they do not change as the replay
        // goes, and what the replay reaches last should stay in view.
        let mut lines: Vec<Line<'static>> = self.extra.to_vec();
        lines.extend(self.tables.iter().map(|l| cut(l, width)));
        let mut newest = None;
        for (item, item_lines) in self.items(width) {
            if newest.is_none() && self.before.as_ref().is_some_and(|b| !item.reached(b)) {
                newest = Some(lines.len());
            }
            lines.extend(item_lines);
        }
        for plain in &r.plain {
            lines.push(Line::from(suitwords::spans(plain, self.theme.dim(), self.theme)));
        }
        // The question last, where it is always in view.
        if let Some(question) = &shown.question {
            // The author's own question is in the text above.
            let ask = if question.authors { "" } else { &question.ask };
            lines.push(Line::styled(
                format!("{ask}  (→ shows the answer)").trim_start().to_string(),
                self.theme.warning(),
            ));
        }
        (lines, newest.unwrap_or(0))
    }
}

impl NotesPane<'_> {
    /// The notes as rows wrapped at `width`, the newest last.
    pub fn text(&self, width: u16) -> PaneText {
        let (body, newest) = self.lines(width);
        PaneText {
            body,
            wrap: true,
            follow: Some(newest),
            ..PaneText::default()
        }
    }
}

/// A row set out in text, in rows of at most `width` columns: the rest of
/// a row too wide for the pane goes on the next, column for column.
fn fold(line: &Line<'static>, width: u16) -> Vec<Line<'static>> {
    let width = usize::from(width.max(1));
    let mut rows = vec![Vec::new()];
    let mut used = 0;
    for span in &line.spans {
        let mut kept = String::new();
        for c in span.content.chars() {
            let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if used + w > width {
                if let Some(row) = rows.last_mut() {
                    row.push(TextSpan::styled(std::mem::take(&mut kept), span.style));
                }
                rows.push(Vec::new());
                used = 0;
            }
            kept.push(c);
            used += w;
        }
        if let Some(row) = rows.last_mut() {
            row.push(TextSpan::styled(kept, span.style));
        }
    }
    rows.into_iter()
        .map(|spans| Line::from(spans).style(line.style))
        .collect()
}

/// A row of a table cut to `width` columns, so that wrapping leaves it
/// whole; a `…` says where it was cut.
fn cut(line: &Line<'static>, width: u16) -> Line<'static> {
    let width = width as usize;
    if line.width() <= width {
        return line.clone();
    }
    let mut left = width.saturating_sub(1);
    let mut spans = Vec::new();
    for span in &line.spans {
        let kept: String = span
            .content
            .chars()
            .scan(0, |used, c| {
                *used += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
                (*used <= left).then_some(c)
            })
            .collect();
        left -= unicode_width::UnicodeWidthStr::width(kept.as_str());
        spans.push(TextSpan::styled(kept, span.style));
    }
    spans.push(TextSpan::raw("…"));
    Line::from(spans).style(line.style)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Pos, SourceFormat};
    use crate::notation::markup;
    use crate::replay::{Replay, shown, stops};
    use crate::ui::view::scroll::ScrollBox;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    /// A PBN comment as its program wrapped it at about 40 columns, then
    /// a blank line and a second paragraph.
    const RAGGED: &str = "<b>Bidding.</b> North holds 13 points\nand opens 1\\D.\n\nEast leads the \\SQ.";

    /// The notes pane at the start of the replay, following it (`manual`
    /// None) or scrolled by hand.
    fn pane_with(record: &Record, replay: &Replay, manual: Option<usize>, buf: &mut Buffer) {
        let shown = shown(record, replay, &stops(record, replay), 0);
        let pane = NotesPane {
            record,
            shown: &shown,
            extra: Vec::new(),
            tables: Vec::new(),
            before: None,
            theme: Theme::default(),
        };
        draw(&pane, manual, buf);
    }

    fn draw(pane: &NotesPane, manual: Option<usize>, buf: &mut Buffer) {
        let text = pane.text(buf.area.width - 2);
        let scroll = ScrollBox {
            title: "Notes",
            text: &text,
            manual,
            focused: false,
            theme: Theme::default(),
        };
        (&scroll).render(buf.area, buf);
    }

    fn commented(text: &str) -> Record {
        let mut record = Record::new(1, 1, SourceFormat::Pbn, Game::bridge());
        record.commentary.push(Commentary {
            after: None,
            entry: None,
            text: markup::rich(text),
            pos: Pos::default(),
        });
        record
    }

    #[test]
    fn paragraphs_flow_to_the_pane_width() {
        let record = commented(RAGGED);
        let mut buf = Buffer::empty(Rect::new(0, 0, 24, 8));
        pane_with(&record, &Replay::new(&record), None, &mut buf);
        let mut expected = Buffer::with_lines([
            "┌ Notes ───────────────┐",
            "│Bidding. North holds  │",
            "│13 points and opens   │",
            "│1♦.                   │",
            "│                      │",
            "│East leads the ♠Q.    │",
            "│                      │",
            "└──────────────────────┘",
        ]);
        expected.set_style(Rect::new(1, 1, 8, 1), Style::new().add_modifier(Modifier::BOLD));
        expected.set_style(Rect::new(1, 3, 2, 1), Style::new().fg(ratatui::style::Color::Red));
        assert_eq!(buf, expected);
    }

    /// 20 letters in 10 columns: two rows by width, three by words.
    #[test]
    fn the_last_word_wrapped_can_be_scrolled_into_view() {
        let record = commented("aaaaaa bbbbbb cccccc");
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 4));
        pane_with(&record, &Replay::new(&record), Some(usize::MAX), &mut buf);
        let mut expected =
            Buffer::with_lines(["┌ Notes ─▲1┐", "│bbbbbb    │", "│cccccc    │", "└──────────┘"]);
        expected.set_style(Rect::new(9, 0, 2, 1), Theme::default().accent());
        assert_eq!(buf, expected);
    }

    fn reached(commentary: Vec<usize>) -> Shown {
        Shown {
            quiz: None,
            question: None,
            contract: true,
            result: true,
            analysis: true,
            commentary,
            notes: Vec::new(),
            pinochle_notes: Vec::new(),
            seat_changes: Vec::new(),
            kontra_said: usize::MAX,
        }
    }

    /// Two comments after a header of five lines: the pane opens at its
    /// top, and once the second comment is reached, shows it from its start.
    #[test]
    fn the_pane_follows_from_the_start_of_what_was_reached_last() {
        let mut record = commented("first");
        record.commentary.push(Commentary {
            after: None,
            entry: None,
            text: markup::rich("second, long enough to wrap over more rows than the pane shows"),
            pos: Pos::default(),
        });
        let extra: Vec<Line<'static>> = (1..=5).map(|n| Line::raw(format!("header {n}"))).collect();
        let mut pane = NotesPane {
            record: &record,
            shown: &reached(vec![0, 1]),
            extra,
            tables: Vec::new(),
            before: None,
            theme: Theme::default(),
        };
        let rows = |pane: &NotesPane| {
            let mut buf = Buffer::empty(Rect::new(0, 0, 16, 6));
            draw(pane, None, &mut buf);
            (1..5)
                .map(|y| (1..15).map(|x| buf[(x, y)].symbol()).collect::<String>())
                .map(|row| row.trim_end().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(rows(&pane), ["header 1", "header 2", "header 3", "header 4"]);
        pane.before = Some(reached(vec![0]));
        assert_eq!(
            rows(&pane),
            [
                "second, long",
                "enough to wrap",
                "over more rows",
                "than the pane"
            ]
        );
    }
}
