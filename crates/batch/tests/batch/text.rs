//! `judge_text` gives exactly what `validate --format json` gives for the same bytes.

use std::path::{Path, PathBuf};

use scoresheet_batch::{Input, ReportFormat, ValidateOptions, judge_text};

/// The repository's `fixtures/`.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// Every game file under `dir` (PGN and book tables), sorted.
fn game_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a fixture directory")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            game_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "pgn" || e == "txt" || e == "desc")
        {
            out.push(path);
        }
    }
}

/// The JSON lines of the games `validate` writes for `text` (the summary left out).
fn validated(name: &str, text: &[u8], options: &ValidateOptions) -> Vec<String> {
    let inputs = vec![Input::reader(
        name,
        Box::new(std::io::Cursor::new(text.to_vec())),
    )];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    scoresheet_batch::validate(options, inputs, &mut out, &mut err).expect("a run");
    let out = String::from_utf8(out).expect("UTF-8 JSON");
    let mut lines: Vec<String> = out.lines().map(str::to_owned).collect();
    lines.pop(); // the summary
    lines
}

#[test]
fn judge_text_gives_the_reports_of_validate_json_for_every_fixture() {
    let mut files = Vec::new();
    for dir in [
        "validate", "resolve", "lang", "desc", "hostile", "verdicts", "examples",
    ] {
        game_files(&fixtures().join(dir), &mut files);
    }
    assert!(files.len() > 50, "fixtures found: {}", files.len());
    let strict = ValidateOptions {
        strict: true,
        ..ValidateOptions::default()
    };
    let mut games = 0;
    for path in &files {
        let text = std::fs::read(path).expect("a fixture");
        let name = path.display().to_string();
        for options in [ValidateOptions::default(), strict.clone()] {
            let json = ValidateOptions {
                format: ReportFormat::Json,
                jobs: Some(2),
                ..options.clone()
            };
            let expected = validated(&name, &text, &json);
            let Ok(judged) = judge_text(&name, &text, &options) else {
                // Text `validate` cannot read either: no game reported.
                assert!(expected.is_empty(), "{name}");
                continue;
            };
            let judged: Vec<String> = judged
                .iter()
                .map(|g| serde_json::to_string(g).expect("JSON"))
                .collect();
            assert_eq!(judged, expected, "{name}");
            games += judged.len();
        }
    }
    assert!(games > 200, "games compared: {games}");
}

#[test]
fn problem_spans_are_byte_offsets_in_the_text() {
    // Two games: the second's problem is located from the text's start.
    let text = b"[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n\n1. e4 e5 2. Qxf7 *\n";
    let games = judge_text("two.pgn", text, &ValidateOptions::default()).expect("text");
    assert_eq!(games.len(), 2);
    assert!(games[0].valid);
    let second = &games[1];
    assert_eq!(second.at.offset, 25);
    let error = &second.errors[0];
    assert_eq!((error.line, error.kind), (7, "illegal-move"));
    let pointed = &text[error.start as usize..error.end as usize];
    assert!(
        b"Qxf7".ends_with(pointed) && !pointed.is_empty(),
        "{pointed:?}"
    );
}
