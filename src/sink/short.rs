//! One line per finding, `path:line:col: error[rule]: illegal: message`,
//! as rustc and gcc write them: editors and every problem matcher built on
//! that convention (GitHub's, VS Code's `$gcc`) read them unchanged.

use std::fmt::Write as _;
use std::io::{self, Write};

use arbitre::escape::escaped;
use arbitre::{RecordReport, Unreadable, Verdict};

use super::{Options, Piece, Render, Run, Seen, Sink};
use crate::cli::Warnings;

pub struct Short {
    warnings: bool,
}

impl Short {
    pub fn new(options: Options) -> Self {
        Short {
            warnings: options.warnings == Warnings::Show,
        }
    }
}

struct Renderer {
    warnings: bool,
}

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        short(seen.report, self.warnings).into()
    }
}

impl Sink for Short {
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
/// warnings when `warnings` is set. Everything from the record is escaped,
/// so that a finding is one line whatever the path or the message hold.
pub fn short(report: &RecordReport, warnings: bool) -> String {
    let path = escaped(&report.path);
    let mut out = String::new();
    if let Some(d) = &report.diagnostic {
        let word = match report.verdict {
            Verdict::Malformed => "malformed",
            _ => "illegal",
        };
        let turn = d
            .turn
            .as_ref()
            .map_or(String::new(), |t| format!(" (turn {})", escaped(t)));
        let _ = writeln!(
            out,
            "{path}:{}:{}: error[{}]: {word}: {}{turn}",
            d.line,
            d.column,
            escaped(&d.rule),
            escaped(&d.message)
        );
    }
    if warnings {
        for w in &report.warnings {
            let place = match (w.line, w.column) {
                (Some(line), Some(column)) => format!("{path}:{line}:{column}"),
                _ => path.to_string(),
            };
            let _ = writeln!(
                out,
                "{place}: warning[{}]: {}",
                escaped(&w.rule),
                escaped(&w.message)
            );
        }
        if report.warnings_omitted > 0 {
            let more = report.warnings_omitted;
            let _ = writeln!(
                out,
                "{path}: note: {more} more {}, not listed (a record keeps its first {})",
                if more == 1 { "warning" } else { "warnings" },
                arbitre::KEPT_WARNINGS
            );
        }
    }
    out
}
