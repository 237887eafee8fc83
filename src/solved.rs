//! The commands of a solved game: `solve` builds or reads the table,
//! `analyse` values every turn of a record, `moves --best` orders the
//! legal turns by value. Only Simpei is solved; the work is the library's.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use arbitre::escape::escaped;
use arbitre::games::simpei::solve::{self, Alignment, Said, Table, TableError};
use arbitre::games::simpei::{Position, Simpei};
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

/// The record opened as Simpei, or why it cannot be.
fn opened(record: &Record) -> Result<arbitre::Opened<Simpei>, String> {
    match arbitre::referee_of(record).map(|g| g.name()) {
        Some("simpei") => {}
        Some(other) => return Err(format!("only Simpei is solved: this record is {other}")),
        None => return Err("the record names no game arbitre knows".into()),
    }
    arbitre::open::<Simpei>(&record.text, &Switches::default())
        .map_err(|m| format!("the record is malformed: {}", m.message))
}

/// What `analyse` prints, as JSON and YAML give it.
#[derive(Serialize)]
struct AnalyseDocument<'a> {
    schema: u32,
    arbitre: &'static str,
    file: &'a str,
    record: usize,
    #[serde(flatten)]
    analysis: &'a solve::Analysis,
}

/// `arbitre analyse FILE`.
pub fn analyse(args: &AnalyseArgs, output: &mut Output<'_>) -> io::Result<u8> {
    let record = match one_record(&args.file, args.record, args.limits.limits(), output)? {
        Ok(record) => record,
        Err(status) => return Ok(status),
    };
    let opened = match opened(&record) {
        Ok(opened) => opened,
        Err(message) => return usage(output, &format!("{}: {message}", args.file)),
    };
    let table = match game_table(args.table.as_ref()) {
        Ok(table) => table,
        Err(message) => return usage(output, &message),
    };
    let analysis = match solve::analyse(&table, &opened) {
        Ok(analysis) => analysis,
        Err(err) => return usage(output, &err.to_string()),
    };
    let status = if analysis.illegal.is_some() {
        ILLEGAL
    } else {
        LEGAL
    };
    if let Some(machine) = machine_of(args.format) {
        let document = AnalyseDocument {
            schema: SCHEMA,
            arbitre: VERSION,
            file: &args.file,
            record: args.record,
            analysis: &analysis,
        };
        output
            .out
            .write_all(machine.document(&document).as_bytes())?;
        return Ok(status);
    }
    let out = &mut output.out;
    writeln!(
        out,
        "{}: with perfect play from the start, {}",
        escaped(&args.file),
        analysis.start.text
    )?;
    let width = analysis
        .turns
        .iter()
        .map(|t| t.label.len() + t.turn.len() + 1)
        .max()
        .unwrap_or(0);
    for turn in &analysis.turns {
        let played = format!("{} {}", turn.label, escaped(&turn.turn));
        write!(
            out,
            "  {played:<width$}  {} -> {}",
            turn.before.text, turn.after.text
        )?;
        match (turn.slip, &turn.best) {
            (Some(slip), Some(best)) => {
                writeln!(out, "   ! {} (best: {})", slip.said(), best.text)?
            }
            (None, Some(best)) => writeln!(out, "   (slower; best: {})", best.text)?,
            _ => writeln!(out)?,
        }
    }
    if let Some(illegal) = &analysis.illegal {
        writeln!(
            out,
            "  {} is illegal ({}): {}; the analysis stops there",
            illegal.label,
            illegal.rule,
            escaped(&illegal.message)
        )?;
    }
    let slips = analysis.turns.iter().filter(|t| t.slip.is_some()).count();
    let end = match analysis.turns.last() {
        Some(_) if analysis.end_value.turns == Some(0) => analysis.end.clone(),
        _ => format!("{}, {}", analysis.end, analysis.end_value.text),
    };
    writeln!(
        out,
        "{}: {}; with perfect play from its start, {}; {}",
        escaped(&args.file),
        end,
        analysis.start.text,
        match slips {
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

/// `moves --best`: the legal turns of the position after `turns` turns,
/// best first, each with its value.
pub fn best(
    record: &Record,
    turns: usize,
    asked: Option<&PathBuf>,
    machine: Option<Machine>,
    label: &str,
    over: Option<&str>,
    output: &mut Output<'_>,
) -> io::Result<Option<u8>> {
    let opened = match opened(record) {
        Ok(opened) => opened,
        Err(message) => return usage(output, &format!("--best: {message}")).map(Some),
    };
    let table = match game_table(asked) {
        Ok(table) => table,
        Err(message) => return usage(output, &message).map(Some),
    };
    let Ok(position) = opened.position_after(turns) else {
        return Ok(None);
    };
    let value = position
        .winner
        .is_none()
        .then(|| table.value(&position))
        .flatten();
    if let Err(wrong) = table.check_position(&position) {
        return usage(output, &format!("the table is not sound: {wrong}")).map(Some);
    }
    let Some(valued) = solve::best_turns(&table, &position) else {
        return usage(
            output,
            "the table holds no value for a position this one leads to",
        )
        .map(Some);
    };
    let to_act = position.to_move;
    #[derive(Serialize)]
    struct Best {
        schema: u32,
        arbitre: &'static str,
        turn: String,
        value: Option<Said>,
        legal: Vec<Valued>,
    }
    #[derive(Serialize)]
    struct Valued {
        turn: String,
        value: Said,
    }
    let legal: Vec<Valued> = valued
        .iter()
        .map(|(play, v)| Valued {
            turn: play.to_string(),
            value: Said::new(*v, to_act),
        })
        .collect();
    let said = value.map(|v| Said::new(v, to_act));
    if let Some(machine) = machine {
        let document = Best {
            schema: SCHEMA,
            arbitre: VERSION,
            turn: label.to_string(),
            value: said,
            legal,
        };
        output
            .out
            .write_all(machine.document(&document).as_bytes())?;
        return Ok(Some(LEGAL));
    }
    match (said, over) {
        (Some(said), _) => writeln!(
            output.out,
            "{}: {}; {}, best first:",
            escaped(label),
            said.text,
            arbitre::words::counted_grouped(legal.len(), "legal turn", "legal turns")
        )?,
        (None, Some(how)) => writeln!(output.out, "0 legal turns. Game over: {}", escaped(how))?,
        (None, None) => writeln!(output.out, "{}: no turn to value", escaped(label))?,
    }
    let width = legal.iter().map(|v| v.turn.len()).max().unwrap_or(0);
    for valued in &legal {
        writeln!(
            output.out,
            "  {:<width$}  {}",
            valued.turn, valued.value.text
        )?;
    }
    Ok(Some(LEGAL))
}
