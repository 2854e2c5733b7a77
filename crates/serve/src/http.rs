//! The HTTP edge: the safety rules every request passes, then the routes.
//! Requests become an [`Asked`] (method, path, the headers the rules read,
//! the body read up to its bound) and answers a [`Reply`] in one place each,
//! so the rules are tested without a socket too.

use std::io::Read;
use std::path::PathBuf;

use scoresheet_board::{Position, Square};
use scoresheet_convert::svg::{Diagram, diagram};
use serde::Deserialize;
use serde_json::json;

use crate::{Library, assets, reading};

/// The largest request body read (a text to judge, export or save): larger
/// ones are refused with 413 before they are read.
pub const MAX_BODY: usize = 16 << 20;
/// The largest file the page opens.
const MAX_FILE: u64 = 64 << 20;
/// The longest request target.
const MAX_URL: usize = 2048;
/// The header that carries the per-run token.
pub const TOKEN_HEADER: &str = "X-Scoresheet-Token";

/// What the server knows for the whole run.
pub struct State {
    /// `HOST:PORT` as printed: the only `Host` answered.
    pub authority: String,
    /// The per-run token.
    pub token: String,
    /// The files given on the command line, by their number.
    pub files: Vec<PathBuf>,
    /// Judging, converting, saving.
    pub library: Box<dyn Library>,
    /// The text judged last and its number: the page asks for one game's
    /// moves at a time, of the text it was judged in.
    pub document: std::sync::Mutex<(u64, String)>,
}

/// One request, as the rules and routes see it.
#[derive(Debug, Default)]
pub struct Asked<'a> {
    /// `GET`, `POST`, ...
    pub method: &'a str,
    /// The request target (path and query).
    pub url: &'a str,
    /// The `Host` header.
    pub host: Option<&'a str>,
    /// The `Origin` header.
    pub origin: Option<&'a str>,
    /// The token header.
    pub token: Option<&'a str>,
    /// The body, read whole (never more than [`MAX_BODY`]).
    pub body: Vec<u8>,
}

/// One answer.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The media type of the body.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: serde_json::to_vec(value).unwrap_or_default(),
        }
    }

    fn refuse(status: u16, why: &str) -> Reply {
        Reply::json(status, &json!({ "error": why }))
    }
}

/// Reads `request` within the bounds, answers it and sends the answer.
pub fn answer(state: &State, mut request: tiny_http::Request) {
    let header = |request: &tiny_http::Request, name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_owned())
    };
    let (host, origin, token) = (
        header(&request, "Host"),
        header(&request, "Origin"),
        header(&request, TOKEN_HEADER),
    );
    let method = request.method().as_str().to_owned();
    let url = request.url().to_owned();
    let reply = if request.body_length().is_some_and(|n| n > MAX_BODY) {
        Reply::refuse(413, "the request is too large")
    } else {
        let mut body = Vec::new();
        let read = request
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        if read.is_err() {
            Reply::refuse(400, "the request's body could not be read")
        } else if body.len() > MAX_BODY {
            Reply::refuse(413, "the request is too large")
        } else {
            let asked = Asked {
                method: &method,
                url: &url,
                host: host.as_deref(),
                origin: origin.as_deref(),
                token: token.as_deref(),
                body,
            };
            // A bug must not take a worker thread down with it: the
            // request gets a 500 and the server goes on.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(state, &asked)))
                .unwrap_or_else(|_| Reply::refuse(500, "internal error (a bug: please report it)"))
        }
    };
    let _ = request.respond(response(reply));
}

/// The answer as tiny_http sends it, with the headers every answer carries.
fn response(reply: Reply) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let headers: [(&str, &str); 6] = [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Frame-Options", "DENY"),
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
        ),
    ];
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    for (name, value) in headers {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    response
}

/// The rules, then the route.
pub fn handle(state: &State, asked: &Asked<'_>) -> Reply {
    // DNS rebinding: a name that resolves to this machine must still be the
    // name printed.
    if asked.host != Some(state.authority.as_str()) {
        return Reply::refuse(403, "wrong Host: open the address scoresheet serve printed");
    }
    if asked.url.len() > MAX_URL {
        return Reply::refuse(414, "the request target is too long");
    }
    let (path, query) = asked.url.split_once('?').unwrap_or((asked.url, ""));
    if let Some(asset) = assets::get(path).filter(|_| asked.method == "GET") {
        return Reply {
            status: 200,
            content_type: asset.content_type,
            body: asset.body.as_bytes().to_vec(),
        };
    }
    if !path.starts_with("/api/") {
        return Reply::refuse(404, "no such page");
    }
    if asked
        .origin
        .is_some_and(|o| o != format!("http://{}", state.authority))
    {
        return Reply::refuse(403, "wrong Origin");
    }
    if !asked
        .token
        .is_some_and(|t| same(t.as_bytes(), state.token.as_bytes()))
    {
        return Reply::refuse(401, "the token of the printed address is needed");
    }
    match (asked.method, path) {
        ("GET", "/api/files") => files(state),
        ("GET", "/api/file") => file(state, query),
        ("POST", "/api/judge") => judge(state, &asked.body),
        ("POST", "/api/moves") => moves(state, &asked.body),
        ("POST", "/api/board") => board(&asked.body),
        ("POST", "/api/export") => export(state, &asked.body),
        ("POST", "/api/save") => save(state, &asked.body),
        _ => Reply::refuse(404, "no such call"),
    }
}

/// Compares two tokens in time independent of where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The files given, by number.
fn files(state: &State) -> Reply {
    let list: Vec<_> = state
        .files
        .iter()
        .enumerate()
        .map(|(id, p)| json!({ "id": id, "name": p.display().to_string() }))
        .collect();
    Reply::json(200, &json!({ "files": list }))
}

/// The number a query's `id=N` names, if it is one of the files given.
fn given(state: &State, id: Option<u64>) -> Option<(usize, &PathBuf)> {
    let id = usize::try_from(id?).ok()?;
    Some((id, state.files.get(id)?))
}

/// One given file's text.
fn file(state: &State, query: &str) -> Reply {
    let id = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("id="))
        .and_then(|n| n.parse().ok());
    let Some((_, path)) = given(state, id) else {
        return Reply::refuse(404, "not one of the files given on the command line");
    };
    let mut bytes = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(MAX_FILE + 1).read_to_end(&mut bytes));
    match read {
        Err(e) => Reply::refuse(500, &format!("{}: {e}", path.display())),
        Ok(_) if bytes.len() as u64 > MAX_FILE => Reply::refuse(
            413,
            &format!("{}: more than {} MiB", path.display(), MAX_FILE >> 20),
        ),
        Ok(_) => {
            let text = scoresheet_notation::text::decode(&bytes);
            Reply::json(
                200,
                &json!({ "name": path.display().to_string(), "text": text }),
            )
        }
    }
}

/// A text to judge, named as its reports name their file.
#[derive(Deserialize)]
struct Text {
    #[serde(default)]
    name: Option<String>,
    text: String,
}

fn judge(state: &State, body: &[u8]) -> Reply {
    let Ok(asked) = serde_json::from_slice::<Text>(body) else {
        return Reply::refuse(400, "expected {\"name\": ..., \"text\": ...}");
    };
    let name = asked.name.as_deref().unwrap_or("(page)");
    match reading::read(state.library.as_ref(), name, &asked.text) {
        Ok(games) => {
            let version = {
                let mut document = state
                    .document
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                document.0 += 1;
                document.1 = asked.text;
                document.0
            };
            Reply::json(200, &json!({ "version": version, "games": games }))
        }
        Err(e) => Reply::refuse(500, &e),
    }
}

/// One game's moves, of the text judged last.
#[derive(Deserialize)]
struct Moves {
    /// The `version` the judgement answered with.
    version: u64,
    /// The game's `offset` in its report.
    offset: usize,
}

fn moves(state: &State, body: &[u8]) -> Reply {
    let Ok(asked) = serde_json::from_slice::<Moves>(body) else {
        return Reply::refuse(400, "expected {\"version\": ..., \"offset\": ...}");
    };
    let document = state
        .document
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if document.0 != asked.version {
        return Reply::refuse(409, "the text has been judged again since");
    }
    match reading::moves(&document.1, asked.offset) {
        Some(moves) => Reply::json(200, &json!(moves)),
        None => Reply::refuse(404, "no game starts there"),
    }
}

/// A diagram asked for.
#[derive(Deserialize)]
struct Board {
    fen: String,
    /// The move just played, in UCI (`e2e4`).
    #[serde(default)]
    last: Option<String>,
    #[serde(default)]
    flipped: bool,
}

fn board(body: &[u8]) -> Reply {
    let Ok(asked) = serde_json::from_slice::<Board>(body) else {
        return Reply::refuse(400, "expected {\"fen\": ..., \"last\": ...}");
    };
    let position = match Position::from_fen(&asked.fen) {
        Ok(p) => p,
        Err(e) => return Reply::refuse(400, &e.to_string()),
    };
    let last = asked.last.as_deref().and_then(|uci| {
        let from: Square = uci.get(0..2)?.parse().ok()?;
        let to: Square = uci.get(2..4)?.parse().ok()?;
        Some((from, to))
    });
    let options = Diagram {
        last_move: last,
        flipped: asked.flipped,
        ..Diagram::default()
    };
    Reply {
        status: 200,
        content_type: "image/svg+xml",
        body: diagram(&position, &options).into_bytes(),
    }
}

/// A text to convert.
#[derive(Deserialize)]
struct Export {
    text: String,
    format: String,
}

fn export(state: &State, body: &[u8]) -> Reply {
    let Ok(asked) = serde_json::from_slice::<Export>(body) else {
        return Reply::refuse(400, "expected {\"text\": ..., \"format\": ...}");
    };
    if !["pgn", "san", "lan", "uci", "descriptive"].contains(&asked.format.as_str()) {
        return Reply::refuse(400, "the formats are pgn, san, lan, uci and descriptive");
    }
    match state.library.export(asked.text.as_bytes(), &asked.format) {
        Ok((text, problems)) => Reply::json(200, &json!({ "text": text, "problems": problems })),
        Err(e) => Reply::refuse(500, &e),
    }
}

/// A text to save back to one of the files given.
#[derive(Deserialize)]
struct Save {
    id: u64,
    text: String,
}

fn save(state: &State, body: &[u8]) -> Reply {
    let Ok(asked) = serde_json::from_slice::<Save>(body) else {
        return Reply::refuse(400, "expected {\"id\": ..., \"text\": ...}");
    };
    let Some((_, path)) = given(state, Some(asked.id)) else {
        return Reply::refuse(404, "not one of the files given on the command line");
    };
    match state.library.save(path, asked.text.as_bytes()) {
        Ok(()) => Reply::json(200, &json!({ "saved": path.display().to_string() })),
        Err(e) => Reply::refuse(500, &format!("{}: {e}", path.display())),
    }
}

/// A token of 128 random bits in hex, from the system's random source
/// (`/dev/urandom`), else from the standard library's randomly keyed hasher.
pub fn random_token() -> String {
    let mut bytes = [0u8; 16];
    let urandom = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if urandom.is_err() {
        use std::hash::{BuildHasher, Hasher};
        for half in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            half.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests;
