//! A Preferans auction: each player's highest bid as PPN writes it, and
//! the calls those highest bids rebuild, one by one in bidding order.
//!
//! The rules followed (prefko's bidding engine, `preferans-engine-js`):
//! the first bid is 2; each bid after it is one higher, except that a
//! player who bid before the holder of the bid may hold it with "mine";
//! "game" is only a player's first call, after which ordinary bids end;
//! players who said game then name their games, and a lower one yields.

use std::fmt;

use crate::model::Seat;

/// Bids run from 2 (spades) to 8 (preferans).
const TOP: u8 = 8;

/// A player's highest bid: `P`, `2`..`8`, `M3` (mine 3), `G` (game, its
/// kind not named), `G4` (game hearts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighBid {
    Pass,
    Bid(u8),
    Mine(u8),
    Game(Option<u8>),
}

impl HighBid {
    /// The bid as PPN writes it, or None where it is not one.
    pub fn parse(text: &str) -> Option<HighBid> {
        let number = |s: &str| s.parse().ok().filter(|n| (2..=TOP).contains(n));
        match text {
            "P" => Some(HighBid::Pass),
            "G" => Some(HighBid::Game(None)),
            _ => match text.split_at(usize::from(text.starts_with(['M', 'G']))) {
                ("M", n) => number(n).map(HighBid::Mine),
                ("G", n) => number(n).map(|n| HighBid::Game(Some(n))),
                (_, n) => number(n).map(HighBid::Bid),
            },
        }
    }
}

impl fmt::Display for HighBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HighBid::Pass => f.write_str("P"),
            HighBid::Bid(n) => write!(f, "{n}"),
            HighBid::Mine(n) => write!(f, "M{n}"),
            HighBid::Game(None) => f.write_str("G"),
            HighBid::Game(Some(n)) => write!(f, "G{n}"),
        }
    }
}

/// One call of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrefCall {
    Pass,
    Bid(u8),
    Mine(u8),
    Game,
    /// A game named once those who said game have all spoken.
    GameOf(u8),
    /// A game caller yields to a higher game: "yours is better".
    Yours,
}

/// A call and who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PrefCalled {
    pub player: Seat,
    pub call: PrefCall,
}

/// The auction the highest bids stand for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rebuilt {
    pub calls: Vec<PrefCalled>,
    /// Who won it, with the bid that won; None when all passed.
    pub winner: Option<(Seat, HighBid)>,
}

/// Where each player stands while the calls are rebuilt.
struct Bidding<'a> {
    order: &'a [Seat],
    bids: &'a [HighBid],
    calls: Vec<PrefCalled>,
    spoke: Vec<bool>,
    out: Vec<bool>,
    /// The bid standing and the index (in deal order) of who holds it.
    standing: Option<(u8, usize)>,
    game_said: bool,
}

/// The calls the highest bids (in deal order) rebuild, or None where no
/// auction by the rules ends with those highest bids.
pub fn rebuild(order: &[Seat], bids: &[HighBid]) -> Option<Rebuilt> {
    if order.len() != 3 || bids.len() != 3 {
        return None;
    }
    let mut b = Bidding {
        order,
        bids,
        calls: Vec::new(),
        spoke: vec![false; 3],
        out: vec![false; 3],
        standing: None,
        game_said: false,
    };
    b.ordinary();
    let winner = b.games().or_else(|| b.standing.map(|(_, i)| (order[i], bids[i])));
    let rebuilt = Rebuilt {
        calls: b.calls,
        winner,
    };
    (highest(order, &rebuilt.calls) == bids).then_some(rebuilt)
}

/// Each player's highest bid as the calls make it.
fn highest(order: &[Seat], calls: &[PrefCalled]) -> Vec<HighBid> {
    order
        .iter()
        .map(|&seat| {
            calls
                .iter()
                .filter(|c| c.player == seat)
                .fold(HighBid::Pass, |high, c| match c.call {
                    PrefCall::Bid(n) => HighBid::Bid(n),
                    PrefCall::Mine(n) => HighBid::Mine(n),
                    PrefCall::Game => HighBid::Game(None),
                    PrefCall::GameOf(n) => HighBid::Game(Some(n)),
                    PrefCall::Pass | PrefCall::Yours => high,
                })
        })
        .collect()
}

impl Bidding<'_> {
    /// Round after round until one holds the bid, all pass, or everyone
    /// has answered a game.
    fn ordinary(&mut self) {
        // Each call but the last raises or holds the bid, so the calls are
        // few; the bound only guards against a mistake here.
        for turn in 0..64 {
            let i = turn % 3;
            if self.finished() {
                return;
            }
            if self.out[i] {
                continue;
            }
            let call = self.next_call(i);
            self.say(i, call);
        }
    }

    fn finished(&self) -> bool {
        let all_spoke = self.spoke.iter().all(|&s| s);
        let left = self.out.iter().filter(|&&o| !o).count();
        if self.game_said {
            // Everyone has spoken and only game callers are left in.
            return all_spoke && (0..3).all(|i| self.out[i] || self.said_game(i));
        }
        left == 0 || (left == 1 && all_spoke && self.standing.is_some())
    }

    fn said_game(&self, i: usize) -> bool {
        let seat = self.order[i];
        self.calls
            .iter()
            .any(|c| c.player == seat && c.call == PrefCall::Game)
    }

    fn next_call(&self, i: usize) -> PrefCall {
        let target = self.bids[i];
        if let HighBid::Game(_) = target {
            return if self.spoke[i] {
                PrefCall::Pass
            } else {
                PrefCall::Game
            };
        }
        let (HighBid::Bid(top) | HighBid::Mine(top)) = target else {
            return PrefCall::Pass;
        };
        if self.game_said {
            return PrefCall::Pass;
        }
        let mine = target == HighBid::Mine(top);
        match self.standing {
            None => PrefCall::Bid(2).within(top, mine),
            // A player bidding before the holder may hold the bid, unless
            // the bid aimed at is the next one up.
            Some((v, holder)) if holder > i && target != HighBid::Bid(v + 1) => {
                PrefCall::Mine(v).within(top, mine)
            }
            Some((v, _)) => PrefCall::Bid(v + 1).within(top, mine),
        }
    }

    fn say(&mut self, i: usize, call: PrefCall) {
        self.spoke[i] = true;
        match call {
            PrefCall::Pass | PrefCall::Yours => self.out[i] = true,
            PrefCall::Bid(n) | PrefCall::Mine(n) => self.standing = Some((n, i)),
            PrefCall::Game | PrefCall::GameOf(_) => self.game_said = true,
        }
        self.calls.push(PrefCalled {
            player: self.order[i],
            call,
        });
    }

    /// Those who said game name theirs in order, a lower one yielding;
    /// the winner and the game named.
    fn games(&mut self) -> Option<(Seat, HighBid)> {
        let callers: Vec<usize> = (0..3).filter(|&i| self.said_game(i)).collect();
        let mut best: Option<(usize, Option<u8>)> = None;
        for &i in &callers {
            let named = match self.bids[i] {
                HighBid::Game(n) => n,
                _ => None,
            };
            let higher = named.is_some_and(|n| best.is_none_or(|(_, b)| b.is_none_or(|b| n > b)));
            if higher {
                best = Some((i, named));
                self.say_game(i, named);
            } else if callers.len() > 1 {
                self.say_game(i, None);
            }
            best = best.or(Some((i, named)));
        }
        best.map(|(i, named)| (self.order[i], HighBid::Game(named)))
    }

    fn say_game(&mut self, i: usize, named: Option<u8>) {
        let call = named.map_or(PrefCall::Yours, PrefCall::GameOf);
        self.calls.push(PrefCalled {
            player: self.order[i],
            call,
        });
    }
}

impl PrefCall {
    /// This call where the player's highest bid allows it, else a pass.
    fn within(self, top: u8, mine: bool) -> PrefCall {
        let fits = match self {
            PrefCall::Bid(n) => n < top || (n == top && !mine),
            PrefCall::Mine(n) => n < top || (n == top && mine),
            _ => true,
        };
        if fits && top <= TOP { self } else { PrefCall::Pass }
    }

    /// The call in the players' words.
    pub fn words(self) -> String {
        match self {
            PrefCall::Pass => "pass".to_string(),
            PrefCall::Bid(n) => n.to_string(),
            PrefCall::Mine(n) => format!("mine {n}"),
            PrefCall::Game => "game".to_string(),
            PrefCall::GameOf(n) => format!("game {}", super::contract_name(n).to_lowercase()),
            PrefCall::Yours => "yours is better".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORDER: [Seat; 3] = [Seat::West, Seat::North, Seat::East];

    fn bids(text: &str) -> Vec<HighBid> {
        text.split(',').map(|b| HighBid::parse(b).unwrap()).collect()
    }

    fn words(text: &str) -> Vec<String> {
        let rebuilt = rebuild(&ORDER, &bids(text)).expect("an auction");
        rebuilt.calls.iter().map(|c| c.call.words()).collect()
    }

    #[test]
    fn the_spec_examples_rebuild_call_by_call() {
        assert_eq!(words("M3,P,3"), ["2", "pass", "3", "mine 3", "pass"]);
        assert_eq!(words("P,P,P"), ["pass", "pass", "pass"]);
        assert_eq!(
            words("2,G4,G"),
            ["2", "game", "game", "pass", "game hearts", "yours is better"]
        );
        let won = rebuild(&ORDER, &bids("M3,P,3")).unwrap().winner;
        assert_eq!(won, Some((Seat::West, HighBid::Mine(3))));
    }

    #[test]
    fn a_long_auction_alternates_raise_and_mine() {
        assert_eq!(
            words("P,M5,5"),
            ["pass", "2", "3", "mine 3", "4", "mine 4", "5", "mine 5", "pass"]
        );
        assert_eq!(words("P,P,2"), ["pass", "pass", "2"]);
        assert_eq!(words("P,G2,P"), ["pass", "game", "pass", "game spades"]);
    }

    #[test]
    fn highest_bids_no_auction_reaches_are_refused() {
        assert!(
            rebuild(&ORDER, &bids("M3,P,P")).is_none(),
            "mine with nothing to hold"
        );
        assert!(rebuild(&ORDER, &bids("3,P,P")).is_none(), "the first bid is 2");
        assert!(rebuild(&ORDER, &bids("2,P")).is_none(), "two bids only");
    }

    #[test]
    fn bids_parse_and_write_back() {
        for text in ["P", "2", "8", "M3", "G", "G4"] {
            assert_eq!(HighBid::parse(text).unwrap().to_string(), text);
        }
        for bad in ["", "1", "9", "M", "X3", "G9", "M1"] {
            assert_eq!(HighBid::parse(bad), None, "{bad}");
        }
    }
}
