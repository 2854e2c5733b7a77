use pretty_assertions::assert_eq;

use super::*;

#[track_caller]
fn check_translate(lang: Language, token: &str, expected: &str) {
    let mut t = Translation::default();
    translate(token.as_bytes(), lang, &mut t).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&t.bytes),
        expected,
        "{token} in {lang}"
    );
    assert_eq!(t.from.len(), t.bytes.len() + 1);
    assert_eq!(t.original(t.bytes.len()), token.len());
}

#[test]
fn translates_piece_letters_of_every_language() {
    use Language::*;
    let cases = [
        (German, ["K", "D", "T", "L", "S"]),
        (French, ["R", "D", "T", "F", "C"]),
        (Spanish, ["R", "D", "T", "A", "C"]),
        (Italian, ["R", "D", "T", "A", "C"]),
        (Portuguese, ["R", "D", "T", "B", "C"]),
        (Dutch, ["K", "D", "T", "L", "P"]),
        (Swedish, ["K", "D", "T", "L", "S"]),
        (Danish, ["K", "D", "T", "L", "S"]),
        (Norwegian, ["K", "D", "T", "L", "S"]),
        (Czech, ["K", "D", "V", "S", "J"]),
        (Slovak, ["K", "D", "V", "S", "J"]),
        (Polish, ["K", "H", "W", "G", "S"]),
        (Hungarian, ["K", "V", "B", "F", "H"]),
        (Finnish, ["K", "D", "T", "L", "R"]),
        (Russian, ["Кр", "Ф", "Л", "С", "К"]),
    ];
    for (lang, letters) in cases {
        for (letter, english) in letters.iter().zip(["K", "Q", "R", "B", "N"]) {
            check_translate(lang, &format!("{letter}f3"), &format!("{english}f3"));
            check_translate(lang, &format!("{letter}:d5+"), &format!("{english}:d5+"));
            check_translate(lang, &format!("{letter}e2-e4"), &format!("{english}e2-e4"));
            assert_eq!(
                lang.letter(
                    PIECE_ROLES[["K", "Q", "R", "B", "N"]
                        .iter()
                        .position(|e| e == &english)
                        .unwrap()]
                ),
                *letter
            );
        }
        // Files are never letters: `b4`, `cxd5` stay.
        check_translate(lang, "b4", "b4");
        check_translate(lang, "cxd5", "cxd5");
    }
}

#[test]
fn translates_pawns_promotions_marks_and_castling() {
    check_translate(Language::German, "Be4", "Pe4");
    check_translate(Language::German, "e8D+", "e8Q+");
    check_translate(Language::German, "exd8=S", "exd8=N");
    check_translate(Language::French, "a1(D)", "a1(Q)");
    check_translate(Language::Russian, "пe4", "Pe4");
    check_translate(Language::Russian, "Фхd5", "Qxd5");
    check_translate(Language::Russian, "Крg1", "Kg1");
    check_translate(Language::Russian, "Kpg1", "Kg1");
    check_translate(Language::Russian, "Kf3", "Nf3");
    check_translate(Language::Russian, "Cb5", "Bb5");
    check_translate(Language::Russian, "Кс3", "Nc3");
    check_translate(Language::Russian, "е4", "e4");
    check_translate(Language::Russian, "e8Ф", "e8Q");
    check_translate(Language::English, "d2—d4", "d2-d4");
    check_translate(Language::English, "d2–d4", "d2-d4");
    check_translate(Language::English, "Kt-f3", "N-f3");
    check_translate(Language::English, "Ktb1-d2", "Nb1-d2");
    check_translate(Language::English, "o-o", "O-O");
    check_translate(Language::English, "O--O-O+", "O-O-O+");
    check_translate(Language::English, "0—0", "0-0");
    check_translate(Language::German, "0-0-0", "0-0-0");
}

#[test]
fn maps_every_byte_back_to_the_written_token() {
    let mut t = Translation::default();
    translate("Крg1".as_bytes(), Language::Russian, &mut t).unwrap();
    // `K` comes from the four bytes of `Кр`, `g1` after them.
    assert_eq!(t.from, vec![0, 4, 5, 6]);
}

#[test]
fn a_capital_the_language_lacks_is_an_error_at_it() {
    let mut t = Translation::default();
    let e = translate(b"Nf3", Language::German, &mut t).unwrap_err();
    assert_eq!((e.at, e.len, e.letter.as_str()), (0, 1, "N"));
    assert_eq!(
        e.to_string(),
        r#""N" is not a piece letter in German (K D T L S, B for a pawn)"#
    );
    let e = translate("Жf3".as_bytes(), Language::Russian, &mut t).unwrap_err();
    assert_eq!((e.at, e.len), (0, 2));
}

#[track_caller]
fn detected(tokens: &[&str]) -> Detection {
    detect(tokens.iter().map(|t| t.as_bytes()))
}

#[test]
fn detects_the_language_from_all_the_letters_of_a_game() {
    let lang = |tokens: &[&str]| match detected(tokens) {
        Detection::Language { language, .. } => Some(language),
        _ => None,
    };
    assert_eq!(detected(&["e4", "Nf3", "O-O", "Kt-f3"]), Detection::English);
    assert_eq!(lang(&["Lc4", "Dh4+", "Sf6"]), Some(Language::German));
    assert_eq!(lang(&["Cf3", "Fb5", "Re2"]), Some(Language::French));
    assert_eq!(lang(&["Cf3", "Ab5", "Re2"]), Some(Language::Spanish));
    assert_eq!(
        lang(&["Cf3", "Bb5", "Re2", "Dd1"]),
        Some(Language::Portuguese)
    );
    assert_eq!(lang(&["Pf3", "Lb5", "Dd1"]), Some(Language::Dutch));
    assert_eq!(lang(&["Jf3", "Sb5", "Vd1"]), Some(Language::Czech));
    assert_eq!(lang(&["Sf3", "Gb5", "Hd1", "Wa1"]), Some(Language::Polish));
    assert_eq!(
        lang(&["Hf3", "Fb5", "Vd1", "Ba1"]),
        Some(Language::Hungarian)
    );
    assert_eq!(lang(&["Rf3", "Lb5", "Dd1"]), Some(Language::Finnish));
    assert_eq!(
        lang(&["Кf3", "Сb5", "Фd1", "Крg1"]),
        Some(Language::Russian)
    );
    // Latin look-alikes with Cyrillic letters, and Latin alone.
    assert_eq!(lang(&["Kf3", "Cb5", "Фd1"]), Some(Language::Russian));
    assert_eq!(lang(&["11…cxb5", "12.Фd1"]), Some(Language::Russian));
    // Promotion letters count.
    assert_eq!(lang(&["e4", "e8D"]), Some(Language::German));
    // Prose and descriptive moves do not.
    assert_eq!(detected(&["P-K4", "Resigns", "Kt-KB3"]), Detection::English);
}

#[test]
fn letters_read_differently_leave_the_language_undecided() {
    let Detection::Undecidable {
        letters,
        candidates,
    } = detected(&["Dd2", "Rf1", "Td1"])
    else {
        panic!("decided")
    };
    assert_eq!(letters, vec!["D", "R", "T"]);
    assert!(candidates.contains(&Language::French));
    assert!(candidates.contains(&Language::Finnish));
    // `S` is a knight in German, a bishop in Czech.
    assert!(matches!(
        detected(&["Sf3", "Dd1", "Ke2"]),
        Detection::Undecidable { .. }
    ));
    assert!(matches!(
        detected(&["Фd1", "Lb5"]),
        Detection::Unknown { .. }
    ));
}

#[test]
fn files_in_a_language_s_own_alphabet_are_read_as_its_squares() {
    use Language::{Greek, Russian, Serbian};
    // Greek Wikipedia: `1. ζ3 ε5 2. η4?? Βθ4#`, `Ι:δ4`, `γδ4`.
    check_translate(Greek, "ζ3", "f3");
    check_translate(Greek, "η4??", "g4??");
    check_translate(Greek, "Βθ4#", "Qh4#");
    check_translate(Greek, "Ι:δ4", "N:d4");
    check_translate(Greek, "γδ4", "cd4");
    check_translate(Greek, "Πα1-δ1", "Ra1-d1");
    check_translate(Greek, "η8=Β", "g8=Q");
    // Latin files stay readable in Greek.
    check_translate(Greek, "Ιf3", "Nf3");
    // Serbian Cyrillic: c is ц, h is х; `х` before no rank is the capture mark.
    check_translate(Serbian, "Сф3", "Nf3");
    check_translate(Serbian, "Лц4", "Bc4");
    check_translate(Serbian, "Тх1", "Rh1");
    check_translate(Serbian, "Дхд5", "Qxd5");
    // Another language's own files are no files: Russian reads `ф` as nothing.
    check_translate(Russian, "Сф3", "Bф3");
    let mut t = Translation::default();
    translate("ζ3".as_bytes(), Language::Greek, &mut t).unwrap();
    assert!(
        t.national,
        "a square in Greek letters says the game is Greek"
    );
    translate("е4".as_bytes(), Language::Serbian, &mut t).unwrap();
    assert!(!t.national, "Cyrillic е is read as e in every language");
}

#[test]
fn own_files_tell_the_language_as_piece_letters_do() {
    // Pawn moves alone: the files are the only letters.
    assert!(matches!(
        detected(&["ζ3", "ε5", "η4??", "Βθ4#"]),
        Detection::Language {
            language: Language::Greek,
            ..
        }
    ));
    assert!(matches!(
        detected(&["δ4", "δ5"]),
        Detection::Language {
            language: Language::Greek,
            ..
        }
    ));
    // `С` is a Serbian knight and a Russian bishop: `ф` decides.
    assert!(matches!(
        detected(&["е4", "е5", "Сф3", "Сц6", "Лц4"]),
        Detection::Language {
            language: Language::Serbian,
            ..
        }
    ));
    // Without a file only Serbian prints, the letters say Russian, a common
    // language, as before: the board tries Serbian where Russian is illegal.
    assert!(matches!(
        detected(&["е4", "е5", "Се2"]),
        Detection::Language {
            language: Language::Russian,
            ..
        }
    ));
    // Russian's Cyrillic look-alikes (`е4`, `с5`) and capture mark stay Russian.
    assert!(matches!(
        detected(&["е4", "с5", "Кf3", "Фхd5", "Крg1"]),
        Detection::Language {
            language: Language::Russian,
            ..
        }
    ));
    assert_eq!(detected(&["e4", "e5"]), Detection::English);
}

#[test]
fn codes_round_trip() {
    for l in Language::ALL {
        assert_eq!(Language::from_code(l.code()), Some(l));
    }
    assert_eq!(Language::from_code("NB"), Some(Language::Norwegian));
    assert_eq!(Language::from_code("xx"), None);
}

mod games {
    use pretty_assertions::assert_eq;

    use crate::Mode;
    use crate::lang::Language;
    use crate::pgn::{Game, Token, parse_game, parse_game_lang_into};

    fn moves(game: &Game<'_>) -> Vec<String> {
        game.mainline().map(|m| m.to_string()).collect()
    }

    fn kinds(game: &Game<'_>) -> Vec<&'static str> {
        game.diagnostics.iter().map(|d| d.kind.name()).collect()
    }

    #[test]
    fn a_german_game_is_read_in_german_with_spans_on_the_written_text() {
        let text = "1.e4 e5 2.f4 exf4 3.Lc4 Dh4+ 4.Kf1 b5 5.Lxb5 Sf6 *";
        let game = parse_game(text.as_bytes(), 100, Mode::Lenient);
        assert_eq!(
            moves(&game),
            [
                "e4", "e5", "f4", "exf4", "Bc4", "Qh4+", "Kf1", "b5", "Bxb5", "Nf6"
            ]
        );
        assert_eq!(kinds(&game), ["national-letters"]);
        let d = &game.diagnostics[0];
        assert_eq!(d.span.start() - 100, text.find("Lc4").unwrap());
        let sf6 = game.mainline().last().unwrap();
        assert_eq!(sf6.span().start() - 100, text.find("Sf6").unwrap());
    }

    #[test]
    fn strict_mode_rejects_national_letters() {
        // `S` alone could be a Czech bishop: `L` makes it German.
        let game = parse_game("1.e4 e5 2.Sf3 Sc6 3.Lb5 *".as_bytes(), 0, Mode::Strict);
        assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert!(game.has_errors());
    }

    #[test]
    fn a_cyrillic_move_keeps_its_multibyte_spans() {
        let text = "1.e4 e5 2.Кf3 Кc6 3.Сb5 a6 4.0-0 Кf6 5.Крh1 *";
        let game = parse_game(text.as_bytes(), 0, Mode::Lenient);
        assert_eq!(
            moves(&game),
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "0-0", "Nf6", "Kh1"]
        );
        let kh1 = game.mainline().last().unwrap().get();
        assert_eq!(&text[kh1.span.range()], "Крh1");
        let crate::MoveKind::San(san) = &kh1.kind else {
            panic!("not SAN")
        };
        assert_eq!(
            &text[san.role_span.unwrap().start()..san.role_span.unwrap().end()],
            "Кр"
        );
        assert_eq!(&text[san.to_span.range()], "h1");
    }

    #[test]
    fn the_language_is_forced_or_left_undecided() {
        let text = b"1.e4 e5 2.Dh5 Re7 3.Dxe5# 1-0";
        let game = parse_game(text, 0, Mode::Lenient);
        assert!(kinds(&game).contains(&"undecidable-language"));
        let d = game
            .diagnostics
            .iter()
            .find(|d| d.kind == "undecidable-language")
            .unwrap();
        assert_eq!(d.candidates.len(), 5);
        assert!(d.message.contains("--lang fr|es|it|pt|fi"));
        let mut game = Game::default();
        parse_game_lang_into(&mut game, text, 0, Mode::Lenient, Some(Language::French));
        assert_eq!(moves(&game), ["e4", "e5", "Qh5", "Ke7", "Qxe5#"]);
        parse_game_lang_into(&mut game, text, 0, Mode::Lenient, Some(Language::Finnish));
        assert_eq!(moves(&game), ["e4", "e5", "Qh5", "Ne7", "Qxe5#"]);
    }

    #[test]
    fn a_letter_the_forced_language_lacks_is_an_error_at_it() {
        let mut game = Game::default();
        parse_game_lang_into(
            &mut game,
            b"1.e4 e5 2.Nf3 *",
            0,
            Mode::Lenient,
            Some(Language::German),
        );
        assert_eq!(kinds(&game), ["unknown-piece-letter"]);
        assert_eq!(game.diagnostics[0].span.start(), 10);
        assert!(matches!(game.tokens[game.stop.unwrap()], Token::Invalid(_)));
    }

    #[test]
    fn english_games_are_read_once_and_unchanged() {
        let text = b"1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 *";
        let auto = parse_game(text, 0, Mode::Lenient);
        let mut forced = Game::default();
        parse_game_lang_into(&mut forced, text, 0, Mode::Lenient, Some(Language::English));
        assert_eq!(auto, forced);
        assert!(auto.diagnostics.is_empty());
    }

    #[test]
    fn black_moves_numbered_with_an_ellipsis_or_apart() {
        let text = "1.e4\n1…e5\n2.Nf3\n2 ..Nc6\n3.Bb5 a6 *";
        let game = parse_game(text.as_bytes(), 0, Mode::Lenient);
        assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(kinds(&game), ["move-number-ellipsis"]);
    }

    #[test]
    fn lasker_style_and_spelled_castling_are_english() {
        let text = b"1. P-e4 P-e5 2. Kt-f3 Ktb8-c6 3. B-c4 B-c5 4. o-o Kt-f6 5. Pd2-d3 O--O *";
        let game = parse_game(text, 0, Mode::Lenient);
        let english = parse_game(
            b"1. e4 e5 2. Nf3 Nb8-c6 3. Bc4 Bc5 4. O-O Nf6 5. Pd2-d3 O-O *",
            0,
            Mode::Lenient,
        );
        assert_eq!(moves(&game), moves(&english));
        assert!(kinds(&game).contains(&"knight-kt"));
        assert!(!game.has_errors());
    }

    #[test]
    fn one_move_per_line_in_a_bare_list_is_moves_not_prose() {
        let text = "Sf3\nSf6\nLc4 *";
        let game = parse_game(text.as_bytes(), 0, Mode::Lenient);
        assert_eq!(moves(&game), ["Nf3", "Nf6", "Bc4"]);
    }
}

#[test]
fn prose_is_not_a_national_move() {
    for word in [
        "After", "Der", "Ce", "Spassky", "Tal", "P-K4", "Resigns", "Dh",
    ] {
        assert_eq!(leading_letter(word.as_bytes()), None, "{word}");
        assert!(!looks_like_move(word.as_bytes()), "{word}");
    }
    for word in [
        "Sf3", "Sbd2", "T1e2", "Lxb5", "L:b5", "Kt-f3", "Ktb1-d2", "Крg1", "Кс3", "Фхd5", "Sg1—f3",
    ] {
        assert!(leading_letter(word.as_bytes()).is_some(), "{word}");
    }
    let text = "Der Weiße zieht, und After this Black is lost\n1.e4 e5 2.Sf3 Sc6 3.Lb5 *";
    let game = crate::pgn::parse_game(text.as_bytes(), 0, crate::Mode::Lenient);
    let moves: Vec<String> = game.mainline().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(game.diagnostics[0].kind, "commentary");
}

#[test]
fn pawn_captures_by_files_are_read_and_spanned() {
    for (token, from, to, capture) in [
        ("cd:", File::C, File::D, Some((2, 3))),
        ("c:d", File::C, File::D, Some((1, 2))),
        ("exf", File::E, File::F, Some((1, 2))),
        ("hg", File::H, File::G, None),
    ] {
        let m = read_file_capture(token.as_bytes(), 10).unwrap();
        let MoveKind::FileCapture(c) = m.kind else {
            panic!("{token}")
        };
        assert_eq!((c.from, c.to), (from, to), "{token}");
        assert_eq!(
            c.capture.map(|s| (s.start() - 10, s.end() - 10)),
            capture,
            "{token}"
        );
        assert_eq!(m.span, Span::new(10, 10 + token.len()));
    }
    let m = read_file_capture(b"ed:+!", 0).unwrap();
    assert_eq!(m.to_string(), "ed:+!");
    for not in ["ce:", "cc", "c", "cd5", "cd:e", "Cd:", "de.p."] {
        assert_eq!(read_file_capture(not.as_bytes(), 0), None, "{not}");
    }
}

#[test]
fn a_mixture_is_every_smallest_set_of_languages_that_has_all_the_letters() {
    use Language::*;
    // One language has them all: that one (and those sharing its letters).
    assert_eq!(mixture(&["S", "L"]), [German, Swedish, Danish, Norwegian]);
    // German `L` beside English `Q`: English and the languages with an `L`.
    let mix = mixture(&["L", "Q"]);
    assert_eq!(mix[0], English);
    assert!(mix.contains(&German) && mix.contains(&Dutch), "{mix:?}");
    assert!(!mix.contains(&Russian) && !mix.contains(&Polish), "{mix:?}");
    // Czech `J` beside English `Q`: the `S` is a Czech bishop, never a German knight.
    assert_eq!(mixture(&["J", "S", "Q"]), [English, Czech, Slovak]);
    // Russian set in Latin type (`C` a bishop) beside `D`: Russian is in play
    // only because the `K` of `Kb8-c6` needs a language with `K` and `C`.
    assert!(mixture(&["C", "D", "K"]).contains(&Russian));
    assert!(!mixture(&["C", "D"]).contains(&Russian));
    // Letters no three languages have together: nothing.
    assert!(mixture(&["Q", "W", "J", "A"]).is_empty());
}

#[test]
fn letter_meanings_name_each_letter_in_each_language() {
    use Language::*;
    assert_eq!(
        letter_meanings(&["C", "K"], &[French, Russian]),
        "C knight (fr) or bishop (ru), K knight (ru)"
    );
}
