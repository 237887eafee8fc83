//! `arbitre score`: a record's result and score table.

use std::io;

use arbitre::escape::escaped;
use arbitre::words;
use arbitre::{Document, RecordReport, Tally, Verdict};

use crate::cli::ScoreArgs;
use crate::draw::{self, Snippet, Style};
use crate::input::{note_idle_rules, one_game, one_record, switches};
use crate::output::{machine_of, print_failure, status_of, usage, Output, LEGAL};

pub fn score(args: &ScoreArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let record = match one_record(&args.file, args.record, args.limits.limits(), output)? {
        Ok(record) => record,
        Err(status) => return Ok(status),
    };
    note_idle_rules(output.err, &switches, &one_game(&record))?;
    let checked = arbitre::check(&record, &switches);
    let table = arbitre::score_table(&record, &switches);
    let report = RecordReport::new(&args.file, &record, &checked).with_switches(&switches);
    if let Some(machine) = machine_of(args.format) {
        let mut tally = Tally::default();
        tally.add(&report);
        output
            .out
            .write_all(machine.document(&Document::new(vec![report])).as_bytes())?;
        return Ok(status_of(&tally));
    }
    if report.verdict != Verdict::Legal {
        return print_failure(&args.file, &record, &checked, &switches, style, output);
    }
    if let Some(description) = &report.description {
        writeln!(
            output.out,
            "{} after {}",
            escaped(description),
            words::turns(report.turns)
        )?;
    }
    if let Some(table) = table {
        output
            .out
            .write_all(draw::table(&table, style).as_bytes())?;
    }
    let shown = Snippet::new(&args.file, &record);
    output
        .out
        .write_all(draw::warnings(&report, &shown, style).as_bytes())?;
    Ok(LEGAL)
}
