//! One file validated in byte ranges, each on its own (on another machine, by
//! a distributed engine), with the reports a run over the whole file gives:
//! [`ranges`] cuts the file where the block reader cuts it (where a game most
//! likely ends), [`validate_range`] judges one range as the block it is, its
//! lines counted from the file's start and its games from the range's start
//! (the caller adds the games of the ranges before, which it learns from their
//! summaries).

use std::io::{self, Read, Write};

use scoresheet_notation::pgn::{Block, BlockReader};

use crate::Outcome;
use crate::input::{BINARY_HEAD, Input, OpenFile, Reopen, compression, utf16_order};
use crate::options::ValidateOptions;

/// A byte range of a file, cut where the block reader cuts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    /// Where it starts in the file.
    pub offset: u64,
    /// Its length in bytes.
    pub len: u64,
    /// The 1-based line it starts.
    pub line: u64,
    /// It ends the file.
    pub last: bool,
    /// It ends just before a line that starts with `[`.
    pub before_tag: bool,
}

/// How a range ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeEnd {
    /// Between two games: the next range starts the next game.
    Clean,
    /// Inside a game: the rest of the file was judged with this range, from
    /// that game on; the ranges after it must be dropped.
    Rest,
}

/// The ranges of about `size` bytes (at least 1 KiB) a file is validated in,
/// or `None` when it must be validated whole (not a regular file, compressed, a
/// book's move tables).
///
/// # Errors
/// The file cannot be opened or read (validated whole, it gives the error
/// in its turn).
pub fn ranges(input: &Input, size: usize) -> io::Result<Option<Vec<Range>>> {
    let Input::Path(path) = input else {
        return Ok(None);
    };
    let file = OpenFile::open(path)?;
    let mut head = Vec::new();
    file.reader_at(0)
        .take(BINARY_HEAD as u64)
        .read_to_end(&mut head)?;
    // Offsets in the text read are not offsets in the file.
    if compression(&head).is_some() || utf16_order(&head).is_some() {
        return Ok(None);
    }
    let reader = Reopen::plain(file).text_from(0, |raw, _| raw)?;
    let size = size.max(1 << 10);
    let (_, max) = crate::blocks::block_sizes();
    let mut blocks = BlockReader::new(reader, size, max.max(size));
    let mut out = Vec::new();
    while let Some(block) = blocks.next() {
        let block = block?;
        out.push(Range {
            offset: block.offset,
            len: block.bytes.len() as u64,
            line: block.line,
            last: block.last,
            before_tag: block.before_tag,
        });
        blocks.reuse(block.bytes);
    }
    Ok(Some(out))
}

/// Validates `range` of the file `input` as `scoresheet validate` would in a
/// run over the whole file: the reports (numbered from 1 at the range's
/// start, lines counted from the file's start) and the summary line to `out`
/// in the format asked for, standard error's messages to `err`. The summary
/// counts the file in its first range only.
///
/// # Errors
/// The range cannot be read (the file changed since it was cut), writing
/// failed, or the options are wrong.
pub fn validate_range(
    args: &ValidateOptions,
    input: &Input,
    range: Range,
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
) -> io::Result<(Outcome, RangeEnd)> {
    let Input::Path(path) = input else {
        return Err(io::Error::other("only a regular file is read in ranges"));
    };
    // The file is opened once: the rest of it, when the range ends inside a
    // game, is read from the same descriptor.
    let file = OpenFile::open(path)?;
    let bytes = read_range(&file, range)?;
    let block = Block {
        offset: range.offset,
        line: range.line,
        bytes,
        first: range.offset == 0,
        last: range.last,
        before_tag: range.before_tag,
    };
    let mut rest = false;
    let progress = crate::progress::Progress::hidden();
    progress.adopt(0, Reopen::plain(file));
    let outcome = super::run_to(
        args,
        std::slice::from_ref(input),
        out,
        err,
        Some((&block, &mut rest)),
        &progress,
    )?;
    Ok((
        outcome,
        if rest {
            RangeEnd::Rest
        } else {
            RangeEnd::Clean
        },
    ))
}

/// The bytes of `range` of a regular file.
fn read_range(file: &OpenFile, range: Range) -> io::Result<Vec<u8>> {
    let file = file.reader_at(range.offset);
    let len = usize::try_from(range.len).map_err(io::Error::other)?;
    let mut bytes = Vec::with_capacity(len + 1);
    // One byte more: whether a CR at the end is a line end of its own.
    file.take(range.len + 1).read_to_end(&mut bytes)?;
    let next = bytes.get(len).copied();
    bytes.truncate(len);
    crate::line_ends::lone_cr_to_lf(&mut bytes, next);
    if bytes.len() != len {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "the file changed: {} bytes at offset {}, {} expected",
                bytes.len(),
                range.offset,
                len
            ),
        ));
    }
    Ok(bytes)
}
