//! The search's words marked where they stand in a line of the list, in
//! either case, as the search finds them.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::ui::theme::Theme;

/// How a found word is marked: it must stand out in the cursor's
/// reversed row too.
pub fn style(theme: Theme) -> Style {
    let marked = Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
    if theme.color {
        marked.fg(Color::Yellow)
    } else {
        marked
    }
}

/// The line with every place where one of the (lowercased) words stands
/// drawn in `found` over its own style.
pub fn marked(line: Line<'static>, words: &[String], found: Style) -> Line<'static> {
    let spans = line.spans.into_iter().flat_map(|span| split(span, words, found));
    Line {
        spans: spans.collect(),
        ..line
    }
}

/// A span cut where the words start and end.
fn split(span: Span<'static>, words: &[String], found: Style) -> Vec<Span<'static>> {
    let chars: Vec<char> = span.content.chars().collect();
    // One character for one, so that places in the two agree.
    let lower: Vec<char> = chars
        .iter()
        .map(|c| c.to_lowercase().next().unwrap_or(*c))
        .collect();
    let mut inside = vec![false; chars.len()];
    for word in words {
        let word: Vec<char> = word.chars().collect();
        if word.is_empty() || word.len() > lower.len() {
            continue;
        }
        for start in 0..=lower.len() - word.len() {
            if lower[start..start + word.len()] == word[..] {
                inside[start..start + word.len()].fill(true);
            }
        }
    }
    if !inside.contains(&true) {
        return vec![span];
    }
    let mut spans = Vec::new();
    let mut start = 0;
    for end in 1..=chars.len() {
        if end == chars.len() || inside[end] != inside[start] {
            let text: String = chars[start..end].iter().collect();
            let style = if inside[start] {
                span.style.patch(found)
            } else {
                span.style
            };
            spans.push(Span::styled(text, style));
            start = end;
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    use super::*;

    #[test]
    fn every_place_a_word_stands_is_marked_in_either_case() {
        let theme = Theme::default();
        let line = Line::from(vec![
            Span::raw("Ann-Bob v "),
            Span::styled("ANNA", Style::new().fg(Color::Red)),
        ]);
        let line = marked(line, &["ann".to_string()], style(theme));
        let mut buf = Buffer::empty(Rect::new(0, 0, 16, 1));
        line.render(buf.area, &mut buf);
        let mut expected = Buffer::with_lines(["Ann-Bob v ANNA  "]);
        expected.set_style(Rect::new(0, 0, 3, 1), style(theme));
        expected.set_style(
            Rect::new(10, 0, 3, 1),
            Style::new().fg(Color::Red).patch(style(theme)),
        );
        expected.set_style(Rect::new(13, 0, 1, 1), Style::new().fg(Color::Red));
        assert_eq!(buf, expected);
    }

    #[test]
    fn a_line_without_the_words_is_left_as_it_was() {
        let line = Line::raw("Cleo-Dan");
        assert_eq!(marked(line.clone(), &["ann".to_string()], Style::new()), line);
        let plain = Theme {
            color: false,
            ..Theme::default()
        };
        assert_eq!(style(plain).fg, None);
    }
}
