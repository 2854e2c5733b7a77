//! [`MoveRecord`]: a move of a game's token list, kept in 24 bytes.
//!
//! A [`WrittenMove`] carries the span of each of its parts (up to eight:
//! piece letter, origin, capture mark, destination, promotion, check mark,
//! annotation, en passant mark), which makes it about 110 bytes; a game of
//! short moves would weigh some 35 times its text while it is parsed. Nearly
//! every part lies within the first 15 bytes of its move and is shorter than
//! 15 bytes, so a record keeps the move's own span and each part's place in
//! one byte (offset from the move's start, length). A move that does not fit
//! (a part far from its move, a descriptive move) is kept whole in a box.

use std::borrow::Cow;

use crate::ast::{
    Annotation, CastleMove, CheckMark, FileCapture, LanMove, MoveKind, SanMove, Suffix, WrittenMove,
};
use crate::span::Span;
use crate::types::{File, Rank, Role, Square};

/// One move of [`super::Token::Move`]: a [`WrittenMove`] stored compactly.
///
/// [`MoveRecord::get`] gives the move back exactly as it was recorded.
///
/// ```
/// use scoresheet_notation::pgn::MoveRecord;
/// use scoresheet_notation::{Mode, Span, parse_move};
/// let written = parse_move(b"Nbxd8=Q+!", 10, Mode::Strict).unwrap().value;
/// let record = MoveRecord::new(written.clone());
/// assert_eq!(*record.get(), written);
/// assert_eq!(record.span(), Span::new(10, 19));
/// assert!(std::mem::size_of::<MoveRecord>() <= 24);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct MoveRecord(Body);

/// A part not written.
const NO_PART: u8 = 0xFF;
const CHECK: usize = 5;
const ANNOTATION: usize = 6;
const EN_PASSANT: usize = 7;

/// The move's span and its parts' places ([`pack`]): for SAN, LAN and file
/// captures the parts named in [`Body`]; then the check mark, the annotation
/// and the en passant mark. Inside each variant of [`Body`] (not beside it),
/// so that a record is the variant's 23 bytes and its tag.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Places {
    /// The whole move, suffixes included ([`WrittenMove::span`]).
    span: Span,
    parts: [u8; 8],
}

/// The written parts of a move.
#[derive(Clone, PartialEq, Eq)]
enum Body {
    /// Parts: piece letter, origin hint, capture mark, destination, promotion.
    San {
        role: Role,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Role>,
        marks: Marks,
        places: Places,
    },
    /// Parts: piece letter, origin, separator, destination, promotion.
    Lan {
        role: Option<Role>,
        from: Square,
        capture: Option<bool>,
        to: Square,
        promotion: Option<Role>,
        marks: Marks,
        places: Places,
    },
    Castle(CastleMove, Marks, Places),
    Null(Marks, Places),
    /// Parts: origin file, capture mark, destination file.
    FileCapture {
        from: File,
        to: File,
        marks: Marks,
        places: Places,
    },
    /// A move whose parts do not fit in a byte each, or a descriptive move.
    Whole(Box<WrittenMove>),
}

/// The kinds of a move's marks (their places are parts).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Marks {
    check: Option<CheckMark>,
    annotation: Option<Annotation>,
}

/// A part's place in one byte: its offset from the move's start (high four
/// bits) and its length (low four bits); [`NO_PART`] for `None`; `None` when
/// it does not fit.
fn pack(start: usize, part: Option<Span>) -> Option<u8> {
    let Some(part) = part else {
        return Some(NO_PART);
    };
    let offset = part.start().checked_sub(start)?;
    let len = part.end().checked_sub(part.start())?;
    let byte = u8::try_from(offset).ok()?.checked_mul(16)? | u8::try_from(len).ok()?;
    (len < 16 && byte != NO_PART).then_some(byte)
}

/// The part a byte of [`pack`] places in a move starting at `start`.
fn unpack(start: usize, byte: u8) -> Option<Span> {
    (byte != NO_PART).then(|| {
        let from = start + usize::from(byte >> 4);
        Span::new(from, from + usize::from(byte & 15))
    })
}

impl MoveRecord {
    /// Records a move.
    #[must_use]
    pub fn new(m: WrittenMove) -> MoveRecord {
        match compact(&m) {
            Some(body) => {
                let record = MoveRecord(body);
                debug_assert!(*record.get() == m, "{m:?} recorded as {record:?}");
                record
            }
            None => MoveRecord(Body::Whole(Box::new(m))),
        }
    }

    /// The move as it was recorded (borrowed when it was kept whole).
    #[must_use]
    pub fn get(&self) -> Cow<'_, WrittenMove> {
        let (kind, marks, places) = match &self.0 {
            Body::Whole(m) => return Cow::Borrowed(m),
            &Body::San {
                role,
                from_file,
                from_rank,
                to,
                promotion,
                marks,
                places,
            } => (
                MoveKind::San(SanMove {
                    role,
                    role_span: places.part(0),
                    from_file,
                    from_rank,
                    from_span: places.part(1),
                    capture: places.part(2),
                    to,
                    to_span: places.always(3),
                    promotion,
                    promotion_span: places.part(4),
                }),
                marks,
                places,
            ),
            &Body::Lan {
                role,
                from,
                capture,
                to,
                promotion,
                marks,
                places,
            } => (
                MoveKind::Lan(LanMove {
                    role,
                    role_span: places.part(0),
                    from,
                    from_span: places.always(1),
                    capture,
                    separator_span: places.part(2),
                    captured: None,
                    captured_span: None,
                    to,
                    to_span: places.always(3),
                    promotion,
                    promotion_span: places.part(4),
                }),
                marks,
                places,
            ),
            &Body::Castle(castle, marks, places) => (MoveKind::Castle(castle), marks, places),
            &Body::Null(marks, places) => (MoveKind::Null, marks, places),
            &Body::FileCapture {
                from,
                to,
                marks,
                places,
            } => (
                MoveKind::FileCapture(FileCapture {
                    from,
                    from_span: places.always(0),
                    capture: places.part(1),
                    to,
                    to_span: places.always(2),
                }),
                marks,
                places,
            ),
        };
        Cow::Owned(WrittenMove {
            kind,
            suffix: Suffix {
                check: marks.check.zip(places.part(CHECK)),
                annotation: marks.annotation.zip(places.part(ANNOTATION)),
                en_passant: places.part(EN_PASSANT),
            },
            span: places.span,
        })
    }

    /// The notation the move is written in: `"san"` (file captures too),
    /// `"uci"`, `"lan"`, `"descriptive"`; `None` for castling and null
    /// moves, which fit every notation. Cheaper than asking
    /// [`MoveRecord::get`] for a move kept compact (a report names the
    /// notation of every game).
    ///
    /// ```
    /// use scoresheet_notation::pgn::MoveRecord;
    /// use scoresheet_notation::{Mode, parse_move};
    /// let notation = |text: &str| {
    ///     MoveRecord::new(parse_move(text.as_bytes(), 0, Mode::Lenient).unwrap().value).notation()
    /// };
    /// assert_eq!(notation("Nbxd7+"), Some("san"));
    /// assert_eq!(notation("e2e4"), Some("uci"));
    /// assert_eq!(notation("Ng1-f3"), Some("lan"));
    /// assert_eq!(notation("O-O"), None);
    /// ```
    #[must_use]
    pub fn notation(&self) -> Option<&'static str> {
        match &self.0 {
            Body::San { .. } | Body::FileCapture { .. } => Some("san"),
            Body::Castle(..) | Body::Null(..) => None,
            Body::Lan { .. } | Body::Whole(_) => match &self.get().kind {
                MoveKind::San(_) | MoveKind::FileCapture(_) => Some("san"),
                MoveKind::Lan(l) if l.is_uci() => Some("uci"),
                MoveKind::Lan(_) => Some("lan"),
                MoveKind::Descriptive(_) => Some("descriptive"),
                MoveKind::Castle(_) | MoveKind::Null => None,
            },
        }
    }

    /// Whether the move is in descriptive notation ([`MoveKind::Descriptive`]),
    /// which replay reads its own way; cheaper than asking [`MoveRecord::get`].
    #[must_use]
    pub fn is_descriptive(&self) -> bool {
        matches!(&self.0, Body::Whole(m) if matches!(m.kind, MoveKind::Descriptive(_)))
    }

    /// Where the move was written, suffixes included.
    #[must_use]
    pub fn span(&self) -> Span {
        match &self.0 {
            Body::Whole(m) => m.span,
            Body::San { places, .. }
            | Body::Lan { places, .. }
            | Body::Castle(_, _, places)
            | Body::Null(_, places)
            | Body::FileCapture { places, .. } => places.span,
        }
    }
}

impl Places {
    /// Part `i`, if written.
    fn part(self, i: usize) -> Option<Span> {
        unpack(self.span.start(), self.parts[i])
    }

    /// Part `i` of those always written (packed from a `Some`).
    fn always(self, i: usize) -> Span {
        self.part(i).unwrap_or(self.span)
    }
}

/// The body of `m` with every part placed in a byte, if they all fit.
fn compact(m: &WrittenMove) -> Option<Body> {
    let start = m.span.start();
    let mut parts = [NO_PART; 8];
    let mut place = |i: usize, part: Option<Span>| -> Option<()> {
        parts[i] = pack(start, part)?;
        Some(())
    };
    let suffix = &m.suffix;
    place(CHECK, suffix.check.map(|(_, s)| s))?;
    place(ANNOTATION, suffix.annotation.map(|(_, s)| s))?;
    place(EN_PASSANT, suffix.en_passant)?;
    let marks = Marks {
        check: suffix.check.map(|(c, _)| c),
        annotation: suffix.annotation.map(|(a, _)| a),
    };
    match &m.kind {
        MoveKind::San(s) => {
            place(0, s.role_span)?;
            place(1, s.from_span)?;
            place(2, s.capture)?;
            place(3, Some(s.to_span))?;
            place(4, s.promotion_span)?;
        }
        // A piece taken named (`Nd7xNe5`): rare, kept whole.
        MoveKind::Lan(l) if l.captured.is_some() => return None,
        MoveKind::Lan(l) => {
            place(0, l.role_span)?;
            place(1, Some(l.from_span))?;
            place(2, l.separator_span)?;
            place(3, Some(l.to_span))?;
            place(4, l.promotion_span)?;
        }
        MoveKind::FileCapture(f) => {
            place(0, Some(f.from_span))?;
            place(1, f.capture)?;
            place(2, Some(f.to_span))?;
        }
        MoveKind::Castle(_) | MoveKind::Null => {}
        MoveKind::Descriptive(_) => return None,
    }
    let places = Places {
        span: m.span,
        parts,
    };
    Some(match &m.kind {
        MoveKind::San(s) => Body::San {
            role: s.role,
            from_file: s.from_file,
            from_rank: s.from_rank,
            to: s.to,
            promotion: s.promotion,
            marks,
            places,
        },
        MoveKind::Lan(l) => Body::Lan {
            role: l.role,
            from: l.from,
            capture: l.capture,
            to: l.to,
            promotion: l.promotion,
            marks,
            places,
        },
        MoveKind::Castle(c) => Body::Castle(*c, marks, places),
        MoveKind::Null => Body::Null(marks, places),
        MoveKind::FileCapture(f) => Body::FileCapture {
            from: f.from,
            to: f.to,
            marks,
            places,
        },
        MoveKind::Descriptive(_) => return None,
    })
}

impl From<WrittenMove> for MoveRecord {
    fn from(m: WrittenMove) -> MoveRecord {
        MoveRecord::new(m)
    }
}

impl core::fmt::Debug for MoveRecord {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.get().fmt(f)
    }
}

impl core::fmt::Display for MoveRecord {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.get().fmt(f)
    }
}
