//! The quick lane agrees with the full parser and replay.
//!
//! A game the quick lane accepts must be one the full path finds valid with no
//! warning, with the same number of plies and the same final position; and the
//! quick lane must accept the ordinary clean games it exists for (else it would
//! be a slow no-op). Checked on every PGN file under `fixtures/`, and on random
//! legal games written with decorations and with mistakes (proptest).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use proptest::prelude::*;

use scoresheet_board::quick::QuickLane;
use scoresheet_board::replay::{ReplayOptions, replay, settle};
use scoresheet_board::{EpStyle, Position};
use scoresheet_notation::pgn::{games, parse_game};
use scoresheet_notation::{Diagnostic, Kind, Mode, Severity, Span};

/// A warning or error as reported: severity, kind, message, span, ply, and where
/// the move of its ply is written.
type Said = (Severity, Kind, String, Span, Option<u32>, Span);

/// What a replay says of a game in one mode: plies, final position, and each
/// warning or error (notes aside).
type Verdict = (usize, String, Vec<Said>);

/// The warnings and errors of `diags`, with the moves they are about.
fn problems(diags: &[Diagnostic], written: &[Span]) -> Vec<Said> {
    diags
        .iter()
        .filter(|d| d.severity != Severity::Note)
        .map(|d| {
            let at = d
                .ply
                .and_then(|p| written.get((p as usize).checked_sub(1)?))
                .copied()
                .unwrap_or_default();
            (d.severity, d.kind, d.message.clone(), d.span, d.ply, at)
        })
        .collect()
}

/// What the full path says of a game, lenient then strict: `Some` when all it has
/// to say are warnings about check marks (which the quick lane reports too).
fn full_verdict(text: &[u8]) -> Option<[Verdict; 2]> {
    let verdict = |mode, strict| {
        let game = parse_game(text, 0, mode);
        let r = replay(
            &game,
            &ReplayOptions {
                strict,
                ..ReplayOptions::default()
            },
        );
        let said = problems(&r.diagnostics, &r.written);
        let plies = r.plies();
        (plies, r.position.to_fen(EpStyle::Always), said)
    };
    let lenient = verdict(Mode::Lenient, false);
    let strict = verdict(Mode::Strict, true);
    let only_marks = lenient
        .2
        .iter()
        .all(|p| p.0 == Severity::Warning && CHECK_MARK_KINDS.contains(&p.1.name()));
    only_marks.then_some([lenient, strict])
}

/// The warnings the quick lane reports itself.
const CHECK_MARK_KINDS: [&str; 2] = ["missing-check-mark", "wrong-check-mark"];

/// Checks one game; returns whether the quick lane took it.
fn agree(lane: &mut QuickLane, text: &[u8], origin: &str) -> bool {
    let Some(quick) = lane.replay(text) else {
        return false;
    };
    let fen = quick.position.to_fen(EpStyle::Always);
    let written = quick.written();
    let verdict = |strict| {
        let mut diags: Vec<Diagnostic> = quick.warnings.iter().map(|(d, _)| d.clone()).collect();
        settle(
            &mut diags,
            &ReplayOptions {
                strict,
                ..ReplayOptions::default()
            },
        );
        (quick.plies, fen.clone(), problems(&diags, &written))
    };
    assert_eq!(
        full_verdict(text),
        Some([verdict(false), verdict(true)]),
        "{origin}: the quick lane and the full path disagree on:\n{}",
        String::from_utf8_lossy(text)
    );
    true
}

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

#[test]
fn the_quick_lane_agrees_on_every_fixture() {
    let mut files = Vec::new();
    pgn_files(&fixtures(), &mut files);
    assert!(files.len() > 20, "fixtures not found: {files:?}");
    let mut lane = QuickLane::default();
    let (mut seen, mut taken) = (0, 0);
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        for (i, game) in games(&bytes).enumerate() {
            seen += 1;
            let origin = format!("{} game {}", file.display(), i + 1);
            taken += usize::from(agree(&mut lane, game.bytes, &origin));
        }
    }
    eprintln!("{taken} of {seen} fixture games taken");
    assert!(taken > 0 && seen > taken, "{taken} of {seen} games taken");
}

#[test]
fn the_quick_lane_takes_clean_database_games() {
    let bytes = std::fs::read(fixtures().join("bench/games.pgn")).unwrap();
    let mut lane = QuickLane::default();
    let (mut seen, mut taken, mut clean) = (0, 0, 0);
    for game in games(&bytes) {
        seen += 1;
        clean += usize::from(full_verdict(game.bytes).is_some());
        taken += usize::from(agree(&mut lane, game.bytes, "fixtures/bench/games.pgn"));
    }
    // Every clean game but those ending in a draw by rule or a repetition.
    assert!(seen >= 20, "{seen} games");
    eprintln!("{taken} of {clean} clean games taken, {seen} games");
    assert!(
        taken * 100 >= clean * 95,
        "{taken} of {clean} clean games taken"
    );
}

#[test]
fn each_claim_the_full_replay_checks_sends_the_game_to_it() {
    let mut lane = QuickLane::default();
    let head = "[Event \"?\"]\n[Result \"*\"]\n\n";
    let cases = [
        // Clean: taken.
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", true),
        ("1.e4 e5 2.Nf3 {a comment} 2...Nc6 $1 3. Bb5?! a6 *", true),
        // A variation: every line is judged, which only the full replay does.
        (
            "1.e4 e5 2.Nf3 {a comment} 2...Nc6 $1 (2... d6 3. d4) 3. Bb5?! a6 *",
            false,
        ),
        ("1. e4 e5 (1... Ke7) 2. Nf3 *", false), // an illegal move in a variation
        // Each of these the full path reports.
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0", false), // result differs from the tag
        ("e4 e5 *", false),                           // no move number
        ("1. e4 e5 Nf3 *", false),                    // White's move unnumbered
        ("1. e4 2. e5 *", false),                     // wrong number
        ("1. e4 1. e5 *", false),                     // `1.` before Black's move
        ("1. e4 f5 2. Qh5 *", true),                  // missing check mark: a warning
        ("1. e4 f5 2. Qh5!? g6 *", true),             // the same, with a glyph
        ("1. e4 e5 2. Nf3+ *", false), // check mark on a quiet move: a misreading to explain
        ("1. e4 e5 2. Nf3#?! *", false), // the same, mate mark and glyph
        ("1. e4 e5 2. Bc4 Nc6 3. Qh5# Nf6 4. Qxf7# 1-0", false), // mate mark, no check
        ("1. e4 d5 2. exd5 Qd5 *", false), // capture without x
        ("1. e4 e5 2. Nf3 Nc6 3. Nxc6 *", false), // x onto an empty square
        ("1. e4 d5 2. xd5 *", false),  // not SAN
        ("1. f3 e5 2. g4 Qh4+ *", false), // mate marked as check, result *
        (
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 *",
            false,
        ), // fivefold
        (
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 *",
            false,
        ), // fivefold at the end: the full replay judges the result
        (
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 *",
            true,
        ), // four times only
        (
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e3 e6 6. Nf3 Nf6 7. Ng1 Ng8 8. Nf3 Nf6 9. Ng1 Ng8 10. Nf3 *",
            true,
        ), // the pawn moves start the count again
        ("1. e4 e5 2. Ke2 Ke7 3. Kd3 Kd6 4. Kc4 *", true),
        ("1. e4 e5 2. Ke3 *", false), // illegal
        ("1. Nf3 Nf6 2. d3 d6 3. Nbd2 *", true),
        ("1. Nf3 Nf6 2. d3 d6 3. Nd2 *", false), // ambiguous
        ("1. e4 e5 2. Nf3 *\n; a line comment", false),
        ("1. e4 e5 (1... c5 *", false), // unclosed variation
        ("1. e4 e5 *  2. Nf3", false),  // movetext after the result
    ];
    for (movetext, expected) in cases {
        let text = format!("{head}{movetext}\n");
        let taken = agree(&mut lane, text.as_bytes(), movetext);
        assert_eq!(taken, expected, "{movetext}");
    }
    // A repeated tag is the full judge's to warn about, whatever the names.
    for repeated in [
        "[White \"a\"]\n[White \"b\"]\n\n1. e4 *\n",
        "[Event \"?\"]\n[Site \"?\"]\n[White \"?\"]\n[Site \"!\"]\n\n1. e4 *\n",
        "[UTCDate \"x\"]\n[UTCTime \"y\"]\n[UTCDate \"z\"]\n\n1. e4 *\n",
    ] {
        assert!(
            !agree(&mut lane, repeated.as_bytes(), repeated),
            "{repeated}"
        );
    }
    // Names that share a bit but differ are no repetition.
    let alike =
        "[Site \"?\"]\n[White \"?\"]\n[UTCDate \"2024.01.01\"]\n[UTCTime \"y\"]\n\n1. e4 *\n";
    assert!(agree(&mut lane, alike.as_bytes(), alike));
    // A tag value without the standard's form, or a PlyCount that is not the
    // game's: the full judge warns. The right ones are taken.
    for (tags, expected) in [
        ("[Date \"2025-02-24\"]", false),
        ("[Date \"2025.02.24\"]", true),
        ("[WhiteElo \"unrated\"]", false),
        ("[TimeControl \"5 min\"]", false),
        ("[TimeControl \"300+3\"]", true),
        ("[PlyCount \"2\"]", false),
        ("[PlyCount \"3\"]", true),
        ("[Termination \"normal\"]", true),
        ("[Mode \"otb\"]", false),
    ] {
        let text = format!("{tags}\n\n1. e4 e5 2. Nf3 *\n");
        assert_eq!(agree(&mut lane, text.as_bytes(), tags), expected, "{tags}");
    }
    // Mate with the right result, and with a wrong one.
    let mate = "[Event \"?\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    assert!(agree(&mut lane, mate.as_bytes(), "mate"));
    let wrong = "[Event \"?\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n";
    assert!(!agree(&mut lane, wrong.as_bytes(), "mate, result *"));
    // A capture that leaves too little material to mate: the game is drawn, and
    // only a game that says so and stops there is taken.
    let dead = |movetext: &str, result: &str| {
        format!(
            "[Event \"?\"]\n[Result \"{result}\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1\"]\n\n{movetext} {result}\n"
        )
    };
    assert!(agree(
        &mut lane,
        dead("1. Kxd2", "1/2-1/2").as_bytes(),
        "dead"
    ));
    assert!(!agree(
        &mut lane,
        dead("1. Kxd2", "*").as_bytes(),
        "dead, *"
    ));
    assert!(!agree(
        &mut lane,
        dead("1. Kxd2 Ke7", "1/2-1/2").as_bytes(),
        "dead, played on"
    ));
    // A game without moves (online games abandoned or lost on time before the
    // first move): from the standard start nothing is left to judge, whatever the
    // result; from a FEN, even one that is not over, the full replay judges it.
    for result in ["1-0", "0-1", "1/2-1/2", "*"] {
        let text = format!("[Event \"?\"]\n[Result \"{result}\"]\n\n{result}\n");
        assert!(agree(&mut lane, text.as_bytes(), result), "{result}");
        assert_eq!(lane.replay(text.as_bytes()).unwrap().plies, 0);
    }
    let abandoned = "[Event \"?\"]\n[Result \"*\"]\n\n{abandoned} *\n";
    assert!(agree(&mut lane, abandoned.as_bytes(), "comment only"));
    for (fen, result) in [
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "0-1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "*",
        ),
    ] {
        let text = format!(
            "[Event \"?\"]\n[Result \"{result}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{result}\n"
        );
        assert!(!agree(&mut lane, text.as_bytes(), fen), "{fen}");
    }
    // Mate with its mark missing or wrong: taken, with the warning.
    for (movetext, kind) in [
        ("1. f3 e5 2. g4 Qh4 0-1", "missing-check-mark"),
        ("1. f3 e5 2. g4 Qh4+ 0-1", "wrong-check-mark"),
    ] {
        let text = format!(
            "[Event \"?\"]\n[Result \"{}\"]\n\n{movetext}\n",
            &movetext[movetext.len() - 3..]
        );
        assert!(agree(&mut lane, text.as_bytes(), movetext), "{movetext}");
        let quick = lane.replay(text.as_bytes()).unwrap();
        assert_eq!(quick.warnings.len(), 1, "{movetext}");
        assert_eq!(quick.warnings[0].0.kind, kind, "{movetext}");
    }
}

/// The short cuts of the quick scan (numbers read straight, tag names, short tag
/// values and short comments read eight bytes at a time) give way to the long
/// way at every byte that needs a closer look; each game here is read as the
/// full path reads it.
#[test]
fn the_scan_short_cuts_read_as_the_full_path_does() {
    let mut lane = QuickLane::default();
    let movetexts = [
        (
            "1. e4 { [%clk 0:05:00] } 1... e5 { [%clk 0:04:59] } *",
            true,
        ),
        ("1. e4 {a\ttab} e5 *", true),
        ("1. e4 {a tilde ~ and a bar |} e5 *", true),
        (
            "1. e4 {a comment well over thirty-two bytes long, and plain} e5 *",
            true,
        ),
        ("1. e4 {caf\u{e9}} e5 *", true),
        ("1. e4 {one line\nand the next} e5 *", true),
        ("1. e4 {one line\n\nafter a blank line} e5 *", false),
        ("1. e4 {unclosed e5 *", false),
        ("1.e4 e5 2.Nf3 *", true),
        ("1...e5 *", false),
        ("1. e4 1...e5 *", true),
        ("1. e4 e5 10. Nf3 *", false),
        ("01. e4 e5 *", false),
        ("1.. e4 e5 *", false),
        ("1.... e4 e5 *", false),
    ];
    for (movetext, expected) in movetexts {
        let text = format!("[Event \"?\"]\n[Result \"*\"]\n\n{movetext}\n");
        assert_eq!(
            agree(&mut lane, text.as_bytes(), movetext),
            expected,
            "{movetext}"
        );
    }
    let tags = [
        ("[Event \"Rated Blitz game\"]", true),
        ("[My_Tag2 \"x\"]", true),
        ("[Event \"\"]", true),
        (
            "[Event \"a value well over thirty-two bytes long, all plain\"]",
            true,
        ),
        ("[Event \"a\ttab\"]", true),
        ("[Event \"Z\u{fc}rich\"]", true),
        ("[Event \"an \\\"escaped\\\" quote\"]", false),
        ("[Event \"no end]", false),
        ("[Ev-ent \"x\"]", false),
        ("[Event\"x\"]", false),
        ("[Event  \"x\"]", false),
    ];
    for (tag, expected) in tags {
        let text = format!("{tag}\n[Result \"*\"]\n\n1. e4 e5 *\n");
        assert_eq!(agree(&mut lane, text.as_bytes(), tag), expected, "{tag}");
    }
    // Invalid UTF-8 in a comment or a tag value: the full path warns.
    for text in [
        &b"[Event \"?\"]\n[Result \"*\"]\n\n1. e4 {\xff} e5 *\n"[..],
        &b"[Event \"\xff\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"[..],
    ] {
        assert!(!agree(&mut lane, text, "invalid UTF-8"));
    }
}

/// Starting positions, as in the board's properties: standard, Kiwipete, promotions,
/// en passant at once, bare rooks, and Chess960.
const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

/// A random legal game written as PGN, with decorations picked by `style`; and
/// whether the quick lane may defer it to the full path although it is clean (a
/// placement repeated, or a position with insufficient material).
fn write_game(start: usize, picks: &[u16], style: u32) -> (String, bool) {
    let mut pos = Position::from_fen(STARTS[start]).unwrap();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut repeated = false;
    let mut text = String::new();
    let mut first = true;
    for &pick in picks {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(pick) % moves.len()];
        let san = pos.san(&m);
        let number = pos.fullmove_number();
        if pos.turn() == scoresheet_board::Color::White {
            if style & 1 == 0 {
                text.push_str(&format!("{number}. "));
            } else {
                text.push_str(&format!("{number}."));
            }
        } else if first || style & 2 != 0 {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(&san);
        if pick % 7 == 0 && style & 4 != 0 {
            text.push_str("!?");
        }
        text.push(' ');
        if pick % 5 == 0 && style & 8 != 0 {
            text.push_str("{ [%clk 0:01:00] } ");
        }
        if pick % 11 == 0 && style & 16 != 0 {
            text.push_str(&format!(
                "$14 ({number}{} {san}) ",
                if pos.turn() == scoresheet_board::Color::White {
                    "."
                } else {
                    "..."
                }
            ));
        }
        pos.play(&m).unwrap();
        first = false;
        let placement = pos.to_fen(EpStyle::Always);
        let key: String = placement.split(' ').take(2).collect::<Vec<_>>().join(" ");
        let n = seen.entry(key).or_default();
        *n += 1;
        repeated |= *n >= 4 || pos.is_insufficient_material();
    }
    let result = match pos.outcome() {
        Some(o) => o.result().to_string(),
        None => "*".to_owned(),
    };
    let mut head = format!("[Event \"random\"]\n[Result \"{result}\"]\n");
    if start != 0 {
        head.push_str(&format!("[SetUp \"1\"]\n[FEN \"{}\"]\n", STARTS[start]));
    }
    (format!("{head}\n{text}{result}\n"), repeated)
}

/// A mistake of the kind databases hold, made at the `at`-th byte that allows it.
fn spoil(text: &str, kind: u8, at: usize) -> String {
    let body = text.find("\n\n").map_or(0, |i| i + 2);
    let (head, moves) = text.split_at(body);
    let candidates: Vec<usize> = moves
        .char_indices()
        .filter(|&(_, c)| match kind % 6 {
            0 => c == '+' || c == '#',
            1 => c == 'x',
            2 => c == '.',
            3 => c == ' ',
            4 => c.is_ascii_digit(),
            _ => c == '=',
        })
        .map(|(i, _)| i)
        .collect();
    if candidates.is_empty() {
        return text.to_owned();
    }
    let i = candidates[at % candidates.len()];
    let mut moves = moves.to_owned();
    match kind % 6 {
        0 | 1 => {
            moves.remove(i);
        }
        2 => moves.insert(i, '.'),
        3 => moves.insert(i, '+'),
        4 => moves.replace_range(i..=i, "9"),
        _ => moves.replace_range(i..i + 2, "=K"),
    }
    format!("{head}{moves}")
}

proptest! {
    /// Random clean games are taken (unless a position repeats), and what the
    /// quick lane takes, spoiled or not, the full path finds clean.
    #[test]
    fn random_games_agree(
        start in 0usize..STARTS.len(),
        picks in prop::collection::vec(any::<u16>(), 0..160),
        style in any::<u32>(),
        kind in any::<u8>(),
        at in any::<usize>(),
    ) {
        let mut lane = QuickLane::default();
        let (text, repeated) = write_game(start, &picks, style);
        let clean = full_verdict(text.as_bytes()).is_some();
        let taken = agree(&mut lane, text.as_bytes(), "random game");
        // Variations are judged by the full replay alone.
        if clean && !repeated && !picks.is_empty() && !text.contains('(') {
            prop_assert!(taken, "a clean game was not taken:\n{}", text);
        }
        let spoiled = spoil(&text, kind, at);
        agree(&mut lane, spoiled.as_bytes(), "spoiled random game");
    }
}

/// Over the shared corpus (`/work/shared/corpus`, or `SCORESHEET_CORPUS`), when it
/// exists: the first 2,000 games of every file agree. Skipped with a message when
/// there is no corpus (`cargo test` never needs it).
#[test]
fn the_quick_lane_agrees_on_the_shared_corpus() {
    let root = std::env::var_os("SCORESHEET_CORPUS")
        .map_or_else(|| PathBuf::from("/work/shared/corpus"), PathBuf::from);
    if !root.is_dir() {
        eprintln!("skipped: no corpus at {}", root.display());
        return;
    }
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    let mut lane = QuickLane::default();
    let (mut seen, mut taken) = (0, 0);
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        for (i, game) in games(&bytes).take(2000).enumerate() {
            seen += 1;
            let origin = format!("{} game {}", file.display(), i + 1);
            taken += usize::from(agree(&mut lane, game.bytes, &origin));
        }
    }
    eprintln!("{taken} of {seen} corpus games taken");
    assert!(taken > 0);
}
