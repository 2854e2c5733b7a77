//! Diagnostics: what went wrong or was relaxed, where, and how to render it.

use core::fmt;

use crate::span::{LineIndex, Span};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Information: something was kept or read in an unusual way, nothing wrong.
    Note,
    /// Lenient reading of something a strict reader rejects; an error under `--strict`.
    Warning,
    /// The game cannot be read or replayed past this point.
    Error,
}

impl Severity {
    /// `"note"`, `"warning"` or `"error"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem or relaxation, located by a byte span.
///
/// Every layer (parsing, resolving, validating) converts its own typed errors
/// into this shape for reporting; the typed errors stay the API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Note, warning or error.
    pub severity: Severity,
    /// A short stable kebab-case name for the kind (`illegal-move`, `ambiguous-move`, `zero-castling`).
    pub kind: &'static str,
    /// The lower-case message without a final period.
    pub message: String,
    /// Where in the text.
    pub span: Span,
    /// The ply (1-based half-move number in the main line) the diagnostic belongs to, if any.
    pub ply: Option<u32>,
    /// Candidate readings, for ambiguous moves (`Nbd2 (Nb1-d2)`).
    pub candidates: Vec<String>,
}

impl Diagnostic {
    /// A diagnostic without ply or candidates.
    #[must_use]
    pub fn new(
        severity: Severity,
        kind: &'static str,
        message: impl Into<String>,
        span: Span,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            kind,
            message: message.into(),
            span,
            ply: None,
            candidates: Vec::new(),
        }
    }

    /// Renders `path:line:column: severity[kind]: message`, then the source line with a caret
    /// under the span, then the candidates.
    ///
    /// ```
    /// use scoresheet_notation::{Diagnostic, LineIndex, Severity, Span};
    /// let text = b"1. e4 e5 2. Ke3";
    /// let d = Diagnostic::new(Severity::Error, "illegal-move", "no king can reach e3", Span::new(12, 15));
    /// let shown = d.render("game.pgn", &LineIndex::new(text));
    /// assert_eq!(shown, "game.pgn:1:13: error[illegal-move]: no king can reach e3\n  |\n1 | 1. e4 e5 2. Ke3\n  |             ^^^\n");
    /// ```
    #[must_use]
    pub fn render(&self, path: &str, index: &LineIndex<'_>) -> String {
        use fmt::Write;
        let at = index.line_col(self.span.start);
        let mut out = format!(
            "{path}:{at}: {}[{}]: {}\n",
            self.severity, self.kind, self.message
        );
        let line = String::from_utf8_lossy(index.line_text(self.span.start));
        let gutter = at.line.to_string();
        let pad = " ".repeat(gutter.len());
        let carets = "^".repeat(
            self.span
                .len()
                .clamp(1, line.chars().count().saturating_sub(at.column - 1).max(1)),
        );
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{gutter} | {line}");
        let _ = writeln!(out, "{pad} | {}{carets}", " ".repeat(at.column - 1));
        for c in &self.candidates {
            let _ = writeln!(out, "{pad} = candidate: {c}");
        }
        out
    }
}
