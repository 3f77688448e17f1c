use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[1]).unwrap();
    let mb = bytes.len() as f64 / 1e6;
    let spans: Vec<_> = kibitzer::notation::pbn::Scan::new(&bytes).collect();
    for _ in 0..3 {
        let t = Instant::now();
        let n = kibitzer::notation::pbn::Scan::new(&bytes).count();
        let a = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let mut ok = 0;
        for s in &spans {
            if std::str::from_utf8(&bytes[s.start..s.end]).is_ok() {
                ok += 1
            }
        }
        let b = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let mut ctx = kibitzer::notation::pbn::Context::default();
        let mut v = 0;
        for s in &spans {
            let t = unsafe { std::str::from_utf8_unchecked(&bytes[s.start..s.end]) };
            if kibitzer::notation::pbn::vet(t, &mut ctx) {
                v += 1
            }
        }
        let c = t.elapsed().as_secs_f64();
        println!(
            "{n} scan {:.1}ms ({:.0} MB/s)  utf8 {:.1}ms  vet {:.1}ms ({:.0} MB/s) {ok} {v}",
            a * 1e3,
            mb / a,
            b * 1e3,
            c * 1e3,
            mb / c
        );
    }
}
