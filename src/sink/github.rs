//! GitHub Actions workflow commands: each finding an annotation on the
//! file and line (`::error file=...,line=...,col=...,endColumn=...,
//! title=RULE::message`), warnings as `::warning`.
//!
//! The runner reads every line of the job's output that starts with `::`
//! as a command, so nothing from a record may start a line or end a value:
//! its text is escaped for the terminal first (no control character, no
//! newline is left), then as the runner expects (`%`, and in values `:`
//! and `,`, by their percent codes). The help lines of a diagnostic are
//! joined by the runner's own escaped newline.

use std::fmt::Write as _;
use std::io::{self, Write};

use arbitre::escape::escaped;
use arbitre::Unreadable;

use super::{findings, Options, Piece, Render, Run, Seen, Sink};
use crate::cli::Warnings;

pub struct Github {
    warnings: bool,
}

impl Github {
    pub fn new(options: Options) -> Self {
        Github {
            warnings: options.warnings != Warnings::None,
        }
    }
}

struct Renderer {
    warnings: bool,
}

/// A message as the runner reads it: `%`, CR and LF by their codes.
fn data(text: &str) -> String {
    escaped(text)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value (`file=`, `title=`): `:` and `,` too, which end it.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        let mut out = String::new();
        for finding in findings(seen) {
            if !finding.error && !self.warnings {
                continue;
            }
            let command = if finding.error { "error" } else { "warning" };
            let _ = write!(out, "::{command} file={}", property(seen.path));
            if let Some(r) = finding.region {
                let _ = write!(out, ",line={},col={}", r.line, r.column);
                if r.end_line != r.line {
                    let _ = write!(out, ",endLine={}", r.end_line);
                } else if r.end_column > r.column + 1 {
                    // The runner's end column is the last one marked.
                    let _ = write!(out, ",endColumn={}", r.end_column - 1);
                }
            }
            let mut message = data(&finding.message);
            for line in finding.help.iter().flat_map(|h| h.lines()) {
                message.push_str("%0A");
                message.push_str(&data(line));
            }
            let _ = writeln!(out, ",title={}::{message}", property(finding.rule));
        }
        out.into()
    }
}

impl Sink for Github {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(Renderer {
            warnings: self.warnings,
        })
    }

    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(piece.text.as_bytes())
    }

    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "::error file={},title=unreadable::cannot read: {}",
            property(&path.path),
            data(&path.error)
        )
    }

    /// The totals, as a notice on the run.
    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let t = run.tally;
        writeln!(
            out,
            "::notice title=arbitre::{} records checked: {} legal, {} illegal, {} malformed, {} unreadable, {} warnings",
            t.records, t.legal, t.illegal, t.malformed, t.unreadable, t.warnings
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What the runner reads back from a value.
    fn decoded(text: &str) -> String {
        text.replace("%0D", "\r")
            .replace("%0A", "\n")
            .replace("%3A", ":")
            .replace("%2C", ",")
            .replace("%25", "%")
    }

    proptest! {
        /// No text ends a value or a line early, and the runner reads back
        /// the text as people are shown it.
        #[test]
        fn values_hold_any_text_whole(text in any::<String>()) {
            let value = property(&text);
            prop_assert!(!value.contains([':', ',', '\n', '\r']), "{value:?}");
            let message = data(&text);
            prop_assert!(!message.contains(['\n', '\r']), "{message:?}");
            prop_assert_eq!(decoded(&value), escaped(&text).into_owned());
            prop_assert_eq!(decoded(&message), escaped(&text).into_owned());
        }
    }
}
