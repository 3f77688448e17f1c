//! Round trips between every pair of notations kibitzer writes: a record
//! read in its own notation A, written in B and read back, then written in
//! A again and read back, gives back every field both notations hold; what
//! B has no place for is exactly what `convert` names. Over every bridge
//! file of the corpus and over generated archives.
//!
//! A corpus file of many records is sampled (at most `SAMPLE` records,
//! evenly spread), so the test stays well under a minute in a debug build;
//! the sampled records are still written one after another as one file,
//! so what a notation carries from record to record is tested too.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use kibitzer::archive::read_checked;
use kibitzer::model::{Record, SourceFormat};
use kibitzer::notation::convert::{Target, Writer, differing, losses};
use kibitzer::testing::generate::{Rng, record};
use proptest::prelude::*;

/// The most records taken from one corpus file.
const SAMPLE: usize = 30;

/// The notation a file was read in, as a target to write it in again.
fn own(format: SourceFormat) -> Option<Target> {
    Target::ALL.into_iter().find(|t| t.format() == format)
}

/// The records written one after another in `target` and read back, and
/// those the target refused, with convert's reason.
fn through(records: &[Record], target: Target) -> (Vec<Record>, Vec<(usize, String)>) {
    let mut writer = Writer::new(target);
    let mut text = String::new();
    let mut refused = Vec::new();
    writer.start(&mut text);
    for r in records {
        if let Err(why) = writer.record(r, &mut text) {
            refused.push((r.number, format!("{target} refused it: {why}")));
        }
    }
    writer.finish(&mut text);
    (read_checked(text.as_bytes(), target.format()).collect(), refused)
}

/// What went wrong taking `records`, read in `a`, through `b` and back.
fn round_trip(records: &[Record], a: Target, b: Target) -> Vec<(usize, String)> {
    let (in_b, mut wrong) = through(records, b);
    if !wrong.is_empty() || in_b.len() != records.len() {
        wrong.push((
            0,
            format!("{} records read back as {} from {b}", records.len(), in_b.len()),
        ));
        return wrong;
    }
    let (back, refused) = through(&in_b, a);
    // A record B lost the contract of, but not its play, is one A may not
    // write again (PBN's play needs a leader): that is B's named loss.
    let refused: Vec<usize> = refused.into_iter().map(|(number, _)| number - 1).collect();
    for &i in &refused {
        if !losses(&records[i], b).is_ok_and(|lost| lost.contains(&"the contract")) {
            wrong.push((
                records[i].number,
                format!("{a} refused it on the way back from {b}"),
            ));
        }
    }
    let kept = (0..records.len()).filter(|i| !refused.contains(i));
    for (i, ra) in kept.zip(&back) {
        let (r, rb) = (&records[i], &in_b[i]);
        let named = losses(r, b).expect("a bridge record is written");
        let lost_in_b = differing(r, rb);
        if lost_in_b != named {
            wrong.push((
                r.number,
                format!("{b} lost {lost_in_b:?}, convert named {named:?}"),
            ));
        }
        // What A alone loses of its own record (a PBN writer without tag
        // tables) is A's; the pair adds nothing to it but what B named.
        let own_loss = losses(r, a).expect("a bridge record is written");
        let unnamed: BTreeSet<_> = differing(r, ra)
            .into_iter()
            .filter(|f| !named.contains(f) && !own_loss.contains(f))
            .collect();
        if !unnamed.is_empty() {
            wrong.push((r.number, format!("{a} → {b} → {a} lost {unnamed:?}, not named")));
        }
    }
    wrong
}

/// At most `SAMPLE` records of the file, evenly spread.
fn sampled(records: Vec<Record>) -> Vec<Record> {
    let stride = records.len().div_ceil(SAMPLE).max(1);
    records.into_iter().step_by(stride).collect()
}

fn bridge_files(corpus: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["pbn", "rbn", "lin"] {
        common::every_file(&corpus.join(dir), &mut files);
    }
    files.sort();
    files
}

#[test]
fn every_corpus_record_comes_back_through_every_other_notation() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let (mut wrong, mut pairs) = (Vec::new(), 0);
    for path in bridge_files(&corpus) {
        let bytes = std::fs::read(&path).unwrap();
        let Some(a) = kibitzer::notation::detect::detect(&path, &bytes).and_then(own) else {
            continue;
        };
        let records = sampled(
            read_checked(&bytes, a.format())
                .filter(|r| r.bridge().is_some())
                .collect(),
        );
        let name = path.strip_prefix(&corpus).unwrap().display().to_string();
        for b in Target::ALL.into_iter().filter(|&b| b != a) {
            pairs += records.len();
            for (number, what) in round_trip(&records, a, b) {
                wrong.push(format!("{name}: record {number}: {what}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(pairs > 3000, "records taken through another notation: {pairs}");
}

/// A generated archive as notation `a` writes and reads it.
fn archive_in(seed: u64, count: usize, a: Target) -> Vec<Record> {
    let mut rng = Rng::new(seed);
    let records: Vec<Record> = (1..=count).map(|n| record(&mut rng, n)).collect();
    through(&records, a).0
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_archives_come_back_through_every_pair(seed in any::<u64>(), count in 1usize..5) {
        for a in [Target::Rbn, Target::Pbn, Target::Lin] {
            let records = archive_in(seed, count, a);
            prop_assert_eq!(records.len(), count);
            for b in Target::ALL.into_iter().filter(|&b| b != a) {
                let wrong = round_trip(&records, a, b);
                prop_assert!(wrong.is_empty(), "{} → {}: {:?}", a, b, wrong);
            }
        }
    }
}
