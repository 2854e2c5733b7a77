use pretty_assertions::assert_eq;

use super::*;
use crate::Position;

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

#[track_caller]
fn check(setup: Setup, expected: &str) {
    let actual = match Position::from_setup(setup) {
        Ok(p) => p.to_string(),
        Err(e) => format!("error: {e}"),
    };
    assert_eq!(actual, expected);
}

#[test]
fn hand_built_setups_are_validated() {
    let start = Setup::default();
    check(
        start.clone(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let mut s = start.clone();
    s.castling_rights = s.castling_rights.with(sq("e4"));
    check(
        s,
        "error: castling right for e4, which is not on a back rank",
    );
    let mut s = start.clone();
    s.castling_rights = s.castling_rights.with(sq("b1"));
    check(
        s,
        "error: castling right for b1 but no white rook stands there",
    );
    let mut s = start.clone();
    s.board.discard_piece_at(sq("e8"));
    s.board.set_piece_at(sq("e6"), Role::King.of(Color::Black));
    check(
        s,
        "error: castling right for a8 but no black king on rank 8",
    );
    let mut s = start.clone();
    s.ep_square = Some(sq("e6"));
    check(s, "error: e6 but no black pawn can just have moved e7-e5");
    let mut s = start.clone();
    s.ep_square = Some(sq("e3"));
    check(s, "error: e3 is not on rank 6 with white to move");
    let mut s = start;
    s.fullmove_number = 0;
    check(
        s,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
}

#[test]
fn setup_keeps_fields_unvalidated() {
    let (setup, notes) = Setup::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").expect("syntactically fine");
    assert!(notes.is_empty());
    assert_eq!(setup.board.occupied(), Bitboard::EMPTY);
    assert_eq!(
        Position::from_setup(setup).map(|p| p.to_string()),
        Err(PositionError::MissingKing(Color::White))
    );
}

#[test]
fn char_offsets_count_characters_not_bytes() {
    let e = Position::from_fen("ééé 8/8/8/8/8/8/8/8 w - - 0 1").expect_err("bad");
    assert_eq!(e.offset, 0);
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 é").expect_err("extra");
    assert_eq!(
        e.to_string(),
        r#"fen: end: unexpected extra field "é", at character 30"#
    );
    let e = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 ééé xx").expect_err("extra");
    assert_eq!(e.offset, 30);
}
