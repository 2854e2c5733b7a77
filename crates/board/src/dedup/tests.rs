use pretty_assertions::{assert_eq, assert_ne};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::parse_game;

use super::{DedupBy, GameKey, KeyBuilder, Seen};
use crate::quick::QuickLane;
use crate::replay::{ReplayOptions, replay};

/// The key of a game by the full replay, which must have found it valid.
#[track_caller]
fn full_key(text: &str, by: DedupBy) -> GameKey {
    let game = parse_game(text.as_bytes(), 0, Mode::Lenient);
    let r = replay(&game, &ReplayOptions::default());
    assert!(r.is_valid(), "{text}: {:?}", r.diagnostics);
    let mut keys = KeyBuilder::new(by);
    keys.replayed(&r, Some(&game));
    keys.finish()
}

/// The key of a game by the full replay, and by the quick lane when it takes
/// the game: both must agree.
#[track_caller]
fn key(text: &str, by: DedupBy) -> GameKey {
    let full = full_key(text, by);
    let mut keys = KeyBuilder::new(by);
    if QuickLane::default()
        .replay_keyed(text.as_bytes(), &mut keys)
        .is_some()
    {
        assert_eq!(
            keys.finish(),
            full,
            "quick lane and full replay differ: {text}"
        );
    }
    full
}

const GAME: &str = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n";

#[test]
fn the_notation_does_not_matter() {
    // The quick lane takes the usual game (so `key` compares the two lanes).
    let mut keys = KeyBuilder::new(DedupBy::Tags);
    assert!(
        QuickLane::default()
            .replay_keyed(GAME.as_bytes(), &mut keys)
            .is_some()
    );
    let san = key(GAME, DedupBy::Moves);
    let lan = key(
        "[Event \"a\"]\n\n1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 a7-a6 4. O-O 1-0\n",
        DedupBy::Moves,
    );
    let uci = key(
        "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 4. e1g1 *\n",
        DedupBy::Moves,
    );
    let commented = key(
        "[Event \"b\"]\n\n1. e4 {best} e5 2. Nf3 (2. f4) Nc6 3. Bb5 a6 4. O-O! *\n",
        DedupBy::Moves,
    );
    assert_eq!(lan, san);
    assert_eq!(uci, san);
    assert_eq!(commented, san);
}

#[test]
fn moves_and_starts_tell_games_apart() {
    let game = key(GAME, DedupBy::Moves);
    // One move less, one more, another order, another promotion, another start.
    assert_ne!(
        key("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n", DedupBy::Moves),
        game
    );
    assert_ne!(
        key(
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 *\n",
            DedupBy::Moves
        ),
        game
    );
    assert_ne!(
        key("1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 4. O-O *\n", DedupBy::Moves),
        game
    );
    let promote = |p: &str| {
        key(
            &format!("[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8={p} *\n"),
            DedupBy::Moves,
        )
    };
    assert_ne!(promote("Q"), promote("N"));
    let from_fen = key(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n",
        DedupBy::Moves,
    );
    assert_ne!(from_fen, game);
    // The standard start written as a FEN tag is the standard start.
    let standard = key(
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n",
        DedupBy::Moves,
    );
    assert_eq!(standard, game);
    // Games without moves are the same game.
    assert_eq!(
        key("*\n", DedupBy::Moves),
        key("[Event \"x\"]\n\n1-0\n", DedupBy::Moves)
    );
}

#[test]
fn tags_count_only_when_asked() {
    let other_site =
        "[Event \"a\"]\n[White \"x\"]\n[Site \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n";
    assert_eq!(key(other_site, DedupBy::Moves), key(GAME, DedupBy::Moves));
    assert_ne!(key(other_site, DedupBy::Tags), key(GAME, DedupBy::Tags));
    // Tags outside the roster, and their order, do not count.
    let reordered =
        "[White \"x\"]\n[ECO \"C60\"]\n[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n";
    assert_eq!(key(reordered, DedupBy::Tags), key(GAME, DedupBy::Tags));
    // A missing tag is not an empty one.
    let empty =
        "[Event \"a\"]\n[White \"x\"]\n[Site \"\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n";
    assert_ne!(key(empty, DedupBy::Tags), key(GAME, DedupBy::Tags));
    // The keys of the two kinds never meet.
    assert_ne!(key(GAME, DedupBy::Tags), key(GAME, DedupBy::Moves));
    // A value written with an escape is its decoded value.
    let plain = "[Event \"a\\\"b\"]\n\n1. e4 *\n";
    let mut keys = KeyBuilder::new(DedupBy::Tags);
    keys.tag(b"Event", b"a\"b");
    let pos = crate::Position::new();
    let e4 = pos
        .legal_moves()
        .iter()
        .find(|m| m.to_uci() == "e2e4")
        .copied();
    keys.push(&e4.unwrap_or(crate::Move::NULL));
    assert_eq!(keys.finish(), full_key(plain, DedupBy::Tags));
}

#[test]
fn seen_keeps_the_first_game() {
    let mut seen = Seen::default();
    let (a, b) = (GameKey([1, 2]), GameKey([1, 3]));
    assert_eq!(seen.check(a, 7), None);
    assert_eq!(seen.check(b, 8), None);
    assert_eq!(seen.check(a, 9), Some(7));
    assert_eq!(seen.check(a, 10), Some(7));
    assert_eq!(seen.len(), 2);
}
