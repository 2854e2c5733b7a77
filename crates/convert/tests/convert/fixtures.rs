//! Golden fixtures: `fixtures/convert/{ok,err}/NNNN_name.pgn`, with the strict PGN export
//! (and the messages, as `#` lines) in `NNNN_name.expected`, and for the fixtures in
//! [`ALL_FORMATS`] the other outputs in `NNNN_name.{san,lan,uci,fen}.expected`.
//! `BLESS=1` rewrites the expected files.

use crate::common;

use std::path::PathBuf;

use scoresheet_convert::Format;
use scoresheet_notation::pgn::games;
use scoresheet_test_utils::{Goldens, cases, fixtures};

/// Fixtures whose SAN, LAN, UCI and FEN outputs are checked too.
const ALL_FORMATS: &[&str] = &[
    "0005_nags_and_glyphs",
    "0006_fen_black_to_move",
    "0008_other_notations",
    "0009_castling_promotion_ep",
    "0011_chess960",
];

fn root() -> PathBuf {
    fixtures().join("convert")
}

#[test]
fn convert_fixtures() {
    let mut goldens = Goldens::new();
    for (kind, want_failure) in [("ok", false), ("err", true)] {
        for path in cases(&root().join(kind), ".pgn") {
            let input = std::fs::read(&path).expect("a readable fixture");
            let (actual, failed) = common::convert_file(&input, Format::Pgn);
            if (failed > 0) != want_failure {
                goldens.fail(&path, &format!("{failed} games failed:\n{actual}"));
            }
            goldens.check(&path.with_extension("expected"), &actual);
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
                    goldens.check(&path.with_extension(format!("{ext}.expected")), &actual);
                }
            }
        }
    }
    goldens.finish();
}

#[test]
fn export_of_the_export_is_identical_for_every_fixture() {
    let mut checked = 0;
    for kind in ["ok", "err"] {
        for path in cases(&root().join(kind), ".pgn") {
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
