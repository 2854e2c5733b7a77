//! `scoresheet play`: Algorithm G. Replays each game and prints the board after
//! each of Black's moves (or every ply), headed by the moves just played.

use std::io::{self, Write};

use scoresheet_board::reading::{PgnOutcome, book_reading, pgn_tags};
use scoresheet_board::replay::{Replay, ReplayOptions, replay_from};
use scoresheet_board::told::parse_game_told;
use scoresheet_board::{Color, EpStyle, Position};
use scoresheet_notation::pgn::{Game, GameReadError, GameReader};
use scoresheet_notation::{Kind, LineCol, LineIndex, Mode, Severity};

use crate::args::PlayArgs;
use scoresheet_batch::{Outcome, printable};

/// Runs `play`: each input read as a stream, game by game (book tables
/// too, each game read as the board decides, as every command reads it), each game printed as soon as it
/// is replayed, so memory is bounded by the largest game; a game over the cap
/// every command has is reported as `validate` reports it. An input that
/// cannot be read is said on standard error in its turn and the others are
/// played (exit 2 at the end).
pub fn run(args: &PlayArgs) -> io::Result<Outcome> {
    let found = scoresheet_batch::inputs_walked(&args.paths, &args.walk.walk())?;
    let inputs = found.inputs;
    if !found.skipped.is_empty() {
        // play has no summary line: what the walks skipped is said on its own.
        writeln!(
            io::stderr(),
            "scoresheet: note: {} skipped in directories ({}; --hidden, --no-ignore or --glob read them)",
            found.skipped.total(),
            found.skipped.reasons()
        )?;
    }
    scoresheet_batch::check_stdout_not_input(&inputs)?;
    let mut outcome = Outcome::Clean;
    match play_all(args, &inputs, &mut outcome) {
        // A closed output pipe (`| head`): the games played so far give the outcome.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(outcome),
    }
}

/// Plays every game of `inputs` to standard output, `outcome` the worst so far.
fn play_all(
    args: &PlayArgs,
    inputs: &[scoresheet_batch::Input],
    outcome: &mut Outcome,
) -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
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
    // A diagram never replaces an input (device and inode, as `-o`).
    let input_files = match &args.svg {
        Some(_) => scoresheet_batch::InputFiles::of(inputs),
        None => scoresheet_batch::InputFiles::default(),
    };
    for input in inputs {
        let name = printable(&input.name());
        if inputs.len() > 1 {
            writeln!(out, "==> {name} <==")?;
        }
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                unreadable(&name, &e, &mut out, outcome)?;
                continue;
            }
        };
        let mut shown = Shown {
            out: &mut out,
            args,
            name: &name,
            games: 0,
            outcome: &mut *outcome,
            input_files: &input_files,
        };
        for chunk in GameReader::new(reader) {
            let chunk = match chunk {
                Ok(chunk) => chunk,
                Err(e @ GameReadError::TooLarge { line, column, .. }) => {
                    shown.too_large(line, column, &e)?;
                    continue;
                }
                Err(GameReadError::Io(e)) => {
                    unreadable(&name, &e, shown.out, shown.outcome)?;
                    break;
                }
                Err(e) => {
                    unreadable(
                        &name,
                        &io::Error::other(e.to_string()),
                        shown.out,
                        shown.outcome,
                    )?;
                    break;
                }
            };
            let mut game = Game::default();
            parse_game_told(&mut game, &chunk.bytes, 0, mode, None);
            let r = replay_from(&game, &options, args.fen.as_ref());
            let origin = LineCol {
                line: usize::try_from(chunk.line).unwrap_or(usize::MAX),
                column: usize::try_from(chunk.column).unwrap_or(usize::MAX),
            };
            let index = LineIndex::new(&chunk.bytes);
            // The board decides whether the game is a book's table.
            let table = book_reading(
                &chunk.bytes,
                PgnOutcome::of(&r, &game),
                &options,
                args.fen.as_ref(),
            );
            // The players as every reader names them: a tag section, `%`
            // headers, a caption (`board::reading::pgn_tags`, `Book::tags`).
            let (tags, r) = match table {
                Some(t) => (t.book.tags(), t.replay),
                None => (pgn_tags(&game, &chunk.bytes), r),
            };
            let tag = |name: &str| tags.iter().find(|t| t.0 == name).map(|t| t.1.clone());
            let (white, black) = (tag("White"), tag("Black"));
            shown.game(white.as_deref(), black.as_deref(), &r, &index, origin)?;
        }
    }
    out.flush()
}

/// An input that cannot be read fails alone: the games before the failure
/// stay printed (standard output is flushed first, so the message stands
/// after them) and the run ends with exit 2.
fn unreadable(
    name: &str,
    e: &io::Error,
    out: &mut impl Write,
    outcome: &mut Outcome,
) -> io::Result<()> {
    *outcome = Outcome::Failed;
    out.flush()?;
    // A closed standard error is no reason to stop (eprintln! would panic).
    let _ = writeln!(
        io::stderr(),
        "scoresheet: error: {name}: {}",
        printable(&e.to_string())
    );
    Ok(())
}

/// Where the games of one input are printed, numbered.
struct Shown<'a, W> {
    out: &'a mut W,
    args: &'a PlayArgs,
    /// The input's name, printable.
    name: &'a str,
    games: u64,
    outcome: &'a mut Outcome,
    /// The inputs' files, which no diagram may replace.
    input_files: &'a scoresheet_batch::InputFiles,
}

impl<W: Write> Shown<'_, W> {
    /// One replayed game: its number, its players, its boards, its diagnostics
    /// (located in the text `index` covers, which starts at `origin`).
    fn game(
        &mut self,
        white: Option<&str>,
        black: Option<&str>,
        r: &Replay,
        index: &LineIndex<'_>,
        origin: LineCol,
    ) -> io::Result<()> {
        self.games += 1;
        writeln!(self.out, "Game {}", self.games)?;
        if let (Some(w), Some(b)) = (white, black) {
            writeln!(self.out, "{} - {}", printable(w), printable(b))?;
        }
        print_game(self.out, r, self.args)?;
        if let Some(dir) = &self.args.svg {
            write_diagrams(dir, self.games, r, self.args.svg_problems, self.input_files)?;
        }
        for d in &r.diagnostics {
            if d.severity > Severity::Note || self.args.notes {
                write!(self.out, "{}", d.render_at(self.name, index, origin))?;
            }
        }
        if !r.is_valid() && *self.outcome != Outcome::Failed {
            *self.outcome = Outcome::Problems;
        }
        writeln!(self.out)
    }

    /// A game over the cap of one game: not read, an error where it starts.
    fn too_large(&mut self, line: u64, column: u64, e: &GameReadError) -> io::Result<()> {
        self.games += 1;
        writeln!(self.out, "Game {}", self.games)?;
        writeln!(
            self.out,
            "{}:{line}:{column}: error[{}]: {e}",
            self.name,
            Kind::GameTooLarge
        )?;
        if *self.outcome != Outcome::Failed {
            *self.outcome = Outcome::Problems;
        }
        writeln!(self.out)
    }
}

/// Writes game `number`'s diagrams into `dir`: one per ply from the start
/// (`game1-ply000.svg`), or with `problems` one per problem
/// (`game1-problem1.svg`), the position where the game stops with the last
/// move played marked.
fn write_diagrams(
    dir: &std::path::Path,
    number: u64,
    r: &Replay,
    problems: bool,
    input_files: &scoresheet_batch::InputFiles,
) -> io::Result<()> {
    use scoresheet_convert::svg::{Diagram, diagram};
    let write = |path: &std::path::Path, svg: String| {
        input_files.check(path)?;
        crate::fen::write_file(path, svg.as_bytes())
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    if problems {
        // Each problem at the position its move is played in (the position
        // where the game stops when it names no ply), the move before marked.
        let problems = r.diagnostics.iter().filter(|d| d.severity > Severity::Note);
        for (n, d) in problems.enumerate() {
            let before = d
                .ply
                .map_or(r.moves.len(), |p| (p as usize).saturating_sub(1))
                .min(r.moves.len());
            let mut pos: Position = r.start.clone();
            for m in &r.moves[..before] {
                pos.play_unchecked(m);
            }
            let marked = before
                .checked_sub(1)
                .map(|i| Diagram::after(&r.moves[i]))
                .unwrap_or_default();
            let path = dir.join(format!("game{number}-problem{}.svg", n + 1));
            write(&path, diagram(&pos, &marked))?;
        }
        return Ok(());
    }
    let mut pos: Position = r.start.clone();
    let path = dir.join(format!("game{number}-ply000.svg"));
    write(&path, diagram(&pos, &Diagram::default()))?;
    for (ply, m) in r.moves.iter().enumerate() {
        pos.play_unchecked(m);
        let path = dir.join(format!("game{number}-ply{:03}.svg", ply + 1));
        write(&path, diagram(&pos, &Diagram::after(m)))?;
    }
    Ok(())
}

/// Prints the boards of one replayed game, then its final FEN and status.
pub fn print_game(out: &mut impl Write, r: &Replay, args: &PlayArgs) -> io::Result<()> {
    let mut pos: Position = r.start.clone();
    let show = |out: &mut dyn Write, pos: &Position, heading: &str| -> io::Result<()> {
        if args.fens {
            writeln!(out, "{heading:<24} {}", pos.to_fen(EpStyle::Always))
        } else {
            writeln!(out, "\n{heading}\n{}", pos.diagram(args.unicode).trim_end())
        }
    };
    if !args.fens {
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
        if args.every_ply || args.fens {
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
    if !(heading.is_empty() || args.every_ply || args.fens) {
        show(out, &pos, &heading)?;
    }
    writeln!(out, "\nfinal: {}", pos.to_fen(EpStyle::Always))?;
    writeln!(out, "status: {}", r.end.describe(pos.turn()))?;
    Ok(())
}
