//! Attack sets of every piece, and the lines between squares.
//!
//! Every table is computed at compile time. Knight, king and pawn attacks are looked up.
//! Rook and bishop attacks are computed from rays (the classical approach): per
//! direction, the ray to the edge is cut at its first blocker, found with one bit scan.
//! The ray table is 4 KiB and stays in the first-level cache; magic bitboards need
//! ~840 KiB of tables, and in a validation run (parser, games and reports also in the
//! caches) most of their lookups missed the caches.

use crate::{Bitboard, Color, Piece, Role, Square};

const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
#[cfg(test)]
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
#[cfg(test)]
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square `df` files right and `dr` ranks up from index `sq`, if on the board.
const fn step(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let file = (sq & 7) as i8 + df;
    let rank = (7 - (sq >> 3)) as i8 + dr;
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        Some((7 - rank as usize) * 8 + file as usize)
    } else {
        None
    }
}

const fn step_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = step(sq, deltas[i].0, deltas[i].1) {
                table[sq] |= 1 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_table(&KNIGHT_DELTAS);
static KING: [u64; 64] = step_table(&KING_DELTAS);
static PAWN: [[u64; 64]; 2] = [
    step_table(&[(-1, 1), (1, 1)]),
    step_table(&[(-1, -1), (1, -1)]),
];

/// The squares a knight on `sq` attacks.
#[inline]
#[must_use]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index() as usize & 63])
}

/// The squares a king on `sq` attacks.
#[inline]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index() as usize & 63])
}

/// The squares a pawn of `color` on `sq` attacks (diagonally forward).
///
/// Read backwards it also answers "where could a pawn that attacks `sq` stand":
/// `pawn_attacks(color.other(), sq)` holds the squares of `color`'s pawns that attack `sq`.
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index() & 1][sq.index() as usize & 63])
}

/// Slides from `sq` in each direction until the edge or the first occupied square
/// (included): the slow reference the ray computation is tested against.
#[cfg(test)]
fn slide(sq: usize, dirs: &[(i8, i8); 4], occupied: u64) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = step(cur, df, dr) {
            attacks |= 1 << next;
            if occupied & (1 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// The eight slider directions as (file, rank) steps: the first four go towards higher
/// square indices (east, south, south-east, south-west), the last four towards lower ones,
/// each opposite the one four places before it.
const RAY_DIRS: [(i8, i8); 8] = [
    (1, 0),
    (0, -1),
    (1, -1),
    (-1, -1),
    (-1, 0),
    (0, 1),
    (-1, 1),
    (1, 1),
];

const EAST: usize = 0;
const SOUTH: usize = 1;
const SOUTH_EAST: usize = 2;
const SOUTH_WEST: usize = 3;
const WEST: usize = 4;
const NORTH: usize = 5;
const NORTH_WEST: usize = 6;
const NORTH_EAST: usize = 7;

/// `RAYS[d][sq]`: the squares from `sq` (excluded) to the edge in direction `d`.
///
/// 4 KiB, so it stays in the first-level cache: slider attacks are computed from it
/// (the classical approach) rather than looked up in large magic tables, which miss the
/// caches on every other query in a validation run.
static RAYS: [[u64; 64]; 8] = {
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut cur = sq;
            while let Some(next) = step(cur, RAY_DIRS[d].0, RAY_DIRS[d].1) {
                rays[d][sq] |= 1 << next;
                cur = next;
            }
            sq += 1;
        }
        d += 1;
    }
    rays
};

/// The attacks along ray `d` (towards higher indices) from `sq`, stopping at the first
/// occupied square. The ray from h1 (63) in these directions is empty, so it serves as
/// the sentinel when nothing blocks.
#[inline(always)]
fn ray_up(d: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[d & 7][sq & 63];
    let blocker = ((ray & occupied) | (1 << 63)).trailing_zeros() as usize;
    ray ^ RAYS[d & 7][blocker & 63]
}

/// Like [`ray_up`] towards lower indices; the ray from a8 (0) is the sentinel.
#[inline(always)]
fn ray_down(d: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[d & 7][sq & 63];
    let blocker = 63 - ((ray & occupied) | 1).leading_zeros() as usize;
    ray ^ RAYS[d & 7][blocker & 63]
}

/// `BETWEEN[a][b]`: the squares strictly between two aligned squares; `LINE[a][b]`: the
/// whole line through them.
static BETWEEN: [[u64; 64]; 64] = lines(false);
static LINE: [[u64; 64]; 64] = lines(true);
static ALIGNMENT: [[u8; 64]; 64] = alignments();

const fn alignments() -> [[u8; 64]; 64] {
    let mut table = [[0u8; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = RAY_DIRS[d];
            let kind = if df == 0 || dr == 0 {
                STRAIGHT
            } else {
                DIAGONAL
            };
            let mut cur = a;
            while let Some(next) = step(cur, df, dr) {
                table[a][next] = kind;
                cur = next;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

const fn lines(whole: bool) -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = RAY_DIRS[d];
            let opposite = (d + 4) % 8;
            let full = RAYS[d][a] | RAYS[opposite][a] | (1 << a);
            let mut cur = a;
            let mut passed = 0u64;
            while let Some(next) = step(cur, df, dr) {
                table[a][next] = if whole { full } else { passed };
                passed |= 1 << next;
                cur = next;
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// `PSEUDO[0][sq]`: the squares a rook on `sq` reaches on an empty board;
/// `PSEUDO[1][sq]`: a bishop's.
static PSEUDO: [[u64; 64]; 2] = {
    let mut t = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let kind = if RAY_DIRS[d].0 == 0 || RAY_DIRS[d].1 == 0 {
                0
            } else {
                1
            };
            t[kind][sq] |= RAYS[d][sq];
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The squares a rook on `sq` reaches on an empty board: where a rook or queen
/// must stand to attack `sq` at all, a cheap test before [`rook_attacks`].
///
/// ```
/// use scoresheet_board::{attacks, Square};
/// let a1: Square = "a1".parse().unwrap();
/// assert_eq!(attacks::rook_rays(a1).count(), 14);
/// ```
#[inline(always)]
#[must_use]
pub fn rook_rays(sq: Square) -> Bitboard {
    Bitboard(PSEUDO[0][sq.index() as usize & 63])
}

/// The squares a bishop on `sq` reaches on an empty board (see [`rook_rays`]).
///
/// ```
/// use scoresheet_board::{attacks, Square};
/// let d4: Square = "d4".parse().unwrap();
/// assert_eq!(attacks::bishop_rays(d4).count(), 13);
/// ```
#[inline(always)]
#[must_use]
pub fn bishop_rays(sq: Square) -> Bitboard {
    Bitboard(PSEUDO[1][sq.index() as usize & 63])
}

/// The squares a rook on `sq` attacks when `occupied` holds the pieces on the board.
///
/// ```
/// use scoresheet_board::{attacks, Bitboard, Square};
/// let a1: Square = "a1".parse().unwrap();
/// let a4: Square = "a4".parse().unwrap();
/// let seen = attacks::rook_attacks(a1, Bitboard::from_square(a4));
/// assert_eq!(seen.count(), 7 + 3);
/// ```
#[inline]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (sq, occ) = (sq.index() as usize, occupied.0);
    Bitboard(
        ray_up(EAST, sq, occ)
            | ray_up(SOUTH, sq, occ)
            | ray_down(WEST, sq, occ)
            | ray_down(NORTH, sq, occ),
    )
}

/// The squares a bishop on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let (sq, occ) = (sq.index() as usize, occupied.0);
    Bitboard(
        ray_up(SOUTH_EAST, sq, occ)
            | ray_up(SOUTH_WEST, sq, occ)
            | ray_down(NORTH_EAST, sq, occ)
            | ray_down(NORTH_WEST, sq, occ),
    )
}

/// The squares a queen on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
#[must_use]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// The squares `piece` on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
#[must_use]
pub fn attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else none.
///
/// ```
/// use scoresheet_board::{attacks, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let between = attacks::between(sq("a1"), sq("d4"));
/// assert_eq!(between.map(|s| s.to_string()).collect::<Vec<_>>(), ["c3", "b2"]);
/// assert!(attacks::between(sq("a1"), sq("b3")).is_empty());
/// ```
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index() as usize & 63][b.index() as usize & 63])
}

/// [`alignment`]: `a` and `b` share a rank or a file.
pub const STRAIGHT: u8 = 1;
/// [`alignment`]: `a` and `b` share a diagonal.
pub const DIAGONAL: u8 = 2;

/// How `a` and `b` are aligned, from one small table: [`STRAIGHT`], [`DIAGONAL`],
/// or 0 when they are not (or are the same square). The lines a slider moves
/// along are `STRAIGHT` for a rook, `DIAGONAL` for a bishop, both for a queen,
/// so `alignment(a, b) & lines` tells whether it could go from one to the other.
///
/// ```
/// use scoresheet_board::{attacks, Square};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// assert_eq!(attacks::alignment(sq("a1"), sq("a8")), attacks::STRAIGHT);
/// assert_eq!(attacks::alignment(sq("a1"), sq("h8")), attacks::DIAGONAL);
/// assert_eq!(attacks::alignment(sq("a1"), sq("b3")), 0);
/// ```
#[inline(always)]
#[must_use]
pub fn alignment(a: Square, b: Square) -> u8 {
    ALIGNMENT[a.index() as usize & 63][b.index() as usize & 63]
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`, or none
/// if they are not aligned or are the same square.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index() as usize & 63][b.index() as usize & 63])
}

/// Kept for compatibility: every table is now built at compile time, so this does nothing.
pub fn init() {}

#[cfg(test)]
mod tests;
