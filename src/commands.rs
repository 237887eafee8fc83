//! What each command does, kept thin: read, hand to the engine, report.
//! Output is written as it is found, to writers the caller owns.

use std::io::{self, Write};

use arbitre::games;
use arbitre::pipeline::{self, Item, Items};
use arbitre::{
    Checked, Document, Limits, Machine, Reader, Record, RecordReport, Referee, Skipped,
    StatsDocument, StopError, Switches, Tally, ThrowRecord, ThrowTotal, Verdict,
};

use crate::cli::{
    CheckArgs, CheckFormat, Cli, ColorChoice, Command, Format, PositionArgs, ScoreArgs, StatsArgs,
    Switch,
};
use crate::human::{self, Snippet, Style};

/// Exit statuses of `record.md`.
pub const LEGAL: u8 = 0;
/// Some record is illegal.
pub const ILLEGAL: u8 = 1;
/// A usage error, a record malformed, or a path unreadable: a file that
/// cannot be read, or what a directory walk left unchecked.
pub const TROUBLE: u8 = 2;

/// Where output goes: standard output for results, standard error for
/// usage trouble. A failed write ends the command with its error.
pub struct Output<'a> {
    /// Results.
    pub out: &'a mut dyn Write,
    /// Trouble.
    pub err: &'a mut dyn Write,
    /// Set once `out` is a closed pipe: nobody reads any more, so a long
    /// check stops there.
    pub closed: &'a std::cell::Cell<bool>,
}

fn machine_of(format: Format) -> Option<Machine> {
    match format {
        Format::Human => None,
        Format::Json => Some(Machine::Json),
        Format::Yaml => Some(Machine::Yaml),
    }
}

/// Run a command; `Err` only when the output could not be written.
pub fn run(cli: &Cli, output: &mut Output<'_>) -> io::Result<u8> {
    let style = style_for(cli.color);
    match &cli.command {
        Command::Check(args) => check(args, style, output),
        Command::Score(args) => score(args, style, output),
        Command::Stats(args) => stats(args, style, output),
        Command::Show(args) => position(args, style, output, false),
        Command::Moves(args) => position(args, style, output, true),
        Command::New { game } => with_game(game, output, |g, out| {
            out.out.write_all(g.template().as_bytes())?;
            Ok(LEGAL)
        }),
        Command::Random {
            game,
            seed,
            max_turns,
            mode,
        } => with_game(game, output, |g, out| {
            match g.random(mode.as_deref(), *seed, *max_turns) {
                Ok(text) => {
                    out.out.write_all(text.as_bytes())?;
                    Ok(LEGAL)
                }
                Err(err) => usage(out, &err),
            }
        }),
        Command::Perft { game, depth, mode } => with_game(game, output, |g, out| {
            match g.perft(mode.as_deref(), *depth) {
                Ok(count) => {
                    writeln!(out.out, "{count}")?;
                    Ok(LEGAL)
                }
                Err(err) => usage(out, &err),
            }
        }),
    }
}

fn usage(output: &mut Output<'_>, message: &str) -> io::Result<u8> {
    writeln!(output.err, "error: {message}")?;
    Ok(TROUBLE)
}

fn with_game(
    name: &str,
    output: &mut Output<'_>,
    f: impl FnOnce(&'static dyn Referee, &mut Output<'_>) -> io::Result<u8>,
) -> io::Result<u8> {
    match games::find(name) {
        Some(game) => f(game, output),
        None => usage(
            output,
            &format!(
                "`{name}` is not a game arbitre knows; {}",
                games::suggest(name)
            ),
        ),
    }
}

/// `--rule` values, checked against the switches some game understands.
fn switches(switch: &Switch) -> Result<Switches, String> {
    let known: Vec<&str> = games::all()
        .iter()
        .flat_map(|g| g.switches())
        .copied()
        .collect();
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
        if !known.contains(&name) {
            let listed = if known.is_empty() {
                "no game has house rules".to_string()
            } else {
                format!("known: {}", known.join(", "))
            };
            return Err(format!("`{name}` is not a house rule ({listed})"));
        }
        out.insert(name.to_string(), on);
    }
    Ok(out)
}

fn status_of(tally: &Tally) -> u8 {
    if tally.malformed > 0 || tally.unreadable > 0 {
        TROUBLE
    } else if tally.illegal > 0 {
        ILLEGAL
    } else {
        LEGAL
    }
}

/// The items of `paths`, directories walked for `*.arb`. What the walk
/// skipped or could not read is written to standard error on the way, as
/// `warning: ...` (a special file skipped) or `error: ...` (a path left
/// unchecked); the count of errors comes back, for the status: they count
/// as unreadable files, and the other paths are checked all the same.
fn items(paths: &[String], limits: Limits, output: &mut Output<'_>) -> io::Result<(Items, usize)> {
    let walked = arbitre::walk(paths);
    for problem in &walked.problems {
        let level = if problem.is_error() {
            "error"
        } else {
            "warning"
        };
        writeln!(output.err, "{level}: {problem}")?;
    }
    let errors = walked.errors();
    Ok((Items::new(walked.files, limits), errors))
}

/// What one record adds to the output of `check`, rendered on any thread.
struct Rendered {
    text: String,
    found: Option<Found>,
    trouble: Option<String>,
}

/// What the totals need of a record.
struct Found {
    verdict: Verdict,
    warnings: usize,
    rule: Option<String>,
}

fn render(item: Item, switches: &Switches, format: CheckFormat, style: Style) -> Rendered {
    match item {
        Item::Unreadable { path, error } => Rendered {
            text: String::new(),
            found: None,
            trouble: Some(format!("error: cannot read {path}: {error}\n")),
        },
        Item::Record { path, record } => {
            let checked = arbitre::check(&record, switches);
            let report = RecordReport::new(&path, &record, &checked).with_switches(switches);
            let text = match format.machine() {
                Some(machine) => machine.record(&report),
                None => {
                    let shown = Snippet::new(&path, &record);
                    let mut text = human::verdict_line(&report, style);
                    text.push('\n');
                    text.push_str(&human::diagnostic(&report, &shown, style));
                    text.push_str(&human::warnings(&report, &shown, style));
                    text
                }
            };
            Rendered {
                text,
                found: Some(Found {
                    verdict: report.verdict,
                    warnings: report.warnings.len(),
                    rule: report.diagnostic.map(|d| d.rule),
                }),
                trouble: None,
            }
        }
    }
}

fn check(args: &CheckArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let (items, unwalked) = items(&args.paths, args.limits.limits(), output)?;
    let format = args.format;
    let machine = format.machine();
    let interactive = args.paths.iter().any(|p| p == "-");
    if let Some(machine) = machine {
        output.out.write_all(machine.opening().as_bytes())?;
    }
    let mut tally = Tally {
        unreadable: unwalked,
        ..Tally::default()
    };
    let jobs = args.jobs.unwrap_or_else(pipeline::cores);
    let work = |item: Item| render(item, &switches, format, style);
    let closed = output.closed;
    let ran = pipeline::run(
        items,
        jobs,
        interactive,
        &work,
        &mut *output.out,
        |out, rendered| {
            if closed.get() {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            if let Some(trouble) = &rendered.trouble {
                tally.unreadable += 1;
                out.flush()?;
                output.err.write_all(trouble.as_bytes())?;
            }
            if let Some(found) = rendered.found {
                if tally.records > 0 {
                    if let Some(machine) = machine {
                        out.write_all(machine.between().as_bytes())?;
                    }
                }
                tally.count(found.verdict, found.warnings, found.rule);
            }
            out.write_all(rendered.text.as_bytes())
        },
    );
    match ran {
        // The reader went away: what was checked gives the status.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status_of(&tally)),
        ran => ran?,
    }
    match machine {
        Some(machine) => output
            .out
            .write_all(machine.closing(tally.records, &tally).as_bytes())?,
        None if tally.records > 1 => {
            output.out.write_all(b"\n")?;
            output
                .out
                .write_all(human::summary(&tally, style).as_bytes())?;
        }
        None => {}
    }
    Ok(status_of(&tally))
}

/// Throw statistics of every record that has throws, by record and by game.
/// A report, not a verdict: illegal records count too (their throws were
/// thrown); only records that cannot be read or parsed are skipped.
fn stats(args: &StatsArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let (items, unwalked) = items(&args.paths, args.limits.limits(), output)?;
    let mut document = StatsDocument::default();
    let mut unreadable = unwalked > 0;
    for item in items {
        let (path, record) = match item {
            Item::Record { path, record } => (path, record),
            Item::Unreadable { path, error } => {
                writeln!(output.err, "error: cannot read {path}: {error}")?;
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
                    Some(m) => format!("malformed ({}): {}", m.rule, m.message),
                    None => format!("{game} has no throws"),
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
    if let Some(machine) = machine_of(args.format) {
        output
            .out
            .write_all(machine.document(&document).as_bytes())?;
    } else {
        for r in &document.records {
            let p = r
                .throws
                .p_value
                .map_or("no p-value".to_string(), |p| format!("p-value {p:.4}"));
            writeln!(
                output.out,
                "{}#{}: {}, {} throw(s), {p}",
                r.path, r.index, r.game, r.throws.throws
            )?;
        }
        for s in &document.skipped {
            writeln!(output.out, "{}#{}: skipped: {}", s.path, s.index, s.reason)?;
        }
        for total in &document.totals {
            write!(
                output.out,
                "\n{}: {} throws in {} record(s)\n{}",
                total.game,
                total.throws.throws,
                total.records,
                human::throw_table(&total.throws, style)
            )?;
        }
        if document.totals.is_empty() {
            writeln!(output.out, "no record with throws")?;
        }
    }
    Ok(if unreadable { TROUBLE } else { LEGAL })
}

/// The `index`-th record of a file, read as a stream: only that record is
/// kept. `Err` holds the status of a usage error already reported.
fn one_record(
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
            &format!("{file} holds {count} record(s); --record counts from 0"),
        )
        .map(Err),
    }
}

/// The verdict line and diagnostic of a record that is not legal.
fn print_failure(
    file: &str,
    record: &Record,
    checked: &Checked,
    switches: &Switches,
    style: Style,
    output: &mut Output<'_>,
) -> io::Result<u8> {
    let report = RecordReport::new(file, record, checked).with_switches(switches);
    writeln!(output.out, "{}", human::verdict_line(&report, style))?;
    let shown = Snippet::new(file, record);
    output
        .out
        .write_all(human::diagnostic(&report, &shown, style).as_bytes())?;
    let mut tally = Tally::default();
    tally.add(&report);
    Ok(status_of(&tally))
}

fn score(args: &ScoreArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let record = match one_record(&args.file, args.record, args.limits.limits(), output)? {
        Ok(record) => record,
        Err(status) => return Ok(status),
    };
    let checked = arbitre::check(&record, &switches);
    let table = arbitre::score_table(&record, &switches);
    let report = RecordReport::new(&args.file, &record, &checked).with_switches(&switches);
    if let Some(machine) = machine_of(args.format) {
        let mut tally = Tally::default();
        tally.add(&report);
        output.out.write_all(
            machine
                .document(&Document {
                    records: vec![report],
                })
                .as_bytes(),
        )?;
        return Ok(status_of(&tally));
    }
    if report.verdict != Verdict::Legal {
        return print_failure(&args.file, &record, &checked, &switches, style, output);
    }
    if let Some(description) = &report.description {
        writeln!(output.out, "{description} after {} turns", report.turns)?;
    }
    if let Some(table) = table {
        output
            .out
            .write_all(human::table(&table, style).as_bytes())?;
    }
    let shown = Snippet::new(&args.file, &record);
    output
        .out
        .write_all(human::warnings(&report, &shown, style).as_bytes())?;
    Ok(LEGAL)
}

fn position(
    args: &PositionArgs,
    style: Style,
    output: &mut Output<'_>,
    moves: bool,
) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let record = match one_record(&args.file, args.record, args.limits.limits(), output)? {
        Ok(record) => record,
        Err(status) => return Ok(status),
    };
    let file = args.file.as_str();
    let at = args.turn.clone().unwrap_or_default();
    let stop = match arbitre::stop(&record, &switches, at) {
        Ok(stop) => stop,
        Err(StopError::Record(checked)) => {
            return print_failure(file, &record, &checked, &switches, style, output)
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
                "error: cannot show --turn {asked}: the {}, so the last position that can be shown \
                 is the one before it, after {} (--turn {})",
                illegal_at(&report),
                turns(checked.turns),
                checked.turns
            )?;
            return Ok(ILLEGAL);
        }
    };
    if let Some(checked) = &stop.illegal {
        let report = RecordReport::new(file, &record, checked);
        let shown = match report.diagnostic.as_ref().and_then(|d| d.turn.as_ref()) {
            Some(_) => format!("the position before it, after {}", turns(stop.turn)),
            None => format!(
                "the final position as the replay gives it, after {}",
                turns(stop.turn)
            ),
        };
        writeln!(output.out, "The {}: showing {shown}.", illegal_at(&report))?;
    }
    if moves {
        match &stop.over {
            Some(how) => writeln!(
                output.out,
                "After {}: 0 legal turns. Game over: {how}",
                turns(stop.turn)
            )?,
            None => writeln!(
                output.out,
                "After {}, {}: {} legal turn(s)",
                turns(stop.turn),
                stop.label,
                stop.legal.len()
            )?,
        }
        for play in &stop.legal {
            writeln!(output.out, "  {play}")?;
        }
        for note in &stop.notes {
            writeln!(output.out, "{note}")?;
        }
    } else {
        write!(output.out, "After {}:\n{}", turns(stop.turn), stop.diagram)?;
    }
    Ok(if stop.illegal.is_some() {
        ILLEGAL
    } else {
        LEGAL
    })
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

/// "1 turn", "4 turns".
fn turns(n: usize) -> String {
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

/// Colour only on a terminal, never with `NO_COLOR` set (unless asked for
/// explicitly).
fn style_for(choice: ColorChoice) -> Style {
    use std::io::IsTerminal;
    let color = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    };
    Style { color }
}
