//! Golden FEN fixtures: `fixtures/fen/{ok,err}/NNNN_name.fen` with the expected output in
//! `NNNN_name.expected`. `BLESS=1` rewrites the expected files.

use scoresheet_board::{EpStyle, Position};
use scoresheet_test_utils::{Goldens, cases, fixtures};

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

#[test]
fn fen_fixtures() {
    let mut goldens = Goldens::new();
    for (kind, want_error) in [("ok", false), ("err", true)] {
        for path in cases(&fixtures().join("fen").join(kind), ".fen") {
            let input = std::fs::read_to_string(&path).expect("a readable fixture");
            let (actual, is_error) = render(&input);
            if is_error != want_error {
                goldens.fail(&path, &format!("error = {is_error}: {actual}"));
            }
            goldens.check(&path.with_extension("expected"), &actual);
        }
    }
    goldens.finish();
}
