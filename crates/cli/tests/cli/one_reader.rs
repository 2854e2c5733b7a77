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
    crate::common::scratch_dir("one_reader", case)
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

/// A game whose block is cut inside it: a line of its comment ends with a
/// result, where the block reader cuts, and its last line does not (a
/// comment after the result), so every cut among such games is inside one.
const CUT: &str =
    "[Event \"cut\"]\n[Result \"*\"]\n\n1. e4 { a comment\nthat ends 1-0\n} e5 * {end}\n\n";

/// A valid game of another file.
const FOREIGN: &str = "[Event \"foreign\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 *\n\n";

/// Runs `S args` in `dir` on a.pgn, and renames b.pgn over a.pgn once the
/// run has a.pgn open and is held by its full standard output (the games of
/// the first block, all before the first cut inside a game, write far more
/// than a pipe holds): the rest of a.pgn after the cut is read later, from
/// whatever the run opened.
#[cfg(target_os = "linux")]
fn renamed_while_read(dir: &Path, args: &[&str]) -> (String, String) {
    use std::io::Read as _;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("SCORESHEET_NO_TIMING", "1")
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running scoresheet");
    let target = dir.join("a.pgn").canonicalize().expect("a.pgn");
    let fds = PathBuf::from(format!("/proc/{}/fd", child.id()));
    let start = Instant::now();
    let opened = || {
        std::fs::read_dir(&fds)
            .into_iter()
            .flatten()
            .flatten()
            .any(|fd| std::fs::read_link(fd.path()).is_ok_and(|p| p == target))
    };
    while !opened() {
        assert!(
            start.elapsed() < crate::common::WATCHDOG,
            "a.pgn never opened"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    std::fs::rename(dir.join("b.pgn"), dir.join("a.pgn")).expect("renaming over");
    let mut err = child.stderr.take().expect("stderr");
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("reading the output");
    child.wait().expect("waiting");
    (out, err.join().expect("stderr reader"))
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_renamed_over_while_it_is_read_is_never_spliced_with_the_new_one() {
    // 6,000 games (600 invalid, 430 kB: more than the first block) before
    // the first cut inside a game, 5,000 games after, among which the blocks
    // are cut inside games (before: 21,213 games of b.pgn reported as a.pgn's).
    let (before, after) = (6_000, 5_000);
    let text = games(before, "\n") + &CUT.repeat(after);
    let foreign = FOREIGN.repeat(2 * text.len() / FOREIGN.len());
    for (case, args) in [
        (
            "validate1",
            &["validate", "--format", "json", "--jobs", "1", "a.pgn"][..],
        ),
        (
            "validate2",
            &["validate", "--format", "json", "--jobs", "2", "a.pgn"],
        ),
        ("convert", &["convert", "--to", "pgn", "a.pgn"]),
    ] {
        let dir = scratch(&format!("renamed_{case}"));
        std::fs::write(dir.join("a.pgn"), &text).expect("writing a.pgn");
        std::fs::write(dir.join("b.pgn"), &foreign).expect("writing b.pgn");
        let (out, err) = renamed_while_read(&dir, args);
        assert!(
            !out.contains("foreign"),
            "{case}: games of b.pgn read as a.pgn's"
        );
        if args[0] == "validate" {
            let s = summary(&out);
            assert_eq!(s["games"], (before + after) as u64, "{case}: {s}\n{err}");
            assert_eq!(s["invalid"], (before / 10) as u64, "{case}: {s}");
        } else {
            assert_eq!(
                out.matches("[Event \"cut\"]").count(),
                after,
                "{case}: {err}"
            );
            assert_eq!(
                out.matches("[Event \"e\"]").count(),
                before - before / 10,
                "{case}"
            );
        }
    }
}

/// The JSON game objects of a `validate --format json` run's output.
fn game_objects(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "game")
        .collect()
}

/// The kinds of a game object's errors.
fn error_kinds(game: &serde_json::Value) -> Vec<String> {
    game["errors"]
        .as_array()
        .map(|errors| {
            errors
                .iter()
                .map(|e| e["kind"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// `bytes` compressed with gzip.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).expect("gzip");
    enc.finish().expect("gzip")
}

#[test]
fn a_unit_over_the_cap_at_the_end_is_reported_in_blocks_pipes_and_compressed_streams() {
    let dir = scratch("cap_at_end");
    // 17 MiB with no line end after the last game (the cap is 16 MiB).
    let mut text = GAME.as_bytes().to_vec();
    text.resize(text.len() + (17 << 20), b'x');
    std::fs::write(dir.join("tail.pgn"), &text).expect("writing");
    std::fs::write(dir.join("tail.pgn.gz"), gzip(&text)).expect("writing");
    for script in [
        "$S validate --format json --jobs 1 tail.pgn",
        "$S validate --format json --jobs 2 tail.pgn",
        "cat tail.pgn | $S validate --format json -",
        "$S validate --format json tail.pgn.gz",
    ] {
        let r = bash(&dir, script);
        assert_eq!(r.code, Some(1), "{script}: {}", r.stderr);
        let games = game_objects(&r.stdout);
        assert_eq!(games.len(), 2, "{script}");
        assert_eq!(error_kinds(&games[1]), ["game-too-large"], "{script}");
        assert_eq!(
            (&games[1]["line"], &games[1]["column"]),
            (&serde_json::json!(6), &serde_json::json!(1)),
            "{script}"
        );
    }
}

/// `n` bytes that look random (no two runs differ).
fn noise(n: usize) -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn binary_garbage_is_one_located_error_and_the_games_after_it_are_judged() {
    let dir = scratch("garbage");
    let two = GAME.repeat(2);
    // 1 MB of random bytes in the middle, 1 MB of NULs at the start.
    let middle = [two.as_bytes(), &noise(1 << 20), b"\n", two.as_bytes()].concat();
    let start = [&vec![0u8; 1 << 20][..], b"\n", two.as_bytes()].concat();
    for (name, bytes, garbage_line) in [("middle", &middle, 11), ("start", &start, 1)] {
        std::fs::write(dir.join(format!("{name}.pgn")), bytes).expect("writing");
        std::fs::write(dir.join(format!("{name}.pgn.gz")), gzip(bytes)).expect("writing");
        for script in [
            format!("$S validate --format json --jobs 1 {name}.pgn"),
            format!("SCORESHEET_BLOCK_BYTES=7 $S validate --format json --jobs 2 {name}.pgn"),
            format!("cat {name}.pgn | $S validate --format json -"),
            format!("$S validate --format json {name}.pgn.gz"),
        ] {
            let r = bash(&dir, &script);
            assert_eq!(r.code, Some(1), "{script}: {}", r.stderr);
            let games = game_objects(&r.stdout);
            let bad: Vec<_> = games.iter().filter(|g| g["valid"] == false).collect();
            assert_eq!(bad.len(), 1, "{script}");
            assert_eq!(error_kinds(bad[0]), ["binary-data"], "{script}");
            assert_eq!(bad[0]["errors"][0]["line"], garbage_line, "{script}");
            let valid = games.iter().filter(|g| g["valid"] == true).count();
            assert_eq!(valid, if name == "start" { 2 } else { 4 }, "{script}");
        }
    }
}

#[test]
fn compressed_streams_give_every_game_before_their_problem_then_say_it() {
    let dir = scratch("compressed");
    let n = 3_000;
    let text: String = (0..n)
        .map(|i| GAME.replace("[Event \"e\"]", &format!("[Event \"{i}\"]")))
        .collect();
    let packed = gzip(text.as_bytes());
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).expect("writing");
    write("cut.pgn.gz", &packed[..packed.len() / 2]);
    write("zeros.pgn.gz", &[&packed[..], &[0u8; 4096]].concat());
    write("garbage.pgn.gz", &[&packed[..], b"garbage\n"].concat());
    write("members.pgn.gz", &[&packed[..], &packed].concat());
    // pzstd's output: a skippable frame first.
    let mut skippable = vec![0x50, 0x2A, 0x4D, 0x18, 4, 0, 0, 0, 1, 2, 3, 4];
    skippable.extend(zstd::encode_all(text.as_bytes(), 3).expect("zstd"));
    write("skip.pgn.zst", &skippable);
    write("games.zip", b"PK\x03\x04\x14\x00\x00\x00\x08\x00");
    for (name, code, games, problem) in [
        ("zeros.pgn.gz", 0, n, None),
        ("members.pgn.gz", 0, 2 * n, None),
        ("skip.pgn.zst", 0, n, None),
        ("garbage.pgn.gz", 2, n, Some("trailing garbage")),
        ("games.zip", 2, 0, Some("zip archive: unpack it first")),
    ] {
        for script in [
            format!("$S validate --format json --jobs 2 {name}"),
            format!("cat {name} | $S validate --format json -"),
        ] {
            let r = bash(&dir, &script);
            assert_eq!(r.code, Some(code), "{script}: {}", r.stderr);
            let s = summary(&r.stdout);
            assert_eq!(s["games"], games as u64, "{script}: {s}");
            assert_eq!(s["valid"], games as u64, "{script}: {s}");
            match problem {
                Some(p) => assert!(r.stderr.contains(p), "{script}: {}", r.stderr),
                None => assert_eq!(r.stderr, "", "{script}"),
            }
        }
    }
    // A stream cut in its middle: every whole game it gave is judged, then
    // the cut is said with what was read.
    for script in [
        "$S validate --format json --jobs 1 cut.pgn.gz",
        "$S validate --format json --jobs 2 cut.pgn.gz",
        "cat cut.pgn.gz | $S validate --format json -",
    ] {
        let r = bash(&dir, script);
        assert_eq!(r.code, Some(2), "{script}: {}", r.stderr);
        let s = summary(&r.stdout);
        let games = s["games"].as_u64().unwrap_or(0);
        assert!(games > 100 && games < n as u64, "{script}: {s}");
        assert_eq!(s["valid"].as_u64(), Some(games), "{script}: {s}");
        let said = format!("(after {games} games, ");
        assert!(r.stderr.contains(&said), "{script}: {}", r.stderr);
    }
}

#[test]
fn standard_input_of_tiny_games_stays_within_bounded_memory() {
    let dir = scratch("tiny_games");
    // 500 kB of the smallest games there are: a quarter of a million (one
    // batch of the streaming reader, once, and 70 MB of reports).
    std::fs::write(dir.join("tiny.pgn"), "*\n".repeat(250_000)).expect("writing");
    // The data segment (the heap) capped at 64 MiB: a run that holds more aborts.
    for script in [
        "ulimit -d 65536; $S validate --format json -q - < tiny.pgn",
        "ulimit -d 65536; cat tiny.pgn | $S validate --format json -q --jobs 1 -",
    ] {
        let r = bash(&dir, script);
        assert_eq!(r.code, Some(0), "{script}: {}", r.stderr);
        assert_eq!(summary(&r.stdout)["games"], 250_000, "{script}");
    }
}

#[test]
fn blank_lines_after_an_unfinished_game_are_not_the_games_in_blocks_pipes_and_compressed_streams() {
    let dir = scratch("trailing_blanks");
    // An unfinished game (3 lines, no result), then 17 MiB of blank lines
    // ended every way (LF, CRLF, CR alone, with spaces and tabs: 4 line ends
    // a unit), then a valid game. The cap on a game is 16 MiB.
    let unit = b"\n  \r\n\t\r \n";
    let units = (17 << 20) / unit.len();
    let text = [
        &b"[Event \"u\"]\n\n1. e4 e5 2. Nf3\n"[..],
        &unit.repeat(units),
        GAME.as_bytes(),
    ]
    .concat();
    std::fs::write(dir.join("blanks.pgn"), &text).expect("writing");
    std::fs::write(dir.join("blanks.pgn.gz"), gzip(&text)).expect("writing");
    for script in [
        "$S validate --format json --jobs 1 blanks.pgn",
        "$S validate --format json --jobs 2 blanks.pgn",
        "SCORESHEET_BLOCK_BYTES=4096 $S validate --format json --jobs 2 blanks.pgn",
        "cat blanks.pgn | $S validate --format json -",
        "$S validate --format json blanks.pgn.gz",
    ] {
        let r = bash(&dir, script);
        assert_eq!(r.code, Some(0), "{script}: {}", r.stderr);
        let games = game_objects(&r.stdout);
        assert_eq!(games.len(), 2, "{script}");
        // The unfinished game is judged as what it is: three plies, no result.
        assert_eq!(games[0]["plies"], 3, "{script}");
        assert_eq!(error_kinds(&games[0]), Vec::<String>::new(), "{script}");
        assert_eq!(
            games[0]["warnings"][0]["kind"], "missing-result",
            "{script}"
        );
        assert!(games[0]["length"].as_u64() < Some(64), "{script}");
        assert_eq!(games[1]["valid"], true, "{script}");
        assert_eq!(games[1]["line"], 3 + 4 * units as u64 + 1, "{script}");
    }
}

#[test]
fn a_diagram_never_replaces_an_input() {
    let dir = scratch("svg_over_input");
    std::fs::create_dir_all(dir.join("svg")).expect("mkdir");
    // The input is a diagram's name in the `--svg` directory: by its own
    // name, through a symlink, or as standard input.
    std::fs::write(dir.join("game1-ply000.svg"), GAME).expect("writing");
    std::fs::write(dir.join("svg/game1-ply003.svg"), GAME).expect("writing");
    std::os::unix::fs::symlink("svg/game1-ply003.svg", dir.join("link.pgn")).expect("symlink");
    for (script, input) in [
        ("$S play --svg . game1-ply000.svg", "game1-ply000.svg"),
        ("$S play --svg svg link.pgn", "svg/game1-ply003.svg"),
        (
            "$S play --svg svg - < svg/game1-ply003.svg",
            "svg/game1-ply003.svg",
        ),
        (
            "$S play --svg svg --svg-problems link.pgn",
            "svg/game1-ply003.svg",
        ),
    ] {
        let r = bash(&dir, script);
        if script.contains("problems") {
            // A valid game has no problem to draw: nothing written, no refusal.
            assert_eq!(r.code, Some(0), "{script}: {}", r.stderr);
        } else {
            assert_eq!(r.code, Some(2), "{script}: {}", r.stderr);
            assert!(r.stderr.contains("also an input"), "{script}: {}", r.stderr);
        }
        let kept = std::fs::read_to_string(dir.join(input)).expect("reading");
        assert_eq!(kept, GAME, "{script}");
    }
    // Other diagrams are written as before.
    let r = bash(&dir, "$S play --svg out link.pgn");
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(dir.join("out/game1-ply007.svg").exists());
}

#[test]
fn a_file_of_tiny_games_stays_within_bounded_memory_on_every_path() {
    let dir = scratch("tiny_games_file");
    // 2 MB of the smallest games there are: a million, 128 Ki to a block of
    // 256 KiB (whose reports alone weigh some 50 MB; 8 such blocks were in
    // flight on the file path).
    std::fs::write(dir.join("tiny.pgn"), "*\n".repeat(1 << 20)).expect("writing");
    std::fs::write(dir.join("e4.pgn"), "1. e4 *\n".repeat(1 << 18)).expect("writing");
    // The data segment (the heap and the threads' stacks) capped at 64 MiB.
    for script in [
        "ulimit -d 65536; $S validate --format json -q --jobs 2 tiny.pgn",
        "ulimit -d 65536; $S validate --format json -q --jobs 1 tiny.pgn",
        "ulimit -d 65536; $S validate --format json --jobs 2 e4.pgn | tail -n 1",
        "ulimit -d 65536; $S convert --to san --moves-only --jobs 2 tiny.pgn | wc -l",
    ] {
        let r = bash(&dir, script);
        assert_eq!(r.code, Some(0), "{script}: {}", r.stderr);
        if script.contains("convert") {
            assert_eq!(r.stdout.trim(), (1 << 20).to_string(), "{script}");
        } else {
            let games = if script.contains("e4") {
                1 << 18
            } else {
                1 << 20
            };
            assert_eq!(summary(&r.stdout)["games"], games, "{script}");
        }
    }
}
