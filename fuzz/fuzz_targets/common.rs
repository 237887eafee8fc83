//! What every target does with a record it reached: check it and write
//! its report in every format, human diagnostics included, and assert
//! that no human or short output carries a control character of the
//! input (only its line ends, and its colour codes when colour is on).

#![allow(dead_code)]

#[path = "../../src/bin/arbitre/draw.rs"]
mod human;

use arbitre::dispatch::score_table;
use arbitre::escape::first_unshown;
use arbitre::report::Unreadable;
use arbitre::{check, Machine, Reader, Record, RecordReport, Switches, Tally};

/// Panics on the first character of `shown` a terminal would act on.
fn assert_unforged(shown: &str, color: bool) {
    if let Some(at) = first_unshown(shown, color) {
        panic!("a raw control at byte {at} of human output:\n{shown:?}");
    }
}

/// Check every record of `bytes` and write each report in every format.
pub fn check_all(bytes: &[u8]) {
    let switches = Switches::new();
    let mut tally = Tally::default();
    for (index, record) in Reader::new(bytes).enumerate() {
        // Bounded by the input: a record is at least one byte.
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                let unreadable = Unreadable {
                    path: "fuzz.arb".into(),
                    error: err.to_string(),
                    raw: None,
                };
                for color in [false, true] {
                    let style = human::Style {
                        color,
                        ..human::Style::PLAIN
                    };
                    assert_unforged(&human::unreadable_line(&unreadable, style), color);
                }
                break;
            }
        };
        let report = report(&record, &switches);
        tally.add(&report);
        if let Some(table) = score_table(&record, &switches) {
            for color in [false, true] {
                let style = human::Style {
                    color,
                    ..human::Style::PLAIN
                };
                assert_unforged(&human::table(&table, style), color);
            }
        }
        let _ = index;
    }
    for color in [false, true] {
        let style = human::Style {
            color,
            ..human::Style::PLAIN
        };
        assert_unforged(&human::summary(&tally, style), color);
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
        assert_unforged(&human::verdict_line(&report, style), color);
        assert_unforged(&human::diagnostic(&report, &source, style), color);
        assert_unforged(&human::warnings(&report, &source, style), color);
    }
    for warnings in [false, true] {
        let seen = arbitre::report::Seen {
            path: "fuzz.arb",
            record,
            report: &report,
            fails: false,
        };
        for deny in [false, true] {
            assert_unforged(&arbitre::report::short(&seen, warnings, deny), false);
        }
    }
    for machine in [Machine::Json, Machine::JsonLines, Machine::Yaml] {
        let _ = machine.record(&report);
    }
    report
}
