//! Moves as the board understands them, and a fixed-capacity list of them.

use core::fmt;
use core::ops::Deref;

use crate::{CastleSide, Role, Square};

/// What kind of move a [`Move`] is, beyond its piece and squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveType {
    /// A normal move or capture, double pawn pushes and promotions included.
    Normal,
    /// A pawn capturing en passant: `to` is the empty square behind the captured pawn.
    EnPassant,
    /// Castling: the king goes from `from` to `to` (the g- or c-file) and the rook from
    /// `rook` to the f- or d-file. In Chess960 the king or the rook may not move at all,
    /// and the rook may start on the king's destination.
    Castle {
        /// Where the castling rook starts.
        rook: Square,
    },
    /// A null move (`--`): the turn passes and nothing moves.
    Null,
}

/// A move in a position: which piece goes where, what it captures and what it becomes.
///
/// ```
/// use scoresheet_board::{Move, MoveType, Role, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let m = Move { role: Role::Pawn, from: sq("e7"), to: sq("d8"), capture: Some(Role::Rook),
///                promotion: Some(Role::Queen), kind: MoveType::Normal };
/// assert_eq!(m.to_uci(), "e7d8q");
/// assert_eq!(m.to_lan(), "e7xd8=Q");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The moving piece (the king for castling; the pawn for a promotion).
    pub role: Role,
    /// Where it starts.
    pub from: Square,
    /// Where it ends (for castling, the king's destination on the g- or c-file).
    pub to: Square,
    /// The role of the captured piece, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// The role a pawn promotes to.
    pub promotion: Option<Role>,
    /// Normal, en passant, castling or null.
    pub kind: MoveType,
}

impl Move {
    /// The null move. Its role and squares mean nothing; only [`MoveType::Null`] counts.
    pub const NULL: Move = Move {
        role: Role::King,
        from: Square::A8,
        to: Square::A8,
        capture: None,
        promotion: None,
        kind: MoveType::Null,
    };

    /// Whether this move captures something.
    #[inline]
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether this is castling.
    #[inline]
    #[must_use]
    pub const fn is_castle(&self) -> bool {
        matches!(self.kind, MoveType::Castle { .. })
    }

    /// Whether this is the null move.
    #[inline]
    #[must_use]
    pub const fn is_null(&self) -> bool {
        matches!(self.kind, MoveType::Null)
    }

    /// Whether this move resets the half-move clock (a pawn move or a capture).
    #[inline]
    #[must_use]
    pub const fn is_zeroing(&self) -> bool {
        matches!(self.role, Role::Pawn) || self.capture.is_some()
    }

    /// For castling, the side: king side when the rook starts on a later file than the king.
    #[must_use]
    pub fn castle_side(&self) -> Option<CastleSide> {
        match self.kind {
            MoveType::Castle { rook } => Some(if rook.file() > self.from.file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            }),
            _ => None,
        }
    }

    /// The rook's start and end squares, for castling.
    #[must_use]
    pub fn castle_rook_squares(&self) -> Option<(Square, Square)> {
        let side = self.castle_side()?;
        let MoveType::Castle { rook } = self.kind else {
            return None;
        };
        let file = match side {
            CastleSide::King => crate::File::F,
            CastleSide::Queen => crate::File::D,
        };
        Some((rook, Square::from_coords(file, rook.rank())))
    }

    /// UCI notation: `g1f3`, `e7e8q`, `0000` for the null move. Castling is written as the
    /// king's two squares (`e1g1`) when king and rook start on the standard squares (e- and
    /// a- or h-file), and as king-takes-rook (`e1h1`, the Chess960 convention) otherwise;
    /// [`Move::to_uci_chess960`] always writes king-takes-rook.
    #[must_use]
    pub fn to_uci(&self) -> String {
        if let MoveType::Castle { rook } = self.kind {
            let standard = self.from.file() == crate::File::E
                && matches!(rook.file(), crate::File::A | crate::File::H);
            if !standard {
                return self.to_uci_chess960();
            }
        }
        self.uci_with_destination(self.to)
    }

    /// UCI notation with castling always written as king-takes-rook (`e1h1`).
    #[must_use]
    pub fn to_uci_chess960(&self) -> String {
        match self.kind {
            MoveType::Castle { rook } => self.uci_with_destination(rook),
            _ => self.uci_with_destination(self.to),
        }
    }

    fn uci_with_destination(&self, to: Square) -> String {
        if self.is_null() {
            return "0000".to_owned();
        }
        let mut s = String::with_capacity(5);
        s.push_str(&self.from.to_string());
        s.push_str(&to.to_string());
        if let Some(p) = self.promotion {
            s.push(p.char());
        }
        s
    }

    /// Long algebraic notation: `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`, `--` for the null move.
    #[must_use]
    pub fn to_lan(&self) -> String {
        let key = self.lan_key();
        let len = key.iter().position(|&b| b == 0).unwrap_or(key.len());
        key[..len].iter().map(|&b| char::from(b)).collect()
    }

    /// The bytes of [`Move::to_lan`], padded with zeros: comparing keys orders moves as
    /// comparing their long algebraic strings does, without making a string.
    ///
    /// ```
    /// use scoresheet_board::{Position, Square};
    /// let pos = Position::new();
    /// let mut moves: Vec<_> = pos.legal_moves().iter().copied().collect();
    /// moves.sort_by_key(|m| m.lan_key());
    /// let mut by_string = moves.clone();
    /// by_string.sort_by_key(|m| m.to_lan());
    /// assert_eq!(moves, by_string);
    /// assert_eq!(moves[0].to_lan(), "Nb1-a3");
    /// ```
    #[must_use]
    pub fn lan_key(&self) -> [u8; 8] {
        let mut key = [0u8; 8];
        let mut n = 0;
        let mut push = |b: u8| {
            key[n] = b;
            n += 1;
        };
        match self.kind {
            MoveType::Null => b"--".iter().for_each(|&b| push(b)),
            MoveType::Castle { .. } => match self.castle_side() {
                Some(CastleSide::Queen) => b"O-O-O".iter().for_each(|&b| push(b)),
                _ => b"O-O".iter().for_each(|&b| push(b)),
            },
            _ => {
                if self.role != Role::Pawn {
                    push(self.role.upper_char() as u8);
                }
                push(self.from.file().char() as u8);
                push(self.from.rank().char() as u8);
                push(if self.is_capture() { b'x' } else { b'-' });
                push(self.to.file().char() as u8);
                push(self.to.rank().char() as u8);
                if let Some(p) = self.promotion {
                    push(b'=');
                    push(p.upper_char() as u8);
                }
            }
        }
        key
    }
}

impl fmt::Display for Move {
    /// Writes the UCI form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci())
    }
}

/// The moves a list holds on the stack: more than the 218 legal moves any position
/// reachable in a game can have. A set-up position (nine queens and more) may have
/// more; a list then moves to the heap and still holds every move.
pub const MAX_MOVES: usize = 256;

/// A list of moves, as [`crate::Position::legal_moves`] returns: on the stack (no heap
/// allocation) up to [`MAX_MOVES`], on the heap beyond, so no move is ever dropped.
///
/// It dereferences to a slice of moves.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
    /// Every move, once there are more than [`MAX_MOVES`] (empty until then).
    spill: Vec<Move>,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
            spill: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        } else {
            self.spill_push(m);
        }
    }

    /// [`MoveList::push`] past the stack's capacity: out of line, as no position of a
    /// game gets here.
    #[cold]
    #[inline(never)]
    fn spill_push(&mut self, m: Move) {
        if self.spill.is_empty() {
            self.spill.reserve(2 * MAX_MOVES);
            self.spill.extend_from_slice(&self.moves);
        }
        self.spill.push(m);
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// Keeps only the moves for which `keep` holds.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        if !self.spill.is_empty() {
            // Once on the heap, the list stays there (`len` stays full, so pushes go on
            // to the heap), unless nothing is left.
            self.spill.retain(|m| keep(m));
            if self.spill.is_empty() {
                self.len = 0;
            }
            return;
        }
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        if self.spill.is_empty() {
            self.moves.get(..self.len).unwrap_or_default()
        } else {
            &self.spill
        }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
