//! `md`: the dealer digit, then the hands of South, West, North and East,
//! each `S…H…D…C…`. The fourth hand is often left out (or left empty):
//! it holds the cards the others do not.

use super::lex::shorten;
use crate::model::{
    Board, Card, CardSet, Deal, Hand, HandCard, Rank, Rules, Seat, SeatMap, Suit, Vulnerability,
};

/// The order LIN gives seats in: names, hands and dealer digits.
pub const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// The deal and dealer `md` gives, with what is wrong in it: a message and
/// the character it is at.
pub struct Dealt {
    pub dealer: Option<Seat>,
    pub deal: Deal,
    pub issues: Vec<(usize, String)>,
}

pub fn read(value: &str) -> Dealt {
    let mut issues = Vec::new();
    let mut chars = value.char_indices().peekable();
    let dealer = match chars.peek() {
        Some(&(_, c @ '1'..='4')) => {
            chars.next();
            Some(LIN_SEATS[c as usize - '1' as usize])
        }
        _ => None,
    };
    let body_at = usize::from(dealer.is_some());
    let mut deal = Deal::new(Rules::Bridge);
    let mut next_at = body_at;
    for (i, hand) in value[body_at..].split(',').enumerate() {
        let at = next_at;
        next_at += hand.chars().count() + 1;
        let Some(&seat) = LIN_SEATS.get(i) else {
            if !hand.trim().is_empty() {
                let message = format!("`{}` is a fifth hand; a deal has four", shorten(hand));
                issues.push((at, message));
            }
            continue;
        };
        if i == 3 && hand.trim().is_empty() {
            break;
        }
        deal.hands[seat] = hand_of(hand, at, &mut issues);
        deal.given.insert(seat);
    }
    fill_fourth(&mut deal, &mut issues, value.chars().count());
    Dealt { dealer, deal, issues }
}

/// One hand: suit letters each followed by their ranks.
fn hand_of(text: &str, at: usize, issues: &mut Vec<(usize, String)>) -> Hand {
    let mut hand = Hand::new();
    let mut suit: Option<Suit> = None;
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        if let Some(s) = Suit::from_letter(c).filter(|_| c.is_ascii_uppercase() || !is_rank(c)) {
            suit = Some(s);
            continue;
        }
        // `10` for the ten, as some programs write it.
        let rank = if c == '1' && chars.peek().is_some_and(|&(_, d)| d == '0') {
            chars.next();
            Some(Rank::Ten)
        } else {
            Rank::from_letter(c.to_ascii_uppercase())
        };
        match (suit, rank) {
            (Some(s), Some(r)) => hand.push(HandCard::Known(Card::new(s, r))),
            (None, Some(_)) => issues.push((at + i, format!("`{c}` comes before any suit letter"))),
            _ if c.is_whitespace() => {}
            _ => issues.push((at + i, format!("`{c}` is neither a suit nor a rank"))),
        }
    }
    hand
}

fn is_rank(c: char) -> bool {
    Rank::from_letter(c.to_ascii_uppercase()).is_some()
}

/// Gives East the rest when three hands of 13 are given; says what is
/// wrong with hands too long or cards dealt twice.
fn fill_fourth(deal: &mut Deal, issues: &mut Vec<(usize, String)>, end: usize) {
    let mut seen = CardSet::default();
    for seat in LIN_SEATS {
        let hand = &deal.hands[seat];
        if hand.len() > 13 {
            issues.push((
                0,
                format!(
                    "{} has {} cards; a hand holds at most 13",
                    seat.name(),
                    hand.len()
                ),
            ));
        }
        for card in hand.known_cards() {
            if !seen.insert(card) {
                issues.push((0, format!("{card} is dealt twice")));
            }
        }
    }
    let three = LIN_SEATS[..3].iter().all(|&s| deal.hands[s].len() == 13);
    if three && !deal.given.contains(Seat::East) {
        for card in deal.missing_cards() {
            deal.hands[Seat::East].push(HandCard::Known(card));
        }
        deal.given.insert(Seat::East);
    } else if !deal.given.contains(Seat::East) && LIN_SEATS[..3].iter().any(|&s| deal.given.contains(s)) {
        issues.push((
            end,
            "only some hands are given, and not all of 13 cards: East is left empty".into(),
        ));
    }
}

/// The dealer of a numbered board in the standard rotation.
pub fn board_dealer(board: Option<&Board>) -> Option<Seat> {
    let n: u32 = board?.number.parse().ok()?;
    Some([Seat::West, Seat::North, Seat::East, Seat::South][(n % 4) as usize])
}

pub fn board_vulnerability(board: Option<&Board>) -> Option<Vulnerability> {
    use Vulnerability::{Both, EastWest as E, None as O, NorthSouth as N};
    const CYCLE: [Vulnerability; 16] = [O, N, E, Both, N, E, Both, O, E, Both, O, N, Both, O, N, E];
    let n: u32 = board?.number.parse().ok()?;
    Some(CYCLE[(n.checked_sub(1)? % 16) as usize])
}

/// Names in LIN's order (South, West, North, East) placed at their seats.
pub fn seat_names(names: &[String]) -> SeatMap<String> {
    let mut map = SeatMap::<String>::default();
    for (seat, name) in LIN_SEATS.iter().zip(names) {
        map[*seat] = name.clone();
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fourth_hand_gets_the_rest() {
        let d = read("3S358TH28D34579C89,S6QH7JQD8TKAC47JK,SAH35TKAD2JC235QA,");
        assert_eq!(d.dealer, Some(Seat::North));
        assert!(d.issues.is_empty());
        assert_eq!(d.deal.hands[Seat::East].len(), 13);
        assert_eq!(
            d.deal.hands[Seat::South].to_suit_string(Rules::Bridge),
            "T853.82.97543.98"
        );
    }

    #[test]
    fn four_hands_voids_and_lower_case() {
        let d = read("1SKQ64HDQ73CAQ8653,sjt987hj6da642ck9,SA2HKT954DK9CJT74,S53HAQ8732DJT85C2");
        assert!(d.issues.is_empty(), "{:?}", d.issues);
        assert_eq!(d.deal.hands[Seat::West].len(), 13);
        assert_eq!(d.dealer, Some(Seat::South));
    }

    #[test]
    fn bad_letters_and_doubled_cards_are_named() {
        let d = read("2SAZ,SA,");
        let messages: Vec<&str> = d.issues.iter().map(|(_, m)| m.as_str()).collect();
        assert_eq!(
            messages,
            [
                "`Z` is neither a suit nor a rank",
                "SA is dealt twice",
                "only some hands are given, and not all of 13 cards: East is left empty"
            ]
        );
        assert_eq!(d.issues[0].0, 3);
    }
}
