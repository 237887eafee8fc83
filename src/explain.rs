//! `arbitre explain`: a rule as a referee tells it, from the registry, with
//! what arbitre says of a record that breaks it and of its legal neighbour.

use std::fmt::Write as _;
use std::io;

use arbitre::rules::{self, Kind, Rule};
use arbitre::{Reader, RecordReport, Switches};

use crate::cli::ExplainArgs;
use crate::commands::{machine_of, usage, Output, LEGAL};
use crate::human::{self, Snippet, Style};

/// The name the examples go by in what arbitre says of them.
const EXAMPLE: &str = "example.arb";

pub fn explain(args: &ExplainArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let machine = machine_of(args.format);
    if args.list {
        let all: Vec<&Rule> = rules::Rule::all().collect();
        let text = match machine {
            Some(machine) => machine.document(&Stamped {
                schema: arbitre::SCHEMA,
                arbitre: arbitre::VERSION,
                rules: all,
            }),
            None => listing(&all),
        };
        output.out.write_all(text.as_bytes())?;
        return Ok(LEGAL);
    }
    let id = args.rule.as_deref().unwrap_or_default();
    let Some(rule) = rules::Rule::find(id) else {
        let near = rules::Rule::near(id);
        let hint = match near.as_slice() {
            [] => "`arbitre explain --list` lists them all".to_string(),
            [one] => format!("did you mean `{}`?", one.id),
            many => format!(
                "did you mean one of {}?",
                many.iter()
                    .map(|r| format!("`{}`", r.id))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        return usage(output, &format!("no rule is called `{id}`; {hint}"));
    };
    let text = match machine {
        Some(machine) => machine.document(&Stamped {
            schema: arbitre::SCHEMA,
            arbitre: arbitre::VERSION,
            rules: vec![rule],
        }),
        None => told(rule, style),
    };
    output.out.write_all(text.as_bytes())?;
    Ok(LEGAL)
}

/// The rules asked for, as every document arbitre writes: stamped with
/// its layout and version (docs/schema/rules.schema.json).
#[derive(serde::Serialize)]
struct Stamped<'a> {
    schema: u32,
    arbitre: &'a str,
    rules: Vec<&'a Rule>,
}

/// One line per rule: id, kind, summary, in columns.
fn listing(all: &[&Rule]) -> String {
    let width = all.iter().map(|r| r.id.len()).max().unwrap_or(0);
    let mut out = String::new();
    for rule in all {
        let _ = writeln!(
            out,
            "{:<width$}  {:<9}  {}",
            rule.id,
            rule.kind.word(),
            rule.summary
        );
    }
    out
}

/// What breaking `rule` makes of a record, in a sentence.
fn verdict(rule: &Rule) -> &'static str {
    match (rule.kind, rule.tolerable) {
        (Kind::Warning, _) => "A warning: the record stays legal.",
        (Kind::Illegal, true) => {
            "Breaking it makes a record illegal, or a warning when a house rule forgives it."
        }
        (Kind::Illegal, false) => "Breaking it makes a record illegal.",
        (Kind::Malformed, _) => "Breaking it makes a record malformed.",
    }
}

/// The rule told: its summary, its words, its source, then its example and
/// its neighbour, each with what `check` says of it.
fn told(rule: &Rule, style: Style) -> String {
    telling(rule, style).0
}

/// The rule as SARIF declares it for code scanning's rule page: its words
/// as the full description, and `arbitre explain`'s text as the help, in
/// plain text and in Markdown. The registry's words and records, no input.
pub struct Help {
    /// The rule's words (`fullDescription`).
    pub full: String,
    /// What `arbitre explain` prints of it, as a pipe is given it.
    pub text: String,
    /// The same, as Markdown.
    pub markdown: String,
}

impl Help {
    pub fn of(rule: &Rule) -> Self {
        let (text, markdown) = telling(rule, Style::PLAIN);
        Help {
            full: rule
                .explanation
                .map_or_else(|| verdict(rule).to_string(), |e| e.words.to_string()),
            text,
            markdown,
        }
    }
}

/// [`told`], and the same as Markdown: paragraphs apart, and what `check`
/// says in indented code blocks, as the records are. Told once for both,
/// since what `check` says is worked out by checking the records.
fn telling(rule: &Rule, style: Style) -> (String, String) {
    let mut text = format!("{}: {}\n{}\n", rule.id, rule.summary, verdict(rule));
    let mut markdown = format!("{}: {}\n\n{}\n", rule.id, rule.summary, verdict(rule));
    let Some(e) = rule.explanation else {
        return (text, markdown);
    };
    let both = |text: &mut String, markdown: &mut String, part: &str| {
        text.push_str(part);
        markdown.push_str(part);
    };
    both(
        &mut text,
        &mut markdown,
        &format!(
            "\n{}\n\nIn the rules: {}\n",
            textwrap::fill(e.words, style.width.clamp(40, 100)),
            e.source
        ),
    );
    let (breaks, mended) = match rule.kind {
        Kind::Warning => (
            "A record it warns about",
            "The same record, with nothing to warn about",
        ),
        _ => ("A record that breaks it", "The same record, made legal"),
    };
    for (title, record) in [(breaks, e.example), (mended, e.neighbour)] {
        if record.is_empty() {
            continue;
        }
        let mut shown = format!("\n{title}:\n\n");
        for line in record.lines() {
            let _ = writeln!(shown, "    {line}");
        }
        shown.push_str("\narbitre says:\n");
        both(&mut text, &mut markdown, &shown);
        let said = said(record, style);
        text.push_str(&said);
        markdown.push('\n');
        for line in said.lines() {
            let _ = writeln!(markdown, "    {line}");
        }
    }
    (text, markdown)
}

/// What `check` prints of a record: its verdict line, its diagnostic and
/// its warnings, drawn over it.
fn said(text: &str, style: Style) -> String {
    let mut out = String::new();
    for record in Reader::new(text.as_bytes()).flatten() {
        let checked = arbitre::check(&record, &Switches::new());
        let mut report = RecordReport::new(EXAMPLE, &record, &checked);
        // The example is no file to list the turns of, and its rule is
        // the one being explained.
        if let Some(d) = report.diagnostic.as_mut() {
            d.moves_command = None;
            d.explain_command = None;
        }
        let source = Snippet::new(EXAMPLE, &record);
        let line = human::verdict_line(&report, style);
        out.push_str(&human::record(&line, &report, &source, style, true));
    }
    out
}
