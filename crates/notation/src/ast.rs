//! The move AST: what was written, part by part, with the byte span of each part.
//!
//! Nothing here knows the board. A [`WrittenMove`] says "a knight went to f3",
//! never which knight: the board crate resolves it.

use crate::desc::DescMove;
use crate::span::Span;
use crate::types::{File, Rank, Role, Square};

/// One move as written, in any notation, with its suffixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMove {
    /// The notation and its parts.
    pub kind: MoveKind,
    /// Check, mate, annotation and en passant marks written after the move.
    pub suffix: Suffix,
    /// The whole token, suffixes included.
    pub span: Span,
}

impl WrittenMove {
    /// Rewrites every span in the move with `f` (to shift a move parsed out of a
    /// larger text, or to compare moves regardless of where they were written).
    /// Spans inside descriptive moves are left alone.
    pub fn map_spans(&mut self, f: impl Fn(Span) -> Span) {
        self.span = f(self.span);
        if let Some((_, s)) = &mut self.suffix.check {
            *s = f(*s);
        }
        if let Some((_, s)) = &mut self.suffix.annotation {
            *s = f(*s);
        }
        if let Some(s) = &mut self.suffix.en_passant {
            *s = f(*s);
        }
        let opt = |s: &mut Option<Span>| {
            if let Some(s) = s {
                *s = f(*s);
            }
        };
        match &mut self.kind {
            MoveKind::San(m) => {
                opt(&mut m.role_span);
                opt(&mut m.from_span);
                opt(&mut m.capture);
                m.to_span = f(m.to_span);
                opt(&mut m.promotion_span);
            }
            MoveKind::Lan(m) => {
                opt(&mut m.role_span);
                m.from_span = f(m.from_span);
                opt(&mut m.separator_span);
                opt(&mut m.captured_span);
                m.to_span = f(m.to_span);
                opt(&mut m.promotion_span);
            }
            MoveKind::FileCapture(m) => {
                m.from_span = f(m.from_span);
                opt(&mut m.capture);
                m.to_span = f(m.to_span);
            }
            MoveKind::Castle(_) | MoveKind::Null | MoveKind::Descriptive(_) => {}
        }
    }
}

/// The notation a move was written in, with its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveKind {
    /// Standard algebraic notation: `e4`, `Nf3`, `Rcf1`, `exd8=Q`.
    San(SanMove),
    /// Long algebraic notation (`Ng1-f3`, `e7-e8=Q`) or UCI (`g1f3`, `e7e8q`).
    Lan(LanMove),
    /// Castling in any spelling: `O-O`, `0-0-0`, `Castles on Q's side.`
    Castle(CastleMove),
    /// A null move: `--`, `Z0`, `0000`.
    Null,
    /// English descriptive notation: `P-K4`, `Kt x Kt ch`, `K. Kt. to K. B's 3d.`
    Descriptive(Box<DescMove>),
    /// A pawn capture written by its files only (`cd:`, `c:d`, `cd`), as older
    /// German and Russian texts print it: the board finds the squares.
    FileCapture(FileCapture),
}

/// A pawn capture named by files: the pawn on `from` takes on the `to` file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileCapture {
    /// The capturing pawn's file.
    pub from: File,
    /// Where it was written.
    pub from_span: Span,
    /// The file of the captured unit (an adjacent file).
    pub to: File,
    /// Where it was written.
    pub to_span: Span,
    /// Where a capture mark (`:` or `x`) was written.
    pub capture: Option<Span>,
}

/// A move in standard algebraic notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SanMove {
    /// The moving piece: [`Role::Pawn`] when no letter was written.
    pub role: Role,
    /// Where the piece letter (or figurine) was written.
    pub role_span: Option<Span>,
    /// A disambiguating origin file (`Rcf1`, `dxe5`).
    pub from_file: Option<File>,
    /// A disambiguating origin rank (`R1f2`).
    pub from_rank: Option<Rank>,
    /// Where the origin hint was written.
    pub from_span: Option<Span>,
    /// Where a capture mark (`x`, or leniently `:` or `-`) was written; `None` for a quiet move.
    pub capture: Option<Span>,
    /// The destination square.
    pub to: Square,
    /// Where the destination was written.
    pub to_span: Span,
    /// The promotion piece (`=Q`, or leniently `Q`).
    pub promotion: Option<Role>,
    /// Where the promotion was written.
    pub promotion_span: Option<Span>,
}

/// A move in long algebraic notation, or in UCI notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanMove {
    /// The piece letter if one was written (`Ng1-f3`); `None` for pawns and UCI.
    pub role: Option<Role>,
    /// Where the piece letter was written.
    pub role_span: Option<Span>,
    /// The origin square.
    pub from: Square,
    /// Where the origin was written.
    pub from_span: Span,
    /// `Some(false)` for `-`, `Some(true)` for `x`, `None` when no separator was written (UCI).
    pub capture: Option<bool>,
    /// Where the separator was written.
    pub separator_span: Option<Span>,
    /// The piece taken, when named after the capture mark (`Nd7xNe5`).
    pub captured: Option<Role>,
    /// Where the piece taken was named.
    pub captured_span: Option<Span>,
    /// The destination square.
    pub to: Square,
    /// Where the destination was written.
    pub to_span: Span,
    /// The promotion piece.
    pub promotion: Option<Role>,
    /// Where the promotion was written.
    pub promotion_span: Option<Span>,
}

impl LanMove {
    /// Whether this is UCI form: no separator and no piece letter (`g1f3`, `e7e8q`).
    #[must_use]
    pub fn is_uci(&self) -> bool {
        self.capture.is_none() && self.role.is_none()
    }
}

/// The side of a castling move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// King side, `O-O`.
    King,
    /// Queen side, `O-O-O`.
    Queen,
}

/// A castling move as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CastleMove {
    /// The side, or `None` for a plain descriptive `Castles` that names none.
    pub side: Option<CastleSide>,
    /// Written with zeros (`0-0`) rather than the letter O: a relaxation in strict PGN.
    pub zeros: bool,
}

/// A check or mate mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// `+`, `ch`, `ch.`, `(ch.)`.
    Check,
    /// `dis ch`: a discovered check.
    DiscoveredCheck,
    /// `dbl ch`: a double check.
    DoubleCheck,
    /// `++`: mate in some usages, double check in older British ones.
    PlusPlus,
    /// `#`, `mate`, `checkmate`.
    Mate,
}

/// A traditional move annotation, the glyphs that PGN writes as NAGs `$1` to `$6`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Annotation {
    /// `!`, `$1`.
    Good = 1,
    /// `?`, `$2`.
    Mistake = 2,
    /// `!!`, `$3`.
    Brilliant = 3,
    /// `??`, `$4`.
    Blunder = 4,
    /// `!?`, `$5`.
    Interesting = 5,
    /// `?!`, `$6`.
    Dubious = 6,
}

impl Annotation {
    /// The NAG number: `$1` to `$6`.
    #[must_use]
    pub const fn nag(self) -> u8 {
        self as u8
    }

    /// The glyph: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    #[must_use]
    pub const fn glyph(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Interesting => "!?",
            Annotation::Dubious => "?!",
        }
    }

    /// The annotation for NAG `1..=6`.
    #[must_use]
    pub const fn from_nag(nag: u8) -> Option<Annotation> {
        Some(match nag {
            1 => Annotation::Good,
            2 => Annotation::Mistake,
            3 => Annotation::Brilliant,
            4 => Annotation::Blunder,
            5 => Annotation::Interesting,
            6 => Annotation::Dubious,
            _ => return None,
        })
    }
}

/// The marks written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Suffix {
    /// A check or mate mark and where it was written.
    pub check: Option<(CheckMark, Span)>,
    /// An annotation glyph and where it was written.
    pub annotation: Option<(Annotation, Span)>,
    /// Where an en passant mark (`e.p.`, `ep`) was written.
    pub en_passant: Option<Span>,
}

/// A game result token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2` (also `½-½`).
    Draw,
    /// `*`: unknown, ongoing or abandoned.
    Unknown,
}

impl GameResult {
    /// The PGN spelling: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a result token (`½-½` included).
    ///
    /// ```
    /// use scoresheet_notation::GameResult;
    /// assert_eq!(GameResult::from_ascii("½-½".as_bytes()), Some(GameResult::Draw));
    /// assert_eq!(GameResult::from_ascii(b"1-0"), Some(GameResult::WhiteWins));
    /// ```
    #[must_use]
    pub fn from_ascii(s: &[u8]) -> Option<GameResult> {
        Some(match s {
            b"1-0" => GameResult::WhiteWins,
            b"0-1" => GameResult::BlackWins,
            b"1/2-1/2" | b"\xC2\xBD-\xC2\xBD" => GameResult::Draw,
            b"*" => GameResult::Unknown,
            _ => return None,
        })
    }

    /// Reads a result written with another dash than `-` (`1–0`, `0—1`,
    /// `½–½`, U+2011, U+2212): `Some` only when [`GameResult::from_ascii`]
    /// reads it with its dash written `-`, `None` for anything else (a
    /// result [`GameResult::from_ascii`] reads included).
    ///
    /// ```
    /// use scoresheet_notation::GameResult;
    /// assert_eq!(GameResult::from_spelled("1–0".as_bytes()), Some(GameResult::WhiteWins));
    /// assert_eq!(GameResult::from_spelled(b"1-0"), None);
    /// ```
    #[must_use]
    pub fn from_spelled(s: &[u8]) -> Option<GameResult> {
        if s.len() > 16 {
            return None;
        }
        let mut ascii = [0u8; 16];
        let (mut n, mut i, mut dashes) = (0, 0, 0);
        while i < s.len() {
            let dash = matches!(
                s.get(i..i + 3),
                Some([0xE2, 0x80, 0x90..=0x95] | [0xE2, 0x88, 0x92])
            );
            let (b, len) = if dash { (b'-', 3) } else { (s[i], 1) };
            dashes += usize::from(dash);
            ascii[n] = b;
            n += 1;
            i += len;
        }
        if dashes == 0 {
            return None;
        }
        GameResult::from_ascii(&ascii[..n])
    }
}

impl core::fmt::Display for GameResult {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}
