//! Golden fixtures: `fixtures/convert/{ok,err}/NNNN_name.pgn`, with the strict PGN export
//! (and the messages, as `#` lines) in `NNNN_name.expected`, and for the fixtures in
//! [`ALL_FORMATS`] the other outputs in `NNNN_name.{san,lan,uci,fen}.expected`.
//! `BLESS=1` rewrites the expected files.

mod common;

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use scoresheet_convert::Format;
use scoresheet_notation::pgn::games;

/// Fixtures whose SAN, LAN, UCI and FEN outputs are checked too.
const ALL_FORMATS: &[&str] = &[
    "0005_nags_and_glyphs",
    "0006_fen_black_to_move",
    "0008_other_notations",
    "0009_castling_promotion_ep",
    "0011_chess960",
];

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    files
}

fn check(path: &Path, actual: &str, bless: bool) {
    if bless {
        std::fs::write(path, actual).expect("writable expected file");
    } else {
        let expected = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with BLESS=1)", path.display()));
        assert_eq!(actual, expected, "{}", path.display());
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/convert")
}

#[test]
fn convert_fixtures() {
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    let mut count = 0;
    for (kind, want_failure) in [("ok", false), ("err", true)] {
        for path in cases(&root().join(kind)) {
            let input = std::fs::read(&path).expect("a readable fixture");
            let (actual, failed) = common::convert_file(&input, Format::Pgn);
            assert_eq!(failed > 0, want_failure, "{}: {actual}", path.display());
            check(&path.with_extension("expected"), &actual, bless);
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            if ALL_FORMATS.contains(&stem) {
                for (ext, format) in [
                    ("san", Format::San),
                    ("lan", Format::Lan),
                    ("uci", Format::Uci),
                    ("fen", Format::Fen),
                ] {
                    let (actual, _) = common::convert_file(&input, format);
                    check(
                        &path.with_extension(format!("{ext}.expected")),
                        &actual,
                        bless,
                    );
                }
            }
            count += 1;
        }
    }
    assert!(count > 0, "no fixtures found under {}", root().display());
}

#[test]
fn export_of_the_export_is_identical_for_every_fixture() {
    let mut checked = 0;
    for kind in ["ok", "err"] {
        for path in cases(&root().join(kind)) {
            let input = std::fs::read(&path).expect("a readable fixture");
            for (i, slice) in games(&input).enumerate() {
                let what = format!("{} game {}", path.display(), i + 1);
                if common::check_idempotent(slice.bytes, &what).is_ok() {
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} fixture games converted");
}
