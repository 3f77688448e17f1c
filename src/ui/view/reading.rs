//! The screen while the files are still being read, before there is a
//! list to show: what is read, for how long so far, and how to give up.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::ui::theme::{Theme, sanitize};

/// `Reading FILE… 3 s` in the middle of the screen, `q quits` under it.
pub fn render_reading(title: &str, spent: Duration, theme: Theme, area: Rect, buf: &mut Buffer) {
    let lines = vec![
        Line::raw(format!("Reading {}… {} s", sanitize(title), spent.as_secs())),
        Line::styled("q quits", theme.dim()),
    ];
    let top = area.height.saturating_sub(2) / 2;
    let area = Rect {
        y: area.y + top,
        height: area.height - top,
        ..area
    };
    Paragraph::new(lines)
        .centered()
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Modifier;

    #[test]
    fn says_what_is_read_and_how_to_give_up() {
        let area = Rect::new(0, 0, 30, 5);
        let mut buf = Buffer::empty(area);
        let theme = Theme {
            ascii: false,
            color: false,
            ..Theme::default()
        };
        render_reading(
            "big\x1b[2J.lin",
            Duration::from_millis(2500),
            theme,
            area,
            &mut buf,
        );
        let rows: Vec<String> = (0..5)
            .map(|y| (0..30).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .map(|row| row.trim_end().to_string())
            .collect();
        assert_eq!(
            rows,
            [
                "",
                "   Reading big\u{FFFD}[2J.lin… 2 s",
                "            q quits",
                "",
                ""
            ]
        );
        assert!(buf[(12, 2)].modifier.contains(Modifier::DIM));
        assert!(!buf[(3, 1)].modifier.contains(Modifier::DIM));
    }
}
