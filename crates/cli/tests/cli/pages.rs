//! What stands between, around and across printed games (issue 30), through
//! the real binary, on the material of `fixtures/pages` (`SOURCES.md` there):
//! text above a game that holds no move is the game's, a caption goes with
//! the game below it, a page's number or running title among the moves is skipped
//! where the printed count goes on, and one move alone in prose is no game.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use serde_json::Value;

use crate::common::{messages, one_game_report, run, uci_moves};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/pages")
}

/// Every game report of `validate --format json` on the file `name` in `dir`.
fn game_reports(dir: &Path, name: &str) -> Vec<Value> {
    let r = run(dir, BIN, &["validate", "--format", "json", name]);
    r.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &Value| v["type"] == "game")
        .collect()
}

/// Every game report of `validate --format json` on `text` (a scratch file).
fn reports_of(name: &str, text: &str) -> Vec<Value> {
    let dir = crate::common::scratch_dir("pages", name);
    std::fs::write(dir.join(name), text).expect("writing the input");
    game_reports(&dir, name)
}

/// The kinds of a game's problems in `list` (`errors`, `warnings`, `notes`).
fn kinds(game: &Value, list: &str) -> Vec<String> {
    game[list]
        .as_array()
        .expect(list)
        .iter()
        .map(|n| n["kind"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Each game's first line, whether it is valid and its plies.
fn line_valid_plies(games: &[Value]) -> Vec<(Option<u64>, Option<bool>, Option<u64>)> {
    games
        .iter()
        .map(|g| {
            (
                g["line"].as_u64(),
                g["valid"].as_bool(),
                g["plies"].as_u64(),
            )
        })
        .collect()
}

const IMMORTAL: &str = "e2e4 e7e5 f2f4 e5f4 f1c4 d8h4 e1f1 b7b5 c4b5 g8f6 g1f3 h4h6 d2d3 f6h5 \
f3h4 h6g5 h4f5 c7c6 g2g4 h5f6 h1g1 c6b5 h2h4 g5g6 h4h5 g6g5 d1f3 f6g8 c1f4 g5f6 b1c3 f8c5 \
c3d5 f6b2 f4d6 c5g1 e4e5 b2a1 f1e2 b8a6 f5g7 e8d8 f3f6 g8f6 d6e7";

#[test]
fn paragraphs_around_the_game_are_no_moves_of_it() {
    // The paragraph above is the game's; the two after its result stay a unit
    // of their own (no byte of the input is left out), with no move in it.
    let games = game_reports(&fixtures(), "immortal-bluesofa.txt");
    let g = &games[0];
    assert_eq!(
        (
            g["line"].as_u64(),
            g["valid"].as_bool(),
            g["plies"].as_u64()
        ),
        (Some(1), Some(true), Some(45)),
        "{g}"
    );
    assert!(games[1..].iter().all(|g| g["plies"] == 0), "{games:?}");
    // The web page's own order of moves 10 and 11 (`10. Rg1 cxb5 11. g4 Nf6`).
    let r = run(
        &fixtures(),
        BIN,
        &[
            "convert",
            "-q",
            "--to",
            "uci",
            "--moves-only",
            "immortal-bluesofa.txt",
        ],
    );
    let moves = r
        .stdout
        .lines()
        .next()
        .unwrap_or_default()
        .trim_end_matches(" 1-0");
    assert!(moves.starts_with("e2e4 e7e5 f2f4"), "{moves}");
    assert!(moves.ends_with("f3f6 g8f6 d6e7"), "{moves}");
}

#[test]
fn openings_under_their_titles_are_games_from_their_titles_and_the_section_after_is_none() {
    let games = game_reports(&fixtures(), "rogers-108-openings.txt");
    let lines: Vec<(u64, bool, u64)> = games
        .iter()
        .map(|g| {
            (
                g["line"].as_u64().unwrap_or(0),
                g["valid"].as_bool().unwrap_or(false),
                g["plies"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    // The first game has the page's number and running title above its own
    // title; each next one starts at its title (line 10, 16, 22).
    assert_eq!(
        lines,
        [(1, true, 6), (10, true, 5), (16, true, 5), (22, true, 5)],
        "{games:?}"
    );
    let r = run(
        &fixtures(),
        BIN,
        &[
            "convert",
            "--to",
            "uci",
            "--moves-only",
            "rogers-108-openings.txt",
        ],
    );
    assert_eq!(
        r.stdout,
        "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 *\ne2e4 e7e5 g1f3 b8c6 f1b5 *\n\
         e2e4 e7e5 g1f3 b8c6 d2d4 *\ne2e4 e7e5 g1f3 b8c6 c2c3 *\n"
    );
}

#[test]
fn a_page_break_in_a_table_keeps_the_game_whole() {
    let g = one_game_report(&fixtures(), BIN, "rogers-155-156-immortal.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(43)),
        "{g}"
    );
    let moves = uci_moves(&fixtures(), BIN, "rogers-155-156-immortal.txt");
    assert_eq!(moves, IMMORTAL.rsplit_once(" g8f6").unwrap().0);
}

#[test]
fn a_page_number_and_running_title_in_movetext_are_skipped_with_a_note() {
    let g = one_game_report(&fixtures(), BIN, "page-number-in-movetext.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(45)),
        "{g}"
    );
    assert!(
        !kinds(&g, "warnings").contains(&"move-number".to_owned()),
        "{g}"
    );
    assert_eq!(
        kinds(&g, "notes")
            .iter()
            .filter(|k| *k == "page-line")
            .count(),
        2,
        "{g}"
    );
    assert_eq!(
        uci_moves(&fixtures(), BIN, "page-number-in-movetext.txt"),
        IMMORTAL
    );
    // A number that the count does not go on after is no page's: the move
    // number warning stands.
    let games = reports_of(
        "off-count.txt",
        "1. e4 e5 2. Nf3 Nc6\n\n112\n\n7. Bb5 a6 *\n",
    );
    assert_eq!(games.len(), 1);
    assert!(
        !kinds(&games[0], "notes").contains(&"page-line".to_owned()),
        "{:?}",
        games[0]
    );
}

#[test]
fn text_between_games_is_the_next_games() {
    // Prose after a result above the next game's tags; a caption between two
    // games without results.
    let games = reports_of(
        "between.txt",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\nThis game was played blindfold.\n\n\
         [Event \"b\"]\n\n1. d4 d5 2. c4 e6\n\n#662 Morphy v Anderssen, Paris\n\n\
         1. e4 e5 2. Nf3 d6 *\n",
    );
    let summary: Vec<(bool, u64)> = games
        .iter()
        .map(|g| {
            (
                g["valid"].as_bool().unwrap_or(false),
                g["plies"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(summary, [(true, 2), (true, 4), (true, 4)], "{games:?}");
    assert_eq!(games[1]["tags"]["Event"], "b");
    // The caption is the game's below it, where its report starts.
    assert_eq!(games[2]["line"], 11, "{:?}", games[2]);
    // Text alone is still no chess, said once.
    let games = reports_of("alone.txt", "Dear reader, the games follow.\n");
    assert_eq!(kinds(&games[0], "errors"), ["not-chess"]);
}

#[test]
fn one_move_alone_in_prose_is_no_game() {
    // A book explaining its layout (held-out-3's Czech page): White's half of
    // the page, `1. e2e4`, then Black's, `1. e7e5`, between sentences.
    let games = reports_of(
        "layout.txt",
        "The left half of the page is White's, for example\n\n1. e2e4\n\n\
         and the right half is Black's, for example\n\n1. e7e5\n\nas below.\n",
    );
    assert!(!games.is_empty());
    for g in &games {
        assert_eq!(g["valid"].as_bool(), Some(false), "{g}");
    }
    assert!(
        kinds(&games[0], "errors").contains(&"lone-move".to_owned()),
        "{games:?}"
    );
    // A game of one move with its result is a game.
    let games = reports_of("one.txt", "Played in the park.\n\n1. e4 1-0\n");
    assert_eq!(games[0]["valid"].as_bool(), Some(true), "{games:?}");
}

#[test]
fn a_note_cut_off_at_the_page_end_ends_the_game_before_it_and_the_text_reads_on() {
    // Winter's page, cut inside the note on 18...Nf6: the game is its 36 plies
    // before the `(`, said there; the note does not swallow what follows.
    let g = one_game_report(&fixtures(), BIN, "winter-cut-note.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(36)),
        "{g}"
    );
    assert_eq!(kinds(&g, "warnings"), ["cut-variation"]);
    assert_eq!(
        (
            g["warnings"][0]["line"].as_u64(),
            g["warnings"][0]["column"].as_u64()
        ),
        (Some(6), Some(94))
    );
    let moves = uci_moves(&fixtures(), BIN, "winter-cut-note.txt");
    assert!(moves.ends_with("d2e1 d7d6 f2f4 g8f6"), "{moves}");
    // With the page's next paragraphs, a date in parentheses and the next game:
    // both games read whole (the date holds no move, so no variation either).
    let games = game_reports(&fixtures(), "winter-cut-note-read-on.txt");
    let read: Vec<(bool, u64)> = games
        .iter()
        .map(|g| (g["valid"] == true, g["plies"].as_u64().unwrap_or(0)))
        .collect();
    assert_eq!(read, [(true, 36), (true, 43)], "{games:?}");
    assert_eq!(
        kinds(&games[0], "warnings"),
        ["cut-variation", "prose-in-parentheses"]
    );
    // Read strictly, the open note stays the error it is.
    let r = run(
        &fixtures(),
        BIN,
        &["validate", "--strict", "winter-cut-note.txt"],
    );
    assert!(
        r.stdout.contains("error[unclosed-variation]"),
        "{}",
        r.stdout
    );
}

#[test]
fn parentheses_above_the_first_move_are_an_aside_not_a_variation() {
    // A column's date in parentheses on its own line above the game.
    let games = reports_of(
        "dated.txt",
        "(31.8.1956)\n\nFoulds – Lang\n1.e4 e6 2.d4 d5 3.e5 c5 *\n",
    );
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["valid"], true, "{}", games[0]);
    assert_eq!(kinds(&games[0], "warnings"), ["prose-in-parentheses"]);
}

#[test]
fn a_board_diagram_flattened_into_text_is_no_moves() {
    let g = one_game_report(&fixtures(), BIN, "diagram-as-text-evergreen.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(18)),
        "{g}"
    );
    assert_eq!(
        uci_moves(&fixtures(), BIN, "diagram-as-text-evergreen.txt"),
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 b2b4 c5b4 c2c3 b4a5 d2d4 e5d4 e1g1 d4d3 d1b3 d8f6 \
         e4e5 f6g6"
    );
    // A rank of a diagram, however it is spaced, is never a move; a row of moves
    // to one rank is no diagram when it is numbered.
    let games = reports_of("rank.txt", "a6 b6 c6 d6 e6 f6\n\n1. e4 e5 *\n");
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0]["plies"].as_u64(), Some(2), "{games:?}");
}

#[test]
fn a_diagram_in_a_chess_font_between_the_moves_is_skipped_with_a_note() {
    let g = one_game_report(&fixtures(), BIN, "diagram-chess-font-exeter.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(38)),
        "{g}"
    );
    assert_eq!(
        uci_moves(&fixtures(), BIN, "diagram-chess-font-exeter.txt"),
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 b2b4 c5b4 c2c3 b4c5 d2d4 e5d4 e1g1 d7d6 c3d4 c5b6 \
         d4d5 c6e7 e4e5 g8h6 b1c3 e8g8 c3e4 d6e5 c1h6 g7h6 f3e5 e7g6 e5g6 h7g6 d1d2 d8h4 \
         f1e1 c8f5 g2g3 h4e7 c4d3 g8h7"
    );
    // Three diagrams of nine lines each: every line said, none a move.
    let skipped = kinds(&g, "notes")
        .iter()
        .filter(|k| *k == "diagram-text")
        .count();
    assert_eq!(skipped, 27, "{g}");
    // An ASCII diagram with ranks numbered; a `|` column rule is no diagram.
    let games = reports_of(
        "ascii.txt",
        "1. e4 e5\n  +-----------------+\n8 | r . b q k b n r |\n7 | p p p p . p p p |\n  \
         +-----------------+\n2. Nf3 Nc6 *\n",
    );
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0]["plies"].as_u64(), Some(4), "{games:?}");
    let games = reports_of("rule.txt", "1. P-K4 | P-K4\n2. Kt-KB3 | Kt-QB3\n");
    assert_eq!(games[0]["plies"].as_u64(), Some(4), "{games:?}");
    assert!(!kinds(&games[0], "notes").contains(&"diagram-text".to_owned()));
}

#[test]
fn a_heading_that_names_a_move_is_no_move_of_the_game() {
    let g = one_game_report(&fixtures(), BIN, "heading-names-a-move-tr.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(5)),
        "{g}"
    );
    assert_eq!(
        uci_moves(&fixtures(), BIN, "heading-names-a-move-tr.txt"),
        "e2e4 e7e5 g1f3 b8c6 f1c4"
    );
    // A move with a remark after a colon, the game going on below it, is a move.
    let games = reports_of(
        "remark.txt",
        "1. e4 e5 2. Nf3 Nc6\n\n3. Bc4: the Italian\n3... Bc5 4. c3 *\n",
    );
    assert_eq!(games[0]["plies"].as_u64(), Some(7), "{games:?}");
}

#[test]
fn a_diagram_with_its_edges_between_the_moves_stays_in_the_game() {
    // As wikis' teaching games print them (the Danish Wikipedia's
    // "Instruktionsspil"): a diagram with the files' letters and the ranks'
    // numbers at its edges before each move, a paragraph after each.
    let diagram: String = std::iter::once("a b c d e f g h\n".to_owned())
        .chain((1..=8).rev().map(|r| {
            let squares: Vec<String> = "abcdefgh".chars().map(|f| format!("{f}{r}")).collect();
            format!("{r} {} {r}\n", squares.join(" "))
        }))
        .chain(std::iter::once("a b c d e f g h\n".to_owned()))
        .collect();
    let text = format!(
        "Instruktionsspil\n\nEt spil med kommentarer.\n\n{diagram}1. e4\n\nHvid vælger et godt træk.\n\n\
         {diagram}1... e5\n\nGodt for sort.\n\n{diagram}2. Sf3 *\n"
    );
    let games = reports_of("teaching.txt", &text);
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(
        (games[0]["valid"].as_bool(), games[0]["plies"].as_u64()),
        (Some(true), Some(3)),
        "{games:?}"
    );
}

#[test]
fn a_game_printed_twice_is_two_games_and_its_solution_in_prose_is_read() {
    // One column: the game to the diagram, the solution in the paragraph that
    // names the players, a note's variation inside it (`12. … cxb5 13. Bc7.`).
    let g = one_game_report(&fixtures(), BIN, "column-solution-in-prose-mbl-2024.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(57)),
        "{g}"
    );
    // Printed twice with no caption between: two games. The sentence after the
    // game's last move names a mate (`og svartur gafst upp enda óverjandi mát
    // eftir 24... Ke8 25. He1+.`): never read as the game's moves, the game
    // stops at its own last move, and the prose after it is a warning naming
    // the move due it mentions (the game might go on there).
    let games = game_reports(&fixtures(), "column-printed-twice-mbl-2018.txt");
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[0]["plies"].as_u64(), Some(36), "{:?}", games[0]);
    assert_eq!(games[0]["valid"].as_bool(), Some(true));
    assert_eq!(games[1]["plies"].as_u64(), Some(47), "{:?}", games[1]);
    assert_eq!(games[1]["valid"].as_bool(), Some(true), "{:?}", games[1]);
    assert!(
        games[1]["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .any(|w| {
                w["kind"] == "skipped-word"
                    && w["message"]
                        .as_str()
                        .is_some_and(|m| m.contains("it names `24... Ke8`"))
            }),
        "{:?}",
        games[1]
    );
}

#[test]
fn a_discussion_naming_several_moves_for_one_turn_is_not_read_as_the_game() {
    let games = game_reports(&fixtures(), "wiki-continuations-in-prose-lt.txt");
    // The infobox row and the rows are two games; the heading naming 3. Žf3
    // is the section's; the paragraph that names 3...e5, 3...e6 and 3...d6 is
    // no continuation the reader may pick: an error, never a longer game.
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(
        (games[0]["valid"].as_bool(), games[0]["plies"].as_u64()),
        (Some(true), Some(4))
    );
    assert!(games[1]["plies"].as_u64() <= Some(5), "{:?}", games[1]);
    assert_eq!(games[1]["valid"].as_bool(), Some(false), "{:?}", games[1]);
    // Without the discussion the rows are the game.
    let games = reports_of(
        "rows.txt",
        "Moves 1. d4 Nf6 2. c4 Nc6\n\nThe opening's moves:\n\n1. d4 Nf6\n2. c4 Nc6\n\n\
         The usual reply is 3...e5, as in the main line.\n",
    );
    assert_eq!(games.len(), 2, "{games:?}");
    assert_eq!(games[1]["plies"].as_u64(), Some(4), "{:?}", games[1]);
    assert_eq!(games[1]["valid"].as_bool(), Some(true), "{:?}", games[1]);
}

#[test]
fn a_numbered_list_of_words_after_a_move_does_not_end_the_game() {
    // A teaching text explains a move in a numbered list, then the game goes
    // on in rows: the list is prose, the rows are the game's.
    let games = reports_of(
        "list.txt",
        "1. e4\n\nWhy this move:\n 1. it takes the centre\n 2. it frees the bishop\n\n1... e5\n2. Nf3 Nc6\n",
    );
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(
        (games[0]["valid"].as_bool(), games[0]["plies"].as_u64()),
        (Some(true), Some(4)),
        "{games:?}"
    );
}

#[test]
fn a_list_mark_before_a_row_of_moves_is_punctuation() {
    // A wiki's bulleted moves (the Hungarian Wikipedia's scholar's mate, 2006:
    // `• 1. e4 e5`, `• 2. Fc4 Hc6`): every row read, the marks skipped with a
    // note, never the rows after the first dropped as prose.
    for mark in ["\u{2022}", "-", "\u{25BA}", "\u{2013}"] {
        let text = format!(
            "  {mark} 1. e4 e5\n  {mark} 2. Fc4 Hc6\n  {mark} 3. Vh5 Hf6\n  {mark} 4. Vxf7 matt.\n"
        );
        let games = reports_of("bullets.txt", &text);
        assert_eq!(games.len(), 1, "{mark}: {games:?}");
        assert_eq!(
            (games[0]["valid"].as_bool(), games[0]["plies"].as_u64()),
            (Some(true), Some(7)),
            "{mark}: {games:?}"
        );
        assert!(kinds(&games[0], "notes").contains(&"skipped-punctuation".to_owned()));
    }
}

#[test]
fn a_dash_between_moves_after_a_move_naming_its_rank() {
    // `7. S1f3 - h6` (a page's dash between White's and Black's move, the
    // knight told by its rank): no long-algebraic move, the two moves read.
    let games = reports_of(
        "dashed.txt",
        "1. e4 - c6    2. d4 - d5    3. Sd2 - dxe4    4. Sxe4 - Sd7    5. Sg5 - e6    \
         6. Ld3 - Le7    7. S1f3 - h6    *\n",
    );
    assert_eq!(
        (games[0]["valid"].as_bool(), games[0]["plies"].as_u64()),
        (Some(true), Some(14)),
        "{games:?}"
    );
}

/// Each game report's (line, valid, plies) and `convert --to uci`'s moves of
/// the file `name` of `fixtures/pages`, one line a game.
fn games_and_moves(name: &str) -> (Vec<(u64, bool, u64)>, String) {
    let games = game_reports(&fixtures(), name)
        .iter()
        .map(|g| {
            (
                g["line"].as_u64().unwrap_or(0),
                g["valid"].as_bool().unwrap_or(false),
                g["plies"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let r = run(
        &fixtures(),
        BIN,
        &["convert", "-q", "--to", "uci", "--moves-only", name],
    );
    (games, r.stdout)
}

#[test]
fn a_list_item_per_game_is_read_one_game_an_item() {
    // The Turkish Wikipedia's Alekhine's Defence (wikizero's copy): the
    // infobox as a table row (`Hamleler | 1.e4 Af6 | |||`), then a list of the
    // opening's four codes, an item each (`- B03: 1.e4 Af6 2.e5 Ad5 3.d4
    // (...)`): five games, each whole, the first two of one move pair each.
    let (games, moves) = games_and_moves("wiki-list-of-lines-tr.txt");
    assert_eq!(
        games,
        [
            (1, true, 2),
            (7, true, 2),
            (12, true, 5),
            (13, true, 7),
            (14, true, 8)
        ]
    );
    assert_eq!(
        moves,
        "e2e4 g8f6 *\ne2e4 g8f6 *\ne2e4 g8f6 e4e5 f6d5 d2d4 *\n\
         e2e4 g8f6 e4e5 f6d5 d2d4 d7d6 g1f3 *\n\
         e2e4 g8f6 e4e5 f6d5 d2d4 d7d6 g1f3 c8g4 *\n"
    );
}

#[test]
fn a_game_ended_by_mate_then_a_number_alone_on_its_line_are_two_games() {
    // chrismcdade.org's short games from Chernev: Game 2 ends in `13. Qd1#`
    // (no result) and a paragraph; Game 3's caption and paragraph, then its
    // first number alone on its line (`1.` / `d4 d5 2. c4 e6 ...`).
    let (games, moves) = games_and_moves("miniatures-number-alone-mcdade.txt");
    assert_eq!(games, [(1, true, 25), (24, true, 12)]);
    assert_eq!(
        moves,
        "e2e4 e7e5 g1f3 g8f6 f1c4 f6e4 b1c3 e4c5 f3e5 f7f6 d1h5 g7g6 c4f7 e8e7 c3d5 e7d6 \
         e5c4 d6c6 d5b4 c6b5 a2a4 b5b4 c2c3 b4b3 h5d1 1-0\n\
         d2d4 d7d5 c2c4 e7e6 b1c3 c7c5 c1f4 c5d4 f4b8 d4c3 b8e5 c3b2 *\n"
    );
}

#[test]
fn notes_in_lines_that_open_with_words_are_no_moves_of_the_game() {
    // A French teaching page: the game one move a line, notes between them
    // whose lines open with words and name other moves (`s'ensuit en effet
    // 4...d5 ! 5.exd5 ...`, a whole variation to `21.Db3#`): none is read
    // into the game. Black's 11th stands unnumbered before words (`Fg4
    // presque toutes ...`) under White's 11th, the page's last line of
    // moves: kept as the note it may be, and named in a warning.
    let g = one_game_report(&fixtures(), BIN, "italienne-notes-in-lines-echecsmo-fr.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(21)),
        "{g}"
    );
    assert_eq!(
        uci_moves(&fixtures(), BIN, "italienne-notes-in-lines-echecsmo-fr.txt"),
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 c3d4 c5b4 c1d2 b4d2 \
b1d2 d7d5 e4d5 f6d5 e1g1 e8g8 f1e1"
    );
    assert!(
        kinds(&g, "warnings").contains(&"commentary".to_owned()),
        "{g}"
    );
    assert!(
        g["warnings"]
            .as_array()
            .expect("warnings")
            .iter()
            .any(|w| w["message"]
                .as_str()
                .is_some_and(|m| m.contains("names `Fg4`"))),
        "{g}"
    );
}

#[test]
fn an_infobox_label_glued_to_the_first_number_is_a_caption_and_its_moves_a_game() {
    // The Serbian Wikipedia's Ponziani (Latin script): the infobox's label and
    // moves run together as the page's text gives them (`Potezi1. e4 e5 2. Sf3
    // Sc6 3. c3`), then the same moves as the article's row: two games, as an
    // infobox row and the rows under it are (`wiki-continuations-in-prose-lt.txt`).
    // The label is the caption, never a lost move; the note naming 3. Sf6 and
    // 3. d5 in the next paragraph is no move of either.
    let (games, moves) = games_and_moves("infobox-label-glued-sr.txt");
    assert_eq!(games, [(1, true, 5), (55, true, 5)]);
    assert_eq!(
        moves,
        "e2e4 e7e5 g1f3 b8c6 c2c3 *\ne2e4 e7e5 g1f3 b8c6 c2c3 *\n"
    );
    // Other labels glued so, one game each (a label of letters that no
    // grammar reads as a move); moves run together are no label (`Nf62.c4`).
    for text in [
        "Moves1.e4 e5 2.Nf3 Nc6 3.d4\nECO C44\n",
        "Hamleler1. e4 e5 2. Af3 Ac6 3. Fc4\n",
    ] {
        let games = reports_of("glued.txt", text);
        assert_eq!(games.len(), 1, "{text}: {games:?}");
        assert_eq!(
            (games[0]["valid"].as_bool(), games[0]["plies"].as_u64()),
            (Some(true), Some(5)),
            "{text}: {games:?}"
        );
    }
}

#[test]
fn rows_numbered_with_a_parenthesis_start_the_next_game_as_rows_with_a_full_stop_do() {
    // A teaching text's two mates, moves numbered `1)` (read with a warning,
    // as the parser reads `12)`): a caption and the next game's first row.
    let games = reports_of(
        "paren.txt",
        "Fool's mate:\n1) f3 e5 2) g4 Qh4#\n\nScholar's mate:\n1) e4 e5 2) Bc4 Nc6 3) Qh5 Nf6 4) Qxf7#\n",
    );
    let read = line_valid_plies(&games);
    assert_eq!(
        read,
        [
            (Some(1), Some(true), Some(4)),
            (Some(4), Some(true), Some(7))
        ]
    );
}

#[test]
fn asterisks_after_a_move_with_the_game_going_on_are_footnote_marks() {
    // Légal's mate as a Russian book prints it: `*` and `**` after moves
    // point to the footnotes under the game, which open with the same marks.
    let games = game_reports(&fixtures(), "footnote-asterisks-ru.txt");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(13))
    );
    let notes = kinds(g, "notes");
    assert_eq!(
        notes.iter().filter(|k| *k == "skipped-punctuation").count(),
        2,
        "{notes:?}"
    );
    assert!(!kinds(g, "warnings").contains(&"wrong-result".to_owned()));
    let moves = uci_moves(&fixtures(), BIN, "footnote-asterisks-ru.txt");
    assert!(
        moves.starts_with("e2e4 e7e5 g1f3 d7d6 f1c4 b8c6 b1c3 c8g4 f3e5 g4d1 c4f7 e8e7 c3d5"),
        "{moves}"
    );
}

#[test]
fn games_told_one_after_another_in_sentences_are_each_read_whole() {
    // A chess club's solutions to a construction task (skcaissa.de): the
    // intended solution after a sentence's words, ended by `6.Le2 0-0#`, two
    // more told a sentence each (`z.B. 1. e3 Sh6 ... 0-0# (Eiko)`, `oder
    // 1.e4 e5 ... (Christian).`), then a caption and the last as a row. Each
    // run from White's first move, once the game before has ended in its
    // mate, starts the next game: four games of twelve plies, each whole.
    let (games, moves) = games_and_moves("solutions-told-in-sentences-de.txt");
    assert_eq!(
        games,
        [(1, true, 12), (4, true, 12), (6, true, 12), (7, true, 12)]
    );
    assert_eq!(
        moves,
        "e2e4 e7e6 d1g4 f8c5 g4g6 c5f2 e1e2 f7g6 e2f3 g8h6 f1e2 e8g8 0-1\n\
         e2e3 g8h6 d1g4 e7e5 g4g6 f7g6 e1e2 d8h4 e2f3 f8d6 f1e2 e8g8 0-1\n\
         e2e4 e7e5 d1g4 f8b4 g4g6 f7g6 e1e2 d8g5 e2f3 g8h6 f1e2 e8g8 0-1\n\
         e2e4 f7f5 e4f5 e7e6 f5e6 f8c5 e1e2 g8h6 e2f3 d8h4 f1e2 e8g8 0-1\n"
    );
}

#[test]
fn an_asterisk_run_into_the_last_move_is_still_the_result() {
    // At a game's end (nothing after it, or the next game's tags), `*` glued
    // to the move is the result, as before; a game that goes on from a `*`
    // into a new count is refused, never read as one game.
    let end = reports_of("end.txt", "1. e4 e5 2. Nf3*\n");
    assert_eq!(
        (end[0]["valid"].as_bool(), end[0]["plies"].as_u64()),
        (Some(true), Some(3))
    );
    assert!(
        kinds(&end[0], "notes")
            .iter()
            .all(|k| k != "skipped-punctuation")
    );
    let joined = reports_of("joined.txt", "1. e4 e5 2. Nf3* 1. d4 d5 2. c4 *\n");
    assert!(
        joined
            .iter()
            .all(|g| !(g["valid"] == true && g["plies"] == 7)),
        "{joined:?}"
    );
}

#[test]
fn a_slash_between_move_pairs_is_a_separator_skipped_with_a_note() {
    let games = game_reports(&fixtures(), "slash-between-pairs-elpais-2001.txt");
    assert_eq!(games.len(), 1, "{games:?}");
    let g = &games[0];
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(10)),
        "{g}"
    );
    let separators = g["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter(|n| {
            n["kind"] == "skipped-word" && n["message"] == "`/` is a separator, not a move: skipped"
        })
        .count();
    assert_eq!(separators, 4, "{g}");
}

#[test]
fn games_told_in_one_sentence_after_a_game_ended_in_mate_are_each_a_game() {
    // A game in rows ended by its mate, then kin of it told in sentences, two
    // on one line; a line of one side's moves (a progressive game's) and a
    // note from a later move are no games, and a note restarting from move 1
    // inside a game whose rows go on below it stays the game's note.
    let games = reports_of(
        "kin.txt",
        "The shortest mate:\n1. f3 e5\n2. g4 Qh4#\n\
         Similar mates: 1. e4 g5 2. d4 f6 3. Qh5#, and in a game of 1959, 1. e4 g5 2. Nc3 f5 3. Qh5#.\n\
         After 2. Nc3 Black may try 2...f6 instead.\n\
         In progressive chess it is 1. e4 2. f6 g5 3. Qh5#.\n",
    );
    let read = line_valid_plies(&games);
    assert_eq!(
        read,
        [
            (Some(1), Some(true), Some(4)),
            (Some(4), Some(true), Some(5)),
            (Some(4), Some(true), Some(5)),
        ]
    );
    let games = reports_of(
        "note.txt",
        "1. e4 e5\n2. Nf3 Nc6\nThe usual order is 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 here.\n3. Bc4 Bc5\n4. c3 Nf6 1-0\n",
    );
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(
        (games[0]["valid"].as_bool(), games[0]["plies"].as_u64()),
        (Some(true), Some(8)),
        "{games:?}"
    );
}

#[test]
fn prose_resuming_after_a_game_told_in_a_sentence_ends_it_and_a_later_line_from_move_1_is_the_next()
{
    // A search page running Wikipedia's abstracts one a line: the Greco
    // Defence's moves told in a sentence, the abstract going on after them;
    // another abstract; a line opening with another game's moves, then a
    // note's line going back (`via 3...Bb7 4.Nf3 Bb4`). Each game ends where
    // prose resumes (a note, no error per word), and the line from White's
    // first after the prose is a game of its own.
    let games = game_reports(&fixtures(), "opening-abstracts-search-page.txt");
    let read = line_valid_plies(&games);
    assert_eq!(
        read,
        [
            (Some(1), Some(true), Some(4)),
            (Some(3), Some(true), Some(10))
        ],
        "{games:?}"
    );
    for g in &games {
        assert!(kinds(g, "notes").iter().any(|k| k == "skipped-word"), "{g}");
    }
}

#[test]
fn a_note_naming_the_move_due_in_the_prose_after_the_game_is_no_move_of_it() {
    // A web abstract: numbers glued to the moves before them, the abstract's
    // next sentence straight after the last move, and a note naming Black's
    // move due far into it (`play after 3...Bc5`). The game ends at its own
    // last move (five plies) with a warning naming the note's move; each
    // word after it is no error.
    let text = "The Italian Game is a family of chess openings beginning with the moves: \
        1. e4 e52. Nf3 Nc63. Bc4 This opening is defined by the development of the white \
        bishop to c4, where it attacks the vulnerable f7-square. The term is sometimes used \
        interchangeably with Giuoco Piano, although the latter also refers to play after 3...Bc5.\n";
    let games = reports_of("abstract.txt", text);
    assert_eq!(games.len(), 1, "{games:?}");
    let g = &games[0];
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(5)),
        "{g}"
    );
    assert!(
        g["warnings"].as_array().expect("warnings").iter().any(|w| {
            w["kind"] == "skipped-word"
                && w["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("it names `3...Bc5.`"))
        }),
        "{g}"
    );
    // A discussion naming two moves for the turn due is refused, never read
    // short: which is the game's, the text does not show.
    let discussion = reports_of(
        "discussion.txt",
        "It arises after 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O with Black's \
         reply 5... Nxe4. Black takes the central pawn, unlike the closed line after 5... Be7.\n",
    );
    assert!(
        discussion.iter().all(|g| g["valid"] != true),
        "{discussion:?}"
    );
    // A misprinted move in a game that goes on after it stays the error at it.
    let misprint = reports_of(
        "misprint.txt",
        "The game went 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bq4 Nf6 5. O-O Be7 6. Re1 b5 and White won.\n",
    );
    assert_eq!(misprint.len(), 1, "{misprint:?}");
    assert_eq!(
        (
            misprint[0]["valid"].as_bool(),
            misprint[0]["errors"][0]["ply"].as_u64()
        ),
        (Some(false), Some(7)),
        "{misprint:?}"
    );
}

#[test]
fn an_ocr_damaged_descriptive_column_reads_with_a_warning_at_each_repair() {
    // The Opera game as a Papers Past column reaches users: both columns
    // numbered, words run together (`PtoK4`, `BtakesKt`), `ß` for `B`, `s` for
    // `5`, `li` for `R`, damaged numbers (`i.`, `S.`, `1 1.`, `G.`) and print
    // noise between the moves (`’`, `;`, `■`, `•`, `~`).
    let name = "ocr-descriptive-opera-column.txt";
    let g = one_game_report(&fixtures(), BIN, name);
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(33)),
        "{g}"
    );
    assert_eq!(
        uci_moves(&fixtures(), BIN, name),
        "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 \
         c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8"
    );
    // Each repair names both spellings.
    let read = messages(&g, "warnings", "read-by-spelling");
    for (printed, read_as) in [
        ("B—Kts", "B—Kt5"),
        ("ß—QB4", "B—QB4"),
        ("Kt—Qß3", "Kt—QB3"),
        ("B—KKts", "B—KKt5"),
        ("li—Q sq", "R—Q sq"),
    ] {
        assert!(
            read.iter()
                .any(|m| m.contains(&format!("`{printed}`")) && m.contains(&format!("`{read_as}`"))),
            "{printed}: {read:?}"
        );
    }
    let numbers = messages(&g, "warnings", "move-number");
    for damaged in ["`i.`", "`S.`", "`1 1.`", "`G.`"] {
        assert!(
            numbers
                .iter()
                .any(|m| m.contains(damaged) && m.contains("damaged")),
            "{damaged}: {numbers:?}"
        );
    }
    assert!(
        messages(&g, "notes", "skipped-word")
            .iter()
            .any(|m| m.contains("`■` is print noise")),
        "{g}"
    );
    // `--strict` refuses every repair.
    let r = run(&fixtures(), BIN, &["validate", "--strict", name]);
    assert_eq!(r.code, Some(1), "{}", r.stdout);
}

#[test]
fn an_ocr_damaged_column_is_refused_where_two_moves_fit_not_at_its_first_damage() {
    // New Zealand Graphic, 1 June 1910 (Papers Past): `Kt—Qß3`, `B—Kts`,
    // `Kt—K.s`, `Kt- Kl 3`, `B—QKI3`, `li Q2` and the numbers `G.`, `<>.`,
    // `1 1.` read; Black's `13. B B` (the dash and the rank lost) names both
    // bishops' moves to a B file (the game's own is `Bf8`): refused there,
    // naming both.
    let name = "ocr-descriptive-nz-graphic-1910.txt";
    let g = one_game_report(&fixtures(), BIN, name);
    assert_eq!(g["valid"].as_bool(), Some(false), "{g}");
    let errors = g["errors"].as_array().expect("errors");
    assert_eq!(
        (
            errors[0]["ply"].as_u64(),
            errors[0]["move"].as_str(),
            errors[0]["kind"].as_str()
        ),
        (Some(26), Some("B B"), Some("ambiguous-move")),
        "{g}"
    );
    // Both readings are named, the game's own among them.
    assert_eq!(
        errors[0]["candidates"],
        serde_json::json!(["Bc8 (Bd7-c8)", "Bf8 (Be7-f8)"]),
        "{g}"
    );
    assert_eq!(messages(&g, "warnings", "read-by-spelling").len(), 6, "{g}");
    assert_eq!(
        messages(&g, "warnings", "move-number")
            .iter()
            .filter(|m| m.contains("damaged"))
            .count(),
        4,
        "{g}"
    );
}
