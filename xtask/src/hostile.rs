//! `cargo xtask bench --hostile`: the throughput of crafted worst cases, one
//! per class of input that once took more than linear time or memory
//! (docs/RELIABILITY.md lists them). Each case is generated here, run once
//! through the release binary, and reported with its MB/s and peak memory; a
//! case under 1 MB/s is marked. Measured, never a timed test.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use crate::util::{release_binary, target_dir};

/// The slowest throughput a case may have.
const FLOOR_MB_S: f64 = 1.0;

/// One line of `n` move pairs `Nf3+ Nf6+ Ng1+ Ng8+`: a wrong check mark at
/// every ply, so a warning (located, rendered) at every ply of one long line.
fn check_marks_on_one_line(pairs: usize) -> Vec<u8> {
    let mut s = String::from("[Event \"marks\"]\n\n");
    for i in 0..pairs {
        let n = 2 * i + 1;
        let _ = write!(s, "{n}. Nf3+ Nf6+ {}. Ng1+ Ng8+ ", n + 1);
    }
    s.push_str("*\n");
    s.into_bytes()
}

/// The largest game the readers take whole (16 MiB), less room for its end.
const DENSE_BYTES: usize = (16 << 20) - 200;

/// One game of `bytes` of `token` repeated after `head` (the first illegal
/// move stops the replay; the parser still reads every token, up to
/// `pgn::MAX_TOKENS`): the most tokens, so the most memory, a game can hold.
fn dense(head: &[u8], token: &[u8], bytes: usize) -> Vec<u8> {
    let mut v = head.to_vec();
    while v.len() + token.len() + 2 <= bytes {
        v.extend_from_slice(token);
    }
    v.extend_from_slice(b"*\n");
    v
}

/// Variations `depth` deep, around one move.
fn deep_variations(depth: usize) -> Vec<u8> {
    let mut v = b"[Event \"deep\"]\n\n1. e4 ".to_vec();
    v.extend(std::iter::repeat_n(b"( ".as_slice(), depth).flatten());
    v.extend_from_slice(b"1. d4 ");
    v.extend(std::iter::repeat_n(b") ".as_slice(), depth).flatten());
    v.extend_from_slice(b"e5 *\n");
    v
}

/// A comment of `bytes` between two moves.
fn long_comment(bytes: usize) -> Vec<u8> {
    let mut v = b"[Event \"comment\"]\n\n1. e4 {".to_vec();
    v.extend(std::iter::repeat_n(b'x', bytes));
    v.extend_from_slice(b"} e5 *\n");
    v
}

/// One game with `n` tags, all of other names.
fn many_tags(n: usize) -> Vec<u8> {
    let mut s = String::new();
    for i in 0..n {
        let _ = writeln!(s, "[T{i} \"v\"]");
    }
    s.push_str("\n1. e4 e5 *\n");
    s.into_bytes()
}

/// `games` invalid games in which blame (`misprint::blame`) searches its whole
/// window: 48 plies of knights going out and back (more than `WINDOW`), a
/// move no piece can make, and 16 more plies (`LOOKAHEAD`), so every ply of
/// the window is tried with its close readings, and a dropped move with every
/// legal move, each played on through the lookahead.
fn blame_window(games: usize) -> Vec<u8> {
    let shuffle = "Nf3 Nf6 Ng1 Ng8 ";
    let mut s = String::new();
    for g in 0..games {
        let _ = write!(s, "[Event \"blame {g}\"]\n\n");
        s.push_str(&shuffle.repeat(12));
        s.push_str("Nf5 ");
        s.push_str(&shuffle.repeat(4));
        s.push_str("*\n\n");
    }
    s.into_bytes()
}

/// A book of about `bytes`: descriptive tables, each headed by `% key:
/// value` lines and ended by its closing words, no blank line between them
/// (the splitter must cut them into games as it streams).
fn book(bytes: usize) -> Vec<u8> {
    let game = b"% title: Game\n% white: A\n% black: B\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-B4 B-B4\n4. P-QKt4 BxKtP\nResigns.\n";
    let mut v = Vec::with_capacity(bytes + game.len());
    while v.len() < bytes {
        v.extend_from_slice(game);
    }
    v
}

/// One book row followed by `n` end words on one line.
fn end_words(n: usize) -> Vec<u8> {
    let mut v = b"% title: words\n1. P-K4 P-K4\n".to_vec();
    v.extend(std::iter::repeat_n(b"resigns ".as_slice(), n).flatten());
    v.push(b'\n');
    v
}

/// The cases of book tables read as a stream (issue 29's "books stream like
/// PGN"): a large book, blank lines alone, a line of end words.
fn book_cases() -> Vec<(&'static str, Vec<u8>, Vec<&'static str>)> {
    vec![
        (
            "a book of 100 MB, % headers, no blank lines",
            book(100_000_000),
            vec!["validate", "convert"],
        ),
        (
            "200 MiB of blank lines",
            vec![b'\n'; 200 << 20],
            vec!["validate", "play", "convert"],
        ),
        (
            "a book line of 200,000 end words",
            end_words(200_000),
            vec!["validate", "play", "convert"],
        ),
    ]
}

/// The readings of each ply of [`decoder_case`], a cycle of four plies
/// (knights out and back): the move in five alphabets and notations, and
/// three other knight moves in other letters, so that each of the beam's
/// partial games has several legal ways on and keeps its own set of
/// languages.
const DECODER_PLIES: [[&str; 8]; 4] = [
    ["Nf3", "Sf3", "Cf3", "Pf3", "g1f3", "Nh3", "Sc3", "N-KB3"],
    ["Nf6", "Sf6", "Cf6", "Pf6", "g8f6", "Nh6", "Sc6", "N-KB3"],
    ["Ng1", "Sg1", "Cg1", "Pg1", "f3g1", "Ne5", "Sd4", "N-KN1"],
    ["Ng8", "Sg8", "Cg8", "Pg8", "f6g8", "Ne4", "Sd5", "N-KN1"],
];

/// A transcription for `scoresheet decode` of `plies` plies, each with the
/// eight readings of [`DECODER_PLIES`] (the most the decoder looks at), the
/// probabilities falling from the first: the search's worst case per ply.
fn decoder_case(plies: usize) -> Vec<u8> {
    let mut s = String::from("{\"plies\": [");
    for i in 0..plies {
        if i > 0 {
            s.push(',');
        }
        s.push('[');
        for (k, text) in DECODER_PLIES[i % 4].iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            let p = 0.3 / (k as f64 + 1.0);
            let _ = write!(s, "{{\"text\": \"{text}\", \"p\": {p:.3}}}");
        }
        s.push(']');
    }
    s.push_str("]}\n");
    s.into_bytes()
}

/// The decoder's rows: the same crafted transcription at two lengths, so
/// that the time per ply shows the search linear in plies, and its peak
/// memory bounded.
fn decoder_rows(bin: &Path, dir: &Path) -> Result<(), String> {
    println!(
        "\n| decoder case | plies | seconds | ms per ply | peak RSS MB |\n| --- | ---: | ---: | ---: | ---: |"
    );
    let file = dir.join("case.json");
    for plies in [1_000, 2_000] {
        std::fs::write(&file, decoder_case(plies))
            .map_err(|e| format!("{}: {e}", file.display()))?;
        let (secs, rss) = time_one(bin, "decode", &file)?;
        let rss = rss.map_or("?".to_owned(), |k| format!("{:.1}", k as f64 / 1024.0));
        println!(
            "| eight readings a ply in eight alphabets | {plies} | {secs:.2} | {:.2} | {rss} |",
            1e3 * secs / plies as f64
        );
    }
    let _ = std::fs::remove_file(&file);
    Ok(())
}

/// Runs the cases; prints one row each. `decoder_only`: the decoder's rows
/// alone (`cargo xtask bench --hostile --decoder`).
pub fn run(decoder_only: bool) -> Result<(), String> {
    let bin = release_binary()?;
    let dir = target_dir().join("bench-hostile");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if decoder_only {
        return decoder_rows(&bin, &dir);
    }
    let mut cases: Vec<(&str, Vec<u8>, Vec<&str>)> = vec![
        (
            "check marks, one line of 80,000 plies",
            check_marks_on_one_line(20_000),
            vec!["validate", "play", "convert"],
        ),
        (
            "two-byte moves, one game of 16 MiB",
            dense(b"[Event \"pawns\"]\n\n", b"e4 ", DENSE_BYTES),
            vec!["validate", "play", "convert"],
        ),
        (
            "empty comments, one game of 16 MiB",
            dense(b"[Event \"comments\"]\n\n1. e4 ", b"{} ", DENSE_BYTES),
            vec!["validate", "play", "convert"],
        ),
        (
            "legal knight moves, one game of 16 MiB",
            dense(b"[Event \"knights\"]\n\n", b"Nf3 Nf6 Ng1 Ng8 ", DENSE_BYTES),
            vec!["validate", "play", "convert"],
        ),
        (
            "variations 100,000 deep",
            deep_variations(100_000),
            vec!["validate", "convert"],
        ),
        (
            "a comment of 10 MiB",
            long_comment(10 << 20),
            vec!["validate", "convert"],
        ),
        (
            "a million tags in one game",
            many_tags(1_000_000),
            vec!["validate", "play", "convert"],
        ),
        (
            "blame's whole window, 2,000 invalid games",
            blame_window(2_000),
            vec!["validate"],
        ),
        (
            "a false check mark on every move, one game of 16 MiB",
            dense(b"[Event \"marks\"]\n\n", b"Nf3+ Nf6+ Ng1+ Ng8+ ", DENSE_BYTES),
            vec!["validate"],
        ),
        (
            "false check marks, 20,000 games",
            b"[Event \"marks\"]\n\n1. e4 e5 2. Nf3+ Nc6+ 3. Bb5+ a6+ 4. Ba4+ Nf6+ 5. O-O+ Be7+ *\n\n"
                .repeat(20_000),
            vec!["validate"],
        ),
    ];
    cases.extend(book_cases());
    println!(
        "| case | command | MB | seconds | MB/s | peak RSS MB | RSS / size | |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |"
    );
    let mut slow = 0;
    for (name, bytes, commands) in &cases {
        let file = dir.join("case.pgn");
        std::fs::write(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        for command in commands {
            let (secs, rss) = time_one(&bin, command, &file)?;
            let mb = bytes.len() as f64 / 1e6;
            let rate = mb / secs.max(1e-6);
            let mark = if rate < FLOOR_MB_S {
                slow += 1;
                "under 1 MB/s"
            } else {
                ""
            };
            let times = rss.map_or("?".to_owned(), |k| {
                format!("{:.1}", (k * 1024) as f64 / bytes.len() as f64)
            });
            let rss = rss.map_or("?".to_owned(), |k| format!("{:.0}", k as f64 / 1024.0));
            println!(
                "| {name} | {command} | {mb:.1} | {secs:.2} | {rate:.1} | {rss} | {times} | {mark} |"
            );
        }
    }
    let _ = std::fs::remove_file(dir.join("case.pgn"));
    slow += reader_rows(&bin, &dir)?;
    decoder_rows(&bin, &dir)?;
    if slow > 0 {
        println!("\n{slow} case(s) under {FLOOR_MB_S} MB/s");
    }
    Ok(())
}

/// Wall seconds and peak RSS (KiB, from `/usr/bin/time` when there) of one run.
fn time_one(bin: &Path, command: &str, file: &Path) -> Result<(f64, Option<u64>), String> {
    let mut args: Vec<&str> = vec![command];
    if command == "convert" {
        args.extend(["--to", "pgn"]);
    }
    if command == "validate" {
        args.extend(["--jobs", "1"]);
    }
    let file = file.to_string_lossy();
    args.push(&file);
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.is_file() {
        let mut c = std::process::Command::new(time);
        c.args(["-f", "%M"]).arg(bin);
        c
    } else {
        std::process::Command::new(bin)
    };
    let start = Instant::now();
    let out = cmd
        .args(&args)
        .env("SCORESHEET_NO_PROGRESS", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output()
        .map_err(|e| format!("could not run {}: {e}", bin.display()))?;
    let secs = start.elapsed().as_secs_f64();
    let err = String::from_utf8_lossy(&out.stderr);
    let rss = err.lines().last().and_then(|l| l.trim().parse().ok());
    Ok((secs, rss))
}

/// A valid game of 7 plies, told apart from the others by its number.
fn numbered_game(i: usize) -> String {
    format!("[Event \"{i}\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n")
}

/// Games up to `bytes`, with `end` as every line end.
fn games_of(bytes: usize, end: &str) -> Vec<u8> {
    let mut s = String::new();
    let mut i = 0;
    while s.len() < bytes {
        s.push_str(&numbered_game(i).replace('\n', end));
        i += 1;
    }
    s.into_bytes()
}

/// `n` bytes that look random.
fn noise(n: usize) -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// The one reader's cases (issue 29): line ends, pipes and standard input,
/// a line past the cap, binary garbage. Each is a shell command over a
/// generated file `$F` (`$S` the binary, `$T` `/usr/bin/time -f %M`), its
/// time and peak memory; gives how many were under the floor.
fn reader_rows(bin: &Path, dir: &Path) -> Result<usize, String> {
    let mb = 1 << 20;
    let mut cases: Vec<(String, Vec<u8>, &str)> = Vec::new();
    for n in [1, 2, 4] {
        cases.push((
            format!("CR-only line ends, {n} MB"),
            games_of(n * mb, "\r"),
            "$T $S validate -q --jobs 1 $F",
        ));
    }
    let tiny = b"*\n".repeat(mb / 2);
    cases.push((
        "1 MB of tiny games on standard input".into(),
        tiny.clone(),
        "$T $S validate -q - < $F",
    ));
    cases.push((
        "1 MB of tiny games through a pipe".into(),
        tiny,
        "cat $F | $T $S validate -q -",
    ));
    cases.push((
        "a stream of 200 MB (a 20 MB file 10 times) through a pipe".into(),
        games_of(20 * mb, "\n"),
        "for i in 1 2 3 4 5 6 7 8 9 10; do cat $F; done | $T $S validate -q -",
    ));
    let mut long = numbered_game(0).into_bytes();
    long.resize(22_000_000, b'x');
    cases.push((
        "a line of 22 MB after the last line end".into(),
        long.clone(),
        "$T $S validate -q $F",
    ));
    cases.push((
        "the same through a pipe".into(),
        long,
        "cat $F | $T $S validate -q -",
    ));
    let garbage = [
        games_of(5 * mb, "\n"),
        noise(mb),
        b"\n".to_vec(),
        games_of(5 * mb, "\n"),
    ]
    .concat();
    cases.push((
        "1 MB of random bytes between 10 MB of games".into(),
        garbage,
        "$T $S validate -q --jobs 1 $F",
    ));
    cases.push((
        "1 MB of NUL bytes before 10 MB of games, through a pipe".into(),
        [vec![0u8; mb], b"\n".to_vec(), games_of(10 * mb, "\n")].concat(),
        "cat $F | $T $S validate -q -",
    ));
    cases.extend(file_memory_cases());
    println!("\nThe one reader (issue 29):\n");
    println!(
        "| case | command | MB | seconds | MB/s | peak RSS MB | |\n| --- | --- | ---: | ---: | ---: | ---: | --- |"
    );
    let file = dir.join("reader.pgn");
    let mut slow = 0;
    for (name, bytes, script) in &cases {
        std::fs::write(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        let time = if Path::new("/usr/bin/time").is_file() {
            "/usr/bin/time -f %M"
        } else {
            ""
        };
        let start = Instant::now();
        let out = std::process::Command::new("bash")
            .args(["-c", script])
            .env("S", bin)
            .env("F", &file)
            .env("T", time)
            .env("SCORESHEET_NO_PROGRESS", "1")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .output()
            .map_err(|e| format!("could not run bash: {e}"))?;
        let secs = start.elapsed().as_secs_f64();
        let err = String::from_utf8_lossy(&out.stderr);
        let rss: Option<u64> = err.lines().last().and_then(|l| l.trim().parse().ok());
        let read = if script.contains("for i in") { 10 } else { 1 } * bytes.len();
        let mb = read as f64 / 1e6;
        let rate = mb / secs.max(1e-6);
        let mark = if rate < FLOOR_MB_S {
            slow += 1;
            "under 1 MB/s"
        } else {
            ""
        };
        let rss = rss.map_or("?".to_owned(), |k| format!("{:.0}", k as f64 / 1024.0));
        let shown = script.replace("$T ", "");
        println!("| {name} | `{shown}` | {mb:.1} | {secs:.2} | {rate:.1} | {rss} | {mark} |");
    }
    let _ = std::fs::remove_file(&file);
    Ok(slow)
}

/// Files whose games are so small that their reports outweigh their text (the
/// blocks in flight are sized by the reports they give), and blank lines
/// after an unfinished game (not the game's): peak memory on the file path.
fn file_memory_cases() -> Vec<(String, Vec<u8>, &'static str)> {
    let mb = 1 << 20;
    let star = b"*\n".repeat(5 * mb);
    let e4 = b"1. e4 *\n".repeat(10 * mb / 8);
    let tags = b"[Event \"x\"]\n\n*\n".repeat(100 * mb / 16);
    let blanks = [
        &b"[Event \"u\"]\n\n1. e4 e5 2. Nf3\n"[..],
        &b"\n".repeat(17 * mb),
        numbered_game(1).as_bytes(),
    ]
    .concat();
    vec![
        (
            "10 MB of `*` games, a file".into(),
            star.clone(),
            "$T $S validate -q $F",
        ),
        (
            "the same, --jobs 1".into(),
            star,
            "$T $S validate -q --jobs 1 $F",
        ),
        (
            "10 MB of `1. e4 *` games, a file, JSON".into(),
            e4,
            "$T $S validate --format json $F",
        ),
        (
            "100 MB of tag-only games, a file".into(),
            tags,
            "$T $S validate -q $F",
        ),
        (
            "an unfinished game, 17 MiB of blank lines, a game: a file".into(),
            blanks.clone(),
            "$T $S validate -q $F",
        ),
        (
            "the same through a pipe".into(),
            blanks,
            "cat $F | $T $S validate -q -",
        ),
    ]
}
