//! `cargo xtask books`: how well books' game scores are read, game by game, against
//! their true moves. Per book (a directory) of the descriptive corpus
//! (`../shared/desc/corpus`, skipped with a message when absent) and of our own
//! collection (`fixtures/books/tuning` and `fixtures/books/held-out`), each game is:
//!
//! - **exact**: converted, to the true moves;
//! - **located**: refused at the ply its book misprinted (a `Misprint` tag in the
//!   true game gives the printed ply that is wrong);
//! - **refused**: refused elsewhere, or not found at all (the text split into
//!   other games);
//! - **silently wrong**: converted to moves that are not the game's, with no
//!   warning (nothing tells the user, and `--strict` accepts it);
//! - **wrong, warned**: converted to moves that are not the game's, with a
//!   warning (`--strict` refuses it: the user is told to look).
//!
//! A score is a text file (`NAME.desc.txt` in the corpus, `NAME.txt` in ours) beside
//! its true moves in PGN (`NAME.san.pgn`; the corpus's `NAME.literal.san.pgn`, the
//! text read as printed, where there is one), one game each in the order of the
//! text. Games are read by the `scoresheet` binary (`validate --format json` for the
//! verdict and the ply of the first error, `convert --to uci` for the moves), so the
//! figures are what a user gets.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::util::{debug_binary, rel, root, walk};

/// Misprints of the descriptive corpus with no legal reading, by file: the ply
/// (`blue-book/DISCREPANCIES.md`: BB11 4... and BB12 22..., printed vaguely).
const CORPUS_MISPRINTS: &[(&str, u64)] = &[
    ("blue-book/BB11.desc.txt", 8),
    ("blue-book/BB12.desc.txt", 44),
];

/// The counts of one book (or of all).
#[derive(Default, Clone, Copy)]
struct Counts {
    games: usize,
    exact: usize,
    located: usize,
    refused: usize,
    wrong: usize,
    /// Converted to moves that are not the game's, with a warning.
    warned: usize,
    /// Games read from a text that hold no true game (prose read as a game): each
    /// also counts as wrong (silently, or warned) when it was converted with moves.
    spurious: usize,
}

impl Counts {
    fn add(&mut self, o: Counts) {
        self.games += o.games;
        self.exact += o.exact;
        self.located += o.located;
        self.refused += o.refused;
        self.wrong += o.wrong;
        self.warned += o.warned;
        self.spurious += o.spurious;
    }

    fn row(&self, name: &str) -> String {
        let pct = if self.games == 0 {
            "-".to_owned()
        } else {
            format!("{:.0}%", 100.0 * self.exact as f64 / self.games as f64)
        };
        format!(
            "| {name} | {} | {} | {pct} | {} | {} | {} | {} | {} |",
            self.games,
            self.exact,
            self.located,
            self.refused,
            self.wrong,
            self.spurious,
            self.warned
        )
    }
}

/// What the reader made of one game of a text.
struct Read {
    /// The moves in UCI, when the game was converted.
    moves: Option<Vec<String>>,
    /// The ply of the first error, when refused.
    error_ply: Option<u64>,
    /// The first error's line and message, for the report.
    error: String,
    /// Whether the game has a warning (so `--strict` refuses it).
    warned: bool,
}

/// One true game: its moves, and the printed ply its book misprinted, if any.
struct Truth {
    moves: Vec<String>,
    misprint: Option<u64>,
}

/// The moves of a `convert --to uci` line, the result dropped.
fn uci_moves(line: &str) -> Vec<String> {
    let mut moves: Vec<String> = line
        .split_whitespace()
        .filter(|w| !matches!(*w, "*" | "1-0" | "0-1" | "1/2-1/2"))
        .map(str::to_owned)
        .collect();
    // A null move at the end stands for the moves a note gives in words (`And Black
    // mates in two moves`, the corpus's transcriber writes `--`): no printed move.
    while moves.last().is_some_and(|m| m == "0000") {
        moves.pop();
    }
    moves
}

/// Runs the binary; its standard output whatever the exit code (a refused game is a
/// result here), failing only when it could not run or exited with 2 or worse.
fn run_bin(bin: &Path, args: &[&str], file: &Path) -> Result<String, String> {
    let out = Command::new(bin)
        .args(args)
        .arg(file)
        .env("SCORESHEET_NO_PROGRESS", "1")
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    match out.status.code() {
        Some(0 | 1) => Ok(String::from_utf8_lossy(&out.stdout).into_owned()),
        other => Err(format!(
            "{} {} {}: exit {other:?}: {}",
            bin.display(),
            args.join(" "),
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

/// The games of `file` as the binary reads them: each game's verdict from
/// `validate --format json`, the moves of the valid ones from `convert --to uci`
/// (one line per converted game, in order).
fn read_file(bin: &Path, file: &Path) -> Result<Vec<(Read, Value)>, String> {
    let reports = run_bin(bin, &["validate", "--format", "json"], file)?;
    let converted = run_bin(bin, &["convert", "-q", "--moves-only", "--to", "uci"], file)?;
    let mut lines = converted.lines().filter(|l| !l.trim().is_empty());
    let mut out = Vec::new();
    for report in reports.lines() {
        let Ok(v) = serde_json::from_str::<Value>(report) else {
            continue;
        };
        if v["type"] != "game" {
            continue;
        }
        let valid = v["valid"].as_bool().unwrap_or(false);
        let first = &v["errors"][0];
        let read = Read {
            moves: if valid {
                lines.next().map(uci_moves)
            } else {
                None
            },
            error_ply: first["ply"].as_u64(),
            error: format!(
                "line {}: {}",
                first["line"].as_u64().unwrap_or(0),
                first["message"].as_str().unwrap_or("")
            ),
            warned: v["warnings"].as_array().is_some_and(|w| !w.is_empty()),
        };
        out.push((read, v));
    }
    Ok(out)
}

/// The true games of a `.san.pgn` file.
fn truths(bin: &Path, file: &Path) -> Result<Vec<Truth>, String> {
    Ok(read_file(bin, file)?
        .into_iter()
        .map(|(read, v)| Truth {
            moves: read.moves.unwrap_or_default(),
            misprint: v["tags"]["Misprint"]
                .as_str()
                .and_then(|m| m.trim().parse().ok()),
        })
        .collect())
}

/// The true moves beside a score: `NAME.literal.san.pgn`, else `NAME.san.pgn`.
fn truth_file(score: &Path) -> Option<PathBuf> {
    let name = score.file_name()?.to_str()?;
    let stem = name
        .strip_suffix(".desc.txt")
        .or_else(|| name.strip_suffix(".txt"))?;
    ["literal.san.pgn", "san.pgn"]
        .iter()
        .map(|ext| score.with_file_name(format!("{stem}.{ext}")))
        .find(|p| p.is_file())
}

/// Judges the games of one score against its truths; prints a line per game that is
/// not exact.
fn judge(bin: &Path, score: &Path, truth: &Path) -> Result<Counts, String> {
    let read = read_file(bin, score)?;
    let truths = truths(bin, truth)?;
    let mut c = Counts {
        games: truths.len(),
        ..Counts::default()
    };
    let name = rel(score);
    let aligned = read.len() == truths.len();
    if !aligned {
        println!(
            "  {name}: {} games read, {} true games",
            read.len(),
            truths.len()
        );
    }
    let mut used = vec![false; read.len()];
    // The corpus's own misprints, from its `blue-book/DISCREPANCIES.md` (its true games
    // carry no `Misprint` tag): the printed ply with no legal reading.
    let known = CORPUS_MISPRINTS
        .iter()
        .find(|(file, _)| name.ends_with(file))
        .map(|&(_, ply)| ply);
    for (i, t) in truths.iter().enumerate() {
        let misprint = t.misprint.or(known);
        // In order when the text split into as many games as it holds; else the
        // game read with the same moves, wherever it is.
        let found = if aligned {
            Some(i)
        } else {
            read.iter()
                .enumerate()
                .position(|(k, (r, _))| !used[k] && r.moves.as_ref() == Some(&t.moves))
        };
        let Some(k) = found else {
            c.refused += 1;
            println!("  {name} game {}: not found in what was read", i + 1);
            continue;
        };
        used[k] = true;
        let (r, _) = &read[k];
        match &r.moves {
            Some(m) if *m == t.moves => c.exact += 1,
            Some(m) => {
                let at = m
                    .iter()
                    .zip(&t.moves)
                    .position(|(a, b)| a != b)
                    .unwrap_or(m.len().min(t.moves.len()));
                if r.warned {
                    c.warned += 1;
                } else {
                    c.wrong += 1;
                }
                println!(
                    "  {name} game {}: {} from ply {} ({} plies read, {} true)",
                    i + 1,
                    if r.warned {
                        "wrong, warned,"
                    } else {
                        "SILENTLY WRONG"
                    },
                    at + 1,
                    m.len(),
                    t.moves.len()
                );
            }
            None if misprint.is_some() && r.error_ply == misprint => c.located += 1,
            None => {
                c.refused += 1;
                println!(
                    "  {name} game {}: refused at ply {}{} ({})",
                    i + 1,
                    r.error_ply.map_or("?".to_owned(), |p| p.to_string()),
                    misprint.map_or(String::new(), |m| format!(", misprint at ply {m}")),
                    r.error
                );
            }
        }
    }
    for (k, (r, _)) in read.iter().enumerate() {
        if !used[k] && !aligned {
            c.spurious += 1;
            if r.moves.as_ref().is_some_and(|m| !m.is_empty()) {
                if r.warned {
                    c.warned += 1;
                } else {
                    c.wrong += 1;
                }
                println!(
                    "  {name}: game {} read is no game of the text, and was converted{}",
                    k + 1,
                    if r.warned {
                        " with a warning"
                    } else {
                        " silently"
                    }
                );
            }
        }
    }
    Ok(c)
}

/// The scores under `dir` with their truths, grouped by directory (the book or
/// language), and the scores without one.
fn scores(dir: &Path, ext: &str) -> (BTreeMap<PathBuf, Vec<(PathBuf, PathBuf)>>, usize) {
    let mut books: BTreeMap<PathBuf, Vec<(PathBuf, PathBuf)>> = BTreeMap::new();
    let mut missing = 0;
    for f in walk(dir) {
        let n = f.to_string_lossy();
        if !n.ends_with(ext) || n.ends_with(".san.pgn") {
            continue;
        }
        match truth_file(&f) {
            Some(t) => books
                .entry(f.parent().unwrap_or(dir).to_path_buf())
                .or_default()
                .push((f, t)),
            None => missing += 1,
        }
    }
    (books, missing)
}

/// Measures one collection; prints its table and returns its totals.
fn collection(bin: &Path, title: &str, dir: &Path, ext: &str) -> Result<Counts, String> {
    let (books, missing) = scores(dir, ext);
    println!("\n{title} ({})", dir.display());
    let mut rows = Vec::new();
    let mut total = Counts::default();
    for (book, files) in &books {
        let mut c = Counts::default();
        for (score, truth) in files {
            c.add(judge(bin, score, truth)?);
        }
        let name = book
            .strip_prefix(dir)
            .unwrap_or(book)
            .to_string_lossy()
            .into_owned();
        rows.push(c.row(if name.is_empty() { "." } else { &name }));
        total.add(c);
    }
    println!(
        "\n| book | games | exact | exact % | located | refused | silently wrong | spurious | wrong, warned |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for r in rows {
        println!("{r}");
    }
    println!("{}", total.row("**total**"));
    if missing > 0 {
        println!("({missing} scores without true moves not measured)");
    }
    Ok(total)
}

/// Runs the measurement over the descriptive corpus (`DIR`, default
/// `../shared/desc/corpus`) and our collection. `--fail-wrong`: fail when any game is silently wrong (the
/// collection's own games are, in CI).
pub fn run(args: &[String]) -> Result<(), String> {
    let mut fail_wrong = false;
    let mut corpus = root().join("../shared/desc/corpus");
    for a in args {
        match a.as_str() {
            "--fail-wrong" => fail_wrong = true,
            flag if flag.starts_with('-') => {
                return Err(format!("books: unknown option {flag:?}"));
            }
            dir => corpus = root().join(dir),
        }
    }
    let bin = debug_binary()?;
    let mut wrong = 0;
    if corpus.is_dir() {
        wrong += collection(&bin, "descriptive corpus", &corpus, ".desc.txt")?.wrong;
    } else {
        println!("descriptive corpus: none at {} (skipped)", corpus.display());
    }
    for set in ["tuning", "held-out"] {
        let dir = root().join("fixtures/books").join(set);
        wrong += collection(&bin, &format!("fixtures/books, {set} set"), &dir, ".txt")?.wrong;
    }
    if fail_wrong && wrong > 0 {
        return Err(format!("{wrong} game(s) read silently wrong"));
    }
    Ok(())
}
