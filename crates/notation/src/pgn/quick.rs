//! The quick lane: one pass over a game written the way databases write games,
//! with no token list, no spans and no diagnostics.
//!
//! Validation spends most of its time on games with nothing to report. This
//! scanner reads such a game's tags and main line in a single pass and hands
//! each move over as a [`PlainMove`]; the moment it meets anything the full
//! parser would comment on, or anything unusual it does not handle (escape
//! lines, `;` comments, bare move lists, relaxed spellings, escapes in tag
//! values, results inside variations), it gives up with [`Unusual`] and the
//! caller parses the game with [`super::parse_game`], which explains
//! everything. So the quick lane never changes a verdict: a game it reads to
//! the end is one the full parser reads without a diagnostic.
//!
//! Variations are read for their syntax only (every token in them must be
//! plain too), as the full parser does.
//!
//! ```
//! use scoresheet_notation::pgn::{quick_scan, QuickVisitor, Unusual};
//! use scoresheet_notation::san::{PlainMarks, PlainMove};
//! use scoresheet_notation::{GameResult, Span};
//!
//! #[derive(Default)]
//! struct Count { tags: usize, moves: usize }
//! impl QuickVisitor<'_> for Count {
//!     fn tag(&mut self, _: &[u8], _: &[u8]) -> Result<(), Unusual> { self.tags += 1; Ok(()) }
//!     fn move_number(&mut self, _: u32, _: bool) -> Result<(), Unusual> { Ok(()) }
//!     fn san(&mut self, _: PlainMove, _: PlainMarks, _: Option<bool>, _: Span) -> Result<(), Unusual> {
//!         self.moves += 1;
//!         Ok(())
//!     }
//! }
//! let text = b"[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 1-0\n";
//! let mut count = Count::default();
//! assert_eq!(quick_scan(text, &mut count), Ok(GameResult::WhiteWins));
//! assert_eq!((count.tags, count.moves), (2, 3));
//!
//! // Anything the full parser would comment on is for the full parser.
//! let text = b"[Event \"A\"]\n\n1. e4 e5 2 Nf3 *\n";
//! assert_eq!(quick_scan(text, &mut Count::default()), Err(Unusual));
//! ```

use memchr::memchr;

use super::parse::{DELIMITER, NAME_CHAR, is_space};
use super::split::is_blank;
use crate::ast::GameResult;
use crate::san::{PlainMarks, PlainMove, read_plain_castle, read_plain_piece};
use crate::span::Span;

/// The game needs the full parser: it holds something the quick lane does not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unusual;

/// What the quick lane hands over, in text order. Each method may stop the scan
/// with [`Unusual`] (a move that does not resolve, a wrong move number).
pub trait QuickVisitor<'t> {
    /// A tag pair, before any movetext.
    ///
    /// # Errors
    /// [`Unusual`] to stop.
    fn tag(&mut self, name: &'t [u8], value: &'t [u8]) -> Result<(), Unusual>;

    /// The tags are read; the movetext starts. Called once, before any move
    /// number or move.
    ///
    /// # Errors
    /// [`Unusual`] to stop.
    #[inline(always)]
    fn movetext_start(&mut self) -> Result<(), Unusual> {
        Ok(())
    }

    /// A main-line move number: `12.` (`black: false`) or `12...` (`black: true`).
    ///
    /// # Errors
    /// [`Unusual`] to stop.
    fn move_number(&mut self, number: u32, black: bool) -> Result<(), Unusual>;

    /// The one `;` comment line before the tags (some databases end each game
    /// with one, which the splitter gives to the next game): its text, after the
    /// `;` to the end of its line (a carriage return left out), as the full
    /// parser's comment token. The default takes it as a [`QuickVisitor::decoration`].
    ///
    /// # Errors
    /// [`Unusual`] to stop.
    #[inline(always)]
    fn comment_before_tags(&mut self, text: &'t [u8]) -> Result<(), Unusual> {
        let _ = text;
        self.decoration()
    }

    /// A comment, a NAG or the start of a variation, anywhere in the game (their
    /// text is not handed over), or more than one comment line before the tags.
    /// The default takes it; a visitor that writes the game again, having no
    /// place for them, stops here.
    ///
    /// # Errors
    /// [`Unusual`] to stop.
    #[inline(always)]
    fn decoration(&mut self) -> Result<(), Unusual> {
        Ok(())
    }

    /// The start of a variation (its moves are not handed over). The default
    /// takes it as a [`QuickVisitor::decoration`]; a visitor that must judge
    /// every line stops here.
    ///
    /// # Errors
    /// [`Unusual`] to stop.
    #[inline(always)]
    fn variation(&mut self) -> Result<(), Unusual> {
        self.decoration()
    }

    /// A main-line move, with its marks, the main-line move number written since
    /// the previous main-line move, if any (`Some(black)` with its three-dots flag),
    /// and where the move is written in the text (from its first letter to its last
    /// mark, as the full parser's [`crate::WrittenMove::span`]).
    ///
    /// # Errors
    /// [`Unusual`] to stop.
    fn san(
        &mut self,
        mv: PlainMove,
        marks: PlainMarks,
        number: Option<bool>,
        at: Span,
    ) -> Result<(), Unusual>;
}

/// Reads one game (as split by [`super::games`]) in the quick lane, handing its
/// tags and main line to `visitor`; gives the game's result.
///
/// # Errors
/// [`Unusual`] when the game needs the full parser, or the visitor stopped.
#[inline]
pub fn quick_scan<'t>(
    text: &'t [u8],
    visitor: &mut impl QuickVisitor<'t>,
) -> Result<GameResult, Unusual> {
    scan(text, visitor, false).map(|(result, _)| result)
}

/// Like [`quick_scan`], on a game at the start of `text` that runs on into more
/// of the file: the game ends right after its result, where [`super::games`]
/// would end it, and the result comes with the game's length. The game must
/// end the way the splitter ends a game after its result (the result last on
/// its line, or before a comment), and hold nothing that would make the
/// splitter end it elsewhere (a blank line inside its tags or a comment).
///
/// ```
/// use scoresheet_notation::pgn::{quick_scan_prefix, QuickVisitor, Unusual};
/// use scoresheet_notation::san::{PlainMarks, PlainMove};
/// use scoresheet_notation::{GameResult, Span};
/// struct Skip;
/// impl QuickVisitor<'_> for Skip {
///     fn tag(&mut self, _: &[u8], _: &[u8]) -> Result<(), Unusual> { Ok(()) }
///     fn move_number(&mut self, _: u32, _: bool) -> Result<(), Unusual> { Ok(()) }
///     fn san(&mut self, _: PlainMove, _: PlainMarks, _: Option<bool>, _: Span) -> Result<(), Unusual> { Ok(()) }
/// }
/// let file = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
/// assert_eq!(quick_scan_prefix(file, &mut Skip), Ok((GameResult::WhiteWins, 25)));
/// ```
///
/// # Errors
/// [`Unusual`] when the game needs the full parser or the splitter, or the
/// visitor stopped.
#[inline]
pub fn quick_scan_prefix<'t>(
    text: &'t [u8],
    visitor: &mut impl QuickVisitor<'t>,
) -> Result<(GameResult, usize), Unusual> {
    scan(text, visitor, true)
}

/// The tag pairs of a game, name and value, as [`quick_scan`] hands them to
/// its visitor, without reading the movetext: what a caller that has
/// replayed the game already asks for its tags.
///
/// ```
/// let game = b"[Event \"a\"]\n[White \"B\"]\n\n1. e4 *\n";
/// let mut tags = Vec::new();
/// scoresheet_notation::pgn::quick_tags(game, |n, v| tags.push((n, v))).unwrap();
/// assert_eq!(tags, [(&b"Event"[..], &b"a"[..]), (b"White", b"B")]);
/// ```
///
/// # Errors
/// [`Unusual`] where [`quick_scan`] would give up on the tags.
pub fn quick_tags<'t>(
    text: &'t [u8],
    mut each: impl FnMut(&'t [u8], &'t [u8]),
) -> Result<(), Unusual> {
    let mut scan = QuickScan::new(text);
    while let Some((name, value)) = scan.next_tag()? {
        each(name, value);
    }
    Ok(())
}

#[inline(always)]
fn scan<'t>(
    text: &'t [u8],
    visitor: &mut impl QuickVisitor<'t>,
    prefix: bool,
) -> Result<(GameResult, usize), Unusual> {
    // Spans are built unchecked below (`Span::fitting`): every offset must
    // fit in one. A game running past that is the full parser's to refuse.
    let text = if text.len() <= Span::MAX_OFFSET {
        text
    } else if prefix {
        text.get(..Span::MAX_OFFSET).unwrap_or_default()
    } else {
        return Err(Unusual);
    };
    let mut scan = QuickScan::new(text);
    while let Some((name, value)) = scan.next_tag()? {
        visitor.tag(name, value)?;
    }
    match scan.comments_before_tags {
        (0, _) => {}
        (1, (start, end)) => visitor.comment_before_tags(&text[start..end])?,
        _ => visitor.decoration()?,
    }
    visitor.movetext_start()?;
    scan.movetext(visitor, prefix)
}

/// A tag's name and value.
type TagPair<'a> = (&'a [u8], &'a [u8]);

/// The state of a quick scan.
#[derive(Debug, Clone)]
struct QuickScan<'a> {
    text: &'a [u8],
    pos: usize,
    tags: usize,
    depth: u32,
    /// A main-line move number waiting for its move: its three-dots flag.
    pending: Option<bool>,
    result: Option<GameResult>,
    result_tag: Option<&'a [u8]>,
    /// The `;` comment lines before the tags: how many, and where the text of
    /// the last one is.
    comments_before_tags: (usize, (usize, usize)),
}

/// A comment holding a blank line: the splitter may end a game there (before a tag line).
#[inline]
fn has_blank_line(comment: &[u8]) -> bool {
    memchr::memchr_iter(b'\n', comment)
        .any(|nl| comment[nl + 1..].iter().find(|&&b| !is_blank(b)) == Some(&b'\n'))
}

/// A move number at `at` written the usual way: one to six digits, not starting
/// with `0`, then `.` or `...`, then a blank. Gives the number, whether it has
/// three dots, and where the blank is; `None` for anything else (which the
/// caller reads as a whole word).
#[inline(always)]
fn plain_number(text: &[u8], at: usize) -> Option<(u32, bool, usize)> {
    let mut i = at;
    let mut number = 0u32;
    while let Some(&d) = text.get(i).filter(|d| d.is_ascii_digit()) {
        number = number * 10 + u32::from(d - b'0');
        i += 1;
        if i - at > 6 {
            return None;
        }
    }
    if text.get(i) != Some(&b'.') {
        return None;
    }
    let black = text.get(i + 1) == Some(&b'.');
    let end = if black {
        (text.get(i + 2) == Some(&b'.')).then_some(i + 3)?
    } else {
        i + 1
    };
    text.get(end)
        .is_some_and(|&b| is_space(b))
        .then_some((number, black, end))
}

/// Eight bytes at a time: each byte of a word is one lane.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every lane.
const HIGH: u64 = 0x80 * ONES;

/// The eight bytes of `text` at `at` as a word (the first byte lowest), if there
/// are eight.
#[inline(always)]
fn word_at(text: &[u8], at: usize) -> Option<u64> {
    let chunk: [u8; 8] = text.get(at..at + 8)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// The high bit of the lanes of `w` below `b` (at most 0x80): exact for the
/// lowest such lane (a borrow can only mark lanes above a real one).
#[inline(always)]
fn lowest_below(w: u64, b: u8) -> u64 {
    w.wrapping_sub(u64::from(b) * ONES) & !w & HIGH
}

/// The high bit of the lanes of `w` equal to `b`: exact for the lowest one.
#[inline(always)]
fn lowest_equal(w: u64, b: u8) -> u64 {
    lowest_below(w ^ (u64::from(b) * ONES), 1)
}

/// Where the tag name starting at `start` ends: the first byte that is not a
/// letter, a digit or `_` (as `NAME_CHAR` tells), found eight bytes at a time.
#[inline(always)]
fn name_end(text: &[u8], start: usize) -> usize {
    const LOW: u64 = !HIGH;
    let mut at = start;
    while let Some(w) = word_at(text, at) {
        // Every test on the low seven bits, so no lane carries into the next;
        // lanes with the high bit set are no name bytes.
        let x = w & LOW;
        let lower = x | (0x20 * ONES);
        let letter = (lower + 0x1F * ONES) & !(lower + 0x05 * ONES);
        let digit = (x + 0x50 * ONES) & !(x + 0x46 * ONES);
        let t = w ^ (u64::from(b'_') * ONES);
        let underscore = !(((t & LOW) + LOW) | t);
        let other = !((letter | digit | underscore) & !w) & HIGH;
        if other != 0 {
            return at + (other.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while text.get(at).is_some_and(|&b| NAME_CHAR[usize::from(b)]) {
        at += 1;
    }
    at
}

/// Where the closing quote of a tag value starting at `start` stands, if it
/// comes within the next 32 bytes after nothing but printable ASCII other than
/// `\` (and 32 bytes are left to read): then the value needs no more checks.
/// `None` says nothing: the caller searches the long way.
#[inline(always)]
fn short_value_end(text: &[u8], start: usize) -> Option<usize> {
    // The 32 bytes bounds-checked once, as for comments.
    let mut rest = text.get(start..start + 32)?;
    for i in 0..4 {
        let (&word, tail) = rest.split_first_chunk::<8>()?;
        rest = tail;
        let w = u64::from_le_bytes(word);
        let stop =
            lowest_below(w, 0x20) | (w & HIGH) | lowest_equal(w, b'"') | lowest_equal(w, b'\\');
        if stop != 0 {
            let first = start + i * 8 + (stop.trailing_zeros() / 8) as usize;
            return (text.get(first) == Some(&b'"')).then_some(first);
        }
    }
    None
}

/// Where the `}` of a comment whose body starts at `body` stands, if it comes
/// within the next 32 bytes (32 being left to read) after nothing but ASCII and
/// no control byte: then the comment holds no blank line and no invalid UTF-8,
/// and needs no more checks. `None` says nothing: the caller searches the long
/// way.
#[inline(always)]
fn short_comment_end(text: &[u8], body: usize) -> Option<usize> {
    // The 32 bytes bounds-checked once (near the end of the text, the caller
    // searches the long way).
    let mut rest = text.get(body..body + 32)?;
    for i in 0..4 {
        let (&word, tail) = rest.split_first_chunk::<8>()?;
        rest = tail;
        let w = u64::from_le_bytes(word);
        // The high bit of each byte from `}` (0x7D) up, and of the lowest byte
        // below a space.
        let high = (((w & !HIGH) + 3 * ONES) | w) & HIGH;
        let stop = high | lowest_below(w, 0x20);
        if stop != 0 {
            let first = body + i * 8 + (stop.trailing_zeros() / 8) as usize;
            return (text.get(first) == Some(&b'}')).then_some(first);
        }
    }
    None
}

/// Text the full parser would warn about as invalid UTF-8.
#[inline]
fn bad_text(bytes: &[u8]) -> bool {
    !bytes.is_ascii() && core::str::from_utf8(bytes).is_err()
}

impl<'a> QuickScan<'a> {
    fn new(text: &'a [u8]) -> QuickScan<'a> {
        QuickScan {
            text,
            pos: 0,
            tags: 0,
            depth: 0,
            pending: None,
            result: None,
            result_tag: None,
            comments_before_tags: (0, (0, 0)),
        }
    }

    #[inline]
    fn skip_space(&mut self) {
        while let Some(&b) = self.text.get(self.pos) {
            if !is_space(b) {
                break;
            }
            self.pos += 1;
        }
    }

    /// The next tag pair, `(name, value)`, or `None` when the movetext starts.
    ///
    /// # Errors
    /// [`Unusual`] for a game without tags, a tag with escapes, invalid UTF-8 or
    /// anything but blanks after it on its line, and anything the full parser
    /// would report.
    #[inline(always)]
    fn next_tag(&mut self) -> Result<Option<TagPair<'a>>, Unusual> {
        let text = self.text;
        let before = self.pos;
        self.skip_space();
        while self.tags == 0 && text.get(self.pos) == Some(&b';') {
            // A comment line before the tags (some databases end each game with one,
            // which the splitter gives to the next game).
            let start = self.pos + 1;
            let eol = memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
            if bad_text(&text[start..eol]) {
                return Err(Unusual);
            }
            let end = if eol > start && text[eol - 1] == b'\r' {
                eol - 1
            } else {
                eol
            };
            self.comments_before_tags = (self.comments_before_tags.0 + 1, (start, end));
            self.pos = eol;
            self.skip_space();
        }
        if self.tags > 0
            && self.pos - before > 1
            && text[before..self.pos]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                > 1
            && text.get(self.pos) == Some(&b'[')
        {
            // A blank line inside the tags: the splitter may start a game there.
            return Err(Unusual);
        }
        if text.get(self.pos) != Some(&b'[') {
            // A bare move list (or a byte order mark, or a comment before the
            // tags): the full parser's business.
            return if self.tags == 0 {
                Err(Unusual)
            } else {
                Ok(None)
            };
        }
        let name_start = self.pos + 1;
        let mut i = name_end(text, name_start);
        let name = &text[name_start..i];
        if name.is_empty() || text.get(i) != Some(&b' ') || text.get(i + 1) != Some(&b'"') {
            return Err(Unusual);
        }
        let value_start = i + 2;
        let value_end = match short_value_end(text, value_start) {
            Some(end) => end,
            None => {
                let rest = &text[value_start..];
                let len = memchr::memchr3(b'"', b'\\', b'\n', rest).ok_or(Unusual)?;
                if rest[len] != b'"' || bad_text(&rest[..len]) {
                    return Err(Unusual);
                }
                value_start + len
            }
        };
        let value = &text[value_start..value_end];
        i = value_end + 1;
        if text.get(i) != Some(&b']') {
            return Err(Unusual);
        }
        i += 1;
        while i < text.len() && matches!(text[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        if i < text.len() && text[i] != b'\n' {
            return Err(Unusual);
        }
        self.pos = i;
        self.tags += 1;
        if name == b"Result" {
            if self.result_tag.is_some() {
                return Err(Unusual);
            }
            self.result_tag = Some(value);
        }
        Ok(Some((name, value)))
    }

    /// The movetext, to its end: the result.
    ///
    /// # Errors
    /// [`Unusual`] for anything but plain SAN, move numbers with one or three
    /// dots, comments in braces, NAGs, variations of the same, and one result
    /// at the end that agrees with the `Result` tag.
    #[inline]
    fn movetext(
        &mut self,
        visitor: &mut impl QuickVisitor<'a>,
        prefix: bool,
    ) -> Result<(GameResult, usize), Unusual> {
        let text = self.text;
        loop {
            self.skip_space();
            let Some(&b) = text.get(self.pos) else {
                return Ok((self.finish()?, self.pos));
            };
            if self.result.is_some() && b != b'{' {
                // Only comments may follow the result.
                return Err(Unusual);
            }
            match b {
                b'{' => {
                    visitor.decoration()?;
                    let body = self.pos + 1;
                    // A short plain comment (a clock, an evaluation): its `}` found
                    // without a call.
                    if let Some(close) = short_comment_end(text, body) {
                        self.pos = close + 1;
                        continue;
                    }
                    // Usually the `}` comes before any line end: one search.
                    let stop = memchr::memchr2(b'}', b'\n', &text[body..]).ok_or(Unusual)?;
                    let close = if text[body + stop] == b'}' {
                        stop
                    } else {
                        let close = memchr(b'}', &text[body + stop..]).ok_or(Unusual)? + stop;
                        if has_blank_line(&text[body..body + close]) {
                            return Err(Unusual);
                        }
                        close
                    };
                    if bad_text(&text[body..body + close]) {
                        return Err(Unusual);
                    }
                    self.pos = body + close + 1;
                }
                b'(' => {
                    visitor.variation()?;
                    self.depth += 1;
                    self.pos += 1;
                }
                b')' => {
                    self.depth = self.depth.checked_sub(1).ok_or(Unusual)?;
                    self.pos += 1;
                }
                b'$' => {
                    visitor.decoration()?;
                    let start = self.pos + 1;
                    let mut i = start;
                    let mut value = 0u32;
                    while i < text.len() && text[i].is_ascii_digit() && i - start < 3 {
                        value = value * 10 + u32::from(text[i] - b'0');
                        i += 1;
                    }
                    if i == start || value > 255 || text.get(i).is_some_and(u8::is_ascii_digit) {
                        return Err(Unusual);
                    }
                    self.pos = i;
                }
                b'1'..=b'9' if let Some((number, black, next)) = plain_number(text, self.pos) => {
                    // The usual move number (`12.`, `12...`), read without
                    // finding the word's end first: as `token` reads it.
                    self.pos = next;
                    self.number(number, black, visitor)?;
                }
                b'a'..=b'z' | b'A'..=b'Z' => {
                    // A move (or a word for the full parser).
                    let start = self.pos;
                    let end = self.word_end()?;
                    self.read_move(&text[start..end], start, visitor)?;
                }
                b'0'..=b'9' | b'*' => {
                    self.token(visitor)?;
                    if prefix && self.result.is_some() {
                        return self.end_at_result();
                    }
                }
                _ => return Err(Unusual),
            }
        }
    }

    /// The game ends at its result, as the splitter ends it: the result must be the
    /// last word of its line (a comment after it on its line is the game's, which
    /// the splitter finds).
    #[cold]
    fn end_at_result(&mut self) -> Result<(GameResult, usize), Unusual> {
        let end = self.pos;
        let rest = &self.text[end..];
        let blanks = rest.iter().take_while(|&&b| is_blank(b)).count();
        match rest.get(blanks) {
            None | Some(b'\n') => Ok((self.finish()?, end)),
            Some(_) => Err(Unusual),
        }
    }

    /// Moves past the word of movetext starting here (at least one byte, up to
    /// the next delimiter), giving where it ends.
    ///
    /// # Errors
    /// [`Unusual`] for a promotion written `a8(Q)`, which the full parser keeps
    /// in one word.
    #[inline(always)]
    fn word_end(&mut self) -> Result<usize, Unusual> {
        let text = self.text;
        let start = self.pos;
        let rest = text.get(start + 1..).unwrap_or_default();
        let end = start
            + 1
            + rest
                .iter()
                .position(|&b| DELIMITER[usize::from(b)])
                .unwrap_or(rest.len());
        if text.get(end) == Some(&b'(') && text.get(end + 2) == Some(&b')') {
            return Err(Unusual);
        }
        self.pos = end;
        Ok(end)
    }

    /// A word of movetext: a result, a move number (maybe with its move glued on),
    /// or a move.
    #[inline(always)]
    fn token(&mut self, visitor: &mut impl QuickVisitor<'a>) -> Result<(), Unusual> {
        let text = self.text;
        let start = self.pos;
        let end = self.word_end()?;
        let token = &text[start..end];
        let first = token[0];
        if !first.is_ascii_digit() && first != b'*' {
            return self.read_move(token, start, visitor);
        }
        // A move number: its digits (a value), then its dots.
        let mut number = 0u32;
        let mut digits = 0;
        while let Some(&d) = token.get(digits).filter(|d| d.is_ascii_digit()) {
            number = number.wrapping_mul(10).wrapping_add(u32::from(d - b'0'));
            digits += 1;
        }
        if token.get(digits) != Some(&b'.') {
            // Not a number: a result, or something for the full parser.
            let result = match token {
                b"1-0" => GameResult::WhiteWins,
                b"0-1" => GameResult::BlackWins,
                b"1/2-1/2" => GameResult::Draw,
                b"*" => GameResult::Unknown,
                _ => return Err(Unusual),
            };
            if self.depth > 0 {
                return Err(Unusual);
            }
            self.result = Some(result);
            return Ok(());
        }
        let dots = token[digits..].iter().take_while(|&&b| b == b'.').count();
        // `0.`, `12..`, and huge numbers: the full parser's.
        if first == b'0' || digits > 6 || !(dots == 1 || dots == 3) {
            return Err(Unusual);
        }
        self.number(number, dots == 3, visitor)?;
        let glued = &token[digits + dots..];
        if glued.is_empty() {
            Ok(())
        } else {
            self.read_move(glued, start + digits + dots, visitor)
        }
    }

    /// A move number (`black` with three dots), handed over on the main line.
    #[inline(always)]
    fn number(
        &mut self,
        number: u32,
        black: bool,
        visitor: &mut impl QuickVisitor<'a>,
    ) -> Result<(), Unusual> {
        if self.depth > 0 {
            // A number inside a variation leaves the main line unnumbered, as in
            // the full parser.
            self.pending = None;
            Ok(())
        } else {
            self.pending = Some(black);
            visitor.move_number(number, black)
        }
    }

    /// A move token (starting at `start` in the text): handed over on the main
    /// line, checked for its syntax only inside a variation.
    #[inline(always)]
    fn read_move(
        &mut self,
        token: &[u8],
        start: usize,
        visitor: &mut impl QuickVisitor<'a>,
    ) -> Result<(), Unusual> {
        let (mv, marks) = if token.first() == Some(&b'O') {
            let (side, marks) = read_plain_castle(token).ok_or(Unusual)?;
            (PlainMove::Castle(side), marks)
        } else {
            read_plain_piece(token).ok_or(Unusual)?
        };
        if self.depth > 0 {
            return Ok(());
        }
        let at = Span::fitting(start, start + token.len());
        visitor.san(mv, marks, self.pending.take(), at)
    }

    /// The end of the game: variations closed, one result, the same as the tag's.
    fn finish(&mut self) -> Result<GameResult, Unusual> {
        let result = self.result.ok_or(Unusual)?;
        if self.depth > 0 {
            return Err(Unusual);
        }
        if let Some(tag) = self.result_tag {
            if GameResult::from_ascii(tag) != Some(result) {
                return Err(Unusual);
            }
        }
        Ok(result)
    }
}

#[cfg(test)]
mod word_tests {
    //! The eight-bytes-at-a-time searches against byte loops that say the same.
    use super::*;
    use proptest::prelude::*;

    /// Bytes that matter to the searches, and some that do not.
    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        let interesting = prop_oneof![
            Just(b'"'),
            Just(b'\\'),
            Just(b'}'),
            Just(b'{'),
            Just(b'\n'),
            Just(b'\t'),
            Just(b' '),
            Just(b'_'),
            Just(b'~'),
            Just(0x7F),
            Just(0x80),
            Just(0xC3),
            Just(0xFF),
            Just(0x00),
            Just(b'@'),
            Just(b'['),
            Just(b'`'),
            Just(b'/'),
            Just(b':'),
            b'a'..=b'z',
            b'A'..=b'Z',
            b'0'..=b'9',
            any::<u8>(),
        ];
        proptest::collection::vec(interesting, 0..48)
    }

    /// A run of name bytes (every letter, digit and `_` as likely), then anything.
    fn name_then_bytes() -> impl Strategy<Value = Vec<u8>> {
        let name_byte = (0u8..63).prop_map(|i| match i {
            0..=25 => b'a' + i,
            26..=51 => b'A' + (i - 26),
            52..=61 => b'0' + (i - 52),
            _ => b'_',
        });
        (proptest::collection::vec(name_byte, 0..20), bytes()).prop_map(|(mut name, rest)| {
            name.extend(rest);
            name
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn name_end_stops_at_the_first_byte_not_in_a_name(text in name_then_bytes(), start in 0usize..8) {
            let start = start.min(text.len());
            let expected = start
                + text[start..]
                    .iter()
                    .take_while(|&&b| NAME_CHAR[usize::from(b)])
                    .count();
            prop_assert_eq!(name_end(&text, start), expected);
        }

        #[test]
        fn a_short_value_end_is_the_first_quote_after_plain_ascii(text in bytes(), start in 0usize..8) {
            let start = start.min(text.len());
            let first_stop = text[start..]
                .iter()
                .position(|&b| !(0x20..0x80).contains(&b) || b == b'"' || b == b'\\')
                .map(|i| start + i);
            match short_value_end(&text, start) {
                Some(end) => {
                    prop_assert_eq!(Some(end), first_stop);
                    prop_assert_eq!(text[end], b'"');
                }
                // Only when the first stop is no quote, or not within the 32 bytes
                // read (none are read when fewer are left).
                None => {
                    let covered = if text.len() - start >= 32 { start + 32 } else { start };
                    let fine = first_stop.is_none_or(|s| text[s] != b'"' || s >= covered);
                    prop_assert!(fine);
                }
            }
        }

        #[test]
        fn a_short_comment_end_is_the_first_brace_after_plain_ascii(text in bytes(), start in 0usize..8) {
            let start = start.min(text.len());
            let first_stop = text[start..]
                .iter()
                .position(|&b| !(0x20..0x7D).contains(&b))
                .map(|i| start + i);
            match short_comment_end(&text, start) {
                Some(end) => {
                    prop_assert_eq!(Some(end), first_stop);
                    prop_assert_eq!(text[end], b'}');
                }
                None => {
                    let covered = if text.len() - start >= 32 { start + 32 } else { start };
                    let fine = first_stop.is_none_or(|s| text[s] != b'}' || s >= covered);
                    prop_assert!(fine);
                }
            }
        }
    }
}
