//! `cargo xtask bench --books`: the throughput of reading books' move tables, through
//! `scoresheet convert --to san` (release binary): the descriptive corpus
//! (`../shared/desc/corpus`, every `*.desc.txt` in one run, median of several runs), and
//! crafted worst cases generated here. A case under 1 MB/s is marked. Measured, never a
//! timed test; the figures go in docs/PERFORMANCE.md.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::util::{release_binary, root, target_dir, walk};

/// The slowest throughput a crafted case may have.
const FLOOR_MB_S: f64 = 1.0;

/// `games` book games whose rook moves are ambiguous at almost every ply (both rooks of
/// each side can reach the square named), so that each ply asks the lookahead.
fn ambiguous_rooks(games: usize) -> Vec<u8> {
    let mut s = String::new();
    for g in 0..games {
        let _ = writeln!(s, "% title: ambiguous rooks {}", g + 1);
        s.push_str("1. P-KR4 P-KR4\n2. P-QR4 P-QR4\n");
        let mut n = 3;
        for _ in 0..6 {
            for row in ["R-R3 R-R3", "R-R2 R-R2", "R-R1 R-R1"] {
                let _ = writeln!(s, "{n}. {row}");
                n += 1;
            }
        }
        s.push_str("Drawn.\n");
    }
    s.into_bytes()
}

/// One game whose last row goes on with `bytes` of end words on one line.
fn end_words(bytes: usize) -> Vec<u8> {
    let mut v = b"% title: end words\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3 ".to_vec();
    while v.len() < bytes {
        v.extend_from_slice(b"and wins. Resigns. ");
    }
    v.push(b'\n');
    v
}

/// Every `*.desc.txt` under `dir`, sorted.
fn corpus_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walk(dir)
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(".desc.txt"))
        .collect();
    files.sort();
    files
}

/// Wall seconds and CPU seconds (user plus system, from `/usr/bin/time` when it exists)
/// of one `convert --to san` run over `files` (exit 0 or 1: a book with a misprint is a
/// result, not a failure). On a machine shared with other work the CPU time is the
/// steadier figure.
fn convert_secs(bin: &Path, files: &[PathBuf]) -> Result<(f64, Option<f64>), String> {
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.is_file() {
        let mut c = Command::new(time);
        c.args(["-f", "%U %S"]).arg(bin);
        c
    } else {
        Command::new(bin)
    };
    let start = Instant::now();
    let out = cmd
        .args(["convert", "--to", "san"])
        .args(files)
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    let secs = start.elapsed().as_secs_f64();
    let err = String::from_utf8_lossy(&out.stderr);
    let fields: Vec<f64> = err
        .lines()
        .last()
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    let cpu = match fields.as_slice() {
        [u, s] if time.is_file() => Some(u + s),
        _ => None,
    };
    match out.status.code() {
        Some(0 | 1) => Ok((secs, cpu)),
        other => Err(format!("convert exited with {other:?}")),
    }
}

/// The medians of the wall and CPU times of `runs` runs.
fn median_secs(bin: &Path, files: &[PathBuf], runs: usize) -> Result<(f64, Option<f64>), String> {
    let mut wall = Vec::with_capacity(runs);
    let mut cpu = Vec::with_capacity(runs);
    for _ in 0..runs.max(1) {
        let (w, c) = convert_secs(bin, files)?;
        wall.push(w);
        cpu.extend(c);
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied()
    };
    Ok((median(wall).unwrap_or_default(), median(cpu)))
}

/// `MB / seconds` with two decimals, or `?`.
fn rate(mb: f64, secs: Option<f64>) -> String {
    secs.map_or("?".to_owned(), |s| format!("{:.2}", mb / s.max(1e-3)))
}

/// Seconds with two decimals, or `?`.
fn seconds(secs: Option<f64>) -> String {
    secs.map_or("?".to_owned(), |s| format!("{s:.2}"))
}

/// Runs the book benchmark; prints one row per case.
pub fn run(runs: usize) -> Result<(), String> {
    let bin = release_binary()?;
    let dir = target_dir().join("bench-books");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!(
        "| case | MB | files | wall s | MB/s (wall) | CPU s | MB/s (CPU) | |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    );
    let corpus = root().join("../shared/desc/corpus");
    let files = corpus_files(&corpus);
    if files.is_empty() {
        println!(
            "| descriptive corpus: none under {} | | | | | |",
            corpus.display()
        );
    } else {
        let bytes: u64 = files
            .iter()
            .filter_map(|f| std::fs::metadata(f).ok())
            .map(|m| m.len())
            .sum();
        let (secs, cpu) = median_secs(&bin, &files, runs)?;
        let mb = bytes as f64 / 1e6;
        println!(
            "| descriptive corpus (`convert --to san`, median of {runs}) | {mb:.2} | {} | {secs:.2} | {} | {} | {} | |",
            files.len(),
            rate(mb, Some(secs)),
            seconds(cpu),
            rate(mb, cpu)
        );
    }
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("400 games of ambiguous rook moves", ambiguous_rooks(400)),
        ("a line of 1 MB of end words", end_words(1 << 20)),
    ];
    let mut slow = 0;
    for (name, bytes) in &cases {
        let file = dir.join("case.desc.txt");
        std::fs::write(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        let (secs, cpu) = median_secs(&bin, std::slice::from_ref(&file), runs.min(3))?;
        let mb = bytes.len() as f64 / 1e6;
        // The floor is judged on CPU time where it is known: other work on the machine
        // stretches the wall time, not the work done.
        let judged = mb / cpu.unwrap_or(secs).max(1e-3);
        let mark = if judged < FLOOR_MB_S {
            slow += 1;
            "under 1 MB/s"
        } else {
            ""
        };
        println!(
            "| {name} | {mb:.2} | 1 | {secs:.2} | {} | {} | {} | {mark} |",
            rate(mb, Some(secs)),
            seconds(cpu),
            rate(mb, cpu)
        );
    }
    let _ = std::fs::remove_file(dir.join("case.desc.txt"));
    if slow > 0 {
        return Err(format!(
            "{slow} crafted book case(s) under {FLOOR_MB_S} MB/s"
        ));
    }
    Ok(())
}
