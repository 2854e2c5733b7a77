use pretty_assertions::assert_eq;
use scoresheet_notation::{CastleMove, File, Rank, Suffix};

use super::tokenizer::written;
use super::*;
use crate::EpStyle;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("a valid fen")
}

/// Resolves `token` in `fen`: `Ok` shows the move as `uci san`; `Err` shows the message,
/// the span and the candidates.
#[track_caller]
fn check(fen: &str, token: &str, expected: &str) {
    let p = pos(fen);
    let actual = match resolve(&p, &written(token)) {
        Ok(m) => format!("{} {}", m.to_uci(), p.san(&m)),
        Err(e) => {
            let mut s = format!("error {}..{}: {e}", e.span().start(), e.span().end());
            for c in e.candidates() {
                s.push_str(&format!(" | {c}"));
            }
            s
        }
    };
    assert_eq!(actual, expected, "{token} in {fen}");
}

/// The warnings `check_suffix` gives for `token` in `fen`, as `kind start..end: message`.
#[track_caller]
fn marks(fen: &str, token: &str) -> Vec<String> {
    let p = pos(fen);
    let w = written(token);
    let m = resolve(&p, &w).expect("a resolvable move");
    let mut after = p.clone();
    after.play(&m).expect("legal");
    check_suffix(&p, &after, &w, &m)
        .into_iter()
        .map(|d| {
            format!(
                "{} {}..{}: {}",
                d.kind,
                d.span.start(),
                d.span.end(),
                d.message
            )
        })
        .collect()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn san_resolves_every_piece_kind() {
    check(START, "e4", "e2e4 e4");
    check(START, "e3", "e2e3 e3");
    check(START, "Nf3", "g1f3 Nf3");
    check(START, "Nc3", "b1c3 Nc3");
    check("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Rd1", "a1d1 Rd1");
    check("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Kd2", "e1d2 Kd2");
    check("4k3/8/8/8/8/8/8/3QK1B1 w - - 0 1", "Qh5+", "d1h5 Qh5+");
    check("4k3/8/8/8/8/8/8/3QK1B1 w - - 0 1", "Bb6", "g1b6 Bb6");
    check("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "e4d5 exd5");
    check("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "Kf2", "e1f2 Kf2");
    check("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=Q+", "e7e8q e8=Q+");
    check("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=N", "e7e8n e8=N");
    check("4k3/8/8/8/8/8/8/R3K2R b - - 0 1", "Kd7", "e8d7 Kd7");
}

#[test]
fn san_disambiguation_and_ambiguity() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    check(fen, "Nbd2", "b1d2 Nbd2");
    check(fen, "Nfd2", "f3d2 Nfd2");
    check(
        fen,
        "Nd2",
        "error 0..3: ambiguous: 2 white knights can move to d2 | Nfd2 (Nf3-d2) | Nbd2 (Nb1-d2)",
    );
    let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    check(rooks, "R1a3", "a1a3 R1a3");
    check(rooks, "R5a3", "a5a3 R5a3");
    check(
        rooks,
        "Ra3",
        "error 0..3: ambiguous: 2 white rooks can move to a3 | R5a3 (Ra5-a3) | R1a3 (Ra1-a3)",
    );
    // Only one of the two knights is legal: the pinned one does not make it ambiguous.
    check("4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1", "Nf3", "g1f3 Nf3");
}

#[test]
fn illegal_moves_are_explained() {
    check(START, "Ne5", "error 1..3: no white knight can move to e5");
    check(START, "e5", "error 0..2: no white pawn can move to e5");
    check(
        START,
        "Nd2",
        "error 1..3: d2 holds a white pawn of the side to move",
    );
    check(
        "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1",
        "Nf3",
        "error 0..3: the knight on d2 is pinned by the bishop on a5",
    );
    check(
        "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",
        "Nf3",
        "error 0..3: the knight on d2 is pinned by the bishop on b4",
    );
    check(
        "4r1k1/8/8/8/8/8/8/1N2K3 w - - 0 1",
        "Nc3",
        "error 0..3: the white king is in check from the rook on e8 and Nb1-c3 does not answer it",
    );
    check(
        "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1",
        "Ke2",
        "error 0..3: the king on e1 cannot move to e2: it would be in check from the rook on e8",
    );
    // A capture mark on a piece's quiet move names the move (the mark is warned
    // about by `check_suffix`); a pawn cannot move diagonally to an empty square.
    check("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "Nxf3", "g1f3 Nf3");
    check(
        "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1",
        "exd5",
        "error 1..2: a capture is written but d5 is empty",
    );
    check(
        "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "e8",
        "error 0..2: the pawn reaching e8 must promote: write the piece, such as e8=Q",
    );
    check(
        "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "e8=K",
        "error 2..4: a pawn cannot promote to a king",
    );
    check(
        START,
        "e4=Q",
        "error 2..4: only a pawn reaching the last rank promotes",
    );
}

#[test]
fn en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    check(fen, "exd6", "e5d6 exd6");
    check(fen, "e5d6", "e5d6 exd6");
    check(fen, "e5xd6", "e5d6 exd6");
    // Without the ep square the same capture is onto an empty square.
    check(
        "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2",
        "exd6",
        "error 1..2: a capture is written but d6 is empty",
    );
    // Exposing the king on the fifth rank makes it illegal.
    check(
        "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",
        "bxc6",
        "error 0..4: b5xc6 would expose the king on a5 to the rook on h5",
    );
}

#[test]
fn castling() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    check(fen, "O-O", "e1g1 O-O");
    check(fen, "0-0-0", "e1c1 O-O-O");
    check(fen, "e1g1", "e1g1 O-O");
    check(fen, "e1h1", "e1g1 O-O");
    check(fen, "Ke1-c1", "e1c1 O-O-O");
    check(
        fen,
        "Castles",
        "error 0..7: castling is written without a side and both sides are possible | O-O (O-O) | O-O-O (O-O-O)",
    );
    check("4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "Castles", "e1g1 O-O");
    check(
        "4k3/8/8/8/8/8/8/RN2K2R w Q - 0 1",
        "Castles",
        "error 0..7: castling queen side is blocked: b1 is occupied",
    );
    check(
        "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        "Castles",
        "error 0..7: white has no right to castle queen side",
    );
    check(
        "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
        "O-O",
        "error 0..3: white has no right to castle king side",
    );
    check(
        "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1",
        "O-O",
        "error 0..3: castling king side is blocked: f1 is occupied",
    );
    check(
        "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
        "O-O-O",
        "error 0..5: castling queen side is blocked: b1 is occupied",
    );
    check(
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        "O-O",
        "error 0..3: the king cannot castle king side: it would pass through check on f1 from the rook on f2",
    );
    check(
        "r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1",
        "O-O",
        "error 0..3: the king cannot castle king side: it would land in check on g1 from the rook on g2",
    );
    check(
        "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
        "O-O",
        "error 0..3: cannot castle out of check from the rook on e2",
    );
    // Chess960: king b1, rook a1; UCI king-takes-rook.
    let frc = "r3k1r1/8/8/8/8/8/8/RK5R w HAg - 0 1";
    check(frc, "b1a1", "b1a1 O-O-O");
    check(
        frc,
        "O-O",
        "error 0..3: the king cannot castle king side: it would land in check on g1 from the rook on g8",
    );
    check("r3k3/8/8/8/8/8/8/RK5R w HA - 0 1", "O-O", "b1h1 O-O");
    check(frc, "O-O-O", "b1a1 O-O-O");
}

#[test]
fn lan_and_uci() {
    check(START, "Ng1-f3", "g1f3 Nf3");
    check(START, "g1f3", "g1f3 Nf3");
    check(START, "e2-e4", "e2e4 e4");
    check(START, "e7e5", "error 0..2: there is no white piece on e7");
    check(START, "e3e4", "error 0..2: there is no white piece on e3");
    check(
        START,
        "Bg1-f3",
        "error 0..1: a bishop is written but the piece on g1 is a knight",
    );
    check(
        START,
        "g1g3",
        "error 0..4: the knight on g1 cannot move to g3",
    );
    check(
        START,
        "e2e5",
        "error 0..4: the pawn on e2 cannot move to e5",
    );
    check(START, "e2xe4", "e2e4 e4");
    check(
        START,
        "e2xd3",
        "error 2..3: a capture is written but d3 is empty",
    );
    check(
        START,
        "a1a2",
        "error 2..4: a2 holds a white pawn of the side to move",
    );
    check("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q", "e7e8q e8=Q+");
    check(
        "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
        "e7e8",
        "error 2..4: the pawn reaching e8 must promote: write the piece, such as e8=Q",
    );
    check(
        "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1",
        "Nd2-f3",
        "error 0..6: the knight on d2 is pinned by the bishop on a5",
    );
}

#[test]
fn null_and_unsupported() {
    check(START, "--", "a8a8 --".replace("a8a8", "0000").as_str());
    check(
        "4k3/8/8/8/8/8/8/4K2r w - - 0 1",
        "--",
        "error 0..2: a null move is not possible in check",
    );
    check(
        START,
        "P-K4",
        "error 0..4: english descriptive notation is not resolved here",
    );
    let mut p = Position::new();
    let null = resolve(&p, &written("--")).expect("null move");
    p.play(&null).expect("legal");
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"
    );
}

#[test]
fn errors_become_diagnostics_with_candidates() {
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let e = resolve(&p, &written("Nd2")).expect_err("ambiguous");
    let d = e.to_diagnostic();
    assert_eq!(d.kind, "ambiguous-move");
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(d.candidates, ["Nfd2 (Nf3-d2)", "Nbd2 (Nb1-d2)"]);
    let e = resolve(&p, &written("Ne4")).expect_err("illegal");
    assert_eq!(e.to_diagnostic().kind, "illegal-move");
}

#[test]
fn check_and_capture_marks() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1";
    assert_eq!(marks(fen, "Ra8+"), Vec::<String>::new());
    assert_eq!(
        marks(fen, "Ra8"),
        ["missing-check-mark 0..3: the move gives check but no check mark is written (+)"]
    );
    assert_eq!(
        marks(fen, "Ra7+"),
        ["wrong-check-mark 3..4: + is written but the move does not give check"]
    );
    assert_eq!(
        marks(fen, "Ra8#"),
        ["wrong-check-mark 3..4: # is written but the move only gives check (+)"]
    );
    let mate = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(marks(mate, "Ra8#"), Vec::<String>::new());
    assert_eq!(
        marks(mate, "Ra8"),
        ["missing-check-mark 0..3: the move mates but no mate mark is written (#)"]
    );
    assert_eq!(
        marks(mate, "Ra8+"),
        ["wrong-check-mark 3..4: + is written but the move mates (#)"]
    );
    assert_eq!(
        marks(mate, "Ra8++"),
        ["plus-plus-mark 3..5: ++ is not standard: write # for mate"]
    );
    let capture = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    assert_eq!(marks(capture, "exd5"), Vec::<String>::new());
    // `ed5` is a spelling relaxation the parser reports; the board does not repeat it.
    assert_eq!(marks(capture, "ed5"), Vec::<String>::new());
    assert_eq!(
        marks("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "Qd5"),
        [
            "missing-capture-mark 1..3: the move captures the pawn on d5 but no capture mark (x) is written"
        ]
    );
    assert_eq!(
        marks(capture, "e4-d5"),
        [
            "missing-capture-mark 2..3: the move captures the pawn on d5 but no capture mark (x) is written"
        ]
    );
    let quiet_onto_piece = "4k3/8/8/8/8/5p2/8/4K1N1 w - - 0 1";
    assert_eq!(
        marks(quiet_onto_piece, "Nf3"),
        [
            "missing-capture-mark 1..3: the move captures the pawn on f3 but no capture mark (x) is written"
        ]
    );
    assert_eq!(marks(quiet_onto_piece, "g1f3"), Vec::<String>::new());
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    assert_eq!(marks(ep, "exd6e.p."), Vec::<String>::new());
    assert_eq!(
        marks(ep, "e5e6e.p."),
        [
            "wrong-en-passant-mark 4..8: an en passant mark is written but the move is not an en passant capture"
        ]
    );
}

/// Replays a game's movetext, checking that every move resolves and its marks are right.
#[track_caller]
fn replay(movetext: &str) -> (Position, Vec<String>) {
    let mut p = Position::new();
    let mut warnings = Vec::new();
    for token in movetext.split_whitespace() {
        // Strip a move number such as `16.` (but not the zeros of `0-0`).
        let token = match token.split_once('.') {
            Some((number, rest)) if number.bytes().all(|b| b.is_ascii_digit()) => {
                rest.trim_start_matches('.')
            }
            _ => token,
        };
        if token.is_empty() || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        let w = written(token);
        let m = resolve(&p, &w).unwrap_or_else(|e| panic!("{token}: {e}"));
        let mut after = p.clone();
        after.play(&m).expect("a resolved move is legal");
        for d in check_suffix(&p, &after, &w, &m) {
            warnings.push(format!("{token}: {}", d.message));
        }
        // SAN printed by the board reads back as the same move.
        let again = resolve(&p, &written(&p.san(&m))).expect("printed SAN resolves");
        assert_eq!(again, m);
        p = after;
    }
    (p, warnings)
}

#[test]
fn the_chapter_games_replay() {
    let (p, warnings) = replay(
        "1.c4 e6 2.Nf3 d5 3.d4 Nf6 4.Nc3 Be7 5.Bg5 0-0 6.e3 h6 7.Bh4 b6 \
         8.cxd5 Nxd5 9.Bxe7 Qxe7 10.Nxd5 exd5 11.Rc1 Be6 12.Qa4 c5 \
         13.Qa3 Rc8 14.Bb5 a6 15.dxc5 bxc5 16.0-0 Ra7 17.Be2 Nd7 \
         18.Nd4 Qf8 19.Nxe6 fxe6 20.e4 d4 21.f4 Qe7 22.e5 Rb8 \
         23.Bc4 Kh8 24.Qh3 Nf8 25.b3 a5 26.f5 exf5 27.Rxf5 Nh7 \
         28.Rcf1 Qd8 29.Qg3 Re7 30.h4 Rbb7 31.e6 Rbc7 32.Qe5 Qe8 \
         33.a4 Qd8 34.R1f2 Qe8 35.R2f3 Qd8 36.Bd3 Qe8 37.Qe4 Nf6 \
         38.Rxf6 gxf6 39.Rxf6 Kg8 40.Bc4 Kh8 41.Qf4 1-0",
    );
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "4q2k/2r1r3/4PR1p/p1p5/P1Bp1Q1P/1P6/6P1/6K1 b - - 4 41"
    );
    assert_eq!(warnings, Vec::<String>::new());

    let (p, warnings) = replay(
        "1.f2-f4 e7-e5 2.f4xe5 d7-d6 3.e5xd6 Bf8xd6 4.g2-g3 Qd8-g5 \
         5.Ng1-f3 Qg5xg3+ 6.h2xg3 Bd6xg3#",
    );
    assert!(p.is_checkmate());
    assert_eq!(
        p.to_fen(EpStyle::Always),
        "rnb1k1nr/ppp2ppp/8/8/8/5Nb1/PPPPP3/RNBQKB1R w KQkq - 0 7"
    );
    assert_eq!(warnings, Vec::<String>::new());
}

#[test]
fn every_legal_move_resolves_from_its_san_lan_and_uci() {
    let fens = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    for fen in fens {
        let start = pos(fen);
        // Two plies deep, so every reply position is covered too.
        let mut positions = vec![start.clone()];
        for m in start.legal_moves().iter() {
            let mut q = start.clone();
            q.play_unchecked(m);
            positions.push(q);
        }
        for p in positions {
            for m in p.legal_moves().iter() {
                for text in [p.san(m), m.to_uci_chess960(), m.to_lan()] {
                    let got = resolve(&p, &written(&text));
                    assert_eq!(got.as_ref().ok(), Some(m), "{text} in {p}: {got:?}");
                }
            }
        }
    }
}

#[test]
fn arbitrary_written_moves_never_panic_and_resolve_only_to_legal_moves() {
    let mut state = 0x0DDB_1A5E_5BAD_5EEDu64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let fens = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let square = |n: u64| Square::from_index_masked((n % 64) as u8);
    let maybe = |n: u64, roles: bool| -> Option<Role> {
        if n % 3 == 0 || !roles {
            None
        } else {
            Some(Role::ALL[(n % 6) as usize])
        }
    };
    let span = Span::new(0, 1);
    for fen in fens {
        let mut p = pos(fen);
        for _ in 0..4_000 {
            let kind = match next() % 4 {
                0 => MoveKind::San(SanMove {
                    role: Role::ALL[(next() % 6) as usize],
                    role_span: None,
                    from_file: (next() % 3 == 0).then(|| File::ALL[(next() % 8) as usize]),
                    from_rank: (next() % 4 == 0).then(|| Rank::ALL[(next() % 8) as usize]),
                    from_span: None,
                    capture: (next() % 2 == 0).then_some(span),
                    to: square(next()),
                    to_span: span,
                    promotion: maybe(next(), next() % 4 == 0),
                    promotion_span: None,
                }),
                1 => {
                    // Often start from one of our own pieces so legal moves come up.
                    let ours: Vec<Square> = p.by_color(p.turn()).collect();
                    let from = if next() % 2 == 0 && !ours.is_empty() {
                        ours[(next() % ours.len() as u64) as usize]
                    } else {
                        square(next())
                    };
                    MoveKind::Lan(LanMove {
                        role: maybe(next(), next() % 2 == 0),
                        role_span: None,
                        from,
                        from_span: span,
                        capture: [None, Some(false), Some(true)][(next() % 3) as usize],
                        separator_span: None,
                        captured: None,
                        captured_span: None,
                        to: square(next()),
                        to_span: span,
                        promotion: maybe(next(), next() % 4 == 0),
                        promotion_span: None,
                    })
                }
                2 => MoveKind::Castle(CastleMove {
                    side: [None, Some(CastleSide::King), Some(CastleSide::Queen)]
                        [(next() % 3) as usize],
                    zeros: false,
                }),
                _ => MoveKind::Null,
            };
            let w = WrittenMove {
                kind,
                suffix: Suffix::default(),
                span,
            };
            match resolve(&p, &w) {
                Ok(m) => {
                    assert!(p.is_legal(&m), "{m:?} from {w:?} in {p}");
                    if !m.is_null() && next() % 3 == 0 {
                        let before = p.clone();
                        p.play_unchecked(&m);
                        let _ = check_suffix(&before, &p, &w, &m);
                        if p.legal_moves().is_empty() {
                            p = pos(fen);
                        }
                    }
                }
                Err(e) => {
                    let _ = e.to_diagnostic();
                }
            }
        }
    }
}

mod round_trips {
    use proptest::prelude::*;

    use super::*;

    const STARTS: [&str; 3] = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Along random games: every FEN reads back as the same position, and every
        /// move's SAN, LAN and UCI resolve back to the move.
        #[test]
        fn random_games_round_trip(start in 0..STARTS.len(), picks in prop::collection::vec(any::<u16>(), 0..120)) {
            let mut p = pos(STARTS[start]);
            for pick in picks {
                let fen = p.to_fen(EpStyle::Always);
                let again = Position::from_fen(&fen).expect("printed fens read back");
                prop_assert_eq!(&again, &p);
                prop_assert_eq!(again.to_fen(EpStyle::Always), fen);
                let legal_style = Position::from_fen(&p.to_fen(EpStyle::Legal)).expect("legal-style fens read back");
                prop_assert_eq!(legal_style.zobrist(), p.zobrist());
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[usize::from(pick) % moves.len()];
                for text in [p.san(&m), m.to_lan(), m.to_uci_chess960()] {
                    prop_assert_eq!(resolve(&p, &written(&text)).ok(), Some(m), "{} in {}", text, p);
                }
                p.play(&m).expect("a legal move plays");
            }
        }
    }
}

#[test]
fn pawn_captures_by_files_are_found_on_the_board() {
    let file_capture =
        |token: &str| scoresheet_notation::lang::read_file_capture(token.as_bytes(), 0).unwrap();
    let one = |fen: &str, token: &str| {
        let p = pos(fen);
        resolve(&p, &file_capture(token)).map(|m| p.san(&m))
    };
    // The one capture from the c-file to the d-file, whatever its rank.
    assert_eq!(
        one("4k3/8/8/3p4/2P5/8/8/4K3 w - - 0 1", "cd:"),
        Ok("cxd5".into())
    );
    // En passant counts.
    assert_eq!(
        one("4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1", "c:d"),
        Ok("cxd6".into())
    );
    // Black's pawns capture downwards.
    assert_eq!(
        one("4k3/8/8/3p4/4P3/8/8/4K3 b - - 0 1", "de"),
        Ok("dxe4".into())
    );
    let p = pos("4k3/8/8/3p4/2P5/3p4/2P5/4K3 w - - 0 1");
    let e = resolve(&p, &file_capture("cd:")).unwrap_err();
    assert_eq!(e.kind(), "ambiguous-move");
    assert_eq!(e.candidates(), ["cxd5 (c4xd5)", "cxd3 (c2xd3)"]);
    let e = resolve(
        &pos("4k3/8/8/3p4/8/2P5/8/4K3 w - - 0 1"),
        &file_capture("cd:"),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "no white pawn on the c-file can capture on the d-file"
    );
}
