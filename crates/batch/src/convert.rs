//! `scoresheet convert`: resolve every game and write it in another notation.
//!
//! Files are read in blocks, each split into games and converted on one of the
//! workers ([`blocks::run`]), and written in input order into one buffered
//! output. Book tables go the same way, each game read as the board decides
//! (`scoresheet_board::reading`). Standard input and the rest of a file whose
//! block was cut inside a game are split by the streaming reader on a thread of
//! its own (memory bounded by the largest game and three batches) and converted
//! in batches on all cores. A game that cannot be converted is
//! reported on standard error (`file:line:column`, the move, the reason, the
//! candidates) and left out; the others are written. Warnings go to standard
//! error too (`--strict` makes them errors), in `validate`'s one-line form or as
//! JSON Lines (`--format json`), then a summary: games written and refused,
//! problems by kind. A progress bar is drawn on a terminal ([`Progress`]).

use std::cell::Cell;
use std::io::{self, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use scoresheet_board::reading::{BookReading, read_unit};
use scoresheet_board::replay::ReplayOptions;
use scoresheet_convert::book::{book_to_pgn, write_descriptive};
use scoresheet_convert::descriptive::DescStyle;
use scoresheet_convert::game::Strip;
use scoresheet_convert::select::{EloOf, Selection};
use scoresheet_convert::{
    ConvertError, Format, LineFormat, Notation, Options, ResolvedGame, Resolver, write_in,
    write_tagged_line,
};
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{
    Block, BlockEnd, BlockGames, GameChunk, GameReadError, GameReader, ResumePoint,
};
use scoresheet_notation::{Diagnostic, LineIndex, Severity, Span};

use crate::Outcome;
use crate::blocks::{self, Item, Opened};
use crate::input::Input;
use crate::input::batches;
use crate::options::{ConvertOptions, ProblemFormat as ConvertFormat, Target as ToArg};
use crate::output::{OutputFile, check_not_input};
use crate::progress::Progress;
use crate::report::{
    ConvertSummary, Origin, Problem, ProblemLine, SummaryLine, UnreadLine, human_line, printable,
    problem,
};

/// What every worker needs to convert a game.
#[derive(Debug, Clone)]
struct Converter {
    format: Output,
    options: Options,
    /// `--notes`: report the notes too.
    notes: bool,
    /// The piece letters of SAN and LAN output.
    lang: Language,
    /// This converter's number: a worker's resolver holds the options of one.
    run: u64,
    /// `--tag`, `--tag-file`, `--min-plies`, `--max-plies`: the games written.
    selection: Arc<Selection>,
    /// Games converted but not selected, so not written.
    unselected: Arc<AtomicU64>,
    /// `--no-comments`, `--no-variations`, `--no-nags`, `--reduced`.
    strip: Strip,
    /// `--eco`: the `ECO`, `Opening` and `Variation` tags written from the
    /// game's opening, named by position.
    eco: bool,
    /// `--moves-only`: SAN, LAN and UCI as one line a game, without tags.
    moves_only: bool,
}

/// The converters made in this process, each told apart by its number.
static RUNS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// This thread's resolver, kept between games for its buffers, with the
    /// number of the converter whose options it holds.
    static RESOLVER: Cell<Option<(u64, Resolver)>> = const { Cell::new(None) };
}

impl Converter {
    /// A converter writing `format`, reading with `options`.
    fn new(format: Output, options: Options, notes: bool, lang: Language) -> Self {
        Converter {
            format,
            options,
            notes,
            lang,
            run: RUNS.fetch_add(1, Ordering::Relaxed),
            selection: Arc::new(Selection::default()),
            unselected: Arc::new(AtomicU64::new(0)),
            strip: Strip::default(),
            eco: false,
            moves_only: false,
        }
    }

    /// This converter with other reading options (the same selection, counted
    /// together).
    fn with_options(&self, options: Options) -> Self {
        Converter {
            selection: Arc::clone(&self.selection),
            unselected: Arc::clone(&self.unselected),
            strip: self.strip,
            eco: self.eco,
            moves_only: self.moves_only,
            ..Converter::new(self.format, options, self.notes, self.lang)
        }
    }

    /// Runs `f` with this thread's resolver, holding this converter's options.
    fn with_resolver<T>(&self, f: impl FnOnce(&mut Resolver) -> T) -> T {
        let mut resolver = match RESOLVER.take() {
            Some((run, resolver)) if run == self.run => resolver,
            Some((_, mut resolver)) => {
                resolver.set_options(self.options.clone());
                resolver
            }
            None => Resolver::new(self.options.clone()),
        };
        let out = f(&mut resolver);
        RESOLVER.set(Some((self.run, resolver)));
        out
    }

    /// Whether book tables are read as such: unless `--from` asks for a notation
    /// other than descriptive (a table is then PGN movetext, and its moves errors).
    fn books(&self) -> bool {
        matches!(self.options.from, None | Some(Notation::Descriptive))
    }
}

/// What to write.
#[derive(Debug, Clone, Copy)]
enum Output {
    /// PGN, SAN, LAN, UCI or FEN.
    Standard(Format),
    /// A descriptive move table.
    Descriptive(DescStyle),
}

/// One game converted: its output, and its problems to report (an error when
/// it could not be converted: then it has no output).
#[derive(Debug, Default)]
struct Converted {
    out: Vec<u8>,
    problems: Problems,
}

/// A game's problems to report: severity and problem.
type Problems = Vec<(&'static str, Problem)>;

/// The games of one block, converted.
struct ConvertedBlock {
    /// Their output, in order.
    out: Vec<u8>,
    /// Their problems, by game number within the block, in order.
    problems: Vec<(u64, &'static str, Problem)>,
    /// Games in the block.
    games: u64,
    /// Bytes of the games (blanks between games not counted).
    bytes: usize,
    end: BlockEnd,
}

impl crate::blocks::Weigh for ConvertedBlock {
    fn weight(&self) -> usize {
        self.out.capacity()
            + self.problems.capacity() * (std::mem::size_of::<(u64, &str, Problem)>() + 128)
    }
}

impl Converter {
    /// Converts one game read by the streaming reader.
    fn game(&self, chunk: &GameChunk) -> Converted {
        let mut done = Converted::default();
        done.out.reserve(chunk.bytes.len() + 256);
        let origin = Origin {
            line: chunk.line,
            column: chunk.column,
            offset: chunk.offset,
        };
        let bytes = &chunk.bytes;
        self.with_resolver(|resolver| match resolver.quick(bytes) {
            Some(resolved) => self.take(
                Ok(&resolved),
                bytes,
                origin,
                &mut done.out,
                &mut done.problems,
            ),
            None => self.full(resolver, bytes, origin, &mut done.out, &mut done.problems),
        });
        done
    }

    /// Resolves a game the quick lane did not take in full, as the board
    /// decides it is written (`scoresheet_board::reading`): PGN movetext, or a
    /// book's table (unless `--from` names another notation), and writes it.
    /// Whether it could not be converted.
    fn full(
        &self,
        resolver: &mut Resolver,
        bytes: &[u8],
        origin: Origin,
        out: &mut Vec<u8>,
        problems: &mut Problems,
    ) -> bool {
        if self.books() {
            let options = self.replay_options();
            if let Some(table) = read_unit(
                bytes,
                &options,
                self.options.lang,
                self.options.start.as_ref(),
            ) {
                return self.table(&table, bytes, origin, out, problems);
            }
        }
        resolver.resolve_full(bytes, |r| self.take(r, bytes, origin, out, problems))
    }

    /// The judge's options of this conversion, for a book's table.
    fn replay_options(&self) -> ReplayOptions {
        ReplayOptions {
            strict: self.options.strict,
            fix_results: self.options.fix_results,
            fix_tags: self.options.fix_tags,
            repair: self.options.repair,
            ..ReplayOptions::default()
        }
    }

    /// Writes a game read as a book's table (`bytes`, at `origin`), replayed:
    /// its problems located in the table, its moves converted as the PGN they
    /// make. Whether it could not be converted.
    fn table(
        &self,
        table: &BookReading,
        bytes: &[u8],
        origin: Origin,
        out: &mut Vec<u8>,
        problems: &mut Problems,
    ) -> bool {
        let r = &table.replay;
        let first = problems.len();
        let at = Located {
            bytes,
            origin,
            written: &r.written,
            failed: r.failed,
        };
        let of = |severity: Severity| -> Vec<Diagnostic> {
            r.diagnostics
                .iter()
                .filter(|d| d.severity == severity)
                .cloned()
                .collect()
        };
        at.push(problems, "warning", &of(Severity::Warning));
        if self.notes {
            at.push(problems, "note", &of(Severity::Note));
        }
        let refused = !r.is_valid();
        if refused {
            at.push(problems, "error", &of(Severity::Error));
        } else {
            let chunk = GameChunk {
                offset: 0,
                line: 1,
                column: 1,
                bytes: book_to_pgn(&table.book, r).into_bytes(),
            };
            // The table was read as descriptive notation; the PGN made from it is SAN.
            let plain = self.with_options(Options {
                from: None,
                ..self.options.clone()
            });
            let done = plain.game(&chunk);
            out.extend_from_slice(&done.out);
            problems.extend(done.problems);
        }
        problems[first..].sort_by_key(|(_, p)| (p.line, p.column));
        refused
    }

    /// Splits a block into games and converts each (the quick lane reading each
    /// game whole where it can, without the splitter).
    fn block(&self, block: &Block) -> ConvertedBlock {
        self.with_resolver(|resolver| {
            let mut split = BlockGames::new(block);
            let mut done = ConvertedBlock {
                out: Vec::with_capacity(block.bytes.len() + block.bytes.len() / 4),
                problems: Vec::new(),
                games: 0,
                bytes: 0,
                end: BlockEnd::Clean,
            };
            let mut problems = Problems::new();
            while let Some(g) = split.next_game(|rest| resolver.quick_prefix(rest)) {
                done.games += 1;
                done.bytes += g.end - g.start;
                let bytes = &block.bytes[g.start..g.end];
                if let Some(resolved) = &g.quick
                    && resolved.warnings.is_empty()
                {
                    // Most games: nothing to report, written at once.
                    let mark = done.out.len();
                    if self.write(resolved, &mut done.out).is_ok() {
                        continue;
                    }
                    done.out.truncate(mark);
                }
                // Lines are counted only as far as a game needs them.
                let (line, column) = split.line_col(g.start);
                let origin = Origin {
                    line,
                    column,
                    offset: block.offset + g.start as u64,
                };
                let out = &mut done.out;
                match &g.quick {
                    Some(resolved) => {
                        self.take(Ok(resolved), bytes, origin, out, &mut problems);
                    }
                    None => {
                        self.full(resolver, bytes, origin, out, &mut problems);
                    }
                }
                let n = done.games;
                done.problems
                    .extend(problems.drain(..).map(|(severity, p)| (n, severity, p)));
            }
            done.end = split.end().unwrap_or(BlockEnd::Clean);
            done
        })
    }

    /// Writes a game resolved (or refused) from `bytes`, which start at
    /// `origin` in the file; its warnings, notes (with `--notes`) and error go
    /// to `problems`, in text order. Whether it could not be converted (then
    /// nothing is written).
    fn take(
        &self,
        resolution: Result<&ResolvedGame<'_>, &ConvertError>,
        bytes: &[u8],
        origin: Origin,
        out: &mut Vec<u8>,
        problems: &mut Problems,
    ) -> bool {
        let first = problems.len();
        let refused = match resolution {
            Ok(resolved) => {
                let written: Vec<Span> = resolved.mainline().map(|m| m.span).collect();
                let at = Located {
                    bytes,
                    origin,
                    written: &written,
                    failed: None,
                };
                at.push(problems, "warning", &resolved.warnings);
                if self.notes {
                    at.push(problems, "note", &resolved.notes);
                }
                self.emit(resolved, &at, out, problems)
            }
            Err(e) => {
                let at = Located {
                    bytes,
                    origin,
                    written: &e.written,
                    failed: e.move_span,
                };
                at.push(problems, "warning", &e.warnings);
                if self.notes {
                    at.push(problems, "note", &e.notes);
                }
                at.push(problems, "error", core::slice::from_ref(&e.error));
                at.push(problems, "error", &e.other_errors);
                true
            }
        };
        // In the order they stand in the text, as `validate` shows them.
        problems[first..].sort_by_key(|(_, p)| (p.line, p.column));
        refused
    }
}

impl Converter {
    /// Writes a resolved game in the output's notation, or says why it cannot be
    /// (a null move has no descriptive spelling).
    fn write(&self, resolved: &ResolvedGame<'_>, out: &mut Vec<u8>) -> Result<(), Diagnostic> {
        if !self.eco && self.strip.is_none() {
            if !self.selection.is_all() && !self.selection.matches(resolved) {
                self.unselected.fetch_add(1, Ordering::Relaxed);
                return Ok(());
            }
            return self.write_all(resolved, out);
        }
        // The opening's tags first, which the selection may test, then what is
        // left out.
        let mut changed = resolved.clone();
        if self.eco {
            changed.set_opening_tags();
        }
        if !self.selection.is_all() && !self.selection.matches(&changed) {
            self.unselected.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        }
        if !self.strip.is_none() {
            changed.strip(self.strip);
        }
        self.write_all(&changed, out)
    }

    /// Writes a resolved game as it is, in the output's notation.
    fn write_all(&self, resolved: &ResolvedGame<'_>, out: &mut Vec<u8>) -> Result<(), Diagnostic> {
        let line = match self.format {
            Output::Standard(Format::San) => Some(LineFormat::San),
            Output::Standard(Format::Lan) => Some(LineFormat::Lan),
            Output::Standard(Format::Uci) => Some(LineFormat::Uci),
            _ => None,
        };
        match self.format {
            Output::Standard(_) if !self.moves_only && line.is_some() => {
                if let Some(line) = line {
                    write_tagged_line(resolved, line, self.lang, out);
                }
                Ok(())
            }
            Output::Standard(f) => {
                if f == Format::Pgn {
                    if let Some(refusal) = scoresheet_convert::pgn::unexportable(resolved) {
                        return Err(refusal);
                    }
                }
                write_in(resolved, f, self.lang, out);
                Ok(())
            }
            Output::Descriptive(style) => write_descriptive(resolved, &style, out),
        }
    }

    /// Writes a resolved game (located by `at`); a game that cannot be
    /// written is an error in `problems`. Whether it could not be.
    fn emit(
        &self,
        resolved: &ResolvedGame<'_>,
        at: &Located<'_>,
        out: &mut Vec<u8>,
        problems: &mut Problems,
    ) -> bool {
        match self.write(resolved, out) {
            Ok(()) => false,
            Err(d) => {
                at.push(problems, "error", &[d]);
                true
            }
        }
    }
}

/// A game's text (`bytes`, which start at `origin` in the file) and where its
/// main-line moves are written, to locate its diagnostics in the file.
struct Located<'a> {
    bytes: &'a [u8],
    origin: Origin,
    /// Where each main-line ply tried is written (`written[ply - 1]`).
    written: &'a [Span],
    /// The whole move that could not be played, if any.
    failed: Option<Span>,
}

impl Located<'_> {
    /// Appends the diagnostics to `problems`, located as `validate` locates
    /// them (the same `move` for the same problem: the whole written move).
    fn push(&self, problems: &mut Problems, severity: &'static str, diags: &[Diagnostic]) {
        if diags.is_empty() {
            return;
        }
        let lines = LineIndex::new(self.bytes);
        for d in diags {
            let p: Problem = problem(
                d,
                self.bytes,
                self.written,
                self.failed,
                &lines,
                self.origin,
            );
            problems.push((severity, p));
        }
    }
}

/// A game too large to hold, refused without being read: `validate`'s error.
fn too_large(file: &str, index: u64, e: &GameReadError) -> Converted {
    let report = crate::validate::too_large(file, index, e);
    Converted {
        out: Vec::new(),
        problems: report.errors.into_iter().map(|p| ("error", p)).collect(),
    }
}

/// Runs `convert` over `inputs`, the text to `out` (unless `--output` names a
/// file), the problems of the games and the summary to `err`; `progress` is
/// moved on once per block or batch.
pub(crate) fn run_to(
    args: &ConvertOptions,
    inputs: &[Input],
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
    progress: &Progress,
) -> io::Result<Outcome> {
    let start = Instant::now();
    let format = match args.to {
        ToArg::Pgn => Output::Standard(Format::Pgn),
        ToArg::San => Output::Standard(Format::San),
        ToArg::Lan => Output::Standard(Format::Lan),
        ToArg::Uci => Output::Standard(Format::Uci),
        ToArg::Fen => Output::Standard(Format::Fen),
        ToArg::Descriptive => Output::Descriptive(DescStyle {
            spaced: args.spaced,
            knight: args.knight,
            spanish: args.lang == Some(Language::Spanish),
            ..DescStyle::default()
        }),
    };
    if args.to == ToArg::Descriptive
        && args
            .lang
            .is_some_and(|l| !matches!(l, Language::English | Language::Spanish))
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "descriptive notation is written in English or Spanish: --lang en or --lang es",
        ));
    }
    let from = args.from;
    let mut converter = Converter::new(
        format,
        Options {
            from,
            strict: args.strict,
            fix_results: args.fix_results,
            fix_tags: args.fix_tags,
            lang: args.read_lang,
            start: args.fen.clone(),
            repair: args.repair,
        },
        args.notes,
        args.lang.unwrap_or(Language::English),
    );
    converter.selection = Arc::new(selection(args)?);
    converter.strip = Strip {
        comments: args.no_comments || args.reduced,
        variations: args.no_variations || args.reduced,
        nags: args.no_nags || args.reduced,
        tags: args.reduced,
    };
    converter.eco = args.eco;
    converter.moves_only = args.moves_only;
    blocks::env_block_bytes()?;
    let jobs = crate::options::jobs(args.jobs);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(io::Error::other)?;
    let sink = match &args.output {
        Some(path) => {
            check_not_input(path, inputs)?;
            Sink::File(OutputFile::create(path)?)
        }
        None => Sink::Stdout(out),
    };
    let mut writer = Writer {
        converter: &converter,
        inputs,
        report: Report {
            err,
            json: args.format == ConvertFormat::Json,
            quiet: args.quiet,
            progress,
            summary: ConvertSummary {
                skipped: args.skipped,
                ..ConvertSummary::default()
            },
        },
        pool: &pool,
        jobs,
        out: io::BufWriter::with_capacity(1 << 16, sink),
        file: usize::MAX,
        name: String::new(),
        index: 0,
        read: 0,
        skip: false,
    };
    let converted = blocks::run(
        inputs,
        jobs,
        |i, _| open_for_blocks(progress, inputs, i),
        |_, block| converter.block(block),
        |item| writer.take(item),
    );
    progress.finish();
    // Only a complete output gets its final name, before the summary.
    let written = converted.and_then(|()| {
        match writer
            .out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?
        {
            Sink::File(file) => file.commit(),
            Sink::Stdout(_) => Ok(()),
        }
    });
    if let Err(e) = written {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return Err(e);
        }
        // The reader of the converted text is gone (`| head`): the games
        // converted so far give the outcome, and no summary is written.
        return Ok(outcome(&writer.report.summary));
    }
    let mut report = writer.report;
    report.summary.seconds = start.elapsed().as_secs_f64();
    // A game not selected was converted (its problems reported) but not written.
    let unselected = converter.unselected.load(Ordering::Relaxed);
    report.summary.written = report.summary.written.saturating_sub(unselected);
    report.summary.unselected = unselected;
    let summary = report.finish()?;
    Ok(outcome(&summary))
}

/// The outcome of the games a run has converted.
fn outcome(summary: &ConvertSummary) -> Outcome {
    if summary.unread > 0 {
        Outcome::Failed
    } else if summary.refused > 0 {
        Outcome::Problems
    } else {
        Outcome::Clean
    }
}

/// The games `--tag`, `--tag-file`, `--result`, `--eco-range`, `--min-elo`,
/// `--max-elo`, `--position`, `--min-plies` and `--max-plies` select.
fn selection(args: &ConvertOptions) -> io::Result<Selection> {
    let usage = |e: String| io::Error::new(io::ErrorKind::InvalidInput, e);
    let mut selection = Selection::default();
    for test in &args.tag {
        selection
            .add_tag(test)
            .map_err(|e| usage(format!("--tag {e}")))?;
    }
    if let Some(path) = &args.tag_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| usage(format!("--tag-file {}: {e}", path.display())))?;
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            selection
                .add_tag(line)
                .map_err(|e| usage(format!("--tag-file {}: {e}", path.display())))?;
        }
    }
    for r in &args.result {
        selection
            .add_result(r)
            .map_err(|e| usage(format!("--result {e}")))?;
    }
    if let Some(range) = &args.eco_range {
        selection
            .set_eco_range(range)
            .map_err(|e| usage(format!("--eco-range {e}")))?;
    }
    if args.min_elo.is_some() || args.max_elo.is_some() {
        let of = if args.elo_either {
            EloOf::Either
        } else {
            EloOf::Both
        };
        selection.set_elo(
            args.min_elo.unwrap_or(0),
            args.max_elo.unwrap_or(u32::MAX),
            of,
        );
    }
    if let Some(pos) = &args.position {
        selection.set_position(pos);
    }
    if args.min_plies.is_some() || args.max_plies.is_some() {
        selection.set_plies(
            args.min_plies.unwrap_or(0),
            args.max_plies.unwrap_or(usize::MAX),
        );
    }
    Ok(selection)
}

/// What `convert` says on standard error: each game's problems and the inputs
/// that cannot be read as they come, in input order, then the summary.
struct Report<'a> {
    err: &'a mut (dyn Write + Send),
    /// `--format json`.
    json: bool,
    /// `--quiet`: only the errors, no summary.
    quiet: bool,
    /// The bar, taken off the terminal while a line is written.
    progress: &'a Progress,
    summary: ConvertSummary,
}

impl Report<'_> {
    /// Counts a game of input `file` (its 1-based `game` number there) and
    /// writes its problems (an error when it could not be converted).
    fn game(
        &mut self,
        file: &str,
        game: u64,
        problems: &[(&'static str, Problem)],
    ) -> io::Result<()> {
        self.summary.add(problems);
        let mut text = Vec::new();
        for (severity, p) in problems {
            if self.quiet && *severity != "error" {
                continue;
            }
            if self.json {
                let line = ProblemLine {
                    object: "problem",
                    file,
                    game,
                    severity,
                    problem: p,
                };
                serde_json::to_writer(&mut text, &line)?;
                text.push(b'\n');
            } else {
                writeln!(text, "{}", human_line(file, game, severity, p))?;
            }
        }
        self.write(&text)
    }

    /// Input `file` could not be opened or read on, after `games` games.
    fn unread(&mut self, file: &str, e: &io::Error, games: u64) -> io::Result<()> {
        self.summary.unread += 1;
        let (name, e) = (printable(file), printable(&e.to_string()));
        let text = if self.json {
            let line = UnreadLine {
                object: "unread",
                file,
                message: &e,
                games,
            };
            let mut text = serde_json::to_vec(&line)?;
            text.push(b'\n');
            text
        } else if games > 0 {
            let plural = if games == 1 { "game" } else { "games" };
            format!("scoresheet: error: {name}: {e} (after {games} {plural})\n").into_bytes()
        } else {
            format!("scoresheet: error: {name}: {e}\n").into_bytes()
        };
        self.write(&text)
    }

    /// Writes `text` (whole lines) with the bar off the terminal.
    fn write(&mut self, text: &[u8]) -> io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        let err = &mut *self.err;
        self.progress.suspend(|| err.write_all(text))
    }

    /// Writes the summary (unless `--quiet`) and gives it.
    fn finish(self) -> io::Result<ConvertSummary> {
        let summary = self.summary.clone();
        if self.quiet {
            return Ok(summary);
        }
        let timing = std::env::var_os("SCORESHEET_NO_TIMING").is_none();
        let mut text = Vec::new();
        if self.json {
            let mut untimed = summary.clone();
            if !timing {
                untimed.seconds = 0.0;
            }
            let line = SummaryLine {
                object: "summary",
                summary: &untimed,
            };
            serde_json::to_writer(&mut text, &line)?;
            text.push(b'\n');
        } else {
            for line in summary.human_kinds() {
                writeln!(text, "{line}")?;
            }
            writeln!(text, "{}", summary.human(timing))?;
        }
        self.err.write_all(&text)?;
        self.err.flush()?;
        Ok(summary)
    }
}

/// Where the converted games go.
enum Sink<'a> {
    Stdout(&'a mut (dyn Write + Send)),
    /// `--output`, renamed to its name once complete.
    File(OutputFile),
}

impl Write for Sink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(s) => s.write(buf),
            Sink::File(f) => f.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(s) => s.flush(),
            Sink::File(f) => f.flush(),
        }
    }
}

/// Opens an input for the block workers: files (PGN and book tables alike)
/// are read in blocks; standard input and pipes (opened and read only once)
/// are converted apart, in their turn.
fn open_for_blocks(progress: &Progress, inputs: &[Input], i: usize) -> io::Result<Opened> {
    if inputs.get(i).is_none_or(Input::streams) {
        return Ok(Opened::Apart);
    }
    Ok(Opened::Blocks(Box::new(progress.open(inputs, i)?)))
}

/// Writes the converted games in input order, and converts the inputs that are
/// not read in blocks.
struct Writer<'a> {
    converter: &'a Converter,
    inputs: &'a [Input],
    /// Where the problems of the games and the summary go.
    report: Report<'a>,
    pool: &'a rayon::ThreadPool,
    jobs: usize,
    out: io::BufWriter<Sink<'a>>,
    /// The input being written: its index and name.
    file: usize,
    name: String,
    /// Games of the input written so far.
    index: u64,
    /// Bytes of the input read so far.
    read: u64,
    /// The rest of the input was converted by the streaming reader from where a
    /// block was cut inside a game: its remaining blocks are dropped.
    skip: bool,
}

impl Writer<'_> {
    /// Takes what the block workers hand on, in input order.
    fn take(&mut self, item: Item<ConvertedBlock>) -> io::Result<()> {
        match item {
            Item::Block {
                file,
                first,
                len,
                result,
            } => {
                if first {
                    self.start(file);
                }
                if self.skip {
                    return Ok(());
                }
                self.block(len, &result)?;
                if let BlockEnd::Unfinished(at) = result.end {
                    self.skip = true;
                    self.resume(file, at)?;
                }
                self.progress();
                Ok(())
            }
            Item::Apart(i) => {
                self.start(i);
                self.apart(i)?;
                self.progress();
                Ok(())
            }
            Item::Failed(i, e) => {
                if i == self.file && self.skip {
                    // The streaming reader read the rest of it, and said so.
                    return Ok(());
                }
                if i != self.file {
                    self.start(i);
                }
                self.input_failed(&e)
            }
        }
    }

    /// Writes the games of a block of `len` bytes and reports their problems.
    fn block(&mut self, len: usize, result: &ConvertedBlock) -> io::Result<()> {
        self.out.write_all(&result.out)?;
        let mut reported = 0;
        for game in result.problems.chunk_by(|a, b| a.0 == b.0) {
            let n = game.first().map_or(0, |(n, ..)| *n);
            let problems: Vec<(&'static str, Problem)> =
                game.iter().map(|(_, s, p)| (*s, p.clone())).collect();
            self.report.game(&self.name, self.index + n, &problems)?;
            reported += 1;
        }
        self.report.summary.add_clean(result.games - reported);
        self.report.summary.bytes += result.bytes as u64;
        self.index += result.games;
        self.read += len as u64;
        Ok(())
    }

    /// Moves the progress bar on (once per block or batch).
    fn progress(&self) {
        self.report
            .progress
            .update(&self.name, self.report.summary.games);
    }

    fn start(&mut self, i: usize) {
        self.report.progress.release_before(i);
        self.report.summary.files += 1;
        self.file = i;
        self.name = self.inputs.get(i).map(Input::name).unwrap_or_default();
        self.index = 0;
        self.read = 0;
        self.skip = false;
    }

    /// The current input could not be opened or read on: says so on standard
    /// error, with the games read before (converted), and counts it; the run
    /// goes on with the next input.
    fn input_failed(&mut self, e: &io::Error) -> io::Result<()> {
        if self.index == 0 && self.read == 0 {
            // Nothing read: `files` counts the inputs read, at least in part.
            self.report.summary.files = self.report.summary.files.saturating_sub(1);
        }
        self.report.unread(&self.name, e, self.index)
    }

    /// Converts input `i` apart from the blocks: a book's move tables, or games
    /// split by the streaming reader.
    fn apart(&mut self, i: usize) -> io::Result<()> {
        let reader = match self.report.progress.open(self.inputs, i) {
            Ok(r) => r,
            Err(e) => return self.input_failed(&e),
        };
        self.stream(GameReader::new(reader), 0)
    }

    /// Converts the rest of input `file` from `at`, where a block was cut inside
    /// a game, with the streaming reader.
    fn resume(&mut self, file: usize, at: ResumePoint) -> io::Result<()> {
        let games = match blocks::resume(self.report.progress, file, at) {
            Ok(games) => games,
            Err(e) => return self.input_failed(&e),
        };
        let first = self.index;
        self.stream(games, first)
    }

    /// Converts the games of a streaming reader (numbered on from `first`) in
    /// batches on the pool, while a thread of its own splits the next ones. A
    /// read error ends the input (reported); only a write error is returned.
    fn stream<R: Read + Send>(&mut self, games: GameReader<R>, first: u64) -> io::Result<()> {
        let (tx, rx) = std::sync::mpsc::sync_channel(2);
        let (converter, pool, jobs) = (self.converter, self.pool, self.jobs);
        let name = self.name.clone();
        let mut lost = None;
        self.index = first;
        let written = std::thread::scope(|scope| -> io::Result<()> {
            scope.spawn(move || {
                let read = batches(games, first, |batch| tx.send(Ok(batch)).is_ok());
                if let Err(e) = read {
                    let _ = tx.send(Err(e));
                }
            });
            for batch in &rx {
                let (batch, bytes) = match batch {
                    Ok(batch) => batch,
                    Err(e) => {
                        lost = Some(e);
                        break;
                    }
                };
                let one = |(i, c): &(u64, Result<GameChunk, GameReadError>)| match c {
                    Ok(c) => converter.game(c),
                    Err(e) => too_large(&name, *i, e),
                };
                let results: Vec<Converted> = if jobs == 1 {
                    batch.iter().map(one).collect()
                } else {
                    pool.install(|| batch.par_iter().map(one).collect())
                };
                for ((i, _), r) in batch.iter().zip(&results) {
                    self.out.write_all(&r.out)?;
                    if r.problems.is_empty() {
                        self.report.summary.add_clean(1);
                    } else {
                        self.report.game(&name, *i, &r.problems)?;
                    }
                    self.index = *i;
                }
                self.report.summary.bytes += bytes as u64;
                self.read += bytes as u64;
                self.progress();
            }
            Ok(())
        });
        written?;
        match lost {
            Some(e) => self.input_failed(&e),
            None => Ok(()),
        }
    }
}
