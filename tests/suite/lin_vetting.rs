//! Vetting LIN never vouches for what the full reader would report:
//! generated hand records, damaged a few bytes at a time, are either all
//! vouched for and read clean, or left to the reader.

use std::collections::HashSet;

use kibitzer::archive::{problems, read_checked};
use kibitzer::model::SourceFormat;
use kibitzer::notation::lin::vet_line;
use kibitzer::testing::generate::write_archive;
use proptest::prelude::*;

fn archive(records: usize, seed: u64) -> Vec<u8> {
    let mut out = Vec::new();
    write_archive(SourceFormat::Lin, records, seed, &mut out).unwrap();
    out
}

/// Whether vetting vouches for every line, with no board twice.
fn vouched(bytes: &[u8]) -> bool {
    let mut seen = HashSet::new();
    bytes
        .split(|&b| b == b'\n')
        .filter(|l| !l.trim_ascii().is_empty())
        .all(|l| vet_line(l).is_some_and(|id| seen.insert(id)))
}

#[test]
fn generated_hand_records_are_vouched_for_and_read_clean() {
    let bytes = archive(300, 5);
    assert!(vouched(&bytes));
    let read: Vec<_> = read_checked(&bytes, SourceFormat::Lin).collect();
    assert_eq!(read.len(), 300);
    assert!(read.iter().all(|r| r.problems.is_empty()));
    assert_eq!(problems(&bytes, SourceFormat::Lin, |_| true, |_| {}), 300);
}

#[test]
fn a_board_given_twice_is_left_to_the_reader() {
    let bytes = archive(3, 9);
    let first = bytes.split_inclusive(|&b| b == b'\n').next().unwrap().to_vec();
    let twice = [bytes.clone(), first].concat();
    assert!(!vouched(&twice));
    let mut found = Vec::new();
    problems(
        &twice,
        SourceFormat::Lin,
        |_| true,
        |p| found.push(p.message.clone()),
    );
    assert_eq!(found, ["this board is given again (first at line 1)"]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn vetting_vouches_only_for_what_reads_clean(
        seed in any::<u64>(),
        damage in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let mut bytes = archive(3, seed);
        for (at, byte) in &damage {
            let i = at.index(bytes.len());
            // A few bytes LIN gives meaning to, and any byte at all.
            bytes[i] = match byte % 4 {
                0 => b"|,!pcmbSHDCAKQJT2p"[usize::from(*byte) % 18],
                _ => *byte,
            };
        }
        let read: Vec<_> = read_checked(&bytes, SourceFormat::Lin).collect();
        let clean = read.iter().all(|r| r.problems.is_empty());
        if vouched(&bytes) {
            prop_assert!(clean, "vouched for, yet: {:?}", read.iter().flat_map(|r| &r.problems).collect::<Vec<_>>());
            prop_assert_eq!(read.len(), 3);
        }
        let mut count = 0;
        problems(&bytes, SourceFormat::Lin, |_| true, |_| count += 1);
        prop_assert_eq!(count, read.iter().map(|r| r.problems.len()).sum::<usize>());
    }
}
