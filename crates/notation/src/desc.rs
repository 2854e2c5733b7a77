//! English descriptive notation (`P-K4`, `Kt x Kt ch`, `K. Kt. to K. B's 3d.`).
//!
//! Placeholder: the grammar lands with the descriptive parser.

/// A move in English descriptive notation, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescMove {
    /// The normalised text of the token.
    pub text: String,
}
