//! `scoresheet serve`: a workbench for editors in the browser. The page holds
//! the game as printed in an editor; the server judges the text as it changes
//! and answers with every problem placed at its token, the main line as read
//! (SAN, and the position after each ply), fixes spelled in the game's
//! notation, board diagrams ([`scoresheet_convert::svg`]) and exports.
//!
//! Safe by default: it listens on loopback only, answers only requests whose
//! `Host` is the address it printed (no DNS rebinding), asks the per-run token
//! of the printed address for every API call (reading a file, judging,
//! exporting, saving), serves only the files it was given, by number, and
//! bounds every request. docs/SERVE.md describes the API and the rules.
//!
//! The verdicts and exports come from a [`Library`]: the binary passes the
//! one `validate` and `convert` run, so the page says what the command says.
//!
//! ```no_run
//! use scoresheet_serve::{Library, Options, Server};
//! # struct Mine;
//! # impl Library for Mine {
//! #     fn judge(&self, _: &str, _: &[u8]) -> Result<Vec<serde_json::Value>, String> { Ok(vec![]) }
//! #     fn export(&self, _: &[u8], _: &str) -> Result<(String, String), String> { Ok(Default::default()) }
//! #     fn save(&self, _: &std::path::Path, _: &[u8]) -> std::io::Result<()> { Ok(()) }
//! # }
//! let server = Server::bind(Options::default(), Box::new(Mine))?;
//! println!("{}", server.address());
//! server.run();
//! # Ok::<(), std::io::Error>(())
//! ```

mod assets;
mod http;
pub mod reading;

use std::io;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use http::{MAX_BODY, TOKEN_HEADER};

/// What the server asks of the rest of the program: the verdict on a text and
/// its conversion, exactly as `validate` and `convert` give them, and writing
/// a file the way `-o` writes one.
pub trait Library: Send + Sync {
    /// The reports of every game of `text`, each the JSON object `scoresheet
    /// validate --format json` writes for it, the input named `name`.
    ///
    /// # Errors
    /// The text could not be judged (a message).
    fn judge(&self, name: &str, text: &[u8]) -> Result<Vec<serde_json::Value>, String>;

    /// `text` converted as `scoresheet convert --to FORMAT` converts it
    /// (`pgn`, `san`, `lan`, `uci`, `descriptive`): the output and what the
    /// command says about the games on standard error.
    ///
    /// # Errors
    /// The format is unknown or the run failed (a message).
    fn export(&self, text: &[u8], format: &str) -> Result<(String, String), String>;

    /// Writes `text` to `path` (one of the files the server was given) under a
    /// temporary name in its directory, renamed over `path` only once complete.
    ///
    /// # Errors
    /// The file cannot be written.
    fn save(&self, path: &Path, text: &[u8]) -> io::Result<()>;
}

/// How the server is started.
#[derive(Debug, Clone)]
pub struct Options {
    /// The files the page opens and may save back to; no other file is read
    /// or written.
    pub files: Vec<PathBuf>,
    /// The address to listen on: loopback unless the user named another.
    pub host: IpAddr,
    /// The port; 0 for one the system chooses.
    pub port: u16,
    /// The token every API call must carry; `None` for a random one.
    pub token: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            files: Vec::new(),
            host: IpAddr::from([127, 0, 0, 1]),
            port: 0,
            token: None,
        }
    }
}

/// A server bound to its address, ready to [`Server::run`].
pub struct Server {
    http: Arc<tiny_http::Server>,
    state: Arc<http::State>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("authority", &self.state.authority)
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Binds the address of `options`.
    ///
    /// # Errors
    /// The address cannot be bound.
    pub fn bind(options: Options, library: Box<dyn Library>) -> io::Result<Server> {
        let http =
            tiny_http::Server::http((options.host, options.port)).map_err(io::Error::other)?;
        let port = http
            .server_addr()
            .to_ip()
            .map_or(options.port, |a| a.port());
        let authority = match options.host {
            IpAddr::V6(v6) => format!("[{v6}]:{port}"),
            IpAddr::V4(v4) => format!("{v4}:{port}"),
        };
        let token = options.token.clone().unwrap_or_else(http::random_token);
        let state = http::State {
            authority,
            token,
            files: options.files,
            library,
            document: std::sync::Mutex::default(),
        };
        Ok(Server {
            http: Arc::new(http),
            state: Arc::new(state),
        })
    }

    /// The address to open: `http://HOST:PORT/?token=TOKEN`.
    #[must_use]
    pub fn address(&self) -> String {
        format!(
            "http://{}/?token={}",
            self.state.authority, self.state.token
        )
    }

    /// The port listened on.
    #[must_use]
    pub fn port(&self) -> u16 {
        self.http.server_addr().to_ip().map_or(0, |a| a.port())
    }

    /// Answers requests until the process ends, on two threads (a judgement
    /// never waits behind a diagram).
    pub fn run(self) {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                let (http, state) = (Arc::clone(&self.http), Arc::clone(&self.state));
                std::thread::spawn(move || {
                    while let Ok(request) = http.recv() {
                        http::answer(&state, request);
                    }
                })
            })
            .collect();
        for worker in workers {
            let _ = worker.join();
        }
    }

    /// Answers requests on a thread of its own (tests).
    pub fn spawn(self) -> std::thread::JoinHandle<()> {
        std::thread::spawn(move || self.run())
    }
}

/// Opens `address` in the default browser, where there is one: the opener of
/// the desktop (`xdg-open`, `open`, `start`); a failure is the caller's to say.
///
/// # Errors
/// No opener could be started.
pub fn open_browser(address: &str) -> io::Result<()> {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    command
        .arg(address)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(drop)
}
