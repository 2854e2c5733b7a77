//! The prior over moves (`scoresheet_board::prior`): how its weights are
//! fitted, and how much it helps the decoder.
//!
//! `cargo xtask prior` runs `fit` (`prior -- fit FILE.pgn...`) on the games
//! the shipped weights come from and writes `crates/board/src/prior/weights.rs`
//! with a header naming them: `fit` fits the weights to the games' moves (a
//! multinomial logit over each position's legal moves, by gradient ascent on
//! the log-likelihood), writes the tables to `OUT` and prints the share of
//! positions whose played move is ranked first. Deterministic: the same games
//! give the same bytes.
//!
//! `cargo run --release -p scoresheet-board --example prior -- eval FILE.pgn...`
//! decodes synthetic transcriptions of the games (each ply the true move and
//! misreadings of it, the true move not always first) with and without the
//! prior, under two ways of giving probabilities, and reports how many are
//! decoded exactly. `GAMES=n` caps the games read (default 300 for `eval`,
//! 3000 for `fit`), `STEPS=n` the fit's gradient steps (300).

use std::time::Instant;

use scoresheet_board::decode::{Candidate, decode_weighted};
use scoresheet_board::misprint::read_any;
use scoresheet_board::prior::{FEATURES, MoveFeatures, SQUARES, Weights, all_features, log_priors};
use scoresheet_board::{Move, Position, Square};

/// A game as read: each main-line move's text and the move.
struct Game {
    texts: Vec<String>,
    moves: Vec<Move>,
}

/// The main-line move tokens of each game of a PGN text (tags, comments,
/// variations, move numbers, NAGs and results left out).
fn tokens(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut depth = 0usize;
    let mut in_comment = false;
    for line in text.lines() {
        if !in_comment && depth == 0 && line.starts_with('[') {
            if !current.is_empty() {
                games.push(std::mem::take(&mut current));
            }
            continue;
        }
        let mut word = String::new();
        let flush = |word: &mut String, depth: usize, current: &mut Vec<String>| {
            let w = std::mem::take(word);
            let w = match w.rsplit_once('.') {
                Some((_, rest)) => rest.to_owned(),
                None => w,
            };
            if depth == 0
                && !w.is_empty()
                && !w.starts_with('$')
                && !["1-0", "0-1", "1/2-1/2", "*"].contains(&w.as_str())
            {
                current.push(w);
            }
        };
        for c in line.chars() {
            if in_comment {
                in_comment = c != '}';
                continue;
            }
            match c {
                '{' => {
                    flush(&mut word, depth, &mut current);
                    in_comment = true;
                }
                ';' => break,
                '(' => {
                    flush(&mut word, depth, &mut current);
                    depth += 1;
                }
                ')' => {
                    flush(&mut word, depth, &mut current);
                    depth = depth.saturating_sub(1);
                }
                c if c.is_whitespace() => flush(&mut word, depth, &mut current),
                c => word.push(c),
            }
        }
        flush(&mut word, depth, &mut current);
    }
    if !current.is_empty() {
        games.push(current);
    }
    games
}

fn read_games(paths: &[String], cap: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let per_file = cap.div_ceil(paths.len().max(1));
    for path in paths {
        let mut taken = 0;
        let Ok(bytes) = std::fs::read(path) else {
            eprintln!("{path}: unreadable");
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        for toks in tokens(&text) {
            let mut pos = Position::new();
            let mut game = Game {
                texts: Vec::new(),
                moves: Vec::new(),
            };
            for t in toks {
                let Some(m) = read_any(&pos, t.as_bytes()) else {
                    break;
                };
                pos.play_unchecked(&m);
                game.texts.push(t.trim_end_matches(['!', '?']).to_owned());
                game.moves.push(m);
            }
            if game.moves.len() >= 10 {
                out.push(game);
                taken += 1;
            }
            if taken >= per_file {
                break;
            }
        }
    }
    out
}

fn fit(games: &[Game]) {
    // Every position's legal moves' features, and which was played.
    let mut feats: Vec<MoveFeatures> = Vec::new();
    let mut ranges: Vec<(usize, usize, usize)> = Vec::new();
    for g in games {
        let mut pos = Position::new();
        let mut last: Option<Square> = None;
        for m in &g.moves {
            let moves = pos.legal_moves();
            let start = feats.len();
            feats.extend(all_features(&pos, last, &moves));
            let played = moves.iter().position(|x| x == m).unwrap_or(0);
            ranges.push((start, feats.len(), start + played));
            pos.play_unchecked(m);
            last = Some(m.to);
        }
    }
    println!("{} positions, {} moves", ranges.len(), feats.len());
    // Parameters: the dense weights, then the two tables.
    let n_params = FEATURES + 2 * SQUARES;
    let unpack = |p: &[f64]| Weights {
        dense: p[..FEATURES].try_into().unwrap_or([0.0; FEATURES]),
        to: p[FEATURES..FEATURES + SQUARES].to_vec(),
        from: p[FEATURES + SQUARES..].to_vec(),
    };
    let add = |grad: &mut [f64], f: &MoveFeatures, by: f64| {
        for (g, x) in grad.iter_mut().zip(&f.dense) {
            *g += by * x;
        }
        grad[FEATURES + f.to] += by;
        grad[FEATURES + SQUARES + f.from] += by;
    };
    let mut w = vec![0.0f64; n_params];
    let (mut m1, mut m2) = (vec![0.0f64; n_params], vec![0.0f64; n_params]);
    let rate = 0.05;
    // The bias corrections' powers, kept as running products (the same
    // arithmetic on every build).
    let (mut decay1, mut decay2) = (1.0f64, 1.0f64);
    let steps: i32 = std::env::var("STEPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    for step in 1..=steps {
        let weights = unpack(&w);
        let mut grad = vec![0.0f64; n_params];
        let mut ll = 0.0;
        for &(a, b, played) in &ranges {
            let scores: Vec<f64> = feats[a..b].iter().map(|f| weights.score(f)).collect();
            let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let z: f64 = scores.iter().map(|s| (s - top).exp()).sum();
            ll += scores[played - a] - top - z.ln();
            for (f, s) in feats[a..b].iter().zip(&scores) {
                add(&mut grad, f, -(s - top).exp() / z);
            }
            add(&mut grad, &feats[played], 1.0);
        }
        let n = ranges.len() as f64;
        decay1 *= 0.9;
        decay2 *= 0.999;
        #[allow(clippy::needless_range_loop)] // four arrays in step
        for k in 0..n_params {
            let g = grad[k] / n - 1e-4 * w[k];
            m1[k] = 0.9 * m1[k] + 0.1 * g;
            m2[k] = 0.999 * m2[k] + 0.001 * g * g;
            let mh = m1[k] / (1.0 - decay1);
            let vh = m2[k] / (1.0 - decay2);
            w[k] += rate * mh / (vh.sqrt() + 1e-8);
        }
        if step % 50 == 0 {
            println!("step {step}: mean log-likelihood {:.4}", ll / n);
        }
    }
    let weights = unpack(&w);
    let mut first = 0;
    for &(a, b, played) in &ranges {
        let best = (a..b)
            .max_by(|&i, &j| {
                weights
                    .score(&feats[i])
                    .total_cmp(&weights.score(&feats[j]))
            })
            .unwrap_or(a);
        first += usize::from(best == played);
    }
    println!(
        "played move ranked first in {:.1}% of positions",
        100.0 * first as f64 / ranges.len() as f64
    );
    let table = |name: &str, v: &[f64]| {
        let mut out = format!("pub(super) const {name}: [f64; {}] = [\n", v.len());
        for row in v.chunks(8) {
            out.push_str("   ");
            for x in row {
                out.push_str(&format!(" {x:.3},"));
            }
            out.push('\n');
        }
        out.push_str("];\n");
        out
    };
    // The header is `cargo xtask prior`'s, which names the data and hashes.
    let text = format!(
        "{}{}{}",
        table("WEIGHTS", &weights.dense),
        table("TO_TABLE", &weights.to),
        table("FROM_TABLE", &weights.from)
    );
    let Ok(out) = std::env::var("OUT") else {
        eprintln!("OUT names the file the tables are written to (`cargo xtask prior` sets it)");
        return;
    };
    if let Err(e) = std::fs::write(&out, text) {
        eprintln!("{out}: {e}");
    }
    println!("weights written to {out}");
    // How much the prior says on average about the played move.
    let mut mean = 0.0;
    let mut pos_count = 0.0;
    for g in games.iter().take(50) {
        let mut pos = Position::new();
        let mut last = None;
        for m in &g.moves {
            let moves = pos.legal_moves();
            let lp = log_priors(&pos, last, &moves);
            if let Some(i) = moves.iter().position(|x| x == m) {
                mean += lp[i] + (moves.len() as f64).ln();
                pos_count += 1.0;
            }
            pos.play_unchecked(m);
            last = Some(m.to);
        }
    }
    println!(
        "built-in weights: the played move {:.2} nats above uniform on average",
        mean / pos_count
    );
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

const CONFUSIONS: &[(u8, u8)] = &[
    (b'3', b'8'),
    (b'5', b'6'),
    (b'1', b'7'),
    (b'1', b'l'),
    (b'c', b'e'),
    (b'b', b'h'),
    (b'0', b'O'),
    (b'B', b'8'),
    (b'S', b'5'),
    (b'g', b'9'),
    (b'a', b'd'),
    (b'2', b'Z'),
    (b'4', b'A'),
    (b'f', b't'),
    (b'R', b'B'),
    (b'x', b'+'),
];

/// Misreadings of `t`: one character each.
fn misreadings(t: &str, rng: &mut Rng, n: usize) -> Vec<String> {
    let bytes = t.as_bytes();
    let places: Vec<(usize, u8)> = bytes
        .iter()
        .enumerate()
        .flat_map(|(i, &c)| {
            CONFUSIONS.iter().filter_map(move |&(a, b)| {
                (c == a).then_some((i, b)).or((c == b).then_some((i, a)))
            })
        })
        .collect();
    let mut out: Vec<String> = Vec::new();
    for _ in 0..n {
        if places.is_empty() {
            break;
        }
        let (at, to) = places[rng.below(places.len())];
        let mut v = bytes.to_vec();
        v[at] = to;
        let v = String::from_utf8_lossy(&v).into_owned();
        if v != t && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// Synthetic candidates for a game. `style` 0: as `cargo xtask misprints`
/// (the true move first in 19 plies of 20, probabilities 0.6 of what is left);
/// 1: the true move first in 7 of 10, else anywhere, random probabilities.
fn transcription(g: &Game, rng: &mut Rng, style: u8) -> Vec<Vec<Candidate>> {
    g.texts
        .iter()
        .map(|t| {
            let mut cands = vec![t.clone()];
            let n = rng.below(3) + 1;
            cands.extend(misreadings(t, rng, n));
            let n = cands.len();
            let ps: Vec<f64> = if style == 0 {
                if n > 1 && rng.below(20) == 0 {
                    cands.swap(0, 1);
                }
                let mut left = 1.0;
                (0..n)
                    .map(|i| {
                        let p = if i + 1 == n { left } else { left * 0.6 };
                        left -= p;
                        p
                    })
                    .collect()
            } else {
                if n > 1 && rng.below(10) >= 7 {
                    let k = 1 + rng.below(n - 1);
                    cands.swap(0, k);
                }
                let mut ps: Vec<f64> = (0..n).map(|_| 0.05 + rng.unit()).collect();
                ps.sort_by(|a, b| b.total_cmp(a));
                let s: f64 = ps.iter().sum();
                ps.iter().map(|p| p / s).collect()
            };
            cands
                .into_iter()
                .zip(ps)
                .map(|(text, p)| Candidate { text, p })
                .collect()
        })
        .collect()
}

fn eval(games: &[Game]) {
    let weights: Vec<f64> = std::env::var("WEIGHTS")
        .ok()
        .map(|w| w.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| vec![0.0, 0.5, 1.0]);
    for style in [0u8, 1] {
        for &weight in &weights {
            let mut rng = Rng(0xdec0_de00_1234_5678 ^ u64::from(style));
            let (mut exact, mut tried) = (0, 0);
            let start = Instant::now();
            for g in games {
                let plies = transcription(g, &mut rng, style);
                let d = decode_weighted(&Position::new(), &plies, weight);
                let got: Vec<String> = d.plies.iter().map(|p| p.uci.clone()).collect();
                let truth: Vec<String> = g.moves.iter().map(Move::to_uci).collect();
                tried += 1;
                exact += usize::from(got == truth);
                if std::env::var_os("SHOW").is_some() && got != truth {
                    let mut pos = Position::new();
                    let mut last = None;
                    for (i, m) in g.moves.iter().enumerate() {
                        if got.get(i) != Some(&m.to_uci()) {
                            let moves = pos.legal_moves();
                            let lp = log_priors(&pos, last, &moves);
                            let pr =
                                |u: &str| moves.iter().position(|x| x.to_uci() == u).map(|i| lp[i]);
                            let cands: Vec<String> = plies[i]
                                .iter()
                                .map(|c| format!("{}:{:.2}", c.text, c.p))
                                .collect();
                            println!(
                                "  miss ply {i} of {}: true {} ({:?}) got {:?} ({:?}) cands {cands:?} fen {}",
                                g.moves.len(),
                                g.texts[i],
                                pr(&m.to_uci()),
                                d.plies.get(i).map(|p| p.text.clone()),
                                got.get(i).and_then(|u| pr(u)),
                                pos.to_fen(scoresheet_board::EpStyle::Legal)
                            );
                            break;
                        }
                        pos.play_unchecked(m);
                        last = Some(m.to);
                    }
                }
            }
            println!(
                "style {style}, prior weight {weight}: {exact} of {tried} exact ({:.1}%), {:.1} ms per game",
                100.0 * exact as f64 / tried as f64,
                1e3 * start.elapsed().as_secs_f64() / tried as f64
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, paths)) = args.split_first() else {
        eprintln!("usage: prior fit|eval FILE.pgn...");
        return;
    };
    let cap = std::env::var("GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if cmd == "fit" { 3000 } else { 300 });
    let games = read_games(paths, cap);
    println!("{} games", games.len());
    match cmd.as_str() {
        "fit" => fit(&games),
        "eval" => eval(&games),
        _ => eprintln!("usage: prior fit|eval FILE.pgn..."),
    }
}
