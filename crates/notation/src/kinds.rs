//! Sets of diagnostic kinds, as `validate --deny` and `--allow` name them.
//!
//! A [`KindSet`] holds any of the [`Kind`]s; [`KindSet::grade`] re-grades
//! diagnostics by two such sets (the one place where `--deny` and `--allow`
//! take effect, for the CLI and the library alike).
//!
//! ```
//! use scoresheet_notation::kinds::KindSet;
//! use scoresheet_notation::{Kind, Severity};
//! assert_eq!(Kind::MissingCheckMark.severity(), Severity::Warning);
//! let mut deny = KindSet::default();
//! assert!(deny.insert("missing-check-mark"));
//! assert!(!deny.insert("no-such-kind"));
//! assert!(deny.contains(Kind::MissingCheckMark));
//! ```

use crate::diag::{Diagnostic, Severity};
use crate::kind::Kind;

/// A set of kinds; small and `Copy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct KindSet([u128; 2]);

const _: () = assert!(Kind::ALL.len() <= 256, "a KindSet holds at most 256 kinds");

impl KindSet {
    /// Adds the kind named `name`; `false` when there is no such kind.
    pub fn insert(&mut self, name: &str) -> bool {
        match Kind::from_name(name) {
            Some(k) => {
                self.add(k);
                true
            }
            None => false,
        }
    }

    /// Adds `kind`.
    pub fn add(&mut self, kind: Kind) {
        let i = kind.index();
        self.0[i / 128] |= 1 << (i % 128);
    }

    /// Whether `kind` is in the set.
    #[must_use]
    pub const fn contains(&self, kind: Kind) -> bool {
        let i = kind.index();
        self.0[i / 128] & (1 << (i % 128)) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.0[0] == 0 && self.0[1] == 0
    }

    /// The kinds in the set, in the order of [`Kind::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL.iter().copied().filter(|k| self.contains(*k))
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
    use pretty_assertions::assert_eq;

    #[test]
    fn grading_allows_warnings_and_notes_denies_them_and_leaves_errors() {
        let d =
            |severity, kind| Diagnostic::new(severity, kind, String::new(), crate::Span::new(0, 1));
        let mut diags = vec![
            d(Severity::Warning, Kind::MissingCheckMark),
            d(Severity::Error, Kind::WrongResult),
            d(Severity::Warning, Kind::WrongResult),
            d(Severity::Note, Kind::Commentary),
            d(Severity::Warning, Kind::NullMove),
        ];
        let (mut deny, mut allow) = (KindSet::default(), KindSet::default());
        assert!(allow.insert("wrong-result") && allow.insert("commentary"));
        assert!(deny.insert("null-move"));
        deny.grade(&allow, &mut diags);
        let got: Vec<(Severity, Kind)> = diags.iter().map(|d| (d.severity, d.kind)).collect();
        assert_eq!(
            got,
            [
                (Severity::Warning, Kind::MissingCheckMark),
                (Severity::Error, Kind::WrongResult),
                (Severity::Error, Kind::NullMove),
            ]
        );
    }

    #[test]
    fn every_kind_has_its_own_place() {
        let mut all = KindSet::default();
        for &k in Kind::ALL {
            assert!(!all.contains(k), "{k}");
            all.add(k);
        }
        assert_eq!(all.iter().count(), Kind::ALL.len());
    }
}
