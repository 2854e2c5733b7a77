use super::*;
use pretty_assertions::assert_eq;

#[test]
fn square_numbering_follows_fen_order() {
    let names: Vec<String> = Square::all().map(|s| s.to_string()).collect();
    assert_eq!(names[0], "a8");
    assert_eq!(names[7], "h8");
    assert_eq!(names[36], "e4");
    assert_eq!(names[56], "a1");
    assert_eq!(names[63], "h1");
}

#[test]
fn square_helpers_from_the_board_notes() {
    let sq = |i| Square::new(i).unwrap();
    assert_eq!(sq(56).shade(), SquareShade::Dark);
    assert_eq!(sq(5).file(), File::F);
    assert_eq!(sq(5).rank(), Rank::Eighth);
    assert_eq!("e4".parse::<Square>().unwrap().index(), 36);
    assert_eq!(sq(36).to_string(), "e4");
    // a1 and h8 dark, a8 and h1 light.
    assert_eq!(Square::A1.shade(), SquareShade::Dark);
    assert_eq!(Square::H8.shade(), SquareShade::Dark);
    assert_eq!(Square::A8.shade(), SquareShade::Light);
    assert_eq!(Square::H1.shade(), SquareShade::Light);
}

#[test]
fn every_square_round_trips() {
    for i in 0..64 {
        let s = Square::new(i).unwrap();
        assert_eq!(s.to_string().parse::<Square>(), Ok(s));
        assert_eq!(Square::from_coords(s.file(), s.rank()), s);
        assert_eq!(s.flip_vertical().flip_vertical(), s);
    }
    assert_eq!(Square::new(64), None);
    assert!("i1".parse::<Square>().is_err());
    assert!("a9".parse::<Square>().is_err());
    assert!("e".parse::<Square>().is_err());
    assert!("e44".parse::<Square>().is_err());
}

#[test]
fn files_ranks_roles_pieces_colors_round_trip() {
    for f in File::ALL {
        assert_eq!(File::from_char(f.char()), Some(f));
        assert_eq!(File::new(f.index()), Some(f));
    }
    for r in Rank::ALL {
        assert_eq!(Rank::from_char(r.char()), Some(r));
        assert_eq!(Rank::new(r.index()), Some(r));
        assert_eq!(r.relative_to(Color::Black).relative_to(Color::Black), r);
    }
    for role in Role::ALL {
        assert_eq!(Role::from_char(role.char()), Some(role));
        assert_eq!(Role::from_char(role.upper_char()), Some(role));
        for color in Color::ALL {
            let p = role.of(color);
            assert_eq!(Piece::from_char(p.char()), Some(p));
            assert_eq!(Piece::from_figurine(p.figurine()), Some(p));
        }
    }
    assert_eq!(Role::Knight.of(Color::White).char(), 'N');
    assert_eq!(Role::Knight.of(Color::Black).char(), 'n');
    for c in Color::ALL {
        assert_eq!(Color::from_char(c.char()), Some(c));
        assert_eq!(c.other().other(), c);
    }
}

#[test]
fn offsets_stay_on_the_board() {
    let e4: Square = "e4".parse().unwrap();
    assert_eq!(e4.offset(1, 2).map(|s| s.to_string()), Some("f6".into()));
    assert_eq!(Square::H1.offset(1, 0), None);
    assert_eq!(Square::A8.offset(0, 1), None);
}
