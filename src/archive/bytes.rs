//! A file's bytes, mapped into memory rather than read: a 600 MB archive
//! costs no heap, and the pages the operating system already holds are
//! shared rather than copied. Small files are read: mapping them saves
//! nothing.

use std::fs::File;
use std::io::Read;
use std::ops::Deref;
use std::path::Path;

use memmap2::Mmap;

#[cfg(unix)]
use super::guard::Guard;

/// Files smaller than this are read rather than mapped.
const MAP_FROM: u64 = 1 << 20;

pub enum Bytes {
    /// The guard comes first so that it is dropped before the map.
    #[cfg(unix)]
    Mapped(Guard, Mmap),
    /// Small or special files (an empty file cannot be mapped), and the
    /// bundled sample.
    Held(Vec<u8>),
    Static(&'static [u8]),
}

impl Bytes {
    pub fn open(path: &Path) -> std::io::Result<Bytes> {
        let mut file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.len() < MAP_FROM || !meta.is_file() {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            return Ok(Bytes::Held(bytes));
        }
        Bytes::map(file)
    }

    #[cfg(unix)]
    fn map(mut file: File) -> std::io::Result<Bytes> {
        // SAFETY: the map is read-only, and watched: a page lost because
        // another program truncated the file reads as blank lines and marks the
        // file changed (guard.rs) rather than killing the program.
        let map = unsafe { Mmap::map(&file)? };
        let Some(guard) = Guard::watch(map.as_ptr(), map.len()) else {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)?;
            return Ok(Bytes::Held(bytes));
        };
        // The readers go through the file once, front to back.
        let _ = map.advise(memmap2::Advice::Sequential);
        Ok(Bytes::Mapped(guard, map))
    }

    #[cfg(not(unix))]
    fn map(mut file: File) -> std::io::Result<Bytes> {
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        Ok(Bytes::Held(bytes))
    }

    /// Whether the file shrank while it was read, so that what was read of
    /// it may be wrong: it should be read again.
    pub fn changed(&self) -> bool {
        match self {
            #[cfg(unix)]
            Bytes::Mapped(guard, _) => guard.changed(),
            _ => false,
        }
    }
}

impl Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            #[cfg(unix)]
            Bytes::Mapped(_, map) => map,
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
        let text = b"B 1\n\n".repeat(MAP_FROM as usize / 5 + 1);
        std::fs::write(&full, &text).unwrap();
        std::fs::write(&empty, b"").unwrap();
        assert_eq!(&*Bytes::open(&full).unwrap(), &text[..]);
        assert!(matches!(Bytes::open(&full).unwrap(), Bytes::Mapped(..)));
        assert_eq!(Bytes::open(&empty).unwrap().len(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_mapped_file_truncated_under_the_reader_reads_as_blank_lines_and_says_so() {
        let dir = std::env::temp_dir().join(format!("kibitzer-shrink-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.rbn");
        std::fs::write(&path, vec![b'x'; MAP_FROM as usize * 2]).unwrap();
        let bytes = Bytes::open(&path).unwrap();
        assert!(matches!(bytes, Bytes::Mapped(..)) && !bytes.changed());
        assert_eq!(bytes[10], b'x');
        std::fs::File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(4096)
            .unwrap();
        // Past the new end: without the guard, SIGBUS.
        let lost = &bytes[8192..];
        assert!(
            lost.chunks(64)
                .all(|line| line[..63].iter().all(|&b| b == b' ') && line[63] == b'\n')
        );
        assert!(bytes.changed());
        drop(bytes);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
