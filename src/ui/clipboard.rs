//! The clipboard over any terminal: OSC 52 asks the terminal itself to
//! take the text, which works over SSH and inside tmux (with its
//! `set-clipboard on`). Whether a terminal obeys cannot be asked, so the
//! text is also kept in a file whose name the user is told.

use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Text to hand the terminal's clipboard, and the words saying what it is
/// ("deal as PBN").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub text: String,
    pub what: String,
    /// The saved copy's file name, `deal.pbn`.
    pub file: &'static str,
}

/// OSC 52's command as crossterm writes commands: `ESC ] 52 ; c ; BASE64
/// BEL`, `c` being the clipboard (not the primary selection).
pub struct SetClipboard<'a>(pub &'a str);

impl crossterm::Command for SetClipboard<'_> {
    fn write_ansi(&self, f: &mut impl fmt::Write) -> fmt::Result {
        write!(f, "\x1b]52;c;{}\x07", base64(self.0.as_bytes()))
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (RFC 4648), all OSC 52 asks for: three
/// bytes become four letters of six bits each.
pub fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Where copies are kept: `$XDG_CACHE_HOME/kibitzer`, else
/// `~/.cache/kibitzer`, else the temporary folder's `kibitzer`.
pub fn copies_folder() -> PathBuf {
    crate::config::user_folder("XDG_CACHE_HOME", ".cache")
        .unwrap_or_else(|| std::env::temp_dir().join("kibitzer"))
}

/// Keeps the copy in `folder` (made if need be), replacing the last copy
/// of the same kind; the file's path.
pub fn keep(copied: &Copied, folder: &Path) -> io::Result<PathBuf> {
    std::fs::create_dir_all(folder)?;
    let path = folder.join(copied.file);
    std::fs::write(&path, &copied.text)?;
    Ok(path)
}

/// Hands the text to `terminal`, where there is one, and keeps it in
/// `folder`; what to tell the user: `copied deal as PBN (1.2 KB); also in
/// ~/.cache/kibitzer/deal.pbn`.
pub fn deliver(copied: &Copied, terminal: Option<&mut dyn Write>, folder: &Path) -> String {
    let sent = terminal.map(|mut t| crossterm::execute!(&mut t, SetClipboard(&copied.text)));
    let kept = keep(copied, folder);
    let (what, size) = (&copied.what, size(copied.text.len()));
    match (sent, kept) {
        (Some(Ok(())), Ok(path)) => format!("copied {what} ({size}); also in {}", home_short(&path)),
        (Some(Ok(())), Err(e)) => format!("copied {what} ({size}); not kept in a file: {e}"),
        (_, Ok(path)) => format!("{what} ({size}) is in {}", home_short(&path)),
        (Some(Err(e)), Err(_)) | (None, Err(e)) => format!("could not copy {what}: {e}"),
    }
}

/// A size as people read it: `312 B`, `1.2 KB`.
pub fn size(bytes: usize) -> String {
    if bytes < 1000 {
        format!("{bytes} B")
    } else {
        format!("{:.1} KB", bytes as f64 / 1000.0)
    }
}

/// A path with the home folder written `~`, to fit the footer.
fn home_short(path: &Path) -> String {
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty());
    match home.and_then(|h| path.strip_prefix(h).ok().map(Path::to_path_buf)) {
        Some(rest) => format!("~/{}", rest.display()),
        None => path.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_examples() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (text, encoded) in cases {
            assert_eq!(base64(text.as_bytes()), encoded, "{text}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0x3f]), "//4/");
        assert_eq!(base64("♠".as_bytes()), "4pmg");
    }

    #[test]
    fn the_sequence_is_osc_52_for_the_clipboard_ended_by_bel() {
        let mut out = Vec::new();
        crossterm::execute!(out, SetClipboard("hi")).unwrap();
        assert_eq!(out, b"\x1b]52;c;aGk=\x07");
    }

    #[test]
    fn sizes_read_as_bytes_then_kilobytes() {
        assert_eq!(size(312), "312 B");
        assert_eq!(size(1234), "1.2 KB");
    }

    #[test]
    fn a_copy_goes_to_the_terminal_and_to_its_file() {
        let folder = std::env::temp_dir().join(format!("kibitzer-clip-{}", std::process::id()));
        let copied = Copied {
            text: "[Deal \"N:...\"]\n".to_string(),
            what: "deal as PBN".to_string(),
            file: "deal.pbn",
        };
        let mut terminal = Vec::new();
        let said = deliver(&copied, Some(&mut terminal), &folder);
        assert_eq!(terminal, b"\x1b]52;c;W0RlYWwgIk46Li4uIl0K\x07");
        assert!(said.starts_with("copied deal as PBN (15 B); also in "), "{said}");
        assert!(said.ends_with("deal.pbn"), "{said}");
        let kept = std::fs::read_to_string(folder.join("deal.pbn")).unwrap();
        assert_eq!(kept, copied.text);
        let said = deliver(&copied, None, &folder);
        assert!(said.starts_with("deal as PBN (15 B) is in "), "{said}");
        std::fs::remove_dir_all(&folder).unwrap();
    }
}
