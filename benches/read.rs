//! Reading speed: the scan that finds records (RBN's on every core and on
//! one), `check` (vetting, and the full reader where vetting can't vouch)
//! on one core and on all, and the full reader alone, in MB/s and
//! records/s, on generated archives.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use kibitzer::archive::{problems, read_checked, scan};
use kibitzer::model::SourceFormat;
use kibitzer::notation::rbn;

const RECORDS: usize = 20_000;

fn formats() -> [(&'static str, SourceFormat, Vec<u8>); 2] {
    [
        (
            "pbn",
            SourceFormat::Pbn,
            common::archive(SourceFormat::Pbn, RECORDS),
        ),
        (
            "rbn",
            SourceFormat::Rbn,
            common::archive(SourceFormat::Rbn, RECORDS),
        ),
    ]
}

fn check_on(threads: usize, bytes: &[u8], format: SourceFormat) -> usize {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool");
    pool.install(|| {
        problems(
            bytes,
            format,
            |_| true,
            |p| {
                black_box(p);
            },
        )
    })
}

fn reading(c: &mut Criterion) {
    let archives = formats();
    // The same work measured twice: once per byte, once per record.
    for (unit, per_record) in [("MB", false), ("records", true)] {
        let mut group = c.benchmark_group(format!("read ({unit}/s)"));
        group.measurement_time(Duration::from_secs(4)).sample_size(20);
        for (name, format, bytes) in &archives {
            group.throughput(if per_record {
                Throughput::Elements(RECORDS as u64)
            } else {
                Throughput::Bytes(bytes.len() as u64)
            });
            group.bench_with_input(BenchmarkId::new("scan", name), bytes, |b, bytes| {
                b.iter(|| scan(bytes, *format).count())
            });
            if *format == SourceFormat::Rbn {
                // The RBN scan runs in chunks on every core; this is the
                // same scan on one.
                let id = BenchmarkId::new("scan, one core", name);
                group.bench_with_input(id, bytes, |b, bytes| {
                    b.iter(|| rbn::Scan::new(bytes, *format).count())
                });
            }
            for threads in [1, 2] {
                let id = BenchmarkId::new(format!("check, {threads} core(s)"), name);
                group.bench_with_input(id, bytes, |b, bytes| b.iter(|| check_on(threads, bytes, *format)));
            }
        }
        group.finish();
    }
    let mut group = c.benchmark_group("full reader (MB/s)");
    group.measurement_time(Duration::from_secs(4)).sample_size(10);
    for (name, format, bytes) in &archives {
        let some = &bytes[..bytes.len() / 10];
        group.throughput(Throughput::Bytes(some.len() as u64));
        group.bench_with_input(BenchmarkId::new("read and check", name), some, |b, bytes| {
            b.iter(|| read_checked(bytes, *format).count())
        });
    }
    group.finish();
}

/// LIN hand records, a board to a line: `check` (vetting, with the full
/// reader for what it can't vouch for) and the full reader alone.
fn lin(c: &mut Criterion) {
    let bytes = common::archive(SourceFormat::Lin, RECORDS);
    let mut group = c.benchmark_group("lin (MB/s)");
    group.measurement_time(Duration::from_secs(4)).sample_size(20);
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    for threads in [1, 2] {
        let id = BenchmarkId::new(format!("check, {threads} core(s)"), "lin");
        group.bench_with_input(id, &bytes, |b, bytes| {
            b.iter(|| check_on(threads, bytes, SourceFormat::Lin))
        });
    }
    let some = &bytes[..bytes.len() / 10];
    group.throughput(Throughput::Bytes(some.len() as u64));
    group.bench_with_input(BenchmarkId::new("read and check", "lin"), some, |b, bytes| {
        b.iter(|| read_checked(bytes, SourceFormat::Lin).count())
    });
    group.finish();
}

/// One record of many lines, as RBN and as its one-line RBX form: the RBX
/// line must read about as fast, its pieces each looked at once (counting
/// columns from the line's start for each piece made it take seconds).
fn long_rbx_line(c: &mut Criterion) {
    let lines: Vec<String> = ["B 1".to_string(), "{start".to_string()]
        .into_iter()
        .chain((0..200_000).map(|i| format!("line {i}")))
        .chain(["end}".to_string()])
        .collect();
    let rbn = format!("{}\n\n", lines.join("\n")).into_bytes();
    let rbx = format!("{}}}\n", lines.join("}")).into_bytes();
    let mut group = c.benchmark_group("one record of 200,000 lines");
    group.measurement_time(Duration::from_secs(4)).sample_size(10);
    for (name, format, bytes) in [("rbn", SourceFormat::Rbn, &rbn), ("rbx", SourceFormat::Rbx, &rbx)] {
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("read and check", name), bytes, |b, bytes| {
            b.iter(|| read_checked(bytes, format).count())
        });
    }
    group.finish();
}

criterion_group!(benches, reading, lin, long_rbx_line);
criterion_main!(benches);
