//! The quick path of conversion (`resolve_quick`) against the full one
//! (`resolve_game`): every game it takes, in the fixtures and in the first games
//! of every file of the shared corpus (when there is one), resolves to the same
//! tags, start, moves with their SAN and marks, result and warnings.

use crate::common;

use std::path::{Path, PathBuf};

use common::pgn_files;

use pretty_assertions::assert_eq;
use scoresheet_board::quick::QuickLane;
use scoresheet_convert::game::resolve_quick;
use scoresheet_convert::{Notation, Options, resolve_game};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{games, parse_game};

/// Checks every game of `files` (at most `per_file` of each); gives how many
/// games there were and how many the quick path took.
fn check(files: &[PathBuf], per_file: usize) -> (usize, usize) {
    let mut lane = QuickLane::default();
    let (mut seen, mut taken) = (0, 0);
    for f in files {
        let bytes = std::fs::read(f).unwrap();
        for (i, g) in games(&bytes).take(per_file).enumerate() {
            seen += 1;
            for (mode, strict) in [(Mode::Lenient, false), (Mode::Strict, true)] {
                for from in [None, Some(Notation::San), Some(Notation::Lan)] {
                    let options = Options {
                        from,
                        strict,
                        ..Options::default()
                    };
                    let Some(quick) = resolve_quick(g.bytes, &mut lane, &options) else {
                        continue;
                    };
                    assert!(from != Some(Notation::Lan), "LAN asked, SAN taken");
                    taken += usize::from(!strict && from.is_none());
                    let what = format!("{} game {} (strict: {strict})", f.display(), i + 1);
                    let full = resolve_game(&parse_game(g.bytes, 0, mode), &options)
                        .unwrap_or_else(|e| panic!("{what}: the full path fails: {e}"));
                    assert_eq!(quick.tags, full.tags, "{what}");
                    assert_eq!(quick.start, full.start, "{what}");
                    assert_eq!(quick.chess960, full.chess960, "{what}");
                    assert_eq!(quick.nodes, full.nodes, "{what}");
                    assert_eq!(quick.result, full.result, "{what}");
                    assert_eq!(quick.warnings, full.warnings, "{what}");
                }
            }
        }
    }
    (seen, taken)
}

#[test]
fn the_quick_path_resolves_fixture_games_as_the_full_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    files.sort();
    let (seen, taken) = check(&files, usize::MAX);
    eprintln!("{taken} of {seen} fixture games taken");
    // The clean database games of the benchmark fixture are nearly all taken.
    let (seen, taken) = check(&[root.join("bench/games.pgn")], usize::MAX);
    assert!(seen >= 20 && taken * 10 >= seen * 9, "{taken} of {seen}");
}

#[test]
fn the_quick_path_resolves_corpus_games_as_the_full_path() {
    let root = std::env::var_os("SCORESHEET_CORPUS")
        .map_or_else(|| PathBuf::from("/work/shared/corpus"), PathBuf::from);
    if !root.is_dir() {
        eprintln!("no shared corpus at {}: skipped", root.display());
        return;
    }
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    files.sort();
    let (seen, taken) = check(&files, 300);
    eprintln!("{taken} of {seen} corpus games taken");
    // Games whose check or capture marks do not fit their moves (common in
    // the messy exports) go to the full path, which looks for the misprint.
    assert!(taken * 5 >= seen * 2, "{taken} of {seen}");
}

/// Resolves `text` both ways (lenient, SAN) and compares; whether the quick
/// path took it.
fn same_both_ways(text: &[u8]) -> bool {
    let options = Options::default();
    let Some(quick) = resolve_quick(text, &mut QuickLane::default(), &options) else {
        return false;
    };
    let full = resolve_game(&parse_game(text, 0, Mode::Lenient), &options).unwrap();
    assert_eq!(quick.tags, full.tags);
    assert_eq!(quick.nodes, full.nodes);
    assert_eq!(quick.result, full.result);
    assert_eq!(quick.warnings, full.warnings);
    true
}

#[test]
fn the_quick_path_keeps_what_databases_add_and_warns_as_the_full_path() {
    let game = "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    // A comment line before the tags (with its carriage return, or empty).
    for comment in [";TCEC end of game\n\n", ";x y\r\n", ";\n\n"] {
        assert!(
            same_both_ways(format!("{comment}{game}").as_bytes()),
            "{comment:?}"
        );
    }
    // Two comment lines: the full path keeps both; the quick path leaves them to it.
    assert!(!same_both_ways(format!(";a\n;b\n{game}").as_bytes()));
    // A Variant tag naming standard chess; not another variant.
    let normal = game.replace("[Result", "[Variant \"normal\"]\n[Result");
    assert!(same_both_ways(normal.as_bytes()));
    let other = game.replace("[Result", "[Variant \"atomic\"]\n[Result");
    assert!(!same_both_ways(other.as_bytes()));
    // Check marks that do not fit: left to the full path, which warns about
    // them (and looks for the move they would fit), and writes them right.
    let marks = game.replace("Qxf7#", "Qxf7+").replace("Nf6", "Nf6+");
    assert!(!same_both_ways(marks.as_bytes()));
    let full = resolve_game(
        &parse_game(marks.as_bytes(), 0, Mode::Lenient),
        &Options::default(),
    )
    .unwrap();
    let kinds: Vec<_> = full.warnings.iter().map(|w| w.kind.name()).collect();
    assert_eq!(kinds, ["wrong-check-mark", "wrong-check-mark"]);
    // A mate written with `+` alone stays on the quick path.
    let mate = game.replace("Qxf7#", "Qxf7+");
    assert!(same_both_ways(mate.as_bytes()));
}
