//! `scoresheet convert` end to end: outputs, exit codes, error reports, `-o`, `--from`,
//! `--strict`, standard input.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use pretty_assertions::assert_eq;

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_scoresheet"));
    c.env("SCORESHEET_NO_PROGRESS", "1");
    c
}

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/convert")
        .join(path)
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or_default())
        .expect("stdin written");
    drop(input);
    child.wait_with_output().expect("the binary ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("scoresheet-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir.join(name)
}

#[test]
fn converts_a_file_to_strict_pgn() {
    let path = fixture("ok/0004_nested_variations.pgn");
    let out = run(
        &["convert", "-q", path.to_str().unwrap(), "--to", "pgn"],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let expected = std::fs::read_to_string(fixture("ok/0004_nested_variations.expected")).unwrap();
    assert_eq!(text(&out.stdout), expected);
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn an_unconvertible_game_is_reported_and_the_others_written() {
    let path = fixture("err/0001_illegal_move_in_variation.pgn");
    let name = path.to_str().unwrap();
    let out = run(&["convert", name, "--to", "san", "--moves-only"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "1. d4 *\n");
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with(&format!(
            "{name}:4:42: error[illegal-move]: game 1 (Bb7): in a variation, at move 3.: no white bishop can move to b7"
        )),
        "{stderr}"
    );
}

#[test]
fn ambiguous_moves_list_their_candidates() {
    let path = fixture("err/0002_ambiguous_main_line.pgn");
    let out = run(
        &["convert", "-q", path.to_str().unwrap(), "--to", "uci"],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).ends_with("; candidates: Nfd2 (Nf3-d2), Nbd2 (Nb1-d2)\n"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn standard_input_and_output_file() {
    let target = temp("out.lan");
    let out = run(
        &[
            "convert",
            "-",
            "--to",
            "lan",
            "--moves-only",
            "-o",
            target.to_str().unwrap(),
        ],
        Some(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "1. e2-e4 e7-e5 2. Qd1-h5 Nb8-c6 3. Bf1-c4 Ng8-f6 4. Qh5xf7# 1-0\n"
    );
}

#[test]
fn from_restricts_the_input_notation() {
    let game = b"1. e4 e7e5 *\n";
    let out = run(
        &["convert", "-", "--to", "san", "--from", "san"],
        Some(game),
    );
    assert_eq!(out.status.code(), Some(1));
    // The UCI move is said as a relaxation (once a game), then refused by
    // --from; the counts by kind and the summary follow.
    let stderr = text(&out.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 5, "{stderr}");
    assert_eq!(
        lines[2..4],
        ["errors: 1 wrong-notation", "warnings: 1 uci-move"]
    );
    assert!(
        lines[4].starts_with("1 file, 1 game: 0 written, 1 refused, 1 warning; "),
        "{stderr}"
    );
    assert!(
        lines[0].starts_with("<stdin>:1:7: warning[uci-move]: game 1, ply 2 (e7e5)"),
        "{stderr}"
    );
    assert!(
        lines[1].starts_with("<stdin>:1:7: error[wrong-notation]: game 1, ply 2 (e7e5)"),
        "{stderr}"
    );
    let out = run(&["convert", "-", "--to", "san", "--moves-only"], Some(game));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "1. e4 e5 *\n");
}

#[test]
fn san_lan_and_uci_keep_the_tags_and_read_back() {
    let game = b"[White \"Morphy\"]\n[ECO \"C41\"]\n\n1. e4 e5 2. Nf3 d6 *\n";
    for to in ["san", "lan", "uci"] {
        let out = run(&["convert", "-", "--to", to], Some(game));
        assert_eq!(out.status.code(), Some(0));
        let written = text(&out.stdout);
        assert!(written.starts_with("[Event \"?\"]\n"), "{written}");
        assert!(written.contains("[White \"Morphy\"]\n"), "{written}");
        assert!(written.contains("[ECO \"C41\"]\n\n"), "{written}");
        // It reads back as the same game, tags and moves.
        let back = run(
            &["convert", "-q", "-", "--to", "uci", "--moves-only"],
            Some(&out.stdout),
        );
        assert_eq!(text(&back.stdout), "e2e4 e7e5 g1f3 d7d6 *\n", "{to}");
        let pgn = run(&["convert", "-q", "-", "--to", "pgn"], Some(&out.stdout));
        assert!(text(&pgn.stdout).contains("[White \"Morphy\"]"), "{to}");
    }
}

#[test]
fn strict_turns_warnings_into_errors() {
    let game = b"[Result \"1-0\"]\n\n1. e4 e5 0-1\n";
    let out = run(&["convert", "-", "--to", "san", "--moves-only"], Some(game));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "1. e4 e5 1-0\n");
    assert!(
        text(&out.stderr).contains("warning[result-mismatch]"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["convert", "-", "--to", "san", "--strict"], Some(game));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "");
    assert!(text(&out.stderr).contains("error[result-mismatch]"));
}

#[test]
fn descriptive_output_reads_back_to_the_same_moves() {
    let game = b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 *";
    let out = run(&["convert", "-", "--to", "descriptive"], Some(game));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "1. P-K4     P-K4\n2. N-KB3    N-QB3\n3. B-N5     P-QR3\n4. BxN      QPxB\n5. O-O      P-B3\n*\n\n"
    );
    let back = run(
        &["convert", "-q", "-", "--to", "san", "--moves-only"],
        Some(&out.stdout),
    );
    assert_eq!(text(&back.stderr), "");
    assert_eq!(
        text(&back.stdout),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 *\n"
    );
}

#[test]
fn descriptive_output_keeps_the_games_without_moves() {
    // Games without moves, with and without tags, before and after games with moves:
    // each is written as its own table and read back as its own game.
    let games =
        b"[White \"x\"]\n\n*\n\n1. e4 *\n\n*\n\n1-0\n\n[Black \"z\"]\n\n1. d4 d5 0-1\n\n*\n";
    let san = run(
        &["convert", "-q", "-", "--to", "san", "--moves-only"],
        Some(games),
    );
    let out = run(&["convert", "-q", "-", "--to", "descriptive"], Some(games));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let back = run(
        &["convert", "-q", "-", "--to", "san", "--moves-only"],
        Some(&out.stdout),
    );
    assert_eq!(text(&back.stderr), "");
    assert_eq!(text(&san.stdout), "*\n1. e4 *\n*\n1-0\n1. d4 d5 0-1\n*\n");
    assert_eq!(text(&back.stdout), text(&san.stdout));
}

#[test]
fn a_missing_file_is_an_io_error() {
    let out = run(&["convert", "/no/such/file.pgn", "--to", "pgn"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn what_convert_writes_as_pgn_passes_strict_validation() {
    // Every game of the fixtures that converts, in every notation and layout
    // they hold (books, languages, exporters' quirks), written as PGN: strict
    // validation finds nothing to say (a game with a null move, which strict
    // PGN has no spelling for, is refused rather than written).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let dirs = [
        "validate",
        "resolve",
        "notation",
        "lang",
        "desc",
        "verdicts",
        "convert",
        "play",
        "resolve-desc",
        "examples",
    ];
    let out_path = temp("strict_export.pgn");
    let mut args = vec!["convert".to_owned(), "--to".into(), "pgn".into()];
    args.extend(
        dirs.iter()
            .map(|d| root.join(d).to_string_lossy().into_owned()),
    );
    args.extend(["-o".to_owned(), out_path.to_string_lossy().into_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let converted = run(&args, None);
    assert!(
        converted.status.code().is_some(),
        "{}",
        text(&converted.stderr)
    );
    let out = run(
        &[
            "validate",
            "--strict",
            "--format",
            "json",
            out_path.to_str().unwrap(),
        ],
        None,
    );
    let mut games = 0;
    let mut refused = Vec::new();
    for line in text(&out.stdout).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON lines");
        if v["type"] != "game" {
            continue;
        }
        games += 1;
        for e in v["errors"].as_array().expect("errors") {
            // Tag values are exported as they were given (`--fix-tags`
            // normalises those with one clear reading); the rest must pass.
            let kind = e["kind"].as_str().unwrap_or_default();
            if !TAG_VALUE_KINDS.contains(&kind) {
                refused.push(format!("{}:{}: {}", e["line"], e["column"], e["message"]));
            }
        }
    }
    assert!(games > 150, "{games} games converted");
    assert_eq!(refused, Vec::<String>::new());
}

#[test]
fn a_null_move_is_refused_by_pgn_export_and_written_in_san() {
    let game = b"[Event \"x\"]\n\n1. e4 -- 2. d4 (2. c4 --) e5 *\n";
    let out = run(&["convert", "--to", "pgn", "-"], Some(game));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("error[no-pgn-spelling]") && stderr.contains("ply 2"),
        "{stderr}"
    );
    // A null move in a variation only: refused too.
    let game = b"1. e4 e5 (1... -- 2. d4) 2. Nf3 *\n";
    let out = run(&["convert", "--to", "pgn", "-"], Some(game));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    // SAN has a spelling for it.
    let out = run(
        &["convert", "--to", "san", "-"],
        Some(b"1. e4 -- 2. d4 *\n"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("--"), "{}", text(&out.stdout));
}

#[test]
fn chess960_is_written_under_its_canonical_name() {
    let game = b"[Variant \"chess-960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n1. e4 e5 *\n";
    let out = run(&["convert", "--to", "pgn", "-"], Some(game));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pgn = text(&out.stdout);
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    // What was written passes strict validation.
    let path = temp("chess960.pgn");
    std::fs::write(&path, &pgn).unwrap();
    let out = run(&["validate", "--strict", path.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// The kinds about a tag's value, which an export keeps as written.
const TAG_VALUE_KINDS: &[&str] = &[
    "invalid-date-tag",
    "invalid-round-tag",
    "invalid-elo-tag",
    "invalid-time-control-tag",
    "wrong-ply-count",
    "invalid-eco-tag",
    "invalid-termination-tag",
    "invalid-mode-tag",
];

#[test]
fn convert_json_fields_are_documented() {
    use std::collections::BTreeSet;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let inputs = crate::common::fixture_inputs();
    let names: Vec<String> = inputs.iter().map(|p| p.display().to_string()).collect();
    // Games of more than 5 plies are not selected: the summary counts them.
    let mut args = vec![
        "convert",
        "--to",
        "pgn",
        "--format",
        "json",
        "--notes",
        "--max-plies",
        "5",
    ];
    args.extend(names.iter().map(String::as_str));
    args.push("no/such/file.pgn");
    let walked = crate::common::directory_with_a_hidden_game();
    let walked = walked.display().to_string();
    args.push(&walked);
    let r = crate::common::run(&root, env!("CARGO_BIN_EXE_scoresheet"), &args);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let mut fields: [BTreeSet<String>; 4] = Default::default();
    let mut severities = BTreeSet::new();
    let mut last = String::new();
    for l in r.stderr.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
        let object = v.as_object().expect("an object");
        let i = match v["type"].as_str() {
            Some("problem") => 0,
            Some("unread") => 1,
            Some("summary") => 2,
            other => panic!("an object of type {other:?}: {l}"),
        };
        if i == 0 {
            severities.insert(v["severity"].as_str().unwrap_or_default().to_owned());
        }
        fields[i].extend(object.keys().cloned());
        if i == 2 {
            fields[3].extend(v["summary"].as_object().expect("a summary").keys().cloned());
        }
        last = v["type"].as_str().unwrap_or_default().to_owned();
    }
    assert_eq!(last, "summary");
    assert_eq!(
        severities,
        BTreeSet::from(["error", "warning", "note"].map(str::to_owned))
    );
    let doc = crate::common::json_doc_fields;
    assert_eq!(fields[0], doc("### Convert problem line"));
    assert_eq!(fields[1], doc("### Convert unread line"));
    assert_eq!(
        fields[2],
        BTreeSet::from(["summary".to_owned(), "type".to_owned()])
    );
    assert_eq!(fields[3], doc("### Convert summary object"));
}

/// Each problem as `(line, column, move, kind)`, from the JSON lines of
/// `validate` (game objects) or `convert` (problem objects).
fn located_problems(json: &[u8]) -> Vec<(u64, u64, String, String)> {
    let mut out = Vec::new();
    for line in text(json).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let one = |p: &serde_json::Value| {
            (
                p["line"].as_u64().expect("line"),
                p["column"].as_u64().expect("column"),
                p["move"].as_str().expect("move").to_owned(),
                p["kind"].as_str().expect("kind").to_owned(),
            )
        };
        match v["type"].as_str() {
            Some("game") => {
                for field in ["errors", "warnings"] {
                    out.extend(v[field].as_array().expect("a list").iter().map(one));
                }
            }
            Some("problem") if v["severity"] != "note" => out.push(one(&v)),
            _ => {}
        }
    }
    out.sort();
    out
}

#[test]
fn convert_names_each_problem_as_validate_does() {
    // Warnings on long algebraic and lax moves, in a game that converts and
    // in one that does not (an illegal move after them).
    let games = b"1. Ng1f3 d5 2. e2e4 dxe4 3. Nf3-g5 *\n\n1. Ng1-f3 d5 2. Nf3xd5 *\n";
    let validate = run(&["validate", "--json", "-"], Some(games));
    let convert = run(
        &["convert", "--to", "san", "--format", "json", "-"],
        Some(games),
    );
    let (v, c) = (
        located_problems(&validate.stdout),
        located_problems(&convert.stderr),
    );
    assert!(v.iter().any(|p| p.2 == "Ng1f3"), "{v:?}");
    assert!(v.iter().any(|p| p.3 == "illegal-move"), "{v:?}");
    assert_eq!(c, v);
}

#[test]
fn jobs_write_the_games_in_input_order() {
    // Many games over many blocks (blocks of 7 bytes cut inside games), some
    // refused: every --jobs writes the one output, in input order.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    let mut inputs: Vec<PathBuf> = ["cleaning/messy.pgn", "cleaning/openings.pgn"]
        .iter()
        .map(|p| root.join(p))
        .collect();
    inputs.extend(
        ["ok", "err"]
            .iter()
            .flat_map(|d| std::fs::read_dir(fixture(d)).expect("the fixtures"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn")),
    );
    inputs.sort();
    let paths: Vec<&str> = inputs.iter().filter_map(|p| p.to_str()).collect();
    let convert = |jobs: &str, block: Option<&str>| {
        let mut c = bin();
        c.args(["convert", "--to", "uci", "--jobs", jobs])
            .args(&paths);
        c.env("SCORESHEET_NO_TIMING", "1");
        if let Some(b) = block {
            c.env("SCORESHEET_BLOCK_BYTES", b);
        }
        let out = c.output().expect("the binary runs");
        (text(&out.stdout), text(&out.stderr), out.status.code())
    };
    let one = convert("1", None);
    assert!(one.0.lines().count() > 20, "{}", one.0);
    for (jobs, block) in [("2", None), ("3", Some("7")), ("1", Some("7"))] {
        assert_eq!(convert(jobs, block), one, "--jobs {jobs}, blocks {block:?}");
    }
}
