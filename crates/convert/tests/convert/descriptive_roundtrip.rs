//! SAN -> descriptive -> resolve gives back the same move: for every move of the
//! descriptive corpus's SAN games and of the first 200 games of each strict PGN corpus
//! file (each skipped with a message when absent), in both layouts and with both knight
//! letters; and for random legal games.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use scoresheet_board::desc::{DescContext, Origins, replay_book, resolve_desc};
use scoresheet_board::{Move, Position};
use scoresheet_convert::descriptive::{DescStyle, KnightLetter, line_to_table, to_descriptive};
use scoresheet_notation::desc::{parse_desc_move, read_book};

/// Both layouts, both knight letters, both capture-qualifier orders, both castling words.
const STYLES: [DescStyle; 4] = [
    DescStyle {
        spaced: false,
        knight: KnightLetter::N,
        capturer_first: false,
        castles_word: false,
        spanish: false,
    },
    DescStyle {
        spaced: false,
        knight: KnightLetter::Kt,
        capturer_first: true,
        castles_word: true,
        spanish: false,
    },
    DescStyle {
        spaced: true,
        knight: KnightLetter::N,
        capturer_first: true,
        castles_word: false,
        spanish: false,
    },
    DescStyle {
        spaced: true,
        knight: KnightLetter::Kt,
        capturer_first: false,
        castles_word: true,
        spanish: false,
    },
];

/// Writes `m` in every style and reads each spelling back, strictly, with the check
/// marker filter on and off. Returns the first failure.
fn round_trip(pos: &Position, origins: &Origins, m: &Move) -> Result<(), String> {
    for style in &STYLES {
        let text = to_descriptive(pos, m, origins, style);
        let written = parse_desc_move(text.as_bytes(), 0)
            .map_err(|e| format!("`{text}` does not parse: {e} ({pos})"))?;
        for check_marker in [true, false] {
            let ctx = DescContext {
                check_marker,
                ..DescContext::strict()
            };
            match resolve_desc(pos, origins, &written, &ctx) {
                Ok(r) if r.mv == *m => {}
                Ok(r) => {
                    return Err(format!(
                        "`{text}` reads as {}, not {} ({pos})",
                        pos.san(&r.mv),
                        pos.san(m)
                    ));
                }
                Err(e) => return Err(format!("`{text}` for {}: {e} ({pos})", pos.san(m))),
            }
        }
    }
    Ok(())
}

/// Writes the whole line as a printed table in every style, reads it back with the book
/// reader and replays it strictly: the same moves must come back.
fn table_round_trip(start: &Position, moves: &[Move]) -> Result<(), String> {
    for style in &STYLES {
        let table = line_to_table(start, moves, style).map_err(|e| e.to_string())?;
        let mut text = String::new();
        if *start != Position::new() {
            text.push_str(&format!(
                "[FEN \"{}\"]\n",
                start.to_fen(scoresheet_board::EpStyle::Legal)
            ));
        }
        text.push_str(&table);
        let book = read_book(text.as_bytes());
        let replay = replay_book(&book, Some(start.clone()), true);
        if replay.moves() != moves {
            return Err(format!(
                "table in {style:?} replays as {} ({:?})\n{text}",
                replay.san_movetext(),
                replay.error.map(|(_, d)| d.message)
            ));
        }
    }
    Ok(())
}

/// Plays SAN `tokens` from `start`, round-tripping each move; returns how many moves were
/// checked. Stops quietly at a token that is not a legal move (null moves, odd tokens).
fn check_game(start: Position, tokens: &[String]) -> Result<usize, String> {
    let line = san_line(&start, tokens);
    let mut pos = start;
    let mut origins = Origins::from_position(&pos);
    for m in &line {
        round_trip(&pos, &origins, m)?;
        origins.play(m);
        pos.play_unchecked(m);
    }
    Ok(line.len())
}

/// The legal moves SAN `tokens` name from `start`, up to the first that names none.
fn san_line(start: &Position, tokens: &[String]) -> Vec<Move> {
    let mut pos = start.clone();
    let mut line = Vec::new();
    for token in tokens {
        let bare = token.trim_end_matches(['+', '#', '!', '?']);
        let Some(m) = pos
            .legal_moves()
            .iter()
            .find(|m| pos.san_plain(m) == bare)
            .copied()
        else {
            break;
        };
        pos.play_unchecked(&m);
        line.push(m);
    }
    line
}

/// The SAN tokens of each game's main line in a PGN text, with its `[FEN]` tag.
fn pgn_games(text: &str, limit: usize) -> Vec<(Option<String>, Vec<String>)> {
    let mut games = Vec::new();
    let mut fen = None;
    let mut body = String::new();
    let mut in_moves = false;
    let flush = |fen: &mut Option<String>, body: &mut String, games: &mut Vec<_>| {
        if !body.trim().is_empty() {
            games.push((fen.take(), tokens(body)));
        }
        body.clear();
        *fen = None;
    };
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            if in_moves {
                flush(&mut fen, &mut body, &mut games);
                in_moves = false;
                if games.len() >= limit {
                    return games;
                }
            }
            if let Some(v) = t.strip_prefix("[FEN \"") {
                fen = v.split('"').next().map(str::to_owned);
            }
        } else if !t.is_empty() && !t.starts_with('%') {
            in_moves = true;
            body.push_str(line);
            body.push('\n');
        }
    }
    flush(&mut fen, &mut body, &mut games);
    games.truncate(limit);
    games
}

/// Move tokens: without comments, variations, move numbers, NAGs and results.
fn tokens(body: &str) -> Vec<String> {
    let mut clean = String::new();
    let (mut brace, mut paren, mut semicolon) = (false, 0usize, false);
    for c in body.chars() {
        match c {
            '\n' if semicolon => semicolon = false,
            _ if semicolon => {}
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            _ if brace => {}
            ';' => semicolon = true,
            '(' => paren += 1,
            ')' => paren = paren.saturating_sub(1),
            _ if paren > 0 => {}
            _ => clean.push(c),
        }
    }
    clean
        .split_whitespace()
        .filter(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty() && !t.starts_with('$'))
        .map(str::to_owned)
        .collect()
}

fn files_under(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(suffix) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn check_files(files: &[PathBuf], limit: usize) -> (usize, usize, Vec<String>) {
    let (mut games, mut moves, mut failures) = (0, 0, Vec::new());
    for path in files {
        let text = String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned();
        for (i, (fen, tokens)) in pgn_games(&text, limit).into_iter().enumerate() {
            let start = match fen.as_deref().map(Position::from_fen) {
                None => Position::new(),
                Some(Ok(p)) => p,
                Some(Err(_)) => continue,
            };
            games += 1;
            match check_game(start, &tokens) {
                Ok(n) => moves += n,
                Err(e) => failures.push(format!("{} game {}: {e}", path.display(), i + 1)),
            }
        }
    }
    (games, moves, failures)
}

/// A directory of `../shared` beside the repository, or `None` (with a message) when
/// it is absent: `cargo test` never needs it.
fn shared(sub: &str) -> Option<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared")
        .join(sub);
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("{} not found: round trip over it skipped", dir.display());
        None
    }
}

#[test]
fn desc_corpus_san_games_round_trip() {
    let Some(dir) = shared("desc/corpus") else {
        return;
    };
    let files = files_under(&dir, ".san.pgn");
    let (games, moves, mut failures) = check_files(&files, usize::MAX);
    println!("desc corpus: {moves} moves of {games} games round-trip in 4 styles");
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for (fen, tokens) in pgn_games(&text, usize::MAX) {
            let Some(start) = fen
                .as_deref()
                .map_or(Some(Position::new()), |f| Position::from_fen(f).ok())
            else {
                continue;
            };
            let line = san_line(&start, &tokens);
            if let Err(e) = table_round_trip(&start, &line) {
                failures.push(format!("{}: {e}", path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(moves > 1000, "only {moves} moves checked");
}

#[test]
fn strict_pgn_corpus_round_trips() {
    let Some(dir) = shared("corpus/strict") else {
        return;
    };
    let files = files_under(&dir, ".pgn");
    let (games, moves, failures) = check_files(&files, 200);
    println!("strict corpus: {moves} moves of {games} games round-trip in 4 styles");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_round_trip(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut pos = Position::new();
        let mut origins = Origins::from_position(&pos);
        let mut line = Vec::new();
        for choice in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[usize::from(choice) % legal.len()];
            if let Err(e) = round_trip(&pos, &origins, &m) {
                prop_assert!(false, "{}", e);
            }
            origins.play(&m);
            pos.play_unchecked(&m);
            line.push(m);
        }
        if let Err(e) = table_round_trip(&Position::new(), &line) {
            prop_assert!(false, "{}", e);
        }
    }
}
