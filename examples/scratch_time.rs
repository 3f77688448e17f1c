use std::time::Instant;
use kibitzer::model::SourceFormat;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[1]).unwrap();
    let mb = bytes.len() as f64 / 1e6;
    for _ in 0..3 {
        let t = Instant::now();
        let n = if args[1].ends_with(".pbn") { kibitzer::notation::pbn::Scan::new(&bytes).count() } else { kibitzer::notation::rbn::Scan::new(&bytes, SourceFormat::Rbn).count() };
        let s = t.elapsed().as_secs_f64();
        println!("scan: {n} spans {:.1} ms, {:.0} MB/s", s * 1e3, mb / s);
    }
    let t = Instant::now();
    let n = kibitzer::archive::read_checked(&bytes, if args[1].ends_with(".pbn") {SourceFormat::Pbn} else {SourceFormat::Rbn}).count();
    let s = t.elapsed().as_secs_f64();
    println!("read+check: {n} records {:.1} ms, {:.1} MB/s, {:.0} rec/s", s * 1e3, mb / s, n as f64 / s);
}
