//! Files as users name them: notation files, folders of them (walked in
//! path order), `.gz` and `.zip` archives (read as their contents) and `-`
//! for standard input, each turned into the notation files they hold.

use std::io::Read;
use std::path::{Path, PathBuf};

use super::{Archive, Bytes, OpenError, Stamp, detect};

/// The name standard input goes by in messages and the file column.
pub const STDIN_NAME: &str = "<stdin>";

/// What the names given came to.
#[derive(Default)]
pub struct Gathered {
    /// The notation files, in the order given (a folder's in path order).
    pub archives: Vec<Archive>,
    /// Files inside folders and archives that hold no notation, passed over:
    /// one line each, saying so.
    pub skipped: Vec<String>,
    /// Names given that could not be read, or hold no notation.
    pub errors: Vec<OpenError>,
}

/// The notation files behind `names`: files, folders, archives, `-`.
pub fn gather(names: &[PathBuf]) -> Gathered {
    let mut gathered = Gathered::default();
    for name in names {
        if name.as_os_str() == "-" {
            let mut bytes = Vec::new();
            match std::io::stdin().lock().read_to_end(&mut bytes) {
                Ok(_) => gathered.take(Path::new(STDIN_NAME), Bytes::Held(bytes), None, false),
                Err(source) => gathered.errors.push(io_error(name, source)),
            }
        } else if let Some(link) = name.to_str().and_then(crate::notation::lin::link::of) {
            match Archive::of_link(name, link) {
                Ok(archive) => gathered.archives.push(archive),
                Err(e) => gathered.errors.push(e),
            }
        } else if name.is_dir() {
            gathered.walk(name);
        } else {
            gathered.file(name, false);
        }
    }
    gathered
}

fn io_error(path: &Path, source: std::io::Error) -> OpenError {
    OpenError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The extension, lowercased.
fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}

impl Gathered {
    /// Every file under `dir`, sorted by path; what is no notation is
    /// skipped with a notice.
    fn walk(&mut self, dir: &Path) {
        let mut files = Vec::new();
        let mut folders = vec![dir.to_path_buf()];
        while let Some(folder) = folders.pop() {
            let entries = match std::fs::read_dir(&folder) {
                Ok(entries) => entries,
                Err(source) => {
                    self.errors.push(io_error(&folder, source));
                    continue;
                }
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else {
                    files.push(path);
                }
            }
        }
        files.sort();
        for path in files {
            self.file(&path, true);
        }
    }

    /// A file named or found in a folder (`inside`: skipped with a notice
    /// when it holds no notation, rather than refused).
    fn file(&mut self, path: &Path, inside: bool) {
        let stamp = Stamp::of(path);
        let bytes = match Bytes::open(path) {
            Ok(bytes) => bytes,
            Err(source) => return self.errors.push(io_error(path, source)),
        };
        match extension(path).as_deref() {
            Some("gz") => self.gz(path, &bytes, stamp, inside),
            Some("zip") => self.zip(path, &bytes),
            _ => self.take(path, bytes, stamp, inside),
        }
    }

    /// A gzip file: its one member, detected by the name without `.gz`.
    fn gz(&mut self, path: &Path, bytes: &[u8], stamp: Option<Stamp>, inside: bool) {
        let mut plain = Vec::new();
        let mut decoder = flate2::read::MultiGzDecoder::new(bytes);
        if let Err(source) = decoder.read_to_end(&mut plain) {
            return self.errors.push(io_error(path, source));
        }
        let inner = path.with_extension("");
        match detect(&inner, &plain) {
            Some(format) => self.archives.push(Archive {
                path: path.to_path_buf(),
                bytes: Bytes::Held(plain),
                format,
                stamp,
            }),
            None => self.refuse(path, &plain, inside),
        }
    }

    /// A zip archive: each member a file, named `ARCHIVE:MEMBER`, in the
    /// archive's order.
    fn zip(&mut self, path: &Path, bytes: &[u8]) {
        let mut archive = match zip::ZipArchive::new(std::io::Cursor::new(bytes)) {
            Ok(archive) => archive,
            Err(e) => return self.errors.push(io_error(path, std::io::Error::other(e))),
        };
        for i in 0..archive.len() {
            let mut member = match archive.by_index(i) {
                Ok(member) if member.is_file() => member,
                Ok(_) => continue,
                Err(e) => return self.errors.push(io_error(path, std::io::Error::other(e))),
            };
            let inner = member.name().map(|n| n.into_owned()).unwrap_or_default();
            let name = PathBuf::from(format!("{}:{inner}", path.display()));
            let mut plain = Vec::new();
            if let Err(source) = member.read_to_end(&mut plain) {
                self.errors.push(io_error(&name, source));
                continue;
            }
            self.take(&name, Bytes::Held(plain), None, true);
        }
    }

    fn take(&mut self, path: &Path, bytes: Bytes, stamp: Option<Stamp>, inside: bool) {
        match detect(path, &bytes) {
            Some(format) => self.archives.push(Archive {
                path: path.to_path_buf(),
                bytes,
                format,
                stamp,
            }),
            None => self.refuse(path, &bytes, inside),
        }
    }

    fn refuse(&mut self, path: &Path, bytes: &[u8], inside: bool) {
        let refused = OpenError::refused(path, bytes);
        if !inside {
            return self.errors.push(refused);
        }
        let notice = match refused {
            OpenError::Utf16 { encoding, .. } => {
                format!("{}: skipped, written in {encoding}", path.display())
            }
            _ => format!("{}: skipped, not a notation file", path.display()),
        };
        self.skipped.push(notice);
    }
}
