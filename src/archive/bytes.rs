//! A file's bytes, mapped into memory rather than read: a 600 MB archive
//! costs no heap, and the pages the operating system already holds are
//! shared rather than copied.

use std::fs::File;
use std::ops::Deref;
use std::path::Path;

use memmap2::Mmap;

pub enum Bytes {
    Mapped(Mmap),
    /// Small or special files (an empty file cannot be mapped), and the
    /// bundled sample.
    Held(Vec<u8>),
    Static(&'static [u8]),
}

impl Bytes {
    pub fn open(path: &Path) -> std::io::Result<Bytes> {
        let file = File::open(path)?;
        let len = file.metadata()?.len();
        if len == 0 || !file.metadata()?.is_file() {
            return std::fs::read(path).map(Bytes::Held);
        }
        // SAFETY: the map is read-only. If another program truncates the
        // file while kibitzer reads it, reading the lost pages faults; that
        // is the one risk of mapping, taken for the speed and memory it
        // saves on archives of hundreds of megabytes.
        let map = unsafe { Mmap::map(&file)? };
        // The readers go through the file once, front to back.
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Sequential);
        Ok(Bytes::Mapped(map))
    }
}

impl Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Held(bytes) => bytes,
            Bytes::Static(bytes) => bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_the_same_mapped_and_an_empty_one_reads_empty() {
        let dir = std::env::temp_dir().join(format!("kibitzer-bytes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let full = dir.join("full.rbn");
        let empty = dir.join("empty.rbn");
        std::fs::write(&full, b"B 1\n").unwrap();
        std::fs::write(&empty, b"").unwrap();
        assert_eq!(&*Bytes::open(&full).unwrap(), b"B 1\n");
        assert!(matches!(Bytes::open(&full).unwrap(), Bytes::Mapped(_)));
        assert_eq!(Bytes::open(&empty).unwrap().len(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
