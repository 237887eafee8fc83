//! `arbitre solve simpei`: the table built, or read back, and what it
//! found. The work is the library's.

use std::io::{self, Write};
use std::path::Path;
use std::time::Instant;

use arbitre::escape::for_terminal;
use arbitre::games::simpei::solve::{self, Alignment, Said, Tablebase, TablebaseError};
use arbitre::games::simpei::{Position, Simpei};
use arbitre::report::{SCHEMA, VERSION};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use crate::cli::{AlignmentArg, SolveArgs};
use crate::document::{emit, Document, Form};
use crate::draw::Style;
use crate::output::{usage, Output, LEGAL, TROUBLE};
use crate::table::table_path;

/// `arbitre solve simpei`.
pub fn solve(args: &SolveArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let form = Form::of(args.format.machine(), style);
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
        |table: &Tablebase| table.pieces() == Some(args.pieces) && table.alignment() == alignment;
    // A file is written over only when it is missing, or a table of this
    // game that is damaged or stale (or sound, with --rebuild).
    let found = match Tablebase::load(&path) {
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
        Err(TablebaseError::Missing(_)) => None,
        Err(err) if err.rebuild_cures() => {
            writeln!(
                output.err,
                "note: {}; building it again",
                for_terminal(&err.to_string())
            )?;
            None
        }
        Err(err @ TablebaseError::NotATable(_)) => {
            return usage(
                output,
                &format!("{err}: arbitre will not write over it; give another --table"),
            )
        }
        Err(err) => return usage(output, &err.to_string()),
    };
    if found.is_none() {
        if let Err(err) = Tablebase::can_write(&path) {
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
                writeln!(output.err, "error: {}", for_terminal(&err.to_string()))?;
                let solved = Solved {
                    heading: None,
                    findings: findings(&table, None, args),
                };
                emit(&solved, form, output.out)?;
                return Ok(TROUBLE);
            }
            table
        }
    };
    let how = if built {
        format!("built in {:.0} s", started.elapsed().as_secs_f64())
    } else {
        "read back".to_string()
    };
    let solved = Solved {
        heading: Some(format!(
            "Table {how}: {}",
            for_terminal(&path.display().to_string())
        )),
        findings: findings(&table, Some(&path), args),
    };
    emit(&solved, form, output.out)?;
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

/// What the table found, as `solve` reports it.
fn findings(table: &Tablebase, path: Option<&Path>, args: &SolveArgs) -> SolveDocument {
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
    document
}

/// What `solve` prints: what the table found, and for people first a line
/// saying where the table is and how it was had.
struct Solved {
    heading: Option<String>,
    findings: SolveDocument,
}

impl Serialize for Solved {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.findings.serialize(serializer)
    }
}

impl Document for Solved {
    fn human(&self, _style: Style, out: &mut dyn Write) -> io::Result<()> {
        if let Some(heading) = &self.heading {
            writeln!(out, "{heading}")?;
        }
        let document = &self.findings;
        writeln!(
            out,
            "Simpei solved with {} pieces each (rulings of {}{}).",
            document.pieces,
            document.rules,
            match document.alignment {
                "adjacent" => ", but only three adjacent pieces win",
                _ => "",
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
}
