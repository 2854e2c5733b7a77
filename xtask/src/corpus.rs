//! Corpus runs: validate a whole corpus and compare each file's summary with
//! its recorded expectation, or compare game by game with the baseline program.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::util::{rel, release_binary, root};
use crate::verdicts::pgn_files;

/// Where the expected per-file summaries of `../shared/corpus` are recorded.
const EXPECTATIONS: &str = "xtask/corpus-expected.tsv";

fn corpus_dir(arg: Option<&String>) -> PathBuf {
    arg.map_or_else(|| root().join("../shared/corpus"), |d| root().join(d))
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
    // Every corpus game written in every language's letters reads back to its
    // moves (the test reads fixtures/ alone under `cargo test`).
    let status = Command::new(env!("CARGO"))
        .args([
            "test",
            "-q",
            "-p",
            "scoresheet-convert",
            "--test",
            "convert",
            "--",
            "corpus_games_round_trip_through_every_language",
        ])
        .env("SCORESHEET_LANG_CORPUS", strict_or(&dir))
        .status()
        .map_err(|e| format!("running the languages' round trip on the corpus: {e}"))?;
    if !status.success() {
        return Err(format!(
            "corpus games written in every language do not all read back ({})",
            dir.display()
        ));
    }
    println!(
        "xtask corpus: the games of {} read back in every language",
        dir.display()
    );
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
    let mut split_only = 0usize;
    let mut explained_count = 0usize;
    let explained: Vec<(String, String, String)> =
        std::fs::read_to_string(root().join("xtask/diff-explained.tsv"))
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut f = l.splitn(3, '\t');
                Some((
                    f.next()?.to_owned(),
                    f.next()?.to_owned(),
                    f.next()?.to_owned(),
                ))
            })
            .collect();
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
        // Align the two lists: a game with no moves that only one side counts (a tag-only
        // game, which pgn-reader folds into the next one; a `;` comment after a result,
        // which pgn-reader starts a new game with) is listed, not compared.
        let key = |g: &Value| {
            (
                g.get("valid").and_then(Value::as_bool).unwrap_or(false),
                g.get("plies").and_then(Value::as_u64).unwrap_or(0),
                g.get("fen")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned(),
            )
        };
        let (mut i, mut j) = (0usize, 0usize);
        while i < ours.len() && j < theirs.len() {
            let (valid, plies, fen) = key(&ours[i]);
            let t = &theirs[j];
            if (valid, plies, &fen) == (t.0, t.1, &t.2) {
                games_total += 1;
                i += 1;
                j += 1;
                continue;
            }
            let next_ours_matches = ours
                .get(i + 1)
                .map(key)
                .is_some_and(|k| (k.0, k.1, &k.2) == (t.0, t.1, &t.2));
            let next_theirs_matches = theirs
                .get(j + 1)
                .is_some_and(|n| (n.0, n.1, &n.2) == (valid, plies, &fen));
            if plies == 0 && next_ours_matches {
                split_only += 1;
                println!(
                    "{name}: game {} (scoresheet only): a game without moves",
                    i + 1
                );
                i += 1;
                continue;
            }
            if t.1 == 0 && next_theirs_matches {
                split_only += 1;
                println!(
                    "{name}: game {} (baseline only): a game without moves",
                    j + 1
                );
                j += 1;
                continue;
            }
            games_total += 1;
            let short = file
                .strip_prefix(&dir)
                .unwrap_or(&file)
                .to_string_lossy()
                .into_owned();
            if let Some((_, _, why)) = explained
                .iter()
                .find(|(f, g, _)| *f == short && (g == "*" || *g == (i + 1).to_string()))
            {
                explained_count += 1;
                if explained_count <= 20 {
                    println!("{name}: game {}: explained: {why}", i + 1);
                }
                i += 1;
                j += 1;
                continue;
            }
            disagreements += 1;
            println!(
                "{name}: game {}: scoresheet valid={valid} plies={plies} fen={fen}\n{:>w$}  baseline game {}: valid={} plies={} fen={}",
                i + 1,
                "",
                j + 1,
                t.0,
                t.1,
                t.2,
                w = name.len()
            );
            i += 1;
            j += 1;
        }
        if i < ours.len() || j < theirs.len() {
            let extra = ours.len() - i + theirs.len() - j;
            // A whole-file explanation (`*`) covers games one side splits apart.
            let short = file
                .strip_prefix(&dir)
                .unwrap_or(&file)
                .to_string_lossy()
                .into_owned();
            let whole = explained.iter().find(|(f, g, _)| *f == short && g == "*");
            println!(
                "{name}: {} more games in scoresheet, {} more in the baseline{}",
                ours.len() - i,
                theirs.len() - j,
                whole.map_or(String::new(), |(_, _, why)| format!(": explained: {why}"))
            );
            if whole.is_some() {
                explained_count += extra;
            } else {
                disagreements += extra;
            }
        }
    }
    println!(
        "xtask diff: {games_total} games compared, {disagreements} unexplained disagreements, \
         {explained_count} explained in xtask/diff-explained.tsv, \
         {split_only} games without moves counted by one side only (see docs/RELIABILITY.md)"
    );
    if disagreements > 0 {
        return Err(format!("{disagreements} games disagree with the baseline"));
    }
    Ok(())
}

/// The corpus's strict games (`strict/` under it) when it has them, else it.
fn strict_or(dir: &Path) -> PathBuf {
    let strict = dir.join("strict");
    if strict.is_dir() {
        strict
    } else {
        dir.to_path_buf()
    }
}
