//! A third maker of synthetic transcriptions for the decoder, written from
//! another angle than [`super::handwriting`] and the OCR model: a language
//! model transcribing a scoresheet photo. Its mistakes are not misread
//! characters but plausible moves: the right move with the wrong
//! disambiguation (`Nbd7` as `Nfd7` or `Nd7`), a destination one file or one
//! rank off (`Rd1` as `Re1`, `Qc2` as `Qc3`), the other column's move of the
//! same move number (White's move read in Black's ply), a capture mark or a
//! check mark added or dropped; the check marks of the true reading are
//! dropped in a fifth of the games (a model that leaves them out). It is
//! overconfident: its first reading gets 0.6 to 0.95 and is wrong in one ply
//! of five that have alternatives.

use scoresheet_board::Position;
use scoresheet_board::misprint::read_any;

use super::Rng;
use super::handwriting::Transcribed;

const FILES: &[u8] = b"abcdefgh";
const RANKS: &[u8] = b"12345678";

/// `san` with its destination's file or rank moved one step (`None` when the
/// step leaves the board or the text has no destination square).
fn square_off(san: &str, rng: &mut Rng) -> Option<String> {
    let b = san.as_bytes();
    // The destination: the last file letter followed by a rank digit.
    let at = (0..b.len().saturating_sub(1))
        .rev()
        .find(|&i| FILES.contains(&b[i]) && RANKS.contains(&b[i + 1]))?;
    let (i, set) = if rng.below(2) == 0 {
        (at, FILES)
    } else {
        (at + 1, RANKS)
    };
    let k = set.iter().position(|&c| c == b[i])?;
    let k = if rng.below(2) == 0 {
        k.checked_sub(1)?
    } else {
        k + 1
    };
    let mut v = b.to_vec();
    v[i] = *set.get(k)?;
    Some(String::from_utf8_lossy(&v).into_owned())
}

/// `san` with its piece's disambiguation changed: added where none is
/// (another file), dropped where one is.
fn disambiguation(san: &str, rng: &mut Rng) -> Option<String> {
    let b = san.as_bytes();
    if b.len() < 3 || !b"KQRBN".contains(&b[0]) {
        return None;
    }
    let rest = &b[1..];
    let square = rest
        .iter()
        .filter(|c| FILES.contains(c) || RANKS.contains(c))
        .count();
    let mut v = vec![b[0]];
    if square > 2 {
        // Drop the disambiguation: the first file or rank character.
        let i = rest
            .iter()
            .position(|c| FILES.contains(c) || RANKS.contains(c))?;
        v.extend(
            rest.iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, c)| *c),
        );
    } else {
        v.push(FILES[rng.below(8)]);
        v.extend_from_slice(rest);
    }
    Some(String::from_utf8_lossy(&v).into_owned())
}

/// A capture mark or a check mark added or dropped.
fn mark(san: &str, rng: &mut Rng) -> String {
    let mut s = san.to_owned();
    if rng.below(2) == 0 {
        if s.ends_with(['+', '#']) {
            s.pop();
        } else {
            s.push('+');
        }
    } else if let Some(i) = s.find('x') {
        s.remove(i);
    } else if s.len() >= 3 {
        s.insert(s.len() - 2, 'x');
    }
    s
}

/// A transcription of a game given as its printed tokens: each ply's
/// readings and probabilities, the true moves in UCI and the true game's
/// probability. `None` when the tokens do not replay.
pub(super) fn transcribe(tokens: &[&str], rng: &mut Rng) -> Option<Transcribed> {
    let mut pos = Position::new();
    let mut sans = Vec::with_capacity(tokens.len());
    let mut truth = Vec::with_capacity(tokens.len());
    for token in tokens {
        let m = read_any(&pos, token.as_bytes())?;
        sans.push(pos.san(&m));
        truth.push(m.to_uci());
        pos.play_unchecked(&m);
    }
    let drop_checks = rng.below(5) == 0;
    let mut true_p = 1.0;
    let mut plies = Vec::with_capacity(sans.len());
    for (i, san) in sans.iter().enumerate() {
        let true_text = if drop_checks {
            san.trim_end_matches(['+', '#']).to_owned()
        } else {
            san.clone()
        };
        let mut texts = vec![true_text.clone()];
        let others = match rng.below(10) {
            0..=5 => 0,
            6..=8 => 1,
            _ => 2,
        };
        for _ in 0..others * 3 {
            if texts.len() > others {
                break;
            }
            let text = match rng.below(10) {
                0..=1 => disambiguation(&true_text, rng),
                2..=5 => square_off(&true_text, rng),
                // The other column of the same move number.
                6..=7 => {
                    let j = if i % 2 == 0 { i + 1 } else { i - 1 };
                    sans.get(j).cloned()
                }
                _ => Some(mark(&true_text, rng)),
            };
            if let Some(text) = text.filter(|t| !t.is_empty() && !texts.contains(t)) {
                texts.push(text);
            }
        }
        let n = texts.len();
        let mut ps: Vec<f64> = if n == 1 {
            vec![0.9 + 0.1 * rng.unit()]
        } else {
            let top = 0.6 + 0.35 * rng.unit();
            let rest: Vec<f64> = (1..n).map(|_| 0.2 + rng.unit()).collect();
            let sum: f64 = rest.iter().sum();
            std::iter::once(top)
                .chain(rest.iter().map(|r| (1.0 - top) * r / sum))
                .collect()
        };
        ps[1..].sort_by(|a, b| b.total_cmp(a));
        // Overconfident: the first reading wrong in one ply of five with a
        // choice, the true one then any of the others.
        let rank = if n > 1 && rng.below(5) == 0 {
            1 + rng.below(n - 1)
        } else {
            0
        };
        texts.swap(0, rank);
        true_p *= ps[rank];
        plies.push(texts.into_iter().zip(ps).collect());
    }
    Some((plies, truth, true_p))
}
