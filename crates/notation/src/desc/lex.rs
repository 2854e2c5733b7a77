//! The lexer: original bytes to atoms, each with its span in the original text.
//!
//! This is the normalisation of the text done in one pass: long-form words
//! (`to`, `takes`, ordinals, `sq.`), unicode dashes and `×`, possessives, periods, footnote
//! markers and italics underscores all map to (or vanish between) atoms, so every atom
//! still points into the original text.

use crate::ast::Annotation;
use crate::span::Span;

use super::VagueKind;

/// One meaningful unit of descriptive text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tok {
    /// A piece or file letter, normalised: `K Q R N B P` (`Kt` becomes `N`).
    Letter(u8),
    /// A rank digit `1..=8` (`sq.` and `square` are 1, ordinals lose their suffix).
    Digit(u8),
    /// `-`, en or em dash, `to`.
    Dash,
    /// `x`, `X`, `×`, `:`, `takes`.
    Capture,
    LParen,
    RParen,
    Slash,
    Equals,
    /// `his`, `her`: the mover's own side or file.
    Own,
    /// `e.p.`, `ep`, `en passant`, `in passing`.
    EnPassant,
    /// `ch`, `check`.
    Ch,
    /// `dis`.
    Dis,
    /// `dbl`, `dble`, `double`.
    Dbl,
    /// `mate`, `checkmate`.
    Mate,
    Plus,
    PlusPlus,
    Hash,
    Annot(Annotation),
    /// `Castles`.
    Castles,
    /// The letter `O` of `O-O`.
    CastleO,
    /// The digit `0` of `0-0`.
    CastleZero,
    /// `on`, `with` (castling side words).
    On,
    /// `side`.
    Side,
    /// `mates`, `checks`, `moves`, `interposes`, `one`, `Queens`.
    Vague(VagueKind),
    /// `becomes`, `becoming`.
    Becomes,
    /// `a`, `an`.
    Article,
    /// `doubled`.
    Doubled,
    /// A number that is no rank (`9`, `12`).
    BadNumber,
    /// A word this notation does not know.
    Word,
    /// Any other character.
    Other,
}

/// A token and where it was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Atom {
    pub tok: Tok,
    pub span: Span,
}

fn keyword(word: &[u8]) -> Option<Tok> {
    let mut lower = [0u8; 12];
    if word.len() > lower.len() {
        return None;
    }
    for (l, c) in lower.iter_mut().zip(word) {
        *l = c.to_ascii_lowercase();
    }
    let w = lower.get(..word.len())?;
    Some(match w {
        b"to" => Tok::Dash,
        b"takes" | b"take" | b"captures" => Tok::Capture,
        b"sq" | b"square" => Tok::Digit(1),
        b"his" | b"her" => Tok::Own,
        b"ep" => Tok::EnPassant,
        b"ch" | b"check" => Tok::Ch,
        b"dis" | b"disc" => Tok::Dis,
        b"dbl" | b"dble" | b"double" => Tok::Dbl,
        // `checkm.`: Hoyle's abbreviation.
        b"mate" | b"checkmate" | b"checkm" => Tok::Mate,
        b"mates" => Tok::Vague(VagueKind::Mates),
        b"checks" => Tok::Vague(VagueKind::Checks),
        b"moves" => Tok::Vague(VagueKind::Moves),
        b"interposes" => Tok::Vague(VagueKind::Interposes),
        b"one" => Tok::Vague(VagueKind::OneStep),
        b"two" => Tok::Vague(VagueKind::TwoSteps),
        b"queens" => Tok::Vague(VagueKind::Promotes),
        b"castles" | b"castle" => Tok::Castles,
        b"on" | b"with" => Tok::On,
        b"side" => Tok::Side,
        b"becomes" | b"becoming" => Tok::Becomes,
        b"a" | b"an" => Tok::Article,
        b"doubled" => Tok::Doubled,
        b"kt" => Tok::Letter(b'N'),
        b"king" => Tok::Letter(b'K'),
        b"queen" => Tok::Letter(b'Q'),
        b"rook" => Tok::Letter(b'R'),
        b"knight" => Tok::Letter(b'N'),
        b"bishop" => Tok::Letter(b'B'),
        b"pawn" => Tok::Letter(b'P'),
        // `p(Q4)xR`: some texts write the pawn in lower case.
        b"p" => Tok::Letter(b'P'),
        _ => return None,
    })
}

/// Keywords that may be glued to the end of a compact token (`QxQch`, `B-B5dblch`).
const GLUED: [&[u8]; 6] = [b"dble", b"dbl", b"dis", b"mate", b"ch", b"ep"];

/// Splits `text` into atoms; spans are offset by `base`.
pub(super) fn lex(text: &[u8], base: usize) -> Vec<Atom> {
    // A move is a handful of atoms: one allocation instead of a few regrowths.
    let mut out = Vec::with_capacity(text.len().min(16));
    let mut i = 0;
    let at = |i: usize| text.get(i).copied().unwrap_or(0);
    while i < text.len() {
        let c = at(i);
        let start = i;
        let after_paren = out.last().is_some_and(|a: &Atom| a.tok == Tok::LParen);
        let mut push = |tok: Tok, end: usize| {
            out.push(Atom {
                tok,
                span: Span::new(base + start, base + end),
            });
        };
        match c {
            b' ' | b'\t' | b'\r' | b'\n' | b'.' | b',' | b';' | b'_' => i += 1,
            b'\'' => {
                i += 1;
                if matches!(at(i), b's' | b'S') && !at(i + 1).is_ascii_alphabetic() {
                    i += 1;
                }
            }
            b'[' => {
                // Footnote marker `[A]`, `[12]`: skipped whole.
                let mut j = i + 1;
                while j < text.len() && j - i <= 4 && at(j).is_ascii_alphanumeric() {
                    j += 1;
                }
                if at(j) == b']' && j > i + 1 {
                    i = j + 1;
                } else {
                    push(Tok::Other, i + 1);
                    i += 1;
                }
            }
            // A double hyphen for the dash (`P--K4`), as typewritten texts print it.
            b'-' if at(i + 1) == b'-' => {
                push(Tok::Dash, i + 2);
                i += 2;
            }
            // Footnote markers: `*`, `(a)`, `(1)` after a closing mark is not one, so only a
            // lower-case letter in parentheses (files and pieces are capitals).
            b'*' => i += 1,
            b'(' if at(i + 1).is_ascii_lowercase()
                && at(i + 2) == b')'
                && !matches!(at(i + 1), b'x') =>
            {
                i += 3;
            }
            // A colon before a check word is no capture: Hoyle's books print the check
            // after the move as `Q takes P: ch.` (`: checkm.`, `: dble. ch.`).
            b':' if check_word_follows(text, i + 1) => i += 1,
            b'-' | b':' | b'(' | b')' | b'/' | b'=' | b'#' => {
                // One-byte punctuation.
                let tok = match c {
                    b'-' => Tok::Dash,
                    b':' => Tok::Capture,
                    b'(' => Tok::LParen,
                    b')' => Tok::RParen,
                    b'/' => Tok::Slash,
                    b'=' => Tok::Equals,
                    _ => Tok::Hash,
                };
                push(tok, i + 1);
                i += 1;
            }
            b'+' => {
                if at(i + 1) == b'+' {
                    push(Tok::PlusPlus, i + 2);
                    i += 2;
                } else {
                    push(Tok::Plus, i + 1);
                    i += 1;
                }
            }
            b'!' | b'?' => {
                // Books print any run of marks (`!!!`, `?!?`): the run is one annotation,
                // the nearest of the six glyphs.
                let len = text[i..]
                    .iter()
                    .take_while(|b| matches!(b, b'!' | b'?'))
                    .count();
                let run = &text[i..i + len];
                let ann = match (run.first(), run.iter().all(|&b| b == c), len) {
                    (_, true, 1) if c == b'!' => Annotation::Good,
                    (_, true, 1) => Annotation::Mistake,
                    (_, true, _) if c == b'!' => Annotation::Brilliant,
                    (_, true, _) => Annotation::Blunder,
                    (Some(b'!'), false, _) => Annotation::Interesting,
                    _ => Annotation::Dubious,
                };
                push(Tok::Annot(ann), i + len);
                i += len;
            }
            b'0' => {
                push(Tok::CastleZero, i + 1);
                i += 1;
            }
            b'1'..=b'9' => {
                let mut j = i;
                while at(j).is_ascii_digit() {
                    j += 1;
                }
                let digits = j - i;
                // Ordinal suffixes: 1st 2d 2nd 3d 3rd 4th.
                let mut end = j;
                for suffix in [&b"st"[..], b"nd", b"rd", b"th", b"d"] {
                    let k = j + suffix.len();
                    if text.get(j..k) == Some(suffix) && !at(k).is_ascii_alphabetic() {
                        end = k;
                        break;
                    }
                }
                if digits == 1 && c != b'9' {
                    push(Tok::Digit(c - b'0'), end);
                } else {
                    push(Tok::BadNumber, end);
                }
                i = end;
            }
            0xE2 if text.get(i..i + 3) == Some("–".as_bytes())
                || text.get(i..i + 3) == Some("—".as_bytes())
                || text.get(i..i + 3) == Some("−".as_bytes()) =>
            {
                push(Tok::Dash, i + 3);
                i += 3;
            }
            // Footnote daggers `†` and `‡`.
            0xE2 if matches!(text.get(i..i + 3), Some(d) if d == "†".as_bytes() || d == "‡".as_bytes()) =>
            {
                i += 3;
            }
            0xE2 if text.get(i..i + 3) == Some("’".as_bytes()) => {
                i += 3;
                if matches!(at(i), b's' | b'S') && !at(i + 1).is_ascii_alphabetic() {
                    i += 1;
                }
            }
            // Full-width digits `０`..`９` (EF BC 90..99), as in some scanned texts.
            0xEF if at(i + 1) == 0xBC && (0x90..=0x99).contains(&at(i + 2)) => {
                let d = at(i + 2) - 0x90;
                push(
                    match d {
                        0 => Tok::CastleZero,
                        1..=8 => Tok::Digit(d),
                        _ => Tok::BadNumber,
                    },
                    i + 3,
                );
                i += 3;
            }
            0xC3 if at(i + 1) == 0x97 => {
                push(Tok::Capture, i + 2);
                i += 2;
            }
            c if c.is_ascii_alphabetic() => {
                let mut j = i;
                while at(j).is_ascii_alphabetic() {
                    j += 1;
                }
                // `e.p.` glued or alone: the run ends in `e` and the text goes on with `.p`;
                // `a.p.` (Spanish and Portuguese `al paso`, `a passo`) alone.
                if at(j - 1) == b'e' || (j == i + 1 && at(i) == b'a') {
                    let p = if text.get(j..j + 2) == Some(b".p") {
                        Some(j + 2)
                    } else if text.get(j..j + 3) == Some(b". p") {
                        Some(j + 3)
                    } else {
                        None
                    };
                    if let Some(mut end) = p.filter(|&e| !at(e).is_ascii_alphabetic()) {
                        if at(end) == b'.' {
                            end += 1;
                        }
                        let before = text.get(i..j - 1).unwrap_or_default();
                        if !before.is_empty() {
                            match keyword(before) {
                                Some(tok) => push(tok, j - 1),
                                None => lex_compact(text, i, j - 1, base, &mut out),
                            }
                        }
                        out.push(Atom {
                            tok: Tok::EnPassant,
                            span: Span::new(base + j - 1, base + end),
                        });
                        i = end;
                        continue;
                    }
                }
                let run = text.get(i..j).unwrap_or_default();
                // `Kt (on B3) to Q5`: the word `on` inside a from-square says nothing.
                if run == b"on" && after_paren {
                    i = j;
                    continue;
                }
                // `en passant`, `in passing`: two words, one atom.
                if matches!(run, b"en" | b"in" | b"En" | b"In") {
                    let mut k = j;
                    while matches!(at(k), b' ' | b'_') {
                        k += 1;
                    }
                    let mut m = k;
                    while at(m).is_ascii_alphabetic() {
                        m += 1;
                    }
                    if matches!(text.get(k..m), Some(b"passant" | b"passing")) {
                        push(Tok::EnPassant, m);
                        i = m;
                        continue;
                    }
                }
                if let Some(tok) = keyword(run) {
                    push(tok, j);
                    i = j;
                } else {
                    lex_compact(text, i, j, base, &mut out);
                    i = j;
                }
            }
            _ => {
                // Any other byte, or a whole UTF-8 character.
                let mut j = i + 1;
                if c >= 0x80 {
                    while j < text.len() && (at(j) & 0xC0) == 0x80 {
                        j += 1;
                    }
                }
                push(Tok::Other, j);
                i = j;
            }
        }
    }
    out
}

/// Whether the text from `i` on, after blanks, is a check or mate word (`ch`, `check`,
/// `checkm`, `mate`, `dis`, `dble`, ...), whole.
fn check_word_follows(text: &[u8], mut i: usize) -> bool {
    while text.get(i).is_some_and(|c| *c == b' ' || *c == b'\t') {
        i += 1;
    }
    let len = text
        .get(i..)
        .unwrap_or_default()
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .count();
    text.get(i..i + len)
        .and_then(keyword)
        .is_some_and(|t| matches!(t, Tok::Ch | Tok::Mate | Tok::Dis | Tok::Dbl))
}

/// Lexes a letter run that is no keyword letter by letter: `KtxKtP`, `QxQch`, `PxPe`.
fn lex_compact(text: &[u8], from: usize, to: usize, base: usize, out: &mut Vec<Atom>) {
    let at = |i: usize| {
        if i < to {
            text.get(i).copied().unwrap_or(0)
        } else {
            0
        }
    };
    let mut i = from;
    while i < to {
        let c = at(i);
        let mut emit = |tok: Tok, len: usize| {
            out.push(Atom {
                tok,
                span: Span::new(base + i, base + i + len),
            });
            len
        };
        let len = match c {
            // `Kts P`: the possessive printed without its apostrophe. It names
            // what follows it: at a move's end (`B—Kts`) the `s` is a scan's
            // `5`, no possessive.
            b'K' if matches!(at(i + 1), b't' | b'T')
                && at(i + 2) == b's'
                && !at(i + 3).is_ascii_lowercase()
                && text
                    .get(i + 3..)
                    .unwrap_or_default()
                    .iter()
                    .find(|c| !matches!(c, b' ' | b'.' | b'\'' | b','))
                    .is_some_and(u8::is_ascii_uppercase) =>
            {
                emit(Tok::Letter(b'N'), 3)
            }
            b'K' if matches!(at(i + 1), b't' | b'T') => emit(Tok::Letter(b'N'), 2),
            b'K' | b'Q' | b'R' | b'N' | b'B' | b'P' => emit(Tok::Letter(c), 1),
            b'O' => emit(Tok::CastleO, 1),
            b'X' => emit(Tok::Capture, 1),
            b'x' if !at(i + 1).is_ascii_lowercase() => emit(Tok::Capture, 1),
            b'a'..=b'z' => {
                // Lower-case glued tail: a keyword or a sequence of glued keywords.
                let mut k = i;
                while k < to && at(k).is_ascii_lowercase() {
                    k += 1;
                }
                let rest = text.get(i..k).unwrap_or_default();
                if let Some(tok) = keyword(rest) {
                    emit(tok, rest.len())
                } else if let Some(k) = GLUED.iter().find(|k| rest.starts_with(k)) {
                    let tok = keyword(k).unwrap_or(Tok::Word);
                    emit(tok, k.len())
                } else if c == b'x' {
                    emit(Tok::Capture, 1)
                } else {
                    emit(Tok::Word, rest.len())
                }
            }
            _ => emit(Tok::Word, to - i),
        };
        i += len;
    }
}
