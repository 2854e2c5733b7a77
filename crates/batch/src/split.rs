//! `validate --valid-out GOOD --invalid-out BAD`: each game's text, exactly as
//! read, to one file or the other, in input order.
//!
//! The writer lives on the ordered side of a run (the reporter's), so the
//! games come out in input order whatever `--jobs` says. Both outputs are
//! written through a temporary file and renamed once the run is complete
//! ([`OutputFile`]), and neither may be one of the inputs.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::input::Input;
use crate::output::{OutputFile, check_not_input};

/// Where a game's text ends: through the line end of the line holding its last
/// byte that is not blank (the blank lines and spaces before the next game are
/// nobody's). A game that ends without a line end ends at its last byte.
#[must_use]
pub fn game_len(text: &[u8]) -> usize {
    let Some(last) = text.iter().rposition(|&b| !is_space(b)) else {
        return 0;
    };
    match text[last..].iter().position(|&b| b == b'\n') {
        Some(nl) => last + nl + 1,
        None => last + 1,
    }
}

/// Blanks and line ends, as the game splitter skips them between games.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// One output of the split.
struct Sink {
    out: BufWriter<OutputFile>,
    /// A game was written (the next one follows a blank line).
    any: bool,
}

impl Sink {
    /// Writes one game's text (see [`game_len`]) ending with a line end, after
    /// a blank line when it is not the first.
    fn game(&mut self, text: &[u8]) -> io::Result<()> {
        let body = &text[..game_len(text)];
        let eol: &[u8] = if body.ends_with(b"\r\n") {
            b"\r\n"
        } else {
            b"\n"
        };
        if self.any {
            self.out.write_all(eol)?;
        }
        self.out.write_all(body)?;
        if !body.ends_with(b"\n") {
            self.out.write_all(b"\n")?;
        }
        self.any = true;
        Ok(())
    }
}

/// The two outputs of the split; either may be absent.
pub struct Split {
    valid: Option<Sink>,
    invalid: Option<Sink>,
}

impl Split {
    /// Creates the outputs asked for, or `None` when neither is.
    ///
    /// # Errors
    /// `InvalidInput` when an output is one of the inputs or both outputs are
    /// the same file; an output that cannot be created.
    pub fn create(
        valid: Option<&Path>,
        invalid: Option<&Path>,
        inputs: &[Input],
    ) -> io::Result<Option<Split>> {
        if valid.is_none() && invalid.is_none() {
            return Ok(None);
        }
        for path in valid.iter().chain(invalid.iter()) {
            check_not_input(path, inputs)?;
        }
        if let (Some(v), Some(i)) = (valid, invalid) {
            if same_target(v, i) {
                return Err(same_output(v, i));
            }
        }
        let open = |path: Option<&Path>| -> io::Result<Option<Sink>> {
            path.map(|p| {
                Ok(Sink {
                    out: BufWriter::with_capacity(1 << 16, OutputFile::create(p)?),
                    any: false,
                })
            })
            .transpose()
        };
        Ok(Some(Split {
            valid: open(valid)?,
            invalid: open(invalid)?,
        }))
    }

    /// Writes one game's text (from its first byte; what follows its last line
    /// is left out) to the output its verdict names, if that one was asked for.
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn game(&mut self, text: &[u8], valid: bool) -> io::Result<()> {
        let sink = if valid {
            &mut self.valid
        } else {
            &mut self.invalid
        };
        match sink {
            Some(s) => s.game(text),
            None => Ok(()),
        }
    }

    /// Gives both outputs their final names, once everything is written.
    ///
    /// # Errors
    /// An output cannot be flushed or renamed.
    pub fn commit(self) -> io::Result<()> {
        for sink in [self.valid, self.invalid].into_iter().flatten() {
            sink.out
                .into_inner()
                .map_err(io::IntoInnerError::into_error)?
                .commit()?;
        }
        Ok(())
    }
}

/// Whether two output paths name one regular file, existing or not, by any
/// spelling or link (the second rename would replace the first output). Two
/// names of one pipe or terminal (`/dev/stdout`) may both be written.
fn same_target(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(ma), Ok(mb)) => {
            ma.is_file() && mb.is_file() && {
                #[cfg(unix)]
                {
                    use std::os::unix::fs::MetadataExt;
                    ma.dev() == mb.dev() && ma.ino() == mb.ino()
                }
                #[cfg(not(unix))]
                {
                    false
                }
            }
        }
        _ => {
            // Not there yet: the same name in the same directory.
            let resolved = |p: &Path| {
                let dir = match p.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                Some(dir.canonicalize().ok()?.join(p.file_name()?))
            };
            matches!((resolved(a), resolved(b)), (Some(x), Some(y)) if x == y)
        }
    }
}

fn same_output(a: &Path, b: &Path) -> io::Error {
    let shown = |p: &Path| PathBuf::from(p).display().to_string();
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "--valid-out {} and --invalid-out {} are the same file",
            shown(a),
            shown(b)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_game_ends_with_the_line_of_its_last_text() {
        fn len(t: &str) -> &str {
            &t[..game_len(t.as_bytes())]
        }
        assert_eq!(len("1. e4 *\n\n\n"), "1. e4 *\n");
        assert_eq!(len("1. e4 *   \r\n \r\n"), "1. e4 *   \r\n");
        assert_eq!(len("1. e4 *"), "1. e4 *");
        assert_eq!(len("1. e4 *  "), "1. e4 *");
        assert_eq!(len("{a\n}\n\n"), "{a\n}\n");
        assert_eq!(len(" \n"), "");
    }
}
