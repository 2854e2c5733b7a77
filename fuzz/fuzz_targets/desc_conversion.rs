//! English descriptive notation on arbitrary bytes: `read_book`, `read_books`,
//! `parse_desc_move` and `parse_token` never panic, spans stay inside the
//! text, and a move that parses writes back to text that parses again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet_board::{Position, resolve};
use scoresheet_notation::desc::{parse_desc_move, parse_token, read_book, read_books, write_move};

fuzz_target!(|data: &[u8]| {
    let len = data.len();
    let book = read_book(data);
    for d in book.diagnostics() {
        assert!(d.span.end() <= len, "{d:?}");
    }
    for ply in &book.plies {
        assert!(
            ply.span.start() <= ply.span.end() && ply.span.end() <= len,
            "{ply:?}"
        );
    }
    let _ = read_books(data);
    let start = Position::new();
    for (i, m) in [parse_desc_move(data, 3).ok(), parse_token(data, 3)]
        .into_iter()
        .enumerate()
    {
        let Some(m) = m else { continue };
        assert!(m.span.start() >= 3 && m.span.end() <= 3 + len, "{m:?}");
        let written = write_move(&m);
        if i == 0 {
            assert!(
                parse_desc_move(written.as_bytes(), 0).is_ok(),
                "{:?} parsed, but its rewriting {written:?} does not",
                String::from_utf8_lossy(data)
            );
        }
        if let Ok(mv) = resolve(&start, &m) {
            assert!(start.is_legal(&mv));
        }
    }
});
