//! Commentary with the little markup free text carries: bold, italics, line
//! breaks and superscripts. Kept as structure so that a viewer can style it
//! and a writer can put it back.

/// How a run of text is set off from the words around it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Emphasis {
    pub bold: bool,
    pub italic: bool,
    pub superscript: bool,
}

impl Emphasis {
    pub const PLAIN: Emphasis = Emphasis {
        bold: false,
        italic: false,
        superscript: false,
    };

    pub fn italic(italic: bool) -> Emphasis {
        Emphasis {
            italic,
            ..Emphasis::PLAIN
        }
    }
}

/// A run of text and how it is styled, or a line break.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Run {
    Text {
        text: String,
        emphasis: Emphasis,
    },
    LineBreak,
    /// A line drawn as written, its spaces kept and never wrapped: a row
    /// of a diagram or table the author set out in text.
    Fixed(String),
}

/// A blank line (two breaks in a row) ends a paragraph; a single break is a
/// line break within one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RichText {
    pub runs: Vec<Run>,
}

impl RichText {
    /// Adds text, joining it to the previous run when the style matches.
    pub fn push_text(&mut self, s: &str, emphasis: Emphasis) {
        if s.is_empty() {
            return;
        }
        if let Some(Run::Text { text, emphasis: e }) = self.runs.last_mut()
            && *e == emphasis
        {
            text.push_str(s);
            return;
        }
        self.runs.push(Run::Text {
            text: s.to_string(),
            emphasis,
        });
    }

    pub fn push_break(&mut self) {
        self.runs.push(Run::LineBreak);
    }

    /// The words without styling, line breaks as `\n`.
    pub fn plain(&self) -> String {
        self.runs
            .iter()
            .map(|span| match span {
                Run::Text { text, .. } | Run::Fixed(text) => text.as_str(),
                Run::LineBreak => "\n",
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
        t.push_text("a", Emphasis::PLAIN);
        t.push_text("b", Emphasis::PLAIN);
        t.push_text("c", Emphasis::italic(true));
        t.push_break();
        assert_eq!(t.runs.len(), 3);
        assert_eq!(t.plain(), "abc\n");
    }
}
