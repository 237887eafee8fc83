//! The counts of a run: records by verdict, warnings, rules broken, and
//! the files a walk left out.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::record::RecordReport;
use crate::finding::Verdict;

/// The counts of a run: records by verdict, warnings, and the rules broken.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Records checked (unreadable files not counted).
    pub records: usize,
    /// Records by verdict.
    pub legal: usize,
    /// See `legal`.
    pub illegal: usize,
    /// See `legal`.
    pub malformed: usize,
    /// Files (or streams) that could not be read.
    pub unreadable: usize,
    /// Warnings over all records.
    pub warnings: usize,
    /// Records by the rule of their diagnostic.
    pub rules: std::collections::BTreeMap<String, usize>,
    /// The `*.arb` files under the directories given that the walk left
    /// out, by reason; absent from documents when there are none, so that
    /// the output of a walk that leaves nothing out is unchanged.
    #[serde(default, skip_serializing_if = "LeftOut::is_empty")]
    pub left_out: LeftOut,
}

/// The `*.arb` files a directory walk left out unread, by reason: a
/// referee must not take a clean run for the reading of every record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeftOut {
    /// Hidden, or under a hidden directory (a name starting with `.`),
    /// without `--hidden`.
    pub hidden: usize,
    /// Named by an ignore file honoured with `--respect-ignore`.
    pub ignored: usize,
    /// Matched by an `--exclude` pattern.
    pub excluded: usize,
    /// Matched by none of the `--glob` patterns.
    pub unmatched: usize,
}

impl LeftOut {
    /// Files left out, whatever the reason.
    pub fn total(&self) -> usize {
        self.hidden + self.ignored + self.excluded + self.unmatched
    }

    /// Whether nothing was left out.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// "2 *.arb files left out unread (2 hidden)": how the note on standard
    /// error, `--format short` and the human `stats` say the counts.
    pub fn said(&self) -> String {
        let total = self.total();
        let files = if total == 1 { "file" } else { "files" };
        format!("{total} *.arb {files} left out unread ({self})")
    }

    /// Count one more file left out for `reason`.
    pub fn count(&mut self, reason: LeftOutReason) {
        match reason {
            LeftOutReason::Hidden => self.hidden += 1,
            LeftOutReason::Ignored => self.ignored += 1,
            LeftOutReason::Excluded => self.excluded += 1,
            LeftOutReason::Unmatched => self.unmatched += 1,
        }
    }
}

/// "2 hidden, 1 ignored": the reasons that count, in a fixed order.
impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = [
            (self.hidden, LeftOutReason::Hidden),
            (self.ignored, LeftOutReason::Ignored),
            (self.excluded, LeftOutReason::Excluded),
            (self.unmatched, LeftOutReason::Unmatched),
        ];
        let mut first = true;
        for (n, reason) in parts.into_iter().filter(|(n, _)| *n > 0) {
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            write!(f, "{n} {reason}")?;
        }
        Ok(())
    }
}

/// Why a directory walk left a `*.arb` file out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LeftOutReason {
    /// See [`LeftOut::hidden`].
    Hidden,
    /// See [`LeftOut::ignored`].
    Ignored,
    /// See [`LeftOut::excluded`].
    Excluded,
    /// See [`LeftOut::unmatched`].
    Unmatched,
}

/// The reason's word, as the counts and `--list-left-out` say it.
impl fmt::Display for LeftOutReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LeftOutReason::Hidden => "hidden",
            LeftOutReason::Ignored => "ignored",
            LeftOutReason::Excluded => "excluded",
            LeftOutReason::Unmatched => "unmatched",
        })
    }
}

impl Tally {
    /// Count one record's report.
    pub fn add(&mut self, report: &RecordReport) {
        let rule = report.diagnostic.as_ref().map(|d| d.rule.clone());
        self.count(report.verdict, report.warning_count(), rule);
    }

    /// Count a record by what it was found to be.
    pub fn count(&mut self, verdict: Verdict, warnings: usize, rule: Option<String>) {
        self.records += 1;
        match verdict {
            Verdict::Legal => self.legal += 1,
            Verdict::Illegal => self.illegal += 1,
            Verdict::Malformed => self.malformed += 1,
        }
        self.warnings += warnings;
        if let Some(rule) = rule {
            *self.rules.entry(rule).or_default() += 1;
        }
    }
}
