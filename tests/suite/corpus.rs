//! The reader over real RBN files from ../shared/corpus: every problem it
//! reports must be a real defect of the file, listed here with why.

use crate::common;

use std::path::Path;

use common::corpus;

use kibitzer::archive::{Archive, read_checked};
use kibitzer::model::SourceFormat;

/// `line:col: message` for every problem of every record in the file.
fn problems(path: &Path) -> Vec<String> {
    let archive = Archive::open(path).expect("corpus file opens");
    archive
        .records()
        .flat_map(|r| r.problems)
        .map(|p| format!("{}: {}", p.pos, p.message))
        .collect()
}

#[test]
fn the_article_as_one_author_wrote_it_is_clean() {
    let Some(dir) = corpus() else { return };
    let path = dir.join("rbn/AliNisarAhmed__bridge-notation-parser/example.rbn");
    assert_eq!(problems(&path), Vec::<String>::new());
    let record = Archive::open(&path).unwrap().records().next().unwrap();
    assert_eq!(record.commentary.len(), 6);
    assert_eq!(record.play.unwrap().entries().count(), 21);
}

#[test]
fn the_article_with_notes_misplaces_them() {
    let Some(dir) = corpus() else { return };
    let path = dir.join("rbn/tompi__BridgeCalculatorProIdea/src/main/java/com/brisco/common/RBN/Test1.rbn");
    // Notes 1 and 2 explain auction calls (`4D^1`, `P^2`) but stand after
    // the R label; RBN wants them right after A.
    assert_eq!(
        problems(&path),
        [
            "18:1: note 1 should come right after the A or P label; read as a note to the auction",
            "19:1: note 2 should come right after the A or P label; read as a note to the auction",
        ]
    );
    let record = Archive::open(&path).unwrap().records().next().unwrap();
    assert_eq!(record.notes.len(), 2);
    assert_eq!(record.commentary.len(), 6);
}

/// The snippets file holds single labels between `%----` lines, which in
/// RBN would all be one record; each snippet is checked as a record of its
/// own, as its collector meant them.
#[test]
fn rbn_snippets_have_only_their_real_defects() {
    let Some(dir) = corpus() else { return };
    let path = dir.join("rbn-snippets/AliNisarAhmed__bridge-notation-parser/spec_hs_snippets.rbn-lines");
    let text = std::fs::read_to_string(path).unwrap();
    let mut found = Vec::new();
    let mut snippets = 0;
    for snippet in text.split("%----\n").skip(1) {
        snippets += 1;
        for record in read_checked(snippet.as_bytes(), SourceFormat::Rbn) {
            let first = snippet.lines().next().unwrap_or("");
            found.extend(record.problems.iter().map(|p| format!("{first} | {}", p.message)));
        }
    }
    assert_eq!(snippets, 69);
    let expected = [
        // A play note reference with the note itself left out.
        "P HQ*3J2:HK47A:DJA53:HT68C7^1 | `^1` refers to note 1, which the record does not give",
        // Notes with no A or P label to belong to.
        "1 Lost his mind | note 1 should come right after the A or P label; read as a note to the auction",
        "1 Lost his mind | note 2 should come right after the A or P label; read as a note to the auction",
        // `?` is not among the vulnerabilities Z N E B X.
        "A S?:1SP2CP:2D | `?` is not a vulnerability (Z, N, E, B or X)",
        // The spec's own N-S example gives D7 and C7 to both hands.
        "H N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72 | D7 is dealt twice",
        "H N:AKQ72..AKQ72.753::.AKQ72.753.AKQ72 | C7 is dealt twice",
        "H W:AKQ72..AKQ72.753::.AKQ72.753.AKQ72 | D7 is dealt twice",
        "H W:AKQ72..AKQ72.753::.AKQ72.753.AKQ72 | C7 is dealt twice",
    ];
    assert_eq!(found, expected);
}
