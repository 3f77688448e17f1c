//! A Pinochle game hand by hand: each team's score before the hand, what
//! the hand scored, and the score after it.

use serde::Serialize;

use super::worked::{hand_scores, work_out};
use crate::model::{Game, Pinochle, Record};
use crate::replay::Timeline;

/// One hand of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandLine {
    /// Index of the record among those given.
    pub record: usize,
    /// The Hand tag's number, where it has one.
    pub hand: Option<String>,
    /// The teams by their seats (`N-S`), from the team with North.
    pub teams: Vec<String>,
    /// Each team's game score before the hand: GameScores, else the score
    /// after the hand before.
    pub before: Vec<Option<i32>>,
    /// What the hand scored: worked out where kibitzer knows the chart,
    /// else as HandScores writes it.
    pub scored: Vec<Option<i32>>,
    pub after: Vec<Option<i32>>,
}

/// Every Pinochle hand among `records`, in order.
pub fn game_log(records: &[Record]) -> Vec<HandLine> {
    let mut lines: Vec<HandLine> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        let Game::Pinochle(p) = &r.game else { continue };
        let teams = p.teams();
        let carried = lines
            .last()
            .map(|l| l.after.clone())
            .filter(|a| a.len() == teams.len());
        let before = match (&p.game_scores, carried) {
            (Some(g), _) => g.values.clone(),
            (None, Some(after)) => after,
            (None, None) => vec![Some(0); teams.len()],
        };
        let worked = work_out(r, &Timeline::new(r));
        let scored = hand_scores(p, worked.as_ref()).unwrap_or_else(|| vec![None; teams.len()]);
        let after = add(&before, &scored);
        lines.push(HandLine {
            record: i,
            hand: r.board.as_ref().map(|b| b.number.clone()),
            teams: teams.iter().map(|t| team_name(t)).collect(),
            before,
            scored,
            after,
        });
    }
    lines
}

/// Scores added team by team, unknown where either is.
fn add(before: &[Option<i32>], scored: &[Option<i32>]) -> Vec<Option<i32>> {
    before
        .iter()
        .zip(scored)
        .map(|(b, s)| b.zip(*s).and_then(|(b, s)| b.checked_add(s)))
        .collect()
}

/// The game's scores after a hand as its record states them, GameScores
/// plus HandScores, where both are written in full.
pub fn stated_after(p: &Pinochle) -> Option<Vec<i32>> {
    let (before, hand) = (p.game_scores.as_ref()?, p.hand_scores.as_ref()?);
    add(&before.values, &hand.values).into_iter().collect()
}

/// A team by its seats: `N-S`, `SE`, `N-SE-SW`.
pub fn team_name(team: &[crate::model::Seat]) -> String {
    let seats: Vec<&str> = team.iter().map(|s| s.abbreviation()).collect();
    seats.join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::model::SourceFormat;

    #[test]
    fn each_hand_adds_to_the_game_score_before_it() {
        let text = "% PPN 1.0\n% IMPORT\n%\n[Hand \"1\"]\n[GameScores \"10:20\"]\n[HandScores \"5:-50\"]\n\n[Hand \"2\"]\n[HandScores \"?:7\"]\n";
        let records: Vec<Record> = read_checked(text.as_bytes(), SourceFormat::PpnPinochle).collect();
        let log = game_log(&records);
        assert_eq!(log[0].after, [Some(15), Some(-30)]);
        assert_eq!(log[1].before, [Some(15), Some(-30)]);
        assert_eq!(log[1].after, [None, Some(-23)]);
        assert_eq!(log[1].teams, ["N-S", "E-W"]);
        let stated = |r: &Record| stated_after(r.pinochle().unwrap());
        assert_eq!(stated(&records[0]), Some(vec![15, -30]));
        assert_eq!(stated(&records[1]), None, "no GameScores written");
    }
}
