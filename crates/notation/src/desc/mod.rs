//! English descriptive notation (`P-K4`, `Kt x Kt ch`, `K. Kt. to K. B's 3d.`).
//!
//! This module records what was written, part by part, with byte spans into the
//! original text; it knows nothing of the board. `scoresheet-board` resolves a
//! [`DescMove`] against a position.
//!
//! Every printed style reads into the same model: compact (`N-KB3`, `QxQch`,
//! `R(1)-Q1`), spaced (`Kt - Q B 3`, `R (Q 2) - K 2`) and the 19th-century long form
//! (`K. Kt. to K. B's 3d.`, `Q. takes K. R. P. (ch.)`). Ranks are kept as written,
//! counted from the mover's side.
//!
//! # Reading the model (for resolution against a board)
//!
//! A [`DescMove`] is a set of constraints; the move meant is the one legal move of the
//! side to move that meets all of them (docs/DESCRIPTIVE.md §2):
//!
//! - [`DescMove::piece`]: the mover's [`Role`]; for R, N, B an optional [`Wing`] prefix
//!   (`KR`, `Q. Kt.`: by origin first, by wing as a fallback, §4.3); for pawns an optional
//!   [`DescFile`] the pawn stands on now (`QBP`; `BP` means either B file).
//! - [`DescMove::from`]: an optional [`SquareSpec`] the origin must fit
//!   ([`SquareSpec::matches`]: missing parts match anything).
//! - [`DescAction::Move`]: a non-capture whose destination fits `to`
//!   ([`SquareSpec::matches_destination`]: a missing rank is rank 1; ranks count from the
//!   mover's side, see [`relative_rank`]; a file without wing is two-valued, see
//!   [`DescFile::files`]).
//! - [`DescAction::Capture`]: a capture of a unit of `victim.role` (pawns by current file,
//!   pieces by origin or wing), landing on a square that fits `at` when written; with
//!   [`DescMove::en_passant`] it must be an en passant capture (a bare `PxP` may also be one).
//! - [`DescAction::CaptureOn`]: a capture landing on the named square (`QxK5`), whatever
//!   stands there.
//! - [`DescAction::Vague`]: only the piece is named; [`VagueKind`] says what the move does.
//!   `mates` and `checks` also set the check mark of the [`Suffix`](crate::Suffix).
//! - [`DescMove::promotion`]: the promotion piece, if written.
//! - The [`Suffix`](crate::Suffix) check mark: books print `ch` on every checking move, so
//!   a move printed without one is a non-checking move (§5).
//!
//! Castling is [`MoveKind::Castle`](crate::MoveKind::Castle) with `side: None` for a plain
//! `Castles`. [`read_book`] reads a whole printed table into plies, taking White and Black
//! by order.
//!
//! ```
//! use scoresheet_notation::desc::{parse_desc_move, DescAction, FileName, Wing};
//! use scoresheet_notation::{MoveKind, Role};
//!
//! let m = parse_desc_move(b"K. Kt. to K. B's 3d.", 0).unwrap();
//! let MoveKind::Descriptive(d) = &m.kind else { panic!("not descriptive") };
//! assert_eq!(d.piece.role, Role::Knight);
//! assert_eq!(d.piece.wing, Some(Wing::King));
//! let DescAction::Move { to } = &d.action else { panic!("not a move") };
//! assert_eq!(to.rank, Some(3));
//! assert_eq!(to.file.map(|f| f.name), Some(FileName::Bishop));
//! assert_eq!(d.to_string(), "KN-KB3");
//! ```

mod book;
mod detect;
mod es;
mod lex;
mod parse;
#[cfg(test)]
mod tests;

use core::fmt;

use crate::span::Span;
use crate::types::{Color, File, Rank, Role, Square};

pub use book::{
    Book, BookEnd, BookHeader, BookPly, Odds, end_phrase, header_tags, is_end_words, read_book,
    read_books,
};
pub use detect::looks_like_book;
pub use es::{looks_spanish, read_spanish, spanish_letter, write_spanish};
pub use parse::{parse_desc_move, parse_token, write_move};

/// A wing of the board: the king's side (files e to h) or the queen's side (a to d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wing {
    /// The king's side, written `K` (`KB3`, `KR`, `K. Kt.`).
    King,
    /// The queen's side, written `Q` (`QB3`, `QR`, `Q. Kt.`).
    Queen,
}

impl Wing {
    /// `'K'` or `'Q'`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Wing::King => 'K',
            Wing::Queen => 'Q',
        }
    }
}

/// A file name as descriptive notation writes it: the piece that starts on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileName {
    /// `R`: the a- or h-file.
    Rook,
    /// `N` or `Kt`: the b- or g-file.
    Knight,
    /// `B`: the c- or f-file.
    Bishop,
    /// `Q`: the d-file.
    Queen,
    /// `K`: the e-file.
    King,
}

impl FileName {
    /// The letter written in compact form: `R`, `N`, `B`, `Q`, `K`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            FileName::Rook => 'R',
            FileName::Knight => 'N',
            FileName::Bishop => 'B',
            FileName::Queen => 'Q',
            FileName::King => 'K',
        }
    }
}

/// A file as written: a name with an optional wing. `B` alone is two-valued (c or f).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DescFile {
    /// `K` or `Q` in front of `R`, `N`, `B`; always `None` for the `Q` and `K` files.
    pub wing: Option<Wing>,
    /// The file's name.
    pub name: FileName,
}

impl DescFile {
    /// The algebraic files this name denotes: one, or two when the wing is omitted.
    ///
    /// ```
    /// use scoresheet_notation::desc::{DescFile, FileName, Wing};
    /// use scoresheet_notation::File;
    /// let b = DescFile { wing: None, name: FileName::Bishop };
    /// assert_eq!(b.files(), &[File::C, File::F]);
    /// let qn = DescFile { wing: Some(Wing::Queen), name: FileName::Knight };
    /// assert_eq!(qn.files(), &[File::B]);
    /// ```
    #[must_use]
    pub fn files(self) -> &'static [File] {
        match (self.name, self.wing) {
            (FileName::Queen, _) => &[File::D],
            (FileName::King, _) => &[File::E],
            (FileName::Rook, None) => &[File::A, File::H],
            (FileName::Rook, Some(Wing::Queen)) => &[File::A],
            (FileName::Rook, Some(Wing::King)) => &[File::H],
            (FileName::Knight, None) => &[File::B, File::G],
            (FileName::Knight, Some(Wing::Queen)) => &[File::B],
            (FileName::Knight, Some(Wing::King)) => &[File::G],
            (FileName::Bishop, None) => &[File::C, File::F],
            (FileName::Bishop, Some(Wing::Queen)) => &[File::C],
            (FileName::Bishop, Some(Wing::King)) => &[File::F],
        }
    }

    /// Whether `file` is one of the files this name denotes.
    #[must_use]
    pub fn contains(self, file: File) -> bool {
        self.files().contains(&file)
    }
}

impl fmt::Display for DescFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(w) = self.wing {
            write!(f, "{}", w.letter())?;
        }
        write!(f, "{}", self.name.letter())
    }
}

/// A square or part of one as written (`KB3`, `B3`, `Q`, `(1)`), rank from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareSpec {
    /// The file, if written.
    pub file: Option<DescFile>,
    /// The rank `1..=8` counted from the mover's side, if written.
    pub rank: Option<u8>,
    /// Where it was written.
    pub span: Span,
}

impl SquareSpec {
    /// Whether `sq` fits this constraint for `mover`, where a missing part matches anything
    /// (the reading for from-squares and capture squares).
    #[must_use]
    pub fn matches(&self, sq: Square, mover: Color) -> bool {
        self.file.is_none_or(|f| f.contains(sq.file()))
            && self
                .rank
                .is_none_or(|r| relative_rank(r, mover) == Some(sq.rank()))
    }

    /// Whether `sq` fits this destination for `mover`: a missing rank means rank 1
    /// (`R-Q` is `R-Q1`), a missing file matches any file.
    #[must_use]
    pub fn matches_destination(&self, sq: Square, mover: Color) -> bool {
        self.file.is_none_or(|f| f.contains(sq.file()))
            && relative_rank(self.rank.unwrap_or(1), mover) == Some(sq.rank())
    }
}

/// The algebraic rank of descriptive rank `rank` (1..=8) counted from `mover`'s side.
#[must_use]
pub fn relative_rank(rank: u8, mover: Color) -> Option<Rank> {
    let white = Rank::new(rank.checked_sub(1)?)?;
    Some(match mover {
        Color::White => white,
        Color::Black => Rank::new(7 - white.index())?,
    })
}

impl fmt::Display for SquareSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = self.file {
            write!(f, "{file}")?;
        }
        if let Some(r) = self.rank {
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

/// A piece or pawn as written: the mover (`KN`, `QBP`, `K. R.`) or a captured unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DescPiece {
    /// The piece type.
    pub role: Role,
    /// For R, N and B: the `K`/`Q` prefix (origin, or wing in some books; docs/DESCRIPTIVE.md §3.3).
    pub wing: Option<Wing>,
    /// For pawns: the file the pawn stands on (`KP`, `QBP`, `BP`); `None` for a bare `P`.
    pub pawn_file: Option<DescFile>,
    /// Where it was written.
    pub span: Span,
}

impl fmt::Display for DescPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = self.pawn_file {
            write!(f, "{file}")?;
        }
        if let Some(w) = self.wing {
            write!(f, "{}", w.letter())?;
        }
        write!(f, "{}", self.role.upper_char())
    }
}

/// A move named only by its effect (long form): `Kt. mates.`, `K. moves.`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VagueKind {
    /// `mates`: any move of the piece that mates.
    Mates,
    /// `checks`: any move of the piece that checks.
    Checks,
    /// `moves`: any move of the piece (usually the only legal one).
    Moves,
    /// `interposes`: a move that blocks the check.
    Interposes,
    /// `one` (`P. one`, `Q. B. P. one`): a pawn's one-square advance.
    OneStep,
    /// `two` (`K. P. two`, `K. Kt. P. two`, as books of the 1840s print a first move):
    /// a pawn's two-square advance.
    TwoSteps,
    /// `Queens` (`P. Queens`): a pawn's promotion, to a queen unless said otherwise.
    Promotes,
}

impl VagueKind {
    /// The word: `mates`, `checks`, `moves`, `interposes`, `one`, `two`, `Queens`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            VagueKind::Mates => "mates",
            VagueKind::Checks => "checks",
            VagueKind::Moves => "moves",
            VagueKind::Interposes => "interposes",
            VagueKind::OneStep => "one",
            VagueKind::TwoSteps => "two",
            VagueKind::Promotes => "Queens",
        }
    }
}

/// What the mover does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescAction {
    /// `-dest`: a non-capture to the destination (missing rank = rank 1).
    Move {
        /// The destination as written.
        to: SquareSpec,
    },
    /// `xvictim`: a capture of the named unit.
    Capture {
        /// The captured unit (`P`, `QP`, `KtP`, `QR`, `B`).
        victim: DescPiece,
        /// `doubled P` (old books): the captured pawn has a same-coloured pawn on its file.
        doubled: bool,
        /// A capture-square qualifier (`BxP(B4)`, `BxN/QB6`), counted from the mover's side.
        at: Option<SquareSpec>,
    },
    /// `xsquare` (`QxK5`, `Q. takes K. B. 7th`, `R takes Q B 7`): a capture on the named
    /// square, counted from the mover's side, of whatever stands there.
    CaptureOn {
        /// The square captured on; file and rank are both written.
        square: SquareSpec,
    },
    /// A move named by its effect only.
    Vague(VagueKind),
}

/// A move in English descriptive notation, as written (castling is
/// [`MoveKind::Castle`](crate::MoveKind::Castle); check and annotation marks live in the
/// [`Suffix`](crate::Suffix) of the [`WrittenMove`](crate::WrittenMove)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescMove {
    /// The mover.
    pub piece: DescPiece,
    /// A from-square qualifier (`R(1)-Q1`, `N/5-K4`, `R(QB1)-Q1`, `R. (B. sq.) to ...`).
    pub from: Option<SquareSpec>,
    /// Move, capture or vague effect.
    pub action: DescAction,
    /// The promotion piece (`=Q`, `(Q)`, `/Q`, `becomes a Queen`, `(2d Q.)`, `Queens`).
    pub promotion: Option<Role>,
    /// Where the promotion was written.
    pub promotion_span: Option<Span>,
    /// Whether `e.p.` (or `en passant`, `in passing`) was written; its span is in the suffix.
    pub en_passant: bool,
    /// Whether the `-` between piece and destination was left out (`P K 4`): a slip that
    /// is read but reported.
    pub missing_dash: bool,
    /// The move without its check and annotation marks.
    pub span: Span,
}

impl fmt::Display for DescMove {
    /// The canonical compact form: `N-KB3`, `PxP`, `R(1)-Q1`, `P-K8=Q`, `QxNP`, `PxP e.p.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.piece)?;
        if let Some(from) = self.from {
            write!(f, "({from})")?;
        }
        match self.action {
            DescAction::Move { to } => write!(f, "-{to}")?,
            DescAction::Capture {
                victim,
                doubled,
                at,
            } => {
                f.write_str("x")?;
                if doubled {
                    f.write_str(" doubled ")?;
                }
                write!(f, "{victim}")?;
                if let Some(at) = at {
                    write!(f, "({at})")?;
                }
            }
            DescAction::CaptureOn { square } => write!(f, "x{square}")?,
            DescAction::Vague(kind) => write!(f, " {}", kind.word())?,
        }
        match (self.action, self.promotion) {
            // `P Queens` already says which piece.
            (DescAction::Vague(VagueKind::Promotes), Some(Role::Queen)) => {}
            (_, Some(p)) => write!(f, "={}", p.upper_char())?,
            (_, None) => {}
        }
        if self.en_passant {
            f.write_str(" e.p.")?;
        }
        Ok(())
    }
}

/// A descriptive move that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "cannot read `{written}` as a move: expected {expected}, found {}",
    quoted(found)
)]
#[non_exhaustive]
pub struct DescError {
    /// Where the problem is.
    pub span: Span,
    /// What would have been accepted there.
    pub expected: &'static str,
    /// What was written there (`end of move` when nothing was).
    pub found: String,
    /// The whole move as written (`KR-KI`, not only the `I` that could not be read).
    pub written: String,
}

/// `found` in backquotes, unless it is the words `end of move`.
fn quoted(found: &str) -> String {
    if found == "end of move" {
        found.to_owned()
    } else {
        format!("`{found}`")
    }
}
