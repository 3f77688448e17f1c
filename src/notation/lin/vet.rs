//! Vetting LIN written the common way, a board to a line as BBO writes
//! hand records: names, deal, label and vulnerability, calls, cards and
//! claim, followed on sets of bits. A line vetting vouches for holds
//! nothing the full reader would report; anything else (vugraph files,
//! upper-case tags, spellings the reader tolerates with a word) is left to
//! the reader.

use std::hash::{Hash, Hasher};

use crate::model::{Bid, Call, Strain, Suit};
use crate::notation::vet::{Calls, CardBit, Hands, Play, RANK_OF, seat_index};

/// LIN's seats (South, West, North, East) as places in the vetters' order.
const PLACE: [usize; 4] = [2, 3, 0, 1];

/// What makes a board the same board given again: its number and deal.
pub type Identity = u64;

/// Vets one line; the board's identity when it vouches for it.
pub fn vet_line(line: &[u8]) -> Option<Identity> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    std::str::from_utf8(line).ok()?;
    let mut board = Board::default();
    let mut at = 0;
    // Tags are two letters: only the end of each value is looked for.
    while at < line.len() {
        let tag = line.get(at..at + 2)?;
        (line.get(at + 2) == Some(&b'|')).then_some(())?;
        let from = at + 3;
        let end = from + line[from..].iter().position(|&b| b == b'|')?;
        board.pair(tag, &line[from..end])?;
        at = end + 1;
    }
    board.finish()
}

#[derive(Default)]
struct Board<'a> {
    hands: Option<Hands>,
    number: &'a [u8],
    calls: Option<Calls>,
    play: Option<Play>,
    cards: usize,
    entries: usize,
    notes: usize,
    claimed: bool,
    pairs: usize,
}

impl<'a> Board<'a> {
    fn pair(&mut self, tag: &[u8], value: &'a [u8]) -> Option<()> {
        self.pairs += 1;
        match tag {
            b"pn" | b"st" if self.hands.is_none() => {}
            b"md" if self.hands.is_none() => self.deal(value)?,
            _ if self.hands.is_none() => return None,
            b"rh" | b"pg" | b"nt" => {}
            b"ah" => self.number = trailing_digits(value.trim_ascii()),
            b"sv" => matches!(value, b"o" | b"n" | b"e" | b"b" | b"0").then_some(())?,
            b"mb" => self.call(value)?,
            b"an" => {
                self.notes += 1;
                (self.entries > 0 && self.notes < 256).then_some(())?;
            }
            b"pc" => self.card(value)?,
            b"mc" => {
                let n: u8 = std::str::from_utf8(value).ok()?.parse().ok()?;
                self.claimed = n <= 13;
                self.claimed.then_some(())?;
            }
            _ => return None,
        }
        Some(())
    }

    fn deal(&mut self, value: &[u8]) -> Option<()> {
        let (&digit, rest) = value.split_first()?;
        let dealer = PLACE[usize::from(digit.checked_sub(b'1').filter(|d| *d < 4)?)];
        let mut hands = Hands::default();
        let mut given = 0;
        for (i, hand) in rest.split(|&b| b == b',').enumerate() {
            if i == 3 && hand.is_empty() {
                break;
            }
            deal_hand(&mut hands, *PLACE.get(i)?, hand)?;
            given += 1;
        }
        match given {
            3 if [0, 2, 3].iter().all(|&s| hands.len(s) == 13) => hands.deal_rest(1),
            4 => {}
            _ => return None,
        }
        hands.full().then_some(())?;
        self.hands = Some(hands);
        self.calls = Some(Calls::new(dealer));
        Some(())
    }

    fn call(&mut self, value: &[u8]) -> Option<()> {
        let value = value.strip_suffix(b"!").unwrap_or(value);
        let call = match value {
            b"p" | b"P" => Call::Pass,
            b"d" | b"D" => Call::Double,
            b"r" | b"R" => Call::Redouble,
            // Bound by value: each byte read once, then checked.
            &[level @ b'1'..=b'7', strain] => Call::Bid(Bid {
                level: level - b'0',
                strain: Strain::from_letter(strain as char)?,
            }),
            _ => return None,
        };
        (self.cards == 0).then_some(())?;
        self.calls.as_mut()?.make(call)?;
        self.entries += 1;
        Some(())
    }

    fn card(&mut self, value: &[u8]) -> Option<()> {
        let [suit, rank] = value else { return None };
        let card = CardBit::from_letters(*suit, *rank)?;
        if self.claimed {
            return None;
        }
        if self.play.is_none() {
            let contract = self.calls.as_ref()?.contract()??;
            let leader = (seat_index(contract.declarer)? + 1) % 4;
            self.play = Some(Play::new(self.hands?, contract.strain.trump(), leader));
        }
        self.play.as_mut()?.play(card).then_some(())?;
        self.cards += 1;
        self.entries += 1;
        Some(())
    }

    fn finish(self) -> Option<Identity> {
        let hands = self.hands?;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.number.hash(&mut hasher);
        hands.hash(&mut hasher);
        Some(hasher.finish())
    }
}

/// One hand: suit letters in capitals, each followed by its ranks.
fn deal_hand(hands: &mut Hands, seat: usize, text: &[u8]) -> Option<()> {
    let mut suit: Option<Suit> = None;
    for &b in text {
        match b {
            b'S' | b'H' | b'D' | b'C' => suit = Suit::from_letter(b as char),
            _ if RANK_OF[b as usize] != 0 => {
                hands.deal(seat, CardBit::of_suit(suit?, b)?).then_some(())?;
            }
            _ => return None,
        }
    }
    Some(())
}

fn trailing_digits(text: &[u8]) -> &[u8] {
    let digits = text.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    &text[text.len() - digits..]
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,";

    fn vet(text: &str) -> bool {
        vet_line(text.as_bytes()).is_some()
    }

    #[test]
    fn a_board_written_the_common_way_is_vouched_for() {
        let line = format!(
            "pn|a,b,c,d|st||md|{DEAL}|rh||ah|Board 1|sv|o|mb|1D|mb|2C!|an|x|mb|2S|mb|3H|mb|p|mb|p|mb|4S|mb|p|mb|p|mb|p|pg||pc|HA|pc|D2|pc|C2|pc|S2|pg||mc|13|pg||\r"
        );
        assert!(vet(&line));
    }

    #[test]
    fn whatever_the_reader_would_remark_on_is_left_to_it() {
        for line in [
            format!("md|{DEAL}|MB|p|"),
            format!("md|{DEAL}|mb|p|mb|p|mb|p|mb|p|mb|p|"),
            format!("md|{DEAL}|mb|1D|mb|p|mb|p|mb|p|pc|DA|"),
            format!("md|{DEAL}|mb|1D|mb|p|mb|p|mb|p|pc|C2S2|"),
            format!("md|{DEAL}|mb|1D|mb|p|mb|p|mb|p|mc|9|pc|C2|"),
            format!("md|{DEAL}|an|x|"),
            format!("md|{DEAL}|qx|o1|"),
            format!("md|{DEAL}|ah|Board 1|junk"),
            "md|SA,SK,|".to_string(),
        ] {
            assert!(!vet(&line), "{line}");
        }
    }

    #[test]
    fn the_identity_is_the_board_and_the_deal() {
        let a = vet_line(format!("md|{DEAL}|ah|Board 1|").as_bytes());
        let b = vet_line(format!("pn|w,x,y,z|md|{DEAL}|ah|Board 1|sv|n|").as_bytes());
        let c = vet_line(format!("md|{DEAL}|ah|Board 2|").as_bytes());
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
