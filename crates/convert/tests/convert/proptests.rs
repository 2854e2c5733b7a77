//! Properties: converting never panics, whatever the input, and every export that
//! converts exports again to the same bytes.

use crate::common;

use proptest::prelude::*;
use scoresheet_board::{Color, Position};
use scoresheet_convert::{Format, Options, resolve_game, write};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::parse_game;

/// Movetext made of plausible pieces, so that variations, comments and NAGs get nested
/// and mixed with moves that often resolve.
fn movetext() -> impl Strategy<Value = String> {
    let token = prop::sample::select(vec![
        "e4",
        "e5",
        "d4",
        "d5",
        "Nf3",
        "Nc6",
        "Nf6",
        "c4",
        "c5",
        "Bb5",
        "a6",
        "O-O",
        "exd5",
        "Qxd5",
        "e2e4",
        "g8f6",
        "Ng1-f3",
        "--",
        "1.",
        "2...",
        "(",
        "(",
        ")",
        "{a comment}",
        "; line\n",
        "$1",
        "$14",
        "!",
        "?!",
        "+",
        "\r\n",
        "*",
        "1-0",
        "{}",
        "%esc\n",
        "}",
        "[Event \"x\"]\n",
        "\u{e9}",
    ]);
    prop::collection::vec(token, 0..60).prop_map(|v| v.join(" "))
}

fn convert_all(bytes: &[u8]) {
    for mode in [Mode::Lenient, Mode::Strict] {
        let game = parse_game(bytes, 0, mode);
        for strict in [false, true] {
            let options = Options {
                from: None,
                strict,
                ..Options::default()
            };
            if let Ok(r) = resolve_game(&game, &options) {
                let mut out = Vec::new();
                for f in [
                    Format::Pgn,
                    Format::San,
                    Format::Lan,
                    Format::Uci,
                    Format::Fen,
                ] {
                    write(&r, f, &mut out);
                }
            }
        }
    }
}

/// A random legal game with nested variations, comments, NAGs and glyphs, from a seed.
fn random_game(seed: u64) -> String {
    let mut state = seed | 1;
    let mut rng = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n.max(1) as u64) as usize
    };
    let mut text = String::new();
    // (position, position before the last move)
    let mut line: (Position, Option<Position>) = (Position::new(), None);
    let mut stack: Vec<(Position, Option<Position>)> = Vec::new();
    for _ in 0..rng(120) {
        match rng(100) {
            0..=69 => {
                let pos = line.0.clone();
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng(moves.len())];
                let dots = if pos.turn() == Color::White {
                    "."
                } else {
                    "..."
                };
                text.push_str(&format!(
                    "{}{} {}",
                    pos.fullmove_number(),
                    dots,
                    pos.san(&m)
                ));
                if rng(10) == 0 {
                    text.push_str(["!", "?", "!!", "??", "!?", "?!"][rng(6)]);
                }
                text.push(' ');
                let mut after = pos.clone();
                after.play_unchecked(&m);
                line = (after, Some(pos));
            }
            70..=74 => text.push_str(
                [
                    "{a comment} ",
                    "{a\nlonger   comment with words} ",
                    "; eol\n",
                ][rng(3)],
            ),
            75..=79 => text.push_str(&format!("${} ", rng(256))),
            80..=89 if stack.len() < 6 => {
                if let Some(before) = line.1.clone() {
                    text.push_str("( ");
                    let outer = std::mem::replace(&mut line, (before, None));
                    stack.push(outer);
                }
            }
            _ => {
                if let Some(outer) = stack.pop() {
                    text.push_str(") ");
                    line = outer;
                }
            }
        }
    }
    for _ in 0..stack.len() {
        text.push_str(") ");
    }
    text.push('*');
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        convert_all(&bytes);
    }

    #[test]
    fn movetext_never_panics_and_exports_are_idempotent(text in movetext()) {
        convert_all(text.as_bytes());
        let _ = common::check_idempotent(text.as_bytes(), &text);
    }

    #[test]
    fn random_legal_games_convert_and_exports_are_idempotent(seed in any::<u64>()) {
        let text = random_game(seed);
        let converted = common::check_idempotent(text.as_bytes(), &text);
        prop_assert!(converted.is_ok(), "{text}: {converted:?}");
    }
}
