//! Hostile inputs through the real `scoresheet validate` binary.
//!
//! Each case writes its input under the test's temporary directory (the big
//! ones are generated here, never committed), runs the binary with a 60 s
//! watchdog (a hang fails the test instead of blocking CI), and compares the
//! exit code and every line of standard output; standard error must be empty
//! (no panic message). Every hostile game is followed by an ordinary game,
//! which must still be reported: a batch never loses a game.
//! See docs/RELIABILITY.md.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;

use crate::common;
use common::{Run, run};

/// A game that follows every hostile one: 4 plies, valid.
const OK: &[u8] = b"[Event \"ok\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";

/// A directory of its own for each case.
fn dir(case: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("hostile")
        .join(case);
    std::fs::create_dir_all(&d).expect("creating the case directory");
    d
}

/// Writes `input` to `CASE/CASE.pgn`, runs `scoresheet validate CASE.pgn` there.
fn validate(case: &str, input: &[u8]) -> Run {
    let d = dir(case);
    let name = format!("{case}.pgn");
    std::fs::write(d.join(&name), input).expect("writing the input");
    let run = run_in(&d, &["validate", &name]);
    // The big inputs are not kept.
    let _ = std::fs::remove_file(d.join(&name));
    run
}

/// Runs the binary in `cwd` with the watchdog.
fn run_in(cwd: &Path, args: &[&str]) -> Run {
    run(cwd, env!("CARGO_BIN_EXE_scoresheet"), args)
}

/// Checks exit code, exact stdout lines and an empty stderr.
#[track_caller]
fn expect(run: &Run, code: i32, lines: &[&str]) {
    assert!(
        !run.stderr.contains("panicked"),
        "panic on stderr:\n{}",
        run.stderr
    );
    // Inputs that hold no game at all are said to on standard error.
    let said = if run.stdout.contains(" 0 games:") {
        "scoresheet: warning: no games read\n"
    } else {
        ""
    };
    assert_eq!(run.stderr, said, "standard error");
    let got: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(got, lines, "standard output");
    assert_eq!(run.code, Some(code), "exit code");
}

/// `text` and then the ordinary game after a blank line.
fn then_ok(text: &[u8]) -> Vec<u8> {
    let mut v = text.to_vec();
    v.extend_from_slice(b"\n\n");
    v.extend_from_slice(OK);
    v
}

/// A byte string of `len` copies of `b`.
fn fill(b: u8, len: usize) -> Vec<u8> {
    vec![b; len]
}

/// Concatenates byte strings.
fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

#[test]
fn empty_file() {
    let r = validate("empty", b"");
    expect(
        &r,
        0,
        &["1 file, 0 games: 0 valid, 0 invalid, 0 warnings, 0 plies"],
    );
}

#[test]
fn only_whitespace() {
    let r = validate("whitespace", b" \n\t\r\n  \n\x0c\n");
    expect(
        &r,
        0,
        &["1 file, 0 games: 0 valid, 0 invalid, 0 warnings, 0 plies"],
    );
}

#[test]
fn ten_megabyte_comment() {
    let big = fill(b'x', 10 << 20);
    let input = then_ok(&cat(&[b"[Event \"big\"]\n\n1. e4 {", &big, b"} e5 *"]));
    let r = validate("comment_10mb", &input);
    expect(
        &r,
        0,
        &["1 file, 2 games: 2 valid, 0 invalid, 0 warnings, 6 plies"],
    );
}

#[test]
fn variations_nested_100000_deep() {
    // Each variation replaces the first move of the one around it: every level is
    // judged, in the start position, and the game is valid.
    let open = b"(1. d4 ".repeat(100_000);
    let close = b") ".repeat(100_000);
    let input = then_ok(&cat(&[
        b"[Event \"deep\"]\n\n1. e4 ",
        &open,
        &close,
        b"e5 *",
    ]));
    let r = validate("nested_100000", &input);
    expect(
        &r,
        0,
        &["1 file, 2 games: 2 valid, 0 invalid, 0 warnings, 6 plies"],
    );
}

#[test]
fn variations_nested_100000_deep_without_moves() {
    // `( (`: the inner variation has no move to replace, an error of the game.
    let open = b"( ".repeat(100_000);
    let close = b") ".repeat(100_000);
    let input = then_ok(&cat(&[
        b"[Event \"deep\"]\n\n1. e4 ",
        &open,
        b"1. d4 ",
        &close,
        b"e5 *",
    ]));
    let r = validate("nested_100000_empty", &input);
    expect(
        &r,
        1,
        &[
            "nested_100000_empty.pgn:3:9: error[variation-without-move]: game 1 ((): a variation must follow the move it replaces",
            "errors: 1 variation-without-move",
            "1 file, 2 games: 1 valid, 1 invalid, 0 warnings, 6 plies",
        ],
    );
}

#[test]
fn variations_opened_100000_deep_never_closed() {
    let open = b"(".repeat(100_000);
    let input = then_ok(&cat(&[b"[Event \"deep\"]\n\n1. e4 ", &open]));
    let r = validate("unclosed_100000", &input);
    expect(
        &r,
        0,
        &[
            // Read leniently, the game ends at the first `(` (a page cut off
            // inside a note); `--strict` keeps the error (the notation crate's tests).
            "unclosed_100000.pgn:3:7: warning[cut-variation]: game 1 ((): a variation or note not closed before the game's text ends (a page cut off?): the game is read up to its '(', the note to its paragraph's end kept as a comment",
            "unclosed_100000.pgn:3:100007: warning[missing-result]: game 1: the game has no result (1-0, 0-1, 1/2-1/2 or *) at the end",
            "warnings: 1 cut-variation, 1 missing-result",
            "1 file, 2 games: 2 valid, 0 invalid, 2 warnings, 5 plies",
        ],
    );
}

#[test]
fn single_five_megabyte_line() {
    // 5 MiB of moves on one line: the knights go out and back (no repetition
    // is reached: the line repeats 2 full cycles, then a result), padded with a
    // comment, all without a newline.
    let pad = fill(b'y', 5 << 20);
    let input = then_ok(&cat(&[
        b"[Event \"line\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 {",
        &pad,
        b"} 3. e4 e5 *",
    ]));
    let r = validate("line_5mb", &input);
    expect(
        &r,
        0,
        &["1 file, 2 games: 2 valid, 0 invalid, 0 warnings, 10 plies"],
    );
}

#[test]
fn tag_with_unterminated_string() {
    let input = then_ok(b"[Event \"no end\n\n1. e4 *");
    let r = validate("unterminated_tag", &input);
    expect(
        &r,
        1,
        &[
            "unterminated_tag.pgn:1:8: error[unterminated-tag-string]: game 1 (\"no end): the tag value has no closing '\"' on its line",
            "errors: 1 unterminated-tag-string",
            "1 file, 2 games: 1 valid, 1 invalid, 0 warnings, 5 plies",
        ],
    );
}

/// Deterministic bytes from 0x80..=0xff and a few controls: no brace, bracket,
/// newline or `;`, so the whole garbage is one token soup, which its control
/// characters make one stretch of binary data.
fn garbage(len: usize) -> Vec<u8> {
    let mut x: u32 = 0x2545_f491;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let b = (x >> 24) as u8;
            if b < 0x80 { 1 + b % 7 } else { b }
        })
        .collect()
}

#[test]
fn binary_garbage() {
    let input = then_ok(&garbage(4096));
    let r = validate("garbage", &input);
    assert_eq!(r.code, Some(1), "{}", r.stdout);
    let lines: Vec<&str> = r.stdout.lines().collect();
    expect(
        &r,
        1,
        &[
            lines.first().copied().unwrap_or("(nothing)"),
            "errors: 1 binary-data",
            "1 file, 2 games: 1 valid, 1 invalid, 0 warnings, 4 plies",
        ],
    );
    // The control characters make it one stretch of binary data, from the
    // start of its line to the end of its line.
    assert!(
        lines[0].starts_with("garbage.pgn:1:1: error[binary-data]: game 1, ply 1 ("),
        "{}",
        lines[0]
    );
}

/// [`validate`] with notes shown.
fn validate_notes(case: &str, input: &[u8]) -> Run {
    let d = dir(case);
    let name = format!("{case}.pgn");
    std::fs::write(d.join(&name), input).expect("writing the input");
    let run = run_in(&d, &["validate", "--notes", &name]);
    let _ = std::fs::remove_file(d.join(&name));
    run
}

#[test]
fn latin1_in_a_comment() {
    // Text that is not UTF-8 is Latin-1 (the PGN standard's character set): a note,
    // the characters quoted as Latin-1 reads them.
    let input = then_ok(b"[Event \"c\"]\n\n1. e4 {\xff\xfe bad \x93x\x94} e5 *");
    let r = validate_notes("utf8_comment", &input);
    expect(
        &r,
        0,
        &[
            "utf8_comment.pgn:3:8: note[latin-1]: game 1 (\u{ff}): a comment not in UTF-8: read as Latin-1, the PGN standard's character set (0x80-0x9F as Windows-1252)",
            "1 file, 2 games: 2 valid, 0 invalid, 0 warnings, 6 plies",
        ],
    );
}

#[test]
fn latin1_in_a_tag() {
    let input = then_ok(b"[Event \"\xff\xfe\"]\n\n1. e4 e5 *");
    let r = validate_notes("utf8_tag", &input);
    expect(
        &r,
        0,
        &[
            "utf8_tag.pgn:1:9: note[latin-1]: game 1 (\u{ff}): a tag value not in UTF-8: read as Latin-1, the PGN standard's character set (0x80-0x9F as Windows-1252)",
            "1 file, 2 games: 2 valid, 0 invalid, 0 warnings, 6 plies",
        ],
    );
}

#[test]
fn invalid_utf8_in_a_move() {
    let input = then_ok(b"[Event \"m\"]\n\n1. e4 e\xff5 *");
    let r = validate("utf8_move", &input);
    expect(
        &r,
        1,
        &[
            "utf8_move.pgn:3:8: error[invalid-move]: game 1, ply 2 (e\u{ff}5): expected a destination square, found \"\u{ff}5\"; did you mean: e5 (e7-e5), e6 (e7-e6), c5 (c7-c5)",
            "errors: 1 invalid-move",
            "1 file, 2 games: 1 valid, 1 invalid, 0 warnings, 5 plies",
        ],
    );
}

#[test]
fn truncated_mid_move() {
    let input = cat(&[OK, b"\n[Event \"t\"]\n\n1. e4 e5 2. Nf"]);
    let r = validate("truncated_move", &input);
    expect(
        &r,
        1,
        &[
            "truncated_move.pgn:7:13: error[invalid-move]: game 2, ply 3 (Nf): \"Nf\" ends before the move is complete: expected a destination square; did you mean: Nf3 (Ng1-f3), d4 (d2-d4), Nc3 (Nb1-c3)",
            "truncated_move.pgn:7:15: warning[missing-result]: game 2 (Nf): the game has no result (1-0, 0-1, 1/2-1/2 or *) at the end",
            "errors: 1 invalid-move",
            "warnings: 1 missing-result",
            "1 file, 2 games: 1 valid, 1 invalid, 1 warning, 6 plies",
        ],
    );
}

#[test]
fn truncated_mid_comment() {
    let input = cat(&[OK, b"\n[Event \"t\"]\n\n1. e4 { unfinished"]);
    let r = validate("truncated_comment", &input);
    expect(
        &r,
        1,
        &[
            "truncated_comment.pgn:7:7: error[unterminated-comment]: game 2 ({): the comment has no closing '}'",
            "truncated_comment.pgn:7:19: warning[missing-result]: game 2: the game has no result (1-0, 0-1, 1/2-1/2 or *) at the end",
            "errors: 1 unterminated-comment",
            "warnings: 1 missing-result",
            "1 file, 2 games: 1 valid, 1 invalid, 1 warning, 5 plies",
        ],
    );
}

#[test]
fn truncated_mid_tag() {
    let input = cat(&[OK, b"\n[Event \"t"]);
    let r = validate("truncated_tag", &input);
    expect(
        &r,
        1,
        &[
            "truncated_tag.pgn:5:8: error[unterminated-tag-string]: game 2 (\"t): the tag value has no closing '\"' on its line",
            "truncated_tag.pgn:5:10: warning[missing-result]: game 2: the game has no result (1-0, 0-1, 1/2-1/2 or *) at the end",
            "errors: 1 unterminated-tag-string",
            "warnings: 1 missing-result",
            "1 file, 2 games: 1 valid, 1 invalid, 1 warning, 4 plies",
        ],
    );
}

#[test]
fn move_number_ten_to_the_thirty() {
    let input = then_ok(b"[Event \"n\"]\n\n1000000000000000000000000000000. e4 e5 *");
    let r = validate("move_number_1e30", &input);
    expect(
        &r,
        1,
        &[
            "move_number_1e30.pgn:3:1: error[move-number-overflow]: game 1 (1000000000000000000000000000000.): move number too large (more than 4294967295)",
            "errors: 1 move-number-overflow",
            "1 file, 2 games: 1 valid, 1 invalid, 0 warnings, 6 plies",
        ],
    );
}

#[test]
fn fen_tag_of_10000_characters() {
    let fen = b"8/".repeat(5000);
    let input = then_ok(&cat(&[
        b"[Event \"f\"]\n[SetUp \"1\"]\n[FEN \"",
        &fen,
        b"\"]\n\n1. e4 *",
    ]));
    let r = validate("fen_10000", &input);
    let shown = "8/".repeat(20);
    expect(
        &r,
        1,
        &[
            &format!(
                "fen_10000.pgn:3:7: error[invalid-fen]: game 1 ({}8/\u{2026}): fen: piece placement: \"{}\u{2026}\" has 5001 ranks, not 8, at character 0",
                "8/".repeat(39),
                &shown[..40],
            ),
            "errors: 1 invalid-fen",
            "1 file, 2 games: 1 valid, 1 invalid, 0 warnings, 4 plies",
        ],
    );
}

/// `plies` plies of the knights shuffle `Nf3 Nf6 Ng1 Ng8`, numbered, 79 columns.
fn knights_shuffle(plies: usize) -> Vec<u8> {
    const CYCLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut out = String::new();
    let mut line = 0;
    for i in 0..plies {
        let token = if i % 2 == 0 {
            format!("{}. {}", i / 2 + 1, CYCLE[i % 4])
        } else {
            CYCLE[i % 4].to_owned()
        };
        if line > 0 && line + 1 + token.len() > 79 {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        line += token.len();
        out.push_str(&token);
    }
    out.into_bytes()
}

#[test]
fn game_of_20000_plies() {
    // No legal game reaches 20,000 plies without the rules ending it (the
    // seventy-five-move rule caps a game near 17,700 plies): the knights'
    // shuffle is drawn by fivefold repetition after ply 16. The draw is
    // noted once, at ply 17, and the replay goes on to the end.
    let moves = knights_shuffle(20_000);
    let input = then_ok(&cat(&[b"[Event \"long\"]\n\n", &moves, b" 1/2-1/2"]));
    let r = validate_notes("plies_20000", &input);
    expect(
        &r,
        0,
        &[
            "plies_20000.pgn:4:15: note[move-after-end]: game 1, ply 17 (Nf3): the game was already drawn by rule (fivefold repetition) before this move",
            "1 file, 2 games: 2 valid, 0 invalid, 0 warnings, 20004 plies",
        ],
    );
}

#[test]
fn game_over_the_16_mib_cap() {
    // 16 MiB and a little more, in one comment: read whole by one refill of the
    // reader's buffer, it must still be refused.
    let big = fill(b'z', (16 << 20) + 10);
    let input = then_ok(&cat(&[
        OK,
        b"\n[Event \"huge\"]\n\n1. e4 {",
        &big,
        b"} e5 *",
    ]));
    let r = validate("over_16_mib", &input);
    expect(
        &r,
        1,
        &[
            "over_16_mib.pgn:5:1: error[game-too-large]: game 2: game at byte 37 is 16777255 bytes long, more than the limit of 16777216: skipped",
            "errors: 1 game-too-large",
            "1 file, 3 games: 2 valid, 1 invalid, 0 warnings, 8 plies",
        ],
    );
    // Every command gives that game the same verdict, and goes on after it.
    let d = dir("over_16_mib_every_command");
    std::fs::write(d.join("over.pgn"), &input).expect("writing the input");
    let said = "over.pgn:5:1: error[game-too-large]: ";
    for args in [
        &["play", "over.pgn"][..],
        &["convert", "--to", "pgn", "over.pgn"],
    ] {
        let r = run_in(&d, args);
        assert_eq!(r.code, Some(1), "{args:?}: {}", r.stderr);
        let all = format!("{}{}", r.stdout, r.stderr);
        assert!(all.contains(said), "{args:?}: {all}");
        assert_eq!(all.matches("1. e4 e5").count(), 2, "{args:?}: {all}");
    }
    let _ = std::fs::remove_file(d.join("over.pgn"));
}

#[test]
fn game_far_over_the_16_mib_cap() {
    // 100 MiB: skipped while it streams, in bounded memory.
    let big = fill(b'z', 100 << 20);
    let input = then_ok(&cat(&[
        OK,
        b"\n[Event \"huge\"]\n\n1. e4 {",
        &big,
        b"} e5 *",
    ]));
    let r = validate("over_100_mib", &input);
    expect(
        &r,
        1,
        &[
            "over_100_mib.pgn:5:1: error[game-too-large]: game 2: game at byte 37 is 104857629 bytes long, more than the limit of 16777216: skipped",
            "errors: 1 game-too-large",
            "1 file, 3 games: 2 valid, 1 invalid, 0 warnings, 8 plies",
        ],
    );
}

#[test]
fn terminal_escapes_are_not_echoed() {
    // ESC sequences in a FEN tag, a comment, a move and a Result tag: the human
    // report shows them as spaces, never raw (they would drive the terminal).
    let input = then_ok(
        b"[Event \"e\x1b[31mred\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\x1b[2J\"]\n\n1. e4 {\x1b]0;title\x07} e\x1b[31m5 *\n\n[Event \"x\"]\n[Result \"1-0\x1b[0m\"]\n\n1. e4 e\x1b[31m5 *",
    );
    let r = validate("escapes", &input);
    assert!(!r.stdout.contains('\x1b'), "{:?}", r.stdout);
    expect(
        &r,
        1,
        &[
            "escapes.pgn:2:7: error[invalid-fen]: game 1 (8/8/8/8/8/8/8/8 w - - 0 1 [2J): fen: full-move number: \"1\\u{1b}[2J\" is not a number, at character 24",
            "escapes.pgn:4:21: error[invalid-move]: game 1 ( ): expected a destination square, found \"\\u{1b}\"",
            "escapes.pgn:4:22: error[unexpected-character]: game 1 ([): unexpected '[' in the movetext",
            "escapes.pgn:4:24: error[invalid-move]: game 1 (1m5): expected a destination square, found \"1m5\"",
            "escapes.pgn:9:8: error[invalid-move]: game 2, ply 2 (e ): expected a destination square, found \"\\u{1b}\"; did you mean: e5 (e7-e5), e6 (e7-e6), c5 (c7-c5)",
            "escapes.pgn:9:9: error[unexpected-character]: game 2 ([): unexpected '[' in the movetext",
            "escapes.pgn:9:11: error[invalid-move]: game 2 (1m5): expected a destination square, found \"1m5\"",
            "escapes.pgn:9:15: warning[result-mismatch]: game 2 (*): the result * differs from the Result tag \"1-0 [0m\"",
            "errors: 4 invalid-move, 2 unexpected-character, 1 invalid-fen",
            "warnings: 1 result-mismatch",
            "1 file, 3 games: 1 valid, 2 invalid, 1 warning, 5 plies",
        ],
    );
}

/// Runs the binary under an address-space limit of `limit` bytes (`prlimit
/// --as`), or `None` where `prlimit` is not installed.
fn run_limited(cwd: &Path, limit: u64, args: &[&str]) -> Option<Run> {
    let found = std::process::Command::new("prlimit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("prlimit not found: the memory-limited run is skipped");
        return None;
    }
    let limit = format!("--as={limit}");
    let mut all = vec![limit.as_str(), env!("CARGO_BIN_EXE_scoresheet")];
    all.extend_from_slice(args);
    Some(run(cwd, "prlimit", &all))
}

#[test]
fn token_dense_games_of_16_mib_in_bounded_memory() {
    // Just under the 16 MiB cap, as many tokens as fit: a move and then empty
    // comments (a valid game if read whole), and one pawn move repeated. The
    // full parser reads at most MAX_TOKENS tokens of a game, 32 bytes each (32
    // MiB), so every command reports within 50-80 MiB resident and every
    // command gives the same verdict. The address space is more than that:
    // each thread reserves its stack and a malloc arena; on two cores
    // `convert` needs 270-410 MiB, `validate --jobs 2` 218 MiB, `play` 79
    // MiB, where tokens of 208 bytes needed 790-870 MiB: the limit below
    // fails if a token grows back.
    let cores = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    let limit = (384 + 128 * cores) << 20;
    let n = (16 << 20) - 200;
    let comments = cat(&[
        b"[Event \"comments\"]\n\n1. e4 ",
        &b"{} ".repeat(n / 3),
        b"e5 *",
    ]);
    let pawns = cat(&[b"[Event \"pawns\"]\n\n", &b"e4 ".repeat(n / 3), b"*"]);
    for (case, input, line) in [
        (
            "dense_comments",
            comments,
            "dense_comments.pgn:3:3145729: error[game-too-large]: ",
        ),
        (
            "dense_pawns",
            pawns,
            "dense_pawns.pgn:3:4: error[illegal-move]: ",
        ),
    ] {
        let d = dir(case);
        let name = format!("{case}.pgn");
        std::fs::write(d.join(&name), &input).expect("writing the input");
        for args in [
            &["validate", "--jobs", "2", &name][..],
            &["play", &name][..],
            &["convert", "--to", "pgn", &name][..],
        ] {
            let Some(r) = run_limited(&d, limit, args) else {
                return;
            };
            assert!(
                !r.stderr.contains("memory allocation"),
                "{args:?}: {}",
                r.stderr
            );
            assert_eq!(r.code, Some(1), "{args:?}: {}", r.stderr);
            let said = format!("{}{}", r.stdout, r.stderr);
            assert!(
                said.contains(line),
                "{args:?}: {line:?} not in\n{}",
                &said[..said.len().min(2000)]
            );
        }
        let _ = std::fs::remove_file(d.join(&name));
    }
}

#[test]
fn two_hundred_thousand_tags_in_one_game() {
    // Each tag name is compared with the ones before it for a repeat: done pair
    // by pair, 200,000 tags took minutes in every command (a million, hours).
    let d = dir("many_tags");
    let mut input = String::new();
    for i in 0..200_000 {
        let _ = writeln!(input, "[T{i} \"v\"]");
    }
    input.push_str("[T7 \"again\"]\n\n1. e4 e5 *\n");
    std::fs::write(d.join("tags.pgn"), &input).expect("writing the input");
    let repeated = "the tag T7 is repeated: only the first is kept";
    for args in [
        &["validate", "tags.pgn"][..],
        &["play", "tags.pgn"][..],
        &["convert", "--to", "pgn", "tags.pgn"][..],
    ] {
        let r = run_in(&d, args);
        assert_eq!(r.code, Some(0), "{args:?}: {}", r.stderr);
        let said = format!("{}{}", r.stdout, r.stderr);
        let at = "tags.pgn:200001:1: warning[duplicate-tag]: ";
        assert!(
            said.contains(at) && said.contains(repeated),
            "{args:?}: {}",
            &said[said.len().saturating_sub(2000)..]
        );
    }
    let _ = std::fs::remove_file(d.join("tags.pgn"));
}
