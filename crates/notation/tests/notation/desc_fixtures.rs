//! Golden fixtures for the descriptive book reader: `fixtures/desc/{ok,err}/NNNN_name.desc.txt`
//! with the expected rendering in `NNNN_name.expected`. `BLESS=1` rewrites the expected files.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;
use scoresheet_notation::desc::{Book, read_book, read_books, write_move};
use scoresheet_notation::{Color, LineIndex, Severity};
use scoresheet_test_utils::{Goldens, cases, fixtures};

/// The compact rendering of every ply, the players, the end and every diagnostic.
fn render(path: &Path, text: &[u8]) -> (String, bool) {
    let book = read_book(text);
    let index = LineIndex::new(text);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(out, "white: {}", book.white.as_deref().unwrap_or("?"));
    let _ = writeln!(out, "black: {}", book.black.as_deref().unwrap_or("?"));
    if let Some(fen) = &book.fen {
        let _ = writeln!(out, "fen: {fen}");
    }
    for (i, ply) in book.plies.iter().enumerate() {
        let side = if ply.color == Color::White { "w" } else { "b" };
        let number = ply.number.map_or_else(|| "-".to_owned(), |n| n.to_string());
        let shown = match &ply.result {
            Ok(m) => write_move(m),
            Err(e) => format!("error: {e}"),
        };
        let at = index.line_col(ply.span.start());
        let _ = writeln!(out, "{:>3} {side} #{number:<3} {at:<7} {shown}", i + 1);
    }
    if let Some(end) = &book.end {
        let _ = writeln!(out, "end: {}", end.text);
    }
    for at in dropped(std::slice::from_ref(&book), text) {
        let _ = writeln!(out, "dropped: {at}");
    }
    let diagnostics = book.diagnostics();
    let has_error = diagnostics.iter().any(|d| d.severity == Severity::Error);
    for d in &diagnostics {
        out.push_str(&d.render(&name, &index));
    }
    (out, has_error)
}

/// The `line:column` of every non-blank byte that no part of the books accounts for: each
/// must be in a header, the column header, a printed move number, a ply (read or reported),
/// the end words or a remark kept as commentary.
fn dropped(books: &[Book], text: &[u8]) -> Vec<String> {
    let mut covered = vec![false; text.len()];
    let mut cover = |start: usize, end: usize| {
        for c in covered.iter_mut().take(end).skip(start) {
            *c = true;
        }
    };
    for book in books {
        for h in &book.headers {
            cover(h.span.start(), h.span.end());
        }
        for sp in book
            .columns
            .iter()
            .chain(&book.players)
            .chain(&book.numbers)
            .chain(&book.commentary)
        {
            cover(sp.start(), sp.end());
        }
        for p in &book.plies {
            cover(p.span.start(), p.span.end());
        }
        if let Some(e) = &book.end {
            cover(e.span.start(), e.span.end());
        }
    }
    let index = LineIndex::new(text);
    text.iter()
        .zip(&covered)
        .enumerate()
        .filter(|(_, (b, c))| !b.is_ascii_whitespace() && !**c)
        .map(|(i, _)| index.line_col(i).to_string())
        .collect()
}

/// No text of a book's move area is ever dropped: over every file of the descriptive
/// corpus, each non-blank byte is read as part of a move, a number, a header, the end
/// words or commentary, or reported as an error. Skipped when the corpus is absent.
#[test]
fn corpus_books_drop_no_text() {
    let dir = std::env::var_os("SCORESHEET_DESC_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/desc/corpus"),
        PathBuf::from,
    );
    if !dir.is_dir() {
        eprintln!("skipped: no descriptive corpus at {}", dir.display());
        return;
    }
    let mut stack = vec![dir];
    let mut files = Vec::new();
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(".desc.txt") {
                files.push(p);
            }
        }
    }
    assert!(!files.is_empty());
    let mut problems = Vec::new();
    for path in &files {
        let text = std::fs::read(path).unwrap_or_default();
        let lost = dropped(&read_books(&text), &text);
        if let Some(first) = lost.first() {
            problems.push(format!(
                "{}: {} bytes dropped, first at {first}",
                path.display(),
                lost.len()
            ));
        }
    }
    assert_eq!(problems, Vec::<String>::new());
}

fn check(area: &str, must_have_errors: bool) {
    let mut goldens = Goldens::new();
    for path in cases(&fixtures().join("desc").join(area), ".desc.txt") {
        let text = std::fs::read(&path).unwrap_or_default();
        let (got, has_error) = render(&path, &text);
        if has_error != must_have_errors {
            goldens.fail(&path, &format!("errors present = {has_error}\n{got}"));
        }
        let expected = PathBuf::from(path.to_string_lossy().replace(".desc.txt", ".expected"));
        goldens.check(&expected, &got);
    }
    goldens.finish();
}

#[test]
fn ok_fixtures_read_without_errors() {
    check("ok", false);
}

#[test]
fn err_fixtures_report_errors() {
    check("err", true);
}
