//! Every word of the filter language with what it takes, what it gives and
//! an example: `kibitzer help filter` prints this table, and a test holds
//! the README's language section to it, each example run.

/// One word of the language.
pub struct Word {
    pub word: &'static str,
    /// How it is written with its arguments.
    pub form: &'static str,
    pub meaning: &'static str,
    /// A whole filter using it, true or false for a record.
    pub example: &'static str,
}

/// The hand words, dealer's where dealer has them.
pub const HANDS: &[Word] = &[
    Word {
        word: "hcp",
        form: "hcp(SEAT) hcp(SEAT, SUIT)",
        meaning: "high-card points, A 4 K 3 Q 2 J 1; a side's are its two hands' together",
        example: "hcp(north) >= 15",
    },
    Word {
        word: "spades",
        form: "spades(SEAT) hearts(SEAT) diamonds(SEAT) clubs(SEAT)",
        meaning: "the length of a suit",
        example: "spades(south) >= 5 and hearts(south) >= 4",
    },
    Word {
        word: "shape",
        form: "shape(SEAT, SHAPES)",
        meaning: "the hand has one of the shapes: lengths spades first, x for any length, any for the suits in any order, + to add shapes, - to take them away",
        example: "shape(north, any 4333 + any 5xxx - 5332)",
    },
    Word {
        word: "controls",
        form: "controls(SEAT) controls(SEAT, SUIT)",
        meaning: "aces count 2, kings 1",
        example: "controls(ns) >= 7",
    },
    Word {
        word: "losers",
        form: "losers(SEAT) losers(SEAT, SUIT)",
        meaning: "the losing trick count: in each suit the ace, king and queen missing among the top one, two or three cards its length allows",
        example: "losers(east) <= 6",
    },
    Word {
        word: "hascard",
        form: "hascard(SEAT, CARD)",
        meaning: "the hand holds the card (rank and suit either way round: AS, SA)",
        example: "hascard(west, AS)",
    },
    Word {
        word: "top3",
        form: "top2(SEAT, SUIT) .. top5(SEAT, SUIT)",
        meaning: "how many of the suit's top two to five honours the hand holds",
        example: "top3(north, spades) >= 2",
    },
    Word {
        word: "balanced",
        form: "balanced(SEAT)",
        meaning: "4333, 4432 or 5332",
        example: "balanced(north) and hcp(north) >= 15",
    },
    Word {
        word: "semibalanced",
        form: "semibalanced(SEAT)",
        meaning: "balanced, or 5422 or 6322",
        example: "semibalanced(south)",
    },
];

/// The words that read what happened at the table.
pub const RECORD: &[Word] = &[
    Word {
        word: "board",
        form: "board",
        meaning: "the board number",
        example: "board <= 8",
    },
    Word {
        word: "dealer",
        form: "dealer",
        meaning: "the dealer's seat",
        example: "dealer == west",
    },
    Word {
        word: "vul",
        form: "vul",
        meaning: "who is vulnerable: none, ns, ew or both",
        example: "vul == both",
    },
    Word {
        word: "contract",
        form: "contract",
        meaning: "the final contract; 3NT matches it doubled too, 3NTX only doubled",
        example: "contract == 3NT",
    },
    Word {
        word: "level",
        form: "level",
        meaning: "the contract's level",
        example: "level >= 6",
    },
    Word {
        word: "strain",
        form: "strain",
        meaning: "the contract's strain",
        example: "strain == hearts",
    },
    Word {
        word: "doubled",
        form: "doubled",
        meaning: "the contract is doubled (not redoubled)",
        example: "doubled and result < 0",
    },
    Word {
        word: "redoubled",
        form: "redoubled",
        meaning: "the contract is redoubled",
        example: "redoubled",
    },
    Word {
        word: "declarer",
        form: "declarer",
        meaning: "declarer's seat; == ns asks for either of a side",
        example: "declarer == ns",
    },
    Word {
        word: "tricks",
        form: "tricks",
        meaning: "the tricks declarer took",
        example: "tricks >= 10",
    },
    Word {
        word: "result",
        form: "result",
        meaning: "tricks over the contract, below 0 when it went down",
        example: "contract == 3NT and result < 0",
    },
    Word {
        word: "score",
        form: "score",
        meaning: "North-South's score (worked out, else as the file states it)",
        example: "score >= 600",
    },
    Word {
        word: "lead",
        form: "lead",
        meaning: "the opening lead",
        example: "lead == HK",
    },
    Word {
        word: "suit",
        form: "suit(CARD)",
        meaning: "the suit of a card",
        example: "suit(lead) == hearts",
    },
    Word {
        word: "auction",
        form: "auction",
        meaning: "the calls in order, written 1NT P 2C X XX, one space between, for ~ to search",
        example: "auction ~ \"^1NT P 2C\"",
    },
    Word {
        word: "player",
        form: "player player(SEAT)",
        meaning: "a player's name; alone, any seat's",
        example: "player ~ \"ida\"",
    },
    Word {
        word: "event",
        form: "event",
        meaning: "the event's name",
        example: "event ~ \"pairs\"",
    },
    Word {
        word: "date",
        form: "date",
        meaning: "the date as YYYY.MM.DD, ?? where unknown; compares as text",
        example: "date >= \"2020\"",
    },
    Word {
        word: "file",
        form: "file",
        meaning: "the name of the file the record is in",
        example: "file ~ \"club\"",
    },
    Word {
        word: "table",
        form: "table room",
        meaning: "which table of a team match: 1 (the open room) or 2",
        example: "table == 2",
    },
    Word {
        word: "quiz",
        form: "quiz",
        meaning: "the author asks for a call or a card",
        example: "quiz",
    },
    Word {
        word: "has",
        form: "has(deal) has(auction) has(contract) has(result) has(play) has(players) has(makes)",
        meaning: "the record gives it",
        example: "has(play) and not has(auction)",
    },
];

/// The double-dummy words, from the tables files give or the solver's.
pub const DOUBLE_DUMMY: &[Word] = &[
    Word {
        word: "tricks",
        form: "tricks(SEAT, STRAIN)",
        meaning: "the tricks SEAT makes double dummy as declarer in STRAIN, where the file gives them (RBN's M, PBN's DoubleDummyTricks) or --solve works them out",
        example: "tricks(north, notrump) >= 9",
    },
    Word {
        word: "dd",
        form: "dd",
        meaning: "the tricks declarer makes double dummy in the contract's strain",
        example: "tricks == dd",
    },
    Word {
        word: "par",
        form: "par",
        meaning: "North-South's par score, from the double-dummy table with the dealer and vulnerability",
        example: "score >= par",
    },
];

/// What the words take.
pub const VALUES: &str = "\
SEAT    north east south west; a side, ns or ew (a side's numbers are its
        two hands' added); any: true when true for some seat
SUIT    spades hearts diamonds clubs; STRAIN also notrump (nt)
CARD    a rank and a suit: AS HK TC 2D (or suit first: SA)
CONTRACT a level and a strain, X or XX for doubled: 3NT 4S 6HX
TEXT    in double quotes; == ignores case, ~ searches with a regular expression
NUMBER  whole numbers, + - * / %";

/// How words are put together.
pub const GRAMMAR: &str = "\
Compare with == != < <= > >= and search text with ~; join questions with
and, or, not (or && || !) and parentheses. A word that asks for what a
record lacks (a hand not given, no auction, no play) makes its question
false for that record; has(...) asks directly.";

/// The whole language, as `kibitzer help filter` prints it.
pub fn help() -> String {
    let mut text = String::from("A filter is a question asked of every record.\n\n");
    text.push_str(GRAMMAR);
    text.push_str("\n\n");
    text.push_str(VALUES);
    for (title, words) in [
        ("Hands", HANDS),
        ("The record", RECORD),
        ("Double dummy", DOUBLE_DUMMY),
    ] {
        text.push_str(&format!("\n\n{title}:\n"));
        for w in words {
            let meaning = wrapped(w.meaning, 6, 78);
            text.push_str(&format!("  {}\n{meaning}      e.g. {}\n", w.form, w.example));
        }
    }
    text
}

/// Text in lines of at most `width` columns, each indented by `indent`.
fn wrapped(text: &str, indent: usize, width: usize) -> String {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.iter().map(|l| format!("{:indent$}{l}\n", "")).collect()
}

/// Every word the language knows, to suggest the nearest to a misspelling.
pub fn all() -> impl Iterator<Item = &'static str> {
    const OTHERS: [&str; 20] = [
        "north", "east", "south", "west", "ns", "ew", "any", "hearts", "diamonds", "clubs", "notrump",
        "none", "both", "and", "or", "not", "top2", "top4", "top5", "room",
    ];
    let listed = HANDS.iter().chain(RECORD).chain(DOUBLE_DUMMY).map(|w| w.word);
    listed.chain(OTHERS)
}
