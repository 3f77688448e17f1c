//! Tag names with a value each, in the order first given: what a file's
//! games have said so far. Files give a few names, found quickest by
//! comparing them in turn; a file may give thousands of names, which are
//! then found through an index, so that reading it stays linear in its
//! size.

use std::collections::HashMap;

/// How many names are compared in turn before they are indexed.
const FEW: usize = 64;

#[derive(Clone, Debug, Default)]
pub struct TagValues {
    pairs: Vec<(String, String)>,
    /// Where each name stands in `pairs`, once there are more than a few.
    index: Option<HashMap<String, usize>>,
}

impl PartialEq for TagValues {
    fn eq(&self, other: &TagValues) -> bool {
        self.pairs == other.pairs
    }
}

impl TagValues {
    /// Where a name stands, searched from `hint` on and then before it:
    /// games mostly give their tags in the same order.
    pub fn find_from(&self, name: &str, hint: usize) -> Option<usize> {
        if let Some(index) = &self.index {
            return index.get(name).copied();
        }
        let (earlier, onward) = self.pairs.split_at(hint.min(self.pairs.len()));
        position(onward, name)
            .map(|i| i + earlier.len())
            .or_else(|| position(earlier, name))
    }

    pub fn find(&self, name: &str) -> Option<usize> {
        self.find_from(name, 0)
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.find(name).map(|i| self.pairs[i].1.as_str())
    }

    /// The value at a place `find` gave, to change.
    pub fn value_mut(&mut self, at: usize) -> &mut String {
        &mut self.pairs[at].1
    }

    /// Adds a name not given before; where it stands.
    pub fn push(&mut self, name: &str, value: &str) -> usize {
        let at = self.pairs.len();
        self.pairs.push((name.to_string(), value.to_string()));
        if let Some(index) = &mut self.index {
            index.insert(name.to_string(), at);
        } else if self.pairs.len() > FEW {
            let names = self.pairs.iter().enumerate();
            self.index = Some(names.map(|(i, (n, _))| (n.clone(), i)).collect());
        }
        at
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

fn position(pairs: &[(String, String)], name: &str) -> Option<usize> {
    pairs.iter().position(|(n, _)| same(n, name))
}

/// String equality for the short names of tags, a byte at a time: a call
/// to the library's memcmp costs more than these take.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_before_and_after_they_are_indexed() {
        let mut values = TagValues::default();
        for n in 0..FEW * 2 {
            let at = values.push(&format!("Tag{n}"), &n.to_string());
            assert_eq!(values.find(&format!("Tag{n}")), Some(at));
            assert_eq!(values.find_from("Tag0", at), Some(0));
        }
        assert!(values.index.is_some());
        *values.value_mut(3) = "three".to_string();
        assert_eq!(values.get("Tag3"), Some("three"));
        assert_eq!(values.get("Tag1000"), None);
        assert_eq!(values.iter().count(), FEW * 2);
    }
}
