//! One descriptive move against one position: the set of legal moves that fit every
//! written constraint (docs/DESCRIPTIVE.md §2 and §3), then the tie-breaks of §4.

use core::fmt::Write as _;
use scoresheet_notation::Kind;

use scoresheet_notation::desc::write_move;
use scoresheet_notation::desc::{
    DescAction, DescFile, DescMove, DescPiece, SquareSpec, VagueKind, Wing,
};
use scoresheet_notation::{
    CastleSide, CheckMark, Diagnostic, MoveKind, Severity, Span, WrittenMove,
};

use super::Origins;
use crate::{Color, File, Move, MoveType, Position, Role, Square};

/// How to read a descriptive move: strict or lenient, with or without the check-marker
/// filter, and what the opponent just played (for the recapture tie-break).
///
/// ```
/// use scoresheet_board::desc::DescContext;
/// let strict = DescContext::strict();
/// assert!(!strict.lenient && strict.check_marker);
/// assert!(DescContext::lenient().lenient);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DescContext {
    /// Lenient mode: the recapture tie-break, plain `Castles` as `O-O` when both castlings
    /// are legal, and a missing promotion piece read as a queen, each reported.
    pub lenient: bool,
    /// The check-marker tie-break: a move printed without a check word does not give check
    /// and one printed with it does (docs/DESCRIPTIVE.md §4, the first tie-break). Books rely on it, so it is on in
    /// both modes; turn it off to test whether a spelling is unique by itself.
    pub check_marker: bool,
    /// The opponent's last move, for the recapture tie-break.
    pub last_move: Option<Move>,
}

impl DescContext {
    /// Strict: docs/DESCRIPTIVE.md §2 and §3 plus the check-marker filter.
    #[must_use]
    pub const fn strict() -> DescContext {
        DescContext {
            lenient: false,
            check_marker: true,
            last_move: None,
        }
    }

    /// Lenient: strict, then recapture, plain `Castles` as `O-O`, promotion to a queen.
    #[must_use]
    pub const fn lenient() -> DescContext {
        DescContext {
            lenient: true,
            check_marker: true,
            last_move: None,
        }
    }

    /// The same context, after the opponent played `last`.
    #[must_use]
    pub const fn after(self, last: Option<Move>) -> DescContext {
        DescContext {
            last_move: last,
            ..self
        }
    }
}

/// The one legal move a descriptive move names, and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescResolution {
    /// The move.
    pub mv: Move,
    /// Tie-breaks used and other remarks (`tie-break-check-marker`, `origin-wing-conflict`,
    /// `vague-move`, ...), located at the written move; `ply` is left unset.
    pub notes: Vec<Diagnostic>,
}

/// Why a descriptive move names no single legal move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DescResolveError {
    /// No legal move fits every written constraint.
    #[error("no legal move fits `{written}`: {reason}")]
    NoMove {
        /// The move as written, in compact form.
        written: String,
        /// The constraint that eliminated the last candidates, in words.
        reason: String,
        /// Where the move was written.
        span: Span,
    },
    /// More than one legal move fits, and no allowed tie-break settles it.
    #[error("`{written}` is ambiguous: {}{}", describe_candidates(position, moves).join(", "), hint.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
    Ambiguous {
        /// The move as written, in compact form.
        written: String,
        /// The position the move was written in, for the candidates' spelling
        /// ([`DescResolveError::candidates`]), which is made only when shown: the
        /// lookahead meets many ambiguities it never reports.
        position: Box<Position>,
        /// The fitting moves, in a fixed order (by their long algebraic form).
        moves: Vec<Move>,
        /// What a lenient reading would do, when it would settle it.
        hint: Option<String>,
        /// Where the move was written.
        span: Span,
    },
    /// The move is not in descriptive notation (or is a null move).
    #[error("`{written}` is not a descriptive move")]
    NotDescriptive {
        /// The move as written.
        written: String,
        /// Where the move was written.
        span: Span,
    },
}

impl DescResolveError {
    /// Where the move was written.
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            DescResolveError::NoMove { span, .. }
            | DescResolveError::Ambiguous { span, .. }
            | DescResolveError::NotDescriptive { span, .. } => *span,
        }
    }

    /// A stable kind name: `no-legal-reading`, `ambiguous-move` or `not-descriptive`.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match self {
            DescResolveError::NoMove { .. } => Kind::NoLegalReading,
            DescResolveError::Ambiguous { .. } => Kind::AmbiguousMove,
            DescResolveError::NotDescriptive { .. } => Kind::NotDescriptive,
        }
    }

    /// This error as an error [`Diagnostic`] with its candidates.
    #[must_use]
    pub fn to_diagnostic(&self) -> Diagnostic {
        let mut d = Diagnostic::new(Severity::Error, self.kind(), self.to_string(), self.span());
        d.candidates = self.candidates();
        d
    }

    /// Every fitting move of an ambiguity as `SAN (LAN)`, in order; empty for the
    /// other errors.
    #[must_use]
    pub fn candidates(&self) -> Vec<String> {
        match self {
            DescResolveError::Ambiguous {
                position, moves, ..
            } => describe_candidates(position, moves),
            _ => Vec::new(),
        }
    }
}

/// `Nc3 (Nb1-c3)`: how candidates are listed.
#[must_use]
pub fn describe_candidate(pos: &Position, m: &Move) -> String {
    format!("{} ({})", pos.san(m), m.to_lan())
}

fn describe_candidates(pos: &Position, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| describe_candidate(pos, m)).collect()
}

/// A written move as messages quote it, in compact form: formatted only when a
/// message is made, since most moves resolve without one; nothing when `silent`.
#[derive(Clone, Copy)]
struct Shown<'a> {
    written: &'a WrittenMove,
    silent: bool,
}

impl core::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match &self.written.kind {
            _ if self.silent => Ok(()),
            // `Kt. mates.` carries its mate mark in the word itself: do not show it twice.
            MoveKind::Descriptive(d) if matches!(d.action, DescAction::Vague(_)) => d.fmt(f),
            _ => f.write_str(&write_move(self.written)),
        }
    }
}

/// Resolves a descriptive move (or a castling) written for the side to move in `pos`.
///
/// The move meant is the one legal move that fits every written constraint; when several
/// fit, the check-marker filter and (lenient only) the recapture rule may settle it, and
/// each use is recorded in [`DescResolution::notes`].
///
/// # Errors
/// [`DescResolveError`] when no legal move fits, when several do, or when `written` is
/// not descriptive.
///
/// ```
/// use scoresheet_board::desc::{resolve_desc, DescContext, Origins};
/// use scoresheet_board::Position;
/// use scoresheet_notation::desc::parse_desc_move;
///
/// let pos = Position::new();
/// let origins = Origins::from_position(&pos);
/// let m = parse_desc_move(b"Kt-KB3", 0).unwrap();
/// let r = resolve_desc(&pos, &origins, &m, &DescContext::strict()).unwrap();
/// assert_eq!(pos.san(&r.mv), "Nf3");
///
/// let m = parse_desc_move(b"N-B3", 0).unwrap();
/// let e = resolve_desc(&pos, &origins, &m, &DescContext::strict()).unwrap_err();
/// assert_eq!(e.to_string(), "`N-B3` is ambiguous: Nc3 (Nb1-c3), Nf3 (Ng1-f3)");
/// ```
pub fn resolve_desc(
    pos: &Position,
    origins: &Origins,
    written: &WrittenMove,
    ctx: &DescContext,
) -> Result<DescResolution, DescResolveError> {
    resolve_quoting(pos, origins, written, ctx, false)
}

/// [`resolve_desc`] without the move quoted in its errors and notes (their `written`
/// is empty): for the lookahead, which meets many ambiguities, reports none and
/// needs only their moves.
pub(crate) fn resolve_desc_silent(
    pos: &Position,
    origins: &Origins,
    written: &WrittenMove,
    ctx: &DescContext,
) -> Result<DescResolution, DescResolveError> {
    resolve_quoting(pos, origins, written, ctx, true)
}

/// [`resolve_desc`], the move quoted in messages unless `silent`.
fn resolve_quoting(
    pos: &Position,
    origins: &Origins,
    written: &WrittenMove,
    ctx: &DescContext,
    silent: bool,
) -> Result<DescResolution, DescResolveError> {
    let shown = Shown { written, silent };
    if !matches!(written.kind, MoveKind::Castle(_) | MoveKind::Descriptive(_)) {
        return Err(DescResolveError::NotDescriptive {
            written: shown.to_string(),
            span: written.span,
        });
    }
    if !pos.has_legal_move() {
        let side = color_name(pos.turn());
        let reason = if pos.is_check() {
            format!("{side} is checkmated, so no move can follow")
        } else {
            format!("{side} is stalemated, so no move can follow")
        };
        return Err(DescResolveError::NoMove {
            written: shown.to_string(),
            reason,
            span: written.span,
        });
    }
    match &written.kind {
        MoveKind::Castle(c) => resolve_castle(pos, written, c.side, shown, ctx),
        MoveKind::Descriptive(d) => resolve_piece_move(pos, origins, written, d, shown, ctx),
        _ => Err(DescResolveError::NotDescriptive {
            written: shown.to_string(),
            span: written.span,
        }),
    }
}

fn resolve_castle(
    pos: &Position,
    written: &WrittenMove,
    side: Option<CastleSide>,
    shown: Shown<'_>,
    ctx: &DescContext,
) -> Result<DescResolution, DescResolveError> {
    let mover = pos.turn();
    let mut moves: Vec<Move> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle() && side.is_none_or(|s| m.castle_side() == Some(s)))
        .copied()
        .collect();
    moves.sort_by_key(Move::lan_key);
    let mut notes = Vec::new();
    if moves.len() > 1 && side.is_none() {
        let short = moves
            .iter()
            .find(|m| m.castle_side() == Some(CastleSide::King))
            .copied();
        match (ctx.lenient, short) {
            (true, Some(short)) => {
                notes.push(Diagnostic::new(
                    Severity::Warning,
                    Kind::CastlesBothLegal,
                    format!("`{shown}` names no side and both castlings are legal: read as O-O"),
                    written.span,
                ));
                moves = vec![short];
            }
            _ => {
                return Err(ambiguous(
                    pos,
                    shown,
                    &moves,
                    Some("a lenient reading takes O-O".to_owned()),
                    written.span,
                ));
            }
        }
    }
    match moves.as_slice() {
        [m] => Ok(DescResolution { mv: *m, notes }),
        [] => Err(DescResolveError::NoMove {
            written: shown.to_string(),
            reason: match side {
                Some(CastleSide::King) => format!("{} cannot castle king side", color_name(mover)),
                Some(CastleSide::Queen) => {
                    format!("{} cannot castle queen side", color_name(mover))
                }
                None => format!("{} cannot castle", color_name(mover)),
            },
            span: written.span,
        }),
        _ => Err(ambiguous(pos, shown, &moves, None, written.span)),
    }
}

fn ambiguous(
    pos: &Position,
    shown: Shown<'_>,
    moves: &[Move],
    hint: Option<String>,
    span: Span,
) -> DescResolveError {
    DescResolveError::Ambiguous {
        written: shown.to_string(),
        position: Box::new(pos.clone()),
        moves: moves.to_vec(),
        hint,
        span,
    }
}

/// How a `K`/`Q` prefix on a rook, knight or bishop is read (docs/DESCRIPTIVE.md §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// The piece that started on that wing.
    Origin,
    /// The piece that stands on that wing now.
    Wing,
    /// A pawn named by the file it started on (`K. B.'s P.` once it has taken onto the K
    /// file); prefixes read by origin.
    PawnOrigin,
}

/// Whether a pawn on `sq` fits the file a designation names: the file it stands on, or
/// under [`Reading::PawnOrigin`] the file it started on.
fn pawn_file_fits(origins: &Origins, sq: Square, file: DescFile, reading: Reading) -> bool {
    match reading {
        Reading::PawnOrigin => origins.pawn_file_at(sq).is_some_and(|f| file.contains(f)),
        Reading::Origin | Reading::Wing => file.contains(sq.file()),
    }
}

fn wing_of(file: File) -> Wing {
    if file >= File::E {
        Wing::King
    } else {
        Wing::Queen
    }
}

/// Whether the R, N or B on `sq` is the one a `wing` prefix names under `reading`.
fn prefix_fits(origins: &Origins, sq: Square, wing: Wing, reading: Reading) -> bool {
    match reading {
        Reading::Origin | Reading::PawnOrigin => origins.wing_at(sq) == Some(wing),
        Reading::Wing => wing_of(sq.file()) == wing,
    }
}

/// Whether a prefix is to be read by origin or wing at all: only rooks, knights and
/// bishops have an origin.
fn has_prefix(piece: &DescPiece) -> bool {
    piece.wing.is_some() && matches!(piece.role, Role::Rook | Role::Knight | Role::Bishop)
}

/// Whether the mover or the captured unit is a pawn named by its file (`KBP`, `xQP`).
fn names_pawn_file(d: &DescMove) -> bool {
    d.piece.pawn_file.is_some()
        || matches!(d.action, DescAction::Capture { victim, .. } if victim.pawn_file.is_some())
}

/// The square of the unit `m` captures (behind `to` for en passant).
fn captured_square(m: &Move) -> Square {
    match m.kind {
        MoveType::EnPassant => Square::from_coords(m.to.file(), m.from.rank()),
        _ => m.to,
    }
}

/// The stages of the constraint filter, in the order they are applied; the one that
/// leaves no candidate is named in the error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Role,
    Designation,
    From,
    Action,
    Promotion,
}

/// Whether a piece with the origin a written `K`/`Q` prefix names is on the board: the
/// mover's for a prefixed mover, the opponent's for a prefixed victim.
fn named_origin_exists(pos: &Position, origins: &Origins, d: &DescMove) -> bool {
    let exists = |piece: &DescPiece, color: Color| {
        piece.wing.is_some_and(|w| {
            Square::all().any(|sq| {
                origins.wing_at(sq) == Some(w) && pos.piece_at(sq) == Some(piece.role.of(color))
            })
        })
    };
    let mover = pos.turn();
    (has_prefix(&d.piece) && exists(&d.piece, mover))
        || matches!(d.action, DescAction::Capture { victim, .. }
            if has_prefix(&victim) && exists(&victim, mover.other()))
}

/// The candidates left after the written constraints under one reading, or the stage
/// that eliminated the last of them.
fn filter(
    pos: &Position,
    origins: &Origins,
    d: &DescMove,
    reading: Reading,
) -> Result<Vec<Move>, Stage> {
    let mover = pos.turn();
    let legal = pos.legal_moves();
    let mut moves: Vec<Move> = legal
        .iter()
        .filter(|m| {
            m.role == d.piece.role && matches!(m.kind, MoveType::Normal | MoveType::EnPassant)
        })
        .copied()
        .collect();
    let keep = |moves: &mut Vec<Move>, stage: Stage, f: &dyn Fn(&Move) -> bool| {
        moves.retain(|m| f(m));
        if moves.is_empty() { Err(stage) } else { Ok(()) }
    };
    if moves.is_empty() {
        return Err(Stage::Role);
    }
    keep(&mut moves, Stage::Designation, &|m| {
        let pawn_ok = d
            .piece
            .pawn_file
            .is_none_or(|f| pawn_file_fits(origins, m.from, f, reading));
        let prefix_ok = !has_prefix(&d.piece)
            || d.piece
                .wing
                .is_none_or(|w| prefix_fits(origins, m.from, w, reading));
        pawn_ok && prefix_ok
    })?;
    keep(&mut moves, Stage::From, &|m| {
        d.from.is_none_or(|f| f.matches(m.from, mover))
    })?;
    keep(&mut moves, Stage::Action, &|m| {
        action_fits(pos, origins, d, m, reading)
    })?;
    keep(&mut moves, Stage::Promotion, &|m| match d.promotion {
        Some(p) => m.promotion == Some(p),
        None => true,
    })?;
    // Candidates are listed in a fixed order: by their long algebraic form.
    moves.sort_by_key(Move::lan_key);
    Ok(moves)
}

fn action_fits(
    pos: &Position,
    origins: &Origins,
    d: &DescMove,
    m: &Move,
    reading: Reading,
) -> bool {
    let mover = pos.turn();
    if d.en_passant && m.kind != MoveType::EnPassant {
        return false;
    }
    match d.action {
        DescAction::Move { to } => m.capture.is_none() && to.matches_destination(m.to, mover),
        DescAction::Capture {
            victim,
            doubled,
            at,
        } => {
            let Some(captured) = m.capture else {
                return false;
            };
            let victim_sq = captured_square(m);
            captured == victim.role
                && victim
                    .pawn_file
                    .is_none_or(|f| pawn_file_fits(origins, victim_sq, f, reading))
                && (!has_prefix(&victim)
                    || victim
                        .wing
                        .is_none_or(|w| prefix_fits(origins, victim_sq, w, reading)))
                && (!doubled || is_doubled(pos, victim_sq))
                && at.is_none_or(|a| a.matches(m.to, mover))
        }
        DescAction::CaptureOn { square } => {
            m.capture.is_some() && square.matches_destination(m.to, mover)
        }
        DescAction::Vague(kind) => match kind {
            VagueKind::Mates => after(pos, m).is_checkmate(),
            VagueKind::Checks => after(pos, m).is_check(),
            VagueKind::Moves => true,
            VagueKind::Interposes => pos.is_check() && m.role != Role::King && m.capture.is_none(),
            VagueKind::OneStep => {
                m.role == Role::Pawn
                    && m.capture.is_none()
                    && m.from.index().abs_diff(m.to.index()) == 8
            }
            VagueKind::TwoSteps => {
                m.role == Role::Pawn && m.from.index().abs_diff(m.to.index()) == 16
            }
            VagueKind::Promotes => m.promotion.is_some(),
        },
    }
}

/// Whether the pawn on `sq` has another pawn of its colour on its file.
fn is_doubled(pos: &Position, sq: Square) -> bool {
    let Some(pawn) = pos.piece_at(sq) else {
        return false;
    };
    crate::Rank::ALL.iter().any(|&r| {
        let other = Square::from_coords(sq.file(), r);
        other != sq && pos.piece_at(other) == Some(pawn)
    })
}

fn after(pos: &Position, m: &Move) -> Position {
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// Whether the move's check status fits the written mark (`None`: no check written):
/// `dis. ch.` needs a check by a unit other than the one that moved (a double check is
/// discovered too), `dbl. ch.` two checking units, `mate` a mate.
fn fits_check_mark(pos: &Position, m: &Move, mark: Option<CheckMark>) -> bool {
    let next = after(pos, m);
    match mark {
        None => !next.is_check(),
        Some(CheckMark::Mate) => next.is_checkmate(),
        Some(CheckMark::DiscoveredCheck) => next.checkers().without(m.to).any(),
        Some(CheckMark::DoubleCheck) => next.checkers().more_than_one(),
        Some(CheckMark::Check | CheckMark::PlusPlus) => next.is_check(),
    }
}

fn resolve_piece_move(
    pos: &Position,
    origins: &Origins,
    written: &WrittenMove,
    d: &DescMove,
    shown: Shown<'_>,
    ctx: &DescContext,
) -> Result<DescResolution, DescResolveError> {
    let span = written.span;
    let mut notes = Vec::new();
    let prefixed = has_prefix(&d.piece)
        || matches!(d.action, DescAction::Capture { victim, .. } if has_prefix(&victim));
    let by_origin = filter(pos, origins, d, Reading::Origin);
    let mut moves = match (&by_origin, prefixed) {
        (Ok(moves), false) => moves.clone(),
        (Ok(moves), true) => {
            if let (Ok(by_wing), [o]) = (filter(pos, origins, d, Reading::Wing), moves.as_slice())
                && let [w] = by_wing.as_slice()
                && w != o
                // A wing reading that contradicts the printed check mark is no rival.
                && (!ctx.check_marker
                    || fits_check_mark(pos, w, written.suffix.check.map(|(mark, _)| mark)))
            {
                notes.push(Diagnostic::new(
                    Severity::Warning,
                    Kind::OriginWingConflict,
                    format!(
                        "`{shown}` names {} by origin and {} by wing: origin taken",
                        pos.san(o),
                        pos.san(w)
                    ),
                    span,
                ));
            }
            moves.clone()
        }
        (Err(stage), true) => match filter(pos, origins, d, Reading::Wing) {
            // No piece of the named origin is on the board (taken, promoted, or a game
            // from a FEN): the prefix can only mean the wing.
            Ok(moves) if !named_origin_exists(pos, origins, d) => {
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::WingReading,
                    format!("no piece of that origin is on the board: the prefix of `{shown}` is read as the wing the piece stands on"),
                    span,
                ));
                moves
            }
            // The piece of that origin is there but cannot make the move: reading the
            // prefix as a wing is a repair, lenient only.
            Ok(moves) if ctx.lenient => {
                notes.push(Diagnostic::new(
                    Severity::Warning,
                    Kind::OriginWingFallback,
                    format!(
                        "no piece of that origin can play `{shown}`: read by wing as {}",
                        moves
                            .iter()
                            .map(|m| pos.san(m))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    span,
                ));
                moves
            }
            Ok(moves) => {
                let by_wing = moves
                    .iter()
                    .map(|m| pos.san(m))
                    .collect::<Vec<_>>()
                    .join(", ");
                return Err(DescResolveError::NoMove {
                    written: shown.to_string(),
                    reason: format!(
                        "{} (read by wing: {by_wing}, lenient only)",
                        no_move_reason(pos, d, *stage)
                    ),
                    span,
                });
            }
            Err(_) => {
                return Err(no_move(pos, d, shown, *stage, span));
            }
        },
        // No pawn on the named file fits: the file may be the one a pawn started on
        // (`K. B.'s P.` after it took onto the K file). Every pawn that could be meant is
        // a candidate; more than one is ambiguous below.
        (Err(stage), false) if names_pawn_file(d) => {
            match filter(pos, origins, d, Reading::PawnOrigin) {
                Ok(moves) => {
                    notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::PawnOriginReading,
                    format!(
                        "no pawn on the file named fits `{shown}`: read as the pawn that started there ({})",
                        moves
                            .iter()
                            .map(|m| pos.san(m))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    span,
                ));
                    moves
                }
                Err(_) => return Err(no_move(pos, d, shown, *stage, span)),
            }
        }
        (Err(stage), false) => return Err(no_move(pos, d, shown, *stage, span)),
    };

    // A pawn reaching the last rank with no piece named: a queen, in lenient mode.
    let mut queen_in_lenient_mode = None;
    if d.promotion.is_none() && moves.iter().any(|m| m.promotion.is_some()) {
        let queening: Vec<Move> = moves
            .iter()
            .filter(|m| m.promotion.is_none_or(|p| p == Role::Queen))
            .copied()
            .collect();
        if ctx.lenient {
            moves = queening;
            notes.push(Diagnostic::new(
                Severity::Warning,
                Kind::PromotionAssumedQueen,
                format!("`{shown}` names no promotion piece: read as a queen"),
                span,
            ));
        } else if let [q] = queening.as_slice() {
            queen_in_lenient_mode = Some(*q);
        }
    }

    let mark = written.suffix.check.map(|(mark, _)| mark);
    if moves.len() > 1 && ctx.check_marker {
        let fitting: Vec<Move> = moves
            .iter()
            .filter(|m| fits_check_mark(pos, m, mark))
            .copied()
            .collect();
        if !fitting.is_empty() && fitting.len() < moves.len() {
            let rule = if mark.is_some() {
                "it is printed with a check mark"
            } else {
                "it is printed without a check mark"
            };
            if let [m] = fitting.as_slice() {
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::TieBreakCheckMarker,
                    format!(
                        "`{shown}` also fits {}; read as {} because {rule}",
                        others(pos, &moves, m),
                        pos.san(m)
                    ),
                    span,
                ));
            } else {
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::TieBreakCheckMarker,
                    format!("`{shown}`: moves that do not fit the check mark set aside ({rule})"),
                    span,
                ));
            }
            moves = fitting;
        }
    }

    if moves.len() > 1
        && let DescAction::Capture { at: None, .. } = d.action
        && let Some(last) = ctx.last_move
    {
        let retaking: Vec<Move> = moves.iter().filter(|m| m.to == last.to).copied().collect();
        if let [m] = retaking.as_slice() {
            if ctx.lenient {
                notes.push(Diagnostic::new(
                    Severity::Warning,
                    Kind::TieBreakRecapture,
                    format!(
                        "`{shown}` also fits {}; read as the recapture {}",
                        others(pos, &moves, m),
                        pos.san(m)
                    ),
                    span,
                ));
                moves = retaking;
            } else {
                let hint = format!("a lenient reading takes the recapture {}", pos.san(m));
                return Err(ambiguous(pos, shown, &moves, Some(hint), span));
            }
        }
    }

    match moves.as_slice() {
        [m] => {
            if let DescAction::Vague(kind) = d.action {
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::VagueMove,
                    format!(
                        "`{shown}` names the move by its effect ({}): {}",
                        kind.word(),
                        pos.san(m)
                    ),
                    span,
                ));
            } else if !fits_check_mark(pos, m, mark) && !matches!(mark, Some(CheckMark::PlusPlus)) {
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::CheckMarkMismatch,
                    format!(
                        "`{shown}` is {} but the check mark says otherwise",
                        pos.san(m)
                    ),
                    span,
                ));
            }
            Ok(DescResolution { mv: *m, notes })
        }
        _ => {
            let hint = queen_in_lenient_mode
                .filter(|q| moves.contains(q))
                .map(|q| format!("a lenient reading takes {}", pos.san(&q)));
            Err(ambiguous(pos, shown, &moves, hint, span))
        }
    }
}

/// The SAN of every move in `all` but `chosen`, joined with `, `.
fn others(pos: &Position, all: &[Move], chosen: &Move) -> String {
    all.iter()
        .filter(|m| *m != chosen)
        .map(|m| pos.san(m))
        .collect::<Vec<_>>()
        .join(", ")
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// `QB3 (c3)`, `B3 (c3, f3)`, `Q (d1)`, `rank 1`, `the QB file`: a written square and
/// the squares it denotes.
fn describe_spec(spec: &SquareSpec, mover: Color, destination: bool) -> String {
    if !destination {
        match (spec.file, spec.rank) {
            (None, Some(r)) => return format!("rank {r}"),
            (Some(f), None) => return format!("the {f} file"),
            _ => {}
        }
    }
    let mut squares: Vec<String> = Square::all()
        .filter(|&sq| {
            if destination {
                spec.matches_destination(sq, mover)
            } else {
                spec.matches(sq, mover)
            }
        })
        .map(|sq| sq.to_string())
        .collect();
    squares.sort();
    format!("{spec} ({})", squares.join(", "))
}

/// `knight`, `king's knight`, `pawn on the QB file`.
fn describe_piece(p: &DescPiece) -> String {
    let mut s = String::new();
    if let Some(f) = p.pawn_file {
        let _ = write!(s, "{} on the {f} file", role_name(p.role));
        return s;
    }
    match p.wing {
        Some(Wing::King) if has_prefix(p) => s.push_str("king's "),
        Some(Wing::Queen) if has_prefix(p) => s.push_str("queen's "),
        _ => {}
    }
    s.push_str(role_name(p.role));
    s
}

fn no_move(
    pos: &Position,
    d: &DescMove,
    shown: Shown<'_>,
    stage: Stage,
    span: Span,
) -> DescResolveError {
    DescResolveError::NoMove {
        written: shown.to_string(),
        reason: no_move_reason(pos, d, stage),
        span,
    }
}

/// The constraint that left no candidate, in words: `no white knight can move to QB3 (c3)`.
fn no_move_reason(pos: &Position, d: &DescMove, stage: Stage) -> String {
    let mover = pos.turn();
    let color = color_name(mover);
    let piece = describe_piece(&d.piece);
    match stage {
        Stage::Role => format!("{color} has no legal {} move", role_name(d.piece.role)),
        Stage::Designation => format!("{color} has no legal move of a {piece}"),
        _ => {
            let mut s = format!("no {color} {piece}");
            if let Some(from) = &d.from {
                let _ = write!(s, " on {}", describe_spec(from, mover, false));
            }
            if stage == Stage::From {
                s.push_str(" can move");
            } else {
                s.push_str(" can ");
                s.push_str(&describe_action(d, mover));
                if stage == Stage::Promotion
                    && let Some(p) = d.promotion
                {
                    let _ = write!(s, " and promote to a {}", role_name(p));
                }
            }
            s
        }
    }
}

fn describe_action(d: &DescMove, mover: Color) -> String {
    let mut s = match d.action {
        DescAction::Move { to } => format!("move to {}", describe_spec(&to, mover, true)),
        DescAction::Capture {
            victim,
            doubled,
            at,
        } => {
            let article = if victim.pawn_file.is_none() && victim.wing.is_none() {
                "a "
            } else {
                "the "
            };
            let mut s = format!(
                "capture {article}{}{}",
                if doubled { "doubled " } else { "" },
                describe_piece(&victim)
            );
            if let Some(at) = at {
                let _ = write!(s, " on {}", describe_spec(&at, mover, false));
            }
            s
        }
        DescAction::CaptureOn { square } => {
            format!("capture on {}", describe_spec(&square, mover, true))
        }
        DescAction::Vague(kind) => match kind {
            VagueKind::Mates => "give mate".to_owned(),
            VagueKind::Checks => "give check".to_owned(),
            VagueKind::Moves => "move".to_owned(),
            VagueKind::Interposes => "interpose".to_owned(),
            VagueKind::OneStep => "advance one square".to_owned(),
            VagueKind::TwoSteps => "advance two squares".to_owned(),
            VagueKind::Promotes => "promote".to_owned(),
        },
    };
    if d.en_passant {
        s.push_str(" en passant");
    }
    s
}
