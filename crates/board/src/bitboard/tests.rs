use pretty_assertions::assert_eq;

use super::*;

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

#[test]
fn shifts_follow_fen_order() {
    let e4 = Bitboard::from_square(sq("e4"));
    assert_eq!(e4.north(), Bitboard::from_square(sq("e5")));
    assert_eq!(e4.south(), Bitboard::from_square(sq("e3")));
    assert_eq!(e4.east(), Bitboard::from_square(sq("f4")));
    assert_eq!(e4.west(), Bitboard::from_square(sq("d4")));
    assert_eq!(Bitboard::from_square(sq("h4")).east(), Bitboard::EMPTY);
    assert_eq!(Bitboard::from_square(sq("a4")).west(), Bitboard::EMPTY);
    assert_eq!(Bitboard::from_square(sq("a8")).north(), Bitboard::EMPTY);
}

#[test]
fn shades_match_the_board() {
    assert!(Bitboard::DARK_SQUARES.contains(sq("a1")));
    assert!(Bitboard::DARK_SQUARES.contains(sq("h8")));
    assert!(Bitboard::LIGHT_SQUARES.contains(sq("h1")));
    assert_eq!(Bitboard::DARK_SQUARES.count(), 32);
}

#[test]
fn iteration_yields_squares_in_fen_order() {
    let bb: Bitboard = [sq("e4"), sq("a8"), sq("h1")].into_iter().collect();
    let names: Vec<String> = bb.map(|s| s.to_string()).collect();
    assert_eq!(names, ["a8", "e4", "h1"]);
    assert_eq!(bb.count(), 3);
    assert!(bb.more_than_one());
    assert_eq!(Bitboard::from_square(sq("c3")).single(), Some(sq("c3")));
    assert_eq!(bb.single(), None);
}
