//! `arbitre explain`: a rule told ([`crate::told`]), or every rule listed.

use std::fmt::Write as _;
use std::io;

use arbitre::rules::{self, Rule};

use crate::cli::ExplainArgs;
use crate::draw::Style;
use crate::output::{machine_of, usage, Output, LEGAL};
use crate::told::told;

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
