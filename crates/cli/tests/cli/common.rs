//! What the tests of the binary share: a run of a command with a watchdog, so
//! that a hang fails the test instead of blocking CI.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh, empty directory for one test case, `group/case` under the
/// integration tests' scratch directory.
pub fn scratch_dir(group: &str, case: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(case);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("creating the case directory");
    d
}

/// How long one run may take before it counts as a hang.
pub const WATCHDOG: Duration = Duration::from_secs(60);

/// What one run gave.
#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `program args` in `cwd` under the watchdog, standard input closed,
/// without timings or a progress bar.
pub fn run(cwd: &Path, program: &str, args: &[&str]) -> Run {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(cwd)
        .env("SCORESHEET_NO_TIMING", "1")
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running the command");
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting") {
            break status;
        }
        if start.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{program} {args:?} still running after {WATCHDOG:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&out.join().expect("stdout reader")).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().expect("stderr reader")).into_owned(),
    }
}

/// Every input of `fixtures/` (the hostile ones, book tables, FEN lists and
/// prose too), in sorted order.
pub fn fixture_inputs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).expect("listing fixtures") {
            let p = e.expect("a fixture").path();
            let name = p.to_string_lossy().into_owned();
            if p.is_dir() {
                dirs.push(p);
            } else if !name.ends_with(".expected") && !name.ends_with(".cmd") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// The fields `docs/JSON.md` lists in the table under `heading` (up to the
/// next heading): its rows' first cells, each name in backquotes.
pub fn json_doc_fields(heading: &str) -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/JSON.md")).expect("docs/JSON.md");
    let at = doc
        .find(heading)
        .unwrap_or_else(|| panic!("{heading} in docs/JSON.md"));
    let section = &doc[at + heading.len()..];
    let section = &section[..section.find("\n#").unwrap_or(section.len())];
    section
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split(" |").next())
        .flat_map(|cell| cell.split('`').step_by(2))
        .filter(|name| !name.is_empty() && !name.starts_with(','))
        .map(str::to_owned)
        .collect()
}

/// A directory whose walk skips something (a hidden directory beside a game
/// file): a run given it has `skipped` in its summary.
pub fn directory_with_a_hidden_game() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("walk-skips");
    std::fs::create_dir_all(dir.join(".hidden")).expect("a hidden directory");
    std::fs::write(dir.join("a.pgn"), "1. e4 e5 *\n").expect("a game");
    std::fs::write(dir.join(".hidden/b.pgn"), "1. d4 d5 *\n").expect("a hidden game");
    dir
}

/// The one game of `validate --format json` on `name` in `dir`.
pub fn one_game_report(dir: &Path, program: &str, name: &str) -> serde_json::Value {
    let r = run(dir, program, &["validate", "--format", "json", name]);
    let games: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &serde_json::Value| v["type"] == "game")
        .collect();
    assert_eq!(games.len(), 1, "{name}: {}", r.stdout);
    games.into_iter().next().expect("one game")
}

/// `convert --to uci --moves-only` of `name` in `dir`: the moves, result dropped.
pub fn uci_moves(dir: &Path, program: &str, name: &str) -> String {
    let r = run(
        dir,
        program,
        &["convert", "--to", "uci", "--moves-only", name],
    );
    assert_eq!(r.code, Some(0), "{name}: {}", r.stderr);
    let line = r.stdout.trim();
    line.rsplit_once(' ')
        .map_or(line, |(moves, _)| moves)
        .to_owned()
}

/// Every problem of a game's report in `list` (`errors`, `warnings`, `notes`)
/// of one kind, as its message.
pub fn messages(game: &serde_json::Value, list: &str, kind: &str) -> Vec<String> {
    game[list]
        .as_array()
        .expect(list)
        .iter()
        .filter(|n| n["kind"] == kind)
        .map(|n| n["message"].as_str().unwrap_or_default().to_owned())
        .collect()
}
