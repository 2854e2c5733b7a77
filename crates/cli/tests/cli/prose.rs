//! Prose between a game's moves (issue 30), through the real binary, on the
//! material of `fixtures/prose` (`SOURCES.md` there): notes skipped to where
//! the game's numbering goes on, a note's numbered variation never read as the
//! game, and a refusal where nothing says where the game goes on.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use serde_json::Value;

use crate::common::{messages, one_game_report, run, uci_moves};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/prose")
}

/// The one game of `name`'s report.
fn report(name: &str) -> Value {
    one_game_report(&fixtures(), BIN, name)
}

/// `convert --to uci --moves-only` of `name`: the moves, result dropped.
fn uci(name: &str) -> String {
    uci_moves(&fixtures(), BIN, name)
}

const IMMORTAL: &str = "e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5 c4b5 g8f6 g1f3 h4h6 d2d3 f6h5 \
f3h4 h6g5 h4f5 c7c6 g2g4 h5f6 h1g1 c6b5 h2h4 g5g6 h4h5 g6g5 d1f3 f6g8 c1f4 g5f6 b1c3 f8c5 \
c3d5 f6b2 f4d6 c5g1 e4e5 b2a1 f1e2 b8a6 f5g7 e8d8 f3f6 g8f6 d6e7";

#[test]
fn notes_with_numbered_variations_are_skipped_to_the_games_own_number() {
    let g = report("immortal-segovia.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(45)),
        "{g}"
    );
    let skipped = messages(&g, "notes", "skipped-word");
    // `10. Aa4, g6. 11. Cg3 ...` is the note's: the game goes on at `10 ...`.
    assert!(
        skipped
            .iter()
            .any(|m| m.starts_with("`Había que retirar") && m.contains("skipped to `10 ...`")),
        "{skipped:?}"
    );
    // After the game's `17. Cd5?`, the note's other 17th move is no move of the game.
    assert!(
        skipped.iter().any(|m| m.contains("Mejor era")),
        "{skipped:?}"
    );
    assert_eq!(uci("immortal-segovia.txt"), IMMORTAL);
}

#[test]
fn lines_of_prose_between_lines_of_moves_are_notes() {
    let g = report("immortal-c4355.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(45)),
        "{g}"
    );
    assert_eq!(uci("immortal-c4355.txt"), IMMORTAL);
}

#[test]
fn a_game_on_one_line_after_sentences_is_found_by_its_first_moves() {
    let g = report("immortal-elpais.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(45)),
        "{g}"
    );
    assert_eq!(uci("immortal-elpais.txt"), IMMORTAL);
}

#[test]
fn a_note_that_starts_like_a_move_is_skipped_and_the_books_ambiguity_refused() {
    let g = report("morphy-st-amant-notes.desc.txt");
    assert_eq!(g["valid"].as_bool(), Some(false), "{g}");
    // Read as the book's table, whose reader keeps the note as commentary.
    let noted = g["notes"].as_array().expect("notes").iter().any(|n| {
        n["move"]
            .as_str()
            .is_some_and(|m| m.starts_with("P. to K's 5th is the correct move"))
    });
    assert!(noted, "{g}");
    // Read past the note to the book's own ambiguity: White's 8th, `Kt. takes
    // B.`, which either knight can play to the end of the excerpt.
    let errors = g["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 1, "{g}");
    assert_eq!(
        (errors[0]["kind"].as_str(), errors[0]["ply"].as_u64()),
        (Some("ambiguous-move"), Some(15))
    );
}

#[test]
fn a_notes_variation_that_follows_the_count_is_not_the_game() {
    let g = report("ruy-lopez-note-variation.pgn");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(25)),
        "{g}"
    );
    assert!(uci("ruy-lopez-note-variation.pgn").ends_with("b1d2 c8d7 d2f1"));
    // The note is kept as the game's comment where it stood.
    let r = run(
        &fixtures(),
        BIN,
        &["convert", "--to", "pgn", "ruy-lopez-note-variation.pgn"],
    );
    assert!(
        r.stdout.contains("12. Nbd2 {Black has a choice here."),
        "{}",
        r.stdout
    );
}

#[test]
fn moves_after_a_note_with_no_number_are_refused_at_the_note() {
    let g = report("ruy-lopez-note-no-number.pgn");
    assert_eq!(g["valid"].as_bool(), Some(false), "{g}");
    let errors = g["errors"].as_array().expect("errors");
    assert_eq!(errors[0]["ply"].as_u64(), Some(24), "{g}");
    let r = run(
        &fixtures(),
        BIN,
        &["convert", "--to", "uci", "ruy-lopez-note-no-number.pgn"],
    );
    assert_eq!(r.code, Some(1), "{}", r.stdout);
}

#[test]
fn the_variations_of_a_note_after_the_end_words_are_not_the_games() {
    // `Aufgabe!!` ends the game (as on the real page of held-out-2's
    // `de-inselschach`): the note's sibling variations after it are skipped.
    let g = report("ruy-lopez-note-siblings.pgn");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(23)),
        "{g}"
    );
    assert_eq!(messages(&g, "notes", "skipped-word").len(), 1, "{g}");
}

#[test]
fn a_line_given_after_the_end_words_is_a_note_not_the_games_moves() {
    let game = report("end-words-then-a-line.txt");
    assert_eq!(game["valid"], true, "{game}");
    assert_eq!(game["plies"], 43, "{game}");
    let notes = messages(&game, "notes", "skipped-word");
    assert_eq!(notes.len(), 1, "{game}");
    assert!(uci("end-words-then-a-line.txt").ends_with("d5e7"));
}

#[test]
fn a_semicolon_in_a_note_never_cuts_the_game_short() {
    // `;` inside a sentence whose line goes on with the game's count is the
    // sentence's punctuation, not PGN's comment: the game goes on after the
    // note, never cut short after `4. d4`.
    let game = report("semicolon-in-a-note.txt");
    assert_eq!(
        (game["valid"].as_bool(), game["plies"].as_u64()),
        (Some(true), Some(10)),
        "{game}"
    );
    assert_eq!(messages(&game, "notes", "skipped-word").len(), 2, "{game}");
    assert_eq!(
        uci("semicolon-in-a-note.txt"),
        "e2e4 e7e5 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b6"
    );
}

/// The moves of the game a fixture's note or truth gives, in UCI.
const FUCHS_HONFI: &str = "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g7g6 b1c3 f8g7 c1e3 d7d6 d1d2 g8f6 \
f2f3 e8g8 f1c4 f6d7 e1c1 d7b6 c4b3 c6a5 e3h6 b6c4 d2g5 e7e5 d4e2 g7f6";

#[test]
fn a_hungarian_game_inside_sentences_reads_with_its_case_endings() {
    // A page's date line and source above the game, the game inside a
    // sentence, a sentence running over a blank line to `Honfi 13.-, e5!`,
    // moves with Hungarian case endings (`14. Hde2-re, Ff6!!-tal`), and the
    // paragraphs after the last move: a note.
    let g = report("fuchs-honfi-hu.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(28)),
        "{g}"
    );
    let endings = messages(&g, "notes", "case-ending");
    assert_eq!(endings.len(), 2, "{g}");
    assert!(endings[0].starts_with("`-re`"), "{endings:?}");
    assert!(endings[1].starts_with("`-tal`"), "{endings:?}");
    assert_eq!(uci("fuchs-honfi-hu.txt"), FUCHS_HONFI);
}

#[test]
fn words_where_the_move_due_stands_end_the_game_and_a_line_after_them_is_a_note() {
    // `16…Dh5! 17.uppg.` (Swedish: resigned, a word no list knows) then
    // `Jodå, 17.h3 Sf2+ med damvinst.`: the note's line is legal and follows
    // the count, but the number was printed with a word in the move's place.
    let g = report("grahn-sv.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(32)),
        "{g}"
    );
    assert!(uci("grahn-sv.txt").ends_with("g3f5 g6h5"));
    let skipped = messages(&g, "notes", "skipped-word");
    assert!(
        skipped.iter().any(|m| m.starts_with("`uppg. Jodå, 17.h3")),
        "{skipped:?}"
    );
}

#[test]
fn a_language_nobody_listed_reads_by_the_board_and_the_numbering() {
    // Made-up words: a caption, a sentence running over a line to the next
    // number, case endings after a hyphen, an apostrophe and a colon, an end
    // word in the place of White's 17th move and a note's line after it.
    let g = report("made-up-language.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(32)),
        "{g}"
    );
    assert_eq!(messages(&g, "notes", "case-ending").len(), 4, "{g}");
    assert_eq!(
        uci("made-up-language.txt"),
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 \
h2h3 c6a5 b3c2 c7c5 d2d4 d8c7 b1d2 c5d4 c3d4 a5c6 d2b3 a6a5 c1e3 a5a4 b3d2 c8d7"
    );
}

#[test]
fn a_note_opening_with_a_number_going_back_is_skipped() {
    // After the game's mate, `3...Fg4 : Il est dangereux ...` is a note on
    // Black's third move, not a move after the end.
    let g = report("note-going-back-legal.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(13)),
        "{g}"
    );
    let skipped = messages(&g, "notes", "skipped-word");
    assert!(
        skipped
            .iter()
            .any(|m| m.starts_with("`3...Fg4 : Il est dangereux")
                && m.contains("after the game's last move")),
        "{skipped:?}"
    );
    assert_eq!(
        uci("note-going-back-legal.txt"),
        "e2e4 e7e5 f1c4 d7d6 g1f3 c8g4 b1c3 g7g6 f3e5 g4d1 c4f7 e8e7 c3d5"
    );
    // Between the moves: `1... e5` printed again over its note goes on at `2.`.
    let g = report("note-going-back-sl.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(3)),
        "{g}"
    );
    let skipped = messages(&g, "notes", "skipped-word");
    assert!(
        skipped
            .iter()
            .any(|m| m.starts_with("`1... e5 Poteza je dobra") && m.contains("skipped to `2.`")),
        "{skipped:?}"
    );
    assert_eq!(uci("note-going-back-sl.txt"), "e2e4 e7e5 g1f3");
}

#[test]
fn a_number_going_back_on_a_playable_move_or_without_words_is_no_note() {
    // A number going back on a move that can be played where the game
    // stands (a misprinted number: `3. d4` after it would read on if it were
    // skipped), or whose moves run on to the next number before any words
    // (the game printed again on its line; on a line of its own the count
    // starting again at 1 starts the next game): the game's moves, with the
    // number's warning.
    let dir = crate::common::scratch_dir("prose", "going-back");
    for (name, text) in [
        (
            "misprinted.txt",
            "1. e4 e5 2. Nf3 Nc6 2. Bb5 a6 is the main line. 3. d4 exd4 *\n",
        ),
        (
            "run-on.txt",
            "1. d4 Nf6 2. c4 Nc6 1. d4 Nf6 2. c4 Nc6\n\nThe knights dance.\n3. Nf3 e6 4. Nc3 Bb4 *\n",
        ),
    ] {
        std::fs::write(dir.join(name), text).expect("writing the input");
        let g = one_game_report(&dir, BIN, name);
        assert!(
            messages(&g, "notes", "skipped-word")
                .iter()
                .all(|m| !m.contains("Bb5") && !m.contains("Nf6")),
            "{g}"
        );
        assert!(g["plies"].as_u64() >= Some(4), "{g}");
        let numbers = g["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .chain(g["errors"].as_array().expect("errors"))
            .filter(|d| d["kind"] == "move-number")
            .count();
        assert!(numbers > 0, "{g}");
    }
}

#[test]
fn the_games_moves_in_a_line_of_prose_are_read_where_its_count_goes_on() {
    // A paragraph ends in the game's moves (`5.d4 exd4 6.Qxd4`), a sentence
    // holds them (`After 35.Rxc5 Rd2 White’s bishop is lost.`): the game's
    // numbering goes on after each, so they are its moves.
    let g = report("moves-in-prose-lines-chesscafe.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(90)),
        "{g}"
    );
    let moves = uci("moves-in-prose-lines-chesscafe.txt");
    assert!(
        moves.starts_with("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 b7c6 d2d4 e5d4 d1d4 d7d6 e1g1"),
        "{moves}"
    );
    assert!(moves.contains("d6d5 c7c5 c2d2 c5a5"), "{moves}");
    // A sentence after the game's last move that names another move there
    // (`nakon uobičajenog 3...Sf6.`): nothing goes on after it, it stays text.
    let g = report("moves-in-prose-mention-bs.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(5)),
        "{g}"
    );
}

#[test]
fn a_notes_line_ending_in_moves_over_the_games_own_number_stays_the_notes() {
    // `Better was 5.d4 exd4` ends its line in moves, but the next line numbers
    // the game's fifth move again: the note's moves are never the game's.
    let dir = crate::common::scratch_dir("prose", "note-line-moves");
    let text = "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Bxc6 bxc6\nBetter was 5.d4 exd4\n5.O-O f6 6.d4 *\n";
    std::fs::write(dir.join("game.txt"), text).expect("writing the input");
    let g = one_game_report(&dir, BIN, "game.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(11)),
        "{g}"
    );
}

/// The Opera game (Morphy against the Duke of Brunswick and Count Isouard,
/// Paris 1858), in UCI.
const OPERA: &str = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8";

#[test]
fn a_game_told_a_line_a_sentence_reads_whole_in_every_language() {
    // Words open each line (`Then Morphy played 2. Nf3 and the allies
    // 2...d6`, `Dann 2.Sf3 d6`, `Затем 2.Кf3 d6`), the moves after them
    // continue the game's count, the next line goes on with it, the last
    // line ends in the result: the whole game, never its first line alone.
    for name in [
        "told-in-lines-opera.txt",
        "told-in-lines-de.txt",
        "told-in-lines-fr.txt",
        "told-in-lines-it.txt",
        "told-in-lines-ru.txt",
    ] {
        let g = report(name);
        assert_eq!(
            (g["valid"].as_bool(), g["plies"].as_u64()),
            (Some(true), Some(33)),
            "{name}: {g}"
        );
        assert_eq!(uci(name), OPERA, "{name}");
    }
    // The first line's words are the text above the moves; the words inside a
    // line are skipped to the number that continues the count, each named.
    let g = report("told-in-lines-opera.txt");
    let skipped = messages(&g, "notes", "skipped-word");
    assert!(
        skipped
            .iter()
            .any(|m| m.starts_with("`and the allies`") && m.contains("skipped to `2...`")),
        "{skipped:?}"
    );
}

#[test]
fn the_issues_three_lines_read_to_the_result() {
    // Read as `1. e4 e5 *` before: the rest taken as prose, exit 0.
    let g = report("told-in-lines-ruy-lopez.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(10)),
        "{g}"
    );
    assert_eq!(
        uci("told-in-lines-ruy-lopez.txt"),
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7"
    );
    // A sentence-line, then the game's rows: the count goes on into the row.
    let g = report("told-in-lines-then-a-row.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(12)),
        "{g}"
    );
}

#[test]
fn a_last_line_of_words_and_moves_is_read_as_a_note_and_said_so() {
    // After a game printed in rows, one line of words with the moves due:
    // the game told on, or a note (`If 13. Nf1 ...`)? Nothing tells; it is
    // not read into the game, and a warning names the moves, never silently.
    let g = report("told-in-lines-if-at-the-end.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(24)),
        "{g}"
    );
    let warned = messages(&g, "warnings", "skipped-word");
    assert!(
        warned.len() == 1 && warned[0].contains("names `13. Nf1`"),
        "{g}"
    );
    let g = report("told-in-lines-last-line-a-note.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(6)),
        "{g}"
    );
    let warned = messages(&g, "warnings", "commentary");
    assert!(
        warned.len() == 1 && warned[0].contains("names `4. c3`"),
        "{g}"
    );
    // `--strict` refuses what a warning doubts.
    let r = run(
        &fixtures(),
        BIN,
        &["validate", "--strict", "told-in-lines-last-line-a-note.txt"],
    );
    assert_eq!(r.code, Some(1), "{}", r.stdout);
}

/// Every game report of `name` in `fixtures/prose`.
fn reports(name: &str) -> Vec<Value> {
    let r = run(&fixtures(), BIN, &["validate", "--format", "json", name]);
    r.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &Value| v["type"] == "game")
        .collect()
}

#[test]
fn a_word_where_a_move_is_due_is_skipped_with_a_warning_in_any_language() {
    let games = reports("words-where-moves-are-due.txt");
    let verdicts: Vec<(Option<bool>, Option<u64>)> = games
        .iter()
        .map(|g| (g["valid"].as_bool(), g["plies"].as_u64()))
        .collect();
    assert_eq!(
        verdicts,
        [
            // `y` (Spanish and), `og` (Danish and), `I.p.v.` (Dutch instead of).
            (Some(true), Some(6)),
            (Some(true), Some(8)),
            (Some(true), Some(9)),
            // `ou Cf6` (French or): a move legal only in place of the move
            // just played is the note's other move there.
            (Some(true), Some(6)),
            // `and` where Black's move was left out: the number after it is off
            // the count, an error, never a game read past a lost move.
            (Some(false), Some(3)),
            // `e` is a move cut short, not a word: the error stays at it.
            (Some(false), Some(3)),
            // After a mate, a sentence naming other moves is a note.
            (Some(true), Some(7)),
        ]
    );
    for (g, word) in games.iter().zip(["`y`", "`og`", "`I.p.v.`"]) {
        let skipped = messages(g, "warnings", "skipped-word");
        assert!(
            skipped.iter().any(|m| m.starts_with(word)),
            "{word}: {skipped:?}"
        );
    }
    assert!(
        messages(&games[3], "warnings", "skipped-word")
            .iter()
            .any(|m| m.starts_with("`ou Cf6` names another move")),
        "{}",
        games[3]
    );
    assert!(
        messages(&games[4], "errors", "move-number")
            .iter()
            .any(|m| m.contains("after the prose skipped before")),
        "{}",
        games[4]
    );
    assert_eq!(games[5]["errors"][0]["move"], "e", "{}", games[5]);
    assert!(
        messages(&games[6], "notes", "skipped-word")
            .iter()
            .any(|m| m.starts_with("`though other orders")),
        "{}",
        games[6]
    );
}

#[test]
fn marks_and_misread_ranks_where_moves_are_due_are_read_by_the_legal_moves() {
    let games = reports("marks-where-moves-are-due.txt");
    let verdicts: Vec<(Option<bool>, Option<u64>)> = games
        .iter()
        .map(|g| (g["valid"].as_bool(), g["plies"].as_u64()))
        .collect();
    assert_eq!(
        verdicts,
        [
            // `+++` apart after a mate: its (check) mark, a note.
            (Some(true), Some(7)),
            // `+++` apart after a move that checks nothing: a warning.
            (Some(true), Some(8)),
            // A diagram's `D` where White's move is due: skipped, warned.
            (Some(true), Some(10)),
            // `D` where Black's move is due, the number after it White's: a
            // move cut short to its letter, never read past.
            (Some(false), Some(3)),
            // Polish long algebraic with `l` for `1` in three squares.
            (Some(true), Some(13)),
        ]
    );
    assert!(
        messages(&games[0], "notes", "skipped-word")
            .iter()
            .any(|m| m.starts_with("`+++` after the move of ply 7: its check mark")),
        "{}",
        games[0]
    );
    assert!(
        messages(&games[1], "warnings", "wrong-check-mark")
            .iter()
            .any(|m| m.starts_with("`+++` is printed after the move of ply 6")),
        "{}",
        games[1]
    );
    assert!(
        messages(&games[2], "warnings", "skipped-word")
            .iter()
            .any(|m| m.starts_with("`D` is a letter alone where the move of ply 7 is due")),
        "{}",
        games[2]
    );
    assert!(
        !messages(&games[3], "errors", "move-number").is_empty(),
        "{}",
        games[3]
    );
    let misread = messages(&games[4], "warnings", "read-by-spelling");
    assert_eq!(
        misread,
        [
            "`Sgl-f3` is no move as printed; read as Nf3, printed `Sg1-f3` with the rank `1` misread as `l`",
            "`Gcl-e3` is no move as printed; read as Be3, printed `Gc1-e3` with the rank `1` misread as `l`",
            "`Gfl-c4` is no move as printed; read as Bc4, printed `Gf1-c4` with the rank `1` misread as `l`",
        ],
        "{}",
        games[4]
    );
    // `--strict` reads no token by its spelling: every game is refused.
    let r = run(
        &fixtures(),
        BIN,
        &[
            "validate",
            "--strict",
            "-q",
            "marks-where-moves-are-due.txt",
        ],
    );
    assert!(r.stdout.contains("5 games: 0 valid"), "{}", r.stdout);
}

#[test]
fn a_page_whose_every_move_like_word_is_skipped_as_prose_is_no_valid_game() {
    // A forum reply quoting moves in sentences, one game's opening among them:
    // a game of no moves is never said valid. Either the quoted game is read
    // (its seven plies) or the text is refused as holding no game.
    let dir = crate::common::scratch_dir("prose", "no-game");
    std::fs::write(
        dir.join("reply.txt"),
        "Resign, based on the fact I had a lapse and played 2... f5?!\n\
         Assuming that's not correct, how about 3... d6\n\
         This gambit is not all that bad. 1. e4 e5 2. Bc4 f5 3. exf5 Nf6 4. Be2 etc... when white is not up a tempo because the Bishop moved twice.\n",
    )
    .expect("writing the input");
    let g = one_game_report(&dir, BIN, "reply.txt");
    match g["plies"].as_u64() {
        Some(0) => {
            assert_eq!(g["valid"].as_bool(), Some(false), "{g}");
            assert_eq!(messages(&g, "errors", "not-chess").len(), 1, "{g}");
        }
        plies => assert_eq!(
            (plies, uci_moves(&dir, BIN, "reply.txt").as_str()),
            (Some(7), "e2e4 e7e5 f1c4 f7f5 e4f5 g8f6 c4e2"),
            "{g}"
        ),
    }
}
