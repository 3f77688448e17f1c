//! Tag-pair lexing shared by the PGN-like notations (PBN now, PPN next):
//! games separated by semi-empty lines, `[Name "value"]` tags that may
//! span lines, `{...}` and `;` comments, `%` escape lines, and the words of
//! the sections between tags.

use crate::model::{Pos, Problem};
use crate::notation::source::Line;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Tag {
        name: String,
        value: String,
        pos: Pos,
    },
    /// A run of printing characters outside tags and comments.
    Word {
        text: String,
        pos: Pos,
    },
    Comment {
        text: String,
        pos: Pos,
    },
}

impl Token {
    pub fn pos(&self) -> Pos {
        match self {
            Token::Tag { pos, .. } | Token::Word { pos, .. } | Token::Comment { pos, .. } => *pos,
        }
    }
}

/// The tokens of one game and what could not be read.
#[derive(Debug, Default)]
pub struct Lexed {
    pub line: u32,
    /// The file's `%` lines met before or inside this game, with where
    /// they stand.
    pub headers: Vec<(String, Pos)>,
    pub tokens: Vec<Token>,
    pub problems: Vec<Problem>,
}

/// Text being gathered that may run over lines: a tag or a brace comment.
enum Open {
    Tag {
        raw: String,
        pos: Pos,
        in_quotes: bool,
        escaped: bool,
    },
    Comment {
        text: String,
        pos: Pos,
    },
}

/// Cuts lines into games of tokens, as they are read.
pub struct Games<'a, I: Iterator<Item = Line<'a>>> {
    lines: I,
}

impl<'a, I: Iterator<Item = Line<'a>>> Games<'a, I> {
    pub fn new(lines: I) -> Self {
        Games { lines }
    }
}

impl<'a, I: Iterator<Item = Line<'a>>> Iterator for Games<'a, I> {
    type Item = Lexed;

    fn next(&mut self) -> Option<Lexed> {
        let mut lexing = Lexing::default();
        for line in self.lines.by_ref() {
            if line.text.trim().is_empty() && !lexing.in_comment() {
                // A tag never holds a blank line: close it here rather than
                // let it swallow the games that follow.
                if let Some(Open::Tag { pos, .. }) = lexing.open.take() {
                    lexing
                        .game
                        .problems
                        .push(Problem::new(pos, "tag is not closed by `]`"));
                }
                if lexing.is_empty() {
                    continue;
                }
                return Some(lexing.game);
            }
            lexing.line(&line);
        }
        let game = lexing.finish();
        (!game.tokens.is_empty() || !game.problems.is_empty()).then_some(game)
    }
}

/// One game being lexed a line at a time.
#[derive(Default)]
pub struct Lexing {
    open: Option<Open>,
    pub game: Lexed,
}

impl Lexing {
    /// Lexes the next line of the game; `%` lines outside tags and comments
    /// describe the file and are passed over.
    pub fn line(&mut self, line: &Line<'_>) {
        if self.open.is_none() && line.text.starts_with('%') {
            let pos = Pos::new(line.number, 1);
            self.game.headers.push((line.text.to_string(), pos));
            return;
        }
        if self.game.line == 0 {
            self.game.line = line.number;
        }
        lex_line(line, &mut self.open, &mut self.game);
    }

    /// Inside a brace comment, which may hold blank lines.
    pub fn in_comment(&self) -> bool {
        matches!(self.open, Some(Open::Comment { .. }))
    }

    fn is_empty(&self) -> bool {
        self.game.tokens.is_empty() && self.game.problems.is_empty()
    }

    /// The game, with a tag or comment still open reported.
    pub fn finish(mut self) -> Lexed {
        if let Some(open) = self.open.take() {
            let (pos, what) = match open {
                Open::Tag { pos, .. } => (pos, "tag is not closed by `]`"),
                Open::Comment { pos, .. } => (pos, "comment is not closed by `}`"),
            };
            self.game.problems.push(Problem::new(pos, what));
        }
        self.game
    }
}

fn lex_line(line: &Line<'_>, open: &mut Option<Open>, game: &mut Lexed) {
    if let Some(Open::Comment { text, pos }) = open.as_mut()
        && is_tag_line(&line.text)
    {
        // A brace left open would swallow the rest of the game: a line
        // that is a whole tag ends the comment, as its author meant.
        game.problems.push(Problem::new(
            *pos,
            format!(
                "comment is not closed by `}}` before the tag on line {}",
                line.number
            ),
        ));
        let text = std::mem::take(text).trim_end().to_string();
        game.tokens.push(Token::Comment { text, pos: *pos });
        *open = None;
    }
    if let Some(Open::Comment { text: c, .. } | Open::Tag { raw: c, .. }) = open.as_mut() {
        c.push('\n');
    }
    let text: &str = &line.text;
    let mut columns = Columns::default();
    let mut at = 0;
    while at < text.len() {
        at = if open.is_some() {
            go_on_inside(text, at, open, game)
        } else {
            match lex_outside(line, at, &mut columns, open, game) {
                Some(next) => next,
                None => return,
            }
        };
    }
}

/// Columns of a line's tokens, each counted on from the one before: a
/// file written on one line would otherwise have every token's column
/// counted from the line's start, in time growing with the square of its
/// length.
#[derive(Default)]
struct Columns {
    /// The last byte offset asked for and the characters before it.
    at: usize,
    chars: u32,
}

impl Columns {
    fn pos(&mut self, line: &Line<'_>, at: usize) -> Pos {
        let text = line.text.as_ref();
        let counted = text.get(self.at..at).map_or(at - self.at, |s| s.chars().count());
        (self.at, self.chars) = (at, self.chars + counted as u32);
        Pos::new(line.number, line.col0 + self.chars + 1)
    }
}

/// Whether a line is one whole tag, `[Name "value"]`, and nothing else.
fn is_tag_line(text: &str) -> bool {
    let Some(inner) = text.trim().strip_prefix('[').and_then(|t| t.strip_suffix(']')) else {
        return false;
    };
    let name_end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let value = inner[name_end..].trim_start();
    name_end > 0
        && inner.starts_with(|c: char| c.is_ascii_alphabetic())
        && value.len() >= 2
        && value.starts_with('"')
        && value.ends_with('"')
}

/// What follows an open tag or comment on a line, from byte `at`: up to
/// what closes it, or all of the rest. Gives where lexing goes on.
fn go_on_inside(text: &str, at: usize, open: &mut Option<Open>, game: &mut Lexed) -> usize {
    let rest = &text[at..];
    match open {
        Some(Open::Comment { text: gathered, pos }) => {
            let Some(close) = memchr::memchr(b'}', rest.as_bytes()) else {
                gathered.push_str(rest);
                return text.len();
            };
            gathered.push_str(&rest[..close]);
            let text = std::mem::take(gathered);
            game.tokens.push(Token::Comment { text, pos: *pos });
            *open = None;
            at + close + 1
        }
        Some(Open::Tag {
            raw,
            pos,
            in_quotes,
            escaped,
        }) => {
            let Some(close) = tag_end(rest, in_quotes, escaped) else {
                raw.push_str(rest);
                return text.len();
            };
            raw.push_str(&rest[..close]);
            game.tokens.push(tag(raw, *pos, &mut game.problems));
            *open = None;
            at + close + 1
        }
        None => at,
    }
}

/// Where the `]` that closes a tag stands in `text`, the tag's quotes and
/// escapes followed from the state they were left in (which is left as
/// they stand at the end of `text` when nothing closes it). The bytes
/// looked at are ASCII, which no byte of a longer UTF-8 character is.
fn tag_end(text: &str, in_quotes: &mut bool, escaped: &mut bool) -> Option<usize> {
    for (i, &b) in text.as_bytes().iter().enumerate() {
        if b == b']' && !*in_quotes {
            return Some(i);
        }
        *in_quotes ^= b == b'"' && !*escaped;
        *escaped = b == b'\\' && !*escaped;
    }
    None
}

/// The character at byte `at`, outside tags and comments: it opens one,
/// or starts a word, or a `;` comment that takes the rest of the line
/// (None then: the line is done). Gives where lexing goes on.
fn lex_outside(
    line: &Line<'_>,
    at: usize,
    columns: &mut Columns,
    open: &mut Option<Open>,
    game: &mut Lexed,
) -> Option<usize> {
    let text: &str = &line.text;
    let c = text[at..].chars().next()?;
    if c.is_whitespace() {
        return Some(at + c.len_utf8());
    }
    let here = columns.pos(line, at);
    let end = match c {
        '[' => return Some(open_tag(text, at, here, open, game)),
        '{' => {
            *open = Some(Open::Comment {
                text: String::new(),
                pos: here,
            });
            return Some(at + 1);
        }
        ';' => {
            let rest = text[at + 1..].to_string();
            game.tokens.push(Token::Comment {
                text: rest,
                pos: here,
            });
            return None;
        }
        '"' => quoted_end(text, at),
        _ => word_end(text, at),
    };
    game.tokens.push(Token::Word {
        text: text[at..end].to_string(),
        pos: here,
    });
    Some(end)
}

/// A tag opened at byte `at`: read at once where it closes on its line,
/// as nearly every tag does, else left open with the rest of the line.
fn open_tag(text: &str, at: usize, pos: Pos, open: &mut Option<Open>, game: &mut Lexed) -> usize {
    let rest = &text[at + 1..];
    let (mut in_quotes, mut escaped) = (false, false);
    match tag_end(rest, &mut in_quotes, &mut escaped) {
        Some(close) => {
            game.tokens.push(tag(&rest[..close], pos, &mut game.problems));
            at + 1 + close + 1
        }
        None => {
            *open = Some(Open::Tag {
                raw: rest.to_string(),
                pos,
                in_quotes,
                escaped,
            });
            text.len()
        }
    }
}

/// A quoted string among section words (a table cell) is one word,
/// whatever it holds: spaces, `;`, braces.
fn quoted_end(text: &str, at: usize) -> usize {
    text[at + 1..].find('"').map_or(text.len(), |i| at + 2 + i)
}

/// A word runs to white space or to what opens a tag or comment.
fn word_end(text: &str, at: usize) -> usize {
    text[at..]
        .char_indices()
        .find(|&(_, n)| n.is_whitespace() || matches!(n, '[' | '{' | ';'))
        .map_or(text.len(), |(i, _)| at + i)
}

/// A tag from the text between its brackets: a name, then a quoted value
/// with `\"` and `\\` escapes, or (as some programs write) a bare value.
fn tag(raw: &str, pos: Pos, problems: &mut Vec<Problem>) -> Token {
    let raw = raw.trim();
    let name_end = raw
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(raw.len());
    let (name, rest) = raw.split_at(name_end);
    let rest = rest.trim();
    if name.is_empty() {
        problems.push(Problem::new(
            pos,
            "a tag must start with its name, like [Board \"1\"]",
        ));
    }
    let value = match rest.strip_prefix('"') {
        Some(quoted) => {
            let (value, after) = unquoted(quoted);
            match after {
                None => problems.push(Problem::new(
                    pos,
                    format!("the value of tag {name} has no closing quote"),
                )),
                Some(after) if !after.trim().is_empty() => {
                    problems.push(Problem::new(pos, format!("tag {name} has text after its value")))
                }
                Some(_) => {}
            }
            value
        }
        None => rest.to_string(),
    };
    Token::Tag {
        name: name.to_string(),
        value,
        pos,
    }
}

/// A quoted value, its opening quote taken off, with the text after its
/// closing quote (None: it has none).
fn unquoted(quoted: &str) -> (String, Option<&str>) {
    // Most values hold no escape and are taken whole.
    if let Some(close) = quoted.find(['"', '\\']).filter(|&i| quoted.as_bytes()[i] == b'"') {
        return (quoted[..close].to_string(), Some(&quoted[close + 1..]));
    }
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            // Only `\"` and `\\` are escapes; `\S` and the like are suit
            // symbols for the reader, kept as written.
            '\\' => match chars.clone().next() {
                Some(next @ ('"' | '\\')) => {
                    value.push(next);
                    chars.next();
                }
                _ => value.push('\\'),
            },
            '"' => return (value, Some(chars.as_str())),
            c => value.push(c),
        }
    }
    (value, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::source::lines;

    fn games(text: &str) -> Vec<Lexed> {
        Games::new(lines(text.as_bytes())).collect()
    }

    fn tag_values(game: &Lexed) -> Vec<(String, String)> {
        game.tokens
            .iter()
            .filter_map(|t| match t {
                Token::Tag { name, value, .. } => Some((name.clone(), value.clone())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn tags_may_share_lines_span_lines_and_hold_brackets() {
        let g = games("[Event \"A \\\"big\\\" ]one\"] [Site\n \"x\"]\n[Event Random Deal #]\n");
        assert_eq!(
            tag_values(&g[0]),
            [
                ("Event".into(), "A \"big\" ]one".into()),
                ("Site".into(), "x".into()),
                ("Event".into(), "Random Deal #".into())
            ]
        );
    }

    #[test]
    fn semi_empty_lines_split_games_except_in_comments() {
        let g = games("% PBN 2.1\n[Board \"1\"]\n{a\n\nb}\n \t\n[Board \"2\"]\n1S ! =1= ; rest\n");
        assert_eq!(g.len(), 2);
        assert!(matches!(&g[0].tokens[1], Token::Comment { text, .. } if text == "a\n\nb"));
        let words: Vec<_> = g[1]
            .tokens
            .iter()
            .filter(|t| matches!(t, Token::Word { .. }))
            .collect();
        assert_eq!(words.len(), 3);
        assert!(matches!(g[1].tokens.last(), Some(Token::Comment { text, .. }) if text == " rest"));
    }

    #[test]
    fn an_unclosed_comment_ends_at_a_tag_line_and_the_tags_are_read() {
        let g = games("[Board \"1\"]\n{never closed\n  more text\n[North \"Nora\"]\n[Result \"9\"]\n");
        assert_eq!(g.len(), 1);
        let names: Vec<String> = tag_values(&g[0]).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["Board", "North", "Result"]);
        assert!(
            matches!(&g[0].tokens[1], Token::Comment { text, .. } if text == "never closed\n  more text")
        );
        let problem = &g[0].problems[0];
        assert_eq!((problem.pos.line, problem.pos.col), (2, 1));
        assert!(problem.message.contains("line 4"), "{}", problem.message);
    }

    #[test]
    fn a_comment_may_still_hold_brackets_that_are_no_tag() {
        let g = games("{see [1] and\n[a note]\n}[Board \"1\"]\n");
        assert!(g[0].problems.is_empty());
        assert!(matches!(&g[0].tokens[0], Token::Comment { text, .. } if text.contains("[a note]")));
    }

    #[test]
    fn an_unclosed_tag_is_reported() {
        let g = games("[Board \"1\"\n\n[Board \"2\"]\n");
        assert_eq!(g[0].problems[0].message, "tag is not closed by `]`");
        assert_eq!(g.len(), 2, "the next game still reads");
    }
}
