//! Golden fixtures for writing descriptive notation: `fixtures/desc-out/{ok,err}/NNNN_name.san.txt`
//! (an optional `[FEN "..."]` line, then SAN movetext) with the printed tables in the
//! modern compact style and in the older spaced `Kt` style in `NNNN_name.expected`.
//! `BLESS=1` rewrites the expected files.

use std::fmt::Write as _;
use std::path::PathBuf;

use scoresheet_board::{Move, Position};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter, line_to_table};
use scoresheet_test_utils::{Goldens, cases, fixtures};

/// The tables, or the first SAN token that is not a legal move.
fn render(text: &str) -> (String, bool) {
    let mut start = Position::new();
    let mut body = String::new();
    for line in text.lines() {
        match line.trim().strip_prefix("[FEN \"") {
            Some(fen) => match Position::from_fen(fen.split('"').next().unwrap_or_default()) {
                Ok(p) => start = p,
                Err(e) => return (format!("error: bad FEN: {e}\n"), true),
            },
            None => {
                body.push_str(line);
                body.push(' ');
            }
        }
    }
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut out = String::new();
    for token in body.split_whitespace() {
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        let bare = token.trim_end_matches(['+', '#', '!', '?']);
        if bare.is_empty() {
            continue;
        }
        let Some(m) = pos
            .legal_moves()
            .iter()
            .find(|m| pos.san_plain(m) == bare)
            .copied()
        else {
            let _ = writeln!(
                out,
                "error: ply {}: `{token}` is not a legal move",
                moves.len() + 1
            );
            return (out, true);
        };
        pos.play_unchecked(&m);
        moves.push(m);
    }
    for (name, style) in [
        ("modern", DescStyle::default()),
        (
            "spaced, Kt",
            DescStyle {
                spaced: true,
                knight: KnightLetter::Kt,
                capturer_first: false,
                castles_word: false,
                spanish: false,
            },
        ),
    ] {
        let _ = writeln!(out, "{name}:");
        match line_to_table(&start, &moves, &style) {
            Ok(table) => out.push_str(&table),
            Err(e) => {
                let _ = writeln!(out, "error: {e}");
                return (out, true);
            }
        }
    }
    (out, false)
}

fn check(area: &str, must_have_errors: bool) {
    let mut goldens = Goldens::new();
    for path in cases(&fixtures().join("desc-out").join(area), ".san.txt") {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let (got, has_error) = render(&text);
        if has_error != must_have_errors {
            goldens.fail(&path, &format!("errors present = {has_error}\n{got}"));
        }
        let expected = PathBuf::from(path.to_string_lossy().replace(".san.txt", ".expected"));
        goldens.check(&expected, &got);
    }
    goldens.finish();
}

#[test]
fn ok_fixtures_write_tables() {
    check("ok", false);
}

#[test]
fn err_fixtures_report_errors() {
    check("err", true);
}
