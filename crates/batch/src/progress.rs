//! The progress of `validate` and `convert`: the bytes read from the inputs,
//! counted as they are on disk (a compressed file's compressed bytes), and a
//! [`ProgressView`] the frontend draws them with (the binary's bar on a
//! terminal; nothing in a pipe, a file, a test or a library call).
//!
//! The total is the sum of the inputs' sizes on disk, or unknown when an
//! input is read as a stream (standard input, a pipe). The view is moved on
//! once per block or batch of games, never per game, with a message naming
//! the file being reported and the games per second.

use std::collections::HashMap;
use std::io::{self, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::input::Reopen;

use crate::input::Input;
use crate::report::printable;

/// The total of a run's bytes: the sum of the inputs' sizes on disk (compressed files by
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

/// The progress message: the file being reported, the games so far and their rate.
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
        Counting::from(inner, meter, input, 0)
    }

    /// Counts what `inner`, a reader of input `input` from byte `pos`, reads.
    pub fn from(inner: R, meter: Arc<Meter>, input: usize, pos: u64) -> Counting<R> {
        Counting {
            inner,
            meter,
            input,
            pos,
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

/// What draws a run's progress (the binary's progress bar): told the bytes
/// read so far and a message once per block or batch.
pub trait ProgressView: Send + Sync {
    /// `bytes` of the inputs read so far (of `total`, when known: see
    /// [`total`]), and the message to show ([`message`]).
    fn show(&self, bytes: u64, message: &str);
    /// Runs `f`, which writes to the terminal, with the view taken off it.
    fn suspend(&self, f: &mut dyn FnMut());
    /// Takes the view off the terminal for good.
    fn finish(&self);
}

/// The progress of a run: the meter of the bytes read and the view drawing
/// it, or nothing at all ([`Progress::hidden`]).
///
/// It is also where a run opens its inputs: each regular file is opened once
/// and kept open while its games may still be read on from a point (where a
/// block was cut inside a game: [`Progress::resume`]), so that its path is
/// never opened a second time.
pub struct Progress {
    shown: Option<(Arc<Meter>, Box<dyn ProgressView>)>,
    start: Instant,
    /// The regular files opened, by input index, until released.
    opened: Mutex<HashMap<usize, Reopen>>,
}

impl Progress {
    /// The progress of a run over `inputs`, drawn by `view`.
    pub fn new(inputs: &[Input], view: Box<dyn ProgressView>) -> Progress {
        Progress {
            shown: Some((Arc::new(Meter::new(inputs.len())), view)),
            start: Instant::now(),
            opened: Mutex::default(),
        }
    }

    /// No view, nothing counted.
    pub fn hidden() -> Progress {
        Progress {
            shown: None,
            start: Instant::now(),
            opened: Mutex::default(),
        }
    }

    /// Opens input `i` of the run, its bytes counted when the progress is shown.
    ///
    /// # Errors
    /// As [`Input::open`].
    pub fn open(&self, inputs: &[Input], i: usize) -> io::Result<Box<dyn Read + Send>> {
        let Some(input) = inputs.get(i) else {
            return Err(io::Error::other("no such input"));
        };
        let (text, reopen) = match &self.shown {
            None => input.open_once(|raw| raw)?,
            Some((meter, _)) => {
                input.open_once(|raw| Box::new(Counting::new(raw, meter.clone(), i)))?
            }
        };
        if let Some(reopen) = reopen {
            self.opened_files().insert(i, reopen);
        }
        Ok(text)
    }

    /// The text of input `i` from offset `at` of its text on, read again from
    /// the file [`Progress::open`] opened (never from its path again).
    ///
    /// # Errors
    /// The input was not opened as a regular file (or was released), or it
    /// cannot be read up to `at`.
    pub fn resume(&self, i: usize, at: u64) -> io::Result<Box<dyn Read + Send>> {
        let reopen = self.opened_files().get(&i).cloned().ok_or_else(|| {
            io::Error::other("this input is not open: it cannot be read on from a point")
        })?;
        match &self.shown {
            None => reopen.text_from(at, |raw, _| raw),
            Some((meter, _)) => reopen.text_from(at, |raw, pos| {
                Box::new(Counting::from(raw, meter.clone(), i, pos))
            }),
        }
    }

    /// Keeps open the file of input `i` alone, in the place of any opened
    /// before ([`Progress::resume`] needs it): `validate_range`'s range was
    /// read from it.
    pub(crate) fn adopt(&self, i: usize, reopen: Reopen) {
        self.opened_files().insert(i, reopen);
    }

    /// Closes the files of the inputs before input `i`: their games are all
    /// reported, none will be read on.
    pub fn release_before(&self, i: usize) {
        self.opened_files().retain(|&input, _| input >= i);
    }

    fn opened_files(&self) -> std::sync::MutexGuard<'_, HashMap<usize, Reopen>> {
        self.opened
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Moves the view on: `games` games reported so far, the last of `file`.
    /// Called once per block or batch.
    pub fn update(&self, file: &str, games: u64) {
        let Some((meter, view)) = &self.shown else {
            return;
        };
        view.show(meter.total(), &message(file, games, self.start.elapsed()));
    }

    /// Runs `f` (which writes to the terminal) with the view taken off it.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        let Some((_, view)) = &self.shown else {
            return f();
        };
        let mut f = Some(f);
        let mut out = None;
        view.suspend(&mut || {
            if let Some(f) = f.take() {
                out = Some(f());
            }
        });
        match (out, f) {
            (Some(out), _) => out,
            // A view that did not run `f`: run it here.
            (None, Some(f)) => f(),
            (None, None) => unreachable!("`f` ran and gave its value"),
        }
    }

    /// Takes the view off the terminal.
    pub fn finish(&self) {
        self.opened_files().clear();
        if let Some((_, view)) = &self.shown {
            view.finish();
        }
    }
}

#[cfg(test)]
mod tests;
