//! The one record of a text checked, and held to its verdict: what the
//! rules lawyers' suites (header, tournament data, games decided off the
//! board) all ask. Not every suite asks each.
#![allow(dead_code)]

use arbitre::report::Diagnostic;
use arbitre::{check_str, RecordReport, Switches, Verdict};

/// The report of the one record `text` holds.
pub fn report(text: &str) -> RecordReport {
    let mut reports = check_str("case.arb", text, &Switches::new());
    assert_eq!(reports.len(), 1, "{text}");
    reports.remove(0)
}

/// The record is legal.
pub fn legal(text: &str) -> RecordReport {
    let report = report(text);
    assert_eq!(
        report.verdict,
        Verdict::Legal,
        "{text}\n{:?}",
        report.diagnostic
    );
    report
}

/// The record is malformed by `rule`, at `line:column`.
pub fn malformed(text: &str, rule: &str, line: usize, column: usize) -> Diagnostic {
    let report = report(text);
    assert_eq!(report.verdict, Verdict::Malformed, "{text}");
    let d = report.diagnostic.unwrap_or_else(|| panic!("{text}"));
    assert_eq!(d.rule, rule, "{text}\n{d:?}");
    assert_eq!((d.line, d.column), (line, column), "{text}\n{d:?}");
    d
}
