use std::io::Read;

use super::{LineEnds, lone_cr_to_lf};

/// A reader handing out at most `step` bytes at a time.
struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// `text` read through [`LineEnds`] in pieces of `step` into buffers of `buf` bytes.
fn read(text: &[u8], step: usize, buf: usize) -> Vec<u8> {
    let mut reader = LineEnds::new(Trickle { bytes: text, step });
    let mut out = Vec::new();
    let mut piece = vec![0u8; buf];
    loop {
        let n = reader.read(&mut piece).unwrap();
        if n == 0 {
            return out;
        }
        out.extend_from_slice(&piece[..n]);
    }
}

#[test]
fn lone_crs_become_lf_and_crlf_stays_whatever_the_pieces() {
    let text = b"a\rb\r\nc\n\r\rd\r";
    let expected = b"a\nb\r\nc\n\n\nd\n";
    let mut whole = text.to_vec();
    lone_cr_to_lf(&mut whole, None);
    assert_eq!(whole, expected);
    for step in 1..=text.len() {
        for buf in 1..=text.len() + 1 {
            assert_eq!(read(text, step, buf), expected, "step {step}, buffer {buf}");
        }
    }
}

#[test]
fn a_cr_before_the_next_piece_s_lf_stays() {
    let mut bytes = b"x\r".to_vec();
    lone_cr_to_lf(&mut bytes, Some(b'\n'));
    assert_eq!(bytes, b"x\r");
    lone_cr_to_lf(&mut bytes, Some(b'y'));
    assert_eq!(bytes, b"x\n");
}
