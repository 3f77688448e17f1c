//! Reading one record on its own (looking back for what earlier records
//! hand on) must give exactly the record that reading the whole file in
//! order gives, for every record of every file.

use crate::common;

use common::files;
use kibitzer::model::SourceFormat;
use kibitzer::notation::pbn::write_pbn;
use kibitzer::notation::rbn::{write_rbn, write_rbx};
use kibitzer::testing::generate::{Rng, record};
use kibitzer::testing::selfcheck::reading_alone_agrees;
use proptest::prelude::*;

fn agrees(bytes: &[u8], format: SourceFormat) -> Result<(), String> {
    reading_alone_agrees(bytes, format)
}

#[test]
fn every_record_reads_alone_as_in_order_over_the_corpus_fixtures_and_sample() {
    for (ext, format) in [
        ("pbn", SourceFormat::Pbn),
        ("rbn", SourceFormat::Rbn),
        ("rbx", SourceFormat::Rbx),
    ] {
        for path in files(ext) {
            let bytes = std::fs::read(&path).unwrap();
            if let Err(e) = agrees(&bytes, format) {
                panic!("{}: {e}", path.display());
            }
        }
    }
}

/// Repeating labels and carried tags left out, `#` values, auto-numbered
/// boards, pairs, fixed labels: written out by hand.
#[test]
fn what_records_hand_on_is_found_by_looking_back() {
    let rbn = "% RBN\nE Spring\nD 2024.05.01\nB 7:+\nN A+B:C+D\nH N:AKQJT98765432...:.AKQJT98765432..:..AKQJT98765432.:\n\nB\n\nE\nN W+X:Y+Z\n!\n\n{just free text}\nK Reds:Blues\n\nB 99\n";
    agrees(rbn.as_bytes(), SourceFormat::Rbn).unwrap();
    let fixed = "C! 3NT:S\nB 1:+\n\nE Later\n\nN A+B:C+D\n";
    agrees(fixed.as_bytes(), SourceFormat::Rbn).unwrap();
    let rbx = "% RBX\nE Spring}B 7:+}{note}}N A+B:C+D\nE Later}!}N W+X:Y+Z\nH N:A...\n";
    agrees(rbx.as_bytes(), SourceFormat::Rbx).unwrap();
    let pbn = "[Event \"E\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n\n[Board \"#\"]\n[Site \"x\"]\n\n[Event \"#\"]\n\n[Board \"2\"]\n[Site \"#\"]\n{a [Board \"9\"] in a comment}\n\n[Hidden \"N\"]\n";
    agrees(pbn.as_bytes(), SourceFormat::Pbn).unwrap();
    let sticky = "[Event \"##All\"]\n[Board \"1\"]\n\n[Board \"2\"]\n[Event \"Own\"]\n\n[Board \"3\"]\n";
    agrees(sticky.as_bytes(), SourceFormat::Pbn).unwrap();
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Generated archives, with lines dropped or repeated so that labels
    /// and tags go missing and repeat.
    #[test]
    fn generated_and_damaged_archives_read_alone_as_in_order(
        seed in any::<u64>(),
        form in 0..3u8,
        drops in proptest::collection::vec(any::<usize>(), 0..10),
    ) {
        let mut rng = Rng::new(seed);
        let records: Vec<_> = (1..=25).map(|n| record(&mut rng, n)).collect();
        let (text, format) = match form {
            0 => (write_pbn(&records).unwrap(), SourceFormat::Pbn),
            1 => (write_rbn(&records), SourceFormat::Rbn),
            _ => (write_rbx(&records), SourceFormat::Rbx),
        };
        let mut lines: Vec<&str> = text.lines().collect();
        for d in drops {
            let i = d % lines.len();
            if d % 2 == 0 { lines.remove(i); } else { lines.insert(i, lines[i]); }
        }
        let text = lines.join("\n");
        let result = agrees(text.as_bytes(), format);
        prop_assert!(result.is_ok(), "{}", result.unwrap_err());
    }
}
