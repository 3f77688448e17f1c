//! The notes pane: the author's free text where it belongs and the notes to
//! calls and cards once the replay reaches them. Nothing that belongs to a
//! later card shows early.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span as TextSpan};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::model::{Commentary, EntryRef, Game, Note, NoteScope, Record, Span};
use crate::replay::Shown;
use crate::ui::suitwords;
use crate::ui::theme::Theme;

pub struct NotesPane<'a> {
    pub record: &'a Record,
    /// What the replay has reached and may show.
    pub shown: &'a Shown,
    /// Extra lines at the end, such as the double-dummy table on narrow
    /// screens.
    pub extra: Vec<Line<'static>>,
    pub theme: Theme,
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
    fn commentary_lines(&self, c: &Commentary) -> Vec<Line<'static>> {
        let mut lines = vec![Line::default()];
        for span in &c.text.spans {
            match span {
                Span::LineBreak => lines.push(Line::default()),
                Span::Text { text, emphasis } => {
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

    fn lines(&self) -> Vec<Line<'static>> {
        let (r, shown) = (self.record, self.shown);
        // Analysis and tags stand first: they do not change as the replay
        // goes, and what the replay reaches last should stay in view.
        let mut lines: Vec<Line<'static>> = self.extra.to_vec();
        // In the order of the deal: what comes before the auction, then the
        // auction's notes and text, then the play's, so the newest is last.
        let mut items: Vec<(u8, Vec<Line<'static>>)> = Vec::new();
        for c in shown.commentary.iter().filter_map(|&i| r.commentary.get(i)) {
            let phase = match (c.entry, c.after) {
                (Some(EntryRef::Call(_)), _) => 1,
                (Some(EntryRef::Play(_)), _) => 3,
                (None, Some('A' | 'C')) => 2,
                (None, Some('P' | 'R' | 'M' | 'I')) => 4,
                _ => 0,
            };
            items.push((phase, self.commentary_lines(c)));
        }
        for n in shown.notes.iter().filter_map(|&i| r.notes.get(i)) {
            let phase = if n.scope == NoteScope::Auction { 1 } else { 3 };
            items.push((phase, vec![self.note_line(n)]));
        }
        if let Game::Pinochle(p) = &r.game {
            for note in shown.pinochle_notes.iter().filter_map(|&i| p.notes.get(i)) {
                let label = if note.chat { "chat " } else { "note " };
                let mut spans = vec![TextSpan::styled(label, self.theme.accent())];
                spans.extend(suitwords::spans(&note.text, Style::new(), self.theme));
                items.push((3, vec![Line::from(spans)]));
            }
        }
        items.sort_by_key(|(phase, _)| *phase);
        lines.extend(items.into_iter().flat_map(|(_, l)| l));
        for plain in &r.plain {
            lines.push(Line::from(suitwords::spans(plain, self.theme.dim(), self.theme)));
        }
        // The question last, where it is always in view.
        if let Some(question) = shown.question {
            lines.push(Line::styled(
                format!("{}  (→ shows the answer)", question.ask),
                self.theme.warning(),
            ));
        }
        lines
    }
}

impl Widget for &NotesPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = Block::bordered().title(" Notes ");
        let inner = block.inner(area);
        block.render(area, buf);
        let notes = Paragraph::new(self.lines()).wrap(Wrap { trim: false });
        // What was reached last stays in view: count the rows as wrapped
        // at word boundaries, which can take more than the width divides.
        let total = u16::try_from(notes.line_count(inner.width)).unwrap_or(u16::MAX);
        let scroll = total.saturating_sub(inner.height);
        notes.scroll((scroll, 0)).render(inner, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Pos, SourceFormat};
    use crate::notation::markup;
    use crate::replay::{Replay, shown, stops};

    /// A PBN comment as its program wrapped it at about 40 columns, then
    /// a blank line and a second paragraph.
    const RAGGED: &str = "<b>Bidding.</b> North holds 13 points\nand opens 1\\D.\n\nEast leads the \\SQ.";

    fn pane_with(record: &Record, replay: &Replay, buf: &mut Buffer) {
        let shown = shown(record, replay, &stops(record, replay), 0);
        let pane = NotesPane {
            record,
            shown: &shown,
            extra: Vec::new(),
            theme: Theme::default(),
        };
        (&pane).render(buf.area, buf);
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
        pane_with(&record, &Replay::new(&record), &mut buf);
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
    fn the_last_word_wrapped_stays_in_view() {
        let record = commented("aaaaaa bbbbbb cccccc");
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 4));
        pane_with(&record, &Replay::new(&record), &mut buf);
        assert_eq!(
            buf,
            Buffer::with_lines(["┌ Notes ───┐", "│bbbbbb    │", "│cccccc    │", "└──────────┘"])
        );
    }
}
