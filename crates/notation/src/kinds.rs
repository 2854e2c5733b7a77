//! The diagnostic kinds: every stable name a diagnostic may carry, with the
//! severity it has when nothing is graded otherwise. `docs/JSON.md` documents
//! each (`cargo xtask kinds` checks the two agree and that the code writes no
//! kind missing here).
//!
//! A [`KindSet`] is a set of kinds, as `validate --deny` and `--allow` name
//! them; [`KindSet::grade`] re-grades diagnostics by two such sets.
//!
//! ```
//! use scoresheet_notation::kinds::{KindSet, kind};
//! use scoresheet_notation::Severity;
//! assert_eq!(kind("missing-check-mark").map(|k| k.severity), Some(Severity::Warning));
//! let mut deny = KindSet::default();
//! assert!(deny.insert("missing-check-mark"));
//! assert!(!deny.insert("no-such-kind"));
//! assert!(deny.contains("missing-check-mark"));
//! ```

use crate::diag::{Diagnostic, Severity};

/// One diagnostic kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    /// The stable kebab-case name (`missing-check-mark`).
    pub name: &'static str,
    /// Its severity when lenient: [`Severity::Error`] for a kind that is
    /// always an error, else the lowest it takes (a kind that is a warning in
    /// some games and an error in others, such as `wrong-result`, is a warning
    /// here: only its warnings can be allowed).
    pub severity: Severity,
}

impl Kind {
    const fn new(name: &'static str, severity: Severity) -> Kind {
        Kind { name, severity }
    }
}

/// Every kind, sorted by name.
pub const KINDS: &[Kind] = &[
    Kind::new("ambiguous-move", Severity::Error),
    Kind::new("capture-mark", Severity::Warning),
    Kind::new("capture-mark-on-quiet-move", Severity::Warning),
    Kind::new("castles-both-legal", Severity::Warning),
    Kind::new("check-mark-mismatch", Severity::Note),
    Kind::new("commentary", Severity::Note),
    Kind::new("dash-in-san", Severity::Warning),
    Kind::new("desc-syntax", Severity::Error),
    Kind::new("detached-suffix", Severity::Warning),
    Kind::new("duplicate-tag", Severity::Warning),
    Kind::new("en-passant-mark", Severity::Warning),
    Kind::new("escape-line", Severity::Note),
    Kind::new("fen-note", Severity::Warning),
    Kind::new("fen-repair", Severity::Warning),
    Kind::new("figurine", Severity::Warning),
    Kind::new("file-capture", Severity::Warning),
    Kind::new("game-too-large", Severity::Error),
    Kind::new("illegal-move", Severity::Error),
    Kind::new("invalid-fen", Severity::Error),
    Kind::new("invalid-move", Severity::Error),
    Kind::new("invalid-nag", Severity::Error),
    Kind::new("invalid-result-tag", Severity::Warning),
    Kind::new("invalid-tag", Severity::Error),
    Kind::new("invalid-utf8", Severity::Warning),
    Kind::new("knight-kt", Severity::Warning),
    Kind::new("lowercase-piece", Severity::Warning),
    Kind::new("missing-capture-mark", Severity::Warning),
    Kind::new("missing-check-mark", Severity::Warning),
    Kind::new("missing-dash", Severity::Warning),
    Kind::new("missing-move-number", Severity::Warning),
    Kind::new("missing-result", Severity::Warning),
    Kind::new("move-after-end", Severity::Warning),
    Kind::new("move-number", Severity::Warning),
    Kind::new("move-number-dots", Severity::Warning),
    Kind::new("move-number-ellipsis", Severity::Warning),
    Kind::new("move-number-overflow", Severity::Error),
    Kind::new("movetext-after-result", Severity::Error),
    Kind::new("national-letters", Severity::Warning),
    Kind::new("no-descriptive-spelling", Severity::Error),
    Kind::new("no-legal-reading", Severity::Error),
    Kind::new("not-chess", Severity::Error),
    Kind::new("not-descriptive", Severity::Error),
    Kind::new("null-move", Severity::Warning),
    Kind::new("odds", Severity::Note),
    Kind::new("origin-wing-conflict", Severity::Warning),
    Kind::new("origin-wing-fallback", Severity::Warning),
    Kind::new("pawn-letter", Severity::Warning),
    Kind::new("plus-plus", Severity::Warning),
    Kind::new("plus-plus-mark", Severity::Warning),
    Kind::new("promotion-assumed-queen", Severity::Warning),
    Kind::new("promotion-spelling", Severity::Warning),
    Kind::new("repaired", Severity::Warning),
    Kind::new("result-mismatch", Severity::Warning),
    Kind::new("setup-tag", Severity::Warning),
    Kind::new("side-to-move", Severity::Warning),
    Kind::new("stray-dots", Severity::Warning),
    Kind::new("tag-after-movetext", Severity::Error),
    Kind::new("tie-break-check-marker", Severity::Note),
    Kind::new("tie-break-lookahead", Severity::Warning),
    Kind::new("tie-break-recapture", Severity::Warning),
    Kind::new("too-many-diagnostics", Severity::Note),
    Kind::new("trailing-characters", Severity::Error),
    Kind::new("unclosed-variation", Severity::Error),
    Kind::new("undecidable-language", Severity::Error),
    Kind::new("unescaped-quote", Severity::Warning),
    Kind::new("unexpected-character", Severity::Error),
    Kind::new("unknown-piece-letter", Severity::Error),
    Kind::new("unmatched-brace", Severity::Error),
    Kind::new("unmatched-parenthesis", Severity::Error),
    Kind::new("unsupported-notation", Severity::Error),
    Kind::new("unsupported-variant", Severity::Error),
    Kind::new("unterminated-comment", Severity::Error),
    Kind::new("unterminated-tag", Severity::Error),
    Kind::new("unterminated-tag-string", Severity::Error),
    Kind::new("vague-move", Severity::Note),
    Kind::new("variation-without-move", Severity::Error),
    Kind::new("wing-reading", Severity::Note),
    Kind::new("wrong-check-mark", Severity::Warning),
    Kind::new("wrong-en-passant-mark", Severity::Warning),
    Kind::new("wrong-move-number", Severity::Warning),
    Kind::new("wrong-notation", Severity::Error),
    Kind::new("wrong-result", Severity::Warning),
    Kind::new("zero-castling", Severity::Warning),
];

/// The kind of this name.
#[must_use]
pub fn kind(name: &str) -> Option<&'static Kind> {
    KINDS
        .binary_search_by(|k| k.name.cmp(name))
        .ok()
        .and_then(|i| KINDS.get(i))
}

/// A set of kinds (of [`KINDS`]); small and `Copy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct KindSet(u128);

const _: () = assert!(KINDS.len() <= 128, "a KindSet holds at most 128 kinds");

impl KindSet {
    /// Adds the kind named `name`; `false` when there is no such kind.
    pub fn insert(&mut self, name: &str) -> bool {
        match KINDS.binary_search_by(|k| k.name.cmp(name)) {
            Ok(i) => {
                self.0 |= 1 << i;
                true
            }
            Err(_) => false,
        }
    }

    /// Whether the kind named `name` is in the set.
    #[must_use]
    pub fn contains(&self, name: &str) -> bool {
        self.0 != 0
            && KINDS
                .binary_search_by(|k| k.name.cmp(name))
                .is_ok_and(|i| self.0 & (1 << i) != 0)
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The kinds in the set, by name.
    pub fn iter(&self) -> impl Iterator<Item = &'static Kind> + '_ {
        KINDS
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, k)| k)
    }

    /// Re-grades `diags`: the warnings and notes of a kind in `allow` are
    /// dropped, then those of a kind in `deny` (`self`) become errors. An
    /// error stays an error: only warnings and notes can be allowed.
    pub fn grade(&self, allow: &KindSet, diags: &mut Vec<Diagnostic>) {
        if !allow.is_empty() {
            diags.retain(|d| d.severity == Severity::Error || !allow.contains(d.kind));
        }
        if !self.is_empty() {
            for d in diags.iter_mut() {
                if d.severity != Severity::Error && self.contains(d.kind) {
                    d.severity = Severity::Error;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_sorted_and_unique_so_they_can_be_searched() {
        assert!(KINDS.windows(2).all(|w| w[0].name < w[1].name));
        assert!(KINDS.iter().all(|k| kind(k.name) == Some(k)));
    }

    #[test]
    fn grading_allows_warnings_and_notes_denies_them_and_leaves_errors() {
        let d =
            |severity, kind| Diagnostic::new(severity, kind, String::new(), crate::Span::new(0, 1));
        let mut diags = vec![
            d(Severity::Warning, "missing-check-mark"),
            d(Severity::Error, "wrong-result"),
            d(Severity::Warning, "wrong-result"),
            d(Severity::Note, "commentary"),
            d(Severity::Warning, "null-move"),
        ];
        let (mut deny, mut allow) = (KindSet::default(), KindSet::default());
        assert!(allow.insert("wrong-result") && allow.insert("commentary"));
        assert!(deny.insert("null-move"));
        deny.grade(&allow, &mut diags);
        let got: Vec<(Severity, &str)> = diags.iter().map(|d| (d.severity, d.kind)).collect();
        assert_eq!(
            got,
            [
                (Severity::Warning, "missing-check-mark"),
                (Severity::Error, "wrong-result"),
                (Severity::Error, "null-move"),
            ]
        );
    }
}
