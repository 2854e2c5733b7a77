//! What `scoresheet validate` reads from a pipe: the input arrives in reads of
//! arbitrary sizes (a pipe gives what was written, a few bytes or 64 KiB).
//! The report of a game depends only on its bytes and where it starts, so the
//! report of the stream equals the file's when every game has the same offset,
//! line, column and bytes: this target checks that for the streaming reader
//! (`GameReader`, how pipes and standard input are read) and for the block
//! reader with the streaming reader resuming where a block was cut inside a
//! game (how regular files are read), both over reads of sizes taken from the
//! input, against `GameReader` over the whole text at once.
//!
//!
//! Then the one reader of the batch library (what every frontend reads bytes
//! with): the text with its line ends written LF, CRLF or CR alone (chosen
//! by the read sizes) gives the same games at the same lines and columns,
//! with the same verdicts, as the text with LF; and the text compressed
//! (gzip, bzip2 or zstd, by the block byte) and cut at an offset taken from
//! the input gives the games the whole stream gives before the cut, then an
//! error, never a panic.
//!
//! Input layout: one byte for the block size (1-64), one for the number of
//! read sizes (1-8), the read sizes (1-255), then the text.
#![no_main]

use std::io::{Read, Write};

use libfuzzer_sys::fuzz_target;
use scoresheet_batch::{GameReport, Input, judge_text};
use scoresheet_notation::pgn::{BlockEnd, BlockGames, BlockReader, GameReadError, GameReader};

/// A reader that gives at most the next of `sizes` bytes per read, cycling.
struct Choppy<'a> {
    text: &'a [u8],
    sizes: &'a [u8],
    turn: usize,
}

impl Read for Choppy<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = usize::from(self.sizes[self.turn % self.sizes.len()].max(1));
        self.turn += 1;
        let n = size.min(buf.len()).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

/// Offset, line, column and bytes of a game.
type Seen = (u64, u64, u64, Vec<u8>);

fuzz_target!(|data: &[u8]| {
    let [block, count, rest @ ..] = data else {
        return;
    };
    let block = 1 + usize::from(block % 64);
    let count = 1 + usize::from(count % 8);
    if rest.len() < count {
        return;
    }
    let (sizes, text) = rest.split_at(count);
    let choppy = |text| Choppy {
        text,
        sizes,
        turn: 0,
    };
    let whole: Vec<Seen> = GameReader::with_limits(text, text.len().max(1), usize::MAX)
        .map(|g| {
            let g = g.expect("a slice cannot fail");
            (g.offset, g.line, g.column, g.bytes)
        })
        .collect();
    // A pipe: the streaming reader over short reads.
    let piped: Vec<Seen> = GameReader::with_limits(choppy(text), block, usize::MAX)
        .map(|g| {
            let g = g.expect("a slice cannot fail");
            (g.offset, g.line, g.column, g.bytes)
        })
        .collect();
    assert_eq!(
        piped, whole,
        "a stream read in pieces splits as the whole text"
    );
    // A file: blocks over short reads, the streaming reader from a cut inside a game.
    let mut blocked: Vec<Seen> = Vec::new();
    'blocks: for b in BlockReader::new(choppy(text), block, block * 4) {
        let b = b.expect("a slice cannot fail");
        let mut split = BlockGames::new(&b);
        while let Some(g) = split.next_game(|_| None::<((), usize)>) {
            let (line, column) = split.line_col(g.start);
            blocked.push((
                b.offset + g.start as u64,
                line,
                column,
                b.bytes[g.start..g.end].to_vec(),
            ));
        }
        match split.end() {
            Some(BlockEnd::Clean) => {}
            Some(BlockEnd::Unfinished(at)) => {
                let from = usize::try_from(at.offset).expect("an offset in the text");
                for g in GameReader::resume(choppy(&text[from..]), at) {
                    let g = g.expect("a slice cannot fail");
                    blocked.push((g.offset, g.line, g.column, g.bytes));
                }
                break 'blocks;
            }
            _ => panic!("a block without an end"),
        }
    }
    assert_eq!(
        blocked, whole,
        "blocks over a stream read in pieces split as the whole text"
    );
    line_ends(text, sizes);
    cut_compressed(text, sizes, block);
});

/// The text without CRs, then with each LF written as `sizes` choose (LF,
/// CRLF or CR alone; never a lone CR right before an LF, which would make
/// the two one line end): the same games, lines, columns and verdicts.
fn line_ends(text: &[u8], sizes: &[u8]) {
    let lf: Vec<u8> = text.iter().copied().filter(|&b| b != b'\r').collect();
    // A binary stretch's extent is measured in bytes (the next control byte
    // within 256 continues it, its line start within 256 is taken in), and a
    // CR adds one to every line: binary data is not the same text with
    // other line ends.
    if lf
        .iter()
        .any(|&b| b < 32 && !matches!(b, 7..=13 | 26 | 27))
    {
        return;
    }
    let mut mixed = Vec::with_capacity(lf.len() * 2);
    let mut turn = 0;
    for (i, &b) in lf.iter().enumerate() {
        if b != b'\n' {
            mixed.push(b);
            continue;
        }
        let choice = sizes[turn % sizes.len()] % 3;
        turn += 1;
        match choice {
            1 => mixed.extend_from_slice(b"\r\n"),
            2 if lf.get(i + 1) != Some(&b'\n') => mixed.push(b'\r'),
            2 => mixed.extend_from_slice(b"\r\n"),
            _ => mixed.push(b'\n'),
        }
    }
    let options = Default::default();
    let (Ok(want), Ok(got)) = (
        judge_text("lf", &lf, &options),
        judge_text("mixed", &mixed, &options),
    ) else {
        return;
    };
    let verdicts = |games: &[GameReport]| -> Vec<_> {
        games
            .iter()
            .map(|g| {
                let kinds = |ps: &[scoresheet_batch::Problem]| -> Vec<(&str, u64)> {
                    ps.iter().map(|p| (p.kind, p.line)).collect()
                };
                (
                    g.at.line,
                    g.at.column,
                    g.valid,
                    g.plies,
                    g.fen.clone(),
                    kinds(&g.errors),
                    kinds(&g.warnings),
                )
            })
            .collect()
    };
    assert_eq!(
        verdicts(&got),
        verdicts(&want),
        "line ends written LF, CRLF or CR alone give the LF text's games and verdicts"
    );
}

/// Offset, line, column and bytes of the games the one reader reads from
/// `bytes`, and whether it ended with an error.
fn one_reader(bytes: Vec<u8>) -> (Vec<Seen>, bool) {
    let input = Input::reader("fuzz", Box::new(std::io::Cursor::new(bytes)));
    let Ok(reader) = input.open() else {
        return (Vec::new(), true);
    };
    let mut games = Vec::new();
    for g in GameReader::new(reader) {
        match g {
            Ok(g) => games.push((g.offset, g.line, g.column, g.bytes)),
            Err(GameReadError::Io(_)) => return (games, true),
            Err(e) => panic!("no game is too large here: {e}"),
        }
    }
    (games, false)
}

/// The text compressed, the stream cut: the games before the cut, then an error.
fn cut_compressed(text: &[u8], sizes: &[u8], block: usize) {
    if text.is_empty() {
        return;
    }
    let compressed = match block % 3 {
        0 => {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(text).expect("gzip to memory");
            e.finish().expect("gzip to memory")
        }
        1 => {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(text).expect("bzip2 to memory");
            e.finish().expect("bzip2 to memory")
        }
        _ => zstd::encode_all(text, 1).expect("zstd to memory"),
    };
    let (whole, failed) = one_reader(compressed.clone());
    if failed {
        // Text the reader refuses whole (a zip's head, say): nothing to cut.
        return;
    }
    // Past the 4 bytes that tell the compression (a shorter head is read as
    // the text it then is), short of the end.
    let Some(room) = compressed.len().checked_sub(4).filter(|&r| r > 0) else {
        return;
    };
    let at = 4 + sizes
        .iter()
        .fold(block, |a, &s| a.wrapping_mul(31).wrapping_add(usize::from(s)))
        % room;
    let (cut, failed) = one_reader(compressed[..at].to_vec());
    assert!(failed, "a stream cut at {at} of {} says so", compressed.len());
    assert!(cut.len() <= whole.len());
    assert_eq!(
        cut,
        whole[..cut.len()],
        "the games before the cut are the whole stream's"
    );
}
