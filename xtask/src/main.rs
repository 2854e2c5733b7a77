//! `cargo xtask`: project automation, reached through the alias in `.cargo/config.toml`.
//!
//! ```text
//! cargo xtask ci                 fmt check, clippy -D warnings, all tests, docs, fixture checks, corpus checks
//! cargo xtask check [DIR]        golden checks of the `scoresheet` binary over fixtures/
//! cargo xtask bless [DIR]        regenerate the expected files of `check`
//! cargo xtask perft [--depth N]  perft suite, deeper than the unit tests
//! cargo xtask corpus [DIR]       validate a corpus (default ../shared/corpus), compare with expectations
//! cargo xtask diff [DIR]         per-game differential check against ../shared/bench/baseline
//! cargo xtask bench [--big]      throughput against ../shared/bench/baseline, side by side
//! ```

mod bench;
mod check;
mod corpus;
mod fuzz;
mod util;

use std::process::ExitCode;

use util::{Flow, cargo, root};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprintln!("{}", usage());
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "ci" => ci(rest),
        "check" => check::run(rest, false),
        "bless" => check::run(rest, true),
        "perft" => perft(rest),
        "corpus" => corpus::run(rest),
        "diff" => corpus::diff(rest),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "langs" => langs(rest),
        "-h" | "--help" | "help" => {
            println!("{}", usage());
            Ok(())
        }
        other => Err(format!("unknown task {other:?}\n{}", usage())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> &'static str {
    "usage: cargo xtask <task>\n\
     tasks:\n  \
     ci                 fmt check, clippy -D warnings, all tests, docs, fixture checks, corpus checks\n  \
     check [DIR]        golden checks of the scoresheet binary over fixtures/ (or DIR)\n  \
     bless [DIR]        regenerate the expected files that `check` compares\n  \
     perft [--depth N]  perft suite through the binary, deeper than the unit tests\n  \
     corpus [DIR] [--bless]  validate a corpus (default ../shared/corpus) against recorded expectations\n  \
     diff [DIR]         per-game differential check against the baseline program\n  \
     bench [--big] [--runs N] [DIR]  throughput against the baseline program, side by side\n  \
     fuzz [--seconds N] [TARGET...]  run the cargo-fuzz targets N s each (needs nightly; skips without)\n  \
     langs              every game of ../shared/corpus/strict written in every language reads back to its moves"
}

/// The language round trip of `crates/convert/tests/lang.rs` over every game of
/// the strict corpus, not its sample (`SCORESHEET_LANG_GAMES=all`).
fn langs(args: &[String]) -> Result<(), String> {
    if let Some(a) = args.first() {
        return Err(format!("langs takes no arguments, found {a:?}"));
    }
    let status = cargo()
        .args([
            "test",
            "--release",
            "-p",
            "scoresheet-convert",
            "--test",
            "lang",
            "--",
            "--nocapture",
            "corpus",
        ])
        .env("SCORESHEET_LANG_GAMES", "all")
        .status()
        .map_err(|e| format!("could not run cargo test: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("the language round trip failed ({status})"))
    }
}

/// What `.ci/run` runs: everything a change must pass.
fn ci(args: &[String]) -> Result<(), String> {
    if let Some(a) = args.first() {
        return Err(format!("ci takes no arguments, found {a:?}"));
    }
    let mut flow = Flow::new();
    flow.cargo(&["fmt", "--all", "--", "--check"])?;
    flow.cargo(&[
        "clippy",
        "--workspace",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ])?;
    flow.cargo(&["test", "--workspace"])?;
    flow.step("cargo doc --no-deps --workspace (warnings denied)", || {
        let status = cargo()
            .args(["doc", "--no-deps", "--workspace", "--quiet"])
            .env("RUSTDOCFLAGS", "-D warnings")
            .status()
            .map_err(|e| format!("could not run cargo doc: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!(
                "`cargo doc` failed ({status}): a broken link or doc warning"
            ))
        }
    })?;
    flow.cargo(&["build", "--release", "--package", "scoresheet"])?;
    flow.step("fixture checks", || check::run(&[], false))?;
    let shared = root().join("../shared/corpus");
    if shared.is_dir() {
        flow.step("corpus checks (../shared/corpus)", || corpus::run(&[]))?;
    } else {
        println!(
            "xtask ci: skipping corpus checks: {} does not exist",
            shared.display()
        );
    }
    match fuzz::unavailable(false) {
        None => flow.step("fuzz smoke (10 s per target)", || {
            fuzz::smoke(&fuzz::TARGETS, 10)
        })?,
        Some(why) => println!("xtask ci: skipping the fuzz smoke run: {why}"),
    }
    flow.finish();
    Ok(())
}

/// Runs the perft suite through the release binary at the depth asked for.
fn perft(args: &[String]) -> Result<(), String> {
    let mut depth_cap = 6u32;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depth" => {
                depth_cap = it
                    .next()
                    .and_then(|d| d.parse().ok())
                    .ok_or("--depth takes a number")?;
            }
            other => return Err(format!("unknown perft argument {other:?}")),
        }
    }
    let bin = util::release_binary()?;
    let suite = std::fs::read_to_string(root().join("crates/board/tests/perft.txt"))
        .map_err(|e| format!("reading crates/board/tests/perft.txt: {e}"))?;
    let mut fen = String::new();
    let mut failures = 0;
    for line in suite.lines() {
        if let Some(f) = line.strip_prefix("epd ") {
            fen = f.trim().to_owned();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let (Some(d), Some(n)) = (parts.next(), parts.next()) else {
                continue;
            };
            let depth: u32 = d.parse().map_err(|_| format!("bad depth in {line:?}"))?;
            if depth > depth_cap {
                continue;
            }
            let start = std::time::Instant::now();
            let out = util::output(&bin, &["perft", &fen, d])?;
            let secs = start.elapsed().as_secs_f64();
            let got = out.trim();
            let ok = got == n;
            if !ok {
                failures += 1;
            }
            let nodes: f64 = got.parse().unwrap_or(0.0);
            println!(
                "{} {fen} depth {depth}: {got} (expected {n}) {secs:.2} s {:.1} Mnodes/s",
                if ok { "ok  " } else { "FAIL" },
                nodes / secs / 1e6
            );
        }
    }
    if failures > 0 {
        Err(format!("{failures} perft counts differ"))
    } else {
        Ok(())
    }
}
