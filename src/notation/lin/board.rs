//! One board's pairs become a record: the deal, the calls with their
//! alerts and explanations, the cards, the claim, the pauses and the
//! commentary, each where the file puts it.

use super::hands;
use super::lex::{Lines, Token, shorten};
use crate::model::{
    Annotated, Annotation, AuctionItem, Board, Call, Card, Commentary, EntryRef, Note, NoteScope, Pause,
    PlayItem, Pos, Record, Seat, SourceFormat, Vulnerability, WrittenTrick,
};
use crate::notation::markup;

/// The room of a vugraph board (`qx|o12|`, `qx|c12|`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Room {
    pub closed: bool,
    pub board: Option<u32>,
}

/// A record as its pairs are read, with what the pairing and the results
/// line need afterwards.
pub struct Read {
    pub record: Record,
    pub room: Option<Room>,
    /// Names as `pn` gives them (four, or eight for both rooms).
    pub names: Option<Vec<String>>,
    pub dealer: Option<Seat>,
    pub vulnerability: Option<Vulnerability>,
    /// Declarer's tricks claimed (`mc`), and where.
    pub claim: Option<(u8, Pos)>,
}

struct Builder<'l, 'b> {
    lines: &'l Lines<'b>,
    read: Read,
    calls: Vec<Annotated<AuctionItem>>,
    plays: Vec<Annotated<PlayItem>>,
    last: Option<EntryRef>,
    notes: u8,
}

pub fn read(tokens: &[Token], number: usize, lines: &Lines<'_>) -> Read {
    let line = tokens.first().map_or(1, |t| lines.pos(t.tag_at).line);
    let mut b = Builder {
        lines,
        read: Read {
            record: Record::new(number, line, SourceFormat::Lin, crate::model::Game::bridge()),
            room: None,
            names: None,
            dealer: None,
            vulnerability: None,
            claim: None,
        },
        calls: Vec::new(),
        plays: Vec::new(),
        last: None,
        notes: 0,
    };
    for token in tokens {
        b.token(token);
    }
    b.finish()
}

impl Builder<'_, '_> {
    fn pos(&self, t: &Token, chars: usize) -> Pos {
        self.lines.pos_in(t.value_at, &t.value, chars)
    }

    fn problem(&mut self, t: &Token, chars: usize, message: impl Into<String>) {
        let pos = self.pos(t, chars);
        self.read.record.problem(pos, message);
    }

    fn token(&mut self, t: &Token) {
        match t.tag.as_str() {
            "qx" => self.room(t),
            "pn" => self.read.names = Some(t.value.split(',').map(|n| n.trim().to_string()).collect()),
            "md" => self.deal(t),
            "sv" => self.vulnerability(t),
            "ah" => self.label(t),
            "mb" => self.call(t),
            "an" => self.explain(t),
            "pc" => self.cards(t),
            "mc" => self.claim(t),
            "pg" => self.pause(t),
            "nt" => self.comment(t),
            // Layout markers with nothing to say.
            "st" | "rh" if t.value.is_empty() => {}
            _ => self.read.record.tags.push((t.tag.clone(), t.value.clone())),
        }
    }

    fn room(&mut self, t: &Token) {
        let id = t.value.split(',').next().unwrap_or("").trim();
        let mut chars = id.chars();
        let closed = match chars.next().map(|c| c.to_ascii_lowercase()) {
            Some('o') => false,
            Some('c') => true,
            _ => {
                let message = format!(
                    "`{}` names no room (o12 for the open room, c12 for the closed)",
                    shorten(id)
                );
                self.problem(t, 0, message);
                self.read.record.tags.push((t.tag.clone(), t.value.clone()));
                return;
            }
        };
        let board = chars.as_str().parse().ok();
        if board.is_none() {
            self.problem(
                t,
                1,
                format!("`{}` gives no board number after the room", shorten(id)),
            );
        } else if self.read.record.board.is_none() {
            self.read.record.board = Some(board_of(chars.as_str()));
        }
        self.read.room = Some(Room { closed, board });
        if let Some((_, label)) = t.value.split_once(',') {
            self.read.record.tags.push(("qx".into(), label.to_string()));
        }
    }

    fn deal(&mut self, t: &Token) {
        let dealt = hands::read(&t.value);
        for (at, message) in dealt.issues {
            self.problem(t, at, message);
        }
        if dealt.dealer.is_none() {
            self.problem(
                t,
                0,
                "`md` does not start with the dealer (1 South, 2 West, 3 North, 4 East)",
            );
        }
        self.read.dealer = dealt.dealer.or(self.read.dealer);
        self.read.record.deal = Some(dealt.deal);
    }

    fn vulnerability(&mut self, t: &Token) {
        let v = match t.value.trim().to_ascii_lowercase().as_str() {
            "o" | "0" | "-" => Vulnerability::None,
            "n" | "ns" => Vulnerability::NorthSouth,
            "e" | "ew" => Vulnerability::EastWest,
            "b" | "both" | "all" => Vulnerability::Both,
            _ => {
                let message = format!("`{}` is no vulnerability (o, n, e or b)", shorten(&t.value));
                return self.problem(t, 0, message);
            }
        };
        self.read.vulnerability = Some(v);
    }

    fn label(&mut self, t: &Token) {
        let text = t.value.trim();
        let digits: String = text.chars().rev().take_while(char::is_ascii_digit).collect();
        let number: String = digits.chars().rev().collect();
        let word = text[..text.len() - number.len()].trim();
        let board = Board {
            number,
            description: (!word.is_empty() && !word.eq_ignore_ascii_case("board")).then(|| word.to_string()),
            auto: false,
        };
        if let Some(earlier) = &self.read.record.board
            && !board.number.is_empty()
            && earlier.number != board.number
        {
            let message = format!(
                "`ah` says board {}, but `qx` says board {}",
                shorten(&board.number),
                shorten(&earlier.number)
            );
            self.problem(t, 0, message);
        }
        if !text.is_empty()
            && self
                .read
                .record
                .board
                .as_ref()
                .is_none_or(|b| board.number.is_empty() && b.number.is_empty())
        {
            self.read.record.board = Some(board);
        }
    }

    fn call(&mut self, t: &Token) {
        let text = t.value.trim();
        let (text, alert) = match text.strip_suffix('!') {
            Some(rest) => (rest, true),
            None => (text, false),
        };
        let call = match text.to_ascii_lowercase().as_str() {
            "p" => Some(Call::Pass),
            "d" | "x" => Some(Call::Double),
            "r" | "xx" => Some(Call::Redouble),
            bid => bid
                .trim_end_matches("t")
                .parse()
                .ok()
                .filter(|c| matches!(c, Call::Bid(_))),
        };
        let Some(call) = call else {
            return self.problem(t, 0, format!("`{}` is not a call", shorten(&t.value)));
        };
        if !self.plays.is_empty() {
            self.problem(t, 0, format!("the call {call} comes after the play has begun"));
        }
        let annotations = if alert {
            vec![Annotation::Conventional]
        } else {
            Vec::new()
        };
        self.calls.push(Annotated {
            item: AuctionItem::Call(call),
            annotations,
            flagged: false,
            pos: self.pos(t, 0),
        });
        self.last = Some(EntryRef::Call(self.calls.len() - 1));
    }

    /// `an` explains the call (or card) just before it, as a note.
    fn explain(&mut self, t: &Token) {
        let pos = self.pos(t, 0);
        let target = match self.last {
            Some(EntryRef::Call(i)) => self
                .calls
                .get_mut(i)
                .map(|e| (&mut e.annotations, NoteScope::Auction)),
            Some(EntryRef::Play(i)) => self
                .plays
                .get_mut(i)
                .map(|e| (&mut e.annotations, NoteScope::Play)),
            None => None,
        };
        let (Some((annotations, scope)), Some(number)) = (target, self.notes.checked_add(1)) else {
            self.problem(
                t,
                0,
                "an explanation (`an`) with no call before it is kept as commentary",
            );
            return self.comment(t);
        };
        self.notes = number;
        annotations.push(Annotation::Note(number));
        let text = markup::line(&t.value);
        self.read.record.notes.push(Note {
            number,
            scope,
            text,
            pos,
        });
    }

    /// `pc`: one card, or several run together (a whole trick).
    fn cards(&mut self, t: &Token) {
        let chars: Vec<char> = t.value.trim().chars().collect();
        if chars.is_empty() || !chars.len().is_multiple_of(2) {
            return self.problem(
                t,
                0,
                format!(
                    "`{}` is not a card (suit then rank, like SA or h7)",
                    shorten(&t.value)
                ),
            );
        }
        if chars.len() > 2 {
            self.problem(
                t,
                0,
                format!("{} cards in one `pc`; each is read in turn", chars.len() / 2),
            );
        }
        if let Some((_, at)) = self.read.claim {
            let message = format!("a card is played after the claim at {at}");
            self.problem(t, 0, message);
        }
        for (i, pair) in chars.chunks(2).enumerate() {
            let text: String = pair.iter().collect();
            let Ok(card) = text.parse::<Card>() else {
                self.problem(
                    t,
                    i * 2,
                    format!("`{text}` is not a card (suit then rank, like SA or h7)"),
                );
                continue;
            };
            self.plays.push(Annotated {
                item: PlayItem::Card {
                    suit: Some(card.suit),
                    rank: card.rank,
                },
                annotations: Vec::new(),
                flagged: false,
                pos: self.pos(t, i * 2),
            });
            self.last = Some(EntryRef::Play(self.plays.len() - 1));
        }
    }

    fn claim(&mut self, t: &Token) {
        match t.value.trim().parse::<u8>() {
            Ok(n) if n <= 13 => {
                let pos = self.pos(t, 0);
                self.read.claim = Some((n, pos));
            }
            _ => self.problem(
                t,
                0,
                format!(
                    "`{}` is not a claim (declarer's tricks, 0 to 13)",
                    shorten(&t.value)
                ),
            ),
        }
    }

    fn pause(&mut self, t: &Token) {
        if !t.value.is_empty() {
            self.read.record.tags.push((t.tag.clone(), t.value.clone()));
        }
        let pause = Pause {
            calls: self.calls.len(),
            cards: self.plays.len(),
        };
        let pauses = &mut self.read.record.bridge_mut().pauses;
        if pauses.last() != Some(&pause) {
            pauses.push(pause);
        }
    }

    fn comment(&mut self, t: &Token) {
        let pos = self.pos(t, 0);
        self.read.record.commentary.push(Commentary {
            after: None,
            entry: self.last,
            text: markup::rich(&t.value),
            pos,
        });
    }

    fn finish(mut self) -> Read {
        let record = &mut self.read.record;
        let dealer = self
            .read
            .dealer
            .or_else(|| hands::board_dealer(record.board.as_ref()));
        let vulnerability = self
            .read
            .vulnerability
            .or_else(|| hands::board_vulnerability(record.board.as_ref()));
        if let Some(dealer) = dealer {
            let auction = crate::model::Auction {
                dealer,
                vulnerability: vulnerability.unwrap_or(Vulnerability::None),
                entries: std::mem::take(&mut self.calls),
            };
            let bridge = record.bridge_mut();
            bridge.contract = auction.final_contract();
            bridge.auction = Some(auction);
        } else if let Some(first) = self.calls.first() {
            record.problem(first.pos, "the calls are not read: no dealer is known");
        }
        if !self.plays.is_empty() {
            let tricks = self.plays.chunks(4).map(|plays| WrittenTrick {
                plays: plays.iter().cloned().collect(),
                ..WrittenTrick::default()
            });
            record.play = Some(crate::model::Play {
                tricks: tricks.collect(),
            });
        }
        self.read
    }
}

fn board_of(number: &str) -> Board {
    Board {
        number: number.to_string(),
        description: None,
        auto: false,
    }
}
