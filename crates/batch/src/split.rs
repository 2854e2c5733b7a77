//! `validate --valid-out GOOD --invalid-out BAD [--duplicates-out DUPS]`: each
//! game's text, exactly as read, to the file its reported verdict names, in
//! input order (a `--dedup` duplicate is invalid: with the invalid games unless
//! it has a file of its own).
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

/// Which output of the split a game goes to, by its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Valid (warnings and notes allowed).
    Valid,
    /// Invalid for an error of its own.
    Invalid,
    /// With `--dedup`, an otherwise valid game that repeats an earlier one:
    /// invalid in the report, written to `--duplicates-out` when it is given,
    /// else with the invalid games.
    Duplicate,
}

impl Verdict {
    /// The verdict of a game's report, as the reporter left it.
    #[must_use]
    pub fn of(report: &crate::report::GameReport) -> Verdict {
        if report.valid {
            Verdict::Valid
        } else if report.errors.iter().any(|e| e.duplicate_of.is_some()) {
            Verdict::Duplicate
        } else {
            Verdict::Invalid
        }
    }
}

/// The outputs of the split; any may be absent.
pub struct Split {
    valid: Option<Sink>,
    invalid: Option<Sink>,
    /// `--duplicates-out`: where duplicates go, when not with the invalid games.
    duplicates: Option<Sink>,
    /// `--fix-tags`: each game's tag values written in the standard's form
    /// where they have one clear reading, the roster completed
    /// ([`scoresheet_board::tags::fix_tag_lines`]).
    pub fix_tags: bool,
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
        duplicates: Option<&Path>,
        inputs: &[Input],
    ) -> io::Result<Option<Split>> {
        if valid.is_none() && invalid.is_none() && duplicates.is_none() {
            return Ok(None);
        }
        let named = [
            ("--valid-out", valid),
            ("--invalid-out", invalid),
            ("--duplicates-out", duplicates),
        ];
        for (_, path) in named {
            if let Some(path) = path {
                check_not_input(path, inputs)?;
            }
        }
        for (i, (a_flag, a)) in named.iter().enumerate() {
            for (b_flag, b) in &named[i + 1..] {
                if let (Some(a), Some(b)) = (a, b)
                    && same_target(a, b)
                {
                    return Err(same_output((a_flag, a), (b_flag, b)));
                }
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
            duplicates: open(duplicates)?,
            fix_tags: false,
        }))
    }

    /// Writes one game's text (from its first byte; what follows its last line
    /// is left out) to the output its verdict names, if that one was asked for;
    /// with [`Split::fix_tags`], its tags fixed (`PlyCount` from `plies`, the
    /// plies of a valid game, when known).
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn game(&mut self, text: &[u8], verdict: Verdict, plies: Option<u64>) -> io::Result<()> {
        if self.fix_tags {
            let plies = plies
                .filter(|_| verdict == Verdict::Valid)
                .and_then(|p| usize::try_from(p).ok());
            let body = &text[..game_len(text)];
            if let Some(fixed) = scoresheet_board::tags::fix_tag_lines(body, plies) {
                return self.write(&fixed, verdict);
            }
        }
        self.write(text, verdict)
    }

    fn write(&mut self, text: &[u8], verdict: Verdict) -> io::Result<()> {
        let sink = match verdict {
            Verdict::Valid => &mut self.valid,
            Verdict::Duplicate if self.duplicates.is_some() => &mut self.duplicates,
            Verdict::Invalid | Verdict::Duplicate => &mut self.invalid,
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
        for sink in [self.valid, self.invalid, self.duplicates]
            .into_iter()
            .flatten()
        {
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

fn same_output((a_flag, a): (&str, &Path), (b_flag, b): (&str, &Path)) -> io::Error {
    let shown = |p: &Path| PathBuf::from(p).display().to_string();
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{a_flag} {} and {b_flag} {} are the same file",
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
