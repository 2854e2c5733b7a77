//! Chess notation as written: moves in SAN, LAN, UCI and English descriptive
//! notation, and whole PGN files, parsed into an AST with the byte span of every
//! part. This crate knows nothing of the board; `scoresheet-board` resolves
//! what is written here into legal moves.
//!
//! - [`san`]: one move token (SAN, LAN, UCI, castling, null moves) into a
//!   [`WrittenMove`], with relaxed spellings reported as diagnostics.
//! - [`pgn`]: PGN files split into games (in memory or streaming), and each game
//!   into tags and a flat token list; never fails, reports where and why.
//! - [`desc`]: English descriptive notation.
//! - [`lang`]: piece letters of other languages (`Sf3`, `Cf3`, `Кf3`), and
//!   telling a game's language from them.
//! - [`text`]: tag and comment text as characters (UTF-8, or Latin-1).
//!
//! ```
//! use scoresheet_notation::pgn::{games, parse_game};
//! use scoresheet_notation::{parse_move, Mode};
//!
//! let m = parse_move(b"exd8=Q+", 0, Mode::Strict).unwrap();
//! assert_eq!(m.value.to_string(), "exd8=Q+");
//!
//! let file = b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n";
//! for slice in games(file) {
//!     let game = parse_game(slice.bytes, slice.offset, Mode::Strict);
//!     assert_eq!(game.mainline().count(), 3);
//!     assert!(!game.has_errors());
//! }
//! ```
//!
//! ```
//! use scoresheet_notation::{Square, Role, Color};
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(e4.index(), 36);
//! assert_eq!(Role::Knight.of(Color::Black).char(), 'n');
//! ```

pub mod ast;
pub mod caption;
pub mod desc;
pub mod diag;
pub mod kind;
pub mod kinds;
pub mod lang;
pub mod pgn;
pub mod san;
pub mod span;
pub mod text;
pub mod types;

pub use ast::{
    Annotation, CastleMove, CastleSide, CheckMark, FileCapture, GameResult, LanMove, MoveKind,
    SanMove, Suffix, WrittenMove,
};
pub use desc::{DescError, DescMove};
pub use diag::{Diagnostic, Misprint, Severity};
pub use kind::Kind;
pub use san::{Mode, MoveError, Parsed, parse_move};
pub use span::{LineCol, LineIndex, Span};
pub use types::{Color, File, ParseSquareError, Piece, Rank, Role, Square, SquareShade};
