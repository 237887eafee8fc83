//! What the checker says about records: the fixed JSON/YAML fields of
//! `record.md`, and the human forms (diagnostics, tables, one-line verdicts).
//! Reports know neither notation nor rules: they get spans and strings.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer, Unexpected};
use serde::{Deserialize, Serialize};

mod located;
pub(crate) mod yaml;

pub use located::{located, short, Located, Region, Seen};

use crate::finding::{finding, Finding};
use crate::game::Group;
use crate::game::{Outcome, Players, Scores, Summary};
use crate::limits::cut_quotes;
use crate::reader::Record;
use crate::record::Switches;
use crate::replay::{Checked, Stop};
use crate::span::{LineCursor, Span};
use crate::stats::ThrowStats;

/// The verdict on a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every turn is legal.
    Legal,
    /// Some action breaks a rule: the first is reported.
    Illegal,
    /// The record cannot be replayed: header, setup or syntax.
    Malformed,
}

impl Verdict {
    /// The verdict in one word, as JSON writes it and every format says it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Legal => "legal",
            Verdict::Illegal => "illegal",
            Verdict::Malformed => "malformed",
        }
    }
}

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
    /// [`LISTED`](crate::LISTED) of them.
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
    pub game: Option<String>,
    /// Legal, illegal or malformed.
    pub verdict: Verdict,
    /// Why it is not legal.
    pub diagnostic: Option<Diagnostic>,
    /// Tolerated infractions and remarks: the first [`crate::KEPT_WARNINGS`].
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
    pub winner: Option<String>,
    /// Who acts next, while the game goes on.
    pub to_move: Option<String>,
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
fn status_word<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<StatusWord>, D::Error> {
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

/// The layout of the JSON and YAML documents arbitre writes: every
/// document and JSON line opens with it as `"schema"`. It changes only when
/// a field changes name or meaning, never when fields are added
/// (docs/json.md, "Versions").
pub const SCHEMA: u32 = 1;

/// The arbitre that wrote a document: every document and JSON line gives
/// it as `"arbitre"`, after `"schema"`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

fn schema() -> u32 {
    SCHEMA
}

fn version() -> String {
    VERSION.to_string()
}

/// What opens every document and JSON line: the schema and the version.
#[derive(Serialize)]
struct Stamp {
    schema: u32,
    arbitre: &'static str,
}

const STAMP: Stamp = Stamp {
    schema: SCHEMA,
    arbitre: VERSION,
};

/// One JSON line: the stamp, then the line's own fields.
#[derive(Serialize)]
struct Stamped<T> {
    #[serde(flatten)]
    stamp: Stamp,
    #[serde(flatten)]
    line: T,
}

fn stamped<T>(line: T) -> Stamped<T> {
    Stamped { stamp: STAMP, line }
}

/// The reports of a run, as one document (`arbitre score`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Document {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`].
    #[serde(default = "version")]
    pub arbitre: String,
    /// Every record, in file order.
    pub records: Vec<RecordReport>,
}

impl Document {
    /// The document of `records`, stamped with this arbitre.
    pub fn new(records: Vec<RecordReport>) -> Self {
        Document {
            schema: SCHEMA,
            arbitre: version(),
            records,
        }
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
            let expected = self.expected.iter().map(|e| crate::limits::quote(e));
            let listed = crate::game::listing(expected, self.expected_total);
            let caption = if self.rule == crate::record::RESULT_MISMATCH {
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

/// The command that explains a rule: every rule reported is declared.
fn explain_command(rule: &crate::rules::Rule) -> Option<String> {
    Some(format!("arbitre explain {}", rule.id))
}

/// The `arbitre moves` command that lists every legal turn of record
/// `index` of `path` at `turn` (a label, `2.B`, or a count of turns, as
/// `--turn` reads them), replayed under the house rules given on the
/// command line: the path as given, quoted for a shell when it must be,
/// and `<file>` for standard input, which cannot be read twice.
pub fn moves_command(
    path: &str,
    index: usize,
    turn: impl std::fmt::Display,
    switches: &Switches,
) -> String {
    let file = if path == "-" {
        "<file>".to_string()
    } else {
        shell_word(path)
    };
    let mut command = format!("arbitre moves {file}");
    if index > 0 {
        command.push_str(&format!(" --record {index}"));
    }
    command.push_str(&format!(" --turn {}", shell_word(&turn.to_string())));
    for (rule, on) in switches.iter() {
        let rule = if on {
            rule.to_string()
        } else {
            format!("{rule}=false")
        };
        command.push_str(&format!(" --rule {}", shell_word(&rule)));
    }
    command
}

/// Where the replay of an illegal record stopped, as `--turn` reads it: the
/// illegal turn's label (`2.B`), or the count of turns played when the
/// verdict is on the game after its last turn.
fn stopped_at(turn: Option<&str>, turn_index: Option<usize>, turns: usize) -> String {
    match turn {
        Some(label) if turn_index == Some(turns) => label.to_string(),
        _ => turns.to_string(),
    }
}

/// `text` as one shell word: as it is when every character is plain,
/// otherwise in single quotes. A path starting with `-` gets `./`, so that
/// it is not read as an option. A path holding a control character (a
/// newline, an escape) or a bidi override is written in ANSI-C quotes
/// (`$'a\nb.arb'`, read by bash, zsh, ksh and POSIX sh), those characters
/// by their bytes: the command stays one line that copies whole, and no
/// terminal acts on it.
fn shell_word(text: &str) -> String {
    use std::fmt::Write;
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./+-:,@%=".contains(c);
    let text = if text.starts_with('-') {
        Cow::Owned(format!("./{text}"))
    } else {
        Cow::Borrowed(text)
    };
    if !text.is_empty() && text.chars().all(plain) {
        text.into_owned()
    } else if text.chars().any(crate::escape::is_escaped) {
        let mut word = String::from("$'");
        for c in text.chars() {
            match c {
                '\'' | '\\' => {
                    word.push('\\');
                    word.push(c);
                }
                c if crate::escape::is_escaped(c) => {
                    for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                        let _ = write!(word, "\\x{byte:02x}");
                    }
                }
                c => word.push(c),
            }
        }
        word.push('\'');
        word
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
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
fn gist(message: &str) -> String {
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
struct Locator<'a> {
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

fn is_zero(n: &usize) -> bool {
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
            game: game.map(str::to_string),
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

/// One record's throws, for `arbitre stats`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThrowRecord {
    /// The file as the user named it.
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// The game.
    pub game: String,
    /// Its throws.
    pub throws: ThrowStats,
}

/// The throws of every record of one game taken together.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThrowTotal {
    /// The game.
    pub game: String,
    /// Records counted.
    pub records: usize,
    /// Their throws together.
    pub throws: ThrowStats,
}

/// A record `stats` could not count, and why.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    /// The file as the user named it.
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// Why it was not counted.
    pub reason: String,
}

/// What `arbitre stats --format json` prints.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StatsDocument {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`].
    #[serde(default = "version")]
    pub arbitre: String,
    /// Each record with throws.
    pub records: Vec<ThrowRecord>,
    /// The throws of each game together.
    pub totals: Vec<ThrowTotal>,
    /// Records not counted, and why.
    pub skipped: Vec<Skipped>,
    /// The `*.arb` files a directory walk left out unread, by reason;
    /// absent when there are none.
    #[serde(default, skip_serializing_if = "LeftOut::is_empty")]
    pub left_out: LeftOut,
}

/// An empty document, stamped with this arbitre.
impl Default for StatsDocument {
    fn default() -> Self {
        StatsDocument {
            schema: SCHEMA,
            arbitre: version(),
            records: Vec::new(),
            totals: Vec::new(),
            skipped: Vec::new(),
            left_out: LeftOut::default(),
        }
    }
}

/// The machine-readable forms of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Machine {
    /// One pretty JSON document.
    Json,
    /// One YAML document.
    Yaml,
    /// One compact JSON object per line: each record, then the summary.
    JsonLines,
}

impl Machine {
    /// A whole document at once, for the reports of one record or of totals.
    pub fn document<T: Serialize>(self, document: &T) -> String {
        let text = match self {
            Machine::Yaml => yaml::to_string(document).map_err(|e| e.to_string()),
            Machine::Json => serde_json::to_string_pretty(document).map_err(|e| e.to_string()),
            Machine::JsonLines => serde_json::to_string(document).map_err(|e| e.to_string()),
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

    /// A whole document written to `out` as it is serialised: the text of
    /// [`Machine::document`], never held, for a document that grows with
    /// a record (`arbitre analyse`, whose turns serialise as they are
    /// valued). An error of the document's own serialising comes back as
    /// an I/O error, after what was written before it.
    pub fn write<T: Serialize>(
        self,
        document: &T,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        /// The writer, and the last byte written to it.
        struct Last<'a> {
            out: &'a mut dyn std::io::Write,
            last: Option<u8>,
        }
        impl std::io::Write for Last<'_> {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                let n = self.out.write(buf)?;
                if let Some(&byte) = buf.get(..n).and_then(<[u8]>::last) {
                    self.last = Some(byte);
                }
                Ok(n)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                self.out.flush()
            }
        }
        let mut to = Last { out, last: None };
        match self {
            Machine::Yaml => {
                serde_yaml::to_writer(&mut to, document).map_err(std::io::Error::other)?
            }
            Machine::Json => serde_json::to_writer_pretty(&mut to, document)?,
            Machine::JsonLines => serde_json::to_writer(&mut to, document)?,
        }
        if to.last != Some(b'\n') {
            to.out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// What `arbitre show` and `arbitre moves` print with `--format json`: a
/// position of a record, whose turn it is, and (for `moves`) the legal
/// turns.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PositionReport {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`].
    #[serde(default = "version")]
    pub arbitre: String,
    /// The file as the user named it (`-` for standard input).
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// The game.
    pub game: String,
    /// Turns played to reach the position.
    pub turns: usize,
    /// The turn about to be played, as a referee names it (`3. red`,
    /// `12.B`): what `--turn` takes back.
    pub label: String,
    /// `finished` once the game is over here, else `unfinished`.
    #[serde(default, deserialize_with = "status_word")]
    pub status: Option<StatusWord>,
    /// Who acts next, by side or camp key, while the game goes on.
    pub to_move: Option<String>,
    /// How the game ended, in the words of `check`'s summary, once over.
    pub over: Option<String>,
    /// The position as a record's `setup` header value.
    pub setup: serde_json::Value,
    /// The position drawn as `show` draws it.
    pub diagram: String,
    /// The record's diagnostic when it bears on the position: the illegal
    /// turn the replay stopped before, or a contradicted `end` or `result`.
    pub illegal: Option<Diagnostic>,
    /// `moves` only: the legal turns, as `moves` lists them (grouped, or
    /// each alone with `--expand`); empty once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Group>>,
    /// `moves` only: how many legal turns there are in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_total: Option<usize>,
    /// `moves` only: what the game adds under the legal turns (the throw
    /// to make, say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<String>>,
}

impl PositionReport {
    /// The report of the position `stop` of the record read from `path`,
    /// checked under `switches`; the legal turns are left for
    /// [`PositionReport::with_legal`].
    pub fn new(path: &str, record: &Record, stop: &Stop, switches: &Switches) -> Self {
        let illegal = stop.illegal.as_ref().and_then(|checked| {
            RecordReport::new(path, record, checked)
                .with_switches(switches)
                .diagnostic
        });
        PositionReport {
            schema: SCHEMA,
            arbitre: version(),
            path: path.to_string(),
            index: record.index,
            game: crate::source::game_of(record)
                .ok()
                .map_or_else(String::new, |g| g.name().to_string()),
            turns: stop.turn,
            label: stop.label.clone(),
            status: Some(if stop.over.is_some() {
                "finished"
            } else {
                "unfinished"
            }),
            to_move: stop.to_move.clone(),
            over: stop.over.clone(),
            setup: stop.setup.clone(),
            diagram: stop.diagram.clone(),
            illegal,
            legal: None,
            legal_total: None,
            notes: None,
        }
    }

    /// The document of `moves` written to `out` in the form `machine`:
    /// with the legal turns of `stop` as [`PositionReport::with_legal`]
    /// gives them. JSON with `expand` is written a turn at a time, the
    /// bytes those of the whole document, so that a position whose turns
    /// multiply (143,640 in Simpei) is never held as a list.
    pub fn write_moves(
        self,
        machine: Machine,
        stop: &Stop,
        expand: bool,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        if machine != Machine::Json || !expand {
            let whole = self.with_legal(stop, expand);
            return out.write_all(machine.document(&whole).as_bytes());
        }
        let total = stop.legal.groups().iter().map(|g| g.turns).sum();
        let shell = PositionReport {
            legal: Some(Vec::new()),
            legal_total: Some(total),
            notes: Some(stop.notes.clone()),
            ..self
        };
        let text = machine.document(&shell);
        // Strings are escaped, so the key appears once, at the top level.
        const EMPTY: &str = "\n  \"legal\": []";
        let Some((head, tail)) = text.split_once(EMPTY) else {
            return out.write_all(text.as_bytes());
        };
        out.write_all(head.as_bytes())?;
        out.write_all(b"\n  \"legal\": [")?;
        let mut listed = 0usize;
        stop.legal.each_play(|play| {
            if listed > 0 {
                out.write_all(b",")?;
            }
            listed += 1;
            let text = serde_json::to_string_pretty(&play).map_err(std::io::Error::other)?;
            out.write_all(indented(&text, "    ", "    ").as_bytes())
        })?;
        out.write_all(if listed == 0 { b"]" } else { b"\n  ]" })?;
        out.write_all(tail.as_bytes())
    }

    /// With the legal turns of `stop`: grouped as `moves` lists them, or
    /// each alone (`expand`), and the game's notes.
    pub fn with_legal(mut self, stop: &Stop, expand: bool) -> Self {
        let groups = stop.legal.groups();
        let total = groups.iter().map(|g| g.turns).sum();
        let legal = if expand {
            let mut each = Vec::new();
            let _ = stop.legal.each_play(|play| {
                each.push(play);
                Ok(())
            });
            each
        } else {
            groups
        };
        self.legal = Some(legal);
        self.legal_total = Some(total);
        self.notes = Some(stop.notes.clone());
        self
    }
}

/// A path that could not be read (a file, a stream, or what a directory
/// walk left unchecked): no record of it was checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unreadable {
    /// The path as the user named it, or as the walk found it.
    pub path: String,
    /// Why it could not be read.
    pub error: String,
    /// The path's own bytes when they are not UTF-8 (a name a walk found),
    /// which `path` shows with U+FFFD in their place: what SARIF's URI of
    /// it is made of. Not written in JSON or YAML, whose strings are text.
    #[serde(skip)]
    pub raw: Option<Vec<u8>>,
}

/// The document of a `check` run: every record, what could not be read,
/// and the totals.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Batch {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`].
    #[serde(default = "version")]
    pub arbitre: String,
    /// Every record, in file order.
    pub records: Vec<RecordReport>,
    /// The paths that could not be read, in the order they were met.
    pub unreadable: Vec<Unreadable>,
    /// The counts by verdict and by rule.
    pub summary: Tally,
}

impl Batch {
    /// The document of a run, stamped with this arbitre.
    pub fn new(records: Vec<RecordReport>, unreadable: Vec<Unreadable>, summary: Tally) -> Self {
        Batch {
            schema: SCHEMA,
            arbitre: version(),
            records,
            unreadable,
            summary,
        }
    }
}

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

/// A [`Batch`] written as the records come: `Json` and `Yaml` stay one
/// valid document (byte for byte what the whole document would serialise
/// to), `JsonLines` one object per record or unreadable path and a closing
/// summary.
/// The pieces are strings so that records can be rendered on any thread
/// and written in order by one.
impl Machine {
    /// What comes before the first record: the stamp, and the records'
    /// key.
    pub fn opening(self) -> String {
        match self {
            Machine::Json => {
                // The stamp as its own object, the records spliced in after.
                let text = Machine::Json.document(&STAMP);
                let fields = text.trim_end().strip_suffix('}').unwrap_or(&text);
                format!("{},\n  \"records\": [", fields.trim_end())
            }
            Machine::Yaml => format!("{}records:", Machine::Yaml.document(&STAMP)),
            Machine::JsonLines => String::new(),
        }
    }

    /// One record, without the separator that `between` gives.
    pub fn record(self, report: &RecordReport) -> String {
        match self {
            Machine::Json => match serde_json::to_string_pretty(report) {
                Ok(text) => indented(&text, "    ", "    "),
                Err(err) => format!("\n    {}", serde_json::Value::String(err.to_string())),
            },
            Machine::Yaml => match yaml::to_string(report) {
                Ok(text) => indented(text.trim_end_matches('\n'), "- ", "  "),
                Err(err) => format!("\n- {err:?}"),
            },
            Machine::JsonLines => match serde_json::to_string(&stamped(report)) {
                Ok(text) => text + "\n",
                Err(err) => format!("{}\n", serde_json::Value::String(err.to_string())),
            },
        }
    }

    /// What goes between two records.
    pub fn between(self) -> &'static str {
        match self {
            Machine::Json => ",",
            Machine::Yaml | Machine::JsonLines => "",
        }
    }

    /// What an unreadable path adds where it is met: a line of its own in
    /// `JsonLines`; nothing in the documents, which list them at the end.
    pub fn unreadable(self, unreadable: &Unreadable) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            unreadable: &'a Unreadable,
        }
        match self {
            Machine::JsonLines => Machine::JsonLines.document(&stamped(Line { unreadable })),
            Machine::Json | Machine::Yaml => String::new(),
        }
    }

    /// What ends the document, after `records` records: the unreadable
    /// paths and the totals.
    pub fn closing(self, records: usize, unreadable: &[Unreadable], tally: &Tally) -> String {
        #[derive(Serialize)]
        struct Rest<'a> {
            unreadable: &'a [Unreadable],
            summary: &'a Tally,
        }
        let rest = Rest {
            unreadable,
            summary: tally,
        };
        match self {
            Machine::Json => {
                // The rest as its own object, spliced in after the records.
                let text = Machine::Json.document(&rest);
                let fields = text.strip_prefix('{').unwrap_or(&text);
                let records_end = if records == 0 { "]" } else { "\n  ]" };
                format!("{records_end},{fields}")
            }
            Machine::Yaml => {
                let records_end = if records == 0 { " []\n" } else { "\n" };
                format!("{records_end}{}", Machine::Yaml.document(&rest))
            }
            Machine::JsonLines => {
                #[derive(Serialize)]
                struct Closing<'a> {
                    summary: &'a Tally,
                }
                Machine::JsonLines.document(&stamped(Closing { summary: tally }))
            }
        }
    }
}

/// Each line of `text` on a new line, the first after `first`, the others
/// after `rest`. Serialised strings hold no raw newline, so lines are safe
/// to indent.
fn indented(text: &str, first: &str, rest: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8 + 8);
    for (i, line) in text.lines().enumerate() {
        out.push('\n');
        out.push_str(if i == 0 { first } else { rest });
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Team;

    fn report(index: usize, warned: bool) -> RecordReport {
        RecordReport {
            path: "a: b.arb".into(),
            index,
            game: Some("simpei".into()),
            verdict: Verdict::Illegal,
            diagnostic: Some(Diagnostic {
                rule: "simpei/occupied".into(),
                message: "c3 is \"taken\"\nreally".into(),
                line: 4,
                column: 2,
                offset: 30,
                length: 2,
                turn_index: Some(1),
                expected: vec!["c5".into(), "d4".into()],
                expected_total: 2,
                turn: Some("1... blue".into()),
                help: None,
                moves_command: Some("arbitre moves 'a: b.arb' --turn 1".into()),
                explain_command: Some("arbitre explain simpei/occupied".into()),
            }),
            warnings: if warned {
                vec![WarningReport {
                    rule: "w".into(),
                    message: "- odd: yes".into(),
                    line: None,
                    column: None,
                    turn_index: None,
                    span: None,
                }]
            } else {
                Vec::new()
            },
            warnings_omitted: 0,
            turns: 1,
            status: Some("unfinished"),
            winner: None,
            to_move: Some("blue".into()),
            scores: Some(Scores(vec![("red".into(), 1), ("blue".into(), 0)])),
            players: Some(Players(vec![("red".into(), "Ann: \"A\"".into())])),
            outcome: (index == 1).then(|| Outcome {
                end: "alignment".into(),
                winners: vec!["red".into()],
                scores: None,
                teams: Some(vec![Team {
                    sides: vec!["red".into(), "yellow".into()],
                    players: vec![Some("Ann".into()), None],
                    score: 3,
                }]),
            }),
            throws: None,
            description: None,
        }
    }

    #[test]
    fn paths_are_one_shell_word() {
        assert_eq!(shell_word("game.arb"), "game.arb");
        assert_eq!(shell_word("-x.arb"), "./-x.arb");
        assert_eq!(shell_word("a b's.arb"), r"'a b'\''s.arb'");
        // A control character or a bidi override: ANSI-C quotes, by bytes.
        assert_eq!(
            shell_word("a\nfake.arb:1:1: legal.arb"),
            r"$'a\x0afake.arb:1:1: legal.arb'"
        );
        assert_eq!(shell_word("it's\u{1b}\\"), r"$'it\'s\x1b\\'");
        assert_eq!(shell_word("\u{202e}bra.arb"), r"$'\xe2\x80\xaebra.arb'");
        let command = moves_command("a\nb.arb", 0, 3, &Switches::new());
        assert_eq!(command, r"arbitre moves $'a\x0ab.arb' --turn 3");
    }

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

    #[test]
    fn moves_written_a_turn_at_a_time_are_the_whole_document() {
        let texts = [
            "---\ngame: puluc\n---\n1. 2:e-2 3:e-7\n",
            // Four pieces sandwiched: 143,640 turns; and a game over.
            "---\ngame: simpei\nsetup: {red: [b2, g1, a7, f6], blue: [c1, e1, a3, a5]}\n---\n",
            "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n",
        ];
        for text in texts {
            let record = crate::Reader::new(text.as_bytes())
                .next()
                .and_then(Result::ok)
                .unwrap_or_else(|| panic!("{text}"));
            let stop = crate::source::stop(&record, &Switches::new(), crate::At::End)
                .unwrap_or_else(|_| panic!("{text}"));
            let report = PositionReport::new("a.arb", &record, &stop, &Switches::new());
            for machine in [Machine::Json, Machine::Yaml] {
                for expand in [false, true] {
                    if machine == Machine::Yaml && expand && text.contains("b2") {
                        continue;
                    }
                    let mut written = Vec::new();
                    let streamed = report
                        .clone()
                        .write_moves(machine, &stop, expand, &mut written);
                    assert!(streamed.is_ok());
                    let whole = machine.document(&report.clone().with_legal(&stop, expand));
                    assert!(written == whole.as_bytes(), "{text} {machine:?} {expand}");
                }
            }
        }
    }

    #[test]
    fn streamed_documents_are_the_whole_documents() {
        for n in 0..3 {
            let records: Vec<RecordReport> = (0..n).map(|i| report(i, i == 1)).collect();
            for format in [Machine::Json, Machine::Yaml] {
                let mut streamed = format.opening().to_string();
                for (i, r) in records.iter().enumerate() {
                    if i > 0 {
                        streamed.push_str(format.between());
                    }
                    streamed.push_str(&format.record(r));
                }
                let unreadable = vec![Unreadable {
                    path: "gone.arb".into(),
                    error: "No such file: \"gone\"".into(),
                    raw: None,
                }];
                let mut tally = Tally::default();
                for r in &records {
                    tally.add(r);
                }
                tally.unreadable = 1;
                streamed.push_str(&format.closing(records.len(), &unreadable, &tally));
                let whole = format.document(&Batch::new(records.clone(), unreadable, tally));
                assert_eq!(streamed, whole, "{format:?} with {n} records");
                let stamp = format!("{{\n  \"schema\": {SCHEMA},\n  \"arbitre\": \"{VERSION}\",\n");
                let yaml_stamp = format!("schema: {SCHEMA}\narbitre: {VERSION}\n");
                assert!(
                    whole.starts_with(&stamp) || whole.starts_with(&yaml_stamp),
                    "{whole}"
                );
            }
            // Each JSON line is a document of its own, stamped first.
            let stamp = format!("{{\"schema\":{SCHEMA},\"arbitre\":\"{VERSION}\",");
            let lines = Machine::JsonLines;
            let mut tally = Tally::default();
            let mut written: Vec<String> = records.iter().map(|r| lines.record(r)).collect();
            for r in &records {
                tally.add(r);
            }
            let gone = Unreadable {
                path: "gone.arb".into(),
                error: "gone".into(),
                raw: None,
            };
            written.push(lines.unreadable(&gone));
            written.push(lines.closing(records.len(), &[], &tally));
            for line in &written {
                assert!(line.starts_with(&stamp) && line.ends_with("}\n"), "{line}");
                assert_eq!(line.matches('\n').count(), 1, "{line}");
                let value: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
                assert_eq!(value["schema"], SCHEMA);
            }
            // And read back into the report types.
            for (line, report) in written.iter().zip(&records) {
                let back: RecordReport =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
                assert_eq!(back.players, report.players);
                assert_eq!(back.outcome, report.outcome);
            }
        }
    }
}
