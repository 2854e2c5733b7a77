//! `scoresheet fen`: check a FEN and describe the position.

use std::io::{self, Write};

use scoresheet_board::{EpStyle, Outcome as GameOutcome, Position};

use crate::args::FenArgs;
use scoresheet_batch::Outcome;

/// Parses a FEN argument (`startpos` for the initial position). An invalid FEN
/// is reported on standard error and gives `None`.
pub fn parse_position(fen: &str) -> io::Result<Option<Position>> {
    if fen.trim() == "startpos" {
        return Ok(Some(Position::new()));
    }
    match Position::from_fen_with_notes(fen) {
        Ok((pos, notes)) => {
            let mut err = io::stderr().lock();
            for n in notes {
                writeln!(err, "scoresheet: note: {n}")?;
            }
            Ok(Some(pos))
        }
        Err(e) => {
            writeln!(io::stderr(), "scoresheet: error: {e}")?;
            Ok(None)
        }
    }
}

/// Prints the diagram, side to move, castling rights, status and legal moves.
pub fn run(args: &FenArgs) -> io::Result<Outcome> {
    let Some(pos) = parse_position(&args.fen)? else {
        return Ok(Outcome::Problems);
    };
    let mut out = io::stdout().lock();
    let fen = pos.to_fen(EpStyle::Always);
    writeln!(out, "{}", pos.diagram(args.unicode))?;
    writeln!(out, "fen: {fen}")?;
    writeln!(out, "to move: {}", pos.turn())?;
    let castling = fen.split(' ').nth(2).unwrap_or("-");
    writeln!(
        out,
        "castling: {}",
        if castling == "-" { "none" } else { castling }
    )?;
    writeln!(
        out,
        "en passant: {}",
        pos.legal_ep_square()
            .map_or_else(|| "none".to_owned(), |s| s.to_string())
    )?;
    writeln!(out, "status: {}", status(&pos))?;
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.san(m)).collect();
    moves.sort();
    writeln!(out, "legal moves ({}): {}", moves.len(), moves.join(" "))?;
    out.flush()?;
    if let Some(path) = &args.svg {
        let svg =
            scoresheet_convert::svg::diagram(&pos, &scoresheet_convert::svg::Diagram::default());
        write_file(path, svg.as_bytes())?;
    }
    Ok(Outcome::Clean)
}

/// A one-line description of the position's status.
pub fn status(pos: &Position) -> String {
    match pos.outcome() {
        Some(GameOutcome::Checkmate { winner }) => format!("checkmate, {winner} wins"),
        Some(GameOutcome::Stalemate) => "stalemate, draw".to_owned(),
        Some(GameOutcome::InsufficientMaterial) => "insufficient material, draw".to_owned(),
        Some(other) => format!("{other:?}"),
        None if pos.is_check() => format!("{} is in check", pos.turn()),
        None => "in play".to_owned(),
    }
}

/// Writes `bytes` to `path` as `-o` writes: under a temporary name in the
/// same directory, renamed over `path` only once complete, so an interrupted
/// write never leaves a half-written file under that name.
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> io::Result<()> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let name = path.file_name().ok_or_else(|| {
        named(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name",
        ))
    })?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".scoresheet-{}.tmp", std::process::id()));
    let temp = path.with_file_name(temp_name);
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.flush()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temp, path)) {
        let _ = std::fs::remove_file(&temp);
        return Err(named(e));
    }
    Ok(())
}
