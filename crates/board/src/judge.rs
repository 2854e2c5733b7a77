//! The judge of a game, for library users: the verdict `scoresheet validate`
//! gives, at its speed.
//!
//! [`Judge::judge`] takes one game's text and gives its [`Judgement`]: the
//! quick lane ([`crate::quick`]) replays a game written the usual way straight
//! from its bytes, and every other game is parsed and replayed in full
//! ([`crate::replay`]); the quick lane gives a verdict only where it is exactly
//! the full replay's, so the judgement is the same either way. [`judge_games`]
//! does this for every game of a reader, with each game's place in the input,
//! so that its problems can be located by line and column.
//!
//! ```
//! use scoresheet_board::judge::{judge_games, Judge};
//! use scoresheet_board::replay::ReplayOptions;
//! let pgn: &[u8] = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n";
//! let mut judge = Judge::new(ReplayOptions::default());
//! let verdicts: Vec<String> = judge_games(pgn, &mut judge)
//!     .map(|g| {
//!         let g = g.unwrap();
//!         match g.judgement.first_error() {
//!             None => format!("game at line {}: valid, {} plies", g.line, g.judgement.plies),
//!             Some(e) => {
//!                 let (line, column) = g.locate(e);
//!                 format!("{line}:{column}: {}", e.kind)
//!             }
//!         }
//!     })
//!     .collect();
//! assert_eq!(verdicts, ["game at line 1: valid, 3 plies", "7:14: illegal-move"]);
//! ```

use std::collections::VecDeque;
use std::io::{Chain, Cursor, Read};

use scoresheet_notation::pgn::{
    BlockEnd, BlockGames, BlockReader, Game, GameChunk, GameReadError, GameReader,
};
use scoresheet_notation::{Diagnostic, LineIndex, Severity, Span};

use scoresheet_notation::desc::{Book, read_books};
use scoresheet_notation::lang::Language;
use scoresheet_notation::pgn::parse_game_lang_into;

use crate::Position;
use crate::dedup::{DedupBy, GameKey, KeyBuilder};
use crate::eco::{Opening, OpeningWalk, TagValue, classify_resolved};
use crate::quick::{QuickLane, QuickRecord, QuickReplay};
use crate::reading::{PgnOutcome, book_reading};
use crate::replay::{Replay, ReplayOptions, book_start, replay_book_game, replay_from, settle};

/// Blocks of this many bytes (up to [`MAX_BLOCK_BYTES`]) are read at a time.
const BLOCK_BYTES: usize = 256 << 10;
/// A block grows up to this size looking for the end of a game.
const MAX_BLOCK_BYTES: usize = 1 << 20;

/// What a judge is asked, given once for every game it judges.
#[derive(Debug, Clone, Default)]
pub struct JudgeOptions {
    /// Strictness, the grading of kinds, results fixed from the board, book repairs.
    pub replay: ReplayOptions,
    /// The language of the piece letters, or `None` to tell it per game.
    pub lang: Option<Language>,
    /// The start of every game that has none of its own (a `FEN` tag, a book's
    /// `[FEN]` line or odds).
    pub start: Option<Position>,
    /// Each valid game's duplicate key ([`Judgement::key`]), built this way.
    pub dedup: Option<DedupBy>,
    /// Each game's tags and notation ([`Judgement::tags`], [`Judgement::notation`]).
    pub details: bool,
    /// Each game's opening named by position ([`Judgement::opening`]), and a
    /// valid game's `ECO`, `Opening` and `Variation` tags checked against it
    /// (`wrong-opening-tag`).
    pub eco: bool,
}

/// The verdict on one game.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// Main-line plies played (up to the first error).
    pub plies: usize,
    /// The position after the last ply played.
    pub position: Position,
    /// Every error, warning and note, in text order, with spans into the game's text.
    pub diagnostics: Vec<Diagnostic>,
    /// Where each main-line ply tried is written (`written[ply - 1]`), as far as
    /// the diagnostics need it to name their move.
    pub written: Vec<Span>,
    /// The whole written move that could not be played, if any.
    pub failed: Option<Span>,
    /// The notation of the main line's moves (`"san"`, `"descriptive"`, ...),
    /// with [`JudgeOptions::details`]; `None` for a game without moves.
    pub notation: Option<&'static str>,
    /// The tags, names and values decoded, in order, with [`JudgeOptions::details`].
    pub tags: Vec<(String, String)>,
    /// The duplicate key of a valid game, with [`JudgeOptions::dedup`].
    pub key: Option<GameKey>,
    /// The opening of the main line played, named by position, with
    /// [`JudgeOptions::eco`].
    pub opening: Option<&'static Opening>,
}

impl Judgement {
    /// Whether the game has no error (with strict options, warnings are errors).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.first_error().is_none()
    }

    /// The first error, if any.
    #[must_use]
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    }
}

/// Judges games one after another, keeping its buffers from game to game.
///
/// This is the one judge of a game: `scoresheet validate` and [`judge_games`]
/// ask it, with the same options, and get the same verdict. A game written the
/// usual way is replayed by the quick lane straight from its bytes; every other
/// game (and every game when the letters or the start position are not the
/// quick lane's) is parsed and replayed in full. The quick lane gives a verdict
/// only where it is exactly the full replay's.
#[derive(Debug)]
pub struct Judge {
    options: JudgeOptions,
    lane: QuickLane,
    game: Game<'static>,
    keys: Option<KeyBuilder>,
    walk: OpeningWalk,
}

impl Judge {
    /// A judge with these replay options (strictness given once, for every game).
    #[must_use]
    pub fn new(replay: ReplayOptions) -> Judge {
        Judge::with_options(JudgeOptions {
            replay,
            ..JudgeOptions::default()
        })
    }

    /// A judge with these options.
    ///
    /// ```
    /// use scoresheet_board::dedup::DedupBy;
    /// use scoresheet_board::judge::{Judge, JudgeOptions};
    /// let mut judge = Judge::with_options(JudgeOptions {
    ///     dedup: Some(DedupBy::Moves),
    ///     details: true,
    ///     ..JudgeOptions::default()
    /// });
    /// let j = judge.judge(b"[White \"Anderssen\"]\n\n1. e4 e5 2. Sf3 Sc6 *\n");
    /// assert!(j.is_valid());
    /// assert_eq!(j.tags, [("White".to_owned(), "Anderssen".to_owned())]);
    /// assert_eq!(j.notation, Some("san"));
    /// // The same moves in English letters (the German were told by their
    /// // letters) are the same game.
    /// let again = judge.judge(b"1. e4 e5 2. Nf3 Nc6 *\n");
    /// assert_eq!(again.key, j.key);
    /// ```
    #[must_use]
    pub fn with_options(options: JudgeOptions) -> Judge {
        Judge {
            keys: options.dedup.map(KeyBuilder::new),
            options,
            lane: QuickLane::default(),
            game: Game::default(),
            walk: OpeningWalk::default(),
        }
    }

    /// The options every game is judged with.
    #[must_use]
    pub fn options(&self) -> &JudgeOptions {
        &self.options
    }

    /// Judges the games to come with `options`, keeping the buffers.
    pub fn set_options(&mut self, options: JudgeOptions) {
        if self.keys.as_ref().map(KeyBuilder::by) != options.dedup {
            self.keys = options.dedup.map(KeyBuilder::new);
        }
        self.options = options;
    }

    /// Whether the quick lane may read the games: English letters (the only ones
    /// it reads), and no start given (it starts from the standard position or
    /// the game's `FEN` tag).
    fn quick_reads(&self) -> bool {
        self.options.lang.is_none_or(|l| l == Language::English) && self.options.start.is_none()
    }

    /// Judges one game's text (as [`scoresheet_notation::pgn::games`] or a
    /// [`GameReader`] splits it from a file).
    pub fn judge(&mut self, text: &[u8]) -> Judgement {
        let quick = if self.quick_reads() {
            let walk = self.options.eco.then_some(&mut self.walk);
            self.lane
                .replay_tracked(text, false, self.keys.as_mut(), walk)
                .map(|(r, _)| r)
        } else {
            None
        };
        self.judgement(quick, text)
    }

    /// The quick lane's replay of the game at the start of `rest`, and where that
    /// game ends; `None` where the quick lane does not read it (the game is then
    /// found by the splitter and judged in full). What
    /// [`BlockGames::next_game`] asks; the game is then judged by
    /// [`Judge::judgement`] before the next one is read.
    pub fn quick_prefix(&mut self, rest: &[u8]) -> Option<(QuickReplay, usize)> {
        if !self.quick_reads() {
            return None;
        }
        let walk = self.options.eco.then_some(&mut self.walk);
        self.lane
            .replay_tracked(rest, true, self.keys.as_mut(), walk)
    }

    /// The tags of the game the quick lane last replayed
    /// ([`Judge::quick_prefix`], when it gave a replay), in order: where each
    /// name and value is in the text it was given ([`crate::quick::QuickLane::tags`]).
    pub fn quick_tag_places(
        &self,
    ) -> impl ExactSizeIterator<Item = [core::ops::Range<usize>; 2]> + DoubleEndedIterator + Clone + '_
    {
        self.lane.tags()
    }

    /// The judgement of the game `text`, given what the quick lane made of it
    /// ([`Judge::quick_prefix`]): its replay, or `None` for the full judgement.
    pub fn judgement(&mut self, quick: Option<QuickReplay>, text: &[u8]) -> Judgement {
        match quick {
            Some(q) => self.quick(q, text),
            None => self.full(text),
        }
    }

    /// The judgement of a game the quick lane replayed.
    fn quick(&mut self, q: QuickReplay, text: &[u8]) -> Judgement {
        let written = q.written();
        let mut diagnostics: Vec<Diagnostic> = q.warnings.into_iter().map(|(d, _)| d).collect();
        settle(&mut diagnostics, &self.options.replay);
        let (notation, tags) = if self.options.details {
            // The quick lane reads plain SAN only.
            ((q.plies > 0).then_some("san"), self.quick_tags(text))
        } else {
            (None, Vec::new())
        };
        let mut j = Judgement {
            plies: q.plies,
            position: q.position,
            diagnostics,
            written,
            failed: None,
            notation,
            tags,
            key: None,
            opening: None,
        };
        // The quick lane fed the key and the walk as it replayed.
        if j.is_valid() {
            j.key = self.keys.as_mut().map(KeyBuilder::finish);
        }
        if self.options.eco {
            j.opening = self.walk.opening();
            // The quick lane told the walk where the tags are.
            let [eco, name, variation] = self.walk.tags(text);
            self.check_opening(
                &mut j,
                borrowed(&eco),
                borrowed(&name),
                borrowed(&variation),
            );
        }
        j
    }

    /// Whether the game the quick lane just replayed ([`Judge::quick_prefix`],
    /// `text` its text) gets no `wrong-opening-tag` warning: true without
    /// [`JudgeOptions::eco`]. A caller that counts a game the quick lane found
    /// clean without its judgement asks this first.
    #[must_use]
    pub fn opening_agrees(&self, text: &[u8]) -> bool {
        let Some(opening) = self.walk.opening().filter(|_| self.options.eco) else {
            return true;
        };
        let [eco, name, variation] = self.walk.tags(text);
        crate::eco::tags_agree(
            opening,
            borrowed(&eco),
            borrowed(&name),
            borrowed(&variation),
        )
    }

    /// Adds the `wrong-opening-tag` warnings of a valid game's tags (graded
    /// as every other warning), in text order.
    fn check_opening(
        &self,
        j: &mut Judgement,
        eco: TagValue<'_>,
        name: TagValue<'_>,
        variation: TagValue<'_>,
    ) {
        let Some(opening) = j.opening else {
            return;
        };
        if !j.is_valid() {
            return;
        }
        let mut found = crate::eco::tag_problems(opening, eco, name, variation);
        if found.is_empty() {
            return;
        }
        settle(&mut found, &self.options.replay);
        for d in found {
            let at = j
                .diagnostics
                .partition_point(|x| x.span.start() <= d.span.start());
            j.diagnostics.insert(at, d);
        }
    }

    /// The tags of a game the quick lane read: its tag section read again
    /// (the moves are not replayed a second time).
    fn quick_tags(&mut self, text: &[u8]) -> Vec<(String, String)> {
        // Room for the usual tag section (the roster and a dozen more), so
        // that the list does not grow tag by tag.
        let mut tags = Vec::with_capacity(20);
        let read = scoresheet_notation::pgn::quick_tags(text, |n, v| {
            tags.push((
                String::from_utf8_lossy(n).into_owned(),
                String::from_utf8_lossy(v).into_owned(),
            ));
        });
        if read.is_ok() {
            return tags;
        }
        let mut record = QuickRecord::default();
        if self.lane.replay_recording(text, &mut record).is_none() {
            // The record has no place for comments, NAGs and variations: the
            // tags as the full parser reads them.
            let mut game = core::mem::take(&mut self.game).recycle();
            parse_game_lang_into(&mut game, text, 0, self.options.replay.mode(), None);
            let tags = tags_of(&game);
            self.game = game.recycle();
            return tags;
        }
        record
            .tags
            .iter()
            .map(|(n, v)| {
                (
                    String::from_utf8_lossy(n).into_owned(),
                    String::from_utf8_lossy(v).into_owned(),
                )
            })
            .collect()
    }

    /// Parses and replays a game in full.
    fn full(&mut self, text: &[u8]) -> Judgement {
        let options = &self.options.replay;
        // The parsed game's vectors are kept from game to game.
        let mut game = core::mem::take(&mut self.game).recycle();
        crate::told::parse_game_told(&mut game, text, 0, options.mode(), self.options.lang);
        let r = replay_from(&game, options, self.options.start.as_ref());
        // The board decides whether the unit is a book's table (crate::reading).
        if let Some(table) = book_reading(
            text,
            PgnOutcome::of(&r, &game),
            options,
            self.options.start.as_ref(),
        ) {
            self.game = game.recycle();
            return self.table(&table.book, table.replay);
        }
        let (notation, tags) = if self.options.details {
            (game.notation(), crate::reading::pgn_tags(&game, text))
        } else {
            (None, Vec::new())
        };
        let key = self.key_of(&r, Some(&game));
        let opening = if self.options.eco {
            classify_resolved(&r.start, &r.moves)
        } else {
            None
        };
        let mut j = Judgement {
            plies: r.moves.len(),
            position: r.position,
            diagnostics: r.diagnostics,
            written: r.written,
            failed: r.failed,
            notation,
            tags,
            key,
            opening,
        };
        if opening.is_some() {
            let value = |n: &str| {
                game.tags
                    .iter()
                    .find(|t| t.name == n.as_bytes())
                    .map(|t| (t.value().into_owned(), t.value_span))
            };
            let (eco, name, variation) = (value("ECO"), value("Opening"), value("Variation"));
            self.check_opening(
                &mut j,
                borrowed(&eco),
                borrowed(&name),
                borrowed(&variation),
            );
        }
        self.game = game.recycle();
        j
    }

    /// The duplicate key of a game the full replay played (`r`, parsed as
    /// `game`), if keys are asked for and the game is valid.
    fn key_of(&mut self, r: &Replay, game: Option<&Game<'_>>) -> Option<GameKey> {
        let keys = self.keys.as_mut()?;
        if r.diagnostics.iter().any(|d| d.severity == Severity::Error) {
            return None;
        }
        keys.replayed(r, game);
        Some(keys.finish())
    }

    /// Judges the games of a book's move tables, read whole (`text`), with the
    /// descriptive rules: each game's judgement with its span in `text`. A
    /// book's own start (a `[FEN]` line, odds named in its title or a note)
    /// goes before [`JudgeOptions::start`].
    pub fn judge_books(&mut self, text: &[u8]) -> Vec<(Judgement, Span)> {
        read_books(text)
            .iter()
            .map(|book| {
                let start = book_start(book, self.options.start.as_ref());
                let r = replay_book_game(book, start, &self.options.replay, None);
                (self.table(book, r), book.span)
            })
            .collect()
    }

    /// The judgement of a book's table, replayed (`r`).
    fn table(&mut self, book: &Book, r: Replay) -> Judgement {
        let key = self.key_of(&r, None);
        let opening = if self.options.eco {
            classify_resolved(&r.start, &r.moves)
        } else {
            None
        };
        Judgement {
            plies: r.moves.len(),
            position: r.position,
            diagnostics: r.diagnostics,
            written: r.written,
            failed: r.failed,
            notation: (self.options.details && !book.plies.is_empty()).then_some("descriptive"),
            tags: if self.options.details {
                book.tags()
            } else {
                Vec::new()
            },
            key,
            opening,
        }
    }
}

/// A tag's value and place, borrowed.
fn borrowed<S: AsRef<str>>(t: &Option<(S, Span)>) -> TagValue<'_> {
    t.as_ref().map(|(v, at)| (v.as_ref(), *at))
}

/// A parsed game's tags, names and values decoded, in order.
fn tags_of(game: &Game<'_>) -> Vec<(String, String)> {
    game.tags
        .iter()
        .map(|t| (t.name_str().into_owned(), t.value().into_owned()))
        .collect()
}

/// One game of an input, judged.
#[derive(Debug, Clone)]
pub struct JudgedGame {
    /// The 1-based line of the game's first byte in the input.
    pub line: u64,
    /// The 1-based column (in characters) of the game's first byte.
    pub column: u64,
    /// The game's byte offset in the input.
    pub offset: u64,
    /// The game's text.
    pub text: Vec<u8>,
    /// The verdict.
    pub judgement: Judgement,
}

impl JudgedGame {
    /// The line and column in the input where a diagnostic of this game points.
    #[must_use]
    pub fn locate(&self, d: &Diagnostic) -> (u64, u64) {
        let at = LineIndex::new(&self.text).line_col(d.span.start());
        let line = self.line + at.line as u64 - 1;
        let column = if at.line == 1 {
            self.column + at.column as u64 - 1
        } else {
            at.column as u64
        };
        (line, column)
    }
}

/// Every game of `input`, judged in order, as `scoresheet validate --jobs 1`
/// judges them: the input is read in blocks, and the quick lane both splits and
/// replays the games written the usual way in one pass; where a block was cut
/// inside a game, the rest of the input is split game by game. The input is read
/// once. Memory is bounded by the largest game (a game over 16 MiB is an `Err`
/// and reading goes on with the next one); a read error ends the games with an
/// `Err`.
pub fn judge_games<R: Read>(input: R, judge: &mut Judge) -> JudgedGames<'_, R> {
    judge_in_blocks(input, judge, BLOCK_BYTES, MAX_BLOCK_BYTES)
}

/// [`judge_games`] with blocks of `size` bytes, growing up to `max`.
fn judge_in_blocks<R: Read>(
    input: R,
    judge: &mut Judge,
    size: usize,
    max: usize,
) -> JudgedGames<'_, R> {
    JudgedGames {
        judge,
        blocks: Some(BlockReader::new(input, size, max)),
        stream: None,
        ready: VecDeque::new(),
    }
}

/// The rest of an input where a block was cut inside a game: the block's
/// unfinished end, the bytes read past it, then the reader.
type Rest<R> = Chain<Chain<Cursor<Vec<u8>>, Cursor<Vec<u8>>>, R>;

/// The games of an input, judged: see [`judge_games`].
#[derive(Debug)]
pub struct JudgedGames<'j, R> {
    judge: &'j mut Judge,
    blocks: Option<BlockReader<R>>,
    stream: Option<GameReader<Rest<R>>>,
    ready: VecDeque<JudgedGame>,
}

impl<R: Read> Iterator for JudgedGames<'_, R> {
    type Item = Result<JudgedGame, GameReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(game) = self.ready.pop_front() {
                return Some(Ok(game));
            }
            if let Some(stream) = &mut self.stream {
                let chunk = match stream.next()? {
                    Ok(chunk) => chunk,
                    Err(e) => return Some(Err(e)),
                };
                let GameChunk {
                    offset,
                    line,
                    column,
                    bytes,
                } = chunk;
                let judgement = self.judge.judge(&bytes);
                return Some(Ok(JudgedGame {
                    line,
                    column,
                    offset,
                    text: bytes,
                    judgement,
                }));
            }
            let block = match self.blocks.as_mut()?.next() {
                None => {
                    self.blocks = None;
                    return None;
                }
                Some(Err(e)) => {
                    self.blocks = None;
                    return Some(Err(e.into()));
                }
                Some(Ok(block)) => block,
            };
            let mut split = BlockGames::new(&block);
            while let Some(g) = split.next_game(|rest| self.judge.quick_prefix(rest)) {
                let (line, column) = split.line_col(g.start);
                let text = block.bytes.get(g.start..g.end).unwrap_or_default().to_vec();
                let judgement = self.judge.judgement(g.quick, &text);
                self.ready.push_back(JudgedGame {
                    line,
                    column,
                    offset: block.offset + g.start as u64,
                    text,
                    judgement,
                });
            }
            match split.end() {
                Some(BlockEnd::Unfinished(at)) => {
                    // The rest of the input, from the unfinished game on, is split
                    // game by game.
                    if let Some(blocks) = self.blocks.take() {
                        let (carry, reader) = blocks.into_rest();
                        let from = usize::try_from(at.offset - block.offset).unwrap_or(0);
                        let tail = block.bytes.get(from..).unwrap_or_default().to_vec();
                        let rest = Cursor::new(tail).chain(Cursor::new(carry)).chain(reader);
                        self.stream = Some(GameReader::resume(rest, at));
                    }
                }
                _ => {
                    if let Some(blocks) = &mut self.blocks {
                        blocks.reuse(block.bytes);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod notation_table;

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use scoresheet_notation::pgn::games;

    /// A game's offset, line, column, plies, final position, and each
    /// diagnostic with its place.
    type Summary = (u64, u64, u64, usize, String, Vec<(String, (u64, u64))>);

    fn summary(g: &JudgedGame) -> Summary {
        let j = &g.judgement;
        let diags = j
            .diagnostics
            .iter()
            .map(|d| (format!("{}: {}", d.kind, d.message), g.locate(d)))
            .collect();
        (
            g.offset,
            g.line,
            g.column,
            j.plies,
            j.position.to_fen(crate::EpStyle::Always),
            diags,
        )
    }

    const FILE: &str = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 {1-0} Nc6 *\n\n\
        [Event \"b\"]\n\n1. e4 e5 (1... c5 2. Nf3 1-0\n) 2. Ke3 *\n\n\
        [Event \"c\"] 1. d4 d5 1/2-1/2\n\
        1. f3 e5 2. g4 Qh4# 1-0\n\n\
        ; a comment line\n[Event \"d\"]\n\n1. e4 {a comment over\n two lines 0-1\n} e5 0-1\n";

    #[test]
    fn deny_and_allow_grade_kinds_on_the_quick_lane_and_the_full_path_alike() {
        use scoresheet_notation::kinds::KindSet;
        let kinds = |names: &[&str]| {
            let mut set = KindSet::default();
            for n in names {
                assert!(set.insert(n), "{n}");
            }
            set
        };
        // Quick lane: a missing mate mark; full path: a dash in SAN (a
        // relaxation the strict parser makes an error) and a missing mate mark.
        let quick = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0";
        let full = "1. e4 e5 2. Q-h5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0";
        let verdict = |options: ReplayOptions, text: &str| {
            let j = Judge::new(options).judge(text.as_bytes());
            let kinds: Vec<(Severity, &str)> = j
                .diagnostics
                .iter()
                .map(|d| (d.severity, d.kind.name()))
                .collect();
            (j.is_valid(), kinds)
        };
        let deny = ReplayOptions {
            deny: kinds(&["missing-check-mark"]),
            ..ReplayOptions::default()
        };
        assert_eq!(
            verdict(deny, quick),
            (false, vec![(Severity::Error, "missing-check-mark")])
        );
        assert_eq!(
            verdict(deny, full),
            (
                false,
                vec![
                    (Severity::Warning, "dash-in-san"),
                    (Severity::Error, "missing-check-mark")
                ]
            )
        );
        let strict_allow = ReplayOptions {
            strict: true,
            allow: kinds(&["missing-check-mark", "dash-in-san"]),
            ..ReplayOptions::default()
        };
        assert_eq!(verdict(strict_allow, quick), (true, vec![]));
        assert_eq!(verdict(strict_allow, full), (true, vec![]));
        let strict = ReplayOptions {
            strict: true,
            allow: kinds(&["missing-check-mark"]),
            ..ReplayOptions::default()
        };
        assert_eq!(
            verdict(strict, full),
            (false, vec![(Severity::Error, "dash-in-san")])
        );
    }

    #[test]
    fn blocks_give_what_judging_each_game_gives() {
        let mut judge = Judge::new(ReplayOptions::default());
        let expected: Vec<_> = games(FILE.as_bytes())
            .map(|g| {
                let mut line = 1 + FILE.as_bytes()[..g.offset]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count() as u64;
                let start = FILE.as_bytes()[..g.offset]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let column = 1 + (g.offset - start) as u64;
                if g.offset == 0 {
                    line = 1;
                }
                let judged = JudgedGame {
                    line,
                    column,
                    offset: g.offset as u64,
                    text: g.bytes.to_vec(),
                    judgement: judge.judge(g.bytes),
                };
                summary(&judged)
            })
            .collect();
        assert_eq!(expected.len(), 5);
        // Every block size puts the cuts somewhere else, inside games too.
        for size in 1..=FILE.len() + 1 {
            for max in [size, size * 2, 1 << 20] {
                let got: Vec<_> = judge_in_blocks(FILE.as_bytes(), &mut judge, size, max)
                    .map(|g| summary(&g.unwrap()))
                    .collect();
                assert_eq!(got, expected, "blocks of {size} up to {max}");
            }
        }
    }

    #[test]
    fn a_reader_giving_a_few_bytes_at_a_time_gives_the_same_games() {
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = buf.len().min(self.0.len()).min(3);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut judge = Judge::new(ReplayOptions::default());
        let whole: Vec<_> = judge_in_blocks(FILE.as_bytes(), &mut judge, 7, 14)
            .map(|g| summary(&g.unwrap()))
            .collect();
        let trickled: Vec<_> = judge_in_blocks(Trickle(FILE.as_bytes()), &mut judge, 7, 14)
            .map(|g| summary(&g.unwrap()))
            .collect();
        assert_eq!(trickled, whole);
    }
}
