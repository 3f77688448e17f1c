//! A Preferans deal's own steps before its play, in the order the game
//! takes them: the deal, the auction call by call, the talon turned up,
//! the main player's discard, the contract, each follower's answer and
//! each word of the kontras.

use crate::model::{Preferans, Record, Seat};

use super::Stop;

/// Where a Preferans deal stands before its first card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PrefStep {
    /// Each hand as dealt, the talon face down.
    Dealt,
    /// The first n calls of the auction made.
    Call(usize),
    /// The talon turned up for all to see (not in a game).
    Talon,
    /// The main player has taken the talon and laid two cards aside.
    Discard,
    /// The contract declared.
    Contract,
    /// The first n of the two other players have said whether they follow.
    Follow(usize),
    /// The first n words of the kontras said.
    Kontra(usize),
}

/// How many words of a kontra have been said at `step`: all of them once
/// the bidding is over (None).
pub fn kontra_said(step: Option<PrefStep>) -> usize {
    match step {
        Some(PrefStep::Kontra(n)) => n,
        Some(_) => 0,
        None => usize::MAX,
    }
}

/// The other two players in the order they answer: from the main
/// player's left, in deal order.
pub fn answering(p: &Preferans, main: Seat) -> Vec<Seat> {
    let at = p.deal_order.iter().position(|&s| s == main).unwrap_or(0);
    (1..p.deal_order.len())
        .map(|i| p.deal_order[(at + i) % p.deal_order.len()])
        .collect()
}

/// Every step of a Preferans deal before its play.
pub(super) fn steps(p: &Preferans) -> Vec<PrefStep> {
    let mut steps = vec![PrefStep::Dealt];
    steps.extend((1..=p.calls.len()).map(PrefStep::Call));
    let (Some(main), Some(contract)) = (p.main, p.contract) else {
        return steps;
    };
    if !contract.game {
        steps.extend([PrefStep::Talon, PrefStep::Discard]);
    }
    steps.push(PrefStep::Contract);
    steps.extend((1..=answering(p, main).len()).map(PrefStep::Follow));
    let said = p.kontra.map_or(0, |k| k.said(main).len());
    steps.extend((1..=said).map(PrefStep::Kontra));
    steps
}

/// The stops of a Preferans deal before its play; the talon is face up
/// from its turning, in a game only at the end.
pub(super) fn stops(record: &Record) -> Vec<Stop> {
    let Some(p) = record.preferans() else {
        return Vec::new();
    };
    steps(p)
        .into_iter()
        .map(|step| Stop {
            talon_open: step >= PrefStep::Talon,
            pref: Some(step),
            ..Stop::at_start()
        })
        .collect()
}

/// A game keeps its talon face down through the play, to the end.
pub(super) fn close_talon(record: &Record, out: &mut [Stop]) {
    let game = record
        .preferans()
        .and_then(|p| p.contract)
        .is_some_and(|c| c.game);
    let passed = record.preferans().is_some_and(|p| p.contract.is_none());
    if !(game || passed) {
        return;
    }
    let last = out.len().saturating_sub(1);
    for (i, stop) in out.iter_mut().enumerate() {
        stop.talon_open = i == last;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{Replay, stops as all_stops};

    fn record(line: &str) -> Record {
        let tags = "[Bula 60]\n[Refe 2]\n[Player1 ana]\n[Player2 boris]\n[Player3 cveta]\n\
                    [Result1 0]\n[Result2 0]\n[Result3 0]\n";
        let text = format!("{tags}{line}\n");
        crate::notation::preferans::read(text.as_bytes()).remove(0)
    }

    const HEARTS: &str = "[1 231 TAKBU68N1F9GOPMEQS7HRJC4I32WD5VL M3,4,P 3 9P 4 8 0 0 8 2 1723,OIN3,VRT3,EDF2,8H33,GCB3,QWU1,56M3,LJK3,S4A3 F1:L8:8,M8:-8,F1:L8:8]";
    const GAME: &str = "[5 312 M7DIV826PJ1HLUEW9BR53AOQFTS4GCKN P,G2,P 1 XX G2 8 R2 1 48 3 ILO2,3713,6543,89G3,DBA3,VUS3,PRT2,C2E3,MHF3,JWQ3 F8:L384,M0:48,F2:L96]";

    #[test]
    fn a_deal_steps_through_the_game_in_order() {
        let r = record(HEARTS);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let p = r.preferans().unwrap();
        use PrefStep::*;
        assert_eq!(
            steps(p),
            [
                Dealt,
                Call(1),
                Call(2),
                Call(3),
                Call(4),
                Call(5),
                Call(6),
                Talon,
                Discard,
                Contract,
                Follow(1),
                Follow(2)
            ]
        );
        let stops = all_stops(&r, &Replay::new(&r));
        assert!(!stops[6].talon_open && stops[7].talon_open);
        assert_eq!(stops.len(), 12 + 1 + 30, "the steps, before the lead, each card");
    }

    #[test]
    fn a_game_keeps_its_talon_face_down_until_the_end() {
        let r = record(GAME);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let p = r.preferans().unwrap();
        let steps = steps(p);
        assert!(!steps.contains(&PrefStep::Talon) && !steps.contains(&PrefStep::Discard));
        assert_eq!(steps.last(), Some(&PrefStep::Kontra(2)), "kontra and rekontra");
        let stops = all_stops(&r, &Replay::new(&r));
        let open: Vec<bool> = stops.iter().map(|s| s.talon_open).collect();
        assert_eq!(open.iter().filter(|&&o| o).count(), 1);
        assert_eq!(open.last(), Some(&true));
    }
}
