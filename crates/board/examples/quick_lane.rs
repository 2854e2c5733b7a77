//! `cargo run --release -p scoresheet-board --example quick_lane -- FILE.pgn...`:
//! times the quick lane as `validate` runs it (each file one block, split with
//! `BlockGames::next_game`, every game offered to `QuickLane::replay_prefix`),
//! in memory, with no reading and no reports: the best and the median of
//! `ROUNDS` runs (default 15) in milliseconds, and how many games the lane took.
//!
//! Two builds compared this way, alternately, agree within about 2 % on this
//! project's noisy VM, where whole processes drift by up to 30 %
//! (docs/PERFORMANCE.md).

use std::time::Instant;

use scoresheet_board::quick::QuickLane;
use scoresheet_notation::pgn::{Block, BlockGames};

fn main() {
    let mut blocks = Vec::new();
    for path in std::env::args().skip(1) {
        match std::fs::read(&path) {
            Ok(bytes) => blocks.push(Block {
                offset: 0,
                line: 1,
                bytes,
                first: true,
                last: true,
                before_tag: false,
            }),
            Err(e) => {
                eprintln!("{path}: {e}");
                std::process::exit(2);
            }
        }
    }
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(15);
    let mut lane = QuickLane::default();
    let mut times = Vec::with_capacity(rounds);
    let mut taken = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        taken = 0;
        for block in &blocks {
            let mut games = BlockGames::new(block);
            while let Some(game) = games.next_game(|rest| lane.replay_prefix(rest)) {
                taken += usize::from(game.quick.is_some());
            }
        }
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{:.1} ms best, {:.1} ms median of {rounds}; {taken} games taken by the quick lane",
        times[0],
        times[times.len() / 2]
    );
}
