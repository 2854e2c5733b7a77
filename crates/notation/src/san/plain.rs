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

/// The role a SAN piece letter names, plus one (0 for any other byte): a table
/// rather than a `match`, which compiles to a jump that mispredicts as often as
/// the moving piece changes.
static PIECE_LETTERS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'N' as usize] = Role::Knight as u8 + 1;
    t[b'B' as usize] = Role::Bishop as u8 + 1;
    t[b'R' as usize] = Role::Rook as u8 + 1;
    t[b'Q' as usize] = Role::Queen as u8 + 1;
    t[b'K' as usize] = Role::King as u8 + 1;
    t
};

#[inline(always)]
fn piece_letter(b: u8) -> Option<Role> {
    Role::ALL
        .get(usize::from(PIECE_LETTERS[usize::from(b)]).wrapping_sub(1))
        .copied()
}

/// Splits the marks off the end of a token.
#[inline(always)]
fn split_marks(text: &[u8]) -> (&[u8], PlainMarks) {
    let (text, annotation) = match text {
        [rest @ .., b'!', b'!'] => (rest, Some(Annotation::Brilliant)),
        [rest @ .., b'?', b'?'] => (rest, Some(Annotation::Blunder)),
        [rest @ .., b'!', b'?'] => (rest, Some(Annotation::Interesting)),
        [rest @ .., b'?', b'!'] => (rest, Some(Annotation::Dubious)),
        [rest @ .., b'!'] => (rest, Some(Annotation::Good)),
        [rest @ .., b'?'] => (rest, Some(Annotation::Mistake)),
        _ => (text, None),
    };
    let (text, check) = match text {
        [rest @ .., b'+'] => (rest, Some(CheckMark::Check)),
        [rest @ .., b'#'] => (rest, Some(CheckMark::Mate)),
        _ => (text, None),
    };
    (text, PlainMarks { check, annotation })
}

/// Reads a token in plain SAN; `None` if it is anything else.
#[inline(always)]
#[must_use]
pub fn read_plain(text: &[u8]) -> Option<(PlainMove, PlainMarks)> {
    // Castling (rare): told by its first letter, which no other move has, rather
    // than by the token's length, which varies from move to move.
    if text.first() == Some(&b'O') {
        return read_plain_castle(text).map(|(side, marks)| (PlainMove::Castle(side), marks));
    }
    read_plain_piece(text)
}

/// Castling in plain SAN, `O-O` or `O-O-O` with its marks; `None` for anything else.
#[inline(never)]
pub(crate) fn read_plain_castle(text: &[u8]) -> Option<(CastleSide, PlainMarks)> {
    let (body, marks) = split_marks(text);
    let side = match body {
        b"O-O" => CastleSide::King,
        b"O-O-O" => CastleSide::Queen,
        _ => return None,
    };
    Some((side, marks))
}

/// [`read_plain`] for a token that is not castling (it does not start with `O`):
/// one place gives a move, so the quick lane's loop keeps its parts apart
/// rather than packing them into one integer and unpacking them again.
#[inline(always)]
pub(crate) fn read_plain_piece(text: &[u8]) -> Option<(PlainMove, PlainMarks)> {
    // Most tokens end with their destination's rank: no marks, no promotion.
    let (body, marks) = match text.last() {
        Some(b'1'..=b'8') => (text, PlainMarks::default()),
        _ => split_marks(text),
    };
    read_piece_body(body, marks)
}

/// A piece or pawn move without its marks.
#[inline(always)]
fn read_piece_body(body: &[u8], marks: PlainMarks) -> Option<(PlainMove, PlainMarks)> {
    let (role, start) = match body.first()? {
        b'a'..=b'h' => (Role::Pawn, 0),
        &b => (piece_letter(b)?, 1),
    };
    // The promotion, for pawns: `=Q` at the end.
    let (body, promotion) = match body {
        [rest @ .., b'=', p] if role == Role::Pawn => (rest, Some(piece_letter(*p)?)),
        _ => (body, None),
    };
    // The destination: the last two bytes.
    let n = body.len();
    if n < start + 2 {
        return None;
    }
    let to = Square::from_ascii(&body[n - 2..])?;
    let (hint, capture) = match &body[start..n - 2] {
        [hint @ .., b'x'] => (hint, true),
        hint => (hint, false),
    };
    let (from_file, from_rank) = match *hint {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (File::from_char(f as char), None),
        [r @ b'1'..=b'8'] if role != Role::Pawn => (None, Rank::from_char(r as char)),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] if role != Role::Pawn && !capture => {
            (File::from_char(f as char), Rank::from_char(r as char))
        }
        _ => return None,
    };
    // A pawn names its file only when capturing (`exd5`; `ed5` is a relaxation).
    if role == Role::Pawn && from_file.is_some() != capture {
        return None;
    }
    Some((
        PlainMove::San {
            role,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        },
        marks,
    ))
}
