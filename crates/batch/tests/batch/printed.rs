//! A property of the one reader of bytes: a real game (from `fixtures/`), printed in a
//! notation, language and layout the reader accepts, with the noise a printer or OCR
//! adds that keeps it readable, reads back to the same moves through `convert`.
//!
//! Notations: SAN in English and in other languages' letters, with figurines and with
//! a chess font's glyphs, long algebraic (`-`, an em dash, `x`, `X`), descriptive in
//! its compact, spaced, `Kt`, Spanish and Portuguese forms (Portuguese in tables too,
//! where the board reads it by its spelling). Layouts: a PGN line, numbered rows,
//! commas between the two moves of a row, one half-move per line, Hungarian rows with
//! White's move left out (`5. — d6`), and for descriptive tables rows, two ranges side
//! by side (with or without a `|` rule) and the fraction layout. Noise: blanks and tabs,
//! CRLF line ends, annotation marks, a sentence's full stop after a row, footnote and
//! diagram marks in tables; the printers' forms no grammar lists, which the board
//! matches against the legal moves' spellings: check and mate words or daggers glued
//! on (`Nf3ch`, `Rd8mate`, `Qh5†`), superscript footnote marks (`e4¹`), figure and
//! en dashes in long algebraic.

use std::io::Cursor;
use std::path::Path;
use std::sync::OnceLock;

use proptest::prelude::*;
use scoresheet_batch::{ConvertOptions, Input, Target};
use scoresheet_board::desc::Origins;
use scoresheet_board::{Move, Position};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter, to_descriptive};
use scoresheet_notation::lang::{Language, localize};

/// The moves in UCI of every game `convert` writes for `text`, one list a game, and
/// what it said on standard error.
fn read_back(text: &[u8]) -> (Vec<Vec<String>>, String) {
    let options = ConvertOptions {
        to: Target::Uci,
        quiet: true,
        moves_only: true,
        ..ConvertOptions::default()
    };
    let input = Input::reader("printed", Box::new(Cursor::new(text.to_vec())));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let _ = scoresheet_batch::convert(&options, vec![input], &mut out, &mut err);
    let games = String::from_utf8_lossy(&out)
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter(|w| !matches!(*w, "*" | "1-0" | "0-1" | "1/2-1/2"))
                .map(str::to_owned)
                .collect()
        })
        .collect();
    (games, String::from_utf8_lossy(&err).into_owned())
}

/// Real games: the main lines of `fixtures/misprints/kasparov-sample.pgn` and of the
/// books' tuning set, as moves from the start position.
fn games() -> &'static [Vec<Move>] {
    static GAMES: OnceLock<Vec<Vec<Move>>> = OnceLock::new();
    GAMES.get_or_init(load_games)
}

fn load_games() -> Vec<Vec<Move>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut text = std::fs::read(root.join("misprints/kasparov-sample.pgn")).expect("fixture");
    text.extend_from_slice(b"\n\n");
    text.extend(std::fs::read(root.join("books/tuning/forms/fraction.san.pgn")).expect("fixture"));
    let (lines, _) = read_back(&text);
    lines
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(|uci| {
            let mut pos = Position::new();
            uci.iter()
                .map(|u| {
                    let m = *pos
                        .legal_moves()
                        .iter()
                        .find(|m| m.to_uci() == *u)
                        .expect("a legal move");
                    pos.play(&m).expect("legal");
                    m
                })
                .collect()
        })
        .collect()
}

/// How each move is written.
#[derive(Debug, Clone, Copy)]
enum Notation {
    San(Language),
    Figurine,
    FontGlyph,
    /// Long algebraic: the dash, the capture mark.
    Lan(&'static str, &'static str),
    Descriptive {
        spaced: bool,
        kt: bool,
        castles_word: bool,
    },
    Spanish,
    /// Portuguese descriptive (`B` the bishop), in movetext or in a table.
    Portuguese {
        table: bool,
    },
}

impl Notation {
    /// Whether the moves are printed as a book's table (a `%` header, the tables'
    /// layouts and marks). Spanish descriptive is read in movetext, where the game's
    /// letters are told as a whole; a table is read in English descriptive.
    fn table(self) -> bool {
        matches!(
            self,
            Notation::Descriptive { .. } | Notation::Portuguese { table: true }
        )
    }
}

fn notation() -> impl Strategy<Value = Notation> {
    prop_oneof![
        prop::sample::select(vec![
            Language::English,
            Language::German,
            Language::French,
            Language::Spanish,
            Language::Italian,
            Language::Dutch,
            Language::Swedish,
        ])
        .prop_map(Notation::San),
        Just(Notation::Figurine),
        Just(Notation::FontGlyph),
        prop::sample::select(vec![
            ("-", "x"),
            ("—", "x"),
            ("-", "X"),
            ("-", ":"),
            ("–", "x"),
            ("‒", "×")
        ])
        .prop_map(|(d, x)| Notation::Lan(d, x)),
        (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(spaced, kt, castles_word)| {
            Notation::Descriptive {
                spaced,
                kt,
                castles_word,
            }
        }),
        Just(Notation::Spanish),
        any::<bool>().prop_map(|table| Notation::Portuguese { table }),
    ]
}

/// The moves of a game written in `notation`.
fn spell(moves: &[Move], notation: Notation) -> Vec<String> {
    let mut pos = Position::new();
    let mut origins = Origins::from_position(&pos);
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let san = pos.san(m);
        let written = match notation {
            Notation::San(lang) => {
                let mut v = Vec::new();
                localize(san.as_bytes(), lang, &mut v);
                String::from_utf8(v).expect("UTF-8")
            }
            Notation::Figurine | Notation::FontGlyph => {
                let glyphs: [(char, &str, &str); 5] = [
                    ('K', "♔", "¢"),
                    ('Q', "♕", "£"),
                    ('R', "♖", "¦"),
                    ('B', "♗", "¥"),
                    ('N', "♘", "¤"),
                ];
                let mut s = san.clone();
                if let Some(&(_, fig, font)) = glyphs
                    .iter()
                    .find(|g| san.starts_with(g.0) && !san.starts_with("O"))
                {
                    let glyph = if matches!(notation, Notation::Figurine) {
                        fig
                    } else {
                        font
                    };
                    s = format!("{glyph}{}", &san[1..]);
                }
                s
            }
            Notation::Lan(dash, capture) => match m.castle_side() {
                Some(_) => san.clone(),
                None => {
                    let uci = m.to_uci();
                    let piece = match san.chars().next() {
                        Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N')) => c.to_string(),
                        _ => String::new(),
                    };
                    let sep = if m.capture.is_some() { capture } else { dash };
                    let promo = uci
                        .get(4..)
                        .filter(|p| !p.is_empty())
                        .map_or(String::new(), |p| format!("={}", p.to_ascii_uppercase()));
                    let marks = &san[san.trim_end_matches(['+', '#']).len()..];
                    format!("{piece}{}{sep}{}{promo}{marks}", &uci[..2], &uci[2..4])
                }
            },
            Notation::Descriptive {
                spaced,
                kt,
                castles_word,
            } => {
                let style = DescStyle {
                    spaced,
                    knight: if kt {
                        KnightLetter::Kt
                    } else {
                        KnightLetter::N
                    },
                    castles_word,
                    ..DescStyle::default()
                };
                to_descriptive(&pos, m, &origins, &style)
            }
            Notation::Spanish => {
                let style = DescStyle {
                    spanish: true,
                    ..DescStyle::default()
                };
                to_descriptive(&pos, m, &origins, &style)
            }
            // Portuguese is Spanish with the bishop's `B` for `A` (Spanish has no `B`).
            Notation::Portuguese { .. } => {
                let style = DescStyle {
                    spanish: true,
                    ..DescStyle::default()
                };
                to_descriptive(&pos, m, &origins, &style).replace('A', "B")
            }
        };
        origins.play(m);
        pos.play(m).expect("legal");
        out.push(written);
    }
    out
}

/// A printer's form of the tokens that no grammar lists, read by their spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Glue {
    None,
    /// `+` printed `ch`, `#` printed `mate`, glued on.
    CheckWords,
    /// `+` printed `†`, `#` printed `‡`.
    Daggers,
    /// A superscript footnote mark after some moves.
    Superscript,
}

fn glue() -> impl Strategy<Value = Glue> {
    prop::sample::select(vec![
        Glue::None,
        Glue::CheckWords,
        Glue::Daggers,
        Glue::Superscript,
    ])
}

/// The `i`-th move as the printer's `glue` has it (`every`: which moves get
/// the marks that only some moves get).
fn glued(mv: &str, i: usize, glue: Glue, every: usize) -> String {
    let bare = mv.trim_end_matches(['+', '#']);
    let mark = &mv[bare.len()..];
    match glue {
        Glue::None => mv.to_owned(),
        Glue::CheckWords | Glue::Daggers => {
            let (check, mate) = if glue == Glue::CheckWords {
                ("ch", "mate")
            } else {
                ("†", "‡")
            };
            match mark {
                "" => mv.to_owned(),
                "#" => format!("{bare}{mate}"),
                _ => format!("{bare}{check}"),
            }
        }
        Glue::Superscript if i % every == 0 => format!("{mv}¹"),
        Glue::Superscript => mv.to_owned(),
    }
}

/// How the moves are laid out.
#[derive(Debug, Clone, Copy)]
enum Layout {
    Line,
    Rows,
    Commas,
    HalfMovePerLine,
    Hungarian,
    TwoRanges {
        rule: bool,
    },
    Fraction,
    /// Move numbers without full stops, rows run on four to a line
    /// (`1 P-K4 P-K4 2 N-KB3 N-QB3`), each column numbered or not
    /// (`1 P. to K. 4 1 P. to K. 4 2 ...`).
    RunOn {
        both_columns: bool,
    },
    /// A caption before the first row on its line (`Game 3. Morphy v. Amateur. 1. e4 e5`).
    Captioned,
    /// Move pairs separated by `;` (`1.e4 e5;   2.Nf3 Nc6`), PGN movetext only.
    Semicolons,
    /// A dash between White's move and Black's (`1. e4 – e5  2. Nf3 – Nc6`),
    /// the dash of one kind in a game, PGN movetext only.
    Dashed {
        dash: usize,
    },
}

fn layout(notation: Notation) -> BoxedStrategy<Layout> {
    // The fraction layout is told by English descriptive cells (a known gap:
    // Portuguese tables are read in rows and ranges).
    if matches!(notation, Notation::Portuguese { table: true }) {
        prop_oneof![
            Just(Layout::Rows),
            Just(Layout::HalfMovePerLine),
            any::<bool>().prop_map(|rule| Layout::TwoRanges { rule }),
        ]
        .boxed()
    } else if notation.table() {
        prop_oneof![
            Just(Layout::Rows),
            Just(Layout::HalfMovePerLine),
            any::<bool>().prop_map(|rule| Layout::TwoRanges { rule }),
            Just(Layout::Fraction),
            any::<bool>().prop_map(|both_columns| Layout::RunOn { both_columns }),
            Just(Layout::Captioned),
        ]
        .boxed()
    } else {
        prop_oneof![
            Just(Layout::Line),
            Just(Layout::Rows),
            Just(Layout::Commas),
            Just(Layout::HalfMovePerLine),
            Just(Layout::Hungarian),
            any::<bool>().prop_map(|both_columns| Layout::RunOn { both_columns }),
            Just(Layout::Captioned),
            Just(Layout::Semicolons),
            (0..3usize).prop_map(|dash| Layout::Dashed { dash }),
        ]
        .boxed()
    }
}

/// The noise added.
#[derive(Debug, Clone, Copy)]
struct Noise {
    /// Extra blanks (and tabs) between the parts of a row.
    blanks: bool,
    crlf: bool,
    /// `!`, `?!` after some moves.
    marks: bool,
    /// A full stop after the last move of some rows.
    full_stops: bool,
    /// Footnote marks (`[A]`) after some moves and diagram marks (`(D)`) after some rows,
    /// in tables.
    notes: bool,
    /// Which moves and rows get the marks: every `every`-th.
    every: usize,
}

fn noise() -> impl Strategy<Value = Noise> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        3usize..9,
    )
        .prop_map(|(blanks, crlf, marks, full_stops, notes, every)| Noise {
            blanks,
            crlf,
            marks,
            full_stops,
            notes,
            every,
        })
}

/// A move with the marks the noise puts after it (the `i`-th half-move).
fn marked(mv: &str, i: usize, noise: Noise, table: bool) -> String {
    let mut s = mv.to_owned();
    if noise.marks && i % noise.every == 1 && !s.ends_with(['+', '#']) && !s.contains(' ') {
        s.push_str(if i % 2 == 0 { "!" } else { "?!" });
    }
    if table && noise.notes && i % noise.every == 2 {
        let letter = char::from(b'A' + u8::try_from(i % 26).unwrap_or(0));
        s.push_str(&format!("[{letter}]"));
    }
    s
}

/// The game's text.
fn print(moves: &[String], layout: Layout, noise: Noise, table: bool) -> String {
    let gap = if noise.blanks { "   \t " } else { "    " };
    let mut rows: Vec<(usize, String, Option<String>)> = Vec::new();
    for (k, pair) in moves.chunks(2).enumerate() {
        let w = marked(&pair[0], 2 * k, noise, table);
        let b = pair.get(1).map(|b| marked(b, 2 * k + 1, noise, table));
        rows.push((k + 1, w, b));
    }
    let row_end = |k: usize, last: &str| {
        let mut s = String::new();
        if noise.full_stops && k % noise.every == 0 && !last.ends_with(['!', '?', ']', '.']) {
            s.push('.');
        }
        if table && noise.notes && k % noise.every == 3 {
            s.push_str(" (D)");
        }
        s
    };
    let mut out = String::new();
    if table {
        out.push_str("% title: printed\n");
    }
    match layout {
        Layout::Line => {
            for (n, w, b) in &rows {
                out.push_str(&format!("{n}. {w} "));
                if let Some(b) = b {
                    out.push_str(&format!("{b} "));
                }
            }
            out.push('*');
        }
        Layout::Dashed { dash } => {
            let dash = ["-", "\u{2013}", "\u{2014}"][dash % 3];
            for (n, w, b) in &rows {
                match b {
                    Some(b) => out.push_str(&format!("{n}. {w} {dash} {b}{gap}")),
                    None => out.push_str(&format!("{n}. {w}{gap}")),
                }
            }
            out.push('*');
        }
        Layout::Rows | Layout::Commas => {
            for (n, w, b) in &rows {
                match b {
                    Some(b) if matches!(layout, Layout::Commas) => {
                        out.push_str(&format!("{n}. {w}, {b}"));
                    }
                    Some(b) => out.push_str(&format!("{n}. {w}{gap}{b}")),
                    None => out.push_str(&format!("{n}. {w}")),
                }
                out.push_str(&row_end(*n, b.as_deref().unwrap_or(w)));
                out.push('\n');
            }
        }
        Layout::HalfMovePerLine | Layout::Hungarian => {
            for (n, w, b) in &rows {
                out.push_str(&format!("{n}. {w}\n"));
                if let Some(b) = b {
                    let number = if matches!(layout, Layout::Hungarian) && n % 2 == 0 {
                        format!("{n}. —")
                    } else {
                        format!("{n}...")
                    };
                    out.push_str(&format!("{number} {b}\n"));
                }
            }
        }
        Layout::TwoRanges { rule } => {
            let half = rows.len().div_ceil(2);
            let width = rows
                .iter()
                .take(half)
                .map(|(n, w, b)| format!("{n}. {w}{gap}{}", b.as_deref().unwrap_or("")).len())
                .max()
                .unwrap_or(0)
                + 4;
            for k in 0..half {
                let (n, w, b) = &rows[k];
                let left = format!("{n}. {w}{gap}{}", b.as_deref().unwrap_or(""));
                out.push_str(&format!("{left:width$}"));
                if let Some((n2, w2, b2)) = rows.get(k + half) {
                    if rule {
                        out.push_str("|  ");
                    }
                    out.push_str(&format!("{n2}. {w2}{gap}{}", b2.as_deref().unwrap_or("")));
                }
                out.push('\n');
            }
        }
        Layout::RunOn { both_columns } => {
            for line in rows.chunks(4) {
                let mut parts = Vec::new();
                for (n, w, b) in line {
                    parts.push(format!("{n} {w}"));
                    if let Some(b) = b {
                        parts.push(if both_columns {
                            format!("{n} {b}")
                        } else {
                            b.clone()
                        });
                    }
                }
                out.push_str(&parts.join(" "));
                out.push('\n');
            }
        }
        Layout::Captioned => {
            out.push_str("Game 3. Morphy v. Amateur. ");
            for (n, w, b) in &rows {
                out.push_str(&format!("{n}. {w}"));
                if let Some(b) = b {
                    out.push_str(&format!(" {b}"));
                }
                out.push(if table { '\n' } else { ' ' });
            }
            if !table {
                out.push('*');
            }
        }
        Layout::Semicolons => {
            for line in rows.chunks(2) {
                let row: Vec<String> = line
                    .iter()
                    .map(|(n, w, b)| match b {
                        Some(b) => format!("{n}.{w} {b}"),
                        None => format!("{n}.{w}"),
                    })
                    .collect();
                out.push_str(&row.join(&format!(";{gap}")));
                out.push('\n');
            }
        }
        Layout::Fraction => {
            for group in rows.chunks(3) {
                let width = group
                    .iter()
                    .map(|(_, w, b)| w.len().max(b.as_deref().map_or(0, str::len)))
                    .max()
                    .unwrap_or(0)
                    + 8;
                let (mut top, mut rule, mut bottom) = (String::new(), String::new(), String::new());
                for (n, w, b) in group {
                    let number = format!("{n:>3}. ");
                    top.push_str(&format!("{:w$}", format!("      {w}"), w = width + 5));
                    rule.push_str(&format!(
                        "{:w$}",
                        format!("{number}{}", "-".repeat(width - 4)),
                        w = width + 5
                    ));
                    bottom.push_str(&format!(
                        "{:w$}",
                        format!("      {}", b.as_deref().unwrap_or("")),
                        w = width + 5
                    ));
                }
                for l in [top, rule, bottom] {
                    out.push_str(l.trim_end());
                    out.push('\n');
                }
                out.push('\n');
            }
        }
    }
    out.push('\n');
    if noise.crlf {
        out = out.replace('\n', "\r\n");
    }
    out
}

fn case() -> impl Strategy<Value = (usize, Notation, Layout, Noise, Glue)> {
    (0usize..41, notation()).prop_flat_map(|(g, n)| (Just(g), Just(n), layout(n), noise(), glue()))
}

proptest! {
    // A failure is printed with its text; no file of failures is written beside the
    // sources. `PROPTEST_CASES` runs more cases.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_printed_game_reads_back_to_its_moves((g, notation, layout, noise, glue) in case()) {
        let all = games();
        prop_assume!(!all.is_empty());
        let moves = &all[g % all.len()];
        // The printers' forms of algebraic tokens; descriptive prints its own check words.
        let glue = match notation {
            Notation::San(Language::English) | Notation::Lan(..) => glue,
            Notation::San(_) | Notation::Figurine | Notation::FontGlyph => glue,
            _ => Glue::None,
        };
        let written: Vec<String> = spell(moves, notation)
            .iter()
            .enumerate()
            .map(|(i, w)| glued(w, i, glue, noise.every))
            .collect();
        // A Spanish origin of a file or square is written in parentheses
        // (`C(3AR)-5C`), which open a variation in PGN movetext: a known gap.
        prop_assume!(
            !matches!(notation, Notation::Spanish | Notation::Portuguese { .. })
                || written.iter().all(|w| !w.contains('('))
        );
        let text = print(&written, layout, noise, notation.table());
        let (read, err) = read_back(text.as_bytes());
        let expected: Vec<String> = moves.iter().map(Move::to_uci).collect();
        // Portuguese tables are read cell by cell by their spelling, without
        // the game's letters told as a whole: a long game may meet a cell
        // read otherwise and be refused (a known gap), never read wrong.
        // Spaced descriptive `Castles` before a winged piece's move (`Castles
        // Q N - Q 2`) is read as `Castles Q` then `N - Q 2`: which one the
        // text means only the board can tell (a known gap), never read wrong.
        let castles_apart = matches!(
            notation,
            Notation::Descriptive { spaced: true, castles_word: true, .. }
        ) && text.split("Castles").skip(1).any(|after| {
            let after = after.strip_prefix('[').map_or(after, |a| &a[a.find(']').map_or(0, |i| i + 1)..]);
            after.starts_with(" Q ") || after.starts_with(" K ")
        });
        if (castles_apart || matches!(notation, Notation::Portuguese { table: true }))
            && read.first().is_none_or(Vec::is_empty)
        {
            prop_assert!(err.contains("error["), "refused without an error:\n{}\n{}", text, err);
            return Ok(());
        }
        prop_assert_eq!(
            read.first(),
            Some(&expected),
            "{:?} {:?} {:?} {:?}\n{}\n{}",
            notation,
            layout,
            noise,
            glue,
            text,
            err
        );
    }
}

/// Languages whose letters a printed game mixes, two at a time.
const MIXED: [Language; 10] = [
    Language::English,
    Language::German,
    Language::French,
    Language::Spanish,
    Language::Italian,
    Language::Dutch,
    Language::Czech,
    Language::Polish,
    Language::Hungarian,
    Language::Finnish,
];

/// A game's moves numbered in SAN, each in `a`'s or `b`'s letters as `seed`'s bits say.
fn print_mixed(moves: &[Move], a: Language, b: Language, seed: u64) -> String {
    let mut pos = Position::new();
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        let lang = if (seed >> (i % 64)) & 1 == 1 { a } else { b };
        let mut v = Vec::new();
        localize(pos.san(m).as_bytes(), lang, &mut v);
        text.push_str(&String::from_utf8(v).expect("UTF-8"));
        text.push(' ');
        pos.play_unchecked(m);
    }
    text.push('*');
    text
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Two languages' letters in one game: read back to its moves, or refused
    /// (where a letter means two pieces that both have a legal move), never
    /// converted to other moves.
    #[test]
    fn a_game_printed_in_two_alphabets_reads_back_or_is_refused(
        (g, a, b, seed) in (0usize..41, 0usize..MIXED.len(), 0usize..MIXED.len(), any::<u64>())
    ) {
        let all = games();
        prop_assume!(!all.is_empty());
        let moves = &all[g % all.len()];
        let text = print_mixed(moves, MIXED[a], MIXED[b], seed);
        let (read, err) = read_back(text.as_bytes());
        let expected: Vec<String> = moves.iter().map(Move::to_uci).collect();
        if let Some(converted) = read.first().filter(|r| !r.is_empty()) {
            prop_assert_eq!(converted, &expected, "{:?} {:?}\n{}\n{}", MIXED[a], MIXED[b], text, err);
        } else {
            prop_assert!(err.contains("error["), "refused without an error:\n{}\n{}", text, err);
        }
    }
}

/// Capitals no language's table has, for made-up alphabets: one is picked per
/// piece, so a game printed in them is read only by learning its letters.
const UNLISTED: [&str; 16] = [
    "Æ", "Ø", "Å", "Þ", "Ð", "Œ", "Ğ", "İ", "Ł", "Ń", "I", "U", "Y", "Ÿ", "Ź", "Ü",
];

/// A game's moves numbered in SAN with each piece's letter replaced by
/// `letters`' (king, queen, rook, bishop, knight), promotions too.
fn print_made_up(moves: &[Move], letters: [&str; 5]) -> String {
    let mut pos = Position::new();
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            text.push_str(&format!("{}. ", i / 2 + 1));
        }
        let san = pos.san(m);
        for (k, c) in san.chars().enumerate() {
            let piece = (k == 0
                || san[..san.char_indices().nth(k).map_or(0, |p| p.0)].ends_with('='))
                && c != 'O';
            match "KQRBN".find(c).filter(|_| piece) {
                Some(at) => text.push_str(letters[at]),
                None => text.push(c),
            }
        }
        text.push(' ');
        pos.play_unchecked(m);
    }
    text.push('*');
    text
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(32),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// A game printed with letters no language lists (random capitals per
    /// piece): read back to its moves by learning the letters, or refused at
    /// a move with one; never converted to other moves.
    #[test]
    fn a_game_printed_in_a_made_up_alphabet_reads_back_or_is_refused(
        (g, picks) in (0usize..41, Just(()).prop_perturb(|_, mut rng| {
            let mut pool: Vec<usize> = (0..UNLISTED.len()).collect();
            let mut out = [0usize; 5];
            for slot in &mut out {
                let at = usize::try_from(rng.next_u32()).unwrap_or(0) % pool.len();
                *slot = pool.swap_remove(at);
            }
            out
        }))
    ) {
        let all = games();
        prop_assume!(!all.is_empty());
        let moves = &all[g % all.len()];
        let letters = picks.map(|i| UNLISTED[i]);
        let text = print_made_up(moves, letters);
        let (read, err) = read_back(text.as_bytes());
        let expected: Vec<String> = moves.iter().map(Move::to_uci).collect();
        if let Some(converted) = read.first().filter(|r| !r.is_empty()) {
            prop_assert_eq!(converted, &expected, "{:?}\n{}\n{}", letters, text, err);
        } else {
            prop_assert!(err.contains("error["), "refused without an error:\n{}\n{}", text, err);
        }
    }
}

/// What a printer puts between two moves of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Aside {
    /// A sentence (`The position is quiet now.`).
    Sentence,
    /// A note with a numbered variation that follows the count, legal from
    /// the position (`If 12... Nc6 13. d5, White stands well.`), before the
    /// game's own number again.
    Variation,
    /// A page's running title and number on a line of their own.
    Furniture,
    /// A sentence in a language nobody listed (made-up words), with a case
    /// ending glued to the move before it (`Nf3-nak`, `e4'ten`, `Bb5:lla`).
    Foreign,
    /// A note in square brackets on lines of its own, run over two lines, that is
    /// no tag pair (`[ECO code C23: after 12. Nc3` / `Black is worse]`).
    Bracketed,
}

/// Syllables of the made-up words of [`Aside::Foreign`]: no word made of them
/// is a move in any notation read.
const SYLLABLES: [&str; 8] = ["zor", "vak", "pel", "tun", "mir", "sul", "rom", "kev"];

/// Case endings glued to a move by [`Aside::Foreign`].
const ENDINGS: [&str; 5] = ["-nak", "-ral", "'ten", ":lla", "-vel"];

/// A sentence of made-up words chosen by `seed`, ended by a full stop.
fn made_up_sentence(seed: u64) -> String {
    let words = 2 + usize::try_from(seed % 4).unwrap_or(0);
    let word = |k: usize| {
        let a = usize::try_from((seed >> (3 * k)) % 8).unwrap_or(0);
        let b = usize::try_from((seed >> (3 * k + 11)) % 8).unwrap_or(0);
        format!("{}{}", SYLLABLES[a], SYLLABLES[b])
    };
    let mut s: Vec<String> = (0..words).map(word).collect();
    if let Some(first) = s.first_mut() {
        *first = first[..1].to_uppercase() + &first[1..];
    }
    format!("{}.", s.join(" "))
}

const SENTENCES: [&str; 4] = [
    "The position is quiet now.",
    "Una jugada natural, pero errónea.",
    "Black had to be careful here, and was.",
    "Ein schöner Zug.",
];

/// A game's moves in SAN with asides before every `every`-th half-move (the
/// kinds `asides` allows, chosen by `seed`), each followed by the number of
/// the move due (`N.` or `N...`), as books and columns print notes.
fn print_with_asides(moves: &[Move], every: usize, asides: &[Aside], seed: u64) -> String {
    let mut pos = Position::new();
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        let number = i / 2 + 1;
        let white = i % 2 == 0;
        let aside = (i > 0 && i % every == 0).then(|| {
            asides[usize::try_from((seed >> (i % 61)) & 0xff).unwrap_or(0) % asides.len()]
        });
        if let Some(aside) = aside {
            match aside {
                Aside::Sentence => {
                    let s = SENTENCES[(i / every) % SENTENCES.len()];
                    text.push_str(s);
                    text.push(' ');
                }
                Aside::Variation => {
                    let legal = pos.legal_moves();
                    let others: Vec<Move> = legal.iter().copied().filter(|o| o != m).collect();
                    if let Some(alt) =
                        others.get(usize::try_from(seed % 7).unwrap_or(0) % others.len().max(1))
                    {
                        let after = pos.after(alt).expect("legal");
                        let reply = after.legal_moves().iter().next().copied();
                        if white {
                            text.push_str(&format!("If {number}. {}", pos.san(alt)));
                            if let Some(r) = reply {
                                text.push_str(&format!(" {}", after.san(&r)));
                            }
                        } else {
                            text.push_str(&format!("If {number}... {}", pos.san(alt)));
                            if let Some(r) = reply {
                                text.push_str(&format!(" {}. {}", number + 1, after.san(&r)));
                            }
                        }
                        text.push_str(", White stands well. ");
                    }
                }
                Aside::Furniture => text.push_str("\nCHESS PRAXIS 137\n"),
                Aside::Bracketed => {
                    let eco = 20 + i % 80;
                    text.push_str(&format!(
                        "\n[ECO code C{eco}: after {number}. {}\nthe game goes on]\n",
                        pos.san(m)
                    ));
                }
                Aside::Foreign => {
                    let ending = ENDINGS[usize::try_from(
                        seed.rotate_left(u32::try_from(i % 64).unwrap_or(0)) % 5,
                    )
                    .unwrap_or(0)];
                    if text.ends_with(' ') {
                        text.pop();
                    }
                    text.push_str(ending);
                    text.push(' ');
                    text.push_str(&made_up_sentence(
                        seed.rotate_right(u32::try_from(i % 64).unwrap_or(0)),
                    ));
                    text.push(' ');
                }
            }
        }
        if white {
            text.push_str(&format!("{number}. "));
        } else if aside.is_some() {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(&pos.san(m));
        text.push(' ');
        pos.play_unchecked(m);
    }
    text.push('*');
    text
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(64),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Prose between the moves (sentences, in listed languages or in made-up
    /// words after a case ending glued to the move, notes with numbered
    /// variations that follow the count, a page's running title and number,
    /// notes in square brackets over lines that are no tag pairs),
    /// each followed by the game's own number: read back to the game's moves,
    /// the notes' variations never taken for the game's; where sentences and
    /// bracketed notes alone stand between moves, always read back.
    #[test]
    fn a_game_with_notes_between_its_moves_reads_back_to_its_moves(
        (g, every, kinds, seed) in (0usize..41, 3usize..12, 1u8..32, any::<u64>())
    ) {
        let all = games();
        prop_assume!(!all.is_empty());
        let moves = &all[g % all.len()];
        let asides: Vec<Aside> = [
            Aside::Sentence,
            Aside::Variation,
            Aside::Furniture,
            Aside::Foreign,
            Aside::Bracketed,
        ]
            .into_iter()
            .enumerate()
            .filter(|(k, _)| kinds & (1 << k) != 0)
            .map(|(_, a)| a)
            .collect();
        let text = print_with_asides(moves, every, &asides, seed);
        let (read, err) = read_back(text.as_bytes());
        let expected: Vec<String> = moves.iter().map(Move::to_uci).collect();
        if asides
            .iter()
            .all(|a| matches!(a, Aside::Sentence | Aside::Foreign | Aside::Bracketed))
        {
            prop_assert_eq!(read.first(), Some(&expected), "{:?}\n{}\n{}", asides, text, err);
        } else if let Some(converted) = read.first().filter(|r| !r.is_empty()) {
            prop_assert_eq!(converted, &expected, "{:?}\n{}\n{}", asides, text, err);
        } else {
            prop_assert!(err.contains("error["), "refused without an error:\n{}\n{}", text, err);
        }
    }
}
