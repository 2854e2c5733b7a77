//! Spanish descriptive notation (`P4R`, `C3AR`, `CRxP`, `T1xP`, `PAxPC`,
//! `P8C=D+`): a front end that reads what was written into the same
//! [`DescMove`] as English descriptive, so the board resolves both with one
//! set of rules, and writes a [`DescMove`] back in Spanish.
//!
//! The letters: `R` rey (king), `D` dama (queen), `T` torre (rook), `A` alfil
//! (bishop), `C` caballo (knight), `P` peón (pawn). A file is named by the
//! piece that starts on it, `R` and `D` alone (the king's and queen's files),
//! `T`, `C`, `A` with the wing after them when it is said (`AR`, the king's
//! bishop's file; `CD`, the queen's knight's). The rank comes before the file
//! and is counted from the mover's side: `P4R` is a pawn to the fourth rank of
//! the king's file (e4 for White, e5 for Black), `C3AR` a knight to KB3.
//! Portuguese descriptive is the same but for the bishop, `B` (bispo): `C3BR`,
//! `B4B`, `TD1D` read too (Spanish has no `B`, so the two never clash).
//!
//! ```
//! use scoresheet_notation::desc::{read_spanish, write_spanish};
//! use scoresheet_notation::MoveKind;
//!
//! let m = read_spanish(b"C3AR", 0).unwrap();
//! let MoveKind::Descriptive(d) = &m.kind else { panic!("not descriptive") };
//! assert_eq!(d.to_string(), "N-KB3");
//! assert_eq!(write_spanish(d), "C3AR");
//! assert!(read_spanish(b"Cf3", 0).is_none());
//! // Portuguese: B is the bishop.
//! let m = read_spanish(b"B4BD", 0).unwrap();
//! let MoveKind::Descriptive(d) = &m.kind else { panic!("not descriptive") };
//! assert_eq!(d.to_string(), "B-QB4");
//! // Where a pawn is taken, when it matters: the square after the victim.
//! let m = read_spanish(b"PxP(4D)", 0).unwrap();
//! let MoveKind::Descriptive(d) = &m.kind else { panic!("not descriptive") };
//! assert_eq!(d.to_string(), "PxP(Q4)");
//! assert_eq!(write_spanish(d), "PxP4D");
//! ```

use crate::ast::{MoveKind, Suffix, WrittenMove};
use crate::span::Span;
use crate::types::Role;

use super::{DescAction, DescFile, DescMove, DescPiece, FileName, SquareSpec, Wing};

/// Reads one whitespace-free token of Spanish descriptive notation; `base` is
/// the token's offset in the file. `None` when the token is not one (castling
/// is left to the algebraic reader, which reads `O-O` in every language).
#[must_use]
pub fn read_spanish(token: &[u8], base: usize) -> Option<WrittenMove> {
    if token.len() > 24 {
        return None;
    }
    let mut c = Cursor {
        text: token,
        at: 0,
        base,
    };
    let piece = c.piece()?;
    let from = c.origin();
    let action = if c.eat_capture() {
        c.capture()?
    } else {
        c.eat(b'-');
        let to = c.square()?;
        DescAction::Move { to }
    };
    let (promotion, promotion_span) = c.promotion();
    let en_passant_at = c.en_passant();
    let end = c.at;
    let rest = &token[end..];
    let (left, raw) = crate::san::parsers::suffix(crate::san::parsers::Origin(rest.len()))(rest)
        .ok()
        .filter(|(left, _)| left.is_empty())?;
    debug_assert!(left.is_empty());
    let shift = |s: Span| s.shifted(base + end);
    let en_passant = en_passant_at.or(raw.en_passant.map(shift));
    let desc = DescMove {
        piece,
        from,
        action,
        promotion,
        promotion_span,
        en_passant: en_passant.is_some(),
        missing_dash: false,
        span: Span::new(base, base + en_passant_at.map_or(end, |s| s.start() - base)),
    };
    Some(WrittenMove {
        kind: MoveKind::Descriptive(Box::new(desc)),
        suffix: Suffix {
            check: raw.check.map(|(m, s)| (m, shift(s))),
            annotation: raw.annotation.map(|(a, s)| (a, shift(s))),
            en_passant,
        },
        span: Span::new(base, base + token.len()),
    })
}

/// Whether a token reads as Spanish descriptive and has what only it has: a
/// rank before a file (`P4R`, `C3AR`) or a letter English descriptive lacks
/// (`CxP`, `AxC`, `T1xP`). `PxP` is English as much as Spanish.
#[must_use]
pub fn looks_spanish(token: &[u8]) -> bool {
    let spanish_only = token
        .windows(2)
        .any(|w| matches!(w, [b'1'..=b'8', b'R' | b'D' | b'T' | b'C' | b'A' | b'B']))
        || token.iter().any(|b| matches!(b, b'D' | b'T' | b'C' | b'A'));
    spanish_only && read_spanish(token, 0).is_some()
}

struct Cursor<'t> {
    text: &'t [u8],
    at: usize,
    base: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.at += usize::from(hit);
        hit
    }

    fn span(&self, start: usize) -> Span {
        Span::new(self.base + start, self.base + self.at)
    }

    /// `x`, `X`, `:` or `×`.
    fn eat_capture(&mut self) -> bool {
        if self.eat(b'x') || self.eat(b'X') || self.eat(b':') {
            return true;
        }
        if self.text[self.at..].starts_with("×".as_bytes()) {
            self.at += "×".len();
            return true;
        }
        false
    }

    /// `R` `D` `T` `A` `C` `P`: the role; Portuguese writes `B` (bispo) for
    /// the bishop, a letter Spanish does not use.
    fn role(&mut self) -> Option<Role> {
        let role = match self.peek()? {
            b'R' => Role::King,
            b'D' => Role::Queen,
            b'T' => Role::Rook,
            b'A' | b'B' => Role::Bishop,
            b'C' => Role::Knight,
            b'P' => Role::Pawn,
            _ => return None,
        };
        self.at += 1;
        Some(role)
    }

    /// `R` or `D` after a rook's, knight's or bishop's letter: its wing.
    fn wing(&mut self) -> Option<Wing> {
        let wing = match self.peek()? {
            b'R' => Wing::King,
            b'D' => Wing::Queen,
            _ => return None,
        };
        self.at += 1;
        Some(wing)
    }

    /// `R`, `D`, `T`, `TR`, `CD`, `AR`, ...: a file.
    fn file(&mut self) -> Option<DescFile> {
        let name = match self.peek()? {
            b'R' => FileName::King,
            b'D' => FileName::Queen,
            b'T' => FileName::Rook,
            b'C' => FileName::Knight,
            b'A' | b'B' => FileName::Bishop,
            _ => return None,
        };
        self.at += 1;
        let wing = match name {
            FileName::King | FileName::Queen => None,
            _ => self.wing(),
        };
        Some(DescFile { wing, name })
    }

    /// `1` to `8`.
    fn rank(&mut self) -> Option<u8> {
        let r = self.peek().filter(|b| (b'1'..=b'8').contains(b))? - b'0';
        self.at += 1;
        Some(r)
    }

    // P, PAR, PD, CR, TD, A, D, R
    fn piece(&mut self) -> Option<DescPiece> {
        let start = self.at;
        let role = self.role()?;
        let (wing, pawn_file) = match role {
            Role::Pawn => (None, self.file()),
            Role::Rook | Role::Knight | Role::Bishop => (self.wing(), None),
            _ => (None, None),
        };
        Some(DescPiece {
            role,
            wing,
            pawn_file,
            span: self.span(start),
        })
    }

    // 4R, 3AR, 8C: a rank, then its file
    fn square(&mut self) -> Option<SquareSpec> {
        let start = self.at;
        let rank = self.rank()?;
        let file = self.file()?;
        Some(SquareSpec {
            file: Some(file),
            rank: Some(rank),
            span: self.span(start),
        })
    }

    // T1xP, C7-5C, T(1)-1D, C(3AR)-5C: where the mover stands
    fn origin(&mut self) -> Option<SquareSpec> {
        let start = self.at;
        if self.eat(b'(') {
            let rank = self.rank();
            let file = self.file();
            if (rank.is_none() && file.is_none()) || !self.eat(b')') {
                self.at = start;
                return None;
            }
            return Some(SquareSpec {
                file,
                rank,
                span: Span::new(self.base + start + 1, self.base + self.at - 1),
            });
        }
        // A rank alone before a capture or a dash: `T1xP`, `C7-5C`.
        let rank = self.rank()?;
        if matches!(self.peek(), Some(b'x' | b'X' | b':' | b'-')) {
            return Some(SquareSpec {
                file: None,
                rank: Some(rank),
                span: self.span(start),
            });
        }
        self.at = start;
        None
    }

    // xP, xPC, xCR, xD, x7AR: what is taken, or where
    fn capture(&mut self) -> Option<DescAction> {
        if self.peek().is_some_and(|b| b.is_ascii_digit()) {
            return Some(DescAction::CaptureOn {
                square: self.square()?,
            });
        }
        let victim = self.piece()?;
        if victim.role == Role::King {
            return None;
        }
        Some(DescAction::Capture {
            victim,
            doubled: false,
            at: self.capture_square(),
        })
    }

    // 4D or (4D) after the victim: where it is taken, when the victim alone is
    // ambiguous (`PxP4D`, `PxP(4D)`; English `PxP(Q5)`).
    fn capture_square(&mut self) -> Option<SquareSpec> {
        let start = self.at;
        let open = self.eat(b'(');
        if !self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at = start;
            return None;
        }
        match self.square() {
            Some(sq) if !open || self.eat(b')') => Some(sq),
            _ => {
                self.at = start;
                None
            }
        }
    }

    // =D, (D), /D
    fn promotion(&mut self) -> (Option<Role>, Option<Span>) {
        let start = self.at;
        let close = match self.peek() {
            Some(b'=' | b'/') => None,
            Some(b'(') => Some(b')'),
            _ => return (None, None),
        };
        self.at += 1;
        let role = self
            .role()
            .filter(|r| !matches!(r, Role::King | Role::Pawn));
        if role.is_none() || close.is_some_and(|c| !self.eat(c)) {
            self.at = start;
            return (None, None);
        }
        (role, Some(self.span(start)))
    }

    // a.p. (al paso)
    fn en_passant(&mut self) -> Option<Span> {
        let rest = &self.text[self.at..];
        let len = [&b"a.p."[..], b"a.p", b"ap"]
            .iter()
            .find(|w| rest.starts_with(w))?
            .len();
        let start = self.at;
        self.at += len;
        Some(self.span(start))
    }
}

/// The Spanish letter of a role.
#[must_use]
pub const fn spanish_letter(role: Role) -> char {
    match role {
        Role::King => 'R',
        Role::Queen => 'D',
        Role::Rook => 'T',
        Role::Bishop => 'A',
        Role::Knight => 'C',
        Role::Pawn => 'P',
    }
}

fn push_file(out: &mut String, f: DescFile) {
    out.push(match f.name {
        FileName::King => 'R',
        FileName::Queen => 'D',
        FileName::Rook => 'T',
        FileName::Knight => 'C',
        FileName::Bishop => 'A',
    });
    if let Some(w) = f.wing {
        out.push(spanish_wing(w));
    }
}

const fn spanish_wing(w: Wing) -> char {
    match w {
        Wing::King => 'R',
        Wing::Queen => 'D',
    }
}

fn push_piece(out: &mut String, p: &DescPiece) {
    out.push(spanish_letter(p.role));
    if let Some(f) = p.pawn_file {
        push_file(out, f);
    }
    if let Some(w) = p.wing {
        out.push(spanish_wing(w));
    }
}

fn push_square(out: &mut String, s: &SquareSpec) {
    if let Some(r) = s.rank {
        out.push(char::from(b'0' + r));
    }
    if let Some(f) = s.file {
        push_file(out, f);
    }
}

/// A descriptive move in Spanish, compact (`C3AR`, `PAxPC`, `T1xP`,
/// `T1-1D`, `PxP4D`, `P8C=D`, `PxP a.p.`), without check marks; what
/// [`read_spanish`] reads back to the same [`DescMove`]. A move named by its
/// effect only (English books' `Kt. mates.`) has no Spanish form: written in
/// English.
#[must_use]
pub fn write_spanish(d: &DescMove) -> String {
    let mut out = String::new();
    push_piece(&mut out, &d.piece);
    let rank_only = |s: &SquareSpec| s.file.is_none() && s.rank.is_some();
    match d.action {
        DescAction::Move { to } => {
            // A rank alone is written bare (`T1-1D`, `C7-5C`), which PGN movetext
            // reads too; a file or square in parentheses (`C(3AR)-5C`).
            if let Some(from) = d.from {
                if rank_only(&from) {
                    push_square(&mut out, &from);
                    out.push('-');
                } else {
                    out.push('(');
                    push_square(&mut out, &from);
                    out.push_str(")-");
                }
            }
            push_square(&mut out, &to);
        }
        DescAction::Capture { victim, at, .. } => {
            if let Some(from) = d.from {
                if rank_only(&from) {
                    push_square(&mut out, &from);
                } else {
                    out.push('(');
                    push_square(&mut out, &from);
                    out.push(')');
                }
            }
            out.push('x');
            push_piece(&mut out, &victim);
            match at {
                None => {}
                // The square where the victim is taken, after it (`PxP4D`): without
                // parentheses, which open a variation in PGN movetext.
                Some(sq) if sq.file.is_some() && sq.rank.is_some() => {
                    push_square(&mut out, &sq);
                }
                // A qualifier of a file or a rank alone has no Spanish form.
                Some(_) => return d.to_string(),
            }
        }
        DescAction::CaptureOn { square } => {
            if let Some(from) = d.from {
                out.push('(');
                push_square(&mut out, &from);
                out.push(')');
            }
            out.push('x');
            push_square(&mut out, &square);
        }
        DescAction::Vague(_) => return d.to_string(),
    }
    if let Some(p) = d.promotion {
        out.push('=');
        out.push(spanish_letter(p));
    }
    if d.en_passant {
        out.push_str(" a.p.");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(token: &[u8]) -> DescMove {
        match read_spanish(token, 0).map(|m| m.kind) {
            Some(MoveKind::Descriptive(d)) => *d,
            other => panic!("{}: {other:?}", String::from_utf8_lossy(token)),
        }
    }

    #[test]
    fn capture_squares_are_written_and_read_in_spanish() {
        for token in ["PxP4D", "AxC5CD", "CRxP3AR", "PAxP4R", "TxT1D"] {
            let d = desc(token.as_bytes());
            assert_eq!(write_spanish(&d), token, "{d}");
        }
        assert_eq!(write_spanish(&desc(b"PxP(4D)")), "PxP4D");
        // The qualifier is the square, not a promotion: `PxT(D)` promotes.
        let d = desc(b"PxT(D)");
        assert_eq!(d.promotion, Some(Role::Queen));
        // Unclosed or half a square: not read as a qualifier (the token fails).
        assert!(read_spanish(b"PxP(4", 0).is_none());
        assert!(read_spanish(b"PxP4", 0).is_none());
    }
}
