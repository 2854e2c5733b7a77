//! The `scoresheet` command: its arguments (clap) and how each subcommand is
//! run and its outcome made an exit code. The batch work (inputs, the block
//! pipeline, reports, output files) is the `scoresheet-batch` library's;
//! this crate turns arguments into its options in one place
//! ([`ValidateArgs::options`], [`ConvertArgs::options`]) and draws the
//! progress bar.
//!
//! ```no_run
//! use scoresheet_cli::{Command, parse};
//! let Command::Validate(args) = parse(["validate", "--format", "json", "games.pgn"])? else {
//!     unreachable!()
//! };
//! let inputs = scoresheet_batch::inputs(&args.paths)?;
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! scoresheet_batch::validate(&args.options(), inputs, &mut out, &mut err)?;
//! // `out` holds one JSON line per game, then the summary line.
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod args;
mod bar;
mod decode;
pub mod explain;
mod fen;
mod perft;
mod play;
mod serve;

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

pub use args::{Cli, Command, ConvertArgs, ServeArgs, ValidateArgs, WalkArgs};
use scoresheet_batch::{Outcome, ProblemFormat, ReportFormat, printable};
pub use serve::Commands;

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

/// Runs `validate` as the command line asks: its paths, standard output and
/// error, the bar on a terminal.
fn validate(args: &ValidateArgs) -> io::Result<Outcome> {
    let mut options = args.options();
    let found = scoresheet_batch::inputs_walked(&args.paths, &args.walk.walk())?;
    let inputs = found.inputs;
    options.skipped = found.skipped;
    scoresheet_batch::check_stdout_not_input(&inputs)?;
    let machine = options.format != ReportFormat::Human;
    let progress = bar::progress(
        &inputs,
        bar::shown(args.no_progress, options.quiet || machine),
    );
    scoresheet_batch::validate_with(
        &options,
        &inputs,
        &mut io::stdout(),
        &mut io::stderr(),
        &progress,
    )
}

/// Runs `convert` as the command line asks.
fn convert(args: &ConvertArgs) -> io::Result<Outcome> {
    let mut options = args.options();
    let found = scoresheet_batch::inputs_walked(&args.paths, &args.walk.walk())?;
    let inputs = found.inputs;
    options.skipped = found.skipped;
    if options.output.is_none() {
        scoresheet_batch::check_stdout_not_input(&inputs)?;
    }
    // The bar only when the converted text does not go to the terminal too.
    let to_file = options.output.is_some() || !io::stdout().is_terminal();
    let quiet = options.quiet || options.format == ProblemFormat::Json || !to_file;
    let progress = bar::progress(&inputs, bar::shown(args.no_progress, quiet));
    scoresheet_batch::convert_with(
        &options,
        &inputs,
        &mut io::stdout(),
        &mut io::stderr(),
        &progress,
    )
}

/// Serves the language server on standard input and output until `exit`.
fn lsp() -> ExitCode {
    let stdin = io::stdin();
    match scoresheet_lsp::run(stdin.lock(), io::stdout().lock()) {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(e) => {
            let _ = writeln!(io::stderr(), "scoresheet lsp: error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Runs one command of the binary and maps its outcome to the exit code: 0
/// success, 1 some game invalid or unconvertible, 2 usage or I/O error. A
/// closed output pipe ends the run quietly.
pub fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Validate(a) => validate(&a),
        Command::Play(a) => play::run(&a),
        Command::Fen(a) => fen::run(&a),
        Command::Perft(a) => perft::run(&a),
        Command::Convert(a) => convert(&a),
        Command::Decode(a) => decode::run(&a),
        Command::Serve(a) => serve::run(&a),
        Command::Lsp(_) => return lsp(),
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
