//! Golden fixtures for descriptive replay: `fixtures/resolve-desc/{ok,err}/NNNN_name.desc.txt`
//! with the SAN movetext and every diagnostic rendered in `NNNN_name.expected`. A
//! `% mode: strict` header line replays in strict mode (lenient otherwise). `BLESS=1`
//! rewrites the expected files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use scoresheet_board::EpStyle;
use scoresheet_board::desc::replay_book;
use scoresheet_notation::desc::read_book;
use scoresheet_notation::{LineIndex, Severity};
use scoresheet_test_utils::{Goldens, cases, fixtures};

/// The mode, the SAN movetext and every diagnostic (the book's, then the replay's).
fn render(path: &Path, text: &[u8]) -> (String, bool) {
    let book = read_book(text);
    let strict = book
        .headers
        .iter()
        .any(|h| h.key == "mode" && h.value == "strict");
    let replay = replay_book(&book, None, strict);
    let index = LineIndex::new(text);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(out, "mode: {}", if strict { "strict" } else { "lenient" });
    let _ = writeln!(
        out,
        "resolved: {}/{} plies",
        replay.folded + replay.plies.len(),
        book.plies.len()
    );
    if replay.folded > 0 {
        let _ = writeln!(out, "start: {}", replay.start.to_fen(EpStyle::Legal));
    }
    let _ = writeln!(out, "san: {}", replay.san_movetext());
    let mut diagnostics = book.notes.clone();
    diagnostics.extend(replay.diagnostics.iter().cloned());
    let has_error = diagnostics.iter().any(|d| d.severity == Severity::Error);
    for d in &diagnostics {
        out.push_str(&d.render(&name, &index));
    }
    (out, has_error)
}

fn check(area: &str, must_have_errors: bool) {
    let mut goldens = Goldens::new();
    for path in cases(&fixtures().join("resolve-desc").join(area), ".desc.txt") {
        let text = std::fs::read(&path).unwrap_or_default();
        let (got, has_error) = render(&path, &text);
        if has_error != must_have_errors {
            goldens.fail(&path, &format!("errors present = {has_error}\n{got}"));
        }
        let expected = PathBuf::from(path.to_string_lossy().replace(".desc.txt", ".expected"));
        goldens.check(&expected, &got);
    }
    goldens.finish();
}

#[test]
fn ok_fixtures_replay_without_errors() {
    check("ok", false);
}

#[test]
fn err_fixtures_report_errors() {
    check("err", true);
}
