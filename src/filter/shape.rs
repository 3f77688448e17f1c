//! dealer's shape lists: `any 4333 + any 5xxx - 5332`. A pattern gives a
//! length or `x` for each suit, spades first; `any` lets its lengths fall
//! in any order of suits. A hand has the list's shape when it has one of
//! the shapes added and none of those taken away.

use super::FilterError;
use super::expr::{Pattern, Shapes};
use super::lex::Lexeme;
use super::parse::Parser;

/// The list after `shape(SEAT,`, up to the closing parenthesis.
pub fn parse(p: &mut Parser) -> Result<Shapes, FilterError> {
    let mut shapes = Shapes::default();
    let mut adding = true;
    loop {
        let any = p.take_any();
        let token = p.take();
        let text = match &token.lexeme {
            Lexeme::Number(n) => format!("{n:04}"),
            Lexeme::Word(w) => w.to_ascii_lowercase(),
            _ => String::new(),
        };
        let pattern = pattern(&text, any).ok_or_else(|| {
            let message = "expected a shape: four lengths or x, spades first, like 4333 or 5xx4";
            FilterError::new(token.column, format!("{message}, found `{text}`"))
        })?;
        if adding {
            &mut shapes.added
        } else {
            &mut shapes.taken
        }
        .push(pattern);
        if p.take_sign("+") {
            adding = true;
        } else if p.take_sign("-") {
            adding = false;
        } else {
            return Ok(shapes);
        }
    }
}

fn pattern(text: &str, any: bool) -> Option<Pattern> {
    let mut lengths = [None; 4];
    let mut chars = text.chars();
    for length in &mut lengths {
        *length = match chars.next()? {
            'x' => None,
            c => Some(c.to_digit(10)? as u8),
        };
    }
    let written: u8 = lengths.iter().flatten().sum();
    let fits = chars.next().is_none() && written <= 13 && (lengths.contains(&None) || written == 13);
    fits.then_some(Pattern { lengths, any })
}

impl Pattern {
    /// Whether a hand with these lengths (spades first) has this shape.
    fn fits(&self, lengths: [u8; 4]) -> bool {
        let exact =
            |order: &[usize; 4]| (0..4).all(|i| self.lengths[i].is_none_or(|l| l == lengths[order[i]]));
        if !self.any {
            return exact(&[0, 1, 2, 3]);
        }
        ORDERS.iter().any(exact)
    }
}

impl Shapes {
    pub fn fits(&self, lengths: [u8; 4]) -> bool {
        self.added.iter().any(|p| p.fits(lengths)) && !self.taken.iter().any(|p| p.fits(lengths))
    }
}

/// The 24 orders of four suits.
const ORDERS: [[usize; 4]; 24] = {
    let mut orders = [[0; 4]; 24];
    let mut n = 0;
    let mut i = 0;
    while i < 256 {
        let o = [i & 3, (i >> 2) & 3, (i >> 4) & 3, (i >> 6) & 3];
        if o[0] != o[1] && o[0] != o[2] && o[0] != o[3] && o[1] != o[2] && o[1] != o[3] && o[2] != o[3] {
            orders[n] = o;
            n += 1;
        }
        i += 1;
    }
    orders
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::lex::lex;

    fn shapes(text: &str) -> Shapes {
        let tokens = lex(text).unwrap();
        parse(&mut Parser::new(&tokens)).unwrap()
    }

    #[test]
    fn any_order_added_and_taken_away() {
        let list = shapes("any 4333 + any 5xxx - 5332");
        assert!(list.fits([3, 3, 4, 3]));
        assert!(list.fits([2, 5, 3, 3]));
        assert!(list.fits([5, 4, 3, 1]));
        assert!(!list.fits([5, 3, 3, 2]));
        assert!(!list.fits([4, 4, 3, 2]));
    }

    #[test]
    fn a_plain_pattern_keeps_its_suits() {
        let list = shapes("5xx4");
        assert!(list.fits([5, 2, 2, 4]));
        assert!(!list.fits([4, 2, 2, 5]));
        assert!(shapes("0xxx").fits([0, 5, 4, 4]));
    }

    #[test]
    fn a_shape_that_no_hand_has_is_refused() {
        for wrong in ["4432x", "5555", "433", "4y33"] {
            let tokens = lex(wrong).unwrap();
            assert!(parse(&mut Parser::new(&tokens)).is_err(), "{wrong}");
        }
    }
}
