//! From tokens to an [`Expr`], checking as it goes that every word is
//! known and every value is of the kind its place asks for. Lowest binding
//! first: `or`, `and`, `not`, comparisons and `~`, `+ -`, `* / %`, a sign.

use regex::RegexBuilder;

use super::FilterError;
use super::expr::{Expr, Field, Kind, Measure, Op, Part, Who};
use super::lex::{Lexeme, Token};
use super::shape;
use super::vocabulary::{self, Constant};
use crate::model::{Strain, Suit};

/// A part of the expression with its kind, and whether it holds an `any`
/// no question has taken up yet.
pub struct Typed {
    pub expr: Expr,
    pub kind: Kind,
    pub any: bool,
}

impl Typed {
    fn new(expr: Expr, kind: Kind) -> Typed {
        Typed {
            expr,
            kind,
            any: false,
        }
    }

    /// A question holding an `any` asks it of each seat in turn.
    fn settled(mut self) -> Typed {
        if self.kind == Kind::Truth && self.any {
            self.expr = Expr::AnySeat(Box::new(self.expr));
            self.any = false;
        }
        self
    }
}

pub struct Parser<'t> {
    tokens: &'t [Token],
    at: usize,
}

type Parsed = Result<Typed, FilterError>;

impl<'t> Parser<'t> {
    pub fn new(tokens: &'t [Token]) -> Parser<'t> {
        Parser { tokens, at: 0 }
    }

    /// The whole expression, which must use every token.
    pub fn whole(&mut self) -> Parsed {
        let typed = self.or()?;
        match &self.peek().lexeme {
            Lexeme::End => Ok(typed),
            _ => Err(self.here("expected `and`, `or`, a comparison or the end")),
        }
    }

    fn peek(&self) -> &Token {
        &self.tokens[self.at.min(self.tokens.len() - 1)]
    }

    fn column(&self) -> usize {
        self.peek().column
    }

    fn next(&mut self) -> Token {
        let token = self.peek().clone();
        self.at += 1;
        token
    }

    /// An error at the current token, naming what stands there.
    fn here(&self, expected: &str) -> FilterError {
        FilterError::new(
            self.column(),
            format!("{expected}, found {}", shown(&self.peek().lexeme)),
        )
    }

    fn eat_sign(&mut self, sign: &str) -> bool {
        let found = matches!(&self.peek().lexeme, Lexeme::Sign(s) if *s == sign);
        self.at += usize::from(found);
        found
    }

    fn eat_word(&mut self, words: &[&str]) -> bool {
        let found =
            matches!(&self.peek().lexeme, Lexeme::Word(w) if words.iter().any(|x| w.eq_ignore_ascii_case(x)));
        self.at += usize::from(found);
        found
    }

    fn expect_sign(&mut self, sign: &'static str, what: &str) -> Result<(), FilterError> {
        if self.eat_sign(sign) {
            Ok(())
        } else {
            Err(self.here(&format!("expected `{sign}` {what}")))
        }
    }

    fn or(&mut self) -> Parsed {
        let mut left = self.and()?;
        while self.eat_word(&["or"]) || self.eat_sign("||") {
            let column = self.column();
            left = joined(Op::Or, left, self.and()?, column)?;
        }
        Ok(left)
    }

    fn and(&mut self) -> Parsed {
        let mut left = self.not()?;
        while self.eat_word(&["and"]) || self.eat_sign("&&") {
            let column = self.column();
            left = joined(Op::And, left, self.not()?, column)?;
        }
        Ok(left)
    }

    fn not(&mut self) -> Parsed {
        if self.eat_word(&["not"]) || self.eat_sign("!") {
            let column = self.column();
            let inner = truth(self.not()?, column, "not")?;
            return Ok(Typed::new(Expr::Not(Box::new(inner.expr)), Kind::Truth));
        }
        Ok(self.comparison()?.settled())
    }

    fn comparison(&mut self) -> Parsed {
        let column = self.column();
        let left = self.sum()?;
        if self.eat_sign("~") {
            return self.search(left, column);
        }
        let Some(op) = self.comparing() else {
            return Ok(left);
        };
        let right_column = self.column();
        let right = self.sum()?;
        compared(op, left, right, right_column).map(Typed::settled)
    }

    fn comparing(&mut self) -> Option<Op> {
        let op = match &self.peek().lexeme {
            Lexeme::Sign("==" | "=") => Op::Equal,
            Lexeme::Sign("!=") => Op::NotEqual,
            Lexeme::Sign("<") => Op::Less,
            Lexeme::Sign("<=") => Op::LessOrEqual,
            Lexeme::Sign(">") => Op::Greater,
            Lexeme::Sign(">=") => Op::GreaterOrEqual,
            _ => return None,
        };
        self.at += 1;
        Some(op)
    }

    /// `TEXT ~ "regular expression"`, in either case.
    fn search(&mut self, left: Typed, column: usize) -> Parsed {
        if left.kind != Kind::Text {
            return Err(FilterError::new(
                column,
                format!("~ searches text, and this is {}", left.kind.name()),
            ));
        }
        let at = self.column();
        let Lexeme::Quoted(pattern) = self.next().lexeme else {
            self.at -= 1;
            return Err(self.here("expected a regular expression in double quotes after ~"));
        };
        let regex = RegexBuilder::new(&pattern)
            .case_insensitive(true)
            .build()
            .map_err(|e| {
                FilterError::new(
                    at,
                    format!("this is not a regular expression: {}", first_line(&e.to_string())),
                )
            })?;
        let any = left.any;
        Ok(Typed {
            expr: Expr::Matches(Box::new(left.expr), regex),
            kind: Kind::Truth,
            any,
        }
        .settled())
    }

    fn sum(&mut self) -> Parsed {
        self.arithmetic(&[("+", Op::Add), ("-", Op::Subtract)], Parser::product)
    }

    fn product(&mut self) -> Parsed {
        let signs = [("*", Op::Multiply), ("/", Op::Divide), ("%", Op::Remainder)];
        self.arithmetic(&signs, Parser::unary)
    }

    /// Operands joined left to right by the signs of one binding.
    fn arithmetic(&mut self, signs: &[(&str, Op)], operand: fn(&mut Self) -> Parsed) -> Parsed {
        let mut left = operand(self)?;
        while let Some(&(_, op)) = signs.iter().find(|(sign, _)| self.eat_sign(sign)) {
            let column = self.column();
            left = arithmetic(op, left, operand(self)?, column)?;
        }
        Ok(left)
    }

    fn unary(&mut self) -> Parsed {
        let column = self.column();
        if self.eat_sign("-") {
            let inner = self.unary()?;
            if inner.kind != Kind::Number {
                return Err(FilterError::new(
                    column,
                    format!("- needs a number, and this is {}", inner.kind.name()),
                ));
            }
            return Ok(Typed {
                expr: Expr::Negate(Box::new(inner.expr)),
                ..inner
            });
        }
        self.primary()
    }

    fn primary(&mut self) -> Parsed {
        let token = self.next();
        match token.lexeme {
            Lexeme::Number(n) => Ok(Typed::new(Expr::Number(n), Kind::Number)),
            Lexeme::Quoted(text) => Ok(Typed::new(Expr::Text(text), Kind::Text)),
            Lexeme::Sign("(") => {
                let inner = self.or()?;
                self.expect_sign(")", &format!("to close the `(` at column {}", token.column))?;
                Ok(inner)
            }
            Lexeme::Word(word) if self.eat_sign("(") => self.call(&word.to_ascii_lowercase(), token.column),
            Lexeme::Word(word) => constant(&word, token.column),
            _ => {
                self.at -= 1;
                Err(self.here("expected a number, a word or `(`"))
            }
        }
    }

    /// A word with its arguments, the `(` read.
    fn call(&mut self, word: &str, column: usize) -> Parsed {
        let typed = match word {
            "player" => {
                let who = self.who(true)?;
                hand(Expr::Player(who), Kind::Text, who)
            }
            "suit" => {
                let at = self.column();
                let card = self.or()?;
                if card.kind != Kind::Card {
                    return Err(FilterError::new(
                        at,
                        format!("suit takes a card, and this is {}", card.kind.name()),
                    ));
                }
                Typed {
                    expr: Expr::SuitOf(Box::new(card.expr)),
                    kind: Kind::Strain,
                    any: card.any,
                }
            }
            "has" => Typed::new(Expr::Has(self.part()?), Kind::Truth),
            _ => self.hand_word(word, column)?,
        };
        self.expect_sign(")", &format!("to close `{word}(` at column {column}"))?;
        Ok(typed)
    }

    /// A word measuring or asking about hands, the `(` read.
    fn hand_word(&mut self, word: &str, column: usize) -> Parsed {
        if let Some(measure) = vocabulary::measure(word) {
            let who = self.who(true)?;
            let suit = match measure {
                Measure::Top(_) => {
                    self.expect_sign(",", &format!("and a suit: {word}(SEAT, SUIT)"))?;
                    Some(self.suit()?)
                }
                Measure::Length(_) => None,
                _ => self.eat_sign(",").then(|| self.suit()).transpose()?,
            };
            return Ok(hand(Expr::Hand(measure, who, suit), Kind::Number, who));
        }
        let (expr, kind, who) = match word {
            "shape" => {
                let who = self.who(false)?;
                self.expect_sign(",", "and shapes: shape(SEAT, any 4333 + 5xxx)")?;
                (Expr::Shape(who, shape::parse(self)?), Kind::Truth, who)
            }
            "balanced" | "semibalanced" => {
                let who = self.who(false)?;
                (Expr::Balanced(who, word == "semibalanced"), Kind::Truth, who)
            }
            "hascard" => {
                let who = self.who(true)?;
                self.expect_sign(",", "and a card: hascard(SEAT, AS)")?;
                (Expr::HasCard(who, self.card()?), Kind::Truth, who)
            }
            "tricks" => {
                let who = self.who(false)?;
                self.expect_sign(",", "and a strain: tricks(SEAT, notrump)")?;
                (Expr::DdTricks(who, self.strain()?), Kind::Number, who)
            }
            _ => return Err(vocabulary::unknown(word, column, "a word that takes arguments")),
        };
        Ok(hand(expr, kind, who))
    }

    /// A seat, or a side where `side` allows one, or `any`.
    pub fn who(&mut self, side: bool) -> Result<Who, FilterError> {
        let expected = if side {
            "expected a seat (north, east, south, west), a side (ns, ew) or any"
        } else {
            "expected a seat (north, east, south, west) or any"
        };
        let who = match &self.peek().lexeme {
            Lexeme::Word(w) => match vocabulary::constant(w) {
                Some(Constant::Who(Who::Side(_))) if !side => {
                    let message = format!("{expected}: a side has no single hand, found `{w}`");
                    return Err(FilterError::new(self.column(), message));
                }
                Some(Constant::Who(who)) => who,
                _ => return Err(self.here(expected)),
            },
            _ => return Err(self.here(expected)),
        };
        self.at += 1;
        Ok(who)
    }

    fn suit(&mut self) -> Result<Suit, FilterError> {
        let expected = "expected a suit (spades, hearts, diamonds, clubs)";
        match self.strain_word(expected)?.trump() {
            Some(suit) => Ok(suit),
            None => {
                self.at -= 1;
                Err(self.here(expected))
            }
        }
    }

    fn strain(&mut self) -> Result<Strain, FilterError> {
        self.strain_word("expected a strain (spades, hearts, diamonds, clubs, notrump)")
    }

    fn strain_word(&mut self, expected: &str) -> Result<Strain, FilterError> {
        if let Lexeme::Word(w) = &self.peek().lexeme
            && let Some(Constant::Strain(strain)) = vocabulary::constant(w)
        {
            self.at += 1;
            return Ok(strain);
        }
        Err(self.here(expected))
    }

    fn card(&mut self) -> Result<crate::model::Card, FilterError> {
        if let Lexeme::Word(w) = &self.peek().lexeme
            && let Some(card) = vocabulary::card(w)
        {
            self.at += 1;
            return Ok(card);
        }
        Err(self.here("expected a card, a rank and a suit like AS or TC"))
    }

    fn part(&mut self) -> Result<Part, FilterError> {
        let part = match &self.peek().lexeme {
            Lexeme::Word(w) => vocabulary::part(w),
            _ => None,
        };
        let part = part
            .ok_or_else(|| self.here("expected deal, auction, contract, result, play, players or makes"))?;
        self.at += 1;
        Ok(part)
    }

    /// The next token, for the shape list's own reading.
    pub fn take(&mut self) -> Token {
        self.next()
    }

    /// Whether the next token is this sign, taking it if so.
    pub fn take_sign(&mut self, sign: &str) -> bool {
        self.eat_sign(sign)
    }

    /// Whether the next token is the word `any`, taking it if so.
    pub fn take_any(&mut self) -> bool {
        self.eat_word(&["any"])
    }
}

/// A hand word's result: a question or number about `who`.
fn hand(expr: Expr, kind: Kind, who: Who) -> Typed {
    Typed {
        expr,
        kind,
        any: who == Who::Any,
    }
    .settled()
}

/// A word standing alone: a field of the record or a value.
fn constant(word: &str, column: usize) -> Parsed {
    if let Some(field) = vocabulary::field(word) {
        return Ok(match field {
            None => Typed {
                expr: Expr::Player(Who::Any),
                kind: Kind::Text,
                any: true,
            },
            Some(field) => Typed::new(Expr::Field(field), field_kind(field)),
        });
    }
    let (expr, kind) = match vocabulary::constant(word) {
        Some(Constant::Who(Who::Any)) => {
            let message = "`any` stands for a seat inside a hand word, like hcp(any) or player(any)";
            return Err(FilterError::new(column, message));
        }
        Some(Constant::Who(who)) => (Expr::Who(who), Kind::Seat),
        Some(Constant::Strain(s)) => (Expr::Strain(s), Kind::Strain),
        Some(Constant::Card(c)) => (Expr::Card(c), Kind::Card),
        Some(Constant::Contract(c)) => (Expr::Contract(c), Kind::Contract),
        Some(Constant::Vul(v)) => (Expr::Vul(v), Kind::Vul),
        None => return Err(vocabulary::unknown(word, column, "a word of the filter language")),
    };
    Ok(Typed::new(expr, kind))
}

fn field_kind(field: Field) -> Kind {
    match field {
        Field::Board
        | Field::Level
        | Field::Tricks
        | Field::Result
        | Field::Score
        | Field::Table
        | Field::Dd
        | Field::Par => Kind::Number,
        Field::Dealer | Field::Declarer => Kind::Seat,
        Field::Vul => Kind::Vul,
        Field::Contract => Kind::Contract,
        Field::Strain => Kind::Strain,
        Field::Doubled | Field::Redoubled | Field::Quiz => Kind::Truth,
        Field::Lead => Kind::Card,
        Field::Auction | Field::Event | Field::Date | Field::File => Kind::Text,
    }
}

fn truth(t: Typed, column: usize, word: &str) -> Parsed {
    if t.kind == Kind::Truth {
        Ok(t)
    } else {
        let message = format!(
            "{word} needs a question (true or false), and this is {}",
            t.kind.name()
        );
        Err(FilterError::new(column, message))
    }
}

fn joined(op: Op, left: Typed, right: Typed, column: usize) -> Parsed {
    let word = if op == Op::And { "and" } else { "or" };
    let left = truth(left, column, word)?;
    let right = truth(right, column, word)?;
    Ok(Typed::new(
        Expr::Binary(op, Box::new(left.expr), Box::new(right.expr)),
        Kind::Truth,
    ))
}

fn arithmetic(op: Op, left: Typed, right: Typed, column: usize) -> Parsed {
    for side in [&left, &right] {
        if side.kind != Kind::Number {
            let message = format!("arithmetic needs numbers, and this is {}", side.kind.name());
            return Err(FilterError::new(column, message));
        }
    }
    let any = left.any || right.any;
    Ok(Typed {
        expr: Expr::Binary(op, Box::new(left.expr), Box::new(right.expr)),
        kind: Kind::Number,
        any,
    })
}

fn compared(op: Op, mut left: Typed, mut right: Typed, column: usize) -> Parsed {
    let (left_kind, right_kind) = (left.kind, right.kind);
    as_card(&mut left, right_kind);
    as_card(&mut right, left_kind);
    let ordered = !matches!(op, Op::Equal | Op::NotEqual);
    let fits = match (left.kind, right.kind) {
        (a, b) if a == b => !ordered || matches!(a, Kind::Number | Kind::Text | Kind::Contract),
        (Kind::Vul, Kind::Seat) | (Kind::Seat, Kind::Vul) => !ordered,
        _ => false,
    };
    if !fits {
        let message = if left.kind == right.kind {
            format!("{} can be equal or not, but not more or less", left.kind.name())
        } else {
            format!(
                "{} can't be compared with {}",
                left.kind.name(),
                right.kind.name()
            )
        };
        return Err(FilterError::new(column, message));
    }
    let any = left.any || right.any;
    let expr = Expr::Binary(op, Box::new(left.expr), Box::new(right.expr));
    Ok(Typed {
        expr,
        kind: Kind::Truth,
        any,
    })
}

/// A contract word that is also a card (`3S`) compared with a card is the
/// card.
fn as_card(this: &mut Typed, other: Kind) {
    if let (Expr::Contract(c), Kind::Card) = (&this.expr, other)
        && c.doubling.is_none()
        && let Some(suit) = c.strain.trump()
        && let Some(rank) = char::from_digit(u32::from(c.level), 10).and_then(crate::model::Rank::from_letter)
    {
        *this = Typed::new(Expr::Card(crate::model::Card::new(suit, rank)), Kind::Card);
    }
}

/// A lexeme as an error message shows it.
fn shown(lexeme: &Lexeme) -> String {
    match lexeme {
        Lexeme::Number(n) => format!("`{n}`"),
        Lexeme::Word(w) => format!("`{}`", quoted(w)),
        Lexeme::Quoted(t) => format!("\"{}\"", quoted(t)),
        Lexeme::Sign(s) => format!("`{s}`"),
        Lexeme::End => "the end".to_string(),
    }
}

/// Text quoted in a message: on one line, its control characters escaped
/// (a fuzzer's quoted newline broke the line), and cut short.
pub fn quoted(text: &str) -> String {
    const MOST: usize = 24;
    let escaped: String = text.chars().flat_map(char::escape_debug).collect();
    match escaped.char_indices().nth(MOST) {
        Some((at, _)) => format!("{}…", &escaped[..at]),
        None => escaped,
    }
}

fn first_line(text: &str) -> &str {
    text.lines()
        .rfind(|l| !l.trim().is_empty())
        .unwrap_or(text)
        .trim()
}
