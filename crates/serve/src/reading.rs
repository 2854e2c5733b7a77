//! The text of the page read into games: each game's report (the judge's
//! verdict, exactly `validate --format json`'s object, from the [`Library`]),
//! its main line as played (SAN, UCI and the position after each ply, where
//! each ply is written), and the suggestions of its problems spelled in the
//! game's own notation, ready to replace the misprint.
//!
//! This is the one module of the crate that reads games: when the batch
//! crate's in-memory text API lands, it takes the place of [`Library::judge`]
//! and of the splitting below.

use scoresheet_board::desc::Origins;
use scoresheet_board::reading::{PgnOutcome, book_reading};
use scoresheet_board::replay::{Replay, ReplayOptions, replay_from};
use scoresheet_board::told::parse_game_told;
use scoresheet_board::{EpStyle, Move, Position};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter, to_descriptive};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{Game, games};
use serde::Serialize;
use serde_json::Value;

use crate::Library;

/// The most bytes between two marks of [`Lines`].
const MARK_BYTES: usize = 1 << 10;

/// One game of the page's text.
#[derive(Debug, Serialize)]
pub struct PageGame {
    /// The report `validate --format json` writes for this game.
    pub report: Value,
    /// Where the game is in the text: UTF-16 offsets, start and end.
    pub from: usize,
    /// The end of the game's text.
    pub to: usize,
    /// Where each problem of the report is in the text, and its fixes, in the
    /// order of the report's `errors`, then `warnings`, then `notes`.
    pub problems: Vec<PageProblem>,
}

/// A game's main line as read, asked for one game at a time (a 1 MB text
/// holds a hundred thousand plies: their positions are not sent at once).
#[derive(Debug, Serialize)]
pub struct PageMoves {
    /// The position the game starts from, as FEN.
    pub start_fen: String,
    /// The main line, as far as it could be played.
    pub moves: Vec<PageMove>,
}

/// One ply of a game's main line.
#[derive(Debug, Serialize)]
pub struct PageMove {
    /// Where the move is written: UTF-16 offsets into the text (what a page's
    /// editor counts in), start and end.
    pub from: usize,
    /// The end of the written move.
    pub to: usize,
    /// The move in SAN.
    pub san: String,
    /// The move in UCI (squares for the diagram's mark).
    pub uci: String,
    /// The position after the move.
    pub fen: String,
}

/// One problem of a report, placed in the text.
#[derive(Debug, Serialize)]
pub struct PageProblem {
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// Its index in the report's list of that severity.
    pub index: usize,
    /// Where it is: UTF-16 offsets into the text, start and end.
    pub from: usize,
    /// The end of the text it points at.
    pub to: usize,
    /// Each suggestion of the report, spelled in the game's notation: the text
    /// that replaces `from..to`. Empty where a suggestion cannot be spelled.
    pub fixes: Vec<Fix>,
}

/// A suggestion, as a button applies it.
#[derive(Debug, Serialize)]
pub struct Fix {
    /// The suggestion as the report gives it (`Nxe4 (Nf6xe4)`).
    pub label: String,
    /// The text that replaces the problem's place (`KtxP` in a book).
    pub text: String,
}

/// Reads `text` (named `name`, as the reports name their file) into games.
///
/// # Errors
/// The library could not judge the text (an error message).
pub fn read(library: &dyn Library, name: &str, text: &str) -> Result<Vec<PageGame>, String> {
    let reports = library.judge(name, text.as_bytes())?;
    let lines = Lines::new(text);
    let mut out = Vec::with_capacity(reports.len());
    for report in reports {
        let offset = report.get("offset").and_then(Value::as_u64);
        let start = offset.and_then(|o| usize::try_from(o).ok()).unwrap_or(0);
        // Only a game with suggestions to spell is replayed here.
        let suggests = ["errors", "warnings", "notes"].iter().any(|list| {
            report
                .get(list)
                .and_then(Value::as_array)
                .is_some_and(|ps| ps.iter().any(|p| p.get("suggestions").is_some()))
        });
        let game = if suggests {
            play(text.as_bytes(), start)
        } else {
            None
        };
        let problems = problems_of(&report, game.as_ref(), &lines);
        let length = report.get("length").and_then(Value::as_u64).unwrap_or(0);
        let end = start.saturating_add(usize::try_from(length).unwrap_or(0));
        out.push(PageGame {
            from: lines.utf16(start),
            to: lines.utf16(end),
            report,
            problems,
        });
    }
    Ok(out)
}

/// The main line of the game of `text` that starts at byte `offset` (a
/// report's `offset`), with where each ply is written; `None` when no game
/// starts there.
#[must_use]
pub fn moves(text: &str, offset: usize) -> Option<PageMoves> {
    let game = play(text.as_bytes(), offset)?;
    let (start_fen, moves) = moves_of(&game, &Lines::new(text));
    Some(PageMoves { start_fen, moves })
}

/// A game replayed, its spans into the whole text.
struct Played {
    replay: Replay,
}

/// The game of `text` that starts at byte `offset`, replayed by the rules
/// `validate` reads it with: the text split game by game (the judge's
/// splitter, so the games start where the reports say), each game read as
/// the board decides (`scoresheet_board::reading`: PGN or a book's table).
fn play(text: &[u8], offset: usize) -> Option<Played> {
    let options = ReplayOptions::default();
    let slice = games(text).find(|g| g.offset >= offset)?;
    if slice.offset != offset {
        return None;
    }
    let mut parsed = Game::default();
    parse_game_told(&mut parsed, slice.bytes, slice.offset, Mode::Lenient, None);
    let replay = replay_from(&parsed, &options, None);
    // A table is read from the game's own bytes: its spans are moved to the text's.
    let replay = match book_reading(
        slice.bytes,
        PgnOutcome::of(&replay, &parsed),
        &options,
        None,
    ) {
        Some(table) => {
            let mut r = table.replay;
            for span in &mut r.written {
                *span = span.shifted(slice.offset);
            }
            r.failed = r.failed.map(|s| s.shifted(slice.offset));
            r
        }
        None => replay,
    };
    Some(Played { replay })
}

/// The start position and the plies of a replayed game.
fn moves_of(game: &Played, lines: &Lines<'_>) -> (String, Vec<PageMove>) {
    let r = &game.replay;
    let mut position = r.start.clone();
    let mut moves = Vec::with_capacity(r.moves.len());
    for (ply, m) in r.moves.iter().enumerate() {
        let span = r.written.get(ply).copied();
        let san = position.san(m);
        position.play_unchecked(m);
        let (from, to) = span.map_or((0, 0), |s| (lines.utf16(s.start()), lines.utf16(s.end())));
        moves.push(PageMove {
            from,
            to,
            san,
            uci: m.to_uci(),
            fen: position.to_fen(EpStyle::Always),
        });
    }
    (r.start.to_fen(EpStyle::Always), moves)
}

/// Every problem of `report` placed in the text, with its suggestions spelled.
fn problems_of(report: &Value, game: Option<&Played>, lines: &Lines<'_>) -> Vec<PageProblem> {
    let notation = report.get("notation").and_then(Value::as_str);
    let mut out = Vec::new();
    for (list, severity) in [
        ("errors", "error"),
        ("warnings", "warning"),
        ("notes", "note"),
    ] {
        let Some(problems) = report.get(list).and_then(Value::as_array) else {
            continue;
        };
        for (index, p) in problems.iter().enumerate() {
            let line = p.get("line").and_then(Value::as_u64).unwrap_or(1);
            let column = p.get("column").and_then(Value::as_u64).unwrap_or(1);
            let written = p.get("move").and_then(Value::as_str).unwrap_or("");
            let (from, to) = lines.place(line, column, written);
            let ply = p.get("ply").and_then(Value::as_u64);
            let fixes = p
                .get("suggestions")
                .and_then(Value::as_array)
                .map(|s| {
                    s.iter()
                        .filter_map(Value::as_str)
                        .filter_map(|label| {
                            let text = spell(label, game, ply, notation, written)?;
                            Some(Fix {
                                label: label.to_owned(),
                                text,
                            })
                        })
                        .collect()
                })
                .unwrap_or_default();
            out.push(PageProblem {
                severity,
                index,
                from,
                to,
                fixes,
            });
        }
    }
    out
}

/// A suggestion (`Nxe4 (Nf6xe4)`) for ply `ply` of `game`, spelled in the
/// game's notation the way the misprint `written` was (`KtxP` for `Kt-P`).
fn spell(
    label: &str,
    game: Option<&Played>,
    ply: Option<u64>,
    notation: Option<&str>,
    written: &str,
) -> Option<String> {
    let san = label.split_whitespace().next()?;
    let (Some(game), Some(ply)) = (game, ply) else {
        return Some(san.to_owned());
    };
    let r = &game.replay;
    let before = usize::try_from(ply).ok()?.checked_sub(1)?;
    let played = r.moves.get(..before)?;
    let mut position: Position = r.start.clone();
    let mut origins = Origins::from_position(&position);
    for m in played {
        origins.play(m);
        position.play_unchecked(m);
    }
    let m: Move = position
        .legal_moves()
        .iter()
        .copied()
        .find(|m| position.san(m) == san)?;
    Some(match notation {
        Some("descriptive") => {
            let style = DescStyle {
                spaced: written.trim().contains(' '),
                knight: if written.contains("Kt") {
                    KnightLetter::Kt
                } else {
                    KnightLetter::N
                },
                ..DescStyle::default()
            };
            to_descriptive(&position, &m, &origins, &style)
        }
        Some("lan") => m.to_lan(),
        Some("uci") => m.to_uci(),
        _ => san.to_owned(),
    })
}

/// Turns the text's byte offsets and `line:column` places into UTF-16
/// offsets, the unit of a page's editor: spans become ranges here and only here.
struct Lines<'t> {
    text: &'t str,
    /// The byte offset of each line's start (a line ends at LF, CR LF or CR).
    starts: Vec<usize>,
    /// Byte offsets with their UTF-16 offsets, at most 1 KiB apart, so an
    /// offset is counted from a mark close to it even on an endless line.
    marks: Vec<(usize, usize)>,
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Lines<'t> {
        let mut starts = vec![0];
        let mut marks = vec![(0, 0)];
        let mut unit = 0;
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if i - marks.last().map_or(0, |m| m.0) >= MARK_BYTES {
                marks.push((i, unit));
            }
            unit += c.len_utf16();
            let end = match c {
                '\n' => true,
                '\r' if chars.peek().is_some_and(|&(_, n)| n == '\n') => false,
                '\r' => true,
                _ => false,
            };
            if end {
                starts.push(i + 1);
            }
        }
        Lines {
            text,
            starts,
            marks,
        }
    }

    /// The UTF-16 offset of byte `byte` (clamped to the text, rounded down to
    /// a character boundary).
    fn utf16(&self, byte: usize) -> usize {
        let mut byte = byte.min(self.text.len());
        while !self.text.is_char_boundary(byte) {
            byte -= 1;
        }
        let (start, unit) = self.marks[self.marks.partition_point(|m| m.0 <= byte) - 1];
        unit + utf16_len(&self.text[start..byte])
    }

    /// The range a problem at `line:column` (1-based, columns in characters)
    /// pointing at `written` covers: `written` where the text there starts
    /// with it, else the word there.
    fn place(&self, line: u64, column: u64, written: &str) -> (usize, usize) {
        let line = usize::try_from(line.saturating_sub(1))
            .unwrap_or(usize::MAX)
            .min(self.starts.len() - 1);
        let start = self.starts[line];
        let end = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        let row = &self.text[start..end];
        let skip = usize::try_from(column.saturating_sub(1)).unwrap_or(usize::MAX);
        let at = row
            .char_indices()
            .nth(skip)
            .map_or(row.trim_end().len(), |(i, _)| i);
        let rest = &row[at..];
        let length = if !written.is_empty() && rest.starts_with(written) {
            written.len()
        } else {
            rest.find(char::is_whitespace).unwrap_or(rest.len())
        };
        let from = self.utf16(start + at);
        (from, from + utf16_len(&rest[..length]))
    }
}

/// The length of `s` in UTF-16 units.
fn utf16_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().map(char::len_utf16).sum()
    }
}

#[cfg(test)]
mod tests;
