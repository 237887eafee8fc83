//! The commands of a solved game: `solve` builds or reads the table,
//! `analyse` values every turn of a record, `moves --best` orders the
//! legal turns by value. Only Simpei is solved; the work is the library's.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Instant;

use arbitre::escape::escaped;
use arbitre::games::simpei::solve::{
    self, Alignment, BestLine, BestTurns, Outline, Said, Table, TableError,
};
use arbitre::games::simpei::{Colour, Position, Simpei};
use arbitre::{Machine, Record, Switches, SCHEMA, VERSION};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use crate::cli::{AlignmentArg, AnalyseArgs, SolveArgs};
use crate::commands::{machine_of, one_record, usage, Output, ILLEGAL, LEGAL, TROUBLE};

/// The table of the game with `pieces` each in the user's cache directory.
fn cached(pieces: u8, alignment: Alignment) -> Option<PathBuf> {
    let mut name = String::from("simpei");
    if pieces != 4 {
        name.push_str(&format!("-{pieces}-pieces"));
    }
    if alignment == Alignment::Adjacent {
        name.push_str("-adjacent");
    }
    name.push_str(".table");
    dirs::cache_dir().map(|dir| dir.join("arbitre").join(name))
}

/// The game's table in the cache directory, when one is there and sound:
/// the replay page gives values with it, and goes without otherwise.
pub fn cached_table() -> Option<Table> {
    game_table(None).ok()
}

/// The table asked for, or the cached one.
fn table_path(
    asked: Option<&PathBuf>,
    pieces: u8,
    alignment: Alignment,
) -> Result<PathBuf, String> {
    asked
        .cloned()
        .or_else(|| cached(pieces, alignment))
        .ok_or_else(|| {
            "this system names no cache directory: give the table's path with --table".to_string()
        })
}

/// `arbitre solve simpei`.
pub fn solve(args: &SolveArgs, output: &mut Output<'_>) -> io::Result<u8> {
    if !args.game.eq_ignore_ascii_case("simpei") {
        return usage(
            output,
            &format!(
                "only Simpei is solved, not `{}`: `arbitre solve simpei`",
                args.game
            ),
        );
    }
    let alignment = match args.alignment {
        AlignmentArg::Gapped => Alignment::Gapped,
        AlignmentArg::Adjacent => Alignment::Adjacent,
    };
    let path = match table_path(args.table.as_ref(), args.pieces, alignment) {
        Ok(path) => path,
        Err(message) => return usage(output, &message),
    };
    let same_game =
        |table: &Table| table.pieces() == Some(args.pieces) && table.alignment() == alignment;
    // A file is written over only when it is missing, or a table of this
    // game that is damaged or stale (or sound, with --rebuild).
    let found = match Table::load(&path) {
        Ok(table) if same_game(&table) => (!args.rebuild).then_some(table),
        Ok(_) if args.rebuild => None,
        Ok(_) => {
            return usage(
                output,
                &format!(
                    "{} holds the table of another game (other pieces or alignment): give another \
                     --table, or --rebuild to replace it",
                    path.display()
                ),
            )
        }
        Err(TableError::Missing(_)) => None,
        Err(err) if err.rebuild_cures() => {
            writeln!(
                output.err,
                "note: {}; building it again",
                escaped(&err.to_string())
            )?;
            None
        }
        Err(err @ TableError::NotATable(_)) => {
            return usage(
                output,
                &format!("{err}: arbitre will not write over it; give another --table"),
            )
        }
        Err(err) => return usage(output, &err.to_string()),
    };
    if found.is_none() {
        if let Err(err) = Table::can_write(&path) {
            return usage(output, &err.to_string());
        }
    }
    let built = found.is_none();
    let started = Instant::now();
    let table = match found {
        Some(table) => table,
        None => {
            let threads = args.jobs.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
            });
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} solving Simpei: {msg} ({elapsed})")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            let solved = solve::solve(args.pieces, threads.max(1), alignment, &mut |p| {
                bar.set_message(match p.total {
                    0 => format!("{}, depth {}", p.stage, p.done),
                    total => format!("{} {}/{}", p.stage, p.done, total),
                });
            });
            bar.finish_and_clear();
            let table = match solved {
                Ok(table) => table,
                Err(err) => return usage(output, &err.to_string()),
            };
            if let Err(err) = table.save(&path) {
                writeln!(output.err, "error: {}", escaped(&err.to_string()))?;
                print_findings(&table, None, args, output)?;
                return Ok(TROUBLE);
            }
            table
        }
    };
    if machine_of(args.format).is_none() {
        let how = if built {
            format!("built in {:.0} s", started.elapsed().as_secs_f64())
        } else {
            "read back".to_string()
        };
        writeln!(
            output.out,
            "Table {how}: {}",
            escaped(&path.display().to_string())
        )?;
    }
    print_findings(&table, Some(&path), args, output)?;
    Ok(LEGAL)
}

/// What `solve` prints, as JSON and YAML give it.
#[derive(Serialize)]
struct SolveDocument {
    schema: u32,
    arbitre: &'static str,
    game: &'static str,
    /// Pieces of each colour.
    pieces: u8,
    /// The rulings the table follows, as a date.
    rules: u32,
    /// Which alignments win: `gapped` (the rules) or `adjacent`.
    alignment: &'static str,
    /// Where the table is kept; `None` when it could not be written.
    table: Option<String>,
    start: Said,
    free_start: Said,
    /// Over every arrangement of the pieces.
    #[serde(flatten)]
    all: Figures,
    /// The same, of the positions that arise in games from the start.
    reached: Option<Figures>,
}

/// What the table found over a set of positions, positions given as
/// `setup` header values.
#[derive(Serialize)]
struct Figures {
    longest_win: Option<LongestWin>,
    positions: Positions,
    /// Movement positions lost only because the colour to act must move.
    zugzwangs: u64,
    /// The first of them.
    zugzwang: Option<serde_json::Value>,
}

impl Figures {
    fn of(found: &solve::Figures) -> Figures {
        Figures {
            longest_win: found.longest_win_at.as_ref().map(|p| LongestWin {
                turns: found.longest_win,
                setup: setup_of(p),
            }),
            positions: Positions {
                placement: found.placement,
                movement: found.movement,
            },
            zugzwangs: found.zugzwangs,
            zugzwang: found.zugzwang_at.as_ref().map(setup_of),
        }
    }
}

#[derive(Serialize)]
struct LongestWin {
    turns: u8,
    /// A position where it is forced, as a `setup` header value.
    setup: serde_json::Value,
}

#[derive(Serialize)]
struct Positions {
    placement: solve::Counts,
    movement: solve::Counts,
}

fn setup_of(position: &Position) -> serde_json::Value {
    use arbitre::Presentation;
    Simpei::setup(position)
}

fn print_findings(
    table: &Table,
    path: Option<&Path>,
    args: &SolveArgs,
    output: &mut Output<'_>,
) -> io::Result<()> {
    let found = table.findings();
    let red = arbitre::games::simpei::Colour::Red;
    let document = SolveDocument {
        schema: SCHEMA,
        arbitre: VERSION,
        game: "simpei",
        pieces: args.pieces,
        rules: solve::RULES,
        alignment: match args.alignment {
            AlignmentArg::Gapped => "gapped",
            AlignmentArg::Adjacent => "adjacent",
        },
        table: path.map(|p| p.display().to_string()),
        start: Said::new(found.start, red),
        free_start: Said::new(found.free_start, red),
        all: Figures::of(&found.all),
        reached: found.reached.as_ref().map(Figures::of),
    };
    if let Some(machine) = machine_of(args.format) {
        return output.out.write_all(machine.document(&document).as_bytes());
    }
    let out = &mut output.out;
    writeln!(
        out,
        "Simpei solved with {} pieces each (rulings of {}{}).",
        args.pieces,
        solve::RULES,
        match args.alignment {
            AlignmentArg::Gapped => "",
            AlignmentArg::Adjacent => ", but only three adjacent pieces win",
        }
    )?;
    writeln!(
        out,
        "  the start, first piece on c3, e3, c5 or e5: {}",
        document.start.text
    )?;
    writeln!(
        out,
        "  the start, first piece anywhere:           {}",
        document.free_start.text
    )?;
    let longest = |longest: &Option<LongestWin>| match longest {
        Some(l) => format!(
            "{} turns, from setup {}",
            l.turns,
            serde_json::to_string(&l.setup).unwrap_or_default()
        ),
        None => "none".into(),
    };
    let setup = |z: &Option<serde_json::Value>| {
        z.as_ref().map_or(String::new(), |z| {
            format!(
                ", such as setup {}",
                serde_json::to_string(z).unwrap_or_default()
            )
        })
    };
    let mut tables = vec![("Every arrangement", &document.all)];
    if let Some(reached) = &document.reached {
        tables.push(("Positions that arise from the start", reached));
    }
    for (title, figures) in tables {
        let positions = &figures.positions;
        writeln!(out, "{title}, valued for the colour to act:")?;
        writeln!(
            out,
            "  the longest forced win: {}",
            longest(&figures.longest_win)
        )?;
        writeln!(
            out,
            "  zugzwangs (lost only for having to move): {}{}",
            figures.zugzwangs,
            setup(&figures.zugzwang)
        )?;
        writeln!(
            out,
            "  {:<10} {:>12} {:>12} {:>12} {:>12}",
            "phase", "won", "lost", "drawn", "all"
        )?;
        for (name, counts) in [
            ("placement", positions.placement),
            ("movement", positions.movement),
        ] {
            writeln!(
                out,
                "  {:<10} {:>12} {:>12} {:>12} {:>12}",
                name,
                counts.won,
                counts.lost,
                counts.drawn,
                counts.total()
            )?;
        }
    }
    Ok(())
}

/// The game's table for `analyse` and `moves --best`, or the usage error.
fn game_table(asked: Option<&PathBuf>) -> Result<Table, String> {
    let path = table_path(asked, 4, Alignment::Gapped)?;
    let table = Table::load(&path).map_err(|e| e.to_string())?;
    match (table.pieces(), table.alignment()) {
        (Some(4), Alignment::Gapped) => Ok(table),
        (Some(4), _) => Err(format!(
            "{} is the table of a game with another alignment rule, not of Simpei's",
            path.display()
        )),
        _ => Err(format!(
            "{} is the table of a smaller game, not of Simpei with four pieces each",
            path.display()
        )),
    }
}

/// Whether the record is Simpei and can be read as such, or why not:
/// asked before the table is read, of the whole record (a syntax error
/// anywhere makes it malformed), without keeping its turns.
fn readable(record: &Record) -> Result<(), String> {
    match arbitre::game_of(record).ok().map(|g| g.name()) {
        Some("simpei") => {}
        Some(other) => return Err(format!("only Simpei is solved: this record is {other}")),
        None => return Err("the record names no game arbitre knows".into()),
    }
    match arbitre::check_as::<Simpei>(&record.text, &Switches::default()).malformed {
        Some(m) => Err(format!("the record is malformed: {}", m.message)),
        None => Ok(()),
    }
}

/// What `analyse` prints, as JSON and YAML give it: the layout of a
/// whole [`solve::Analysis`] with the file beside it, its turns written
/// as they are valued rather than kept.
struct AnalyseDocument<'a> {
    file: &'a str,
    record: usize,
    outline: &'a Outline,
    turns: Turns<'a>,
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

/// One item of a list written as it is walked: the walk goes on while the
/// writer takes them, and stops at its first error, kept in `failed`.
fn element<L: serde::ser::SerializeSeq, T: Serialize>(
    list: &mut L,
    item: &T,
    failed: &mut Option<L::Error>,
) -> ControlFlow<()> {
    match list.serialize_element(item) {
        Ok(()) => ControlFlow::Continue(()),
        Err(err) => {
            *failed = Some(err);
            ControlFlow::Break(())
        }
    }
}

/// A record's analysed turns, serialised as a list as they are valued:
/// `count` of them, as a first analysis found.
struct Turns<'a> {
    table: &'a Table,
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
fn survey(table: &Table, text: &str) -> Result<Surveyed, solve::Unanalysable> {
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
pub fn analyse(args: &AnalyseArgs, output: &mut Output<'_>) -> io::Result<u8> {
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
    write_analysis(&table, &record.text, args, output)
}

/// The analysis of a readable record with `table`, as `args` asks.
fn write_analysis(
    table: &Table,
    text: &str,
    args: &AnalyseArgs,
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
    if let Some(machine) = machine_of(args.format) {
        let document = AnalyseDocument {
            file: &args.file,
            record: args.record,
            outline,
            turns: Turns {
                table,
                text,
                count: surveyed.turns,
            },
        };
        machine.write(&document, output.out)?;
        return Ok(status);
    }
    let out = &mut output.out;
    writeln!(
        out,
        "{}: with perfect play from the start, {}",
        escaped(&args.file),
        outline.start.text
    )?;
    let width = surveyed.width;
    let mut written = Ok(());
    let analysed = solve::analyse_record(table, text, &Switches::default(), |turn| {
        written = write_turn(out, &turn, width);
        if written.is_ok() {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    written?;
    if let Err(err) = analysed {
        return usage(output, &err.to_string());
    }
    let out = &mut output.out;
    if let Some(illegal) = &outline.illegal {
        writeln!(
            out,
            "  {} is illegal ({}): {}; the analysis stops there",
            illegal.label,
            illegal.rule,
            escaped(&illegal.message)
        )?;
    }
    let end = if surveyed.turns > 0 && outline.end_value.turns == Some(0) {
        outline.end.clone()
    } else {
        format!("{}, {}", outline.end, outline.end_value.text)
    };
    writeln!(
        out,
        "{}: {}; with perfect play from its start, {}; {}",
        escaped(&args.file),
        end,
        outline.start.text,
        match surveyed.slips {
            0 => "no turn gave anything away".to_string(),
            n => arbitre::words::counted(
                n as u64,
                "turn gave something away",
                "turns gave something away",
            ),
        }
    )?;
    Ok(status)
}

/// One line of the human analysis: the turn, its values, what it gave
/// away.
fn write_turn(out: &mut dyn Write, turn: &solve::Analysed, width: usize) -> io::Result<()> {
    let played = format!("{} {}", turn.label, escaped(&turn.turn));
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

/// The position after `turns` turns of a readable record, replayed as it
/// is read; `None` past an illegal turn.
fn position_of(record: &Record, turns: usize) -> Result<Option<Position>, String> {
    match arbitre::position_after::<Simpei>(&record.text, &Switches::default(), turns) {
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
    machine: Option<Machine>,
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
    write_best(&table, &position, machine, expand, label, over, output).map(Some)
}

/// The legal turns of `position` valued by `table`, as `moves --best`
/// prints them.
fn write_best(
    table: &Table,
    position: &Position,
    machine: Option<Machine>,
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
    if let Some(machine) = machine {
        let document = Best {
            schema: SCHEMA,
            arbitre: VERSION,
            turn: label.to_string(),
            value: said,
            legal,
        };
        machine.write(&document, output.out)?;
        return Ok(LEGAL);
    }
    let count = match &legal {
        Legal::Lines(lines, _) => lines.iter().map(|l| l.turns).sum(),
        Legal::Each(turns, _) => turns.len(),
    };
    match (said, over) {
        (Some(said), _) => writeln!(
            output.out,
            "{}: {}; {}, best first:",
            escaped(label),
            said.text,
            arbitre::words::counted_grouped(count, "legal turn", "legal turns")
        )?,
        (None, Some(how)) => writeln!(output.out, "0 legal turns. Game over: {}", escaped(how))?,
        (None, None) => writeln!(output.out, "{}: no turn to value", escaped(label))?,
    }
    let out = &mut output.out;
    match legal {
        Legal::Each(turns, _) => {
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
                    Said::new(value, to_act).text
                );
                if written.is_ok() {
                    ControlFlow::Continue(())
                } else {
                    ControlFlow::Break(())
                }
            });
            written?;
        }
        Legal::Lines(lines, _) => {
            let width = lines
                .iter()
                .filter(|l| l.group.is_none())
                .map(|l| l.text.len())
                .max()
                .unwrap_or(0);
            for line in &lines {
                let value = Said::new(line.value, to_act).text;
                let Some((play, worst)) = &line.group else {
                    writeln!(out, "  {:<width$}  {value}", line.text)?;
                    continue;
                };
                let n = arbitre::words::counted_grouped(line.turns, "turn", "turns");
                write!(out, "  {}: {n}  {value}", line.text)?;
                if *worst == line.value {
                    writeln!(out)?;
                } else {
                    let worst = Said::new(*worst, to_act).text;
                    writeln!(out, " by {play}, {worst} at worst")?;
                }
            }
        }
    }
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
