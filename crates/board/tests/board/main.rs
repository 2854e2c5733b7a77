//! Integration tests of the board crate: perft counts and golden FEN fixtures.

mod fen_fixtures;
mod perft;
