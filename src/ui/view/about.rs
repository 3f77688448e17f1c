//! What a record says of the match around the deal: the teams and their
//! carryovers, the session, the form of scoring and the author's items.
//! Drawn at the top of the notes, before what the author wrote.

use ratatui::text::{Line, Span};

use crate::model::Record;
use crate::ui::theme::{Theme, sanitize};

pub fn lines(record: &Record, theme: Theme) -> Vec<Line<'static>> {
    let items: Vec<String> = record.items.iter().map(ToString::to_string).collect();
    let facts = [
        // Programs write the team tags with no names where no teams played.
        (
            "Teams",
            record
                .teams
                .as_ref()
                .filter(|t| t.names.iter().any(|n| !n.trim().is_empty()))
                .map(ToString::to_string),
        ),
        ("Session", record.session.as_ref().map(ToString::to_string)),
        ("Scoring", record.scoring.as_ref().map(ToString::to_string)),
        ("Items", (!items.is_empty()).then(|| items.join(" "))),
    ];
    facts
        .into_iter()
        .filter_map(|(label, value)| {
            let value = value.filter(|v| !v.trim().is_empty())?;
            Some(Line::from(vec![
                Span::styled(format!("{label} "), theme.dim()),
                Span::raw(sanitize(&value)),
            ]))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Carryover, Game, Hundredths, Item, Scoring, ScoringForm, SourceFormat, Teams};

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn the_match_around_the_deal_is_shown() {
        let mut r = Record::new(1, 1, SourceFormat::Rbn, Game::bridge());
        assert!(lines(&r, Theme::default()).is_empty());
        r.teams = Some(Teams {
            names: ["Italy".into(), "USA".into()],
            carryovers: [
                Some(Carryover(vec![Hundredths(99900)])),
                Some(Carryover(vec![Hundredths(2200)])),
            ],
        });
        r.scoring = Some(Scoring {
            form: ScoringForm::Imps,
            modifier: Some("1952".into()),
        });
        r.items = vec![
            Item {
                key: "4S".into(),
                value: Some("10".into()),
            },
            Item {
                key: "lesson".into(),
                value: None,
            },
        ];
        assert_eq!(
            text(&lines(&r, Theme::default())),
            [
                "Teams Italy (999) v USA (22)",
                "Scoring IMPs (1952)",
                "Items 4S=10 lesson"
            ]
        );
    }
}
