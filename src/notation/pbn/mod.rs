//! PBN, the Portable Bridge Notation, in import format as real files
//! write it.
//!
//! The scan finds each game, the shared tag lexer cuts it into tokens,
//! which go straight to the game's sections as they come, inherited tag
//! values (`#`, `##` and tags left out between the tables of
//! a board) are filled in, and the game becomes a record; the file is read
//! in order through the door (`reading::Reading`).

mod apply;
mod context;
mod deal;
mod door;
mod game;
mod gathered;
mod gathering;
mod known_tag;
mod scan;
mod scan_quick;
mod sections;
mod table;
mod tag_values;
mod unplayed;
mod values;
mod vet;
mod vet_lines;
mod vet_sections;
mod write_sections;
mod writer;

pub use values::date as date_value;

use crate::model::{BoardKey, Pos, Problem, Record, Wanted};
use crate::notation::source::{Span, span_lines};
use crate::notation::tags::Lexing;
pub use context::{CARRIED, Context};
pub use door::Pbn;
use gathering::Gathering;
pub use scan::{STICKY, Scan};
pub use vet::{hand_on, vet};
pub use writer::{PBN_SIGNATURE, WriteError, write_game_after, write_pbn};

/// Reads the game at `span`, numbered `number`, after the games that left
/// `context`.
pub fn read_span(bytes: &[u8], span: &Span, number: usize, context: &mut Context) -> Record {
    read_span_wanting(bytes, span, number, context, Wanted::ALL)
}

/// The same, passing over the lines of the sections the caller `wants`
/// none of: the Play section's beyond its first (which holds the lead) or
/// all of them, and the Auction section's where a Contract tag before it
/// tells the contract (else the auction tells it); and the values of the
/// hands' and names' tags. The gathering, which has read the tags before a
/// section, tells the lexer how much of it to lex, and leaves those values
/// out as it gathers.
pub fn read_span_wanting(
    bytes: &[u8],
    span: &Span,
    number: usize,
    context: &mut Context,
    wants: Wanted,
) -> Record {
    let mut lexing = Lexing::with_tokens(Gathering::wanting(wants));
    span_lines(bytes, span).for_each(|l| lexing.line(&l));
    let game = lexing.finish();
    let (gathered, misplaced) = game.tokens.finish();
    let mut problems = game.problems;
    if span.run_on {
        let pos = game.first.unwrap_or(Pos::new(span.line, 1));
        let message = "a new game starts here without the blank line that should come before it";
        problems.insert(0, Problem::new(pos, message));
    }
    problems.extend(misplaced);
    game::read(gathered, problems, (game.line, number), context)
}

/// Two games in a row with the same board and deal are the two tables of
/// a team match only where the file says it holds matches (a Room or
/// Table tag, team names, a teams competition or a match event) and the
/// two name the same teams, if any; otherwise they are two of the tables
/// of a board, as in a pairs event. IMP scoring alone says nothing: pairs
/// events are scored in IMPs against a datum too. A third with the same
/// board stays on its own.
pub fn same_match(first: &Record, second: &Record) -> bool {
    first.table.is_none()
        && first.deal.is_some()
        && BoardKey::same(first, second)
        && (says_match(first) || says_match(second))
        && teams_agree(first, second)
        && !matches!((tag(first, "Room"), tag(second, "Room")), (Some(a), Some(b)) if a.eq_ignore_ascii_case(b))
}

/// A tag kibitzer keeps as written.
fn tag<'a>(r: &'a Record, name: &str) -> Option<&'a str> {
    r.tags
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

fn says_match(r: &Record) -> bool {
    let words = |name: &str, word: &str| tag(r, name).is_some_and(|v| v.to_ascii_lowercase().contains(word));
    tag(r, "Room").is_some()
        || tag(r, "Table").is_some()
        || r.teams.is_some()
        || words("Competition", "team")
        || r.event
            .as_ref()
            .is_some_and(|e| e.first.to_ascii_lowercase().contains("match"))
}

/// Tables of one match seat the same two teams, in either direction.
fn teams_agree(first: &Record, second: &Record) -> bool {
    match (&first.teams, &second.teams) {
        (Some(a), Some(b)) => a.names == b.names || a.names == [b.names[1].clone(), b.names[0].clone()],
        _ => true,
    }
}
