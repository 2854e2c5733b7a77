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
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{
    Block, BlockEnd, BlockGames, BlockReader, Game, GameChunk, GameReadError, GameReader,
    ResumePoint, parse_game_lang_into,
};
use scoresheet_notation::{Diagnostic, Mode};

use crate::Outcome;
use crate::args::{EpArg, Format, ValidateArgs};
use crate::blocks::{self, Item, Opened};
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
    /// Whether every game's report is shown, valid or not (JSON output, not
    /// `--quiet`); it alone shows the final FEN. Otherwise a game valid without
    /// a warning is only counted.
    pub every: bool,
    /// `--lang`: the language of the piece letters, or `None` to tell it per game.
    pub lang: Option<Language>,
}

impl Judge {
    /// Whether English letters may be read the quick way (the quick lane reads no other).
    fn english(&self) -> bool {
        self.lang.is_none_or(|l| l == Language::English)
    }

    /// Judges one game read by a [`GameReader`].
    pub fn game(&self, file: &str, index: u64, chunk: &GameChunk) -> GameReport {
        // Most games have nothing to report: the quick lane replays those straight
        // from their bytes, and defers every other game to the full parser.
        let mut lane = LANE.take();
        let quick = if self.english() {
            lane.replay(&chunk.bytes)
        } else {
            None
        };
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
            fen: if self.every {
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
        parse_game_lang_into(&mut game, bytes, 0, mode, self.lang);
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
    /// game whole where it can, without the splitter). Each report is numbered
    /// within the block, for the caller, which knows how many games came before;
    /// games with nothing to show are only counted.
    fn block(&self, file: &str, block: &Block) -> BlockReport {
        let mut lane = LANE.take();
        let mut split = BlockGames::new(block);
        let mut out = BlockReport {
            reports: Vec::new(),
            games: 0,
            clean_plies: 0,
            bytes: 0,
            end: BlockEnd::Clean,
        };
        let english = self.english();
        while let Some(g) = split.next_game(|rest| {
            if english {
                lane.replay_prefix(rest)
            } else {
                None
            }
        }) {
            out.bytes += g.end - g.start;
            out.games += 1;
            let mut report = match g.quick {
                Some(q) if q.warnings.is_empty() && !self.every => {
                    out.clean_plies += q.plies as u64;
                    continue;
                }
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
            };
            report.game = out.games;
            out.reports.push(report);
        }
        LANE.set(lane);
        out.end = split.end().unwrap_or(BlockEnd::Clean);
        out
    }
}

/// The games of one block, judged.
struct BlockReport {
    /// The reports to show, numbered within the block.
    reports: Vec<GameReport>,
    /// Games in the block.
    games: u64,
    /// Plies of the games valid without a warning that have no report.
    clean_plies: u64,
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
        every: matches!(args.format, Format::Json) && !args.quiet,
        lang: args.lang,
    };
    let show_progress = !args.no_progress
        && std::env::var_os("SCORESHEET_NO_PROGRESS").is_none()
        && io::stderr().is_terminal();
    let bar = progress_bar(blocks::plain_bytes(&inputs), show_progress);
    let stdout = io::stdout();
    let mut reporter = Reporter {
        out: io::BufWriter::with_capacity(1 << 16, stdout),
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
        read_inputs(&inputs, |msg| {
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

/// What the reader hands to the judges, in input order.
enum Msg<'b> {
    /// The next input starts: its index in the inputs.
    File(usize),
    /// Games of the current input with their 1-based index, and their size in bytes
    /// (standard input, read by the streaming reader).
    Batch(Vec<(u64, Result<GameChunk, GameReadError>)>, usize),
    /// The next block of the current input (files), lent: its buffer goes back
    /// to the reader for the block after it.
    Block(&'b Block),
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

impl<W: Write> Run<'_, W> {
    /// Takes the reader's next message, on one thread.
    fn take(&mut self, msg: Msg<'_>) -> io::Result<()> {
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
                let report = self.judge.block(&self.name, block);
                self.report_block(block.bytes.len(), report)
            }
        }
    }

    /// Judges the inputs on `jobs` worker threads, which read the files in
    /// blocks and report them in input order ([`blocks::run`]).
    fn parallel(&mut self) -> io::Result<()>
    where
        W: Send,
    {
        let inputs = self.inputs;
        let names: Vec<String> = inputs.iter().map(Input::name).collect();
        let judge = self.judge;
        blocks::run(
            inputs,
            self.jobs,
            |input| match input {
                // Standard input is read apart, game by game, in its turn.
                Input::Stdin => Ok(Opened::Apart),
                Input::Path(_) => input.open().map(Opened::Blocks),
            },
            |file, block| judge.block(names.get(file).map_or("", String::as_str), block),
            |item| self.take_item(item),
        )
    }

    /// Reports what the workers handed on, in its turn.
    fn take_item(&mut self, item: Item<BlockReport>) -> io::Result<()> {
        match item {
            Item::Block {
                file,
                first,
                len,
                result,
            } => {
                if first {
                    self.start_file(file);
                }
                self.report_block(len, result)
            }
            Item::Apart(i) => {
                self.start_file(i);
                self.stdin_parallel()
            }
            Item::Failed(i, e) => {
                let name = self.inputs.get(i).map(Input::name).unwrap_or_default();
                Err(io::Error::new(e.kind(), format!("{name}: {e}")))
            }
        }
    }

    /// Standard input in a parallel run: split by the streaming reader on a thread
    /// of its own (which overlaps with judging), judged in batches on the pool.
    fn stdin_parallel(&mut self) -> io::Result<()> {
        let name = Input::Stdin.name();
        std::thread::scope(|threads| -> io::Result<()> {
            let (tx, rx) = std::sync::mpsc::sync_channel(4);
            threads.spawn(move || {
                let fail =
                    |e: io::Error| Msg::Failed(io::Error::new(e.kind(), format!("{name}: {e}")));
                read_batches(io::stdin(), &mut |msg| tx.send(msg).is_ok(), &fail);
            });
            for msg in rx {
                match msg {
                    Msg::Batch(batch, bytes) => self.batch(&batch, bytes)?,
                    Msg::Failed(e) => return Err(e),
                    Msg::File(_) | Msg::Block(_) => {}
                }
            }
            Ok(())
        })
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
        let clean = result.games - result.reports.len() as u64;
        self.reporter.summary.add_clean(clean, result.clean_plies);
        for mut g in result.reports {
            g.game += self.index;
            self.reporter.game(&g)?;
        }
        self.index += result.games;
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
        let games = blocks::resume(input, at).map_err(&fail)?;
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
fn read_inputs(inputs: &[Input], mut emit: impl FnMut(Msg<'_>) -> bool) {
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
        let (size, max) = blocks::block_sizes();
        let mut blocks = BlockReader::new(reader, size, max);
        while let Some(block) = blocks.next() {
            let block = match block {
                Ok(b) => b,
                Err(e) => {
                    emit(fail(e));
                    return;
                }
            };
            if !emit(Msg::Block(&block)) {
                return;
            }
            // Its buffer back to the reader: the next block is read into it, with
            // no allocation and nothing zeroed.
            blocks.reuse(block.bytes);
        }
    }
}

/// Splits one input with the streaming reader into batches of games; whether to go on.
fn read_batches(
    reader: impl io::Read,
    emit: &mut impl FnMut(Msg<'static>) -> bool,
    fail: &impl Fn(io::Error) -> Msg<'static>,
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
