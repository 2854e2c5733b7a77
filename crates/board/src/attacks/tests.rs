use pretty_assertions::assert_eq;

use super::*;

fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

fn names(bb: Bitboard) -> Vec<String> {
    let mut v: Vec<String> = bb.map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn leaper_tables() {
    assert_eq!(names(knight_attacks(sq("g1"))), ["e2", "f3", "h3"]);
    assert_eq!(names(king_attacks(sq("a1"))), ["a2", "b1", "b2"]);
    assert_eq!(names(pawn_attacks(Color::White, sq("e4"))), ["d5", "f5"]);
    assert_eq!(names(pawn_attacks(Color::Black, sq("a5"))), ["b4"]);
}

#[test]
fn magic_lookups_match_ray_walking_on_pseudo_random_boards() {
    let mut rng = Rng(12345);
    for _ in 0..2000 {
        let occupied = rng.next() & rng.next();
        for s in 0..64u8 {
            let square = Square::new(s).expect("index below 64");
            assert_eq!(
                rook_attacks(square, Bitboard(occupied)).0,
                slide(s as usize, &ROOK_DIRS, occupied)
            );
            assert_eq!(
                bishop_attacks(square, Bitboard(occupied)).0,
                slide(s as usize, &BISHOP_DIRS, occupied)
            );
        }
    }
}

#[test]
fn lines_and_betweens() {
    assert_eq!(names(between(sq("e1"), sq("e4"))), ["e2", "e3"]);
    assert_eq!(names(between(sq("h8"), sq("e5"))), ["f6", "g7"]);
    assert!(between(sq("e1"), sq("e2")).is_empty());
    assert!(line(sq("e1"), sq("f3")).is_empty());
    assert_eq!(line(sq("e1"), sq("e4")), Bitboard::file(crate::File::E));
    assert_eq!(line(sq("c3"), sq("a1")).count(), 8);
}

#[test]
fn the_kept_magics_are_what_the_fixed_seed_search_finds() {
    let mut table = Vec::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let rook = find_magics(&ROOK_DIRS, &mut table, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut table, &mut rng);
    assert_eq!(rook.map(|m| m.magic), ROOK_MAGICS);
    assert_eq!(bishop.map(|m| m.magic), BISHOP_MAGICS);
    let mut known = Vec::new();
    assert!(known_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut known).is_some());
    assert!(known_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut known).is_some());
    assert_eq!(known.len(), table.len());
}
