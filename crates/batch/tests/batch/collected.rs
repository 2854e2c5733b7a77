//! `validate_each` hands over, for every game, what `validate --format json`
//! writes: a clean game's facts ([`Collected::Clean`]) make the same report
//! as the full path's.

use std::path::{Path, PathBuf};

use scoresheet_batch::{Collected, ReportFormat, ValidateOptions};

/// The repository's `fixtures/`.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// The JSON lines `validate` writes for `paths` (the summary left out).
fn validated(paths: &[PathBuf], options: &ValidateOptions) -> Vec<String> {
    let inputs = scoresheet_batch::expand_files(paths);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    scoresheet_batch::validate(options, inputs, &mut out, &mut err).expect("a run");
    let out = String::from_utf8(out).expect("UTF-8 JSON");
    let mut lines: Vec<String> = out.lines().map(str::to_owned).collect();
    lines.pop(); // the summary
    lines
}

/// The reports `validate_each` hands over for `paths`, as JSON lines, with
/// how many came as a clean game's facts.
fn collected(paths: &[PathBuf], options: &ValidateOptions) -> (Vec<String>, usize) {
    let inputs = scoresheet_batch::expand_files(paths);
    let mut lines = Vec::new();
    let mut clean = 0;
    let mut each = |g: Collected<'_>, _: &[u8]| {
        if let Collected::Clean(c) = &g {
            clean += 1;
            // What the facts say agrees with the report they make.
            let report = c.to_report();
            assert_eq!(report.shown_tags().count(), c.shown_tags().count());
            assert!(report.valid && report.errors.is_empty());
        }
        lines.push(serde_json::to_string(&g.into_report()).expect("JSON"));
        Ok(())
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    scoresheet_batch::validate_each(options, &inputs, &mut each, &mut out, &mut err)
        .expect("a run");
    (lines, clean)
}

#[test]
fn collected_reports_are_validate_json_with_clean_games_as_facts() {
    let paths: Vec<PathBuf> = ["validate", "resolve", "bench", "verdicts", "lang"]
        .iter()
        .map(|d| fixtures().join(d))
        .collect();
    let strict = ValidateOptions {
        strict: true,
        ..ValidateOptions::default()
    };
    for options in [ValidateOptions::default(), strict] {
        for jobs in [1, 2] {
            let options = ValidateOptions {
                format: ReportFormat::Json,
                jobs: Some(jobs),
                ..options.clone()
            };
            let expected = validated(&paths, &options);
            let (got, clean) = collected(&paths, &options);
            assert_eq!(got.len(), expected.len());
            for (got, expected) in got.iter().zip(&expected) {
                assert_eq!(got, expected);
            }
            assert!(clean > 40, "clean games handed over as facts: {clean}");
            assert!(clean < got.len(), "some games have problems");
        }
    }
}

#[test]
fn a_clean_games_tags_are_its_bytes_as_written() {
    let dir = std::env::temp_dir().join(format!("collected-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("tags.pgn");
    // A value beyond ASCII, in UTF-8.
    let mut text = b"[White \"Caf\xc3\xa9\"]\n[Black \"Cafe\"]\n\n1. e4 e5 *\n".to_vec();
    text.extend_from_slice(b"\n[White \"X\"]\n\n1. e4 e5 2. Ke2 Ke7 *\n");
    std::fs::write(&path, &text).expect("a file");
    let inputs = scoresheet_batch::expand_files(std::slice::from_ref(&path));
    let mut seen = Vec::new();
    let mut each = |g: Collected<'_>, name: &[u8]| {
        let Collected::Clean(c) = g else {
            panic!("a clean game");
        };
        assert_eq!(name, path.as_os_str().as_encoded_bytes());
        assert_eq!(c.notation(), Some("san"));
        seen.push((c.game, c.plies, c.tags().count(), c.to_report()));
        Ok(())
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let options = ValidateOptions {
        jobs: Some(1),
        ..ValidateOptions::default()
    };
    scoresheet_batch::validate_each(&options, &inputs, &mut each, &mut out, &mut err)
        .expect("a run");
    std::fs::remove_dir_all(&dir).expect("removed");
    assert_eq!(seen.len(), 2);
    let (game, plies, tags, report) = &seen[0];
    assert_eq!((*game, *plies, *tags), (1, 2, 2));
    assert_eq!(
        report.tags,
        [
            ("White".to_owned(), "Caf\u{e9}".to_owned()),
            ("Black".to_owned(), "Cafe".to_owned())
        ]
    );
    let (game, plies, _, report) = &seen[1];
    assert_eq!((*game, *plies), (2, 4));
    assert_eq!(report.at.line, 6);
    assert!(
        report.fen.starts_with("rnbq1bnr/ppppkppp/"),
        "{}",
        report.fen
    );
}
