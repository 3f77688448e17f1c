//! A Preferans game's score sheet (the paper), deal by deal: each player's
//! bula from `[Bula]` moved by his entries, the soups he writes against
//! each opponent, the refas written for deals passed out and used out of
//! `[Refe]`, and the results worked out from them and checked against the
//! game's `Result` and `Place` tags.
//!
//! The settlement is prefko's (`preferans-score-js`, the score library of
//! the spec's authors): a player's result is the soups he wrote, less the
//! soups written against him, less ten times the bula he still holds.
//! The three results sum to zero once the bulas do, which is when the game
//! is played out.

use std::ops::Range;

use serde::Serialize;

use crate::model::{HighBid, Preferans, Record, Rules, Tally};

const GAME: Rules = Rules::Preferans;

/// One number written on the paper: the new total, by the deal that
/// wrote it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub deal: String,
    pub total: i64,
}

/// A refa written for a deal passed out, and the deal its player used it
/// in, made or failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refa {
    pub written: String,
    pub used: Option<String>,
    pub made: Option<bool>,
}

/// The soups a player writes against one opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Soups {
    /// The opponent's number.
    pub on: u8,
    pub entries: Vec<Entry>,
}

impl Soups {
    pub fn total(&self) -> i64 {
        self.entries.last().map_or(0, |e| e.total)
    }
}

/// One player's column: his soups on the player before him (left, as
/// prefko's paper has it), his bula (middle) and his soups on the player
/// after him (right).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Paper {
    pub player: u8,
    pub name: String,
    pub left: Soups,
    /// The bula as it started, then each new total.
    pub bula: Vec<Entry>,
    pub right: Soups,
    pub refas: Vec<Refa>,
}

impl Paper {
    fn new(player: u8, name: String, bula: i64) -> Paper {
        let before = (player + 1) % 3 + 1;
        Paper {
            player,
            name,
            left: Soups {
                on: before,
                entries: Vec::new(),
            },
            bula: vec![Entry {
                deal: String::new(),
                total: bula,
            }],
            right: Soups {
                on: player % 3 + 1,
                entries: Vec::new(),
            },
            refas: Vec::new(),
        }
    }

    pub fn bula_now(&self) -> i64 {
        self.bula.last().map_or(0, |e| e.total)
    }

    /// Soups this player wrote against `on`.
    pub fn soups_on(&self, on: u8) -> i64 {
        [&self.left, &self.right]
            .iter()
            .filter(|s| s.on == on)
            .fold(0, |sum, s| sum.saturating_add(s.total()))
    }

    fn add_bula(&mut self, deal: &str, change: i64) {
        let total = self.bula_now().saturating_add(change);
        self.bula.push(Entry {
            deal: deal.to_string(),
            total,
        });
    }

    fn add_soup(&mut self, deal: &str, on: u8, soup: i64) {
        let Some(soups) = [&mut self.left, &mut self.right].into_iter().find(|s| s.on == on) else {
            return;
        };
        let total = soups.total().saturating_add(soup);
        soups.entries.push(Entry {
            deal: deal.to_string(),
            total,
        });
    }
}

/// A deal the sheet can't enter as written, or a stated result or place
/// it disagrees with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The record at fault among those given: the deal, or the game's
    /// first for its tags.
    pub record: usize,
    /// The tag at fault (`Result2`); None for a deal.
    pub tag: Option<String>,
    pub message: String,
}

/// A game's paper up to a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sheet {
    /// The game's records among those given.
    pub records: Range<usize>,
    /// The deals entered: all of the game's, or up to the one being viewed.
    pub entered: usize,
    /// `[Bula]`, where the game gives it; else the sheet counts from 0.
    pub bula: Option<i64>,
    /// `[Refe]`: how many refas the game allows.
    pub refe: Option<u32>,
    pub papers: Vec<Paper>,
    /// Deals passed out, and whether a refa was written for each.
    pub passed: Vec<(String, bool)>,
    /// Each player's result as the sheet stands, and his place.
    pub results: Vec<i64>,
    pub places: Vec<u8>,
    /// The bulas the players still hold between them: 0 once the game is
    /// played out, and only then are the results settled and held to the
    /// game's tags.
    pub left_to_play: i64,
    /// `Result1..3` and `Place1..3`, shown once the sheet reaches the
    /// game's last deal.
    pub stated_results: Option<Vec<Option<i64>>>,
    pub stated_places: Option<Vec<Option<u8>>>,
    /// Deals the sheet could not enter as written, and stated results
    /// that differ from the sheet's.
    pub differences: Vec<Difference>,
}

/// The games among `records`: runs of Preferans deals under the same tags
/// and players, a new game starting where they change. (Deal numbers are
/// no mark: the spec's own example numbers its fourth deal 1.)
pub fn games(records: &[Record]) -> Vec<Range<usize>> {
    let mut games: Vec<Range<usize>> = Vec::new();
    for (i, r) in records.iter().enumerate() {
        if r.preferans().is_none() {
            continue;
        }
        let same = games.last().filter(|g| g.end == i).is_some_and(|g| {
            let before = &records[g.end - 1];
            before.tags == r.tags && before.players == r.players
        });
        match games.last_mut() {
            Some(g) if same => g.end = i + 1,
            _ => games.push(i..i + 1),
        }
    }
    games
}

fn deal_label(r: &Record) -> String {
    r.board
        .as_ref()
        .map_or_else(|| r.number.to_string(), |b| b.number.clone())
}

fn tag<T: std::str::FromStr>(r: &Record, name: &str) -> Option<T> {
    r.tags
        .iter()
        .find(|(n, _)| n == name)
        .and_then(|(_, v)| v.parse().ok())
}

fn stated_tag(r: &Record, name: &str) -> bool {
    r.tags.iter().any(|(n, _)| n == name)
}

impl Sheet {
    /// The paper of the game `game` among `records`, entering its deals
    /// before record `upto` (all of them where None or past its end).
    pub fn of(records: &[Record], game: Range<usize>, upto: Option<usize>) -> Sheet {
        let first = &records[game.start];
        let bula = tag::<i64>(first, "Bula");
        let names = first.players.as_ref().and_then(|p| p.tables.first());
        let papers = (1..=3u8)
            .map(|n| {
                let seat = GAME.player_seat(usize::from(n));
                let name = seat.zip(names).map(|(s, t)| t[s].clone()).unwrap_or_default();
                Paper::new(n, name, bula.unwrap_or(0))
            })
            .collect();
        let end = upto.map_or(game.end, |u| u.clamp(game.start, game.end));
        let mut sheet = Sheet {
            records: game.clone(),
            entered: end - game.start,
            bula,
            refe: tag(first, "Refe"),
            papers,
            passed: Vec::new(),
            results: Vec::new(),
            places: Vec::new(),
            left_to_play: 0,
            stated_results: None,
            stated_places: None,
            differences: Vec::new(),
        };
        for (i, r) in records.iter().enumerate().take(end).skip(game.start) {
            if let Err(why) = sheet.enter(r) {
                let message = format!("deal {}: {why}", deal_label(r));
                sheet.differences.push(Difference {
                    record: i,
                    tag: None,
                    message,
                });
            }
        }
        sheet.settle();
        if end == game.end {
            sheet.check(game.start, first);
        }
        sheet
    }

    /// Enters a deal; Err says why it could not be entered as written.
    fn enter(&mut self, r: &Record) -> Result<(), String> {
        let Some(p) = r.preferans() else { return Ok(()) };
        let deal = deal_label(r);
        if p.main.is_none() && !p.bids.is_empty() && p.bids.iter().all(|b| *b == HighBid::Pass) {
            self.pass_out(&deal);
            return Ok(());
        }
        let Some(main) = p.main.and_then(|m| GAME.player_number(m)) else {
            return Ok(());
        };
        let lines = lines(p, r).ok_or("its summary can't be worked out, so the sheet leaves it out")?;
        for (seat, line) in p.deal_order.iter().zip(lines) {
            let Some(n) = GAME.player_number(*seat) else {
                continue;
            };
            self.write(&deal, n as u8, main as u8, line, p.refa)?;
        }
        Ok(())
    }

    /// A deal passed out writes a refa for every player while the game
    /// has refas left.
    fn pass_out(&mut self, deal: &str) {
        let written = self.papers[0].refas.len();
        let left = self.refe.is_none_or(|r| written < r as usize);
        if left {
            for paper in &mut self.papers {
                paper.refas.push(Refa {
                    written: deal.to_string(),
                    used: None,
                    made: None,
                });
            }
        }
        self.passed.push((deal.to_string(), left));
    }

    fn write(&mut self, deal: &str, player: u8, main: u8, line: Tally, refa: bool) -> Result<(), String> {
        let paper = &mut self.papers[usize::from(player - 1)];
        match line {
            Tally::Out => {}
            Tally::Main { bula, .. } => {
                paper.add_bula(deal, bula);
                if refa {
                    return self.use_refa(deal, player, bula < 0);
                }
            }
            Tally::Follower { soup, bula, .. } => {
                if soup != 0 {
                    paper.add_soup(deal, main, soup);
                }
                if let Some(b) = bula {
                    paper.add_bula(deal, b);
                }
            }
        }
        Ok(())
    }

    /// The main player of a deal under refa uses his oldest refa open.
    fn use_refa(&mut self, deal: &str, player: u8, made: bool) -> Result<(), String> {
        let paper = &mut self.papers[usize::from(player - 1)];
        let refa = (paper.refas.iter_mut().find(|r| r.used.is_none())).ok_or(format!(
            "it is played under refa, but player {player} has no refa open"
        ))?;
        refa.used = Some(deal.to_string());
        refa.made = Some(made);
        Ok(())
    }

    /// Each player's result by prefko's settlement, and the places.
    fn settle(&mut self) {
        let papers = &self.papers;
        self.results = papers
            .iter()
            .map(|p| {
                // Saturating: a file may write any number in a summary.
                let written = p.left.total().saturating_add(p.right.total());
                let against = papers
                    .iter()
                    .fold(0i64, |sum, o| sum.saturating_add(o.soups_on(p.player)));
                written
                    .saturating_sub(against)
                    .saturating_sub(p.bula_now().saturating_mul(10))
            })
            .collect();
        self.places = self
            .results
            .iter()
            .map(|r| 1 + self.results.iter().filter(|o| *o > r).count() as u8)
            .collect();
        self.left_to_play = papers.iter().fold(0, |sum, p| sum.saturating_add(p.bula_now()));
    }

    /// The game's stated results and places against the sheet's.
    fn check(&mut self, record: usize, first: &Record) {
        if !(1..=3).any(|n| stated_tag(first, &format!("Result{n}"))) {
            return;
        }
        let results: Vec<Option<i64>> = (1..=3).map(|n| tag(first, &format!("Result{n}"))).collect();
        let places: Vec<Option<u8>> = (1..=3).map(|n| tag(first, &format!("Place{n}"))).collect();
        self.stated_results = Some(results.clone());
        self.stated_places = Some(places.clone());
        // A game stopped before its bulas are played out has no settled
        // results to hold its tags to.
        if self.left_to_play != 0 {
            return;
        }
        for (i, (stated, worked)) in results.iter().zip(&self.results).enumerate() {
            if *stated != Some(*worked) {
                let said = stated.map_or("no number".to_string(), |s| s.to_string());
                self.differences.push(Difference {
                    record,
                    tag: Some(format!("Result{}", i + 1)),
                    message: format!("the result is {said}, but the sheet comes to {worked}"),
                });
            }
        }
        for (i, (stated, worked)) in places.iter().zip(&self.places).enumerate() {
            if stated.is_some_and(|s| s != *worked) {
                self.differences.push(Difference {
                    record,
                    tag: Some(format!("Place{}", i + 1)),
                    message: format!(
                        "the place is {}, but the sheet's results put player {} in place {worked}",
                        stated.unwrap_or(0),
                        i + 1
                    ),
                });
            }
        }
    }
}

/// Each player's line of a played deal, in deal order: as written, or
/// worked out from the play where the summary is not all there.
fn lines(p: &Preferans, r: &Record) -> Option<Vec<Tally>> {
    if p.summary.len() == p.deal_order.len() && !p.summary.is_empty() {
        return Some(p.summary.clone());
    }
    p.settle_play(r.play.as_ref()).map(|s| s.tallies)
}

/// Every game's sheet among `records`, whole.
pub fn sheets(records: &[Record]) -> Vec<Sheet> {
    games(records)
        .into_iter()
        .map(|g| Sheet::of(records, g, None))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read_checked;
    use crate::model::{Game, SourceFormat};

    const TAGS: &str = "[Bula 60]\n[Refe 2]\n[Player1 ana]\n[Player2 boris]\n[Player3 cveta]\n";

    fn read(text: &str) -> Vec<Record> {
        read_checked(text.as_bytes(), SourceFormat::PpnPreferans).collect()
    }

    fn sample() -> Vec<Record> {
        read(&std::fs::read_to_string("assets/preferans.ppn").unwrap())
    }

    #[test]
    fn the_sample_game_is_written_deal_by_deal() {
        let records = sample();
        let sheet = &sheets(&records)[0];
        let bula = |n: usize| sheet.papers[n].bula.iter().map(|e| e.total).collect::<Vec<_>>();
        assert_eq!(
            bula(0),
            [60, 68, 80, 128],
            "ana fails beside boris in 1, loses a betl, fails a game"
        );
        assert_eq!(bula(1), [60, 68, 96]);
        assert_eq!(bula(2), [60, 52]);
        let cveta = &sheet.papers[2];
        assert_eq!((cveta.left.on, cveta.right.on), (2, 1));
        assert_eq!(cveta.right.entries.last().unwrap().total, 24 + 144);
        assert_eq!(sheet.passed, [("4".to_string(), true)]);
        let refa = &sheet.papers[0].refas[0];
        assert_eq!((refa.used.as_deref(), refa.made), (Some("5"), Some(false)));
        assert_eq!(sheet.left_to_play, 276);
        assert_eq!(
            sheet.results.iter().sum::<i64>(),
            -2760,
            "ten times the bulas left"
        );
    }

    #[test]
    fn a_sheet_up_to_a_deal_enters_no_later_deal_and_states_no_result() {
        let records = sample();
        let sheet = Sheet::of(&records, 0..records.len(), Some(2));
        assert_eq!(sheet.entered, 2);
        assert_eq!(sheet.papers[0].bula_now(), 80);
        assert_eq!(sheet.stated_results, None);
    }

    /// A deal player `main` played, each player's line given by number.
    fn played(n: u32, main: usize, lines: [&str; 3], refa: bool) -> Record {
        let seat = |k: usize| GAME.player_seat(k).unwrap();
        let info = Preferans {
            deal_order: vec![seat(1), seat(2), seat(3)],
            bids: vec![HighBid::Pass; 3],
            main: Some(seat(main)),
            refa,
            summary: lines.iter().map(|l| Tally::parse(l).unwrap()).collect(),
            ..Preferans::default()
        };
        let mut r = Record::new(
            n as usize,
            n,
            SourceFormat::PpnPreferans,
            Game::Preferans(Box::new(info)),
        );
        r.board = Some(crate::model::Board {
            number: n.to_string(),
            ..Default::default()
        });
        r.tags = [
            ("Bula", "8"),
            ("Result1", "-24"),
            ("Result2", "24"),
            ("Result3", "0"),
        ]
        .iter()
        .chain(&[("Place1", "3"), ("Place2", "2"), ("Place3", "2")])
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        r
    }

    #[test]
    fn a_played_out_game_settles_to_zero_and_is_checked_against_its_tags() {
        let records = [
            played(1, 2, ["F3:L24", "M7:-8", "0"], false),
            played(2, 1, ["M6:-8", "0", "0"], false),
            played(3, 3, ["0", "0", "M6:-8"], false),
        ];
        let sheet = &sheets(&records)[0];
        assert_eq!(sheet.left_to_play, 0);
        assert_eq!(sheet.results, [24, -24, 0], "ana's soup on boris");
        assert_eq!(sheet.results.iter().sum::<i64>(), 0);
        assert_eq!(sheet.places, [1, 3, 2]);
        let told: Vec<&str> = sheet
            .differences
            .iter()
            .filter_map(|d| d.tag.as_deref())
            .collect();
        assert_eq!(told, ["Result1", "Result2", "Place1", "Place2"]);
        assert!(
            sheet.differences[0]
                .message
                .contains("is -24, but the sheet comes to 24")
        );
    }

    #[test]
    fn a_deal_under_refa_needs_the_main_players_refa_open() {
        let sheet = &sheets(&[played(1, 2, ["0", "M6:-16", "0"], true)])[0];
        assert_eq!(
            sheet.differences[0].message,
            "deal 1: it is played under refa, but player 2 has no refa open"
        );
    }

    #[test]
    fn games_split_where_the_tags_change() {
        let deal = "[1 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n";
        let text = format!("{TAGS}{deal}{deal}[Bula 50]\n{deal}");
        let records = read(&text);
        assert_eq!(games(&records), [0..2, 2..3]);
        let sheets = sheets(&records);
        assert_eq!(sheets[1].bula, Some(50));
        assert_eq!(sheets[0].papers[2].refas.len(), 2);
    }

    #[test]
    fn numbers_past_any_game_neither_overflow_nor_panic() {
        let huge = format!("M1:{}", i64::MAX);
        let records = [
            played(
                1,
                1,
                [
                    huge.as_str(),
                    "F9:L9223372036854775807",
                    "F9:L9223372036854775807",
                ],
                false,
            ),
            played(2, 1, [huge.as_str(), "0", "0"], false),
        ];
        let sheet = &sheets(&records)[0];
        assert_eq!(sheet.papers[0].bula_now(), i64::MAX);
        assert_eq!(sheet.results[0], i64::MIN);
    }

    #[test]
    fn refas_stop_where_the_game_runs_out_of_them() {
        let deal = |n: u32| format!("[{n} 123 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n");
        let text = format!("{}{}{}{}", TAGS, deal(1), deal(2), deal(3));
        let sheet = &sheets(&read(&text))[0];
        assert_eq!(sheet.papers[0].refas.len(), 2);
        assert_eq!(sheet.passed[2], ("3".to_string(), false));
    }
}
