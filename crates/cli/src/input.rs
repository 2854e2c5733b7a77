//! Inputs: files, directories searched recursively, `.pgn.zst` decoded as it
//! streams, and standard input.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// One input to read: a named file or standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input, shown as `-` in reports... named `<stdin>`.
    Stdin,
    /// A regular file on disk: it can be opened again, and read from any point.
    Path(PathBuf),
    /// A named input that is not a regular file (a pipe such as `<(cat f)` or
    /// `/dev/stdin`, a FIFO, a character device): it is opened once and read
    /// once, as a stream, like standard input.
    Stream(PathBuf),
    /// A path that cannot be read (missing, a dangling symlink, a directory
    /// that cannot be listed): opening it gives this error, in its turn, and
    /// the other inputs are read.
    Bad(PathBuf, io::ErrorKind, String),
}

impl Input {
    /// The name shown in reports.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::Path(p) | Input::Stream(p) | Input::Bad(p, ..) => p.display().to_string(),
        }
    }

    /// Whether the input can be read only once, from its start to its end
    /// (standard input, pipes, FIFOs): it is never opened a second time.
    pub fn streams(&self) -> bool {
        matches!(self, Input::Stdin | Input::Stream(_))
    }

    /// The size in bytes on disk, when known (compressed size for `.zst`).
    pub fn len(&self) -> Option<u64> {
        match self {
            Input::Stdin | Input::Stream(_) | Input::Bad(..) => None,
            Input::Path(p) => std::fs::metadata(p).ok().map(|m| m.len()),
        }
    }

    /// Opens the input for reading, decompressing `.zst` files as they stream.
    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        match self {
            Input::Stdin => Ok(Box::new(io::stdin())),
            Input::Bad(_, kind, message) => Err(io::Error::new(*kind, message.clone())),
            Input::Path(p) | Input::Stream(p) => {
                let file = File::open(p)?;
                if is_zstd(p) {
                    Ok(Box::new(zstd::stream::read::Decoder::new(file)?))
                } else {
                    // Every reader of inputs reads in large pieces: no buffer between.
                    Ok(Box::new(file))
                }
            }
        }
    }
}

fn is_zstd(p: &Path) -> bool {
    p.extension().is_some_and(|e| e == "zst")
}

/// Whether a file found while walking a directory is a game file we read.
fn is_game_file(p: &Path) -> bool {
    let name = p.file_name().map(|n| n.to_string_lossy().to_lowercase());
    name.is_some_and(|n| n.ends_with(".pgn") || n.ends_with(".pgn.zst"))
}

/// Expands the command-line paths: `-` is standard input, directories are
/// searched recursively for `*.pgn` and `*.pgn.zst` (sorted), files are taken
/// as they are, whatever their name. A path that cannot be read becomes an
/// [`Input::Bad`] in its place: it is reported in its turn, and the run goes on.
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Input::Stdin);
            continue;
        }
        match std::fs::metadata(p) {
            Ok(meta) if meta.is_dir() => {
                let mut found = Vec::new();
                walk(p, &mut found);
                found.sort_by(|a, b| path_of(a).cmp(path_of(b)));
                out.extend(found);
            }
            Ok(meta) if meta.is_file() => out.push(Input::Path(p.clone())),
            Ok(_) => out.push(Input::Stream(p.clone())),
            Err(e) => out.push(bad(p, &e)),
        }
    }
    out
}

/// The path of an input found in a directory.
fn path_of(input: &Input) -> &Path {
    match input {
        Input::Path(p) | Input::Stream(p) | Input::Bad(p, ..) => p,
        Input::Stdin => Path::new("-"),
    }
}

/// The input that stands for a path that cannot be read.
fn bad(p: &Path, e: &io::Error) -> Input {
    let message = match e.kind() {
        io::ErrorKind::NotFound if p.symlink_metadata().is_ok() => {
            "a symbolic link to nothing (no such file or directory)".to_owned()
        }
        io::ErrorKind::NotFound => "no such file or directory".to_owned(),
        _ => e.to_string(),
    };
    Input::Bad(p.to_owned(), e.kind(), message)
}

fn walk(dir: &Path, out: &mut Vec<Input>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return out.push(bad(dir, &e)),
    };
    for entry in entries {
        let path = match entry {
            Ok(entry) => entry.path(),
            Err(e) => return out.push(bad(dir, &e)),
        };
        if path.is_dir() {
            walk(&path, out);
        } else if is_game_file(&path) {
            out.push(Input::Path(path));
        }
    }
}

/// Bytes of game text gathered before a batch is handed to the workers.
pub const BATCH_BYTES: usize = 1 << 20;

/// Games with their 1-based index in their input, and the sum of their sizes.
pub type GameBatch = (
    Vec<(
        u64,
        Result<scoresheet_notation::pgn::GameChunk, scoresheet_notation::pgn::GameReadError>,
    )>,
    usize,
);

/// Hands the games of `games` to `emit` in batches of about [`BATCH_BYTES`],
/// numbering them on from `first` (the games already counted in the input).
/// `emit` returns `false` to stop early. Gives whether all was read; an I/O
/// error ends the reading (what was read before it is emitted first).
pub fn batches<R: Read>(
    mut games: scoresheet_notation::pgn::GameReader<R>,
    first: u64,
    mut emit: impl FnMut(GameBatch) -> bool,
) -> io::Result<bool> {
    use scoresheet_notation::pgn::GameReadError;
    let mut index = first;
    let mut batch = Vec::new();
    let mut batch_bytes = 0usize;
    loop {
        let next = games.next();
        let done = next.is_none();
        let mut failed = None;
        match next {
            Some(Err(GameReadError::Io(e))) => failed = Some(e),
            Some(item) => {
                index += 1;
                batch_bytes += item.as_ref().map_or(0, |c| c.bytes.len());
                batch.push((index, item));
            }
            None => {}
        }
        let end = done || failed.is_some();
        if (batch_bytes >= BATCH_BYTES || end) && !batch.is_empty() {
            if !emit((std::mem::take(&mut batch), batch_bytes)) {
                return Ok(false);
            }
            batch_bytes = 0;
        }
        if let Some(e) = failed {
            return Err(e);
        }
        if done {
            return Ok(true);
        }
    }
}
