//! The game state (the six FEN fields), legal move generation, perft, and the
//! resolution of a written move into the one legal move it names.
//!
//! Squares are numbered in FEN order (a8 = 0 ... h1 = 63) and a [`Bitboard`]'s bit `i`
//! is square `i`.
//!
//! ```
//! use scoresheet_board::{perft, EpStyle, Position};
//! let mut pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
//! assert_eq!(perft(&pos, 2), 2_039);
//! let castle = *pos.legal_moves().iter().find(|m| pos.san(m) == "O-O").unwrap();
//! pos.play(&castle).unwrap();
//! assert_eq!(pos.to_fen(EpStyle::Always), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
//! ```

pub mod attacks;
mod bitboard;
mod board;
pub mod desc;
mod game;
mod moves;
mod perft;
mod position;
mod san;
mod setup;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use game::Game;
pub use moves::{MAX_MOVES, Move, MoveList, MoveType};
pub use perft::{divide, perft};
pub use position::{CastleObstacle, EpStyle, IllegalMove, Outcome, Position};
pub use scoresheet_notation::{
    CastleSide, Color, File, GameResult, Piece, Rank, Role, Square, SquareShade,
};
pub use setup::{
    CastlingNotation, FenError, FenErrorKind, FenField, FenNote, PositionError, Setup,
};
