//! Over the shared corpus (`/work/shared/corpus`, or `SCORESHEET_CORPUS`), when it
//! exists: for the first 300 games of each file of `strict/`, `online/` and `messy/`,
//! the export of the export is identical, and SAN -> LAN -> SAN and SAN -> UCI -> SAN
//! round trips give the same moves. Skipped with a message when there is no corpus.

use crate::common;

use common::pgn_files;

use std::path::{Path, PathBuf};

use scoresheet_board::EpStyle;
use scoresheet_convert::{LineFormat, MoveNode, Options, ResolvedGame, resolve_game, write_line};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{games, parse_game};

const GAMES_PER_FILE: usize = 300;

fn corpus() -> Option<PathBuf> {
    let root = std::env::var_os("SCORESHEET_CORPUS")
        .map_or_else(|| PathBuf::from("/work/shared/corpus"), PathBuf::from);
    root.is_dir().then_some(root)
}

/// Every game to check: (a name for messages, the game's bytes).
fn corpus_games(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for area in ["strict", "online", "messy"] {
        pgn_files(&root.join(area), &mut files);
    }
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        for (i, g) in games(&bytes).take(GAMES_PER_FILE).enumerate() {
            out.push((format!("{} game {}", f.display(), i + 1), g.bytes.to_vec()));
        }
    }
    out
}

/// The main line written in `format`, read back from the same start, resolved.
fn round_trip(game: &ResolvedGame<'_>, format: LineFormat, what: &str) -> Vec<MoveNode> {
    let mut line = Vec::new();
    write_line(game, format, &mut line);
    let mut text = Vec::new();
    if game.chess960 {
        text.extend_from_slice(b"[Variant \"Chess960\"]\n");
    }
    text.extend_from_slice(b"[FEN \"");
    text.extend_from_slice(game.start.to_fen(EpStyle::Always).as_bytes());
    text.extend_from_slice(b"\"]\n\n");
    text.extend_from_slice(&line);
    let parsed = parse_game(&text, 0, Mode::Lenient);
    let back = resolve_game(&parsed, &Options::default()).unwrap_or_else(|e| {
        panic!(
            "{what}: the {format:?} line does not read back: {}\n{}",
            e.error.message,
            String::from_utf8_lossy(&text)
        )
    });
    back.mainline().copied().collect()
}

#[test]
fn corpus_exports_are_idempotent_and_round_trip() {
    let Some(root) = corpus() else {
        eprintln!("no corpus at /work/shared/corpus (set SCORESHEET_CORPUS): skipped");
        return;
    };
    let all = corpus_games(&root);
    let mut converted = 0usize;
    for (what, bytes) in &all {
        if common::check_idempotent(bytes, what).is_err() {
            continue;
        }
        converted += 1;
        let parsed = parse_game(bytes, 0, Mode::Lenient);
        let Ok(game) = resolve_game(&parsed, &Options::default()) else {
            continue;
        };
        let moves: Vec<_> = game.mainline().map(|m| (m.mv, m.san)).collect();
        for format in [LineFormat::Lan, LineFormat::Uci, LineFormat::San] {
            let back: Vec<_> = round_trip(&game, format, what)
                .iter()
                .map(|m| (m.mv, m.san))
                .collect();
            assert!(back == moves, "{what}: {format:?} round trip differs");
        }
    }
    eprintln!(
        "{converted} of {} corpus games converted and checked",
        all.len()
    );
    assert!(
        converted * 2 >= all.len(),
        "fewer than half of the games converted"
    );
}
