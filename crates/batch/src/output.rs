//! Output files: never one of the inputs, and written through a temporary file
//! in the same directory, renamed over the final name only once complete, so
//! an interrupted run never leaves a half-written file under that name.
//!
//! Every temporary file is listed in one registry while it is written, so that
//! a frontend's signal handler ([`remove_temporary_files_and_exit`]) removes
//! them all before the process ends: an interrupted run leaves neither a
//! hidden temporary file nor a changed output behind.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use crate::input::Input;

/// The temporary files being written in this process, until each is renamed to
/// its final name or removed.
static TEMPORARY_FILES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The registry, even when a thread panicked holding it (a list of paths is
/// never left half-changed).
fn temporary_files() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY_FILES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Removes every temporary output file being written and ends the process
/// with `code`. The registry stays locked until the end, so that no output is
/// renamed to its final name afterwards: the outputs a run would have replaced
/// keep their old contents. A frontend's signal handler calls it (the binary's
/// for SIGINT, SIGTERM and SIGHUP, with 128 and the signal's number).
pub fn remove_temporary_files_and_exit(code: i32) -> ! {
    let files = temporary_files();
    for path in files.iter() {
        let _ = std::fs::remove_file(path);
    }
    std::process::exit(code)
}

/// Ends the process on SIGINT, SIGTERM and SIGHUP with 128 and the signal's
/// number (130, 143, 129), the temporary output files removed first
/// ([`remove_temporary_files_and_exit`]); a thread of its own waits for them.
/// A frontend that owns its process calls it once at its start (the binary
/// does; a library inside another program's process leaves signals to it).
///
/// # Errors
/// The handlers cannot be installed.
#[cfg(unix)]
pub fn remove_temporary_files_on_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                remove_temporary_files_and_exit(128 + signal);
            }
        })?;
    Ok(())
}

/// Elsewhere signals keep their default action.
///
/// # Errors
/// None.
#[cfg(not(unix))]
pub fn remove_temporary_files_on_signals() -> io::Result<()> {
    Ok(())
}

/// The device and inode of a file: what tells it from any other, by any name.
#[cfg(unix)]
fn file_id(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

/// Without device and inode numbers no two files are known to be the same.
#[cfg(not(unix))]
fn file_id(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// Whether `a` and `b` are the same file (through symlinks and hard links too).
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    matches!((file_id(a), file_id(b)), (Some(x), Some(y)) if x == y)
}

/// The regular file a standard stream (standard input or output) is, when it
/// is one (`< games.pgn`, `>> games.pgn`); a pipe or a terminal is none.
#[cfg(unix)]
fn regular_file_behind(stream: &impl std::os::fd::AsFd) -> Option<std::fs::Metadata> {
    let fd = stream.as_fd().try_clone_to_owned().ok()?;
    let meta = File::from(fd).metadata().ok()?;
    meta.is_file().then_some(meta)
}

/// Elsewhere a standard stream is not known to be a file.
#[cfg(not(unix))]
fn regular_file_behind<T>(_: &T) -> Option<std::fs::Metadata> {
    None
}

/// The file an input reads, with the name shown for it, when it can be known
/// (standard input's only when it is a regular file).
fn input_file(input: &Input) -> Option<(std::fs::Metadata, String)> {
    match input {
        Input::Path(p) | Input::Stream(p) => {
            Some((std::fs::metadata(p).ok()?, p.display().to_string()))
        }
        Input::Stdin => Some((
            regular_file_behind(&io::stdin())?,
            "standard input".to_owned(),
        )),
        Input::Bad(..) | Input::Reader(..) => None,
    }
}

/// Refuses an output that is one of the inputs: writing it would destroy the
/// input before it is read.
///
/// # Errors
/// `InvalidInput`, naming the input, when `output` is the same file as one of
/// `inputs` (also through a symlink or a hard link, or by another spelling, or
/// standard input redirected from it).
pub fn check_not_input(output: &Path, inputs: &[Input]) -> io::Result<()> {
    let Ok(out) = std::fs::metadata(output) else {
        return Ok(());
    };
    let same_path = |p: &Path| match (output.canonicalize(), p.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    for input in inputs {
        let named = match input_file(input) {
            Some((meta, name)) if same_file(&out, &meta) => name,
            _ => match input {
                Input::Path(p) | Input::Stream(p) if same_path(p) => p.display().to_string(),
                _ => continue,
            },
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: the output is also an input ({named}): refusing to overwrite it",
                output.display(),
            ),
        ));
    }
    Ok(())
}

/// The files a run reads, by device and inode, to refuse an output that would
/// replace one of them: for outputs named as the run goes (a diagram per ply
/// into `play --svg DIR`), where asking every input each time would cost a
/// look-up per input per file written.
///
/// ```
/// use scoresheet_batch::{Input, InputFiles};
/// let dir = std::env::temp_dir().join(format!("input-files-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let game = dir.join("game1-ply000.svg");
/// std::fs::write(&game, "1. e4 *\n").unwrap();
/// let inputs = [Input::Path(game.clone())];
/// let files = InputFiles::of(&inputs);
/// assert!(files.check(&game).is_err());
/// assert!(files.check(&dir.join("game1-ply001.svg")).is_ok());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
#[derive(Debug, Default)]
pub struct InputFiles {
    /// Device and inode of each input that is a file, with its name.
    ids: std::collections::HashMap<(u64, u64), String>,
}

impl InputFiles {
    /// The files among `inputs` (standard input's too, when it is one).
    #[must_use]
    pub fn of(inputs: &[Input]) -> InputFiles {
        let ids = inputs
            .iter()
            .filter_map(input_file)
            .filter_map(|(meta, name)| Some((file_id(&meta)?, name)))
            .collect();
        InputFiles { ids }
    }

    /// Refuses `output` when it is one of the inputs (by any name or link).
    ///
    /// # Errors
    /// `InvalidInput`, naming the input.
    pub fn check(&self, output: &Path) -> io::Result<()> {
        if self.ids.is_empty() {
            return Ok(());
        }
        let Some(id) = std::fs::metadata(output).ok().as_ref().and_then(file_id) else {
            return Ok(());
        };
        match self.ids.get(&id) {
            Some(named) => Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: the output is also an input ({named}): refusing to overwrite it",
                    output.display(),
                ),
            )),
            None => Ok(()),
        }
    }
}

/// Refuses a run whose standard output is a regular file that is also one of
/// its inputs (`convert games.pgn >> games.pgn` would read its own output and
/// grow without end; `validate < games.pgn >> games.pgn` likewise). A frontend
/// that writes to its standard output calls it before the run.
///
/// # Errors
/// `InvalidInput`, naming the input.
pub fn check_stdout_not_input(inputs: &[Input]) -> io::Result<()> {
    let Some(out) = regular_file_behind(&io::stdout()) else {
        return Ok(());
    };
    for input in inputs {
        if let Some((meta, name)) = input_file(input)
            && same_file(&out, &meta)
        {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "standard output is also an input ({name}): refusing to write over it (write to another file)"
                ),
            ));
        }
    }
    Ok(())
}

/// The file `path` names once its symbolic links are followed (an output
/// written through a link replaces the file it points to, not the link);
/// `path` itself when it is no link. A link to nothing gives the path the file
/// would have.
///
/// # Errors
/// A link cannot be read, or the links go round (more than 40 of them).
fn through_links(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_owned();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(at),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// The writer of a run's main output (standard output, most often) whose
/// reader may go away (`scoresheet validate big.pgn | head`): once a write
/// finds the pipe closed, either the run ends there (the `BrokenPipe` error
/// goes on, and the run's outcome is that of the games judged so far), or,
/// when `complete` (other outputs, such as the split's files, still wait for
/// every game), every later write is dropped and the run goes on to its end.
pub(crate) struct UntilClosed<'a> {
    inner: &'a mut (dyn Write + Send),
    complete: bool,
    closed: bool,
}

impl<'a> UntilClosed<'a> {
    /// `inner`, going on to the end after it closes when `complete`.
    pub(crate) fn new(inner: &'a mut (dyn Write + Send), complete: bool) -> UntilClosed<'a> {
        UntilClosed {
            inner,
            complete,
            closed: false,
        }
    }

    /// What a write or flush of the inner writer gave, `len` once it closed
    /// when the run goes on.
    fn closed_or<T>(&mut self, done: io::Result<T>, len: T) -> io::Result<T> {
        match done {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                if self.complete { Ok(len) } else { Err(e) }
            }
            done => done,
        }
    }
}

impl Write for UntilClosed<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed && self.complete {
            return Ok(buf.len());
        }
        let done = self.inner.write(buf);
        self.closed_or(done, buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed && self.complete {
            return Ok(());
        }
        let done = self.inner.flush();
        self.closed_or(done, ())
    }
}

/// A file being written under a temporary name beside its final one.
#[derive(Debug)]
pub struct OutputFile {
    file: File,
    /// The temporary name, until the file is committed.
    temp: Option<PathBuf>,
    /// The final name: the file the output's path names, through its links.
    path: PathBuf,
}

impl OutputFile {
    /// Creates the output `path`: a temporary file beside the file it names
    /// (through symbolic links: the link is kept, the file it points to is
    /// replaced), with that file's permissions when it exists, when it is a
    /// regular file or does not exist yet; anything else (`/dev/null`, a FIFO,
    /// a terminal) is written in place.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(path: &Path) -> io::Result<OutputFile> {
        let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
        let existing = match std::fs::metadata(path) {
            Ok(m) => Some(m),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(named(e)),
        };
        if existing.as_ref().is_some_and(|m| !m.is_file()) {
            let file = OpenOptions::new().write(true).open(path).map_err(named)?;
            return Ok(OutputFile {
                file,
                temp: None,
                path: path.to_owned(),
            });
        }
        let target = through_links(path).map_err(named)?;
        let name = target.file_name().ok_or_else(|| {
            named(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a file name",
            ))
        })?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
            _ => PathBuf::from("."),
        };
        let mut n = 0u32;
        loop {
            let mut temp_name = std::ffi::OsString::from(".");
            temp_name.push(name);
            temp_name.push(format!(".{}.{n}.tmp", std::process::id()));
            let temp = dir.join(temp_name);
            // Listed before it exists: a signal between the two still removes it.
            temporary_files().push(temp.clone());
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    let output = OutputFile {
                        file,
                        temp: Some(temp),
                        path: target.clone(),
                    };
                    if let Some(old) = &existing {
                        output.keep_access(old).map_err(named)?;
                    }
                    return Ok(output);
                }
                Err(e) => {
                    forget(&temp);
                    if e.kind() == io::ErrorKind::AlreadyExists && n < 100 {
                        n += 1;
                    } else {
                        return Err(named(e));
                    }
                }
            }
        }
    }

    /// Gives the temporary file the permissions (and, where allowed, the
    /// owner and group) of the file it replaces.
    fn keep_access(&self, old: &std::fs::Metadata) -> io::Result<()> {
        self.file.set_permissions(old.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Only the owner's own files or root can change hands; a file
            // that cannot keep its owner gets the writer's, as any new file does.
            let _ = std::os::unix::fs::fchown(&self.file, Some(old.uid()), Some(old.gid()));
        }
        Ok(())
    }

    /// Gives the file its final name, once everything is written and flushed.
    ///
    /// # Errors
    /// The file cannot be flushed or renamed.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.flush()?;
        if let Some(temp) = self.temp.take() {
            // Renamed under the registry's lock: a signal handler that holds
            // it removes the file before the rename or finds it renamed.
            let mut files = temporary_files();
            let renamed = std::fs::rename(&temp, &self.path);
            if renamed.is_err() {
                let _ = std::fs::remove_file(&temp);
            }
            files.retain(|p| *p != temp);
            drop(files);
            if let Err(e) = renamed {
                return Err(io::Error::new(
                    e.kind(),
                    format!("{}: {e}", self.path.display()),
                ));
            }
        }
        Ok(())
    }
}

/// Takes a temporary file out of the registry (renamed or removed).
fn forget(temp: &Path) {
    temporary_files().retain(|p| p != temp);
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for OutputFile {
    /// A file never committed (the run failed) leaves no temporary file behind.
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let _ = std::fs::remove_file(&temp);
            forget(&temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pipe whose reader went away.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }

        fn flush(&mut self) -> io::Result<()> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }

    #[test]
    fn a_closed_pipe_ends_the_run_unless_other_outputs_wait_for_every_game() {
        let mut pipe = Closed;
        let mut ends = UntilClosed::new(&mut pipe, false);
        let kind = ends.write_all(b"report").map_err(|e| e.kind());
        assert_eq!(kind, Err(io::ErrorKind::BrokenPipe));
        let mut pipe = Closed;
        let mut goes_on = UntilClosed::new(&mut pipe, true);
        assert!(goes_on.write_all(b"report").is_ok());
        assert!(goes_on.write_all(b"another").is_ok());
        assert!(goes_on.flush().is_ok());
    }

    #[test]
    fn an_output_never_committed_leaves_nothing_and_a_committed_one_replaces_the_old() {
        let dir = std::env::temp_dir().join(format!("scoresheet-output-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.pgn");
        std::fs::write(&path, "old").unwrap();
        let mut file = OutputFile::create(&path).unwrap();
        file.write_all(b"half").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        drop(file);
        let names = |dir: &Path| {
            let mut v: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            v.sort();
            v
        };
        assert_eq!(names(&dir), ["out.pgn"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        let mut file = OutputFile::create(&path).unwrap();
        file.write_all(b"whole").unwrap();
        file.commit().unwrap();
        assert_eq!(names(&dir), ["out.pgn"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "whole");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
