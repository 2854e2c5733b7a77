//! Resolution of a written move (SAN, LAN, UCI, castling, null) into the one legal move
//! it names, and the check of its check, mate and capture marks.
//!
//! The fast path follows the search algorithms of the classic notation chapter: from the
//! destination, look outwards for our pieces of the written kind (one attack-set lookup,
//! intersected with our pieces and any origin file or rank written), then test legality
//! (pins, check evasion) for those candidates only. No move list is generated when the
//! move resolves; errors are explained with the pieces and squares at fault.

use core::fmt;
use scoresheet_notation::Kind;

use scoresheet_notation::{
    CastleMove, CastleSide, CheckMark, Diagnostic, File, FileCapture, LanMove, MoveKind, SanMove,
    Severity, Span, WrittenMove,
};

use crate::attacks::{attacks, king_attacks, pawn_attacks};
use crate::position::{CastleObstacle, Safety};
use crate::{Bitboard, Color, Move, MoveType, Piece, Position, Rank, Role, Square};

/// A legal move that could be meant by an ambiguous written move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Its SAN in the position, without check suffix.
    pub san: String,
}

impl fmt::Display for Candidate {
    /// `Nbd2 (Nb1-d2)`: the SAN, then the LAN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.san, self.mv.to_lan())
    }
}

/// A piece named in an error: colour, role and square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedPiece {
    /// The piece.
    pub piece: Piece,
    /// Where it stands.
    pub square: Square,
}

impl fmt::Display for PlacedPiece {
    /// `the bishop on b4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {} on {}", self.piece.role, self.square)
    }
}

/// The castling side as words.
fn side_name(side: CastleSide) -> &'static str {
    match side {
        CastleSide::King => "king side",
        CastleSide::Queen => "queen side",
    }
}

/// Why a written move names no legal move, or more than one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// No piece of the written kind can reach the destination.
    #[error("no {} {} can move to {to}", piece.color, piece.role)]
    NoPiece {
        /// The piece that was written.
        piece: Piece,
        /// The destination.
        to: Square,
        /// The destination as written.
        span: Span,
    },
    /// The one piece that could make the move is pinned to its king.
    #[error("{pinned} is pinned by {pinner}")]
    Pinned {
        /// The pinned piece.
        pinned: PlacedPiece,
        /// The pinning piece.
        pinner: PlacedPiece,
        /// The move as written.
        span: Span,
    },
    /// The side to move is in check and the move does not answer it.
    #[error("the {} king is in check from {checker} and {lan} does not answer it", checker.piece.color.other())]
    InCheck {
        /// A checking piece.
        checker: PlacedPiece,
        /// The move that was tried, in LAN.
        lan: String,
        /// The move as written.
        span: Span,
    },
    /// The king would step into check.
    #[error("the king on {from} cannot move to {to}: it would be in check from {attacker}")]
    KingIntoCheck {
        /// The king's square.
        from: Square,
        /// Its destination.
        to: Square,
        /// A piece attacking the destination.
        attacker: PlacedPiece,
        /// The move as written.
        span: Span,
    },
    /// The destination holds a piece of the side to move.
    #[error("{to} holds a {} {} of the side to move", piece.color, piece.role)]
    OwnPieceOnDestination {
        /// The destination.
        to: Square,
        /// The piece there.
        piece: Piece,
        /// The destination as written.
        span: Span,
    },
    /// A capture was written but there is nothing to capture on the destination.
    #[error("a capture is written but {to} is empty")]
    CaptureOnEmpty {
        /// The destination.
        to: Square,
        /// The capture mark.
        span: Span,
    },
    /// LAN or UCI: the origin holds no piece of the side to move.
    #[error("there is no {} piece on {from}", color)]
    NoPieceOnOrigin {
        /// The origin.
        from: Square,
        /// The side to move.
        color: Color,
        /// The origin as written.
        span: Span,
    },
    /// LAN: the origin holds another kind of piece than the one written.
    #[error("a {} is written but the piece on {from} is a {}", written.name(), found.role)]
    WrongPieceOnOrigin {
        /// The origin.
        from: Square,
        /// The role written.
        written: Role,
        /// The piece found.
        found: Piece,
        /// The piece letter as written.
        span: Span,
    },
    /// LAN or UCI: the piece on the origin cannot move to the destination.
    #[error("{piece} cannot move to {to}")]
    CannotReach {
        /// The piece.
        piece: PlacedPiece,
        /// The destination.
        to: Square,
        /// The move as written.
        span: Span,
    },
    /// A pawn reaches the last rank but no promotion piece is written.
    #[error("the pawn reaching {to} must promote: write the piece, such as {to}=Q")]
    PromotionMissing {
        /// The destination.
        to: Square,
        /// The destination as written.
        span: Span,
    },
    /// A promotion piece is written for a move that does not promote.
    #[error("only a pawn reaching the last rank promotes")]
    PromotionNotAllowed {
        /// The promotion as written.
        span: Span,
    },
    /// A pawn cannot become a king or stay a pawn.
    #[error("a pawn cannot promote to a {0}", role.name())]
    PromotionRole {
        /// The role written.
        role: Role,
        /// The promotion as written.
        span: Span,
    },
    /// No castling right on that side.
    #[error("{color} has no right to castle {}", side_name(*side))]
    CastlingNoRight {
        /// The side to move.
        color: Color,
        /// The castling side.
        side: CastleSide,
        /// The move as written.
        span: Span,
    },
    /// A piece stands in the way of castling.
    #[error("castling {} is blocked: {square} is occupied", side_name(*side))]
    CastlingBlocked {
        /// The castling side.
        side: CastleSide,
        /// An occupied square on the way.
        square: Square,
        /// The move as written.
        span: Span,
    },
    /// The king is in check, so it may not castle.
    #[error("cannot castle out of check from {checker}")]
    CastlingInCheck {
        /// A checking piece.
        checker: PlacedPiece,
        /// The move as written.
        span: Span,
    },
    /// The king would pass through or land on an attacked square.
    #[error("the king cannot castle {}: it would {} check on {square} from {attacker}", side_name(*side), if *lands { "land in" } else { "pass through" })]
    CastlingThroughCheck {
        /// The castling side.
        side: CastleSide,
        /// The attacked square.
        square: Square,
        /// Whether it is the king's destination.
        lands: bool,
        /// A piece attacking it.
        attacker: PlacedPiece,
        /// The move as written.
        span: Span,
    },
    /// `Castles` names no side and both sides are possible.
    #[error("castling is written without a side and both sides are possible")]
    CastlingSideUnknown {
        /// The candidates.
        candidates: Vec<Candidate>,
        /// The move as written.
        span: Span,
    },
    /// More than one legal move matches.
    #[error("ambiguous: {} {} {}s can move to {to}", candidates.len(), piece.color, piece.role)]
    Ambiguous {
        /// The piece written.
        piece: Piece,
        /// The destination.
        to: Square,
        /// Every legal move that matches.
        candidates: Vec<Candidate>,
        /// The move as written.
        span: Span,
    },
    /// An en passant capture that would uncover an attack on the king along the rank.
    #[error("{lan} would expose the king on {king} to {attacker}")]
    ExposesKing {
        /// The king's square.
        king: Square,
        /// The piece that would attack it.
        attacker: PlacedPiece,
        /// The move, in LAN.
        lan: String,
        /// The move as written.
        span: Span,
    },
    /// A null move while in check.
    #[error("a null move is not possible in check")]
    NullInCheck {
        /// The move as written.
        span: Span,
    },
    /// A pawn capture by files (`cd:`) that no pawn can make.
    #[error("no {color} pawn on the {from}-file can capture on the {to}-file")]
    NoFileCapture {
        /// The side to move.
        color: Color,
        /// The capturing pawn's file.
        from: File,
        /// The captured unit's file.
        to: File,
        /// The move as written.
        span: Span,
    },
    /// A pawn capture by files (`cd:`) that more than one capture fits.
    #[error("ambiguous: {} pawn captures from the {from}-file to the {to}-file", candidates.len())]
    AmbiguousFileCapture {
        /// The capturing pawn's file.
        from: File,
        /// The captured unit's file.
        to: File,
        /// Every legal capture that fits.
        candidates: Vec<Candidate>,
        /// The move as written.
        span: Span,
    },
    /// A notation this resolver does not handle (English descriptive).
    #[error("{notation} notation is not resolved here")]
    Unsupported {
        /// The notation's name.
        notation: &'static str,
        /// The move as written.
        span: Span,
    },
}

impl ResolveError {
    /// The part of the written move the error is about.
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            ResolveError::NoPiece { span, .. }
            | ResolveError::Pinned { span, .. }
            | ResolveError::InCheck { span, .. }
            | ResolveError::KingIntoCheck { span, .. }
            | ResolveError::OwnPieceOnDestination { span, .. }
            | ResolveError::CaptureOnEmpty { span, .. }
            | ResolveError::NoPieceOnOrigin { span, .. }
            | ResolveError::WrongPieceOnOrigin { span, .. }
            | ResolveError::CannotReach { span, .. }
            | ResolveError::PromotionMissing { span, .. }
            | ResolveError::PromotionNotAllowed { span }
            | ResolveError::PromotionRole { span, .. }
            | ResolveError::CastlingNoRight { span, .. }
            | ResolveError::CastlingBlocked { span, .. }
            | ResolveError::CastlingInCheck { span, .. }
            | ResolveError::CastlingThroughCheck { span, .. }
            | ResolveError::CastlingSideUnknown { span, .. }
            | ResolveError::Ambiguous { span, .. }
            | ResolveError::ExposesKing { span, .. }
            | ResolveError::NullInCheck { span }
            | ResolveError::NoFileCapture { span, .. }
            | ResolveError::AmbiguousFileCapture { span, .. }
            | ResolveError::Unsupported { span, .. } => *span,
        }
    }

    /// The candidate readings of an ambiguous move, as `Nbd2 (Nb1-d2)`; empty otherwise.
    #[must_use]
    pub fn candidates(&self) -> Vec<String> {
        match self {
            ResolveError::Ambiguous { candidates, .. }
            | ResolveError::AmbiguousFileCapture { candidates, .. }
            | ResolveError::CastlingSideUnknown { candidates, .. } => {
                candidates.iter().map(ToString::to_string).collect()
            }
            _ => Vec::new(),
        }
    }

    /// A short stable name for the kind: `ambiguous-move`, `unsupported-notation` or
    /// `illegal-move`.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match self {
            ResolveError::Ambiguous { .. }
            | ResolveError::AmbiguousFileCapture { .. }
            | ResolveError::CastlingSideUnknown { .. } => Kind::AmbiguousMove,
            ResolveError::Unsupported { .. } => Kind::UnsupportedNotation,
            _ => Kind::IllegalMove,
        }
    }

    /// This error as an error-level diagnostic, candidates included.
    #[must_use]
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d = Diagnostic::new(Severity::Error, self.kind(), self.to_string(), self.span());
        d.candidates = self.candidates();
        d
    }
}

/// Resolves a written move into the one legal move it names.
///
/// Handles SAN, LAN, UCI (castling as `e1g1` in standard chess or king-takes-rook in
/// Chess960), castling and the null move ([`Move::NULL`]). English descriptive moves give
/// [`ResolveError::Unsupported`]. A quiet move written onto an enemy piece resolves (the
/// missing capture mark is reported by [`check_suffix`]).
///
/// # Errors
/// A [`ResolveError`] saying why no legal move, or more than one, matches.
///
/// ```
/// use scoresheet_board::{resolve, Position};
/// use scoresheet_notation::{MoveKind, SanMove, Role, Span, Suffix, WrittenMove};
/// let pos = Position::new();
/// let written = WrittenMove {
///     kind: MoveKind::San(SanMove {
///         role: Role::Knight, role_span: Some(Span::new(0, 1)), from_file: None, from_rank: None,
///         from_span: None, capture: None, to: "f3".parse().unwrap(), to_span: Span::new(1, 3),
///         promotion: None, promotion_span: None,
///     }),
///     suffix: Suffix::default(),
///     span: Span::new(0, 3),
/// };
/// assert_eq!(resolve(&pos, &written).unwrap().to_uci(), "g1f3");
/// ```
pub fn resolve(pos: &Position, mv: &WrittenMove) -> Result<Move, ResolveError> {
    match &mv.kind {
        MoveKind::San(san) => resolve_san(pos, san, mv.span),
        MoveKind::Lan(lan) => resolve_lan(pos, lan, mv.span),
        MoveKind::Castle(castle) => resolve_castle(pos, castle, mv.span),
        MoveKind::Null => {
            if pos.is_check() {
                Err(ResolveError::NullInCheck { span: mv.span })
            } else {
                Ok(Move::NULL)
            }
        }
        MoveKind::Descriptive(_) => Err(ResolveError::Unsupported {
            notation: "english descriptive",
            span: mv.span,
        }),
        MoveKind::FileCapture(c) => resolve_file_capture(pos, c, mv.span),
    }
}

/// `cd:`: the one legal capture (en passant included) of a pawn on the first
/// file onto the second.
fn resolve_file_capture(pos: &Position, c: &FileCapture, span: Span) -> Result<Move, ResolveError> {
    let color = pos.turn();
    let legal = pos.legal_moves();
    let mut fits = legal.iter().filter(|m| {
        m.role == Role::Pawn
            && m.capture.is_some()
            && m.from.file() == c.from
            && m.to.file() == c.to
            && m.promotion.is_none_or(|r| r == Role::Queen)
    });
    match (fits.next(), fits.next()) {
        (Some(m), None) => Ok(*m),
        (None, _) => Err(ResolveError::NoFileCapture {
            color,
            from: c.from,
            to: c.to,
            span,
        }),
        (Some(_), Some(_)) => Err(ResolveError::AmbiguousFileCapture {
            from: c.from,
            to: c.to,
            candidates: legal
                .iter()
                .filter(|m| {
                    m.role == Role::Pawn
                        && m.capture.is_some()
                        && m.from.file() == c.from
                        && m.to.file() == c.to
                        && m.promotion.is_none_or(|r| r == Role::Queen)
                })
                .map(|m| Candidate {
                    san: pos.san_plain(m),
                    mv: *m,
                })
                .collect(),
            span,
        }),
    }
}

fn placed(pos: &Position, square: Square) -> PlacedPiece {
    PlacedPiece {
        piece: pos
            .piece_at(square)
            .unwrap_or(Role::Pawn.of(pos.turn().other())),
        square,
    }
}

/// The last rank for the side to move's pawns.
fn last_rank(color: Color) -> Rank {
    color.fold(Rank::Eighth, Rank::First)
}

/// Checks the written promotion against the move of `role` to `to`; the role to promote to.
fn promotion_for(
    color: Color,
    role: Role,
    to: Square,
    written: Option<Role>,
    promotion_span: Option<Span>,
    to_span: Span,
) -> Result<Option<Role>, ResolveError> {
    let promotes = role == Role::Pawn && to.rank() == last_rank(color);
    let span = promotion_span.unwrap_or(to_span);
    match (promotes, written) {
        (true, None) => Err(ResolveError::PromotionMissing { to, span: to_span }),
        (true, Some(r @ (Role::Pawn | Role::King))) => {
            Err(ResolveError::PromotionRole { role: r, span })
        }
        (true, Some(r)) => Ok(Some(r)),
        (false, Some(_)) => Err(ResolveError::PromotionNotAllowed { span }),
        (false, None) => Ok(None),
    }
}

/// Why the en passant capture from `from` to `to` is illegal (it is known to be).
fn explain_en_passant(
    pos: &Position,
    s: &Safety,
    from: Square,
    to: Square,
    span: Span,
) -> ResolveError {
    let captured = Square::from_coords(to.file(), from.rank());
    let lan = Move {
        role: Role::Pawn,
        from,
        to,
        capture: Some(Role::Pawn),
        promotion: None,
        kind: MoveType::EnPassant,
    }
    .to_lan();
    if let Some(checker) = s.checkers.first() {
        if checker != captured {
            return ResolveError::InCheck {
                checker: placed(pos, checker),
                lan,
                span,
            };
        }
    }
    let occ = pos.occupied().without(from).without(captured).with(to);
    let attacker = pos
        .attackers_to(s.king, pos.turn().other(), occ)
        .without(captured)
        .first()
        .unwrap_or(captured);
    ResolveError::ExposesKing {
        king: s.king,
        attacker: placed(pos, attacker),
        lan,
        span,
    }
}

/// Why moving `role` from `from` to `to` is illegal (it is known to be).
fn explain_illegal(
    pos: &Position,
    s: &Safety,
    role: Role,
    from: Square,
    to: Square,
    span: Span,
) -> ResolveError {
    let us = pos.turn();
    if role == Role::King {
        let attacker = pos
            .attackers_to(to, us.other(), pos.occupied().without(from))
            .first()
            .unwrap_or(to);
        return ResolveError::KingIntoCheck {
            from,
            to,
            attacker: placed(pos, attacker),
            span,
        };
    }
    if let Some(pinner) = pos.pinner_of(from) {
        if !crate::attacks::line(s.king, from).contains(to) {
            return ResolveError::Pinned {
                pinned: placed(pos, from),
                pinner: placed(pos, pinner),
                span,
            };
        }
    }
    let lan = Move {
        role,
        from,
        to,
        capture: pos.board().role_at(to),
        promotion: None,
        kind: MoveType::Normal,
    }
    .to_lan();
    let checker = s.checkers.first().unwrap_or(s.king);
    ResolveError::InCheck {
        checker: placed(pos, checker),
        lan,
        span,
    }
}

/// A move onto one of our own pieces names no move.
#[inline]
fn own_piece_on(pos: &Position, to: Square, span: Span) -> Result<(), ResolveError> {
    // The bitboard test is the hot path; the piece is looked up only for the error.
    if !pos.by_color(pos.turn()).contains(to) {
        return Ok(());
    }
    match pos.piece_at(to) {
        Some(own) => Err(ResolveError::OwnPieceOnDestination {
            to,
            piece: own,
            span,
        }),
        None => Ok(()),
    }
}

/// How a piece move captures: what stands on its destination (`enemy_on_to`), or
/// the pawn beside it (`en_passant`), or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Taking {
    pub(crate) enemy_on_to: bool,
    pub(crate) en_passant: bool,
}

/// The move of the piece `role` from `from` to `to` in `pos` (not castling).
#[inline(always)]
pub(crate) fn piece_move(
    pos: &Position,
    role: Role,
    (from, to): (Square, Square),
    promotion: Option<Role>,
    taking: Taking,
) -> Move {
    let en_passant = taking.en_passant;
    let capture = if en_passant {
        Some(Role::Pawn)
    } else if taking.enemy_on_to {
        pos.board().role_at(to)
    } else {
        None
    };
    Move {
        role,
        from,
        to,
        capture,
        promotion,
        kind: if en_passant {
            MoveType::EnPassant
        } else {
            MoveType::Normal
        },
    }
}

fn resolve_san(pos: &Position, san: &SanMove, span: Span) -> Result<Move, ResolveError> {
    let us = pos.turn();
    let them = us.other();
    let to = san.to;
    let piece = san.role.of(us);
    own_piece_on(pos, to, san.to_span)?;
    let occupied = pos.occupied();
    let enemy_on_to = pos.by_color(them).contains(to);
    let ours = pos.by_piece(piece);
    let mut en_passant = false;
    let mut origins = match san.role {
        Role::Pawn => {
            let diagonal = san.capture.is_some() || san.from_file.is_some_and(|f| f != to.file());
            if diagonal {
                if enemy_on_to {
                    pawn_attacks(them, to) & ours
                } else if pos.ep_square() == Some(to) {
                    en_passant = true;
                    pawn_attacks(them, to) & ours
                } else if let Some(mark) = san.capture {
                    return Err(ResolveError::CaptureOnEmpty { to, span: mark });
                } else {
                    // `ef6` onto an empty square: no pawn moves diagonally without capturing.
                    Bitboard::EMPTY
                }
            } else if occupied.contains(to) {
                Bitboard::EMPTY
            } else {
                let back = match us {
                    Color::White => to.offset(0, -1),
                    Color::Black => to.offset(0, 1),
                };
                match back {
                    Some(one) if ours.contains(one) => Bitboard::from_square(one),
                    Some(one)
                        if !occupied.contains(one)
                            && to.rank() == us.fold(Rank::Fourth, Rank::Fifth) =>
                    {
                        let two = match us {
                            Color::White => one.offset(0, -1),
                            Color::Black => one.offset(0, 1),
                        };
                        two.map_or(Bitboard::EMPTY, |two| Bitboard::from_square(two) & ours)
                    }
                    _ => Bitboard::EMPTY,
                }
            }
        }
        Role::King => king_attacks(to) & ours,
        // A capture mark on a piece's quiet move (`Nxf3` to an empty f3) names the
        // move all the same: `check_suffix` warns about the mark.
        role => attacks(role.of(them), to, occupied) & ours,
    };
    if let Some(file) = san.from_file {
        origins &= Bitboard::file(file);
    }
    if let Some(rank) = san.from_rank {
        origins &= Bitboard::rank(rank);
    }
    let Some(first) = origins.first() else {
        return Err(ResolveError::NoPiece {
            piece,
            to,
            span: san.to_span,
        });
    };
    let promotion = promotion_for(
        us,
        san.role,
        to,
        san.promotion,
        san.promotion_span,
        san.to_span,
    )?;
    let Some(safety) = pos.safety() else {
        return Err(ResolveError::NoPiece {
            piece,
            to,
            span: san.to_span,
        });
    };
    let is_legal = |from: Square| {
        if en_passant {
            pos.is_safe_en_passant(from, to)
        } else if san.role == Role::King {
            pos.is_safe_king_step(from, to)
        } else {
            pos.is_safe_non_king(&safety, from, to)
        }
    };
    let taking = Taking {
        enemy_on_to,
        en_passant,
    };
    let build = |from: Square| piece_move(pos, san.role, (from, to), promotion, taking);
    let mut legal = origins.filter(|&from| is_legal(from));
    match (legal.next(), legal.next()) {
        (Some(from), None) => Ok(build(from)),
        (None, _) if en_passant => Err(explain_en_passant(pos, &safety, first, to, span)),
        (None, _) => Err(explain_illegal(pos, &safety, san.role, first, to, span)),
        (Some(_), Some(_)) => {
            let candidates = origins
                .filter(|&from| is_legal(from))
                .map(|from| {
                    let mv = build(from);
                    Candidate {
                        san: pos.san_plain(&mv),
                        mv,
                    }
                })
                .collect();
            Err(ResolveError::Ambiguous {
                piece,
                to,
                candidates,
                span,
            })
        }
    }
}

fn resolve_castle(pos: &Position, castle: &CastleMove, span: Span) -> Result<Move, ResolveError> {
    match castle.side {
        Some(side) => castle_on(pos, side, span),
        None => {
            let options: Vec<Move> = [CastleSide::King, CastleSide::Queen]
                .into_iter()
                .filter_map(|side| castle_on(pos, side, span).ok())
                .collect();
            match options.as_slice() {
                [only] => Ok(*only),
                // Neither side works: explain the side that has a right, if one does.
                [] => match castle_on(pos, CastleSide::King, span) {
                    Err(ResolveError::CastlingNoRight { .. }) => {
                        castle_on(pos, CastleSide::Queen, span)
                    }
                    other => other,
                },
                _ => Err(ResolveError::CastlingSideUnknown {
                    candidates: options
                        .into_iter()
                        .map(|mv| Candidate {
                            san: pos.san_plain(&mv),
                            mv,
                        })
                        .collect(),
                    span,
                }),
            }
        }
    }
}

/// Castling of the side to move on `side`, with its errors.
pub(crate) fn castle_on(
    pos: &Position,
    side: CastleSide,
    span: Span,
) -> Result<Move, ResolveError> {
    let Some((king, rook)) = pos.castling_pieces(side) else {
        return Err(ResolveError::CastlingNoRight {
            color: pos.turn(),
            side,
            span,
        });
    };
    castle_with(pos, king, rook, side, span)
}

fn castle_with(
    pos: &Position,
    king: Square,
    rook: Square,
    side: CastleSide,
    span: Span,
) -> Result<Move, ResolveError> {
    let us = pos.turn();
    pos.castle_move(king, rook)
        .map_err(|obstacle| match obstacle {
            CastleObstacle::Blocked(square) => ResolveError::CastlingBlocked { side, square, span },
            CastleObstacle::InCheck => ResolveError::CastlingInCheck {
                checker: placed(pos, pos.checkers().first().unwrap_or(king)),
                span,
            },
            CastleObstacle::Attacked { square, attacker } => {
                let king_to = Square::from_coords(
                    match side {
                        CastleSide::King => crate::File::G,
                        CastleSide::Queen => crate::File::C,
                    },
                    us.back_rank(),
                );
                ResolveError::CastlingThroughCheck {
                    side,
                    square,
                    lands: square == king_to,
                    attacker: placed(pos, attacker),
                    span,
                }
            }
        })
}

fn resolve_lan(pos: &Position, lan: &LanMove, span: Span) -> Result<Move, ResolveError> {
    let us = pos.turn();
    let them = us.other();
    let (from, to) = (lan.from, lan.to);
    let Some(piece) = pos.piece_at(from).filter(|p| p.color == us) else {
        return Err(ResolveError::NoPieceOnOrigin {
            from,
            color: us,
            span: lan.from_span,
        });
    };
    if let Some(written) = lan.role {
        if written != piece.role {
            return Err(ResolveError::WrongPieceOnOrigin {
                from,
                written,
                found: piece,
                span: lan.role_span.unwrap_or(lan.from_span),
            });
        }
    }
    // Castling: king takes own rook (Chess960 UCI), or the king's two-square step.
    if piece.role == Role::King && from.rank() == us.back_rank() {
        let side = if to.file() > from.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        if pos.by_piece(Role::Rook.of(us)).contains(to) && pos.castling_rights().contains(to) {
            return castle_with(pos, from, to, side, span);
        }
        if to.rank() == from.rank()
            && from.file().index().abs_diff(to.file().index()) == 2
            && lan.promotion.is_none()
        {
            return castle_on(pos, side, span);
        }
    }
    own_piece_on(pos, to, lan.to_span)?;
    let occupied = pos.occupied();
    let enemy_on_to = pos.by_color(them).contains(to);
    let en_passant = piece.role == Role::Pawn
        && !enemy_on_to
        && pos.ep_square() == Some(to)
        && pawn_attacks(us, from).contains(to);
    // A capture mark on a quiet move (`Ng1xf3`) names the move all the same:
    // `check_suffix` warns about the mark. A pawn cannot move diagonally onto an
    // empty square, though.
    if let (Some(true), false, false) = (lan.capture, enemy_on_to, en_passant) {
        if piece.role == Role::Pawn && pawn_attacks(us, from).contains(to) {
            return Err(ResolveError::CaptureOnEmpty {
                to,
                span: lan.separator_span.unwrap_or(lan.to_span),
            });
        }
    }
    let reaches = match piece.role {
        Role::Pawn => {
            let one = match us {
                Color::White => from.offset(0, 1),
                Color::Black => from.offset(0, -1),
            };
            let two = one.and_then(|one| match us {
                Color::White => one.offset(0, 1),
                Color::Black => one.offset(0, -1),
            });
            let start = from.rank() == us.fold(Rank::Second, Rank::Seventh);
            if pawn_attacks(us, from).contains(to) {
                enemy_on_to || en_passant
            } else if Some(to) == one {
                !occupied.contains(to)
            } else if Some(to) == two && start {
                one.is_some_and(|one| !occupied.contains(one)) && !occupied.contains(to)
            } else {
                false
            }
        }
        role => attacks(role.of(us), from, occupied).contains(to),
    };
    if !reaches {
        return Err(ResolveError::CannotReach {
            piece: PlacedPiece {
                piece,
                square: from,
            },
            to,
            span,
        });
    }
    let promotion = promotion_for(
        us,
        piece.role,
        to,
        lan.promotion,
        lan.promotion_span,
        lan.to_span,
    )?;
    let Some(safety) = pos.safety() else {
        return Err(ResolveError::NoPiece {
            piece,
            to,
            span: lan.to_span,
        });
    };
    let legal = if en_passant {
        pos.is_safe_en_passant(from, to)
    } else if piece.role == Role::King {
        pos.is_safe_king_step(from, to)
    } else {
        pos.is_safe_non_king(&safety, from, to)
    };
    if !legal {
        return Err(if en_passant {
            explain_en_passant(pos, &safety, from, to, span)
        } else {
            explain_illegal(pos, &safety, piece.role, from, to, span)
        });
    }
    let taking = Taking {
        enemy_on_to,
        en_passant,
    };
    Ok(piece_move(pos, piece.role, (from, to), promotion, taking))
}

/// Warnings about the marks written with a move that was resolved and played: a missing or
/// wrong check or mate mark (`+`, `#`, `++`), a missing capture mark or one on a quiet
/// move, an en passant mark on another move.
///
/// `before` is the position the move was played in, `after` the one it led to. Mate is
/// only tested (with a full legal-move test) when the move gives check.
#[must_use]
pub fn check_suffix(
    before: &Position,
    after: &Position,
    mv: &WrittenMove,
    played: &Move,
) -> Vec<Diagnostic> {
    let _ = before;
    let mut out = Vec::new();
    suffix_diagnostics(after, mv, played, &mut out);
    out
}

/// The warning about a SAN move that names more of its origin than the legal
/// moves need (`Nge7` where `Ne7` is the only knight move to e7, `Rf1a3`
/// where `Rfa3` tells it), in `before`, the position the move `played` is
/// played in: SAN writes the least origin that tells the move (the file, else
/// the rank, else both). `None` for every other move.
#[must_use]
pub fn over_disambiguation(
    before: &Position,
    mv: &WrittenMove,
    played: &Move,
) -> Option<Diagnostic> {
    let MoveKind::San(san) = &mv.kind else {
        return None;
    };
    if san.role == Role::Pawn || (san.from_file.is_none() && san.from_rank.is_none()) {
        return None;
    }
    let (file, rank) = before.disambiguation(played);
    if (san.from_file.is_none() || file) && (san.from_rank.is_none() || rank) {
        return None;
    }
    let span = san.from_span.unwrap_or(mv.span);
    Some(Diagnostic::new(
        Severity::Warning,
        Kind::OverDisambiguated,
        format!(
            "the origin written is more than the legal moves need: SAN writes {}",
            before.san_plain(played)
        ),
        span,
    ))
}

/// [`check_suffix`] without the position before the move (which it does not need),
/// appending to `out`.
pub(crate) fn suffix_diagnostics(
    after: &Position,
    mv: &WrittenMove,
    played: &Move,
    out: &mut Vec<Diagnostic>,
) {
    let warn = |kind: Kind, message: String, span: Span| {
        Diagnostic::new(Severity::Warning, kind, message, span)
    };
    // UCI has no check marks: a UCI move written without one is not asked for one.
    let uci = matches!(&mv.kind, MoveKind::Lan(lan) if lan.is_uci());
    if !(uci && mv.suffix.check.is_none()) {
        let (_, check) = check_mark_diagnostic(after, mv.suffix.check, mv.span);
        out.extend(check);
    }
    let written_capture = match &mv.kind {
        // A pawn capture written without `x` (`ed5`) is a spelling relaxation the
        // parser already reported; saying it again here would only repeat it.
        MoveKind::San(san)
            if san.role == Role::Pawn && san.capture.is_none() && san.from_file.is_some() =>
        {
            None
        }
        MoveKind::San(san) => Some((san.capture.is_some(), san.capture.unwrap_or(san.to_span))),
        MoveKind::Lan(lan) if !lan.is_uci() => Some((
            lan.capture == Some(true),
            lan.separator_span.unwrap_or(lan.to_span),
        )),
        _ => None,
    };
    if let Some((written, span)) = written_capture {
        match (written, played.capture) {
            (false, Some(role)) => {
                let square = if played.kind == MoveType::EnPassant {
                    Square::from_coords(played.to.file(), played.from.rank())
                } else {
                    played.to
                };
                out.push(warn(
                    Kind::MissingCaptureMark,
                    format!("the move captures the {role} on {square} but no capture mark (x) is written"),
                    span,
                ));
            }
            (true, None) => out.push(warn(
                Kind::CaptureMarkOnQuietMove,
                "a capture mark is written but the move captures nothing".to_owned(),
                span,
            )),
            _ => {}
        }
    }
    // The piece named as taken (`Nd7xNe5`): a claim, like a check mark; a
    // wrong one points at a misprint, the move is read all the same.
    if let MoveKind::Lan(LanMove {
        captured: Some(named),
        captured_span: Some(span),
        ..
    }) = &mv.kind
    {
        if let Some(taken) = played.capture.filter(|taken| taken != named) {
            out.push(warn(
                Kind::WrongPieceTaken,
                format!(
                    "a {} is named as taken on {}, but the move takes a {taken}",
                    named.name(),
                    played.to
                ),
                *span,
            ));
        }
    }
    if let Some(span) = mv.suffix.en_passant {
        if played.kind != MoveType::EnPassant {
            out.push(warn(
                Kind::WrongEnPassantMark,
                "an en passant mark is written but the move is not an en passant capture"
                    .to_owned(),
                span,
            ));
        }
    }
}

/// The warning about a check mark (`mark`, with its span, on the move written at
/// `move_span`) that does not fit the move just played (`after` is the position it
/// led to), if any, and whether the move mates. Mate is only tested (with a
/// legal-move test) when the move gives check. Shared by the full replay and the
/// quick lane, so that both say the same.
pub(crate) fn check_mark_diagnostic(
    after: &Position,
    mark: Option<(CheckMark, Span)>,
    move_span: Span,
) -> (bool, Option<Diagnostic>) {
    let warn = |kind: Kind, message: String, span: Span| {
        Some(Diagnostic::new(Severity::Warning, kind, message, span))
    };
    let gives_check = after.is_check();
    let mates = gives_check && !after.has_legal_move();
    let diagnostic = match mark {
        None if mates => warn(
            Kind::MissingCheckMark,
            "the move mates but no mate mark is written (#)".to_owned(),
            move_span,
        ),
        None if gives_check => warn(
            Kind::MissingCheckMark,
            "the move gives check but no check mark is written (+)".to_owned(),
            move_span,
        ),
        None => None,
        Some((mark, span)) => {
            let written = match mark {
                CheckMark::Check => "+",
                CheckMark::DiscoveredCheck => "dis ch",
                CheckMark::DoubleCheck => "dbl ch",
                CheckMark::PlusPlus => "++",
                CheckMark::Mate => "#",
            };
            match mark {
                _ if !gives_check => warn(
                    Kind::WrongCheckMark,
                    format!("{written} is written but the move does not give check"),
                    span,
                ),
                CheckMark::Mate if !mates => warn(
                    Kind::WrongCheckMark,
                    "# is written but the move only gives check (+)".to_owned(),
                    span,
                ),
                CheckMark::PlusPlus => warn(
                    Kind::PlusPlusMark,
                    if mates {
                        "++ is not standard: write # for mate".to_owned()
                    } else {
                        "++ is not standard: write + for check".to_owned()
                    },
                    span,
                ),
                CheckMark::Check | CheckMark::DiscoveredCheck | CheckMark::DoubleCheck if mates => {
                    warn(
                        Kind::WrongCheckMark,
                        format!("{written} is written but the move mates (#)"),
                        span,
                    )
                }
                CheckMark::DoubleCheck if after.checkers().count() < 2 => warn(
                    Kind::WrongCheckMark,
                    "dbl ch is written but the move gives a single check".to_owned(),
                    span,
                ),
                _ => None,
            }
        }
    };
    (mates, diagnostic)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tokenizer;
