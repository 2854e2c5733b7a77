//! docs/DESCRIPTIVE.md §3.5 examples and the §6 checklist, with exact results and messages.

use pretty_assertions::assert_eq;
use scoresheet_notation::desc::{parse_desc_move, read_book};

use super::{DescContext, Origins, replay_book, resolve_desc};
use crate::{Move, Position};

/// The position after SAN `moves` from the start, with the origins followed through.
fn after(moves: &str) -> (Position, Origins) {
    let mut pos = Position::new();
    let mut origins = Origins::from_position(&pos);
    for san in moves.split_whitespace() {
        let m = find(&pos, san);
        origins.play(&m);
        pos.play(&m).unwrap();
    }
    (pos, origins)
}

fn find(pos: &Position, san: &str) -> Move {
    *pos.legal_moves()
        .iter()
        .find(|m| pos.san_plain(m) == san)
        .unwrap_or_else(|| panic!("{san} is not legal in {pos}"))
}

fn fen(fen: &str) -> (Position, Origins) {
    let pos = Position::from_fen(fen).unwrap();
    let origins = Origins::from_position(&pos);
    (pos, origins)
}

/// The SAN read, or the error message; notes as `kind: message`.
fn read_with(
    at: &(Position, Origins),
    text: &str,
    ctx: &DescContext,
) -> (Result<String, String>, Vec<String>) {
    let written = parse_desc_move(text.as_bytes(), 0).unwrap();
    match resolve_desc(&at.0, &at.1, &written, ctx) {
        Ok(r) => (
            Ok(at.0.san(&r.mv)),
            r.notes
                .iter()
                .map(|n| format!("{}: {}", n.kind, n.message))
                .collect(),
        ),
        Err(e) => (Err(e.to_string()), Vec::new()),
    }
}

fn strict(at: &(Position, Origins), text: &str) -> Result<String, String> {
    read_with(at, text, &DescContext::strict()).0
}

fn ok(s: &str) -> Result<String, String> {
    Ok(s.to_owned())
}

fn err(s: &str) -> Result<String, String> {
    Err(s.to_owned())
}

// §4.5

#[test]
fn knight_from_the_start_needs_a_side() {
    let start = after("");
    assert_eq!(strict(&start, "N-KB3"), ok("Nf3"));
    assert_eq!(strict(&start, "KN-B3"), ok("Nf3"));
    assert_eq!(strict(&start, "Kt-KB3"), ok("Nf3"));
    assert_eq!(
        strict(&start, "N-B3"),
        err("`N-B3` is ambiguous: Nc3 (Nb1-c3), Nf3 (Ng1-f3)")
    );
}

#[test]
fn pawn_takes_bishop_names_the_pawn_by_file() {
    let at = after("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6");
    assert_eq!(
        strict(&at, "PxB"),
        err("`PxB` is ambiguous: bxc6 (b7xc6), dxc6 (d7xc6)")
    );
    assert_eq!(strict(&at, "QPxB"), ok("dxc6"));
    assert_eq!(strict(&at, "NPxB"), ok("bxc6"));
    assert_eq!(strict(&at, "KtPxB"), ok("bxc6"));
    assert_eq!(
        strict(&at, "PxB(B3)"),
        err("`PxB(B3)` is ambiguous: bxc6 (b7xc6), dxc6 (d7xc6)")
    );
}

#[test]
fn pawn_takes_pawn_with_one_and_two_victims() {
    assert_eq!(strict(&after("e4 d5"), "PxP"), ok("exd5"));
    let at = fen("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(
        strict(&at, "PxP"),
        err("`PxP` is ambiguous: exd5 (e4xd5), exf5 (e4xf5)")
    );
    assert_eq!(strict(&at, "PxQP"), ok("exd5"));
    assert_eq!(strict(&at, "PxBP"), ok("exf5"));
    assert_eq!(strict(&at, "PxKBP"), ok("exf5"));
    assert_eq!(strict(&at, "PxP(Q5)"), ok("exd5"));
    assert_eq!(strict(&at, "KPxP(B5)"), ok("exf5"));
    assert_eq!(
        strict(&at, "PxQBP"),
        err("no legal move fits `PxQBP`: no white pawn can capture the pawn on the QB file")
    );
}

#[test]
fn two_rooks_on_the_first_rank() {
    let at = fen("6k1/8/8/8/8/8/4K3/R6R w - - 0 1");
    assert_eq!(
        strict(&at, "R-Q1"),
        err("`R-Q1` is ambiguous: Rad1 (Ra1-d1), Rhd1 (Rh1-d1)")
    );
    assert_eq!(
        strict(&at, "R-Q"),
        err("`R-Q` is ambiguous: Rad1 (Ra1-d1), Rhd1 (Rh1-d1)")
    );
    assert_eq!(strict(&at, "QR-Q1"), ok("Rad1"));
    assert_eq!(strict(&at, "KR-Q1"), ok("Rhd1"));
    assert_eq!(strict(&at, "R(QR1)-Q1"), ok("Rad1"));
    assert_eq!(
        strict(&at, "R(R1)-Q1"),
        err("`R(R1)-Q1` is ambiguous: Rad1 (Ra1-d1), Rhd1 (Rh1-d1)")
    );
}

#[test]
fn two_rooks_on_one_file() {
    let at = fen("6k1/8/8/8/8/3R4/4K3/3R4 w - - 0 1");
    assert_eq!(
        strict(&at, "R-Q2"),
        err("`R-Q2` is ambiguous: R1d2 (Rd1-d2), R3d2 (Rd3-d2)")
    );
    assert_eq!(strict(&at, "R(1)-Q2"), ok("R1d2"));
    assert_eq!(strict(&at, "R/1-Q2"), ok("R1d2"));
    assert_eq!(strict(&at, "R(Q1)-Q2"), ok("R1d2"));
    assert_eq!(strict(&at, "R(Q3)-Q2"), ok("R3d2"));
}

#[test]
fn two_queens_need_a_from_square() {
    let at = fen("7Q/8/8/8/8/8/6k1/Q3K3 w - - 0 1");
    assert_eq!(
        strict(&at, "Q-K5"),
        err("`Q-K5` is ambiguous: Qae5 (Qa1-e5), Qhe5 (Qh8-e5)")
    );
    assert_eq!(strict(&at, "Q(R8)-K5"), ok("Qhe5"));
    assert_eq!(strict(&at, "Q/8-K5"), ok("Qhe5"));
    assert_eq!(strict(&at, "Q(QR1)-K5"), ok("Qae5"));
}

// §10

#[test]
fn ranks_count_from_the_mover() {
    assert_eq!(strict(&after(""), "P-K4"), ok("e4"));
    assert_eq!(strict(&after("e4"), "P-K4"), ok("e5"));
    assert_eq!(strict(&after("e4"), "N-KB3"), ok("Nf6"));
    assert_eq!(strict(&after("e4"), "Kt-QB3"), ok("Nc6"));
}

#[test]
fn short_file_names_are_two_valued() {
    // The QB is blocked by the QP: B-N5 can only be Bb5.
    assert_eq!(strict(&after("e4 e5 Nf3 Nc6"), "B-N5"), ok("Bb5"));
    // Both bishops reach "their" N5; only the check marker would tell them apart.
    let off = DescContext {
        check_marker: false,
        ..DescContext::strict()
    };
    assert_eq!(
        read_with(&after("e4 d6 d4 Nf6"), "B-Kt5", &off).0,
        err("`B-N5` is ambiguous: Bg5 (Bc1-g5), Bb5+ (Bf1-b5)")
    );
    assert_eq!(
        strict(&after(""), "P-B4"),
        err("`P-B4` is ambiguous: c4 (c2-c4), f4 (f2-f4)")
    );
    assert_eq!(strict(&after(""), "P-QB4"), ok("c4"));
    assert_eq!(strict(&after(""), "QBP-B4"), ok("c4"));
    // A pinned knight does not make N-B3 ambiguous.
    let at = fen("4k3/8/8/b7/8/8/3N4/4K1N1 w - - 0 1");
    assert_eq!(strict(&at, "N-B3"), ok("Nf3"));
    assert_eq!(strict(&at, "N-KB3"), ok("Nf3"));
}

#[test]
fn check_marker_settles_ambiguous_moves() {
    // Capablanca's `B - Kt 5` = Bg5, not Bb5+ (the bishop on b5 would check).
    let at = after("e4 d6 d4 Nf6");
    let (got, notes) = read_with(&at, "B-Kt5", &DescContext::strict());
    assert_eq!(got, ok("Bg5"));
    assert_eq!(
        notes,
        vec![
            "tie-break-check-marker: `B-N5` also fits Bb5+; read as Bg5 because it is printed without a check mark"
        ]
    );
    let (got, notes) = read_with(&at, "B-Kt5 ch", &DescContext::strict());
    assert_eq!(got, ok("Bb5+"));
    assert_eq!(
        notes,
        vec![
            "tie-break-check-marker: `B-N5 ch` also fits Bg5; read as Bb5+ because it is printed with a check mark"
        ]
    );
    let rook = fen("5k2/8/8/R7/8/8/8/4K3 w - - 0 1");
    assert_eq!(strict(&rook, "R-B5 ch"), ok("Rf5+"));
    assert_eq!(strict(&rook, "R-B5"), ok("Rc5"));
    // With the filter off (as the writer uses it), the short form stays ambiguous.
    let off = DescContext {
        check_marker: false,
        ..DescContext::strict()
    };
    assert_eq!(
        read_with(&rook, "R-B5", &off).0,
        err("`R-B5` is ambiguous: Rc5 (Ra5-c5), Rf5+ (Ra5-f5)")
    );
}

#[test]
fn recapture_is_lenient_only() {
    let at = fen("4k3/8/8/1p6/2P3p1/8/4B3/4K3 b - - 0 1");
    let bxc4 = find(&at.0, "bxc4");
    let mut next = at.clone();
    next.1.play(&bxc4);
    next.0.play(&bxc4).unwrap();
    let (got, _) = read_with(&next, "BxP", &DescContext::strict().after(Some(bxc4)));
    assert_eq!(
        got,
        err(
            "`BxP` is ambiguous: Bxc4 (Be2xc4), Bxg4 (Be2xg4) (a lenient reading takes the recapture Bxc4)"
        )
    );
    let (got, notes) = read_with(&next, "BxP", &DescContext::lenient().after(Some(bxc4)));
    assert_eq!(got, ok("Bxc4"));
    assert_eq!(
        notes,
        vec!["tie-break-recapture: `BxP` also fits Bxg4; read as the recapture Bxc4"]
    );
    // A capture square settles it in both modes.
    assert_eq!(
        read_with(&next, "BxP(KN4)", &DescContext::strict()).0,
        ok("Bxg4")
    );
}

#[test]
fn en_passant_with_and_without_the_mark() {
    let at = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(strict(&at, "PxP"), ok("exd6"));
    assert_eq!(strict(&at, "PxP e.p."), ok("exd6"));
    assert_eq!(strict(&at, "PxQP"), ok("exd6"));
    let two = fen("4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(
        strict(&two, "PxP"),
        err("`PxP` is ambiguous: exd6 (e5xd6), exf6 (e5xf6)")
    );
    assert_eq!(strict(&two, "PxP e.p."), ok("exd6"));
    let none = fen("4k3/8/5p2/4P3/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        strict(&none, "PxP e.p."),
        err("no legal move fits `PxP e.p.`: no white pawn can capture a pawn en passant")
    );
}

#[test]
fn captured_pieces_are_named() {
    let at = after("e4 e5 Nf3 Nc6 Bb5 Nf6 Bxc6");
    assert_eq!(strict(&at, "QPxB"), ok("dxc6"));
    let at = fen("4k3/8/2n5/8/4B3/8/8/4K3 w - - 0 1");
    assert_eq!(strict(&at, "BxN"), ok("Bxc6+"));
    assert_eq!(
        strict(&at, "BxB"),
        err("no legal move fits `BxB`: no white bishop can capture a bishop")
    );
    // Rooks named by origin.
    let at = fen("r3k2r/8/8/8/8/8/8/4K2Q w - - 0 1");
    assert_eq!(
        strict(&at, "QxR ch"),
        err("`QxR ch` is ambiguous: Qxa8+ (Qh1xa8), Qxh8+ (Qh1xh8)")
    );
    assert_eq!(strict(&at, "QxKR ch"), ok("Qxh8+"));
    assert_eq!(strict(&at, "QxQR ch"), ok("Qxa8+"));
    // `Q. takes doubled P.`: the pawn with another of its colour on its file.
    let doubled = fen("7k/8/8/2p5/2p1p3/3Q4/8/4K3 w - - 0 1");
    assert_eq!(
        strict(&doubled, "QxP"),
        err("`QxP` is ambiguous: Qxc4 (Qd3xc4), Qxe4 (Qd3xe4)")
    );
    let (pos, origins) = &doubled;
    let m = parse_desc_move(b"Q. takes doubled P.", 0).unwrap();
    let r = resolve_desc(pos, origins, &m, &DescContext::strict()).unwrap();
    assert_eq!(pos.san(&r.mv), "Qxc4");
}

#[test]
fn from_qualifiers() {
    let at = fen("6k1/8/8/R6R/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        strict(&at, "R-Q5"),
        err("`R-Q5` is ambiguous: Rad5 (Ra5-d5), Rhd5 (Rh5-d5)")
    );
    assert_eq!(strict(&at, "R(QR5)-Q5"), ok("Rad5"));
    assert_eq!(
        strict(&at, "R(R5)-Q5"),
        err("`R(R5)-Q5` is ambiguous: Rad5 (Ra5-d5), Rhd5 (Rh5-d5)")
    );
    assert_eq!(strict(&at, "R(KR)-Q5"), ok("Rhd5"));
    let knights = fen("4k3/8/8/8/8/2N2N2/8/4K3 w - - 0 1");
    // Knights on c3 and f3 never share a destination: `N(B3)` is always enough.
    assert_eq!(strict(&knights, "N(B3)-Q1"), ok("Nd1"));
    assert_eq!(strict(&knights, "N(B3)-Q2"), ok("Nd2"));
    assert_eq!(strict(&knights, "N(QB3)-Q1"), ok("Nd1"));
    assert_eq!(strict(&knights, "N(QB)-Q1"), ok("Nd1"));
    assert_eq!(
        strict(&knights, "N/5-K4"),
        err("no legal move fits `N(5)-K4`: no white knight on rank 5 can move")
    );
    assert_eq!(
        strict(&knights, "N(KB)-Q5"),
        err("no legal move fits `N(KB)-Q5`: no white knight on the KB file can move to Q5 (d5)")
    );
    assert_eq!(
        strict(&knights, "Kt (B 3) x Q"),
        err("no legal move fits `N(B3)xQ`: no white knight on B3 (c3, f3) can capture a queen")
    );
    let long = fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1");
    assert_eq!(strict(&long, "R. (B. sq.) to B's 2d."), ok("Rf2"));
}

#[test]
fn origin_first_then_wing_and_their_conflict() {
    // The KN went to d4, the QN to g3 (BB81's situation): `KN-K2`.
    let at = after("e4 a6 Nf3 a5 Nd4 h6 Nc3 h5 Nce2 Rh6 Ng3 Rg6");
    let (got, notes) = read_with(&at, "KN-K2", &DescContext::strict());
    assert_eq!(got, ok("Nde2"));
    assert_eq!(
        notes,
        vec!["origin-wing-conflict: `KN-K2` names Nde2 by origin and Nge2 by wing: origin taken"]
    );
    assert_eq!(strict(&at, "QN-K2"), ok("Nge2"));
    // From a FEN, knights off their home squares have no origin: the wing is read.
    let at = fen("4k3/8/8/8/3N4/6N1/8/4K3 w - - 0 1");
    let (got, notes) = read_with(&at, "KN-K2", &DescContext::strict());
    assert_eq!(got, ok("Nge2"));
    assert_eq!(
        notes,
        vec![
            "wing-reading: no piece of that origin is on the board: the prefix of `KN-K2` is read as the wing the piece stands on"
        ]
    );
}

#[test]
fn promoted_pieces_have_no_origin() {
    let mut origins = Origins::from_position(&Position::new());
    let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let m = *pos
        .legal_moves()
        .iter()
        .find(|m| m.to_uci() == "b7b8n")
        .unwrap();
    origins.play(&m);
    assert_eq!(origins.wing_at("b8".parse().unwrap()), None);
}

#[test]
fn castling_spellings() {
    let both = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(
        strict(&both, "Castles"),
        err("`Castles` is ambiguous: O-O (O-O), O-O-O (O-O-O) (a lenient reading takes O-O)")
    );
    let (got, notes) = read_with(&both, "Castles", &DescContext::lenient());
    assert_eq!(got, ok("O-O"));
    assert_eq!(
        notes,
        vec![
            "castles-both-legal: `Castles` names no side and both castlings are legal: read as O-O"
        ]
    );
    assert_eq!(strict(&both, "Castles KR"), ok("O-O"));
    assert_eq!(strict(&both, "Castles (Q's side)"), ok("O-O-O"));
    assert_eq!(strict(&both, "O-O-O"), ok("O-O-O"));
    let one = fen("r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1");
    assert_eq!(strict(&one, "Castles"), ok("O-O-O"));
    assert_eq!(
        strict(&one, "O-O"),
        err("no legal move fits `O-O`: white cannot castle king side")
    );
}

#[test]
fn promotion_spellings() {
    let at = fen("8/3P3k/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(strict(&at, "P-Q8(Q)"), ok("d8=Q"));
    assert_eq!(strict(&at, "P-Q8=Q"), ok("d8=Q"));
    assert_eq!(strict(&at, "P-Q8/R"), ok("d8=R"));
    assert_eq!(strict(&at, "P-Q8(N)"), ok("d8=N"));
    assert_eq!(
        strict(&at, "P-Q8"),
        err(
            "`P-Q8` is ambiguous: d8=B (d7-d8=B), d8=N (d7-d8=N), d8=Q (d7-d8=Q), d8=R (d7-d8=R) (a lenient reading takes d8=Q)"
        )
    );
    let (got, notes) = read_with(&at, "P-Q8", &DescContext::lenient());
    assert_eq!(got, ok("d8=Q"));
    assert_eq!(
        notes,
        vec!["promotion-assumed-queen: `P-Q8` names no promotion piece: read as a queen"]
    );
    // `PxR(Q)`: after a pawn capture, `(Q)` is the promotion, not a capture square.
    let cap = fen("2r4k/3P4/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(strict(&cap, "PxR(Q)ch"), ok("dxc8=Q+"));
    assert_eq!(strict(&cap, "P-Q8(N)"), ok("d8=N"));
    assert_eq!(strict(&cap, "P-Q8(N)ch"), ok("d8=N"));
    assert_eq!(
        strict(&at, "PxR(Q)"),
        err("no legal move fits `PxR=Q`: no white pawn can capture a rook")
    );
}

#[test]
fn vague_moves_are_effect_filters() {
    let at = fen("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
    let (got, notes) = read_with(&at, "R. mates.", &DescContext::strict());
    assert_eq!(got, ok("Ra8#"));
    assert_eq!(
        notes,
        vec!["vague-move: `R mates` names the move by its effect (mates): Ra8#"]
    );
    let two_checks = fen("7k/8/8/8/8/8/8/4K1Q1 w - - 0 1");
    assert_eq!(
        strict(&two_checks, "Q. checks."),
        err(
            "`Q checks` is ambiguous: Qd4+ (Qg1-d4), Qg7+ (Qg1-g7), Qg8+ (Qg1-g8), Qh1+ (Qg1-h1), Qh2+ (Qg1-h2)"
        )
    );
    let promotes = fen("7k/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let (got, notes) = read_with(&promotes, "P. Queens.", &DescContext::strict());
    assert_eq!(got, ok("b8=Q+"));
    assert_eq!(
        notes,
        vec!["vague-move: `P Queens` names the move by its effect (Queens): b8=Q+"]
    );
}

#[test]
fn no_legal_reading_says_which_constraint_failed() {
    let at = after("Nc3 e5");
    assert_eq!(
        strict(&at, "N-QB3"),
        err("no legal move fits `N-QB3`: no white knight can move to QB3 (c3)")
    );
    assert_eq!(
        strict(&after(""), "QxP"),
        err("no legal move fits `QxP`: white has no legal queen move")
    );
    assert_eq!(
        strict(&after("e4 e5"), "Q-QR4"),
        err("no legal move fits `Q-QR4`: no white queen can move to QR4 (a4)")
    );
    assert_eq!(
        strict(&after(""), "KRP-R5"),
        err("no legal move fits `KRP-R5`: no white pawn on the KR file can move to R5 (a5, h5)")
    );
}

#[test]
fn replay_reports_the_first_unresolvable_ply() {
    let text = b"1. P-K4 P-K4\n2. N-B3 N-QB3\n";
    let book = read_book(text);
    let replay = replay_book(&book, None, true);
    assert_eq!(replay.san_movetext(), "1. e4 e5");
    let (index, d) = replay.error.clone().unwrap();
    assert_eq!(index, 2);
    assert_eq!(d.kind, "ambiguous-move");
    assert_eq!(d.ply, Some(3));
    assert_eq!(
        d.message,
        "`N-B3` is ambiguous: Nc3 (Nb1-c3), Nf3 (Ng1-f3) \
         (position rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2)"
    );
    assert_eq!(d.candidates, vec!["Nc3 (Nb1-c3)", "Nf3 (Ng1-f3)"]);
}

#[test]
fn lookahead_keeps_the_reading_the_rest_of_the_game_needs() {
    // `B-R4` could be Ba4 or Bh4 (bishops on b5 and g5); only after Ba4 can Black play
    // `P-QN4` (b5 must be empty) and White `B-QN3`.
    let text = b"1. P-K4 P-K4\n2. N-KB3 N-QB3\n3. B-N5 P-QR3\n4. P-Q3 P-Q3\n5. B-N5 P-KR3\n6. B-R4 P-QN4\n7. B-QN3 N-B3\n";
    let book = read_book(text);
    let strict_replay = replay_book(&book, None, true);
    assert_eq!(
        strict_replay
            .error
            .as_ref()
            .map(|(i, d)| (*i, d.kind.name())),
        Some((10, "ambiguous-move"))
    );
    let replay = replay_book(&book, None, false);
    assert!(replay.error.is_none(), "{:?}", replay.error);
    assert_eq!(
        replay.san_movetext(),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. d3 d6 5. Bg5 h6 6. Ba4 b5 7. Bb3 Nf6"
    );
    let kinds: Vec<(Option<u32>, &str)> = replay
        .diagnostics
        .iter()
        .map(|d| (d.ply, d.kind.name()))
        .collect();
    assert_eq!(kinds, vec![(Some(11), "tie-break-lookahead")]);
}

#[test]
fn hostile_games_stay_bounded() {
    // Every ply ambiguous, many of them: the lookahead budget caps the work.
    let mut text = String::new();
    for _ in 0..200 {
        text.push_str("1. N-B3 N-B3\n2. N-N1 N-N1\n");
    }
    let book = read_book(text.as_bytes());
    let started = std::time::Instant::now();
    let replay = replay_book(&book, None, false);
    assert!(replay.error.is_some());
    assert!(started.elapsed().as_secs() < 20);
}

#[test]
fn more_captured_piece_names() {
    let bishop = fen("4k3/8/8/8/8/1p3p2/8/3BK3 w - - 0 1");
    assert_eq!(
        strict(&bishop, "BxP"),
        err("`BxP` is ambiguous: Bxb3 (Bd1xb3), Bxf3 (Bd1xf3)")
    );
    assert_eq!(strict(&bishop, "BxKtP"), ok("Bxb3"));
    assert_eq!(strict(&bishop, "BxNP"), ok("Bxb3"));
    assert_eq!(strict(&bishop, "BxBP"), ok("Bxf3"));
    let king = fen("4k3/8/8/8/8/8/3p1p2/4K3 w - - 0 1");
    assert_eq!(strict(&king, "KxBP"), ok("Kxf2"));
    assert_eq!(strict(&king, "KxQP"), ok("Kxd2"));
    let queen = fen("4k3/8/8/3p3p/8/8/8/3QK3 w - - 0 1");
    assert_eq!(strict(&queen, "QxQP"), ok("Qxd5"));
    assert_eq!(strict(&queen, "QxRP ch"), ok("Qxh5+"));
    // Printed without `ch`, the only fitting move still stands, with a note.
    let (got, notes) = read_with(&queen, "QxRP", &DescContext::strict());
    assert_eq!(got, ok("Qxh5+"));
    assert_eq!(
        notes,
        vec!["check-mark-mismatch: `QxRP` is Qxh5+ but the check mark says otherwise"]
    );
}

#[test]
fn more_from_qualifiers_and_rank_one() {
    let rooks = fen("4k3/8/R7/8/8/8/8/4K1R1 w - - 0 1");
    assert_eq!(
        strict(&rooks, "R-N6"),
        err("`R-N6` is ambiguous: Rb6 (Ra6-b6), Rag6 (Ra6-g6), Rgg6 (Rg1-g6)")
    );
    assert_eq!(strict(&rooks, "R(Kt)-Kt6"), ok("Rgg6"));
    assert_eq!(
        strict(&rooks, "R(QR3)-QN3"),
        err("no legal move fits `R(QR3)-QN3`: no white rook on QR3 (a3) can move")
    );
    assert_eq!(strict(&rooks, "R(QR6)-QN6"), ok("Rb6"));
    assert_eq!(strict(&rooks, "R(R6)-KN6"), ok("Rag6"));
    let king = fen("4k3/8/8/8/8/8/8/6K1 w - - 0 1");
    assert_eq!(strict(&king, "K-R"), ok("Kh1"));
    assert_eq!(strict(&king, "K-R1"), ok("Kh1"));
    assert_eq!(strict(&king, "K. to R's sq."), ok("Kh1"));
    let home = fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(strict(&home, "QR-N"), ok("Rb1"));
    assert_eq!(strict(&home, "KR-N"), ok("Rg1"));
}

#[test]
fn check_words_of_every_kind() {
    let at = fen("4k3/8/8/8/4B3/8/8/4RK2 w - - 0 1");
    assert_eq!(strict(&at, "B-B6 dbl ch"), ok("Bc6+"));
    assert_eq!(strict(&at, "B-B6dblch"), ok("Bc6+"));
    assert_eq!(strict(&at, "B-B6++"), ok("Bc6+"));
    assert_eq!(strict(&at, "B-Q5 dis ch"), ok("Bd5+"));
    assert_eq!(strict(&at, "B-Q5 dis.ch."), ok("Bd5+"));
    let promote = fen("k7/7P/1K6/8/8/8/8/8 w - - 0 1");
    assert_eq!(strict(&promote, "P-R8(Q)mate"), ok("h8=Q#"));
    assert_eq!(strict(&promote, "P-R8=Q mate !"), ok("h8=Q#"));
    assert_eq!(strict(&promote, "P-R8(R) mate"), ok("h8=R#"));
}

#[test]
fn discovered_and_double_check_words_are_checked() {
    // Rook e1 behind the bishop on e4, king e8: a bishop move discovers check.
    let at = fen("4k3/8/8/8/4B3/8/8/4RK2 w - - 0 1");
    let (got, notes) = read_with(&at, "B-Q5 dis ch", &DescContext::strict());
    assert_eq!((got, notes), (ok("Bd5+"), Vec::<String>::new()));
    // Bc6 checks twice: a double check, and a discovered one too.
    let (got, notes) = read_with(&at, "B-QB6 dis. ch.", &DescContext::strict());
    assert_eq!((got, notes), (ok("Bc6+"), Vec::<String>::new()));
    // The rook's own check is no discovered one, and one checker is no double check.
    let at = fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let (got, notes) = read_with(&at, "R-R8 dis ch", &DescContext::strict());
    assert_eq!(
        (got, notes),
        (
            ok("Ra8+"),
            vec![
                "check-mark-mismatch: `R-R8 dis ch` is Ra8+ but the check mark says otherwise"
                    .to_owned()
            ]
        )
    );
    let (_, notes) = read_with(&at, "R-R8 dbl. ch.", &DescContext::strict());
    assert_eq!(
        notes,
        vec!["check-mark-mismatch: `R-R8 dbl ch` is Ra8+ but the check mark says otherwise"]
    );
    // The kind of check settles a choice: both knights check from d6, only the one that
    // leaves the e-file discovers the rook's check too.
    let at = fen("4k3/8/8/1N6/4N3/8/8/4RK2 w - - 0 1");
    assert_eq!(
        strict(&at, "Kt-Q6 ch"),
        err("`N-Q6 ch` is ambiguous: Nbd6+ (Nb5-d6), Ned6+ (Ne4-d6)")
    );
    assert_eq!(strict(&at, "Kt-Q6 dbl. ch."), ok("Ned6+"));
    assert_eq!(strict(&at, "Kt-Q6 disc. ch."), ok("Ned6+"));
    assert_eq!(strict(&at, "Kt-Q6 double check"), ok("Ned6+"));
}

#[test]
fn captures_named_by_the_square() {
    // Legal's mate: `Q takes K B 7` is Qxf7#, whatever stands on f7.
    let at = after("e4 e5 Bc4 Bc5 Qh5 Nf6");
    assert_eq!(strict(&at, "Q takes K B 7 mate"), ok("Qxf7#"));
    assert_eq!(strict(&at, "QxK5 ch"), ok("Qxe5+"));
    // Black counts ranks from his side: his K5 is e4.
    let black = after("e4 e5 Nf3 Nf6 Nxe5");
    assert_eq!(strict(&black, "KtxK5"), ok("Nxe4"));
    // A square with nothing to take, and one two pieces can take on.
    assert_eq!(
        strict(&at, "QxB5"),
        err("no legal move fits `QxB5`: no white queen can capture on B5 (c5, f5)")
    );
    let two = fen("4k3/8/8/3p4/8/2N1N3/8/4K3 w - - 0 1");
    assert_eq!(
        strict(&two, "KtxQ5"),
        err("`NxQ5` is ambiguous: Ncxd5 (Nc3xd5), Nexd5 (Ne3xd5)")
    );
    assert_eq!(strict(&two, "Kt(B3)xQ5"), ok("Ncxd5"));
}

#[test]
fn wing_fallback_when_the_named_piece_cannot_move() {
    // The QN went b1-d2-f3; the KN is still on g1 and cannot reach e5. Read by wing, the
    // K-side knight that can is the QN: a repair, lenient only.
    let at = after("d4 a6 Nd2 a5 Ndf3 h6");
    let (got, notes) = read_with(&at, "KN-K5", &DescContext::lenient());
    assert_eq!(got, ok("Ne5"));
    assert_eq!(
        notes,
        vec!["origin-wing-fallback: no piece of that origin can play `KN-K5`: read by wing as Ne5"]
    );
    assert_eq!(
        strict(&at, "KN-K5"),
        err(
            "no legal move fits `KN-K5`: no white king's knight can move to K5 (e5) (read by wing: Ne5, lenient only)"
        )
    );
    assert_eq!(strict(&at, "QN-K5"), ok("Ne5"));
}

#[test]
fn origins_follow_castling() {
    let (pos, origins) = after("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6");
    assert_eq!(
        origins.wing_at("f1".parse().unwrap()),
        Some(scoresheet_notation::desc::Wing::King)
    );
    assert_eq!(origins.wing_at("h1".parse().unwrap()), None);
    assert_eq!(strict(&(pos, origins), "KR-K1"), ok("Re1"));
}

#[test]
fn a_start_position_with_the_other_side_to_move_is_reported() {
    let book = read_book(b"1. P-K4 P-K4\n");
    let start =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    let replay = replay_book(&book, Some(start), true);
    let kinds: Vec<(Option<u32>, &str)> = replay
        .diagnostics
        .iter()
        .map(|d| (d.ply, d.kind.name()))
        .collect();
    assert_eq!(kinds[0], (Some(1), "side-to-move"));
    assert_eq!(
        replay.diagnostics[0].message,
        "the table starts with a white move but black is to move in the start position: plies are taken in turn from black"
    );
    assert_eq!(replay.san_movetext(), "1... e5");
}

/// The suggestions for a printed move with no legal reading after `moves`: their SAN.
#[track_caller]
fn check_suggestions(moves: &str, printed: &str, expected: &[&str]) {
    let (pos, origins) = after(moves);
    let got: Vec<String> = super::suggest(&pos, &origins, printed, &DescContext::lenient())
        .into_iter()
        .map(|s| s.shown.split(' ').next().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(got, expected, "{printed}");
}

#[test]
fn misprints_suggest_the_closest_legal_moves() {
    let ruy = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O";
    // A dropped capture mark (Lasker, Chess Strategy, game 14: `Kt-P`).
    check_suggestions(ruy, "Kt-P", &["Nxe4", "Na5", "Na7"]);
    // `I` for `1`, `S` for `5`, `Kl` for `Kt`, a dropped rank.
    check_suggestions("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6", "R-KI", &["Re1"]);
    check_suggestions("e4 e5 Nf3 Nc6", "B-KtS", &["Bb5"]);
    check_suggestions("e4 e5", "Kl-KB3", &["Nf3"]);
    check_suggestions("e4", "P-QB", &["c5", "c6", "d5"]);
    // A rank counted from the wrong side.
    check_suggestions("d4", "P-Q5", &["d5", "d6"]);
    // Nothing close: no suggestion is better than nothing.
    check_suggestions("e4", "Q-QR8", &[]);
    // Hostile input gets nothing, quickly.
    check_suggestions("e4", &"Kt-".repeat(100), &[]);
}
