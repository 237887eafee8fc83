//! `arbitre lsp`: a Language Server Protocol server for records, so that
//! an editor shows the referee's verdicts as the text is typed, completes
//! legal actions and header values, tells positions and rules on hover,
//! formats as `fmt` does and lists the records of a file.
//!
//! Each record of a document is checked on its own, and what is known of
//! it is kept until its text changes: an edit in a file of many records
//! checks only the records it touched. Records are checked between
//! messages, one at a time, so that a request waits for at most one
//! record's check; diagnostics are published once every record is known.
//! Completion and hover read only the record under the cursor.

mod complete;
mod document;
mod hover;
mod lines;
mod requests;
pub mod transport;

use std::collections::HashMap;
use std::fmt;

use crossbeam_channel::TryRecvError;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, DiagnosticSeverity,
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    ExecuteCommandOptions, HoverProviderCapability, InitializeParams, NumberOrString, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Uri,
};

use crate::record::Switches;
use document::Document;

/// The language id editors give records.
pub const LANGUAGE_ID: &str = "arbitre";

/// What completion is asked again after: a space, a move's `-`, a
/// capture's `x`, a relocation's `>`, a throw's `:` and a move number's `.`.
pub const TRIGGER_CHARACTERS: [&str; 6] = [" ", "-", "x", ">", ":", "."];

/// The largest document kept, in bytes: larger ones are refused with an
/// error shown to the user, so that memory stays bounded.
pub const MAX_DOCUMENT_BYTES: usize = 16 << 20;

/// Why the server stopped short of a clean exit.
#[derive(Debug)]
pub struct ServeError(String);

impl fmt::Display for ServeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ServeError {}

impl From<lsp_server::ProtocolError> for ServeError {
    fn from(e: lsp_server::ProtocolError) -> Self {
        if e.channel_is_disconnected() {
            gone()
        } else {
            ServeError(e.to_string())
        }
    }
}

/// The capabilities the server announces.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(TRIGGER_CHARACTERS.iter().map(|c| c.to_string()).collect()),
            ..CompletionOptions::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![requests::EXPLAIN_COMMAND.to_string()],
            ..ExecuteCommandOptions::default()
        }),
        ..ServerCapabilities::default()
    }
}

/// Serve one client over standard input and output until it exits.
pub fn serve_stdio() -> Result<(), ServeError> {
    let (connection, threads) = transport::stdio().map_err(|e| ServeError(e.to_string()))?;
    let served = serve(connection);
    let joined = threads.join().map_err(|e| ServeError(e.to_string()));
    served.and(joined)
}

/// Serve one client over `connection` until it exits: the handshake, then
/// every message. `Ok` after `shutdown` and `exit`, as the protocol asks.
pub fn serve(connection: Connection) -> Result<(), ServeError> {
    let initialize = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": {"name": "arbitre", "version": crate::report::VERSION},
    });
    let (id, params) = connection.initialize_start()?;
    // `initialized` is not waited for: a client that sends something
    // else first is served all the same.
    connection
        .sender
        .send(Message::Response(Response::new_ok(id, initialize)))
        .map_err(|_| gone())?;
    // The client's capabilities change nothing yet; they must only read.
    let _: Option<InitializeParams> = serde_json::from_value(params).ok();
    let mut server = Server {
        connection: &connection,
        documents: HashMap::new(),
        switches: Switches::new(),
    };
    server.run()
}

struct Server<'a> {
    connection: &'a Connection,
    /// The open documents, by their address as written.
    documents: HashMap<String, Document>,
    switches: Switches,
}

impl Server<'_> {
    fn run(&mut self) -> Result<(), ServeError> {
        loop {
            let message = if self.pending() {
                match self.connection.receiver.try_recv() {
                    Ok(message) => message,
                    Err(TryRecvError::Empty) => {
                        self.check_one();
                        continue;
                    }
                    Err(TryRecvError::Disconnected) => return Err(gone()),
                }
            } else {
                self.connection.receiver.recv().map_err(|_| gone())?
            };
            match message {
                Message::Request(request) => {
                    if self.connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    let command = request.method == "workspace/executeCommand";
                    let response = self.answer(request);
                    // The rule told is shown, as the command's whole point.
                    if let (true, Some(serde_json::Value::String(told))) =
                        (command, &response.result)
                    {
                        self.send(Message::Notification(Notification::new(
                            "window/showMessage".into(),
                            serde_json::json!({"type": 3, "message": told}),
                        )))?;
                    }
                    self.send(Message::Response(response))?;
                }
                Message::Notification(notification) => {
                    if notification.method == "exit" {
                        return Err(ServeError("exit before shutdown".into()));
                    }
                    self.notified(notification)?;
                }
                Message::Response(_) => {}
            }
        }
    }

    fn send(&self, message: Message) -> Result<(), ServeError> {
        self.connection.sender.send(message).map_err(|_| gone())
    }

    /// Whether a record is still to be checked.
    fn pending(&self) -> bool {
        self.documents.values().any(|d| d.unchecked().is_some())
    }

    /// Check the next record waiting; publish the diagnostics of a
    /// document once its last record is known.
    fn check_one(&mut self) {
        let switches = &self.switches;
        let mut done = None;
        for (uri, document) in self.documents.iter_mut() {
            if let Some(index) = document.unchecked() {
                document.check(index, switches);
                if document.unchecked().is_none() {
                    done = Some(uri.clone());
                }
                break;
            }
        }
        if let Some(uri) = done {
            let _ = self.publish(&uri);
        }
    }

    fn publish(&self, key: &str) -> Result<(), ServeError> {
        let Some(document) = self.documents.get(key) else {
            return Ok(());
        };
        let Some(uri) = &document.uri else {
            return Ok(());
        };
        let params = PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics: diagnostics(document),
            version: Some(document.version),
        };
        self.send(Message::Notification(Notification::new(
            "textDocument/publishDiagnostics".into(),
            params,
        )))
    }

    fn notified(&mut self, notification: Notification) -> Result<(), ServeError> {
        match notification.method.as_str() {
            "textDocument/didOpen" => {
                if let Ok(p) =
                    serde_json::from_value::<DidOpenTextDocumentParams>(notification.params)
                {
                    let d = p.text_document;
                    self.open(d.uri, d.text, d.version, false)?;
                }
            }
            "textDocument/didChange" => {
                if let Ok(p) =
                    serde_json::from_value::<DidChangeTextDocumentParams>(notification.params)
                {
                    // Full sync, as announced; a change with a range
                    // (a client syncing by increments all the same) is
                    // applied to the text as it stands.
                    let key = p.text_document.uri.as_str();
                    let mut text = self.documents.get(key).map(|d| d.text.clone());
                    for change in p.content_changes {
                        text = match (change.range, text) {
                            (None, _) => Some(change.text),
                            (Some(range), Some(mut text)) => {
                                let lines = lines::Lines::new(&text);
                                match (
                                    lines.offset(&text, range.start),
                                    lines.offset(&text, range.end),
                                ) {
                                    (Some(start), Some(end)) if start <= end => {
                                        text.replace_range(start..end, &change.text);
                                        Some(text)
                                    }
                                    _ => None,
                                }
                            }
                            (Some(_), None) => None,
                        };
                    }
                    if let Some(text) = text {
                        self.open(p.text_document.uri, text, p.text_document.version, true)?;
                    }
                }
            }
            "textDocument/didClose" => {
                if let Ok(p) =
                    serde_json::from_value::<DidCloseTextDocumentParams>(notification.params)
                {
                    self.documents.remove(p.text_document.uri.as_str());
                    self.send(Message::Notification(Notification::new(
                        "textDocument/publishDiagnostics".into(),
                        PublishDiagnosticsParams {
                            uri: p.text_document.uri,
                            diagnostics: Vec::new(),
                            version: None,
                        },
                    )))?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn open(
        &mut self,
        uri: Uri,
        text: String,
        version: i32,
        changed: bool,
    ) -> Result<(), ServeError> {
        if text.len() > MAX_DOCUMENT_BYTES {
            self.documents.remove(uri.as_str());
            return self.send(Message::Notification(Notification::new(
                "window/showMessage".into(),
                serde_json::json!({
                    "type": 1,
                    "message": format!(
                        "arbitre lsp leaves {} alone: {} bytes, more than the {MAX_DOCUMENT_BYTES} it reads",
                        uri.as_str(),
                        text.len()
                    ),
                }),
            )));
        }
        let before = if changed {
            self.documents.remove(uri.as_str())
        } else {
            None
        };
        let mut document = Document::new(text, version, before);
        let ready = document.unchecked().is_none();
        let key = uri.as_str().to_string();
        document.uri = Some(uri);
        self.documents.insert(key.clone(), document);
        if ready {
            self.publish(&key)?;
        }
        Ok(())
    }

    fn answer(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        match requests::answer(&self.documents, &self.switches, request) {
            Ok(value) => Response::new_ok(id, value),
            Err(requests::Refusal::UnknownMethod(method)) => Response::new_err(
                id,
                ErrorCode::MethodNotFound as i32,
                format!("arbitre lsp does not answer `{method}`"),
            ),
            Err(requests::Refusal::BadParams(why)) => {
                Response::new_err(id, ErrorCode::InvalidParams as i32, why)
            }
        }
    }
}

fn gone() -> ServeError {
    ServeError("the client went away without exiting".into())
}

/// A document's diagnostics: every known record's findings.
fn diagnostics(document: &Document) -> Vec<lsp_types::Diagnostic> {
    let mut out = Vec::new();
    for slot in &document.slots {
        let Some(known) = &slot.known else { continue };
        for finding in &known.findings {
            let start = slot.record.offset + finding.span.offset.min(slot.record.text.len());
            let end = start
                + finding
                    .span
                    .len
                    .min(slot.record.text.len().saturating_sub(finding.span.offset));
            let mut message = finding.message.clone();
            if let Some(help) = &finding.help {
                message.push('\n');
                message.push_str(help);
            }
            message.push_str(&format!("\n(arbitre explain {})", finding.rule.id));
            out.push(lsp_types::Diagnostic {
                range: document.lines.range(&document.text, start, end),
                severity: Some(if finding.warning {
                    DiagnosticSeverity::WARNING
                } else {
                    DiagnosticSeverity::ERROR
                }),
                code: Some(NumberOrString::String(finding.rule.id.to_string())),
                code_description: None,
                source: Some("arbitre".into()),
                message,
                related_information: None,
                tags: None,
                data: Some(serde_json::json!({
                    "explain": format!("arbitre explain {}", finding.rule.id),
                    "rule": finding.rule.id,
                    "summary": finding.rule.summary,
                    "source": finding.rule.explanation.map(|e| e.source),
                })),
            });
        }
    }
    out
}
