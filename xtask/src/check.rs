//! Golden checks of the `scoresheet` binary: every case under `fixtures/` that
//! names a command has its expected output beside it.
//!
//! Two kinds of case:
//! - `fixtures/cli/NNNN_name.cmd`: the first line holds the arguments (split on
//!   white space; `"..."` keeps spaces), and an optional `--- stdin` line starts
//!   the text fed to standard input.
//! - Inputs whose directory says what to run on them (see [`RULES`]), for example
//!   every `fixtures/validate/**/*.pgn` is run as `scoresheet validate FILE`.
//!
//! The expected file, `<case>.expected` beside the case, holds the command, the
//! exit status, standard output and standard error. Only `cargo xtask bless`
//! writes it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::util::{rel, release_binary, root, walk};

/// Directories whose inputs are run through a fixed command: (directory, input
/// extension, arguments before the file).
/// The first rule whose directory holds the input applies.
const RULES: &[(&str, &str, &[&str])] = &[
    ("fixtures/resolve/strict", ".pgn", &["validate", "--strict"]),
    ("fixtures/resolve", ".pgn", &["validate"]),
    ("fixtures/validate", ".pgn", &["validate"]),
    ("fixtures/verdicts", ".pgn", &["validate"]),
    ("fixtures/play", ".pgn", &["play"]),
    ("fixtures/play", ".desc.txt", &["play"]),
];

struct Case {
    /// The case file (`.cmd`) or input file.
    path: PathBuf,
    args: Vec<String>,
    stdin: Option<Vec<u8>>,
}

pub fn run(args: &[String], bless: bool) -> Result<(), String> {
    let dir = match args {
        [] => root().join("fixtures"),
        [d] => root().join(d),
        _ => return Err("check takes at most one directory".into()),
    };
    let bin = release_binary()?;
    let cases = collect(&dir)?;
    if cases.is_empty() {
        println!("xtask check: no command cases under {}", rel(&dir));
        return Ok(());
    }
    let mut failed = Vec::new();
    for case in &cases {
        let actual = execute(&bin, case)?;
        let expected_path = expected_path(&case.path);
        if bless {
            std::fs::write(&expected_path, &actual)
                .map_err(|e| format!("writing {}: {e}", rel(&expected_path)))?;
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            println!(
                "xtask check: {} differs from its expected output:\n{}",
                rel(&case.path),
                pretty_assertions::StrComparison::new(&expected, &actual)
            );
            failed.push(rel(&case.path));
        }
    }
    if bless {
        println!("xtask bless: wrote {} expected files", cases.len());
        return Ok(());
    }
    if failed.is_empty() {
        println!("xtask check: {} cases match", cases.len());
        Ok(())
    } else {
        Err(format!(
            "{} of {} cases differ: {}\nif the new output is right, regenerate with: cargo xtask bless",
            failed.len(),
            cases.len(),
            failed.join(", ")
        ))
    }
}

fn expected_path(case: &Path) -> PathBuf {
    let mut name = case.as_os_str().to_owned();
    name.push(".expected");
    PathBuf::from(name)
}

fn collect(dir: &Path) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    for path in walk(dir) {
        let r = rel(&path);
        if r.ends_with(".expected") {
            continue;
        }
        if r.starts_with("fixtures/cli/") && r.ends_with(".cmd") {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {r}: {e}"))?;
            let (first, stdin) = match text.split_once("\n--- stdin\n") {
                Some((a, s)) => (a, Some(s.as_bytes().to_vec())),
                None => (text.as_str(), None),
            };
            let args = split_args(first.lines().next().unwrap_or_default());
            cases.push(Case { path, args, stdin });
            continue;
        }
        for (rule_dir, ext, pre) in RULES {
            if r.starts_with(&format!("{rule_dir}/")) && r.ends_with(ext) {
                let mut args: Vec<String> = pre.iter().map(|s| (*s).to_owned()).collect();
                args.push(r.clone());
                cases.push(Case {
                    path: path.clone(),
                    args,
                    stdin: None,
                });
                break;
            }
        }
    }
    Ok(cases)
}

/// Splits on white space; `"a b"` stays one argument.
fn split_args(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    args.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        args.push(cur);
    }
    args
}

/// Runs one case from the repository root and renders what it did.
fn execute(bin: &Path, case: &Case) -> Result<String, String> {
    let mut cmd = Command::new(bin);
    cmd.args(&case.args)
        .current_dir(root())
        .env("SCORESHEET_NO_TIMING", "1")
        .env("NO_COLOR", "1")
        .stdin(if case.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    if let (Some(input), Some(mut pipe)) = (&case.stdin, child.stdin.take()) {
        use std::io::Write;
        // The program may exit before reading everything; that is its business.
        let _ = pipe.write_all(input);
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("waiting for {}: {e}", bin.display()))?;
    let status = out
        .status
        .code()
        .map_or_else(|| "killed by a signal".to_owned(), |c| c.to_string());
    Ok(format!(
        "$ scoresheet {}\nstatus: {status}\n--- stdout\n{}--- stderr\n{}",
        case.args
            .iter()
            .map(|a| if a.contains(' ') || a.is_empty() {
                format!("\"{a}\"")
            } else {
                a.clone()
            })
            .collect::<Vec<_>>()
            .join(" "),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    ))
}
