//! Reports for people: miette diagnostics with the source underlined,
//! comfy-table tables, and one line per record.

use std::fmt;

use comfy_table::presets::{ASCII_FULL_CONDENSED, UTF8_FULL_CONDENSED};
use comfy_table::{ContentArrangement, Table as Grid};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};

use arbitre::escape::{self, for_terminal};
use arbitre::game::Table;
use arbitre::report::Unreadable;
use arbitre::stats::ThrowStats;
use arbitre::words::counted;
use arbitre::{Record, RecordReport, Tally, Verdict};

/// How human output is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// ANSI colours.
    pub color: bool,
    /// Diagnostics drawn with boxes and underlines, for a terminal; told
    /// in plain sentences otherwise, which logs keep readable and screen
    /// readers can say.
    pub drawn: bool,
    /// The columns that diagnostics wrap at and tables fit in.
    pub width: usize,
}

impl Style {
    /// No colour, plain sentences, 100 columns: what a file or a pipe gets.
    pub const PLAIN: Style = Style {
        color: false,
        drawn: false,
        width: 100,
    };

    /// The style for output with these surroundings, when colour was asked
    /// for (`Some(true)` always, `Some(false)` never, `None` when left to
    /// the surroundings: the fuzz targets draw this file without the
    /// command line's types). Colour: always or never when asked so; otherwise
    /// only on a terminal that is not `TERM=dumb`, and never with
    /// `NO_COLOR` set. Drawing (boxes in diagnostics and tables alike):
    /// only on a terminal that is not `TERM=dumb`, whatever the colour.
    /// Width: [`width`].
    pub fn chosen(asked: Option<bool>, around: &Surroundings<'_>) -> Style {
        let dumb = around.term.is_some_and(|t| t.trim() == "dumb");
        let drawn = around.terminal && !dumb;
        let color = match asked {
            Some(color) => color,
            None => drawn && around.no_color.is_none_or(str::is_empty),
        };
        Style {
            color,
            drawn,
            width: width(around.columns, around.terminal_width),
        }
    }
}

/// What the environment and standard output say about how output can be
/// drawn; read once by the command, passed in here so that the choice can
/// be tested without a terminal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Surroundings<'a> {
    /// Standard output is a terminal.
    pub terminal: bool,
    /// The columns the terminal reports, if it is one and reports any.
    pub terminal_width: Option<u16>,
    /// `COLUMNS`, if set.
    pub columns: Option<&'a str>,
    /// `NO_COLOR`, if set.
    pub no_color: Option<&'a str>,
    /// `TERM`, if set.
    pub term: Option<&'a str>,
}

/// The fewest columns output is drawn in: too narrow a box or table draws
/// nothing readable.
pub const NARROWEST: usize = 40;

/// The columns diagnostics and tables are drawn in: `COLUMNS` when it is a
/// whole number from 1 to 65,535; else the terminal's width when it reports
/// one that is not zero (`script` and `docker run -t` report zero); else
/// [`Style::PLAIN`]'s 100; never fewer than [`NARROWEST`].
pub fn width(columns: Option<&str>, terminal: Option<u16>) -> usize {
    columns
        .and_then(|c| c.trim().parse::<u16>().ok())
        .filter(|&c| c > 0)
        .or(terminal.filter(|&c| c > 0))
        .map_or(Style::PLAIN.width, usize::from)
        .max(NARROWEST)
}

/// A record of a file, to draw diagnostics over: only the record is
/// searched for the lines around a span, and lines are numbered as in the
/// file.
#[derive(Debug)]
pub struct Snippet<'a> {
    name: &'a str,
    record: &'a Record,
}

impl<'a> Snippet<'a> {
    /// The record `record` of the file `name`.
    pub fn new(name: &'a str, record: &'a Record) -> Self {
        Snippet { name, record }
    }
}

/// At most this many characters of a source line are drawn: a longer line
/// is cut around the span, with an ellipsis where it was cut. miette cannot
/// draw a span past column 65,535, and nobody reads a line that long.
const LINE_SHOWN: usize = 72;

/// A label may cover this many lines; a longer one is drawn on its first.
const LABEL_LINES: usize = 8;

/// What miette draws for one diagnostic: the lines around its span, each
/// cut to a window of [`LINE_SHOWN`] characters, with the span moved into
/// the window. Locations are still those of the file, columns in
/// characters as everywhere else in arbitre.
///
/// The view is escaped (see [`arbitre::escape`]): no control character of
/// the file reaches the terminal, and a lone CR, which miette would count
/// as a line break where arbitre does not, is shown as `\r`. An escaped
/// character takes two columns or more on screen but one in the file: the
/// label is moved with it, so the underline stays under the action as
/// drawn, and [`View::column`] counts the file's characters back.
#[derive(Debug)]
struct View {
    name: String,
    text: String,
    /// 0-based file line of the view's first line.
    first_line: usize,
    lines: Vec<ViewLine>,
    label: Option<LabeledSpan>,
}

/// One line of a [`View`].
#[derive(Debug, Default, Clone)]
struct ViewLine {
    /// Its byte start in the view's text.
    at: usize,
    /// The characters of the file's line cut from its left.
    cut: usize,
    /// The bytes of the ellipsis put there.
    prefix: usize,
    /// The file's characters shown, before they were escaped.
    shown: String,
}

const ELLIPSIS: &str = "…";

impl View {
    /// The view of `label` (an offset and length in the file) in `source`.
    fn new(source: &Snippet<'_>, label: Option<LabeledSpan>) -> View {
        let text = source.record.text.as_str();
        let base = source.record.offset;
        let Some(label) = label else {
            return View {
                name: for_terminal(source.name).into_owned(),
                text: String::new(),
                first_line: source.record.line.saturating_sub(1),
                lines: Vec::new(),
                label: None,
            };
        };
        let start = floor_boundary(text, label.offset().saturating_sub(base));
        let end = floor_boundary(text, (start + label.len()).max(start));
        let line_start = |at: usize| text[..at].rfind('\n').map_or(0, |i| i + 1);
        let line_end = |at: usize| text[at..].find('\n').map_or(text.len(), |i| at + i);
        let first = line_start(start);
        // The label's lines, with one line of context on either side.
        let mut spans = Vec::new();
        if first > 0 {
            spans.push((line_start(first - 1), first - 1));
        }
        let mut at = first;
        loop {
            let stop = line_end(at);
            spans.push((at, stop));
            if stop >= end.max(start + 1).min(text.len()) || stop == text.len() {
                break;
            }
            at = stop + 1;
            if spans.len() > LABEL_LINES {
                break;
            }
        }
        let last = spans.last().map_or(text.len(), |&(_, stop)| stop);
        if last + 1 < text.len() {
            spans.push((last + 1, line_end(last + 1)));
        }
        let column = text[first..start].chars().count();
        let label_chars = text[start..end.min(line_end(start))].chars().count();
        let from = if column + label_chars.min(LINE_SHOWN / 2) < LINE_SHOWN {
            0
        } else {
            column - LINE_SHOWN / 4
        };
        let mut view = View {
            name: for_terminal(source.name).into_owned(),
            text: String::new(),
            // Counted with memchr, as the reader counts lines: a diagnostic
            // deep in a long record counts every line before it.
            first_line: source.record.line.saturating_sub(1)
                + memchr::memchr_iter(b'\n', &text.as_bytes()[..spans[0].0]).count(),
            lines: Vec::new(),
            label: None,
        };
        let mut mapped = (None, None);
        for &(line_from, line_to) in &spans {
            // A CR before the LF ends the line with it; a lone one is shown.
            let ends_crlf = line_to < text.len() && text[line_from..line_to].ends_with('\r');
            let line = &text[line_from..line_to - usize::from(ends_crlf)];
            let cut = line.char_indices().nth(from).map_or(line.len(), |(i, _)| i);
            let shown_end = line[cut..]
                .char_indices()
                .nth(LINE_SHOWN)
                .map_or(line.len(), |(i, _)| cut + i);
            let prefix = if cut > 0 { ELLIPSIS } else { "" };
            let shown = &line[cut..shown_end];
            view.lines.push(ViewLine {
                at: view.text.len(),
                cut: from,
                prefix: prefix.len(),
                shown: shown.to_string(),
            });
            view.text.push_str(prefix);
            let body = view.text.len();
            view.text.push_str(&for_terminal(shown));
            if shown_end < line.len() {
                view.text.push_str(ELLIPSIS);
            }
            // Where a file offset in this line falls in the view: after
            // the escaped form of the characters before it.
            let place = |offset: usize| {
                let within = offset.clamp(line_from + cut, line_from + shown_end);
                body + escape::escaped_len(&text[line_from + cut..within])
            };
            if (line_from..=line_to).contains(&start) && mapped.0.is_none() {
                mapped.0 = Some(place(start));
            }
            if (line_from..=line_to).contains(&end) {
                mapped.1 = Some(place(end));
            }
            view.text.push('\n');
        }
        let begin = mapped.0.unwrap_or(0);
        // A label past the view's lines is drawn to the end of its first.
        let finish = mapped.1.unwrap_or_else(|| {
            view.lines
                .iter()
                .find(|line| line.at > begin)
                .map_or(view.text.len(), |line| line.at - 1)
        });
        view.label = Some(LabeledSpan::new(
            label.label().map(|text| for_terminal(text).into_owned()),
            begin,
            finish.saturating_sub(begin),
        ));
        view
    }

    /// The index of the view line that holds a view offset.
    fn line_of(&self, offset: usize) -> usize {
        self.lines.partition_point(|line| line.at <= offset).max(1) - 1
    }

    /// The 0-based file column, in characters, of a view offset.
    fn column(&self, offset: usize) -> usize {
        let Some(line) = self.lines.get(self.line_of(offset)) else {
            return 0;
        };
        let body = line.at + line.prefix;
        line.cut + escape::chars_before(&line.shown, offset.saturating_sub(body))
    }
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

impl SourceCode for View {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let inner =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        let column = if context_lines_before == 0 {
            self.column(span.offset())
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line,
            column,
            inner.line_count(),
        )))
    }
}

/// A diagnostic of the library, drawn over its view.
struct Drawn<'a> {
    inner: &'a dyn miette::Diagnostic,
    view: View,
}

impl<'a> Drawn<'a> {
    fn new(inner: &'a dyn miette::Diagnostic, source: &Snippet<'_>) -> Self {
        let label = inner.labels().and_then(|mut labels| labels.next());
        Drawn {
            inner,
            view: View::new(source, label),
        }
    }
}

impl fmt::Debug for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&for_terminal(&self.inner.to_string()))
    }
}

impl std::error::Error for Drawn<'_> {}

impl miette::Diagnostic for Drawn<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let code = self.inner.code()?.to_string();
        Some(Box::new(for_terminal(&code).into_owned()))
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }
    /// Its lines as arbitre wrote them, each escaped.
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        let help = self.inner.help()?.to_string();
        Some(Box::new(escape::lines(&help).into_owned()))
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.view
            .label
            .as_ref()
            .map(|_| &self.view as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label = self.view.label.clone()?;
        Some(Box::new(std::iter::once(label)))
    }
}

fn render(style: Style, drawn: &Drawn<'_>) -> String {
    let mut out = String::new();
    let rendered = if style.drawn {
        let theme = if style.color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        GraphicalReportHandler::new_themed(theme)
            .with_links(false)
            .with_width(style.width)
            // A path or a command is copied whole, not cut at the width.
            .with_break_words(false)
            .with_context_lines(1)
            .render_report(&mut out, drawn)
    } else {
        return narrate(drawn);
    };
    match rendered {
        Ok(()) => out,
        Err(_) => {
            let code = miette::Diagnostic::code(drawn)
                .map(|c| c.to_string())
                .unwrap_or_default();
            format!("{code}: {drawn}\n")
        }
    }
}

/// A diagnostic told in plain lines, for a file, a pipe or a screen reader:
/// what is wrong, where (file, line and column, the place quoted), the
/// line itself, and the help.
///
/// ```text
/// error[simpei/occupied]: c5 is occupied (turn 1... blue)
///   at game.arb:4:15, `c5`
///   line 4: {Chloé} 1. c5 c5
///   help: legal here: a1, c1, e1
/// ```
fn narrate(drawn: &Drawn<'_>) -> String {
    use std::fmt::Write;
    let view = &drawn.view;
    let severity = match drawn.inner.severity() {
        Some(miette::Severity::Warning) => "warning",
        Some(miette::Severity::Advice) => "note",
        _ => "error",
    };
    let code = miette::Diagnostic::code(drawn)
        .map(|c| c.to_string())
        .unwrap_or_default();
    let mut out = format!("{severity}[{code}]: {drawn}\n");
    if let Some(label) = &view.label {
        let begin = label.offset();
        let line = view.line_of(begin);
        let at = view.lines.get(line).map_or(0, |line| line.at);
        let text_end = view.text[at..]
            .find('\n')
            .map_or(view.text.len(), |i| at + i);
        let place_end = (begin + label.len()).min(text_end).max(begin);
        let number = view.first_line + line + 1;
        let column = view.column(begin) + 1;
        let _ = write!(out, "  at {}:{number}:{column}", view.name);
        match view.text.get(begin..place_end) {
            Some(place) if !place.trim().is_empty() => {
                let _ = writeln!(out, ", `{place}`");
            }
            _ => out.push('\n'),
        }
        let _ = writeln!(out, "  line {number}: {}", &view.text[at..text_end]);
    }
    if let Some(help) = miette::Diagnostic::help(drawn) {
        for (i, line) in help.to_string().lines().enumerate() {
            let lead = if i == 0 { "help:" } else { "     " };
            let _ = writeln!(out, "  {lead} {line}");
        }
    }
    out
}

/// A record as `check` draws it after its verdict `line`: its diagnostic
/// and, with `warnings`, its warnings, each over its source.
pub fn record(
    line: &str,
    report: &RecordReport,
    source: &Snippet<'_>,
    style: Style,
    warnings: bool,
) -> String {
    let mut text = String::with_capacity(line.len() + 1);
    text.push_str(line);
    text.push('\n');
    text.push_str(&diagnostic(report, source, style));
    if warnings {
        text.push_str(&self::warnings(report, source, style));
    }
    text
}

/// The diagnostic of a record that is not legal, drawn over its source.
pub fn diagnostic(report: &RecordReport, source: &Snippet<'_>, style: Style) -> String {
    match &report.diagnostic {
        Some(d) => render(style, &Drawn::new(d, source)),
        None => String::new(),
    }
}

/// The warnings of a record, each drawn over its source when it has a place;
/// then how many more the record has, when it has more than it keeps.
pub fn warnings(report: &RecordReport, source: &Snippet<'_>, style: Style) -> String {
    let mut text: String = report
        .warnings
        .iter()
        .map(|w| match w.span {
            Some(_) => render(style, &Drawn::new(w, source)),
            None => format!(
                "  warning[{}]: {}\n",
                for_terminal(&w.rule),
                for_terminal(&w.message)
            ),
        })
        .collect();
    text.push_str(&omitted_warnings(report, "  "));
    text
}

/// `... and N more warnings ...`, when a record has more warnings than it
/// keeps ([`arbitre::replay::KEPT_WARNINGS`]); empty otherwise.
fn omitted_warnings(report: &RecordReport, lead: &str) -> String {
    match report.warnings_omitted {
        0 => String::new(),
        more => format!(
            "{lead}... and {more} more {}, not listed (a record keeps its first {})\n",
            if more == 1 { "warning" } else { "warnings" },
            arbitre::replay::KEPT_WARNINGS
        ),
    }
}

/// `path#index: verdict ...`, the one line `check` prints per record.
pub fn verdict_line(report: &RecordReport, style: Style) -> String {
    verdict_line_counting(report, style, true)
}

/// The verdict line, with its count of warnings when `warnings` is set.
pub fn verdict_line_counting(report: &RecordReport, style: Style, warnings: bool) -> String {
    use std::fmt::Write;
    let word = report.verdict.word();
    let code = match report.verdict {
        Verdict::Legal => "32",
        Verdict::Illegal => "31",
        Verdict::Malformed => "35",
    };
    // Written into one string, pushed rather than formatted: this runs for
    // every record of a batch.
    let mut line = String::with_capacity(report.path.len() + 80);
    line.push_str(&for_terminal(&report.path));
    line.push('#');
    line.push_str(itoa::Buffer::new().format(report.index));
    line.push_str(": ");
    if style.color {
        let _ = write!(line, "\x1b[{code}m{word}\x1b[0m: ");
    } else {
        line.push_str(word);
        line.push_str(": ");
    }
    let _ = match (&report.diagnostic, &report.description) {
        (Some(d), _) => {
            let rule = for_terminal(&d.rule);
            match (&d.turn, d.turn_index) {
                (Some(turn), _) => write!(
                    line,
                    "{rule} at {} ({}:{})",
                    for_terminal(turn),
                    d.line,
                    d.column
                ),
                (None, Some(i)) => {
                    write!(line, "{rule} at turn {} ({}:{})", i + 1, d.line, d.column)
                }
                (None, None) => write!(line, "{rule} ({}:{})", d.line, d.column),
            }
        }
        (None, Some(description)) => {
            line.push_str(&for_terminal(description));
            line.push_str(" after ");
            arbitre::words::push_turns(&mut line, report.turns);
            Ok(())
        }
        (None, None) => Ok(()),
    };
    let _ = match report.warning_count() {
        _ if !warnings => Ok(()),
        0 => Ok(()),
        1 => write!(line, ", 1 warning"),
        n => write!(line, ", {n} warnings"),
    };
    line
}

/// A table drawn as diagnostics are: boxed in Unicode when drawn, in ASCII
/// otherwise; as wide as the style, not as comfy-table guesses (a terminal
/// that reports zero columns would leave a letter per cell).
fn grid(style: Style) -> Grid {
    let mut grid = Grid::new();
    grid.load_preset(if style.drawn {
        UTF8_FULL_CONDENSED
    } else {
        ASCII_FULL_CONDENSED
    })
    .set_content_arrangement(ContentArrangement::Dynamic)
    .set_width(u16::try_from(style.width).unwrap_or(u16::MAX));
    grid
}

/// A game's table (scores, statistics) drawn with comfy-table, each cell
/// escaped and cut as [`escape::cut`] cuts free text: the names in it come
/// from the record.
pub fn table(table: &Table, style: Style) -> String {
    let cells = |row: &[String]| -> Vec<String> {
        row.iter()
            .map(|cell| escape::cut(cell).into_owned())
            .collect()
    };
    let mut out = grid(style);
    out.set_header(cells(&table.header));
    for row in &table.rows {
        out.add_row(cells(row));
    }
    format!("{out}\n")
}

/// The summary of a `check` run: the rules broken, then the totals, last,
/// where a terminal leaves them in view.
pub fn summary(tally: &Tally, style: Style) -> String {
    let mut text = String::new();
    if !tally.rules.is_empty() {
        let mut by_rule = grid(style);
        by_rule.set_header(vec!["rule", "records"]);
        for (rule, n) in &tally.rules {
            by_rule.add_row(vec![for_terminal(rule).into_owned(), n.to_string()]);
        }
        text.push_str(&format!("{by_rule}\n"));
    }
    let mut totals = grid(style);
    let mut header = vec!["records", "legal", "illegal", "malformed"];
    let mut row = vec![tally.records, tally.legal, tally.illegal, tally.malformed];
    if tally.unreadable > 0 {
        header.push("unreadable");
        row.push(tally.unreadable);
    }
    header.push("warnings");
    row.push(tally.warnings);
    // Only when a walk left files out: other totals stay as they were.
    if !tally.left_out.is_empty() {
        header.push("left out");
        row.push(tally.left_out.total());
    }
    totals.set_header(header);
    totals.add_row(row.iter().map(ToString::to_string).collect::<Vec<_>>());
    text.push_str(&format!("{totals}\n"));
    text
}

/// The most lines the closing list of a run holds: a CI log shows the first
/// failures to mend, and the totals count every one.
pub const LISTED_FAILURES: usize = 100;

/// The closing list of what failed a run, one line each: records by their
/// verdict line, paths that could not be read; `total` failures in all, of
/// which those past the `listed` lines are counted on a last line
/// (`records_omitted` of them records, the rest unreadable paths).
pub fn failures(listed: &[String], total: usize, records_omitted: usize) -> String {
    let mut text = format!("Failed ({total}):\n");
    for line in listed {
        text.push_str("  ");
        text.push_str(line);
        text.push('\n');
    }
    let omitted = total.saturating_sub(listed.len());
    let paths_omitted = omitted.saturating_sub(records_omitted);
    let more =
        |n: usize, one: &str, many: &str| counted(n as u64, one, many).replacen(' ', " more ", 1);
    let records = more(records_omitted, "failed record", "failed records");
    let paths = more(paths_omitted, "unreadable path", "unreadable paths");
    let left_out = match (records_omitted, paths_omitted) {
        (0, 0) => return text,
        (_, 0) => records,
        (0, _) => paths,
        _ => format!("{records} and {paths}"),
    };
    text.push_str(&format!(
        "  ... and {left_out} (the list stops at {LISTED_FAILURES}; the totals count every one)\n"
    ));
    text
}

/// `path: unreadable: why`, for the closing list.
pub fn unreadable_line(unreadable: &Unreadable, style: Style) -> String {
    let (path, error) = (
        for_terminal(&unreadable.path),
        for_terminal(&unreadable.error),
    );
    if style.color {
        format!("{path}: \x1b[35munreadable\x1b[0m: {error}")
    } else {
        format!("{path}: unreadable: {error}")
    }
}

/// A record's p-value on its line of `stats`, said to be rough when some
/// expected count is below 5, as the totals' table says.
pub fn p_value(stats: &ThrowStats) -> String {
    match stats.p_value {
        None => "no p-value".to_string(),
        Some(p) if stats.is_rough() => {
            format!("p-value {p:.4} (rough: some expected count is below 5)")
        }
        Some(p) => format!("p-value {p:.4}"),
    }
}

/// The one line of `stats` for the records skipped because their game has
/// no throws, counted by game: `skipped: 3 records of games without throws
/// (simpei 2, superpion 1)`; `None` when there are none.
pub fn without_throws(by_game: &[(&str, u64)]) -> Option<String> {
    let total: u64 = by_game.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return None;
    }
    let games: Vec<String> = by_game.iter().map(|(g, n)| format!("{g} {n}")).collect();
    Some(format!(
        "skipped: {} of games without throws ({})",
        counted(total, "record", "records"),
        games.join(", ")
    ))
}

/// Throw counts against fair throws, and the chi-square test, for `stats`.
pub fn throw_table(stats: &ThrowStats, style: Style) -> String {
    let mut out = grid(style);
    out.set_header(vec!["throw", "observed", "expected", "fair chance"]);
    for v in &stats.values {
        out.add_row(vec![
            v.value.to_string(),
            v.count.to_string(),
            format!("{:.2}", v.expected),
            format!("{:.4}", v.chance),
        ]);
    }
    let mut text = format!("{out}\n");
    match (stats.chi_square, stats.p_value) {
        (Some(x), Some(p)) => text.push_str(&format!(
            "chi-square {x:.3} with {} degrees of freedom: p-value {p:.4}\n",
            stats.degrees_of_freedom
        )),
        _ => text.push_str("no p-value: no throws to test\n"),
    }
    if stats.throws > 0 && stats.is_rough() {
        text.push_str(
            "(some expected count is below 5: with so few throws the p-value is rough)\n",
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbitre::{Reader, Switches};

    /// The diagnostic of the first record of `text`, drawn for a terminal
    /// `width` columns wide.
    fn drawn(text: &str, width: usize) -> String {
        let Some(Ok(record)) = Reader::new(text.as_bytes()).next() else {
            panic!("no record in {text:?}");
        };
        let checked = arbitre::check(&record, &Switches::new());
        let report = RecordReport::new("game.arb", &record, &checked);
        let style = Style {
            color: false,
            drawn: true,
            width,
        };
        diagnostic(&report, &Snippet::new("game.arb", &record), style)
    }

    /// The place `[game.arb:line:column]` of a drawn diagnostic.
    fn drawn_place(out: &str) -> &str {
        let start = out.find("[game.arb:").map_or(0, |i| i + 1);
        let end = out[start..].find(']').map_or(out.len(), |i| start + i);
        &out[start..end]
    }

    #[test]
    fn a_lone_cr_is_shown_and_drawn_where_it_is_reported() {
        let text = "---\ngame: simpei\n---\n{a\rb\rc} 1. c5 c5\n";
        let Some(Ok(record)) = Reader::new(text.as_bytes()).next() else {
            panic!("no record");
        };
        let checked = arbitre::check(&record, &Switches::new());
        let report = RecordReport::new("game.arb", &record, &checked);
        let Some(d) = &report.diagnostic else {
            panic!("legal")
        };
        assert_eq!((d.line, d.column), (4, 15));
        let out = drawn(text, 100);
        assert_eq!(drawn_place(&out), "game.arb:4:15", "{out}");
        assert!(out.contains(" 4 │ {a\\rb\\rc} 1. c5 c5\n"), "{out}");
        // Its neighbour: CRLF line ends are line ends, not shown.
        let crlf = drawn("---\r\ngame: simpei\r\n---\r\n1. c5\r\n c5\r\n", 100);
        assert_eq!(drawn_place(&crlf), "game.arb:5:2", "{crlf}");
        assert!(!crlf.contains("\\r"), "{crlf}");
        let plain = super::diagnostic(&report, &Snippet::new("game.arb", &record), Style::PLAIN);
        assert!(plain.contains("at game.arb:4:15"), "{plain}");
        assert!(plain.contains("line 4: {a\\rb\\rc} 1. c5 c5\n"), "{plain}");
    }

    #[test]
    fn the_underline_stays_under_the_action_past_escapes() {
        // ESC and BEL before the action: shown as `\e` and `\a`, two
        // columns each, yet the column is the file's.
        let out = drawn("---\ngame: simpei\n---\n{\u{1b}[2J\u{7}} 1. c5 c5\n", 100);
        assert_eq!(drawn_place(&out), "game.arb:4:15", "{out}");
        let lines: Vec<&str> = out.lines().collect();
        let Some(source) = lines.iter().position(|l| l.contains(" 4 │ ")) else {
            panic!("no line 4 in\n{out}");
        };
        let columns = |line: &str, what: &str| {
            line.find(what)
                .map(|at| line[..at].chars().count())
                .unwrap_or(usize::MAX)
        };
        let shown = lines[source];
        assert!(shown.contains("{\\e[2J\\a} 1. c5 c5"), "{out}");
        let action = columns(shown, "c5 c5") + 3;
        let underline = lines.get(source + 1).copied().unwrap_or_default();
        assert_eq!(columns(underline, "─"), action, "{out}");
        assert_eq!(
            underline.chars().filter(|&c| c == '─' || c == '┬').count(),
            2
        );
        // Its neighbour without ESC and BEL: the same action two columns
        // left in the file (four on screen).
        let out = drawn("---\ngame: simpei\n---\n{[2J} 1. c5 c5\n", 100);
        assert_eq!(drawn_place(&out), "game.arb:4:13", "{out}");
    }

    #[test]
    fn the_box_counts_columns_in_characters() {
        // `c5` the second time, after 14 characters (15 bytes).
        let out = drawn("---\ngame: simpei\n---\n{Chloé} 1. c5 c5\n", 100);
        assert!(out.contains("[game.arb:4:15]"), "{out}");
    }

    #[test]
    fn the_box_wraps_at_the_terminal_width() {
        // A long help: the legal placements.
        let record = "---\ngame: simpei\n---\n1. c3 c3\n";
        for width in [60, 80, 140] {
            let out = drawn(record, width);
            let widest = out.lines().map(|l| l.chars().count()).max().unwrap_or(0);
            assert!(
                widest <= width,
                "{width} columns, a line of {widest}:\n{out}"
            );
        }
        let wide = drawn(record, 140);
        assert!(wide.lines().any(|l| l.chars().count() > 100), "{wide}");
    }

    #[test]
    fn a_p_value_of_few_throws_is_said_to_be_rough() {
        let fair = [
            (1, 4.0 / 16.0),
            (2, 6.0 / 16.0),
            (3, 4.0 / 16.0),
            (4, 1.0 / 16.0),
            (5, 1.0 / 16.0),
        ];
        let three = ThrowStats::from_counts(&fair, &[1, 1, 1, 0, 0]);
        assert!(p_value(&three).ends_with(" (rough: some expected count is below 5)"));
        // Its neighbour: 80 throws, every expected count at least 5.
        let eighty = ThrowStats::from_counts(&fair, &[20, 30, 20, 5, 5]);
        assert_eq!(p_value(&eighty), "p-value 1.0000");
        let seventy_nine = ThrowStats::from_counts(&fair, &[20, 29, 20, 5, 5]);
        assert!(p_value(&seventy_nine).contains("rough"));
    }

    #[test]
    fn records_without_throws_are_counted_on_one_line() {
        assert_eq!(without_throws(&[]), None);
        assert_eq!(
            without_throws(&[("simpei", 1)]).as_deref(),
            Some("skipped: 1 record of games without throws (simpei 1)")
        );
        assert_eq!(
            without_throws(&[("simpei", 2), ("superpion", 1)]).as_deref(),
            Some("skipped: 3 records of games without throws (simpei 2, superpion 1)")
        );
    }

    /// A terminal of `columns` columns (`None`: it reports none), with
    /// `COLUMNS` and `TERM` as given and `NO_COLOR` unset.
    fn terminal<'a>(
        columns: Option<u16>,
        env_columns: Option<&'a str>,
        term: Option<&'a str>,
    ) -> Surroundings<'a> {
        Surroundings {
            terminal: true,
            terminal_width: columns,
            columns: env_columns,
            no_color: None,
            term,
        }
    }

    #[test]
    fn the_width_is_columns_then_the_terminals_then_a_default() {
        // COLUMNS wins when it is a sane number...
        assert_eq!(width(Some("120"), Some(80)), 120);
        assert_eq!(width(Some(" 90 "), None), 90);
        // ...and is passed over when it is not.
        for insane in ["0", "-3", "wide", "", "70000"] {
            assert_eq!(width(Some(insane), Some(80)), 80, "COLUMNS={insane:?}");
            assert_eq!(width(Some(insane), None), 100, "COLUMNS={insane:?}");
        }
        // A terminal that reports zero columns (`script`, `docker run -t`)
        // gets the default, its neighbour its own width.
        assert_eq!(width(None, Some(0)), 100);
        assert_eq!(width(None, Some(132)), 132);
        assert_eq!(width(None, None), 100);
        // Never narrower than a box can be drawn in.
        assert_eq!(width(Some("12"), None), NARROWEST);
        assert_eq!(width(None, Some(39)), NARROWEST);
        assert_eq!(width(None, Some(41)), 41);
    }

    /// A table wide enough to need wrapping below 100 columns.
    fn wide_table() -> Table {
        let words = "a name long enough to need its own line of the table";
        Table {
            header: vec!["player".into(), "pieces".into(), "note".into()],
            rows: vec![vec!["Aiko".into(), "12".into(), words.into()]],
        }
    }

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn tables_fit_the_width_diagnostics_wrap_at() {
        let table = wide_table();
        // COLUMNS is honoured by tables, terminal or not.
        for around in [
            terminal(Some(0), Some("50"), None),
            Surroundings {
                columns: Some("50"),
                ..Surroundings::default()
            },
        ] {
            let style = Style::chosen(Some(false), &around);
            assert_eq!(style.width, 50);
            let out = super::table(&table, style);
            assert!(widest(&out) <= 50, "{out}");
        }
        // A terminal that reports zero columns: the cells keep their words.
        let style = Style::chosen(None, &terminal(Some(0), None, None));
        let out = super::table(&table, style);
        assert!(out.contains("player") && out.contains("Aiko"), "{out}");
        assert!(widest(&out) <= 100, "{out}");
        // Its neighbour: room enough, one line per row.
        let style = Style::chosen(None, &terminal(Some(200), None, None));
        let out = super::table(&table, style);
        assert_eq!(out.lines().count(), 5, "{out}");
    }

    #[test]
    fn term_dumb_gets_no_colour_and_no_drawing() {
        let dumb = Style::chosen(None, &terminal(Some(80), None, Some("dumb")));
        assert!(!dumb.color && !dumb.drawn, "{dumb:?}");
        // Its neighbour: a terminal that can draw.
        let xterm = Style::chosen(None, &terminal(Some(80), None, Some("xterm")));
        assert!(xterm.color && xterm.drawn, "{xterm:?}");
        // Asked for, colour is given even there; drawing is still not.
        let asked = Style::chosen(Some(true), &terminal(Some(80), None, Some("dumb")));
        assert!(asked.color && !asked.drawn, "{asked:?}");
        // NO_COLOR turns colour off, not drawing.
        let no_color = Surroundings {
            no_color: Some("1"),
            ..terminal(Some(80), None, None)
        };
        let style = Style::chosen(None, &no_color);
        assert!(!style.color && style.drawn, "{style:?}");
        // A pipe: neither.
        let pipe = Style::chosen(None, &Surroundings::default());
        assert!(!pipe.color && !pipe.drawn, "{pipe:?}");
    }

    #[test]
    fn tables_and_diagnostics_are_boxed_alike() {
        let record = "---\ngame: simpei\n---\n1. c3 c3\n";
        let Some(Ok(record)) = Reader::new(record.as_bytes()).next() else {
            panic!("no record");
        };
        let checked = arbitre::check(&record, &Switches::new());
        let report = RecordReport::new("game.arb", &record, &checked);
        let boxed = |style: Style| {
            let diagnostic = diagnostic(&report, &Snippet::new("game.arb", &record), style);
            let table = super::table(&wide_table(), style);
            (diagnostic.contains('│'), table.contains('│'))
        };
        // `--color never` on a terminal: Unicode boxes for both.
        let never = Style::chosen(Some(false), &terminal(Some(80), None, None));
        assert_eq!(boxed(never), (true, true));
        // TERM=dumb, and a pipe even with `--color always`: neither.
        let dumb = Style::chosen(None, &terminal(Some(80), None, Some("dumb")));
        assert_eq!(boxed(dumb), (false, false));
        let pipe = Style::chosen(Some(true), &Surroundings::default());
        assert_eq!(boxed(pipe), (false, false));
    }
}

/// Human and short output never carry a control character of the input.
#[cfg(test)]
mod props {
    use super::*;
    use arbitre::{Reader, Switches};
    use proptest::prelude::*;

    /// Every human and short form of every record of `text`, read from
    /// the file `path`, each with whether colour was on.
    fn every_output(path: &str, text: &[u8]) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        let mut tally = Tally::default();
        for record in Reader::new(text).take(4) {
            let record = match record {
                Ok(record) => record,
                Err(err) => {
                    let unreadable = Unreadable {
                        path: path.to_string(),
                        error: err.to_string(),
                        raw: None,
                    };
                    for color in [false, true] {
                        let style = Style {
                            color,
                            ..Style::PLAIN
                        };
                        out.push((unreadable_line(&unreadable, style), color));
                    }
                    break;
                }
            };
            let checked = arbitre::check(&record, &Switches::new());
            let report = RecordReport::new(path, &record, &checked);
            tally.add(&report);
            let source = Snippet::new(path, &record);
            for (color, drawn) in [(false, false), (false, true), (true, true)] {
                let style = Style {
                    color,
                    drawn,
                    width: 80,
                };
                out.push((verdict_line(&report, style), color));
                out.push((diagnostic(&report, &source, style), color));
                out.push((warnings(&report, &source, style), color));
                if let Some(table) = arbitre::dispatch::score_table(&record, &Switches::new()) {
                    out.push((super::table(&table, style), color));
                }
                out.push((summary(&tally, style), color));
            }
            let seen = arbitre::report::Seen {
                path,
                record: &record,
                report: &report,
                fails: false,
            };
            out.push((arbitre::report::short(&seen, true, false), false));
        }
        out
    }

    /// Characters a terminal acts on, and text around them.
    fn piece() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "\u{1b}",
                "\u{1b}[2J",
                "\u{1b}]0;x\u{7}",
                "\u{7}",
                "\r",
                "\n",
                "\r\n",
                "\t",
                "\0",
                "\u{7f}",
                "\u{85}",
                "\u{9b}",
                "\u{202e}",
                "\u{2066}",
                "\u{2028}",
                "\u{200b}",
                "\u{feff}",
                "\u{ad}",
                "\u{e0041}",
                "\u{fe0f}",
                "é",
                "日",
            ])
            .prop_map(str::to_string),
            prop::sample::select(vec![
                "1.", "1...", "c5", "f4", "c5 c5", "2:e-2", "1.B", "g3-g5", "{", "}", ";", " ",
                "zz9", "2.", "a7", "---",
            ])
            .prop_map(str::to_string),
            "[a-z ]{0,6}",
        ]
    }

    fn pieces() -> impl Strategy<Value = String> {
        prop::collection::vec(piece(), 0..12).prop_map(|p| p.concat())
    }

    /// A record with input text in its names, its movetext and its
    /// comments, or raw bytes after a header.
    fn record() -> impl Strategy<Value = Vec<u8>> {
        let game = prop::sample::select(vec!["simpei", "puluc", "superpion"]);
        prop_oneof![
            (game.clone(), pieces(), pieces(), pieces()).prop_map(|(game, name, moves, note)| {
                let players = match game {
                    "puluc" => "a, b",
                    "superpion" => "blue, red",
                    _ => "red, blue",
                };
                let (first, second) = players.split_once(", ").unwrap_or(("red", "blue"));
                let name = serde_json::Value::String(name).to_string();
                format!(
                    "---\ngame: {game}\nplayers: {{{first}: {name}, {second}: b}}\n---\n\
                     {{{note}}} {moves}\n"
                )
                .into_bytes()
            }),
            (game, pieces(), pieces()).prop_map(|(game, key, moves)| {
                format!("---\ngame: {game}\n{key}: x\n---\n{moves}\n").into_bytes()
            }),
            prop::collection::vec(any::<u8>(), 0..200).prop_map(|bytes| {
                let mut text = b"---\ngame: simpei\n---\n".to_vec();
                text.extend(bytes);
                text
            }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// No output carries a control character but its line ends (and
        /// its own colour codes): whatever the path, the names, the
        /// comments or the bytes of the record.
        #[test]
        fn no_output_is_forged(path in pieces(), text in record()) {
            let path = format!("{path}.arb");
            for (shown, color) in every_output(&path, &text) {
                let stray = arbitre::escape::first_unshown(&shown, color);
                prop_assert!(stray.is_none(), "{:?} at {:?} in\n{:?}", text, stray, shown);
            }
        }
    }
}
