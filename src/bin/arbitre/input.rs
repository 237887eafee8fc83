//! What the commands read: the paths given, directories walked, one
//! record of a file, the `--rule` flags and the notes they call for. Below
//! every command.

use std::collections::BTreeMap;
use std::io::{self, Write};

use arbitre::escape::for_terminal;
use arbitre::games;
use arbitre::pipeline::{self, Items};
use arbitre::report::Unreadable;
use arbitre::words::{self, counted};
use arbitre::{AnyGame, Limits, Reader, Record, Switches};

use crate::cli::Switch;
use crate::output::{usage, Output};

/// A path a batch could not read, told on standard error as the batch
/// goes on; the path and the system's words escaped.
pub fn cannot_read(err: &mut dyn Write, path: &str, error: &str) -> io::Result<()> {
    writeln!(err, "{}", cannot_read_line(path, error))
}

pub fn cannot_read_line(path: &str, error: &str) -> String {
    format!(
        "error: cannot read {}: {}",
        for_terminal(path),
        for_terminal(error)
    )
}

/// `--rule` values, checked against the house rules some game defines.
pub fn switches(switch: &Switch) -> Result<Switches, String> {
    let mut out = Switches::new();
    for rule in &switch.rules {
        let (name, on) = match rule.split_once('=') {
            Some((name, value)) => match value.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" => (name.trim(), true),
                "false" | "no" | "off" => (name.trim(), false),
                _ => return Err(format!("`--rule {rule}`: the value must be true or false")),
            },
            None => (rule.trim(), true),
        };
        out.set_named(name, on)
            .map_err(|unknown| unknown.to_string())?;
    }
    Ok(out)
}

/// Records checked, by the name of their game.
pub type ByGame = BTreeMap<&'static str, usize>;

/// The notes of a run given `--rule`: for each house rule given, when some
/// record checked is of a game that does not define it, one line saying so
/// (`note: --rule forgive-missed-captures applies to Superpion only; it
/// changed nothing for 2 Simpei records`). A mixed folder is checked all
/// the same: the rule simply does not exist for those games.
pub fn idle_rules(switches: &Switches, by_game: &ByGame) -> Vec<String> {
    let all = games::all();
    switches
        .keys()
        .filter_map(|rule| {
            let (defining, idle): (Vec<&&dyn AnyGame>, Vec<&&dyn AnyGame>) =
                all.iter().partition(|g| g.switches().contains(&rule));
            let idle: Vec<String> = idle
                .iter()
                .filter_map(|g| {
                    let n = *by_game.get(g.name())?;
                    let noun = if n == 1 { "record" } else { "records" };
                    Some(format!("{} {} {noun}", words::grouped(n), g.title()))
                })
                .collect();
            if idle.is_empty() {
                return None;
            }
            let defining: Vec<String> = defining.iter().map(|g| g.title().to_string()).collect();
            Some(format!(
                "note: --rule {} applies to {} only; it changed nothing for {}",
                for_terminal(rule.as_str()),
                and_list(&defining),
                and_list(&idle)
            ))
        })
        .collect()
}

/// `x`, `x and y`, `x, y and z`.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// [`idle_rules`] written to standard error.
pub fn note_idle_rules(
    err: &mut dyn Write,
    switches: &Switches,
    by_game: &ByGame,
) -> io::Result<()> {
    for note in idle_rules(switches, by_game) {
        writeln!(err, "{note}")?;
    }
    Ok(())
}

/// The single record of `score`, `show` or `moves`, for [`idle_rules`].
pub fn one_game(record: &Record) -> ByGame {
    arbitre::dispatch::game_of(record)
        .ok()
        .map(|g| (g.name(), 1))
        .into_iter()
        .collect()
}

/// The items of `paths`, directories walked for `*.arb`. What the walk
/// skipped or could not read is written to standard error on the way, as
/// `warning: ...` (a special file skipped) or `error: ...` (a path left
/// unchecked); the paths left unchecked come back, for the report and the
/// status: they count as unreadable files, and the other paths are checked
/// all the same. What the walk left out is told there too
/// ([`left_out_lines`]), and its counts come back for the totals.
pub fn items(
    paths: &[String],
    walk: &crate::cli::WalkArgs,
    walker: &arbitre::walk::Walker,
    limits: Limits,
    output: &mut Output<'_>,
    shield: &dyn Fn(String) -> String,
) -> io::Result<(Items, usize, Vec<Unreadable>, arbitre::report::LeftOut)> {
    let walked = walker.walk(paths);
    let mut unchecked = Vec::new();
    for problem in &walked.problems {
        let level = if problem.is_error() {
            unchecked.push(Unreadable {
                path: problem.path.clone(),
                error: problem.kind.to_string(),
                raw: problem.raw.clone(),
            });
            "error"
        } else {
            "warning"
        };
        let line = format!("{level}: {}", for_terminal(&problem.to_string()));
        writeln!(output.err, "{}", shield(line))?;
    }
    for line in left_out_lines(&walked, walk.list_left_out) {
        writeln!(output.err, "{}", shield(line))?;
    }
    let left_out = walked.left_out_counts();
    let files = walked.files.len();
    Ok((Items::new(walked.files, limits), files, unchecked, left_out))
}

/// The lines of standard error that say what a walk left out unread: with
/// `--list-left-out` each file and why, then (always, when there are any)
/// a note with the counts by reason. Nothing when nothing was left out,
/// so that such a run's output is unchanged.
pub fn left_out_lines(walked: &arbitre::walk::Walked, list: bool) -> Vec<String> {
    let counts = walked.left_out_counts();
    if counts.is_empty() {
        return Vec::new();
    }
    let mut lines = Vec::new();
    if list {
        for entry in &walked.left_out {
            lines.push(format!(
                "note: left out ({}): {}",
                entry.reason,
                for_terminal(&entry.path)
            ));
        }
    }
    let hint = if list {
        ""
    } else {
        "; --list-left-out names them"
    };
    lines.push(format!("note: {}{hint}", counts.said()));
    lines
}

/// The `index`-th record of a file, read as a stream: only that record is
/// kept. `Err` holds the status of a usage error already reported.
pub fn one_record(
    file: &str,
    index: usize,
    limits: Limits,
    output: &mut Output<'_>,
) -> io::Result<Result<Record, u8>> {
    let input = match pipeline::open(file) {
        Ok(input) => input,
        Err(err) => return usage(output, &format!("cannot read {file}: {err}")).map(Err),
    };
    let mut count = 0;
    let mut found = None;
    for record in Reader::with_limits(input, limits) {
        match record {
            Ok(record) if record.index == index => found = Some(record),
            Ok(_) => {}
            Err(err) => return usage(output, &format!("cannot read {file}: {err}")).map(Err),
        }
        count += 1;
    }
    match found {
        Some(record) => Ok(Ok(record)),
        None => usage(
            output,
            &format!(
                "{file} holds {}; --record counts from 0",
                counted(count as u64, "record", "records")
            ),
        )
        .map(Err),
    }
}
