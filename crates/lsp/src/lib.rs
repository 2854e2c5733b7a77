//! `scoresheet lsp`: a language server for chess game records.
//!
//! Editors speak the Language Server Protocol to it over standard input and
//! output; it answers with the judge's verdict on every game of a document
//! (the problems `scoresheet validate` reports, at the range of their
//! token), hovers with each move's SAN, LAN, FEN and a diagram, the legal
//! moves as completions, fixes and strict PGN export as code actions, one
//! symbol and one fold per game, and formatting to strict PGN.
//!
//! The loop ([`run`]) is thin: [`transport`] frames messages, [`lines`] turns
//! byte spans into LSP positions (UTF-16 unless the client offers UTF-8), and
//! [`analysis`] is the only module that asks the library, knowing nothing of
//! the protocol.
//!
//! ```
//! use scoresheet_lsp::{run, Exit};
//! fn frame(body: &str) -> String {
//!     format!("Content-Length: {}\r\n\r\n{body}", body.len())
//! }
//! let input = [
//!     frame(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#),
//!     frame(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#),
//!     frame(r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#),
//!     frame(r#"{"jsonrpc":"2.0","method":"exit"}"#),
//! ]
//! .concat();
//! let mut output = Vec::new();
//! assert_eq!(run(input.as_bytes(), &mut output)?, Exit::Clean);
//! let output = String::from_utf8(output).unwrap();
//! assert!(output.starts_with("Content-Length: "));
//! assert!(output.contains(r#""id":2,"result":null"#));
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod analysis;
pub mod lines;
mod server;
pub mod transport;

pub use server::{Exit, run, settings_from};
