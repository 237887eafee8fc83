//! One record's report, located in its file: the verdict, the diagnostic
//! or the warnings, the result; what `--format json` prints for a record,
//! and the record's own checks read from a text or a stream.

use std::borrow::Cow;
use std::io::{self, Read};

use serde::de::{self, Deserializer, Unexpected};
use serde::{Deserialize, Serialize};

use super::shell::{explain_command, moves_command, stopped_at};
use crate::dispatch::check;
use crate::finding::{finding, Finding, Verdict};
use crate::game::{Outcome, Players, Scores, Summary, Word};
use crate::reader::{Reader, Record};
use crate::record::header::Tournament;
use crate::record::Switches;
use crate::replay::Checked;
use crate::span::{LineCursor, Span};
use crate::stats::ThrowStats;
use crate::text::cut_quotes;

/// Why a record is not legal, located in its file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Diagnostic {
    /// The rule id: `header`, `setup`, `syntax`, or a game's rule.
    pub rule: String,
    /// What is wrong, in one sentence.
    pub message: String,
    /// 1-based line in the file.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// Byte offset in the file.
    pub offset: usize,
    /// Length in bytes.
    pub length: usize,
    /// The turn (0-based) of an illegal action.
    pub turn_index: Option<usize>,
    /// What was legal instead, in canonical notation: the first
    /// [`LISTED`](crate::game::LISTED) of them.
    pub expected: Vec<String>,
    /// How many alternatives there were in all.
    pub expected_total: usize,
    /// The turn as a referee names it ("3. red"), when in a turn.
    pub turn: Option<String>,
    /// How to mend a malformed record.
    pub help: Option<String>,
    /// For an illegal record, the command that lists every legal turn
    /// where the replay stopped (`arbitre moves game.arb --turn 5`), to
    /// settle a dispute in one step.
    pub moves_command: Option<String>,
    /// The command that explains the rule (`arbitre explain
    /// simpei/occupied`), as rustc's `--explain`: the help ends with it.
    #[serde(default)]
    pub explain_command: Option<String>,
}

/// A warning, located in its file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WarningReport {
    /// The rule id.
    pub rule: String,
    /// What the referee remarks.
    pub message: String,
    /// 1-based line in the file, when it has a place.
    pub line: Option<usize>,
    /// 1-based column, in characters.
    pub column: Option<usize>,
    /// The turn (0-based) it came with.
    pub turn_index: Option<usize>,
    /// Byte span in the file.
    #[serde(skip)]
    pub span: Option<Span>,
}

/// One record's report: what `--format json` prints for it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordReport {
    /// The file as the user named it (`-` for standard input).
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// The game, when the header named one arbitre knows.
    pub game: Option<Word>,
    /// Legal, illegal or malformed.
    pub verdict: Verdict,
    /// Why it is not legal.
    pub diagnostic: Option<Diagnostic>,
    /// Tolerated infractions and remarks: the first [`crate::replay::KEPT_WARNINGS`].
    pub warnings: Vec<WarningReport>,
    /// The record's warnings past those, counted but not listed; left out
    /// of JSON when there are none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub warnings_omitted: usize,
    /// Turns replayed legally.
    pub turns: usize,
    /// `finished` or `unfinished`; `null` when malformed.
    #[serde(default, deserialize_with = "status_word")]
    pub status: Option<StatusWord>,
    /// Who won, when someone did.
    pub winner: Option<Word>,
    /// Who acts next, while the game goes on.
    pub to_move: Option<Word>,
    /// Points by player, for games that score.
    pub scores: Option<Scores>,
    /// The players' names by the fixed key of their side, camp or player
    /// slot; `None` when no name is given (and for a malformed record).
    #[serde(default)]
    pub players: Option<Players>,
    /// How the game ended, every side by its fixed key; `None` while it is
    /// unfinished (and for a malformed record).
    #[serde(default)]
    pub outcome: Option<Outcome>,
    /// The header's tournament keys (`event`, `date`, `round`, `board`,
    /// `site`, `time_control`, `referee`, `annotator`, `tags`), each left
    /// out when absent; left out of JSON when the header has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Box<Tournament>>,
    /// Throw counts and their chi-square test, for games with throws.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub throws: Option<ThrowStats>,
    /// "red wins", "unfinished, blue to act".
    #[serde(skip)]
    pub description: Option<String>,
}

/// A report's `status`: `finished` or `unfinished`. (Named, so that
/// serde reads the word into one of the two, not a borrowed `&str`.)
pub type StatusWord = &'static str;

/// A report's `status` read back: one of the two words it is written with.
pub(super) fn status_word<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<StatusWord>, D::Error> {
    match Option::<String>::deserialize(deserializer)?.as_deref() {
        None => Ok(None),
        Some("finished") => Ok(Some("finished")),
        Some("unfinished") => Ok(Some("unfinished")),
        Some(other) => Err(de::Error::invalid_value(
            Unexpected::Str(other),
            &"finished or unfinished",
        )),
    }
}

impl Diagnostic {
    /// The help lines: how to mend it, what was legal instead (for a
    /// claimed result, what the replay gives: no alternative to play), the
    /// command that lists every legal turn there, and last the command
    /// that explains the rule.
    pub fn help_text(&self) -> Option<String> {
        let legal = (!self.expected.is_empty()).then(|| {
            // Cut as messages quote: a claimed result names players.
            let expected = self.expected.iter().map(|e| crate::text::quote(e));
            let listed = crate::game::listing(expected, self.expected_total);
            let caption = if self.rule == crate::rules::RESULT_MISMATCH.id {
                "the replay gives"
            } else {
                "legal here"
            };
            format!("{caption}: {listed}")
        });
        // On a line of its own, so that it is not wrapped and copies whole.
        let command = self.moves_command.as_ref().map(|command| {
            if self.turn.is_some() {
                format!("every legal turn there:\n{command}")
            } else {
                format!("the final position and its legal turns:\n{command}")
            }
        });
        let explain = self
            .explain_command
            .as_ref()
            .map(|command| format!("the rule explained: {command}"));
        let lines: Vec<String> = [self.help.clone(), legal, command, explain]
            .into_iter()
            .flatten()
            .collect();
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

impl Finding for Diagnostic {
    fn rule(&self) -> &str {
        &self.rule
    }
    fn message(&self) -> Cow<'_, str> {
        match &self.turn {
            Some(turn) => Cow::Owned(format!("{} (turn {turn})", self.message)),
            None => Cow::Borrowed(&self.message),
        }
    }
    /// A file offset: draw it over the file's text (with
    /// `miette::Report::with_source_code`, say).
    fn place(&self) -> Option<(usize, usize)> {
        Some((self.offset, self.length))
    }
    fn label(&self) -> Option<String> {
        Some(gist(&self.message))
    }
    fn help(&self) -> Option<String> {
        self.help_text()
    }
}

/// The words under an underlined place: the first clause of the message
/// (what is wrong there, before the colon that explains it), cut short.
pub(super) fn gist(message: &str) -> String {
    const SHOWN: usize = 60;
    let clause = message.split([':', ';']).next().unwrap_or(message).trim();
    if clause.chars().count() <= SHOWN {
        return clause.to_string();
    }
    let cut: String = clause.chars().take(SHOWN).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{cut}…")
}

impl Finding for WarningReport {
    fn rule(&self) -> &str {
        &self.rule
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    fn place(&self) -> Option<(usize, usize)> {
        self.span.map(|s| (s.offset, s.len))
    }
    fn label(&self) -> Option<String> {
        Some(gist(&self.message))
    }
    fn severity(&self) -> miette::Severity {
        miette::Severity::Warning
    }
}

finding!(Diagnostic, WarningReport);

/// Where a record sits in its stream, to turn the record's own spans into
/// stream lines and columns. Only the record's text is read, so the cost
/// of a diagnostic does not grow with what came before it.
pub(super) struct Locator<'a> {
    record: &'a Record,
    lines: LineCursor,
}

impl Locator<'_> {
    /// Line, column and stream offset of a span found in the record.
    fn locate(&mut self, span: Span) -> (usize, usize, usize) {
        let text = &self.record.text;
        let (line, column) = self.lines.locate(text, span.offset);
        (
            self.record.line + line - 1,
            column,
            self.record.offset + span.offset,
        )
    }
}

pub(super) fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl RecordReport {
    /// All the record's warnings, listed or not.
    pub fn warning_count(&self) -> usize {
        self.warnings.len() + self.warnings_omitted
    }

    /// The report of a record read from the stream named `path`.
    /// Messages keep their words, with long quotes of the record cut.
    pub fn new(path: &str, record: &Record, checked: &Checked) -> Self {
        Self::located(path, record, checked)
            .with_summary(checked.summary.clone(), checked.throws.clone())
    }

    /// [`RecordReport::new`] of a check done with: the summary's strings
    /// move into the report, where `new` copies them (a record's check
    /// makes several, each a copy and a free).
    pub fn of(path: &str, record: &Record, checked: Checked) -> Self {
        let report = Self::located(path, record, &checked);
        let Checked {
            summary, throws, ..
        } = checked;
        report.with_summary(summary, throws)
    }

    /// The report of everything but the summary and the throws.
    fn located(path: &str, record: &Record, checked: &Checked) -> Self {
        let Checked {
            game,
            malformed,
            violation,
            violation_turn,
            warnings,
            warnings_omitted,
            turns,
            summary,
            throws: _,
            tournament,
        } = checked;
        let mut at = Locator {
            record,
            lines: LineCursor::default(),
        };
        let diagnostic = if let Some(m) = malformed {
            let (line, column, offset) = at.locate(m.span);
            Some(Diagnostic {
                rule: m.rule.to_string(),
                message: cut_quotes(&m.message).into_owned(),
                line,
                column,
                offset,
                length: m.span.len,
                turn_index: None,
                expected: Vec::new(),
                expected_total: 0,
                turn: None,
                help: m.help.as_deref().map(|h| cut_quotes(h).into_owned()),
                moves_command: None,
                explain_command: explain_command(m.rule),
            })
        } else {
            violation.as_ref().map(|v| {
                let (line, column, offset) = at.locate(v.span);
                Diagnostic {
                    rule: v.rule.to_string(),
                    message: cut_quotes(&v.message).into_owned(),
                    line,
                    column,
                    offset,
                    length: v.span.len,
                    turn_index: v.turn_index,
                    expected: v
                        .expected
                        .as_ref()
                        .map(|e| e.first_strings())
                        .unwrap_or_default(),
                    expected_total: v.expected.as_ref().map_or(0, |e| e.len()),
                    turn: violation_turn.clone(),
                    help: None,
                    // No turn is legal after the end of a game.
                    moves_command: (!v.rule.id.ends_with("/game-over")
                        && !summary.as_ref().is_some_and(|s| s.finished))
                    .then(|| {
                        let at = stopped_at(violation_turn.as_deref(), v.turn_index, *turns);
                        moves_command(path, record.index, at, &Switches::new())
                    }),
                    explain_command: explain_command(v.rule),
                }
            })
        };
        let verdict = checked.verdict();
        let warnings = warnings
            .iter()
            .map(|w| {
                let place = w.span.map(|span| (at.locate(span), span));
                WarningReport {
                    rule: w.rule.to_string(),
                    message: cut_quotes(&w.message).into_owned(),
                    line: place.map(|((line, _, _), _)| line),
                    column: place.map(|((_, column, _), _)| column),
                    turn_index: w.turn_index,
                    span: place.map(|((_, _, offset), span)| Span::new(offset, span.len)),
                }
            })
            .collect();
        RecordReport {
            path: path.to_string(),
            index: record.index,
            game: game.map(Word::Borrowed),
            verdict,
            diagnostic,
            warnings,
            warnings_omitted: *warnings_omitted,
            turns: *turns,
            status: None,
            winner: None,
            to_move: None,
            scores: None,
            players: None,
            outcome: None,
            tournament: tournament.clone(),
            throws: None,
            description: None,
        }
    }

    /// The report with the check's summary and throws moved in.
    fn with_summary(self, summary: Option<Summary>, throws: Option<ThrowStats>) -> Self {
        let Some(summary) = summary else {
            return RecordReport { throws, ..self };
        };
        let Summary {
            finished,
            winner,
            to_move,
            scores,
            players,
            outcome,
            description,
        } = summary;
        RecordReport {
            status: Some(if finished { "finished" } else { "unfinished" }),
            winner,
            to_move,
            scores,
            players,
            outcome,
            throws,
            description: Some(description),
            ..self
        }
    }
}

impl RecordReport {
    /// The report with its `moves_command` naming the house rules given on
    /// the command line (`--rule`), so that the command replays the record
    /// as it was checked.
    pub fn with_switches(mut self, switches: &Switches) -> Self {
        let (path, index, turns) = (&self.path, self.index, self.turns);
        if let Some(d) = self.diagnostic.as_mut() {
            if d.moves_command.is_some() {
                let at = stopped_at(d.turn.as_deref(), d.turn_index, turns);
                d.moves_command = Some(moves_command(path, index, at, switches));
            }
        }
        self
    }
}

/// Every record of a text, checked and reported in order, as `check` reports
/// a file named `path` holding that text.
pub fn check_str(path: &str, text: &str, switches: &Switches) -> Vec<RecordReport> {
    check_reader(path, text.as_bytes(), switches)
        .filter_map(Result::ok)
        .collect()
}

/// Every record of a stream, checked and reported one at a time as it is
/// read; memory is bounded by the largest record.
pub fn check_reader<'a, R: Read + 'a>(
    path: &'a str,
    input: R,
    switches: &'a Switches,
) -> impl Iterator<Item = io::Result<RecordReport>> + 'a {
    Reader::new(input).map(move |record| {
        record.map(|record| RecordReport::of(path, &record, check(&record, switches)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_label_is_the_first_clause_of_the_message() {
        assert_eq!(gist("c3 is occupied"), "c3 is occupied");
        assert_eq!(
            gist("blue cannot pass: a legal action exists"),
            "blue cannot pass"
        );
        assert_eq!(
            gist("the sandwiched piece c1 must be relocated; missing: c1"),
            "the sandwiched piece c1 must be relocated"
        );
        let long = gist(&"word ".repeat(40));
        assert!(long.ends_with('…') && long.chars().count() <= 61, "{long}");
    }
}
