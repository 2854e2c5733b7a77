//! The `console` blocks of README.md and docs/*.md are real runs: each `$ `
//! line is run by `sh` with the release binary first on `PATH`, and what it
//! prints (standard output and standard error, in the order written) must be
//! the lines below it. A line `...` stands for any number of lines, so a long
//! output can show its start and end. `cargo xtask bless` rewrites the
//! outputs (keeping as many lines around a `...` as the block shows).
//!
//! Each block runs in a directory of its own under `target/tmp` where
//! `fixtures` is the repository's, so commands name fixtures as a user in the
//! repository would and files they write go nowhere else. Timings are left out
//! of summaries (`SCORESHEET_NO_TIMING`), as in the golden checks.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::util::{rel, release_binary, root, target_dir};

/// The line that stands for any number of output lines.
const ELISION: &str = "...";

/// One `$ ` command of a block and the output shown under it.
struct Step {
    command: String,
    shown: Vec<String>,
}

/// One `console` block: its steps, and the lines of the file it spans
/// (after the opening fence, before the closing one).
struct Block {
    steps: Vec<Step>,
    lines: std::ops::Range<usize>,
}

/// Checks (or with `bless`, rewrites) every console block.
pub fn run(bless: bool) -> Result<(), String> {
    let bin = release_binary()?;
    let bin_dir = bin.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .map_err(|e| format!("reading docs/: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let (mut blocks_run, mut failed) = (0, Vec::new());
    for file in &files {
        let text =
            std::fs::read_to_string(file).map_err(|e| format!("reading {}: {e}", rel(file)))?;
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let blocks = blocks(&lines);
        // Rewritten from the last block up, so earlier line numbers hold.
        let mut rewritten = Vec::new();
        for (n, block) in blocks.iter().enumerate() {
            if let Some(missing) = missing_program(block) {
                println!(
                    "xtask console: skipping a block of {} at line {}: `{missing}` is not installed",
                    rel(file),
                    block.lines.start
                );
                continue;
            }
            blocks_run += 1;
            let dir = target_dir().join(format!("tmp/console/{}-{n}", file_stem(file)));
            let outputs = run_block(block, &dir, &bin_dir)?;
            let mut new_lines = Vec::new();
            for (step, actual) in block.steps.iter().zip(&outputs) {
                new_lines.push(format!("$ {}", step.command));
                if !matches(&step.shown, actual) {
                    if !bless {
                        println!(
                            "xtask console: {}:{}: `{}` prints:\n{}",
                            rel(file),
                            block.lines.start,
                            step.command,
                            pretty_assertions::StrComparison::new(
                                &step.shown.join("\n"),
                                &actual.join("\n")
                            )
                        );
                    }
                    failed.push(format!("{}:{}", rel(file), block.lines.start));
                    new_lines.extend(elide_like(&step.shown, actual));
                } else {
                    new_lines.extend(step.shown.iter().cloned());
                }
            }
            rewritten.push((block.lines.clone(), new_lines));
        }
        if bless {
            for (range, new_lines) in rewritten.into_iter().rev() {
                lines.splice(range, new_lines);
            }
            let mut out = lines.join("\n");
            out.push('\n');
            if out != text {
                std::fs::write(file, out).map_err(|e| format!("writing {}: {e}", rel(file)))?;
                println!("xtask bless: rewrote the console blocks of {}", rel(file));
            }
        }
    }
    if bless || failed.is_empty() {
        println!("xtask console: {blocks_run} console blocks run");
        Ok(())
    } else {
        failed.dedup();
        Err(format!(
            "{} console blocks differ from what the commands print: {}\nif the new output is right, regenerate with: cargo xtask bless",
            failed.len(),
            failed.join(", ")
        ))
    }
}

fn file_stem(file: &Path) -> String {
    file.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The console blocks of a file's lines.
fn blocks(lines: &[String]) -> Vec<Block> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "```console" {
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut end = start;
        while end < lines.len() && lines[end].trim_end() != "```" {
            end += 1;
        }
        let mut steps: Vec<Step> = Vec::new();
        for line in &lines[start..end] {
            if let Some(command) = line.strip_prefix("$ ") {
                steps.push(Step {
                    command: command.to_owned(),
                    shown: Vec::new(),
                });
            } else if let Some(step) = steps.last_mut() {
                step.shown.push(line.clone());
            }
        }
        out.push(Block {
            steps,
            lines: start..end,
        });
        i = end + 1;
    }
    out
}

/// A program other than the binary and the shell's own that a block's
/// commands need and this machine lacks (`jq`).
fn missing_program(block: &Block) -> Option<&'static str> {
    const OPTIONAL: &[&str] = &["jq"];
    OPTIONAL.iter().copied().find(|program| {
        block.steps.iter().any(|s| {
            s.command
                .split(|c: char| c.is_whitespace() || c == '|')
                .any(|w| w == *program)
        }) && !on_path(program)
    })
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// Runs a block's commands in order in a fresh `dir`, returning each one's
/// output lines.
fn run_block(block: &Block, dir: &Path, bin_dir: &Path) -> Result<Vec<Vec<String>>, String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    link_fixtures(dir)?;
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin_dir.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    let path = std::env::join_paths(paths).map_err(|e| e.to_string())?;
    let mut outputs = Vec::new();
    for step in &block.steps {
        // One pipe for both streams keeps them in the order they were written.
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("exec 2>&1\n{}", step.command))
            .current_dir(dir)
            .env("PATH", &path)
            .env("SCORESHEET_NO_TIMING", "1")
            .env("SCORESHEET_NO_PROGRESS", "1")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("could not run sh: {e}"))?;
        let text = String::from_utf8_lossy(&out.stdout);
        outputs.push(text.lines().map(str::to_owned).collect());
    }
    Ok(outputs)
}

#[cfg(unix)]
fn link_fixtures(dir: &Path) -> Result<(), String> {
    std::os::unix::fs::symlink(root().join("fixtures"), dir.join("fixtures"))
        .map_err(|e| format!("linking fixtures into {}: {e}", dir.display()))
}

#[cfg(not(unix))]
fn link_fixtures(_dir: &Path) -> Result<(), String> {
    Err("the console examples run on Unix only".into())
}

/// Whether the output shown (with at most one `...`) fits the actual output.
fn matches(shown: &[String], actual: &[String]) -> bool {
    match shown.iter().position(|l| l == ELISION) {
        None => shown == actual,
        Some(at) => {
            let (head, tail) = (&shown[..at], &shown[at + 1..]);
            actual.len() >= head.len() + tail.len()
                && actual.starts_with(head)
                && actual.ends_with(tail)
        }
    }
}

/// The actual output shown as the block shows its output: whole, or with as
/// many lines before and after a `...` as it had.
fn elide_like(shown: &[String], actual: &[String]) -> Vec<String> {
    match shown.iter().position(|l| l == ELISION) {
        Some(at) if actual.len() > shown.len() => {
            let tail = shown.len() - at - 1;
            let mut out = actual[..at].to_vec();
            out.push(ELISION.to_owned());
            out.extend_from_slice(&actual[actual.len() - tail..]);
            out
        }
        _ => actual.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn an_elision_stands_for_any_lines_between_head_and_tail() {
        let actual = lines("a\nb\nc\nd");
        assert!(matches(&lines("a\n...\nd"), &actual));
        assert!(matches(&lines("...\nc\nd"), &actual));
        assert!(!matches(&lines("a\n...\nc"), &actual));
        assert!(!matches(&lines("a\nb\nc"), &actual));
        assert_eq!(elide_like(&lines("x\n...\ny"), &actual), lines("a\n...\nd"));
    }

    #[test]
    fn blocks_are_split_into_commands_and_their_output() {
        let text = lines("text\n```console\n$ one\nout 1\n$ two\n```\n```sh\n$ not run\n```");
        let b = blocks(&text);
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].lines, 2..5);
        assert_eq!(b[0].steps[0].command, "one");
        assert_eq!(b[0].steps[0].shown, ["out 1"]);
        assert!(b[0].steps[1].shown.is_empty());
    }
}
