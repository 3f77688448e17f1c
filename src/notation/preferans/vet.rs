//! Whether a deal's fields agree with each other and with the rules: the
//! bids make an auction, its winner is the main player, the discards were
//! his, the contract is no lower than his bid, the value and the summary
//! are what the contract and the play make. Each problem is told at the
//! field that says something no game could.

use crate::model::{
    CardSet, HighBid, Pos, PrefContract, Preferans, Problem, ProblemKind, Record, Rules, Seat, decided_after,
    rebuild,
};

use super::fields::{Field, Name, get};

/// A player as a problem names them.
fn who(seat: Seat) -> String {
    format!("player {}", Rules::Preferans.player_number(seat).unwrap_or(0))
}

/// Checks a deal read so far and fills in the calls its bids stand for.
pub(super) fn deal(info: &mut Preferans, r: &Record, f: &[Field], problems: &mut Vec<Problem>) {
    // Fields at odds with each other or with the play: the deal contradicts
    // itself, whichever field is at fault.
    let mut say =
        |pos: Pos, message: String| problems.push(Problem::of(ProblemKind::Disagreement, pos, message));
    let won = auction(info, f, &mut say);
    if f.len() < 13 {
        return;
    }
    let (Some(main), Some(contract)) = (info.main, info.contract) else {
        return;
    };
    match won {
        Some(None) => say(
            get(f, Name::Main).pos,
            "all three passed, so no one is the main player".to_string(),
        ),
        Some(Some((winner, _))) if winner != main => say(
            get(f, Name::Main).pos,
            format!(
                "{} is named the main player, but {} won the auction",
                who(main),
                who(winner)
            ),
        ),
        Some(Some((_, bid))) => contract_against_bid(contract, bid, get(f, Name::Contract).pos, &mut say),
        None => {}
    }
    discards(info, r, contract, f, &mut say);
    roles(info, main, f, &mut say);
    value(info, f, &mut say);
    summary(info, r, f, &mut say);
}

/// The calls the bids stand for: Some(winner) where they make an auction
/// (None inside when all passed).
fn auction(
    info: &mut Preferans,
    f: &[Field],
    say: &mut impl FnMut(Pos, String),
) -> Option<Option<(Seat, HighBid)>> {
    if info.bids.len() != 3 {
        return None;
    }
    match rebuild(&info.deal_order, &info.bids) {
        Some(rebuilt) => {
            info.calls = rebuilt.calls;
            Some(rebuilt.winner)
        }
        None => {
            let bids = &f[3];
            say(
                bids.pos,
                format!(
                    "no auction by the rules ends with the highest bids `{}`",
                    bids.text
                ),
            );
            None
        }
    }
}

fn contract_against_bid(contract: PrefContract, bid: HighBid, pos: Pos, say: &mut impl FnMut(Pos, String)) {
    let message = match bid {
        HighBid::Bid(n) | HighBid::Mine(n) if contract.game => {
            format!(
                "{} is a game, but the auction was won with {n}, not a game",
                contract.name()
            )
        }
        HighBid::Bid(n) | HighBid::Mine(n) if contract.code < n => {
            format!("{} is below the winning bid {n}", contract.name())
        }
        HighBid::Game(_) if !contract.game => {
            format!(
                "the auction was won with a game, but {} is not one",
                contract.name()
            )
        }
        HighBid::Game(Some(n)) if contract.code != n => {
            format!(
                "the auction named game {n}, but the contract is {}",
                contract.name()
            )
        }
        _ => return,
    };
    say(pos, message);
}

/// A game is played without the talon, so nothing is laid aside (`XX`);
/// otherwise the two cards laid aside were the main player's after he took
/// the talon.
fn discards(
    info: &Preferans,
    r: &Record,
    contract: PrefContract,
    f: &[Field],
    say: &mut impl FnMut(Pos, String),
) {
    let field = get(f, Name::Discarded);
    let (none, pos) = (field.text == "XX", field.pos);
    match (contract.game, none) {
        (true, false) => say(
            pos,
            format!(
                "{} is played without the talon: its discards are XX",
                contract.name()
            ),
        ),
        (false, true) => say(
            pos,
            format!("XX is for a game, and {} is not one", contract.name()),
        ),
        _ => {}
    }
    let (Some(deal), Some(main)) = (&r.deal, info.main) else {
        return;
    };
    let mut held = CardSet::default();
    deal.hands[main]
        .known_cards()
        .chain(deal.talon.iter().copied())
        .for_each(|c| {
            held.insert(c);
        });
    let mut laid = CardSet::default();
    for (i, &card) in info.discarded.iter().enumerate() {
        let at = field.at(i);
        if !laid.insert(card) {
            say(at, format!("{card} is laid aside twice"));
        } else if held.insert(card) {
            say(
                at,
                format!("{} lays aside {card}, which he never held", who(main)),
            );
        }
    }
}

/// Followers are the other two players; a kontra begins with a follower
/// who plays.
fn roles(info: &Preferans, main: Seat, f: &[Field], say: &mut impl FnMut(Pos, String)) {
    if info.followers.contains(main) {
        say(
            get(f, Name::Accepted).pos,
            format!("{} is the main player, not a follower", who(main)),
        );
    }
    if let Some(k) = info.kontra.filter(|k| !info.followers.contains(k.by)) {
        let message = format!(
            "the {} is begun by {}, who is not a follower who plays",
            k.kind.name(),
            who(k.by)
        );
        say(get(f, Name::Kontra).pos, message);
    }
}

fn value(info: &Preferans, f: &[Field], say: &mut impl FnMut(Pos, String)) {
    let (Some(written), Some(worked)) = (info.value, info.worked_value()) else {
        return;
    };
    if written != worked {
        say(
            get(f, Name::Value).pos,
            format!("the value is {worked} ({}), not {written}", info.value_words()),
        );
    }
}

/// The play's length and each line of the summary against what the play
/// makes of it.
fn summary(info: &Preferans, r: &Record, f: &[Field], say: &mut impl FnMut(Pos, String)) {
    let throws = get(f, Name::Throws);
    let tricks = r.play.as_ref().map_or(0, |p| p.tricks.len());
    let main = info.main.unwrap_or(Seat::North);
    // Play may stop once the outcome is known, or go on to the end.
    let main_won = r
        .play
        .iter()
        .flat_map(|p| &p.tricks)
        .map(|t| t.winner == Some(main));
    let stopped = info.contract.and_then(|c| decided_after(c, main_won)) == Some(tricks);
    if !info.followers.is_empty() && tricks != 10 && !stopped {
        say(throws.pos, format!("the throws hold {tricks} tricks of 10"));
    }
    // Each trick has a card from the main player and from each follower;
    // the spec's own example has three where one follows, the other's
    // hand played open, and that is taken too.
    let playing = 1 + info.followers.iter().count();
    let mut tricks = r.play.iter().flat_map(|p| &p.tricks);
    let short = tricks.position(|t| t.plays.len() != playing && t.plays.len() != 3);
    if let Some(i) = short.filter(|_| !info.followers.is_empty()) {
        let cards = r.play.as_ref().map_or(0, |p| p.tricks[i].plays.len());
        say(
            throws.pos,
            format!("trick {} has {cards} cards, but {playing} players play", i + 1),
        );
    }
    let Some(settled) = info.settle_play(r.play.as_ref()) else {
        return;
    };
    if info.summary.len() != 3 {
        return;
    }
    let field = get(f, Name::Summary);
    let mut offset = 0;
    for ((seat, written), worked) in info.deal_order.iter().zip(&info.summary).zip(&settled.tallies) {
        if written != worked {
            let message = format!(
                "{}'s summary is {written}, but the play makes it {worked}",
                who(*seat)
            );
            say(field.at(offset), message);
        }
        offset += written.to_string().chars().count() + 1;
    }
}
