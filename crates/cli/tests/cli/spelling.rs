//! Printed tokens no grammar lists, read by the board against the legal moves'
//! spellings (issue 30), through the real binary: the games of
//! `fixtures/spelling` convert to their true moves, with a note at each token
//! so read; tokens that spell several moves or none are refused at the token.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use serde_json::Value;

use crate::common::run;

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The main line `convert --to san --moves-only` writes for `file`, and the exit code.
fn san(file: &str) -> (String, Option<i32>) {
    let r = run(
        &root(),
        BIN,
        &["convert", "--to", "san", "--moves-only", file],
    );
    (r.stdout.trim().to_owned(), r.code)
}

/// The kinds of every problem `validate --format json` reports for `file`'s first game.
fn kinds(file: &str) -> Vec<(String, String)> {
    let r = run(&root(), BIN, &["validate", "--format", "json", file]);
    let game: Value =
        serde_json::from_str(r.stdout.lines().next().expect("a report")).expect("JSON");
    let mut out = Vec::new();
    for list in ["errors", "warnings", "notes"] {
        for p in game[list].as_array().into_iter().flatten() {
            out.push((
                list.to_owned(),
                p["kind"].as_str().unwrap_or_default().to_owned(),
            ));
        }
    }
    out
}

const OPERA: &str = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#";

#[test]
fn printers_marks_glued_to_moves_read_as_the_moves() {
    let (moves, code) = san("fixtures/spelling/immortal-printers-marks.pgn");
    assert_eq!(code, Some(0));
    assert_eq!(
        moves,
        "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 Nf6 6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 cxb5 12. h4 Qg6 13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8 22. Qf6+ Nxf6 23. Be7# 1-0"
    );
    let notes = kinds("fixtures/spelling/immortal-printers-marks.pgn")
        .into_iter()
        .filter(|(_, k)| k == "read-by-spelling")
        .count();
    assert_eq!(notes, 8);
}

#[test]
fn daggers_a_mate_word_apart_and_a_portuguese_table_read_the_opera_game() {
    for file in [
        "fixtures/spelling/opera-german-daggers.pgn",
        "fixtures/spelling/opera-mate-word.txt",
        "fixtures/spelling/opera-portuguese-table.txt",
    ] {
        let (moves, code) = san(file);
        assert_eq!(code, Some(0), "{file}");
        assert_eq!(
            moves.trim_end_matches(" 1-0").trim_end_matches(" *"),
            OPERA,
            "{file}"
        );
    }
    // The Portuguese table is read as a table, cell by cell by its spelling.
    let k = kinds("fixtures/spelling/opera-portuguese-table.txt");
    assert!(
        k.contains(&("notes".to_owned(), "table-by-moves".to_owned())),
        "{k:?}"
    );
    assert!(
        k.contains(&("notes".to_owned(), "read-by-spelling".to_owned())),
        "{k:?}"
    );
    // The mate word printed apart marks the last move: no missing-mark warning.
    let k = kinds("fixtures/spelling/opera-mate-word.txt");
    assert!(
        !k.iter().any(|(_, kind)| kind == "missing-check-mark"),
        "{k:?}"
    );
}

#[test]
fn variations_after_a_token_read_by_spelling_are_kept() {
    let r = run(
        &root(),
        BIN,
        &[
            "convert",
            "--to",
            "pgn",
            "fixtures/spelling/variations-after-spelled.pgn",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .contains("1. e4 e5 2. Nf3 (2. Nc3 Nf6) 2... Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4 *"),
        "{}",
        r.stdout
    );
}

#[test]
fn tokens_spelling_several_moves_or_none_are_refused_at_the_token() {
    assert_eq!(
        kinds("fixtures/spelling/err/two-knights-footnote.pgn"),
        [("errors".to_owned(), "ambiguous-move".to_owned())]
    );
    let k = kinds("fixtures/spelling/err/no-move-spelled.pgn");
    assert!(
        k.contains(&("errors".to_owned(), "invalid-move".to_owned())),
        "{k:?}"
    );
    // `Bxc6ch`: read as Bxc6, whose check the mark claims wrongly.
    assert!(
        k.contains(&("warnings".to_owned(), "wrong-check-mark".to_owned())),
        "{k:?}"
    );
    // A sentence between moves is never skipped word by word: it is one
    // note, skipped to where the game's numbering goes on (`4`).
    let (moves, code) = san("fixtures/spelling/err/sentence-between-moves.txt");
    assert_eq!(
        (moves.as_str(), code),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *", Some(0))
    );
    let k = kinds("fixtures/spelling/err/sentence-between-moves.txt");
    assert_eq!(k, [("notes".to_owned(), "skipped-word".to_owned())]);
    // Strict PGN reads no token by its spelling.
    let r = run(
        &root(),
        BIN,
        &[
            "validate",
            "--strict",
            "fixtures/spelling/immortal-printers-marks.pgn",
        ],
    );
    assert_eq!(r.code, Some(1), "{}", r.stderr);
}
