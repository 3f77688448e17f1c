//! Statistics over the records a filter lets through, as dealer names
//! them: `frequency EXPR` (how often each value comes) and `average EXPR`
//! (the mean of a number). The expression may be of any kind for a
//! frequency (a contract, a lead, a seat), a number for an average.

use std::collections::BTreeMap;
use std::fmt;

use super::eval::Eval;
use super::expr::{Expr, Kind};
use super::{Answer, FilterError, Subject, lex, parse};

/// A value as it is counted and shown: numbers in their order, cards and
/// contracts in the game's (spades first, the ace first; 1C up to 7NT),
/// the rest by name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tally {
    order: i64,
    text: String,
    number: bool,
}

impl Tally {
    pub fn number(n: i64) -> Tally {
        Tally {
            order: n,
            text: n.to_string(),
            number: true,
        }
    }

    pub fn word(text: String) -> Tally {
        Tally {
            order: 0,
            text,
            number: false,
        }
    }

    /// A value written `text` that sorts by `order`.
    pub fn ordered(order: i64, text: String) -> Tally {
        Tally {
            order,
            text,
            number: false,
        }
    }

    /// The value, where it is a number.
    pub fn as_number(&self) -> Option<i64> {
        self.number.then_some(self.order)
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A count as the filter's counts are shown: its thousands marked,
/// 1,000,000.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An expression whose value is counted or averaged over records.
#[derive(Clone, Debug)]
pub struct Quantity {
    text: String,
    expr: Expr,
    kind: Kind,
}

impl Quantity {
    pub fn parse(text: &str) -> Result<Quantity, FilterError> {
        let tokens = lex::lex(text)?;
        let typed = parse::Parser::new(&tokens).whole()?;
        if typed.any {
            let message = "`any` needs a question around it here, as in hcp(any) >= 15";
            return Err(FilterError::new(1, message));
        }
        Ok(Quantity {
            text: text.to_string(),
            expr: typed.expr,
            kind: typed.kind,
        })
    }

    /// A quantity that can be averaged: a number.
    pub fn number(text: &str) -> Result<Quantity, FilterError> {
        let quantity = Quantity::parse(text)?;
        if quantity.kind != Kind::Number {
            let message = format!("an average needs a number, and this is {}", quantity.kind.name());
            return Err(FilterError::new(1, message));
        }
        Ok(quantity)
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub(super) fn kind(&self) -> Kind {
        self.kind
    }

    pub(super) fn expr(&self) -> &Expr {
        &self.expr
    }

    /// What of a record the quantity reads.
    pub fn wanted(&self) -> crate::model::Wanted {
        self.expr.wanted()
    }

    /// The record's value, where it has one.
    pub fn of(&self, subject: Subject) -> Option<Tally> {
        self.answer(subject).value
    }

    /// The same, and whether a double-dummy word found no table.
    pub fn answer(&self, subject: Subject) -> Answer<Option<Tally>> {
        Eval::answer(subject, |e| e.tally(&self.expr))
    }
}

/// How often each value comes, and how many records had none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frequency {
    pub counts: BTreeMap<Tally, usize>,
    pub without: usize,
}

impl Frequency {
    pub fn add(&mut self, value: Option<Tally>) {
        match value {
            Some(v) => *self.counts.entry(v).or_default() += 1,
            None => self.without += 1,
        }
    }

    /// Counted elsewhere (on another core), added in.
    pub fn merge(&mut self, other: Frequency) {
        for (value, n) in other.counts {
            *self.counts.entry(value).or_default() += n;
        }
        self.without += other.without;
    }

    /// How many records had a value.
    pub fn total(&self) -> usize {
        self.counts.values().sum()
    }

    /// Each value in order with its count.
    pub fn counts(&self) -> impl Iterator<Item = (&Tally, usize)> {
        self.counts.iter().map(|(value, &n)| (value, n))
    }

    /// Each value in order with its count, its share and a bar of up to
    /// `widest` cells for the one that comes most often.
    pub fn rows(&self, widest: usize) -> Vec<Row> {
        let most = self.counts.values().copied().max().unwrap_or(0).max(1);
        let total = self.total().max(1) as f64;
        let row = |(value, &count): (&Tally, &usize)| Row {
            value: value.to_string(),
            count,
            percent: count as f64 * 100.0 / total,
            bar: (count * widest).div_ceil(most),
        };
        self.counts.iter().map(row).collect()
    }
}

/// One value of a frequency as it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub value: String,
    pub count: usize,
    pub percent: f64,
    /// Cells of bar.
    pub bar: usize,
}

/// The sum and count of a number's values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Average {
    pub sum: i64,
    pub count: usize,
    pub without: usize,
}

impl Average {
    pub fn add(&mut self, value: Option<Tally>) {
        match value.as_ref().and_then(Tally::as_number) {
            Some(n) => {
                self.sum += n;
                self.count += 1;
            }
            None => self.without += 1,
        }
    }

    pub fn merge(&mut self, other: Average) {
        self.sum += other.sum;
        self.count += other.count;
        self.without += other.without;
    }

    /// The mean, where any record had a value.
    pub fn mean(&self) -> Option<f64> {
        (self.count > 0).then(|| self.sum as f64 / self.count as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_count_in_their_order_and_averages_skip_what_is_missing() {
        let mut f = Frequency::default();
        for v in [Some(10), Some(9), None, Some(10)] {
            f.add(v.map(Tally::number));
        }
        let counted: Vec<(String, usize)> = f.counts.iter().map(|(k, n)| (k.to_string(), *n)).collect();
        assert_eq!(counted, [("9".to_string(), 1), ("10".to_string(), 2)]);
        assert_eq!((f.total(), f.without), (3, 1));
        let mut a = Average::default();
        [Some(Tally::number(3)), None, Some(Tally::number(4))]
            .into_iter()
            .for_each(|v| a.add(v));
        assert_eq!(a.mean(), Some(3.5));
        assert_eq!(a.without, 1);
    }

    #[test]
    fn counts_are_grouped_in_thousands() {
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(grouped(1204), "1,204");
        assert_eq!(grouped(999), "999");
    }

    #[test]
    fn an_average_needs_a_number() {
        assert!(Quantity::number("contract").is_err());
        assert!(Quantity::parse("contract").is_ok());
        assert!(Quantity::parse("hcp(any)").is_err());
        assert!(Quantity::number("hcp(ns) - 20").is_ok());
    }
}
