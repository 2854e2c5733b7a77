//! The game state (the six FEN fields), legal move generation, perft, and the
//! resolution of a written move into the one legal move it names.

pub use scoresheet_notation::{Color, File, Piece, Rank, Role, Square, SquareShade};
