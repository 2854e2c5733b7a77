//! Outputs, signals, pipes and terminals through the real binary (issue 29):
//! no output is an input by any name or stream, an output through a symlink
//! replaces the file it points to and keeps its permissions, a signal leaves no
//! temporary file and the old outputs intact, a closed pipe gives the outcome
//! of the games judged so far, and one Ctrl-D ends standard input on a
//! terminal. See docs/RELIABILITY.md.

use std::io::Write as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;

use crate::common::{Run, WATCHDOG, run};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// A valid game of 7 plies, 71 bytes.
const GAME: &str =
    "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";

/// An invalid game (the king cannot go to e3).
const BAD: &str = "1. e4 e5 2. Ke3 *\n\n";

/// A fresh directory for each case.
fn scratch(case: &str) -> PathBuf {
    crate::common::scratch_dir("outputs", case)
}

/// Runs a bash script in `cwd`, `$S` being the binary (for redirections).
fn bash(cwd: &Path, script: &str) -> Run {
    run(cwd, "bash", &["-c", &format!("S='{BIN}'; {script}")])
}

/// The names in `dir`, sorted (hidden ones too).
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("listing the directory")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    v.sort();
    v
}

#[test]
fn an_output_that_is_an_input_by_any_stream_is_refused_and_the_input_kept() {
    let dir = scratch("stream-is-input");
    for (script, said) in [
        // Standard output appended to the input: it would grow for ever.
        (
            "$S convert --to san y.pgn >> y.pgn",
            "standard output is also an input (y.pgn)",
        ),
        (
            "$S validate y.pgn >> y.pgn",
            "standard output is also an input (y.pgn)",
        ),
        (
            "$S play y.pgn >> y.pgn",
            "standard output is also an input (y.pgn)",
        ),
        (
            "$S convert --to san < y.pgn >> y.pgn",
            "standard output is also an input (standard input)",
        ),
        (
            "$S validate - < y.pgn 1<> y.pgn",
            "standard output is also an input (standard input)",
        ),
        // An output file that standard input is read from: it would be
        // replaced before it is read.
        (
            "$S convert --to pgn -o y.pgn < y.pgn",
            "y.pgn: the output is also an input (standard input)",
        ),
        (
            "$S validate --valid-out y.pgn < y.pgn",
            "y.pgn: the output is also an input (standard input)",
        ),
        (
            "$S validate --invalid-out link.pgn < y.pgn",
            "link.pgn: the output is also an input (standard input)",
        ),
        (
            "$S validate --duplicates-out y.pgn --dedup - < y.pgn",
            "y.pgn: the output is also an input (standard input)",
        ),
    ] {
        std::fs::write(dir.join("y.pgn"), GAME.repeat(3)).expect("writing the input");
        let _ = std::fs::remove_file(dir.join("link.pgn"));
        std::os::unix::fs::symlink("y.pgn", dir.join("link.pgn")).expect("a symlink");
        let r = bash(&dir, script);
        assert_eq!(r.code, Some(2), "{script}: {}", r.stderr);
        assert!(r.stderr.contains(said), "{script}: {}", r.stderr);
        let kept = std::fs::read_to_string(dir.join("y.pgn")).expect("reading the input");
        assert_eq!(kept, GAME.repeat(3), "{script}");
        assert_eq!(names(&dir), ["link.pgn", "y.pgn"], "{script}");
    }
    // Standard output to another file, or to /dev/null, is no input.
    let r = bash(
        &dir,
        "$S convert --to uci --moves-only y.pgn > other.uci && $S validate y.pgn > /dev/null && cat other.uci",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (
            Some(0),
            "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 1-0\n"
                .repeat(3)
                .as_str()
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn an_output_through_a_symlink_replaces_the_file_it_points_to_and_keeps_its_mode() {
    let dir = scratch("symlink-output");
    std::fs::create_dir_all(dir.join("kept")).expect("a directory");
    std::fs::write(dir.join("x.pgn"), GAME.repeat(2) + BAD).expect("writing the input");
    for (flag, out, expected) in [
        (
            "-o",
            "uci.txt",
            "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 1-0\n".repeat(2),
        ),
        (
            "--valid-out",
            "valid.pgn",
            GAME.repeat(2).trim_end().to_owned() + "\n",
        ),
        (
            "--invalid-out",
            "invalid.pgn",
            BAD.trim_end().to_owned() + "\n",
        ),
    ] {
        let target = dir.join("kept").join(out);
        std::fs::write(&target, "old").expect("the old output");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640))
            .expect("its mode");
        let link = dir.join(format!("link-{out}"));
        std::os::unix::fs::symlink(Path::new("kept").join(out), &link).expect("a symlink");
        let link_name = format!("link-{out}");
        let args: Vec<&str> = if flag == "-o" {
            vec![
                "convert",
                "--to",
                "uci",
                "--moves-only",
                "x.pgn",
                "-o",
                &link_name,
            ]
        } else {
            vec!["validate", "-q", "x.pgn", flag, &link_name]
        };
        let r = run(&dir, BIN, &args);
        assert_eq!(r.code, Some(1), "{flag}: {}", r.stderr);
        assert!(
            !r.stderr.contains("scoresheet: error"),
            "{flag}: {}",
            r.stderr
        );
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("the link")
                .file_type()
                .is_symlink(),
            "{flag}: the link is kept"
        );
        let meta = std::fs::metadata(&target).expect("the target");
        assert_eq!(meta.permissions().mode() & 0o777, 0o640, "{flag}");
        assert_eq!(
            std::fs::read_to_string(&target).expect("the new output"),
            expected,
            "{flag}"
        );
    }
    // No temporary file is left beside the targets.
    assert_eq!(
        names(&dir.join("kept")),
        ["invalid.pgn", "uci.txt", "valid.pgn"]
    );
}

/// Starts `scoresheet args` in `cwd` reading a standard input that the test
/// keeps open, so that the run waits in the middle of its work.
fn start_waiting(cwd: &Path, args: &[&str]) -> Child {
    Command::new(BIN)
        .args(args)
        .current_dir(cwd)
        .env("SCORESHEET_NO_TIMING", "1")
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting scoresheet")
}

/// Waits for `child` under the watchdog.
fn wait(child: &mut Child) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waiting") {
            return status;
        }
        if start.elapsed() > WATCHDOG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {WATCHDOG:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_signal_removes_the_temporary_outputs_keeps_the_old_ones_and_exits_128_and_its_number() {
    let dir = scratch("signals");
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        for args in [
            &["convert", "--to", "uci", "-o", "out.uci"][..],
            &[
                "validate",
                "--valid-out",
                "valid.pgn",
                "--invalid-out",
                "out.uci",
            ][..],
        ] {
            std::fs::write(dir.join("out.uci"), "old").expect("the old output");
            let _ = std::fs::remove_file(dir.join("valid.pgn"));
            let mut child = start_waiting(&dir, args);
            let mut stdin = child.stdin.take().expect("stdin is piped");
            // Games go in (a megabyte: the run is reading and writing), the
            // input stays open.
            let games = GAME.repeat(15_000);
            stdin.write_all(games.as_bytes()).expect("feeding games");
            let start = Instant::now();
            while !names(&dir).iter().any(|n| n.ends_with(".tmp")) {
                assert!(start.elapsed() < WATCHDOG, "{args:?}: no temporary output");
                std::thread::sleep(Duration::from_millis(10));
            }
            let sent = Command::new("kill")
                .args([&format!("-{signal}"), &child.id().to_string()])
                .status()
                .expect("kill");
            assert!(sent.success());
            let status = wait(&mut child);
            drop(stdin);
            assert_eq!(status.code(), Some(code), "{signal} {args:?}");
            assert_eq!(
                names(&dir),
                ["out.uci"],
                "{signal} {args:?}: the temporary outputs are removed"
            );
            assert_eq!(
                std::fs::read_to_string(dir.join("out.uci")).expect("the old output"),
                "old",
                "{signal} {args:?}"
            );
        }
    }
}

/// Runs `scoresheet args` in `cwd` and closes its standard output after the
/// first `keep` bytes, as `| head -c` does; gives the exit code and standard
/// error.
fn closed_after(cwd: &Path, args: &[&str], keep: usize) -> (Option<i32>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(cwd)
        .env("SCORESHEET_NO_TIMING", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    {
        let mut stdout = child.stdout.take().expect("stdout");
        let mut first = vec![0u8; keep];
        std::io::Read::read_exact(&mut stdout, &mut first).expect("the first bytes");
    }
    let mut err = child.stderr.take().expect("stderr");
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let status = wait(&mut child);
    (status.code(), err.join().expect("stderr"))
}

#[test]
fn a_closed_output_pipe_gives_the_outcome_of_the_games_judged_and_completes_the_split() {
    let dir = scratch("closed-pipe");
    // Invalid games first, many of them: the pipe closes before the end.
    let mixed = BAD.repeat(20_000) + &GAME.repeat(20_000);
    std::fs::write(dir.join("mixed.pgn"), &mixed).expect("writing");
    std::fs::write(dir.join("good.pgn"), GAME.repeat(20_000)).expect("writing");
    for jobs in ["1", "2"] {
        // Invalid games judged: 1, never 0 (the games seen were invalid) nor 101.
        for format in ["human", "json"] {
            let args = ["validate", "--jobs", jobs, "--format", format, "mixed.pgn"];
            assert_eq!(
                closed_after(&dir, &args, 64),
                (Some(1), String::new()),
                "{args:?}"
            );
        }
        let args = ["validate", "--jobs", jobs, "good.pgn", "--format", "json"];
        assert_eq!(closed_after(&dir, &args, 64), (Some(0), String::new()));
        // The split's files are completed whatever the reader of the reports does.
        let args = [
            "validate",
            "--jobs",
            jobs,
            "--format",
            "json",
            "mixed.pgn",
            "--valid-out",
            "v.pgn",
            "--invalid-out",
            "i.pgn",
        ];
        assert_eq!(closed_after(&dir, &args, 64), (Some(1), String::new()));
        let valid = std::fs::read_to_string(dir.join("v.pgn")).expect("the valid games");
        let invalid = std::fs::read_to_string(dir.join("i.pgn")).expect("the invalid games");
        assert_eq!(valid.matches("[Event").count(), 20_000);
        assert_eq!(invalid.matches("Ke3").count(), 20_000);
    }
    // convert: refused games seen give 1, a clean start 0.
    let args = ["convert", "--to", "san", "mixed.pgn"];
    let (code, err) = closed_after(&dir, &args, 0);
    assert_eq!(code, Some(1), "{err}");
    let args = ["convert", "--to", "san", "good.pgn"];
    assert_eq!(closed_after(&dir, &args, 64), (Some(0), String::new()));
    // play: likewise.
    let (code, err) = closed_after(&dir, &["play", "mixed.pgn"], 64);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        closed_after(&dir, &["play", "good.pgn"], 64),
        (Some(0), String::new())
    );
}

/// Drives the binary on a terminal (python's `pty`): types a game, then
/// Ctrl-D at the start of a line until the run ends (at most four), and prints
/// how many were needed, the exit code and what the terminal showed, as JSON.
const ON_A_TERMINAL: &str = r#"
import json, os, pty, select, sys, time
exe, args = sys.argv[1], sys.argv[2:]
env = dict(os.environ, SCORESHEET_NO_TIMING="1", SCORESHEET_NO_PROGRESS="1")
pid, fd = pty.fork()
if pid == 0:
    os.execve(exe, [exe] + args, env)
shown = b""
def drain(seconds):
    global shown
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                shown += os.read(fd, 65536)
            except OSError:
                pass
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
    return None
os.write(fd, b'[Event "e"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n')
status = drain(0.3)
ends = 0
while status is None and ends < 4:
    os.write(fd, b"\x04")
    ends += 1
    status = drain(10)
if status is None:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
try:
    while True:
        more = os.read(fd, 65536)
        if not more:
            break
        shown += more
except OSError:
    pass
code = os.waitstatus_to_exitcode(status) if status is not None else None
print(json.dumps({"ctrl_d": ends, "code": code, "shown": shown.decode("utf-8", "replace")}))
"#;

#[test]
fn one_ctrl_d_ends_standard_input_on_a_terminal_after_a_hint() {
    let dir = scratch("terminal");
    for args in [
        &["validate"][..],
        &["validate", "--jobs", "1", "--format", "json"][..],
        &["convert", "--to", "uci"][..],
        &["play", "-"][..],
    ] {
        let mut all = vec!["-c", ON_A_TERMINAL, BIN];
        all.extend_from_slice(args);
        let r = run(&dir, "python3", &all);
        assert_eq!(r.code, Some(0), "python3 with its pty module: {}", r.stderr);
        let seen: serde_json::Value = serde_json::from_str(&r.stdout).expect("the driver's JSON");
        assert_eq!(seen["ctrl_d"], 1, "{args:?}: {seen}");
        assert_eq!(seen["code"], 0, "{args:?}: {seen}");
        let shown = seen["shown"].as_str().expect("what the terminal showed");
        assert_eq!(
            shown
                .matches("scoresheet: reading games from standard input (end with Ctrl-D")
                .count(),
            1,
            "{args:?}: {shown}"
        );
    }
}
