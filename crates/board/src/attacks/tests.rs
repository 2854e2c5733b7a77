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
fn slider_attacks_match_ray_walking_on_pseudo_random_boards() {
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
fn empty_board_rays_are_the_attacks_on_an_empty_board() {
    for s in 0..64u8 {
        let square = Square::new(s).expect("index below 64");
        assert_eq!(rook_rays(square).0, slide(s as usize, &ROOK_DIRS, 0));
        assert_eq!(bishop_rays(square).0, slide(s as usize, &BISHOP_DIRS, 0));
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

/// A small fixed-seed generator (xorshift64*) for the random boards.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

#[test]
fn lines_match_ray_walking() {
    for a in 0..64u8 {
        for b in 0..64u8 {
            let (sa, sb) = (Square::new(a).unwrap(), Square::new(b).unwrap());
            let aligned = a != b
                && (slide(a as usize, &ROOK_DIRS, 0) | slide(a as usize, &BISHOP_DIRS, 0))
                    & (1 << b)
                    != 0;
            let walk = if aligned {
                let rook = slide(a as usize, &ROOK_DIRS, 0) & (1 << b) != 0;
                let dirs = if rook { &ROOK_DIRS } else { &BISHOP_DIRS };
                slide(a as usize, dirs, 1 << b) & slide(b as usize, dirs, 1 << a)
            } else {
                0
            };
            assert_eq!(between(sa, sb).0, walk, "between {sa} {sb}");
            assert_eq!(line(sa, sb).any(), aligned, "line {sa} {sb}");
            let straight = a != b && slide(a as usize, &ROOK_DIRS, 0) & (1 << b) != 0;
            let expected = match (aligned, straight) {
                (false, _) => 0,
                (true, true) => STRAIGHT,
                (true, false) => DIAGONAL,
            };
            assert_eq!(alignment(sa, sb), expected, "alignment {sa} {sb}");
            if aligned {
                assert!(line(sa, sb).contains(sa) && line(sa, sb).contains(sb));
                assert_eq!(line(sa, sb) & between(sa, sb), between(sa, sb));
            }
        }
    }
}
