use super::*;

fn one(pos: &Position, token: &str) -> String {
    match read_token(pos, None, token) {
        TokenReading::One { mv, .. } => pos.san(&mv),
        other => panic!("{token}: {other:?}"),
    }
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::new();
    for m in moves {
        let mv = *pos
            .legal_moves()
            .iter()
            .find(|x| pos.san(x) == *m)
            .unwrap_or_else(|| panic!("{m} not legal"));
        pos.play_unchecked(&mv);
    }
    pos
}

#[test]
fn end_marks_and_words_are_claims_or_noise() {
    let n = normalise("Q-R5ch.").unwrap();
    assert_eq!((n.core.as_str(), n.claim), ("Q-R5", Claim::Check));
    let n = normalise("Rd8 mate!").unwrap();
    assert_eq!((n.key.as_str(), n.claim), ("rd8", Claim::Mate));
    assert_eq!(normalise("Nf3¹").unwrap().key, "nf3");
    assert_eq!(normalise("Nf3(a)").unwrap().key, "nf3");
    assert_eq!(normalise("Nf3[2]").unwrap().key, "nf3");
    assert_eq!(normalise("e4,").unwrap().key, "e4");
    assert_eq!(normalise("P. to K. 4th.").unwrap().core, "P. to K. 4th");
    assert_eq!(normalise("O—O—O").unwrap().key, "ooo");
    assert_eq!(normalise("0-0").unwrap().key, "oo");
    // A word that ends in `ch` is not a check word.
    assert_eq!(normalise("much").unwrap().claim, Claim::None);
    assert_eq!(normalise("").map(|n| n.key), None);
}

#[test]
fn algebraic_spellings_in_any_form() {
    let pos = Position::new();
    for token in [
        "Nf3†", "Nf3ch", "NF3", "nf3", "N.f3", "Ng1–f3", "Ng1.f3", "♘f3", "Sg1f3", "Cf3,", "g1f3",
        "Nf3*", "Nf3¹", "Ng1xf3",
    ] {
        assert_eq!(one(&pos, token), "Nf3", "{token}");
    }
    assert_eq!(one(&pos, "e2‒e4."), "e4");
    assert_eq!(one(&pos, "P-K4"), "e4");
    let pos = after(&["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"]);
    assert_eq!(one(&pos, "Qxf7mate"), "Qxf7#");
    assert_eq!(one(&pos, "Qh5-f7checkmate."), "Qxf7#");
    assert_eq!(one(&pos, "Q×f7‡"), "Qxf7#");
    assert_eq!(one(&pos, "Dh5:f7+"), "Qxf7#");
}

#[test]
fn descriptive_in_english_spanish_and_portuguese() {
    let pos = Position::new();
    assert_eq!(one(&pos, "P4R"), "e4");
    assert_eq!(one(&pos, "C3AR"), "Nf3");
    assert_eq!(one(&pos, "C3BR"), "Nf3");
    assert_eq!(one(&pos, "Kt. to K. B. 3d."), "Nf3");
    assert_eq!(one(&pos, "P-K4ch."), "e4");
    let pos = after(&["e4", "d5"]);
    assert_eq!(one(&pos, "PxP."), "exd5");
    assert_eq!(one(&pos, "P. takes P."), "exd5");
    assert_eq!(one(&pos, "PxP5D"), "exd5");
}

#[test]
fn several_moves_are_named_and_the_check_claim_decides() {
    // Two knights reach d2: `Nd2` with a footnote mark names both.
    let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1").unwrap();
    match read_token(&pos, None, "Nd2*") {
        TokenReading::Several(moves) => assert_eq!(moves.len(), 2),
        other => panic!("{other:?}"),
    }
    // `R-B5` names c5 and f5; only c5 gives the check printed.
    let pos = Position::from_fen("8/2k5/8/R7/8/8/8/6K1 w - - 0 1").unwrap();
    let TokenReading::One { mv, by_claim, .. } = read_token(&pos, None, "R-B5ch.") else {
        panic!()
    };
    assert!(by_claim);
    assert_eq!(pos.san(&mv), "Rc5+");
    assert!(matches!(
        read_token(&pos, None, "R-B5."),
        TokenReading::Several(_)
    ));
}

#[test]
fn words_rules_and_marks_are_not_moves() {
    let pos = Position::new();
    for (token, what) in [
        ("and", "a word"),
        ("Resigns.", "a word"),
        ("|", "a column rule"),
        ("——", "a column rule"),
        ("†", "a footnote mark or punctuation"),
    ] {
        assert_eq!(
            read_token(&pos, None, token),
            TokenReading::NotAMove(what),
            "{token}"
        );
    }
    // `Rel` is `Re1` misread (`l` for `1`), not a word.
    let ruy = after(&[
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ]);
    assert!(
        matches!(read_token(&ruy, None, "Rel"), TokenReading::RankMisread { mv, .. } if ruy.san(&mv) == "Re1")
    );
    // A slash between move pairs, a capital alone (a diagram's `D`).
    for (token, what) in [
        ("/", "a separator"),
        ("D", LETTER_ALONE),
        ("(D)", LETTER_ALONE),
        ("I", LETTER_ALONE),
        ("P", LETTER_ALONE),
    ] {
        assert_eq!(
            read_token(&pos, None, token),
            TokenReading::NotAMove(what),
            "{token}"
        );
    }
    for token in ["Nf5", "Qh8", "Zz9", "e5e4"] {
        assert_eq!(
            read_token(&pos, None, token),
            TokenReading::Unmatched,
            "{token}"
        );
    }
    let long = "N".repeat(100);
    assert_eq!(read_token(&pos, None, &long), TokenReading::Unmatched);
}

#[test]
fn short_words_and_abbreviations_of_any_language_are_words() {
    let pos = after(&["e4", "e5"]);
    // `y` (Spanish and), `og` (Danish and), `ou` (French or), `et`, an
    // abbreviation (`I.p.v.`, Dutch instead of), a word with its apostrophe
    // or hyphen: no move is spelled so, nor starts so.
    for token in [
        "y",
        "og",
        "ou",
        "et",
        "I.p.v.",
        "z.B.",
        "L'obertura",
        "Seguiu-se",
        "mat?",
    ] {
        assert_eq!(
            read_token(&pos, None, token),
            TokenReading::NotAMove("a word"),
            "{token}"
        );
    }
    // A move cut short (a file, a piece letter in any language, a capture by
    // files, a capture mark) is no word: the error stays at it.
    for token in ["e", "a", "Nf", "Kt", "da", "de", "x", "k", "P-K"] {
        assert_eq!(
            read_token(&pos, None, token),
            TokenReading::Unmatched,
            "{token}"
        );
    }
}

#[test]
fn a_rank_printed_as_the_letter_a_scan_takes_it_for_is_read_as_the_rank() {
    let pos = after(&["e4", "e5"]);
    // Polish long algebraic: `l` for `1` in the knight's square.
    let TokenReading::RankMisread { mv, read, .. } = read_token(&pos, None, "Sgl-f3") else {
        panic!("Sgl-f3: {:?}", read_token(&pos, None, "Sgl-f3"));
    };
    assert_eq!((pos.san(&mv).as_str(), read.as_str()), ("Nf3", "Sg1-f3"));
    // `B` for `8`, `S` for `5`, in both squares.
    let pos = after(&["e4", "e5", "Nf3"]);
    let TokenReading::RankMisread { mv, .. } = read_token(&pos, None, "NbB-c6") else {
        panic!("NbB-c6");
    };
    assert_eq!(pos.san(&mv), "Nc6");
    // A file before a rank is a file (`Rab1`'s `b`), and no letter stands for
    // a rank no square has (`O` for `0`, `g` for `9`): no reading.
    for token in ["NgO", "Ng9", "Nbl-a3x"] {
        assert_eq!(
            read_token(&pos, None, token),
            TokenReading::Unmatched,
            "{token}"
        );
    }
    // A legal move spelled as printed is never read otherwise.
    let pos = Position::new();
    assert!(matches!(
        read_token(&pos, None, "Nh3"),
        TokenReading::One { .. }
    ));
    // Where two readings of the letters name two legal moves, none is taken:
    // `l` is read for `1` and for `7`.
    let pos = Position::from_fen("8/2k5/8/R7/8/8/8/6K1 w - - 0 1").unwrap();
    assert_eq!(read_token(&pos, None, "Ral"), TokenReading::Unmatched);
    // With a7 taken by a white pawn, only `1` reads as a legal move.
    let pos = Position::from_fen("8/P1k5/8/R7/8/8/8/6K1 w - - 0 1").unwrap();
    let TokenReading::RankMisread { mv, .. } = read_token(&pos, None, "Ral") else {
        panic!("Ral");
    };
    assert_eq!(pos.san(&mv), "Ra1");
}

/// The move a scan's misreading of `token` is read as, or the reading.
fn scanned(pos: &Position, token: &str) -> Result<String, TokenReading> {
    match read_scan_misread(pos, None, None, token) {
        TokenReading::RankMisread { mv, .. } => Ok(pos.san(&mv)),
        other => Err(other),
    }
}

#[test]
fn a_descriptive_move_a_scan_misread_is_read_when_one_legal_move_fits() {
    let pos = after(&["e4", "e5"]);
    // `ß` for `B`, `s` and `G` for ranks, `Kl` for `Kt`, `K to` run together.
    assert_eq!(scanned(&pos, "Kt—Qß3"), Ok("Nc3".to_owned()));
    assert_eq!(scanned(&pos, "Kt—KBG"), Err(TokenReading::Unmatched));
    assert_eq!(scanned(&pos, "Kt—Kl3"), Err(TokenReading::Unmatched));
    let pos = after(&["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(scanned(&pos, "B—Kts"), Ok("Bb5".to_owned()));
    assert_eq!(scanned(&pos, "PtoQ4 ■ i"), Ok("d4".to_owned()));
    let pos = after(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "Be7"]);
    assert_eq!(scanned(&pos, "Kto Bsq"), Ok("Kf1".to_owned()));
    assert_eq!(scanned(&pos, "KtoQ2"), Ok("Kd2".to_owned()));
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4Kb2 w - - 0 1").unwrap();
    assert_eq!(scanned(&pos, "Ktakesß"), Ok("Kxf1".to_owned()));
    // Two readings naming two legal moves: none is taken (`l` is read for
    // `1` and for `t`: `Kt—Kl` as `Kt—K1` or `Kt—Kt`).
    let pos = Position::from_fen("4k3/8/8/8/8/8/6N1/4K3 w - - 0 1").unwrap();
    assert_eq!(scanned(&pos, "Kt—Kl"), Err(TokenReading::Unmatched));
    // Readings naming two moves are reported as both, never one chosen: `B B`
    // (the dash and the rank lost) fits both bishops' moves to a B file.
    let pos = Position::from_fen("r2qr1k1/pppbbppp/1n2p3/4P3/5BQ1/1BN1P3/PP3PPP/R3K2R b KQ - 6 13")
        .unwrap();
    let Err(TokenReading::Several(moves)) = scanned(&pos, "B B") else {
        panic!("B B: {:?}", scanned(&pos, "B B"));
    };
    let mut names: Vec<String> = moves.iter().map(|m| pos.san(m)).collect();
    names.sort();
    assert_eq!(names, ["Bc8", "Bf8"]);
    // A reading whose move does not bear out the token's mate word counts for
    // none: `R—QS mate` is no `R—Q5` that mates nothing.
    let pos = Position::from_fen("k7/8/8/8/8/8/8/3RK3 w - - 0 1").unwrap();
    assert_eq!(scanned(&pos, "R—QS mate"), Err(TokenReading::Unmatched));
    assert_eq!(scanned(&pos, "R—QS"), Ok("Rd5".to_owned()));
}

#[test]
fn print_noise_alone_is_no_move() {
    let pos = Position::new();
    for token in ["■", "•", "’", "■: :", "-:", "'"] {
        assert_eq!(
            read_token(&pos, None, token),
            TokenReading::NotAMove("print noise"),
            "{token}"
        );
    }
    // A check mark, a result or a variation's bracket apart is not noise.
    for token in ["+", "*", "("] {
        assert_ne!(
            read_token(&pos, None, token),
            TokenReading::NotAMove("print noise"),
            "{token}"
        );
    }
}
