//! The `scoresheet` command-line tool: thin wiring of the scoresheet libraries.
//!
//! `main` parses the arguments and hands them to [`run`], which returns the exit
//! code: 0 success, 1 some game invalid or unconvertible, 2 usage or I/O error.
//! A closed output pipe ends the run quietly.

mod args;
mod blocks;
mod books;
mod ci;
mod convert;
mod fen;
mod input;
mod output;
mod perft;
mod play;
mod report;
mod split;
mod validate;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
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

fn main() -> ExitCode {
    match Cli::try_parse() {
        Ok(cli) => run(cli),
        Err(e) => {
            // Help, version or a usage error; output that cannot be written
            // (`--help > /dev/full`) is an I/O error like any other.
            let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
            let written = e.print().and_then(|()| io::stdout().flush());
            match written {
                Ok(()) => code,
                Err(w) if w.kind() == io::ErrorKind::BrokenPipe => code,
                Err(w) => {
                    let _ = writeln!(io::stderr(), "scoresheet: error: {w}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// Runs one command and maps its outcome to the exit code.
fn run(cli: Cli) -> ExitCode {
    let result = match cli.command {
        Command::Validate(a) => validate::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Fen(a) => fen::run(&a),
        Command::Perft(a) => perft::run(&a),
        Command::Convert(a) => convert::run(&a),
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
