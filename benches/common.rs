//! What the benchmarks share: generated archives, in memory or written once
//! under target/ so that runs after the first start at once.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use kibitzer::model::SourceFormat;
use kibitzer::testing::generate::write_archive;

/// A generated archive of `records` records in memory.
pub fn archive(format: SourceFormat, records: usize) -> Vec<u8> {
    let mut out = Vec::new();
    write_archive(format, records, 1, &mut out).expect("writing to memory");
    out
}

/// A generated archive of `records` records on disk, written the first
/// time it is asked for.
pub fn archive_file(format: SourceFormat, records: usize) -> PathBuf {
    let ext = if format == SourceFormat::Pbn { "pbn" } else { "rbn" };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-archives");
    let path = dir.join(format!("{records}.{ext}"));
    if !path.exists() {
        std::fs::create_dir_all(&dir).expect("target/ is writable");
        let partial = path.with_extension("partial");
        let mut out = std::io::BufWriter::new(std::fs::File::create(&partial).expect("target/ is writable"));
        write_archive(format, records, 1, &mut out).expect("writing the archive");
        drop(out);
        std::fs::rename(&partial, &path).expect("target/ is writable");
    }
    path
}

/// A field of `records` PBN records on disk: boards of ten tables each
/// (the same deal, auction and play, as a pairs event's results file has
/// them), written the first time it is asked for.
pub fn field_file(records: usize) -> PathBuf {
    use kibitzer::model::Board;
    use kibitzer::testing::generate::{Rng, record};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-archives");
    let path = dir.join(format!("field-{records}.pbn"));
    if !path.exists() {
        std::fs::create_dir_all(&dir).expect("target/ is writable");
        let partial = path.with_extension("partial");
        let mut out = std::io::BufWriter::new(std::fs::File::create(&partial).expect("target/ is writable"));
        let mut rng = Rng::new(1);
        for first in (0..records / 10).step_by(1000) {
            let batch: Vec<_> = (first..(first + 1000).min(records / 10))
                .flat_map(|b| {
                    let mut r = record(&mut rng, b + 1);
                    r.board = Some(Board {
                        number: (b + 1).to_string(),
                        ..Board::default()
                    });
                    std::iter::repeat_n(r, 10)
                })
                .collect();
            let text = kibitzer::notation::pbn::write_pbn(&batch).expect("a legal archive");
            std::io::Write::write_all(&mut out, text.as_bytes()).expect("writing the archive");
        }
        drop(out);
        std::fs::rename(&partial, &path).expect("target/ is writable");
    }
    path
}
