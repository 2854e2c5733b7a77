//! `scoresheet validate`: replay every game, report every invalid one, lose none.
//!
//! Files are read in blocks, each split into games and judged on one of
//! `--jobs` worker threads; standard input (and the rest of a file whose block
//! was cut inside a game) is split by the streaming reader and judged in
//! batches on a pool. Memory is bounded by the blocks in flight and the largest
//! game; reports come in input order. Book tables go the same way: the splitter
//! cuts them into games and the judge decides how each is written
//! (`scoresheet_board::reading`).

use scoresheet_notation::Kind;
use std::cell::Cell;
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use scoresheet_board::EpStyle;
use scoresheet_board::dedup::Seen;
use scoresheet_board::judge::{Judge as BoardJudge, JudgeOptions, Judgement};
use scoresheet_board::replay::ReplayOptions;
use scoresheet_notation::pgn::{
    Block, BlockEnd, BlockGames, BlockReader, GameChunk, GameReadError, GameReader, ResumePoint,
};

mod range;
pub use range::{Range, RangeEnd, ranges, validate_range};

use crate::Outcome;
use crate::blocks::{self, Item, Opened};
use crate::ci::{Sarif, github_line, no_color_env, use_color};
use crate::input::{Input, batches};
use crate::json;
use crate::options::{ReportFormat as Format, ValidateOptions};
use crate::progress::Progress;
use crate::report::{
    At, CleanReport, Collected, Found, GameRef, GameReport, Origin, Problem, Summary, SummaryLine,
    human_line_styled, printable, problems,
};
use crate::split::{Split, Verdict, game_len};

thread_local! {
    /// This thread's judge, kept between games for its buffers, with the run
    /// whose options it holds.
    static JUDGE: Cell<Option<(u64, BoardJudge)>> = const { Cell::new(None) };
}

/// The runs started in this process, each judge's options told apart by its number.
static RUNS: AtomicU64 = AtomicU64::new(0);

/// What every worker needs to judge a game: the library's judge's options
/// (one judge per worker thread, see [`Judge::with_judge`]) and how reports are shown.
#[derive(Debug, Clone)]
pub struct Judge {
    /// The options of every game's judgement.
    pub options: Arc<JudgeOptions>,
    /// This run's number: a worker's judge holds the options of one run.
    run: u64,
    /// En passant style of reported FENs.
    pub ep: EpStyle,
    /// Whether every game's report is shown, valid or not (JSON output, not
    /// `--quiet`). Otherwise a game valid without a warning is only counted.
    pub every: bool,
    /// Whether reports show the final FEN, the tags and the notation (JSON
    /// output, of every game or of the invalid ones).
    pub details: bool,
    /// `--valid-out` or `--invalid-out`: every game's text goes to the
    /// reporting side, with its verdict.
    pub split: bool,
    /// The JSON lines of the games valid with nothing to report are written
    /// by the worker that judged them, with no report made (JSON written out,
    /// not collected; no `--dedup` or `--eco`, which add to such reports).
    render: bool,
    /// The games valid with nothing to report are handed to the collector
    /// as their facts ([`CleanReport`]), with no report made (reports
    /// collected, not written; no `--dedup` or `--eco`).
    collect_clean: bool,
}

impl Judge {
    /// The judge of a run of `validate` with `args`: `split` when games are
    /// split into files, `every` when every game's report is shown.
    pub fn new(args: &ValidateOptions, split: bool, every: bool) -> Judge {
        Judge::with_details(args, split, every, every)
    }

    /// [`Judge::new`], the reports that are shown given their details
    /// (`details`) even when not every game's report is (`every`).
    pub fn with_details(args: &ValidateOptions, split: bool, every: bool, details: bool) -> Judge {
        let (deny, allow, deny_warnings) = (args.deny, args.allow, args.deny_warnings);
        let dedup = args.dedup;
        Judge {
            options: Arc::new(JudgeOptions {
                replay: ReplayOptions {
                    strict: args.strict || deny_warnings,
                    deny,
                    allow,
                    repair: args.repair,
                    fix_tags: args.fix_tags,
                    ..ReplayOptions::default()
                },
                lang: args.lang,
                start: args.fen.clone(),
                dedup,
                // Tags and notation are shown in the JSON report only.
                details,
                eco: args.eco,
            }),
            run: RUNS.fetch_add(1, Ordering::Relaxed),
            ep: args.ep,
            every,
            details,
            split,
            render: false,
            collect_clean: false,
        }
    }

    /// Runs `f` with this thread's judge, holding this run's options.
    fn with_judge<T>(&self, f: impl FnOnce(&mut BoardJudge) -> T) -> T {
        let mut judge = match JUDGE.take() {
            Some((run, judge)) if run == self.run => judge,
            Some((_, mut judge)) => {
                judge.set_options((*self.options).clone());
                judge
            }
            None => BoardJudge::with_options((*self.options).clone()),
        };
        let out = f(&mut judge);
        JUDGE.set(Some((self.run, judge)));
        out
    }

    /// Judges one game read by a [`GameReader`].
    pub fn game(&self, file: &str, index: u64, chunk: &GameChunk) -> GameReport {
        let j = self.with_judge(|judge| judge.judge(&chunk.bytes));
        let at = At {
            line: chunk.line,
            column: chunk.column,
            offset: chunk.offset,
            length: game_len(&chunk.bytes) as u64,
        };
        self.report(file, index, j, &chunk.bytes, at)
    }

    /// A game's report from its judgement (`text` is the game, at `at` in its
    /// file): valid unless it has an error; the final FEN if shown.
    fn report(&self, file: &str, index: u64, j: Judgement, text: &[u8], at: At) -> GameReport {
        let origin = Origin {
            line: at.line,
            column: at.column,
            offset: at.offset,
        };
        let (errors, warnings, notes) =
            problems(&j.diagnostics, text, &j.written, j.failed, origin);
        self.report_found(file, index, j, at, (errors, warnings, notes), origin)
    }

    /// A game's report from its judgement and its problems, located.
    fn report_found(
        &self,
        file: &str,
        index: u64,
        j: Judgement,
        at: At,
        (errors, warnings, notes): Found,
        origin: Origin,
    ) -> GameReport {
        GameReport {
            object: "game",
            file: file.to_owned(),
            game: index,
            at,
            notation: j.notation,
            tags: j.tags,
            valid: errors.is_empty(),
            plies: j.plies as u64,
            fen: if self.details {
                j.position.to_fen(self.ep)
            } else {
                String::new()
            },
            errors,
            warnings,
            notes,
            key: j.key.map(|k| (k, origin)),
            opening: self.options.eco.then(|| {
                j.opening.map(|o| crate::report::OpeningName {
                    eco: o.eco,
                    name: o.name,
                })
            }),
        }
    }

    /// Splits a block into games and judges each (the quick lane reading each
    /// game whole where it can, without the splitter). Each report is numbered
    /// within the block, for the caller, which knows how many games came before;
    /// games with nothing to show are only counted.
    fn block(&self, file: &str, block: &Block) -> BlockReport {
        self.with_judge(|judge| {
            let mut split = BlockGames::new(block);
            // Room for the facts of the block's clean games at once: grown
            // from nothing, their buffers were copied over and over as they
            // doubled, in every block (1 % of a collecting run's
            // instructions).
            let collect = self.every && self.collect_clean;
            // And for the JSON lines of its clean games, written here: a
            // line takes about the game's tags and 200 bytes more, less than
            // the game's text (room not written to is not memory used).
            let (tails, rendered) = if self.render {
                (
                    Vec::with_capacity(block.bytes.len()),
                    Vec::with_capacity(block.bytes.len() / GAME_BYTES_AT_LEAST + 16),
                )
            } else {
                (Vec::new(), Vec::new())
            };
            let mut out = BlockReport {
                reports: Vec::new(),
                tails,
                rendered,
                clean: if collect {
                    CleanGames::with_room(
                        block.bytes.len() / GAME_BYTES_AT_LEAST + 16,
                        block.bytes.len(),
                    )
                } else {
                    CleanGames::default()
                },
                games: 0,
                clean_plies: 0,
                bytes: 0,
                end: BlockEnd::Clean,
                split: self.split.then(|| SplitBlock {
                    text: block.bytes.clone(),
                    games: Vec::new(),
                }),
            };
            // The clean games whose JSON line or facts are shown: kept as
            // they are while the block is judged, written out after.
            let mut shown = if self.render || collect {
                ShownGames::with_room(block.bytes.len() / GAME_BYTES_AT_LEAST + 16)
            } else {
                ShownGames::default()
            };
            while let Some(g) = split.next_game(|rest| judge.quick_prefix(rest)) {
                out.bytes += g.end - g.start;
                out.games += 1;
                match &g.quick {
                    // A duplicate key reaches the reporter with a game's report.
                    Some(q)
                        if q.warnings.is_empty()
                            && self.options.dedup.is_none()
                            && judge.opening_agrees(&block.bytes[g.start..g.end]) =>
                    {
                        let text = &block.bytes[g.start..g.end];
                        // Its JSON line or its facts for the collector, when
                        // its tags are few (and, for JSON, named in plain
                        // ASCII): written once the block is judged.
                        let kept = !self.every
                            || ((self.render || collect)
                                && shown.keep(
                                    out.games,
                                    g.start..g.end,
                                    q,
                                    judge.quick_tag_places(),
                                    self.render.then_some(text),
                                ));
                        if kept {
                            out.clean_plies += q.plies as u64;
                            if let Some(s) = &mut out.split {
                                s.games.push((g.start, g.end, None));
                            }
                            continue;
                        }
                    }
                    _ => {}
                }
                // Lines are counted only as far as a game needs them.
                let text = &block.bytes[g.start..g.end];
                let at = at(&mut split, block, g.start, text);
                let j = judge.judgement(g.quick, text);
                let mut report = self.report(file, 0, j, text, at);
                if let Some(s) = &mut out.split {
                    // The verdict is the report's once the reporter has seen it
                    // (`--dedup` makes a valid game a duplicate there).
                    s.games.push((g.start, g.end, Some(out.reports.len())));
                }
                report.game = out.games;
                out.reports.push(report);
            }
            out.end = split.end().unwrap_or(BlockEnd::Clean);
            if self.render {
                shown.render(block, self.ep, &mut out.tails, &mut out.rendered);
            } else if collect {
                shown.collect(block, self.ep, &mut out.clean);
            }
            out
        })
    }
}

/// The clean games of a block whose JSON lines (or facts, for a collector)
/// are shown, as the quick lane left them: written out in one loop once the
/// block is judged. Writing each as it came, between two replays, took the
/// replay's code out of the instruction cache for every game (the JSON run
/// had 2.6 times the instruction cache misses of `-q`).
#[derive(Default)]
struct ShownGames {
    games: Vec<ShownGame>,
    /// Each game's tags as the lane found them, within the game's text: the
    /// name's start and end, the value's start and end (a game lies in a
    /// block, far under 4 GiB: 32 bits hold its places, half the bytes of
    /// two ranges), one game after another.
    places: Vec<[u32; 4]>,
}

/// One game of [`ShownGames`].
struct ShownGame {
    /// Its number within the block.
    game: u64,
    /// Its text in the block.
    text: std::ops::Range<usize>,
    plies: u64,
    /// The position after its last move.
    position: scoresheet_board::Position,
    /// Its tags in [`ShownGames::places`].
    tags: std::ops::Range<usize>,
}

impl ShownGames {
    fn with_room(games: usize) -> ShownGames {
        ShownGames {
            games: Vec::with_capacity(games),
            places: Vec::with_capacity(games * 12),
        }
    }

    /// Keeps game `game` of the block (`text` there), replayed by the quick
    /// lane as `q`, its tags at `places` within its text; `false`, with
    /// nothing kept, where they are more than a few or, for its JSON line
    /// (`json`: the game's text), a name is not plain ASCII: its report is
    /// made.
    fn keep(
        &mut self,
        game: u64,
        text: std::ops::Range<usize>,
        q: &scoresheet_board::quick::QuickReplay,
        places: impl ExactSizeIterator<Item = [std::ops::Range<usize>; 2]> + Clone,
        json: Option<&[u8]>,
    ) -> bool {
        let fits = match json {
            Some(text) => {
                json::few_plain_names(places.len(), places.clone().map(|[n, _]| text.get(n)))
            }
            None => places.len() <= json::FEW_TAGS,
        };
        if !fits {
            return false;
        }
        let first = self.places.len();
        self.places
            .extend(places.map(|[n, v]| [n.start, n.end, v.start, v.end].map(|i| i as u32)));
        self.games.push(ShownGame {
            game,
            text,
            plies: q.plies as u64,
            position: q.position.clone(),
            tags: first..self.places.len(),
        });
        true
    }

    /// The games' JSON lines, each from `"line"` on, into `tails`, with
    /// their numbers and places there into `rendered`. Never inlined into
    /// [`Judge::block`], which the quick lane is inlined into: a larger
    /// `block` changed how the lane itself was inlined (31 M more
    /// instructions on the strict corpus).
    #[inline(never)]
    fn render(
        &self,
        block: &Block,
        ep: EpStyle,
        tails: &mut Vec<u8>,
        rendered: &mut Vec<(u64, std::ops::Range<usize>)>,
    ) {
        let mut lines = BlockGames::new(block);
        for g in &self.games {
            let text = block.bytes.get(g.text.clone()).unwrap_or_default();
            let at = at(&mut lines, block, g.text.start, text);
            let before = tails.len();
            // `keep` took only games whose tags are few, named in plain ASCII.
            // The tags' places are within the game's text; the block's rest
            // after it gives the writer's fixed-size copies room to read on.
            json::clean_game_tail(
                tails,
                &at,
                g.plies,
                block.bytes.get(g.text.start..).unwrap_or_default(),
                self.places.get(g.tags.clone()).unwrap_or_default(),
                |out| g.position.write_fen_bytes(ep, out),
            );
            tails.push(b'\n');
            rendered.push((g.game, before..tails.len()));
        }
    }

    /// The games' facts, for the collector, into `clean` (never inlined,
    /// as [`ShownGames::render`]).
    #[inline(never)]
    fn collect(&self, block: &Block, ep: EpStyle, clean: &mut CleanGames) {
        let mut lines = BlockGames::new(block);
        for g in &self.games {
            let text = block.bytes.get(g.text.clone()).unwrap_or_default();
            let at = at(&mut lines, block, g.text.start, text);
            let places = self.places.get(g.tags.clone()).unwrap_or_default();
            clean.push(
                g.game,
                at,
                g.plies,
                &g.position,
                ep,
                text,
                places.iter().map(|&[n, n_end, v, v_end]| {
                    [n as usize..n_end as usize, v as usize..v_end as usize]
                }),
            );
        }
    }
}

/// Where the game `text`, at `start` in `block`, is in its input.
fn at(split: &mut BlockGames<'_>, block: &Block, start: usize, text: &[u8]) -> At {
    let (line, column) = split.line_col(start);
    At {
        line,
        column,
        offset: block.offset + start as u64,
        length: game_len(text) as u64,
    }
}

/// The games of one block, judged.
struct BlockReport {
    /// The reports to show, numbered within the block.
    reports: Vec<GameReport>,
    /// The JSON lines of games valid with nothing to report, each from
    /// `"line"` on ([`json::clean_game_tail`]), line end included.
    tails: Vec<u8>,
    /// Each game of `tails`: its number within the block and its line there.
    rendered: Vec<(u64, std::ops::Range<usize>)>,
    /// The games valid with nothing to report, for the collector.
    clean: CleanGames,
    /// Games in the block.
    games: u64,
    /// Plies of the games valid without a warning that have no report
    /// (those of `rendered` included).
    clean_plies: u64,
    /// Bytes of the games (blanks between games not counted).
    bytes: usize,
    end: BlockEnd,
    /// With `--valid-out` or `--invalid-out`: the games' text and verdicts.
    split: Option<SplitBlock>,
}

impl blocks::Weigh for BlockReport {
    fn weight(&self) -> usize {
        // A report's heap (file name, FEN, tags, problems) is counted at a
        // typical few hundred bytes: what matters is the order of size.
        let reports = self.reports.capacity() * (std::mem::size_of::<GameReport>() + 256);
        let clean = self.clean.weight();
        let split = self.split.as_ref().map_or(0, |s| {
            s.text.capacity()
                + s.games.capacity() * std::mem::size_of::<(usize, usize, Option<usize>)>()
        });
        reports + self.tails.len() + clean + split
    }
}

/// The games of a block valid with nothing to report, as a run that collects
/// its reports hands them over ([`CleanReport`]): each game's facts, with its
/// FEN and tags in buffers shared by the block (no allocation per game).
#[derive(Default)]
struct CleanGames {
    games: Vec<CleanGame>,
    /// The FENs, one after another.
    fens: String,
    /// The tags' names and values as written, one after another.
    bytes: Vec<u8>,
    /// Each tag's name and value: their ranges in `bytes`.
    tags: Vec<[std::ops::Range<usize>; 2]>,
}

/// One game of [`CleanGames`].
struct CleanGame {
    /// Its number within the block.
    game: u64,
    at: At,
    plies: u64,
    /// Its FEN in `fens`.
    fen: std::ops::Range<usize>,
    /// Its tags in `tags`.
    tags: std::ops::Range<usize>,
}

/// Fewer bytes than most games take (tags, moves and blank lines): what a
/// block's buffers for its clean games are sized by (the strict corpus
/// averages 1,200 bytes a game, online games about 2,300).
const GAME_BYTES_AT_LEAST: usize = 512;

impl CleanGames {
    /// Empty, with room for about `games` games of a block of `bytes` bytes.
    fn with_room(games: usize, bytes: usize) -> CleanGames {
        CleanGames {
            games: Vec::with_capacity(games),
            fens: String::with_capacity(games * 72),
            // The tags take a fraction of a game's text.
            bytes: Vec::with_capacity(bytes / 4),
            tags: Vec::with_capacity(games * 12),
        }
    }

    /// Records game `game` of the block, at `at`, `plies` long, ending in
    /// `position`, its text `text` and its tags where the quick lane found
    /// them there (`places`, in order, no name repeated, within `text`).
    #[allow(clippy::too_many_arguments)]
    fn push(
        &mut self,
        game: u64,
        at: At,
        plies: u64,
        position: &scoresheet_board::Position,
        ep: EpStyle,
        text: &[u8],
        places: impl ExactSizeIterator<Item = [std::ops::Range<usize>; 2]> + DoubleEndedIterator + Clone,
    ) {
        // The tags stand one after another in the text: copied at once.
        let start = places.clone().next().map_or(0, |[n, _]| n.start);
        let end = places.clone().next_back().map_or(start, |[_, v]| v.end);
        let section = text.get(start..end).unwrap_or_default();
        let fen = self.fens.len();
        position.write_fen(ep, &mut self.fens);
        let base = self.bytes.len();
        self.bytes.extend_from_slice(section);
        let first = self.tags.len();
        let moved = |r: std::ops::Range<usize>| {
            base + r.start.saturating_sub(start)..base + r.end.saturating_sub(start)
        };
        self.tags.extend(places.map(|[n, v]| [moved(n), moved(v)]));
        self.games.push(CleanGame {
            game,
            at,
            plies,
            fen: fen..self.fens.len(),
            tags: first..self.tags.len(),
        });
    }

    /// Roughly the bytes held.
    fn weight(&self) -> usize {
        self.games.capacity() * std::mem::size_of::<CleanGame>()
            + self.fens.capacity()
            + self.bytes.capacity()
            + self.tags.capacity() * std::mem::size_of::<[std::ops::Range<usize>; 2]>()
    }
}

/// The games of a block for the split: the block's bytes, and each game's
/// place in them with the place of its report among the block's reports
/// (`None`: valid, with nothing to report), in order.
struct SplitBlock {
    text: Vec<u8>,
    games: Vec<(usize, usize, Option<usize>)>,
}

/// A game too large to hold, reported as invalid without being parsed.
pub(crate) fn too_large(file: &str, index: u64, e: &GameReadError) -> GameReport {
    let (line, column, offset, length) = match e {
        GameReadError::TooLarge {
            line,
            column,
            offset,
            len,
            ..
        } => (*line, *column, *offset, *len),
        _ => (0, 0, 0, 0),
    };
    GameReport {
        object: "game",
        file: file.to_owned(),
        game: index,
        at: At {
            line,
            column,
            offset,
            length,
        },
        notation: None,
        tags: Vec::new(),
        valid: false,
        plies: 0,
        fen: String::new(),
        errors: vec![Problem {
            line,
            column,
            ply: None,
            text: String::new(),
            kind: Kind::GameTooLarge.name(),
            message: e.to_string(),
            candidates: Vec::new(),
            suggestions: Vec::new(),
            duplicate_of: None,
            misprint: None,
            start: offset,
            end: offset,
        }],
        warnings: Vec::new(),
        notes: Vec::new(),
        key: None,
        opening: None,
    }
}

/// Writes the report of each game as it comes, in input order.
struct Reporter<'c, W: Write> {
    out: W,
    /// Where the JSON reports go as values instead of lines ([`judge_text`],
    /// Python).
    ///
    /// [`judge_text`]: crate::judge_text
    collected: Option<&'c mut Collect<'c>>,
    format: Format,
    quiet: bool,
    /// `--notes`: human output shows the notes too.
    notes: bool,
    /// `--errors-only`: human output shows no warning (nor note).
    errors_only: bool,
    summary: Summary,
    /// `--dedup`: the games seen.
    dedup: Option<Dedup>,
    /// Human output in colour.
    color: bool,
    /// The SARIF log being written (`--format sarif`).
    sarif: Sarif,
    /// The name of the input being reported, in its forms.
    file: FileName,
    /// Where a game's JSON line is written before it goes out whole.
    line: Vec<u8>,
    /// JSON output shows only the invalid games (all are counted).
    invalid_only: bool,
}

/// Where the reports of the games go instead of being written: each game's
/// report (or a clean game's facts), with the name of its input as the
/// system knows it (bytes, not always UTF-8). An error stops the run.
pub type Collect<'c> = dyn FnMut(Collected<'_>, &[u8]) -> io::Result<()> + Send + 'c;

/// The name of an input as the reports need it, made once per input.
#[derive(Debug, Default)]
struct FileName {
    /// As the reports show it ([`Input::name`]).
    shown: String,
    /// As the system knows it ([`Input::name_bytes`]).
    raw: Vec<u8>,
    /// As a JSON string, quotes included, every byte of `raw` kept.
    json: Vec<u8>,
}

impl FileName {
    fn of(input: &Input) -> FileName {
        let raw = input.name_bytes().into_owned();
        let mut json = Vec::with_capacity(raw.len() + 2);
        json::name(&mut json, &raw);
        FileName {
            shown: input.name(),
            raw,
            json,
        }
    }

    fn shown(name: &str) -> FileName {
        let mut json = Vec::with_capacity(name.len() + 2);
        json::string(&mut json, name);
        FileName {
            shown: name.to_owned(),
            raw: name.as_bytes().to_vec(),
            json,
        }
    }
}

/// The games of a `--dedup` run so far, in input order: "earlier" is the same
/// for every `--jobs`.
#[derive(Default)]
struct Dedup {
    /// Each valid game's key, with the game's number in the run (from 0).
    seen: Seen,
    /// The number in the run of the first game of each input, and its name.
    inputs: Vec<(u64, String)>,
    /// Games so far.
    games: u64,
}

impl Dedup {
    /// Makes `g`, the next game of the run, a `duplicate` when a game before it
    /// had its key: the first error of a game that had none.
    fn check(&mut self, g: &mut GameReport) {
        if g.game == 1 || self.inputs.is_empty() {
            self.inputs.push((self.games, g.file.clone()));
        }
        let n = self.games;
        self.games += 1;
        let Some((key, at)) = g.key else {
            return;
        };
        let Some(first) = self.seen.check(key, n) else {
            return;
        };
        let input = self.inputs.partition_point(|(start, _)| *start <= first);
        let Some((start, file)) = input.checked_sub(1).and_then(|i| self.inputs.get(i)) else {
            return;
        };
        let game = first - start + 1;
        g.valid = false;
        g.errors.push(Problem {
            line: at.line,
            column: at.column,
            ply: None,
            text: String::new(),
            kind: Kind::Duplicate.name(),
            message: format!("the same game as game {game} of {file}"),
            candidates: Vec::new(),
            suggestions: Vec::new(),
            duplicate_of: Some(GameRef {
                file: file.clone(),
                game,
            }),
            misprint: None,
            start: at.offset,
            end: at.offset,
        });
    }
}

impl<W: Write> Reporter<'_, W> {
    fn game(&mut self, g: &mut GameReport) -> io::Result<()> {
        if let Some(dedup) = &mut self.dedup {
            dedup.check(g);
        }
        self.summary.add(g);
        if self.quiet {
            return Ok(());
        }
        match self.format {
            Format::Json => {
                if self.invalid_only && g.valid {
                    return Ok(());
                }
                if let Some(collected) = &mut self.collected {
                    // The report itself goes, not a copy: what the run still
                    // asks of it (its verdict and plies) stays behind.
                    let husk = GameReport {
                        object: g.object,
                        file: String::new(),
                        game: g.game,
                        at: g.at,
                        notation: g.notation,
                        tags: Vec::new(),
                        valid: g.valid,
                        plies: g.plies,
                        fen: String::new(),
                        errors: if g.valid {
                            Vec::new()
                        } else {
                            g.errors.clone()
                        },
                        warnings: Vec::new(),
                        notes: Vec::new(),
                        key: g.key,
                        opening: g.opening,
                    };
                    return collected(
                        Collected::Report(std::mem::replace(g, husk)),
                        &self.file.raw,
                    );
                }
                if g.file != self.file.shown {
                    // Not the input started last (never so today): its name
                    // as shown is all there is.
                    self.file = FileName::shown(&g.file);
                }
                self.line.clear();
                json::game(&mut self.line, g, &self.file.json);
                self.line.push(b'\n');
                self.out.write_all(&self.line)
            }
            Format::Human | Format::Github | Format::Sarif => {
                let notes = if self.notes { &g.notes[..] } else { &[] };
                let all = [
                    ("error", &g.errors[..]),
                    ("warning", &g.warnings),
                    ("note", notes),
                ];
                // In the order they stand in the text (a warning before a
                // later error first), as a reader goes through the game.
                let mut shown: Vec<(&str, &Problem)> = all
                    .into_iter()
                    .filter(|(severity, _)| !self.errors_only || *severity == "error")
                    .flat_map(|(severity, list)| list.iter().map(move |p| (severity, p)))
                    .collect();
                shown.sort_by_key(|(_, p)| (p.line, p.column));
                for (severity, p) in shown {
                    self.problem(&g.file, g.game, severity, p)?;
                }
                Ok(())
            }
        }
    }

    /// Game `game` of the current input, valid with nothing to report, to
    /// the collector, as its facts (`c`, recorded in `games`).
    fn clean(&mut self, games: &CleanGames, c: &CleanGame, game: u64) -> io::Result<()> {
        let Some(collected) = &mut self.collected else {
            return Ok(());
        };
        let report = CleanReport {
            file: &self.file.shown,
            game,
            at: c.at,
            plies: c.plies,
            fen: games.fens.get(c.fen.clone()).unwrap_or_default(),
            bytes: &games.bytes,
            tags: games.tags.get(c.tags.clone()).unwrap_or_default(),
        };
        collected(Collected::Clean(report), &self.file.raw)
    }

    /// The JSON line of game `game` of the current input, valid with nothing
    /// to report, whose worker wrote it from `"line"` on (`tail`, line end
    /// included): counted with the clean games of its block.
    fn rendered(&mut self, game: u64, tail: &[u8]) -> io::Result<()> {
        self.line.clear();
        json::game_head(&mut self.line, &self.file.json, game);
        self.out.write_all(&self.line)?;
        self.out.write_all(tail)
    }

    /// One problem, in the human, GitHub or SARIF form.
    fn problem(&mut self, file: &str, game: u64, severity: &str, p: &Problem) -> io::Result<()> {
        match self.format {
            Format::Sarif => {
                // The name as the system knows it, where it is the input's.
                let raw = if file == self.file.shown {
                    &self.file.raw[..]
                } else {
                    file.as_bytes()
                };
                self.sarif.result(&mut self.out, raw, game, severity, p)
            }
            Format::Github => writeln!(self.out, "{}", github_line(file, game, severity, p)),
            Format::Human | Format::Json => {
                let line = human_line_styled(file, game, severity, p, self.color);
                writeln!(self.out, "{line}")
            }
        }
    }
}

/// Runs `validate` over `inputs`, the reports to `out` and the messages of
/// standard error to `err`; with `range`, over that one block of the one input
/// only (see [`validate_range`]). `progress` is moved on once per block.
pub(crate) fn run_to(
    args: &ValidateOptions,
    inputs: &[Input],
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
    range: Option<(&Block, &mut bool)>,
    progress: &Progress,
) -> io::Result<Outcome> {
    run_collecting(args, inputs, out, err, range, progress, None)
}

/// [`run_to`], the JSON reports of the games handed to `collected` (when
/// given) instead of written to `out` (the summary line still is).
pub(crate) fn run_collecting<'c>(
    args: &ValidateOptions,
    inputs: &[Input],
    out: &mut (dyn Write + Send),
    err: &mut (dyn Write + Send),
    range: Option<(&Block, &mut bool)>,
    progress: &Progress,
    collected: Option<&'c mut Collect<'c>>,
) -> io::Result<Outcome> {
    let start = Instant::now();
    blocks::env_block_bytes()?;
    let whole_inputs = range.is_none();
    let jobs = crate::options::jobs(args.jobs);
    let format = args.format;
    // A reader of the reports that goes away (`| head`) ends the run, unless
    // the split's files are being written: they are completed first.
    let splits = args.valid_out.is_some() || args.invalid_out.is_some();
    let mut out = crate::output::UntilClosed::new(out, splits || args.duplicates_out.is_some());
    let mut split = Split::create(
        args.valid_out.as_deref(),
        args.invalid_out.as_deref(),
        args.duplicates_out.as_deref(),
        inputs,
    )?;
    if let Some(split) = &mut split {
        split.fix_tags = args.fix_tags;
    }
    let details = matches!(format, Format::Json) && !args.quiet;
    let mut judge = Judge::with_details(
        args,
        split.is_some(),
        details && !args.invalid_only,
        details,
    );
    judge.render = judge.every && collected.is_none() && args.dedup.is_none() && !args.eco;
    judge.collect_clean = judge.every && collected.is_some() && args.dedup.is_none() && !args.eco;
    let mut reporter = Reporter {
        out: io::BufWriter::with_capacity(1 << 16, &mut out),
        collected,
        format,
        quiet: args.quiet,
        notes: args.notes,
        errors_only: args.errors_only,
        summary: Summary {
            skipped: args.skipped,
            ..Summary::default()
        },
        dedup: args.dedup.map(|_| Dedup::default()),
        color: args.format == Format::Human
            && use_color(args.color, io::stdout().is_terminal(), no_color_env()),
        sarif: Sarif::default(),
        file: FileName::default(),
        line: Vec::with_capacity(1 << 12),
        invalid_only: args.invalid_only,
    };
    if args.format == Format::Sarif {
        reporter.sarif.start(&mut reporter.out)?;
    }
    let mut run = Run {
        inputs,
        err: &mut *err,
        judge,
        jobs,
        pool: None,
        progress,
        reporter: &mut reporter,
        input: 0,
        name: String::new(),
        index: 0,
        skip: false,
        read: 0,
        split,
        result_ratio: None,
    };
    let judged = if let Some((block, rest)) = range {
        let judged = run.block_alone(block);
        *rest = run.skip;
        judged
    } else if jobs == 1 {
        let mut outcome = Ok(());
        let ratio = Cell::new(None);
        read_inputs(inputs, progress, &ratio, |msg| {
            outcome = run.take(msg);
            ratio.set(run.result_ratio);
            outcome.is_ok()
        });
        outcome
    } else {
        run.parallel()
    };
    progress.finish();
    if let Err(e) = judged {
        if e.kind() != io::ErrorKind::BrokenPipe {
            return Err(e);
        }
        // The reader of the reports is gone: the games judged so far give the
        // outcome, and no summary is written (nobody reads it).
        return Ok(outcome(&reporter.summary, false));
    }
    // The outputs of the split get their names once complete, before the summary.
    if let Some(split) = run.split.take() {
        split.commit()?;
    }
    reporter.summary.seconds = start.elapsed().as_secs_f64();
    let timing = std::env::var_os("SCORESHEET_NO_TIMING").is_none();
    let summary = reporter.summary.clone();
    let mut out = reporter.out;
    let mut untimed = summary.clone();
    if !timing {
        untimed.seconds = 0.0;
    }
    let mut write_summary = || -> io::Result<()> {
        match format {
            Format::Json => {
                let line = SummaryLine {
                    object: "summary",
                    summary: &untimed,
                };
                serde_json::to_writer(&mut out, &line)?;
                out.write_all(b"\n")?;
            }
            Format::Sarif => reporter.sarif.finish(&mut out, &untimed)?,
            Format::Human | Format::Github => {
                // The counts by kind come first: the summary stays the last line.
                for line in summary.human_kinds() {
                    writeln!(out, "{line}")?;
                }
                writeln!(out, "{}", summary.human(timing))?;
            }
        }
        out.flush()
    };
    match write_summary() {
        // The reader of the reports went away after the last game.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        written => written?,
    }
    // Inputs that hold no game at all (an empty standard input, a CI step
    // whose path lost its files) are rarely what was meant: a warning, and a
    // failure where warnings are errors.
    let strict = args.strict || args.deny_warnings;
    let none_read = whole_inputs && summary.games == 0 && summary.unread == 0;
    if none_read {
        let severity = if strict { "error" } else { "warning" };
        writeln!(err, "scoresheet: {severity}: no games read")?;
    }
    Ok(outcome(&summary, none_read && strict))
}

/// The outcome of the games a run has judged: `failed` also when nothing was
/// read and that is an error.
fn outcome(summary: &Summary, none_read_fails: bool) -> Outcome {
    if summary.unread > 0 || none_read_fails {
        Outcome::Failed
    } else if summary.invalid > 0 {
        Outcome::Problems
    } else {
        Outcome::Clean
    }
}

/// What the reader hands to the judges, in input order.
enum Msg<'b> {
    /// The next input starts: its index in the inputs.
    File(usize),
    /// Games of the current input with their 1-based index, and their size in bytes
    /// (standard input, read by the streaming reader).
    Batch(Vec<(u64, Result<GameChunk, GameReadError>)>, usize),
    /// The next block of the current input (files), lent: its buffer goes back
    /// to the reader for the block after it.
    Block(&'b Block),
    /// Input `i` could not be opened, or read on from here: the next input follows.
    Failed(usize, io::Error),
}

/// The state of a validation run: the judges, the reports, and where we are.
struct Run<'a, 'c, W: Write> {
    inputs: &'a [Input],
    /// Where the messages of standard error go.
    err: &'a mut (dyn Write + Send),
    judge: Judge,
    jobs: usize,
    /// The pool for batches of the streaming reader, made when first needed (its
    /// idle threads would spin while the block workers run).
    pool: Option<rayon::ThreadPool>,
    progress: &'a Progress,
    reporter: &'a mut Reporter<'c, W>,
    /// The input being reported.
    input: usize,
    name: String,
    /// Games of the current input reported so far.
    index: u64,
    /// The current input is being read by the streaming reader from where a block
    /// was cut inside a game: its remaining blocks are dropped.
    skip: bool,
    /// Bytes of the current input read so far.
    read: u64,
    /// `--valid-out`, `--invalid-out`.
    split: Option<Split>,
    /// Bytes of report per byte of input, as the blocks judged weighed
    /// ([`blocks::next_ratio`]): how large the reader makes the next block.
    result_ratio: Option<f64>,
}

impl<W: Write> Run<'_, '_, W> {
    /// Takes the reader's next message, on one thread.
    fn take(&mut self, msg: Msg<'_>) -> io::Result<()> {
        match msg {
            Msg::File(i) => {
                self.start_file(i);
                Ok(())
            }
            Msg::Failed(i, e) => self.block_reader_failed(i, &e),
            Msg::Batch(batch, bytes) => self.batch(&batch, bytes),
            Msg::Block(block) => {
                if self.skip {
                    return Ok(());
                }
                let report = self.judge.block(&self.name, block);
                if !block.bytes.is_empty() {
                    let seen = blocks::Weigh::weight(&report) as f64 / block.bytes.len() as f64;
                    self.result_ratio = Some(blocks::next_ratio(self.result_ratio, seen));
                }
                self.report_block(block.bytes.len(), report)
            }
        }
    }

    /// Judges one block of the one input alone; the file is counted by its
    /// first block only. Where the block was cut inside a game, the rest of the
    /// file is read on from there, as a run over the whole file reads it.
    fn block_alone(&mut self, block: &Block) -> io::Result<()> {
        self.start_file(0);
        if !block.first {
            self.reporter.summary.files -= 1;
        }
        let report = self.judge.block(&self.name, block);
        self.report_block(block.bytes.len(), report)
    }

    /// Judges the inputs on `jobs` worker threads, which read the files in
    /// blocks and report them in input order ([`blocks::run`]).
    fn parallel(&mut self) -> io::Result<()>
    where
        W: Send,
    {
        let inputs = self.inputs;
        let names: Vec<String> = inputs.iter().map(Input::name).collect();
        let (judge, progress) = (self.judge.clone(), self.progress);
        blocks::run(
            inputs,
            self.jobs,
            |i, input| {
                if input.streams() {
                    // Standard input and pipes are read apart, game by game, in
                    // their turn: they cannot be opened again where a block was
                    // cut inside a game.
                    return Ok(Opened::Apart);
                }
                let reader = progress.open(inputs, i)?;
                Ok(Opened::Blocks(Box::new(reader)))
            },
            |file, block| judge.block(names.get(file).map_or("", String::as_str), block),
            |item| self.take_item(item),
        )
    }

    /// Reports what the workers handed on, in its turn.
    fn take_item(&mut self, item: Item<BlockReport>) -> io::Result<()> {
        match item {
            Item::Block {
                file,
                first,
                len,
                result,
            } => {
                if first {
                    self.start_file(file);
                }
                self.report_block(len, result)
            }
            Item::Apart(i) => {
                self.start_file(i);
                self.stream_parallel()
            }
            Item::Failed(i, e) => self.block_reader_failed(i, &e),
        }
    }

    /// An input read apart in a parallel run: an input read as a stream (standard input, a pipe), split by the
    /// streaming reader on a thread of its own (which overlaps with judging) and
    /// judged in batches on the pool.
    fn stream_parallel(&mut self) -> io::Result<()> {
        let i = self.input;
        if i >= self.inputs.len() {
            return Ok(());
        }
        let reader = match self.progress.open(self.inputs, i) {
            Ok(r) => r,
            Err(e) => return self.failed(i, &e),
        };
        std::thread::scope(|threads| -> io::Result<()> {
            let (tx, rx) = std::sync::mpsc::sync_channel(4);
            threads.spawn(move || {
                let fail = |e: io::Error| Msg::Failed(i, e);
                read_batches(reader, &mut |msg| tx.send(msg).is_ok(), &fail);
            });
            for msg in rx {
                match msg {
                    Msg::Batch(batch, bytes) => self.batch(&batch, bytes)?,
                    Msg::Failed(i, e) => self.failed(i, &e)?,
                    Msg::File(_) | Msg::Block(_) => {}
                }
            }
            Ok(())
        })
    }

    fn start_file(&mut self, i: usize) {
        self.progress.release_before(i);
        self.reporter.summary.files += 1;
        self.input = i;
        self.reporter.file = self.inputs.get(i).map(FileName::of).unwrap_or_default();
        self.name.clone_from(&self.reporter.file.shown);
        self.index = 0;
        self.skip = false;
        self.read = 0;
    }

    /// Input `i` could not be opened or read on by the block reader: the
    /// rest of an input read on by the streaming reader (`skip`) was its to
    /// read and report, otherwise this is [`Run::failed`].
    fn block_reader_failed(&mut self, i: usize, e: &io::Error) -> io::Result<()> {
        if self.skip && i == self.input && self.reporter.summary.files > 0 {
            return Ok(());
        }
        self.failed(i, e)
    }

    /// Input `i` could not be opened, or read on: says so on standard error,
    /// with the games and bytes read before (the games were reported), and
    /// counts it; the run goes on with the next input.
    fn failed(&mut self, i: usize, e: &io::Error) -> io::Result<()> {
        let name = printable(&self.inputs.get(i).map(Input::name).unwrap_or_default());
        let e = printable(&e.to_string());
        let mut started = self.input == i && self.reporter.summary.files > 0;
        if started && self.index == 0 && self.read == 0 {
            // Nothing read: `files` counts the inputs read, at least in part.
            self.reporter.summary.files -= 1;
            started = false;
        }
        let err = &mut *self.err;
        if started && (self.index > 0 || self.read > 0) {
            writeln!(
                err,
                "scoresheet: error: {name}: {e} (after {} {}, {} bytes read)",
                self.index,
                if self.index == 1 { "game" } else { "games" },
                self.read
            )?;
        } else {
            writeln!(err, "scoresheet: error: {name}: {e}")?;
        }
        self.reporter.summary.unread += 1;
        Ok(())
    }

    /// Reports the games of a block of `len` bytes, in order; where the block was cut
    /// inside a game, the streaming reader reads the rest of the input.
    fn report_block(&mut self, len: usize, result: BlockReport) -> io::Result<()> {
        if self.skip {
            return Ok(());
        }
        let clean = result.games - result.reports.len() as u64;
        self.reporter.summary.add_clean(clean, result.clean_plies);
        // Each game goes to the output its reported verdict names: a duplicate
        // is found by the reporter, in input order.
        let mut verdicts = Vec::with_capacity(result.reports.len());
        // The games whose lines the worker wrote, in their places.
        let mut rendered = result.rendered.iter().peekable();
        // The clean games the collector gets as their facts, in their places.
        let mut clean = result.clean.games.iter().peekable();
        for mut g in result.reports {
            while let Some((game, line)) = rendered.next_if(|(game, _)| *game < g.game) {
                let tail = result.tails.get(line.clone()).unwrap_or_default();
                self.reporter.rendered(self.index + game, tail)?;
            }
            while let Some(c) = clean.next_if(|c| c.game < g.game) {
                self.reporter.clean(&result.clean, c, self.index + c.game)?;
            }
            g.game += self.index;
            self.reporter.game(&mut g)?;
            verdicts.push((Verdict::of(&g), g.plies));
        }
        for (game, line) in rendered {
            let tail = result.tails.get(line.clone()).unwrap_or_default();
            self.reporter.rendered(self.index + game, tail)?;
        }
        for c in clean {
            self.reporter.clean(&result.clean, c, self.index + c.game)?;
        }
        if let (Some(split), Some(games)) = (&mut self.split, &result.split) {
            for &(start, end, report) in &games.games {
                let (verdict, plies) = report
                    .and_then(|i| verdicts.get(i).copied())
                    .map_or((Verdict::Valid, None), |(v, p)| (v, Some(p)));
                split.game(&games.text[start..end], verdict, plies)?;
            }
        }
        self.index += result.games;
        self.read += len as u64;
        self.reporter.summary.bytes += result.bytes as u64;
        if let BlockEnd::Unfinished(at) = result.end {
            self.skip = true;
            self.resume(at)?;
        }
        self.progress();
        Ok(())
    }

    /// Splits the rest of the current input from `at` with the streaming reader.
    fn resume(&mut self, at: ResumePoint) -> io::Result<()> {
        let i = self.input;
        if i >= self.inputs.len() {
            return Ok(());
        }
        let games = match blocks::resume(self.progress, i, at) {
            Ok(games) => games,
            Err(e) => return self.failed(i, &e),
        };
        let mut outcome = Ok(());
        let first = self.index;
        let read = batches(games, first, |(batch, bytes)| {
            self.index = batch.last().map_or(self.index, |(i, _)| *i);
            outcome = self.batch(&batch, bytes);
            outcome.is_ok()
        });
        outcome?;
        match read {
            Ok(_) => Ok(()),
            Err(e) => self.failed(i, &e),
        }
    }

    /// Judges games read by the streaming reader (in parallel), and reports them in order.
    fn batch(
        &mut self,
        batch: &[(u64, Result<GameChunk, GameReadError>)],
        bytes: usize,
    ) -> io::Result<()> {
        if self.jobs > 1 && self.pool.is_none() {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.jobs)
                .build()
                .map_err(io::Error::other)?;
            self.pool = Some(pool);
        }
        let (judge, name) = (&self.judge, self.name.as_str());
        let mut reports: Vec<GameReport> = match &self.pool {
            None => batch
                .iter()
                .map(|(i, c)| judge_one(judge, name, *i, c))
                .collect(),
            Some(pool) => pool.install(|| {
                batch
                    .par_iter()
                    .map(|(i, c)| judge_one(judge, name, *i, c))
                    .collect()
            }),
        };
        for r in &mut reports {
            self.reporter.game(r)?;
        }
        if let Some((last, _)) = batch.last() {
            self.index = *last;
        }
        if let Some(split) = &mut self.split {
            // A game too large to hold goes to neither output (it is reported).
            for ((_, chunk), r) in batch.iter().zip(&reports) {
                if let Ok(c) = chunk {
                    split.game(&c.bytes, Verdict::of(r), Some(r.plies))?;
                }
            }
        }
        self.reporter.summary.bytes += bytes as u64;
        self.read = self.read.saturating_add(bytes as u64);
        self.progress();
        Ok(())
    }

    /// Moves the progress bar on (once per block or batch).
    fn progress(&self) {
        self.progress
            .update(&self.name, self.reporter.summary.games);
    }
}

/// Reads every input, handing `emit` (which returns `false` to stop reading) the
/// blocks of each file, or batches of games from standard input. Memory is bounded
/// by the blocks in flight and the largest game.
///
/// `result_ratio` is what the reports of the blocks so far weighed per byte
/// ([`blocks::sized_for_results`] sizes the next block by it).
fn read_inputs(
    inputs: &[Input],
    progress: &Progress,
    result_ratio: &Cell<Option<f64>>,
    mut emit: impl FnMut(Msg<'_>) -> bool,
) {
    for (i, input) in inputs.iter().enumerate() {
        let fail = |e: io::Error| Msg::Failed(i, e);
        let reader = match progress.open(inputs, i) {
            Ok(r) => r,
            Err(e) => {
                // One input that cannot be read never stops the others.
                if !emit(fail(e)) {
                    return;
                }
                continue;
            }
        };
        if !emit(Msg::File(i)) {
            return;
        }
        // Book tables and PGN alike: the splitter cuts both into game units,
        // and the judge decides how each is written.
        if input.streams() {
            // Standard input and pipes cannot be read again from where a block
            // was cut inside a game: they go through the streaming reader.
            if !read_batches(reader, &mut emit, &fail) {
                return;
            }
            continue;
        }
        let (size, max) = blocks::block_sizes();
        let mut blocks = BlockReader::new(reader, size, max);
        loop {
            blocks.set_size(blocks::sized_for_results(size, result_ratio.get()));
            let Some(block) = blocks.next() else {
                break;
            };
            let block = match block {
                Ok(b) => b,
                Err(e) => {
                    if !emit(fail(e)) {
                        return;
                    }
                    break;
                }
            };
            if !emit(Msg::Block(&block)) {
                return;
            }
            // Its buffer back to the reader: the next block is read into it, with
            // no allocation and nothing zeroed.
            blocks.reuse(block.bytes);
        }
    }
}

/// Splits one input with the streaming reader into batches of games; whether to
/// go on (after a read error, reported, with the next input).
fn read_batches(
    reader: impl io::Read,
    emit: &mut impl FnMut(Msg<'static>) -> bool,
    fail: &impl Fn(io::Error) -> Msg<'static>,
) -> bool {
    match batches(GameReader::new(reader), 0, |(batch, bytes)| {
        emit(Msg::Batch(batch, bytes))
    }) {
        Ok(go_on) => go_on,
        Err(e) => emit(fail(e)),
    }
}

fn judge_one(
    judge: &Judge,
    name: &str,
    index: u64,
    chunk: &Result<GameChunk, GameReadError>,
) -> GameReport {
    match chunk {
        Ok(c) => judge.game(name, index, c),
        Err(e) => too_large(name, index, e),
    }
}
