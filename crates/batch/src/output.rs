//! Output files: never one of the inputs, and written through a temporary file
//! in the same directory, renamed over the final name only once complete, so
//! an interrupted run never leaves a half-written file under that name.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::input::Input;

/// Whether `a` and `b` are the same file (through symlinks and hard links too).
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        false
    }
}

/// Refuses an output that is one of the inputs: writing it would destroy the
/// input before it is read.
///
/// # Errors
/// `InvalidInput`, naming the input, when `output` is the same file as one of
/// `inputs` (also through a symlink or a hard link, or by another spelling).
pub fn check_not_input(output: &Path, inputs: &[Input]) -> io::Result<()> {
    let Ok(out) = std::fs::metadata(output) else {
        return Ok(());
    };
    let same_path = |p: &Path| match (output.canonicalize(), p.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    for input in inputs {
        let (Input::Path(p) | Input::Stream(p)) = input else {
            continue;
        };
        let hit = std::fs::metadata(p).is_ok_and(|m| same_file(&out, &m)) || same_path(p);
        if hit {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "{}: the output is also an input ({}): refusing to overwrite it",
                    output.display(),
                    p.display()
                ),
            ));
        }
    }
    Ok(())
}

/// A file being written under a temporary name beside its final one.
#[derive(Debug)]
pub struct OutputFile {
    file: File,
    /// The temporary name, until the file is committed.
    temp: Option<PathBuf>,
    path: PathBuf,
}

impl OutputFile {
    /// Creates the output `path`: a temporary file in its directory when `path`
    /// is a regular file or does not exist yet; anything else (`/dev/null`, a
    /// FIFO, a terminal) is written in place.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(path: &Path) -> io::Result<OutputFile> {
        let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
        let regular = match std::fs::metadata(path) {
            Ok(m) => m.is_file(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => true,
            Err(e) => return Err(named(e)),
        };
        if !regular {
            let file = OpenOptions::new().write(true).open(path).map_err(named)?;
            return Ok(OutputFile {
                file,
                temp: None,
                path: path.to_owned(),
            });
        }
        let name = path.file_name().ok_or_else(|| {
            named(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a file name",
            ))
        })?;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_owned(),
            _ => PathBuf::from("."),
        };
        let mut n = 0u32;
        loop {
            let mut temp_name = std::ffi::OsString::from(".");
            temp_name.push(name);
            temp_name.push(format!(".{}.{n}.tmp", std::process::id()));
            let temp = dir.join(temp_name);
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Ok(file) => {
                    return Ok(OutputFile {
                        file,
                        temp: Some(temp),
                        path: path.to_owned(),
                    });
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 100 => n += 1,
                Err(e) => return Err(named(e)),
            }
        }
    }

    /// Gives the file its final name, once everything is written and flushed.
    ///
    /// # Errors
    /// The file cannot be flushed or renamed.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.flush()?;
        if let Some(temp) = self.temp.take() {
            if let Err(e) = std::fs::rename(&temp, &self.path) {
                let _ = std::fs::remove_file(&temp);
                return Err(io::Error::new(
                    e.kind(),
                    format!("{}: {e}", self.path.display()),
                ));
            }
        }
        Ok(())
    }
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
            let _ = std::fs::remove_file(temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
