//! `arbitre standings`: every record of the paths given checked as `check`
//! checks them (on every core, in input order), and the library's
//! standings of the events they hold printed: tables, one document, or CSV.

use std::io::{self, Write};

use arbitre::escape::{cut, for_terminal};
use arbitre::game::Table;
use arbitre::games;
use arbitre::pipeline::{self, Item};
use arbitre::report::Unreadable;
use arbitre::standings::{Entry, Family, Group, NotCounted, Row, Standings, StandingsDocument};
use arbitre::words::counted;
use arbitre::{RecordReport, Switches, Tally};

use crate::cli::{StandingsArgs, StandingsFormat};
use crate::document::{emit, Document, Form};
use crate::draw::{self, Style};
use crate::input::{cannot_read_line, items, note_idle_rules, switches, ByGame};
use crate::output::{status_of, usage, Output};

/// What a worker gives of one item: a record's report and its header's
/// tournament facts, or a path that could not be read.
enum Checked {
    Record(Box<(RecordReport, Entry)>),
    Unreadable(Unreadable),
}

fn checked(item: Item, switches: &Switches) -> Checked {
    match item {
        Item::Unreadable { path, error } => Checked::Unreadable(Unreadable {
            path,
            error: error.to_string(),
            raw: None,
        }),
        Item::Record { path, record } => {
            let tournament = Entry::of(&record);
            let report = RecordReport::of(&path, &record, arbitre::check(&record, switches));
            Checked::Record(Box::new((report, tournament)))
        }
    }
}

pub fn standings(args: &StandingsArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
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
    let items = items.naming_stdin(args.stdin_filename.as_deref());
    let mut standings = Standings::new(args.points.unwrap_or_default());
    let mut tally = Tally {
        unreadable: unwalked.len(),
        left_out,
        ..Tally::default()
    };
    for path in unwalked {
        standings.unreadable(path);
    }
    let mut by_game = ByGame::new();
    let jobs = args
        .jobs
        .unwrap_or_else(|| pipeline::cores().min(crate::cli::MAX_JOBS));
    let interactive = args.paths.iter().any(|p| p == "-");
    let work = |item: Item| checked(item, &switches);
    let err = &mut *output.err;
    let mut nothing = io::sink();
    pipeline::run(items, jobs, interactive, &work, &mut nothing, |_, done| {
        match done {
            Checked::Unreadable(path) => {
                tally.unreadable += 1;
                writeln!(err, "{}", cannot_read_line(&path.path, &path.error))?;
                standings.unreadable(path);
            }
            Checked::Record(done) => {
                let (report, tournament) = *done;
                if let Some(game) = report.game.as_deref().and_then(games::find) {
                    *by_game.entry(game.name()).or_default() += 1;
                }
                tally.add(&report);
                standings.add(&report, &tournament);
            }
        }
        Ok(())
    })?;
    let document = Printed {
        document: standings.finish(args.crosstable),
    };
    match args.format {
        StandingsFormat::Csv => output.out.write_all(csv(&document.document).as_bytes())?,
        format => emit(&document, Form::of(format.machine(), style), output.out)?,
    }
    output.out.flush()?;
    note_idle_rules(output.err, &switches, &by_game)?;
    Ok(status_of(&tally))
}

/// What `standings` prints: the library's document, drawn for people here.
struct Printed {
    document: StandingsDocument,
}

impl serde::Serialize for Printed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.document.serialize(serializer)
    }
}

/// "Club night · Simpei", "(no event) · Superpion, multi-player modes".
fn title(group: &Group) -> String {
    let event = group
        .event
        .as_deref()
        .map_or("(no event)".into(), |e| cut(e).into_owned());
    let game = games::find(&group.game).map_or(group.game.as_str(), |g| g.title());
    let family = match (group.game.as_str(), group.family) {
        ("superpion", Family::TwoPlayer) => ", two-player modes",
        ("superpion", Family::MultiPlayer) => ", multi-player modes",
        _ => "",
    };
    format!("{event} · {game}{family}")
}

/// A decimal of the table, or nothing.
fn shown<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// A row's cells, as its family's table shows them.
type Cells = fn(&Row) -> Vec<String>;

/// The group's table, its columns those of its family.
fn table_of(group: &Group) -> Table {
    let (header, cells): (Vec<&str>, Cells) = match group.family {
        Family::TwoPlayer => (
            vec![
                "rank",
                "player",
                "games",
                "wins",
                "draws",
                "losses",
                "points",
                "Sonneborn-Berger",
                "Buchholz",
            ],
            |r| {
                vec![
                    r.rank.clone(),
                    r.player.clone(),
                    r.games.to_string(),
                    r.wins.to_string(),
                    shown(r.draws),
                    shown(r.losses),
                    shown(r.points),
                    shown(r.sonneborn_berger),
                    shown(r.buchholz),
                ]
            },
        ),
        Family::MultiPlayer => (
            vec!["rank", "player", "games", "wins", "total", "average"],
            |r| {
                vec![
                    r.rank.clone(),
                    r.player.clone(),
                    r.games.to_string(),
                    r.wins.to_string(),
                    shown(r.total),
                    r.average.map(|a| a.two_decimals()).unwrap_or_default(),
                ]
            },
        ),
    };
    Table {
        header: header.into_iter().map(str::to_string).collect(),
        rows: group.rows.iter().map(cells).collect(),
    }
}

/// `path#1: illegal (simpei/occupied, 7:12): c3 is occupied`.
fn not_counted_line(n: &NotCounted) -> String {
    let mut line = format!("{}#{}: {}", for_terminal(&n.path), n.index, n.reason.word());
    let place = match (n.line, n.column) {
        (Some(l), Some(c)) => Some(format!("{l}:{c}")),
        _ => None,
    };
    match (&n.rule, place) {
        (Some(rule), Some(place)) => line.push_str(&format!(" ({}, {place})", for_terminal(rule))),
        (Some(rule), None) => line.push_str(&format!(" ({})", for_terminal(rule))),
        _ => {}
    }
    if !n.message.is_empty() {
        line.push_str(": ");
        line.push_str(&for_terminal(&n.message));
    }
    line
}

impl Document for Printed {
    fn human(&self, style: Style, out: &mut dyn Write) -> io::Result<()> {
        let document = &self.document;
        for (i, group) in document.groups.iter().enumerate() {
            if i > 0 {
                writeln!(out)?;
            }
            writeln!(
                out,
                "{}: {} counted",
                title(group),
                counted(group.counted as u64, "record", "records")
            )?;
            if group.rows.is_empty() {
                writeln!(out, "no record counts")?;
            } else {
                out.write_all(draw::table(&table_of(group), style).as_bytes())?;
            }
            if let Some(cross) = &group.crosstable {
                if !cross.is_empty() {
                    let mut header = vec!["#".to_string(), "player".to_string()];
                    header.extend((1..=cross.len()).map(|n| n.to_string()));
                    let rows = cross
                        .iter()
                        .enumerate()
                        .map(|(n, row)| {
                            let mut cells = vec![(n + 1).to_string(), row.player.clone()];
                            cells.extend(row.cells.iter().map(|c| c.join(" ")));
                            cells
                        })
                        .collect();
                    writeln!(out, "Crosstable")?;
                    out.write_all(draw::table(&Table { header, rows }, style).as_bytes())?;
                }
            }
            if !group.not_counted.is_empty() {
                writeln!(out, "Not counted ({}):", group.not_counted.len())?;
                for n in &group.not_counted {
                    writeln!(out, "  {}", not_counted_line(n))?;
                }
            }
            for w in &group.warnings {
                writeln!(out, "warning: {}", for_terminal(&w.message))?;
            }
        }
        if !document.ungrouped.is_empty() {
            if !document.groups.is_empty() {
                writeln!(out)?;
            }
            writeln!(
                out,
                "In no group, their game not known ({}):",
                document.ungrouped.len()
            )?;
            for n in &document.ungrouped {
                writeln!(out, "  {}", not_counted_line(n))?;
            }
        }
        if document.groups.is_empty() && document.ungrouped.is_empty() {
            writeln!(out, "no record read")?;
        }
        if !document.unreadable.is_empty() {
            writeln!(out)?;
            for u in &document.unreadable {
                writeln!(out, "{}", draw::unreadable_line(u, style))?;
            }
        }
        Ok(())
    }
}

/// A CSV field, quoted when it must be (RFC 4180).
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Free text from a record (an event, a name) as a CSV cell: one that a
/// spreadsheet would read as a formula (`=`, `+`, `-`, `@`, a tab or a
/// carriage return first) starts with `'`, as OWASP advises, so that
/// opening the standings runs nothing a record wrote.
fn text_field(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        field(&format!("'{text}"))
    } else {
        field(text)
    }
}

/// One row per player and group, with the group's event and game first.
fn csv(document: &StandingsDocument) -> String {
    let mut text = String::from(
        "event,game,family,rank,player,games,wins,draws,losses,points,sonneborn_berger,buchholz,total,average\n",
    );
    for group in &document.groups {
        for r in &group.rows {
            let cells = [
                group.event.clone().unwrap_or_default(),
                group.game.clone(),
                group.family.word().to_string(),
                r.rank.clone(),
                r.player.clone(),
                r.games.to_string(),
                r.wins.to_string(),
                shown(r.draws),
                shown(r.losses),
                shown(r.points),
                shown(r.sonneborn_berger),
                shown(r.buchholz),
                shown(r.total),
                r.average.map(|a| a.two_decimals()).unwrap_or_default(),
            ];
            // The event and the player are the record's; the rest is ours.
            let line: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    if i == 0 || i == 4 {
                        text_field(c)
                    } else {
                        field(c)
                    }
                })
                .collect();
            text.push_str(&line.join(","));
            text.push('\n');
        }
    }
    text
}
