//! `scoresheet serve` through the binary: its API judges a text exactly as
//! `validate --format json` judges the file, a fix applied from the page's
//! answer leaves a valid game whose PGN export is `convert --to pgn`'s, saves
//! reach only the files given; `fen --svg` and `play --svg` write diagrams.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_scoresheet");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A running `scoresheet serve`, stopped when dropped.
struct Served {
    child: Child,
    /// The server's standard output, kept open as a terminal would be.
    stdout: Option<BufReader<std::process::ChildStdout>>,
    port: u16,
    token: String,
}

impl Served {
    fn start(files: &[&Path]) -> Served {
        let mut child = Command::new(BIN)
            .arg("serve")
            .arg("--no-open")
            .args(files)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting scoresheet serve");
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut line).unwrap();
        let address = line
            .trim()
            .strip_prefix("scoresheet serve: http://127.0.0.1:")
            .unwrap_or_else(|| panic!("no address printed: {line:?}"));
        let (port, token) = address.split_once("/?token=").unwrap();
        Served {
            child,
            stdout: Some(stdout),
            port: port.parse().unwrap(),
            token: token.to_owned(),
        }
    }

    /// Sends one request (HTTP/1.0: the answer is the rest of the stream)
    /// and gives the status and the body.
    fn ask(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Vec<u8>) {
        let body = body
            .map(|b| serde_json::to_vec(b).unwrap())
            .unwrap_or_default();
        let mut request = format!(
            "{method} {path} HTTP/1.0\r\nHost: 127.0.0.1:{}\r\nX-Scoresheet-Token: {}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.port,
            self.token,
            body.len()
        )
        .into_bytes();
        request.extend_from_slice(&body);
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.write_all(&request).unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        let split = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("{path}: {:?}", String::from_utf8_lossy(&answer)));
        let head = String::from_utf8_lossy(&answer[..split]).into_owned();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, answer[split + 4..].to_vec())
    }

    fn json(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let (status, body) = self.ask(method, path, body);
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
        serde_json::from_slice(&body).unwrap()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The game objects `validate --format json` writes for `path` (named as given).
fn validate_json(path: &str) -> Vec<Value> {
    let out = Command::new(BIN)
        .current_dir(root())
        .args(["validate", "--format", "json", path])
        .env("SCORESHEET_NO_PROGRESS", "1")
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "game")
        .collect()
}

#[test]
fn the_api_judges_as_validate_does() {
    let served = Served::start(&[]);
    let mut compared = 0;
    for dir in ["fixtures/validate", "fixtures/desc/ok", "fixtures/desc/err"] {
        let mut paths: Vec<_> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| !p.to_string_lossy().ends_with(".expected"))
            .collect();
        paths.sort();
        for path in paths {
            let Ok(text) = String::from_utf8(std::fs::read(&path).unwrap()) else {
                continue;
            };
            let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            let answer = served.json(
                "POST",
                "/api/judge",
                Some(&json!({ "name": name, "text": text })),
            );
            let reports: Vec<Value> = answer["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["report"].clone())
                .collect();
            pretty_assertions::assert_eq!(reports, validate_json(&name), "{name}");
            compared += 1;
        }
    }
    assert!(compared > 30, "{compared} files compared");
}

#[test]
fn a_fix_from_the_page_makes_the_game_valid_and_exports_as_convert_does() {
    let dir = std::env::temp_dir().join(format!("scoresheet-serve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.txt");
    let source = root().join("fixtures/desc/err/1902_lasker_spielmann_tarrasch_misprint.desc.txt");
    std::fs::copy(&source, &book).unwrap();
    let served = Served::start(&[&book]);

    let files = served.json("GET", "/api/files", None);
    assert_eq!(files["files"][0]["id"], 0);
    let file = served.json("GET", "/api/file?id=0", None);
    let text = file["text"].as_str().unwrap().to_owned();
    assert_eq!(text, std::fs::read_to_string(&book).unwrap());
    assert_eq!(served.ask("GET", "/api/file?id=1", None).0, 404);

    let answer = served.json("POST", "/api/judge", Some(&json!({ "text": text })));
    let game = &answer["games"][0];
    assert_eq!(game["report"]["valid"], false);
    let problem = &game["problems"][0];
    assert_eq!(problem["severity"], "error");
    let units: Vec<u16> = text.encode_utf16().collect();
    let (from, to) = (
        problem["from"].as_u64().unwrap() as usize,
        problem["to"].as_u64().unwrap() as usize,
    );
    assert_eq!(String::from_utf16(&units[from..to]).unwrap(), "Kt-P");
    let fix = &problem["fixes"][0];
    assert_eq!(fix["label"], "Nxe4 (Nf6xe4)");
    assert_eq!(fix["text"], "KtxP");
    // Nine plies were read; each says where it is written.
    let asked = json!({ "version": answer["version"], "offset": game["report"]["offset"] });
    let line = served.json("POST", "/api/moves", Some(&asked));
    let moves = line["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 9);
    assert_eq!(moves[0]["san"], "e4");
    let first = &units
        [moves[0]["from"].as_u64().unwrap() as usize..moves[0]["to"].as_u64().unwrap() as usize];
    assert_eq!(String::from_utf16(first).unwrap(), "P-K4");

    let mut fixed_units = units[..from].to_vec();
    fixed_units.extend(fix["text"].as_str().unwrap().encode_utf16());
    fixed_units.extend_from_slice(&units[to..]);
    let fixed = String::from_utf16(&fixed_units).unwrap();
    let answer = served.json("POST", "/api/judge", Some(&json!({ "text": fixed })));
    assert_eq!(answer["games"][0]["report"]["valid"], true, "{answer}");
    let asked = json!({ "version": answer["version"], "offset": 0 });
    let line = served.json("POST", "/api/moves", Some(&asked));
    let moves = line["moves"].as_array().unwrap();
    assert_eq!(moves[9]["san"], "Nxe4");
    assert_eq!(
        moves[9]["fen"],
        "r1bqkb1r/1ppp1ppp/p1n5/4p3/B3n3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 6"
    );
    // Moves of a text judged before are refused, not mixed up.
    let stale = json!({ "version": 1, "offset": 0 });
    assert_eq!(served.ask("POST", "/api/moves", Some(&stale)).0, 409);

    let exported = served.json(
        "POST",
        "/api/export",
        Some(&json!({ "text": fixed, "format": "pgn" })),
    );
    let fixed_file = dir.join("fixed.txt");
    std::fs::write(&fixed_file, &fixed).unwrap();
    let convert = Command::new(BIN)
        .args(["convert", "--to", "pgn"])
        .arg(&fixed_file)
        .env("SCORESHEET_NO_PROGRESS", "1")
        .output()
        .unwrap();
    assert_eq!(exported["text"], String::from_utf8(convert.stdout).unwrap());

    // Saved back to the file given, and to no other.
    let saved = served.json(
        "POST",
        "/api/save",
        Some(&json!({ "id": 0, "text": fixed })),
    );
    assert_eq!(saved["saved"], book.display().to_string());
    assert_eq!(std::fs::read_to_string(&book).unwrap(), fixed);
    assert_eq!(
        served
            .ask("POST", "/api/save", Some(&json!({ "id": 1, "text": "x" })))
            .0,
        404
    );
    drop(served);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn serve_goes_on_when_its_output_is_closed() {
    let mut served = Served::start(&[]);
    // Whoever read the address closes the pipe (`scoresheet serve | head -1`).
    served.stdout = None;
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(served.ask("GET", "/api/files", None).0, 200);
    assert!(
        served.child.try_wait().unwrap().is_none(),
        "the server ended"
    );
}

#[test]
fn serve_refuses_a_path_that_is_not_a_file() {
    let out = Command::new(BIN)
        .args(["serve", "--no-open", "no/such/file.pgn"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/file.pgn"));
}

#[test]
fn fen_and_play_write_svg_diagrams() {
    let dir = std::env::temp_dir().join(format!("scoresheet-svg-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = dir.join("start.svg");
    let out = Command::new(BIN)
        .args(["fen", "startpos", "--svg"])
        .arg(&start)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&start).unwrap();
    assert_eq!(svg.matches("class=\"piece\"").count(), 32);

    let book = root().join("fixtures/desc/err/1902_lasker_spielmann_tarrasch_misprint.desc.txt");
    let plies = dir.join("plies");
    Command::new(BIN)
        .arg("play")
        .arg(&book)
        .arg("--svg")
        .arg(&plies)
        .output()
        .unwrap();
    let mut names: Vec<_> = std::fs::read_dir(&plies)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 10, "{names:?}");
    assert_eq!(names[0], "game1-ply000.svg");
    let last = std::fs::read_to_string(plies.join("game1-ply009.svg")).unwrap();
    // 5. O-O: the king's two squares marked.
    assert!(last.contains("class=\"marked\""));
    assert!(last.contains("data-piece=\"K\" data-square=\"g1\""));

    let problems = dir.join("problems");
    Command::new(BIN)
        .arg("play")
        .arg(&book)
        .arg("--svg")
        .arg(&problems)
        .arg("--svg-problems")
        .output()
        .unwrap();
    let names: Vec<_> = std::fs::read_dir(&problems).unwrap().collect();
    assert_eq!(names.len(), 1);
    let problem = std::fs::read_to_string(problems.join("game1-problem1.svg")).unwrap();
    assert!(problem.contains("data-turn=\"b\""));
    std::fs::remove_dir_all(&dir).unwrap();
}
