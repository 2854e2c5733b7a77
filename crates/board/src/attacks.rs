//! Attack sets of every piece, and the lines between squares.
//!
//! Knight, king and pawn attacks are tables computed at compile time. Rook and
//! bishop attacks use magic bitboards: the magic multipliers were found by the search
//! below with a fixed-seed generator and are kept as constants; the tables are filled at
//! first use (checking every magic, with the search as a fallback), and then one
//! multiply, one shift and one load answer each query.

use std::sync::LazyLock;

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
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
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

/// Slides from `sq` in each direction until the edge or the first occupied square (included).
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

/// The occupancy bits that matter for a slider on `sq`: its rays without the board edge.
fn relevant_mask(sq: usize, dirs: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = step(cur, df, dr) {
            // Only squares with a further square beyond them can block anything.
            if step(next, df, dr).is_none() {
                break;
            }
            mask |= 1 << next;
            cur = next;
        }
    }
    mask
}

/// Magic multipliers found by [`find_magics`] with the fixed seed (`ROOK` slider).
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002C03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000A001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021D00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000A0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000A00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040A00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xC100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000A0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040A00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04C1002414824001,
    0x020020000B001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084C0007,
    0x0888221800813004,
    0x4000002840840112,
];

/// Magic multipliers found by [`find_magics`] with the fixed seed (`BISHOP` slider).
const BISHOP_MAGICS: [u64; 64] = [
    0xA010041108003100,
    0x006082020A002900,
    0x6810010619200000,
    0x08281A0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040A0210245280,
    0x000200210808A402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202C0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208B0542109008A2,
    0x0080084A08040204,
    0x0040E2A80811244C,
    0x2505022008008108,
    0x0430220100420040,
    0x010A040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000A62048043004,
    0x280120048A015004,
    0x006090002A020814,
    0x44042000240800D0,
    0x01102800040A4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500C05021,
    0x0088611002080200,
    0x0116080A00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002E00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221C0400,
    0x0422014022009020,
    0x0210046102100C00,
    0xC004008082029102,
    0x00AA461801101200,
    0x0404080080201108,
    0x020542108C205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400C0,
    0x0200100410A42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800C262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012A02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Box<[u64]>,
    between: Box<[[u64; 64]; 64]>,
    line: Box<[[u64; 64]; 64]>,
}

/// A small fixed-seed generator (xorshift64*) so the magic search is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Candidates with few bits set make good magics much more often.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8); 4], table: &mut Vec<u64>, rng: &mut Rng) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let mut occupancies = Vec::with_capacity(4096);
    let mut attacks = Vec::with_capacity(4096);
    let mut epoch = vec![0u32; 4096];
    let mut used = vec![0u64; 4096];
    let mut attempt = 0u32;
    for (sq, slot) in magics.iter_mut().enumerate() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        occupancies.clear();
        attacks.clear();
        // Carry-Rippler: enumerate every subset of the mask.
        let mut subset = 0u64;
        loop {
            occupancies.push(subset);
            attacks.push(slide(sq, dirs, subset));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let magic = loop {
            let candidate = rng.sparse();
            // Quick reject: the high byte of mask * magic must be dense enough.
            if (mask.wrapping_mul(candidate) & 0xFF00_0000_0000_0000).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let mut ok = true;
            for (occ, att) in occupancies.iter().zip(&attacks) {
                let index = (occ.wrapping_mul(candidate) >> shift) as usize;
                if epoch[index] != attempt {
                    epoch[index] = attempt;
                    used[index] = *att;
                } else if used[index] != *att {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for (occ, att) in occupancies.iter().zip(&attacks) {
            let index = (occ.wrapping_mul(magic) >> shift) as usize;
            table[offset + index] = *att;
        }
        *slot = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    magics
}

/// Builds the tables of one slider from known magics; `None` if a magic collides (so the
/// caller can fall back to searching).
fn known_magics(
    dirs: &[(i8, i8); 4],
    known: &[u64; 64],
    table: &mut Vec<u64>,
) -> Option<[Magic; 64]> {
    let mut magics = [Magic::default(); 64];
    for (sq, slot) in magics.iter_mut().enumerate() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        let magic = known[sq];
        let offset = table.len();
        table.resize(offset + (1usize << bits), u64::MAX);
        let mut subset = 0u64;
        loop {
            let attack = slide(sq, dirs, subset);
            let index = offset + (subset.wrapping_mul(magic) >> shift) as usize;
            let entry = table.get_mut(index)?;
            if *entry != u64::MAX && *entry != attack {
                return None;
            }
            *entry = attack;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        *slot = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    Some(magics)
}

fn build_sliders() -> Sliders {
    let mut table = Vec::with_capacity(102_400 + 5_248);
    let (rook, bishop) = match (
        known_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut table),
        known_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut table),
    ) {
        (Some(rook), Some(bishop)) => (rook, bishop),
        _ => {
            table.clear();
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
            let rook = find_magics(&ROOK_DIRS, &mut table, &mut rng);
            let bishop = find_magics(&BISHOP_DIRS, &mut table, &mut rng);
            (rook, bishop)
        }
    };
    let mut between = Box::new([[0u64; 64]; 64]);
    let mut line = Box::new([[0u64; 64]; 64]);
    for a in 0..64 {
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            for &(df, dr) in dirs {
                let ray = slide(a, &[(df, dr); 4], 0);
                let opposite = slide(a, &[(-df, -dr); 4], 0);
                let mut cur = a;
                let mut passed = 0u64;
                while let Some(next) = step(cur, df, dr) {
                    between[a][next] = passed;
                    line[a][next] = ray | opposite | (1 << a);
                    passed |= 1 << next;
                    cur = next;
                }
            }
        }
    }
    Sliders {
        rook,
        bishop,
        table: table.into_boxed_slice(),
        between,
        line,
    }
}

static SLIDERS: LazyLock<Sliders> = LazyLock::new(build_sliders);

impl Sliders {
    #[inline]
    fn lookup(&self, m: &Magic, occupied: u64) -> u64 {
        let index = ((occupied & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
        // The index is below 2^bits and the table holds 2^bits entries from the offset.
        self.table.get(m.offset + index).copied().unwrap_or(0)
    }
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
    let s = &*SLIDERS;
    Bitboard(s.lookup(&s.rook[sq.index() as usize & 63], occupied.0))
}

/// The squares a bishop on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let s = &*SLIDERS;
    Bitboard(s.lookup(&s.bishop[sq.index() as usize & 63], occupied.0))
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
    Bitboard(SLIDERS.between[a.index() as usize & 63][b.index() as usize & 63])
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`, or none
/// if they are not aligned or are the same square.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(SLIDERS.line[a.index() as usize & 63][b.index() as usize & 63])
}

/// Forces the slider tables to be built now rather than at first use.
pub fn init() {
    LazyLock::force(&SLIDERS);
}

#[cfg(test)]
mod tests;
