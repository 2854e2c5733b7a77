//! Checks published perft counts: `perft.txt` here, and the suites of `../shared/perft`
//! (every Chess960 start position, tricky positions, random positions) when they exist.
//!
//! One reader for one format: `id NAME` (optional), `epd FEN` (four or six fields), then
//! `perft DEPTH NODES` lines; `#` starts a comment. A count is checked when its depth is
//! within the suite's depth and its nodes within the node limit.

use std::path::Path;

use pretty_assertions::assert_eq;
use scoresheet_board::{Position, perft};

/// Counts above this are skipped (set `PERFT_NODE_LIMIT` to run the deep ones).
fn node_limit() -> u64 {
    env_number("PERFT_NODE_LIMIT").unwrap_or(6_000_000)
}

/// The deepest count of the shared suites checked (set `PERFT_DEPTH` to go deeper).
fn shared_depth(default: u32) -> u32 {
    env_number("PERFT_DEPTH").map_or(default, |d| d as u32)
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// What a suite's checks came to.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    checked: usize,
    failures: Vec<String>,
}

/// Checks every count of `data` (named `name`) with depth at most `max_depth` and nodes
/// at most `limit`, and with `every` > 1 only every `every`-th position.
fn check_suite(name: &str, data: &str, max_depth: u32, limit: u64, every: usize) -> Tally {
    let mut tally = Tally::default();
    let mut pos: Option<(String, Position)> = None;
    let mut index = 0usize;
    let mut id = String::new();
    for (n, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("id ") {
            rest.trim().clone_into(&mut id);
        } else if let Some(fen) = line.strip_prefix("epd ") {
            index += 1;
            pos = (index % every == 0).then(|| {
                let p = Position::from_fen(fen.trim())
                    .unwrap_or_else(|e| panic!("{name}:{}: {e}", n + 1));
                (fen.trim().to_owned(), p)
            });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let Some((fen, p)) = pos.as_ref() else {
                continue;
            };
            let (depth, nodes) = rest.trim().split_once(' ').expect("perft DEPTH NODES");
            let depth: u32 = depth.parse().expect("a depth");
            let nodes: u64 = nodes.trim().parse().expect("a node count");
            if depth <= max_depth && nodes <= limit {
                let got = perft(p, depth);
                if got != nodes {
                    tally.failures.push(format!(
                        "{name}:{}: {id} {fen} at depth {depth}: {got}, published {nodes}",
                        n + 1
                    ));
                }
                tally.checked += 1;
            }
        } else {
            panic!("{name}:{}: unknown line {line:?}", n + 1);
        }
    }
    tally
}

#[test]
fn published_perft_counts() {
    let tally = check_suite(
        "perft.txt",
        include_str!("perft.txt"),
        u32::MAX,
        node_limit(),
        1,
    );
    assert_eq!(tally.failures, Vec::<String>::new());
    assert!(
        tally.checked >= 40,
        "only {} perft counts checked",
        tally.checked
    );
}

/// The suites of `../shared/perft` at the depths CI affords: all 960 Chess960 start
/// positions to depth 4 (depth 3 misses a castling bug depth 4 finds), the tricky ones to the node limit, every 8th random position to
/// depth 3. `cargo xtask perft` goes deeper.
#[test]
fn shared_perft_suites() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/perft");
    if !dir.is_dir() {
        eprintln!(
            "skipping the shared perft suites: {} does not exist",
            dir.display()
        );
        return;
    }
    for (file, depth, every, at_least) in [
        ("chess960.perft", 4, 1, 960 * 4),
        ("tricky.perft", 6, 1, 60),
        ("random.perft", 3, 8, 2500),
    ] {
        let data = std::fs::read_to_string(dir.join(file))
            .unwrap_or_else(|e| panic!("reading {file}: {e}"));
        let tally = check_suite(file, &data, shared_depth(depth), node_limit(), every);
        assert_eq!(tally.failures, Vec::<String>::new(), "{file}");
        assert!(
            tally.checked >= at_least,
            "{file}: only {} counts checked",
            tally.checked
        );
    }
}

/// The harness can fail: a wrong count is reported with its place.
#[test]
fn a_wrong_count_is_reported() {
    let data = "id start\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft 1 20\nperft 2 401\n";
    let tally = check_suite("inline", data, 6, 1_000, 1);
    assert_eq!(
        tally,
        Tally {
            checked: 2,
            failures: vec![
                "inline:4: start rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - at depth 2: 400, published 401"
                    .to_owned()
            ],
        }
    );
}
