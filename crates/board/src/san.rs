//! Standard algebraic notation for moves in a position.

use crate::attacks::attacks;
use crate::{Move, MoveType, Position, Role};

impl Position {
    /// SAN with the check or mate suffix: `Nf3`, `exd5`, `e8=Q+`, `O-O-O#`.
    ///
    /// ```
    /// use scoresheet_board::Position;
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let m = *pos.legal_moves().iter().find(|m| m.to_uci() == "a1a8").unwrap();
    /// assert_eq!(pos.san(&m), "Rxa8+");
    /// ```
    #[must_use]
    pub fn san(&self, m: &Move) -> String {
        let mut s = self.san_plain(m);
        if m.is_null() {
            return s;
        }
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.is_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// SAN without a check or mate suffix, with minimal disambiguation (file, else rank,
    /// else the whole square).
    #[must_use]
    pub fn san_plain(&self, m: &Move) -> String {
        let (bytes, len) = self.san_plain_bytes(m);
        bytes
            .get(..usize::from(len))
            .unwrap_or_default()
            .iter()
            .map(|&b| char::from(b))
            .collect()
    }

    /// [`Position::san_plain`] as ASCII bytes and their count (at most 7, as in
    /// `Qa1xb2` or `exd8=Q`), without allocating: for writers that convert
    /// many moves.
    ///
    /// ```
    /// use scoresheet_board::Position;
    /// let pos = Position::new();
    /// let m = *pos.legal_moves().iter().find(|m| m.to_uci() == "g1f3").unwrap();
    /// let (bytes, len) = pos.san_plain_bytes(&m);
    /// assert_eq!(&bytes[..usize::from(len)], b"Nf3");
    /// ```
    #[must_use]
    pub fn san_plain_bytes(&self, m: &Move) -> ([u8; 8], u8) {
        self.san_plain_bytes_with(m, true)
    }

    /// [`Position::san_plain_bytes`], told whether other pieces of the moving kind
    /// reach the destination at all (`crowded`): when none do, the origin is
    /// never written and no legal move is looked for.
    #[inline]
    pub(crate) fn san_plain_bytes_with(&self, m: &Move, crowded: bool) -> ([u8; 8], u8) {
        let mut out = [0u8; 8];
        let mut len = 0u8;
        let mut push = |b: u8| {
            if let Some(slot) = out.get_mut(usize::from(len)) {
                *slot = b;
                len += 1;
            }
        };
        match m.kind {
            MoveType::Null => {
                push(b'-');
                push(b'-');
            }
            MoveType::Castle { .. } => {
                for &b in m.to_lan().as_bytes() {
                    push(b);
                }
            }
            _ => {
                if m.role == Role::Pawn {
                    if m.is_capture() {
                        push(m.from.file().char() as u8);
                    }
                } else {
                    push(m.role.upper_char() as u8);
                    if m.role != Role::King && crowded {
                        let (file, rank) = self.disambiguation(m);
                        if file {
                            push(m.from.file().char() as u8);
                        }
                        if rank {
                            push(m.from.rank().char() as u8);
                        }
                    }
                }
                if m.is_capture() {
                    push(b'x');
                }
                push(m.to.file().char() as u8);
                push(m.to.rank().char() as u8);
                if let Some(p) = m.promotion {
                    push(b'=');
                    push(p.upper_char() as u8);
                }
            }
        }
        (out, len)
    }

    /// Whether SAN needs the origin file and/or rank to tell `m` from the other legal
    /// moves of the same piece kind to the same square.
    pub(crate) fn disambiguation(&self, m: &Move) -> (bool, bool) {
        let piece = m.role.of(self.turn());
        let Some(safety) = self.safety() else {
            return (false, false);
        };
        let others = (attacks(piece, m.to, self.occupied()) & self.by_piece(piece)).without(m.from);
        let mut rivals = others.filter(|&from| self.is_safe_non_king(&safety, from, m.to));
        let mut any = false;
        let mut same_file = false;
        let mut same_rank = false;
        for from in &mut rivals {
            any = true;
            same_file |= from.file() == m.from.file();
            same_rank |= from.rank() == m.from.rank();
        }
        match (any, same_file, same_rank) {
            (false, _, _) => (false, false),
            (true, false, _) => (true, false),
            (true, true, false) => (false, true),
            (true, true, true) => (true, true),
        }
    }
}
