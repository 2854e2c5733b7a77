//! Directory walks through the real binary (issue 33): like ripgrep, hidden
//! and ignored files and directories are skipped unless `--hidden` or
//! `--no-ignore` asks for them, `--glob` chooses files, the summary says what
//! was skipped and why, and `validate`, `convert` and `play` walk alike (one
//! walk, in the batch library), in sorted order.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;

use crate::common::run;

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// A fresh directory for each case, outside this repository (whose ignore
/// files would otherwise count).
fn scratch(case: &str) -> PathBuf {
    let d = std::env::temp_dir()
        .join(format!("scoresheet-walks-{}", std::process::id()))
        .join(case);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("creating the case directory");
    d
}

/// A tree of game files, each a one-move game that names its file in its
/// Event tag: visible ones, hidden ones, ignored ones, a text file.
fn tree(dir: &Path) {
    for (path, text) in [
        ("a.pgn", None),
        ("sub/c.pgn", None),
        ("sub/notes.md", Some("not a game file")),
        ("sub/book.txt", None),
        (".h.pgn", None),
        (".hid/b.pgn", None),
        ("old/d.pgn", None),
        ("target/e.pgn", None),
        ("kept/x.pgn", None),
        ("kept/y.pgn", None),
        (".ignore", Some("target/\n")),
        // Read only in a Git repository, as ripgrep reads it.
        ("kept/.gitignore", Some("y.pgn\n")),
    ] {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().expect("a parent")).expect("a directory");
        let game = format!("[Event \"{path}\"]\n\n1. e4 e5 *\n");
        std::fs::write(file, text.map_or(game, str::to_owned)).expect("writing");
    }
}

/// The Event tags of the games `validate --format json` read, in its order,
/// and its summary line.
fn read(dir: &Path, args: &[&str]) -> (Vec<String>, String) {
    let mut all = vec!["validate", "--format", "json"];
    all.extend_from_slice(args);
    let r = run(dir, BIN, &all);
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""), "{args:?}");
    let mut events = Vec::new();
    let mut summary = String::new();
    for line in r.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        if v["type"] == "summary" {
            summary = v["summary"]["skipped"].to_string();
        } else {
            events.push(v["tags"]["Event"].as_str().expect("an Event").to_owned());
        }
    }
    (events, summary)
}

#[test]
fn hidden_and_ignored_files_are_skipped_unless_asked_for_and_the_summary_says_why() {
    let dir = scratch("tree");
    tree(&dir);
    assert_eq!(
        read(&dir, &["."]),
        (
            [
                "a.pgn",
                "kept/x.pgn",
                "kept/y.pgn",
                "old/d.pgn",
                "sub/c.pgn"
            ]
            .map(String::from)
            .to_vec(),
            r#"{"glob":0,"hidden":2,"ignored":1}"#.to_owned()
        )
    );
    // In a Git repository, .gitignore files count too.
    std::fs::create_dir_all(dir.join(".git")).expect("a repository");
    assert_eq!(
        read(&dir, &["."]),
        (
            ["a.pgn", "kept/x.pgn", "old/d.pgn", "sub/c.pgn"]
                .map(String::from)
                .to_vec(),
            r#"{"glob":0,"hidden":2,"ignored":2}"#.to_owned()
        )
    );
    assert_eq!(
        read(&dir, &[".", "--hidden"]).0,
        [
            ".h.pgn",
            ".hid/b.pgn",
            "a.pgn",
            "kept/x.pgn",
            "old/d.pgn",
            "sub/c.pgn"
        ]
    );
    assert_eq!(
        read(&dir, &[".", "--no-ignore"]),
        (
            [
                "a.pgn",
                "kept/x.pgn",
                "kept/y.pgn",
                "old/d.pgn",
                "sub/c.pgn",
                "target/e.pgn"
            ]
            .map(String::from)
            .to_vec(),
            r#"{"glob":0,"hidden":2,"ignored":0}"#.to_owned()
        )
    );
    // Globs: `!` leaves out, a choosing glob reads what it matches whatever
    // the name ends with.
    assert_eq!(
        read(&dir, &[".", "--glob", "!old/**", "-g", "!a.pgn"]),
        (
            ["kept/x.pgn", "sub/c.pgn"].map(String::from).to_vec(),
            r#"{"glob":2,"hidden":2,"ignored":2}"#.to_owned()
        )
    );
    assert_eq!(read(&dir, &[".", "--glob", "*.txt"]).0, ["sub/book.txt"]);
    // A path named on the command line is read whatever the walk would say.
    assert_eq!(
        read(&dir, &[".h.pgn", "target/e.pgn"]).0,
        [".h.pgn", "target/e.pgn"]
    );
    // The human summary says it too, for validate and convert; play says it
    // on its own line.
    let r = run(&dir, BIN, &["validate", "."]);
    assert_eq!(
        r.stdout,
        "4 files, 4 games: 4 valid, 0 invalid, 0 warnings, 8 plies, 4 skipped (2 hidden, 2 ignored)\n"
    );
    let r = run(&dir, BIN, &["convert", "--to", "uci", "--moves-only", "."]);
    assert_eq!(r.stdout, "e2e4 e7e5 *\n".repeat(4));
    assert_eq!(
        r.stderr,
        "4 files, 4 games: 4 written, 0 refused, 0 warnings, 4 skipped (2 hidden, 2 ignored)\n"
    );
    let r = run(
        &dir,
        BIN,
        &[
            "play",
            "--hidden",
            "--no-ignore",
            "-g",
            "!**/*.pgn",
            "-g",
            "*.txt",
            ".",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.starts_with("Game 1"), "{}", r.stdout);
    assert_eq!(
        r.stderr,
        "scoresheet: note: 8 skipped in directories (8 by --glob; --hidden, --no-ignore or --glob read them)\n"
    );
}

#[test]
fn a_walk_that_skips_everything_says_what_it_skipped_and_a_bad_glob_is_a_usage_error() {
    let dir = scratch("nothing");
    std::fs::create_dir_all(dir.join(".old")).expect("a directory");
    std::fs::write(dir.join(".old/a.pgn"), "1. e4 *\n").expect("writing");
    let r = run(&dir, BIN, &["validate", "."]);
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (
            Some(2),
            "scoresheet: error: .: no input file (*.pgn, *.desc.txt, each also .zst, .gz or .bz2) found (1 skipped: 1 hidden; --hidden, --no-ignore or --glob read them)\n"
        )
    );
    let r = run(&dir, BIN, &["convert", "--to", "san", "-g", "[", "."]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr.starts_with("scoresheet: error: --glob: "),
        "{}",
        r.stderr
    );
}
