//! `scoresheet validate`: replay every game, report every invalid one, lose none.
//!
//! Files are read in blocks, each split into games and judged on one of
//! `--jobs` worker threads; standard input (and the rest of a file whose block
//! was cut inside a game) is split by the streaming reader and judged in
//! batches on a pool. Memory is bounded by the blocks in flight and the largest
//! game; reports come in input order.

use std::cell::Cell;
use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use scoresheet_board::quick::{QuickLane, QuickReplay};
use scoresheet_board::replay::{ReplayOptions, replay, settle};
use scoresheet_board::{EpStyle, Position};
use scoresheet_notation::pgn::{
    Block, BlockEnd, BlockGames, BlockReader, Game, GameChunk, GameReadError, GameReader,
    ResumePoint, parse_game_into,
};
use scoresheet_notation::{Diagnostic, Mode};

use crate::Outcome;
use crate::args::{EpArg, Format, ValidateArgs};
use crate::input::{Input, batches, expand};
use crate::report::{GameReport, Origin, Problem, Summary, human_line, problems};

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
    /// Judges one game read by a [`GameReader`].
    pub fn game(&self, file: &str, index: u64, chunk: &GameChunk) -> GameReport {
        // Most games have nothing to report: the quick lane replays those straight
        // from their bytes, and defers every other game to the full parser.
        let mut lane = LANE.take();
        let quick = lane.replay(&chunk.bytes);
        LANE.set(lane);
        let origin = || Origin {
            line: chunk.line,
            column: chunk.column,
        };
        match quick {
            Some(q) => self.quick(file, index, &q, &chunk.bytes, origin),
            None => self.full(file, index, &chunk.bytes, chunk.line, chunk.column),
        }
    }

    /// The report of a game the quick lane replayed (`text`, which starts at
    /// `origin` in its file): valid with nothing to say, or with warnings about
    /// check marks (errors under `--strict`), located as the full path locates them.
    fn quick(
        &self,
        file: &str,
        index: u64,
        q: &QuickReplay,
        text: &[u8],
        origin: impl FnOnce() -> Origin,
    ) -> GameReport {
        let (errors, warnings) = if q.warnings.is_empty() {
            (Vec::new(), Vec::new())
        } else {
            let mut diags: Vec<Diagnostic> = q.warnings.iter().map(|(d, _)| d.clone()).collect();
            settle(
                &mut diags,
                &ReplayOptions {
                    strict: self.strict,
                },
            );
            problems(&diags, text, &q.written(), origin())
        };
        self.report(file, index, q.plies, &q.position, (errors, warnings))
    }

    /// A game's report: valid unless it has an error; the final FEN if shown.
    fn report(
        &self,
        file: &str,
        index: u64,
        plies: usize,
        position: &Position,
        (errors, warnings): (Vec<Problem>, Vec<Problem>),
    ) -> GameReport {
        GameReport {
            file: file.to_owned(),
            game: index,
            valid: errors.is_empty(),
            plies: plies as u64,
            fen: if self.fen {
                position.to_fen(self.ep)
            } else {
                String::new()
            },
            errors,
            warnings,
        }
    }

    /// Parses and replays one game in full, and locates its problems in the file
    /// (`line` and `column` are where the game starts).
    fn full(&self, file: &str, index: u64, bytes: &[u8], line: u64, column: u64) -> GameReport {
        let mode = if self.strict {
            Mode::Strict
        } else {
            Mode::Lenient
        };
        // Each worker thread parses into the same game, so its token and tag
        // vectors grow once rather than for every game.
        let mut game = GAME.take().recycle();
        parse_game_into(&mut game, bytes, 0, mode);
        let r = replay(
            &game,
            &ReplayOptions {
                strict: self.strict,
            },
        );
        GAME.set(game.recycle());
        let origin = Origin { line, column };
        let found = problems(&r.diagnostics, bytes, &r.written, origin);
        self.report(file, index, r.moves.len(), &r.position, found)
    }

    /// Splits a block into games and judges each (the quick lane reading each
    /// game whole where it can, without the splitter). Game numbers are left at 0
    /// for the caller, which knows how many games came before.
    fn block(&self, file: &str, block: &Block) -> BlockReport {
        let mut lane = LANE.take();
        let mut split = BlockGames::new(block);
        let mut reports = Vec::new();
        let mut bytes = 0;
        while let Some(g) = split.next_game(|rest| lane.replay_prefix(rest)) {
            bytes += g.end - g.start;
            reports.push(match g.quick {
                Some(q) => {
                    let text = &block.bytes[g.start..g.end];
                    self.quick(file, 0, &q, text, || {
                        let (line, column) = split.line_col(g.start);
                        Origin { line, column }
                    })
                }
                None => {
                    // Lines are counted only as far as a game needs them.
                    let (line, column) = split.line_col(g.start);
                    self.full(file, 0, &block.bytes[g.start..g.end], line, column)
                }
            });
        }
        LANE.set(lane);
        BlockReport {
            reports,
            bytes,
            end: split.end().unwrap_or(BlockEnd::Clean),
        }
    }
}

/// The games of one block, judged.
struct BlockReport {
    reports: Vec<GameReport>,
    /// Bytes of the games (blanks between games not counted).
    bytes: usize,
    end: BlockEnd,
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
    let mut run = Run {
        inputs: &inputs,
        judge,
        jobs,
        pool: None,
        bar: &bar,
        start,
        reporter: &mut reporter,
        input: 0,
        name: String::new(),
        index: 0,
        skip: false,
    };
    if jobs == 1 {
        let mut outcome = Ok(());
        read_inputs(&inputs, None, |msg| {
            outcome = run.take(msg);
            outcome.is_ok()
        });
        outcome?;
    } else {
        run.parallel()?;
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

/// Blocks are about this large: a few per core keep the pool busy, and cutting
/// them costs nothing.
const BLOCK_BYTES: usize = 512 << 10;

/// A block grows to this size at most while no line in it ends with a result; past it, the
/// rest of the file is split by the streaming reader.
const MAX_BLOCK_BYTES: usize = 1 << 20;

/// The block size and its maximum: [`BLOCK_BYTES`] and [`MAX_BLOCK_BYTES`], or
/// for tests `SCORESHEET_BLOCK_BYTES` (tiny blocks put cuts everywhere, inside
/// games too, and nothing reported may change).
fn block_sizes() -> (usize, usize) {
    let size = std::env::var("SCORESHEET_BLOCK_BYTES")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&n| n > 0);
    match size {
        Some(n) => (n, n.saturating_mul(4)),
        None => (BLOCK_BYTES, MAX_BLOCK_BYTES),
    }
}

/// What the reader hands to the judges, in input order.
enum Msg {
    /// The next input starts: its index in the inputs.
    File(usize),
    /// Games of the current input with their 1-based index, and their size in bytes
    /// (standard input, read by the streaming reader).
    Batch(Vec<(u64, Result<GameChunk, GameReadError>)>, usize),
    /// The next block of the current input (files).
    Block(Block),
    /// An input could not be opened or read: the run stops.
    Failed(io::Error),
}

/// The state of a validation run: the judges, the reports, and where we are.
struct Run<'a, W: Write> {
    inputs: &'a [Input],
    judge: Judge,
    jobs: usize,
    /// The pool for batches of the streaming reader, made when first needed (its
    /// idle threads would spin while the block workers run).
    pool: Option<rayon::ThreadPool>,
    bar: &'a ProgressBar,
    start: Instant,
    reporter: &'a mut Reporter<W>,
    /// The input being reported.
    input: usize,
    name: String,
    /// Games of the current input reported so far.
    index: u64,
    /// The current input is being read by the streaming reader from where a block
    /// was cut inside a game: its remaining blocks are dropped.
    skip: bool,
}

/// The blocks of a parallel run, from the reader to the workers and back.
struct InFlight<'a> {
    /// What waits to be reported, in input order.
    queue: std::collections::VecDeque<Queued>,
    /// Blocks judged, by number, until their turn comes.
    ready: std::collections::HashMap<u64, BlockReport>,
    /// The next block's number.
    seq: u64,
    /// The input being read.
    reading: usize,
    /// Blocks to the workers; `None` once all are sent, which stops them.
    work: Option<std::sync::mpsc::SyncSender<(u64, usize, Block)>>,
    done: &'a std::sync::mpsc::Receiver<(u64, BlockReport)>,
}

/// What waits to be reported, in input order, while the workers judge blocks.
enum Queued {
    /// The next input starts.
    File(usize),
    /// A block sent to the pool: its number and size.
    Block(u64, usize),
}

impl<W: Write> Run<'_, W> {
    /// Takes the reader's next message, on one thread.
    fn take(&mut self, msg: Msg) -> io::Result<()> {
        match msg {
            Msg::File(i) => {
                self.start_file(i);
                Ok(())
            }
            Msg::Failed(e) => Err(e),
            Msg::Batch(batch, bytes) => self.batch(&batch, bytes),
            Msg::Block(block) => {
                if self.skip {
                    return Ok(());
                }
                let report = self.judge.block(&self.name, &block);
                self.report_block(block.bytes.len(), report)
            }
        }
    }

    /// Reads the inputs (files on this thread, standard input on a thread of its
    /// own) and judges blocks on `jobs` worker threads as they come, several at a
    /// time, reporting them in input order.
    ///
    /// The workers wait for blocks on a channel (they sleep rather than spin as
    /// rayon's idle workers do, which on a machine with as many cores as workers
    /// took time from this thread).
    fn parallel(&mut self) -> io::Result<()> {
        // Blocks in flight: enough to keep every worker busy, few enough to bound memory.
        let window = self.jobs * 4;
        let inputs = self.inputs;
        let names: Vec<String> = inputs.iter().map(Input::name).collect();
        let judge = self.judge;
        let (work_tx, work_rx) = std::sync::mpsc::sync_channel::<(u64, usize, Block)>(window);
        let work_rx = std::sync::Mutex::new(work_rx);
        let (done_tx, done_rx) = std::sync::mpsc::channel::<(u64, BlockReport)>();
        // Block buffers back to the reader (at most the blocks in flight).
        let (recycled_tx, recycled_rx) = std::sync::mpsc::channel::<Vec<u8>>();
        std::thread::scope(|threads| -> io::Result<()> {
            for _ in 0..self.jobs {
                let (work_rx, done, names) = (&work_rx, done_tx.clone(), &names);
                let recycled = recycled_tx.clone();
                threads.spawn(move || {
                    loop {
                        let job = match work_rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        let Ok((n, file, block)) = job else {
                            return;
                        };
                        let name = names.get(file).map_or("", String::as_str);
                        let report = judge.block(name, &block);
                        // The reader may be gone: then the memory is simply freed.
                        let _ = recycled.send(block.bytes);
                        if done.send((n, report)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop((done_tx, recycled_tx));
            let mut flight = InFlight {
                queue: std::collections::VecDeque::new(),
                ready: std::collections::HashMap::new(),
                seq: 0,
                reading: 0,
                work: Some(work_tx),
                done: &done_rx,
            };
            // Reading (and, for standard input, splitting) on a thread of its own
            // overlaps with judging.
            let mut outcome = Ok(());
            let mut take = |msg| {
                outcome = self
                    .dispatch(msg, &mut flight)
                    .and_then(|()| self.report_queued(&mut flight, window));
                outcome.is_ok()
            };
            if inputs.iter().any(|i| matches!(i, Input::Stdin)) {
                // Standard input is split here, by the streaming reader: a thread
                // of its own overlaps that with judging.
                let (tx, rx) = std::sync::mpsc::sync_channel(window);
                threads.spawn(move || {
                    read_inputs(inputs, Some(&recycled_rx), |msg| tx.send(msg).is_ok());
                });
                for msg in rx {
                    if !take(msg) {
                        break;
                    }
                }
            } else {
                // Files are only read here (the workers split their blocks): this
                // thread reads, hands out and reports, and one thread fewer
                // competes with the workers for the cores (measured 2-6 % faster
                // with two workers on two cores).
                read_inputs(inputs, Some(&recycled_rx), take);
            }
            // No more blocks: the workers finish what they hold and stop.
            flight.work = None;
            outcome?;
            self.report_queued(&mut flight, 0)
        })
    }

    /// Takes the reader's next message in a parallel run: a block goes to the workers.
    fn dispatch(&mut self, msg: Msg, flight: &mut InFlight<'_>) -> io::Result<()> {
        match msg {
            Msg::File(i) => {
                flight.reading = i;
                flight.queue.push_back(Queued::File(i));
            }
            Msg::Block(block) => {
                flight
                    .queue
                    .push_back(Queued::Block(flight.seq, block.bytes.len()));
                let stopped = || io::Error::other("the validation workers stopped");
                flight
                    .work
                    .as_ref()
                    .ok_or_else(stopped)?
                    .send((flight.seq, flight.reading, block))
                    .map_err(|_| stopped())?;
                flight.seq += 1;
            }
            Msg::Batch(batch, bytes) => {
                self.report_queued(flight, 0)?;
                self.batch(&batch, bytes)?;
            }
            Msg::Failed(e) => return Err(e),
        }
        Ok(())
    }

    /// Reports what is queued, in order, as far as the workers have judged it; waits
    /// for them while more than `limit` blocks are queued.
    fn report_queued(&mut self, flight: &mut InFlight<'_>, limit: usize) -> io::Result<()> {
        let (queue, ready, done) = (&mut flight.queue, &mut flight.ready, flight.done);
        while let Ok((n, report)) = done.try_recv() {
            ready.insert(n, report);
        }
        while let Some(front) = queue.front() {
            match *front {
                Queued::File(i) => {
                    self.start_file(i);
                    queue.pop_front();
                }
                Queued::Block(n, len) => {
                    let report = match ready.remove(&n) {
                        Some(r) => r,
                        None if queue.len() <= limit => return Ok(()),
                        None => loop {
                            let Ok((m, r)) = done.recv() else {
                                return Err(io::Error::other("a validation worker stopped"));
                            };
                            if m == n {
                                break r;
                            }
                            ready.insert(m, r);
                        },
                    };
                    queue.pop_front();
                    self.report_block(len, report)?;
                }
            }
        }
        Ok(())
    }

    fn start_file(&mut self, i: usize) {
        self.reporter.summary.files += 1;
        self.input = i;
        self.name = self.inputs.get(i).map(Input::name).unwrap_or_default();
        self.index = 0;
        self.skip = false;
    }

    /// Reports the games of a block of `len` bytes, in order; where the block was cut
    /// inside a game, the streaming reader reads the rest of the input.
    fn report_block(&mut self, len: usize, result: BlockReport) -> io::Result<()> {
        if self.skip {
            return Ok(());
        }
        for mut g in result.reports {
            self.index += 1;
            g.game = self.index;
            self.reporter.game(&g)?;
        }
        self.reporter.summary.bytes += result.bytes as u64;
        self.bar.inc(len as u64);
        if let BlockEnd::Unfinished(at) = result.end {
            self.skip = true;
            self.resume(at)?;
        }
        self.progress();
        Ok(())
    }

    /// Splits the rest of the current input from `at` with the streaming reader.
    fn resume(&mut self, at: ResumePoint) -> io::Result<()> {
        let Some(input) = self.inputs.get(self.input) else {
            return Ok(());
        };
        let name = self.name.clone();
        let fail = move |e: io::Error| io::Error::new(e.kind(), format!("{name}: {e}"));
        let mut reader = input.open().map_err(&fail)?;
        io::copy(&mut io::Read::take(&mut reader, at.offset), &mut io::sink()).map_err(&fail)?;
        let games = GameReader::resume(reader, at);
        let mut outcome = Ok(());
        let first = self.index;
        let read = batches(games, first, |(batch, bytes)| {
            self.index = batch.last().map_or(self.index, |(i, _)| *i);
            outcome = self.batch(&batch, bytes);
            outcome.is_ok()
        });
        outcome?;
        read.map(|_| ()).map_err(fail)
    }

    /// Judges games read by the streaming reader (in parallel), and reports them in order.
    fn batch(
        &mut self,
        batch: &[(u64, Result<GameChunk, GameReadError>)],
        bytes: usize,
    ) -> io::Result<()> {
        if self.jobs > 1 && self.pool.is_none() {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.jobs)
                .build()
                .map_err(io::Error::other)?;
            self.pool = Some(pool);
        }
        let (judge, name) = (&self.judge, self.name.as_str());
        let reports: Vec<GameReport> = match &self.pool {
            None => batch
                .iter()
                .map(|(i, c)| judge_one(judge, name, *i, c))
                .collect(),
            Some(pool) => pool.install(|| {
                batch
                    .par_iter()
                    .map(|(i, c)| judge_one(judge, name, *i, c))
                    .collect()
            }),
        };
        for r in &reports {
            self.reporter.game(r)?;
        }
        self.reporter.summary.bytes += bytes as u64;
        self.bar.inc(bytes as u64);
        self.progress();
        Ok(())
    }

    fn progress(&self) {
        let games = self.reporter.summary.games;
        let rate = games as f64 / self.start.elapsed().as_secs_f64().max(1e-3);
        self.bar
            .set_message(format!("{games} games, {rate:.0} games/s"));
    }
}

/// Reads every input, handing `emit` (which returns `false` to stop reading) the
/// blocks of each file, or batches of games from standard input. Memory is bounded
/// by the blocks in flight and the largest game.
fn read_inputs(
    inputs: &[Input],
    recycled: Option<&std::sync::mpsc::Receiver<Vec<u8>>>,
    mut emit: impl FnMut(Msg) -> bool,
) {
    for (i, input) in inputs.iter().enumerate() {
        if !emit(Msg::File(i)) {
            return;
        }
        let name = input.name();
        let fail = |e: io::Error| Msg::Failed(io::Error::new(e.kind(), format!("{name}: {e}")));
        let reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                emit(fail(e));
                return;
            }
        };
        if matches!(input, Input::Stdin) {
            // Standard input cannot be read again from where a block was cut
            // inside a game: it goes through the streaming reader.
            if !read_batches(reader, &mut emit, &fail) {
                return;
            }
            continue;
        }
        let (size, max) = block_sizes();
        let mut blocks = BlockReader::new(reader, size, max);
        loop {
            // Blocks judged give their memory back for the next ones.
            for bytes in recycled.into_iter().flat_map(|rx| rx.try_iter()) {
                blocks.reuse(bytes);
            }
            let Some(block) = blocks.next() else {
                break;
            };
            let msg = match block {
                Ok(b) => Msg::Block(b),
                Err(e) => {
                    emit(fail(e));
                    return;
                }
            };
            if !emit(msg) {
                return;
            }
        }
    }
}

/// Splits one input with the streaming reader into batches of games; whether to go on.
fn read_batches(
    reader: impl io::Read,
    emit: &mut impl FnMut(Msg) -> bool,
    fail: &impl Fn(io::Error) -> Msg,
) -> bool {
    match batches(GameReader::new(reader), 0, |(batch, bytes)| {
        emit(Msg::Batch(batch, bytes))
    }) {
        Ok(go_on) => go_on,
        Err(e) => {
            emit(fail(e));
            false
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
