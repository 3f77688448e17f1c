//! The tags of a Pinochle hand: deal, holdings, exchange, melds, scores,
//! players, and the notes and chat of the hand.

use super::gathered::Gathered;
use crate::model::{
    Board, Card, Deal, Hand, HandCard, Meld, Pinochle, Players, Problem, Rank, Record, Rules, Seat, SeatMap,
    Suit, TimedNote, TwoPart,
};

pub fn seat(text: &str) -> Option<Seat> {
    text.trim().parse().ok()
}

/// A hand written suit by suit in the game's order (C.D.S.H).
pub fn hand(text: &str, game: Rules) -> Result<Hand, String> {
    let mut hand = Hand::new();
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(format!(
            "`{text}` needs four suits separated by dots (clubs, diamonds, spades, hearts)"
        ));
    }
    for (suit, ranks) in game.suit_order().iter().zip(suits) {
        for c in ranks.chars() {
            let rank = Rank::from_letter(c)
                .filter(|r| game.ranks().contains(r))
                .ok_or(format!("`{c}` is not a Pinochle rank"))?;
            hand.push(HandCard::Known(Card::new(*suit, rank)));
        }
    }
    Ok(hand)
}

/// `E:hand hand ...`: the first seat, then each seat clockwise.
fn seat_hands(text: &str, game: Rules) -> Result<Vec<(Seat, String)>, String> {
    let (first, hands) = text.split_once(':').ok_or("hands start with a seat, like E:")?;
    let mut at = seat(first).ok_or(format!("`{first}` is not a seat"))?;
    Ok(hands
        .split_whitespace()
        .map(|h| {
            let s = at;
            at = game.next_seat(at);
            (s, h.to_string())
        })
        .collect())
}

/// A tag's value, None when it is empty or unknown (`?`, `*`).
fn text<'g>(g: &'g Gathered, name: &str) -> Option<&'g str> {
    g.tag(name)
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "?" && *v != "*")
}

pub(crate) fn identification(g: &Gathered, r: &mut Record, info: &mut Pinochle, problems: &mut Vec<Problem>) {
    let game = info.rules();
    let mut wrong = |name: &str, message: String| problems.push(Problem::new(g.pos(name), message));
    r.event = text(g, "Event").map(|e| TwoPart {
        first: e.to_string(),
        second: None,
    });
    r.location = text(g, "Site").map(|s| TwoPart {
        first: s.to_string(),
        second: None,
    });
    r.date = text(g, "Date").and_then(crate::notation::pbn::date_value);
    r.board = text(g, "Hand").map(|h| Board {
        number: h.to_string(),
        description: None,
        auto: false,
    });
    bidding_and_outcome(g, info);
    scores(g, info);
    exchange(g, game, info, &mut wrong);
    info.holding = holding(g, game, &mut wrong);
    deal(g, r, game, &mut wrong);
    players(g, r, info);
}

/// Who dealt, bid and declared, the contract and trump, and how the hand
/// ended.
fn bidding_and_outcome(g: &Gathered, info: &mut Pinochle) {
    info.dealer = text(g, "Dealer").and_then(seat);
    info.auction_seat = text(g, "Auction").and_then(seat);
    info.declarer = text(g, "Declarer").and_then(seat);
    info.contract = text(g, "Contract").map(str::to_string);
    info.trump = text(g, "Trump")
        .and_then(|t| t.chars().next())
        .and_then(Suit::from_letter);
    info.partner = text(g, "Partner").map(str::to_string);
    info.result = text(g, "Result").map(str::to_string);
    info.termination = text(g, "Termination").map(str::to_string);
    info.victor = text(g, "Victor").map(str::to_string);
}

/// The running scores, a value per seat or side separated by colons.
fn scores(g: &Gathered, info: &mut Pinochle) {
    let scores = |name: &str| {
        text(g, name)
            .map(|v| v.split(':').map(str::to_string).collect())
            .unwrap_or_default()
    };
    info.game_scores = scores("GameScores");
    info.meld_scores = scores("MeldScores");
    info.play_scores = scores("PlayScores");
    info.hand_scores = scores("HandScores");
}

/// The kitty, declarer's discard, the cards passed between partners and
/// the melds laid down.
fn exchange(g: &Gathered, game: Rules, info: &mut Pinochle, wrong: &mut impl FnMut(&str, String)) {
    info.kitty = text(g, "Kitty")
        .map(|k| {
            k.split_whitespace()
                .filter_map(|c| c.parse::<Card>().ok())
                .collect()
        })
        .unwrap_or_default();
    if let Some(d) = text(g, "Discard") {
        let (cards, points) = d.split_once('(').map_or((d, None), |(c, p)| {
            (c, p.trim_end_matches(')').trim().parse().ok())
        });
        match hand(cards.trim(), game) {
            Ok(h) => info.discard = Some((h, points)),
            Err(m) => wrong("Discard", m),
        }
    }
    for (name, passing) in [("Passed", true), ("Melds", false)] {
        let Some(value) = text(g, name) else { continue };
        match seat_hands(value, game) {
            Ok(list) => passed_or_melded(name, list, passing, game, info, wrong),
            Err(m) => wrong(name, m),
        }
    }
}

/// The hands of a Passed or Melds tag, each with its points.
fn passed_or_melded(
    name: &str,
    list: Vec<(Seat, String)>,
    passing: bool,
    game: Rules,
    info: &mut Pinochle,
    wrong: &mut impl FnMut(&str, String),
) {
    let passers = list.len();
    let first = list.first().map(|(s, _)| *s);
    for (i, (s, h)) in list.into_iter().enumerate() {
        let (cards, points) = h.split_once('(').map_or((h.as_str(), None), |(c, p)| {
            (c, p.trim_end_matches(')').parse().ok())
        });
        // When only a partnership passes, the second listed is
        // the first one's partner, across the table.
        let giver = match first {
            Some(first) if passing && passers < game.seats().len() && i > 0 => partner(game, first),
            _ => s,
        };
        match hand(cards, game) {
            Ok(cards) if passing => info.passed.push((giver, partner(game, giver), cards)),
            Ok(cards) => info.melds.push(Meld {
                seat: s,
                cards,
                points,
            }),
            Err(m) => wrong(name, m),
        }
    }
}

/// The seat across the table: cards are passed to partner.
fn partner(game: Rules, seat: Seat) -> Seat {
    let seats = game.seats();
    let at = seats.iter().position(|&s| s == seat).unwrap_or(0);
    seats[(at + seats.len() / 2) % seats.len()]
}

/// The Holding tag: every seat's hand after the exchange.
fn holding(g: &Gathered, game: Rules, wrong: &mut impl FnMut(&str, String)) -> Option<SeatMap<Hand>> {
    let value = g.tag("Holding")?;
    let mut hands = SeatMap::<Hand>::default();
    match seat_hands(value, game) {
        Ok(list) => {
            for (s, h) in list {
                match hand(&h, game) {
                    Ok(cards) => hands[s] = cards,
                    Err(m) => wrong("Holding", m),
                }
            }
        }
        Err(m) => wrong("Holding", m),
    }
    Some(hands)
}

fn deal(g: &Gathered, r: &mut Record, game: Rules, wrong: &mut impl FnMut(&str, String)) {
    let Some(value) = g.tag("Deal").filter(|v| !v.trim().is_empty() && v.trim() != "*") else {
        return;
    };
    let mut deal = Deal::new(game);
    match seat_hands(value, game) {
        Ok(list) => {
            for (s, h) in list {
                match hand(&h, game) {
                    Ok(cards) => {
                        deal.hands[s] = cards;
                        deal.given.insert(s);
                    }
                    Err(m) => wrong("Deal", m),
                }
            }
        }
        Err(m) => wrong("Deal", m),
    }
    // Identical cards are real duplicates: count each against the deck.
    let mut deck = game.deck();
    for &s in game.seats() {
        for card in deal.hands[s].known_cards() {
            match deck.iter().position(|&c| c == card) {
                Some(i) => drop(deck.remove(i)),
                None => wrong(
                    "Deal",
                    format!(
                        "{card} is dealt more often than a {} deck holds it",
                        variant_name(game)
                    ),
                ),
            }
        }
    }
    r.deal = Some(deal);
}

fn variant_name(game: Rules) -> &'static str {
    match game {
        Rules::Pinochle {
            double_deck: true, ..
        } => "double",
        _ => "single",
    }
}

fn players(g: &Gathered, r: &mut Record, info: &mut Pinochle) {
    let mut names = SeatMap::<String>::default();
    for &s in info.rules().seats() {
        if let Some(name) = g.tag(s.name()) {
            names[s] = name.to_string();
        }
    }
    r.players = Some(Players { tables: vec![names] });
    const KNOWN: [&str; 30] = [
        "Event",
        "Site",
        "Date",
        "Hand",
        "Dealer",
        "Declarer",
        "Contract",
        "Trump",
        "Partner",
        "Result",
        "Termination",
        "Victor",
        "GameScores",
        "MeldScores",
        "PlayScores",
        "HandScores",
        "Kitty",
        "Discard",
        "Passed",
        "Melds",
        "Deal",
        "Auction",
        "Play",
        "Note",
        "Chat",
        "North",
        "East",
        "South",
        "West",
        "Competition",
    ];
    for t in &g.tags {
        if t.name == "Note" || t.name == "Chat" {
            let text = t.value.clone();
            let (start, end) = t.span.unwrap_or((None, None));
            info.notes.push(TimedNote {
                chat: t.name == "Chat",
                text,
                start,
                end,
                pos: t.pos,
            });
        } else if !KNOWN.contains(&t.name.as_str()) && Seat::ALL.iter().all(|s| s.name() != t.name) {
            r.tags.push((t.name.clone(), t.value.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_are_written_clubs_diamonds_spades_hearts() {
        let game = Rules::Pinochle {
            double_deck: true,
            players: 4,
        };
        let h = hand("ATTTQQJ.QQJJ.AQQQJ.TKQQ", game).unwrap();
        assert_eq!(h.len(), 20);
        assert_eq!(h.to_suit_string(game), "ATTTQQJ.QQJJ.AQQQJ.TKQQ");
        assert!(hand("A9.A.A.A", game).is_err(), "no nines in double deck");
    }
}
