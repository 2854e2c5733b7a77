//! Which rook, knight or bishop is which: the start wing of every piece, followed through
//! the game (docs/DESCRIPTIVE.md §3.3).

use scoresheet_notation::desc::Wing;

use crate::{Color, File, Move, MoveType, Position, Role, Square};

/// The starting wing of every rook, knight and bishop still on the board.
///
/// `K. Kt.` in a 19th-century book is the knight that started on g1 (or g8), wherever it
/// stands now. Castling moves the rook's identity with the rook; a capture ends the
/// captured piece's identity; a promoted piece has none.
///
/// ```
/// use scoresheet_board::desc::Origins;
/// use scoresheet_board::{Position, Square};
/// use scoresheet_notation::desc::Wing;
/// let pos = Position::new();
/// let mut origins = Origins::from_position(&pos);
/// assert_eq!(origins.wing_at("g1".parse().unwrap()), Some(Wing::King));
/// let nf3 = *pos.legal_moves().iter().find(|m| m.to_uci() == "g1f3").unwrap();
/// origins.play(&nf3);
/// assert_eq!(origins.wing_at("f3".parse().unwrap()), Some(Wing::King));
/// assert_eq!(origins.wing_at("g1".parse().unwrap()), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origins {
    /// Indexed by square (FEN order); only squares holding a tagged R, N or B are `Some`.
    wings: [Option<Wing>; 64],
    /// Indexed the same way: the file a pawn started on (`K. B.'s P.` after it has taken
    /// onto another file), for pawns that stood on their home square.
    pawns: [Option<File>; 64],
}

/// The files of the six tagged pieces of each side and their wings, in start-position order.
const HOME: [(File, Role, Wing); 6] = [
    (File::A, Role::Rook, Wing::Queen),
    (File::B, Role::Knight, Wing::Queen),
    (File::C, Role::Bishop, Wing::Queen),
    (File::F, Role::Bishop, Wing::King),
    (File::G, Role::Knight, Wing::King),
    (File::H, Role::Rook, Wing::King),
];

impl Origins {
    /// No piece has an origin.
    #[must_use]
    pub fn none() -> Origins {
        Origins {
            wings: [None; 64],
            pawns: [None; 64],
        }
    }

    /// Tags each rook, knight and bishop that stands on its original square in `pos`
    /// (for the start position: all of them). Pieces elsewhere get no origin.
    #[must_use]
    pub fn from_position(pos: &Position) -> Origins {
        let mut origins = Origins::none();
        for color in [Color::White, Color::Black] {
            let rank = color.back_rank();
            for (file, role, wing) in HOME {
                let sq = Square::from_coords(file, rank);
                if pos.piece_at(sq) == Some(role.of(color)) {
                    origins.wings[usize::from(sq.index())] = Some(wing);
                }
            }
            let pawn_rank = match color {
                Color::White => crate::Rank::Second,
                Color::Black => crate::Rank::Seventh,
            };
            for file in File::ALL {
                let sq = Square::from_coords(file, pawn_rank);
                if pos.piece_at(sq) == Some(Role::Pawn.of(color)) {
                    origins.pawns[usize::from(sq.index())] = Some(file);
                }
            }
        }
        origins
    }

    /// The file the pawn on `sq` started on, if it is known (a pawn that stood on its
    /// home square in the start position).
    #[must_use]
    pub fn pawn_file_at(&self, sq: Square) -> Option<File> {
        self.pawns[usize::from(sq.index())]
    }

    /// The start wing of the piece on `sq`, if it has one.
    #[must_use]
    pub fn wing_at(&self, sq: Square) -> Option<Wing> {
        self.wings[usize::from(sq.index())]
    }

    /// Follows `m` (a legal move of the position it is played in).
    pub fn play(&mut self, m: &Move) {
        let idx = |sq: Square| usize::from(sq.index());
        match m.kind {
            MoveType::Null => {}
            MoveType::Normal | MoveType::EnPassant => {
                let moving = self.wings[idx(m.from)].take();
                // A capture ends the victim's identity; a promoted piece starts with none.
                self.wings[idx(m.to)] = if m.promotion.is_some() { None } else { moving };
                let pawn = self.pawns[idx(m.from)].take();
                if m.kind == MoveType::EnPassant {
                    let taken = Square::from_coords(m.to.file(), m.from.rank());
                    self.pawns[idx(taken)] = None;
                }
                self.pawns[idx(m.to)] = if m.promotion.is_some() { None } else { pawn };
            }
            MoveType::Castle { rook } => {
                let tag = self.wings[idx(rook)].take();
                self.wings[idx(m.from)] = None;
                if let Some((_, rook_to)) = m.castle_rook_squares() {
                    self.wings[idx(m.to)] = None;
                    self.wings[idx(rook_to)] = tag;
                }
            }
        }
    }
}

impl Default for Origins {
    /// The origins of the standard start position.
    fn default() -> Origins {
        Origins::from_position(&Position::new())
    }
}
