//! `arbitre lsp`'s latency on a 1 MB document of many records, in process
//! (lsp-server's `Connection::memory`), one request at a time as an editor
//! asks: the time from sending a message to reading its answer (for an
//! edit, the diagnostics published). The server runs on one thread.

use std::thread;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

use arbitre::games;

const URI: &str = "file:///archive.arb";

/// Random legal games of every game, about 1 MB.
fn archive() -> String {
    let mut text = String::new();
    let mut seed = 0;
    while text.len() < 1 << 20 {
        for game in games::all() {
            text.push_str(&game.random(None, seed, 120).unwrap_or_default());
        }
        seed += 1;
    }
    text
}

struct Client {
    connection: Connection,
    id: i32,
}

impl Client {
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.id += 1;
        let id = RequestId::from(self.id);
        let request = Request::new(id.clone(), method.into(), params);
        let _ = self.connection.sender.send(Message::Request(request));
        for message in &self.connection.receiver {
            if let Message::Response(response) = message {
                if response.id == id {
                    return response.result.unwrap_or(Value::Null);
                }
            }
        }
        Value::Null
    }

    fn notify(&self, method: &str, params: Value) {
        let _ = self
            .connection
            .sender
            .send(Message::Notification(Notification::new(
                method.into(),
                params,
            )));
    }

    fn published(&self) -> usize {
        for message in &self.connection.receiver {
            if let Message::Notification(n) = message {
                if n.method == "textDocument/publishDiagnostics" {
                    return n.params["diagnostics"].as_array().map_or(0, Vec::len);
                }
            }
        }
        0
    }
}

fn at(line: usize, character: usize) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

fn latency(c: &mut Criterion) {
    let text = archive();
    let (server, client) = Connection::memory();
    let serving = thread::spawn(move || arbitre::lsp::serve(server));
    let mut client = Client {
        connection: client,
        id: 0,
    };
    client.request("initialize", json!({"capabilities": {}}));
    client.notify("initialized", json!({}));
    let kb = text.len() / 1024;
    let records = text.matches("\n---\n").count() / 2 + 1;
    let mut group = c.benchmark_group(format!("lsp, {kb} KB, {records} records"));
    group.sample_size(10);
    let mut version = 0;
    group.bench_function("open: every record checked, diagnostics published", |b| {
        b.iter(|| {
            version += 1;
            client.notify(
                "textDocument/didOpen",
                json!({"textDocument": {"uri": URI, "languageId": "arbitre", "version": version, "text": text}}),
            );
            client.published()
        })
    });
    // An edit in the middle record: only it is checked again.
    let middle = text.len() / 2;
    let line_start = text[..middle].rfind('\n').map_or(0, |n| n + 1);
    let mut edited = [text.clone(), text.clone()];
    edited[1].insert_str(line_start, "{ a comment } ");
    let mut which = 0;
    group.sample_size(50);
    group.bench_function("change one record: diagnostics published", |b| {
        b.iter(|| {
            which = 1 - which;
            version += 1;
            client.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": URI, "version": version},
                       "contentChanges": [{"text": edited[which]}]}),
            );
            client.published()
        })
    });
    // The middle record's last movetext line (the most turns replayed to
    // reach it), after its first turn.
    let record_end = text[line_start..]
        .find("\n---\n")
        .map_or(text.len(), |n| line_start + n);
    let movetext_line = text[..record_end].matches('\n').count();
    let second = text
        .lines()
        .nth(movetext_line)
        .and_then(|l| {
            l.find(' ')
                .and_then(|a| l[a + 1..].find(' ').map(|b| a + 1 + b + 1))
        })
        .unwrap_or(0);
    let items = client.request("textDocument/completion", at(movetext_line, second));
    let hovered = client.request("textDocument/hover", at(movetext_line, second));
    eprintln!(
        "completion at {movetext_line}:{second}: {} items; hover: {} bytes",
        items["items"].as_array().map_or(0, Vec::len),
        hovered.to_string().len()
    );
    group.bench_function("completion inside a turn in the middle", |b| {
        b.iter(|| client.request("textDocument/completion", at(movetext_line, second)))
    });
    group.bench_function("hover on an action in the middle", |b| {
        b.iter(|| client.request("textDocument/hover", at(movetext_line, second)))
    });
    group.sample_size(10);
    group.bench_function("hover asked while the whole document is checked again", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                version += 1;
                client.notify(
                    "textDocument/didOpen",
                    json!({"textDocument": {"uri": URI, "languageId": "arbitre", "version": version, "text": text}}),
                );
                // The document is taken in (read into records) before the
                // hover is read: its time is the open's, then the hover's.
                let start = Instant::now();
                client.request("textDocument/hover", at(movetext_line, second));
                total += start.elapsed();
                client.published();
            }
            total
        })
    });
    group.sample_size(50);
    // An illegal record at the end: a code action searches its repairs
    // (the record's text changed each time, so that none is kept).
    let illegal = "---\ngame: simpei\n---\n1. e3 c3 2. a3 c3>g7 d4 3. g3 d4 4. b4\n";
    let illegal_line = text.matches('\n').count() + 4;
    let mut round = 0;
    group.sample_size(20);
    group.bench_function("code actions with the repairs of an illegal record", |b| {
        b.iter_custom(|iterations| {
            let mut total = Duration::ZERO;
            for _ in 0..iterations {
                round += 1;
                version += 1;
                let changed = format!("{text}{illegal}{{ {round} }}\n");
                client.notify(
                    "textDocument/didChange",
                    json!({"textDocument": {"uri": URI, "version": version},
                           "contentChanges": [{"text": changed}]}),
                );
                client.published();
                let start = Instant::now();
                let actions = client.request(
                    "textDocument/codeAction",
                    json!({"textDocument": {"uri": URI},
                           "range": {"start": {"line": illegal_line, "character": 0},
                                     "end": {"line": illegal_line, "character": 0}},
                           "context": {"diagnostics": []}}),
                );
                total += start.elapsed();
                if round == 1 {
                    eprintln!("code actions: {actions}");
                }
            }
            total
        })
    });
    group.sample_size(50);
    group.bench_function("formatting", |b| {
        b.iter(|| {
            client.request(
                "textDocument/formatting",
                json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
            )
        })
    });
    group.bench_function("document symbols", |b| {
        b.iter(|| {
            client.request(
                "textDocument/documentSymbol",
                json!({"textDocument": {"uri": URI}}),
            )
        })
    });
    group.finish();
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    let _ = serving.join();
}

criterion_group!(benches, latency);
criterion_main!(benches);
