//! The game state (the six FEN fields), legal move generation, perft, and the
//! resolution of a written move into the one legal move it names.
//!
//! - [`Setup`] holds the six FEN fields unvalidated; [`Position`] is a validated legal
//!   position with private fields ([`Position::from_fen`], [`Position::from_setup`]).
//!   FEN errors ([`FenError`]) name the field, the offending text and its character offset.
//! - [`Position::legal_moves`] gives a [`MoveList`] (on the stack); [`Position::play`] checks
//!   a [`Move`], [`Position::play_unchecked`] trusts it. Castling is Chess960-capable:
//!   rights are the set of castling rooks' squares, read from `KQkq`, X-FEN or Shredder-FEN.
//! - [`resolve`] turns a written SAN, LAN, UCI, castling or null move
//!   ([`scoresheet_notation::WrittenMove`]) into a [`Move`], or a [`ResolveError`] that
//!   names the pieces and squares at fault and lists the candidates of an ambiguous move;
//!   [`check_suffix`] reports wrong or missing check, mate and capture marks.
//! - [`Game`] keeps the history for repetitions and the fifty/seventy-five-move rules.
//! - [`perft`] and [`divide`] count the legal move tree.
//!
//! Squares are numbered in FEN order (a8 = 0 ... h1 = 63) and a [`Bitboard`]'s bit `i`
//! is square `i`. Nothing here panics on any input, and there is no unsafe code.
//!
//! ```
//! use scoresheet_board::{perft, EpStyle, Position};
//! let mut pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
//! assert_eq!(perft(&pos, 2), 2_039);
//! let castle = *pos.legal_moves().iter().find(|m| pos.san(m) == "O-O").unwrap();
//! pos.play(&castle).unwrap();
//! assert_eq!(pos.to_fen(EpStyle::Always), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1");
//! ```
//!
//! Resolving a written move:
//!
//! ```
//! use scoresheet_board::{resolve, Position};
//! use scoresheet_notation::{MoveKind, Role, SanMove, Span, Suffix, WrittenMove};
//! let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
//! let nd2 = WrittenMove {
//!     kind: MoveKind::San(SanMove {
//!         role: Role::Knight, role_span: Some(Span::new(0, 1)), from_file: None,
//!         from_rank: None, from_span: None, capture: None, to: "d2".parse().unwrap(),
//!         to_span: Span::new(1, 3), promotion: None, promotion_span: None,
//!     }),
//!     suffix: Suffix::default(),
//!     span: Span::new(0, 3),
//! };
//! let err = resolve(&pos, &nd2).unwrap_err();
//! assert_eq!(err.to_string(), "ambiguous: 2 white knights can move to d2");
//! assert_eq!(err.candidates(), ["Nfd2 (Nf3-d2)", "Nbd2 (Nb1-d2)"]);
//! ```

pub mod attacks;
mod bitboard;
mod board;
pub mod decode;
pub mod dedup;
pub mod desc;
pub mod eco;
mod game;
pub mod judge;
pub mod learn;
pub mod misprint;
mod moves;
mod perft;
mod position;
pub mod prior;
pub mod prose;
pub mod quick;
pub mod reading;
pub mod replay;
mod resolve;
mod san;
mod setup;
pub mod spelling;
pub mod tags;
pub mod told;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use game::Game;
pub use moves::{MAX_MOVES, Move, MoveList, MoveType};
pub use perft::{divide, perft};
pub use position::{CastleObstacle, EpStyle, IllegalMove, Outcome, Position};
pub use resolve::{Candidate, PlacedPiece, ResolveError, check_suffix, resolve};
pub use scoresheet_notation::{
    CastleSide, Color, File, GameResult, Piece, Rank, Role, Square, SquareShade,
};
pub use setup::{
    CastlingNotation, FenError, FenErrorKind, FenField, FenNote, PositionError, Setup,
};
