//! One PBN game: its tokens walked in order into tags, section words,
//! notes and comments (each kept where it stands), then made a record.

use super::apply;
use super::context::Context;
use super::sections::{self, Cell};
use crate::model::{
    Annotated, Annotation, AuctionItem, Commentary, EntryRef, Game, NoteScope, Play, Pos, Problem, Record,
    RichText, Rules, Seat, SourceFormat, WrittenTrick,
};
use crate::notation::tags::{self, Token};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Identification,
    Auction,
    Play,
    Table(usize),
}

/// A word or comment of a section, in file order.
enum Item {
    Word(String, Pos),
    Comment(String, Pos),
}

/// A table tag: its name, its column spec and the cells after it.
pub type TableTag = (String, String, Vec<(String, Pos)>);

/// What the walk over a game's tokens gathers.
#[derive(Default)]
pub struct Gathered {
    /// Tags in file order with where they stand; a repeat is reported.
    pub tags: Vec<(String, String, Pos)>,
    auction: Vec<Item>,
    play: Vec<Item>,
    pub notes: Vec<(NoteScope, String, Pos)>,
    /// Comments outside the sections, with the label they follow.
    pub comments: Vec<(Option<char>, String, Pos)>,
    /// Table tags with their cells.
    pub tables: Vec<TableTag>,
}

impl Gathered {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, v, _)| v.as_str())
    }

    pub fn tag_pos(&self, name: &str) -> Pos {
        self.tags
            .iter()
            .find(|(n, _, _)| n == name)
            .map_or(Pos::default(), |(_, _, p)| *p)
    }
}

/// Tags followed by rows of cells: OptimumResultTable, ScoreTable and the
/// like (but not the plain Table tag, a table number).
pub fn is_table(name: &str) -> bool {
    name.len() > 5 && name.ends_with("Table")
}

/// The label a comment after a tag is placed after, as RBN would place it.
fn label_of(tag: &str) -> Option<char> {
    Some(match tag {
        "Deal" | "Hidden" => 'H',
        "Auction" | "Dealer" | "Vulnerable" => 'A',
        "Contract" | "Declarer" => 'C',
        "Play" => 'P',
        "Result" | "Score" | "ScoreIMP" | "ScorePercentage" | "ScoreMP" => 'R',
        t if t.ends_with("Table")
            || t == "DoubleDummyTricks"
            || t == "OptimumScore"
            || t == "ParContract" =>
        {
            'M'
        }
        _ => 'B',
    })
}

fn gather(tokens: Vec<Token>, problems: &mut Vec<Problem>) -> Gathered {
    let mut g = Gathered::default();
    let mut section = Section::Identification;
    let mut last_tag: Option<char> = None;
    for token in tokens {
        match token {
            Token::Tag { name, value, pos } => {
                if name == "Note" {
                    let scope = if section == Section::Play {
                        NoteScope::Play
                    } else {
                        NoteScope::Auction
                    };
                    g.notes.push((scope, value, pos));
                    continue;
                }
                last_tag = label_of(&name);
                section = match name.as_str() {
                    "Auction" => Section::Auction,
                    "Play" => Section::Play,
                    n if is_table(n) => {
                        g.tables.push((name.clone(), value.clone(), Vec::new()));
                        Section::Table(g.tables.len() - 1)
                    }
                    _ => Section::Identification,
                };
                if g.tags.iter().any(|(n, _, _)| *n == name) {
                    problems.push(Problem::new(
                        pos,
                        format!("tag {name} is given twice in this game; the first one counts"),
                    ));
                } else {
                    g.tags.push((name, value, pos));
                }
            }
            Token::Word { text, pos } => match section {
                Section::Auction => g.auction.push(Item::Word(text, pos)),
                Section::Play => g.play.push(Item::Word(text, pos)),
                Section::Table(i) => g.tables[i].2.push((text, pos)),
                Section::Identification => {
                    problems.push(Problem::new(
                        pos,
                        format!("`{text}` stands outside any tag or section"),
                    ));
                }
            },
            Token::Comment { text, pos } => match section {
                Section::Auction => g.auction.push(Item::Comment(text, pos)),
                Section::Play => g.play.push(Item::Comment(text, pos)),
                _ => g.comments.push((last_tag, text, pos)),
            },
        }
    }
    g
}

/// PBN writes suits in comments as `\S \H \D \C`; they become the suit
/// words free text uses (`s`, `hK`, `1d`), which the viewer draws as
/// symbols.
pub fn comment_text(text: &str) -> RichText {
    let mut out = RichText::default();
    // Some programs write line breaks as a literal `\n`.
    let words = text
        .replace("\\n", "\n")
        .replace("\\S", "s")
        .replace("\\H", "h")
        .replace("\\D", "d")
        .replace("\\C", "c");
    for (i, line) in words.trim().lines().enumerate() {
        if i > 0 {
            out.push_break();
        }
        out.push_text(line.trim_end(), false, false);
    }
    out
}

fn commentary(after: Option<char>, entry: Option<EntryRef>, text: &str, pos: Pos) -> Commentary {
    Commentary {
        after,
        entry,
        text: comment_text(text),
        pos,
    }
}

pub fn read(game: tags::Lexed, number: usize, context: &mut Context) -> Record {
    let mut record = Record::new(number, game.line, SourceFormat::Pbn, Game::bridge());
    let mut problems = game.problems;
    let mut g = gather(game.tokens, &mut problems);
    apply::inherit(&mut g, context);
    for (after, text, pos) in &g.comments {
        record.commentary.push(commentary(*after, None, text, *pos));
    }
    apply::identification(&g, &mut record, &mut problems);
    let auction_items = std::mem::take(&mut g.auction);
    if g.tag("Auction").is_some() {
        read_auction(&g, auction_items, &mut record, &mut problems);
    }
    // Hand records from online play often give the auction but no Contract
    // tag: the auction then says what the contract is.
    if record.contract().is_none() && g.tag("Contract").is_none() {
        let bridge = record.bridge_mut();
        bridge.contract = bridge.auction.as_ref().and_then(|a| a.final_contract());
    }
    let play_items = std::mem::take(&mut g.play);
    if let Some(seat) = g.tag("Play") {
        read_play(seat, g.tag_pos("Play"), play_items, &mut record, &mut problems);
    }
    for (scope, value, pos) in &g.notes {
        apply::note(*scope, value, *pos, &mut record, &mut problems);
    }
    record.problems.extend(problems);
    record
}

fn read_auction(g: &Gathered, items: Vec<Item>, record: &mut Record, problems: &mut Vec<Problem>) {
    // Taken out while commentary goes to the record, and put back at the end.
    let Some(mut auction) = record.bridge_mut().auction.take() else {
        return;
    };
    let first = g
        .tag("Auction")
        .and_then(|v| v.trim().chars().next())
        .and_then(Seat::from_letter);
    let mut seat = first.unwrap_or(auction.dealer);
    let mut irregular = false;
    for item in items {
        let (word, pos) = match item {
            Item::Comment(text, pos) => {
                let entry = auction.entries.len().checked_sub(1).map(EntryRef::Call);
                record.commentary.push(commentary(Some('A'), entry, &text, pos));
                continue;
            }
            Item::Word(word, pos) => (word, pos),
        };
        for (at, piece) in sections::pieces(&word) {
            let pos = Pos::new(pos.line, pos.col + word[..at].chars().count() as u32);
            match piece {
                "-" if auction.entries.is_empty() => seat = Rules::Bridge.next_seat(seat),
                // `+` marks the next call to be made; `*` the end.
                "*" | "+" => {}
                "^S" => auction.entries.push(Annotated {
                    item: AuctionItem::Skipped,
                    annotations: Vec::new(),
                    flagged: false,
                    pos,
                }),
                "^I" => irregular = true,
                _ => match (sections::mark(piece), sections::call(piece)) {
                    (Some(mark), _) => match auction.entries.last_mut() {
                        Some(last) => last.annotations.push(mark),
                        None => problems.push(Problem::new(pos, format!("`{piece}` marks no call"))),
                    },
                    (None, Some(item)) => {
                        let annotations = if std::mem::take(&mut irregular) {
                            vec![Annotation::Irregular('I')]
                        } else {
                            Vec::new()
                        };
                        let flagged = piece.chars().any(|c| c.is_ascii_lowercase())
                            && piece != "pass"
                            && piece != "Pass";
                        auction.entries.push(Annotated {
                            item,
                            annotations,
                            flagged,
                            pos,
                        });
                    }
                    (None, None) => problems.push(Problem::new(pos, format!("`{piece}` is not a call"))),
                },
            }
        }
    }
    if seat != auction.dealer && g.tag("Dealer").is_some() && !auction.entries.is_empty() {
        let message = format!(
            "the auction starts with {} but the dealer is {}",
            seat.name(),
            auction.dealer.name()
        );
        problems.push(Problem::new(g.tag_pos("Auction"), message));
    }
    auction.dealer = seat;
    record.bridge_mut().auction = Some(auction);
}

fn read_play(seat: &str, tag_pos: Pos, items: Vec<Item>, record: &mut Record, problems: &mut Vec<Problem>) {
    if seat.trim().is_empty() && items.iter().all(|i| matches!(i, Item::Comment(..))) {
        return;
    }
    let Some(first) = seat.trim().chars().next().and_then(Seat::from_letter) else {
        problems.push(Problem::new(
            tag_pos,
            format!("`{seat}` is not a seat for the Play tag"),
        ));
        return;
    };
    let mut cells: Vec<Cell> = Vec::new();
    let mut irregular: Option<char> = None;
    let mut ending = false;
    for item in items {
        let ended = ending && cells.len().is_multiple_of(4);
        if ended {
            break;
        }
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
        for (at, piece) in sections::pieces(&word) {
            if ending && cells.len().is_multiple_of(4) {
                break;
            }
            let pos = Pos::new(pos.line, pos.col + word[..at].chars().count() as u32);
            match piece {
                "*" => {}
                // `+` marks the card to be played next: nothing after it has
                // been played.
                "+" => {
                    // It stands in its seat's column like a card not yet
                    // played: the rest of its row still counts, the rows
                    // after it do not.
                    cells.push(Cell {
                        card: None,
                        annotations: Vec::new(),
                        pos,
                        comments: Vec::new(),
                    });
                    ending = true;
                }
                "^R" | "^L" => irregular = piece.chars().nth(1),
                _ => match (sections::mark(piece), sections::card(piece)) {
                    (Some(mark), _) => match cells.last_mut() {
                        Some(last) => last.annotations.push(mark),
                        None => problems.push(Problem::new(pos, format!("`{piece}` marks no card"))),
                    },
                    (None, Some(card)) => {
                        let annotations = irregular.take().map(Annotation::Irregular).into_iter().collect();
                        cells.push(Cell {
                            card,
                            annotations,
                            pos,
                            comments: Vec::new(),
                        });
                    }
                    (None, None) => problems.push(Problem::new(pos, format!("`{piece}` is not a card"))),
                },
            }
        }
    }
    let rows: Vec<Vec<Option<Cell>>> = cells
        .chunks(4)
        .map(|row| {
            let mut row: Vec<Option<Cell>> = row.iter().cloned().map(Some).collect();
            row.resize(4, None);
            row
        })
        .collect();
    let dealt = record
        .deal
        .as_ref()
        .map(|d| d.with_spots_resolved())
        .unwrap_or_default();
    let ordered = sections::order_play(rows, first, record.contract().as_ref(), &dealt);
    for (pos, message) in ordered.problems {
        problems.push(Problem::new(pos, message));
    }
    let mut play = Play::default();
    let mut index = 0;
    for trick in ordered.tricks {
        let mut written = WrittenTrick::default();
        for (_, cell) in trick {
            for &c in &cell.comments {
                record.commentary[c].entry = Some(EntryRef::Play(index));
            }
            written.plays.push(sections::play_entry(&cell));
            index += 1;
        }
        play.tricks.push(written);
    }
    record.play = Some(play);
}
