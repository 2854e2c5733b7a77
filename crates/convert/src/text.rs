//! Main-line outputs: SAN, LAN and UCI movetext one game per line, and one FEN per ply.
//!
//! - `san`: `1. e4 e5 2. Nf3 1-0` (a game starting with Black to move starts `12... e5`);
//!   no comments, NAGs or variations. A game that does not start from the initial
//!   position is preceded by its `[SetUp "1"]` and `[FEN "..."]` tag lines (and
//!   `[Variant "Chess960"]`), so every line reads back to the same moves.
//! - `lan`: the same layout in long algebraic notation: `1. e2-e4 e7-e5 2. Ng1-f3 1-0`,
//!   `e4xd5`, `e7-e8=Q`, `O-O`, `--` for a null move, with `+` and `#` as in SAN.
//! - `uci`: the moves, space separated, then the result: `e2e4 e7e5 g1f3 1-0` (castling
//!   `e1g1`, and as king-takes-rook `e1h1` in Chess960 games; `0000` for a null move).
//! - `fen`: one EPD-style line per position, the starting one first:
//!   `<FEN>; ply 0;` then `<FEN>; ply N; san <SAN>;` for the position after ply `N` and
//!   the move that led to it; a blank line after each game.

use scoresheet_board::{Color, EpStyle, Position};
use scoresheet_notation::lang::{Language, localize};

use crate::game::{MoveNode, ResolvedGame};
use crate::pgn::NumBuf;

/// The main-line notations written by [`write_line`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineFormat {
    /// Standard algebraic notation, with move numbers and the result.
    San,
    /// Long algebraic notation, with move numbers and the result.
    Lan,
    /// UCI notation: the moves and the result, no move numbers.
    Uci,
}

/// Appends the main line of `game` as one line of movetext to `out`.
///
/// ```
/// use scoresheet_convert::{resolve_game, write_line, LineFormat, Options};
/// use scoresheet_notation::{pgn::parse_game, Mode};
/// let game = parse_game(b"1. e4 e5 (1... c5) 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O 1-0", 0, Mode::Lenient);
/// let r = resolve_game(&game, &Options::default()).unwrap();
/// let mut out = Vec::new();
/// write_line(&r, LineFormat::Lan, &mut out);
/// write_line(&r, LineFormat::Uci, &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(),
///     "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-c4 Ng8-f6 4. O-O 1-0\ne2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1 1-0\n");
/// ```
pub fn write_line(game: &ResolvedGame<'_>, format: LineFormat, out: &mut Vec<u8>) {
    write_line_in(game, format, Language::English, out);
}

/// [`write_line`] with the piece letters of `language` (UCI has none).
///
/// ```
/// use scoresheet_convert::{resolve_game, write_line_in, LineFormat, Options};
/// use scoresheet_notation::{lang::Language, pgn::parse_game, Mode};
/// let game = parse_game(b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *", 0, Mode::Lenient);
/// let r = resolve_game(&game, &Options::default()).unwrap();
/// let mut out = Vec::new();
/// write_line_in(&r, LineFormat::San, Language::French, &mut out);
/// write_line_in(&r, LineFormat::Lan, Language::Russian, &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(),
///     "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. O-O *\n1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6 4. O-O *\n");
/// ```
pub fn write_line_in(
    game: &ResolvedGame<'_>,
    format: LineFormat,
    language: Language,
    out: &mut Vec<u8>,
) {
    // A game from another position carries it, so the line reads back to the same moves.
    if game.start != Position::new() {
        out.extend_from_slice(b"[SetUp \"1\"]\n[FEN \"");
        out.extend_from_slice(game.start.to_fen(EpStyle::Always).as_bytes());
        out.extend_from_slice(b"\"]\n");
        if game.chess960 {
            out.extend_from_slice(b"[Variant \"Chess960\"]\n");
        }
    }
    write_moves(game, format, language, out);
}

/// Appends `game` as PGN whose movetext is its main line in `format`: the tag
/// section as the strict PGN export writes it (the roster first, the other
/// tags sorted, `FEN` and `SetUp` for another start), a blank line, the
/// main line on one line, a blank line. What `convert --to san|lan|uci`
/// writes (`--moves-only`: [`write_line_in`]).
///
/// ```
/// use scoresheet_convert::{resolve_game, write_tagged_line, LineFormat, Options};
/// use scoresheet_notation::{lang::Language, pgn::parse_game, Mode};
/// let game = parse_game(b"[White \"Morphy\"]\n[ECO \"C41\"]\n1. e4 e5 2. Nf3 d6 *", 0, Mode::Lenient);
/// let r = resolve_game(&game, &Options::default()).unwrap();
/// let mut out = Vec::new();
/// write_tagged_line(&r, LineFormat::Uci, Language::English, &mut out);
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.starts_with("[Event \"?\"]\n"));
/// assert!(out.ends_with("[Result \"*\"]\n[ECO \"C41\"]\n\ne2e4 e7e5 g1f3 d7d6 *\n\n"), "{out}");
/// ```
pub fn write_tagged_line(
    game: &ResolvedGame<'_>,
    format: LineFormat,
    language: Language,
    out: &mut Vec<u8>,
) {
    crate::pgn::write_tags(game, out);
    out.push(b'\n');
    write_moves(game, format, language, out);
    out.push(b'\n');
}

/// The main line in `format`, then the result and a line end.
fn write_moves(game: &ResolvedGame<'_>, format: LineFormat, language: Language, out: &mut Vec<u8>) {
    let mut num = NumBuf::default();
    let mut first = true;
    let mut sep = |out: &mut Vec<u8>| {
        if !first {
            out.push(b' ');
        }
        first = false;
    };
    for (i, m) in game.mainline().enumerate() {
        if format != LineFormat::Uci {
            if m.turn == Color::White {
                sep(out);
                out.extend_from_slice(num.format(m.fullmove, "."));
            } else if i == 0 {
                sep(out);
                out.extend_from_slice(num.format(m.fullmove, "..."));
            }
        }
        sep(out);
        if language == Language::English || format == LineFormat::Uci {
            write_move(game, m, format, out);
        } else {
            let mut english = Vec::with_capacity(12);
            write_move(game, m, format, &mut english);
            localize(&english, language, out);
        }
    }
    // The result ends every line, UCI included, so that the lines read back as games.
    sep(out);
    out.extend_from_slice(game.result.as_str().as_bytes());
    out.push(b'\n');
}

fn write_move(game: &ResolvedGame<'_>, m: &MoveNode, format: LineFormat, out: &mut Vec<u8>) {
    match format {
        LineFormat::San => out.extend_from_slice(m.san.as_bytes()),
        LineFormat::Lan => {
            out.extend_from_slice(m.mv.to_lan().as_bytes());
            if let Some(mark @ (b'+' | b'#')) = m.san.as_bytes().last().copied() {
                out.push(mark);
            }
        }
        LineFormat::Uci if game.chess960 => {
            out.extend_from_slice(m.mv.to_uci_chess960().as_bytes());
        }
        LineFormat::Uci => out.extend_from_slice(m.mv.to_uci().as_bytes()),
    }
}

/// Appends one FEN line per main-line position of `game` to `out`, then a blank line.
///
/// ```
/// use scoresheet_convert::{resolve_game, write_fens, Options};
/// use scoresheet_notation::{pgn::parse_game, Mode};
/// let game = parse_game(b"1. e4 *", 0, Mode::Lenient);
/// let mut out = Vec::new();
/// write_fens(&resolve_game(&game, &Options::default()).unwrap(), &mut out);
/// assert_eq!(String::from_utf8(out).unwrap(), "\
/// rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; ply 0;
/// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1; ply 1; san e4;
///
/// ");
/// ```
pub fn write_fens(game: &ResolvedGame<'_>, out: &mut Vec<u8>) {
    let mut pos: Position = game.start.clone();
    let mut num = NumBuf::default();
    out.extend_from_slice(pos.to_fen(EpStyle::Always).as_bytes());
    out.extend_from_slice(b"; ply 0;\n");
    for (i, m) in game.mainline().enumerate() {
        pos.play_unchecked(&m.mv);
        out.extend_from_slice(pos.to_fen(EpStyle::Always).as_bytes());
        out.extend_from_slice(b"; ply ");
        let ply = u32::try_from(i + 1).unwrap_or(u32::MAX);
        out.extend_from_slice(num.format(ply, ""));
        out.extend_from_slice(b"; san ");
        out.extend_from_slice(m.san.as_bytes());
        out.extend_from_slice(b";\n");
    }
    out.push(b'\n');
}
