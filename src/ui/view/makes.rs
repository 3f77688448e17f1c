//! Double-dummy makes (RBN's M label) as a small table: a row per seat, a
//! column per strain.

use ratatui::text::{Line, Span};

use crate::model::{MAKES_ORDER, Makes, Seat, TrickList};
use crate::ui::theme::Theme;

pub fn lines(makes: &Makes, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(list) = &makes.contract {
        lines.push(Line::raw(format!("Contract makes {}", tricks(list))));
    }
    if let Some(list) = &makes.leads {
        lines.push(Line::raw(format!("After each lead {}", tricks(list))));
    }
    if makes.north_south.is_some() || makes.west_east.is_some() {
        let mut head = vec![Span::styled("     ", theme.strong())];
        for strain in MAKES_ORDER {
            head.push(Span::styled(
                format!("{:>3}", theme.strain(strain)),
                theme.strain_style(strain),
            ));
        }
        lines.push(Line::from(head));
        for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
            let cells: String = makes
                .for_seat(seat)
                .iter()
                .map(|n| n.map_or("  ?".to_string(), |n| format!("{n:>3}")))
                .collect();
            lines.push(Line::raw(format!("{:<5}{cells}", seat.name())));
        }
    }
    lines
}

fn tricks(list: &TrickList) -> String {
    let mut text: Vec<String> = list.values.iter().map(u8::to_string).collect();
    if list.unknown_rest {
        text.push("?".to_string());
    }
    text.join(" ")
}
