//! How a printed text is cut into games, rows and move slots (issue 30),
//! through the real binary, on the material of `fixtures/layouts`
//! (`SOURCES.md` there): each game's reading, verdict, plies, tags and
//! moves as `validate --format json` and `convert --to uci` give them.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use serde_json::Value;

use crate::common::{one_game_report, run, uci_moves};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/layouts")
}

/// The one game of `name`'s report.
fn report(name: &str) -> Value {
    one_game_report(&fixtures(), BIN, name)
}

/// `convert --to uci --moves-only` of `name`: the moves, result dropped.
fn uci(name: &str) -> String {
    uci_moves(&fixtures(), BIN, name)
}

fn tags(game: &Value) -> Vec<(String, String)> {
    game["tags"]
        .as_object()
        .expect("tags")
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().expect("a value").to_owned()))
        .collect()
}

/// Every note of a game of one kind, as its message.
fn notes(game: &Value, kind: &str) -> Vec<String> {
    game["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter(|n| n["kind"] == kind)
        .map(|n| n["message"].as_str().unwrap_or_default().to_owned())
        .collect()
}

const OPERA: &str = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 b5d7 f6d7 b3b8 d7b8 d1d8";

#[test]
fn moves_after_a_caption_on_their_line_are_read_and_the_caption_kept() {
    let g = report("caption-before-moves.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(26))
    );
    assert!(
        notes(&g, "commentary")
            .iter()
            .any(|m| m.contains("a caption before the moves")),
        "{g}"
    );
    assert_eq!(
        uci("caption-before-moves.txt"),
        "d2d4 d7d5 c1f4 e7e6 a2a3 f8d6 g1f3 d6f4 f3e5 f4e5 d4e5 b8c6 f2f4 g8e7 e2e3 d5d4 \
         f1b5 e8g8 b5c6 e7c6 e1g1 d4e3 d1f3 d8d4 f1d1 e3e2"
    );
}

#[test]
fn run_on_columns_with_bare_move_numbers_read_as_rows() {
    let g = report("run-on-columns.desc.txt");
    assert_eq!(g["notation"], "descriptive");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(15))
    );
    // The word before White's first move is a caption, not a move; no number is off.
    assert!(
        notes(&g, "commentary")
            .iter()
            .any(|m| m.contains("caption before the moves")),
        "{g}"
    );
    assert!(notes(&g, "move-number").is_empty(), "{g}");
    assert_eq!(
        uci("run-on-columns.desc.txt"),
        "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6 d2d4 e5d4 e4e5 f6e4 c4d5 e4f2 e1f2"
    );
}

#[test]
fn a_header_in_parentheses_is_a_caption_and_semicolons_separate_rows() {
    let g = report("opera-semicolons.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(33))
    );
    assert_eq!(
        tags(&g),
        [
            ("Black".to_owned(), "Duke of Brunswick".to_owned()),
            ("White".to_owned(), "Paul Morphy".to_owned()),
        ]
    );
    let separators = notes(&g, "skipped-punctuation");
    assert_eq!(separators.len(), 8, "{g}");
    assert!(separators[0].contains("separator"));
    assert_eq!(uci("opera-semicolons.txt"), OPERA);
}

#[test]
fn percent_headers_are_tags_when_the_pgn_reading_wins() {
    let g = report("percent-headers.txt");
    assert_eq!(g["notation"], "san");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(33))
    );
    let mut want = [
        ("Event", "Casual game"),
        ("Site", "Paris"),
        ("Date", "1858.11.02"),
        ("Round", "1"),
        ("White", "Paul Morphy"),
        ("Black", "Duke of Brunswick and Count Isouard"),
        ("Source", "The Chess Monthly"),
    ]
    .map(|(k, v)| (k.to_owned(), v.to_owned()));
    want.sort();
    assert_eq!(tags(&g), want);
    // convert writes them as the game's tag section.
    let r = run(
        &fixtures(),
        BIN,
        &["convert", "--to", "pgn", "percent-headers.txt"],
    );
    for line in [
        "[Event \"Casual game\"]",
        "[Site \"Paris\"]",
        "[Date \"1858.11.02\"]",
        "[Round \"1\"]",
        "[White \"Paul Morphy\"]",
        "[Black \"Duke of Brunswick and Count Isouard\"]",
        "[Source \"The Chess Monthly\"]",
    ] {
        assert!(r.stdout.contains(line), "{line} missing:\n{}", r.stdout);
    }
    assert_eq!(uci("percent-headers.txt"), OPERA);
}

#[test]
fn a_caption_naming_the_players_gives_a_tables_tags() {
    let g = report("caption-names.desc.txt");
    assert_eq!(g["notation"], "descriptive");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(12))
    );
    assert_eq!(
        tags(&g),
        [
            ("Black".to_owned(), "Duke of Brunswick".to_owned()),
            ("Date".to_owned(), "1858.??.??".to_owned()),
            ("Site".to_owned(), "Paris".to_owned()),
            ("White".to_owned(), "Morphy".to_owned()),
        ]
    );
    assert_eq!(
        uci("caption-names.desc.txt"),
        "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6"
    );
}

#[test]
fn semicolon_rows_hold_after_tokens_read_only_by_their_spelling() {
    // `11.Bxb5ch Nbd7;  12.O-O-O`: the parser reads no ply for `Bxb5ch`
    // (the board reads it by its spelling); the row after the `;` is still
    // the game's, not PGN's comment.
    let g = report("opera-semicolons-check-words.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(33)),
        "{g}"
    );
    assert_eq!(notes(&g, "skipped-punctuation").len(), 8, "{g}");
    assert_eq!(notes(&g, "read-by-spelling").len(), 4, "{g}");
    assert_eq!(uci("opera-semicolons-check-words.txt"), OPERA);
}

#[test]
fn a_caption_and_semicolon_rows_hold_for_spanish_descriptive() {
    let g = report("opera-spanish-caption-semicolons.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(33)),
        "{g}"
    );
    assert!(
        notes(&g, "commentary")
            .iter()
            .any(|m| m.contains("a caption before the moves")),
        "{g}"
    );
    assert_eq!(notes(&g, "skipped-punctuation").len(), 8, "{g}");
    assert_eq!(uci("opera-spanish-caption-semicolons.txt"), OPERA);
}

#[test]
fn an_end_word_after_a_refused_move_ends_the_game_without_a_second_error() {
    // Lasker's table with a misprinted wing: the game fails at 17...Q-R4;
    // its `Resigns.` is the game's end, not `Re` + `signs.`.
    let name = "../misprints/lasker-game3-misprinted-wing.desc.txt";
    let g = report(name);
    let errors = g["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 1, "{g}");
    assert_eq!(errors[0]["kind"], "no-legal-reading");
    assert!(
        notes(&g, "commentary")
            .iter()
            .any(|m| m.contains("`Resigns.` says how the game ended")),
        "{g}"
    );
}

#[test]
fn play_names_the_players_as_validate_does() {
    // `% white:` headers and a caption above PGN moves are the game's tags in
    // `validate --format json`; `play` names the players from the same tags.
    for (name, players) in [
        (
            "percent-headers.txt",
            "Paul Morphy - Duke of Brunswick and Count Isouard",
        ),
        ("opera-semicolons.txt", "Paul Morphy - Duke of Brunswick"),
        ("caption-names.desc.txt", "Morphy - Duke of Brunswick"),
    ] {
        let g = report(name);
        let tag = |t: &str| {
            tags(&g)
                .into_iter()
                .find(|(k, _)| k == t)
                .map(|(_, v)| v)
                .unwrap_or_default()
        };
        assert_eq!(format!("{} - {}", tag("White"), tag("Black")), players);
        let r = run(&fixtures(), BIN, &["play", name]);
        assert_eq!(r.code, Some(0), "{name}: {}", r.stderr);
        assert_eq!(
            r.stdout.lines().nth(1),
            Some(players),
            "{name}: {}",
            r.stdout
        );
    }
}

#[test]
fn a_dash_between_whites_and_blacks_move_is_a_separator_the_board_tells_from_a_move() {
    let g = report("dash-between-moves.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(12))
    );
    assert_eq!(
        uci("dash-between-moves.txt"),
        "e2e4 e7e5 d1h5 b8c6 f1c4 g7g6 h5f3 g8f6 f3b3 c6d4 c4f7 e8e7"
    );
    // `e4 – e5` reads as a move from e4 to e5 too: the board refuses it, and
    // says which reading it took; the lone dashes are separators.
    let dashes = notes(&g, "dash-between-moves");
    assert_eq!(dashes.len(), 5, "{dashes:?}");
    assert!(
        dashes[0].contains("read as two moves with a dash between them: e4 e5"),
        "{dashes:?}"
    );
    let warnings: Vec<&str> = g["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter_map(|w| w["kind"].as_str())
        .collect();
    assert!(!warnings.contains(&"long-algebraic"), "{warnings:?}");
}

#[test]
fn a_misprinted_long_algebraic_move_is_never_split_into_a_pair() {
    // `Lf2 - c4` is no pair of moves: Black's move follows it in its row.
    let out = std::process::Command::new(BIN)
        .args(["validate", "--format", "json", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write as _;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(b"1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf2 - c4 Sg8-f6 *\n")?;
            child.wait_with_output()
        })
        .expect("scoresheet runs");
    let report: Value =
        serde_json::from_slice(out.stdout.split(|&b| b == b'\n').next().expect("a report"))
            .expect("JSON");
    assert_eq!(report["valid"].as_bool(), Some(false));
    assert_eq!(report["errors"][0]["ply"].as_u64(), Some(5));
}

#[test]
fn long_algebraic_naming_the_piece_taken_is_read_and_a_wrong_name_warned() {
    let g = report("lan-piece-taken.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(45))
    );
    let g = report("spaced-capital-x.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(55))
    );
    let wrong: Vec<(u64, String)> = g["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter(|w| w["kind"] == "wrong-piece-taken")
        .map(|w| {
            (
                w["line"].as_u64().unwrap_or_default(),
                w["move"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    assert_eq!(wrong, vec![(26, "De4 X Se6".to_owned())]);
    assert!(
        uci("spaced-capital-x.txt")
            .starts_with("e2e4 e7e5 f2f4 e5f4 g1f3 g7g5 f1c4 g5g4 e1g1 g4f3 d1f3")
    );
}

#[test]
fn bracketed_lines_that_are_no_tag_pairs_are_notes_of_their_game() {
    // `[ECO code C15]` above and among the moves, a bracketed variation over two
    // lines: notes of the game (no tag after the movetext), the game whole.
    let g = report("bracketed-notes.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(43)),
        "{g}"
    );
    let warned: Vec<&str> = g["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter_map(|w| w["kind"].as_str())
        .collect();
    assert_eq!(
        warned,
        [
            "bracket-comment",
            "over-disambiguated",
            "bracket-comment",
            "bracket-comment"
        ]
    );
    assert!(uci("bracketed-notes.txt").ends_with("c3d5 g7h6 d5e7"));
}

#[test]
fn pawn_captures_by_files_read_before_a_comma_and_inside_a_run() {
    let g = report("file-captures-commas.txt");
    assert_eq!(
        (g["valid"].as_bool(), g["plies"].as_u64()),
        (Some(true), Some(56))
    );
    assert_eq!(
        uci("file-captures-commas.txt"),
        "g1f3 d7d5 d2d4 b8c6 c2c4 c8g4 c4d5 g4f3 g2f3 d8d5 e2e3 e7e6 b1c3 d5h5 f1g2 e8c8 \
         f3f4 h5d1 e1d1 c6e7 d1e2 g8f6 c1d2 e7f5 h1c1 c8b8 b2b4 h7h6 c3b5 c7c6 b5a3 g7g5 \
         a3c4 g5f4 b4b5 f4e3 f2e3 h8g8 g2f3 c6b5 a1b1 f6d5 b1b5 f5d6 c4d6 f8d6 e3e4 d5c7 \
         b5h5 e6e5 d4e5 d6a3 c1c2 c7e6 d2e3 d8c8"
    );
    // Each pawn capture by files (`cd,`, `gf,`, `fe,`, `cb`, `de,`) is said.
    let captures = g["warnings"]
        .as_array()
        .expect("warnings")
        .iter()
        .filter(|w| w["kind"] == "file-capture")
        .count();
    assert_eq!(captures, 7, "{g}");
}

#[test]
fn a_pawn_capture_by_files_run_together_with_the_next_move_is_read_apart() {
    let dir = std::env::temp_dir().join(format!(
        "scoresheet-file-capture-run-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("run.txt");
    // NIN's 2002 column prints `5. ef,Lb4+.` and `8.c5,bc.` without spaces.
    std::fs::write(
        &path,
        "1. d4, e6, 2. c4, b6, 3. e4, Lb7, 4. Ld3,f5. 5. ef,Lb4+. 6.Kf1,Sf6\n",
    )
    .expect("write");
    let out = run(
        &dir,
        BIN,
        &["convert", "--to", "uci", "--moves-only", "run.txt"],
    );
    assert_eq!(
        out.stdout.trim(),
        "d2d4 e7e6 c2c4 b7b6 e2e4 c8b7 f1d3 f7f5 e4f5 f8b4 e1f1 g8f6 *",
        "{}",
        out.stderr
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_column_run_into_a_paragraph_is_read_from_its_rows_to_the_misprint() {
    let game = report("column-run-into-a-paragraph.txt");
    assert_eq!(game["valid"], false);
    let first = &game["errors"][0];
    // The game's third ply, White's misread 2nd move: not the diagram's `1 P`,
    // not "no moves".
    assert_eq!(first["ply"], 3, "{first}");
    assert_eq!(first["kind"], "desc-syntax", "{first}");
    assert_eq!(game["plies"], 2);
}

#[test]
fn a_note_that_runs_on_the_count_after_the_last_move_is_a_warning() {
    let game = report("note-runs-on-the-count.txt");
    assert_eq!(game["valid"], true);
    assert_eq!(game["plies"], 3);
    let warnings = game["warnings"].as_array().expect("warnings");
    assert!(
        warnings.iter().any(|w| w["kind"] == "commentary"
            && w["message"]
                .as_str()
                .is_some_and(|m| m.contains("read short"))),
        "{warnings:?}"
    );
    // `--strict` refuses the game read short.
    let strict = run(
        &fixtures(),
        BIN,
        &["validate", "--strict", "note-runs-on-the-count.txt"],
    );
    assert_eq!(strict.code, Some(1), "{}", strict.stdout);
}
