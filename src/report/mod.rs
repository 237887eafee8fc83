//! What the checker says about records: the fixed JSON/YAML fields of
//! `record.md`, and the human forms (diagnostics, tables, one-line verdicts).
//! Reports know neither notation nor rules: they get spans and strings.

pub mod human;

use serde::Serialize;

use crate::game::Scores;
use crate::replay::Checked;
use crate::source::{RecordCheck, Source};
use crate::span::Span;
use crate::stats::ThrowStats;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Legal,
    Illegal,
    Malformed,
}

#[derive(Clone, Debug, Serialize)]
pub struct Diagnostic {
    pub rule: String,
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub offset: usize,
    pub length: usize,
    pub turn_index: Option<usize>,
    pub expected: Vec<String>,
    /// The turn as a referee names it ("3. red"), when in a turn.
    pub turn: Option<String>,
    pub help: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct WarningReport {
    pub rule: String,
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub turn_index: Option<usize>,
    #[serde(skip)]
    pub span: Option<Span>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RecordReport {
    pub path: String,
    pub index: usize,
    pub game: Option<String>,
    pub verdict: Verdict,
    pub diagnostic: Option<Diagnostic>,
    pub warnings: Vec<WarningReport>,
    pub turns: usize,
    pub status: Option<&'static str>,
    pub winner: Option<String>,
    pub to_move: Option<String>,
    pub scores: Option<Scores>,
    /// Throw counts and their chi-square test, for games with throws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub throws: Option<ThrowStats>,
    /// "red wins", "unfinished, blue to act".
    #[serde(skip)]
    pub description: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Document {
    pub records: Vec<RecordReport>,
}

impl RecordReport {
    pub fn new(source: &Source, check: &RecordCheck) -> Self {
        let Checked {
            game,
            malformed,
            violation,
            violation_turn,
            warnings,
            turns,
            summary,
            throws,
        } = &check.checked;
        let locate = |span: Span| source.lines.locate(&source.text, span.offset);
        let diagnostic = if let Some(m) = malformed {
            let (line, column) = locate(m.span);
            Some(Diagnostic {
                rule: m.rule.to_string(),
                message: m.message.clone(),
                line,
                column,
                offset: m.span.offset,
                length: m.span.len,
                turn_index: None,
                expected: Vec::new(),
                turn: None,
                help: m.help.clone(),
            })
        } else {
            violation.as_ref().map(|v| {
                let (line, column) = locate(v.span);
                Diagnostic {
                    rule: v.rule.to_string(),
                    message: v.message.clone(),
                    line,
                    column,
                    offset: v.span.offset,
                    length: v.span.len,
                    turn_index: v.turn_index,
                    expected: v
                        .expected
                        .as_ref()
                        .map(|e| e.to_strings())
                        .unwrap_or_default(),
                    turn: violation_turn.clone(),
                    help: None,
                }
            })
        };
        let verdict = if malformed.is_some() {
            Verdict::Malformed
        } else if violation.is_some() {
            Verdict::Illegal
        } else {
            Verdict::Legal
        };
        let warnings = warnings
            .iter()
            .map(|w| {
                let at = w.span.map(locate);
                WarningReport {
                    rule: w.rule.to_string(),
                    message: w.message.clone(),
                    line: at.map(|a| a.0),
                    column: at.map(|a| a.1),
                    turn_index: w.turn_index,
                    span: w.span,
                }
            })
            .collect();
        RecordReport {
            path: source.path.clone(),
            index: check.index,
            game: game.map(str::to_string),
            verdict,
            diagnostic,
            warnings,
            turns: *turns,
            status: summary
                .as_ref()
                .map(|s| if s.finished { "finished" } else { "unfinished" }),
            winner: summary.as_ref().and_then(|s| s.winner.clone()),
            to_move: summary.as_ref().and_then(|s| s.to_move.clone()),
            scores: summary.as_ref().and_then(|s| s.scores.clone()),
            throws: throws.clone(),
            description: summary.as_ref().map(|s| s.description.clone()),
        }
    }
}

/// One record's throws, for `arbitre stats`.
#[derive(Clone, Debug, Serialize)]
pub struct ThrowRecord {
    pub path: String,
    pub index: usize,
    pub game: String,
    pub throws: ThrowStats,
}

/// The throws of every record of one game taken together.
#[derive(Clone, Debug, Serialize)]
pub struct ThrowTotal {
    pub game: String,
    pub records: usize,
    pub throws: ThrowStats,
}

/// A record `stats` could not count, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Skipped {
    pub path: String,
    pub index: usize,
    pub reason: String,
}

/// What `arbitre stats --format json` prints.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StatsDocument {
    pub records: Vec<ThrowRecord>,
    pub totals: Vec<ThrowTotal>,
    pub skipped: Vec<Skipped>,
}

/// The machine-readable formats of `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Human,
    Json,
    Yaml,
}

pub fn machine<T: Serialize>(document: &T, format: Format) -> String {
    let text = match format {
        Format::Yaml => serde_yaml::to_string(document).map_err(|e| e.to_string()),
        _ => serde_json::to_string_pretty(document).map_err(|e| e.to_string()),
    };
    match text {
        Ok(mut text) => {
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text
        }
        Err(err) => format!("error: cannot serialise the report: {err}\n"),
    }
}
