//! `cargo xtask misprints`: how well misprints are found, named and repaired.
//!
//! Real games (the shared corpus's strict files, else `fixtures/misprints`) get
//! one misprint each, of the kinds readers make (a character read as one it
//! looks like: `3`/`8`, `5`/`6`, `1`/`7`/`l`, `c`/`e`, `b`/`h`, `0`/`O`,
//! `B`/`8`, `S`/`5`, `g`/`9`; or a move dropped or doubled), and are validated
//! by the release binary (`validate --json`, then `--repair`). Reported: the
//! games the misprint makes invalid whose error (or the misprint it is blamed
//! on) names the changed move; those where the intended move is among the top
//! three suggestions; those accepted silently; those `--repair` restores to
//! the original game (same plies, same final position) and those it turns into
//! another game (always with a `repaired` warning); the time per game. Then the
//! decoder (`scoresheet decode`) on synthetic candidate lists.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use serde_json::{Value, json};

use crate::util::{release_binary, root, walk};

mod handwriting;
mod model;

/// Games taken from the corpus by default.
const DEFAULT_GAMES: usize = 2000;

/// A small deterministic generator (xorshift64*), so every run corrupts the same way.
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

    /// A draw from `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A seed given on the command line spread over the generator's bits (never 0,
/// which xorshift would keep).
fn mix(seed: u64) -> u64 {
    (seed.wrapping_add(1)).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1
}

/// The confusions a misprint is made of, each both ways.
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
];

/// One game as read from a file: its text, and each main-line move's byte range
/// in it.
struct Source {
    text: String,
    moves: Vec<(usize, usize)>,
}

/// How a game was corrupted.
#[derive(Debug, Clone)]
struct Corruption {
    /// 1-based ply of the changed move.
    ply: usize,
    /// The move as it was (SAN, marks stripped).
    original: String,
    /// What was done: `Nf3 -> Nf8`, `dropped Nf3`, `doubled Nf3`.
    what: String,
}

/// Runs the measurement: `cargo xtask misprints [--games N] [--slice K]
/// [--seed S] [--bin PATH] [--decoder ocr|handwriting|model|both|all] [--decoder-only]
/// [FILE|DIR...]`. `--slice` takes other games of each file (the Kth after
/// each sampled one) and `--seed` corrupts them otherwise, so what is tuned on
/// one slice is measured on another. `--decoder` picks the noise models of the
/// decoder's transcriptions (all three by default); `--decoder-only` measures the
/// decoder alone; `--in-process` decodes with the library linked here rather
/// than the binary. `MISPRINTS_EXPLAIN=1` prints each missed transcription's
/// account (`explain`), `MISPRINTS_KEEP=DIR` keeps it.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut games = DEFAULT_GAMES;
    let mut slice = 0usize;
    let mut seed: Option<u64> = None;
    let mut bin: Option<PathBuf> = None;
    let mut noises = vec![Noise::Ocr, Noise::Handwriting, Noise::Model];
    let mut decoder_only = false;
    let mut in_process = false;
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--games" => {
                games = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--games takes a number")?;
            }
            "--slice" => {
                slice = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or("--slice takes a number")?;
            }
            "--seed" => {
                seed = Some(
                    it.next()
                        .and_then(|n| n.parse().ok())
                        .ok_or("--seed takes a number")?,
                );
            }
            "--bin" => bin = Some(PathBuf::from(it.next().ok_or("--bin takes a path")?)),
            "--decoder" => {
                noises = match it.next().map(String::as_str) {
                    Some("ocr") => vec![Noise::Ocr],
                    Some("handwriting") => vec![Noise::Handwriting],
                    Some("model") => vec![Noise::Model],
                    Some("both") => vec![Noise::Ocr, Noise::Handwriting],
                    Some("all") => vec![Noise::Ocr, Noise::Handwriting, Noise::Model],
                    _ => return Err("--decoder takes ocr, handwriting, model, both or all".into()),
                };
            }
            "--decoder-only" => decoder_only = true,
            "--in-process" => in_process = true,
            other => paths.push(PathBuf::from(other)),
        }
    }
    if paths.is_empty() {
        // The shared corpus beside the checkout (or beside its worktree directory).
        let corpus = ["../shared/corpus/strict", "../../shared/corpus/strict"]
            .iter()
            .map(|p| root().join(p))
            .find(|p| p.is_dir())
            .unwrap_or_else(|| root().join("../shared/corpus/strict"));
        if corpus.is_dir() {
            paths.push(corpus);
        } else {
            println!(
                "xtask misprints: {} is absent: measuring fixtures/misprints only",
                corpus.display()
            );
            paths.push(root().join("fixtures/misprints"));
        }
    }
    let mut files: Vec<PathBuf> = Vec::new();
    for p in &paths {
        if p.is_dir() {
            files.extend(walk(p).into_iter().filter(|f| has_ext(f, "pgn")));
        } else {
            files.push(p.clone());
        }
    }
    files.sort();
    let sources = sample(&files, games, slice)?;
    if sources.is_empty() {
        return Err("no games to corrupt".into());
    }
    let bin = match bin {
        Some(b) => b,
        None => release_binary()?,
    };
    let dir = std::env::temp_dir().join(format!("scoresheet-misprints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let result = if decoder_only {
        let originals: String = sources.iter().map(|g| format!("{}\n", g.text)).collect();
        let orig_path = dir.join("original.pgn");
        std::fs::write(&orig_path, originals).map_err(|e| e.to_string())?;
        validate(&bin, &orig_path, &[])
            .and_then(|(orig, _)| decoder(&bin, &dir, &sources, &orig, seed, &noises, in_process))
    } else {
        measure(&bin, &dir, &sources, seed, &noises, in_process)
    };
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn has_ext(p: &Path, ext: &str) -> bool {
    p.extension().is_some_and(|e| e == ext)
}

/// Up to `n` games spread over `files`, each with its main-line moves found;
/// `slice` shifts the choice within each file (a file with fewer games than
/// its share gives all of them to every slice).
fn sample(files: &[PathBuf], n: usize, slice: usize) -> Result<Vec<Source>, String> {
    let per_file = n.div_ceil(files.len().max(1));
    let mut out = Vec::new();
    for f in files {
        let bytes = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        let all = split_games(&text);
        let step = (all.len() / per_file.max(1)).max(1);
        for g in all
            .into_iter()
            .skip(slice % step)
            .step_by(step)
            .take(per_file)
        {
            let moves = mainline_moves(&g);
            if moves.len() >= 10 && !g.contains("[FEN") && !g.contains("[Variant") {
                out.push(Source { text: g, moves });
            }
        }
    }
    out.truncate(n);
    Ok(out)
}

/// A file's games, cut before each `[Event` that starts a line after the movetext.
fn split_games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        if line.starts_with('[') && in_moves {
            games.push(core::mem::take(&mut current));
            in_moves = false;
        }
        if !line.starts_with('[') && !line.trim().is_empty() {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if in_moves {
        games.push(current);
    }
    games
}

/// The byte ranges of the main-line moves of a game (comments, variations,
/// move numbers, NAGs and the result skipped).
fn mainline_moves(game: &str) -> Vec<(usize, usize)> {
    let b = game.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut depth = 0usize;
    // Skip the tags.
    while i < b.len() && b[i] == b'[' {
        while i < b.len() && b[i] != b'\n' {
            i += 1;
        }
        i += 1;
    }
    while i < b.len() {
        let c = b[i];
        match c {
            b'{' => {
                while i < b.len() && b[i] != b'}' {
                    i += 1;
                }
                i += 1;
            }
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ if c.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"{}();".contains(&b[i]) {
                    i += 1;
                }
                let mut tok = &game[start..i];
                let mut from = start;
                // `12.e4`: the move after the number.
                if let Some(dot) = tok.rfind('.') {
                    from = start + dot + 1;
                    tok = &game[from..i];
                }
                let is_move = tok
                    .bytes()
                    .next()
                    .is_some_and(|c| b"KQRBNOabcdefgh".contains(&c))
                    && !matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*");
                if depth == 0 && is_move {
                    out.push((from, i));
                }
            }
        }
    }
    out
}

/// The move without its marks of check and judgement.
fn bare(san: &str) -> String {
    san.trim_end_matches(['+', '#', '!', '?']).to_owned()
}

/// One misprint in `g`: mostly a character read wrong, sometimes a move dropped
/// or doubled; `None` when the chosen move has no character to confuse.
fn corrupt(g: &Source, rng: &mut Rng) -> Option<(String, Corruption)> {
    let k = rng.below(g.moves.len());
    let (s, e) = g.moves[k];
    let token = &g.text[s..e];
    let original = bare(token);
    let roll = rng.below(10);
    if roll == 0 {
        let mut text = g.text.clone();
        text.replace_range(s..e, "");
        return Some((
            text,
            Corruption {
                ply: k + 1,
                original: original.clone(),
                what: format!("dropped {original}"),
            },
        ));
    }
    if roll == 1 {
        let mut text = g.text.clone();
        text.insert_str(e, &format!(" {token}"));
        return Some((
            text,
            Corruption {
                ply: k + 2,
                original: g
                    .moves
                    .get(k + 1)
                    .map(|&(s, e)| bare(&g.text[s..e]))
                    .unwrap_or_default(),
                what: format!("doubled {original}"),
            },
        ));
    }
    let places: Vec<(usize, u8)> = token
        .bytes()
        .enumerate()
        .flat_map(|(i, c)| {
            CONFUSIONS.iter().filter_map(move |&(a, b)| {
                if c == a {
                    Some((i, b))
                } else if c == b {
                    Some((i, a))
                } else {
                    None
                }
            })
        })
        .collect();
    if places.is_empty() {
        return None;
    }
    let (at, to) = places[rng.below(places.len())];
    let mut changed = token.as_bytes().to_vec();
    changed[at] = to;
    let changed = String::from_utf8_lossy(&changed).into_owned();
    let mut text = g.text.clone();
    text.replace_range(s..e, &changed);
    Some((
        text,
        Corruption {
            ply: k + 1,
            original,
            what: format!("{token} -> {changed}"),
        },
    ))
}

/// Each game's JSON report from `scoresheet validate --json` (summary left out).
fn validate(bin: &Path, file: &Path, extra: &[&str]) -> Result<(Vec<Value>, f64), String> {
    let start = Instant::now();
    let out = Command::new(bin)
        .arg("validate")
        .arg("--json")
        .args(["--jobs", "1"])
        .args(extra)
        .arg(file)
        .env("SCORESHEET_NO_PROGRESS", "1")
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    let seconds = start.elapsed().as_secs_f64();
    let mut games = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let v: Value = serde_json::from_str(line).map_err(|e| format!("bad JSON {line:?}: {e}"))?;
        if v.get("type").and_then(Value::as_str) == Some("game") {
            games.push(v);
        }
    }
    Ok((games, seconds))
}

fn pct(n: usize, of: usize) -> String {
    if of == 0 {
        "-".to_owned()
    } else {
        format!("{:.1}%", 100.0 * n as f64 / of as f64)
    }
}

/// Whether a suggestion (`SAN (LAN)`) is the move `san`.
fn names(suggestion: &Value, san: &str) -> bool {
    suggestion
        .as_str()
        .and_then(|s| s.split(' ').next())
        .is_some_and(|s| bare(s) == san)
}

fn measure(
    bin: &Path,
    dir: &Path,
    sources: &[Source],
    seed: Option<u64>,
    noises: &[Noise],
    in_process: bool,
) -> Result<(), String> {
    let mut rng = Rng(seed.map_or(0x005e_ed0f_5c0e_5bee, mix));
    let mut originals = String::new();
    let mut corrupted = String::new();
    let mut kept: Vec<(usize, Corruption)> = Vec::new();
    for (i, g) in sources.iter().enumerate() {
        let Some((text, c)) = corrupt(g, &mut rng) else {
            continue;
        };
        originals.push_str(&g.text);
        originals.push('\n');
        corrupted.push_str(&text);
        corrupted.push('\n');
        kept.push((i, c));
    }
    let orig_path = dir.join("original.pgn");
    let bad_path = dir.join("corrupted.pgn");
    std::fs::write(&orig_path, &originals).map_err(|e| e.to_string())?;
    std::fs::write(&bad_path, &corrupted).map_err(|e| e.to_string())?;
    let (orig, _) = validate(bin, &orig_path, &[])?;
    let (bad, seconds) = validate(bin, &bad_path, &[])?;
    let (fixed, repair_seconds) = validate(bin, &bad_path, &["--repair"])?;
    if orig.len() != kept.len() || bad.len() != kept.len() || fixed.len() != kept.len() {
        return Err(format!(
            "game counts differ: {} corrupted, {} / {} / {} reported",
            kept.len(),
            orig.len(),
            bad.len(),
            fixed.len()
        ));
    }
    let (mut considered, mut invalid, mut named, mut top3, mut silent) = (0, 0, 0, 0, 0);
    // Games still legal whose changed move is warned about with the intended move.
    let mut silent_explained = 0;
    // Games a character misprint made invalid: where an intended move exists.
    let mut misread = 0;
    let (mut restored, mut other_repaired, mut other_silent) = (0, 0, 0);
    let mut misses = String::new();
    for (n, (_, c)) in kept.iter().enumerate() {
        // Only games valid to start with say anything about misprints.
        if orig[n].get("valid") != Some(&Value::Bool(true)) {
            continue;
        }
        considered += 1;
        let b = &bad[n];
        if b.get("valid") == Some(&Value::Bool(true)) {
            let same = b.get("fen") == orig[n].get("fen") && b.get("plies") == orig[n].get("plies");
            if !same {
                silent += 1;
                // A mark the wrong move does not fit (`+` on a quiet move) is
                // warned about with the move that fits it.
                let explained = b["warnings"].as_array().is_some_and(|w| {
                    w.iter().any(|w| {
                        w.get("ply").and_then(Value::as_u64) == Some(c.ply as u64)
                            && w["suggestions"]
                                .as_array()
                                .is_some_and(|s| s.iter().any(|s| names(s, &c.original)))
                    })
                });
                if explained {
                    silent_explained += 1;
                }
            }
            continue;
        }
        invalid += 1;
        if c.what.contains("->") {
            misread += 1;
        }
        let error = &b["errors"][0];
        let error_ply = error.get("ply").and_then(Value::as_u64);
        let misprint_ply = error["misprint"].get("ply").and_then(Value::as_u64);
        let at = |p: Option<u64>| p == Some(c.ply as u64);
        let suggestions = if at(misprint_ply) {
            &error["misprint"]["suggestions"]
        } else {
            &error["suggestions"]
        };
        if at(error_ply) || at(misprint_ply) {
            named += 1;
            let hit = suggestions
                .as_array()
                .is_some_and(|s| s.iter().take(3).any(|s| names(s, &c.original)));
            if !c.what.contains("->") {
                // A move dropped or doubled: no misread character to undo.
            } else if hit {
                top3 += 1;
            } else if misses.lines().count() < 8 {
                let _ = writeln!(
                    misses,
                    "  no intended {} in {suggestions} ({})",
                    c.original, c.what
                );
            }
        } else if misses.lines().count() < 8 {
            let _ = writeln!(
                misses,
                "  {} at ply {}: error at ply {error_ply:?}, blame {misprint_ply:?}",
                c.what, c.ply
            );
        }
        let f = &fixed[n];
        let repaired = f["warnings"]
            .as_array()
            .is_some_and(|w| w.iter().any(|w| w["kind"] == "repaired"));
        if f.get("valid") == Some(&Value::Bool(true)) {
            let same = f.get("fen") == orig[n].get("fen") && f.get("plies") == orig[n].get("plies");
            if same {
                restored += 1;
            } else if repaired {
                other_repaired += 1;
            } else {
                other_silent += 1;
            }
        }
    }
    let characters = kept.iter().filter(|(_, c)| c.what.contains("->")).count();

    println!(
        "misprints: {} games, {} valid before corruption ({} character misprints, {} moves dropped or doubled)",
        kept.len(),
        considered,
        characters,
        kept.len() - characters
    );
    println!("  made invalid by the misprint:          {invalid}");
    println!(
        "  changed move named (error or blame):   {named} ({})   target >= 97%",
        pct(named, invalid)
    );
    println!(
        "  intended move in the top three:        {top3} ({} of the {misread} made invalid by a misread character)   target >= 90%",
        pct(top3, misread)
    );
    println!(
        "  accepted silently (still legal):       {silent} ({} of all)",
        pct(silent, considered)
    );
    println!("    of those, a mark warning suggests the intended move: {silent_explained}");
    println!(
        "  --repair restored the original:        {restored} ({})   target >= 80%",
        pct(restored, invalid)
    );
    println!(
        "  --repair made another game, warned:    {other_repaired}; silently: {other_silent} (must be 0)"
    );
    println!(
        "  time per game: {:.1} µs (validate), {:.1} µs (--repair)",
        1e6 * seconds / kept.len() as f64,
        1e6 * repair_seconds / kept.len() as f64
    );
    if !misses.is_empty() {
        print!("  some misses:\n{misses}");
    }
    decoder(bin, dir, sources, &orig, seed, noises, in_process)?;
    if other_silent > 0 {
        return Err("--repair made another game without a repaired warning".into());
    }
    Ok(())
}

/// The makers of synthetic transcriptions for the decoder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Noise {
    /// Each ply the true move and up to three misreadings of it by the
    /// confusions above, the true move first in 19 plies of 20.
    Ocr,
    /// [`handwriting`]: another noise model, written apart from the first.
    Handwriting,
    /// [`model`]: a language model's mistakes (plausible moves, not misread
    /// characters), written apart from both, never tuned on.
    Model,
}

impl Noise {
    fn name(self) -> &'static str {
        match self {
            Noise::Ocr => "ocr",
            Noise::Handwriting => "handwriting",
            Noise::Model => "model",
        }
    }
}

/// One synthetic transcription: each ply's readings with their
/// probabilities, the true game (in the decoder output's field `key`), and
/// the probability of the true game under the given probabilities.
struct Transcription {
    plies: Vec<Vec<(String, f64)>>,
    truth: Vec<String>,
    key: &'static str,
    true_p: f64,
}

/// The first noise model: OCR confusions, the true move first in 19 plies of
/// 20, probabilities 0.6 of what is left.
fn ocr_transcription(g: &Source, rng: &mut Rng) -> Transcription {
    let printed: Vec<&str> = g.moves.iter().map(|&(s, e)| &g.text[s..e]).collect();
    // The true moves in UCI: a move printed with more of its origin than it
    // needs (`Nge2` where the other knight is pinned) is the decoder's `Ne2`.
    let mut pos = scoresheet_board::Position::new();
    let truth: Vec<String> = printed
        .iter()
        .map_while(|t| {
            let m = scoresheet_board::misprint::read_any(&pos, t.as_bytes())?;
            pos.play_unchecked(&m);
            Some(m.to_uci())
        })
        .collect();
    let mut true_p = 1.0;
    let plies = printed
        .iter()
        .map(|t| {
            let t = t.trim_end_matches(['!', '?']).to_owned();
            let mut cands = vec![(t.clone(), 0.0f64)];
            for _ in 0..rng.below(3) + 1 {
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
                if places.is_empty() {
                    break;
                }
                let (at, to) = places[rng.below(places.len())];
                let mut v = bytes.to_vec();
                v[at] = to;
                let v = String::from_utf8_lossy(&v).into_owned();
                if !cands.iter().any(|c| c.0 == v) {
                    cands.push((v, 0.0));
                }
            }
            // Each candidate gets a probability, the most probable first; the
            // true move is first in 19 plies of 20, else second.
            let n = cands.len();
            if n > 1 && rng.below(20) == 0 {
                cands.swap(0, 1);
            }
            let mut left = 1.0;
            for (i, c) in cands.iter_mut().enumerate() {
                let p = if i + 1 == n { left } else { left * 0.6 };
                c.1 = p;
                left -= p;
            }
            true_p *= cands.iter().find(|c| c.0 == t).map_or(0.0, |c| c.1);
            cands
        })
        .collect();
    Transcription {
        plies,
        truth,
        key: "uci",
        true_p,
    }
}

/// The second noise model ([`handwriting`]); `None` when the game does not
/// replay.
fn handwriting_transcription(g: &Source, rng: &mut Rng) -> Option<Transcription> {
    let printed: Vec<&str> = g.moves.iter().map(|&(s, e)| &g.text[s..e]).collect();
    let (plies, truth, true_p) = handwriting::transcribe(&printed, rng)?;
    Some(Transcription {
        plies,
        truth,
        key: "uci",
        true_p,
    })
}

/// The third noise model ([`model`]); `None` when the game does not replay.
fn model_transcription(g: &Source, rng: &mut Rng) -> Option<Transcription> {
    let printed: Vec<&str> = g.moves.iter().map(|&(s, e)| &g.text[s..e]).collect();
    let (plies, truth, true_p) = model::transcribe(&printed, rng)?;
    Some(Transcription {
        plies,
        truth,
        key: "uci",
        true_p,
    })
}

/// The library's decoder run here rather than through the binary (quicker
/// to try a change with: `cargo build -p xtask --profile test`): each ply as
/// the transcription's key spells it, and the confidence.
fn decode_here(t: &Transcription) -> (Vec<String>, Option<f64>) {
    use scoresheet_board::Position;
    use scoresheet_board::decode::{Candidate, decode};
    let plies: Vec<Vec<Candidate>> = t
        .plies
        .iter()
        .map(|c| {
            c.iter()
                .map(|(text, p)| Candidate {
                    text: text.clone(),
                    p: *p,
                })
                .collect()
        })
        .collect();
    let d = decode(&Position::new(), &plies);
    let got = d
        .plies
        .iter()
        .map(|p| match t.key {
            "uci" => p.uci.clone(),
            _ => bare(&p.san),
        })
        .collect();
    (got, Some(d.confidence))
}

/// The decoder on synthetic transcriptions of each kind in `noises`: every
/// ply's candidates hold the true move (not always first) and misreadings of
/// it; decoded by `bin`, or here when `in_process`.
fn decoder(
    bin: &Path,
    dir: &Path,
    sources: &[Source],
    orig: &[Value],
    seed: Option<u64>,
    noises: &[Noise],
    in_process: bool,
) -> Result<(), String> {
    let decode_games = std::env::var("MISPRINTS_DECODE_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let valid: Vec<&Source> = sources
        .iter()
        .zip(orig.iter().map(Some).chain(core::iter::repeat(None)))
        .filter(|(_, v)| v.is_none_or(|v| v.get("valid") == Some(&Value::Bool(true))))
        .map(|(s, _)| s)
        .take(decode_games)
        .collect();
    for &noise in noises {
        let mut rng = match noise {
            Noise::Ocr => Rng(seed.map_or(0xdec0_de00_1234_5678, |s| mix(s ^ 0xdec0_de00))),
            Noise::Handwriting => Rng(mix(seed.unwrap_or(0) ^ 0x4a4d_0000_0031)),
            Noise::Model => Rng(mix(seed.unwrap_or(0) ^ 0x11a4_0000_0031)),
        };
        let (mut tried, mut exact, mut likelier) = (0usize, 0usize, 0usize);
        let mut seconds = 0.0;
        let mut misses = String::new();
        for g in &valid {
            let t = match noise {
                Noise::Ocr => ocr_transcription(g, &mut rng),
                Noise::Handwriting => match handwriting_transcription(g, &mut rng) {
                    Some(t) => t,
                    None => continue,
                },
                Noise::Model => match model_transcription(g, &mut rng) {
                    Some(t) => t,
                    None => continue,
                },
            };
            let plies: Vec<Value> = t
                .plies
                .iter()
                .map(|c| {
                    c.iter()
                        .map(|(text, p)| json!({"text": text, "p": p}))
                        .collect()
                })
                .collect();
            let path = dir.join("decode.json");
            std::fs::write(
                &path,
                json!({ "plies": plies, "truth": t.truth }).to_string(),
            )
            .map_err(|e| e.to_string())?;
            let start = Instant::now();
            let (got, confidence) = if in_process {
                decode_here(&t)
            } else {
                let out = Command::new(bin)
                    .arg("decode")
                    .arg(&path)
                    .output()
                    .map_err(|e| format!("could not run decode: {e}"))?;
                let v: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
                let got: Vec<String> = v["plies"]
                    .as_array()
                    .map(|p| {
                        p.iter()
                            .map(|p| bare(p[t.key].as_str().unwrap_or("")))
                            .collect()
                    })
                    .unwrap_or_default();
                (got, v["confidence"].as_f64())
            };
            seconds += start.elapsed().as_secs_f64();
            tried += 1;
            if got == t.truth {
                exact += 1;
                continue;
            }
            if confidence.is_some_and(|c| c >= t.true_p) {
                // A legal game likelier than the true one under the given
                // probabilities: no search can tell them apart.
                likelier += 1;
            }
            if std::env::var_os("MISPRINTS_EXPLAIN").is_some() {
                println!("  miss: {}", explain(&t, &got));
            }
            if let Some(keep) = std::env::var_os("MISPRINTS_KEEP") {
                let name = format!("{}-miss{tried}.json", noise.name());
                let _ = std::fs::copy(&path, PathBuf::from(&keep).join(&name));
                let got_name = name.replace(".json", ".got.json");
                let _ = std::fs::write(PathBuf::from(keep).join(got_name), json!(got).to_string());
            }
            if misses.lines().count() < 4 {
                let at = got.iter().zip(&t.truth).position(|(a, b)| a != b);
                let _ = writeln!(
                    misses,
                    "  first difference at ply index {at:?} of {}",
                    t.truth.len()
                );
            }
        }
        println!(
            "decoder ({} noise): {exact} of {tried} transcriptions decoded exactly ({})   target >= 95%; {:.1} ms per game",
            noise.name(),
            pct(exact, tried),
            1e3 * seconds / tried.max(1) as f64
        );
        println!(
            "  of the others, {likelier} have a legal game likelier than the true one under the given probabilities"
        );
        if !misses.is_empty() {
            print!("{misses}");
        }
    }
    Ok(())
}

/// What a missed transcription's decoded game and its true game each owe to
/// the candidates and to the prior over moves (`MISPRINTS_EXPLAIN`): the
/// first ply where they part, the true and the chosen move's rank among that
/// ply's candidates (0: first; `-`: not among them), how many plies differ,
/// and over the whole game each's log-probability from the candidates (the
/// readings of its move added up) and from the prior.
fn explain(t: &Transcription, got: &[String]) -> String {
    use scoresheet_board::Position;
    use scoresheet_board::misprint::read_any;
    use scoresheet_board::prior::log_priors;
    // Each ply's log-probabilities of `game` (UCI): candidates', prior's.
    let terms = |game: &[String]| -> (Vec<f64>, Vec<f64>, Vec<Option<usize>>) {
        let mut pos = Position::new();
        let mut last = None;
        let (mut cand, mut prior, mut rank) = (Vec::new(), Vec::new(), Vec::new());
        for (uci, cands) in game.iter().zip(&t.plies) {
            let moves = pos.legal_moves();
            let Some(i) = moves.iter().position(|m| m.to_uci() == *uci) else {
                break;
            };
            let lp = log_priors(&pos, last, &moves);
            let mut sorted: Vec<&(String, f64)> = cands.iter().collect();
            sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
            let reads = |c: &&(String, f64)| read_any(&pos, c.0.as_bytes()) == Some(moves[i]);
            let p: f64 = sorted.iter().filter(|c| reads(c)).map(|c| c.1).sum();
            cand.push(p.max(1e-6).ln());
            prior.push(lp[i]);
            rank.push(sorted.iter().position(reads));
            pos.play_unchecked(&moves[i]);
            last = Some(moves[i].to);
        }
        (cand, prior, rank)
    };
    let (tc, tp, tr) = terms(&t.truth);
    let (gc, gp, gr) = terms(got);
    let at = got
        .iter()
        .zip(&t.truth)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(t.truth.len()));
    let differ = got.iter().zip(&t.truth).filter(|(a, b)| a != b).count();
    let show = |r: Option<&Option<usize>>| match r {
        Some(Some(r)) => r.to_string(),
        _ => "-".into(),
    };
    let sum = |v: &[f64]| v.iter().sum::<f64>();
    format!(
        "ply {at} of {} ({} differ); rank true {} chosen {}; true cand {:.2} prior {:.2}; chosen cand {:.2} prior {:.2}; candidates {:?}",
        t.truth.len(),
        differ,
        show(tr.get(at)),
        show(gr.get(at)),
        sum(&tc),
        sum(&tp),
        sum(&gc),
        sum(&gp),
        t.plies.get(at).map(|c| c
            .iter()
            .map(|(x, p)| format!("{x}:{p:.2}"))
            .collect::<Vec<_>>()),
    )
}
