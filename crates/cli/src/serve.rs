//! `scoresheet serve`: the page's server (the `scoresheet-serve` crate) with
//! this command's `validate` and `convert` as its judge and exporter, so the
//! page says exactly what the command says, and `-o`'s way of writing a file.

use std::io::{self, Write};
use std::path::Path;

use scoresheet_serve::{Library, Options, Server, open_browser};

use scoresheet_batch::{Input, Outcome, printable};

use crate::args::ServeArgs;
use crate::{Command, parse};

/// The commands of this crate as the page's [`Library`].
#[derive(Debug, Default, Clone, Copy)]
pub struct Commands;

/// Runs a subcommand of this crate on `text` as one input named `name`:
/// what it writes to standard output and to standard error.
fn run_on(argv: &[&str], name: &str, text: &[u8]) -> Result<(Vec<u8>, Vec<u8>), String> {
    let input = Input::reader(name, Box::new(io::Cursor::new(text.to_vec())));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let ran = match parse(argv).map_err(|e| e.to_string())? {
        Command::Validate(args) => {
            scoresheet_batch::validate(&args.options(), vec![input], &mut out, &mut err)
        }
        Command::Convert(args) => {
            scoresheet_batch::convert(&args.options(), vec![input], &mut out, &mut err)
        }
        _ => return Err("not a batch command".to_owned()),
    };
    ran.map_err(|e| e.to_string())?;
    Ok((out, err))
}

impl Library for Commands {
    fn judge(&self, name: &str, text: &[u8]) -> Result<Vec<serde_json::Value>, String> {
        let argv = [
            "validate",
            "--format",
            "json",
            "--jobs",
            "1",
            "--no-progress",
        ];
        let (out, _) = run_on(&argv, name, text)?;
        let mut games = Vec::new();
        for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let value: serde_json::Value =
                serde_json::from_slice(line).map_err(|e| e.to_string())?;
            if value.get("type").and_then(serde_json::Value::as_str) == Some("game") {
                games.push(value);
            }
        }
        Ok(games)
    }

    fn export(&self, text: &[u8], format: &str) -> Result<(String, String), String> {
        let argv = ["convert", "--to", format, "--no-progress"];
        let (out, err) = run_on(&argv, "(page)", text)?;
        Ok((
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
        ))
    }

    fn save(&self, path: &Path, text: &[u8]) -> io::Result<()> {
        crate::fen::write_file(path, text)
    }
}

/// Starts the server, prints its address, opens the browser unless told not
/// to, and answers until interrupted.
pub fn run(args: &ServeArgs) -> io::Result<Outcome> {
    for path in &args.paths {
        if !path.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: not a file that can be opened in the page",
                    path.display()
                ),
            ));
        }
    }
    if !args.host.is_loopback() {
        writeln!(
            io::stderr(),
            "scoresheet: warning: listening on {}, not on loopback: whoever reaches this address \
             with the token can read and save the files given",
            args.host
        )?;
    }
    let options = Options {
        files: args.paths.clone(),
        host: args.host,
        port: args.port,
        token: None,
    };
    let server = Server::bind(options, Box::new(Commands))?;
    let address = server.address();
    // Whoever reads the address may close the pipe after it (`| head -1`):
    // the server goes on.
    let mut out = io::stdout().lock();
    let _ = write!(
        out,
        "scoresheet serve: {address}\n(Ctrl-C stops the server)\n"
    );
    let _ = out.flush();
    drop(out);
    if !args.no_open {
        if let Err(e) = open_browser(&address) {
            writeln!(
                io::stderr(),
                "scoresheet: note: no browser opened ({}): open the address above",
                printable(&e.to_string())
            )?;
        }
    }
    server.run();
    Ok(Outcome::Clean)
}
