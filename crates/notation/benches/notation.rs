//! Micro-benchmarks of reading PGN: splitting a file into games, and parsing games
//! into tags and tokens (reusing one game's buffers, as validation does).
//!
//! `cargo bench -p scoresheet-notation`. The text is read from
//! `$SCORESHEET_BENCH_PGN`, else the shared corpus's `twic0920.pgn` when it is there,
//! else the small committed `fixtures/bench/games.pgn`.

use std::path::PathBuf;
use std::sync::LazyLock;

use divan::{Bencher, black_box};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{Game, GameReader, games, parse_game_into};

fn main() {
    divan::main();
}

/// The benchmark's PGN text.
static TEXT: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let candidates = [
        std::env::var_os("SCORESHEET_BENCH_PGN").map(PathBuf::from),
        Some(root.join("../shared/corpus/strict/twic0920.pgn")),
        Some(root.join("fixtures/bench/games.pgn")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find_map(|p| std::fs::read(p).ok())
        .unwrap_or_default()
});

/// Splits the text into games from memory.
#[divan::bench]
fn split_in_memory(bencher: Bencher<'_, '_>) {
    let text = &*TEXT;
    bencher
        .counter(divan::counter::BytesCount::of_slice(text))
        .bench(|| games(black_box(text)).count());
}

/// Splits the text into games through the streaming reader (as `validate` reads).
#[divan::bench]
fn split_streaming(bencher: Bencher<'_, '_>) {
    let text = &*TEXT;
    bencher
        .counter(divan::counter::BytesCount::of_slice(text))
        .bench(|| GameReader::new(black_box(text.as_slice())).count());
}

/// Parses every game into one reused [`Game`].
#[divan::bench]
fn parse_games(bencher: Bencher<'_, '_>) {
    let text = &*TEXT;
    let slices: Vec<_> = games(text).collect();
    bencher
        .counter(divan::counter::BytesCount::of_slice(text))
        .bench(|| {
            let mut game = Game::default();
            let mut tokens = 0usize;
            for s in &slices {
                let mut g = std::mem::take(&mut game).recycle();
                parse_game_into(&mut g, s.bytes, s.offset, Mode::Lenient);
                tokens += g.tokens.len();
                game = g.recycle();
            }
            tokens
        });
}
