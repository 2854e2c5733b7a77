//! Book tables among the inputs: how `convert`, `validate` and `play` tell a book's move
//! tables from PGN, one rule for all three, so they read the same file the same way.

use std::io::{self, Read};

use scoresheet_notation::desc::looks_like_book;

/// How much of an input is looked at to tell a book table from PGN.
pub const HEAD_BYTES: u64 = 64 << 10;
/// The most text read from a book table (books are read whole).
pub const MAX_BOOK_BYTES: u64 = 256 << 20;

/// Whether `text`, the start of an input (or all of it), is a book's move tables: judged
/// on its first `HEAD_BYTES` bytes, whole lines only (the head may end in a move).
pub fn is_book(text: &[u8]) -> bool {
    let head = match text.get(..HEAD_BYTES as usize) {
        Some(h) if text.len() as u64 > HEAD_BYTES => {
            let end = h.iter().rposition(|&b| b == b'\n' || b == b'\r');
            end.map_or(h, |i| &h[..=i])
        }
        _ => text,
    };
    looks_like_book(head)
}

/// Reads the start of an input, and tells whether it is a book's move tables.
pub fn read_head(reader: &mut impl Read) -> io::Result<(Vec<u8>, bool)> {
    let mut head = Vec::new();
    reader.take(HEAD_BYTES + 1).read_to_end(&mut head)?;
    let book = is_book(&head);
    Ok((head, book))
}

/// Reads the rest of a book's text after its head: the whole input, up to
/// `MAX_BOOK_BYTES`; a larger one is an error, never cut short in silence.
pub fn read_rest(head: &mut Vec<u8>, reader: &mut impl Read) -> io::Result<()> {
    reader.take(MAX_BOOK_BYTES + 1).read_to_end(head)?;
    if head.len() as u64 > MAX_BOOK_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a book table of more than {} MiB: not read (split it into smaller files)",
                MAX_BOOK_BYTES >> 20
            ),
        ));
    }
    Ok(())
}
