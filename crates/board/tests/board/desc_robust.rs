//! Descriptive replay on hostile input: no panic, bounded time, whatever the bytes.

use proptest::prelude::*;
use scoresheet_board::Position;
use scoresheet_board::desc::{DescContext, Origins, replay_book, resolve_desc};
use scoresheet_notation::desc::{parse_desc_move, read_book};

/// Words that real tables are made of, to build plausible nonsense from.
const WORDS: &[&str] = &[
    "P-K4",
    "P-Q4",
    "N-B3",
    "Kt-KB3",
    "B-N5",
    "BxN",
    "PxP",
    "QxP",
    "R-Q1",
    "KR-K1",
    "Castles",
    "O-O-O",
    "P-K8",
    "P-R8(Q)",
    "PxP e.p.",
    "Q. checks.",
    "K. moves.",
    "R. mates.",
    "P. Queens.",
    "B. interposes.",
    "K. Kt. to B's 3d.",
    "Q. takes doubled P.",
    "ch",
    "mate",
    "1.",
    "2.",
    "...",
    "N(B3)-Q2",
    "R(1)-Q2",
    "N/5-K4",
    "BxP(B4)",
    "\n",
    "% mode: strict\n",
    "[FEN \"7k/1P6/5K2/8/8/8/8/R7 w - - 0 1\"]\n",
];

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let book = read_book(&bytes);
        let _ = replay_book(&book, None, false);
        let _ = replay_book(&book, None, true);
    }

    #[test]
    fn word_salad_never_panics(picks in prop::collection::vec(0..WORDS.len(), 0..120)) {
        let mut text = String::new();
        for i in picks {
            text.push_str(WORDS[i]);
            text.push(' ');
        }
        let book = read_book(text.as_bytes());
        let replay = replay_book(&book, None, false);
        prop_assert!(replay.plies.len() <= book.plies.len());
    }

    #[test]
    fn any_token_against_random_positions(
        choices in prop::collection::vec(any::<u16>(), 0..60),
        word in 0..WORDS.len(),
    ) {
        let mut pos = Position::new();
        let mut origins = Origins::from_position(&pos);
        for choice in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[usize::from(choice) % legal.len()];
            origins.play(&m);
            pos.play_unchecked(&m);
        }
        if let Ok(written) = parse_desc_move(WORDS[word].as_bytes(), 0) {
            for ctx in [DescContext::strict(), DescContext::lenient()] {
                if let Ok(r) = resolve_desc(&pos, &origins, &written, &ctx) {
                    prop_assert!(pos.is_legal(&r.mv));
                }
            }
        }
    }
}

#[test]
fn a_long_run_of_ambiguous_plies_stays_bounded() {
    // Twenty thousand plies, each ambiguous: the lookahead's nesting and step limits
    // keep the stack and the time small.
    let text = "1. N-B3 N-B3\n2. N-N1 N-N1\n".repeat(5_000);
    let book = read_book(text.as_bytes());
    let started = std::time::Instant::now();
    let replay = replay_book(&book, None, false);
    let (index, d) = replay.error.expect("the first ply is ambiguous");
    assert_eq!(index, 0);
    assert_eq!(d.kind, "ambiguous-move");
    assert!(
        started.elapsed().as_secs() < 30,
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn a_long_unambiguous_game_replays_in_linear_time() {
    // Knights out and back, 40,000 plies, every one unique.
    let text = "1. N-KB3 N-KB3\n2. N-KN1 N-KN1\n".repeat(10_000);
    let book = read_book(text.as_bytes());
    let started = std::time::Instant::now();
    let replay = replay_book(&book, None, true);
    assert!(replay.error.is_none(), "{:?}", replay.error);
    assert_eq!(replay.plies.len(), 40_000);
    assert!(
        started.elapsed().as_secs() < 30,
        "took {:?}",
        started.elapsed()
    );
}
