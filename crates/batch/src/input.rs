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

    /// The name as the system knows it: a path's bytes (on Unix, where a
    /// path need not be UTF-8), else [`Input::name`]'s. The JSON report and
    /// SARIF keep every byte of it; human output shows [`Input::name`].
    pub fn name_bytes(&self) -> std::borrow::Cow<'_, [u8]> {
        match self {
            #[cfg(unix)]
            Input::Path(p) | Input::Stream(p) | Input::Bad(p, ..) => {
                use std::os::unix::ffi::OsStrExt;
                std::borrow::Cow::Borrowed(p.as_os_str().as_bytes())
            }
            _ => std::borrow::Cow::Owned(self.name().into_bytes()),
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
    /// text read as UTF-8, a CR alone read as a line end (LF, byte for
    /// byte: `line_ends.rs`) and each stretch of binary data as NUL bytes,
    /// which the parser reports as one `binary-data` error (`binary.rs`).
    ///
    /// # Errors
    /// The input cannot be opened, or a zip archive (unpack it first), or its
    /// first bytes cannot be read.
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
        Ok(self.open_once(wrap)?.0)
    }

    /// [`Input::open_with`], and for a regular file the file as it was opened,
    /// to read its text again from any point ([`Reopen::text_from`]) without
    /// opening its path a second time.
    pub(crate) fn open_once(
        &self,
        wrap: impl FnOnce(Box<dyn Read + Send>) -> Box<dyn Read + Send>,
    ) -> io::Result<(Box<dyn Read + Send>, Option<Reopen>)> {
        if let Input::Path(p) = self {
            let file = OpenFile::open(p)?;
            let (text, plain) = text(wrap(Box::new(file.reader_at(0))))?;
            return Ok((text, Some(Reopen { file, plain })));
        }
        let raw: Box<dyn Read + Send> = match self {
            Input::Stdin => {
                hint_on_terminal();
                Box::new(EndsOnce::new(io::stdin()))
            }
            Input::Bad(_, kind, message) => return Err(io::Error::new(*kind, message.clone())),
            Input::Path(p) => Box::new(File::open(p)?),
            Input::Stream(p) => Box::new(EndsOnce::new(File::open(p)?)),
            Input::Reader(_, r) => Box::new(EndsOnce::new(r.take()?)),
        };
        Ok((text(wrap(raw))?.0, None))
    }
}

/// The text of an input from its bytes `raw`: decompressed, UTF-16 read as
/// UTF-8, lone CRs read as LF; and whether it is the bytes themselves (no
/// decoding changed an offset), so that it can be read from any offset.
fn text(raw: Box<dyn Read + Send>) -> io::Result<(Box<dyn Read + Send>, bool)> {
    let (decoded, compressed) = decompressed(raw)?;
    let (text, utf16) = utf16_as_utf8(decoded)?;
    Ok((lines(text), !compressed && !utf16))
}

/// Text as the game readers take it: lone CRs read as LF (`line_ends.rs`),
/// stretches of binary data as NUL bytes (`binary.rs`), byte for byte.
fn lines(text: Box<dyn Read + Send>) -> Box<dyn Read + Send> {
    Box::new(crate::binary::BinaryStretches::new(
        crate::line_ends::LineEnds::new(text),
    ))
}

/// A regular file opened once: every reader of it reads the one descriptor at
/// its own position, so a file renamed over (what an atomic save does) while
/// it is read is never spliced with the file that replaced it.
#[derive(Debug, Clone)]
pub(crate) struct OpenFile(Arc<File>);

impl OpenFile {
    /// Opens `path`.
    pub(crate) fn open(path: &Path) -> io::Result<OpenFile> {
        Ok(OpenFile(Arc::new(File::open(path)?)))
    }

    /// A reader of the file from byte `pos` on.
    pub(crate) fn reader_at(&self, pos: u64) -> FileAt {
        FileAt {
            file: self.0.clone(),
            pos,
        }
    }
}

/// A reader of an [`OpenFile`] from a position of its own (positioned reads:
/// the descriptor's own position is neither used nor moved, so several
/// readers of one file never disturb each other).
pub(crate) struct FileAt {
    file: Arc<File>,
    pos: u64,
}

impl Read for FileAt {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = read_at(&self.file, buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

#[cfg(unix)]
fn read_at(file: &File, buf: &mut [u8], pos: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, pos)
}

#[cfg(windows)]
fn read_at(file: &File, buf: &mut [u8], pos: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, pos)
}

/// Elsewhere, a seek and a read under one lock (readers of one file take turns).
#[cfg(not(any(unix, windows)))]
fn read_at(mut file: &File, buf: &mut [u8], pos: u64) -> io::Result<usize> {
    use std::io::{Seek, SeekFrom};
    static TURN: Mutex<()> = Mutex::new(());
    let _turn = TURN
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    file.seek(SeekFrom::Start(pos))?;
    file.read(buf)
}

/// A regular file of a run, open, to read its text again from a point (where a
/// block was cut inside a game) from the descriptor opened first.
#[derive(Debug, Clone)]
pub(crate) struct Reopen {
    file: OpenFile,
    /// Its text is its bytes (not compressed, not UTF-16).
    plain: bool,
}

impl Reopen {
    /// A file already open, whose text is its bytes.
    pub(crate) fn plain(file: OpenFile) -> Reopen {
        Reopen { file, plain: true }
    }

    /// The file's text from offset `at` of the text on, its bytes read through
    /// `wrap` (`wrap` is told where they start): plain text straight from
    /// there, decoded text again from the file's start.
    pub(crate) fn text_from(
        &self,
        at: u64,
        wrap: impl FnOnce(Box<dyn Read + Send>, u64) -> Box<dyn Read + Send>,
    ) -> io::Result<Box<dyn Read + Send>> {
        if self.plain {
            return Ok(lines(wrap(Box::new(self.file.reader_at(at)), at)));
        }
        let (mut text, _) = text(wrap(Box::new(self.file.reader_at(0)), 0))?;
        let skipped = io::copy(&mut (&mut text).take(at), &mut io::sink())?;
        if skipped < at {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!("the text ends at byte {skipped}, before byte {at}"),
            ));
        }
        Ok(text)
    }
}

/// A stream that ends at its first end: once a read gave nothing, every later
/// read gives nothing without asking the stream again. A terminal gives an end
/// for each Ctrl-D and reads on after it, so without this every reader that
/// looks at the input's start (its compression, a NUL byte, a book's head)
/// would wait for one more Ctrl-D; a file object may likewise give more after
/// an end. What comes after the first end is not the input's.
pub(crate) struct EndsOnce<R> {
    inner: R,
    ended: bool,
}

impl<R: Read> EndsOnce<R> {
    /// `inner`, ending at its first end.
    pub(crate) fn new(inner: R) -> EndsOnce<R> {
        EndsOnce {
            inner,
            ended: false,
        }
    }
}

impl<R: Read> Read for EndsOnce<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended || buf.is_empty() {
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        self.ended = n == 0;
        Ok(n)
    }
}

/// Says on standard error, once, that standard input is being read when it is
/// a terminal: a command given no path waits there for games, which looks like
/// a hang to whoever meant to name a file.
fn hint_on_terminal() {
    use std::io::IsTerminal as _;
    use std::io::Write as _;
    static SAID: std::sync::Once = std::sync::Once::new();
    if io::stdin().is_terminal() {
        SAID.call_once(|| {
            let _ = writeln!(
                io::stderr(),
                "scoresheet: reading games from standard input (end with Ctrl-D; name files to read them instead)"
            );
        });
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
/// zstd (skippable frames too), gzip (members one after the other, as `cat
/// a.gz b.gz` makes, and zero padding: [`GzipMembers`]) or bzip2; otherwise as
/// it is (a zip archive is refused) (every reader of inputs reads in large pieces: no
/// buffer between).
fn decompressed(mut raw: Box<dyn Read + Send>) -> io::Result<(Box<dyn Read + Send>, bool)> {
    let mut magic = [0u8; 4];
    let n = read_up_to(&mut raw, &mut magic)?;
    let head = magic[..n].to_vec();
    let raw = io::Cursor::new(head).chain(raw);
    if is_zip(&magic[..n]) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a zip archive: unpack it first (`unzip`), then read the game files it holds",
        ));
    }
    let compression = compression(&magic[..n]);
    Ok((
        match compression {
            Some(Compression::Zstd) => Box::new(zstd::stream::read::Decoder::new(raw)?),
            Some(Compression::Gzip) => Box::new(GzipMembers::new(raw)),
            Some(Compression::Bzip2) => Box::new(bzip2::read::MultiBzDecoder::new(raw)),
            None => Box::new(raw),
        },
        compression.is_some(),
    ))
}

/// A compression an input is decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Zstd,
    Gzip,
    Bzip2,
}

/// Whether the first bytes of an input are a zip archive's (a local file
/// header, or the end record of an empty archive).
fn is_zip(magic: &[u8]) -> bool {
    matches!(magic, [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..])
}

/// gzip members one after the other (`cat a.gz b.gz`), decoded as they
/// stream, and after the last, zero bytes as padding (tape and block devices
/// write them; `gzip -t` accepts them). Anything else after a member is an
/// error, given once the text before it is read.
struct GzipMembers<R> {
    member: Option<flate2::bufread::GzDecoder<io::BufReader<R>>>,
}

impl<R: Read> GzipMembers<R> {
    fn new(raw: R) -> GzipMembers<R> {
        GzipMembers {
            member: Some(flate2::bufread::GzDecoder::new(
                io::BufReader::with_capacity(64 << 10, raw),
            )),
        }
    }
}

impl<R: Read> Read for GzipMembers<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use io::BufRead;
        loop {
            let Some(member) = &mut self.member else {
                return Ok(0);
            };
            let n = member.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The member ended: another, padding, or garbage follows.
            let Some(member) = self.member.take() else {
                return Ok(0);
            };
            let mut rest = member.into_inner();
            if rest.fill_buf()?.starts_with(&[0x1f, 0x8b]) {
                self.member = Some(flate2::bufread::GzDecoder::new(rest));
                continue;
            }
            loop {
                let bytes = rest.fill_buf()?;
                if bytes.is_empty() {
                    return Ok(0);
                }
                if bytes.iter().any(|&b| b != 0) {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "bytes after the end of the gzip data that are not gzip data (trailing garbage)",
                    ));
                }
                let n = bytes.len();
                rest.consume(n);
            }
        }
    }
}

/// The compression the first bytes of an input (at least 4, when it has them) show.
pub fn compression(magic: &[u8]) -> Option<Compression> {
    match magic {
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
        // A skippable frame (`pzstd` starts its output with one), then frames.
        [0x50..=0x5f, 0x2a, 0x4d, 0x18, ..] => Some(Compression::Zstd),
        [0x1f, 0x8b, 0x08, ..] => Some(Compression::Gzip),
        [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
        _ => None,
    }
}

/// How much of an input's start is looked at to tell UTF-16 text.
pub const BINARY_HEAD: usize = 8 << 10;

/// `reader`, its UTF-16 text (see [`utf16_order`], on its first
/// [`BINARY_HEAD`] bytes) read as UTF-8; and whether it was UTF-16.
fn utf16_as_utf8(mut reader: Box<dyn Read + Send>) -> io::Result<(Box<dyn Read + Send>, bool)> {
    let mut head = vec![0u8; BINARY_HEAD];
    let n = read_up_to(&mut reader, &mut head)?;
    head.truncate(n);
    if let Some(big_endian) = utf16_order(&head) {
        let text = io::Cursor::new(head).chain(reader);
        return Ok((Box::new(Utf16Text::new(text, big_endian)), true));
    }
    Ok((Box::new(io::Cursor::new(head).chain(reader)), false))
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

/// How directories are walked: like ripgrep, hidden files and directories
/// (names starting with `.`) and those a `.gitignore` (in a Git repository),
/// `.ignore` or `.git/info/exclude` names are skipped unless asked for, and
/// `--glob` chooses files. Paths named on the command line are read whatever
/// these say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walk {
    /// `--hidden`: hidden files and directories are walked too.
    pub hidden: bool,
    /// `--no-ignore`: `.gitignore`, `.ignore` and `.git/info/exclude` are not read.
    pub no_ignore: bool,
    /// `--glob`: gitignore-style globs, each relative to the directory walked;
    /// when one chooses (no `!`), the files it matches are read whatever their
    /// name ends with, instead of the game-file names; one with `!` leaves the
    /// files (or directories) it matches out. Globs win over the ignore files.
    pub globs: Vec<String>,
}

/// What directory walks skipped, by why: each file with a game-file name (or
/// matching a choosing glob) and each directory left out counts once (a
/// skipped directory's contents are not looked at).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Skipped {
    /// Hidden (the name starts with `.`).
    pub hidden: u64,
    /// Named by a `.gitignore`, `.ignore` or `.git/info/exclude`.
    pub ignored: u64,
    /// Left out by `--glob` (matched by a `!` glob, or by no choosing glob).
    pub glob: u64,
}

impl Skipped {
    /// Everything skipped.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.hidden + self.ignored + self.glob
    }

    /// Whether nothing was skipped.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// `2 hidden, 1 ignored`: the reasons with a count, for a human.
    #[must_use]
    pub fn reasons(&self) -> String {
        let parts: Vec<String> = [
            (self.hidden, "hidden"),
            (self.ignored, "ignored"),
            (self.glob, "by --glob"),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, why)| format!("{n} {why}"))
        .collect();
        parts.join(", ")
    }
}

/// The inputs the command-line paths name, and what directory walks skipped.
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// The inputs, in the order of the paths (each directory's files sorted).
    pub inputs: Vec<Input>,
    /// What the directory walks left out.
    pub skipped: Skipped,
}

/// Expands the command-line paths: `-` is standard input, directories are
/// walked ([`Walk`]) for the names in [`GAME_FILE_ENDS`] (sorted), files are
/// taken as they are, whatever their name. A path that cannot be read becomes
/// an [`Input::Bad`] in its place: it is reported in its turn, and the run goes on.
///
/// # Errors
/// `InvalidInput` for a glob that cannot be read.
pub fn expand_walked(paths: &[PathBuf], how: &Walk) -> io::Result<Found> {
    expand_walked_with(paths, how, true)
}

/// [`expand`], `-` standard input only when `dash_is_stdin` (a library's
/// callers name standard input otherwise: a path `-` is the file of that name).
pub fn expand_with(paths: &[PathBuf], dash_is_stdin: bool) -> Vec<Input> {
    expand_walked_with(paths, &Walk::default(), dash_is_stdin)
        .map_or_else(|_| Vec::new(), |found| found.inputs)
}

/// [`expand_walked`], `-` standard input only when `dash_is_stdin`.
fn expand_walked_with(paths: &[PathBuf], how: &Walk, dash_is_stdin: bool) -> io::Result<Found> {
    let mut found = Found::default();
    for p in paths {
        if dash_is_stdin && p.as_os_str() == "-" {
            found.inputs.push(Input::Stdin);
            continue;
        }
        match std::fs::metadata(p) {
            Ok(meta) if meta.is_dir() => {
                let mut inputs = Vec::new();
                walk(p, how, &mut inputs, &mut found.skipped)?;
                inputs.sort_by(|a, b| path_of(a).cmp(path_of(b)));
                found.inputs.extend(inputs);
            }
            Ok(meta) if meta.is_file() => found.inputs.push(Input::Path(p.clone())),
            Ok(_) => found.inputs.push(Input::Stream(p.clone())),
            Err(e) => found.inputs.push(bad(p, &e)),
        }
    }
    Ok(found)
}

/// [`expand_walked`] with the default walk, what it skipped left unsaid.
pub fn expand(paths: &[PathBuf]) -> Vec<Input> {
    expand_walked(paths, &Walk::default()).map_or_else(|_| Vec::new(), |found| found.inputs)
}

/// [`expand_walked`], and a usage error when it finds nothing to read
/// (directories without a game file): a run that reads nothing never passes
/// silently.
///
/// # Errors
/// `InvalidInput` when no input was found, or a glob cannot be read.
pub fn expand_some(paths: &[PathBuf], how: &Walk) -> io::Result<Found> {
    let found = expand_walked(paths, how)?;
    if found.inputs.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        let skipped = if found.skipped.is_empty() {
            String::new()
        } else {
            format!(
                " ({} skipped: {}; --hidden, --no-ignore or --glob read them)",
                found.skipped.total(),
                found.skipped.reasons()
            )
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: no input file (*.pgn, *.desc.txt, each also .zst, .gz or .bz2) found{skipped}",
                shown.join(", ")
            ),
        ));
    }
    Ok(found)
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

/// The globs of `--glob`, relative to the directory walked.
fn overrides(dir: &Path, globs: &[String]) -> io::Result<Option<ignore::overrides::Override>> {
    if globs.is_empty() {
        return Ok(None);
    }
    let invalid =
        |e: ignore::Error| io::Error::new(io::ErrorKind::InvalidInput, format!("--glob: {e}"));
    let mut builder = ignore::overrides::OverrideBuilder::new(dir);
    for glob in globs {
        builder.add(glob).map_err(invalid)?;
    }
    builder.build().map(Some).map_err(invalid)
}

/// The path an error of the walk is about, and whether it is a link back to
/// a directory that contains it (with that directory).
fn error_place(e: &ignore::Error) -> (Option<&Path>, Option<&Path>) {
    match e {
        ignore::Error::WithPath { path, err } => {
            let (inner, ancestor) = error_place(err);
            (inner.or(Some(path)), ancestor)
        }
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_place(err)
        }
        ignore::Error::Loop { ancestor, child } => (Some(child), Some(ancestor)),
        _ => (None, None),
    }
}

/// The game files under `dir` (following symbolic links, skipping what
/// [`Walk`] says, counted in `skipped`): a link to an ancestor is not followed
/// (so no loop, no exponential walk), a file reached by two paths is taken
/// once, and a game-file name that is not a regular file (a FIFO, a socket, a
/// device) is skipped with a note; an entry that cannot be read becomes an
/// [`Input::Bad`].
fn walk(dir: &Path, how: &Walk, out: &mut Vec<Input>, skipped: &mut Skipped) -> io::Result<()> {
    let globs = overrides(dir, &how.globs)?;
    let choosing = globs.as_ref().is_some_and(|g| g.num_whitelists() > 0);
    let mut builder = ignore::WalkBuilder::new(dir);
    builder
        .follow_links(true)
        .hidden(!how.hidden)
        .parents(!how.no_ignore)
        .ignore(!how.no_ignore)
        .git_ignore(!how.no_ignore)
        .git_global(!how.no_ignore)
        .git_exclude(!how.no_ignore);
    if let Some(globs) = &globs {
        builder.overrides(globs.clone());
    }
    let mut seen = std::collections::HashSet::new();
    // Every path the walk gave (directories, files, errors): what a walked
    // directory holds beside them was skipped.
    let mut given = std::collections::HashSet::new();
    let mut dirs = Vec::new();
    for entry in builder.build() {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let (path, ancestor) = error_place(&e);
                let path = path.unwrap_or(dir).to_owned();
                given.insert(path.clone());
                if let Some(ancestor) = ancestor {
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
        given.insert(path.to_owned());
        let Some(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            dirs.push(path.to_owned());
            continue;
        }
        // A choosing glob gave only the files it matches: those are read.
        if !choosing && !is_game_file(path) {
            continue;
        }
        if !kind.is_file() {
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
    for walked in dirs {
        let Ok(entries) = std::fs::read_dir(&walked) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if given.contains(&path) {
                continue;
            }
            let is_dir = std::fs::metadata(&path).is_ok_and(|m| m.is_dir());
            let glob = globs
                .as_ref()
                .map(|g| g.matched(&path, is_dir))
                .unwrap_or(ignore::Match::None);
            let candidate = is_dir || is_game_file(&path) || glob.is_whitelist();
            if !candidate {
                continue;
            }
            let name = entry.file_name();
            // Every repository has one: skipping it is never news.
            if name == ".git" {
                continue;
            }
            let hidden = name.as_encoded_bytes().starts_with(b".");
            if glob.is_ignore() || (choosing && !is_dir && !glob.is_whitelist()) {
                skipped.glob += 1;
            } else if hidden && !how.hidden {
                skipped.hidden += 1;
            } else {
                skipped.ignored += 1;
            }
        }
    }
    Ok(())
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

/// Games gathered before a batch is handed to the workers, whatever their
/// size: each game read costs its reports and buffers, so a megabyte of tiny
/// games (`*` on each line: half a million) must not be one batch.
pub const BATCH_GAMES: usize = 2048;

/// Games with their 1-based index in their input, and the sum of their sizes.
pub type GameBatch = (
    Vec<(
        u64,
        Result<scoresheet_notation::pgn::GameChunk, scoresheet_notation::pgn::GameReadError>,
    )>,
    usize,
);

/// Hands the games of `games` to `emit` in batches of about [`BATCH_BYTES`]
/// (at most [`BATCH_GAMES`] games),
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
        if (batch_bytes >= BATCH_BYTES || batch.len() >= BATCH_GAMES || end) && !batch.is_empty() {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives its pieces one read each, an empty piece being an end of input,
    /// as a terminal gives one for each Ctrl-D and reads on after it.
    struct Pieces(Vec<&'static [u8]>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Ok(0);
            }
            let piece = self.0[0];
            let n = piece.len().min(buf.len());
            buf[..n].copy_from_slice(&piece[..n]);
            if n == piece.len() {
                self.0.remove(0);
            } else {
                self.0[0] = &piece[n..];
            }
            Ok(n)
        }
    }

    #[test]
    fn an_input_ends_at_its_first_end_whatever_comes_after() {
        let game: &[u8] = b"1. e4 e5 *\n\n";
        let mut once = EndsOnce::new(Pieces(vec![game, b"", game, b""]));
        let mut read = Vec::new();
        once.read_to_end(&mut read).unwrap();
        assert_eq!(read, game);
        // Every reader of the input's start (compression, NUL bytes, books)
        // and the games' reader together read one game.
        let input = Input::reader("tty", Box::new(Pieces(vec![game, b"", game, b""])));
        let mut text = Vec::new();
        input.open().unwrap().read_to_end(&mut text).unwrap();
        assert_eq!(text, game);
    }
}
