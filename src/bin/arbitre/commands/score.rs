//! `arbitre score`: a record's result and score table.

use std::io::{self, Write};

use arbitre::escape::for_terminal;
use arbitre::game::Table;
use arbitre::words;
use arbitre::{Record, RecordReport, Verdict};
use serde::Serialize;

use crate::cli::ScoreArgs;
use crate::document::{emit, Document, Form};
use crate::draw::{self, Snippet, Style};
use crate::input::{note_idle_rules, one_game, one_record, switches};
use crate::output::{failure, status_of_report, usage, Output};

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
    let table = arbitre::dispatch::score_table(&record, &switches);
    let report = RecordReport::new(&args.file, &record, &checked).with_switches(&switches);
    let status = status_of_report(&report);
    let score = Scored {
        file: &args.file,
        record: &record,
        report,
        table,
    };
    emit(&score, Form::of(args.format.machine(), style), output.out)?;
    Ok(status)
}

/// What `score` prints: the record's report (as `check` gives it, a
/// document of one record), and for people its score table; also what
/// `show` and `moves` print of a record that has no position to give.
pub struct Scored<'a> {
    pub file: &'a str,
    pub record: &'a Record,
    pub report: RecordReport,
    pub table: Option<Table>,
}

impl Serialize for Scored<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        arbitre::report::ReportsDocument::new(vec![self.report.clone()]).serialize(serializer)
    }
}

impl Document for Scored<'_> {
    /// The diagnostic of a record that is not legal; else its result, its
    /// table and its warnings.
    fn human(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        let report = &self.report;
        if report.verdict != Verdict::Legal {
            return out.write_all(failure(self.file, self.record, report, style).as_bytes());
        }
        if let Some(description) = &report.description {
            writeln!(
                out,
                "{} after {}",
                for_terminal(description),
                words::turns(report.turns)
            )?;
        }
        if let Some(table) = &self.table {
            out.write_all(draw::table(table, style).as_bytes())?;
        }
        let shown = Snippet::new(self.file, self.record);
        out.write_all(draw::warnings(report, &shown, style).as_bytes())
    }
}
