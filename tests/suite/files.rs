//! Files as users have them: several at once, folders, `.gz` and `.zip`,
//! and standard input, each record in its own place.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use kibitzer::archive::{Archive, Catalog, gather};
use kibitzer::model::Record;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sample() -> PathBuf {
    root().join("assets/sample.rbn")
}

fn preferans() -> PathBuf {
    root().join("assets/preferans.ppn")
}

fn club() -> PathBuf {
    root().join("tests/fixtures/club.pbn")
}

/// A fresh folder of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("kibitzer-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Each file's records read on their own, in the order given: the list
/// the viewer must show.
fn expected(paths: &[&Path]) -> Vec<(String, Record)> {
    let mut all = Vec::new();
    for path in paths {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let archive = Archive::open(path).unwrap();
        all.extend(archive.records().map(|r| (name.clone(), r)));
    }
    all
}

/// The viewer's list, loaded as the viewer loads it: what is known at the
/// first screen is read at once, the rest when the work is done.
fn listed(paths: &[&Path]) -> Vec<(String, Record)> {
    let mut catalog = Catalog::open(paths).unwrap();
    catalog.wait_for_first(Duration::from_secs(5));
    for i in 0..catalog.len() {
        catalog.load(i);
    }
    catalog.wait_done();
    let all = (0..catalog.len()).map(|i| {
        let record = catalog.load(i).unwrap();
        let (name, number) = catalog.file_of(i).unwrap();
        assert_eq!(number, record.number, "record {i}'s number in its file");
        (name.to_string(), (*record).clone())
    });
    all.collect()
}

fn titles(records: &[(String, Record)]) -> Vec<String> {
    let title = |r: &Record| r.title.as_ref().or(r.event.as_ref()).map(|t| t.first.clone());
    records
        .iter()
        .map(|(f, r)| format!("{f}:{} {}", r.number, title(r).unwrap_or_default()))
        .collect()
}

#[test]
fn two_files_of_different_notations_keep_every_record_in_place() {
    for paths in [
        [sample(), preferans()],
        [preferans(), sample()],
        [club(), preferans()],
    ] {
        let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
        let (want, got) = (expected(&paths), listed(&paths));
        assert_eq!(titles(&got), titles(&want));
        assert_eq!(got, want);
    }
}

#[test]
fn three_files_of_three_notations_keep_every_record_in_place() {
    let pinochle = root().join("assets/pinochle/six-handed.ppn");
    let paths = [club(), sample(), pinochle];
    let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let (want, got) = (expected(&paths), listed(&paths));
    assert_eq!(got.len(), 4 + 8 + want.len() - 12);
    assert_eq!(titles(&got), titles(&want));
    assert_eq!(got, want);
    let catalog = Catalog::open(&paths).unwrap();
    assert_eq!(catalog.files(), 3);
}

#[test]
fn a_folder_is_walked_in_path_order_and_what_is_no_notation_skipped() {
    let dir = scratch("tree");
    std::fs::create_dir_all(dir.join("b/deeper")).unwrap();
    std::fs::copy(sample(), dir.join("b/deeper/z.rbn")).unwrap();
    std::fs::copy(club(), dir.join("a.pbn")).unwrap();
    std::fs::copy(preferans(), dir.join("b/m.ppn")).unwrap();
    // Recognised by content, whatever its name says.
    std::fs::copy(sample(), dir.join("b/results.txt")).unwrap();
    std::fs::write(dir.join("b/notes.txt"), "Take the sandwiches.\n").unwrap();
    let gathered = gather(std::slice::from_ref(&dir));
    let names: Vec<String> = gathered
        .archives
        .iter()
        .map(|a| a.path.strip_prefix(&dir).unwrap().display().to_string())
        .collect();
    assert_eq!(names, ["a.pbn", "b/deeper/z.rbn", "b/m.ppn", "b/results.txt"]);
    let skipped = format!(
        "{}: skipped, not a notation file",
        dir.join("b/notes.txt").display()
    );
    assert_eq!(gathered.skipped, [skipped]);
    assert!(gathered.errors.is_empty());
    let mut catalog = Catalog::open(&[dir.as_path()]).unwrap();
    catalog.wait_done();
    let records = 4 + 8 + expected(&[&preferans()]).len() + 8;
    assert_eq!(catalog.len(), records);
    assert_eq!(catalog.file_of(4), Some(("z.rbn", 1)));
}

#[test]
fn check_and_dump_take_folders_and_name_the_file_everywhere() {
    let dir = scratch("check");
    std::fs::copy(sample(), dir.join("one.rbn")).unwrap();
    std::fs::write(dir.join("two.rbn"), "B 1\nC 8NS\n").unwrap();
    std::fs::write(dir.join("read me"), "not a deal\n").unwrap();
    let out = kibitzer(&["check", dir.to_str().unwrap()], None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    let two = dir.join("two.rbn").display().to_string();
    assert!(
        stdout.lines().next().unwrap().starts_with(&format!("{two}:2:")),
        "{stdout}"
    );
    assert!(stdout.ends_with("9 records, 1 problem\n"), "{stdout}");
    assert!(
        stderr.contains("read me: skipped, not a notation file"),
        "{stderr}"
    );
    let out = kibitzer(&["dump", dir.to_str().unwrap()], None);
    let files: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["file"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(files.len(), 9);
    assert!(files[..8].iter().all(|f| f.ends_with("one.rbn")));
    assert_eq!(files[8], two);
}

fn kibitzer(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kibitzer"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kibitzer runs");
    if let Some(bytes) = stdin {
        child.stdin.take().unwrap().write_all(bytes).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

#[test]
fn gz_and_zip_are_read_as_their_contents() {
    let dir = scratch("packed");
    let rbn = std::fs::read(sample()).unwrap();
    let ppn = std::fs::read(preferans()).unwrap();
    std::fs::write(dir.join("sample.rbn.gz"), gzip(&rbn)).unwrap();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (name, bytes) in [
        ("deals/p.ppn", &ppn[..]),
        ("readme.txt", b"hello\n"),
        ("s.rbn", &rbn),
    ] {
        zip.start_file(name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    let zipped = zip.finish().unwrap().into_inner();
    std::fs::write(dir.join("both.zip"), zipped).unwrap();
    let gathered = gather(&[dir.join("sample.rbn.gz"), dir.join("both.zip")]);
    let names: Vec<String> = gathered
        .archives
        .iter()
        .map(|a| a.path.display().to_string())
        .collect();
    let zip_name = dir.join("both.zip").display().to_string();
    let want = [
        dir.join("sample.rbn.gz").display().to_string(),
        format!("{zip_name}:deals/p.ppn"),
        format!("{zip_name}:s.rbn"),
    ];
    assert_eq!(names, want);
    assert_eq!(
        gathered.skipped,
        [format!("{zip_name}:readme.txt: skipped, not a notation file")]
    );
    assert_eq!(&*gathered.archives[0].bytes, &rbn[..]);
    assert_eq!(&*gathered.archives[1].bytes, &ppn[..]);
    let out = kibitzer(&["check", &want[0], &zip_name], None);
    let count = 8 + expected(&[&preferans()]).len() + 8;
    assert!(String::from_utf8_lossy(&out.stdout).ends_with(&format!("{count} records, 0 problems\n")));
}

#[test]
fn a_gz_file_that_is_no_gzip_is_an_error_naming_it() {
    let dir = scratch("badgz");
    let path = dir.join("broken.pbn.gz");
    std::fs::write(&path, b"[Event \"x\"]\n").unwrap();
    let out = kibitzer(&["check", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(&format!("{}: can't read:", path.display())),
        "{stderr}"
    );
}

#[test]
fn standard_input_is_read_for_check_dump_and_show() {
    let rbn = std::fs::read(sample()).unwrap();
    let out = kibitzer(&["check", "-"], Some(&rbn));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "8 records, 0 problems\n");
    let bad = kibitzer(&["check", "-"], Some(b"B 1\nC 8NS\n"));
    assert!(String::from_utf8_lossy(&bad.stdout).starts_with("<stdin>:2:"));
    let out = kibitzer(&["dump", "-", "--record", "2"], Some(&rbn));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["file"].as_str(), json["record"].as_u64()),
        (Some("<stdin>"), Some(2))
    );
    let out = kibitzer(&["show", "-", "--record", "2", "--width", "100"], Some(&rbn));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().next().unwrap().contains("Quiz 1"), "{text}");
}

#[test]
fn with_several_files_the_list_names_each_row_s_file_and_the_deal_its_place() {
    use kibitzer::cli::buffer_text;
    use kibitzer::ui::action::Action;
    use kibitzer::ui::{App, Theme, view};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    let (a, b) = (sample(), preferans());
    let mut catalog = Catalog::open(&[a.as_path(), b.as_path()]).unwrap();
    catalog.wait_done();
    let total = catalog.len();
    let theme = Theme {
        ascii: false,
        color: false,
        ..Theme::default()
    };
    let mut app = App::new(catalog, "two", theme);
    app.resize(120, 40);
    let draw = |app: &App| {
        let mut buf = Buffer::empty(Rect::new(0, 0, 120, 40));
        view::render(&app.scene(), buf.area, &mut buf);
        buffer_text(&buf)
    };
    let list = draw(&app);
    let rows: Vec<&str> = list.lines().skip_while(|l| !l.contains("File")).collect();
    assert!(rows[0].contains("#") && rows[0].contains("Board"), "{list}");
    assert!(
        rows[1].contains("sample.rbn") && rows[1].trim_start().starts_with('1'),
        "{list}"
    );
    assert!(
        rows[9].contains("preferans.ppn") && rows[9].trim_start().starts_with('1'),
        "{list}"
    );
    app.update(Action::Select(8));
    app.update(Action::Open);
    let deal = draw(&app);
    let place = format!("preferans.ppn:1 · 9 of {total}");
    assert!(deal.lines().next().unwrap().ends_with(&place), "{deal}");
}

/// Waits (at most 10 s) for the catalog to tell of a change.
fn next_change(catalog: &mut Catalog) -> kibitzer::archive::Change {
    let until = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        catalog.watch();
        catalog.receive();
        if let Some(change) = catalog.changes().pop() {
            return change;
        }
        assert!(std::time::Instant::now() < until, "no change was seen");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_file_changed_on_disk_is_read_again_and_told() {
    let dir = scratch("watched");
    let path = dir.join("live.rbn");
    let text = std::fs::read_to_string(sample()).unwrap();
    let cut = text.split("\n\n").take(2).collect::<Vec<_>>().join("\n\n") + "\n\n";
    std::fs::write(&path, &cut).unwrap();
    let mut catalog = Catalog::open(&[club().as_path(), path.as_path()]).unwrap();
    catalog.wait_done();
    assert_eq!(catalog.len(), 4 + 2);
    std::fs::write(&path, &text).unwrap();
    let change = next_change(&mut catalog);
    assert_eq!(
        (change.file, change.first, change.before, change.after),
        (1, 4, 2, 8)
    );
    assert!(change.appended);
    assert_eq!(catalog.len(), 12);
    assert_eq!(catalog.load(11).unwrap().number, 8);
    std::fs::write(&path, "").unwrap();
    let change = next_change(&mut catalog);
    assert_eq!((change.before, change.after, change.appended), (8, 0, false));
    assert_eq!(catalog.len(), 4);
}
