//! The labels of free words: T L E F K S N B I. Colons separate their parts.

use super::Issue;
use super::contract::hundredths_fault;
use crate::model::{
    Board, Carryover, Hundredths, Item, Players, Scoring, ScoringForm, Seat, SeatMap, Session, SessionDetail,
    Stage, Teams, TwoPart,
};

/// L and E: a general part, then optionally a specific one.
pub fn two_part(data: &str) -> TwoPart {
    match data.split_once(':') {
        Some((first, second)) => TwoPart {
            first: first.to_string(),
            second: Some(second.to_string()),
        },
        None => TwoPart {
            first: data.to_string(),
            second: None,
        },
    }
}

/// T: title, then author after the last colon (titles may hold colons).
pub fn title(data: &str) -> TwoPart {
    match data.rsplit_once(':') {
        Some((title, author)) => TwoPart {
            first: title.to_string(),
            second: Some(author.to_string()),
        },
        None => two_part(data),
    }
}

pub fn write_two_part(t: &TwoPart) -> String {
    t.text()
}

pub fn scoring(data: &str) -> Scoring {
    let part = two_part(data);
    Scoring {
        form: ScoringForm::from_code(&part.first),
        modifier: part.second,
    }
}

pub fn write_scoring(s: &Scoring) -> String {
    write_two_part(&TwoPart {
        first: s.form.code(),
        second: s.modifier.clone(),
    })
}

/// One carryover: signed amounts in hundredths run together (`99-8`).
fn carryover(text: &str, at: usize, issues: &mut Vec<Issue>) -> Option<Carryover> {
    if text.is_empty() {
        return None;
    }
    let mut terms = Vec::new();
    let mut start = 0;
    for (i, _) in text
        .match_indices(['+', '-'])
        .filter(|&(i, _)| i > 0)
        .chain([(text.len(), "")])
    {
        let term = &text[start..i];
        match term.parse::<Hundredths>() {
            Ok(h) => {
                terms.push(h);
                issues.extend(hundredths_fault(term, at + start));
            }
            Err(_) => issues.push(Issue::new(
                at + start,
                format!("`{term}` is not a carryover amount"),
            )),
        }
        start = i;
    }
    Some(Carryover(terms))
}

pub fn teams(data: &str, issues: &mut Vec<Issue>) -> Teams {
    let parts: Vec<&str> = data.splitn(4, ':').collect();
    let offset = |n: usize| parts[..n].iter().map(|p| p.len() + 1).sum::<usize>();
    let mut teams = Teams::default();
    for (i, name) in parts.iter().take(2).enumerate() {
        teams.names[i] = name.to_string();
    }
    for i in 0..2 {
        if let Some(text) = parts.get(i + 2) {
            teams.carryovers[i] = carryover(text, offset(i + 2), issues);
        }
    }
    teams
}

pub fn write_teams(t: &Teams) -> String {
    let amount = |c: &Option<Carryover>| c.as_ref().map_or(String::new(), ToString::to_string);
    let mut out = format!("{}:{}", t.names[0], t.names[1]);
    if t.carryovers.iter().any(Option::is_some) {
        out.push_str(&format!(":{}", amount(&t.carryovers[0])));
    }
    if t.carryovers[1].is_some() {
        out.push_str(&format!(":{}", amount(&t.carryovers[1])));
    }
    out
}

fn stage(text: &str) -> Stage {
    let upper = text.to_ascii_uppercase();
    match upper.as_str() {
        "F" => Stage::Final,
        "P" => Stage::Playoff,
        "S" => Stage::Semifinal,
        "Q" => Stage::Quarterfinal,
        "I" => Stage::Initial,
        _ => match (text.parse(), upper.strip_prefix('R').and_then(|n| n.parse().ok())) {
            (Ok(n), _) => Stage::Session(n),
            (_, Some(n)) => Stage::RoundOf(n),
            _ => Stage::Other(text.to_string()),
        },
    }
}

fn stage_text(stage: &Stage) -> String {
    match stage {
        Stage::Session(n) => n.to_string(),
        Stage::Final => "F".into(),
        Stage::Playoff => "P".into(),
        Stage::Semifinal => "S".into(),
        Stage::Quarterfinal => "Q".into(),
        Stage::RoundOf(n) => format!("R{n}"),
        Stage::Initial => "I".into(),
        Stage::Other(s) => s.clone(),
    }
}

pub fn session(data: &str) -> Session {
    let part = two_part(data);
    Session {
        stage: stage(&part.first),
        detail: part.second.map(|d| match d.parse() {
            Ok(n) if !d.starts_with('+') => SessionDetail::Segment(n),
            _ => SessionDetail::Text(d),
        }),
    }
}

pub fn write_session(s: &Session) -> String {
    let detail = s.detail.as_ref().map(|d| match d {
        SessionDetail::Segment(n) => n.to_string(),
        SessionDetail::Text(t) => t.clone(),
    });
    write_two_part(&TwoPart {
        first: stage_text(&s.stage),
        second: detail,
    })
}

const NAME_ORDER: [Seat; 4] = [Seat::North, Seat::South, Seat::West, Seat::East];

/// N: North+South:West+East, then the same for table 2.
pub fn players(data: &str) -> Players {
    let mut players = Players::default();
    for (i, pair) in data.split(':').enumerate() {
        if i / 2 >= players.tables.len() {
            players.tables.push(SeatMap::default());
        }
        let table = &mut players.tables[i / 2];
        let (first, second) = pair.split_once('+').unwrap_or((pair, ""));
        table[NAME_ORDER[(i % 2) * 2]] = first.to_string();
        table[NAME_ORDER[(i % 2) * 2 + 1]] = second.to_string();
    }
    players
}

pub fn write_players(p: &Players) -> String {
    let pairs: Vec<String> = p
        .tables
        .iter()
        .flat_map(|t| {
            [(Seat::North, Seat::South), (Seat::West, Seat::East)].map(|(a, b)| match t[b].is_empty() {
                true => t[a].clone(),
                false => format!("{}+{}", t[a], t[b]),
            })
        })
        .collect();
    // Unknown players at the end are left out, but the reader counts the
    // tables by the pairs (two a table), so a table of unknowns keeps its
    // colons; with no name at all every colon is written, as the label would
    // otherwise be empty (no names given rather than unknown ones).
    let used = match pairs.iter().rposition(|p| !p.is_empty()) {
        Some(last) => (last + 1).max((2 * p.tables.len()).saturating_sub(1)),
        None => pairs.len(),
    };
    pairs[..used.min(pairs.len())].join(":")
}

/// B: number, then optionally `:`, `+` to number on, and what to call it;
/// read in place (number, numbered on, description).
pub fn board_parts(data: &str) -> (&str, bool, &str) {
    let (number, rest) = data.split_once(':').unwrap_or((data, ""));
    match rest.strip_prefix('+') {
        Some(description) => (number, true, description),
        None => (number, false, rest),
    }
}

pub fn board(data: &str) -> Board {
    let (number, auto, description) = board_parts(data);
    Board {
        number: number.to_string(),
        description: (!description.is_empty()).then(|| description.to_string()),
        auto,
    }
}

pub fn write_board(b: &Board) -> String {
    let mut out = b.number.clone();
    // An empty number alone is written `:`, since an empty label means no board.
    if b.auto || b.description.is_some() || b.number.is_empty() {
        out.push(':');
    }
    if b.auto {
        out.push('+');
    }
    out.push_str(b.description.as_deref().unwrap_or(""));
    out
}

/// I: `key=value` items separated by colons.
pub fn items(data: &str) -> Vec<Item> {
    data.split(':')
        .map(|item| match item.split_once('=') {
            Some((k, v)) => Item {
                key: k.to_string(),
                value: Some(v.to_string()),
            },
            None => Item {
                key: item.to_string(),
                value: None,
            },
        })
        .collect()
}

pub fn write_items(items: &[Item]) -> String {
    let texts: Vec<String> = items.iter().map(ToString::to_string).collect();
    texts.join(":")
}
