//! Each finding of a record with its place: the diagnostic, then the
//! warnings, located from the first character to the one after the last,
//! the form the CI formats list them in (SARIF regions, GitHub
//! annotations, JUnit cases, compiler-style lines).

use std::fmt::Write as _;

use crate::escape::for_terminal;
use crate::reader::Record;
use crate::report::RecordReport;

/// One record with its report, as a format renders it.
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

/// Where a finding stands, from its first character to the one after its
/// last (lines and columns 1-based, columns in characters): what SARIF's
/// regions and GitHub's annotations take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// The first character's line.
    pub line: usize,
    /// The first character's column.
    pub column: usize,
    /// The line of the character after the last.
    pub end_line: usize,
    /// The column of the character after the last.
    pub end_column: usize,
}

impl Region {
    /// The span of `length` bytes at stream `offset`, which starts at
    /// `line` and `column`, read from the record's own text (a span is
    /// never outside its record; one that would be is cut at its end).
    pub fn of(record: &Record, line: usize, column: usize, offset: usize, length: usize) -> Self {
        let spanned = record.text.get(record.local(offset, length)).unwrap_or("");
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
pub struct Located<'a> {
    /// An error: the diagnostic, or a warning when warnings are denied.
    pub error: bool,
    /// The diagnostic, not a warning.
    pub diagnostic: bool,
    /// The rule id.
    pub rule: &'a str,
    /// The words, the verdict first for a diagnostic (`illegal: ...`), the
    /// turn after it when it is in one.
    pub message: String,
    /// Help for a diagnostic: how to mend it, what was legal there.
    pub help: Option<String>,
    /// Where, when it has a place.
    pub region: Option<Region>,
}

/// The findings of `seen`, in order: its warnings given as errors when
/// `deny_warnings` is set.
pub fn located<'a>(seen: &Seen<'a>, deny_warnings: bool) -> Vec<Located<'a>> {
    let report = seen.report;
    let mut all = Vec::new();
    if let Some(d) = &report.diagnostic {
        let word = report.verdict.word();
        let turn = d
            .turn
            .as_ref()
            .map_or(String::new(), |t| format!(" (turn {t})"));
        all.push(Located {
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
        all.push(Located {
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

/// A record's findings one per line, `path:line:col: error[rule]: message`
/// as rustc's short form writes them: its diagnostic as an `error` (the
/// verdict word, `illegal` or `malformed`, opens the message), and its
/// warnings when `warnings` is set (as errors when `deny_warnings` is).
/// Everything from the record is escaped, so that a finding is one line
/// whatever the path or the message hold.
pub fn short(seen: &Seen<'_>, warnings: bool, deny_warnings: bool) -> String {
    let report = seen.report;
    let path = for_terminal(seen.path);
    let mut out = String::new();
    for finding in located(seen, deny_warnings) {
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
            for_terminal(finding.rule),
            for_terminal(&finding.message)
        );
    }
    if warnings && report.warnings_omitted > 0 {
        let more = report.warnings_omitted;
        let _ = writeln!(
            out,
            "{path}: note: {more} more {}, not listed (a record keeps its first {})",
            if more == 1 { "warning" } else { "warnings" },
            crate::replay::KEPT_WARNINGS
        );
    }
    out
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
