//! Writes a realistic archive to stdout for benchmarks and comparisons:
//!
//!     cargo run --release --example gen-archive -- --format pbn --records 100000 --seed 1 > big.pbn

use std::io::{self, BufWriter, Write};

use clap::{Parser, ValueEnum};
use kibitzer::generate::{Rng, record, write_pbn};
use kibitzer::notation::rbn::write_rbn;

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Pbn,
    Rbn,
}

#[derive(Parser)]
struct Args {
    #[arg(long, value_enum)]
    format: Format,
    #[arg(long)]
    records: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> io::Result<()> {
    let args = Args::parse();
    let mut rng = Rng::new(args.seed);
    let mut out = BufWriter::new(io::stdout().lock());
    // Written in batches so that memory stays small for a million records.
    let mut number = 0;
    let mut first = true;
    while number < args.records {
        let batch: Vec<_> = (0..10_000.min(args.records - number))
            .map(|i| record(&mut rng, number + i + 1))
            .collect();
        number += batch.len();
        let text = match args.format {
            Format::Pbn => write_pbn(&batch),
            Format::Rbn => write_rbn(&batch),
        };
        // Each batch starts with the file's signature; keep only the first.
        let body = if first {
            text.as_str()
        } else {
            text.split_once('\n').map_or("", |(_, rest)| rest)
        };
        let body = if !first && matches!(args.format, Format::Pbn) {
            body.split_once('\n').map_or("", |(_, r)| r)
        } else {
            body
        };
        out.write_all(body.as_bytes())?;
        if matches!(args.format, Format::Rbn) {
            out.write_all(b"\n")?;
        }
        first = false;
    }
    out.flush()
}
