//! File names as each format can carry them: JSON keeps every byte of a name
//! that is not UTF-8 (`\udcXX`), GitHub annotations escape control
//! characters, SARIF percent-encodes the bytes and says what columns count.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

const BAD: &[u8] = b"1. e4 e5 2. Ke3 *\n";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-names-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `scoresheet validate --no-progress ARGS` in `cwd`: its standard output, as bytes.
fn validate(args: &[&str], cwd: &Path) -> Vec<u8> {
    Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .arg("validate")
        .arg("--no-progress")
        .args(args)
        .current_dir(cwd)
        .env("SCORESHEET_NO_TIMING", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run scoresheet")
        .stdout
}

#[cfg(unix)]
#[test]
fn a_name_that_is_not_utf8_keeps_its_bytes_in_json_and_sarif() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("bytes");
    let name = std::ffi::OsStr::from_bytes(b"caf\xe9 \xff.pgn");
    if std::fs::write(dir.join(name), BAD).is_err() {
        return; // a file system that refuses such names has none to report
    }
    let out = validate(&["--format", "json", "."], &dir);
    let first = out.split(|&b| b == b'\n').next().unwrap_or_default();
    // Every byte outside UTF-8 as the lone surrogate U+DCxx, Python's
    // `surrogateescape`: `os.fsencode` gives the name back. (serde_json
    // refuses lone surrogates: the line is read here as text.)
    let written = std::str::from_utf8(first).expect("ASCII and UTF-8 only");
    assert!(
        written.starts_with(r#"{"type":"game","file":"./caf\udce9 \udcff.pgn","game":1,"#),
        "{written}"
    );
    assert!(written.contains(r#""valid":false"#), "{written}");

    let sarif = validate(&["--format", "sarif", "."], &dir);
    let log: serde_json::Value = serde_json::from_slice(&sarif).expect("a SARIF log");
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    assert_eq!(
        run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "./caf%E9%20%FF.pgn"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn github_annotations_escape_control_characters_of_names() {
    let dir = scratch("github");
    let name = "a\nb%c,d:e\u{1b}[31mf\t.pgn";
    std::fs::write(dir.join(name), BAD).expect("a file");
    let out = validate(&["--format", "github", "."], &dir);
    let out = String::from_utf8(out).expect("UTF-8");
    let first = out.lines().next().unwrap_or_default();
    assert_eq!(
        first.split(",line=").next(),
        Some("::error file=./a%0Ab%25c%2Cd%3Ae%1B[31mf%09.pgn")
    );
    assert!(!out.contains('\u{1b}') && !out.contains('\t'), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn columns_count_characters_as_sarif_says() {
    let dir = scratch("columns");
    // `é` is two bytes and one character: the error at `e3` of `Ke3` is in
    // column 18 (19 in bytes).
    std::fs::write(dir.join("g.pgn"), "{é} 1. e4 e5 2. Ke3 *\n").expect("a file");
    let sarif = validate(&["--format", "sarif", "g.pgn"], &dir);
    let log: serde_json::Value = serde_json::from_slice(&sarif).expect("a SARIF log");
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    assert_eq!(
        run["results"][0]["locations"][0]["physicalLocation"]["region"]["startColumn"],
        18
    );
    let _ = std::fs::remove_dir_all(&dir);
}
