//! `arbitre analyse FILE`: every turn of a Simpei record valued by the
//! solved table.

use std::cell::Cell;
use std::io::{self, Write};
use std::ops::ControlFlow;

use arbitre::escape::for_terminal;
use arbitre::games::simpei::solve::{self, Outline, Tablebase};
use arbitre::report::{SCHEMA, VERSION};
use arbitre::{Machine, Switches};
use serde::Serialize;

use crate::cli::AnalyseArgs;
use crate::document::{emit, Document, Form};
use crate::draw::Style;
use crate::input::one_record;
use crate::output::{element, usage, Output, ILLEGAL, LEGAL};
use crate::table::{game_table, readable};

/// What `analyse` prints, as JSON and YAML give it: the layout of a
/// whole [`solve::Analysis`] with the file beside it, its turns written
/// as they are valued rather than kept.
struct AnalyseDocument<'a> {
    file: &'a str,
    record: usize,
    outline: &'a Outline,
    turns: Turns<'a>,
    /// For people: the widest turn as written, for the column of values.
    width: usize,
    /// For people: the turns that gave something away.
    slips: usize,
    /// Why the human report stopped short, for a usage error after it.
    failed: Cell<Option<String>>,
}

impl Serialize for AnalyseDocument<'_> {
    /// As the derived form of a struct with a flattened
    /// [`solve::Analysis`] serialises: a map, key by key.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let outline = self.outline;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("schema", &SCHEMA)?;
        map.serialize_entry("arbitre", VERSION)?;
        map.serialize_entry("file", self.file)?;
        map.serialize_entry("record", &self.record)?;
        map.serialize_entry("start", &outline.start)?;
        map.serialize_entry("turns", &self.turns)?;
        map.serialize_entry("illegal", &outline.illegal)?;
        map.serialize_entry("end", &outline.end)?;
        map.serialize_entry("end_value", &outline.end_value)?;
        map.end()
    }
}

/// A record's analysed turns, serialised as a list as they are valued:
/// `count` of them, as a first analysis found.
struct Turns<'a> {
    table: &'a Tablebase,
    text: &'a str,
    count: usize,
}

impl Serialize for Turns<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeSeq};
        let mut list = serializer.serialize_seq(Some(self.count))?;
        let mut failed = None;
        let analysed = solve::analyse_record(self.table, self.text, &Switches::default(), |turn| {
            element(&mut list, &turn, &mut failed)
        });
        if let Some(err) = failed {
            return Err(err);
        }
        analysed.map_err(S::Error::custom)?;
        list.end()
    }
}

/// What a first analysis of a record learns before any of it is written:
/// where it ends, its turns, the widest of them as the human report
/// writes them, and those that give something away.
struct Surveyed {
    outline: Outline,
    turns: usize,
    width: usize,
    slips: usize,
}

/// The record analysed once, nothing kept of its turns but counts: so
/// that a position missing from the table is refused before any output,
/// as it was when the whole analysis was held.
fn survey(table: &Tablebase, text: &str) -> Result<Surveyed, solve::Unanalysable> {
    let (mut turns, mut width, mut slips) = (0, 0, 0);
    let outline = solve::analyse_record(table, text, &Switches::default(), |turn| {
        turns += 1;
        width = width.max(turn.label.len() + turn.turn.len() + 1);
        slips += usize::from(turn.slip.is_some());
        ControlFlow::Continue(())
    })?;
    Ok(Surveyed {
        outline,
        turns,
        width,
        slips,
    })
}

/// `arbitre analyse FILE`: the record is read three times, never held as
/// turns: once for its syntax (before the table is read), once to value
/// it (before anything is written), once to write it.
pub fn analyse(args: &AnalyseArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let record = match one_record(&args.file, args.record, args.limits.limits(), output)? {
        Ok(record) => record,
        Err(status) => return Ok(status),
    };
    if let Err(message) = readable(&record) {
        return usage(output, &format!("{}: {message}", args.file));
    }
    let table = match game_table(args.table.as_ref()) {
        Ok(table) => table,
        Err(message) => return usage(output, &message),
    };
    let form = Form::of(args.format.machine(), style);
    write_analysis(&table, &record.text, args, form, output)
}

/// The analysis of a readable record with `table`, as `args` asks.
fn write_analysis(
    table: &Tablebase,
    text: &str,
    args: &AnalyseArgs,
    form: Form,
    output: &mut Output<'_>,
) -> io::Result<u8> {
    let surveyed = match survey(table, text) {
        Ok(surveyed) => surveyed,
        Err(err) => return usage(output, &err.to_string()),
    };
    let outline = &surveyed.outline;
    let status = if outline.illegal.is_some() {
        ILLEGAL
    } else {
        LEGAL
    };
    let document = AnalyseDocument {
        file: &args.file,
        record: args.record,
        outline,
        turns: Turns {
            table,
            text,
            count: surveyed.turns,
        },
        width: surveyed.width,
        slips: surveyed.slips,
        failed: Cell::new(None),
    };
    emit(&document, form, output.out)?;
    if let Some(err) = document.failed.take() {
        return usage(output, &err);
    }
    Ok(status)
}

/// One line of the human analysis: the turn, its values, what it gave
/// away.
fn write_turn(out: &mut dyn Write, turn: &solve::Analysed, width: usize) -> io::Result<()> {
    let played = format!("{} {}", turn.label, for_terminal(&turn.turn));
    write!(
        out,
        "  {played:<width$}  {} -> {}",
        turn.before.text, turn.after.text
    )?;
    match (turn.slip, &turn.best) {
        (Some(slip), Some(best)) => writeln!(out, "   ! {} (best: {})", slip.said(), best.text),
        (None, Some(best)) => writeln!(out, "   (slower; best: {})", best.text),
        _ => writeln!(out),
    }
}

impl Document for AnalyseDocument<'_> {
    /// Written as it is walked: a record may have many turns.
    fn machine(&self, machine: Machine, out: &mut dyn Write) -> io::Result<()> {
        machine.write(self, out)
    }

    /// The value of the start, a line per turn, then how the record ends
    /// and the turns that gave something away.
    fn human(&self, _style: Style, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: with perfect play from the start, {}",
            for_terminal(self.file),
            self.outline.start.text
        )?;
        let width = self.width;
        let mut written = Ok(());
        let analysed = solve::analyse_record(
            self.turns.table,
            self.turns.text,
            &Switches::default(),
            |turn| {
                written = write_turn(out, &turn, width);
                if written.is_ok() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            },
        );
        written?;
        if let Err(err) = analysed {
            self.failed.set(Some(err.to_string()));
            return Ok(());
        }
        if let Some(illegal) = &self.outline.illegal {
            writeln!(
                out,
                "  {} is illegal ({}): {}; the analysis stops there",
                illegal.label,
                illegal.rule,
                for_terminal(&illegal.message)
            )?;
        }
        let end = if self.turns.count > 0 && self.outline.end_value.turns == Some(0) {
            self.outline.end.clone()
        } else {
            format!("{}, {}", self.outline.end, self.outline.end_value.text)
        };
        writeln!(
            out,
            "{}: {}; with perfect play from its start, {}; {}",
            for_terminal(self.file),
            end,
            self.outline.start.text,
            match self.slips {
                0 => "no turn gave anything away".to_string(),
                n => arbitre::words::counted(
                    n as u64,
                    "turn gave something away",
                    "turns gave something away",
                ),
            }
        )?;
        Ok(())
    }
}
