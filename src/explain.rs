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
        let all: Vec<&Rule> = rules::all().collect();
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
    let Some(rule) = rules::find(id) else {
        let near = rules::near(id);
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

/// The rule told: its summary, its words, its source, then its example and
/// its neighbour, each with what `check` says of it.
fn told(rule: &Rule, style: Style) -> String {
    let mut out = format!("{}: {}\n", rule.id, rule.summary);
    let verdict = match (rule.kind, rule.tolerable) {
        (Kind::Warning, _) => "A warning: the record stays legal.",
        (Kind::Illegal, true) => {
            "Breaking it makes a record illegal, or a warning when a house rule forgives it."
        }
        (Kind::Illegal, false) => "Breaking it makes a record illegal.",
        (Kind::Malformed, _) => "Breaking it makes a record malformed.",
    };
    let _ = writeln!(out, "{verdict}");
    let Some(e) = rule.explanation else {
        return out;
    };
    out.push('\n');
    out.push_str(&textwrap::fill(e.words, style.width.clamp(40, 100)));
    out.push('\n');
    let _ = writeln!(out, "\nIn the rules: {}", e.source);
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
        let _ = writeln!(out, "\n{title}:\n");
        for line in record.lines() {
            let _ = writeln!(out, "    {line}");
        }
        let _ = writeln!(out, "\narbitre says:");
        out.push_str(&said(record, style));
    }
    out
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
