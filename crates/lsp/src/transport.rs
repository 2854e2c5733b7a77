//! The base protocol: `Content-Length` framed JSON-RPC messages.
//!
//! `lsp-server`'s own reader ends the connection at the first malformed
//! message; an editor's server must answer it with a protocol error and read
//! on. This reader frames messages itself (headers bounded, bodies up to
//! [`MAX_BODY`]) and hands out either a message of `lsp-server`'s types or
//! what was wrong with it; messages are written by `lsp-server`.

use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message};
use serde::Deserialize;
use serde_json::Value;

/// The largest message body read (a document of this size is refused whole).
pub const MAX_BODY: usize = 256 << 20;
/// The longest header line read.
const MAX_HEADER_LINE: u64 = 8 << 10;

/// One message read, or why none could be.
#[derive(Debug)]
pub enum Incoming {
    /// A well-formed message.
    Message(Message),
    /// A message that could not be read: the error to answer it with.
    Malformed {
        /// The id of the request, when it could be read (else the answer's id is null).
        id: Option<Value>,
        /// The JSON-RPC error code.
        code: i32,
        /// What was wrong.
        message: String,
    },
}

/// Reads the next message; `None` at the end of the input.
///
/// ```
/// use scoresheet_lsp::transport::{read, Incoming};
/// let mut input: &[u8] = b"Content-Length: 2\r\n\r\n{]Content-Length: 40\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}";
/// assert!(matches!(read(&mut input).unwrap(), Some(Incoming::Malformed { code: -32700, .. })));
/// assert!(matches!(read(&mut input).unwrap(), Some(Incoming::Message(_))));
/// assert!(read(&mut input).unwrap().is_none());
/// ```
///
/// # Errors
/// Reading the input failed.
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Incoming>> {
    let mut length: Option<usize> = None;
    let mut bad_header: Option<String> = None;
    let mut line = Vec::new();
    let mut any = false;
    loop {
        line.clear();
        let n = input
            .by_ref()
            .take(MAX_HEADER_LINE)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(if any {
                Some(malformed(
                    None,
                    "the input ended inside a message's headers",
                ))
            } else {
                None
            });
        }
        any = true;
        if line.last() != Some(&b'\n') {
            bad_header.get_or_insert_with(|| "a header line too long".to_owned());
            continue;
        }
        let text = trim_line_end(&line);
        if text.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(text);
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("Content-Length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => {
                        bad_header.get_or_insert_with(|| format!("bad Content-Length: {text}"));
                    }
                }
            }
            Some(_) => {}
            None => {
                bad_header.get_or_insert_with(|| format!("malformed header: {text}"));
            }
        }
    }
    let Some(length) = length else {
        let why = bad_header.unwrap_or_else(|| "no Content-Length header".to_owned());
        return Ok(Some(malformed(None, &why)));
    };
    if length > MAX_BODY {
        io::copy(&mut input.by_ref().take(length as u64), &mut io::sink())?;
        return Ok(Some(malformed(
            None,
            &format!("a message of {length} bytes: more than {MAX_BODY} are not read"),
        )));
    }
    let mut body = Vec::with_capacity(length);
    input.by_ref().take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(Some(malformed(None, "the input ended inside a message")));
    }
    Ok(Some(parse(&body)))
}

/// A body as a message.
fn parse(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return malformed(None, &format!("not JSON: {e}")),
    };
    let id = value.get("id").cloned();
    // A response carries a result or an error: without them (and without a
    // method) an object is no message, though it would read as a response.
    let shaped = ["method", "result", "error"]
        .iter()
        .any(|f| value.get(f).is_some());
    if !shaped {
        return Incoming::Malformed {
            id,
            code: ErrorCode::InvalidRequest as i32,
            message: "not a JSON-RPC message: no method, result or error".to_owned(),
        };
    }
    match Message::deserialize(&value) {
        Ok(message) => Incoming::Message(message),
        Err(e) => Incoming::Malformed {
            id,
            code: ErrorCode::InvalidRequest as i32,
            message: format!("not a JSON-RPC message: {e}"),
        },
    }
}

fn malformed(id: Option<Value>, why: &str) -> Incoming {
    Incoming::Malformed {
        id,
        code: ErrorCode::ParseError as i32,
        message: why.to_owned(),
    }
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Writes one message.
///
/// # Errors
/// Writing failed.
pub fn write(out: &mut impl Write, message: &Message) -> io::Result<()> {
    message.write(out)
}

/// Writes an error response whose id could not be read (or is not a
/// request id `lsp-server` can hold): `null`, as JSON-RPC asks.
///
/// # Errors
/// Writing failed.
pub fn write_error(
    out: &mut impl Write,
    id: Option<Value>,
    code: i32,
    message: &str,
) -> io::Result<()> {
    let id = match id {
        Some(id @ (Value::Number(_) | Value::String(_))) => id,
        _ => Value::Null,
    };
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    })
    .to_string();
    write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    out.flush()
}
