//! Checks the published perft counts listed in `perft.txt`.

use pretty_assertions::assert_eq;
use scoresheet_board::{Position, perft};

/// Counts above this are skipped (set `PERFT_NODE_LIMIT` to run the deep ones).
fn node_limit() -> u64 {
    std::env::var("PERFT_NODE_LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6_000_000)
}

#[test]
fn published_perft_counts() {
    let data = include_str!("../perft.txt");
    let limit = node_limit();
    let mut pos = None;
    let mut checked = 0;
    for (n, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(fen) = line.strip_prefix("epd ") {
            pos = Some((
                fen,
                Position::from_fen(fen).unwrap_or_else(|e| panic!("line {}: {e}", n + 1)),
            ));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (fen, p) = pos.as_ref().expect("a perft line follows an epd line");
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            let depth: u32 = depth.parse().expect("a depth");
            let nodes: u64 = nodes.parse().expect("a node count");
            if nodes <= limit {
                assert_eq!(perft(p, depth), nodes, "{fen} at depth {depth}");
                checked += 1;
            }
        } else {
            panic!("line {}: unknown line {line:?}", n + 1);
        }
    }
    assert!(checked >= 40, "only {checked} perft counts checked");
}
