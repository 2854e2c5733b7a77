//! `scoresheet validate`: replay every game, report every invalid one, lose none.
//!
//! Inputs are split into games by a streaming reader (memory bounded by the
//! largest game), batched, validated on a pool of `--jobs` threads, and
//! reported in input order.

use std::cell::Cell;
use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use scoresheet_board::EpStyle;
use scoresheet_board::quick::QuickLane;
use scoresheet_board::replay::{ReplayOptions, replay};
use scoresheet_notation::Mode;
use scoresheet_notation::pgn::{Game, GameChunk, GameReadError, GameReader, parse_game_into};

use crate::Outcome;
use crate::args::{EpArg, Format, ValidateArgs};
use crate::input::{Input, expand};
use crate::report::{GameReport, Origin, Problem, Summary, human_line, problems};

/// Bytes of game text gathered before a batch is handed to the workers.
const BATCH_BYTES: usize = 1 << 20;

thread_local! {
    /// The parsed game of this thread, kept between games for its buffers.
    static GAME: Cell<Game<'static>> = Cell::new(Game::default());
    /// The quick lane of this thread, kept between games for its buffer.
    static LANE: Cell<QuickLane> = Cell::new(QuickLane::default());
}

/// What every worker needs to judge a game.
#[derive(Debug, Clone, Copy)]
pub struct Judge {
    /// `--strict`.
    pub strict: bool,
    /// En passant style of reported FENs.
    pub ep: EpStyle,
    /// Whether reports need the final FEN (only JSON output shows it).
    pub fen: bool,
}

impl Judge {
    /// Parses and replays one game, and locates its problems in the file.
    pub fn game(&self, file: &str, index: u64, chunk: &GameChunk) -> GameReport {
        // Most games have nothing to report: the quick lane replays those straight
        // from their bytes, and defers every other game to the full parser.
        let mut lane = LANE.take();
        let quick = lane.replay(&chunk.bytes);
        LANE.set(lane);
        if let Some(q) = quick {
            return GameReport {
                file: file.to_owned(),
                game: index,
                valid: true,
                plies: q.plies as u64,
                fen: if self.fen {
                    q.position.to_fen(self.ep)
                } else {
                    String::new()
                },
                errors: Vec::new(),
                warnings: Vec::new(),
            };
        }
        let mode = if self.strict {
            Mode::Strict
        } else {
            Mode::Lenient
        };
        // Each worker thread parses into the same game, so its token and tag
        // vectors grow once rather than for every game.
        let mut game = GAME.take().recycle();
        parse_game_into(&mut game, &chunk.bytes, 0, mode);
        let r = replay(
            &game,
            &ReplayOptions {
                strict: self.strict,
            },
        );
        GAME.set(game.recycle());
        let origin = Origin {
            line: chunk.line,
            column: chunk.column,
        };
        let (errors, warnings) = problems(&r.diagnostics, &chunk.bytes, &r.written, origin);
        GameReport {
            file: file.to_owned(),
            game: index,
            valid: r.is_valid(),
            plies: r.moves.len() as u64,
            fen: if self.fen {
                r.position.to_fen(self.ep)
            } else {
                String::new()
            },
            errors,
            warnings,
        }
    }
}

/// The last JSON line: `{"summary": {...}}`, fields in their documented order.
#[derive(serde::Serialize)]
struct SummaryLine<'a> {
    summary: &'a Summary,
}

/// A game too large to hold, reported as invalid without being parsed.
fn too_large(file: &str, index: u64, e: &GameReadError) -> GameReport {
    let (line, column) = match e {
        GameReadError::TooLarge { line, column, .. } => (*line, *column),
        _ => (0, 0),
    };
    GameReport {
        file: file.to_owned(),
        game: index,
        valid: false,
        plies: 0,
        fen: String::new(),
        errors: vec![Problem {
            line,
            column,
            ply: None,
            text: String::new(),
            kind: "game-too-large",
            message: e.to_string(),
            candidates: Vec::new(),
        }],
        warnings: Vec::new(),
    }
}

/// Writes the report of each game as it comes, in input order.
struct Reporter<W: Write> {
    out: W,
    format: Format,
    quiet: bool,
    summary: Summary,
}

impl<W: Write> Reporter<W> {
    fn game(&mut self, g: &GameReport) -> io::Result<()> {
        self.summary.add(g);
        if self.quiet {
            return Ok(());
        }
        match self.format {
            Format::Json => {
                serde_json::to_writer(&mut self.out, g)?;
                self.out.write_all(b"\n")
            }
            Format::Human => {
                for e in &g.errors {
                    writeln!(self.out, "{}", human_line(&g.file, g.game, "error", e))?;
                }
                for w in &g.warnings {
                    writeln!(self.out, "{}", human_line(&g.file, g.game, "warning", w))?;
                }
                Ok(())
            }
        }
    }
}

fn progress_bar(total: Option<u64>, enabled: bool) -> ProgressBar {
    if !enabled {
        return ProgressBar::hidden();
    }
    let bar = total.map_or_else(ProgressBar::new_spinner, ProgressBar::new);
    let template = if total.is_some() {
        "{bar:30} {bytes}/{total_bytes} {binary_bytes_per_sec} {msg} ETA {eta}"
    } else {
        "{spinner} {bytes} {binary_bytes_per_sec} {msg}"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// Runs `validate`.
pub fn run(args: &ValidateArgs) -> io::Result<Outcome> {
    let start = Instant::now();
    let inputs = expand(&args.paths)?;
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(io::Error::other)?;
    let judge = Judge {
        strict: args.strict,
        ep: match args.ep {
            EpArg::Always => EpStyle::Always,
            EpArg::Legal => EpStyle::Legal,
        },
        fen: matches!(args.format, Format::Json) && !args.quiet,
    };
    let show_progress = !args.no_progress
        && std::env::var_os("SCORESHEET_NO_PROGRESS").is_none()
        && io::stderr().is_terminal();
    let total: Option<u64> = inputs
        .iter()
        .map(|i| match i {
            Input::Path(p) if !p.to_string_lossy().ends_with(".zst") => i.len(),
            _ => None,
        })
        .sum();
    let bar = progress_bar(total, show_progress);
    let stdout = io::stdout();
    let mut reporter = Reporter {
        out: io::BufWriter::with_capacity(1 << 16, stdout.lock()),
        format: args.format,
        quiet: args.quiet,
        summary: Summary::default(),
    };
    let mut name = String::new();
    let mut consume = |msg: Msg| -> io::Result<()> {
        match msg {
            Msg::File(n) => {
                reporter.summary.files += 1;
                name = n;
            }
            Msg::Failed(e) => return Err(e),
            Msg::Batch(batch, batch_bytes) => {
                let reports: Vec<GameReport> = if jobs == 1 {
                    batch
                        .iter()
                        .map(|(i, c)| judge_one(&judge, &name, *i, c))
                        .collect()
                } else {
                    pool.install(|| {
                        batch
                            .par_iter()
                            .map(|(i, c)| judge_one(&judge, &name, *i, c))
                            .collect()
                    })
                };
                for r in &reports {
                    reporter.game(r)?;
                }
                reporter.summary.bytes += batch_bytes as u64;
                bar.inc(batch_bytes as u64);
                let games = reporter.summary.games;
                let rate = games as f64 / start.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!("{games} games, {rate:.0} games/s"));
            }
        }
        Ok(())
    };
    if jobs == 1 {
        let mut outcome = Ok(());
        read_batches(&inputs, |msg| {
            outcome = consume(msg);
            outcome.is_ok()
        });
        outcome?;
    } else {
        // Reading and splitting overlap with validation: a reader thread keeps up
        // to two batches ready while the pool judges the current one.
        std::thread::scope(|scope| -> io::Result<()> {
            let (tx, rx) = std::sync::mpsc::sync_channel(2);
            let inputs = &inputs;
            scope.spawn(move || read_batches(inputs, |msg| tx.send(msg).is_ok()));
            for msg in rx {
                consume(msg)?;
            }
            Ok(())
        })?;
    }
    bar.finish_and_clear();
    reporter.summary.seconds = start.elapsed().as_secs_f64();
    let timing = std::env::var_os("SCORESHEET_NO_TIMING").is_none();
    let summary = reporter.summary.clone();
    let mut out = reporter.out;
    match args.format {
        Format::Json => {
            let mut s = summary.clone();
            if !timing {
                s.seconds = 0.0;
            }
            serde_json::to_writer(&mut out, &SummaryLine { summary: &s })?;
            out.write_all(b"\n")?;
        }
        Format::Human => writeln!(out, "{}", summary.human(timing))?,
    }
    out.flush()?;
    Ok(if summary.invalid > 0 {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
}

/// What the reader hands to the judges, in input order.
enum Msg {
    /// The next input starts: its name.
    File(String),
    /// Games of the current input with their 1-based index, and their size in bytes.
    Batch(Vec<(u64, Result<GameChunk, GameReadError>)>, usize),
    /// An input could not be opened or read: the run stops.
    Failed(io::Error),
}

/// Reads every input and splits it into batches of games, handing each to `emit`
/// (which returns `false` to stop reading). Memory is bounded by the batch size and
/// the largest game.
fn read_batches(inputs: &[Input], mut emit: impl FnMut(Msg) -> bool) {
    for input in inputs {
        let name = input.name();
        if !emit(Msg::File(name.clone())) {
            return;
        }
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                emit(Msg::Failed(io::Error::new(
                    e.kind(),
                    format!("{name}: {e}"),
                )));
                return;
            }
        };
        let mut games = GameReader::new(reader);
        let mut index = 0u64;
        let mut batch = Vec::new();
        let mut batch_bytes = 0usize;
        loop {
            let next = games.next();
            let done = next.is_none();
            match next {
                Some(Err(GameReadError::Io(e))) => {
                    emit(Msg::Failed(io::Error::new(
                        e.kind(),
                        format!("{name}: {e}"),
                    )));
                    return;
                }
                Some(item) => {
                    index += 1;
                    batch_bytes += item.as_ref().map_or(0, |c| c.bytes.len());
                    batch.push((index, item));
                }
                None => {}
            }
            if batch_bytes >= BATCH_BYTES || (done && !batch.is_empty()) {
                if !emit(Msg::Batch(std::mem::take(&mut batch), batch_bytes)) {
                    return;
                }
                batch_bytes = 0;
            }
            if done {
                break;
            }
        }
    }
}

fn judge_one(
    judge: &Judge,
    name: &str,
    index: u64,
    chunk: &Result<GameChunk, GameReadError>,
) -> GameReport {
    match chunk {
        Ok(c) => judge.game(name, index, c),
        Err(e) => too_large(name, index, e),
    }
}
