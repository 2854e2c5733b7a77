//! Inputs: files, directories searched recursively, zstd, gzip and bzip2
//! decoded as they stream, pipes and standard input read once.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

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
    /// A reader a library user hands over (bytes in memory, a file object),
    /// shown under its name: read once, as a stream, like standard input.
    Reader(String, SharedReader),
}

/// A reader that one [`Input::Reader`] opens once: a second opening is an error.
#[derive(Clone)]
pub struct SharedReader(Arc<Mutex<Option<Box<dyn Read + Send>>>>);

impl SharedReader {
    /// Wraps `reader`.
    pub fn new(reader: Box<dyn Read + Send>) -> SharedReader {
        SharedReader(Arc::new(Mutex::new(Some(reader))))
    }

    /// The reader, the first time only.
    fn take(&self) -> io::Result<Box<dyn Read + Send>> {
        let taken = match self.0.lock() {
            Ok(mut r) => r.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        taken.ok_or_else(|| {
            io::Error::other("this input was read already: it can be read only once")
        })
    }
}

impl std::fmt::Debug for SharedReader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharedReader")
    }
}

impl PartialEq for SharedReader {
    fn eq(&self, other: &SharedReader) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SharedReader {}

impl Input {
    /// An input read from `reader` under `name` (bytes in memory, a file
    /// object of another language): read once, as a stream.
    pub fn reader(name: impl Into<String>, reader: Box<dyn Read + Send>) -> Input {
        Input::Reader(name.into(), SharedReader::new(reader))
    }

    /// The name shown in reports.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::Path(p) | Input::Stream(p) | Input::Bad(p, ..) => p.display().to_string(),
            Input::Reader(name, _) => name.clone(),
        }
    }

    /// Whether the input can be read only once, from its start to its end
    /// (standard input, pipes, FIFOs): it is never opened a second time.
    pub fn streams(&self) -> bool {
        matches!(self, Input::Stdin | Input::Stream(_) | Input::Reader(..))
    }

    /// The size in bytes on disk, when known (compressed size for a compressed file).
    pub(crate) fn len(&self) -> Option<u64> {
        match self {
            Input::Stdin | Input::Stream(_) | Input::Bad(..) | Input::Reader(..) => None,
            Input::Path(p) => std::fs::metadata(p).ok().map(|m| m.len()),
        }
    }

    /// Opens the input for reading, decompressing zstd, gzip and bzip2 as
    /// they stream (told by their magic bytes, whatever the name), UTF-16
    /// text read as UTF-8, and a CR alone read as a line end (LF, byte for
    /// byte: `line_ends.rs`).
    ///
    /// # Errors
    /// The input cannot be opened or read, or is binary (a NUL byte in its
    /// first 8 KiB once decompressed: no game file has one), reported once
    /// rather than as a game error at every line.
    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        self.open_with(|raw| raw)
    }

    /// [`Input::open`], the bytes as they are on disk (or in the pipe) read
    /// through `wrap` before they are decompressed: the progress bar counts them.
    ///
    /// # Errors
    /// As [`Input::open`].
    pub fn open_with(
        &self,
        wrap: impl FnOnce(Box<dyn Read + Send>) -> Box<dyn Read + Send>,
    ) -> io::Result<Box<dyn Read + Send>> {
        let raw: Box<dyn Read + Send> = match self {
            Input::Stdin => Box::new(io::stdin()),
            Input::Bad(_, kind, message) => return Err(io::Error::new(*kind, message.clone())),
            Input::Path(p) | Input::Stream(p) => Box::new(File::open(p)?),
            Input::Reader(_, r) => r.take()?,
        };
        let text = refuse_binary(decompressed(wrap(raw))?)?;
        Ok(Box::new(crate::line_ends::LineEnds::new(text)))
    }
}

/// Reads into `buf` until it is full or the input ends; how many bytes came.
fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// `raw` decompressed as it streams when it starts with the magic bytes of
/// zstd, gzip (members one after the other, as `cat a.gz b.gz` makes) or
/// bzip2; otherwise as it is (every reader of inputs reads in large pieces: no
/// buffer between).
fn decompressed(mut raw: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    let mut magic = [0u8; 4];
    let n = read_up_to(&mut raw, &mut magic)?;
    let head = magic[..n].to_vec();
    let raw = io::Cursor::new(head).chain(raw);
    Ok(match compression(&magic[..n]) {
        Some(Compression::Zstd) => Box::new(zstd::stream::read::Decoder::new(raw)?),
        Some(Compression::Gzip) => Box::new(flate2::read::MultiGzDecoder::new(raw)),
        Some(Compression::Bzip2) => Box::new(bzip2::read::MultiBzDecoder::new(raw)),
        None => Box::new(raw),
    })
}

/// A compression an input is decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Zstd,
    Gzip,
    Bzip2,
}

/// The compression the first bytes of an input (at least 4, when it has them) show.
pub fn compression(magic: &[u8]) -> Option<Compression> {
    match magic {
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
        [0x1f, 0x8b, 0x08, ..] => Some(Compression::Gzip),
        [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
        _ => None,
    }
}

/// How much of an input's start is looked at for a NUL byte.
pub const BINARY_HEAD: usize = 8 << 10;

/// `reader`, unless its first [`BINARY_HEAD`] bytes hold a NUL byte; UTF-16
/// text (see [`utf16_order`]) is read as UTF-8.
fn refuse_binary(mut reader: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    let mut head = vec![0u8; BINARY_HEAD];
    let n = read_up_to(&mut reader, &mut head)?;
    head.truncate(n);
    if let Some(big_endian) = utf16_order(&head) {
        let text = io::Cursor::new(head).chain(reader);
        return Ok(Box::new(Utf16Text::new(text, big_endian)));
    }
    if let Some(at) = head.iter().position(|&b| b == 0) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("binary data (a NUL byte at offset {at}), not a game file: not read"),
        ));
    }
    Ok(Box::new(io::Cursor::new(head).chain(reader)))
}

/// Whether `head`, the start of an input, is UTF-16 text, and in which byte
/// order (`true` for big-endian): a byte order mark (`FF FE`, `FE FF`), or
/// without one, text whose every other byte is NUL from the first unit on
/// (Latin letters, digits and punctuation, as PGN is). Windows tools write PGN
/// so: PowerShell's `>` and `Out-File` did by default, and some editors'
/// "Unicode" is UTF-16.
pub fn utf16_order(head: &[u8]) -> Option<bool> {
    match head {
        [0xFF, 0xFE, ..] => return Some(false),
        [0xFE, 0xFF, ..] => return Some(true),
        _ => {}
    }
    let units = head.len() / 2;
    if units < 2 {
        return None;
    }
    let nul_at = |parity: usize| head.chunks_exact(2).filter(|u| u[parity] == 0).count();
    let (low_nul, high_nul) = (nul_at(0), nul_at(1));
    // A unit is the ASCII character in one byte and NUL in the other: most are, in
    // a game file (names and comments in other scripts are the rest, and a few of
    // their units have a NUL on the other side); a binary file has NULs on both.
    let text = |nul: usize, other: usize| nul * 4 >= units * 3 && other * 20 < units;
    if text(high_nul, low_nul) {
        Some(false)
    } else if text(low_nul, high_nul) {
        Some(true)
    } else {
        None
    }
}

/// UTF-16 text read as UTF-8, as it streams; a byte order mark is dropped, and
/// an unpaired surrogate (or an odd last byte) becomes U+FFFD, which the game
/// readers report like any character out of place.
struct Utf16Text<R> {
    inner: R,
    big_endian: bool,
    /// Bytes read but not decoded yet: an odd byte, or a high surrogate that
    /// waits for its pair.
    raw: Vec<u8>,
    /// UTF-8 decoded but not handed out yet, from `given` on.
    decoded: Vec<u8>,
    given: usize,
    /// The first unit was looked at (a byte order mark is dropped).
    started: bool,
    ended: bool,
}

impl<R: Read> Utf16Text<R> {
    fn new(inner: R, big_endian: bool) -> Self {
        Utf16Text {
            inner,
            big_endian,
            raw: Vec::new(),
            decoded: Vec::new(),
            given: 0,
            started: false,
            ended: false,
        }
    }

    /// Reads the next piece of the input and decodes what of it can be.
    fn fill(&mut self) -> io::Result<()> {
        let kept = self.raw.len();
        self.raw.resize(kept + (64 << 10), 0);
        let n = loop {
            match self.inner.read(&mut self.raw[kept..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.raw.truncate(kept);
                    return Err(e);
                }
            }
        };
        self.raw.truncate(kept + n);
        self.ended = n == 0;
        let unit = |b: &[u8]| {
            if self.big_endian {
                u16::from_be_bytes([b[0], b[1]])
            } else {
                u16::from_le_bytes([b[0], b[1]])
            }
        };
        let mut units: Vec<u16> = self.raw.chunks_exact(2).map(unit).collect();
        let mut used = units.len() * 2;
        // A high surrogate at the end waits for its pair, unless the input ended.
        if !self.ended && units.last().is_some_and(|u| (0xD800..0xDC00).contains(u)) {
            units.pop();
            used -= 2;
        }
        let mut from = 0;
        if !self.started && !units.is_empty() {
            self.started = true;
            from = usize::from(units[0] == 0xFEFF);
        }
        self.decoded.clear();
        self.given = 0;
        let mut utf8 = [0u8; 4];
        for c in char::decode_utf16(units[from..].iter().copied()) {
            let c = c.unwrap_or(char::REPLACEMENT_CHARACTER);
            self.decoded
                .extend_from_slice(c.encode_utf8(&mut utf8).as_bytes());
        }
        self.raw.drain(..used);
        if self.ended && !self.raw.is_empty() {
            // An odd last byte.
            self.raw.clear();
            self.decoded.extend_from_slice(
                char::REPLACEMENT_CHARACTER
                    .encode_utf8(&mut utf8)
                    .as_bytes(),
            );
        }
        Ok(())
    }
}

impl<R: Read> Read for Utf16Text<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.given == self.decoded.len() {
            if self.ended {
                return Ok(0);
            }
            self.fill()?;
        }
        let n = buf.len().min(self.decoded.len() - self.given);
        buf[..n].copy_from_slice(&self.decoded[self.given..self.given + n]);
        self.given += n;
        Ok(n)
    }
}

/// The name endings of the files a directory walk takes (any case): PGN, and books'
/// move tables in descriptive notation (`*.desc.txt`), each plain or compressed. What a
/// file holds is told per game by its text, never by its name.
const GAME_FILE_ENDS: [&str; 8] = [
    ".pgn",
    ".pgn.zst",
    ".pgn.gz",
    ".pgn.bz2",
    ".desc.txt",
    ".desc.txt.zst",
    ".desc.txt.gz",
    ".desc.txt.bz2",
];

/// Whether a file found while walking a directory is a game file we read.
fn is_game_file(p: &Path) -> bool {
    let name = p.file_name().map(|n| n.to_string_lossy().to_lowercase());
    name.is_some_and(|n| GAME_FILE_ENDS.iter().any(|end| n.ends_with(end)))
}

/// Expands the command-line paths: `-` is standard input, directories are
/// searched recursively for the names in [`GAME_FILE_ENDS`] (sorted), files are taken
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

/// [`expand`], and a usage error when it finds nothing to read (directories
/// without a game file): a run that reads nothing never passes silently.
///
/// # Errors
/// `InvalidInput` when no input was found.
pub fn expand_some(paths: &[PathBuf]) -> io::Result<Vec<Input>> {
    let inputs = expand(paths);
    if inputs.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: no input file (*.pgn, *.desc.txt, each also .zst, .gz or .bz2) found",
                shown.join(", ")
            ),
        ));
    }
    Ok(inputs)
}

/// The path of an input found in a directory.
fn path_of(input: &Input) -> &Path {
    match input {
        Input::Path(p) | Input::Stream(p) | Input::Bad(p, ..) => p,
        Input::Stdin | Input::Reader(..) => Path::new("-"),
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

/// The game files under `dir` (walkdir, following symbolic links): a link to
/// an ancestor is not followed (so no loop, no exponential walk), a file
/// reached by two paths is taken once, and a game-file name that is not a
/// regular file (a FIFO, a socket, a device) is skipped with a note; an entry
/// that cannot be read becomes an [`Input::Bad`].
fn walk(dir: &Path, out: &mut Vec<Input>) {
    let mut seen = std::collections::HashSet::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().unwrap_or(dir).to_owned();
                if let Some(ancestor) = e.loop_ancestor() {
                    note(&format!(
                        "{}: a link to {} (which contains it): not followed",
                        path.display(),
                        ancestor.display()
                    ));
                } else if let Some(io) = e.io_error() {
                    let io = io::Error::new(io.kind(), io.to_string());
                    out.push(bad(&path, &io));
                }
                continue;
            }
        };
        let path = entry.path();
        if entry.file_type().is_dir() || !is_game_file(path) {
            continue;
        }
        if !entry.file_type().is_file() {
            note(&format!(
                "{}: not a regular file (a FIFO, socket or device): skipped",
                path.display()
            ));
            continue;
        }
        if let Ok(meta) = entry.metadata() {
            if !seen.insert(file_id(&meta)) {
                continue;
            }
        }
        out.push(Input::Path(path.to_owned()));
    }
}

/// Says something on standard error that does not change the outcome.
fn note(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(
        io::stderr(),
        "scoresheet: note: {}",
        crate::report::printable(message)
    );
}

/// What tells a file apart from another whatever its path (device and inode
/// on Unix; elsewhere nothing, and no file is taken as seen).
fn file_id(meta: &std::fs::Metadata) -> (u64, u64) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (meta.dev(), meta.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        (
            u64::MAX,
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        )
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
