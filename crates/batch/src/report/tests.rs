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

/// A clean game's shown tags are all its tags (the quick lane reads no game
/// that repeats a name), as its report shows them.
#[test]
fn clean_reports_show_every_tag() {
    let bytes = b"WhiteABlackBSiteD";
    let tags = [[0..5, 5..6], [6..11, 11..12], [12..16, 16..17]];
    let clean = CleanReport {
        file: "f.pgn",
        game: 3,
        at: At::default(),
        plies: 0,
        fen: "8/8/8/8/8/8/8/K1k5 w - - 0 1",
        bytes,
        tags: &tags,
    };
    let shown: Vec<(&[u8], &[u8])> = clean.shown_tags().collect();
    assert_eq!(
        shown,
        [
            (&b"White"[..], &b"A"[..]),
            (b"Black", b"B"),
            (b"Site", b"D")
        ]
    );
    assert_eq!(clean.tags().count(), 3);
    let report = clean.to_report();
    assert_eq!(report.notation, None);
    let from_report: Vec<_> = report
        .shown_tags()
        .map(|(n, v)| (n.as_bytes(), v.as_bytes()))
        .collect();
    assert_eq!(from_report, shown);
}
