use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{Asked, MAX_BODY, State, TOKEN_HEADER, handle};
use crate::{Library, Options, Server};

/// A library that judges every text as one valid game and records saves.
#[derive(Default)]
struct Fake {
    saved: Mutex<Vec<(PathBuf, Vec<u8>)>>,
}

impl Library for Fake {
    fn judge(&self, name: &str, text: &[u8]) -> Result<Vec<serde_json::Value>, String> {
        Ok(vec![serde_json::json!({
            "type": "game", "file": name, "game": 1, "offset": 0, "length": text.len(),
            "valid": true, "errors": [], "warnings": [], "notes": []
        })])
    }

    fn export(&self, text: &[u8], format: &str) -> Result<(String, String), String> {
        Ok((format!("{format}:{}", text.len()), String::new()))
    }

    fn save(&self, path: &Path, text: &[u8]) -> std::io::Result<()> {
        self.saved
            .lock()
            .unwrap()
            .push((path.to_owned(), text.to_vec()));
        Ok(())
    }
}

const AUTHORITY: &str = "127.0.0.1:4000";
const TOKEN: &str = "0123456789abcdef";

fn state(files: &[&str]) -> State {
    State {
        authority: AUTHORITY.to_owned(),
        token: TOKEN.to_owned(),
        files: files.iter().map(PathBuf::from).collect(),
        library: Box::new(Fake::default()),
        document: std::sync::Mutex::default(),
    }
}

/// A request as the page sends it: the printed Host and the token.
fn asked<'a>(method: &'a str, url: &'a str, body: &str) -> Asked<'a> {
    Asked {
        method,
        url,
        host: Some(AUTHORITY),
        origin: None,
        token: Some(TOKEN),
        body: body.as_bytes().to_vec(),
    }
}

#[track_caller]
fn check(state: &State, asked: &Asked<'_>, status: u16) -> serde_json::Value {
    let reply = handle(state, asked);
    assert_eq!(
        reply.status,
        status,
        "{}",
        String::from_utf8_lossy(&reply.body)
    );
    serde_json::from_slice(&reply.body).unwrap_or(serde_json::Value::Null)
}

#[test]
fn the_page_and_the_api_answer_the_printed_host() {
    let s = state(&[]);
    let page = handle(&s, &asked("GET", "/?token=x", ""));
    assert_eq!(page.status, 200);
    assert!(String::from_utf8_lossy(&page.body).contains("/page.js"));
    let judged = check(
        &s,
        &asked("POST", "/api/judge", r#"{"text": "1. e4 *"}"#),
        200,
    );
    assert_eq!(judged["games"][0]["report"]["file"], "(page)");
    let exported = check(
        &s,
        &asked(
            "POST",
            "/api/export",
            r#"{"text": "1. e4 *", "format": "san"}"#,
        ),
        200,
    );
    assert_eq!(exported["text"], "san:7");
}

#[test]
fn wrong_host_is_refused() {
    let s = state(&[]);
    for host in [
        None,
        Some("evil.example:4000"),
        Some("localhost:4000"),
        Some("127.0.0.1:4001"),
    ] {
        for url in ["/", "/page.js", "/api/files"] {
            let mut a = asked("GET", url, "");
            a.host = host;
            check(&s, &a, 403);
        }
    }
}

#[test]
fn no_token_or_a_wrong_one_is_refused() {
    let s = state(&["book.txt"]);
    for token in [None, Some(""), Some("0123456789abcdee"), Some("0123")] {
        for (method, url, body) in [
            ("GET", "/api/files", ""),
            ("GET", "/api/file?id=0", ""),
            ("POST", "/api/judge", r#"{"text": ""}"#),
            ("POST", "/api/export", r#"{"text": "", "format": "pgn"}"#),
            ("POST", "/api/save", r#"{"id": 0, "text": "x"}"#),
        ] {
            let mut a = asked(method, url, body);
            a.token = token;
            check(&s, &a, 401);
        }
    }
}

#[test]
fn another_origin_is_refused() {
    let s = state(&["book.txt"]);
    let mut a = asked("POST", "/api/save", r#"{"id": 0, "text": "x"}"#);
    a.origin = Some("http://evil.example");
    check(&s, &a, 403);
    a.origin = Some("http://127.0.0.1:4000");
    check(&s, &a, 200);
}

#[test]
fn only_files_given_are_read_or_written() {
    let dir = std::env::temp_dir().join(format!("scoresheet-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let given = dir.join("given.pgn");
    std::fs::write(&given, "1. e4 e5 *\n").unwrap();
    std::fs::write(dir.join("other.pgn"), "secret").unwrap();
    let s = State {
        files: vec![given.clone()],
        ..state(&[])
    };
    let read = check(&s, &asked("GET", "/api/file?id=0", ""), 200);
    assert_eq!(read["text"], "1. e4 e5 *\n");
    for url in [
        "/api/file?id=1",
        "/api/file?id=-1",
        "/api/file",
        "/api/file?path=other.pgn",
        "/other.pgn",
        "/../other.pgn",
        "/api/../Cargo.toml",
    ] {
        let reply = handle(&s, &asked("GET", url, ""));
        assert_eq!(reply.status, 404, "{url}");
        assert!(!String::from_utf8_lossy(&reply.body).contains("secret"));
    }
    check(
        &s,
        &asked("POST", "/api/save", r#"{"id": 1, "text": "x"}"#),
        404,
    );
    check(
        &s,
        &asked("POST", "/api/save", r#"{"id": 0, "text": "x"}"#),
        200,
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn boards_are_svg_with_the_last_move() {
    let s = state(&[]);
    let reply = handle(
        &s,
        &asked(
            "POST",
            "/api/board",
            r#"{"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "last": "e2e4"}"#,
        ),
    );
    assert_eq!(reply.status, 200);
    assert_eq!(reply.content_type, "image/svg+xml");
    let svg = String::from_utf8(reply.body).unwrap();
    assert_eq!(svg.matches("class=\"piece\"").count(), 32);
    assert_eq!(svg.matches("class=\"marked\"").count(), 2);
    check(
        &s,
        &asked("POST", "/api/board", r#"{"fen": "not a fen"}"#),
        400,
    );
}

/// Sends `request` raw to a real server and gives the status line.
fn send(port: u16, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    // The server may answer and close before a refused body is all sent.
    let _ = stream.write_all(request);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or("")
        .to_owned()
}

#[test]
fn a_real_server_bounds_bodies_and_checks_the_host() {
    let server = Server::bind(
        Options {
            token: Some(TOKEN.to_owned()),
            ..Options::default()
        },
        Box::new(Fake::default()),
    )
    .unwrap();
    let port = server.port();
    assert!(
        server
            .address()
            .starts_with(&format!("http://127.0.0.1:{port}/?token="))
    );
    server.spawn();
    let host = format!("127.0.0.1:{port}");
    let ok = send(
        port,
        format!("GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes(),
    );
    assert!(ok.contains(" 200"), "{ok}");
    let rebound = send(
        port,
        format!("GET / HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert!(rebound.contains(" 403"), "{rebound}");
    // Announced too large: refused before it is read.
    let announced = send(
        port,
        format!(
            "POST /api/judge HTTP/1.1\r\nHost: {host}\r\n{TOKEN_HEADER}: {TOKEN}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            MAX_BODY + 1
        )
        .as_bytes(),
    );
    assert!(announced.contains(" 413"), "{announced}");
    // Sent too large without a length (chunked): refused once the bound is passed.
    let mut chunked = format!(
        "POST /api/judge HTTP/1.1\r\nHost: {host}\r\n{TOKEN_HEADER}: {TOKEN}\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    .into_bytes();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..=(MAX_BODY >> 20) {
        chunked.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        chunked.extend_from_slice(&chunk);
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let streamed = send(port, &chunked);
    assert!(streamed.contains(" 413"), "{streamed}");
}
