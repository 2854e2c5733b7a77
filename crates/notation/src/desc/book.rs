//! The book reader: a `.desc.txt` move table (headers, numbered two-column rows,
//! continuation rows, game-end words, commentary) read into plies with spans.

use crate::Kind;
use crate::ast::{MoveKind, WrittenMove};
use crate::diag::{Diagnostic, Severity};
use crate::span::Span;
use crate::types::{Color, Square};

use super::DescError;
use super::parse::{may_open_move, parse_desc_move};

/// A `%` header line (`% title: ...`) or a bracketed tag line (`[FEN "..."]`), kept as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookHeader {
    /// The key (`source`, `title`, `note`, `FEN`), empty when the line has none.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// The whole line.
    pub span: Span,
}

/// A header's key as a PGN tag name: each word capitalised, spaces and
/// anything but letters, digits and `_` dropped (`time control` is
/// `TimeControl`).
fn tag_name(key: &str) -> String {
    key.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect()
}

/// One half-move of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookPly {
    /// Whose move: taken from the order of the plies, never from the printed number.
    pub color: Color,
    /// The move number printed on its row (both columns share it), if one was.
    pub number: Option<u32>,
    /// The move, or why it could not be read.
    pub result: Result<WrittenMove, DescError>,
    /// The move's text.
    pub span: Span,
}

/// Odds named in a book's title or note (`at the odds of the Queen's Knight`, `Pawn and
/// move`, `(Remove White's Q. R. from the board.)`): the squares emptied in the start
/// position. The side giving the odds is White unless the text says Black (the pawn and
/// move is given by Black, whose king's bishop's pawn is removed, and White moves first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Odds {
    /// The phrase as it was recognised (`queen's knight`, `pawn and move`).
    pub phrase: &'static str,
    /// The squares whose pieces are removed before the first move.
    pub removed: Vec<Square>,
    /// Moves the receiving side makes before the giver's first reply: 1 for the usual
    /// odds, 2 for the pawn and two moves (the table prints White's first two moves with
    /// Black's first reply missing), 0 for odds given during play (the exchange), which
    /// leave the start position as it is.
    pub first_moves: u8,
    /// The header line that says so.
    pub span: Span,
}

/// The odds phrases books use, lower case, and the squares each empties when White gives
/// them (Black's are the mirror), most specific first.
const ODDS: &[(&str, &[&str], &str)] = &[
    ("pawn and two moves", &["f7"], "pawn and two moves"),
    ("pawn and 2 moves", &["f7"], "pawn and two moves"),
    ("p. and two moves", &["f7"], "pawn and two moves"),
    ("the exchange", &[], "exchange"),
    ("exchange odds", &[], "exchange"),
    ("pawn and move", &["f7"], "pawn and move"),
    ("p. and move", &["f7"], "pawn and move"),
    ("pawn and the move", &["f7"], "pawn and move"),
    ("queen's knight", &["b1"], "queen's knight"),
    ("q. kt.", &["b1"], "queen's knight"),
    ("king's knight", &["g1"], "king's knight"),
    ("queen's rook", &["a1"], "queen's rook"),
    ("q. r.", &["a1"], "queen's rook"),
    ("king's rook", &["h1"], "king's rook"),
    ("k. r.", &["h1"], "king's rook"),
    ("odds of the queen", &["d1"], "queen"),
    ("queen odds", &["d1"], "queen"),
    ("odds of a rook", &["a1"], "queen's rook"),
    ("odds of the rook", &["a1"], "queen's rook"),
    ("rook odds", &["a1"], "queen's rook"),
    ("odds of a knight", &["b1"], "queen's knight"),
    ("odds of the knight", &["b1"], "queen's knight"),
    ("knight odds", &["b1"], "queen's knight"),
];

/// The odds a title or note names, if any: an odds phrase in a line that speaks of odds
/// or of removing a piece.
fn odds_in(text: &str, span: Span) -> Option<Odds> {
    let lower = text.to_ascii_lowercase().replace('\u{2019}', "'");
    if !(lower.contains("odds")
        || lower.contains("remove")
        || lower.contains("pawn and")
        || lower.contains("p. and"))
    {
        return None;
    }
    let &(_, squares, phrase) = ODDS.iter().find(|(p, _, _)| lower.contains(p))?;
    // The exchange is odds only where the line speaks of odds (`a game at the odds of the
    // exchange`), not `the exchange of queens`.
    if phrase == "exchange" && !lower.contains("odds") {
        return None;
    }
    // Pawn and move is given by Black; a piece by White, unless the text says Black's.
    let black_gives = phrase.starts_with("pawn")
        || lower.contains("remove black's")
        || lower.contains("black gives")
        || lower.contains("given by black");
    let removed = squares
        .iter()
        .filter_map(|sq| {
            let mut b = sq.as_bytes().to_vec();
            // The squares are written for the side the phrase names: a White piece on rank
            // 1, the pawn and move on f7. Mirror when the other side gives them.
            let white_square = b.get(1) == Some(&b'1');
            if white_square == black_gives {
                if let Some(r) = b.get_mut(1) {
                    *r = b'9' - *r + b'0';
                }
            }
            core::str::from_utf8(&b).ok()?.parse().ok()
        })
        .collect();
    let first_moves = match phrase {
        "pawn and two moves" => 2,
        "exchange" => 0,
        _ => 1,
    };
    Some(Odds {
        phrase,
        removed,
        first_moves,
        span,
    })
}

/// How the game ended according to the text (`Resigns.`, `And wins...`, `Drawn`, `1-0`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookEnd {
    /// The words as written.
    pub text: String,
    /// Where they were written.
    pub span: Span,
}

/// One game score read from a descriptive move table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Book {
    /// Header lines, in order.
    pub headers: Vec<BookHeader>,
    /// White's name, from a title (`White: F. J. Marshall.`) or a column header (`WHITE. (Mr. M.)`).
    pub white: Option<String>,
    /// Black's name, found the same way.
    pub black: Option<String>,
    /// The column header (`WHITE. (Mr. M.)   BLACK. (M. B.)`, `White.  Black.`), if one was
    /// printed: a file with one is a book table whatever its rows hold.
    pub columns: Option<Span>,
    /// The line under the column header that names the players (`Morphy.   Anderssen.`),
    /// if one was printed: its names are [`Book::white`] and [`Book::black`].
    pub players: Option<Span>,
    /// The odds the game was played at, when its title or a note says so.
    pub odds: Option<Odds>,
    /// A start position given by a `[FEN "..."]` line.
    pub fen: Option<String>,
    /// The half-moves, in order.
    pub plies: Vec<BookPly>,
    /// The game-end words, if any.
    pub end: Option<BookEnd>,
    /// Printed move numbers and continuation dots (`12.`, `7. ........`), read by position.
    pub numbers: Vec<Span>,
    /// Commentary (lines or bracketed remarks that are neither moves nor headers).
    pub commentary: Vec<Span>,
    /// Notes about the layout: commentary kept, wrong printed move numbers.
    pub notes: Vec<Diagnostic>,
    /// The game's text in the input of [`read_books`]: from the start of its
    /// first line to the start of the next game's (the first game from the
    /// start of the text, the last to its end), so the games' spans cover the
    /// whole text, in order. [`read_book`], which reads one game, leaves it empty.
    pub span: Span,
}

impl Book {
    /// The game's tags, as a PGN game carries them: each `% key: value`
    /// header under the tag name of its key (`% date:` is `Date`, `% round:`
    /// `Round`, `% source:` `Source`, `% time control:` `TimeControl`), the
    /// title as `Event` when no `% event:` is given, the players found in a
    /// title, a column header or a players' line as `White` and `Black`.
    /// The roster's tags come first, in its order, then the others as written;
    /// a key met twice keeps its first value. `% note:` lines, lines without
    /// a key and `[FEN]` lines are no tags here.
    ///
    /// ```
    /// use scoresheet_notation::desc::read_book;
    /// let book = read_book(b"% title: Match game\n% date: 1858.09.03\n% site: Paris\n% round: 2\n% source: Blue Book\nWHITE (Morphy)  BLACK (Anderssen)\n1. P-K4 P-K4\n");
    /// let tags: Vec<(String, String)> = book.tags();
    /// let names: Vec<&str> = tags.iter().map(|t| t.0.as_str()).collect();
    /// assert_eq!(names, ["Event", "Site", "Date", "Round", "White", "Black", "Source"]);
    /// assert_eq!(tags[4].1, "Morphy");
    /// ```
    #[must_use]
    pub fn tags(&self) -> Vec<(String, String)> {
        const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        let mut all: Vec<(String, String)> = Vec::new();
        let mut add = |name: String, value: &str| {
            let value = value.trim();
            if !name.is_empty() && !value.is_empty() && !all.iter().any(|t| t.0 == name) {
                all.push((name, value.to_owned()));
            }
        };
        if let Some(w) = &self.white {
            add("White".into(), w);
        }
        if let Some(b) = &self.black {
            add("Black".into(), b);
        }
        for h in &self.headers {
            if matches!(h.key.as_str(), "" | "note" | "FEN" | "SetUp" | "title") {
                continue;
            }
            add(tag_name(&h.key), &h.value);
        }
        if let Some(title) = self.headers.iter().find(|h| h.key == "title") {
            add("Event".into(), &title.value);
        }
        let mut tags: Vec<(String, String)> = ROSTER
            .iter()
            .filter_map(|r| all.iter().find(|t| t.0 == *r).cloned())
            .collect();
        tags.extend(all.into_iter().filter(|t| !ROSTER.contains(&t.0.as_str())));
        tags
    }

    /// Every diagnostic: the layout notes and one error per unreadable ply, in text order.
    #[must_use]
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut out = self.notes.clone();
        for (i, ply) in self.plies.iter().enumerate() {
            if let Err(e) = &ply.result {
                let mut d =
                    Diagnostic::new(Severity::Error, Kind::DescSyntax, e.to_string(), e.span);
                d.ply = u32::try_from(i + 1).ok();
                out.push(d);
            }
        }
        out.sort_by_key(|d| (d.span.start(), d.span.end()));
        out
    }
}

/// No written move is longer than this (the longest printed ones, such as
/// `P. takes R., becomes a Queen (ch.)`, are under 40 bytes); longer runs are not tried,
/// which keeps reading linear on hostile input.
const MAX_MOVE_BYTES: usize = 80;

const END_WORDS: [&str; 15] = [
    "mate",
    "checkmate",
    "resigns",
    "resign",
    "resigned",
    "and",
    "drawn",
    "draw",
    "wins",
    "surrenders",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "abandoned",
];

fn is_end_word(token: &[u8]) -> bool {
    let word: Vec<u8> = without_footnote(token)
        .iter()
        .filter(|c| !matches!(c, b'.' | b',' | b';' | b'!'))
        .map(u8::to_ascii_lowercase)
        .collect();
    END_WORDS.iter().any(|w| w.as_bytes() == word) || word == "½-½".as_bytes()
}

/// A word without the footnote mark printed after it (`Resigns.[E]`, `wins.[12]`,
/// `mate.*`, `drawn.†`): the mark refers to a note, not to the word.
fn without_footnote(word: &[u8]) -> &[u8] {
    let mut w = word;
    if w.ends_with(b"]") {
        if let Some(open) = w.iter().rposition(|&c| c == b'[') {
            let mark = w.get(open + 1..w.len() - 1).unwrap_or_default();
            if !mark.is_empty() && mark.len() <= 4 && mark.iter().all(u8::is_ascii_alphanumeric) {
                w = w.get(..open).unwrap_or_default();
            }
        }
    }
    let w = w.strip_suffix("†".as_bytes()).unwrap_or(w);
    let w = w.strip_suffix("‡".as_bytes()).unwrap_or(w);
    w.strip_suffix(b"*").filter(|r| !r.is_empty()).unwrap_or(w)
}

/// Whether `token`, the last word of a line, is a word that ends a book's game
/// (`Resigns.`, `mate`, `and wins`, `Drawn`; not a result, which ends a PGN
/// game too): the game splitter starts the next game at a numbered row after it.
///
/// ```
/// use scoresheet_notation::desc::is_end_words;
/// assert!(is_end_words(b"Resigns."));
/// assert!(is_end_words(b"wins"));
/// assert!(!is_end_words(b"and"));
/// assert!(!is_end_words(b"Nf3"));
/// ```
#[must_use]
pub fn is_end_words(token: &[u8]) -> bool {
    let token = without_footnote(token);
    let word = token
        .iter()
        .rposition(|c| !matches!(c, b'.' | b',' | b';' | b'!'))
        .map_or(&[][..], |i| &token[..=i]);
    [
        &b"mate"[..],
        b"checkmate",
        b"resigns",
        b"resign",
        b"resigned",
        b"drawn",
        b"draw",
        b"wins",
        b"surrenders",
        b"abandoned",
    ]
    .iter()
    .any(|w| w.eq_ignore_ascii_case(word))
}

/// Words that end a game where they stand, in the languages printed: a
/// resignation, a win or a break-off, each possibly after `and` and a
/// side (`and wins`, `White resigns`, `Schwarz gibt auf`).
const END_PHRASES: [&[&str]; 26] = [
    &["resigns"],
    &["resigned"],
    &["resign"],
    &["surrenders"],
    &["wins"],
    &["won"],
    &["gives", "up"],
    &["&c"],
    &["etc"],
    &["aufgegeben"],
    &["aufgabe"],
    &["gibt", "auf"],
    &["abandona"],
    &["abandonan"],
    &["abandonó"],
    &["abandonne"],
    &["abandonnent"],
    &["abandon"],
    &["abbandona"],
    &["se", "rinde"],
    &["si", "arrende"],
    &["desiste"],
    &["opgegeven"],
    &["geeft", "op"],
    &["vzdal"],
    &["poddaje"],
];

/// The length of the words at the start of `text` (one line) that end a
/// game where they stand (`Resigns.`, `resigns`, `and wins`, `&c.`, `gives
/// up`, `aufgegeben`, `abandona`, `abandonne`, `White resigns.[E]`), with the
/// full stop and footnote mark printed after them; `None` when it starts
/// otherwise. Both readers end a game's moves at them: a book's table and
/// PGN movetext (where, after a move the board refused, nothing reads them).
///
/// ```
/// use scoresheet_notation::desc::end_phrase;
/// assert_eq!(end_phrase(b"Resigns. 1-0"), Some(8));
/// assert_eq!(end_phrase(b"and wins."), Some(9));
/// assert_eq!(end_phrase(b"Schwarz gibt auf"), Some(16));
/// assert_eq!(end_phrase(b"&c."), Some(3));
/// assert_eq!(end_phrase(b"and then Nf3"), None);
/// assert_eq!(end_phrase(b"Rd1 resigns"), None);
/// ```
#[must_use]
pub fn end_phrase(text: &[u8]) -> Option<usize> {
    let mut words = Vec::new();
    let mut at = 0;
    while words.len() < 5 {
        while text.get(at).is_some_and(|&b| b == b' ' || b == b'\t') {
            at += 1;
        }
        let len = text[at..]
            .iter()
            .position(|&b| b.is_ascii_whitespace())
            .unwrap_or(text.len() - at);
        if len == 0 {
            break;
        }
        words.push((at, at + len));
        at += len;
    }
    let word = |k: usize| -> Option<String> {
        let &(s, e) = words.get(k)?;
        let w = without_footnote(&text[s..e]);
        let end = w
            .iter()
            .rposition(|c| !matches!(c, b'.' | b',' | b';' | b'!'))
            .map_or(0, |i| i + 1);
        core::str::from_utf8(&w[..end]).ok().map(str::to_lowercase)
    };
    let mut k = 0;
    if word(k).as_deref() == Some("and") {
        k += 1;
    }
    if word(k).as_deref().is_some_and(|w| {
        matches!(
            w,
            "white"
                | "black"
                | "weiß"
                | "weiss"
                | "schwarz"
                | "blancas"
                | "negras"
                | "blanc"
                | "noir"
                | "wit"
                | "zwart"
        )
    }) {
        k += 1;
    }
    END_PHRASES.iter().find_map(|phrase| {
        phrase
            .iter()
            .enumerate()
            .all(|(n, w)| word(k + n).as_deref() == Some(*w))
            .then(|| words[k + phrase.len() - 1].1)
    })
}

/// Whether words that start like a game end (`And`, `White`) really say the game ended:
/// `And Black resigns.` does, `And here White should have played...` does not.
fn says_game_ended(rest: &[u8]) -> bool {
    let lower = rest.to_ascii_lowercase();
    [
        "resign",
        "wins",
        "won",
        "drawn",
        "draw",
        "surrender",
        "abandon",
        "mate",
        "1-0",
        "0-1",
        "1/2-1/2",
        "½-½",
    ]
    .iter()
    .any(|w| memchr::memmem::find(&lower, w.as_bytes()).is_some())
}

/// A whitespace-separated token: `start..end` in the whole text.
#[derive(Clone, Copy)]
struct Token {
    start: usize,
    end: usize,
}

/// Whether a byte separates tokens: a blank, or the `|` that Project Gutenberg's
/// transcriptions print between the two ranges of a table (`3. B-B4 B-B4 | 7. P-Q4
/// PxP`): no move holds one, and with the blanks around it it is a column gap.
fn separator(c: &u8) -> bool {
    c.is_ascii_whitespace() || *c == b'|'
}

fn tokens(text: &[u8], from: usize, to: usize) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = from;
    while i < to {
        while i < to && text.get(i).is_some_and(separator) {
            i += 1;
        }
        let start = i;
        while i < to && !text.get(i).is_some_and(separator) {
            i += 1;
        }
        if i > start {
            // A move number glued to its move (`4.QxBP`, `1...P-K4`) is two tokens.
            match glued_number(text.get(start..i).unwrap_or_default()) {
                Some(n) => {
                    out.push(Token {
                        start,
                        end: start + n,
                    });
                    out.push(Token {
                        start: start + n,
                        end: i,
                    });
                }
                None => out.push(Token { start, end: i }),
            }
        }
    }
    out
}

/// The length of a move number glued to the move after it (`4.QxBP` -> 2), if the token
/// starts with one: digits, then dots, then a letter.
fn glued_number(tok: &[u8]) -> Option<usize> {
    let digits = tok.iter().take_while(|c| c.is_ascii_digit()).count();
    let dots = tok
        .get(digits..)?
        .iter()
        .take_while(|&&c| c == b'.')
        .count();
    let next = tok.get(digits + dots)?;
    (digits > 0 && digits <= MAX_NUMBER_DIGITS && dots > 0 && next.is_ascii_alphabetic())
        .then_some(digits + dots)
}

/// No printed move number has more digits (a misprint may add one: `12345.` is still read
/// by position, with a note).
const MAX_NUMBER_DIGITS: usize = 6;

/// A printed move number token: `12.`, `12`, `12...`, `12.........`; returns the number and
/// whether Black's move follows (dots after the number). A dotted number may have a letter
/// misprinted for a digit (`4O.` for 40, `l2.` for 12): [`misprinted_number`] tells.
fn move_number(tok: &[u8]) -> Option<(u32, bool)> {
    if !tok.first()?.is_ascii_digit() {
        return None;
    }
    let len = tok
        .iter()
        .take_while(|c| c.is_ascii_digit() || matches!(c, b'O' | b'o' | b'l' | b'I'))
        .count();
    let (digits, rest) = tok.split_at(len);
    let dotted = rest.first() == Some(&b'.');
    if len > MAX_NUMBER_DIGITS
        || (!dotted && (len > 4 || misprinted_number(digits)))
        || !rest.iter().all(|&c| c == b'.')
    {
        return None;
    }
    let n = digits.iter().fold(0u32, |n, &c| {
        let d = match c {
            b'O' | b'o' => 0,
            b'l' | b'I' => 1,
            d => u32::from(d - b'0'),
        };
        n * 10 + d
    });
    Some((n, rest.len() >= 2))
}

/// Whether a printed move number is misprinted: a letter for a digit (`4O.`), a leading
/// zero or more than four digits (`00011.`).
fn misprinted_number(tok: &[u8]) -> bool {
    let digits = tok.iter().take_while(|&&c| c != b'.').count();
    tok.iter().any(|c| matches!(c, b'O' | b'o' | b'l' | b'I'))
        || digits > 4
        || (digits > 1 && tok.first() == Some(&b'0'))
}

/// Whether a token is print noise a scan leaves between moves (`■`, `•`, `’`, `~`,
/// `;`, `-:`): at most five characters (a longer run is binary data or a drawing,
/// an error), no letter, no digit, no control character, none of the marks a
/// move, a variation, a claim or a result is written with (`(`, `+`, `#`, `!`,
/// `*`, `/`), no figurine, and not dashes alone (`-` may mark Black's move, `---`
/// is a rule).
fn print_noise(tok: &[u8]) -> bool {
    let Ok(word) = std::str::from_utf8(tok) else {
        return false;
    };
    !word.is_empty()
        && word.chars().count() <= 5
        && !word
            .chars()
            .all(|c| matches!(c, '-' | '\u{2010}'..='\u{2015}' | '\u{2212}'))
        && word.chars().all(|c| {
            !(c.is_alphanumeric()
                || c.is_control()
                || c == '\u{FFFD}'
                || ('\u{E000}'..='\u{F8FF}').contains(&c)
                || matches!(
                    c,
                    '(' | ')'
                        | '['
                        | ']'
                        | '{'
                        | '}'
                        | '+'
                        | '#'
                        | '='
                        | '*'
                        | '…'
                        | '!'
                        | '?'
                        | '$'
                        | '/'
                        | '\\'
                        | '.'
                        | '%'
                        | '&'
                )
                || u32::from(c) >= 0x2654 && u32::from(c) <= 0x265F
                || matches!(c, '¢' | '£' | '¤' | '¥' | '¦'))
        })
}

/// Whether a token may be a descriptive move a scan damaged (`Kt—Qß3`, `ßtakesP`):
/// a piece letter or the `ß` a scan makes of `B` first, a dash or a capital after
/// it, short. Asked only after a damaged move number ([`damaged_number`]).
fn scanned_move(tok: &[u8]) -> bool {
    let Ok(word) = std::str::from_utf8(tok) else {
        return false;
    };
    let mut chars = word.chars();
    let first = chars.next();
    word.len() <= MAX_MOVE_BYTES
        && (matches!(first, Some('K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'ß')))
        && word.chars().skip(1).any(|c| {
            c.is_ascii_uppercase()
                || c == 'ß'
                || c.is_ascii_digit()
                || matches!(c, '-' | '\u{2010}'..='\u{2015}')
        })
}

/// Whether tokens `k` and `k + 1` are one move number a scan split in two (`1 1.`
/// for 11): digits, one blank, digits and a full stop, together the number the
/// count puts there (`due`).
fn split_number(text: &[u8], toks: &[Token], k: usize, due: Option<u32>) -> bool {
    let (Some(a), Some(b), Some(due)) = (toks.get(k), toks.get(k + 1), due) else {
        return false;
    };
    let (first, second) = (
        text.get(a.start..a.end).unwrap_or_default(),
        text.get(b.start..b.end).unwrap_or_default(),
    );
    first.iter().all(u8::is_ascii_digit)
        && b.start == a.end + 1
        && second.ends_with(b".")
        && move_number(&[first, second].concat()).is_some_and(|(n, _)| n == due)
}

/// Whether a small word is a move whose piece letter a scan broke in two small
/// letters (`li—Q` for `R—Q`, `lt-K2`): one or two small letters, a dash of any
/// kind or `x`, then a capital.
fn scanned_piece_and_square(word: &[u8]) -> bool {
    let Ok(word) = std::str::from_utf8(word) else {
        return false;
    };
    let letters = word.chars().take_while(char::is_ascii_lowercase).count();
    let mut rest = word.chars().skip(letters);
    (1..=2).contains(&letters)
        && rest
            .next()
            .is_some_and(|c| matches!(c, '-' | 'x' | '\u{2010}'..='\u{2015}' | '\u{2212}'))
        && rest.next().is_some_and(|c| c.is_ascii_uppercase())
}

/// Whether a token may be a move number the print or the scan damaged: one to three
/// characters and one full stop (`G.`, `i.`, `Hi.`, `<>.`), none of them a dot or a
/// blank. Asked only where the count puts a number and no move reads
/// ([`number_due`]).
fn damaged_number(tok: &[u8]) -> bool {
    let Some(body) = tok.strip_suffix(b".") else {
        return false;
    };
    let Ok(body) = std::str::from_utf8(body) else {
        return false;
    };
    (1..=3).contains(&body.chars().count()) && body.chars().all(|c| !c.is_whitespace() && c != '.')
}

/// The move number the count puts at this point of a numbered row, if it puts one:
/// after both moves of a row, the next row's; after White's move where both columns
/// are numbered, the row's own again. `None` where a move is due (right after a
/// number, or before Black's move in a row numbered once).
fn number_due(
    row_number: Option<u32>,
    row_moves: usize,
    black_column: bool,
    columns_numbered: bool,
) -> Option<u32> {
    let r = row_number?;
    match row_moves {
        0 => None,
        1 if black_column => r.checked_add(1),
        1 if columns_numbered => Some(r),
        1 => None,
        _ => r.checked_add(1),
    }
}

fn is_ellipsis(tok: &[u8]) -> bool {
    (tok.len() >= 2 && tok.iter().all(|&c| c == b'.')) || tok == "…".as_bytes() || is_rule(tok)
}

/// Whether a token is a rule of dashes (`------`, `———`, `______`): the bar of the
/// fraction layout, with White's move above it and Black's below (or, where a web
/// copy ran the lines together, before and after it). It stands where Black's move
/// number would: what follows it is the next ply.
fn is_rule(tok: &[u8]) -> bool {
    let mut dashes = 0;
    let mut rest = tok;
    while let Some(&c) = rest.first() {
        let len = if matches!(c, b'-' | b'_') {
            1
        } else if rest.starts_with("—".as_bytes()) || rest.starts_with("–".as_bytes()) {
            3
        } else {
            return false;
        };
        dashes += 1;
        rest = rest.get(len..).unwrap_or_default();
    }
    dashes >= 3
}

/// The groups of a fraction layout's rule row (`1. ----------   2. -----------`): each
/// printed number with the rule after it, as `(start, end)` offsets in the text, the
/// number's start to the rule's end. `None` when the line holds anything else.
fn rule_row(text: &[u8], start: usize, end: usize) -> Option<Vec<(usize, usize)>> {
    let toks = tokens(text, start, end);
    let slice = |t: &Token| text.get(t.start..t.end).unwrap_or_default();
    let mut groups = Vec::new();
    let mut i = 0;
    while let Some(t) = toks.get(i) {
        let word = slice(t);
        // The number may be glued to its rule (`12.-------`).
        let digits = word.iter().take_while(|c| c.is_ascii_digit()).count();
        let dots = word
            .get(digits..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&c| c == b'.')
            .count();
        if digits > 0 && digits <= MAX_NUMBER_DIGITS && is_rule(word.get(digits + dots..)?) {
            groups.push((t.start, t.end));
            i += 1;
            continue;
        }
        let next = toks.get(i + 1)?;
        if move_number(word).is_none() || !is_rule(slice(next)) {
            return None;
        }
        groups.push((t.start, next.end));
        i += 2;
    }
    (!groups.is_empty()).then_some(groups)
}

/// The parts of a line between column gaps (two or more blanks, or a tab), as offsets.
fn chunks(text: &[u8], start: usize, end: usize) -> Vec<(usize, usize)> {
    let toks = tokens(text, start, end);
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (k, t) in toks.iter().enumerate() {
        let joined = k > 0 && toks.get(k - 1).is_some_and(|p| !gap(text, p.end, t.start));
        match out.last_mut() {
            Some(last) if joined => last.1 = t.end,
            _ => out.push((t.start, t.end)),
        }
    }
    out
}

/// The lines of `text` in reading order: as [`lines`] gives them, but for the fraction
/// layout, where a rule row (`1. --------   2. --------`) has White's moves on the line
/// above it and Black's on the line below, several moves to a row, each column is read
/// in turn: White's move, its number and rule, Black's move. Each part of a line above
/// or below a rule row goes to the rule whose span it overlaps most (the nearest one
/// when it overlaps none), by its offset from its line's start.
fn layout_lines(text: &[u8]) -> Vec<(usize, usize)> {
    let all: Vec<(usize, usize)> = lines(text).collect();
    let mut out = Vec::with_capacity(all.len());
    let mut i = 0;
    while let Some(&(start, end)) = all.get(i) {
        let below = all.get(i + 1).copied();
        let rows = below.and_then(|(s, e)| rule_row(text, s, e).map(|g| (s, g)));
        let Some((rule_start, groups)) = rows else {
            out.push((start, end));
            i += 1;
            continue;
        };
        let bottom = all.get(i + 2).copied().unwrap_or((text.len(), text.len()));
        let column = |line_start: usize, (s, e): (usize, usize)| (s - line_start, e - line_start);
        let rules: Vec<(usize, usize)> = groups.iter().map(|&g| column(rule_start, g)).collect();
        let place = |line_start: usize, line_end: usize| {
            let mut placed: Vec<Option<(usize, usize)>> = vec![None; rules.len()];
            for part in chunks(text, line_start, line_end) {
                let (a, b) = column(line_start, part);
                let overlap = |&(r0, r1): &(usize, usize)| b.min(r1).saturating_sub(a.max(r0));
                let distance = |&(r0, r1): &(usize, usize)| (a + b).abs_diff(r0 + r1);
                let best = (0..rules.len()).max_by_key(|&k| {
                    rules
                        .get(k)
                        .map_or((0, 0), |r| (overlap(r), usize::MAX - distance(r)))
                });
                if let Some(slot) = best.and_then(|k| placed.get_mut(k)) {
                    *slot = Some(slot.map_or(part, |(s, _)| (s, part.1)));
                }
            }
            placed
        };
        let white = place(start, end);
        let black = place(bottom.0, bottom.1);
        for (k, &(gs, ge)) in groups.iter().enumerate() {
            out.extend(white.get(k).copied().flatten());
            out.push((gs, ge));
            out.extend(black.get(k).copied().flatten());
        }
        i += 3;
    }
    out
}

fn lossy(text: &[u8], span: Span) -> String {
    String::from_utf8_lossy(text.get(span.range()).unwrap_or_default())
        .trim()
        .to_owned()
}

/// Whether whitespace between two offsets is a column gap (two or more blanks).
fn gap(text: &[u8], from: usize, to: usize) -> bool {
    text.get(from..to)
        .is_some_and(|g| g.len() >= 2 || g.contains(&b'\t'))
}

/// The tags of a text's `% key: value` header lines, as [`Book::tags`] gives
/// them (`% date:` is `Date`, `% title:` `Event`, any key a tag of its name);
/// every other line is passed over unread. For a game read as PGN movetext
/// whose headers PGN skips as escape lines.
///
/// ```
/// use scoresheet_notation::desc::header_tags;
/// let tags = header_tags(b"% white: Morphy\n% date: 1858.10.21\n% venue: Paris Opera\n1. e4 e5 *\n");
/// assert_eq!(tags[0], ("Date".to_owned(), "1858.10.21".to_owned()));
/// assert_eq!(tags[1], ("White".to_owned(), "Morphy".to_owned()));
/// assert_eq!(tags[2], ("Venue".to_owned(), "Paris Opera".to_owned()));
/// ```
#[must_use]
pub fn header_tags(text: &[u8]) -> Vec<(String, String)> {
    let mut book = Book::default();
    for (start, end) in lines(text) {
        let line = text.get(start..end).unwrap_or_default();
        let lead = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
        if line.get(lead) == Some(&b'%') {
            let trimmed = line.trim_ascii_end().len();
            header(text, start + lead, start + trimmed, &mut book);
        }
    }
    book.tags()
}

/// Reads a descriptive move table as one game. Never panics, whatever the bytes.
///
/// ```
/// use scoresheet_notation::desc::read_book;
/// let book = read_book(b"% title: White: A. Black: B.\n1. P-K4 P-K4\n2. Kt-KB3\n2. ... Kt-QB3\nResigns.\n");
/// assert_eq!(book.plies.len(), 4);
/// assert_eq!(book.white.as_deref(), Some("A"));
/// assert!(book.end.is_some());
/// ```
#[must_use]
pub fn read_book(text: &[u8]) -> Book {
    let mut reader = Reader::default();
    for (start, end) in layout_lines(text) {
        reader.line(text, start, end);
    }
    reader.finish(text);
    reader.book
}

/// Reads a file holding several games: a new game starts at a `%` or `[` header line that
/// follows moves. Spans point into the whole text. Never panics, whatever the bytes.
///
/// ```
/// use scoresheet_notation::desc::read_books;
/// let text = b"% title: one\n1. P-K4 P-K4\n% title: two\n1. P-Q4\n\n";
/// let books = read_books(text);
/// assert_eq!(books.len(), 2);
/// assert_eq!(books[1].plies.len(), 1);
/// // Each game's text, the whole text between them.
/// assert_eq!(books[0].span.slice(text), b"% title: one\n1. P-K4 P-K4\n");
/// assert_eq!(books[1].span.slice(text), b"% title: two\n1. P-Q4\n\n");
/// // Games one per line, each ended by its result, are games of their own.
/// let lines = b"P-K4 P-K4 Kt-KB3 1-0\nP-Q4 P-Q4 0-1\n";
/// assert_eq!(read_books(lines).len(), 2);
/// ```
#[must_use]
pub fn read_books(text: &[u8]) -> Vec<Book> {
    let mut books = Vec::new();
    let mut reader = Reader::default();
    // Whether the current game has text below its headers: a header line after that
    // starts the next game, even when the game had no move (a position and `*`).
    let mut body = false;
    // Where the game being read starts.
    let mut book_start = 0;
    for (start, end) in layout_lines(text) {
        let first = text
            .get(start..end)
            .and_then(|l| l.iter().find(|c| !c.is_ascii_whitespace()))
            .copied();
        let header = matches!(first, Some(b'%' | b'['));
        let ended = reader.book.end.is_some();
        let line = text.get(start..end).unwrap_or_default();
        let trimmed = line.trim_ascii();
        let result_line = matches!(trimmed, b"*" | b"1-0" | b"0-1" | b"1/2-1/2");
        if (header && (body || !reader.book.plies.is_empty() || ended))
            // A result alone after a game's end is the next game's whole text: a game
            // without moves or headers, as our descriptive output writes one.
            || (ended && result_line)
            || (ended
                && (first.is_some_and(|c| c.is_ascii_digit())
                    || starts_move(text, &tokens(text, start, end), 0)))
        {
            // A header after the game's text, or a numbered row or a line of moves
            // after its end words (games one per line, each ended by its result),
            // starts the next game.
            reader.finish(text);
            let mut book = core::mem::take(&mut reader).book;
            book.span = Span::new(book_start, start);
            book_start = start;
            books.push(book);
            body = false;
        }
        body |= !header && first.is_some();
        // A line holding only a result ends the game (our own descriptive output
        // writes one under every table, `*` included); under a table of two ranges side
        // by side it ends the right range, so it waits with it.
        if reader.book.end.is_none() && reader.right_from.is_none() && result_line {
            let offset = start + line.iter().take_while(|c| c.is_ascii_whitespace()).count();
            reader.book.end = Some(BookEnd {
                text: String::from_utf8_lossy(trimmed).into_owned(),
                span: Span::new(offset, offset + trimmed.len()),
            });
            continue;
        }
        reader.line(text, start, end);
    }
    reader.finish(text);
    if reader.book != Book::default() {
        reader.book.span = Span::new(book_start, text.len());
        books.push(reader.book);
    } else if let Some(last) = books.last_mut() {
        // Blank lines after the last game are its own.
        last.span = Span::new(last.span.start(), text.len());
    }
    books
}

/// The lines of `text` as `(start, end)` offsets, without their line end: `\n`, `\r\n`, or a
/// lone `\r` (old Mac files).
fn lines(text: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut line_start = 0;
    core::iter::from_fn(move || {
        if line_start >= text.len() {
            return None;
        }
        let rest = text.get(line_start..).unwrap_or_default();
        let (end, next) = match memchr::memchr2(b'\n', b'\r', rest) {
            None => (text.len(), text.len()),
            Some(i) if rest.get(i) == Some(&b'\r') && rest.get(i + 1) == Some(&b'\n') => {
                (line_start + i, line_start + i + 2)
            }
            Some(i) => (line_start + i, line_start + i + 1),
        };
        let line = (line_start, end);
        line_start = next;
        Some(line)
    })
}

/// The state of one game being read.
struct Reader {
    book: Book,
    first_color: Color,
    first_number: u32,
    /// In a table of two ranges side by side (moves 1-24 on the left, 25-48 on the
    /// right): the first move number of the right range.
    right_from: Option<u32>,
    /// The right range's rows, and every line after the left range, read at the end.
    deferred: Vec<(usize, usize)>,
    /// Whether the next non-blank line may name the players (after a column header
    /// that named none: `White.  Black.` over `Morphy.  Anderssen.`).
    players_next: bool,
    /// The printed move numbers that differ from the count: (index of their
    /// note in the book's notes, printed minus expected), in order.
    shifts: Vec<(usize, i64)>,
    /// Whether the game's `|` column rule has had its note.
    rule_noted: bool,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader {
            book: Book::default(),
            first_color: Color::White,
            first_number: 1,
            right_from: None,
            deferred: Vec::new(),
            players_next: false,
            shifts: Vec::new(),
            rule_noted: false,
        }
    }
}

impl Reader {
    fn line(&mut self, text: &[u8], start: usize, end: usize) {
        let toks = tokens(text, start, end);
        if toks.is_empty() {
            return;
        }
        let line = text.get(start..end).unwrap_or_default();
        if !self.rule_noted && !line.trim_ascii_start().starts_with(b"%") {
            if let Some(at) = memchr::memchr(b'|', line) {
                self.rule_noted = true;
                self.book.notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::Commentary,
                    "`|` read as a rule between columns, not as part of a move",
                    Span::new(start + at, start + at + 1),
                ));
            }
        }
        let slice = |t: &Token| text.get(t.start..t.end).unwrap_or_default();
        let leading = toks.first().and_then(|t| move_number(slice(t)));
        if let Some(from) = self.right_from {
            // Only the left range's rows are read in turn; the rest waits for the end.
            if leading.is_none_or(|(n, _)| n >= from) {
                self.deferred.push((start, end));
                return;
            }
        }
        if core::mem::take(&mut self.players_next) && leading.is_none() {
            if let Some((white, black)) = players_line(text, start, end) {
                self.book.white.get_or_insert(white);
                self.book.black.get_or_insert(black);
                let first = toks.first().map_or(start, |t| t.start);
                let last = toks.last().map_or(end, |t| t.end);
                self.book.players = Some(Span::new(first, last));
                return;
            }
        }
        let mut row_end = end;
        if let Some((split, m)) = right_range_start(text, &toks)
            .or_else(|| header_then_right_range(text, &toks, self.book.plies.is_empty()))
        {
            self.right_from.get_or_insert(m);
            self.deferred.push((split, end));
            row_end = split;
        }
        let had_columns = self.book.columns.is_some();
        self.read(text, start, row_end);
        if !had_columns
            && self.book.columns.is_some()
            && self.book.white.is_none()
            && self.book.black.is_none()
        {
            self.players_next = true;
        }
    }

    fn read(&mut self, text: &[u8], start: usize, end: usize) {
        read_line(
            text,
            start,
            end,
            &mut self.book,
            &mut self.first_color,
            &mut self.first_number,
            &mut self.shifts,
        );
    }

    /// Reads what waited: the right range of a side-by-side table, in order.
    fn finish(&mut self, text: &[u8]) {
        self.right_from = None;
        for (start, end) in core::mem::take(&mut self.deferred) {
            self.read(text, start, end);
        }
        self.numbering_jumps();
        self.count_in_commentary(text);
    }

    /// Commentary after the game's last ply that still numbers its next move
    /// with a move (`2 P-Q B 4` in `...I do not know who invented this
    /// defence. 2 P-Q B 4 _ I prefer ...` after `1 P-Q 4 Kt-K B 3`; or the
    /// count run on past a move that does not read, `2. KttoQß3 3. Kt to K B 3`
    /// under Black's 2nd): the game may go on there, run into a note, and is
    /// read short; the first such line is a warning in place of its note, so
    /// that a game read short is never read so silently. Not after the game's
    /// end words. Linear: each commentary span's tokens once.
    fn count_in_commentary(&mut self, text: &[u8]) {
        let (Some(last), None) = (self.book.plies.last(), &self.book.end) else {
            return;
        };
        let last_end = last.span.end();
        let index = self.book.plies.len() as u64 + u64::from(self.first_color == Color::Black);
        let due = u64::from(self.first_number) + index / 2;
        let Some(at) = self.book.commentary.iter().position(|c| {
            c.start() >= last_end && {
                let toks = tokens(text, c.start(), c.end());
                let slice = |t: &Token| text.get(t.start..t.end).unwrap_or_default();
                toks.iter().enumerate().any(|(k, t)| {
                    move_number(slice(t)).is_some_and(|(n, _)| {
                        let n = u64::from(n);
                        (n == due || n == due + 1) && starts_move(text, &toks, k + 1)
                    })
                })
            }
        }) else {
            return;
        };
        let span = self.book.commentary[at];
        let shown = lossy(text, span);
        let shown: String = shown.chars().take(60).collect();
        let message = format!(
            "`{shown}…` after the game's last move numbers the move due ({due}) with a move: kept as commentary, not read as the game's moves (if the game goes on there, it is read short)"
        );
        match self
            .book
            .notes
            .iter_mut()
            .find(|d| d.kind == Kind::Commentary && d.span == span)
        {
            Some(note) => {
                note.severity = Severity::Warning;
                note.message = message;
            }
            None => self.book.notes.push(Diagnostic::new(
                Severity::Warning,
                Kind::Commentary,
                message,
                span,
            )),
        }
    }
}

/// Where a row's right range starts, and its number: `1. P-K4  P-K4      25. R-K1  Q-Q2`
/// holds move 1 on the left and move 25 on the right. The row starts with a printed
/// number `N`; its next printed number `M`, after a column gap, is at least `N + 2` (a
/// run of moves in one line, `1. P-K4 P-K4 2. Kt-KB3`, counts up by one).
/// A printed move number off the count is a note: books misprint numbers
/// (`69.` for 59) and plies are taken in order. When the next printed
/// number is off by the same amount, the numbering jumped there (a move pair
/// missing from the print, or numbers that skip): the first such number is a
/// warning, since the moves read may not be the game's.
impl Reader {
    fn numbering_jumps(&mut self) {
        let shifts = core::mem::take(&mut self.shifts);
        let mut previous = 0;
        for pair in shifts.windows(2) {
            let [(at, shift), (_, next)] = pair else {
                continue;
            };
            if *shift == *next && *shift != previous {
                if let Some(note) = self.book.notes.get_mut(*at) {
                    note.severity = Severity::Warning;
                    note.message.push_str(
                        "; the numbers go on from there: a move pair may be missing from the print",
                    );
                }
            }
            previous = *shift;
        }
    }
}

fn right_range_start(text: &[u8], toks: &[Token]) -> Option<(usize, u32)> {
    let slice = |t: &Token| text.get(t.start..t.end).unwrap_or_default();
    let first = toks.first()?;
    if !slice(first).ends_with(b".") {
        return None;
    }
    let (n, _) = move_number(slice(first))?;
    let (k, next) = toks
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, t)| slice(t).ends_with(b".") && move_number(slice(t)).is_some())?;
    let (m, _) = move_number(slice(next))?;
    let prev = toks.get(k - 1)?;
    (m >= n.saturating_add(2) && gap(text, prev.end, next.start)).then_some((next.start, m))
}

/// Where a column header's line holds the right range's first row, and its
/// number: `    White  Black     4. Kt-B3  P-KKt3?!` (a page's two tables side
/// by side, the header printed over the left one only). The left range's
/// rows follow, each with a right row after a column gap, which
/// [`right_range_start`] finds. Only before any move is read.
fn header_then_right_range(text: &[u8], toks: &[Token], first: bool) -> Option<(usize, u32)> {
    let slice = |t: &Token| text.get(t.start..t.end).unwrap_or_default();
    let line = text.get(toks.first()?.start..toks.last()?.end)?;
    if !first || !is_column_header(&String::from_utf8_lossy(line)) {
        return None;
    }
    let (k, next) = toks
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, t)| slice(t).ends_with(b".") && move_number(slice(t)).is_some())?;
    let (m, _) = move_number(slice(next))?;
    let prev = toks.get(k - 1)?;
    (m >= 2 && gap(text, prev.end, next.start)).then_some((next.start, m))
}

/// The players' names in a line under the column header: `Morphy.   Anderssen.`,
/// `Mr. Morphy.  Herr Anderssen.`, or one space after a name's full stop
/// (`Morphy. Anderssen.`); repeated over a side-by-side table's second pair of columns.
fn players_line(text: &[u8], start: usize, end: usize) -> Option<(String, String)> {
    let line = core::str::from_utf8(text.get(start..end)?).ok()?.trim();
    let mut parts: Vec<&str> = line
        .split('\t')
        .flat_map(|p| p.split("  "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.len() == 4 && parts.get(..2) == parts.get(2..) {
        parts.truncate(2);
    }
    if parts.len() == 1 {
        let white = name_at_start(line);
        let black = line.get(white.len()..)?.trim_start_matches('.').trim();
        parts = vec![white, black];
    }
    let [white, black] = parts.as_slice() else {
        return None;
    };
    let name = |s: &str| {
        let s = s.trim().trim_end_matches(['.', ',', ';']).trim();
        let ok = s.starts_with(|c: char| c.is_uppercase())
            && s.len() <= 60
            && s.split_whitespace().count() <= 6
            && !s
                .chars()
                .any(|c| c.is_ascii_digit() || "()[]:%".contains(c))
            && parse_desc_move(s.as_bytes(), 0).is_err()
            && !is_end_word(s.as_bytes());
        ok.then(|| s.to_owned())
    };
    Some((name(white)?, name(black)?))
}

fn header(text: &[u8], start: usize, end: usize, book: &mut Book) {
    let line = text.get(start..end).unwrap_or_default();
    let body = line.get(1..).unwrap_or_default();
    let span = Span::new(start, end);
    let (key, value) = match memchr::memchr(b':', body) {
        Some(i)
            if body
                .get(..i)
                .is_some_and(|k| k.iter().all(|c| c.is_ascii_alphanumeric() || *c == b' ')) =>
        {
            (
                lossy(body, Span::new(0, i)),
                lossy(body, Span::new(i + 1, body.len())),
            )
        }
        _ => (String::new(), lossy(body, Span::new(0, body.len()))),
    };
    if key == "title" {
        players_from_title(&value, book);
    }
    if book.odds.is_none() && matches!(key.as_str(), "title" | "note" | "") {
        book.odds = odds_in(&value, span);
    }
    book.headers.push(BookHeader { key, value, span });
}

/// A player's name at the start of `s`: words up to the first sentence end that is not
/// an initial or a title (`J. R. Capablanca`, `Mr. M.`; `Tarrasch. Ruy Lopez` is `Tarrasch`).
fn name_at_start(s: &str) -> &str {
    let mut end = 0;
    for (i, _) in s.match_indices(". ") {
        let word = s.get(end..i).unwrap_or_default();
        let last = word.rsplit(' ').next().unwrap_or_default();
        if last.chars().count() > 3 || last.is_empty() {
            return s.get(..i).unwrap_or(s);
        }
        end = i + 2;
    }
    s
}

fn players_from_title(title: &str, book: &mut Book) {
    let clean = |s: &str| {
        name_at_start(s.trim())
            .trim()
            .trim_end_matches('.')
            .trim()
            .to_owned()
    };
    let Some(w) = title.find("White:") else {
        return;
    };
    let after = title.get(w + 6..).unwrap_or_default();
    match after.find("Black:") {
        Some(b) => {
            book.white = Some(clean(after.get(..b).unwrap_or_default()));
            book.black = Some(clean(after.get(b + 6..).unwrap_or_default()));
        }
        None => book.white = Some(clean(after)),
    }
}

/// Whether a line is a column header: `WHITE. (Mr. M.)   BLACK. (M. B.)`, `White.   Black.`,
/// `WHITE (Lasker)  BLACK (Janowski)`, in any capitalisation: it starts with one side's
/// name and names the other side after it, within [`HEADER_REACH`] bytes (a
/// paragraph that opens with `White to play and mate ...` and names Black far
/// on, as a newspaper column run together does, is no header).
fn is_column_header(line: &str) -> bool {
    let head = line
        .char_indices()
        .take_while(|&(at, _)| at < HEADER_REACH)
        .last()
        .map_or(line, |(at, c)| &line[..at + c.len_utf8()]);
    let lower = head.to_ascii_lowercase();
    let word_end = |w: &str| {
        lower
            .get(w.len()..)
            .is_none_or(|r| r.starts_with(|c: char| !c.is_ascii_alphabetic()))
    };
    (lower.starts_with("white") && word_end("white") && lower.contains("black"))
        || (lower.starts_with("black") && word_end("black") && lower.contains("white"))
        || line.starts_with("WHITE")
        || line.starts_with("BLACK")
}

/// How far into a line a column header names both sides.
const HEADER_REACH: usize = 80;

/// The players' names in a column header: in brackets after the side's name
/// (`WHITE. (Mr. M.)`), or the words after it up to a column gap (`White: Lasker.   Black: ...`).
fn column_header(line: &str, book: &mut Book) {
    let lower = line.to_ascii_lowercase();
    let name_after = |word: &str| -> Option<String> {
        let at = lower.find(word)? + word.len();
        let rest = line.get(at..)?.trim_start_matches(['.', ':', ' ', ',']);
        let name = if let Some(r) = rest.strip_prefix('(') {
            r.get(..r.find(')')?)?.trim()
        } else {
            let other = if word == "white" { "black" } else { "white" };
            let stop = [rest.find("  "), rest.to_ascii_lowercase().find(other)]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(rest.len());
            rest.get(..stop)?
                .trim()
                .trim_end_matches(['.', ',', ':'])
                .trim()
        };
        (!name.is_empty()).then(|| name.to_owned())
    };
    if book.white.is_none() {
        book.white = name_after("white");
    }
    if book.black.is_none() {
        book.black = name_after("black");
    }
}

/// The players, place and year a caption line (`span`) plainly names, as the
/// book's players and `site`/`date` headers.
fn caption(text: &[u8], span: Span, book: &mut Book) {
    let Some(c) = crate::caption::read_caption(&lossy(text, span)) else {
        return;
    };
    book.white = Some(c.white.clone());
    book.black = Some(c.black.clone());
    for (key, value) in c.tags().into_iter().skip(2) {
        book.headers.push(BookHeader {
            key: key.to_lowercase(),
            value,
            span,
        });
    }
}

fn commentary(book: &mut Book, span: Span, what: &str) {
    book.commentary.push(span);
    book.notes.push(Diagnostic::new(
        Severity::Note,
        Kind::Commentary,
        format!("{what} kept as commentary, not read as moves"),
        span,
    ));
}

fn read_line(
    text: &[u8],
    start: usize,
    end: usize,
    book: &mut Book,
    first_color: &mut Color,
    first_number: &mut u32,
    shifts: &mut Vec<(usize, i64)>,
) {
    let line = text.get(start..end).unwrap_or_default();
    let trimmed_start = start + line.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let mut trimmed_end = end;
    while trimmed_end > trimmed_start
        && text
            .get(trimmed_end - 1)
            .is_some_and(u8::is_ascii_whitespace)
    {
        trimmed_end -= 1;
    }
    if trimmed_end <= trimmed_start {
        return;
    }
    let first = text.get(trimmed_start).copied().unwrap_or(0);
    if first == b'%' {
        header(text, trimmed_start, trimmed_end, book);
        return;
    }
    let line_str =
        String::from_utf8_lossy(text.get(trimmed_start..trimmed_end).unwrap_or_default())
            .into_owned();
    if first == b'[' && line_str.ends_with(']') {
        let inner = line_str.trim_start_matches('[').trim_end_matches(']');
        let (key, value) = inner.split_once(' ').unwrap_or((inner, ""));
        let value = value.trim().trim_matches('"').to_owned();
        if key == "FEN" {
            book.fen = Some(value.clone());
            // The side to move and the move number fix the colours and numbers of the plies.
            let mut fields = value.split_whitespace().skip(1);
            if fields.next() == Some("b") {
                *first_color = Color::Black;
            }
            if let Some(n) = fields.nth(3).and_then(|n| n.parse().ok()) {
                *first_number = n;
            }
        }
        book.headers.push(BookHeader {
            key: key.to_owned(),
            value,
            span: Span::new(trimmed_start, trimmed_end),
        });
        return;
    }
    if is_column_header(&line_str) {
        book.columns
            .get_or_insert(Span::new(trimmed_start, trimmed_end));
        column_header(&line_str, book);
        return;
    }
    read_moves(
        text,
        trimmed_start,
        trimmed_end,
        book,
        *first_color,
        *first_number,
        shifts,
    );
}

/// Whether a move reads from token `j` on (so an unreadable move before it ends there).
fn starts_move(text: &[u8], toks: &[Token], j: usize) -> bool {
    let Some(first) = toks.get(j) else {
        return false;
    };
    // Prose is most of what this is asked about: one lexed token turns a word away
    // instead of up to eight parses of longer and longer spans.
    if !may_open_move(text.get(first.start..first.end).unwrap_or_default()) {
        return false;
    }
    (j..toks.len().min(j + 8)).any(|k| {
        toks.get(k).is_some_and(|last| {
            last.end - first.start <= MAX_MOVE_BYTES
                && parse_desc_move(
                    text.get(first.start..last.end).unwrap_or_default(),
                    first.start,
                )
                .is_ok()
        })
    })
}

/// Whether token `j`, a digit `1`..`8` and one full stop (`4.`), is the rank of the
/// move read before it rather than a printed move number: it ends the line (a number
/// there numbers nothing), and the move before it names its destination without a
/// rank (`N - Q`, which alone would be Q1).
fn rank_with_full_stop(
    text: &[u8],
    toks: &[Token],
    j: usize,
    before: Option<&(usize, WrittenMove, usize)>,
) -> bool {
    let Some(t) = toks.get(j) else {
        return false;
    };
    let word = text.get(t.start..t.end).unwrap_or_default();
    let rank = matches!(word, [b'1'..=b'8', b'.']);
    // A number numbers a move after it: one with nothing that reads as a move
    // after it (the line's end, prose: `P. to Q. Kt. 4. This last move...`)
    // is the rank of the move before, with a sentence's full stop.
    let numbers_nothing = j + 1 == toks.len() || !starts_move(text, toks, j + 1);
    let rankless = before.is_some_and(|(k, m, _)| {
        *k + 1 == j
            && matches!(
                &m.kind,
                MoveKind::Descriptive(d)
                    if matches!(d.action, super::DescAction::Move { to } if to.rank.is_none())
            )
    });
    rank && numbers_nothing && rankless
}

/// Whether token `k` may follow a move: nothing, a number, `...`, a remark, an end word or
/// the start of another move.
fn clean_boundary(text: &[u8], toks: &[Token], k: usize) -> bool {
    let Some(t) = toks.get(k) else {
        return true;
    };
    let word = text.get(t.start..t.end).unwrap_or_default();
    (move_number(word).is_some() && word.ends_with(b"."))
        || bare_number(text, toks, k)
        || is_ellipsis(word)
        || is_end_word(word)
        || remark_word(word)
        || word.first() == Some(&b'(')
        || starts_move(text, toks, k)
}

/// Whether token `k`, after a move has read cleanly up to it, is the next
/// number printed without a full stop (`5 P - K 4 N x N 6 P x N`; `8 NxN 8
/// P-Q4` where both columns are numbered), not the rank of that move: bare
/// digits that continue the game's count (`next`), with a move reading after
/// them, not the number itself again (`P - Q 4 4 N - B 3`: the rank, then the
/// number). The move before is then read without the digits, and the board
/// resolves it.
fn next_row_number(text: &[u8], toks: &[Token], k: usize, next: Option<u32>) -> bool {
    let word = |k: usize| toks.get(k).and_then(|t| text.get(t.start..t.end));
    let Some(w) = word(k) else {
        return false;
    };
    w.iter().all(u8::is_ascii_digit)
        && move_number(w).is_some_and(|(n, _)| Some(n) == next)
        && word(k + 1).is_some_and(|next| !next.first().is_some_and(u8::is_ascii_digit))
        && bare_number(text, toks, k)
}

/// Whether token `k` is a move number printed without a full stop in a row that runs
/// on (`1 P. to K. 4 P. to K. 4 2 Kt. to K. B. 3`): digits alone, and a move reads from
/// the token after it. A rank that belongs to the move before it never gets here: the
/// move is read as the longest run of tokens that leaves a clean boundary.
fn bare_number(text: &[u8], toks: &[Token], k: usize) -> bool {
    toks.get(k).is_some_and(|t| {
        let word = text.get(t.start..t.end).unwrap_or_default();
        word.iter().all(u8::is_ascii_digit)
            && move_number(word).is_some()
            && starts_move(text, toks, k + 1)
    })
}

/// Whether a capitalised word is a remark after a move (`Good`, `Strong.`, `Best!`): a
/// capital, then at least two lower-case letters, then at most punctuation; never a
/// piece word (`Kts P takes P` names a pawn).
fn remark_word(word: &[u8]) -> bool {
    let letters = word.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let (head, tail) = word.split_at(letters);
    head.first().is_some_and(u8::is_ascii_uppercase)
        && head.len() >= 3
        && head.iter().skip(1).all(u8::is_ascii_lowercase)
        && !head.starts_with(b"Kt")
        && tail.iter().all(|c| b".,;:!?".contains(c))
}

/// Whether an unreadable word is written like a move: a piece letter first, then a dash,
/// a capture mark or a digit (`Kt-P`, `KR-KI`, `BxKtQ`, `P-Q3`), never a word of prose.
fn move_like(word: &[u8]) -> bool {
    word.first().is_some_and(|c| b"KQRBNP".contains(c))
        && word.len() <= MAX_MOVE_BYTES
        && word
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || b"-x()/'.!?+=#".contains(c))
        && word
            .iter()
            .skip(1)
            .any(|c| matches!(c, b'-' | b'x' | b'X') || c.is_ascii_digit())
}

/// Where the moves start in a line that opens with a caption (`Black. 1 P. to K. 4`,
/// `Game 3. Morphy v. Amateur. 1. P-K4 P-K4`): a printed number after the first
/// token that is the number the next ply carries, with a move after it, when the
/// rest of the line reads as moves to its end (no remark, nothing unreadable), so
/// that prose naming a move (`If you play 3. Q. to K.'s 2nd, the opening...`)
/// stays commentary (the first such number only); or when the rest reads as a
/// game's rows with a misprint ([`counts_on`]), from one of the first
/// [`CAPTION_TRIES`] such numbers (a problem's diagram in words, `K 5 R 1; 1 p
/// 1 P`, may come first in a newspaper column), which keeps the line's reading
/// linear.
fn caption_end(
    text: &[u8],
    toks: &[Token],
    book: &Book,
    first_color: Color,
    first_number: u32,
) -> Option<usize> {
    let index = book.plies.len() as u64 + u64::from(first_color == Color::Black);
    let expected = u64::from(first_number) + index / 2;
    let slice = |t: &Token| text.get(t.start..t.end).unwrap_or_default();
    let to = toks.last()?.end;
    (1..toks.len())
        .filter(|&k| {
            toks.get(k).is_some_and(|t| {
                move_number(slice(t)).is_some_and(|(n, _)| u64::from(n) == expected)
                    && starts_move(text, toks, k + 1)
            })
        })
        .take(CAPTION_TRIES)
        .enumerate()
        .find(|&(tried, k)| {
            let Some(from) = toks.get(k).map(|t| t.start) else {
                return false;
            };
            let mut trial = Book::default();
            read_moves(
                text,
                from,
                to,
                &mut trial,
                first_color,
                first_number,
                &mut Vec::new(),
            );
            // Clean to the line's end from the first number only (a problem's
            // solution, `(b) 1. R takes R 2. Q takes B ...`, reads clean from
            // its own number on, after the prose before it).
            let clean = tried == 0
                && !trial.plies.is_empty()
                && trial.commentary.is_empty()
                && trial.plies.iter().all(|p| p.result.is_ok());
            // Or the rows of a game with a misprint (`Ruy Lopez. White. Black.
            // 1 P-K 4 1 P-K 4 2 K(>K B 3 2 Kt-Q B 3 3 P-Q R 3 ...`, OCR's damage
            // in a newspaper column run into one paragraph): its first move
            // read, and the printed count running on in order after it. Prose
            // naming a move names one or two numbers, never a run; the game is
            // then read to its misprint and refused there, not taken for prose.
            clean
                || (trial.plies.first().is_some_and(|p| p.result.is_ok())
                    && counts_on(text, &trial, expected))
        })
        .map(|(_, k)| k)
}

/// How many numbers [`caption_end`] tries in one line.
const CAPTION_TRIES: usize = 4;

/// How many successive move numbers a game's rows must print, from the one due,
/// before a line of them that does not read cleanly is still taken for rows.
const COUNT_RUN: u64 = 5;

/// Whether the printed numbers of `trial` (a line's reading from a number on)
/// count on from `expected` for [`COUNT_RUN`] moves, each new number the next
/// (a number printed again beside Black's move is the same row's), with no
/// words kept as commentary before the run is complete (a problem's diagram
/// in words, then prose, then the game's rows, would count on too): stray
/// numbers of damaged text between them are passed over, but no more of them
/// than of the run's.
fn counts_on(text: &[u8], trial: &Book, expected: u64) -> bool {
    let mut want = expected;
    let mut stray = 0u64;
    for span in &trial.numbers {
        let Some((n, _)) = move_number(span.slice(text)) else {
            continue;
        };
        let n = u64::from(n);
        if n == want {
            want += 1;
            if want - expected >= COUNT_RUN {
                return trial.commentary.iter().all(|c| c.start() >= span.end());
            }
        } else if n + 1 != want {
            stray += 1;
            if stray > want - expected {
                return false;
            }
        }
    }
    false
}

/// Reads the moves of one line. An unnumbered line whose text does not read as moves to
/// the end is commentary as a whole; in a numbered line an unreadable part is an error ply.
fn read_moves(
    text: &[u8],
    start: usize,
    end: usize,
    book: &mut Book,
    first_color: Color,
    first_number: u32,
    shifts: &mut Vec<(usize, i64)>,
) {
    let toks = tokens(text, start, end);
    let slice = |t: &Token| text.get(t.start..t.end).unwrap_or_default();
    // A number without a dot (`6 B-N5ch B-Q2`, `7 ... B-Q3`) counts only when a move or
    // `...` follows it: `1921 was a good year` is commentary.
    let numbered = toks.first().is_some_and(|t| {
        move_number(slice(t)).is_some()
            && (slice(t).ends_with(b".")
                || toks
                    .get(1)
                    .is_some_and(|n| is_ellipsis(slice(n)) || starts_move(text, &toks, 1)))
    });
    if !numbered {
        if let Some(k) = caption_end(text, &toks, book, first_color, first_number) {
            let (Some(last), Some(next)) = (toks.get(k - 1), toks.get(k)) else {
                return;
            };
            let span = Span::new(start, last.end);
            if book.plies.is_empty() && book.white.is_none() && book.black.is_none() {
                caption(text, span, book);
            }
            commentary(book, span, "caption before the moves");
            read_moves(
                text,
                next.start,
                end,
                book,
                first_color,
                first_number,
                shifts,
            );
            return;
        }
    }
    let mut plies = Vec::new();
    let mut notes = Vec::new();
    let mut numbers = Vec::new();
    let mut comments = Vec::new();
    let mut end_note = None;
    let mut pending_number: Option<(u32, bool, Span)> = None;
    // The number printed on this row, which both columns share.
    let mut row_number: Option<u32> = None;
    // The moves read since the row's number, and whether this line numbers
    // Black's column too (`5 N-B3 5 N-B3 6 ...`).
    let mut row_moves = 0usize;
    // Told by this line, or by the book's last row (a number printed between
    // its two moves).
    let mut columns_numbered = match book.plies.as_slice() {
        [.., w, b] if w.color == Color::White => book
            .numbers
            .iter()
            .rev()
            .take(4)
            .any(|n| w.span.end() <= n.start() && n.end() <= b.span.start()),
        _ => false,
    };
    // The number read last is Black's column's (the row's number again).
    let mut black_column = false;
    let mut failed = false;
    let mut i = 0;
    while i < toks.len() {
        let Some(t) = toks.get(i) else { break };
        let word = slice(t);
        let number = move_number(word).filter(|_| {
            word.ends_with(b".") || (i == 0 && numbered) || bare_number(text, &toks, i)
        });
        if let Some((n, black)) = number {
            numbers.push(Span::new(t.start, t.end));
            if misprinted_number(word) {
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::MoveNumber,
                    format!(
                        "printed move number `{}` is misprinted: read as {n}",
                        String::from_utf8_lossy(word)
                    ),
                    Span::new(t.start, t.end),
                ));
            }
            pending_number = Some((n, black, Span::new(t.start, t.end)));
            black_column = row_number == Some(n) && row_moves == 1;
            columns_numbered |= black_column;
            row_number = Some(n);
            row_moves = 0;
            i += 1;
            if let Some(next) = toks.get(i) {
                if is_ellipsis(slice(next)) {
                    numbers.push(Span::new(next.start, next.end));
                    pending_number = Some((n, true, Span::new(t.start, next.end)));
                    i += 1;
                }
            }
            continue;
        }
        if is_ellipsis(word) {
            numbers.push(Span::new(t.start, t.end));
            if let Some((n, _, sp)) = pending_number {
                pending_number = Some((n, true, sp.to(Span::new(t.start, t.end))));
            }
            i += 1;
            continue;
        }
        // The longest run of tokens (at most ten) that reads as one move and leaves a clean
        // boundary behind it (end of line, a number, a remark, an end word or another move):
        // `Castles. Q. to K's 2d.` is castling then a queen move, not `Castles Q` then `to`.
        let mut best = None;
        let mut best_clean = None;
        // The number the next column or row would print: Black's column's,
        // the row's own in a line that numbers both; the next row's after
        // Black's move.
        let next_number = match (row_number, row_moves) {
            (Some(r), 0) if columns_numbered && !black_column => Some(r),
            (Some(r), 0) if black_column => Some(r + 1),
            (Some(r), 1..) => Some(r + 1),
            _ => None,
        };
        for j in i..toks.len().min(i + 10) {
            let Some(last) = toks.get(j) else { break };
            if last.end - t.start > MAX_MOVE_BYTES {
                break;
            }
            if j > i {
                let prev = toks.get(j - 1).map_or(last.start, |p| p.end);
                // A printed number ends the move, and so does a column gap once a move is read;
                // but a rank with a sentence's full stop at the end of the line (`N - Q 4.`)
                // is the rank of a move read so far without one.
                let number = move_number(slice(last)).is_some() && slice(last).ends_with(b".");
                if (number && !rank_with_full_stop(text, &toks, j, best.as_ref()))
                    || (best.is_some() && gap(text, prev, last.start))
                    || (best.is_some() && split_number(text, &toks, j, next_number))
                    || (best_clean.is_some() && next_row_number(text, &toks, j, next_number))
                {
                    break;
                }
            }
            if let Ok(m) = parse_desc_move(text.get(t.start..last.end).unwrap_or_default(), t.start)
            {
                if clean_boundary(text, &toks, j + 1) {
                    best_clean = Some((j, m.clone(), last.end));
                }
                best = Some((j, m, last.end));
            }
        }
        if let Some((j, m, e)) = best_clean.or(best) {
            row_moves += 1;
            plies.push((
                pending_number.take(),
                row_number,
                Ok(m),
                Span::new(t.start, e),
            ));
            i = j + 1;
            continue;
        }
        // What a scan leaves of a column's rules, stains and quotes between the
        // moves (`■`, `•`, `’`, `~`, `;`): no ply, skipped with a note.
        if print_noise(word) {
            notes.push(Diagnostic::new(
                Severity::Note,
                Kind::SkippedWord,
                format!(
                    "`{}` is print noise, not a move: skipped",
                    lossy(text, Span::new(t.start, t.end))
                ),
                Span::new(t.start, t.end),
            ));
            i += 1;
            continue;
        }
        // A move number the print or the scan damaged (`G.` for 6, `Hi.` for 16,
        // `1 1.` for 11), standing where the count puts a number, before a move:
        // read as the number the count gives, with a warning naming both.
        if let Some(n) = number_due(row_number, row_moves, black_column, columns_numbered) {
            let split = split_number(text, &toks, i, Some(n));
            let last = if split { i + 1 } else { i };
            let move_after = starts_move(text, &toks, last + 1)
                || toks
                    .get(last + 1)
                    .is_some_and(|next| move_like(slice(next)) || scanned_move(slice(next)));
            if (split || damaged_number(word)) && move_after {
                let (Some(first), Some(end_tok)) = (toks.get(i), toks.get(last)) else {
                    break;
                };
                let span = Span::new(first.start, end_tok.end);
                numbers.push(span);
                let w = Diagnostic::new(
                    Severity::Warning,
                    Kind::MoveNumber,
                    format!(
                        "printed move number `{}` is damaged: read as {n}, the number the count gives there",
                        lossy(text, span)
                    ),
                    span,
                );
                notes.push(w);
                pending_number = Some((n, false, span));
                black_column = row_number == Some(n) && row_moves == 1;
                columns_numbered |= black_column;
                row_number = Some(n);
                row_moves = 0;
                i = last + 1;
                continue;
            }
        }
        let side_word = matches!(word.to_ascii_lowercase().as_slice(), b"white" | b"black");
        if ((is_end_word(word)
            || (side_word && toks.get(i + 1).is_some_and(|n| is_end_word(slice(n)))))
            && says_game_ended(text.get(t.start..end).unwrap_or_default()))
            || end_phrase(text.get(t.start..end).unwrap_or_default()).is_some()
        {
            let sp = Span::new(t.start, end);
            end_note = Some(BookEnd {
                text: lossy(text, sp),
                span: sp,
            });
            break;
        }
        // A short small word before a square (`li Q2`) is a piece letter a scan
        // broke (`R`), no remark: read as a move, the board decides.
        let scanned_piece = (word.len() <= 2
            && toks.get(i + 1).is_some_and(|n| {
                slice(n).first().is_some_and(u8::is_ascii_uppercase)
                    && slice(n).iter().any(u8::is_ascii_digit)
                    && slice(n).len() <= 3
            }))
            || scanned_piece_and_square(word);
        let lower = (word.first().is_some_and(u8::is_ascii_lowercase)
            && !word.iter().any(u8::is_ascii_digit)
            && !scanned_piece)
            || remark_word(word);
        // Remarks inside a numbered row only: an unnumbered line is moves to the end or
        // commentary as a whole, so prose is never half-read as moves.
        if numbered && (word.first() == Some(&b'(') || (lower && !plies.is_empty())) {
            // An inline remark: `(e4)` beside the move, or words after it (`in two moves`).
            let mut j = i;
            if word.first() == Some(&b'(') {
                while let Some(tk) = toks.get(j) {
                    j += 1;
                    if slice(tk).contains(&b')') {
                        break;
                    }
                }
            } else {
                // The remark ends at a column gap, a number or the next move (`Good P-K4`);
                // a sentence (three words or more) only at a gap or a number, since prose
                // names moves in words (`...is Queen's Knight to Bishop's third`).
                j += 1;
                while let Some(tk) = toks.get(j) {
                    let prev = toks.get(j - 1).map_or(tk.start, |p| p.end);
                    if gap(text, prev, tk.start)
                        || move_number(slice(tk)).is_some()
                        || (j - i < 3 && starts_move(text, &toks, j))
                    {
                        break;
                    }
                    j += 1;
                }
            }
            let last = toks.get(j.saturating_sub(1)).map_or(t.end, |tk| tk.end);
            comments.push(Span::new(t.start, last));
            i = j.max(i + 1);
            continue;
        }
        // An unnumbered line is prose unless the unreadable word is written like a move
        // (`Kt-P`, `KR-KI`): a continuation row or a Black move alone on its line.
        if !numbered && !move_like(word) {
            failed = true;
            break;
        }
        // An unreadable move: up to the next column gap or printed number (digits
        // with neither a full stop nor a move after them are the move's own rank:
        // `Kt- Kl 3`).
        let due_after = number_due(row_number, row_moves + 1, black_column, columns_numbered);
        let mut j = i + 1;
        while let Some(tk) = toks.get(j) {
            let prev = toks.get(j - 1).map_or(tk.start, |p| p.end);
            if gap(text, prev, tk.start)
                || print_noise(slice(tk))
                || (move_number(slice(tk)).is_some()
                    && (slice(tk).ends_with(b".") || bare_number(text, &toks, j)))
                || (due_after.is_some()
                    && damaged_number(slice(tk))
                    && (starts_move(text, &toks, j + 1)
                        || toks
                            .get(j + 1)
                            .is_some_and(|n| move_like(slice(n)) || scanned_move(slice(n)))))
                || starts_move(text, &toks, j)
            {
                break;
            }
            j += 1;
        }
        let e = toks.get(j - 1).map_or(t.end, |tk| tk.end);
        let err = match parse_desc_move(text.get(t.start..e).unwrap_or_default(), t.start) {
            // The error covers the whole move, whose text it quotes; `found` names the part
            // that could not be read.
            Err(err) => DescError {
                span: Span::new(t.start, e),
                ..err
            },
            Ok(_) => DescError {
                span: Span::new(t.start, e),
                expected: "a move",
                found: lossy(text, Span::new(t.start, e)),
                written: lossy(text, Span::new(t.start, e)),
            },
        };
        plies.push((
            pending_number.take(),
            row_number,
            Err(err),
            Span::new(t.start, e),
        ));
        row_moves += 1;
        i = j;
    }
    // A fraction layout's number and rule (`12. --------`) stand between the two moves
    // of a column: numbers, nothing to keep.
    let rule_only = !failed
        && plies.is_empty()
        && end_note.is_none()
        && comments.is_empty()
        && toks.iter().any(|t| is_rule(slice(t)));
    if rule_only {
        book.numbers.extend(numbers);
        return;
    }
    // A line with no move and no game end (`40.` alone, prose) is kept whole as commentary;
    // above the moves, a caption that plainly names the players names them.
    if failed || (plies.is_empty() && end_note.is_none()) {
        if book.plies.is_empty() && book.white.is_none() && book.black.is_none() {
            caption(text, Span::new(start, end), book);
        }
        commentary(book, Span::new(start, end), "line");
        return;
    }
    for sp in comments {
        commentary(book, sp, "remark");
    }
    book.numbers.extend(numbers);
    // At the pawn and two moves, Black's first reply is missing: the plies after White's
    // first move are one later in the order of turns.
    let two_moves = book.odds.as_ref().is_some_and(|o| o.first_moves == 2);
    for (number, row_number, result, span) in plies {
        let index = book.plies.len() as u64
            + u64::from(first_color == Color::Black)
            + u64::from(two_moves && !book.plies.is_empty());
        let color = if index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let expected = u64::from(first_number) + (index / 2);
        if let Some((n, black, nspan)) = number {
            if u64::from(n) != expected {
                let shift = i64::from(n) - i64::try_from(expected).unwrap_or(i64::MAX);
                shifts.push((book.notes.len() + notes.len(), shift));
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::MoveNumber,
                    format!(
                        "printed move number {n}, expected {expected}: plies are taken in order"
                    ),
                    nspan,
                ));
            }
            if black && color == Color::White {
                notes.push(Diagnostic::new(
                    Severity::Note,
                    Kind::MoveNumber,
                    "continuation marks a black move where white is to move: plies are taken in order",
                    nspan,
                ));
            }
        }
        if let Ok(WrittenMove {
            kind: MoveKind::Descriptive(d),
            ..
        }) = &result
        {
            if d.missing_dash {
                let mut w = Diagnostic::new(
                    Severity::Warning,
                    Kind::MissingDash,
                    "the `-` between piece and square is missing; read as a move",
                    d.span,
                );
                w.ply = u32::try_from(book.plies.len() + 1).ok();
                notes.push(w);
            }
        }
        book.plies.push(BookPly {
            color,
            number: row_number,
            result,
            span,
        });
    }
    book.notes.extend(notes);
    if let Some(e) = end_note {
        book.end = Some(e);
    }
}
