//! One game's text into tags and a flat token list.

use crate::Kind;
use memchr::memchr;

use super::{CommentKind, Game, MoveRecord, Tag, Token};
use crate::ast::{Annotation, GameResult, MoveKind};
use crate::diag::{Diagnostic, Severity};
use crate::lang::{Detection, Language, LearnedLetters, Translation, detect, translate};
use crate::san::{Mode, read_move};
use crate::span::Span;

/// Parses one game (as split by [`super::games`]); `base` is its offset in the file.
///
/// Never fails: malformed text becomes [`Token::Invalid`] plus an error
/// diagnostic, and [`Game::stop`] records where replay must stop.
#[must_use]
pub fn parse_game(text: &[u8], base: usize, mode: Mode) -> Game<'_> {
    let mut game = Game::default();
    parse_game_into(&mut game, text, base, mode);
    game
}

/// [`parse_game`] into an existing game, reusing its buffers.
///
/// The game's language is told from its piece letters ([`crate::lang::detect`]),
/// and only when English cannot read some move: English games pay nothing.
pub fn parse_game_into<'a>(game: &mut Game<'a>, text: &'a [u8], base: usize, mode: Mode) {
    parse_game_lang_into(game, text, base, mode, None);
}

/// [`parse_game_into`] in a given language (`Some`), or telling it from the
/// game's letters (`None`, as [`parse_game_into`] does).
///
/// A game in another language than English gets one relaxation
/// (`national-letters`), saying which language it was read in. When its letters
/// fit languages that read them differently, the first move English cannot
/// read is an error (`undecidable-language`) whose candidates are the
/// languages' codes.
pub fn parse_game_lang_into<'a>(
    game: &mut Game<'a>,
    text: &'a [u8],
    base: usize,
    mode: Mode,
    lang: Option<Language>,
) {
    let pass = parse_pass(
        game,
        text,
        base,
        mode,
        PassLetters {
            lang,
            ..PassLetters::default()
        },
    );
    if lang.is_some() || !pass.foreign {
        return;
    }
    let tokens = game.tokens.iter().filter_map(|t| match t {
        Token::Move(m) => Some(m.span()),
        Token::Invalid(s) => Some(*s),
        _ => None,
    });
    // A move written with spaces (`C4 x d5`) is told by its letters as one word.
    let slices: Vec<std::borrow::Cow<'_, [u8]>> = tokens
        .map(|s| {
            let bytes = text
                .get(s.start().saturating_sub(base)..s.end().saturating_sub(base))
                .unwrap_or_default();
            if bytes.contains(&b' ') {
                bytes.iter().copied().filter(|&b| b != b' ').collect()
            } else {
                std::borrow::Cow::Borrowed(bytes)
            }
        })
        .collect();
    let detection = detect(slices.iter().map(|s| &**s));
    if pass.spanish_desc {
        // `P4R`, `C3AR`: Spanish descriptive, when the letters allow Spanish;
        // `C3BR`, `B4B`: Portuguese, read by the same reader (`B` the bishop).
        let spanish = match &detection {
            Detection::English => true,
            Detection::Language { candidates, .. } | Detection::Undecidable { candidates, .. } => {
                candidates.contains(&Language::Spanish)
                    || candidates.contains(&Language::Portuguese)
            }
            Detection::Unknown { .. } => false,
        };
        if spanish {
            let only = [Language::Spanish];
            parse_pass(
                game,
                text,
                base,
                mode,
                PassLetters {
                    detected: Some(&only),
                    ..PassLetters::of(Language::Spanish)
                },
            );
            return;
        }
    }
    read_detected(game, text, base, mode, detection, true);
}

/// Reads the game in the language its letters tell ([`detect`]); where no
/// language and no mixture of the common ones has them all (`retry`), once
/// more counting only the common languages' letters
/// ([`crate::lang::common_detection`]).
fn read_detected<'a>(
    game: &mut Game<'a>,
    text: &'a [u8],
    base: usize,
    mode: Mode,
    detection: Detection,
    retry: bool,
) {
    match detection {
        Detection::English => {
            parse_pass(game, text, base, mode, PassLetters::of(Language::English));
        }
        Detection::Language {
            language,
            candidates,
        } => {
            parse_pass(
                game,
                text,
                base,
                mode,
                PassLetters {
                    detected: Some(&candidates),
                    ..PassLetters::of(language)
                },
            );
        }
        Detection::Undecidable {
            letters,
            candidates,
        } => undecidable(game, &letters, &candidates),
        Detection::Unknown { letters } => {
            // No one language has every letter: the letters of several, each
            // move read by its own (the board picks where they disagree).
            let mix = crate::lang::mixture(&letters);
            if let Some(&first) = mix.first() {
                let mixed = (&mix[..], &letters[..]);
                parse_pass(
                    game,
                    text,
                    base,
                    mode,
                    PassLetters {
                        mixture: Some(mixed),
                        ..PassLetters::of(first)
                    },
                );
            } else if retry {
                let common = crate::lang::common_detection(&letters);
                read_detected(game, text, base, mode, common, false);
            }
        }
    }
}

/// [`parse_game_lang_into`] in `language`, chosen by the caller among
/// `candidates` (the languages whose letters the game uses: the board crate
/// tells which reading is legal) rather than asked for: the `national-letters`
/// relaxation names the candidates, as when the letters alone tell the
/// language, and says the legal moves told it.
pub fn parse_game_chosen_into<'a>(
    game: &mut Game<'a>,
    text: &'a [u8],
    base: usize,
    mode: Mode,
    language: Language,
    candidates: &[Language],
) {
    parse_pass(
        game,
        text,
        base,
        mode,
        PassLetters {
            detected: Some(candidates),
            by_moves: true,
            ..PassLetters::of(language)
        },
    );
}

/// [`parse_game_lang_into`] with piece letters learned for the game (no
/// table lists them; the board crate learns them from the legal moves): every
/// move with a capital is read in `learned`, a capital not learned is an
/// `unknown-piece-letter` error. Says nothing of the letters: the board,
/// which learned them, reports them.
pub fn parse_game_learned_into<'a>(
    game: &mut Game<'a>,
    text: &'a [u8],
    base: usize,
    mode: Mode,
    learned: &LearnedLetters,
) {
    parse_pass(
        game,
        text,
        base,
        mode,
        PassLetters {
            learned: Some(learned),
            ..PassLetters::of(Language::English)
        },
    );
}

/// Turns the error at the first move English could not read into the report
/// that the game's language cannot be told.
fn undecidable(game: &mut Game<'_>, letters: &[&str], candidates: &[Language]) {
    let Some(stop) = game.stop else { return };
    let Some(Token::Invalid(span)) = game.tokens.get(stop) else {
        return;
    };
    let span = *span;
    let Some(d) = game.diagnostics.iter_mut().find(|d| d.span == span) else {
        return;
    };
    let names: Vec<&str> = candidates.iter().map(|l| l.name()).collect();
    let codes: Vec<&str> = candidates.iter().map(|l| l.code()).collect();
    d.kind = Kind::UndecidableLanguage;
    d.message = format!(
        "cannot tell the language of this game: its piece letters {} fit {}, which read them differently; give --lang {}",
        letters.join(" "),
        names.join(", "),
        codes.join("|"),
    );
    d.candidates = candidates
        .iter()
        .map(|l| format!("{} ({}: {})", l.code(), l.name(), l.letters_text()))
        .collect();
}

/// What one reading of a game says about its language.
#[derive(Debug, Clone, Copy)]
struct Pass {
    /// English could not read a move that another language might.
    foreign: bool,
    /// A move English could not read reads as Spanish descriptive (`P4R`).
    spanish_desc: bool,
}

/// One reading of the game; says whether English could not read a move that
/// another language might.
// The text, where it stands and how strictly, and the four ways a game's
// letters are given (asked, told, mixed, learned): each pass names its own.
#[allow(clippy::too_many_arguments)]
/// The letters one parsing pass reads moves in ([`parse_pass`]).
#[derive(Default, Clone, Copy)]
struct PassLetters<'l> {
    /// The language moves are read in; `None`: English, the plain way.
    lang: Option<Language>,
    /// The languages detection found for these letters, when it chose `lang`.
    detected: Option<&'l [Language]>,
    /// Whether the board chose `lang` among `detected` by the legal moves
    /// (the letters alone told another language, or none).
    by_moves: bool,
    /// The languages a game mixes, with the letters that told them.
    mixture: Option<(&'l [Language], &'l [&'static str])>,
    /// Letters learned from the board for this game.
    learned: Option<&'l LearnedLetters>,
}

impl<'l> PassLetters<'l> {
    fn of(lang: Language) -> Self {
        PassLetters {
            lang: Some(lang),
            ..PassLetters::default()
        }
    }
}

fn parse_pass<'a>(
    game: &mut Game<'a>,
    text: &'a [u8],
    base: usize,
    mode: Mode,
    letters: PassLetters<'_>,
) -> Pass {
    let PassLetters {
        lang,
        detected,
        by_moves,
        mixture,
        learned,
    } = letters;
    game.text = text;
    game.base = base;
    game.tags.clear();
    game.tokens.clear();
    game.diagnostics.clear();
    game.readings.clear();
    game.dash_pairs.clear();
    game.stop = None;
    let mut p = Parser {
        text,
        base,
        mode,
        pos: 0,
        game,
        depth_stack: Vec::new(),
        plies: 0,
        expected_ply: None,
        pending_number: None,
        last_number: None,
        printed_ply: None,
        missing_number_reported: false,
        seen_movetext: false,
        result_at: None,
        at_bol: true,
        eol_cache: (usize::MAX, 0),
        lang,
        detected,
        by_moves,
        mixture: mixture.map(|m| m.0),
        mixed_letters: mixture.map_or(&[], |m| m.1),
        learned,
        foreign: false,
        national_reported: false,
        move_dash_reported: false,
        truncated: false,
        translation: Translation::default(),
        latin1_noted: false,
        lan_reported: false,
        uci_reported: false,
        spanish_desc: false,
        once: Vec::new(),
        segmenting: false,
        text_above_tags: None,
    };
    p.run();
    Pass {
        foreign: p.foreign,
        spanish_desc: p.spanish_desc,
    }
}

/// Bytes that end a movetext token (besides being tokens themselves, for some).
const fn delimiters() -> [bool; 256] {
    let mut t = [false; 256];
    let list = b" \t\r\n\x0b\x0c{};()[]$";
    let mut i = 0;
    while i < list.len() {
        t[list[i] as usize] = true;
        i += 1;
    }
    t
}
pub(super) static DELIMITER: [bool; 256] = delimiters();

/// [`DELIMITER`], and the lead bytes of the blanks [`unicode_blank`] reads (the
/// full parser's token end; the quick lane gives up on these bytes).
static TOKEN_STOP: [bool; 256] = {
    let mut t = delimiters();
    t[0xC2] = true;
    t[0xE2] = true;
    t[0xEF] = true;
    // Binary data (read as NUL bytes) is a stretch of its own.
    t[0] = true;
    t
};

/// The length of the blank character other than ASCII at the start of `text`,
/// 0 if there is none: a non-breaking space (U+00A0, U+202F) or a byte order
/// mark (U+FEFF), which editors and web pages leave between tokens.
fn unicode_blank(text: &[u8]) -> usize {
    match text {
        [0xC2, 0xA0, ..] => 2,
        [0xE2, 0x80, 0xAF, ..] | [0xEF, 0xBB, 0xBF, ..] => 3,
        _ => 0,
    }
}

/// The annotation glyphs written after a move (`Nf3±`, or apart: `Nf3 ⩱`) and
/// the NAG each stands for, as the NAG table of the PGN standard's successors
/// (and ChessBase) print them.
const GLYPHS: [(&str, u8); 16] = [
    ("\u{25A1}", 7),   // □ only move
    ("\u{221E}", 13),  // ∞ unclear
    ("\u{2A72}", 14),  // ⩲ White is slightly better
    ("\u{2A71}", 15),  // ⩱ Black is slightly better
    ("\u{00B1}", 16),  // ± White is better
    ("\u{2213}", 17),  // ∓ Black is better
    ("+\u{2212}", 18), // +− White is winning
    ("\u{2212}+", 19), // −+ Black is winning
    ("\u{2A00}", 22),  // ⨀ zugzwang
    ("\u{27F3}", 32),  // ⟳ development
    ("\u{2192}", 36),  // → initiative
    ("\u{2191}", 40),  // ↑ attack
    ("\u{21C6}", 132), // ⇆ counterplay
    ("\u{2206}", 140), // ∆ with the idea
    ("\u{0394}", 140), // Δ with the idea
    ("\u{2313}", 142), // ⌓ better is
];

/// The evaluation signs in ASCII that text exports (ChessBase's, Informant
/// transcriptions) print apart from the move (`Nf5 +-`, `Qd2 =`), with the NAG
/// of each; glued to a move they would read as check marks, so only apart.
const ASCII_GLYPHS: [(&str, u8); 9] = [
    ("=", 10),   // drawish
    ("+=", 14),  // White is slightly better
    ("+/=", 14), //
    ("=+", 15),  // Black is slightly better
    ("=/+", 15), //
    ("+/-", 16), // White is better
    ("-/+", 17), // Black is better
    ("+-", 18),  // White is winning
    ("-+", 19),  // Black is winning
];

/// The annotation glyph at the end of `token`, if any: its NAG and length in
/// bytes; or the whole token when it is one of [`ASCII_GLYPHS`].
fn trailing_glyph(token: &[u8]) -> Option<(u8, usize)> {
    if let Some((_, nag)) = ASCII_GLYPHS.iter().find(|(g, _)| token == g.as_bytes()) {
        return Some((*nag, token.len()));
    }
    if token.last().is_none_or(u8::is_ascii) {
        return None;
    }
    GLYPHS
        .iter()
        .find(|(g, _)| token.ends_with(g.as_bytes()))
        .map(|(g, nag)| (*nag, g.len()))
}

/// Bytes of a tag name: letters, digits, `_`.
pub(super) static NAME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    t
};

/// The blanks of PGN: space, tab, line ends, vertical tab and form feed.
static SPACE: [bool; 256] = {
    let mut t = [false; 256];
    let list = b" \t\r\n\x0b\x0c";
    let mut i = 0;
    while i < list.len() {
        t[list[i] as usize] = true;
        i += 1;
    }
    t
};

#[inline]
pub(super) fn is_space(b: u8) -> bool {
    SPACE[usize::from(b)]
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// At most this many diagnostics are kept per game (garbage input could give one per byte).
const MAX_DIAGNOSTICS: usize = 1000;

/// At most this many tokens (moves, numbers, comments, parentheses, ...) are
/// read of one game: a token weighs 32 bytes while a game is parsed (a move
/// is a [`MoveRecord`]), so this bounds a game's tokens to 32 MiB whatever its
/// text (the longest legal game has under 18,000 plies; an annotated one,
/// tens of thousands of tokens). A game with more is an error at the first
/// token past the limit.
pub const MAX_TOKENS: usize = 1 << 20;

/// The ply given to a move number too large to check.
const UNKNOWN_PLY: u64 = u64::MAX / 2;

struct Parser<'a, 'g> {
    text: &'a [u8],
    base: usize,
    mode: Mode,
    pos: usize,
    game: &'g mut Game<'a>,
    /// Offsets of the open `(`, innermost last.
    depth_stack: Vec<usize>,
    /// Main-line moves read so far.
    plies: u32,
    /// The ply index (number * 2, + 1 for Black) the next main-line move should have,
    /// once a move number has set the count.
    expected_ply: Option<u64>,
    /// A main-line move number waiting for its move: (ply index, span).
    pending_number: Option<(u64, Span)>,
    /// The last main-line move number printed: a row's layout continues the
    /// game's count from it, whether or not the parser read the moves after
    /// it (a token read only by the board's spelling counts no ply here).
    last_number: Option<u64>,
    /// The ply the next main-line move has by the printed count (as
    /// `expected_ply`), kept after the parser's stop too: where lines of
    /// prose after the stop take the game up again.
    printed_ply: Option<u64>,
    missing_number_reported: bool,
    seen_movetext: bool,
    result_at: Option<usize>,
    /// Only blanks since the last line end (or the start): a `[` or `%` here starts a line.
    at_bol: bool,
    /// The last line end found, and the earliest offset known to share it: lines
    /// holding many tags or tokens are searched once, not once per token.
    eol_cache: (usize, usize),
    /// The language moves are read in; `None`: English, the plain way.
    lang: Option<Language>,
    /// The languages detection found for these letters, when it chose `lang`.
    detected: Option<&'g [Language]>,
    /// Whether the board chose `lang` by the legal moves ([`PassLetters`]).
    by_moves: bool,
    /// The languages a game mixes (no one has all its letters): each move is
    /// read in every one of them, `lang` the first that reads it.
    mixture: Option<&'g [Language]>,
    /// The piece letters of a mixed game ([`Parser::mixture`]), for its warning.
    mixed_letters: &'g [&'static str],
    /// Piece letters learned for the game by the board: every move with a
    /// capital is read in them.
    learned: Option<&'g LearnedLetters>,
    /// A move English could not read might be in another language.
    foreign: bool,
    /// The `national-letters` relaxation was said.
    national_reported: bool,
    /// Whether a move's dash other than `-` was said (once a game).
    move_dash_reported: bool,
    /// The game had more than [`MAX_TOKENS`] tokens: its end was not read.
    truncated: bool,
    /// The move token in English letters (reused).
    translation: Translation,
    /// Text not in UTF-8 was noted (once a game).
    latin1_noted: bool,
    /// A move in long algebraic notation was said (once a game).
    lan_reported: bool,
    /// A move in UCI notation was said (once a game).
    uci_reported: bool,
    /// A move English could not read reads as Spanish descriptive.
    spanish_desc: bool,
    /// The layout relaxations said once a game (see [`Parser::relax_once`]).
    once: Vec<Kind>,
    /// The parts of a word cut by [`Parser::segmented`] are being read (a
    /// part is never cut again).
    segmenting: bool,
    /// Where the text above the tag section ends (the tag line), once looked
    /// for: `Some(0)` when there is none (see [`Parser::text_above_tags`]).
    text_above_tags: Option<usize>,
}

impl<'a> Parser<'a, '_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    fn diag(&mut self, severity: Severity, kind: Kind, message: String, span: Span) {
        let diagnostics = &mut self.game.diagnostics;
        if diagnostics.len() < MAX_DIAGNOSTICS {
            diagnostics.push(Diagnostic::new(severity, kind, message, span));
        } else if diagnostics.len() == MAX_DIAGNOSTICS {
            diagnostics.push(Diagnostic::new(
                Severity::Note,
                Kind::TooManyDiagnostics,
                format!(
                    "more than {MAX_DIAGNOSTICS} diagnostics in this game: the rest are not shown"
                ),
                span,
            ));
        }
    }

    fn relax(&mut self, kind: Kind, message: String, span: Span) {
        let severity = self.mode.relaxation_severity();
        self.diag(severity, kind, message, span);
    }

    /// A relaxation of a whole text's layout (`(12)`, `12/`, `e2 - e4`), said
    /// once a game, at its first place.
    fn relax_once(&mut self, kind: Kind, message: &str, span: Span) {
        if self.once.contains(&kind) {
            return;
        }
        self.once.push(kind);
        self.relax(kind, message.into(), span);
    }

    fn invalid(&mut self, kind: Kind, message: String, start: usize, end: usize) {
        let span = self.span(start, end);
        self.refuse(Diagnostic::new(Severity::Error, kind, message, span), span);
    }

    /// An error (`d`) where the game's replay stops, about the text `token`,
    /// which is kept as an invalid token.
    fn refuse(&mut self, d: Diagnostic, token: Span) {
        if self.game.stop.is_none() {
            self.game.stop = Some(self.game.tokens.len());
        }
        self.diag(d.severity, d.kind, d.message, d.span);
        self.game.tokens.push(Token::Invalid(token));
    }

    fn line_end(&mut self, from: usize) -> usize {
        let (known_from, eol) = self.eol_cache;
        if known_from <= from && from <= eol {
            return eol;
        }
        let eol = memchr(b'\n', self.text.get(from..).unwrap_or_default())
            .map_or(self.text.len(), |i| from + i);
        self.eol_cache = (from, eol);
        eol
    }

    /// Skips blanks, noting line ends.
    fn skip_space(&mut self) {
        while let Some(&b) = self.text.get(self.pos) {
            if self.at_bol && b == 0xEF && self.text[self.pos..].starts_with(BOM) {
                // A byte order mark at a line start (files joined with `cat`) is blank.
                self.pos += BOM.len();
                continue;
            }
            if !is_space(b) {
                break;
            }
            if b == b'\n' {
                self.at_bol = true;
            }
            self.pos += 1;
        }
    }

    fn check_utf8(&mut self, bytes_start: usize, bytes_end: usize, what: &str) {
        let bytes = self.text.get(bytes_start..bytes_end).unwrap_or_default();
        if bytes.is_ascii() {
            return;
        }
        if self.latin1_noted {
            return;
        }
        if let Err(e) = core::str::from_utf8(bytes) {
            let at = bytes_start + e.valid_up_to();
            let len = e
                .error_len()
                .unwrap_or(bytes.len() - e.valid_up_to())
                .max(1);
            let span = self.span(at, (at + len).min(bytes_end));
            self.latin1_noted = true;
            self.diag(
                Severity::Note,
                Kind::Latin1,
                format!(
                    "{what} not in UTF-8: read as Latin-1, the PGN standard's character set (0x80-0x9F as Windows-1252)"
                ),
                span,
            );
        }
    }

    fn run(&mut self) {
        if self.base.saturating_add(self.text.len()) > Span::MAX_OFFSET {
            self.unlocatable();
            return;
        }
        if self.text.starts_with(BOM) {
            self.pos = BOM.len();
        }
        self.tags();
        let bare = self.game.tags.is_empty();
        self.movetext(bare);
        // A variation or note left open (a page cut off inside it) ends at the
        // paragraph's end, and the game is read on after it: a bounded number of
        // times, each reading the rest again, so the time stays linear.
        let mut bounds = 0;
        while !self.depth_stack.is_empty() && bounds < MAX_CUT_VARIATIONS {
            let Some(resume) = self.bound_cut_variation() else {
                break;
            };
            bounds += 1;
            self.pos = resume;
            self.at_bol = true;
            self.movetext(bare);
        }
        self.finish();
    }

    /// The tag section: lines starting with `[`, with blank lines and comments between.
    fn tags(&mut self) {
        loop {
            self.skip_space();
            let bol = core::mem::replace(&mut self.at_bol, false);
            match self.text.get(self.pos) {
                Some(b'[') => self.tag_line(),
                Some(b'%') if bol => self.escape_line(),
                Some(b'{') if self.game.tags.is_empty() => self.brace_comment(),
                Some(b';') if self.game.tags.is_empty() => self.line_comment(),
                Some(_) if self.game.tags.is_empty() && bol && self.text_above_tags() => {
                    self.text_line();
                }
                Some(b';') if self.tag_follows() => {
                    let eol = self.line_end(self.pos);
                    let span = self.span(self.pos, trim_cr(self.text, eol));
                    self.relax(
                        Kind::CommentAmongTags,
                        "a comment among the tag pairs: PGN writes comments in the movetext".into(),
                        span,
                    );
                    self.line_comment();
                }
                _ => {
                    self.at_bol = bol;
                    return;
                }
            }
        }
    }

    /// Whether the line at the position is text above the game's tags: it and
    /// every line down to a tag line hold no move ([`holds_move`]; comments and
    /// `%` lines may stand among them), as the splitter lets such text run into
    /// the tags below it (a page's caption, prose between two games).
    fn text_above_tags(&mut self) -> bool {
        let end = *self.text_above_tags.get_or_insert_with(|| {
            let text = self.text;
            let mut at = self.pos;
            loop {
                while text.get(at).is_some_and(|&b| is_space(b)) {
                    at += 1;
                }
                let eol = memchr(b'\n', &text[at.min(text.len())..]).map_or(text.len(), |n| at + n);
                match text.get(at) {
                    None => return 0,
                    Some(b'[') => {
                        return if super::split::tag_pair_end(&text[at..eol]).is_some() {
                            at
                        } else {
                            0
                        };
                    }
                    Some(b'{') => match memchr(b'}', &text[at..]) {
                        Some(n) => at += n + 1,
                        None => return 0,
                    },
                    Some(b';' | b'%') => at = eol,
                    Some(_)
                        if is_text_around_games(&text[at..eol])
                            || is_page_number(&text[at..eol]) =>
                    {
                        at = eol;
                    }
                    Some(_) => return 0,
                }
            }
        });
        self.pos < end
    }

    /// A line of text above the game (its tags or first move), kept as
    /// commentary, with a note.
    fn text_line(&mut self) {
        let start = self.pos;
        let eol = self.line_end(start);
        let end = trim_cr(self.text, eol);
        let span = self.push_commentary(start, end);
        self.diag(
            Severity::Note,
            Kind::Commentary,
            "this line is not moves: kept as commentary".into(),
            span,
        );
        self.pos = eol;
    }

    /// Whether the `;` comment line at the position is followed, past blanks and
    /// more such lines, by a tag pair (so it is among the tags, not the movetext).
    fn tag_follows(&mut self) -> bool {
        let mut at = self.pos;
        while self.text.get(at) == Some(&b';') {
            at = self.line_end(at);
            while self.text.get(at).is_some_and(|&b| is_space(b)) {
                at += 1;
            }
        }
        self.text.get(at) == Some(&b'[')
    }

    /// `[pgn]` or `[/pgn]` at the position (any case): the wrapper forums put
    /// around a game. Gives its length.
    fn forum_wrapper(&self) -> Option<usize> {
        let rest = self.text.get(self.pos..)?;
        let close = usize::from(rest.get(1) == Some(&b'/'));
        let word = rest.get(1 + close..5 + close)?;
        word.eq_ignore_ascii_case(b"pgn]").then_some(5 + close)
    }

    /// A forum wrapper (`[pgn]`, `[/pgn]`): skipped, and said.
    fn skip_forum_wrapper(&mut self, len: usize) {
        let span = self.span(self.pos, self.pos + len);
        self.relax(
            Kind::ForumWrapper,
            "a forum's [pgn] ... [/pgn] wrapper around the game, skipped".into(),
            span,
        );
        self.pos += len;
    }

    /// `[` name `"` value `"` `]`, possibly several on one line.
    fn tag_line(&mut self) {
        if let Some(len) = self.forum_wrapper() {
            self.skip_forum_wrapper(len);
            return;
        }
        let start = self.pos;
        let eol = self.line_end(start);
        let line = &self.text[..eol];
        let mut i = self.tag_blanks(start + 1, eol);
        let name_start = i;
        while i < eol && NAME_CHAR[usize::from(line[i])] {
            i += 1;
        }
        // The standard's other symbol characters (`:`, `-`, `+`, `#`, `=`) and
        // letters beyond ASCII (`[Ärger "1"]`), which exporters write in names.
        let plain_end = i;
        while i < eol
            && (NAME_CHAR[usize::from(line[i])]
                || (line[i] >= 0x80 && unicode_blank(&line[i..eol]) == 0)
                || matches!(line[i], b':' | b'-' | b'+' | b'#' | b'='))
        {
            i += 1;
        }
        if i > plain_end && (plain_end > name_start || line[name_start] >= 0x80) {
            self.check_utf8(name_start, i, "a tag name");
            let span = self.span(name_start, i);
            self.relax(
                Kind::TagName,
                "a tag name with characters other than letters, digits and '_' (A-Z, a-z, 0-9)"
                    .into(),
                span,
            );
        } else {
            i = plain_end;
        }
        let name_end = i;
        if name_start == name_end {
            let end = trim_cr(line, eol);
            self.tag_error(
                Kind::InvalidTag,
                "expected a tag name after '['".into(),
                start,
                end,
            );
            return;
        }
        i = self.tag_blanks(i, eol);
        if line.get(i) != Some(&b'"') {
            let end = trim_cr(line, eol);
            self.tag_error(
                Kind::InvalidTag,
                "expected '\"' and the tag value after the tag name".into(),
                i.min(end),
                end.max(i.min(end) + 1).min(eol.max(i)),
            );
            return;
        }
        let value_start = i + 1;
        i = value_start;
        let mut value_end = None;
        while i < eol {
            match line[i] {
                b'\\' => i += 2,
                b'"' => {
                    value_end = Some(i);
                    break;
                }
                _ => i += 1,
            }
        }
        let Some(value_end) = value_end else {
            let end = trim_cr(line, eol);
            // `[Event "Open]`: the value runs to the `]` that ends the line.
            let last = line[value_start.min(end)..end]
                .iter()
                .rposition(|&b| !matches!(b, b' ' | b'\t'))
                .map(|k| value_start + k)
                .filter(|&k| line[k] == b']');
            if let Some(k) = last {
                self.check_utf8(value_start, k, "a tag value");
                self.game.tags.push(Tag {
                    name: &self.text[name_start..name_end],
                    raw_value: &self.text[value_start..k],
                    span: self.span(start, k + 1),
                    value_span: self.span(value_start, k),
                });
                let span = self.span(value_start - 1, k + 1);
                self.relax(
                    Kind::UnterminatedTagString,
                    "the tag value has no closing '\"': read up to the ']' that ends the line"
                        .into(),
                    span,
                );
                self.pos = eol;
                return;
            }
            self.check_utf8(value_start, end, "a tag value");
            self.game.tags.push(Tag {
                name: &self.text[name_start..name_end],
                raw_value: &self.text[value_start..end.max(value_start)],
                span: self.span(start, end),
                value_span: self.span(value_start, end.max(value_start)),
            });
            self.tag_error(
                Kind::UnterminatedTagString,
                "the tag value has no closing '\"' on its line".into(),
                value_start - 1,
                end,
            );
            return;
        };
        i = value_end + 1;
        while i < eol && matches!(line[i], b' ' | b'\t') {
            i += 1;
        }
        // Quotes left unescaped inside the value (`[White ""Chess Guru""]`,
        // `[Site "Leningrad "living pi"]`): when the line ends with `"]`, the
        // value runs to that last quote, with a relaxation.
        let mut value_end = value_end;
        if line.get(i) != Some(&b']') {
            let end = trim_cr(line, eol);
            let last = line[..end]
                .iter()
                .rposition(|&b| !matches!(b, b' ' | b'\t'))
                .filter(|&k| k > value_end && line[k] == b']');
            let quote = last.and_then(|k| {
                line[value_end + 1..k]
                    .iter()
                    .rposition(|&b| !matches!(b, b' ' | b'\t'))
                    .map(|q| value_end + 1 + q)
                    .filter(|&q| line[q] == b'"')
            });
            if let (Some(k), Some(q)) = (last, quote) {
                let span = self.span(value_end, value_end + 1);
                self.relax(
                    Kind::UnescapedQuote,
                    "a '\"' inside the tag value is not escaped (write \\\"): the value runs to the last '\"' before ']'".into(),
                    span,
                );
                value_end = q;
                i = k;
            }
        }
        let closed = line.get(i) == Some(&b']');
        let tag_end = if closed { i + 1 } else { i };
        self.check_utf8(value_start, value_end, "a tag value");
        self.game.tags.push(Tag {
            name: &self.text[name_start..name_end],
            raw_value: &self.text[value_start..value_end],
            span: self.span(start, tag_end),
            value_span: self.span(value_start, value_end),
        });
        if !closed {
            let end = trim_cr(line, eol);
            self.tag_error(
                Kind::UnterminatedTag,
                "expected ']' after the tag value".into(),
                i.min(end),
                end.max(i),
            );
            return;
        }
        self.pos = tag_end;
        // More on the line: another tag, a comment, or the movetext (see
        // `starts_movetext`); anything else is an error.
        while self.pos < eol && matches!(self.text[self.pos], b' ' | b'\t' | b'\r') {
            self.pos += 1;
        }
        match self.text.get(self.pos) {
            Some(b'[' | b'{' | b';') if self.pos < eol => {}
            _ if self.pos >= eol => {}
            _ if starts_movetext(&self.text[self.pos..eol]) => {}
            _ => {
                let end = trim_cr(line, eol);
                self.tag_error(
                    Kind::InvalidTag,
                    "unexpected text after the tag pair".into(),
                    self.pos,
                    end,
                );
            }
        }
    }

    /// A malformed tag line: an error diagnostic (replay may go on: the moves are intact),
    /// and reading resumes at the next line.
    fn tag_error(&mut self, kind: Kind, message: String, start: usize, end: usize) {
        let span = self.span(start, end.max(start));
        self.diag(Severity::Error, kind, message, span);
        self.pos = self.line_end(start);
    }

    fn escape_line(&mut self) {
        let start = self.pos;
        let eol = self.line_end(start);
        let end = trim_cr(self.text, eol);
        let span = self.span(start, end);
        self.game.tokens.push(Token::Comment {
            kind: CommentKind::Escape,
            text: &self.text[start + 1..end.max(start + 1)],
            span,
        });
        self.diag(
            Severity::Note,
            Kind::EscapeLine,
            "'%' escape line skipped".into(),
            span,
        );
        self.pos = eol;
    }

    fn brace_comment(&mut self) {
        let start = self.pos;
        let body_start = start + 1;
        match memchr(b'}', &self.text[body_start..]) {
            Some(i) => {
                let body_end = body_start + i;
                self.check_utf8(body_start, body_end, "a comment");
                self.game.tokens.push(Token::Comment {
                    kind: CommentKind::Brace,
                    text: &self.text[body_start..body_end],
                    span: self.span(start, body_end + 1),
                });
                self.pos = body_end + 1;
            }
            None => {
                let end = self.text.len();
                self.check_utf8(body_start, end, "a comment");
                let span = self.span(start, end);
                self.game.tokens.push(Token::Comment {
                    kind: CommentKind::Brace,
                    text: &self.text[body_start..end],
                    span,
                });
                self.diag(
                    Severity::Error,
                    Kind::UnterminatedComment,
                    "the comment has no closing '}'".into(),
                    self.span(start, start + 1),
                );
                self.pos = end;
            }
        }
    }

    fn line_comment(&mut self) {
        let start = self.pos;
        let eol = self.line_end(start);
        let end = trim_cr(self.text, eol);
        self.check_utf8(start + 1, end.max(start + 1), "a comment");
        self.game.tokens.push(Token::Comment {
            kind: CommentKind::Line,
            text: &self.text[start + 1..end.max(start + 1)],
            span: self.span(start, end.max(start + 1)),
        });
        self.pos = eol;
    }

    fn movetext(&mut self, bare: bool) {
        let text = self.text;
        while self.pos < text.len() {
            let b = text[self.pos];
            if is_space(b) {
                if b == b'\n' {
                    self.at_bol = true;
                }
                self.pos += 1;
                continue;
            }
            if b == 0xEF && self.at_bol && text[self.pos..].starts_with(BOM) {
                self.pos += BOM.len();
                continue;
            }
            if b >= 0xC2 && self.blank_character() {
                continue;
            }
            if self.game.tokens.len() >= MAX_TOKENS {
                self.too_many_tokens();
                break;
            }
            let bol = core::mem::replace(&mut self.at_bol, false);
            // A list's mark before a row of moves (`• 2. Nf3 Nc6`, `– 2. Sf3`:
            // a page's bulleted moves), or before a label and moves from
            // White's first (`- B03: 1.e4 Nf6 2.e5`, as the splitter reads
            // an item): punctuation, and the row is read.
            if bare && bol && self.depth_stack.is_empty() && (b >= 0x80 || b == b'-') {
                if let Some(len) = list_mark(&text[self.pos..]).or_else(|| {
                    let len = item_mark(&text[self.pos..])?;
                    let eol = self.line_end(self.pos);
                    let item = text[self.pos + len..trim_cr(text, eol)].trim_ascii_start();
                    opens_with_caption_then_moves(item).then_some(len)
                }) {
                    let span = self.span(self.pos, self.pos + len);
                    let severity = match self.mode {
                        Mode::Strict => Severity::Error,
                        Mode::Lenient => Severity::Note,
                    };
                    let what =
                        String::from_utf8_lossy(&text[self.pos..self.pos + len]).into_owned();
                    self.diag(
                        severity,
                        Kind::SkippedPunctuation,
                        format!("`{what}` before a row of moves: a list's mark, skipped"),
                        span,
                    );
                    self.pos += len;
                    self.at_bol = true;
                    continue;
                }
            }
            if bare && bol && self.depth_stack.is_empty() && self.is_commentary(self.pos) {
                self.commentary_line();
                continue;
            }
            if bol && b.is_ascii_digit() && self.page_line() {
                self.skip_page_line();
                continue;
            }
            if bol
                && self.mode == Mode::Lenient
                && self.depth_stack.is_empty()
                && may_open_diagram_line(&text[self.pos..])
                && self.diagram_line()
            {
                continue;
            }
            // A move named in a section's heading after the game's moves
            // (`3... Fc5: Giuoco Piano`, a paragraph of its own) is the
            // heading's, not a move of the game.
            if bare
                && bol
                && self.mode == Mode::Lenient
                && self.plies > 0
                && self.depth_stack.is_empty()
                && b.is_ascii_digit()
                && self.move_heading()
            {
                self.commentary_line();
                continue;
            }
            // Before the first move, a line of words that holds no move (`1.
            // rychlý`, `#662 Morphy v Anderssen`, a caption ending in `1-0`) is
            // text above the game, as the splitter takes it.
            if bare
                && bol
                && self.depth_stack.is_empty()
                && self.plies == 0
                && self.text_before_moves()
            {
                self.text_line();
                continue;
            }
            match b {
                b'{' => self.brace_comment(),
                b';' if bare
                    && self.mode == Mode::Lenient
                    && self.semicolon_separator(self.pos) =>
                {
                    let span = self.span(self.pos, self.pos + 1);
                    self.diag(
                        Severity::Note,
                        Kind::SkippedPunctuation,
                        "`;` between moves: read as a separator, not as a comment".into(),
                        span,
                    );
                    self.pos += 1;
                }
                b';' if bare && self.mode == Mode::Lenient && self.sentence_semicolon(self.pos) => {
                    // A sentence's semicolon (`... au centre du jeu; ce qui
                    // est d'une grande importance. 4... exd4`): the board
                    // reads the sentence as prose up to where the count goes on.
                    let span = self.span(self.pos, self.pos + 1);
                    self.diag(
                        Severity::Note,
                        Kind::SkippedPunctuation,
                        "`;` inside a sentence between the moves: punctuation, not a comment"
                            .into(),
                        span,
                    );
                    self.pos += 1;
                }
                b';' => self.line_comment(),
                b'%' if bol => self.escape_line(),
                b'(' if self.depth_stack.is_empty()
                    && text.get(self.pos + 1).is_some_and(u8::is_ascii_digit)
                    && self.paren_number(bol) => {}
                b'(' => {
                    self.seen_movetext = true;
                    let span = self.span(self.pos, self.pos + 1);
                    self.depth_stack.push(self.pos);
                    self.game.tokens.push(Token::StartVariation(span));
                    self.pos += 1;
                }
                b')' => {
                    if self.depth_stack.pop().is_some() {
                        let span = self.span(self.pos, self.pos + 1);
                        self.game.tokens.push(Token::EndVariation(span));
                    } else if self.number_paren() {
                    } else {
                        self.invalid(
                            Kind::UnmatchedParenthesis,
                            "')' closes no variation".into(),
                            self.pos,
                            self.pos + 1,
                        );
                    }
                    self.pos += 1;
                }
                b'}' => {
                    self.invalid(
                        Kind::UnmatchedBrace,
                        "'}' closes no comment".into(),
                        self.pos,
                        self.pos + 1,
                    );
                    self.pos += 1;
                }
                b'[' if let Some(len) = self.forum_wrapper() => self.skip_forum_wrapper(len),
                b'[' if self.bracket_comment(bol) => {}
                b'[' if bol => {
                    let end = trim_cr(text, self.line_end(self.pos));
                    self.invalid(
                        Kind::TagAfterMovetext,
                        "a tag pair after the movetext: is the game's result missing?".into(),
                        self.pos,
                        end,
                    );
                    self.pos = end;
                }
                b'[' | b']' => {
                    self.invalid(
                        Kind::UnexpectedCharacter,
                        format!("unexpected '{}' in the movetext", b as char),
                        self.pos,
                        self.pos + 1,
                    );
                    self.pos += 1;
                }
                b'$' => self.nag(),
                0 => self.binary_data(),
                _ => self.token(),
            }
        }
    }

    /// A stretch of binary data, which the reader of the bytes gives as NUL
    /// bytes (its line ends kept): one error over all of it.
    #[cold]
    fn binary_data(&mut self) {
        let text = self.text;
        let start = self.pos;
        let mut end = start;
        let mut i = start;
        while let Some(&b) = text.get(i) {
            if b == 0 {
                end = i + 1;
            } else if !is_space(b) {
                break;
            }
            i += 1;
        }
        let nuls = text[start..end].iter().filter(|&&b| b == 0).count();
        self.invalid(
            Kind::BinaryData,
            format!(
                "{nuls} {} of binary data, not text: the file is damaged here",
                if nuls == 1 { "byte" } else { "bytes" }
            ),
            start,
            end,
        );
        self.pos = end;
    }

    /// The game's text would end past [`Span::MAX_OFFSET`] (4 GiB) of its
    /// file, where spans cannot say where things are: the whole game is one
    /// error, not read (games are capped at 16 MiB when files are split, so
    /// only a library caller's text or `base` gets here).
    #[cold]
    fn unlocatable(&mut self) {
        let span = Span::new(self.base, self.base.saturating_add(self.text.len()));
        let d = Diagnostic::new(
            Severity::Error,
            Kind::GameTooLarge,
            format!(
                "the game ends {} bytes into its text, past the 4 GiB that locations can name: parse it with a smaller base (0, and add the game's offset when locating)",
                self.base.saturating_add(self.text.len())
            ),
            span,
        );
        self.refuse(d, span);
        self.truncated = true;
        self.pos = self.text.len();
    }

    /// The game has [`MAX_TOKENS`] tokens and more text: an error there, and
    /// the rest is not read.
    #[cold]
    fn too_many_tokens(&mut self) {
        let end = self.line_end(self.pos);
        let end = trim_cr(self.text, end)
            .max(self.pos + 1)
            .min(self.text.len());
        // The vector is full (MAX_TOKENS is a power of two): room for the one
        // token more, not for twice as many.
        self.game.tokens.reserve_exact(1);
        self.invalid(
            Kind::GameTooLarge,
            format!(
                "more than {MAX_TOKENS} tokens (moves, move numbers, comments, ...) in one game: the rest of the game is not read"
            ),
            self.pos,
            end,
        );
        self.depth_stack.clear();
        self.truncated = true;
        self.pos = self.text.len();
    }

    /// The end of the blanks from `i` in a tag line that ends at `eol`: spaces
    /// and tabs, and the non-breaking spaces (and byte order marks) that text
    /// copied from web pages holds, each read as a space and said.
    fn tag_blanks(&mut self, mut i: usize, eol: usize) -> usize {
        while i < eol {
            match self.text[i] {
                b' ' | b'\t' => i += 1,
                b if b >= 0x80 => {
                    let at = self.pos;
                    self.pos = i;
                    let blank = self.blank_character();
                    i = self.pos;
                    self.pos = at;
                    if !blank {
                        break;
                    }
                }
                _ => break,
            }
        }
        i
    }

    /// A non-breaking space or a byte order mark between tokens: read as a
    /// blank, and said.
    #[cold]
    fn blank_character(&mut self) -> bool {
        let len = unicode_blank(&self.text[self.pos..]);
        if len == 0 {
            return false;
        }
        let span = self.span(self.pos, self.pos + len);
        let (kind, message) = if self.text[self.pos] == 0xEF {
            (
                Kind::ByteOrderMark,
                "a byte order mark inside the text, read as a blank",
            )
        } else {
            (
                Kind::NonBreakingSpace,
                "a non-breaking space between tokens, read as a space",
            )
        };
        self.relax(kind, message.into(), span);
        self.pos += len;
        true
    }

    /// A move followed by an annotation glyph (`Nf3±`), or a glyph alone
    /// (`Nf3 ⩱`): the move is read, the glyph kept as its NAG, and said.
    fn glyph_token(&mut self, start: usize, end: usize) -> bool {
        let Some((nag, len)) = trailing_glyph(&self.text[start..end]) else {
            return false;
        };
        let at = end - len;
        let span = self.span(at, end);
        let before = self.game.diagnostics.len();
        self.relax(
            Kind::AnnotationGlyph,
            format!("an annotation glyph: PGN writes ${nag}"),
            span,
        );
        let plies = self.plies;
        if at > start {
            self.move_token(start, at);
        }
        if self.plies > plies {
            if let Some(d) = self.game.diagnostics.get_mut(before) {
                d.ply = Some(self.plies);
            }
        }
        self.game.tokens.push(Token::Nag { nag, span });
        true
    }

    /// `$` digits
    fn nag(&mut self) {
        let start = self.pos;
        let mut i = start + 1;
        let mut value: u32 = 0;
        while let Some(d) = self.text.get(i).filter(|b| b.is_ascii_digit()) {
            value = value.saturating_mul(10).saturating_add(u32::from(d - b'0'));
            i += 1;
        }
        let span = self.span(start, i);
        self.pos = i;
        // A malformed NAG annotates nothing: an error, but replay goes on.
        if i == start + 1 {
            self.diag(
                Severity::Error,
                Kind::InvalidNag,
                "'$' without a number".into(),
                span,
            );
        } else if let Ok(nag) = u8::try_from(value) {
            self.game.tokens.push(Token::Nag { nag, span });
        } else {
            let shown = String::from_utf8_lossy(&self.text[start..i]).into_owned();
            self.diag(
                Severity::Error,
                Kind::InvalidNag,
                format!("{shown} is out of range: NAGs go from $0 to $255"),
                span,
            );
        }
    }

    /// Whether the line at `pos` is prose rather than moves (bare move lists only).
    fn is_commentary(&mut self, pos: usize) -> bool {
        let text = self.text;
        let first = text[pos];
        // A rank of a diagram printed as text, its number at the board's
        // edge or not, is never moves.
        if (first.is_ascii_digit() || first.is_ascii_lowercase()) && {
            let eol = self.line_end(pos);
            is_diagram_rank(&text[pos..trim_cr(text, eol)])
        } {
            return true;
        }
        if first == b'(' && self.plies == 0 && self.expected_ply.is_none() {
            return self.parenthesised_caption(pos);
        }
        if first.is_ascii_digit() && self.plies == 0 && self.expected_ply.is_none() {
            return self.dated_caption(pos);
        }
        // A footnote under the game, opened by the asterisks that mark the
        // move it is about (`** Black takes the queen and is mated.`): the
        // prose after the mark decides, as for a line of its own.
        if first == b'*' {
            let marks = text[pos..].iter().take_while(|&&b| b == b'*').count();
            let blanks = text[pos + marks..]
                .iter()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            let rest = pos + marks + blanks;
            return blanks > 0
                && rest < text.len()
                && !text[rest].is_ascii_digit()
                && !matches!(text[rest], b'\n' | b'\r' | b'*')
                && self.is_commentary(rest);
        }
        if first.is_ascii_digit() || matches!(first, b'{' | b'(' | b')' | b';' | b'$' | b'%' | b'[')
        {
            return false;
        }
        // Prose starts with a letter and is text: garbage bytes are not commentary.
        // A page's markup left in its text (`<span class="...">Satranç</span>
        // İki oyuncu ...`) is text too.
        if !(first.is_ascii_alphabetic() || first >= 0xC0 || first == b'<') {
            return false;
        }
        let eol = self.line_end(pos);
        let line = &text[pos..trim_cr(text, eol)];
        if core::str::from_utf8(line).is_err() || line.iter().any(|&b| b < 0x20 && b != b'\t') {
            return false;
        }
        if first == b'<' {
            let tag = line
                .iter()
                .position(|&b| b == b'>')
                .map_or(&line[1..], |end| &line[1..end]);
            return tag
                .first()
                .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'/')
                && line.contains(&b'>')
                && has_word(line);
        }
        let end = token_end(text, pos);
        if !is_move_word(&text[pos..end], self.mode) {
            return !self.sentence_goes_on(pos, pos + line.len());
        }
        // `a4 is a good move`: a move followed by a plain word is prose too.
        let rest = &line[end - pos..];
        let next = rest.iter().position(|&b| !matches!(b, b' ' | b'\t'));
        let Some(next) = next else {
            return false;
        };
        let word_end = token_end(rest, next);
        let word = &rest[next..word_end];
        word.iter()
            .all(|&b| b.is_ascii_alphabetic() || matches!(b, b'\'' | b',' | b'.'))
            && !is_move_word(word, self.mode)
            && !is_suffix_word(word)
    }

    /// Whether the line at the position, before the game's first move, is a
    /// line of words that holds no move ([`holds_move`], [`has_word`]).
    fn text_before_moves(&mut self) -> bool {
        let eol = self.line_end(self.pos);
        let line = &self.text[self.pos..trim_cr(self.text, eol)];
        !matches!(line.first(), Some(b'{' | b'(' | b';' | b'[' | b'%'))
            && (is_text_around_games(line) || (is_page_number(line) && line.trim_ascii() != b"1"))
    }

    /// Whether the line at the position is a page's number or running title
    /// among the moves (`112`, `112 THE RUY LOPEZ`): a number without a dot
    /// (before the first move, any but 1; after, one that does not continue
    /// the game's count), then nothing or words that hold no move, and the
    /// line after it goes on with the printed count (the move number due, or
    /// the next), or the line is the text's last. The board's numbering, not a
    /// list of running titles, says the line is not the game's.
    fn page_line(&mut self) -> bool {
        if !self.depth_stack.is_empty() {
            return false;
        }
        let text = self.text;
        let number = |at: usize| -> Option<(u64, usize)> {
            let digits = text[at..]
                .iter()
                .take(5)
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 0 || digits > 4 {
                return None;
            }
            let n = text[at..at + digits]
                .iter()
                .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
            Some((n, at + digits))
        };
        let Some((n, after)) = number(self.pos) else {
            return false;
        };
        // `12.`, `12)`, `12...`: a move number with its mark.
        if text.get(after).is_some_and(|&b| !is_space(b)) {
            return false;
        }
        let last = self
            .last_number
            .or_else(|| self.expected_ply.map(|p| p / 2));
        let continues = |m: u64| last.map_or(m == 1, |l| m == l || m == l + 1);
        if continues(n) {
            return false;
        }
        let eol = self.line_end(self.pos);
        let rest = text[after..trim_cr(text, eol)].trim_ascii();
        if !rest.is_empty() && !is_text_around_games(rest) {
            return false;
        }
        let mut next = eol;
        while text.get(next).is_some_and(|&b| is_space(b)) {
            next += 1;
        }
        if next >= text.len() {
            return last.is_some();
        }
        match number(next) {
            Some((m, at)) => text.get(at) == Some(&b'.') && continues(m),
            None => false,
        }
    }

    /// Skips the line at the position, with a note, when it is a line of a
    /// board diagram printed as text ([`is_diagram_frame`]). Whether it was.
    fn diagram_line(&mut self) -> bool {
        let start = self.pos;
        let eol = self.line_end(start);
        let end = trim_cr(self.text, eol);
        if !is_diagram_frame(&self.text[start..end]) {
            return false;
        }
        let span = self.span(start, end);
        self.diag(
            Severity::Note,
            Kind::DiagramText,
            "a line of a board diagram printed as text: skipped".into(),
            span,
        );
        self.pos = eol;
        true
    }

    /// Whether the line at the position is a heading that names a move: a
    /// paragraph of its own (a blank line or the text's end after it) that
    /// is a numbered move with a colon glued after it and then words, no
    /// other move (`3... Fc5: Giuoco Piano`, `3...Nf6: İki At Savunması`), or
    /// a numbered move and a wiki's edit link in brackets.
    fn move_heading(&mut self) -> bool {
        let text = self.text;
        let eol = self.line_end(self.pos);
        let line = &text[self.pos..trim_cr(text, eol)];
        let after = text.get(eol + 1..).unwrap_or_default();
        let next_line = after
            .split(|&b| b == b'\n')
            .next()
            .unwrap_or_default()
            .trim_ascii();
        if !next_line.is_empty() {
            return false;
        }
        let mut words = line.split(|&b| is_space(b)).filter(|w| !w.is_empty());
        let Some(first) = words.next() else {
            return false;
        };
        let digits = first.iter().take_while(|b| b.is_ascii_digit()).count();
        let (dots, _, _) = count_dots(&first[digits..]);
        if digits == 0 || dots == 0 {
            return false;
        }
        // A wiki's section heading, the move and its edit link
        // (`3. Žf3[redaguoti | redaguoti vikitekstą]`, `[edit]`).
        if let Some(open) = line.iter().position(|&b| b == b'[') {
            let link = line[open..].trim_ascii_end();
            if link.ends_with(b"]")
                && !link[1..link.len() - 1].contains(&b'[')
                && has_word(link)
                && line[..open]
                    .split(|&b| is_space(b))
                    .filter(|w| !w.is_empty())
                    .count()
                    <= 2
            {
                return true;
            }
        }
        let glued = &first[digits + dots..];
        let named = if glued.is_empty() {
            words.next()
        } else {
            Some(glued)
        };
        let Some(named) = named.and_then(|w| w.strip_suffix(b":")) else {
            return false;
        };
        if named.is_empty() || !is_move_word(named, self.mode) {
            return false;
        }
        let mut title = false;
        for word in words {
            let bare = word.trim_ascii_end();
            if is_move_word(bare, self.mode) || is_suffix_word(bare) {
                return false;
            }
            title |= has_word(bare);
        }
        title
    }

    /// Skips a page's line among the moves ([`Parser::page_line`]), with a note.
    fn skip_page_line(&mut self) {
        let start = self.pos;
        let eol = self.line_end(start);
        let end = trim_cr(self.text, eol);
        let span = self.span(start, end);
        self.diag(
            Severity::Note,
            Kind::PageLine,
            "a page's number or running title among the moves, the numbering going on after it: skipped".into(),
            span,
        );
        self.pos = eol;
    }

    /// One move alone among lines of prose, in a text with no tags and no
    /// result (`1. e2e4` where a book explains its layout): an example, not
    /// a game; an error, so that no reading makes it a one-move game.
    fn lone_move(&mut self) {
        if !self.game.tags.is_empty() {
            return;
        }
        let mut depth = 0usize;
        let mut moves = Vec::new();
        let mut prose = false;
        for t in &self.game.tokens {
            match t {
                Token::StartVariation(_) => depth += 1,
                Token::EndVariation(_) => depth = depth.saturating_sub(1),
                Token::Move(m) if depth == 0 => moves.push(m.get().span),
                Token::Invalid(_) | Token::Result(..) => return,
                Token::Comment {
                    kind: CommentKind::Commentary,
                    ..
                } => prose = true,
                _ => {}
            }
            if moves.len() > 1 {
                return;
            }
        }
        if let ([span], true) = (moves.as_slice(), prose) {
            self.diag(
                Severity::Error,
                Kind::LoneMove,
                "one move alone among lines of prose, with no tags and no result: an example, not a game".into(),
                *span,
            );
        }
    }

    /// Whether `line`, mid-game, goes on with a sentence the line before left
    /// unfinished (the last token read is no move: `13.Vg5 után az alábbi
    /// állásban:` / `Honfi 13.-, e5! Majd 14. Hde2-re ...`) and holds the
    /// number that continues the game's count, or goes on after a move with the
    /// next number and a move (see below): its words are read as tokens,
    /// so that the board's rule for prose between moves
    /// ([`scoresheet_board::prose`]) finds where the game goes on, as it does
    /// within one line. Any other line of prose stays one commentary token.
    fn sentence_goes_on(&self, start: usize, end: usize) -> bool {
        let line = &self.text[start..end];
        if self.plies == 0 || !self.depth_stack.is_empty() {
            return false;
        }
        if !matches!(self.game.tokens.last(), Some(Token::Invalid(_))) {
            // After a move, a paragraph of words that carries the game on in
            // its sentence (`... (1319) . 18. Dxf6+! Kxf6 19. Rd5+ ...`, a
            // column's solution): the number due with a move after it, no
            // number before it, and no row of the game's text below starting
            // with that number (then
            // the paragraph is a note naming a variation, and the game goes
            // on in its rows). Kept whole as commentary, the game's moves in
            // it would be lost.
            // A number before it goes back in the count (`2012: 9...Te8 10.O-O`,
            // another game's line from an earlier move): a note's variation.
            // And the count goes on from it (the next number is printed, on
            // its line or on the next: a game told in sentences, a line each,
            // `Then White played 2. Nf3 and Black 2...Nc6` / `Next came 3.
            // Bb5`): a sentence naming one move (`The usual reply is 3...Bc5,
            // the Giuoco Piano.`) stays prose.
            // A line whose words only open it, the moves running to its end
            // (`Then 2. Nf3 Nc6`, `e 8.Cc3 c6 9.Ag5 b5`: a one-letter word
            // there is no move cut short), is read as a caption and its moves
            // ([`Self::moves_ending_prose`]), not word by word.
            return self.due_ply().is_some_and(|p| {
                moves_after_words(line, p / 2, self.mode).is_some_and(|at| {
                    !names_move_number(&line[..at])
                        && (numbers_move(&line[at..], p / 2 + 1)
                            || numbers_move(self.next_line(end), p / 2 + 1))
                }) && !self.row_below(end, p / 2)
                    && self.moves_ending_prose(start, end, end).is_none()
            });
        }
        line.split(|&b| is_space(b)).any(|word| {
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            if !(1..=4).contains(&digits) || count_dots(&word[digits..]).1 == 0 {
                return false;
            }
            let n = word[..digits]
                .iter()
                .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
            self.expected_ply.is_some_and(|p| n == p / 2)
                || self.last_number.is_some_and(|l| n == l || n == l + 1)
        })
    }

    /// The ply of the main line's next move by the game's count: the
    /// parser's own while it reads moves, the printed count after its stop
    /// (a word no grammar reads, which the board may skip as prose).
    fn due_ply(&self) -> Option<u64> {
        match self.game.stop {
            None => self.expected_ply,
            Some(_) => self.printed_ply,
        }
    }

    /// The line after the one ending at `end` (blank lines passed over),
    /// without its line end; at most [`ROW_LOOKAHEAD`] bytes.
    fn next_line(&self, end: usize) -> &'a [u8] {
        let text = self.text;
        let mut from = end.min(text.len());
        while text.get(from).is_some_and(|&b| is_space(b)) {
            from += 1;
        }
        let rest = &text[from..text.len().min(from.saturating_add(ROW_LOOKAHEAD))];
        let eol = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        &rest[..trim_cr(rest, eol)]
    }

    /// Whether a line below the one ending at `end`, within [`ROW_LOOKAHEAD`]
    /// bytes, starts with the move number `number` (`18.`, `18 `): a row of
    /// the game's own.
    fn row_below(&self, end: usize, number: u64) -> bool {
        let text = self.text;
        let from = end.min(text.len());
        let below = &text[from..text.len().min(from.saturating_add(ROW_LOOKAHEAD))];
        let digits = number.to_string();
        below.split(|&b| b == b'\n').skip(1).any(|l| {
            l.trim_ascii_start()
                .strip_prefix(digits.as_bytes())
                .is_some_and(|rest| matches!(rest.first(), Some(b'.' | b' ' | b'\t')))
        })
    }

    /// Whether the `;` at `pos` is a sentence's ([`Self::sentence_goes_on`]
    /// with the rest of its line).
    fn sentence_semicolon(&mut self, pos: usize) -> bool {
        let text = self.text;
        let eol = trim_cr(text, self.line_end(pos));
        self.sentence_goes_on(pos + 1, eol.max(pos + 1))
    }

    /// Whether the line at `pos`, before the game's first move, opens with a
    /// number that is no first move's (`2001. január 27., szombat 18:17`, a
    /// page's date; `3. fejezet`): a number other than 1, with its dot, then
    /// a word that no grammar reads as a move. Kept as commentary (with the
    /// moves after it on its line, if any, read: [`Self::moves_after_caption`]).
    fn dated_caption(&mut self, pos: usize) -> bool {
        let text = self.text;
        let eol = trim_cr(text, self.line_end(pos));
        let line = &text[pos..eol];
        if core::str::from_utf8(line).is_err() || line.iter().any(|&b| b < 0x20 && b != b'\t') {
            return false;
        }
        let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
        let (dot_bytes, dots, _) = count_dots(&line[digits..]);
        if dots != 1 || digits > 4 || &line[..digits] == b"1" {
            return false;
        }
        let rest = &line[digits + dot_bytes..];
        let Some(from) = rest.iter().position(|&b| !is_space(b)) else {
            return false;
        };
        if from == 0 {
            return false;
        }
        let to = rest[from..]
            .iter()
            .position(|&b| is_space(b))
            .map_or(rest.len(), |n| from + n);
        let word = &rest[from..to];
        let word = &word[..trim_marks(word)];
        let plain = core::str::from_utf8(word).is_ok_and(|w| {
            w.chars().count() >= 3
                && w.chars()
                    .all(|c| c.is_alphabetic() || matches!(c, ',' | '.' | ':'))
        });
        plain && !is_move_word(word, self.mode) && !may_be_move(word, self.mode)
    }

    /// Keeps `start..end` as a commentary token (text that is no move, kept
    /// where it stood) and returns its span.
    fn push_commentary(&mut self, start: usize, end: usize) -> Span {
        let span = self.span(start, end);
        self.check_utf8(start, end, "a comment");
        self.game.tokens.push(Token::Comment {
            kind: CommentKind::Commentary,
            text: &self.text[start..end],
            span,
        });
        span
    }

    fn commentary_line(&mut self) {
        let start = self.pos;
        let eol = self.line_end(start);
        let line_end = trim_cr(self.text, eol);
        let moves = self
            .moves_after_caption(start, line_end)
            .or_else(|| self.moves_ending_prose(start, line_end, eol));
        let end = moves.map_or(line_end, |m| start + trim_space_end(&self.text[start..m]));
        let span = self.push_commentary(start, end);
        let message = if moves.is_some() {
            "a caption before the moves on its line: kept as commentary"
        } else {
            "this line is not moves: kept as commentary"
        };
        self.diag(Severity::Note, Kind::Commentary, message.into(), span);
        self.pos = moves.unwrap_or(eol);
    }

    /// Whether the line at `pos`, before the game's first move, is a caption
    /// that opens with words in parentheses (`(1) Paul Morphy (2800) - `,
    /// `(Opera Box) Paris (1), 1858`): a word that is no move follows the
    /// parentheses on the line. A variation or a numbered move (`(1) e4`,
    /// `(1. d4) 1. e4`) is no caption.
    fn parenthesised_caption(&mut self, pos: usize) -> bool {
        let text = self.text;
        let eol = self.line_end(pos);
        let line = &text[pos..trim_cr(text, eol)];
        if core::str::from_utf8(line).is_err() || line.iter().any(|&b| b < 0x20 && b != b'\t') {
            return false;
        }
        let Some(close) = line.iter().position(|&b| b == b')') else {
            return false;
        };
        if line[1..close].contains(&b'(') {
            return false;
        }
        let rest = &line[close + 1..];
        let Some(from) = rest.iter().position(|&b| !is_space(b)) else {
            // Parentheses alone on their line (`(http://www.cyberpress.hu/)`,
            // a source under a title) holding no word that may be a move.
            return line[1..close].split(|&b| is_space(b)).all(|w| {
                let w = &w[..trim_marks(w)];
                w.is_empty()
                    || !(w[0].is_ascii_digit()
                        || is_move_word(w, self.mode)
                        || may_be_move(w, self.mode))
            });
        };
        let to = rest[from..]
            .iter()
            .position(|&b| is_space(b))
            .map_or(rest.len(), |n| from + n);
        let word = &rest[from..to];
        let word = &word[..trim_marks(word)];
        word.first()
            .is_some_and(|&b| b.is_ascii_alphabetic() || b >= 0xC0)
            && !is_move_word(word, self.mode)
            && !is_suffix_word(word)
    }

    /// Whether the `;` at `pos` separates moves in a game without tags rather
    /// than starting a comment (`1.e4 e5;   2.Nf3 d6`, web pages' rows): the
    /// number that continues the game's count (the next main-line move's, or
    /// the one after the last printed, whatever the parser made of the
    /// tokens between: `11.Bxb5ch Nbd7;   12.O-O-O`), with a token shaped
    /// as a move after it, follows it on its line. The board then reads the
    /// tokens, or refuses the first that has no legal reading. A `;` before
    /// words stays PGN's comment.
    fn semicolon_separator(&self, pos: usize) -> bool {
        if self.expected_ply.is_none() && self.last_number.is_none() {
            return false;
        }
        if !self.depth_stack.is_empty() {
            return false;
        }
        let text = self.text;
        let mut i = pos + 1;
        while text.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
            i += 1;
        }
        let end = token_end_or(text, i);
        let word = &text[i..end];
        let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
        if !(1..=4).contains(&digits) {
            return false;
        }
        let n = word[..digits]
            .iter()
            .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
        let (dot_bytes, dots, _) = count_dots(&word[digits..]);
        let continues = self.expected_ply.is_some_and(|p| n == p / 2)
            || self.last_number.is_some_and(|l| n == l + 1);
        if dots == 0 || !continues {
            return false;
        }
        let glued = &word[digits + dot_bytes..];
        let skip_blanks = |mut j: usize| {
            while text.get(j).is_some_and(|&b| b == b' ' || b == b'\t') {
                j += 1;
            }
            j
        };
        let (next, after) = if glued.is_empty() {
            let j = skip_blanks(end);
            let e = token_end_or(text, j);
            (&text[j..e], e)
        } else {
            (glued, end)
        };
        let next = &next[..trim_marks(next)];
        if next.is_empty() || !may_be_move(next, self.mode) {
            return false;
        }
        // What follows the move is movetext too (a move, a number, a result,
        // a comment, another `;`, a mark such as `a.p.`, the line's end), not
        // a word of prose (`; 2. Nf3 was better` is a comment).
        let j = skip_blanks(after);
        let follow = &text[j..token_end_or(text, j)];
        let follow = &follow[..trim_marks(follow)];
        let prose = core::str::from_utf8(follow)
            .is_ok_and(|w| w.chars().count() >= 2 && w.chars().all(char::is_alphabetic));
        !prose || may_be_move(follow, self.mode) || is_suffix_word(follow)
    }

    /// Where the moves start in a line of prose that ends in them
    /// (`Chess Log: 1. d4 d5`, `Game 3. Morphy v. Amateur. 1. e4 e5`), before
    /// the game's first move: at a word after the first that is the number
    /// the first move carries, with dots, and a move after it (glued, `1.e4`,
    /// or the next word). A number that numbers no move (`Game 3. Morphy`)
    /// or another move (`the 14. Kh1 of the other game`) leaves the line
    /// prose. Once moves are read, a prose line stays prose whole, whatever
    /// moves it names. One pass over the line.
    fn moves_after_caption(&self, start: usize, end: usize) -> Option<usize> {
        if self.plies > 0 || self.expected_ply.is_some() {
            return None;
        }
        let expected = self.expected_ply.map_or(1, |p| p / 2);
        moves_after_words(&self.text[start..end], expected, self.mode).map(|at| start + at)
    }

    /// Where the game's moves start in a line of prose that holds them,
    /// after the game's first move (`Morgan, simul, Philadelphia 1892, as
    /// given in the appendix. 5.d4 exd4 6.Qxd4`, its next line `d6 7.0–0`;
    /// `After 35.Rxc5 Rd2 White’s bishop is lost.`): at the number the main
    /// line's next move carries, with a move after it, unless the next line
    /// numbers a move again at or before the last number of the moves
    /// (`Better was 5.d4 exd4` over the game's `5.O-O`: the note's line
    /// stays whole). What is read from there is movetext as any other: the
    /// words after the moves are the board's prose to skip or refuse, and
    /// the board judges the moves. One pass over the line.
    fn moves_ending_prose(&self, start: usize, end: usize, eol: usize) -> Option<usize> {
        if self.plies == 0 || !self.depth_stack.is_empty() {
            return None;
        }
        let expected = self.due_ply()?;
        let at = start + moves_after_words(&self.text[start..end], expected / 2, self.mode)?;
        // The number says whose move it is: `9.` for White's, `9...` for
        // Black's (`9.Ve1` in a sentence after White's ninth is a note's).
        let digits = self.text[at..end]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let (_, dots, ellipsis) = count_dots(&self.text[at + digits..end]);
        if (dots > 1 || ellipsis) != (expected % 2 == 1) {
            return None;
        }
        let mut last = 0u64;
        let mut words_at = end;
        let mut offset = at;
        for raw in self.text[at..end].split(|&b| is_space(b)) {
            let word_start = offset;
            offset += raw.len() + 1;
            let word = &raw[..trim_marks(raw)];
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 && digits <= 4 {
                last = word[..digits]
                    .iter()
                    .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
                let (dot_bytes, _, _) = count_dots(&word[digits..]);
                let glued = &word[digits + dot_bytes..];
                if !(glued.is_empty()
                    || may_be_move(glued, self.mode)
                    || GameResult::from_ascii(word).is_some())
                {
                    words_at = word_start;
                    break;
                }
            } else if !(word.is_empty()
                || word == b"*"
                || may_be_move(word, self.mode)
                || is_suffix_word(word))
            {
                words_at = word_start;
                break;
            }
        }
        // The words after the moves name no other numbered move (`3...d6
        // ili 3...Le7 bijeli može igrati 4. d4`: a note comparing lines).
        if words_at < end
            && self.text[words_at..end].split(|&b| is_space(b)).any(|w| {
                let digits = w.iter().take_while(|b| b.is_ascii_digit()).count();
                digits > 0 && w.get(digits) == Some(&b'.')
            })
        {
            return None;
        }
        // The next line's first word, when it is a number, goes on past them.
        let next = (eol..self.text.len())
            .find(|&k| !self.text[k].is_ascii_whitespace())
            .unwrap_or(self.text.len());
        let digits = self.text[next..]
            .iter()
            .take(5)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits > 0 {
            let n = self.text[next..next + digits]
                .iter()
                .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
            if n <= last {
                return None;
            }
        }
        Some(at)
    }

    /// A word of movetext: move number, result, move, or a suffix for the previous move.
    fn token(&mut self) {
        let start = self.pos;
        let end = token_end(self.text, start);
        self.pos = end;
        let token = &self.text[start..end];
        let result = match token[0] {
            b'0' | b'1' | b'*' | 0xC2 => GameResult::from_ascii(token).or_else(|| {
                let r = GameResult::from_spelled(token)?;
                let span = self.span(start, end);
                self.relax(
                    Kind::UnicodeDash,
                    "a dash other than '-' in the result: PGN writes 1-0, 0-1 or 1/2-1/2".into(),
                    span,
                );
                Some(r)
            }),
            _ => None,
        };
        let result = result.or_else(|| self.short_draw(start, end));
        if let Some(r) = result {
            self.push_result(r, start, end);
            return;
        }
        if self.result_at.is_some() && self.depth_stack.is_empty() {
            self.invalid(
                Kind::MovetextAfterResult,
                "movetext after the game's result".into(),
                start,
                end,
            );
            return;
        }
        self.seen_movetext = true;
        let first = token[0];
        let is_move_like_number = token.starts_with(b"0-") || token == b"0000";
        if first.is_ascii_digit() && !is_move_like_number {
            let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
            let (dot_bytes, dots, ellipsis) = count_dots(&token[digits..]);
            if dots > 0 || digits == token.len() {
                self.move_number(start, digits, dot_bytes, dots, ellipsis);
                if start + digits + dot_bytes < end {
                    self.move_word(start + digits + dot_bytes, end);
                }
                return;
            }
            if token[digits] == b'/' && !token.get(digits + 1).is_some_and(u8::is_ascii_digit) {
                self.slash_number(start, digits, end);
                return;
            }
        }
        let (dot_bytes, _, _) = count_dots(token);
        if dot_bytes == token.len() {
            self.dots(start, end);
            return;
        }
        if dot_bytes > 0 {
            // `..c5`, `…cxb5`: Black's move after a number written apart.
            self.dots(start, start + dot_bytes);
            self.move_word(start + dot_bytes, end);
            return;
        }
        self.move_word(start, end);
    }

    fn push_result(&mut self, r: GameResult, start: usize, end: usize) {
        let span = self.span(start, end);
        self.game.tokens.push(Token::Result(r, span));
        if self.depth_stack.is_empty() && self.result_at.is_none() {
            self.result_at = Some(start);
        }
    }

    /// `1/2` or `½` alone, as some books and sites print a draw: read as
    /// `1/2-1/2`, and said.
    fn short_draw(&mut self, start: usize, end: usize) -> Option<GameResult> {
        if !matches!(&self.text[start..end], b"1/2" | b"\xC2\xBD") {
            return None;
        }
        let span = self.span(start, end);
        self.relax(
            Kind::ShortDraw,
            "a draw written as half a point: PGN writes 1/2-1/2".into(),
            span,
        );
        Some(GameResult::Draw)
    }

    /// A word no reader takes whole, cut into the moves, move numbers,
    /// results and punctuation a printer ran together (`1.e4e52.Sf3Sc6`,
    /// `e4,`, `a6.`, `1.*`; [`super::segment::cut`]), each part read as if
    /// written apart. Punctuation is skipped with a note; parts run together
    /// are said once a game. Whether the word was so cut.
    fn segmented(&mut self, start: usize, end: usize) -> bool {
        use super::segment::{Part, cut};
        if self.segmenting {
            return false;
        }
        let Some(parts) = cut(&self.text[start..end]) else {
            return false;
        };
        self.segmenting = true;
        // Asterisks ending the word after a move, with the game going on
        // after it, are a footnote mark (`Bc4**`), not a result run into it.
        let footnote = match parts.as_slice() {
            [.., (Part::Move, _, _), (Part::Result, s, e)] => self
                .footnote_mark(start + s, start + e, end)
                .then_some(start + s),
            _ => None,
        };
        let readable = parts
            .iter()
            .filter(|p| !matches!(p.0, Part::Punctuation | Part::CaseEnding))
            .count()
            - usize::from(footnote.is_some());
        if readable > 1 {
            let span = self.span(start, end);
            self.relax_once(
                Kind::RunTogether,
                "moves, move numbers or results printed without spaces between them: read apart",
                span,
            );
        }
        for (part, s, e) in parts {
            let (s, e) = (start + s, start + e);
            match part {
                Part::Punctuation if &self.text[s..e] == b":" && self.capture_mark_after() => {}
                Part::Punctuation => {
                    self.skipped_part(Kind::SkippedPunctuation, s, e, "after a move: punctuation");
                }
                Part::Result if footnote == Some(s) => self.skipped_part(
                    Kind::SkippedPunctuation,
                    s,
                    e,
                    "after a move, with the game going on: a footnote mark",
                ),
                Part::Result => {
                    let r = GameResult::from_ascii(&self.text[s..e])
                        .or_else(|| self.short_draw(s, e))
                        .unwrap_or(GameResult::Unknown);
                    self.push_result(r, s, e);
                }
                Part::Number => {
                    let digits = self.text[s..e]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let (dot_bytes, dots, ellipsis) = count_dots(&self.text[s + digits..e]);
                    self.move_number(s, digits, dot_bytes, dots, ellipsis);
                }
                Part::Move => self.move_token(s, e),
                Part::CaseEnding => self.skipped_part(
                    Kind::CaseEnding,
                    s,
                    e,
                    "after the move: a language's case ending glued to it",
                ),
                Part::Marks => {
                    if !self.suffix_token(s, e) {
                        self.invalid(
                            Kind::UnexpectedCharacter,
                            "marks that belong to no move".into(),
                            s,
                            e,
                        );
                    }
                }
            }
        }
        self.segmenting = false;
        true
    }

    /// A part of a word cut apart skipped, as `what` says (`` `,` after a
    /// move: punctuation, skipped``): a note, an error in strict mode.
    fn skipped_part(&mut self, kind: Kind, s: usize, e: usize, what: &str) {
        let span = self.span(s, e);
        let severity = match self.mode {
            Mode::Strict => Severity::Error,
            Mode::Lenient => Severity::Note,
        };
        let part = String::from_utf8_lossy(&self.text[s..e]);
        let message = format!("`{part}` {what}, skipped");
        self.diag(severity, kind, message, span);
    }

    /// Whether the asterisks at `s..e`, the end of a word that ends at
    /// `word_end`, are a footnote mark printed after the move before them
    /// (`3. Bc4** Nc6`, `Bxd1??*** 6. Bxf7+`) rather than the result `*`: a
    /// move stands right before them, and the game goes on after the word (a
    /// move or a move number follows, not a comment, a variation, a tag or
    /// the text's end). A game that really ended there and runs into the next
    /// one is refused either way (its count starts again).
    fn footnote_mark(&self, s: usize, e: usize, word_end: usize) -> bool {
        if e != word_end || !self.depth_stack.is_empty() || self.text[s] != b'*' {
            return false;
        }
        let next = self.text[word_end..].iter().find(|&&b| !is_space(b));
        next.is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
    }

    /// A `:` after a long algebraic move written with `-` (`e5-d4:`), as
    /// German books print a capture: the move's capture mark. Whether the
    /// last move was such a move.
    fn capture_mark_after(&mut self) -> bool {
        let Some(Token::Move(record)) = self.game.tokens.last_mut() else {
            return false;
        };
        let mut m = record.get().into_owned();
        let MoveKind::Lan(lan) = &mut m.kind else {
            return false;
        };
        if lan.capture != Some(false) {
            return false;
        }
        lan.capture = Some(true);
        *record = MoveRecord::new(m);
        true
    }

    /// A move word: a move token, or the first part of a move written with
    /// spaces inside (`e2 - e4`, `Bf8-e 7`), which is read whole.
    #[inline(always)]
    fn move_word(&mut self, start: usize, end: usize) {
        let text = self.text;
        if text.get(end) == Some(&b' ')
            && match text.get(end + 1) {
                Some(b'-' | b'x' | b'X' | b':' | 0xC3 | 0xE2) => true,
                Some(b'1'..=b'8') => matches!(text[end - 1], b'a'..=b'h'),
                Some(b'a'..=b'h') => is_piece_word(&text[start..end]),
                _ => false,
            }
            && self.spaced_move(start, end)
        {
            return;
        }
        self.move_token(start, end);
    }

    /// `12/`, `12/...`, `12/e4` (French sites): a move number, and said.
    #[cold]
    fn slash_number(&mut self, start: usize, digits: usize, end: usize) {
        let (dot_bytes, dots, ellipsis) = count_dots(&self.text[start + digits + 1..end]);
        let span = self.span(start, start + digits + 1);
        self.relax_once(
            Kind::SlashMoveNumber,
            "move numbers written with '/', as French sites write them: PGN writes 12. or 12...",
            span,
        );
        let dots = if dots >= 2 { 3 } else { 1 };
        self.move_number(start, digits, 1 + dot_bytes, dots, ellipsis);
        let after = start + digits + 1 + dot_bytes;
        if after < end {
            self.move_word(after, end);
        }
    }

    /// `(12)` where a White move comes (at the start of a line, or numbered as
    /// the next White move): a move number, as English books of the 1910s
    /// printed them, and said. A variation (`(12. d4)`, `(12... e5)`) is not one.
    #[cold]
    fn paren_number(&mut self, bol: bool) -> bool {
        let text = self.text;
        let start = self.pos;
        let digits = text[start + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = start + digits + 2;
        if digits > 6
            || text.get(end - 1) != Some(&b')')
            || !text.get(end).is_none_or(|&b| is_space(b))
            || self.result_at.is_some()
        {
            return false;
        }
        let number = text[start + 1..end - 1]
            .iter()
            .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
        if number == 0 || !(bol || self.expected_ply == Some(number * 2)) {
            return false;
        }
        self.seen_movetext = true;
        let span = self.span(start, end);
        self.relax_once(
            Kind::ParenthesisedMoveNumber,
            "move numbers in parentheses, as older books printed them: PGN writes 12.",
            span,
        );
        self.game.tokens.push(Token::MoveNumber {
            number: u32::try_from(number).unwrap_or(u32::MAX),
            black: false,
            span,
        });
        self.pending_number = Some((number * 2, span));
        self.last_number = Some(number);
        self.pos = end;
        true
    }

    /// `12)`: a `)` right after a bare move number, outside any variation, is
    /// part of the number, and said.
    #[cold]
    fn number_paren(&mut self) -> bool {
        let at = self.base + self.pos;
        let Some(Token::MoveNumber { span, black, .. }) = self.game.tokens.last_mut() else {
            return false;
        };
        let digits_only = self.text[span.start() - self.base..span.end() - self.base]
            .iter()
            .all(u8::is_ascii_digit);
        if *black || span.end() != at || !digits_only {
            return false;
        }
        *span = Span::new(span.start(), at + 1);
        let span = *span;
        if let Some((_, s)) = &mut self.pending_number {
            *s = span;
        }
        self.relax_once(
            Kind::ParenthesisedMoveNumber,
            "move numbers written with ')': PGN writes 12.",
            span,
        );
        self.pos += 1;
        true
    }

    /// `[12. Ne2 was better]`, `[ECO code C23]` in the movetext: text in square
    /// brackets that is no tag pair (`[Name "value"]`, by the splitter's rule)
    /// is a note of its game, kept as a comment and said. It may run over lines
    /// to its `]` within its paragraph (a book's bracketed variation).
    #[cold]
    fn bracket_comment(&mut self, bol: bool) -> bool {
        let text = self.text;
        let start = self.pos;
        let eol = self.line_end(start);
        if super::split::names_a_tag(&text[start..eol]) {
            // `[Event "..."]` starts the next game.
            return false;
        }
        if self.forum_wrapper().is_some() {
            return false;
        }
        // The first line's own end, unless the note goes on past it.
        let limit = if bol || !text[start + 1..eol].contains(&b']') {
            paragraph_end(text, start).0.min(start + MAX_BRACKET_NOTE)
        } else {
            eol
        };
        let Some(close) = text[start + 1..limit.max(start + 1)]
            .iter()
            .position(|&b| matches!(b, b'[' | b']' | b'{' | b'}'))
            .filter(|&i| text[start + 1 + i] == b']')
        else {
            return false;
        };
        let body = &text[start + 1..start + 1 + close];
        if body.iter().all(|&b| is_space(b)) {
            return false;
        }
        let end = start + close + 2;
        let span = self.span(start, end);
        self.check_utf8(start + 1, end - 1, "a comment");
        self.seen_movetext = true;
        self.game.tokens.push(Token::Comment {
            kind: CommentKind::Commentary,
            text: body,
            span,
        });
        self.relax(
            Kind::BracketComment,
            "text in square brackets inside the movetext: kept as a comment (PGN writes { })"
                .into(),
            span,
        );
        self.pos = end;
        true
    }

    /// Forgets what was read from token `index` on (a variation's opening at
    /// offset `at` of the file): its tokens, the diagnostics from `at` on, a stop
    /// among them, and the once-a-game reports they made.
    #[cold]
    fn unread_from(&mut self, index: usize, at: usize) {
        self.game.tokens.truncate(index);
        while self
            .game
            .diagnostics
            .last()
            .is_some_and(|d| d.span.start() >= at)
        {
            self.game.diagnostics.pop();
        }
        if self.game.stop.is_some_and(|s| s >= index) {
            self.game.stop = None;
        }
        let said = |k: Kind| self.game.diagnostics.iter().any(|d| d.kind == k);
        self.lan_reported = said(Kind::LongAlgebraic);
        self.uci_reported = said(Kind::UciMove);
        self.national_reported = said(Kind::NationalLetters) || said(Kind::KnightKt);
        let once = core::mem::take(&mut self.once);
        self.once = once.into_iter().filter(|&k| said(k)).collect();
    }

    /// A variation or parenthesised note still open where the game's text ends:
    /// a page cut off inside it (a column's note running over the page's last
    /// line). Read leniently, the note ends at the end of its paragraph (the
    /// first blank line after its `(`, else the end of the text): the game is
    /// read up to the outermost open `(`, the note kept as a comment and said at
    /// the `(`, and the reading goes on after the paragraph (the place
    /// returned). Strict reading keeps the error.
    #[cold]
    fn bound_cut_variation(&mut self) -> Option<usize> {
        if self.mode != Mode::Lenient || self.truncated {
            return None;
        }
        let open = *self.depth_stack.first()?;
        let at = self.base + open;
        let index = self
            .game
            .tokens
            .iter()
            .position(|t| matches!(t, Token::StartVariation(s) if s.start() == at))?;
        self.unread_from(index, at);
        self.depth_stack.clear();
        let text = self.text;
        let (paragraph_end, resume) = paragraph_end(text, open);
        let end = trim_space_end(&text[..paragraph_end]).max(open + 1);
        self.check_utf8(open + 1, end, "a comment");
        self.game.tokens.push(Token::Comment {
            kind: CommentKind::Commentary,
            text: &text[open + 1..end],
            span: self.span(open, end),
        });
        let span = self.span(open, open + 1);
        self.relax(
            Kind::CutVariation,
            "a variation or note not closed before the game's text ends (a page cut off?): \
             the game is read up to its '(', the note to its paragraph's end kept as a comment"
                .into(),
            span,
        );
        Some(resume)
    }

    /// The parentheses around the position hold prose (`(meilleur était
    /// 12. Ce2)`) rather than a variation: what was read of them is dropped and
    /// they are kept as a comment, and said. A variation with a move that cannot
    /// be read stays one (with its error).
    #[cold]
    fn prose_parentheses(&mut self) -> bool {
        let Some(&open) = self.depth_stack.last() else {
            return false;
        };
        let text = self.text;
        // Its own `)`, past notes in parentheses inside it (`(very fine turns,
        // e.g. 27... Rf8 28. Qg6+ (the queen cannot take) 29. Qe6+ and wins)`).
        let mut depth = 0usize;
        let Some(close) = text[open + 1..]
            .iter()
            .take(2000)
            .position(|&b| match b {
                b'(' => {
                    depth += 1;
                    false
                }
                b')' if depth > 0 => {
                    depth -= 1;
                    false
                }
                b')' | b'{' | b'}' => true,
                _ => false,
            })
            .map(|i| open + 1 + i)
            .filter(|&i| text[i] == b')')
        else {
            return false;
        };
        let body = &text[open + 1..close];
        let at = self.base + open;
        let Some(index) = self
            .game
            .tokens
            .iter()
            .rposition(|t| matches!(t, Token::StartVariation(s) if s.start() == at))
        else {
            return false;
        };
        // Before the game's first move the parentheses can hold no variation (a
        // variation replaces a move): an aside above the game (`(31.8.1956)`, a
        // column's date) whatever it holds.
        let before_moves = !self.game.tokens[..index]
            .iter()
            .any(|t| matches!(t, Token::Move(_)));
        // Nor is a variation that holds no move one (`(2.10.1932)`, a date).
        if !before_moves && !has_prose_word(body, self.mode) && holds_move(body) {
            return false;
        }
        self.unread_from(index, at);
        self.depth_stack.pop();
        let span = self.span(open, close + 1);
        self.check_utf8(open + 1, close, "a comment");
        self.game.tokens.push(Token::Comment {
            kind: CommentKind::Commentary,
            text: body,
            span,
        });
        let message = if before_moves {
            "parentheses before the game's first move hold no variation: kept as a comment \
             (PGN writes { })"
        } else if has_prose_word(body, self.mode) {
            "parentheses holding prose, not a variation: kept as a comment (PGN writes { })"
        } else {
            "parentheses holding no move, not a variation: kept as a comment (PGN writes { })"
        };
        self.relax(Kind::ProseInParentheses, message.into(), span);
        self.pos = close + 1;
        true
    }

    /// A dash standing alone after a move and before the next move of the
    /// same number (`2. Dh5 – Sc6`): the separator many pages print between
    /// White's move and Black's, skipped with a note (an error when strict).
    /// Whether it was one.
    #[cold]
    fn dash_between_moves(&mut self, start: usize, end: usize) -> bool {
        // After a move, or a word the board may read as one (`¤f3`).
        if !matches!(
            self.game.tokens.last(),
            Some(Token::Move(_) | Token::Invalid(_))
        ) {
            return false;
        }
        let mut next = end;
        while matches!(self.text.get(next), Some(b' ' | b'\t')) {
            next += 1;
        }
        // A move follows: a letter (a piece, a file, castling's `O`) or a
        // figurine, not a number, a result or the end of the line.
        if !self
            .text
            .get(next)
            .is_some_and(|b| b.is_ascii_alphabetic() || *b >= 0x80)
        {
            return false;
        }
        let span = self.span(start, end);
        let severity = match self.mode {
            Mode::Strict => Severity::Error,
            Mode::Lenient => Severity::Note,
        };
        let what = String::from_utf8_lossy(&self.text[start..end]).into_owned();
        self.diag(
            severity,
            Kind::DashBetweenMoves,
            format!("`{what}` between two moves: a separator, skipped"),
            span,
        );
        true
    }

    /// `- ...` (French sites): the other side's move, not given here. Skipped,
    /// and said.
    fn placeholder(&mut self, start: usize, end: usize) -> bool {
        let text = self.text;
        let word = &text[start..end];
        // `5. - d6`, `11.—, He5:` (Hungarian and other books' columns): a dash right
        // after White's move number, where White's move would be, stands for it.
        let dash = word.strip_suffix(b",").unwrap_or(word);
        if !(dash == b"-" || dash == "\u{2013}".as_bytes() || dash == "\u{2014}".as_bytes()) {
            return false;
        }
        // `- ...` is the French sites' placeholder below, which makes no ply.
        let mut next = end;
        while matches!(text.get(next), Some(b' ' | b'\t')) {
            next += 1;
        }
        let dots_follow = count_dots(&text[next..]).1 >= 2;
        if let (false, Some(Token::MoveNumber { black: false, .. })) =
            (dots_follow, self.game.tokens.last())
        {
            if let Some(Token::MoveNumber { black, .. }) = self.game.tokens.last_mut() {
                *black = true;
            }
            if let Some((ply, _)) = self.pending_number.as_mut() {
                *ply += 1;
            }
            let span = self.span(start, end);
            self.relax(
                Kind::MovePlaceholder,
                "'-' after a move number stands for White's move, not given here: skipped".into(),
                span,
            );
            return true;
        }
        if dash.len() != word.len() {
            return false;
        }
        let mut i = end;
        while matches!(text.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        let (dot_bytes, dots, _) = count_dots(&text[i..]);
        let after = i + dot_bytes;
        if dots < 2
            || text
                .get(after)
                .is_some_and(|&b| !TOKEN_STOP[usize::from(b)])
        {
            return false;
        }
        let span = self.span(start, after);
        self.relax(
            Kind::MovePlaceholder,
            "'- ...' stands for a move not given here: skipped".into(),
            span,
        );
        self.pos = after;
        true
    }

    /// `a.p.` (al paso) written apart after a Spanish descriptive capture.
    fn spanish_en_passant(&mut self, start: usize, end: usize) -> bool {
        // The check written after it (`PxP a.p.+`, as the Spanish writer puts it) is
        // the move's too.
        let word = &self.text[start..end];
        let len = if word.starts_with(b"a.p.") {
            4
        } else if word.starts_with(b"a.p") {
            3
        } else {
            return false;
        };
        let marks = word[len..]
            .iter()
            .take_while(|c| matches!(c, b'+' | b'#'))
            .count();
        let punctuation = &word[len + marks..];
        if !punctuation.iter().all(|c| matches!(c, b'.' | b',' | b';')) {
            return false;
        }
        let end = end - punctuation.len();
        let span = self.span(start, start + len);
        let Some(Token::Move(record)) = self.game.tokens.last_mut() else {
            return false;
        };
        let mut m = record.get().into_owned();
        let crate::ast::MoveKind::Descriptive(d) = &mut m.kind else {
            return false;
        };
        if d.en_passant {
            return false;
        }
        d.en_passant = true;
        m.suffix.en_passant = Some(span);
        *record = MoveRecord::new(m);
        if start + len < end && !self.suffix_token(start + len, end) {
            return false;
        }
        if !punctuation.is_empty() {
            let span = self.span(end, end + punctuation.len());
            let severity = match self.mode {
                Mode::Strict => Severity::Error,
                Mode::Lenient => Severity::Note,
            };
            let what = String::from_utf8_lossy(punctuation).into_owned();
            self.diag(
                severity,
                Kind::SkippedPunctuation,
                format!("`{what}` after a move: punctuation, skipped"),
                span,
            );
        }
        true
    }

    /// The extent of a move written with spaces inside, from the word at
    /// `start..end`: a `-`, `x`, `X`, `:`, `×`, `–` or `—` standing alone between
    /// two halves that end and start with a square (`e2 - e4`, `Ng1 - f3`,
    /// `C4 x d5`), and a lone rank after a file letter (`Bf8-e 7`). Gives the
    /// ranges of the parts; `None` when the words are separate.
    fn spaced_parts(&self, start: usize, end: usize) -> Option<Vec<(usize, usize)>> {
        let text = self.text;
        let word_end = |from: usize| token_end(text, from);
        let mut parts = vec![(start, end)];
        let mut at = end;
        loop {
            let last = text[at - 1];
            let next = text.get(at + 1..).unwrap_or_default();
            if text.get(at) != Some(&b' ') {
                break;
            }
            let mark = match next {
                [b'-' | b'x' | b'X' | b':', ..] => 1,
                [0xC3, 0x97, ..] => 2,
                [0xE2, 0x80, 0x93 | 0x94, ..] => 3,
                _ => 0,
            };
            if parts.len() == 1
                && is_piece_word(&text[start..end])
                && matches!(next, [b'a'..=b'h', b'1'..=b'8', ..])
            {
                // A piece letter apart from its squares (`S g1-f3`, `Kt f3`); a
                // capture mark after them (`L c4-b5:+`) is read apart.
                let right = at + 1;
                at = word_end(right);
                let word = &text[right..at];
                let marks = word
                    .iter()
                    .rev()
                    .take_while(|b| b"+#!?".contains(b))
                    .count();
                if word.len() > marks + 1 && word[word.len() - marks - 1] == b':' {
                    at -= marks + 1;
                }
                parts.push((right, at));
                continue;
            }
            if mark > 0 && matches!(last, b'1'..=b'8') && parts.len() == 1 {
                // The left half: a square, maybe after a piece letter (`e2`, `Ng1`, `C4`).
                let left = &text[start..end];
                let squareish = left.len() <= 4
                    && left[0].is_ascii_alphabetic()
                    && left.iter().all(u8::is_ascii_alphanumeric);
                let right = at + 1 + mark + 1;
                // After a capture mark, the piece taken may be named (`g4 X Sf3`).
                let taken = !matches!(next, [b'-', ..] | [0xE2, ..])
                    && matches!(
                        text.get(right..right + 3),
                        Some([b'A'..=b'Z', b'a'..=b'h', b'1'..=b'8'])
                    );
                if !squareish
                    || text.get(at + 1 + mark) != Some(&b' ')
                    || !(taken
                        || matches!(
                            text.get(right..right + 2),
                            Some([b'a'..=b'h', b'1'..=b'8' | b' '])
                        ))
                {
                    return None;
                }
                parts.push((at + 1, at + 1 + mark));
                at = word_end(right);
                parts.push((right, at));
                continue;
            }
            if matches!(last, b'a'..=b'h')
                && matches!(next, [b'1'..=b'8', ..])
                && lone_file(&text[parts.last().map_or(start, |p| p.0)..at])
            {
                // A lone rank after its file (`Bf8-e 7`, `e2 - e 4`); not a
                // number after a word glued on (`Qa5ch 8 Bd2`).
                let digit_end = word_end(at + 1);
                let rest = &text[at + 2..digit_end];
                if !rest.iter().all(|b| matches!(b, b'+' | b'#' | b'!' | b'?')) {
                    break;
                }
                parts.push((at + 1, digit_end));
                at = digit_end;
                continue;
            }
            break;
        }
        (parts.len() > 1).then_some(parts)
    }

    /// A move written with spaces inside, read as one (see
    /// [`Parser::spaced_parts`]) in the game's language, and said. Whether it
    /// was one.
    #[cold]
    fn spaced_move(&mut self, start: usize, end: usize) -> bool {
        let Some(parts) = self.spaced_parts(start, end) else {
            return false;
        };
        let whole_end = parts.last().map_or(end, |p| p.1);
        let mut glued = Vec::new();
        let mut from = Vec::new();
        for &(s, e) in &parts {
            for i in s..e {
                glued.push(self.text[i]);
                from.push(i - start);
            }
        }
        from.push(whole_end - start);
        let base = self.base + start;
        let before = self.game.diagnostics.len();
        let main = self.depth_stack.is_empty();
        let mut bytes = glued.clone();
        let mut map = from.clone();
        if let Some(lang) = self.lang {
            let mut tr = Translation::default();
            let outcome = match self.learned {
                Some(learned) => crate::lang::translate_learned(&glued, learned, &mut tr),
                None => translate(&glued, lang, &mut tr),
            };
            match outcome {
                Ok(()) => {
                    map = tr
                        .from
                        .iter()
                        .map(|&i| from[i.min(from.len() - 1)])
                        .collect();
                    bytes = tr.bytes;
                    if tr.national && !self.national_reported {
                        self.national_reported = true;
                        let span = self.span(start, whole_end);
                        self.national_note(lang, span);
                    }
                }
                Err(e) => {
                    let span = Span::new(base + from[e.at], base + from[e.at] + e.len);
                    self.spaced_relax(start, whole_end);
                    let d = Diagnostic::new(
                        Severity::Error,
                        Kind::UnknownPieceLetter,
                        e.to_string(),
                        span,
                    );
                    self.refuse(d, self.span(start, whole_end));
                    self.pos = whole_end;
                    return true;
                }
            }
        }
        let offset = |k: usize| map.get(k).or(map.last()).copied().unwrap_or(0);
        let map_span = |s: Span| {
            let end = if s.end() > s.start() {
                offset(s.end() - 1) + 1
            } else {
                offset(s.end())
            };
            Span::new(base + offset(s.start()), base + end.max(offset(s.start())))
        };
        let mut scratch = Vec::new();
        // `S1f3 - h6`: no move as one, but White's move and Black's with a
        // dash between them (the parts read on their own, the dash skipped).
        if read_move(&bytes, 0, self.mode, &mut scratch).is_err()
            && main
            && self.first_reads_alone(&parts)
        {
            return false;
        }
        scratch.clear();
        self.pos = whole_end;
        self.spaced_relax(start, whole_end);
        match read_move(&bytes, 0, self.mode, &mut scratch) {
            Ok(mut m) => {
                m.map_spans(map_span);
                m.span = self.span(start, whole_end);
                for mut d in scratch {
                    d.span = map_span(d.span);
                    self.diag(d.severity, d.kind, d.message, d.span);
                }
                self.push_move(m, main, before);
                // `e4 – e5`: one move from e4 to e5, or White's move and
                // Black's with a dash between them; the board decides.
                self.dash_pair(&parts, main);
            }
            Err(failure) => {
                self.foreign |= crate::lang::foreign_hint(&glued);
                let failure = failure.remap(offset);
                let d = failure
                    .into_error(&self.text[start..whole_end], base)
                    .to_diagnostic();
                self.refuse(d, self.span(start, whole_end));
                self.dash_pair(&parts, main);
            }
        }
        true
    }

    /// Whether `parts` are a move, a lone dash and a move, the first reading
    /// on its own as a move in the game's language (`S1f3` of `S1f3 - h6`).
    fn first_reads_alone(&self, parts: &[(usize, usize)]) -> bool {
        let [(s, e), (ds, de), _] = parts else {
            return false;
        };
        if !is_lone_dash(&self.text[*ds..*de]) {
            return false;
        }
        let word = &self.text[*s..*e];
        let mut scratch = Vec::new();
        match self.lang {
            None => read_move(word, 0, self.mode, &mut scratch).is_ok(),
            Some(lang) => {
                let mut tr = Translation::default();
                let translated = match self.learned {
                    Some(learned) => crate::lang::translate_learned(word, learned, &mut tr),
                    None => translate(word, lang, &mut tr),
                };
                translated.is_ok() && read_move(&tr.bytes, 0, self.mode, &mut scratch).is_ok()
            }
        }
    }

    /// Keeps the last token, a move written with spaces inside from `parts`,
    /// as a [`super::DashPair`] when it is two halves with a lone dash between
    /// them (`e4 – e5`, `c3 - d5¹`): White's move and Black's, maybe.
    fn dash_pair(&mut self, parts: &[(usize, usize)], main: bool) {
        if let (
            [first, (dash_start, dash_end), second],
            true,
            Some(Token::Move(_) | Token::Invalid(_)),
        ) = (parts, main, self.game.tokens.last())
        {
            if is_lone_dash(&self.text[*dash_start..*dash_end]) {
                let pair = super::DashPair {
                    token: self.game.tokens.len() - 1,
                    first: self.span(first.0, first.1),
                    second: self.span(second.0, second.1),
                };
                self.game.dash_pairs.push(pair);
            }
        }
    }

    fn spaced_relax(&mut self, start: usize, end: usize) {
        let span = self.span(start, end);
        self.relax_once(
            Kind::SpacedMove,
            "moves written with spaces inside, each read as one move: PGN writes them without spaces",
            span,
        );
    }

    fn move_number(
        &mut self,
        start: usize,
        digits: usize,
        dot_bytes: usize,
        dots: usize,
        ellipsis: bool,
    ) {
        let mut value: u64 = 0;
        let mut overflow = false;
        for &d in &self.text[start..start + digits] {
            value = value * 10 + u64::from(d - b'0');
            if value > u64::from(u32::MAX) {
                overflow = true;
                value = u64::from(u32::MAX);
                // Keep scanning only to skip the digits; the value is saturated.
            }
        }
        let number = u32::try_from(value).unwrap_or(u32::MAX);
        let span = self.span(start, start + digits + dot_bytes);
        if overflow {
            // The number is saturated; it labels nothing the replay needs.
            self.diag(
                Severity::Error,
                Kind::MoveNumberOverflow,
                format!("move number too large (more than {})", u32::MAX),
                span,
            );
        }
        let black = dots >= 2;
        if ellipsis {
            self.relax(
                Kind::MoveNumberEllipsis,
                "'…' after a move number: PGN writes three dots".into(),
                span,
            );
        } else if dots == 2 {
            self.relax(
                Kind::MoveNumberDots,
                "two dots after a move number: one for White, three for Black".into(),
                span,
            );
        }
        self.game.tokens.push(Token::MoveNumber {
            number,
            black,
            span,
        });
        if self.depth_stack.is_empty() {
            self.last_number = Some(u64::from(number));
            self.printed_ply = Some(u64::from(number) * 2 + u64::from(black));
        }
        // An overflowing number still numbers its move, but checks nothing.
        self.pending_number = self.depth_stack.is_empty().then_some((
            if overflow {
                UNKNOWN_PLY
            } else {
                u64::from(number) * 2 + u64::from(black)
            },
            span,
        ));
    }

    /// `...` after a bare move number (`12 ...`).
    fn dots(&mut self, start: usize, end: usize) {
        let span = self.span(start, end);
        if count_dots(&self.text[start..end]).2 {
            self.relax(
                Kind::MoveNumberEllipsis,
                "'…' after a move number: PGN writes three dots".into(),
                span,
            );
        }
        if let Some(Token::MoveNumber {
            black,
            span: num_span,
            ..
        }) = self.game.tokens.last_mut()
        {
            if !*black && end - start >= 2 {
                *black = true;
                *num_span = num_span.to(span);
                if let Some((ply, s)) = &mut self.pending_number {
                    *ply += 1;
                    *s = s.to(span);
                }
                return;
            }
        }
        self.relax(Kind::StrayDots, "dots without a move number".into(), span);
    }

    /// Checks the main-line numbering when a main-line move arrives.
    fn check_numbering(&mut self, move_span: Span) {
        let numbered = if let Some((ply, span)) = self.pending_number.take() {
            if ply >= UNKNOWN_PLY {
                // The count is lost: stop checking numbers in this game.
                self.expected_ply = None;
                self.missing_number_reported = true;
                return;
            }
            // Whether the number is the right one depends on the starting position
            // (a FEN may start at move 40): the board's replay judges it, not the parser.
            let _ = span;
            self.expected_ply = Some(ply);
            true
        } else {
            false
        };
        match self.expected_ply {
            Some(e) => {
                if e % 2 == 0 && !numbered && !self.missing_number_reported {
                    self.missing_number_reported = true;
                    self.relax(
                        Kind::MissingMoveNumber,
                        "move number missing before White's move".into(),
                        move_span,
                    );
                }
                self.expected_ply = Some(e + 1);
            }
            None => {
                if !self.missing_number_reported {
                    self.missing_number_reported = true;
                    self.relax(
                        Kind::MissingMoveNumber,
                        "the movetext starts without a move number".into(),
                        move_span,
                    );
                }
            }
        }
    }

    fn move_token(&mut self, start: usize, end: usize) {
        let token = &self.text[start..end];
        let base = self.base + start;
        let before = self.game.diagnostics.len();
        let main = self.depth_stack.is_empty();
        if is_lone_dash(token) && self.dash_between_moves(start, end) {
            return;
        }
        if let Some(lang) = self.lang {
            if main && self.end_words(start) {
                return;
            }
            if lang != Language::English
                || !token.is_ascii()
                || self.mixture.is_some()
                || self.learned.is_some()
                || crate::lang::foreign_hint(token)
            {
                self.national_token(lang, start, end, before, main);
                return;
            }
        }
        if let Some(m) = crate::san::read_plain_san(token, base) {
            self.push_move(m, main, before);
            return;
        }
        match read_move(token, base, self.mode, &mut self.game.diagnostics) {
            Ok(m) => {
                self.push_move(m, main, before);
            }
            Err(_) if crate::lang::spelled_castling(token) => {
                // `O--O`, `O—O`: castling as English reads it, and said (the
                // descriptive reader would take it silently).
                self.national_token(Language::English, start, end, before, main);
            }
            Err(_) if main && self.end_words(start) => {}
            Err(failure) => {
                let read = self.fallback(start, end, main, before, None)
                    || (!self.depth_stack.is_empty() && self.prose_parentheses());
                if !read && !self.segmented(start, end) {
                    self.foreign |= crate::lang::foreign_hint(token);
                    if crate::desc::looks_spanish(token) {
                        self.foreign = true;
                        self.spanish_desc = true;
                    }
                    let d = failure.into_error(token, base).to_diagnostic();
                    self.refuse(d, self.span(start, end));
                }
            }
        }
    }

    /// Words at `start` that end the game where they stand (`Resigns.`, `and
    /// wins`, `&c.`, `aufgegeben`: [`crate::desc::end_phrase`]), in lenient
    /// reading: kept as commentary, with a note, and the parser goes on after
    /// them. Whether there were.
    #[cold]
    fn end_words(&mut self, start: usize) -> bool {
        if self.mode != Mode::Lenient {
            return false;
        }
        let eol = trim_cr(self.text, self.line_end(start));
        let Some(len) = crate::desc::end_phrase(&self.text[start..eol]) else {
            return false;
        };
        let end = start + len;
        let span = self.push_commentary(start, end);
        let shown = String::from_utf8_lossy(&self.text[start..end]).into_owned();
        self.diag(
            Severity::Note,
            Kind::Commentary,
            format!("`{shown}` says how the game ended: kept as commentary"),
            span,
        );
        self.pos = end;
        true
    }

    /// A move token read in `lang`: rewritten with English letters, read by the
    /// English grammar, every span mapped back to the token as written.
    #[inline(never)]
    fn national_token(
        &mut self,
        lang: Language,
        start: usize,
        end: usize,
        before: usize,
        main: bool,
    ) {
        let token = &self.text[start..end];
        let base = self.base + start;
        let lang = match self.mixture {
            Some(mix) => self
                .readings_of(start, end, mix)
                .first()
                .map_or(lang, |r| r.languages[0]),
            None => lang,
        };
        let mut tr = core::mem::take(&mut self.translation);
        let outcome = match self.learned {
            Some(learned) => crate::lang::translate_learned(token, learned, &mut tr),
            None => translate(token, lang, &mut tr),
        };
        let read = match outcome {
            Ok(()) => {
                let mut scratch = Vec::new();
                read_move(&tr.bytes, 0, self.mode, &mut scratch).map(|m| (m, scratch))
            }
            Err(e) => {
                self.translation = tr;
                let span = self.span(start + e.at, start + e.at + e.len);
                let d = Diagnostic::new(
                    Severity::Error,
                    Kind::UnknownPieceLetter,
                    e.to_string(),
                    span,
                );
                self.refuse(d, self.span(start, end));
                return;
            }
        };
        let map = |s: Span| Span::new(base + tr.original(s.start()), base + tr.original(s.end()));
        match read {
            Ok((mut m, scratch)) => {
                if tr.national && !self.national_reported {
                    self.national_reported = true;
                    self.national_note(lang, map(m.span));
                }
                if let Some(c) = tr.castling {
                    self.castling_spelling(c, start);
                }
                if let Some((at, len)) = tr.unicode_dash.filter(|_| !self.move_dash_reported) {
                    // Once a game, as long algebraic is: a book that prints
                    // `e2—e4` prints every move so.
                    self.move_dash_reported = true;
                    let span = self.span(start + at, start + at + len);
                    self.relax(
                        Kind::UnicodeDash,
                        "moves written with a dash other than '-' (en dash, em dash, non-breaking hyphen or minus sign): PGN writes '-'; said once a game"
                            .into(),
                        span,
                    );
                }
                m.map_spans(map);
                // A long algebraic move names the square its piece stands on:
                // its letter is read in every language (`Cf1-c4`, a knight in
                // French, a bishop in Russian set in Latin type), the board
                // knowing which piece stands there.
                // Not when the language was asked for: that is never second-guessed.
                let told = self.detected.is_some() || self.mixture.is_some();
                let lan_piece = told
                    && matches!(&m.kind, MoveKind::Lan(l) if l.role.is_some() && l.promotion.is_none());
                let alternatives = if self.mixture.is_some() || lan_piece {
                    // The common languages, and the game's own where it is a
                    // rarer one (a Turkish `Kf1-e1` is a rook's move).
                    let with_own: Vec<Language>;
                    let languages: &[Language] = if lan_piece {
                        if Language::COMMON.contains(&lang) {
                            &Language::COMMON
                        } else {
                            with_own = core::iter::once(lang).chain(Language::COMMON).collect();
                            &with_own
                        }
                    } else {
                        self.mixture.unwrap_or_default()
                    };
                    let mut r = self.readings_of(start, end, languages);
                    // The token's own reading first.
                    if let Some(at) = r.iter().position(|x| x.written.kind == m.kind) {
                        r.swap(0, at);
                    }
                    r
                } else {
                    Vec::new()
                };
                for mut d in scratch {
                    d.span = map(d.span);
                    if d.kind == Kind::PawnLetter && lang != Language::English {
                        d.message = format!(
                            "pawn written with its {} letter, which algebraic omits",
                            lang.name()
                        );
                    }
                    self.diag(d.severity, d.kind, d.message, d.span);
                }
                self.translation = tr;
                self.push_move(m, main, before);
                if alternatives.len() > 1 {
                    if let Some(token) = self.game.tokens.len().checked_sub(1) {
                        self.game.readings.push(super::Readings {
                            token,
                            moves: alternatives,
                        });
                    }
                }
            }
            Err(failure) => {
                self.translation = tr;
                // A sentence's comma or full stop after the move (`1.ε4, ε6`)
                // is punctuation, as after a move in Latin letters.
                let bare = end
                    - token
                        .iter()
                        .rev()
                        .take_while(|c| matches!(c, b'.' | b',' | b';'))
                        .count();
                if bare > start && bare < end && self.national_reads(lang, start, bare) {
                    self.national_token(lang, start, bare, before, main);
                    self.punctuation_after_move(bare, end);
                    return;
                }
                let read = self.fallback(start, end, main, before, Some(lang))
                    || (!self.depth_stack.is_empty() && self.prose_parentheses());
                if !read && !self.segmented(start, end) {
                    let failure = failure.remap(|at| self.translation.original(at));
                    let d = failure.into_error(token, base).to_diagnostic();
                    self.refuse(d, self.span(start, end));
                }
            }
        }
    }

    /// Whether `start..end` reads as a move in `lang` (or the game's learned
    /// letters), translated and read by the English grammar.
    #[cold]
    fn national_reads(&self, lang: Language, start: usize, end: usize) -> bool {
        let token = &self.text[start..end];
        let mut tr = Translation::default();
        let translated = match self.learned {
            Some(learned) => crate::lang::translate_learned(token, learned, &mut tr),
            None => translate(token, lang, &mut tr),
        };
        translated.is_ok() && read_move(&tr.bytes, 0, self.mode, &mut Vec::new()).is_ok()
    }

    /// Every distinct reading of a move token in `languages` (each translated
    /// to English letters and read by the English grammar), with the
    /// languages that read it so; spans point into the token as written.
    #[cold]
    fn readings_of(&self, start: usize, end: usize, languages: &[Language]) -> Vec<super::Reading> {
        let token = &self.text[start..end];
        let base = self.base + start;
        let mut out: Vec<super::Reading> = Vec::new();
        let mut tr = Translation::default();
        let mut scratch = Vec::new();
        for &language in languages {
            if translate(token, language, &mut tr).is_err() {
                continue;
            }
            scratch.clear();
            let Ok(mut m) = read_move(&tr.bytes, 0, self.mode, &mut scratch) else {
                continue;
            };
            m.map_spans(|s: Span| {
                Span::new(base + tr.original(s.start()), base + tr.original(s.end()))
            });
            match out.iter_mut().find(|r| r.written.kind == m.kind) {
                Some(r) => r.languages.push(language),
                None => {
                    let diagnostics = scratch
                        .drain(..)
                        .map(|mut d| {
                            d.span = Span::new(
                                base + tr.original(d.span.start()),
                                base + tr.original(d.span.end()),
                            );
                            d.severity = match d.severity {
                                Severity::Warning => self.mode.relaxation_severity(),
                                s => s,
                            };
                            d
                        })
                        .collect();
                    out.push(super::Reading {
                        written: m,
                        languages: vec![language],
                        diagnostics,
                    });
                }
            }
        }
        out
    }

    /// The readings of a word that is no algebraic move: descriptive (Spanish
    /// first in a Spanish game, where `RxP` is the king's), a pawn capture by
    /// files, marks written apart, a placeholder for a move (`- ...`), the end
    /// of a move written with spaces (`Bf8-e 7`). Whether one fits.
    fn fallback(
        &mut self,
        start: usize,
        end: usize,
        main: bool,
        before: usize,
        lang: Option<Language>,
    ) -> bool {
        let token = &self.text[start..end];
        let base = self.base + start;
        if lang == Some(Language::Spanish) {
            // A sentence's comma or full stop after the move (`C4D.`) is punctuation,
            // skipped with a note, as after an algebraic move.
            let bare = token.len()
                - token
                    .iter()
                    .rev()
                    .take_while(|c| matches!(c, b'.' | b',' | b';'))
                    .count();
            let read = crate::desc::read_spanish(token, base)
                .map(|m| (m, token.len()))
                .or_else(|| {
                    (bare > 0 && bare < token.len())
                        .then(|| crate::desc::read_spanish(&token[..bare], base))
                        .flatten()
                        .map(|m| (m, bare))
                });
            if let Some((m, len)) = read {
                if !self.national_reported {
                    self.national_reported = true;
                    self.spanish_note(m.span);
                }
                self.push_move(m, main, before);
                self.punctuation_after_move(start + len, end);
                return true;
            }
        }
        // A sentence's comma or full stop after the move (`cd,` in a row of
        // `4. cd, Lf3, 5. gf, Dd5`) is punctuation, as after an algebraic move:
        // each reading is tried on the token, then on the token without it.
        let bare = token.len()
            - token
                .iter()
                .rev()
                .take_while(|c| matches!(c, b'.' | b',' | b';'))
                .count();
        let shorter = (bare > 0 && bare < token.len()).then_some(&token[..bare]);
        if let Some((m, len)) = crate::desc::parse_token(token, base)
            .map(|m| (m, token.len()))
            .or_else(|| {
                shorter
                    .and_then(|t| crate::desc::parse_token(t, base))
                    .map(|m| (m, bare))
            })
        {
            self.push_move(m, main, before);
            self.punctuation_after_move(start + len, end);
        } else if let Some((m, len)) = crate::lang::read_file_capture(token, base)
            .map(|m| (m, token.len()))
            .or_else(|| {
                shorter
                    .and_then(|t| crate::lang::read_file_capture(t, base))
                    .map(|m| (m, bare))
            })
        {
            self.file_capture(m, main, before);
            self.punctuation_after_move(start + len, end);
        } else if self.desc_check_word(start, end)
            || self.suffix_token(start, end)
            || self.glyph_token(start, end)
            || self.placeholder(start, end)
            || self.spanish_en_passant(start, end)
        {
        } else {
            return matches!(token.last(), Some(b'a'..=b'h')) && self.spaced_move(start, end);
        }
        true
    }

    /// The note (an error under `--strict`) for punctuation printed after a
    /// move read from the token before it: `from..end` of the text.
    fn punctuation_after_move(&mut self, from: usize, end: usize) {
        if from >= end {
            return;
        }
        let span = self.span(from, end);
        let severity = match self.mode {
            Mode::Strict => Severity::Error,
            Mode::Lenient => Severity::Note,
        };
        let what = String::from_utf8_lossy(&self.text[from..end]).into_owned();
        self.diag(
            severity,
            Kind::SkippedPunctuation,
            format!("`{what}` after a move: punctuation, skipped"),
            span,
        );
    }

    /// The one relaxation of a game in Spanish descriptive notation.
    fn spanish_note(&mut self, span: Span) {
        let how = if self.detected.is_some() {
            "told by its moves"
        } else {
            "as asked"
        };
        self.relax(
            Kind::NationalLetters,
            format!(
                "moves written in Spanish or Portuguese descriptive notation (R D T A/B C P, the rank before the file), read as Spanish ({how}); PGN writes English SAN"
            ),
            span,
        );
    }

    /// Castling spelled otherwise than `O-O` (`o-o`, `O--O`, `O—O`): read, and said.
    fn castling_spelling(&mut self, c: crate::lang::SpelledCastling, start: usize) {
        let span = self.span(start, start + c.len);
        if c.unicode_dash {
            self.relax(
                Kind::UnicodeDash,
                "a dash other than '-' (en dash, em dash or non-breaking hyphen): PGN writes '-'"
                    .into(),
                span,
            );
        }
        if c.letters {
            self.relax(
                Kind::CastlingSpelling,
                "castling written with a lower-case 'o' or a doubled dash: PGN writes O-O or O-O-O"
                    .into(),
                span,
            );
        }
    }

    /// A pawn capture by files (`cd:`): read, and said (SAN names the square).
    fn file_capture(&mut self, m: crate::ast::WrittenMove, main: bool, before: usize) {
        self.relax(
            Kind::FileCapture,
            "a pawn capture written by its files only: SAN writes its square, as in cxd5".into(),
            m.span,
        );
        self.push_move(m, main, before);
    }

    /// The one relaxation of a game written with another language's letters
    /// (or, in English, with `Kt` for the knight).
    fn national_note(&mut self, lang: Language, span: Span) {
        if let Some(mix) = self.mixture {
            let meanings = crate::lang::letter_meanings(self.mixed_letters, mix);
            self.relax(
                Kind::MixedPieceLetters,
                format!(
                    "moves written with the piece letters of more than one language, no one of which has them all: {meanings}; each move read by its letter, the board choosing where languages read it differently; PGN writes English letters"
                ),
                span,
            );
            return;
        }
        if lang == Language::English {
            self.relax(
                Kind::KnightKt,
                "knight written Kt, as older books did: SAN writes N".into(),
                span,
            );
            return;
        }
        let (names, how) = match self.detected {
            Some(c) => {
                let names: Vec<&str> = c.iter().map(|l| l.name()).collect();
                let how = if self.by_moves {
                    "told by the legal moves"
                } else {
                    "told by its letters"
                };
                (names.join(", "), how)
            }
            None => (lang.name().to_string(), "as asked"),
        };
        self.relax(
            Kind::NationalLetters,
            format!(
                "moves written with the piece letters of {names} ({}), read as {lang} ({how}); PGN writes English letters",
                lang.letters_text()
            ),
            span,
        );
    }

    #[inline(always)]
    fn push_move(&mut self, m: crate::ast::WrittenMove, main: bool, before: usize) {
        if let crate::ast::MoveKind::Lan(l) = &m.kind {
            self.long_notation(l.is_uci(), m.span);
        }
        if main {
            self.plies += 1;
            self.printed_ply = self.printed_ply.map(|p| p + 1);
            if self.game.stop.is_none() {
                self.check_numbering(m.span);
            }
            let ply = self.plies;
            for d in &mut self.game.diagnostics[before..] {
                d.ply = Some(ply);
            }
        }
        self.game
            .tokens
            .push(crate::pgn::Token::Move(MoveRecord::new(m)));
    }

    /// A move in long algebraic notation or UCI: read, and said once a game for
    /// each (PGN's export format writes SAN).
    #[cold]
    fn long_notation(&mut self, uci: bool, span: Span) {
        let (reported, kind, message) = if uci {
            (
                &mut self.uci_reported,
                Kind::UciMove,
                "moves written in UCI notation (origin and destination squares): PGN writes SAN",
            )
        } else {
            (
                &mut self.lan_reported,
                Kind::LongAlgebraic,
                "moves written in long algebraic notation (origin and destination squares): PGN writes SAN",
            )
        };
        if core::mem::replace(reported, true) {
            return;
        }
        self.relax(kind, message.into(), span);
    }

    /// `e.p.`, `+`, `!`... written apart from their move: added to the previous move.
    /// A check word written apart from the descriptive move before it (`QxKP ch`,
    /// `Kt-B6 mate`, `B-Kt5 dis. ch.`, as books print them): the move is read
    /// again with its check word, and the words are consumed.
    fn desc_check_word(&mut self, start: usize, end: usize) -> bool {
        let Some(Token::Move(record)) = self.game.tokens.last() else {
            return false;
        };
        let last = record.get();
        if !matches!(last.kind, MoveKind::Descriptive(_) | MoveKind::Castle(_))
            || last.suffix.check.is_some()
        {
            return false;
        }
        let (Some(from), Some(last_end)) = (
            last.span.start().checked_sub(self.base),
            last.span.end().checked_sub(self.base),
        ) else {
            return false;
        };
        let text = self.text;
        let blanks = |a: usize, b: usize| {
            text.get(a..b)
                .is_some_and(|t| t.iter().all(|&c| is_space(c)))
        };
        if !blanks(last_end, start) {
            return false;
        }
        // The word alone (`ch`, `mate`), or with the next one (`dis.` `ch.`).
        let mut next = end;
        while text.get(next).is_some_and(|&c| c == b' ') {
            next += 1;
        }
        let next_end = next
            + text[next.min(text.len())..]
                .iter()
                .position(|&c| is_space(c) || matches!(c, b'{' | b'(' | b')' | b';'))
                .unwrap_or(text.len() - next.min(text.len()));
        // The word with the next one only after the first word of a two-word
        // check (`dis. ch.`, `double check`), never over a result or a footnote;
        // the longer reading first, since `dis.` alone reads as a discovered check.
        let word: Vec<u8> = text[start..end]
            .iter()
            .filter(|&&c| c != b'.')
            .map(u8::to_ascii_lowercase)
            .collect();
        let two_words = matches!(
            word.as_slice(),
            b"dis" | b"disc" | b"dbl" | b"dble" | b"double" | b"discovered"
        );
        let stops = if two_words && next_end > next {
            vec![next_end, end]
        } else {
            vec![end]
        };
        for stop in stops {
            let Ok(m) = crate::desc::parse_desc_move(&text[from..stop], self.base + from) else {
                continue;
            };
            if m.suffix.check.is_some() && m.kind == last.kind {
                if let Some(Token::Move(record)) = self.game.tokens.last_mut() {
                    *record = m.into();
                }
                self.pos = stop;
                return true;
            }
        }
        false
    }

    fn suffix_token(&mut self, start: usize, end: usize) -> bool {
        use crate::san::parsers::{Origin, suffix};
        let token = &self.text[start..end];
        let origin = Origin(token.len());
        let Ok((rest, raw)) = suffix(origin)(token) else {
            return false;
        };
        if !rest.is_empty() {
            return false;
        }
        let shift = |s: Span| s.shifted(self.base + start);
        let Some(Token::Move(record)) = self.game.tokens.last_mut() else {
            return false;
        };
        let mut m = record.get().into_owned();
        let s = &mut m.suffix;
        // `Rxf6! !`: a glyph's two marks printed apart are the one glyph.
        let merged = match (s.annotation, raw.annotation) {
            (Some((first, first_span)), Some((second, second_span))) => {
                two_marks(first, second).map(|a| (a, first_span.to(shift(second_span))))
            }
            _ => None,
        };
        if (raw.check.is_some() && s.check.is_some())
            || (raw.annotation.is_some() && s.annotation.is_some() && merged.is_none())
            || (raw.en_passant.is_some() && s.en_passant.is_some())
        {
            return false;
        }
        if let Some((c, sp)) = raw.check {
            s.check = Some((c, shift(sp)));
        }
        if let Some((a, sp)) = raw.annotation {
            s.annotation = Some(merged.unwrap_or((a, shift(sp))));
        }
        if let Some(sp) = raw.en_passant {
            s.en_passant = Some(shift(sp));
        }
        *record = MoveRecord::new(m);
        let span = self.span(start, end);
        self.relax(
            Kind::DetachedSuffix,
            "a mark written apart from its move".into(),
            span,
        );
        true
    }

    fn finish(&mut self) {
        // Relaxations are pushed by the move reader directly: cap them here.
        if self.game.diagnostics.len() > MAX_DIAGNOSTICS + 1 {
            self.game.diagnostics.truncate(MAX_DIAGNOSTICS);
            let span = self.game.diagnostics[MAX_DIAGNOSTICS - 1].span;
            self.diag(
                Severity::Note,
                Kind::TooManyDiagnostics,
                format!(
                    "more than {MAX_DIAGNOSTICS} diagnostics in this game: the rest are not shown"
                ),
                span,
            );
        }
        // Text that is not chess (`hello world`, `aa1. e4`): a bare list whose every
        // line is prose has no move to replay. It is an error, never a valid game;
        // prose among moves stays commentary with its note.
        let has_move = self.game.tokens.iter().any(|t| matches!(t, Token::Move(_)));
        if self.game.tags.is_empty() && !has_move {
            let prose = self.game.tokens.iter().find_map(|t| match t {
                Token::Comment {
                    kind: CommentKind::Commentary,
                    span,
                    ..
                } => Some(*span),
                _ => None,
            });
            if let Some(span) = prose {
                self.diag(
                    Severity::Error,
                    Kind::NotChess,
                    "no tags and no moves: this text is not a chess game".into(),
                    span,
                );
            }
        }
        self.lone_move();
        if let Some(&open) = self.depth_stack.last() {
            let span = self.span(open, open + 1);
            let n = self.depth_stack.len();
            self.diag(
                Severity::Error,
                Kind::UnclosedVariation,
                format!("{n} variation(s) not closed by ')'"),
                span,
            );
        }
        if self.truncated {
            // The result, if any, is in the part not read.
            return;
        }
        let result_token = self.game.tokens.iter().rev().find_map(|t| match t {
            Token::Result(r, s) => Some((*r, *s)),
            _ => None,
        });
        let tag = self.game.tag("Result").map(|t| (t.raw_value, t.value_span));
        match (result_token, tag) {
            (None, _) if self.game.tags.is_empty() && self.seen_movetext => {
                // A bare move list (a log, a book's table) usually ends without one.
                let end = trim_space_end(self.text);
                let span = self.span(end, end);
                self.diag(
                    Severity::Note,
                    Kind::MissingResult,
                    "the move list has no result (1-0, 0-1, 1/2-1/2 or *) at the end".into(),
                    span,
                );
            }
            (None, _) if self.seen_movetext || !self.game.tags.is_empty() => {
                let end = trim_space_end(self.text);
                let span = self.span(end, end);
                self.relax(
                    Kind::MissingResult,
                    "the game has no result (1-0, 0-1, 1/2-1/2 or *) at the end".into(),
                    span,
                );
            }
            (Some((r, span)), Some((raw, _)))
                if GameResult::from_ascii(raw).or_else(|| GameResult::from_spelled(raw))
                    != Some(r) =>
            {
                let shown = String::from_utf8_lossy(raw).into_owned();
                self.relax(
                    Kind::ResultMismatch,
                    format!("the result {r} differs from the Result tag \"{shown}\""),
                    span,
                );
            }
            _ => {}
        }
    }
}

/// Whether a word reads as a move (in any notation the crate knows).
fn is_move_word(word: &[u8], mode: Mode) -> bool {
    let mut scratch = Vec::new();
    read_move(word, 0, mode, &mut scratch).is_ok()
        || crate::desc::parse_token(word, 0).is_some()
        || crate::lang::looks_like_move(word)
}

/// Whether a word may be a move as printed, for a row's layout (a caption
/// before the moves on their line, a `;` between rows): a word the grammars
/// read as a move, or one shaped as a move that only the board reads, by its
/// spelling against the legal moves (`Rd8mate`, `Qh5†`, `Nf3¹`, Spanish and
/// Portuguese descriptive `P4R`, `C3AR`, `TD1D`, `AxC`, other alphabets'
/// letters, figurines): a short token that opens with a letter or a piece's
/// glyph, and either holds a rank after at most a few letters (a piece, a
/// file, a descriptive square's letters; a word of prose has no digit) or is
/// a capture written in capitals. Which it is, and whether it is legal, is
/// the board's to say; a token no reading makes a legal move is refused there.
fn may_be_move(word: &[u8], mode: Mode) -> bool {
    if is_move_word(word, mode) {
        return true;
    }
    let Ok(s) = core::str::from_utf8(word) else {
        return false;
    };
    let Some(first) = s.chars().next() else {
        return false;
    };
    let glyph = |c: char| matches!(c, '\u{2654}'..='\u{265F}' | '¢' | '£' | '¦' | '¥' | '¤');
    if s.len() > 40 || !(first.is_alphabetic() || glyph(first)) {
        return false;
    }
    let letters: Vec<char> = s
        .chars()
        .take_while(|&c| c.is_alphabetic() || glyph(c))
        .collect();
    let after = s[letters.iter().map(|c| c.len_utf8()).sum::<usize>()..]
        .chars()
        .next();
    if after.is_some_and(|c| ('1'..='8').contains(&c) || matches!(c, '-' | '.' | '/')) {
        // `Rd8`, `cxd4`, `C3AR`, `Kt-B3`, `P.4R`: the letters are a piece's,
        // a capture's and a square's, not a word's (`Game3`): at most three,
        // or capitals or a capture among them.
        return s.chars().any(|c| ('1'..='8').contains(&c))
            && (letters.len() <= 3 || letters[1..].iter().any(|&c| c.is_uppercase() || c == 'x'));
    }
    // A capture in capitals (`PxP`, `AxC`, `P×P`), with its marks.
    let core = s.trim_end_matches(|c: char| !c.is_alphanumeric());
    core.chars().count() <= 8
        && core.chars().any(|c| matches!(c, 'x' | '×' | ':'))
        && core
            .chars()
            .all(|c| c.is_uppercase() || glyph(c) || matches!(c, 'x' | '×' | ':' | '-'))
}

/// Whether `word` ends in one file letter (`Bf8-e`, `Nxe`, `e`), not in a
/// word glued on (`Qa5ch`, `Rd8mate`).
fn lone_file(word: &[u8]) -> bool {
    let letters = word
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_lowercase())
        .count();
    letters == 1 || (letters == 2 && word[word.len() - 2] == b'x')
}

/// Whether text in parentheses is prose: it has a word of letters that is no
/// move, no mark and no result, starting in lower case or four letters long at
/// least (`was`, `meilleur`, `Better`; not `Nxe`, a move cut short).
/// The longest note in square brackets read over lines, in bytes: a `[` with no
/// `]` within it is no note (linear time on a page of brackets).
const MAX_BRACKET_NOTE: usize = 4000;

/// How many variations left open (pages cut off inside a note) one game's text
/// is read on after; each reads the rest of the text again.
const MAX_CUT_VARIATIONS: usize = 4;

fn has_prose_word(body: &[u8], mode: Mode) -> bool {
    body.split(|&b| is_space(b)).any(|word| {
        let end = word
            .iter()
            .rposition(|b| !matches!(b, b',' | b'.' | b';' | b':' | b'!' | b'?'))
            .map_or(0, |i| i + 1);
        let word = &word[..end];
        let letters = core::str::from_utf8(word)
            .is_ok_and(|w| w.chars().count() >= 2 && w.chars().all(char::is_alphabetic));
        letters
            && (word[0].is_ascii_lowercase() || word[0] >= 0x80 || word.len() >= 4)
            && !is_move_word(word, mode)
            && !is_suffix_word(word)
    })
}

/// The length of a label glued before a move number in `word` (`Potezi` in
/// `Potezi1.`, `Moves` in `Moves1.e4`): a table cell's heading, a
/// capitalised word of three letters or more that no grammar reads as a
/// move, then digits with their dot (`aa1. e4` is no label: garbage). A move
/// ends in its square, a mark or castling's `O-O`, so moves run together
/// (`Nf62.c4`) never read so.
fn glued_label_len(word: &[u8], mode: Mode) -> Option<usize> {
    let k = word.iter().position(u8::is_ascii_digit)?;
    let head = &word[..k];
    let letters = core::str::from_utf8(head).is_ok_and(|w| {
        w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && w.chars().next().is_some_and(char::is_uppercase)
    });
    let digits = word[k..].iter().take_while(|b| b.is_ascii_digit()).count();
    (letters
        && count_dots(&word[k + digits..]).1 > 0
        && !is_move_word(head, mode)
        && !may_be_move(head, mode))
    .then_some(k)
}

/// Where the moves start on a line that opens with words (a caption): the
/// offset of a later word that is the move number `expected` (with its dot,
/// or bare and followed by two moves) with a move after it or glued to it.
/// The parser's rule for a caption before the moves on their line
/// ([`Parser::moves_after_caption`]) and the splitter's, through [`holds_move`].
fn moves_after_words(text: &[u8], expected: u64, mode: Mode) -> Option<usize> {
    let end = text.len();
    let word_end = |from: usize| {
        text[from..]
            .iter()
            .position(|&b| is_space(b))
            .map_or(end, |n| from + n)
    };
    let mut i = 0;
    let mut first = true;
    while i < end {
        while i < end && is_space(text[i]) {
            i += 1;
        }
        if i >= end {
            break;
        }
        let w_end = word_end(i);
        let mut word = &text[i..w_end];
        // The number the moves open with, where the word opens with it or
        // a label is glued before the first (`Potezi1. e4`, `Moves1.e4`: an
        // infobox's cells run together).
        let mut at = i;
        if expected == 1 {
            if let Some(k) = glued_label_len(word, mode) {
                at = i + k;
                word = &word[k..];
            }
        }
        let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
        if (!first || at > i) && (1..=4).contains(&digits) {
            let n = word[..digits]
                .iter()
                .fold(0u64, |n, d| n * 10 + u64::from(d - b'0'));
            let (dot_bytes, dots, _) = count_dots(&word[digits..]);
            // A number without its dot (`... creciente: 1 e4 e5 2 f4`)
            // opens the moves when two moves follow it.
            let bare = dots == 0 && digits == word.len();
            if (dots > 0 || bare) && n == expected {
                let glued = &word[digits + dot_bytes..];
                let after = |from: usize| {
                    let from = (from..end).find(|&k| !is_space(text[k])).unwrap_or(end);
                    let w = &text[from..word_end(from.min(end))];
                    (&w[..trim_marks(w)], from + w.len())
                };
                let (next, next_end) = if glued.is_empty() {
                    after(w_end)
                } else {
                    (&glued[..trim_marks(glued)], w_end)
                };
                let moves = !next.is_empty()
                    && may_be_move(next, mode)
                    && (!bare || {
                        let (second, _) = after(next_end);
                        !second.is_empty() && may_be_move(second, mode)
                    });
                if moves {
                    return Some(at);
                }
            }
        }
        first = false;
        i = w_end;
    }
    None
}

/// Whether a line is a rank of a board diagram printed as text: five squares
/// or more of one rank in the order of their files, with no move number
/// (`a6 b6 c6 nd d6 e6 f6 g6 h6`, `8 a8 b8 c8 d8 e8 f8 g8 h8 8`: a wiki's
/// diagram as a page's text layer gives it). No game prints five moves to one rank file by file on a line.
fn is_diagram_rank(line: &[u8]) -> bool {
    // The files' letters along the board's edge (`a b c d e f g h`).
    if line
        .split(|&b| is_space(b))
        .filter(|w| !w.is_empty())
        .eq([b"a", b"b", b"c", b"d", b"e", b"f", b"g", b"h"].map(|w| &w[..]))
    {
        return true;
    }
    let mut run = 0;
    let mut last: Option<(u8, u8)> = None;
    for word in line.split(|&b| is_space(b)).filter(|w| !w.is_empty()) {
        // A rank's number printed at the board's edge (`8 a8 b8 … h8 8`) is
        // the diagram's; a move number (`1.`) is a row of moves.
        if matches!(word, [b'1'..=b'8']) {
            continue;
        }
        if word.first().is_some_and(u8::is_ascii_digit) {
            return false;
        }
        let &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] = word else {
            continue;
        };
        run = match last {
            Some((f, r)) if r == rank && file > f => run + 1,
            _ => 1,
        };
        last = Some((file, rank));
        if run >= 5 {
            return true;
        }
    }
    false
}

/// Whether a line of a game's text may hold a move as printed, by the rule
/// the parser reads a bare move list with ([`Parser::is_commentary`]): a line
/// that opens with a word no grammar reads as a move (or with a move and then
/// a plain word: `a8 black rook`) is prose; a row that starts with its number
/// holds a move when a word on it is shaped as one ([`may_be_move`]) or is a
/// short capitalised one (`1. K. P. two`, the 1840s' pawn named by file);
/// any other line when a word on it reads as a move (a move number glued
/// before it taken off: `1.e4`, `12...Nf6`). Results are no moves. Lines
/// that hold none (a page's captions, `1. rychlý`, a diagram's `7 7`,
/// `Nenhum comentário:`) are text around games: the splitter does not let
/// them end a unit before the game below them, and the parser keeps them as
/// commentary above that game's tags or first move (one rule, asked by both).
pub(super) fn holds_move(line: &[u8]) -> bool {
    // A word with a move number glued before it taken off (`1.e4`, `12...`).
    fn unnumbered(word: &[u8]) -> (&[u8], bool) {
        let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
        let (dots, _, _) = count_dots(&word[digits..]);
        if digits > 0 && dots > 0 {
            (&word[digits + dots..], true)
        } else {
            (word, false)
        }
    }
    let is_move = |word: &[u8]| {
        !word.is_empty()
            && word.len() <= 48
            && GameResult::from_ascii(word).is_none()
            && is_move_word(word, Mode::Lenient)
    };
    let mut words = line
        .trim_ascii_start()
        .strip_prefix(b"|")
        .unwrap_or(line)
        .split(|&b| is_space(b))
        .filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return false;
    };
    if is_diagram_rank(line) {
        return false;
    }
    let (head, numbered) = unnumbered(first);
    let row = numbered || (!first.is_empty() && first.iter().all(u8::is_ascii_digit));
    if row {
        let shaped = |word: &[u8]| {
            let (word, _) = unnumbered(word);
            is_move(word)
                || (word.len() <= 48 && may_be_move(word, Mode::Lenient))
                // Moves run together (`e4e52.Nf3Nc6`) open with a square.
                || matches!(word, [b'a'..=b'h', b'1'..=b'8', ..])
                || core::str::from_utf8(word).is_ok_and(|w| {
                    let w = w.trim_end_matches(|c: char| c.is_ascii_punctuation());
                    w.chars().next().is_some_and(char::is_uppercase) && w.chars().count() <= 3
                })
        };
        return shaped(head) || words.any(shaped);
    }
    if head
        .first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b >= 0xC0)
    {
        if !is_move(head) {
            // A caption before the game's first moves on their line
            // (`Foulds-Lang (Prebor Nového Zélandu) 1.e4 e6`), as the parser reads it.
            return moves_after_words(line, 1, Mode::Lenient).is_some();
        }
        return words.next().is_none_or(|next| {
            !(next
                .iter()
                .all(|&b| b.is_ascii_alphabetic() || matches!(b, b'\'' | b',' | b'.'))
                && !is_move_word(next, Mode::Lenient)
                && !is_suffix_word(next))
        });
    }
    is_move(head) || words.any(|w| is_move(unnumbered(w).0))
}

/// Whether a line opens with words and then holds moves from White's first
/// (`Dragsekvens 1.e4 e5 2.Sf3 Sc6`, a wiki's infobox row): for the splitter,
/// a game's first row, as the parser reads it ([`moves_after_words`]).
/// The moves must run to the line's end (a table's bars between and after
/// them and notes in parentheses aside, which the parser reads as comments:
/// the infobox as a table row, `Moviments | 1.e4 e5 2.Ac4 | ||`; a list's
/// item, `B03: 1.e4 Nf6 2.e5 Nd5 3.d4 (the exchange variation)`): a sentence
/// that names an opening's moves (`nach den Zügen 1.e4 e5 2.Sf3 d6
/// entwickelt, sind ...`) is prose.
pub(super) fn opens_with_caption_then_moves(line: &[u8]) -> bool {
    let Some(at) = moves_after_words(line, 1, Mode::Lenient) else {
        return false;
    };
    let mut depth = 0usize;
    line[at..]
        .split(|&b| is_space(b))
        .filter(|w| !w.is_empty())
        .all(|word| {
            if depth > 0 || word.first() == Some(&b'(') {
                for &b in word {
                    match b {
                        b'(' => depth += 1,
                        b')' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                }
                return true;
            }
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            let (dot_bytes, dots, _) = count_dots(&word[digits..]);
            let word = if digits > 0 && dots > 0 {
                &word[digits + dot_bytes..]
            } else {
                word
            };
            let word = &word[..trim_marks(word)];
            word.is_empty()
                || word.iter().all(|&b| b == b'|')
                || GameResult::from_ascii(word).is_some()
                || (word.len() <= 48
                    && (is_move_word(word, Mode::Lenient) || may_be_move(word, Mode::Lenient)))
        })
}

/// Where, after its first word, `text` holds the number 1 with White's move
/// after it (`... per exemple 1. e4 e5 2. Dh5`, `: 1.e4 g5`), as the parser
/// finds a game's moves after a caption ([`moves_after_words`]): for the
/// splitter, where a run of moves from the initial position may open inside a
/// sentence. A word opening with a bracket (`(1.e4`) is a note's.
pub(super) fn first_move_number_after_words(text: &[u8]) -> Option<usize> {
    moves_after_words(text, 1, Mode::Lenient)
}

/// Whether `run`, opening with a move number, holds a whole turn after it:
/// White's move and Black's, each a word shaped as a move (`1. e4 e5`,
/// `1.f3 e5`, `1. P-K4 P-K4`), not one side's moves alone (`1.e4 2.Lc4
/// 3.Df3`, a list of White's moves or a progressive game's `1. e4 2. f6 g5`).
pub(super) fn opens_with_a_whole_turn(run: &[u8]) -> bool {
    let mut words = run.split(|&b| is_space(b)).filter(|w| !w.is_empty());
    let Some(number) = words.next() else {
        return false;
    };
    let digits = number.iter().take_while(|b| b.is_ascii_digit()).count();
    let (dot_bytes, _, _) = count_dots(&number[digits..]);
    let glued = &number[digits + dot_bytes..];
    // (A word opening with a digit is the next move number, `2.Bc4`.)
    let shaped = |word: &[u8]| {
        let word = &word[..trim_marks(word)];
        !word.is_empty()
            && !word[0].is_ascii_digit()
            && word.len() <= 48
            && may_be_move(word, Mode::Lenient)
    };
    let white = if glued.is_empty() {
        words.next()
    } else {
        Some(glued)
    };
    white.is_some_and(shaped) && words.next().is_some_and(shaped)
}

/// A word of `text` without a move number glued before it (`1.e4`,
/// `12...Nf6`) and the marks after it, and whether it had such a number.
fn unnumbered_word(word: &[u8]) -> (&[u8], bool) {
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    let (dot_bytes, dots, _) = count_dots(&word[digits..]);
    let numbered = digits > 0 && dots > 0;
    let word = if numbered {
        &word[digits + dot_bytes..]
    } else {
        word
    };
    (&word[..trim_marks(word)], numbered)
}

/// Whether `text`, a game told in a sentence from its moves on (`1. e4 e5 2.
/// Nf3 Qf6. The opening is categorised by ...`), goes on in prose after its
/// moves: three words of a sentence together (letters only, no word a move
/// as printed) after a word shaped as a move. For the splitter: the game
/// told there has ended its moves, and prose has resumed.
pub(super) fn moves_then_sentence(text: &[u8]) -> bool {
    let mut moved = false;
    let mut words = 0usize;
    for word in text.split(|&b| is_space(b)).filter(|w| !w.is_empty()) {
        let (bare, numbered) = unnumbered_word(word);
        let shaped = !bare.is_empty()
            && bare.len() <= 48
            && GameResult::from_ascii(bare).is_none()
            && may_be_move(bare, Mode::Lenient);
        if shaped || numbered {
            moved |= shaped;
            words = 0;
            continue;
        }
        let Ok(w) = core::str::from_utf8(word) else {
            continue;
        };
        let w = w.trim_matches(|c: char| {
            c.is_ascii_punctuation() || matches!(c, '«' | '»' | '“' | '”' | '„')
        });
        if moved
            && w.chars().count() >= 2
            && w.chars()
                .all(|c| c.is_alphabetic() || c == '\'' || c == '’')
        {
            words += 1;
            if words >= 3 {
                return true;
            }
        }
    }
    false
}

/// White's first move in `run` (a run of moves opening with the number 1,
/// its move glued to it or the next word), without its marks: what a
/// sentence naming a game's opening shares with the game's first row.
pub(super) fn first_move_word(run: &[u8]) -> &[u8] {
    let mut words = run.split(|&b| is_space(b)).filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return &[];
    };
    let (glued, numbered) = unnumbered_word(first);
    if numbered && glued.is_empty() {
        words.next().map_or(&[][..], |w| unnumbered_word(w).0)
    } else {
        glued
    }
}

/// Whether `text` holds a move number: one to three digits (not inside a
/// longer number) and a dot not followed by a digit (`9...`, `12.`; not a
/// rating's `2.465`, a year's `1913.`).
fn names_move_number(text: &[u8]) -> bool {
    let mut run = 0usize;
    for (i, &b) in text.iter().enumerate() {
        if b.is_ascii_digit() {
            run += 1;
            continue;
        }
        if b == b'.' && (1..=3).contains(&run) && !text.get(i + 1).is_some_and(u8::is_ascii_digit) {
            return true;
        }
        run = 0;
    }
    false
}

/// Whether `text` holds the move number `number` with its dot (`19.`,
/// `19...`; as [`super::printed_numbers`] reads them).
fn numbers_move(text: &[u8], number: u64) -> bool {
    super::printed_numbers(text).any(|n| u64::from(n.number) == number)
}

/// The length of a list's mark at the start of `text` (one to three marks:
/// `•`, `►`, `-`, `–`), when blanks and a move number with its dot follow
/// it: a bulleted row of moves (`• 2. Nf3 Nc6`).
fn list_mark(text: &[u8]) -> Option<usize> {
    let word_end = item_mark(text)?;
    let rest = text[word_end..].trim_ascii_start();
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    ((1..=3).contains(&digits) && rest.get(digits) == Some(&b'.')).then_some(word_end)
}

/// The length of a list item's mark at the start of `text` (one to three
/// marks: `•`, `►`, `-`, `–`), when a blank follows it, whatever the item
/// holds (`- B02: 1.e4 Nf6`): the splitter reads an item's row, or its
/// label and moves, as it reads the line without the mark.
pub(super) fn item_mark(text: &[u8]) -> Option<usize> {
    let word_end = text
        .iter()
        .position(|&b| matches!(b, b' ' | b'\t'))
        .filter(|&n| n > 0 && n <= 9)?;
    let word = core::str::from_utf8(&text[..word_end]).ok()?;
    let marks = word.chars().count();
    // Any mark that is no letter, digit or figurine (`•`, `►`, `–`), and no
    // sign PGN gives a meaning (`*`, `(`, `{`, `…`).
    if !(1..=3).contains(&marks)
        || !word.chars().all(|c| {
            (c == '-' || !c.is_ascii())
                && !c.is_alphanumeric()
                && !c.is_whitespace()
                && !matches!(c, '\u{2654}'..='\u{265F}' | '\u{2026}')
        })
    {
        return None;
    }
    Some(word_end)
}

/// How far below a line of prose a row of the game is looked for
/// ([`Parser::row_below`]): a note is rarely longer, and the bound keeps the
/// reading linear.
const ROW_LOOKAHEAD: usize = 16 * 1024;

/// Whether the text may open a line of a diagram ([`is_diagram_frame`]): a
/// frame's or bar's character, or a rank's number and then a bar. A cheap
/// look before the line is read (most lines of moves open with a number).
fn may_open_diagram_line(text: &[u8]) -> bool {
    match text {
        [b'+' | b'|' | 0xE2, ..] => true,
        [b'1'..=b'8', rest @ ..] => {
            let blanks = rest
                .iter()
                .take_while(|&&c| matches!(c, b' ' | b'\t'))
                .count();
            matches!(rest.get(blanks), Some(b'|' | 0xE2))
        }
        _ => false,
    }
}

/// Whether a line is a line of a board diagram printed as text: a frame of
/// rules (`+-----------------+`, `════════`, eight at least) or a framed rank
/// (`|r+b1k+n4|` in a chess font's letters, `| r . b q k . . r |`, a rank's
/// number before it): eight cells between two bars, as one word of eight
/// characters or eight of one. No move reads so.
fn is_diagram_frame(line: &[u8]) -> bool {
    let Ok(line) = core::str::from_utf8(line.trim_ascii()) else {
        return false;
    };
    let rule = |c: char| matches!(c, '-' | '=' | '_' | '\u{2500}'..='\u{257F}');
    let corner = |c: char| matches!(c, '+' | '|' | '\u{2500}'..='\u{257F}');
    if line.chars().filter(|&c| rule(c)).count() >= 8 && line.chars().all(|c| rule(c) || corner(c))
    {
        return true;
    }
    let bar = |c: char| matches!(c, '|' | '\u{2502}' | '\u{2503}' | '\u{2551}');
    let line = line
        .trim_start_matches(|c: char| matches!(c, '1'..='8'))
        .trim_start();
    let Some(inner) = line.strip_prefix(bar).and_then(|l| l.strip_suffix(bar)) else {
        return false;
    };
    let cells: Vec<&str> = inner.split_whitespace().collect();
    match cells.as_slice() {
        [one] => one.chars().count() == 8 && !one.chars().any(bar),
        cells => {
            cells.len() == 8
                && cells
                    .iter()
                    .all(|c| c.chars().count() == 1 && !c.chars().any(bar))
        }
    }
}

/// Whether a line is text around games: text (no control bytes: binary data
/// is no caption) with a word of letters, or a rank of a diagram, holding no
/// move ([`holds_move`]).
pub(super) fn is_text_around_games(line: &[u8]) -> bool {
    !line.iter().any(|&b| b < 0x20 && b != b'\t' && b != b'\r')
        && (has_word(line) || is_diagram_rank(line))
        && !holds_move(line)
}

/// Whether a line is a bare number (a page's), blanks around it.
pub(super) fn is_page_number(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    !line.is_empty() && line.len() <= 4 && line.iter().all(u8::is_ascii_digit)
}

/// Whether a line holds a word of letters (two at least): text, not a row of
/// numbers or marks.
pub(super) fn has_word(line: &[u8]) -> bool {
    match core::str::from_utf8(line) {
        Ok(s) => s
            .split(|c: char| !c.is_alphabetic())
            .any(|w| w.chars().nth(1).is_some()),
        // Latin-1 text: its letters are the bytes from 0xC0 on.
        Err(_) => line
            .split(|&b| !(b.is_ascii_alphabetic() || b >= 0xC0))
            .any(|w| w.len() >= 2),
    }
}

/// Whether the text after a tag pair on its line is the movetext (the import format
/// lets a game be written on one line: `[Result "1-0"] 1. e4 1-0`): it starts with a
/// move number, a result or a move (read leniently, whatever the mode, so that
/// splitting does not depend on it). Anything else (`[Round "1"] junk`) is an error
/// on the tag line. The splitter asks the same (`split::tag_pair_end`'s caller).
pub(super) fn starts_movetext(rest: &[u8]) -> bool {
    match rest.first() {
        None => false,
        Some(b'0'..=b'9' | b'*') => true,
        Some(_) => is_move_word(&rest[..token_end(rest, 0)], Mode::Lenient),
    }
}

/// Whether a word is only move marks (`e.p.`, `+`, `!?`).
fn is_suffix_word(word: &[u8]) -> bool {
    use crate::san::parsers::{Origin, suffix};
    matches!(suffix(Origin(word.len()))(word), Ok((rest, _)) if rest.is_empty())
}

/// The dots at the start of `text`, `…` counting as three: (bytes, dots,
/// whether an ellipsis `…` was among them).
pub(super) fn count_dots(text: &[u8]) -> (usize, usize, bool) {
    let (mut bytes, mut dots, mut ellipsis) = (0, 0, false);
    loop {
        match text.get(bytes..) {
            Some([b'.', ..]) => {
                bytes += 1;
                dots += 1;
            }
            Some([0xE2, 0x80, 0xA6, ..]) => {
                bytes += 3;
                dots += 3;
                ellipsis = true;
            }
            _ => return (bytes, dots, ellipsis),
        }
    }
}

/// The end of the word at `at` (the next blank, or the text's end).
/// `-`, `–` or `—` alone: a dash standing between two words.
fn is_lone_dash(word: &[u8]) -> bool {
    word == b"-" || word == "\u{2013}".as_bytes() || word == "\u{2014}".as_bytes()
}

fn token_end_or(text: &[u8], at: usize) -> usize {
    text[at..]
        .iter()
        .position(|&b| is_space(b))
        .map_or(text.len(), |n| at + n)
}

/// The length of a move word without the marks a writer adds after it
/// (`Nf3?`, `e2+!!`, `Bg4!?`, `d5,`).
fn trim_marks(word: &[u8]) -> usize {
    word.iter()
        .rposition(|b| !matches!(b, b'!' | b'?' | b',' | b';' | b':'))
        .map_or(0, |i| i + 1)
}

fn trim_cr(text: &[u8], eol: usize) -> usize {
    if eol > 0 && text.get(eol - 1) == Some(&b'\r') {
        eol - 1
    } else {
        eol
    }
}

/// Where the paragraph holding `text[from]` ends: the start of the first blank
/// line after it (a line of nothing but spaces) and the end of that line, where
/// the next paragraph's text may start; the text's end for both when no blank
/// line follows.
fn paragraph_end(text: &[u8], from: usize) -> (usize, usize) {
    let mut line = match memchr::memchr(b'\n', &text[from..]) {
        Some(n) => from + n + 1,
        None => return (text.len(), text.len()),
    };
    while line < text.len() {
        let eol = memchr::memchr(b'\n', &text[line..]).map_or(text.len(), |n| line + n);
        if text[line..eol].iter().all(|&b| is_space(b)) {
            return (line, eol);
        }
        line = eol + 1;
    }
    (text.len(), text.len())
}

fn trim_space_end(text: &[u8]) -> usize {
    text.iter()
        .rposition(|&b| !is_space(b))
        .map_or(0, |i| i + 1)
}

/// The glyph two marks make when printed apart (`!` `!` is `!!`).
fn two_marks(first: Annotation, second: Annotation) -> Option<Annotation> {
    Some(match (first, second) {
        (Annotation::Good, Annotation::Good) => Annotation::Brilliant,
        (Annotation::Mistake, Annotation::Mistake) => Annotation::Blunder,
        (Annotation::Good, Annotation::Mistake) => Annotation::Interesting,
        (Annotation::Mistake, Annotation::Good) => Annotation::Dubious,
        _ => return None,
    })
}

/// A piece letter written alone (`S`, `N`, `Kt`), as long algebraic
/// printed in some books puts it apart from its squares (`S g1-f3`).
fn is_piece_word(word: &[u8]) -> bool {
    matches!(word, [b'A'..=b'Z'] | b"Kt")
}

/// The end of the movetext token starting at `start` (at least one byte).
///
/// A promotion written `(Q)` right after a move (`a8(Q)`) stays in the token.
fn token_end(text: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    loop {
        while i < text.len() && !TOKEN_STOP[text[i] as usize] {
            i += 1;
        }
        if text.get(i).is_some_and(|&b| b >= 0x80) {
            // A non-breaking space or a byte order mark ends the token; other
            // characters with these lead bytes do not.
            if unicode_blank(&text[i..]) == 0 {
                i += 1;
                continue;
            }
            return i;
        }
        match text.get(i..i + 3) {
            Some(
                [
                    b'(',
                    b'Q' | b'R' | b'B' | b'N' | b'q' | b'r' | b'b' | b'n',
                    b')',
                ],
            ) => i += 3,
            _ => return i,
        }
    }
}
