//! What the integration tests share.

use std::path::{Path, PathBuf};

#[allow(dead_code)]
/// ../shared/corpus, or None with a printed notice when it is not there
/// (a fresh clone), so that tests that need it skip.
pub fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("skipped: ../shared/corpus is not here");
        None
    }
}

/// A file's records as the viewer has them, with the background work done
/// so that what is drawn does not depend on timing.
#[allow(dead_code)]
pub fn catalog(path: &Path) -> kibitzer::archive::Catalog {
    let mut catalog = kibitzer::archive::Catalog::open(&[path]).expect("the file opens");
    catalog.wait_done();
    catalog
}

/// The bundled sample, the same way.
#[allow(dead_code)]
pub fn sample() -> kibitzer::archive::Catalog {
    use kibitzer::archive::{Bytes, Catalog, SAMPLE};
    let mut catalog = Catalog::of(vec![(Bytes::Static(SAMPLE), kibitzer::model::SourceFormat::Rbn)]);
    catalog.wait_done();
    catalog
}
