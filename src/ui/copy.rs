//! What `y` copies: the open deal in a notation, as a BBO handviewer link,
//! or the hand diagram as the screen draws it, in plain text.

use super::app::App;
use super::clipboard::Copied;
use super::copy_format::CopyFormat;
use super::view;
use crate::notation::convert::written_alone;

/// BBO's hand viewer, which draws a deal given as LIN in its address.
pub const HANDVIEWER: &str = "https://www.bridgebase.com/tools/handviewer.html?lin=";

/// The open deal in the form asked for, or why it cannot be.
pub fn copied(app: &App, format: CopyFormat) -> Result<Copied, String> {
    let deal = app.deal().ok_or("no deal is open to copy")?;
    let record = app
        .catalog()
        .get(deal.record())
        .ok_or("the deal is not read yet")?;
    let text = match format.target() {
        None => view::diagram_text(&app.scene(), deal).ok_or("the screen is too small for the diagram")?,
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
}
