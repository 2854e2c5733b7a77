//! `cargo xtask fuzz`: runs the cargo-fuzz (libFuzzer) targets of `fuzz/`.
//!
//! libFuzzer needs a nightly toolchain (`-Z sanitizer`). Without one, the task
//! says so and succeeds: fuzzing is an extra, never a reason for CI to fail on
//! a machine set up for stable only. `cargo-fuzz` itself is installed on
//! demand by `cargo xtask fuzz` (and by `ci` only with `SCORESHEET_CI_FUZZ=1`:
//! the smoke is a step of its own, too long for ci; see `ci` in main.rs).
//!
//! Each target runs from its seeds (`fuzz/seeds/TARGET`, committed) and its
//! working corpus (`fuzz/corpus/TARGET`, git-ignored, grows between runs).
//! Crashes, timeouts and out-of-memory inputs land in `fuzz/artifacts/TARGET`.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use crate::util::{root, target_dir};

/// The fuzz targets, in the order they run.
pub const TARGETS: [&str; 7] = [
    "san_from_ascii",
    "fen_from_ascii",
    "pgn_game",
    "validate_bytes",
    "stream_chunks",
    "desc_conversion",
    "printed_book",
];

/// The toolchain the fuzz targets are built with: `+nightly`, or
/// `+$SCORESHEET_FUZZ_TOOLCHAIN` (a dated nightly, or a missing one to try the skip).
fn toolchain() -> String {
    let name = std::env::var("SCORESHEET_FUZZ_TOOLCHAIN").unwrap_or_else(|_| "nightly".into());
    format!("+{name}")
}

/// `cargo` through the rustup proxy, free of what the outer (stable) cargo set.
fn cargo() -> Command {
    let mut cmd = Command::new("cargo");
    for var in [
        "CARGO",
        "RUSTC",
        "RUSTDOC",
        "RUSTUP_TOOLCHAIN",
        "RUSTC_WRAPPER",
    ] {
        cmd.env_remove(var);
    }
    cmd.current_dir(root());
    cmd
}

/// Whether a nightly toolchain is installed.
fn have_nightly() -> bool {
    cargo()
        .args([&toolchain(), "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether `cargo fuzz` works.
fn have_cargo_fuzz() -> bool {
    cargo()
        .args([&toolchain(), "fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Why fuzzing cannot run here, if it cannot: no nightly, or (when not allowed
/// to install it) no cargo-fuzz.
pub fn unavailable(install: bool) -> Option<String> {
    if !have_nightly() {
        return Some(format!(
            "no nightly toolchain (`cargo {} --version` fails); libFuzzer needs one: \
                 `rustup toolchain install nightly`",
            toolchain()
        ));
    }
    if have_cargo_fuzz() {
        return None;
    }
    if !install {
        return Some("cargo-fuzz is not installed: `cargo install cargo-fuzz`".to_owned());
    }
    println!("xtask fuzz: installing cargo-fuzz (cargo install cargo-fuzz --locked)");
    let ok = cargo()
        .args(["install", "cargo-fuzz", "--locked"])
        .status()
        .is_ok_and(|s| s.success());
    if ok && have_cargo_fuzz() {
        None
    } else {
        Some("cargo-fuzz is not installed and `cargo install cargo-fuzz` failed".to_owned())
    }
}

/// `cargo xtask fuzz [--seconds N] [TARGET...]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut seconds = 60u64;
    let mut targets = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seconds" => {
                seconds = it
                    .next()
                    .and_then(|s| s.parse().ok())
                    .filter(|&s| s > 0)
                    .ok_or("--seconds takes a positive number")?;
            }
            t if TARGETS.contains(&t) => targets.push(t),
            other => {
                return Err(format!(
                    "unknown fuzz argument {other:?}; targets: {}",
                    TARGETS.join(", ")
                ));
            }
        }
    }
    if targets.is_empty() {
        targets = TARGETS.to_vec();
    }
    if let Some(why) = unavailable(true) {
        println!("xtask fuzz: skipped: {why}");
        return Ok(());
    }
    smoke(&targets, seconds)
}

/// Builds, then runs each target for `seconds`; fails at the first target that
/// finds a crash, timeout or leak, naming the input that reproduces it.
pub fn smoke(targets: &[&str], seconds: u64) -> Result<(), String> {
    let fuzz_target_dir = target_dir().join("fuzz");
    let target_arg = fuzz_target_dir.to_string_lossy().into_owned();
    let status = cargo()
        .args([&toolchain(), "fuzz", "build", "--target-dir", &target_arg])
        .status()
        .map_err(|e| format!("could not run cargo fuzz build: {e}"))?;
    if !status.success() {
        return Err(format!("cargo fuzz build failed ({status})"));
    }
    let mut lines = Vec::new();
    for &t in targets {
        let corpus = root().join("fuzz/corpus").join(t);
        let seeds = root().join("fuzz/seeds").join(t);
        std::fs::create_dir_all(&corpus)
            .map_err(|e| format!("creating {}: {e}", corpus.display()))?;
        let line = run_one(t, seconds, &target_arg, &corpus, &seeds)?;
        println!("xtask fuzz: {line}");
        lines.push(line);
    }
    println!("xtask fuzz: summary");
    for l in lines {
        println!("  {l}");
    }
    Ok(())
}

/// Runs one target; returns its one-line summary.
fn run_one(
    target: &str,
    seconds: u64,
    target_dir: &str,
    corpus: &PathBuf,
    seeds: &PathBuf,
) -> Result<String, String> {
    println!("xtask fuzz: == {target} for {seconds} s");
    let mut child = cargo()
        .args([
            &toolchain(),
            "fuzz",
            "run",
            "--target-dir",
            target_dir,
            target,
        ])
        .arg(corpus)
        // A target without committed seeds starts from its corpus alone
        // (libFuzzer stops at a directory that does not exist).
        .args(seeds.is_dir().then_some(seeds))
        .args([
            "--",
            &format!("-max_total_time={seconds}"),
            "-max_len=16384",
            "-timeout=10",
            "-rss_limit_mb=2048",
            "-print_final_stats=1",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not run cargo fuzz run {target}: {e}"))?;
    let mut execs = String::from("?");
    let mut rate = String::from("?");
    let mut artifact = None;
    if let Some(err) = child.stderr.take() {
        for line in BufReader::new(err).lines().map_while(Result::ok) {
            // Keep libFuzzer's progress visible, but not every new-coverage line.
            let quiet = line.contains(" NEW ") || line.contains(" REDUCE ");
            if !quiet {
                eprintln!("{line}");
            }
            if let Some(v) = line.strip_prefix("stat::number_of_executed_units:") {
                execs = v.trim().to_owned();
            } else if let Some(v) = line.strip_prefix("stat::average_exec_per_sec:") {
                rate = v.trim().to_owned();
            } else if let Some(i) = line.find("Test unit written to ") {
                artifact = Some(line[i + "Test unit written to ".len()..].trim().to_owned());
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("waiting for cargo fuzz run {target}: {e}"))?;
    if status.success() {
        Ok(format!(
            "{target}: {seconds} s, {execs} runs, {rate} execs/s, no crash"
        ))
    } else {
        Err(format!(
            "{target} failed ({status}) after {execs} runs; reproduce with \
             `cargo {} fuzz run {target} {}`",
            toolchain(),
            artifact.as_deref().unwrap_or("fuzz/artifacts/<input>")
        ))
    }
}
