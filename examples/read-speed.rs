//! Times the full reader (bytes to records, every record read in full and
//! in order, the rules not checked) over a file, on one core, for
//! profiling and quick comparisons; the benches give the figures:
//!
//!     cargo run --release --example read-speed -- big.pbn [--check] [--repeat N]

use std::time::Instant;

use kibitzer::archive::read_checked;
use kibitzer::notation::detect::detect;
use kibitzer::notation::reading::Reading;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().expect("a file to read");
    let check = args.iter().any(|a| a == "--check");
    let repeat = args
        .iter()
        .position(|a| a == "--repeat")
        .and_then(|i| args.get(i + 1)?.parse().ok())
        .unwrap_or(1);
    let bytes = std::fs::read(path).expect("a readable file");
    let format = detect(std::path::Path::new(path), &bytes).expect("a notation kibitzer reads");
    let started = Instant::now();
    let mut records = 0;
    for _ in 0..repeat {
        records += if check {
            read_checked(&bytes, format).count()
        } else {
            Reading::new(&bytes, format).count()
        };
    }
    let seconds = started.elapsed().as_secs_f64();
    let mb = (bytes.len() * repeat) as f64 / 1e6;
    println!(
        "{records} records, {mb:.1} MB in {seconds:.2} s: {:.1} MB/s",
        mb / seconds
    );
}
