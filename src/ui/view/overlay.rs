//! Boxes drawn over a screen: the help, made from the key table, and the
//! problems of the record at hand.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::model::Record;
use crate::ui::keys::{BINDINGS, Keymap, Scope};
use crate::ui::theme::{Theme, sanitize};

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    cell
}

/// Clears the box and a column or row around it, so that the screen
/// behind never runs up to its border.
fn clear_around(rect: Rect, area: Rect, buf: &mut Buffer) {
    let x = rect.x.saturating_sub(1).max(area.x);
    let y = rect.y.saturating_sub(1).max(area.y);
    let right = (rect.right() + 1).min(area.right());
    let bottom = (rect.bottom() + 1).min(area.bottom());
    Clear.render(Rect::new(x, y, right - x, bottom - y), buf);
}

/// A box of lines, as tall as they are once wrapped to its width.
fn boxed(title: &str, lines: Vec<Line<'static>>, width: u16, area: Rect, buf: &mut Buffer) {
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let rows = text.line_count(width.min(area.width).saturating_sub(2));
    let rect = centered(
        area,
        width,
        u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2),
    );
    clear_around(rect, area, buf);
    text.block(Block::bordered().title(title)).render(rect, buf);
}

fn scope_lines(scope: Scope, theme: Theme, keys: &Keymap) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(scope.name(), theme.strong())];
    for b in BINDINGS.iter().filter(|b| b.scope == scope) {
        lines.push(Line::from(vec![
            // A gap after even a label too long for its column (keys moved).
            Span::styled(format!(" {:<10} ", keys.label(b)), theme.accent()),
            Span::raw(b.help),
        ]));
    }
    lines
}

/// Every key of the key table, in two columns so that it fits 80x24: the
/// deal view's keys on the right, the others on the left, a blank line
/// between scopes where the height allows.
pub fn help(theme: Theme, keys: &Keymap, area: Rect, buf: &mut Buffer) {
    let left_scopes = [Scope::Anywhere, Scope::List, Scope::Results];
    let blocks: Vec<Vec<Line<'static>>> = left_scopes.iter().map(|&s| scope_lines(s, theme, keys)).collect();
    let lines: usize = blocks.iter().map(Vec::len).sum();
    let spaced = lines + blocks.len() - 1 + 2 <= usize::from(area.height);
    let mut left = Vec::new();
    for block in blocks {
        if spaced && !left.is_empty() {
            left.push(Line::default());
        }
        left.extend(block);
    }
    let right = scope_lines(Scope::Deal, theme, keys);
    let height = left.len().max(right.len()) as u16 + 2;
    let rect = centered(area, 78, height);
    clear_around(rect, area, buf);
    // The way out on the border, where it costs no row.
    let close = Line::styled(" Esc or ? closes this help ", theme.dim()).right_aligned();
    let block = Block::bordered().title(" Keys ").title_bottom(close);
    let inner = block.inner(rect);
    block.render(rect, buf);
    let [l, r] = Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)])
        .spacing(1)
        .areas(inner);
    Paragraph::new(left).render(l, buf);
    Paragraph::new(right).render(r, buf);
}

pub fn problems(records: &[&Record], theme: Theme, area: Rect, buf: &mut Buffer) {
    let mut lines = Vec::new();
    for r in records {
        for p in &r.problems {
            lines.push(Line::from(vec![
                Span::styled(format!("{}:{} ", p.pos.line, p.pos.col), theme.warning()),
                Span::raw(sanitize(&p.message)),
            ]));
        }
    }
    if lines.is_empty() {
        lines.push(Line::raw("No problems in this record."));
    }
    // Each problem takes a row or, wrapped in the box, a few: keep to
    // about as many as the screen holds.
    let width = area.width.saturating_sub(8).min(100);
    let rows = |l: &Line| {
        l.width()
            .div_ceil(usize::from(width.saturating_sub(2)).max(1))
            .max(1)
    };
    let room = area.height.saturating_sub(4) as usize;
    let mut used = 0;
    let fit = lines.iter().take_while(|l| {
        used += rows(l);
        used <= room
    });
    let room = fit.count().max(1);
    if lines.len() > room {
        let room = room.max(2);
        let more = lines.len() - room + 1;
        lines.truncate(room - 1);
        lines.push(Line::styled(
            format!("… and {more} more (kibitzer check lists them all)"),
            theme.dim(),
        ));
    }
    boxed(" Problems ", lines, width, area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::keys::Binding;

    /// Every binding's keys and words show at the smallest terminal
    /// kibitzer supports: a binding added where it does not fit fails
    /// here, not on a user's screen.
    #[test]
    fn a_long_problem_wraps_in_its_box_and_the_screen_behind_stays_out() {
        use crate::model::{Game, Pos, Problem, SourceFormat};
        let mut r = Record::new(1, 1, SourceFormat::Pbn, Game::bridge());
        let long = "the auction ends in 3N by West, but the tags say Contract 3NT, Declarer S, \
                    and a message this long runs past the box's right edge";
        r.problems.push(Problem::new(Pos::new(23, 1), long));
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::filled(area, ratatui::buffer::Cell::new("x"));
        problems(&[&r], Theme::default(), area, &mut buf);
        let text = crate::cli::buffer_text(&buf);
        assert!(
            text.contains("right edge"),
            "the end of the message is in the box:\n{text}"
        );
        let row = text.lines().find(|l| l.contains("┌ Problems")).unwrap();
        assert!(
            row.starts_with("xxx ┌"),
            "a blank column before the border:\n{text}"
        );
    }

    #[test]
    fn the_help_shows_every_key_at_80x24() {
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        help(Theme::default(), &Keymap::default(), area, &mut buf);
        let text = crate::cli::buffer_text(&buf);
        let row = |b: &Binding| format!("{:<11}{}", b.label, b.help);
        for b in BINDINGS {
            // Two scopes may word a key alike: each needs a row of its own.
            let wanted = BINDINGS.iter().filter(|o| row(o) == row(b)).count();
            let shown = text.matches(&row(b)).count();
            assert_eq!(shown, wanted, "{:?} in the help:\n{text}", row(b));
        }
    }
}
