//! Golden fixtures for the descriptive book reader: `fixtures/desc/{ok,err}/NNNN_name.desc.txt`
//! with the expected rendering in `NNNN_name.expected`. `BLESS=1` rewrites the expected files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use scoresheet_notation::desc::{read_book, write_move};
use scoresheet_notation::{Color, LineIndex, Severity};

fn fixtures(area: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/desc")
        .join(area);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.to_string_lossy().ends_with(".desc.txt"));
    files.sort();
    files
}

/// The compact rendering of every ply, the players, the end and every diagnostic.
fn render(path: &Path, text: &[u8]) -> (String, bool) {
    let book = read_book(text);
    let index = LineIndex::new(text);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(out, "white: {}", book.white.as_deref().unwrap_or("?"));
    let _ = writeln!(out, "black: {}", book.black.as_deref().unwrap_or("?"));
    if let Some(fen) = &book.fen {
        let _ = writeln!(out, "fen: {fen}");
    }
    for (i, ply) in book.plies.iter().enumerate() {
        let side = if ply.color == Color::White { "w" } else { "b" };
        let number = ply.number.map_or_else(|| "-".to_owned(), |n| n.to_string());
        let shown = match &ply.result {
            Ok(m) => write_move(m),
            Err(e) => format!("error: {e}"),
        };
        let at = index.line_col(ply.span.start);
        let _ = writeln!(out, "{:>3} {side} #{number:<3} {at:<7} {shown}", i + 1);
    }
    if let Some(end) = &book.end {
        let _ = writeln!(out, "end: {}", end.text);
    }
    let diagnostics = book.diagnostics();
    let has_error = diagnostics.iter().any(|d| d.severity == Severity::Error);
    for d in &diagnostics {
        out.push_str(&d.render(&name, &index));
    }
    (out, has_error)
}

fn check(area: &str, must_have_errors: bool) {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let files = fixtures(area);
    assert!(!files.is_empty(), "no fixtures in fixtures/desc/{area}");
    for path in files {
        let text = std::fs::read(&path).unwrap_or_default();
        let (got, has_error) = render(&path, &text);
        assert_eq!(
            has_error,
            must_have_errors,
            "{}: errors present = {has_error}",
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
fn ok_fixtures_read_without_errors() {
    check("ok", false);
}

#[test]
fn err_fixtures_report_errors() {
    check("err", true);
}
