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
//! Input layout: one byte for the block size (1-64), one for the number of
//! read sizes (1-8), the read sizes (1-255), then the text.
#![no_main]

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use scoresheet_notation::pgn::{BlockEnd, BlockGames, BlockReader, GameReader};

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
});
