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
