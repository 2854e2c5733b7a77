//! `cargo xtask`: project automation, reached through the alias in `.cargo/config.toml`.
//!
//! ```text
//! cargo xtask ci                 fmt check, clippy -D warnings, all tests, docs, fixture checks, corpus checks
//! cargo xtask check [DIR]        golden checks of the `scoresheet` binary over fixtures/
//! cargo xtask bless [DIR]        regenerate the expected files of `check`
//! cargo xtask perft [--depth N] [--nodes N]  perft suites (also ../shared/perft), deeper than the unit tests
//! cargo xtask corpus [DIR]       validate a corpus (default ../shared/corpus), compare with expectations
//! cargo xtask verdicts [DIR...]  validate, convert, play and the library judge agree on every game's verdict
//! cargo xtask diff [DIR]         per-game differential check against ../shared/bench/baseline
//! cargo xtask bench [--big]      throughput against ../shared/bench/baseline, side by side
//! cargo xtask bench --hostile    throughput of crafted worst cases (docs/RELIABILITY.md)
//! cargo xtask bench --books      throughput of reading books' move tables (docs/PERFORMANCE.md)
//! cargo xtask prior [--check]   the move prior's weights fitted again from ../shared/corpus (--check: and compared)
//! cargo xtask books            book scores read against their true moves: exact, located, refused, wrong
//! cargo xtask python             the Python package's pytest tests (skipped without python3)
//! cargo xtask browser            the page of `scoresheet serve`: bundle fresh, its test in chromium
//! cargo xtask editor             `scoresheet lsp` in headless Neovim: its diagnostics are validate's
//! ```

mod bench;
mod books;
mod browser;
mod check;
mod console;
mod corpus;
mod eco;
mod editor;
mod fuzz;
mod hostile;
mod kinds;
mod misprints;
mod prior;
mod python;
mod shelf;
mod util;
mod verdicts;

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
        "check" => check::run(rest, false).and_then(|()| docs_too(rest, false)),
        "bless" => check::run(rest, true).and_then(|()| docs_too(rest, true)),
        "console" => console::run(false),
        "perft" => perft(rest),
        "corpus" => corpus::run(rest),
        "diff" => corpus::diff(rest),
        "verdicts" => verdicts::run(rest),
        "misprints" => misprints::run(rest),
        "prior" => prior::run(rest),
        "kinds" => kinds::check(),
        "eco" => eco::run(rest),
        "bench" => bench::run(rest),
        "books" => shelf::run(rest),
        "fuzz" => fuzz::run(rest),
        "langs" => langs(rest),
        "python" => python::ci(),
        "browser" => browser::run(),
        "editor" => editor::run(),
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
     check [DIR]        golden checks of the scoresheet binary over fixtures/ (or DIR); without DIR also `console`\n  \
     bless [DIR]        regenerate the expected files that `check` compares (and the console blocks, completions, man pages)\n  \
     console            every `console` block of README.md and docs/ is what its commands print\n  \
     perft [--depth N] [--nodes N]  perft suites (also ../shared/perft) through the binary\n  \
     corpus [DIR] [--bless]  validate a corpus (default ../shared/corpus) against recorded expectations\n  \
     diff [DIR]         per-game differential check against the baseline program\n  \
     misprints [--games N] [--slice K] [--seed S] [--bin PATH] [--decoder ocr|handwriting|model|both|all] [--decoder-only] [--in-process] [FILE|DIR...]  misprints named, suggested, repaired; the decoder on three noise models (default ../shared/corpus/strict)\n  \
     prior [--check|--check-stamp]  fit the move prior's weights to ../shared/corpus and write them (--check: compare with the shipped ones; --check-stamp, in ci: their header names the command, data and sources, which match)\n  \
     verdicts [DIR...]  validate, convert, play and the library judge give every game the same verdict (fixtures/, ../shared/corpus)\n  \
     eco [FILE...]      the openings validate --eco names against lichess's own labels (default ../shared/corpus/online)\n  \
     kinds              every diagnostic kind the code writes or a fixture shows is in docs/JSON.md\n  \
     bench [--big] [--runs N] [--write] [DIR]  throughput against the baseline program, side by side (--write: into docs/PERFORMANCE.md)\n  \
     bench --hostile    throughput of crafted worst cases, each at least 1 MB/s (--decoder: the decoder's rows alone)\n  \
     bench --books [--runs N]  book tables: the descriptive corpus and crafted cases, MB/s\n  \
     books [--fail-wrong] [DIR]  book scores (DIR, default ../shared/desc/corpus, and fixtures/books) against their true moves: exact, located, refused, silently wrong\n  \
     fuzz [--seconds N] [TARGET...]  run the cargo-fuzz targets N s each (needs nightly; skips without)\n  \
     langs              every game of ../shared/corpus/strict written in every language reads back to its moves\n  \
     python             the Python package's pytest tests in target/py-venv (skipped without python3 or pip)\n  \
     browser            the page of scoresheet serve: its bundle is fresh, and its test in chromium (installs chromium and npm packages when missing)\n  \
     editor             `scoresheet lsp` in headless Neovim (installed with apt-get when root): its diagnostics are validate's"
}

/// The language round trip of `crates/convert/tests/convert/lang.rs` over every game of
/// the strict corpus, not its sample (`SCORESHEET_LANG_GAMES=all`).
/// `check` and `bless` of all the fixtures also check (or rewrite) the
/// console examples of the documentation; `bless` also rewrites the shell
/// completions and man pages generated from the command line's definition
/// (`cargo test` checks them).
fn docs_too(args: &[String], bless: bool) -> Result<(), String> {
    if !args.is_empty() {
        return Ok(());
    }
    if bless {
        let status = cargo()
            .args([
                "test",
                "--quiet",
                "-p",
                "scoresheet",
                "--test",
                "cli",
                "shipped",
            ])
            .env("BLESS", "1")
            .status()
            .map_err(|e| format!("could not run cargo test: {e}"))?;
        if !status.success() {
            return Err(
                "BLESS=1 cargo test -p scoresheet --test cli shipped failed (completions and man pages)"
                    .into(),
            );
        }
    }
    console::run(bless)
}

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
            "convert",
            "--",
            "--nocapture",
            "lang::corpus",
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
    flow.step("python package tests (crates/python/tests)", python::ci)?;
    flow.step("the page of scoresheet serve in a browser", browser::run)?;
    flow.step(
        "the language server in Neovim (cargo xtask editor)",
        editor::run,
    )?;
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
    flow.step("console examples of README.md and docs/", || {
        console::run(false)
    })?;
    flow.step("every diagnostic kind documented", kinds::check)?;
    // The full fit reads ../shared and takes a minute or more: its own
    // step (`cargo xtask prior --check`); ci checks the shipped table's stamp.
    flow.step(
        "the move prior's weights stamped with their data and sources",
        || prior::run(&["--check-stamp".to_owned()]),
    )?;
    flow.step(
        "one verdict per game (validate = convert = play = library)",
        || verdicts::run(&[]),
    )?;
    let shared = root().join("../shared/corpus");
    if shared.is_dir() {
        flow.step("corpus checks (../shared/corpus)", || corpus::run(&[]))?;
    } else {
        println!(
            "xtask ci: skipping corpus checks: {} does not exist",
            shared.display()
        );
    }
    // The fuzz smoke is a step of its own (`cargo xtask fuzz`): installing
    // cargo-fuzz and building the targets with sanitizers took 269 s and
    // 1,444 s on this 2-core machine (measured under load), far past the
    // 10 minutes ci may take. `SCORESHEET_CI_FUZZ=1` runs it in ci anyway
    // (cargo-fuzz then installed when missing).
    if std::env::var_os("SCORESHEET_CI_FUZZ").is_some_and(|v| v == "1") {
        match fuzz::unavailable(true) {
            None => flow.step("fuzz smoke (10 s per target)", || {
                fuzz::smoke(&fuzz::TARGETS, 10)
            })?,
            Some(why) => println!("xtask ci: skipping the fuzz smoke run: {why}"),
        }
    } else {
        println!(
            "xtask ci: the fuzz smoke is not part of ci (installing cargo-fuzz and building the \
             targets took 28 minutes on 2 cores): run `cargo xtask fuzz`, or set SCORESHEET_CI_FUZZ=1"
        );
    }
    flow.finish();
    Ok(())
}

/// Runs the perft suites through the release binary: `crates/board/tests/perft.txt` and,
/// when they exist, the suites of `../shared/perft` (every Chess960 start position,
/// tricky and random positions), each count whose depth is at most `--depth` (default 6)
/// and whose nodes are at most `--nodes` (default 20 million). The unit tests check a
/// smaller slice of the same files with the same format.
fn perft(args: &[String]) -> Result<(), String> {
    let mut depth_cap = 6u32;
    let mut node_cap = 20_000_000u64;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depth" => {
                depth_cap = it
                    .next()
                    .and_then(|d| d.parse().ok())
                    .ok_or("--depth takes a number")?;
            }
            "--nodes" => {
                node_cap = it
                    .next()
                    .and_then(|d| d.parse().ok())
                    .ok_or("--nodes takes a number")?;
            }
            other => return Err(format!("unknown perft argument {other:?}")),
        }
    }
    let bin = util::release_binary()?;
    let mut suites = vec![root().join("crates/board/tests/perft.txt")];
    let shared = root().join("../shared/perft");
    if shared.is_dir() {
        for name in ["chess960.perft", "tricky.perft", "random.perft"] {
            suites.push(shared.join(name));
        }
    } else {
        println!(
            "xtask perft: skipping the shared suites: {} does not exist",
            shared.display()
        );
    }
    let mut failures = 0;
    for suite in &suites {
        failures += perft_suite(&bin, suite, depth_cap, node_cap)?;
    }
    if failures > 0 {
        Err(format!("{failures} perft counts differ"))
    } else {
        Ok(())
    }
}

/// Checks one suite (`id NAME`, `epd FEN`, `perft DEPTH NODES` lines, `#` comments),
/// printing each failure and a summary; returns the number of failures.
fn perft_suite(
    bin: &std::path::Path,
    suite: &std::path::Path,
    depth_cap: u32,
    node_cap: u64,
) -> Result<usize, String> {
    let name = util::rel(suite);
    let text = std::fs::read_to_string(suite).map_err(|e| format!("reading {name}: {e}"))?;
    let start = std::time::Instant::now();
    let (mut fen, mut id) = (String::new(), String::new());
    let (mut checked, mut failures, mut nodes) = (0usize, 0usize, 0u64);
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("id ") {
            rest.trim().clone_into(&mut id);
        } else if let Some(f) = line.strip_prefix("epd ") {
            fen = f.trim().to_owned();
            // Four fields (EPD): the counters the binary would otherwise note it assumes.
            if fen.split_whitespace().count() == 4 {
                fen.push_str(" 0 1");
            }
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let (Some(d), Some(want)) = (parts.next(), parts.next()) else {
                return Err(format!("{name}:{}: perft DEPTH NODES", n + 1));
            };
            let depth: u32 = d
                .parse()
                .map_err(|_| format!("{name}:{}: bad depth", n + 1))?;
            let want: u64 = want
                .parse()
                .map_err(|_| format!("{name}:{}: bad node count", n + 1))?;
            if depth > depth_cap || want > node_cap {
                continue;
            }
            let got = util::output(bin, &["perft", &fen, d])?;
            let got = got.trim();
            checked += 1;
            nodes += want;
            if got != want.to_string() {
                failures += 1;
                println!(
                    "FAIL {name}:{}: {id} {fen} depth {depth}: {got} (expected {want})",
                    n + 1
                );
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} {name}: {checked} counts (depth <= {depth_cap}, nodes <= {node_cap}), {failures} wrong, {nodes} nodes in {secs:.1} s",
        if failures == 0 { "ok  " } else { "FAIL" },
    );
    Ok(failures)
}
