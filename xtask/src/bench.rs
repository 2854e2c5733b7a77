//! `cargo xtask bench`: our throughput against the baseline program
//! (`../shared/bench/baseline`, pgn-reader + shakmaty), measured side by side
//! in one run, alternating, with the median of several runs.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::corpus::baseline_binary;
use crate::util::{release_binary, root, walk};

struct Measure {
    secs: f64,
    /// User plus system CPU seconds, when `/usr/bin/time` reports them.
    cpu: Option<f64>,
    rss_kib: Option<u64>,
}

/// Runs a command twice: alone, for its wall time, then under `/usr/bin/time`
/// (when it exists) for its CPU time and peak RSS. The wrapper's own start and
/// exit would add a fixed half millisecond or so to the wall time, which on a
/// run of 20 ms moves the ratios by a few percent.
fn measure(bin: &Path, args: &[String]) -> Result<Measure, String> {
    let start = Instant::now();
    run_to_end(Command::new(bin), bin, args)?;
    let secs = start.elapsed().as_secs_f64();
    let (cpu, rss_kib) = timed(bin, args)?;
    Ok(Measure { secs, cpu, rss_kib })
}

/// Runs `cmd` (`bin` with `args`, or a wrapper of it) to its end, its output
/// discarded; gives its standard error.
fn run_to_end(mut cmd: Command, bin: &Path, args: &[String]) -> Result<String, String> {
    let out = cmd
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .env("SCORESHEET_NO_PROGRESS", "1")
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0 | 1) => Ok(err),
        other => Err(format!(
            "{} {} exited with {other:?}: {err}",
            bin.display(),
            args.join(" "),
        )),
    }
}

/// CPU seconds (user plus system) and peak RSS of a run, from `/usr/bin/time`.
fn timed(bin: &Path, args: &[String]) -> Result<(Option<f64>, Option<u64>), String> {
    let time = Path::new("/usr/bin/time");
    if !time.is_file() {
        return Ok((None, None));
    }
    let mut cmd = Command::new(time);
    cmd.args(["-f", "%U %S %M"]).arg(bin);
    let err = run_to_end(cmd, bin, args)?;
    let fields: Vec<f64> = err
        .lines()
        .last()
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    Ok(match fields.as_slice() {
        [u, s, m] => (Some(u + s), Some(*m as u64)),
        _ => (None, None),
    })
}

/// Runs two commands at once and waits for both, twice (alone, then under
/// `/usr/bin/time`, as [`measure`] does): the wall time until the last ends,
/// the CPU time of both, the larger peak RSS.
fn measure_pair(bin: &Path, a: &[String], b: &[String]) -> Result<Measure, String> {
    let start = Instant::now();
    let (first, second) = std::thread::scope(|s| {
        let other = s.spawn(|| run_to_end(Command::new(bin), bin, b));
        (run_to_end(Command::new(bin), bin, a), other.join())
    });
    let secs = start.elapsed().as_secs_f64();
    first?;
    second.map_err(|_| "a measuring thread panicked".to_owned())??;
    let (first, second) = std::thread::scope(|s| {
        let other = s.spawn(|| timed(bin, b));
        (timed(bin, a), other.join())
    });
    let (cpu_a, rss_a) = first?;
    let (cpu_b, rss_b) = second.map_err(|_| "a measuring thread panicked".to_owned())??;
    Ok(Measure {
        secs,
        cpu: cpu_a.zip(cpu_b).map(|(x, y)| x + y),
        rss_kib: rss_a.max(rss_b),
    })
}

/// Splits `files` in two lists of about the same number of bytes.
fn halves(files: &[String]) -> (Vec<String>, Vec<String>) {
    let mut sized: Vec<(u64, &String)> = files
        .iter()
        .map(|f| (std::fs::metadata(f).map_or(0, |m| m.len()), f))
        .collect();
    sized.sort_by_key(|x| std::cmp::Reverse(x.0));
    let (mut a, mut b) = ((0u64, Vec::new()), (0u64, Vec::new()));
    for (len, f) in sized {
        let side = if a.0 <= b.0 { &mut a } else { &mut b };
        side.0 += len;
        side.1.push(f.clone());
    }
    (a.1, b.1)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

/// A row of the table: its name, the program, its arguments, and the arguments
/// of a second process run at the same time, if any.
type Variant = (String, PathBuf, Vec<String>, Option<Vec<String>>);

struct Row {
    name: String,
    secs: f64,
    cpu: f64,
    rss_kib: Option<u64>,
}

/// Counts games and plies of a set of files with our validator's JSON summary.
fn counts(bin: &Path, files: &[String]) -> Result<(u64, u64, u64), String> {
    let out = Command::new(bin)
        .args(["validate", "--format", "json", "--summary-only"])
        .args(files)
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("could not run scoresheet: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().last().unwrap_or_default();
    let v: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("bad summary {line:?}: {e}"))?;
    let s = &v["summary"];
    Ok((
        s["bytes"].as_u64().unwrap_or(0),
        s["games"].as_u64().unwrap_or(0),
        s["plies"].as_u64().unwrap_or(0),
    ))
}

fn set(dir: &Path, sub: &str) -> Vec<String> {
    walk(&dir.join(sub))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .map(|p| p.to_string_lossy().into_owned())
        .collect()
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut runs = 9usize;
    let mut big = false;
    let mut dir = root().join("../shared/corpus");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => {
                runs = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--runs takes a number")?;
            }
            "--big" => big = true,
            "--hostile" => return crate::hostile::run(),
            d => dir = root().join(d),
        }
    }
    let ours = release_binary()?;
    let theirs = baseline_binary()?;
    let library = crate::verdicts::board_example("validate_file")?;
    println!(
        "machine: {} cores; scoresheet {}; baseline {}",
        std::thread::available_parallelism().map_or(0, usize::from),
        ours.display(),
        theirs.display()
    );
    for sub in ["strict", "online"] {
        let mut files = set(&dir, sub);
        let mut rounds = runs;
        if sub == "online" {
            // One megabyte is too little to time: read the list 20 times, as the
            // baseline's own measurements do. Even so a run lasts 20 to 60 ms,
            // where a millisecond of the VM's drift moves a ratio by 2 to 5 %:
            // three times the rounds (a few seconds) steady the medians.
            files = (0..20).flat_map(|_| files.clone()).collect();
            rounds = runs * 3;
        }
        if files.is_empty() {
            println!("{sub}: no files under {}", dir.join(sub).display());
            continue;
        }
        let (bytes, games, plies) = counts(&ours, &files)?;
        let mut variants: Vec<Variant> = vec![
            (
                "baseline (pgn-reader + shakmaty)".into(),
                theirs.clone(),
                [vec!["--quiet".to_owned()], files.clone()].concat(),
                None,
            ),
            (
                "scoresheet validate --jobs 1".into(),
                ours.clone(),
                [
                    vec![
                        "validate".into(),
                        "--quiet".into(),
                        "--jobs".into(),
                        "1".into(),
                    ],
                    files.clone(),
                ]
                .concat(),
                None,
            ),
            (
                "scoresheet validate --jobs 2".into(),
                ours.clone(),
                [
                    vec![
                        "validate".into(),
                        "--quiet".into(),
                        "--jobs".into(),
                        "2".into(),
                    ],
                    files.clone(),
                ]
                .concat(),
                None,
            ),
        ];
        // The library's judge through its example program: what a Rust user gets.
        variants.push((
            "library judge (example validate_file)".into(),
            library.clone(),
            files.clone(),
            None,
        ));
        // What two cores give at most here: two `--jobs 1` processes on halves of
        // the files, sharing nothing (the ceiling for `--jobs 2`).
        let (left, right) = halves(&files);
        let jobs1 = |half: Vec<String>| {
            [
                vec![
                    "validate".into(),
                    "--quiet".into(),
                    "--jobs".into(),
                    "1".into(),
                ],
                half,
            ]
            .concat()
        };
        variants.push((
            "two processes --jobs 1, half the files each".into(),
            ours.clone(),
            jobs1(left),
            Some(jobs1(right)),
        ));
        if sub == "strict" {
            variants.push((
                "scoresheet convert --to pgn".into(),
                ours.clone(),
                [
                    vec![
                        "convert".into(),
                        "--to".into(),
                        "pgn".into(),
                        "-o".into(),
                        "/dev/null".into(),
                    ],
                    files.clone(),
                ]
                .concat(),
                None,
            ));
        }
        if sub == "strict" {
            python_rows(&mut variants, &ours, &files);
        }
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); variants.len()];
        let mut cpus: Vec<Vec<f64>> = vec![Vec::new(); variants.len()];
        let mut rss: Vec<Option<u64>> = vec![None; variants.len()];
        // One warm-up round, then alternate so that drift hits every variant alike.
        for round in 0..=rounds {
            for (i, (_, bin, a, b)) in variants.iter().enumerate() {
                let m = match b {
                    None => measure(bin, a)?,
                    Some(b) => measure_pair(bin, a, b)?,
                };
                if round > 0 {
                    times[i].push(m.secs);
                    cpus[i].push(m.cpu.unwrap_or(f64::NAN));
                    rss[i] = rss[i].max(m.rss_kib);
                }
            }
        }
        let rows: Vec<Row> = variants
            .iter()
            .zip(times)
            .zip(cpus)
            .zip(rss)
            .map(|((((name, _, _, _), t), c), r)| Row {
                name: name.clone(),
                secs: median(t),
                cpu: median(c),
                rss_kib: r,
            })
            .collect();
        print_table(sub, bytes, games, plies, rounds, &rows);
        let secs = |name: &str| {
            rows.iter()
                .find(|r| r.name.starts_with(name))
                .map_or(f64::NAN, |r| r.secs)
        };
        let one = secs("scoresheet validate --jobs 1");
        println!(
            "\nscaling on this machine: --jobs 2 gives {:.2}x of --jobs 1; two separate processes give {:.2}x (the ceiling)",
            one / secs("scoresheet validate --jobs 2"),
            one / secs("two processes")
        );
        let json = secs("scoresheet validate --jobs 1 --format json");
        if json.is_finite() && secs("python").is_finite() {
            println!(
                "python: scoresheet.validate(jobs=1), every report a dict, gives {:.0} % of the throughput of `scoresheet validate --jobs 1 --format json`",
                100.0 * json / secs("python")
            );
        }
    }
    perft_rows(&ours, &theirs, runs.min(3))?;
    if big {
        big_run(&ours, &dir)?;
    }
    Ok(())
}

/// The Python package beside the command writing the same reports:
/// `scoresheet validate --jobs 1 --format json` and `scoresheet.validate(jobs=1)`
/// reading every report as a dict (a release build of the package); skipped,
/// saying why, without python3 or the package index.
fn python_rows(variants: &mut Vec<Variant>, ours: &Path, files: &[String]) {
    variants.push((
        "scoresheet validate --jobs 1 --format json".into(),
        ours.to_path_buf(),
        [
            vec![
                "validate".into(),
                "--jobs".into(),
                "1".into(),
                "--format".into(),
                "json".into(),
            ],
            files.to_vec(),
        ]
        .concat(),
        None,
    ));
    match crate::python::bench_program() {
        Ok((python, args)) => variants.push((
            "python scoresheet.validate(jobs=1), every report a dict".into(),
            python,
            [args, files.to_vec()].concat(),
            None,
        )),
        Err(why) => println!("python row skipped: {why}"),
    }
}

fn print_table(set: &str, bytes: u64, games: u64, plies: u64, runs: usize, rows: &[Row]) {
    let base = rows.first().map_or(f64::NAN, |r| r.secs);
    let base_cpu = rows.first().map_or(f64::NAN, |r| r.cpu);
    println!(
        "\n{set}: {bytes} bytes, {games} games, {plies} plies; median of {runs} runs\n\
         | tool | wall s | CPU s | MB/s (wall) | games/s | plies/s | peak RSS MiB | ratio to baseline (wall) | ratio (CPU) |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for r in rows {
        println!(
            "| {} | {:.3} | {:.3} | {:.1} | {:.0} | {:.2} M | {} | {:.2} | {:.2} |",
            r.name,
            r.secs,
            r.cpu,
            bytes as f64 / r.secs / 1e6,
            games as f64 / r.secs,
            plies as f64 / r.secs / 1e6,
            r.rss_kib
                .map_or_else(|| "n/a".to_owned(), |k| format!("{:.1}", k as f64 / 1024.0)),
            base / r.secs,
            base_cpu / r.cpu
        );
    }
}

fn perft_rows(ours: &Path, theirs: &Path, runs: usize) -> Result<(), String> {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned();
    let ours_args = vec!["perft".to_owned(), start.clone(), "6".to_owned()];
    let theirs_args = ours_args.clone();
    let mut t_ours = Vec::new();
    let mut t_theirs = Vec::new();
    for _ in 0..runs.max(1) {
        let t = measure(theirs, &theirs_args)?;
        t_theirs.push(t.cpu.unwrap_or(t.secs));
        let o = measure(ours, &ours_args)?;
        t_ours.push(o.cpu.unwrap_or(o.secs));
    }
    // CPU seconds: single-threaded either way, and steadier than wall time on a shared machine.
    let (a, b) = (median(t_theirs), median(t_ours));
    println!(
        "\nperft start position depth 6 (119,060,324 nodes):\n\
         | tool | CPU s | Mnodes/s | ratio to baseline |\n| --- | ---: | ---: | ---: |\n\
         | baseline (shakmaty) | {a:.3} | {:.1} | 1.00 |\n| scoresheet perft | {b:.3} | {:.1} | {:.2} |",
        119_060_324.0 / a / 1e6,
        119_060_324.0 / b / 1e6,
        a / b
    );
    Ok(())
}

/// Concatenates the corpus into a multi-gigabyte file and measures peak memory.
fn big_run(ours: &Path, dir: &Path) -> Result<(), String> {
    let target = root().join("target/bench-big.pgn");
    let want: u64 = 2_000_000_000;
    let have = std::fs::metadata(&target).map_or(0, |m| m.len());
    if have < want {
        use std::io::Write;
        let files = set(dir, "strict");
        let mut out = std::io::BufWriter::new(
            std::fs::File::create(&target)
                .map_err(|e| format!("creating {}: {e}", target.display()))?,
        );
        let mut written = 0u64;
        'outer: loop {
            for f in &files {
                let data = std::fs::read(f).map_err(|e| format!("reading {f}: {e}"))?;
                out.write_all(&data)
                    .and_then(|()| out.write_all(b"\n\n"))
                    .map_err(|e| e.to_string())?;
                written += data.len() as u64 + 2;
                if written >= want {
                    break 'outer;
                }
            }
        }
        out.flush().map_err(|e| e.to_string())?;
    }
    let args = vec![
        "validate".to_owned(),
        "--quiet".to_owned(),
        target.to_string_lossy().into_owned(),
    ];
    let m = measure(ours, &args)?;
    let size = std::fs::metadata(&target).map_or(0, |m| m.len());
    println!(
        "\nbig input: {:.2} GB in {:.1} s ({:.1} MB/s), peak RSS {}",
        size as f64 / 1e9,
        m.secs,
        size as f64 / m.secs / 1e6,
        m.rss_kib.map_or_else(
            || "n/a".to_owned(),
            |k| format!("{:.1} MiB", k as f64 / 1024.0)
        )
    );
    Ok(())
}
