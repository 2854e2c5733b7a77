//! A real game printed as a book's table in a layout and with noise the fuzzer picks
//! (rows, one half-move per line, two ranges with or without a `|` rule, the fraction
//! layout; spaced or compact, `N` or `Kt`, footnote marks, full stops, diagram marks,
//! blanks, CRLF), read back by `read_books` and `replay_book`: one game, to the same
//! moves. The property test of `crates/batch/tests/batch/printed.rs` covers every
//! notation through the whole reader; this target searches the tables' layouts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet_board::desc::replay_book;
use scoresheet_board::{Move, Position};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter, line_to_descriptive};
use scoresheet_notation::desc::read_books;

/// Morphy against the Duke of Brunswick and Count Isouard, Paris 1858.
const OPERA: &str = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
                     b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 \
                     b5d7 f6d7 b3b8 d7b8 d1d8";

fn moves() -> Vec<Move> {
    let mut pos = Position::new();
    OPERA
        .split_whitespace()
        .filter_map(|u| {
            let m = *pos.legal_moves().iter().find(|m| m.to_uci() == u)?;
            pos.play(&m).ok()?;
            Some(m)
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let moves = moves();
    let style = DescStyle {
        spaced: byte(0) & 1 != 0,
        knight: if byte(0) & 2 != 0 { KnightLetter::Kt } else { KnightLetter::N },
        castles_word: byte(0) & 4 != 0,
        capturer_first: byte(0) & 8 != 0,
        spanish: false,
    };
    let Ok(written) = line_to_descriptive(&Position::new(), &moves, &style) else {
        return;
    };
    let every = usize::from(byte(2) % 7) + 2;
    let gap = if byte(3) & 1 != 0 { "  \t " } else { "     " };
    let mark = |i: usize, mv: &str| {
        let mut s = mv.to_owned();
        if byte(3) & 2 != 0 && i % every == 1 {
            s.push_str(&format!("[{}]", char::from(b'A' + (i % 26) as u8)));
        }
        s
    };
    let rows: Vec<(usize, String, String)> = written
        .chunks(2)
        .enumerate()
        .map(|(k, p)| {
            (
                k + 1,
                mark(2 * k, &p[0]),
                p.get(1).map(|b| mark(2 * k + 1, b)).unwrap_or_default(),
            )
        })
        .collect();
    let row_end = |n: usize| {
        let mut s = String::new();
        if byte(3) & 4 != 0 && n % every == 0 {
            s.push_str(" (D)");
        }
        s
    };
    let mut text = String::from("% title: printed\n");
    match byte(1) % 4 {
        0 => {
            for (n, w, b) in &rows {
                text.push_str(&format!("{n}. {w}{gap}{b}{}\n", row_end(*n)));
            }
        }
        1 => {
            for (n, w, b) in &rows {
                text.push_str(&format!("{n}. {w}\n"));
                if !b.is_empty() {
                    text.push_str(&format!("{n}. ... {b}\n"));
                }
            }
        }
        2 => {
            let half = rows.len().div_ceil(2);
            let left = |k: usize| {
                let (n, w, b) = &rows[k];
                format!("{n}. {w}{gap}{b}")
            };
            let width = (0..half).map(|k| left(k).len()).max().unwrap_or(0) + 4;
            for k in 0..half {
                text.push_str(&format!("{:width$}", left(k)));
                if let Some((n, w, b)) = rows.get(k + half) {
                    if byte(1) & 4 != 0 {
                        text.push_str("|  ");
                    }
                    text.push_str(&format!("{n}. {w}{gap}{b}"));
                }
                text.push('\n');
            }
        }
        _ => {
            for group in rows.chunks(3) {
                let width = group
                    .iter()
                    .map(|(_, w, b)| w.len().max(b.len()))
                    .max()
                    .unwrap_or(0)
                    + 8;
                let (mut top, mut rule, mut bottom) = (String::new(), String::new(), String::new());
                for (n, w, b) in group {
                    top.push_str(&format!("{:w$}", format!("      {w}"), w = width + 5));
                    rule.push_str(&format!(
                        "{:w$}",
                        format!("{n:>3}. {}", "-".repeat(width - 4)),
                        w = width + 5
                    ));
                    bottom.push_str(&format!("{:w$}", format!("      {b}"), w = width + 5));
                }
                for l in [top, rule, bottom] {
                    text.push_str(l.trim_end());
                    text.push('\n');
                }
                text.push('\n');
            }
        }
    }
    if byte(1) & 8 != 0 {
        text = text.replace('\n', "\r\n");
    }
    let books = read_books(text.as_bytes());
    assert_eq!(books.len(), 1, "{text}");
    let replay = replay_book(&books[0], None, false);
    let read: Vec<String> = replay.plies.iter().map(|p| p.mv.to_uci()).collect();
    let expected: Vec<String> = moves.iter().map(Move::to_uci).collect();
    assert_eq!(read, expected, "{text}\n{:?}", replay.error);
});
