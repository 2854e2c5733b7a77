//! One move token in SAN, LAN, UCI, castling or null-move notation.
//!
//! ```
//! use scoresheet_notation::san::{parse_move, Mode};
//! use scoresheet_notation::{MoveKind, Role, Square};
//!
//! let parsed = parse_move(b"Nxf3+", 10, Mode::Strict).unwrap();
//! let MoveKind::San(san) = &parsed.value.kind else { panic!("not SAN") };
//! assert_eq!(san.role, Role::Knight);
//! assert_eq!(san.to, Square::from_ascii(b"f3").unwrap());
//! assert_eq!(parsed.value.span.start(), 10);
//! assert_eq!(parsed.value.to_string(), "Nxf3+");
//! assert!(parsed.diagnostics.is_empty());
//!
//! // Relaxed spellings are read, and said.
//! let parsed = parse_move(b"0-0", 0, Mode::Lenient).unwrap();
//! assert_eq!(parsed.diagnostics[0].kind, "zero-castling");
//! ```

mod display;
pub mod parsers;
mod plain;

pub use plain::{PlainMarks, PlainMove, read_plain};
pub(crate) use plain::{read_plain_castle, read_plain_piece};

use crate::Kind;
use crate::ast::{CastleMove, CheckMark, LanMove, MoveKind, SanMove, Suffix, WrittenMove};
use crate::diag::{Diagnostic, Severity};
use crate::span::Span;
use crate::types::Role;
use parsers::{
    CaptureMark, LanSeparator, Origin, PieceSpelling, PromotionSpelling, RawBody, RawSuffix,
};

/// How strictly to read: strict reports every relaxation as an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Export-format PGN: relaxed spellings are errors.
    Strict,
    /// Read what people write, and warn about it.
    #[default]
    Lenient,
}

impl Mode {
    /// The severity given to a relaxation: a warning when lenient, an error when strict.
    #[must_use]
    pub const fn relaxation_severity(self) -> Severity {
        match self {
            Mode::Strict => Severity::Error,
            Mode::Lenient => Severity::Warning,
        }
    }
}

/// A value read, with the diagnostics (relaxations) found while reading it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed<T> {
    /// What was read.
    pub value: T,
    /// Relaxations: warnings when lenient, errors when strict.
    pub diagnostics: Vec<Diagnostic>,
}

/// Why a token is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// Nothing was given.
    #[error("expected a move, found nothing")]
    Empty {
        /// Where the move should have been.
        span: Span,
    },
    /// The token does not match any move notation.
    #[error("expected {expected}, found {found:?}")]
    Unexpected {
        /// From where reading stopped to the end of the token.
        span: Span,
        /// What would have been accepted there.
        expected: &'static str,
        /// The text found there (shortened if long).
        found: String,
    },
    /// The token ends before the move is complete (`Nf`, a file cut short).
    #[error("{read:?} ends before the move is complete: expected {expected}")]
    Truncated {
        /// The whole token.
        span: Span,
        /// What would have been accepted next.
        expected: &'static str,
        /// The text of the token.
        read: String,
    },
    /// A move was read, but more text follows in the same token.
    #[error("unexpected {found:?} after the move {read:?}")]
    Trailing {
        /// The extra text.
        span: Span,
        /// The move that was read.
        read: String,
        /// The extra text (shortened if long).
        found: String,
    },
}

impl MoveError {
    /// Where the problem is.
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            MoveError::Empty { span }
            | MoveError::Unexpected { span, .. }
            | MoveError::Truncated { span, .. }
            | MoveError::Trailing { span, .. } => *span,
        }
    }

    /// A short stable name for the kind of error.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match self {
            MoveError::Empty { .. } => Kind::EmptyMove,
            MoveError::Unexpected { .. } | MoveError::Truncated { .. } => Kind::InvalidMove,
            MoveError::Trailing { .. } => Kind::TrailingCharacters,
        }
    }

    /// This error as an error diagnostic.
    #[must_use]
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::new(Severity::Error, self.kind(), self.to_string(), self.span())
    }
}

/// Where and why reading a move failed, without allocating (for the PGN hot path,
/// which tries other notations before deciding the token is an error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveFailure {
    /// Offset within the token where reading stopped.
    at: usize,
    /// What was expected there; empty when a whole move was read but text follows.
    expected: &'static str,
    /// Length of the move read before trailing text, if any.
    read_len: Option<usize>,
}

impl MoveFailure {
    /// The same failure with its offsets moved by `f` (from a rewritten token to the written one).
    pub(crate) fn remap(self, f: impl Fn(usize) -> usize) -> MoveFailure {
        MoveFailure {
            at: f(self.at),
            expected: self.expected,
            read_len: self.read_len.map(f),
        }
    }

    /// The one place where a parse failure becomes the public [`MoveError`].
    pub(crate) fn into_error(self, text: &[u8], base: usize) -> MoveError {
        let shown = |bytes: &[u8]| {
            let s = crate::text::decode(bytes);
            if s.chars().count() > 24 {
                let mut t: String = s.chars().take(24).collect();
                t.push('…');
                t
            } else {
                s.into_owned()
            }
        };
        let at = self.at.min(text.len());
        let span = Span::new(base + at, base + text.len());
        if text.is_empty() {
            return MoveError::Empty { span };
        }
        let expected = if self.expected.is_empty() {
            "a move"
        } else {
            self.expected
        };
        match self.read_len {
            None if at == text.len() => MoveError::Truncated {
                span: Span::new(base, base + text.len()),
                expected,
                read: shown(text),
            },
            Some(len) => MoveError::Trailing {
                span,
                read: shown(text.get(..len).unwrap_or_default()),
                found: shown(text.get(at..).unwrap_or_default()),
            },
            None => MoveError::Unexpected {
                span,
                expected,
                found: shown(text.get(at..).unwrap_or_default()),
            },
        }
    }
}

/// Reads one whole move token (`text` must be exactly the token, suffixes included).
///
/// `base` is the offset of `text` in the file, so that every span is absolute.
/// Relaxed spellings (`0-0`, `nf3`, `♘f3`, `e8Q`, `e4:d5`, `++`, `e.p.`, `--`)
/// are read and reported as warnings (`Mode::Lenient`) or errors (`Mode::Strict`).
///
/// # Errors
///
/// [`MoveError`] when the token is not a move in any of these notations.
pub fn parse_move(text: &[u8], base: usize, mode: Mode) -> Result<Parsed<WrittenMove>, MoveError> {
    let mut diagnostics = Vec::new();
    match read_move(text, base, mode, &mut diagnostics) {
        Ok(value) => Ok(Parsed { value, diagnostics }),
        Err(f) => Err(f.into_error(text, base)),
    }
}

/// [`parse_move`] for the hot path: relaxations go into `diagnostics`, failure is allocation-free.
#[inline]
pub(crate) fn read_move(
    text: &[u8],
    base: usize,
    mode: Mode,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<WrittenMove, MoveFailure> {
    if let Some(m) = read_plain_san(text, base) {
        return Ok(m);
    }
    read_move_grammar(text, base, mode, diagnostics)
}

/// [`read_move`] through the nom grammar alone.
#[inline(never)]
fn read_move_grammar(
    text: &[u8],
    base: usize,
    mode: Mode,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<WrittenMove, MoveFailure> {
    let origin = Origin(text.len());
    let (rest, (body, suffix)) = match parsers::move_token(origin)(text) {
        Ok(ok) => ok,
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            return Err(MoveFailure {
                at: text.len().saturating_sub(e.rest_len),
                expected: e.expected,
                read_len: None,
            });
        }
        Err(nom::Err::Incomplete(_)) => {
            return Err(MoveFailure {
                at: text.len(),
                expected: "",
                read_len: None,
            });
        }
    };
    if !rest.is_empty() {
        let at = origin.at(rest);
        return Err(MoveFailure {
            at,
            expected: "",
            read_len: Some(at),
        });
    }
    let abs = |s: Span| s.shifted(base);
    let severity = mode.relaxation_severity();
    let mut relax = |kind: Kind, message: &str, span: Span| {
        diagnostics.push(Diagnostic::new(severity, kind, message, abs(span)));
    };
    let whole = Span::new(0, text.len());
    let kind = match body {
        RawBody::Castle(c) => {
            if c.zeros {
                relax(
                    Kind::ZeroCastling,
                    "castling written with zeros, PGN writes the letter O",
                    whole,
                );
            }
            MoveKind::Castle(CastleMove {
                side: Some(c.side),
                zeros: c.zeros,
            })
        }
        RawBody::Null => {
            relax(
                Kind::NullMove,
                "a null move is not a move of standard PGN",
                whole,
            );
            MoveKind::Null
        }
        RawBody::Lan(l) => {
            if let Some((role, spelling, span)) = l.piece {
                piece_relaxations(role, spelling, span, &mut relax);
            }
            if let Some((LanSeparator::CapitalX, span)) = l.separator {
                relax(Kind::CaptureMark, "capture marked with 'X', not 'x'", span);
            }
            if let Some((LanSeparator::Colon, span)) = l.separator {
                relax(Kind::CaptureMark, "capture marked with ':', not 'x'", span);
            }
            if let Some((_, spelling, span)) = l.promotion {
                promotion_relaxations(spelling, span, l.separator.is_none(), &mut relax);
            }
            MoveKind::Lan(LanMove {
                role: l.piece.map(|p| p.0),
                role_span: l.piece.map(|p| abs(p.2)),
                from: l.from,
                from_span: abs(l.from_span),
                capture: l
                    .separator
                    .map(|(sep, _)| !matches!(sep, LanSeparator::Dash)),
                separator_span: l.separator.map(|(_, s)| abs(s)),
                captured: l.captured.map(|c| c.0),
                captured_span: l.captured.map(|c| abs(c.1)),
                to: l.to,
                to_span: abs(l.to_span),
                promotion: l.promotion.map(|p| p.0),
                promotion_span: l.promotion.map(|p| abs(p.2)),
            })
        }
        RawBody::San(s) => {
            if let Some((role, spelling, span)) = s.piece {
                piece_relaxations(role, spelling, span, &mut relax);
            }
            if let Some((CaptureMark::CapitalX, span)) = s.capture {
                relax(Kind::CaptureMark, "capture marked with 'X', not 'x'", span);
            }
            if let Some((CaptureMark::Colon, span)) = s.capture {
                relax(Kind::CaptureMark, "capture marked with ':', not 'x'", span);
            }
            if let Some(span) = s.dash {
                relax(
                    Kind::DashInSan,
                    "'-' written in a short algebraic move",
                    span,
                );
            }
            let role = s.piece.map_or(Role::Pawn, |p| p.0);
            if role == Role::Pawn && s.capture.is_none() {
                if let (Some(_), Some(span)) = (s.from_file, s.from_span) {
                    relax(
                        Kind::MissingCaptureMark,
                        "pawn capture written without 'x'",
                        span.to(s.to_span),
                    );
                }
            }
            if let Some((_, spelling, span)) = s.promotion {
                promotion_relaxations(spelling, span, false, &mut relax);
            }
            MoveKind::San(SanMove {
                role,
                role_span: s.piece.map(|p| abs(p.2)),
                from_file: s.from_file,
                from_rank: s.from_rank,
                from_span: s.from_span.map(abs),
                capture: s.capture.map(|c| abs(c.1)),
                to: s.to,
                to_span: abs(s.to_span),
                promotion: s.promotion.map(|p| p.0),
                promotion_span: s.promotion.map(|p| abs(p.2)),
            })
        }
    };
    let suffix = finish_suffix(suffix, &mut relax, abs);
    Ok(WrittenMove {
        kind,
        suffix,
        span: abs(whole),
    })
}

/// The hot path: plain SAN as strict PGN writes it (`e4`, `Nbxd2`, `exd8=Q+`, `O-O#`,
/// `Qh5?!`), read by [`read_plain`], with the spans of its parts worked out from
/// the token's layout. Anything else, relaxed or unusual, returns `None` and goes
/// to the nom grammar, which reads these forms identically (a property test checks it).
#[inline(always)]
pub(crate) fn read_plain_san(text: &[u8], base: usize) -> Option<WrittenMove> {
    let (mv, marks) = read_plain(text)?;
    let sp = |a: usize, b: usize| Span::new(base + a, base + b);
    let body = text.len() - marks.len();
    let check_len = usize::from(marks.check.is_some());
    let suffix = Suffix {
        check: marks.check.map(|c| (c, sp(body, body + 1))),
        annotation: marks
            .annotation
            .map(|a| (a, sp(body + check_len, text.len()))),
        en_passant: None,
    };
    let kind = match mv {
        PlainMove::Castle(side) => MoveKind::Castle(CastleMove {
            side: Some(side),
            zeros: false,
        }),
        PlainMove::San {
            role,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        } => {
            let n = if promotion.is_some() { body - 2 } else { body };
            let start = usize::from(role != Role::Pawn);
            let hint_end = n - 2 - usize::from(capture);
            MoveKind::San(SanMove {
                role,
                role_span: (role != Role::Pawn).then(|| sp(0, 1)),
                from_file,
                from_rank,
                from_span: (hint_end > start).then(|| sp(start, hint_end)),
                capture: capture.then(|| sp(n - 3, n - 2)),
                to,
                to_span: sp(n - 2, n),
                promotion,
                promotion_span: promotion.map(|_| sp(n, body)),
            })
        }
    };
    Some(WrittenMove {
        kind,
        suffix,
        span: sp(0, text.len()),
    })
}

fn piece_relaxations(
    role: Role,
    spelling: PieceSpelling,
    span: Span,
    relax: &mut impl FnMut(Kind, &str, Span),
) {
    match spelling {
        PieceSpelling::Upper if role == Role::Pawn => relax(
            Kind::PawnLetter,
            "pawn written with the letter P, which SAN omits",
            span,
        ),
        PieceSpelling::Upper => {}
        PieceSpelling::Lower => relax(
            Kind::LowercasePiece,
            "piece letter written in lower case",
            span,
        ),
        PieceSpelling::Figurine => relax(
            Kind::Figurine,
            "piece written as a figurine, PGN uses letters",
            span,
        ),
        PieceSpelling::FontGlyph => relax(
            Kind::Figurine,
            "piece written as a chess font's glyph, read by the figurine fonts' mapping \
             (¢ king, £ queen, ¦ rook, ¥ bishop, ¤ knight), as a PDF's text layer gives it; \
             PGN uses letters",
            span,
        ),
    }
}

fn promotion_relaxations(
    spelling: PromotionSpelling,
    span: Span,
    uci: bool,
    relax: &mut impl FnMut(Kind, &str, Span),
) {
    let message = match spelling {
        PromotionSpelling::Equals => return,
        PromotionSpelling::Uci if uci => return,
        PromotionSpelling::EqualsLower | PromotionSpelling::Uci => {
            "promotion piece written in lower case"
        }
        PromotionSpelling::Bare => "promotion written without '='",
        PromotionSpelling::Parens => "promotion written as (Q), not =Q",
        PromotionSpelling::Slash => "promotion written as /Q, not =Q",
    };
    relax(Kind::PromotionSpelling, message, span);
}

fn finish_suffix(
    raw: RawSuffix,
    relax: &mut impl FnMut(Kind, &str, Span),
    abs: impl Fn(Span) -> Span,
) -> Suffix {
    if let Some((CheckMark::PlusPlus, span)) = raw.check {
        relax(
            Kind::PlusPlus,
            "'++' is not SAN: '#' marks mate and '+' check",
            span,
        );
    }
    if let Some(span) = raw.en_passant {
        relax(Kind::EnPassantMark, "en passant mark is not SAN", span);
    }
    Suffix {
        check: raw.check.map(|(c, s)| (c, abs(s))),
        annotation: raw.annotation.map(|(a, s)| (a, abs(s))),
        en_passant: raw.en_passant.map(abs),
    }
}

#[cfg(test)]
mod tests;
