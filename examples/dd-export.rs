//! Writes random deals with kibitzer's double-dummy answers as JSON lines,
//! for `scripts/dd-vs-endplay.py` to check against endplay's DDS:
//!
//!     cargo run --release --example dd-export -- --deals 200 --positions 3 --seed 1 > dd.jsonl
//!
//! Each line: the deal, its table (strains C D H S NT, seats N E S W), the
//! whole play's analysis, and positions at random points of the play with
//! the value of every legal card (declarer's side's total tricks).
//!
//! With `--time`, each line is only the deal, its table and what the table
//! took (`wall_ms`, `cpu_ms`: the process's CPU, both solver threads), one
//! deal at a time as the viewer asks for it, after one untimed table that
//! warms the solver up as the viewer's first table does. That is for
//! `scripts/dd-table-vs-endplay.sh`.

use std::io::{self, BufWriter, Write};
use std::time::{Duration, Instant};

use clap::Parser;
use kibitzer::analysis::{FullDeal, PlayInput, analyse_play, card_values, solve_table};
use kibitzer::model::{Record, Rules, Seat, Strain};
use kibitzer::replay::Replay;
use kibitzer::testing::generate::{Rng, record};
use serde_json::{Value, json};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 200)]
    deals: usize,
    /// Positions per deal, at random points of its play.
    #[arg(long, default_value_t = 3)]
    positions: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Time each table instead of exporting plays and positions.
    #[arg(long)]
    time: bool,
}

const SEATS: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

fn main() -> io::Result<()> {
    let args = Args::parse();
    let mut rng = Rng::new(args.seed);
    let mut out = BufWriter::new(io::stdout().lock());
    for number in 1..=args.deals {
        let r = record(&mut rng, number);
        let Ok(deal) = FullDeal::of(&r) else { continue };
        let line = if args.time {
            timed(&r, &deal, number == 1)
        } else {
            export(&r, &deal, &mut rng, args.positions)
        };
        writeln!(out, "{line}")?;
    }
    out.flush()
}

fn rows(deal: &FullDeal) -> Vec<Vec<u8>> {
    let table = solve_table(deal);
    Strain::ALL
        .iter()
        .map(|&strain| SEATS.iter().map(|&s| table.tricks(s, strain)).collect())
        .collect()
}

fn timed(r: &Record, deal: &FullDeal, first: bool) -> Value {
    if first {
        rows(deal);
    }
    let (wall, cpu) = (Instant::now(), cpu_time());
    let table = rows(deal);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    json!({ "deal": pbn(r), "table": table, "wall_ms": ms(wall.elapsed()), "cpu_ms": ms(cpu_time() - cpu) })
}

/// CPU time of the whole process, the solver's pool threads included.
fn cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

fn export(r: &Record, deal: &FullDeal, rng: &mut Rng, positions: usize) -> Value {
    let mut line = json!({ "deal": pbn(r), "table": rows(deal) });
    let (Some(contract), replay) = (r.contract(), Replay::new(r)) else {
        return line;
    };
    let input = PlayInput::of(r, &replay).expect("a generated deal is complete");
    let played: Vec<String> = input.cards.iter().map(|(_, c)| c.to_string()).collect();
    line["declarer"] = json!(contract.declarer.abbreviation());
    line["strain"] = json!(contract.strain.letter().to_string());
    line["play"] = json!(played);
    line["play_tricks"] = json!(analyse_play(&input).tricks);
    let points = (0..positions).map(|_| rng.below(played.len().max(1)));
    let found: Vec<Value> = points
        .map(|k| position(&replay, k, contract.strain, contract.declarer))
        .collect();
    line["positions"] = json!(found);
    line
}

fn position(replay: &Replay, k: usize, strain: Strain, declarer: Seat) -> Value {
    let at = replay.position(k);
    let values = card_values(at, strain, declarer).expect("every card is known");
    let cards: serde_json::Map<String, Value> = values
        .values
        .iter()
        .map(|(c, v)| (c.to_string(), json!(v)))
        .collect();
    json!({
        "played": k,
        "player": values.player.map(Seat::abbreviation),
        "won": values.won,
        "left": values.player.map(|p| at.hands[p].len()),
        "values": cards,
    })
}

fn pbn(r: &Record) -> String {
    let hands = &r.deal.as_ref().expect("a generated deal").hands;
    let text: Vec<String> = SEATS
        .iter()
        .map(|&s| hands[s].to_suit_string(Rules::Bridge))
        .collect();
    format!("N:{}", text.join(" "))
}
