//! One PBN game made a record: its gathered tags applied, its auction and
//! play sections read word by word, its notes and comments placed.

use super::apply;
use super::context::Context;
use super::gathered::{Gathered, Item};
use super::known_tag::KnownTag;
use super::sections::{self, CallPiece, CardPiece, Cell};
use super::unplayed::Unplayed;
use super::values::{self, Told};
use crate::model::{
    Annotated, Annotation, Auction, AuctionItem, Commentary, EntryRef, Game, NoteScope, Play, Pos, Problem,
    ProblemKind, Record, Rules, Seat, SeatMap, SourceFormat, TrickPlays, WrittenTrick,
};
use crate::notation::markup;

fn commentary(after: Option<char>, entry: Option<EntryRef>, text: &str, pos: Pos) -> Commentary {
    Commentary {
        after,
        entry,
        text: markup::rich(text),
        pos,
    }
}

/// The game gathered from the file at `line`, numbered `number`, with
/// the problems found so far.
pub fn read(
    mut g: Gathered,
    mut problems: Vec<Problem>,
    (line, number): (u32, usize),
    context: &mut Context,
) -> Record {
    let mut record = Record::new(number, line, SourceFormat::Pbn, Game::bridge());
    apply::inherit(&mut g, context);
    for (after, text, pos) in &g.comments {
        record.commentary.push(commentary(*after, None, text, *pos));
    }
    apply::identification(&g, &mut record, &mut problems);
    let auction_items = std::mem::take(&mut g.auction);
    if g.tag(KnownTag::Auction).is_some() {
        read_auction(&g, auction_items, &mut record, &mut problems);
    }
    // Hand records from online play often give the auction but no Contract
    // tag, and teaching programs an empty one: the auction then says what
    // the contract is.
    let ending = record.auction().and_then(Auction::ending);
    if apply::told(&g) == Told::Untold {
        record.bridge_mut().contract = ending.flatten();
    }
    apply::auction_agrees(&g, &record, ending, &mut problems);
    apply::result(&g, &mut record, &mut problems);
    apply::score_agrees(&g, &record, &mut problems);
    let play_items = std::mem::take(&mut g.play);
    if let Some(seat) = g.tag(KnownTag::Play) {
        read_play(
            seat,
            g.tag_pos(KnownTag::Play),
            play_items,
            &mut record,
            &mut problems,
        );
    }
    for (scope, value, pos) in &g.notes {
        apply::note(*scope, value, *pos, &mut record, &mut problems);
    }
    on_notes(&g, &mut record);
    hold_answer(&mut record);
    record.problems.extend(problems);
    record
}

/// Comments on a note come with the call or card that refers to it, as
/// the note does; on a note nothing refers to, at the end of its section.
fn on_notes(g: &Gathered, record: &mut Record) {
    for (i, text, pos) in &g.note_comments {
        let (scope, value, _) = &g.notes[*i];
        let number = values::note(value).map(|(n, _)| n);
        let refers = |a: &[Annotation]| number.is_some_and(|n| a.contains(&Annotation::Note(n)));
        let (after, entry) = match scope {
            NoteScope::Auction => {
                let entries = record.auction().map_or(&[][..], |a| &a.entries[..]);
                let at = entries.iter().position(|e| refers(&e.annotations));
                ('A', at.map(EntryRef::Call))
            }
            NoteScope::Play => {
                let mut entries = record.play.iter().flat_map(|p| p.entries());
                (
                    'P',
                    entries.position(|e| refers(&e.annotations)).map(EntryRef::Play),
                )
            }
        };
        record.commentary.push(commentary(Some(after), entry, text, *pos));
    }
}

/// A teaching file's quiz (a `____`, or hands hidden from the reader) has
/// the author's text for its answer: what is not said of a call or card
/// comes with the first "your call?", in file order with the auction's
/// text, or waits for the end.
fn hold_answer(record: &mut Record) {
    let hidden = record.deal.as_ref().is_some_and(|d| !d.hidden.is_empty());
    let asked = record
        .auction()
        .and_then(|a| a.entries.iter().position(|e| e.item == AuctionItem::Query));
    let entry = match asked {
        Some(i) => Some(EntryRef::Call(i)),
        None if hidden || !record.quiz_points().is_empty() => None,
        None => return,
    };
    // The author's own question, before the auction and play, stays
    // where it is: the reader needs it from the first step.
    let said_after = |c: &Commentary| matches!(c.after, Some('A' | 'C' | 'P' | 'R' | 'M' | 'I'));
    let asks = |c: &Commentary| !said_after(c) && c.text.plain().trim_end().ends_with('?');
    for c in record
        .commentary
        .iter_mut()
        .filter(|c| c.entry.is_none() && !asks(c))
    {
        c.after = Some(if entry.is_some() { 'A' } else { 'R' });
        c.entry = entry;
    }
}

fn read_auction(g: &Gathered, items: Vec<Item>, record: &mut Record, problems: &mut Vec<Problem>) {
    // Taken out while commentary goes to the record, and put back at the end.
    let Some(mut auction) = record.bridge_mut().auction.take() else {
        return;
    };
    let first = g.tag(KnownTag::Auction).and_then(values::first_seat);
    let mut seat = first.unwrap_or(auction.dealer);
    let mut irregular = false;
    auction.entries.reserve(items.len());
    for item in items {
        let (word, pos) = match item {
            Item::Comment(text, pos) => {
                let entry = auction.entries.len().checked_sub(1).map(EntryRef::Call);
                record.commentary.push(commentary(Some('A'), entry, &text, pos));
                continue;
            }
            Item::Word(word, pos) => (word, pos),
        };
        // A word that is one call, as nearly every word is, is its own
        // one piece.
        if let Some(call) = sections::call(&word) {
            let piece = (CallPiece::Call(call), &word[..]);
            auction_piece(piece, pos, &mut auction, &mut seat, &mut irregular, problems);
            continue;
        }
        for (at, piece) in sections::pieces(&word) {
            let pos = Pos::new(pos.line, pos.col + word[..at].chars().count() as u32);
            let piece = (CallPiece::of(piece), piece);
            auction_piece(piece, pos, &mut auction, &mut seat, &mut irregular, problems);
        }
    }
    if seat != auction.dealer && g.tag(KnownTag::Dealer).is_some() && !auction.entries.is_empty() {
        let message = format!(
            "the auction starts with {} but the dealer is {}",
            seat.name(),
            auction.dealer.name()
        );
        problems.push(Problem::of(
            ProblemKind::Disagreement,
            g.tag_pos(KnownTag::Auction),
            message,
        ));
    }
    auction.dealer = seat;
    record.bridge_mut().auction = Some(auction);
}

/// One piece of an auction word (what it is, and its text): a call, a
/// mark on the call before it, or PBN's signs for a seat passed over at
/// the start, a turn lost, an irregular call next, the end.
fn auction_piece(
    (what, piece): (CallPiece, &str),
    pos: Pos,
    auction: &mut Auction,
    seat: &mut Seat,
    irregular: &mut bool,
    problems: &mut Vec<Problem>,
) {
    let sign = |item| Annotated {
        item,
        annotations: Vec::new(),
        flagged: false,
        pos,
    };
    match what {
        CallPiece::Hyphen if auction.entries.is_empty() => *seat = Rules::Bridge.next_seat(*seat),
        CallPiece::Sign => {}
        CallPiece::Skipped => auction.entries.push(sign(AuctionItem::Skipped)),
        CallPiece::Irregular => *irregular = true,
        CallPiece::Query => auction.entries.push(sign(AuctionItem::Query)),
        CallPiece::Mark(mark) => match auction.entries.last_mut() {
            Some(last) => last.annotations.push(mark),
            None => problems.push(Problem::new(pos, format!("`{piece}` marks no call"))),
        },
        CallPiece::Call(item) => {
            let annotations = if std::mem::take(irregular) {
                vec![Annotation::Irregular('I')]
            } else {
                Vec::new()
            };
            // Lower case is the author's private flag, as in RBN.
            let flagged = piece.chars().any(|c| c.is_ascii_lowercase()) && piece != "pass" && piece != "Pass";
            auction.entries.push(Annotated {
                flagged,
                annotations,
                ..sign(item)
            });
        }
        CallPiece::Hyphen | CallPiece::Other => {
            problems.push(Problem::new(pos, format!("`{piece}` is not a call")))
        }
    }
}

fn read_play(seat: &str, tag_pos: Pos, items: Vec<Item>, record: &mut Record, problems: &mut Vec<Problem>) {
    if seat.trim().is_empty() && items.iter().all(|i| matches!(i, Item::Comment(..))) {
        return;
    }
    let Some(first) = values::first_seat(seat) else {
        problems.push(Problem::new(
            tag_pos,
            format!("`{seat}` is not a seat for the Play tag"),
        ));
        return;
    };
    let cells = play_cells(items, record, problems);
    let play = played_in_order(cells, first, record, problems);
    record.play = Some(play);
}

/// The cells of the play section in file order, up to the end of the row
/// a `+` or `____` stands in; its comments (those after that row too: the
/// answer to "your play?") go to the record, each noted on the cell it
/// follows.
fn play_cells(items: Vec<Item>, record: &mut Record, problems: &mut Vec<Problem>) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::with_capacity(items.len());
    let mut irregular: Option<char> = None;
    let mut ending = false;
    for item in items {
        let (word, pos) = match item {
            Item::Comment(text, pos) => {
                record.commentary.push(commentary(Some('P'), None, &text, pos));
                // Before the first card it stays with the Play tag.
                if let Some(cell) = cells.last_mut() {
                    cell.comments.push(record.commentary.len() - 1);
                }
                continue;
            }
            Item::Word(word, pos) => (word, pos),
        };
        // A word that is one card, as nearly every word is, is its own
        // one piece.
        if let Some(card) = sections::card(word.as_bytes()) {
            if !(ending && cells.len().is_multiple_of(4)) {
                let piece = (CardPiece::Card(card), &word[..]);
                play_piece(piece, pos, &mut cells, &mut irregular, &mut ending, problems);
            }
            continue;
        }
        for (at, piece) in sections::pieces(&word) {
            if ending && cells.len().is_multiple_of(4) {
                break;
            }
            let pos = Pos::new(pos.line, pos.col + word[..at].chars().count() as u32);
            let piece = (CardPiece::of(piece), piece);
            play_piece(piece, pos, &mut cells, &mut irregular, &mut ending, problems);
        }
    }
    cells
}

/// One piece of a play word (what it is, and its text): a card or a
/// hyphen in its seat's column, a mark on the card before it, or PBN's
/// signs for an irregular card next and for the card to be played next.
fn play_piece(
    (what, piece): (CardPiece, &str),
    pos: Pos,
    cells: &mut Vec<Cell>,
    irregular: &mut Option<char>,
    ending: &mut bool,
    problems: &mut Vec<Problem>,
) {
    match what {
        CardPiece::End => {}
        // `+` marks the card to be played next: nothing after it has
        // been played. So does the quiz point, "your play?".
        next @ (CardPiece::Next | CardPiece::Query) => {
            // It stands in its seat's column like a card not yet
            // played: the rest of its row still counts, the rows
            // after it do not.
            cells.push(Cell {
                query: matches!(next, CardPiece::Query),
                ..Cell::at(None, pos)
            });
            *ending = true;
        }
        CardPiece::Irregular(side) => *irregular = Some(side),
        CardPiece::Mark(mark) => match cells.last_mut() {
            Some(last) => last.annotations.push(mark),
            None => problems.push(Problem::new(pos, format!("`{piece}` marks no card"))),
        },
        CardPiece::Card(card) => {
            let annotations = irregular.take().map(Annotation::Irregular).into_iter().collect();
            cells.push(Cell {
                annotations,
                ..Cell::at(card, pos)
            });
        }
        CardPiece::Other => problems.push(Problem::new(pos, format!("`{piece}` is not a card"))),
    }
}

/// The cells in rows of four put in the order they were played, tricks
/// led by the winner of the trick before; comments on a card get its
/// place in the play.
fn played_in_order(
    mut cells: Vec<Cell>,
    first: Seat,
    record: &mut Record,
    problems: &mut Vec<Problem>,
) -> Play {
    // Spots are placed only in a deal that has them, as few do.
    let dealt = match &record.deal {
        Some(d) if d.has_spots() => Unplayed::new(&d.with_spots_resolved()),
        Some(d) => Unplayed::new(&d.hands),
        None => Unplayed::new(&SeatMap::default()),
    };
    let ordered = sections::order_play(&cells, first, record.contract().as_ref(), dealt);
    for (pos, message) in ordered.problems {
        problems.push(Problem::new(pos, message));
    }
    let mut play = Play {
        tricks: Vec::with_capacity(ordered.tricks.len()),
    };
    let mut index = 0;
    for trick in ordered.tricks {
        let mut written = WrittenTrick {
            plays: TrickPlays::with_capacity(trick.len()),
            ..WrittenTrick::default()
        };
        for (_, i) in trick {
            let cell = &mut cells[i];
            // Text after "your play?" is no card's: it is the answer.
            for &c in cell.comments.iter().filter(|_| !cell.query) {
                record.commentary[c].entry = Some(EntryRef::Play(index));
            }
            written.plays.push(sections::play_entry(cell));
            index += 1;
        }
        play.tricks.push(written);
    }
    play
}
