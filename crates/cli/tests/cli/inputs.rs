//! End-to-end tests of how `scoresheet validate` reads its inputs: compressed
//! files, directories, standard input, a closed output pipe.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

const GAME: &str =
    "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-inputs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn scoresheet(args: &[&str], cwd: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(args)
        .current_dir(cwd)
        .env("SCORESHEET_NO_TIMING", "1")
        .stdin(Stdio::null())
        .output()
        .expect("run scoresheet");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn zstd_files_are_read_as_they_stream_and_directories_recursively() {
    let dir = scratch("zst");
    std::fs::create_dir_all(dir.join("sub")).expect("sub dir");
    let many = GAME.repeat(300);
    let packed = zstd::encode_all(many.as_bytes(), 3).expect("compress");
    std::fs::write(dir.join("sub/games.pgn.zst"), &packed).expect("write zst");
    std::fs::write(dir.join("plain.pgn"), GAME).expect("write pgn");
    std::fs::write(dir.join("notes.txt"), "not a game file").expect("write txt");
    let (code, out, err) = scoresheet(&["validate", "."], &dir);
    assert_eq!(err, "");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "2 files, 301 games: 301 valid, 0 invalid, 0 warnings, 2107 plies\n"
    );
    // A truncated compressed file is an I/O error (exit 2) naming the file.
    std::fs::write(dir.join("cut.pgn.zst"), &packed[..packed.len() / 2]).expect("write cut");
    let (code, _, err) = scoresheet(&["validate", "cut.pgn.zst"], &dir);
    assert_eq!(code, 2);
    assert!(err.starts_with("scoresheet: error: cut.pgn.zst: "), "{err}");
}

#[test]
fn a_missing_input_is_reported_and_the_run_goes_on() {
    let dir = scratch("missing");
    let (code, out, err) = scoresheet(&["validate", "nope.pgn"], &dir);
    assert_eq!(
        (code, out.as_str()),
        (
            2,
            "0 files, 0 games: 0 valid, 0 invalid, 0 warnings, 0 plies, 1 input not read\n"
        )
    );
    assert_eq!(
        err,
        "scoresheet: error: nope.pgn: no such file or directory\n"
    );
}

#[test]
fn a_closed_pipe_ends_quietly_with_the_outcome_of_the_games_judged() {
    let dir = scratch("pipe");
    let bad = "1. e4 e5 2. Ke3 *\n\n".repeat(20_000);
    std::fs::write(dir.join("bad.pgn"), bad).expect("write");
    let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "bad.pgn"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    // Read a little, then close our end of the pipe.
    {
        let mut stdout = child.stdout.take().expect("stdout");
        let mut first = [0u8; 64];
        let _ = std::io::Read::read(&mut stdout, &mut first);
    }
    let out = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "");
    // The games judged before the pipe closed were invalid.
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn standard_input_is_read_when_no_path_is_given() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "--format", "json", "--quiet"])
        .env("SCORESHEET_NO_TIMING", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(GAME.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "{\"type\":\"summary\",\"summary\":{\"files\":1,\"games\":1,\"valid\":1,\"invalid\":0,\"warnings\":0,\"plies\":7,\"bytes\":71,\"seconds\":0.0,\"errors_by_kind\":{},\"warnings_by_kind\":{}}}\n"
    );
}

/// Runs `validate --format json` with `--jobs` 1, 2 and 3 and gives each run's
/// exit code, output and errors.
fn each_jobs(args: &[&str], cwd: &Path, stdin: &str) -> Vec<(i32, String, String)> {
    ["1", "2", "3"]
        .iter()
        .map(|jobs| {
            let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
                .args(["validate", "--format", "json", "--jobs", jobs])
                .args(args)
                .current_dir(cwd)
                .env("SCORESHEET_NO_TIMING", "1")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn");
            let mut input = child.stdin.take().expect("stdin");
            input.write_all(stdin.as_bytes()).expect("write");
            drop(input);
            let out = child.wait_with_output().expect("wait");
            (
                out.status.code().unwrap_or(-1),
                String::from_utf8_lossy(&out.stdout).into_owned(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            )
        })
        .collect()
}

#[test]
fn standard_input_among_files_is_reported_in_its_place_whatever_the_jobs() {
    let dir = scratch("stdin-among");
    std::fs::write(dir.join("a.pgn"), GAME.repeat(2)).expect("write a");
    std::fs::write(dir.join("b.pgn"), "1. e4 e5 2. Ke3 *\n\n".repeat(3)).expect("write b");
    let piped = "1. d4 d5 *\n\n".repeat(4);
    let runs = each_jobs(&["a.pgn", "-", "b.pgn"], &dir, &piped);
    let (code, out, err) = &runs[0];
    assert_eq!((*code, err.as_str()), (1, ""));
    let files: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split("\"file\":\"").nth(1))
        .filter_map(|rest| rest.split('"').next())
        .collect();
    let mut expected = vec!["a.pgn"; 2];
    expected.extend(["<stdin>"; 4]);
    expected.extend(["b.pgn"; 3]);
    assert_eq!(files, expected);
    for run in &runs[1..] {
        assert_eq!(run, &runs[0]);
    }
}

#[test]
fn an_input_that_fails_midway_is_reported_after_its_games_and_the_run_goes_on() {
    let dir = scratch("fails");
    let packed = zstd::encode_all(numbered(30_000).as_bytes(), 3).expect("compress");
    std::fs::write(dir.join("cut.pgn.zst"), &packed[..packed.len() / 2]).expect("write cut");
    std::fs::write(dir.join("good.pgn"), GAME.repeat(3)).expect("write good");
    let runs = each_jobs(&["good.pgn", "cut.pgn.zst", "good.pgn"], &dir, "");
    let (code, out, err) = &runs[0];
    assert_eq!(*code, 2);
    assert!(
        err.starts_with("scoresheet: error: cut.pgn.zst: incomplete frame (after "),
        "{err}"
    );
    assert_eq!(out.matches("\"file\":\"good.pgn\"").count(), 6, "{out}");
    let cut = out.matches("\"file\":\"cut.pgn.zst\"").count();
    assert!(
        err.contains(&format!("(after {cut} games, ")),
        "{cut} games reported: {err}"
    );
    assert!(
        out.ends_with(",\"unread\":1,\"errors_by_kind\":{},\"warnings_by_kind\":{}}}\n"),
        "{out}"
    );
    for run in &runs[1..] {
        assert_eq!(run, &runs[0]);
    }
}

/// `n` valid games told apart by their Event tag (so that they do not
/// compress to nothing).
fn numbered(n: usize) -> String {
    (0..n)
        .map(|i| GAME.replace("[Event \"e\"]", &format!("[Event \"e{i}\"]")))
        .collect()
}
