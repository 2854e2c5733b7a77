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

#[test]
fn a_game_of_many_tags_among_clean_games_keeps_its_place_and_tags() {
    let dir = std::env::temp_dir().join(format!("collected-many-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let path = dir.join("many.pgn");
    // A clean game, one of 30 tags (more than the clean games' writers
    // take: its report is made), then clean games again, in one block.
    let mut text = b"[White \"A\"]\n\n1. e4 e5 *\n\n".to_vec();
    for i in 0..30 {
        text.extend_from_slice(format!("[Tag{i} \"v{i}\"]\n").as_bytes());
    }
    text.extend_from_slice(b"\n1. d4 d5 2. c4 *\n\n[White \"B\"]\n\n1. Nf3 *\n\n1. c4 *\n");
    std::fs::write(&path, &text).expect("a file");
    for jobs in [1, 2] {
        let options = ValidateOptions {
            format: ReportFormat::Json,
            jobs: Some(jobs),
            ..ValidateOptions::default()
        };
        let expected = validated(std::slice::from_ref(&path), &options);
        let (got, clean) = collected(std::slice::from_ref(&path), &options);
        assert_eq!(got, expected);
        // The first game and `B`'s at least (the many tags' is a report).
        assert!(clean >= 2, "clean games handed over as facts: {clean}");
        assert_eq!(expected.len(), 4);
        let lines: Vec<serde_json::Value> = expected
            .iter()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect();
        let games: Vec<u64> = lines
            .iter()
            .map(|g| g["game"].as_u64().unwrap_or(0))
            .collect();
        assert_eq!(games, [1, 2, 3, 4]);
        let starts: Vec<u64> = lines
            .iter()
            .map(|g| g["line"].as_u64().unwrap_or(0))
            .collect();
        assert_eq!(starts, [1, 5, 38, 42]);
        assert_eq!(lines[1]["tags"].as_object().map(|t| t.len()), Some(30));
        assert_eq!(lines[1]["plies"], 3);
        assert_eq!(lines[2]["tags"]["White"], "B");
        assert!(
            lines[3]["fen"]
                .as_str()
                .is_some_and(|f| f.starts_with("rnbqkbnr/pppppppp/8/8/2P5/"))
        );
    }
    std::fs::remove_dir_all(&dir).expect("removed");
}
