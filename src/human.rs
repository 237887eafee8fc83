//! Reports for people: miette diagnostics with the source underlined,
//! comfy-table tables, and one line per record.

use std::fmt;
use std::io::IsTerminal;

use comfy_table::presets::{ASCII_FULL_CONDENSED, UTF8_FULL_CONDENSED};
use comfy_table::{ContentArrangement, Table as Grid};
use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError, MietteSpanContents,
    SourceCode, SourceSpan, SpanContents,
};

use arbitre::{Record, RecordReport, Table, Tally, ThrowStats, Verdict};

use crate::cli::ColorChoice;

/// How human output is drawn: colour only on a terminal, never with
/// `NO_COLOR` set (unless asked for explicitly).
#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
}

impl Style {
    pub fn detect(choice: ColorChoice) -> Self {
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        };
        Style { color }
    }
}

/// A record's text as miette reads it: only the record is searched for
/// the lines around a span, and the lines are numbered as in the file.
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

impl SourceCode for Snippet<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let base = self.record.offset;
        let local = SourceSpan::new(span.offset().saturating_sub(base).into(), span.len());
        let inner = self.record.text.as_str().read_span(
            &local,
            context_lines_before,
            context_lines_after,
        )?;
        let found = inner.span();
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            SourceSpan::new((found.offset() + base).into(), found.len()),
            inner.line() + self.record.line - 1,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// A diagnostic of the library, drawn over the record it is about.
struct Drawn<'a> {
    inner: &'a dyn miette::Diagnostic,
    source: &'a Snippet<'a>,
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
        Some(self.source)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.inner.labels()
    }
}

fn render(style: Style, drawn: &Drawn<'_>) -> String {
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_links(false)
        .with_width(100)
        .with_context_lines(1);
    let mut out = String::new();
    match handler.render_report(&mut out, drawn) {
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

/// The diagnostic of a record that is not legal, drawn over its source.
pub fn diagnostic(report: &RecordReport, source: &Snippet<'_>, style: Style) -> String {
    match &report.diagnostic {
        Some(d) => render(style, &Drawn { inner: d, source }),
        None => String::new(),
    }
}

/// The warnings of a record, each drawn over its source when it has a place.
pub fn warnings(report: &RecordReport, source: &Snippet<'_>, style: Style) -> String {
    report
        .warnings
        .iter()
        .map(|w| match w.span {
            Some(_) => render(style, &Drawn { inner: w, source }),
            None => format!("  warning[{}]: {}\n", w.rule, w.message),
        })
        .collect()
}

/// `path#index: verdict ...`, the one line `check` prints per record.
pub fn verdict_line(report: &RecordReport, style: Style) -> String {
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
        (None, Some(description)) => write!(line, "{description} after {} turns", report.turns),
        (None, None) => Ok(()),
    };
    let _ = match report.warnings.len() {
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

/// The summary of a multi-record `check`: counts by verdict and the rules
/// broken.
pub fn summary(tally: &Tally, style: Style) -> String {
    let mut out = grid(style);
    out.set_header(vec!["records", "legal", "illegal", "malformed", "warnings"]);
    out.add_row(vec![
        tally.records.to_string(),
        tally.legal.to_string(),
        tally.illegal.to_string(),
        tally.malformed.to_string(),
        tally.warnings.to_string(),
    ]);
    let mut text = format!("{out}\n");
    if !tally.rules.is_empty() {
        let mut by_rule = grid(style);
        by_rule.set_header(vec!["rule", "records"]);
        for (rule, n) in &tally.rules {
            by_rule.add_row(vec![rule.clone(), n.to_string()]);
        }
        text.push_str(&format!("{by_rule}\n"));
    }
    text
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
