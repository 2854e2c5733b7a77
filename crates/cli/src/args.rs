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
///
/// Inputs: PGN files (`.pgn`), bare move lists, descriptive book tables
/// (`1 P-K4 P-K4`), each plain or compressed with gzip (`.gz`), bzip2 (`.bz2`)
/// or zstd (`.zst`) (told by their first bytes, not their names), directories
/// (searched recursively for such files), and `-` for standard input.
///
/// Exit codes: 0 when every game is valid, 1 when some game is invalid or
/// cannot be converted, 2 on a usage error or an input that cannot be read.
#[derive(Debug, Parser)]
#[command(name = "scoresheet", version, about, long_about)]
#[command(propagate_version = true, arg_required_else_help = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check that every move of every game is legal and report what is wrong and where.
    ///
    /// Each game is reported as valid, or invalid with its errors
    /// (file:line:column, game number, ply, the move, the reason, the
    /// candidates for an ambiguous move), in the order they stand in the
    /// text; the first illegal move ends a game's replay. Warnings are listed
    /// too; `scoresheet explain KIND` explains each kind.
    ///
    /// Inputs: PGN files (`.pgn`), bare move lists, descriptive book tables,
    /// each plain or compressed with gzip, bzip2 or zstd (told by their first
    /// bytes), directories (searched recursively), `-` for standard input.
    ///
    /// Exit codes: 0 when every game is valid, 1 when some game is invalid, 2
    /// on a usage error or an input that cannot be read.
    Validate(ValidateArgs),
    /// Replay games and print the board after each move.
    ///
    /// The board is printed after each of Black's moves (`--every-ply`: after
    /// every move), headed by the moves just played; `--fens` prints one FEN
    /// per move instead. Inputs as for `validate`.
    ///
    /// Exit codes: 0 when every game replays, 1 when some game stops at an
    /// error, 2 on a usage error or an input that cannot be read.
    Play(PlayArgs),
    /// Check a FEN and describe the position: diagram, side to move, castling, status, legal moves.
    ///
    /// Exit codes: 0 for a legal position, 1 for a FEN that cannot be read or
    /// a position that cannot arise, 2 on a usage error.
    Fen(FenArgs),
    /// Count the positions reached after N moves from a FEN (a test of the move generator).
    Perft(PerftArgs),
    /// Write games in another notation: strict PGN, SAN, LAN, UCI, one FEN per move, or descriptive.
    ///
    /// The converted games go to standard output (or `--output`), the
    /// problems and a summary to standard error. A game with an illegal move
    /// is not written. Inputs as for `validate`.
    ///
    /// Exit codes: 0 when every game is converted, 1 when some game cannot be
    /// converted, 2 on a usage error or an input that cannot be read.
    Convert(ConvertArgs),
    /// Open a workbench in the browser: the text beside its board, every problem where it
    /// is written, fixes a click away, exports (docs/SERVE.md).
    Serve(ServeArgs),
    /// Explain a kind of problem: what it means, an example, how to fix it, how to allow it.
    ///
    /// `scoresheet explain illegal-move`; `scoresheet explain --list-kinds`
    /// lists every kind with its severity.
    Explain(ExplainArgs),
    /// The most probable legal game behind an uncertain transcription (OCR,
    /// handwriting, a language model): JSON with each ply's candidate readings
    /// and their probabilities, or plain movetext (docs/DECODE.md); prints JSON.
    Decode(DecodeArgs),
    /// Serve the Language Server Protocol on standard input and output, for editors.
    ///
    /// Every game of an open `*.pgn` or book table is judged as `validate`
    /// judges it; see docs/EDITORS.md. Exit code: 0 after `shutdown` and
    /// `exit`, 1 otherwise.
    Lsp(LspArgs),
}

/// Arguments of `lsp`.
#[derive(Debug, Clone, clap::Args)]
pub struct LspArgs {
    /// Talk over standard input and output (the only transport; accepted
    /// because some clients pass it).
    #[arg(long)]
    pub stdio: bool,
}

/// Arguments of `explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainArgs {
    /// The kind, as reports name it (`missing-check-mark`).
    #[arg(required_unless_present = "list_kinds", value_parser = any_kind)]
    pub kind: Option<Kind>,
    /// List every kind: its name, its severity and what it means.
    #[arg(long, conflicts_with = "kind")]
    pub list_kinds: bool,
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

/// How directories named on the command line are walked (`validate`,
/// `convert`, `play`): like ripgrep, hidden and ignored files are skipped.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct WalkArgs {
    /// In directories, also read hidden files and directories (names starting with `.`).
    #[arg(long)]
    pub hidden: bool,
    /// In directories, also read what `.gitignore` (in a Git repository), `.ignore`
    /// and `.git/info/exclude` name.
    #[arg(long)]
    pub no_ignore: bool,
    /// In directories, read the files this gitignore-style glob matches (`*.txt`,
    /// `2024/**`) whatever their name ends with, or with `!` leave out what it
    /// matches (`!old/**`); repeatable, the last match wins, globs win over ignore
    /// files.
    #[arg(short, long = "glob", value_name = "GLOB")]
    pub globs: Vec<String>,
}

impl WalkArgs {
    /// The batch library's walk.
    pub fn walk(&self) -> scoresheet_batch::Walk {
        scoresheet_batch::Walk {
            hidden: self.hidden,
            no_ignore: self.no_ignore,
            globs: self.globs.clone(),
        }
    }
}

/// Arguments of `validate`.
#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// PGN files, move lists or book tables (plain, `.gz`, `.bz2`, `.zst`), directories
    /// (searched recursively), or `-` for standard input.
    #[arg(default_value = "-")]
    pub paths: Vec<PathBuf>,
    /// How directories are walked.
    #[command(flatten)]
    pub walk: WalkArgs,
    /// Number of worker threads, at least 1 (default: all cores).
    #[arg(short, long, value_parser = positive_jobs)]
    pub jobs: Option<usize>,
    /// Treat warnings (relaxed notation, wrong check marks, move-number and result mismatches) as errors.
    #[arg(long)]
    pub strict: bool,
    /// In book tables, read a misprinted move as its one clearly best suggestion when the
    /// rest of the game resolves with it, with a `repaired` warning (refused with --strict).
    #[arg(long)]
    pub repair: bool,
    /// Output format.
    #[arg(long, value_parser = AnyCase::<Format>::new(), default_value = "human")]
    pub format: Format,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Print only the summary (human format) or only the summary object (JSON).
    #[arg(short, long, visible_alias = "summary-only")]
    pub quiet: bool,
    /// Colour human output: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`.
    #[arg(long, value_parser = AnyCase::<ColorArg>::new(), value_name = "WHEN", default_value = "auto")]
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
    /// Write the text of each invalid game, exactly as read, to FILE (with
    /// --dedup, the duplicates too, unless --duplicates-out is given).
    #[arg(long, value_name = "FILE")]
    pub invalid_out: Option<PathBuf>,
    /// With --dedup, write the text of each duplicate game (invalid in the
    /// report) to FILE instead of with the invalid games.
    #[arg(long, value_name = "FILE", requires = "dedup")]
    pub duplicates_out: Option<PathBuf>,
    /// En passant style of the FENs in the JSON report.
    #[arg(long, value_parser = AnyCase::<EpArg>::new(), default_value = "always")]
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
        value_parser = AnyCase::<DedupArg>::new(),
        value_name = "WHAT",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "moves"
    )]
    pub dedup: Option<DedupArg>,
    /// Tag values with one clear reading are `tag-fixed` notes instead of warnings, and
    /// --valid-out, --invalid-out and --duplicates-out write them in the standard's form
    /// (`PlyCount` recomputed for a valid game, the roster's missing tags added).
    #[arg(long)]
    pub fix_tags: bool,
    /// Name each game's opening by position with lichess's open table (the deepest named
    /// position of the first 40 plies, transpositions included; JSON: `opening`) and warn
    /// where its ECO, Opening or Variation tag says otherwise (`wrong-opening-tag`).
    #[arg(long)]
    pub eco: bool,
}

/// A `--position`: a FEN, or its first four fields.
fn position_fen(fen: &str) -> Result<scoresheet_board::Position, String> {
    let fields = fen.split_ascii_whitespace().count();
    let full = if fields == 4 {
        format!("{} 0 1", fen.trim())
    } else {
        fen.to_owned()
    };
    start_fen(&full)
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

/// The usage error of an unknown kind: the nearest names, or where the list is.
fn unknown_kind(name: &str, names: &[&str]) -> String {
    let near = nearest(name, names.iter().copied());
    if near.is_empty() {
        format!("unknown kind {name:?}: `scoresheet explain --list-kinds` lists them")
    } else {
        format!(
            "unknown kind {name:?}: did you mean {}? (`scoresheet explain --list-kinds` lists them)",
            quoted_or(&near)
        )
    }
}

/// `a`, `a or b`, `a, b or c`, each in backquotes.
fn quoted_or(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(|n| format!("`{n}`")).collect();
            format!("{} or `{last}`", rest.join(", "))
        }
    }
}

/// A kind named on the command line (`explain`).
fn any_kind(name: &str) -> Result<Kind, String> {
    Kind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        unknown_kind(name, &names)
    })
}

/// A `--deny` kind: any kind, or `warnings`.
fn deny_kind(name: &str) -> Result<&'static str, String> {
    if name == "warnings" {
        return Ok("warnings");
    }
    Kind::from_name(name).map(Kind::name).ok_or_else(|| {
        let names: Vec<&str> = std::iter::once("warnings")
            .chain(Kind::ALL.iter().map(|k| k.name()))
            .collect();
        unknown_kind(name, &names)
    })
}

/// An `--allow` kind: a kind that can be a warning or a note.
fn allow_kind(name: &str) -> Result<&'static str, String> {
    match Kind::from_name(name) {
        Some(k) if k.severity() != Severity::Error => Ok(k.name()),
        Some(k) => Err(format!(
            "{} is always an error: only warnings and notes can be allowed",
            k.name(),
        )),
        None => {
            let names: Vec<&str> = Kind::ALL
                .iter()
                .filter(|k| k.severity() != Severity::Error)
                .map(|k| k.name())
                .collect();
            Err(unknown_kind(name, &names))
        }
    }
}

/// The names closest to a mistyped `word`, closest first: those within a few
/// edits (a third of the word's length, at least one), else those that hold
/// the word (`check` finds the check-mark kinds). At most five.
pub fn nearest<'a>(word: &str, names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let word = word.to_ascii_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    let mut close: Vec<(usize, &str)> = Vec::new();
    let mut holding: Vec<&str> = Vec::new();
    for name in names {
        let d = edit_distance(&word, name);
        if d <= limit {
            close.push((d, name));
        } else if word.len() >= 3 && name.contains(word.as_str()) {
            holding.push(name);
        }
    }
    close.sort_by_key(|&(d, _)| d);
    let mut out: Vec<&str> = close.into_iter().map(|(_, n)| n).collect();
    if out.is_empty() {
        out = holding;
    }
    out.truncate(5);
    out
}

/// The number of single-character insertions, deletions, substitutions and
/// swaps of neighbours that turn `a` into `b` (optimal string alignment).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows: two back for a swap, one back, and the one being filled.
    let mut two_back = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(two_back[j - 2] + 1);
            }
            row[j] = d;
        }
        std::mem::swap(&mut two_back, &mut prev);
        std::mem::swap(&mut prev, &mut row);
    }
    prev[b.len()]
}

/// The value parser of every option that takes one of a fixed set of words:
/// any case (`--to SAN`), and a "did you mean" for a near miss; the help and
/// the shell completions list the words as `value_enum` would.
#[derive(Debug)]
pub struct AnyCase<E>(std::marker::PhantomData<E>);

impl<E> AnyCase<E> {
    /// The parser.
    #[must_use]
    pub fn new() -> Self {
        Self(std::marker::PhantomData)
    }
}

impl<E> Clone for AnyCase<E> {
    fn clone(&self) -> Self {
        Self::new()
    }
}

impl<E> Default for AnyCase<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E: ValueEnum + Clone + Send + Sync + 'static> clap::builder::TypedValueParser for AnyCase<E> {
    type Value = E;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<E, clap::Error> {
        let text = value.to_string_lossy();
        if let Ok(v) = E::from_str(text.trim(), true) {
            return Ok(v);
        }
        let names: Vec<String> = E::value_variants()
            .iter()
            .filter_map(ValueEnum::to_possible_value)
            .map(|p| p.get_name().to_owned())
            .collect();
        let near = nearest(&text, names.iter().map(String::as_str));
        let option = arg.map_or_else(
            || "the value".to_owned(),
            |a| {
                a.get_long()
                    .map_or_else(|| a.get_id().to_string(), |l| format!("--{l}"))
            },
        );
        let tip = if near.is_empty() {
            String::new()
        } else {
            format!(": did you mean {}?", quoted_or(&near))
        };
        let message = format!(
            "invalid value {text:?} for {option}{tip} (the values are {})\n",
            names.join(", ")
        );
        Err(clap::Error::raw(clap::error::ErrorKind::InvalidValue, message).with_cmd(cmd))
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(
            E::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}

/// A `--jobs` count: a positive number of threads.
fn positive_jobs(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => {
            Err("0 threads cannot work: give at least 1 (leave --jobs out for all cores)".into())
        }
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{text:?} is not a number of threads")),
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
    /// PGN files, move lists or book tables (plain, `.gz`, `.bz2`, `.zst`), directories
    /// (searched recursively), or `-` for standard input.
    #[arg(default_value = "-")]
    pub paths: Vec<PathBuf>,
    /// How directories are walked.
    #[command(flatten)]
    pub walk: WalkArgs,
    /// Print the board after every move, not only after Black's moves.
    #[arg(long)]
    pub every_ply: bool,
    /// Print one FEN after each move instead of boards.
    #[arg(long)]
    pub fens: bool,
    /// Start every game that has no FEN of its own (a book game, a bare move list, PGN
    /// without a FEN tag) from this position (`startpos` for the standard one).
    #[arg(long, visible_alias = "start-fen", value_name = "FEN", value_parser = start_fen)]
    pub fen: Option<scoresheet_board::Position>,
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
    /// Also write a board diagram as SVG into this directory for every ply
    /// (`game1-ply000.svg` is the start, `game1-ply001.svg` after the first move).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// With --svg, one diagram per problem instead (`game1-problem1.svg`): the
    /// position where the game stops, the last move played marked.
    #[arg(long, requires = "svg")]
    pub svg_problems: bool,
}

/// Arguments of `fen`.
#[derive(Debug, clap::Args)]
pub struct FenArgs {
    /// The FEN, quoted (`startpos` for the initial position).
    pub fen: String,
    /// Draw the pieces with Unicode figurines.
    #[arg(long)]
    pub unicode: bool,
    /// Also write the position as an SVG diagram to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// Arguments of `serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Files to open in the page (the only files it reads, and the only ones it
    /// saves back to).
    pub paths: Vec<PathBuf>,
    /// The port to listen on (default: one the system chooses).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// The address to listen on; anything but loopback lets other machines
    /// reach the page (with the token), and is warned about.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// Print the address without opening a browser.
    #[arg(long)]
    pub no_open: bool,
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
    /// PGN files, move lists or book tables (plain, `.gz`, `.bz2`, `.zst`), directories
    /// (searched recursively), or `-` for standard input.
    #[arg(default_value = "-")]
    pub paths: Vec<PathBuf>,
    /// How directories are walked.
    #[command(flatten)]
    pub walk: WalkArgs,
    /// Output notation (in any case: `san`, `SAN`).
    #[arg(long, value_parser = AnyCase::<ToArg>::new())]
    pub to: ToArg,
    /// Number of worker threads, at least 1 (default: all cores); the games are
    /// written in input order whatever the number.
    #[arg(short, long, value_parser = positive_jobs)]
    pub jobs: Option<usize>,
    /// Input notation.
    #[arg(long, value_parser = AnyCase::<FromArg>::new(), default_value = "auto")]
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
    /// Write tag values in the PGN standard's form where they have one clear reading
    /// (`2025-02-24` as `2025.02.24`, `Sun Jul 09 2023` as `2023.07.09`, an Elo that is
    /// not a number emptied), `PlyCount` recomputed and the seven-tag roster completed,
    /// each change a `tag-fixed` note; values with no clear reading are left and warned.
    #[arg(long)]
    pub fix_tags: bool,
    /// With --to san, lan or uci: one line a game, the moves and the result, without the
    /// tags (a game from another position keeps its SetUp and FEN lines).
    #[arg(long)]
    pub moves_only: bool,
    /// Write each game's ECO, Opening and Variation tags from its opening, named by
    /// position with lichess's open table (the deepest named position of the first 40
    /// plies, transpositions included); a game from another start, or whose positions
    /// are all unnamed, keeps its tags.
    #[arg(long)]
    pub eco: bool,
    /// Write only the games whose tag NAME matches PATTERN (`*` any run of characters,
    /// `?` one, letters without case; a missing tag reads as empty). Repeatable: tests on
    /// one name are alternatives, tests on different names must all hold. `Result` is
    /// the result written. The other games are converted and reported, not written.
    #[arg(long, value_name = "NAME=PATTERN")]
    pub tag: Vec<String>,
    /// Write only the games with this result (1-0, 0-1, 1/2-1/2 or *); repeatable, any of them.
    #[arg(long, value_name = "RESULT")]
    pub result: Vec<String>,
    /// Write only the games whose ECO tag lies in this range (`A00-B99`, or one code `C42`);
    /// with --eco, the code named by the game's positions.
    #[arg(long, value_name = "FIRST-LAST")]
    pub eco_range: Option<String>,
    /// Write only the games whose players (both, or one with --elo-either) are rated at
    /// least N (WhiteElo, BlackElo; a missing rating is outside every range).
    #[arg(long, value_name = "N")]
    pub min_elo: Option<u32>,
    /// Write only the games whose players (both, or one with --elo-either) are rated at most N.
    #[arg(long, value_name = "N")]
    pub max_elo: Option<u32>,
    /// --min-elo and --max-elo hold for one player at least, not both.
    #[arg(long)]
    pub elo_either: bool,
    /// Write only the games whose main line reaches this position (a FEN, or its first four
    /// fields: placement, side to move, castling, en passant), the start included.
    #[arg(long, value_name = "FEN", value_parser = position_fen)]
    pub position: Option<scoresheet_board::Position>,
    /// Read `--tag` tests from FILE, one NAME=PATTERN a line (blank lines and lines
    /// starting with # skipped).
    #[arg(long, value_name = "FILE")]
    pub tag_file: Option<PathBuf>,
    /// Leave the comments out of the output.
    #[arg(long)]
    pub no_comments: bool,
    /// Leave the variations out of the output.
    #[arg(long)]
    pub no_variations: bool,
    /// Leave NAGs and the moves' !/? glyphs out of the output.
    #[arg(long)]
    pub no_nags: bool,
    /// The PGN standard's reduced export format: the seven-tag roster (with FEN and
    /// SetUp for a game from another position) and the moves, without comments,
    /// variations or NAGs.
    #[arg(long)]
    pub reduced: bool,
    /// Write only the games whose main line has at least N plies.
    #[arg(long, value_name = "N")]
    pub min_plies: Option<usize>,
    /// Write only the games whose main line has at most N plies.
    #[arg(long, value_name = "N")]
    pub max_plies: Option<usize>,
    /// In book tables, read a misprinted move as its one clearly best suggestion when the
    /// rest of the game resolves with it, with a `repaired` warning (refused with --strict).
    #[arg(long)]
    pub repair: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// How problems and the summary are written on standard error.
    #[arg(long, value_parser = AnyCase::<ConvertFormat>::new(), default_value = "human")]
    pub format: ConvertFormat,
    /// No summary and no progress bar, and of the problems only the errors of
    /// the games that cannot be converted (and inputs that cannot be read).
    #[arg(short, long)]
    pub quiet: bool,
    /// Never draw a progress bar, even on a terminal.
    #[arg(long)]
    pub no_progress: bool,
    /// Descriptive output layout.
    #[arg(long, value_parser = AnyCase::<StyleArg>::new(), default_value = "compact")]
    pub style: StyleArg,
    /// Descriptive output knight letter.
    #[arg(long, value_parser = AnyCase::<KnightArg>::new(), default_value = "n")]
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
            invalid_only: false,
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
            duplicates_out: self.duplicates_out.clone(),
            ep: match self.ep {
                EpArg::Always => EpStyle::Always,
                EpArg::Legal => EpStyle::Legal,
            },
            lang: self.lang,
            fen: self.fen.clone(),
            dedup: self.dedup.map(Into::into),
            // Known once the paths are walked.
            skipped: scoresheet_batch::Skipped::default(),
            fix_tags: self.fix_tags,
            eco: self.eco,
        }
    }
}

impl ConvertArgs {
    /// The options of the batch library's `convert` run.
    pub fn options(&self) -> ConvertOptions {
        ConvertOptions {
            jobs: self.jobs,
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
            fix_tags: self.fix_tags,
            eco: self.eco,
            moves_only: self.moves_only,
            tag: self.tag.clone(),
            tag_file: self.tag_file.clone(),
            result: self.result.clone(),
            eco_range: self.eco_range.clone(),
            min_elo: self.min_elo,
            max_elo: self.max_elo,
            elo_either: self.elo_either,
            position: self.position.clone(),
            min_plies: self.min_plies,
            max_plies: self.max_plies,
            no_comments: self.no_comments,
            no_variations: self.no_variations,
            no_nags: self.no_nags,
            reduced: self.reduced,
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
            // Known once the paths are walked.
            skipped: scoresheet_batch::Skipped::default(),
        }
    }
}
