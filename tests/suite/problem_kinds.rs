//! Every problem says what kind of fault it is: text that does not follow
//! the notation, an auction or play against the rules, or a record at odds
//! with itself; `dump` writes the kind beside the message.

use kibitzer::archive::read_checked;
use kibitzer::model::{ProblemKind, SourceFormat};

const DEAL: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";

/// Each problem of the one record of `text`, kind and message.
fn problems(text: &str, format: SourceFormat) -> Vec<(ProblemKind, String)> {
    let records: Vec<_> = read_checked(text.as_bytes(), format).collect();
    assert_eq!(records.len(), 1, "{text}");
    records[0]
        .problems
        .iter()
        .map(|p| (p.kind, p.message.clone()))
        .collect()
}

fn kinds(text: &str, format: SourceFormat) -> Vec<ProblemKind> {
    problems(text, format).into_iter().map(|(k, _)| k).collect()
}

#[test]
fn text_the_notation_does_not_allow_is_a_notation_problem() {
    let text = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Auction \"N\"]\n1S Xyz Pass\n");
    let found = problems(&text, SourceFormat::Pbn);
    assert!(
        found.contains(&(ProblemKind::Notation, "`Xyz` is not a call".to_string())),
        "{found:?}"
    );
}

#[test]
fn an_insufficient_call_and_a_revoke_break_the_rules() {
    let text = format!("[Board \"1\"]\n[Deal \"{DEAL}\"]\n[Auction \"N\"]\n1S 1C Pass Pass\nPass\n");
    assert_eq!(kinds(&text, SourceFormat::Pbn), [ProblemKind::Rule]);
    // East leads a heart; South, who holds hearts, follows with a spade.
    let hands = DEAL.replace(' ', ":");
    let rbn = format!("H {hands}\nC 4S:N\nP H7S5\n");
    let found = problems(&rbn, SourceFormat::Rbn);
    assert!(found.iter().all(|(k, _)| *k == ProblemKind::Rule), "{found:?}");
    assert!(!found.is_empty(), "the revoke is found");
}

#[test]
fn a_contract_the_auction_did_not_reach_is_a_disagreement() {
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL}\"]\n[Contract \"4H\"]\n[Declarer \"S\"]\n[Auction \"N\"]\n1S Pass Pass Pass\n"
    );
    assert_eq!(kinds(&text, SourceFormat::Pbn), [ProblemKind::Disagreement]);
}

#[test]
fn a_stated_score_the_law_gives_otherwise_is_a_disagreement() {
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n[Score \"NS 999\"]\n"
    );
    assert_eq!(kinds(&text, SourceFormat::Pbn), [ProblemKind::Disagreement]);
}

#[test]
fn dump_writes_the_kind_of_each_problem() {
    let names: Vec<&str> = [
        ProblemKind::Notation,
        ProblemKind::Rule,
        ProblemKind::Disagreement,
    ]
    .iter()
    .map(|k| k.name())
    .collect();
    assert_eq!(names, ["notation", "rule", "disagreement"]);
}
