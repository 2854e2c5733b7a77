//! Line ends as the game readers take them: a CR alone (old Mac OS exports,
//! some Windows tools' mixes) is a line end like LF and CRLF.
//!
//! Every reader of games (the block reader, the streaming reader, the book
//! reader, the line counter) splits lines at LF and reads a CR before it as
//! blank. Rather than teach each of them a second line end, the one reader of
//! an input's bytes turns each CR that no LF follows into LF as the bytes
//! stream: one byte for one, so every offset, span, line and column stays
//! that of the input, and CRLF stays as it is. The text `--valid-out` and
//! `--invalid-out` copy has LF where the input had a lone CR.

use std::io::{self, Read};

use memchr::memchr;

/// Turns each CR of `bytes` that no LF follows into LF, `next` being the
/// byte after them (`None`: the input ends there).
pub fn lone_cr_to_lf(bytes: &mut [u8], next: Option<u8>) {
    let Some(last) = bytes.len().checked_sub(1) else {
        return;
    };
    let mut from = 0;
    while let Some(i) = memchr(b'\r', &bytes[from..last]) {
        let at = from + i;
        if bytes[at + 1] != b'\n' {
            bytes[at] = b'\n';
        }
        from = at + 1;
    }
    if bytes[last] == b'\r' && next != Some(b'\n') {
        bytes[last] = b'\n';
    }
}

/// A reader whose lone CRs read as LF ([`lone_cr_to_lf`]), in place: a CR at
/// the end of what the inner reader gave is held back until the next byte
/// is known.
pub struct LineEnds<R> {
    inner: R,
    /// A byte read from `inner` and not handed out yet.
    pending: Option<u8>,
}

impl<R: Read> LineEnds<R> {
    /// Reads `inner` with its lone CRs as LF.
    pub fn new(inner: R) -> LineEnds<R> {
        LineEnds {
            inner,
            pending: None,
        }
    }

    /// One read of `inner`, again when interrupted.
    fn read_inner(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                other => return other,
            }
        }
    }
}

impl<R: Read> Read for LineEnds<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let mut held = 0;
        if let Some(b) = self.pending.take() {
            buf[0] = b;
            held = 1;
        }
        let got = if held < buf.len() {
            match self.read_inner(&mut buf[held..]) {
                Ok(n) => n,
                // The held byte is handed out first; the error comes again.
                Err(e) if held == 0 => return Err(e),
                Err(_) => 0,
            }
        } else {
            0
        };
        let total = held + got;
        if total == 0 {
            return Ok(0);
        }
        let ended = held < buf.len() && got == 0;
        let last = total - 1;
        if buf[last] != b'\r' || ended {
            lone_cr_to_lf(&mut buf[..total], None);
            return Ok(total);
        }
        if total > 1 {
            // The CR at the end waits for the byte after it.
            lone_cr_to_lf(&mut buf[..last], Some(b'\r'));
            self.pending = Some(b'\r');
            return Ok(last);
        }
        // A buffer of one byte, that byte a CR: look one byte ahead.
        let mut next = [0u8; 1];
        let n = self.read_inner(&mut next)?;
        let next = (n == 1).then_some(next[0]);
        lone_cr_to_lf(&mut buf[..1], next);
        self.pending = next;
        Ok(1)
    }
}

#[cfg(test)]
mod tests;
