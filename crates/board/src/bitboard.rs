//! Sets of squares as 64-bit masks.
//!
//! Bit `i` stands for the square with FEN-order index `i`: a8 is bit 0, h8 bit 7,
//! a1 bit 56 and h1 bit 63. So "north" (towards rank 8) is a right shift by 8
//! and "east" (towards the h-file) is a left shift by 1.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::{File, Rank, Square};

/// A set of squares: bit `i` is the square with FEN-order index `i` (a8 = 0, h1 = 63).
///
/// ```
/// use scoresheet_board::{Bitboard, Rank, Square};
/// let rank2 = Bitboard::rank(Rank::Second);
/// assert_eq!(rank2.count(), 8);
/// assert!(rank2.contains("e2".parse::<Square>().unwrap()));
/// assert_eq!(rank2.first().map(|sq| sq.to_string()), Some("a2".to_owned()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

const fn dark_squares() -> u64 {
    let mut bb = 0;
    let mut i = 0;
    while i < 64 {
        let file = i & 7;
        let rank = 7 - (i >> 3);
        if (file + rank) % 2 == 0 {
            bb |= 1 << i;
        }
        i += 1;
    }
    bb
}

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The 32 dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(dark_squares());
    /// The 32 light squares (h1 is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(!dark_squares());
    /// Ranks 1 and 8, where pawns may not stand.
    pub const BACK_RANKS: Bitboard = Bitboard(0xFF | (0xFF << 56));

    /// The set holding only `sq`.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// All squares of a file.
    #[inline]
    #[must_use]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(FILE_A << file.index())
    }

    /// All squares of a rank.
    #[inline]
    #[must_use]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xFF << ((7 - rank.index()) * 8))
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq.index()) != 0
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set holds two squares or more.
    #[inline]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The square with the lowest index (nearest a8), if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros() as u8))
        }
    }

    /// The only square of the set, if it holds exactly one.
    #[inline]
    #[must_use]
    pub const fn single(self) -> Option<Square> {
        if self.more_than_one() {
            None
        } else {
            self.first()
        }
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1 << sq.index()))
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    /// Every square moved one rank towards rank 8 (squares on rank 8 drop off).
    #[inline]
    #[must_use]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// Every square moved one rank towards rank 1 (squares on rank 1 drop off).
    #[inline]
    #[must_use]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Every square moved one file towards the h-file (the h-file drops off).
    #[inline]
    #[must_use]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !FILE_H) << 1)
    }

    /// Every square moved one file towards the a-file (the a-file drops off).
    #[inline]
    #[must_use]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A) >> 1)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// Removes and returns the square with the lowest index.
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0.wrapping_sub(1);
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

macro_rules! bit_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Eight lines, rank 8 first, `1` for a member and `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for row in 0..8 {
            for col in 0..8 {
                let bit = 1u64 << (row * 8 + col);
                f.write_str(if self.0 & bit != 0 { "1" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
