//! What may be shown at a stop of the replay. A quiz point must not give
//! away what is decided after it, so the header, the list, the notes and
//! the analysis all ask here rather than each judging for itself.

use crate::model::{
    Annotation, Called, Commentary, EntryRef, Game, Note, NoteScope, Record, Seat, Segment, SegmentPoint,
    Suit,
};

use super::{PrefStep, Quiz, Replay, Stop};

/// What a stop lets the reader see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The question asked here, if any.
    pub quiz: Option<Quiz>,
    /// The question in words.
    pub question: Option<Question>,
    /// The final contract.
    pub contract: bool,
    /// The result and its score, and the board's other tables.
    pub result: bool,
    /// Analysis of the whole deal: the double-dummy table, the makes.
    pub analysis: bool,
    /// Indices into the record's commentary reached.
    pub commentary: Vec<usize>,
    /// Indices into the record's numbered notes reached.
    pub notes: Vec<usize>,
    /// Indices into a Pinochle hand's notes that hold here.
    pub pinochle_notes: Vec<usize>,
    /// Indices into a Pinochle hand's seat changes made by here.
    pub seat_changes: Vec<usize>,
    /// Words of a Preferans kontra said by here.
    pub kontra_said: usize,
}

/// Whether the record asks the reader anything: a quiz point, or hands
/// hidden from the reader. Such a record's list row keeps its contract
/// and result to itself.
pub fn asks(record: &Record) -> bool {
    record.has_quiz_point() || super::stops::hidden_asks(record)
}

/// What may be shown at `stops[at]`, the last stop being the end of the
/// play where every answer is out.
pub fn shown(record: &Record, replay: &Replay, stops: &[Stop], at: usize) -> Shown {
    let at = at.min(stops.len().saturating_sub(1));
    let moment = Moment {
        stop: stops.get(at).copied().unwrap_or_else(Stop::at_start),
        replay,
        at_end: at + 1 >= stops.len(),
        rounds: record.pinochle().map_or(&[][..], |p| &p.rounds[..]),
    };
    let stop = moment.stop;
    let quizzes = stops.iter().any(|s| s.quiz.is_some()) || asks(record);
    let answered = stop.quiz.is_none() && moment.at_end;
    // A Preferans deal's steps come before its result, even with no play.
    let result =
        stop.quiz.is_none() && stop.pref.is_none() && (moment.at_end || (record.play.is_none() && !quizzes));
    // Where the reader is asked, the contract is known once an auction on
    // screen reaches it, not from the record's own word for it.
    let reached = record.auction().is_some_and(|a| a.final_contract().is_some());
    // A Preferans main player declares the contract after the auction
    // (and the discard); a Pinochle contract is known once its auction is
    // over; other games have it from the start.
    let bidding = matches!(stop.segment, Some(Segment::Deal | Segment::Auction));
    let declared = stop.reached(PrefStep::Contract) && !bidding;
    // A question after cards played is asked against the contract.
    let in_play = stop.quiz == Some(Quiz::Hidden) && stop.cards > 0;
    // Stepping through a bridge auction, the contract waits for its call.
    let told = !quizzes && !stop.call_step;
    let contract = declared && (told || answered || in_play || (moment.auction_done(record) && reached));
    let (pinochle_notes, seat_changes) = match &record.game {
        Game::Pinochle(p) => {
            let now = moment.segment();
            let changes = indices(&p.seat_changes, |c| c.from <= now);
            (indices(&p.notes, |n| n.shows_at(now)), changes)
        }
        _ => (Vec::new(), Vec::new()),
    };
    Shown {
        quiz: stop.quiz,
        question: stop.quiz.map(|q| question(record, replay, q, stop.cards)),
        contract,
        result,
        analysis: !quizzes || answered,
        commentary: indices(&record.commentary, |c| moment.shows_commentary(record, c)),
        notes: indices(&record.notes, |n| moment.shows_note(record, n)),
        pinochle_notes,
        seat_changes,
        kontra_said: super::preferans::kontra_said(stop.pref),
    }
}

/// A quiz's question in the reader's words, and in two or three for a
/// status line: the author's own where the record has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub ask: String,
    pub short: String,
    /// The author asks it in the record's own text, which shows it.
    pub authors: bool,
}

/// The question a quiz asks, `cards` played: what the author asks, else
/// one of the kind the record's question is.
fn question(record: &Record, replay: &Replay, quiz: Quiz, cards: usize) -> Question {
    let (ask, short) = match quiz {
        Quiz::Call => ("Your call?".to_string(), "your call"),
        Quiz::Play if cards == 0 => ("Your lead?".to_string(), "your lead"),
        Quiz::Play => ("Your play?".to_string(), "your play"),
        Quiz::Hidden => hidden_question(record, replay, cards),
    };
    let authors = authors_question(record);
    Question {
        authors: authors.is_some(),
        ask: authors.unwrap_or(ask),
        short: short.to_string(),
    }
}

/// What hidden hands ask, from what the record gives: the card after the
/// ones played, a suit or an ending in a short deal, the bidding where
/// there is no contract, the lead where the leader's hand is shown, else
/// declarer's plan.
fn hidden_question(record: &Record, replay: &Replay, cards: usize) -> (String, &'static str) {
    let Some(deal) = record.deal.as_ref() else {
        return ("How would you play the hand?".to_string(), "your plan");
    };
    let contract = record.contract();
    if cards > 0 {
        let seat = replay.position(cards).to_play;
        let north_south = |s: Seat| matches!(s, Seat::North | Seat::South);
        let defending = seat
            .zip(contract)
            .is_some_and(|(s, c)| north_south(s) != north_south(c.declarer));
        let who = seat.map_or("the next hand".to_string(), |s| s.name().to_string());
        let ask = format!("Which card should {who} play?");
        return (ask, if defending { "your defence" } else { "your card" });
    }
    let shown: Vec<Seat> = deal
        .known_seats()
        .iter()
        .filter(|&s| !deal.hidden.contains(s))
        .collect();
    let short = shown.iter().any(|&s| deal.hands[s].len() < deal.game.hand_size());
    let suits = Suit::DESCENDING
        .iter()
        .filter(|&&suit| shown.iter().any(|&s| deal.hands[s].has_suit(suit)))
        .count();
    let leader_shown = record.leader().is_some_and(|s| !deal.hidden.contains(s));
    let bid = record.auction().and_then(|a| a.final_contract());
    let (ask, short) = match () {
        _ if short && suits == 1 => ("How would you play this suit?", "your suit play"),
        _ if short => ("How would you play these cards?", "the ending"),
        // A contract the record states but no auction reaches is the
        // bidding's answer.
        _ if bid.is_none() && shown.len() == 1 => ("What would you call with this hand?", "your call"),
        _ if bid.is_none() => ("How would you bid these hands?", "your bidding"),
        _ if leader_shown => ("Your lead?", "your lead"),
        _ => ("How would you play the hand?", "declarer play"),
    };
    (ask.to_string(), short)
}

/// The author's own question: a comment before the auction and play that
/// ends by asking one ("What would you lead?").
fn authors_question(record: &Record) -> Option<String> {
    record
        .commentary
        .iter()
        .filter(|c| c.entry.is_none() && !matches!(c.after, Some('A' | 'C' | 'P' | 'R' | 'M' | 'I')))
        .map(|c| c.text.plain())
        .find(|text| text.trim_end().ends_with('?'))
        .map(|text| text.split_whitespace().collect::<Vec<_>>().join(" "))
}

fn indices<T>(items: &[T], keep: impl Fn(&T) -> bool) -> Vec<usize> {
    (0..items.len()).filter(|&i| keep(&items[i])).collect()
}

/// Where the replay stands, as far as notes and commentary care.
struct Moment<'a> {
    stop: Stop,
    replay: &'a Replay,
    at_end: bool,
    /// A Pinochle hand's bidding rounds.
    rounds: &'a [Vec<Called>],
}

impl Moment<'_> {
    /// Where in a Pinochle hand the replay stands: a part before the play,
    /// the Result after it, or the trick and throw of the last card.
    fn segment(&self) -> SegmentPoint {
        let point = |segment, n, m| SegmentPoint { segment, n, m };
        // The auction stands at the bid awaited, the one after the last
        // shown: the spec's `@A.3.2` note asks what South should bid there.
        match self.stop.segment {
            Some(Segment::Auction) => {
                let (round, bid) = self.bid_place(self.stop.calls + 1);
                return point(Segment::Auction, Some(round), Some(bid));
            }
            Some(segment) => return point(segment, None, None),
            None => {}
        }
        let played = &self.replay.timeline.steps[..self.stop.cards];
        match played.last() {
            None => point(Segment::Play, None, None),
            Some(last) => {
                let throw = played.iter().filter(|s| s.trick == last.trick).count();
                point(Segment::Play, Some(last.trick as u32 + 1), Some(throw as u32))
            }
        }
    }

    /// The round and the bid in it (from 1) of the `nth` Pinochle bid; past
    /// the last bid, the place after it in the last round.
    fn bid_place(&self, nth: usize) -> (u32, u32) {
        let mut left = nth;
        for (i, round) in self.rounds.iter().enumerate() {
            if left <= round.len() {
                return (i as u32 + 1, left as u32);
            }
            left -= round.len();
        }
        let last = self.rounds.len().max(1);
        let after = self.rounds.last().map_or(0, Vec::len) + left;
        (last as u32, u32::try_from(after).unwrap_or(u32::MAX))
    }

    fn auction_done(&self, record: &Record) -> bool {
        self.stop.calls >= record.auction().map_or(0, |a| a.entries.len())
    }

    fn play_done(&self, record: &Record) -> bool {
        self.at_end && self.stop.quiz.is_none() && self.auction_done(record)
    }

    /// Commentary is shown once the part of the record it follows is.
    fn shows_commentary(&self, record: &Record, c: &Commentary) -> bool {
        match c.entry {
            Some(EntryRef::Call(i)) => return self.stop.calls > i,
            Some(EntryRef::Play(i)) => {
                return self.replay.timeline.steps[..self.stop.cards]
                    .iter()
                    .any(|s| s.entry == i);
            }
            None => {}
        }
        match c.after {
            Some('A' | 'C') => self.auction_done(record),
            // Text after the play is the question at a play quiz, else what
            // happened, which waits for the end.
            Some('P') => self.play_done(record) || self.stop.quiz == Some(Quiz::Play),
            Some('R' | 'M' | 'I') => self.play_done(record),
            _ => true,
        }
    }

    /// A numbered note shows when a call or card that refers to it has been
    /// reached; notes 0 (and 9 of the play) at the end of their part.
    fn shows_note(&self, record: &Record, note: &Note) -> bool {
        let refers = |a: &[Annotation]| a.contains(&Annotation::Note(note.number));
        match (note.scope, note.number) {
            (NoteScope::Auction, 0) => self.auction_done(record),
            (NoteScope::Play, 0 | 9) => self.play_done(record),
            (NoteScope::Auction, _) => record.auction().is_some_and(|a| {
                a.entries
                    .iter()
                    .take(self.stop.calls)
                    .any(|e| refers(&e.annotations))
            }),
            (NoteScope::Play, _) => {
                let entries: Vec<_> = record.play.iter().flat_map(|p| p.entries()).collect();
                let played = &self.replay.timeline.steps[..self.stop.cards];
                played
                    .iter()
                    .any(|s| entries.get(s.entry).is_some_and(|e| refers(&e.annotations)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFormat;
    use crate::notation::rbn::Reader;
    use crate::replay::stops;

    fn every_stop(text: &str) -> (Record, Vec<Shown>) {
        let record = Reader::new(text.as_bytes(), SourceFormat::Rbn).next().unwrap();
        let replay = Replay::new(&record);
        let stops = stops(&record, &replay);
        let shown = (0..stops.len())
            .map(|at| shown(&record, &replay, &stops, at))
            .collect();
        (record, shown)
    }

    #[test]
    fn a_bidding_quiz_keeps_the_contract_and_its_answer_back() {
        let (record, shown) = every_stop(
            "H S:KQ5.A4.KJ763.Q98\nA NB:1SXY:RPPP\n{The redouble shows ten points.}\nC 1SR:N\nR 9\n",
        );
        assert!(asks(&record));
        let quiz = shown.iter().find(|s| s.quiz.is_some()).unwrap();
        assert_eq!(quiz.quiz, Some(Quiz::Call));
        assert!(!quiz.contract && !quiz.result && !quiz.analysis);
        assert!(quiz.commentary.is_empty());
        let answer = shown.last().unwrap();
        assert!(answer.contract && answer.result && answer.analysis);
        assert_eq!(answer.commentary, [0]);
        assert_eq!(quiz.question.as_ref().unwrap().ask, "Your call?");
    }

    #[test]
    fn a_lead_quiz_shows_the_contract_its_auction_reached() {
        let (record, shown) = every_stop(
            "H W:AT952.AQ4.J.KJ73;863.K8762.K94.A5;7.J5.QT873.QT962;KQJ4.T93.A652.84\n\
             A SN:1SP2SP:PP\nC 2S:S\nP Y\n{What do you lead?}\n",
        );
        let asked = shown.iter().find(|s| s.quiz.is_some()).unwrap();
        assert_eq!(asked.quiz, Some(Quiz::Play));
        assert!(asked.contract && !asked.result);
        assert_eq!(asked.commentary, [0], "the question is there at once");
        assert_eq!(asked.question.as_ref().unwrap().ask, "Your lead?");
        // Stepping back through the auction gives nothing away either.
        let before = &shown[..shown.len() - 1];
        assert!(before.iter().all(|s| !s.result && !s.analysis));
        assert_eq!(
            question(&record, &Replay::new(&record), Quiz::Hidden, 0).ask,
            "Your lead?"
        );
    }

    #[test]
    fn hidden_hands_without_an_auction_keep_the_contract_back() {
        let (_, shown) =
            every_stop("H N:AQ3.KJ97.A82.Q93;JT984.A65.93.K84;762.QT4.KQ7.JT76;K5.832.JT654.A52\nC 2N:N\n");
        assert_eq!(shown[0].quiz, Some(Quiz::Hidden));
        assert!(!shown[0].contract);
        assert!(shown[1].contract);
        assert_eq!(shown[0].question.as_ref().unwrap().short, "your call");
    }

    #[test]
    fn a_preferans_contract_is_shown_once_declared() {
        let text = b"[Player1 ana]\n[Player2 boris]\n[Player3 cveta]\n\
[1 231 TAKBU68N1F9GOPMEQS7HRJC4I32WD5VL M3,4,P 3 9P 4 8 0 0 8 2 1723,OIN3,VRT3,EDF2,8H33,GCB3,QWU1,56M3,LJK3,S4A3 F1:L8:8,M8:-8,F1:L8:8]\n\
[5 312 M7DIV826PJ1HLUEW9BR53AOQFTS4GCKN P,G2,P 1 XX G2 8 R2 1 48 3 ILO2,3713,6543,89G3,DBA3,VUS3,PRT2,C2E3,MHF3,JWQ3 F8:L384,M0:48,F2:L96]\n";
        let records = crate::notation::preferans::read(text);
        for record in &records {
            let replay = Replay::new(record);
            let stops = stops(record, &replay);
            let declared = stops
                .iter()
                .position(|s| s.pref == Some(PrefStep::Contract))
                .unwrap();
            let contract: Vec<bool> = (0..stops.len())
                .map(|at| shown(record, &replay, &stops, at).contract)
                .collect();
            assert!(contract[..declared].iter().all(|&c| !c), "nothing named before");
            assert!(contract[declared..].iter().all(|&c| c), "named from then on");
        }
    }

    #[test]
    fn a_record_that_asks_nothing_shows_all_it_has() {
        let (record, shown) = every_stop(
            "H N:AQ3.KJ97.A82.Q93:JT984.A65.93.K84:762.QT4.KQ7.JT76:K5.832.JT654.A52\nC 2N:N\nR 8\n",
        );
        assert!(!asks(&record));
        assert!(shown.iter().all(|s| s.contract && s.result && s.quiz.is_none()));
    }
}
