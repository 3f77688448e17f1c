//! Double-dummy speed on generated deals: the table of one deal, the
//! tables of a file of deals, each legal card's value at the opening lead
//! and after four tricks (a cold solve each time, as when the viewer
//! first shows a position), and a whole play's analysis.
//!
//!     cargo bench --bench dd
//!
//! `scripts/dd-vs-endplay.sh` puts `dump --dd` beside endplay's DDS.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
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

fn tables(c: &mut Criterion) {
    let records = played(20);
    let deals: Vec<FullDeal> = records.iter().map(|r| FullDeal::of(r).unwrap()).collect();
    let mut group = c.benchmark_group("dd");
    group.sample_size(20).measurement_time(Duration::from_secs(10));
    let mut at = 0;
    group.bench_function("table of one deal", |b| {
        b.iter(|| {
            at = (at + 1) % deals.len();
            black_box(solve_table(&deals[at]))
        })
    });
    group.sample_size(10).measurement_time(Duration::from_secs(20));
    group.bench_function("tables of 20 deals", |b| {
        b.iter(|| black_box(solve_tables(&deals)))
    });
    group.finish();
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
