//! What `scoresheet validate` does to a file, over arbitrary bytes: the
//! streaming `GameReader` split (tiny reads, to cross every buffer boundary),
//! then parse and replay of every game. Every game yields a verdict, the
//! games cover the input in order, and the streaming split agrees with the
//! in-memory one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scoresheet_board::EpStyle;
use scoresheet_board::replay::{ReplayOptions, replay};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{GameReader, games, parse_game};

fuzz_target!(|data: &[u8]| {
    let chunk = 1 + usize::from(data.first().copied().unwrap_or(0) % 16);
    let mut streamed = Vec::new();
    let mut last_end = 0u64;
    for item in GameReader::with_limits(data, chunk, usize::MAX) {
        let g = item.expect("reading a slice cannot fail and nothing is too large");
        assert!(g.offset >= last_end, "games overlap or go backwards");
        last_end = g.offset + g.bytes.len() as u64;
        assert!(last_end <= data.len() as u64);
        assert_eq!(
            &data[g.offset as usize..last_end as usize],
            &g.bytes[..],
            "a game's bytes are the file's"
        );
        let game = parse_game(&g.bytes, 0, Mode::Lenient);
        let r = replay(&game, &ReplayOptions::default());
        // The verdict: valid, or the first error; and the final position prints.
        let _ = (
            r.is_valid(),
            r.first_error(),
            r.position.to_fen(EpStyle::Legal),
        );
        streamed.push(g.offset);
    }
    let in_memory: Vec<u64> = games(data).map(|g| g.offset as u64).collect();
    assert_eq!(streamed, in_memory, "streaming and in-memory splits differ");
    // A cap smaller than some games: each too-large game is reported and skipped,
    // and the reader still reaches the end.
    let mut n = 0;
    for item in GameReader::with_limits(data, chunk, 64) {
        n += 1;
        assert!(n <= data.len() + 1, "more games than bytes");
        let _ = item;
    }
});
