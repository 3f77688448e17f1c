//! `kibitzer convert`: the streaming writer writes what the file writers
//! write, what it names as lost is exactly what reading the converted file
//! back loses, and the command speaks as a script expects.

use std::path::Path;
use std::process::{Command, Output};

use kibitzer::archive::read_checked;
use kibitzer::model::{Record, SourceFormat};
use kibitzer::notation::convert::{Target, Writer, differing, losses};
use kibitzer::notation::{lin, pbn, rbn};
use kibitzer::testing::generate::{Rng, record};

fn kibitzer(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .output()
        .expect("kibitzer runs")
}

fn manifest(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(name)
        .display()
        .to_string()
}

fn generated(count: usize) -> Vec<Record> {
    let mut rng = Rng::new(7);
    (1..=count).map(|n| record(&mut rng, n)).collect()
}

/// The records written one at a time, as `convert` writes them.
fn streamed(records: &[Record], target: Target) -> String {
    let mut writer = Writer::new(target);
    let mut out = String::new();
    writer.start(&mut out);
    for r in records {
        writer
            .record(r, &mut out)
            .expect("the target takes a bridge record");
    }
    writer.finish(&mut out);
    out
}

fn read_file(path: &str) -> Vec<Record> {
    let bytes = std::fs::read(path).expect("the file is there");
    let format = kibitzer::notation::detect::detect(Path::new(path), &bytes).expect("a notation");
    read_checked(&bytes, format).collect()
}

#[test]
fn records_written_one_at_a_time_are_the_file_the_writers_write() {
    let records = generated(40);
    assert_eq!(streamed(&records, Target::Rbn), rbn::write_rbn(&records));
    assert_eq!(streamed(&records, Target::Rbx), rbn::write_rbx(&records));
    assert_eq!(streamed(&records, Target::Pbn), pbn::write_pbn(&records).unwrap());
    assert_eq!(streamed(&records, Target::Lin), lin::write_lin(&records).unwrap());
}

/// Every record of the file, converted to every target and the whole
/// converted file read back: the fields named as lost are exactly those
/// that came back otherwise.
fn names_exactly_what_is_lost(path: &str) {
    let records = read_file(path);
    assert!(!records.is_empty(), "{path} has records");
    for target in Target::ALL {
        let text = streamed(&records, target);
        let back: Vec<Record> = read_checked(text.as_bytes(), target.format()).collect();
        assert_eq!(back.len(), records.len(), "{path} as {target}:\n{text}");
        for (r, b) in records.iter().zip(&back) {
            let named = losses(r, target).expect("written");
            assert_eq!(
                differing(r, b),
                named,
                "{path} record {} as {target}:\n{text}",
                r.number
            );
        }
    }
}

#[test]
fn what_convert_names_is_what_the_converted_file_loses() {
    names_exactly_what_is_lost(&manifest("assets/sample.rbn"));
    names_exactly_what_is_lost(&manifest("tests/fixtures/article.rbn"));
}

#[test]
fn rbn_keeps_everything_the_sample_says() {
    for r in read_file(&manifest("assets/sample.rbn")) {
        assert_eq!(losses(&r, Target::Rbn), Ok(Vec::new()), "record {}", r.number);
        assert_eq!(losses(&r, Target::Rbx), Ok(Vec::new()), "record {}", r.number);
    }
}

#[test]
fn an_all_pass_and_bare_ranks_reach_lin_as_passes_and_cards() {
    let records = read_file(&manifest("assets/sample.rbn"));
    // Record 1 ends its auction with `A` and follows suit with bare ranks.
    let lost = losses(&records[0], Target::Lin).unwrap();
    assert!(!lost.contains(&"the calls"), "{lost:?}");
    assert!(!lost.contains(&"the contract"), "{lost:?}");
    let line = streamed(&records[..1], Target::Lin);
    assert!(line.contains("mb|d|mb|p|mb|p|mb|p|pc|"), "{line}");
    assert!(line.contains("pc|CK|pc|C9|pc|C7|"), "{line}");
}

#[test]
fn convert_writes_the_target_and_names_each_loss_on_standard_error() {
    let sample = manifest("assets/sample.rbn");
    let out = kibitzer(&["convert", &sample, "--to", "pbn"]);
    assert_eq!(out.status.code(), Some(0));
    let written = String::from_utf8(out.stdout).unwrap();
    assert!(written.starts_with("% PBN 2.1\n% EXPORT\n"), "{written}");
    assert_eq!(written.matches("[Deal ").count(), 8);
    let told = String::from_utf8(out.stderr).unwrap();
    let first = format!("{sample}:2:1: record 1: PBN has no place for the title, the place");
    assert!(told.starts_with(&first), "{told}");
    assert!(
        told.ends_with("8 records converted to PBN; 8 lost what PBN has no place for\n"),
        "{told}"
    );
}

#[test]
fn convert_quiet_counts_and_out_writes_a_file() {
    let sample = manifest("assets/sample.rbn");
    let dir = std::env::temp_dir().join(format!("kibitzer-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sample.lin");
    let target = file.display().to_string();
    let out = kibitzer(&["convert", &sample, "--to", "LIN", "--quiet", "--out", &target]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "8 records converted to LIN; 8 lost what LIN has no place for (without --quiet, each is named)\n"
    );
    let back = read_file(&target);
    assert_eq!(back.len(), 8);
    assert_eq!(back[0].format, SourceFormat::Lin);
}

#[test]
fn convert_to_json_is_dump_and_an_unknown_target_is_refused() {
    let sample = manifest("assets/sample.rbn");
    let json = kibitzer(&["convert", &sample, "--to", "json"]);
    let dump = kibitzer(&["dump", &sample]);
    assert_eq!(json.stdout, dump.stdout);
    let wrong = kibitzer(&["convert", &sample, "--to", "dup"]);
    assert_eq!(wrong.status.code(), Some(2));
    let told = String::from_utf8(wrong.stderr).unwrap();
    assert!(told.contains("`dup` is not a notation kibitzer writes"), "{told}");
}

#[test]
fn a_game_the_target_cannot_hold_is_named_and_not_written() {
    let preferans = manifest("assets/preferans.ppn");
    let out = kibitzer(&["convert", &preferans, "--to", "pbn"]);
    assert_eq!(out.status.code(), Some(1));
    let told = String::from_utf8(out.stderr).unwrap();
    assert!(
        told.contains(": record 1: not written: record 1 is not a bridge deal"),
        "{told}"
    );
    let written = String::from_utf8(out.stdout).unwrap();
    assert_eq!(written, "% PBN 2.1\n% EXPORT\n");
}
