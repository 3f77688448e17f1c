//! Legal Preferans deals, made up at random and played by the rules, are
//! written as bracket PPN and as JSON and read back: no problem is found,
//! and the summary written (worked out here, by the README's rules) is the
//! one kibitzer works out from the play.

use kibitzer::archive::read_checked;
use kibitzer::model::{Record, SourceFormat};
use proptest::prelude::*;

const CODES: [&str; 4] = ["12345678", "9ABCDEFG", "HIJKLMNO", "PQRSTUVW"];

/// A small random source, so that one seed makes one deal.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn suit(c: char) -> usize {
    CODES.iter().position(|s| s.contains(c)).unwrap()
}

fn rank(c: char) -> usize {
    CODES[suit(c)].find(c).unwrap()
}

/// One deal's fields, as the bracket form writes them.
struct Made {
    fields: Vec<String>,
}

/// The auction: one bidder alone, or the first holding with "mine" below
/// the main player's last bid, or a game. The highest bids, the winner's
/// deal-order index, the contract's number and whether it is a game.
fn auction(dice: &mut Dice) -> (Vec<String>, usize, u8, bool) {
    let at = dice.roll(3);
    let game = dice.roll(4) == 0;
    let mut bids = vec!["P".to_string(); 3];
    let code = if game {
        let code = 2 + dice.roll(6) as u8;
        bids[at] = format!("G{code}");
        code
    } else if at == 1 && dice.roll(2) == 0 {
        let k = 4 + dice.roll(4) as u8;
        bids[0] = format!("M{}", k - 1);
        bids[1] = k.to_string();
        k + dice.roll(usize::from(8 - k)) as u8
    } else {
        bids[at] = "2".to_string();
        2 + dice.roll(6) as u8
    };
    (bids, at, code, game)
}

/// Who follows (deal-order indices), the accepted field and a kontra.
fn defence(dice: &mut Dice, at: usize, order: &[usize]) -> (Vec<usize>, String, String) {
    let others: Vec<usize> = (0..3).filter(|&i| i != at).collect();
    let followers = match dice.roll(3) {
        0 => vec![others[dice.roll(2)]],
        _ => others,
    };
    let mut following: Vec<usize> = followers.iter().map(|&i| order[i]).collect();
    following.sort_unstable();
    let accepted = if followers.len() == 2 {
        "8".to_string()
    } else {
        following[0].to_string()
    };
    let kontra = match dice.roll(6) {
        0 => "0".to_string(),
        k => format!(
            "{}{}",
            ['I', 'K', 'R', 'S', 'M'][k - 1],
            following[dice.roll(following.len())]
        ),
    };
    (followers, accepted, kontra)
}

/// The value and each player's summary line, by the README's rules.
fn summary(
    code: u8,
    game: bool,
    kontra: &str,
    refa: bool,
    at: usize,
    followers: &[usize],
    won: [usize; 3],
) -> (i64, Vec<String>) {
    let factor = match kontra.chars().next() {
        Some('K') => 2,
        Some('R') => 4,
        Some('S') => 8,
        Some('M') => 16,
        _ => 1,
    };
    let value = 2 * (i64::from(code) + i64::from(game)) * factor * if refa { 2 } else { 1 };
    let made = match code {
        6 => won[at] == 0,
        8 => won[at] == 10,
        _ => won[at] >= 6,
    };
    // A lone follower plays the other's hand open and takes its tricks.
    let idle: usize = (0..3)
        .filter(|i| *i != at && !followers.contains(i))
        .map(|i| won[i])
        .sum();
    let took = |i: usize| won[i] + if followers.len() == 1 { idle } else { 0 };
    let between: usize = followers.iter().map(|&i| took(i)).sum();
    let line = |i: usize| {
        if i == at {
            return format!("M{}:{}", won[i], if made { -value } else { value });
        }
        if !followers.contains(&i) {
            return "0".to_string();
        }
        let tricks = took(i);
        let short = tricks < 2 && (followers.len() == 1 || between < 4);
        let fell = if made && code != 6 && short {
            format!(":{value}")
        } else {
            String::new()
        };
        // A made betl's tricks are no soup.
        let soup = if made && code == 6 {
            0
        } else {
            tricks as i64 * value
        };
        format!("F{tricks}:L{soup}{fell}")
    };
    (value, (0..3).map(line).collect())
}

fn make(seed: u64) -> Made {
    let mut dice = Dice(seed | 1);
    let mut deck: Vec<char> = CODES.concat().chars().collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, dice.roll(i + 1));
    }
    // The cards go round the table: 123, 231 or 312.
    let mut order = [1usize, 2, 3];
    order.rotate_left(dice.roll(3));
    let mut hands: Vec<Vec<char>> = (0..3).map(|i| deck[i * 10..i * 10 + 10].to_vec()).collect();
    let (bids, at, code, game) = auction(&mut dice);
    // Spades, diamonds, hearts, clubs: the codes' own suit order.
    let trump = (code <= 5).then(|| usize::from(code) - 2);
    let mut discarded = "XX".to_string();
    if !game {
        let mut held: Vec<char> = hands[at].iter().chain(&deck[30..]).copied().collect();
        let first = held.remove(dice.roll(held.len()));
        let second = held.remove(dice.roll(held.len()));
        discarded = format!("{first}{second}");
        hands[at] = held;
    }
    let (followers, accepted, kontra) = defence(&mut dice, at, &order);
    let refa = dice.roll(3) == 0;
    let players: Vec<usize> = (0..3).filter(|&i| i == at || followers.contains(&i)).collect();
    let (tricks, won) = play(&mut dice, &mut hands, &players, trump);
    let throws: Vec<String> = tricks
        .iter()
        .map(|(cards, l)| format!("{cards}{}", order[*l]))
        .collect();
    let (value, lines) = summary(code, game, &kontra, refa, at, &followers, won);
    let contract = if game {
        format!("G{code}")
    } else {
        code.to_string()
    };
    let fields = [
        "1".to_string(),
        order.iter().map(ToString::to_string).collect(),
        deck.iter().collect(),
        bids.join(","),
        order[at].to_string(),
        discarded,
        contract,
        accepted,
        kontra,
        u8::from(refa).to_string(),
        value.to_string(),
        order[players[0]].to_string(),
        throws.join(","),
        lines.join(","),
    ];
    Made {
        fields: fields.to_vec(),
    }
}

/// A trick's cards and the deal-order index of its winner.
type Trick = (String, usize);

/// Ten tricks by the rules, the first led by the first in deal order who
/// plays: follow suit, else trump, else anything. Each trick and the
/// tricks each (by deal-order index) took.
fn play(
    dice: &mut Dice,
    hands: &mut [Vec<char>],
    players: &[usize],
    trump: Option<usize>,
) -> (Vec<Trick>, [usize; 3]) {
    let mut won = [0; 3];
    let mut throws = Vec::new();
    let mut leader = players[0];
    for _ in 0..10 {
        let start = players.iter().position(|&p| p == leader).unwrap();
        let turn: Vec<usize> = (0..players.len())
            .map(|k| players[(start + k) % players.len()])
            .collect();
        let mut trick: Vec<(usize, char)> = Vec::new();
        for &p in &turn {
            let led = trick.first().map(|(_, c)| suit(*c));
            let hand = &hands[p];
            let follow: Vec<char> = hand.iter().copied().filter(|&c| Some(suit(c)) == led).collect();
            let ruff: Vec<char> = hand.iter().copied().filter(|&c| Some(suit(c)) == trump).collect();
            let legal = if led.is_none() || (follow.is_empty() && ruff.is_empty()) {
                hand.clone()
            } else if follow.is_empty() {
                ruff
            } else {
                follow
            };
            let card = legal[dice.roll(legal.len())];
            hands[p].retain(|&c| c != card);
            trick.push((p, card));
        }
        let led = suit(trick[0].1);
        let key = |c: char| {
            (
                if Some(suit(c)) == trump {
                    2
                } else {
                    usize::from(suit(c) == led)
                },
                rank(c),
            )
        };
        leader = trick.iter().max_by_key(|(_, c)| key(*c)).unwrap().0;
        won[leader] += 1;
        let cards: String = trick.iter().map(|(_, c)| c).collect();
        throws.push((cards, leader));
    }
    (throws, won)
}

impl Made {
    fn bracket(&self) -> String {
        let tags = "[Bula 60]\n[Refe 2]\n[Player1 ana]\n[Player2 boris]\n[Player3 cveta]\n\
                    [Result1 0]\n[Result2 0]\n[Result3 0]\n\n";
        format!("{tags}[{}]\n", self.fields.join(" "))
    }

    /// The JSON form: cards and bids by deal order, the summary by player.
    fn json(&self) -> String {
        let f = &self.fields;
        let number = |s: &str| s.parse::<i64>().unwrap();
        let cards = &f[2];
        let bids: Vec<&str> = f[3].split(',').collect();
        let throws: Vec<serde_json::Value> = f[12]
            .split(',')
            .enumerate()
            .map(|(i, t)| {
                let (cards, winner) = t.split_at(t.len() - 1);
                serde_json::json!({"id": i + 1, "cards": cards, "winner": number(winner)})
            })
            .collect();
        let mut summary = serde_json::Map::new();
        for (p, line) in f[1].chars().zip(f[13].split(',')) {
            let parts: Vec<&str> = line.get(1..).unwrap_or("").split(':').collect();
            let entry = match line.chars().next() {
                Some('M') => {
                    serde_json::json!({"main": true, "tricks": number(parts[0]), "middle": number(parts[1])})
                }
                Some('F') => {
                    let mut e = serde_json::json!({"main": false, "tricks": number(parts[0]), "left": number(&parts[1][1..])});
                    if let Some(m) = parts.get(2) {
                        e["middle"] = number(m).into();
                    }
                    e
                }
                _ => serde_json::json!({"main": false, "tricks": 0}),
            };
            summary.insert(format!("p{p}"), entry);
        }
        let contract: serde_json::Value = match f[6].parse::<i64>() {
            Ok(n) => n.into(),
            Err(_) => f[6].clone().into(),
        };
        let deal = serde_json::json!({
            "id": 1,
            "dealOrder": number(&f[1]),
            "cards": {"p1": &cards[..10], "p2": &cards[10..20], "p3": &cards[20..30], "t": &cards[30..]},
            "bids": {"p1": bids[0], "p2": bids[1], "p3": bids[2]},
            "main": number(&f[4]),
            "discarded": f[5],
            "contract": contract,
            "accepted": number(&f[7]),
            "kontra": f[8],
            "refa": f[9] == "1",
            "value": number(&f[10]),
            "starts": number(&f[11]),
            "throws": throws,
            "summary": summary,
        });
        serde_json::to_string_pretty(&deal).unwrap()
    }
}

/// The one record read, with its problems and what it works out.
fn read_back(text: &str, format: SourceFormat) -> Record {
    let mut records: Vec<Record> = read_checked(text.as_bytes(), format).collect();
    assert_eq!(records.len(), 1);
    records.remove(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn legal_deals_read_back_clean_in_both_forms(seed in any::<u64>()) {
        let made = make(seed);
        for (text, format) in [(made.bracket(), SourceFormat::PpnPreferans), (made.json(), SourceFormat::PpnPreferansJson)] {
            let r = read_back(&text, format);
            prop_assert!(r.problems.is_empty(), "{:?}\n{}", r.problems, text);
            let p = r.preferans().unwrap();
            let worked = p.settle_play(r.play.as_ref()).unwrap();
            prop_assert_eq!(&p.summary, &worked.tallies, "{}", text);
            prop_assert_eq!(p.value, Some(worked.value));
            prop_assert!(!p.calls.is_empty());
        }
    }
}
