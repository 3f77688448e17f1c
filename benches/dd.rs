//! Double-dummy speed on generated deals: the table of one deal, the
//! tables of a file of deals, each legal card's value at the opening lead
//! and after four tricks (a cold solve each time, as when the viewer
//! first shows a position), and a whole play's analysis.
//!
//!     cargo bench --bench dd
//!
//! `scripts/dd-vs-endplay.sh` puts `dump --dd` beside endplay's DDS.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use kibitzer::analysis::{FullDeal, PlayInput, analyse_play, card_values, solve_table, solve_tables};
use kibitzer::model::Record;
use kibitzer::replay::Replay;
use kibitzer::testing::generate::{Rng, record};

/// Generated records with a contract and a full play.
fn played(n: usize) -> Vec<Record> {
    let mut rng = Rng::new(1);
    (1..)
        .map(|i| record(&mut rng, i))
        .filter(|r| r.contract().is_some() && r.plays().count() == 52)
        .take(n)
        .collect()
}

/// Deals the table of one deal is timed on: enough that their median is
/// a fair one (tables are quick for most deals and very slow for a few).
const TABLE_DEALS: usize = 101;

/// The first generated deals, the ones `dd-export --time --seed 1` times
/// (scripts/dd-table-vs-endplay.sh puts endplay beside them).
fn dealt(n: usize) -> Vec<FullDeal> {
    let mut rng = Rng::new(1);
    (1..=n)
        .map(|i| FullDeal::of(&record(&mut rng, i)).unwrap())
        .collect()
}

fn tables(c: &mut Criterion) {
    let deals = dealt(TABLE_DEALS);
    let mut group = c.benchmark_group("dd");
    // One deal a sample, each sample a different deal: criterion's median
    // is then the median deal's time, as the viewer meets it, where an
    // average over deals is swayed by the few slow ones.
    group
        .sample_size(TABLE_DEALS)
        .sampling_mode(SamplingMode::Flat)
        .measurement_time(Duration::from_secs(30));
    let mut at = 0;
    let mut took = Vec::new();
    group.bench_function("table of one deal", |b| {
        b.iter_custom(|iters| {
            at = (at + 1) % deals.len();
            let start = Instant::now();
            for _ in 0..iters {
                black_box(solve_table(&deals[at]));
            }
            took.push(start.elapsed() / iters as u32);
            start.elapsed()
        })
    });
    report_per_deal(&mut took);
    group.sample_size(10).sampling_mode(SamplingMode::Auto);
    group.measurement_time(Duration::from_secs(20));
    let played: Vec<FullDeal> = played(20).iter().map(|r| FullDeal::of(r).unwrap()).collect();
    group.bench_function("tables of 20 deals", |b| {
        b.iter(|| black_box(solve_tables(&played)))
    });
    group.finish();
}

/// The median and mean over the measured samples (the last, after
/// criterion's warm-up), one deal each.
fn report_per_deal(took: &mut [Duration]) {
    let from = took.len().saturating_sub(TABLE_DEALS);
    let measured = &mut took[from..];
    if measured.is_empty() {
        return; // filtered out
    }
    measured.sort();
    let mean = measured.iter().sum::<Duration>() / measured.len() as u32;
    println!(
        "table of one deal, per deal over {} deals: median {:.1?}, mean {mean:.1?}, slowest {:.1?}",
        measured.len(),
        measured[measured.len() / 2],
        measured[measured.len() - 1]
    );
}

fn positions(c: &mut Criterion) {
    let records = played(20);
    let replays: Vec<Replay> = records.iter().map(Replay::new).collect();
    let mut group = c.benchmark_group("dd");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    for (name, cards) in [("cards at the opening lead", 0), ("cards after four tricks", 16)] {
        let mut at = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                at = (at + 1) % records.len();
                let contract = records[at].contract().unwrap();
                let position = replays[at].position(cards);
                black_box(card_values(position, contract.strain, contract.declarer).unwrap())
            })
        });
    }
    let inputs: Vec<PlayInput> = records
        .iter()
        .zip(&replays)
        .map(|(r, p)| PlayInput::of(r, p).unwrap())
        .collect();
    let mut at = 0;
    group.bench_function("whole play", |b| {
        b.iter(|| {
            at = (at + 1) % inputs.len();
            black_box(analyse_play(&inputs[at]))
        })
    });
    group.finish();
}

criterion_group!(benches, tables, positions);
criterion_main!(benches);
