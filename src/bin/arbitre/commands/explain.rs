//! `arbitre explain`: a rule told ([`crate::told`]), or every rule listed.

use std::fmt::Write as _;
use std::io::{self, Write};

use arbitre::rules::{self, Rule};
use serde::Serialize;

use crate::cli::ExplainArgs;
use crate::document::{emit, Document, Form};
use crate::draw::Style;
use crate::output::{usage, Output, LEGAL};
use crate::told::told;

pub fn explain(args: &ExplainArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let form = Form::of(args.format.machine(), style);
    if args.list {
        let rules = Mechanics {
            listed: true,
            rules: rules::Rule::all().collect(),
        };
        emit(&rules, form, output.out)?;
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
    let rules = Mechanics {
        listed: false,
        rules: vec![rule],
    };
    emit(&rules, form, output.out)?;
    Ok(LEGAL)
}

/// The rules asked for: every one (`--list`), or the one told.
struct Mechanics<'a> {
    listed: bool,
    rules: Vec<&'a Rule>,
}

/// The rules asked for, as every document arbitre writes: stamped with
/// its layout and version (docs/schema/rules.schema.json).
#[derive(Serialize)]
struct Stamped<'a, 'r> {
    schema: u32,
    arbitre: &'a str,
    rules: &'a [&'r Rule],
}

impl Serialize for Mechanics<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Stamped {
            schema: arbitre::report::SCHEMA,
            arbitre: arbitre::report::VERSION,
            rules: &self.rules,
        }
        .serialize(serializer)
    }
}

impl Document for Mechanics<'_> {
    /// The list in columns, or the one rule told.
    fn human(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        let text = match self.rules.as_slice() {
            [rule] if !self.listed => told(rule, style),
            all => listing(all),
        };
        out.write_all(text.as_bytes())
    }
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
