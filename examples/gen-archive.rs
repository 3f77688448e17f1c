//! Writes a realistic archive to stdout for benchmarks and comparisons:
//!
//!     cargo run --release --example gen-archive -- --format pbn|rbn|lin --records 100000 --seed 1 > big.pbn

use std::io::{self, BufWriter, Write};

use clap::{Parser, ValueEnum};
use kibitzer::model::SourceFormat;
use kibitzer::testing::generate::write_archive;

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Pbn,
    Rbn,
    Lin,
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
    let format = match args.format {
        Format::Pbn => SourceFormat::Pbn,
        Format::Rbn => SourceFormat::Rbn,
        Format::Lin => SourceFormat::Lin,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    write_archive(format, args.records, args.seed, &mut out)?;
    out.flush()
}
