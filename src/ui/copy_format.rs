//! The forms `y` copies the open deal in: each with its key in the copy
//! menu, its name on the command line and the file a copy is kept in.

use std::str::FromStr;

use crate::notation::convert::Target;

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
    pub(super) fn what(self) -> String {
        match self {
            CopyFormat::Pbn | CopyFormat::Rbn | CopyFormat::Lin => format!("deal as {}", self.label()),
            CopyFormat::Link | CopyFormat::Diagram => self.label().to_string(),
        }
    }

    /// The file a copy of this kind is kept in.
    pub(super) fn file(self) -> &'static str {
        match self {
            CopyFormat::Pbn => "deal.pbn",
            CopyFormat::Rbn => "deal.rbn",
            CopyFormat::Lin => "deal.lin",
            CopyFormat::Link => "link.url",
            CopyFormat::Diagram => "diagram.txt",
        }
    }

    pub(super) fn target(self) -> Option<Target> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
