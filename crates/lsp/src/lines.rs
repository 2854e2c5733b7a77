//! Byte offsets to LSP positions and back: the one place where spans become
//! ranges.
//!
//! LSP counts a line's characters in UTF-16 code units unless the client and
//! the server agreed on UTF-8 (`positionEncoding`); the library counts bytes.
//! A [`Lines`] indexes a document's line starts once (LF, CRLF and CR alike end
//! a line, as LSP says), and converts in either direction in time linear in one
//! line's length.

/// How a position's character is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// UTF-16 code units, LSP's default.
    #[default]
    Utf16,
    /// Bytes of UTF-8.
    Utf8,
}

/// A line and a character within it, both 0-based, as LSP gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct LinePos {
    /// 0-based line.
    pub line: u32,
    /// 0-based character in the [`Encoding`] agreed.
    pub character: u32,
}

/// The start of every line of a text.
#[derive(Debug, Clone, Default)]
pub struct Lines {
    starts: Vec<usize>,
    encoding: Encoding,
}

impl Lines {
    /// Indexes the lines of `text`.
    ///
    /// ```
    /// use scoresheet_lsp::lines::{Encoding, LinePos, Lines};
    /// let text = "1. e4 {é} e5\r\n2. Nf3 *";
    /// let lines = Lines::new(text, Encoding::Utf16);
    /// // `e5` is byte 11, but character 10 in UTF-16 (é is two bytes, one unit).
    /// assert_eq!(lines.position(text, 11), LinePos { line: 0, character: 10 });
    /// assert_eq!(lines.offset(text, LinePos { line: 1, character: 3 }), 18);
    /// ```
    #[must_use]
    pub fn new(text: &str, encoding: Encoding) -> Lines {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while let Some(at) = memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
            let end = i + at;
            let next = if bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n') {
                end + 2
            } else {
                end + 1
            };
            starts.push(next);
            i = next;
        }
        Lines { starts, encoding }
    }

    /// The encoding positions are counted in.
    #[must_use]
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The position of byte `offset` of `text` (clamped to the text, and to a
    /// character boundary).
    #[must_use]
    pub fn position(&self, text: &str, offset: usize) -> LinePos {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let prefix = &text[start..offset];
        let character = match self.encoding {
            Encoding::Utf8 => prefix.len(),
            Encoding::Utf16 => prefix.chars().map(char::len_utf16).sum(),
        };
        LinePos {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            character: u32::try_from(character).unwrap_or(u32::MAX),
        }
    }

    /// The byte offset in `text` of `pos`: a character past the line's end is
    /// the line's end, a line past the text's end is the text's end, and a
    /// position inside a character is that character's start.
    #[must_use]
    pub fn offset(&self, text: &str, pos: LinePos) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return text.len();
        };
        let end = self.line_end(text, pos.line as usize);
        let line = &text[start..end];
        let wanted = pos.character as usize;
        match self.encoding {
            Encoding::Utf8 => start + floor_char_boundary(line, wanted.min(line.len())),
            Encoding::Utf16 => {
                let mut units = 0;
                for (i, c) in line.char_indices() {
                    if units + c.len_utf16() > wanted {
                        return start + i;
                    }
                    units += c.len_utf16();
                }
                end
            }
        }
    }

    /// Where line `line`'s text ends, its line end excluded.
    fn line_end(&self, text: &str, line: usize) -> usize {
        let next = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let bytes = text.as_bytes();
        let mut end = next;
        if end > self.starts[line] && bytes.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > self.starts[line] && bytes.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        end
    }

    /// The 0-based line of byte `offset`.
    #[must_use]
    pub fn line_of(&self, offset: usize) -> u32 {
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        u32::try_from(line).unwrap_or(u32::MAX)
    }
}

/// The first offset at or before `at` that starts a character of `text`.
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn round_trip(text: &str, encoding: Encoding) {
        let lines = Lines::new(text, encoding);
        for (offset, c) in text.char_indices() {
            if c == '\n' && text[..offset].ends_with('\r') {
                // Between the two bytes of a CRLF: no position names it.
                continue;
            }
            let pos = lines.position(text, offset);
            assert_eq!(lines.offset(text, pos), offset, "{pos:?} in {text:?}");
        }
    }

    #[test]
    fn every_character_round_trips() {
        for text in ["", "a", "1. e4 e5\n2. Nf3", "é♞\r\n𝄞x\rline\n\n", "\n\r\n"] {
            round_trip(text, Encoding::Utf16);
            round_trip(text, Encoding::Utf8);
        }
    }

    #[test]
    fn characters_beyond_four_bytes_count_two_units() {
        let text = "𝄞 Nf3";
        let lines = Lines::new(text, Encoding::Utf16);
        assert_eq!(
            lines.position(text, 5),
            LinePos {
                line: 0,
                character: 3
            }
        );
        let lines = Lines::new(text, Encoding::Utf8);
        assert_eq!(
            lines.position(text, 5),
            LinePos {
                line: 0,
                character: 5
            }
        );
    }

    #[test]
    fn positions_past_the_end_are_clamped() {
        let text = "ab\r\ncd";
        let lines = Lines::new(text, Encoding::Utf16);
        assert_eq!(
            lines.offset(
                text,
                LinePos {
                    line: 0,
                    character: 99
                }
            ),
            2
        );
        assert_eq!(
            lines.offset(
                text,
                LinePos {
                    line: 7,
                    character: 0
                }
            ),
            6
        );
        assert_eq!(
            lines.position(text, 99),
            LinePos {
                line: 1,
                character: 2
            }
        );
    }
}
