//! Cutting a movetext word that reads as nothing whole into the parts a
//! printer ran together: moves, move numbers, results and the punctuation of
//! a sentence (`1.e4e52.Sf3Sc6`, `e4,`, `a6.`, `1.*`).
//!
//! The cut is structural: a move ends right after its first square (and a
//! long algebraic move's second one), with its promotion and marks; what
//! each part means is left to the readers that read whole words, so a part
//! that is no move is an error at that part, never a guess.

/// What one part of a word is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    /// A move: read by the move readers.
    Move,
    /// A move number with its dots (`2.`, `12...`).
    Number,
    /// A result (`1-0`, `*`, `1/2`).
    Result,
    /// Commas, full stops and semicolons between or after moves, and a
    /// capture mark after a long algebraic move (`e5-d4:`).
    Punctuation,
    /// Check and annotation marks after that capture mark (`c4-b5:+`): the
    /// move's own.
    Marks,
    /// A language's case ending glued to the move before it by a hyphen, an
    /// apostrophe or a colon (Hungarian `Hc3-mal`, `e4-re`, Turkish `Af3'ten`,
    /// Finnish `Rf3:lla`): the sentence's grammar, not the move's.
    CaseEnding,
}

/// The parts of `word` (each with its byte range in `word`), or `None` when
/// the word does not cut into parts that each could be read, or is one part
/// that is a move (then the word's own error stands).
///
/// ```text
/// e4e52.Sf3Sc6 -> e4 | e5 | 2. | Sf3 | Sc6
/// a6.          -> a6 | .
/// ```
pub(super) fn cut(word: &[u8]) -> Option<Vec<(Part, usize, usize)>> {
    let n = word.len();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < n {
        let b = word[i];
        // A capture mark after a long algebraic move, as German books print
        // it (`e5-d4:`, `c4-b5:+`, or apart from a move written with spaces):
        // the squares already say what was taken.
        let after_move = matches!(parts.last(), None | Some((Part::Move, _, _)));
        let only_marks = |from: usize| word[from..].iter().all(|&c| is_mark(c));
        if b == b':' && after_move && only_marks(i + 1) {
            parts.push((Part::Punctuation, i, i + 1));
            if i + 1 < n {
                parts.push((Part::Marks, i + 1, n));
            }
            break;
        }
        if after_move && !parts.is_empty() {
            if let Some(len) = case_ending(&word[i..]) {
                parts.push((Part::CaseEnding, i, i + len));
                i += len;
                let j = marks(word, i);
                if j > i {
                    parts.push((Part::Marks, i, j));
                    i = j;
                }
                continue;
            }
        }
        if is_punctuation(b) {
            let run = word[i..].iter().take_while(|&&c| is_punctuation(c)).count();
            let j = i + run.max(1);
            parts.push((Part::Punctuation, i, j));
            i = j;
            continue;
        }
        if b == b'*' {
            // A run of asterisks is one part: a result alone, a footnote mark
            // after a move (`Bc4**`), which the parser tells apart.
            let run = word[i..].iter().take_while(|&&c| c == b'*').count();
            parts.push((Part::Result, i, i + run));
            i += run;
            continue;
        }
        if let Some(len) = castling(&word[i..]) {
            let j = marks(word, i + len);
            parts.push((Part::Move, i, j));
            i = j;
            continue;
        }
        if b.is_ascii_digit() {
            if let Some(len) = result(&word[i..]) {
                parts.push((Part::Result, i, i + len));
                i += len;
                continue;
            }
            let digits = word[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            let dots = word[i + digits..]
                .iter()
                .take_while(|&&c| c == b'.')
                .count();
            if dots == 0 {
                return None;
            }
            parts.push((Part::Number, i, i + digits + dots));
            i += digits + dots;
            continue;
        }
        let j = move_end(word, i).or_else(|| move_by_grammar(word, i))?;
        parts.push((Part::Move, i, j));
        i = j;
    }
    let whole_move = matches!(parts.as_slice(), [(Part::Move, _, _)]);
    (!parts.is_empty() && !whole_move).then_some(parts)
}

fn is_mark(b: u8) -> bool {
    matches!(b, b'+' | b'#' | b'!' | b'?')
}

fn is_punctuation(b: u8) -> bool {
    matches!(b, b',' | b'.' | b';')
}

/// The most letters of a case ending ([`Part::CaseEnding`]).
const MAX_ENDING_LETTERS: usize = 12;

/// The length of a case ending at the start of `rest` (its joiner and its
/// letters, [`Part::CaseEnding`]): a hyphen, an apostrophe or a colon, then
/// lower-case letters only, and nothing after them in the word but a
/// sentence's punctuation. A hyphen or a colon takes two letters or more
/// (`e2-e` is a long algebraic move cut short); the letters are no square
/// (`e4-e5` and `exd4:e5` are moves) and no check word (`-ch`).
fn case_ending(rest: &[u8]) -> Option<usize> {
    let (joiner, least) = match rest {
        [b'-' | b':', ..] => (1, 2),
        [b'\'', ..] => (1, 1),
        [0xE2, 0x80, 0x99, ..] => (3, 1),
        _ => return None,
    };
    let tail = &rest[joiner..];
    let letters_end = tail
        .iter()
        .position(|&c| is_punctuation(c) || is_mark(c))
        .unwrap_or(tail.len());
    let letters = core::str::from_utf8(&tail[..letters_end]).ok()?;
    let count = letters.chars().count();
    let lower = letters
        .chars()
        .all(|c| c.is_alphabetic() && c.is_lowercase());
    if !lower || count < least || count > MAX_ENDING_LETTERS {
        return None;
    }
    if !tail[letters_end..]
        .iter()
        .all(|&c| is_punctuation(c) || is_mark(c))
    {
        return None;
    }
    if square_at(tail, 0) || matches!(letters, "ch" | "chk" | "mate" | "ep") {
        return None;
    }
    Some(joiner + letters_end)
}

/// The length of a castling at the start of `rest`, longest first.
fn castling(rest: &[u8]) -> Option<usize> {
    [&b"O-O-O"[..], b"0-0-0", b"O-O", b"0-0"]
        .iter()
        .find(|c| rest.starts_with(c))
        .map(|c| c.len())
}

/// The length of a result at the start of `rest`.
fn result(rest: &[u8]) -> Option<usize> {
    [&b"1/2-1/2"[..], b"1-0", b"0-1", b"1/2"]
        .iter()
        .find(|r| rest.starts_with(r))
        .map(|r| r.len())
}

/// Whether `word[i..]` starts with a square (`e4`).
fn square_at(word: &[u8], i: usize) -> bool {
    matches!(word.get(i), Some(b'a'..=b'h')) && matches!(word.get(i + 1), Some(b'1'..=b'8'))
}

/// Where the move starting at `start` ends: after its first square, a long
/// algebraic move's second square (`e2-e4`, `e5-d4:`), a promotion written
/// `=Q` or `(Q)`, and check and annotation marks. `None` when no square
/// follows (the word is no run of moves).
fn move_end(word: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    while !square_at(word, i) {
        let b = *word.get(i)?;
        // A rank that tells two pieces apart (`N1e2`, `R8d7`, `♖3d2`: after a piece
        // letter or the last byte of a figurine) is the move's own.
        let disambiguating = i > start
            && word
                .get(i - 1)
                .is_some_and(|c| c.is_ascii_uppercase() || *c >= 0x80)
            && (square_at(word, i + 1)
                || (matches!(word.get(i + 1), Some(b'x' | b'X' | b':')) && square_at(word, i + 2)));
        if (b.is_ascii_digit() && !disambiguating) || is_punctuation(b) || b == b'*' {
            return None;
        }
        i += 1;
    }
    i += 2;
    // The second square of a long algebraic move, after `-`, `x`, `:`, `×`, or a
    // dash of another kind as typeset books print it (`e2—e4,`, `e2‒e4`).
    let joiner = match word.get(i..) {
        Some([b'-' | b'x' | b'X' | b':', ..]) => 1,
        Some([0xC3, 0x97, ..]) => 2,
        Some([0xE2, 0x80, 0x90..=0x95, ..]) => 3,
        _ => 0,
    };
    if joiner > 0 && square_at(word, i + joiner) {
        i += joiner + 2;
    }
    match word.get(i..) {
        Some([b'=', p, ..]) if p.is_ascii_alphabetic() => i += 2,
        Some([b'(', p, b')', ..]) if p.is_ascii_alphabetic() => i += 3,
        _ => {}
    }
    Some(marks(word, i))
}

/// The end of a move with no square of its own that a grammar reads whole,
/// up to the punctuation after it: a pawn capture by files (`ef` in
/// `5. ef,Lb4+.`) or a descriptive move (`PxP,`).
fn move_by_grammar(word: &[u8], start: usize) -> Option<usize> {
    let end = word[start..]
        .iter()
        .position(|&b| is_punctuation(b))
        .map_or(word.len(), |k| start + k);
    let part = &word[start..end];
    (!part.is_empty()
        && (crate::lang::read_file_capture(part, 0).is_some()
            || crate::desc::parse_token(part, 0).is_some()))
    .then_some(end)
}

/// `i` past the check and annotation marks at `word[i..]`.
fn marks(word: &[u8], mut i: usize) -> usize {
    while word.get(i).is_some_and(|&b| is_mark(b)) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::{Part, cut};

    #[track_caller]
    fn check(word: &str, expected: &[&str]) {
        let got: Vec<String> = cut(word.as_bytes())
            .unwrap_or_default()
            .iter()
            .map(|&(part, s, e)| {
                let tag = match part {
                    Part::Move => "m",
                    Part::Number => "n",
                    Part::Result => "r",
                    Part::Punctuation => "p",
                    Part::Marks => "k",
                    Part::CaseEnding => "c",
                };
                format!("{tag}:{}", &word[s..e])
            })
            .collect();
        assert_eq!(got, expected, "{word}");
    }

    #[test]
    fn cuts_runs_of_moves_numbers_and_punctuation() {
        check("e4e52.Sf3Sc6", &["m:e4", "m:e5", "n:2.", "m:Sf3", "m:Sc6"]);
        check("a6.", &["m:a6", "p:."]);
        check("e4,", &["m:e4", "p:,"]);
        check("*", &["r:*"]);
        check("Bc4**", &["m:Bc4", "r:**"]);
        check("Bxd1??***", &["m:Bxd1??", "r:***"]);
        check(",", &["p:,"]);
        check("Nc63.Bb5a6", &["m:Nc6", "n:3.", "m:Bb5", "m:a6"]);
        check("Qh5+Ke7", &["m:Qh5+", "m:Ke7"]);
        check("O-O,", &["m:O-O", "p:,"]);
        check("e8=Q+1-0", &["m:e8=Q+", "r:1-0"]);
        check("e5-d4:", &["m:e5-d4", "p::"]);
        check("e5-d4:,", &[]);
        check("c4-b5:+", &["m:c4-b5", "p::", "k:+"]);
        check(":+", &["p::", "k:+"]);
        check(&"e4".repeat(3), &["m:e4", "m:e4", "m:e4"]);
        check("Db6.", &["m:Db6", "p:."]);
        check("e2—e4,", &["m:e2—e4", "p:,"]);
        check("N1e2,", &["m:N1e2", "p:,"]);
        check("R8xd7.", &["m:R8xd7", "p:."]);
        check("♖3d2,", &["m:♖3d2", "p:,"]);
        check("Vd1–e2,", &["m:Vd1–e2", "p:,"]);
        check("d5Xe6,", &["m:d5Xe6", "p:,"]);
        // Moves with no square of their own, read whole by a grammar.
        check("ef,Lb4+.", &["m:ef", "p:,", "m:Lb4+", "p:."]);
        check("c5,bc.", &["m:c5", "p:,", "m:bc", "p:."]);
        check("PxP,", &["m:PxP", "p:,"]);
    }

    #[test]
    fn cuts_a_case_ending_glued_to_a_move() {
        check("Hde2-re,", &["m:Hde2", "c:-re", "p:,"]);
        check("Ff6!!-tal", &["m:Ff6!!", "c:-tal"]);
        check("e4-re", &["m:e4", "c:-re"]);
        check("Fxf7-tel.", &["m:Fxf7", "c:-tel", "p:."]);
        check("Af3'ten", &["m:Af3", "c:'ten"]);
        check("e4\u{2019}ü", &["m:e4", "c:\u{2019}ü"]);
        check("Rf3:lla", &["m:Rf3", "c::lla"]);
        check("Hc3-mal!,", &["m:Hc3", "c:-mal", "k:!", "p:,"]);
        // Moves, check words and words that are not endings stay as they were.
        check("e2-e4", &[]);
        check("e2-e", &[]);
        check("Qf7-ch", &[]);
        check("e4-Re", &[]);
        check("-re", &[]);
    }

    #[test]
    fn keeps_words_that_are_not_runs_of_moves() {
        check("e4", &[]);
        check("hello", &[]);
        check("Resigns.", &[]);
        check("12", &[]);
    }
}
