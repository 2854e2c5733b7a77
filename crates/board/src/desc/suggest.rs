//! Suggestions for a misprinted descriptive move: the legal moves whose spelling is
//! closest to what was printed.
//!
//! Rather than spell every legal move and compare, the printed text is edited: each
//! variant one edit away is read and resolved like any printed move, and a variant that
//! names exactly one legal move suggests it. Edits that printers and OCR make often cost
//! less than any other ([`CONFUSIONS`]: `I`/`l` for `1`, `S` for `5`, `3`/`8`, `O`/`0`,
//! `Kt`/`K`, `K`/`Q` wings, `B`/`Kt` files, a dropped or stray `x`, a dropped rank, a rank
//! counted from the wrong side); any other one-character insertion, deletion or change costs more.
//! The number of variants is linear in the length of the move, which is capped.

use std::collections::HashMap;

use scoresheet_notation::desc::parse_desc_move;

use super::origins::Origins;
use super::resolve::{DescContext, DescResolveError, describe_candidate, resolve_desc};
use crate::{Move, Position};

/// At most this many suggestions are given.
pub const MAX_SUGGESTIONS: usize = 3;

/// Printed moves longer than this get no suggestions (no move is this long in compact
/// form; the work stays bounded on hostile input).
const MAX_SUGGEST_BYTES: usize = 24;

/// The usual confusions, each a replacement of the first text by the second, and its cost
/// (a generic edit costs [`EDIT`]).
const CONFUSIONS: &[(&str, &str, u32)] = &[
    ("I", "1", 2),
    ("l", "1", 2),
    ("i", "1", 2),
    ("|", "1", 2),
    ("1", "I", 4),
    ("S", "5", 2),
    ("s", "5", 3),
    ("3", "8", 3),
    ("8", "3", 3),
    ("O", "0", 3),
    ("0", "O", 3),
    ("o", "0", 3),
    ("Kt", "K", 4),
    ("K", "Kt", 4),
    ("Kl", "Kt", 2),
    ("KI", "Kt", 3),
    ("K", "Q", 5),
    ("Q", "K", 5),
    ("B", "Kt", 5),
    ("Kt", "B", 5),
    ("-", "x", 3),
    ("x", "-", 3),
    ("6", "5", 5),
    ("5", "6", 5),
];

/// The cost of one generic edit (a character inserted, deleted or changed).
const EDIT: u32 = 10;

/// The extra cost of a move that a variant names among others (an ambiguous reading).
const AMBIGUOUS: u32 = 4;

/// Characters a generic edit may insert or change to.
const ALPHABET: &[u8] = b"KQRBNPt12345678-x";

/// One suggested move: the move, its `SAN (LAN)` and how close its spelling is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// The legal move.
    pub mv: Move,
    /// `SAN (LAN)`, as candidates are shown.
    pub shown: String,
    /// The corrected spelling that names it (`KR-K1` for the printed `KR-KI`).
    pub spelling: String,
    /// The edit cost (lower is closer).
    pub cost: u32,
}

/// Up to [`MAX_SUGGESTIONS`] legal moves whose spelling is closest to `printed` (a
/// descriptive move as written, which has no legal reading), closest first; ties in
/// SAN order.
#[must_use]
pub fn suggest(
    pos: &Position,
    origins: &Origins,
    printed: &str,
    ctx: &DescContext,
) -> Vec<Suggestion> {
    suggest_within(pos, origins, printed, ctx, u32::MAX)
}

/// [`suggest`] with only the edits that cost at most `max_cost` tried (the
/// usual confusions, when it is below a generic edit): cheap enough to ask of
/// every printed move of a window.
pub(crate) fn suggest_within(
    pos: &Position,
    origins: &Origins,
    printed: &str,
    ctx: &DescContext,
    max_cost: u32,
) -> Vec<Suggestion> {
    let printed = printed.trim();
    if printed.is_empty() || printed.len() > MAX_SUGGEST_BYTES {
        return Vec::new();
    }
    let mut best: HashMap<Move, Suggestion> = HashMap::new();
    let mut consider = |text: &[u8], cost: u32| {
        let Ok(w) = parse_desc_move(text, 0) else {
            return;
        };
        let found: Vec<(Move, u32)> = match resolve_desc(pos, origins, &w, ctx) {
            Ok(r) => vec![(r.mv, cost)],
            Err(DescResolveError::Ambiguous { moves, .. }) => {
                moves.into_iter().map(|m| (m, cost + AMBIGUOUS)).collect()
            }
            Err(_) => Vec::new(),
        };
        for (mv, cost) in found {
            let better = best.get(&mv).is_none_or(|s| cost < s.cost);
            if better {
                best.insert(
                    mv,
                    Suggestion {
                        mv,
                        shown: describe_candidate(pos, &mv),
                        spelling: String::from_utf8_lossy(text).into_owned(),
                        cost,
                    },
                );
            }
        }
    };
    let mut cheapest: HashMap<Vec<u8>, u32> = HashMap::new();
    for (variant, cost) in variants(printed.as_bytes()) {
        if cost > max_cost {
            continue;
        }
        let c = cheapest.entry(variant).or_insert(cost);
        *c = (*c).min(cost);
    }
    for (variant, cost) in &cheapest {
        consider(variant, *cost);
    }
    let mut out: Vec<Suggestion> = best.into_values().collect();
    out.sort_by(|a, b| a.cost.cmp(&b.cost).then_with(|| a.shown.cmp(&b.shown)));
    out.truncate(MAX_SUGGESTIONS);
    out
}

/// Every text one edit away from `text`, with its cost: the usual confusions, then
/// generic insertions, deletions and changes. Linear in the length of `text`.
fn variants(text: &[u8]) -> Vec<(Vec<u8>, u32)> {
    let mut out = Vec::new();
    let splice = |at: usize, len: usize, with: &[u8]| -> Vec<u8> {
        let mut v = Vec::with_capacity(text.len() + with.len());
        v.extend_from_slice(text.get(..at).unwrap_or_default());
        v.extend_from_slice(with);
        v.extend_from_slice(text.get(at + len..).unwrap_or_default());
        v
    };
    for &(from, to, cost) in CONFUSIONS {
        let from = from.as_bytes();
        for at in 0..text.len() {
            if text.get(at..).is_some_and(|t| t.starts_with(from)) {
                out.push((splice(at, from.len(), to.as_bytes()), cost));
            }
        }
    }
    // A rank counted from the wrong side (`P-Kt2` for `P-Kt7`).
    for (at, &c) in text.iter().enumerate() {
        if (b'1'..=b'8').contains(&c) {
            out.push((splice(at, 1, &[b'9' - c + b'0']), 5));
        }
    }
    // A dropped rank: `P-Kt` for `P-Kt4`.
    for at in 1..=text.len() {
        if text.get(at - 1).is_some_and(u8::is_ascii_alphabetic) {
            for r in b'1'..=b'8' {
                out.push((splice(at, 0, &[r]), 4));
            }
        }
    }
    // A dropped capture mark: `KtP` for `KtxP`.
    for at in 1..text.len() {
        out.push((splice(at, 0, b"x"), 4));
    }
    for at in 0..text.len() {
        out.push((splice(at, 1, b""), EDIT));
        for &c in ALPHABET {
            if text.get(at) != Some(&c) {
                out.push((splice(at, 1, &[c]), EDIT));
            }
        }
    }
    for at in 0..=text.len() {
        for &c in ALPHABET {
            out.push((splice(at, 0, &[c]), EDIT));
        }
    }
    out
}
