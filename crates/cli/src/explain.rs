//! `scoresheet explain`: what a kind of problem means, an example with the
//! report scoresheet gives for it (made by running the example, so it never
//! goes stale), how to fix it and how to allow it. `--list-kinds` lists them.
//!
//! The words are data beside each kind (`Kind::meaning`, `Kind::example`,
//! `Kind::fix` in the notation crate); this module only knows which command
//! shows an example.

use std::io::{self, Cursor, Write};

use scoresheet_batch::{ColorChoice, Input, Outcome};
use scoresheet_notation::{Kind, Severity};

use crate::args::ExplainArgs;
use crate::{Command, parse};

/// The name examples are reported under.
const EXAMPLE: &str = "example";

/// Runs `explain`.
pub fn run(args: &ExplainArgs) -> io::Result<Outcome> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match args.kind {
        Some(kind) => explain(kind, &mut out)?,
        None => list_kinds(&mut out)?,
    }
    out.flush()?;
    Ok(Outcome::Clean)
}

/// Every kind, one a line: name, severity, meaning.
fn list_kinds(out: &mut impl Write) -> io::Result<()> {
    let width = Kind::ALL.iter().map(|k| k.name().len()).max().unwrap_or(0);
    for k in Kind::ALL {
        writeln!(
            out,
            "{:width$}  {:7}  {}",
            k.name(),
            k.severity().to_string(),
            k.meaning()
        )?;
    }
    Ok(())
}

/// One kind explained.
fn explain(kind: Kind, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{kind} ({})\n", kind.severity())?;
    writeln!(out, "{}\n", kind.meaning())?;
    writeln!(out, "Example:")?;
    for line in kind.example().lines() {
        writeln!(out, "    {line}")?;
    }
    if let Some(command) = example_command(kind) {
        writeln!(out, "\n`scoresheet {}` reports:", command.join(" "))?;
        for line in example_report(kind)? {
            writeln!(out, "    {line}")?;
        }
    }
    writeln!(out, "\nHow to fix it: {}", kind.fix())?;
    if kind.severity() == Severity::Error {
        writeln!(
            out,
            "How to allow it: it is always an error; a game with it is invalid."
        )?;
    } else {
        writeln!(
            out,
            "How to allow it: `validate --allow {kind}` drops it; `validate --deny {kind}` makes it an error."
        )?;
    }
    Ok(())
}

/// The command (after `scoresheet`, before the input) whose report shows a
/// kind's example, or `None` for the kinds only a library caller or a huge
/// input meets, whose example is a description.
pub fn example_command(kind: Kind) -> Option<&'static [&'static str]> {
    match kind {
        Kind::UnsupportedNotation
        | Kind::EmptyMove
        | Kind::TagAfterMovetext
        | Kind::SideToMove
        | Kind::GameTooLarge
        | Kind::TooManyDiagnostics => None,
        Kind::Duplicate => Some(&["validate", "--dedup"]),
        // Read leniently, a variation left open is a page cut off (`cut-variation`).
        Kind::UnclosedVariation => Some(&["validate", "--strict"]),
        Kind::WrongOpeningTag => Some(&["validate", "--eco"]),
        Kind::Repaired => Some(&["validate", "--repair"]),
        Kind::TagFixed => Some(&["convert", "--fix-tags", "--to", "pgn"]),
        Kind::UnknownPieceLetter => Some(&["validate", "--lang", "fr"]),
        Kind::WrongNotation => Some(&["convert", "--from", "san", "--to", "pgn"]),
        Kind::NoDescriptiveSpelling => Some(&["convert", "--to", "descriptive"]),
        Kind::NoPgnSpelling => Some(&["convert", "--to", "pgn"]),
        _ => Some(&["validate"]),
    }
}

/// The lines of the report that `example_command` gives the kind's
/// example (notes included, no summary, no colour).
///
/// # Errors
/// Only what the report's writers give (they write to memory).
pub fn example_report(kind: Kind) -> io::Result<Vec<String>> {
    let Some(command) = example_command(kind) else {
        return Ok(Vec::new());
    };
    // The Latin-1 example is about bytes that are not UTF-8.
    let bytes: Vec<u8> = if kind == Kind::Latin1 {
        kind.example()
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
            .collect()
    } else {
        kind.example().as_bytes().to_vec()
    };
    let mut argv: Vec<&str> = command.to_vec();
    argv.extend(["--no-progress", "--notes", "-"]);
    let input = Input::reader(EXAMPLE, Box::new(Cursor::new(bytes)));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    match parse(argv).map_err(|e| io::Error::other(e.to_string()))? {
        Command::Validate(args) => {
            let mut options = args.options();
            options.color = ColorChoice::Never;
            scoresheet_batch::validate(&options, vec![input], &mut out, &mut err)?;
        }
        Command::Convert(args) => {
            scoresheet_batch::convert(&args.options(), vec![input], &mut io::sink(), &mut err)?;
        }
        _ => return Ok(Vec::new()),
    }
    let text = String::from_utf8_lossy(&out).into_owned() + &String::from_utf8_lossy(&err);
    let prefix = format!("{EXAMPLE}:");
    Ok(text
        .lines()
        .filter(|l| l.starts_with(&prefix))
        .map(str::to_owned)
        .collect())
}
