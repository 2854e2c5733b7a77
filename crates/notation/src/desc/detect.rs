//! Telling a book table from PGN, for readers that accept both.

use super::book::read_book;
use crate::diag::Severity;
use crate::pgn::{games, parse_game};
use crate::san::Mode;

/// Whether `text` is laid out as a book's move table (the `.desc.txt` layout:
/// numbered rows, spaced or 19th-century descriptive moves) rather than PGN.
///
/// PGN with tags is never a book (its movetext may still be descriptive: the PGN
/// reader reads compact descriptive moves). Untagged text is a book when the book
/// reader reads every ply of it while the PGN reader stumbles or reads fewer moves.
///
/// ```
/// use scoresheet_notation::desc::looks_like_book;
/// assert!(looks_like_book(b"1. P - K 4        P - K 4\n2. Kt - K B 3     Kt - Q B 3\n"));
/// assert!(looks_like_book(b"1. P. to K's 4th.   1. P. to K's 4th.\n"));
/// assert!(!looks_like_book(b"[Event \"x\"]\n\n1. e4 e5 *\n"));
/// assert!(!looks_like_book(b"1.c4 e6 2.Nf3 d5\n"));
/// assert!(looks_like_book(b"% white: A\n1. P-K4 P-K4\n2. Q-R5 K-K2\n3. QxKP mate\n"));
/// // `%` is PGN's escape line too: it never makes algebraic moves a table.
/// assert!(!looks_like_book(b"% notes\n1. e4 e5 2. Nf3 Nc6 3. O-O\n"));
/// assert!(!looks_like_book(b"% from a club bulletin\nGames of the round\n[Event \"A\"]\n\n1. e4 e5 *\n"));
/// assert!(looks_like_book(b"[FEN \"8/8/8/8/8/1k5P/8/2K5 w - - 0 1\"]\n1. P - R 4    K - B 5\n2. P - R 5    Resigns\n"));
/// // Compact rows that PGN reads as well, to their end word, are PGN.
/// assert!(!looks_like_book(b"[FEN \"8/8/8/8/8/1k5P/8/2K5 w - - 0 1\"]\n1. P-R4 K-B5\n2. P-R5 Resigns\n"));
/// ```
#[must_use]
pub fn looks_like_book(text: &[u8]) -> bool {
    let first = text
        .split(|&b| b == b'\n' || b == b'\r')
        .map(<[u8]>::trim_ascii)
        // A book may give its start position as `[FEN "..."]`: that is no PGN tag section.
        .find(|l| {
            !l.is_empty()
                && !l.starts_with(b"%")
                && !l.starts_with(b"[FEN ")
                && !l.starts_with(b"[SetUp ")
        });
    if first.is_none_or(|l| l.starts_with(b"[")) {
        return false;
    }
    // `%` header lines above a table are how book transcriptions (and our own
    // descriptive output) begin, but `%` is also PGN's own escape line: it never
    // decides alone. A headed file is a table when the book reader reads at least
    // as many plies of its head as the PGN reader (compact descriptive rows read
    // in both, and stay a table, where a row that cannot be read is reported at
    // that row); when PGN reads more (`% notes` above `1. e4 e5 ... O-O`, or above
    // tagged games), it is PGN. Reading only the head keeps the test cheap.
    let headed = text
        .split(|&b| b == b'\n' || b == b'\r')
        .map(<[u8]>::trim_ascii)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with(b"%"));
    if headed {
        let head = prefix_lines(text, HEADED_PREFIX_BYTES);
        let book = readable_plies(head);
        let pgn = pgn_plies(head);
        if book > 0 && book >= pgn {
            return true;
        }
        if pgn > book {
            return false;
        }
    }
    let book = read_book(text);
    let readable = book.plies.iter().filter(|p| p.result.is_ok()).count();
    if readable == 0 {
        return false;
    }
    if headed || book.columns.is_some() {
        return true;
    }
    // Untagged, unheaded text: a table when most of its plies read as descriptive moves
    // (a misprint or two does not make it PGN) and the PGN reader does worse.
    if readable <= book.plies.len() - readable {
        return false;
    }
    let Some(slice) = games(text).next() else {
        return true;
    };
    let game = parse_game(slice.bytes, slice.offset, Mode::Lenient);
    let stumbles = game
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error);
    stumbles || game.mainline().count() < readable
}

/// How much of a headed file is read before looking at the rest.
const HEADED_PREFIX_BYTES: usize = 4 << 10;

/// The plies of `text` the book reader reads as moves.
fn readable_plies(text: &[u8]) -> usize {
    read_book(text)
        .plies
        .iter()
        .filter(|p| p.result.is_ok())
        .count()
}

/// The main-line moves the PGN reader reads in `text`, over all its games,
/// each game's up to its first error.
fn pgn_plies(text: &[u8]) -> usize {
    games(text)
        .map(|slice| {
            let game = parse_game(slice.bytes, slice.offset, Mode::Lenient);
            match game.stop {
                Some(stop) => game.tokens[..stop]
                    .iter()
                    .filter(|t| matches!(t, crate::pgn::Token::Move(_)))
                    .count(),
                None => game.mainline().count(),
            }
        })
        .sum()
}

/// The whole lines of `text` within its first `bytes` (all of it when shorter).
fn prefix_lines(text: &[u8], bytes: usize) -> &[u8] {
    match text.get(..bytes) {
        Some(head) if text.len() > bytes => head
            .iter()
            .rposition(|&b| b == b'\n' || b == b'\r')
            .map_or(head, |i| &head[..=i]),
        _ => text,
    }
}
