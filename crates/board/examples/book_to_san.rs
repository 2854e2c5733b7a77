//! Converts a game printed in English descriptive notation (a book's move
//! table) to SAN with the library, reporting every tie-break it relied on and
//! the first move it could not read, with its line and column.
//! `cargo run -p scoresheet-board --example book_to_san -- FILE`.

use scoresheet_board::replay::{ReplayOptions, replay_book_game};
use scoresheet_notation::LineIndex;
use scoresheet_notation::desc::read_book;

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".to_owned());
    let text = if path == "-" {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut text)?;
        text
    } else {
        std::fs::read(&path)?
    };
    let book = read_book(&text);
    let r = replay_book_game(&book, None, &ReplayOptions::default(), None);
    let lines = LineIndex::new(&text);
    for d in &r.diagnostics {
        let at = lines.line_col(d.span.start());
        eprintln!(
            "{path}:{}:{}: {}[{}]: {}",
            at.line, at.column, d.severity, d.kind, d.message
        );
    }
    let mut pos = r.start.clone();
    let mut san = Vec::new();
    for m in &r.moves {
        san.push(pos.san(m));
        pos.play_unchecked(m);
    }
    println!("{}", san.join(" "));
    if r.is_valid() {
        Ok(())
    } else {
        std::process::exit(1)
    }
}
