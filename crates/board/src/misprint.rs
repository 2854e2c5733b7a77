//! Misprints: which legal move a printed move most likely stands for, and which
//! printed move a game's first error is to be blamed on.
//!
//! People digitise games by hand, by OCR and by asking language models to read
//! scoresheets; all of them misread characters the same ways (`3`/`8`, `5`/`6`,
//! `1`/`7`/`l`, `c`/`e`, `b`/`h`, `0`/`O`, `B`/`8`, `S`/`5`, `g`/`9`). Every
//! legal move is known at every ply, so instead of guessing what the text
//! could mean, each legal move is spelled (SAN, long algebraic, UCI) and its
//! spelling compared with what was printed by an edit distance in which those
//! confusions, and the marks a reader drops or adds (`x`, `-`, `+`, `=`), cost
//! less than any other edit ([`distance`]). The notation of the printed move
//! does not matter: the closest spelling of each move wins.
//!
//! [`blame`] looks back from a game's first error, within [`WINDOW`] plies, for
//! the printed move whose replacement by one of its close suggestions lets the
//! moves after it (up to [`LOOKAHEAD`] plies past the error) be played: a
//! misprint that still reads as a legal move surfaces only plies later. The
//! work is bounded by constants per game, so an invalid game costs linear time
//! and a valid game nothing.
//!
//! ```
//! use scoresheet_board::Position;
//! use scoresheet_board::misprint::suggest;
//! let pos = Position::new();
//! let s = suggest(&pos, b"Nf8", None);
//! assert_eq!(s[0].shown, "Nf3 (Ng1-f3)");
//! ```

use scoresheet_notation::desc::parse_desc_move;
use scoresheet_notation::lang::{Language, Translation, localize, translate};
use scoresheet_notation::{Mode, MoveKind, Span, WrittenMove, parse_move};

use crate::desc::{DescContext, Origins, resolve_desc};
use crate::{Color, Move, Position, resolve};

/// At most this many suggestions are given.
pub const MAX_SUGGESTIONS: usize = 3;

/// How many plies before the first error [`blame`] looks back.
pub const WINDOW: usize = 24;

/// How many plies before the first error [`blame`] looks for a dropped move (a
/// move left out gives the next moves to the wrong side, which fails soon).
const DROP_WINDOW: usize = 4;

/// What a move printed twice costs (the same text as the move before it).
const DOUBLED: u32 = 4;
/// What a move left out costs.
const MISSING: u32 = EDIT;

/// How many plies past the first error a replacement must let be played (or
/// the game end) to be taken as the fix.
pub const LOOKAHEAD: usize = 16;

/// Printed moves longer than this get no suggestions (no move is this long; the
/// work stays bounded on hostile input).
const MAX_PRINTED: usize = 24;

/// One generic edit: a character inserted, deleted or changed.
const EDIT: u32 = 10;
/// One character read as another it looks like.
const CONFUSED: u32 = 3;
/// A mark (`x`, `-`, `+`, `#`, `=`, `:`) dropped or added.
const MARK: u32 = 3;
/// A letter in the wrong case.
const CASE: u32 = 4;
/// Two neighbouring characters swapped.
const SWAP: u32 = 6;
/// A check mark printed on a move that gives no check.
const FALSE_CHECK: u32 = 4;
/// A check mark left out (common, and little evidence).
const MISSING_CHECK: u32 = 1;

/// Suggestions for a move that cannot be played cost at most this.
pub const MAX_COST: u32 = 3 * EDIT;
/// A replacement of an earlier, legal move [`blame`] tries costs at most this
/// (one misread character and a mark): any legal move is some edit away from
/// another, so only the usual misreadings are evidence there.
pub const CLOSE: u32 = CONFUSED + FALSE_CHECK;
/// A second fit within this of the best makes the choice unclear (no repair).
pub const CLEAR_MARGIN: u32 = 3;

/// Pairs of characters that readers (people and OCR) take one for the other.
const CONFUSIONS: &[(u8, u8)] = &[
    (b'3', b'8'),
    (b'5', b'6'),
    (b'1', b'7'),
    (b'1', b'l'),
    (b'7', b'l'),
    (b'1', b'I'),
    (b'l', b'I'),
    (b'c', b'e'),
    (b'b', b'h'),
    (b'b', b'6'),
    (b'0', b'O'),
    (b'0', b'o'),
    (b'o', b'O'),
    (b'B', b'8'),
    (b'S', b'5'),
    (b's', b'5'),
    (b'g', b'9'),
    (b'Z', b'2'),
    (b'z', b'2'),
];

/// Letters a scan of an old newspaper column makes of a digit, beyond
/// [`CONFUSIONS`] (which the edit distance weighs for every notation): the
/// descriptive reader's alone, where a rank stands (`Kt—BG` for `Kt—B6`,
/// `K Ri` for `K R1`). (letter, digit).
pub(crate) const SCAN_DIGITS: &[(char, char)] = &[('G', '6'), ('i', '1'), ('b', '6')];

/// The ranks (`1` to `8`) readers take the letter `c` for ([`CONFUSIONS`]):
/// `l` is read for `1` and `7`, `S` for `5`, `B` for `8`; a letter no rank
/// is confused with (`O` is `0`, no rank) gives none.
pub(crate) fn ranks_misread_as(c: char) -> impl Iterator<Item = char> {
    CONFUSIONS.iter().filter_map(move |&(a, b)| {
        let (digit, letter) = if a.is_ascii_digit() { (a, b) } else { (b, a) };
        (char::from(letter) == c && !letter.is_ascii_digit() && (b'1'..=b'8').contains(&digit))
            .then_some(char::from(digit))
    })
}

/// One suggested move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// The legal move.
    pub mv: Move,
    /// `SAN (LAN)`, as candidates are shown.
    pub shown: String,
    /// How far the printed text is from the move's closest spelling (lower is closer).
    pub cost: u32,
}

/// Which pairs of ASCII characters are [`CONFUSIONS`], both ways: a table, as
/// the edit distance asks for every pair of characters it compares.
const CONFUSED_PAIRS: [[bool; 128]; 128] = {
    let mut t = [[false; 128]; 128];
    let mut i = 0;
    while i < CONFUSIONS.len() {
        let (a, b) = CONFUSIONS[i];
        t[a as usize][b as usize] = true;
        t[b as usize][a as usize] = true;
        i += 1;
    }
    t
};

/// The cost of changing `a` into `b`.
fn change(a: u8, b: u8) -> u32 {
    let confused = CONFUSED_PAIRS
        .get(usize::from(a))
        .and_then(|row| row.get(usize::from(b)))
        .copied()
        .unwrap_or(false);
    if a == b {
        0
    } else if confused {
        CONFUSED
    } else if a.eq_ignore_ascii_case(&b) {
        CASE
    } else {
        EDIT
    }
}

/// The cost of inserting or deleting `c`.
fn indel(c: u8) -> u32 {
    if matches!(c, b'x' | b'-' | b'+' | b'#' | b'=' | b':') {
        MARK
    } else {
        EDIT
    }
}

/// The weighted edit distance from `printed` to `spelling`: the usual
/// misreadings and marks cost less than other edits; neighbours swapped count
/// as one edit. Texts over 24 bytes are as far as anything.
///
/// ```
/// use scoresheet_board::misprint::distance;
/// assert_eq!(distance(b"Nf3", b"Nf3"), 0);
/// assert!(distance(b"Nf8", b"Nf3") < distance(b"Nf4", b"Nf3"));
/// assert!(distance(b"Nxf3", b"Nf3") < distance(b"Nf", b"Nf3"));
/// ```
#[must_use]
pub fn distance(printed: &[u8], spelling: &[u8]) -> u32 {
    const N: usize = MAX_PRINTED + 1;
    if printed.len() > MAX_PRINTED || spelling.len() > MAX_PRINTED {
        return u32::MAX / 2;
    }
    let (n, m) = (printed.len(), spelling.len());
    let mut d = [[0u32; N]; N];
    for i in 1..=n {
        d[i][0] = d[i - 1][0] + indel(printed[i - 1]);
    }
    for j in 1..=m {
        d[0][j] = d[0][j - 1] + indel(spelling[j - 1]);
    }
    for i in 1..=n {
        for j in 1..=m {
            let (a, b) = (printed[i - 1], spelling[j - 1]);
            let mut best = (d[i - 1][j - 1] + change(a, b))
                .min(d[i - 1][j] + indel(a))
                .min(d[i][j - 1] + indel(b));
            if i > 1 && j > 1 && a == spelling[j - 2] && printed[i - 2] == b && a != b {
                best = best.min(d[i - 2][j - 2] + SWAP);
            }
            d[i][j] = best;
        }
    }
    d[n][m]
}

/// The printed text without what says nothing of the move (spaces, `!` and `?`
/// annotations, a trailing `e.p.`), and its check mark: `(text, '+' | '#' | none)`.
fn core_of(printed: &[u8]) -> (&[u8], Option<u8>) {
    let mut t = printed.trim_ascii();
    loop {
        if let Some(rest) = t.strip_suffix(b"e.p.") {
            t = rest.trim_ascii_end();
        } else if let Some((&last, rest)) = t.split_last() {
            if matches!(last, b'!' | b'?') {
                t = rest;
            } else {
                break;
            }
        } else {
            break;
        }
    }
    match t.split_last() {
        Some((&c @ (b'+' | b'#'), rest)) => {
            let rest = rest.strip_suffix(b"+").unwrap_or(rest);
            (rest, Some(c))
        }
        _ => (t, None),
    }
}

/// How far `printed` (its move text `core` and check mark `mark`) is from the
/// legal move `m` of `pos`, over the move's spellings: SAN (also in `lang`'s
/// letters), long algebraic and UCI.
fn cost_of(pos: &Position, m: &Move, core: &[u8], mark: Option<u8>, lang: Option<Language>) -> u32 {
    let (san, len) = pos.san_plain_bytes(m);
    let san = san.get(..usize::from(len)).unwrap_or_default();
    let lan = m.to_lan();
    let uci = m.to_uci();
    let mut best = distance(core, san)
        .min(distance(core, lan.as_bytes()))
        .min(distance(core, uci.as_bytes()));
    if let Some(lang) = lang.filter(|l| *l != Language::English) {
        let mut local = Vec::with_capacity(8);
        localize(san, lang, &mut local);
        best = best.min(distance(core, &local));
    }
    if best > MAX_COST {
        return best;
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    let check = after.is_check();
    best + match (mark, check) {
        (Some(_), false) => FALSE_CHECK,
        (None, true) => MISSING_CHECK,
        (Some(b'#'), true) if after.has_legal_move() => MISSING_CHECK,
        _ => 0,
    }
}

/// Up to [`MAX_SUGGESTIONS`] legal moves of `pos` the printed text most likely
/// stands for, closest first (ties in SAN order), whatever its notation: each
/// legal move's spellings are compared with it ([`distance`]). `lang` adds SAN
/// in that language's piece letters. Nothing for a text over 24 bytes or
/// farther than three edits from every move.
///
/// ```
/// use scoresheet_board::Position;
/// use scoresheet_board::misprint::suggest;
/// let pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5").unwrap();
/// // `Rel` is `Re1` misread; `l` for `1` costs less than any other edit.
/// assert_eq!(suggest(&pos, b"Rel", None)[0].shown, "Re1 (Rf1-e1)");
/// // UCI and long algebraic are spellings too.
/// assert_eq!(suggest(&pos, b"f1e7", None)[0].shown, "Re1 (Rf1-e1)");
/// ```
#[must_use]
pub fn suggest(pos: &Position, printed: &[u8], lang: Option<Language>) -> Vec<Suggestion> {
    let mut out = ranked(pos, printed, lang, MAX_COST);
    out.truncate(MAX_SUGGESTIONS);
    out
}

/// The legal moves of `pos` within `max` of `printed` (see [`MAX_COST`],
/// [`CLOSE`]) that `keep` accepts and after which the printed moves `rest` can
/// be played (`until` of them, or to their end), closest first, at most
/// [`MAX_SUGGESTIONS`]: what a printed move that reads but does not fit most
/// likely stands for (a check mark on a move that gives no check, a number
/// where a move is due).
///
/// ```
/// use scoresheet_board::Position;
/// use scoresheet_board::misprint::{fitting, Printed, CLOSE};
/// use scoresheet_notation::{parse_move, Mode, Span};
/// let pos = Position::from_fen("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3").unwrap();
/// // `Bh5+` gives no check from h5; `Bb5+` does, and `...c6` plays on.
/// let rest = [Printed {
///     written: parse_move(b"c6", 0, Mode::Lenient).ok().map(|p| p.value),
///     forced: None,
///     span: Span::new(0, 2),
///     text: b"c6",
/// }];
/// let fits = fitting(&pos, b"Bh5+", None, CLOSE, &rest, 1, |after, _| after.is_check());
/// assert_eq!(fits[0].shown, "Bb5+ (Bf1-b5)");
/// ```
#[must_use]
pub fn fitting(
    pos: &Position,
    printed: &[u8],
    lang: Option<Language>,
    max: u32,
    rest: &[Printed<'_>],
    until: usize,
    keep: impl Fn(&Position, &Move) -> bool,
) -> Vec<Suggestion> {
    let (core, mark) = core_of(printed);
    if core.is_empty() || core.len() > MAX_PRINTED {
        return Vec::new();
    }
    // What `keep` asks is cheaper than spelling each move: asked first.
    let mut close: Vec<(u32, String, Move, Position)> = Vec::new();
    for m in pos.legal_moves().iter() {
        let mut after = pos.clone();
        after.play_unchecked(m);
        if !keep(&after, m) {
            continue;
        }
        let cost = cost_of(pos, m, core, mark, lang);
        if cost <= max {
            close.push((cost, pos.san(m), *m, after));
        }
    }
    let likelier = likelier_first(pos);
    close.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| likelier(&a.2, &b.2))
            .then_with(|| a.1.cmp(&b.1))
    });
    let mut out = Vec::new();
    for (cost, san, mv, after) in close.into_iter().take(4 * MAX_SUGGESTIONS) {
        if plays_on(after, rest, until) {
            out.push(Suggestion {
                mv,
                shown: format!("{san} ({})", mv.to_lan()),
                cost,
            });
            if out.len() == MAX_SUGGESTIONS {
                break;
            }
        }
    }
    out
}

/// An order of `pos`'s legal moves, the likelier to be played first by the
/// move prior ([`crate::prior`]): between misreadings equally close to the
/// printed text, the move a player would make is the likelier one printed.
fn likelier_first(pos: &Position) -> impl Fn(&Move, &Move) -> std::cmp::Ordering {
    let moves = pos.legal_moves();
    let priors = crate::prior::log_priors(pos, None, &moves);
    move |a: &Move, b: &Move| {
        let of = |m: &Move| {
            moves
                .iter()
                .position(|x| x == m)
                .and_then(|i| priors.get(i).copied())
                .unwrap_or(f64::NEG_INFINITY)
        };
        of(b).total_cmp(&of(a))
    }
}

/// Every legal move of `pos` within `max` of `printed`, closest first (the
/// likelier first among equally close ones).
fn ranked(pos: &Position, printed: &[u8], lang: Option<Language>, max: u32) -> Vec<Suggestion> {
    let (core, mark) = core_of(printed);
    if core.is_empty() || core.len() > MAX_PRINTED {
        return Vec::new();
    }
    let mut out: Vec<(u32, String, Move)> = pos
        .legal_moves()
        .iter()
        .map(|m| (cost_of(pos, m, core, mark, lang), m))
        .filter(|(c, _)| *c <= max)
        .map(|(c, m)| (c, pos.san(m), *m))
        .collect();
    let likelier = likelier_first(pos);
    out.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| likelier(&a.2, &b.2))
            .then_with(|| a.1.cmp(&b.1))
    });
    out.into_iter()
        .map(|(cost, san, mv)| Suggestion {
            mv,
            shown: format!("{san} ({})", mv.to_lan()),
            cost,
        })
        .collect()
}

/// One printed move of a game's main line, as [`blame`] reads it.
#[derive(Debug, Clone)]
pub struct Printed<'t> {
    /// The move as parsed, or `None` for a token that did not read as a move.
    pub written: Option<WrittenMove>,
    /// The move it is read as whatever it says (a repair already made).
    pub forced: Option<Move>,
    /// Where it is.
    pub span: Span,
    /// Its text as printed.
    pub text: &'t [u8],
}

/// What a misprint most likely was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// A move printed as another: read it as its suggestion.
    Replaced,
    /// A move printed twice: leave this one out.
    Doubled,
    /// A move left out before this one: the suggestions are the move missing.
    Missing,
}

/// The printed move a game's first error is blamed on, and what it most likely
/// stands for.
#[derive(Debug, Clone)]
pub struct Blame {
    /// What the misprint was.
    pub change: Change,
    /// The 0-based index of the blamed ply (the failing ply itself, or one
    /// before it).
    pub index: usize,
    /// The moves it most likely stands for, best first: those with which the
    /// rest of the game can be played, then the other close ones.
    pub suggestions: Vec<Suggestion>,
    /// Whether the best fit is clearly best: no other (at any ply) comes
    /// close. `--repair` then reads the game so.
    pub clear: bool,
}

/// The legal move a printed move names in `pos`, in any notation the parser
/// reads (SAN, long algebraic, UCI, descriptive).
pub(crate) fn read(pos: &Position, written: &WrittenMove) -> Option<Move> {
    match &written.kind {
        MoveKind::Descriptive(_) => resolve_desc(
            pos,
            &Origins::from_position(pos),
            written,
            &DescContext::lenient(),
        )
        .ok()
        .map(|r| r.mv),
        _ => resolve(pos, written).ok(),
    }
}

/// Whether `printed` can be played in order from `pos` (after a fix), up to
/// `until` moves or the end.
fn plays_on(mut pos: Position, printed: &[Printed<'_>], until: usize) -> bool {
    for p in printed.iter().take(until) {
        let Some(m) = p
            .forced
            .or_else(|| p.written.as_ref().and_then(|w| read(&pos, w)))
        else {
            return false;
        };
        pos.play_unchecked(&m);
    }
    true
}

/// The printed move to blame for the first error of a game started at `start`:
/// `played` are the moves played before the error, `printed` the main line's
/// printed moves (at least through the failing one, `printed[played.len()]`,
/// and as many after it as [`LOOKAHEAD`] wants). Looks back [`WINDOW`] plies for
/// the changes with which the moves after it can be played through
/// [`LOOKAHEAD`] plies past the error (or the end): a move replaced by a legal
/// move close to its printed text, a move printed twice left out, a move left
/// out (within a few plies of the error) put back. The cheapest wins, the
/// earliest among equals. `None` when no change fits.
///
/// ```
/// use scoresheet_board::Position;
/// use scoresheet_board::misprint::{blame, Printed};
/// use scoresheet_notation::{parse_move, Mode};
/// // 1. c4 was printed for 1. e4: legal, so the error is at 3. Bb5.
/// let text = ["c4", "e5", "Nf3", "Nc6", "Bb5", "a6"];
/// let printed: Vec<Printed> = text
///     .iter()
///     .map(|t| Printed {
///         written: parse_move(t.as_bytes(), 0, Mode::Lenient).ok().map(|p| p.value),
///         forced: None,
///         span: scoresheet_notation::Span::new(0, t.len()),
///         text: t.as_bytes(),
///     })
///     .collect();
/// let mut pos = Position::new();
/// let mut played = Vec::new();
/// for p in &printed[..4] {
///     let m = scoresheet_board::resolve(&pos, p.written.as_ref().unwrap()).unwrap();
///     pos.play_unchecked(&m);
///     played.push(m);
/// }
/// let b = blame(&Position::new(), &played, &printed, None).unwrap();
/// assert_eq!(b.index, 0);
/// assert_eq!(b.suggestions[0].shown, "e4 (e2-e4)");
/// ```
#[must_use]
pub fn blame(
    start: &Position,
    played: &[Move],
    printed: &[Printed<'_>],
    lang: Option<Language>,
) -> Option<Blame> {
    let failed = played.len();
    printed.get(failed)?;
    let from = failed.saturating_sub(WINDOW);
    let mut pos = start.clone();
    for m in played.get(..from)? {
        pos.play_unchecked(m);
    }
    // (cost, index, change, suggestion) for every change that fits.
    let mut fits: Vec<(u32, usize, Change, Option<Suggestion>)> = Vec::new();
    let mut close_at: Vec<Vec<Suggestion>> = Vec::new();
    for index in from..=failed {
        let p = printed.get(index)?;
        let until = (failed + LOOKAHEAD).saturating_sub(index);
        let rest = printed.get(index + 1..).unwrap_or_default();
        let mut close = Vec::new();
        if p.forced.is_none() {
            let max = if index == failed { MAX_COST } else { CLOSE };
            close = ranked(&pos, p.text, lang, max)
                .into_iter()
                .filter(|s| played.get(index) != Some(&s.mv))
                .collect();
            for s in close.iter().take(2 * MAX_SUGGESTIONS) {
                let mut after = pos.clone();
                after.play_unchecked(&s.mv);
                if plays_on(after, rest, until) {
                    fits.push((s.cost, index, Change::Replaced, Some(s.clone())));
                }
            }
            // The move before printed again.
            let doubled = index > 0
                && printed
                    .get(index - 1)
                    .is_some_and(|b| b.text.trim_ascii() == p.text.trim_ascii());
            if doubled && plays_on(pos.clone(), rest, until) {
                fits.push((DOUBLED, index, Change::Doubled, None));
            }
        }
        if failed - index < DROP_WINDOW {
            // A move left out before this one.
            let here = printed.get(index..).unwrap_or_default();
            let mut missing: Vec<Move> = Vec::new();
            for m in pos.legal_moves().iter() {
                let mut after = pos.clone();
                after.play_unchecked(m);
                if plays_on(after, here, until) {
                    missing.push(*m);
                }
            }
            // Often many moves fit a gap: the likeliest (by the move prior,
            // as the decoder ranks moves) are named first.
            if missing.len() > 1 {
                let last = index
                    .checked_sub(1)
                    .and_then(|i| played.get(i))
                    .map(|m| m.to);
                let priors = crate::prior::log_priors(&pos, last, &missing);
                let mut ranked: Vec<(f64, Move)> = priors.into_iter().zip(missing).collect();
                ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
                missing = ranked.into_iter().map(|(_, m)| m).collect();
            }
            for m in missing {
                let s = Suggestion {
                    mv: m,
                    shown: format!("{} ({})", pos.san(&m), m.to_lan()),
                    cost: MISSING,
                };
                fits.push((MISSING, index, Change::Missing, Some(s)));
            }
        }
        close_at.push(close);
        if let Some(m) = played.get(index) {
            pos.play_unchecked(m);
        }
    }
    let (cost, index, change, _) = fits
        .iter()
        .min_by_key(|(cost, index, _, _)| (*cost, *index))?
        .clone();
    let mut suggestions: Vec<Suggestion> = fits
        .iter()
        .filter(|f| f.1 == index && f.2 == change)
        .filter_map(|f| f.3.clone())
        .collect();
    if change == Change::Missing {
        // Ranked by the prior already (all cost the same).
        suggestions.sort_by_key(|s| s.cost);
    } else {
        // Stable: equally close ones stay in `ranked`'s order, the likelier
        // first.
        suggestions.sort_by_key(|s| s.cost);
    }
    if change == Change::Replaced {
        for s in close_at.get(index - from).into_iter().flatten() {
            if !suggestions.iter().any(|t| t.mv == s.mv) {
                suggestions.push(s.clone());
            }
        }
    }
    suggestions.truncate(MAX_SUGGESTIONS);
    let rivals = fits.iter().filter(|f| f.0 < cost + CLEAR_MARGIN).count();
    Some(Blame {
        change,
        index,
        suggestions,
        clear: rivals == 1,
    })
}

/// `12.` before a white move, `12...` before a black one, in `pos`.
#[must_use]
pub fn move_label(pos: &Position) -> String {
    let dots = if pos.turn() == Color::White {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmove_number())
}

/// The legal move `text` names in `pos`, in any notation and language the
/// parser reads: SAN, long algebraic, UCI, English or Spanish descriptive, the
/// piece letters of another language. `None` when it names none or several.
///
/// ```
/// use scoresheet_board::Position;
/// use scoresheet_board::misprint::read_any;
/// let pos = Position::new();
/// let m = read_any(&pos, b"Sf3").unwrap();
/// assert_eq!(m.to_uci(), "g1f3");
/// assert_eq!(read_any(&pos, b"P-K4").unwrap().to_uci(), "e2e4");
/// assert_eq!(read_any(&pos, b"g1f3"), Some(m));
/// assert_eq!(read_any(&pos, b"Nf4"), None);
/// ```
#[must_use]
pub fn read_any(pos: &Position, text: &[u8]) -> Option<Move> {
    let text = text.trim_ascii();
    if text.is_empty() || text.len() > 2 * MAX_PRINTED {
        return None;
    }
    if let Ok(p) = parse_move(text, 0, Mode::Lenient) {
        if let Some(m) = read(pos, &p.value) {
            return Some(m);
        }
    }
    if let Ok(w) = parse_desc_move(text, 0) {
        if let Some(m) = read(pos, &w) {
            return Some(m);
        }
    }
    if let Some(w) = scoresheet_notation::desc::read_spanish(text, 0) {
        if let Some(m) = read(pos, &w) {
            return Some(m);
        }
    }
    let mut tr = Translation::default();
    for lang in Language::COMMON {
        if lang == Language::English || translate(text, lang, &mut tr).is_err() {
            continue;
        }
        if let Ok(p) = parse_move(&tr.bytes, 0, Mode::Lenient) {
            if let Some(m) = read(pos, &p.value) {
                return Some(m);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests;
