//! The common game found in one pass over its bytes: its end (the first
//! blank line), its lines, what it may hand on, whether a comment may be
//! open at its end and whether it holds a second `Event`, all from the
//! same 32-byte loads. Walking the game once for each of these (a line
//! search, a bracket search, a search for `Event`, one for braces) cost
//! more than finding the games did.
//!
//! Only games the exact scan would end at their first blank line without
//! lexing are taken here, with the same rules; any other game (a comment
//! that may be open, two `Event`s, the end of the file near) is left to
//! the exact scan, which then starts from the same place.

use super::scan::{carried_name, hands_on};

/// A game found in one pass: where its text ends (the blank line's start),
/// where the line after that blank line starts, how many lines it and
/// the blank line take, and what it may hand on.
#[derive(Debug, PartialEq, Eq)]
pub struct Quick {
    pub end: usize,
    pub after: usize,
    pub lines: u32,
    pub hands_on: u16,
}

/// The game whose first line starts at `start` (a line that is neither
/// blank nor `%`), when it is of the common kind; None leaves it to the
/// exact scan. Unmarked games may hand on anything.
pub fn game(bytes: &[u8], start: usize, marking: bool) -> Option<Quick> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the features it needs are present.
        return unsafe { wide::game(bytes, start, marking) };
    }
    let _ = (bytes, start, marking);
    None
}

/// What the pass saw of a game, up to where it ends.
#[derive(Default)]
struct Seen {
    lines: u32,
    events: u32,
    /// Whether the last brace seen is a `{`: a comment may be open.
    open: bool,
    /// The carried tags its tags name.
    carried: u16,
    /// A byte beyond ASCII, a vertical tab or `##`: what it hands on is
    /// left to the exact rules.
    odd: bool,
}

impl Seen {
    /// The game, once its end is known, if the exact scan would have ended
    /// it there without lexing and not cut it in two.
    fn finish(self, bytes: &[u8], start: usize, blank: (usize, usize), marking: bool) -> Option<Quick> {
        let (end, to) = blank;
        if self.events >= 2 || self.open {
            return None;
        }
        let hands_on = match (marking, self.odd) {
            (false, _) => u16::MAX,
            (true, true) => hands_on(&bytes[start..end]),
            (true, false) => self.carried,
        };
        Some(Quick {
            end,
            after: (to + 1).min(bytes.len()),
            lines: self.lines + 1,
            hands_on,
        })
    }

    /// The `[` at `open` starts a tag: the carried tag it names, as
    /// [`hands_on`] reads it in a game with no odd bytes.
    fn tag(&mut self, bytes: &[u8], open: usize) {
        let name = open + 1;
        // White space there may run on past the game's end: rare, and left
        // to the exact rules, as is a tag at the very end of the file.
        if bytes.len() < name + 8 || bytes[name].is_ascii_whitespace() {
            self.odd = true;
            return;
        }
        self.carried |= carried_name(bytes, name);
    }

    /// Counts `Event` where it starts at an `E`, as a search for it would.
    fn events(&mut self, bytes: &[u8], mut es: u32, at: usize) {
        while es != 0 {
            let i = at + es.trailing_zeros() as usize;
            es &= es - 1;
            if bytes[i..].starts_with(b"Event") {
                self.events += 1;
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod wide {
    use std::arch::x86_64::*;

    use super::{Quick, Seen};
    use crate::notation::source::is_blank;

    /// The blank line starting at `start`, if the line there is one: its
    /// start and end (before its line end).
    fn blank_at(bytes: &[u8], start: usize) -> Option<(usize, usize)> {
        if bytes[start] == b'\n' {
            return Some((start, start));
        }
        let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
        is_blank(&bytes[start..end]).then_some((start, end))
    }

    /// The bytes of a 32-byte load equal to `byte`, a bit each.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn bits(chunk: __m256i, byte: u8) -> u32 {
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(chunk, _mm256_set1_epi8(byte as i8))) as u32
    }

    /// Goes through the game 32 bytes at a time while 33 bytes are left;
    /// None when it reaches the end of the file first.
    #[target_feature(enable = "avx2,popcnt")]
    pub unsafe fn game(bytes: &[u8], start: usize, marking: bool) -> Option<Quick> {
        let space = _mm256_set1_epi8(b' ' as i8);
        let mut seen = Seen::default();
        let mut at = start;
        while at + 33 <= bytes.len() {
            let chunk = bytes[at..at + 33].as_ptr();
            // SAFETY: both loads are within the 33 bytes just sliced.
            let (here, next) = unsafe {
                (
                    _mm256_loadu_si256(chunk.cast()),
                    _mm256_loadu_si256(chunk.add(1).cast()),
                )
            };
            let ends = bits(here, b'\n');
            // A blank line may start only after a line end, with a byte
            // that is white space or beyond ASCII.
            let low = _mm256_cmpeq_epi8(_mm256_min_epu8(next, space), next);
            let may = (_mm256_movemask_epi8(low) | _mm256_movemask_epi8(next)) as u32;
            let mut after = ends & may;
            let mut blank = None;
            while after != 0 {
                let k = after.trailing_zeros();
                after &= after - 1;
                if let Some(found) = blank_at(bytes, at + k as usize + 1) {
                    blank = Some((found, u32::MAX >> (31 - k)));
                    break;
                }
            }
            // The bytes of this load that belong to the game.
            let inside = blank.map_or(u32::MAX, |(_, inside)| inside);
            seen.lines += (ends & inside).count_ones();
            let opens = bits(here, b'{') & inside;
            let closes = bits(here, b'}') & inside;
            // Of two masks with no bit in common, the larger holds the
            // later brace.
            if opens | closes != 0 {
                seen.open = opens > closes;
            }
            seen.events(bytes, bits(here, b'E') & inside, at);
            if marking {
                let odd = _mm256_movemask_epi8(here) as u32 | bits(here, 0x0B);
                let hashes = bits(here, b'#') & bits(next, b'#');
                seen.odd |= (odd | hashes) & inside != 0;
                let mut tags = bits(here, b'[') & inside;
                while tags != 0 && !seen.odd {
                    seen.tag(bytes, at + tags.trailing_zeros() as usize);
                    tags &= tags - 1;
                }
            }
            if let Some((found, _)) = blank {
                return seen.finish(bytes, start, found, marking);
            }
            at += 32;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::scan::Scan;
    use crate::notation::source::Span;

    /// Lines that put every rule of the exact scan to work: carried tags
    /// and others, `##` and `#`, white space after `[`, odd bytes, `Event`
    /// outside a tag, comments open across blank lines, games run on,
    /// blank lines of every kind, long lines that cross the 32-byte loads.
    const LINES: [&str; 29] = [
        "[Event \"a\"]",
        "[Eventful \"a\"][Deal_2 \"\"][Dealer]",
        "[Vulnerable]",
        "[VulnerableX \"x\"] [Scoring",
        "[Board \"3\"]",
        "[Dealer \"N\"]",
        "[Vulnerable \"##\"]",
        "[Site \"#\"]",
        "[Date ## 3]",
        "[ Scoring \"IMP\"]",
        "[Deal \"N:AKQ.J.T.9 - - -\"]",
        "[West \"Ann\"] [North \"Bob\"] [East \"Cy\"] [South \"Di\"] [Deal \"E:\"]",
        "[\u{a0}Event \"odd\"]",
        "[Annotator \"Zoë\"]",
        "[Note \"\u{b}\"]",
        "EventEvent",
        "",
        "  ",
        "\r",
        "\u{a0}",
        "\u{b}",
        "% a remark",
        "{ a comment",
        "that goes on }",
        "{ one } { two",
        "}",
        "1S 2H [Event \"b\"]",
        "S AKQ.J.T.9 and a line long enough to run over more than one load [",
        "[",
    ];

    fn archive() -> impl Strategy<Value = String> {
        prop::collection::vec(0..LINES.len(), 0..150).prop_map(|picks| {
            let lines: Vec<&str> = picks.iter().map(|&i| LINES[i]).collect();
            lines.join("\n")
        })
    }

    proptest! {
        #[test]
        fn the_one_pass_finds_what_the_exact_rules_find(text in archive(), marking: bool) {
            let bytes = text.as_bytes();
            let scan = |quick: bool| {
                let scan = if marking { Scan::marking(bytes) } else { Scan::new(bytes) };
                let scan = if quick { scan } else { scan.exact() };
                scan.collect::<Vec<Span>>()
            };
            prop_assert_eq!(scan(true), scan(false));
        }
    }

    #[test]
    fn common_games_are_taken_in_one_pass() {
        let game = "[Event \"a\"]\n[Board \"1\"]\n[West \"Ann\"]\n{ a } [Deal \"N:\"]\n";
        let text = format!("{game}\n{game}\n{game}");
        let found = super::game(text.as_bytes(), 0, true);
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let want = super::Quick {
            end: game.len(),
            after: game.len() + 1,
            lines: 5,
            hands_on: 1 | 1 << 3 | 1 << 6,
        };
        assert_eq!(found, Some(want));
        let text = format!("{{ left open\n[Event \"a\"]\n[Board \"1\"]\n\n}}\n{game}");
        assert_eq!(super::game(text.as_bytes(), 0, true), None);
    }
}
