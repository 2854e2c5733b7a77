//! What the tests of the binary share: a run of a command with a watchdog, so
//! that a hang fails the test instead of blocking CI.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
