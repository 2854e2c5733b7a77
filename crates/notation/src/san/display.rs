//! The canonical text of a move AST: what a strict writer would print for what was read.

use core::fmt;

use crate::ast::{
    CastleMove, CastleSide, CheckMark, LanMove, MoveKind, SanMove, Suffix, WrittenMove,
};
use crate::types::Role;

impl fmt::Display for SanMove {
    /// `Nf3`, `Rcf1`, `exd8=Q`: the piece letter, hints, `x`, destination, promotion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.role != Role::Pawn {
            write!(f, "{}", self.role.upper_char())?;
        }
        if let Some(file) = self.from_file {
            write!(f, "{file}")?;
        }
        if let Some(rank) = self.from_rank {
            write!(f, "{rank}")?;
        }
        if self.capture.is_some() {
            f.write_str("x")?;
        }
        write!(f, "{}", self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "={}", p.upper_char())?;
        }
        Ok(())
    }
}

impl fmt::Display for LanMove {
    /// `Ng1-f3`, `e7xd8=Q`, `Nd7xNe5`, or UCI `g1f3`, `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(role) = self.role {
            write!(f, "{}", role.upper_char())?;
        }
        write!(f, "{}", self.from)?;
        match self.capture {
            Some(true) => f.write_str("x")?,
            Some(false) => f.write_str("-")?,
            None => {}
        }
        if let Some(role) = self.captured {
            write!(f, "{}", role.upper_char())?;
        }
        write!(f, "{}", self.to)?;
        if let Some(p) = self.promotion {
            if self.capture.is_none() {
                write!(f, "{}", p.char())?;
            } else {
                write!(f, "={}", p.upper_char())?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for CastleMove {
    /// `O-O`, `O-O-O` (`0-0` when written with zeros), or `Castles` when no side was named.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.side, self.zeros) {
            (Some(CastleSide::King), false) => "O-O",
            (Some(CastleSide::Queen), false) => "O-O-O",
            (Some(CastleSide::King), true) => "0-0",
            (Some(CastleSide::Queen), true) => "0-0-0",
            (None, _) => "Castles",
        })
    }
}

impl fmt::Display for CheckMark {
    /// `+`, `++` or `#` (discovered and double checks print as `+`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CheckMark::Check | CheckMark::DiscoveredCheck | CheckMark::DoubleCheck => "+",
            CheckMark::PlusPlus => "++",
            CheckMark::Mate => "#",
        })
    }
}

impl fmt::Display for Suffix {
    /// `e.p.`, then the check mark, then the annotation glyph.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.en_passant.is_some() {
            f.write_str("e.p.")?;
        }
        if let Some((c, _)) = self.check {
            write!(f, "{c}")?;
        }
        if let Some((a, _)) = self.annotation {
            f.write_str(a.glyph())?;
        }
        Ok(())
    }
}

impl fmt::Display for MoveKind {
    /// The move without its suffix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveKind::San(m) => write!(f, "{m}"),
            MoveKind::Lan(m) => write!(f, "{m}"),
            MoveKind::Castle(m) => write!(f, "{m}"),
            MoveKind::Null => f.write_str("--"),
            MoveKind::Descriptive(d) => write!(f, "{d}"),
            MoveKind::FileCapture(m) => write!(f, "{}{}:", m.from.char(), m.to.char()),
        }
    }
}

impl fmt::Display for WrittenMove {
    /// The move and its suffix, as one token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind, self.suffix)
    }
}
