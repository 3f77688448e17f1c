//! LIN, the notation of Bridge Base Online: hand records, "My hands"
//! downloads, vugraph match files and the deals in handviewer links.
//!
//! A file is a run of `tag|value|` pairs; no spec is published, so the
//! reader follows what BBO and the programs that read its files do. A
//! file is read whole: its pairs are cut into boards, each board becomes a
//! record, and the two rooms of a vugraph board are paired as the tables
//! of a team match.

mod board;
mod boards;
mod hands;
mod lex;
pub mod link;
mod results;
mod settle;
mod vet;
mod writer;

pub use vet::{Identity, vet_line};

pub use writer::{WriteError, claim_text, write_lin, write_line};

use crate::model::{Problem, Record, SourceFormat};
use lex::Lines;

/// Every record of a LIN file, in file order.
pub fn read(bytes: &[u8]) -> Vec<Record> {
    read_with(bytes, &Lines::new(bytes))
}

fn read_with(bytes: &[u8], lines: &Lines<'_>) -> Vec<Record> {
    let (tokens, lexing) = lex::tokens(bytes, lines);
    let (boards, rest) = boards::boards(tokens);
    let mut reads: Vec<board::Read> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| board::read(&b.tokens, i + 1, lines))
        .collect();
    let headers: Vec<&boards::Header> = boards.iter().map(|b| &*b.header).collect();
    settle::settle(&mut reads, &headers, lines);
    let mut records: Vec<Record> = reads.into_iter().map(|r| r.record).collect();
    if let Some(first) = records.first_mut() {
        let others = boards.first().map_or(&[][..], |b| &b.header.others[..]);
        first
            .tags
            .splice(0..0, others.iter().map(|t| (t.tag.clone(), t.value.clone())));
    }
    let leftover = rest
        .others
        .iter()
        .chain(&rest.names)
        .chain(&rest.match_line)
        .chain(&rest.results);
    let leftover: Vec<_> = leftover.collect();
    if records.is_empty() && (!lexing.is_empty() || !leftover.is_empty()) {
        let at = leftover.first().map_or(1, |t| lines.pos(t.tag_at).line);
        let mut record = Record::new(1, at, SourceFormat::Lin, crate::model::Game::bridge());
        record.tags = leftover
            .iter()
            .map(|t| (t.tag.clone(), t.value.clone()))
            .collect();
        record.problem(
            crate::model::Pos::new(at, 1),
            "no board here: no `md` or `qx` pair gives a deal",
        );
        records.push(record);
    } else if let Some(last) = records.last_mut() {
        last.tags
            .extend(leftover.iter().map(|t| (t.tag.clone(), t.value.clone())));
    }
    place(&mut records, lexing);
    records
}

/// Gives each problem of the file's layout to the record it falls in.
fn place(records: &mut [Record], problems: Vec<Problem>) {
    for problem in problems {
        // Records are in file order: the last that starts at or before
        // the problem, found by halving rather than a walk a problem.
        let at = records
            .partition_point(|r| r.line <= problem.pos.line)
            .saturating_sub(1);
        if let Some(record) = records.get_mut(at) {
            record.problems.push(problem);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_reads_as_nothing_and_a_header_alone_is_one_record() {
        assert!(read(b"").is_empty());
        assert!(read(b" \r\n").is_empty());
        let header = read(b"vg|Cup,Final,I,1,2,A,0,B,0|\nrs|,|\nstray");
        assert_eq!(header.len(), 1);
        let messages: Vec<String> = header[0].problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "1:1: no board here: no `md` or `qx` pair gives a deal",
                "3:1: `stray` at the end is no `tag|value|` pair"
            ]
        );
    }

    /// A board with names, deal, label, calls, an alert, cards and a claim.
    fn board(n: usize) -> String {
        format!(
            "pn|Ann,Bo,Cy,Di|st||md|3SAKQHAKQDAKQCAKQJ,S2345H2345D234C23,S6789H6789D5678C4,|\
             sv|o|ah|Board {n}|mb|1C!|an|strong|mb|p|mb|2N|mb|p|mb|7N|mb|p|mb|p|mb|p|\
             pc|S2|pc|S6|pc|ST|pc|SA|mc|13|pg||"
        )
    }

    #[test]
    fn a_file_on_one_line_reads_in_time_linear_in_its_length() {
        let mut size = 0;
        let boards: Vec<String> = (1..)
            .map(board)
            .take_while(|b| {
                size += b.len();
                size < 5 << 20
            })
            .collect();
        let read = |text: &str| {
            let lines = Lines::new(text.as_bytes());
            let records = read_with(text.as_bytes(), &lines);
            (records, lines.bytes_read())
        };
        let (one_line, work) = read(&boards.concat());
        let (line_each, work_each) = read(&boards.join("\n"));
        assert_eq!(one_line.len(), boards.len());
        assert_eq!(line_each.len(), boards.len());
        let last = &one_line[one_line.len() - 1];
        assert_eq!(
            last.board.as_ref().map(|b| b.number.clone()),
            Some(boards.len().to_string())
        );
        assert_eq!(last.notes.len(), 1);
        // Counting each column from the line's start read some 10^11
        // bytes here; a column now reads at most a block.
        assert!(
            work < 5 * work_each,
            "one line read {work} bytes for columns, a board a line {work_each}"
        );
    }

    #[test]
    fn columns_count_characters_on_long_lines_and_past_bad_utf8() {
        let mut text = "nt|".to_string() + &"\u{e9}".repeat(1000) + "|";
        let lines = Lines::new(text.as_bytes());
        assert_eq!(lines.pos(3 + 2000), crate::model::Pos::new(1, 1004));
        text.push_str("nt|x|");
        let mut bytes = text.into_bytes();
        bytes.extend(b"nt|\xe9\xe9|\nmd|");
        let lines = Lines::new(&bytes);
        // Past the byte that is no UTF-8, a byte is a character (1252).
        let at = bytes.len() - 6;
        assert_eq!(lines.pos(at), crate::model::Pos::new(1, (at + 1) as u32));
        assert_eq!(lines.pos(bytes.len() - 3), crate::model::Pos::new(2, 1));
        let bom = Lines::new(b"\xEF\xBB\xBFmd|\xc3\xa9|");
        assert_eq!(bom.pos(9), crate::model::Pos::new(1, 6));
    }

    #[test]
    fn messages_quote_a_short_excerpt_of_a_long_stray() {
        let stray = "x".repeat(100_000);
        for text in [
            format!("{}md|3S2,|", board(1)) + &stray,
            format!("{}{stray}|", board(1)),
            format!("md|3S2,S3,S4,S5,{stray}|"),
            format!("vg|a,b,I,1,1,A,0,B,0|rs|{stray}|qx|o1|md|3S2,|"),
        ] {
            for record in read(text.as_bytes()) {
                for problem in &record.problems {
                    assert!(problem.message.len() < 200, "{}", problem.message);
                }
            }
        }
    }

    #[test]
    fn any_bytes_read_without_a_panic() {
        for bytes in [
            &b"md|9\xff|pc|\x00|mb|8Z!|an|"[..],
            b"|||",
            b"qx||mc|99|",
            b"\xEF\xBB\xBFpc|S|",
        ] {
            let _ = read(bytes);
        }
    }
}
