//! The `scoresheet` command-line tool: thin wiring of the scoresheet libraries.
//!
//! `main` parses the arguments and hands them to [`run`], which returns the exit
//! code: 0 success, 1 some game invalid or unconvertible, 2 usage or I/O error.
//! A closed output pipe ends the run quietly.

mod args;
mod blocks;
mod books;
mod convert;
mod fen;
mod input;
mod perft;
mod play;
mod report;
mod validate;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};

/// How a subcommand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Everything was valid.
    Clean,
    /// Some game was invalid or could not be converted.
    Problems,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli)
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
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "scoresheet: error: {e}");
            ExitCode::from(2)
        }
    }
}
