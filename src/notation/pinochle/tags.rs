//! The tags of a Pinochle hand: deal, holdings, exchange, melds, scores,
//! players, and the notes and chat of the hand.

use super::gathered::Gathered;
use crate::model::{
    Board, Card, Deal, Discard, Hand, HandCard, HandOutcome, Meld, Partner, Passed, Pinochle, Players,
    Problem, Rank, Record, Rules, Seat, SeatChange, SeatMap, Suit, TeamScores, TimedNote, TwoPart,
};

pub fn seat(text: &str) -> Option<Seat> {
    text.trim().parse().ok()
}

/// A seat letter of this game's table: `NE` sits at no four-handed table.
pub fn game_seat(text: &str, game: Rules) -> Result<Seat, String> {
    let text = text.trim();
    match seat(text) {
        Some(s) if game.seats().contains(&s) => Ok(s),
        _ => {
            let letters: Vec<&str> = game.seats().iter().map(|s| s.abbreviation()).collect();
            Err(format!(
                "`{text}` is not a seat of a {}-seat game ({})",
                game.seats().len(),
                letters.join(" ")
            ))
        }
    }
}

/// A hand written suit by suit in the game's order (C.D.S.H); suits after
/// the last one held may be left out, as the spec's melds do (`KQ.ATKQJ`),
/// and `?` is a hand the record does not know.
pub fn hand(text: &str, game: Rules) -> Result<Hand, String> {
    let mut hand = Hand::new();
    if text == "?" {
        return Ok(hand);
    }
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() > 4 {
        return Err(format!(
            "`{text}` has more than four suits (clubs, diamonds, spades, hearts)"
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
fn seat_hands(text: &str, game: Rules) -> Result<(Seat, Vec<(Seat, String)>), String> {
    let (first, hands) = text.split_once(':').ok_or("hands start with a seat, like E:")?;
    let first = game_seat(first, game)?;
    let mut at = first;
    let list = hands
        .split_whitespace()
        .map(|h| {
            let s = at;
            at = game.next_seat(at);
            (s, h.to_string())
        })
        .collect();
    Ok((first, list))
}

/// A tag's value, None when it is empty or unknown (`?`, `*`).
fn text<'g>(g: &'g Gathered, name: &str) -> Option<&'g str> {
    g.tag(name)
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "?" && *v != "*")
}

/// Hands as the cards between `(` `)` say: `KQ.ATKQJ(17)`.
fn with_points(text: &str) -> (&str, Option<u32>) {
    text.split_once('(').map_or((text.trim(), None), |(c, p)| {
        (c.trim(), p.trim_end_matches(')').trim().parse().ok())
    })
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
    r.date = text(g, "Date").and_then(|d| date(d, &mut wrong));
    r.board = text(g, "Hand").map(|h| Board {
        number: h.to_string(),
        description: None,
        auto: false,
    });
    bidding_and_outcome(g, info, &mut wrong);
    scores(g, info, &mut wrong);
    exchange(g, game, info, &mut wrong);
    info.holding = holding(g, game, &mut wrong);
    deal(g, r, info, &mut wrong);
    players(g, r, info, &mut wrong);
}

/// `YYYY.MM.DD` as the spec writes it, `?` for a digit not known.
fn date(value: &str, wrong: &mut impl FnMut(&str, String)) -> Option<crate::model::Date> {
    let number = |part: Option<&str>, len: usize, most: u32| {
        part.filter(|p| p.len() == len)
            .and_then(|p| match p.parse::<u32>() {
                Ok(n) => (1..=most).contains(&n).then_some(()),
                Err(_) => p.chars().all(|c| c == '?' || c.is_ascii_digit()).then_some(()),
            })
    };
    let mut parts = value.split('.');
    let fits = number(parts.next(), 4, 9999)
        .and(number(parts.next(), 2, 12))
        .and(number(parts.next(), 2, 31))
        .is_some()
        && parts.next().is_none();
    if !fits {
        wrong(
            "Date",
            format!("`{value}` is not a date written YYYY.MM.DD (`?` for what is not known)"),
        );
        return None;
    }
    crate::notation::pbn::date_value(value)
}

/// Who dealt, bid and declared, the contract and trump, and how the hand
/// ended.
fn bidding_and_outcome(g: &Gathered, info: &mut Pinochle, wrong: &mut impl FnMut(&str, String)) {
    let game = info.rules();
    let mut seat_tag = |name: &str| {
        let value = text(g, name)?;
        game_seat(value, game).map_err(|m| wrong(name, m)).ok()
    };
    info.dealer = seat_tag("Dealer");
    info.auction_seat = seat_tag("Auction");
    info.declarer = seat_tag("Declarer");
    info.leader = seat_tag("Play");
    info.contract = text(g, "Contract").and_then(|c| {
        c.parse()
            .map_err(|_| {
                wrong(
                    "Contract",
                    format!("`{c}` is not a contract (a number of points)"),
                )
            })
            .ok()
    });
    info.trump = text(g, "Trump").and_then(|t| match t {
        "-" => None,
        _ => t
            .chars()
            .next()
            .and_then(Suit::from_letter)
            .filter(|_| t.len() == 1)
            .or_else(|| {
                wrong("Trump", format!("`{t}` is not a trump suit (C, D, S, H or -)"));
                None
            }),
    });
    info.partner = text(g, "Partner").and_then(|p| partner(p, game).map_err(|m| wrong("Partner", m)).ok());
    info.result = text(g, "Result").and_then(|v| {
        let outcome = HandOutcome::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(v));
        if outcome.is_none() {
            wrong(
                "Result",
                format!("`{v}` is not a result (Saved, Set, No Board or No Trump)"),
            );
        }
        outcome.map(|o| (o, g.pos("Result")))
    });
    info.termination = text(g, "Termination").map(str::to_string);
    info.victor = text(g, "Victor").map(str::to_string);
}

/// `SE:HA`: the partner's seat and the card that called them.
fn partner(value: &str, game: Rules) -> Result<Partner, String> {
    let (seat, card) = value.split_once(':').unwrap_or((value, ""));
    let card = match card.trim() {
        "" | "?" => None,
        c => Some(c.parse::<Card>().map_err(|_| format!("`{c}` is not a card"))?),
    };
    Ok(Partner {
        seat: game_seat(seat, game)?,
        card,
    })
}

/// The running scores, a value per team separated by colons.
fn scores(g: &Gathered, info: &mut Pinochle, wrong: &mut impl FnMut(&str, String)) {
    let teams = info.teams().len();
    let mut read = |name: &str| {
        let value = text(g, name)?;
        let values: Result<Vec<Option<i32>>, String> = value
            .split(':')
            .map(|v| match v.trim() {
                "?" => Ok(None),
                v => v.parse().map(Some).map_err(|_| format!("`{v}` is not a score")),
            })
            .collect();
        match values {
            Err(m) => wrong(name, m),
            Ok(v) if v.len() != teams => {
                wrong(name, format!("{name} has {} values for {teams} teams", v.len()))
            }
            Ok(values) => {
                return Some(TeamScores {
                    values,
                    pos: g.pos(name),
                });
            }
        }
        None
    };
    info.game_scores = read("GameScores");
    info.meld_scores = read("MeldScores");
    info.play_scores = read("PlayScores");
    info.hand_scores = read("HandScores");
}

/// The kitty, declarer's discard, the cards passed between partners and
/// the melds laid down.
fn exchange(g: &Gathered, game: Rules, info: &mut Pinochle, wrong: &mut impl FnMut(&str, String)) {
    info.kitty_pos = g.pos("Kitty");
    for c in text(g, "Kitty").into_iter().flat_map(str::split_whitespace) {
        match c.parse::<Card>() {
            Ok(card) if game.ranks().contains(&card.rank) => info.kitty.push(card),
            _ => wrong("Kitty", format!("`{c}` is not a Pinochle card")),
        }
    }
    if let Some(d) = text(g, "Discard") {
        let (cards, points) = with_points(d);
        match hand(cards, game) {
            Ok(cards) => {
                info.discard = Some(Discard {
                    cards,
                    points,
                    pos: g.pos("Discard"),
                })
            }
            Err(m) => wrong("Discard", m),
        }
    }
    for name in ["Passed", "Melds"] {
        let Some(value) = text(g, name) else { continue };
        match seat_hands(value, game) {
            Ok((_, list)) => passed_or_melded(name, list, g.pos(name), info, wrong),
            Err(m) => wrong(name, m),
        }
    }
}

/// The hands of a Passed or Melds tag, each with its points.
fn passed_or_melded(
    name: &str,
    list: Vec<(Seat, String)>,
    pos: crate::model::Pos,
    info: &mut Pinochle,
    wrong: &mut impl FnMut(&str, String),
) {
    let game = info.rules();
    let passers = list.len();
    let first = list.first().map(|(s, _)| *s);
    for (i, (s, h)) in list.into_iter().enumerate() {
        let (cards, points) = with_points(&h);
        // When only a partnership passes, the second listed is
        // the first one's partner, across the table.
        let giver = match first {
            Some(first) if passers < game.seats().len() && i > 0 => partner_of(game, first),
            _ => s,
        };
        match hand(cards, game) {
            Ok(cards) if name == "Passed" => info.passed.push(Passed {
                from: giver,
                to: partner_of(game, giver),
                cards,
                pos,
            }),
            Ok(cards) => info.melds.push(Meld {
                seat: s,
                cards,
                points,
                pos,
            }),
            Err(m) => wrong(name, m),
        }
    }
}

/// The seat across the table: cards are passed to partner.
fn partner_of(game: Rules, seat: Seat) -> Seat {
    let seats = game.seats();
    let at = seats.iter().position(|&s| s == seat).unwrap_or(0);
    seats[(at + seats.len() / 2) % seats.len()]
}

/// The Holding tag: every seat's hand after the exchange.
fn holding(g: &Gathered, game: Rules, wrong: &mut impl FnMut(&str, String)) -> Option<SeatMap<Hand>> {
    let value = text(g, "Holding")?;
    let mut hands = SeatMap::<Hand>::default();
    match seat_hands(value, game) {
        Ok((_, list)) => {
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

fn deal(g: &Gathered, r: &mut Record, info: &Pinochle, wrong: &mut impl FnMut(&str, String)) {
    let game = info.rules();
    let Some(value) = text(g, "Deal") else {
        return;
    };
    let mut deal = Deal::new(game);
    match seat_hands(value, game) {
        Ok((first, list)) => {
            let expected = info.dealer.map(|d| game.next_seat(d));
            if let Some(left) = expected.filter(|&s| s != first) {
                wrong(
                    "Deal",
                    format!(
                        "the deal starts at {}, but the dealer's left is {}",
                        first.name(),
                        left.name()
                    ),
                );
            }
            if list.len() != game.seats().len() {
                wrong(
                    "Deal",
                    format!(
                        "the deal has {} hands for {} seats",
                        list.len(),
                        game.seats().len()
                    ),
                );
            }
            for (s, h) in list {
                match hand(&h, game) {
                    Ok(cards) if h != "?" => {
                        deal.hands[s] = cards;
                        deal.given.insert(s);
                    }
                    Ok(_) => {}
                    Err(m) => wrong("Deal", m),
                }
            }
        }
        Err(m) => wrong("Deal", m),
    }
    count_against_deck(&deal, info, wrong);
    held_for_meld(&deal, info, wrong);
    r.deal = Some(deal);
}

/// Every hand as long as the deck shares out, and no card dealt (or in
/// the kitty) more often than the deck holds it.
fn count_against_deck(deal: &Deal, info: &Pinochle, wrong: &mut impl FnMut(&str, String)) {
    let game = info.rules();
    let size = game.deck().len().saturating_sub(info.kitty.len()) / game.seats().len();
    for s in deal.given.iter() {
        let len = deal.hands[s].len();
        if len != size {
            wrong(
                "Deal",
                format!(
                    "{} is dealt {len} cards; the deck gives each seat {size}",
                    s.name()
                ),
            );
        }
    }
    // Identical cards are real duplicates: count each against the deck.
    let mut deck = game.deck();
    let dealt = game.seats().iter().flat_map(|&s| deal.hands[s].known_cards());
    for (card, tag) in dealt
        .map(|c| (c, "Deal"))
        .chain(info.kitty.iter().map(|&c| (c, "Kitty")))
    {
        match deck.iter().position(|&c| c == card) {
            Some(i) => drop(deck.remove(i)),
            None => wrong(
                tag,
                format!(
                    "{card} is dealt more often than a {} deck holds it",
                    if info.double_deck { "double" } else { "single" }
                ),
            ),
        }
    }
}

/// The kitty taken, the discard and passes made from cards held, the
/// Holding tag against what they leave, and every meld from the hand its
/// seat holds after them.
fn held_for_meld(deal: &Deal, info: &Pinochle, wrong: &mut impl FnMut(&str, String)) {
    let mut hands = deal.hands.clone();
    let problems = info.exchange(&mut hands);
    for p in &problems {
        let tag = if info.discard.as_ref().is_some_and(|d| d.pos == p.pos) {
            "Discard"
        } else {
            "Passed"
        };
        wrong(tag, p.message.clone());
    }
    // A card given that was not held is told already, and would make
    // every hand after it differ again.
    if problems.is_empty() {
        holding_as_exchanged(deal, &hands, info, wrong);
    }
    // Lists longer than the deck are told already, and checked card by
    // card would take time growing with their square.
    let deck = info.rules().deck().len();
    let given = |m: &&crate::model::Meld| deal.given.contains(m.seat);
    for meld in info.melds.iter().filter(given) {
        let mut hand = hands[meld.seat].clone();
        if meld.cards.len() > deck || hand.len() > deck {
            continue;
        }
        for card in meld.cards.known_cards() {
            if !hand.remove(card) {
                wrong(
                    "Melds",
                    format!("{} melds {card} but does not hold it", meld.seat.name()),
                );
            }
        }
    }
}

/// Each seat's Holding against its dealt hand after the exchange: the
/// cards it has that the exchange does not give, and those it lacks.
fn holding_as_exchanged(
    deal: &Deal,
    exchanged: &SeatMap<Hand>,
    info: &Pinochle,
    wrong: &mut impl FnMut(&str, String),
) {
    let Some(holding) = &info.holding else { return };
    let deck = info.rules().deck().len();
    for &s in info.rules().seats() {
        let held = &holding[s];
        // A seat Holding leaves unknown (`?`) has nothing to compare, and
        // lists longer than the deck are told as such already.
        let known = deal.given.contains(s) && !held.is_empty() && held.is_known();
        if !known || held.len() > deck || exchanged[s].len() > deck {
            continue;
        }
        let mut lacks = exchanged[s].clone();
        let extra: Vec<String> = held
            .known_cards()
            .filter(|&c| !lacks.remove(c))
            .map(|c| c.to_string())
            .collect();
        let lacks: Vec<String> = lacks.known_cards().map(|c| c.to_string()).collect();
        let mut parts = Vec::new();
        if !extra.is_empty() {
            parts.push(format!("has {} the exchange does not give", extra.join(" ")));
        }
        if !lacks.is_empty() {
            parts.push(format!("lacks {}", lacks.join(" ")));
        }
        if !parts.is_empty() {
            let message = format!(
                "{}'s Holding is not the hand as dealt after the exchange: it {}",
                s.name(),
                parts.join(" and ")
            );
            wrong("Holding", message);
        }
    }
}

fn players(g: &Gathered, r: &mut Record, info: &mut Pinochle, wrong: &mut impl FnMut(&str, String)) {
    let mut names = SeatMap::<String>::default();
    for &s in info.rules().seats() {
        if let Some(name) = g.tag(s.name()) {
            names[s] = name.to_string();
        }
    }
    r.players = Some(Players { tables: vec![names] });
    for t in &g.tags {
        let seat = Seat::ALL.into_iter().find(|s| s.name() == t.name);
        if let (Some(seat), Some((Some(from), _))) = (seat, t.span) {
            match game_seat(seat.abbreviation(), info.rules()) {
                Ok(seat) => info.seat_changes.push(SeatChange {
                    seat,
                    name: t.value.clone(),
                    from,
                }),
                Err(m) => wrong(&t.name, m),
            }
        } else if t.name == "Note" || t.name == "Chat" {
            let (start, end) = t.span.unwrap_or((None, None));
            info.notes.push(TimedNote {
                chat: t.name == "Chat",
                text: t.value.clone(),
                start,
                end,
                pos: t.pos,
            });
        } else if !KNOWN.contains(&t.name.as_str()) && seat.is_none() {
            r.tags.push((t.name.clone(), t.value.clone()));
        }
    }
}

/// The tags this reader takes into the model; others are kept as written.
pub(crate) const KNOWN: [&str; 32] = [
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
    "Holding",
    "Auction",
    "Play",
    "Note",
    "Chat",
    "North",
    "East",
    "South",
    "West",
    "Competition",
    "Scoring",
];

#[cfg(test)]
mod tests {
    use super::*;

    const DOUBLE_FOUR: Rules = Rules::Pinochle {
        double_deck: true,
        players: 4,
    };

    #[test]
    fn hands_are_written_clubs_diamonds_spades_hearts() {
        let h = hand("ATTTQQJ.QQJJ.AQQQJ.TKQQ", DOUBLE_FOUR).unwrap();
        assert_eq!(h.len(), 20);
        assert_eq!(h.to_suit_string(DOUBLE_FOUR), "ATTTQQJ.QQJJ.AQQQJ.TKQQ");
        assert!(hand("A9.A.A.A", DOUBLE_FOUR).is_err(), "no nines in double deck");
    }

    #[test]
    fn the_spec_leaves_out_the_suits_after_the_last_held() {
        let h = hand("KQ.ATKQJ", DOUBLE_FOUR).unwrap();
        assert_eq!(h.len(), 7);
        assert!(h.contains("DJ".parse().unwrap()));
        assert!(hand("?", DOUBLE_FOUR).unwrap().is_empty());
        assert!(hand("A.A.A.A.A", DOUBLE_FOUR).is_err());
    }

    #[test]
    fn seats_belong_to_the_table() {
        assert_eq!(game_seat("W", DOUBLE_FOUR), Ok(Seat::West));
        let wrong = game_seat("NE", DOUBLE_FOUR).unwrap_err();
        assert_eq!(wrong, "`NE` is not a seat of a 4-seat game (N E S W)");
        assert!(game_seat("X", DOUBLE_FOUR).is_err());
    }

    #[test]
    fn dates_are_year_month_day_with_dots() {
        let mut told = Vec::new();
        let mut wrong = |_: &str, m: String| told.push(m);
        assert!(date("2015.08.31", &mut wrong).is_some());
        assert!(date("2015.??.??", &mut wrong).is_some());
        assert!(date("2015.13.45", &mut wrong).is_none());
        assert!(date("2015-08-31", &mut wrong).is_none());
        assert_eq!(told.len(), 2);
    }
}
