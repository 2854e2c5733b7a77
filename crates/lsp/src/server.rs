//! The main loop: protocol messages in, work on [`crate::analysis`], protocol
//! messages out. Protocol types live here and in [`crate::lines`] only.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::str::FromStr;

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use serde_json::{Value, json};

use scoresheet_board::Position;
use scoresheet_convert::{Options, Resolver, write_pgn};
use scoresheet_notation::lang::Language;
use scoresheet_notation::{Kind, Severity};

use crate::analysis::{Analyzer, Document, GameEntry, MainLine, Problem, Settings, fen};
use crate::lines::{Encoding, LinePos, Lines};
use crate::transport::{self, Incoming};

/// Where the kinds are documented: each diagnostic's `codeDescription`.
const KINDS_DOC: &str = concat!(
    env!("CARGO_PKG_REPOSITORY"),
    "/blob/main/docs/JSON.md#kinds"
);

/// The largest file offered a conversion to strict PGN as a code action
/// (formatting converts a file of any size).
const MAX_FILE_ACTION: usize = 1 << 20;

/// How the server ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// `exit` after `shutdown`: exit code 0.
    Clean,
    /// `exit` without `shutdown`, or the input ended: exit code 1.
    Unclean,
}

impl Exit {
    /// The process's exit code, as the protocol asks.
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Exit::Clean => 0,
            Exit::Unclean => 1,
        }
    }
}

/// An open document: the analysed text and its line index.
#[derive(Debug)]
struct Open {
    doc: Document,
    lines: Lines,
    version: i32,
}

/// What a request of ours is waiting for.
#[derive(Debug, Clone, Copy)]
enum Pending {
    Configuration,
}

/// The server's state.
struct Server<W: Write> {
    out: W,
    analyzer: Analyzer,
    docs: HashMap<String, (lsp::Uri, Open)>,
    encoding: Encoding,
    initialized: bool,
    shutdown: bool,
    pulls_configuration: bool,
    next_id: i32,
    pending: HashMap<RequestId, Pending>,
}

/// Serves one client: reads messages from `input` until `exit` (or the end of
/// the input) and writes nothing but protocol messages to `output`.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn run(mut input: impl BufRead, output: impl Write) -> io::Result<Exit> {
    let mut server = Server {
        out: output,
        analyzer: Analyzer::default(),
        docs: HashMap::new(),
        encoding: Encoding::Utf16,
        initialized: false,
        shutdown: false,
        pulls_configuration: false,
        next_id: 0,
        pending: HashMap::new(),
    };
    while let Some(incoming) = transport::read(&mut input)? {
        match incoming {
            Incoming::Malformed { id, code, message } => {
                eprintln!("scoresheet lsp: {message}");
                transport::write_error(&mut server.out, id, code, &message)?;
            }
            Incoming::Message(Message::Request(req)) => server.request(req)?,
            Incoming::Message(Message::Response(resp)) => server.response(resp)?,
            Incoming::Message(Message::Notification(n)) => {
                if n.method == lsp::notification::Exit::METHOD {
                    return Ok(if server.shutdown {
                        Exit::Clean
                    } else {
                        Exit::Unclean
                    });
                }
                server.notification(n)?;
            }
        }
    }
    Ok(Exit::Unclean)
}

/// A request's failure: its JSON-RPC code and message.
type Failure = (i32, String);

fn invalid_params(e: impl std::fmt::Display) -> Failure {
    (ErrorCode::InvalidParams as i32, e.to_string())
}

impl<W: Write> Server<W> {
    fn send(&mut self, message: Message) -> io::Result<()> {
        transport::write(&mut self.out, &message)
    }

    fn notify<N: lsp::notification::Notification>(&mut self, params: N::Params) -> io::Result<()> {
        self.send(Notification::new(N::METHOD.to_owned(), params).into())
    }

    fn request(&mut self, req: Request) -> io::Result<()> {
        let id = req.id.clone();
        let result = if req.method == lsp::request::Initialize::METHOD {
            self.initialize(req.params)
        } else if !self.initialized {
            Err((
                ErrorCode::ServerNotInitialized as i32,
                "the server is not initialized".to_owned(),
            ))
        } else if self.shutdown {
            Err((
                ErrorCode::InvalidRequest as i32,
                "the server is shutting down".to_owned(),
            ))
        } else {
            self.dispatch(&req.method, req.params)
        };
        let response = match result {
            Ok(value) => Response {
                id,
                result: Some(value),
                error: None,
            },
            Err((code, message)) => Response::new_err(id, code, message),
        };
        self.send(response.into())
    }

    fn dispatch(&mut self, method: &str, params: Value) -> Result<Value, Failure> {
        use lsp::request::{
            CodeActionRequest, Completion, DocumentSymbolRequest, FoldingRangeRequest, Formatting,
            HoverRequest, Shutdown,
        };
        fn parse<T: serde::de::DeserializeOwned>(params: Value) -> Result<T, Failure> {
            serde_json::from_value(params).map_err(invalid_params)
        }
        let value = match method {
            Shutdown::METHOD => {
                self.shutdown = true;
                Value::Null
            }
            HoverRequest::METHOD => json!(self.hover(parse(params)?)?),
            Completion::METHOD => json!(self.completion(parse(params)?)?),
            CodeActionRequest::METHOD => json!(self.code_actions(parse(params)?)?),
            DocumentSymbolRequest::METHOD => json!(self.symbols(parse(params)?)?),
            FoldingRangeRequest::METHOD => json!(self.folding(parse(params)?)?),
            Formatting::METHOD => json!(self.formatting(parse(params)?)?),
            _ => {
                return Err((
                    ErrorCode::MethodNotFound as i32,
                    format!("unknown method: {method}"),
                ));
            }
        };
        Ok(value)
    }

    fn initialize(&mut self, params: Value) -> Result<Value, Failure> {
        if self.initialized {
            return Err((
                ErrorCode::InvalidRequest as i32,
                "initialize was already asked".to_owned(),
            ));
        }
        let params: lsp::InitializeParams =
            serde_json::from_value(params).map_err(invalid_params)?;
        let offers_utf8 = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|e| e.contains(&lsp::PositionEncodingKind::UTF8));
        self.encoding = if offers_utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        };
        self.pulls_configuration = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.configuration)
            .unwrap_or(false);
        if let Some(options) = params.initialization_options {
            match settings_from(&options).and_then(Analyzer::new) {
                Ok(analyzer) => self.analyzer = analyzer,
                Err(e) => return Err(invalid_params(e)),
            }
        }
        self.initialized = true;
        let capabilities = lsp::ServerCapabilities {
            position_encoding: Some(match self.encoding {
                Encoding::Utf8 => lsp::PositionEncodingKind::UTF8,
                Encoding::Utf16 => lsp::PositionEncodingKind::UTF16,
            }),
            text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
                lsp::TextDocumentSyncKind::INCREMENTAL,
            )),
            hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
            completion_provider: Some(lsp::CompletionOptions::default()),
            code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
                lsp::CodeActionOptions {
                    code_action_kinds: Some(vec![
                        lsp::CodeActionKind::QUICKFIX,
                        lsp::CodeActionKind::SOURCE,
                    ]),
                    ..lsp::CodeActionOptions::default()
                },
            )),
            document_symbol_provider: Some(lsp::OneOf::Left(true)),
            folding_range_provider: Some(lsp::FoldingRangeProviderCapability::Simple(true)),
            document_formatting_provider: Some(lsp::OneOf::Left(true)),
            ..lsp::ServerCapabilities::default()
        };
        Ok(json!(lsp::InitializeResult {
            capabilities,
            server_info: Some(lsp::ServerInfo {
                name: "scoresheet".to_owned(),
                version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            }),
        }))
    }

    fn response(&mut self, resp: Response) -> io::Result<()> {
        match self.pending.remove(&resp.id) {
            Some(Pending::Configuration) => {
                let settings = resp
                    .result
                    .as_ref()
                    .and_then(|r| r.get(0))
                    .filter(|s| s.is_object());
                if let Some(settings) = settings {
                    self.apply_settings(&settings.clone())?;
                }
                Ok(())
            }
            None => Ok(()),
        }
    }

    fn notification(&mut self, n: Notification) -> io::Result<()> {
        use lsp::notification::{
            DidChangeConfiguration, DidChangeTextDocument, DidCloseTextDocument,
            DidOpenTextDocument, Initialized,
        };
        if !self.initialized {
            return Ok(());
        }
        match n.method.as_str() {
            Initialized::METHOD => self.pull_configuration(),
            DidOpenTextDocument::METHOD => match serde_json::from_value(n.params) {
                Ok(p) => self.did_open(p),
                Err(e) => self.log_bad(&n.method, &e),
            },
            DidChangeTextDocument::METHOD => match serde_json::from_value(n.params) {
                Ok(p) => self.did_change(p),
                Err(e) => self.log_bad(&n.method, &e),
            },
            DidCloseTextDocument::METHOD => {
                match serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) {
                    Ok(p) => {
                        self.docs.remove(p.text_document.uri.as_str());
                        self.notify::<lsp::notification::PublishDiagnostics>(
                            lsp::PublishDiagnosticsParams {
                                uri: p.text_document.uri,
                                diagnostics: Vec::new(),
                                version: None,
                            },
                        )
                    }
                    Err(e) => self.log_bad(&n.method, &e),
                }
            }
            DidChangeConfiguration::METHOD => {
                let settings = n.params.get("settings").cloned().unwrap_or(Value::Null);
                if settings.get("scoresheet").is_some() {
                    self.apply_settings(&settings)
                } else {
                    self.pull_configuration()
                }
            }
            // Other notifications ($/cancelRequest, $/setTrace, ...) ask nothing of us.
            _ => Ok(()),
        }
    }

    fn log_bad(&self, method: &str, e: &serde_json::Error) -> io::Result<()> {
        eprintln!("scoresheet lsp: {method}: bad parameters: {e}");
        Ok(())
    }

    /// Asks the client for the `scoresheet` settings, if it can say them.
    fn pull_configuration(&mut self) -> io::Result<()> {
        if !self.pulls_configuration {
            return Ok(());
        }
        self.next_id += 1;
        let id = RequestId::from(format!("scoresheet-{}", self.next_id));
        self.pending.insert(id.clone(), Pending::Configuration);
        let params = lsp::ConfigurationParams {
            items: vec![lsp::ConfigurationItem {
                scope_uri: None,
                section: Some("scoresheet".to_owned()),
            }],
        };
        self.send(
            Request::new(
                id,
                lsp::request::WorkspaceConfiguration::METHOD.to_owned(),
                params,
            )
            .into(),
        )
    }

    /// Judges every open document again with new settings.
    fn apply_settings(&mut self, value: &Value) -> io::Result<()> {
        let analyzer = match settings_from(value).and_then(Analyzer::new) {
            Ok(a) => a,
            Err(e) => {
                return self.notify::<lsp::notification::ShowMessage>(lsp::ShowMessageParams {
                    typ: lsp::MessageType::ERROR,
                    message: format!("scoresheet: {e}; the settings are not changed"),
                });
            }
        };
        if analyzer.settings() == self.analyzer.settings() {
            return Ok(());
        }
        self.analyzer = analyzer;
        let uris: Vec<String> = self.docs.keys().cloned().collect();
        for key in uris {
            if let Some((_, open)) = self.docs.get_mut(&key) {
                let text = std::mem::take(&mut open.doc).text().to_owned();
                self.analyzer.analyse(&mut open.doc, text, false);
            }
            self.publish(&key)?;
        }
        Ok(())
    }

    fn did_open(&mut self, p: lsp::DidOpenTextDocumentParams) -> io::Result<()> {
        let key = p.text_document.uri.as_str().to_owned();
        let mut open = Open {
            doc: Document::default(),
            lines: Lines::default(),
            version: p.text_document.version,
        };
        self.analyzer
            .analyse(&mut open.doc, p.text_document.text, true);
        open.lines = Lines::new(open.doc.text(), self.encoding);
        self.docs.insert(key.clone(), (p.text_document.uri, open));
        self.publish(&key)
    }

    fn did_change(&mut self, p: lsp::DidChangeTextDocumentParams) -> io::Result<()> {
        let key = p.text_document.uri.as_str().to_owned();
        let encoding = self.encoding;
        let Some((_, open)) = self.docs.get_mut(&key) else {
            eprintln!("scoresheet lsp: a change to a document not open: {key}");
            return Ok(());
        };
        let mut text = open.doc.text().to_owned();
        let mut lines = std::mem::take(&mut open.lines);
        for change in p.content_changes {
            match change.range {
                None => text = change.text,
                Some(range) => {
                    let start = lines.offset(&text, pos_from(range.start));
                    let end = lines.offset(&text, pos_from(range.end)).max(start);
                    text.replace_range(start..end, &change.text);
                }
            }
            lines = Lines::new(&text, encoding);
        }
        open.lines = lines;
        open.version = p.text_document.version;
        self.analyzer.analyse(&mut open.doc, text, true);
        self.publish(&key)
    }

    /// Sends the diagnostics of an open document.
    fn publish(&mut self, key: &str) -> io::Result<()> {
        let Some((uri, open)) = self.docs.get(key) else {
            return Ok(());
        };
        let diagnostics = diagnostics(open, uri);
        let params = lsp::PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version: Some(open.version),
        };
        self.notify::<lsp::notification::PublishDiagnostics>(params)
    }

    fn open(&self, uri: &lsp::Uri) -> Result<&Open, Failure> {
        self.docs
            .get(uri.as_str())
            .map(|(_, o)| o)
            .ok_or_else(|| invalid_params(format!("the document is not open: {}", uri.as_str())))
    }

    fn hover(&self, p: lsp::HoverParams) -> Result<Option<lsp::Hover>, Failure> {
        let at = &p.text_document_position_params;
        let open = self.open(&at.text_document.uri)?;
        let text = open.doc.text();
        let offset = open.lines.offset(text, pos_from(at.position));
        let Some(index) = open.doc.game_at(offset) else {
            return Ok(None);
        };
        let game = &open.doc.games()[index];
        let mut parts = Vec::new();
        let mut range = None;
        if let Some(line) = self.analyzer.main_line(&open.doc, index)
            && let Some((i, ply)) = line.ply_at(offset)
        {
            range = Some(lsp_range(open, ply.span.clone()));
            parts.push(ply_markdown(&line, i, &ply.before, &ply.after));
        }
        for problem in &game.verdict.problems {
            let span = game.absolute(problem.span);
            let subject = game.absolute(problem.subject);
            let covers = |r: &std::ops::Range<usize>| r.start <= offset && offset <= r.end;
            if covers(&span) || covers(&subject) {
                range.get_or_insert_with(|| lsp_range(open, span.clone()));
                parts.push(problem_markdown(problem));
            }
        }
        if parts.is_empty() {
            return Ok(None);
        }
        Ok(Some(lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: parts.join("\n\n---\n\n"),
            }),
            range,
        }))
    }

    fn completion(
        &self,
        p: lsp::CompletionParams,
    ) -> Result<Option<lsp::CompletionResponse>, Failure> {
        let at = &p.text_document_position;
        let open = self.open(&at.text_document.uri)?;
        let offset = open.lines.offset(open.doc.text(), pos_from(at.position));
        let Some(index) = open.doc.game_at(offset) else {
            return Ok(None);
        };
        let Some(line) = self.analyzer.main_line(&open.doc, index) else {
            return Ok(None);
        };
        let items = line
            .moves_at(offset)
            .into_iter()
            .enumerate()
            .map(|(i, label)| lsp::CompletionItem {
                label,
                kind: Some(lsp::CompletionItemKind::VALUE),
                detail: Some("legal move".to_owned()),
                sort_text: Some(format!("{i:03}")),
                ..lsp::CompletionItem::default()
            })
            .collect();
        Ok(Some(lsp::CompletionResponse::Array(items)))
    }

    fn code_actions(
        &self,
        p: lsp::CodeActionParams,
    ) -> Result<Vec<lsp::CodeActionOrCommand>, Failure> {
        let uri = &p.text_document.uri;
        let open = self.open(uri)?;
        let text = open.doc.text();
        let from = open.lines.offset(text, pos_from(p.range.start));
        let to = open.lines.offset(text, pos_from(p.range.end)).max(from);
        let mut actions = Vec::new();
        let Some(index) = open.doc.game_at(from) else {
            return Ok(actions);
        };
        let game = &open.doc.games()[index];
        let mut line: Option<Option<MainLine>> = None;
        for problem in &game.verdict.problems {
            let span = game.absolute(problem.span);
            let subject = game.absolute(problem.subject);
            let meets = |r: &std::ops::Range<usize>| r.start <= to && from <= r.end;
            if !meets(&span) && !meets(&subject) {
                continue;
            }
            let diagnostic = diagnostic(open, uri, game, problem);
            let mut fix = |title: String, range: std::ops::Range<usize>, new_text: String| {
                actions.push(quick_fix(open, uri, &diagnostic, title, range, new_text));
            };
            let line = line.get_or_insert_with(|| self.analyzer.main_line(&open.doc, index));
            for suggestion in &problem.suggestions {
                // `Nxe4 (Nf6xe4)`: SAN, then the move's LAN, which is
                // spelled again in the game's own notation.
                let san = suggestion.split(' ').next().unwrap_or(suggestion);
                let lan = suggestion
                    .split_once('(')
                    .map(|(_, l)| l.trim_end_matches(')'));
                let spelled = match (line.as_ref(), lan) {
                    (Some(line), Some(lan)) => line
                        .respell(subject.start, lan)
                        .unwrap_or_else(|| san.to_owned()),
                    _ => san.to_owned(),
                };
                let written = &text[subject.clone()];
                fix(
                    format!("Replace {written} with {spelled}"),
                    subject.clone(),
                    spelled,
                );
            }
            let Some(line) = line.as_ref() else { continue };
            match problem.kind {
                Kind::WrongCheckMark | Kind::PlusPlusMark | Kind::MissingCheckMark => {
                    let Some(ply) = problem
                        .ply
                        .and_then(|p| line.plies.get((p as usize).checked_sub(1)?))
                    else {
                        continue;
                    };
                    let mark = check_mark(&ply.after);
                    if problem.kind == Kind::MissingCheckMark {
                        fix(format!("Add {mark}"), span.end..span.end, mark.to_owned());
                    } else if mark.is_empty() {
                        fix(
                            format!("Remove {}", &text[span.clone()]),
                            span,
                            String::new(),
                        );
                    } else {
                        fix(format!("Write {mark}"), span, mark.to_owned());
                    }
                }
                Kind::WrongResult => {
                    let end = line.plies.last().map_or(&line.start, |p| &p.after);
                    let Some(result) = forced_result(end) else {
                        continue;
                    };
                    let written = text[span.clone()].trim();
                    if ["1-0", "0-1", "1/2-1/2", "*"].contains(&written) && written != result {
                        fix(
                            format!("Write the result {result}"),
                            span,
                            result.to_owned(),
                        );
                    }
                }
                _ => {}
            }
        }
        if !open.doc.is_book() {
            if let Some(pgn) = self.strict_pgn(&text.as_bytes()[game.span.clone()]) {
                actions.push(source_action(
                    open,
                    uri,
                    "Convert this game to strict PGN",
                    game.span.clone(),
                    pgn,
                ));
            }
            // Asked at every move of the cursor: the whole file is converted
            // only when every game is valid and the file is small.
            let convertible = open.doc.games().len() > 1
                && text.len() <= MAX_FILE_ACTION
                && open.doc.games().iter().all(|g| g.verdict.valid);
            if convertible && let Some(pgn) = self.strict_file(open) {
                actions.push(source_action(
                    open,
                    uri,
                    "Convert the file to strict PGN",
                    0..text.len(),
                    pgn,
                ));
            }
        }
        Ok(actions)
    }

    /// A game's strict PGN export, if it is valid.
    fn strict_pgn(&self, game: &[u8]) -> Option<String> {
        let settings = self.analyzer.settings();
        let mut resolver = Resolver::new(Options {
            strict: settings.strict,
            lang: settings.lang,
            ..Options::default()
        });
        let out = resolver.resolve_full(game, |r| {
            // A game strict PGN cannot hold (a null move) has no export.
            r.ok()
                .filter(|g| scoresheet_convert::pgn::unexportable(g).is_none())
                .map(|g| {
                    let mut out = Vec::new();
                    write_pgn(g, &mut out);
                    out
                })
        })?;
        String::from_utf8(out).ok()
    }

    /// The whole file in strict PGN, if every game is valid.
    fn strict_file(&self, open: &Open) -> Option<String> {
        let text = open.doc.text().as_bytes();
        let mut out = String::with_capacity(text.len());
        for game in open.doc.games() {
            out.push_str(&self.strict_pgn(&text[game.span.clone()])?);
        }
        Some(out)
    }

    fn symbols(
        &self,
        p: lsp::DocumentSymbolParams,
    ) -> Result<lsp::DocumentSymbolResponse, Failure> {
        let open = self.open(&p.text_document.uri)?;
        let text = open.doc.text();
        let symbols = open
            .doc
            .games()
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let v = &game.verdict;
                let player = |tag| v.tag(tag).filter(|s| !s.is_empty()).unwrap_or("?");
                let name = if v.tags.is_empty() {
                    format!("Game {}", i + 1)
                } else {
                    format!("{} - {}", player("White"), player("Black"))
                };
                let detail: Vec<&str> = ["Event", "Date"]
                    .iter()
                    .filter_map(|t| v.tag(t))
                    .filter(|s| !s.is_empty() && !s.contains('?'))
                    .collect();
                let span = trimmed(text, game.span.clone());
                let first_line_end = text[span.clone()]
                    .find(['\n', '\r'])
                    .map_or(span.end, |i| span.start + i);
                #[allow(deprecated)]
                lsp::DocumentSymbol {
                    name,
                    detail: (!detail.is_empty()).then(|| detail.join(", ")),
                    kind: lsp::SymbolKind::OBJECT,
                    tags: None,
                    deprecated: None,
                    range: lsp_range(open, span.clone()),
                    selection_range: lsp_range(open, span.start..first_line_end),
                    children: None,
                }
            })
            .collect();
        Ok(lsp::DocumentSymbolResponse::Nested(symbols))
    }

    fn folding(&self, p: lsp::FoldingRangeParams) -> Result<Vec<lsp::FoldingRange>, Failure> {
        let open = self.open(&p.text_document.uri)?;
        let text = open.doc.text();
        let mut ranges = Vec::new();
        let mut fold = |span: std::ops::Range<usize>, kind: Option<lsp::FoldingRangeKind>| {
            let start = open.lines.line_of(span.start);
            let end = open
                .lines
                .line_of(span.end.saturating_sub(1).max(span.start));
            if end > start {
                ranges.push(lsp::FoldingRange {
                    start_line: start,
                    end_line: end,
                    kind,
                    ..lsp::FoldingRange::default()
                });
            }
        };
        for game in open.doc.games() {
            fold(
                trimmed(text, game.span.clone()),
                Some(lsp::FoldingRangeKind::Region),
            );
            for v in &game.verdict.variations {
                fold(game.absolute(*v), None);
            }
        }
        Ok(ranges)
    }

    fn formatting(
        &self,
        p: lsp::DocumentFormattingParams,
    ) -> Result<Option<Vec<lsp::TextEdit>>, Failure> {
        let open = self.open(&p.text_document.uri)?;
        if open.doc.is_book() {
            // A book's tables are not PGN: formatting would rewrite the notation.
            return Ok(None);
        }
        let text = open.doc.text();
        let mut out = String::with_capacity(text.len());
        let mut last = 0;
        for game in open.doc.games() {
            // Text between games (blank lines, a stray line) stays as written.
            out.push_str(&text[last..game.span.start]);
            let own = &text[game.span.clone()];
            match self.strict_pgn(own.as_bytes()) {
                Some(pgn) => out.push_str(&pgn),
                None => out.push_str(own),
            }
            last = game.span.end;
        }
        out.push_str(&text[last..]);
        if out == text {
            return Ok(Some(Vec::new()));
        }
        Ok(Some(vec![lsp::TextEdit {
            range: lsp_range(open, 0..text.len()),
            new_text: out,
        }]))
    }
}

/// The settings named in `value`: `{"strict": true, "deny": [...], "allow":
/// [...], "lang": "de"}`, alone or under `scoresheet`.
///
/// # Errors
/// A field of the wrong type, or a language that does not exist.
pub fn settings_from(value: &Value) -> Result<Settings, String> {
    let value = value.get("scoresheet").unwrap_or(value);
    if value.is_null() {
        return Ok(Settings::default());
    }
    let Some(map) = value.as_object() else {
        return Err("the settings are not an object".to_owned());
    };
    let list = |name: &str| -> Result<Vec<String>, String> {
        match map.get(name) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|i| {
                    i.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| format!("{name}: not a list of kinds"))
                })
                .collect(),
            Some(_) => Err(format!("{name}: not a list of kinds")),
        }
    };
    let strict = match map.get("strict") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("strict: not true or false".to_owned()),
    };
    let lang = match map.get("lang") {
        None | Some(Value::Null) => None,
        Some(Value::String(code)) => {
            Some(Language::from_code(code).ok_or_else(|| format!("lang: no language {code}"))?)
        }
        Some(_) => return Err("lang: not a language code".to_owned()),
    };
    Ok(Settings {
        strict,
        deny: list("deny")?,
        allow: list("allow")?,
        lang,
    })
}

fn pos_from(p: lsp::Position) -> LinePos {
    LinePos {
        line: p.line,
        character: p.character,
    }
}

fn lsp_position(open: &Open, offset: usize) -> lsp::Position {
    let p = open.lines.position(open.doc.text(), offset);
    lsp::Position {
        line: p.line,
        character: p.character,
    }
}

/// A byte range of the document as an LSP range.
fn lsp_range(open: &Open, range: std::ops::Range<usize>) -> lsp::Range {
    lsp::Range {
        start: lsp_position(open, range.start),
        end: lsp_position(open, range.end),
    }
}

/// `range` without the blank lines and spaces at its end.
fn trimmed(text: &str, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
    let kept = text[range.clone()].trim_end().len();
    range.start..range.start + kept
}

/// Every problem of an open document as LSP diagnostics.
fn diagnostics(open: &Open, uri: &lsp::Uri) -> Vec<lsp::Diagnostic> {
    open.doc
        .games()
        .iter()
        .flat_map(|game| {
            game.verdict
                .problems
                .iter()
                .map(move |p| diagnostic(open, uri, game, p))
        })
        .collect()
}

/// One problem as an LSP diagnostic: the kind is its code, documented in docs/JSON.md.
fn diagnostic(open: &Open, uri: &lsp::Uri, game: &GameEntry, p: &Problem) -> lsp::Diagnostic {
    let mut message = p.message.clone();
    if !p.candidates.is_empty() {
        message.push_str("; candidates: ");
        message.push_str(&p.candidates.join(", "));
    }
    if !p.suggestions.is_empty() {
        message.push_str("; did you mean: ");
        message.push_str(&p.suggestions.join(", "));
    }
    lsp::Diagnostic {
        range: lsp_range(open, game.absolute(p.span)),
        severity: Some(match p.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
            Severity::Note => lsp::DiagnosticSeverity::INFORMATION,
        }),
        code: Some(lsp::NumberOrString::String(p.kind.name().to_owned())),
        code_description: lsp::Uri::from_str(KINDS_DOC)
            .ok()
            .map(|href| lsp::CodeDescription { href }),
        source: Some("scoresheet".to_owned()),
        message,
        // The earlier move blamed for the error, where the editor can jump to it.
        related_information: p.misprint.as_ref().map(|m| {
            vec![lsp::DiagnosticRelatedInformation {
                location: lsp::Location {
                    uri: uri.clone(),
                    range: lsp_range(open, game.absolute(m.span)),
                },
                message: m.note(),
            }]
        }),
        ..lsp::Diagnostic::default()
    }
}

fn quick_fix(
    open: &Open,
    uri: &lsp::Uri,
    diagnostic: &lsp::Diagnostic,
    title: String,
    range: std::ops::Range<usize>,
    new_text: String,
) -> lsp::CodeActionOrCommand {
    lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title,
        kind: Some(lsp::CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![diagnostic.clone()]),
        edit: Some(edit(open, uri, range, new_text)),
        is_preferred: Some(true),
        ..lsp::CodeAction::default()
    })
}

fn source_action(
    open: &Open,
    uri: &lsp::Uri,
    title: &str,
    range: std::ops::Range<usize>,
    new_text: String,
) -> lsp::CodeActionOrCommand {
    lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
        title: title.to_owned(),
        kind: Some(lsp::CodeActionKind::SOURCE),
        edit: Some(edit(open, uri, range, new_text)),
        ..lsp::CodeAction::default()
    })
}

fn edit(
    open: &Open,
    uri: &lsp::Uri,
    range: std::ops::Range<usize>,
    new_text: String,
) -> lsp::WorkspaceEdit {
    let edit = lsp::TextEdit {
        range: lsp_range(open, range),
        new_text,
    };
    lsp::WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
        ..lsp::WorkspaceEdit::default()
    }
}

/// The mark a move leading to `after` carries: `#`, `+` or none.
fn check_mark(after: &Position) -> &'static str {
    if after.is_checkmate() {
        "#"
    } else if after.is_check() {
        "+"
    } else {
        ""
    }
}

/// The result the board forces at `end`, if the game is over there.
fn forced_result(end: &Position) -> Option<&'static str> {
    use scoresheet_board::Outcome;
    Some(match end.outcome()? {
        Outcome::Checkmate { winner } => {
            if winner == scoresheet_board::Color::White {
                "1-0"
            } else {
                "0-1"
            }
        }
        _ => "1/2-1/2",
    })
}

/// A ply's hover: its number and move, SAN and LAN, the FEN after it and a diagram.
fn ply_markdown(line: &MainLine, index: usize, before: &Position, after: &Position) -> String {
    let ply = &line.plies[index];
    let san = before.san(&ply.mv);
    let number = before.fullmove_number();
    let dots = if before.turn() == scoresheet_board::Color::White {
        "."
    } else {
        "..."
    };
    format!(
        "**{number}{dots} {san}**\n\nSAN `{san}` · LAN `{lan}` · UCI `{uci}`\n\nFEN `{fen}`\n\n```text\n{diagram}```",
        lan = ply.mv.to_lan(),
        uci = ply.mv.to_uci(),
        fen = fen(after),
        diagram = after.diagram(false),
    )
}

/// A problem's hover: its kind, message, what the kind means, candidates and suggestions.
fn problem_markdown(p: &Problem) -> String {
    let mut s = format!(
        "**{}[{}]**: {}\n\n{}",
        p.severity,
        p.kind.name(),
        p.message,
        p.kind.meaning()
    );
    if !p.candidates.is_empty() {
        s.push_str("\n\nCandidates: ");
        s.push_str(&p.candidates.join(", "));
    }
    if !p.suggestions.is_empty() {
        s.push_str("\n\nDid you mean: ");
        s.push_str(&p.suggestions.join(", "));
    }
    s
}
