//! `parse_move` on arbitrary bytes, in both modes; whatever parses is resolved
//! against a few positions, and a move it resolves to must be legal there.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet_board::{Position, check_suffix, resolve};
use scoresheet_notation::{Mode, parse_move};
use std::sync::OnceLock;

const FENS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

fn positions() -> &'static [Position] {
    static P: OnceLock<Vec<Position>> = OnceLock::new();
    P.get_or_init(|| {
        FENS.iter()
            .map(|f| Position::from_fen(f).unwrap())
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    for mode in [Mode::Lenient, Mode::Strict] {
        let Ok(parsed) = parse_move(data, 7, mode) else {
            continue;
        };
        let m = &parsed.value;
        assert!(
            m.span.start() >= 7 && m.span.end() <= 7 + data.len(),
            "span out of the text: {m:?}"
        );
        let _ = m.to_string();
        for pos in positions() {
            if let Ok(mv) = resolve(pos, m) {
                assert!(
                    pos.is_legal(&mv),
                    "{m} resolved to illegal {mv:?} in {pos:?}"
                );
                let after = pos.after(&mv).expect("a legal move plays");
                let _ = check_suffix(pos, &after, m, &mv);
                let _ = pos.san(&mv);
            }
        }
    }
});
