//! What the integration tests share.

use std::path::{Path, PathBuf};

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
