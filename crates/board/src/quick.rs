//! The quick lane of validation: a game with nothing to report (or only check
//! marks to correct), replayed in one pass straight from its bytes.
//!
//! Most games of a database are clean. For them, [`QuickLane::replay`] scans the
//! text with [`quick_scan`] (no token list, no spans), resolves each plain SAN
//! move with a lean version of [`crate::resolve`] that only answers "the one
//! legal move" or "not simple", plays it, and checks every claim the full
//! replay checks: move numbers, check and mate marks, capture marks, draws by
//! rule during the game, and the result of a game that ended on the board.
//!
//! A check or mate mark left out gets the full replay's warning, word for word
//! (one function writes both): some databases never write `+`, and their games
//! should not all take the slow road for it. A mark written that does not fit
//! its move points at a misreading, which the full replay explains. It
//! answers `None` the moment anything else would make the full replay say a
//! word (an error, another warning, an ambiguity), or anything it does not
//! handle. The caller then runs [`crate::replay::replay`] on the parsed game,
//! which explains it. So a game the quick lane accepts is exactly a game the
//! full replay finds valid with the same warnings (at most about check marks),
//! the same plies and final position (tests compare the two on every fixture,
//! the shared corpus and random games).
//!
//! ```
//! use scoresheet_board::quick::QuickLane;
//! use scoresheet_board::EpStyle;
//! let mut lane = QuickLane::default();
//! let game = b"[Event \"?\"]\n\n1. f4 e5 2. fxe5 d6 3. exd6 Bxd6 4. g3 Qg5 5. Nf3 Qxg3+ 6. hxg3 Bxg3# 0-1\n";
//! let r = lane.replay(game).unwrap();
//! assert_eq!(r.plies, 12);
//! assert_eq!(r.position.to_fen(EpStyle::Legal), "rnb1k1nr/ppp2ppp/8/8/8/5Nb1/PPPPP3/RNBQKB1R w KQkq - 0 7");
//! assert!(r.warnings.is_empty());
//! // A missing check mark: the full replay's warning.
//! let r = lane.replay(b"[Event \"?\"]\n\n1. e4 f5 2. Qh5 *\n").unwrap();
//! assert_eq!(r.warnings[0].0.message, "the move gives check but no check mark is written (+)");
//! // A capture written without `x` is for the full replay.
//! assert!(lane.replay(b"[Event \"?\"]\n\n1. e4 d5 2. ed5 *\n").is_none());
//! ```

use scoresheet_notation::pgn::{MAX_TOKENS, QuickVisitor, Unusual, quick_scan, quick_scan_prefix};
use scoresheet_notation::san::{PlainMarks, PlainMove};
use scoresheet_notation::{Annotation, CheckMark, Diagnostic, GameResult, Span};

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::dedup::KeyBuilder;
use crate::eco::OpeningWalk;
use crate::resolve::{Taking, piece_move};
use crate::{Bitboard, Color, Move, Position, Rank, Role};

/// A game the quick lane replayed: valid, with nothing to report but, maybe,
/// check marks left out.
#[derive(Debug, Clone)]
pub struct QuickReplay {
    /// The number of main-line plies played.
    pub plies: usize,
    /// The position after the last move.
    pub position: Position,
    /// The warnings about check marks, each with where its move is written: the
    /// same, in the same order, as the full replay's (with [`ReplayOptions`]
    /// lenient; [`crate::replay::settle`] makes them errors for strict).
    ///
    /// [`ReplayOptions`]: crate::replay::ReplayOptions
    pub warnings: Vec<(Diagnostic, Span)>,
}

impl QuickReplay {
    /// Where each ply's move is written, as [`crate::replay::Replay::written`]
    /// gives it, as far as the warnings need: the plies without a warning get an
    /// empty span. Empty when there is no warning.
    #[must_use]
    pub fn written(&self) -> Vec<Span> {
        let mut written = Vec::new();
        if !self.warnings.is_empty() {
            written.resize(self.plies, Span::default());
            for (d, at) in &self.warnings {
                let slot = d
                    .ply
                    .and_then(|p| written.get_mut((p as usize).checked_sub(1)?));
                if let Some(slot) = slot {
                    *slot = *at;
                }
            }
        }
        written
    }
}

/// The quick lane, with its buffer kept from game to game.
#[derive(Debug, Clone, Default)]
pub struct QuickLane {
    /// The positions since the last capture or pawn move, for repetitions.
    keys: History,
    /// Where each tag of the game last read is in its text: its name's
    /// start and length, its value's start and length.
    tag_names: Vec<TagPlace>,
}

/// Where a tag is in its game's text: its name's start and length, then its
/// value's.
type TagPlace = [usize; 4];

impl QuickLane {
    /// Replays `text`, one game as split from a file, if it is a game with nothing
    /// to report; `None` if it needs the full parser and replay.
    #[must_use]
    pub fn replay(&mut self, text: &[u8]) -> Option<QuickReplay> {
        self.run(text, false, ()).map(|(r, _)| r)
    }

    /// Like [`QuickLane::replay`], on a game at the start of `text` that runs on
    /// into more of the file: gives the game's length too, which is where
    /// [`scoresheet_notation::pgn::games`] would end it (see
    /// [`scoresheet_notation::pgn::quick_scan_prefix`]).
    ///
    /// ```
    /// use scoresheet_board::quick::QuickLane;
    /// let file = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let (game, len) = QuickLane::default().replay_prefix(file).unwrap();
    /// assert_eq!((game.plies, len), (2, 25));
    /// ```
    #[must_use]
    pub fn replay_prefix(&mut self, text: &[u8]) -> Option<(QuickReplay, usize)> {
        self.run(text, true, ())
    }

    /// The tags of the game the lane last replayed (when it gave a replay),
    /// in order: where each name and value is in the game's text (the text
    /// it was given). The lane reads no game with a repeated tag name. What
    /// a caller that reports the game's tags reads them by, without reading
    /// its tag section again.
    ///
    /// ```
    /// use scoresheet_board::quick::QuickLane;
    /// let game = b"[Event \"a\"]\n[White \"B\"]\n\n1. e4 *\n";
    /// let mut lane = QuickLane::default();
    /// assert!(lane.replay(game).is_some());
    /// let tags: Vec<_> = lane.tags().map(|[n, v]| (&game[n], &game[v])).collect();
    /// assert_eq!(tags, [(&b"Event"[..], &b"a"[..]), (b"White", b"B")]);
    /// ```
    pub fn tags(
        &self,
    ) -> impl ExactSizeIterator<Item = [core::ops::Range<usize>; 2]> + DoubleEndedIterator + Clone + '_
    {
        self.tag_names
            .iter()
            .map(|&[name, name_len, value, value_len]| {
                [name..name + name_len, value..value + value_len]
            })
    }

    /// Like [`QuickLane::replay`], keeping the game's tags and moves in `record`
    /// (emptied first) for a caller that writes the game again: `None` also for
    /// a game with a comment, a NAG or a variation, which the record has no
    /// place for.
    ///
    /// ```
    /// use scoresheet_board::quick::{QuickLane, QuickRecord};
    /// let mut lane = QuickLane::default();
    /// let mut record = QuickRecord::default();
    /// let game = b"[Event \"a\"]\n\n1. e4 e5!? 2. Qh5 Nc6 1-0\n";
    /// assert!(lane.replay_recording(game, &mut record).is_some());
    /// assert_eq!(record.tags, [(&b"Event"[..], &b"a"[..])]);
    /// assert_eq!(record.moves.len(), 4);
    /// assert_eq!(record.moves[2].mark, None);
    /// let commented = b"[Event \"a\"]\n\n1. e4 {!} e5 1-0\n";
    /// assert!(lane.replay_recording(commented, &mut record).is_none());
    /// ```
    #[must_use]
    pub fn replay_recording<'t>(
        &mut self,
        text: &'t [u8],
        record: &mut QuickRecord<'t>,
    ) -> Option<QuickReplay> {
        record.tags.clear();
        record.moves.clear();
        record.result = None;
        record.comment = None;
        let (replay, _) = self.run(text, false, &mut *record)?;
        Some(replay)
    }

    /// Like [`QuickLane::replay_recording`], on a game at the start of `text`
    /// that runs on into more of the file: gives the game's length too (as
    /// [`QuickLane::replay_prefix`] does).
    ///
    /// ```
    /// use scoresheet_board::quick::{QuickLane, QuickRecord};
    /// let file = b"[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let mut record = QuickRecord::default();
    /// let (_, len) = QuickLane::default().replay_recording_prefix(file, &mut record).unwrap();
    /// assert_eq!(&file[..len], b"[Event \"a\"]\n\n1. e4 e5 1-0");
    /// assert_eq!(record.moves.len(), 2);
    /// ```
    #[must_use]
    pub fn replay_recording_prefix<'t>(
        &mut self,
        text: &'t [u8],
        record: &mut QuickRecord<'t>,
    ) -> Option<(QuickReplay, usize)> {
        record.tags.clear();
        record.moves.clear();
        record.result = None;
        record.comment = None;
        self.run(text, true, &mut *record)
    }

    /// Like [`QuickLane::replay`], feeding `keys` (cleared first) the game's
    /// start position, moves and tags, for its duplicate key
    /// ([`KeyBuilder::finish`], meaningful when the game was replayed).
    #[must_use]
    pub fn replay_keyed(&mut self, text: &[u8], keys: &mut KeyBuilder) -> Option<QuickReplay> {
        keys.clear();
        self.run(text, false, keys).map(|(r, _)| r)
    }

    /// Like [`QuickLane::replay_prefix`], feeding `keys` as
    /// [`QuickLane::replay_keyed`] does.
    #[must_use]
    pub fn replay_prefix_keyed(
        &mut self,
        text: &[u8],
        keys: &mut KeyBuilder,
    ) -> Option<(QuickReplay, usize)> {
        keys.clear();
        self.run(text, true, keys)
    }

    /// Like [`QuickLane::replay`] (or [`QuickLane::replay_prefix`] when
    /// `prefix`), feeding `keys` (cleared first) as [`QuickLane::replay_keyed`]
    /// does and `walk` (cleared first) each position of the main line, for
    /// the game's opening ([`OpeningWalk::opening`]).
    ///
    /// ```
    /// use scoresheet_board::eco::OpeningWalk;
    /// use scoresheet_board::quick::QuickLane;
    /// let mut walk = OpeningWalk::default();
    /// let game = b"[Event \"a\"]\n\n1. d4 c6 2. e4 d5 3. e5 *\n";
    /// QuickLane::default().replay_tracked(game, false, None, Some(&mut walk)).unwrap();
    /// assert_eq!(walk.opening().unwrap().eco, "B12");
    /// ```
    #[must_use]
    pub fn replay_tracked(
        &mut self,
        text: &[u8],
        prefix: bool,
        keys: Option<&mut KeyBuilder>,
        walk: Option<&mut OpeningWalk>,
    ) -> Option<(QuickReplay, usize)> {
        match (keys, walk) {
            (None, None) => self.run(text, prefix, ()),
            (Some(keys), None) => {
                keys.clear();
                self.run(text, prefix, keys)
            }
            (None, Some(walk)) => {
                walk.clear();
                self.run(text, prefix, walk)
            }
            (Some(keys), Some(walk)) => {
                keys.clear();
                walk.clear();
                self.run(text, prefix, (keys, walk))
            }
        }
    }

    #[inline]
    fn run<'t, R: Recording<'t>>(
        &mut self,
        text: &'t [u8],
        prefix: bool,
        record: R,
    ) -> Option<(QuickReplay, usize)> {
        // A game longer than the full parser's token limit could hold more
        // tokens than it reads (a token may be one byte): the full parser
        // judges it, so that both lanes give the one verdict.
        if !prefix && text.len() > MAX_TOKENS {
            return None;
        }
        self.keys.clear();
        self.tag_names.clear();
        let mut game = QuickGame {
            record,
            pos: Position::new(),
            fen: None,
            setup: None,
            variant: None,
            ply_count: None,
            text,
            tag_names: &mut self.tag_names,
            tag_bits: 0,
            keys: &mut self.keys,
            plies: 0,
            mated: false,
            dead: false,
            warnings: Vec::new(),
        };
        let (result, len) = if prefix {
            quick_scan_prefix(text, &mut game).ok()?
        } else {
            (quick_scan(text, &mut game).ok()?, text.len())
        };
        if len > MAX_TOKENS {
            return None;
        }
        game.record.result(result);
        let plies = game.plies;
        let mated = game.mated;
        let dead = game.dead;
        let warnings = std::mem::take(&mut game.warnings);
        // A game without moves from a FEN may start in mate, stalemate or a dead
        // position: the full replay judges its result. From the standard start
        // (online games abandoned or lost on time before the first move) there is
        // nothing to judge.
        if plies == 0 && game.fen.is_some() {
            return None;
        }
        if game
            .ply_count
            .is_some_and(|n| crate::tags::ply_count_problem(n, plies))
        {
            return None;
        }
        let pos = game.pos;
        // The end: a game over by the 75-move or five-fold rule needs its result
        // judged by the full replay. Mate, stalemate and a dead position force
        // the result.
        if pos.halfmove_clock() >= 150 || self.keys.fivefold() {
            return None;
        }
        let forced = if dead {
            Some(GameResult::Draw)
        } else if mated {
            Some(
                pos.turn()
                    .fold(GameResult::BlackWins, GameResult::WhiteWins),
            )
        } else if !pos.is_check() && !pos.has_legal_move() {
            Some(GameResult::Draw)
        } else {
            None
        };
        if forced.is_some_and(|f| f != result) {
            return None;
        }
        Some((
            QuickReplay {
                plies,
                position: pos,
                warnings,
            },
            len,
        ))
    }
}

/// A game's tags and main-line moves as the quick lane read them, for writing
/// the game again ([`QuickLane::replay_recording`]).
#[derive(Debug, Clone, Default)]
pub struct QuickRecord<'t> {
    /// The tag pairs in order: each name and value as written (the quick lane
    /// takes no value with escapes).
    pub tags: Vec<(&'t [u8], &'t [u8])>,
    /// The main-line moves, in order.
    pub moves: Vec<RecordedMove>,
    /// The result written at the end of the movetext.
    pub result: Option<GameResult>,
    /// The text of the one `;` comment line before the tags, if any (the full
    /// parser's comment token, which comes before the moves).
    pub comment: Option<&'t [u8]>,
}

/// A main-line move of a [`QuickRecord`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordedMove {
    /// The move, legal where it is played.
    pub mv: Move,
    /// The mark its result calls for: `b'+'`, `b'#'` or none (whatever is
    /// written: the record is of games whose marks are right).
    pub mark: Option<u8>,
    /// Its annotation glyph, if any.
    pub annotation: Option<Annotation>,
    /// Where it is written (as [`QuickReplay::written`] gives it).
    pub at: Span,
    /// Its SAN without a mark, in the position it is played in, and the SAN's
    /// length (as [`Position::san_plain_bytes`] gives them).
    pub san: ([u8; 8], u8),
    /// The full-move number of the position it is played in.
    pub fullmove: u32,
    /// The side that plays it.
    pub turn: Color,
}

/// What a record keeps of the position a move is played in.
#[derive(Debug, Clone, Copy)]
struct Before {
    san: ([u8; 8], u8),
    fullmove: u32,
    turn: Color,
}

impl Before {
    /// What is kept of `pos` before `m`; `crowded` when other pieces of the
    /// moving kind reach its destination (its SAN may then need the origin).
    fn of(pos: &Position, m: &Move, crowded: bool) -> Before {
        Before {
            san: pos.san_plain_bytes_with(m, crowded),
            fullmove: pos.fullmove_number(),
            turn: pos.turn(),
        }
    }
}

/// What the quick lane keeps of a game besides its verdict: nothing for
/// validation, a [`QuickRecord`] for writing it again.
trait Recording<'t> {
    /// Whether it keeps the moves (and so takes no game with comments, NAGs or
    /// variations, which it would have to keep too).
    const KEEPS_MOVES: bool;
    fn tag(&mut self, name: &'t [u8], value: &'t [u8]);
    /// Whether it is told where each tag's value is written ([`Recording::tag_at`]).
    const KEEPS_TAG_PLACES: bool = false;
    /// A tag's name and where its value is written in the game's text.
    #[inline(always)]
    fn tag_at(&mut self, _name: &'t [u8], _value: Span) {}
    fn comment_before_tags(&mut self, text: &'t [u8]);
    fn moved(&mut self, m: RecordedMove);
    fn result(&mut self, result: GameResult);
    /// The game starts from `pos` (its tags read).
    #[inline(always)]
    fn started(&mut self, _pos: &Position) {}
    /// Every main-line move, as it is played, and the position it leaves.
    #[inline(always)]
    fn played(&mut self, _m: &Move, _after: &Position) {}
}

impl Recording<'_> for () {
    const KEEPS_MOVES: bool = false;
    #[inline(always)]
    fn tag(&mut self, _: &[u8], _: &[u8]) {}
    #[inline(always)]
    fn comment_before_tags(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn moved(&mut self, _: RecordedMove) {}
    #[inline(always)]
    fn result(&mut self, _: GameResult) {}
}

/// A duplicate key: the start position, the moves and the tags.
impl Recording<'_> for &mut KeyBuilder {
    const KEEPS_MOVES: bool = false;
    #[inline(always)]
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        KeyBuilder::tag(self, name, value);
    }
    #[inline(always)]
    fn comment_before_tags(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn moved(&mut self, _: RecordedMove) {}
    #[inline(always)]
    fn result(&mut self, _: GameResult) {}
    #[inline(always)]
    fn started(&mut self, pos: &Position) {
        self.start(pos);
    }
    #[inline(always)]
    fn played(&mut self, m: &Move, _after: &Position) {
        self.push(m);
    }
}

/// The walk through the opening, fed each position and the opening tags.
impl Recording<'_> for &mut OpeningWalk {
    const KEEPS_MOVES: bool = false;
    const KEEPS_TAG_PLACES: bool = true;
    #[inline(always)]
    fn tag(&mut self, _: &[u8], _: &[u8]) {}
    #[inline(always)]
    fn tag_at(&mut self, name: &[u8], value: Span) {
        OpeningWalk::tag(self, name, value);
    }
    #[inline(always)]
    fn comment_before_tags(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn moved(&mut self, _: RecordedMove) {}
    #[inline(always)]
    fn result(&mut self, _: GameResult) {}
    #[inline(always)]
    fn started(&mut self, pos: &Position) {
        self.start(pos);
    }
    #[inline(always)]
    fn played(&mut self, _m: &Move, after: &Position) {
        self.after(after);
    }
}

/// A duplicate key and the walk through the opening at once.
impl Recording<'_> for (&mut KeyBuilder, &mut OpeningWalk) {
    const KEEPS_MOVES: bool = false;
    const KEEPS_TAG_PLACES: bool = true;
    #[inline(always)]
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        KeyBuilder::tag(self.0, name, value);
    }
    #[inline(always)]
    fn tag_at(&mut self, name: &[u8], value: Span) {
        self.1.tag(name, value);
    }
    #[inline(always)]
    fn comment_before_tags(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn moved(&mut self, _: RecordedMove) {}
    #[inline(always)]
    fn result(&mut self, _: GameResult) {}
    #[inline(always)]
    fn started(&mut self, pos: &Position) {
        self.0.start(pos);
        self.1.start(pos);
    }
    #[inline(always)]
    fn played(&mut self, m: &Move, after: &Position) {
        self.0.push(m);
        self.1.after(after);
    }
}

impl<'t> Recording<'t> for &mut QuickRecord<'t> {
    const KEEPS_MOVES: bool = true;
    fn tag(&mut self, name: &'t [u8], value: &'t [u8]) {
        self.tags.push((name, value));
    }
    fn comment_before_tags(&mut self, text: &'t [u8]) {
        self.comment = Some(text);
    }
    fn moved(&mut self, m: RecordedMove) {
        self.moves.push(m);
    }
    fn result(&mut self, result: GameResult) {
        self.result = Some(result);
    }
}

/// The most tags a game read in the quick lane has (exports write 7 to 30).
const QUICK_MAX_TAGS: usize = 64;

/// One of 64 bits for a tag name, from its length and its first and last
/// letters: equal names get the same bit, the usual names mostly different ones.
#[inline(always)]
fn name_bit(name: &[u8]) -> u64 {
    let (first, last) = match name {
        [first, .., last] => (*first, *last),
        [only] => (*only, *only),
        [] => (0, 0),
    };
    let h = (name.len() << 2) ^ usize::from(first) ^ (usize::from(last) << 1);
    1 << (h & 63)
}

/// One game in the quick lane.
struct QuickGame<'t, 'k, R> {
    /// What is kept of the game (nothing, taking no room, for validation).
    record: R,
    /// The position: the standard start until the movetext starts, then the
    /// game's (set up from its tags).
    pos: Position,
    fen: Option<&'t [u8]>,
    setup: Option<&'t [u8]>,
    variant: Option<&'t [u8]>,
    /// The `PlyCount` tag's value, checked against the plies at the end.
    ply_count: Option<&'t [u8]>,
    /// The game's text, where the tag names read are found again.
    text: &'t [u8],
    /// Where each tag read is in [`QuickGame::text`] ([`TagPlace`]), to see
    /// a repeated tag name (which the full judge warns about) and for
    /// [`QuickLane::tags`]; with a bit for each name's [`name_bit`], so that a
    /// name is only compared with the others when its bit is already set.
    tag_names: &'k mut Vec<TagPlace>,
    tag_bits: u64,
    /// The positions since the last capture or pawn move, for repetitions.
    keys: &'k mut History,
    plies: usize,
    /// The last move mated.
    mated: bool,
    /// The last move left too little material to mate: the game is drawn.
    dead: bool,
    /// Warnings about check marks, with where their moves are written.
    warnings: Vec<(Diagnostic, Span)>,
}

impl<'t, R: Recording<'t>> QuickGame<'t, '_, R> {
    /// Sets up the starting position from the tags, once they are all read, and
    /// keeps its key.
    fn start(&mut self) -> Result<(), Unusual> {
        if let Some(v) = self.variant {
            let v = core::str::from_utf8(v).map_err(|_| Unusual)?;
            if crate::replay::variant_of(v) == crate::replay::Variant::Unsupported {
                return Err(Unusual);
            }
        }
        // SetUp "1" without a FEN, or a FEN without SetUp (an error under
        // --strict): `replay` says so.
        if self.fen.is_none() != self.setup.is_none() {
            return Err(Unusual);
        }
        // Without a FEN the game starts where the position already stands.
        if let Some(fen) = self.fen {
            if self.setup.is_some_and(|s| s != b"1") {
                return Err(Unusual);
            }
            let fen = core::str::from_utf8(fen).map_err(|_| Unusual)?;
            // A FEN read with a note (a field completed, a right dropped) is the
            // full replay's to report.
            let (pos, notes) = Position::from_fen_with_notes(fen).map_err(|_| Unusual)?;
            if !notes.is_empty() {
                return Err(Unusual);
            }
            self.pos = pos;
            if self.pos.is_insufficient_material() {
                return Err(Unusual);
            }
        }
        self.keys.push(self.pos.repetition_key());
        self.record.started(&self.pos);
        Ok(())
    }
}

impl<'t, R: Recording<'t>> QuickVisitor<'t> for QuickGame<'t, '_, R> {
    #[inline(always)]
    fn tag(&mut self, name: &'t [u8], value: &'t [u8]) -> Result<(), Unusual> {
        self.record.tag(name, value);
        let value_at = value
            .as_ptr()
            .addr()
            .wrapping_sub(self.text.as_ptr().addr());
        if R::KEEPS_TAG_PLACES {
            self.record
                .tag_at(name, Span::new(value_at, value_at + value.len()));
        }
        // Each name is compared with the ones before it that share its bit: a
        // few dozen tags cost nothing, a hostile game's million would cost a
        // time quadratic in them. Such a game is the full judge's, which is linear.
        if self.tag_names.len() >= QUICK_MAX_TAGS {
            return Err(Unusual);
        }
        let bit = name_bit(name);
        let at = name.as_ptr().addr().wrapping_sub(self.text.as_ptr().addr());
        if self.tag_bits & bit != 0 {
            let text = self.text;
            let repeated = self
                .tag_names
                .iter()
                .any(|&[start, len, ..]| text.get(start..start + len) == Some(name));
            if repeated {
                return Err(Unusual);
            }
        }
        self.tag_bits |= bit;
        self.tag_names.push([at, name.len(), value_at, value.len()]);
        let slot = match name {
            b"FEN" => &mut self.fen,
            b"SetUp" => &mut self.setup,
            b"Variant" => &mut self.variant,
            b"PlyCount" => &mut self.ply_count,
            // A tag value without the standard's form: the full judge warns.
            _ if crate::tags::value_problem(name, value).is_some() => return Err(Unusual),
            _ => return Ok(()),
        };
        match slot.replace(value) {
            Some(_) => Err(Unusual),
            None => Ok(()),
        }
    }

    #[inline(always)]
    fn comment_before_tags(&mut self, text: &'t [u8]) -> Result<(), Unusual> {
        self.record.comment_before_tags(text);
        Ok(())
    }

    #[inline(always)]
    fn movetext_start(&mut self) -> Result<(), Unusual> {
        self.start()
    }

    #[inline(always)]
    fn decoration(&mut self) -> Result<(), Unusual> {
        if R::KEEPS_MOVES { Err(Unusual) } else { Ok(()) }
    }

    /// Every move of a variation is judged, which only the full replay does.
    #[inline(always)]
    fn variation(&mut self) -> Result<(), Unusual> {
        Err(Unusual)
    }

    #[inline]
    fn move_number(&mut self, number: u32, black: bool) -> Result<(), Unusual> {
        let pos = &self.pos;
        if number != pos.fullmove_number() || (black && pos.turn() == Color::White) {
            return Err(Unusual);
        }
        Ok(())
    }

    #[inline(always)]
    fn san(
        &mut self,
        mv: PlainMove,
        marks: PlainMarks,
        number: Option<bool>,
        at: Span,
    ) -> Result<(), Unusual> {
        let first = self.plies == 0;
        let pos = &mut self.pos;
        // Numbering the full parser and replay accept without a word: every White
        // move and the first move numbered, no `12.` before Black's.
        // (As arithmetic rather than branches: the turn and the numbers alternate.)
        let black = pos.turn() == Color::Black;
        if !((number == Some(black)) | (number.is_none() & black & !first)) {
            return Err(Unusual);
        }
        // The rules ended the game before this move: the full replay says so.
        if self.dead || pos.halfmove_clock() >= 150 || self.keys.fivefold() {
            return Err(Unusual);
        }
        let PlainMove::San {
            role,
            from_file,
            from_rank,
            capture,
            to,
            promotion,
        } = mv
        else {
            return self.castle(mv, marks, at);
        };
        let written = (role, (from_file, from_rank), capture, to, promotion);
        // Only the origin comes back (and whether the move takes en passant): a
        // whole move returned would be packed into an integer and unpacked again.
        let Resolved {
            from,
            taking,
            crowded,
        } = resolve_piece(pos, written).ok_or(Unusual)?;
        let en_passant = taking.en_passant;
        let m = piece_move(pos, role, (from, to), promotion, taking);
        // An origin written that the legal moves do not need (`Nge7` where `Ne7`
        // tells it): the full replay warns about it.
        if role != Role::Pawn
            && (from_file.is_some() || from_rank.is_some())
            && !origin_needed(pos, &m, crowded, (from_file.is_some(), from_rank.is_some()))
        {
            return Err(Unusual);
        }
        // Only a record needs the position before the move (none for validation).
        let before = R::KEEPS_MOVES.then(|| Before::of(pos, &m, crowded));
        if en_passant {
            // Out of line, the move by value: no reference to it escapes the loop,
            // whose other moves keep their parts in registers.
            play_out_of_line(pos, m);
        } else {
            pos.play_inlined(&m);
        }
        self.played(&m, marks, at, before)
    }
}

impl<'t, R: Recording<'t>> QuickGame<'t, '_, R> {
    /// Castling, out of the way of other moves.
    #[cold]
    #[inline(never)]
    fn castle(&mut self, mv: PlainMove, marks: PlainMarks, at: Span) -> Result<(), Unusual> {
        let PlainMove::Castle(side) = mv else {
            return Err(Unusual);
        };
        let pos = &mut self.pos;
        let m = pos.castling_move(side).ok_or(Unusual)?;
        let before = R::KEEPS_MOVES.then(|| Before::of(pos, &m, false));
        pos.play_inlined(&m);
        self.played(&m, marks, at, before)
    }

    /// What follows every move `m` just played: its check mark checked, the end of
    /// the game by mate or a dead position noted, the position's key kept (and
    /// the move recorded, with what `before` kept of the position before it).
    #[inline(always)]
    fn played(
        &mut self,
        m: &Move,
        marks: PlainMarks,
        at: Span,
        before: Option<Before>,
    ) -> Result<(), Unusual> {
        let pos = &self.pos;
        self.mated = match marks_hold(pos, marks) {
            Some(mated) => mated,
            None => {
                let ply = u32::try_from(self.plies + 1).map_err(|_| Unusual)?;
                let (mated, warning) = check_mark_warning(pos, marks, at, ply).ok_or(Unusual)?;
                self.warnings.push(warning);
                mated
            }
        };
        // Tested after every move, not only after captures and promotions: the test
        // ends at once while pawns, rooks or queens remain, a branch that predicts
        // well, where "was this a capture" does not.
        if pos.is_insufficient_material() {
            // A dead position: the game is drawn, and the result must say so.
            self.dead = true;
        }
        if m.is_zeroing() {
            self.keys.clear();
        }
        self.keys.push(pos.repetition_key());
        self.plies += 1;
        self.record.played(m, &self.pos);
        if let Some(before) = before {
            let mark = match (self.mated, pos.is_check()) {
                (true, _) => Some(b'#'),
                (false, true) => Some(b'+'),
                (false, false) => None,
            };
            self.record.moved(RecordedMove {
                mv: *m,
                mark,
                annotation: marks.annotation,
                at,
                san: before.san,
                fullmove: before.fullmove,
                turn: before.turn,
            });
        }
        Ok(())
    }
}

/// The keys of the positions since the last capture or pawn move (current one
/// last), and how many fall in each of 64 buckets (by their top six bits): a
/// position seen five times has five keys in its bucket, so nearly every push is
/// done without searching the keys, and whether the game may be over by
/// five-fold repetition is a flag read on every move.
///
/// The keys live in a fixed array: the quick lane plays no move once the
/// halfmove clock reaches 150, so at most 151 positions follow a capture or
/// pawn move; should more come, the history says "maybe five-fold" and the
/// full replay judges the game.
#[derive(Debug, Clone)]
struct History {
    keys: [u64; HISTORY_LEN],
    len: usize,
    buckets: [u8; 64],
    five: bool,
}

/// Room for the positions since the last capture or pawn move (151 at most).
const HISTORY_LEN: usize = 256;

impl Default for History {
    fn default() -> History {
        History {
            keys: [0; HISTORY_LEN],
            len: 0,
            buckets: [0; 64],
            five: false,
        }
    }
}

impl History {
    #[inline]
    fn clear(&mut self) {
        self.len = 0;
        self.buckets = [0; 64];
        self.five = false;
    }

    #[inline(always)]
    fn push(&mut self, key: u64) {
        if self.len >= HISTORY_LEN {
            self.five = true;
            return;
        }
        self.keys[self.len] = key;
        self.len += 1;
        let n = &mut self.buckets[(key >> 58) as usize];
        *n = n.saturating_add(1);
        if *n >= 5 {
            self.five |= self.repeated_five_times();
        }
    }

    /// Whether the last key occurs five times, every second one back (rare: out of line).
    #[cold]
    #[inline(never)]
    fn repeated_five_times(&self) -> bool {
        crate::game::repetitions(&self.keys[..self.len.min(HISTORY_LEN)]) >= 5
    }

    /// Whether the current position may have occurred five times (the keys tell
    /// positions apart less finely than the rules do, so this errs on the side of
    /// yes).
    #[inline(always)]
    fn fivefold(&self) -> bool {
        self.five
    }
}

/// The full replay's warning about the check mark of the move just played at ply
/// `ply`, written at `at` (`after` is the position it led to), with where the
/// move is written, and whether it mated; `None` if there is nothing to say,
/// or for a check or mate mark the move does not fit: that points at a
/// misreading, and the full replay looks for the move it fits.
#[cold]
fn check_mark_warning(
    after: &Position,
    marks: PlainMarks,
    at: Span,
    ply: u32,
) -> Option<(bool, (Diagnostic, Span))> {
    if marks
        .check
        .is_some_and(|c| c == CheckMark::Mate || !after.is_check())
    {
        return None;
    }
    // The check mark comes right before the annotation glyph, if any.
    let mark_at = at.end().checked_sub(marks.len())?;
    let mark = marks.check.map(|c| (c, Span::new(mark_at, mark_at + 1)));
    let (mated, warning) = crate::resolve::check_mark_diagnostic(after, mark, at);
    let mut warning = warning?;
    warning.ply = Some(ply);
    Some((mated, (warning, at)))
}

/// Whether the check and mate marks written are right for the move just played
/// (`after` is the position it led to): `Some(mated)`, or `None` for a mark the
/// full replay would warn about.
#[inline(always)]
fn marks_hold(after: &Position, marks: PlainMarks) -> Option<bool> {
    let gives_check = after.is_check();
    match marks.check {
        None if gives_check => None,
        None => Some(false),
        Some(_) if !gives_check => None,
        Some(CheckMark::Mate) => (!after.has_legal_move()).then_some(true),
        Some(_) => after.has_legal_move().then_some(false),
    }
}

/// A piece move as plain SAN writes it: the piece, the origin's file and rank
/// when written, whether `x` is written, the destination and the promotion.
type WrittenMove = (
    Role,
    (Option<crate::File>, Option<Rank>),
    bool,
    crate::Square,
    Option<Role>,
);

/// Plays a move that is not the usual kind (en passant), out of the way.
#[inline(never)]
fn play_out_of_line(pos: &mut Position, m: Move) {
    pos.play_unchecked(&m);
}

/// The origin of the one legal move a plain SAN piece move names, with its
/// capture mark right, and whether it takes en passant; `None` for anything else
/// (illegal, ambiguous, a wrong capture mark or promotion), which the full
/// resolution explains.
#[inline(always)]
fn resolve_piece(pos: &Position, written: WrittenMove) -> Option<Resolved> {
    let (role, (from_file, from_rank), capture, to, promotion) = written;
    let us = pos.turn();
    let them = us.other();
    let occupied = pos.occupied();
    let enemy_on_to = pos.by_color(them).contains(to);
    // The destination holds an enemy piece exactly when `x` is written (but for en
    // passant), or nothing: never one of ours.
    if occupied.contains(to) && !enemy_on_to {
        return None;
    }
    let ours = pos.by_piece(role.of(us));
    let mut en_passant = false;
    // The promotion, written exactly when a pawn reaches the last rank (the reader
    // takes `=Q` only after a pawn move, so a piece move never has one).
    let promotes = |promotion: Option<Role>| {
        let last = to.rank() == us.fold(Rank::Eighth, Rank::First);
        match promotion {
            None => !last,
            Some(Role::Pawn | Role::King) => false,
            Some(_) => last,
        }
    };
    let mut origins = match role {
        Role::Pawn if capture => {
            if !enemy_on_to {
                if pos.ep_square() != Some(to) {
                    return None;
                }
                en_passant = true;
            }
            if !promotes(promotion) {
                return None;
            }
            pawn_attacks(them, to) & ours
        }
        Role::Pawn => {
            if occupied.contains(to) || !promotes(promotion) {
                return None;
            }
            // The squares one and two steps behind, by shifting (a8 is bit 0, so
            // White's pawns come from higher bits); off the board they are empty.
            let to_bit = Bitboard::from_square(to).0;
            let (one, two) = match us {
                Color::White => (Bitboard(to_bit << 8), Bitboard(to_bit << 16)),
                Color::Black => (Bitboard(to_bit >> 8), Bitboard(to_bit >> 16)),
            };
            // One step or two, selected without a branch (which one a pawn takes
            // is unpredictable): two only through an empty square (so never when
            // one of ours stands one step behind) from the pawns' second rank;
            // neither is caught below, with no origin.
            let double =
                (occupied & one).is_empty() & (to.rank() == us.fold(Rank::Fourth, Rank::Fifth));
            (ours & one) | (ours & two & Bitboard(u64::from(double).wrapping_neg()))
        }
        _ if capture != enemy_on_to || promotion.is_some() => return None,
        Role::Knight => knight_attacks(to) & ours,
        Role::Bishop => bishop_attacks(to, occupied) & ours,
        Role::Rook => rook_attacks(to, occupied) & ours,
        Role::Queen => (rook_attacks(to, occupied) | bishop_attacks(to, occupied)) & ours,
        Role::King => king_attacks(to) & ours,
    };
    // Whether another piece of the kind reaches the square at all (before the
    // written file or rank narrows them down): only then may the move's SAN
    // need its origin written.
    let crowded = origins.more_than_one();
    if let Some(file) = from_file {
        origins &= Bitboard::file(file);
    }
    if let Some(rank) = from_rank {
        origins &= Bitboard::rank(rank);
    }
    let safety = pos.safety()?;
    // Usually one piece of the kind reaches the square: test it alone.
    let from = origins.first()?;
    let from = if origins.more_than_one() {
        only_legal(pos, &safety, (role, en_passant), origins, to)?
    } else if legal_from(pos, &safety, (role, en_passant), from, to) {
        from
    } else {
        return None;
    };
    Some(Resolved {
        from,
        taking: Taking {
            enemy_on_to,
            en_passant,
        },
        crowded,
    })
}

/// Whether the origin written with a piece move (its file, its rank: `written`)
/// is what SAN needs to tell it from the other legal moves of its kind to its
/// square, as [`crate::resolve::over_disambiguation`] judges; `crowded`: other
/// pieces of the kind reach the square at all. Out of line: most moves name no
/// origin.
#[cold]
#[inline(never)]
fn origin_needed(pos: &Position, m: &crate::Move, crowded: bool, written: (bool, bool)) -> bool {
    if !crowded {
        return false;
    }
    let (file, rank) = pos.disambiguation(m);
    (!written.0 || file) && (!written.1 || rank)
}

/// What the lean resolution finds for a piece move: the origin, what it takes
/// (an enemy piece on the destination, or en passant), and whether other pieces
/// of its kind reach the destination.
struct Resolved {
    from: crate::Square,
    taking: Taking,
    crowded: bool,
}

/// The one origin among several (`origins`) from which the `role` piece may go to
/// `to` legally; `None` if none or more than one may (rare: out of line).
#[inline(never)]
fn only_legal(
    pos: &Position,
    safety: &crate::position::Safety,
    kind: (Role, bool),
    origins: Bitboard,
    to: crate::Square,
) -> Option<crate::Square> {
    let mut candidates = origins
        .into_iter()
        .filter(|&f| legal_from(pos, safety, kind, f, to));
    let from = candidates.next()?;
    candidates.next().is_none().then_some(from)
}

/// Whether the `role` piece may go from `from` to `to` without leaving its king in
/// check (inlined: it runs once per move).
#[inline(always)]
fn legal_from(
    pos: &Position,
    safety: &crate::position::Safety,
    (role, en_passant): (Role, bool),
    from: crate::Square,
    to: crate::Square,
) -> bool {
    if en_passant {
        pos.is_safe_en_passant(from, to)
    } else if role == Role::King {
        pos.is_safe_king_step(from, to)
    } else {
        pos.is_safe_non_king(safety, from, to)
    }
}
