//! Golden fixtures for descriptive replay: `fixtures/resolve-desc/{ok,err}/NNNN_name.desc.txt`
//! with the SAN movetext and every diagnostic rendered in `NNNN_name.expected`. A
//! `% mode: strict` header line replays in strict mode (lenient otherwise). `BLESS=1`
//! rewrites the expected files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use scoresheet_board::EpStyle;
use scoresheet_board::desc::replay_book;
use scoresheet_notation::desc::read_book;
use scoresheet_notation::{LineIndex, Severity};

fn fixtures(area: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/resolve-desc")
        .join(area);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.to_string_lossy().ends_with(".desc.txt"));
    files.sort();
    files
}

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
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let files = fixtures(area);
    assert!(
        !files.is_empty(),
        "no fixtures in fixtures/resolve-desc/{area}"
    );
    for path in files {
        let text = std::fs::read(&path).unwrap_or_default();
        let (got, has_error) = render(&path, &text);
        assert_eq!(
            has_error,
            must_have_errors,
            "{}: errors present = {has_error}\n{got}",
            path.display()
        );
        let expected_path = PathBuf::from(path.to_string_lossy().replace(".desc.txt", ".expected"));
        if bless {
            std::fs::write(&expected_path, &got)
                .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with BLESS=1 to create it)",
                expected_path.display()
            )
        });
        assert_eq!(got, expected, "{}", path.display());
    }
}

#[test]
fn ok_fixtures_replay_without_errors() {
    check("ok", false);
}

#[test]
fn err_fixtures_report_errors() {
    check("err", true);
}
