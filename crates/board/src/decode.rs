//! The most probable legal game behind an uncertain transcription.
//!
//! OCR and handwriting recognisers (and language models reading a scoresheet
//! photo) give, for each ply, a few readings with their probabilities. Most
//! readings that are not the move played are not legal where they stand, and
//! a legal one that is wrong usually makes a later ply impossible: a beam
//! search over legal moves ([`decode`]) keeps the [`BEAM`] most probable games
//! so far and extends each by every candidate that reads as a legal move in its
//! position ([`crate::misprint::read_any`]: any notation, any language). A ply
//! whose candidates are all illegal in a partial game may take a legal move
//! close to its candidates' spelling instead (an inferred move), at a cost that
//! grows with the edit distance ([`crate::misprint::distance`]).
//!
//! ```
//! use scoresheet_board::Position;
//! use scoresheet_board::decode::{decode, Candidate};
//! let c = |t: &str, p: f64| Candidate { text: t.into(), p };
//! // `Nf5` is illegal; `Nxe5` then needs the knight on f3.
//! let plies = vec![
//!     vec![c("e4", 0.9)],
//!     vec![c("e5", 0.9)],
//!     vec![c("Nf5", 0.6), c("Nf3", 0.4)],
//!     vec![c("d6", 0.7), c("d5", 0.3)],
//! ];
//! let d = decode(&Position::new(), &plies);
//! assert_eq!(d.movetext, "1. e4 e5 2. Nf3 d6");
//! assert!(!d.plies[2].inferred);
//! ```

use std::collections::HashMap;

use scoresheet_notation::desc::{parse_desc_move, read_spanish};
use scoresheet_notation::lang::{Language, Translation, translate};
use scoresheet_notation::{Mode, WrittenMove, parse_move};

use crate::misprint::{distance, read};
use crate::prior::log_priors;
use crate::{Move, Position, Square};

/// How many partial games the search keeps at each ply.
pub const BEAM: usize = 24;

/// The most plies decoded (the work stays bounded on hostile input).
pub const MAX_PLIES: usize = 2000;

/// The most candidates of one ply looked at (the most probable first).
pub const MAX_CANDIDATES: usize = 8;

/// The log-probability a move not among the candidates pays, on top of its
/// distance: an inferred move is taken only where the candidates fail.
const INFERRED: f64 = 4.0;

/// The log-probability one unit of edit distance costs an inferred move (a
/// misread character, 3 units, costs about as much as a factor of 2.5).
const PER_UNIT: f64 = 0.3;

/// The floor of a candidate's probability (a `p` of 0 or less, or missing).
const MIN_P: f64 = 1e-6;

/// How much the prior over moves ([`crate::prior`]) counts beside the
/// candidates' probabilities: the power it is raised to in a log-linear
/// combination of the two models (as a speech recogniser weighs its language
/// model against its acoustic scores). 1 would be Bayes' rule if the
/// candidates' probabilities were calibrated likelihoods; recognisers' are
/// not, and a prior that ranks the played move first in 30% of positions is
/// weak evidence beside a reading, so it decides mainly between readings the
/// recogniser found about equally likely, or where a reading would throw
/// material away. Chosen on held-out transcriptions (docs/DECODE.md gives the
/// figures for each weight); 0 ignores the position.
pub const PRIOR_WEIGHT: f64 = 0.2;

/// One reading of a ply, with its probability.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// The move as read, in any notation and language.
    pub text: String,
    /// Its probability (need not sum to 1 over a ply).
    pub p: f64,
}

/// One ply of the decoded game.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodedPly {
    /// The text chosen: a candidate's, or the SAN of an inferred move.
    pub text: String,
    /// The move in SAN.
    pub san: String,
    /// The move in UCI.
    pub uci: String,
    /// The chosen candidate's probability, or for an inferred move the
    /// probability the search gave it.
    pub p: f64,
    /// The move is not one of the candidates' readings but a legal move close
    /// to their spelling.
    pub inferred: bool,
}

/// The decoded game.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// Each ply, in order (as many as given, up to the first ply where no
    /// legal move is possible: the game is over).
    pub plies: Vec<DecodedPly>,
    /// The game in SAN with move numbers: `1. e4 e5 2. Nf3`.
    pub movetext: String,
    /// The product of the plies' probabilities.
    pub confidence: f64,
    /// The position after the last ply.
    pub position: Position,
}

/// One partial game of the beam.
#[derive(Clone)]
struct State {
    pos: Position,
    score: f64,
    /// Index into the history arena of its last ply.
    last: Option<usize>,
    /// Where its last move landed.
    landed: Option<Square>,
    /// The languages (bits of [`Language::COMMON`]) every reading chosen so far
    /// reads in: a game is written in one set of piece letters.
    langs: u32,
    /// The notations (bits of [`Style`]) every reading chosen so far is
    /// written in: a player keeps to one.
    styles: u32,
}

/// One ply of a partial game, linked to the one before.
struct Step {
    before: Option<usize>,
    mv: Move,
    text: String,
    p: f64,
    inferred: bool,
}

/// The most probable legal game from `start` given each ply's candidates and
/// the prior over moves ([`PRIOR_WEIGHT`]), with the candidates'
/// probabilities calibrated on the transcription itself (`sharpness`).
#[must_use]
pub fn decode(start: &Position, plies: &[Vec<Candidate>]) -> Decoded {
    let first = search(start, plies, 1.0, PRIOR_WEIGHT);
    match sharpness(plies, &first) {
        Some(sharpness) => search(start, plies, sharpness, CALIBRATED_PRIOR_WEIGHT),
        None => first,
    }
}

/// [`decode`] with the prior over moves raised to the power `prior_weight`
/// (0: the candidates' probabilities alone decide among legal games), the
/// probabilities taken as given.
#[must_use]
pub fn decode_weighted(start: &Position, plies: &[Vec<Candidate>], prior_weight: f64) -> Decoded {
    search(start, plies, 1.0, prior_weight)
}

/// How much the prior counts beside candidates' probabilities once they are
/// calibrated (`sharpness`): fully, as Bayes' rule has it. The probabilities
/// as recognisers give them are not likelihoods (an underconfident one puts
/// the right reading first in 19 plies of 20 with 0.6, an overconfident one
/// gives 0.9 to readings wrong one time in three), which is why the first
/// run weighs the prior less ([`PRIOR_WEIGHT`]); once the readings are
/// raised to the power that calibrates them on the transcription, the prior,
/// itself fitted to real games' moves, is weighed as what it is. Chosen over
/// 0.35 and 0.7 on the tuning slices (docs/DECODE.md).
pub const CALIBRATED_PRIOR_WEIGHT: f64 = 1.0;

/// The fewest plies with two candidates or more from which a transcription's
/// calibration is estimated.
const CALIBRATION_PLIES: usize = 8;

/// How many plies' worth of belief the estimate of calibration starts with:
/// that the probabilities are calibrated.
const CALIBRATION_PRIOR: f64 = 8.0;

/// The power the candidates' probabilities are raised to so that they are
/// calibrated on this transcription: the first reading of a ply is the move
/// decoded (`first`) as often as the powered probabilities say it is, on
/// average over the plies with two candidates or more. A recogniser that puts
/// the right reading first in 19 plies of 20 with a probability of 0.6 is
/// underconfident (a power above 1: its ranking is trusted more than the
/// prior); one whose first reading is often illegal or refuted by the game is
/// overconfident (below 1: the prior decides more). `None` when too few plies
/// have a choice to tell.
fn sharpness(plies: &[Vec<Candidate>], first: &Decoded) -> Option<f64> {
    let mut rows: Vec<Vec<f64>> = Vec::new();
    let mut hits = 0usize;
    for (cands, chosen) in plies.iter().zip(&first.plies) {
        let mut sorted: Vec<&Candidate> = cands.iter().collect();
        sorted.sort_by(|a, b| b.p.total_cmp(&a.p));
        sorted.truncate(MAX_CANDIDATES);
        let [top, _, ..] = sorted.as_slice() else {
            continue;
        };
        hits += usize::from(!chosen.inferred && chosen.text == top.text);
        rows.push(sorted.iter().map(|c| c.p.max(MIN_P)).collect());
    }
    if rows.len() < CALIBRATION_PLIES {
        return None;
    }
    let n = rows.len() as f64;
    // The mean probability of the first reading with the probabilities
    // raised to `a`: it grows with `a`.
    let share = |a: f64| {
        rows.iter()
            .map(|ps| {
                let top = ps[0].powf(a);
                top / ps.iter().map(|p| p.powf(a)).sum::<f64>()
            })
            .sum::<f64>()
            / n
    };
    let target = (hits as f64 + CALIBRATION_PRIOR * share(1.0)) / (n + CALIBRATION_PRIOR);
    let (mut lo, mut hi) = (MIN_SHARPNESS.ln(), MAX_SHARPNESS.ln());
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if share(mid.exp()) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((0.5 * (lo + hi)).exp())
}

/// The least [`sharpness`]: probabilities flattened at most to their fourth
/// root.
const MIN_SHARPNESS: f64 = 0.25;
/// The most [`sharpness`]: a recogniser whose first reading of 0.6 (beside
/// 0.4) is right 19 times in 20 needs a power of about 7 (0.6^7 : 0.4^7 is
/// 17 : 1), and with the prior at full weight a smaller bound would let the
/// prior overrule its readings.
const MAX_SHARPNESS: f64 = 8.0;

/// The search: the candidates' evidence raised to `sharpness`, the prior to
/// `prior_weight`.
fn search(
    start: &Position,
    plies: &[Vec<Candidate>],
    sharpness: f64,
    prior_weight: f64,
) -> Decoded {
    let mut beam = vec![State {
        pos: start.clone(),
        score: 0.0,
        last: None,
        landed: None,
        langs: ANY_LANGUAGE,
        styles: ANY_STYLE,
    }];
    let mut steps: Vec<Step> = Vec::new();
    let habits = Habits::of(plies);
    let white_first = start.turn() == crate::Color::White;
    for (i, cands) in plies.iter().take(MAX_PLIES).enumerate() {
        let mut sorted: Vec<&Candidate> = cands.iter().collect();
        sorted.sort_by(|a, b| b.p.total_cmp(&a.p));
        sorted.truncate(MAX_CANDIDATES);
        // The other column of the same move number: White's move and the
        // reply beside it.
        let paired = if (i % 2 == 0) == white_first {
            plies.get(i + 1)
        } else {
            i.checked_sub(1).and_then(|j| plies.get(j))
        };
        let support = consensus(&sorted, paired.map_or(&[], Vec::as_slice));
        let read: Vec<Vec<Reading>> = sorted.iter().map(|c| readings(&c.text)).collect();
        // The best way to each position in each set of languages (a
        // transposition keeps the likelier).
        let mut next: HashMap<(u64, u32, u32), (State, Step)> = HashMap::new();
        for state in &beam {
            for e in expansions(state, &sorted, &read, &support, habits) {
                let (langs, switch) = match state.langs & e.langs {
                    0 => (e.langs, SWITCH.ln()),
                    both => (both, 0.0),
                };
                let (styles, restyle) = match state.styles & e.styles {
                    0 => (e.styles, STYLE_SWITCH.ln()),
                    both => (both, 0.0),
                };
                let score = state.score
                    + sharpness * e.evidence.max(MIN_P).ln()
                    + prior_weight * e.prior
                    + switch
                    + restyle;
                let mut pos = state.pos.clone();
                pos.play_unchecked(&e.mv);
                let key = (pos.zobrist(), langs, styles);
                if next.get(&key).is_some_and(|(s, _)| s.score >= score) {
                    continue;
                }
                next.insert(
                    key,
                    (
                        State {
                            pos,
                            score,
                            last: None,
                            landed: Some(e.mv.to),
                            langs,
                            styles,
                        },
                        Step {
                            before: state.last,
                            mv: e.mv,
                            text: e.text,
                            p: e.p,
                            inferred: e.inferred,
                        },
                    ),
                );
            }
        }
        if next.is_empty() {
            break;
        }
        let mut states: Vec<(State, Step)> = next.into_values().collect();
        states.sort_by(|a, b| b.0.score.total_cmp(&a.0.score));
        states.truncate(BEAM);
        beam = states
            .into_iter()
            .map(|(mut s, step)| {
                steps.push(step);
                s.last = Some(steps.len() - 1);
                s
            })
            .collect();
    }
    let best = beam
        .into_iter()
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .unwrap_or(State {
            pos: start.clone(),
            score: 0.0,
            last: None,
            landed: None,
            langs: ANY_LANGUAGE,
            styles: ANY_STYLE,
        });
    let mut chain = Vec::new();
    let mut at = best.last;
    while let Some(i) = at {
        let Some(s) = steps.get(i) else { break };
        chain.push(s);
        at = s.before;
    }
    chain.reverse();
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(chain.len());
    let mut movetext = String::new();
    let mut confidence = 1.0;
    for s in chain {
        let san = pos.san(&s.mv);
        if !movetext.is_empty() {
            movetext.push(' ');
        }
        if pos.turn() == crate::Color::White {
            movetext.push_str(&format!("{}. ", pos.fullmove_number()));
        } else if out.is_empty() {
            movetext.push_str(&format!("{}... ", pos.fullmove_number()));
        }
        movetext.push_str(&san);
        confidence *= s.p;
        out.push(DecodedPly {
            text: s.text.clone(),
            san,
            uci: s.mv.to_uci(),
            p: s.p,
            inferred: s.inferred,
        });
        pos.play_unchecked(&s.mv);
    }
    Decoded {
        plies: out,
        movetext,
        confidence,
        position: pos,
    }
}

/// One way a partial game goes on.
struct Expansion {
    mv: Move,
    /// The text it came from.
    text: String,
    /// Its probability from the candidates.
    p: f64,
    /// The evidence for it: that probability with its readings' consensus
    /// and marks.
    evidence: f64,
    /// Its log prior.
    prior: f64,
    /// The languages its text reads as it in.
    langs: u32,
    /// The notations its text is written in.
    styles: u32,
    inferred: bool,
}

/// Every language the decoder spells moves in ([`Language::COMMON`]).
const ANY_LANGUAGE: u32 = (1 << Language::COMMON.len()) - 1;

/// What a reading pays for taking piece letters no reading before it in the
/// game shares (`Pf3` read as a pawn move in a game whose knights are `P`): a
/// game is written in one language, and a text that reads in two (`Rf8`, a
/// rook in English, a king in French) is read in the game's.
const SWITCH: f64 = 0.05;

/// One way to read a candidate's text, whatever the position: the move as
/// written, and the languages (bits of [`Language::COMMON`]) whose piece letters
/// read it so.
struct Reading {
    written: WrittenMove,
    langs: u32,
    /// The notation it is written in (bits of [`Style`]).
    styles: u32,
}

/// The notations a game's moves are written in. A player writes a whole game
/// in one (a scoresheet in short algebraic, a book in descriptive, an engine's
/// log in UCI), so a reading in another is likelier a misreading: `KB6` in a
/// game of short algebraic is `Kb6` misread, not the descriptive king move.
#[derive(Clone, Copy)]
enum Style {
    /// `Nf3`, `exd5`, `O-O`.
    Short = 1,
    /// `Ng1-f3`, `e2-e4`: the origin and the destination, a piece letter.
    Long = 2,
    /// `g1f3`, `e7e8q`: squares alone.
    Uci = 4,
    /// `N-KB3`, `PxP`, `O-O`.
    Descriptive = 8,
}

/// Every notation ([`Style`]).
const ANY_STYLE: u32 = 15;

/// What a reading pays for a notation no reading before it in the game is
/// written in (like [`SWITCH`] for piece letters, milder: a player may write
/// a move in full where the short form is ambiguous to them, or a reader
/// drop a hyphen).
const STYLE_SWITCH: f64 = 0.2;

/// The notation of algebraic `text`: how many squares it names, and whether
/// it is squares alone. Castling is written alike in all but UCI.
fn algebraic_style(text: &[u8]) -> u32 {
    let core: Vec<u8> = text
        .iter()
        .copied()
        .filter(|b| !b"+#!?".contains(b))
        .collect();
    if core.starts_with(b"O-O") || core.starts_with(b"0-0") {
        return Style::Short as u32 | Style::Long as u32 | Style::Descriptive as u32;
    }
    let squares = core
        .windows(2)
        .filter(|w| (b'a'..=b'h').contains(&w[0]) && (b'1'..=b'8').contains(&w[1]))
        .count();
    if squares < 2 {
        Style::Short as u32
    } else if core.first().is_some_and(u8::is_ascii_lowercase)
        && core.iter().all(u8::is_ascii_alphanumeric)
    {
        Style::Uci as u32
    } else {
        Style::Long as u32
    }
}

/// Every reading of `text`: algebraic in each language's letters (the same
/// English text for most languages when it has no piece letter: one reading
/// in all of them), English and Spanish descriptive.
fn readings(text: &str) -> Vec<Reading> {
    let text = text.trim().as_bytes();
    let mut out: Vec<(Vec<u8>, Reading)> = Vec::new();
    if text.is_empty() || text.len() > 2 * MAX_TEXT {
        return Vec::new();
    }
    let bit = |lang: Language| {
        Language::COMMON
            .iter()
            .position(|&l| l == lang)
            .map_or(0, |i| 1u32 << i)
    };
    let mut add = |key: Vec<u8>, written: WrittenMove, langs: u32, styles: u32| match out
        .iter_mut()
        .find(|(k, _)| *k == key)
    {
        Some((_, r)) => r.langs |= langs,
        None => out.push((
            key,
            Reading {
                written,
                langs,
                styles,
            },
        )),
    };
    let english = bit(Language::English);
    let algebraic = algebraic_style(text);
    let descriptive = Style::Descriptive as u32;
    if let Ok(p) = parse_move(text, 0, Mode::Lenient) {
        add(text.to_vec(), p.value, english, algebraic);
    }
    if let Ok(w) = parse_desc_move(text, 0) {
        add([b"desc ", text].concat(), w, english, descriptive);
    }
    if let Some(w) = read_spanish(text, 0) {
        add(
            [b"desc es ", text].concat(),
            w,
            bit(Language::Spanish),
            descriptive,
        );
    }
    let mut tr = Translation::default();
    for lang in Language::COMMON {
        if lang == Language::English || translate(text, lang, &mut tr).is_err() {
            continue;
        }
        if let Ok(p) = parse_move(&tr.bytes, 0, Mode::Lenient) {
            add(tr.bytes.clone(), p.value, bit(lang), algebraic);
        }
    }
    out.into_iter().map(|(_, r)| r).collect()
}

/// The longest text read as a move (the work stays bounded).
const MAX_TEXT: usize = 24;

/// What each other reading one misread character (or one mark) away from a
/// candidate multiplies its evidence by. A recogniser's readings of one ply
/// are variations of what is printed, each a character off it, so the reading
/// the others are close to is likelier the one printed than its probability
/// alone says (`g6` among `g5`, `g6`, `96`; `Rfe8` among `Rfc8`, `Rfe8`,
/// `Rte8`, `Rfe3`). Two readings that are each other's only neighbour gain
/// alike: the consensus moves nothing between them. Chosen on held-out
/// transcriptions (docs/DECODE.md).
const CONSENSUS: f64 = 3.0;

/// What a reading of a ply with other readings is multiplied by when the
/// ply beside it in the same move number (`paired`: White's move and the
/// reply) reads the same text with a higher probability: a reader who takes
/// a move from the wrong column of the scoresheet writes the other player's
/// move there, so the text is more at home in the column where it is read
/// more surely, and half explained by the slip in this one. A ply with one
/// reading keeps it, and so do two columns that read it alike (both may
/// truly read `Rxd8`).
const OTHER_COLUMN: f64 = 0.5;

/// Each candidate's probability times [`CONSENSUS`] for each other candidate
/// one misread character or mark away from it, and times [`OTHER_COLUMN`]
/// where the paired ply reads the same text more surely.
fn consensus(cands: &[&Candidate], paired: &[Candidate]) -> Vec<f64> {
    let core = |text: &str| text.trim().trim_end_matches(['!', '?']).as_bytes().to_vec();
    let bare = |text: &str| {
        text.trim()
            .trim_end_matches(['!', '?', '+', '#'])
            .to_owned()
    };
    let cores: Vec<Vec<u8>> = cands.iter().map(|c| core(&c.text)).collect();
    let beside: Vec<(String, f64)> = if cands.len() > 1 {
        paired.iter().map(|c| (bare(&c.text), c.p)).collect()
    } else {
        Vec::new()
    };
    cands
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let near = cores
                .iter()
                .enumerate()
                .filter(|&(j, other)| j != i && distance(&cores[i], other) <= ONE_MISREADING)
                .count();
            let text = bare(&c.text);
            let column = if beside.iter().any(|(t, p)| *t == text && *p > c.p) {
                OTHER_COLUMN
            } else {
                1.0
            };
            c.p.max(0.0) * CONSENSUS.powi(i32::try_from(near).unwrap_or(0)) * column
        })
        .collect()
}

/// The edit distance ([`distance`]) of one misread character or mark.
const ONE_MISREADING: u32 = 3;

/// The moves a partial game may go on with: every reading of a candidate
/// that is a legal move, and legal moves close to the candidates' spelling
/// (inferred, at a cost).
fn expansions(
    state: &State,
    cands: &[&Candidate],
    read_as: &[Vec<Reading>],
    support: &[f64],
    habits: Habits,
) -> Vec<Expansion> {
    let pos = &state.pos;
    let moves = pos.legal_moves();
    let priors = log_priors(pos, state.landed, &moves);
    let prior_of = |m: &Move| {
        moves
            .iter()
            .position(|x| x == m)
            .and_then(|i| priors.get(i).copied())
            .unwrap_or(f64::NEG_INFINITY)
    };
    let mut out: Vec<Expansion> = Vec::new();
    for ((c, support), rs) in cands.iter().zip(support).zip(read_as) {
        // The moves this candidate reads as here, each with its languages.
        let mut legal: Vec<(Move, u32, u32)> = Vec::new();
        for r in rs {
            if let Some(m) = read(pos, &r.written) {
                match legal.iter_mut().find(|(x, _, _)| *x == m) {
                    Some((_, l, s)) => {
                        *l |= r.langs;
                        *s |= r.styles;
                    }
                    None => legal.push((m, r.langs, r.styles)),
                }
            }
        }
        for (m, langs, styles) in legal {
            let p = c.p.max(0.0);
            let evidence = support * marks_fit(pos, &m, &c.text, habits);
            match out.iter_mut().find(|o| o.mv == m) {
                // Two readings of one move: their probabilities add up.
                Some(o) => {
                    o.p += p;
                    o.evidence += evidence;
                    o.langs |= langs;
                    o.styles |= styles;
                }
                None => out.push(Expansion {
                    mv: m,
                    text: c.text.clone(),
                    p,
                    evidence,
                    prior: prior_of(&m),
                    langs,
                    styles,
                    inferred: false,
                }),
            }
        }
    }
    // Moves are inferred only where no candidate is legal: a legal but wrong
    // reading is outlived in the beam by the other candidates' games.
    if !out.is_empty() {
        return out;
    }
    let top = cands.iter().map(|c| c.p).fold(MIN_P, f64::max);
    for (m, prior) in moves.iter().zip(&priors) {
        let (plain, _) = pos.san_plain_bytes(m);
        let plain = plain.split(|&b| b == 0).next().unwrap_or_default();
        let lan = m.to_lan();
        let uci = m.to_uci();
        let near = cands
            .iter()
            .map(|c| {
                let t = c
                    .text
                    .trim()
                    .trim_end_matches(['+', '#', '!', '?'])
                    .as_bytes();
                let d = distance(t, plain)
                    .min(distance(t, lan.as_bytes()))
                    .min(distance(t, uci.as_bytes()));
                (f64::from(d), c.p.max(MIN_P))
            })
            .map(|(d, p)| p.ln() - d * PER_UNIT)
            .fold(f64::NEG_INFINITY, f64::max);
        let log_p = near - INFERRED;
        // Far from every candidate: no better than guessing.
        if log_p > top.ln() - INFERRED - 12.0 * PER_UNIT {
            out.push(Expansion {
                mv: *m,
                text: pos.san(m),
                p: log_p.exp(),
                evidence: log_p.exp(),
                prior: *prior,
                langs: state.langs,
                styles: state.styles,
                inferred: true,
            });
        }
    }
    out
}

/// Which marks the writer of a transcription uses at all: one who never
/// writes a check mark (or a capture mark) in the whole game says nothing by
/// leaving one out, so a reading without it is no evidence against a check
/// (or a capture).
#[derive(Clone, Copy)]
struct Habits {
    /// Some reading of some ply has `+` or `#`.
    checks: bool,
    /// Some reading of some ply has a capture mark (`x` or `:`).
    captures: bool,
}

impl Habits {
    fn of(plies: &[Vec<Candidate>]) -> Habits {
        let texts = || {
            plies
                .iter()
                .take(MAX_PLIES)
                .flatten()
                .map(|c| c.text.trim())
        };
        Habits {
            checks: texts().any(|t| t.contains(['+', '#'])),
            captures: texts().any(|t| t.contains(['x', ':'])),
        }
    }
}

/// How well a reading's marks fit the move it reads as: a capture mark on a
/// quiet move, a check mark on a move that gives no check or a mate mark on
/// one that does not mate points at a misreading (a factor well below 1);
/// a mark missing is weaker evidence (printed scores seldom leave one out,
/// readers sometimes drop one), and none where the writer never writes it
/// ([`Habits`]).
fn marks_fit(pos: &Position, m: &Move, text: &str, habits: Habits) -> f64 {
    let text = text.trim().trim_end_matches(['!', '?']);
    let mut fit = 1.0;
    // Algebraic capture marks only: descriptive and UCI say nothing here.
    let algebraic = text.starts_with(|c: char| "KQRBNabcdefgh".contains(c)) && !text.contains("-");
    if algebraic && text.contains('x') != m.is_capture() {
        if !m.is_capture() {
            fit *= MARK_MISFIT;
        } else if habits.captures {
            fit *= MARK_MISSING;
        }
    }
    // A piece move printed with more of its origin than SAN needs (`Rdd1`
    // where one rook reaches d1): the printer's board had two such pieces.
    if algebraic && text.starts_with(|c: char| "KQRBN".contains(c)) {
        let core = text.trim_end_matches(['+', '#']).replace('x', "");
        let (san, len) = pos.san_plain_bytes(m);
        let canonical = san.get(..usize::from(len)).unwrap_or_default();
        let needed = canonical.iter().filter(|&&b| b != b'x').count();
        if core.len() > needed {
            fit *= MARK_MISFIT;
        }
    }
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mate = text.ends_with('#');
    match (text.ends_with(['+', '#']), after.is_check()) {
        (true, false) => fit *= MARK_MISFIT,
        (false, true) if habits.checks => fit *= MARK_MISSING,
        (true, true) => {
            let mates = !after.has_legal_move();
            if mate != mates {
                fit *= MARK_MISSING;
            }
        }
        _ => {}
    }
    fit
}

/// The factor a reading pays for a mark the move contradicts.
const MARK_MISFIT: f64 = 0.2;

/// The factor a reading pays for a mark the move calls for and it lacks (or
/// `+` for `#`).
const MARK_MISSING: f64 = 0.5;

#[cfg(test)]
mod tests {
    use super::*;

    fn c(t: &str, p: f64) -> Candidate {
        Candidate { text: t.into(), p }
    }

    #[test]
    fn an_all_illegal_ply_takes_the_closest_legal_move() {
        let plies = vec![vec![c("e4", 1.0)], vec![c("e8", 0.7), c("e6", 0.3)]];
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.movetext, "1. e4 e6");
        let plies = vec![vec![c("e4", 1.0)], vec![c("Nf8", 1.0)]];
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.plies[1].san, "Nf6");
        assert!(d.plies[1].inferred);
    }

    #[test]
    fn any_notation_and_language() {
        let plies = vec![
            vec![c("P-K4", 1.0)],
            vec![c("e7e5", 1.0)],
            vec![c("Sf3", 1.0)],
            vec![c("Nb8-c6", 1.0)],
        ];
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.movetext, "1. e4 e5 2. Nf3 Nc6");
        assert!(d.plies.iter().all(|p| !p.inferred));
    }

    #[test]
    fn the_position_decides_between_equally_likely_readings() {
        // `Qg5` and `Nc6` both read and the game goes on either way; the
        // queen on g5 is taken by the knight, so `Nc6` is the likelier move.
        let plies = vec![
            vec![c("e4", 1.0)],
            vec![c("e5", 1.0)],
            vec![c("Nf3", 1.0)],
            vec![c("Qg5", 0.5), c("Nc6", 0.5)],
            vec![c("Bc4", 1.0)],
        ];
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.movetext, "1. e4 e5 2. Nf3 Nc6 3. Bc4");
        // Without the prior the readings tie.
        let d = decode_weighted(&Position::new(), &plies[..4], 0.0);
        assert!((d.confidence - 0.5).abs() < 1e-9);
    }

    #[test]
    fn the_reading_the_others_are_misreadings_of_is_likelier() {
        // `g5`, `g6` and `96` all read; `g6` is one misread character from
        // each of the others, which are two from each other.
        let plies = vec![
            vec![c("Nf3", 1.0)],
            vec![c("g5", 0.6), c("g6", 0.24), c("96", 0.16)],
        ];
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.movetext, "1. Nf3 g6");
        // The probability reported is the reading's own.
        assert!((d.plies[1].p - 0.24).abs() < 1e-9);
        // Two readings, each the other's only neighbour: the likelier stays.
        let plies = vec![vec![c("Nf3", 1.0)], vec![c("g5", 0.6), c("g6", 0.4)]];
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.movetext, "1. Nf3 g5");
    }

    #[test]
    fn a_game_keeps_its_piece_letters() {
        // Dutch letters: `P` is the knight. Read in English, `Pf3` and `Pc6`
        // are legal pawn moves, but `Lb5` then needs a language without `P`
        // for a pawn: the game is read in Dutch throughout.
        let plies: Vec<Vec<Candidate>> = ["e4", "e5", "Pf3", "Pc6", "Lb5", "a6"]
            .iter()
            .map(|t| vec![c(t, 1.0)])
            .collect();
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.movetext, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
        // French: `R` is the king. `Rf1` is legal as a rook move too (h1 to
        // f1), but the game's `C` and `F` are French.
        let plies: Vec<Vec<Candidate>> = ["e4", "e5", "Cf3", "Cc6", "Fc4", "Fc5", "Rf1"]
            .iter()
            .map(|t| vec![c(t, 1.0)])
            .collect();
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.plies[6].san, "Kf1");
        // A game in one language's letters throughout still reads a text that
        // only another reads where nothing else is legal.
        let plies = vec![vec![c("Nf3", 1.0)], vec![c("Sf6", 1.0)]];
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.movetext, "1. Nf3 Nf6");
    }

    #[test]
    fn a_game_keeps_its_notation() {
        // Long algebraic throughout: `d7-d5` is likelier the move than the
        // short `d6`, though the recogniser ranks `d6` first.
        let plies = vec![
            vec![c("e2-e4", 1.0)],
            vec![c("e7-e5", 1.0)],
            vec![c("Ng1-f3", 1.0)],
            vec![c("d6", 0.55), c("d7-d5", 0.45)],
        ];
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.plies[3].san, "d5");
        // Short algebraic throughout: the short reading.
        let plies = vec![
            vec![c("e4", 1.0)],
            vec![c("e5", 1.0)],
            vec![c("Nf3", 1.0)],
            vec![c("d7-d6", 0.55), c("d5", 0.45)],
        ];
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.plies[3].san, "d5");
        // A reading in another notation is still taken where it alone is
        // legal.
        let plies = vec![vec![c("e4", 1.0)], vec![c("e7e5", 1.0)]];
        assert_eq!(
            decode_weighted(&Position::new(), &plies, 0.0).movetext,
            "1. e4 e5"
        );
    }

    #[test]
    fn the_other_columns_move_is_a_slip() {
        // White's `Nd5` read again in Black's column reads as the knight
        // taking it; Black's other reading is likelier the move written.
        let plies = vec![
            vec![c("e4", 1.0)],
            vec![c("e5", 1.0)],
            vec![c("Nc3", 1.0)],
            vec![c("Nf6", 1.0)],
            vec![c("Nd5", 1.0)],
            vec![c("Nd5", 0.55), c("Nc6", 0.45)],
        ];
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.plies[5].san, "Nc6");
        // The same text alone in both columns stays: both may take on d5;
        // and so does one both columns read alike.
        let mut plies = plies;
        plies[5] = vec![c("Nd5", 1.0)];
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.plies[5].san, "Nxd5");
        plies[4] = vec![c("Nd5", 0.6), c("Nb5", 0.4)];
        plies[5] = vec![c("Nd5", 0.6), c("Nc6", 0.4)];
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.plies[5].san, "Nxd5");
    }

    #[test]
    fn a_mark_the_writer_never_uses_is_no_evidence() {
        // `Qh5` gives check. The writer marks no check anywhere: its lack of
        // `+` says nothing, and the likelier reading stays.
        let mut plies = vec![
            vec![c("e4", 1.0)],
            vec![c("f6", 1.0)],
            vec![c("Qh5", 0.55), c("Qg4", 0.45)],
            vec![c("g6", 1.0)],
        ];
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.plies[2].san, "Qh5+");
        // A writer who marks checks elsewhere would have marked this one.
        plies[3].push(c("g5+", 0.01));
        let d = decode_weighted(&Position::new(), &plies, 0.0);
        assert_eq!(d.plies[2].san, "Qg4");
    }

    #[test]
    fn probabilities_are_calibrated_on_the_transcription() {
        // Twelve plies, each read `e4`-like with a 0.6 first reading that
        // is always right: the recogniser is underconfident.
        let game = [
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
        ];
        let plies: Vec<Vec<Candidate>> = game
            .iter()
            .map(|t| vec![c(t, 0.6), c("Qh9", 0.4)])
            .collect();
        let d = decode(&Position::new(), &plies);
        assert_eq!(d.plies.len(), 12);
        // Right every time with 0.6 beside 0.4: past a power of 4.
        assert!(sharpness(&plies, &d).is_some_and(|s| s > 4.0));
        // The same with the first reading illegal in every ply: overconfident.
        let plies: Vec<Vec<Candidate>> = game
            .iter()
            .map(|t| vec![c("Qh9", 0.9), c(t, 0.1)])
            .collect();
        let d = decode(&Position::new(), &plies);
        assert_eq!(
            d.movetext,
            decode_weighted(&Position::new(), &plies, 0.2).movetext
        );
        assert!(sharpness(&plies, &d).is_some_and(|s| s < 0.7));
        // Too few plies with a choice to tell: none.
        assert_eq!(
            sharpness(&plies[..4], &decode(&Position::new(), &plies[..4])),
            None
        );
    }

    #[test]
    fn nothing_in_nothing_out() {
        let d = decode(&Position::new(), &[]);
        assert_eq!(d.movetext, "");
        assert!((d.confidence - 1.0).abs() < 1e-12);
    }
}
