//! Chess notation as written: moves in SAN, LAN, UCI and English descriptive
//! notation, and whole PGN files, parsed into an AST with the byte span of every
//! part. This crate knows nothing of the board; `scoresheet-board` resolves
//! what is written here into legal moves.
//!
//! ```
//! use scoresheet_notation::{Square, Role, Color};
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(e4.index(), 36);
//! assert_eq!(Role::Knight.of(Color::Black).char(), 'n');
//! ```

pub mod ast;
pub mod desc;
pub mod diag;
pub mod pgn;
pub mod san;
pub mod span;
pub mod types;

pub use ast::{
    Annotation, CastleMove, CastleSide, CheckMark, GameResult, LanMove, MoveKind, SanMove, Suffix,
    WrittenMove,
};
pub use desc::{DescError, DescMove};
pub use diag::{Diagnostic, Severity};
pub use san::{Mode, MoveError, Parsed, parse_move};
pub use span::{LineCol, LineIndex, Span};
pub use types::{Color, File, ParseSquareError, Piece, Rank, Role, Square, SquareShade};
