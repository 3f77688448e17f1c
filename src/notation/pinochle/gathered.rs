//! One hand's tokens gathered: its tags (a segmental tag with the stretch
//! of the hand it holds for), the words of its sections and its comments.

use crate::model::{Pos, Problem, Segment, SegmentPoint};
use crate::notation::tags::Token;

/// A tag with the segment it is limited to, if any.
pub(crate) struct Tag {
    pub(crate) name: String,
    pub(crate) value: String,
    pub(crate) pos: Pos,
    pub(crate) span: Option<(Option<SegmentPoint>, Option<SegmentPoint>)>,
}

/// `D`, `A.3`, `P.19.3`.
pub fn point(text: &str) -> Option<SegmentPoint> {
    let mut parts = text.split('.');
    let segment = parts.next()?.chars().next().and_then(Segment::from_letter)?;
    let mut number = || parts.next().map(|n| n.parse::<u32>().ok());
    let (n, m) = (number(), number());
    if n == Some(None) || m == Some(None) {
        return None;
    }
    Some(SegmentPoint {
        segment,
        n: n.flatten(),
        m: m.flatten(),
    })
}

/// `@P.19.3-R=` as a start and an end.
fn prefix(word: &str) -> Option<(Option<SegmentPoint>, Option<SegmentPoint>)> {
    let body = word.strip_prefix('@')?.strip_suffix('=')?;
    let (start, end) = body.split_once('-').unwrap_or((body, ""));
    let end = if end.is_empty() { None } else { Some(point(end)?) };
    Some((Some(point(start)?), end))
}

/// What the walk over one hand's tokens gathers.
#[derive(Default)]
pub(crate) struct Gathered {
    pub(crate) tags: Vec<Tag>,
    pub(crate) auction: Vec<(String, Pos)>,
    pub(crate) play: Vec<(String, Pos)>,
    pub(crate) comments: Vec<(String, Pos)>,
}

impl Gathered {
    pub(crate) fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name && t.span.is_none())
            .map(|t| t.value.as_str())
    }

    pub(crate) fn pos(&self, name: &str) -> Pos {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map_or(Pos::default(), |t| t.pos)
    }
}

pub(crate) fn gather(tokens: Vec<Token>, problems: &mut Vec<Problem>) -> Gathered {
    let mut g = Gathered::default();
    let mut section = "";
    let mut span = None;
    for token in tokens {
        match token {
            Token::Word { text, pos } if text.starts_with('@') => match prefix(&text) {
                Some(s) => span = Some(s),
                None => problems.push(Problem::new(
                    pos,
                    format!("`{text}` is not a segmental prefix like @P.19.3-R="),
                )),
            },
            Token::Tag { name, value, pos } => {
                section = match name.as_ref() {
                    "Auction" | "Play" => {
                        if name == "Auction" {
                            "A"
                        } else {
                            "P"
                        }
                    }
                    _ => "",
                };
                g.tags.push(Tag {
                    name: name.into_owned(),
                    value: value.into_owned(),
                    pos,
                    span: span.take(),
                });
            }
            Token::Word { text, pos } => match section {
                "A" => g.auction.push((text.into_owned(), pos)),
                "P" => g.play.push((text.into_owned(), pos)),
                _ => problems.push(Problem::new(
                    pos,
                    format!("`{text}` stands outside any tag or section"),
                )),
            },
            Token::Comment { text, pos } => g.comments.push((text.into_owned(), pos)),
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segmental_prefixes_read_start_and_end() {
        let (start, end) = prefix("@P.19.3-R=").unwrap();
        assert_eq!(start.unwrap().to_string(), "P.19.3");
        assert_eq!(end.unwrap().to_string(), "R");
        assert_eq!(prefix("@M-="), Some((point("M"), None)));
        assert!(prefix("@Z.1-R=").is_none());
    }
}
