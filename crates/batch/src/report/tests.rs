use scoresheet_notation::{Diagnostic, Kind, LineIndex, Severity, Span};

use super::*;

/// Where `problems` (which indexes only the lines it needs) puts each
/// diagnostic: the same line and column as an index of the whole text.
#[test]
fn problems_locate_as_an_index_of_the_whole_text() {
    let text = "[Event \"a\"]\r\n[Site \"Zürich\"]\r[ECO \"C00\"]\n\r\n1. e4 e5 \r\n2. Nf3 *\r\n";
    let text = text.as_bytes();
    let origin = Origin {
        line: 7,
        column: 3,
        offset: 100,
    };
    let whole = LineIndex::new(text);
    for start in 0..text.len() {
        for end in [start, text.len()] {
            let diags = [
                Diagnostic::new(
                    Severity::Warning,
                    Kind::WrongOpeningTag,
                    "w",
                    Span::new(0, 1),
                ),
                Diagnostic::new(
                    Severity::Warning,
                    Kind::WrongOpeningTag,
                    "w",
                    Span::new(start, end),
                ),
            ];
            let located = |f: &Found| f.1.iter().map(|p| (p.line, p.column)).collect::<Vec<_>>();
            assert_eq!(
                located(&problems(&diags, text, &[], None, origin)),
                located(&problems_indexed(&diags, text, &[], None, &whole, origin)),
                "at {start}"
            );
        }
    }
}
