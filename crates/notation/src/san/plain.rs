//! Plain SAN, as strict PGN writes it, read by hand into a record without spans.
//!
//! This is the hot path of validation: most tokens of a real file are plain
//! (`e4`, `Nbxd2`, `exd8=Q+`, `O-O#`, `Qh5?!`), and reading them needs no
//! grammar and produces no diagnostic. Anything else (relaxed, unusual or
//! invalid) gives `None` and goes to the nom grammar, which reads every plain
//! token identically (a property test checks it).

use crate::ast::{Annotation, CastleSide, CheckMark};
use crate::types::{File, Rank, Role, Square};

/// A move written in plain SAN, without the positions of its parts.
///
/// ```
/// use scoresheet_notation::san::{read_plain, PlainMove};
/// use scoresheet_notation::{CheckMark, Role, Square};
///
/// let (mv, marks) = read_plain(b"Nbxd2+").unwrap();
/// assert_eq!(mv, PlainMove::San {
///     role: Role::Knight,
///     from_file: scoresheet_notation::File::from_char('b'),
///     from_rank: None,
///     capture: true,
///     to: Square::from_ascii(b"d2").unwrap(),
///     promotion: None,
/// });
/// assert_eq!(marks.check, Some(CheckMark::Check));
/// assert!(read_plain(b"Nb1-d2").is_none()); // LAN: for the grammar
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlainMove {
    /// `Nbxd2`, `e4`, `exd8=Q`.
    San {
        /// The moving piece ([`Role::Pawn`] when no letter is written).
        role: Role,
        /// A disambiguating origin file.
        from_file: Option<File>,
        /// A disambiguating origin rank.
        from_rank: Option<Rank>,
        /// Whether `x` is written.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece (`=Q`).
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastleSide),
}

/// The marks after a plain move: `+` or `#`, then at most one of `! ? !! ?? !? ?!`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlainMarks {
    /// `+` or `#`.
    pub check: Option<CheckMark>,
    /// The annotation glyph.
    pub annotation: Option<Annotation>,
}

impl PlainMarks {
    /// How many bytes the marks take at the end of the token.
    #[must_use]
    pub const fn len(&self) -> usize {
        let check = if self.check.is_some() { 1 } else { 0 };
        let glyph = match self.annotation {
            None => 0,
            Some(Annotation::Good | Annotation::Mistake) => 1,
            Some(_) => 2,
        };
        check + glyph
    }

    /// Whether no mark is written.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.check.is_none() && self.annotation.is_none()
    }
}

#[inline]
fn piece_letter(b: u8) -> Option<Role> {
    Some(match b {
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        _ => return None,
    })
}

/// The byte at `i`, or 0 (never part of a move) past the end.
#[inline(always)]
fn byte(text: &[u8], i: usize) -> u8 {
    text.get(i).copied().unwrap_or(0)
}

/// Reads a token in plain SAN; `None` if it is anything else.
#[inline(always)]
#[must_use]
pub fn read_plain(text: &[u8]) -> Option<(PlainMove, PlainMarks)> {
    match read_plain_prefix(text) {
        Some((mv, marks, len)) if len == text.len() => Some((mv, marks)),
        _ => None,
    }
}

/// Reads plain SAN at the start of `text`, forwards, in one pass: the move, its
/// marks and how many bytes they take. The move is a whole token only if a
/// delimiter (or the end) follows; [`read_plain`] is this with the whole token
/// read. Reading forwards lets the movetext scanner find a token's end and read
/// its move at once.
#[inline(always)]
pub(crate) fn read_plain_prefix(text: &[u8]) -> Option<(PlainMove, PlainMarks, usize)> {
    let first = byte(text, 0);
    let (mv, mut i) = match first {
        b'a'..=b'h' => {
            let second = byte(text, 1);
            let (from_file, capture, to, mut i) = if matches!(second, b'1'..=b'8') {
                (None, false, Square::from_ascii(&[first, second])?, 2)
            } else if second == b'x' {
                let to = Square::from_ascii(&[byte(text, 2), byte(text, 3)])?;
                (File::from_char(first as char), true, to, 4)
            } else {
                return None;
            };
            let promotion = if byte(text, i) == b'=' {
                let role = piece_letter(byte(text, i + 1))?;
                i += 2;
                Some(role)
            } else {
                None
            };
            let mv = PlainMove::San {
                role: Role::Pawn,
                from_file,
                from_rank: None,
                capture,
                to,
                promotion,
            };
            (mv, i)
        }
        b'O' => {
            if text.starts_with(b"O-O-O") {
                (PlainMove::Castle(CastleSide::Queen), 5)
            } else if text.starts_with(b"O-O") {
                (PlainMove::Castle(CastleSide::King), 3)
            } else {
                return None;
            }
        }
        _ => {
            let role = piece_letter(first)?;
            // The origin hint, a capture mark and the destination: at most four
            // bytes of squares and `x` (a fifth shows the token is not plain).
            let mut end = 1;
            while end < 6 && matches!(byte(text, end), b'a'..=b'h' | b'1'..=b'8' | b'x') {
                end += 1;
            }
            (piece_body(role, text.get(1..end)?)?, end)
        }
    };
    let check = match byte(text, i) {
        b'+' => Some(CheckMark::Check),
        b'#' => Some(CheckMark::Mate),
        _ => None,
    };
    i += usize::from(check.is_some());
    let (annotation, len) = match (byte(text, i), byte(text, i + 1)) {
        (b'!', b'!') => (Some(Annotation::Brilliant), 2),
        (b'?', b'?') => (Some(Annotation::Blunder), 2),
        (b'!', b'?') => (Some(Annotation::Interesting), 2),
        (b'?', b'!') => (Some(Annotation::Dubious), 2),
        (b'!', _) => (Some(Annotation::Good), 1),
        (b'?', _) => (Some(Annotation::Mistake), 1),
        _ => (None, 0),
    };
    Some((mv, PlainMarks { check, annotation }, i + len))
}

/// A piece move after its letter: `f3`, `bd2`, `1d2`, `g1f3`, `xe5`, `bxd2`, `1xd2`.
#[inline(always)]
fn piece_body(role: Role, body: &[u8]) -> Option<PlainMove> {
    let n = body.len();
    if n < 2 {
        return None;
    }
    let to = Square::from_ascii(&body[n - 2..])?;
    let (hint, capture) = match &body[..n - 2] {
        [hint @ .., b'x'] => (hint, true),
        hint => (hint, false),
    };
    let (from_file, from_rank) = match *hint {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (File::from_char(f as char), None),
        [r @ b'1'..=b'8'] => (None, Rank::from_char(r as char)),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] if !capture => {
            (File::from_char(f as char), Rank::from_char(r as char))
        }
        _ => return None,
    };
    Some(PlainMove::San {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion: None,
    })
}
