//! `scoresheet play`: Algorithm G. Replays each game and prints the board after
//! each of Black's moves (or every ply), headed by the moves just played.

use std::io::{self, Read, Write};

use scoresheet_board::replay::{Replay, ReplayOptions, book_start, replay_book_game, replay_from};
use scoresheet_board::told::parse_game_told;
use scoresheet_board::{Color, EpStyle, Position};
use scoresheet_notation::desc::read_books;
use scoresheet_notation::pgn::{Game, games};
use scoresheet_notation::{LineIndex, Mode, Severity};

use crate::Outcome;
use crate::args::PlayArgs;
use crate::input::{Input, expand_some};
use crate::report::printable;

/// The most text `play` reads: it is meant for a person reading boards, not for databases.
const MAX_INPUT: u64 = 256 << 20;

/// Reads a whole input, up to [`MAX_INPUT`] bytes.
pub fn read_all(input: &Input) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    input
        .open()
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", input.name())))?
        .take(MAX_INPUT + 1)
        .read_to_end(&mut buf)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", input.name())))?;
    if buf.len() as u64 > MAX_INPUT {
        return Err(io::Error::other(format!(
            "{}: more than {} MiB; use `scoresheet validate` for large files",
            input.name(),
            MAX_INPUT >> 20
        )));
    }
    Ok(buf)
}

/// Runs `play`.
pub fn run(args: &PlayArgs) -> io::Result<Outcome> {
    let inputs = expand_some(std::slice::from_ref(&args.path))?;
    let mut outcome = Outcome::Clean;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for input in &inputs {
        let text = read_all(input)?;
        let name = input.name();
        let index = LineIndex::new(&text);
        let mode = if args.strict {
            Mode::Strict
        } else {
            Mode::Lenient
        };
        let options = ReplayOptions {
            strict: args.strict,
            repair: args.repair,
            ..ReplayOptions::default()
        };
        // Each game: its number, its players, the replay.
        let mut played: Vec<(Option<String>, Option<String>, Replay)> = Vec::new();
        if crate::books::is_book(&text) {
            // A book's move table (descriptive notation, numbered rows).
            for book in &read_books(&text) {
                let start = book_start(book, args.start.as_ref());
                let r = replay_book_game(book, start, &options, None);
                played.push((book.white.clone(), book.black.clone(), r));
            }
        } else {
            for slice in games(&text) {
                let mut game = Game::default();
                parse_game_told(&mut game, slice.bytes, slice.offset, mode, None);
                let r = replay_from(&game, &options, args.start.as_ref());
                let tag = |name| game.tag(name).map(|t| t.value().into_owned());
                played.push((tag("White"), tag("Black"), r));
            }
        }
        for (n, (white, black, r)) in played.iter().enumerate() {
            writeln!(out, "Game {}", n + 1)?;
            if let (Some(w), Some(b)) = (white, black) {
                writeln!(out, "{} - {}", printable(w), printable(b))?;
            }
            print_game(&mut out, r, args)?;
            for d in &r.diagnostics {
                if d.severity > Severity::Note || args.notes {
                    write!(out, "{}", d.render(&printable(&name), &index))?;
                }
            }
            if !r.is_valid() {
                outcome = Outcome::Problems;
            }
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(outcome)
}

/// Prints the boards of one replayed game, then its final FEN and status.
pub fn print_game(out: &mut impl Write, r: &Replay, args: &PlayArgs) -> io::Result<()> {
    let mut pos: Position = r.start.clone();
    let show = |out: &mut dyn Write, pos: &Position, heading: &str| -> io::Result<()> {
        if args.fen {
            writeln!(out, "{heading:<24} {}", pos.to_fen(EpStyle::Always))
        } else {
            writeln!(out, "\n{heading}\n{}", pos.diagram(args.unicode).trim_end())
        }
    };
    if !args.fen {
        writeln!(out, "{}", pos.diagram(args.unicode).trim_end())?;
    }
    // The heading of the pending move pair: `12. Nf3 Nc6` or `12... Nc6`.
    let mut heading = String::new();
    for m in &r.moves {
        let number = pos.fullmove_number();
        let san = pos.san(m);
        let mover = pos.turn();
        pos.play_unchecked(m);
        match mover {
            Color::White => heading = format!("{number}. {san}"),
            Color::Black if heading.is_empty() => heading = format!("{number}... {san}"),
            Color::Black => heading = format!("{heading} {san}"),
        }
        if args.every_ply || args.fen {
            let ply_heading = match mover {
                Color::White => format!("{number}. {san}"),
                Color::Black => format!("{number}... {san}"),
            };
            show(out, &pos, &ply_heading)?;
        } else if mover == Color::Black {
            show(out, &pos, &heading)?;
            heading.clear();
        }
    }
    if !(heading.is_empty() || args.every_ply || args.fen) {
        show(out, &pos, &heading)?;
    }
    writeln!(out, "\nfinal: {}", pos.to_fen(EpStyle::Always))?;
    writeln!(out, "status: {}", r.end.describe(pos.turn()))?;
    Ok(())
}
