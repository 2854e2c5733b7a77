//! `Position::from_fen` on arbitrary bytes: never panics; a position read
//! prints a FEN that reads back as an equal position (in both en passant
//! styles), and its legal moves play.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet_board::{EpStyle, Position, perft};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        // FENs are text; the CLI hands lossily decoded tags to from_fen.
        let _ = Position::from_fen(&String::from_utf8_lossy(data));
        return;
    };
    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let fen = pos.to_fen(EpStyle::Always);
    let again = Position::from_fen(&fen)
        .unwrap_or_else(|e| panic!("{fen:?} (printed from {text:?}) does not read back: {e}"));
    assert_eq!(again, pos, "{text:?} -> {fen:?}");
    assert_eq!(again.to_fen(EpStyle::Always), fen);
    let legal = pos.to_fen(EpStyle::Legal);
    let again = Position::from_fen(&legal)
        .unwrap_or_else(|e| panic!("{legal:?} (printed from {text:?}) does not read back: {e}"));
    assert_eq!(again.zobrist(), pos.zobrist(), "{text:?} -> {legal:?}");
    let moves = pos.legal_moves();
    assert_eq!(moves.len() as u64, perft(&pos, 1));
    for m in moves.iter() {
        let after = pos.after(m).expect("a legal move plays");
        let _ = after.to_fen(EpStyle::Legal);
    }
    let _ = pos.outcome();
});
