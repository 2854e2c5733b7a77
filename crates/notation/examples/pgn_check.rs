//! Prints every diagnostic of the PGN files given: `cargo run --example pgn_check -- FILE...`.

use scoresheet_notation::pgn::{games, parse_game};
use scoresheet_notation::{LineIndex, Mode};

fn main() -> std::io::Result<()> {
    for path in std::env::args().skip(1) {
        let text = std::fs::read(&path)?;
        let index = LineIndex::new(&text);
        let mut n = 0;
        for slice in games(&text) {
            n += 1;
            let game = parse_game(slice.bytes, slice.offset, Mode::Lenient);
            for d in &game.diagnostics {
                print!("{}", d.render(&path, &index));
            }
        }
        println!("{path}: {n} games");
    }
    Ok(())
}
