//! PGN files: splitting a file into games, and one game into tags and a flat token list.
//!
//! A game is never a tree: variations are [`Token::StartVariation`] and
//! [`Token::EndVariation`] markers in one flat list, so a file nested 100,000
//! deep costs neither stack in the parser nor in the drop glue.
//!
//! ```
//! use scoresheet_notation::pgn::{games, parse_game, Token};
//! use scoresheet_notation::{GameResult, Mode};
//!
//! let file = b"[Event \"A\"]\n\n1. e4 e5 (1... c5) 2. Nf3 1-0\n\n[Event \"B\"]\n\n1. d4 *\n";
//! let slices: Vec<_> = games(file).collect();
//! assert_eq!(slices.len(), 2);
//! assert_eq!(slices[1].offset, 44);
//!
//! let game = parse_game(slices[0].bytes, slices[0].offset, Mode::Strict);
//! assert_eq!(game.tag("Event").unwrap().value(), "A");
//! let mainline: Vec<String> = game.mainline().map(|m| m.to_string()).collect();
//! assert_eq!(mainline, ["e4", "e5", "Nf3"]);
//! assert_eq!(game.result(), Some(GameResult::WhiteWins));
//! assert!(game.diagnostics.is_empty());
//! assert!(matches!(game.tokens[3], Token::StartVariation(_)));
//! ```
//!
//! The lexer here is written by hand over bytes with `memchr`, not with nom:
//! it is the hot loop of validation, and every token it finds that is not
//! structural is handed to the nom move grammar in [`crate::san`].

mod numbers;
mod parse;
mod quick;
mod record;
mod segment;
mod split;

use std::borrow::Cow;

use crate::ast::GameResult;
use crate::diag::Diagnostic;
use crate::span::Span;

pub use numbers::{PrintedNumber, printed_numbers};
pub use parse::{
    MAX_TOKENS, parse_game, parse_game_chosen_into, parse_game_into, parse_game_lang_into,
    parse_game_learned_into,
};
pub use quick::{QuickVisitor, Unusual, quick_scan, quick_scan_prefix, quick_tags};
pub use record::MoveRecord;
pub use split::{
    Block, BlockEnd, BlockGame, BlockGames, BlockReader, DEFAULT_MAX_GAME_LEN, GameChunk,
    GameReadError, GameReader, GameSlice, Games, ResumePoint, games,
};

/// One tag pair, `[Name "value"]`, kept as raw bytes: escapes are decoded on demand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag name (`Event`, `FEN`): letters, digits and `_`.
    pub name: &'a [u8],
    /// The value between the quotes, escapes (`\"`, `\\`) not yet decoded.
    pub raw_value: &'a [u8],
    /// The whole tag pair, brackets included.
    pub span: Span,
    /// The value, quotes excluded.
    pub value_span: Span,
}

impl<'a> Tag<'a> {
    /// The name as text (names are ASCII, or read as [`crate::text::decode`] reads text).
    #[must_use]
    pub fn name_str(&self) -> Cow<'a, str> {
        crate::text::decode(self.name)
    }

    /// The value with `\"` and `\\` decoded; text that is not UTF-8 is read as
    /// Latin-1 ([`crate::text::decode`]).
    /// Borrows when there is nothing to decode.
    ///
    /// ```
    /// use scoresheet_notation::pgn::parse_game;
    /// use scoresheet_notation::Mode;
    /// let g = parse_game(br#"[Event "the \"big\" one \\ 2024"] *"#, 0, Mode::Strict);
    /// assert_eq!(g.tags[0].value(), r#"the "big" one \ 2024"#);
    /// ```
    #[must_use]
    pub fn value(&self) -> Cow<'a, str> {
        if memchr::memchr(b'\\', self.raw_value).is_none() {
            return crate::text::decode(self.raw_value);
        }
        let mut out = Vec::with_capacity(self.raw_value.len());
        let mut bytes = self.raw_value.iter();
        while let Some(&b) = bytes.next() {
            if b == b'\\' {
                match bytes.next() {
                    Some(&e) => out.push(e),
                    None => out.push(b),
                }
            } else {
                out.push(b);
            }
        }
        Cow::Owned(crate::text::decode(&out).into_owned())
    }
}

/// The kind of a comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommentKind {
    /// `{ ... }`
    Brace,
    /// `; ...` to the end of the line.
    Line,
    /// A `%` escape line (the `%` in column 1), skipped.
    Escape,
    /// A line of prose in a bare move list (no tags), which is not moves.
    Commentary,
}

/// One token of movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token<'a> {
    /// A move number indication: `12.`, `12...`, `12 ...`, `12`.
    MoveNumber {
        /// The number, saturated at `u32::MAX` (with a diagnostic) if larger.
        number: u32,
        /// Written with two or more dots: Black's move follows.
        black: bool,
        /// The digits and dots.
        span: Span,
    },
    /// A move in any notation ([`MoveRecord::get`] gives the [`WrittenMove`](crate::WrittenMove)).
    Move(MoveRecord),
    /// A numeric annotation glyph `$0` to `$255`.
    Nag {
        /// The number.
        nag: u8,
        /// `$` and the digits.
        span: Span,
    },
    /// A comment, its text raw (braces and `;` excluded).
    Comment {
        /// Brace, line, escape or commentary.
        kind: CommentKind,
        /// The bytes inside the comment.
        text: &'a [u8],
        /// The whole comment, delimiters included.
        span: Span,
    },
    /// `(`: a variation starts.
    StartVariation(Span),
    /// `)`: the innermost variation ends.
    EndVariation(Span),
    /// A game termination marker: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`.
    Result(GameResult, Span),
    /// Text that could not be read; a diagnostic says why. Replay stops here.
    Invalid(Span),
}

impl Token<'_> {
    /// Where the token was written.
    #[must_use]
    pub fn span(&self) -> Span {
        match self {
            Token::MoveNumber { span, .. }
            | Token::Nag { span, .. }
            | Token::Comment { span, .. }
            | Token::StartVariation(span)
            | Token::EndVariation(span)
            | Token::Result(_, span)
            | Token::Invalid(span) => *span,
            Token::Move(m) => m.span(),
        }
    }
}

/// One game: its tags, its movetext as a flat token list, and what went wrong.
///
/// Parsing never fails as a whole: problems are [`Diagnostic`]s, and
/// [`Game::stop`] says where replaying must stop.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Game<'a> {
    /// The bytes of the game.
    pub text: &'a [u8],
    /// The offset of `text` in the file: every span is absolute.
    pub base: usize,
    /// The tag pairs, in order.
    pub tags: Vec<Tag<'a>>,
    /// The movetext, in order.
    pub tokens: Vec<Token<'a>>,
    /// Errors, relaxations (warnings, or errors when strict) and notes.
    pub diagnostics: Vec<Diagnostic>,
    /// The index in `tokens` of the first [`Token::Invalid`]: replay must stop there.
    pub stop: Option<usize>,
    /// The move tokens whose piece letter means different pieces in the
    /// languages the game is written in (`H`: a queen in Polish, a knight in
    /// Hungarian), in token order: each with every reading; the token itself
    /// holds the first. The board takes the one legal reading.
    pub readings: Vec<Readings>,
    /// The move tokens printed as two halves with a dash between them
    /// (`e4 – e5`), in token order: read as one long-algebraic move (from e4
    /// to e5), they may be White's move and Black's with a dash between them,
    /// as many pages print a move pair. The board takes the legal reading.
    pub dash_pairs: Vec<DashPair>,
}

/// A move token that may be two moves with a dash between them
/// ([`Game::dash_pairs`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DashPair {
    /// The index of the token in [`Game::tokens`].
    pub token: usize,
    /// The text before the dash.
    pub first: Span,
    /// The text after it.
    pub second: Span,
}

/// The readings of one move token whose letters the game's languages read
/// differently ([`Game::readings`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readings {
    /// The index of the token in [`Game::tokens`].
    pub token: usize,
    /// Each distinct reading, the token's own first.
    pub moves: Vec<Reading>,
}

/// One reading of a move token, with the languages that read it so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    /// The move read.
    pub written: crate::ast::WrittenMove,
    /// The languages whose letters read it so.
    pub languages: Vec<crate::lang::Language>,
    /// What reading it so says (`pawn-letter` for an English `Pg5`): the
    /// first reading's are the game's; the board puts another's in their
    /// place when it takes that one.
    pub diagnostics: Vec<Diagnostic>,
}

impl Readings {
    /// The readings as a report names them: `Qd5 (Polish), Nd5 (Hungarian)`.
    #[must_use]
    pub fn describe(&self) -> String {
        self.moves
            .iter()
            .map(|r| {
                let names: Vec<&str> = r.languages.iter().map(|l| l.name()).collect();
                format!("{} ({})", r.written, names.join(", "))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// For each of `tags`, whether it is the first tag of its name: a name written
/// again later (`[Event "a"] ... [Event "b"]`) is `false` there, since only the
/// first counts. Linear in the tags, however many a game has.
///
/// ```
/// use scoresheet_notation::pgn::{first_of_each_name, parse_game};
/// use scoresheet_notation::Mode;
/// let game = parse_game(b"[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n\n*", 0, Mode::Lenient);
/// assert_eq!(first_of_each_name(&game.tags), vec![true, true, false]);
/// ```
#[must_use]
pub fn first_of_each_name(tags: &[Tag<'_>]) -> Vec<bool> {
    // A game has a dozen tags or so, where comparing with the ones before is the
    // cheapest; a hostile one has a million, where only a set stays linear.
    if tags.len() <= 32 {
        return tags
            .iter()
            .enumerate()
            .map(|(i, t)| !tags[..i].iter().any(|u| u.name == t.name))
            .collect();
    }
    let mut seen = std::collections::HashSet::with_capacity(tags.len());
    tags.iter().map(|t| seen.insert(t.name)).collect()
}

impl<'a> Game<'a> {
    /// The first tag with this name.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&Tag<'a>> {
        self.tags.iter().find(|t| t.name == name.as_bytes())
    }

    /// The decoded value of the first tag with this name.
    #[must_use]
    pub fn tag_value(&self, name: &str) -> Option<Cow<'a, str>> {
        self.tag(name).map(Tag::value)
    }

    /// The readings of token `index` when the game's languages read its
    /// letters differently ([`Game::readings`]).
    #[must_use]
    pub fn readings_at(&self, index: usize) -> Option<&Readings> {
        if self.readings.is_empty() {
            return None;
        }
        let at = self
            .readings
            .binary_search_by_key(&index, |r| r.token)
            .ok()?;
        self.readings.get(at)
    }

    /// The two halves of token `index` when it was printed with a dash
    /// between them ([`Game::dash_pairs`]).
    #[must_use]
    pub fn dash_pair_at(&self, index: usize) -> Option<&DashPair> {
        if self.dash_pairs.is_empty() {
            return None;
        }
        let at = self
            .dash_pairs
            .binary_search_by_key(&index, |p| p.token)
            .ok()?;
        self.dash_pairs.get(at)
    }

    /// The tokens that may be replayed: all of them, or those before [`Game::stop`].
    #[must_use]
    pub fn replayable(&self) -> &[Token<'a>] {
        let end = self
            .stop
            .unwrap_or(self.tokens.len())
            .min(self.tokens.len());
        self.tokens.get(..end).unwrap_or_default()
    }

    /// The main-line moves (outside every variation), up to [`Game::stop`].
    pub fn mainline(&self) -> impl Iterator<Item = &MoveRecord> + '_ {
        let mut depth = 0usize;
        self.replayable().iter().filter_map(move |t| match t {
            Token::StartVariation(_) => {
                depth += 1;
                None
            }
            Token::EndVariation(_) => {
                depth = depth.saturating_sub(1);
                None
            }
            Token::Move(m) if depth == 0 => Some(m),
            _ => None,
        })
    }

    /// The notation the main line is written in (up to [`Game::stop`]):
    /// `"san"`, `"lan"`, `"uci"`, `"descriptive"`, or `"mixed"` when its moves
    /// are in more than one; `None` when it has no move that tells (castling
    /// written `O-O` and null moves fit every notation, and count as SAN when
    /// nothing else is written).
    ///
    /// ```
    /// use scoresheet_notation::pgn::parse_game;
    /// use scoresheet_notation::Mode;
    /// let notation = |text: &str| parse_game(text.as_bytes(), 0, Mode::Lenient).notation();
    /// assert_eq!(notation("1. e4 e5 2. Nf3 *"), Some("san"));
    /// assert_eq!(notation("1. e2e4 e7e5 *"), Some("uci"));
    /// assert_eq!(notation("1. e2-e4 e7-e5 *"), Some("lan"));
    /// assert_eq!(notation("1. P-K4 P-K4 *"), Some("descriptive"));
    /// assert_eq!(notation("1. e4 e7e5 *"), Some("mixed"));
    /// assert_eq!(notation("1. O-O *"), Some("san"));
    /// assert_eq!(notation("*"), None);
    /// ```
    #[must_use]
    pub fn notation(&self) -> Option<&'static str> {
        let mut found: Option<&'static str> = None;
        let mut any = false;
        for m in self.mainline() {
            any = true;
            let Some(this) = m.notation() else {
                continue;
            };
            match found {
                Some(f) if f != this => return Some("mixed"),
                _ => found = Some(this),
            }
        }
        found.or(any.then_some("san"))
    }

    /// The result token outside every variation, if the movetext has one.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        let mut depth = 0usize;
        let mut result = None;
        for t in &self.tokens {
            match t {
                Token::StartVariation(_) => depth += 1,
                Token::EndVariation(_) => depth = depth.saturating_sub(1),
                Token::Result(r, _) if depth == 0 => result = Some(*r),
                _ => {}
            }
        }
        result
    }

    /// Whether any diagnostic is an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == crate::diag::Severity::Error)
    }

    /// This game emptied, with its buffers kept for another text (of another lifetime).
    ///
    /// ```
    /// use scoresheet_notation::pgn::{parse_game_into, Game};
    /// use scoresheet_notation::Mode;
    /// let mut game = Game::default();
    /// for text in [b"1. e4 *".to_vec(), b"1. d4 *".to_vec()] {
    ///     let mut g = std::mem::take(&mut game).recycle();
    ///     parse_game_into(&mut g, &text, 0, Mode::Strict);
    ///     assert_eq!(g.mainline().count(), 1);
    ///     game = g.recycle();
    /// }
    /// ```
    #[must_use]
    pub fn recycle<'b>(self) -> Game<'b> {
        // Collecting an emptied vector into one of the same layout reuses its allocation.
        Game {
            text: &[],
            base: 0,
            tags: recycle_vec(self.tags),
            tokens: recycle_vec(self.tokens),
            diagnostics: {
                let mut d = self.diagnostics;
                d.clear();
                d
            },
            stop: None,
            readings: {
                let mut r = self.readings;
                r.clear();
                r
            },
            dash_pairs: {
                let mut p = self.dash_pairs;
                p.clear();
                p
            },
        }
    }
}

/// Empties a vector and retypes it to another lifetime, keeping its allocation
/// (the standard library collects in place when the layouts match).
#[allow(clippy::unnecessary_filter_map)]
fn recycle_vec<T, U>(v: Vec<T>) -> Vec<U> {
    v.into_iter().filter_map(|_| None).collect()
}

#[cfg(test)]
mod tests;
