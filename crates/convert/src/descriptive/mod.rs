//! Writing moves in English descriptive notation (docs/DESCRIPTIVE.md §5).
//!
//! No book fixes one spelling, so spellings are tried in a fixed preference order
//! (`N-B3`, `N-KB3`, `KN-B3`, `R(1)-Q2`, `N(B3)-Q1`, `N(QB3)-Q1`; `PxP`, `PxQP`, `KPxP`,
//! `BxP(B4)`, ...) and the first one that the strict resolver of `scoresheet-board`
//! (check marks ignored, no tie-break) reads back as exactly the intended move is
//! written. The output therefore always reads back to the same move.

#[cfg(test)]
mod tests;

use scoresheet_board::desc::{DescContext, Origins, resolve_desc};
use scoresheet_board::{
    CastleSide, Color, File, IllegalMove, Move, MoveType, Position, Role, Square,
};
use scoresheet_notation::Severity;
use scoresheet_notation::desc::{parse_desc_move, read_spanish, write_spanish};

/// The letter written for a knight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KnightLetter {
    /// `N`, the modern letter (US books from the 1940s on).
    #[default]
    N,
    /// `Kt`, the older letter (British books, the Blue Book).
    Kt,
}

/// How descriptive moves are written.
///
/// The default is the modern compact style: `N-KB3`, `PxQP`, `O-O`.
///
/// ```
/// use scoresheet_convert::descriptive::{DescStyle, KnightLetter};
/// let style = DescStyle { spaced: true, knight: KnightLetter::Kt, ..DescStyle::default() };
/// assert_ne!(style, DescStyle::default());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DescStyle {
    /// Spaced style, as in *Chess Fundamentals*: `Kt - K B 3`, `Q x P ch`, `R (Q 2) - K 2`.
    pub spaced: bool,
    /// `N` or `Kt`.
    pub knight: KnightLetter,
    /// When a capture needs a qualifier, name the capturer first (`KPxP`) rather than
    /// the victim (`PxQP`, the default). Both are in print; it is a matter of taste.
    pub capturer_first: bool,
    /// Write castling as `Castles` (`Castles KR` / `Castles QR` when both sides are
    /// legal) rather than `O-O` / `O-O-O`.
    pub castles_word: bool,
    /// Spanish descriptive notation (`C3AR`, `PAxPC`, `T1xP`, `P8C=D+`; check `+`,
    /// mate `++`), the same spelling chosen as in English, written with Spanish
    /// letters and the rank before the file (`spaced`, `knight` and
    /// `castles_word` do not apply).
    pub spanish: bool,
}

/// One spelling, in parts: a designation, an optional from-square, what it does.
struct Spelling {
    /// The mover's designation in name units (`["K", "N"]`, `["Q", "B", "P"]`).
    piece: Vec<&'static str>,
    /// A from-square qualifier in name units (`["Q", "B", "3"]`, `["1"]`).
    from: Option<Vec<String>>,
    /// `Some(victim units)` for a capture.
    victim: Option<Vec<&'static str>>,
    /// The destination (moves) or capture square (captures, optional), in name units.
    square: Option<Vec<String>>,
}

impl Spelling {
    fn render(&self, style: &DescStyle, promotion: Option<Role>, en_passant: bool) -> String {
        let (join, dash, takes) = if style.spaced {
            (" ", " - ", " x ")
        } else {
            ("", "-", "x")
        };
        let units = |u: &[&str]| -> String {
            u.iter()
                .map(|s| knight(s, style))
                .collect::<Vec<_>>()
                .join(join)
        };
        let owned = |u: &[String]| -> String {
            u.iter()
                .map(|s| knight(s, style))
                .collect::<Vec<_>>()
                .join(join)
        };
        let mut out = units(&self.piece);
        if let Some(from) = &self.from {
            if style.spaced {
                out.push(' ');
            }
            out.push('(');
            out.push_str(&owned(from));
            out.push(')');
        }
        match &self.victim {
            None => {
                out.push_str(dash);
                out.push_str(&owned(self.square.as_deref().unwrap_or_default()));
            }
            Some(victim) => {
                out.push_str(takes);
                out.push_str(&units(victim));
                if let Some(at) = &self.square {
                    if style.spaced {
                        out.push(' ');
                    }
                    out.push('(');
                    out.push_str(&owned(at));
                    out.push(')');
                }
            }
        }
        if let Some(p) = promotion {
            out.push('=');
            out.push_str(&knight(&p.upper_char().to_string(), style));
        }
        if en_passant {
            out.push_str(" e.p.");
        }
        out
    }
}

/// `N` as the style writes it.
fn knight(unit: &str, style: &DescStyle) -> String {
    match (unit, style.knight) {
        ("N", KnightLetter::Kt) => "Kt".to_owned(),
        _ => unit.to_owned(),
    }
}

fn role_unit(role: Role) -> &'static str {
    match role {
        Role::Pawn => "P",
        Role::Knight => "N",
        Role::Bishop => "B",
        Role::Rook => "R",
        Role::Queen => "Q",
        Role::King => "K",
    }
}

/// The short name of a file: `R`, `N`, `B`, `Q`, `K`.
fn short_file(file: File) -> &'static str {
    match file {
        File::A | File::H => "R",
        File::B | File::G => "N",
        File::C | File::F => "B",
        File::D => "Q",
        File::E => "K",
    }
}

/// The full name of a file in units: `["Q", "R"]` for a, `["K"]` for e.
fn full_file(file: File) -> Vec<&'static str> {
    match file {
        File::D => vec!["Q"],
        File::E => vec!["K"],
        f if f <= File::D => vec!["Q", short_file(f)],
        f => vec!["K", short_file(f)],
    }
}

fn wing_unit(file: File) -> &'static str {
    if file >= File::E { "K" } else { "Q" }
}

/// The rank of `sq` counted from `mover`'s side, `1..=8`.
fn rank_from(sq: Square, mover: Color) -> String {
    (sq.rank().relative_to(mover).index() + 1).to_string()
}

/// `["B", "3"]` or `["Q", "B", "3"]` (`full`), from `mover`'s side.
fn square_units(sq: Square, mover: Color, full: bool) -> Vec<String> {
    let mut units: Vec<String> = if full {
        full_file(sq.file())
            .into_iter()
            .map(str::to_owned)
            .collect()
    } else {
        vec![short_file(sq.file()).to_owned()]
    };
    units.push(rank_from(sq, mover));
    units
}

/// Writes `m` (legal in `pos`) in descriptive notation: the first spelling, in the
/// docs/DESCRIPTIVE.md §5 preference order, that reads back as exactly `m`, then ` ch`,
/// ` dis ch`, ` dbl ch` or ` mate`. `origins` must follow the game as played (see
/// [`Origins`]); it decides when `KN`/`QR` prefixes can tell pieces apart.
///
/// ```
/// use scoresheet_board::Position;
/// use scoresheet_board::desc::Origins;
/// use scoresheet_convert::descriptive::{to_descriptive, DescStyle, KnightLetter};
/// let pos = Position::new();
/// let origins = Origins::from_position(&pos);
/// let nf3 = *pos.legal_moves().iter().find(|m| m.to_uci() == "g1f3").unwrap();
/// assert_eq!(to_descriptive(&pos, &nf3, &origins, &DescStyle::default()), "N-KB3");
/// let kt = DescStyle { spaced: true, knight: KnightLetter::Kt, ..DescStyle::default() };
/// assert_eq!(to_descriptive(&pos, &nf3, &origins, &kt), "Kt - K B 3");
/// ```
#[must_use]
pub fn to_descriptive(pos: &Position, m: &Move, origins: &Origins, style: &DescStyle) -> String {
    if style.spanish {
        let mut out = spell_spanish(pos, m, origins);
        out.push_str(match check_suffix(pos, m) {
            "" => "",
            " mate" => "++",
            _ => "+",
        });
        return out;
    }
    let mut out = spell(pos, m, origins, style);
    out.push_str(check_suffix(pos, m));
    out
}

/// The first spelling of the English preference order that, written in Spanish,
/// reads back as exactly `m` (`C3AR`, `T1xP`).
fn spell_spanish(pos: &Position, m: &Move, origins: &Origins) -> String {
    if let Some(side) = m.castle_side() {
        return match side {
            CastleSide::King => "O-O",
            CastleSide::Queen => "O-O-O",
        }
        .to_owned();
    }
    let style = DescStyle::default();
    let promotion = m.promotion;
    let en_passant = m.kind == MoveType::EnPassant;
    let mut last = String::new();
    for spelling in &candidates(pos, m, origins, false) {
        let english = spelling.render(&style, promotion, en_passant);
        let Ok(written) = parse_desc_move(english.as_bytes(), 0) else {
            continue;
        };
        let scoresheet_notation::MoveKind::Descriptive(d) = &written.kind else {
            continue;
        };
        let spanish = write_spanish(d);
        let back = spanish.replace(' ', "");
        let reads = read_spanish(back.as_bytes(), 0)
            .is_some_and(|w| reads_back_written(pos, origins, &w, m));
        if reads {
            return spanish;
        }
        last = spanish;
    }
    last
}

/// Writes a whole line of moves from `start`, following the origins as it goes.
///
/// # Errors
/// [`IllegalMove`] at the first move that is not legal where it is played.
///
/// ```
/// use scoresheet_board::Position;
/// use scoresheet_convert::descriptive::{line_to_descriptive, DescStyle};
/// let mut pos = Position::new();
/// let mut moves = Vec::new();
/// for uci in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6"] {
///     let m = *pos.legal_moves().iter().find(|m| m.to_uci() == uci).unwrap();
///     pos.play(&m).unwrap();
///     moves.push(m);
/// }
/// let written = line_to_descriptive(&Position::new(), &moves, &DescStyle::default()).unwrap();
/// assert_eq!(written, ["P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5", "P-QR3", "BxN", "QPxB"]);
/// ```
pub fn line_to_descriptive(
    start: &Position,
    moves: &[Move],
    style: &DescStyle,
) -> Result<Vec<String>, IllegalMove> {
    let mut pos = start.clone();
    let mut origins = Origins::from_position(start);
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        let next = pos.after(m)?;
        out.push(to_descriptive(&pos, m, &origins, style));
        origins.play(m);
        pos = next;
    }
    Ok(out)
}

/// Writes a whole line of moves as a printed move table, one numbered row per move
/// pair (`12. P-K4      N-KB3`, `12. ...      N-KB3` when Black moves first), which
/// `scoresheet_notation::desc::read_book` reads back.
///
/// # Errors
/// [`IllegalMove`] at the first move that is not legal where it is played.
///
/// ```
/// use scoresheet_board::Position;
/// use scoresheet_convert::descriptive::{line_to_table, DescStyle};
/// let pos = Position::new();
/// let e4 = *pos.legal_moves().iter().find(|m| m.to_uci() == "e2e4").unwrap();
/// let table = line_to_table(&pos, &[e4], &DescStyle::default()).unwrap();
/// assert_eq!(table, "1. P-K4\n");
/// ```
pub fn line_to_table(
    start: &Position,
    moves: &[Move],
    style: &DescStyle,
) -> Result<String, IllegalMove> {
    let written = line_to_descriptive(start, moves, style)?;
    if written.is_empty() {
        return Ok(String::new());
    }
    let width = written.iter().map(String::len).max().unwrap_or(0).max(3) + 4;
    let mut number = start.fullmove_number();
    let mut out = String::new();
    let mut cells = written.iter();
    let mut black_first = start.turn() == Color::Black;
    loop {
        let white = if black_first {
            black_first = false;
            Some("...")
        } else {
            cells.next().map(String::as_str)
        };
        let Some(white) = white else { break };
        let black = cells.next();
        out.push_str(&format!("{number}. "));
        match black {
            Some(b) => out.push_str(&format!("{white:<width$}{b}")),
            None => out.push_str(white),
        }
        out.push('\n');
        if black.is_none() {
            break;
        }
        number = number.saturating_add(1);
    }
    Ok(out)
}

/// ` mate`, ` dbl ch`, ` dis ch`, ` ch` or nothing.
fn check_suffix(pos: &Position, m: &Move) -> &'static str {
    let mut next = pos.clone();
    next.play_unchecked(m);
    let checkers = next.checkers();
    if checkers.is_empty() {
        ""
    } else if !next.has_legal_move() {
        " mate"
    } else if checkers.more_than_one() {
        " dbl ch"
    } else if !m.is_castle() && !checkers.contains(m.to) {
        " dis ch"
    } else {
        " ch"
    }
}

fn spell(pos: &Position, m: &Move, origins: &Origins, style: &DescStyle) -> String {
    if let Some(side) = m.castle_side() {
        let (zeros, word) = match side {
            CastleSide::King => ("O-O", "Castles KR"),
            CastleSide::Queen => ("O-O-O", "Castles QR"),
        };
        if style.castles_word && reads_back(pos, origins, "Castles", m) {
            return "Castles".to_owned();
        }
        return if style.castles_word { word } else { zeros }.to_owned();
    }
    let candidates = candidates(pos, m, origins, style.capturer_first);
    let promotion = m.promotion;
    let en_passant = m.kind == MoveType::EnPassant;
    let mut last = String::new();
    for spelling in &candidates {
        let text = spelling.render(style, promotion, en_passant);
        if reads_back(pos, origins, &text, m) {
            return text;
        }
        last = text;
    }
    // The last candidate names both full squares; only an impossible position (two
    // pieces on one square) could leave it ambiguous. Write it anyway.
    last
}

/// Whether `text` reads as exactly `m` under strict rules without check marks or
/// tie-breaks, and without any warning.
fn reads_back(pos: &Position, origins: &Origins, text: &str, m: &Move) -> bool {
    let Ok(written) = parse_desc_move(text.as_bytes(), 0) else {
        return false;
    };
    reads_back_written(pos, origins, &written, m)
}

/// Whether a move as read resolves to exactly `m` under strict rules without
/// check marks or tie-breaks, and without any warning.
fn reads_back_written(
    pos: &Position,
    origins: &Origins,
    written: &scoresheet_notation::WrittenMove,
    m: &Move,
) -> bool {
    let ctx = DescContext {
        lenient: false,
        check_marker: false,
        last_move: None,
    };
    resolve_desc(pos, origins, written, &ctx)
        .is_ok_and(|r| r.mv == *m && r.notes.iter().all(|n| n.severity < Severity::Warning))
}

/// Every spelling worth trying for `m`, in preference order.
fn candidates(pos: &Position, m: &Move, origins: &Origins, capturer_first: bool) -> Vec<Spelling> {
    let mover = pos.turn();
    let role = role_unit(m.role);
    // Designations of the mover, plain first.
    let mut pieces: Vec<Vec<&'static str>> = vec![vec![role]];
    if m.role == Role::Pawn {
        pieces.push(vec![short_file(m.from.file()), "P"]);
        let mut full = full_file(m.from.file());
        full.push("P");
        pieces.push(full);
    } else if matches!(m.role, Role::Rook | Role::Knight | Role::Bishop) {
        if let Some(wing) = origins.wing_at(m.from) {
            pieces.push(vec![wing_letter(wing), role]);
        }
        pieces.push(vec![wing_unit(m.from.file()), role]);
    }
    dedup(&mut pieces);
    let froms: Vec<Vec<String>> = vec![
        vec![rank_from(m.from, mover)],
        square_units(m.from, mover, false),
        square_units(m.from, mover, true),
    ];
    let mut out = Vec::new();
    match m.capture {
        None => {
            let dests = [
                square_units(m.to, mover, false),
                square_units(m.to, mover, true),
            ];
            for piece in &pieces {
                for dest in &dests {
                    out.push(Spelling {
                        piece: piece.clone(),
                        from: None,
                        victim: None,
                        square: Some(dest.clone()),
                    });
                }
            }
            for from in &froms {
                for dest in &dests {
                    out.push(Spelling {
                        piece: vec![role],
                        from: Some(from.clone()),
                        victim: None,
                        square: Some(dest.clone()),
                    });
                }
            }
        }
        Some(captured) => {
            let victim_sq = match m.kind {
                MoveType::EnPassant => Square::from_coords(m.to.file(), m.from.rank()),
                _ => m.to,
            };
            let victim_role = role_unit(captured);
            let mut victims: Vec<Vec<&'static str>> = vec![vec![victim_role]];
            if captured == Role::Pawn {
                victims.push(vec![short_file(victim_sq.file()), "P"]);
                let mut full = full_file(victim_sq.file());
                full.push("P");
                victims.push(full);
            } else if matches!(captured, Role::Rook | Role::Knight | Role::Bishop) {
                if let Some(wing) = origins.wing_at(victim_sq) {
                    victims.push(vec![wing_letter(wing), victim_role]);
                }
                victims.push(vec![wing_unit(victim_sq.file()), victim_role]);
            }
            dedup(&mut victims);
            let ats = [
                square_units(m.to, mover, false),
                square_units(m.to, mover, true),
            ];
            // Victim qualified first, then mover qualified, then both (or the other way
            // round when the style names the capturer first).
            let mut pairs: Vec<(&Vec<&'static str>, &Vec<&'static str>)> = Vec::new();
            if capturer_first {
                for victim in &victims {
                    for piece in &pieces {
                        pairs.push((piece, victim));
                    }
                }
            } else {
                for piece in &pieces {
                    for victim in &victims {
                        pairs.push((piece, victim));
                    }
                }
            }
            for (piece, victim) in pairs {
                out.push(Spelling {
                    piece: piece.clone(),
                    from: None,
                    victim: Some(victim.clone()),
                    square: None,
                });
            }
            for piece in &pieces {
                for at in &ats {
                    out.push(Spelling {
                        piece: piece.clone(),
                        from: None,
                        victim: Some(vec![victim_role]),
                        square: Some(at.clone()),
                    });
                }
            }
            for from in &froms {
                out.push(Spelling {
                    piece: vec![role],
                    from: Some(from.clone()),
                    victim: Some(vec![victim_role]),
                    square: None,
                });
            }
            for from in &froms {
                for at in &ats {
                    out.push(Spelling {
                        piece: vec![role],
                        from: Some(from.clone()),
                        victim: Some(vec![victim_role]),
                        square: Some(at.clone()),
                    });
                }
            }
        }
    }
    out
}

fn wing_letter(wing: scoresheet_notation::desc::Wing) -> &'static str {
    match wing {
        scoresheet_notation::desc::Wing::King => "K",
        scoresheet_notation::desc::Wing::Queen => "Q",
    }
}

fn dedup<T: PartialEq>(list: &mut Vec<T>) {
    let mut i = 0;
    while i < list.len() {
        if list[..i].contains(&list[i]) {
            list.remove(i);
        } else {
            i += 1;
        }
    }
}
