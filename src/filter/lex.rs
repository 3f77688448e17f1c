//! The words, numbers, quoted text and signs of a filter expression, each
//! with the column it starts at (counted in characters from 1), so that a
//! mistake is shown where it is.

use super::FilterError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lexeme {
    Number(i64),
    /// A word: letters, digits and `_`, not all digits (`north`, `3NT`,
    /// `5xxx`, `AS`).
    Word(String),
    /// Text in double quotes, `\"` and `\\` escaped.
    Quoted(String),
    /// A sign: `(` `)` `,` `+` `-` `*` `/` `%` `==` `!=` `<` `<=` `>` `>=`
    /// `~` `!` `&&` `||`.
    Sign(&'static str),
    End,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub lexeme: Lexeme,
    pub column: usize,
}

/// Signs, the longer first so that `<=` is not read as `<`.
const SIGNS: [&str; 19] = [
    "==", "!=", "<=", ">=", "&&", "||", "(", ")", ",", "+", "-", "*", "/", "%", "<", ">", "~", "!", "=",
];

/// The tokens of `text`, ending with [`Lexeme::End`].
pub fn lex(text: &str) -> Result<Vec<Token>, FilterError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        let column = at + 1;
        if c.is_whitespace() {
            at += 1;
            continue;
        }
        let (lexeme, len) = if c.is_alphanumeric() || c == '_' {
            word(&chars[at..])
        } else if c == '"' {
            quoted(&chars[at..], column)?
        } else {
            sign(&chars[at..]).ok_or_else(|| {
                FilterError::new(column, format!("`{}` has no meaning here", c.escape_debug()))
            })?
        };
        tokens.push(Token { lexeme, column });
        at += len;
    }
    tokens.push(Token {
        lexeme: Lexeme::End,
        column: chars.len() + 1,
    });
    Ok(tokens)
}

fn word(chars: &[char]) -> (Lexeme, usize) {
    let len = chars
        .iter()
        .take_while(|c| c.is_alphanumeric() || **c == '_')
        .count();
    let text: String = chars[..len].iter().collect();
    match text.parse::<i64>() {
        Ok(n) => (Lexeme::Number(n), len),
        Err(_) => (Lexeme::Word(text), len),
    }
}

fn quoted(chars: &[char], column: usize) -> Result<(Lexeme, usize), FilterError> {
    let mut text = String::new();
    let mut at = 1;
    while let Some(&c) = chars.get(at) {
        match c {
            '"' => return Ok((Lexeme::Quoted(text), at + 1)),
            '\\' if matches!(chars.get(at + 1), Some('"' | '\\')) => {
                text.push(chars[at + 1]);
                at += 2;
            }
            _ => {
                text.push(c);
                at += 1;
            }
        }
    }
    Err(FilterError::new(
        column,
        "this quote is not closed: end the text with `\"`",
    ))
}

fn sign(chars: &[char]) -> Option<(Lexeme, usize)> {
    SIGNS.iter().find_map(|s| {
        let len = s.chars().count();
        let here = chars.iter().take(len).copied().eq(s.chars());
        here.then_some((Lexeme::Sign(s), len))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexemes(text: &str) -> Vec<Lexeme> {
        lex(text).unwrap().into_iter().map(|t| t.lexeme).collect()
    }

    #[test]
    fn words_numbers_signs_and_text() {
        use Lexeme::*;
        assert_eq!(
            lexemes("hcp(north)>=15 and 3NT != \"a \\\"b\\\"\""),
            [
                Word("hcp".into()),
                Sign("("),
                Word("north".into()),
                Sign(")"),
                Sign(">="),
                Number(15),
                Word("and".into()),
                Word("3NT".into()),
                Sign("!="),
                Quoted("a \"b\"".into()),
                End,
            ]
        );
    }

    #[test]
    fn columns_count_characters() {
        let tokens = lex("  éx == 1").unwrap();
        assert_eq!(tokens.iter().map(|t| t.column).collect::<Vec<_>>(), [3, 6, 9, 10]);
    }

    #[test]
    fn faults_are_placed() {
        assert_eq!(
            lex("a $ b").unwrap_err().to_string(),
            "column 3: `$` has no meaning here"
        );
        assert_eq!(
            lex("event == \"open").unwrap_err().to_string(),
            "column 10: this quote is not closed: end the text with `\"`"
        );
    }
}
