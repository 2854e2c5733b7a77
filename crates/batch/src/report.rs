//! What a run reports per game and in total, in human and JSON form.
//!
//! The JSON shapes are documented in `docs/JSON.md`; keep the two in step.

use std::fmt::Write as _;

use serde::Serialize;

use scoresheet_board::dedup::GameKey;
use scoresheet_notation::{Diagnostic, Kind, LineIndex, Severity, Span};

/// One problem of a game, located in its file.
#[derive(Debug, Clone, Serialize)]
pub struct Problem {
    /// 1-based line in the file.
    pub line: u64,
    /// 1-based column (characters) in the line.
    pub column: u64,
    /// 1-based main-line ply the problem belongs to, if any.
    pub ply: Option<u32>,
    /// The text the problem points at (the move, for move problems).
    #[serde(rename = "move")]
    pub text: String,
    /// Stable kebab-case kind (`illegal-move`, `ambiguous-move`, ...).
    pub kind: &'static str,
    /// What is wrong.
    pub message: String,
    /// Candidate readings of an ambiguous move: `Nbd2 (Nb1-d2)`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<String>,
    /// For a misprinted move with no legal reading, the legal moves spelled closest
    /// to it, closest first: `Rhe1 (Rh1-e1)`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// For a `duplicate`, the earlier game it repeats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicate_of: Option<GameRef>,
    /// For an error whose cause is an earlier misprinted move (one that still
    /// read as a legal move), that move and what it most likely stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misprint: Option<MisprintAt>,
    /// Byte offset in the input (after decompression) where what the problem
    /// points at starts (not in the JSON report, whose place is `line` and
    /// `column`).
    #[serde(skip)]
    pub start: u64,
    /// Byte offset in the input just past what the problem points at.
    #[serde(skip)]
    pub end: u64,
}

/// The earlier printed move an error is blamed on.
#[derive(Debug, Clone, Serialize)]
pub struct MisprintAt {
    /// 1-based line in the file.
    pub line: u64,
    /// 1-based column (characters) in the line.
    pub column: u64,
    /// Its 1-based main-line ply.
    pub ply: u32,
    /// The move as printed.
    #[serde(rename = "move")]
    pub text: String,
    /// What it most likely was: `replaced` (printed as another move),
    /// `doubled` (printed twice), `missing` (a move left out before it, which
    /// the suggestions name).
    pub change: &'static str,
    /// The legal moves it most likely stands for, best first.
    pub suggestions: Vec<String>,
    /// `likely misprinted at 12...Nf5: did you mean Nf3 (Ng1-f3)?`.
    #[serde(skip)]
    pub note: String,
}

/// A game of the run: its input and its 1-based index there.
#[derive(Debug, Clone, Serialize)]
pub struct GameRef {
    /// The input as named on the command line.
    pub file: String,
    /// 1-based index of the game in its input.
    pub game: u64,
}

/// One game's verdict.
#[derive(Debug, Clone, Serialize)]
pub struct GameReport {
    /// What the JSON object is: `"game"`.
    #[serde(rename = "type")]
    pub object: &'static str,
    /// The input the game came from.
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Where the game starts in its input (after decompression).
    #[serde(flatten)]
    pub at: At,
    /// The notation of the main line (`san`, `lan`, `uci`, `descriptive`,
    /// `mixed`); `None` without a move, or when the game was not read.
    pub notation: Option<&'static str>,
    /// The tag pairs, in order (JSON output only: empty otherwise).
    #[serde(serialize_with = "tags_object")]
    pub tags: Vec<(String, String)>,
    /// No error (warnings allowed unless `--strict`).
    pub valid: bool,
    /// Main-line plies replayed.
    pub plies: u64,
    /// The position after the last ply replayed.
    pub fen: String,
    /// The first error, when the game is invalid.
    pub errors: Vec<Problem>,
    /// Warnings: relaxed notation, wrong check marks, move-number and result mismatches.
    pub warnings: Vec<Problem>,
    /// Notes: the choices made in reading the game that are not wrong (a book's
    /// tie-breaks, commentary kept as comments, a FEN completed).
    pub notes: Vec<Problem>,
    /// With `--dedup`, a valid game's duplicate key and where the game starts.
    #[serde(skip)]
    pub key: Option<(GameKey, Origin)>,
    /// With `--eco`, the game's opening named by position (`Some(None)`: none
    /// named); without it, left out of the JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening: Option<Option<OpeningName>>,
}

/// An opening's code and full name, in the JSON report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OpeningName {
    /// The ECO code (`B12`).
    pub eco: &'static str,
    /// The full name (`Caro-Kann Defense: Advance Variation`).
    pub name: &'static str,
}

/// Tag lists longer than this find repeated names with a hash set rather
/// than by looking back (which is quadratic).
const FEW_TAGS: usize = 24;

impl GameReport {
    /// The tag pairs as the reports show them, in order: the first of a
    /// repeated name only (the one the judge reads).
    pub fn shown_tags(&self) -> impl Iterator<Item = &(String, String)> + '_ {
        let mut seen = (self.tags.len() > FEW_TAGS)
            .then(|| std::collections::HashSet::with_capacity(self.tags.len()));
        self.tags
            .iter()
            .enumerate()
            .filter(move |(i, (name, _))| match &mut seen {
                Some(seen) => seen.insert(name.as_str()),
                None => !self.tags[..*i].iter().any(|(t, _)| t == name),
            })
            .map(|(_, pair)| pair)
    }
}

/// What a run that collects its reports ([`validate_each`]) hands over for
/// each game: its report, or, for a game valid with nothing to report, the
/// few facts its report is made of, borrowed from the run's buffers (no
/// report built: most games of a database are such games).
///
/// [`validate_each`]: crate::validate_each
#[derive(Debug)]
// Nearly every item handed over is one or the other: boxing the report
// would cost an allocation for nothing.
#[allow(clippy::large_enum_variant)]
pub enum Collected<'a> {
    /// A game's report.
    Report(GameReport),
    /// A game valid with nothing to report.
    Clean(CleanReport<'a>),
}

impl Collected<'_> {
    /// The game's report: the one handed over, or the one a clean game's
    /// facts make ([`CleanReport::to_report`]).
    #[must_use]
    pub fn into_report(self) -> GameReport {
        match self {
            Collected::Report(g) => g,
            Collected::Clean(c) => c.to_report(),
        }
    }
}

/// A game valid with no error, warning or note, read by the quick lane
/// (plain SAN, when it has moves), as a run that collects reports hands it
/// over: what its [`GameReport`] would hold, borrowed. Its tag names are
/// plain ASCII, none repeated (the quick lane reads no game that repeats
/// one); its values are bytes as written (read as `String::from_utf8_lossy`
/// reads them, as the report's are).
#[derive(Debug, Clone, Copy)]
pub struct CleanReport<'a> {
    /// The input the game came from, as the reports show it.
    pub file: &'a str,
    /// 1-based index of the game in its file.
    pub game: u64,
    /// Where the game starts in its input.
    pub at: At,
    /// Main-line plies replayed.
    pub plies: u64,
    /// The position after the last ply.
    pub fen: &'a str,
    /// The bytes the tag ranges are in.
    pub(crate) bytes: &'a [u8],
    /// Each tag pair as written: the ranges of its name and value in `bytes`.
    pub(crate) tags: &'a [[std::ops::Range<usize>; 2]],
}

impl<'a> CleanReport<'a> {
    /// The notation of the main line: `san`, or `None` without a move.
    #[must_use]
    pub fn notation(&self) -> Option<&'static str> {
        (self.plies > 0).then_some("san")
    }

    /// The tag pairs as written, in order, repeated names included (as
    /// [`GameReport::tags`] holds them).
    pub fn tags(&self) -> impl Iterator<Item = (&'a [u8], &'a [u8])> + 'a {
        let bytes = self.bytes;
        self.tags.iter().map(move |[name, value]| {
            (
                bytes.get(name.clone()).unwrap_or_default(),
                bytes.get(value.clone()).unwrap_or_default(),
            )
        })
    }

    /// The tag pairs as the reports show them ([`GameReport::shown_tags`]):
    /// all of them, as no name is repeated.
    pub fn shown_tags(&self) -> impl Iterator<Item = (&'a [u8], &'a [u8])> + 'a {
        let (bytes, shown) = self.shown_tag_spans();
        shown.map(move |[n, v]| {
            (
                bytes.get(n).unwrap_or_default(),
                bytes.get(v).unwrap_or_default(),
            )
        })
    }

    /// The tags' names and values as written, one after another, and the
    /// shown tags ([`CleanReport::shown_tags`]) as the ranges of their names
    /// and values in those bytes: what a collector copies the tags of a game
    /// with at once.
    ///
    /// ```
    /// use scoresheet_batch::{Collected, Input, ReportFormat, ValidateOptions};
    /// // A file: its blocks go through the quick lane, whose games come as facts.
    /// let path = std::env::temp_dir().join(format!("shown-tag-spans-{}.pgn", std::process::id()));
    /// std::fs::write(&path, "[Event \"Club\"]\n[Site \"Here\"]\n\n1. e4 e5 *\n")?;
    /// let inputs = vec![Input::Path(path.clone())];
    /// let mut shown = Vec::new();
    /// let mut each = |g: Collected<'_>, _: &[u8]| {
    ///     if let Collected::Clean(c) = g {
    ///         let (bytes, tags) = c.shown_tag_spans();
    ///         for [n, v] in tags {
    ///             shown.push((bytes[n].to_vec(), bytes[v].to_vec()));
    ///         }
    ///     }
    ///     Ok(())
    /// };
    /// let (mut out, mut err) = (Vec::new(), Vec::new());
    /// // Every report asked for, as JSON: clean games come as their facts.
    /// let options = ValidateOptions { format: ReportFormat::Json, ..ValidateOptions::default() };
    /// scoresheet_batch::validate_each(&options, &inputs, &mut each, &mut out, &mut err)?;
    /// std::fs::remove_file(&path)?;
    /// assert_eq!(shown, [(b"Event".to_vec(), b"Club".to_vec()), (b"Site".to_vec(), b"Here".to_vec())]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shown_tag_spans(
        &self,
    ) -> (
        &'a [u8],
        impl ExactSizeIterator<Item = [std::ops::Range<usize>; 2]> + 'a,
    ) {
        // A game's tags are recorded one after another.
        let start = self.tags.first().map_or(0, |[n, _]| n.start);
        let end = self.tags.last().map_or(start, |[_, v]| v.end);
        let bytes = self.bytes.get(start..end).unwrap_or_default();
        // Every tag is shown: the quick lane reads no game that repeats a
        // tag name.
        let at = move |r: &std::ops::Range<usize>| {
            r.start.saturating_sub(start)..r.end.saturating_sub(start)
        };
        let shown = self.tags.iter().map(move |[n, v]| [at(n), at(v)]);
        (bytes, shown)
    }

    /// The game's report, as a run that does not collect makes it.
    ///
    /// ```
    /// use scoresheet_batch::{Collected, Input, ValidateOptions};
    /// let text = b"[Event \"Club\"]\n\n1. e4 e5 *\n".to_vec();
    /// let inputs = vec![Input::reader("g.pgn", Box::new(std::io::Cursor::new(text)))];
    /// let mut reports = Vec::new();
    /// let mut each = |g: Collected<'_>, _: &[u8]| {
    ///     reports.push(g.into_report());
    ///     Ok(())
    /// };
    /// let (mut out, mut err) = (Vec::new(), Vec::new());
    /// scoresheet_batch::validate_each(&ValidateOptions::default(), &inputs, &mut each, &mut out, &mut err)?;
    /// assert_eq!(reports[0].tags, [("Event".to_owned(), "Club".to_owned())]);
    /// assert_eq!(reports[0].notation, Some("san"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_report(&self) -> GameReport {
        GameReport {
            object: "game",
            file: self.file.to_owned(),
            game: self.game,
            at: self.at,
            notation: self.notation(),
            tags: self
                .tags()
                .map(|(n, v)| {
                    (
                        String::from_utf8_lossy(n).into_owned(),
                        String::from_utf8_lossy(v).into_owned(),
                    )
                })
                .collect(),
            valid: true,
            plies: self.plies,
            fen: self.fen.to_owned(),
            errors: Vec::new(),
            warnings: Vec::new(),
            notes: Vec::new(),
            key: None,
            opening: None,
        }
    }
}

/// Where a game's text is in its input.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct At {
    /// 1-based line of its first byte.
    pub line: u64,
    /// 1-based column (characters) of its first byte.
    pub column: u64,
    /// Byte offset of its first byte.
    pub offset: u64,
    /// Its length in bytes, through the line end of its last line that is not
    /// blank (what `--valid-out` and `--invalid-out` write).
    pub length: u64,
}

/// Tag pairs as one JSON object, in their order (the first of a repeated name:
/// the one the judge reads).
fn tags_object<S: serde::Serializer>(tags: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    let mut seen = std::collections::HashSet::with_capacity(tags.len());
    for (name, value) in tags {
        if seen.insert(name.as_str()) {
            map.serialize_entry(name, value)?;
        }
    }
    map.end()
}

/// Where a game's text sits in its file, to turn game-relative spans into `line:column`.
#[derive(Debug, Clone, Copy)]
pub struct Origin {
    /// 1-based line of the game's first byte.
    pub line: u64,
    /// 1-based column of the game's first byte.
    pub column: u64,
    /// Byte offset of the game's first byte in its input.
    pub offset: u64,
}

/// Converts a game-relative diagnostic into a located problem. `written` gives
/// the span of each ply's move, so a problem about a check mark still names its move;
/// `failed` is the whole move that could not be played (in a variation too), named
/// by the problems inside it.
pub fn problem(
    d: &Diagnostic,
    text: &[u8],
    written: &[Span],
    failed: Option<Span>,
    index: &LineIndex<'_>,
    origin: Origin,
) -> Problem {
    let locate = |offset: usize| {
        let at = index.line_col(offset);
        let line = origin.line + at.line as u64 - 1;
        let column = if at.line == 1 {
            origin.column + at.column as u64 - 1
        } else {
            at.column as u64
        };
        (line, column)
    };
    let (line, column) = locate(d.span.start());
    let misprint = d.misprint.as_ref().map(|m| {
        let (line, column) = locate(m.span.start());
        let raw = m.span.slice(text);
        MisprintAt {
            line,
            column,
            ply: m.ply,
            change: m.change,
            text: scoresheet_notation::text::decode(&raw[..raw.len().min(80)]).into_owned(),
            suggestions: m.suggestions.clone(),
            note: m.note(),
        }
    });
    // A repair names the printed move it read otherwise or left out (a move
    // printed twice has no ply of its own: its ply is the next move's).
    let subject = d
        .ply
        .filter(|_| d.kind != Kind::Repaired)
        .and_then(|p| written.get((p as usize).checked_sub(1)?))
        .copied()
        .or_else(|| failed.filter(|f| f.start() <= d.span.start() && d.span.end() <= f.end()))
        .unwrap_or(d.span);
    let raw = subject.slice(text);
    let mut shown = scoresheet_notation::text::decode(&raw[..raw.len().min(80)]).into_owned();
    if raw.len() > 80 {
        shown.push('…');
    }
    Problem {
        line,
        column,
        ply: d.ply,
        text: shown,
        kind: d.kind.name(),
        message: d.message.clone(),
        candidates: d.candidates.clone(),
        suggestions: d.suggestions.clone(),
        duplicate_of: None,
        misprint,
        start: origin.offset + d.span.start() as u64,
        end: origin.offset + d.span.end() as u64,
    }
}

/// A game's located problems: the first error, the warnings and the notes.
pub type Found = (Vec<Problem>, Vec<Problem>, Vec<Problem>);

/// Splits diagnostics into the first error, the warnings and the notes, located.
pub fn problems(
    diags: &[Diagnostic],
    text: &[u8],
    written: &[Span],
    failed: Option<Span>,
    origin: Origin,
) -> Found {
    if diags.is_empty() {
        return Found::default();
    }
    // Only the lines up to the last place located are indexed (a problem in
    // the tags, such as a wrong opening tag, needs a few lines, not the
    // game's): the byte after it too, so that a `\r` before it is read as
    // the line end it is or is not, as in the whole text.
    let last = diags
        .iter()
        .flat_map(|d| {
            core::iter::once(d.span.start()).chain(d.misprint.as_ref().map(|m| m.span.start()))
        })
        .max()
        .unwrap_or_default();
    let indexed = text.get(..last.saturating_add(2)).unwrap_or(text);
    problems_indexed(
        diags,
        text,
        written,
        failed,
        &LineIndex::new(indexed),
        origin,
    )
}

/// [`problems`] with the line index of `text` made once by the caller (many games of
/// one text, such as a book's tables, share it: linear, not quadratic).
pub fn problems_indexed(
    diags: &[Diagnostic],
    text: &[u8],
    written: &[Span],
    failed: Option<Span>,
    index: &LineIndex<'_>,
    origin: Origin,
) -> Found {
    // Every error: the first board error ends the replay, so there is at
    // most one, but the spelling problems `--strict` and `--deny` make errors
    // and the parser's errors are all listed, so one run shows them all.
    let of = |severity: Severity| {
        diags
            .iter()
            .filter(|d| d.severity == severity)
            .map(|d| problem(d, text, written, failed, index, origin))
            .collect()
    };
    (
        of(Severity::Error),
        of(Severity::Warning),
        of(Severity::Note),
    )
}

/// `file:line:column: error[kind]: game N, ply P (move): message; candidates: ...`
pub fn human_line(file: &str, game: u64, severity: &str, p: &Problem) -> String {
    human_line_styled(file, game, severity, p, false)
}

/// [`human_line`], with the location in bold and the severity and kind in
/// colour (ANSI SGR) when `color`.
pub fn human_line_styled(
    file: &str,
    game: u64,
    severity: &str,
    p: &Problem,
    color: bool,
) -> String {
    let at = printable(&format!("{file}:{}:{}:", p.line, p.column));
    let tag = format!("{severity}[{}]", p.kind);
    let message = human_message(game, p);
    let mut out = if color {
        let sgr = match severity {
            "error" => "1;31",
            "warning" => "1;33",
            _ => "1;36",
        };
        format!("\x1b[1m{at}\x1b[0m \x1b[{sgr}m{tag}\x1b[0m: {message}")
    } else {
        format!("{at} {tag}: {message}")
    };
    // The misprint an error is blamed on: a second line, at the misprint.
    if let Some(m) = &p.misprint {
        let at = printable(&format!("{file}:{}:{}:", m.line, m.column));
        let note = printable(&m.note);
        if color {
            let _ = write!(out, "\n\x1b[1m{at}\x1b[0m \x1b[1;36mnote\x1b[0m: {note}");
        } else {
            let _ = write!(out, "\n{at} note: {note}");
        }
    }
    out
}

/// A problem as the human line says it after its location and kind: `game N,
/// ply P (move): message; candidates: ...` (control characters made spaces).
pub fn human_message(game: u64, p: &Problem) -> String {
    let mut s = format!("game {game}");
    if let Some(ply) = p.ply {
        let _ = write!(s, ", ply {ply}");
    }
    if !p.text.is_empty() {
        let _ = write!(s, " ({})", p.text);
    }
    let _ = write!(s, ": {}", p.message);
    if !p.candidates.is_empty() {
        let _ = write!(s, "; candidates: {}", p.candidates.join(", "));
    }
    if !p.suggestions.is_empty() {
        let _ = write!(s, "; did you mean: {}", p.suggestions.join(", "));
    }
    printable(&s)
}

/// Text from the input (moves, tag values, file names) as it may reach a
/// terminal: every control character a space, so none can drive it.
pub fn printable(s: &str) -> String {
    s.replace(char::is_control, " ")
}

/// Totals of a run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    /// Inputs read.
    pub files: u64,
    /// Games read.
    pub games: u64,
    /// Games without error.
    pub valid: u64,
    /// Games with an error.
    pub invalid: u64,
    /// Warnings over all games.
    pub warnings: u64,
    /// Main-line plies replayed.
    pub plies: u64,
    /// Bytes of game text read (after decompression).
    pub bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Inputs that could not be opened or read to their end (each reported on
    /// standard error); left out when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub unread: u64,
    /// What directory walks skipped, by why; left out when nothing was.
    #[serde(skip_serializing_if = "crate::Skipped::is_empty")]
    pub skipped: crate::Skipped,
    /// Errors by kind.
    pub errors_by_kind: Counts,
    /// Warnings by kind.
    pub warnings_by_kind: Counts,
    /// Games reported as `duplicate` (with `--dedup`); left out when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub duplicates: u64,
}

/// Problems counted by kind; shown most frequent first (then by name).
#[derive(Debug, Clone, Default)]
pub struct Counts {
    /// Each kind met and its count, in the order met (a few dozen at most).
    counts: Vec<(&'static str, u64)>,
    /// The entry counted last: a file's warnings are mostly of a few kinds.
    last: usize,
}

impl Counts {
    fn add(&mut self, problems: &[Problem]) {
        for p in problems {
            self.count(p.kind);
        }
    }

    /// Counts one problem of kind `kind`.
    pub fn count(&mut self, kind: &'static str) {
        let hit = |k: &&'static str| std::ptr::eq(*k, kind) || *k == kind;
        let i = match self.counts.get(self.last) {
            Some((k, _)) if hit(k) => self.last,
            _ => match self.counts.iter().position(|(k, _)| hit(k)) {
                Some(i) => i,
                None => {
                    self.counts.push((kind, 0));
                    self.counts.len() - 1
                }
            },
        };
        if let Some((_, n)) = self.counts.get_mut(i) {
            *n += 1;
        }
        self.last = i;
    }

    /// The kinds and their counts, most frequent first.
    fn sorted(&self) -> Vec<(&'static str, u64)> {
        let mut v = self.counts.clone();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        v
    }

    /// `175400 missing-capture-mark, 4020 missing-check-mark`, or `None` when empty.
    fn human(&self) -> Option<String> {
        (!self.counts.is_empty()).then(|| {
            self.sorted()
                .iter()
                .map(|(k, n)| format!("{n} {k}"))
                .collect::<Vec<_>>()
                .join(", ")
        })
    }
}

impl Serialize for Counts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.counts.len()))?;
        for (k, n) in self.sorted() {
            map.serialize_entry(k, &n)?;
        }
        map.end()
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Summary {
    /// Adds one game's verdict.
    pub fn add(&mut self, g: &GameReport) {
        self.games += 1;
        if g.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.warnings += g.warnings.len() as u64;
        self.plies += g.plies;
        if g.errors.first().is_some_and(|e| e.duplicate_of.is_some()) {
            self.duplicates += 1;
        }
        if !(g.errors.is_empty() && g.warnings.is_empty()) {
            self.errors_by_kind.add(&g.errors);
            self.warnings_by_kind.add(&g.warnings);
        }
    }

    /// The human lines of the counts by kind (`errors: 3 illegal-move, ...`,
    /// then `warnings: ...`), each only when there is one.
    pub fn human_kinds(&self) -> Vec<String> {
        human_kinds(&self.errors_by_kind, &self.warnings_by_kind)
    }

    /// Adds `games` games valid without a warning, of `plies` plies in all.
    pub fn add_clean(&mut self, games: u64, plies: u64) {
        self.games += games;
        self.valid += games;
        self.plies += plies;
    }

    /// The human summary line; timing is left out when `timing` is false (golden tests).
    pub fn human(&self, timing: bool) -> String {
        let duplicates = if self.duplicates > 0 {
            format!(
                " ({} {})",
                self.duplicates,
                plural(self.duplicates, "duplicate", "duplicates")
            )
        } else {
            String::new()
        };
        let mut s = format!(
            "{} {}, {} {}: {} valid, {} invalid{duplicates}, {} {}, {} plies",
            self.files,
            plural(self.files, "file", "files"),
            self.games,
            plural(self.games, "game", "games"),
            self.valid,
            self.invalid,
            self.warnings,
            plural(self.warnings, "warning", "warnings"),
            self.plies
        );
        if self.unread > 0 {
            let _ = write!(
                s,
                ", {} {} not read",
                self.unread,
                plural(self.unread, "input", "inputs")
            );
        }
        if !self.skipped.is_empty() {
            let _ = write!(
                s,
                ", {} skipped ({})",
                self.skipped.total(),
                self.skipped.reasons()
            );
        }
        if timing {
            s.push_str(&throughput(self.bytes, self.seconds));
        }
        s
    }
}

/// The human lines of counts by kind (`errors: 3 illegal-move, ...`, then
/// `warnings: ...`), each only when there is one.
fn human_kinds(errors: &Counts, warnings: &Counts) -> Vec<String> {
    [("errors", errors), ("warnings", warnings)]
        .into_iter()
        .filter_map(|(what, counts)| Some(format!("{what}: {}", counts.human()?)))
        .collect()
}

/// The end of a human summary line: `; 12.3 MB in 2.00 s (6.2 MB/s)`, in
/// decimal units (1 MB is 10^6 bytes), as the progress bar counts.
pub fn throughput(bytes: u64, seconds: f64) -> String {
    let mb = bytes as f64 / 1e6;
    let size = if bytes < 1_000_000 {
        format!("{:.1} kB", bytes as f64 / 1e3)
    } else {
        format!("{mb:.1} MB")
    };
    let rate = if seconds > 0.0 { mb / seconds } else { 0.0 };
    format!("; {size} in {seconds:.2} s ({rate:.1} MB/s)")
}

/// Totals of a `convert` run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ConvertSummary {
    /// Inputs read.
    pub files: u64,
    /// Games read.
    pub games: u64,
    /// Games converted and written.
    pub written: u64,
    /// Games that could not be converted (each reported with its error).
    pub refused: u64,
    /// Games converted but not selected (`--tag`, `--min-plies`...), so not
    /// written; left out when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub unselected: u64,
    /// Warnings over all games.
    pub warnings: u64,
    /// Bytes of game text read (after decompression).
    pub bytes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Inputs that could not be opened or read to their end; left out when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub unread: u64,
    /// What directory walks skipped, by why; left out when nothing was.
    #[serde(skip_serializing_if = "crate::Skipped::is_empty")]
    pub skipped: crate::Skipped,
    /// The refused games' errors by kind.
    pub errors_by_kind: Counts,
    /// Warnings by kind.
    pub warnings_by_kind: Counts,
}

impl ConvertSummary {
    /// Adds one game's problems (`error`, `warning` or `note`, in order): the
    /// game is refused when it has an error; every error's kind is counted,
    /// as `validate` counts them.
    pub fn add(&mut self, problems: &[(&'static str, Problem)]) {
        self.games += 1;
        let mut refused = false;
        for (severity, p) in problems {
            match *severity {
                "error" => {
                    refused = true;
                    self.errors_by_kind.count(p.kind);
                }
                "warning" => {
                    self.warnings += 1;
                    self.warnings_by_kind.count(p.kind);
                }
                _ => {}
            }
        }
        if refused {
            self.refused += 1;
        } else {
            self.written += 1;
        }
    }

    /// Adds `games` games written without a problem.
    pub fn add_clean(&mut self, games: u64) {
        self.games += games;
        self.written += games;
    }

    /// The human lines of the counts by kind, each only when there is one.
    pub fn human_kinds(&self) -> Vec<String> {
        human_kinds(&self.errors_by_kind, &self.warnings_by_kind)
    }

    /// The human summary line; timing is left out when `timing` is false (golden tests).
    pub fn human(&self, timing: bool) -> String {
        let mut s = format!(
            "{} {}, {} {}: {} written, {} refused, {} {}",
            self.files,
            plural(self.files, "file", "files"),
            self.games,
            plural(self.games, "game", "games"),
            self.written,
            self.refused,
            self.warnings,
            plural(self.warnings, "warning", "warnings"),
        );
        if self.unselected > 0 {
            let _ = write!(s, ", {} not selected", self.unselected);
        }
        if self.unread > 0 {
            let _ = write!(
                s,
                ", {} {} not read",
                self.unread,
                plural(self.unread, "input", "inputs")
            );
        }
        if !self.skipped.is_empty() {
            let _ = write!(
                s,
                ", {} skipped ({})",
                self.skipped.total(),
                self.skipped.reasons()
            );
        }
        if timing {
            s.push_str(&throughput(self.bytes, self.seconds));
        }
        s
    }
}

/// A problem of a game as `convert --format json` writes it on standard
/// error: `{"type":"problem","file":...,"game":N,"severity":"error",...}`, then
/// the fields of the problem object of `validate`'s report.
#[derive(Debug, Serialize)]
pub struct ProblemLine<'a> {
    /// What the JSON object is: `"problem"`.
    #[serde(rename = "type")]
    pub object: &'static str,
    /// The input, as named on the command line.
    pub file: &'a str,
    /// 1-based index of the game in its input.
    pub game: u64,
    /// `error`, `warning` or `note`.
    pub severity: &'static str,
    /// The problem, its fields inline.
    #[serde(flatten)]
    pub problem: &'a Problem,
}

/// An input that could not be opened or read to its end, as `convert --format
/// json` says it: `{"type":"unread","file":...,"message":...,"games":N}`.
#[derive(Debug, Serialize)]
pub struct UnreadLine<'a> {
    /// What the JSON object is: `"unread"`.
    #[serde(rename = "type")]
    pub object: &'static str,
    /// The input, as named on the command line.
    pub file: &'a str,
    /// Why it could not be read.
    pub message: &'a str,
    /// The games read (and converted or refused) before.
    pub games: u64,
}

/// The last JSON line of a report: `{"type":"summary","summary":{...}}`.
#[derive(Debug, Serialize)]
pub struct SummaryLine<'a, S> {
    /// What the JSON object is: `"summary"`.
    #[serde(rename = "type")]
    pub object: &'static str,
    /// The summary ([`Summary`] or [`ConvertSummary`]).
    pub summary: &'a S,
}

fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests;
