//! For people: each record's verdict line, its diagnostic drawn over the
//! record, its warnings; then, for a batch, the failures and the totals.

use std::io::{self, Write};

use arbitre::Verdict;

use super::{Kept, Options, Piece, Render, Run, Seen, Sink};
use crate::cli::Warnings;
use crate::draw::{self, Snippet};

pub struct Human {
    options: Options,
    failed: Failed,
    /// Whether anything came before the totals, which a blank line then
    /// sets apart.
    wrote: bool,
}

impl Human {
    pub fn new(options: Options) -> Self {
        Human {
            options,
            failed: Failed::default(),
            wrote: false,
        }
    }
}

struct Renderer(Options);

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        let Options {
            style,
            quiet,
            warnings,
            ..
        } = self.0;
        let report = seen.report;
        let draw_warnings = warnings == Warnings::Show && !report.warnings.is_empty();
        if quiet && !seen.fails && !draw_warnings {
            return Piece::default();
        }
        let line = draw::verdict_line_counting(report, style, warnings != Warnings::None);
        let source = Snippet::new(seen.path, seen.record);
        let text = draw::record(&line, report, &source, style, draw_warnings);
        let kept = match (seen.fails, report.verdict) {
            (false, _) => Kept::Nothing,
            (true, Verdict::Legal) => Kept::Line(format!("{line} (warnings denied)")),
            (true, _) => Kept::Line(line),
        };
        Piece {
            text,
            kept,
            brief: None,
        }
    }
}

impl Sink for Human {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(Renderer(self.options))
    }

    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()> {
        if let Kept::Line(line) = piece.kept {
            self.failed.push(line, true);
        }
        self.wrote |= !piece.text.is_empty();
        out.write_all(piece.text.as_bytes())
    }

    /// Kept for the closing list (standard error has told it already).
    fn unreadable(
        &mut self,
        path: &arbitre::report::Unreadable,
        _out: &mut dyn Write,
    ) -> io::Result<()> {
        let line = draw::unreadable_line(path, self.options.style);
        self.failed.push(line, false);
        Ok(())
    }

    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let tally = run.tally;
        // Files left out unread are said in the totals, even of one record.
        let batch = tally.records + tally.unreadable > 1 || !tally.left_out.is_empty();
        if !batch && !self.options.quiet {
            return Ok(());
        }
        let failed = &self.failed;
        if failed.total > 0 && batch {
            out.write_all(b"\n")?;
            let closing = draw::failures(&failed.lines, failed.total, failed.records_omitted);
            out.write_all(closing.as_bytes())?;
            self.wrote = true;
        }
        if self.wrote {
            out.write_all(b"\n")?;
        }
        out.write_all(draw::summary(tally, self.options.style).as_bytes())
    }

    fn progress(&self) -> bool {
        true
    }
}

/// The closing list of a run's failures: the first [`draw::LISTED_FAILURES`]
/// lines, and a count of the rest, so that a run of a million failing
/// records does not keep a million lines to print at its end.
#[derive(Default)]
struct Failed {
    lines: Vec<String>,
    total: usize,
    /// Records among those left out; the others are unreadable paths.
    records_omitted: usize,
}

impl Failed {
    /// One more failure: a record's verdict line, or an unreadable path's.
    fn push(&mut self, line: String, record: bool) {
        self.total += 1;
        if self.lines.len() < draw::LISTED_FAILURES {
            self.lines.push(line);
        } else if record {
            self.records_omitted += 1;
        }
    }
}
