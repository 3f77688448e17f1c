//! Where each value of a JSON text starts, so that a problem in a JSON
//! deal is told at its line and column in the file. The text is known to
//! be valid JSON (serde_json has read it): one pass, no checks.

use std::collections::HashMap;

use crate::model::Pos;

/// A container being read: an object and its current key, or an array and
/// its current index.
enum Frame {
    Object { key: String, want_key: bool },
    Array { index: usize },
}

/// The scan so far: the values placed, the containers open, and whether
/// a number or literal is being read.
#[derive(Default)]
struct Scan {
    found: HashMap<String, Pos>,
    stack: Vec<Frame>,
    in_value: bool,
}

impl Scan {
    fn value_at(&mut self, here: Pos) {
        self.found.insert(path(&self.stack), here);
    }

    /// A string: an object's key where one is wanted, else a value.
    fn string(&mut self, s: String, here: Pos) {
        match self.stack.last_mut() {
            Some(Frame::Object { key, want_key }) if *want_key => {
                *key = s;
                *want_key = false;
            }
            _ => self.value_at(here),
        }
    }

    fn open(&mut self, c: char, here: Pos) {
        self.value_at(here);
        self.stack.push(if c == '{' {
            Frame::Object {
                key: String::new(),
                want_key: true,
            }
        } else {
            Frame::Array { index: 0 }
        });
    }

    fn next_item(&mut self) {
        match self.stack.last_mut() {
            Some(Frame::Object { want_key, .. }) => *want_key = true,
            Some(Frame::Array { index }) => *index += 1,
            None => {}
        }
    }
}

/// Each value's place by its path from the root: keys and array indices
/// joined with dots (`0.cards.p1`, `2.throws.3`; the root itself is ``).
pub fn places(text: &str) -> HashMap<String, Pos> {
    let mut scan = Scan::default();
    let (mut line, mut col) = (1u32, 1u32);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let here = Pos::new(line, col);
        if c == '\n' {
            (line, col) = (line + 1, 1);
        } else {
            col += 1;
        }
        let literal = !matches!(c, '"' | '{' | '[' | '}' | ']' | ',' | ':') && !c.is_whitespace();
        match c {
            '"' => {
                let s = string(&mut chars, &mut col);
                scan.string(s, here);
            }
            '{' | '[' => scan.open(c, here),
            '}' | ']' => {
                scan.stack.pop();
            }
            ',' => scan.next_item(),
            // A number or a literal: its first character is its place.
            _ if literal && !scan.in_value => scan.value_at(here),
            _ => {}
        }
        scan.in_value = literal;
    }
    scan.found
}

/// Reads a string's characters after its opening quote, to the closing one.
fn string(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, col: &mut u32) -> String {
    let mut s = String::new();
    while let Some(c) = chars.next() {
        *col += 1;
        match c {
            '"' => break,
            '\\' => {
                chars.next();
                *col += 1;
            }
            c => s.push(c),
        }
    }
    s
}

fn path(stack: &[Frame]) -> String {
    let parts: Vec<String> = stack
        .iter()
        .map(|f| match f {
            Frame::Object { key, .. } => key.clone(),
            Frame::Array { index } => index.to_string(),
        })
        .collect();
    parts.join(".")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_placed_by_their_paths() {
        let text = "[\n {\"id\": 1,\n  \"cards\": {\"p1\": \"12\"},\n  \"throws\": [{\"cards\": \"2A1\"}, {\"cards\": \"x\"}]\n },\n {\"id\": -2}\n]";
        let p = places(text);
        assert_eq!(p["0.id"], Pos::new(2, 9));
        assert_eq!(p["0.cards.p1"], Pos::new(3, 19));
        assert_eq!(p["0.throws.1.cards"], Pos::new(4, 42));
        assert_eq!(p["1.id"], Pos::new(6, 9));
        assert_eq!(p["1"], Pos::new(6, 2));
    }
}
