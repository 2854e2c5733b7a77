//! The library behind the `scoresheet` command: its subcommands with their
//! inputs, threads, ordering and output formats, for frontends that want
//! exactly what the command does (the Python package calls it).
//!
//! The chess lives in the `scoresheet-notation`, `scoresheet-board` and
//! `scoresheet-convert` crates; this crate only wires them to files and
//! formats, as the binary shows them. [`validate`] and [`convert`] run a
//! subcommand into any writer, with the same arguments as the command line:
//!
//! ```no_run
//! use scoresheet_cli::{Command, Input, parse};
//! let Command::Validate(args) = parse(["validate", "--format", "json", "games.pgn"])? else {
//!     unreachable!()
//! };
//! let inputs = scoresheet_cli::inputs(&args.paths)?;
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! scoresheet_cli::validate(&args, inputs, &mut out, &mut err)?;
//! // `out` holds one JSON line per game, then the summary line.
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod args;
mod blocks;
mod books;
mod ci;
mod convert;
pub mod explain;
mod fen;
mod games;
mod input;
mod output;
mod perft;
mod play;
mod progress;
mod report;
mod split;
mod validate;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

pub use args::{Cli, Command, ConvertArgs, ValidateArgs};
pub use games::{GameRecord, read_games};
pub use input::{Input, SharedReader};
pub use validate::{Range, RangeEnd, ranges, validate_range};

use report::printable;

/// How a subcommand ended.
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

/// Parses the arguments of one subcommand, as the command line gives them
/// after `scoresheet` (`["validate", "--strict", "a.pgn"]`).
///
/// # Errors
/// A usage error, with clap's message (`to_string` renders it).
pub fn parse<I, T>(args: I) -> Result<Command, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    use clap::Parser as _;
    let argv =
        std::iter::once(OsString::from("scoresheet")).chain(args.into_iter().map(Into::into));
    Cli::try_parse_from(argv).map(|cli| cli.command)
}

/// The inputs the command line's paths name: `-` is standard input, directories
/// are searched for game files (sorted), a path that cannot be read is an input
/// that fails in its turn.
///
/// # Errors
/// `InvalidInput` when nothing is found to read.
pub fn inputs(paths: &[PathBuf]) -> io::Result<Vec<Input>> {
    input::expand_some(paths)
}

/// [`inputs`], without the error when nothing is found: the caller adds
/// inputs of its own ([`Input::reader`]).
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    input::expand(paths)
}

/// Runs `scoresheet validate` over `inputs` (the command's `paths` are not
/// read): the reports go to `out` in the format asked for, in input order, and
/// what the command says on standard error (an input that cannot be read) to `err`.
///
/// # Errors
/// Writing to `out` or `err` failed (a closed channel ends the run this way),
/// or the options are wrong (`SCORESHEET_BLOCK_BYTES`).
pub fn validate(
    args: &ValidateArgs,
    inputs: Vec<Input>,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> io::Result<Outcome> {
    validate::run_to(args, &inputs, out, err, None, &progress::Progress::hidden())
}

/// Runs `scoresheet convert` over `inputs` (the command's `paths` are not
/// read): the converted text goes to `out`, or to the file `--output` names
/// (written under a temporary name and renamed once complete, never over an
/// input), and the problems of the games, as the command prints them, to `err`.
///
/// # Errors
/// Writing failed, or `--output` names an input.
pub fn convert(
    args: &ConvertArgs,
    inputs: Vec<Input>,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> io::Result<Outcome> {
    convert::run_to(args, &inputs, out, err, &progress::Progress::hidden())
}

/// Runs one command of the binary and maps its outcome to the exit code: 0
/// success, 1 some game invalid or unconvertible, 2 usage or I/O error. A
/// closed output pipe ends the run quietly.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Validate(a) => validate::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Fen(a) => fen::run(&a),
        Command::Perft(a) => perft::run(&a),
        Command::Convert(a) => convert::run(&a),
        Command::Explain(a) => explain::run(&a),
    };
    match result {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Problems) => ExitCode::from(1),
        Ok(Outcome::Failed) => ExitCode::from(2),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(
                io::stderr(),
                "scoresheet: error: {}",
                printable(&e.to_string())
            );
            ExitCode::from(2)
        }
    }
}
