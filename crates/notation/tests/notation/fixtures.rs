//! Golden fixtures: every `fixtures/notation/{ok,err}/NNNN_name.pgn` is split into games,
//! each game parsed, and the result rendered next to it in `NNNN_name.expected`.
//! `ok` files must give no error, `err` files at least one. Files named
//! `*_strict_*` are read in strict mode, the others leniently. Run with `BLESS=1` to
//! rewrite the expected files (never edit them by hand).

use std::fmt::Write as _;

use pretty_assertions::assert_eq;
use scoresheet_notation::pgn::{CommentKind, Game, GameReader, Token, games, parse_game};
use scoresheet_notation::{LineIndex, Mode, MoveKind, Severity};
use scoresheet_test_utils::{Goldens, cases, fixtures};

/// Shows bytes as text: invalid UTF-8 lossily, line ends escaped, long text shortened.
fn shown(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes)
        .replace('\r', "\\r")
        .replace('\n', "\\n");
    if s.chars().count() > 40 {
        let mut t: String = s.chars().take(40).collect();
        t.push('…');
        t
    } else {
        s
    }
}

fn token_text(t: &Token<'_>) -> String {
    match t {
        Token::MoveNumber { number, black, .. } => {
            format!("{number}{}", if *black { "..." } else { "." })
        }
        Token::Move(m) => match &m.get().kind {
            MoveKind::San(_) | MoveKind::Castle(_) | MoveKind::Null => m.to_string(),
            MoveKind::Lan(l) if l.is_uci() => format!("uci:{m}"),
            MoveKind::Lan(_) => format!("lan:{m}"),
            MoveKind::Descriptive(_) => format!("desc:{m}"),
            MoveKind::FileCapture(_) => format!("files:{m}"),
        },
        Token::Nag { nag, .. } => format!("${nag}"),
        Token::Comment { kind, text, .. } => match kind {
            CommentKind::Brace => format!("{{{}}}", shown(text)),
            CommentKind::Line => format!(";{}", shown(text)),
            CommentKind::Escape => format!("%{}", shown(text)),
            CommentKind::Commentary => format!("commentary:«{}»", shown(text)),
        },
        Token::StartVariation(_) => "(".into(),
        Token::EndVariation(_) => ")".into(),
        Token::Result(r, _) => r.to_string(),
        Token::Invalid(span) => format!("<invalid {span}>"),
    }
}

/// A stable, compact rendering of one parsed game.
fn render_game(out: &mut String, n: usize, game: &Game<'_>) {
    let end = game.base + game.text.len();
    let _ = writeln!(out, "game {n} at {}..{end}", game.base);
    for tag in &game.tags {
        let _ = writeln!(out, "  [{} {:?}]", tag.name_str(), tag.value());
    }
    let mut line = String::from(" ");
    for t in &game.tokens {
        let text = token_text(t);
        if line.len() + text.len() + 1 > 96 && line.len() > 1 {
            let _ = writeln!(out, "{line}");
            line = String::from(" ");
        }
        line.push(' ');
        line.push_str(&text);
    }
    if line.len() > 1 {
        let _ = writeln!(out, "{line}");
    }
    let mainline = game.mainline().count();
    let _ = write!(out, "  mainline: {mainline} moves");
    if let Some(stop) = game.stop {
        let _ = write!(out, ", replay stops at token {stop}");
    }
    let _ = writeln!(out);
}

/// Files named `*_strict_*` are read in strict mode, the others leniently.
fn render_file(rel: &str, text: &[u8]) -> (String, usize) {
    let mode = if rel.contains("_strict_") {
        Mode::Strict
    } else {
        Mode::Lenient
    };
    let index = LineIndex::new(text);
    let mut out = String::new();
    let mut diagnostics = String::new();
    let mut errors = 0;
    for (n, slice) in games(text).enumerate() {
        let game = parse_game(slice.bytes, slice.offset, mode);
        render_game(&mut out, n + 1, &game);
        for d in &game.diagnostics {
            if d.severity == Severity::Error {
                errors += 1;
            }
            diagnostics.push_str(&d.render(rel, &index));
        }
    }
    out.push_str("---\n");
    out.push_str(&diagnostics);
    (out, errors)
}

fn check_area(area: &str, want_errors: bool) {
    let mut goldens = Goldens::new();
    for path in cases(&fixtures().join("notation").join(area), ".pgn") {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let rel = format!("notation/{area}/{name}");
        let text = std::fs::read(&path).unwrap();
        let (rendered, errors) = render_file(&rel, &text);
        if want_errors && errors == 0 {
            goldens.fail(&path, "an err fixture must give an error");
        }
        if !want_errors && errors > 0 {
            goldens.fail(
                &path,
                &format!("an ok fixture must give no error:\n{rendered}"),
            );
        }
        goldens.check(&path.with_extension("expected"), &rendered);
        same_games_streaming(&rel, &text);
    }
    goldens.finish();
}

/// The streaming reader, with tiny reads, gives the same games at the same offsets.
fn same_games_streaming(rel: &str, text: &[u8]) {
    let in_memory: Vec<(u64, Vec<u8>)> = games(text)
        .map(|g| (g.offset as u64, g.bytes.to_vec()))
        .collect();
    for chunk in [1, 2, 3, 7, 64, 4096] {
        let streamed: Vec<(u64, Vec<u8>)> = GameReader::with_limits(text, chunk, 1 << 20)
            .map(|g| {
                let g = g.unwrap();
                (g.offset, g.bytes)
            })
            .collect();
        assert_eq!(streamed, in_memory, "{rel}: reads of {chunk} bytes");
    }
}

#[test]
fn ok_fixtures() {
    check_area("ok", false);
}

#[test]
fn err_fixtures() {
    check_area("err", true);
}
