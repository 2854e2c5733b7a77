//! Binary garbage inside a text file (a damaged disk block, a file of zeros
//! spliced in, random bytes): one stretch, one error, and the games after it
//! read.
//!
//! A game file holds no control character but blanks and line ends (and the
//! ESC, BEL and BS of terminal escapes, and the DOS end-of-file mark, which
//! the game readers report or skip themselves). The one reader of an input's bytes
//! finds each stretch of such control characters (the next one within
//! [`STRETCH_GAP`] bytes of the last continues the stretch) and turns every
//! byte of it into NUL, its line ends kept: one byte for one, so every
//! offset, line and column stays the input's. The splitter then reads the
//! stretch as one run of movetext lines with no `[`, `{` or result in it,
//! where the garbage could have held any, and the parser reports the run as
//! one `binary-data` error; the next game's tag line starts a new game.

use std::io::{self, Read};

use memchr::{memchr, memrchr};

/// The most bytes without a control character inside one stretch of binary
/// data: random bytes hold one in ten, so 256 such bytes in a row end a
/// stretch once in 10^11 bytes; text with stray NULs further apart than this
/// gets one error for each.
pub const STRETCH_GAP: usize = 256;

/// Whether `b` is a byte of binary data: a control character that text never
/// holds, NUL to ACK, SO to EM, FS to US (not BEL, BS, tab, line ends, VT,
/// FF, CR, the DOS end-of-file mark SUB or ESC, which terminal escapes and
/// old files hold, and the game readers report or skip themselves). Written
/// with comparisons only, so that a loop over it is vectorised.
#[inline]
fn is_binary(b: u8) -> bool {
    b < 32 && b.wrapping_sub(7) >= 7 && b.wrapping_sub(26) >= 2
}

/// Whether `b` may be a byte of binary data: a control character other than
/// the line ends and tab every text has (a superset of [`is_binary`] that
/// takes fewer vector instructions to test: a comparison and two equalities).
/// (Comparisons combined without branches, so that a loop over it is wide.)
#[inline]
fn maybe_binary(b: u8) -> u8 {
    u8::from(b < 32) & u8::from(b != b'\n') & u8::from(b != b'\r') & u8::from(b != b'\t')
}

/// Whether 64 bytes hold one that may be binary (a loop of known length the
/// compiler makes wide and unrolls: text is read at the speed of memory).
#[inline]
fn any_maybe_binary(bytes: &[u8; 64]) -> bool {
    bytes.iter().fold(0u8, |seen, &b| seen | maybe_binary(b)) != 0
}

/// Where the first byte of binary data in `bytes` is: text, which has none,
/// is passed over 64 bytes at a time (a block with only the controls of text
/// is passed over too).
#[inline]
fn next_binary(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    let mut blocks = bytes.chunks_exact(64);
    for block in &mut blocks {
        if let Ok(block) = <&[u8; 64]>::try_from(block)
            && !any_maybe_binary(block)
        {
            at += 64;
            continue;
        }
        if let Some(n) = block.iter().position(|&b| is_binary(b)) {
            return Some(at + n);
        }
        at += 64;
    }
    blocks
        .remainder()
        .iter()
        .position(|&b| is_binary(b))
        .map(|n| at + n)
}

/// Reads with room for more than the held-back end of a line and this many
/// bytes go straight into the caller's buffer when no stretch is open.
const DIRECT_READ: usize = STRETCH_GAP;

/// The least read from the inner reader into the reader's own buffer (when
/// a read cannot go straight to the caller's).
const LEAST_READ: usize = 4096;

/// How much is read from the inner reader at a time.
const READ: usize = 64 << 10;

/// A reader whose stretches of binary data read as NUL bytes (line ends
/// kept), as the module says. An error of the inner reader comes after every
/// byte read before it.
pub struct BinaryStretches<R> {
    inner: R,
    /// The bytes read are `buf[..len]`; the rest of `buf` is room for the
    /// next read (kept, not zeroed again for each read).
    buf: Vec<u8>,
    len: usize,
    /// `buf[given..ready]` is decided and not handed out yet; `buf[ready..]`
    /// follows the last byte of a stretch by less than [`STRETCH_GAP`]: the
    /// stretch may go on over it.
    given: usize,
    ready: usize,
    /// Just after the last binary byte of the stretch that may go on, in `buf`.
    last_end: Option<usize>,
    /// `buf[ready]` starts a line (or the input).
    ready_at_line_start: bool,
    ended: bool,
    failed: Option<io::Error>,
}

impl<R: Read> BinaryStretches<R> {
    /// Reads `inner` with its binary stretches as NUL bytes.
    pub fn new(inner: R) -> BinaryStretches<R> {
        BinaryStretches {
            inner,
            buf: Vec::new(),
            len: 0,
            given: 0,
            ready: 0,
            last_end: None,
            ready_at_line_start: true,
            ended: false,
            failed: None,
        }
    }

    /// Reads more of the inner reader (about `want` bytes, as the caller
    /// asked: what is not handed out at once is copied later) and decides
    /// what can be.
    fn fill(&mut self, want: usize) {
        let read = want.clamp(LEAST_READ, READ);
        // What was handed out is dropped.
        self.buf.copy_within(self.given..self.len, 0);
        self.len -= self.given;
        self.ready -= self.given;
        self.last_end = self.last_end.map(|l| l - self.given);
        self.given = 0;
        let old = self.len;
        if self.buf.len() < old + read {
            self.buf.resize(old + read, 0);
        }
        let n = loop {
            match self.inner.read(&mut self.buf[old..old + read]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = Some(e);
                    break 0;
                }
            }
        };
        self.len = old + n;
        if n == 0 {
            self.ended = true;
        }
        self.decide();
    }

    /// Marks the stretches in `buf[ready..]` and moves `ready` on as far as
    /// the bytes are decided.
    fn decide(&mut self) {
        let len = self.len;
        let floor = self.ready;
        let mut i = self.ready;
        while let Some(n) = next_binary(&self.buf[i..len]) {
            i += n;
            let from = match self.last_end {
                Some(last_end) if i + 1 - last_end <= STRETCH_GAP => last_end,
                _ => {
                    self.close();
                    // A new stretch takes in the start of its line.
                    let near = floor.max(i.saturating_sub(STRETCH_GAP));
                    match memrchr(b'\n', &self.buf[near..i]) {
                        Some(n) => near + n + 1,
                        None if near == floor && self.ready_at_line_start => floor,
                        None => i,
                    }
                }
            };
            mask(&mut self.buf[from..i]);
            self.buf[i] = 0;
            self.last_end = Some(i + 1);
            i += 1;
        }
        let done = self.ended || self.failed.is_some();
        self.ready = match self.last_end {
            Some(last_end) if len + 1 - last_end <= STRETCH_GAP && !done => last_end,
            _ => {
                self.close();
                if done {
                    len
                } else {
                    // The end of the last line waits (up to a gap): a stretch
                    // that starts further on it takes in its start.
                    let line =
                        memrchr(b'\n', &self.buf[floor..len]).map_or(floor, |n| floor + n + 1);
                    line.max(len.saturating_sub(STRETCH_GAP)).max(floor)
                }
            }
        };
        if let Some(&before) = self.ready.checked_sub(1).and_then(|r| self.buf.get(r)) {
            self.ready_at_line_start = before == b'\n';
        }
    }

    /// Ends the stretch that may go on: it takes in the rest of its line.
    fn close(&mut self) {
        let Some(last_end) = self.last_end.take() else {
            return;
        };
        let near = (last_end + STRETCH_GAP).min(self.len);
        let to = match memchr(b'\n', &self.buf[last_end..near]) {
            Some(n) => last_end + n,
            None if near == self.len && (self.ended || self.failed.is_some()) => near,
            None => last_end,
        };
        mask(&mut self.buf[last_end..to]);
    }
}

/// Turns `bytes`, part of a stretch, into NUL bytes, their line ends kept.
fn mask(bytes: &mut [u8]) {
    for b in bytes {
        if *b != b'\n' {
            *b = 0;
        }
    }
}

impl<R: Read> BinaryStretches<R> {
    /// One read straight into `out` while no stretch is open and everything
    /// decided was handed out: the held-back end of a line first, then the
    /// inner reader's bytes. Clean text is scanned once and never copied but
    /// for the end of its last line, held back again (a stretch that starts
    /// on that line takes in its start). `None` when the bytes read hold
    /// binary data, or are too few to hand any out: they are then in `buf`,
    /// to be decided and copied as any read.
    fn read_direct(&mut self, out: &mut [u8]) -> Option<usize> {
        let held = self.len - self.given;
        out[..held].copy_from_slice(&self.buf[self.given..self.len]);
        let n = loop {
            match self.inner.read(&mut out[held..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = Some(e);
                    break 0;
                }
            }
        };
        let total = held + n;
        let given = if n == 0 {
            // The input ended (or failed): the held-back bytes are decided.
            self.ended = self.failed.is_none();
            total
        } else if next_binary(&out[held..total]).is_some() {
            0
        } else {
            let line = memrchr(b'\n', &out[..total]).map_or(0, |i| i + 1);
            line.max(total.saturating_sub(STRETCH_GAP))
        };
        // What is not handed out goes back to `buf`, at its start.
        let rest = total - given;
        if self.buf.len() < rest {
            self.buf.resize(rest.max(STRETCH_GAP), 0);
        }
        self.buf[..rest].copy_from_slice(&out[given..total]);
        self.len = rest;
        self.given = 0;
        self.ready = 0;
        if given == 0 {
            // Binary data, or too few bytes: decided as any read.
            self.decide();
            return None;
        }
        self.ready_at_line_start = out[given - 1] == b'\n';
        Some(given)
    }
}

impl<R: Read> Read for BinaryStretches<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        if self.given == self.ready
            && self.last_end.is_none()
            && !self.ended
            && self.failed.is_none()
            && out.len() > self.len - self.given + DIRECT_READ
        {
            if let Some(n) = self.read_direct(out) {
                return Ok(n);
            }
        }
        while self.given == self.ready {
            if let Some(e) = self.failed.take() {
                return Err(e);
            }
            if self.ended {
                return Ok(0);
            }
            self.fill(out.len());
        }
        let n = out.len().min(self.ready - self.given);
        out[..n].copy_from_slice(&self.buf[self.given..self.given + n]);
        self.given += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `input` read through [`BinaryStretches`] in reads of `chunk` bytes.
    fn masked(input: &[u8], chunk: usize) -> Vec<u8> {
        struct Chunks<'a>(&'a [u8], usize);
        impl Read for Chunks<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = buf.len().min(self.1).min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut out = Vec::new();
        BinaryStretches::new(Chunks(input, chunk))
            .read_to_end(&mut out)
            .expect("reading memory");
        out
    }

    #[test]
    fn the_binary_bytes_are_the_controls_text_never_holds() {
        let binary: Vec<u8> = (0..=255).filter(|&b| is_binary(b)).collect();
        let expected: Vec<u8> = (0..=6).chain(14..=25).chain(28..=31).collect();
        assert_eq!(binary, expected);
    }

    #[test]
    fn text_is_read_as_it_is() {
        let text = b"[Event \"a\"]\r\n\t\x0b\x0c\x1a\x1b[0m 1. e4 \xe9 *\n".repeat(100);
        for chunk in [1, 7, 4096, 1 << 20] {
            assert_eq!(masked(&text, chunk), text, "reads of {chunk}");
        }
    }

    #[test]
    fn a_stretch_is_nul_bytes_its_line_ends_kept() {
        let mut input = b"1. e4 *\n".to_vec();
        let garbage: Vec<u8> = (0..5000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        input.extend_from_slice(&garbage);
        let tail = b"\n"
            .to_vec()
            .into_iter()
            .chain([b'x'; 300])
            .chain(*b"\n[Event \"b\"]\n1. d4 *\n")
            .collect::<Vec<u8>>();
        input.extend_from_slice(&tail);
        // From the line start before the first control byte to the line end
        // after the last.
        let first = 8;
        let last = 8 + garbage.len() - 1;
        let mut expected = input.clone();
        for b in &mut expected[first..=last] {
            if *b != b'\n' {
                *b = 0;
            }
        }
        for chunk in [1, 7, 300, 4096, 1 << 20] {
            let out = masked(&input, chunk);
            assert_eq!(out.len(), input.len());
            assert!(out == expected, "reads of {chunk}");
        }
    }

    #[test]
    fn reads_straight_into_large_buffers_give_what_small_reads_give() {
        // Text, then garbage, then text again, read into buffers of every
        // size (large ones take the direct path while no stretch is open).
        let garbage: Vec<u8> = (0..3000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 11) as u8)
            .collect();
        let text = b"[Event \"a\"]\r\n\n1. e4 e5 2. Nf3 *\n".repeat(400);
        let input = [&text[..], b"x y", &garbage, b"z\n", &text, b"\x01 end"].concat();
        let expected = masked(&input, 1);
        assert_ne!(expected, input);
        for (chunk, out_len) in [(1 << 20, 5000), (7000, 1 << 16), (300, 1 << 20), (1, 9000)] {
            struct Chunks<'a>(&'a [u8], usize);
            impl Read for Chunks<'_> {
                fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                    let n = buf.len().min(self.1).min(self.0.len());
                    buf[..n].copy_from_slice(&self.0[..n]);
                    self.0 = &self.0[n..];
                    Ok(n)
                }
            }
            let mut r = BinaryStretches::new(Chunks(&input, chunk));
            let mut out = vec![0u8; out_len];
            let mut read = Vec::new();
            loop {
                match r.read(&mut out).expect("reading memory") {
                    0 => break,
                    n => read.extend_from_slice(&out[..n]),
                }
            }
            assert!(read == expected, "chunks of {chunk}, reads of {out_len}");
        }
    }

    #[test]
    fn nuls_far_apart_are_stretches_of_their_own() {
        // Lines of 49 letters; a NUL in line 0 and a SOH in line 10.
        let mut input = [[b'a'; 49].as_slice(), b"\n"].concat().repeat(20);
        input[10] = 0;
        input[10 * 50 + 5] = 1;
        for chunk in [1, 100, 4096] {
            let out = masked(&input, chunk);
            // Each takes its line, and only its line.
            assert_eq!(out.iter().filter(|&&b| b == 0).count(), 2 * 49);
            assert!(out[..49].iter().all(|&b| b == 0));
            assert!(out[500..549].iter().all(|&b| b == 0));
            assert_eq!(out[49..500], input[49..500]);
        }
    }

    #[test]
    fn an_error_comes_after_the_bytes_read_before_it() {
        struct Failing(bool);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if std::mem::replace(&mut self.0, true) {
                    return Err(io::Error::other("bad checksum"));
                }
                buf[..3].copy_from_slice(b"a\x00b");
                Ok(3)
            }
        }
        let mut r = BinaryStretches::new(Failing(false));
        let mut read = Vec::new();
        let mut buf = [0u8; 10];
        let failed = loop {
            match r.read(&mut buf) {
                Ok(0) => break false,
                Ok(n) => read.extend_from_slice(&buf[..n]),
                Err(_) => break true,
            }
        };
        assert!(failed);
        // The stretch took in its line, which the input's end ends.
        assert_eq!(read, b"\x00\x00\x00");
    }
}
