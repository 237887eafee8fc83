//! Reports for people: miette diagnostics with the source underlined,
//! comfy-table tables, and one line per record.

use std::fmt;

use comfy_table::presets::{ASCII_FULL_CONDENSED, UTF8_FULL_CONDENSED};
use comfy_table::{ContentArrangement, Table as Grid};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};

use arbitre::words::counted;
use arbitre::{Record, RecordReport, Table, Tally, ThrowStats, Unreadable, Verdict};

/// How human output is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// ANSI colours.
    pub color: bool,
    /// Diagnostics drawn with boxes and underlines, for a terminal; told
    /// in plain sentences otherwise, which logs keep readable and screen
    /// readers can say.
    pub drawn: bool,
    /// The columns that diagnostics wrap at.
    pub width: usize,
}

impl Style {
    /// No colour, plain sentences, 100 columns: what a file or a pipe gets.
    pub const PLAIN: Style = Style {
        color: false,
        drawn: false,
        width: 100,
    };
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
#[derive(Debug)]
struct View {
    name: String,
    text: String,
    /// 0-based file line of the view's first line.
    first_line: usize,
    /// Per view line: its byte start in `text`, the characters cut from
    /// its left, and the bytes of the ellipsis put there.
    lines: Vec<(usize, usize, usize)>,
    label: Option<LabeledSpan>,
}

const ELLIPSIS: &str = "…";

impl View {
    /// The view of `label` (an offset and length in the file) in `source`.
    fn new(source: &Snippet<'_>, label: Option<LabeledSpan>) -> View {
        let text = source.record.text.as_str();
        let base = source.record.offset;
        let Some(label) = label else {
            return View {
                name: source.name.to_string(),
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
            name: source.name.to_string(),
            text: String::new(),
            first_line: source.record.line.saturating_sub(1)
                + text[..spans[0].0].matches('\n').count(),
            lines: Vec::new(),
            label: None,
        };
        let mut mapped = (None, None);
        for &(line_from, line_to) in &spans {
            let line = &text[line_from..line_to];
            let cut = line.char_indices().nth(from).map_or(line.len(), |(i, _)| i);
            let shown_end = line[cut..]
                .char_indices()
                .nth(LINE_SHOWN)
                .map_or(line.len(), |(i, _)| cut + i);
            let prefix = if cut > 0 { ELLIPSIS } else { "" };
            let line_at = view.text.len();
            view.lines.push((line_at, from, prefix.len()));
            view.text.push_str(prefix);
            let body = view.text.len();
            view.text.push_str(&line[cut..shown_end]);
            if shown_end < line.len() {
                view.text.push_str(ELLIPSIS);
            }
            // Where a file offset in this line falls in the view.
            let place = |offset: usize| {
                let within = offset.clamp(line_from + cut, line_from + shown_end);
                body + within - (line_from + cut)
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
                .find(|&&(at, _, _)| at > begin)
                .map_or(view.text.len(), |&(at, _, _)| at - 1)
        });
        view.label = Some(LabeledSpan::new(
            label.label().map(str::to_string),
            begin,
            finish.saturating_sub(begin),
        ));
        view
    }

    /// The 0-based file column, in characters, of a view offset.
    fn column(&self, offset: usize) -> usize {
        let line = self
            .lines
            .partition_point(|&(at, _, _)| at <= offset)
            .max(1)
            - 1;
        let Some(&(at, cut, prefix)) = self.lines.get(line) else {
            return 0;
        };
        let body = (at + prefix).min(offset);
        let written = self.text.get(body..offset).map_or(0, |s| s.chars().count());
        cut + written
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
        fmt::Display::fmt(self.inner, f)
    }
}

impl std::error::Error for Drawn<'_> {}

impl miette::Diagnostic for Drawn<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.help()
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
            let code = drawn
                .inner
                .code()
                .map(|c| c.to_string())
                .unwrap_or_default();
            format!("{code}: {}\n", drawn.inner)
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
    let code = drawn
        .inner
        .code()
        .map(|c| c.to_string())
        .unwrap_or_default();
    let mut out = format!("{severity}[{code}]: {}\n", drawn.inner);
    if let Some(label) = &view.label {
        let begin = label.offset();
        let line = view.lines.partition_point(|&(at, _, _)| at <= begin).max(1) - 1;
        let (at, _, _) = view.lines.get(line).copied().unwrap_or_default();
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
    if let Some(help) = drawn.inner.help() {
        for (i, line) in help.to_string().lines().enumerate() {
            let lead = if i == 0 { "help:" } else { "     " };
            let _ = writeln!(out, "  {lead} {line}");
        }
    }
    out
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
            None => format!("  warning[{}]: {}\n", w.rule, w.message),
        })
        .collect();
    text.push_str(&omitted_warnings(report, "  "));
    text
}

/// `... and N more warnings ...`, when a record has more warnings than it
/// keeps ([`arbitre::KEPT_WARNINGS`]); empty otherwise.
fn omitted_warnings(report: &RecordReport, lead: &str) -> String {
    match report.warnings_omitted {
        0 => String::new(),
        more => format!(
            "{lead}... and {more} more {}, not listed (a record keeps its first {})\n",
            if more == 1 { "warning" } else { "warnings" },
            arbitre::KEPT_WARNINGS
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
    let (code, word) = match report.verdict {
        Verdict::Legal => ("32", "legal"),
        Verdict::Illegal => ("31", "illegal"),
        Verdict::Malformed => ("35", "malformed"),
    };
    // Written into one string: this runs for every record of a batch.
    let mut line = String::with_capacity(report.path.len() + 80);
    let _ = write!(line, "{}#{}: ", report.path, report.index);
    if style.color {
        let _ = write!(line, "\x1b[{code}m{word}\x1b[0m: ");
    } else {
        let _ = write!(line, "{word}: ");
    }
    let _ = match (&report.diagnostic, &report.description) {
        (Some(d), _) => match (&d.turn, d.turn_index) {
            (Some(turn), _) => write!(line, "{} at {turn} ({}:{})", d.rule, d.line, d.column),
            (None, Some(i)) => write!(
                line,
                "{} at turn {} ({}:{})",
                d.rule,
                i + 1,
                d.line,
                d.column
            ),
            (None, None) => write!(line, "{} ({}:{})", d.rule, d.line, d.column),
        },
        (None, Some(description)) => write!(
            line,
            "{description} after {}",
            arbitre::words::turns(report.turns)
        ),
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

fn grid(style: Style) -> Grid {
    let mut grid = Grid::new();
    grid.load_preset(if style.color {
        UTF8_FULL_CONDENSED
    } else {
        ASCII_FULL_CONDENSED
    })
    .set_content_arrangement(ContentArrangement::Dynamic);
    grid
}

/// A game's table (scores, statistics) drawn with comfy-table.
pub fn table(table: &Table, style: Style) -> String {
    let mut out = grid(style);
    out.set_header(table.header.clone());
    for row in &table.rows {
        out.add_row(row.clone());
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
            by_rule.add_row(vec![rule.clone(), n.to_string()]);
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

/// `path: unreadable: why`, for the closing list and short output.
pub fn unreadable_line(unreadable: &Unreadable, style: Style) -> String {
    if style.color {
        format!(
            "{}: \x1b[35munreadable\x1b[0m: {}",
            unreadable.path, unreadable.error
        )
    } else {
        format!("{}: unreadable: {}", unreadable.path, unreadable.error)
    }
}

/// A record's findings one per line, `path:line:col: illegal[rule]:
/// message`, the form compilers use, which editors and CI annotations
/// read; warnings too when `warnings` is set.
pub fn short(report: &RecordReport, warnings: bool) -> String {
    use std::fmt::Write;
    let one_line = |text: &str| text.replace(['\n', '\r'], " ");
    let mut out = String::new();
    if let Some(d) = &report.diagnostic {
        let word = match report.verdict {
            Verdict::Malformed => "malformed",
            _ => "illegal",
        };
        let turn = d
            .turn
            .as_ref()
            .map_or(String::new(), |t| format!(" (turn {t})"));
        let _ = writeln!(
            out,
            "{}:{}:{}: {word}[{}]: {}{turn}",
            report.path,
            d.line,
            d.column,
            d.rule,
            one_line(&d.message)
        );
    }
    if warnings {
        for w in &report.warnings {
            let place = match (w.line, w.column) {
                (Some(line), Some(column)) => format!("{}:{line}:{column}", report.path),
                _ => report.path.clone(),
            };
            let _ = writeln!(
                out,
                "{place}: warning[{}]: {}",
                w.rule,
                one_line(&w.message)
            );
        }
        out.push_str(&omitted_warnings(report, &format!("{}: ", report.path)));
    }
    out
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
}
