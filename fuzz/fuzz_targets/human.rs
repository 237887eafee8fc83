//! (e) The human and short outputs of `check`, under a fuzzed path and
//! fuzzed house rules: no output may carry a control character but the
//! line ends arbitre writes, and its colour codes only when colour is on.
//!
//! The input: a byte of switches, a byte of width, two bytes (little
//! endian) of path length, the path (lossy UTF-8, at most `PATH_MAX`
//! bytes), then the file.

#![no_main]

// The target draws with part of the binary's human output.
#[allow(dead_code)]
#[path = "../../src/bin/arbitre/draw.rs"]
mod human;

use arbitre::dispatch::score_table;
use arbitre::escape::first_unshown;
use arbitre::games::superpion::FORGIVE;
use arbitre::report::{moves_command, Unreadable};
use arbitre::{check, Reader, RecordReport, Switches, Tally, Verdict};

/// The longest path taken from the input, in bytes.
const PATH_MAX: usize = 4096;

/// Panics on the first character of `shown` a terminal would act on.
fn assert_unforged(shown: &str, color: bool, what: &str) {
    if let Some(at) = first_unshown(shown, color) {
        panic!("a raw control at byte {at} of the {what} (colour {color}):\n{shown:?}");
    }
}

/// What the first bytes choose.
struct Choice {
    path: String,
    switches: Switches,
    width: usize,
    deny_warnings: bool,
}

/// The choice made by the first bytes of `bytes`, and the file after them.
fn choose(bytes: &[u8]) -> (Choice, &[u8]) {
    let flags = bytes.first().copied().unwrap_or(0);
    // The CLI draws no narrower than 40 columns.
    let width = 40 + usize::from(bytes.get(1).copied().unwrap_or(60));
    let length = match bytes.get(2..4) {
        Some(&[lo, hi]) => usize::from(u16::from_le_bytes([lo, hi])).min(PATH_MAX),
        _ => 0,
    };
    let rest = bytes.get(4..).unwrap_or(&[]);
    let (path, file) = rest.split_at(length.min(rest.len()));
    let path = String::from_utf8_lossy(path).into_owned();
    let mut switches = Switches::new();
    match flags & 3 {
        1 => {
            switches.set(FORGIVE, true);
        }
        2 => {
            switches.set(FORGIVE, false);
        }
        _ => {}
    }
    // A rule named on the command line is text the user typed: as hostile
    // as the path, so the path's text serves as one (refused unless it
    // names a house rule, so nothing hostile reaches the reports).
    if flags & 4 != 0 {
        let _ = switches.set_named(&path, flags & 8 == 0);
    }
    let choice = Choice {
        path,
        switches,
        width,
        deny_warnings: flags & 16 != 0,
    };
    (choice, file)
}

/// The styles a run can draw in: plain, drawn, drawn in colour, and
/// plain in colour (`--color always` into a file).
fn styles(width: usize) -> [human::Style; 4] {
    [(false, false), (false, true), (true, true), (true, false)].map(|(color, drawn)| {
        human::Style {
            color,
            drawn,
            width,
        }
    })
}

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let (choice, file) = choose(bytes);
    let (path, switches) = (&choice.path, &choice.switches);
    let mut tally = Tally::default();
    // The closing list of failures, once uncoloured and once coloured.
    let mut failed: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    // Bounded by the input: a record is at least one byte.
    for record in Reader::new(file) {
        let record = match record {
            Ok(record) => record,
            Err(err) => {
                let unreadable = Unreadable {
                    path: path.clone(),
                    error: err.to_string(),
                    raw: None,
                };
                tally.unreadable += 1;
                for (i, color) in [false, true].into_iter().enumerate() {
                    let style = human::Style {
                        color,
                        ..human::Style::PLAIN
                    };
                    let line = human::unreadable_line(&unreadable, style);
                    assert_unforged(&line, color, "unreadable line");
                    failed[i].push(line);
                }
                break;
            }
        };
        let checked = check(&record, switches);
        let report = RecordReport::new(path, &record, &checked).with_switches(switches);
        tally.add(&report);
        let fails = report.verdict != Verdict::Legal
            || (choice.deny_warnings && !report.warnings.is_empty());
        let source = human::Snippet::new(path, &record);
        for style in styles(choice.width) {
            let color = style.color;
            for counting in [false, true] {
                let line = human::verdict_line_counting(&report, style, counting);
                assert_unforged(&line, color, "verdict line");
            }
            let line = human::verdict_line(&report, style);
            assert_unforged(&line, color, "verdict line");
            assert_unforged(
                &human::diagnostic(&report, &source, style),
                color,
                "diagnostic",
            );
            assert_unforged(&human::warnings(&report, &source, style), color, "warnings");
            if fails && !style.drawn {
                let line = match report.verdict {
                    Verdict::Legal => format!("{line} (warnings denied)"),
                    _ => line,
                };
                failed[usize::from(color)].push(line);
            }
        }
        for warnings in [false, true] {
            let seen = arbitre::report::Seen {
                path,
                record: &record,
                report: &report,
                fails,
            };
            assert_unforged(
                &arbitre::report::short(&seen, warnings, fails),
                false,
                "short output",
            );
        }
        // The command the help ends with, alone: what a user copies.
        let command = moves_command(path, record.index, report.turns, switches);
        assert_unforged(&command, false, "moves command");
        if let Some(table) = score_table(&record, switches) {
            for color in [false, true] {
                let style = human::Style {
                    color,
                    ..human::Style::PLAIN
                };
                assert_unforged(&human::table(&table, style), color, "score table");
            }
        }
        if let Some(throws) = &report.throws {
            for color in [false, true] {
                let style = human::Style {
                    color,
                    ..human::Style::PLAIN
                };
                assert_unforged(&human::throw_table(throws, style), color, "throw table");
            }
        }
    }
    for (i, color) in [false, true].into_iter().enumerate() {
        let style = human::Style {
            color,
            ..human::Style::PLAIN
        };
        assert_unforged(&human::summary(&tally, style), color, "summary");
        // As `check` keeps them: the first lines, the rest counted.
        let listed = &failed[i][..failed[i].len().min(human::LISTED_FAILURES)];
        let omitted = failed[i].len() - listed.len();
        let list = human::failures(listed, failed[i].len(), omitted);
        assert_unforged(&list, color, "failures list");
    }
});
