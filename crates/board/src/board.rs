//! Piece placement: which piece stands on which square.

use crate::{Bitboard, Color, Piece, Role, Square};

/// The placement of the pieces, as bitboards by colour and by role.
///
/// ```
/// use scoresheet_board::{Board, Color, Role, Square};
/// let board = Board::start();
/// let e1: Square = "e1".parse().unwrap();
/// assert_eq!(board.piece_at(e1), Some(Role::King.of(Color::White)));
/// assert_eq!(board.occupied().count(), 32);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub(crate) colors: [Bitboard; 2],
    pub(crate) roles: [Bitboard; 6],
}

impl Board {
    /// An empty board.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            colors: [Bitboard::EMPTY; 2],
            roles: [Bitboard::EMPTY; 6],
        }
    }

    /// The standard starting placement.
    #[must_use]
    pub const fn start() -> Board {
        Board {
            colors: [Bitboard(0xFFFF_0000_0000_0000), Bitboard(0xFFFF)],
            roles: [
                Bitboard(0x00FF_0000_0000_FF00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
        }
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.colors[0].0 | self.colors[1].0)
    }

    /// The squares of `color`'s pieces.
    #[inline]
    #[must_use]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline]
    #[must_use]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role as usize]
    }

    /// The squares of `piece`.
    #[inline]
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        Bitboard(self.colors[piece.color as usize].0 & self.roles[piece.role as usize].0)
    }

    /// Rooks and queens of both colours.
    #[inline]
    #[must_use]
    pub const fn rooks_and_queens(&self) -> Bitboard {
        Bitboard(self.roles[Role::Rook as usize].0 | self.roles[Role::Queen as usize].0)
    }

    /// Bishops and queens of both colours.
    #[inline]
    #[must_use]
    pub const fn bishops_and_queens(&self) -> Bitboard {
        Bitboard(self.roles[Role::Bishop as usize].0 | self.roles[Role::Queen as usize].0)
    }

    /// The square of `color`'s king (the first one if, in a broken setup, there are several).
    #[inline]
    #[must_use]
    pub const fn king_of(&self, color: Color) -> Option<Square> {
        Bitboard(self.colors[color as usize].0 & self.roles[Role::King as usize].0).first()
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub const fn color_at(&self, sq: Square) -> Option<Color> {
        if self.colors[0].contains(sq) {
            Some(Color::White)
        } else if self.colors[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`, if any.
    #[inline(always)]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        // Without a branch per role (which role stands there is unpredictable): the
        // square is in exactly one role's set, so the sum below is that role's index.
        let i = sq.index() & 63;
        let n: u64 = (1..6)
            .map(|r| ((self.roles[r].0 >> i) & 1) * r as u64)
            .sum();
        Role::ALL.get(n as usize).copied()
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece { color, role })
    }

    /// Empties `sq`, returning what stood there.
    #[inline]
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.discard_piece_at(sq);
        Some(piece)
    }

    /// Empties `sq` without asking what stood there.
    #[inline]
    pub fn discard_piece_at(&mut self, sq: Square) {
        let mask = !Bitboard::from_square(sq);
        self.colors[0] &= mask;
        self.colors[1] &= mask;
        for bb in &mut self.roles {
            *bb &= mask;
        }
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    #[inline]
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.discard_piece_at(sq);
        let bit = Bitboard::from_square(sq);
        self.colors[piece.color as usize] |= bit;
        self.roles[piece.role as usize] |= bit;
    }

    /// Puts `piece` on the empty square `sq` (cheaper than [`Board::set_piece_at`]).
    #[inline]
    pub(crate) fn put_on_empty(&mut self, sq: Square, piece: Piece) {
        let bit = Bitboard::from_square(sq);
        self.colors[piece.color as usize] |= bit;
        self.roles[piece.role as usize] |= bit;
    }

    /// Removes `piece`, known to stand on `sq`.
    #[inline]
    pub(crate) fn take_known(&mut self, sq: Square, piece: Piece) {
        let bit = !Bitboard::from_square(sq);
        self.colors[piece.color as usize] &= bit;
        self.roles[piece.role as usize] &= bit;
    }

    /// Every piece with its square, a8 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(|sq| self.piece_at(sq).map(|piece| (sq, piece)))
    }

    /// The FEN piece-placement field: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`.
    #[must_use]
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(72);
        self.write_board_fen(&mut s);
        s
    }

    /// Appends the placement field of the FEN ([`Board::board_fen`]) to `s`.
    pub fn write_board_fen(&self, s: &mut String) {
        self.write_board_fen_into(s);
    }

    /// [`Board::write_board_fen`], into a string or bytes.
    pub(crate) fn write_board_fen_into(&self, s: &mut impl crate::setup::FenText) {
        // Square by occupied square (a8 first, the FEN's order), into bytes
        // on the stack appended at once: every report of a clean game writes
        // a FEN, and a square at a time, pushed char by char, was most of it.
        const LETTERS: [u8; 12] = *b"PNBRQKpnbrqk";
        // Each occupied square's letter, set piece by piece from the roles'
        // sets: finding each square's role among the six sets cost twice
        // as much.
        let black = self.colors[1].0;
        let mut letters = [0u8; 64];
        for (role, set) in self.roles.iter().enumerate() {
            let mut pieces = set.0;
            while pieces != 0 {
                let i = pieces.trailing_zeros();
                let color = ((black >> i) & 1) as usize;
                letters[i as usize % 64] = LETTERS[(color * 6 + role) % 12];
                pieces &= pieces - 1;
            }
        }
        // At most a byte a square and seven slashes.
        let mut field = [0u8; 71];
        let mut len = 0;
        let mut put = |b: u8| {
            if let Some(slot) = field.get_mut(len) {
                *slot = b;
                len += 1;
            }
        };
        let occupied = self.occupied().0;
        for row in 0..8u32 {
            let mut pieces = (occupied >> (row * 8)) & 0xff;
            let mut col = 0;
            while pieces != 0 {
                let c = pieces.trailing_zeros();
                if c > col {
                    put(b'0' + (c - col) as u8);
                }
                put(letters[(row * 8 + c) as usize % 64]);
                col = c + 1;
                pieces &= pieces - 1;
            }
            if col < 8 {
                put(b'0' + (8 - col) as u8);
            }
            if row < 7 {
                put(b'/');
            }
        }
        s.push_ascii(field.get(..len).unwrap_or_default());
    }
}
