//! Files are read in blocks cut where games most likely start or end, judged on
//! the pool, with the streaming reader taking over where a cut falls inside a
//! game. Whatever the block size and the number of workers, the report is the
//! same, game for game: checked on every PGN fixture with blocks of a few bytes
//! (cuts everywhere, inside games too) and with the default size.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

fn validate(files: &[PathBuf], jobs: &str, block: Option<&str>) -> (i32, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    c.arg("validate")
        .args(["--format", "json", "--jobs", jobs])
        .args(files)
        .env("SCORESHEET_NO_TIMING", "1")
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdin(Stdio::null());
    match block {
        Some(b) => c.env("SCORESHEET_BLOCK_BYTES", b),
        None => c.env_remove("SCORESHEET_BLOCK_BYTES"),
    };
    let out = c.output().expect("run scoresheet");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn")
            && std::fs::metadata(&path).is_ok_and(|m| m.len() < 200_000)
        {
            out.push(path);
        }
    }
}

#[test]
fn block_size_and_workers_change_nothing_reported() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    files.sort();
    assert!(files.len() > 20, "{files:?}");
    let (code, expected) = validate(&files, "1", None);
    assert!(expected.lines().count() > files.len(), "{expected}");
    for block in ["1", "13", "100", "4096"] {
        for jobs in ["1", "2", "3"] {
            let (c, got) = validate(&files, jobs, Some(block));
            assert_eq!(c, code, "blocks of {block}, {jobs} jobs");
            assert_eq!(got, expected, "blocks of {block}, {jobs} jobs");
        }
    }
}

#[test]
fn compressed_files_resume_where_a_block_was_cut_inside_a_game() {
    // The fallback reopens the file and skips the decompressed bytes already
    // judged: with blocks of a few bytes it runs many times per file.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let text = std::fs::read(root.join("bench/games.pgn")).expect("fixtures/bench/games.pgn");
    let dir = std::env::temp_dir().join(format!("scoresheet-blocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let packed = dir.join("games.pgn.zst");
    std::fs::write(&packed, zstd::encode_all(&text[..], 3).expect("compress")).expect("write");
    let plain = dir.join("games.pgn");
    std::fs::write(&plain, &text).expect("write");
    let (code, expected) = validate(std::slice::from_ref(&plain), "1", None);
    let expected = expected.replace("games.pgn\"", "games.pgn.zst\"");
    for block in ["7", "300"] {
        for jobs in ["1", "2"] {
            let (c, got) = validate(std::slice::from_ref(&packed), jobs, Some(block));
            assert_eq!(c, code, "blocks of {block}, {jobs} jobs");
            assert_eq!(got, expected, "blocks of {block}, {jobs} jobs");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
