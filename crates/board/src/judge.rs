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

use crate::Position;
use crate::quick::{QuickLane, QuickReplay};
use crate::replay::{ReplayOptions, replay, settle};

/// Blocks of this many bytes (up to [`MAX_BLOCK_BYTES`]) are read at a time.
const BLOCK_BYTES: usize = 256 << 10;
/// A block grows up to this size looking for the end of a game.
const MAX_BLOCK_BYTES: usize = 1 << 20;

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
}

impl Judgement {
    /// Whether the game has no error (with strict options, warnings are errors).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.first_error().is_none()
    }

    /// The first error in text order.
    #[must_use]
    pub fn first_error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error)
    }
}

/// Judges games one after another, keeping its buffers from game to game.
#[derive(Debug)]
pub struct Judge {
    options: ReplayOptions,
    lane: QuickLane,
    game: Game<'static>,
}

impl Judge {
    /// A judge with these options (strictness given once, for every game).
    #[must_use]
    pub fn new(options: ReplayOptions) -> Judge {
        Judge {
            options,
            lane: QuickLane::default(),
            game: Game::default(),
        }
    }

    /// Judges one game's text (as [`scoresheet_notation::pgn::games`] or a
    /// [`GameReader`] splits it from a file).
    pub fn judge(&mut self, text: &[u8]) -> Judgement {
        match self.lane.replay(text) {
            Some(q) => self.quick(q),
            None => self.full(text),
        }
    }

    /// The judgement of a game the quick lane replayed.
    fn quick(&self, q: QuickReplay) -> Judgement {
        let written = q.written();
        let mut diagnostics: Vec<Diagnostic> = q.warnings.into_iter().map(|(d, _)| d).collect();
        settle(&mut diagnostics, &self.options);
        Judgement {
            plies: q.plies,
            position: q.position,
            diagnostics,
            written,
            failed: None,
        }
    }

    /// Parses and replays a game in full.
    fn full(&mut self, text: &[u8]) -> Judgement {
        let mode = self.options.mode();
        // The parsed game's vectors are kept from game to game.
        let mut game = core::mem::take(&mut self.game).recycle();
        crate::told::parse_game_told(&mut game, text, 0, mode, None);
        let r = replay(&game, &self.options);
        self.game = game.recycle();
        Judgement {
            plies: r.moves.len(),
            position: r.position,
            diagnostics: r.diagnostics,
            written: r.written,
            failed: r.failed,
        }
    }
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
        let at = LineIndex::new(&self.text).line_col(d.span.start);
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
            while let Some(g) = split.next_game(|rest| self.judge.lane.replay_prefix(rest)) {
                let (line, column) = split.line_col(g.start);
                let text = block.bytes.get(g.start..g.end).unwrap_or_default().to_vec();
                let judgement = match g.quick {
                    Some(q) => self.judge.quick(q),
                    None => self.judge.full(&text),
                };
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
