//! Text of tags and comments as characters: UTF-8, or the PGN standard's own
//! character set, Latin-1.
//!
//! The PGN standard writes its files in ISO 8859-1 (Latin-1); most files today
//! are UTF-8. Text is kept as bytes until it is shown or written again; then
//! valid UTF-8 is taken as it is, and each byte that is not part of valid UTF-8
//! is read as Latin-1, except the bytes 0x80-0x9F, which Latin-1 gives to
//! control characters and the standard does not use: those are read as
//! Windows-1252 writes them (ChessBase writes `“ ” …` there).
//!
//! ```
//! use scoresheet_notation::text::decode;
//! assert_eq!(decode(b"M\xfcller \x93Bobby\x94 \x85"), "Müller “Bobby” …");
//! assert_eq!(decode("Müller".as_bytes()), "Müller");
//! ```

use std::borrow::Cow;

/// Windows-1252's characters for the bytes 0x80-0x9F (the five it leaves
/// undefined are read as the Latin-1 control characters they are).
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2C6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}', '\u{17E}', '\u{178}',
];

/// The character a byte stands for in Latin-1, with Windows-1252's characters
/// for 0x80-0x9F.
#[must_use]
pub fn latin1_char(b: u8) -> char {
    match b {
        0x80..=0x9F => CP1252_HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// The text as characters: valid UTF-8 is borrowed as it is; otherwise each
/// valid UTF-8 sequence is kept and every other byte is read by
/// [`latin1_char`]. Never fails.
#[must_use]
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if let Ok(s) = core::str::from_utf8(bytes) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        out.extend(chunk.invalid().iter().map(|&b| latin1_char(b)));
    }
    Cow::Owned(out)
}

/// Whether the text is not UTF-8, so that [`decode`] reads some of it as Latin-1.
#[must_use]
pub fn is_latin1(bytes: &[u8]) -> bool {
    !bytes.is_ascii() && core::str::from_utf8(bytes).is_err()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_byte_decodes_to_one_character() {
        for b in 0x80..=0xFFu8 {
            let text = [b'a', b, b'z'];
            let decoded = decode(&text);
            assert_eq!(decoded.chars().count(), 3, "{b:#x}");
            assert_eq!(decoded.chars().nth(1), Some(latin1_char(b)));
        }
        assert_eq!(latin1_char(0xE9), 'é');
        assert_eq!(latin1_char(0x93), '“');
    }

    #[test]
    fn valid_utf8_is_kept_beside_latin1() {
        assert_eq!(decode("é ".as_bytes()), "é ");
        assert_eq!(decode(b"J\xf6rg \xc3\xa9"), "Jörg é");
        assert_eq!(decode(b"\xe2\x80"), "â€");
    }
}
