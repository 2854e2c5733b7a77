use super::*;
use crate::ast::{Annotation, CastleSide};
use crate::types::{File, Rank, Square};
use pretty_assertions::assert_eq;
use proptest::prelude::*;

fn sq(s: &str) -> Square {
    Square::from_ascii(s.as_bytes()).unwrap()
}

fn lenient(text: &str) -> Parsed<WrittenMove> {
    parse_move(text.as_bytes(), 0, Mode::Lenient)
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn kinds(p: &Parsed<WrittenMove>) -> Vec<&'static str> {
    p.diagnostics.iter().map(|d| d.kind.name()).collect()
}

/// Every spelling prints back to its canonical form, with the listed relaxations.
#[test]
fn forms_print_canonically_with_their_relaxations() {
    let cases: &[(&str, &str, &[&str])] = &[
        ("e4", "e4", &[]),
        ("Nf3", "Nf3", &[]),
        ("Bxf3", "Bxf3", &[]),
        ("dxe5", "dxe5", &[]),
        ("Rcf1", "Rcf1", &[]),
        ("R1f2", "R1f2", &[]),
        ("Rbb7", "Rbb7", &[]),
        ("Qh4e1", "Qh4e1", &[]),
        ("exd8=Q", "exd8=Q", &[]),
        ("exd8=Q+", "exd8=Q+", &[]),
        ("Qh4xe1", "Qh4xe1", &[]),
        ("Ng1-f3", "Ng1-f3", &[]),
        ("f4xe5", "f4xe5", &[]),
        ("e7-e5", "e7-e5", &[]),
        ("Bf8xd6", "Bf8xd6", &[]),
        ("Qg5xg3+", "Qg5xg3+", &[]),
        ("Bd6xg3#", "Bd6xg3#", &[]),
        ("e7-e8=Q", "e7-e8=Q", &[]),
        ("g1f3", "g1f3", &[]),
        ("e7e8q", "e7e8q", &[]),
        ("e1c1", "e1c1", &[]),
        ("O-O", "O-O", &[]),
        ("O-O-O+", "O-O-O+", &[]),
        ("0-0", "0-0", &["zero-castling"]),
        ("0-0-0", "0-0-0", &["zero-castling"]),
        ("--", "--", &["null-move"]),
        ("Z0", "--", &["null-move"]),
        ("0000", "--", &["null-move"]),
        ("e4!", "e4!", &[]),
        ("e4?", "e4?", &[]),
        ("e4!!", "e4!!", &[]),
        ("e4??", "e4??", &[]),
        ("e4!?", "e4!?", &[]),
        ("e4?!", "e4?!", &[]),
        ("Qh5#!", "Qh5#!", &[]),
        ("Qh5++", "Qh5++", &["plus-plus"]),
        ("exd6e.p.", "exd6e.p.", &["en-passant-mark"]),
        ("exd6ep+", "exd6e.p.+", &["en-passant-mark"]),
        ("nf3", "Nf3", &["lowercase-piece"]),
        ("qxd5", "Qxd5", &["lowercase-piece"]),
        ("bxc3", "bxc3", &[]),
        ("Bxc3", "Bxc3", &[]),
        ("♘f3", "Nf3", &["figurine"]),
        ("♞c6", "Nc6", &["figurine"]),
        ("e8Q", "e8=Q", &["promotion-spelling"]),
        ("e8(Q)", "e8=Q", &["promotion-spelling"]),
        ("e8/Q", "e8=Q", &["promotion-spelling"]),
        ("e8=q", "e8=Q", &["promotion-spelling"]),
        ("e4:d5", "e4xd5", &["capture-mark"]),
        ("Q:d5", "Qxd5", &["capture-mark"]),
        ("Q-d5", "Qd5", &["dash-in-san"]),
        ("ed5", "ed5", &["missing-capture-mark"]),
        ("Pe4", "e4", &["pawn-letter"]),
    ];
    for (text, printed, relaxations) in cases {
        let parsed = lenient(text);
        assert_eq!(
            (parsed.value.to_string(), kinds(&parsed)),
            (printed.to_string(), relaxations.to_vec()),
            "{text}"
        );
        assert!(
            parsed
                .diagnostics
                .iter()
                .all(|d| d.severity == Severity::Warning)
        );
        let strict = parse_move(text.as_bytes(), 0, Mode::Strict).unwrap();
        assert!(
            strict
                .diagnostics
                .iter()
                .all(|d| d.severity == Severity::Error)
        );
        assert_eq!(strict.diagnostics.len(), relaxations.len());
    }
}

#[test]
fn san_parts_and_absolute_spans() {
    let p = parse_move(b"Rcf1+!", 100, Mode::Strict).unwrap();
    let MoveKind::San(s) = &p.value.kind else {
        panic!("expected SAN, got {:?}", p.value.kind)
    };
    assert_eq!(s.role, Role::Rook);
    assert_eq!(s.role_span, Some(Span::new(100, 101)));
    assert_eq!(s.from_file, Some(File::C));
    assert_eq!(s.from_rank, None);
    assert_eq!(s.from_span, Some(Span::new(101, 102)));
    assert_eq!(s.to, sq("f1"));
    assert_eq!(s.to_span, Span::new(102, 104));
    assert_eq!(
        p.value.suffix.check,
        Some((CheckMark::Check, Span::new(104, 105)))
    );
    assert_eq!(
        p.value.suffix.annotation,
        Some((Annotation::Good, Span::new(105, 106)))
    );
    assert_eq!(p.value.span, Span::new(100, 106));

    let p = lenient("R1f2");
    let MoveKind::San(s) = &p.value.kind else {
        panic!()
    };
    assert_eq!((s.from_file, s.from_rank), (None, Some(Rank::First)));

    let p = lenient("exd8=N");
    let MoveKind::San(s) = &p.value.kind else {
        panic!()
    };
    assert_eq!(s.role, Role::Pawn);
    assert_eq!(s.capture, Some(Span::new(1, 2)));
    assert_eq!(s.promotion, Some(Role::Knight));
    assert_eq!(s.promotion_span, Some(Span::new(4, 6)));
}

#[test]
fn lan_uci_and_castle_parts() {
    let p = lenient("Ng1-f3");
    let MoveKind::Lan(l) = &p.value.kind else {
        panic!()
    };
    assert_eq!(
        (l.role, l.from, l.to, l.capture),
        (Some(Role::Knight), sq("g1"), sq("f3"), Some(false))
    );
    assert!(!l.is_uci());
    let p = lenient("e7e8q");
    let MoveKind::Lan(l) = &p.value.kind else {
        panic!()
    };
    assert!(l.is_uci());
    assert_eq!(l.promotion, Some(Role::Queen));
    let p = lenient("O-O-O");
    assert_eq!(
        p.value.kind,
        MoveKind::Castle(CastleMove {
            side: Some(CastleSide::Queen),
            zeros: false
        })
    );
}

#[test]
fn errors_say_where_and_what() {
    let err = |t: &str| parse_move(t.as_bytes(), 10, Mode::Lenient).unwrap_err();
    assert_eq!(
        err(""),
        MoveError::Empty {
            span: Span::new(10, 10)
        }
    );
    assert_eq!(
        err("Nz3"),
        MoveError::Unexpected {
            span: Span::new(11, 13),
            expected: "a destination square",
            found: "z3".into()
        }
    );
    assert_eq!(
        err("e4abc"),
        MoveError::Trailing {
            span: Span::new(12, 15),
            read: "e4".into(),
            found: "abc".into()
        }
    );
    assert_eq!(
        err("Nf"),
        MoveError::Truncated {
            span: Span::new(10, 12),
            expected: "a destination square",
            read: "Nf".into()
        }
    );
    assert_eq!(
        err("Nf").to_string(),
        "\"Nf\" ends before the move is complete: expected a destination square"
    );
    assert_eq!(err("exd8=X").span(), Span::new(15, 16));
    assert_eq!(err("exd8=X").kind(), "invalid-move");
    // A pawn names only its file.
    assert!(matches!(err("4xd5"), MoveError::Unexpected { .. }));
    // Not moves: results, words, descriptive notation.
    for t in ["1-0", "P-K4", "PxP", "Kt", "hello", "i9", "x", "=Q", "+"] {
        assert!(parse_move(t.as_bytes(), 0, Mode::Lenient).is_err(), "{t}");
    }
    let d = err("Nz3").to_diagnostic();
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(d.message, "expected a destination square, found \"z3\"");
}

/// Compares two moves ignoring where they were written (and whether a pawn's
/// `P`, which the canonical form omits, was written at all).
fn without_spans(mut m: WrittenMove) -> WrittenMove {
    m.map_spans(|_| Span::default());
    if let MoveKind::San(s) = &mut m.kind {
        if s.role == Role::Pawn {
            s.role_span = None;
        }
    }
    m
}

fn arb_square() -> impl Strategy<Value = Square> {
    (0u8..64).prop_map(|i| Square::new(i).unwrap())
}

fn arb_role() -> impl Strategy<Value = Role> {
    prop::sample::select(Role::ALL.to_vec())
}

fn arb_promotion() -> impl Strategy<Value = Option<Role>> {
    prop::option::of(prop::sample::select(vec![
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ]))
}

fn arb_kind() -> impl Strategy<Value = MoveKind> {
    let sp = Span::default();
    let san = (
        arb_role(),
        prop::option::of(0u8..8),
        prop::option::of(0u8..8),
        any::<bool>(),
        arb_square(),
        arb_promotion(),
    )
        .prop_map(move |(role, ff, fr, capture, to, promotion)| {
            let from_rank = if role == Role::Pawn {
                None
            } else {
                fr.and_then(Rank::new)
            };
            let from_file = ff.and_then(File::new);
            // Both hints and a capture mark read as LAN (`Qh4xe1`): keep SAN shapes here.
            let from_rank = if capture && from_file.is_some() {
                None
            } else {
                from_rank
            };
            // A pawn with a file but no capture is the lenient `ed5`: keep it.
            let has_hint = from_file.is_some() || from_rank.is_some();
            MoveKind::San(SanMove {
                role,
                role_span: (role != Role::Pawn).then_some(sp),
                from_file,
                from_rank,
                from_span: has_hint.then_some(sp),
                capture: capture.then_some(sp),
                to,
                to_span: sp,
                promotion,
                promotion_span: promotion.map(|_| sp),
            })
        });
    let lan = (
        prop::option::of(arb_role()),
        arb_square(),
        prop::option::of(any::<bool>()),
        arb_square(),
        arb_promotion(),
    )
        .prop_map(move |(role, from, capture, to, promotion)| {
            // No separator means UCI, which has no piece letter.
            let role = if capture.is_none() { None } else { role };
            MoveKind::Lan(LanMove {
                role,
                role_span: role.map(|_| sp),
                from,
                from_span: sp,
                capture,
                separator_span: capture.map(|_| sp),
                captured: None,
                captured_span: None,
                to,
                to_span: sp,
                promotion,
                promotion_span: promotion.map(|_| sp),
            })
        });
    let castle = (any::<bool>(), any::<bool>()).prop_map(|(queen, zeros)| {
        MoveKind::Castle(CastleMove {
            side: Some(if queen {
                CastleSide::Queen
            } else {
                CastleSide::King
            }),
            zeros,
        })
    });
    prop_oneof![san, lan, castle, Just(MoveKind::Null)]
}

fn arb_suffix() -> impl Strategy<Value = Suffix> {
    let sp = Span::default();
    (
        prop::option::of(prop::sample::select(vec![
            CheckMark::Check,
            CheckMark::PlusPlus,
            CheckMark::Mate,
        ])),
        prop::option::of(1u8..=6),
        any::<bool>(),
    )
        .prop_map(move |(check, nag, ep)| Suffix {
            check: check.map(|c| (c, sp)),
            annotation: nag.and_then(Annotation::from_nag).map(|a| (a, sp)),
            en_passant: ep.then_some(sp),
        })
}

proptest! {
    #[test]
    fn printing_then_parsing_gives_the_same_move(kind in arb_kind(), suffix in arb_suffix()) {
        let written = WrittenMove { kind, suffix, span: Span::default() };
        let text = written.to_string();
        let parsed = parse_move(text.as_bytes(), 0, Mode::Lenient)
            .map_err(|e| TestCaseError::fail(format!("{text:?}: {e}")))?;
        prop_assert_eq!(without_spans(parsed.value), written, "{}", text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..24), base in 0usize..1_000_000) {
        match parse_move(&bytes, base, Mode::Strict) {
            Ok(p) => {
                prop_assert_eq!(p.value.span, Span::new(base, base + bytes.len()));
                for d in &p.diagnostics {
                    prop_assert!(d.span.start() >= base && d.span.end() <= base + bytes.len());
                }
            }
            Err(e) => {
                let s = e.span();
                prop_assert!(s.start() >= base && s.end() <= base + bytes.len() && s.start() <= s.end());
            }
        }
    }

    #[test]
    fn the_fast_path_reads_as_the_grammar_does(text in "([KQRBN]?[a-h1-8]{0,2}x?[a-h][1-8](=[QRBNK])?|O-O(-O)?)[+#]?(!|\\?|!!|\\?\\?|!\\?|\\?!)?", base in 0usize..1000) {
        if let Some(fast) = read_plain_san(text.as_bytes(), base) {
            let origin = parsers::Origin(text.len());
            let (rest, (body, suffix)) = parsers::move_token(origin)(text.as_bytes())
                .map_err(|e| TestCaseError::fail(format!("{text:?}: fast path read it, grammar did not: {e:?}")))?;
            prop_assert!(rest.is_empty());
            // Re-read through the public path with the fast path bypassed.
            let _ = (body, suffix);
            let mut diags = Vec::new();
            let slow = read_move_grammar(text.as_bytes(), base, Mode::Strict, &mut diags)
                .map_err(|e| TestCaseError::fail(format!("{text:?}: {e:?}")))?;
            prop_assert_eq!(fast, slow, "{}", text);
            prop_assert!(diags.is_empty());
        }
    }

    #[test]
    fn the_fast_path_agrees_with_the_grammar_on_move_like_bytes(text in "[a-hKQRBNO1-8x=+#!?-]{1,8}") {
        if let Some(fast) = read_plain_san(text.as_bytes(), 0) {
            let mut diags = Vec::new();
            let slow = read_move_grammar(text.as_bytes(), 0, Mode::Strict, &mut diags)
                .map_err(|e| TestCaseError::fail(format!("{text:?}: {e:?}")))?;
            prop_assert_eq!(fast, slow, "{}", text);
            prop_assert!(diags.is_empty());
        }
    }

    #[test]
    fn the_fast_path_reads_every_plain_token(
        text in "([a-h](x[a-h])?[1-8](=[QRBNK])?|[KQRBN]([a-h]|[1-8])?x?[a-h][1-8]|[KQRBN][a-h][1-8][a-h][1-8]|O-O(-O)?)[+#]?(!|\\?|!!|\\?\\?|!\\?|\\?!)?",
    ) {
        // The quick lane takes only what the fast path reads: it must read it all.
        prop_assert!(read_plain(text.as_bytes()).is_some(), "{}", text);
    }

    #[test]
    fn the_quick_lane_split_reads_as_read_plain_does(text in "[a-hKQRBNO1-8x=+#!?-]{0,8}") {
        // The quick lane reads castling and other moves apart (by the first byte):
        // together they say what `read_plain` says.
        let split = if text.as_bytes().first() == Some(&b'O') {
            super::plain::read_plain_castle(text.as_bytes()).map(|(side, marks)| (PlainMove::Castle(side), marks))
        } else {
            super::plain::read_plain_piece(text.as_bytes())
        };
        prop_assert_eq!(split, read_plain(text.as_bytes()), "{}", text);
    }

    #[test]
    fn move_like_bytes_never_panic(text in "[a-hKQRBNPnrqkx:=/()+#!?ep.0O1-8Z-]{0,12}") {
        if let Ok(p) = parse_move(text.as_bytes(), 0, Mode::Lenient) {
            // Whatever was read prints to something that reads back the same.
            let printed = p.value.to_string();
            let again = parse_move(printed.as_bytes(), 0, Mode::Lenient)
                .map_err(|e| TestCaseError::fail(format!("{text:?} -> {printed:?}: {e}")))?;
            prop_assert_eq!(without_spans(again.value), without_spans(p.value));
        }
    }
}
