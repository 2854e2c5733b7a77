//! `scoresheet validate`: replay every game, report every invalid one, lose none.
//!
//! Files are read in blocks, each split into games and judged on one of
//! `--jobs` worker threads; standard input (and the rest of a file whose block
//! was cut inside a game) is split by the streaming reader and judged in
//! batches on a pool. Memory is bounded by the blocks in flight and the largest
//! game; reports come in input order. A book's move tables (`books::is_book`, the
//! rule `convert` and `play` use) are read whole and replayed with the descriptive rules.

use std::cell::Cell;
use std::io::{self, IsTerminal, Read, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use scoresheet_board::quick::{QuickLane, QuickReplay};
use scoresheet_board::replay::{ReplayOptions, replay, replay_book_game, settle};
use scoresheet_board::{EpStyle, Position};
use scoresheet_notation::desc::read_books;
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{
    Block, BlockEnd, BlockGames, BlockReader, Game, GameChunk, GameReadError, GameReader,
    ResumePoint, parse_game_lang_into,
};
use scoresheet_notation::{Diagnostic, Mode};

mod range;
pub use range::{Range, RangeEnd, ranges, validate_range};

use crate::Outcome;
use crate::args::{EpArg, Format, ValidateArgs};
use crate::blocks::{self, Item, Opened};
use crate::books;
use crate::input::{Input, batches, expand_some};
use crate::report::{
    Found, GameReport, Origin, Problem, Summary, human_line, printable, problems, problems_indexed,
};

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
    /// `--repair`: misprints in book tables read as their clearly best suggestion.
    pub repair: bool,
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
        let found = if q.warnings.is_empty() {
            Found::default()
        } else {
            let mut diags: Vec<Diagnostic> = q.warnings.iter().map(|(d, _)| d.clone()).collect();
            settle(
                &mut diags,
                &ReplayOptions {
                    strict: self.strict,
                    ..ReplayOptions::default()
                },
            );
            problems(&diags, text, &q.written(), None, origin())
        };
        self.report(file, index, q.plies, &q.position, found)
    }

    /// A game's report: valid unless it has an error; the final FEN if shown.
    fn report(
        &self,
        file: &str,
        index: u64,
        plies: usize,
        position: &Position,
        (errors, warnings, notes): Found,
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
            notes,
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
                ..ReplayOptions::default()
            },
        );
        GAME.set(game.recycle());
        let origin = Origin { line, column };
        let found = problems(&r.diagnostics, bytes, &r.written, r.failed, origin);
        self.report(file, index, r.moves.len(), &r.position, found)
    }

    /// Judges the games of a book's move tables, read whole (`text`), with the
    /// descriptive rules: what `convert` reads of the same file.
    fn books(&self, file: &str, text: &[u8]) -> Vec<GameReport> {
        let options = ReplayOptions {
            strict: self.strict,
            repair: self.repair,
            ..ReplayOptions::default()
        };
        let origin = Origin { line: 1, column: 1 };
        let index = scoresheet_notation::LineIndex::new(text);
        read_books(text)
            .iter()
            .enumerate()
            .map(|(n, book)| {
                let r = replay_book_game(book, None, &options, None);
                let found =
                    problems_indexed(&r.diagnostics, text, &r.written, r.failed, &index, origin);
                self.report(file, n as u64 + 1, r.moves.len(), &r.position, found)
            })
            .collect()
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
pub(crate) fn too_large(file: &str, index: u64, e: &GameReadError) -> GameReport {
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
            suggestions: Vec::new(),
        }],
        warnings: Vec::new(),
        notes: Vec::new(),
    }
}

/// Writes the report of each game as it comes, in input order.
struct Reporter<W: Write> {
    out: W,
    format: Format,
    quiet: bool,
    /// `--notes`: human output shows the notes too.
    notes: bool,
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
                if self.notes {
                    for n in &g.notes {
                        writeln!(self.out, "{}", human_line(&g.file, g.game, "note", n))?;
                    }
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
    let inputs = expand_some(&args.paths)?;
    run_to(args, &inputs, &mut io::stdout(), &mut io::stderr(), None)
}

/// Runs `validate` over `inputs`, the reports to `out` and the messages of
/// standard error to `err`; with `range`, over that one block of the one input
/// only (see [`validate_range`]).
pub(crate) fn run_to(
    args: &ValidateArgs,
    inputs: &[Input],
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
    range: Option<(&Block, &mut bool)>,
) -> io::Result<Outcome> {
    let start = Instant::now();
    blocks::env_block_bytes()?;
    let jobs = crate::args::jobs(args.jobs);
    let judge = Judge {
        strict: args.strict,
        repair: args.repair,
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
    let bar = progress_bar(blocks::plain_bytes(inputs), show_progress);
    let mut reporter = Reporter {
        out: io::BufWriter::with_capacity(1 << 16, out),
        format: args.format,
        quiet: args.quiet,
        notes: args.notes,
        summary: Summary::default(),
    };
    let mut run = Run {
        inputs,
        err,
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
        read: 0,
    };
    if let Some((block, rest)) = range {
        run.block_alone(block)?;
        *rest = run.skip;
    } else if jobs == 1 {
        let mut outcome = Ok(());
        read_inputs(inputs, |msg| {
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
    Ok(if summary.unread > 0 {
        Outcome::Failed
    } else if summary.invalid > 0 {
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
    /// The whole text of the current input, a book's move tables.
    Books(Vec<u8>),
    /// The next block of the current input (files), lent: its buffer goes back
    /// to the reader for the block after it.
    Block(&'b Block),
    /// Input `i` could not be opened, or read on from here: the next input follows.
    Failed(usize, io::Error),
}

/// The state of a validation run: the judges, the reports, and where we are.
struct Run<'a, W: Write> {
    inputs: &'a [Input],
    /// Where the messages of standard error go.
    err: &'a mut (dyn Write + Send),
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
    /// Bytes of the current input read so far.
    read: u64,
}

impl<W: Write> Run<'_, W> {
    /// Takes the reader's next message, on one thread.
    fn take(&mut self, msg: Msg<'_>) -> io::Result<()> {
        match msg {
            Msg::File(i) => {
                self.start_file(i);
                Ok(())
            }
            Msg::Failed(i, e) => self.block_reader_failed(i, &e),
            Msg::Batch(batch, bytes) => self.batch(&batch, bytes),
            Msg::Books(text) => self.books(&text),
            Msg::Block(block) => {
                if self.skip {
                    return Ok(());
                }
                let report = self.judge.block(&self.name, block);
                self.report_block(block.bytes.len(), report)
            }
        }
    }

    /// Judges one block of the one input alone; the file is counted by its
    /// first block only. Where the block was cut inside a game, the rest of the
    /// file is read on from there, as a run over the whole file reads it.
    fn block_alone(&mut self, block: &Block) -> io::Result<()> {
        self.start_file(0);
        if !block.first {
            self.reporter.summary.files -= 1;
        }
        let report = self.judge.block(&self.name, block);
        self.report_block(block.bytes.len(), report)
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
            |input| {
                if input.streams() {
                    // Standard input and pipes are read apart, game by game, in
                    // their turn: they cannot be opened again where a block was
                    // cut inside a game.
                    return Ok(Opened::Apart);
                }
                // A book's move tables are read whole, in their turn.
                let mut reader = input.open()?;
                let (head, book) = books::read_head(&mut reader)?;
                Ok(if book {
                    Opened::Apart
                } else {
                    Opened::Blocks(Box::new(io::Cursor::new(head).chain(reader)))
                })
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
                self.stream_parallel()
            }
            Item::Failed(i, e) => self.block_reader_failed(i, &e),
        }
    }

    /// Reports the games of a book's move tables (the whole input).
    fn books(&mut self, text: &[u8]) -> io::Result<()> {
        let reports = self.judge.books(&self.name, text);
        for r in &reports {
            self.reporter.game(r)?;
        }
        self.index += reports.len() as u64;
        self.reporter.summary.bytes += text.len() as u64;
        self.bar.inc(text.len() as u64);
        self.progress();
        Ok(())
    }

    /// An input read apart in a parallel run: a book's move tables, read whole,
    /// or an input read as a stream (standard input, a pipe), split by the
    /// streaming reader on a thread of its own (which overlaps with judging) and
    /// judged in batches on the pool.
    fn stream_parallel(&mut self) -> io::Result<()> {
        let i = self.input;
        let Some(input) = self.inputs.get(i) else {
            return Ok(());
        };
        let mut reader = match input.open() {
            Ok(r) => r,
            Err(e) => return self.failed(i, &e),
        };
        let (mut head, book) = match books::read_head(&mut reader) {
            Ok(read) => read,
            Err(e) => return self.failed(i, &e),
        };
        if book {
            if let Err(e) = books::read_rest(&mut head, &mut reader) {
                return self.failed(i, &e);
            }
            return self.books(&head);
        }
        std::thread::scope(|threads| -> io::Result<()> {
            let (tx, rx) = std::sync::mpsc::sync_channel(4);
            threads.spawn(move || {
                let fail = |e: io::Error| Msg::Failed(i, e);
                read_batches(
                    io::Cursor::new(head).chain(reader),
                    &mut |msg| tx.send(msg).is_ok(),
                    &fail,
                );
            });
            for msg in rx {
                match msg {
                    Msg::Batch(batch, bytes) => self.batch(&batch, bytes)?,
                    Msg::Failed(i, e) => self.failed(i, &e)?,
                    Msg::File(_) | Msg::Block(_) | Msg::Books(_) => {}
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
        self.read = 0;
    }

    /// Input `i` could not be opened or read on by the block reader: the
    /// rest of an input read on by the streaming reader (`skip`) was its to
    /// read and report, otherwise this is [`Run::failed`].
    fn block_reader_failed(&mut self, i: usize, e: &io::Error) -> io::Result<()> {
        if self.skip && i == self.input && self.reporter.summary.files > 0 {
            return Ok(());
        }
        self.failed(i, e)
    }

    /// Input `i` could not be opened, or read on: says so on standard error,
    /// with the games and bytes read before (the games were reported), and
    /// counts it; the run goes on with the next input.
    fn failed(&mut self, i: usize, e: &io::Error) -> io::Result<()> {
        let name = printable(&self.inputs.get(i).map(Input::name).unwrap_or_default());
        let e = printable(&e.to_string());
        let mut started = self.input == i && self.reporter.summary.files > 0;
        if started && self.index == 0 && self.read == 0 {
            // Nothing read: `files` counts the inputs read, at least in part.
            self.reporter.summary.files -= 1;
            started = false;
        }
        let err = &mut *self.err;
        if started && (self.index > 0 || self.read > 0) {
            writeln!(
                err,
                "scoresheet: error: {name}: {e} (after {} {}, {} bytes read)",
                self.index,
                if self.index == 1 { "game" } else { "games" },
                self.read
            )?;
        } else {
            writeln!(err, "scoresheet: error: {name}: {e}")?;
        }
        self.reporter.summary.unread += 1;
        Ok(())
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
        self.read += len as u64;
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
        let i = self.input;
        let Some(input) = self.inputs.get(i) else {
            return Ok(());
        };
        let games = match blocks::resume(input, at) {
            Ok(games) => games,
            Err(e) => return self.failed(i, &e),
        };
        let mut outcome = Ok(());
        let first = self.index;
        let read = batches(games, first, |(batch, bytes)| {
            self.index = batch.last().map_or(self.index, |(i, _)| *i);
            outcome = self.batch(&batch, bytes);
            outcome.is_ok()
        });
        outcome?;
        match read {
            Ok(_) => Ok(()),
            Err(e) => self.failed(i, &e),
        }
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
        self.read = self.read.saturating_add(bytes as u64);
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
        let fail = |e: io::Error| Msg::Failed(i, e);
        let mut reader = match input.open() {
            Ok(r) => r,
            Err(e) => {
                // One input that cannot be read never stops the others.
                if !emit(fail(e)) {
                    return;
                }
                continue;
            }
        };
        if !emit(Msg::File(i)) {
            return;
        }
        // A book's move tables are read whole; anything else goes on from its head.
        let head = match books::read_head(&mut reader) {
            Ok((mut head, true)) => {
                let msg = match books::read_rest(&mut head, &mut reader) {
                    Ok(()) => Msg::Books(head),
                    Err(e) => fail(e),
                };
                if !emit(msg) {
                    return;
                }
                continue;
            }
            Ok((head, false)) => head,
            Err(e) => {
                if !emit(fail(e)) {
                    return;
                }
                continue;
            }
        };
        let reader = io::Cursor::new(head).chain(reader);
        if input.streams() {
            // Standard input and pipes cannot be read again from where a block
            // was cut inside a game: they go through the streaming reader.
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
                    if !emit(fail(e)) {
                        return;
                    }
                    break;
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

/// Splits one input with the streaming reader into batches of games; whether to
/// go on (after a read error, reported, with the next input).
fn read_batches(
    reader: impl io::Read,
    emit: &mut impl FnMut(Msg<'static>) -> bool,
    fail: &impl Fn(io::Error) -> Msg<'static>,
) -> bool {
    match batches(GameReader::new(reader), 0, |(batch, bytes)| {
        emit(Msg::Batch(batch, bytes))
    }) {
        Ok(go_on) => go_on,
        Err(e) => emit(fail(e)),
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
