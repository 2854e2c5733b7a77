//! Inputs: files, directories searched recursively, `.pgn.zst` decoded as it
//! streams, and standard input.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

/// One input to read: a named file or standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input, shown as `-` in reports... named `<stdin>`.
    Stdin,
    /// A file on disk.
    Path(PathBuf),
}

impl Input {
    /// The name shown in reports.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::Path(p) => p.display().to_string(),
        }
    }

    /// The size in bytes on disk, when known (compressed size for `.zst`).
    pub fn len(&self) -> Option<u64> {
        match self {
            Input::Stdin => None,
            Input::Path(p) => std::fs::metadata(p).ok().map(|m| m.len()),
        }
    }

    /// Opens the input for reading, decompressing `.zst` files as they stream.
    pub fn open(&self) -> io::Result<Box<dyn Read + Send>> {
        match self {
            Input::Stdin => Ok(Box::new(io::stdin())),
            Input::Path(p) => {
                let file = File::open(p)?;
                if is_zstd(p) {
                    Ok(Box::new(zstd::stream::read::Decoder::new(file)?))
                } else {
                    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
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
/// as they are, whatever their name.
///
/// # Errors
/// A path that does not exist, or a directory that cannot be read.
pub fn expand(paths: &[PathBuf]) -> io::Result<Vec<Input>> {
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Input::Stdin);
        } else if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            found.sort();
            out.extend(found.into_iter().map(Input::Path));
        } else if p.exists() {
            out.push(Input::Path(p.clone()));
        } else {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("{}: no such file or directory", p.display()),
            ));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in std::fs::read_dir(dir)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?
    {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if is_game_file(&path) {
            out.push(path);
        }
    }
    Ok(())
}
