//! One line per finding, `path:line:col: error[rule]: illegal: message`,
//! as rustc and gcc write them: editors and every problem matcher built on
//! that convention (GitHub's, VS Code's `$gcc`) read them unchanged.

use std::fmt::Write as _;
use std::io::{self, Write};

use arbitre::escape::escaped;
use arbitre::Unreadable;

use super::{findings, Options, Piece, Render, Run, Seen, Sink};
use crate::cli::Warnings;

#[derive(Clone, Copy)]
pub struct Short {
    /// Warnings are written (`--warnings show`).
    warnings: bool,
    deny_warnings: bool,
}

impl Short {
    pub fn new(options: Options) -> Self {
        Short {
            warnings: options.warnings == Warnings::Show,
            deny_warnings: options.deny_warnings,
        }
    }
}

impl Render for Short {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        short(seen, self.warnings, self.deny_warnings).into()
    }
}

impl Sink for Short {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(*self)
    }

    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(piece.text.as_bytes())
    }

    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: error: cannot read: {}",
            escaped(&path.path),
            escaped(&path.error)
        )
    }

    fn end(&mut self, _run: &Run<'_>, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn progress(&self) -> bool {
        true
    }
}

/// A record's findings one per line: its diagnostic as an `error` (the
/// verdict word, `illegal` or `malformed`, opens the message), and its
/// warnings when `warnings` is set (as errors when `deny_warnings` is).
/// Everything from the record is escaped, so that a finding is one line
/// whatever the path or the message hold.
pub fn short(seen: &Seen<'_>, warnings: bool, deny_warnings: bool) -> String {
    let report = seen.report;
    let path = escaped(seen.path);
    let mut out = String::new();
    for finding in findings(seen, deny_warnings) {
        if !finding.diagnostic && !warnings {
            continue;
        }
        let place = match finding.region {
            Some(r) => format!("{path}:{}:{}", r.line, r.column),
            None => path.to_string(),
        };
        let severity = if finding.error { "error" } else { "warning" };
        let _ = writeln!(
            out,
            "{place}: {severity}[{}]: {}",
            escaped(finding.rule),
            escaped(&finding.message)
        );
    }
    if warnings && report.warnings_omitted > 0 {
        let more = report.warnings_omitted;
        let _ = writeln!(
            out,
            "{path}: note: {more} more {}, not listed (a record keeps its first {})",
            if more == 1 { "warning" } else { "warnings" },
            arbitre::KEPT_WARNINGS
        );
    }
    out
}
