//! JSON written straight into a line's bytes, for `dump`: a record's keys
//! in the order README.md gives them, its cards, calls and seats copied
//! as letters, where building a value for serde to walk cost a String per
//! card and a map per record. What may need escaping (names, comments)
//! still goes through serde_json, which escapes it as it always has.

use serde::Serialize;

/// A JSON object being written, key after key.
pub struct Object<'a> {
    out: &'a mut Vec<u8>,
    empty: bool,
}

impl<'a> Object<'a> {
    pub fn new(out: &'a mut Vec<u8>) -> Object<'a> {
        out.push(b'{');
        Object { out, empty: true }
    }

    /// An object whose opening and first keys are in `out` already.
    pub fn continued(out: &'a mut Vec<u8>) -> Object<'a> {
        Object { out, empty: false }
    }

    /// Starts the value of `key`, handing back the bytes to write it into.
    /// Keys are kibitzer's own words or seat names: nothing to escape.
    pub fn key(&mut self, key: &str) -> &mut Vec<u8> {
        if !self.empty {
            self.out.push(b',');
        }
        self.empty = false;
        plain(self.out, key.as_bytes());
        self.out.push(b':');
        self.out
    }

    /// A key whose value serde_json writes: a number, a flag, text to
    /// escape, null, or what a game alone records.
    pub fn field(&mut self, key: &str, value: impl Serialize) {
        serialized(self.key(key), &value);
    }

    pub fn end(self) {
        self.out.push(b'}');
    }
}

/// A value as serde_json writes it.
fn serialized(out: &mut Vec<u8>, value: &impl Serialize) {
    // Into memory, of types serde_json always writes (a float that is no
    // number is null): nothing can fail.
    serde_json::to_writer(out, value).expect("JSON is written into memory");
}

/// Text that needs no escaping (letters and digits: a card, a call, a
/// seat, a key), quoted.
pub fn plain(out: &mut Vec<u8>, text: &[u8]) {
    out.push(b'"');
    out.extend_from_slice(text);
    out.push(b'"');
}

/// A list, each item written by `each`.
pub fn list<T>(out: &mut Vec<u8>, items: impl IntoIterator<Item = T>, mut each: impl FnMut(&mut Vec<u8>, T)) {
    out.push(b'[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        each(out, item);
    }
    out.push(b']');
}

/// A list of values serde_json writes.
pub fn values<T: Serialize>(out: &mut Vec<u8>, items: impl IntoIterator<Item = T>) {
    list(out, items, |out, item| serialized(out, &item));
}
