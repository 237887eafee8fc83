//! The requests the server answers, each from the documents as they
//! stand.

use std::collections::HashMap;
use std::sync::Arc;

use lsp_server::Request;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Command, CompletionList,
    CompletionParams, DocumentFormattingParams, DocumentSymbol, DocumentSymbolParams, Hover,
    HoverContents, HoverParams, MarkupContent, MarkupKind, NumberOrString, Position, SymbolKind,
    TextEdit, Uri, WorkspaceEdit,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::complete::completions;
use super::document::{known_of, mended, Document, Known, Slot};
use super::hover::hover;
use crate::record::Switches;
use crate::rules::Rule;

/// The command a code action runs to tell a rule.
pub const EXPLAIN_COMMAND: &str = "arbitre.explain";

/// Why a request is not answered.
pub(super) enum Refusal {
    UnknownMethod(String),
    BadParams(String),
}

fn params<P: DeserializeOwned>(value: Value) -> Result<P, Refusal> {
    serde_json::from_value(value).map_err(|e| Refusal::BadParams(format!("bad params: {e}")))
}

fn to_value(value: impl serde::Serialize) -> Result<Value, Refusal> {
    serde_json::to_value(value).map_err(|e| Refusal::BadParams(e.to_string()))
}

fn document<'a>(
    documents: &'a HashMap<String, Document>,
    uri: &Uri,
) -> Result<&'a Document, Refusal> {
    documents
        .get(uri.as_str())
        .ok_or_else(|| Refusal::BadParams(format!("{} is not open", uri.as_str())))
}

fn offset(document: &Document, position: Position) -> Result<usize, Refusal> {
    document
        .lines
        .offset(&document.text, position)
        .ok_or_else(|| {
            Refusal::BadParams(format!(
                "line {} is past the document's end ({} lines)",
                position.line,
                document.lines.line_of(document.text.len()) + 1
            ))
        })
}

/// The answer to `request`, or why there is none.
pub(super) fn answer(
    documents: &HashMap<String, Document>,
    switches: &Switches,
    request: Request,
) -> Result<Value, Refusal> {
    match request.method.as_str() {
        "textDocument/completion" => {
            let p: CompletionParams = params(request.params)?;
            let d = document(documents, &p.text_document_position.text_document.uri)?;
            let at = offset(d, p.text_document_position.position)?;
            let (items, is_incomplete) = completions(d, at, switches);
            to_value(CompletionList {
                is_incomplete,
                items,
            })
        }
        "textDocument/hover" => {
            let p: HoverParams = params(request.params)?;
            let d = document(
                documents,
                &p.text_document_position_params.text_document.uri,
            )?;
            let at = offset(d, p.text_document_position_params.position)?;
            let answer = hover(d, at, switches).map(|(text, (start, end))| Hover {
                contents: HoverContents::Markup(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: text,
                }),
                range: Some(d.lines.range(&d.text, start, end)),
            });
            to_value(answer)
        }
        "textDocument/formatting" => {
            let p: DocumentFormattingParams = params(request.params)?;
            let d = document(documents, &p.text_document.uri)?;
            to_value(formatting(d, switches))
        }
        "textDocument/documentSymbol" => {
            let p: DocumentSymbolParams = params(request.params)?;
            let d = document(documents, &p.text_document.uri)?;
            to_value(symbols(d, switches))
        }
        "textDocument/codeAction" => {
            let p: CodeActionParams = params(request.params)?;
            let d = document(documents, &p.text_document.uri)?;
            let at = offset(d, p.range.start)?;
            let mut actions = code_actions(&p);
            actions.extend(repair_actions(d, at, &p.text_document.uri, switches));
            to_value(actions)
        }
        "workspace/executeCommand" => {
            let p: lsp_types::ExecuteCommandParams = params(request.params)?;
            if p.command != EXPLAIN_COMMAND {
                return Err(Refusal::BadParams(format!("no command `{}`", p.command)));
            }
            let id = p
                .arguments
                .first()
                .and_then(Value::as_str)
                .unwrap_or_default();
            let rule = Rule::find(id)
                .ok_or_else(|| Refusal::BadParams("no rule is called so".to_string()))?;
            Ok(Value::String(super::hover::told(rule)))
        }
        method => Err(Refusal::UnknownMethod(
            crate::text::cut_quotes(method).into_owned(),
        )),
    }
}

/// What is known of a record: kept, or worked out now for one the
/// background has not reached.
fn known(slot: &Slot, switches: &Switches) -> Arc<Known> {
    slot.known
        .clone()
        .unwrap_or_else(|| Arc::new(known_of(&slot.record, switches)))
}

/// One edit per record `fmt` writes otherwise.
fn formatting(document: &Document, switches: &Switches) -> Vec<TextEdit> {
    let mut edits = Vec::new();
    for slot in &document.slots {
        let known = known(slot, switches);
        if let Some(text) = &known.formatted {
            let start = slot.record.offset;
            let end = start + slot.record.text.len();
            edits.push(TextEdit::new(
                document.lines.range(&document.text, start, end),
                text.clone(),
            ));
        }
    }
    edits
}

/// One symbol per record: its game and players, its event and round.
#[allow(deprecated)]
fn symbols(document: &Document, switches: &Switches) -> Vec<DocumentSymbol> {
    let mut out = Vec::new();
    for slot in &document.slots {
        let known = known(slot, switches);
        let mut name = known.game.unwrap_or("record").to_string();
        if let Some(players) = &known.players {
            let names: Vec<&str> = players.0.iter().map(|(_, n)| n.as_str()).collect();
            if !names.is_empty() {
                name.push_str(": ");
                name.push_str(&names.join(" – "));
            }
        }
        let mut detail = Vec::new();
        if let Some(event) = &known.event {
            detail.push(event.clone());
        }
        if let Some(round) = known.round {
            detail.push(format!("round {round}"));
        }
        detail.push(known.verdict.clone());
        let start = slot.record.offset;
        let end = start + slot.record.text.len();
        let first_line = slot.record.text.find('\n').map_or(end, |n| start + n);
        out.push(DocumentSymbol {
            name: crate::text::cut_quotes(&name).into_owned(),
            detail: Some(crate::text::cut_quotes(&detail.join(", ")).into_owned()),
            kind: SymbolKind::OBJECT,
            tags: None,
            deprecated: None,
            range: document.lines.range(&document.text, start, end),
            selection_range: document.lines.range(&document.text, start, first_line),
            children: None,
        });
    }
    out
}

/// The repairs of the record at `at`, when it is illegal or malformed:
/// each replaces the record with its repaired text. Searched once per
/// record text and kept. (`WorkspaceEdit::changes` is keyed by `Uri`,
/// which clippy calls a mutable key: the protocol's type, used as is, in
/// its plainest form, which every client reads.)
#[allow(clippy::mutable_key_type)]
fn repair_actions(
    document: &Document,
    at: usize,
    uri: &Uri,
    switches: &Switches,
) -> Vec<CodeActionOrCommand> {
    let Some(slot) = document.slot_at(at) else {
        return Vec::new();
    };
    let known = known(slot, switches);
    if !known.faulty {
        return Vec::new();
    }
    let mended = known.repairs.get_or_init(|| mended(&slot.record, switches));
    let start = slot.record.offset;
    let range = document
        .lines
        .range(&document.text, start, start + slot.record.text.len());
    mended
        .iter()
        .enumerate()
        .map(|(rank, m)| {
            let mut changes = HashMap::new();
            changes.insert(uri.clone(), vec![TextEdit::new(range, m.text.clone())]);
            CodeActionOrCommand::CodeAction(CodeAction {
                title: m.title.clone(),
                kind: Some(CodeActionKind::QUICKFIX),
                is_preferred: Some(rank == 0),
                edit: Some(WorkspaceEdit {
                    changes: Some(changes),
                    ..WorkspaceEdit::default()
                }),
                ..CodeAction::default()
            })
        })
        .collect()
}

/// For each diagnostic of arbitre's in the range: "explain this rule".
fn code_actions(p: &CodeActionParams) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for diagnostic in &p.context.diagnostics {
        let Some(NumberOrString::String(id)) = &diagnostic.code else {
            continue;
        };
        let Some(rule) = Rule::find(id) else { continue };
        if seen.contains(&rule.id) {
            continue;
        }
        seen.push(rule.id);
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!("Explain rule {}", rule.id),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![diagnostic.clone()]),
            command: Some(Command {
                title: format!("arbitre explain {}", rule.id),
                command: EXPLAIN_COMMAND.into(),
                arguments: Some(vec![Value::String(rule.id.into())]),
            }),
            ..CodeAction::default()
        }));
    }
    out
}
