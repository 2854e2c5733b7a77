//! Splitting a PGN file into games, in memory or streaming, without parsing moves.
//!
//! A game ends where a tag line (`[` first on its line) follows movetext, where
//! a tag line follows a blank line after tags, or after a result token outside
//! variations (a result is looked for as the last token before a line end or
//! a comment: a result followed by more moves on its line stays in its game,
//! which then reports movetext after the result). Comments are honoured: `[Event` inside `{...}` or after `;` is
//! not a new game. One exception keeps a truncated game from swallowing the
//! rest of the file: a brace comment cannot contain a blank line followed by
//! a tag line (`\n\n[Name "`): there, the comment is taken as unterminated and
//! the next game starts.

use std::io::Read;

use memchr::{memchr, memchr2_iter, memchr3};

use crate::ast::GameResult;

/// One game's bytes in an in-memory file, and where they start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSlice<'a> {
    /// The absolute byte offset of `bytes` in the file.
    pub offset: usize,
    /// The game: from its first non-blank byte to the start of the next game.
    pub bytes: &'a [u8],
}

/// Splits an in-memory PGN file into games, zero-copy.
///
/// ```
/// use scoresheet_notation::pgn::games;
/// let file = b"1. e4 *\n{ [Event \"not a game\"] }\n1. d4 *";
/// let offsets: Vec<usize> = games(file).map(|g| g.offset).collect();
/// assert_eq!(offsets, [0, 8]);
/// ```
#[must_use]
pub fn games(buf: &[u8]) -> Games<'_> {
    Games {
        buf,
        splitter: Splitter::default(),
    }
}

/// The iterator of [`games`].
#[derive(Debug, Clone)]
pub struct Games<'a> {
    buf: &'a [u8],
    splitter: Splitter,
}

impl<'a> Iterator for Games<'a> {
    type Item = GameSlice<'a>;

    fn next(&mut self) -> Option<GameSlice<'a>> {
        let (start, end) = match self.splitter.scan(self.buf, true) {
            Scan::Game { start, end } => (start, end),
            Scan::NeedMore | Scan::Done => return None,
        };
        Some(GameSlice {
            offset: start,
            bytes: self.buf.get(start..end)?,
        })
    }
}

/// What one call of [`Splitter::scan`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scan {
    /// A whole game, `start..end` in the buffer.
    Game { start: usize, end: usize },
    /// The buffer ends inside a game (only when not at the end of the input).
    NeedMore,
    /// No more games (only at the end of the input).
    Done,
}

/// The resumable state of the game splitter. Positions are buffer indices;
/// [`Splitter::discard`] shifts them when the front of the buffer is dropped.
#[derive(Debug, Clone, Default)]
struct Splitter {
    /// Where scanning resumes: always at the start of a unit (token, comment, line).
    pos: usize,
    /// The first non-blank byte of the current game, once seen.
    start: Option<usize>,
    /// Only blanks since the last newline (or the start).
    line_start: bool,
    /// The current game has tags.
    seen_tags: bool,
    /// A blank line came after the tags (and before any movetext).
    blank_after_tags: bool,
    /// The current game has movetext (anything but comments and tags).
    seen_movetext: bool,
    /// Open parentheses.
    depth: u32,
    /// Whether `pos` has ever moved (for the start-of-file BOM).
    started: bool,
    /// The name of the game's first tag (up to 32 bytes): after a blank line, a tag
    /// of the same name starts a new game (a game of tags only, without movetext),
    /// while other tags continue the section (ChessBase writes a blank line in it).
    first_tag: [u8; 32],
    first_tag_len: u8,
    /// The last movetext line ended in a book's end words (`Resigns.`, `and
    /// wins`): a numbered row after it starts the next game, as a book reads it.
    words_ended: bool,
    /// Where the run of blanks (line ends included) the scan is in started,
    /// inside a game: a run of [`MAX_BLANK_RUN`] bytes ends the game there.
    blank_from: Option<usize>,
    /// The current game has a numbered row of moves (a line starting with its number).
    seen_rows: bool,
    /// A caption came after the game's last row (a line of words with no move number:
    /// `The Giuoco Piano.—`, `GAME II.`): a row numbered 1 after it starts the next
    /// game (books print game after game without results, each under its title).
    caption_seen: bool,
    /// The current game has a line holding White's first move: a row numbered
    /// 1 (`1. e4 e5`), or a line of words whose moves start at `1.` (a wiki's
    /// infobox, `Dragsekvens 1.e4 e5 2.Sf3 Sc6`). A second such row starts the
    /// next game once the count has gone past 1 ([`Splitter::past_first`]):
    /// the count does not start again inside one game (pages print a game
    /// twice, an opening's moves in the infobox and again in the text).
    seen_first: bool,
    /// A row after the first holds a move number past 1 (`2.`, a row `5 P. takes
    /// P.`): until then a second row numbered 1 is Black's first move in a book
    /// that numbers both columns (`1 P. to K. 4` twice).
    past_first: bool,
    /// The current game has a line that is not text around games (one that
    /// may hold a move, or is no text: `parse::is_text_around_games`): until
    /// it has, its text is captions and prose, which a tag line, a `%` header,
    /// a first row or a result on a line of words does not end (the text
    /// around games belongs to the game it stands above).
    seen_moves: bool,
    /// Where the caption seen after the game's rows starts, when none of its
    /// lines may hold a move: the next game starts there (its title).
    caption_at: Option<usize>,
    /// The current game has a run of moves from White's first told inside a
    /// sentence, its count going past 1 (`For example, 1. e4 g5 2. d4 f6??
    /// 3. Qh5#`): a game told in prose, which the next such run ends once
    /// the game has ended ([`Splitter::told_ended`]).
    told_first: bool,
    /// The game's last row of moves ended it (a mate mark or a word for the
    /// mate or the end after its last move: `2. g4 Qh4#`, `4. Dxf7 mat.`): a
    /// run from White's first told in a sentence after it is the next game,
    /// not a note on this one's moves (a game in rows goes on below its notes).
    rows_ended: bool,
    /// The game's moves told in prose ended in a mate (`3. Qh5#`, `4. Dxf7
    /// mat`): the same for a game told in sentences as `rows_ended` for rows.
    /// A note restarting from move 1 inside a game told in prose that goes on
    /// (`achieved with the move order 1. e4 d5 2. Nc3 Nf6`, then `3. e5`) is
    /// no game of its own.
    told_ended: bool,
    /// Prose resumed after the moves of the game told in prose: its last line
    /// of moves goes on in a sentence after them (`1. e4 e5 2. Nf3 Qf6. The
    /// opening is categorised by ...`), or a line of words without a move
    /// number came after it. A run from White's first that opens a later line
    /// of words is then the next game (a page of abstracts, a paragraph each),
    /// as is a row numbered 1 whose first move is not the told game's (a
    /// sentence naming a game's opening above its rows shares its first move).
    told_closed: bool,
    /// White's first move in the game told in prose (at most
    /// [`FIRST_MOVE_KEPT`] bytes).
    told_opening: [u8; FIRST_MOVE_KEPT],
    told_opening_len: u8,
    /// The scan resumes inside a line, at the run of moves that the last game
    /// ended before: what is left of the line is looked at as the new game's
    /// (it may tell the next game too).
    sentence_from: bool,
}

/// The bytes of a told game's first move kept to compare with a row's
/// ([`Splitter::told_opening`]): a move's longest usual spelling and marks.
const FIRST_MOVE_KEPT: usize = 16;

/// A run of blanks this long inside a game ends the game where the run
/// starts: blank lines never count toward a game's size (an unfinished game
/// followed by megabytes of them is judged as the game it is, not as one too
/// large), and the reader never holds more than this of them. No real game
/// has a megabyte of blank lines inside it.
pub(crate) const MAX_BLANK_RUN: usize = 1 << 20;

#[inline]
pub(super) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

const OPEN: u8 = 1;
const CLOSE: u8 = 2;
const END: u8 = 3;

/// What ends or matters in a movetext segment: `\n`, `{`, `;`, `[` end it; parentheses count.
static SEGMENT: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'\n' as usize] = END;
    t[b'{' as usize] = END;
    t[b';' as usize] = END;
    t[b'[' as usize] = END;
    t[b'(' as usize] = OPEN;
    t[b')' as usize] = CLOSE;
    t
};

/// Where the movetext segment from `from` ends: the next line end, comment start
/// or `[`, counting parentheses into `depth`; `None` when the buffer ends first
/// (and more input is coming). Short lines (most movetext) go byte by byte; the
/// rest of a long line is searched with memchr.
#[inline(always)]
fn segment_end(buf: &[u8], from: usize, depth: &mut u32, eof: bool) -> Option<usize> {
    let mut i = from;
    let short_end = (from + 32).min(buf.len());
    while i < short_end {
        match SEGMENT[usize::from(buf[i])] {
            0 => {}
            OPEN => *depth = depth.saturating_add(1),
            CLOSE => *depth = depth.saturating_sub(1),
            _ => return Some(i),
        }
        i += 1;
    }
    let mut end = match memchr3(b'\n', b'{', b';', &buf[i..]) {
        Some(n) => i + n,
        None if eof => buf.len(),
        None => return None,
    };
    // A `[` in movetext is rare (a tag after the result, or a stray bracket).
    if let Some(n) = memchr(b'[', &buf[i..end]) {
        end = i + n;
    }
    for p in memchr2_iter(b'(', b')', &buf[i..end]) {
        if buf[i + p] == b'(' {
            *depth = depth.saturating_add(1);
        } else {
            *depth = depth.saturating_sub(1);
        }
    }
    Some(end)
}

/// The end of the tag pair at the start of `line` (just after its `]`), when it is
/// well formed as the parser reads one: `[`, blanks, a name, blanks, a quoted value
/// with `\` escapes, blanks, `]`. `None` otherwise.
pub(super) fn tag_pair_end(line: &[u8]) -> Option<usize> {
    let blanks = |from: usize| {
        from + line
            .get(from..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| matches!(b, b' ' | b'\t'))
            .count()
    };
    if line.first() != Some(&b'[') {
        return None;
    }
    let name_start = blanks(1);
    let name_end = name_start
        + line[name_start..]
            .iter()
            .take_while(|&&b| super::parse::NAME_CHAR[usize::from(b)])
            .count();
    if name_end == name_start {
        return None;
    }
    let mut i = blanks(name_end);
    if line.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    loop {
        match line.get(i)? {
            b'\\' => i += 2,
            b'"' => break,
            _ => i += 1,
        }
    }
    let i = blanks(i + 1);
    (line.get(i) == Some(&b']')).then_some(i + 1)
}

/// The end of the comment at `at` (a segment's end, just after a result), if one
/// starts there: `Some(Some(end))` for a closed `{...}` or a `;` comment to the end
/// of its line, `Some(None)` for no comment (or one cut by the next game's tags),
/// `None` when the buffer ends first and more input is coming.
fn comment_after(buf: &[u8], at: usize, eof: bool) -> Option<Option<usize>> {
    match buf.get(at) {
        Some(b'{') => match brace_comment_end(buf, at, eof) {
            CommentEnd::Closed(end) => Some(Some(end)),
            CommentEnd::Cut(_) => Some(None),
            CommentEnd::NeedMore => None,
        },
        Some(b';') => match memchr(b'\n', &buf[at..]) {
            Some(n) => Some(Some(at + n)),
            None if eof => Some(Some(buf.len())),
            None => None,
        },
        _ => Some(None),
    }
}

/// The last whitespace- or bracket-delimited token of a segment: `(start, end)`.
fn last_token(seg: &[u8]) -> (usize, usize) {
    let end = seg.iter().rposition(|&b| !is_blank(b)).map_or(0, |i| i + 1);
    let start = seg[..end]
        .iter()
        .rposition(|&b| is_blank(b) || matches!(b, b'(' | b')' | b'}' | b'$' | b'[' | b']'))
        .map_or(0, |i| i + 1);
    (start, end)
}

impl Splitter {
    fn new_game(&mut self) {
        self.start = None;
        self.seen_tags = false;
        self.blank_after_tags = false;
        self.seen_movetext = false;
        self.depth = 0;
        self.first_tag_len = 0;
        self.words_ended = false;
        self.blank_from = None;
        self.seen_rows = false;
        self.caption_seen = false;
        self.seen_first = false;
        self.past_first = false;
        self.caption_at = None;
        self.seen_moves = false;
        self.told_first = false;
        self.rows_ended = false;
        self.told_ended = false;
        self.told_closed = false;
        self.told_opening_len = 0;
        self.sentence_from = false;
    }

    /// Whether a tag line (or a book's `% key: value` header) here ends the
    /// game in progress and starts the next: after its movetext, when the game
    /// has tags or a line that may hold a move. Text around games with no move
    /// in it (a caption, a page's prose) is the next game's, read as commentary
    /// above its tags. The block reader asks the same at a block's end.
    fn next_tags_end_game(&self) -> bool {
        self.seen_movetext && (self.seen_tags || self.seen_moves)
    }

    /// After a blank byte at `pos - 1`: the game in progress, ended where its
    /// run of blanks started, once the run is [`MAX_BLANK_RUN`] long.
    #[inline]
    fn long_blank_run(&mut self) -> Option<Scan> {
        let start = self.start?;
        let from = *self.blank_from.get_or_insert(self.pos - 1);
        if self.pos - from < MAX_BLANK_RUN {
            return None;
        }
        self.new_game();
        Some(Scan::Game { start, end: from })
    }

    /// The tag name at `buf[pos]` (which is `[`), if it fits.
    fn tag_name(buf: &[u8], pos: usize) -> &[u8] {
        let rest = buf.get(pos + 1..).unwrap_or_default();
        let n = rest
            .iter()
            .take(32)
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        &rest[..n]
    }

    /// Whether the line opening with `first` (its first byte past the blanks)
    /// can change nothing the line kinds decide, so that they need not be
    /// asked: in a game with tags whose rows have begun and hold moves, with no
    /// caption after them and no first row counted (only tagless text counts
    /// one), a line opening with a digit is a row (or a page's number) and
    /// leaves the state as it is: a caption opens with a letter, and the count
    /// starting again is looked for in tagless text only. So a PGN game's rows
    /// pay for one test.
    #[inline(always)]
    fn plain_row(&self, first: u8) -> bool {
        first.is_ascii_digit()
            && self.seen_tags
            && self.seen_rows
            && self.seen_moves
            && !self.caption_seen
            && !self.seen_first
    }

    /// Looks at a line of words from `at` (its first non-blank byte, or the
    /// run of moves a game was just cut before) for runs of moves from White's
    /// first told in its sentences, `first` the first such run's offset: each
    /// run holding a whole turn and going past move 1 (`1. e4 g5 2. d4 f6??
    /// 3. Qh5#`) is a game of its own once the game in progress has gone past
    /// move 1 and ended (its rows' last move marked or followed by the mate
    /// or the end words; its moves told in prose naming their mate): pages
    /// tell one game after another in sentences
    /// (a trap and its variants, a mate and its kin). The game in progress
    /// ends at the line's start when no move number stands before the run on
    /// the line (the words before it introduce the next game), else just
    /// before the run. Tagless text only, as the count starting again is.
    fn sentence_games(
        &mut self,
        line: &[u8],
        at: usize,
        first: Option<usize>,
        at_line_start: bool,
    ) -> Option<Scan> {
        let mut run_at = first;
        // Where the game in progress's text on this line starts.
        let mut from = 0;
        while let Some(c) = run_at {
            let next = super::parse::first_move_number_after_words(&line[c..]).map(|n| c + n);
            let run = &line[c..next.unwrap_or(line.len())];
            if super::parse::opens_with_a_whole_turn(run) && has_number_past_one(run) {
                let counted = (self.seen_first && self.past_first) || self.told_first;
                let before = &line[from..c];
                let whole_line = at_line_start && Some(c) == first && !has_move_number(&line[..c]);
                let ended = if self.seen_rows {
                    self.rows_ended
                } else if has_move_number(before) {
                    tells_a_mate(before)
                } else {
                    self.told_ended || (whole_line && self.told_closed)
                };
                if counted && ended {
                    let start = self.start.unwrap_or(at);
                    let end = if whole_line {
                        self.caption_at.unwrap_or(at)
                    } else {
                        at + c
                    };
                    if end > start {
                        self.new_game();
                        self.pos = end;
                        if !whole_line {
                            self.line_start = false;
                            self.sentence_from = true;
                        }
                        return Some(Scan::Game { start, end });
                    }
                }
                if !self.told_first {
                    let first_move = super::parse::first_move_word(run);
                    let kept = first_move.len().min(FIRST_MOVE_KEPT);
                    self.told_opening[..kept].copy_from_slice(&first_move[..kept]);
                    self.told_opening_len = kept as u8;
                }
                self.told_first = true;
                from = c;
            }
            run_at = next;
        }
        if has_move_number(&line[from..]) {
            self.told_ended = tells_a_mate(&line[from..]);
            self.told_closed = super::parse::moves_then_sentence(&line[from..]);
        }
        None
    }

    /// Whether the row `line` (numbered 1) opens with another first move
    /// than the game told in prose: no sentence naming its opening.
    fn opens_otherwise(&self, line: &[u8]) -> bool {
        let told = &self.told_opening[..usize::from(self.told_opening_len)];
        let row = super::parse::first_move_word(row_body(line).0);
        !told.is_empty() && &row[..row.len().min(FIRST_MOVE_KEPT)] != told
    }

    fn mark_start(&mut self) {
        if self.start.is_none() {
            self.start = Some(self.pos);
        }
    }

    /// Drops `n` bytes from the front of the buffer.
    fn discard(&mut self, n: usize) {
        self.pos = self.pos.saturating_sub(n);
        self.start = self.start.map(|s| s.saturating_sub(n));
        self.blank_from = self.blank_from.map(|s| s.saturating_sub(n));
        self.caption_at = self.caption_at.map(|s| s.saturating_sub(n));
    }

    /// Finds the next game in `buf` from the saved position.
    fn scan(&mut self, buf: &[u8], eof: bool) -> Scan {
        if !self.started {
            self.started = true;
            self.line_start = true;
            if buf.starts_with(b"\xEF\xBB\xBF") {
                self.pos = 3;
            } else if buf.len() < 3 && !eof && b"\xEF\xBB\xBF".starts_with(buf) {
                self.started = false;
                return Scan::NeedMore;
            }
        }
        loop {
            let Some(&b) = buf.get(self.pos) else {
                return self.at_end(buf, eof);
            };
            if b != b'\n' && !is_blank(b) {
                self.blank_from = None;
            }
            match b {
                b'\n' => {
                    if self.line_start {
                        if self.seen_tags && !self.seen_movetext {
                            self.blank_after_tags = true;
                        }
                        // A note left open at a paragraph's end (a page cut off
                        // inside it) is closed there, as the parser reads it: a
                        // result after it ends the game.
                        self.depth = 0;
                    }
                    self.line_start = true;
                    self.pos += 1;
                    if let Some(game) = self.long_blank_run() {
                        return game;
                    }
                }
                _ if is_blank(b) => {
                    self.pos += 1;
                    if let Some(game) = self.long_blank_run() {
                        return game;
                    }
                }
                // A byte order mark at a line start (files joined with `cat`) is blank.
                0xEF if self.line_start && buf.len() - self.pos < 3 && !eof => {
                    return Scan::NeedMore;
                }
                0xEF if self.line_start && buf[self.pos..].starts_with(b"\xEF\xBB\xBF") => {
                    self.pos += 3;
                }
                // A `[` before anything but a name (`[6...Qf6! was best]`, a
                // page's bracketed note in the movetext) is no tag line: the
                // parser keeps it as a comment in its game.
                // After a result, any `[` line starts the next game, as before.
                b'[' if self.line_start
                    && (!self.seen_movetext
                        || names_a_tag(&buf[self.pos..])
                        || opens_wrapper(&buf[self.pos..])
                        || self.start.is_none_or(|start| {
                            ends_with_result(last_line(&buf[start..self.pos]))
                        })) =>
                {
                    // A tag line: read it whole (values may hold `{` or `;`).
                    let nl = memchr(b'\n', &buf[self.pos..]);
                    if nl.is_none() && !eof {
                        return Scan::NeedMore;
                    }
                    let line_end = nl.map_or(buf.len(), |n| self.pos + n);
                    if self.start.is_some() && is_wrapper_close(&buf[self.pos..line_end]) {
                        // A forum's `[/pgn]` closes the game in progress.
                        self.line_start = false;
                        self.pos = line_end;
                        continue;
                    }
                    let name = Self::tag_name(&buf[..line_end], self.pos);
                    let repeated = self.blank_after_tags
                        && self.first_tag_len > 0
                        && name == &self.first_tag[..usize::from(self.first_tag_len)];
                    if self.next_tags_end_game() || repeated {
                        if let Some(start) = self.start {
                            let end = self.pos;
                            self.new_game();
                            return Scan::Game { start, end };
                        }
                    }
                    self.mark_start();
                    if !self.seen_tags && !self.seen_moves {
                        // Text around games above the tags is as a comment there.
                        self.seen_movetext = false;
                    }
                    if !self.seen_tags {
                        self.first_tag[..name.len()].copy_from_slice(name);
                        self.first_tag_len = u8::try_from(name.len()).unwrap_or(0);
                    }
                    self.seen_tags = true;
                    self.blank_after_tags = false;
                    self.line_start = false;
                    // A well-formed pair may be followed on its line by another tag,
                    // a comment or the movetext (`[Result "1-0"] 1. e4 1-0`), read
                    // on from there; anything else keeps the line whole, as the
                    // parser reads it (`parse::starts_movetext`).
                    self.pos = match tag_pair_end(&buf[self.pos..line_end]) {
                        Some(end) => {
                            let after = self.pos + end;
                            let next = after
                                + buf[after..line_end]
                                    .iter()
                                    .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
                                    .count();
                            match buf[next..line_end].first() {
                                Some(b'[' | b'{' | b';') => next,
                                Some(_) if super::parse::starts_movetext(&buf[next..line_end]) => {
                                    next
                                }
                                _ => line_end,
                            }
                        }
                        None => line_end,
                    };
                }
                b'%' if self.line_start => {
                    // A `% key: value` line after movetext heads the next game,
                    // as book tables head each game (`% title: ...`); any other
                    // `%` line is PGN's escape line, which may stand inside one.
                    if self.next_tags_end_game() && is_header_line(&buf[self.pos..]) {
                        if let Some(start) = self.start {
                            let end = self.pos;
                            self.new_game();
                            return Scan::Game { start, end };
                        }
                    }
                    let Some(nl) = memchr(b'\n', &buf[self.pos..]) else {
                        if !eof {
                            return Scan::NeedMore;
                        }
                        self.mark_start();
                        self.pos = buf.len();
                        continue;
                    };
                    self.mark_start();
                    self.line_start = false;
                    self.pos += nl;
                }
                b';' => {
                    let Some(nl) = memchr(b'\n', &buf[self.pos..]) else {
                        if !eof {
                            return Scan::NeedMore;
                        }
                        self.mark_start();
                        self.pos = buf.len();
                        continue;
                    };
                    self.mark_start();
                    self.line_start = false;
                    self.pos += nl;
                }
                b'{' => match brace_comment_end(buf, self.pos, eof) {
                    CommentEnd::Closed(end) => {
                        self.mark_start();
                        self.line_start = false;
                        self.pos = end;
                    }
                    CommentEnd::Cut(tag_line) => {
                        // An unterminated comment runs into the next game's tags.
                        self.mark_start();
                        self.seen_movetext = true;
                        self.line_start = true;
                        self.pos = tag_line;
                    }
                    CommentEnd::NeedMore => return Scan::NeedMore,
                },
                _ => {
                    // A tag pair on the line where the last game's result is
                    // (`* [White "Me"]`, `1-0[Event "B"]`: the segment before it
                    // ended at the result) starts this game's tags. After movetext
                    // without a result it is movetext, which the parser reports.
                    if b == b'[' && !self.seen_movetext {
                        match looks_like_tag(&buf[self.pos..], eof) {
                            Some(true) => {
                                self.line_start = true;
                                continue;
                            }
                            Some(false) => {}
                            None => return Scan::NeedMore,
                        }
                    }
                    // A row numbered 1 after a line that ended in a book's end
                    // words starts the next game (tagless games one per line);
                    // other numbers go on (a table's second range of moves).
                    if self.words_ended && self.line_start && b == b'1' {
                        let Some(&next) = buf.get(self.pos + 1) else {
                            if !eof {
                                return Scan::NeedMore;
                            }
                            self.words_ended = false;
                            continue;
                        };
                        if next.is_ascii_digit() {
                            self.words_ended = false;
                            continue;
                        }
                        if let Some(start) = self.start {
                            let end = self.pos;
                            self.new_game();
                            return Scan::Game { start, end };
                        }
                    }
                    // A line at the top level: a row numbered 1 after the game's
                    // rows and a caption, or after a game told in prose that
                    // ended in its mate, starts the next game. The caption goes
                    // with the next game when none of its lines may hold a move
                    // (`#662 Morphy v Anderssen`, the next game's title); else it
                    // stays with the game before (read there as words): a line of
                    // words may also be a move (`Castles`), which must not move games.
                    let mut line_checked = false;
                    // The rest of a line after a game told in its sentences
                    // ended: the next game's run of moves, maybe more games.
                    if self.sentence_from {
                        let Some(line) = whole_line(buf, self.pos, eof) else {
                            return Scan::NeedMore;
                        };
                        self.sentence_from = false;
                        if let Some(game) = self.sentence_games(line, self.pos, Some(0), false) {
                            return game;
                        }
                    }
                    let mut row_line = false;
                    if self.line_start && self.depth == 0 && !self.plain_row(b) {
                        let Some(line) = whole_line(buf, self.pos, eof) else {
                            return Scan::NeedMore;
                        };
                        let mut kind = line_kind(line);
                        // The moves of a row: the line's own, or the next line's
                        // where the number stands alone (`1.` / `e4 c6`).
                        let mut moves = line;
                        // (A page's number is neither moves nor text.)
                        if !self.seen_moves && !super::parse::is_page_number(line) {
                            self.seen_moves = !super::parse::is_text_around_games(line);
                            line_checked = true;
                        }
                        loop {
                            match kind {
                                LineKind::Caption if self.seen_rows || self.told_first => {
                                    if !super::parse::is_text_around_games(line) {
                                        self.caption_at = None;
                                    } else if !self.caption_seen {
                                        self.caption_at = Some(self.pos);
                                    }
                                    self.caption_seen = true;
                                    self.told_closed |= self.told_first && !self.seen_rows;
                                }
                                LineKind::Caption => {}
                                LineKind::Note => {}
                                // Words naming moves (a note's `(1.e4 d5 2.exd5)`): the
                                // text after the game's rows is not all the next one's.
                                LineKind::Prose => {
                                    if !self.seen_tags {
                                        let first =
                                            super::parse::first_move_number_after_words(line);
                                        if first.is_some() {
                                            if let Some(game) =
                                                self.sentence_games(line, self.pos, first, true)
                                            {
                                                return game;
                                            }
                                        } else if self.told_first && !self.seen_rows {
                                            self.told_closed =
                                                super::parse::moves_then_sentence(line);
                                        }
                                    }
                                    self.caption_at = None;
                                    if !self.seen_tags
                                        && super::parse::opens_with_caption_then_moves(line)
                                    {
                                        self.seen_first = true;
                                        self.past_first |= has_number_past_one(line);
                                        self.seen_rows = true;
                                        self.caption_seen = false;
                                        row_line = true;
                                    }
                                }
                                // A row of no move (a diagram's `7 7`, a numbered list of
                                // words) is text around the game, not its rows.
                                LineKind::FirstRow | LineKind::Row if !self.seen_moves => {}
                                // (A list's item holding White's first move is
                                // the next game's even where the count has not
                                // gone past 1: items are lines, one after another;
                                // Black's column numbered 1 is no list's.)
                                LineKind::FirstRow
                                    if ((self.seen_first
                                        && (self.past_first || row_body(line).1))
                                        || (self.seen_rows && self.caption_seen)
                                        || (self.told_first
                                            && !self.seen_rows
                                            && (self.told_ended
                                                || (self.told_closed
                                                    && self.opens_otherwise(moves)))))
                                        && super::parse::holds_move(moves) =>
                                {
                                    if let Some(start) = self.start {
                                        let end = self.caption_at.unwrap_or(self.pos);
                                        self.new_game();
                                        self.pos = end;
                                        return Scan::Game { start, end };
                                    }
                                }
                                LineKind::FirstRow | LineKind::Row => {
                                    // (A numbered line of words, `1. Lopez - Leonardo,
                                    // Rome 1560.`, a list's, is no row of moves.)
                                    // Asked only while it matters, and not under tags (a
                                    // PGN game's count starting again is its error).
                                    if kind == LineKind::FirstRow
                                        && !self.seen_tags
                                        && !self.seen_first
                                        && super::parse::holds_move(moves)
                                    {
                                        self.seen_first = true;
                                    }
                                    if self.seen_first
                                        && !self.past_first
                                        && ((kind == LineKind::Row && !opens_with_one(line))
                                            || has_number_past_one(line))
                                        && super::parse::holds_move(line)
                                    {
                                        self.past_first = true;
                                    }
                                    self.seen_rows = true;
                                    self.caption_seen = false;
                                    self.caption_at = None;
                                    row_line = true;
                                }
                                LineKind::Other => {
                                    self.caption_seen = false;
                                    self.caption_at = None;
                                }
                                // A page breaking a row after its number: a first
                                // row when White's move opens the next line (tagless
                                // text only, as the count starting again is). (The
                                // line was read as moves above: asking again for
                                // more input reads it the same.)
                                LineKind::NumberAlone => {
                                    kind = LineKind::Row;
                                    if !self.seen_tags {
                                        let next_at = self.pos + line.len() + 1;
                                        let next = if next_at <= buf.len() {
                                            whole_line(buf, next_at, eof)
                                        } else if eof {
                                            Some(&b""[..])
                                        } else {
                                            None
                                        };
                                        let Some(next) = next else {
                                            return Scan::NeedMore;
                                        };
                                        if opens_with_white_move(next) {
                                            kind = LineKind::FirstRow;
                                            moves = next;
                                        }
                                    }
                                    continue;
                                }
                            }
                            break;
                        }
                    }
                    // Movetext: run to the next line end, comment or tag pair,
                    // counting parentheses, then look at the segment's last token.
                    let start = self.pos;
                    let mut depth = self.depth;
                    let mut from = start + usize::from(b == b'[');
                    let seg_end = loop {
                        let Some(end) = segment_end(buf, from, &mut depth, eof) else {
                            return Scan::NeedMore;
                        };
                        if buf.get(end) != Some(&b'[') {
                            break end;
                        }
                        match looks_like_tag(&buf[end..], eof) {
                            Some(true) => break end,
                            Some(false) => from = end + 1,
                            None => return Scan::NeedMore,
                        }
                    };
                    let seg = &buf[start..seg_end];
                    if !self.seen_moves && !line_checked && !super::parse::is_page_number(seg) {
                        self.seen_moves = !super::parse::is_text_around_games(seg);
                    }
                    let last = seg.iter().rev().find(|&&c| !is_blank(c));
                    // Results end in `0`, `1`, `2`, `*` or `½`: most segments are rejected here.
                    let mut game_end = None;
                    if depth == 0 && matches!(last, Some(b'0' | b'1' | b'2' | b'*' | 0xBD)) {
                        let (t_start, t_end) = last_token(seg);
                        let token = &seg[t_start..t_end];
                        // A draw written as half a point (`1/2`, `½`) ends a game
                        // too: the parser reads it as a draw, with a warning.
                        // A result closing a line of words before any move (a
                        // caption's `(E56) 1-0`) is the caption's, which the
                        // parser keeps as commentary above the game.
                        let caption =
                            line_checked && !self.seen_moves && !self.seen_tags && depth == 0;
                        if !caption
                            && (GameResult::from_ascii(token).is_some()
                                || matches!(token, b"1/2" | b"\xC2\xBD"))
                        {
                            // A comment after the result on its line is the game's
                            // (`1/2-1/2 {drawn by agreement}`).
                            game_end = match comment_after(buf, seg_end, eof) {
                                Some(end) => Some(end.unwrap_or(start + t_end)),
                                None => return Scan::NeedMore,
                            };
                        }
                    }
                    self.words_ended = depth == 0
                        && self.seen_moves
                        && last.is_some_and(|c| c.is_ascii_alphabetic() || *c == b'.')
                        && {
                            let (t_start, t_end) = last_token(seg);
                            crate::desc::is_end_words(&seg[t_start..t_end])
                        };
                    if row_line && !self.seen_tags {
                        self.rows_ended = ends_in_mate_or_end_words(seg);
                    }
                    self.depth = depth;
                    self.mark_start();
                    self.seen_movetext = true;
                    self.line_start = false;
                    self.pos = seg_end;
                    if let Some(end) = game_end {
                        let game_start = self.start.unwrap_or(start);
                        self.new_game();
                        self.pos = end;
                        return Scan::Game {
                            start: game_start,
                            end,
                        };
                    }
                }
            }
        }
    }

    fn at_end(&mut self, buf: &[u8], eof: bool) -> Scan {
        if !eof {
            return Scan::NeedMore;
        }
        match self.start {
            // The `[/pgn]` closing a forum's last game, after its result: no game.
            Some(start) if only_wrapper_closes(&buf[start..]) => {
                self.new_game();
                Scan::Done
            }
            Some(start) => {
                self.new_game();
                Scan::Game {
                    start,
                    end: buf.len(),
                }
            }
            None => Scan::Done,
        }
    }
}

/// Whether the `[` that `line` starts with opens a tag pair: a name (after
/// blanks), blanks, then the value's `"` (`[Event "`), not a page's bracketed
/// note (`[6...Qf6! was best]`, `[Morphy's opponents expected...`). The end
/// of the buffer before the quote counts as one, as a tag line's start did
/// before.
pub(super) fn names_a_tag(line: &[u8]) -> bool {
    // Blanks, a web page's non-breaking spaces among them.
    let blanks = |mut from: usize| {
        loop {
            match line.get(from..) {
                Some([b' ' | b'\t', ..]) => from += 1,
                Some([0xC2, 0xA0, ..]) => from += 2,
                _ => return from,
            }
        }
    };
    let name_start = blanks(1);
    let name_end = name_start
        + line
            .get(name_start..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&b| super::parse::NAME_CHAR[usize::from(b)])
            .count();
    if line
        .get(name_start)
        .is_some_and(|b| !b.is_ascii_alphabetic())
    {
        return false;
    }
    line.get(blanks(name_end)).is_none_or(|&b| b == b'"')
}

/// The line from `at` to its end (without the newline); `None` when the buffer ends
/// first and more input is coming.
fn whole_line(buf: &[u8], at: usize, eof: bool) -> Option<&[u8]> {
    match memchr(b'\n', &buf[at..]) {
        Some(n) => Some(&buf[at..at + n]),
        None if eof => Some(&buf[at..]),
        None => None,
    }
}

/// What a line of a game's text is to the splitter, once the game has moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    /// Words with no move number (`The Giuoco Piano.—`, `| WHITE. | BLACK. |`,
    /// `GAME 2`, `Played in 1913.`): maybe the next game's caption.
    Caption,
    /// A note in parentheses or a page number: neither moves nor a caption.
    Note,
    /// Words holding move numbers (a note naming moves): neither rows nor a caption.
    Prose,
    /// A row numbered 1 with White's move (`1. P-K4`, `| 1. e4 |`; not Black's alone,
    /// `1. ... P-K4`).
    FirstRow,
    /// A row starting with its move number (`12. Kt-B3 P-Q3`, `| 3. e4 |`).
    Row,
    /// Anything else.
    Other,
    /// The number 1 alone with its dot (`1.`): a row whose moves a page broke
    /// onto the next line when White's move opens it, else Black's move's row.
    NumberAlone,
}

/// A line without the blanks and table bar before its row (`| 1. e4 |`).
#[inline]
fn row_start(line: &[u8]) -> &[u8] {
    let body = line.trim_ascii_start();
    body.strip_prefix(b"|")
        .map_or(body, <[u8]>::trim_ascii_start)
}

/// A line without the blanks, table bar (`| 1. e4 |`) or list item's mark
/// (`• 1. e4 e5`, `- 2.g4`, `- B02: 1.e4 Nf6`) before what it holds, and
/// whether it had such a mark: a row of a table or a list's item is read as
/// the row it holds (a page listing games one per item).
fn row_body(line: &[u8]) -> (&[u8], bool) {
    let body = row_start(line);
    match body.first() {
        Some(&b) if b == b'-' || b >= 0x80 => super::parse::item_mark(body)
            .map_or((body, false), |len| (body[len..].trim_ascii_start(), true)),
        _ => (body, false),
    }
}

/// Classifies one line (see [`LineKind`]). Lines of PGN movetext start with a
/// digit and are settled at their first bytes (a list's mark is looked for
/// only on a line that opens with one it may be).
#[inline]
fn line_kind(line: &[u8]) -> LineKind {
    body_kind(row_start(line), false)
}

/// [`line_kind`] of what follows a list item's mark at the start of `body`,
/// if one is there. (Out of line: PGN's rows, read by the inlined
/// [`body_kind`], never open with a mark.)
#[cold]
#[inline(never)]
fn item_kind(body: &[u8]) -> Option<LineKind> {
    let len = super::parse::item_mark(body)?;
    Some(body_kind(body[len..].trim_ascii_start(), true))
}

/// [`line_kind`] of a line's body, after its mark when `item`.
#[inline]
fn body_kind(body: &[u8], item: bool) -> LineKind {
    if body.trim_ascii_end().iter().all(u8::is_ascii_digit) {
        // A page number (or nothing).
        return LineKind::Note;
    }
    match body.first() {
        Some(b'(') => LineKind::Note,
        Some(b'1') => {
            let rest = &body[1..];
            if rest.first().is_some_and(u8::is_ascii_digit) {
                return LineKind::Row;
            }
            // A row's number is followed by its mark (`1.`, or `1)` and `1/`
            // as the parser reads them too) or a space; `1-0` and `1/2-1/2`
            // are results, never rows.
            let dotted = number_mark(rest).is_some();
            if !dotted && !rest.first().is_some_and(|&b| matches!(b, b' ' | b'\t')) {
                return LineKind::Other;
            }
            let rest = rest[usize::from(dotted)..].trim_ascii_start();
            // Black's move alone (`1. ... P-K4`, `1...e5`, `1. …`) continues a game.
            if rest.is_empty() && dotted {
                LineKind::NumberAlone
            } else if rest.is_empty() || rest.starts_with(b".") || rest.starts_with("…".as_bytes())
            {
                LineKind::Row
            } else {
                LineKind::FirstRow
            }
        }
        Some(&c) if c.is_ascii_alphabetic() || c == b'#' || c == b'"' || c >= 0x80 => {
            // (A list's mark, `•`, before the item's row or words.)
            if c >= 0x80 && !item {
                if let Some(kind) = item_kind(body) {
                    return kind;
                }
            }
            words_kind(body, item)
        }
        Some(c) if c.is_ascii_digit() => LineKind::Row,
        Some(b'-') if !item => item_kind(body).unwrap_or(LineKind::Other),
        _ => LineKind::Other,
    }
}

/// [`line_kind`] of a line of words (it opens with a letter).
fn words_kind(body: &[u8], item: bool) -> LineKind {
    if item {
        // A list's item of a label and moves from White's first
        // (`- B03: 1.e4 Nf6 2.e5`) is a game's first row; any other
        // item is no row and no caption.
        if has_move_number(body) && super::parse::opens_with_caption_then_moves(body) {
            LineKind::FirstRow
        } else {
            LineKind::Other
        }
    } else if has_move_number(body) {
        LineKind::Prose
    } else if body.trim_ascii_end().contains(&b' ') {
        LineKind::Caption
    } else {
        // One word: a move on a line of its own (`Rb2+`, Black's move in
        // a compact export), not a caption.
        LineKind::Other
    }
}

/// Whether `line` holds a move number: one to three digits then a full stop, not
/// inside a longer number (`12.`, `3...`; not `1913.`, `p. 35`).
fn has_move_number(line: &[u8]) -> bool {
    let mut run = 0usize;
    for &b in line {
        if b.is_ascii_digit() {
            run += 1;
        } else {
            if b == b'.' && (1..=3).contains(&run) {
                return true;
            }
            run = 0;
        }
    }
    false
}

/// The mark after a move number's digits that `rest` opens with, if any:
/// the full stop, or the `)` and `/` the parser reads as one (`12)`, `12/`)
/// when no digit follows them (`1/2` is half a point).
#[inline]
fn number_mark(rest: &[u8]) -> Option<u8> {
    match *rest {
        [b'.', ..] => Some(b'.'),
        [m @ (b')' | b'/'), ref after @ ..] if !after.first().is_some_and(u8::is_ascii_digit) => {
            Some(m)
        }
        _ => None,
    }
}

/// Whether `line` holds a move number past 1 with its mark (`2.`, `17...`,
/// `2)`; not `1.`, `1913.`, `3/4`): the count of a game's rows has gone on.
fn has_number_past_one(line: &[u8]) -> bool {
    let mut run = 0usize;
    let mut value = 0u32;
    // The run of digits stands alone (not a square's rank, `e4.`).
    let mut alone = true;
    let mut before = b' ';
    for (i, &b) in line.iter().enumerate() {
        if b.is_ascii_digit() {
            if run == 0 {
                alone = !before.is_ascii_alphanumeric();
            }
            run += 1;
            value = value.saturating_mul(10).saturating_add(u32::from(b - b'0'));
        } else {
            if alone && (1..=3).contains(&run) && value >= 2 && number_mark(&line[i..]).is_some() {
                return true;
            }
            run = 0;
            value = 0;
        }
        before = b;
    }
    false
}

/// Whether a game's text told in prose names its mate: a move marked as
/// mate (`3. Qh5#`, `Dh4++`) or followed by a word for the mate (`4. Dxf7
/// mat,`, `Dh4 matt`).
fn tells_a_mate(text: &[u8]) -> bool {
    let mut before: &[u8] = b"";
    for word in text.split(|&b| is_blank(b)).filter(|w| !w.is_empty()) {
        let bare = bare_word(word);
        if bare.ends_with(b"#")
            || bare.ends_with(b"++")
            || (is_mate_word(bare) && super::parse::holds_move(before))
        {
            return true;
        }
        // (A check mark apart is no word: `4. Vxf7 + mat.`)
        if bare != b"+" {
            before = word;
        }
    }
    false
}

/// A word without the punctuation, closing parenthesis and footnote marks
/// printed after it (`Qh5#,`, `#.[2][3]`, `mat.`).
fn bare_word(mut word: &[u8]) -> &[u8] {
    loop {
        let end = word
            .iter()
            .rposition(|b| !matches!(b, b'.' | b',' | b';' | b':' | b'!' | b'?' | b')'))
            .map_or(0, |i| i + 1);
        word = &word[..end];
        match word
            .strip_suffix(b"]")
            .and_then(|w| memchr::memrchr(b'[', w))
        {
            Some(open) if word.len() - open <= 5 => word = &word[..open],
            _ => return word,
        }
    }
}

/// Whether `word` is the word for mate as the languages that print it so
/// write it: `mat` with at most two more letters (mat, matt, mate, matto).
fn is_mate_word(word: &[u8]) -> bool {
    let word = word.strip_prefix(b"+").unwrap_or(word);
    (3..=5).contains(&word.len())
        && word[..3].eq_ignore_ascii_case(b"mat")
        && word.iter().all(u8::is_ascii_alphabetic)
}

/// Whether a row's text ends the game: its last word (before a note in
/// parentheses) a move marked as mate (`Qh4#`, `Df3xf7 #`, `Qh5++`) or a word
/// for the mate or the game's end
/// after it (`4. Dxf7 mat.`, `4. Vxf7 + mat.`, `Dh4 matt`, `22. Rxf8
/// Resigns`): the word for mate is `mat` with at most two more letters in
/// the languages that print it so (mat, matt, mate, matto).
fn ends_in_mate_or_end_words(seg: &[u8]) -> bool {
    // A note in parentheses after the last move is no word of the row
    // (`6. Le2 0-0# (Eiko)`).
    let mut seg = seg.trim_ascii_end();
    while let Some(open) = seg
        .strip_suffix(b".")
        .unwrap_or(seg)
        .strip_suffix(b")")
        .and_then(|s| memchr::memrchr(b'(', s))
    {
        seg = seg[..open].trim_ascii_end();
    }
    let token = seg
        .iter()
        .rposition(|&b| is_blank(b))
        .map_or(seg, |i| &seg[i + 1..]);
    let word = bare_word(token);
    word.ends_with(b"#")
        || word.ends_with(b"++")
        || is_mate_word(word)
        || crate::desc::is_end_words(token)
}

/// Whether a line opens with White's move: a move, not a number or Black's
/// move (`…`, `...`), and holds moves (the line after a row's number alone,
/// `e4 c6`, `d4 d5 2. c4 e6`).
fn opens_with_white_move(line: &[u8]) -> bool {
    let body = line.trim_ascii_start();
    body.first()
        .is_some_and(|&b| b.is_ascii_alphabetic() || b >= 0x80)
        && !body.starts_with("\u{2026}".as_bytes())
        && super::parse::holds_move(body)
}

/// Whether a row opens with the number 1 (`1...`, `1 P. to K. 4`), not a
/// longer number (`12.`).
fn opens_with_one(line: &[u8]) -> bool {
    let (body, _) = row_body(line);
    body.first() == Some(&b'1') && !body.get(1).is_some_and(u8::is_ascii_digit)
}

/// Whether `line` (from its `%` on) is a book's header line, `% key: value`:
/// a key of at most 32 letters, digits, spaces or `_`, then a colon.
fn is_header_line(line: &[u8]) -> bool {
    let key = line
        .iter()
        .skip(1)
        .take(33)
        .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b' ' | b'\t' | b'_'))
        .count();
    line.get(1 + key) == Some(&b':') && line[1..=key].iter().any(u8::is_ascii_alphabetic)
}

/// Whether a line is a forum's `[/pgn]` (any case), blanks around it.
fn is_wrapper_close(line: &[u8]) -> bool {
    let line = line.trim_ascii();
    line.len() == 6 && line.eq_ignore_ascii_case(b"[/pgn]")
}

/// Whether `line` opens with a forum's `[pgn]` wrapper (the next game's).
fn opens_wrapper(line: &[u8]) -> bool {
    line.get(..5)
        .is_some_and(|w| w.eq_ignore_ascii_case(b"[pgn]"))
}

/// Whether `bytes` hold only forum `[/pgn]` lines and blanks.
fn only_wrapper_closes(bytes: &[u8]) -> bool {
    bytes
        .split(|&b| b == b'\n')
        .all(|line| line.trim_ascii().is_empty() || is_wrapper_close(line))
}

enum CommentEnd {
    /// The comment ends just before this index (after its `}`).
    Closed(usize),
    /// The comment is cut at this tag line (after a blank line).
    Cut(usize),
    NeedMore,
}

/// Finds the end of the brace comment at `open`, or the tag line that cuts it.
fn brace_comment_end(buf: &[u8], open: usize, eof: bool) -> CommentEnd {
    let body = open + 1;
    let close = memchr(b'}', &buf[body.min(buf.len())..]).map(|i| body + i);
    let limit = close.unwrap_or(buf.len());
    // Look for blank line + tag line inside the comment.
    let mut i = body;
    while i < limit {
        let Some(nl) = memchr(b'\n', &buf[i..limit]) else {
            break;
        };
        let line = i + nl + 1;
        // Is the line after `line` a tag, and is `line` blank?
        let mut j = line;
        while j < limit && is_blank(buf[j]) {
            j += 1;
        }
        if j < limit && buf[j] == b'\n' {
            let mut k = j + 1;
            while k < limit && is_blank(buf[k]) {
                k += 1;
            }
            match looks_like_tag(&buf[k..], eof || close.is_some()) {
                Some(true) if k < limit => return CommentEnd::Cut(k),
                None if close.is_none() => return CommentEnd::NeedMore,
                _ => {}
            }
        }
        i = line;
    }
    match close {
        Some(c) => CommentEnd::Closed(c + 1),
        None if eof => CommentEnd::Closed(buf.len()),
        None => CommentEnd::NeedMore,
    }
}

/// `[Name "` — `None` when the bytes end too soon to tell.
fn looks_like_tag(bytes: &[u8], complete: bool) -> Option<bool> {
    let undecided = if complete { Some(false) } else { None };
    let Some((&b'[', rest)) = bytes.split_first() else {
        return if bytes.is_empty() {
            undecided
        } else {
            Some(false)
        };
    };
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    if name == 0 {
        return if rest.is_empty() {
            undecided
        } else {
            Some(false)
        };
    }
    let after = &rest[name..];
    let spaces = after.iter().take_while(|&&b| b == b' ').count();
    match after.get(spaces) {
        Some(b'"') => Some(spaces > 0),
        Some(_) => Some(false),
        None => undecided,
    }
}

/// The default cap on one game: 16 MiB, hundreds of times the longest real game
/// (heavily annotated games stay under 1 MB). The reader holds at most about
/// twice the cap, so validation stays under 64 MiB whatever the input.
pub const DEFAULT_MAX_GAME_LEN: usize = 16 << 20;

/// A game at least this long that is most of a [`GameReader`]'s buffer is
/// handed out in the buffer itself, not copied (small games are copied:
/// the buffer, kept, reads the next ones).
const HAND_OVER_LEN: usize = 1 << 20;

/// One game read by a [`GameReader`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameChunk {
    /// The absolute byte offset of the game in the stream.
    pub offset: u64,
    /// The 1-based line of the game's first byte in the stream.
    pub line: u64,
    /// The 1-based column (in characters) of the game's first byte.
    pub column: u64,
    /// The game's bytes.
    pub bytes: Vec<u8>,
}

/// Why a [`GameReader`] could not give a game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameReadError {
    /// Reading the input failed; the reader stops, after the games read
    /// before the failure (the bytes read before it end the input).
    #[error("cannot read the input: {0}")]
    Io(#[from] std::io::Error),
    /// A game longer than the cap was skipped; reading goes on with the next game.
    #[error("game at byte {offset} is {len} bytes long, more than the limit of {limit}: skipped")]
    TooLarge {
        /// Where the game starts.
        offset: u64,
        /// The 1-based line where the game starts.
        line: u64,
        /// The 1-based column where the game starts.
        column: u64,
        /// How long it was.
        len: u64,
        /// The cap.
        limit: usize,
    },
}

/// Splits a PGN stream into games, using memory bounded by the largest game
/// (and by [`GameReader::with_limits`]'s cap: longer games are skipped and reported).
///
/// ```
/// use scoresheet_notation::pgn::GameReader;
/// let input: &[u8] = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let offsets: Vec<u64> = GameReader::new(input).map(|g| g.unwrap().offset).collect();
/// assert_eq!(offsets, [0, 22]);
/// ```
#[derive(Debug)]
pub struct GameReader<R> {
    reader: R,
    buf: Vec<u8>,
    /// The absolute offset of `buf[0]`.
    buf_offset: u64,
    splitter: Splitter,
    eof: bool,
    failed: bool,
    /// The read error that ended the input: given once the whole games read
    /// before it are (a decoder's bad checksum or cut comes after the text it
    /// gave).
    error: Option<std::io::Error>,
    chunk: usize,
    max_game: usize,
    /// Skipping a too-large game that started at this absolute offset.
    skipping: Option<(u64, u64, u64)>,
    /// Newlines in the bytes already dropped from the front of `buf`.
    lines_dropped: u64,
    /// Characters after the last newline in the dropped bytes.
    column_dropped: u64,
    /// Lines and columns are counted up to this index of `buf`, once: `counted_line`
    /// newlines (dropped ones included) and `counted_column` characters after the last.
    counted: usize,
    counted_line: u64,
    counted_column: u64,
}

impl<R: Read> GameReader<R> {
    /// A reader with 64 KiB reads and the default cap ([`DEFAULT_MAX_GAME_LEN`]).
    #[must_use]
    pub fn new(reader: R) -> GameReader<R> {
        GameReader::with_limits(reader, 64 << 10, DEFAULT_MAX_GAME_LEN)
    }

    /// A reader reading at least `chunk` bytes at a time, skipping games longer than `max_game`.
    #[must_use]
    pub fn with_limits(reader: R, chunk: usize, max_game: usize) -> GameReader<R> {
        GameReader {
            reader,
            buf: Vec::new(),
            buf_offset: 0,
            splitter: Splitter::default(),
            eof: false,
            failed: false,
            error: None,
            chunk: chunk.max(1),
            max_game: max_game.max(1),
            skipping: None,
            lines_dropped: 0,
            column_dropped: 0,
            counted: 0,
            counted_line: 0,
            counted_column: 0,
        }
    }

    /// A reader taking over a file at `at`, where a [`BlockGames`] found a block
    /// cut inside a game: offsets, lines and columns are the file's, and the
    /// splitting goes on exactly as [`games`] over the whole file would.
    #[must_use]
    pub fn resume(reader: R, at: ResumePoint) -> GameReader<R> {
        let mut r = GameReader::new(reader);
        r.buf_offset = at.offset;
        // At the start of the file, the byte order mark is still to be skipped.
        r.splitter.started = at.offset > 0;
        r.splitter.line_start = at.line_start;
        r.lines_dropped = at.line.saturating_sub(1);
        r.counted_line = r.lines_dropped;
        r.column_dropped = at.column.saturating_sub(1);
        r.counted_column = r.column_dropped;
        r
    }

    /// Counts lines and columns up to `to` in `buf`, from where counting stopped.
    fn count_to(&mut self, to: usize) -> (u64, u64) {
        let to = to.min(self.buf.len());
        if to < self.counted {
            // Never happens (games come in order); count again from the front.
            let (lines, column) = line_col_after(&self.buf[..to], self.column_dropped);
            return (self.lines_dropped + lines, column);
        }
        let (lines, column) = line_col_after(&self.buf[self.counted..to], self.counted_column);
        self.counted_line += lines;
        self.counted_column = column;
        self.counted = to;
        (self.counted_line, self.counted_column)
    }

    /// Drops the buffer's front up to `n`.
    fn discard(&mut self, n: usize) {
        let n = n.min(self.buf.len());
        if n >= self.counted {
            let (lines, column) = self.count_to(n);
            self.lines_dropped = lines;
            self.column_dropped = column;
            self.counted = 0;
        } else {
            let (lines, column) = line_col_after(&self.buf[..n], self.column_dropped);
            self.lines_dropped += lines;
            self.column_dropped = column;
            self.counted -= n;
        }
        self.buf.drain(..n);
        self.buf_offset += n as u64;
        self.splitter.discard(n);
    }

    /// The game at `start..end`, most of the buffer, dropped from it: the
    /// buffer itself is handed out and what follows the game copied into a
    /// new one, so that a big game is not held twice (once here, once in its
    /// [`GameChunk`]) while it is read.
    fn take_game(&mut self, start: usize, end: usize) -> Vec<u8> {
        self.discard(start);
        let end = end - start;
        let rest = self.buf.get(end..).unwrap_or_default().to_vec();
        self.buf.truncate(end);
        let (lines, column) = self.count_to(end);
        self.lines_dropped = lines;
        self.column_dropped = column;
        self.counted = 0;
        self.buf_offset += end as u64;
        self.splitter.discard(end);
        std::mem::replace(&mut self.buf, rest)
    }

    /// Reads more input: at least as much as the unit being scanned, so that
    /// rescanning an unfinished unit costs linear time overall.
    fn fill(&mut self) -> std::io::Result<()> {
        let pending = self.buf.len().saturating_sub(self.splitter.pos);
        let want = self.chunk.max(pending).min(self.max_game.max(self.chunk));
        // Read all of `want` (pipes give 64 KiB at a time): reading less would
        // rescan a long unfinished unit once per short read, in quadratic time.
        // On an error, what was read before it stays in the buffer (read_to_end
        // appends it): it is the end of the input.
        let n = (&mut self.reader)
            .take(want as u64)
            .read_to_end(&mut self.buf)?;
        if n == 0 {
            self.eof = true;
        }
        Ok(())
    }
}

/// The newlines in `bytes` and the characters after the last one, continuing a
/// line that already had `column` characters.
fn line_col_after(bytes: &[u8], column: u64) -> (u64, u64) {
    let chars = |b: &[u8]| b.iter().filter(|&&c| (c & 0xC0) != 0x80).count() as u64;
    match memchr::memrchr(b'\n', bytes) {
        Some(last) => (
            memchr::memchr_iter(b'\n', bytes).count() as u64,
            chars(&bytes[last + 1..]),
        ),
        None => (0, column + chars(bytes)),
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = Result<GameChunk, GameReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            match self.splitter.scan(&self.buf, self.eof) {
                Scan::Game { start, end } => {
                    let offset = self.buf_offset + start as u64;
                    if self.skipping.is_none() && end - start > self.max_game {
                        // Read whole in one fill: still over the cap.
                        let (lines, column) = self.count_to(start);
                        self.skipping = Some((offset, lines + 1, column + 1));
                    }
                    if let Some((skip_start, line, column)) = self.skipping.take() {
                        let len = self.buf_offset + end as u64 - skip_start;
                        self.discard(end);
                        return Some(Err(GameReadError::TooLarge {
                            offset: skip_start,
                            line,
                            column,
                            len,
                            limit: self.max_game,
                        }));
                    }
                    let (lines, column) = self.count_to(start);
                    let (line, column) = (lines + 1, column + 1);
                    let bytes =
                        if end - start >= HAND_OVER_LEN && end - start > self.buf.len() - end {
                            self.take_game(start, end)
                        } else {
                            let bytes = self.buf.get(start..end).unwrap_or_default().to_vec();
                            // Dropping the front moves the rest of the buffer: do it only once the
                            // consumed part is large, not after every game.
                            if end >= self.chunk.max(4096) || end * 2 >= self.buf.len() {
                                self.discard(end);
                            }
                            bytes
                        };
                    return Some(Ok(GameChunk {
                        offset,
                        line,
                        column,
                        bytes,
                    }));
                }
                Scan::Done => {
                    // A unit too long that runs to the end of the input (a line
                    // with no line end, bytes after the last one) is reported,
                    // never dropped in silence.
                    let Some((skip_start, line, column)) = self.skipping.take() else {
                        self.failed = true;
                        return self.error.take().map(|e| Err(GameReadError::Io(e)));
                    };
                    let len = (self.buf_offset + self.buf.len() as u64).saturating_sub(skip_start);
                    return Some(Err(GameReadError::TooLarge {
                        offset: skip_start,
                        line,
                        column,
                        len,
                        limit: self.max_game,
                    }));
                }
                Scan::NeedMore => {
                    if let Some(e) = self.error.take() {
                        // The input failed inside a game: the whole games came
                        // first; the one it cut is not a game.
                        self.failed = true;
                        return Some(Err(GameReadError::Io(e)));
                    }
                    // Nothing before the current game is needed any more.
                    let keep_from = self.splitter.start.unwrap_or(self.splitter.pos);
                    let keep_from = keep_from.min(self.splitter.pos);
                    self.discard(keep_from);
                    // A run of blanks the game ends with is not the game's.
                    let held = self.splitter.blank_from.unwrap_or(self.buf.len());
                    if self.skipping.is_none() && held > self.max_game {
                        let (lines, column) = self.count_to(0);
                        self.skipping = Some((self.buf_offset, lines + 1, column + 1));
                    }
                    if self.skipping.is_some() {
                        // Keep only the unit being scanned; a unit itself too long is dropped.
                        let pos = self.splitter.pos;
                        if self.buf.len() - pos > self.max_game {
                            self.splitter.pos = self.buf.len();
                            self.splitter.line_start = false;
                        }
                        let pos = self.splitter.pos;
                        self.discard(pos);
                    }
                    if let Err(e) = self.fill() {
                        // The games read before the error come first (the
                        // bytes read before it were kept), then the error.
                        self.error = Some(e);
                    }
                }
            }
        }
    }
}

/// A run of whole lines of a file, as read by a [`BlockReader`]: cut where a game
/// most likely starts or ends, so that it usually holds whole games only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The absolute byte offset of `bytes[0]` in the file.
    pub offset: u64,
    /// The 1-based line of `bytes[0]`, which starts its line unless the block
    /// before was cut short at the reader's maximum size.
    pub line: u64,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The block starts the file.
    pub first: bool,
    /// The block ends the file.
    pub last: bool,
    /// The block ends just before a tag line (`[Name "`: else it was cut after
    /// a result, or where it reached the reader's maximum size, or it ends the
    /// file).
    pub before_tag: bool,
}

/// Reads a file in blocks of about `size` bytes, each cut at the start of the
/// line after its last line that ends with a result (the usual end of a game),
/// so that the blocks can be split into games ([`BlockGames`]) independently,
/// on several threads.
///
/// A cut that falls inside a game (a result in a comment or a variation) is
/// found by [`BlockGames::end`]; the reader
/// of the file then goes on from that game with a [`GameReader`]. A block grows
/// (doubling) until it holds such a line, up to `max` bytes, where it is cut as
/// it is.
///
/// ```
/// use scoresheet_notation::pgn::BlockReader;
/// let file: &[u8] = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let blocks: Vec<_> = BlockReader::new(file, 16, 1 << 20).map(Result::unwrap).collect();
/// assert_eq!(blocks.len(), 2);
/// assert_eq!((blocks[1].offset, blocks[1].line), (21, 4));
/// assert!(blocks[0].first && blocks[1].last);
/// ```
#[derive(Debug)]
pub struct BlockReader<R> {
    reader: R,
    carry: Vec<u8>,
    offset: u64,
    line: u64,
    first: bool,
    done: bool,
    size: usize,
    max: usize,
    /// Buffers of blocks done with, to read the next blocks into.
    spare: Vec<Vec<u8>>,
    /// The read error that stopped the reading, given after the block of
    /// the bytes read before it.
    error: Option<std::io::Error>,
}

impl<R: Read> BlockReader<R> {
    /// Hands back the bytes of a block done with, for a later block: reading into
    /// memory already touched spares the kernel a page fault per 4 KiB (a few
    /// percent of a run). At most a few are kept.
    ///
    /// ```
    /// use scoresheet_notation::pgn::BlockReader;
    /// let file: &[u8] = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let mut blocks = BlockReader::new(file, 16, 1 << 20);
    /// let first = blocks.next().unwrap().unwrap();
    /// blocks.reuse(first.bytes);
    /// assert_eq!(blocks.next().unwrap().unwrap().bytes, b"\n[Event \"b\"]\n\n1. d4 *\n");
    /// ```
    pub fn reuse(&mut self, bytes: Vec<u8>) {
        // Kept as it is: its bytes are read over, not zeroed again.
        if self.spare.len() < 8 {
            self.spare.push(bytes);
        }
    }

    /// Blocks of about `size` bytes, at most `max` (at least `size`).
    #[must_use]
    pub fn new(reader: R, size: usize, max: usize) -> BlockReader<R> {
        BlockReader {
            reader,
            carry: Vec::new(),
            offset: 0,
            line: 1,
            first: true,
            done: false,
            size: size.max(1),
            max: max.max(size),
            spare: Vec::new(),
            error: None,
        }
    }

    /// What is left of the input once the blocks stop being read: the bytes
    /// read past the last block given, then the reader. A reader that takes
    /// over where a block was cut inside a game reads these after the block's
    /// unfinished end (see [`GameReader::resume`]), so the input is read once.
    #[must_use]
    pub fn into_rest(self) -> (Vec<u8>, R) {
        (self.carry, self.reader)
    }

    /// Sets the size of the blocks read from now on (at least 1, at most the
    /// maximum): smaller blocks at the end of a run keep every core busy to the end.
    ///
    /// ```
    /// use scoresheet_notation::pgn::BlockReader;
    /// let file: &[u8] = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let mut blocks = BlockReader::new(file, 1 << 10, 1 << 20);
    /// blocks.set_size(16);
    /// assert_eq!(blocks.count(), 2);
    /// ```
    pub fn set_size(&mut self, size: usize) {
        self.size = size.clamp(1, self.max);
    }

    /// Reads until the first `want` bytes of `buf` are filled (`filled` of them
    /// are) or the input ends; whether it ended.
    ///
    /// The reads go straight into the buffer's own bytes, which a buffer handed
    /// back already has: only what it never held is zeroed, and a block takes one
    /// read (`read_to_end` reads in steps growing from 8 KiB: six reads for a
    /// block of 256 KiB, all under the workers' reading lock).
    fn fill(
        &mut self,
        buf: &mut Vec<u8>,
        filled: &mut usize,
        want: usize,
    ) -> std::io::Result<bool> {
        if buf.len() < want {
            buf.resize(want, 0);
        }
        while *filled < want {
            match self.reader.read(&mut buf[*filled..want]) {
                Ok(0) => return Ok(true),
                Ok(n) => *filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }
}

impl<R: Read> Iterator for BlockReader<R> {
    type Item = std::io::Result<Block>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return self.error.take().map(Err);
        }
        // A buffer handed back (its bytes read over), or one made at once (growing
        // it as it fills would copy and fault in its pages several times). The
        // first `filled` bytes are the block's: the carry, then what is read.
        let mut bytes = self.spare.pop().unwrap_or_default();
        let mut filled = self.carry.len();
        if bytes.len() < filled {
            bytes.resize(filled, 0);
        }
        bytes[..filled].copy_from_slice(&self.carry);
        self.carry.clear();
        let mut want = self.size;
        let mut before_tag = false;
        let last = loop {
            let eof = match self.fill(&mut bytes, &mut filled, want) {
                Ok(eof) => eof,
                Err(e) if filled == 0 => {
                    self.done = true;
                    return Some(Err(e));
                }
                Err(e) => {
                    // The bytes read before the error are a block that does
                    // not end the file (its last game is read on, where the
                    // reader of the rest meets the error again); the error
                    // comes next.
                    self.done = true;
                    self.error = Some(e);
                    break false;
                }
            };
            if eof {
                break true;
            }
            if let Some((cut, tag)) = last_cut(&bytes[..filled]) {
                self.carry.extend_from_slice(&bytes[cut..filled]);
                filled = cut;
                before_tag = tag;
                break false;
            }
            if filled >= self.max {
                break false;
            }
            want = filled * 2;
        };
        bytes.truncate(filled);
        if last {
            self.done = true;
            if bytes.is_empty() && !self.first {
                return None;
            }
        }
        let block = Block {
            offset: self.offset,
            line: self.line,
            first: self.first,
            last,
            before_tag,
            bytes,
        };
        self.offset += block.bytes.len() as u64;
        self.line += memchr::memchr_iter(b'\n', &block.bytes).count() as u64;
        self.first = false;
        Some(Ok(block))
    }
}

/// Where to cut a block: at the start of the line after the last line that ends
/// with a result, where the splitter most likely just ended a game (what follows,
/// blank lines, comments or the next game's tags, starts afresh). Gives the cut
/// and whether a tag line follows it.
fn last_cut(bytes: &[u8]) -> Option<(usize, bool)> {
    // Lines from the last complete one backwards: `bytes[start..nl]`.
    let mut nl = memchr::memrchr(b'\n', bytes)?;
    loop {
        let start = memchr::memrchr(b'\n', &bytes[..nl]).map_or(0, |i| i + 1);
        if nl + 1 < bytes.len() && ends_with_result(&bytes[start..nl]) {
            // A tag follows only when the line reads as one as far as the
            // splitter would look (`[Ev1. [Event` is no tag, and a line cut
            // at the buffer's end may not tell): else the block's last game
            // may go on past the cut, and is read on from there.
            let tag = looks_like_tag(&bytes[nl + 1..], false) == Some(true);
            return Some((nl + 1, tag));
        }
        if start == 0 {
            return None;
        }
        nl = start - 1;
    }
}

/// The last line of `bytes` holding more than blanks (empty when none does).
fn last_line(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(0, |i| i + 1);
    let start = memchr::memrchr(b'\n', &bytes[..end]).map_or(0, |i| i + 1);
    &bytes[start..end]
}

/// Whether a line's last word is a result.
fn ends_with_result(line: &[u8]) -> bool {
    let end = line
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(0, |i| i + 1);
    let line = &line[..end];
    [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"].iter().any(|r| {
        line.ends_with(r) && (line.len() == r.len() || is_blank(line[line.len() - r.len() - 1]))
    })
}

/// How a block ended, once [`BlockGames`] has given its last game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockEnd {
    /// The block ends between two games (or ends the file): its games are exactly
    /// those [`games`] finds in the whole file there.
    Clean,
    /// The block was cut inside a game: the games before it are right, the rest
    /// of the file must be split from the point given, with
    /// [`GameReader::resume`].
    Unfinished(ResumePoint),
}

/// Where, and in which state, a [`GameReader`] takes over splitting a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResumePoint {
    /// The absolute byte offset in the file (just after the last whole game).
    pub offset: u64,
    /// Its 1-based line.
    pub line: u64,
    /// Its 1-based column, in characters.
    pub column: u64,
    /// Only blanks lie between the start of its line and it.
    pub line_start: bool,
}

/// One game of a block: where it is, and what the quick hook made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockGame<T> {
    /// Where the game starts in the block.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// What the hook of [`BlockGames::next_game`] gave, if it read the game.
    pub quick: Option<T>,
}

/// Splits one [`Block`] into games as [`games`] splits the whole file, with a
/// hook that may read a game whole in one pass (and say where it ends) before
/// the splitter looks at it.
///
/// ```
/// use scoresheet_notation::pgn::{Block, BlockEnd, BlockGames};
/// let bytes = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n".to_vec();
/// let block = Block { offset: 0, line: 1, bytes, first: true, last: true, before_tag: false };
/// let mut split = BlockGames::new(&block);
/// let mut ends = Vec::new();
/// while let Some(g) = split.next_game(|_| None::<((), usize)>) {
///     ends.push(g.end);
/// }
/// assert_eq!(ends, [20, 42]);
/// assert_eq!(split.end(), Some(BlockEnd::Clean));
/// ```
#[derive(Debug, Clone)]
pub struct BlockGames<'a> {
    buf: &'a [u8],
    offset: u64,
    line: u64,
    splitter: Splitter,
    last: bool,
    before_tag: bool,
    end: Option<BlockEnd>,
    /// Where the last whole game ended (or the block starts), and the splitter's
    /// `line_start` there.
    resume: (usize, bool),
    /// Lines are counted up to this index: (index, 1-based line, 0-based column).
    counted: (usize, u64, u64),
}

impl<'a> BlockGames<'a> {
    /// The games of `block`.
    #[must_use]
    pub fn new(block: &'a Block) -> BlockGames<'a> {
        let mut splitter = Splitter::default();
        if !block.first || block.bytes.first() != Some(&0xEF) {
            // The block starts a line of the file, past any byte order mark (which
            // the splitter skips at the start of the file).
            splitter.started = true;
            splitter.line_start = true;
        }
        let resume = (0, splitter.line_start || block.first);
        BlockGames {
            buf: &block.bytes,
            offset: block.offset,
            line: block.line,
            splitter,
            last: block.last,
            before_tag: block.before_tag,
            end: None,
            resume,
            counted: (0, block.line, 0),
        }
    }

    /// The 1-based line and column (in characters) in the file of index `at` of
    /// the block, counted from where the last call stopped (calls go forward).
    pub fn line_col(&mut self, at: usize) -> (u64, u64) {
        let (from, line, column) = self.counted;
        let at = at.clamp(from, self.buf.len());
        let (lines, column) = line_col_after(&self.buf[from..at], column);
        self.counted = (at, line + lines, column);
        (line + lines, column + 1)
    }

    /// How the block ended, once [`BlockGames::next_game`] has given `None`.
    #[must_use]
    pub fn end(&self) -> Option<BlockEnd> {
        self.end
    }

    /// The next game. Where a game starts with a tag line (or a `;` comment line),
    /// `quick` is offered the rest of the block; if it reads the game and gives `(value, length)`, where
    /// `length` is where [`games`] would end the game, that is the game.
    pub fn next_game<T>(
        &mut self,
        quick: impl FnMut(&'a [u8]) -> Option<(T, usize)>,
    ) -> Option<BlockGame<T>> {
        let game = self.next_inner(quick);
        if game.is_some() {
            self.resume = (self.splitter.pos, self.splitter.line_start);
        }
        game
    }

    fn unfinished(&self) -> BlockEnd {
        let (at, line_start) = self.resume;
        let at = at.min(self.buf.len());
        let (lines, column) = line_col_after(&self.buf[..at], 0);
        BlockEnd::Unfinished(ResumePoint {
            offset: self.offset + at as u64,
            line: self.line + lines,
            column: column + 1,
            line_start,
        })
    }

    fn next_inner<T>(
        &mut self,
        mut quick: impl FnMut(&'a [u8]) -> Option<(T, usize)>,
    ) -> Option<BlockGame<T>> {
        if self.end.is_some() {
            return None;
        }
        let buf = self.buf;
        let s = &mut self.splitter;
        if s.start.is_none() && s.started {
            // Blanks before the game, as the splitter skips them.
            let mut pos = s.pos;
            let mut line_start = s.line_start;
            while let Some(&b) = buf.get(pos) {
                if b == b'\n' {
                    line_start = true;
                } else if !is_blank(b) {
                    break;
                }
                pos += 1;
            }
            // (A tag line must start its line to be one; a `;` comment need not.)
            let first = buf.get(pos);
            if (line_start && first == Some(&b'[')) || first == Some(&b';') {
                if let Some((value, len)) = quick(&buf[pos..]) {
                    let end = (pos + len).min(buf.len());
                    // The result must be seen to end its line (or come before a
                    // comment) in the file, not only in a block cut short.
                    let ended = self.last || buf[end..].iter().any(|&b| !is_blank(b));
                    if !ended {
                        return self.scan_next();
                    }
                    s.pos = end;
                    s.line_start = false;
                    return Some(BlockGame {
                        start: pos,
                        end,
                        quick: Some(value),
                    });
                }
            }
        }
        self.scan_next()
    }

    /// The next game as the splitter finds it.
    fn scan_next<T>(&mut self) -> Option<BlockGame<T>> {
        let buf = self.buf;
        let s = &mut self.splitter;
        match s.scan(buf, self.last) {
            Scan::Game { start, end } => Some(BlockGame {
                start,
                end,
                quick: None,
            }),
            Scan::Done => {
                self.end = Some(BlockEnd::Clean);
                None
            }
            Scan::NeedMore => {
                // Everything read up to a line start, the next block opening with a tag
                // line: the game in progress, if it has movetext, ends here.
                // (With no game in progress, any line start is a clean cut; a block
                // cut short in the middle of a line never ends cleanly.)
                let clean = s.pos == buf.len() && s.line_start && buf.last() == Some(&b'\n');
                match s.start {
                    None if clean => {
                        self.end = Some(BlockEnd::Clean);
                        None
                    }
                    Some(start) if clean && self.before_tag && s.next_tags_end_game() => {
                        self.end = Some(BlockEnd::Clean);
                        s.new_game();
                        Some(BlockGame {
                            start,
                            end: buf.len(),
                            quick: None,
                        })
                    }
                    _ => {
                        self.end = Some(self.unfinished());
                        None
                    }
                }
            }
        }
    }
}
