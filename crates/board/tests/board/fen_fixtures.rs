//! Golden FEN fixtures: `fixtures/fen/{ok,err}/NNNN_name.fen` with the expected output in
//! `NNNN_name.expected`. `BLESS=1` rewrites the expected files.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use scoresheet_board::{EpStyle, Position};

/// What a FEN reads as: the round-tripped FEN and notes, or the rendered error.
fn render(fen: &str) -> (String, bool) {
    match Position::from_fen_with_notes(fen.trim_end_matches(['\n', '\r'])) {
        Ok((pos, notes)) => {
            let mut out = pos.to_fen(EpStyle::Always);
            out.push('\n');
            for note in notes {
                out.push_str(&format!("note: {note}\n"));
            }
            (out, false)
        }
        Err(e) => (format!("{e}\n"), true),
    }
}

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "fen"))
        .collect();
    files.sort();
    files
}

#[test]
fn fen_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/fen");
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut count = 0;
    for (kind, want_error) in [("ok", false), ("err", true)] {
        for path in cases(&root.join(kind)) {
            let input = std::fs::read_to_string(&path).expect("a readable fixture");
            let (actual, is_error) = render(&input);
            assert_eq!(is_error, want_error, "{}: {actual}", path.display());
            let expected_path = path.with_extension("expected");
            if bless {
                std::fs::write(&expected_path, &actual).expect("writable expected file");
            } else {
                let expected = std::fs::read_to_string(&expected_path).unwrap_or_else(|e| {
                    panic!("{}: {e} (run with BLESS=1)", expected_path.display())
                });
                assert_eq!(actual, expected, "{}", path.display());
            }
            count += 1;
        }
    }
    assert!(count > 0, "no fixtures found under {}", root.display());
}
