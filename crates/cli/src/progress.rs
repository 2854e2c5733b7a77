//! The progress bar of `validate` and `convert`: drawn on standard error when
//! it is a terminal, never into a pipe, a file or a test's output.
//!
//! The bar counts the bytes read from the inputs as they are on disk (a
//! compressed file's compressed bytes), against the sum of the inputs' sizes on
//! disk; with an input read as a stream (standard input, a pipe) the total is
//! not known and a spinner shows the bytes read and the rate, with no ETA. Its
//! message names the file being reported and the games per second. Bytes are
//! counted in decimal units (kB, MB, GB), as the summary line counts them.
//! It is moved on once per block or batch of games, never per game.

use std::io::{self, IsTerminal, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use crate::input::Input;
use crate::report::printable;

/// The bar's layout with a known total: position, total, rate, ETA, message.
const BAR: &str =
    "{bar:30} {decimal_bytes}/{decimal_total_bytes} {decimal_bytes_per_sec} ETA {eta} {wide_msg}";

/// The spinner's layout, for inputs of unknown size: no total, no ETA.
const SPINNER: &str = "{spinner} {decimal_bytes} {decimal_bytes_per_sec} {wide_msg}";

/// Whether a run draws the bar: standard error is a terminal, neither
/// `--no-progress` nor `SCORESHEET_NO_PROGRESS` is given, and the run is not
/// `--quiet` nor writing a machine format (`quiet_or_machine`).
pub fn shown(no_progress: bool, quiet_or_machine: bool) -> bool {
    !no_progress
        && !quiet_or_machine
        && std::env::var_os("SCORESHEET_NO_PROGRESS").is_none()
        && io::stderr().is_terminal()
}

/// The bar's total: the sum of the inputs' sizes on disk (compressed files by
/// their compressed size), or `None` when an input is read as a stream, whose
/// size is not known. An input that cannot be read adds nothing.
pub fn total(inputs: &[Input]) -> Option<u64> {
    inputs
        .iter()
        .map(|i| match i {
            Input::Bad(..) => Some(0),
            _ => i.len(),
        })
        .sum()
}

/// The bar's message: the file being reported, the games so far and their rate.
pub fn message(file: &str, games: u64, elapsed: Duration) -> String {
    let rate = games as f64 / elapsed.as_secs_f64().max(1e-3);
    format!("{}: {games} games, {rate:.0} games/s", printable(file))
}

/// The bytes read from each input and from all, as they are on disk.
///
/// An input read twice (the rest of a file opened again where a block was cut
/// inside a game) counts each byte once: an input's count is the farthest any
/// of its readers got.
#[derive(Debug)]
pub struct Meter {
    /// The sum of the inputs' counts.
    total: AtomicU64,
    /// Each input's farthest position read.
    inputs: Vec<AtomicU64>,
}

impl Meter {
    /// A meter for `inputs` inputs, at zero.
    pub fn new(inputs: usize) -> Meter {
        Meter {
            total: AtomicU64::new(0),
            inputs: (0..inputs).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The bytes read over all inputs.
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// Input `input` was read up to `pos`.
    fn reached(&self, input: usize, pos: u64) {
        let Some(count) = self.inputs.get(input) else {
            return;
        };
        let before = count.fetch_max(pos, Ordering::Relaxed);
        if pos > before {
            self.total.fetch_add(pos - before, Ordering::Relaxed);
        }
    }
}

/// A reader of input `input` that tells `meter` how far it read.
pub struct Counting<R> {
    inner: R,
    meter: Arc<Meter>,
    input: usize,
    pos: u64,
}

impl<R> Counting<R> {
    /// Counts what `inner`, a reader of input `input` from its start, reads.
    pub fn new(inner: R, meter: Arc<Meter>, input: usize) -> Counting<R> {
        Counting {
            inner,
            meter,
            input,
            pos: 0,
        }
    }
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n > 0 {
            self.pos += n as u64;
            self.meter.reached(self.input, self.pos);
        }
        Ok(n)
    }
}

/// The progress of a run: the bar (hidden when not drawn) and, when drawn, the
/// meter of the bytes read.
pub struct Progress {
    bar: ProgressBar,
    meter: Option<Arc<Meter>>,
    start: Instant,
}

impl Progress {
    /// The progress of a run over `inputs`, drawn when `show` ([`shown`]).
    pub fn new(inputs: &[Input], show: bool) -> Progress {
        if !show {
            return Progress::hidden();
        }
        let total = total(inputs);
        let bar = total.map_or_else(ProgressBar::new_spinner, ProgressBar::new);
        if let Ok(style) = ProgressStyle::with_template(template(total)) {
            bar.set_style(style);
        }
        Progress {
            bar,
            meter: Some(Arc::new(Meter::new(inputs.len()))),
            start: Instant::now(),
        }
    }

    /// No bar, nothing counted.
    pub fn hidden() -> Progress {
        Progress {
            bar: ProgressBar::hidden(),
            meter: None,
            start: Instant::now(),
        }
    }

    /// Opens input `i` of the run, its bytes counted when the bar is drawn.
    ///
    /// # Errors
    /// As [`Input::open`].
    pub fn open(&self, inputs: &[Input], i: usize) -> io::Result<Box<dyn Read + Send>> {
        let Some(input) = inputs.get(i) else {
            return Err(io::Error::other("no such input"));
        };
        match &self.meter {
            None => input.open(),
            Some(meter) => input.open_with(|raw| Box::new(Counting::new(raw, meter.clone(), i))),
        }
    }

    /// Moves the bar on: `games` games reported so far, the last of `file`.
    /// Called once per block or batch.
    pub fn update(&self, file: &str, games: u64) {
        let Some(meter) = &self.meter else {
            return;
        };
        self.bar.set_position(meter.total());
        self.bar
            .set_message(message(file, games, self.start.elapsed()));
    }

    /// Runs `f` (which writes to the terminal) with the bar taken off it.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        if self.meter.is_none() {
            return f();
        }
        self.bar.suspend(f)
    }

    /// Takes the bar off the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The layout for a total (`None`: unknown).
fn template(total: Option<u64>) -> &'static str {
    if total.is_some() { BAR } else { SPINNER }
}

#[cfg(test)]
mod tests;
