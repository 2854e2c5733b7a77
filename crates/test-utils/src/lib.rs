//! Golden-file checks shared by the integration tests of every crate of the
//! workspace: the one bless-or-compare loop.
//!
//! A golden case is an input file under `fixtures/` and the expected output
//! beside it. A test renders each input, and [`Goldens::check`] compares the
//! rendering with the expected file, or rewrites that file when the tests run
//! with `BLESS=1`. Every mismatch of a run is collected and reported at the
//! end by [`Goldens::finish`], each with a line diff, so one run shows every
//! case that changed.
//!
//! ```
//! use scoresheet_test_utils::Goldens;
//! let dir = std::env::temp_dir().join(format!("golden-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let expected = dir.join("case.expected");
//! std::fs::write(&expected, "e4 e5\n").unwrap();
//! let mut goldens = Goldens::new();
//! goldens.check(&expected, "e4 e5\n");
//! goldens.finish();
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The repository's `fixtures/` folder.
#[must_use]
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures")
}

/// The files of `dir` whose names end with `suffix` (`.pgn`, `.desc.txt`), in
/// sorted order.
///
/// # Panics
/// When `dir` cannot be read: a test's fixture folder must exist.
#[must_use]
pub fn cases(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(suffix))
        })
        .collect();
    files.sort();
    files
}

/// Whether this run rewrites the expected files (`BLESS=1`).
#[must_use]
pub fn blessing() -> bool {
    std::env::var_os("BLESS").is_some_and(|v| v == "1")
}

/// The expected files of one test: each checked or blessed, the mismatches
/// collected for [`Goldens::finish`].
#[derive(Debug)]
pub struct Goldens {
    bless: bool,
    checked: usize,
    failures: Vec<String>,
}

impl Default for Goldens {
    fn default() -> Goldens {
        Goldens::new()
    }
}

impl Goldens {
    /// A run that blesses when `BLESS=1` is set, and compares otherwise.
    #[must_use]
    pub fn new() -> Goldens {
        Goldens {
            bless: blessing(),
            checked: 0,
            failures: Vec::new(),
        }
    }

    /// Compares `actual` with the file `expected` (or writes it, blessing).
    ///
    /// # Panics
    /// When blessing and the file cannot be written.
    pub fn check(&mut self, expected: &Path, actual: &str) {
        self.checked += 1;
        if self.bless {
            std::fs::write(expected, actual)
                .unwrap_or_else(|e| panic!("{}: {e}", expected.display()));
            return;
        }
        match std::fs::read_to_string(expected) {
            Ok(want) if want == actual => {}
            Ok(want) => self.failures.push(format!(
                "{}\n{}",
                expected.display(),
                pretty_assertions::StrComparison::new(&want, actual)
            )),
            Err(e) => self.failures.push(format!("{}: {e}", expected.display())),
        }
    }

    /// Records a failure of a case that is not a difference of text (an `err`
    /// case that gave no error, say).
    pub fn fail(&mut self, case: &Path, why: &str) {
        self.failures.push(format!("{}: {why}", case.display()));
    }

    /// Ends the run.
    ///
    /// # Panics
    /// When a case failed (each is listed, with its diff: `<` expected, `>`
    /// actual), or when no case was checked at all (a fixture folder that
    /// moved must not pass silently).
    pub fn finish(self) {
        assert!(self.checked > 0, "no golden case was checked");
        if self.failures.is_empty() {
            return;
        }
        let mut report = format!(
            "{} of {} golden cases differ (run with BLESS=1 to accept the new output, then read the diff):\n",
            self.failures.len(),
            self.checked
        );
        for f in &self.failures {
            let _ = writeln!(report, "\n{f}");
        }
        panic!("{report}");
    }
}
