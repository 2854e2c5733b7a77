//! Perft: counting the leaves of the legal move tree, the standard test of move generation.

use crate::{Move, Position};

/// The number of legal move sequences of length `depth` from `pos` (leaves counted in bulk
/// at the last ply).
///
/// ```
/// use scoresheet_board::{perft, Position};
/// assert_eq!(perft(&Position::new(), 3), 8_902);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}

/// Perft split by first move: each legal move with the leaf count below it.
///
/// ```
/// use scoresheet_board::{divide, Position};
/// let split = divide(&Position::new(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|(_, n)| *n == 20));
/// ```
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (*m, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
