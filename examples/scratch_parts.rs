use kibitzer::model::SourceFormat;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[1]).unwrap();
    let mb = bytes.len() as f64 / 1e6;
    let pbn = args[1].ends_with(".pbn");
    let fmt = if pbn { SourceFormat::Pbn } else { SourceFormat::Rbn };
    let spans: Vec<_> = kibitzer::archive::scan(&bytes, fmt).collect();
    for _ in 0..3 {
        let t = Instant::now();
        let n = kibitzer::archive::scan(&bytes, fmt).count();
        let a = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let mut v = 0;
        if pbn {
            let mut ctx = kibitzer::notation::pbn::Context::default();
            for s in &spans {
                let t = unsafe { std::str::from_utf8_unchecked(&bytes[s.start..s.end]) };
                if kibitzer::notation::pbn::vet(t, &mut ctx) {
                    v += 1
                }
            }
        } else {
            let mut c = kibitzer::notation::rbn::Carry::default();
            for s in &spans {
                let t = unsafe { std::str::from_utf8_unchecked(&bytes[s.start..s.end]) };
                if kibitzer::notation::rbn::vet(t, fmt, s.table, &mut c) {
                    v += 1
                }
            }
        }
        let c = t.elapsed().as_secs_f64();
        println!(
            "{n} scan {:.1}ms ({:.0} MB/s, {:.2} us/rec)  vet {:.1}ms ({:.0} MB/s, {:.2} us/rec) {v}",
            a * 1e3,
            mb / a,
            a * 1e6 / n as f64,
            c * 1e3,
            mb / c,
            c * 1e6 / n as f64
        );
    }
}
