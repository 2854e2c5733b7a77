//! Diagnostics: what went wrong or was relaxed, where, and how to render it.

use core::fmt;

use crate::kind::Kind;
use crate::span::{LineCol, LineIndex, Span};

/// The most characters of a source line a code frame shows.
const MAX_FRAME: usize = 120;

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
    /// The kind (`illegal-move`, `ambiguous-move`, `zero-castling`): [`Kind::name`] is its stable name.
    pub kind: Kind,
    /// The lower-case message without a final period.
    pub message: String,
    /// Where in the text.
    pub span: Span,
    /// The ply (1-based half-move number in the main line) the diagnostic belongs to, if any.
    pub ply: Option<u32>,
    /// Candidate readings, for ambiguous moves (`Nbd2 (Nb1-d2)`).
    pub candidates: Vec<String>,
    /// For a move with no legal reading (a misprint), the legal moves whose spelling is
    /// closest to it, closest first (`Rhe1 (Rh1-e1)`).
    pub suggestions: Vec<String>,
    /// Where the mistake most likely was made, when it is not where the error is
    /// (an earlier move misprinted as another legal move): see [`Misprint`].
    pub misprint: Option<Box<Misprint>>,
}

/// An earlier printed move blamed for an error: replacing it by its first
/// suggestion makes the rest of the game legal (as far as it was checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misprint {
    /// The printed move blamed.
    pub span: Span,
    /// Its 1-based main-line ply.
    pub ply: u32,
    /// The move as messages name it: its number and the printed text (`12...Nf5`).
    pub label: String,
    /// What the misprint most likely was: `"replaced"` (the move printed as
    /// another), `"doubled"` (printed twice: leave it out) or `"missing"` (a
    /// move left out before it: the suggestions are that move).
    pub change: &'static str,
    /// The legal moves it most likely stands for (or the move missing before
    /// it), best first (`Nf3 (Ng1-f3)`).
    pub suggestions: Vec<String>,
}

impl Misprint {
    /// The note human output shows: `likely misprinted at 12...Nf5: did you mean Nf3?`.
    ///
    /// ```
    /// use scoresheet_notation::{Misprint, Span};
    /// let m = Misprint { span: Span::new(0, 3), ply: 24, label: "12...Nf5".into(), change: "replaced", suggestions: vec!["Nf3 (Ng1-f3)".into()] };
    /// assert_eq!(m.note(), "likely misprinted at 12...Nf5: did you mean Nf3 (Ng1-f3)?");
    /// ```
    #[must_use]
    pub fn note(&self) -> String {
        let label: String = self
            .label
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        match (self.change, self.suggestions.first()) {
            ("doubled", _) => format!("likely printed twice: {label}"),
            ("missing", Some(s)) => {
                format!("likely a move left out before {label}: did you mean {s} before it?")
            }
            (_, Some(s)) => format!("likely misprinted at {label}: did you mean {s}?"),
            (_, None) => format!("likely misprinted at {label}"),
        }
    }
}

impl Diagnostic {
    /// A diagnostic without ply or candidates.
    #[must_use]
    pub fn new(
        severity: Severity,
        kind: Kind,
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
            suggestions: Vec::new(),
            misprint: None,
        }
    }

    /// Renders `path:line:column: severity[kind]: message`, then the source line with a caret
    /// under the span, then the candidates.
    ///
    /// ```
    /// use scoresheet_notation::{Diagnostic, Kind, LineIndex, Severity, Span};
    /// let text = b"1. e4 e5 2. Ke3";
    /// let d = Diagnostic::new(Severity::Error, Kind::IllegalMove, "no king can reach e3", Span::new(12, 15));
    /// let shown = d.render("game.pgn", &LineIndex::new(text));
    /// assert_eq!(shown, "game.pgn:1:13: error[illegal-move]: no king can reach e3\n  |\n1 | 1. e4 e5 2. Ke3\n  |             ^^^\n");
    /// ```
    #[must_use]
    pub fn render(&self, path: &str, index: &LineIndex<'_>) -> String {
        self.render_at(path, index, LineCol { line: 1, column: 1 })
    }

    /// [`Diagnostic::render`] for a text that starts at `origin` of its file (a game
    /// read out of a stream): the lines and the first line's columns are the file's.
    ///
    /// ```
    /// use scoresheet_notation::{Diagnostic, Kind, LineCol, LineIndex, Severity, Span};
    /// let game = b"1. e4 e5\n2. Ke3";
    /// let d = Diagnostic::new(Severity::Error, Kind::IllegalMove, "no king can reach e3", Span::new(12, 15));
    /// let shown = d.render_at("games.pgn", &LineIndex::new(game), LineCol { line: 40, column: 1 });
    /// assert_eq!(shown, "games.pgn:41:4: error[illegal-move]: no king can reach e3\n   |\n41 | 2. Ke3\n   |    ^^^\n");
    /// ```
    #[must_use]
    pub fn render_at(&self, path: &str, index: &LineIndex<'_>, origin: LineCol) -> String {
        use fmt::Write;
        let at = index.line_col(self.span.start());
        let in_file = LineCol {
            line: origin.line.saturating_add(at.line - 1),
            column: if at.line == 1 {
                origin.column.saturating_add(at.column - 1)
            } else {
                at.column
            },
        };
        let message: String = self
            .message
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let mut out = format!(
            "{path}:{in_file}: {}[{}]: {message}\n",
            self.severity, self.kind
        );
        // Control characters (a terminal escape in a tag, a NUL in garbage) are shown
        // as spaces, one for one, so a file cannot drive the reader's terminal and the
        // carets stay aligned.
        //
        // A long line (a whole game on one line, a megabyte of garbage) is shown as a
        // window around the column, so a report stays readable and small. Only the
        // bytes that can reach the window are decoded (a character is at most 4
        // bytes): each diagnostic costs the same whatever the line's length, so a
        // game on one line with a warning at every move renders in linear time.
        let line = index.line_text(self.span.start());
        let in_line = self
            .span
            .start()
            .saturating_sub(index.line_start(self.span.start()))
            .min(line.len());
        let reach = 4 * MAX_FRAME;
        let lo = in_line.saturating_sub(reach);
        let hi = (in_line + reach).min(line.len());
        let shown = |bytes: &[u8]| -> Vec<char> {
            String::from_utf8_lossy(bytes)
                .chars()
                .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
                .collect()
        };
        let chars = shown(&line[lo..hi]);
        // The column of the span in `chars`: the file's when the whole line is
        // decoded; otherwise counted within the window (the window has more than
        // MAX_FRAME / 2 characters on each cut side, so the frame is the same).
        let column = if lo == 0 && hi == line.len() {
            at.column
        } else {
            shown(&line[lo..in_line]).len() + 1
        };
        let (from, to) = if chars.len() > MAX_FRAME || (lo, hi) != (0, line.len()) {
            let from = (column - 1).saturating_sub(MAX_FRAME / 2);
            (from, (from + MAX_FRAME).min(chars.len()))
        } else {
            (0, chars.len())
        };
        let mut line: String = chars.get(from..to).unwrap_or_default().iter().collect();
        let mut caret_col = (column - 1).saturating_sub(from);
        if from > 0 {
            line.insert(0, '…');
            caret_col += 1;
        }
        if to < chars.len() {
            line.push('…');
        }
        let gutter = in_file.line.to_string();
        let pad = " ".repeat(gutter.len());
        let carets = "^".repeat(
            self.span
                .len()
                .clamp(1, line.chars().count().saturating_sub(caret_col).max(1)),
        );
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{gutter} | {line}");
        let _ = writeln!(out, "{pad} | {}{carets}", " ".repeat(caret_col));
        for c in self.candidates.iter().take(32) {
            let _ = writeln!(out, "{pad} = candidate: {c}");
        }
        for c in &self.suggestions {
            let _ = writeln!(out, "{pad} = did you mean: {c}");
        }
        if let Some(m) = &self.misprint {
            let _ = writeln!(out, "{pad} = {}", m.note());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn long_lines_are_shown_as_a_window_around_the_column() {
        let mut text = "a".repeat(1000);
        text.replace_range(500..503, "Ke9");
        let d = Diagnostic::new(
            Severity::Error,
            Kind::InvalidMove,
            "bad",
            Span::new(500, 503),
        );
        let shown = d.render("f.pgn", &LineIndex::new(text.as_bytes()));
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[0], "f.pgn:1:501: error[invalid-move]: bad");
        assert_eq!(lines[2].chars().count(), "1 | ".len() + MAX_FRAME + 2);
        let caret = lines[3].chars().position(|c| c == '^').unwrap_or(0);
        let under: String = lines[2].chars().skip(caret).take(3).collect();
        assert_eq!(under, "Ke9");
        assert_eq!(lines[3].trim_end().ends_with("^^^"), true);
    }

    #[test]
    fn the_window_of_a_long_line_is_the_same_as_decoding_the_whole_line() {
        // Multi-byte characters and invalid bytes, one line of about 60 kB and a
        // short one; the frame must be what decoding the whole line gives.
        let mut text = Vec::new();
        for i in 0..4000 {
            text.extend_from_slice("1. e4 é5 ♘f3 ".as_bytes());
            if i % 5 == 0 {
                text.push(0xe2);
            }
        }
        text.extend_from_slice(b"\nshort line\n");
        let index = LineIndex::new(&text);
        for start in (0..text.len()).step_by(97).chain([text.len() - 3]) {
            let d = Diagnostic::new(
                Severity::Warning,
                Kind::InvalidMove,
                "m",
                Span::new(start, start + 2),
            );
            let whole = frame_of_whole_line(&d, &text, &index);
            let shown = d.render("f", &index);
            let frame: Vec<&str> = shown.lines().skip(2).take(2).collect();
            assert_eq!(
                frame,
                whole.iter().map(String::as_str).collect::<Vec<_>>(),
                "{start}"
            );
        }
    }

    /// The frame line and caret line, decoding the whole line (the reference).
    fn frame_of_whole_line(d: &Diagnostic, text: &[u8], index: &LineIndex<'_>) -> Vec<String> {
        let at = index.line_col(d.span.start());
        let _ = text;
        let chars: Vec<char> = String::from_utf8_lossy(index.line_text(d.span.start()))
            .chars()
            .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
            .collect();
        let (from, to) = if chars.len() > MAX_FRAME {
            let from = (at.column - 1).saturating_sub(MAX_FRAME / 2);
            (from, (from + MAX_FRAME).min(chars.len()))
        } else {
            (0, chars.len())
        };
        let mut line: String = chars[from..to].iter().collect();
        let mut caret = (at.column - 1).saturating_sub(from);
        if from > 0 {
            line.insert(0, '…');
            caret += 1;
        }
        if to < chars.len() {
            line.push('…');
        }
        let gutter = at.line.to_string();
        let carets = "^".repeat(
            d.span
                .len()
                .clamp(1, line.chars().count().saturating_sub(caret).max(1)),
        );
        vec![
            format!("{gutter} | {line}"),
            format!(
                "{} | {}{carets}",
                " ".repeat(gutter.len()),
                " ".repeat(caret)
            ),
        ]
    }

    #[test]
    fn control_characters_never_reach_the_terminal() {
        let text = b"[FEN \"\x1b[2J\"]\x00";
        let d = Diagnostic::new(
            Severity::Error,
            Kind::InvalidFen,
            "bad \x1b[0m",
            Span::new(6, 10),
        );
        let shown = d.render("f.pgn", &LineIndex::new(text));
        assert!(
            !shown.contains('\x1b') && !shown.contains('\0'),
            "{shown:?}"
        );
        assert_eq!(
            shown,
            "f.pgn:1:7: error[invalid-fen]: bad  [0m\n  |\n1 | [FEN \" [2J\"] \n  |       ^^^^\n"
        );
    }
}
