//! The pairs of a file cut into boards. A board starts at `qx` (vugraph
//! files) or at a second `md`; the names, label and vulnerability written
//! just before either belong to the board they introduce. What comes
//! before the first board, and `vg`/`rs` anywhere, is the file's header.

use std::rc::Rc;

use super::lex::Token;

/// What a vugraph file says once for every board after it.
#[derive(Clone, Debug, Default)]
pub struct Header {
    /// `vg`: title, segment, scoring, boards and teams.
    pub match_line: Option<Token>,
    /// `rs`: the contract and result of each board and room.
    pub results: Option<Token>,
    /// `pn` with the eight names of both rooms.
    pub names: Option<Token>,
    /// Other pairs before the first board, kept with the first record.
    pub others: Vec<Token>,
}

/// One board's pairs, with the header in force where it starts.
pub struct BoardTokens {
    pub tokens: Vec<Token>,
    pub header: Rc<Header>,
}

/// Pairs that introduce a board when they come just before its `qx` or
/// `md`. Label, vulnerability and `rh` follow `md` in BBO's files, so a
/// board with no calls keeps its own.
const LEAD_IN: [&str; 4] = ["pn", "st", "mn", "sk"];

/// The boards of a file, and the header when no board follows it.
pub fn boards(tokens: Vec<Token>) -> (Vec<BoardTokens>, Header) {
    let mut header = Rc::new(Header::default());
    let mut before: Vec<Token> = Vec::new();
    let mut boards: Vec<BoardTokens> = Vec::new();
    let mut current: Option<Vec<Token>> = None;
    for token in tokens {
        match token.tag.as_str() {
            "vg" => Rc::make_mut(&mut header).match_line = Some(token),
            "rs" => Rc::make_mut(&mut header).results = Some(token),
            tag if starts_board(tag, current.as_deref()) => {
                let mut lead_in = match current.take() {
                    Some(mut tokens) => {
                        let lead_in = split_lead_in(&mut tokens);
                        boards.push(BoardTokens {
                            tokens,
                            header: header.clone(),
                        });
                        lead_in
                    }
                    None => {
                        let lead_in = split_lead_in(&mut before);
                        take_header(&mut before, Rc::make_mut(&mut header));
                        lead_in
                    }
                };
                lead_in.push(token);
                current = Some(lead_in);
            }
            _ => current.as_mut().unwrap_or(&mut before).push(token),
        }
    }
    if let Some(tokens) = current {
        boards.push(BoardTokens { tokens, header });
        return (boards, Header::default());
    }
    let mut rest = Rc::unwrap_or_clone(header);
    take_header(&mut before, &mut rest);
    (boards, rest)
}

fn starts_board(tag: &str, current: Option<&[Token]>) -> bool {
    tag == "qx" || (tag == "md" && current.is_none_or(|c| c.iter().any(|t| t.tag == "md")))
}

/// The run of lead-in pairs at the end of `tokens`, taken off it.
fn split_lead_in(tokens: &mut Vec<Token>) -> Vec<Token> {
    let keep = tokens
        .iter()
        .rposition(|t| !LEAD_IN.contains(&t.tag.as_str()))
        .map_or(0, |i| i + 1);
    tokens.split_off(keep)
}

/// The pairs before the first board: eight names for both rooms, pauses
/// (which pause nothing yet) and whatever else, kept to be shown.
fn take_header(before: &mut Vec<Token>, header: &mut Header) {
    for token in before.drain(..) {
        match token.tag.as_str() {
            "pn" if token.value.split(',').count() > 4 => header.names = Some(token),
            "pg" if token.value.is_empty() => {}
            _ => header.others.push(token),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::lin::lex::{Lines, tokens};

    fn cut(text: &str) -> Vec<Vec<String>> {
        let (tokens, _) = tokens(text.as_bytes(), &Lines::new(text.as_bytes()));
        let (boards, _) = boards(tokens);
        boards
            .iter()
            .map(|b| b.tokens.iter().map(|t| t.tag.clone()).collect())
            .collect()
    }

    #[test]
    fn names_before_md_open_the_next_board() {
        let text = "pn|a,b,c,d|st||md|1S2,|mb|p|pg||\npn|a,b,c,d|st||md|2S3,|ah|Board 2|";
        assert_eq!(
            cut(text),
            [vec!["pn", "st", "md", "mb", "pg"], vec!["pn", "st", "md", "ah"]]
        );
    }

    #[test]
    fn qx_opens_a_board_and_the_header_keeps_eight_names() {
        let text = "vg|x,y,I,1,2,A,0,B,0|rs|,|pn|a,b,c,d,e,f,g,h|pg||qx|o1|md|1S2,|pg||pn|,,,|qx|c1|md|1S2,|";
        let (tokens, _) = tokens(text.as_bytes(), &Lines::new(text.as_bytes()));
        let (boards, _) = boards(tokens);
        assert_eq!(boards.len(), 2);
        assert!(boards[0].header.names.is_some() && boards[0].header.results.is_some());
        assert_eq!(boards[1].tokens[0].tag, "pn");
    }
}
