//! Writes records as PBN in export style: the tags a record has values for,
//! its auction and its play by seat columns from the opening leader, notes
//! and comments where the reader will place them again.
//!
//! What a record lacks is left out, except where the reader would fill the
//! gap from the game before: a carried tag the game before gave is written
//! `?` (unknown), and the contract tags are always written, so that the
//! auction does not stand in for a missing contract. A deal can't be
//! unsaid that way, nor a play given a leader with no contract: those are
//! errors. Tag tables and double-dummy makes are not written yet.

use thiserror::Error;

use super::write_sections::{comments_after, tag, write_auction, write_play};
use crate::model::{
    Date, Effective, NoteScope, Outcome, Record, Rules, ScoringForm, Seat, TwoPart, Vulnerability,
};

#[derive(Debug, Error, PartialEq, Eq)]
pub enum WriteError {
    #[error("record {number} has no deal, but PBN would give it the deal of the game before")]
    DealHandedOn { number: usize },
    #[error("record {number} has a play but no contract to say who leads")]
    PlayWithoutLeader { number: usize },
    #[error("record {number} is not a bridge deal, and PBN writes only bridge")]
    NotBridge { number: usize },
}

/// The signature lines a PBN file written here opens with.
pub const PBN_SIGNATURE: &str = "% PBN 2.1\n% EXPORT\n";

/// The records as one PBN file, with its signature lines.
pub fn write_pbn(records: &[Record]) -> Result<String, WriteError> {
    let mut out = String::from(PBN_SIGNATURE);
    let mut before: Option<&Record> = None;
    for record in records {
        write_game_after(&mut out, record, before)?;
        before = Some(record);
    }
    Ok(out)
}

/// One game after the one `before` it, as `write_pbn` writes each: what
/// the game before gave and this one lacks is unsaid.
pub fn write_game_after(out: &mut String, r: &Record, before: Option<&Record>) -> Result<(), WriteError> {
    out.push('\n');
    write_game(out, r, before)
}

fn write_game(out: &mut String, r: &Record, before: Option<&Record>) -> Result<(), WriteError> {
    if r.bridge().is_none() {
        return Err(WriteError::NotBridge { number: r.number });
    }
    if r.deal.is_none() && before.is_some_and(|b| b.deal.is_some()) {
        return Err(WriteError::DealHandedOn { number: r.number });
    }
    // Commentary opens the game, where every reader expects it.
    comments_after(out, r, None);
    identification(out, r, before);
    comments_after(out, r, Some('B'));
    dealer_and_vulnerability(out, r, before);
    comments_after(out, r, Some('A'));
    if let Some(deal) = &r.deal {
        tag(out, "Deal", &deal_value(deal));
        if !deal.hidden.is_empty() {
            let seats: String = deal.hidden.iter().map(|s| s.to_string()).collect();
            tag(out, "Hidden", &seats);
        }
    }
    comments_after(out, r, Some('H'));
    contract_and_result(out, r);
    if let Some(auction) = r.auction().filter(|a| !a.entries.is_empty()) {
        write_auction(out, r, auction);
    }
    notes(out, r, NoteScope::Auction);
    let play_notes = r.notes.iter().any(|n| n.scope == NoteScope::Play);
    match (&r.play, r.leader()) {
        (Some(play), Some(leader)) => write_play(out, r, play, r.trump(), leader),
        (Some(_), None) => return Err(WriteError::PlayWithoutLeader { number: r.number }),
        // An empty Play tag opens the play section its notes belong to.
        (None, _) if play_notes => tag(out, "Play", ""),
        (None, _) => {}
    }
    if r.play.is_none() {
        comments_after(out, r, Some('P'));
    }
    notes(out, r, NoteScope::Play);
    Ok(())
}

/// A tag the reader carries to the next game: written when the record has
/// a value, or as unknown when the game before gave one.
fn carried(out: &mut String, name: &str, value: Option<String>, before: Option<String>) {
    match (value, before) {
        (Some(value), _) => tag(out, name, &value),
        (None, Some(_)) => tag(out, name, "?"),
        (None, None) => {}
    }
}

fn identification(out: &mut String, r: &Record, before: Option<&Record>) {
    // PBN has one field for each: the specific part follows the general.
    let event = |r: &Record| r.event.as_ref().map(TwoPart::text);
    let site = |r: &Record| r.location.as_ref().map(TwoPart::text);
    let date = |r: &Record| r.date.as_ref().map(date_value);
    let board = |r: &Record| r.board.as_ref().map(|b| b.number.clone());
    carried(out, "Event", event(r), before.and_then(event));
    carried(out, "Site", site(r), before.and_then(site));
    carried(out, "Date", date(r), before.and_then(date));
    carried(out, "Board", board(r), before.and_then(board));
    let scoring = |r: &Record| r.scoring.as_ref().map(|s| scoring_value(&s.form));
    carried(out, "Scoring", scoring(r), before.and_then(scoring));
    for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
        let name = r.player(seat);
        tag(out, seat.name(), name.unwrap_or(""));
    }
    if let Some(teams) = &r.teams {
        tag(out, "HomeTeam", &teams.names[0]);
        tag(out, "VisitTeam", &teams.names[1]);
    }
    for (name, value) in &r.tags {
        tag(out, name, value);
    }
}

/// The words PBN's reader knows a scoring by; a form it has no word for
/// is written by its name, and comes back as those words.
fn scoring_value(form: &ScoringForm) -> String {
    match form {
        ScoringForm::Imps => "IMP".to_string(),
        ScoringForm::Matchpoints => "MP".to_string(),
        ScoringForm::BoardAMatch => "BAM".to_string(),
        ScoringForm::Rubber => "Rubber".to_string(),
        ScoringForm::Chicago => "Chicago".to_string(),
        other => other.name().to_string(),
    }
}

/// `2024.03.??`: PBN marks an unknown month or day with question marks.
fn date_value(date: &Date) -> String {
    let part = |p: &Option<crate::model::Digits>| p.as_ref().map_or("??".to_string(), |d| d.0.clone());
    format!("{}.{}.{}", date.year.0, part(&date.month), part(&date.day))
}

fn dealer_and_vulnerability(out: &mut String, r: &Record, before: Option<&Record>) {
    let dealer = |r: &Record| r.auction().map(|a| a.dealer.to_string());
    let vulnerable = |r: &Record| r.auction().map(|a| vulnerability(a.vulnerability).to_string());
    carried(out, "Dealer", dealer(r), before.and_then(dealer));
    carried(out, "Vulnerable", vulnerable(r), before.and_then(vulnerable));
}

fn vulnerability(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "NS",
        Vulnerability::EastWest => "EW",
        Vulnerability::Both => "All",
        Vulnerability::Any => "?",
    }
}

/// `N:` and the four hands clockwise, `-` for a hand the record doesn't give.
fn deal_value(deal: &crate::model::Deal) -> String {
    let hands: Vec<String> = [Seat::North, Seat::East, Seat::South, Seat::West]
        .iter()
        .map(|&s| match deal.given.contains(s) {
            true => deal.hands[s].to_suit_string(Rules::Bridge),
            false => "-".to_string(),
        })
        .collect();
    format!("N:{}", hands.join(" "))
}

/// Declarer, Contract and Result, empty when unknown: left out, the reader
/// would take the contract from the auction.
fn contract_and_result(out: &mut String, r: &Record) {
    let outcome = r.result().and_then(|r| r.outcome);
    let declarer = r.contract().map_or(String::new(), |c| {
        // `^`: declarer and dummy swapped, the lead from the wrong side.
        let swapped = c.leader.is_some_and(|l| Rules::Bridge.next_seat(l) == c.declarer);
        format!("{}{}", if swapped { "^" } else { "" }, c.declarer)
    });
    tag(out, "Declarer", &declarer);
    let contract = match (r.contract(), outcome) {
        (Some(c), _) => c.short().replace('N', "NT"),
        (None, Some(Outcome::PassedOut)) => "Pass".to_string(),
        (None, _) => String::new(),
    };
    tag(out, "Contract", &contract);
    comments_after(out, r, Some('C'));
    let result = match outcome {
        Some(Outcome::Tricks(n)) => n.to_string(),
        _ => String::new(),
    };
    tag(out, "Result", &result);
    scores(out, r);
    comments_after(out, r, Some('R'));
}

/// The score and the effective score, as North-South's (PBN 4.1.7 lets a
/// side be named before the amount).
fn scores(out: &mut String, r: &Record) {
    let Some(result) = r.result() else {
        return;
    };
    if let Some(score) = result.score {
        tag(out, "Score", &format!("NS {score}"));
    }
    match result.effective {
        Some(Effective::Imps(imps)) => tag(out, "ScoreIMP", &format!("NS {imps}")),
        Some(Effective::Percent(percent)) => tag(out, "ScorePercentage", &format!("NS {percent}")),
        // PBN has no word for a push but IMPs of 0, which read back as IMPs.
        Some(Effective::Push) | None => {}
    }
}

fn notes(out: &mut String, r: &Record, scope: NoteScope) {
    for note in r.notes.iter().filter(|n| n.scope == scope) {
        tag(
            out,
            "Note",
            &format!("{}:{}", note.number, note.text.replace('\n', "\\n")),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFormat;
    use crate::model::{EntryRef, Pos};
    use crate::notation::reading::Reading;
    use crate::testing::generate::{Rng, record};

    /// Generated records, as if read from PBN.
    fn records(count: usize) -> Vec<Record> {
        let mut rng = Rng::new(11);
        let mut records: Vec<Record> = (1..=count).map(|n| record(&mut rng, n)).collect();
        records.iter_mut().for_each(|r| r.format = SourceFormat::Pbn);
        records
    }

    /// Clears what reading sets by itself: where things stand.
    fn normalise(mut r: Record) -> Record {
        r.line = 0;
        r.notes.iter_mut().for_each(|n| n.pos = Pos::default());
        r.commentary.iter_mut().for_each(|c| c.pos = Pos::default());
        if let Some(a) = r.bridge_mut().auction.as_mut() {
            a.entries.iter_mut().for_each(|e| e.pos = Pos::default());
        }
        if let Some(p) = r.play.as_mut() {
            p.tricks
                .iter_mut()
                .flat_map(|t| &mut t.plays)
                .for_each(|e| e.pos = Pos::default());
        }
        r
    }

    fn reads_back(records: &[Record]) {
        let text = write_pbn(records).unwrap();
        let read: Vec<Record> = Reading::new(text.as_bytes(), SourceFormat::Pbn)
            .map(normalise)
            .collect();
        assert_eq!(read.len(), records.len(), "{text}");
        for (read, written) in read.iter().zip(records) {
            assert!(read.problems.is_empty(), "{:?}\n{text}", read.problems);
            assert_eq!(read, written, "\n{text}");
        }
    }

    #[test]
    fn generated_records_read_back_the_same() {
        reads_back(&records(12));
    }

    #[test]
    fn a_record_without_an_auction_gives_no_dealer_and_takes_none_from_the_game_before() {
        let mut records = records(3);
        records[1].bridge_mut().auction = None;
        reads_back(&records);
        let text = write_pbn(&records).unwrap();
        let second = text.split("\n\n").nth(2).unwrap();
        assert!(!second.contains("[Auction"), "{second}");
        assert!(second.contains("[Dealer \"?\"]"), "{second}");
    }

    #[test]
    fn a_record_without_a_play_or_a_contract_reads_back_without_them() {
        let mut records = records(3);
        records[0].play = None;
        records[1].play = None;
        records[1].bridge_mut().contract = None;
        records[1].bridge_mut().result = None;
        // A complete auction gives the contract an empty tag leaves out.
        if let Some(a) = records[1].bridge_mut().auction.as_mut() {
            a.entries.truncate(2);
        }
        records[1]
            .commentary
            .retain(|c| !matches!(c.entry, Some(EntryRef::Call(i)) if i >= 2));
        reads_back(&records);
    }

    #[test]
    fn a_record_without_a_deal_writes_no_deal_tag() {
        let mut records = records(2);
        records[0].deal = None;
        let text = write_pbn(&records[..1]).unwrap();
        assert!(!text.contains("[Deal \""), "{text}");
        reads_back(&records);
    }

    #[test]
    fn what_pbn_cannot_say_is_an_error() {
        let mut records = records(2);
        records[1].deal = None;
        assert_eq!(write_pbn(&records), Err(WriteError::DealHandedOn { number: 2 }));
        records[1].deal = records[0].deal.clone();
        records[1].bridge_mut().contract = None;
        assert_eq!(
            write_pbn(&records),
            Err(WriteError::PlayWithoutLeader { number: 2 })
        );
        records[1].game = crate::model::Game::Preferans(Box::default());
        assert_eq!(write_pbn(&records), Err(WriteError::NotBridge { number: 2 }));
    }
}
