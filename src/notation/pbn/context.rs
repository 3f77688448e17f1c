//! What one game hands to the next: the latest value of every tag, for
//! `#` and for carried tags a game leaves out, and the values given with
//! `##`, which hold for every game after.

use super::tag_values::TagValues;

/// Tags whose value a game without them takes from the game before, as
/// exports leave out what the two tables of a board share (rpbridge.net's
/// gives the event and date once for a whole championship). Hidden is no
/// such tag: a quiz hides hands of its own game only.
pub const CARRIED: [&str; 8] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
];

/// Whether a game that leaves out carried tag `name` and gives `board`
/// (None: none of its own) takes it from the games before, whose board was
/// `before`: what belongs to a board only into the other table of that
/// board, never into a game of another board.
pub fn carries(name: &str, board: Option<&str>, before: Option<&str>) -> bool {
    let of_the_board = matches!(name, "Dealer" | "Vulnerable" | "Deal" | "Scoring");
    !of_the_board || board.is_none_or(|b| Some(b) == before)
}

#[derive(Clone, Debug, Default)]
pub struct Context {
    /// Tag names and their latest values, in the order first seen.
    previous: TagValues,
    sticky: TagValues,
    /// Where the last tag set was: games mostly give their tags in the same
    /// order, so the next one is usually the next entry.
    hint: usize,
    /// Begun part way through a file, before what came earlier is known:
    /// it knows only the tags it has been given since, and those it has
    /// been told no game before gave.
    partial: bool,
    absent: Vec<String>,
    /// Tags a reader asked a partial context for that it could not tell.
    missed: Vec<String>,
}

impl PartialEq for Context {
    fn eq(&self, other: &Context) -> bool {
        self.previous == other.previous && self.sticky == other.sticky
    }
}

impl Context {
    /// A context for games part way through a file, to vet them before the
    /// games before them are read.
    pub fn partial() -> Context {
        Context {
            partial: true,
            ..Context::default()
        }
    }

    /// The latest value of a tag, None when a partial context can't tell.
    pub fn lookup(&self, name: &str) -> Option<Option<&str>> {
        match self.get(name) {
            None if self.partial => None,
            value => Some(value),
        }
    }

    /// The latest value of a tag, for the reader; a partial context notes
    /// the tags it can't tell, and answers None for them.
    pub fn ask(&mut self, name: &str) -> Option<&str> {
        let found = self.previous.get(name);
        if found.is_none() && self.partial && !self.absent.iter().any(|a| a == name) {
            self.missed.push(name.to_string());
        }
        found
    }

    /// The tags a reader asked for that this partial context could not
    /// tell (each once).
    pub fn missed(&self) -> Vec<String> {
        let mut missed = self.missed.clone();
        missed.sort();
        missed.dedup();
        missed
    }

    /// Tells a partial context the value a tag had after the games before
    /// (None: no game before gave it), as found by looking back.
    pub fn learn(&mut self, name: &str, value: Option<&str>) {
        match value {
            Some(value) => self.set(name, value),
            None => self.absent.push(name.to_string()),
        }
        self.missed.clear();
    }

    /// Brings this context on past games a partial context followed.
    pub fn overlay(&mut self, later: &Context) {
        for (name, value) in later.previous.iter() {
            self.set(name, value);
        }
    }

    /// The latest value of a tag.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.previous.get(name)
    }

    /// The value a `##` gave a tag.
    pub fn sticky(&self, name: &str) -> Option<&str> {
        self.sticky.get(name)
    }

    /// The tags `##` gave values, with those values.
    pub fn stickies(&self) -> impl Iterator<Item = (&str, &str)> {
        self.sticky.iter()
    }

    pub fn has_sticky(&self) -> bool {
        !self.sticky.is_empty()
    }

    /// Records a tag's value, reusing the space of the one before.
    pub fn set(&mut self, name: &str, value: &str) {
        // From the hint on: a tag a game leaves out puts the next one a
        // step or two further, not back at the start.
        let at = match self.previous.find_from(name, self.hint) {
            Some(at) => {
                let slot = self.previous.value_mut(at);
                slot.clear();
                slot.push_str(value);
                at
            }
            None => self.previous.push(name, value),
        };
        self.hint = at + 1;
    }

    pub fn set_sticky(&mut self, name: &str, value: &str) {
        match self.sticky.find(name) {
            Some(at) => *self.sticky.value_mut(at) = value.to_string(),
            None => _ = self.sticky.push(name, value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_replaced_in_place_and_found_by_name() {
        let mut c = Context::default();
        c.set("Event", "A");
        c.set("Board", "1");
        c.set("Event", "B");
        assert_eq!(
            (c.get("Event"), c.get("Board"), c.get("Site")),
            (Some("B"), Some("1"), None)
        );
        c.set_sticky("Site", "Home");
        assert_eq!(c.sticky("Site"), Some("Home"));
        assert!(c.has_sticky());
    }

    #[test]
    fn a_boards_tags_carry_only_into_the_other_table_of_that_board() {
        assert!(carries("Deal", None, Some("1")), "no board of its own");
        assert!(carries("Deal", Some("1"), Some("1")));
        assert!(!carries("Deal", Some("2"), Some("1")));
        assert!(!carries("Scoring", Some("2"), Some("1")));
        assert!(carries("Event", Some("2"), Some("1")), "the session's");
    }

    #[test]
    fn a_partial_context_knows_only_what_it_was_told() {
        let mut early = Context::default();
        early.set("Event", "A");
        early.set("Site", "X");
        let mut later = Context::partial();
        assert_eq!(later.lookup("Event"), None);
        later.set("Event", "B");
        assert_eq!(later.lookup("Event"), Some(Some("B")));
        assert_eq!(early.lookup("Board"), Some(None));
        early.overlay(&later);
        assert_eq!((early.get("Event"), early.get("Site")), (Some("B"), Some("X")));
    }
}
