//! `parse_game` and `replay` on arbitrary bytes, in both modes: never panic,
//! spans stay inside the text, and the moves replayed are legal in sequence.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet_board::replay::{ReplayOptions, replay};
use scoresheet_notation::pgn::parse_game;
use scoresheet_notation::{LineIndex, Mode};

fuzz_target!(|data: &[u8]| {
    for (mode, strict) in [(Mode::Lenient, false), (Mode::Strict, true)] {
        let base = 0;
        let game = parse_game(data, base, mode);
        for t in &game.tokens {
            let s = t.span();
            assert!(
                s.start() >= base && s.start() <= s.end() && s.end() <= base + data.len(),
                "{t:?}"
            );
        }
        let r = replay(&game, &ReplayOptions { strict, ..ReplayOptions::default() });
        let index = LineIndex::new(data);
        for d in &r.diagnostics {
            assert!(
                d.span.start() <= d.span.end() && d.span.end() <= data.len(),
                "{d:?}"
            );
            let _ = d.render("fuzz.pgn", &index);
        }
        assert!(r.written.len() >= r.moves.len());
        let mut pos = r.start.clone();
        for m in &r.moves {
            pos.play(m).expect("replayed moves are legal");
        }
        assert_eq!(pos, r.position);
        if r.is_valid() {
            assert!(r.first_error().is_none());
        }
    }
});
