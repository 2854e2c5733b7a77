//! A position with its history, for the repetition and move-count rules.

use crate::{IllegalMove, Move, Outcome, Position};

/// A position together with the hashes of the positions since the last irreversible move,
/// so repetitions and the fifty/seventy-five-move rules can be judged.
///
/// ```
/// use scoresheet_board::{Game, Position};
/// let mut game = Game::new(Position::new());
/// for _ in 0..2 {
///     for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
///         let m = *game.position().legal_moves().iter().find(|m| m.to_uci() == uci).unwrap();
///         game.play(&m).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert!(game.is_threefold_repetition());
/// assert!(!game.is_fivefold_repetition());
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    position: Position,
    /// Hashes of the positions since the last capture or pawn move, current one last.
    hashes: Vec<u64>,
}

impl Game {
    /// A game starting from `position`.
    #[must_use]
    pub fn new(position: Position) -> Game {
        let hashes = vec![position.zobrist()];
        Game { position, hashes }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`] if `m` is not legal; the game is then unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        self.position.play(m)?;
        self.record(m);
        Ok(())
    }

    /// Plays a move without checking it, under the contract of [`Position::play_unchecked`].
    pub fn play_unchecked(&mut self, m: &Move) {
        self.position.play_unchecked(m);
        self.record(m);
    }

    fn record(&mut self, m: &Move) {
        // A capture or pawn move makes every earlier position unreachable.
        if m.is_zeroing() {
            self.hashes.clear();
        }
        self.hashes.push(self.position.zobrist());
    }

    /// How many times the current position has occurred (1 the first time).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        repetitions(&self.hashes)
    }

    /// Threefold repetition: a draw the player to move may claim.
    #[must_use]
    pub fn is_threefold_repetition(&self) -> bool {
        self.repetitions() >= 3
    }

    /// Fivefold repetition: a draw by rule, automatically.
    #[must_use]
    pub fn is_fivefold_repetition(&self) -> bool {
        self.repetitions() >= 5
    }

    /// Fifty moves by each side without a capture or pawn move: a draw that may be claimed.
    #[must_use]
    pub fn is_fifty_moves(&self) -> bool {
        self.position.halfmove_clock() >= 100
    }

    /// Seventy-five moves by each side without capture or pawn move, unless the last move
    /// mated: a draw by rule, automatically.
    #[must_use]
    pub fn is_seventy_five_moves(&self) -> bool {
        self.position.halfmove_clock() >= 150 && !self.position.is_checkmate()
    }

    /// Whether the side to move may claim a draw (threefold repetition or fifty moves).
    #[must_use]
    pub fn can_claim_draw(&self) -> bool {
        self.is_threefold_repetition() || self.is_fifty_moves()
    }

    /// How the game has ended by rule, if it has: checkmate, stalemate, insufficient
    /// material, fivefold repetition or the seventy-five-move rule.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position.outcome() {
            return Some(outcome);
        }
        if self.is_fivefold_repetition() {
            Some(Outcome::FivefoldRepetition)
        } else if self.is_seventy_five_moves() {
            Some(Outcome::SeventyFiveMoves)
        } else {
            None
        }
    }
}

/// How many times the last position of `hashes` (the Zobrist keys since the last
/// capture or pawn move, current one last) has occurred: 1 the first time.
#[must_use]
pub(crate) fn repetitions(hashes: &[u64]) -> usize {
    let Some(&current) = hashes.last() else {
        return 1;
    };
    // Same side to move only: every second entry, backwards from the current one.
    hashes
        .iter()
        .rev()
        .step_by(2)
        .filter(|&&h| h == current)
        .count()
}

#[cfg(test)]
mod tests;
