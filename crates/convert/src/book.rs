//! Book tables in and out: a replayed book game as PGN text for the common
//! pipeline, and a resolved game as a descriptive move table.

use scoresheet_notation::Kind;
use std::fmt::Write as _;

use scoresheet_board::replay::Replay;
use scoresheet_board::{Color, EpStyle, Position};
use scoresheet_notation::desc::Book;
use scoresheet_notation::{Diagnostic, GameResult, Severity};

use crate::ResolvedGame;
use crate::descriptive::{DescStyle, line_to_table};

/// The result a book's closing words state, if they state one: `Resigns` is the
/// side to move giving up, `and wins` the side that moved last winning.
#[must_use]
pub fn book_result(book: &Book, r: &Replay) -> GameResult {
    let Some(end) = &book.end else {
        return GameResult::Unknown;
    };
    let words = end.text.to_ascii_lowercase();
    let to_move = r.position.turn();
    let win = |c: Color| c.fold(GameResult::WhiteWins, GameResult::BlackWins);
    if words.contains("1-0") {
        GameResult::WhiteWins
    } else if words.contains("0-1") {
        GameResult::BlackWins
    } else if words.contains("draw") || words.contains("1/2") || words.contains('½') {
        GameResult::Draw
    } else if words.contains("white resigns") || words.contains("white surrenders") {
        GameResult::BlackWins
    } else if words.contains("black resigns") || words.contains("black surrenders") {
        GameResult::WhiteWins
    } else if words.contains("resign") || words.contains("wins") || words.contains("mate") {
        // The side to move gives up, or the side that moved last wins: the same side.
        win(to_move.other())
    } else {
        GameResult::Unknown
    }
}

fn tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    let _ = writeln!(out, "[{name} \"{escaped}\"]");
}

/// A replayed book game as PGN text: tags from the book's header lines (the
/// title as `Event`, the players as `White` and `Black`, the closing words as
/// `Result`, the `FEN` when the game starts elsewhere) and the moves in SAN.
///
/// ```
/// use scoresheet_board::replay::{replay_book_game, ReplayOptions};
/// use scoresheet_convert::book::book_to_pgn;
/// use scoresheet_notation::desc::read_book;
/// let book = read_book(b"% title: GAME 1. White: A. Black: B.\n1. P-K4 P-K4\n2. Q-R5 K-K2\n3. QxKP mate\n");
/// let r = replay_book_game(&book, None, &ReplayOptions::default(), None);
/// let pgn = book_to_pgn(&book, &r);
/// assert!(pgn.contains("[White \"A\"]"));
/// assert!(pgn.ends_with("1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0\n"));
/// ```
#[must_use]
pub fn book_to_pgn(book: &Book, r: &Replay) -> String {
    let mut out = String::new();
    let header = |key: &str| {
        book.headers
            .iter()
            .find(|h| h.key == key)
            .map(|h| h.value.as_str())
    };
    let tags = book.tags();
    let mut result = book_result(book, r);
    if result == GameResult::Unknown {
        // `% result:` when the table's own end says nothing.
        if let Some(written) = header("result").and_then(|v| GameResult::from_ascii(v.as_bytes())) {
            result = written;
        }
    }
    if let Some(outcome) = r.end.outcome {
        result = match outcome.winner() {
            Some(c) => c.fold(GameResult::WhiteWins, GameResult::BlackWins),
            None => GameResult::Draw,
        };
    }
    // The roster's tags before the result, as PGN orders them; the others after.
    let roster = ["Event", "Site", "Date", "Round", "White", "Black"];
    for (name, value) in tags.iter().filter(|t| roster.contains(&t.0.as_str())) {
        tag(&mut out, name, value);
    }
    tag(&mut out, "Result", result.as_str());
    for (name, value) in tags.iter().filter(|t| {
        !roster.contains(&t.0.as_str()) && !matches!(t.0.as_str(), "Result" | "FEN" | "SetUp")
    }) {
        tag(&mut out, name, value);
    }
    if r.start != Position::new() {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &r.start.to_fen(EpStyle::Always));
    }
    out.push('\n');
    let mut pos = r.start.clone();
    let mut first = true;
    for m in &r.moves {
        if pos.turn() == Color::White {
            let _ = write!(out, "{}. ", pos.fullmove_number());
        } else if first {
            let _ = write!(out, "{}... ", pos.fullmove_number());
        }
        out.push_str(&pos.san(m));
        out.push(' ');
        pos.play_unchecked(m);
        first = false;
    }
    out.push_str(result.as_str());
    out.push('\n');
    out
}

/// A resolved game's main line as a descriptive move table, headed by `%` lines
/// naming the event, the players and the variant, so `read_book` reads it back.
///
/// # Errors
/// A null move, which has no descriptive spelling: nothing is written.
pub fn write_descriptive(
    game: &ResolvedGame<'_>,
    style: &DescStyle,
    out: &mut Vec<u8>,
) -> Result<(), Diagnostic> {
    if let Some((i, null)) = game.mainline().enumerate().find(|(_, m)| m.mv.is_null()) {
        let mut d = Diagnostic::new(
            Severity::Error,
            Kind::NoDescriptiveSpelling,
            "a null move has no spelling in descriptive notation: the game is not written",
            null.span,
        );
        d.ply = u32::try_from(i + 1).ok();
        return Err(d);
    }
    let mut text = String::new();
    for name in ["Event", "White", "Black", "Variant"] {
        if let Some(t) = game.tags.iter().find(|t| t.name == name.as_bytes()) {
            let value = t.value();
            if !value.is_empty() && value != "?" {
                let _ = writeln!(text, "% {}: {value}", name.to_ascii_lowercase());
            }
        }
    }
    if game.start != Position::new() {
        let _ = writeln!(text, "[FEN \"{}\"]", game.start.to_fen(EpStyle::Always));
    }
    let moves: Vec<_> = game.mainline().map(|n| n.mv).collect();
    match line_to_table(&game.start, &moves, style) {
        Ok(table) => text.push_str(&table),
        Err(e) => {
            let _ = writeln!(text, "% error: {e}");
        }
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let _ = writeln!(text, "{}\n", game.result.as_str());
    out.extend_from_slice(text.as_bytes());
    Ok(())
}
