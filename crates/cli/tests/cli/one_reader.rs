//! The one reader of every byte stream (issue 29), through the real binary:
//! line ends, and what the reader does with a file, a pipe and standard
//! input alike. Each run has a watchdog: a hang fails the test.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;

use crate::common::{Run, run};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// A valid game of 7 plies.
const GAME: &str =
    "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";

/// An invalid game: the king cannot go to e3 (line 4 of the game, column 14).
const BAD: &str = "[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";

/// A fresh directory for each case.
fn scratch(case: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("one_reader")
        .join(case);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("creating the case directory");
    d
}

/// Runs a bash script in `cwd`, `$S` being the binary.
fn bash(cwd: &Path, script: &str) -> Run {
    run(cwd, "bash", &["-c", &format!("S='{BIN}'; {script}")])
}

/// The summary object of a `validate --format json` run's output.
fn summary(stdout: &str) -> serde_json::Value {
    let last = stdout.lines().last().expect("a summary line");
    serde_json::from_str::<serde_json::Value>(last).expect("JSON")["summary"].clone()
}

/// `n` games, one in ten invalid, each line ended by `end`.
fn games(n: usize, end: &str) -> String {
    let mut text = String::new();
    for i in 0..n {
        let game = if i % 10 == 3 { BAD } else { GAME };
        text.push_str(&game.replace('\n', end));
    }
    text
}

#[test]
fn cr_only_line_ends_are_lines_in_a_file_a_pipe_and_blocks() {
    let dir = scratch("cr");
    // 20 MB of old Mac OS line ends: read in many blocks.
    let n = 290_000;
    let text = games(n, "\r");
    assert!(text.len() > 20_000_000, "{}", text.len());
    std::fs::write(dir.join("mac.pgn"), &text).expect("writing");
    let file = bash(&dir, "$S validate --format json --quiet --jobs 2 mac.pgn");
    assert_eq!(file.code, Some(1), "{}", file.stderr);
    let s = summary(&file.stdout);
    assert_eq!(s["games"], n as u64, "{s}");
    assert_eq!(s["invalid"], (n / 10) as u64 + u64::from(n % 10 > 3), "{s}");
    // The same bytes through a pipe: the same summary.
    let piped = bash(&dir, "cat mac.pgn | $S validate --format json --quiet -");
    assert_eq!(summary(&piped.stdout), s);
}

#[test]
fn mixed_line_ends_give_the_lines_and_columns_of_lf_text() {
    let dir = scratch("mixed");
    // The same game four times, each with other line ends: LF, CR LF, CR,
    // and LF CR (two line ends: a blank line after each line).
    let ends = ["\n", "\r\n", "\r", "\n\r"];
    let text: String = ends.iter().map(|end| BAD.replace('\n', end)).collect();
    // Five lines a game, the move on the fourth (the sixth with LF CR).
    let expected = vec![(4, 14), (9, 14), (14, 14), (21, 14)];
    std::fs::write(dir.join("mixed.pgn"), &text).expect("writing");
    let run = bash(&dir, "$S validate --format json mixed.pgn");
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let found: Vec<(u64, u64)> = run
        .stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "game")
        .map(|v| {
            let e = &v["errors"][0];
            (
                e["line"].as_u64().unwrap_or(0),
                e["column"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(found, expected, "{}", run.stdout);
}
