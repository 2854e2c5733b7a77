//! Openings named by position: the ECO code and name of a game's opening, from
//! lichess's open table of named lines (`lichess-org/chess-openings`, CC0;
//! `data/openings/`, with its notice).
//!
//! A game is classified as lichess classifies it: of the positions after each
//! of its first [`MAX_PLIES`] plies, while at least [`MIN_PIECES`] pieces are
//! on the board, the deepest one the table names. Positions are compared
//! whole (placement, side to move, castling rights and an en passant capture
//! that is legal: the Zobrist hash of [`Position::zobrist`]), never by move
//! order, so a transposition is named by where it arrives and a line played
//! with the other side to move is not taken for another.
//!
//! The table ships inside the binary as the five TSV files of the source
//! (code, name, moves); the first classification plays each line once on the
//! board and keeps a table of the named positions' hashes, sorted, searched by
//! halves (about 3,800 positions, 60 KB).
//!
//! ```
//! use scoresheet_board::eco::classify_line;
//! use scoresheet_board::{Position, resolve};
//! use scoresheet_notation::{Mode, san::parse_move};
//! let mut pos = Position::new();
//! let mut moves = Vec::new();
//! // The Caro-Kann reached by way of 1. d4: the position names the opening.
//! for san in ["d4", "c6", "e4", "d5"] {
//!     let m = resolve(&pos, &parse_move(san.as_bytes(), 0, Mode::Strict).unwrap().value).unwrap();
//!     pos.play(&m).unwrap();
//!     moves.push(m);
//! }
//! let opening = classify_line(&Position::new(), &moves).unwrap();
//! assert_eq!(opening.eco, "B12");
//! assert_eq!(opening.family(), "Caro-Kann Defense");
//! ```

use std::sync::OnceLock;

use scoresheet_notation::san::parse_move;
use scoresheet_notation::{Diagnostic, Kind, Mode, Severity, Span};

use crate::{Move, Position, resolve};

/// Only positions within this many plies of the start are looked up (as lichess).
pub const MAX_PLIES: usize = 40;
/// Only positions with at least this many pieces on the board are looked up (as
/// lichess): the walk stops at the first position with fewer.
pub const MIN_PIECES: u32 = 20;

/// The source's five tables, in order.
const TABLES: [&str; 5] = [
    include_str!("../data/openings/a.tsv"),
    include_str!("../data/openings/b.tsv"),
    include_str!("../data/openings/c.tsv"),
    include_str!("../data/openings/d.tsv"),
    include_str!("../data/openings/e.tsv"),
];

/// A named opening of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opening {
    /// Its ECO code (`B12`).
    pub eco: &'static str,
    /// Its full name: the opening, then after `: ` the variation
    /// (`Caro-Kann Defense: Advance Variation`).
    pub name: &'static str,
    /// The moves of its line in the table, in SAN with move numbers.
    pub line: &'static str,
}

impl Opening {
    /// The opening's name without the variation (the `Opening` tag).
    #[must_use]
    pub fn family(&self) -> &'static str {
        self.name
            .split_once(": ")
            .map_or(self.name, |(family, _)| family)
    }

    /// The variation, if the name has one (the `Variation` tag).
    #[must_use]
    pub fn variation(&self) -> Option<&'static str> {
        self.name.split_once(": ").map(|(_, variation)| variation)
    }
}

/// The named positions: their openings, and their hashes sorted.
#[derive(Debug)]
struct Table {
    openings: Vec<Opening>,
    /// Each named position's hash and the index of its opening, sorted by hash.
    by_hash: Vec<(u64, u16)>,
    /// Lines of the source that could not be played (none: a test checks).
    unplayable: usize,
}

/// The table, built on first use.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Plays every line of the source and keeps where it ends. A position named
/// twice keeps its later name, as lichess's table of positions does.
fn build() -> Table {
    let mut openings = Vec::with_capacity(4096);
    let mut by_hash = Vec::with_capacity(4096);
    let mut unplayable = 0;
    for table in TABLES {
        for row in table.lines().skip(1) {
            let mut fields = row.split('\t');
            let (Some(eco), Some(name), Some(line)) = (fields.next(), fields.next(), fields.next())
            else {
                unplayable += 1;
                continue;
            };
            let Some(pos) = play_line(line) else {
                unplayable += 1;
                continue;
            };
            let Ok(index) = u16::try_from(openings.len()) else {
                unplayable += 1;
                continue;
            };
            openings.push(Opening { eco, name, line });
            by_hash.push((pos.zobrist(), index));
        }
    }
    // The later of two names of one position first, then the others dropped.
    by_hash.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    by_hash.dedup_by_key(|e| e.0);
    Table {
        openings,
        by_hash,
        unplayable,
    }
}

/// The position a line of SAN moves (with move numbers) reaches from the start.
fn play_line(line: &str) -> Option<Position> {
    let mut pos = Position::new();
    for token in line.split_ascii_whitespace() {
        if token.ends_with('.') {
            continue;
        }
        let written = parse_move(token.as_bytes(), 0, Mode::Strict).ok()?.value;
        let m = resolve(&pos, &written).ok()?;
        pos.play(&m).ok()?;
    }
    Some(pos)
}

/// The opening the table names for the position with this Zobrist hash
/// ([`Position::zobrist`]).
#[must_use]
pub fn lookup(hash: u64) -> Option<&'static Opening> {
    let t = table();
    let i = t.by_hash.binary_search_by_key(&hash, |e| e.0).ok()?;
    t.openings.get(usize::from(t.by_hash.get(i)?.1))
}

/// The number of named positions, and of lines of the source that could not
/// be played (none).
#[must_use]
pub fn table_size() -> (usize, usize) {
    let t = table();
    (t.by_hash.len(), t.unplayable)
}

/// The opening of a line of moves played from `start`: the deepest named
/// position of its first [`MAX_PLIES`] plies with at least [`MIN_PIECES`]
/// pieces. `None` from any start but the standard one, or when no position of
/// the line is named.
#[must_use]
pub fn classify_line(start: &Position, moves: &[Move]) -> Option<&'static Opening> {
    let mut walk = OpeningWalk::default();
    walk.start(start);
    let mut pos = start.clone();
    for m in moves.iter().take(MAX_PLIES) {
        if !walk.is_walking() || pos.play(m).is_err() {
            break;
        }
        walk.after(&pos);
    }
    walk.opening()
}

/// The walk of one game through its opening, fed the position after each
/// main-line ply (the quick lane's replay feeds it as it plays): it keeps the
/// deepest named position reached.
#[derive(Debug, Clone, Default)]
pub struct OpeningWalk {
    walking: bool,
    plies: usize,
    found: Option<&'static Opening>,
}

impl OpeningWalk {
    /// Starts a game from `pos`: only a game from the standard position is
    /// classified.
    #[inline]
    pub fn start(&mut self, pos: &Position) {
        self.walking = pos.zobrist() == standard_hash();
        self.plies = 0;
        self.found = None;
    }

    /// Forgets the game: nothing is classified until [`OpeningWalk::start`].
    pub fn clear(&mut self) {
        self.walking = false;
        self.plies = 0;
        self.found = None;
    }

    /// Whether positions are still looked up.
    #[must_use]
    pub fn is_walking(&self) -> bool {
        self.walking
    }

    /// The position after the next main-line ply.
    #[inline]
    pub fn after(&mut self, pos: &Position) {
        if !self.walking {
            return;
        }
        self.plies += 1;
        if self.plies > MAX_PLIES || pos.occupied().count() < MIN_PIECES {
            self.walking = false;
            return;
        }
        if let Some(o) = lookup(pos.zobrist()) {
            self.found = Some(o);
        }
    }

    /// The opening of the positions fed so far.
    #[must_use]
    pub fn opening(&self) -> Option<&'static Opening> {
        self.found
    }
}

/// The standard start's hash, computed once.
fn standard_hash() -> u64 {
    static HASH: OnceLock<u64> = OnceLock::new();
    *HASH.get_or_init(|| Position::new().zobrist())
}

/// Whether `eco` (an `ECO` tag's value) lies in the range `from..=to` of
/// codes (`A00`-`B99`); codes compare by letter, then number.
#[must_use]
pub fn in_range(eco: &str, from: &str, to: &str) -> bool {
    let key = |code: &str| -> Option<(u8, u8)> {
        let b = code.as_bytes();
        match b {
            [l @ b'A'..=b'E', x, y, ..] if x.is_ascii_digit() && y.is_ascii_digit() => {
                Some((*l, (x - b'0') * 10 + (y - b'0')))
            }
            _ => None,
        }
    };
    match (key(eco.trim()), key(from), key(to)) {
        (Some(k), Some(f), Some(t)) => f <= k && k <= t,
        _ => false,
    }
}

/// An `ECO`, `Opening` or `Variation` tag's value (decoded) and where it
/// is written (its value).
pub type TagValue<'a> = Option<(&'a str, Span)>;

/// The `wrong-opening-tag` warnings of a game whose opening is `opening`,
/// given its `ECO`, `Opening` and `Variation` tags. An unknown value (empty
/// or `?`) is not wrong; an ECO code is compared without its `/nn` extension;
/// the `Opening` tag may hold the full name (as lichess writes it, the
/// `Variation` tag then unchecked) or the opening alone (the `Variation` tag,
/// if any, then the rest of the name).
///
/// ```
/// use scoresheet_board::eco::{Opening, tag_problems};
/// use scoresheet_notation::Span;
/// let caro = Opening { eco: "B12", name: "Caro-Kann Defense: Advance Variation", line: "" };
/// let at = Span::new(0, 3);
/// assert!(tag_problems(&caro, Some(("B12", at)), Some(("Caro-Kann Defense", at)), None).is_empty());
/// assert!(tag_problems(&caro, None, Some(("Caro-Kann Defense: Advance Variation", at)), None).is_empty());
/// let wrong = tag_problems(&caro, Some(("C00", at)), Some(("French Defense", at)), None);
/// assert_eq!(wrong.len(), 2);
/// assert_eq!(wrong[0].message, "the ECO tag \"C00\" is not the code of the game's opening, B12 (Caro-Kann Defense: Advance Variation)");
/// ```
#[must_use]
pub fn tag_problems(
    opening: &Opening,
    eco: TagValue<'_>,
    name: TagValue<'_>,
    variation: TagValue<'_>,
) -> Vec<Diagnostic> {
    let known = |v: &(&str, Span)| !matches!(v.0.trim(), "" | "?");
    let mut out = Vec::new();
    let mut warn = |message: String, at: Span| {
        out.push(Diagnostic::new(
            Severity::Warning,
            Kind::WrongOpeningTag,
            message,
            at,
        ));
    };
    if let Some((value, at)) = eco.filter(known) {
        let code = value.trim().split('/').next().unwrap_or_default();
        if code != opening.eco {
            warn(
                format!(
                    "the ECO tag {value:?} is not the code of the game's opening, {} ({})",
                    opening.eco, opening.name
                ),
                at,
            );
        }
    }
    let full = name
        .filter(known)
        .is_some_and(|(v, _)| v.trim() == opening.name);
    if let Some((value, at)) = name.filter(known)
        && !full
        && value.trim() != opening.family()
    {
        warn(
            format!(
                "the Opening tag {value:?} is not the game's opening, {:?} ({} {})",
                opening.family(),
                opening.eco,
                opening.name
            ),
            at,
        );
    }
    if let Some((value, at)) = variation.filter(known)
        && !full
        && Some(value.trim()) != opening.variation()
    {
        let message = match opening.variation() {
            Some(v) => format!(
                "the Variation tag {value:?} is not the game's variation, {v:?} ({} {})",
                opening.eco, opening.name
            ),
            None => format!(
                "the Variation tag {value:?} names a variation of an opening the table names without one ({} {})",
                opening.eco, opening.name
            ),
        };
        warn(message, at);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(sans: &str) -> Vec<Move> {
        let mut pos = Position::new();
        let mut out = Vec::new();
        for san in sans.split_ascii_whitespace().filter(|t| !t.ends_with('.')) {
            let w = parse_move(san.as_bytes(), 0, Mode::Strict).unwrap().value;
            let m = resolve(&pos, &w).unwrap();
            pos.play(&m).unwrap();
            out.push(m);
        }
        out
    }

    fn name(sans: &str) -> Option<(&'static str, &'static str)> {
        classify_line(&Position::new(), &moves(sans)).map(|o| (o.eco, o.name))
    }

    #[test]
    fn every_line_of_the_table_plays() {
        let (named, unplayable) = table_size();
        assert_eq!(unplayable, 0);
        assert!(named > 3000, "{named}");
    }

    #[test]
    fn every_line_names_its_own_position() {
        // Each line's end is named, by its own name or by the later line that
        // reaches the same position.
        for o in &table().openings {
            let found = classify_line(&Position::new(), &moves(o.line)).expect(o.line);
            let mut a = Position::new();
            for m in moves(o.line) {
                a.play(&m).unwrap();
            }
            let mut b = Position::new();
            for m in moves(found.line) {
                b.play(&m).unwrap();
            }
            // The deepest named position may lie further than the line's end
            // only if it is the same; the line's own end is the last position.
            assert_eq!(a.zobrist(), b.zobrist(), "{} / {}", o.line, found.line);
        }
    }

    #[test]
    fn by_position_not_by_order() {
        // The Caro-Kann by transposition, and the French.
        assert_eq!(name("1. e4 c6 2. d4 d5").map(|n| n.0), Some("B12"));
        assert_eq!(name("1. d4 c6 2. e4 d5").map(|n| n.0), Some("B12"));
        assert_eq!(name("1. e4 e6 2. d4 d5").map(|n| n.0), Some("C00"));
        // Moves past the named lines keep the deepest name reached.
        assert_eq!(
            name("1. e4 e6 2. d4 d5 3. a3 a6 4. h3 h6").map(|n| n.1),
            Some("French Defense")
        );
        // No move: nothing named.
        assert_eq!(name(""), None);
    }

    #[test]
    fn side_to_move_counts() {
        // 1. e3 e5 2. e4 has the placement of 1. e4 e5 (C20) with Black to
        // move: another position, so the game stays where 1. e3 named it.
        let (eco, name) = name("1. e3 e5 2. e4").unwrap();
        assert_eq!(eco, "A00");
        assert!(name.starts_with("Van't Kruijs Opening"), "{name}");
        assert_eq!(name_of("1. e4 e5"), "C20");
    }

    fn name_of(sans: &str) -> &'static str {
        name(sans).unwrap().0
    }

    #[test]
    fn another_start_is_not_classified() {
        let mut start = Position::new();
        start.play(&moves("1. e4")[0]).unwrap();
        assert_eq!(classify_line(&start, &[]), None);
    }

    #[test]
    fn ranges() {
        assert!(in_range("B12", "A00", "B99"));
        assert!(in_range("A00", "A00", "B99"));
        assert!(!in_range("C00", "A00", "B99"));
        assert!(in_range("B12/03", "B12", "B12"));
        assert!(!in_range("?", "A00", "E99"));
        assert!(!in_range("", "A00", "E99"));
    }

    #[test]
    fn names_split() {
        let o = Opening {
            eco: "B12",
            name: "Caro-Kann Defense: Advance Variation, Short Variation",
            line: "",
        };
        assert_eq!(o.family(), "Caro-Kann Defense");
        assert_eq!(o.variation(), Some("Advance Variation, Short Variation"));
        let plain = Opening {
            eco: "B10",
            name: "Caro-Kann Defense",
            line: "",
        };
        assert_eq!(plain.variation(), None);
    }
}
