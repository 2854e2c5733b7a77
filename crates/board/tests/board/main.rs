//! Integration tests of the board crate, one test binary (one link): perft
//! counts, golden FEN and descriptive fixtures, the descriptive corpus, the
//! quick lane against the full replay, and property tests of random games.

mod desc_corpus;
mod desc_fixtures;
mod desc_robust;
mod fen_fixtures;
mod misprints;
mod perft;
mod properties;
mod quick;
