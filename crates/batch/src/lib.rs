//! The batch engine of scoresheet, shared by every frontend (the `scoresheet`
//! binary, the Python package, the web page and the language server): inputs
//! and the one reader of their bytes, the block pipeline, the `validate` and
//! `convert` runs, their reports, the split into valid and invalid games, and
//! output files.
//!
//! The chess lives in the `scoresheet-notation`, `scoresheet-board` and
//! `scoresheet-convert` crates; this crate wires them to byte streams and
//! formats. A frontend fills an option struct ([`ValidateOptions`],
//! [`ConvertOptions`]) and runs [`validate`] or [`convert`] over its inputs
//! into any writer:
//!
//! ```
//! use scoresheet_batch::{Input, ReportFormat, ValidateOptions};
//! let options = ValidateOptions {
//!     format: ReportFormat::Json,
//!     ..ValidateOptions::default()
//! };
//! let text = b"[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n".to_vec();
//! let inputs = vec![Input::reader("game.pgn", Box::new(std::io::Cursor::new(text)))];
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let outcome = scoresheet_batch::validate(&options, inputs, &mut out, &mut err)?;
//! assert_eq!(outcome, scoresheet_batch::Outcome::Clean);
//! // One JSON line per game, then the summary line.
//! assert_eq!(String::from_utf8(out)?.lines().count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A frontend that holds text in memory (an editor's buffer) asks
//! [`judge_text`] for each game's report directly.

mod binary;
mod blocks;
mod ci;
mod convert;
pub mod decode;
mod games;
mod input;
mod json;
mod line_ends;
mod options;
mod output;
pub mod progress;
pub mod report;
mod split;
mod text;
mod validate;

use std::io::{self, Write};
use std::path::PathBuf;

pub use ci::use_color;
pub use games::{GameRecord, read_games};
pub use input::{Found, Input, SharedReader, Skipped, Walk};
pub use options::{
    ColorChoice, ConvertOptions, ProblemFormat, ReportFormat, Target, ValidateOptions, jobs,
};
pub use output::{
    InputFiles, check_stdout_not_input, remove_temporary_files_and_exit,
    remove_temporary_files_on_signals,
};
pub use progress::{Progress, ProgressView};
pub use report::{At, CleanReport, Collected, GameReport, Problem, printable};
pub use text::judge_text;
pub use validate::{Collect, Range, RangeEnd, ranges, validate_range};

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything was valid.
    Clean,
    /// Some game was invalid or could not be converted.
    Problems,
    /// Some input could not be opened or read to its end (each said on
    /// standard error); the others were read.
    Failed,
}

/// The inputs `paths` name: `-` is standard input, directories are searched
/// for game files (sorted), a path that cannot be read is an input that fails
/// in its turn.
///
/// # Errors
/// `InvalidInput` when nothing is found to read.
pub fn inputs(paths: &[PathBuf]) -> io::Result<Vec<Input>> {
    input::expand_some(paths, &Walk::default()).map(|found| found.inputs)
}

/// [`inputs`], directories walked as `how` says (hidden files, ignore files,
/// globs), with what the walks skipped (a run's summary says it when the
/// options carry it: [`ValidateOptions::skipped`], [`ConvertOptions::skipped`]).
///
/// ```
/// use scoresheet_batch::{Walk, inputs_walked};
/// let dir = std::env::temp_dir().join(format!("walk-doc-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join(".old"))?;
/// std::fs::write(dir.join("a.pgn"), "1. e4 *\n")?;
/// std::fs::write(dir.join(".old/b.pgn"), "1. d4 *\n")?;
/// let found = inputs_walked(&[dir.clone()], &Walk::default())?;
/// assert_eq!((found.inputs.len(), found.skipped.hidden), (1, 1));
/// let all = Walk { hidden: true, ..Walk::default() };
/// assert_eq!(inputs_walked(&[dir.clone()], &all)?.inputs.len(), 2);
/// # std::fs::remove_dir_all(dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// `InvalidInput` when nothing is found to read, or a glob cannot be read.
pub fn inputs_walked(paths: &[PathBuf], how: &Walk) -> io::Result<Found> {
    input::expand_some(paths, how)
}

/// [`inputs`], without the error when nothing is found: the caller adds
/// inputs of its own ([`Input::reader`]).
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    input::expand(paths)
}

/// [`expand`] for a library's callers, who name standard input otherwise
/// (a file object): a path `-` is the file of that name.
pub fn expand_files(paths: &[PathBuf]) -> Vec<Input> {
    input::expand_with(paths, false)
}

/// Runs `validate` over `inputs`: the reports go to `out` in the format
/// asked for, in input order, and what the command says on standard error
/// (an input that cannot be read) to `err`.
///
/// # Errors
/// Writing to `out` or `err` failed (a closed channel ends the run this way),
/// or the options are wrong (`SCORESHEET_BLOCK_BYTES`).
pub fn validate(
    options: &ValidateOptions,
    inputs: Vec<Input>,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> io::Result<Outcome> {
    validate_with(options, &inputs, out, err, &Progress::hidden())
}

/// [`validate`], its progress shown by `progress` (moved on once per block).
///
/// # Errors
/// As [`validate`].
pub fn validate_with(
    options: &ValidateOptions,
    inputs: &[Input],
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
    progress: &Progress,
) -> io::Result<Outcome> {
    validate::run_to(options, inputs, out, err, None, progress)
}

/// [`validate`] for a frontend that takes each game's report as a value
/// rather than as text (the Python package builds its dicts from them):
/// every report `validate --format json` would write (only the invalid games'
/// with [`ValidateOptions::invalid_only`], none with `quiet`) is handed to
/// `each` in input order, with the name of its input as the system knows it
/// (bytes); the summary line, JSON, still goes to `out`. A game valid with
/// nothing to report comes as its facts ([`Collected::Clean`]) rather than a
/// built report; [`Collected::into_report`] makes the report of either.
///
/// ```
/// use scoresheet_batch::{Collected, Input, ValidateOptions};
/// let text = b"1. e4 e5 2. Ke3 *\n\n1. d4 *\n".to_vec();
/// let inputs = vec![Input::reader("g.pgn", Box::new(std::io::Cursor::new(text)))];
/// let mut valid = Vec::new();
/// let mut each = |g: Collected<'_>, name: &[u8]| {
///     assert_eq!(name, b"g.pgn");
///     valid.push(g.into_report().valid);
///     Ok(())
/// };
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let options = ValidateOptions::default();
/// scoresheet_batch::validate_each(&options, &inputs, &mut each, &mut out, &mut err)?;
/// assert_eq!(valid, [false, true]);
/// assert!(String::from_utf8(out)?.starts_with("{\"type\":\"summary\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`validate`]; an error of `each` ends the run with it.
pub fn validate_each<'c>(
    options: &ValidateOptions,
    inputs: &[Input],
    each: &'c mut Collect<'c>,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> io::Result<Outcome> {
    let options = ValidateOptions {
        format: ReportFormat::Json,
        ..options.clone()
    };
    validate::run_collecting(
        &options,
        inputs,
        out,
        err,
        None,
        &Progress::hidden(),
        Some(each),
    )
}

/// Runs `convert` over `inputs`: the converted text goes to `out`, or to
/// the file `options.output` names (written under a temporary name and
/// renamed once complete, never over an input), and the problems of the
/// games to `err`.
///
/// # Errors
/// Writing failed, or the output names an input.
pub fn convert(
    options: &ConvertOptions,
    inputs: Vec<Input>,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> io::Result<Outcome> {
    convert_with(options, &inputs, out, err, &Progress::hidden())
}

/// [`convert`], its progress shown by `progress` (moved on once per block).
///
/// # Errors
/// As [`convert`].
pub fn convert_with(
    options: &ConvertOptions,
    inputs: &[Input],
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
    progress: &Progress,
) -> io::Result<Outcome> {
    convert::run_to(options, inputs, out, err, progress)
}
