//! The move-token grammar, one small nom parser per production, bottom up.
//!
//! Every parser works on the bytes of one token and reports positions as byte
//! offsets from the start of that token: the composite parsers take the token
//! length (`Origin`) so they can turn "what is left" into "where we are". The
//! caller ([`super::parse_move`]) adds the token's absolute offset.
//!
//! Relaxed spellings are accepted here and *described* in the output (which
//! spelling was used); deciding whether a spelling deserves a warning or an
//! error is the caller's business, so these parsers stay pure.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::combinator::opt;
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};

use crate::ast::{Annotation, CastleSide, CheckMark};
use crate::span::Span;
use crate::types::{File, Piece, Rank, Role, Square};

/// The error of the token parsers: how far the furthest attempt got, and what it expected there.
///
/// Allocation-free, so that trying several notations on one token costs nothing
/// when one of them fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenError {
    /// How many bytes of the token were left where parsing stopped.
    pub rest_len: usize,
    /// What was expected there (`"a square"`), or empty if unknown.
    pub expected: &'static str,
}

impl<'a> ParseError<&'a [u8]> for TokenError {
    fn from_error_kind(input: &'a [u8], _kind: ErrorKind) -> Self {
        TokenError {
            rest_len: input.len(),
            expected: "",
        }
    }

    fn append(_input: &'a [u8], _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Keeps the attempt that got furthest: it says most about what was meant.
    fn or(self, other: Self) -> Self {
        if other.rest_len <= self.rest_len {
            other
        } else {
            self
        }
    }
}

/// The result type of every token parser.
pub type TResult<'a, O> = IResult<&'a [u8], O, TokenError>;

fn fail<'a, O>(input: &'a [u8], expected: &'static str) -> TResult<'a, O> {
    Err(nom::Err::Error(TokenError {
        rest_len: input.len(),
        expected,
    }))
}

/// Labels the failure of `parser` with what it expected, unless a deeper parser
/// already said something more precise further on.
pub fn expect<'a, O>(
    expected: &'static str,
    mut parser: impl Parser<&'a [u8], Output = O, Error = TokenError>,
) -> impl Parser<&'a [u8], Output = O, Error = TokenError> {
    move |input: &'a [u8]| {
        parser.parse(input).map_err(|e| {
            e.map(|mut err| {
                if err.expected.is_empty() || err.rest_len == input.len() {
                    err.expected = expected;
                }
                err
            })
        })
    }
}

/// The length of the whole token, to turn the remaining input into an offset.
#[derive(Debug, Clone, Copy)]
pub struct Origin(pub usize);

impl Origin {
    /// The offset (from the token start) of the first byte of `rest`.
    #[inline]
    #[must_use]
    pub fn at(self, rest: &[u8]) -> usize {
        self.0.saturating_sub(rest.len())
    }

    /// The span between two remaining inputs.
    #[inline]
    #[must_use]
    pub fn span(self, before: &[u8], after: &[u8]) -> Span {
        Span::new(self.at(before), self.at(after))
    }
}

/// Runs `parser` and also returns the span (from the token start) of what it consumed.
pub fn spanned<'a, O>(
    origin: Origin,
    mut parser: impl Parser<&'a [u8], Output = O, Error = TokenError>,
) -> impl Parser<&'a [u8], Output = (O, Span), Error = TokenError> {
    move |input: &'a [u8]| {
        let (rest, out) = parser.parse(input)?;
        Ok((rest, (out, origin.span(input, rest))))
    }
}

/// `a` .. `h`
pub fn file(input: &[u8]) -> TResult<'_, File> {
    match input.first().and_then(|&b| File::from_char(b as char)) {
        Some(f) => Ok((&input[1..], f)),
        None => fail(input, "a file a-h"),
    }
}

/// `1` .. `8`
pub fn rank(input: &[u8]) -> TResult<'_, Rank> {
    match input.first().and_then(|&b| Rank::from_char(b as char)) {
        Some(r) => Ok((&input[1..], r)),
        None => fail(input, "a rank 1-8"),
    }
}

/// file rank: `e4`
pub fn square(input: &[u8]) -> TResult<'_, Square> {
    match input {
        [f, r, rest @ ..] => match (File::from_char(*f as char), Rank::from_char(*r as char)) {
            (Some(f), Some(r)) => Ok((rest, Square::from_coords(f, r))),
            _ => fail(input, "a square such as e4"),
        },
        _ => fail(input, "a square such as e4"),
    }
}

/// How a piece was spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceSpelling {
    /// An upper-case letter `N B R Q K` (or `P`, which SAN omits).
    Upper,
    /// A lower-case letter `n r q k` (never `b`: that is the b-file).
    Lower,
    /// A Unicode figurine such as `♘` or `♞`.
    Figurine,
    /// A glyph of a chess font, as a PDF's text layer gives it (`¤f3`): see
    /// [`piece_font_glyph`].
    FontGlyph,
}

/// `N` | `B` | `R` | `Q` | `K` | `P`
pub fn piece_upper(input: &[u8]) -> TResult<'_, Role> {
    let role = match input.first() {
        Some(b'N') => Role::Knight,
        Some(b'B') => Role::Bishop,
        Some(b'R') => Role::Rook,
        Some(b'Q') => Role::Queen,
        Some(b'K') => Role::King,
        Some(b'P') => Role::Pawn,
        _ => return fail(input, "a piece letter"),
    };
    Ok((&input[1..], role))
}

/// `n` | `r` | `q` | `k` (lenient; `b` is always the b-file, `p` never a piece)
pub fn piece_lower(input: &[u8]) -> TResult<'_, Role> {
    let role = match input.first() {
        Some(b'n') => Role::Knight,
        Some(b'r') => Role::Rook,
        Some(b'q') => Role::Queen,
        Some(b'k') => Role::King,
        _ => return fail(input, "a piece letter"),
    };
    Ok((&input[1..], role))
}

/// `♔` .. `♟` (U+2654..U+265F, three bytes in UTF-8); the colour drawn is ignored
pub fn piece_figurine(input: &[u8]) -> TResult<'_, Role> {
    if let [0xE2, 0x99, third @ 0x94..=0x9F, rest @ ..] = input {
        let c = char::from_u32(0x2600 + 0x40 + u32::from(third - 0x80));
        if let Some(p) = c.and_then(Piece::from_figurine) {
            return Ok((rest, p.role));
        }
    }
    fail(input, "a piece letter")
}

/// The glyphs that chess figurine fonts (ChessBase's and those made after them) put
/// at `¢ £ ¤ ¥ ¦` (U+00A2..U+00A6), which a PDF's text layer gives instead of the
/// figurines drawn: `¢` king, `£` queen, `¤` knight, `¥` bishop, `¦` rook. In UTF-8, or
/// as the single Latin-1 byte of a file that is not UTF-8.
pub fn piece_font_glyph(input: &[u8]) -> TResult<'_, Role> {
    let (glyph, rest) = match input {
        [0xC2, g @ 0xA2..=0xA6, rest @ ..] | [g @ 0xA2..=0xA6, rest @ ..] => (*g, rest),
        _ => return fail(input, "a piece letter"),
    };
    let role = match glyph {
        0xA2 => Role::King,
        0xA3 => Role::Queen,
        0xA4 => Role::Knight,
        0xA5 => Role::Bishop,
        _ => Role::Rook,
    };
    Ok((rest, role))
}

/// piece_upper | piece_lower | piece_figurine | piece_font_glyph
pub fn piece(input: &[u8]) -> TResult<'_, (Role, PieceSpelling)> {
    alt((
        piece_upper.map(|r| (r, PieceSpelling::Upper)),
        piece_lower.map(|r| (r, PieceSpelling::Lower)),
        piece_figurine.map(|r| (r, PieceSpelling::Figurine)),
        piece_font_glyph.map(|r| (r, PieceSpelling::FontGlyph)),
    ))
    .parse(input)
}

/// How a capture was marked in SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureMark {
    /// `x`
    X,
    /// `:` (lenient)
    Colon,
    /// A capital `X`, as typeset books print it (lenient)
    CapitalX,
}

/// `x` | `:` | `X`
pub fn capture_mark(input: &[u8]) -> TResult<'_, CaptureMark> {
    match input.first() {
        Some(b'x') => Ok((&input[1..], CaptureMark::X)),
        Some(b':') => Ok((&input[1..], CaptureMark::Colon)),
        Some(b'X') => Ok((&input[1..], CaptureMark::CapitalX)),
        _ => fail(input, "a capture mark x"),
    }
}

/// The separator of long algebraic notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LanSeparator {
    /// `-`: a quiet move.
    Dash,
    /// `x`: a capture.
    X,
    /// `:`: a capture (lenient).
    Colon,
    /// `X`: a capture, as typeset books print it (lenient).
    CapitalX,
}

/// `-` | `x` | `:` | `X`
pub fn lan_separator(input: &[u8]) -> TResult<'_, LanSeparator> {
    match input.first() {
        Some(b'-') => Ok((&input[1..], LanSeparator::Dash)),
        Some(b'x') => Ok((&input[1..], LanSeparator::X)),
        Some(b':') => Ok((&input[1..], LanSeparator::Colon)),
        Some(b'X') => Ok((&input[1..], LanSeparator::CapitalX)),
        _ => fail(input, "- or x"),
    }
}

/// How a promotion was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromotionSpelling {
    /// `=Q`
    Equals,
    /// `=q` (lenient)
    EqualsLower,
    /// `Q` without `=` (lenient)
    Bare,
    /// `(Q)` (lenient)
    Parens,
    /// `/Q` (lenient)
    Slash,
    /// `q`, the UCI form
    Uci,
}

/// A role a pawn may become: `N B R Q` (and `K`, for antichess), either case.
fn promotion_role(input: &[u8]) -> TResult<'_, (Role, bool)> {
    let (role, upper) = match input.first() {
        Some(b'N') => (Role::Knight, true),
        Some(b'B') => (Role::Bishop, true),
        Some(b'R') => (Role::Rook, true),
        Some(b'Q') => (Role::Queen, true),
        Some(b'K') => (Role::King, true),
        Some(b'n') => (Role::Knight, false),
        Some(b'b') => (Role::Bishop, false),
        Some(b'r') => (Role::Rook, false),
        Some(b'q') => (Role::Queen, false),
        Some(b'k') => (Role::King, false),
        _ => return fail(input, "a promotion piece N, B, R or Q"),
    };
    Ok((&input[1..], (role, upper)))
}

/// `=Q` | `=q` | `(Q)` | `/Q` | `Q`
pub fn promotion(input: &[u8]) -> TResult<'_, (Role, PromotionSpelling)> {
    match input.first() {
        Some(b'=') => {
            // After `=` only a piece may follow: fail the whole token here (a
            // `Failure`, not a backtrack) so the message points at the bad letter.
            let (rest, (role, upper)) = expect("a promotion piece N, B, R or Q", promotion_role)
                .parse(&input[1..])
                .map_err(|e| match e {
                    nom::Err::Error(e) => nom::Err::Failure(e),
                    other => other,
                })?;
            let spelling = if upper {
                PromotionSpelling::Equals
            } else {
                PromotionSpelling::EqualsLower
            };
            Ok((rest, (role, spelling)))
        }
        Some(b'(') => {
            let (rest, (role, _)) = promotion_role(&input[1..])?;
            let (rest, _) = expect(")", tag(&b")"[..])).parse(rest)?;
            Ok((rest, (role, PromotionSpelling::Parens)))
        }
        Some(b'/') => {
            let (rest, (role, _)) = promotion_role(&input[1..])?;
            Ok((rest, (role, PromotionSpelling::Slash)))
        }
        Some(b'N' | b'B' | b'R' | b'Q' | b'K') => {
            let (rest, (role, _)) = promotion_role(input)?;
            Ok((rest, (role, PromotionSpelling::Bare)))
        }
        _ => fail(input, "a promotion"),
    }
}

/// `q` | `r` | `b` | `n` | `k` (UCI promotion, lower case; upper case leniently)
pub fn uci_promotion(input: &[u8]) -> TResult<'_, (Role, PromotionSpelling)> {
    alt((
        promotion,
        promotion_role.map(|(r, _)| (r, PromotionSpelling::Uci)),
    ))
    .parse(input)
}

/// `+` | `++` | `#`
pub fn check_mark(input: &[u8]) -> TResult<'_, CheckMark> {
    match input {
        [b'+', b'+', rest @ ..] => Ok((rest, CheckMark::PlusPlus)),
        [b'+', rest @ ..] => Ok((rest, CheckMark::Check)),
        [b'#', rest @ ..] => Ok((rest, CheckMark::Mate)),
        _ => fail(input, "+ or #"),
    }
}

/// `!!` | `??` | `!?` | `?!` | `!` | `?`
pub fn annotation(input: &[u8]) -> TResult<'_, Annotation> {
    match input {
        [b'!', b'!', rest @ ..] => Ok((rest, Annotation::Brilliant)),
        [b'?', b'?', rest @ ..] => Ok((rest, Annotation::Blunder)),
        [b'!', b'?', rest @ ..] => Ok((rest, Annotation::Interesting)),
        [b'?', b'!', rest @ ..] => Ok((rest, Annotation::Dubious)),
        [b'!', rest @ ..] => Ok((rest, Annotation::Good)),
        [b'?', rest @ ..] => Ok((rest, Annotation::Mistake)),
        _ => fail(input, "! or ?"),
    }
}

/// `e.p.` | `ep`
pub fn en_passant(input: &[u8]) -> TResult<'_, ()> {
    match input {
        [b'e', b'.', b'p', b'.', rest @ ..] | [b'e', b'p', rest @ ..] => Ok((rest, ())),
        _ => fail(input, "e.p."),
    }
}

/// The marks after a move, each with its span.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RawSuffix {
    /// `+`, `++` or `#`.
    pub check: Option<(CheckMark, Span)>,
    /// `!`, `?`, ...
    pub annotation: Option<(Annotation, Span)>,
    /// `e.p.` or `ep`.
    pub en_passant: Option<Span>,
}

/// en_passant? check_mark? en_passant? annotation?
pub fn suffix(origin: Origin) -> impl FnMut(&[u8]) -> TResult<'_, RawSuffix> {
    move |input| {
        let (rest, ep1) = opt(spanned(origin, en_passant)).parse(input)?;
        let (rest, check) = opt(spanned(origin, check_mark)).parse(rest)?;
        let (rest, ep2) = if ep1.is_none() {
            opt(spanned(origin, en_passant)).parse(rest)?
        } else {
            (rest, None)
        };
        let (rest, annotation) = opt(spanned(origin, annotation)).parse(rest)?;
        Ok((
            rest,
            RawSuffix {
                check,
                annotation,
                en_passant: ep1.or(ep2).map(|(_, s)| s),
            },
        ))
    }
}

/// A castling token before its suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawCastle {
    /// King or queen side.
    pub side: CastleSide,
    /// Written with zeros.
    pub zeros: bool,
}

/// `O-O-O` | `O-O` | `0-0-0` | `0-0`
pub fn castle(input: &[u8]) -> TResult<'_, RawCastle> {
    let (rest, (s, zeros)) = alt((
        tag(&b"O-O-O"[..]).map(|_| (CastleSide::Queen, false)),
        tag(&b"O-O"[..]).map(|_| (CastleSide::King, false)),
        tag(&b"0-0-0"[..]).map(|_| (CastleSide::Queen, true)),
        tag(&b"0-0"[..]).map(|_| (CastleSide::King, true)),
    ))
    .parse(input)?;
    Ok((rest, RawCastle { side: s, zeros }))
}

/// `--` | `Z0` | `0000`
pub fn null_move(input: &[u8]) -> TResult<'_, ()> {
    alt((tag(&b"--"[..]), tag(&b"Z0"[..]), tag(&b"0000"[..])))
        .map(|_| ())
        .parse(input)
}

/// A SAN move before its suffix, with how each part was spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawSan {
    /// The piece, its spelling and span, if a piece was written.
    pub piece: Option<(Role, PieceSpelling, Span)>,
    /// The origin file hint.
    pub from_file: Option<File>,
    /// The origin rank hint.
    pub from_rank: Option<Rank>,
    /// Where the origin hint was written.
    pub from_span: Option<Span>,
    /// A `-` written between the piece (or hint) and the destination (lenient, not a capture).
    pub dash: Option<Span>,
    /// The capture mark and where.
    pub capture: Option<(CaptureMark, Span)>,
    /// The destination.
    pub to: Square,
    /// Where the destination was written.
    pub to_span: Span,
    /// The promotion and how it was written.
    pub promotion: Option<(Role, PromotionSpelling, Span)>,
}

/// piece? file? rank? (capture | `-`)? square promotion?
///
/// `Nf3`, `Rcf1`, `R1f2`, `Qh4e1`, `dxe5`, `exd8=Q`, `nf3`, `♘f3`, `e4:d5`.
/// A pawn names at most its file (`4xd5` is not SAN).
pub fn san(origin: Origin) -> impl FnMut(&[u8]) -> TResult<'_, RawSan> {
    move |input| {
        let (rest, piece) = opt(spanned(origin, piece)).parse(input)?;
        let is_pawn = matches!(piece, None | Some(((Role::Pawn, _), _)));
        // With hints: file? rank? mark? square. Without: square alone (so that
        // `Nf3` is not read as "the knight on the f-file, rank 3" missing a square).
        let hinted = |i| -> TResult<'_, _> {
            let (r, hint) = spanned(origin, (opt(file), opt(rank))).parse(i)?;
            let (r, mark) = opt(spanned(
                origin,
                alt((capture_mark.map(Some), tag(&b"-"[..]).map(|_: &[u8]| None))),
            ))
            .parse(r)?;
            let (r, (to, to_span)) =
                expect("a destination square", spanned(origin, square)).parse(r)?;
            Ok((r, (hint, mark, to, to_span)))
        };
        let plain = spanned(origin, square).map(|(to, to_span)| {
            (
                ((None, None), Span::new(to_span.start(), to_span.start())),
                None,
                to,
                to_span,
            )
        });
        let (rest, (((from_file, from_rank), hint_span), mark, to, to_span)) =
            alt((plain_then_end(plain), hinted)).parse(rest)?;
        if is_pawn && from_rank.is_some() {
            return fail(input, "a pawn move naming only its file");
        }
        let (rest, promotion) = opt(spanned(origin, promotion)).parse(rest)?;
        let (capture, dash) = match mark {
            Some((Some(m), s)) => (Some((m, s)), None),
            Some((None, s)) => (None, Some(s)),
            None => (None, None),
        };
        Ok((
            rest,
            RawSan {
                piece: piece.map(|((r, sp), s)| (r, sp, s)),
                from_file,
                from_rank,
                from_span: (from_file.is_some() || from_rank.is_some()).then_some(hint_span),
                dash,
                capture,
                to,
                to_span,
                promotion: promotion.map(|((r, sp), s)| (r, sp, s)),
            },
        ))
    }
}

/// Accepts the plain-square reading only when no second square follows
/// (`Nf3` yes; `Nf3e5` must be read with a hint), so `alt` falls through.
fn plain_then_end<'a, O>(
    mut parser: impl Parser<&'a [u8], Output = O, Error = TokenError>,
) -> impl Parser<&'a [u8], Output = O, Error = TokenError> {
    move |input: &'a [u8]| {
        let (rest, out) = parser.parse(input)?;
        if square(rest).is_ok() || matches!(rest.first(), Some(b'x' | b'X' | b':' | b'-')) {
            fail(input, "")
        } else {
            Ok((rest, out))
        }
    }
}

/// A LAN or UCI move before its suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawLan {
    /// The piece, its spelling and span, if a piece was written.
    pub piece: Option<(Role, PieceSpelling, Span)>,
    /// The origin.
    pub from: Square,
    /// Where the origin was written.
    pub from_span: Span,
    /// The separator and where; `None` for UCI.
    pub separator: Option<(LanSeparator, Span)>,
    /// The piece taken, when named after the capture mark (`Sd7xSe5`, as
    /// German and older books print it), and where.
    pub captured: Option<(Role, Span)>,
    /// The destination.
    pub to: Square,
    /// Where the destination was written.
    pub to_span: Span,
    /// The promotion and how it was written.
    pub promotion: Option<(Role, PromotionSpelling, Span)>,
}

/// piece? square (`-` | (`x` | `:` | `X`) piece?) square promotion?
///
/// `Ng1-f3`, `f4xe5`, `e7-e5`, `Bf8xd6`, `e7-e8=Q`, `Nd7xNe5` (the piece
/// taken named).
pub fn lan(origin: Origin) -> impl FnMut(&[u8]) -> TResult<'_, RawLan> {
    move |input| {
        let (rest, piece) = opt(spanned(origin, piece)).parse(input)?;
        let (rest, (from, from_span)) = spanned(origin, square).parse(rest)?;
        let (rest, separator) = spanned(origin, lan_separator).parse(rest)?;
        // The piece taken, named after the capture mark (`Nd7xNe5`).
        let (rest, captured) = if separator.0 == LanSeparator::Dash {
            (rest, None)
        } else {
            opt(spanned(origin, piece_upper)).parse(rest)?
        };
        let (rest, (to, to_span)) =
            expect("a destination square", spanned(origin, square)).parse(rest)?;
        let (rest, promotion) = opt(spanned(origin, promotion)).parse(rest)?;
        Ok((
            rest,
            RawLan {
                piece: piece.map(|((r, sp), s)| (r, sp, s)),
                from,
                from_span,
                separator: Some(separator),
                captured,
                to,
                to_span,
                promotion: promotion.map(|((r, sp), s)| (r, sp, s)),
            },
        ))
    }
}

/// square square uci_promotion?
///
/// `g1f3`, `e7e8q`. A piece letter makes it SAN (`Qh4e1`), not UCI.
pub fn uci(origin: Origin) -> impl FnMut(&[u8]) -> TResult<'_, RawLan> {
    move |input| {
        let (rest, (from, from_span)) = spanned(origin, square).parse(input)?;
        let (rest, (to, to_span)) = spanned(origin, square).parse(rest)?;
        let (rest, promotion) = opt(spanned(origin, uci_promotion)).parse(rest)?;
        Ok((
            rest,
            RawLan {
                piece: None,
                from,
                from_span,
                separator: None,
                captured: None,
                to,
                to_span,
                promotion: promotion.map(|((r, sp), s)| (r, sp, s)),
            },
        ))
    }
}

/// The body of a move token, before its suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawBody {
    /// Castling.
    Castle(RawCastle),
    /// A null move.
    Null,
    /// Long algebraic or UCI.
    Lan(RawLan),
    /// Standard algebraic.
    San(RawSan),
}

/// castle | null_move | lan | uci | san — in that order, so the most specific reading wins
/// (`e2e4` is UCI, `Qh4xe1` is LAN, `Qh4e1` is SAN with both hints).
pub fn body(origin: Origin) -> impl FnMut(&[u8]) -> TResult<'_, RawBody> {
    move |input| {
        alt((
            castle.map(RawBody::Castle),
            null_move.map(|()| RawBody::Null),
            lan(origin).map(RawBody::Lan),
            uci(origin).map(RawBody::Lan),
            expect("a move such as e4, Nf3, O-O or g1f3", san(origin)).map(RawBody::San),
        ))
        .parse(input)
    }
}

/// body suffix
pub fn move_token(origin: Origin) -> impl FnMut(&[u8]) -> TResult<'_, (RawBody, RawSuffix)> {
    move |input| {
        let (rest, b) = body(origin)(input)?;
        let (rest, s) = suffix(origin)(rest)?;
        Ok((rest, (b, s)))
    }
}
