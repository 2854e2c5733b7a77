//! English descriptive notation (`P-K4`, `Kt x Kt ch`, `K. Kt. to K. B's 3d.`).
//!
//! Placeholder: the grammar lands with the descriptive parser.

/// A move in English descriptive notation, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DescMove {
    /// The normalised text of the token.
    pub text: String,
}

/// Tries to read one compact English descriptive token (`P-K4`, `N-KB3`, `PxP`, `QxQch`).
///
/// Placeholder until the descriptive parser lands: it reads nothing yet.
#[must_use]
pub fn parse_token(text: &[u8], base: usize) -> Option<crate::ast::WrittenMove> {
    let _ = (text, base);
    None
}
