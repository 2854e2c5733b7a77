//! Validates PGN files (or standard input) with the library's judge, as
//! `scoresheet validate --jobs 1` does: every invalid game's first error with
//! its line and column, then a count. `cargo run --release -p scoresheet-board
//! --example validate_file -- FILE...`.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};

use scoresheet_board::judge::{Judge, judge_games};
use scoresheet_board::replay::ReplayOptions;
use scoresheet_notation::pgn::GameReadError;

fn main() -> io::Result<()> {
    let mut paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        paths.push("-".to_owned());
    }
    let mut judge = Judge::new(ReplayOptions::default());
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut games, mut valid) = (0u64, 0u64);
    for path in &paths {
        let input: Box<dyn Read> = match path.as_str() {
            "-" => Box::new(io::stdin().lock()),
            _ => Box::new(File::open(path)?),
        };
        for game in judge_games(input, &mut judge) {
            games += 1;
            let game = match game {
                Ok(game) => game,
                // A game too large to hold is reported, and reading goes on.
                Err(GameReadError::Io(e)) => return Err(e),
                Err(e) => {
                    writeln!(out, "{path}: error[game-too-large]: {e}")?;
                    continue;
                }
            };
            if let Some(e) = game.judgement.first_error() {
                let (line, column) = game.locate(e);
                writeln!(
                    out,
                    "{path}:{line}:{column}: error[{}]: {}",
                    e.kind, e.message
                )?;
            } else {
                valid += 1;
            }
        }
    }
    writeln!(
        out,
        "{games} games: {valid} valid, {} invalid",
        games - valid
    )?;
    out.flush()
}
