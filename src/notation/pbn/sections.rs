//! The auction and play sections: their words cut into calls and cards
//! with their marks, and the play turned from PBN's seat columns into the
//! order the cards were played.

use arrayvec::ArrayVec;

use super::unplayed::Unplayed;
use crate::model::{
    Annotated, Annotation, AuctionItem, Bid, Call, Card, Contract, PlayItem, Pos, Pseudo, Rules, Seat,
    Strain, Suit,
};
use crate::notation::vet::CardBit;

/// The pieces of a section word with their byte offsets: `2C!=1=` is
/// `2C`, `!` and `=1=`.
pub fn pieces(word: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = &word[at..];
        let bytes = rest.as_bytes();
        // Every piece but a `^` and an odd character is ASCII throughout,
        // so it is measured in bytes.
        let run = |keep: fn(u8) -> bool, from: usize| {
            bytes[from..]
                .iter()
                .position(|&b| !keep(b))
                .map_or(rest.len(), |i| from + i)
        };
        let len = match *bytes.first()? {
            b'=' => memchr::memchr(b'=', &bytes[1..]).map_or(rest.len(), |i| i + 2),
            b'$' => run(|b| b.is_ascii_digit(), 1),
            b'!' | b'?' => run(|b| b == b'!' || b == b'?', 0).min(2),
            b'^' => (1 + rest[1..].chars().next().map_or(0, char::len_utf8)).min(rest.len()),
            b'_' => run(|b| b == b'_', 0),
            b if b.is_ascii_alphanumeric() || b == b'-' => run(|b| b.is_ascii_alphanumeric() || b == b'-', 0),
            _ => rest.chars().next().map_or(1, char::len_utf8),
        };
        let piece = (at, &rest[..len]);
        at += len;
        Some(piece)
    })
}

/// A mark after a call or card, if the piece is one.
pub fn mark(piece: &str) -> Option<Annotation> {
    let nag = |n: u8| match n % 6 {
        1 => Annotation::Good,
        2 => Annotation::Poor,
        3 => Annotation::VeryGood,
        4 => Annotation::VeryPoor,
        5 => Annotation::Speculative,
        0 if n > 0 => Annotation::Questionable,
        _ => Annotation::Nag(n),
    };
    match piece {
        "!" => Some(Annotation::Good),
        "?" => Some(Annotation::Poor),
        "!!" => Some(Annotation::VeryGood),
        "??" => Some(Annotation::VeryPoor),
        "!?" => Some(Annotation::Speculative),
        "?!" => Some(Annotation::Questionable),
        _ => {
            if let Some(n) = piece.strip_prefix('=').and_then(|p| p.strip_suffix('=')) {
                return n.parse().ok().map(Annotation::Note);
            }
            let n: u8 = piece.strip_prefix('$')?.parse().ok()?;
            Some(if (1..=12).contains(&n) {
                nag(n)
            } else {
                Annotation::Nag(n)
            })
        }
    }
}

/// A call: `Pass`, `X`, `XX`, `1N`, `1NT`, `AP`, BridgeComposer's `AC`
/// (any call), in either case; None when it is none. Bids, most of what
/// is written, are looked at first.
pub fn call(piece: &str) -> Option<AuctionItem> {
    // The level is read once, then checked: the bytes may be a mapped
    // file's that another program changes under the vetter, and a byte
    // read again need not be the byte checked.
    let (level, strain) = piece
        .as_bytes()
        .split_first()
        .map_or((0, &[][..]), |(&l, s)| (l, s));
    if (b'1'..=b'7').contains(&level) {
        let strain = match strain {
            [letter] => Strain::from_letter(*letter as char)?,
            [b'N' | b'n', b'T' | b't'] => Strain::NoTrump,
            _ => return None,
        };
        let level = level - b'0';
        return Some(AuctionItem::Call(Call::Bid(Bid { level, strain })));
    }
    let is = |word: &str| piece.eq_ignore_ascii_case(word);
    let item = if is("AP") {
        AuctionItem::AllPass
    } else if is("AC") {
        AuctionItem::AnyCall
    } else if is("PASS") || is("P") {
        AuctionItem::Call(Call::Pass)
    } else if is("X") || is("DBL") {
        AuctionItem::Call(Call::Double)
    } else if is("XX") || is("RDBL") || is("R") {
        AuctionItem::Call(Call::Redouble)
    } else {
        return None;
    };
    Some(item)
}

/// The quiz point of teaching programs: a run of underscores, "your call?"
/// in an auction and "your play?" in a play section.
fn is_query(piece: &str) -> bool {
    !piece.is_empty() && piece.bytes().all(|b| b == b'_')
}

/// What a piece of an auction word is.
pub enum CallPiece {
    /// `-`: a seat passed over, before the first call.
    Hyphen,
    /// `*` (the end) or `+` (the next call to be made): nothing to keep.
    Sign,
    /// `^S`: a turn lost.
    Skipped,
    /// `^I`: the next call is irregular.
    Irregular,
    /// The quiz point, "your call?".
    Query,
    Mark(Annotation),
    Call(AuctionItem),
    /// No call.
    Other,
}

impl CallPiece {
    pub fn of(piece: &str) -> CallPiece {
        match piece {
            "-" => CallPiece::Hyphen,
            "*" | "+" => CallPiece::Sign,
            "^S" => CallPiece::Skipped,
            "^I" => CallPiece::Irregular,
            q if is_query(q) => CallPiece::Query,
            _ => match call(piece) {
                Some(call) => CallPiece::Call(call),
                None => mark(piece).map_or(CallPiece::Other, CallPiece::Mark),
            },
        }
    }
}

/// What a piece of a play word is.
pub enum CardPiece {
    /// `*`: the end.
    End,
    /// `+`: the card to be played next.
    Next,
    /// The quiz point, "your play?".
    Query,
    /// `^R` or `^L`: the next card is irregular, so marked.
    Irregular(char),
    Mark(Annotation),
    /// A card, or `-` for one that does not matter.
    Card(Option<Card>),
    /// No card.
    Other,
}

impl CardPiece {
    pub fn of(piece: &str) -> CardPiece {
        match piece {
            "*" => CardPiece::End,
            "+" => CardPiece::Next,
            "^R" => CardPiece::Irregular('R'),
            "^L" => CardPiece::Irregular('L'),
            q if is_query(q) => CardPiece::Query,
            _ => match card(piece.as_bytes()) {
                Some(card) => CardPiece::Card(card),
                None => mark(piece).map_or(CardPiece::Other, CardPiece::Mark),
            },
        }
    }
}

/// A card: `SA`, `h10`, or `-` for a card that does not matter. Read
/// from bytes, as a row of cards is taken whole.
pub fn card(piece: &[u8]) -> Option<Option<Card>> {
    card_bit(piece).map(|card| card.map(CardBit::card))
}

/// The same as the vetter takes it, from tables of letters (the model's).
pub fn card_bit(piece: &[u8]) -> Option<Option<CardBit>> {
    let card = match *piece {
        [b'-'] => return Some(None),
        [suit, b'1', b'0'] => CardBit::from_letters(suit, b'T'),
        [suit, rank] => CardBit::from_letters(suit, rank),
        _ => None,
    };
    card.map(Some)
}

/// One card of the play as the section lays it out: under its seat's
/// column, with its marks.
#[derive(Clone, Debug)]
pub struct Cell {
    pub card: Option<Card>,
    pub annotations: Vec<Annotation>,
    pub pos: Pos,
    /// Comments written right after it.
    pub comments: Vec<usize>,
    /// The quiz point `____`, "your play?", in the column of the seat
    /// to play.
    pub query: bool,
}

impl Cell {
    /// A card or hyphen at `pos`, with no marks yet.
    pub fn at(card: Option<Card>, pos: Pos) -> Cell {
        Cell {
            card,
            annotations: Vec::new(),
            pos,
            comments: Vec::new(),
            query: false,
        }
    }
}

/// A trick's cards in the order played: each with its seat and its place
/// among the section's cells, which stay where they are.
pub type Trick = ArrayVec<(Seat, usize), 4>;

pub struct Ordered {
    pub tricks: Vec<Trick>,
    pub problems: Vec<(Pos, String)>,
}

/// The seats of a row: under their columns, or (as some programs write)
/// from the trick's leader.
fn seats_of(first: Seat, leader: Seat, from_leader: bool) -> [Seat; 4] {
    let start = if from_leader { leader } else { first };
    let mut seat = start;
    std::array::from_fn(|_| {
        let s = seat;
        seat = Rules::Bridge.next_seat(seat);
        s
    })
}

/// Whether every known card of a row is still in its seat's hand.
fn fits(row: &[Cell], seats: &[Seat; 4], hands: &Unplayed) -> bool {
    row.iter()
        .zip(seats)
        .all(|(cell, &seat)| cell.card.is_none_or(|card| hands.may_play(seat, card)))
}

/// The winner among the known cards; a hyphen (a card that does not
/// matter) never wins.
fn winner(trick: &Trick, cells: &[Cell], trump: Option<Suit>, certain_trump: bool) -> Option<Seat> {
    // A row holds four cells at most: the known cards and their seats,
    // side by side, in one pass.
    let (mut seats, mut cards) = (ArrayVec::<Seat, 4>::new(), ArrayVec::<Card, 4>::new());
    for &(seat, i) in trick {
        if let Some(card) = cells[i].card {
            seats.push(seat);
            cards.push(card);
        }
    }
    let led = cards.first()?.suit;
    let one_suit = cards.iter().all(|c| c.suit == led);
    (certain_trump || one_suit).then(|| seats[Rules::Bridge.trick_winner(&cards, trump)])
}

/// The seats of a row's cards: under the seats' columns, or from the
/// trick's leader when only that fits the hands (said once); None when
/// neither fits, which is said, and the play is read no further.
fn row_seats(
    row: &[Cell],
    n: usize,
    first: Seat,
    leader: Seat,
    hands: &Unplayed,
    problems: &mut Vec<(Pos, String)>,
) -> Option<[Seat; 4]> {
    let seats = seats_of(first, leader, false);
    if fits(row, &seats, hands) {
        return Some(seats);
    }
    let pos = row.first().map_or(Pos::default(), |c| c.pos);
    let from_leader = seats_of(first, leader, true);
    if fits(row, &from_leader, hands) {
        if problems.is_empty() {
            let message = format!(
                "trick {} is written from its leader, not under the seats' columns; read as played",
                n + 1
            );
            problems.push((pos, message));
        }
        return Some(from_leader);
    }
    // Cards that fit no seat the rules allow: the file and the rules
    // disagree from here, and one message says so.
    let message = format!(
        "trick {}: the cards do not fit the hands with {} on lead; the play after it is not read",
        n + 1,
        leader.name()
    );
    problems.push((pos, message));
    None
}

/// Row `n`'s cards with their seats, the leader's first.
fn trick_from_leader(cells: &[Cell], n: usize, seats: [Seat; 4], leader: Seat, last: bool) -> Trick {
    let in_row = cells.len().saturating_sub(4 * n).min(4);
    let start = seats.iter().position(|&s| s == leader).unwrap_or(0);
    // Round from the leader's column; a short last row has no cells in
    // the columns after its last.
    let mut trick: Trick = (start..start + 4)
        .map(|k| k % 4)
        .filter(|&k| k < in_row)
        .map(|k| (seats[k], 4 * n + k))
        .collect();
    if last {
        // The play may stop mid-trick: hyphens after the last card are
        // cards not yet played.
        while trick.last().is_some_and(|&(_, i)| {
            let c = &cells[i];
            c.card.is_none() && c.annotations.is_empty() && !c.query
        }) {
            trick.pop();
        }
    }
    trick
}

/// Cards in played order from PBN's rows of four, each row a trick with
/// its cards under fixed seat columns starting from `first`. Each trick is
/// led by the winner of the one before, which is worked out as it goes;
/// where it can't be, the rest is left unread and said so.
pub fn order_play(cells: &[Cell], first: Seat, contract: Option<&Contract>, mut hands: Unplayed) -> Ordered {
    let trump = contract.and_then(|c| c.strain.trump());
    let mut leader = contract.map_or(first, |c| {
        c.leader.unwrap_or_else(|| Rules::Bridge.next_seat(c.declarer))
    });
    let rows = cells.chunks(4);
    let mut out = Ordered {
        tricks: Vec::with_capacity(rows.len()),
        problems: Vec::new(),
    };
    // Rows of hyphens are claimed tricks: the play ends before the first
    // of them, and hyphens after the last card played are cards never
    // played (BBO writes a claim as `DT DK C2 -` and rows of hyphens).
    let claimed = rows
        .clone()
        .skip(1)
        .position(|row| row.iter().all(|c| c.card.is_none() && !c.query))
        .map_or(rows.len(), |n| n + 1);
    let last = claimed.saturating_sub(1);
    for (n, row) in rows.take(claimed).enumerate() {
        let Some(seats) = row_seats(row, n, first, leader, &hands, &mut out.problems) else {
            break;
        };
        let trick = trick_from_leader(cells, n, seats, leader, n == last);
        for &(seat, i) in &trick {
            if let Some(card) = cells[i].card {
                hands.play(seat, card);
            }
        }
        // "Your play?" is no card: the trick stops there.
        let complete = trick.len() == 4 && trick.iter().all(|&(_, i)| !cells[i].query);
        let won = winner(&trick, cells, trump, contract.is_some());
        let led = trick.first().map(|&(_, i)| cells[i].pos).unwrap_or_default();
        out.tricks.push(trick);
        match won {
            _ if !complete => break,
            Some(seat) => leader = seat,
            None if n < last => {
                let message = format!(
                    "can't tell who won trick {}, so the play after it is not read",
                    n + 1
                );
                out.problems.push((led, message));
                break;
            }
            None => {}
        }
    }
    out
}

/// A played card as a model entry; a hyphen is a card that did not matter.
/// Its marks move to the entry: a cell is played once.
pub fn play_entry(cell: &mut Cell) -> Annotated<PlayItem> {
    let item = match cell.card {
        Some(c) => PlayItem::Card {
            suit: Some(c.suit),
            rank: c.rank,
        },
        None if cell.query => PlayItem::Query,
        None => PlayItem::Pseudo(Pseudo::Discard),
    };
    Annotated {
        item,
        annotations: std::mem::take(&mut cell.annotations),
        flagged: false,
        pos: cell.pos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Rank, SeatMap};

    #[test]
    fn words_split_into_calls_and_marks() {
        let p: Vec<&str> = pieces("2C!=1=$5").map(|(_, p)| p).collect();
        assert_eq!(p, ["2C", "!", "=1=", "$5"]);
        assert_eq!(call("1NT"), call("1n"));
        assert_eq!(call("pass"), Some(AuctionItem::Call(Call::Pass)));
        assert_eq!(call("AP"), Some(AuctionItem::AllPass));
        assert_eq!(mark("=12="), Some(Annotation::Note(12)));
        assert_eq!(mark("$9"), Some(Annotation::VeryGood));
        assert_eq!(card(b"h10"), Some(Some(Card::new(Suit::Hearts, Rank::Ten))));
        assert_eq!(card("SÄ".as_bytes()), None);
        assert_eq!(call("1nT"), call("1N"));
        assert_eq!(call("8S"), None);
        assert!(matches!(CallPiece::of("^S"), CallPiece::Skipped));
        assert!(matches!(CallPiece::of("__"), CallPiece::Query));
        assert!(matches!(
            CallPiece::of("$3"),
            CallPiece::Mark(Annotation::VeryGood)
        ));
        assert!(matches!(CardPiece::of("^L"), CardPiece::Irregular('L')));
        assert!(matches!(CardPiece::of("-"), CardPiece::Card(None)));
        assert!(matches!(CardPiece::of("^S"), CardPiece::Other));
    }

    fn cell(text: &str) -> Cell {
        Cell::at(card(text.as_bytes()).unwrap(), Pos::default())
    }

    #[test]
    fn columns_become_played_order() {
        // Play tag W, contract 4S by North: East leads.
        let contract = Contract {
            level: Some(4),
            strain: Strain::Spades,
            doubling: Default::default(),
            goal: None,
            declarer: Seat::North,
            leader: None,
        };
        let cells = ["H2", "HA", "HK", "H3", "-", "CA", "C3", "-"].map(cell);
        let ordered = order_play(
            &cells,
            Seat::West,
            Some(&contract),
            Unplayed::new(&SeatMap::default()),
        );
        let seats: Vec<Vec<Seat>> = ordered
            .tricks
            .iter()
            .map(|t| t.iter().map(|(s, _)| *s).collect())
            .collect();
        assert_eq!(seats[0], [Seat::East, Seat::South, Seat::West, Seat::North]);
        assert_eq!(
            seats[1],
            [Seat::North, Seat::East],
            "North won with HA; South and West have not played"
        );
    }
}
