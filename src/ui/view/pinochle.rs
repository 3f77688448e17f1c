//! A Pinochle hand's own panel, step by step as the players see it: the
//! bids round by round, the contract, the exchange (the kitty turned up
//! and taken, the cards passed, the discard laid aside), every meld laid
//! out with its combinations, the team totals, and the result.

use ratatui::text::{Line, Span};

use super::scroll::PaneText;
use crate::model::{AuctionBid, Card, Hand, Pinochle, Record, Seat, Segment};
use crate::scoring::pinochle::{self, Counted, Worked, team_name};
use crate::ui::theme::{Theme, sanitize};

pub struct PinochleBox<'a> {
    pub record: &'a Record,
    pub info: &'a Pinochle,
    /// The part of the hand reached: Deal, Auction, Exchange, Meld, Play
    /// or Result.
    pub reached: Segment,
    /// Bids shown during the auction.
    pub bids: usize,
    /// The scores kibitzer works out, where it knows the variant's chart.
    pub worked: Option<&'a Worked>,
    pub theme: Theme,
}

/// Values by team: `N-S 28 · E-W 38`.
pub fn by_team<T: std::fmt::Display>(teams: &[Vec<Seat>], values: &[T]) -> String {
    let each: Vec<String> = teams
        .iter()
        .zip(values)
        .map(|(t, v)| format!("{} {v}", team_name(t)))
        .collect();
    each.join(" · ")
}

impl PinochleBox<'_> {
    fn hand_spans(&self, hand: &Hand) -> Vec<Span<'static>> {
        let game = self.record.rules();
        let mut spans = Vec::new();
        for suit in game.suit_order() {
            let ranks: String = hand
                .suit_cards(suit, game)
                .iter()
                .map(|c| c.rank_char())
                .collect();
            if !ranks.is_empty() {
                spans.push(Span::styled(self.theme.suit(suit), self.theme.suit_style(suit)));
                spans.push(Span::raw(format!("{ranks} ")));
            }
        }
        spans
    }

    fn card_spans(&self, cards: &[Card]) -> Vec<Span<'static>> {
        let mut spans = Vec::new();
        for c in cards {
            spans.push(self.theme.card(c.suit, c.rank));
            spans.push(Span::raw(" "));
        }
        spans
    }

    /// The bidding rounds, a column per seat from the Auction tag's seat,
    /// as narrow as the bids allow; passes shortened to `P` where the
    /// grid would not fit `width` otherwise. Only the bids made so far.
    fn rounds(&self, width: u16) -> Vec<Line<'static>> {
        let (game, p) = (self.record.rules(), self.info);
        let Some(first) = p.auction_seat else {
            return Vec::new();
        };
        let mut order = vec![first];
        while order.len() < game.seats().len() {
            order.push(game.next_seat(*order.last().unwrap_or(&first)));
        }
        let bid = |b: AuctionBid, short: bool| match b {
            AuctionBid::Pass if short => "P".to_string(),
            b => b.to_string(),
        };
        let mut left = self.bids_shown();
        let mut shown: Vec<Vec<AuctionBid>> = Vec::new();
        for round in &p.rounds {
            let take = round.len().min(left);
            left -= take;
            if take > 0 {
                shown.push(round[..take].iter().map(|c| c.bid).collect());
            }
        }
        let grid = |short: bool| {
            let texts: Vec<Vec<String>> = shown
                .iter()
                .map(|r| r.iter().map(|b| bid(*b, short)).collect())
                .collect();
            let heads = order.iter().map(|s| s.abbreviation().len());
            let widest = texts
                .iter()
                .flatten()
                .map(|t| t.chars().count())
                .chain(heads)
                .max();
            (texts, widest.unwrap_or(0) + 1)
        };
        let (mut texts, mut cell) = grid(false);
        if cell * order.len() > width as usize + 1 {
            (texts, cell) = grid(true);
        }
        let row = |cells: Vec<String>| {
            let padded: String = cells.iter().map(|c| format!("{c:<cell$}")).collect();
            padded.trim_end().to_string()
        };
        let head = row(order.iter().map(|s| s.abbreviation().to_string()).collect());
        let mut lines = vec![Line::styled(head, self.theme.strong())];
        lines.extend(texts.into_iter().map(|t| Line::raw(row(t))));
        lines
    }

    fn bids_shown(&self) -> usize {
        match self.reached {
            Segment::Deal => 0,
            Segment::Auction => self.bids,
            _ => usize::MAX,
        }
    }

    /// Everything of the hand so far, as rows that wrap at `width`.
    pub fn text(&self, width: u16) -> PaneText {
        let mut lines = self.rounds(width);
        if self.reached > Segment::Auction {
            lines.push(self.contract_line());
        }
        if self.reached >= Segment::Exchange {
            lines.extend(self.exchange());
        }
        if self.reached >= Segment::Meld {
            lines.extend(self.melds());
        }
        lines.extend(self.scores());
        PaneText {
            body: lines,
            wrap: true,
            ..PaneText::default()
        }
    }

    /// `Contract 250 ♠ by Southeast`, with the called partner.
    fn contract_line(&self) -> Line<'static> {
        let (t, p) = (self.theme, self.info);
        let contract = p.contract.map_or("?".to_string(), |c| c.to_string());
        let mut spans = vec![Span::styled(format!("Contract {contract} "), t.strong())];
        spans.push(match p.trump {
            Some(suit) => Span::styled(t.suit(suit), t.suit_style(suit)),
            None => Span::raw("no trump"),
        });
        if let Some(d) = p.declarer {
            spans.push(Span::styled(format!(" by {}", d.name()), t.strong()));
        }
        if let Some(partner) = p.partner {
            spans.push(Span::raw(format!(", partner {}", partner.seat.name())));
            if let Some(card) = partner.card {
                spans.push(Span::raw(" for "));
                spans.push(t.card(card.suit, card.rank));
            }
        }
        Line::from(spans)
    }

    /// The kitty taken by declarer, the cards passed and the discard.
    fn exchange(&self) -> Vec<Line<'static>> {
        let p = self.info;
        let mut lines = Vec::new();
        if !p.kitty.is_empty() {
            let mut spans = vec![Span::raw("Kitty ")];
            spans.extend(self.card_spans(&p.kitty));
            if let Some(d) = p.declarer.or(p.leader) {
                spans.push(Span::raw(format!("to {}", d.name())));
            }
            lines.push(Line::from(spans));
        }
        for passed in &p.passed {
            let mut spans = vec![Span::raw(format!(
                "{} to {} ",
                passed.from.name(),
                passed.to.name()
            ))];
            spans.extend(self.hand_spans(&passed.cards));
            lines.push(Line::from(spans));
        }
        if let Some(discard) = &p.discard {
            let who = p.declarer.or(p.leader).map_or("Declarer", Seat::name);
            let mut spans = vec![Span::raw(format!("{who} lays aside "))];
            spans.extend(self.hand_spans(&discard.cards));
            let points = |n: u32| if n == 1 { "point" } else { "points" };
            spans.extend(
                discard
                    .points
                    .map(|n| Span::raw(format!("for {n} {}", points(n)))),
            );
            lines.push(Line::from(spans));
        }
        lines
    }

    /// Each seat's meld with its combinations named, then the teams'.
    fn melds(&self) -> Vec<Line<'static>> {
        let (t, p) = (self.theme, self.info);
        let mut lines = Vec::new();
        for (i, meld) in p.melds.iter().enumerate() {
            let counted = self
                .worked
                .and_then(|w| w.melds.get(i))
                .map(|(_, c)| c.as_slice());
            let points = counted.map(crate::scoring::pinochle::total).or(meld.points);
            let mut spans = vec![Span::styled(format!("{:<3}", meld.seat.abbreviation()), t.dim())];
            spans.extend(self.hand_spans(&meld.cards));
            spans.extend(points.map(|n| Span::styled(n.to_string(), t.strong())));
            lines.push(Line::from(spans));
            if let Some(counted) = counted.filter(|c| !c.is_empty()) {
                lines.push(self.combinations(counted));
            }
        }
        let teams = p.teams();
        // With no Melds tag the meld laid is not known: no total of 0.
        let totals = match self.worked {
            Some(w) if !p.melds.is_empty() => Some(by_team(&w.teams, &w.meld)),
            _ => p
                .meld_scores
                .as_ref()
                .map(|s| by_team(&teams, &written(&s.values))),
        };
        lines.extend(totals.map(|s| Line::styled(format!("Meld {s}"), t.strong())));
        lines
    }

    /// `   run 15 · marriage ♠ 2 · kings around 8`.
    fn combinations(&self, counted: &[Counted]) -> Line<'static> {
        let t = self.theme;
        let mut spans = vec![Span::raw("   ")];
        for (i, c) in counted.iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" · ", t.dim()));
            }
            spans.push(Span::raw(c.name()));
            if let crate::scoring::pinochle::Combination::Marriage(suit) = c.combination {
                spans.push(Span::raw(" "));
                spans.push(Span::styled(t.suit(suit), t.suit_style(suit)));
            }
            spans.push(Span::raw(format!(" {}", c.points)));
        }
        Line::from(spans)
    }

    /// The game's scores before the hand, and at its end the result with
    /// the hand's scores and the game's after it.
    fn scores(&self) -> Vec<Line<'static>> {
        let (t, p) = (self.theme, self.info);
        let teams = p.teams();
        let mut lines: Vec<Line<'static>> = p
            .game_scores
            .iter()
            .map(|s| Line::raw(format!("Game before {}", by_team(&teams, &written(&s.values)))))
            .collect();
        if self.reached < Segment::Result {
            return lines;
        }
        let outcome = pinochle::outcome(p, self.worked);
        let words: Vec<String> = [
            outcome.map(|o| o.name().to_string()),
            p.termination.as_deref().map(termination),
            p.victor.as_ref().map(|v| format!("victor team {}", sanitize(v))),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !words.is_empty() {
            lines.push(Line::styled(words.join(" · "), t.strong()));
        }
        lines.extend(self.against_contract());
        let hand = pinochle::hand_scores(p, self.worked);
        lines.extend(hand.map(|h| Line::raw(format!("Hand {}", by_team(&teams, &written(&h))))));
        // Where kibitzer does not know the chart, the game's score after
        // the hand is what the record states.
        let after = self.worked.and_then(|w| w.game_after.clone());
        if let Some(after) = after.or_else(|| pinochle::stated_after(p)) {
            lines.push(Line::styled(
                format!("Game {}", by_team(&teams, &after)),
                t.strong(),
            ));
        }
        lines
    }
}

impl PinochleBox<'_> {
    /// What declarer's team made against the contract: `E-W 39 meld + 16
    /// counters = 55 of 60`.
    fn against_contract(&self) -> Option<Line<'static>> {
        let (w, p) = (self.worked?, self.info);
        if p.melds.is_empty() {
            return None;
        }
        let team = w
            .teams
            .iter()
            .position(|t| p.declarer.is_some_and(|d| t.contains(&d)))?;
        let (meld, counters) = (w.meld_kept[team], w.counters[team]);
        Some(Line::raw(format!(
            "{} {meld} meld + {counters} counters = {} of {}",
            team_name(&w.teams[team]),
            meld.saturating_add(counters),
            p.contract?
        )))
    }
}

/// A written score's values, `?` where unknown.
pub fn written(values: &[Option<i32>]) -> Vec<String> {
    values
        .iter()
        .map(|v| v.map_or("?".to_string(), |n| n.to_string()))
        .collect()
}

/// The header's second line for a Pinochle hand: the contract once the
/// auction has been shown.
pub fn header(r: &Record, p: &Pinochle, contract: bool, theme: Theme) -> Line<'static> {
    let mut parts = Vec::new();
    let deck = if p.double_deck { "double" } else { "single" };
    parts.push(format!("{deck}-deck, {} hands", p.players));
    parts.extend(r.dealer().map(|d| format!("Dealer {}", d.name())));
    if let (Some(c), Some(d), true) = (p.contract, p.declarer, contract) {
        let trump = p.trump.map_or("no trump".to_string(), |s| theme.suit(s));
        parts.push(format!("{c} {trump} by {}", d.name()));
    }
    Line::styled(sanitize(&parts.join(" · ")), theme.strong())
}

/// A hand's untimely end in words: the spec writes the seat at fault, or
/// `-` for none, then the cause (`W:Time out`, `-:Abandoned`).
fn termination(text: &str) -> String {
    match text.split_once(':') {
        Some((seat, cause)) => {
            let who = match seat.trim() {
                "-" => "no seat at fault".to_string(),
                seat => {
                    let mut letters = seat.chars();
                    let named = match (letters.next().and_then(Seat::from_letter), letters.next()) {
                        (Some(one), None) => one.name().to_string(),
                        _ => sanitize(seat),
                    };
                    format!("by {named}")
                }
            };
            format!("ended early: {} ({who})", sanitize(cause.trim()))
        }
        None => format!("ended early: {}", sanitize(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::termination;

    #[test]
    fn an_untimely_end_reads_in_words() {
        assert_eq!(
            termination("-:Abandoned"),
            "ended early: Abandoned (no seat at fault)"
        );
        assert_eq!(termination("W:Time out"), "ended early: Time out (by West)");
        assert_eq!(termination("NE:Reneged"), "ended early: Reneged (by NE)");
        assert_eq!(termination("Reneged"), "ended early: Reneged");
    }
}
