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

/// Each value's place by its path from the root: keys and array indices
/// joined with dots (`0.cards.p1`, `2.throws.3`; the root itself is ``).
pub fn places(text: &str) -> HashMap<String, Pos> {
    let mut found = HashMap::new();
    let mut stack: Vec<Frame> = Vec::new();
    let (mut line, mut col) = (1u32, 1u32);
    let mut chars = text.chars().peekable();
    let mut in_value = false;
    while let Some(c) = chars.next() {
        let here = Pos::new(line, col);
        if c == '\n' {
            (line, col) = (line + 1, 1);
        } else {
            col += 1;
        }
        match c {
            '"' => {
                let s = string(&mut chars, &mut col);
                match stack.last_mut() {
                    Some(Frame::Object { key, want_key }) if *want_key => {
                        *key = s;
                        *want_key = false;
                    }
                    _ => {
                        found.insert(path(&stack), here);
                    }
                }
                in_value = false;
            }
            '{' | '[' => {
                found.insert(path(&stack), here);
                stack.push(if c == '{' {
                    Frame::Object {
                        key: String::new(),
                        want_key: true,
                    }
                } else {
                    Frame::Array { index: 0 }
                });
                in_value = false;
            }
            '}' | ']' => {
                stack.pop();
                in_value = false;
            }
            ',' => {
                match stack.last_mut() {
                    Some(Frame::Object { want_key, .. }) => *want_key = true,
                    Some(Frame::Array { index }) => *index += 1,
                    None => {}
                }
                in_value = false;
            }
            ':' => in_value = false,
            c if c.is_whitespace() => in_value = false,
            _ => {
                // A number or a literal: its first character is its place.
                if !in_value {
                    found.insert(path(&stack), here);
                }
                in_value = true;
            }
        }
    }
    found
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
