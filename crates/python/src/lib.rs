//! The native part of the `scoresheet` Python package: a thin frontend that
//! runs the batch library (`scoresheet_batch`) with the GIL released. The
//! Python part (`python/scoresheet/`) turns its failures into exceptions.
//!
//! A `Job` runs `validate` on a thread of its own and hands the games'
//! reports (values, not text) over in batches through a bounded channel, so
//! memory stays bounded however long the input; the dicts Python sees are
//! built here, from the reports, with no JSON in between (`Games` does the
//! same for `read_games`); `convert` runs `convert` to the end.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::thread::JoinHandle;

use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};

use scoresheet_batch::{
    At, CleanReport, Collected, ConvertOptions, GameRecord, GameReport, Input, Outcome, Problem,
    Range, RangeEnd, ReportFormat, Target, ValidateOptions,
};
use scoresheet_board::dedup::DedupBy;
use scoresheet_board::{EpStyle, Position};
use scoresheet_convert::Notation;
use scoresheet_convert::descriptive::KnightLetter;
use scoresheet_notation::kinds::KindSet;
use scoresheet_notation::lang::{Language, codes};
use scoresheet_notation::{Kind, Severity};

/// Reports handed over at once by [`Job`]'s thread.
const REPORTS_AT_ONCE: usize = 256;
/// Reports in a list [`Job`] gives Python at once. Few, so that the objects
/// of the reports not yet read stay under the count of new objects that
/// starts a run of Python's garbage collector (700): with lists of 256, each
/// list started one, which went through its reports (5 objects each, all
/// alive) and moved them on to the older generations (50 M instructions on
/// the strict corpus, 126 collections; with lists of 32, where the caller
/// drops each report once read, hardly any).
const REPORTS_PER_LIST: usize = 32;
/// Batches in flight: the Rust side waits when Python falls behind.
const PIECES_IN_FLIGHT: usize = 8;
/// How often a wait for the next batch lets Python handle its signals
/// (Ctrl-C), in milliseconds.
const SIGNAL_POLL_MS: u64 = 50;

/// A Python binary file object read from Rust (taking the GIL for each
/// read). A `read(n)` that gives more than `n` bytes (some wrappers do) keeps
/// the rest for the next reads: no byte is lost.
struct PyReader {
    file: Py<PyAny>,
    /// Bytes read from the file and not yet handed on, from `at`.
    pending: Vec<u8>,
    at: usize,
}

impl PyReader {
    fn new(file: Py<PyAny>) -> PyReader {
        PyReader {
            file,
            pending: Vec::new(),
            at: 0,
        }
    }
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at < self.pending.len() {
            let n = (self.pending.len() - self.at).min(buf.len());
            buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
            self.at += n;
            return Ok(n);
        }
        let file = &self.file;
        let (pending, n) = Python::attach(|py| -> io::Result<(Vec<u8>, usize)> {
            let got = file
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(|e| io::Error::other(e.to_string()))?;
            if got.is_none() {
                // A non-blocking stream with nothing yet: read again.
                return Err(io::Error::from(io::ErrorKind::Interrupted));
            }
            let bytes = if let Ok(b) = got.cast::<PyBytes>() {
                b.as_bytes().to_vec()
            } else if got.is_instance_of::<PyString>() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "the file object gave text, not bytes: open it in binary mode ('rb')",
                ));
            } else {
                // bytearray, memoryview: anything that holds bytes.
                got.extract::<Vec<u8>>().map_err(|_| {
                    io::Error::new(
                        io::ErrorKind::InvalidData,
                        "the file object's read() gave neither bytes nor None",
                    )
                })?
            };
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok((bytes, n))
        })?;
        if pending.len() > n {
            self.pending = pending;
            self.at = n;
        }
        Ok(n)
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
            out.push(Input::reader(
                name,
                Box::new(PyReader::new(source.unbind())),
            ));
        } else if let Ok(path) = source.extract::<PathBuf>() {
            // `-` is a file: standard input is `sys.stdin.buffer`.
            out.extend(scoresheet_batch::expand_files(&[path]));
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

/// The value of `key` in `options`, `None` when missing or None; a value of
/// another type is a `ValueError` naming the keyword, what it must be
/// (`what`) and the value given.
fn get<'py, T: FromPyObjectOwned<'py>>(
    options: &Bound<'py, PyDict>,
    key: &str,
    what: &str,
) -> PyResult<Option<T>> {
    match options.get_item(key)? {
        Some(v) if !v.is_none() => v.extract::<T>().map(Some).map_err(|_| wrong(key, what, &v)),
        _ => Ok(None),
    }
}

/// `jobs must be a positive integer, got -1`.
fn wrong(key: &str, what: &str, value: &Bound<'_, PyAny>) -> PyErr {
    let shown = value
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string_lossy().into_owned());
    PyValueError::new_err(format!("{key} must be {what}, got {shown}"))
}

/// A flag of `options`: false when missing (Python gives `bool(value)`).
fn flag(options: &Bound<'_, PyDict>, key: &str) -> PyResult<bool> {
    Ok(get::<bool>(options, key, "True or False")?.unwrap_or(false))
}

/// A language code of `options`.
fn language(options: &Bound<'_, PyDict>, key: &str) -> PyResult<Option<Language>> {
    let Some(code) = get::<String>(options, key, "a language code (a string)")? else {
        return Ok(None);
    };
    Language::from_code(&code).map(Some).ok_or_else(|| {
        PyValueError::new_err(format!(
            "{key} must be a language code ({}), got {code:?}",
            codes()
        ))
    })
}

/// A start position of `options` (`startpos` for the standard one).
fn start(options: &Bound<'_, PyDict>) -> PyResult<Option<Position>> {
    let Some(fen) = get::<String>(options, "fen", "a FEN (a string)")? else {
        return Ok(None);
    };
    if fen.trim() == "startpos" {
        return Ok(Some(Position::new()));
    }
    Position::from_fen(&fen).map(Some).map_err(|e| {
        PyValueError::new_err(format!("fen must be a legal position, got {fen:?}: {e}"))
    })
}

/// One of `choices` (name, value) named by `key` in `options`, `default`
/// when missing.
fn choice<T: Copy>(
    options: &Bound<'_, PyDict>,
    key: &str,
    choices: &[(&str, T)],
    default: T,
) -> PyResult<T> {
    let names: Vec<String> = choices.iter().map(|(n, _)| format!("{n:?}")).collect();
    let what = format!("one of {}", names.join(", "));
    let Some(name) = get::<String>(options, key, &what)? else {
        return Ok(default);
    };
    choices
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .ok_or_else(|| PyValueError::new_err(format!("{key} must be {what}, got {name:?}")))
}

/// The worker threads of `options`' `jobs`: a positive integer, or None for
/// every core.
fn jobs(options: &Bound<'_, PyDict>) -> PyResult<Option<usize>> {
    const WHAT: &str = "a positive integer (or None: every core)";
    let Some(value) = options.get_item("jobs")?.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    // `True` is an int to Python, never a number of threads.
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(wrong("jobs", WHAT, &value));
    }
    match value.extract::<i64>() {
        Ok(n) if n > 0 => Ok(Some(usize::try_from(n).unwrap_or(usize::MAX))),
        _ => Err(wrong("jobs", WHAT, &value)),
    }
}

/// The kinds `key` names (a kind's name, or a list of them), as `--deny` or
/// `--allow` take them: a set, and whether `warnings` was among them (for
/// `deny`: every warning an error). Only warnings and notes can be allowed.
fn kinds(options: &Bound<'_, PyDict>, key: &str) -> PyResult<(KindSet, bool)> {
    const WHAT: &str = "a kind's name or a list of them";
    let mut set = KindSet::default();
    let mut warnings = false;
    let Some(value) = options.get_item(key)?.filter(|v| !v.is_none()) else {
        return Ok((set, warnings));
    };
    let names: Vec<String> = if let Ok(one) = value.extract::<String>() {
        vec![one]
    } else {
        value
            .extract::<Vec<String>>()
            .map_err(|_| wrong(key, WHAT, &value))?
    };
    for name in names {
        if key == "deny" && name == "warnings" {
            warnings = true;
            continue;
        }
        match Kind::from_name(&name) {
            Some(k) if key == "allow" && k.severity() == Severity::Error => {
                return Err(PyValueError::new_err(format!(
                    "allow must name warnings and notes, got {name:?}, which is always an error"
                )));
            }
            Some(k) => set.add(k),
            None => {
                return Err(PyValueError::new_err(format!(
                    "{key} must name kinds of problems (`scoresheet explain --list-kinds`), got {name:?}"
                )));
            }
        }
    }
    Ok((set, warnings))
}

/// `validate`'s options from Python's: `strict`, `repair`, `lang`, `ep`
/// (`always` or `legal`), `jobs`, `fen`, `dedup` (`moves`, `tags`),
/// `deny`, `allow`, `summary_only`, `invalid_only`, `eco`; the reports are JSON.
fn validate_options(options: &Bound<'_, PyDict>) -> PyResult<ValidateOptions> {
    let (deny, deny_warnings) = kinds(options, "deny")?;
    let (allow, _) = kinds(options, "allow")?;
    Ok(ValidateOptions {
        jobs: jobs(options)?,
        strict: flag(options, "strict")?,
        repair: flag(options, "repair")?,
        format: ReportFormat::Json,
        quiet: flag(options, "summary_only")?,
        invalid_only: flag(options, "invalid_only")?,
        deny,
        deny_warnings,
        allow,
        lang: language(options, "lang")?,
        ep: choice(
            options,
            "ep",
            &[("always", EpStyle::Always), ("legal", EpStyle::Legal)],
            EpStyle::Always,
        )?,
        fen: start(options)?,
        eco: flag(options, "eco")?,
        dedup: choice(
            options,
            "dedup",
            &[
                ("none", None),
                ("moves", Some(DedupBy::Moves)),
                ("tags", Some(DedupBy::Tags)),
            ],
            None,
        )?,
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
        output: get::<PathBuf>(options, "output", "a path")?,
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

/// How a run ended whose wait Python interrupted (the exception raised then
/// is what the caller sees).
fn interrupted() -> Ended {
    (2, String::new(), Some("interrupted".to_owned()))
}

fn ended(result: io::Result<Outcome>, err: Vec<u8>) -> Ended {
    let err = String::from_utf8_lossy(&err).into_owned();
    match result {
        Ok(Outcome::Clean) => (0, err, None),
        Ok(Outcome::Problems) => (1, err, None),
        Ok(Outcome::Failed) => (2, err, None),
        Err(e) => (2, err, Some(e.to_string())),
    }
}

/// What a `validate` run hands to Python, in input order: each input's name
/// (as the system knows it) before its first report, and the reports.
// Nearly every piece is a report: boxing them would cost an allocation each
// for nothing.
#[allow(clippy::large_enum_variant)]
enum Piece {
    Name(Vec<u8>),
    Report(GameReport),
    /// A game valid with nothing to report: its facts, its FEN and tags in
    /// the [`Batch`]'s buffers (no report built, nothing allocated for it).
    Clean {
        game: u64,
        at: At,
        plies: u64,
        /// Its FEN in [`Batch::fens`].
        fen: std::ops::Range<usize>,
        /// Its tags, as shown (the first of a repeated name), in [`Batch::tags`].
        tags: std::ops::Range<usize>,
    },
}

/// The pieces a `validate` run hands over at once, with the buffers its
/// clean games' FENs and tags are in.
#[derive(Default)]
struct Batch {
    pieces: Vec<Piece>,
    /// The clean games' FENs, one after another.
    fens: String,
    /// The clean games' tag names and values as written, one after another.
    bytes: Vec<u8>,
    /// Each tag's name and value: their ranges in `bytes`.
    tags: Vec<[std::ops::Range<usize>; 2]>,
}

impl Batch {
    /// An empty batch with the room `last` had: batches are alike, and
    /// growing each from nothing would copy its pieces over and over.
    fn like(last: &Batch) -> Batch {
        Batch {
            pieces: Vec::with_capacity(last.pieces.capacity()),
            fens: String::with_capacity(last.fens.capacity()),
            bytes: Vec::with_capacity(last.bytes.capacity()),
            tags: Vec::with_capacity(last.tags.capacity()),
        }
    }

    /// Adds a clean game, copying its FEN and shown tags into the buffers.
    fn clean(&mut self, c: &CleanReport<'_>) {
        let fen = self.fens.len();
        self.fens.push_str(c.fen);
        let first = self.tags.len();
        // The game's tag bytes copied at once, the shown ones' ranges moved.
        let (bytes, shown) = c.shown_tag_spans();
        let base = self.bytes.len();
        self.bytes.extend_from_slice(bytes);
        self.tags.extend(
            shown.map(|[n, v]| [n.start + base..n.end + base, v.start + base..v.end + base]),
        );
        self.pieces.push(Piece::Clean {
            game: c.game,
            at: c.at,
            plies: c.plies,
            fen: fen..self.fens.len(),
            tags: first..self.tags.len(),
        });
    }

    /// The text of `range` in `bytes`.
    fn bytes(&self, range: &std::ops::Range<usize>) -> &[u8] {
        self.bytes.get(range.clone()).unwrap_or_default()
    }
}

/// How a `validate` run ended, with its summary line (JSON).
type JobEnded = (Ended, Vec<u8>);

/// `validate` running on a thread of its own: iterate it for lists of
/// reports (dicts), then call `result()`.
#[pyclass(module = "scoresheet._scoresheet")]
struct Job {
    run: Running<Batch, JobEnded>,
    state: Mutex<JobState>,
}

/// What [`Job`] keeps from one list of reports to the next.
#[derive(Default)]
struct JobState {
    /// The name of the input being reported, as Python shows it.
    file: Option<Py<PyString>>,
    /// The objects kept from report to report.
    dicts: Dicts,
    /// The batch being read, and how many of its pieces were.
    batch: Batch,
    read: usize,
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
        let (tx, rx) = sync_channel::<Batch>(PIECES_IN_FLIGHT);
        let thread = std::thread::Builder::new()
            .name("scoresheet-validate".to_owned())
            .spawn(move || {
                let mut batch = Batch {
                    pieces: Vec::with_capacity(REPORTS_AT_ONCE + 1),
                    ..Batch::default()
                };
                let mut name: Option<Vec<u8>> = None;
                let gone = || io::Error::new(io::ErrorKind::BrokenPipe, "the reader went away");
                let mut each = |g: Collected<'_>, raw: &[u8]| {
                    if name.as_deref() != Some(raw) {
                        name = Some(raw.to_vec());
                        batch.pieces.push(Piece::Name(raw.to_vec()));
                    }
                    match g {
                        Collected::Report(g) => batch.pieces.push(Piece::Report(g)),
                        Collected::Clean(c) => batch.clean(&c),
                    }
                    if batch.pieces.len() >= REPORTS_AT_ONCE {
                        let next = Batch::like(&batch);
                        tx.send(std::mem::replace(&mut batch, next))
                            .map_err(|_| gone())?;
                    }
                    Ok(())
                };
                let (mut summary, mut err) = (Vec::new(), Vec::new());
                let result = scoresheet_batch::validate_each(
                    &args,
                    &inputs,
                    &mut each,
                    &mut summary,
                    &mut err,
                );
                let result = result.and_then(|o| {
                    if !batch.pieces.is_empty() {
                        tx.send(batch).map_err(|_| gone())?;
                    }
                    Ok(o)
                });
                (ended(result, err), summary)
            })
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(Job {
            run: Running::new(rx, thread),
            state: Mutex::new(JobState::default()),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next reports (at most [`REPORTS_PER_LIST`]), as dicts, waiting
    /// for the next batch with the GIL released (Ctrl-C interrupts the wait).
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let lock = || {
            self.state
                .lock()
                .map_err(|_| PyRuntimeError::new_err("a report list was being made"))
        };
        loop {
            let read_all = {
                let state = lock()?;
                state.read >= state.batch.pieces.len()
            };
            if read_all {
                // Not waited for under the lock: the wait releases the GIL.
                let Some(batch) = self.run.next(py)? else {
                    return Ok(None);
                };
                let mut state = lock()?;
                state.batch = batch;
                state.read = 0;
            }
            let mut state = lock()?;
            let JobState {
                file,
                dicts,
                batch,
                read,
            } = &mut *state;
            let list = PyList::empty(py);
            let mut made = 0;
            while made < REPORTS_PER_LIST {
                let Some(piece) = batch.pieces.get(*read) else {
                    break;
                };
                *read += 1;
                match piece {
                    Piece::Name(raw) => *file = Some(file_name(py, raw)?.unbind()),
                    Piece::Report(g) => {
                        let name = match &*file {
                            Some(name) => name.bind(py).clone(),
                            None => PyString::new(py, &g.file),
                        };
                        list.append(dicts.report(py, g, &name)?)?;
                        made += 1;
                    }
                    Piece::Clean { .. } => {
                        let name = match &*file {
                            Some(name) => name.bind(py).clone(),
                            None => PyString::new(py, ""),
                        };
                        list.append(dicts.clean(py, batch, piece, &name)?)?;
                        made += 1;
                    }
                }
            }
            // A batch's last pieces may be names only.
            if made > 0 {
                return Ok(Some(list));
            }
        }
    }

    /// Leaves the run before its end (the caller stopped reading, or an
    /// exception such as Ctrl-C came between two waits): `result` then does
    /// not wait for a run that may be waiting for input that never comes.
    fn abandon(&self) {
        self.run.abandon();
    }

    /// How the run ended, once the reports are all read: (exit code, standard
    /// error's text, the error that stopped the run or None, the summary
    /// line's JSON).
    fn result(&self, py: Python<'_>) -> PyResult<(u8, String, Option<String>, Py<PyBytes>)> {
        let ((code, err, error), summary) = self
            .run
            .result(py, "the validation thread failed")?
            .unwrap_or_else(|| (interrupted(), Vec::new()));
        Ok((code, err, error, PyBytes::new(py, &summary).unbind()))
    }
}

/// A file's name, from the bytes the system knows it by, as Python names
/// files: bytes that are not UTF-8 kept as lone surrogates (`os.fsencode`
/// gives them back).
fn file_name<'py>(py: Python<'py>, raw: &[u8]) -> PyResult<Bound<'py, PyString>> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(raw).into_pyobject(py)?;
        Ok(name.cast_into::<PyString>()?)
    }
    #[cfg(not(unix))]
    {
        Ok(PyString::new(py, &String::from_utf8_lossy(raw)))
    }
}

/// The keys of a report's dict, in the order of its JSON object's fields
/// (docs/JSON.md); `opening` with `eco` only.
const REPORT_KEYS: [&str; 16] = [
    "type", "file", "game", "line", "column", "offset", "length", "notation", "tags", "valid",
    "plies", "fen", "errors", "warnings", "notes", "opening",
];

/// What building the dicts of many reports keeps from one to the next: a
/// dict of each shape with its keys in place (each report's dict a copy of
/// it, its values set: no dict grows key by key), and the tags of the last
/// reports, by their names, shared while they repeat (most tags of a file
/// do: its `Event`, `Site`, the names of every tag).
#[derive(Default)]
struct Dicts {
    /// A report's dict with its keys and no values: without and with `opening`.
    shapes: [Option<Py<PyDict>>; 2],
    /// The tags of the tag-name sequences seen lately, each with a dict of
    /// the values its last report had (see [`TagShapes`]).
    tag_shapes: TagShapes,
    /// Strings of tag names and values seen lately, by their bytes: most
    /// values that change from one game to the next were seen a few games
    /// before (a result, a date, a rating, a player of the same event).
    strings: Strings,
    /// The dict a clean game's is a copy of while its input is the same:
    /// the file's name, `type`, `notation` and `valid` in place.
    clean_shape: Option<(Py<PyString>, Py<PyDict>)>,
}

/// Python strings by the bytes they were read from (as
/// `String::from_utf8_lossy` reads them), seen lately: a direct-mapped
/// table, each text in the one slot its hash names, the last one there
/// kept. Most tag values that change from one game to the next were seen a
/// few games before (a result, a date, a rating, a player of the same
/// event); sharing their strings spares making and freeing them. A slot
/// holds one text, so texts that collide (even built to) only miss: a look-up
/// costs one hash and one comparison whatever the input, and the table's
/// size is fixed.
struct Strings {
    slots: Vec<Option<(Vec<u8>, Py<PyString>)>>,
}

impl Default for Strings {
    fn default() -> Self {
        Strings {
            slots: (0..1 << Strings::BITS).map(|_| None).collect(),
        }
    }
}

impl Strings {
    /// The table has `1 << BITS` slots.
    const BITS: u32 = 11;
    /// Longer texts are made each time (rarely repeated).
    const LONGEST: usize = 64;

    /// The string of `bytes`: the one made before, else a new one, kept.
    fn get(&mut self, py: Python<'_>, bytes: &[u8]) -> Py<PyString> {
        if bytes.len() > Self::LONGEST {
            return lossy(py, bytes);
        }
        let Some(slot) = self.slots.get_mut(Self::slot(bytes)) else {
            return lossy(py, bytes);
        };
        match slot {
            Some((text, s)) if same_bytes(text, bytes) => s.clone_ref(py),
            Some((text, s)) => {
                text.clear();
                text.extend_from_slice(bytes);
                *s = lossy(py, bytes);
                s.clone_ref(py)
            }
            None => {
                let s = lossy(py, bytes);
                *slot = Some((bytes.to_vec(), s.clone_ref(py)));
                s
            }
        }
    }

    /// The slot of `bytes`: their hash ([`hash_bytes`]), its top bits.
    fn slot(bytes: &[u8]) -> usize {
        (hash_bytes(0, bytes) >> (64 - Self::BITS)) as usize
    }
}

/// Whether `a` and `b` hold the same bytes. Tag names and values are
/// mostly under 17 bytes: compared here in two loads each (overlapping where
/// shorter than 16), not by a call to `memcmp` (a million calls a run over
/// the strict corpus, 16 M instructions of Python's thread).
#[inline]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if (8..=16).contains(&n) {
        word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, n - 8) == word::<8>(b, n - 8)
    } else if (4..8).contains(&n) {
        word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, n - 4) == word::<4>(b, n - 4)
    } else if n < 4 {
        a.iter().zip(b).all(|(x, y)| x == y)
    } else {
        a == b
    }
}

/// The `N` bytes of `bytes` from `at` (`None` past its end).
#[inline]
fn word<const N: usize>(bytes: &[u8], at: usize) -> Option<[u8; N]> {
    bytes
        .get(at..at + N)
        .and_then(|w| <[u8; N]>::try_from(w).ok())
}

/// A multiplicative hash of `bytes`' eight-byte words and length, from `seed`.
fn hash_bytes(seed: u64, bytes: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = seed ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut word = [0u8; 8];
        word.copy_from_slice(w);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(word)).wrapping_mul(K);
    }
    let mut last = [0u8; 8];
    last[..words.remainder().len()].copy_from_slice(words.remainder());
    (h.rotate_left(5) ^ u64::from_le_bytes(last)).wrapping_mul(K)
}

impl Dicts {
    /// A game's report as a dict with the fields (and their order) of its
    /// JSON object, `file` its input's name.
    fn report<'py>(
        &mut self,
        py: Python<'py>,
        g: &GameReport,
        file: &Bound<'py, PyString>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = self.shape(py, g.opening.is_some())?.copy()?;
        d.set_item(intern!(py, "type"), intern!(py, "game"))?;
        d.set_item(intern!(py, "file"), file)?;
        d.set_item(intern!(py, "game"), g.game)?;
        d.set_item(intern!(py, "line"), g.at.line)?;
        d.set_item(intern!(py, "column"), g.at.column)?;
        d.set_item(intern!(py, "offset"), g.at.offset)?;
        d.set_item(intern!(py, "length"), g.at.length)?;
        d.set_item(
            intern!(py, "notation"),
            g.notation.map(|n| PyString::intern(py, n)),
        )?;
        d.set_item(intern!(py, "tags"), self.tags(py, g)?)?;
        d.set_item(intern!(py, "valid"), g.valid)?;
        d.set_item(intern!(py, "plies"), g.plies)?;
        d.set_item(intern!(py, "fen"), &g.fen)?;
        d.set_item(intern!(py, "errors"), problems_list(py, &g.errors)?)?;
        d.set_item(intern!(py, "warnings"), problems_list(py, &g.warnings)?)?;
        d.set_item(intern!(py, "notes"), problems_list(py, &g.notes)?)?;
        // With `eco` only, as in the JSON report.
        if let Some(opening) = g.opening {
            let named = match opening {
                Some(o) => {
                    let od = PyDict::new(py);
                    od.set_item(intern!(py, "eco"), o.eco)?;
                    od.set_item(intern!(py, "name"), o.name)?;
                    Some(od)
                }
                None => None,
            };
            d.set_item(intern!(py, "opening"), named)?;
        }
        Ok(d)
    }

    /// The dict every report's is a copy of: its keys (interned, as
    /// `intern!` makes them) in order, every value None.
    fn shape<'py>(&mut self, py: Python<'py>, opening: bool) -> PyResult<&Bound<'py, PyDict>> {
        let slot = &mut self.shapes[usize::from(opening)];
        if slot.is_none() {
            let d = PyDict::new(py);
            for key in REPORT_KEYS.iter().filter(|k| opening || **k != "opening") {
                d.set_item(PyString::intern(py, key), py.None())?;
            }
            *slot = Some(d.unbind());
        }
        match slot {
            Some(d) => Ok(d.bind(py)),
            None => Err(PyRuntimeError::new_err("no report shape")),
        }
    }

    /// The dict a clean game's report of input `file` is a copy of: the
    /// report's shape with what every clean game of the input shares set
    /// (`type`, `file`, `notation` as the quick lane reads it, `valid`, and
    /// the `column` nearly every game starts at), made again when the input
    /// changes.
    fn clean_shape<'py>(
        &mut self,
        py: Python<'py>,
        file: &Bound<'py, PyString>,
    ) -> PyResult<Bound<'py, PyDict>> {
        if let Some((name, d)) = &self.clean_shape {
            if name.bind(py).is(file) {
                return Ok(d.bind(py).clone());
            }
        }
        let d = self.shape(py, false)?.copy()?;
        d.set_item(intern!(py, "type"), intern!(py, "game"))?;
        d.set_item(intern!(py, "file"), file)?;
        d.set_item(intern!(py, "notation"), intern!(py, "san"))?;
        d.set_item(intern!(py, "valid"), true)?;
        // Where nearly every game starts: set only where it differs.
        d.set_item(intern!(py, "column"), 1)?;
        self.clean_shape = Some((file.clone().unbind(), d.clone().unbind()));
        Ok(d)
    }

    /// The tags of a report as a dict, in order, the first of a repeated
    /// name only.
    fn tags<'py>(&mut self, py: Python<'py>, g: &GameReport) -> PyResult<Bound<'py, PyDict>> {
        // Collected: `tag_dict` reads the names twice.
        let shown: Vec<(&[u8], &[u8])> = g
            .shown_tags()
            .map(|(name, value)| (name.as_bytes(), value.as_bytes()))
            .collect();
        self.tag_dict(py, shown.iter().copied())
    }

    /// The dict of the tags `shown` (names and values as bytes, read as
    /// `String::from_utf8_lossy` reads them, names unique), in order: a copy
    /// of the dict of the last report with the same names, in the same order,
    /// with the values that changed set.
    fn tag_dict<'py, 'a>(
        &mut self,
        py: Python<'py>,
        shown: impl Iterator<Item = (&'a [u8], &'a [u8])> + Clone,
    ) -> PyResult<Bound<'py, PyDict>> {
        let Dicts {
            tag_shapes,
            strings,
            ..
        } = self;
        // Most games have the names of the game before (58 % on the strict
        // corpus): its shape is tried before the names are hashed, its names
        // compared first (setting the values of a shape that then turns out
        // to have other names cost more than the hashing spared).
        let last = tag_shapes.last;
        if let Some(Some(shape)) = tag_shapes.slots.get_mut(last) {
            if shape.same_names(shown.clone()) && shape.update(py, strings, shown.clone())? {
                return shape.dict.bind(py).copy();
            }
        }
        let at = TagShapes::slot(shown.clone().map(|(name, _)| name));
        tag_shapes.last = at;
        let Some(slot) = tag_shapes.slots.get_mut(at) else {
            return TagShape::new(py, strings, shown)?.0.dict.bind(py).copy();
        };
        if let Some(shape) = slot.as_mut().filter(|_| at != last) {
            if shape.update(py, strings, shown.clone())? {
                return shape.dict.bind(py).copy();
            }
        }
        let (shape, kept) = TagShape::new(py, strings, shown)?;
        let dict = shape.dict.bind(py).copy()?;
        *slot = kept.then_some(shape);
        Ok(dict)
    }

    /// The report of a clean game (`piece`, a [`Piece::Clean`] of `batch`) as
    /// a dict: what [`Dicts::report`] makes of its report.
    fn clean<'py>(
        &mut self,
        py: Python<'py>,
        batch: &Batch,
        piece: &Piece,
        file: &Bound<'py, PyString>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let Piece::Clean {
            game,
            at,
            plies,
            fen,
            tags,
        } = piece
        else {
            return Err(PyRuntimeError::new_err("not a clean game"));
        };
        let d = self.clean_shape(py, file)?.copy()?;
        d.set_item(intern!(py, "game"), game)?;
        d.set_item(intern!(py, "line"), at.line)?;
        if at.column != 1 {
            d.set_item(intern!(py, "column"), at.column)?;
        }
        d.set_item(intern!(py, "offset"), at.offset)?;
        d.set_item(intern!(py, "length"), at.length)?;
        // The quick lane reads plain SAN only: `san`, in the shape, unless
        // the game has no move.
        if *plies == 0 {
            d.set_item(intern!(py, "notation"), py.None())?;
        }
        let shown = batch.tags.get(tags.clone()).unwrap_or_default();
        let dict = self.tag_dict(
            py,
            shown
                .iter()
                .map(|[name, value]| (batch.bytes(name), batch.bytes(value))),
        )?;
        d.set_item(intern!(py, "tags"), dict)?;
        d.set_item(intern!(py, "plies"), plies)?;
        d.set_item(
            intern!(py, "fen"),
            batch.fens.get(fen.clone()).unwrap_or_default(),
        )?;
        d.set_item(intern!(py, "errors"), PyList::empty(py))?;
        d.set_item(intern!(py, "warnings"), PyList::empty(py))?;
        d.set_item(intern!(py, "notes"), PyList::empty(py))?;
        Ok(d)
    }
}

/// The tag dicts of the tag-name sequences seen lately, by those names: a
/// direct-mapped table, each sequence in the one slot the hash of its names
/// names, the last one there kept. On the strict corpus 42 % of games have
/// other tag names than the game before (a `Variation`, a `Termination`, a
/// player's title that some games have and others lack), but only 108
/// sequences in all:
/// with 64 slots, 165 of its 30,857 reports find no dict of their names to
/// copy (when only the last report's was kept, 12,971 made theirs tag by
/// tag).
struct TagShapes {
    slots: Vec<Option<TagShape>>,
    /// The slot of the shape the last report's tags were.
    last: usize,
}

impl Default for TagShapes {
    fn default() -> Self {
        TagShapes {
            slots: (0..1 << TagShapes::BITS).map(|_| None).collect(),
            last: 0,
        }
    }
}

impl TagShapes {
    /// The table has `1 << BITS` slots.
    const BITS: u32 = 6;

    /// The slot of a sequence of tag names: a hash of each name
    /// ([`hash_bytes`]) folded in, its top bits.
    fn slot<'a>(names: impl Iterator<Item = &'a [u8]>) -> usize {
        let h = names.fold(0, |h: u64, name| hash_bytes(h.rotate_left(7), name));
        (h >> (64 - Self::BITS)) as usize
    }
}

/// A sequence of tag names with the values of the last report that had it,
/// and the dict of those, never handed out (a report gets a copy).
struct TagShape {
    /// Each tag's name and value (as bytes, read as
    /// `String::from_utf8_lossy` reads them), with their Python strings.
    tags: Vec<[(Vec<u8>, Py<PyString>); 2]>,
    /// `tags` as a dict, in order.
    dict: Py<PyDict>,
}

impl TagShape {
    /// Tags kept in the table at most, and bytes of their names and values:
    /// larger ones are made each time, so that the table's memory stays
    /// small whatever the input (real games have some 5 to 30 tags).
    const MOST_TAGS: usize = 64;
    const MOST_BYTES: usize = 4096;

    /// The shape of the tags `shown`, and whether the table may keep it
    /// (not too large; and the names unique, as a report's shown tags are:
    /// a repeated name would have its first value, but no place of its own
    /// in `tags`).
    fn new<'a>(
        py: Python<'_>,
        strings: &mut Strings,
        shown: impl Iterator<Item = (&'a [u8], &'a [u8])>,
    ) -> PyResult<(TagShape, bool)> {
        let dict = PyDict::new(py);
        let mut tags = Vec::new();
        let (mut unique, mut bytes) = (true, 0);
        for (name, value) in shown {
            let n = strings.get(py, name);
            if dict.contains(n.bind(py))? {
                unique = false;
                continue;
            }
            let v = strings.get(py, value);
            dict.set_item(n.bind(py), v.bind(py))?;
            bytes += name.len() + value.len();
            tags.push([(name.to_vec(), n), (value.to_vec(), v)]);
        }
        let kept = unique && tags.len() <= Self::MOST_TAGS && bytes <= Self::MOST_BYTES;
        Ok((
            TagShape {
                tags,
                dict: dict.unbind(),
            },
            kept,
        ))
    }

    /// Whether the names of `shown` are this shape's, in order.
    fn same_names<'a>(&self, shown: impl Iterator<Item = (&'a [u8], &'a [u8])>) -> bool {
        let mut count = 0;
        for (i, (name, _)) in shown.enumerate() {
            match self.tags.get(i) {
                Some([n, _]) if same_bytes(&n.0, name) => count = i + 1,
                _ => return false,
            }
        }
        count == self.tags.len()
    }

    /// Sets in the dict the values of `shown` that changed, when its names
    /// are this shape's (in order): false when they are not (the values of
    /// the names both start with are then `shown`'s, in the dict and in
    /// `tags` alike: the shape stays whole).
    fn update<'a>(
        &mut self,
        py: Python<'_>,
        strings: &mut Strings,
        shown: impl Iterator<Item = (&'a [u8], &'a [u8])>,
    ) -> PyResult<bool> {
        let dict = self.dict.bind(py);
        let mut count = 0;
        for (i, (name, value)) in shown.enumerate() {
            let Some([n, v]) = self.tags.get_mut(i) else {
                return Ok(false);
            };
            if !same_bytes(&n.0, name) {
                return Ok(false);
            }
            if !same_bytes(&v.0, value) {
                let s = strings.get(py, value);
                dict.set_item(n.1.bind(py), s.bind(py))?;
                v.0.clear();
                v.0.extend_from_slice(value);
                v.1 = s;
            }
            count = i + 1;
        }
        Ok(count == self.tags.len())
    }
}

/// A Python string of `bytes` read as `String::from_utf8_lossy` reads them.
fn lossy(py: Python<'_>, bytes: &[u8]) -> Py<PyString> {
    // `from_utf8` checks plain text faster than the lossy reader walks it.
    match std::str::from_utf8(bytes) {
        Ok(text) => PyString::new(py, text),
        Err(_) => PyString::new(py, &String::from_utf8_lossy(bytes)),
    }
    .unbind()
}

fn problems_list<'py>(py: Python<'py>, problems: &[Problem]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for p in problems {
        list.append(problem_dict(py, p)?)?;
    }
    Ok(list)
}

/// A problem as a dict with the fields of its JSON object.
fn problem_dict<'py>(py: Python<'py>, p: &Problem) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(intern!(py, "line"), p.line)?;
    d.set_item(intern!(py, "column"), p.column)?;
    d.set_item(intern!(py, "ply"), p.ply)?;
    d.set_item(intern!(py, "move"), &p.text)?;
    d.set_item(intern!(py, "kind"), PyString::intern(py, p.kind))?;
    d.set_item(intern!(py, "message"), &p.message)?;
    if !p.candidates.is_empty() {
        d.set_item(intern!(py, "candidates"), &p.candidates)?;
    }
    if !p.suggestions.is_empty() {
        d.set_item(intern!(py, "suggestions"), &p.suggestions)?;
    }
    if let Some(of) = &p.duplicate_of {
        let earlier = PyDict::new(py);
        earlier.set_item(intern!(py, "file"), &of.file)?;
        earlier.set_item(intern!(py, "game"), of.game)?;
        d.set_item(intern!(py, "duplicate_of"), earlier)?;
    }
    if let Some(m) = &p.misprint {
        let at = PyDict::new(py);
        at.set_item(intern!(py, "line"), m.line)?;
        at.set_item(intern!(py, "column"), m.column)?;
        at.set_item(intern!(py, "ply"), m.ply)?;
        at.set_item(intern!(py, "move"), &m.text)?;
        at.set_item(intern!(py, "change"), PyString::intern(py, m.change))?;
        at.set_item(intern!(py, "suggestions"), &m.suggestions)?;
        d.set_item(intern!(py, "misprint"), at)?;
    }
    Ok(d)
}

/// Games handed over at once by [`Games`].
const GAMES_AT_ONCE: usize = 256;

/// `read_games` running on a thread of its own: iterate it for lists of
/// games, then call `result()`.
#[pyclass(module = "scoresheet._scoresheet")]
struct Games {
    run: Running<Vec<GameRecord>>,
    /// The objects kept from report to report.
    dicts: Mutex<Dicts>,
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
            dicts: Mutex::new(Dicts::default()),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next games, as dicts (`tags`, `fen`, `san`, `uci`, `result`,
    /// `report`), waiting with the GIL released.
    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        let Some(batch) = self.run.next(py)? else {
            return Ok(None);
        };
        let mut dicts = self
            .dicts
            .lock()
            .map_err(|_| PyRuntimeError::new_err("a game list was being made"))?;
        let list = PyList::empty(py);
        for g in batch {
            let d = PyDict::new(py);
            let tags = PyDict::new(py);
            for (name, value) in &g.tags {
                // A repeated tag: the first, as the judge reads it.
                if !tags.contains(name)? {
                    tags.set_item(name, value)?;
                }
            }
            d.set_item(intern!(py, "tags"), tags)?;
            d.set_item(intern!(py, "fen"), &g.fen)?;
            d.set_item(intern!(py, "san"), &g.san)?;
            d.set_item(intern!(py, "uci"), &g.uci)?;
            d.set_item(intern!(py, "result"), &g.result)?;
            let file = PyString::new(py, &g.report.file);
            d.set_item(intern!(py, "report"), dicts.report(py, &g.report, &file)?)?;
            list.append(d)?;
        }
        Ok(Some(list))
    }

    /// Leaves the run before its end (see `Job.abandon`).
    fn abandon(&self) {
        self.run.abandon();
    }

    /// How the run ended, once the games are all read: (exit code, standard
    /// error's text, the error that stopped the run or None).
    fn result(&self, py: Python<'_>) -> PyResult<Ended> {
        Ok(self
            .run
            .result(py, "the reading thread failed")?
            .unwrap_or_else(interrupted))
    }
}

/// A run on a thread of its own, handing over its output through a bounded
/// channel: what [`Job`] and [`Games`] iterate; `R` is how it ended.
struct Running<T, R = Ended> {
    rx: Mutex<Option<Receiver<T>>>,
    thread: Mutex<Option<JoinHandle<R>>>,
    /// A wait for the next item was interrupted (Ctrl-C): the run may be
    /// waiting for input that never comes, so it is left, not joined.
    interrupted: AtomicBool,
}

impl<T: Send, R: Send> Running<T, R> {
    fn new(rx: Receiver<T>, thread: JoinHandle<R>) -> Self {
        Running {
            rx: Mutex::new(Some(rx)),
            thread: Mutex::new(Some(thread)),
            interrupted: AtomicBool::new(false),
        }
    }

    /// The next item, waiting with the GIL released; `None` at the end. The
    /// wait lets Python handle its signals every [`SIGNAL_POLL_MS`]: Ctrl-C
    /// raises `KeyboardInterrupt` here even while the run waits for input.
    fn next(&self, py: Python<'_>) -> PyResult<Option<T>> {
        let Some(mut rx) = self.rx.lock().ok().and_then(|mut rx| rx.take()) else {
            return Ok(None);
        };
        let poll = std::time::Duration::from_millis(SIGNAL_POLL_MS);
        loop {
            let (back, got) = py.detach(move || {
                let got = rx.recv_timeout(poll);
                (rx, got)
            });
            rx = back;
            match got {
                Ok(item) => {
                    if let Ok(mut slot) = self.rx.lock() {
                        *slot = Some(rx);
                    }
                    return Ok(Some(item));
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        self.interrupted.store(true, Ordering::Relaxed);
                        // Dropping the receiver stops the run at its next report.
                        drop(rx);
                        return Err(e);
                    }
                }
            }
        }
    }

    /// The caller leaves the run before its end: its output is dropped (the
    /// run stops at its next write) and [`Running::result`] does not join a
    /// run still going, which may be waiting for input that never comes.
    fn abandon(&self) {
        self.interrupted.store(true, Ordering::Relaxed);
        if let Ok(mut rx) = self.rx.lock() {
            rx.take();
        }
    }

    /// How the run ended (`failed`: what to say if its thread panicked);
    /// `None` when a wait for it was interrupted and it has not ended (it is
    /// left to end on its own: joining could wait for ever on input).
    /// Whatever was not read is dropped: the run stops at its next write.
    fn result(&self, py: Python<'_>, failed: &str) -> PyResult<Option<R>> {
        if let Ok(mut rx) = self.rx.lock() {
            rx.take();
        }
        let thread = self.thread.lock().ok().and_then(|mut t| t.take());
        let Some(thread) = thread else {
            return Err(PyRuntimeError::new_err("result() was already taken"));
        };
        if self.interrupted.load(Ordering::Relaxed) && !thread.is_finished() {
            return Ok(None);
        }
        py.detach(|| thread.join())
            .map(Some)
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
fn expand(paths: Vec<PathBuf>) -> Vec<(std::ffi::OsString, bool)> {
    scoresheet_batch::expand_files(&paths)
        .iter()
        .map(|i| match i {
            Input::Path(p) => (p.clone().into_os_string(), true),
            Input::Stream(p) | Input::Bad(p, ..) => (p.clone().into_os_string(), false),
            other => (other.name().into(), false),
        })
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

/// Runs `validate` with `options` over `sources` to the end, with the GIL
/// released: (its JSON lines, exit code, standard error's text, the error
/// that stopped the run or None). What a Dask task ships back.
#[pyfunction]
fn validate_json(
    py: Python<'_>,
    options: &Bound<'_, PyDict>,
    sources: &Bound<'_, PyAny>,
) -> PyResult<(Py<PyBytes>, Ended)> {
    let args = validate_options(options)?;
    let inputs = inputs(sources)?;
    let (text, ended) = py.detach(|| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let result = scoresheet_batch::validate(&args, inputs, &mut out, &mut err);
        (out, ended(result, err))
    });
    Ok((PyBytes::new(py, &text).unbind(), ended))
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
    m.add_function(wrap_pyfunction!(validate_json, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
