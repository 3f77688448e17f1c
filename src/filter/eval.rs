//! A parsed filter asked of one record. A word that asks for what the
//! record lacks gives no value, and a comparison with no value is false.

use std::borrow::Cow;

use super::expr::{ContractWord, Expr, Field, Measure, Op, Part, Who};
use super::hand;
use super::stats::Tally;
use crate::analysis::{DdTable, FullDeal, par};
use crate::model::{Card, Doubling, Outcome, PlayItem, Record, Seat, Strain, Vulnerability};

/// A record and the file it is in, as a filter sees them.
#[derive(Clone, Copy)]
pub struct Subject<'a> {
    pub record: &'a Record,
    pub file: &'a str,
    /// The deal's table as the solver worked it out, for the cells the
    /// file does not give.
    pub solved: Option<&'a DdTable>,
}

impl<'a> Subject<'a> {
    pub fn new(record: &'a Record, file: &'a str) -> Subject<'a> {
        Subject {
            record,
            file,
            solved: None,
        }
    }

    /// The same record with its deal solved.
    pub fn solved(self, table: &'a DdTable) -> Subject<'a> {
        Subject {
            solved: Some(table),
            ..self
        }
    }
}

/// What a question came to for a record, and whether a double-dummy word
/// met no table there: then solving the deal may change the answer, and
/// only then, since the question asked nothing else of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer<T> {
    pub value: T,
    pub lacked_table: bool,
}

impl<T> Answer<T> {
    /// An answer no double-dummy word was asked for.
    pub fn plain(value: T) -> Answer<T> {
        Answer {
            value,
            lacked_table: false,
        }
    }

    /// The record's deal, where solving it could change the answer.
    pub fn deal_to_solve(&self, record: &Record) -> Option<FullDeal> {
        self.lacked_table.then(|| FullDeal::of(record).ok()).flatten()
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Answer<U> {
        Answer {
            value: f(self.value),
            lacked_table: self.lacked_table,
        }
    }

    /// A further answer asked after this one: it lacked a table if either
    /// did.
    pub fn and_then<U>(self, f: impl FnOnce(T) -> Answer<U>) -> Answer<U> {
        let next = f(self.value);
        Answer {
            lacked_table: self.lacked_table || next.lacked_table,
            ..next
        }
    }
}

impl<T> FromIterator<Answer<T>> for Answer<Vec<T>> {
    fn from_iter<I: IntoIterator<Item = Answer<T>>>(answers: I) -> Answer<Vec<T>> {
        let mut all = Answer::plain(Vec::new());
        for a in answers {
            all.value.push(a.value);
            all.lacked_table |= a.lacked_table;
        }
        all
    }
}

/// What a part of an expression comes to for one record.
/// Text is borrowed from the record or the expression where it can be:
/// a filter of players asked of a million records copies no name.
#[derive(Clone, Debug, PartialEq)]
enum Value<'v> {
    Number(i64),
    Truth(bool),
    Seat(Seat),
    Side([Seat; 2]),
    Strain(Strain),
    Card(Card),
    Contract(ContractWord),
    Vul(Vulnerability),
    Text(Cow<'v, str>),
    /// Several names, any of which may answer (players).
    Texts(Vec<&'v str>),
}

/// The bridge seats `any` stands for in turn.
const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

pub struct Eval<'a> {
    subject: Subject<'a>,
    /// The seat `any` stands for while a question holding it is asked.
    any: Option<Seat>,
    /// Whether a double-dummy word met no table.
    lacked_table: bool,
}

impl<'a> Eval<'a> {
    fn new(subject: Subject<'a>) -> Eval<'a> {
        Eval {
            subject,
            any: None,
            lacked_table: false,
        }
    }

    /// What `ask` comes to for the subject, and whether it met no table.
    pub fn answer<T>(subject: Subject<'a>, ask: impl FnOnce(&mut Eval<'a>) -> T) -> Answer<T> {
        let mut eval = Eval::new(subject);
        let value = ask(&mut eval);
        Answer {
            value,
            lacked_table: eval.lacked_table,
        }
    }

    pub fn truth(&mut self, expr: &Expr) -> bool {
        self.value(expr) == Some(Value::Truth(true))
    }

    /// A number the expression comes to, for statistics.
    pub fn number(&mut self, expr: &Expr) -> Option<i64> {
        match self.value(expr)? {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The value as statistics count it.
    pub fn tally(&mut self, expr: &Expr) -> Option<Tally> {
        let strain_text = |s: Strain| {
            if s == Strain::NoTrump {
                "NT".to_string()
            } else {
                s.to_string()
            }
        };
        Some(match self.value(expr)? {
            Value::Number(n) => Tally::number(n),
            Value::Truth(t) => Tally::word(t.to_string()),
            Value::Seat(s) => Tally::ordered(s as i64, s.to_string()),
            Value::Side(pair) => Tally::word(format!("{}{}", pair[0], pair[1])),
            Value::Strain(s) => Tally::ordered(-(s as i64), strain_text(s)),
            Value::Card(c) => {
                let order = (3 - c.suit as i64) * 16 - c.rank as i64;
                Tally::ordered(order, format!("{}{}", c.suit.letter(), c.rank.letter()))
            }
            Value::Contract(c) => {
                let order =
                    i64::from(c.level) * 16 + (c.strain as i64) * 3 + c.doubling.map_or(0, |d| d as i64);
                Tally::ordered(order, contract_text(&c))
            }
            Value::Vul(v) => Tally::ordered(v as i64, v.name().to_string()),
            Value::Text(t) => Tally::word(t.into_owned()),
            Value::Texts(ts) => Tally::word(ts.join(", ")),
        })
    }

    fn value<'v>(&mut self, expr: &'v Expr) -> Option<Value<'v>>
    where
        'a: 'v,
    {
        let record = self.subject.record;
        Some(match expr {
            Expr::Number(n) => Value::Number(*n),
            Expr::Text(t) => Value::Text(Cow::Borrowed(t)),
            Expr::Who(Who::Seat(s)) => Value::Seat(*s),
            Expr::Who(Who::Side(pair)) => Value::Side(*pair),
            Expr::Who(Who::Any) => Value::Seat(self.any?),
            Expr::Strain(s) => Value::Strain(*s),
            Expr::Card(c) => Value::Card(*c),
            Expr::Contract(c) => Value::Contract(*c),
            Expr::Vul(v) => Value::Vul(*v),
            Expr::Field(field) => self.field(*field)?,
            Expr::Hand(measure, who, suit) => Value::Number(self.measure(*measure, *who, *suit)?),
            Expr::Shape(who, shapes) => Value::Truth(shapes.fits(self.lengths(*who)?)),
            Expr::Balanced(who, semi) => Value::Truth(hand::balanced(self.lengths(*who)?, *semi)),
            Expr::HasCard(who, card) => Value::Truth(self.holds(*who, *card)?),
            Expr::Player(who) => self.players(*who)?,
            Expr::SuitOf(card) => match self.value(card)? {
                Value::Card(c) => Value::Strain(Strain::of_suit(c.suit)),
                _ => return None,
            },
            Expr::Has(part) => Value::Truth(has(record, *part)),
            Expr::DdTricks(who, strain) => Value::Number(self.dd_tricks(self.seats(*who)?[0], *strain)?),
            Expr::Not(inner) => Value::Truth(!self.truth(inner)),
            Expr::Negate(inner) => Value::Number(-self.number(inner)?),
            Expr::Binary(op, left, right) => self.binary(*op, left, right)?,
            Expr::Matches(text, regex) => Value::Truth(match self.value(text)? {
                Value::Text(t) => regex.is_match(&t),
                Value::Texts(ts) => ts.iter().any(|t| regex.is_match(t)),
                _ => false,
            }),
            Expr::AnySeat(question) => Value::Truth(self.for_any_seat(question)),
        })
    }

    /// Double-dummy tricks as the file gives them, else as solved.
    fn dd_tricks(&mut self, seat: Seat, strain: Strain) -> Option<i64> {
        let at = crate::model::MAKES_ORDER.iter().position(|s| *s == strain)?;
        let given = self.subject.record.makes().and_then(|m| m.for_seat(seat)[at]);
        let found = given.or_else(|| Some(self.subject.solved?.tricks(seat, strain)));
        self.lacked_table |= found.is_none();
        found.map(i64::from)
    }

    /// North-South's par, where the dealer and vulnerability are known
    /// and the file gives the whole table, or it was solved.
    fn par_score(&mut self) -> Option<i32> {
        let r = self.subject.record;
        let (vulnerability, dealer) = (r.vulnerability()?, r.dealer()?);
        let given = r.makes().and_then(DdTable::from_makes);
        let table = given.or_else(|| self.subject.solved.copied());
        self.lacked_table |= table.is_none();
        Some(par(&table?, vulnerability, dealer).score)
    }

    fn for_any_seat(&mut self, question: &Expr) -> bool {
        let outer = self.any;
        let found = SEATS.iter().any(|&seat| {
            self.any = Some(seat);
            self.truth(question)
        });
        self.any = outer;
        found
    }

    fn binary<'v>(&mut self, op: Op, left: &'v Expr, right: &'v Expr) -> Option<Value<'v>>
    where
        'a: 'v,
    {
        match op {
            Op::And => return Some(Value::Truth(self.truth(left) && self.truth(right))),
            Op::Or => return Some(Value::Truth(self.truth(left) || self.truth(right))),
            _ => {}
        }
        let (a, b) = (self.value(left)?, self.value(right)?);
        if let (Value::Number(x), Value::Number(y)) = (&a, &b)
            && let Some(n) = arithmetic(op, *x, *y)
        {
            return n.map(Value::Number);
        }
        Some(Value::Truth(compare(op, &a, &b)?))
    }

    /// The seats a hand word asks about.
    fn seats(&self, who: Who) -> Option<Vec<Seat>> {
        Some(match who {
            Who::Seat(seat) => vec![seat],
            Who::Side(pair) => pair.to_vec(),
            Who::Any => vec![self.any?],
        })
    }

    /// The hands of the seats, each given by the record.
    fn hands(&self, who: Who) -> Option<Vec<&'a crate::model::Hand>> {
        let deal = self.subject.record.deal.as_ref()?;
        let seats = self.seats(who)?;
        seats
            .into_iter()
            .map(|s| deal.known(s).then(|| &deal.hands[s]))
            .collect()
    }

    fn measure(&self, measure: Measure, who: Who, suit: Option<crate::model::Suit>) -> Option<i64> {
        let hands = self.hands(who)?;
        hands.into_iter().map(|h| hand::measure(h, measure, suit)).sum()
    }

    fn lengths(&self, who: Who) -> Option<[u8; 4]> {
        hand::lengths(self.hands(who)?.first()?)
    }

    fn holds(&self, who: Who, card: Card) -> Option<bool> {
        let held: Option<Vec<bool>> = self
            .hands(who)?
            .into_iter()
            .map(|h| hand::holds(h, card))
            .collect();
        Some(held?.contains(&true))
    }

    fn players(&self, who: Who) -> Option<Value<'a>> {
        let record = self.subject.record;
        let names: Vec<&str> = self
            .seats(who)?
            .into_iter()
            .filter_map(|s| record.player(s))
            .collect();
        match names.len() {
            0 => None,
            _ => Some(Value::Texts(names)),
        }
    }

    fn field(&mut self, field: Field) -> Option<Value<'a>> {
        let r = self.subject.record;
        let contract = || r.contract();
        Some(match field {
            Field::Board => Value::Number(r.board.as_ref()?.number.trim().parse().ok()?),
            Field::Dealer => Value::Seat(r.dealer()?),
            Field::Vul => Value::Vul(r.vulnerability()?),
            Field::Contract => {
                let c = contract()?;
                Value::Contract(ContractWord {
                    level: c.level?,
                    strain: c.strain,
                    doubling: Some(c.doubling),
                })
            }
            Field::Level => Value::Number(i64::from(contract()?.level?)),
            Field::Strain => Value::Strain(contract()?.strain),
            Field::Doubled => Value::Truth(contract()?.doubling == Doubling::Doubled),
            Field::Redoubled => Value::Truth(contract()?.doubling == Doubling::Redoubled),
            Field::Declarer => Value::Seat(contract()?.declarer),
            Field::Tricks => Value::Number(i64::from(tricks(r)?)),
            Field::Result => Value::Number(i64::from(tricks(r)?) - i64::from(contract()?.target()?)),
            Field::Score => Value::Number(i64::from(r.comparable_score()?)),
            Field::Lead => Value::Card(lead(r)?),
            Field::Auction => Value::Text(Cow::Owned(auction(r)?)),
            Field::Event => Value::Text(Cow::Owned(r.event.as_ref()?.text())),
            Field::Date => Value::Text(Cow::Owned(date(r)?)),
            Field::File => Value::Text(Cow::Borrowed(self.subject.file)),
            Field::Table => Value::Number(i64::from(r.table?)),
            Field::Quiz => Value::Truth(r.has_quiz_point()),
            Field::Dd => {
                let c = contract()?;
                Value::Number(self.dd_tricks(c.declarer, c.strain)?)
            }
            Field::Par => Value::Number(i64::from(self.par_score()?)),
        })
    }
}

fn arithmetic(op: Op, x: i64, y: i64) -> Option<Option<i64>> {
    Some(match op {
        Op::Add => x.checked_add(y),
        Op::Subtract => x.checked_sub(y),
        Op::Multiply => x.checked_mul(y),
        Op::Divide => x.checked_div(y),
        Op::Remainder => x.checked_rem(y),
        _ => return None,
    })
}

/// A comparison of two values of kinds the parser let meet; None when
/// they can't be told apart in that order.
fn compare(op: Op, a: &Value, b: &Value) -> Option<bool> {
    use std::cmp::Ordering;
    let equal = |a: &Value, b: &Value| -> bool {
        match (a, b) {
            (Value::Seat(s), Value::Side(pair)) | (Value::Side(pair), Value::Seat(s)) => pair.contains(s),
            (Value::Vul(v), Value::Side(pair)) | (Value::Side(pair), Value::Vul(v)) => {
                *v == if pair[0] == Seat::North {
                    Vulnerability::NorthSouth
                } else {
                    Vulnerability::EastWest
                }
            }
            (Value::Contract(x), Value::Contract(y)) => {
                x.level == y.level
                    && x.strain == y.strain
                    && (x.doubling.is_none() || y.doubling.is_none() || x.doubling == y.doubling)
            }
            (Value::Text(x), Value::Text(y)) => x.eq_ignore_ascii_case(y),
            (Value::Texts(xs), Value::Text(y)) | (Value::Text(y), Value::Texts(xs)) => {
                xs.iter().any(|x| x.eq_ignore_ascii_case(y))
            }
            _ => a == b,
        }
    };
    let order = |a: &Value, b: &Value| -> Option<Ordering> {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => Some(x.cmp(y)),
            (Value::Text(x), Value::Text(y)) => Some(x.to_lowercase().cmp(&y.to_lowercase())),
            (Value::Contract(x), Value::Contract(y)) => Some((x.level, x.strain).cmp(&(y.level, y.strain))),
            _ => None,
        }
    };
    Some(match op {
        Op::Equal => equal(a, b),
        Op::NotEqual => !equal(a, b),
        Op::Less => order(a, b)?.is_lt(),
        Op::LessOrEqual => order(a, b)?.is_le(),
        Op::Greater => order(a, b)?.is_gt(),
        Op::GreaterOrEqual => order(a, b)?.is_ge(),
        _ => return None,
    })
}

/// A contract as players write it: `3NT`, `4SX`.
fn contract_text(c: &ContractWord) -> String {
    let strain = if c.strain == Strain::NoTrump {
        "NT".to_string()
    } else {
        c.strain.to_string()
    };
    let doubling = match c.doubling {
        Some(Doubling::Doubled) => "X",
        Some(Doubling::Redoubled) => "XX",
        _ => "",
    };
    format!("{}{strain}{doubling}", c.level)
}

fn tricks(r: &Record) -> Option<u8> {
    match r.result()?.outcome? {
        Outcome::Tricks(n) => Some(n),
        Outcome::PassedOut => None,
    }
}

/// The first card played, with its suit (a lead always names it).
fn lead(r: &Record) -> Option<Card> {
    match r.plays().next()?.item {
        PlayItem::Card {
            suit: Some(suit),
            rank,
        } => Some(Card::new(suit, rank)),
        _ => None,
    }
}

/// The calls, one space between: `1NT P 2C P`.
fn auction(r: &Record) -> Option<String> {
    let auction = r.auction()?;
    let calls: Vec<String> = auction.calls().0.iter().map(|c| call_text(&c.call)).collect();
    Some(calls.join(" "))
}

/// A call as the filter writes it: notrump as NT, so that `1NT` reads as
/// players write it.
fn call_text(call: &crate::model::Call) -> String {
    let text = call.to_string();
    match text.strip_suffix('N') {
        Some(level) if matches!(call, crate::model::Call::Bid(_)) => format!("{level}NT"),
        _ => text,
    }
}

fn date(r: &Record) -> Option<String> {
    let d = r.date.as_ref()?;
    let part =
        |p: &Option<crate::model::Digits>| p.as_ref().map_or_else(|| "??".to_string(), |d| d.0.clone());
    Some(format!("{}.{}.{}", d.year.0, part(&d.month), part(&d.day)))
}

fn has(r: &Record, part: Part) -> bool {
    match part {
        Part::Deal => r.deal.as_ref().is_some_and(|d| SEATS.iter().any(|s| d.known(*s))),
        Part::Auction => r.auction().is_some_and(|a| !a.entries.is_empty()),
        Part::Contract => r.contract_text().is_some(),
        Part::Result => r.result().is_some_and(|res| res.outcome.is_some()),
        Part::Play => r.plays().next().is_some(),
        Part::Players => SEATS.iter().any(|s| r.player(*s).is_some()),
        Part::Makes => r.makes().is_some(),
    }
}
