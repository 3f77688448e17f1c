//! Which notation a file is in. A signature in the file says it outright;
//! failing one, the first data line shows it; only then does the file's
//! name decide. Free text anywhere may mention anything, so words within
//! it never decide.

use std::path::Path;

use super::source::lines;
use crate::model::SourceFormat;

/// The notation of a file: by its signature, then its content, then its
/// extension. Content that is no notation at all is refused whatever the
/// file is called.
pub fn detect(path: &Path, bytes: &[u8]) -> Option<SourceFormat> {
    let by_name = match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("rbn") => Some(SourceFormat::Rbn),
        Some("rbx") => Some(SourceFormat::Rbx),
        Some("pbn") => Some(SourceFormat::Pbn),
        Some("lin") => Some(SourceFormat::Lin),
        _ => None,
    };
    if preferans_json(bytes) {
        return Some(SourceFormat::PpnPreferansJson);
    }
    if lin_pairs(bytes) {
        return Some(SourceFormat::Lin);
    }
    let mut data = lines(bytes)
        .take(1000)
        .map(|l| l.text)
        .filter(|t| !t.trim().is_empty());
    for line in data.by_ref() {
        let text = line.trim_end();
        let Some(signature) = text.strip_prefix('%').map(str::trim_start) else {
            let kind = if text.starts_with('{') {
                past_free_text(text, &mut data)
            } else {
                Kind::of(text)
            };
            return kind.format(bytes, by_name);
        };
        if let Some(format) = signed(signature, by_name) {
            return Some(format);
        }
    }
    by_name
}

/// The notation a `%` line names, if it names one.
/// The UTF-16 a file is written in, by its byte-order mark or, without
/// one, by the zero byte beside each ASCII character: such a file is text,
/// but no notation kibitzer reads until it is saved as UTF-8.
pub fn utf16(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some("UTF-16LE"),
        [0xFE, 0xFF, ..] => return Some("UTF-16BE"),
        _ => {}
    }
    let pairs: Vec<&[u8]> = bytes.chunks_exact(2).take(64).collect();
    let ascii = |text: u8, zero: u8| zero == 0 && (text.is_ascii_graphic() || text.is_ascii_whitespace());
    let all = |f: &dyn Fn(&[u8]) -> bool| pairs.len() >= 4 && pairs.iter().all(|p| f(p));
    if all(&|p| ascii(p[0], p[1])) {
        Some("UTF-16LE")
    } else if all(&|p| ascii(p[1], p[0])) {
        Some("UTF-16BE")
    } else {
        None
    }
}

fn signed(signature: &str, by_name: Option<SourceFormat>) -> Option<SourceFormat> {
    let says = |word: &str| signature.starts_with(word);
    if says("RBX") {
        Some(SourceFormat::Rbx)
    } else if says("RBN") {
        // Some programs sign their RBX files as RBN.
        Some(rbn_unless_named_rbx(by_name))
    } else if says("PBN") || says("EXPORT") || says("IMPORT") {
        Some(SourceFormat::Pbn)
    } else if says("PPN") {
        Some(SourceFormat::PpnPinochle)
    } else {
        None
    }
}

fn rbn_unless_named_rbx(by_name: Option<SourceFormat>) -> SourceFormat {
    by_name
        .filter(|&f| f == SourceFormat::Rbx)
        .unwrap_or(SourceFormat::Rbn)
}

/// Preferans JSON: an object or array that names the deal order.
fn preferans_json(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]);
    let start = head.trim_start_matches('\u{feff}').trim_start();
    (start.starts_with('{') || start.starts_with('[')) && head.contains("\"dealOrder\"")
}

/// LIN: the file opens with a two-letter tag LIN uses, then `|`. No other
/// notation starts a line that way.
fn lin_pairs(bytes: &[u8]) -> bool {
    const TAGS: [&str; 12] = [
        "pn", "md", "qx", "vg", "rs", "st", "ah", "sv", "mb", "pc", "nt", "pw",
    ];
    let head = &bytes[crate::notation::source::bom_len(bytes)..];
    let start = head
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(head.len());
    head.get(start..start + 3).is_some_and(|t| {
        t[2] == b'|'
            && TAGS
                .iter()
                .any(|tag| tag.as_bytes().eq_ignore_ascii_case(&t[..2]))
    })
}

/// What the first data line of a file looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Tag pairs in brackets (PBN, Preferans PPN).
    Tags,
    /// Labels run together with `}` on one line.
    Rbx,
    Label,
    Unknown,
}

impl Kind {
    fn of(text: &str) -> Kind {
        let pieces = text.split('}');
        if text.starts_with(['[', ';']) {
            Kind::Tags
        } else if text.contains('}') && pieces.filter(|p| looks_like_label(p)).count() >= 2 {
            Kind::Rbx
        } else if looks_like_label(text) {
            Kind::Label
        } else {
            Kind::Unknown
        }
    }

    fn format(self, bytes: &[u8], by_name: Option<SourceFormat>) -> Option<SourceFormat> {
        match self {
            Kind::Tags if preferans_tags(bytes) => Some(SourceFormat::PpnPreferans),
            Kind::Tags => Some(SourceFormat::Pbn),
            Kind::Rbx => Some(SourceFormat::Rbx),
            // A record of a single label reads the same either way.
            Kind::Label => Some(rbn_unless_named_rbx(by_name)),
            Kind::Unknown => None,
        }
    }
}

/// A label letter in either case (lower case is a fault the reader
/// reports, not another notation), then a space, `!` or nothing.
fn looks_like_label(s: &str) -> bool {
    let mut c = s.chars();
    let letter = c.next().map(|l| l.to_ascii_uppercase());
    matches!(letter, Some(l) if "DTLEFKSNBHACPRMI0123456789".contains(l))
        && matches!(c.next(), None | Some(' ' | '!'))
}

/// Preferans PPN's own tags, or a deal line of it, at the start of a line:
/// a file of deal lines is Preferans whether or not its tags are there.
fn preferans_tags(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4096)];
    lines(head).any(|l| {
        let text = l.text.trim_start();
        text.starts_with("[Bula") || text.starts_with("[Refe") || preferans_deal(text)
    })
}

/// `[1 231 <32 card codes> ...`: an id, a deal order of the three players,
/// and the cards.
fn preferans_deal(text: &str) -> bool {
    let Some(inner) = text.strip_prefix('[') else {
        return false;
    };
    let mut words = inner.split_whitespace();
    let id = words
        .next()
        .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()));
    let order = words.next().is_some_and(|w| {
        let mut digits: Vec<u8> = w.bytes().collect();
        digits.sort_unstable();
        digits == b"123"
    });
    let cards = words.next().is_some_and(|w| {
        w.len() == 32
            && w.bytes()
                .all(|b| (b.is_ascii_digit() && b != b'0') || (b'A'..=b'W').contains(&b))
    });
    id && order && cards
}

/// A file that opens with text in braces: RBN free text or a PBN comment.
/// Either may mention anything, so the line after it decides; a tag right
/// after the comment's brace on its own line is PBN.
fn past_free_text<'a>(first: &str, rest: &mut impl Iterator<Item = std::borrow::Cow<'a, str>>) -> Kind {
    let mut line = first.to_string();
    loop {
        if let Some(close) = line.rfind('}') {
            let after = line[close + 1..].trim_start();
            if after.starts_with('[') {
                return Kind::Tags;
            }
            if after.is_empty() {
                break;
            }
        }
        match rest.next() {
            Some(next) => line = next.trim_end().to_string(),
            None => return Kind::Label,
        }
    }
    match rest.next() {
        Some(next) if next.starts_with('{') => past_free_text(&next, rest),
        Some(next) => match Kind::of(next.trim_end()) {
            // Free text alone before data nothing else reads is RBN's.
            Kind::Unknown => Kind::Label,
            kind => kind,
        },
        None => Kind::Label,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_is_told_by_its_mark_or_its_zero_bytes() {
        let wide = |text: &str, big: bool| -> Vec<u8> {
            let units = text.encode_utf16();
            units
                .flat_map(|u| if big { u.to_be_bytes() } else { u.to_le_bytes() })
                .collect()
        };
        let pbn = "[Event \"Club\"]\r\n[Board \"1\"]\r\n";
        let mut marked = vec![0xFF, 0xFE];
        marked.extend(wide(pbn, false));
        assert_eq!(utf16(&marked), Some("UTF-16LE"));
        assert_eq!(utf16(&wide(pbn, false)), Some("UTF-16LE"));
        assert_eq!(utf16(&wide(pbn, true)), Some("UTF-16BE"));
        assert_eq!(utf16(pbn.as_bytes()), None);
        assert_eq!(utf16(b"\0\0\0\0\0\0\0\0"), None, "zeros are no text");
        assert_eq!(detect(Path::new("a.pbn"), &marked), None);
    }

    fn txt(bytes: &[u8]) -> Option<SourceFormat> {
        detect(Path::new("x.txt"), bytes)
    }

    #[test]
    fn formats_are_told_apart() {
        assert_eq!(txt(b"% RBN 3.2\nB 1\n"), Some(SourceFormat::Rbn));
        assert_eq!(txt(b"B 1}H N:AK}C 3N:N\n"), Some(SourceFormat::Rbx));
        assert_eq!(txt(b"\n{Intro}\nB 1\n"), Some(SourceFormat::Rbn));
        assert_eq!(txt(b"[Event \"x\"]\n"), Some(SourceFormat::Pbn));
        assert_eq!(txt(b"% PBN 2.1\n% EXPORT\n"), Some(SourceFormat::Pbn));
        assert_eq!(
            txt(b"% PPN 1.0\n[Event \"x\"]\n"),
            Some(SourceFormat::PpnPinochle)
        );
        assert_eq!(txt(b"[Bula 60]\n[Refe 2]\n"), Some(SourceFormat::PpnPreferans));
        let deal = b"[2 312 WQKJS5LP84CEIAOT9N31BDH7FVM2RGU6 P,P,P]\n";
        assert_eq!(
            txt(deal),
            Some(SourceFormat::PpnPreferans),
            "deal lines without tags"
        );
        assert_eq!(txt(b"[Event \"x\"]\n"), Some(SourceFormat::Pbn));
        assert_eq!(txt(b"pn|a,b,c,d|st||md|3S2,|"), Some(SourceFormat::Lin));
        assert_eq!(
            txt(b"\xEF\xBB\xBF\r\nVG|x,y,I,1,2,A,0,B,0|"),
            Some(SourceFormat::Lin)
        );
        assert_eq!(detect(Path::new("a.LIN"), b""), Some(SourceFormat::Lin));
        assert_eq!(detect(Path::new("a.RBX"), b""), Some(SourceFormat::Rbx));
        assert_eq!(
            detect(Path::new("a.rbn"), b"[Event \"x\"]\n"),
            Some(SourceFormat::Pbn)
        );
        assert_eq!(detect(Path::new("a.rbn"), b"\x00\x9f\x12 junk"), None);
    }

    #[test]
    fn a_signed_rbn_file_is_rbn_whatever_its_free_text_mentions() {
        let text = b"% RBN 3.2\nB 1\n{See [Reference 3] and\n[Referee Smith]}\nH N:AKQ:::\n";
        assert_eq!(detect(Path::new("a.pbn"), text), Some(SourceFormat::Rbn));
        let json_like = b"% RBN\n{\"dealOrder\" is no label}\nB 1\n";
        assert_eq!(txt(json_like), Some(SourceFormat::Rbn));
    }

    #[test]
    fn the_signature_comes_before_the_extension() {
        assert_eq!(
            detect(Path::new("a.rbn"), b"% PBN 2.1\n"),
            Some(SourceFormat::Pbn)
        );
        assert_eq!(detect(Path::new("a.pbn"), b"% RBN\n"), Some(SourceFormat::Rbn));
    }

    #[test]
    fn unsigned_rbn_may_open_with_free_text_holding_brackets() {
        let text = b"{Deals of [Reference 3], see\n[Referee] notes}\nB 1\nH N:AKQ:::\n";
        assert_eq!(txt(text), Some(SourceFormat::Rbn));
        assert_eq!(txt(b"{[1] one line}\nB 1\n"), Some(SourceFormat::Rbn));
        assert_eq!(txt(b"{[Bula 60]}\nB 1\n"), Some(SourceFormat::Rbn));
    }

    #[test]
    fn a_pbn_comment_before_its_tags_is_still_pbn() {
        assert_eq!(txt(b"{ made by X }\n[Event \"x\"]\n"), Some(SourceFormat::Pbn));
        assert_eq!(txt(b"{ made by X } [Event \"x\"]\n"), Some(SourceFormat::Pbn));
        assert_eq!(txt(b"{ made\nby X }\n\n[Event \"x\"]\n"), Some(SourceFormat::Pbn));
    }

    #[test]
    fn unsigned_rbn_whose_first_label_is_lower_case_is_rbn() {
        assert_eq!(txt(b"b 1\nH N:AKQ:::\n"), Some(SourceFormat::Rbn));
        assert_eq!(
            detect(Path::new("a.pbn"), b"h N:AKQ:::\n"),
            Some(SourceFormat::Rbn)
        );
    }
}
