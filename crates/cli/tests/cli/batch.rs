//! Batch safety through the real binary (issue 21): inputs that can be read
//! only once (pipes, FIFOs), outputs that are inputs, inputs that fail, and
//! the limits of the arguments. Each run has a watchdog: a hang fails the test.
//! See docs/RELIABILITY.md.

use std::path::{Path, PathBuf};

use pretty_assertions::assert_eq;

use crate::common;
use common::{Run, run};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

/// A valid game of 7 plies, 71 bytes.
const GAME: &str =
    "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";

/// An invalid game (the king cannot go to e3), 19 bytes.
const BAD: &str = "1. e4 e5 2. Ke3 *\n\n";

/// A fresh directory for each case.
fn scratch(case: &str) -> PathBuf {
    crate::common::scratch_dir("batch", case)
}

/// Runs `scoresheet args` in `cwd`.
fn scoresheet(cwd: &Path, args: &[&str]) -> Run {
    run(cwd, BIN, args)
}

/// Runs a bash script in `cwd`, `$S` being the binary (for process
/// substitution and FIFOs).
fn bash(cwd: &Path, script: &str) -> Run {
    run(cwd, "bash", &["-c", &format!("S='{BIN}'; {script}")])
}

/// 3,000 games, one in ten invalid, after a first game of more than 1 MiB (a
/// long comment): blocks are cut inside games, and the first block cannot
/// hold the first game.
fn big_input() -> String {
    let mut text = format!("{{{}}}\n1. d4 d5 *\n\n", "x".repeat(1_200_000));
    for i in 0..3000 {
        text.push_str(if i % 10 == 3 { BAD } else { GAME });
    }
    text
}

#[test]
fn a_pipe_a_fifo_and_dev_stdin_report_what_the_same_bytes_report_as_a_file() {
    let dir = scratch("pipes");
    std::fs::write(dir.join("f.pgn"), big_input()).expect("writing the input");
    for jobs in ["1", "2"] {
        for format in ["human", "json"] {
            let args = format!("validate --jobs {jobs} --format {format}");
            let file = bash(&dir, &format!("$S {args} f.pgn"));
            assert_eq!(file.code, Some(1), "{}", file.stderr);
            let named_lines = file.stdout.lines().filter(|l| l.contains("f.pgn")).count();
            let expected = if format == "json" { 3001 } else { 300 };
            assert_eq!(named_lines, expected, "{args}");
            let named = |run: Run, name: &str| Run {
                stdout: run.stdout.replace(name, "f.pgn"),
                ..run
            };
            let piped = bash(&dir, &format!("$S {args} <(cat f.pgn)"));
            let at = piped.stdout.find("/dev/fd/").expect("the pipe's name");
            let digits = piped.stdout[at + 8..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            let fd = piped.stdout[at..at + 8 + digits].to_owned();
            assert_eq!(named(piped, &fd), file, "<(cat f.pgn), {args}");
            let stdin = bash(&dir, &format!("cat f.pgn | $S {args} /dev/stdin"));
            assert_eq!(named(stdin, "/dev/stdin"), file, "/dev/stdin, {args}");
            let fifo = bash(
                &dir,
                &format!("rm -f p.pgn; mkfifo p.pgn; cat f.pgn > p.pgn & $S {args} p.pgn"),
            );
            assert_eq!(named(fifo, "p.pgn"), file, "a FIFO, {args}");
        }
    }
}

#[test]
fn convert_reads_a_pipe_of_games_or_of_a_book_table_as_the_file() {
    let dir = scratch("convert-pipes");
    std::fs::write(dir.join("f.pgn"), big_input()).expect("writing the input");
    let book = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/play/0003_book_table_spaced.desc.txt");
    std::fs::copy(book, dir.join("book.txt")).expect("copying the book");
    for input in ["f.pgn", "book.txt"] {
        let file = bash(&dir, &format!("$S convert --to uci {input}"));
        assert!(file.stdout.len() > 100, "{input}: {}", file.stderr);
        let piped = bash(&dir, &format!("$S convert --to uci <(cat {input})"));
        assert_eq!(piped.stdout, file.stdout, "<(cat {input})");
        assert_eq!(piped.code, file.code, "<(cat {input})");
        let fifo = bash(
            &dir,
            &format!("rm -f p; mkfifo p; cat {input} > p & $S convert --to uci p"),
        );
        assert_eq!(fifo.stdout, file.stdout, "a FIFO of {input}");
        assert_eq!(fifo.code, file.code, "a FIFO of {input}");
    }
}

#[test]
fn a_book_table_and_8_mib_of_blank_lines_stream() {
    let dir = scratch("big-book");
    let book = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/play/0003_book_table_spaced.desc.txt");
    std::fs::copy(&book, dir.join("book.txt")).expect("copying the book");
    let alone = scoresheet(&dir, &["convert", "--to", "uci", "book.txt"]);
    // Blank lines after the table, over many blocks: read as a stream like
    // PGN, the table is converted as alone.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(dir.join("book.txt"))
        .expect("opening the book");
    let blank = vec![b'\n'; 1 << 20];
    for _ in 0..8 {
        std::io::Write::write_all(&mut file, &blank).expect("growing the book");
    }
    drop(file);
    let r = scoresheet(&dir, &["convert", "--to", "uci", "book.txt"]);
    let _ = std::fs::remove_file(dir.join("book.txt"));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!alone.stdout.is_empty());
    assert_eq!(r.stdout, alone.stdout);
}

#[test]
fn convert_refuses_an_output_that_is_an_input_through_any_name() {
    let dir = scratch("output-is-input");
    std::fs::write(dir.join("x.pgn"), GAME.repeat(3)).expect("writing the input");
    std::os::unix::fs::symlink("x.pgn", dir.join("link.pgn")).expect("a symlink");
    std::fs::hard_link(dir.join("x.pgn"), dir.join("hard.pgn")).expect("a hard link");
    for (input, output) in [
        ("x.pgn", "x.pgn"),
        ("x.pgn", "./x.pgn"),
        ("x.pgn", "link.pgn"),
        ("link.pgn", "x.pgn"),
        ("x.pgn", "hard.pgn"),
        (".", "x.pgn"),
    ] {
        let r = scoresheet(&dir, &["convert", "--to", "pgn", input, "-o", output]);
        assert_eq!(r.code, Some(2), "{input} -o {output}: {}", r.stderr);
        assert!(
            r.stderr.contains("the output is also an input"),
            "{input} -o {output}: {}",
            r.stderr
        );
        let kept = std::fs::read_to_string(dir.join("x.pgn")).expect("reading the input");
        assert_eq!(kept, GAME.repeat(3), "{input} -o {output}");
    }
}

#[test]
fn convert_writes_its_output_through_a_temporary_file() {
    let dir = scratch("output-whole");
    std::fs::write(dir.join("x.pgn"), GAME.repeat(3)).expect("writing the input");
    let r = scoresheet(
        &dir,
        &[
            "convert",
            "--to",
            "uci",
            "--moves-only",
            "x.pgn",
            "-o",
            "out.uci",
        ],
    );
    assert_eq!(
        (r.code, r.stderr.as_str()),
        (
            Some(0),
            "1 file, 3 games: 3 written, 0 refused, 0 warnings\n"
        )
    );
    let written = std::fs::read_to_string(dir.join("out.uci")).expect("the output");
    assert_eq!(
        written,
        "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 1-0\n".repeat(3)
    );
    let r = scoresheet(
        &dir,
        &["convert", "-q", "--to", "uci", "x.pgn", "-o", "/dev/null"],
    );
    assert_eq!((r.code, r.stderr.as_str()), (Some(0), ""));
    // An input that fails midway: the games before the cut are written, the
    // output complete for them, the failure said, exit 2.
    let packed = zstd::encode_all(numbered(30_000).as_bytes(), 3).expect("compressing");
    std::fs::write(dir.join("cut.pgn.zst"), &packed[..packed.len() / 2]).expect("writing");
    let r = scoresheet(
        &dir,
        &[
            "convert",
            "-q",
            "--to",
            "uci",
            "--moves-only",
            "cut.pgn.zst",
            "-o",
            "cut.uci",
        ],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let written = std::fs::read_to_string(dir.join("cut.uci")).expect("the output");
    let games = written.lines().count();
    assert!(games > 100, "{games} games written");
    assert_eq!(
        r.stderr,
        format!("scoresheet: error: cut.pgn.zst: incomplete frame (after {games} games)\n")
    );
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .expect("listing")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["cut.pgn.zst", "cut.uci", "out.uci", "x.pgn"]);
}

/// `bytes` as the one reader of inputs reads them (lone CRs as LF, binary
/// data as NUL bytes).
fn as_read(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read as _;
    let input =
        scoresheet_batch::Input::reader("bytes", Box::new(std::io::Cursor::new(bytes.to_vec())));
    let mut text = Vec::new();
    input
        .open()
        .and_then(|mut r| r.read_to_end(&mut text))
        .expect("reading memory");
    text
}

/// `n` valid games told apart by their Event tag (so that they do not
/// compress to nothing).
fn numbered(n: usize) -> String {
    (0..n)
        .map(|i| GAME.replace("[Event \"e\"]", &format!("[Event \"e{i}\"]")))
        .collect()
}

#[test]
fn one_input_that_cannot_be_read_never_stops_the_batch() {
    let dir = scratch("bad-inputs");
    std::fs::write(dir.join("good.pgn"), format!("{GAME}{BAD}")).expect("writing");
    std::os::unix::fs::symlink("nowhere.pgn", dir.join("dangling.pgn")).expect("a symlink");
    let packed = zstd::encode_all(numbered(30_000).as_bytes(), 3).expect("compressing");
    std::fs::write(dir.join("cut.pgn.zst"), &packed[..packed.len() / 2]).expect("writing");
    let inputs = [
        "good.pgn",
        "missing.pgn",
        "dangling.pgn",
        "cut.pgn.zst",
        "good.pgn",
    ];
    let mut first: Option<Run> = None;
    for jobs in ["1", "2", "3"] {
        let mut args = vec!["validate", "--format", "json", "--jobs", jobs];
        args.extend(inputs);
        let r = scoresheet(&dir, &args);
        assert_eq!(r.code, Some(2), "--jobs {jobs}: {}", r.stderr);
        let err: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(err.len(), 3, "{}", r.stderr);
        assert_eq!(
            err[..2],
            [
                "scoresheet: error: missing.pgn: no such file or directory",
                "scoresheet: error: dangling.pgn: a symbolic link to nothing (no such file or directory)",
            ]
        );
        let lines: Vec<serde_json::Value> = r
            .stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        let summary = &lines.last().expect("a summary")["summary"];
        let cut = lines.iter().filter(|l| l["file"] == "cut.pgn.zst").count();
        assert!(cut > 1000, "{cut} games before the cut");
        assert!(
            err[2].starts_with(&format!(
                "scoresheet: error: cut.pgn.zst: incomplete frame (after {cut} games, "
            )),
            "{}",
            err[2]
        );
        assert_eq!(summary["files"], 3);
        assert_eq!(summary["games"], cut + 4);
        assert_eq!(summary["invalid"], 2);
        assert_eq!(summary["unread"], 3);
        match &first {
            None => first = Some(r),
            Some(f) => assert_eq!(&r, f, "--jobs {jobs} against --jobs 1"),
        }
    }
    let mut args = vec!["validate"];
    args.extend(inputs);
    let human = scoresheet(&dir, &args);
    assert_eq!(human.code, Some(2));
    let last = human.stdout.lines().last().unwrap_or_default().to_owned();
    assert!(last.ends_with(" plies, 3 inputs not read"), "{last}");
    // convert goes on too: both good files are written (`-q`: the errors only).
    let mut args = vec!["convert", "-q", "--to", "uci", "--moves-only"];
    args.extend(inputs);
    let r = scoresheet(&dir, &args);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 3 + 2, "{}", r.stderr);
    let good = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7 1-0\n";
    assert!(r.stdout.starts_with(good), "{}", &r.stdout[..200]);
    assert!(r.stdout.ends_with(good), "the second good.pgn is written");
}

/// Runs `scoresheet args` in `cwd` with `key=value` in its environment.
fn scoresheet_env(cwd: &Path, args: &[&str], key: &str, value: &str) -> Run {
    let script = format!(
        "{key}='{value}' \"$S\" {}",
        args.iter()
            .map(|a| format!("'{a}'"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    bash(cwd, &script)
}

#[test]
fn perft_depths_that_cannot_finish_are_usage_errors_and_depth_0_divides_to_1() {
    let dir = scratch("perft");
    let r = scoresheet(&dir, &["perft", "startpos", "21"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("21 is not in 0..=20"), "{}", r.stderr);
    let r = scoresheet(&dir, &["perft", "startpos", "4294967295"]);
    assert_eq!(r.code, Some(2));
    let plain = scoresheet(&dir, &["perft", "startpos", "0"]);
    assert_eq!((plain.code, plain.stdout.as_str()), (Some(0), "1\n"));
    let divided = scoresheet(&dir, &["perft", "--divide", "startpos", "0"]);
    assert_eq!(
        (divided.code, divided.stdout.as_str()),
        (Some(0), "\nmoves: 0\nnodes: 1\n")
    );
}

#[test]
fn jobs_are_capped_and_a_block_size_out_of_range_is_a_usage_error() {
    let dir = scratch("limits");
    std::fs::write(dir.join("f.pgn"), format!("{GAME}{BAD}").repeat(50)).expect("writing");
    let one = scoresheet(&dir, &["validate", "--jobs", "1", "f.pgn"]);
    let many = scoresheet(&dir, &["validate", "--jobs", "100000", "f.pgn"]);
    assert_eq!((many.code, &many.stdout), (one.code, &one.stdout));
    assert!(
        many.stderr
            .starts_with("scoresheet: note: --jobs 100000 is more than 4 per core: using "),
        "{}",
        many.stderr
    );
    for value in ["0", "abc", "1000000000000000000", "-1", ""] {
        for command in [
            &["validate", "f.pgn"][..],
            &["convert", "--to", "uci", "f.pgn"],
        ] {
            let r = scoresheet_env(&dir, command, "SCORESHEET_BLOCK_BYTES", value);
            assert_eq!(r.code, Some(2), "{value}: {}", r.stderr);
            assert_eq!(r.stdout, "", "{value}");
            assert_eq!(
                r.stderr,
                format!(
                    "scoresheet: error: SCORESHEET_BLOCK_BYTES={value}: not a number of bytes from 1 to 67108864\n"
                )
            );
        }
    }
    let small = scoresheet_env(&dir, &["validate", "f.pgn"], "SCORESHEET_BLOCK_BYTES", "7");
    assert_eq!((small.code, &small.stdout), (one.code, &one.stdout));
}

#[test]
fn output_that_cannot_be_written_is_an_error_even_for_help() {
    let dir = scratch("dev-full");
    std::fs::write(dir.join("f.pgn"), GAME).expect("writing");
    for command in [
        "$S --help",
        "$S validate --help",
        "$S --version",
        "$S validate f.pgn",
        "$S convert --to uci f.pgn",
        "$S play f.pgn",
    ] {
        let r = bash(&dir, &format!("{command} > /dev/full"));
        assert_eq!(r.code, Some(2), "{command}: {}", r.stderr);
        assert!(
            r.stderr.starts_with("scoresheet: error: "),
            "{command}: {}",
            r.stderr
        );
    }
}

#[test]
fn play_shows_no_control_character_of_tags_or_file_names() {
    let dir = scratch("play-escapes");
    let name = "t\x1b]0;title\x07.pgn";
    let game = "[White \"\x1b]0;pwned\x07W\"]\n[Black \"B\x1b[31m\"]\n\n1. e4 e5 2. Ke3 *\n";
    std::fs::write(dir.join(name), game).expect("writing");
    let r = scoresheet(&dir, &["play", name]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(r.stdout.contains(" ]0;pwned W - B [31m\n"), "{}", r.stdout);
    assert!(r.stdout.contains("t ]0;title .pgn:"), "{}", r.stdout);
    assert!(!r.stdout.contains('\x1b') && !r.stdout.contains('\x07'));
}

#[test]
fn gzip_bzip2_and_zstd_are_read_as_they_stream_told_by_their_magic_bytes() {
    use std::io::Write as _;
    let dir = scratch("compressed");
    let text = format!("{}{BAD}", numbered(2000));
    std::fs::write(dir.join("plain.pgn"), &text).expect("writing");
    // gzip in two members, as `cat a.gz b.gz` makes.
    let (a, b) = text.split_at(text.len() / 2);
    let mut gz = Vec::new();
    for part in [a, b] {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(part.as_bytes()).expect("gzip");
        gz.extend(enc.finish().expect("gzip"));
    }
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
    bz.write_all(text.as_bytes()).expect("bzip2");
    let bz = bz.finish().expect("bzip2");
    let zst = zstd::encode_all(text.as_bytes(), 3).expect("zstd");
    for (name, bytes) in [
        ("g.pgn.gz", &gz),
        ("b.pgn.bz2", &bz),
        ("z.pgn.zst", &zst),
        ("gzip-named.pgn", &gz),
        ("bzip2-named.txt", &bz),
    ] {
        std::fs::write(dir.join(name), bytes).expect("writing");
    }
    let plain = scoresheet(&dir, &["validate", "plain.pgn"]);
    assert_eq!(plain.code, Some(1));
    assert!(
        plain.stdout.contains("2001 games: 2000 valid, 1 invalid,"),
        "{}",
        plain.stdout
    );
    for name in [
        "g.pgn.gz",
        "b.pgn.bz2",
        "z.pgn.zst",
        "gzip-named.pgn",
        "bzip2-named.txt",
    ] {
        let r = scoresheet(&dir, &["validate", name]);
        let same = Run {
            stdout: r.stdout.replace(name, "plain.pgn"),
            ..r
        };
        assert_eq!(same, plain, "{name}");
        let piped = bash(&dir, &format!("cat {name} | $S validate --jobs 2"));
        assert_eq!(
            piped.stdout,
            plain.stdout.replace("plain.pgn", "<stdin>"),
            "{name} piped"
        );
    }
    // A directory takes the compressed game files too.
    let all = scoresheet(&dir, &["validate", "--quiet", "."]);
    // The summary is the last line, after the counts by kind.
    let summary = all.stdout.lines().last().unwrap_or_default();
    assert!(
        summary.starts_with("5 files, 10005 games"),
        "{}",
        all.stdout
    );
}

#[test]
fn a_binary_file_is_one_binary_data_error_and_the_run_goes_on() {
    let dir = scratch("binary");
    let mut bytes = b"\x7fELF\x02\x01\x01\x00".to_vec();
    for i in 0..200_000u32 {
        bytes.extend_from_slice(&i.to_le_bytes());
        bytes.extend_from_slice(b"\n[1. e4 ]\n");
    }
    std::fs::write(dir.join("prog.pgn"), &bytes).expect("writing");
    std::fs::write(dir.join("ok.pgn"), GAME).expect("writing");
    for jobs in ["1", "2"] {
        let r = scoresheet(&dir, &["validate", "--jobs", jobs, "prog.pgn", "ok.pgn"]);
        assert_eq!(r.stderr, "");
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 6, "{}", r.stdout);
        // One stretch up to the last NUL's line; the line after it (`[1. e4 ]`,
        // no tag) is a bracketed note of the same damaged unit, not a game.
        assert!(
            lines[0].starts_with("prog.pgn:1:1: error[binary-data]: game 1, ply 1 ("),
            "{}",
            lines[0]
        );
        assert!(
            lines[2].contains(": warning[bracket-comment]: game 1 ("),
            "{}",
            lines[2]
        );
        assert_eq!(
            &lines[3..],
            [
                "errors: 1 binary-data, 1 not-chess",
                "warnings: 1 bracket-comment",
                "2 files, 2 games: 1 valid, 1 invalid, 1 warning, 7 plies"
            ]
        );
        assert_eq!(r.code, Some(1));
    }
}

/// `text` in UTF-16, little- or big-endian, with or without a byte order mark.
fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
    let units = bom.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
    units
        .flat_map(|u| {
            if big_endian {
                u.to_be_bytes()
            } else {
                u.to_le_bytes()
            }
        })
        .collect()
}

#[test]
fn utf16_text_is_read_as_its_utf8_with_the_same_places() {
    // PowerShell's `>` wrote UTF-16 with a byte order mark; some tools write it
    // without one. An emoji (a surrogate pair) in a comment and a name outside
    // Latin-1 must come through whole, and an error is at the same line and column.
    let legal = "[Event \"Test\"]\n[White \"Ржевский 😀\"]\n[Result \"*\"]\n\n\
        1. e4 {😀 é} e5 2. Nf3 Nc6 *\n";
    let text = format!("{legal}\n{}", legal.replace("Nc6", "Nc6 3. Ke3"));
    let dir = scratch("utf16");
    std::fs::write(dir.join("utf8.pgn"), &text).expect("writing");
    let utf8 = scoresheet(&dir, &["validate", "--format", "json", "utf8.pgn"]);
    assert!(
        utf8.stdout.contains(r#""line":11,"column":31"#),
        "{}",
        utf8.stdout
    );
    let converted = scoresheet(&dir, &["convert", "--to", "pgn", "utf8.pgn"]);
    assert!(
        converted.stdout.contains("Ржевский 😀"),
        "{}",
        converted.stdout
    );
    for (name, big_endian, bom) in [
        ("le-bom.pgn", false, true),
        ("be-bom.pgn", true, true),
        ("le.pgn", false, false),
        ("be.pgn", true, false),
    ] {
        std::fs::write(dir.join(name), utf16(&text, big_endian, bom)).expect("writing");
        for jobs in ["1", "2"] {
            let r = scoresheet(
                &dir,
                &["validate", "--jobs", jobs, "--format", "json", name],
            );
            assert_eq!(
                r.stdout.replace(name, "utf8.pgn"),
                utf8.stdout,
                "{name} --jobs {jobs}: {}",
                r.stderr
            );
        }
        let r = scoresheet(&dir, &["convert", "--to", "pgn", name]);
        assert_eq!(r.stdout, converted.stdout, "{name}: {}", r.stderr);
        assert_eq!(
            r.stderr.replace(name, "utf8.pgn"),
            converted.stderr.replace(" 0.1 MB/s", " 0.0 MB/s")
        );
    }
    // An unpaired surrogate is U+FFFD in its comment, and an odd last byte is
    // U+FFFD, reported as text that is not a game: nothing is lost in silence.
    let mut broken = utf16("[Event \"a\"]\n\n1. e4 {", false, true);
    broken.extend_from_slice(&0xD800u16.to_le_bytes());
    broken.extend_from_slice(&utf16("} e5 *\n", false, false));
    broken.push(b'x');
    std::fs::write(dir.join("broken.pgn"), broken).expect("writing");
    let r = scoresheet(&dir, &["convert", "--to", "pgn", "broken.pgn"]);
    assert!(
        r.stdout.contains("1. e4 {\u{FFFD}} 1... e5 *"),
        "{}",
        r.stdout
    );
    assert!(
        r.stderr
            .starts_with("broken.pgn:4:1: error[not-chess]: game 2 (\u{FFFD})"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_directory_walk_follows_no_loop_counts_each_file_once_and_skips_fifos() {
    let dir = scratch("walk");
    std::fs::create_dir_all(dir.join("d/sub")).expect("dirs");
    std::fs::write(dir.join("d/a.pgn"), GAME).expect("writing");
    std::fs::write(dir.join("d/sub/b.pgn"), GAME).expect("writing");
    for (target, link) in [
        (".", "d/self1"),
        (".", "d/self2"),
        ("..", "d/sub/up"),
        ("sub", "d/again"),
        ("a.pgn", "d/same.pgn"),
    ] {
        std::os::unix::fs::symlink(target, dir.join(link)).expect("a symlink");
    }
    let fifo = bash(&dir, "mkfifo d/pipe.pgn");
    assert_eq!(fifo.code, Some(0), "{}", fifo.stderr);
    let r = scoresheet(&dir, &["validate", "d"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "2 files, 2 games: 2 valid, 0 invalid, 0 warnings, 14 plies\n"
    );
    let mut notes: Vec<&str> = r.stderr.lines().collect();
    notes.sort_unstable();
    assert_eq!(
        notes,
        [
            "scoresheet: note: d/again/up: a link to d (which contains it): not followed",
            "scoresheet: note: d/pipe.pgn: not a regular file (a FIFO, socket or device): skipped",
            "scoresheet: note: d/self1: a link to d (which contains it): not followed",
            "scoresheet: note: d/self2: a link to d (which contains it): not followed",
            "scoresheet: note: d/sub/up: a link to d (which contains it): not followed",
        ]
    );
    // Nothing to read is a usage error, not a silent pass.
    std::fs::create_dir_all(dir.join("empty")).expect("dir");
    for command in [
        &["validate", "empty"][..],
        &["convert", "--to", "uci", "empty"],
    ] {
        let r = scoresheet(&dir, command);
        assert_eq!((r.code, r.stdout.as_str()), (Some(2), ""));
        assert_eq!(
            r.stderr,
            "scoresheet: error: empty: no input file (*.pgn, *.desc.txt, each also .zst, .gz or .bz2) found\n"
        );
    }
}

/// What `--valid-out` and `--invalid-out` should hold after a run whose JSON
/// report is `report`, the inputs' text (decompressed) being `text` by name:
/// each game's `length` bytes from its `offset`, in report order, each ending
/// with a line end, one blank line between two. Checks on the way that every
/// game's `line` and `column` are those of its `offset`, and that the games of
/// an input leave none of its text out (only blanks lie between them).
fn expected_split(
    report: &str,
    text: &std::collections::HashMap<String, Vec<u8>>,
) -> (Vec<u8>, Vec<u8>) {
    let (good, bad, dups) = expected_split_dups(report, text, false);
    assert!(dups.is_empty());
    (good, bad)
}

/// Like [`expected_split`], with `--duplicates-out` when `apart`: the
/// duplicates (invalid in the report, their error `duplicate`) in the third
/// output, else with the invalid games.
fn expected_split_dups(
    report: &str,
    text: &std::collections::HashMap<String, Vec<u8>>,
    apart: bool,
) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let (mut good, mut bad, mut dups) = (Vec::new(), Vec::new(), Vec::new());
    let mut ends: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for line in report.lines() {
        let g: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        if g["type"] == "summary" {
            continue;
        }
        assert_eq!(g["type"], "game", "{line}");
        let file = g["file"].as_str().expect("a file name");
        let bytes = text
            .get(file)
            .unwrap_or_else(|| panic!("the text of {file}"));
        let at = |k: &str| usize::try_from(g[k].as_u64().expect(k)).expect(k);
        let (offset, length) = (at("offset"), at("length"));
        let before = &bytes[..offset];
        let line_no = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = before[line_start..]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count()
            + 1;
        assert_eq!((at("line"), at("column")), (line_no, column), "{line}");
        let end = ends.entry(file.to_owned()).or_default();
        let gap = &bytes[*end..offset];
        assert!(
            blank(gap),
            "{file}: text between games left out before {offset}: {:?}",
            String::from_utf8_lossy(gap)
        );
        *end = offset + length;
        let game = &bytes[offset..offset + length];
        let duplicate = g["errors"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["kind"] == "duplicate"));
        let out = if g["valid"] == true {
            assert!(!duplicate, "{line}");
            &mut good
        } else if duplicate && apart {
            &mut dups
        } else {
            &mut bad
        };
        let eol: &[u8] = if game.ends_with(b"\r\n") {
            b"\r\n"
        } else {
            b"\n"
        };
        if !out.is_empty() {
            out.extend_from_slice(eol);
        }
        out.extend_from_slice(game);
        if !game.ends_with(b"\n") {
            out.push(b'\n');
        }
    }
    for (file, end) in &ends {
        let rest = &text[file][*end..];
        assert!(
            blank(rest),
            "{file}: text after the last game left out: {:?}",
            String::from_utf8_lossy(rest)
        );
    }
    (good, bad, dups)
}

/// Asserts that an output is what was expected, showing where they part.
#[track_caller]
fn same(got: &[u8], want: &[u8], what: &str) {
    if got == want {
        return;
    }
    let at = got.iter().zip(want).take_while(|(a, b)| a == b).count();
    let near = |t: &[u8]| {
        String::from_utf8_lossy(&t[at.saturating_sub(80)..(at + 80).min(t.len())]).into_owned()
    };
    assert_eq!(
        near(got),
        near(want),
        "{what}: the outputs part at byte {at}"
    );
    panic!(
        "{what}: {} bytes written, {} expected",
        got.len(),
        want.len()
    );
}

/// Whether `text` holds only blanks, line ends and byte order marks (which
/// the splitter skips between games: files concatenated).
fn blank(text: &[u8]) -> bool {
    let mut rest = text;
    while let Some((&b, tail)) = rest.split_first() {
        if let Some(after) = rest.strip_prefix(b"\xEF\xBB\xBF") {
            rest = after;
        } else if b.is_ascii_whitespace() || b == 0x0b {
            rest = tail;
        } else {
            return false;
        }
    }
    true
}

#[test]
fn the_split_holds_every_game_of_every_fixture_byte_for_byte_in_order() {
    let dir = scratch("split");
    let inputs = common::fixture_inputs();
    assert!(inputs.len() > 200, "{} fixtures", inputs.len());
    let mut text = std::collections::HashMap::new();
    let mut names = Vec::new();
    let mut all = Vec::new();
    for (i, path) in inputs.iter().enumerate() {
        let bytes = std::fs::read(path).expect("reading a fixture");
        // Each one plain and compressed (zstd or gzip, in turn).
        let plain = format!("{i:03}.pgn");
        std::fs::write(dir.join(&plain), &bytes).expect("writing");
        let packed = if i % 2 == 0 {
            let name = format!("{i:03}z.pgn.zst");
            std::fs::write(
                dir.join(&name),
                zstd::encode_all(&bytes[..], 3).expect("zstd"),
            )
            .expect("writing");
            name
        } else {
            use std::io::Write as _;
            let name = format!("{i:03}g.pgn.gz");
            let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            enc.write_all(&bytes).expect("gzip");
            std::fs::write(dir.join(&name), enc.finish().expect("gzip")).expect("writing");
            name
        };
        // The split copies each game as read: a lone CR read as the line end
        // LF, binary data as NUL bytes.
        let bytes = as_read(&bytes);
        all.extend_from_slice(&bytes);
        text.insert(plain.clone(), bytes.clone());
        text.insert(packed.clone(), bytes);
        names.push(plain);
        names.push(packed);
    }
    std::fs::write(dir.join("all.txt"), &all).expect("writing");
    text.insert("<stdin>".to_owned(), as_read(&all));
    let split = |args: &[&str], stdin: Option<&str>, env: &str| -> (Run, Vec<u8>, Vec<u8>) {
        let _ = std::fs::remove_file(dir.join("good.pgn"));
        let _ = std::fs::remove_file(dir.join("bad.pgn"));
        let mut script = format!(
            "{env} $S validate --json --valid-out good.pgn --invalid-out bad.pgn {}",
            args.join(" ")
        );
        if let Some(f) = stdin {
            script = format!("cat {f} | {script} -");
        }
        let r = bash(&dir, &script);
        let read = |n: &str| std::fs::read(dir.join(n)).expect("the output is written");
        (r, read("good.pgn"), read("bad.pgn"))
    };
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let mut runs = 0;
    for (jobs, env) in [("1", ""), ("2", ""), ("2", "SCORESHEET_BLOCK_BYTES=7")] {
        let mut args = vec!["--jobs", jobs];
        args.extend(&names);
        let (r, good, bad) = split(&args, None, env);
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        let (want_good, want_bad) = expected_split(&r.stdout, &text);
        same(&good, &want_good, &format!("valid, --jobs {jobs} {env}"));
        same(&bad, &want_bad, &format!("invalid, --jobs {jobs} {env}"));
        assert!(good.len() > 50_000 && bad.len() > 10_000, "{jobs} {env}");
        runs += 1;
    }
    // With --dedup the second copy of every fixture is made of duplicates,
    // which the report calls invalid: they go with the invalid games, or to
    // --duplicates-out, never with the valid ones.
    for (jobs, env) in [("1", ""), ("2", ""), ("2", "SCORESHEET_BLOCK_BYTES=7")] {
        for apart in [false, true] {
            let mut args = vec!["--jobs", jobs, "--dedup"];
            if apart {
                args.push("--duplicates-out dups.pgn");
            }
            args.extend(&names);
            let _ = std::fs::remove_file(dir.join("dups.pgn"));
            let (r, good, bad) = split(&args, None, env);
            assert_eq!(r.code, Some(1), "{}", r.stderr);
            let (want_good, want_bad, want_dups) = expected_split_dups(&r.stdout, &text, apart);
            let what = format!("--dedup --jobs {jobs} {env} apart {apart}");
            same(&good, &want_good, &format!("valid, {what}"));
            same(&bad, &want_bad, &format!("invalid, {what}"));
            if apart {
                let dups = std::fs::read(dir.join("dups.pgn")).expect("the duplicates");
                same(&dups, &want_dups, &format!("duplicates, {what}"));
                assert!(dups.len() > 50_000, "{what}");
            }
            // Each valid game once: the valid output holds no duplicate.
            std::fs::write(dir.join("again.pgn"), &good).expect("writing");
            let again = scoresheet(
                &dir,
                &["validate", "--json", "--quiet", "--dedup", "again.pgn"],
            );
            let summary: serde_json::Value =
                serde_json::from_str(again.stdout.trim()).expect("a summary");
            assert_eq!(
                summary["summary"]["duplicates"].as_u64().unwrap_or(0),
                0,
                "{what}"
            );
        }
    }
    // Standard input, split game by game.
    let (r, good, bad) = split(&["--jobs", "2"], Some("all.txt"), "");
    let (want_good, want_bad) = expected_split(&r.stdout, &text);
    same(&good, &want_good, "valid, standard input");
    same(&bad, &want_bad, "invalid, standard input");
    assert!(runs == 3 && !good.is_empty());
    // Each input alone: what went to the valid output is valid again.
    for name in names
        .iter()
        .filter(|n| n.ends_with(".pgn") && !n.contains('g'))
    {
        let (r, good, _) = split(&[name], None, "");
        assert!(r.code.is_some(), "{name}: {}", r.stderr);
        if good.is_empty() {
            continue;
        }
        let again = scoresheet(&dir, &["validate", "--json", "--quiet", "good.pgn"]);
        let summary: serde_json::Value =
            serde_json::from_str(again.stdout.trim()).expect("a summary");
        assert_eq!(again.code, Some(0), "{name}: {}", again.stdout);
        assert_eq!(summary["summary"]["invalid"], 0, "{name}");
    }
}

#[test]
fn a_game_too_large_to_hold_goes_to_neither_output_and_is_reported() {
    let dir = scratch("split-large");
    let huge = format!("{{{}}}\n1. d4 d5 *\n\n", "x".repeat(17 << 20));
    std::fs::write(dir.join("f.pgn"), format!("{GAME}{huge}{BAD}")).expect("writing");
    for input in ["f.pgn", "- < f.pgn"] {
        let r = bash(
            &dir,
            &format!("$S validate --valid-out good.pgn --invalid-out bad.pgn {input}"),
        );
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        assert!(
            r.stdout.contains("error[game-too-large]: game 2"),
            "{}",
            r.stdout
        );
        let read = |n: &str| std::fs::read_to_string(dir.join(n)).expect("written");
        assert_eq!(read("good.pgn"), GAME.trim_end().to_owned() + "\n");
        assert_eq!(read("bad.pgn"), BAD.trim_end().to_owned() + "\n");
    }
}

#[test]
fn json_fields_are_documented() {
    use std::collections::BTreeSet;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let table = common::json_doc_fields;
    let inputs = common::fixture_inputs();
    // --dedup and --eco: the fields only they write appear too.
    let mut args = vec!["validate", "--json", "--dedup", "--eco"];
    let names: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
    args.extend(names.iter().map(String::as_str));
    let walked = common::directory_with_a_hidden_game().display().to_string();
    args.push(&walked);
    // An input that cannot be read: the summary counts it (`unread`).
    args.push("no-such-input.pgn");
    let r = scoresheet(&root, &args);
    let (mut game, mut problem, mut summary, mut line) = (
        BTreeSet::new(),
        BTreeSet::new(),
        BTreeSet::new(),
        BTreeSet::new(),
    );
    let keys = |v: &serde_json::Value, into: &mut BTreeSet<String>| {
        into.extend(v.as_object().expect("an object").keys().cloned());
    };
    for l in r.stdout.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
        if v["type"] == "summary" {
            keys(&v, &mut line);
            keys(&v["summary"], &mut summary);
            continue;
        }
        keys(&v, &mut game);
        for list in ["errors", "warnings", "notes"] {
            for p in v[list].as_array().expect("a list of problems") {
                keys(p, &mut problem);
            }
        }
    }
    assert_eq!(game, table("## Game object"));
    assert_eq!(problem, table("## Problem object"));
    assert_eq!(summary, table("## Summary object"));
    assert_eq!(
        line,
        BTreeSet::from(["summary".to_owned(), "type".to_owned()])
    );
}

/// A game object of a JSON report: file, game, whether valid, and the game it
/// duplicates (file, game), if it is a `duplicate`.
type Deduped = (String, u64, bool, Option<(String, u64)>);

/// The game objects of a JSON report.
fn dedup_objects(report: &str) -> Vec<Deduped> {
    report
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v.get("summary").is_none())
        .map(|v| {
            let dup = v["errors"]
                .as_array()
                .and_then(|e| e.first())
                .and_then(|e| e.get("duplicate_of"))
                .map(|d| {
                    let file = d["file"].as_str().unwrap_or_default().to_owned();
                    (file, d["game"].as_u64().unwrap_or_default())
                });
            let file = v["file"].as_str().unwrap_or_default().to_owned();
            let game = v["game"].as_u64().unwrap_or_default();
            (file, game, v["valid"].as_bool().unwrap_or_default(), dup)
        })
        .collect()
}

#[test]
fn dedup_finds_each_game_of_a_second_copy_once_for_every_jobs_and_block_size() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut files: Vec<String> = std::fs::read_dir(fixtures.join("validate"))
        .expect("reading fixtures/validate")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| p.display().to_string())
        .collect();
    files.sort();
    files.push(fixtures.join("bench/games.pgn").display().to_string());
    let dir = scratch("dedup");
    let plain: Vec<&str> = ["validate", "--format", "json"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    let once = dedup_objects(&scoresheet(&dir, &plain).stdout);
    let valid = once.iter().filter(|g| g.2).count();
    assert!(valid >= 50, "the fixtures have {valid} valid games");
    for block in ["", "7"] {
        for jobs in ["1", "2"] {
            let mut args = vec!["--jobs", jobs, "--dedup"];
            args.extend(plain.iter().skip(1));
            args.extend(files.iter().map(String::as_str));
            let args = [&["validate"][..], &args].concat();
            let r = if block.is_empty() {
                scoresheet(&dir, &args)
            } else {
                scoresheet_env(&dir, &args, "SCORESHEET_BLOCK_BYTES", block)
            };
            let twice = dedup_objects(&r.stdout);
            let (first, second) = twice.split_at(once.len());
            assert_eq!(second.len(), once.len());
            // A game of the first copy is a duplicate only of a game before it.
            for (i, g) in first.iter().enumerate() {
                if let Some(d) = &g.3 {
                    let at = first.iter().position(|h| (&h.0, h.1) == (&d.0, d.1));
                    assert!(at.is_some_and(|at| at < i), "{g:?}");
                }
            }
            // Each game of the second copy valid on its own is a duplicate of its
            // twin, or of what its twin duplicates; the others are as they were.
            for ((g, twin), alone) in second.iter().zip(first).zip(&once) {
                let expected = alone
                    .2
                    .then(|| twin.3.clone().unwrap_or((twin.0.clone(), twin.1)));
                assert_eq!((&g.0, g.1, &g.3), (&twin.0, twin.1, &expected));
                assert_eq!(g.2, false, "{g:?}");
            }
            let summary = r.stdout.lines().last().unwrap_or_default();
            let dups = first.iter().filter(|g| g.3.is_some()).count() + valid;
            assert!(
                summary.contains(&format!("\"duplicates\":{dups}}}")),
                "{summary}"
            );
        }
    }
    // Through a pipe (the streaming reader), the same.
    let games = fixtures.join("bench/games.pgn").display().to_string();
    let piped = bash(
        &dir,
        &format!("cat '{games}' | \"$S\" validate --dedup -q '{games}' -"),
    );
    let alone = scoresheet(&dir, &["validate", "-q", &games]);
    assert!(alone.stdout.contains(" 0 invalid"), "{}", alone.stdout);
    let count = alone.stdout.split(" games").next().unwrap_or_default();
    let count = count.rsplit(' ').next().unwrap_or_default();
    assert!(
        piped.stdout.contains(&format!("({count} duplicates)")),
        "{}",
        piped.stdout
    );
}
