//! Micro-benchmarks of the hot parts of validation, over real games: SAN resolution
//! and play, whole-game replay, the quick lane, and move generation (perft).
//!
//! `cargo bench -p scoresheet-board`. The games are read from
//! `$SCORESHEET_BENCH_PGN`, else the shared corpus's `twic0920.pgn` when it is there,
//! else the small committed `fixtures/bench/games.pgn`.

use std::path::PathBuf;
use std::sync::LazyLock;

use divan::{Bencher, black_box};
use scoresheet_board::quick::QuickLane;
use scoresheet_board::replay::{ReplayOptions, replay};
use scoresheet_board::{Position, perft, resolve};
use scoresheet_notation::pgn::{Game, games, parse_game};
use scoresheet_notation::{Mode, WrittenMove};

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

/// The parsed games (they borrow [`TEXT`]).
static GAMES: LazyLock<Vec<Game<'static>>> = LazyLock::new(|| {
    games(&TEXT)
        .map(|g| parse_game(g.bytes, g.offset, Mode::Lenient))
        .collect()
});

/// The main lines of the games that start from the standard position.
static MAINLINES: LazyLock<Vec<Vec<WrittenMove>>> = LazyLock::new(|| {
    GAMES
        .iter()
        .filter(|g| g.tag("FEN").is_none())
        .map(|g| g.mainline().map(|m| m.get().into_owned()).collect())
        .collect()
});

/// Resolves and plays every main-line move: the core of replay, without diagnostics.
#[divan::bench]
fn resolve_and_play(bencher: Bencher<'_, '_>) {
    let lines = &*MAINLINES;
    let plies: usize = lines.iter().map(Vec::len).sum();
    bencher
        .counter(divan::counter::ItemsCount::new(plies))
        .bench(|| {
            let mut played = 0usize;
            for line in lines {
                let mut pos = Position::new();
                for mv in line {
                    let Ok(m) = resolve(&pos, mv) else { break };
                    pos.play_unchecked(&m);
                    played += 1;
                }
            }
            black_box(played)
        });
}

/// The whole replay of each parsed game: resolution, play, marks, repetitions, result.
#[divan::bench]
fn replay_games(bencher: Bencher<'_, '_>) {
    let games = &*GAMES;
    let options = ReplayOptions::default();
    bencher
        .counter(divan::counter::ItemsCount::new(games.len()))
        .bench(|| {
            games
                .iter()
                .map(|g| replay(g, &options).plies())
                .sum::<usize>()
        });
}

/// The quick lane over each game's bytes: scan, resolution, play and every check
/// of a clean game, with no token list (what `validate` does for most games).
#[divan::bench]
fn quick_lane(bencher: Bencher<'_, '_>) {
    let texts: Vec<&[u8]> = games(&TEXT).map(|g| g.bytes).collect();
    let mut lane = QuickLane::default();
    bencher
        .counter(divan::counter::BytesCount::new(TEXT.len()))
        .bench_local(|| {
            texts
                .iter()
                .filter_map(|t| lane.replay(t))
                .map(|r| r.plies)
                .sum::<usize>()
        });
}

/// Legal move generation and play: perft 3 from the standard position.
#[divan::bench]
fn perft_start_3(bencher: Bencher<'_, '_>) {
    let pos = Position::new();
    bencher.bench(|| perft(black_box(&pos), 3));
}

/// Perft 3 from "kiwipete" (castling, pins, en passant, promotions).
#[divan::bench]
fn perft_kiwipete_3(bencher: Bencher<'_, '_>) {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap_or_default();
    bencher.bench(|| perft(black_box(&pos), 3));
}
