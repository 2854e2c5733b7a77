//! One verdict per game, whichever asks: `validate`, `convert`, `play` and the
//! library judge (the board crate's `validate_file` example) are run on the same files
//! and every game's verdict is compared (valid or not, and for an invalid game
//! its first error's kind and place).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{rel, release_binary, root, walk};

/// A game's verdict: `None` when valid, else its first error as `line:column kind`.
type Verdict = Option<String>;

/// Every game's verdict from `scoresheet validate --format json`.
fn validate_verdicts(bin: &Path, file: &Path, strict: bool) -> Result<Vec<Verdict>, String> {
    let out = run_on(bin, &["validate", "--format", "json"], file, strict)?;
    let mut verdicts = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value =
            serde_json::from_str(line).map_err(|e| format!("bad JSON line {line:?}: {e}"))?;
        if v.get("summary").is_some() {
            continue;
        }
        let first = v
            .get("errors")
            .and_then(Value::as_array)
            .and_then(|e| e.first());
        verdicts.push(match (v.get("valid").and_then(Value::as_bool), first) {
            (Some(true), _) => None,
            (_, Some(e)) => Some(format!(
                "{}:{} {}",
                e.get("line").and_then(Value::as_u64).unwrap_or(0),
                e.get("column").and_then(Value::as_u64).unwrap_or(0),
                e.get("kind").and_then(Value::as_str).unwrap_or("?")
            )),
            (_, None) => Some("invalid without an error".to_owned()),
        });
    }
    Ok(verdicts)
}

/// The first error `scoresheet convert` reports for each game it refuses, by
/// game number, from its `FILE:LINE:COLUMN: error[KIND]: game N...` lines.
fn convert_errors(bin: &Path, file: &Path, strict: bool) -> Result<BTreeMap<u64, String>, String> {
    let mut cmd = Command::new(bin);
    cmd.args(["convert", "--to", "pgn"]);
    if strict {
        cmd.arg("--strict");
    }
    let out = cmd
        .arg(file)
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    let mut errors = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stderr).lines() {
        let Some((_, rest)) = line.split_once("]: game ") else {
            continue;
        };
        // A valid game that strict PGN has no spelling for (a null move) is
        // refused by the export, not judged otherwise: its verdict is validate's.
        if line.contains("error[no-pgn-spelling]") {
            continue;
        }
        let game: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let (Ok(game), Some(error)) = (game.parse::<u64>(), error_of(line)) {
            errors.entry(game).or_insert(error);
        }
    }
    Ok(errors)
}

/// The first error `scoresheet play --fens` shows for each game, by game number:
/// the `FILE:LINE:COLUMN: error[KIND]: ...` lines after each `Game N` heading.
fn play_errors(bin: &Path, file: &Path, strict: bool) -> Result<BTreeMap<u64, String>, String> {
    let out = run_on(bin, &["play", "--fens"], file, strict)?;
    let mut errors = BTreeMap::new();
    let mut game = 0;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if let Some(n) = line
            .strip_prefix("Game ")
            .and_then(|n| n.parse::<u64>().ok())
        {
            game = n;
        } else if let Some(error) = error_of(line) {
            errors.entry(game).or_insert(error);
        }
    }
    Ok(errors)
}

/// Runs `bin ARGS [--strict] FILE`, standard error dropped.
fn run_on(
    bin: &Path,
    args: &[&str],
    file: &Path,
    strict: bool,
) -> Result<std::process::Output, String> {
    let mut cmd = Command::new(bin);
    cmd.args(args);
    if strict {
        cmd.arg("--strict");
    }
    cmd.arg(file)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))
}

/// `LINE:COLUMN KIND` of a `PATH:LINE:COLUMN: error[KIND]: ...` line.
fn error_of(line: &str) -> Option<String> {
    let (place, rest) = line.split_once(": error[")?;
    let (kind, _) = rest.split_once(']')?;
    let mut parts = place.rsplitn(3, ':');
    let (column, line_no) = (parts.next()?, parts.next()?);
    Some(format!("{line_no}:{column} {kind}"))
}

/// The first error of each invalid game, in order, from the library judge's
/// example program (`PATH:LINE:COLUMN: error[KIND]: ...` lines).
fn library_errors(example: &Path, file: &Path) -> Result<Vec<String>, String> {
    let out = Command::new(example)
        .arg(file)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("could not run {}: {e}", example.display()))?;
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(error_of)
        .collect())
}

/// Builds an example program of the board crate and returns its path.
pub fn board_example(name: &str) -> Result<PathBuf, String> {
    let status = crate::util::cargo()
        .args([
            "build",
            "--quiet",
            "--release",
            "--package",
            "scoresheet-board",
            "--example",
        ])
        .arg(name)
        .status()
        .map_err(|e| format!("could not run cargo build: {e}"))?;
    if !status.success() {
        return Err(format!("building the {name} example failed"));
    }
    Ok(crate::util::target_dir()
        .join("release/examples")
        .join(name))
}

/// Compares the verdicts of `validate`, `convert` and the library judge (its
/// example program) on every file, lenient and strict (the library lenient):
/// how many games were compared, and each disagreement.
pub fn compare(bin: &Path, files: &[PathBuf]) -> Result<(usize, Vec<String>), String> {
    let mut games = 0;
    let mut disagreements = Vec::new();
    let library = board_example("validate_file")?;
    for file in files {
        let verdicts = validate_verdicts(bin, file, false)?;
        let invalid: Vec<String> = verdicts.iter().flatten().cloned().collect();
        let theirs = library_errors(&library, file)?;
        // An input `validate` does not read at all (a binary file) is the CLI's
        // decision about inputs; the library judges whatever reader it is given.
        if !verdicts.is_empty() && invalid != theirs {
            disagreements.push(format!(
                "{}: validate's errors {invalid:?}, the library judge's {theirs:?}",
                rel(file)
            ));
        }
        for strict in [false, true] {
            let validated = validate_verdicts(bin, file, strict)?;
            let mode = if strict { " --strict" } else { "" };
            // `play` reads no input it cannot read whole (a binary file is an
            // error of the run), where `validate` reports it unread.
            let mut others = vec![("convert", convert_errors(bin, file, strict)?)];
            if !validated.is_empty() {
                others.push(("play", play_errors(bin, file, strict)?));
            }
            for (command, mut theirs) in others {
                for (i, verdict) in validated.iter().enumerate() {
                    let game = i as u64 + 1;
                    let their = theirs.remove(&game);
                    games += 1;
                    if *verdict != their {
                        disagreements.push(format!(
                            "{}{mode}: game {game}: validate says {}, {command} says {}",
                            rel(file),
                            verdict.as_deref().unwrap_or("valid"),
                            their.as_deref().unwrap_or("valid")
                        ));
                    }
                }
                for (game, e) in theirs {
                    disagreements.push(format!(
                        "{}{mode}: game {game}: {command} says {e}, validate has no such game",
                        rel(file)
                    ));
                }
            }
        }
    }
    Ok((games, disagreements))
}

/// The PGN files under `dir` (plain and zstd-compressed).
pub fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    walk(dir)
        .into_iter()
        .filter(|p| {
            let s = p.to_string_lossy();
            s.ends_with(".pgn") || s.ends_with(".pgn.zst")
        })
        .collect()
}

/// `cargo xtask verdicts [DIR...]`: `validate` and `convert` agree on every game
/// of every PGN file (default: `fixtures/`, and `../shared/corpus` when present).
pub fn run(args: &[String]) -> Result<(), String> {
    let dirs: Vec<PathBuf> = if args.is_empty() {
        let mut d = vec![root().join("fixtures")];
        let shared = root().join("../shared/corpus");
        if shared.is_dir() {
            d.push(shared);
        } else {
            println!("xtask verdicts: ../shared/corpus not found: fixtures only");
        }
        d
    } else {
        args.iter().map(|a| root().join(a)).collect()
    };
    let bin = release_binary()?;
    let files: Vec<PathBuf> = dirs.iter().flat_map(|d| pgn_files(d)).collect();
    let (games, mut disagreements) = compare(&bin, &files)?;
    disagreements.extend(book_example_disagrees(&bin)?);
    if disagreements.is_empty() {
        println!(
            "xtask verdicts: validate, convert, play and the library judge agree on all {games} \
             game verdicts (lenient and --strict) of {} files",
            files.len()
        );
        return Ok(());
    }
    for d in &disagreements {
        println!("{d}");
    }
    Err(format!(
        "{} of {games} game verdicts differ between validate and convert",
        disagreements.len()
    ))
}

/// The board crate's `book_to_san` example reads a book's table to the same
/// moves as `convert --to san`.
fn book_example_disagrees(bin: &Path) -> Result<Option<String>, String> {
    let book = root().join("fixtures/play/0004_book_compact.desc.txt");
    let example = board_example("book_to_san")?;
    let run = |cmd: &mut Command| {
        cmd.arg(&book)
            .stderr(Stdio::null())
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .map_err(|e| format!("could not run {cmd:?}: {e}"))
    };
    let ours = run(&mut Command::new(&example))?;
    let converted = run(Command::new(bin).args(["convert", "--to", "san", "--moves-only"]))?;
    let moves = |text: &str| -> Vec<String> {
        text.split_whitespace()
            .filter(|t| !t.ends_with('.') && !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
            .map(str::to_owned)
            .collect()
    };
    Ok(
        (moves(&ours) != moves(&converted) || ours.trim().is_empty()).then(|| {
            format!(
                "{}: the book_to_san example gives {:?}, convert --to san {:?}",
                rel(&book),
                ours.trim(),
                converted.trim()
            )
        }),
    )
}
