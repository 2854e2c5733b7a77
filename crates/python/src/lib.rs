//! The native part of the `scoresheet` Python package: a thin frontend that
//! runs the batch library (`scoresheet_batch`) with the GIL released. The Python part (`python/scoresheet/`) turns its JSON lines into
//! dicts and its failures into exceptions.
//!
//! A `Job` runs `validate` on a thread of its own and hands its output over
//! in pieces of whole lines through a bounded channel, so memory stays bounded
//! however long the input (`Games` does the same for `read_games`); `convert`
//! runs `convert` to the end.

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use scoresheet_batch::{
    ConvertOptions, GameRecord, Input, Outcome, Range, RangeEnd, ReportFormat, Target,
    ValidateOptions,
};
use scoresheet_board::{EpStyle, Position};
use scoresheet_convert::Notation;
use scoresheet_convert::descriptive::KnightLetter;
use scoresheet_notation::lang::{Language, codes};

/// How much output is sent over the channel at once (whole lines).
const PIECE: usize = 1 << 18;
/// Pieces in flight: the Rust side waits when Python falls behind.
const PIECES_IN_FLIGHT: usize = 8;

/// A `Write` that hands whole JSON lines over a channel in pieces of about
/// [`PIECE`] bytes, each a JSON array of the lines.
struct LineSender {
    tx: SyncSender<Vec<u8>>,
    buf: Vec<u8>,
}

impl LineSender {
    /// Sends the whole lines buffered (all of it when `all`).
    fn send(&mut self, all: bool) -> io::Result<()> {
        let end = if all {
            self.buf.len()
        } else {
            match self.buf.iter().rposition(|&b| b == b'\n') {
                Some(i) => i + 1,
                None => return Ok(()),
            }
        };
        if end == 0 {
            return Ok(());
        }
        // The lines as one JSON array: Python parses it in one call, sharing
        // the keys, three to four times faster than line by line. A JSON line
        // holds no raw newline, so each newline is a separator.
        let mut piece = Vec::with_capacity(end + 2);
        piece.push(b'[');
        piece.extend(
            self.buf[..end]
                .iter()
                .map(|&b| if b == b'\n' { b',' } else { b }),
        );
        if piece.last() == Some(&b',') {
            piece.pop();
        }
        piece.push(b']');
        self.buf.drain(..end);
        self.tx
            .send(piece)
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the reader went away"))
    }
}

impl Write for LineSender {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= PIECE {
            self.send(false)?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A Python binary file object read from Rust (taking the GIL for each read).
struct PyReader(Py<PyAny>);

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let got = self
                .0
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(|e| io::Error::other(e.to_string()))?;
            if got.is_none() {
                // A non-blocking stream with nothing yet: read again.
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
            let bytes = got.cast::<PyBytes>().map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "the file object gave text, not bytes: open it in binary mode ('rb')",
                )
            })?;
            let bytes = bytes.as_bytes();
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

/// The inputs of `sources`: paths (files, directories searched as the
/// command searches them), bytes, or binary file objects, in order.
fn inputs(sources: &Bound<'_, PyAny>) -> PyResult<Vec<Input>> {
    let mut out = Vec::new();
    for source in sources.try_iter()? {
        let source = source?;
        if let Ok(bytes) = source.cast::<PyBytes>() {
            out.push(Input::reader(
                "<bytes>",
                Box::new(io::Cursor::new(bytes.as_bytes().to_vec())),
            ));
        } else if source.hasattr("read")? {
            let name = match source.getattr("name") {
                Ok(n) if n.is_instance_of::<PyString>() => n.extract::<String>()?,
                _ => "<file>".to_owned(),
            };
            out.push(Input::reader(name, Box::new(PyReader(source.unbind()))));
        } else if let Ok(path) = source.extract::<PathBuf>() {
            out.extend(scoresheet_batch::expand(&[path]));
        } else {
            return Err(PyTypeError::new_err(format!(
                "a source is a path, bytes or a binary file object, not {}",
                source.get_type().name()?
            )));
        }
    }
    Ok(out)
}

// The one place where Python's keyword arguments (a dict of them, made by
// `python/scoresheet/__init__.py`) become the batch library's options; a
// wrong value is a `ValueError`, which Python raises as a `UsageError`.

/// The value of `key` in `options`, `None` when missing or None.
fn get<'py, T: FromPyObjectOwned<'py>>(
    options: &Bound<'py, PyDict>,
    key: &str,
) -> PyResult<Option<T>> {
    match options.get_item(key)? {
        Some(v) if !v.is_none() => v
            .extract::<T>()
            .map(Some)
            .map_err(|e| PyValueError::new_err(format!("{key}: {}", Into::<PyErr>::into(e)))),
        _ => Ok(None),
    }
}

/// A flag of `options`: false when missing.
fn flag(options: &Bound<'_, PyDict>, key: &str) -> PyResult<bool> {
    Ok(get::<bool>(options, key)?.unwrap_or(false))
}

/// A language code of `options`.
fn language(options: &Bound<'_, PyDict>, key: &str) -> PyResult<Option<Language>> {
    let Some(code) = get::<String>(options, key)? else {
        return Ok(None);
    };
    Language::from_code(&code).map(Some).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown language code {code:?}: the codes are {}",
            codes()
        ))
    })
}

/// A start position of `options` (`startpos` for the standard one).
fn start(options: &Bound<'_, PyDict>) -> PyResult<Option<Position>> {
    let Some(fen) = get::<String>(options, "fen")? else {
        return Ok(None);
    };
    if fen.trim() == "startpos" {
        return Ok(Some(Position::new()));
    }
    Position::from_fen(&fen)
        .map(Some)
        .map_err(|e| PyValueError::new_err(format!("invalid FEN: {e}")))
}

/// One of `choices` (name, value) named by `key` in `options`, `default`
/// when missing.
fn choice<T: Copy>(
    options: &Bound<'_, PyDict>,
    key: &str,
    choices: &[(&str, T)],
    default: T,
) -> PyResult<T> {
    let Some(name) = get::<String>(options, key)? else {
        return Ok(default);
    };
    choices
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
            PyValueError::new_err(format!(
                "{key} must be one of {}, not {name:?}",
                names.join(", ")
            ))
        })
}

/// `validate`'s options from Python's: `strict`, `repair`, `lang`, `ep`
/// (`always` or `legal`), `jobs`, `fen`, `eco`; the reports are JSON.
fn validate_options(options: &Bound<'_, PyDict>) -> PyResult<ValidateOptions> {
    Ok(ValidateOptions {
        jobs: get::<usize>(options, "jobs")?,
        strict: flag(options, "strict")?,
        repair: flag(options, "repair")?,
        format: ReportFormat::Json,
        lang: language(options, "lang")?,
        ep: choice(
            options,
            "ep",
            &[("always", EpStyle::Always), ("legal", EpStyle::Legal)],
            EpStyle::Always,
        )?,
        fen: start(options)?,
        eco: flag(options, "eco")?,
        ..ValidateOptions::default()
    })
}

/// `convert`'s options from Python's: `to`, `from`, `style`, `knight`,
/// `lang`, `read_lang`, `strict`, `fix_results`, `fix_tags`, `eco`, `moves_only`,
/// `repair`, `notes`, `output`, `fen`; problems are reported in JSON.
fn convert_options(options: &Bound<'_, PyDict>) -> PyResult<ConvertOptions> {
    Ok(ConvertOptions {
        to: choice(
            options,
            "to",
            &[
                ("pgn", Target::Pgn),
                ("san", Target::San),
                ("lan", Target::Lan),
                ("uci", Target::Uci),
                ("fen", Target::Fen),
                ("descriptive", Target::Descriptive),
            ],
            Target::Pgn,
        )?,
        from: choice(
            options,
            "from",
            &[
                ("auto", None),
                ("san", Some(Notation::San)),
                ("lan", Some(Notation::Lan)),
                ("uci", Some(Notation::Uci)),
                ("descriptive", Some(Notation::Descriptive)),
            ],
            None,
        )?,
        strict: flag(options, "strict")?,
        notes: flag(options, "notes")?,
        fix_results: flag(options, "fix_results")?,
        fix_tags: flag(options, "fix_tags")?,
        eco: flag(options, "eco")?,
        moves_only: flag(options, "moves_only")?,
        repair: flag(options, "repair")?,
        output: get::<PathBuf>(options, "output")?,
        spaced: choice(
            options,
            "style",
            &[("compact", false), ("spaced", true)],
            false,
        )?,
        knight: choice(
            options,
            "knight",
            &[("n", KnightLetter::N), ("kt", KnightLetter::Kt)],
            KnightLetter::N,
        )?,
        lang: language(options, "lang")?,
        read_lang: language(options, "read_lang")?,
        fen: start(options)?,
        ..ConvertOptions::default()
    })
}

/// How a run ended, for Python: (exit code, what it said on standard error,
/// the error that stopped it or None).
type Ended = (u8, String, Option<String>);

fn ended(result: io::Result<Outcome>, err: Vec<u8>) -> Ended {
    let err = String::from_utf8_lossy(&err).into_owned();
    match result {
        Ok(Outcome::Clean) => (0, err, None),
        Ok(Outcome::Problems) => (1, err, None),
        Ok(Outcome::Failed) => (2, err, None),
        Err(e) => (2, err, Some(e.to_string())),
    }
}

/// `validate` running on a thread of its own: iterate it for pieces of its
/// JSON lines (bytes, each piece a JSON array of the lines), then call `result()`.
#[pyclass(module = "scoresheet._scoresheet")]
struct Job {
    run: Running<Vec<u8>>,
}

#[pymethods]
impl Job {
    /// Starts `validate` with `options` (see `validate_options`) over `sources`.
    #[new]
    fn new(options: &Bound<'_, PyDict>, sources: &Bound<'_, PyAny>) -> PyResult<Job> {
        let args = validate_options(options)?;
        let inputs = inputs(sources)?;
        if inputs.is_empty() {
            return Err(PyOSError::new_err(
                "no input file (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2) found",
            ));
        }
        let (tx, rx) = sync_channel(PIECES_IN_FLIGHT);
        let thread = std::thread::Builder::new()
            .name("scoresheet-validate".to_owned())
            .spawn(move || {
                let mut out = LineSender {
                    tx,
                    buf: Vec::new(),
                };
                let mut err = Vec::new();
                let result = scoresheet_batch::validate(&args, inputs, &mut out, &mut err)
                    .and_then(|o| out.send(true).map(|()| o));
                ended(result, err)
            })
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(Job {
            run: Running::new(rx, thread),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next piece (a JSON array of whole JSON lines), waiting with the GIL released.
    fn __next__(&self, py: Python<'_>) -> Option<Py<PyBytes>> {
        let piece = self.run.next(py)?;
        Some(PyBytes::new(py, &piece).unbind())
    }

    /// How the run ended, once the pieces are all read: (exit code, standard
    /// error's text, the error that stopped the run or None).
    fn result(&self, py: Python<'_>) -> PyResult<Ended> {
        self.run.result(py, "the validation thread failed")
    }
}

/// Games handed over at once by [`Games`].
const GAMES_AT_ONCE: usize = 256;

/// A game for Python: (tags as (name, value) pairs, start FEN, SAN moves, UCI
/// moves, result, the report's JSON).
type GameTuple = (
    Vec<(String, String)>,
    String,
    Vec<String>,
    Vec<String>,
    String,
    String,
);

/// `read_games` running on a thread of its own: iterate it for lists of
/// games, then call `result()`.
#[pyclass(module = "scoresheet._scoresheet")]
struct Games {
    run: Running<Vec<GameRecord>>,
}

#[pymethods]
impl Games {
    /// Starts reading the games of `sources` with `validate`'s `options`.
    #[new]
    fn new(options: &Bound<'_, PyDict>, sources: &Bound<'_, PyAny>) -> PyResult<Games> {
        let args = validate_options(options)?;
        let inputs = inputs(sources)?;
        if inputs.is_empty() {
            return Err(PyOSError::new_err(
                "no input file (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2) found",
            ));
        }
        let (tx, rx) = sync_channel::<Vec<GameRecord>>(PIECES_IN_FLIGHT);
        let thread = std::thread::Builder::new()
            .name("scoresheet-games".to_owned())
            .spawn(move || {
                let mut batch = Vec::with_capacity(GAMES_AT_ONCE);
                let gone = || io::Error::new(io::ErrorKind::BrokenPipe, "the reader went away");
                let mut each = |g: GameRecord| {
                    batch.push(g);
                    if batch.len() >= GAMES_AT_ONCE {
                        tx.send(std::mem::take(&mut batch)).map_err(|_| gone())?;
                    }
                    Ok(())
                };
                let mut err = Vec::new();
                let result = scoresheet_batch::read_games(&args, &inputs, &mut each, &mut err);
                let result = result.and_then(|o| {
                    if !batch.is_empty() {
                        tx.send(batch).map_err(|_| gone())?;
                    }
                    Ok(o)
                });
                ended(result, err)
            })
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(Games {
            run: Running::new(rx, thread),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next games, waiting with the GIL released.
    fn __next__(&self, py: Python<'_>) -> Option<Vec<GameTuple>> {
        let batch = self.run.next(py)?;
        Some(
            batch
                .into_iter()
                .map(|g| (g.tags, g.fen, g.san, g.uci, g.result, g.report))
                .collect(),
        )
    }

    /// How the run ended, once the games are all read: (exit code, standard
    /// error's text, the error that stopped the run or None).
    fn result(&self, py: Python<'_>) -> PyResult<Ended> {
        self.run.result(py, "the reading thread failed")
    }
}

/// A run on a thread of its own, handing over its output through a bounded
/// channel: what [`Job`] and [`Games`] iterate.
struct Running<T> {
    rx: Mutex<Option<Receiver<T>>>,
    thread: Mutex<Option<JoinHandle<Ended>>>,
}

impl<T: Send> Running<T> {
    fn new(rx: Receiver<T>, thread: JoinHandle<Ended>) -> Self {
        Running {
            rx: Mutex::new(Some(rx)),
            thread: Mutex::new(Some(thread)),
        }
    }

    /// The next item, waiting with the GIL released; `None` at the end.
    fn next(&self, py: Python<'_>) -> Option<T> {
        let rx = self.rx.lock().ok()?.take()?;
        let (rx, item) = py.detach(move || {
            let item = rx.recv().ok();
            (rx, item)
        });
        if let Ok(mut slot) = self.rx.lock() {
            *slot = Some(rx);
        }
        item
    }

    /// How the run ended (`failed`: what to say if its thread panicked).
    /// Whatever was not read is dropped: the run stops at its next write.
    fn result(&self, py: Python<'_>, failed: &str) -> PyResult<Ended> {
        if let Ok(mut rx) = self.rx.lock() {
            rx.take();
        }
        let thread = self.thread.lock().ok().and_then(|mut t| t.take());
        let Some(thread) = thread else {
            return Err(PyRuntimeError::new_err("result() was already taken"));
        };
        py.detach(|| thread.join())
            .map_err(|_| PyRuntimeError::new_err(failed.to_owned()))
    }
}

/// Runs `convert` with `options` (see `convert_options`) over `sources` to
/// the end, with the GIL released: (the converted text, exit code, standard
/// error's text, the error that stopped the run or None).
#[pyfunction]
fn convert(
    py: Python<'_>,
    options: &Bound<'_, PyDict>,
    sources: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyBytes>, Ended)> {
    let args = convert_options(options)?;
    let inputs = inputs(sources)?;
    if inputs.is_empty() {
        return Err(PyOSError::new_err(
            "no input file (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2) found",
        ));
    }
    let (text, ended) = py.detach(|| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let result = scoresheet_batch::convert(&args, inputs, &mut out, &mut err);
        (out, ended(result, err))
    });
    Ok((PyBytes::new(py, &text).unbind(), ended))
}

/// The inputs a list of paths names, in the command's order: for each, its
/// path, or None when it is not a regular file read in ranges.
#[pyfunction]
fn expand(paths: Vec<PathBuf>) -> Vec<(String, bool)> {
    scoresheet_batch::expand(&paths)
        .iter()
        .map(|i| (i.name(), matches!(i, Input::Path(_))))
        .collect()
}

/// A [`Range`] for Python: (offset, length, line, last, before_tag).
type RangeTuple = (u64, u64, u64, bool, bool);

/// The byte ranges of about `size` bytes a file is validated in, as
/// (offset, length, line, last, before_tag) tuples, or None when it must be
/// validated whole (compressed, a book, not a regular file, unreadable).
#[pyfunction]
fn ranges(py: Python<'_>, path: PathBuf, size: usize) -> Option<Vec<RangeTuple>> {
    let input = Input::Path(path);
    let found = py.detach(|| scoresheet_batch::ranges(&input, size));
    found.ok().flatten().map(|v| {
        v.iter()
            .map(|r| (r.offset, r.len, r.line, r.last, r.before_tag))
            .collect()
    })
}

/// Validates one range of a file (with `validate`'s `options`, JSON reports)
/// as a run over the whole file would: (its JSON lines, whether the rest of
/// the file was read with it, exit code, standard error's text, the error or
/// None).
#[pyfunction]
fn validate_range(
    py: Python<'_>,
    options: &Bound<'_, PyDict>,
    path: PathBuf,
    range: RangeTuple,
) -> PyResult<(Py<PyBytes>, bool, Ended)> {
    let args = validate_options(options)?;
    let (offset, len, line, last, before_tag) = range;
    let range = Range {
        offset,
        len,
        line,
        last,
        before_tag,
    };
    let input = Input::Path(path);
    let (text, rest, ended) = py.detach(|| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let result = scoresheet_batch::validate_range(&args, &input, range, &mut out, &mut err);
        let rest = matches!(result, Ok((_, RangeEnd::Rest)));
        (out, rest, ended(result.map(|(o, _)| o), err))
    });
    Ok((PyBytes::new(py, &text).unbind(), rest, ended))
}

/// Checks `validate`'s options: a `ValueError` saying what is wrong.
#[pyfunction]
fn check(options: &Bound<'_, PyDict>) -> PyResult<()> {
    validate_options(options).map(drop)
}

/// The most probable legal game behind a transcription (JSON candidates or
/// movetext, as `scoresheet decode` reads it), as its JSON text; a
/// `ValueError` for input that is not a transcription or a bad FEN.
#[pyfunction]
#[pyo3(signature = (text, fen=None))]
fn decode(py: Python<'_>, text: String, fen: Option<String>) -> PyResult<String> {
    py.detach(|| scoresheet_batch::decode::decode_text(&text, fen.as_deref()))
        .map_err(PyValueError::new_err)
}

/// The native module.
#[pymodule]
fn _scoresheet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Job>()?;
    m.add_class::<Games>()?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(expand, m)?)?;
    m.add_function(wrap_pyfunction!(ranges, m)?)?;
    m.add_function(wrap_pyfunction!(validate_range, m)?)?;
    Ok(())
}
