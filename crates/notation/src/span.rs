//! Byte spans and their conversion to `line:column` when a diagnostic is rendered.

use core::fmt;

/// A half-open byte range `start..end` in the text being read.
///
/// Spans stay byte offsets everywhere; only [`LineIndex`] turns them into
/// lines and columns, when a message is shown to a person.
///
/// The offsets are stored in 32 bits (a span is 8 bytes): a game is at most
/// 16 MiB and a book table 256 MiB, and a parser keeps one span per part of
/// every move, so their size is most of a game's memory while it is parsed
/// (docs/PERFORMANCE.md). An offset past [`Span::MAX_OFFSET`] (4 GiB) is
/// stored as [`Span::MAX_OFFSET`]: the whole-game parsers
/// ([`crate::pgn::parse_game`] and its kin) refuse a game whose text would
/// end there (`game-too-large`), so only a move read alone with a `base`
/// past 4 GiB, or a book table of more than 4 GiB
/// ([`crate::desc::read_book`]), can have such a span.
///
/// ```
/// use scoresheet_notation::Span;
/// let span = Span::new(3, 5);
/// assert_eq!((span.start(), span.end(), span.range()), (3, 5, 3..5));
/// assert_eq!(span.slice(b"1. e4 e5"), b"e4");
/// let far = Span::new(5 << 30, (5 << 30) + 2);
/// assert_eq!(far, Span::new(Span::MAX_OFFSET, Span::MAX_OFFSET));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    start: u32,
    end: u32,
}

/// `offset` in 32 bits, saturated at [`Span::MAX_OFFSET`].
#[inline]
const fn offset32(offset: usize) -> u32 {
    if offset > Span::MAX_OFFSET {
        u32::MAX
    } else {
        offset as u32
    }
}

impl Span {
    /// The largest offset a span holds; larger ones are stored as this one.
    pub const MAX_OFFSET: usize = u32::MAX as usize;

    /// The span `start..end` (each saturated at [`Span::MAX_OFFSET`]).
    #[inline]
    #[must_use]
    pub const fn new(start: usize, end: usize) -> Span {
        Span {
            start: offset32(start),
            end: offset32(end),
        }
    }

    /// The span `start..end` of a text known to be at most
    /// [`Span::MAX_OFFSET`] bytes long: [`Span::new`] without the saturation,
    /// for the quick lane's one span a move.
    #[inline]
    pub(crate) const fn fitting(start: usize, end: usize) -> Span {
        debug_assert!(start <= end && end <= Span::MAX_OFFSET);
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The first byte.
    #[inline]
    #[must_use]
    pub const fn start(self) -> usize {
        self.start as usize
    }

    /// One past the last byte.
    #[inline]
    #[must_use]
    pub const fn end(self) -> usize {
        self.end as usize
    }

    /// The offsets as a range, to index the text with.
    #[inline]
    #[must_use]
    pub const fn range(self) -> core::ops::Range<usize> {
        self.start()..self.end()
    }

    /// The number of bytes covered.
    #[inline]
    #[must_use]
    pub const fn len(self) -> usize {
        self.end.saturating_sub(self.start) as usize
    }

    /// Whether the span covers no bytes.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.end <= self.start
    }

    /// The smallest span covering both.
    #[inline]
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The span moved `by` bytes later (used when a game is parsed out of a
    /// larger text), saturated at [`Span::MAX_OFFSET`].
    #[inline]
    #[must_use]
    pub const fn shifted(self, by: usize) -> Span {
        Span::new(
            self.start().saturating_add(by),
            self.end().saturating_add(by),
        )
    }

    /// The bytes of `text` this span covers, or an empty slice if it is out of range.
    #[must_use]
    pub fn slice(self, text: &[u8]) -> &[u8] {
        text.get(self.range()).unwrap_or_default()
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A 1-based line and column. Columns count characters (UTF-8 scalar values;
/// an invalid byte counts as one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCol {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
}

impl fmt::Display for LineCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// Finds the line and column of byte offsets in one text.
///
/// ```
/// use scoresheet_notation::{LineIndex, LineCol};
/// let text = b"1. e4 e5\n2. Nf3 Nc6\r\n3. Bb5\r4. a6";
/// let index = LineIndex::new(text);
/// assert_eq!(index.line_col(0), LineCol { line: 1, column: 1 });
/// assert_eq!(index.line_col(12), LineCol { line: 2, column: 4 });
/// assert_eq!(index.line_col(24), LineCol { line: 3, column: 4 });
/// assert_eq!(index.line_col(28), LineCol { line: 4, column: 1 });
/// assert_eq!(index.line_text(28), b"4. a6");
/// assert_eq!(index.line_text(24), b"3. Bb5");
/// ```
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    text: &'a [u8],
    line_starts: Vec<usize>,
    /// Characters before each [`CHAR_STEP`]-byte step of a text longer than
    /// one step (empty otherwise): a column on a long line is counted from
    /// the step before it, not from the line start, so locating every move of
    /// a game written on one line takes linear time, not quadratic.
    chars_before_step: Vec<usize>,
    /// The text is ASCII: a column is a byte distance, nothing to count.
    ascii: bool,
}

/// The byte distance between two character-count checkpoints of a [`LineIndex`].
const CHAR_STEP: usize = 512;

impl<'a> LineIndex<'a> {
    /// Indexes the line starts of `text` (lines end at `\n`, `\r\n`, or a lone `\r` as in
    /// old Mac files).
    #[must_use]
    pub fn new(text: &'a [u8]) -> LineIndex<'a> {
        // Sized for lines of 32 bytes or more (most games' tag lines and
        // move lines), so that a game's few lines are not grown into: the
        // index of a large text grows as it must.
        let mut line_starts = Vec::with_capacity((text.len() / 32).min(1024) + 2);
        line_starts.push(0);
        line_starts.extend(
            memchr::memchr2_iter(b'\n', b'\r', text)
                .filter(|&i| text.get(i) == Some(&b'\n') || text.get(i + 1) != Some(&b'\n'))
                .map(|i| i + 1),
        );
        let mut chars_before_step = Vec::new();
        let ascii = text.is_ascii();
        if text.len() > CHAR_STEP && !ascii {
            let mut chars = 0;
            chars_before_step.push(0);
            for step in text.chunks(CHAR_STEP) {
                chars += count_chars(step);
                chars_before_step.push(chars);
            }
        }
        LineIndex {
            text,
            line_starts,
            chars_before_step,
            ascii,
        }
    }

    /// The characters of `text[..offset]`, counted from the checkpoint before
    /// `offset` (at most [`CHAR_STEP`] bytes counted).
    fn chars_before(&self, offset: usize) -> usize {
        let step = offset / CHAR_STEP;
        match self.chars_before_step.get(step) {
            Some(&before) => before + count_chars(&self.text[step * CHAR_STEP..offset]),
            None => count_chars(&self.text[..offset]),
        }
    }

    /// The line and column of `offset`; an offset past the end is clamped to the end.
    #[must_use]
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = self.line_starts[line];
        let column = if self.ascii {
            offset - start + 1
        } else if offset - start > CHAR_STEP && !self.chars_before_step.is_empty() {
            self.chars_before(offset) - self.chars_before(start) + 1
        } else {
            count_chars(&self.text[start..offset]) + 1
        };
        LineCol {
            line: line + 1,
            column,
        }
    }

    /// The byte offset where the line holding `offset` starts.
    #[must_use]
    pub fn line_start(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1) - 1;
        self.line_starts[line]
    }

    /// The text of the line holding `offset`, without its line end.
    #[must_use]
    pub fn line_text(&self, offset: usize) -> &'a [u8] {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = self.line_starts[line];
        let end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |&e| e - 1);
        let mut l = &self.text[start..end.max(start)];
        if let [rest @ .., b'\r'] = l {
            l = rest;
        }
        l
    }
}

/// Counts characters in possibly invalid UTF-8: every byte that does not
/// continue a sequence starts a character.
fn count_chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_past_4_gib_saturate() {
        let max = Span::new(Span::MAX_OFFSET, Span::MAX_OFFSET);
        assert_eq!(Span::new(usize::MAX, usize::MAX), max);
        assert_eq!(Span::new(3, 5).shifted(usize::MAX), max);
        assert_eq!(
            Span::new(3, 5).shifted(Span::MAX_OFFSET - 4).range(),
            Span::MAX_OFFSET - 1..Span::MAX_OFFSET
        );
        let across = Span::new(Span::MAX_OFFSET - 1, Span::MAX_OFFSET + 10);
        assert_eq!(
            (across.start(), across.len(), across.is_empty()),
            (Span::MAX_OFFSET - 1, 1, false)
        );
    }

    /// `line_col` by counting from the start of the text, the slow way.
    fn naive(text: &[u8], offset: usize) -> LineCol {
        let before = &text[..offset.min(text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        LineCol {
            line,
            column: count_chars(&before[start..]) + 1,
        }
    }

    #[test]
    fn columns_on_long_lines_match_counting_from_the_line_start() {
        // Long lines of multi-byte characters and invalid bytes across the
        // checkpoints, short lines, and a line ending exactly on one.
        let mut text = Vec::new();
        for i in 0..3000 {
            text.extend_from_slice("1. e4 é5 ♘f3 ".as_bytes());
            if i % 7 == 0 {
                text.push(0xff);
            }
        }
        text.push(b'\n');
        text.extend_from_slice(b"short\r\n");
        text.resize(3 * CHAR_STEP - 1, b'x');
        text.push(b'\n');
        text.extend(std::iter::repeat_n("ü".as_bytes(), 5000).flatten());
        let index = LineIndex::new(&text);
        for offset in (0..=text.len() + 3).step_by(7) {
            assert_eq!(
                index.line_col(offset),
                naive(&text, offset),
                "offset {offset}"
            );
        }
    }
}
