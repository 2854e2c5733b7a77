//! Command-line arguments. They become library configuration in one place:
//! the `options` conversions at the bottom of this file.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use scoresheet_notation::Kind;
use scoresheet_notation::Severity;
use scoresheet_notation::kinds::KindSet;
use scoresheet_notation::lang::{Language, codes};

use scoresheet_batch::{
    ColorChoice, ConvertOptions, ProblemFormat, ReportFormat, Target, ValidateOptions,
};
use scoresheet_board::EpStyle;
use scoresheet_convert::Notation;
use scoresheet_convert::descriptive::KnightLetter;

/// Read chess game records in any notation, replay them legally, say precisely
/// what is wrong and where, and write them back in the notation you ask for.
#[derive(Debug, Parser)]
#[command(name = "scoresheet", version, about, long_about = None)]
#[command(propagate_version = true, arg_required_else_help = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every game of PGN files legally and report every invalid game.
    ///
    /// Each game is reported as valid, or invalid with its first error
    /// (file:line:column, game number, ply, the move, the reason, the
    /// candidates for an ambiguous move). Warnings are listed too. Exit code:
    /// 0 when every game is valid, 1 when some game is invalid, 2 on a usage
    /// or I/O error.
    Validate(ValidateArgs),
    /// Play games out, printing the board after each of Black's moves (Algorithm G).
    Play(PlayArgs),
    /// Check a FEN and describe the position: diagram, side to move, castling, status, legal moves.
    Fen(FenArgs),
    /// Count the leaf nodes of the legal move tree (move generator test).
    Perft(PerftArgs),
    /// Convert games to strict PGN, SAN, LAN, UCI, FEN per ply, or English descriptive notation.
    Convert(ConvertArgs),
    /// The most probable legal game behind an uncertain transcription (OCR,
    /// handwriting, a language model): JSON with each ply's candidate readings
    /// and their probabilities, or plain movetext (docs/DECODE.md); prints JSON.
    Decode(DecodeArgs),
}

/// Arguments of `decode`.
#[derive(Debug, clap::Args)]
pub struct DecodeArgs {
    /// The transcription: JSON (`{"fen": ..., "plies": [[{"text": "Nf3", "p": 0.8}, ...], ...]}`)
    /// or plain movetext, or `-` for standard input.
    #[arg(default_value = "-")]
    pub path: PathBuf,
    /// The start position, when the input gives none (`startpos` for the initial position).
    #[arg(long)]
    pub fen: Option<String>,
}

/// Output format of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per problem in the style of compiler diagnostics, then a summary.
    Human,
    /// One JSON object per game (JSON Lines), then `{"summary": {...}}`.
    Json,
    /// GitHub Actions workflow commands (`::error file=F,line=L,col=C,title=KIND::...`),
    /// then the summary line.
    Github,
    /// One SARIF 2.1.0 log, for code-scanning services.
    Sarif,
}

/// When human output is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// On a terminal, unless `NO_COLOR` is set to a non-empty value.
    Auto,
    /// Always, even into a pipe or a file.
    Always,
    /// Never.
    Never,
}

/// How the en passant field of reported FENs is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EpArg {
    /// After every double pawn push (the FEN standard).
    Always,
    /// Only when an en passant capture is legal (the convention of some tools).
    Legal,
}

/// Arguments of `validate`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// PGN files (`.pgn`, `.pgn.zst`), directories (searched recursively), or `-` for standard input.
    #[arg(default_value = "-")]
    pub paths: Vec<PathBuf>,
    /// Number of worker threads (default: all cores).
    #[arg(short, long)]
    pub jobs: Option<usize>,
    /// Treat warnings (relaxed notation, wrong check marks, move-number and result mismatches) as errors.
    #[arg(long)]
    pub strict: bool,
    /// In book tables, read a misprinted move as its one clearly best suggestion when the
    /// rest of the game resolves with it, with a `repaired` warning (refused with --strict).
    #[arg(long)]
    pub repair: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Print only the summary (human format) or only the summary object (JSON).
    #[arg(short, long, visible_alias = "summary-only")]
    pub quiet: bool,
    /// Colour human output: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    /// Human output also shows notes: the choices made in reading a game that are
    /// not wrong (a book's tie-breaks, commentary kept). JSON always has them.
    #[arg(short = 'v', long)]
    pub notes: bool,
    /// Human output shows only errors (the summary still counts everything).
    #[arg(long)]
    pub errors_only: bool,
    /// Make the warnings and notes of this kind errors (repeatable); `warnings`
    /// makes every warning an error, as --strict does.
    #[arg(long, value_name = "KIND", value_parser = deny_kind)]
    pub deny: Vec<&'static str>,
    /// Drop the warnings and notes of this kind (repeatable); a kind that is
    /// always an error cannot be allowed.
    #[arg(long, value_name = "KIND", value_parser = allow_kind)]
    pub allow: Vec<&'static str>,
    /// Write the text of each valid game, exactly as read, to FILE (in input
    /// order, one blank line between games; written through a temporary file).
    #[arg(long, value_name = "FILE")]
    pub valid_out: Option<PathBuf>,
    /// Write the text of each invalid game, exactly as read, to FILE.
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
    /// En passant style of the FENs in the JSON report.
    #[arg(long, value_enum, default_value_t = EpArg::Always)]
    pub ep: EpArg,
    /// Never draw a progress bar, even on a terminal.
    #[arg(long)]
    pub no_progress: bool,
    /// Read piece letters in this language (en, de, fr, es, it, pt, nl, sv,
    /// da, no, cs, sk, pl, hu, fi, ru; es also reads Spanish descriptive
    /// notation, P4R C3AR); by default each game's language is told from its
    /// letters.
    #[arg(long, value_name = "CODE", value_parser = language)]
    pub lang: Option<Language>,
    /// Start every game that has no FEN of its own (a book game, a bare move list, PGN
    /// without a FEN tag) from this position (`startpos` for the standard one).
    #[arg(long, visible_alias = "start-fen", value_name = "FEN", value_parser = start_fen)]
    pub fen: Option<scoresheet_board::Position>,
    /// Report each valid game that repeats an earlier game of the run as a
    /// `duplicate` error: the same start position and main-line moves
    /// (`--dedup=tags`: and the same Event, Site, Date, Round, White, Black
    /// and Result tags).
    #[arg(
        long,
        value_enum,
        value_name = "WHAT",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "moves"
    )]
    pub dedup: Option<DedupArg>,
}

/// A `--fen` start position: the FEN's own error when it is not one.
fn start_fen(fen: &str) -> Result<scoresheet_board::Position, String> {
    if fen.trim() == "startpos" {
        return Ok(scoresheet_board::Position::new());
    }
    scoresheet_board::Position::from_fen(fen).map_err(|e| format!("invalid FEN: {e}"))
}

impl ValidateArgs {
    /// The output format: `--format`, or JSON with `--json`.
    pub fn format(&self) -> Format {
        if self.json { Format::Json } else { self.format }
    }

    /// The kinds of `--deny` and `--allow` as sets, and whether `--deny
    /// warnings` was given.
    fn grading(&self) -> (KindSet, KindSet, bool) {
        let mut deny = KindSet::default();
        let mut allow = KindSet::default();
        let mut warnings = false;
        for k in &self.deny {
            if *k == "warnings" {
                warnings = true;
            } else {
                deny.insert(k);
            }
        }
        for k in &self.allow {
            allow.insert(k);
        }
        (deny, allow, warnings)
    }
}

/// Every kind's name, for the usage error of an unknown one.
fn kind_names(of: impl Fn(&Kind) -> bool) -> String {
    let mut names: Vec<&str> = Kind::ALL
        .iter()
        .filter(|k| of(k))
        .map(|k| k.name())
        .collect();
    names.sort_unstable();
    names.join(", ")
}

/// A `--deny` kind: any kind, or `warnings`.
fn deny_kind(name: &str) -> Result<&'static str, String> {
    if name == "warnings" {
        return Ok("warnings");
    }
    Kind::from_name(name).map(Kind::name).ok_or_else(|| {
        format!(
            "unknown kind {name:?}: the kinds are warnings, {}",
            kind_names(|_| true)
        )
    })
}

/// An `--allow` kind: a kind that can be a warning or a note.
fn allow_kind(name: &str) -> Result<&'static str, String> {
    match Kind::from_name(name) {
        Some(k) if k.severity() != Severity::Error => Ok(k.name()),
        Some(k) => Err(format!(
            "{} is always an error: only warnings and notes can be allowed ({})",
            k.name(),
            kind_names(|k| k.severity() != Severity::Error)
        )),
        None => Err(format!(
            "unknown kind {name:?}: the kinds that can be allowed are {}",
            kind_names(|k| k.severity() != Severity::Error)
        )),
    }
}

/// What `--dedup` compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DedupArg {
    /// The start position and the main line's moves.
    Moves,
    /// Those and the seven roster tags (Event, Site, Date, Round, White, Black, Result).
    Tags,
}

impl From<DedupArg> for scoresheet_board::dedup::DedupBy {
    fn from(a: DedupArg) -> Self {
        match a {
            DedupArg::Moves => Self::Moves,
            DedupArg::Tags => Self::Tags,
        }
    }
}

/// A `--lang` code.
fn language(code: &str) -> Result<Language, String> {
    Language::from_code(code)
        .ok_or_else(|| format!("unknown language code {code:?}: the codes are {}", codes()))
}

/// Arguments of `play`.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// A PGN file, a bare move list, a descriptive book table, or `-` for standard input.
    #[arg(default_value = "-")]
    pub path: PathBuf,
    /// Print the board after every ply, not only after Black's moves.
    #[arg(long)]
    pub every_ply: bool,
    /// Print one FEN per ply instead of diagrams.
    #[arg(long)]
    pub fen: bool,
    /// Start a game that has no FEN of its own (a book game, a bare move list, PGN
    /// without a FEN tag) from this position (`startpos` for the standard one); `--fen`
    /// is taken by the per-ply FEN output here.
    #[arg(long = "start-fen", value_name = "FEN", value_parser = start_fen)]
    pub start: Option<scoresheet_board::Position>,
    /// Draw the pieces with Unicode figurines.
    #[arg(long)]
    pub unicode: bool,
    /// Treat warnings as errors.
    #[arg(long)]
    pub strict: bool,
    /// Also show notes: the choices made in reading the game that are not wrong
    /// (a book's tie-breaks, commentary kept).
    #[arg(short = 'v', long)]
    pub notes: bool,
    /// In book tables, read a misprinted move as its one clearly best suggestion when the
    /// rest of the game resolves with it, with a `repaired` warning (refused with --strict).
    #[arg(long)]
    pub repair: bool,
}

/// Arguments of `fen`.
#[derive(Debug, clap::Args)]
pub struct FenArgs {
    /// The FEN, quoted (`startpos` for the initial position).
    pub fen: String,
    /// Draw the pieces with Unicode figurines.
    #[arg(long)]
    pub unicode: bool,
}

/// Arguments of `perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The FEN, quoted (`startpos` for the initial position).
    pub fen: String,
    /// The depth in plies (at most 20: deeper counts would not finish).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    pub depth: u32,
    /// Also print the node count below each legal move.
    #[arg(long)]
    pub divide: bool,
}

/// Output notation of `convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ToArg {
    /// Strict PGN export format (PGN standard, section 8).
    Pgn,
    /// Movetext in standard algebraic notation, one game per line.
    San,
    /// Long algebraic notation (`Ng1-f3`).
    Lan,
    /// UCI notation (`g1f3`).
    Uci,
    /// One FEN per ply, EPD-style, with the move that led there.
    Fen,
    /// English descriptive notation (`N-KB3`).
    Descriptive,
}

/// Input notation of `convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FromArg {
    /// Recognise the notation of each game.
    Auto,
    /// Standard algebraic notation.
    San,
    /// Long algebraic notation.
    Lan,
    /// UCI notation.
    Uci,
    /// English descriptive notation (PGN-like movetext or book tables).
    Descriptive,
}

/// How `convert` reports on standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertFormat {
    /// One line per problem in the style of compiler diagnostics (as `validate`
    /// writes them), then the summary.
    Human,
    /// One JSON object per problem (JSON Lines), then `{"type":"summary",...}`.
    Json,
}

/// Layout of descriptive output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    /// `N-KB3`, `PxP`, `QxQ ch`.
    Compact,
    /// `Kt - K B 3`.
    Spaced,
}

/// Knight letter of descriptive output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KnightArg {
    /// `N` (modern).
    N,
    /// `Kt` (older British books).
    Kt,
}

/// Arguments of `convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// Input files, or `-` for standard input.
    #[arg(default_value = "-")]
    pub paths: Vec<PathBuf>,
    /// Output notation.
    #[arg(long, value_enum)]
    pub to: ToArg,
    /// Input notation.
    #[arg(long, value_enum, default_value_t = FromArg::Auto)]
    pub from: FromArg,
    /// Reject relaxed notation and descriptive tie-breaks instead of reporting them.
    #[arg(long)]
    pub strict: bool,
    /// Also report notes: the choices made in reading a game that are not wrong
    /// (a book's tie-breaks, commentary kept as comments).
    #[arg(short = 'v', long)]
    pub notes: bool,
    /// Where the written result contradicts the board (a mate or stalemate scored
    /// otherwise), write the board's result with a warning instead of refusing the game.
    #[arg(long)]
    pub fix_results: bool,
    /// In book tables, read a misprinted move as its one clearly best suggestion when the
    /// rest of the game resolves with it, with a `repaired` warning (refused with --strict).
    #[arg(long)]
    pub repair: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// How problems and the summary are written on standard error.
    #[arg(long, value_enum, default_value_t = ConvertFormat::Human)]
    pub format: ConvertFormat,
    /// No summary and no progress bar, and of the problems only the errors of
    /// the games that cannot be converted (and inputs that cannot be read).
    #[arg(short, long)]
    pub quiet: bool,
    /// Never draw a progress bar, even on a terminal.
    #[arg(long)]
    pub no_progress: bool,
    /// Descriptive output layout.
    #[arg(long, value_enum, default_value_t = StyleArg::Compact)]
    pub style: StyleArg,
    /// Descriptive output knight letter.
    #[arg(long, value_enum, default_value_t = KnightArg::N)]
    pub knight: KnightArg,
    /// Write SAN and LAN with the piece letters of this language (en, de, fr,
    /// es, it, pt, nl, sv, da, no, cs, sk, pl, hu, fi, ru); strict PGN is
    /// always English SAN. With --to descriptive, `es` writes Spanish
    /// descriptive notation (P4R, C3AR); only en and es are taken there.
    #[arg(long, value_name = "CODE", value_parser = language)]
    pub lang: Option<Language>,
    /// Read piece letters in this language (same codes); by default each
    /// game's language is told from its letters.
    #[arg(long, value_name = "CODE", value_parser = language)]
    pub read_lang: Option<Language>,
    /// Start every game that has no FEN of its own (a book game, a bare move list, PGN
    /// without a FEN tag) from this position (`startpos` for the standard one).
    #[arg(long, visible_alias = "start-fen", value_name = "FEN", value_parser = start_fen)]
    pub fen: Option<scoresheet_board::Position>,
}

// The one place where arguments become library configuration.

impl ValidateArgs {
    /// The options of the batch library's `validate` run.
    pub fn options(&self) -> ValidateOptions {
        let (deny, allow, deny_warnings) = self.grading();
        ValidateOptions {
            jobs: self.jobs,
            strict: self.strict,
            repair: self.repair,
            format: match self.format() {
                Format::Human => ReportFormat::Human,
                Format::Json => ReportFormat::Json,
                Format::Github => ReportFormat::Github,
                Format::Sarif => ReportFormat::Sarif,
            },
            quiet: self.quiet,
            color: match self.color {
                ColorArg::Auto => ColorChoice::Auto,
                ColorArg::Always => ColorChoice::Always,
                ColorArg::Never => ColorChoice::Never,
            },
            notes: self.notes,
            errors_only: self.errors_only,
            deny,
            deny_warnings,
            allow,
            valid_out: self.valid_out.clone(),
            invalid_out: self.invalid_out.clone(),
            ep: match self.ep {
                EpArg::Always => EpStyle::Always,
                EpArg::Legal => EpStyle::Legal,
            },
            lang: self.lang,
            fen: self.fen.clone(),
            dedup: self.dedup.map(Into::into),
        }
    }
}

impl ConvertArgs {
    /// The options of the batch library's `convert` run.
    pub fn options(&self) -> ConvertOptions {
        ConvertOptions {
            to: match self.to {
                ToArg::Pgn => Target::Pgn,
                ToArg::San => Target::San,
                ToArg::Lan => Target::Lan,
                ToArg::Uci => Target::Uci,
                ToArg::Fen => Target::Fen,
                ToArg::Descriptive => Target::Descriptive,
            },
            from: match self.from {
                FromArg::Auto => None,
                FromArg::San => Some(Notation::San),
                FromArg::Lan => Some(Notation::Lan),
                FromArg::Uci => Some(Notation::Uci),
                FromArg::Descriptive => Some(Notation::Descriptive),
            },
            strict: self.strict,
            notes: self.notes,
            fix_results: self.fix_results,
            repair: self.repair,
            output: self.output.clone(),
            format: match self.format {
                ConvertFormat::Human => ProblemFormat::Human,
                ConvertFormat::Json => ProblemFormat::Json,
            },
            quiet: self.quiet,
            spaced: self.style == StyleArg::Spaced,
            knight: match self.knight {
                KnightArg::N => KnightLetter::N,
                KnightArg::Kt => KnightLetter::Kt,
            },
            lang: self.lang,
            read_lang: self.read_lang,
            fen: self.fen.clone(),
        }
    }
}
