//! The `scoresheet` command-line tool: thin wiring of the scoresheet libraries.
//!
//! `main` parses the arguments and hands them to [`scoresheet_cli::run`],
//! which returns the exit code: 0 success, 1 some game invalid or
//! unconvertible, 2 usage or I/O error. A closed output pipe ends the run quietly.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use scoresheet_cli::{Cli, run};

fn main() -> ExitCode {
    // An interrupted run removes its temporary output files and ends with
    // 128 and the signal's number; without the handlers it would end at once.
    if let Err(e) = scoresheet_batch::remove_temporary_files_on_signals() {
        let _ = writeln!(io::stderr(), "scoresheet: warning: signals: {e}");
    }
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
