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

pub use writer::{WriteError, claim_text, write_lin};

use crate::model::{Problem, Record, SourceFormat};
use lex::Lines;

/// Every record of a LIN file, in file order.
pub fn read(bytes: &[u8]) -> Vec<Record> {
    let lines = Lines::new(bytes);
    let (tokens, lexing) = lex::tokens(bytes, &lines);
    let (boards, rest) = boards::boards(tokens);
    let mut reads: Vec<board::Read> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| board::read(&b.tokens, i + 1, &lines))
        .collect();
    let headers: Vec<&boards::Header> = boards.iter().map(|b| &*b.header).collect();
    settle::settle(&mut reads, &headers, &lines);
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
        let at = records
            .iter()
            .rposition(|r| r.line <= problem.pos.line)
            .unwrap_or(0);
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
