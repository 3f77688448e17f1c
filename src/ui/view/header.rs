//! The deal view's two header lines: which board, and the contract and
//! result, each only once the replay may show it.

use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::seat_label::truncate;
use crate::model::{
    AuctionItem, Bridge, Contract, Effective, Game, Goal, Hundredths, Outcome, Record, Seat, Vulnerability,
};
use crate::replay::Shown;
use crate::ui::suitwords;
use crate::ui::theme::{Theme, sanitize};

/// The board's line, ending with where the record stands (`place`); a
/// record with problems says so before it, as the list's `!` does.
/// `table` is this record's place among the board's tables and how many
/// there are, when more than one. Within `width` columns the problems, the
/// place, the board and its table stay whole; the title and event give
/// way, cut with `…`, since a player finds them in the list too.
pub fn board_line(
    r: &Record,
    table: Option<(usize, usize)>,
    place: &str,
    width: u16,
    theme: Theme,
) -> Line<'static> {
    let board = r.board.as_ref().map(|b| {
        // Each game numbers its deals in its own word: Preferans's deals,
        // Pinochle's hands, as their specs call them.
        let word = match &r.game {
            Game::Preferans(_) => "Deal",
            Game::Pinochle(_) => "Hand",
            Game::Bridge(_) => "Board",
        };
        format!("{word} {b}")
    });
    let table = table.map(|(t, of)| format!("table {t} of {of}"));
    let problems = match r.problems.len() {
        0 => None,
        1 => Some("1 problem".to_string()),
        n => Some(format!("{n} problems")),
    };
    let mut tail = Vec::new();
    if let Some(problems) = problems {
        tail.push(Span::styled(format!("   ! {problems} (p)"), theme.warning()));
    }
    tail.push(Span::styled(format!("   {}", sanitize(place)), theme.dim()));
    let room = usize::from(width).saturating_sub(tail.iter().map(Span::width).sum());
    let head = head_within(board, titles(r), table, room);
    // A title or event may name a suit, decoded from the file's markup.
    let mut spans = suitwords::symbols(&head, theme.strong(), theme);
    spans.extend(tail);
    Line::from(spans)
}

/// The record's title and event, each's two parts joined, as one text.
fn titles(r: &Record) -> String {
    let parts = [&r.title, &r.event].into_iter().flatten().map(|part| {
        [Some(&part.first), part.second.as_ref()]
            .into_iter()
            .flatten()
            .filter(|s| !s.is_empty())
            .cloned()
            .collect::<Vec<_>>()
            .join(": ")
    });
    parts.filter(|t| !t.is_empty()).collect::<Vec<_>>().join(" · ")
}

/// The board, titles and table joined by ` · ` within `room` columns: the
/// titles are cut first, and left out when too little of them would show.
fn head_within(board: Option<String>, titles: String, table: Option<String>, room: usize) -> String {
    const SEPARATOR: usize = 3;
    let fixed = [&board, &table].into_iter().flatten();
    let used: usize = fixed.map(|p| p.width() + SEPARATOR).sum();
    let left = room.saturating_sub(used);
    // Fewer than a few letters of a title say nothing.
    let titles = match titles.width() {
        0 => None,
        w if w <= left => Some(titles),
        _ if left >= 8 => Some(truncate(&titles, left)),
        _ => None,
    };
    let parts: Vec<String> = [board, titles, table].into_iter().flatten().collect();
    truncate(&parts.join(" · "), room)
}

/// A result of no tricks where no card is given: what a program writes
/// for a board it did not play (BEN's `Result "0"`), not a contract down
/// by all its tricks. Shown as such, and not scored on screen.
pub fn placeholder_result(r: &Record) -> bool {
    let no_play = r.play.as_ref().is_none_or(|p| p.entries().next().is_none());
    let tricks = r.result().and_then(|result| result.outcome);
    no_play && tricks == Some(Outcome::Tricks(0)) && r.contract().is_some_and(|c| c.level.is_some())
}

/// The contract as a list row shows it: `5♥× N`.
pub fn contract_short(c: &Contract, theme: Theme) -> Vec<Span<'static>> {
    let mut spans = contract_spans(c, theme);
    spans.truncate(1);
    spans.push(Span::raw(format!(" {}", c.declarer)));
    spans
}

pub fn contract_spans(c: &Contract, theme: Theme) -> Vec<Span<'static>> {
    let level = c.level.map(|l| l.to_string()).unwrap_or_default();
    let doubled = theme.doubling(c.doubling);
    let goal = match c.goal {
        Some(Goal::Tricks(n)) => format!(", {n} tricks to take"),
        Some(Goal::Maximum) => ", all the tricks it can".to_string(),
        None => String::new(),
    };
    let strain = Span::styled(
        format!("{level}{}{doubled}", theme.strain(c.strain)),
        theme.strain_style(c.strain),
    );
    vec![strain, Span::raw(format!(" by {}{goal}", c.declarer.name()))]
}

/// A Preferans deal's line: dealer, contract by name, main player, value,
/// and at the end made or failed; nothing of the contract before it is
/// declared, nor of who won the auction.
fn preferans_line(r: &Record, p: &crate::model::Preferans, shown: &Shown, theme: Theme) -> Line<'static> {
    let name = |seat| super::bidding::player_label(r, seat);
    let mut parts: Vec<String> = r
        .dealer()
        .map(|d| format!("Dealer {}", name(d)))
        .into_iter()
        .collect();
    match (p.contract, p.main) {
        (Some(_), Some(_)) if !shown.contract => {}
        (Some(c), Some(main)) => {
            parts.push(format!("{} by {}", c.name(), name(main)));
            parts.extend(
                p.value_said(main, shown.kontra_said)
                    .map(|v| format!("value {v}")),
            );
        }
        // A deal line kibitzer could not read says nothing of the bidding.
        _ if p.bids.is_empty() => return Line::styled("no contract", theme.dim()),
        _ if shown.result => parts.push("all passed".to_string()),
        _ => {}
    }
    if shown.result {
        let settled = p.settle_play(r.play.as_ref());
        parts.extend(settled.map(|s| if s.made { "made" } else { "failed" }.to_string()));
    }
    Line::styled(parts.join(" · "), theme.strong())
}

pub fn contract_line(r: &Record, shown: &Shown, theme: Theme) -> Line<'static> {
    match &r.game {
        Game::Bridge(b) => bridge_line(r, b, shown, theme),
        Game::Preferans(p) => preferans_line(r, p, shown, theme),
        Game::Pinochle(p) => super::pinochle::header(r, p, shown.contract, theme),
    }
}

/// A bridge deal's line: dealer, vulnerability, contract, and the result
/// once the play is over; at a quiz only what the reader has been shown.
fn bridge_line(r: &Record, b: &Bridge, shown: &Shown, theme: Theme) -> Line<'static> {
    let mut spans = Vec::new();
    if let Some(a) = &b.auction {
        let vul = match a.vulnerability {
            Vulnerability::None => "none",
            Vulnerability::NorthSouth => "N-S",
            Vulnerability::EastWest => "E-W",
            Vulnerability::Both => "both",
            Vulnerability::Any => "any",
        };
        spans.push(Span::raw(format!("Dealer {} · Vul {vul} · ", a.dealer.name())));
    }
    if !shown.contract {
        spans.extend(withheld(b).map(|wait| Span::styled(wait, theme.dim())));
        return Line::from(spans);
    }
    let result = b.result.filter(|_| shown.result);
    if let Some(c) = b
        .contract
        .as_ref()
        .filter(|_| result.is_some() && placeholder_result(r))
    {
        spans.extend(contract_spans(c, theme));
        spans.push(Span::styled(
            " · result 0 tricks, no play: not scored",
            theme.dim(),
        ));
        return Line::from(spans);
    }
    // Scored, the contract is written short, as results are: `4♠ S +1  +450`.
    let scored = result.is_some() && r.result_text().zip(r.declarer_score()).is_some();
    // Four passes say it, whatever tricks a file writes for the board.
    let passed_out = b.contract.is_none()
        && (b.result.and_then(|r| r.outcome) == Some(Outcome::PassedOut)
            || b.auction
                .as_ref()
                .is_some_and(|a| a.is_complete() && a.final_contract().is_none()));
    match &b.contract {
        Some(c) if scored => spans.extend(contract_short(c, theme)),
        Some(c) => spans.extend(contract_spans(c, theme)),
        None if passed_out => spans.push(Span::styled("passed out", theme.strong())),
        None => spans.push(Span::styled("no contract", theme.dim())),
    }
    if let Some(result) = result {
        spans.push(Span::styled(result_text(r, result, passed_out), theme.strong()));
    }
    Line::from(spans)
}

/// What the header says of a contract it keeps back: after the answer at
/// a quiz, when the auction ends while stepping through one that asks
/// nothing; and nothing for an exercise with no contract anywhere.
fn withheld(b: &Bridge) -> Option<&'static str> {
    let reaches = b.auction.as_ref().is_some_and(|a| a.final_contract().is_some());
    if b.contract.is_none() && !reaches {
        return None;
    }
    let asks = b
        .auction
        .as_ref()
        .is_none_or(|a| !reaches || a.entries.iter().any(|e| e.item == AuctionItem::Query));
    Some(if asks {
        "contract after the answer"
    } else {
        "contract when the auction ends"
    })
}

/// The result from declarer's side, `+1  +450`, where kibitzer can score
/// it; else the tricks and the score the record states for North-South.
/// The IMPs or percentage the record states follow, from the same side;
/// of a board passed out, only they.
fn result_text(r: &Record, result: crate::model::DealResult, passed_out: bool) -> String {
    let scored = r.result_text().zip(r.declarer_score());
    let from_declarer = scored.is_some();
    let outcome = match (scored, result.outcome) {
        _ if passed_out => String::new(),
        (_, Some(Outcome::PassedOut)) => " · passed out".to_string(),
        (Some((over, score)), _) => format!(" {over}  {score:+}"),
        (None, Some(Outcome::Tricks(n))) => {
            let stated = result.score.map(|s| format!(", {s:+} N-S")).unwrap_or_default();
            format!(" · {n} tricks{stated}")
        }
        (None, None) => result.score.map(|s| format!(" · {s:+} N-S")).unwrap_or_default(),
    };
    // The stated IMPs and percentage are kept as North-South's: beside
    // declarer's score they are given from declarer's side too, else
    // marked as North-South's.
    let east_west = from_declarer && r.declarer().is_some_and(|d| matches!(d, Seat::East | Seat::West));
    let side = if from_declarer { "" } else { " N-S" };
    let effective = match result.effective {
        Some(Effective::Push) => ", push".to_string(),
        Some(Effective::Imps(h)) => {
            let h = if east_west { Hundredths(-h.0) } else { h };
            format!(", {}{h} IMPs{side}", if h.0 >= 0 { "+" } else { "" })
        }
        Some(Effective::Percent(h)) => {
            let h = if east_west { Hundredths(10_000 - h.0) } else { h };
            format!(", {h}%{side}")
        }
        None => String::new(),
    };
    format!("{outcome}{effective}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::SourceFormat;
    use crate::notation::rbn::Reader;
    use crate::replay::{Replay, shown, stops};

    /// The contract line at the end of the play.
    fn at_end(text: &str) -> String {
        let record = Reader::new(text.as_bytes(), SourceFormat::Rbn).next().unwrap();
        let replay = Replay::new(&record);
        let stops = stops(&record, &replay);
        let shown = shown(&record, &replay, &stops, usize::MAX);
        contract_line(&record, &shown, Theme::default()).to_string()
    }

    const HANDS: &str = "H N:AKQ.2.3.4:J.5.6.7:T.8.9.T:9.J.Q.K\n";

    /// An exercise whose record holds no contract anywhere (hands hidden,
    /// no auction) does not promise one after the answer.
    #[test]
    fn an_exercise_without_a_contract_promises_none() {
        let record = Reader::new(b"H W:AKQ.2.3.4;J.5.6.7:T.8.9.T;9.J.Q.K\n", SourceFormat::Rbn)
            .next()
            .unwrap();
        let replay = Replay::new(&record);
        let stops = stops(&record, &replay);
        let asked = shown(&record, &replay, &stops, 0);
        assert!(asked.quiz.is_some());
        let line = contract_line(&record, &asked, Theme::default()).to_string();
        assert!(!line.contains("contract"), "{line}");
    }

    /// A stated percentage or IMPs, kept as North-South's, is given from
    /// declarer's side beside declarer's score: `-200, 75%` mixed sides.
    #[test]
    fn stated_percentages_and_imps_follow_declarers_side() {
        let east = Reader::new(
            format!("{HANDS}A WB:1HP4HP\nC 4H:W\nR 8\n").as_bytes(),
            SourceFormat::Rbn,
        )
        .next()
        .unwrap();
        let mut result = east.result().unwrap();
        result.effective = Some(Effective::Percent(Hundredths(7_500)));
        let line = result_text(&east, result, false);
        assert_eq!(line, " -2  -200, 25%");
        result.effective = Some(Effective::Imps(Hundredths(500)));
        assert_eq!(result_text(&east, result, false), " -2  -200, -5 IMPs");
    }

    #[test]
    fn east_west_declarers_score_for_their_own_side() {
        let line = at_end(&format!("{HANDS}A WB:1HP4HA\nC 4H:W\nR 11\n"));
        assert_eq!(line, "Dealer West · Vul both · 4♥ W +1  +650");
        let down = at_end(&format!("{HANDS}A WN:1HP4HA\nC 4H:W\nR 8\n"));
        assert_eq!(down, "Dealer West · Vul N-S · 4♥ W -2  -100");
    }

    #[test]
    fn the_board_line_says_a_record_has_problems() {
        let mut record = Reader::new(format!("B 7\n{HANDS}").as_bytes(), SourceFormat::Rbn)
            .next()
            .unwrap();
        let place = "record 1 of 1";
        let clean = board_line(&record, None, place, 80, Theme::default()).to_string();
        assert_eq!(clean, "Board 7   record 1 of 1");
        record.problem(crate::model::Pos::new(1, 1), "the contract is not the auction's");
        record.problem(crate::model::Pos::new(2, 1), "a card is not held");
        let line = board_line(&record, None, place, 80, Theme::default());
        assert_eq!(line.to_string(), "Board 7   ! 2 problems (p)   record 1 of 1");
        assert_eq!(line.spans[1].style, Theme::default().warning());
        let long = "E The Very Long Annual Invitational Memorial Championship of the North\n";
        let titled = Reader::new(format!("{long}B 7\n{HANDS}").as_bytes(), SourceFormat::Rbn)
            .next()
            .unwrap();
        let cut = board_line(&titled, None, "record 1 of 112", 60, Theme::default()).to_string();
        assert_eq!(
            cut,
            "Board 7 · The Very Long Annual Invitation…   record 1 of 112"
        );
        assert_eq!(cut.chars().count(), 60);
        // The table keeps its place whole; the event gives way.
        let tabled = board_line(&titled, Some((1, 8)), "record 1 of 216", 60, Theme::default());
        assert_eq!(
            tabled.to_string(),
            "Board 7 · The Very Long An… · table 1 of 8   record 1 of 216"
        );
        assert_eq!(tabled.to_string().chars().count(), 60);
        // With too little room for a few of its letters, the event is left out.
        let narrow = board_line(&titled, Some((1, 8)), "record 1 of 216", 44, Theme::default());
        assert_eq!(narrow.to_string(), "Board 7 · table 1 of 8   record 1 of 216");
    }

    #[test]
    fn no_tricks_and_no_play_read_as_a_placeholder_not_as_thirteen_down() {
        let placeholder = at_end(&format!("{HANDS}A WB:1HP4HA\nC 4H:W\nR 0\n"));
        assert_eq!(
            placeholder,
            "Dealer West · Vul both · 4♥ by West · result 0 tricks, no play: not scored"
        );
        let played = at_end(&format!("{HANDS}A WB:1HP4HA\nC 4H:W\nP HA\nR 0\n"));
        assert!(played.contains("-10"), "{played}");
    }

    #[test]
    fn passed_out_unplayed_and_unscored_boards_read_plainly() {
        let passed = at_end(&format!("{HANDS}A WB:PPPP\nR 0\n"));
        assert_eq!(passed, "Dealer West · Vul both · passed out");
        let unplayed = at_end(&format!("{HANDS}A WB:1HP4HA\nC 4H:W\n"));
        assert_eq!(unplayed, "Dealer West · Vul both · 4♥ by West");
        let no_auction = at_end(&format!("{HANDS}C 3N:S\n"));
        assert_eq!(no_auction, "3NT by South");
    }
}
