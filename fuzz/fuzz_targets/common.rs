//! What every target does with a record it reached: check it and write
//! its report in every format, human diagnostics included.

#![allow(dead_code)]

#[path = "../../src/human.rs"]
mod human;

use arbitre::{check, score_table, Machine, Reader, Record, RecordReport, Switches, Tally};

/// Check every record of `bytes` and write each report in every format.
pub fn check_all(bytes: &[u8]) {
    let switches = Switches::new();
    let mut tally = Tally::default();
    for (index, record) in Reader::new(bytes).enumerate() {
        // Bounded by the input: a record is at least one byte.
        let Ok(record) = record else { break };
        let report = report(&record, &switches);
        tally.add(&report);
        let _ = score_table(&record, &switches);
        let _ = index;
    }
    for machine in [Machine::Json, Machine::JsonLines, Machine::Yaml] {
        let _ = machine.closing(tally.records, &[], &tally);
    }
}

/// The report of one record, drawn as every command draws it.
pub fn report(record: &Record, switches: &Switches) -> RecordReport {
    let checked = check(record, switches);
    let report = RecordReport::new("fuzz.arb", record, &checked);
    let source = human::Snippet::new("fuzz.arb", record);
    for (color, drawn) in [(false, false), (false, true), (true, true)] {
        let style = human::Style {
            color,
            drawn,
            ..human::Style::PLAIN
        };
        let _ = human::verdict_line(&report, style);
        let _ = human::diagnostic(&report, &source, style);
        let _ = human::warnings(&report, &source, style);
    }
    for machine in [Machine::Json, Machine::JsonLines, Machine::Yaml] {
        let _ = machine.record(&report);
    }
    report
}
