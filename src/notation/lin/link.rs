//! Handviewer links: the LIN a BBO link carries in its query (`lin=…`),
//! decoded from the link itself. Nothing is fetched: a link that only
//! names a board or a hand on BBO's servers carries no deal to show.

/// What a link holds.
#[derive(Debug, PartialEq, Eq)]
pub enum Link {
    /// The LIN text, decoded.
    Lin(Vec<u8>),
    /// A link with no LIN in it, and what it names instead.
    Without(String),
}

/// The LIN of a link, when `text` is a web link at all.
pub fn of(text: &str) -> Option<Link> {
    let lower = text.trim_start().to_ascii_lowercase();
    let is_link = ["http://", "https://", "www.", "bridgebase.com/"]
        .iter()
        .any(|p| lower.starts_with(p));
    if !is_link {
        return None;
    }
    let query = text.split_once('?').map_or("", |(_, q)| q);
    let pairs = query.split(['&', '#', ';']).filter_map(|p| p.split_once('='));
    let mut named = Vec::new();
    for (key, value) in pairs {
        if key.eq_ignore_ascii_case("lin") {
            return Some(Link::Lin(lin_value(value)));
        }
        named.push(format!("{key}={}", super::lex::shorten(value)));
    }
    let names = if named.is_empty() {
        "nothing but the page".to_string()
    } else {
        named.join(", ")
    };
    Some(Link::Without(format!(
        "this link carries no LIN, only {names}; kibitzer reads deals from the link itself and does not fetch them"
    )))
}

/// The value of `lin=`: percent escapes decoded (twice when the link was
/// escaped twice, as links pasted through some forums are), `+` a space.
fn lin_value(value: &str) -> Vec<u8> {
    let once = percent_decode(value.as_bytes());
    if !once.contains(&b'|') && once.windows(3).any(|w| w.eq_ignore_ascii_case(b"%7c")) {
        return percent_decode(&once);
    }
    once
}

fn percent_decode(bytes: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push((high * 16 + low) as u8);
            i += 3;
            continue;
        }
        out.push(if bytes[i] == b'+' { b' ' } else { bytes[i] });
        i += 1;
    }
    out
}

/// A link to `lin`, as BBO's handviewer takes it (for tests and for
/// writing links).
pub fn handviewer(lin: &str) -> String {
    let mut out = String::from("https://www.bridgebase.com/tools/handviewer.html?lin=");
    for b in lin.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~,".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIN: &str = "pn|Ann,Bob,Cid,Dan|md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|ah|Board 1|sv|o|mb|1D!|an|3+ !D|";

    fn lin_of(link: &str) -> String {
        match of(link) {
            Some(Link::Lin(bytes)) => String::from_utf8(bytes).unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_form_people_paste_gives_the_lin_back() {
        let escaped = handviewer(LIN);
        let query = escaped.split_once("?lin=").unwrap().1;
        for link in [
            escaped.clone(),
            format!("https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin={query}"),
            format!("http://www.bridgebase.com/myhands/myhand.php?lin={query}"),
            format!("https://www.bridgebase.com/tools/movie.html?lin={query}&x=1"),
            format!(
                "www.bridgebase.com/tools/handviewer.html?lin={}",
                query.replace('%', "%25")
            ),
        ] {
            assert_eq!(lin_of(&link), LIN, "{link}");
        }
        assert_eq!(lin_of("https://x.org/h?lin=ah|Board+7|"), "ah|Board 7|");
    }

    #[test]
    fn a_link_without_lin_says_so_and_paths_are_no_links() {
        let Some(Link::Without(message)) = of("https://www.bridgebase.com/myhands/hands.php?board=7") else {
            panic!()
        };
        assert_eq!(
            message,
            "this link carries no LIN, only board=7; kibitzer reads deals from the link itself and does not fetch them"
        );
        assert_eq!(of("deals/board.lin"), None);
        assert_eq!(percent_decode(b"%4x%41%"), b"%4xA%");
    }
}
