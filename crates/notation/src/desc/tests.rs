use pretty_assertions::assert_eq;
use proptest::prelude::*;

use super::*;
use crate::ast::{Annotation, CastleMove, CastleSide, CheckMark, MoveKind, WrittenMove};
use crate::types::Role;
use crate::{Kind, Severity};

const Z: Span = Span::new(0, 0);

fn file(wing: Option<Wing>, name: FileName) -> DescFile {
    DescFile { wing, name }
}
fn kf(name: FileName) -> Option<DescFile> {
    Some(file(Some(Wing::King), name))
}
fn qf(name: FileName) -> Option<DescFile> {
    Some(file(Some(Wing::Queen), name))
}
fn nf(name: FileName) -> Option<DescFile> {
    Some(file(None, name))
}
fn sq(file: Option<DescFile>, rank: Option<u8>) -> SquareSpec {
    SquareSpec {
        file,
        rank,
        span: Z,
    }
}
fn piece(role: Role) -> DescPiece {
    DescPiece {
        role,
        wing: None,
        pawn_file: None,
        span: Z,
    }
}
fn winged(role: Role, wing: Wing) -> DescPiece {
    DescPiece {
        wing: Some(wing),
        ..piece(role)
    }
}
fn pawn(f: Option<DescFile>) -> DescPiece {
    DescPiece {
        pawn_file: f,
        ..piece(Role::Pawn)
    }
}
fn mv(piece: DescPiece, to: SquareSpec) -> DescMove {
    DescMove {
        piece,
        from: None,
        action: DescAction::Move { to },
        promotion: None,
        promotion_span: None,
        en_passant: false,
        missing_dash: false,
        span: Z,
    }
}
fn cap(piece: DescPiece, victim: DescPiece) -> DescMove {
    DescMove {
        action: DescAction::Capture {
            victim,
            doubled: false,
            at: None,
        },
        ..mv(piece, sq(None, None))
    }
}

fn strip_spec(s: &mut SquareSpec) {
    s.span = Z;
}
fn strip_desc(d: &mut DescMove) {
    d.span = Z;
    d.piece.span = Z;
    if d.promotion_span.is_some() {
        d.promotion_span = Some(Z);
    }
    if let Some(f) = &mut d.from {
        strip_spec(f);
    }
    match &mut d.action {
        DescAction::Move { to } => strip_spec(to),
        DescAction::Capture { victim, at, .. } => {
            victim.span = Z;
            if let Some(a) = at {
                strip_spec(a);
            }
        }
        DescAction::CaptureOn { square } => strip_spec(square),
        DescAction::Vague(_) => {}
    }
}

/// Parses `text` and returns the move with spans zeroed, and the check mark and annotation.
fn read(text: &str) -> (DescMove, Option<CheckMark>, Option<Annotation>) {
    let w = match parse_desc_move(text.as_bytes(), 0) {
        Ok(w) => w,
        Err(e) => panic!("{text:?}: {e}"),
    };
    let MoveKind::Descriptive(mut d) = w.kind else {
        panic!("{text:?} is not a descriptive move: {:?}", w.kind)
    };
    strip_desc(&mut d);
    (
        *d,
        w.suffix.check.map(|c| c.0),
        w.suffix.annotation.map(|a| a.0),
    )
}

fn castle(text: &str) -> (CastleMove, Option<CheckMark>) {
    let w = parse_desc_move(text.as_bytes(), 0).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let MoveKind::Castle(c) = w.kind else {
        panic!("{text:?} is not castling")
    };
    (c, w.suffix.check.map(|c| c.0))
}

fn same(texts: &[&str], expected: &DescMove, check: Option<CheckMark>) {
    for t in texts {
        let (d, c, _) = read(t);
        assert_eq!((&d, c), (expected, check), "{t:?}");
    }
}

use FileName::{Bishop, King, Knight, Queen, Rook};
use Role as R;

#[test]
fn simple_moves_in_every_style() {
    same(
        &[
            "P-K4",
            "P - K 4",
            "P. to K's 4th.",
            "P–K4",
            "P—K4",
            "P. to K’s 4th.",
        ],
        &mv(piece(R::Pawn), sq(nf(King), Some(4))),
        None,
    );
    same(
        &[
            "N-KB3",
            "Kt-KB3",
            "Kt - K B 3",
            "Kt. to K. B's 3d.",
            "KT-KB3",
        ],
        &mv(piece(R::Knight), sq(kf(Bishop), Some(3))),
        None,
    );
    same(
        &["Kt-QB3", "N-QB3", "Kt. to Q. B's 3d."],
        &mv(piece(R::Knight), sq(qf(Bishop), Some(3))),
        None,
    );
    same(
        &["KN-B3", "K. Kt. to B's 3d.", "KKt-B3"],
        &mv(winged(R::Knight, Wing::King), sq(nf(Bishop), Some(3))),
        None,
    );
    same(
        &["K. Kt. to K. B's 3d."],
        &mv(winged(R::Knight, Wing::King), sq(kf(Bishop), Some(3))),
        None,
    );
    same(
        &[
            "K R - K 1",
            "KR-K1",
            "K. R. to K's sq.",
            "K. R. to K's square",
        ],
        &mv(winged(R::Rook, Wing::King), sq(nf(King), Some(1))),
        None,
    );
    same(
        &["QR-Q1"],
        &mv(winged(R::Rook, Wing::Queen), sq(nf(Queen), Some(1))),
        None,
    );
}

#[test]
fn rank_one_omitted_is_kept_as_omitted() {
    same(
        &["R-Q", "R - Q"],
        &mv(piece(R::Rook), sq(nf(Queen), None)),
        None,
    );
    same(&["K-R"], &mv(piece(R::King), sq(nf(Rook), None)), None);
    same(
        &["QR-N", "QR-Kt"],
        &mv(winged(R::Rook, Wing::Queen), sq(nf(Knight), None)),
        None,
    );
    same(
        &["Q. R. to Q."],
        &mv(winged(R::Rook, Wing::Queen), sq(nf(Queen), None)),
        None,
    );
}

#[test]
fn his_and_her_name_the_movers_side() {
    same(
        &["Q. to her 2d."],
        &mv(piece(R::Queen), sq(nf(Queen), Some(2))),
        None,
    );
    same(
        &["K. R. to his 2d."],
        &mv(winged(R::Rook, Wing::King), sq(kf(Rook), Some(2))),
        None,
    );
    same(
        &["K. to his B's sq."],
        &mv(piece(R::King), sq(kf(Bishop), Some(1))),
        None,
    );
    same(
        &["Q. to her Kt's 3d."],
        &mv(piece(R::Queen), sq(qf(Knight), Some(3))),
        None,
    );
    same(
        &["K. Kt. to his sq."],
        &mv(winged(R::Knight, Wing::King), sq(kf(Knight), Some(1))),
        None,
    );
}

#[test]
fn captures() {
    same(
        &["PxP", "P x P", "P. takes P.", "P×P", "PXP"],
        &cap(piece(R::Pawn), piece(R::Pawn)),
        None,
    );
    same(
        &["QxQch", "Q x Q ch", "Q. takes Q. (ch.)", "QxQ+"],
        &cap(piece(R::Queen), piece(R::Queen)),
        Some(CheckMark::Check),
    );
    same(
        &["KtxKtP", "NxNP", "Kt x Kt P", "Kt. takes Kt. P."],
        &cap(piece(R::Knight), pawn(nf(Knight))),
        None,
    );
    same(&["QxKtP"], &cap(piece(R::Queen), pawn(nf(Knight))), None);
    same(
        &["K. R. takes K. R. P. (ch.)"],
        &cap(winged(R::Rook, Wing::King), pawn(kf(Rook))),
        Some(CheckMark::Check),
    );
    same(
        &["Q. takes K. R. P."],
        &cap(piece(R::Queen), pawn(kf(Rook))),
        None,
    );
    same(&["QBPxP"], &cap(pawn(qf(Bishop)), piece(R::Pawn)), None);
    same(
        &["KPxP", "K. P. takes P."],
        &cap(pawn(nf(King)), piece(R::Pawn)),
        None,
    );
    same(
        &["BxN", "B x Kt"],
        &cap(piece(R::Bishop), piece(R::Knight)),
        None,
    );
    same(
        &["RxQR"],
        &cap(piece(R::Rook), winged(R::Rook, Wing::Queen)),
        None,
    );
    same(
        &["BxNmate", "B x Kt mate", "BxN#"],
        &cap(piece(R::Bishop), piece(R::Knight)),
        Some(CheckMark::Mate),
    );
    let mut doubled = cap(piece(R::Queen), piece(R::Pawn));
    if let DescAction::Capture { doubled: d, .. } = &mut doubled.action {
        *d = true;
    }
    same(
        &["Q. takes doubled P.", "QxdoubledP", "Q x doubled P"],
        &doubled,
        None,
    );
}

#[test]
fn capture_squares() {
    let mut m = cap(piece(R::Knight), piece(R::Pawn));
    m.action = DescAction::Capture {
        victim: piece(R::Pawn),
        doubled: false,
        at: Some(sq(nf(Bishop), Some(3))),
    };
    same(&["Kt x P (B 3)", "NxP(B3)", "NxP/B3"], &m, None);
    let mut b = cap(piece(R::Bishop), piece(R::Knight));
    b.action = DescAction::Capture {
        victim: piece(R::Knight),
        doubled: false,
        at: Some(sq(qf(Bishop), Some(6))),
    };
    same(&["BxN/QB6", "BxN(QB6)"], &b, None);
}

#[test]
fn captures_named_by_the_square() {
    let on = |piece: DescPiece, square: SquareSpec| DescMove {
        action: DescAction::CaptureOn { square },
        ..cap(piece, piece)
    };
    same(
        &["QxK5", "Q x K 5", "Q. takes K. 5th.", "Q takes K5"],
        &on(piece(R::Queen), sq(nf(King), Some(5))),
        None,
    );
    same(
        &["Q takes K8 ch", "QxK8ch", "Q. takes K. 8th. (ch.)"],
        &on(piece(R::Queen), sq(nf(King), Some(8))),
        Some(CheckMark::Check),
    );
    same(
        &["R takes Q B 7", "RxQB7", "R. takes Q. B's 7th."],
        &on(piece(R::Rook), sq(qf(Bishop), Some(7))),
        None,
    );
    same(
        &["Q takes K B 7 mate", "Q. takes K. B. 7th, mate."],
        &on(piece(R::Queen), sq(kf(Bishop), Some(7))),
        Some(CheckMark::Mate),
    );
    // A piece or pawn after the sign is still the captured unit.
    same(
        &["QxKB", "Q takes K B"],
        &cap(piece(R::Queen), winged(R::Bishop, Wing::King)),
        None,
    );
    same(&["QxQBP"], &cap(piece(R::Queen), pawn(qf(Bishop))), None);
}

#[test]
fn from_qualifiers() {
    let with_from = |from: SquareSpec| DescMove {
        from: Some(from),
        ..mv(piece(R::Rook), sq(nf(Queen), Some(1)))
    };
    same(
        &["R(1)-Q1", "R1-Q1", "R/1-Q1", "R (1) - Q 1"],
        &with_from(sq(None, Some(1))),
        None,
    );
    same(&["R(QB1)-Q1"], &with_from(sq(qf(Bishop), Some(1))), None);
    let n = DescMove {
        from: Some(sq(None, Some(5))),
        ..mv(piece(R::Knight), sq(nf(King), Some(4)))
    };
    same(&["N/5-K4", "Kt/5-K4"], &n, None);
    let r = DescMove {
        from: Some(sq(nf(Queen), Some(2))),
        ..mv(piece(R::Rook), sq(nf(King), Some(2)))
    };
    same(&["R (Q 2) - K 2", "R(Q2)-K2"], &r, None);
    let old = DescMove {
        from: Some(sq(nf(Bishop), Some(1))),
        ..mv(piece(R::Rook), sq(nf(Bishop), Some(2)))
    };
    same(&["R. (B. sq.) to B's 2d."], &old, None);
    let kt = DescMove {
        from: Some(sq(nf(Bishop), Some(3))),
        ..cap(piece(R::Knight), piece(R::Queen))
    };
    same(&["Kt (B 3) x Q", "N(B3)xQ"], &kt, None);
}

#[test]
fn promotions_and_the_bracket_trap() {
    let promo = |role| DescMove {
        promotion: Some(role),
        promotion_span: Some(Z),
        ..mv(piece(R::Pawn), sq(nf(King), Some(8)))
    };
    same(
        &[
            "P-K8=Q",
            "P-K8(Q)",
            "P-K8/Q",
            "P. to K's 8th. (2d Q.)",
            "P-K8Q",
        ],
        &promo(R::Queen),
        None,
    );
    same(
        &["P-K8(N)ch", "P-K8=Kt ch"],
        &promo(R::Knight),
        Some(CheckMark::Check),
    );
    let r8 = DescMove {
        promotion: Some(R::Queen),
        promotion_span: Some(Z),
        ..mv(piece(R::Pawn), sq(nf(Rook), Some(8)))
    };
    same(&["P-R8(Q)mate", "P-R8(Q) mate"], &r8, Some(CheckMark::Mate));
    // `(Q)` after a pawn capture is the promotion piece, not a capture square.
    let pxr = DescMove {
        promotion: Some(R::Queen),
        promotion_span: Some(Z),
        ..cap(piece(R::Pawn), piece(R::Rook))
    };
    same(
        &["PXR=Q", "PxR(Q)", "P. takes R., becomes a Queen"],
        &pxr,
        None,
    );
    same(
        &["PxR(Q)ch", "P. takes R., becomes a Queen (ch.)"],
        &pxr,
        Some(CheckMark::Check),
    );
    // After a piece, `(Q)` is a square.
    let (b, _, _) = read("BxP(Q)");
    assert_eq!(
        b.action,
        DescAction::Capture {
            victim: piece(R::Pawn),
            doubled: false,
            at: Some(sq(nf(Queen), None))
        }
    );
}

#[test]
fn en_passant() {
    let ep = DescMove {
        en_passant: true,
        ..cap(piece(R::Pawn), piece(R::Pawn))
    };
    same(
        &[
            "PxP e.p.",
            "P x P e.p.",
            "PxPe.p.",
            "PxP ep",
            "P. takes P. en passant",
            "P. takes P. (in passing).",
            "P. takes P. _en passant_",
            // A Spanish or Portuguese table's `a.p.` after a cell read in English.
            "PxP a.p.",
        ],
        &ep,
        None,
    );
    let w = parse_desc_move(b"PxP e.p.", 10).map_err(|e| e.to_string());
    assert_eq!(w.map(|w| w.suffix.en_passant), Ok(Some(Span::new(14, 18))));
}

#[test]
fn check_words() {
    let b = mv(piece(R::Bishop), sq(nf(Bishop), Some(5)));
    same(
        &[
            "B-B5dblch",
            "B-B5 dbl ch",
            "B-B5 dble ch",
            "B - B 5 (dble ch.)",
            "B-B5 double check",
            "B-B5 dbl. ch.",
        ],
        &b,
        Some(CheckMark::DoubleCheck),
    );
    same(
        &[
            "B-B5 dis ch",
            "B-B5dis.ch",
            "B. to B's 5th. (dis. ch.)",
            "B-B5 disc. ch.",
            "B-B5 dis. ch.",
        ],
        &b,
        Some(CheckMark::DiscoveredCheck),
    );
    same(&["B-B5++"], &b, Some(CheckMark::PlusPlus));
    same(
        &["B-B5 ch", "B-B5ch", "B-B5+", "B-B5 ch."],
        &b,
        Some(CheckMark::Check),
    );
    let (_, c, a) = read("Kt-Kt6 mate!");
    assert_eq!((c, a), (Some(CheckMark::Mate), Some(Annotation::Good)));
    let (_, c, a) = read("Q x R !");
    assert_eq!((c, a), (None, Some(Annotation::Good)));
    let (_, _, a) = read("P-KN3?");
    assert_eq!(a, Some(Annotation::Mistake));
    let (_, _, a) = read("P-KB6!?");
    assert_eq!(a, Some(Annotation::Interesting));
}

#[test]
fn castling_spellings() {
    let k = CastleMove {
        side: Some(CastleSide::King),
        zeros: false,
    };
    let q = CastleMove {
        side: Some(CastleSide::Queen),
        zeros: false,
    };
    let plain = CastleMove {
        side: None,
        zeros: false,
    };
    for t in [
        "O-O",
        "O - O",
        "Castles KR",
        "Castles on K's side.",
        "Castles (with K. R.)",
        "Castles_K",
    ] {
        assert_eq!(castle(t), (k, None), "{t}");
    }
    for t in [
        "O-O-O",
        "O - O - O",
        "Castles QR",
        "Castles on Q's side.",
        "Castles (Q's side.)",
        "Castles (Q. R.)",
    ] {
        assert_eq!(castle(t), (q, None), "{t}");
    }
    assert_eq!(castle("Castles."), (plain, None));
    assert_eq!(
        castle("Castles on Q's side. (ch.)"),
        (q, Some(CheckMark::Check))
    );
    assert_eq!(
        castle("0-0-0"),
        (
            CastleMove {
                side: Some(CastleSide::Queen),
                zeros: true
            },
            None
        )
    );
    assert_eq!(castle("0-0ch").1, Some(CheckMark::Check));
}

#[test]
fn vague_moves() {
    let vague = |role, kind| DescMove {
        action: DescAction::Vague(kind),
        ..mv(piece(role), sq(None, None))
    };
    same(
        &["Kt. mates."],
        &vague(R::Knight, VagueKind::Mates),
        Some(CheckMark::Mate),
    );
    same(
        &["Q. checks."],
        &vague(R::Queen, VagueKind::Checks),
        Some(CheckMark::Check),
    );
    same(&["K. moves."], &vague(R::King, VagueKind::Moves), None);
    same(
        &["B. interposes."],
        &vague(R::Bishop, VagueKind::Interposes),
        None,
    );
    let queens = DescMove {
        promotion: Some(R::Queen),
        promotion_span: Some(Z),
        ..vague(R::Pawn, VagueKind::Promotes)
    };
    same(
        &["P. Queens.", "P. queens.", "P. becomes a Queen."],
        &queens,
        None,
    );
    let one = DescMove {
        promotion: Some(R::Queen),
        promotion_span: Some(Z),
        ..vague(R::Pawn, VagueKind::OneStep)
    };
    same(&["P. one, becoming a Queen"], &one, None);
}

#[test]
fn more_printed_forms_in_canonical_spelling() {
    for (written, canonical) in [
        ("QXKNP", "QxKNP"),
        ("p(Q4)xR", "P(Q4)xR"),
        ("P×RP(R6)", "PxRP(R6)"),
        ("N(KB3)xB", "N(KB3)xB"),
        ("R(R5)-QR5", "R(R5)-QR5"),
        ("R(Kt)-Kt6", "R(N)-N6"),
        ("R(6)xN", "R(6)xN"),
        ("K-K1ch", "K-K1 ch"),
        ("P-Q7dis.ch", "P-Q7 dis ch"),
        ("P-Q7 dis. ch.", "P-Q7 dis ch"),
        ("Kt-Kt6 mate!", "N-N6 mate!"),
        ("P-Q8(N)ch!", "P-Q8=N ch!"),
        ("PxR(Q)ch", "PxR=Q ch"),
        ("B x Kt++", "BxN++"),
        ("Q-R5 checkmate", "Q-R5 mate"),
        ("Kt (B5) - K 4", "N(B5)-K4"),
        ("R. (B. sq.) to B's 2d.", "R(B1)-B2"),
        ("R-(B5)B7", "R(B5)-B7"),
        ("R-(Q3)Q5 ch", "R(Q3)-Q5 ch"),
        ("K. B. P. takes K. P.", "KBPxKP"),
        ("P. one", "P one"),
        ("B. to Q. Kt's 5th. (ch.)", "B-QN5 ch"),
        ("P. to K's 4th.[A]", "P-K4"),
        ("Castles.[A]", "Castles"),
        ("０-０", "O-O"),
    ] {
        let got = parse_desc_move(written.as_bytes(), 0).map(|m| write_move(&m));
        assert_eq!(got, Ok(canonical.to_owned()), "{written}");
    }
}

#[test]
fn a_run_of_marks_is_one_annotation() {
    for (written, annotation) in [
        ("Q-Kt6!!!", Annotation::Brilliant),
        ("Q-Kt6!!!!", Annotation::Brilliant),
        ("Q-Kt6???", Annotation::Blunder),
        ("Q-Kt6!?!", Annotation::Interesting),
        ("Q-Kt6?!?", Annotation::Dubious),
        ("Q-Kt6 ch!!!", Annotation::Brilliant),
    ] {
        assert_eq!(read(written).2, Some(annotation), "{written}");
    }
}

#[test]
fn missing_dash_is_read_and_flagged() {
    let (d, _, a) = read("P K 4 !");
    assert!(d.missing_dash);
    assert_eq!(
        d.action,
        DescAction::Move {
            to: sq(nf(King), Some(4))
        }
    );
    assert_eq!(a, Some(Annotation::Good));
}

#[test]
fn spans_point_into_the_original_text() {
    let text = "K. Kt. to K. B's 3d. (ch.)";
    let w = parse_desc_move(text.as_bytes(), 1000).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(w.span, Span::new(1000, 1000 + text.len()));
    let MoveKind::Descriptive(d) = &w.kind else {
        panic!("not descriptive")
    };
    assert_eq!(d.piece.span, Span::new(1000, 1005));
    let DescAction::Move { to } = d.action else {
        panic!("not a move")
    };
    assert_eq!(to.span, Span::new(1010, 1019));
    assert_eq!(w.suffix.check.map(|c| c.1), Some(Span::new(1022, 1024)));
}

#[test]
fn errors_carry_span_expected_and_found() {
    let e = parse_desc_move(b"P-", 5);
    assert_eq!(
        e,
        Err(DescError {
            span: Span::new(7, 7),
            expected: "a destination square",
            found: "end of move".to_owned(),
            written: "P-".to_owned(),
        })
    );
    let e = parse_desc_move(b"Nf3", 0).map(|_| ());
    assert_eq!(
        e,
        Err(DescError {
            span: Span::new(1, 2),
            expected: "a descriptive move, not algebraic notation",
            found: "f".to_owned(),
            written: "Nf3".to_owned(),
        })
    );
    assert!(parse_desc_move(b"", 0).is_err());
    assert!(parse_desc_move(b"P-K4 P-K4", 0).is_err());
    assert_eq!(
        parse_desc_move(b"P-K9", 0).map_err(|e| e.expected),
        Err("a rank from 1 to 8")
    );
    assert!(parse_desc_move(b"Resigns", 0).is_err());
}

#[test]
fn tokens_for_the_pgn_reader() {
    for t in [
        "P-K4",
        "N-KB3",
        "PxP",
        "QxQch",
        "B-N5ch",
        "0-0",
        "O-O-O",
        "KtxKtP",
        "P-K8=Q",
        "R(1)-Q1",
        "PxPe.p.",
        "Castles",
        "QxdoubledP",
    ] {
        assert!(parse_token(t.as_bytes(), 0).is_some(), "{t}");
    }
    for t in [
        "e4", "Nf3", "exd5", "Bb5+", "Qxe7#", "O-O-O-O", "a6", "Rd1", "", "P-K4 ", "h8=Q", "1-0",
        "--", "Kxf2",
    ] {
        assert!(parse_token(t.as_bytes(), 0).is_none(), "{t}");
    }
}

#[test]
fn garbage_never_panics() {
    let alphabet: &[u8] =
        b"KQRNBPtx-()/=.' 0123456789eEpchmatedisblOXsq[A]_+#!?\xc3\x97\xe2\x80\x93\xff";
    let mut state = 0x1234_5678_u64;
    for len in 0..40 {
        for _ in 0..300 {
            let text: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            let _ = parse_desc_move(&text, 0);
            let _ = parse_token(&text, 0);
            let book = read_book(&text);
            for ply in &book.plies {
                assert!(ply.span.end() <= text.len());
            }
        }
    }
}

#[test]
fn prose_is_commentary_not_moves_or_an_end() {
    let book = read_book(b"1. P-K4 P-K4\nP. to K's 4th. is the best reply.\nAnd here White should have played on.\n2.\nAnd Black resigns.\n");
    assert_eq!(book.plies.len(), 2);
    assert_eq!(book.commentary.len(), 3);
    assert_eq!(
        book.end.as_ref().map(|e| e.text.as_str()),
        Some("And Black resigns.")
    );
}

#[test]
fn fen_with_black_to_move_sets_colours_and_numbers() {
    let book = read_book(b"[FEN \"8/8/8/8/8/8/8/K6k b - - 0 40\"]\n40. ... K-N2\n41. K-N2 K-B2\n");
    let got: Vec<(crate::Color, Option<u32>)> =
        book.plies.iter().map(|p| (p.color, p.number)).collect();
    assert_eq!(
        got,
        [
            (crate::Color::Black, Some(40)),
            (crate::Color::White, Some(41)),
            (crate::Color::Black, Some(41)),
        ]
    );
    assert_eq!(book.fen.as_deref(), Some("8/8/8/8/8/8/8/K6k b - - 0 40"));
    assert!(book.notes.is_empty(), "{:?}", book.notes);
}

#[test]
fn book_castles_then_a_move_in_a_single_spaced_row() {
    let book = read_book(b"10. Castles. Q. to K's 2d.\n");
    let moves: Vec<String> = book
        .plies
        .iter()
        .map(|p| p.result.as_ref().map_or_else(|e| e.to_string(), write_move))
        .collect();
    assert_eq!(moves, ["Castles", "Q-K2"]);
}

#[test]
fn word_salad_never_panics() {
    let words: &[&str] = &[
        "P.", "to", "K's", "4th.", "Kt.", "takes", "(ch.)", "Castles", "on", "Q's", "side.", "1.",
        "........", "x", "-", "B", "3", "e.p.", "becomes", "a", "Queen", "(2d", "Q.)", "his",
        "her", "sq.", "Resigns.", "mates.", "doubled", "(", ")", "/", "=Q", "dis", "ch", "O-O",
        "0-0-0", "\n", "  ", "%", "WHITE.", "[A]", "R(1)-Q1", "PxP", "\t",
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..3000 {
        let mut text = String::new();
        for _ in 0..(state % 24) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push_str(words[(state % words.len() as u64) as usize]);
            if state % 3 != 0 {
                text.push(' ');
            }
        }
        let _ = parse_desc_move(text.as_bytes(), 0);
        let book = read_book(text.as_bytes());
        for p in &book.plies {
            assert!(p.span.end() <= text.len(), "{text:?}");
            if let Ok(m) = &p.result {
                assert!(
                    m.span.start() >= p.span.start() && m.span.end() <= p.span.end(),
                    "{text:?}"
                );
            }
        }
    }
}

#[test]
fn hostile_books_read_in_linear_time() {
    let mut text = Vec::new();
    for i in 0..20_000u32 {
        text.extend_from_slice(if i % 7 == 0 { b"1. " } else { b"" });
        text.extend_from_slice(match i % 5 {
            0 => b"P-K4 ".as_slice(),
            1 => b"Kt. to ".as_slice(),
            2 => b"QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ ".as_slice(),
            3 => b"(((((( ".as_slice(),
            _ => b"x ".as_slice(),
        });
    }
    let started = std::time::Instant::now();
    let book = read_book(&text);
    assert!(!book.plies.is_empty());
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// The plies of a book as `number move`, in the order read.
fn plies_of(book: &crate::desc::Book) -> Vec<String> {
    book.plies
        .iter()
        .map(|p| match &p.result {
            Ok(m) => format!("{} {}", p.number.unwrap_or(0), write_move(m)),
            Err(e) => format!("error {e}"),
        })
        .collect()
}

#[test]
fn two_ranges_side_by_side_read_left_then_right() {
    let text = "White.   Black.          White.   Black.\n\
                1. P-K4   P-K4           3. B-B4  B-B4\n\
                2. Kt-KB3 Kt-QB3         4. Castles\n\
                \x20                         And wins.\n";
    let book = read_book(text.as_bytes());
    assert_eq!(
        plies_of(&book),
        [
            "1 P-K4",
            "1 P-K4",
            "2 N-KB3",
            "2 N-QB3",
            "3 B-B4",
            "3 B-B4",
            "4 Castles"
        ]
    );
    assert_eq!(
        book.end.as_ref().map(|e| e.text.as_str()),
        Some("And wins.")
    );
    // A run of moves in one line counts up by one: not two ranges.
    let run = read_book(b"1. P-K4 P-K4  2. Kt-KB3 Kt-QB3\n3. B-B4 B-B4\n");
    assert_eq!(
        plies_of(&run),
        ["1 P-K4", "1 P-K4", "2 N-KB3", "2 N-QB3", "3 B-B4", "3 B-B4"]
    );
    // Rows of the right range printed alone (the left range ended) wait for it too, and
    // a file of two such games keeps each game's moves.
    let two = "% title: one\n\
               1. P-K4 P-K4      3. B-B4 B-B4\n\
               2. Kt-KB3 Kt-QB3  4. P-Q3\n\
               % title: two\n\
               1. P-Q4 P-Q4      4. Kt-KB3\n\
               2. P-QB4 P-K3\n\
               3. Kt-QB3 Kt-KB3\n\
               1-0\n";
    let books = crate::desc::read_books(two.as_bytes());
    let read: Vec<Vec<String>> = books.iter().map(plies_of).collect();
    assert_eq!(
        read,
        [
            vec![
                "1 P-K4", "1 P-K4", "2 N-KB3", "2 N-QB3", "3 B-B4", "3 B-B4", "4 P-Q3"
            ],
            vec![
                "1 P-Q4", "1 P-Q4", "2 P-QB4", "2 P-K3", "3 N-QB3", "3 N-KB3", "4 N-KB3"
            ],
        ]
    );
    assert_eq!(books[1].end.as_ref().map(|e| e.text.as_str()), Some("1-0"));
}

#[test]
fn players_named_on_the_line_under_the_heading() {
    let names = |text: &str| {
        let b = read_book(text.as_bytes());
        (b.white, b.black, b.players.is_some(), b.plies.len())
    };
    let some = |w: &str, b: &str| (Some(w.to_owned()), Some(b.to_owned()), true, 2);
    assert_eq!(
        names("White. Black.\nMorphy. Anderssen.\n1. P-K4 P-K4\n"),
        some("Morphy", "Anderssen")
    );
    assert_eq!(
        names("WHITE.          BLACK.\nMr. Morphy.     Herr Anderssen.\n1. P-K4 P-K4\n"),
        some("Mr. Morphy", "Herr Anderssen")
    );
    assert_eq!(
        names(
            "white.  black.    white.  black.\nMorphy.  Anderssen.    Morphy.  Anderssen.\n1. P-K4 P-K4\n"
        ),
        some("Morphy", "Anderssen")
    );
    // Names in the heading itself are kept; a move row under the heading is no names line.
    assert_eq!(
        names("WHITE. (Mr. M.)   BLACK. (Mr. H.)\nMorphy. Anderssen.\n1. P-K4 P-K4\n").0,
        Some("Mr. M.".to_owned())
    );
    assert_eq!(
        names("White.  Black.\nP-K4  P-K4\n"),
        (None, None, false, 2)
    );
    // Prose under the heading stays commentary.
    let b = read_book(b"White.  Black.\nThe game was played in 1858.\n1. P-K4 P-K4\n");
    assert_eq!((b.white, b.players, b.commentary.len()), (None, None, 1));
}

#[test]
fn book_layouts() {
    let text = "% title: GAME 1. White: F. J. Marshall. Black: J. R. Capablanca.\n\
                WHITE. (Mr. M.)   BLACK. (Mr. H.)\n\
                1. P. to K's 4th.   1. P. to K's 4th.\n\
                2. Kt - K B 3\n\
                2. ........     Kt - Q B 3\n\
                This is a note about the game.\n\
                3 B-N5 P-QR3\n\
                69. B-R4 N-B3\n\
                5. Castles. 5. P. takes R., becomes a Queen (ch.), and wins.\n";
    let book = read_book(text.as_bytes());
    assert_eq!(book.white.as_deref(), Some("F. J. Marshall"));
    assert_eq!(book.black.as_deref(), Some("J. R. Capablanca"));
    let moves: Vec<String> = book
        .plies
        .iter()
        .map(|p| {
            let c = if p.color == crate::Color::White {
                "w"
            } else {
                "b"
            };
            match &p.result {
                Ok(m) => format!("{c}{:?} {}", p.number, write_move(m)),
                Err(e) => format!("{c} error {e}"),
            }
        })
        .collect();
    assert_eq!(
        moves,
        [
            "wSome(1) P-K4",
            "bSome(1) P-K4",
            "wSome(2) N-KB3",
            "bSome(2) N-QB3",
            "wSome(3) B-N5",
            "bSome(3) P-QR3",
            "wSome(69) B-R4",
            "bSome(69) N-B3",
            "wSome(5) Castles",
            "bSome(5) PxR=Q ch",
        ]
    );
    assert_eq!(
        book.end.as_ref().map(|e| e.text.as_str()),
        Some("and wins.")
    );
    assert_eq!(book.commentary.len(), 1);
    let kinds: Vec<&str> = book.diagnostics().iter().map(|d| d.kind.name()).collect();
    assert_eq!(kinds, ["commentary", "move-number"]);
    for p in &book.plies {
        assert!(
            p.span
                .slice(text.as_bytes())
                .first()
                .is_some_and(|c| c.is_ascii_alphabetic())
        );
    }
}

#[test]
fn book_continuations_without_dots_and_year_lines() {
    let book = read_book(
        "1 P-K4 P-K4\n2 N-KB3\n2 ... N-QB3\n1921 was the year of the match.\n3. B-N５ Resigns\n"
            .as_bytes(),
    );
    let moves: Vec<String> = book
        .plies
        .iter()
        .map(|p| p.result.as_ref().map_or_else(|e| e.to_string(), write_move))
        .collect();
    assert_eq!(moves, ["P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5"]);
    assert_eq!(book.plies[3].color, crate::Color::Black);
    assert_eq!(book.commentary.len(), 1);
    assert_eq!(book.end.as_ref().map(|e| e.text.as_str()), Some("Resigns"));
    assert!(
        book.diagnostics()
            .iter()
            .all(|d| d.severity == crate::Severity::Note)
    );
}

#[test]
fn book_errors_become_error_plies_in_numbered_rows() {
    let book = read_book(b"1. P-K4 P-K4\n2. Z-K9  P-Q3\n");
    assert_eq!(book.plies.len(), 4);
    assert!(book.plies[2].result.is_err());
    assert!(book.plies[3].result.is_ok());
    assert_eq!(
        book.diagnostics()
            .iter()
            .filter(|d| d.severity == crate::Severity::Error)
            .count(),
        1
    );
}

fn arb_file() -> impl Strategy<Value = DescFile> {
    prop_oneof![
        Just(file(None, Queen)),
        Just(file(None, King)),
        (
            prop_oneof![Just(Rook), Just(Knight), Just(Bishop)],
            prop_oneof![Just(None), Just(Some(Wing::King)), Just(Some(Wing::Queen))]
        )
            .prop_map(|(n, w)| file(w, n)),
    ]
}

fn arb_spec(rank_needed: bool) -> impl Strategy<Value = SquareSpec> {
    (
        proptest::option::of(arb_file()),
        proptest::option::of(1u8..=8),
    )
        .prop_filter_map("empty square", move |(f, r)| {
            if (f.is_none() && r.is_none()) || (rank_needed && r.is_none()) {
                None
            } else {
                Some(sq(f, r))
            }
        })
}

fn arb_piece() -> impl Strategy<Value = DescPiece> {
    prop_oneof![
        Just(piece(R::King)),
        Just(piece(R::Queen)),
        (
            prop_oneof![Just(R::Rook), Just(R::Knight), Just(R::Bishop)],
            proptest::option::of(prop_oneof![Just(Wing::King), Just(Wing::Queen)])
        )
            .prop_map(|(r, w)| DescPiece {
                wing: w,
                ..piece(r)
            }),
        proptest::option::of(arb_file()).prop_map(pawn),
    ]
}

fn arb_move() -> impl Strategy<Value = DescMove> {
    (
        arb_piece(),
        proptest::option::of(arb_spec(false)),
        prop_oneof![
            arb_spec(false).prop_map(|to| DescAction::Move { to }),
            (arb_file(), 1u8..=8).prop_map(|(f, r)| DescAction::CaptureOn {
                square: sq(Some(f), Some(r))
            }),
            (
                arb_piece(),
                any::<bool>(),
                proptest::option::of(arb_spec(true))
            )
                .prop_map(|(victim, doubled, at)| DescAction::Capture {
                    victim,
                    doubled,
                    at
                }),
            prop_oneof![
                Just(VagueKind::Mates),
                Just(VagueKind::Checks),
                Just(VagueKind::Moves),
                Just(VagueKind::Interposes)
            ]
            .prop_map(DescAction::Vague),
        ],
        proptest::option::of(prop_oneof![
            Just(R::Queen),
            Just(R::Rook),
            Just(R::Bishop),
            Just(R::Knight)
        ]),
        any::<bool>(),
    )
        .prop_map(|(piece, from, action, promotion, en_passant)| {
            let promotion = promotion.filter(|_| piece.role == R::Pawn);
            DescMove {
                piece,
                from,
                action,
                promotion,
                promotion_span: promotion.map(|_| Z),
                en_passant,
                missing_dash: false,
                span: Z,
            }
        })
}

proptest! {
    #[test]
    fn display_round_trips(m in arb_move()) {
        let text = m.to_string();
        let w = parse_desc_move(text.as_bytes(), 0);
        prop_assert!(w.is_ok(), "{text}: {w:?}");
        let Ok(WrittenMove { kind: MoveKind::Descriptive(mut d), .. }) = w else {
            return Err(TestCaseError::fail(format!("{text}: not descriptive")));
        };
        strip_desc(&mut d);
        prop_assert_eq!(*d, m, "{}", text);
    }
}

proptest! {
    #[test]
    fn books_of_printed_moves_read_back(moves in proptest::collection::vec(arb_move(), 1..16), single_space in any::<bool>()) {
        let sep = if single_space { " " } else { "      " };
        let mut text = String::from("% title: White: A. Black: B.\n");
        for (n, pair) in moves.chunks(2).enumerate() {
            text.push_str(&format!("{}. {}", n + 1, pair[0]));
            if let Some(black) = pair.get(1) {
                text.push_str(sep);
                text.push_str(&black.to_string());
            }
            text.push('\n');
        }
        let book = read_book(text.as_bytes());
        let mut got = Vec::new();
        for ply in &book.plies {
            match &ply.result {
                Ok(WrittenMove { kind: MoveKind::Descriptive(d), .. }) => {
                    let mut d = (**d).clone();
                    strip_desc(&mut d);
                    got.push(d);
                }
                other => return Err(TestCaseError::fail(format!("{text}: {other:?}"))),
            }
        }
        prop_assert_eq!(got, moves, "{}", text);
        prop_assert!(book.notes.is_empty(), "{:?}", book.notes);
    }
}

#[test]
fn square_specs_count_ranks_from_the_mover() {
    use crate::types::{Color, Square};
    let at = |s: &str| s.parse::<Square>().unwrap_or_else(|e| panic!("{s}: {e:?}"));
    let k4 = sq(nf(King), Some(4));
    assert!(k4.matches_destination(at("e4"), Color::White));
    assert!(k4.matches_destination(at("e5"), Color::Black));
    assert!(!k4.matches_destination(at("e4"), Color::Black));
    let b3 = sq(nf(Bishop), Some(3));
    assert!(b3.matches_destination(at("c6"), Color::Black));
    assert!(b3.matches_destination(at("f6"), Color::Black));
    assert!(!b3.matches_destination(at("d6"), Color::Black));
    // A destination without rank is rank 1; a from-square without rank is any rank.
    let q = sq(nf(Queen), None);
    assert!(q.matches_destination(at("d8"), Color::Black));
    assert!(!q.matches_destination(at("d7"), Color::Black));
    assert!(q.matches(at("d7"), Color::Black));
    let rank_only = sq(None, Some(1));
    assert!(rank_only.matches(at("h8"), Color::Black));
    assert!(!rank_only.matches(at("h1"), Color::Black));
    assert_eq!(relative_rank(0, Color::White), None);
    assert_eq!(relative_rank(9, Color::Black), None);
}

#[test]
fn result_lines_end_games_and_start_the_next() {
    let text = b"% event: a\n[FEN \"7k/8/8/8/8/8/8/K7 w - - 0 1\"]\n*\n\n% event: b\n1. P-K4 P-K4\n*\n\n1. P-Q4\n1-0\n";
    let books = read_books(text);
    let shape: Vec<(usize, Option<String>)> = books
        .iter()
        .map(|b| (b.plies.len(), b.end.as_ref().map(|e| e.text.clone())))
        .collect();
    assert_eq!(
        shape,
        vec![
            (0, Some("*".to_owned())),
            (2, Some("*".to_owned())),
            (1, Some("1-0".to_owned())),
        ]
    );
    assert_eq!(books[0].fen.as_deref(), Some("7k/8/8/8/8/8/8/K7 w - - 0 1"));
}

#[test]
fn odds_phrases_name_the_squares_emptied() {
    let odds = |text: &str| {
        read_book(text.as_bytes()).odds.map(|o| {
            (
                o.phrase,
                o.removed
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>(),
            )
        })
    };
    let v = |s: &[&str]| s.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
    assert_eq!(
        odds("% title: At the odds of the Queen's Knight.\n1. P-K4 P-K4\n"),
        Some(("queen's knight", v(&["b1"])))
    );
    assert_eq!(
        odds("% note: (Remove White's Q. R. from the board.)\n1. P-K4 P-K4\n"),
        Some(("queen's rook", v(&["a1"])))
    );
    assert_eq!(
        odds("% note: (Remove Black's K. R. from the board.)\n1. P-K4 P-K4\n"),
        Some(("king's rook", v(&["h8"])))
    );
    assert_eq!(
        odds("% title: Pawn and move\n1. P-K4 P-K3\n"),
        Some(("pawn and move", v(&["f7"])))
    );
    assert_eq!(
        odds("% title: Rook odds\n1. P-K4 P-K4\n"),
        Some(("queen's rook", v(&["a1"])))
    );
    assert_eq!(
        odds("% title: Evans Gambit. The queen's knight goes to B3\n1. P-K4 P-K4\n"),
        None
    );
    assert_eq!(
        odds("% title: Pawn and two moves.\n1. P-K4\n2. P-Q4 P-K3\n"),
        Some(("pawn and two moves", v(&["f7"])))
    );
    assert_eq!(
        odds("% note: At the odds of the Exchange.\n1. P-K4 P-K4\n"),
        Some(("exchange", v(&[])))
    );
    assert_eq!(
        odds("% note: after the exchange of queens\n1. P-K4 P-K4\n"),
        None
    );
    assert_eq!(
        odds("% title: Knight odds, given by Black (Remove Black's Q. Kt.)\n1. P-K4 P-K4\n"),
        Some(("queen's knight", v(&["b8"])))
    );
    // At the pawn and two moves, White's second move is White's, and the numbers fit.
    let book = read_book(b"% title: Pawn and two moves.\n1. P-K4\n2. P-Q4 P-K3\n");
    let colours: Vec<crate::Color> = book.plies.iter().map(|p| p.color).collect();
    assert_eq!(
        colours,
        [
            crate::Color::White,
            crate::Color::White,
            crate::Color::Black
        ]
    );
    assert_eq!(book.odds.map(|o| o.first_moves), Some(2));
    assert!(book.notes.is_empty(), "{:?}", book.notes);
}

/// Pieces of printed moves and of the prose around them, to be strung together.
const PRINTED_PIECES: &[&str] = &[
    "P", "K", "Kt", "Kts", "KB3", "Q-B4", "x", "X", "takes", "to", "ch", "Castles", "castles",
    "O-O", "0-0", "en", "passant", "in", "passing", "(Q.", "R.)", "(on", "B3)", "[A]", "*", ".",
    "The", "white", "on", "4", "4th", "e.p.", "mate", "|", "(a)", "--", "!", "?", "'s", "Bishop's",
    "QxP", "PxP", "Q's", "Pawn", "King", "-", "R1", "N/", "dis", "(", ")", "Kt.", "B.", "sq.",
    "the", "best", "move", "P-K4.", "Resigns.", "&c.", "x", "QR", "P.", "K.",
];

proptest! {
    #[test]
    fn a_token_that_cannot_open_a_move_opens_no_longer_span(
        picks in proptest::collection::vec(0..PRINTED_PIECES.len(), 1..6),
    ) {
        let words: Vec<&str> = picks.iter().filter_map(|&i| PRINTED_PIECES.get(i).copied()).collect();
        let first = words.first().copied().unwrap_or_default();
        let text = words.join(" ");
        if !parse::may_open_move(first.as_bytes()) {
            prop_assert!(parse_desc_move(text.as_bytes(), 0).is_err(), "{text} reads as a move");
        }
    }
}

#[test]
fn prose_cannot_open_a_move_and_pieces_can() {
    for word in ["the", "The", "white", "|", "4th", "en", "&c."] {
        assert!(!parse::may_open_move(word.as_bytes()), "{word}");
    }
    for word in ["P", "Kt", "Castles", "O-O", "0-0", "QxP", ".", "*", "(a)"] {
        assert!(parse::may_open_move(word.as_bytes()), "{word}");
    }
}

/// A newspaper column run into one paragraph: a problem's diagram in words,
/// prose, a caption, then the game's rows, the third ply damaged by OCR.
const COLUMN: &[u8] = b"White to play and mate in two moves. 7 Q; 8; K 5 R 1; 1 p 1 P p Kt P 1; 2 p 5; 483. \
SOLUTION OF PROBLEM No. 699. Key move: Kt-K 6. GAME No. 559. Ruy Lopez. White. Black. Dr Lasker. R. Lomaa. \
1 P-K 4 1 P-K 4 2 K(>K B 3 2 Kt-Q B 3 3 B-Kt 5 3 P-Q R 3 4 B-R 4 4 Kt-B 3 5 P-Q 4 5 P x P 6 Castles 6 B-K 2\n";

#[test]
fn a_caption_then_rows_with_a_misprint_are_the_game_read_to_its_misprint() {
    let book = read_book(COLUMN);
    let at = |k: usize| book.plies.get(k).map(|p| p.span.slice(COLUMN));
    // The game's rows, not the diagram's `1 P`: its first two plies read, the
    // third is the misprint (an error ply, so the game is refused there).
    assert_eq!(at(0), Some(&b"P-K 4"[..]));
    assert!(book.plies[0].result.is_ok() && book.plies[1].result.is_ok());
    assert!(book.plies[2].result.is_err(), "{:?}", at(2));
    assert!(book.plies.len() >= 10);
}

#[test]
fn prose_naming_a_move_or_two_with_a_misprint_stays_commentary() {
    // Two numbers, one unreadable: no run of the count, no rows.
    for text in [
        &b"If you play 1. P-K 4 then 1. P-K 4 2. Q(>K 3 is weak.\n"[..],
        b"Instead of 1 P-K 4 the old books give 1 P-K 4 2 K(>K B 3 2 Kt-Q B 3 and more words here.\n",
    ] {
        let book = read_book(text);
        assert!(book.plies.is_empty(), "{}", String::from_utf8_lossy(text));
    }
}

#[test]
fn a_line_opening_with_white_and_naming_black_far_on_is_no_column_header() {
    let book = read_book(b"White to play and mate in two moves; the solution next week. GAME No. 5. White. Black. 1 P-K 4 1 P-K 4 2 Kt-K B 3 2 Kt-Q B 3\n");
    assert!(book.columns.is_none());
    assert_eq!(book.plies.len(), 4);
    // A short header still is one.
    let book = read_book(b"WHITE. (Mr. M.)   BLACK. (M. B.)\n1. P-K4   P-K4\n");
    assert!(book.columns.is_some());
}

#[test]
fn a_note_after_the_last_move_that_numbers_the_move_due_is_a_warning() {
    let warned = |text: &[u8]| {
        read_book(text)
            .notes
            .iter()
            .any(|d| d.kind == Kind::Commentary && d.severity == Severity::Warning)
    };
    // The game runs on into a note: read short, never silently.
    assert!(warned(
        b"1 P-Q 4 Kt-K B 3\n...I do not know who invented this defence. 2 P-Q B 4 _ I prefer this to the knight.\n"
    ));
    // The count run on past a move that does not read.
    assert!(warned(
        b"1. P-K4 P-K4\n2. Kt-QB3\n(The Hampe opening.) 2. KttoQ\xc3\x9f3 3. Kt to K B 3 3. Kt to K B 3\n"
    ));
    // A note on the last move, or after the game's end words: no warning.
    assert!(!warned(
        b"1 P-Q 4 Kt-K B 3\nIf 1 P-K 4 instead, the game is another.\n"
    ));
    assert!(!warned(
        b"1 P-Q 4 Kt-K B 3\nResigns.\nHad he played 2 P-Q B 4 the game went on.\n"
    ));
}
