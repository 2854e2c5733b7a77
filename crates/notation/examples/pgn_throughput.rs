//! Measures how fast PGN files are split and parsed: `cargo run --release --example
//! pgn_throughput -- FILE...`. Prints MB/s and the diagnostics found, by kind.
//! `ROUNDS=n` sets the number of rounds, `SPLIT_ONLY=1` times splitting alone.

use std::collections::BTreeMap;
use std::time::Instant;

use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{Game, games, parse_game_into};

fn main() -> std::io::Result<()> {
    let mut files = Vec::new();
    for path in std::env::args().skip(1) {
        files.push(std::fs::read(&path)?);
    }
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut kinds: BTreeMap<(String, &str), usize> = BTreeMap::new();
    let (mut n_games, mut n_moves) = (0usize, 0usize);
    let mut best = f64::MAX;
    // SPLIT_ONLY=1 measures splitting alone (the "moves" count is then meaningless).
    let split_only = std::env::var_os("SPLIT_ONLY").is_some();
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    for round in 0..rounds {
        let t = Instant::now();
        let (mut g_count, mut m_count) = (0, 0);
        for file in &files {
            let mut game = Game::default();
            for slice in games(file) {
                if split_only {
                    g_count += 1;
                    m_count += slice.bytes.len() & 1;
                    continue;
                }
                parse_game_into(&mut game, slice.bytes, slice.offset, Mode::Lenient);
                g_count += 1;
                m_count += game.mainline().count();
                if round == 0 {
                    for d in &game.diagnostics {
                        *kinds
                            .entry((d.severity.to_string(), d.kind.name()))
                            .or_default() += 1;
                    }
                }
            }
        }
        best = best.min(t.elapsed().as_secs_f64());
        n_games = g_count;
        n_moves = m_count;
    }
    println!(
        "{bytes} bytes, {n_games} games, {n_moves} main-line moves: best of {rounds} {:.1} ms = {:.0} MB/s",
        best * 1e3,
        bytes as f64 / best / 1e6
    );
    for ((sev, kind), n) in kinds {
        println!("  {n:>8} {sev}[{kind}]");
    }
    Ok(())
}
