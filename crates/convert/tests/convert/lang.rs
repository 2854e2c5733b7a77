//! Chess written in other languages' letters.
//!
//! - `fixtures/lang/{ok,err}/NNNN_<code>_<game>.pgn` convert to English SAN,
//!   blessed with their messages into `NNNN_<code>_<game>.expected` (`BLESS=1`);
//!   `ok` ones must convert, `err` ones must not.
//! - Every `ok` fixture gives the moves of the English record of the same game,
//!   `fixtures/lang/known/<game>.pgn` (public records, copied as facts).
//! - Over `../shared/corpus/strict` when it exists (a sample of games per file,
//!   skipped with a message otherwise): SAN and LAN written in each language
//!   read back to the same moves, forced with the language and told from the
//!   letters. `cargo xtask langs` runs it over every game.

use crate::common;

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use scoresheet_board::EpStyle;
use scoresheet_board::told::parse_game_told;
use scoresheet_convert::{Format, LineFormat, Options, ResolvedGame, resolve_game, write_line_in};
use scoresheet_notation::Mode;
use scoresheet_notation::lang::{Detection, Language, detect};
use scoresheet_notation::pgn::{Game, games, parse_game};
use scoresheet_test_utils::{Goldens, cases, fixtures};

/// Games of each corpus file checked by `cargo test`; `SCORESHEET_LANG_GAMES=all`
/// (what `cargo xtask langs` sets) checks every game.
const GAMES_PER_FILE: usize = 12;

fn games_per_file() -> usize {
    match std::env::var("SCORESHEET_LANG_GAMES").as_deref() {
        Ok("all") => usize::MAX,
        Ok(n) => n.parse().unwrap_or(GAMES_PER_FILE),
        Err(_) => GAMES_PER_FILE,
    }
}

fn root() -> PathBuf {
    fixtures().join("lang")
}

/// The main line's SAN of the first game of `text`, told from its letters.
fn sans(text: &[u8], what: &str) -> Vec<String> {
    let game = parse_game(text, 0, Mode::Lenient);
    let r = resolve_game(&game, &Options::default())
        .unwrap_or_else(|e| panic!("{what}: {}", e.error.message));
    r.mainline().map(|m| m.san.to_string()).collect()
}

/// The known English record a fixture transcribes: the longest `known/<game>.pgn`
/// whose name starts the fixture's name after its number and language code.
fn known(path: &Path) -> Option<PathBuf> {
    let stem = path.file_stem()?.to_str()?;
    let rest = stem.splitn(3, '_').nth(2)?;
    cases(&root().join("known"), ".pgn")
        .into_iter()
        .filter(|k| {
            k.file_stem()
                .and_then(|s| s.to_str())
                .is_some_and(|s| rest.starts_with(s))
        })
        .max_by_key(|k| k.as_os_str().len())
}

#[test]
fn lang_fixtures() {
    let mut goldens = Goldens::new();
    let mut count = 0;
    for (kind, want_failure) in [("ok", false), ("err", true)] {
        for path in cases(&root().join(kind), ".pgn") {
            let input = std::fs::read(&path).expect("a readable fixture");
            let (actual, failed) = common::convert_file(&input, Format::San);
            if (failed > 0) != want_failure {
                goldens.fail(&path, &format!("{failed} games failed:\n{actual}"));
            }
            goldens.check(&path.with_extension("expected"), &actual);
            if !want_failure {
                let k = known(&path)
                    .unwrap_or_else(|| panic!("{}: no known game for it", path.display()));
                let english = std::fs::read(&k).expect("a readable known game");
                let what = path.display().to_string();
                assert_eq!(sans(&input, &what), sans(&english, &what), "{what}");
            }
            count += 1;
        }
    }
    goldens.finish();
    assert!(
        count >= 15,
        "only {count} fixtures under {}",
        root().display()
    );
}

/// `game`'s main line written in `format` with `lang`'s letters, from its start.
fn written_in(game: &ResolvedGame<'_>, format: LineFormat, lang: Language) -> Vec<u8> {
    let mut text = Vec::new();
    if game.chess960 {
        text.extend_from_slice(b"[Variant \"Chess960\"]\n");
    }
    text.extend_from_slice(b"[FEN \"");
    text.extend_from_slice(game.start.to_fen(EpStyle::Always).as_bytes());
    text.extend_from_slice(b"\"]\n\n");
    write_line_in(game, format, lang, &mut text);
    text
}

/// The moves of `text` read in `lang` (`None`: told from the letters).
fn read_back(text: &[u8], lang: Option<Language>) -> Result<Vec<String>, String> {
    let mut game = Game::default();
    parse_game_told(&mut game, text, 0, Mode::Lenient, lang);
    let r = resolve_game(&game, &Options::default()).map_err(|e| e.error.message)?;
    Ok(r.mainline()
        .map(|m| format!("{} {}", m.mv.to_uci(), m.san))
        .collect())
}

/// How many different legal games `text` reads as, over every language.
fn legal_readings(text: &[u8]) -> usize {
    let mut readings: Vec<Vec<String>> = Language::ALL
        .iter()
        .filter_map(|&lang| read_back(text, Some(lang)).ok())
        .collect();
    readings.sort();
    readings.dedup();
    readings.len()
}

#[test]
fn corpus_games_round_trip_through_every_language() {
    // Real games shipped in fixtures/; `cargo xtask corpus` runs this test on
    // the whole shared corpus too (`SCORESHEET_LANG_CORPUS`, a directory).
    let mut files = Vec::new();
    match std::env::var_os("SCORESHEET_LANG_CORPUS") {
        Some(dir) => common::pgn_files(Path::new(&dir), &mut files),
        None => {
            let fixtures = fixtures();
            files.push(fixtures.join("bench/games.pgn"));
            files.push(fixtures.join("misprints/kasparov-sample.pgn"));
        }
    }
    assert!(!files.is_empty(), "no PGN files to read");
    files.sort();
    let mut checked = 0usize;
    let mut undecided = Vec::new();
    let mut english_looking = 0usize;
    let mut genuinely_open = 0usize;
    for f in files {
        let bytes = std::fs::read(&f).expect("a readable corpus file");
        for (i, slice) in games(&bytes).take(games_per_file()).enumerate() {
            let what = format!("{} game {}", f.display(), i + 1);
            let parsed = parse_game(slice.bytes, 0, Mode::Lenient);
            let Ok(game) = resolve_game(&parsed, &Options::default()) else {
                continue;
            };
            let moves: Vec<String> = game
                .mainline()
                .map(|m| format!("{} {}", m.mv.to_uci(), m.san))
                .collect();
            for lang in Language::ALL {
                for format in [LineFormat::San, LineFormat::Lan] {
                    let text = written_in(&game, format, lang);
                    let shown = || String::from_utf8_lossy(&text).into_owned();
                    let forced = read_back(&text, Some(lang));
                    assert!(
                        forced.as_ref() == Ok(&moves),
                        "{what}: {lang} {format:?} forced: {forced:?}\n{}",
                        shown()
                    );
                    // A game whose letters all read as English is English by the
                    // rule (`1. Pf3` in Dutch, a knight's move, reads as a pawn's):
                    // only `--lang` tells it; counted, not compared.
                    let tokens = text.split(|b| b.is_ascii_whitespace());
                    if lang != Language::English && detect(tokens) == Detection::English {
                        english_looking += 1;
                        continue;
                    }
                    match read_back(&text, None) {
                        Ok(back) => assert!(
                            back == moves,
                            "{what}: {lang} {format:?} told from its letters reads other moves\n{}",
                            shown()
                        ),
                        // Undecidable is right only where the letters and the
                        // board leave two games (German `4. Se2` is Ne2, Czech
                        // `4. Se2` is Be2, both legal): counted, then.
                        Err(_) if legal_readings(&text) >= 2 => genuinely_open += 1,
                        Err(e) => undecided.push(format!("{what}: {lang} {format:?}: {e}")),
                    }
                }
            }
            checked += 1;
        }
    }
    eprintln!(
        "{checked} corpus games written in {} languages and read back \
         ({english_looking} writings with English letters only, read back forced only; \
         {genuinely_open} undecidable, two languages reading two legal games)",
        Language::ALL.len()
    );
    assert!(checked > 0, "no corpus game converted");
    assert!(undecided.is_empty(), "{}", undecided.join("\n"));
}
