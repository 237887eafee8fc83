//! `arbitre moves --best`: the legal turns of a Simpei position ordered by
//! the solved table's values.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use arbitre::escape::for_terminal;
use arbitre::games::simpei::solve::{self, BestLine, BestTurns, Said, Tablebase};
use arbitre::games::simpei::{Colour, Position, Simpei};
use arbitre::report::{SCHEMA, VERSION};
use arbitre::{Machine, Record, Switches};
use serde::Serialize;

use crate::document::{emit, Document, Form};
use crate::draw::Style;
use crate::output::{element, usage, Output, LEGAL};
use crate::table::{game_table, readable};

/// The position after `turns` turns of a readable record, replayed as it
/// is read; `None` past an illegal turn.
fn position_of(record: &Record, turns: usize) -> Result<Option<Position>, String> {
    match arbitre::replay::position_after::<Simpei>(&record.text, &Switches::default(), turns) {
        Ok(position) => Ok(position.ok()),
        Err(m) => Err(format!("the record is malformed: {}", m.message)),
    }
}

/// What `moves --best` prints, as JSON and YAML give it.
#[derive(Serialize)]
struct Best<'a> {
    schema: u32,
    arbitre: &'static str,
    turn: String,
    value: Option<Said>,
    legal: Legal<'a>,
    /// For people: how the game ended, when it has.
    #[serde(skip)]
    over: Option<&'a str>,
}

/// A line of `moves --best`: a turn, or a group of them (`turns`, its
/// `best_turn` and the `worst` value its turns reach, only for a group).
#[derive(Serialize)]
struct Valued {
    turn: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    turns: Option<usize>,
    value: Said,
    #[serde(skip_serializing_if = "Option::is_none")]
    best_turn: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    worst: Option<Said>,
}

/// The legal turns of `moves --best`: grouped as `moves` groups them, or
/// every one (`--expand`), serialised as they are walked.
enum Legal<'a> {
    Lines(Vec<BestLine>, Colour),
    Each(BestTurns<'a>, Colour),
}

impl Serialize for Legal<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let (turns, to_act) = match self {
            Legal::Lines(lines, to_act) => {
                return serializer.collect_seq(lines.iter().map(|l| valued(l, *to_act)));
            }
            Legal::Each(turns, to_act) => (turns, *to_act),
        };
        let mut list = serializer.serialize_seq(Some(turns.len()))?;
        let mut failed = None;
        turns.each(|play, value| {
            let valued = Valued {
                turn: play.to_string(),
                turns: None,
                value: Said::new(value, to_act),
                best_turn: None,
                worst: None,
            };
            element(&mut list, &valued, &mut failed)
        });
        if let Some(err) = failed {
            return Err(err);
        }
        list.end()
    }
}

/// `moves --best`: the legal turns of the position after `turns` turns,
/// best first, each with its value; an action whose relocations multiply
/// on one line, as `moves` lists it, unless `expand`.
#[allow(clippy::too_many_arguments)]
pub fn best(
    record: &Record,
    turns: usize,
    asked: Option<&PathBuf>,
    form: Form,
    expand: bool,
    label: &str,
    over: Option<&str>,
    output: &mut Output<'_>,
) -> io::Result<Option<u8>> {
    if let Err(message) = readable(record) {
        return usage(output, &format!("--best: {message}")).map(Some);
    }
    let table = match game_table(asked) {
        Ok(table) => table,
        Err(message) => return usage(output, &message).map(Some),
    };
    let position = match position_of(record, turns) {
        Ok(Some(position)) => position,
        Ok(None) => return Ok(None),
        Err(message) => return usage(output, &format!("--best: {message}")).map(Some),
    };
    write_best(&table, &position, form, expand, label, over, output).map(Some)
}

/// The legal turns of `position` valued by `table`, as `moves --best`
/// prints them.
fn write_best(
    table: &Tablebase,
    position: &Position,
    form: Form,
    expand: bool,
    label: &str,
    over: Option<&str>,
    output: &mut Output<'_>,
) -> io::Result<u8> {
    let value = position
        .winner
        .is_none()
        .then(|| table.value(position))
        .flatten();
    if let Err(wrong) = table.check_position(position) {
        return usage(output, &format!("the table is not sound: {wrong}"));
    }
    let to_act = position.to_move;
    let said = value.map(|v| Said::new(v, to_act));
    let legal = if expand {
        BestTurns::new(table, position).map(|turns| Legal::Each(turns, to_act))
    } else {
        solve::best_lines(table, position).map(|lines| Legal::Lines(lines, to_act))
    };
    let Some(legal) = legal else {
        return usage(
            output,
            "the table holds no value for a position this one leads to",
        );
    };
    let best = Best {
        schema: SCHEMA,
        arbitre: VERSION,
        turn: label.to_string(),
        value: said,
        legal,
        over,
    };
    emit(&best, form, output.out)?;
    Ok(LEGAL)
}

/// A line of `moves --best` as JSON and YAML give it.
fn valued(line: &BestLine, to_act: Colour) -> Valued {
    let group = line.group.as_ref();
    Valued {
        turn: line.text.clone(),
        turns: group.map(|_| line.turns),
        value: Said::new(line.value, to_act),
        best_turn: group.map(|(play, _)| play.to_string()),
        worst: group.map(|(_, worst)| Said::new(*worst, to_act)),
    }
}

impl Document for Best<'_> {
    /// Written as it is walked: `--expand` may list many turns.
    fn machine(&self, machine: Machine, out: &mut dyn Write) -> io::Result<()> {
        machine.write(self, out)
    }

    /// The value of the position, then a line per turn or group, best
    /// first, in columns.
    fn human(&self, _style: Style, out: &mut dyn Write) -> io::Result<()> {
        let count = match &self.legal {
            Legal::Lines(lines, _) => lines.iter().map(|l| l.turns).sum(),
            Legal::Each(turns, _) => turns.len(),
        };
        match (&self.value, self.over) {
            (Some(said), _) => writeln!(
                out,
                "{}: {}; {}, best first:",
                for_terminal(&self.turn),
                said.text,
                arbitre::words::counted_grouped(count, "legal turn", "legal turns")
            )?,
            (None, Some(how)) => writeln!(out, "0 legal turns. Game over: {}", for_terminal(how))?,
            (None, None) => writeln!(out, "{}: no turn to value", for_terminal(&self.turn))?,
        }
        match &self.legal {
            Legal::Each(turns, to_act) => {
                // The widest turn, learnt in a walk of its own.
                let mut width = 0;
                turns.each(|play, _| {
                    width = width.max(play.to_string().len());
                    ControlFlow::Continue(())
                });
                let mut written = Ok(());
                turns.each(|play, value| {
                    written = writeln!(
                        out,
                        "  {:<width$}  {}",
                        play.to_string(),
                        Said::new(value, *to_act).text
                    );
                    if written.is_ok() {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                });
                written?;
            }
            Legal::Lines(lines, to_act) => {
                let width = lines
                    .iter()
                    .filter(|l| l.group.is_none())
                    .map(|l| l.text.len())
                    .max()
                    .unwrap_or(0);
                for line in lines {
                    let value = Said::new(line.value, *to_act).text;
                    let Some((play, worst)) = &line.group else {
                        writeln!(out, "  {:<width$}  {value}", line.text)?;
                        continue;
                    };
                    let n = arbitre::words::counted_grouped(line.turns, "turn", "turns");
                    write!(out, "  {}: {n}  {value}", line.text)?;
                    if *worst == line.value {
                        writeln!(out)?;
                    } else {
                        let worst = Said::new(*worst, *to_act).text;
                        writeln!(out, " by {play}, {worst} at worst")?;
                    }
                }
            }
        }
        Ok(())
    }
}
