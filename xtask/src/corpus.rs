//! Corpus runs: validate a whole corpus and compare each file's summary with
//! its recorded expectation, or compare game by game with the baseline program.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{rel, release_binary, root, walk};

/// Where the expected per-file summaries of `../shared/corpus` are recorded.
const EXPECTATIONS: &str = "xtask/corpus-expected.tsv";

fn corpus_dir(arg: Option<&String>) -> PathBuf {
    arg.map_or_else(|| root().join("../shared/corpus"), |d| root().join(d))
}

fn pgn_files(dir: &Path) -> Vec<PathBuf> {
    walk(dir)
        .into_iter()
        .filter(|p| {
            let s = p.to_string_lossy();
            s.ends_with(".pgn") || s.ends_with(".pgn.zst")
        })
        .collect()
}

/// One file's summary line: `file games valid invalid plies`.
fn summarize(bin: &Path, file: &Path, extra: &[&str]) -> Result<(String, Vec<Value>), String> {
    let out = Command::new(bin)
        .arg("validate")
        .args(["--format", "json"])
        .args(extra)
        .arg(file)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    match out.status.code() {
        Some(0 | 1) => {}
        other => {
            return Err(format!(
                "scoresheet validate {} exited with {other:?}",
                file.display()
            ));
        }
    }
    let mut games = Vec::new();
    let mut summary = None;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value =
            serde_json::from_str(line).map_err(|e| format!("bad JSON line {line:?}: {e}"))?;
        if let Some(s) = v.get("summary") {
            summary = Some(s.clone());
        } else {
            games.push(v);
        }
    }
    let s = summary.ok_or_else(|| format!("no summary object for {}", file.display()))?;
    let n = |k: &str| s.get(k).and_then(Value::as_u64).unwrap_or(0);
    Ok((
        format!(
            "games={} valid={} invalid={} plies={}",
            n("games"),
            n("valid"),
            n("invalid"),
            n("plies")
        ),
        games,
    ))
}

/// `cargo xtask corpus [DIR] [--bless]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let bless = args.iter().any(|a| a == "--bless");
    let dir_arg = args.iter().find(|a| !a.starts_with("--"));
    let dir = corpus_dir(dir_arg);
    if !dir.is_dir() {
        return Err(format!("corpus directory {} does not exist", dir.display()));
    }
    let bin = release_binary()?;
    let expected_path = root().join(EXPECTATIONS);
    let expected: BTreeMap<String, String> = std::fs::read_to_string(&expected_path)
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
        .collect();
    let mut actual = BTreeMap::new();
    let mut differ = 0;
    for file in pgn_files(&dir) {
        let name = file
            .strip_prefix(&dir)
            .unwrap_or(&file)
            .to_string_lossy()
            .into_owned();
        let (line, _) = summarize(&bin, &file, &[])?;
        match expected.get(&name) {
            Some(e) if *e == line => println!("ok    {name}: {line}"),
            Some(e) => {
                differ += 1;
                println!("DIFF  {name}: {line}\n      expected: {e}");
            }
            None => {
                differ += 1;
                println!("NEW   {name}: {line} (no recorded expectation)");
            }
        }
        actual.insert(name, line);
    }
    if bless {
        let mut text = String::from(
            "# Expected `scoresheet validate` summaries of ../shared/corpus, per file.\n\
             # Regenerate with: cargo xtask corpus --bless\n",
        );
        for (k, v) in &actual {
            text.push_str(&format!("{k}\t{v}\n"));
        }
        std::fs::write(&expected_path, text).map_err(|e| format!("writing {EXPECTATIONS}: {e}"))?;
        println!(
            "xtask corpus: wrote {} expectations to {EXPECTATIONS}",
            actual.len()
        );
        return Ok(());
    }
    if differ > 0 {
        return Err(format!(
            "{differ} files differ from {EXPECTATIONS}; if the new figures are right: cargo xtask corpus --bless"
        ));
    }
    println!("xtask corpus: {} files match {EXPECTATIONS}", actual.len());
    Ok(())
}

/// Builds the baseline comparison program from `../shared/bench/baseline`.
pub fn baseline_binary() -> Result<PathBuf, String> {
    let manifest = root().join("../shared/bench/baseline/Cargo.toml");
    if !manifest.is_file() {
        return Err(format!("{} does not exist", manifest.display()));
    }
    let target = root().join("target/baseline");
    let status = crate::util::cargo()
        .args(["build", "--quiet", "--release", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .map_err(|e| format!("could not build the baseline: {e}"))?;
    if !status.success() {
        return Err("building the baseline failed".into());
    }
    Ok(target.join("release/pgn-baseline"))
}

/// `cargo xtask diff [DIR]`: per game, compares validity, plies and final FEN
/// with the baseline program.
pub fn diff(args: &[String]) -> Result<(), String> {
    let dir = corpus_dir(args.first());
    let bin = release_binary()?;
    let base = baseline_binary()?;
    let mut games_total = 0usize;
    let mut disagreements = 0usize;
    for file in pgn_files(&dir) {
        let out = Command::new(&base)
            .arg("--games")
            .arg("--quiet")
            .arg(&file)
            .stderr(Stdio::null())
            .output()
            .map_err(|e| format!("could not run the baseline: {e}"))?;
        let theirs: Vec<(bool, u64, String)> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.starts_with("TOTAL") && l.contains('\t'))
            .filter_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                Some((
                    f.get(2)? == &"ok",
                    f.get(3)?.parse().ok()?,
                    (*f.get(4)?).to_owned(),
                ))
            })
            .collect();
        let (_, ours) = summarize(&bin, &file, &["--ep", "legal"])?;
        let name = rel(&file);
        if theirs.len() != ours.len() {
            println!(
                "{name}: game count differs: scoresheet {} baseline {}",
                ours.len(),
                theirs.len()
            );
        }
        for (i, (g, t)) in ours.iter().zip(&theirs).enumerate() {
            games_total += 1;
            let valid = g.get("valid").and_then(Value::as_bool).unwrap_or(false);
            let plies = g.get("plies").and_then(Value::as_u64).unwrap_or(0);
            let fen = g.get("fen").and_then(Value::as_str).unwrap_or("");
            if valid != t.0 || plies != t.1 || fen != t.2 {
                disagreements += 1;
                println!(
                    "{name}: game {}: scoresheet valid={valid} plies={plies} fen={fen}\n{:>w$}  baseline   valid={} plies={} fen={}",
                    i + 1,
                    "",
                    t.0,
                    t.1,
                    t.2,
                    w = name.len()
                );
            }
        }
    }
    println!("xtask diff: {games_total} games compared, {disagreements} disagreements");
    Ok(())
}
