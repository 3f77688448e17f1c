//! What `y` copies: the open deal in a notation, as a BBO handviewer link,
//! or the hand diagram as the screen draws it, in plain text.

use std::str::FromStr;

use super::app::App;
use super::clipboard::Copied;
use super::view;
use crate::notation::convert::{Target, written_alone};

/// A form the deal can be copied in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyFormat {
    Pbn,
    Rbn,
    Lin,
    /// BBO's handviewer, given the deal as LIN.
    Link,
    /// The hands as the deal view draws them.
    Diagram,
}

/// BBO's hand viewer, which draws a deal given as LIN in its address.
pub const HANDVIEWER: &str = "https://www.bridgebase.com/tools/handviewer.html?lin=";

impl CopyFormat {
    pub const ALL: [CopyFormat; 5] = [
        CopyFormat::Pbn,
        CopyFormat::Rbn,
        CopyFormat::Lin,
        CopyFormat::Link,
        CopyFormat::Diagram,
    ];

    /// The key choosing it in the copy menu.
    pub fn letter(self) -> char {
        match self {
            CopyFormat::Pbn => 'p',
            CopyFormat::Rbn => 'r',
            CopyFormat::Lin => 'l',
            CopyFormat::Link => 'b',
            CopyFormat::Diagram => 'd',
        }
    }

    pub fn from_letter(c: char) -> Option<CopyFormat> {
        let c = c.to_ascii_lowercase();
        CopyFormat::ALL.into_iter().find(|f| f.letter() == c)
    }

    /// Its name on the command line, `show --copy link`.
    pub fn name(self) -> &'static str {
        match self {
            CopyFormat::Pbn => "pbn",
            CopyFormat::Rbn => "rbn",
            CopyFormat::Lin => "lin",
            CopyFormat::Link => "link",
            CopyFormat::Diagram => "diagram",
        }
    }

    /// Its name in the menu.
    pub fn label(self) -> &'static str {
        match self {
            CopyFormat::Pbn => "PBN",
            CopyFormat::Rbn => "RBN",
            CopyFormat::Lin => "LIN",
            CopyFormat::Link => "BBO link",
            CopyFormat::Diagram => "diagram",
        }
    }

    /// What the footer says was copied: `deal as PBN`, `BBO link`.
    fn what(self) -> String {
        match self {
            CopyFormat::Pbn | CopyFormat::Rbn | CopyFormat::Lin => format!("deal as {}", self.label()),
            CopyFormat::Link | CopyFormat::Diagram => self.label().to_string(),
        }
    }

    /// The file a copy of this kind is kept in.
    fn file(self) -> &'static str {
        match self {
            CopyFormat::Pbn => "deal.pbn",
            CopyFormat::Rbn => "deal.rbn",
            CopyFormat::Lin => "deal.lin",
            CopyFormat::Link => "link.url",
            CopyFormat::Diagram => "diagram.txt",
        }
    }

    fn target(self) -> Option<Target> {
        match self {
            CopyFormat::Pbn => Some(Target::Pbn),
            CopyFormat::Rbn => Some(Target::Rbn),
            CopyFormat::Lin | CopyFormat::Link => Some(Target::Lin),
            CopyFormat::Diagram => None,
        }
    }
}

impl FromStr for CopyFormat {
    type Err = String;

    fn from_str(s: &str) -> Result<CopyFormat, String> {
        CopyFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("`{s}` is not a form to copy (pbn, rbn, lin, link or diagram)"))
    }
}

/// The open deal in the form asked for, or why it cannot be.
pub fn copied(app: &App, format: CopyFormat) -> Result<Copied, String> {
    let deal = app.deal().ok_or("no deal is open to copy")?;
    let record = app
        .catalog()
        .get(deal.record())
        .ok_or("the deal is not read yet")?;
    let text = match format.target() {
        None => view::diagram_text(app, deal).ok_or("the screen is too small for the diagram")?,
        Some(target) => written_alone(record, target)?,
    };
    let text = match format {
        CopyFormat::Link => format!("{HANDVIEWER}{}", percent_encoded(text.trim_end())),
        _ => text,
    };
    Ok(Copied {
        text,
        what: format.what(),
        file: format.file(),
    })
}

/// Text made safe for a URL's query: every byte but the unreserved
/// letters, digits and `-._~` written `%XX`.
fn percent_encoded(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_keeps_only_unreserved_characters_as_they_are() {
        assert_eq!(
            percent_encoded("pn|A B,C|md|3SAK~"),
            "pn%7CA%20B%2CC%7Cmd%7C3SAK~"
        );
        assert_eq!(percent_encoded("♠"), "%E2%99%A0");
    }

    #[test]
    fn formats_are_named_on_the_command_line_and_by_a_letter() {
        for format in CopyFormat::ALL {
            assert_eq!(format.name().parse(), Ok(format));
            assert_eq!(CopyFormat::from_letter(format.letter()), Some(format));
        }
        assert_eq!("LINK".parse(), Ok(CopyFormat::Link));
        assert!("json".parse::<CopyFormat>().unwrap_err().contains("pbn, rbn"));
        assert_eq!(CopyFormat::from_letter('x'), None);
    }
}
