//! The six FEN fields unvalidated ([`Setup`]), FEN reading with exact error locations,
//! and the consistency checks that make a setup a [`crate::Position`].

use core::fmt;

use crate::attacks::{king_attacks, pawn_attacks};
use crate::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

/// How the castling field is spelled; kept so that a FEN prints back as it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CastlingNotation {
    /// `KQkq` for the outermost rooks, X-FEN file letters for an inner rook.
    #[default]
    Standard,
    /// Shredder-FEN: always the rook's file letter (`HAha`).
    Shredder,
}

/// The six FEN fields, public and unvalidated. [`crate::Position::from_setup`] checks them.
///
/// ```
/// use scoresheet_board::{Position, Setup};
/// let (setup, notes) = Setup::from_fen("8/8/8/8/8/8/8/K1k5 w - -").unwrap();
/// assert_eq!(setup.halfmove_clock, 0);
/// assert_eq!(notes.len(), 1); // four fields: an EPD
/// assert!(Position::from_setup(setup).is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Active colour.
    pub turn: Color,
    /// Castling rights, as the squares of the rooks that may still castle.
    pub castling_rights: Bitboard,
    /// En passant target square.
    pub ep_square: Option<Square>,
    /// Half-move clock.
    pub halfmove_clock: u32,
    /// Full-move number.
    pub fullmove_number: u32,
    /// How the castling field is written.
    pub castling_notation: CastlingNotation,
}

impl Default for Setup {
    /// The standard starting position.
    fn default() -> Setup {
        crate::Position::new().to_setup()
    }
}

impl Setup {
    /// Reads the six fields of a FEN (or the first four, an EPD), checking only their syntax
    /// and what is needed to read them (a `K` castling letter needs a king and a rook).
    ///
    /// # Errors
    /// A [`FenError`] naming the field, the offending text and its character offset.
    pub fn from_fen(fen: &str) -> Result<(Setup, Vec<FenNote>), FenError> {
        parse_fen(fen).map(|(setup, notes, _)| (setup, notes))
    }
}

/// Something read leniently from a FEN.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenNote {
    /// Only four fields (an EPD): half-move clock 0 and full-move number 1 were assumed.
    Epd,
    /// A full-move number of 0 was read as 1.
    FullmoveZero,
    /// The FEN stops before this field: it and the fields after it were completed
    /// with their defaults (`w`, `-`, `-`, `0`, `1`). A repair.
    MissingFields(FenField),
    /// Castling rights whose king or rook is not at home (as some editors write
    /// `KQkq` for every position), dropped: these letters. A repair.
    CastlingDropped(String),
    /// An en passant square no double step can have left, dropped. A repair.
    EpDropped(Square),
}

impl FenNote {
    /// Whether the FEN was wrong and has been repaired (a warning), rather than only
    /// read in a lenient form (a note).
    #[must_use]
    pub fn is_repair(&self) -> bool {
        matches!(
            self,
            FenNote::MissingFields(_) | FenNote::CastlingDropped(_) | FenNote::EpDropped(_)
        )
    }
}

impl fmt::Display for FenNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenNote::Epd => {
                f.write_str("four fields (epd): half-move clock 0 and full-move number 1 assumed")
            }
            FenNote::FullmoveZero => f.write_str("full-move number 0 read as 1"),
            FenNote::MissingFields(field) => write!(
                f,
                "the FEN stops before the {field}: completed with the default fields"
            ),
            FenNote::CastlingDropped(letters) => write!(
                f,
                "castling rights {letters:?} dropped: their king or rook is not at home"
            ),
            FenNote::EpDropped(square) => write!(
                f,
                "en passant square {square} dropped: no pawn can just have passed it"
            ),
        }
    }
}

/// A field of a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The first field: `rnbqkbnr/pppppppp/...`.
    PiecePlacement,
    /// `w` or `b`.
    ActiveColor,
    /// `KQkq`, `HAha`, `-`.
    Castling,
    /// `e3` or `-`.
    EnPassant,
    /// Plies since the last capture or pawn move.
    HalfmoveClock,
    /// The move number.
    FullmoveNumber,
    /// Anything after the sixth field.
    End,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::PiecePlacement => "piece placement",
            FenField::ActiveColor => "active colour",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "full-move number",
            FenField::End => "end",
        })
    }
}

/// A FEN that cannot be read: the field, what is wrong (quoting the text), and the
/// 0-based character offset where the offending text starts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("fen: {field}: {kind}, at character {offset}")]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// What is wrong.
    pub kind: FenErrorKind,
    /// The 0-based character offset of the offending text in the FEN.
    pub offset: usize,
}

/// What is wrong with a FEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// A field is missing.
    #[error("missing")]
    Missing,
    /// Text after the sixth field.
    #[error("unexpected extra field {0:?}")]
    ExtraField(String),
    /// Not eight ranks.
    #[error("{text:?} has {found} ranks, not 8")]
    RankCount {
        /// The whole placement field.
        text: String,
        /// How many `/`-separated ranks it has.
        found: usize,
    },
    /// A rank that does not add up to eight squares.
    #[error("rank {rank} {text:?} adds up to {squares} squares")]
    RankLength {
        /// The rank.
        rank: Rank,
        /// Its text.
        text: String,
        /// The squares it describes.
        squares: usize,
    },
    /// A letter that is not a piece.
    #[error("unknown piece letter {letter:?} in rank {rank} {text:?}")]
    UnknownPiece {
        /// The rank.
        rank: Rank,
        /// Its text.
        text: String,
        /// The letter.
        letter: char,
    },
    /// Two digits in a row, such as `44`.
    #[error("rank {rank} {text:?} has two digits in a row")]
    ConsecutiveDigits {
        /// The rank.
        rank: Rank,
        /// Its text.
        text: String,
    },
    /// An empty-square count of 0.
    #[error("rank {rank} {text:?} counts 0 empty squares")]
    ZeroDigit {
        /// The rank.
        rank: Rank,
        /// Its text.
        text: String,
    },
    /// Not `w` or `b`.
    #[error("{0:?} is not w or b")]
    BadTurn(String),
    /// A castling field that is not `-` nor made of `KQkq` and file letters, or repeats one.
    #[error("{0:?} is not a castling field (KQkq, file letters such as HAha, or -)")]
    BadCastling(String),
    /// A `K` or `Q` letter with no king on its back rank.
    #[error("{letter:?} but no {color} king on rank {rank}", rank = color.back_rank())]
    CastlingWithoutKing {
        /// The letter.
        letter: char,
        /// Whose right.
        color: Color,
    },
    /// A `K` or `Q` letter with no rook on that side of the king.
    #[error("{letter:?} but no {color} rook on rank {rank} on the {side} side of the king", rank = color.back_rank(), side = if letter.eq_ignore_ascii_case(&'k') { "king's" } else { "queen's" })]
    CastlingWithoutRook {
        /// The letter.
        letter: char,
        /// Whose right.
        color: Color,
    },
    /// Not `-` nor a square.
    #[error("{0:?} is not a square or -")]
    BadEpSquare(String),
    /// Not a decimal number.
    #[error("{0:?} is not a number")]
    NotANumber(String),
    /// A number too large to be a move count.
    #[error("{0:?} is too large")]
    TooLarge(String),
    /// The fields read, but they describe no legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// Why a [`Setup`] is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king.
    #[error("no {0} king")]
    MissingKing(Color),
    /// A side has two kings or more.
    #[error("more than one {color} king ({first} and {second})")]
    TooManyKings {
        /// Whose kings.
        color: Color,
        /// The first king's square.
        first: Square,
        /// The second king's square.
        second: Square,
    },
    /// A pawn on rank 1 or 8.
    #[error("{color} pawn on {square}, on rank {rank}", rank = square.rank())]
    PawnOnBackRank {
        /// Whose pawn.
        color: Color,
        /// Where.
        square: Square,
    },
    /// The side that just moved is in check.
    #[error("{color} is in check but {to_move} is to move: the {role} on {checker} attacks the king on {king}", to_move = color.other())]
    OppositeCheck {
        /// The side in check (not to move).
        color: Color,
        /// Its king's square.
        king: Square,
        /// A checking piece's square.
        checker: Square,
        /// The checking piece's role.
        role: Role,
    },
    /// A castling right for a square that is not on rank 1 or 8.
    #[error("castling right for {0}, which is not on a back rank")]
    CastlingOffBackRank(Square),
    /// A castling right without its rook.
    #[error("castling right for {square} but no {color} rook stands there")]
    CastlingWithoutRook {
        /// Whose right.
        color: Color,
        /// The square the right names.
        square: Square,
    },
    /// A castling right without the king on the same back rank.
    #[error("castling right for {square} but no {color} king on rank {rank}", rank = color.back_rank())]
    CastlingWithoutKing {
        /// Whose right.
        color: Color,
        /// The square the right names.
        square: Square,
    },
    /// Two castling rights on the same side of the king.
    #[error("two {color} castling rights on the same side of the king ({first} and {second})")]
    CastlingSameSide {
        /// Whose rights.
        color: Color,
        /// One rook square.
        first: Square,
        /// The other rook square.
        second: Square,
    },
    /// An en passant square on the wrong rank for the side to move.
    #[error("{square} is not on rank {rank} with {turn} to move", rank = turn.fold(Rank::Sixth, Rank::Third))]
    EpWrongRank {
        /// The square.
        square: Square,
        /// The side to move.
        turn: Color,
    },
    /// An en passant square that no pawn can just have passed.
    #[error("{square} but no {color} pawn can just have moved {origin}-{pawn}")]
    EpNoPawn {
        /// The square.
        square: Square,
        /// The side that made the double push.
        color: Color,
        /// Where that pawn came from.
        origin: Square,
        /// Where it must stand.
        pawn: Square,
    },
}

/// Where the fields and the pieces of a FEN were written, to locate position errors.
pub(crate) struct Layout {
    field_starts: [usize; 6],
    square_starts: [usize; 64],
}

impl Layout {
    /// Turns a position error into a FEN error pointing at the text at fault.
    pub(crate) fn locate(&self, fen: &str, e: PositionError) -> FenError {
        let (field, byte) = match &e {
            PositionError::MissingKing(_) => (FenField::PiecePlacement, self.field_starts[0]),
            PositionError::TooManyKings { second, .. } => (
                FenField::PiecePlacement,
                self.square_starts[second.index() as usize & 63],
            ),
            PositionError::PawnOnBackRank { square, .. } => (
                FenField::PiecePlacement,
                self.square_starts[square.index() as usize & 63],
            ),
            PositionError::OppositeCheck { .. } => (FenField::ActiveColor, self.field_starts[1]),
            PositionError::CastlingOffBackRank(_)
            | PositionError::CastlingWithoutRook { .. }
            | PositionError::CastlingWithoutKing { .. }
            | PositionError::CastlingSameSide { .. } => (FenField::Castling, self.field_starts[2]),
            PositionError::EpWrongRank { .. } | PositionError::EpNoPawn { .. } => {
                (FenField::EnPassant, self.field_starts[3])
            }
        };
        FenError {
            field,
            kind: FenErrorKind::Position(e),
            offset: char_offset(fen, byte),
        }
    }
}

/// The character offset of byte `byte` in `s`.
fn char_offset(s: &str, byte: usize) -> usize {
    s.get(..byte).map_or(byte, |prefix| prefix.chars().count())
}

/// At most 40 characters of `s`, for quoting in messages.
fn quote(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(MAX).collect();
        t.push('…');
        t
    }
}

/// Splits on runs of ASCII whitespace, keeping each field's byte offset.
fn fields(fen: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = fen.as_bytes();
    let mut i = 0;
    core::iter::from_fn(move || {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fen.get(start..i).map(|f| (start, f))
    })
}

pub(crate) fn parse_fen(fen: &str) -> Result<(Setup, Vec<FenNote>, Layout), FenError> {
    let err = |field, kind, byte| FenError {
        field,
        kind,
        offset: char_offset(fen, byte),
    };
    let mut it = fields(fen);
    let mut notes = Vec::new();
    // Fields missing after the placement are completed with their defaults, once
    // noted (`8/8/... w` is the placement and the turn).
    let mut missing = false;
    let mut next = |field, default: &'static str, notes: &mut Vec<FenNote>| match it.next() {
        Some(f) if !missing => Ok(f),
        _ if field == FenField::PiecePlacement => Err(err(field, FenErrorKind::Missing, fen.len())),
        _ => {
            if !missing {
                missing = true;
                notes.push(FenNote::MissingFields(field));
            }
            Ok((fen.len(), default))
        }
    };
    let mut layout = Layout {
        field_starts: [fen.len(); 6],
        square_starts: [0; 64],
    };

    let (start, placement) = next(FenField::PiecePlacement, "", &mut notes)?;
    layout.field_starts[0] = start;
    let board = parse_placement(placement, start, &mut layout.square_starts)
        .map_err(|(kind, byte)| err(FenField::PiecePlacement, kind, byte))?;

    let (start, turn_text) = next(FenField::ActiveColor, "w", &mut notes)?;
    layout.field_starts[1] = start;
    let turn = match turn_text {
        "w" => Color::White,
        "b" => Color::Black,
        _ => {
            return Err(err(
                FenField::ActiveColor,
                FenErrorKind::BadTurn(quote(turn_text)),
                start,
            ));
        }
    };

    let (start, castling_text) = next(FenField::Castling, "-", &mut notes)?;
    layout.field_starts[2] = start;
    let (castling_rights, castling_notation, dropped) = parse_castling(castling_text, &board)
        .map_err(|kind| err(FenField::Castling, kind, start))?;
    if !dropped.is_empty() {
        notes.push(FenNote::CastlingDropped(dropped));
    }

    let (start, ep_text) = next(FenField::EnPassant, "-", &mut notes)?;
    layout.field_starts[3] = start;
    let ep_square = match ep_text {
        "-" => None,
        _ => Some(Square::from_ascii(ep_text.as_bytes()).ok_or_else(|| {
            err(
                FenField::EnPassant,
                FenErrorKind::BadEpSquare(quote(ep_text)),
                start,
            )
        })?),
    };

    // An en passant square no double step can have left (some editors write
    // one after every pawn move) is dropped, as impossible castling rights are.
    let ep_square = match ep_square {
        Some(square) if ep_problem(&board, turn, square).is_some() => {
            notes.push(FenNote::EpDropped(square));
            None
        }
        other => other,
    };

    let (halfmove_clock, fullmove_number) = match it.next() {
        None if missing => (0, 1),
        None => {
            notes.push(FenNote::Epd);
            (0, 1)
        }
        Some((start, half_text)) => {
            layout.field_starts[4] = start;
            let half = parse_number(half_text)
                .map_err(|kind| err(FenField::HalfmoveClock, kind, start))?;
            let (start, full_text) = it
                .next()
                .ok_or_else(|| err(FenField::FullmoveNumber, FenErrorKind::Missing, fen.len()))?;
            layout.field_starts[5] = start;
            let mut full = parse_number(full_text)
                .map_err(|kind| err(FenField::FullmoveNumber, kind, start))?;
            if full == 0 {
                notes.push(FenNote::FullmoveZero);
                full = 1;
            }
            (half, full)
        }
    };
    if let Some((start, extra)) = it.next() {
        return Err(err(
            FenField::End,
            FenErrorKind::ExtraField(quote(extra)),
            start,
        ));
    }
    Ok((
        Setup {
            board,
            turn,
            castling_rights,
            ep_square,
            halfmove_clock,
            fullmove_number,
            castling_notation,
        },
        notes,
        layout,
    ))
}

fn parse_number(text: &str) -> Result<u32, FenErrorKind> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenErrorKind::NotANumber(quote(text)));
    }
    text.parse::<u32>()
        .map_err(|_| FenErrorKind::TooLarge(quote(text)))
}

/// Reads the placement field; errors carry the byte offset of the offending text.
fn parse_placement(
    text: &str,
    start: usize,
    square_starts: &mut [usize; 64],
) -> Result<Board, (FenErrorKind, usize)> {
    let rank_count = text.split('/').count();
    if rank_count != 8 {
        return Err((
            FenErrorKind::RankCount {
                text: quote(text),
                found: rank_count,
            },
            start,
        ));
    }
    let mut board = Board::empty();
    let mut rank_start = start;
    for (row, rank_text) in text.split('/').enumerate() {
        let rank = Rank::ALL[7 - row.min(7)];
        let mut squares = 0usize;
        let mut previous_digit = false;
        for (i, c) in rank_text.char_indices() {
            if let Some(d) = c.to_digit(10) {
                if previous_digit {
                    return Err((
                        FenErrorKind::ConsecutiveDigits {
                            rank,
                            text: quote(rank_text),
                        },
                        rank_start,
                    ));
                }
                if d == 0 {
                    return Err((
                        FenErrorKind::ZeroDigit {
                            rank,
                            text: quote(rank_text),
                        },
                        rank_start,
                    ));
                }
                previous_digit = true;
                squares = squares.saturating_add(d as usize);
            } else {
                previous_digit = false;
                let Some(piece) = Piece::from_char(c) else {
                    return Err((
                        FenErrorKind::UnknownPiece {
                            rank,
                            text: quote(rank_text),
                            letter: c,
                        },
                        rank_start + i,
                    ));
                };
                if let Some(file) = u8::try_from(squares).ok().and_then(File::new) {
                    let sq = Square::from_coords(file, rank);
                    board.set_piece_at(sq, piece);
                    square_starts[sq.index() as usize & 63] = rank_start + i;
                }
                squares = squares.saturating_add(1);
            }
        }
        if squares != 8 {
            return Err((
                FenErrorKind::RankLength {
                    rank,
                    text: quote(rank_text),
                    squares,
                },
                rank_start,
            ));
        }
        rank_start += rank_text.len() + 1;
    }
    Ok(board)
}

/// Reads the castling field against the board (a `K` names the outermost rook).
/// A right whose king or rook is not at home is dropped and its letter returned.
fn parse_castling(
    text: &str,
    board: &Board,
) -> Result<(Bitboard, CastlingNotation, String), FenErrorKind> {
    if text == "-" {
        return Ok((Bitboard::EMPTY, CastlingNotation::Standard, String::new()));
    }
    let mut dropped = String::new();
    let bad = || FenErrorKind::BadCastling(quote(text));
    if text.len() > 8 {
        return Err(bad());
    }
    let mut rights = Bitboard::EMPTY;
    let mut all_files = true;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = color.back_rank();
        let back = Bitboard::rank(rank);
        let rook = match c.to_ascii_lowercase() {
            'k' | 'q' => {
                all_files = false;
                let king = (board.by_piece(Role::King.of(color)) & back).first();
                let rooks = board.by_piece(Role::Rook.of(color)) & back;
                let found = king.and_then(|king| {
                    if c.eq_ignore_ascii_case(&'k') {
                        rooks
                            .filter(|r| r.file() > king.file())
                            .max_by_key(|r| r.file())
                    } else {
                        rooks
                            .filter(|r| r.file() < king.file())
                            .min_by_key(|r| r.file())
                    }
                });
                let Some(rook) = found else {
                    dropped.push(c);
                    continue;
                };
                rook
            }
            f @ 'a'..='h' => {
                let file = File::from_char(f).ok_or_else(bad)?;
                let rook = Square::from_coords(file, rank);
                let home = (board.by_piece(Role::King.of(color)) & back).any()
                    && board.by_piece(Role::Rook.of(color)).contains(rook);
                if !home {
                    dropped.push(c);
                    continue;
                }
                rook
            }
            _ => return Err(bad()),
        };
        if rights.contains(rook) {
            return Err(bad());
        }
        rights = rights.with(rook);
    }
    let notation = if all_files {
        CastlingNotation::Shredder
    } else {
        CastlingNotation::Standard
    };
    Ok((rights, notation, dropped))
}

/// Where a FEN is written: a `String`, or the bytes of a report being
/// written (a FEN is ASCII), appended to with no copy in between.
pub(crate) trait FenText {
    /// Appends `bytes`, all ASCII.
    fn push_ascii(&mut self, bytes: &[u8]);
    /// Appends `b`, ASCII.
    fn push_byte(&mut self, b: u8);
    /// The bytes written so far.
    fn written(&self) -> usize;
}

impl FenText for String {
    fn push_ascii(&mut self, bytes: &[u8]) {
        self.push_str(core::str::from_utf8(bytes).unwrap_or_default());
    }

    fn push_byte(&mut self, b: u8) {
        // ASCII: the char of the same number.
        self.push(char::from(b));
    }

    fn written(&self) -> usize {
        self.len()
    }
}

impl FenText for Vec<u8> {
    fn push_ascii(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }

    fn push_byte(&mut self, b: u8) {
        self.push(b);
    }

    fn written(&self) -> usize {
        self.len()
    }
}

/// Appends the castling field to `s`: White then Black, king side before
/// queen side (`-` for none), with no allocation.
pub(crate) fn write_castling_field(
    s: &mut impl FenText,
    board: &Board,
    rights: Bitboard,
    notation: CastlingNotation,
) {
    // Most games end with no right left: nothing to look for.
    if rights.is_empty() {
        s.push_byte(b'-');
        return;
    }
    let before = s.written();
    for color in Color::ALL {
        let back = Bitboard::rank(color.back_rank());
        let ours = rights & back;
        let king_file = (board.by_piece(Role::King.of(color)) & back)
            .first()
            .map_or(File::E, Square::file);
        let rooks = board.by_piece(Role::Rook.of(color)) & back;
        // The rights' squares from the h-file to the a-file.
        for file in File::ALL.into_iter().rev() {
            let sq = Square::from_coords(file, color.back_rank());
            if !ours.contains(sq) {
                continue;
            }
            let king_side = sq.file() > king_file;
            let outermost = if king_side {
                rooks.filter(|r| r.file() > sq.file()).count() == 0
            } else {
                rooks.filter(|r| r.file() < sq.file()).count() == 0
            };
            let c = match notation {
                CastlingNotation::Standard if outermost => {
                    if king_side {
                        'k'
                    } else {
                        'q'
                    }
                }
                _ => sq.file().char(),
            };
            let c = match color {
                Color::White => c.to_ascii_uppercase(),
                Color::Black => c,
            };
            // The field's letters are ASCII.
            s.push_byte(c as u8);
        }
    }
    if s.written() == before {
        s.push_byte(b'-');
    }
}

/// Why `square` cannot be the en passant square with `turn` to move: not on
/// the rank a double step passes, or no pawn of the other side just past it
/// with the square and the pawn's origin empty. `None` when it can.
fn ep_problem(board: &Board, turn: Color, square: Square) -> Option<PositionError> {
    let expected = turn.fold(Rank::Sixth, Rank::Third);
    if square.rank() != expected {
        return Some(PositionError::EpWrongRank { square, turn });
    }
    let color = turn.other();
    let origin = Square::from_coords(square.file(), turn.fold(Rank::Seventh, Rank::Second));
    let pawn = Square::from_coords(square.file(), turn.fold(Rank::Fifth, Rank::Fourth));
    (!board.by_piece(Role::Pawn.of(color)).contains(pawn)
        || board.occupied().contains(square)
        || board.occupied().contains(origin))
    .then_some(PositionError::EpNoPawn {
        square,
        color,
        origin,
        pawn,
    })
}

/// The rules a setup must satisfy to be a position.
pub(crate) fn validate(setup: &Setup) -> Result<(), PositionError> {
    let board = &setup.board;
    for color in Color::ALL {
        let mut kings = board.by_piece(Role::King.of(color));
        let first = kings.next().ok_or(PositionError::MissingKing(color))?;
        if let Some(second) = kings.next() {
            return Err(PositionError::TooManyKings {
                color,
                first,
                second,
            });
        }
    }
    if let Some(square) = (board.by_role(Role::Pawn) & Bitboard::BACK_RANKS).first() {
        let color = board.color_at(square).unwrap_or(Color::White);
        return Err(PositionError::PawnOnBackRank { color, square });
    }
    let mut seen_side = [[None::<Square>; 2]; 2];
    for square in setup.castling_rights {
        let color = match square.rank() {
            Rank::First => Color::White,
            Rank::Eighth => Color::Black,
            _ => return Err(PositionError::CastlingOffBackRank(square)),
        };
        if !board.by_piece(Role::Rook.of(color)).contains(square) {
            return Err(PositionError::CastlingWithoutRook { color, square });
        }
        let Some(king) =
            (board.by_piece(Role::King.of(color)) & Bitboard::rank(square.rank())).first()
        else {
            return Err(PositionError::CastlingWithoutKing { color, square });
        };
        let side = usize::from(square.file() > king.file());
        if let Some(first) = seen_side[color.index() & 1][side] {
            return Err(PositionError::CastlingSameSide {
                color,
                first,
                second: square,
            });
        }
        seen_side[color.index() & 1][side] = Some(square);
    }
    if let Some(square) = setup.ep_square {
        if let Some(e) = ep_problem(board, setup.turn, square) {
            return Err(e);
        }
    }
    let them = setup.turn.other();
    if let Some(king) = board.king_of(them) {
        let occ = board.occupied();
        let us = setup.turn;
        let b = board;
        let attackers = ((crate::attacks::knight_attacks(king) & b.by_role(Role::Knight))
            | (king_attacks(king) & b.by_role(Role::King))
            | (pawn_attacks(them, king) & b.by_role(Role::Pawn))
            | (crate::attacks::rook_attacks(king, occ) & b.rooks_and_queens())
            | (crate::attacks::bishop_attacks(king, occ) & b.bishops_and_queens()))
            & b.by_color(us);
        if let Some(checker) = attackers.first() {
            return Err(PositionError::OppositeCheck {
                color: them,
                king,
                checker,
                role: b.role_at(checker).unwrap_or(Role::Pawn),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
