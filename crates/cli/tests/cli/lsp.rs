//! `scoresheet lsp` driven over its standard input and output with real
//! JSON-RPC messages, as an editor drives it.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};

use serde_json::{Value, json};

use crate::common::WATCHDOG;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A running server and what it has sent.
struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting scoresheet lsp");
        let stdout = child.stdout.take().expect("piped");
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if out.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    assert!(line.ends_with("\r\n"), "a header line: {line:?}");
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    let (name, value) = line.split_once(": ").expect("a header");
                    assert_eq!(name, "Content-Length", "only protocol on stdout");
                    length = Some(value.parse::<usize>().expect("a length"));
                }
                let mut body = vec![0; length.expect("Content-Length")];
                out.read_exact(&mut body).expect("a body");
                let value = serde_json::from_slice(&body).expect("JSON");
                if send.send(value).is_err() {
                    return;
                }
            }
        });
        Client {
            stdin: child.stdin.take(),
            child,
            messages,
            next_id: 0,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("open");
        stdin.write_all(bytes).expect("writing");
        stdin.flush().expect("flushing");
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and waits for its response (other messages are dropped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.wait(|m| m["id"] == json!(id) && m.get("method").is_none())
    }

    /// The next message sent that `f` accepts.
    fn wait(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self
                .messages
                .recv_timeout(WATCHDOG)
                .expect("the server answers");
            if f(&m) {
                return m;
            }
        }
    }

    fn diagnostics(&mut self) -> Vec<Value> {
        let m = self.wait(|m| m["method"] == "textDocument/publishDiagnostics");
        m["params"]["diagnostics"]
            .as_array()
            .expect("a list")
            .clone()
    }

    fn initialize(&mut self, options: Value) -> Value {
        let r = self.request(
            "initialize",
            json!({"capabilities": {}, "initializationOptions": options}),
        );
        self.notify("initialized", json!({}));
        r
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "pgn", "version": 1, "text": text}}),
        );
        self.diagnostics()
    }

    /// Shuts down and exits; the exit code.
    fn finish(mut self, shutdown: bool) -> Option<i32> {
        if shutdown {
            let r = self.request("shutdown", Value::Null);
            assert_eq!(r["result"], Value::Null, "{r}");
        }
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        let status = self.child.wait().expect("waiting");
        status.code()
    }
}

const URI: &str = "file:///games/misprints.pgn";

fn fixture(name: &str) -> String {
    std::fs::read_to_string(root().join("fixtures").join(name)).expect("a fixture")
}

fn position(text: &str, needle: &str) -> Value {
    let at = text.find(needle).expect("in the text");
    let line = text[..at].matches('\n').count();
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let character: usize = text[start..at].chars().map(char::len_utf16).sum();
    json!({"line": line, "character": character})
}

/// Every problem `validate --format json` reports for `file`: (0-based line,
/// UTF-16 character, severity, kind, message).
fn validate_problems(file: &str) -> Vec<(u64, u64, u64, String, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_scoresheet"))
        .args(["validate", "--format", "json", file])
        .current_dir(root())
        .output()
        .expect("validate");
    let text = std::fs::read_to_string(root().join(file)).expect("the file");
    let lines: Vec<&str> = text.split('\n').collect();
    let mut problems = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let game: Value = serde_json::from_str(line).expect("JSON");
        for (field, severity) in [("errors", 1), ("warnings", 2), ("notes", 3)] {
            for p in game[field].as_array().into_iter().flatten() {
                let l = p["line"].as_u64().expect("line") - 1;
                let chars = p["column"].as_u64().expect("column") as usize - 1;
                let utf16: usize = lines[l as usize]
                    .chars()
                    .take(chars)
                    .map(char::len_utf16)
                    .sum();
                problems.push((
                    l,
                    utf16 as u64,
                    severity,
                    p["kind"].as_str().expect("kind").to_owned(),
                    p["message"].as_str().expect("message").to_owned(),
                ));
            }
        }
    }
    problems.sort();
    problems
}

fn lsp_problems(diagnostics: &[Value]) -> Vec<(u64, u64, u64, String, String)> {
    let mut problems: Vec<_> = diagnostics
        .iter()
        .map(|d| {
            let message = d["message"].as_str().expect("message");
            // Candidates and suggestions follow the message.
            let message = message.split("; ").next().unwrap_or(message);
            (
                d["range"]["start"]["line"].as_u64().expect("line"),
                d["range"]["start"]["character"]
                    .as_u64()
                    .expect("character"),
                d["severity"].as_u64().expect("severity"),
                d["code"].as_str().expect("code").to_owned(),
                message.to_owned(),
            )
        })
        .collect();
    problems.sort();
    problems
}

#[track_caller]
fn check_same_as_validate(file: &str, options: Value) {
    let mut client = Client::start();
    client.initialize(options);
    let diagnostics = client.open(
        &format!("file:///{file}"),
        &fixture(&file["fixtures/".len()..]),
    );
    let ours = lsp_problems(&diagnostics);
    assert!(!ours.is_empty(), "{file}: no diagnostics");
    assert_eq!(ours, validate_problems(file), "{file}");
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn diagnostics_are_validates_problems() {
    check_same_as_validate("fixtures/lsp/misprints.pgn", Value::Null);
    check_same_as_validate(
        "fixtures/desc/err/1902_lasker_spielmann_tarrasch_misprint.desc.txt",
        Value::Null,
    );
}

#[test]
fn diagnostics_carry_range_kind_and_link_and_clear_when_fixed() {
    let text = fixture("lsp/misprints.pgn");
    let mut client = Client::start();
    let init = client.initialize(Value::Null);
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-16");
    let diagnostics = client.open(URI, &text);
    let illegal = diagnostics
        .iter()
        .find(|d| d["code"] == "illegal-move")
        .expect("the illegal move");
    // The destination square no knight reaches, after a comment with a
    // character outside the BMP: UTF-16 columns.
    assert_eq!(illegal["range"]["start"], position(&text, "e6 *"));
    let start = position(&text, "Nxe6");
    assert_eq!(illegal["severity"], 1);
    assert_eq!(illegal["source"], "scoresheet");
    assert!(
        illegal["codeDescription"]["href"]
            .as_str()
            .expect("a link")
            .ends_with("docs/JSON.md#kinds")
    );
    let check = diagnostics
        .iter()
        .find(|d| d["code"] == "wrong-check-mark")
        .expect("the check mark");
    assert_eq!(check["severity"], 2);

    // Two edits in one change: the check mark removed, the knight sent to e5.
    let plus = position(&text, "+ f6");
    let mut after_plus = plus.clone();
    after_plus["character"] = json!(plus["character"].as_u64().unwrap() + 1);
    let mut after_move = start.clone();
    after_move["character"] = json!(start["character"].as_u64().unwrap() + 4);
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [
                {"range": {"start": start, "end": after_move}, "text": "Nxe5"},
                {"range": {"start": plus, "end": after_plus}, "text": ""},
            ],
        }),
    );
    assert_eq!(client.diagnostics(), Vec::<Value>::new());
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn hover_shows_the_move_the_position_and_the_problem() {
    let text = fixture("lsp/misprints.pgn");
    let mut client = Client::start();
    client.initialize(Value::Null);
    client.open(URI, &text);
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": position(&text, "Nf3 d6")}),
    );
    let shown = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(shown.contains("**2. Nf3**"), "{shown}");
    assert!(shown.contains("LAN `Ng1-f3`"), "{shown}");
    assert!(
        shown.contains("FEN `rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2`"),
        "{shown}"
    );
    assert!(shown.contains("8 r n b q k b n r"), "{shown}");
    assert_eq!(hover["result"]["range"]["start"], position(&text, "Nf3 d6"));

    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": position(&text, "Nxe6")}),
    );
    let shown = hover["result"]["contents"]["value"]
        .as_str()
        .expect("markdown");
    assert!(shown.contains("**error[illegal-move]**"), "{shown}");
    assert!(
        shown.contains("No legal move matches what is written."),
        "{shown}"
    );

    let nothing = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": position(&text, "Paris FRA")}),
    );
    assert_eq!(nothing["result"], Value::Null);
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn completion_offers_the_legal_moves_in_the_games_own_letters() {
    let mut client = Client::start();
    client.initialize(Value::Null);
    let uri = "file:///new.pgn";
    let text = "1. e4 e5 2. Sf3 Sc6 3. ";
    client.open(uri, text);
    let r = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": {"line": 0, "character": text.len()}}),
    );
    let labels: Vec<&str> = r["result"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["label"].as_str().expect("label"))
        .collect();
    // German letters, as the game is written: S for the knight, L for the bishop.
    assert!(labels.contains(&"Lb5"), "{labels:?}");
    assert!(labels.contains(&"Sxe5"), "{labels:?}");
    assert!(!labels.contains(&"Bb5"), "{labels:?}");
    assert_eq!(labels.len(), 27, "{labels:?}");
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn code_actions_fix_the_mark_and_convert_to_strict_pgn() {
    let text = fixture("lsp/misprints.pgn");
    let mut client = Client::start();
    client.initialize(Value::Null);
    client.open(URI, &text);
    let at = position(&text, "+ f6");
    let r = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": {"start": at, "end": at},
               "context": {"diagnostics": []}}),
    );
    let actions = r["result"].as_array().expect("actions");
    let remove = actions
        .iter()
        .find(|a| a["title"] == "Remove +")
        .expect("a fix of the mark");
    assert_eq!(remove["kind"], "quickfix");
    let edit = &remove["edit"]["changes"][URI][0];
    assert_eq!(edit["newText"], "");
    assert_eq!(edit["range"]["start"], at);
    // The game is invalid: no conversion offered.
    assert!(actions.iter().all(|a| a["kind"] != "source"), "{actions:?}");

    let at = position(&text, "Nbd7");
    let r = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": {"start": at, "end": at},
               "context": {"diagnostics": []}}),
    );
    let convert = r["result"]
        .as_array()
        .expect("actions")
        .iter()
        .find(|a| a["title"] == "Convert this game to strict PGN")
        .expect("a conversion")
        .clone();
    let new_text = convert["edit"]["changes"][URI][0]["newText"]
        .as_str()
        .expect("text");
    assert!(
        new_text.starts_with("[Event \"Paris Opera\"]\n"),
        "{new_text}"
    );
    assert!(new_text.contains("17. Rd8# 1-0"), "{new_text}");
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn symbols_folding_and_formatting() {
    let text = fixture("lsp/misprints.pgn");
    let mut client = Client::start();
    client.initialize(Value::Null);
    client.open(URI, &text);
    let r = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let symbols = r["result"].as_array().expect("symbols");
    let names: Vec<&str> = symbols
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "Morphy, Paul - Duke Karl / Count Isouard",
            "White, Anna - Black, Bruno",
            "C - D"
        ]
    );
    assert_eq!(symbols[0]["detail"], "Paris Opera");
    assert_eq!(
        symbols[0]["range"]["start"],
        json!({"line": 0, "character": 0})
    );
    assert_eq!(symbols[0]["range"]["end"]["line"], 9);

    let r = client.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": URI}}),
    );
    let folds: Vec<(u64, u64)> = r["result"]
        .as_array()
        .expect("folds")
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    // Three games, and the variation over two lines.
    assert_eq!(folds, [(0, 9), (11, 16), (18, 24), (23, 24)]);

    let uri = "file:///loose.pgn";
    client.open(uri, "[White \"a\"]\n1.e2-e4 e7-e5 2.Ng1-f3 *\n");
    let r = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let new_text = r["result"][0]["newText"].as_str().expect("an edit");
    assert!(new_text.starts_with("[Event \"?\"]\n"), "{new_text}");
    assert!(new_text.contains("[White \"a\"]\n"), "{new_text}");
    assert!(new_text.contains("\n1. e4 e5 2. Nf3 *\n"), "{new_text}");
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn settings_make_warnings_errors() {
    let text = fixture("lsp/misprints.pgn");
    let mut client = Client::start();
    client.initialize(json!({"strict": true}));
    let diagnostics = client.open(URI, &text);
    let check = diagnostics
        .iter()
        .find(|d| d["code"] == "wrong-check-mark")
        .expect("the check mark");
    assert_eq!(check["severity"], 1);
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"scoresheet": {"allow": ["wrong-check-mark"]}}}),
    );
    // Allowed, as `validate --allow` allows it: not reported.
    let diagnostics = client.diagnostics();
    let codes: Vec<&Value> = diagnostics.iter().map(|d| &d["code"]).collect();
    assert_eq!(codes, [&json!("illegal-move")]);
    assert_eq!(client.finish(true), Some(0));

    let mut client = Client::start();
    let r = client.request(
        "initialize",
        json!({"capabilities": {}, "initializationOptions": {"deny": ["no-such-kind"]}}),
    );
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert_eq!(client.finish(false), Some(1));
}

#[test]
fn malformed_messages_and_unknown_methods_are_protocol_errors() {
    let mut client = Client::start();
    let early = client.request("textDocument/hover", json!({}));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    client.initialize(Value::Null);
    client.send_raw(b"Content-Length: 8\r\n\r\n{\"jsonrp");
    let m = client.wait(|_| true);
    assert_eq!(m["error"]["code"], -32700, "{m}");
    assert_eq!(m["id"], Value::Null);
    client.send(&json!({"jsonrpc": "2.0", "id": 77, "params": 3}));
    let m = client.wait(|_| true);
    assert_eq!(m["error"]["code"], -32600, "{m}");
    assert_eq!(m["id"], 77);
    client.send_raw(b"Nonsense\r\n\r\n");
    let m = client.wait(|_| true);
    assert_eq!(m["error"]["code"], -32700, "{m}");
    let unknown = client.request("chess/resign", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let bad = client.request("textDocument/hover", json!({"position": 5}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    let closed = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///never.pgn"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(closed["error"]["code"], -32602, "{closed}");
    // Still serving.
    let diagnostics = client.open("file:///x.pgn", "1. e4 e5 2. Ke3 *\n");
    assert_eq!(diagnostics[0]["code"], "illegal-move");
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn exit_without_shutdown_is_code_one() {
    let mut client = Client::start();
    client.initialize(Value::Null);
    assert_eq!(client.finish(false), Some(1));
}

#[test]
fn utf8_positions_when_the_client_offers_them() {
    let mut client = Client::start();
    let r = client.request(
        "initialize",
        json!({"capabilities": {"general": {"positionEncodings": ["utf-8", "utf-16"]}}}),
    );
    assert_eq!(r["result"]["capabilities"]["positionEncoding"], "utf-8");
    let text = "1. e4 {é𝄞} e5 2. Ke3 *\n";
    let diagnostics = client.open("file:///u.pgn", text);
    let at = text.find("e3 *").unwrap();
    assert_eq!(diagnostics[0]["range"]["start"]["character"], at);
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn a_book_table_is_answered_in_its_own_descriptive_style() {
    let text = fixture("desc/err/1902_lasker_spielmann_tarrasch_misprint.desc.txt");
    let uri = "file:///games/lasker.desc.txt";
    let mut client = Client::start();
    client.initialize(Value::Null);
    let diagnostics = client.open(uri, &text);
    let codes: Vec<&Value> = diagnostics.iter().map(|d| &d["code"]).collect();
    assert!(codes.iter().any(|c| *c == "desc-syntax"), "{codes:?}");
    let at = position(&text, "Kt-P\n");
    let r = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": at, "end": at},
               "context": {"diagnostics": []}}),
    );
    let titles: Vec<&str> = r["result"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| a["title"].as_str().expect("a title"))
        .collect();
    // The suggestion Nxe4 (Nf6xe4), in the book's notation and letters.
    assert_eq!(titles[0], "Replace Kt-P with KtxP", "{titles:?}");

    let r = client.request(
        "textDocument/completion",
        // Before White's second move: after 1. P-K4 P-K4.
        json!({"textDocument": {"uri": uri}, "position": position(&text, "Kt-KB3")}),
    );
    let labels: Vec<&str> = r["result"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["label"].as_str().expect("label"))
        .collect();
    assert!(
        labels.contains(&"Kt-KB3") && labels.contains(&"P-Q4"),
        "{labels:?}"
    );
    assert_eq!(labels.len(), 29, "{labels:?}");
    assert_eq!(client.finish(true), Some(0));
}

#[test]
fn a_misprint_blamed_earlier_is_related_information() {
    // `1. c4` for `1. e4` (c read for e): the bishop's move at ply 3 fails,
    // and the blame points back at the first move.
    let text =
        "[Event \"blame\"]\n[Result \"1-0\"]\n\n1. c4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
    let mut client = Client::start();
    client.initialize(Value::Null);
    let diagnostics = client.open(URI, text);
    let illegal = diagnostics
        .iter()
        .find(|d| d["code"] == "illegal-move")
        .expect("the illegal move");
    assert_eq!(illegal["range"]["start"], position(text, "c4 Nc6"));
    let related = illegal["relatedInformation"]
        .as_array()
        .expect("related information");
    assert_eq!(related.len(), 1);
    assert_eq!(related[0]["location"]["uri"], URI);
    assert_eq!(
        related[0]["location"]["range"]["start"],
        position(text, "c4 e5")
    );
    assert_eq!(
        related[0]["message"],
        "likely misprinted at 1.c4: did you mean e4 (e2-e4)?"
    );
    assert_eq!(client.finish(true), Some(0));
}
