use pretty_assertions::assert_eq;

use super::*;
use crate::{Color, EpStyle};

fn play_uci(game: &mut Game, ucis: &str) {
    for uci in ucis.split_whitespace() {
        let m = *game
            .position()
            .legal_moves()
            .iter()
            .find(|m| m.to_uci() == uci)
            .unwrap_or_else(|| panic!("{uci} is legal in {}", game.position()));
        game.play(&m).expect("legal");
    }
}

const SHUFFLE: &str = "g1f3 g8f6 f3g1 f6g8";

#[test]
fn repetitions_count_same_side_to_move_only() {
    let mut game = Game::new(Position::new());
    assert_eq!(game.repetitions(), 1);
    play_uci(&mut game, "g1f3");
    assert_eq!(game.repetitions(), 1);
    play_uci(&mut game, "g8f6 f3g1 f6g8");
    assert_eq!(game.repetitions(), 2);
    play_uci(&mut game, SHUFFLE);
    assert!(game.is_threefold_repetition());
    assert!(game.can_claim_draw());
    assert_eq!(game.outcome(), None);
    play_uci(&mut game, SHUFFLE);
    play_uci(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 5);
    assert_eq!(game.outcome(), Some(Outcome::FivefoldRepetition));
}

#[test]
fn a_pawn_move_forgets_earlier_positions() {
    let mut game = Game::new(Position::new());
    play_uci(&mut game, SHUFFLE);
    play_uci(&mut game, "e2e3 e7e6");
    play_uci(&mut game, SHUFFLE);
    assert_eq!(game.repetitions(), 2);
}

#[test]
fn en_passant_possibility_distinguishes_positions() {
    // After 1.e4 (ep square e3, no capture possible) the position repeats with the
    // same hash as without the ep square.
    let start = Position::from_fen("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").expect("valid");
    let mut game = Game::new(start);
    play_uci(&mut game, "e2e4");
    // Black can capture en passant here, so the position differs from a later one
    // with the same placement.
    assert!(game.position().legal_ep_square().is_some());
    let first = game.position().zobrist();
    play_uci(&mut game, "e8d8 e1d1 d8e8 d1e1");
    assert_ne!(game.position().zobrist(), first);
    assert_eq!(game.repetitions(), 1);
}

#[test]
fn fifty_and_seventy_five_moves() {
    let fen = |clock: u32| format!("4k3/8/8/8/8/8/8/R3K3 w - - {clock} 80");
    let game = Game::new(Position::from_fen(&fen(99)).expect("valid"));
    assert!(!game.is_fifty_moves());
    let mut game = Game::new(Position::from_fen(&fen(99)).expect("valid"));
    play_uci(&mut game, "a1a2");
    assert!(game.is_fifty_moves());
    assert!(!game.is_seventy_five_moves());
    let mut game = Game::new(Position::from_fen(&fen(149)).expect("valid"));
    play_uci(&mut game, "a1a2");
    assert_eq!(game.outcome(), Some(Outcome::SeventyFiveMoves));
    // A mate on the 150th ply stands.
    let mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 90").expect("valid");
    let mut game = Game::new(mate);
    play_uci(&mut game, "a1a8");
    assert!(!game.is_seventy_five_moves());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(
        game.position().to_fen(EpStyle::Always),
        "R5k1/5ppp/8/8/8/8/8/4K3 b - - 150 90"
    );
}
