//! A hand's scores worked out from its melds and play, and held to the
//! tags that write them.

use super::chart::{self, Counted};
use crate::model::{Game, HandOutcome, Pinochle, Problem, ProblemKind, Record, Rules, Seat, TeamScores};
use crate::replay::{Step, Timeline};

/// What kibitzer works out for a hand, team by team from the team with
/// North clockwise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Worked {
    pub teams: Vec<Vec<Seat>>,
    /// Each meld's combinations, in the order of the Melds tag.
    pub melds: Vec<(Seat, Vec<Counted>)>,
    /// Meld each team laid down.
    pub meld: Vec<u32>,
    /// Meld each team keeps: none for a team that takes no trick.
    pub meld_kept: Vec<u32>,
    /// Counters each team took in play, with the last trick's bonus.
    pub counters: Vec<u32>,
    /// Every trick's winner and counters are known: a `?` in the play can
    /// leave them open, and then the hand is not settled.
    pub counted: bool,
    pub outcome: Option<HandOutcome>,
    pub hand: Vec<i32>,
    /// The game's scores after the hand, where GameScores gives them
    /// before it.
    pub game_after: Option<Vec<i32>>,
}

/// Whether kibitzer knows the hand's meld chart and counters: Double-deck
/// Four-handed, with no Scoring tag or one naming the Standard chart.
fn known(record: &Record, p: &Pinochle) -> bool {
    let four = Rules::Pinochle {
        double_deck: true,
        players: 4,
    };
    let scoring = record.tags.iter().find(|(n, _)| n == "Scoring");
    p.rules() == four && scoring.is_none_or(|(_, v)| v.eq_ignore_ascii_case("standard"))
}

/// Each trick completed in `steps`, with its winner and the counters it
/// took: worked out from its cards where the chart is known and every card
/// is, else the points the record writes; None where neither is known.
fn tricks(record: &Record, p: &Pinochle, steps: &[Step]) -> Vec<(Option<Seat>, Option<u32>)> {
    let last_trick = record.rules().hand_size();
    let mut out = Vec::new();
    let mut cards = Some(0);
    for step in steps {
        cards = cards.zip(step.card).map(|(n, c)| n + chart::counter(c));
        if !step.completes_trick {
            continue;
        }
        let bonus = if step.trick + 1 == last_trick {
            chart::LAST_TRICK
        } else {
            0
        };
        let written = p.trick_points.get(step.trick).copied().flatten();
        let worked = cards.filter(|_| known(record, p)).map(|n| n + bonus);
        out.push((step.winner, worked.or(written)));
        cards = Some(0);
    }
    out
}

/// Counters each team has taken after `steps`, a trick whose counters are
/// not known counting none.
pub fn counters(record: &Record, p: &Pinochle, steps: &[Step]) -> Vec<u32> {
    let teams = p.teams();
    let mut out = vec![0; teams.len()];
    for (winner, points) in tricks(record, p, steps) {
        let team = winner.and_then(|w| teams.iter().position(|t| t.contains(&w)));
        if let Some(team) = team {
            out[team] += points.unwrap_or(0);
        }
    }
    out
}

/// The team that took the last trick and the bonus it scores, once
/// `steps` end with the last trick, where kibitzer knows the chart.
pub fn last_trick(record: &Record, p: &Pinochle, steps: &[Step]) -> Option<(usize, u32)> {
    let last = steps.last().filter(|s| s.completes_trick)?;
    let team = last.winner.and_then(|w| p.team_of(w))?;
    let whole = last.trick + 1 == record.rules().hand_size();
    (whole && known(record, p)).then_some((team, chart::LAST_TRICK))
}

/// Whether every trick's winner and counters are known: where one is not
/// (a `?` in the play), the play's scores cannot be held to their tags.
fn every_trick_counted(record: &Record, p: &Pinochle, steps: &[Step]) -> bool {
    tricks(record, p, steps)
        .iter()
        .all(|(winner, points)| winner.is_some() && points.is_some())
}

/// The hand worked out, where kibitzer knows its chart.
pub fn work_out(record: &Record, timeline: &Timeline) -> Option<Worked> {
    let Game::Pinochle(p) = &record.game else {
        return None;
    };
    if !known(record, p) {
        return None;
    }
    let teams = p.teams();
    let melds: Vec<(Seat, Vec<Counted>)> = p
        .melds
        .iter()
        .map(|m| (m.seat, chart::combinations(&m.cards, p.trump)))
        .collect();
    let team_of = |s: Seat| teams.iter().position(|t| t.contains(&s));
    let mut meld = vec![0u32; teams.len()];
    for (seat, counted) in &melds {
        if let Some(t) = team_of(*seat) {
            meld[t] = meld[t].saturating_add(chart::total(counted));
        }
    }
    let counters = counters(record, p, &timeline.steps);
    let played = !timeline.steps.is_empty();
    // A hand ended early (a Termination) is neither saved nor set.
    let whole = !played || timeline.steps.len() + p.kitty.len() == record.rules().deck().len();
    let counted = every_trick_counted(record, p, &timeline.steps);
    let took_trick = |t: usize| {
        !played
            || !counted
            || timeline
                .steps
                .iter()
                .any(|s| s.completes_trick && s.winner.is_some_and(|w| teams[t].contains(&w)))
    };
    let meld_kept: Vec<u32> = (0..teams.len())
        .map(|t| if took_trick(t) { meld[t] } else { 0 })
        .collect();
    let mut worked = Worked {
        teams,
        melds,
        meld,
        meld_kept,
        counters,
        counted,
        outcome: None,
        hand: Vec::new(),
        game_after: None,
    };
    // With no Melds tag (optional in import form) the meld laid is not
    // known, and no table would call the hand saved or set on counters
    // alone: the Result tag says it, where there is one.
    let meld_known = !p.melds.is_empty();
    if whole && counted && meld_known {
        settle(p, &mut worked, played);
    }
    Some(worked)
}

/// How the hand came out: worked out where kibitzer knows the chart,
/// else as the Result tag states it.
pub fn outcome(p: &Pinochle, worked: Option<&Worked>) -> Option<HandOutcome> {
    worked.and_then(|w| w.outcome).or(p.result.map(|(o, _)| o))
}

/// What the hand scored, team by team: worked out where kibitzer knows the
/// chart, else as HandScores states it (None where it writes `?`).
pub fn hand_scores(p: &Pinochle, worked: Option<&Worked>) -> Option<Vec<Option<i32>>> {
    match worked.filter(|w| !w.hand.is_empty()) {
        Some(w) => Some(w.hand.iter().copied().map(Some).collect()),
        None => p.hand_scores.as_ref().map(|s| s.values.clone()),
    }
}

/// Saved or set: declarer's team keeps its meld and counters when they
/// reach the contract and loses the contract otherwise; the others keep
/// theirs. Without trump there is no play and declarer's team is set.
fn settle(p: &Pinochle, w: &mut Worked, played: bool) {
    let total = |t: usize| i32::try_from(w.meld_kept[t].saturating_add(w.counters[t])).unwrap_or(i32::MAX);
    let declaring = p
        .declarer
        .and_then(|d| w.teams.iter().position(|t| t.contains(&d)));
    let (Some(declaring), Some(contract)) = (declaring, p.contract) else {
        return;
    };
    let contract = i32::try_from(contract).unwrap_or(i32::MAX);
    let no_trump = p.trump.is_none() && !played;
    w.outcome = Some(if no_trump {
        HandOutcome::NoTrump
    } else if total(declaring) >= contract {
        HandOutcome::Saved
    } else {
        HandOutcome::Set
    });
    w.hand = (0..w.teams.len())
        .map(|t| match w.outcome {
            Some(HandOutcome::Saved) | None => total(t),
            _ if t == declaring => -contract,
            _ => total(t),
        })
        .collect();
    w.game_after = p.game_scores.as_ref().and_then(|g| {
        g.values
            .iter()
            .zip(&w.hand)
            .map(|(before, hand)| before.and_then(|b| b.checked_add(*hand)))
            .collect()
    });
}

/// Every written score that differs from the one worked out, at its tag,
/// and every trick whose written points differ from its counters.
pub fn check(record: &Record, timeline: &Timeline) -> Vec<Problem> {
    let (Game::Pinochle(p), Some(w)) = (&record.game, work_out(record, timeline)) else {
        return Vec::new();
    };
    let mut problems = melds_as_written(p, &w);
    let as_i32 = |v: &[u32]| v.iter().map(|&n| n as i32).collect::<Vec<_>>();
    compare(
        &mut problems,
        "MeldScores",
        p.meld_scores.as_ref(),
        &as_i32(&w.meld_kept),
    );
    if !timeline.steps.is_empty() && w.counted {
        compare(
            &mut problems,
            "PlayScores",
            p.play_scores.as_ref(),
            &as_i32(&w.counters),
        );
    }
    if !w.hand.is_empty() {
        compare(&mut problems, "HandScores", p.hand_scores.as_ref(), &w.hand);
    }
    if let (Some((written, pos)), Some(worked)) = (p.result, w.outcome)
        && written != worked
    {
        let message = format!(
            "the result is written {}, but the hand is {}",
            written.name(),
            worked.name()
        );
        problems.push(Problem::of(ProblemKind::Disagreement, pos, message));
    }
    trick_points(record, p, timeline, &mut problems);
    problems
}

/// Each meld's written points against the chart's.
fn melds_as_written(p: &Pinochle, w: &Worked) -> Vec<Problem> {
    let mut problems = Vec::new();
    for (meld, (seat, counted)) in p.melds.iter().zip(&w.melds) {
        let total = chart::total(counted);
        if meld.points.is_some_and(|n| n != total) {
            let names: Vec<String> = counted
                .iter()
                .map(|c| format!("{} {}", c.name(), c.points))
                .collect();
            let how = if names.is_empty() {
                "nothing".to_string()
            } else {
                names.join(", ")
            };
            problems.push(Problem::of(
                ProblemKind::Disagreement,
                meld.pos,
                format!(
                    "{}'s meld is written {}, but it scores {total} ({how})",
                    seat.name(),
                    meld.points.unwrap_or(0)
                ),
            ));
        }
    }
    problems
}

fn compare(problems: &mut Vec<Problem>, name: &str, written: Option<&TeamScores>, worked: &[i32]) {
    let Some(written) = written else { return };
    let differs = written
        .values
        .iter()
        .zip(worked)
        .any(|(w, k)| w.is_some_and(|w| w != *k));
    if differs {
        let text = |v: Vec<String>| v.join(":");
        let shown = text(
            written
                .values
                .iter()
                .map(|v| v.map_or("?".into(), |n| n.to_string()))
                .collect(),
        );
        let worked = text(worked.iter().map(ToString::to_string).collect());
        problems.push(Problem::of(
            ProblemKind::Disagreement,
            written.pos,
            format!("{name} is written {shown}, but works out {worked}"),
        ));
    }
}

/// Each trick's written points against the counters in it.
fn trick_points(record: &Record, p: &Pinochle, timeline: &Timeline, problems: &mut Vec<Problem>) {
    let last_trick = record.rules().hand_size();
    // A trick with a card the record does not know holds what it says.
    let mut counted = Some(0);
    for step in &timeline.steps {
        counted = counted.zip(step.card).map(|(n, c)| n + chart::counter(c));
        if !step.completes_trick {
            continue;
        }
        let bonus = if step.trick + 1 == last_trick {
            chart::LAST_TRICK
        } else {
            0
        };
        let Some(worked) = counted.replace(0).map(|n| n + bonus) else {
            continue;
        };
        if let Some(written) = p
            .trick_points
            .get(step.trick)
            .copied()
            .flatten()
            .filter(|&n| n != worked)
        {
            problems.push(Problem::of(
                ProblemKind::Disagreement,
                step.pos,
                format!(
                    "trick {} is written {written} points, but holds {worked}",
                    step.trick + 1
                ),
            ));
        }
    }
}
