//! Helpers shared by the fixture and corpus tests.

use std::path::{Path, PathBuf};

use scoresheet_convert::{Format, Node, Options, ResolvedGame, resolve_game, write};
use scoresheet_notation::pgn::parse_game;
use scoresheet_notation::{LineIndex, Mode};

/// A resolved game reduced to what an export must keep: moves, their glyphs, NAGs,
/// comments (whitespace normalised) and variations.
pub fn shape(game: &ResolvedGame<'_>) -> Vec<String> {
    let mut out = vec![game.start.to_fen(scoresheet_board::EpStyle::Always)];
    for n in &game.nodes {
        let item = match n {
            Node::Move(m) => {
                out.push(format!("{} {}", m.mv.to_uci(), m.san));
                match m.annotation {
                    Some(a) => format!("${}", a.nag()),
                    None => continue,
                }
            }
            Node::Nag(n) => format!("${n}"),
            Node::Comment(c) => {
                let words: Vec<String> = c
                    .split(|b| b.is_ascii_whitespace() || *b == 0x0b)
                    .filter(|w| !w.is_empty())
                    .map(|w| String::from_utf8_lossy(w).replace('}', ")"))
                    .collect();
                format!("{{{}}}", words.join(" "))
            }
            Node::StartVariation => "(".to_owned(),
            Node::EndVariation => ")".to_owned(),
        };
        out.push(item);
    }
    out.push(game.result.to_string());
    out
}

/// Converts every game of a file. Each game gives its messages (`# error[...]`,
/// `# warning[...]` with line and column) and, when it converts, its output.
/// Returns the text and the number of games that failed.
pub fn convert_file(text: &[u8], format: Format) -> (String, usize) {
    let index = LineIndex::new(text);
    let mut out = Vec::new();
    let mut failed = 0;
    for slice in scoresheet_notation::pgn::games(text) {
        let game = parse_game(slice.bytes, slice.offset, Mode::Lenient);
        let at = |offset: usize| {
            let lc = index.line_col(offset);
            format!("{}:{}", lc.line, lc.column)
        };
        let warn = |out: &mut Vec<u8>, warnings: &[scoresheet_notation::Diagnostic]| {
            for w in warnings {
                let line = format!(
                    "# warning[{}] {}: {}\n",
                    w.kind,
                    at(w.span.start()),
                    w.message
                );
                out.extend(line.bytes());
            }
        };
        match resolve_game(&game, &Options::default()) {
            Ok(r) => {
                warn(&mut out, &r.warnings);
                write(&r, format, &mut out);
            }
            Err(e) => {
                failed += 1;
                warn(&mut out, &e.warnings);
                let shown = e
                    .move_span
                    .map(|s| format!(" ({})", String::from_utf8_lossy(s.slice(text))))
                    .unwrap_or_default();
                let mut line = format!(
                    "# error[{}] {}{shown}: {}",
                    e.error.kind,
                    at(e.error.span.start()),
                    e.error.message
                );
                if !e.error.candidates.is_empty() {
                    line.push_str(&format!("; candidates: {}", e.error.candidates.join(", ")));
                }
                line.push('\n');
                out.extend(line.bytes());
            }
        }
    }
    (String::from_utf8_lossy(&out).into_owned(), failed)
}

/// Exports a game, exports the export, and checks both are the same bytes and the same game.
/// `Err` when the game does not convert in the first place.
pub fn check_idempotent(bytes: &[u8], what: &str) -> Result<(), String> {
    let game = parse_game(bytes, 0, Mode::Lenient);
    let first = resolve_game(&game, &Options::default()).map_err(|e| e.error.message.clone())?;
    let mut once = Vec::new();
    write(&first, Format::Pgn, &mut once);
    // Null moves are the only thing of a valid export that strict PGN rejects:
    // a fact of the game, which no spelling changes.
    let again = parse_game(&once, 0, Mode::Lenient);
    let second = resolve_game(&again, &Options::default()).unwrap_or_else(|e| {
        panic!(
            "{what}: the export does not convert: {} at {:?}\n{}",
            e.error.message,
            e.error.span,
            String::from_utf8_lossy(&once)
        )
    });
    // Nor are the tag values the export keeps as written (`--fix-tags` writes
    // those with one clear reading): their warnings stay.
    let kept = |name: &str| {
        name == "null-move"
            || name == "wrong-ply-count"
            || (name.starts_with("invalid-") && name.ends_with("-tag"))
    };
    assert!(
        second.warnings.iter().all(|w| kept(w.kind.name())),
        "{what}: the export has warnings: {:?}\n{}",
        second.warnings,
        String::from_utf8_lossy(&once)
    );
    let mut twice = Vec::new();
    write(&second, Format::Pgn, &mut twice);
    assert!(
        once == twice,
        "{what}: export of the export differs:\n{}\n---\n{}",
        String::from_utf8_lossy(&once),
        String::from_utf8_lossy(&twice)
    );
    assert_eq!(shape(&first), shape(&second), "{what}: not the same game");
    assert!(
        once.split(|&b| b == b'\n').all(|l| l.starts_with(b"[")
            || l.iter().filter(|&&b| b & 0xC0 != 0x80).count() <= 79
            || !l.contains(&b' ')),
        "{what}: a line is longer than 79 characters"
    );
    Ok(())
}

/// Every `.pgn` file under `dir`, into `out`.
pub fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let p = entry.path();
        if p.is_dir() {
            pgn_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "pgn") {
            out.push(p);
        }
    }
}
