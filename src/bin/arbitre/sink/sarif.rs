//! SARIF 2.1.0, the static analysis results format that GitHub code
//! scanning and most CI dashboards read: one run, arbitre's rules declared
//! in `tool.driver.rules` with their summaries, each finding a result with
//! its region. Written as the records come: the results array is opened
//! first and closed after the last record, and the paths that could not be
//! read are the run's notifications.

use std::io::{self, Write};

use serde_json::{json, Value};

use arbitre::report::Unreadable;

use super::{located, Options, Piece, Render, Run, Seen, Sink};
use crate::told::Help;

/// The SARIF version written, and the schema that defines it.
const VERSION: &str = "2.1.0";
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

pub struct Sarif {
    renderer: Renderer,
    /// Whether a result has been written, so the next needs a comma.
    results: bool,
}

impl Sarif {
    pub fn new(options: Options) -> Self {
        Sarif {
            renderer: Renderer {
                deny_warnings: options.deny_warnings,
            },
            results: false,
        }
    }
}

#[derive(Clone, Copy)]
struct Renderer {
    deny_warnings: bool,
}

/// Every byte of `path` but the unreserved characters and `/`
/// percent-encoded, as a URI's path must be (RFC 3986): the bytes of a
/// name that is not UTF-8 too, so that the URI names the file itself.
fn encoded(path: &[u8]) -> String {
    let mut out = String::with_capacity(path.len());
    for &byte in path {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// Where a file is, as `artifactLocation` says it, from the bytes of its
/// path: a relative path relative to the checkout (`%SRCROOT%`, as code
/// scanning reads it), an absolute one as a `file:` URI, and unnamed
/// standard input by a description, having no URI.
pub fn artifact(path: &[u8]) -> Value {
    if path == b"-" {
        json!({"description": {"text": "standard input"}})
    } else if path.starts_with(b"/") {
        json!({"uri": format!("file://{}", encoded(path))})
    } else {
        json!({"uri": encoded(path), "uriBaseId": "%SRCROOT%"})
    }
}

/// Plain text as a SARIF message holds it: `[text](link)` would be a link
/// there, so brackets from a record are escaped, and a backslash before a
/// bracket (SARIF 2.1.0, 3.11.6).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let bracket = |c: Option<&char>| matches!(c, Some('[' | ']'));
        if bracket(Some(&c)) || (c == '\\' && bracket(chars.peek())) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The rules, as `tool.driver.rules` declares them: with their words and
/// what `arbitre explain` says of them, which code scanning shows on a
/// rule's page (and requires). No `helpUri`: arbitre has no public page
/// of its own to point at, and the help holds the whole of it.
fn rules() -> Vec<Value> {
    arbitre::rules::Rule::all()
        .map(|rule| {
            let help = Help::of(rule);
            json!({
                "id": rule.id,
                "shortDescription": {"text": plain(rule.summary)},
                "fullDescription": {"text": plain(&help.full)},
                "help": {"text": plain(&help.text), "markdown": help.markdown},
                "defaultConfiguration": {"level": level(rule.kind)},
            })
        })
        .collect()
}

fn level(kind: arbitre::rules::Kind) -> &'static str {
    match kind {
        arbitre::rules::Kind::Warning => "warning",
        _ => "error",
    }
}

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        let mut out = String::new();
        for finding in located(seen, self.deny_warnings) {
            let mut text = finding.message;
            if let Some(help) = &finding.help {
                text.push('\n');
                text.push_str(help);
            }
            let mut location = json!({
                "physicalLocation": {"artifactLocation": artifact(seen.path.as_bytes())}
            });
            if let Some(r) = finding.region {
                location["physicalLocation"]["region"] = json!({
                    "startLine": r.line,
                    "startColumn": r.column,
                    "endLine": r.end_line,
                    "endColumn": r.end_column,
                });
            }
            let mut result = json!({
                "ruleId": finding.rule,
                "level": if finding.error { "error" } else { "warning" },
                "message": {"text": plain(&text)},
                "locations": [location],
            });
            if let Some(index) = arbitre::rules::Rule::all().position(|r| r.id == finding.rule) {
                result["ruleIndex"] = json!(index);
            }
            // How the record's game was decided (on the board or off it),
            // as JSON's `outcome` gives it, and its tournament keys, in
            // SARIF's own bag for more.
            let mut properties = serde_json::Map::new();
            if let Some(outcome) = seen.report.outcome.as_ref() {
                if let Ok(outcome) = serde_json::to_value(outcome) {
                    properties.insert("outcome".to_string(), outcome);
                }
            }
            if let Some(tournament) = &seen.report.tournament {
                properties.insert("tournament".to_string(), json!(tournament));
            }
            if !properties.is_empty() {
                result["properties"] = serde_json::Value::Object(properties);
            }
            // One result a line: compact JSON holds no raw newline.
            out.push_str(&result.to_string());
            out.push('\n');
        }
        out.into()
    }
}

impl Sink for Sarif {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(self.renderer)
    }

    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let driver = json!({
            "name": "arbitre",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules(),
        });
        write!(
            out,
            "{{\n  \"$schema\": \"{SCHEMA}\",\n  \"version\": \"{VERSION}\",\n  \"runs\": [\n    {{\n      \"tool\": {{\"driver\": {driver}}},\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": ["
        )
    }

    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()> {
        // The piece holds one line per result: a comma before every one
        // but the run's first.
        for line in piece.text.lines() {
            if self.results {
                out.write_all(b",")?;
            }
            out.write_all(b"\n        ")?;
            out.write_all(line.as_bytes())?;
            self.results = true;
        }
        Ok(())
    }

    /// Kept for the run's notifications, at its end.
    fn unreadable(&mut self, _path: &Unreadable, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let mut notifications: Vec<Value> = run
            .unreadable
            .iter()
            .map(|path| {
                json!({
                    "level": "error",
                    "message": {"text": plain(&format!("cannot read {}: {}", path.path, path.error))},
                    "locations": [{"physicalLocation": {"artifactLocation": artifact(
                        path.raw.as_deref().unwrap_or(path.path.as_bytes())
                    )}}],
                })
            })
            .collect();
        // What the walk left out unread: a warning, its counts by reason
        // in its properties (only when there are any).
        let left_out = &run.tally.left_out;
        if !left_out.is_empty() {
            notifications.push(json!({
                "level": "warning",
                "message": {"text": format!("{} *.arb files left out unread ({left_out})", left_out.total())},
                "properties": {"leftOut": left_out},
            }));
        }
        let invocation = json!({
            // arbitre ran to its end; what it could not read is told above.
            "executionSuccessful": true,
            "toolExecutionNotifications": notifications,
        });
        let close = if self.results { "\n      ]" } else { "]" };
        writeln!(
            out,
            "{close},\n      \"invocations\": [{invocation}]\n    }}\n  ]\n}}"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_are_text_not_links() {
        assert_eq!(plain("[click](https://x)"), r"\[click\](https://x)");
        assert_eq!(plain(r"a\[b"), r"a\\\[b");
        assert_eq!(plain(r"a\b"), r"a\b");
    }

    #[test]
    fn paths_are_artifact_locations() {
        assert_eq!(
            artifact(b"games/a b.arb"),
            json!({"uri": "games/a%20b.arb", "uriBaseId": "%SRCROOT%"})
        );
        assert_eq!(artifact(b"/tmp/x.arb"), json!({"uri": "file:///tmp/x.arb"}));
        // Reserved characters, `%` itself, and bytes that are not UTF-8.
        assert_eq!(
            artifact(b"a#b?c%d\xe9\xff.arb"),
            json!({"uri": "a%23b%3Fc%25d%E9%FF.arb", "uriBaseId": "%SRCROOT%"})
        );
        assert_eq!(
            artifact(b"-"),
            json!({"description": {"text": "standard input"}})
        );
    }
}
