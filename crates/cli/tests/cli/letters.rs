//! Piece letters of languages read from their tables, and letters no table
//! lists learned per game from the legal moves (issue 30), through the real
//! binary on the real pages of `fixtures/letters` (`SOURCES.md` there): each
//! game converts to its true moves in SAN; a misprint in a known language is
//! refused at its token, never learned as an alphabet.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use serde_json::Value;

use crate::common::{one_game_report, run};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/letters")
}

/// `convert --to san --moves-only` of `name`, and the exit code.
fn san(name: &str) -> (String, Option<i32>) {
    let r = run(
        &fixtures(),
        BIN,
        &["convert", "--to", "san", "--moves-only", name],
    );
    (r.stdout.trim().to_owned(), r.code)
}

/// Every problem of a game's report as (kind, message).
fn problems(game: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for list in ["errors", "warnings", "notes"] {
        for p in game[list].as_array().into_iter().flatten() {
            out.push((
                p["kind"].as_str().unwrap_or_default().to_owned(),
                p["message"].as_str().unwrap_or_default().to_owned(),
            ));
        }
    }
    out
}

#[test]
fn games_in_languages_of_the_new_tables_convert_to_their_moves() {
    let cases = [
        (
            "tr-legal-mate.txt",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. Nc3 Bg4 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0",
            "Turkish",
        ),
        (
            "vi-blackburne-shilling.txt",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 *",
            "Vietnamese",
        ),
        (
            "lt-scotch.txt",
            "1. e4 e5 2. Nf3 Nc6 3. d4 Nxd4 4. Nxd4 exd4 5. Qxd4 Ne7 6. Bc4 Nc6 7. Qd5 Qf6 8. O-O Ne5 9. Be2 c6 10. Qb3 Ng6 11. f4 Bc5+ 12. Kh1 d6 *",
            "Lithuanian",
        ),
        (
            "eo-two-knights.txt",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 8. Qf3 *",
            "Esperanto",
        ),
    ];
    for (name, moves, language) in cases {
        assert_eq!(san(name), (moves.to_owned(), Some(0)), "{name}");
        let g = one_game_report(&fixtures(), BIN, name);
        assert!(
            problems(&g)
                .iter()
                .any(|(k, m)| k == "national-letters" && m.contains(language)),
            "{name}: {g}"
        );
    }
}

#[test]
fn letters_of_a_script_no_table_has_are_learned_from_the_legal_moves() {
    // Georgian (ka.wikibooks' Latvian gambit): მ the knight, კ the bishop;
    // the page's own `6.c3` (a knight stands on c3) is refused at its move.
    let g = one_game_report(&fixtures(), BIN, "ka-latvian-gambit.txt");
    let learned: Vec<String> = problems(&g)
        .into_iter()
        .filter(|(k, _)| k == "learned-letters")
        .map(|(_, m)| m)
        .collect();
    assert_eq!(learned.len(), 1, "{g}");
    assert!(
        learned[0].ends_with("read მ as the knight, კ as the bishop"),
        "{}",
        learned[0]
    );
    let errors = g["errors"].as_array().expect("errors");
    assert_eq!(
        (errors[0]["kind"].as_str(), errors[0]["ply"].as_u64()),
        (Some("illegal-move"), Some(11)),
        "{g}"
    );
}

#[test]
fn a_made_up_alphabet_is_learned_and_named_in_json() {
    let (moves, code) = san("made-up-alphabet-opera.txt");
    assert_eq!(code, Some(0));
    assert_eq!(
        moves,
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0"
    );
    let g = one_game_report(&fixtures(), BIN, "made-up-alphabet-opera.txt");
    let warning = g["warnings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|w| w["kind"] == "learned-letters")
        .unwrap_or_else(|| panic!("no learned-letters warning: {g}"));
    assert_eq!(
        warning["message"],
        "piece letters learned from the legal moves, as no language's table reads the game: read U as the knight, Ø as the bishop, I as the queen, Y as the rook"
    );
}

#[test]
fn a_misprinted_letter_in_a_known_language_is_refused_not_learned() {
    let g = one_game_report(&fixtures(), BIN, "de-misprint-not-an-alphabet.txt");
    assert_eq!(g["valid"], false);
    let errors = g["errors"].as_array().expect("errors");
    assert_eq!(errors[0]["kind"], "unknown-piece-letter", "{g}");
    assert!(
        errors[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("a misprint is never taken for an alphabet")),
        "{g}"
    );
    assert!(!problems(&g).iter().any(|(k, _)| k == "learned-letters"));
    // A Turkish page's own misprint (`4...A6` for the knight to f6) is refused
    // at that token, the moves before it read.
    let g = one_game_report(&fixtures(), BIN, "tr-spanish-misprint.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(false), Some(7))
    );
    assert!(!problems(&g).iter().any(|(k, _)| k == "learned-letters"));
}

#[test]
fn letters_a_common_language_reads_illegally_are_read_in_the_rarer_table_that_reads_them_legally() {
    // `R`, `B`, `D` fit Portuguese (R the king) and Icelandic (R the knight,
    // riddari): the board decides, as between common languages.
    let dir = crate::common::scratch_dir("letters", "rarer");
    std::fs::write(
        dir.join("is.txt"),
        "1. e4 c5 2. Rf3 d6 3. Bb5+ Rd7 4. O-O Dc7 5. c3 a6 *\n",
    )
    .expect("writing the input");
    let r = run(
        &dir,
        BIN,
        &["convert", "--to", "san", "--moves-only", "is.txt"],
    );
    assert_eq!(
        r.stdout.trim(),
        "1. e4 c5 2. Nf3 d6 3. Bb5+ Nd7 4. O-O Qc7 5. c3 a6 *",
        "{}",
        r.stderr
    );
    let out = run(&dir, BIN, &["validate", "--format", "json", "is.txt"]);
    let game: Value =
        serde_json::from_str(out.stdout.lines().next().expect("a report")).expect("JSON");
    assert!(
        game["notes"]
            .as_array()
            .expect("notes")
            .iter()
            .any(|n| n["kind"] == "language-by-moves"
                && n["message"]
                    .as_str()
                    .unwrap_or_default()
                    .contains("Icelandic")),
        "{game}"
    );
}

#[test]
fn letters_english_reads_illegally_are_read_in_the_language_that_reads_them_legally() {
    // `R` and `B` alone are English letters, but `2. Rf3` is no rook move:
    // Icelandic reads `R` as the knight (riddari), and every move is legal so.
    let (moves, code) = san("is-scotch-letters-of-english.txt");
    assert_eq!(
        (moves.as_str(), code),
        (
            "1. e4 e5 2. Nf3 Nc6 3. d4 exd4 4. Nxd4 Bc5 5. Be3 *",
            Some(0)
        )
    );
    let g = one_game_report(&fixtures(), BIN, "is-scotch-letters-of-english.txt");
    let found = problems(&g);
    assert!(
        found.iter().any(|(k, m)| k == "language-by-moves"
            && m.contains("fit English, whose reading is illegal, and Icelandic")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|(k, m)| k == "national-letters" && m.contains("told by the legal moves")),
        "{found:?}"
    );
    let dir = crate::common::scratch_dir("letters", "english-illegal");
    // An English game that writes `N`: no other table has its letters, and
    // its misprinted `Rf3` stays an error at that move.
    std::fs::write(dir.join("en.txt"), "1. e4 e5 2. Rf3 Nc6 *\n").expect("writing the input");
    // Prose after the moves stops every reading; the one that plays furthest,
    // Icelandic, is how the game is written, and its own error stays.
    std::fs::write(
        dir.join("is.txt"),
        "Skoski leikurinn: 1. e4 e5 2. Rf3 Rc6 3. d4 exd4 4. Rxd4 Bc5 5. Be3 Df6 6. c3 Rge7 7. Bc4 Re5 8. Be2 Dg6 9. O-O d6 10. f3 O-O 11. Rd2 Ra3\n",
    )
    .expect("writing the input");
    let en = one_game_report(&dir, BIN, "en.txt");
    assert_eq!(
        (en["valid"].as_bool(), en["errors"][0]["ply"].as_u64()),
        (Some(false), Some(3)),
        "{en}"
    );
    assert!(!problems(&en).iter().any(|(k, _)| k == "language-by-moves"));
    let is = one_game_report(&dir, BIN, "is.txt");
    assert_eq!(
        (is["valid"].as_bool(), is["plies"].as_u64()),
        (Some(false), Some(21)),
        "{is}"
    );
    assert!(
        problems(&is)
            .iter()
            .any(|(k, m)| k == "language-by-moves" && m.contains("Icelandic")),
        "{is}"
    );
}

#[test]
fn squares_written_in_the_language_s_own_alphabet_read_whole() {
    let cases = [
        ("el-fools-mate.txt", "1. f3 e5 2. g4 Qh4# 0-1", "Greek"),
        (
            "el-french-advance.txt",
            "1. e4 e6 2. d4 d5 3. e5 c5 4. c3 Nc6 5. Nf3 Qb6 *",
            "Greek",
        ),
        (
            "sr-two-knights.txt",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 *",
            "Serbian",
        ),
    ];
    for (name, moves, language) in cases {
        assert_eq!(san(name), (moves.to_owned(), Some(0)), "{name}");
        let g = one_game_report(&fixtures(), BIN, name);
        assert!(
            problems(&g)
                .iter()
                .any(|(k, m)| k == "national-letters" && m.contains(language)),
            "{name}: {g}"
        );
    }
    // Written back in Greek: the pieces' letters, files in Latin as PGN has them.
    let r = run(
        &fixtures(),
        BIN,
        &[
            "convert",
            "--to",
            "san",
            "--lang",
            "el",
            "--moves-only",
            "el-fools-mate.txt",
        ],
    );
    assert_eq!(r.stdout.trim(), "1. f3 e5 2. g4 Βh4# 0-1", "{}", r.stderr);
}

#[test]
fn an_illegal_move_in_greek_letters_is_located_with_suggestions() {
    let dir = crate::common::scratch_dir("letters", "greek-illegal");
    std::fs::write(dir.join("el.txt"), "1. ζ3 ε5\n2. η4?? Βθ5\n").expect("writing the input");
    let g = one_game_report(&dir, BIN, "el.txt");
    let errors = g["errors"].as_array().expect("errors");
    assert_eq!(
        (errors[0]["kind"].as_str(), errors[0]["ply"].as_u64()),
        (Some("illegal-move"), Some(4)),
        "{g}"
    );
    assert_eq!(errors[0]["move"].as_str(), Some("Βθ5"), "{g}");
    assert!(
        errors[0]["suggestions"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c == "Qg5 (Qd8-g5)")),
        "{g}"
    );
}

#[test]
fn a_cyrillic_letter_serbian_and_russian_read_differently_is_read_as_the_legal_one() {
    // `С` is a knight in Serbian, a bishop in Russian; `е` and `а` are files in
    // both. No Russian bishop reaches a3 at move 3: the Serbian reading is legal.
    let dir = crate::common::scratch_dir("letters", "serbian-or-russian");
    std::fs::write(dir.join("sr.txt"), "1. е4 е5 2. Се2 Се7 3. Са3 *\n")
        .expect("writing the input");
    let r = run(
        &dir,
        BIN,
        &["convert", "--to", "san", "--moves-only", "sr.txt"],
    );
    assert_eq!(
        r.stdout.trim(),
        "1. e4 e5 2. Ne2 Ne7 3. Na3 *",
        "{}",
        r.stderr
    );
    let g = one_game_report(&dir, BIN, "sr.txt");
    assert!(
        problems(&g)
            .iter()
            .any(|(k, m)| k == "language-by-moves" && m.contains("Serbian")),
        "{g}"
    );
    // Read as Russian where the Russian reading is legal, as before.
    std::fs::write(dir.join("ru.txt"), "1. е4 е5 2. Се2 Се7 3. Сf3 *\n")
        .expect("writing the input");
    let r = run(
        &dir,
        BIN,
        &["convert", "--to", "san", "--moves-only", "ru.txt"],
    );
    assert_eq!(
        r.stdout.trim(),
        "1. e4 e5 2. Be2 Be7 3. Bf3 *",
        "{}",
        r.stderr
    );
}
