//! A filter expression after parsing: every word resolved, every value's
//! kind known, so that evaluating it cannot meet a mistake of the user's.

use regex::Regex;

use crate::model::{Card, Doubling, PlayWanted, Seat, Strain, Suit, Vulnerability, Wanted};

/// What a part of an expression stands for, named in error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Number,
    Truth,
    Seat,
    Strain,
    Card,
    Contract,
    Vul,
    Text,
}

impl Kind {
    /// The kind as a message names it: "a number", "a seat".
    pub fn name(self) -> &'static str {
        match self {
            Kind::Number => "a number",
            Kind::Truth => "true or false",
            Kind::Seat => "a seat",
            Kind::Strain => "a suit or notrump",
            Kind::Card => "a card",
            Kind::Contract => "a contract",
            Kind::Vul => "a vulnerability",
            Kind::Text => "text",
        }
    }
}

/// The hands a hand word asks about: one seat, a side (its two hands
/// together), or `any` seat (the nearest question true for some seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Seat(Seat),
    Side([Seat; 2]),
    Any,
}

/// A contract as written in an expression: `3NT` matches 3NT doubled or
/// not; `3NTX` only doubled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContractWord {
    pub level: u8,
    pub strain: Strain,
    pub doubling: Option<Doubling>,
}

/// A number worked out from hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    Hcp,
    Controls,
    Losers,
    Length(Suit),
    /// How many of the top N honours of the suit are held (dealer's top2
    /// to top5).
    Top(u8),
}

/// Words that read a fact of the record and take no argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Board,
    Dealer,
    Vul,
    Contract,
    Level,
    Strain,
    Doubled,
    Redoubled,
    Declarer,
    Tricks,
    Result,
    Score,
    Lead,
    Auction,
    Event,
    Date,
    File,
    Table,
    Quiz,
    Dd,
    Par,
}

/// What `has(...)` asks a record for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Deal,
    Auction,
    Contract,
    Result,
    Play,
    Players,
    Makes,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    And,
    Or,
}

/// One shape of a `shape(...)` list: a length or `x` per suit, spades
/// first; `any` lets the lengths fall in any order of suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub lengths: [Option<u8>; 4],
    pub any: bool,
}

/// A `shape(...)` list: the shapes added, less those taken away.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shapes {
    pub added: Vec<Pattern>,
    pub taken: Vec<Pattern>,
}

#[derive(Clone, Debug)]
pub enum Expr {
    Number(i64),
    Text(String),
    Who(Who),
    Strain(Strain),
    Card(Card),
    Contract(ContractWord),
    Vul(Vulnerability),
    Field(Field),
    Hand(Measure, Who, Option<Suit>),
    Shape(Who, Shapes),
    /// `balanced` (false) or `semibalanced` (true).
    Balanced(Who, bool),
    HasCard(Who, Card),
    /// Players' names: a seat's, a side's, or every seat's.
    Player(Who),
    SuitOf(Box<Expr>),
    Has(Part),
    /// Double-dummy tricks a seat makes in a strain, as the file gives them.
    DdTricks(Who, Strain),
    Not(Box<Expr>),
    Negate(Box<Expr>),
    Binary(Op, Box<Expr>, Box<Expr>),
    Matches(Box<Expr>, Regex),
    /// True when the question is true with `any` standing for some seat.
    AnySeat(Box<Expr>),
}

impl Expr {
    /// What of a record the expression reads: the play only for the lead
    /// or whether there is any, the calls only for the auction (both, all
    /// of them, for a quiz, whose questions stand among them), the tables
    /// of a match only for `table`.
    pub fn wanted(&self) -> Wanted {
        let mut wanted = Wanted::LEAST;
        self.visit(&mut |e| {
            let more = match e {
                Expr::Field(Field::Quiz) => Wanted::ALL,
                Expr::Field(Field::Lead) | Expr::Has(Part::Play) => Wanted {
                    play: PlayWanted::Lead,
                    ..Wanted::LEAST
                },
                Expr::Field(Field::Auction) | Expr::Has(Part::Auction) => Wanted {
                    calls: true,
                    ..Wanted::LEAST
                },
                Expr::Field(Field::Table) => Wanted {
                    tables: true,
                    ..Wanted::LEAST
                },
                // The hand words read the deal; a double-dummy word may
                // want it solved.
                Expr::Hand(..)
                | Expr::Shape(..)
                | Expr::Balanced(..)
                | Expr::HasCard(..)
                | Expr::Has(Part::Deal)
                | Expr::DdTricks(..)
                | Expr::Field(Field::Dd | Field::Par) => Wanted {
                    deal: true,
                    ..Wanted::LEAST
                },
                Expr::Player(_) | Expr::Field(Field::Event) | Expr::Has(Part::Players) => Wanted {
                    names: true,
                    ..Wanted::LEAST
                },
                _ => return,
            };
            wanted = wanted.and(more);
        });
        wanted
    }

    /// Whether a double-dummy word is asked, which a record may want solved
    /// to answer.
    pub fn asks_double_dummy(&self) -> bool {
        let mut asks = false;
        self.visit(&mut |e| asks |= matches!(e, Expr::DdTricks(..) | Expr::Field(Field::Dd | Field::Par)));
        asks
    }

    /// Every part of the expression, this one first.
    fn visit(&self, each: &mut impl FnMut(&Expr)) {
        each(self);
        match self {
            Expr::SuitOf(e) | Expr::Not(e) | Expr::Negate(e) | Expr::Matches(e, _) | Expr::AnySeat(e) => {
                e.visit(each)
            }
            Expr::Binary(_, a, b) => {
                a.visit(each);
                b.visit(each);
            }
            _ => {}
        }
    }
}
