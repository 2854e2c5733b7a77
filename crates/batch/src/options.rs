//! What a frontend asks of a run: plain option structs, filled in one place by
//! each frontend (the binary from its command line, Python from its keyword
//! arguments), with the defaults of the command line.

use std::io::Write as _;
use std::path::PathBuf;

use scoresheet_board::dedup::DedupBy;
use scoresheet_board::{EpStyle, Position};
use scoresheet_convert::Notation;
use scoresheet_convert::descriptive::KnightLetter;
use scoresheet_notation::kinds::KindSet;
use scoresheet_notation::lang::Language;

/// How `validate` writes its reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReportFormat {
    /// One line per problem in the style of compiler diagnostics, then a summary.
    #[default]
    Human,
    /// One JSON object per game (JSON Lines), then `{"summary": {...}}`
    /// (docs/JSON.md).
    Json,
    /// GitHub Actions workflow commands, then the summary line.
    Github,
    /// One SARIF 2.1.0 log, for code-scanning services.
    Sarif,
}

/// When human output is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColorChoice {
    /// When standard output is a terminal, unless `NO_COLOR` is set to a
    /// non-empty value.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The options of a `validate` run ([`crate::validate`]).
///
/// ```
/// use scoresheet_batch::{ReportFormat, ValidateOptions};
/// let options = ValidateOptions {
///     format: ReportFormat::Json,
///     strict: true,
///     ..ValidateOptions::default()
/// };
/// assert_eq!(options.jobs, None);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ValidateOptions {
    /// Worker threads (`None`: all cores; see [`jobs`]).
    pub jobs: Option<usize>,
    /// Warnings are errors.
    pub strict: bool,
    /// Misprints in book tables read as their one clearly best suggestion.
    pub repair: bool,
    /// How the reports are written.
    pub format: ReportFormat,
    /// Only the summary.
    pub quiet: bool,
    /// JSON reports of the invalid games only (every game is still counted
    /// in the summary): what a caller that looks only for problems reads.
    pub invalid_only: bool,
    /// Whether human output is coloured.
    pub color: ColorChoice,
    /// Human output shows notes too (JSON always has them).
    pub notes: bool,
    /// Human output shows only errors.
    pub errors_only: bool,
    /// Kinds whose warnings and notes are errors.
    pub deny: KindSet,
    /// Every warning is an error (`--deny warnings`, as [`Self::strict`]).
    pub deny_warnings: bool,
    /// Kinds whose warnings and notes are dropped.
    pub allow: KindSet,
    /// Where the text of each valid game goes, exactly as read.
    pub valid_out: Option<PathBuf>,
    /// Where the text of each invalid game goes, exactly as read (with
    /// `dedup`, the duplicates too, unless `duplicates_out` is given).
    pub invalid_out: Option<PathBuf>,
    /// With `dedup`, where the text of each duplicate goes.
    pub duplicates_out: Option<PathBuf>,
    /// En passant style of the FENs in the JSON report.
    pub ep: EpStyle,
    /// The language of the piece letters (`None`: told per game).
    pub lang: Option<Language>,
    /// The start of every game without a FEN of its own.
    pub fen: Option<Position>,
    /// Games that repeat an earlier game of the run are `duplicate` errors.
    pub dedup: Option<DedupBy>,
    /// What the directory walks that found the inputs skipped
    /// ([`crate::inputs_walked`]): the summary says it.
    pub skipped: crate::Skipped,
    /// Tag values with one clear reading are `tag-fixed` notes, not warnings,
    /// and the split outputs (`valid_out`, ...) get them in the standard's
    /// form, `PlyCount` recomputed, the roster completed.
    pub fix_tags: bool,
    /// Each game's opening named by position (the JSON report's `opening`),
    /// its `ECO`, `Opening` and `Variation` tags checked against it
    /// (`wrong-opening-tag` warnings).
    pub eco: bool,
}

/// The notation `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Target {
    /// Strict PGN export format.
    #[default]
    Pgn,
    /// SAN movetext, one game per line.
    San,
    /// Long algebraic notation.
    Lan,
    /// UCI notation.
    Uci,
    /// One FEN per ply.
    Fen,
    /// English (or Spanish) descriptive notation.
    Descriptive,
}

/// How `convert` reports the problems of the games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProblemFormat {
    /// One line per problem in the style of compiler diagnostics, then the summary.
    #[default]
    Human,
    /// One JSON object per problem (JSON Lines), then the summary object.
    Json,
}

/// The options of a `convert` run ([`crate::convert`]).
///
/// ```
/// use scoresheet_batch::{ConvertOptions, Target};
/// let options = ConvertOptions {
///     to: Target::Uci,
///     ..ConvertOptions::default()
/// };
/// assert!(options.output.is_none());
/// ```
#[derive(Debug, Clone, Default)]
pub struct ConvertOptions {
    /// Worker threads (`None`: all cores; see [`jobs`]); the games are written
    /// in input order whatever their number.
    pub jobs: Option<usize>,
    /// The notation written.
    pub to: Target,
    /// The only notation read (`None`: any).
    pub from: Option<Notation>,
    /// Relaxed notation and descriptive tie-breaks are errors.
    pub strict: bool,
    /// Report notes too.
    pub notes: bool,
    /// Write the board's result where the written one contradicts it.
    pub fix_results: bool,
    /// Write tag values with one clear reading in the standard's form,
    /// `PlyCount` recomputed, the roster completed (`tag-fixed` notes).
    pub fix_tags: bool,
    /// SAN, LAN and UCI as one line a game without tags (by default each game
    /// is written with its tags, as PGN whose movetext is in that notation).
    pub moves_only: bool,
    /// Write the `ECO`, `Opening` and `Variation` tags of each game from its
    /// opening, named by position with lichess's table (`--eco`).
    pub eco: bool,
    /// `NAME=PATTERN` tests selecting the games written (`--tag`).
    pub tag: Vec<String>,
    /// A file of `--tag` tests, one a line.
    pub tag_file: Option<PathBuf>,
    /// Only games with one of these results are written (`1-0`, `0-1`,
    /// `1/2-1/2`, `*`).
    pub result: Vec<String>,
    /// Only games whose `ECO` tag lies in this range (`A00-B99`) are written
    /// (with [`Self::eco`], the code named by position).
    pub eco_range: Option<String>,
    /// Only games whose players are rated at least this are written.
    pub min_elo: Option<u32>,
    /// Only games whose players are rated at most this are written.
    pub max_elo: Option<u32>,
    /// Whether `min_elo` and `max_elo` hold for one player at least instead
    /// of both.
    pub elo_either: bool,
    /// Only games whose main line reaches this position are written.
    pub position: Option<Position>,
    /// Only games of at least this many plies are written.
    pub min_plies: Option<usize>,
    /// Only games of at most this many plies are written.
    pub max_plies: Option<usize>,
    /// Comments left out.
    pub no_comments: bool,
    /// Variations left out.
    pub no_variations: bool,
    /// NAGs and glyphs left out.
    pub no_nags: bool,
    /// The standard's reduced export format.
    pub reduced: bool,
    /// Misprints in book tables read as their one clearly best suggestion.
    pub repair: bool,
    /// The file written instead of the output given (under a temporary name,
    /// renamed once complete).
    pub output: Option<PathBuf>,
    /// How problems and the summary are written.
    pub format: ProblemFormat,
    /// No summary, and only the errors of games that cannot be converted.
    pub quiet: bool,
    /// Descriptive output spaced (`Kt - K B 3`).
    pub spaced: bool,
    /// Descriptive output's knight letter.
    pub knight: KnightLetter,
    /// The piece letters written (`None`: English).
    pub lang: Option<Language>,
    /// The piece letters read (`None`: told per game).
    pub read_lang: Option<Language>,
    /// The start of every game without a FEN of its own.
    pub fen: Option<Position>,
    /// What the directory walks that found the inputs skipped
    /// ([`crate::inputs_walked`]): the summary says it.
    pub skipped: crate::Skipped,
}

/// The worker threads for `jobs`: all cores when not given, at least 1, and
/// at most 4 per core (more only cost memory and switching; a note on
/// standard error says so).
pub fn jobs(requested: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let cap = cores.saturating_mul(4);
    match requested {
        None => cores,
        Some(n) if n > cap => {
            // A closed standard error is no reason to stop (eprintln! would panic).
            let _ = writeln!(
                std::io::stderr(),
                "scoresheet: note: --jobs {n} is more than 4 per core: using {cap}"
            );
            cap
        }
        Some(n) => n.max(1),
    }
}
