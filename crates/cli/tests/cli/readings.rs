//! The board decides how each game is written (issue 30), through the real
//! binary: every input is cut into games by one splitter, and each game is
//! read as PGN or as a book's table by which reading plays more of it, never
//! by the file's head; books stream like PGN (issue 29).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;
use serde_json::Value;

use crate::common::{Run, run};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// A fresh directory for each case, holding `text` as `name`.
fn file(case: &str, name: &str, text: &[u8]) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("readings")
        .join(case);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("creating the case directory");
    std::fs::write(d.join(name), text).expect("writing the input");
    d
}

/// `validate --format json` of `text`: each game's report, and the summary.
fn validate(case: &str, text: &[u8]) -> (Vec<Value>, Value) {
    let dir = file(case, "in.txt", text);
    let r = run(&dir, BIN, &["validate", "--format", "json", "in.txt"]);
    let mut objects: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let summary = objects.pop().expect("a summary")["summary"].clone();
    (objects, summary)
}

/// Each game's `(notation, valid, plies)`.
fn verdicts(games: &[Value]) -> Vec<(String, bool, u64)> {
    games
        .iter()
        .map(|g| {
            (
                g["notation"].as_str().unwrap_or("-").to_owned(),
                g["valid"].as_bool().expect("valid"),
                g["plies"].as_u64().expect("plies"),
            )
        })
        .collect()
}

/// A PGN game, a descriptive table headed by `%` lines and ended by its words,
/// another PGN game, then a 19th-century table: one file.
const MIXED: &str = "% title: Game one\n\
WHITE.   BLACK.\n\
1. P-K4 P-K4\n\
2. Kt-KB3 Kt-QB3\n\
Resigns.\n\
\n\
[Event \"x\"]\n\
\n\
1. e4 e5 2. Nf3 Nc6 *\n\
\n\
% title: Game two\n\
1. P. to K.'s 4th.   1. P. to K.'s 4th.\n\
2. Q. to K. R.'s 5th.   2. K. to his 2nd.\n\
3. Q. takes K. P., mate.\n";

#[test]
fn one_file_holds_pgn_games_and_book_tables() {
    let (games, summary) = validate("mixed", MIXED.as_bytes());
    assert_eq!(
        verdicts(&games),
        [
            ("descriptive".to_owned(), true, 4),
            ("san".to_owned(), true, 4),
            ("descriptive".to_owned(), true, 5),
        ]
    );
    // Each table's `%` headers are its tags.
    assert_eq!(games[0]["tags"]["Event"], "Game one");
    assert_eq!(games[2]["tags"]["Event"], "Game two");
    assert_eq!(games[2]["line"], 11);
    assert_eq!(summary["games"], 3);
    // convert and play read the same games.
    let dir = file("mixed-convert", "in.txt", MIXED.as_bytes());
    let r = run(
        &dir,
        BIN,
        &["convert", "--to", "san", "--moves-only", "in.txt"],
    );
    assert_eq!(
        r.stdout,
        "1. e4 e5 2. Nf3 Nc6 0-1\n1. e4 e5 2. Nf3 Nc6 *\n1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\n",
        "{}",
        r.stderr
    );
    let r = run(&dir, BIN, &["play", "in.txt"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.matches("Game ").count(), 3, "{}", r.stdout);
}

#[test]
fn a_percent_line_above_algebraic_moves_is_pgn() {
    // The castling move is blocked: an error at that move, read as SAN, not a
    // table whose every move is refused.
    let (games, _) = validate("notes", b"% notes\n1. e4 e5 2. Nf3 Nc6 3. O-O\n");
    assert_eq!(verdicts(&games), [("san".to_owned(), false, 4)]);
    assert_eq!(games[0]["errors"][0]["kind"], "illegal-move");
}

#[test]
fn a_percent_line_and_prose_above_thirteen_pgn_games() {
    let mut text = String::from("% from a club bulletin\nGames of the round\n");
    for i in 0..13 {
        text.push_str(&format!(
            "[Event \"Round\"]\n[Round \"{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
        ));
    }
    let (games, _) = validate("prose", text.as_bytes());
    let pgn: Vec<_> = verdicts(&games)
        .into_iter()
        .filter(|v| v.0 == "san")
        .collect();
    assert_eq!(pgn, vec![("san".to_owned(), true, 4); 13]);
    // The prose is no game of moves: nothing is read as a table.
    assert!(games.iter().all(|g| g["notation"] != "descriptive"));
}

#[test]
fn a_table_of_algebraic_moves_in_columns() {
    let table = b"% title: A modern book\n% date: 1990.01.01\n\
1. e4        e5\n2. Nf3       Nc6\n3. Bb5       a6\n";
    let (games, _) = validate("columns", table);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["valid"], true);
    assert_eq!(games[0]["plies"], 6);
    // Algebraic columns read as movetext, every ply legal.
    assert_eq!(games[0]["notation"], "san");
}

#[test]
fn tagless_tables_one_per_line_are_games_of_their_own() {
    let text = b"1. P-K4 P-K4 2. Q-R5 K-K2 3. QxKP mate\n1. P-Q4 P-Q4 2. P-QB4 Resigns.\n1. P-K4 P-QB4 1-0\n";
    let (games, _) = validate("lines", text);
    assert_eq!(
        verdicts(&games),
        [
            ("descriptive".to_owned(), true, 5),
            ("descriptive".to_owned(), true, 3),
            ("descriptive".to_owned(), true, 2),
        ]
    );
}

#[test]
fn a_table_read_over_a_pgn_reading_says_so() {
    // PGN movetext reads the compact rows, then stumbles on the old form; the
    // table reads every ply, and a note says why it was chosen.
    let text = b"1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B. to Q. B.'s 4th.   B. to Q. B.'s 4th.\n";
    let dir = file("note", "in.txt", text);
    let r = run(&dir, BIN, &["validate", "--notes", "in.txt"]);
    assert!(
        r.stdout.contains("note[table-by-moves]")
            && r.stdout
                .contains("6 plies legal, against 4 as PGN movetext"),
        "{}",
        r.stdout
    );
}

#[test]
fn text_skipped_in_a_table_is_a_note() {
    let text = b"% title: With a remark\n1. P-K4 P-K4\nA quiet opening.\n2. Kt-KB3 Kt-QB3\n";
    let (games, _) = validate("remark", text);
    assert_eq!(verdicts(&games), [("descriptive".to_owned(), true, 4)]);
    let notes = games[0]["notes"].as_array().expect("notes");
    assert!(
        notes
            .iter()
            .any(|n| n["line"] == 3 && n["message"].as_str().is_some_and(|m| m.contains("line"))),
        "{notes:?}"
    );
}

/// The peak resident memory of a process, in KiB, while it lives.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_large_book_streams_through_a_pipe_in_bounded_memory() {
    if !std::path::Path::new("/proc/self/status").exists() {
        return;
    }
    let game: &[u8] = b"% title: Game\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-B4 B-B4\nResigns.\n";
    // 24 MB of tables: read whole (as books were), with their games held,
    // they would pass the bound.
    let count = 24_000_000 / game.len();
    let mut child = Command::new(BIN)
        .args(["validate", "--jobs", "1", "-"])
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running validate");
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let block: Vec<u8> = game.repeat(1000);
        for _ in 0..count / 1000 {
            if stdin.write_all(&block).is_err() {
                return;
            }
        }
    });
    // The high-water mark, sampled until the input is written (the process
    // then only finishes its last games).
    let mut peak = 0;
    while !writer.is_finished() {
        peak = peak.max(peak_kib(pid).unwrap_or(0));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    peak = peak.max(peak_kib(pid).unwrap_or(0));
    writer.join().expect("the writer");
    let out = child.wait_with_output().expect("validate ends");
    let r = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert_eq!(r.code, Some(0), "{}{}", r.stdout, r.stderr);
    let games = (count / 1000) * 1000;
    assert!(
        r.stdout.contains(&format!("{games} games: {games} valid")),
        "{}",
        r.stdout
    );
    assert!(peak > 0 && peak < 64 << 10, "peak RSS {peak} KiB");
}
