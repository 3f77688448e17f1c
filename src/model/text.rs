//! Commentary with the little markup RBN gives free text: italics, line
//! breaks and superscripts. Kept as structure so that a viewer can style it
//! and a writer can put it back.

/// A run of text and how it is styled.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Span {
    Text {
        text: String,
        italic: bool,
        superscript: bool,
    },
    LineBreak,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RichText {
    pub spans: Vec<Span>,
}

impl RichText {
    /// Adds text, joining it to the previous run when the style matches.
    pub fn push_text(&mut self, s: &str, italic: bool, superscript: bool) {
        if s.is_empty() {
            return;
        }
        if let Some(Span::Text {
            text,
            italic: i,
            superscript: sup,
        }) = self.spans.last_mut()
            && *i == italic
            && *sup == superscript
        {
            text.push_str(s);
            return;
        }
        self.spans.push(Span::Text {
            text: s.to_string(),
            italic,
            superscript,
        });
    }

    pub fn push_break(&mut self) {
        self.spans.push(Span::LineBreak);
    }

    /// The words without styling, line breaks as `\n`.
    pub fn plain(&self) -> String {
        self.spans
            .iter()
            .map(|span| match span {
                Span::Text { text, .. } => text.as_str(),
                Span::LineBreak => "\n",
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_one_style_merge() {
        let mut t = RichText::default();
        t.push_text("a", false, false);
        t.push_text("b", false, false);
        t.push_text("c", true, false);
        t.push_break();
        assert_eq!(t.spans.len(), 3);
        assert_eq!(t.plain(), "abc\n");
    }
}
