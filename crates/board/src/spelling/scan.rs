//! A descriptive move as a scan misread it: newspaper columns of 1850–1920 reach
//! users through OCR, which takes a glyph for another (`ß` for `B`, `s` for `5`,
//! `G` for `6`, `Kl` for `Kt`, `li` for `R`), runs words together (`Kto Ktsq`,
//! `K to` run into `Kto`, which the grammar reads as a knight) and leaves print
//! noise around a move (`PtoQB3-: . i`).
//!
//! Where a printed descriptive ply spells no legal move as printed
//! ([`super::read_token_after`] finds it [`TokenReading::Unmatched`]), the
//! token is read again with each small set of these changes (at most
//! [`MAX_CHANGES`] places, at most [`MAX_READINGS`] readings, so the work per
//! token is bounded). The board then decides: the token is the one legal move
//! when every reading that spells a legal move spells that same move; two
//! readings naming two moves, or any reading naming several, are reported as
//! the moves named, which the caller refuses (a refusal is better than a wrong
//! game), and a reading whose move
//! does not bear out the token's check or mate word counts for none. The caller warns,
//! naming both spellings; `--strict` never gets here.

use crate::desc::Origins;
use crate::{Move, Position};

use super::{TokenReading, read_as_printed};

/// The most places of one token changed at once.
pub const MAX_CHANGES: usize = 2;

/// The most places of one token considered (a longer list is not a misread move).
const MAX_PLACES: usize = 8;

/// The most readings of one token tried: past it the token is left unmatched,
/// never read from a part of its readings.
pub const MAX_READINGS: usize = 96;

/// Glyphs a scan of a descriptive column takes for others, and what was printed:
/// (as scanned, as printed). Digits a letter stands for come from
/// [`crate::misprint`]'s confusions ([`crate::misprint::ranks_misread_as`]) and
/// from [`crate::misprint::SCAN_DIGITS`]; these are the rest, which descriptive
/// moves alone have: the piece and file letters, and words run together.
const SCAN_GLYPHS: &[(&str, &str)] = &[
    // The German sharp s for a capital B (`Kt—Qß3`, `Ktakesß`).
    ("ß", "B"),
    // `t` of `Kt` read as a stroke (`Kl`, `KI`).
    ("l", "t"),
    ("I", "t"),
    // `R` or `B` split in two glyphs (`li Q2`, `K- It`).
    ("li", "R"),
    ("li", "B"),
    ("lt", "R"),
    ("It", "R"),
    ("Il", "R"),
    // Words run together: `K to` as `Kto` (which the grammar reads as `Kt o`),
    // `K takes` as `Ktakes`.
    ("to", " to "),
    ("takes", " takes "),
    // A dash lost between piece and square (`B B` for `B—B`).
    (" ", "-"),
];

/// One change a reading makes: the `len` bytes at byte `at` read as `to`.
#[derive(Clone)]
struct Change {
    at: usize,
    len: usize,
    to: String,
}

/// Whether byte `at` of `token` stands where a descriptive rank may: after a
/// file or piece letter (`R`, `Kt`, `B`, `Q`, `K`, `N`), with blanks or dots
/// between (`K.s`, `QS`, `Kt s`).
fn rank_place(token: &str, at: usize) -> bool {
    let before = token.get(..at).unwrap_or_default();
    before
        .trim_end_matches([' ', '.'])
        .chars()
        .next_back()
        .is_some_and(|c| matches!(c, 'R' | 'B' | 'Q' | 'K' | 'N' | 't'))
}

/// The changes that may apply to `token`, place by place.
fn places(token: &str) -> Vec<Change> {
    let mut out = Vec::new();
    for (at, c) in token.char_indices() {
        let rest = token.get(at..).unwrap_or_default();
        for &(from, to) in SCAN_GLYPHS {
            if rest.starts_with(from) {
                out.push(Change {
                    at,
                    len: from.len(),
                    to: to.to_string(),
                });
            }
        }
        if c.is_alphabetic() && rank_place(token, at) {
            let ranks = crate::misprint::ranks_misread_as(c).chain(
                crate::misprint::SCAN_DIGITS
                    .iter()
                    .filter(|&&(letter, _)| letter == c)
                    .map(|&(_, digit)| digit),
            );
            for rank in ranks {
                out.push(Change {
                    at,
                    len: c.len_utf8(),
                    to: rank.to_string(),
                });
            }
        }
    }
    out
}

/// `token` with print noise taken off its end: marks no move ends with
/// (`-:`, `■`, `•`, `'`, `~`) and a lone small letter after a blank (`. i`), a
/// rule's or a stain's remains. `None` when nothing is taken.
fn without_end_noise(token: &str) -> Option<String> {
    let mut s = token.trim_end().to_string();
    let before = s.len();
    loop {
        let trimmed = s.trim_end_matches(|c: char| {
            c.is_whitespace() || !(c.is_alphanumeric() || matches!(c, ')' | '+' | '#' | '†' | '‡'))
        });
        let trimmed_len = trimmed.len();
        s.truncate(trimmed_len);
        // A lone small letter after a blank: `i`, `j` of a column's rule.
        let mut tail = s.rsplitn(2, ' ');
        match (tail.next(), tail.next()) {
            (Some(last), Some(_))
                if last.chars().count() == 1 && last.chars().all(char::is_lowercase) =>
            {
                let keep = s.len() - last.len();
                s.truncate(keep);
            }
            _ => break,
        }
    }
    (s.len() < before && !s.is_empty()).then_some(s)
}

/// `token` with `changes` made (sorted by place, none overlapping).
fn apply(token: &str, changes: &[Change]) -> Option<String> {
    let mut out = String::with_capacity(token.len() + 4);
    let mut from = 0;
    for ch in changes {
        if ch.at < from {
            return None;
        }
        out.push_str(token.get(from..ch.at)?);
        out.push_str(&ch.to);
        from = ch.at + ch.len;
    }
    out.push_str(token.get(from..)?);
    Some(out)
}

/// The reading of a descriptive ply that spells no legal move as printed, as a
/// scan misread it (see the module's documentation): [`TokenReading::RankMisread`]
/// with the token as read, when every reading that names a legal move names the
/// same one; [`TokenReading::Several`] with every move named when readings name
/// several (the caller refuses the ply, naming them: no tie-break guesses
/// between a scan's readings); else [`TokenReading::Unmatched`].
#[must_use]
pub fn read_scan_misread(
    pos: &Position,
    origins: Option<&Origins>,
    last: Option<Move>,
    token: &str,
) -> TokenReading {
    if token.len() > super::MAX_TOKEN {
        return TokenReading::Unmatched;
    }
    let mut bases = vec![token.to_string()];
    bases.extend(without_end_noise(token));
    let mut found: Option<(Move, String, super::Claim)> = None;
    // Every move some reading names: more than one is an ambiguity to report.
    let mut named: Vec<Move> = Vec::new();
    let mut tried = 0usize;
    for base in &bases {
        let changes = places(base);
        if changes.len() > MAX_PLACES {
            continue;
        }
        // Readings with one change, then two, then the base itself (noise off).
        let mut sets: Vec<Vec<Change>> = Vec::new();
        if base != token {
            sets.push(Vec::new());
        }
        for (i, a) in changes.iter().enumerate() {
            sets.push(vec![a.clone()]);
            for b in changes.iter().skip(i + 1) {
                if MAX_CHANGES >= 2 && b.at >= a.at + a.len {
                    sets.push(vec![a.clone(), b.clone()]);
                }
            }
        }
        for set in sets {
            let Some(read) = apply(base, &set) else {
                continue;
            };
            tried += 1;
            if tried > MAX_READINGS {
                return TokenReading::Unmatched;
            }
            match read_as_printed(pos, origins, last, None, &read) {
                // A reading whose move does not bear out the token's check or
                // mate word is no reading: the word is evidence against it.
                TokenReading::One { mv, claim, .. }
                    if super::unfounded_claim(pos, &mv, claim).is_some() => {}
                TokenReading::One { mv, claim, .. } => {
                    if !named.contains(&mv) {
                        named.push(mv);
                    }
                    if found.is_none() {
                        found = Some((mv, read, claim));
                    }
                }
                TokenReading::Several(moves) => {
                    for mv in moves {
                        if !named.contains(&mv) {
                            named.push(mv);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    match (found, named.len()) {
        (Some((mv, read, claim)), 1) => TokenReading::RankMisread { mv, read, claim },
        (_, 0) => TokenReading::Unmatched,
        _ => TokenReading::Several(named),
    }
}
