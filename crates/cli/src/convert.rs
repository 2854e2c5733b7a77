//! `scoresheet convert`: resolve every game and write it in another notation.
//!
//! Files are read in blocks, each split into games and converted on one of the
//! workers ([`blocks::run`]), and written in input order into one buffered
//! output. Standard input, a book's move tables, and the rest of a file whose
//! block was cut inside a game are split by the streaming reader on a thread of
//! its own (memory bounded by the largest game and three batches) and converted
//! in batches on all cores. A game that cannot be converted is
//! reported on standard error (`file:line:column`, the move, the reason, the
//! candidates) and left out; the others are written. Warnings go to standard
//! error too (`--strict` makes them errors).

use std::io::{self, Read, Write};

use rayon::prelude::*;

use scoresheet_board::quick::QuickLane;
use scoresheet_board::replay::{ReplayOptions, replay_book_game};
use scoresheet_board::told::parse_game_told;
use scoresheet_convert::book::{book_to_pgn, write_descriptive};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter};
use scoresheet_convert::game::{resolve_quick, resolve_quick_prefix};
use scoresheet_convert::{Format, Notation, Options, ResolvedGame, resolve_game, write_in};
use scoresheet_notation::desc::read_books;
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::{
    Block, BlockEnd, BlockGames, Game, GameChunk, GameReadError, GameReader, ResumePoint,
};
use scoresheet_notation::{Diagnostic, LineIndex, Mode};

use crate::Outcome;
use crate::args::{ConvertArgs, FromArg, KnightArg, StyleArg, ToArg};
use crate::blocks::{self, Item, Opened};
use crate::books;
use crate::input::Input;
use crate::input::{batches, expand_some};
use crate::output::{OutputFile, check_not_input};
use crate::report::{Origin, Problem, human_line, printable, problem};

/// What every worker needs to convert a game.
#[derive(Debug, Clone)]
struct Converter {
    format: Output,
    options: Options,
    /// `--notes`: report the notes too.
    notes: bool,
    /// `--repair`: misprints in book tables read as their clearly best suggestion.
    repair: bool,
    /// The piece letters of SAN and LAN output.
    lang: Language,
}

impl Converter {
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

/// One game converted: its output, and what to say about it on standard error.
#[derive(Debug, Default)]
struct Converted {
    out: Vec<u8>,
    messages: String,
    failed: bool,
}

/// A game's problems to report: severity and problem.
type Problems = Vec<(&'static str, Problem)>;

/// The games of one block, converted.
struct ConvertedBlock {
    /// Their output, in order.
    out: Vec<u8>,
    /// Their problems, by game number within the block.
    problems: Vec<(u64, &'static str, Problem)>,
    /// Games in the block.
    games: u64,
    /// Some game could not be converted.
    failed: bool,
    end: BlockEnd,
}

impl Converter {
    /// Converts one game read by the streaming reader.
    fn game(&self, file: &str, index: u64, chunk: &GameChunk) -> Converted {
        // Most games of a database have nothing to report and nothing but tags
        // and moves: the quick lane reads them without parsing them into tokens.
        let mut lane = LANE.take();
        let quick = resolve_quick(&chunk.bytes, &mut lane, &self.options);
        LANE.set(lane);
        let mut done = Converted::default();
        done.out.reserve(chunk.bytes.len() + 256);
        let origin = Origin {
            line: chunk.line,
            column: chunk.column,
        };
        let mut problems = Problems::new();
        match quick {
            Some(resolved) => {
                located(
                    &mut problems,
                    "warning",
                    &resolved.warnings,
                    &chunk.bytes,
                    origin,
                    None,
                );
                done.failed = self.emit(
                    &resolved,
                    &chunk.bytes,
                    origin,
                    &mut done.out,
                    &mut problems,
                );
            }
            None => done.failed = self.full(&chunk.bytes, origin, &mut done.out, &mut problems),
        }
        for (severity, p) in &problems {
            done.messages
                .push_str(&human_line(file, index, severity, p));
            done.messages.push('\n');
        }
        done
    }

    /// Splits a block into games and converts each (the quick lane reading each
    /// game whole where it can, without the splitter).
    fn block(&self, block: &Block) -> ConvertedBlock {
        let mut lane = LANE.take();
        let mut split = BlockGames::new(block);
        let mut done = ConvertedBlock {
            out: Vec::with_capacity(block.bytes.len() + block.bytes.len() / 4),
            problems: Vec::new(),
            games: 0,
            failed: false,
            end: BlockEnd::Clean,
        };
        let mut problems = Problems::new();
        while let Some(g) =
            split.next_game(|rest| resolve_quick_prefix(rest, &mut lane, &self.options))
        {
            done.games += 1;
            let bytes = &block.bytes[g.start..g.end];
            match g.quick {
                Some(resolved) if resolved.warnings.is_empty() => {
                    let mark = done.out.len();
                    if self.write(&resolved, &mut done.out).is_ok() {
                        continue;
                    }
                    // Not written after all: the full path reports why.
                    done.out.truncate(mark);
                    let (line, column) = split.line_col(g.start);
                    let origin = Origin { line, column };
                    done.failed |= self.full(bytes, origin, &mut done.out, &mut problems);
                }
                Some(resolved) => {
                    // Lines are counted only as far as a game needs them.
                    let (line, column) = split.line_col(g.start);
                    let origin = Origin { line, column };
                    located(
                        &mut problems,
                        "warning",
                        &resolved.warnings,
                        bytes,
                        origin,
                        None,
                    );
                    done.failed |=
                        self.emit(&resolved, bytes, origin, &mut done.out, &mut problems);
                }
                None => {
                    let (line, column) = split.line_col(g.start);
                    let origin = Origin { line, column };
                    done.failed |= self.full(bytes, origin, &mut done.out, &mut problems);
                }
            }
            let n = done.games;
            done.problems
                .extend(problems.drain(..).map(|(severity, p)| (n, severity, p)));
        }
        LANE.set(lane);
        done.end = split.end().unwrap_or(BlockEnd::Clean);
        done
    }

    /// Parses, resolves and writes one game (`bytes`, which start at `origin`
    /// in the file) in full; its warnings and error go to `problems`. Whether it
    /// could not be converted (then nothing is written).
    fn full(
        &self,
        bytes: &[u8],
        origin: Origin,
        out: &mut Vec<u8>,
        problems: &mut Problems,
    ) -> bool {
        let mode = if self.options.strict {
            Mode::Strict
        } else {
            Mode::Lenient
        };
        // Each worker thread parses into the same game, so its token and tag
        // vectors grow once rather than for every game.
        let mut game = GAME.take().recycle();
        parse_game_told(&mut game, bytes, 0, mode, self.options.lang);
        let failed = match resolve_game(&game, &self.options) {
            Ok(resolved) => {
                located(problems, "warning", &resolved.warnings, bytes, origin, None);
                if self.notes {
                    located(problems, "note", &resolved.notes, bytes, origin, None);
                }
                self.emit(&resolved, bytes, origin, out, problems)
            }
            Err(e) => {
                located(problems, "warning", &e.warnings, bytes, origin, None);
                if self.notes {
                    located(problems, "note", &e.notes, bytes, origin, None);
                }
                let error = core::slice::from_ref(&e.error);
                located(problems, "error", error, bytes, origin, e.move_span);
                true
            }
        };
        GAME.set(game.recycle());
        failed
    }
}

impl Converter {
    /// Writes a resolved game in the output's notation, or says why it cannot be
    /// (a null move has no descriptive spelling).
    fn write(&self, resolved: &ResolvedGame<'_>, out: &mut Vec<u8>) -> Result<(), Diagnostic> {
        match self.format {
            Output::Standard(f) => {
                write_in(resolved, f, self.lang, out);
                Ok(())
            }
            Output::Descriptive(style) => write_descriptive(resolved, &style, out),
        }
    }

    /// Writes a resolved game (`bytes`, which start at `origin`); a game that
    /// cannot be written is an error in `problems`. Whether it could not be.
    fn emit(
        &self,
        resolved: &ResolvedGame<'_>,
        bytes: &[u8],
        origin: Origin,
        out: &mut Vec<u8>,
        problems: &mut Problems,
    ) -> bool {
        match self.write(resolved, out) {
            Ok(()) => false,
            Err(d) => {
                located(problems, "error", &[d], bytes, origin, None);
                true
            }
        }
    }
}

thread_local! {
    /// The parsed game of this thread, kept between games for its buffers.
    static GAME: std::cell::Cell<Game<'static>> = std::cell::Cell::new(Game::default());
    /// The quick lane of this thread, kept between games for its buffer.
    static LANE: std::cell::Cell<QuickLane> = std::cell::Cell::new(QuickLane::default());
}

/// Appends the diagnostics of a game (`bytes`, which start at `origin` in the
/// file) to `problems`, located in the file; the text of an error's move is
/// the move's (`move_span`) when given.
fn located(
    problems: &mut Problems,
    severity: &'static str,
    diags: &[Diagnostic],
    bytes: &[u8],
    origin: Origin,
    move_span: Option<scoresheet_notation::Span>,
) {
    if diags.is_empty() {
        return;
    }
    let lines = LineIndex::new(bytes);
    for d in diags {
        let mut p: Problem = problem(d, bytes, &[], None, &lines, origin);
        if let Some(span) = move_span {
            let raw = span.slice(bytes);
            p.text = scoresheet_notation::text::decode(&raw[..raw.len().min(80)]).into_owned();
        }
        problems.push((severity, p));
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
        fix_results: converter.options.fix_results,
        repair: converter.repair,
        ..ReplayOptions::default()
    };
    let mut failed = false;
    for (n, book) in read_books(text).iter().enumerate() {
        let game_no = n as u64 + 1;
        let r = replay_book_game(
            book,
            crate::books::start_for(book, converter.options.start.as_ref()),
            &options,
            None,
        );
        for d in &r.diagnostics {
            let severity = match d.severity {
                scoresheet_notation::Severity::Error => "error",
                scoresheet_notation::Severity::Warning => "warning",
                scoresheet_notation::Severity::Note if converter.notes => "note",
                scoresheet_notation::Severity::Note => continue,
            };
            let p = problem(d, text, &r.written, r.failed, &index, origin);
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
        // The table was read as descriptive notation; the PGN made from it is SAN.
        let plain = Converter {
            options: Options {
                from: None,
                ..converter.options.clone()
            },
            ..converter.clone()
        };
        let done = plain.game(name, game_no, &chunk);
        out.write_all(&done.out)?;
        err.write_all(done.messages.as_bytes())?;
        failed |= done.failed;
    }
    Ok(failed)
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> io::Result<Outcome> {
    let inputs = expand_some(&args.paths)?;
    run_to(args, &inputs, &mut io::stdout(), &mut io::stderr())
}

/// Runs `convert` over `inputs`, the text to `out` (unless `--output` names a
/// file) and the problems of the games to `err`.
pub(crate) fn run_to(
    args: &ConvertArgs,
    inputs: &[Input],
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> io::Result<Outcome> {
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
    let from = match args.from {
        FromArg::Auto => None,
        FromArg::San => Some(Notation::San),
        FromArg::Lan => Some(Notation::Lan),
        FromArg::Uci => Some(Notation::Uci),
        FromArg::Descriptive => Some(Notation::Descriptive),
    };
    let converter = Converter {
        repair: args.repair,
        format,
        options: Options {
            from,
            strict: args.strict,
            fix_results: args.fix_results,
            lang: args.read_lang,
            start: args.fen.clone(),
        },
        notes: args.notes,
        lang: args.lang.unwrap_or(Language::English),
    };
    blocks::env_block_bytes()?;
    let jobs = std::thread::available_parallelism().map_or(1, usize::from);
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
        err,
        pool: &pool,
        jobs,
        out: io::BufWriter::with_capacity(1 << 16, sink),
        file: usize::MAX,
        name: String::new(),
        index: 0,
        skip: false,
        failed: false,
        unread: 0,
    };
    blocks::run(
        inputs,
        jobs,
        |input| open_for_blocks(input, converter.books()),
        |_, block| converter.block(block),
        |item| writer.take(item),
    )?;
    // Only a complete output gets its final name.
    if let Sink::File(file) = writer
        .out
        .into_inner()
        .map_err(io::IntoInnerError::into_error)?
    {
        file.commit()?;
    }
    Ok(if writer.unread > 0 {
        Outcome::Failed
    } else if writer.failed {
        Outcome::Problems
    } else {
        Outcome::Clean
    })
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

/// Opens an input for the block workers: files of PGN are read in blocks;
/// standard input, pipes (opened and read only once, apart) and a book's move
/// tables (when `books`: the input notation allows them) are converted apart,
/// in their turn.
fn open_for_blocks(input: &Input, books: bool) -> io::Result<Opened> {
    if input.streams() {
        return Ok(Opened::Apart);
    }
    let mut reader = input.open()?;
    let (head, book) = books::read_head(&mut reader)?;
    Ok(if book && books {
        Opened::Apart
    } else {
        Opened::Blocks(Box::new(io::Cursor::new(head).chain(reader)))
    })
}

/// Writes the converted games in input order, and converts the inputs that are
/// not read in blocks.
struct Writer<'a> {
    converter: &'a Converter,
    inputs: &'a [Input],
    /// Where the problems of the games go.
    err: &'a mut (dyn Write + Send),
    pool: &'a rayon::ThreadPool,
    jobs: usize,
    out: io::BufWriter<Sink<'a>>,
    /// The input being written: its index and name.
    file: usize,
    name: String,
    /// Games of the input written so far.
    index: u64,
    /// The rest of the input was converted by the streaming reader from where a
    /// block was cut inside a game: its remaining blocks are dropped.
    skip: bool,
    /// Some game could not be converted.
    failed: bool,
    /// Inputs that could not be opened or read to their end.
    unread: u64,
}

impl Writer<'_> {
    /// Takes what the block workers hand on, in input order.
    fn take(&mut self, item: Item<ConvertedBlock>) -> io::Result<()> {
        match item {
            Item::Block {
                file,
                first,
                result,
                ..
            } => {
                if first {
                    self.start(file);
                }
                if self.skip {
                    return Ok(());
                }
                self.out.write_all(&result.out)?;
                if !result.problems.is_empty() {
                    for (n, severity, p) in &result.problems {
                        writeln!(
                            self.err,
                            "{}",
                            human_line(&self.name, self.index + n, severity, p)
                        )?;
                    }
                }
                self.failed |= result.failed;
                self.index += result.games;
                if let BlockEnd::Unfinished(at) = result.end {
                    self.skip = true;
                    self.resume(file, at)?;
                }
                Ok(())
            }
            Item::Apart(i) => {
                self.start(i);
                self.apart(i)
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

    fn start(&mut self, i: usize) {
        self.file = i;
        self.name = self.inputs.get(i).map(Input::name).unwrap_or_default();
        self.index = 0;
        self.skip = false;
    }

    /// The current input could not be opened or read on: says so on standard
    /// error, with the games read before (converted), and counts it; the run
    /// goes on with the next input.
    fn input_failed(&mut self, e: &io::Error) -> io::Result<()> {
        self.unread += 1;
        let (name, e) = (printable(&self.name), printable(&e.to_string()));
        let err = &mut *self.err;
        if self.index > 0 {
            writeln!(
                err,
                "scoresheet: error: {name}: {e} (after {} {})",
                self.index,
                if self.index == 1 { "game" } else { "games" }
            )
        } else {
            writeln!(err, "scoresheet: error: {name}: {e}")
        }
    }

    /// Converts input `i` apart from the blocks: a book's move tables, or games
    /// split by the streaming reader.
    fn apart(&mut self, i: usize) -> io::Result<()> {
        let Some(input) = self.inputs.get(i) else {
            return Ok(());
        };
        let mut reader = match input.open() {
            Ok(r) => r,
            Err(e) => return self.input_failed(&e),
        };
        let (mut head, book) = match books::read_head(&mut reader) {
            Ok(read) => read,
            Err(e) => return self.input_failed(&e),
        };
        if book && self.converter.books() {
            // Book tables are read whole: one larger than that is refused, never cut.
            if let Err(e) = books::read_rest(&mut head, &mut reader) {
                return self.input_failed(&e);
            }
            self.failed |= convert_books(
                self.converter,
                &self.name,
                &head,
                &mut self.out,
                &mut self.err,
            )?;
            return Ok(());
        }
        self.stream(GameReader::new(io::Cursor::new(head).chain(reader)), 0)
    }

    /// Converts the rest of input `file` from `at`, where a block was cut inside
    /// a game, with the streaming reader.
    fn resume(&mut self, file: usize, at: ResumePoint) -> io::Result<()> {
        let Some(input) = self.inputs.get(file) else {
            return Ok(());
        };
        let games = match blocks::resume(input, at) {
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
        let (converter, name, pool, jobs) = (self.converter, &self.name, self.pool, self.jobs);
        let mut last = first;
        let mut lost = None;
        let written = std::thread::scope(|scope| -> io::Result<()> {
            scope.spawn(move || {
                let read = batches(games, first, |batch| tx.send(Ok(batch.0)).is_ok());
                if let Err(e) = read {
                    let _ = tx.send(Err(e));
                }
            });
            for batch in &rx {
                let batch = match batch {
                    Ok(batch) => batch,
                    Err(e) => {
                        lost = Some(e);
                        break;
                    }
                };
                last = batch.last().map_or(last, |(i, _)| *i);
                let one = |(i, c): &(u64, Result<GameChunk, GameReadError>)| match c {
                    Ok(c) => converter.game(name, *i, c),
                    Err(e) => too_large(name, *i, e),
                };
                let results: Vec<Converted> = if jobs == 1 {
                    batch.iter().map(one).collect()
                } else {
                    pool.install(|| batch.par_iter().map(one).collect())
                };
                for r in &results {
                    self.out.write_all(&r.out)?;
                    if !r.messages.is_empty() {
                        self.err.write_all(r.messages.as_bytes())?;
                    }
                    self.failed |= r.failed;
                }
            }
            Ok(())
        });
        self.index = last;
        written?;
        match lost {
            Some(e) => self.input_failed(&e),
            None => Ok(()),
        }
    }
}
