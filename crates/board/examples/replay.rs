//! `cargo run --release -p scoresheet-board --example replay -- FILE.pgn...`: replays the
//! main line of every game (strict SAN movetext only: no comments, variations or NAGs)
//! with `resolve`, `play_unchecked` and `check_suffix`, and reports the moves per second
//! (the best of `REPEAT` runs; `VERBOSE=1` shows the first errors and warnings).
//! A measuring tool for the board alone; the real PGN reader lives elsewhere.

use std::time::Instant;

use scoresheet_board::{Position, check_suffix, resolve};

#[path = "../src/resolve/tokenizer.rs"]
mod tokenizer;

fn main() {
    let mut games = 0u64;
    let mut plies = 0u64;
    let mut errors = 0u64;
    let mut warnings = 0u64;
    let mut texts = Vec::new();
    for path in std::env::args().skip(1) {
        match std::fs::read(&path) {
            Ok(t) => texts.push(String::from_utf8_lossy(&t).into_owned()),
            Err(e) => eprintln!("{path}: {e}"),
        }
    }
    // Tokenize first so the timing covers the board only.
    let mut all_games: Vec<(Option<&str>, Vec<&str>)> = Vec::new();
    for text in &texts {
        let mut current: Vec<&str> = Vec::new();
        let mut fen = None;
        let mut next_fen = None;
        let mut in_comment = false;
        for line in text.lines() {
            let trimmed = line.trim();
            if !in_comment && trimmed.starts_with('[') {
                if !current.is_empty() {
                    all_games.push((fen.take(), std::mem::take(&mut current)));
                }
                if let Some(f) = trimmed.strip_prefix("[FEN \"") {
                    next_fen = f.strip_suffix("\"]");
                }
                continue;
            }
            if next_fen.is_some() {
                fen = next_fen.take();
            }
            // Cut out `{...}` comments (which may span lines) and `;` rest-of-line comments.
            let mut kept: Vec<&str> = Vec::new();
            let mut rest = trimmed;
            loop {
                if in_comment {
                    match rest.find('}') {
                        Some(i) => {
                            in_comment = false;
                            rest = &rest[i + 1..];
                        }
                        None => break,
                    }
                } else {
                    let brace = rest.find('{');
                    let semi = rest.find(';');
                    match (brace, semi) {
                        (Some(b), s) if s.is_none_or(|s| b < s) => {
                            kept.push(&rest[..b]);
                            in_comment = true;
                            rest = &rest[b + 1..];
                        }
                        (_, Some(s)) => {
                            kept.push(&rest[..s]);
                            break;
                        }
                        _ => {
                            kept.push(rest);
                            break;
                        }
                    }
                }
            }
            for token in kept.iter().flat_map(|k| k.split_whitespace()) {
                if token.starts_with('$') {
                    continue;
                }
                let token = match token.split_once('.') {
                    Some((n, rest)) if n.bytes().all(|b| b.is_ascii_digit()) => {
                        rest.trim_start_matches('.')
                    }
                    _ => token,
                };
                if token.is_empty() || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
                    continue;
                }
                current.push(token);
            }
        }
        if !current.is_empty() {
            all_games.push((fen.take(), current));
        }
    }
    let written: Vec<(Position, Vec<_>)> = all_games
        .iter()
        .map(|(fen, g)| {
            let start = fen
                .and_then(|f| Position::from_fen(f).ok())
                .unwrap_or_default();
            (start, g.iter().map(|t| tokenizer::written(t)).collect())
        })
        .collect();
    let verbose = std::env::var_os("VERBOSE").is_some();
    let repeat: usize = std::env::var("REPEAT")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let mut best = f64::INFINITY;
    for _ in 0..repeat.max(1) {
        games = 0;
        plies = 0;
        errors = 0;
        warnings = 0;
        let start = Instant::now();
        for (start_pos, game) in &written {
            games += 1;
            let mut pos = start_pos.clone();
            for w in game {
                match resolve(&pos, w) {
                    Ok(m) => {
                        let before = pos.clone();
                        pos.play_unchecked(&m);
                        for d in check_suffix(&before, &pos, w, &m) {
                            if verbose && warnings < 8 {
                                eprintln!("game {games}: {before}: {}", d.message);
                            }
                            warnings += 1;
                        }
                        plies += 1;
                    }
                    Err(e) => {
                        if verbose && errors < 8 {
                            eprintln!("game {games}: {pos}: {w:?}: {e}");
                        }
                        errors += 1;
                        break;
                    }
                }
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    let secs = best;
    println!(
        "{games} games, {plies} plies, {errors} games stopped by an error, {warnings} mark warnings: \
         {secs:.3} s, {:.2} M plies/s",
        plies as f64 / secs / 1e6
    );
}
