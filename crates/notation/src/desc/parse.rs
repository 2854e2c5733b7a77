//! The parser: atoms to a [`WrittenMove`], reading every form docs/NOTATION.md lists for descriptive notation.

use crate::ast::{CastleMove, CastleSide, CheckMark, MoveKind, Suffix, WrittenMove};
use crate::span::Span;
use crate::types::Role;

use super::lex::{Atom, Tok, lex};
use super::{
    DescAction, DescError, DescFile, DescMove, DescPiece, FileName, SquareSpec, VagueKind, Wing,
};

/// Parses one half-move written in any descriptive style; `base` is the offset of `text`
/// in the whole document, added to every span.
///
/// ```
/// use scoresheet_notation::desc::{parse_desc_move, write_move};
/// let m = parse_desc_move(b"Kt x Kt ch", 100).unwrap();
/// assert_eq!(m.span.start(), 100);
/// assert_eq!(write_move(&m), "NxN ch");
/// assert!(parse_desc_move(b"Nf3", 0).is_err());
/// ```
///
/// # Errors
///
/// [`DescError`] with the span of the first atom that does not fit the grammar.
pub fn parse_desc_move(text: &[u8], base: usize) -> Result<WrittenMove, DescError> {
    let atoms = lex(text, base);
    let mut p = Parser {
        atoms: &atoms,
        pos: 0,
        text,
        base,
    };
    p.parse().map_err(|mut e| {
        if looks_algebraic(text) {
            e.expected = "a descriptive move, not algebraic notation";
        }
        e
    })
}

/// Whether a descriptive move may begin with this token: its first atom is a piece
/// letter or castling, as every move's is (a token with no atom, such as `.`, may).
/// A blank ends every atom, so the answer holds for the token alone and for the
/// token with any text after it: a book table asks it before trying every span.
pub(super) fn may_open_move(token: &[u8]) -> bool {
    lex(token, 0).first().is_none_or(|a| {
        matches!(
            a.tok,
            Tok::Castles | Tok::CastleO | Tok::CastleZero | Tok::Letter(_)
        )
    })
}

/// Whether the text has a file letter right before a rank digit, as `Nf3` and `exd5` do
/// and no descriptive move does.
fn looks_algebraic(text: &[u8]) -> bool {
    text.windows(2)
        .any(|w| matches!(w, [b'a'..=b'h', b'1'..=b'8']))
}

/// Reads one whitespace-free compact token (`P-K4`, `QxQch`, `0-0`, `Castles`) for the PGN reader:
/// `Some` when it is a complete descriptive move. Rejects SAN cheaply.
///
/// ```
/// use scoresheet_notation::desc::parse_token;
/// assert!(parse_token(b"N-KB3", 0).is_some());
/// assert!(parse_token(b"Nf3", 0).is_none());
/// assert!(parse_token(b"e4", 0).is_none());
/// ```
#[must_use]
pub fn parse_token(text: &[u8], base: usize) -> Option<WrittenMove> {
    let first = *text.first()?;
    if !matches!(
        first,
        b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' | b'O' | b'0' | b'C'
    ) || text.len() > 32
    {
        return None;
    }
    // SAN always has a file letter followed by a rank digit (`Nf3`, `exd5`).
    if looks_algebraic(text) || text.iter().any(u8::is_ascii_whitespace) {
        return None;
    }
    parse_desc_move(text, base).ok()
}

/// The canonical compact spelling of a move read by this module, suffixes included:
/// `N-KB3`, `PxP e.p.`, `QxQ ch`, `O-O-O`, `Castles`.
#[must_use]
pub fn write_move(m: &WrittenMove) -> String {
    let mut out = match &m.kind {
        MoveKind::Descriptive(d) => d.to_string(),
        MoveKind::Castle(c) => match c.side {
            Some(CastleSide::King) => "O-O".to_owned(),
            Some(CastleSide::Queen) => "O-O-O".to_owned(),
            None => "Castles".to_owned(),
        },
        MoveKind::Null => "--".to_owned(),
        MoveKind::San(s) => s.to_string(),
        MoveKind::Lan(l) => l.to_string(),
        MoveKind::FileCapture(c) => format!("{}x{}", c.from, c.to),
    };
    if let Some((mark, _)) = m.suffix.check {
        out.push_str(match mark {
            CheckMark::Check => " ch",
            CheckMark::DiscoveredCheck => " dis ch",
            CheckMark::DoubleCheck => " dbl ch",
            CheckMark::PlusPlus => "++",
            CheckMark::Mate => " mate",
        });
    }
    if let Some((a, _)) = m.suffix.annotation {
        out.push_str(a.glyph());
    }
    out
}

struct Parser<'a> {
    atoms: &'a [Atom],
    pos: usize,
    text: &'a [u8],
    base: usize,
}

fn role_of(letter: u8) -> Option<Role> {
    Some(match letter {
        b'K' => Role::King,
        b'Q' => Role::Queen,
        b'R' => Role::Rook,
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'P' => Role::Pawn,
        _ => return None,
    })
}

fn wing_of(letter: u8) -> Option<Wing> {
    match letter {
        b'K' => Some(Wing::King),
        b'Q' => Some(Wing::Queen),
        _ => None,
    }
}

fn file_name(letter: u8) -> Option<FileName> {
    Some(match letter {
        b'R' => FileName::Rook,
        b'N' => FileName::Knight,
        b'B' => FileName::Bishop,
        b'Q' => FileName::Queen,
        b'K' => FileName::King,
        _ => return None,
    })
}

/// A file from up to two letters: `K`, `Q`, `R`, `N`, `B`, `KB`, `QR`, ...
fn file_of(letters: &[u8]) -> Option<DescFile> {
    match *letters {
        [n] => Some(DescFile {
            wing: None,
            name: file_name(n)?,
        }),
        [w, n @ (b'R' | b'N' | b'B')] => Some(DescFile {
            wing: Some(wing_of(w)?),
            name: file_name(n)?,
        }),
        _ => None,
    }
}

/// A designation from its letters: `K`, `Q`, `KR`, `N`, `P`, `KP`, `QBP`, `NP`.
fn piece_of(letters: &[u8], span: Span) -> Option<DescPiece> {
    match letters.split_last()? {
        (b'P', file) => Some(DescPiece {
            role: Role::Pawn,
            wing: None,
            pawn_file: if file.is_empty() {
                None
            } else {
                Some(file_of(file)?)
            },
            span,
        }),
        (&last, []) => Some(DescPiece {
            role: role_of(last)?,
            wing: None,
            pawn_file: None,
            span,
        }),
        (&last @ (b'R' | b'N' | b'B'), [w]) => Some(DescPiece {
            role: role_of(last)?,
            wing: Some(wing_of(*w)?),
            pawn_file: None,
            span,
        }),
        _ => None,
    }
}

fn promo_role(letter: u8) -> Option<Role> {
    match role_of(letter)? {
        r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight) => Some(r),
        _ => None,
    }
}

impl Parser<'_> {
    fn peek(&self) -> Option<Tok> {
        self.atoms.get(self.pos).map(|a| a.tok)
    }

    fn peek_at(&self, k: usize) -> Option<Tok> {
        self.atoms.get(self.pos + k).map(|a| a.tok)
    }

    fn span_at(&self, k: usize) -> Span {
        match self.atoms.get(self.pos + k) {
            Some(a) => a.span,
            None => {
                let end = self.base + self.text.len();
                Span::new(end, end)
            }
        }
    }

    fn last_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.atoms.get(i))
            .map_or_else(|| Span::new(self.base, self.base), |a| a.span)
    }

    fn error(&self, expected: &'static str) -> DescError {
        let span = self.span_at(0);
        let found = if self.pos < self.atoms.len() {
            let s = span.start().saturating_sub(self.base);
            let e = span.end().saturating_sub(self.base);
            String::from_utf8_lossy(self.text.get(s..e).unwrap_or_default()).into_owned()
        } else {
            "end of move".to_owned()
        };
        DescError {
            span,
            expected,
            found,
            written: String::from_utf8_lossy(self.text).trim().to_owned(),
        }
    }

    fn eat(&mut self, tok: Tok) -> Option<Span> {
        if self.peek() == Some(tok) {
            self.pos += 1;
            Some(self.last_span())
        } else {
            None
        }
    }

    /// Consecutive letters (at most `max`), with their span.
    fn letters(&mut self, max: usize) -> (Vec<u8>, Span) {
        let start = self.span_at(0);
        let mut out = Vec::new();
        while out.len() < max {
            match self.peek() {
                Some(Tok::Letter(l)) => {
                    out.push(l);
                    self.pos += 1;
                }
                _ => break,
            }
        }
        (out, start.to(self.last_span()))
    }

    fn parse(&mut self) -> Result<WrittenMove, DescError> {
        let first = self.span_at(0);
        let mut suffix = Suffix::default();
        let kind = match self.peek() {
            None => return Err(self.error("a move")),
            Some(Tok::Castles | Tok::CastleO | Tok::CastleZero) => self.castle()?,
            Some(Tok::Letter(_)) => MoveKind::Descriptive(Box::new(self.desc(&mut suffix)?)),
            Some(_) => return Err(self.error("a piece letter or castling")),
        };
        self.suffix(&mut suffix)?;
        if self.pos < self.atoms.len() {
            return Err(self.error(if self.peek() == Some(Tok::BadNumber) {
                "a rank from 1 to 8"
            } else {
                "end of move"
            }));
        }
        Ok(WrittenMove {
            kind,
            suffix,
            span: first.to(self.last_span()),
        })
    }

    fn castle(&mut self) -> Result<MoveKind, DescError> {
        if self.eat(Tok::Castles).is_some() {
            // Optional side: KR, QR, K, Q, (Q. R.), (Q's side), on K's side, (with K. R.).
            let save = self.pos;
            let paren = self.eat(Tok::LParen).is_some();
            self.eat(Tok::On);
            let side = match self.peek() {
                Some(Tok::Letter(b'K')) => Some(CastleSide::King),
                Some(Tok::Letter(b'Q')) => Some(CastleSide::Queen),
                _ => None,
            };
            if side.is_some() {
                self.pos += 1;
                self.eat(Tok::Letter(b'R'));
                self.eat(Tok::Side);
            }
            if side.is_none() || (paren && self.eat(Tok::RParen).is_none()) {
                self.pos = save;
                return Ok(MoveKind::Castle(CastleMove {
                    side: None,
                    zeros: false,
                }));
            }
            return Ok(MoveKind::Castle(CastleMove { side, zeros: false }));
        }
        let o = self.peek().unwrap_or(Tok::Other);
        let zeros = o == Tok::CastleZero;
        let mut count = 0;
        loop {
            if self.eat(o).is_none() {
                return Err(self.error(if zeros { "0" } else { "O" }));
            }
            count += 1;
            if count == 3 || self.peek() != Some(Tok::Dash) || self.peek_at(1) != Some(o) {
                break;
            }
            self.pos += 1;
        }
        if count < 2 {
            return Err(self.error("-O"));
        }
        Ok(MoveKind::Castle(CastleMove {
            side: Some(if count == 2 {
                CastleSide::King
            } else {
                CastleSide::Queen
            }),
            zeros,
        }))
    }

    fn designation(&mut self, expected: &'static str) -> Result<DescPiece, DescError> {
        let save = self.pos;
        let first = self.span_at(0);
        let (letters, _) = self.letters(3);
        // The longest prefix that names a piece: `P K 4` (dash left out) reads `P` first.
        for k in (1..=letters.len()).rev() {
            let Some(prefix) = letters.get(..k) else {
                continue;
            };
            self.pos = save + k;
            let span = first.to(self.last_span());
            if let Some(p) = piece_of(prefix, span) {
                return Ok(p);
            }
        }
        self.pos = save;
        Err(self.error(expected))
    }

    /// `[wing] [file] [rank]`, at least one part; `own` is the mover for `his`/`her`.
    fn square_spec(&mut self, own: Option<&DescPiece>) -> Option<SquareSpec> {
        let save = self.pos;
        let start = self.span_at(0);
        let mut file = None;
        if let (Some(Tok::Own), Some(piece)) = (self.peek(), own) {
            self.pos += 1;
            let mover_wing = match piece.role {
                Role::King => Some(Wing::King),
                Role::Queen => Some(Wing::Queen),
                _ => piece.wing,
            };
            match self.peek() {
                Some(Tok::Letter(l @ (b'R' | b'N' | b'B'))) => {
                    self.pos += 1;
                    file = Some(DescFile {
                        wing: mover_wing,
                        name: file_name(l)?,
                    });
                }
                _ => {
                    // `K. R. to his 2d.`: the mover's own file.
                    file = match piece.role {
                        Role::King => Some(DescFile {
                            wing: None,
                            name: FileName::King,
                        }),
                        Role::Queen => Some(DescFile {
                            wing: None,
                            name: FileName::Queen,
                        }),
                        Role::Rook | Role::Knight | Role::Bishop => Some(DescFile {
                            wing: piece.wing,
                            name: file_name(piece.role.upper_char() as u8)?,
                        }),
                        Role::Pawn => piece.pawn_file,
                    };
                }
            }
        } else {
            let (letters, _) = self.letters(2);
            if !letters.is_empty() {
                if let Some(f) = file_of(&letters) {
                    file = Some(f);
                } else if letters.len() == 2 {
                    // Two letters that are no file (`Q B` with a queen's wing?): keep the first.
                    self.pos -= 1;
                    file = file_of(letters.get(..1).unwrap_or_default());
                }
            }
        }
        let rank = match self.peek() {
            Some(Tok::Digit(d)) => {
                self.pos += 1;
                Some(d)
            }
            _ => None,
        };
        if file.is_none() && rank.is_none() {
            self.pos = save;
            return None;
        }
        Some(SquareSpec {
            file,
            rank,
            span: start.to(self.last_span()),
        })
    }

    /// `(sqspec)` or `/sqspec`, restoring the position when it is not one.
    fn qualifier(&mut self, own: Option<&DescPiece>) -> Option<SquareSpec> {
        let save = self.pos;
        let open = self.peek()?;
        // `R1-Q1`: a bare from-rank right before the dash or capture sign.
        if let (Tok::Digit(rank), Some(Tok::Dash | Tok::Capture), true) =
            (open, self.peek_at(1), own.is_some())
        {
            self.pos += 1;
            return Some(SquareSpec {
                file: None,
                rank: Some(rank),
                span: self.last_span(),
            });
        }
        if !matches!(open, Tok::LParen | Tok::Slash) {
            return None;
        }
        self.pos += 1;
        let spec = self.square_spec(own);
        if let Some(spec) = spec {
            if open == Tok::Slash || self.eat(Tok::RParen).is_some() {
                return Some(spec);
            }
        }
        self.pos = save;
        None
    }

    /// Whether the next atoms are a promotion in brackets or after a slash: `(Q)`, `/Q`,
    /// `(2d Q.)`. This is the `(Q)` trap: after a pawn it is never a square.
    fn bracket_promotion(&mut self) -> Option<(Role, Span)> {
        let save = self.pos;
        let open = self.peek()?;
        let start = self.span_at(0);
        if !matches!(open, Tok::LParen | Tok::Slash) {
            return None;
        }
        self.pos += 1;
        if open == Tok::LParen {
            if let Some(Tok::Digit(_)) = self.peek() {
                self.pos += 1;
            }
        }
        let role = match self.peek() {
            Some(Tok::Letter(l)) => promo_role(l),
            _ => None,
        };
        if let Some(role) = role {
            self.pos += 1;
            let closed = if open == Tok::LParen {
                self.eat(Tok::RParen).is_some()
            } else {
                !matches!(self.peek(), Some(Tok::Letter(_) | Tok::Digit(_)))
            };
            if closed {
                return Some((role, start.to(self.last_span())));
            }
        }
        self.pos = save;
        None
    }

    fn promotion(&mut self, pawn: bool) -> Result<Option<(Role, Span)>, DescError> {
        if !pawn {
            return Ok(None);
        }
        if let Some(eq) = self.eat(Tok::Equals) {
            return match self.peek() {
                Some(Tok::Letter(l)) if promo_role(l).is_some() => {
                    self.pos += 1;
                    Ok(promo_role(l).map(|r| (r, eq.to(self.last_span()))))
                }
                _ => Err(self.error("a promotion piece")),
            };
        }
        if let Some(p) = self.bracket_promotion() {
            return Ok(Some(p));
        }
        if let Some(b) = self.eat(Tok::Becomes) {
            self.eat(Tok::Article);
            return match self.peek() {
                Some(Tok::Letter(l)) if promo_role(l).is_some() => {
                    self.pos += 1;
                    Ok(promo_role(l).map(|r| (r, b.to(self.last_span()))))
                }
                _ => Err(self.error("a promotion piece")),
            };
        }
        if let Some(q) = self.eat(Tok::Vague(VagueKind::Promotes)) {
            return Ok(Some((Role::Queen, q)));
        }
        // A bare letter glued to the rank: `P-K8Q`.
        if let (Some(Tok::Letter(l)), Some(prev)) = (self.peek(), self.pos.checked_sub(1)) {
            let glued = self.atoms.get(prev).is_some_and(|a| {
                matches!(a.tok, Tok::Digit(_)) && a.span.end() == self.span_at(0).start()
            });
            if glued && promo_role(l).is_some() {
                self.pos += 1;
                return Ok(promo_role(l).map(|r| (r, self.last_span())));
            }
        }
        Ok(None)
    }

    fn desc(&mut self, suffix: &mut Suffix) -> Result<DescMove, DescError> {
        let mut piece = self.designation("a piece or pawn")?;
        let mut from = self.qualifier(Some(&piece));
        let mut missing_dash = false;
        let pawn = piece.role == Role::Pawn;
        let action = match self.peek() {
            Some(Tok::Dash) => {
                self.pos += 1;
                // `R-(B5)B7`: some books print the from-square after the dash.
                if from.is_none() {
                    from = self.qualifier(Some(&piece));
                }
                let to = self
                    .square_spec(Some(&piece))
                    .ok_or_else(|| self.error("a destination square"))?;
                DescAction::Move { to }
            }
            Some(Tok::Capture) => {
                self.pos += 1;
                let doubled = self.eat(Tok::Doubled).is_some();
                // `QxK5`, `R takes Q B 7`: the square captured on, not the piece.
                if let Some(square) = self.capture_square(doubled) {
                    DescAction::CaptureOn { square }
                } else {
                    let victim = self.designation("a captured piece or pawn")?;
                    let at = if pawn && {
                        let save = self.pos;
                        let promo = self.bracket_promotion().is_some();
                        self.pos = save;
                        promo
                    } {
                        None
                    } else {
                        self.qualifier(None)
                    };
                    DescAction::Capture {
                        victim,
                        doubled,
                        at,
                    }
                }
            }
            Some(Tok::Vague(kind)) => {
                self.pos += 1;
                let span = self.last_span();
                match kind {
                    VagueKind::Mates => suffix.check = Some((CheckMark::Mate, span)),
                    VagueKind::Checks => suffix.check = Some((CheckMark::Check, span)),
                    _ => {}
                }
                if kind == VagueKind::Promotes {
                    self.pos -= 1;
                }
                DescAction::Vague(kind)
            }
            Some(Tok::Becomes) => DescAction::Vague(VagueKind::Promotes),
            _ if from.is_none() => {
                // A transcription slip with the dash left out: `P K 4`. Read it, and say so.
                let err = self.error("`-`, `x` or `to`/`takes`");
                let Some((piece2, to)) = self.missing_dash(piece.span.start()) else {
                    return Err(err);
                };
                piece = piece2;
                missing_dash = true;
                DescAction::Move { to }
            }
            _ => return Err(self.error("`-`, `x` or `to`/`takes`")),
        };
        let mut promotion = self.promotion(pawn)?;
        let mut en_passant = false;
        // Long form puts `e.p.` or `becomes a Queen` after a comma: take them in any order.
        loop {
            if let Some(sp) = self.eat(Tok::EnPassant) {
                en_passant = true;
                suffix.en_passant = Some(sp);
            } else if self.peek() == Some(Tok::LParen)
                && self.peek_at(1) == Some(Tok::EnPassant)
                && self.peek_at(2) == Some(Tok::RParen)
            {
                suffix.en_passant = Some(self.span_at(1));
                self.pos += 3;
                en_passant = true;
            } else if promotion.is_none() && pawn {
                promotion = self.promotion(pawn)?;
                if promotion.is_none() {
                    break;
                }
            } else {
                break;
            }
        }
        let span = piece.span.to(self.last_span());
        Ok(DescMove {
            piece,
            from,
            action,
            promotion: promotion.map(|p| p.0),
            promotion_span: promotion.map(|p| p.1),
            en_passant,
            missing_dash,
            span,
        })
    }

    /// A whole square after a capture sign (`K5`, `KB7`, `Q B 7`, `K. B. 7th`): file and
    /// rank both written, restoring the position when it is not one (`KtxB`, `PxP(B4)`).
    fn capture_square(&mut self, doubled: bool) -> Option<SquareSpec> {
        if doubled {
            return None;
        }
        let save = self.pos;
        match self.square_spec(None) {
            Some(sq) if sq.file.is_some() && sq.rank.is_some() => Some(sq),
            _ => {
                self.pos = save;
                None
            }
        }
    }

    /// `P K 4`: a designation of one or two letters directly followed by a square with a rank.
    fn missing_dash(&mut self, start: usize) -> Option<(DescPiece, SquareSpec)> {
        let first = self.atoms.iter().position(|a| a.span.start() == start)?;
        for n in 1..=2 {
            self.pos = first;
            let (letters, span) = self.letters(n);
            if letters.len() != n {
                return None;
            }
            let Some(piece) = piece_of(&letters, span) else {
                continue;
            };
            if let Some(to) = self.square_spec(Some(&piece)) {
                if to.rank.is_some() && to.file.is_some() {
                    return Some((piece, to));
                }
            }
        }
        self.pos = first;
        None
    }

    fn check_mark(&mut self) -> Option<(CheckMark, Span)> {
        let start = self.span_at(0);
        let mark = match self.peek()? {
            Tok::Ch | Tok::Plus => {
                self.pos += 1;
                CheckMark::Check
            }
            Tok::Dis => {
                self.pos += 1;
                self.eat(Tok::Ch);
                CheckMark::DiscoveredCheck
            }
            Tok::Dbl => {
                self.pos += 1;
                self.eat(Tok::Ch);
                CheckMark::DoubleCheck
            }
            Tok::PlusPlus => {
                self.pos += 1;
                CheckMark::PlusPlus
            }
            Tok::Mate | Tok::Hash => {
                self.pos += 1;
                CheckMark::Mate
            }
            _ => return None,
        };
        Some((mark, start.to(self.last_span())))
    }

    fn suffix(&mut self, suffix: &mut Suffix) -> Result<(), DescError> {
        loop {
            let save = self.pos;
            let paren = self.eat(Tok::LParen).is_some();
            let mut took = false;
            if let Some(mark) = self.check_mark() {
                if suffix.check.is_some_and(|(old, _)| old != mark.0) {
                    self.pos = save;
                    return Err(self.error("one check mark"));
                }
                suffix.check = Some(mark);
                took = true;
            } else if let Some(Tok::Annot(a)) = self.peek() {
                self.pos += 1;
                if suffix.annotation.is_some() {
                    self.pos -= 1;
                    return Err(self.error("one annotation"));
                }
                suffix.annotation = Some((a, self.last_span()));
                took = true;
            }
            if paren && (!took || self.eat(Tok::RParen).is_none()) {
                self.pos = save;
                return Ok(());
            }
            if !took {
                return Ok(());
            }
        }
    }
}
