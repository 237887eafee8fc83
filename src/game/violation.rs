//! The findings of a replay: a rule broken (a violation, a game's breach)
//! or remarked on (a warning).

use std::borrow::Cow;
use std::fmt;

use super::Alternatives;
use crate::finding::{finding, Finding};
use crate::rules::Rule;
use crate::span::Span;

/// A rule broken by a turn as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule broken, as the registry declares it (`simpei/occupied`,
    /// `result-mismatch`): a rule not declared cannot be reported.
    pub rule: &'static Rule,
    /// Why, in one sentence a referee would say.
    pub message: String,
    /// The action (or header key) that breaks it, in the record's text.
    pub span: Span,
    /// Set by the replay engine for turns; by the game in `conclude`.
    pub turn_index: Option<usize>,
    /// What was legal instead of the part of the turn that is wrong, given
    /// the parts before it that were right (the second actions after a
    /// right first one, a relocation's open points). `None` lets the
    /// engine list the legal turns of the position.
    pub expected: Option<Alternatives>,
}

impl Violation {
    /// A violation of `rule` at `span`; the engine lists the legal turns.
    pub fn new(rule: &'static Rule, message: impl Into<String>, span: Span) -> Self {
        Violation {
            rule,
            message: message.into(),
            span,
            turn_index: None,
            expected: None,
        }
    }

    /// What was legal instead, when it is not the legal turns of the position.
    pub fn expecting<P: fmt::Display + Send + Sync + 'static>(mut self, expected: Vec<P>) -> Self {
        self.expected = Some(Alternatives::new(expected));
        self
    }

    /// The turn it happened in (0-based).
    pub fn at_turn(mut self, index: Option<usize>) -> Self {
        self.turn_index = index;
        self
    }
}

impl Finding for Violation {
    fn rule(&self) -> &str {
        self.rule.id
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    /// An offset in the record's own text: attach that text as the source
    /// code to draw it.
    fn place(&self) -> Option<(usize, usize)> {
        Some((self.span.offset, self.span.len))
    }
    fn help(&self) -> Option<String> {
        let expected = self.expected.as_ref()?;
        Some(format!(
            "legal here: {}",
            listing(expected.iter(), expected.len())
        ))
    }
}

/// At most this many alternatives are named in a message or a report, so
/// that a small record never prints megabytes; the count of the rest is
/// given instead (and `expected_total` in JSON).
pub const LISTED: usize = 20;

/// `a, b, c`: the first [`LISTED`] of `total` items, then `and N more`;
/// `none` when there are none.
pub(crate) fn listing<T: fmt::Display>(items: impl Iterator<Item = T>, total: usize) -> String {
    use fmt::Write;
    let mut out = String::new();
    for (i, item) in items.take(LISTED).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{item}");
    }
    match total.saturating_sub(LISTED) {
        _ if out.is_empty() => "none".into(),
        0 => out,
        more => format!("{out} and {more} more"),
    }
}

/// A tolerated infraction or a remark; replay goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The rule, as the registry declares it (`superpion/blocking`).
    pub rule: &'static Rule,
    /// What the referee remarks, in one sentence.
    pub message: String,
    /// Where in the record's text, when it has a place.
    pub span: Option<Span>,
    /// The turn it came with (0-based).
    pub turn_index: Option<usize>,
}

impl Warning {
    /// A warning of `rule`, at `span` when it has a place.
    pub fn new(rule: &'static Rule, message: impl Into<String>, span: Option<Span>) -> Self {
        Warning {
            rule,
            message: message.into(),
            span,
            turn_index: None,
        }
    }
}

impl Finding for Warning {
    fn rule(&self) -> &str {
        self.rule.id
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    fn place(&self) -> Option<(usize, usize)> {
        self.span.map(|s| (s.offset, s.len))
    }
    fn label(&self) -> Option<String> {
        Some("here".into())
    }
    fn severity(&self) -> miette::Severity {
        miette::Severity::Warning
    }
}

finding!(Violation, Warning);

/// A game's own account of a broken rule, before it has a place in the
/// record: each game names its breaches, the shared machinery turns them
/// into [`Violation`]s with [`breach`].
pub trait Breach: fmt::Display {
    /// The declared rule it breaks.
    fn rule(&self) -> &'static Rule;

    /// What was legal instead, when the breach knows it better than a list
    /// of every legal turn; `None` lets the engine list the legal turns.
    fn expected(&self) -> Option<Vec<String>> {
        None
    }
}

/// The violation a breach makes at `span`: its rule, its sentence and what
/// it says was legal instead.
pub fn breach(breach: impl Breach, span: Span) -> Violation {
    let expected = breach.expected();
    let mut violation = Violation::new(breach.rule(), breach.to_string(), span);
    violation.expected = expected.map(Alternatives::new);
    violation
}
