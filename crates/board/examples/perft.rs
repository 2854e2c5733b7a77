//! `cargo run --release -p scoresheet-board --example perft -- DEPTH [FEN]`: timed perft.

use std::time::Instant;

use scoresheet_board::{Position, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(6);
    let fen = args.collect::<Vec<_>>().join(" ");
    let pos = if fen.is_empty() {
        Position::new()
    } else {
        match Position::from_fen(&fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
    };
    scoresheet_board::attacks::init();
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {nodes} nodes in {secs:.3} s, {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}
