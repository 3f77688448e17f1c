//! Tag-pair lexing shared by the PGN-like notations (PBN now, PPN next):
//! games separated by semi-empty lines, `[Name "value"]` tags that may
//! span lines, `{...}` and `;` comments, `%` escape lines, and the words of
//! the sections between tags.

use std::borrow::Cow;
use std::ops::Range;

use crate::model::{Pos, Problem};
use crate::notation::source::{Line, first_of, is_ascii_space};

/// A token's text is borrowed from the file where it stands there as
/// written (nearly always), and made only where it is not: a value with
/// escapes, text over several lines, a line that was not UTF-8.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    Tag {
        name: Cow<'a, str>,
        value: Cow<'a, str>,
        pos: Pos,
    },
    /// A run of printing characters outside tags and comments.
    Word {
        text: Cow<'a, str>,
        pos: Pos,
    },
    Comment {
        text: Cow<'a, str>,
        pos: Pos,
    },
}

impl Token<'_> {
    pub fn pos(&self) -> Pos {
        match self {
            Token::Tag { pos, .. } | Token::Word { pos, .. } | Token::Comment { pos, .. } => *pos,
        }
    }
}

/// What the lexer hands each token to as it comes: a list of them, for a
/// reader that walks a game's tokens, or a reader's own builder, which
/// makes what it reads of them with no list in between. A token comes as
/// a call of its own kind, its parts as they are: no token is made that
/// the reader takes apart again.
pub trait Tokens<'a>: Default {
    /// A tag, which says how many lines of the section it opens the
    /// reader wants lexed (None: all of them). A line passed over holds
    /// only words: any sign that could open a tag, comment or string is
    /// lexed as ever.
    fn tag(&mut self, name: Cow<'a, str>, value: Cow<'a, str>, pos: Pos) -> Option<usize>;
    fn word(&mut self, text: Cow<'a, str>, pos: Pos);
    fn comment(&mut self, text: Cow<'a, str>, pos: Pos);
}

impl<'a> Tokens<'a> for Vec<Token<'a>> {
    fn tag(&mut self, name: Cow<'a, str>, value: Cow<'a, str>, pos: Pos) -> Option<usize> {
        self.push(Token::Tag { name, value, pos });
        None
    }

    fn word(&mut self, text: Cow<'a, str>, pos: Pos) {
        self.push(Token::Word { text, pos });
    }

    fn comment(&mut self, text: Cow<'a, str>, pos: Pos) {
        self.push(Token::Comment { text, pos });
    }
}

/// The tokens of one game and what could not be read.
#[derive(Debug, Default)]
pub struct Lexed<'a, T = Vec<Token<'a>>> {
    pub line: u32,
    /// The file's `%` lines met before or inside this game, with where
    /// they stand.
    pub headers: Vec<(String, Pos)>,
    pub tokens: T,
    pub problems: Vec<Problem>,
    /// Where the first token stands.
    pub first: Option<Pos>,
    /// Set by each tag: how many lines of the section it opens the reader
    /// wants lexed (None: all of them).
    opened: Option<Option<usize>>,
    phantom: std::marker::PhantomData<&'a ()>,
}

impl<'a, T: Tokens<'a>> Lexed<'a, T> {
    /// Hands a token on. Inlined, so that each place that makes a token
    /// of one kind calls the reader's rule for that kind alone.
    #[inline(always)]
    fn push(&mut self, token: Token<'a>) {
        self.first.get_or_insert(token.pos());
        match token {
            Token::Tag { name, value, pos } => self.opened = Some(self.tokens.tag(name, value, pos)),
            Token::Word { text, pos } => self.tokens.word(text, pos),
            Token::Comment { text, pos } => self.tokens.comment(text, pos),
        }
    }
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
    type Item = Lexed<'a>;

    fn next(&mut self) -> Option<Lexed<'a>> {
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

/// One game being lexed a line at a time, its tokens handed to `T`.
#[derive(Default)]
pub struct Lexing<'a, T = Vec<Token<'a>>> {
    open: Option<Open>,
    pub game: Lexed<'a, T>,
    /// How many more lines of the section the last tag opened to lex, in
    /// a section passed over.
    left: Option<usize>,
}

impl<'a, T: Tokens<'a>> Lexing<'a, T> {
    /// A lexer handing its tokens to `tokens`.
    pub fn with_tokens(tokens: T) -> Lexing<'a, T> {
        Lexing {
            open: None,
            game: Lexed {
                tokens,
                ..Lexed::default()
            },
            left: None,
        }
    }

    /// Whether the line is one of a section's that the reader passes over.
    fn passed_over(&mut self, line: &Line<'a>) -> bool {
        let Some(left) = self.left.as_mut().filter(|_| self.open.is_none()) else {
            return false;
        };
        let plain = !line
            .text
            .bytes()
            .any(|b| matches!(b, b'[' | b'{' | b';' | b'%' | b'"'));
        if plain && *left == 0 {
            return true;
        }
        *left = left.saturating_sub(usize::from(plain));
        false
    }

    /// Lexes the next line of the game; `%` lines outside tags and comments
    /// describe the file and are passed over.
    pub fn line(&mut self, line: &Line<'a>) {
        if self.passed_over(line) {
            return;
        }
        if self.open.is_none() && line.text.starts_with('%') {
            let pos = Pos::new(line.number, 1);
            self.game.headers.push((line.text.to_string(), pos));
            return;
        }
        if self.game.line == 0 {
            self.game.line = line.number;
        }
        lex_line(line, &mut self.open, &mut self.game);
        // The last tag on the line says which section its lines are.
        if let Some(kept) = self.game.opened.take() {
            self.left = kept;
        }
    }

    /// Inside a brace comment, which may hold blank lines.
    pub fn in_comment(&self) -> bool {
        matches!(self.open, Some(Open::Comment { .. }))
    }

    fn is_empty(&self) -> bool {
        self.game.first.is_none() && self.game.problems.is_empty()
    }

    /// The game, with a tag or comment still open reported.
    pub fn finish(mut self) -> Lexed<'a, T> {
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

fn lex_line<'a, T: Tokens<'a>>(line: &Line<'a>, open: &mut Option<Open>, game: &mut Lexed<'a, T>) {
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
        game.push(Token::Comment {
            text: Cow::Owned(text),
            pos: *pos,
        });
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
    #[inline(always)]
    fn pos(&mut self, line: &Line<'_>, at: usize) -> Pos {
        if line.is_ascii() {
            return Pos::new(line.number, line.column(at));
        }
        let text = line.text.as_ref();
        let counted = text.get(self.at..at).map_or(at - self.at, |s| s.chars().count());
        (self.at, self.chars) = (at, self.chars + counted as u32);
        Pos::new(line.number, line.col0 + self.chars + 1)
    }
}

/// Where a brace comment whose text starts `text` (just after its `{`)
/// closes: at the first `}`, for a comment holds nothing else that could
/// close it. The lexer, the vetter and the scan all ask this.
pub fn comment_close(text: &[u8]) -> Option<usize> {
    memchr::memchr(b'}', text)
}

/// Whether a byte opens a tag or a comment, which ends a section word as
/// white space does.
pub const fn opens_token(b: u8) -> bool {
    matches!(b, b'[' | b'{' | b';')
}

/// The bytes of a tag name.
pub static NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// A tag as nearly every program writes it, `[Name "value"]` from the
/// `[` at `start`: a name, spaces or tabs, a quoted value with no escape
/// in it (a backslash before anything but `"` or another backslash is no
/// escape: `\S` is a suit symbol), spaces or tabs, `]`. The name's and the
/// value's bytes, and where the text after `]` starts; None for any other
/// tag, which the general rules read.
#[inline(always)]
pub fn plain_tag(text: &str, start: usize) -> Option<(Range<usize>, Range<usize>, usize)> {
    let bytes = text.as_bytes();
    let mut at = start + 1;
    while at < bytes.len() && NAME[bytes[at] as usize] {
        at += 1;
    }
    let name = start + 1..at;
    while at < bytes.len() && matches!(bytes[at], b' ' | b'\t') {
        at += 1;
    }
    if name.is_empty() || bytes.get(at) != Some(&b'"') {
        return None;
    }
    let open = at + 1;
    let mut close = first_of(bytes, open, [b'"', b'\\', b'\n'])?;
    while bytes[close] == b'\\' && !matches!(bytes.get(close + 1), Some(b'"' | b'\\')) {
        close = first_of(bytes, close + 1, [b'"', b'\\', b'\n'])?;
    }
    if bytes[close] != b'"' {
        return None;
    }
    let mut at = close + 1;
    while at < bytes.len() && matches!(bytes[at], b' ' | b'\t') {
        at += 1;
    }
    (bytes.get(at) == Some(&b']')).then_some((name, open..close, at + 1))
}

/// Whether a line is one whole tag as nearly every program writes it (see
/// [`plain_tag`]) and nothing else: the line that ends a comment left open.
fn is_tag_line(text: &str) -> bool {
    let line = text.trim();
    line.starts_with('[') && plain_tag(line, 0).is_some_and(|(.., after)| after == line.len())
}

/// What follows an open tag or comment on a line, from byte `at`: up to
/// what closes it, or all of the rest. Gives where lexing goes on.
fn go_on_inside<'a, T: Tokens<'a>>(
    text: &str,
    at: usize,
    open: &mut Option<Open>,
    game: &mut Lexed<'a, T>,
) -> usize {
    let rest = &text[at..];
    match open {
        Some(Open::Comment { text: gathered, pos }) => {
            let Some(close) = comment_close(rest.as_bytes()) else {
                gathered.push_str(rest);
                return text.len();
            };
            gathered.push_str(&rest[..close]);
            let text = Cow::Owned(std::mem::take(gathered));
            game.push(Token::Comment { text, pos: *pos });
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
            let raw = std::mem::take(raw);
            let token = owned(tag(&raw, *pos, &mut game.problems));
            game.push(token);
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
fn lex_outside<'a, T: Tokens<'a>>(
    line: &Line<'a>,
    at: usize,
    columns: &mut Columns,
    open: &mut Option<Open>,
    game: &mut Lexed<'a, T>,
) -> Option<usize> {
    let text: &str = &line.text;
    let bytes = text.as_bytes();
    let &b = bytes.get(at)?;
    if is_ascii_space(b) {
        let run = bytes[at..].iter().position(|&b| !is_ascii_space(b));
        return Some(run.map_or(text.len(), |n| at + n));
    }
    // Only a character beyond ASCII may be white space of another kind.
    if !b.is_ascii() {
        let c = text[at..].chars().next()?;
        if c.is_whitespace() {
            return Some(at + c.len_utf8());
        }
    }
    let here = columns.pos(line, at);
    let end = match b {
        b'[' => return Some(open_tag(line, at, here, open, game)),
        b'{' => {
            *open = Some(Open::Comment {
                text: String::new(),
                pos: here,
            });
            return Some(at + 1);
        }
        b';' => {
            game.push(Token::Comment {
                text: cut(line, at + 1, text.len()),
                pos: here,
            });
            return None;
        }
        b'"' => quoted_end(text, at),
        _ => word_end(text, at),
    };
    game.push(Token::Word {
        text: cut(line, at, end),
        pos: here,
    });
    Some(end)
}

/// The text of a line from byte `start` to `end`, borrowed from the file
/// where the line is.
#[inline(always)]
fn cut<'a>(line: &Line<'a>, start: usize, end: usize) -> Cow<'a, str> {
    match &line.text {
        Cow::Borrowed(text) => Cow::Borrowed(&text[start..end]),
        Cow::Owned(text) => Cow::Owned(text[start..end].to_string()),
    }
}

/// A token that no longer borrows: one made from text gathered over lines.
fn owned(token: Token<'_>) -> Token<'static> {
    let own = |c: Cow<'_, str>| Cow::Owned(c.into_owned());
    match token {
        Token::Tag { name, value, pos } => Token::Tag {
            name: own(name),
            value: own(value),
            pos,
        },
        Token::Word { text, pos } => Token::Word { text: own(text), pos },
        Token::Comment { text, pos } => Token::Comment { text: own(text), pos },
    }
}

/// A tag opened at byte `at`: read at once where it closes on its line,
/// as nearly every tag does, else left open with the rest of the line.
fn open_tag<'a, T: Tokens<'a>>(
    line: &Line<'a>,
    at: usize,
    pos: Pos,
    open: &mut Option<Open>,
    game: &mut Lexed<'a, T>,
) -> usize {
    let text: &str = &line.text;
    if let Some((name, value, after)) = plain_tag(text, at) {
        let (name, value) = (cut(line, name.start, name.end), cut(line, value.start, value.end));
        game.push(Token::Tag { name, value, pos });
        return after;
    }
    let rest = &text[at + 1..];
    let (mut in_quotes, mut escaped) = (false, false);
    match tag_end(rest, &mut in_quotes, &mut escaped) {
        Some(close) => {
            let token = match &line.text {
                Cow::Borrowed(text) => tag(&text[at + 1..at + 1 + close], pos, &mut game.problems),
                Cow::Owned(_) => owned(tag(&rest[..close], pos, &mut game.problems)),
            };
            game.push(token);
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

/// The bytes a word's byte-by-byte walk stops at: those that end it
/// (white space, what opens a tag or comment) and those beyond ASCII,
/// which may begin white space of their own. One lookup a byte, where
/// three tests cost the lexer a tenth of its time.
static WORD_STOP: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b >= 0x80 || is_ascii_space(b as u8) || opens_token(b as u8);
        b += 1;
    }
    table
};

/// A word runs to white space or to what opens a tag or comment.
pub(crate) fn word_end(text: &str, at: usize) -> usize {
    // Byte by byte while the word is ASCII, as nearly every word is.
    let bytes = text.as_bytes();
    let mut i = at;
    while i < bytes.len() && !WORD_STOP[usize::from(bytes[i])] {
        i += 1;
    }
    if bytes.get(i).is_none_or(|b| b.is_ascii()) {
        return i;
    }
    text[i..]
        .char_indices()
        .find(|&(_, n)| n.is_whitespace() || (n.is_ascii() && opens_token(n as u8)))
        .map_or(text.len(), |(j, _)| i + j)
}

/// The bytes of the tag name `text` starts with.
fn name_len(text: &str) -> usize {
    text.bytes().position(|b| !NAME[b as usize]).unwrap_or(text.len())
}

/// A tag from the text between its brackets: a name, then a quoted value
/// with `\"` and `\\` escapes, or (as some programs write) a bare value.
fn tag<'a>(raw: &'a str, pos: Pos, problems: &mut Vec<Problem>) -> Token<'a> {
    let raw = raw.trim();
    let name_end = name_len(raw);
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
        None => Cow::Borrowed(rest),
    };
    Token::Tag {
        name: Cow::Borrowed(name),
        value,
        pos,
    }
}

/// A quoted value, its opening quote taken off, with the text after its
/// closing quote (None: it has none).
fn unquoted(quoted: &str) -> (Cow<'_, str>, Option<&str>) {
    // Most values hold no escape and are taken whole.
    if let Some(close) = quoted.find(['"', '\\']).filter(|&i| quoted.as_bytes()[i] == b'"') {
        return (Cow::Borrowed(&quoted[..close]), Some(&quoted[close + 1..]));
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
            '"' => return (Cow::Owned(value), Some(chars.as_str())),
            c => value.push(c),
        }
    }
    (Cow::Owned(value), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::source::lines;

    fn games(text: &str) -> Vec<Lexed<'_>> {
        Games::new(lines(text.as_bytes())).collect()
    }

    fn tag_values(game: &Lexed) -> Vec<(String, String)> {
        game.tokens
            .iter()
            .filter_map(|t| match t {
                Token::Tag { name, value, .. } => Some((name.to_string(), value.to_string())),
                _ => None,
            })
            .collect()
    }

    /// A reader that wants the first line of the play (the lead) and
    /// everything else.
    #[derive(Default)]
    struct Lead<'a>(Vec<Token<'a>>);

    impl<'a> Tokens<'a> for Lead<'a> {
        fn tag(&mut self, name: Cow<'a, str>, value: Cow<'a, str>, pos: Pos) -> Option<usize> {
            let lines = (name == "Play").then_some(1);
            self.0.tag(name, value, pos);
            lines
        }

        fn word(&mut self, text: Cow<'a, str>, pos: Pos) {
            self.0.word(text, pos);
        }

        fn comment(&mut self, text: Cow<'a, str>, pos: Pos) {
            self.0.comment(text, pos);
        }
    }

    #[test]
    fn a_reader_that_wants_the_lead_lexes_one_line_of_play_and_every_tag() {
        let text = "[Play \"W\"]\nS5 ST SA S8\nD4 D9 DQ DK\n{a word} S2\nH3 H4 H5 H6\n[Score \"NS 420\"]\nC2 C3 C4 C5\n";
        let mut lexing = Lexing::with_tokens(Lead::default());
        lines(text.as_bytes()).for_each(|l| lexing.line(&l));
        let tokens = lexing.finish().tokens.0;
        let words: Vec<&str> = tokens
            .iter()
            .filter_map(|t| match t {
                Token::Word { text, .. } => Some(text.as_ref()),
                _ => None,
            })
            .collect();
        // The line with a comment is lexed whole; after another tag, every
        // line is again.
        assert_eq!(words, ["S5", "ST", "SA", "S8", "S2", "C2", "C3", "C4", "C5"]);
        let tags = tokens.iter().filter(|t| matches!(t, Token::Tag { .. }));
        assert_eq!(tags.count(), 2);
    }

    #[test]
    fn words_end_where_characters_say_white_space_or_a_token_starts() {
        let by_chars = |text: &str, at: usize| {
            text[at..]
                .char_indices()
                .find(|&(_, n)| n.is_whitespace() || (n.is_ascii() && opens_token(n as u8)))
                .map_or(text.len(), |(i, _)| at + i)
        };
        for text in [
            "S5 ST",
            "2C!=1=[Note",
            "h\u{0B}x",
            "é\u{A0}b",
            "ab\u{2003}c",
            "x{y",
            "last",
        ] {
            for at in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
                assert_eq!(word_end(text, at), by_chars(text, at), "{text:?} from {at}");
            }
        }
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
    fn a_plain_tag_reads_as_the_general_rules_read_it() {
        for line in ["[Event \"a \\S b\"]", "[Site\t\"x]\" ] 1S", "[Deal \"N:\"]"] {
            let (name, value, after) = plain_tag(line, 0).expect(line);
            let mut problems = Vec::new();
            let general = tag(&line[1..after - 1], Pos::default(), &mut problems);
            let Token::Tag {
                name: n, value: v, ..
            } = general
            else {
                panic!("{line}");
            };
            assert_eq!((&line[name], &line[value]), (n.as_ref(), v.as_ref()));
            assert!(problems.is_empty());
        }
        for other in [
            "[Event \"a \\\" b\"]",
            "[ Event \"a\"]",
            "[Event a]",
            "[Event \"a\" \"b\"]",
        ] {
            assert_eq!(plain_tag(other, 0), None, "{other}");
        }
    }

    #[test]
    fn an_unclosed_tag_is_reported() {
        let g = games("[Board \"1\"\n\n[Board \"2\"]\n");
        assert_eq!(g[0].problems[0].message, "tag is not closed by `]`");
        assert_eq!(g.len(), 2, "the next game still reads");
    }
}
