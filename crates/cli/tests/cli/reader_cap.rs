//! The game-size cap of `GameReader`, at small sizes: a game longer than the
//! cap is skipped and reported however the reads fall (found whole in one
//! read, or while it streams), and the games around it are kept.

use pretty_assertions::assert_eq;
use scoresheet_notation::pgn::{GameReadError, GameReader};

/// `(offset, Ok(len) | Err(len))` for each item the reader gives.
fn items(input: &[u8], chunk: usize, cap: usize) -> Vec<(u64, Result<usize, u64>)> {
    GameReader::with_limits(input, chunk, cap)
        .map(|item| match item {
            Ok(g) => (g.offset, Ok(g.bytes.len())),
            Err(GameReadError::TooLarge { offset, len, .. }) => (offset, Err(len)),
            Err(e) => panic!("unexpected error {e}"),
        })
        .collect()
}

#[test]
fn a_game_over_the_cap_is_skipped_whatever_the_read_size() {
    let ok = b"[Event \"a\"]\n\n1. e4 *\n\n";
    let big = [&b"[Event \"b\"]\n\n1. e4 {"[..], &[b'x'; 150], b"} *\n\n"].concat();
    let input = [&ok[..], &big, ok].concat();
    let expected = vec![
        // A game's bytes end at its last non-blank line.
        (0, Ok(ok.len() - 2)),
        (ok.len() as u64, Err(big.len() as u64 - 2)),
        ((ok.len() + big.len()) as u64, Ok(ok.len() - 2)),
    ];
    // Reads of 1 byte stream the big game; reads of 4 KiB find it whole at once.
    for chunk in [1, 7, 64, 100, 4096] {
        assert_eq!(
            items(&input, chunk, 100),
            expected,
            "reads of {chunk} bytes"
        );
    }
}
