//! Move numbers printed in running text: the one scanner of them.
//!
//! Prose the parser keeps whole (a note, a line of commentary) may still name
//! moves by their numbers (`White played 19. Nf3`, `z.B.: 20...Td8`, `après
//! 4… Cf6`). The parser asks whether such text numbers a move
//! (`sentence_goes_on`), the board whether a comment names the move due and
//! which move follows the number (`scoresheet_board::prose`): all of them read
//! the numbers with [`printed_numbers`], so that they agree on what one is.
//!
//! A move number is one to four digits, not inside a longer number or word
//! (no digit or letter before them), then its dots: one for White's move (or,
//! in a book, for Black's too), two or more, an ellipsis `…`, or one dot then
//! blanks and `...` (`12. ... Nf6`) for Black's. A digit right after the dots
//! makes it no move number (a rating's `19.5`, a date's `18.05.`).
//!
//! ```
//! use scoresheet_notation::pgn::printed_numbers;
//! let text = "Better was 19... Nf3, not 19.5 (2.536); 20.Kd2 and 21. ... e5".as_bytes();
//! let found: Vec<(u32, bool)> = printed_numbers(text).map(|n| (n.number, n.black)).collect();
//! assert_eq!(found, [(19, true), (20, false), (21, true)]);
//! ```

/// One move number found by [`printed_numbers`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrintedNumber {
    /// Byte offset of its first digit.
    pub start: usize,
    /// Byte offset just past its dots (what follows is its move, glued or after blanks).
    pub end: usize,
    /// The number printed.
    pub number: u32,
    /// Printed as Black's (`19...`, `19…`, `19. ...`).
    pub black: bool,
}

/// The most digits a move number has.
const MAX_DIGITS: usize = 4;

/// Every move number printed in `text`, in text order (see the module's
/// documentation). Linear in `text`'s length.
pub fn printed_numbers(text: &[u8]) -> impl Iterator<Item = PrintedNumber> + '_ {
    let mut at = 0usize;
    core::iter::from_fn(move || {
        while at < text.len() {
            let start = at;
            if !text[start].is_ascii_digit() {
                at += 1;
                continue;
            }
            let digits = text[start..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            at = start + digits;
            let glued_before = start > 0 && text[start - 1].is_ascii_alphanumeric();
            if glued_before || digits > MAX_DIGITS {
                continue;
            }
            let (marks, black) = dots(&text[at..]);
            if marks == 0 || text.get(at + marks).is_some_and(u8::is_ascii_digit) {
                continue;
            }
            let number = text[start..at]
                .iter()
                .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
            let mut end = at + marks;
            let mut black = black;
            if !black {
                // `12. ... Nf6`: Black's move after its number and blanks.
                let blanks = text[end..]
                    .iter()
                    .take_while(|&&b| b == b' ' || b == b'\t')
                    .count();
                let (more, _) = dots(&text[end + blanks..]);
                if blanks > 0 && more >= 2 {
                    black = true;
                    end += blanks + more;
                }
            }
            at = end;
            return Some(PrintedNumber {
                start,
                end,
                number,
                black,
            });
        }
        None
    })
}

/// The dots at the start of `text` (bytes), and whether they say Black's
/// move (two or more, or an ellipsis: the parser's own count).
fn dots(text: &[u8]) -> (usize, bool) {
    let (bytes, dots, _) = super::parse::count_dots(text);
    (bytes, dots >= 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<(u32, bool, &str)> {
        printed_numbers(text.as_bytes())
            .map(|n| (n.number, n.black, &text[n.start..n.end]))
            .collect()
    }

    #[test]
    fn numbers_for_white_and_black() {
        assert_eq!(
            found("1.e4 e5 2. Nf3 2...Nc6 3… Bc4 4. ... Nf6"),
            [
                (1, false, "1."),
                (2, false, "2."),
                (2, true, "2..."),
                (3, true, "3…"),
                (4, true, "4. ..."),
            ]
        );
    }

    #[test]
    fn no_number_inside_other_numbers_or_words() {
        // A rating, a date, a year with five digits, a number glued to a word,
        // a number with no dot.
        assert_eq!(found("(2.536) 18.05.2012 12345. a19. Kd1 20 and"), []);
        // A year ending a sentence is a number as printed: its reader decides.
        assert_eq!(found("in 1851. Then"), [(1851, false, "1851.")]);
    }
}
