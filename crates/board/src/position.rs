//! The validated game state and everything that follows from the rules: legal moves,
//! playing moves, check, mate, stalemate, dead positions, hashing and FEN output.

use core::fmt;

use crate::attacks::{
    DIAGONAL, STRAIGHT, alignment, between, bishop_attacks, bishop_rays, king_attacks,
    knight_attacks, line, pawn_attacks, rook_attacks, rook_rays,
};
use crate::setup::{CastlingNotation, FenError, FenNote, PositionError, Setup};
use crate::zobrist::KEYS;
use crate::{
    Bitboard, Board, CastleSide, Color, File, GameResult, Move, MoveList, MoveType, Piece, Rank,
    Role, Square,
};

/// How [`Position::to_fen`] writes the en passant field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EpStyle {
    /// After every double pawn push, whether or not a capture is possible: the FEN
    /// description's convention, and the default.
    #[default]
    Always,
    /// Only when an en passant capture is legal (the convention of some other tools).
    Legal,
}

/// How a game ended by the rules alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` gave the mate.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever mate (K v K, K+minor v K, bishops all on one colour).
    InsufficientMaterial,
    /// The same position occurred five times (needs the game's history).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move (needs the game's history).
    SeventyFiveMoves,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The PGN result this outcome gives.
    #[must_use]
    pub const fn result(self) -> GameResult {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => GameResult::WhiteWins,
            Outcome::Checkmate {
                winner: Color::Black,
            } => GameResult::BlackWins,
            _ => GameResult::Draw,
        }
    }
}

/// A move that [`Position::play`] refused because it is not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {uci} in {fen}")]
pub struct IllegalMove {
    /// The refused move.
    pub mv: Move,
    /// The move in UCI notation.
    pub uci: String,
    /// The position it was tried in.
    pub fen: String,
}

/// Why a castling move cannot be played (used to explain a refused castling).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastleObstacle {
    /// This square between king, rook and their destinations is occupied.
    Blocked(Square),
    /// The king is in check.
    InCheck,
    /// The king would pass through or land on an attacked square.
    Attacked {
        /// The attacked square nearest the king.
        square: Square,
        /// A piece of the other side attacking it (with king and rook already moved).
        attacker: Square,
    },
}

/// A legal chess position: the six FEN fields, checked for consistency.
///
/// ```
/// use scoresheet_board::{EpStyle, Position};
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// let e4 = pos.legal_moves().iter().find(|m| m.to_uci() == "e2e4").copied().unwrap();
/// pos.play(&e4).unwrap();
/// assert_eq!(pos.to_fen(EpStyle::Always), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// assert_eq!(pos.to_fen(EpStyle::Legal), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
///
/// Equality and hashing cover the six fields, not how the castling field was spelled.
#[derive(Clone)]
pub struct Position {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep_square: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    castling_notation: CastlingNotation,
    /// Zobrist keys of the pieces, kept up to date move by move.
    placement_hash: u64,
    /// The pieces giving check to the side to move, computed once when the position
    /// is made (incrementally in [`Position::play_unchecked`]) and then only read.
    checkers: Bitboard,
}

/// The lines each role slides along, by role index (see [`alignment`]; eight
/// entries so the index needs no division).
const SLIDES: [u8; 8] = [0, 0, DIAGONAL, STRAIGHT, STRAIGHT | DIAGONAL, 0, 0, 0];

#[inline]
fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[(piece.color.index() * 8 + piece.role.index()) & 15][sq.index() as usize & 63]
}

/// The Zobrist keys of every piece on `board`, from scratch.
fn placement_hash(board: &Board) -> u64 {
    let mut h = 0u64;
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in board.by_piece(role.of(color)) {
                h ^= piece_key(role.of(color), sq);
            }
        }
    }
    h
}

/// Every square if `yes`, none if not: a selection without a branch.
#[inline(always)]
fn all_if(yes: bool) -> Bitboard {
    Bitboard(u64::from(yes).wrapping_neg())
}

/// What legality checks need: the king and its checkers (read from the position).
#[derive(Clone, Copy)]
pub(crate) struct Safety {
    pub(crate) king: Square,
    pub(crate) checkers: Bitboard,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove_number == other.fullmove_number
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.turn.hash(state);
        self.castling.hash(state);
        self.ep_square.hash(state);
        self.halfmove_clock.hash(state);
        self.fullmove_number.hash(state);
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The standard starting position.
    #[must_use]
    pub fn new() -> Position {
        Position {
            board: Board::start(),
            turn: Color::White,
            castling: Bitboard(0x8100_0000_0000_0081),
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            castling_notation: CastlingNotation::Standard,
            placement_hash: crate::zobrist::START_PLACEMENT_HASH,
            checkers: Bitboard::EMPTY,
        }
    }

    /// Reads a FEN (or a four-field EPD) and validates it.
    ///
    /// # Errors
    /// A [`FenError`] naming the field, the offending text and its character offset.
    ///
    /// ```
    /// use scoresheet_board::Position;
    /// let err = Position::from_fen("8/8/8/8/8/4p4/8/8 w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), r#"fen: piece placement: rank 3 "4p4" adds up to 9 squares, at character 10"#);
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with_notes(fen).map(|(pos, _)| pos)
    }

    /// Like [`Position::from_fen`], also returning notes on what was read leniently
    /// (a four-field EPD, a full-move number of 0).
    ///
    /// # Errors
    /// A [`FenError`] naming the field, the offending text and its character offset.
    pub fn from_fen_with_notes(fen: &str) -> Result<(Position, Vec<FenNote>), FenError> {
        let (setup, notes, layout) = crate::setup::parse_fen(fen)?;
        let pos = Position::from_setup(setup).map_err(|e| layout.locate(fen, e))?;
        Ok((pos, notes))
    }

    /// Validates a setup.
    ///
    /// # Errors
    /// The first inconsistency found: kings missing or doubled, pawns on the back ranks,
    /// castling rights without their king and rook, an impossible en passant square, or the
    /// side not to move in check.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        crate::setup::validate(&setup)?;
        let mut pos = Position {
            board: setup.board,
            turn: setup.turn,
            castling: setup.castling_rights,
            ep_square: setup.ep_square,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number.max(1),
            castling_notation: setup.castling_notation,
            placement_hash: placement_hash(&setup.board),
            checkers: Bitboard::EMPTY,
        };
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    /// The six fields, unvalidated again.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling_rights: self.castling,
            ep_square: self.ep_square,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            castling_notation: self.castling_notation,
        }
    }

    /// The piece placement.
    #[inline]
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The squares of `color`'s pieces.
    #[inline]
    #[must_use]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.board.by_color(color)
    }

    /// The squares of `piece`.
    #[inline]
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> Bitboard {
        self.board.by_piece(piece)
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub const fn occupied(&self) -> Bitboard {
        self.board.occupied()
    }

    /// The castling rights, as the set of the rooks' squares that may still castle.
    #[inline]
    #[must_use]
    pub const fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// How the castling field was written (and will be written back).
    #[inline]
    #[must_use]
    pub const fn castling_notation(&self) -> CastlingNotation {
        self.castling_notation
    }

    /// The en passant square as FEN's description records it: after every double
    /// pawn push, capturable or not. See [`Position::legal_ep_square`].
    #[inline]
    #[must_use]
    pub const fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// The half-move clock: plies since the last capture or pawn move.
    #[inline]
    #[must_use]
    pub const fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The full-move number: starts at 1, grows after each Black move.
    #[inline]
    #[must_use]
    pub const fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The square of the side to move's king.
    #[inline]
    #[must_use]
    pub const fn our_king(&self) -> Option<Square> {
        self.board.king_of(self.turn)
    }

    /// The pieces of `attacker` that attack `sq`, with `occupied` as the board's occupancy.
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        ((knight_attacks(sq) & b.by_role(Role::Knight))
            | (king_attacks(sq) & b.by_role(Role::King))
            | (pawn_attacks(attacker.other(), sq) & b.by_role(Role::Pawn))
            | (rook_attacks(sq, occupied) & b.rooks_and_queens())
            | (bishop_attacks(sq, occupied) & b.bishops_and_queens()))
            & b.by_color(attacker)
    }

    /// Whether `attacker` attacks `sq` with `occupied` as the board's occupancy:
    /// [`Position::attackers_to`] as a yes or no, the steppers first and each kind
    /// of slider only when one of them stands on a line through `sq` (a king's step
    /// or a castling king's path is usually answered without a slider's attacks).
    #[inline]
    pub(crate) fn is_attacked_with(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        let b = &self.board;
        let theirs = b.by_color(attacker);
        let steppers = (knight_attacks(sq) & b.by_role(Role::Knight))
            | (king_attacks(sq) & b.by_role(Role::King))
            | (pawn_attacks(attacker.other(), sq) & b.by_role(Role::Pawn));
        if (steppers & theirs).any() {
            return true;
        }
        let straight = b.rooks_and_queens() & theirs;
        if (rook_rays(sq) & straight).any() && (rook_attacks(sq, occupied) & straight).any() {
            return true;
        }
        let diagonal = b.bishops_and_queens() & theirs;
        (bishop_rays(sq) & diagonal).any() && (bishop_attacks(sq, occupied) & diagonal).any()
    }

    /// Whether `attacker` attacks `sq` in this position.
    #[must_use]
    pub fn is_attacked(&self, sq: Square, attacker: Color) -> bool {
        self.attackers_to(sq, attacker, self.occupied()).any()
    }

    /// The pieces giving check to the side to move.
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// The checkers from scratch, for a new position (and to test the cached ones).
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let Some(king) = self.our_king() else {
            return Bitboard::EMPTY;
        };
        let b = &self.board;
        let theirs = b.by_color(self.turn.other());
        let occ = b.occupied();
        let mut checkers = ((knight_attacks(king) & b.by_role(Role::Knight))
            | (pawn_attacks(self.turn, king) & b.by_role(Role::Pawn)))
            & theirs;
        // Each kind of slider's attacks only when one stands on a line through the king.
        let straight = b.rooks_and_queens() & theirs;
        if (rook_rays(king) & straight).any() {
            checkers |= rook_attacks(king, occ) & straight;
        }
        let diagonal = b.bishops_and_queens() & theirs;
        if (bishop_rays(king) & diagonal).any() {
            checkers |= bishop_attacks(king, occ) & diagonal;
        }
        checkers
    }

    /// The checkers after the normal move `m` was played (the turn has passed): only
    /// the moved piece and the sliders it uncovered can give check.
    #[inline(always)]
    fn normal_checkers(&self, m: &Move) -> Bitboard {
        let Some(king) = self.our_king() else {
            return Bitboard::EMPTY;
        };
        let mover = self.turn.other();
        let b = &self.board;
        let role = m.promotion.unwrap_or(m.role);
        let to = Bitboard::from_square(m.to);
        // A pawn or knight checks from `to` if it attacks the king from there (both
        // looked up: which piece moved is too unpredictable to branch on).
        let mut checkers = ((pawn_attacks(self.turn, king) & all_if(role == Role::Pawn))
            | (knight_attacks(king) & all_if(role == Role::Knight)))
            & to;
        let occ = b.occupied();
        // A slider checks from `to` along a clear line of its kind.
        let direct = alignment(king, m.to) & SLIDES[role.index() & 7] != 0;
        if direct && (between(king, m.to) & occ).is_empty() {
            checkers |= to;
        }
        // Sliders behind the vacated square, now with a clear line (none checked
        // before); as in the pin test, no branch on the alignment itself.
        let behind = alignment(king, m.from);
        let kind = (b.rooks_and_queens() & all_if(behind == STRAIGHT))
            | (b.bishops_and_queens() & all_if(behind == DIAGONAL));
        let uncovered = kind & line(king, m.from) & b.by_color(mover);
        for slider in uncovered {
            if (between(king, slider) & occ).is_empty() {
                checkers |= Bitboard::from_square(slider);
            }
        }
        checkers
    }

    /// Whether the side to move is in check.
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The enemy slider that pins the piece on `sq` to the side to move's king, if any.
    #[must_use]
    pub fn pinner_of(&self, sq: Square) -> Option<Square> {
        let king = self.our_king()?;
        let occ = self.occupied();
        let theirs = self.by_color(self.turn.other());
        let snipers = ((rook_attacks(king, Bitboard::EMPTY) & self.board.rooks_and_queens())
            | (bishop_attacks(king, Bitboard::EMPTY) & self.board.bishops_and_queens()))
            & theirs;
        snipers.into_iter().find(|&s| {
            let blockers = between(king, s) & occ;
            blockers.single() == Some(sq) && line(king, s).contains(sq)
        })
    }

    /// Our pieces that stand alone between our king and an enemy slider.
    #[inline]
    fn pinned(&self, king: Square, occ: Bitboard) -> Bitboard {
        let ours = self.by_color(self.turn);
        let theirs = self.by_color(self.turn.other());
        let snipers = ((rook_attacks(king, Bitboard::EMPTY) & self.board.rooks_and_queens())
            | (bishop_attacks(king, Bitboard::EMPTY) & self.board.bishops_and_queens()))
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = between(king, s) & occ;
            if !blockers.more_than_one() {
                pinned |= blockers & ours;
            }
        }
        pinned
    }

    pub(crate) fn safety(&self) -> Option<Safety> {
        Some(Safety {
            king: self.our_king()?,
            checkers: self.checkers,
        })
    }

    /// Whether moving a non-king piece from `from` to `to` (not en passant) keeps our king
    /// safe. Pins are tested for this piece only, and only when it leaves a line through
    /// the king.
    #[inline(always)]
    pub(crate) fn is_safe_non_king(&self, s: &Safety, from: Square, to: Square) -> bool {
        if s.checkers.any() {
            if s.checkers.more_than_one() {
                return false;
            }
            if let Some(checker) = s.checkers.single() {
                if !between(s.king, checker).with(checker).contains(to) {
                    return false;
                }
            }
        }
        // Pinned only by an enemy slider of the line's kind on the line through the
        // king and `from`, when the move leaves that line. Worked out without a
        // branch on the alignment (which square a piece leaves is unpredictable);
        // the one branch left is taken only when such a slider stands there.
        let b = &self.board;
        let along = alignment(s.king, from);
        let through = line(s.king, from);
        let kind = (b.rooks_and_queens() & all_if(along == STRAIGHT))
            | (b.bishops_and_queens() & all_if(along == DIAGONAL));
        let pinners =
            kind & through & b.by_color(self.turn.other()) & all_if(!through.contains(to));
        if pinners.is_empty() {
            return true;
        }
        let occ = self.occupied();
        let only_from = Bitboard::from_square(from);
        for pinner in pinners {
            let gap = between(s.king, pinner);
            if gap.contains(from) && gap & occ == only_from {
                return false;
            }
        }
        true
    }

    /// Whether our king may step from `from` to `to` (not castling).
    #[inline]
    pub(crate) fn is_safe_king_step(&self, from: Square, to: Square) -> bool {
        !self.by_color(self.turn).contains(to)
            && !self.is_attacked_with(to, self.turn.other(), self.occupied().without(from))
    }

    /// Whether the en passant capture from `from` onto the ep square `to` keeps our king safe.
    pub(crate) fn is_safe_en_passant(&self, from: Square, to: Square) -> bool {
        let Some(king) = self.our_king() else {
            return true;
        };
        let captured = Square::from_coords(to.file(), from.rank());
        let occ = self.occupied().without(from).without(captured).with(to);
        let b = &self.board;
        let theirs = b.by_color(self.turn.other());
        ((rook_attacks(king, occ) & b.rooks_and_queens())
            | (bishop_attacks(king, occ) & b.bishops_and_queens())
            | (knight_attacks(king) & b.by_role(Role::Knight))
            | (pawn_attacks(self.turn, king) & b.by_role(Role::Pawn).without(captured)))
            & theirs
            == Bitboard::EMPTY
    }

    /// All legal moves.
    ///
    /// ```
    /// use scoresheet_board::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 15);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal moves (what perft counts at its last ply), counted without
    /// building the moves.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(&mut counter);
        counter.0
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    #[inline(never)]
    pub fn has_legal_move(&self) -> bool {
        // A king step is the usual answer to a check: try those before generating.
        if let Some(king) = self.our_king() {
            let them = self.turn.other();
            let occ = self.occupied().without(king);
            for to in king_attacks(king) - self.by_color(self.turn) {
                if !self.is_attacked_with(to, them, occ) {
                    return true;
                }
            }
        }
        self.count_legal_moves() > 0
    }

    fn generate<S: MoveSink>(&self, list: &mut S) {
        let us = self.turn;
        let them = us.other();
        let b = &self.board;
        let ours = b.by_color(us);
        let occ = b.occupied();
        let Some(king) = b.king_of(us) else {
            // Only reachable through a misused `play_unchecked`: move without a king.
            self.generate_pieces(list, !ours, Bitboard::EMPTY, Square::A8);
            return;
        };
        let checkers = self.checkers;
        for to in king_attacks(king) - ours {
            if self.attackers_to(to, them, occ.without(king)).is_empty() {
                list.pieces(self, Role::King, king, Bitboard::from_square(to));
            }
        }
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.single() {
            Some(checker) => between(king, checker).with(checker),
            None => {
                self.generate_castling(list, king);
                !ours
            }
        };
        let pinned = self.pinned(king, occ);
        self.generate_pieces(list, target, pinned, king);
        self.generate_en_passant(list);
    }

    /// Knight, bishop, rook, queen and pawn moves onto `target` (pins respected).
    fn generate_pieces<S: MoveSink>(
        &self,
        list: &mut S,
        target: Bitboard,
        pinned: Bitboard,
        king: Square,
    ) {
        let us = self.turn;
        let b = &self.board;
        let ours = b.by_color(us);
        let theirs = b.by_color(us.other());
        let occ = b.occupied();
        let pin_mask = |from: Square| {
            if pinned.contains(from) {
                line(king, from)
            } else {
                Bitboard::FULL
            }
        };
        for from in b.by_role(Role::Knight) & (ours - pinned) {
            list.pieces(self, Role::Knight, from, knight_attacks(from) & target);
        }
        let queens = b.by_role(Role::Queen);
        for from in b.bishops_and_queens() & ours {
            let role = if queens.contains(from) {
                Role::Queen
            } else {
                Role::Bishop
            };
            list.pieces(
                self,
                role,
                from,
                bishop_attacks(from, occ) & target & pin_mask(from),
            );
        }
        for from in b.rooks_and_queens() & ours {
            let role = if queens.contains(from) {
                Role::Queen
            } else {
                Role::Rook
            };
            list.pieces(
                self,
                role,
                from,
                rook_attacks(from, occ) & target & pin_mask(from),
            );
        }
        let start_rank = Bitboard::rank(match us {
            Color::White => Rank::Second,
            Color::Black => Rank::Seventh,
        });
        let mut pawns = b.by_role(Role::Pawn) & ours;
        if S::COUNTS_ONLY {
            // Counting only: the unpinned pawns move as one set; pinned ones below.
            let free = pawns - pinned;
            pawns &= pinned;
            let (one, two, left, right) = match us {
                Color::White => {
                    let one = free.north() - occ;
                    let two = (one & Bitboard::rank(Rank::Third)).north() - occ;
                    (one, two, free.west().north(), free.east().north())
                }
                Color::Black => {
                    let one = free.south() - occ;
                    let two = (one & Bitboard::rank(Rank::Sixth)).south() - occ;
                    (one, two, free.west().south(), free.east().south())
                }
            };
            list.count_pawn_targets(one & target);
            list.count_pawn_targets(two & target);
            list.count_pawn_targets(left & theirs & target);
            list.count_pawn_targets(right & theirs & target);
        }
        for from in pawns {
            let allowed = target & pin_mask(from);
            let one = match us {
                Color::White => Bitboard::from_square(from).north(),
                Color::Black => Bitboard::from_square(from).south(),
            } - occ;
            list.pawns(self, from, one & allowed);
            if start_rank.contains(from) && one.any() {
                let two = match us {
                    Color::White => one.north(),
                    Color::Black => one.south(),
                } - occ;
                list.pawns(self, from, two & allowed);
            }
            list.pawns(self, from, pawn_attacks(us, from) & theirs & allowed);
        }
    }

    fn generate_en_passant<S: MoveSink>(&self, list: &mut S) {
        let Some(ep) = self.ep_square else {
            return;
        };
        let us = self.turn;
        let captured = match us {
            Color::White => ep.offset(0, -1),
            Color::Black => ep.offset(0, 1),
        };
        let Some(captured) = captured else {
            return;
        };
        if !self.by_piece(Role::Pawn.of(us.other())).contains(captured)
            || self.occupied().contains(ep)
        {
            return;
        }
        for from in pawn_attacks(us.other(), ep) & self.by_piece(Role::Pawn.of(us)) {
            if self.is_safe_en_passant(from, ep) {
                list.push(Move {
                    role: Role::Pawn,
                    from,
                    to: ep,
                    capture: Some(Role::Pawn),
                    promotion: None,
                    kind: MoveType::EnPassant,
                });
            }
        }
    }

    fn generate_castling<S: MoveSink>(&self, list: &mut S, king: Square) {
        let us = self.turn;
        let rights =
            self.castling & Bitboard::rank(us.back_rank()) & self.by_piece(Role::Rook.of(us));
        let occ = self.occupied();
        for rook in rights {
            // Every square between king and rook is on the king's or the rook's path.
            if (between(king, rook) & occ).any() {
                continue;
            }
            if let Ok(m) = self.castle_move(king, rook) {
                list.push(m);
            }
        }
    }

    /// The king and the rook that castle on `side`, if the side to move still has
    /// that right (the rook is the one the right names, in Chess960 too).
    pub(crate) fn castling_pieces(&self, side: CastleSide) -> Option<(Square, Square)> {
        let us = self.turn;
        let back = Bitboard::rank(us.back_rank());
        let king = (self.by_piece(Role::King.of(us)) & back).first()?;
        let rook = (self.castling & back & self.by_piece(Role::Rook.of(us)))
            .find(|r| (r.file() > king.file()) == (side == CastleSide::King))?;
        Some((king, rook))
    }

    /// Castling on `side`, if it is legal here.
    pub(crate) fn castling_move(&self, side: CastleSide) -> Option<Move> {
        let (king, rook) = self.castling_pieces(side)?;
        self.castle_move(king, rook).ok()
    }

    /// The castling move of the side to move's king with the rook on `rook`, if legal;
    /// otherwise what stops it. Castling rights are not checked here.
    pub(crate) fn castle_move(&self, king: Square, rook: Square) -> Result<Move, CastleObstacle> {
        let us = self.turn;
        let rank = us.back_rank();
        let king_side = rook.file() > king.file();
        let king_to = Square::from_coords(if king_side { File::G } else { File::C }, rank);
        let rook_to = Square::from_coords(if king_side { File::F } else { File::D }, rank);
        let occ = self.occupied();
        let path = (between(king, king_to).with(king_to) | between(rook, rook_to).with(rook_to))
            .without(king)
            .without(rook);
        if let Some(sq) = nearest(path & occ, king) {
            return Err(CastleObstacle::Blocked(sq));
        }
        if self.is_check() {
            return Err(CastleObstacle::InCheck);
        }
        // Every square the king passes and the one it lands on, seen with both
        // pieces already moved: in Chess960 the castling rook may be what shields
        // the king's square (king c1, rook b1, enemy queen a1), and the king may
        // not move at all (then its own square is the one to check).
        let after = occ.without(king).without(rook).with(rook_to);
        let walk = between(king, king_to).with(king_to);
        let attacked: Bitboard = walk
            .filter(|&sq| self.is_attacked_with(sq, us.other(), after))
            .collect();
        if let Some(square) = nearest(attacked, king) {
            let attacker = self
                .attackers_to(square, us.other(), after)
                .first()
                .unwrap_or(square);
            return Err(CastleObstacle::Attacked { square, attacker });
        }
        Ok(Move {
            role: Role::King,
            from: king,
            to: king_to,
            capture: None,
            promotion: None,
            kind: MoveType::Castle { rook },
        })
    }

    /// Whether `m` is legal here (including its recorded capture and kind).
    #[must_use]
    pub fn is_legal(&self, m: &Move) -> bool {
        if m.is_null() {
            return !self.is_check();
        }
        self.legal_moves().contains(m)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`IllegalMove`] if `m` is not legal here; the position is then unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove {
                mv: *m,
                uci: m.to_uci(),
                fen: self.to_fen(EpStyle::Always),
            })
        }
    }

    /// Plays `m` without checking it, updating all six fields.
    ///
    /// `m` must be legal in this position, as [`Position::legal_moves`] or
    /// [`crate::resolve`] give it; [`Position::play`] checks that first.
    ///
    /// # Panics
    /// Never. An illegal move (there is no unsafe code) leaves a position that may break
    /// the rules' invariants (a king missing, pieces overlapping); later answers on it are
    /// unspecified but still never panic.
    pub fn play_unchecked(&mut self, m: &Move) {
        self.play_inlined(m);
    }

    /// [`Position::play_unchecked`], inlined into the quick lane's loop, where it
    /// runs once per move of nearly every game: a normal move there, anything
    /// else out of line.
    #[inline(always)]
    pub(crate) fn play_inlined(&mut self, m: &Move) {
        if m.kind == MoveType::Normal {
            self.play_normal(m);
        } else {
            self.play_special(m);
        }
    }

    /// Plays a normal move (see [`Position::play_unchecked`]).
    #[inline(always)]
    fn play_normal(&mut self, m: &Move) {
        let us = self.begin_ply();
        let moved = m.promotion.unwrap_or(m.role).of(us);
        self.board.take_known(m.from, m.role.of(us));
        let mut h = piece_key(m.role.of(us), m.from) ^ piece_key(moved, m.to);
        // The move knows what it takes (no lookup on the board).
        if let Some(captured) = m.capture {
            let captured = captured.of(us.other());
            self.board.take_known(m.to, captured);
            h ^= piece_key(captured, m.to);
            self.halfmove_clock = 0;
        }
        self.board.put_on_empty(m.to, moved);
        self.placement_hash ^= h;
        match m.role {
            Role::Pawn => {
                self.halfmove_clock = 0;
                // Selected, not branched on: a double step is unpredictable.
                let double = m.from.index().abs_diff(m.to.index()) == 16;
                let middle = Square::from_index_masked((m.from.index() + m.to.index()) / 2);
                self.ep_square = double.then_some(middle);
            }
            Role::King => self.castling &= !Bitboard::rank(us.back_rank()),
            _ => {}
        }
        self.castling = self.castling.without(m.from).without(m.to);
        self.end_ply(us);
        self.checkers = self.normal_checkers(m);
    }

    /// Plays en passant, castling or a null move (see [`Position::play_unchecked`]).
    #[inline(never)]
    fn play_special(&mut self, m: &Move) {
        if m.kind == MoveType::Normal {
            return self.play_normal(m);
        }
        let us = self.begin_ply();
        match m.kind {
            MoveType::Null | MoveType::Normal => {}
            MoveType::EnPassant => {
                let pawn = Role::Pawn.of(us);
                let captured_sq = Square::from_coords(m.to.file(), m.from.rank());
                let mut h = piece_key(pawn, m.from) ^ piece_key(pawn, m.to);
                if let Some(captured) = self.board.remove_piece_at(captured_sq) {
                    h ^= piece_key(captured, captured_sq);
                }
                self.board.take_known(m.from, pawn);
                self.board.set_piece_at(m.to, pawn);
                self.placement_hash ^= h;
                self.halfmove_clock = 0;
            }
            MoveType::Castle { rook } => {
                let king = Role::King.of(us);
                let rook_piece = Role::Rook.of(us);
                self.board.take_known(m.from, king);
                self.board.take_known(rook, rook_piece);
                let rook_to = Square::from_coords(
                    if rook.file() > m.from.file() {
                        File::F
                    } else {
                        File::D
                    },
                    m.from.rank(),
                );
                self.board.set_piece_at(m.to, king);
                self.board.set_piece_at(rook_to, rook_piece);
                self.placement_hash ^= piece_key(king, m.from)
                    ^ piece_key(rook_piece, rook)
                    ^ piece_key(king, m.to)
                    ^ piece_key(rook_piece, rook_to);
                self.castling &= !Bitboard::rank(us.back_rank());
            }
        }
        self.end_ply(us);
        self.checkers = self.compute_checkers();
    }

    /// What every ply starts with: no en passant square, one more halfmove. Gives
    /// the side moving.
    #[inline(always)]
    fn begin_ply(&mut self) -> Color {
        self.ep_square = None;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.turn
    }

    /// What every ply ends with: the move number and the turn.
    #[inline(always)]
    fn end_ply(&mut self, us: Color) {
        // Arithmetic, not a branch: the turn alternates every ply.
        self.fullmove_number = self
            .fullmove_number
            .saturating_add(u32::from(us == Color::Black));
        self.turn = us.other();
    }

    /// The position after `m` (checked).
    ///
    /// # Errors
    /// [`IllegalMove`] if `m` is not legal here.
    pub fn after(&self, m: &Move) -> Result<Position, IllegalMove> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// The en passant square only if a legal en passant capture exists.
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let mut counter = Counter(0);
        self.generate_en_passant(&mut counter);
        (counter.0 > 0).then_some(ep)
    }

    /// Checkmate: in check with no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Stalemate: not in check but with no legal move.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Whether neither side can ever mate: only kings and bishops all on squares of one
    /// colour (K v K, KB v K, KB v KB with same-coloured bishops), or kings and one knight.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        let b = &self.board;
        if (b.by_role(Role::Pawn) | b.rooks_and_queens()).any() {
            return false;
        }
        let knights = b.by_role(Role::Knight);
        let bishops = b.by_role(Role::Bishop);
        if knights.is_empty() {
            (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty()
        } else {
            (knights | bishops).count() == 1
        }
    }

    /// Checkmate, stalemate or insufficient material; `None` if play goes on. Repetition
    /// and move-count draws need the history: see [`crate::Game::outcome`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Outcome::Checkmate {
                    winner: self.turn.other(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        self.is_insufficient_material()
            .then_some(Outcome::InsufficientMaterial)
    }

    /// The Zobrist hash of placement, side to move, castling rights and en passant
    /// possibility (the ep square counts only when a capture on it is legal), so two
    /// positions that are the same for the repetition rules hash the same.
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        let mut h = self.placement_hash;
        for sq in self.castling {
            h ^= KEYS.castling[sq.index() as usize & 63];
        }
        if let Some(ep) = self.legal_ep_square() {
            h ^= KEYS.ep_file[ep.file().index() as usize & 7];
        }
        if self.turn == Color::Black {
            h ^= KEYS.black;
        }
        h
    }

    /// A key of placement and side to move only, for the quick lane's repetition
    /// count: positions the rules count as the same always share it (it may join
    /// some they tell apart, by castling rights or en passant, which only errs
    /// towards seeing a repetition), and it costs nothing to read.
    #[inline]
    pub(crate) fn repetition_key(&self) -> u64 {
        match self.turn {
            Color::White => self.placement_hash,
            Color::Black => self.placement_hash ^ KEYS.black,
        }
    }

    /// The Zobrist hash computed from scratch (to check the incremental one).
    #[cfg(test)]
    pub(crate) fn zobrist_from_scratch(&self) -> u64 {
        let mut copy = self.clone();
        copy.placement_hash = placement_hash(&self.board);
        copy.zobrist()
    }

    /// The FEN of the position.
    ///
    /// ```
    /// use scoresheet_board::{EpStyle, Position};
    /// assert_eq!(Position::new().to_fen(EpStyle::Always), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    #[must_use]
    pub fn to_fen(&self, ep: EpStyle) -> String {
        let mut fen = String::with_capacity(90);
        self.write_fen(ep, &mut fen);
        fen
    }

    /// Appends the FEN of the position to `out`, as [`Position::to_fen`] spells
    /// it, with no allocation (what a report of every game writes).
    ///
    /// ```
    /// use scoresheet_board::{EpStyle, Position};
    /// let mut fen = String::from("fen: ");
    /// Position::new().write_fen(EpStyle::Legal, &mut fen);
    /// assert_eq!(fen, "fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn write_fen(&self, ep: EpStyle, out: &mut String) {
        self.write_fen_into(ep, out);
    }

    /// [`Position::write_fen`] into bytes (a FEN is ASCII): what a JSON
    /// report is written in, with no string in between to copy from.
    ///
    /// ```
    /// use scoresheet_board::{EpStyle, Position};
    /// let mut json = b"\"fen\":\"".to_vec();
    /// Position::new().write_fen_bytes(EpStyle::Legal, &mut json);
    /// assert_eq!(json, b"\"fen\":\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn write_fen_bytes(&self, ep: EpStyle, out: &mut Vec<u8>) {
        self.write_fen_into(ep, out);
    }

    fn write_fen_into(&self, ep: EpStyle, out: &mut impl crate::setup::FenText) {
        let ep_square = match ep {
            EpStyle::Always => self.ep_square,
            EpStyle::Legal => self.legal_ep_square(),
        };
        self.board.write_board_fen_into(out);
        out.push_byte(b' ');
        out.push_byte(self.turn.char() as u8);
        out.push_byte(b' ');
        crate::setup::write_castling_field(out, &self.board, self.castling, self.castling_notation);
        out.push_byte(b' ');
        match ep_square {
            Some(sq) => {
                out.push_byte(sq.file().char() as u8);
                out.push_byte(sq.rank().char() as u8);
            }
            None => out.push_byte(b'-'),
        }
        out.push_byte(b' ');
        out.push_ascii(itoa::Buffer::new().format(self.halfmove_clock).as_bytes());
        out.push_byte(b' ');
        out.push_ascii(itoa::Buffer::new().format(self.fullmove_number).as_bytes());
    }

    /// A text diagram, rank 8 at the top, rank numbers on the left and file letters
    /// beneath. Pieces are FEN letters (or figurines when `unicode`); an empty light square
    /// is `.` and an empty dark square is `:`, so a1 reads as dark in the lower left.
    ///
    /// ```
    /// use scoresheet_board::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// let diagram = pos.diagram(false);
    /// assert!(diagram.starts_with("8 . : . : k : . :\n"));
    /// assert!(diagram.ends_with("1 : . : . K . : .\n  a b c d e f g h\n"));
    /// ```
    #[must_use]
    pub fn diagram(&self, unicode: bool) -> String {
        let mut s = String::with_capacity(200);
        for rank in Rank::ALL.into_iter().rev() {
            s.push(rank.char());
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                s.push(' ');
                s.push(match self.piece_at(sq) {
                    Some(p) if unicode => p.figurine(),
                    Some(p) => p.char(),
                    None if Bitboard::DARK_SQUARES.contains(sq) => ':',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s.push_str("  a b c d e f g h\n");
        s
    }
}

/// Where generated moves go: a list, or a counter for perft's last ply.
trait MoveSink {
    /// Moves of a non-pawn piece from `from` to each square of `to`.
    fn pieces(&mut self, pos: &Position, role: Role, from: Square, to: Bitboard);
    /// Pawn moves from `from` to each square of `to` (four promotions on the last rank).
    fn pawns(&mut self, pos: &Position, from: Square, to: Bitboard);
    /// One fully built move.
    fn push(&mut self, m: Move);
    /// Whether the sink only counts, so that pawn moves may be counted set-wise with
    /// [`MoveSink::count_pawn_targets`].
    const COUNTS_ONLY: bool = false;
    /// Counts pawn moves onto each square of `to` (four promotions on the last rank).
    fn count_pawn_targets(&mut self, _to: Bitboard) {}
}

impl MoveSink for MoveList {
    #[inline]
    fn pieces(&mut self, pos: &Position, role: Role, from: Square, to: Bitboard) {
        let occupied = pos.occupied();
        for to in to {
            let capture = if occupied.contains(to) {
                pos.board.role_at(to)
            } else {
                None
            };
            self.push(Move {
                role,
                from,
                to,
                capture,
                promotion: None,
                kind: MoveType::Normal,
            });
        }
    }

    #[inline]
    fn pawns(&mut self, pos: &Position, from: Square, to: Bitboard) {
        let occupied = pos.occupied();
        for to in to {
            let capture = if occupied.contains(to) {
                pos.board.role_at(to)
            } else {
                None
            };
            if Bitboard::BACK_RANKS.contains(to) {
                for promotion in Role::PROMOTIONS {
                    self.push(Move {
                        role: Role::Pawn,
                        from,
                        to,
                        capture,
                        promotion: Some(promotion),
                        kind: MoveType::Normal,
                    });
                }
            } else {
                self.push(Move {
                    role: Role::Pawn,
                    from,
                    to,
                    capture,
                    promotion: None,
                    kind: MoveType::Normal,
                });
            }
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves instead of building them.
struct Counter(usize);

impl MoveSink for Counter {
    #[inline]
    fn pieces(&mut self, _: &Position, _: Role, _: Square, to: Bitboard) {
        self.0 += to.count() as usize;
    }

    #[inline]
    fn pawns(&mut self, _: &Position, _: Square, to: Bitboard) {
        self.0 += (to - Bitboard::BACK_RANKS).count() as usize
            + 4 * (to & Bitboard::BACK_RANKS).count() as usize;
    }

    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    const COUNTS_ONLY: bool = true;

    #[inline]
    fn count_pawn_targets(&mut self, to: Bitboard) {
        self.0 += (to - Bitboard::BACK_RANKS).count() as usize
            + 4 * (to & Bitboard::BACK_RANKS).count() as usize;
    }
}

/// The square of `set` nearest to `from` (by file distance on the back rank).
fn nearest(set: Bitboard, from: Square) -> Option<Square> {
    set.min_by_key(|sq| sq.file().index().abs_diff(from.file().index()))
}

impl fmt::Display for Position {
    /// Writes the FEN with [`EpStyle::Always`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen(EpStyle::Always))
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen(EpStyle::Always))
    }
}

#[cfg(test)]
mod tests;
