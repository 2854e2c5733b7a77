//! Small helpers: the repository root, running cargo and the built binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The repository root, found from this crate's manifest directory.
pub fn root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .map_or(manifest.clone(), Path::to_path_buf)
}

/// The cargo that runs us (so `cargo +toolchain xtask` keeps its toolchain).
pub fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

/// The gigabytes free on the disk holding `target/`, as `df` tells (none
/// where `df` is missing or says something else).
fn free_disk() -> Option<f64> {
    let dir = target_dir();
    let probe = if dir.exists() { dir } else { root() };
    let out = Command::new("df").arg("-Pk").arg(probe).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let kib: f64 = text
        .lines()
        .nth(1)?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()?;
    Some(kib / (1024.0 * 1024.0))
}

/// A sequence of named steps, timed, that stops at the first failure.
pub struct Flow {
    start: Instant,
}

impl Flow {
    pub fn new() -> Flow {
        Flow {
            start: Instant::now(),
        }
    }

    /// Runs `cargo ARGS`, failing with the command line that failed.
    pub fn cargo(&mut self, args: &[&str]) -> Result<(), String> {
        let line = format!("cargo {}", args.join(" "));
        self.step(&line.clone(), || {
            let status = cargo()
                .args(args)
                .status()
                .map_err(|e| format!("could not run {line}: {e}"))?;
            if status.success() {
                Ok(())
            } else {
                Err(format!("`{line}` failed ({status}); run it to see why"))
            }
        })
    }

    /// Runs one named step.
    pub fn step(
        &mut self,
        name: &str,
        f: impl FnOnce() -> Result<(), String>,
    ) -> Result<(), String> {
        println!("xtask: == {name}");
        let t = Instant::now();
        let outcome = f();
        // The disk left after each step: a CI machine once ran out of it
        // mid-build, and the log should show which step took it.
        let disk = free_disk().map_or(String::new(), |gb| format!(", {gb:.1} GB free"));
        match outcome {
            Ok(()) => {
                println!(
                    "xtask: ok {name} ({:.1} s{disk})",
                    t.elapsed().as_secs_f64()
                );
                Ok(())
            }
            Err(why) => {
                println!(
                    "xtask: failed {name} ({:.1} s{disk})",
                    t.elapsed().as_secs_f64()
                );
                Err(why)
            }
        }
    }

    pub fn finish(self) {
        println!(
            "xtask: all steps passed in {:.1} s",
            self.start.elapsed().as_secs_f64()
        );
    }
}

/// Builds the debug `scoresheet` binary (quietly) and returns its path: what
/// the checks that drive it as a user would (Python, the browser, Neovim) run.
pub fn debug_binary() -> Result<PathBuf, String> {
    let status = cargo()
        .args(["build", "--quiet", "--package", "scoresheet"])
        .status()
        .map_err(|e| format!("could not run cargo build: {e}"))?;
    if !status.success() {
        return Err("cargo build --package scoresheet failed".into());
    }
    Ok(target_dir().join("debug/scoresheet"))
}

/// Builds the release `scoresheet` binary (quietly) and returns its path.
pub fn release_binary() -> Result<PathBuf, String> {
    let status = cargo()
        .args(["build", "--quiet", "--release", "--package", "scoresheet"])
        .status()
        .map_err(|e| format!("could not run cargo build: {e}"))?;
    if !status.success() {
        return Err("cargo build --release --package scoresheet failed".into());
    }
    Ok(target_dir().join("release/scoresheet"))
}

/// The cargo target directory in use.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map_or_else(|| root().join("target"), |p| root().join(p))
}

/// Runs a program and returns its standard output, failing on a non-zero exit.
pub fn output(bin: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new(bin)
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    if !out.status.success() {
        return Err(format!(
            "{} {} failed ({})",
            bin.display(),
            args.join(" "),
            out.status
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Every file below `dir` (recursively), sorted by path.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `path` relative to the repository root, with `/` separators.
pub fn rel(path: &Path) -> String {
    let r = root();
    path.strip_prefix(&r)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}
