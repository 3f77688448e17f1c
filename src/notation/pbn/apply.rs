//! From tag values to the model: inheritance first, then each tag the
//! model has a place for; the others are kept as they are.

use super::context::{CARRIED, Context, carries};
use super::gathered::{Gathered, is_table};
use super::known_tag::KnownTag;
use std::ops::ControlFlow;

use super::values::Told;
use super::{deal, table, values};
use crate::model::{
    Annotation, Auction, AuctionItem, Board, Contract, DealResult, Effective, Note, NoteScope, Players, Pos,
    Problem, ProblemKind, Record, Rules, Scoring, ScoringForm, Seat, SeatMap, Teams, TwoPart, Vulnerability,
};
use crate::notation::markup;
use crate::scoring;

/// `#` takes the nearest earlier value, `##value` gives this game and every
/// later one the value, and a carried tag left out takes the game before's.
pub fn inherit(g: &mut Gathered<'_>, context: &mut Context) {
    for (name, value, _) in g.tags_mut() {
        if let Some(rest) = value.strip_prefix("##") {
            *value = rest.to_string().into();
            context.set_sticky(name, value);
        } else if value == "#" {
            *value = context.ask(name).unwrap_or_default().to_string().into();
        }
    }
    for (name, value) in context.stickies() {
        if g.tag_named(name).is_none() {
            g.push_tag(name.to_string().into(), value.to_string().into(), Pos::default());
        }
    }
    let board = g.tag(KnownTag::Board).map(str::to_string);
    for name in CARRIED {
        if g.tag_named(name).is_some()
            || board.is_some() && !carries(name, board.as_deref(), context.ask("Board"))
        {
            continue;
        }
        if let Some(value) = context.ask(name) {
            g.push_tag(name.into(), value.to_string().into(), Pos::default());
        }
    }
    for (name, value, _) in g.tags() {
        context.set(name, value);
    }
}

/// Reports a fault in a tag's value at the tag; a value carried over from
/// an earlier game was reported there.
fn wrong_at<'a>(g: &'a Gathered, problems: &'a mut Vec<Problem>) -> impl FnMut(KnownTag, String) + 'a {
    |tag: KnownTag, message: String| {
        let pos = g.tag_pos(tag);
        if pos != Pos::default() {
            problems.push(Problem::new(pos, message));
        }
    }
}

pub fn identification(g: &Gathered, r: &mut Record, problems: &mut Vec<Problem>) {
    let text = |tag: KnownTag| g.tag(tag).and_then(values::known);
    let mut wrong = wrong_at(g, problems);
    for (tag, name) in [
        (KnownTag::Score, "Score"),
        (KnownTag::OptimumScore, "OptimumScore"),
    ] {
        if let Some(value) = g
            .tag(tag)
            .filter(|v| !v.trim().is_empty() && values::side_amount(v, None).is_none())
        {
            wrong(
                tag,
                format!("{name} `{value}` should be a side and points, like NS 620"),
            );
        }
    }
    r.event = text(KnownTag::Event).map(|e| TwoPart {
        first: markup::line(e),
        second: None,
    });
    r.location = text(KnownTag::Site).map(|s| TwoPart {
        first: markup::line(s),
        second: None,
    });
    r.date = text(KnownTag::Date).and_then(values::date);
    r.board = text(KnownTag::Board).map(|b| Board {
        number: b.to_string(),
        description: None,
        auto: false,
    });
    r.scoring = text(KnownTag::Scoring).map(|s| Scoring {
        form: scoring_form(s),
        modifier: None,
    });
    players(g, r);
    r.teams = teams(g);
    deal(g, r, &mut wrong);
    auction(g, r, &mut wrong);
    contract(g, r, &mut wrong);
    drop(wrong);
    let kept = |name: &str| match KnownTag::of(name) {
        Some(KnownTag::HomeTeam | KnownTag::VisitTeam) => r.teams.is_none(),
        Some(tag) => !tag.has_field(),
        None => !is_table(name),
    };
    for (name, value, _) in g.tags() {
        if kept(name) {
            r.tags.push((name.to_string(), value.to_string()));
        }
    }
    for (name, spec, cells) in &g.tables {
        match table::read(name, spec, cells) {
            Ok(t) => r.tables.push(t),
            Err((pos, message)) => problems.push(Problem::new(pos, message)),
        }
    }
    r.bridge_mut().makes = table::makes(
        g.tag(KnownTag::DoubleDummyTricks),
        r.tables.iter().find(|t| t.name == "OptimumResultTable"),
    );
}

fn scoring_form(s: &str) -> ScoringForm {
    match s.to_ascii_uppercase().as_str() {
        "IMP" | "IMPS" => ScoringForm::Imps,
        "MP" | "MATCHPOINTS" => ScoringForm::Matchpoints,
        "BAM" => ScoringForm::BoardAMatch,
        "RUBBER" => ScoringForm::Rubber,
        "CHICAGO" => ScoringForm::Chicago,
        _ => ScoringForm::Other(s.to_string()),
    }
}

fn players(g: &Gathered, r: &mut Record) {
    let mut names = SeatMap::<String>::default();
    let mut any = false;
    let seats = [
        (Seat::North, KnownTag::North),
        (Seat::East, KnownTag::East),
        (Seat::South, KnownTag::South),
        (Seat::West, KnownTag::West),
    ];
    for (seat, tag) in seats {
        if let Some(name) = g.tag(tag).filter(|n| !n.trim().is_empty()) {
            names[seat] = markup::line(name);
            any = true;
        }
    }
    if any {
        r.players = Some(Players { tables: vec![names] });
    }
}

/// The two teams, home first, where HomeTeam and VisitTeam both name one;
/// a lone one stays among the tags as written.
fn teams(g: &Gathered) -> Option<Teams> {
    let name = |tag: KnownTag| g.tag(tag).and_then(values::known);
    Some(Teams {
        names: [
            markup::line(name(KnownTag::HomeTeam)?),
            markup::line(name(KnownTag::VisitTeam)?),
        ],
        carryovers: [None, None],
    })
}

fn deal(g: &Gathered, r: &mut Record, wrong: &mut impl FnMut(KnownTag, String)) {
    if let Some(value) = g.tag(KnownTag::Deal) {
        let hands = deal::deal(value, &mut |fault| {
            wrong(KnownTag::Deal, fault.to_string());
            ControlFlow::Continue(())
        });
        r.deal = hands.map(deal::model);
    }
    if let (Some(deal), Some(hidden)) = (r.deal.as_mut(), g.tag(KnownTag::Hidden)) {
        deal.hidden = values::hidden(hidden);
    }
}

fn auction(g: &Gathered, r: &mut Record, wrong: &mut impl FnMut(KnownTag, String)) {
    let dealer = g.tag(KnownTag::Dealer).and_then(values::known);
    let vul = g.tag(KnownTag::Vulnerable).map(str::trim).filter(|v| *v != "?");
    if dealer.is_none() && vul.is_none() && g.tag(KnownTag::Auction).is_none() {
        return;
    }
    let dealer = match dealer.map(values::first_seat) {
        Some(Some(seat)) => Some(seat),
        Some(None) => {
            wrong(
                KnownTag::Dealer,
                format!(
                    "`{}` is not a seat (N, E, S or W)",
                    g.tag(KnownTag::Dealer).unwrap_or("")
                ),
            );
            None
        }
        None => None,
    };
    let auction_seat = g.tag(KnownTag::Auction).and_then(values::first_seat);
    let vulnerability = vul
        .map_or(Some(Vulnerability::Any), values::vulnerability)
        .unwrap_or_else(|| {
            wrong(
                KnownTag::Vulnerable,
                format!(
                    "`{}` is not a vulnerability (None, NS, EW, All)",
                    vul.unwrap_or("")
                ),
            );
            Vulnerability::Any
        });
    let dealer = dealer.or(auction_seat).unwrap_or(Seat::North);
    r.bridge_mut().auction = Some(Auction {
        dealer,
        vulnerability,
        entries: Vec::new(),
    });
}

/// What the Contract tag says.
pub fn told<'a>(g: &'a Gathered) -> Told<'a> {
    Told::of(g.tag(KnownTag::Contract))
}

fn contract(g: &Gathered, r: &mut Record, wrong: &mut impl FnMut(KnownTag, String)) {
    let Told::Contract(value) = told(g) else {
        return;
    };
    // An end position may leave declarer out: the Play tag's seat leads,
    // so declarer sits on its right.
    let before_leader = g.tag(KnownTag::Play).and_then(values::declarer).map(|leader| {
        let bridge = Rules::Bridge;
        bridge.next_seat(bridge.next_seat(bridge.next_seat(leader)))
    });
    let Some(declarer) = g
        .tag(KnownTag::Declarer)
        .and_then(values::declarer)
        .or(before_leader)
    else {
        if g.tag(KnownTag::Declarer).is_none_or(|d| d.trim() != "?") {
            wrong(KnownTag::Contract, format!("contract {value} has no declarer"));
        }
        return;
    };
    match values::contract(value, declarer) {
        Ok(c) => r.bridge_mut().contract = c,
        Err(message) => wrong(KnownTag::Contract, message),
    }
    // `^S`: declarer and dummy swapped, so the opening lead came from the
    // left of the seat that should have been dummy.
    if g.tag(KnownTag::Declarer)
        .is_some_and(|d| d.trim().starts_with('^'))
        && let Some(c) = r.bridge_mut().contract.as_mut()
    {
        let dummy = Rules::Bridge.next_seat(Rules::Bridge.next_seat(declarer));
        c.leader = Some(Rules::Bridge.next_seat(dummy));
    }
}

/// The Result and score tags, once the contract is known (from the
/// auction when no tag gives it), for results given by side.
pub fn result(g: &Gathered, r: &mut Record, problems: &mut Vec<Problem>) {
    let wrong = &mut wrong_at(g, problems);
    let mut result = DealResult::default();
    if told(g) == Told::Passed {
        result.outcome = Some(crate::model::Outcome::PassedOut);
    } else if let Some(value) = g.tag(KnownTag::Result).filter(|v| values::known(v).is_some()) {
        match values::result(value, r.contract().map(|c| c.declarer)) {
            Ok(o) => result.outcome = o,
            Err(message) => wrong(KnownTag::Result, message),
        }
    }
    // A bare number is declarer's (PBN 4.1.7); the model keeps North-South's.
    let declarer = r.contract().map(|c| c.declarer);
    let side = |value: &str| values::side_amount(value, declarer);
    result.score = g.tag(KnownTag::Score).and_then(side).map(|h| (h.0 / 100) as i32);
    result.effective = g
        .tag(KnownTag::ScoreImp)
        .and_then(side)
        .map(Effective::Imps)
        .or_else(|| {
            g.tag(KnownTag::ScorePercentage)
                .and_then(|p| values::side_percent(p, declarer))
        });
    if result != DealResult::default() {
        r.bridge_mut().result = Some(result);
    }
}

/// A stated score the law of the contract and its result gives otherwise
/// is reported at the Score tag (a score carried over from an earlier game
/// was reported there).
pub fn score_agrees(g: &Gathered, r: &Record, problems: &mut Vec<Problem>) {
    let pos = g.tag_pos(KnownTag::Score);
    if let Some(message) = scoring::stated_disagreement(r).filter(|_| pos != Pos::default()) {
        problems.push(Problem::of(ProblemKind::Disagreement, pos, message));
    }
}

/// A Note tag: its note goes to the record.
pub fn note(scope: NoteScope, value: &str, pos: Pos, r: &mut Record, problems: &mut Vec<Problem>) {
    match values::note(value) {
        Some((number, text)) => r.notes.push(Note {
            number,
            scope,
            text: markup::line(text),
            pos,
        }),
        None => problems.push(Problem::new(
            pos,
            format!("note `{value}` should be a number, a colon and the text"),
        )),
    }
}

/// A complete auction that ends in another contract or declarer than the
/// Contract and Declarer tags say is reported, once, at the Auction tag:
/// one of them misreads the deal (an Auction tag's seat that leaves the
/// dealer's passes out, say). Irregular auctions may end anywhere.
pub fn auction_agrees(
    g: &Gathered,
    r: &Record,
    ending: Option<Option<Contract>>,
    problems: &mut Vec<Problem>,
) {
    let (Some(auction), Some(ended)) = (r.auction(), ending) else {
        return;
    };
    let irregular = auction.entries.iter().any(|e| {
        e.item == AuctionItem::Skipped
            || e.annotations
                .iter()
                .any(|a| matches!(a, Annotation::Irregular(_)))
    });
    let contract = r.contract();
    let (told, told_tag) = match told(g) {
        Told::Untold => (None, None),
        Told::Passed => (Some(None), g.tag(KnownTag::Contract).map(str::trim)),
        Told::Contract(c) => (contract.as_ref().map(Some), Some(c.trim())),
    };
    let declarer = g.tag(KnownTag::Declarer).filter(|d| !d.trim().starts_with('^'));
    if irregular || !values::contradicts(ended.as_ref(), told, declarer.and_then(values::declarer)) {
        return;
    }
    let ends = ended.map_or("four passes".to_string(), |e| {
        format!("{} by {}", e.short(), e.declarer.name())
    });
    let says = [
        ("Contract", told_tag),
        ("Declarer", g.tag(KnownTag::Declarer).map(str::trim)),
    ]
    .into_iter()
    .filter_map(|(name, value)| Some(format!("{name} {}", value.filter(|v| !v.is_empty())?)))
    .collect::<Vec<_>>()
    .join(", ");
    let message = format!("the auction ends in {ends}, but the tags say {says}");
    problems.push(Problem::of(
        ProblemKind::Disagreement,
        g.tag_pos(KnownTag::Auction),
        message,
    ));
}
