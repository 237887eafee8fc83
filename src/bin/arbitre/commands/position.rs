//! `arbitre show` and `arbitre moves`: a record's position at a turn, drawn
//! or with its legal turns.

use std::io::{self, Write};

use arbitre::escape::{self, for_terminal};
use arbitre::replay::{Stop, StopError};
use arbitre::report::PositionReport;
use arbitre::words::{self, turns};
use arbitre::{Machine, Record, RecordReport, Switches};
use serde::Serialize;

use super::score::Scored;
use crate::cli::{PositionArgs, PositionFormat};
use crate::document::{emit, Document, Form};
use crate::draw::Style;
use crate::input::{note_idle_rules, one_game, one_record, switches};
use crate::output::{status_of_report, usage, Output, ILLEGAL, LEGAL, TROUBLE};

/// What `show` and `moves` print of a position.
#[derive(Clone, Copy)]
pub enum Print<'a> {
    /// The diagram (`show`).
    Diagram,
    /// The legal turns (`moves`): grouped as the game groups them, or each
    /// on its own line; or ordered by value, with the table asked for.
    Moves {
        expand: bool,
        best: Option<&'a Option<std::path::PathBuf>>,
    },
}

pub fn position(
    args: &PositionArgs,
    style: Style,
    output: &mut Output<'_>,
    print: Print<'_>,
) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let record = match one_record(&args.file, args.record, args.limits.limits(), output)? {
        Ok(record) => record,
        Err(status) => return Ok(status),
    };
    note_idle_rules(output.err, &switches, &one_game(&record))?;
    let file = args.file.as_str();
    let at = args.turn.clone().unwrap_or_default();
    let machine = args.format.machine();
    let form = Form::of(machine, style);
    let drawn = matches!(args.format, PositionFormat::Svg | PositionFormat::Png);
    if drawn && matches!(print, Print::Moves { .. }) {
        return usage(
            output,
            "moves lists turns and draws none: `arbitre show --format svg` draws the position",
        );
    }
    let stop = match arbitre::dispatch::stop(&record, &switches, at) {
        Ok(stop) => stop,
        // No position to give: the record's report, as `score` gives it;
        // with no position to draw, on standard error, so that no picture
        // file is left holding it.
        Err(StopError::Record(checked)) => {
            let report = RecordReport::new(file, &record, &checked).with_switches(&switches);
            let status = status_of_report(&report);
            let scored = Scored {
                file,
                record: &record,
                report,
                table: None,
            };
            let (form, out) = if drawn {
                (Form::Human(style), &mut *output.err)
            } else {
                (form, &mut *output.out)
            };
            emit(&scored, form, out)?;
            return Ok(status);
        }
        Err(StopError::TooFew { asked, turns }) => {
            return usage(
                output,
                &format!(
                    "the record has {turns} turns, so --turn goes from 0 to {turns}, not {asked}"
                ),
            )
        }
        Err(StopError::BadLabel { message, .. }) => return usage(output, &message),
        Err(StopError::NoSuchTurn {
            asked, first, last, ..
        }) => {
            return usage(
                output,
                &format!(
                    "the record has no turn `{asked}`: its labels run from {first} (the start) \
                     to {last} (after its last turn)"
                ),
            )
        }
        Err(StopError::PastIllegal { asked, checked }) => {
            let report = RecordReport::new(file, &record, &checked);
            writeln!(
                output.err,
                "error: cannot show --turn {}: the {}, so the last position that can be shown \
                 is the one before it, after {} (--turn {})",
                for_terminal(&asked.to_string()),
                for_terminal(&illegal_at(&report)),
                turns(checked.turns),
                checked.turns
            )?;
            return Ok(ILLEGAL);
        }
    };
    let status = if stop.illegal.is_some() {
        ILLEGAL
    } else {
        LEGAL
    };
    if drawn {
        return picture(args.format, &stop, status, output);
    }
    if let Print::Moves {
        best: Some(table),
        expand,
    } = print
    {
        let shown = super::best::best(
            &record,
            stop.turn,
            table.as_ref(),
            form,
            expand,
            &stop.label,
            stop.over.as_deref(),
            output,
        )?;
        if let Some(shown) = shown {
            return Ok(status.max(shown));
        }
    }
    let position = Position {
        file,
        record: &record,
        stop: &stop,
        switches: &switches,
        print,
    };
    emit(&position, form, output.out)?;
    Ok(if stop.illegal.is_some() {
        ILLEGAL
    } else {
        LEGAL
    })
}

/// The position drawn, as SVG or PNG, on standard output.
fn picture(
    format: PositionFormat,
    stop: &arbitre::replay::Stop,
    status: u8,
    output: &mut Output<'_>,
) -> io::Result<u8> {
    let svg = stop.picture.svg();
    if format == PositionFormat::Png {
        match crate::png::png(&svg) {
            Ok(png) => output.out.write_all(&png)?,
            Err(err) => {
                writeln!(
                    output.err,
                    "error: cannot draw the PNG: {}",
                    for_terminal(&err)
                )?;
                return Ok(TROUBLE);
            }
        }
    } else {
        output.out.write_all(svg.as_bytes())?;
    }
    Ok(status)
}

/// "record is illegal at 3.B (superpion/occupied: e5 is occupied)",
/// without the turn for a contradicted `end` or `result`.
fn illegal_at(report: &RecordReport) -> String {
    match &report.diagnostic {
        Some(d) => match &d.turn {
            Some(turn) => format!("record is illegal at {turn} ({}: {})", d.rule, d.message),
            None => format!("record is illegal ({}: {})", d.rule, d.message),
        },
        None => "record is illegal".into(),
    }
}

/// What `show` and `moves` print of a position: as JSON and YAML give it,
/// the library's [`PositionReport`] (with the legal turns for `moves`);
/// for people, the diagram or the legal turns, after a line saying where
/// an illegal record stops.
struct Position<'a> {
    file: &'a str,
    record: &'a Record,
    stop: &'a Stop,
    switches: &'a Switches,
    print: Print<'a>,
}

impl Position<'_> {
    fn report(&self) -> PositionReport {
        PositionReport::new(self.file, self.record, self.stop, self.switches)
    }
}

impl Serialize for Position<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.print {
            Print::Moves { expand, .. } => self
                .report()
                .with_legal(self.stop, expand)
                .serialize(serializer),
            Print::Diagram => self.report().serialize(serializer),
        }
    }
}

impl Document for Position<'_> {
    /// The legal turns of `moves` written a turn at a time
    /// ([`PositionReport::write_moves`]): a position may have many.
    fn machine(&self, machine: Machine, out: &mut dyn Write) -> io::Result<()> {
        match self.print {
            Print::Moves { expand, .. } => {
                self.report().write_moves(machine, self.stop, expand, out)
            }
            Print::Diagram => out.write_all(machine.document(self).as_bytes()),
        }
    }

    fn human(&self, _style: Style, out: &mut dyn Write) -> io::Result<()> {
        if let Some(checked) = &self.stop.illegal {
            let report = RecordReport::new(self.file, self.record, checked);
            let shown = match report.diagnostic.as_ref().and_then(|d| d.turn.as_ref()) {
                Some(_) => format!("the position before it, after {}", turns(self.stop.turn)),
                None => format!(
                    "the final position as the replay gives it, after {}",
                    turns(self.stop.turn)
                ),
            };
            writeln!(
                out,
                "The {}: showing {shown}.",
                for_terminal(&illegal_at(&report))
            )?;
        }
        if let Print::Moves { expand, .. } = self.print {
            let groups = self.stop.legal.groups();
            match &self.stop.over {
                Some(how) => writeln!(
                    out,
                    "After {}: 0 legal turns. Game over: {}",
                    turns(self.stop.turn),
                    for_terminal(how)
                )?,
                None => writeln!(
                    out,
                    "After {}, {}: {}",
                    turns(self.stop.turn),
                    for_terminal(&self.stop.label),
                    words::counted_grouped(
                        groups.iter().map(|g| g.turns).sum(),
                        "legal turn",
                        "legal turns"
                    )
                )?,
            }
            if expand {
                self.stop
                    .legal
                    .each(|play| writeln!(out, "  {}", for_terminal(&play.to_string())))?;
            } else {
                for group in &groups {
                    match group.turns {
                        1 => writeln!(out, "  {}", for_terminal(&group.text))?,
                        n => writeln!(
                            out,
                            "  {}: {}",
                            for_terminal(&group.text),
                            words::counted_grouped(n, "turn", "turns")
                        )?,
                    }
                }
            }
            for note in &self.stop.legal.notes() {
                writeln!(out, "{}", for_terminal(note))?;
            }
        } else {
            write!(
                out,
                "After {}:\n{}",
                turns(self.stop.turn),
                escape::lines(&self.stop.diagram)
            )?;
        }
        Ok(())
    }
}
