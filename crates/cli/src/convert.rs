//! `scoresheet convert`: resolve every game and write it in another notation.
//!
//! Inputs are split into games by a streaming reader on a thread of its own
//! (memory bounded by the largest game and three batches), converted on all
//! cores in batches, and written
//! in input order into one buffered output. A game that cannot be converted is
//! reported on standard error (`file:line:column`, the move, the reason, the
//! candidates) and left out; the others are written. Warnings go to standard
//! error too (`--strict` makes them errors).

use std::fs::File;
use std::io::{self, Read, Write};

use rayon::prelude::*;

use scoresheet_board::quick::QuickLane;
use scoresheet_board::replay::{ReplayOptions, replay_book_game};
use scoresheet_convert::book::{book_to_pgn, write_descriptive};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter};
use scoresheet_convert::game::resolve_quick;
use scoresheet_convert::{Format, Notation, Options, ResolvedGame, resolve_game, write};
use scoresheet_notation::desc::{looks_like_book, read_books};
use scoresheet_notation::pgn::{Game, GameChunk, GameReadError, GameReader, parse_game_into};
use scoresheet_notation::{Diagnostic, LineIndex, Mode};

use crate::Outcome;
use crate::args::{ConvertArgs, FromArg, KnightArg, StyleArg, ToArg};
use crate::input::{batches, expand};
use crate::report::{Origin, Problem, human_line, problem};

/// What every worker needs to convert a game.
#[derive(Debug, Clone, Copy)]
struct Converter {
    format: Output,
    options: Options,
}

/// What to write.
#[derive(Debug, Clone, Copy)]
enum Output {
    /// PGN, SAN, LAN, UCI or FEN.
    Standard(Format),
    /// A descriptive move table.
    Descriptive(DescStyle),
}

/// One game converted: its output, and what to say about it on standard error.
#[derive(Debug, Default)]
struct Converted {
    out: Vec<u8>,
    messages: String,
    failed: bool,
}

impl Converter {
    fn game(&self, file: &str, index: u64, chunk: &GameChunk) -> Converted {
        // Most games of a database have nothing to report and nothing but tags
        // and moves: the quick lane reads them without parsing them into tokens.
        let mut lane = LANE.take();
        let quick = resolve_quick(&chunk.bytes, &mut lane, &self.options);
        LANE.set(lane);
        if let Some(resolved) = quick {
            let mut done = Converted::default();
            done.out.reserve(chunk.bytes.len() + 256);
            self.write(&resolved, &mut done.out);
            return done;
        }
        let mode = if self.options.strict {
            Mode::Strict
        } else {
            Mode::Lenient
        };
        // Each worker thread parses into the same game, so its token and tag
        // vectors grow once rather than for every game.
        let mut game = GAME.take().recycle();
        parse_game_into(&mut game, &chunk.bytes, 0, mode);
        let origin = Origin {
            line: chunk.line,
            column: chunk.column,
        };
        let mut done = Converted::default();
        match resolve_game(&game, &self.options) {
            Ok(resolved) => {
                report(
                    &mut done.messages,
                    file,
                    index,
                    "warning",
                    &resolved.warnings,
                    chunk,
                    origin,
                    None,
                );
                done.out.reserve(chunk.bytes.len() + 256);
                self.write(&resolved, &mut done.out);
            }
            Err(e) => {
                report(
                    &mut done.messages,
                    file,
                    index,
                    "warning",
                    &e.warnings,
                    chunk,
                    origin,
                    None,
                );
                report(
                    &mut done.messages,
                    file,
                    index,
                    "error",
                    core::slice::from_ref(&e.error),
                    chunk,
                    origin,
                    e.move_span,
                );
                done.failed = true;
            }
        }
        GAME.set(game.recycle());
        done
    }
}

impl Converter {
    /// Writes a resolved game in the output's notation.
    fn write(&self, resolved: &ResolvedGame<'_>, out: &mut Vec<u8>) {
        match self.format {
            Output::Standard(f) => write(resolved, f, out),
            Output::Descriptive(style) => write_descriptive(resolved, &style, out),
        }
    }
}

thread_local! {
    /// The parsed game of this thread, kept between games for its buffers.
    static GAME: std::cell::Cell<Game<'static>> = std::cell::Cell::new(Game::default());
    /// The quick lane of this thread, kept between games for its buffer.
    static LANE: std::cell::Cell<QuickLane> = std::cell::Cell::new(QuickLane::default());
}

/// Appends one line per diagnostic, located in the file.
#[allow(clippy::too_many_arguments)]
fn report(
    messages: &mut String,
    file: &str,
    index: u64,
    severity: &str,
    diags: &[Diagnostic],
    chunk: &GameChunk,
    origin: Origin,
    move_span: Option<scoresheet_notation::Span>,
) {
    if diags.is_empty() {
        return;
    }
    let lines = LineIndex::new(&chunk.bytes);
    for d in diags {
        let mut p: Problem = problem(d, &chunk.bytes, &[], &lines, origin);
        if let Some(span) = move_span {
            let raw = span.slice(&chunk.bytes);
            p.text = String::from_utf8_lossy(&raw[..raw.len().min(80)]).into_owned();
        }
        messages.push_str(&human_line(file, index, severity, &p));
        messages.push('\n');
    }
}

fn too_large(file: &str, index: u64, e: &GameReadError) -> Converted {
    let at = match e {
        GameReadError::TooLarge { line, column, .. } => format!(":{line}:{column}"),
        _ => String::new(),
    };
    Converted {
        out: Vec::new(),
        messages: format!("{file}{at}: error[game-too-large]: game {index}: {e}\n"),
        failed: true,
    }
}

/// The index of the last `\n` in `bytes`.
fn memchr_last_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().rposition(|&b| b == b'\n')
}

/// How much of an input is looked at to tell a book table from PGN.
const HEAD_BYTES: u64 = 64 << 10;
/// The most text read from a book table (books are read whole).
const MAX_BOOK_BYTES: u64 = 256 << 20;

/// Converts the games of a book's move tables: each is replayed with the
/// descriptive rules, then written like any other game. Returns whether one failed.
fn convert_books(
    converter: &Converter,
    name: &str,
    text: &[u8],
    out: &mut impl Write,
    err: &mut impl Write,
) -> io::Result<bool> {
    let index = LineIndex::new(text);
    let origin = Origin { line: 1, column: 1 };
    let options = ReplayOptions {
        strict: converter.options.strict,
    };
    let mut failed = false;
    for (n, book) in read_books(text).iter().enumerate() {
        let game_no = n as u64 + 1;
        let r = replay_book_game(book, None, &options, None);
        for d in &r.diagnostics {
            let severity = match d.severity {
                scoresheet_notation::Severity::Error => "error",
                scoresheet_notation::Severity::Warning => "warning",
                scoresheet_notation::Severity::Note => continue,
            };
            let p = problem(d, text, &r.written, &index, origin);
            writeln!(err, "{}", human_line(name, game_no, severity, &p))?;
        }
        if !r.is_valid() {
            failed = true;
            continue;
        }
        let pgn = book_to_pgn(book, &r);
        let chunk = GameChunk {
            offset: 0,
            line: 1,
            column: 1,
            bytes: pgn.into_bytes(),
        };
        let done = converter.game(name, game_no, &chunk);
        out.write_all(&done.out)?;
        err.write_all(done.messages.as_bytes())?;
        failed |= done.failed;
    }
    Ok(failed)
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> io::Result<Outcome> {
    let format = match args.to {
        ToArg::Pgn => Output::Standard(Format::Pgn),
        ToArg::San => Output::Standard(Format::San),
        ToArg::Lan => Output::Standard(Format::Lan),
        ToArg::Uci => Output::Standard(Format::Uci),
        ToArg::Fen => Output::Standard(Format::Fen),
        ToArg::Descriptive => Output::Descriptive(DescStyle {
            spaced: args.style == StyleArg::Spaced,
            knight: match args.knight {
                KnightArg::N => KnightLetter::N,
                KnightArg::Kt => KnightLetter::Kt,
            },
            ..DescStyle::default()
        }),
    };
    let from = match args.from {
        FromArg::Auto => None,
        FromArg::San => Some(Notation::San),
        FromArg::Lan => Some(Notation::Lan),
        FromArg::Uci => Some(Notation::Uci),
        FromArg::Descriptive => Some(Notation::Descriptive),
    };
    let converter = Converter {
        format,
        options: Options {
            from,
            strict: args.strict,
        },
    };
    let inputs = expand(&args.paths)?;
    let jobs = std::thread::available_parallelism().map_or(1, usize::from);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(io::Error::other)?;
    let sink: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(
            File::create(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?,
        ),
        None => Box::new(io::stdout().lock()),
    };
    let mut out = io::BufWriter::with_capacity(1 << 16, sink);
    let stderr = io::stderr();
    let mut failed = false;
    for input in &inputs {
        let name = input.name();
        let mut reader = input
            .open()
            .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
        // A book's move table is recognised from the start of the input.
        let mut head = Vec::new();
        (&mut reader)
            .take(HEAD_BYTES)
            .read_to_end(&mut head)
            .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
        // Judge whole lines only: the head may end in the middle of a move.
        let whole_lines = match memchr_last_newline(&head) {
            Some(i) if head.len() as u64 == HEAD_BYTES => &head[..=i],
            _ => &head[..],
        };
        if looks_like_book(whole_lines) {
            (&mut reader)
                .take(MAX_BOOK_BYTES)
                .read_to_end(&mut head)
                .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
            let mut err = stderr.lock();
            failed |= convert_books(&converter, &name, &head, &mut out, &mut err)?;
            continue;
        }
        let games = GameReader::new(io::Cursor::new(head).chain(reader));
        // Splitting overlaps with converting: a reader thread keeps up to two
        // batches ready while the pool converts the current one.
        let (tx, rx) = std::sync::mpsc::sync_channel(2);
        let outcome = std::thread::scope(|scope| -> io::Result<()> {
            scope.spawn(move || {
                let read = batches(games, 0, |batch| tx.send(Ok(batch.0)).is_ok());
                if let Err(e) = read {
                    let _ = tx.send(Err(e));
                }
            });
            for batch in &rx {
                let batch = batch.map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
                let one = |(i, c): &(u64, Result<GameChunk, GameReadError>)| match c {
                    Ok(c) => converter.game(&name, *i, c),
                    Err(e) => too_large(&name, *i, e),
                };
                let results: Vec<Converted> = if jobs == 1 {
                    batch.iter().map(one).collect()
                } else {
                    pool.install(|| batch.par_iter().map(one).collect())
                };
                let mut err = stderr.lock();
                for r in &results {
                    out.write_all(&r.out)?;
                    if !r.messages.is_empty() {
                        err.write_all(r.messages.as_bytes())?;
                    }
                    failed |= r.failed;
                }
            }
            Ok(())
        });
        outcome?;
    }
    out.flush()?;
    Ok(if failed {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}
