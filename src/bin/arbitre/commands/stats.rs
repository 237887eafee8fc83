//! `arbitre stats`: throw statistics by record and by game.

use std::io::{self, Write};

use arbitre::escape::for_terminal;
use arbitre::pipeline::Item;
use arbitre::report::{Skipped, StatsDocument, ThrowRecord, ThrowTotal};
use arbitre::words::counted;
use arbitre::Switches;

use crate::cli::StatsArgs;
use crate::document::{emit, Document, Form};
use crate::draw::{self, Style};
use crate::input::{cannot_read, items};
use crate::output::{usage, Output, LEGAL, TROUBLE};

/// Throw statistics of every record that has throws, by record and by game.
/// A report, not a verdict: illegal records count too (their throws were
/// thrown); only records that cannot be read or parsed are skipped.
pub fn stats(args: &StatsArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let walker = match args.walk.walker() {
        Ok(w) => w,
        Err(err) => return usage(output, &err.to_string()),
    };
    let (items, _, unwalked, left_out) = items(
        &args.paths,
        &args.walk,
        &walker,
        args.limits.limits(),
        output,
        &|l| l,
    )?;
    let mut document = StatsDocument {
        left_out,
        ..StatsDocument::default()
    };
    // Records of games without throws are counted by game, on one line of
    // the human report; the skipped records that are malformed are listed.
    let mut without_throws: Vec<(&'static str, u64)> = Vec::new();
    let mut malformed_skips = Vec::new();
    let mut unreadable = !unwalked.is_empty();
    for item in items {
        let (path, record) = match item {
            Item::Record { path, record } => (path, record),
            Item::Unreadable { path, error } => {
                cannot_read(output.err, &path, &error.to_string())?;
                unreadable = true;
                continue;
            }
        };
        let checked = arbitre::check(&record, &Switches::new());
        let game = checked.game.unwrap_or("?");
        let throws = match (&checked.malformed, checked.throws) {
            (None, Some(throws)) => throws,
            (malformed, _) => {
                let reason = match malformed {
                    Some(m) => {
                        malformed_skips.push(document.skipped.len());
                        format!("malformed ({}): {}", m.rule, m.message)
                    }
                    None => {
                        match without_throws.iter_mut().find(|(g, _)| *g == game) {
                            Some((_, n)) => *n += 1,
                            None => without_throws.push((game, 1)),
                        }
                        format!("{game} has no throws")
                    }
                };
                document.skipped.push(Skipped {
                    path: path.to_string(),
                    index: record.index,
                    reason,
                });
                continue;
            }
        };
        match document.totals.iter_mut().find(|t| t.game == game) {
            Some(total) => {
                total.records += 1;
                total.throws = total.throws.merge(&throws);
            }
            None => document.totals.push(ThrowTotal {
                game: game.to_string(),
                records: 1,
                throws: throws.clone(),
            }),
        }
        document.records.push(ThrowRecord {
            path: path.to_string(),
            index: record.index,
            game: game.to_string(),
            throws,
        });
    }
    let stats = Stats {
        document,
        without_throws,
        malformed_skips,
    };
    emit(&stats, Form::of(args.format.machine(), style), output.out)?;
    Ok(if unreadable { TROUBLE } else { LEGAL })
}

/// What `stats` prints: the library's document, and what the human report
/// says besides (records of games without throws counted by game, the
/// malformed records skipped), which the machine formats leave out.
struct Stats {
    document: StatsDocument,
    without_throws: Vec<(&'static str, u64)>,
    /// Indices in `document.skipped` of the malformed records.
    malformed_skips: Vec<usize>,
}

impl serde::Serialize for Stats {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.document.serialize(serializer)
    }
}

impl Document for Stats {
    fn human(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        for r in &self.document.records {
            let p = draw::p_value(&r.throws);
            writeln!(
                out,
                "{}#{}: {}, {}, {p}",
                for_terminal(&r.path),
                r.index,
                r.game,
                counted(r.throws.throws, "throw", "throws")
            )?;
        }
        for s in self
            .malformed_skips
            .iter()
            .filter_map(|&i| self.document.skipped.get(i))
        {
            writeln!(
                out,
                "{}#{}: skipped: {}",
                for_terminal(&s.path),
                s.index,
                for_terminal(&s.reason)
            )?;
        }
        if let Some(line) = draw::without_throws(&self.without_throws) {
            writeln!(out, "{line}")?;
        }
        for total in &self.document.totals {
            write!(
                out,
                "\n{}: {} in {}\n{}",
                total.game,
                counted(total.throws.throws, "throw", "throws"),
                counted(total.records as u64, "record", "records"),
                draw::throw_table(&total.throws, style)
            )?;
        }
        if self.document.totals.is_empty() {
            writeln!(out, "no record with throws")?;
        }
        // As the totals of `check` count them: the note on standard error
        // is not all a reader of the report sees.
        if !self.document.left_out.is_empty() {
            writeln!(out, "\n{}", self.document.left_out.said())?;
        }
        Ok(())
    }
}
