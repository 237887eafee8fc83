//! `arbitre lsp` at the protocol level: the real binary driven over pipes
//! as an editor drives it, each feature asked for and its answer read.
//! Nothing here is timed: a reply not come within a generous while is a
//! hang, reported as one.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::thread;
use std::time::Duration;

use serde_json::{json, Value};

/// Longer than any answer can take but a hang.
const HANG: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: i64,
    /// Notifications read while waiting for something else.
    notes: Vec<Value>,
}

fn read_message(out: &mut impl BufRead) -> Option<Value> {
    let mut length = 0;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse().ok()?;
        }
    }
    let mut body = vec![0; length];
    out.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("arbitre lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, messages) = channel();
        thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Some(message) = read_message(&mut out) {
                if tx.send(message).is_err() {
                    return;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 1,
            notes: Vec::new(),
        };
        let reply = client.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        assert!(reply.get("result").is_some(), "{reply}");
        client.notify("initialized", json!({}));
        client
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        self.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn next(&mut self) -> Value {
        self.messages
            .recv_timeout(HANG)
            .expect("arbitre lsp answers (or it hangs)")
    }

    /// The whole reply (`result` or `error`) to a request.
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.next();
            if message.get("id") == Some(&json!(id)) {
                return message;
            }
            self.notes.push(message);
        }
    }

    fn result(&mut self, method: &str, params: Value) -> Value {
        let reply = self.request(method, params);
        reply
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("{method} answered an error: {reply}"))
    }

    /// The next notification of `method`, read or already read.
    fn notification(&mut self, method: &str) -> Value {
        if let Some(at) = self.notes.iter().position(|n| n["method"] == method) {
            return self.notes.remove(at)["params"].clone();
        }
        loop {
            let message = self.next();
            if message["method"] == method {
                return message["params"].clone();
            }
            self.notes.push(message);
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "arbitre", "version": 1, "text": text}}),
        );
        self.diagnostics_of(uri)
    }

    fn diagnostics_of(&mut self, uri: &str) -> Value {
        loop {
            let params = self.notification("textDocument/publishDiagnostics");
            if params["uri"] == uri {
                return params;
            }
        }
    }

    fn at(uri: &str, line: u32, character: u32) -> Value {
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    }

    fn complete(&mut self, uri: &str, line: u32, character: u32) -> Vec<String> {
        let result = self.result("textDocument/completion", Client::at(uri, line, character));
        result["items"]
            .as_array()
            .expect("a completion list")
            .iter()
            .map(|item| {
                item["textEdit"]["newText"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect()
    }

    fn hover(&mut self, uri: &str, line: u32, character: u32) -> String {
        let result = self.result("textDocument/hover", Client::at(uri, line, character));
        result["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Shut down and exit; the exit status.
    fn finish(mut self) -> Option<i32> {
        let reply = self.request("shutdown", Value::Null);
        assert!(reply.get("error").is_none(), "{reply}");
        self.notify("exit", Value::Null);
        drop(self.stdin);
        self.child.wait().ok()?.code()
    }
}

/// The end of a text, as a position, for a one-line-per-entry document.
fn end_of(text: &str) -> (u32, u32) {
    let line = text.lines().count().saturating_sub(1) as u32;
    let last = text.lines().last().unwrap_or_default();
    (line, last.encode_utf16().count() as u32)
}

#[test]
fn initialize_announces_what_the_editors_rely_on() {
    let mut client = Client::start();
    let reply = client.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    // A second initialize is refused; the first one's answer is checked
    // through the library's capabilities.
    assert!(reply.get("error").is_some(), "{reply}");
    let caps = serde_json::to_value(arbitre::lsp::capabilities()).expect("json");
    assert_eq!(caps["textDocumentSync"], json!(1));
    assert_eq!(
        caps["completionProvider"]["triggerCharacters"],
        json!([" ", "-", "x", ">", ":", "."])
    );
    for provider in [
        "hoverProvider",
        "documentFormattingProvider",
        "codeActionProvider",
        "documentSymbolProvider",
    ] {
        assert_eq!(caps[provider], json!(true), "{provider}");
    }
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn diagnostics_give_each_record_its_verdict_in_utf16_columns() {
    let mut client = Client::start();
    let text = "---\ngame: simpei\n---\n1. c3 C3\n---\ngame: simpei\n---\n{ é𝄞 } 1. c3 c3\n---\ngame: simpei\nmode: x\n---\n---\ngame: simpei\n---\n1. c3 e3\n";
    let published = client.open("file:///two.arb", text);
    assert_eq!(published["version"], json!(1));
    let diagnostics = published["diagnostics"].as_array().expect("a list").clone();
    assert_eq!(diagnostics.len(), 3, "{diagnostics:#?}");
    let first = &diagnostics[0];
    assert_eq!(first["code"], "simpei/occupied");
    assert_eq!(first["source"], "arbitre");
    assert_eq!(first["severity"], 1);
    assert_eq!(first["range"]["start"], json!({"line": 3, "character": 6}));
    assert_eq!(first["range"]["end"], json!({"line": 3, "character": 8}));
    assert!(first["message"]
        .as_str()
        .is_some_and(|m| m.contains("arbitre explain simpei/occupied")));
    // `{ é𝄞 } 1. c3 ` is 14 UTF-16 units: é is one, 𝄞 two.
    let second = &diagnostics[1];
    assert_eq!(
        second["range"]["start"],
        json!({"line": 7, "character": 14})
    );
    assert_eq!(diagnostics[2]["code"], "header");
    assert_eq!(diagnostics[2]["range"]["start"]["line"], 10);

    // An edit: the diagnostics follow, for the new version.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "file:///two.arb", "version": 2},
               "contentChanges": [{"text": "---\ngame: simpei\n---\n1. c3 e3\n"}]}),
    );
    let published = client.diagnostics_of("file:///two.arb");
    assert_eq!(published["version"], json!(2));
    assert_eq!(published["diagnostics"], json!([]));
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn warnings_are_warnings_and_result_mismatches_errors() {
    let mut client = Client::start();
    let text = "---\ngame: simpei\nresult: red\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n";
    let published = client.open("file:///result.arb", text);
    let diagnostics = published["diagnostics"].as_array().expect("a list").clone();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0]["severity"], 1);
    assert_eq!(diagnostics[0]["code"], "result-mismatch");
    let text = "---\ngame: superpion\nrules: {forgive-missed-captures: true}\nsetup:\n  pieces: {blue: [f6, h8], red: [g7, b10]}\n---\n1.B h8-h10 f6-f8\n";
    let published = client.open("file:///warned.arb", text);
    let diagnostics = published["diagnostics"].as_array().expect("a list").clone();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0]["severity"], 2);
    assert_eq!(diagnostics[0]["code"], "superpion/mandatory-capture");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 6);
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn completion_offers_the_legal_actions_at_the_cursor() {
    let mut client = Client::start();
    let uri = "file:///simpei.arb";
    let text = "---\ngame: simpei\n---\n1. c3 ";
    client.open(uri, text);
    let items = client.complete(uri, 3, 6);
    assert!(items.contains(&"c1".to_string()), "{items:?}");
    assert!(!items.contains(&"c3".to_string()), "c3 is taken: {items:?}");
    // Ranked by what is typed: only the actions starting so.
    let text = "---\ngame: simpei\n---\n1. c3 e";
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]}),
    );
    let items = client.complete(uri, 3, 7);
    assert!(
        !items.is_empty() && items.iter().all(|i| i.starts_with('e')),
        "{items:?}"
    );
    // After an illegal turn nothing is legal.
    let text = "---\ngame: simpei\n---\n1. c3 c3 ";
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": text}]}),
    );
    assert_eq!(client.complete(uri, 3, 9), Vec::<String>::new());
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn completion_of_a_superpion_second_action_follows_the_first() {
    let mut client = Client::start();
    let uri = "file:///superpion.arb";
    let text = "---\ngame: superpion\n---\n1.B g3-g5 ";
    client.open(uri, text);
    let (line, character) = end_of(text);
    let items = client.complete(uri, line, character + 1);
    assert!(items.contains(&"i3-i5".to_string()), "{items:?}");
    assert!(
        items.iter().all(|i| !i.contains(' ')),
        "one action at a time: {items:?}"
    );
    // The first action of a turn comes with its move number.
    let text = "---\ngame: superpion\n---\n";
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]}),
    );
    let items = client.complete(uri, 3, 0);
    assert!(items.contains(&"1.B g3-g5".to_string()), "{items:?}");
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn completion_of_a_simpei_sandwich_offers_its_relocations() {
    let mut client = Client::start();
    let uri = "file:///sandwich.arb";
    // As samples/simpei/annotated-record.arb: red's a3 sandwiches c3,
    // which goes to one of the points free.
    let text = "---\ngame: simpei\n---\n1. e3 c3\n2. a3 c3>";
    client.open(uri, text);
    let (line, character) = end_of(text);
    let items = client.complete(uri, line, character);
    assert!(items.contains(&"c3>g7".to_string()), "{items:?}");
    assert!(
        items.len() > 1 && items.iter().all(|i| i.starts_with("c3>")),
        "{items:?}"
    );
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn completion_in_the_header_offers_keys_and_values() {
    let mut client = Client::start();
    let uri = "file:///header.arb";
    let text = "---\ngame: \n---\n";
    client.open(uri, text);
    let games = client.complete(uri, 1, 6);
    assert!(
        games.contains(&"simpei".to_string()) && games.len() == 3,
        "{games:?}"
    );
    let text = "---\ngame: simpei\nend: \nplayers:\n  \n\n---\n";
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]}),
    );
    let ends = client.complete(uri, 2, 5);
    assert!(ends.contains(&"resignation".to_string()), "{ends:?}");
    let sides = client.complete(uri, 4, 2);
    assert_eq!(sides, ["red: ", "blue: "]);
    let keys = client.complete(uri, 5, 0);
    assert!(
        keys.contains(&"event: ".to_string()) && keys.contains(&"round: ".to_string()),
        "{keys:?}"
    );
    assert!(
        !keys.contains(&"game: ".to_string()),
        "game is written: {keys:?}"
    );
    let text = "---\ngame: superpion\nmode: t\n---\n";
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": text}]}),
    );
    let modes = client.complete(uri, 2, 7);
    assert!(
        modes.contains(&"teams".to_string()) && modes.contains(&"two-players".to_string()),
        "{modes:?}"
    );
    assert!(!modes.contains(&"four-players".to_string()), "{modes:?}");
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn hover_tells_positions_rules_and_keys() {
    let mut client = Client::start();
    let uri = "file:///hover.arb";
    let text = "---\ngame: simpei\nend: draw\n---\n1. e3 c3 { see simpei/occupied }\n";
    client.open(uri, text);
    let position = client.hover(uri, 4, 7);
    assert!(
        position.contains("1... blue") || position.contains("after 1 turns"),
        "{position}"
    );
    assert!(position.contains("a  b  c"), "a diagram: {position}");
    assert!(position.contains("Legal here"), "{position}");
    let rule = client.hover(uri, 4, 20);
    assert!(
        rule.contains("simpei/occupied") && rule.contains("arbitre explain"),
        "{rule}"
    );
    let key = client.hover(uri, 2, 1);
    assert!(key.contains("draw") && key.contains("**end**"), "{key}");
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn formatting_writes_what_fmt_writes() {
    let mut client = Client::start();
    let uri = "file:///fmt.arb";
    let text =
        "; kept\n---\ngame: simpei\n---\n1. E3   c1 2. a3\n---\ngame: simpei\n---\n1. c3 c3\n";
    client.open(uri, text);
    let edits = client.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let edits = edits.as_array().expect("edits").clone();
    assert_eq!(
        edits.len(),
        1,
        "the illegal record is left as it is: {edits:#?}"
    );
    let fmt = assert_cmd::Command::cargo_bin("arbitre")
        .expect("the binary")
        .args(["fmt", "-"])
        .write_stdin(text)
        .output()
        .expect("fmt runs");
    let formatted = String::from_utf8_lossy(&fmt.stdout).to_string();
    let new_text = edits[0]["newText"].as_str().unwrap_or_default();
    assert!(
        formatted.contains(new_text),
        "{formatted:?} holds {new_text:?}"
    );
    assert_eq!(
        edits[0]["range"]["start"],
        json!({"line": 1, "character": 0})
    );
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn symbols_name_each_record() {
    let mut client = Client::start();
    let uri = "file:///symbols.arb";
    let text = "---\ngame: simpei\nplayers: {red: Aiko, blue: Ben}\nevent: Spring open\nround: 3\n---\n1. e3\n---\ngame: puluc\n---\n";
    client.open(uri, text);
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let symbols = symbols.as_array().expect("symbols").clone();
    assert_eq!(symbols.len(), 2);
    assert_eq!(symbols[0]["name"], "simpei: Aiko – Ben");
    assert!(symbols[0]["detail"]
        .as_str()
        .is_some_and(|d| d.contains("Spring open, round 3")));
    assert_eq!(symbols[1]["name"], "puluc");
    assert_eq!(symbols[1]["range"]["start"]["line"], 7);
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn a_diagnostic_offers_its_rule_explained() {
    let mut client = Client::start();
    let uri = "file:///actions.arb";
    let published = client.open(uri, "---\ngame: simpei\n---\n1. c3 c3\n");
    let diagnostic = published["diagnostics"][0].clone();
    let actions = client.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diagnostic["range"],
               "context": {"diagnostics": [diagnostic]}}),
    );
    let action = &actions[0];
    assert_eq!(action["title"], "Explain rule simpei/occupied");
    // The repairs: each replaces the record with a legal one.
    let repairs: Vec<&Value> = actions
        .as_array()
        .expect("actions")
        .iter()
        .filter(|a| a["title"].as_str().is_some_and(|t| t.starts_with("Repair")))
        .collect();
    assert!(!repairs.is_empty(), "{actions:#}");
    assert_eq!(repairs[0]["isPreferred"], true);
    for repair in &repairs {
        let edits = &repair["edit"]["changes"][uri];
        assert_eq!(
            edits[0]["range"]["start"],
            json!({"line": 0, "character": 0})
        );
        let text = edits[0]["newText"].as_str().expect("a text");
        let verdict = arbitre::check_str("repaired.arb", text, &arbitre::Switches::new());
        assert_eq!(verdict[0].verdict, arbitre::Verdict::Legal, "{text}");
        assert!(
            repair["title"]
                .as_str()
                .is_some_and(|t| t.contains("legal to the end")),
            "{repair}"
        );
    }
    let command = action["command"].clone();
    let told = client.result(
        "workspace/executeCommand",
        json!({"command": command["command"], "arguments": command["arguments"]}),
    );
    assert!(
        told.as_str().is_some_and(|t| t.contains("simpei/occupied")),
        "{told}"
    );
    let shown = client.notification("window/showMessage");
    assert!(shown["message"]
        .as_str()
        .is_some_and(|t| t.contains("simpei/occupied")));
    // A legal record has nothing to repair.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"text": "---\ngame: simpei\n---\n1. c3 c1\n"}]}),
    );
    client.diagnostics_of(uri);
    let actions = client.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 3, "character": 0}, "end": {"line": 3, "character": 0}},
               "context": {"diagnostics": []}}),
    );
    assert_eq!(actions, json!([]));
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn hostile_input_gets_errors_not_a_crash() {
    let mut client = Client::start();
    let uri = "file:///hostile.arb";
    client.open(uri, "---\ngame: simpei\n---\n1. c3\n");
    // An unknown method.
    let reply = client.request("textDocument/rename", json!({}));
    assert_eq!(reply["error"]["code"], -32601, "{reply}");
    // Positions past the end, and past a line's end.
    let reply = client.request("textDocument/hover", Client::at(uri, 99, 0));
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    let reply = client.request("textDocument/completion", Client::at(uri, 3, u32::MAX));
    assert!(reply.get("result").is_some(), "{reply}");
    // A document not open, and params of the wrong shape.
    let reply = client.request("textDocument/hover", Client::at("file:///none.arb", 0, 0));
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    let reply = client.request("textDocument/hover", json!({"textDocument": 7}));
    assert_eq!(reply["error"]["code"], -32602, "{reply}");
    // A body that is not JSON: logged, and the session goes on.
    client.send_raw(b"Content-Length: 9\r\n\r\n{not json");
    let log = client.notification("window/logMessage");
    assert!(
        log["message"]
            .as_str()
            .is_some_and(|m| m.contains("not JSON-RPC")),
        "{log}"
    );
    // A huge line, a hostile document: answered all the same.
    let huge = format!("---\ngame: simpei\n---\n{}\n", "c3 ".repeat(200_000));
    let published = client.open("file:///huge.arb", &huge);
    assert_eq!(published["diagnostics"][0]["code"], "simpei/occupied");
    let hover = client.request(
        "textDocument/hover",
        Client::at("file:///huge.arb", 3, 400_000),
    );
    assert!(hover.get("result").is_some(), "{hover}");
    let items = client.request(
        "textDocument/completion",
        Client::at("file:///huge.arb", 3, 600_000),
    );
    assert!(items.get("result").is_some(), "{items}");
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn exit_without_shutdown_is_an_error_status() {
    let mut client = Client::start();
    client.notify("exit", Value::Null);
    let status = client.child.wait().expect("it exits");
    assert_eq!(status.code(), Some(2));
}

#[test]
fn a_change_with_a_range_is_applied_all_the_same() {
    let mut client = Client::start();
    let uri = "file:///ranged.arb";
    client.open(uri, "---\ngame: simpei\n---\n1. c3 c1\n");
    // `c1` becomes `c3`: occupied.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2},
               "contentChanges": [{"range": {"start": {"line": 3, "character": 7},
                                             "end": {"line": 3, "character": 8}},
                                   "text": "3"}]}),
    );
    let published = client.diagnostics_of(uri);
    assert_eq!(published["diagnostics"][0]["code"], "simpei/occupied");
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn hover_on_a_second_action_shows_the_position_before_its_turn() {
    let mut client = Client::start();
    let uri = "file:///second.arb";
    client.open(
        uri,
        "---\ngame: superpion\n---\n1.B g3-g5 i3-i5\n1.R c5-e5 c7-e7\n",
    );
    let before = client.hover(uri, 4, 12);
    assert!(before.starts_with("**1.R**"), "{before}");
    assert!(before.contains("after 1 turns"), "{before}");
    assert_eq!(client.finish(), Some(0));
}

#[test]
fn a_client_that_skips_initialized_is_served() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("arbitre lsp starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |message: Value| {
        let body = message.to_string();
        let _ = write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len());
        let _ = stdin.flush();
    };
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    );
    send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
        {"uri": "file:///a.arb", "languageId": "arbitre", "version": 1, "text": "---\ngame: simpei\n---\n1. c3 c3\n"}}}),
    );
    let _initialized = read_message(&mut out);
    let published = read_message(&mut out).expect("diagnostics");
    assert_eq!(published["method"], "textDocument/publishDiagnostics");
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    send(json!({"jsonrpc": "2.0", "method": "exit"}));
    drop(stdin);
    assert_eq!(child.wait().ok().and_then(|s| s.code()), Some(0));
}
