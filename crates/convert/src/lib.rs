//! Renders resolved games as strict PGN, SAN, LAN, UCI, FEN or English descriptive notation.
//!
//! A parsed [`pgn::Game`](scoresheet_notation::pgn::Game) is first resolved by
//! [`resolve_game`]: every move of the main line and of every variation becomes a legal
//! [`Move`](scoresheet_board::Move), comments, NAGs and annotation glyphs stay in place,
//! and the first move that cannot be resolved ends the game with a [`ConvertError`]
//! (span, message, candidates). The [`ResolvedGame`] is then written by [`write()`]:
//! [`write_pgn`] (strict PGN export), [`write_line`] (SAN, LAN or UCI main line) or
//! [`write_fens`] (one FEN per ply). The layout of each output is described in the
//! [`pgn`] and [`text`] modules. [`descriptive`] writes English descriptive
//! notation: the shortest spelling that resolves back to the move.
//!
//! ```
//! use scoresheet_convert::{resolve_game, write, Format, Options};
//! use scoresheet_notation::{pgn::parse_game, Mode};
//!
//! let text = b"[White \"Anderssen\"]\n1.e2-e4 e7-e5 2.f2-f4 e5xf4 3.Bf1-c4 Qd8-h4+ *";
//! let game = parse_game(text, 0, Mode::Lenient);
//! let resolved = resolve_game(&game, &Options::default()).unwrap();
//! let mut out = Vec::new();
//! write(&resolved, Format::San, &mut out);
//! assert_eq!(out, b"1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ *\n");
//!
//! out.clear();
//! write(&resolved, Format::Pgn, &mut out);
//! assert!(out.ends_with(b"\n\n1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ *\n\n"));
//! ```

pub mod book;
pub mod descriptive;
pub mod game;
pub mod pgn;
pub mod resolver;
pub mod select;
pub mod svg;
pub mod text;

use scoresheet_notation::lang::Language;

pub use game::{ConvertError, MoveNode, Node, Notation, Options, ResolvedGame, San, resolve_game};
pub use pgn::{MAX_LINE, ROSTER, write_pgn};
pub use resolver::Resolver;
pub use text::{LineFormat, write_fens, write_line, write_line_in, write_tagged_line};

/// Every output of [`write()`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Strict PGN export.
    Pgn,
    /// SAN main line, one game per line.
    San,
    /// LAN main line, one game per line.
    Lan,
    /// UCI main line, one game per line.
    Uci,
    /// One FEN per ply.
    Fen,
}

/// Appends `game` in `format` to `out`.
pub fn write(game: &ResolvedGame<'_>, format: Format, out: &mut Vec<u8>) {
    write_in(game, format, Language::English, out);
}

/// Appends `game` in `format` to `out`, SAN and LAN with the piece letters of
/// `language`. Strict PGN is always written in English SAN, as the standard
/// demands; FEN and UCI have no piece letters to translate.
pub fn write_in(game: &ResolvedGame<'_>, format: Format, language: Language, out: &mut Vec<u8>) {
    match format {
        Format::Pgn => write_pgn(game, out),
        Format::San => write_line_in(game, LineFormat::San, language, out),
        Format::Lan => write_line_in(game, LineFormat::Lan, language, out),
        Format::Uci => write_line(game, LineFormat::Uci, out),
        Format::Fen => write_fens(game, out),
    }
}
