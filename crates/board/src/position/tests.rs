use pretty_assertions::assert_eq;

use super::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("a valid fen")
}

fn find(p: &Position, uci: &str) -> Move {
    *p.legal_moves()
        .iter()
        .find(|m| m.to_uci() == uci)
        .expect("a legal move")
}

fn play(p: &mut Position, ucis: &str) {
    for uci in ucis.split_whitespace() {
        let m = find(p, uci);
        p.play(&m).expect("a legal move");
    }
}

#[test]
fn moves_update_all_six_fields() {
    let mut p = Position::new();
    play(&mut p, "e2e4");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    play(&mut p, "g8f6 g1f3");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "rnbqkb1r/pppppppp/5n2/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 2"
    );
    play(&mut p, "f6e4");
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.fullmove_number(), 3);
    play(&mut p, "h1g1");
    assert_eq!(p.to_fen(EpStyle::Always).split(' ').nth(2), Some("Qkq"));
    play(&mut p, "h8g8 e1e2");
    assert_eq!(p.to_fen(EpStyle::Always).split(' ').nth(2), Some("q"));
}

#[test]
fn capturing_a_rook_on_its_home_square_removes_the_right() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "a1a8");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"
    );
}

#[test]
fn castling_both_sides_and_chess960() {
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castles: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| format!("{} {} {}", m.to_uci(), m.to_lan(), p.san(m)))
        .collect();
    assert_eq!(castles, ["e1c1 O-O-O O-O-O", "e1g1 O-O O-O"]);
    play(&mut p, "e1c1");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"
    );

    // Chess960: king on b1, rook on a1; queen-side castling puts the king on c1 and the
    // rook on d1, and the UCI form is king-takes-rook.
    let mut p = pos("r3k1r1/8/8/8/8/8/8/RK5R w HAg - 0 1");
    let long = *p
        .legal_moves()
        .iter()
        .find(|m| m.castle_side() == Some(crate::CastleSide::Queen))
        .expect("queen-side castling");
    assert_eq!(long.to_uci(), "b1a1");
    p.play(&long).expect("legal");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "r3k1r1/8/8/8/8/8/8/2KR3R b g - 1 1"
    );
    // Black's king on e8 castles with the g8 rook: the rook lands on f8, king on g8.
    let short = *p
        .legal_moves()
        .iter()
        .find(|m| m.is_castle())
        .expect("king-side castling");
    assert_eq!(short.to_uci(), "e8g8");
    assert_eq!(short.to_uci_chess960(), "e8g8");
    p.play(&short).expect("legal");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2"
    );
}

#[test]
fn castling_refused_when_attacked_or_blocked() {
    let p = pos("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| !m.is_castle() || m.to_uci() == "e1c1")
    );
    let king = Square::from_coords(File::E, Rank::First);
    let h1 = Square::H1;
    assert_eq!(
        p.castle_move(king, h1).err(),
        Some(CastleObstacle::Attacked {
            square: Square::from_coords(File::F, Rank::First),
            attacker: Square::from_coords(File::F, Rank::Second),
        })
    );
    let p = pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_eq!(
        p.castle_move(king, Square::A1).err(),
        Some(CastleObstacle::Blocked(Square::from_coords(
            File::B,
            Rank::First
        )))
    );
    // The rook may pass an attacked square (b1) in queen-side castling.
    let p = pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(p.legal_moves().iter().any(|m| m.is_castle()));
}

/// Chess960 castling is judged with king and rook already moved: the rook may be what
/// shields the king's square now, and the king may not move at all.
#[test]
fn chess960_castling_sees_the_board_after_the_move() {
    // King c1, rook b1, queen a1: the rook goes to d1 and the queen checks the king.
    let c1 = Square::from_coords(File::C, Rank::First);
    let b1 = Square::from_coords(File::B, Rank::First);
    let p = pos("4k3/8/8/8/8/8/8/qRK5 w B - 0 1");
    assert!(!p.legal_moves().iter().any(Move::is_castle), "{p:?}");
    assert_eq!(
        p.castle_move(c1, b1).err(),
        Some(CastleObstacle::Attacked {
            square: c1,
            attacker: Square::A1,
        })
    );
    // The same with the king on d1 (king and rook swap): the queen checks c1.
    let p = pos("4k3/8/8/8/8/8/8/q1RK4 w C - 0 1");
    assert!(!p.legal_moves().iter().any(Move::is_castle), "{p:?}");
    // A rook on the king's left castles queen side even from g1: king to c1, rook to
    // d1, where the rook on a1 attacks the king's square.
    let p = pos("4k3/8/8/8/8/8/8/r4RK1 w F - 0 1");
    assert!(!p.legal_moves().iter().any(Move::is_castle), "{p:?}");
    let p = pos("4k3/8/8/8/8/8/8/n4RK1 w F - 0 1");
    assert!(p.legal_moves().iter().any(Move::is_castle), "{p:?}");
    // A king on its castling square that is not attacked once the rook has moved.
    let p = pos("4k3/8/8/8/8/8/8/1RK5 w B - 0 1");
    let m = *p
        .legal_moves()
        .iter()
        .find(|m| m.is_castle())
        .expect("castling");
    let mut after = p.clone();
    after.play(&m).expect("legal");
    assert_eq!(
        after.to_fen(EpStyle::Always),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

/// A set-up position may have more legal moves than the list holds on the stack.
#[test]
fn more_legal_moves_than_the_stack_list_holds_are_all_listed() {
    let p = pos(MANY_MOVES);
    let moves = p.legal_moves();
    assert!(moves.len() > crate::MAX_MOVES, "{}", moves.len());
    assert_eq!(moves.len(), 259);
    assert_eq!(moves.len(), p.count_legal_moves());
    let mut ucis: Vec<String> = moves.iter().map(Move::to_uci).collect();
    ucis.sort();
    ucis.dedup();
    assert_eq!(ucis.len(), moves.len());
    let mut kept = moves.clone();
    kept.retain(|m| m.role == Role::Queen);
    assert_eq!(
        kept.len(),
        moves.iter().filter(|m| m.role == Role::Queen).count()
    );
    kept.retain(|_| false);
    assert_eq!(kept.len(), 0);
    kept.push(moves[0]);
    assert_eq!(&kept[..], &moves[..1]);
}

/// A ring of queens round an empty board: 259 legal moves.
const MANY_MOVES: &str = "QQQQQQQQ/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/pp5Q/kbQQQQQK w - - 0 1";

#[test]
fn en_passant_rules() {
    let mut p = pos("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    play(&mut p, "d7d5");
    assert_eq!(p.ep_square().map(|s| s.to_string()), Some("d6".to_owned()));
    assert_eq!(
        p.legal_ep_square().map(|s| s.to_string()),
        Some("d6".to_owned())
    );
    let ep = find(&p, "e5d6");
    assert_eq!(ep.kind, MoveType::EnPassant);
    assert_eq!(p.san(&ep), "exd6");
    p.play(&ep).expect("legal");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "rnbqkbnr/ppp1pppp/3P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"
    );
    // A horizontally pinned pair: the capture would expose the king on the rank.
    let p = pos("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1");
    assert_eq!(p.ep_square().map(|s| s.to_string()), Some("c6".to_owned()));
    assert_eq!(p.legal_ep_square(), None);
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.kind != MoveType::EnPassant)
    );
}

#[test]
fn zobrist_counts_en_passant_only_when_capturable() {
    let mut a = Position::new();
    play(&mut a, "e2e4");
    let b = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(a.zobrist(), b.zobrist());
    assert_ne!(a, b);
    let c = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let d = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert_ne!(c.zobrist(), d.zobrist());
    let e = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    assert_ne!(d.zobrist(), e.zobrist());
}

#[test]
fn status_checkmate_stalemate_and_dead_positions() {
    let mut p = Position::new();
    play(&mut p, "f2f3 e7e5 g2g4 d8h4");
    assert!(p.is_checkmate());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(
        p.outcome().map(Outcome::result),
        Some(GameResult::BlackWins)
    );

    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));

    for (fen, dead) in [
        ("8/8/4k3/8/8/4K3/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/4K3/4N3/8 w - - 0 1", true),
        ("8/8/4k3/8/8/4K3/4B3/8 w - - 0 1", true),
        ("8/4b3/4k3/8/8/4K3/3B4/8 w - - 0 1", true),
        ("8/3b4/4k3/8/8/4K3/3B4/8 w - - 0 1", false),
        ("8/4n3/4k3/8/8/4K3/3B4/8 w - - 0 1", false),
        ("8/8/4k3/8/8/4K3/3NN3/8 w - - 0 1", false),
        ("8/8/4k3/8/8/4K3/3P4/8 w - - 0 1", false),
    ] {
        assert_eq!(pos(fen).is_insufficient_material(), dead, "{fen}");
    }
}

#[test]
fn san_disambiguates_minimally() {
    // Knights on b1 and f3 both reach d2: file. Rooks on a1 and a5 both reach a3: rank.
    let p = pos("4k3/8/8/R7/8/8/8/RN2KB2 w - - 0 1");
    assert_eq!(p.san(&find(&p, "a1a3")), "R1a3");
    assert_eq!(p.san(&find(&p, "a5a3")), "R5a3");
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(p.san(&find(&p, "b1d2")), "Nbd2");
    // Three queens: file and rank both needed.
    let p = pos("8/7k/8/8/Q2Q4/8/8/Q3K3 w - - 0 1");
    assert_eq!(p.san(&find(&p, "a4d1")), "Qa4d1");
    assert_eq!(p.san(&find(&p, "d4d2")), "Qd2");
    assert_eq!(p.san(&find(&p, "d4h4")), "Qh4+");
    // A pinned rival does not count.
    let p = pos("4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(p.san(&find(&p, "g1f3")), "Nf3");
    // Promotion with check.
    let p = pos("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.san(&find(&p, "e7e8q")), "e8=Q+");
    assert_eq!(p.san(&find(&p, "e7e8n")), "e8=N");
}

#[test]
fn play_refuses_illegal_moves_and_keeps_the_position() {
    let mut p = Position::new();
    let before = p.clone();
    let bogus = Move {
        role: Role::Pawn,
        from: Square::from_coords(File::E, Rank::Second),
        to: Square::from_coords(File::E, Rank::Fifth),
        capture: None,
        promotion: None,
        kind: MoveType::Normal,
    };
    let err = p.play(&bogus).expect_err("illegal");
    assert_eq!(
        err.to_string(),
        "illegal move e2e5 in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(p, before);
    // The null move passes the turn and clears the ep square.
    let mut p = Position::new();
    play(&mut p, "e2e4");
    p.play(&Move::NULL).expect("null move out of check");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"
    );
}

#[test]
fn diagrams() {
    let p = Position::new();
    assert_eq!(
        p.diagram(false),
        "8 r n b q k b n r\n\
         7 p p p p p p p p\n\
         6 . : . : . : . :\n\
         5 : . : . : . : .\n\
         4 . : . : . : . :\n\
         3 : . : . : . : .\n\
         2 P P P P P P P P\n\
         1 R N B Q K B N R\n  a b c d e f g h\n"
    );
    assert!(p.diagram(true).starts_with("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
}

#[test]
fn garbage_fens_never_panic() {
    let alphabet: Vec<char> = "rnbqkpRNBQKP12345678/ -wbKQkqHAha0e3x9".chars().collect();
    let mut state = 0x1234_5678_9ABC_DEF0u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for _ in 0..20_000 {
        let mut chars: Vec<char> = base.chars().collect();
        for _ in 0..(next() % 4 + 1) {
            let i = (next() % chars.len() as u64) as usize;
            let c = alphabet[(next() % alphabet.len() as u64) as usize];
            match next() % 3 {
                0 => chars[i] = c,
                1 => chars.insert(i, c),
                _ => {
                    chars.remove(i);
                }
            }
        }
        let fen: String = chars.into_iter().collect();
        if let Ok(p) = Position::from_fen(&fen) {
            // Every valid FEN prints back as read (modulo whitespace runs) and plays on.
            let round = p.to_fen(EpStyle::Always);
            let again = Position::from_fen(&round).expect("printed fens read back");
            assert_eq!(again.to_fen(EpStyle::Always), round);
            for m in p.legal_moves().iter() {
                let mut q = p.clone();
                q.play_unchecked(m);
                let _ = q.san(m);
                assert!(!q.by_piece(Role::King.of(q.turn().other())).is_empty());
            }
        }
    }
}

#[test]
fn incremental_zobrist_matches_a_fresh_computation() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ];
    for fen in fens {
        let start = pos(fen);
        for m in start.legal_moves().iter() {
            let mut a = start.clone();
            a.play_unchecked(m);
            assert_eq!(a.zobrist(), a.zobrist_from_scratch(), "{m:?} in {fen}");
            for r in a.legal_moves().iter() {
                let mut b = a.clone();
                b.play_unchecked(r);
                assert_eq!(
                    b.zobrist(),
                    b.zobrist_from_scratch(),
                    "{r:?} after {m:?} in {fen}"
                );
                assert_eq!(b.zobrist(), pos(&b.to_fen(EpStyle::Always)).zobrist());
            }
        }
    }
}

#[test]
fn the_start_positions_hash_is_its_keys_added_up() {
    let start = Position::new();
    assert_eq!(start.placement_hash, placement_hash(&Board::start()));
    assert_eq!(start.zobrist(), start.zobrist_from_scratch());
}

#[test]
fn incremental_checkers_match_a_fresh_computation() {
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        "3k4/8/8/2q5/8/4N3/3P4/3K4 w - - 0 1",
    ];
    // Three plies deep from each: discovered checks, promotions, castling, en passant.
    fn walk(p: &Position, depth: u32) {
        assert_eq!(p.checkers(), p.compute_checkers(), "{p}");
        let all_attackers = p.our_king().map_or(Bitboard::EMPTY, |king| {
            p.attackers_to(king, p.turn().other(), p.occupied())
        });
        assert_eq!(p.compute_checkers(), all_attackers, "{p}");
        // The early-out attack test says what the attackers say, on every square.
        for sq in (0..64).filter_map(Square::new) {
            for color in [Color::White, Color::Black] {
                assert_eq!(
                    p.is_attacked_with(sq, color, p.occupied()),
                    p.attackers_to(sq, color, p.occupied()).any(),
                    "{sq} by {color:?} in {p}"
                );
            }
        }
        assert_eq!(p.is_check(), pos(&p.to_fen(EpStyle::Always)).is_check());
        assert_eq!(
            p.has_legal_move(),
            p.count_legal_moves() > 0,
            "has_legal_move in {p}"
        );
        // The lazy pin and evasion test agrees with generation on every piece move.
        if let Some(safety) = p.safety() {
            let legal = p.legal_moves();
            let us = p.turn();
            for from in p.by_color(us) - p.by_piece(Role::King.of(us)) {
                let Some(piece) = p.piece_at(from) else {
                    continue;
                };
                let reach = match piece.role {
                    Role::Pawn => Bitboard::FULL,
                    role => crate::attacks::attacks(role.of(us), from, p.occupied()),
                } - p.by_color(us);
                for to in reach {
                    let generated = legal
                        .iter()
                        .any(|m| m.from == from && m.to == to && m.kind == MoveType::Normal);
                    if generated {
                        assert!(p.is_safe_non_king(&safety, from, to), "{from}{to} in {p}");
                    } else if piece.role != Role::Pawn {
                        assert!(!p.is_safe_non_king(&safety, from, to), "{from}{to} in {p}");
                    }
                }
            }
        }
        if depth == 0 {
            return;
        }
        for m in p.legal_moves().iter() {
            let mut q = p.clone();
            q.play_unchecked(m);
            walk(&q, depth - 1);
        }
    }
    for fen in fens {
        walk(&pos(fen), 2);
    }
}

/// The placement field as a square-by-square reading of the board writes it.
fn board_fen_square_by_square(p: &Position) -> String {
    let mut s = String::new();
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            match p.piece_at(Square::from_coords(file, rank)) {
                Some(piece) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank != Rank::First {
            s.push('/');
        }
    }
    s
}

#[test]
fn the_placement_field_names_every_square_in_order() {
    // Games of pseudo-random legal moves from a few starts: every piece,
    // both colours, full and empty ranks, pieces on the a- and h-files.
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "7k/8/8/8/8/8/8/K7 w - - 0 1",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for start in starts {
        for _ in 0..20 {
            let mut p = pos(start);
            for _ in 0..80 {
                assert_eq!(p.board().board_fen(), board_fen_square_by_square(&p));
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = moves[(seed % moves.len() as u64) as usize];
                p.play_unchecked(&m);
            }
        }
    }
}
