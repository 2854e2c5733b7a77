//! Duplicate games: a fixed-size key per game, and the set of keys seen.
//!
//! Two games are the same when they start from the same position and play the
//! same main-line moves, whatever notation wrote them (`Nf3`, `Ng1-f3` and
//! `g1f3` are one move: the key is made of the resolved [`Move`]s, never of
//! the text); with [`DedupBy::Tags`] they must also have the same Event, Site,
//! Date, Round, White, Black and Result tags (a missing tag differs from every
//! value, the empty one included).
//!
//! A [`GameKey`] is 128 bits of XXH3 over the start position's Zobrist hash
//! (placement, side to move, castling rights, an en passant capture), the
//! moves (two bytes each: origin, destination, promotion, castling or null)
//! and, with tags, the seven values. Two different games get the same key with
//! odds of about `n² / 2¹²⁹` among `n` games: below 10⁻²⁰ for 100 million.
//! (Start positions are told apart by their 64-bit Zobrist hash: two different
//! start positions share it with odds of 2⁻⁶⁴, and then would still need the
//! same legal moves.) [`Seen`] keeps 24 bytes per distinct game in a hash
//! table, about 3.4 GB for 100 million games (up to 5 GB while it grows).
//!
//! ```
//! use scoresheet_board::dedup::{DedupBy, KeyBuilder, Seen};
//! use scoresheet_board::quick::QuickLane;
//! let mut lane = QuickLane::default();
//! let mut keys = KeyBuilder::new(DedupBy::Moves);
//! let mut seen = Seen::default();
//! let a = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n";
//! let b = b"[Event \"b\"]\n\n1. e4 e5 2. Nf3 1-0\n";
//! lane.replay_keyed(a, &mut keys).unwrap();
//! assert_eq!(seen.check(keys.finish(), 0), None);
//! lane.replay_keyed(b, &mut keys).unwrap();
//! // The same moves from the same start: a duplicate of the game numbered 0.
//! assert_eq!(seen.check(keys.finish(), 1), Some(0));
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::replay::Replay;
use crate::{Move, MoveType, Position};

/// What makes two games the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DedupBy {
    /// The start position and the main line's moves.
    Moves,
    /// Those, and the seven tags of the roster: Event, Site, Date, Round,
    /// White, Black and Result.
    Tags,
}

/// The seven tags of the roster, in the order they enter a key.
pub const ROSTER: [&[u8]; 7] = [
    b"Event", b"Site", b"Date", b"Round", b"White", b"Black", b"Result",
];

/// A game's key: equal for the same game, different (but for the odds in the
/// [module documentation](self)) for different ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameKey(pub [u64; 2]);

impl std::hash::Hash for GameKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Already a hash: half of it is enough for a table.
        state.write_u64(self.0[0]);
    }
}

/// Makes [`GameKey`]s, keeping its buffers from game to game: fed the start
/// position, the moves and the tags of one game (in any order, after
/// [`KeyBuilder::clear`]), it gives the game's key with [`KeyBuilder::finish`].
#[derive(Debug, Clone)]
pub struct KeyBuilder {
    by: DedupBy,
    /// The standard start's Zobrist hash, computed once.
    standard: u64,
    start: u64,
    /// The moves, two bytes each; then, while [`KeyBuilder::finish`] hashes,
    /// the tags.
    moves: Vec<u8>,
    /// The value of each roster tag (the first of its name), when `by` is `Tags`.
    tags: [Vec<u8>; 7],
    /// Which of `tags` the game has, a bit each.
    present: u8,
}

impl KeyBuilder {
    /// A builder of keys that compare games `by` moves or moves and tags.
    #[must_use]
    pub fn new(by: DedupBy) -> KeyBuilder {
        let standard = Position::new().zobrist();
        KeyBuilder {
            by,
            standard,
            start: standard,
            moves: Vec::new(),
            tags: Default::default(),
            present: 0,
        }
    }

    /// What the keys compare.
    #[must_use]
    pub fn by(&self) -> DedupBy {
        self.by
    }

    /// Forgets the game fed so far: the next starts from the standard position.
    pub fn clear(&mut self) {
        self.start = self.standard;
        self.moves.clear();
        self.present = 0;
    }

    /// The game starts from `pos`.
    #[inline]
    pub fn start(&mut self, pos: &Position) {
        self.start = pos.zobrist();
    }

    /// The next main-line move.
    #[inline(always)]
    pub fn push(&mut self, m: &Move) {
        let promotion = m.promotion.map_or(0, |r| r.index() as u16 + 1) & 7;
        let special = u16::from(!matches!(m.kind, MoveType::Normal | MoveType::EnPassant));
        let code = u16::from(m.from.index() & 63)
            | (u16::from(m.to.index() & 63) << 6)
            | (promotion << 12)
            | (special << 15);
        self.moves.extend_from_slice(&code.to_le_bytes());
    }

    /// A tag of the game: kept if it is one of the [`ROSTER`] (its first
    /// occurrence) and the keys compare tags.
    #[inline]
    pub fn tag(&mut self, name: &[u8], value: &[u8]) {
        if self.by != DedupBy::Tags {
            return;
        }
        let Some(slot) = ROSTER.iter().position(|r| *r == name) else {
            return;
        };
        let bit = 1 << slot;
        if self.present & bit == 0 {
            if let Some(t) = self.tags.get_mut(slot) {
                t.clear();
                t.extend_from_slice(value);
                self.present |= bit;
            }
        }
    }

    /// Feeds a game the full replay played: its start, its main line and
    /// (for [`DedupBy::Tags`]) the decoded values of its tags, if it has any
    /// (a book's game has none).
    pub fn replayed(&mut self, r: &Replay, game: Option<&scoresheet_notation::pgn::Game<'_>>) {
        self.clear();
        self.start(&r.start);
        for m in &r.moves {
            self.push(m);
        }
        if let Some(game) = game.filter(|_| self.by == DedupBy::Tags) {
            for t in &game.tags {
                self.tag(t.name, t.value().as_bytes());
            }
        }
    }

    /// The key of the game fed since [`KeyBuilder::clear`].
    #[must_use]
    pub fn finish(&mut self) -> GameKey {
        // One buffer hashed at once (XXH3's fastest way): the moves, then their
        // count, the start, the kind of key, and the tags.
        let moves = self.moves.len();
        let buf = &mut self.moves;
        buf.extend_from_slice(&(moves as u64).to_le_bytes());
        buf.extend_from_slice(&self.start.to_le_bytes());
        buf.push(self.by as u8);
        if self.by == DedupBy::Tags {
            for (slot, v) in self.tags.iter().enumerate() {
                if self.present & (1 << slot) == 0 {
                    buf.push(0);
                } else {
                    buf.push(1);
                    buf.extend_from_slice(&(v.len() as u64).to_le_bytes());
                    buf.extend_from_slice(v);
                }
            }
        }
        let k = xxhash_rust::xxh3::xxh3_128(buf);
        buf.truncate(moves);
        GameKey([k as u64, (k >> 64) as u64])
    }
}

/// The keys of the games seen so far, each with the number the caller gave
/// its game (for example the game's place in the input): 24 bytes a game.
#[derive(Debug, Clone, Default)]
pub struct Seen {
    keys: HashMap<GameKey, u64, BuildHasherDefault<KeyHasher>>,
}

impl Seen {
    /// Whether a game with this key was seen: the number of the first such
    /// game, or `None`, and then `game` is kept as the first of its key.
    pub fn check(&mut self, key: GameKey, game: u64) -> Option<u64> {
        match self.keys.entry(key) {
            std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(game);
                None
            }
        }
    }

    /// The number of distinct games seen.
    #[must_use]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no game was seen.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// A [`GameKey`] is already a hash: the table takes its first half as it is.
#[derive(Debug, Clone, Copy, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Not reached for a `GameKey` (which writes one u64), but right for any bytes.
        for b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(*b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

#[cfg(test)]
mod tests;
