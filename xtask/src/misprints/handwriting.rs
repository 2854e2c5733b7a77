//! A second, independently written maker of synthetic transcriptions for the
//! decoder, with another noise model than [`super::decoder`]'s, so that a
//! decoder tuned on one is measured on the other.
//!
//! The model is a handwriting recogniser or a language model reading a
//! scoresheet: each game is written in one notation (English SAN mostly, other
//! languages' piece letters, long algebraic, UCI, English descriptive, or a
//! mixture ply by ply); each ply's readings are the true spelling and up to
//! three others: one or two handwriting confusions (weighted: `1`/`7`, `a`/`d`,
//! `4`/`9`, `b`/`B`, `N`/`H`, `Q`/`O`, ...), a mark added, dropped or swapped,
//! a character dropped or two swapped, a legal move near the true one (the same
//! piece one square off, or another piece to the same square) or the true
//! move in another notation. The probabilities are log-normal draws, sorted,
//! and the true move takes each rank as often as its probability says (as
//! with a calibrated recogniser; the first of [`super::decoder`]'s noise
//! models puts it first in 19 plies of 20 whatever the probabilities).

use scoresheet_board::misprint::read_any;
use scoresheet_board::{Move, MoveType, Position, Role};

use super::Rng;

/// Handwriting confusions, each both ways, with a weight (how often a
/// recogniser makes it relative to the others).
const CONFUSIONS: &[(u8, u8, u32)] = &[
    (b'1', b'7', 3),
    (b'4', b'9', 2),
    (b'5', b'6', 2),
    (b'3', b'8', 2),
    (b'3', b'5', 1),
    (b'2', b'7', 1),
    (b'2', b'Z', 1),
    (b'5', b'S', 1),
    (b'6', b'b', 2),
    (b'0', b'O', 1),
    (b'8', b'B', 1),
    (b'1', b'l', 1),
    (b'a', b'd', 3),
    (b'a', b'o', 1),
    (b'c', b'e', 3),
    (b'e', b'o', 1),
    (b'b', b'h', 2),
    (b'f', b't', 2),
    (b'g', b'q', 2),
    (b'g', b'9', 2),
    (b'h', b'n', 2),
    (b'b', b'B', 2),
    (b'N', b'H', 1),
    (b'N', b'K', 1),
    (b'R', b'K', 1),
    (b'R', b'P', 1),
    (b'B', b'R', 1),
    (b'Q', b'O', 2),
    (b'Q', b'G', 1),
    (b'x', b'+', 1),
    (b'-', b'x', 1),
];

/// How a game is written.
#[derive(Clone, Copy, PartialEq)]
enum Notation {
    San,
    /// SAN with another language's piece letters (king, queen, rook, bishop,
    /// knight).
    Letters(&'static [u8; 5]),
    Lan,
    Uci,
    Descriptive,
}

/// Other languages' piece letters: German, French, Spanish, Dutch, Polish,
/// Swedish.
const LETTERS: &[&[u8; 5]] = &[b"KDTLS", b"RDTFC", b"RDTAC", b"KDTLP", b"KHWGS", b"KDTLS"];

/// A notation for a whole game: English SAN in half the games.
fn game_notation(rng: &mut Rng) -> Option<Notation> {
    Some(match rng.below(20) {
        0..=9 => Notation::San,
        10..=12 => Notation::Letters(LETTERS[rng.below(LETTERS.len())]),
        13..=14 => Notation::Lan,
        15 => Notation::Uci,
        16..=17 => Notation::Descriptive,
        // Mixed: each ply its own.
        _ => return None,
    })
}

fn ply_notation(rng: &mut Rng) -> Notation {
    loop {
        if let Some(n) = game_notation(rng) {
            return n;
        }
    }
}

/// `m` spelt in `notation` in `pos` (descriptive falls back to SAN where a
/// short descriptive spelling would be ambiguous).
fn spell(pos: &Position, m: &Move, notation: Notation) -> String {
    match notation {
        Notation::San => pos.san(m),
        Notation::Letters(letters) => pos
            .san(m)
            .bytes()
            .map(|b| match b {
                b'K' => letters[0],
                b'Q' => letters[1],
                b'R' => letters[2],
                b'B' => letters[3],
                b'N' => letters[4],
                b => b,
            })
            .map(char::from)
            .collect(),
        Notation::Lan => m.to_lan(),
        Notation::Uci => m.to_uci(),
        Notation::Descriptive => descriptive(pos, m).unwrap_or_else(|| pos.san(m)),
    }
}

/// The English descriptive spelling of a move when one short spelling names
/// it alone: `P-K4`, `N-KB3`, `QxN`, `O-O`.
fn descriptive(pos: &Position, m: &Move) -> Option<String> {
    if matches!(m.kind, MoveType::Castle { .. }) {
        return Some(pos.san(m).trim_end_matches(['+', '#']).to_owned());
    }
    if m.promotion.is_some() {
        return None;
    }
    let letter = |r: Role| match r {
        Role::Pawn => 'P',
        Role::Knight => 'N',
        Role::Bishop => 'B',
        Role::Rook => 'R',
        Role::Queen => 'Q',
        Role::King => 'K',
    };
    let legal = pos.legal_moves();
    if let Some(captured) = m.capture {
        // `NxB`: only when no other capture of that piece by that kind of piece.
        let same = legal
            .iter()
            .filter(|o| o.role == m.role && o.capture == Some(captured))
            .count();
        return (same == 1).then(|| format!("{}x{}", letter(m.role), letter(captured)));
    }
    let same = legal
        .iter()
        .filter(|o| o.role == m.role && o.to == m.to && o.capture.is_none())
        .count();
    if same != 1 {
        return None;
    }
    const FILES: [&str; 8] = ["QR", "QN", "QB", "Q", "K", "KB", "KN", "KR"];
    let index = usize::from(m.to.index());
    let (file, row) = (index % 8, index / 8);
    let rank = if pos.turn() == scoresheet_board::Color::White {
        8 - row
    } else {
        row + 1
    };
    Some(format!("{}-{}{}", letter(m.role), FILES[file], rank))
}

/// One or two weighted handwriting confusions of `t` (none when it has no
/// character that is confused).
fn confuse(t: &str, times: usize, rng: &mut Rng) -> Option<String> {
    let mut bytes = t.as_bytes().to_vec();
    for _ in 0..times {
        let places: Vec<(usize, u8, u32)> = bytes
            .iter()
            .enumerate()
            .flat_map(|(i, &c)| {
                CONFUSIONS.iter().filter_map(move |&(a, b, w)| {
                    (c == a)
                        .then_some((i, b, w))
                        .or((c == b).then_some((i, a, w)))
                })
            })
            .collect();
        let total: u32 = places.iter().map(|p| p.2).sum();
        if total == 0 {
            return None;
        }
        let mut roll = rng.below(total as usize) as u32;
        for &(i, to, w) in &places {
            if roll < w {
                bytes[i] = to;
                break;
            }
            roll -= w;
        }
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// A mark added, dropped or changed, a character dropped, or two neighbours
/// swapped.
fn slip(t: &str, rng: &mut Rng) -> Option<String> {
    let mut b = t.as_bytes().to_vec();
    match rng.below(5) {
        0 => {
            if b.last() == Some(&b'+') {
                b.pop();
            } else {
                b.push(b'+');
            }
        }
        1 => {
            if let Some(i) = b.iter().position(|&c| c == b'x') {
                b.remove(i);
            } else if b.len() >= 3 && b[0].is_ascii_uppercase() {
                b.insert(1, b'x');
            } else {
                return None;
            }
        }
        2 => {
            if b.len() < 3 {
                return None;
            }
            let i = rng.below(b.len());
            b.remove(i);
        }
        _ => {
            if b.len() < 2 {
                return None;
            }
            let i = rng.below(b.len() - 1);
            b.swap(i, i + 1);
        }
    }
    Some(String::from_utf8_lossy(&b).into_owned())
}

/// A legal move near `m`: the same kind of piece to a square next to `m`'s
/// destination, or another piece to the same square.
fn neighbour(pos: &Position, m: &Move, rng: &mut Rng) -> Option<Move> {
    let (f, r) = (i32::from(m.to.index() % 8), i32::from(m.to.index() / 8));
    let near: Vec<Move> = pos
        .legal_moves()
        .iter()
        .filter(|o| *o != m)
        .filter(|o| {
            let (g, s) = (i32::from(o.to.index() % 8), i32::from(o.to.index() / 8));
            let adjacent = (f - g).abs() <= 1 && (r - s).abs() <= 1;
            (o.role == m.role && adjacent) || o.to == m.to
        })
        .copied()
        .collect();
    (!near.is_empty()).then(|| near[rng.below(near.len())])
}

/// Each ply's readings with their probabilities, the true moves in UCI, and
/// the true game's probability.
pub(super) type Transcribed = (Vec<Vec<(String, f64)>>, Vec<String>, f64);

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut Rng) -> f64 {
    let u = rng.unit().max(1e-12);
    let v = rng.unit();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A transcription of a game given as its printed tokens: each ply's readings
/// and probabilities, the true moves in UCI and the true game's probability
/// (the product of its readings'). `None` when the tokens do not replay (the
/// game is left out).
pub(super) fn transcribe(tokens: &[&str], rng: &mut Rng) -> Option<Transcribed> {
    let mut pos = Position::new();
    let whole = game_notation(rng);
    let mut plies = Vec::with_capacity(tokens.len());
    let mut truth = Vec::with_capacity(tokens.len());
    let mut true_p = 1.0;
    for token in tokens {
        let m = read_any(&pos, token.as_bytes())?;
        let notation = whole.unwrap_or_else(|| ply_notation(rng));
        let true_text = spell(&pos, &m, notation);
        let mut texts = vec![true_text.clone()];
        let others = match rng.below(20) {
            0..=4 => 0,
            5..=11 => 1,
            12..=16 => 2,
            _ => 3,
        };
        for _ in 0..others * 3 {
            if texts.len() > others {
                break;
            }
            let roll = rng.below(100);
            let text = match roll {
                0..=49 => confuse(&true_text, 1, rng),
                50..=59 => confuse(&true_text, 2, rng),
                60..=79 => slip(&true_text, rng),
                80..=91 => neighbour(&pos, &m, rng).map(|n| spell(&pos, &n, notation)),
                _ => Some(spell(&pos, &m, ply_notation(rng))),
            };
            if let Some(text) = text.filter(|t| !t.is_empty() && !texts.contains(t)) {
                texts.push(text);
            }
        }
        let n = texts.len();
        // Log-normal scores, the highest first; a share of the mass left out
        // (the recogniser's other, unlisted readings).
        let mut ps: Vec<f64> = (0..n).map(|_| (1.2 * normal(rng)).exp()).collect();
        ps.sort_by(|a, b| b.total_cmp(a));
        let sum: f64 = ps.iter().sum();
        let mass = 0.8 + 0.2 * rng.unit();
        let ps: Vec<f64> = ps.iter().map(|p| mass * p / sum).collect();
        // The true move's rank drawn as a calibrated recogniser's would be:
        // each rank as often as its probability says.
        let mut roll = rng.unit() * mass;
        let mut rank = 0;
        while rank + 1 < n && roll >= ps[rank] {
            roll -= ps[rank];
            rank += 1;
        }
        texts.swap(0, rank);
        true_p *= ps[rank];
        plies.push(texts.into_iter().zip(ps).collect());
        truth.push(m.to_uci());
        pos.play_unchecked(&m);
    }
    Some((plies, truth, true_p))
}
