//! The places a viewer steps through: quiz points of the auction, then the
//! play card by card, with the play's quiz points between cards; a bridge
//! auction also call by call, which a deal opens past. A quiz point (`Y`)
//! holds back what follows until the next step.

use crate::model::{Annotated, AuctionItem, Game, PlayItem, Record, Segment};

use super::Replay;
use super::preferans::{self, PrefStep};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quiz {
    /// "Your call?"
    Call,
    /// "Your play?"
    Play,
    /// Hands hidden from the reader before the play: bid them, lead or
    /// plan the play from what is shown.
    Hidden,
}

/// One place to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop {
    /// Auction entries shown.
    pub calls: usize,
    /// Cards played.
    pub cards: usize,
    pub quiz: Option<Quiz>,
    /// The talon (Preferans) is face up: the bidding is over.
    pub talon_open: bool,
    /// A part of a Pinochle hand outside the play: Deal, Auction,
    /// eXchange, Meld, or the Result after the last card.
    pub segment: Option<Segment>,
    /// The author paused here (LIN's `pg`): trick stepping stops too.
    pub pause: bool,
    /// A Preferans deal's step before its play; None from the play on,
    /// and in other games.
    pub pref: Option<PrefStep>,
    /// A step through a bridge auction, call by call, that a deal opens
    /// past.
    pub call_step: bool,
}

/// Every stop of a record in order. The last one is the end of the play,
/// past any final quiz point, where the answer may be shown.
pub fn stops(record: &Record, replay: &Replay) -> Vec<Stop> {
    let entries = record.auction().map_or(&[][..], |a| &a.entries[..]);
    let mut out: Vec<Stop> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.item == AuctionItem::Query)
        .map(|(i, _)| Stop {
            calls: i,
            quiz: Some(Quiz::Call),
            ..Stop::at_start()
        })
        .collect();
    let pauses = record.bridge().map_or(&[][..], |b| &b.pauses[..]);
    out.extend(pauses.iter().filter(|p| p.calls < entries.len()).map(|p| Stop {
        calls: p.calls,
        pause: true,
        ..Stop::at_start()
    }));
    if record.bridge().is_some() {
        call_steps(entries, &mut out);
    }
    out.sort_by_key(|s| s.calls);
    out.extend(before_play(record));
    let bids = record.pinochle().map_or(0, |p| p.bids().len());
    play_stops(record, replay, entries.len() + bids, &mut out);
    preferans::close_talon(record, &mut out);
    for pause in pauses.iter().filter(|p| p.calls >= entries.len()) {
        let at = out
            .iter_mut()
            .find(|s| s.calls == entries.len() && s.cards == pause.cards && s.quiz.is_none());
        if let Some(stop) = at {
            stop.pause = true;
        }
    }
    out
}

/// A bridge auction call by call: a step before each call, where no quiz
/// point or pause stops already. The calls after a quiz point are its
/// answer, shown in one step, so only those before the first have steps.
fn call_steps(entries: &[Annotated<AuctionItem>], out: &mut Vec<Stop>) {
    let taken: Vec<usize> = out.iter().map(|s| s.calls).collect();
    let asked = entries.iter().position(|e| e.item == AuctionItem::Query);
    let before = asked.unwrap_or(entries.len());
    let steps = (0..before).filter(|i| !taken.contains(i));
    out.extend(steps.map(|calls| Stop {
        calls,
        call_step: true,
        ..Stop::at_start()
    }));
}

/// Where a deal opens: past the steps through its auction, so that a
/// bridge deal shows its auction whole, unless a quiz point or a pause in
/// the auction comes first.
pub fn opening(stops: &[Stop]) -> usize {
    stops.iter().position(|s| !s.call_step).unwrap_or(0)
}

impl Stop {
    /// Nothing played yet, the talon turned: what other stops vary.
    pub(super) fn at_start() -> Stop {
        Stop {
            calls: 0,
            cards: 0,
            quiz: None,
            talon_open: true,
            segment: None,
            pause: false,
            pref: None,
            call_step: false,
        }
    }

    /// Whether a Preferans deal has come as far as `step` here: always,
    /// once its play is reached, and in other games.
    pub fn reached(&self, step: PrefStep) -> bool {
        self.pref.is_none_or(|s| s >= step)
    }
}

/// What a game shows before its play: a Pinochle hand's parts (the
/// auction bid by bid, `calls` counting the bids shown), a Preferans
/// deal's steps.
fn before_play(record: &Record) -> Vec<Stop> {
    let mut out = Vec::new();
    if let Game::Pinochle(p) = &record.game {
        let bids = p.bids().len();
        let exchange = !p.kitty.is_empty() || p.discard.is_some() || !p.passed.is_empty();
        let at = |segment, calls| Stop {
            segment: Some(segment),
            calls,
            ..Stop::at_start()
        };
        out.push(at(Segment::Deal, 0));
        out.extend((1..=bids).map(|k| at(Segment::Auction, k)));
        out.extend(exchange.then(|| at(Segment::Exchange, bids)));
        out.extend((!p.melds.is_empty()).then(|| at(Segment::Meld, bids)));
    }
    out.extend(preferans::stops(record));
    out
}

/// Whether hidden hands ask the reader something: some hand is hidden and
/// some other hand is on the table to answer from. An exercise whose deal
/// is empty, or hides every hand it gives, asks nothing.
pub fn hidden_asks(record: &Record) -> bool {
    record
        .deal
        .as_ref()
        .is_some_and(|d| !d.hidden.is_empty() && d.known_seats().iter().any(|s| !d.hidden.contains(s)))
}

/// Hidden hands ask their question before the first card, unless the
/// author asks one of their own. A play that stops within a trick, a hand
/// on the table to play next, is what comes before the question (the lead
/// and dummy's card, third hand to play): those cards are on the table
/// from the first step, and this is how many. A play of whole tricks is
/// the answer: none come before.
fn cards_before_question(record: &Record, replay: &Replay) -> usize {
    let given = replay.timeline.steps.len();
    let within_trick = !given.is_multiple_of(record.rules().seats().len().max(1));
    // The question is for a hand on the table: one hidden to play next
    // means the play is the answer.
    let shown_to_play = (replay.position(given).to_play).is_some_and(|s| {
        record
            .deal
            .as_ref()
            .is_some_and(|d| d.known(s) && !d.hidden.contains(s))
    });
    if within_trick && shown_to_play { given } else { 0 }
}

/// The play card by card with its quiz points, the whole auction shown;
/// a Pinochle hand ends on its result.
fn play_stops(record: &Record, replay: &Replay, calls: usize, out: &mut Vec<Stop>) {
    let at = |cards| Stop {
        calls,
        cards,
        ..Stop::at_start()
    };
    let entries = || record.play.iter().flat_map(|p| p.entries());
    let asked = out.iter().any(|s| s.quiz.is_some()) || entries().any(|e| e.item == PlayItem::Query);
    let hidden = hidden_asks(record) && !asked;
    let given = replay.timeline.steps.len();
    let before = if hidden {
        cards_before_question(record, replay)
    } else {
        0
    };
    out.push(Stop {
        quiz: hidden.then_some(Quiz::Hidden),
        ..at(before)
    });
    if before > 0 {
        out.push(at(given));
        return;
    }
    let steps = &replay.timeline.steps;
    let mut cards = 0;
    for (i, entry) in entries().enumerate() {
        if entry.item == PlayItem::Query {
            // The question comes with the card before it, not a step later.
            let last = out.last_mut().filter(|s| s.cards == cards);
            match last {
                Some(stop) => stop.quiz = Some(Quiz::Play),
                None => out.push(Stop {
                    quiz: Some(Quiz::Play),
                    ..at(cards)
                }),
            }
        } else if steps.get(cards).is_some_and(|s| s.entry == i) {
            cards += 1;
            out.push(at(cards));
        }
    }
    // The answer after a final quiz point waits for a step of its own.
    if out.last().is_some_and(|s| s.quiz.is_some()) {
        out.push(at(cards));
    }
    if matches!(record.game, Game::Pinochle(_)) {
        out.push(Stop {
            segment: Some(Segment::Result),
            ..at(cards)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFormat;
    use crate::notation::rbn::Reader;

    fn stops_of(text: &str) -> Vec<Stop> {
        let record = Reader::new(text.as_bytes(), SourceFormat::Rbn).next().unwrap();
        stops(&record, &Replay::new(&record))
    }

    #[test]
    fn a_bidding_quiz_stops_before_the_rest_of_the_auction() {
        let s = stops_of("A NB:1SXY2SPPYP\n");
        let step = |calls| Stop {
            calls,
            call_step: true,
            ..Stop::at_start()
        };
        let quiz = Stop {
            calls: 2,
            quiz: Some(Quiz::Call),
            ..Stop::at_start()
        };
        // The calls after the quiz point are its answer, up to the next.
        let again = Stop {
            calls: 6,
            quiz: Some(Quiz::Call),
            ..Stop::at_start()
        };
        let answer = Stop {
            calls: 8,
            ..Stop::at_start()
        };
        assert_eq!(s, [step(0), step(1), quiz, again, answer]);
        assert_eq!(opening(&s), 2, "a deal opens at the question");
    }

    /// A teacher shows the auction a call at a time; a deal opens with it
    /// whole, and Home goes back to before the first call.
    #[test]
    fn a_bridge_auction_is_stepped_call_by_call_and_opens_whole() {
        let s = stops_of("H N:AKQ.2.3.4:J.5.6.7:T.8.9.T:9.J.Q.K\nA NZ:1NP3NA\nC 3N:N\nP SA\n");
        let calls: Vec<(usize, bool)> = s.iter().map(|s| (s.calls, s.call_step)).collect();
        assert_eq!(
            calls,
            [(0, true), (1, true), (2, true), (3, true), (4, false), (4, false)]
        );
        assert_eq!(opening(&s), 4, "before the lead, the auction whole");
    }

    #[test]
    fn a_play_quiz_stops_between_cards_and_ends_with_the_answer() {
        let s = stops_of("H N:AKQ.2.3.4:J.5.6.7:T.8.9.T:9.J.Q.K\nC 1N:W\nP SA---:D3Y\n");
        let quiz: Vec<_> = s.iter().filter(|s| s.quiz.is_some()).collect();
        assert_eq!(quiz.len(), 1);
        assert_eq!(quiz[0].cards, 5);
        assert_eq!(
            s.last().unwrap(),
            &Stop {
                calls: 0,
                cards: 5,
                quiz: None,
                talon_open: true,
                segment: None,
                pause: false,
                pref: None,
                call_step: false,
            }
        );
        // The question comes with the fifth card, not a step after it.
        assert_eq!(s.len(), 7);
    }

    #[test]
    fn a_lead_quiz_asks_from_the_first_step() {
        let s = stops_of(
            "H W:AT952.AQ4.J.KJ73;863.K8762.K94.A5;7.J5.QT873.QT962;KQJ4.T93.A652.84\nA SN:1SP2SP:PP\nC 2S:S\nP Y\n",
        );
        // Six calls to step through, then the question before the lead.
        assert_eq!(opening(&s), 6);
        assert_eq!(s[6].quiz, Some(Quiz::Play));
        assert_eq!(s.len(), 8);
        let hidden = stops_of("H W:AT952.AQ4.J.KJ73;863.K8762.K94.A5;7.J5.QT873.QT962;KQJ4.T93.A652.84\n");
        assert_eq!(
            hidden.iter().map(|s| s.quiz).collect::<Vec<_>>(),
            [Some(Quiz::Hidden), None]
        );
    }

    #[test]
    fn pauses_stop_within_the_auction_and_mark_stops_of_the_play() {
        let deal = "3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,";
        let text = format!("md|{deal}|mb|1D|pg||mb|p|mb|p|mb|p|pc|C2|pc|S2|pg||pc|H2|pc|DA|");
        let record = crate::notation::lin::read(text.as_bytes()).remove(0);
        let s = stops(&record, &Replay::new(&record));
        let paused: Vec<(usize, usize)> = s.iter().filter(|s| s.pause).map(|s| (s.calls, s.cards)).collect();
        assert_eq!(paused, [(1, 0), (4, 2)]);
        // The calls around the pause are steps of their own; a deal opens
        // at the pause.
        let calls: Vec<usize> = s.iter().take(4).map(|s| s.calls).collect();
        assert_eq!(calls, [0, 1, 2, 3]);
        assert_eq!(opening(&s), 1);
        assert_eq!(s.len(), 9);
    }
}
