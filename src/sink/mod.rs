//! How `check` writes what it finds, one format per file behind one
//! interface (as ripgrep's printers are): the command reads, checks and
//! counts; a [`Sink`] decides every byte of standard output. A new format
//! is a file here and a line in [`open`]; the command does not change.
//!
//! Records are rendered on the worker threads, by a [`Render`] that the
//! sink hands out, and written in input order by the sink itself, which
//! alone keeps state (a closing list, a separator, a spool).

use std::io::{self, Write};

use arbitre::{Record, RecordReport, Tally, Unreadable};

use crate::cli::CheckFormat;
use crate::human::Style;

mod github;
mod human;
mod junit;
mod machine;
mod sarif;
mod short;

pub use short::short;

/// One record as the workers found it, to render.
pub struct Seen<'a> {
    /// The file, as it is named in the output.
    pub path: &'a str,
    /// The record, for the text under a diagnostic.
    pub record: &'a Record,
    /// Its report.
    pub report: &'a RecordReport,
    /// Whether it fails the run (not legal, or warned about when warnings
    /// are denied).
    pub fails: bool,
}

/// What a record adds to the output, rendered on any thread.
#[derive(Default)]
pub struct Piece {
    /// Written where the record stands.
    pub text: String,
    /// What the sink keeps of it for its end.
    pub kept: Kept,
}

/// What a sink keeps of a record for the end of the run.
#[derive(Default)]
pub enum Kept {
    #[default]
    Nothing,
    /// A line of the closing list of failures.
    Line(String),
    /// A test case that failed (an illegal record, denied warnings).
    Failure,
    /// A test case in error (a malformed record).
    Error,
}

impl From<String> for Piece {
    fn from(text: String) -> Self {
        Piece {
            text,
            kept: Kept::Nothing,
        }
    }
}

/// The end of a run, for the sink's closing words.
pub struct Run<'a> {
    /// Records checked, by verdict and rule.
    pub tally: &'a Tally,
    /// Every path that could not be read, in the order they were met.
    pub unreadable: &'a [Unreadable],
}

/// Renders records; shared by the worker threads.
pub trait Render: Send + Sync {
    /// What the record `seen` adds to the output.
    fn render(&self, seen: &Seen<'_>) -> Piece;
}

/// Writes a run in input order.
pub trait Sink {
    /// What renders records on the workers (a copy of the sink's
    /// options, so that the sink stays free to write).
    fn renderer(&self) -> Box<dyn Render>;
    /// Before anything else.
    fn begin(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// A record, rendered by [`Sink::renderer`].
    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()>;
    /// A path whose records could not be checked, where it is met (it is
    /// also told on standard error).
    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()>;
    /// After the last record.
    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()>;
    /// Whether a progress line may be drawn on standard error beside the
    /// output: for what people read, not for documents.
    fn progress(&self) -> bool {
        false
    }
    /// A line for standard error (a walk's warning, a path that cannot be
    /// read), as this format's reader may safely meet it beside the output.
    fn stderr_line(&self, line: String) -> String {
        line
    }
}

/// How the flags of `check` ask it to print.
#[derive(Clone, Copy)]
pub struct Options {
    /// Colours and drawing, for people.
    pub style: Style,
    /// Only what fails, then the totals.
    pub quiet: bool,
    /// Whether warnings are written one by one.
    pub warnings: crate::cli::Warnings,
    /// Warnings fail the run: the finding formats give them as errors.
    pub deny_warnings: bool,
}

/// The sink of `format`.
pub fn open(format: CheckFormat, options: Options) -> Box<dyn Sink> {
    match format {
        CheckFormat::Human => Box::new(human::Human::new(options)),
        CheckFormat::Short => Box::new(short::Short::new(options)),
        CheckFormat::Json => Box::new(machine::Document::new(arbitre::Machine::Json)),
        CheckFormat::Yaml => Box::new(machine::Document::new(arbitre::Machine::Yaml)),
        CheckFormat::Jsonl => Box::new(machine::Document::new(arbitre::Machine::JsonLines)),
        CheckFormat::Github => Box::new(github::Github::new(options)),
        CheckFormat::Sarif => Box::new(sarif::Sarif::new(options)),
        CheckFormat::Junit => Box::new(junit::Junit::new()),
    }
}

/// Where a finding stands, from its first character to the one after its
/// last (lines and columns 1-based, columns in characters): what SARIF's
/// regions and GitHub's annotations take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
}

impl Region {
    /// The span of `length` bytes at stream `offset`, which starts at
    /// `line` and `column`, read from the record's own text (a span is
    /// never outside its record; one that would be is cut at its end).
    pub fn of(record: &Record, line: usize, column: usize, offset: usize, length: usize) -> Self {
        let start = offset.saturating_sub(record.offset).min(record.text.len());
        let end = start.saturating_add(length).min(record.text.len());
        let spanned = record.text.get(start..end).unwrap_or("");
        match spanned.rsplit_once('\n') {
            None => Region {
                line,
                column,
                end_line: line,
                end_column: column + spanned.chars().count(),
            },
            Some((before, last)) => Region {
                line,
                column,
                end_line: line + before.matches('\n').count() + 1,
                end_column: last.chars().count() + 1,
            },
        }
    }
}

/// Every finding of a record with its place, for the formats that list
/// findings one by one: the diagnostic first, then the warnings.
pub struct Finding<'a> {
    /// An error: the diagnostic, or a warning when warnings are denied.
    pub error: bool,
    /// The diagnostic, not a warning.
    pub diagnostic: bool,
    pub rule: &'a str,
    /// The words, the verdict first for a diagnostic (`illegal: ...`), the
    /// turn after it when it is in one.
    pub message: String,
    /// Help for a diagnostic: how to mend it, what was legal there.
    pub help: Option<String>,
    pub region: Option<Region>,
}

/// The findings of `seen`, in order: its warnings given as errors when
/// `deny_warnings` is set.
pub fn findings<'a>(seen: &Seen<'a>, deny_warnings: bool) -> Vec<Finding<'a>> {
    let report = seen.report;
    let mut all = Vec::new();
    if let Some(d) = &report.diagnostic {
        let word = match report.verdict {
            arbitre::Verdict::Malformed => "malformed",
            _ => "illegal",
        };
        let turn = d
            .turn
            .as_ref()
            .map_or(String::new(), |t| format!(" (turn {t})"));
        all.push(Finding {
            error: true,
            diagnostic: true,
            rule: &d.rule,
            message: format!("{word}: {}{turn}", d.message),
            help: d.help_text(),
            region: Some(Region::of(
                seen.record,
                d.line,
                d.column,
                d.offset,
                d.length,
            )),
        });
    }
    for w in &report.warnings {
        let region = match (w.line, w.column, w.span) {
            (Some(line), Some(column), Some(span)) => {
                Some(Region::of(seen.record, line, column, span.offset, span.len))
            }
            (Some(line), Some(column), None) => Some(Region {
                line,
                column,
                end_line: line,
                end_column: column,
            }),
            _ => None,
        };
        all.push(Finding {
            error: deny_warnings,
            diagnostic: false,
            rule: &w.rule,
            message: if deny_warnings {
                format!("warning, denied: {}", w.message)
            } else {
                w.message.clone()
            },
            help: None,
            region,
        });
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str, offset: usize) -> Record {
        let mut record = Record::from_text(text);
        record.offset = offset;
        record
    }

    #[test]
    fn a_region_ends_after_its_last_character() {
        // `c3` at line 4, column 4 of a record that starts at byte 100.
        let r = record("---\ngame: simpei\n---\n1. c3 d4\n", 100);
        let at = 100 + "---\ngame: simpei\n---\n1. ".len();
        assert_eq!(
            Region::of(&r, 4, 4, at, 2),
            Region {
                line: 4,
                column: 4,
                end_line: 4,
                end_column: 6
            }
        );
        // Characters, not bytes.
        let r = record("é c3", 0);
        assert_eq!(Region::of(&r, 1, 1, 0, 2).end_column, 2);
        // Empty: it ends where it starts.
        assert_eq!(Region::of(&r, 1, 1, 0, 0).end_column, 1);
    }

    #[test]
    fn a_region_over_lines_ends_on_its_last_line() {
        let r = record("---\n{ a\nlong\ncomment }\n", 0);
        let at = "---\n".len();
        let region = Region::of(&r, 2, 1, at, "{ a\nlong\ncomment }".len());
        assert_eq!(
            region,
            Region {
                line: 2,
                column: 1,
                end_line: 4,
                end_column: 10
            }
        );
        // A span past its record is cut at the record's end.
        let region = Region::of(&r, 2, 1, at, 10_000);
        assert_eq!((region.end_line, region.end_column), (5, 1));
    }
}
