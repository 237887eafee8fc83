//! What each command does, kept thin: read, hand to the engine, report.
//! Output is written as it is found, to writers the caller owns.

use std::collections::BTreeMap;
use std::io::{self, Write};

use arbitre::escape::{self, escaped};
use arbitre::games;
use arbitre::pipeline::{self, Item, Items};
use arbitre::words::{self, counted};
use arbitre::{
    AnyGame, Checked, Document, Limits, Machine, PositionReport, Reader, Record, RecordReport,
    Skipped, StatsDocument, StopError, Switches, Tally, ThrowRecord, ThrowTotal, Unreadable,
    Verdict,
};

use crate::cli::{
    CheckArgs, Cli, ColorChoice, Command, FmtArgs, Format, PositionArgs, PositionFormat, ScoreArgs,
    StatsArgs, Switch,
};
use crate::human::{self, Snippet, Style};
use crate::progress::Progress;
use crate::sink::{self, Piece, Render, Seen};

/// Exit statuses of `record.md`.
pub const LEGAL: u8 = 0;
/// Some record is illegal.
pub const ILLEGAL: u8 = 1;
/// A usage error, a record malformed, or a path unreadable: a file that
/// cannot be read, or what a directory walk left unchecked.
pub const TROUBLE: u8 = 2;
/// `check --deny-warnings`: every record legal, but some warned about.
pub const WARNED: u8 = 3;

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

pub fn machine_of(format: Format) -> Option<Machine> {
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
        Command::Show(args) => position(args, style, output, Print::Diagram),
        Command::Moves(args) => position(
            &args.position,
            style,
            output,
            Print::Moves {
                expand: args.expand,
                best: args.best.then_some(&args.table),
            },
        ),
        Command::Solve(args) => crate::solved::solve(args, output),
        Command::Analyse(args) => crate::solved::analyse(args, output),
        Command::Fmt(args) => fmt(args, output),
        Command::Explain(args) => crate::explain::explain(args, style, output),
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
        Command::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(*shell, &mut Cli::command(), "arbitre", &mut *output.out);
            Ok(LEGAL)
        }
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

/// A path a batch could not read, told on standard error as the batch
/// goes on; the path and the system's words escaped.
fn cannot_read(err: &mut dyn Write, path: &str, error: &str) -> io::Result<()> {
    writeln!(err, "{}", cannot_read_line(path, error))
}

fn cannot_read_line(path: &str, error: &str) -> String {
    format!("error: cannot read {}: {}", escaped(path), escaped(error))
}

/// A usage error; what it quotes (a path, a `--turn`) is escaped.
pub fn usage(output: &mut Output<'_>, message: &str) -> io::Result<u8> {
    writeln!(output.err, "error: {}", escaped(message))?;
    Ok(TROUBLE)
}

fn with_game(
    name: &str,
    output: &mut Output<'_>,
    f: impl FnOnce(&'static dyn AnyGame, &mut Output<'_>) -> io::Result<u8>,
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

/// `--rule` values, checked against the house rules some game defines.
fn switches(switch: &Switch) -> Result<Switches, String> {
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
type ByGame = BTreeMap<&'static str, usize>;

/// The notes of a run given `--rule`: for each house rule given, when some
/// record checked is of a game that does not define it, one line saying so
/// (`note: --rule forgive-missed-captures applies to Superpion only; it
/// changed nothing for 2 Simpei records`). A mixed folder is checked all
/// the same: the rule simply does not exist for those games.
fn idle_rules(switches: &Switches, by_game: &ByGame) -> Vec<String> {
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
                escaped(rule.as_str()),
                and_list(&defining),
                and_list(&idle)
            ))
        })
        .collect()
}

/// `x`, `x and y`, `x, y and z`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// [`idle_rules`] written to standard error.
fn note_idle_rules(err: &mut dyn Write, switches: &Switches, by_game: &ByGame) -> io::Result<()> {
    for note in idle_rules(switches, by_game) {
        writeln!(err, "{note}")?;
    }
    Ok(())
}

/// The single record of `score`, `show` or `moves`, for [`idle_rules`].
fn one_game(record: &Record) -> ByGame {
    arbitre::game_of(record)
        .ok()
        .map(|g| (g.name(), 1))
        .into_iter()
        .collect()
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
/// unchecked); the paths left unchecked come back, for the report and the
/// status: they count as unreadable files, and the other paths are checked
/// all the same. What the walk left out is told there too
/// ([`left_out_lines`]), and its counts come back for the totals.
fn items(
    paths: &[String],
    walk: &crate::cli::WalkArgs,
    walker: &arbitre::Walker,
    limits: Limits,
    output: &mut Output<'_>,
    shield: &dyn Fn(String) -> String,
) -> io::Result<(Items, usize, Vec<Unreadable>, arbitre::LeftOut)> {
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
        let line = format!("{level}: {}", escaped(&problem.to_string()));
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
fn left_out_lines(walked: &arbitre::Walked, list: bool) -> Vec<String> {
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
                escaped(&entry.path)
            ));
        }
    }
    let total = counts.total();
    let files = if total == 1 { "file" } else { "files" };
    let hint = if list {
        ""
    } else {
        "; --list-left-out names them"
    };
    lines.push(format!(
        "note: {total} *.arb {files} left out unread ({counts}){hint}"
    ));
    lines
}

/// How `check` judges a run, from its flags.
#[derive(Clone, Copy)]
struct Judged {
    deny_warnings: bool,
}

impl Judged {
    /// Whether a record fails the run: it is not legal, or it is warned
    /// about and warnings are denied.
    fn fails(&self, report: &RecordReport) -> bool {
        report.verdict != Verdict::Legal || (self.deny_warnings && !report.warnings.is_empty())
    }

    /// The exit status of a run: warnings fail it only when denied, and
    /// less than anything else does.
    fn status(&self, tally: &Tally) -> u8 {
        match status_of(tally) {
            LEGAL if self.deny_warnings && tally.warnings > 0 => WARNED,
            status => status,
        }
    }
}

/// What one record adds to the output of `check`, rendered on any thread.
struct Rendered {
    /// The file it came from, for the progress line.
    path: std::sync::Arc<str>,
    piece: Piece,
    found: Option<Found>,
    unreadable: Option<Unreadable>,
}

/// What the totals need of a record.
struct Found {
    /// Its game, when its header names one arbitre knows.
    game: Option<&'static str>,
    verdict: Verdict,
    warnings: usize,
    rule: Option<String>,
    /// Whether it fails the run.
    fails: bool,
}

fn render(item: Item, switches: &Switches, judged: Judged, renderer: &dyn Render) -> Rendered {
    let (path, record) = match item {
        Item::Unreadable { path, error } => {
            return Rendered {
                path: "".into(),
                piece: Piece::default(),
                found: None,
                unreadable: Some(Unreadable {
                    path,
                    error: error.to_string(),
                    raw: None,
                }),
            }
        }
        Item::Record { path, record } => (path, record),
    };
    let checked = arbitre::check(&record, switches);
    let report = RecordReport::of(&path, &record, checked).with_switches(switches);
    let fails = judged.fails(&report);
    let piece = renderer.render(&Seen {
        path: &path,
        record: &record,
        report: &report,
        fails,
    });
    Rendered {
        path,
        piece,
        found: Some(Found {
            game: report
                .game
                .as_deref()
                .and_then(games::find)
                .map(|g| g.name()),
            verdict: report.verdict,
            warnings: report.warning_count(),
            rule: report.diagnostic.map(|d| d.rule),
            fails,
        }),
        unreadable: None,
    }
}

fn check(args: &CheckArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let walker = match args.walk.walker() {
        Ok(w) => w,
        Err(err) => return usage(output, &err.to_string()),
    };
    let mut sink = sink::open(
        args.format,
        sink::Options {
            style,
            quiet: args.quiet,
            warnings: args.warnings,
            deny_warnings: args.deny_warnings,
        },
        &switches,
    );
    let shield = |line: String| sink.stderr_line(line);
    let (items, files, mut unreadable, left_out) = items(
        &args.paths,
        &args.walk,
        &walker,
        args.limits.limits(),
        output,
        &shield,
    )?;
    let items = items.naming_stdin(args.stdin_filename.as_deref());
    let judged = Judged {
        deny_warnings: args.deny_warnings,
    };
    let interactive = args.paths.iter().any(|p| p == "-");
    // Not while standard input is being typed, nor over documents.
    let mut progress = Progress::new(files, sink.progress() && !interactive);
    sink.begin(&mut *output.out)?;
    // What the walk left unchecked is met first.
    for path in &unreadable {
        sink.unreadable(path, &mut *output.out)?;
    }
    let mut tally = Tally {
        unreadable: unreadable.len(),
        left_out,
        ..Tally::default()
    };
    let mut by_game = ByGame::new();
    let jobs = args
        .jobs
        .unwrap_or_else(|| pipeline::cores().min(crate::cli::MAX_JOBS));
    let renderer = sink.renderer();
    let work = |item: Item| render(item, &switches, judged, &*renderer);
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
            match (&rendered.unreadable, &rendered.found) {
                (Some(_), _) => progress.unreadable(),
                (None, Some(found)) => progress.record(&rendered.path, found.fails),
                (None, None) => {}
            }
            progress.suspend(|| {
                if let Some(path) = rendered.unreadable {
                    tally.unreadable += 1;
                    out.flush()?;
                    let line = cannot_read_line(&path.path, &path.error);
                    writeln!(output.err, "{}", sink.stderr_line(line))?;
                    sink.unreadable(&path, &mut *out)?;
                    unreadable.push(path);
                }
                if let Some(found) = rendered.found {
                    if let Some(game) = found.game {
                        *by_game.entry(game).or_default() += 1;
                    }
                    tally.count(found.verdict, found.warnings, found.rule);
                    sink.record(rendered.piece, &mut *out)?;
                }
                if progress.is_drawn() {
                    out.flush()?;
                }
                Ok(())
            })
        },
    );
    progress.finish();
    match ran {
        // The reader went away: what was checked gives the status.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(judged.status(&tally)),
        ran => ran?,
    }
    let run = sink::Run {
        tally: &tally,
        unreadable: &unreadable,
    };
    sink.end(&run, &mut *output.out)?;
    // After the report: standard error only, machine output stays whole.
    output.out.flush()?;
    note_idle_rules(output.err, &switches, &by_game)?;
    Ok(judged.status(&tally))
}

/// Throw statistics of every record that has throws, by record and by game.
/// A report, not a verdict: illegal records count too (their throws were
/// thrown); only records that cannot be read or parsed are skipped.
fn stats(args: &StatsArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
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
    if let Some(machine) = machine_of(args.format) {
        output
            .out
            .write_all(machine.document(&document).as_bytes())?;
    } else {
        for r in &document.records {
            let p = human::p_value(&r.throws);
            writeln!(
                output.out,
                "{}#{}: {}, {}, {p}",
                escaped(&r.path),
                r.index,
                r.game,
                counted(r.throws.throws, "throw", "throws")
            )?;
        }
        for s in malformed_skips
            .iter()
            .filter_map(|&i| document.skipped.get(i))
        {
            writeln!(
                output.out,
                "{}#{}: skipped: {}",
                escaped(&s.path),
                s.index,
                escaped(&s.reason)
            )?;
        }
        if let Some(line) = human::without_throws(&without_throws) {
            writeln!(output.out, "{line}")?;
        }
        for total in &document.totals {
            write!(
                output.out,
                "\n{}: {} in {}\n{}",
                total.game,
                counted(total.throws.throws, "throw", "throws"),
                counted(total.records as u64, "record", "records"),
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
    let line = human::verdict_line(&report, style);
    let shown = Snippet::new(file, record);
    let drawn = human::record(&line, &report, &shown, style, false);
    output.out.write_all(drawn.as_bytes())?;
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
    note_idle_rules(output.err, &switches, &one_game(&record))?;
    let checked = arbitre::check(&record, &switches);
    let table = arbitre::score_table(&record, &switches);
    let report = RecordReport::new(&args.file, &record, &checked).with_switches(&switches);
    if let Some(machine) = machine_of(args.format) {
        let mut tally = Tally::default();
        tally.add(&report);
        output
            .out
            .write_all(machine.document(&Document::new(vec![report])).as_bytes())?;
        return Ok(status_of(&tally));
    }
    if report.verdict != Verdict::Legal {
        return print_failure(&args.file, &record, &checked, &switches, style, output);
    }
    if let Some(description) = &report.description {
        writeln!(
            output.out,
            "{} after {}",
            escaped(description),
            words::turns(report.turns)
        )?;
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

/// What `show` and `moves` print of a position.
#[derive(Clone, Copy)]
enum Print<'a> {
    /// The diagram (`show`).
    Diagram,
    /// The legal turns (`moves`): grouped as the game groups them, or each
    /// on its own line; or ordered by value, with the table asked for.
    Moves {
        expand: bool,
        best: Option<&'a Option<std::path::PathBuf>>,
    },
}

fn position(
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
    let machine = machine_of(args.format.text());
    let drawn = matches!(args.format, PositionFormat::Svg | PositionFormat::Png);
    if drawn && matches!(print, Print::Moves { .. }) {
        return usage(
            output,
            "moves lists turns and draws none: `arbitre show --format svg` draws the position",
        );
    }
    let stop = match arbitre::stop(&record, &switches, at) {
        Ok(stop) => stop,
        // No position to give: the record's report, as `score` gives it.
        Err(StopError::Record(checked)) if machine.is_some() => {
            let report = RecordReport::new(file, &record, &checked).with_switches(&switches);
            let mut tally = Tally::default();
            tally.add(&report);
            if let Some(machine) = machine {
                let document = Document::new(vec![report]);
                output
                    .out
                    .write_all(machine.document(&document).as_bytes())?;
            }
            return Ok(status_of(&tally));
        }
        // No position to draw: the diagnostic goes to standard error, so
        // that no picture file is left holding it.
        Err(StopError::Record(checked)) if drawn => {
            let mut failure = Output {
                out: &mut *output.err,
                err: &mut io::sink(),
                closed: output.closed,
            };
            return print_failure(file, &record, &checked, &switches, style, &mut failure);
        }
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
                "error: cannot show --turn {}: the {}, so the last position that can be shown \
                 is the one before it, after {} (--turn {})",
                escaped(&asked.to_string()),
                escaped(&illegal_at(&report)),
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
        let shown = crate::solved::best(
            &record,
            stop.turn,
            table.as_ref(),
            machine,
            expand,
            &stop.label,
            stop.over.as_deref(),
            output,
        )?;
        if let Some(shown) = shown {
            return Ok(status.max(shown));
        }
    }
    if let Some(machine) = machine {
        let report = PositionReport::new(file, &record, &stop, &switches);
        match print {
            Print::Moves { expand, .. } => {
                report.write_moves(machine, &stop, expand, output.out)?
            }
            Print::Diagram => output.out.write_all(machine.document(&report).as_bytes())?,
        }
        return Ok(status);
    }
    if let Some(checked) = &stop.illegal {
        let report = RecordReport::new(file, &record, checked);
        let shown = match report.diagnostic.as_ref().and_then(|d| d.turn.as_ref()) {
            Some(_) => format!("the position before it, after {}", turns(stop.turn)),
            None => format!(
                "the final position as the replay gives it, after {}",
                turns(stop.turn)
            ),
        };
        writeln!(
            output.out,
            "The {}: showing {shown}.",
            escaped(&illegal_at(&report))
        )?;
    }
    if let Print::Moves { expand, .. } = print {
        let groups = stop.legal.groups();
        match &stop.over {
            Some(how) => writeln!(
                output.out,
                "After {}: 0 legal turns. Game over: {}",
                turns(stop.turn),
                escaped(how)
            )?,
            None => writeln!(
                output.out,
                "After {}, {}: {}",
                turns(stop.turn),
                escaped(&stop.label),
                words::counted_grouped(
                    groups.iter().map(|g| g.turns).sum(),
                    "legal turn",
                    "legal turns"
                )
            )?,
        }
        if expand {
            stop.legal
                .each(|play| writeln!(output.out, "  {}", escaped(&play.to_string())))?;
        } else {
            for group in &groups {
                match group.turns {
                    1 => writeln!(output.out, "  {}", escaped(&group.text))?,
                    n => writeln!(
                        output.out,
                        "  {}: {}",
                        escaped(&group.text),
                        words::counted_grouped(n, "turn", "turns")
                    )?,
                }
            }
        }
        for note in &stop.notes {
            writeln!(output.out, "{}", escaped(note))?;
        }
    } else {
        write!(
            output.out,
            "After {}:\n{}",
            turns(stop.turn),
            escape::lines(&stop.diagram)
        )?;
    }
    Ok(if stop.illegal.is_some() {
        ILLEGAL
    } else {
        LEGAL
    })
}

/// The position drawn, as SVG or PNG, on standard output.
fn picture(
    format: PositionFormat,
    stop: &arbitre::Stop,
    status: u8,
    output: &mut Output<'_>,
) -> io::Result<u8> {
    let svg = stop.picture.svg();
    if format == PositionFormat::Png {
        match crate::png::png(&svg) {
            Ok(png) => output.out.write_all(&png)?,
            Err(err) => {
                writeln!(output.err, "error: cannot draw the PNG: {}", escaped(&err))?;
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

/// "1 turn", "4 turns".
fn turns(n: usize) -> String {
    if n == 1 {
        "1 turn".into()
    } else {
        format!("{n} turns")
    }
}

/// The style [`Style::chosen`] gives standard output and the environment.
fn style_for(choice: ColorChoice) -> Style {
    use std::io::IsTerminal;
    let var = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
    let (columns, no_color, term) = (var("COLUMNS"), var("NO_COLOR"), var("TERM"));
    let terminal = std::io::stdout().is_terminal();
    let around = human::Surroundings {
        terminal,
        terminal_width: terminal
            .then(|| terminal_size::terminal_size_of(std::io::stdout()))
            .flatten()
            .map(|(w, _)| w.0),
        columns: columns.as_deref(),
        no_color: no_color.as_deref(),
        term: term.as_deref(),
    };
    let asked = match choice {
        ColorChoice::Always => Some(true),
        ColorChoice::Never => Some(false),
        ColorChoice::Auto => None,
    };
    Style::chosen(asked, &around)
}

/// `fmt`: each file's records in canonical form, printed, diffed
/// (`--check`) or written back (`--in-place`). The library formats; this
/// reads the paths and writes.
fn fmt(args: &FmtArgs, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    if args.in_place && args.paths.iter().any(|p| p == "-") {
        return usage(
            output,
            "--in-place cannot rewrite standard input (`-`); `arbitre fmt -` prints it formatted",
        );
    }
    let walker = match args.walk.walker() {
        Ok(w) => w,
        Err(err) => return usage(output, &err.to_string()),
    };
    let walked = walker.walk(&args.paths);
    let mut status = LEGAL;
    for problem in &walked.problems {
        let level = if problem.is_error() {
            status = TROUBLE;
            "error"
        } else {
            "warning"
        };
        writeln!(output.err, "{level}: {}", escaped(&problem.to_string()))?;
    }
    for line in left_out_lines(&walked, args.walk.list_left_out) {
        writeln!(output.err, "{line}")?;
    }
    let limits = args.limits.limits();
    for path in &walked.files {
        if output.closed.get() {
            break;
        }
        let file = fmt_file(path, args, limits, &switches, output)?;
        status = status.max(file);
    }
    Ok(status)
}

/// Where `fmt` writes a file's formatted text.
enum Destination {
    Print,
    Diff(arbitre::UnifiedDiff),
    /// The temporary file beside the original, and the original.
    Rewrite(io::BufWriter<tempfile::NamedTempFile>, std::path::PathBuf),
}

/// Format one file; its status. A failure to read it, or to write it
/// back, is reported and leaves the file as it was; only a failure to
/// write the output ends the command.
fn fmt_file(
    path: &str,
    args: &FmtArgs,
    limits: Limits,
    switches: &Switches,
    output: &mut Output<'_>,
) -> io::Result<u8> {
    // Standard input as the editor that pipes it in names it.
    let name = match (path, &args.stdin_filename) {
        ("-", Some(name)) => name.as_str(),
        _ => path,
    };
    // Looked at before it is opened: opening a FIFO waits for a writer,
    // and reading it takes what it holds from whoever wrote it.
    let special = args
        .in_place
        .then(|| std::fs::metadata(path).ok())
        .flatten()
        .filter(|m| !m.is_file());
    if let Some(special) = special {
        writeln!(
            output.err,
            "error: cannot rewrite {}: not a regular file ({}); fmt --in-place leaves it alone",
            escaped(path),
            arbitre::special_file(special.file_type())
        )?;
        return Ok(TROUBLE);
    }
    let opened = pipeline::open(path);
    let input = match opened {
        Ok(input) => input,
        Err(e) => {
            cannot_read(output.err, name, &e.to_string())?;
            return Ok(TROUBLE);
        }
    };
    let destination = if args.in_place {
        // The file written beside the original, renamed over it at the end.
        let made = std::fs::canonicalize(path).and_then(|target| {
            let dir = target
                .parent()
                .map_or_else(|| ".".into(), |d| d.to_path_buf());
            let file = tempfile::Builder::new()
                .prefix(".arbitre-fmt-")
                .tempfile_in(dir)?;
            Ok((target, file))
        });
        match made {
            Ok((target, file)) => Destination::Rewrite(io::BufWriter::new(file), target),
            Err(e) => {
                writeln!(
                    output.err,
                    "error: cannot rewrite {}: {}",
                    escaped(path),
                    escaped(&e.to_string())
                )?;
                return Ok(TROUBLE);
            }
        }
    } else if args.check {
        Destination::Diff(arbitre::UnifiedDiff::new(&escaped(name)))
    } else {
        Destination::Print
    };
    let mut destination = destination;
    let (mut status, mut changed) = (LEGAL, false);
    // A failure to write standard output, which ends the command.
    let mut failed_output: Option<io::Error> = None;
    let Output { out, err, .. } = output;
    let ran = arbitre::format_stream(input, limits, switches, |piece| {
        changed |= piece.changed();
        let written = match &mut destination {
            Destination::Print => out.write_all(piece.written),
            Destination::Diff(diff) => diff.piece(piece.original, piece.written, &mut **out),
            Destination::Rewrite(file, _) => file.write_all(piece.written),
        };
        let reported = match piece.record {
            Some((record, checked))
                if checked.malformed.is_some() || checked.violation.is_some() =>
            {
                status = status.max(if checked.malformed.is_some() {
                    TROUBLE
                } else {
                    ILLEGAL
                });
                let report = RecordReport::new(name, record, checked);
                let seen = Seen {
                    path: name,
                    record,
                    report: &report,
                    fails: true,
                };
                err.write_all(sink::short(&seen, false, false).as_bytes())
            }
            Some((record, checked)) => match piece.kept {
                Some(kept) => left_as_it_is(&mut **err, name, record, checked, kept),
                None => Ok(()),
            },
            None => Ok(()),
        };
        match (written, &destination) {
            (Err(e), Destination::Rewrite(..)) => Err(e),
            (Err(e), _) => {
                failed_output = Some(e);
                Err(io::Error::other("the output cannot be written"))
            }
            (Ok(()), _) => reported,
        }
    });
    if let Some(e) = failed_output {
        return Err(e);
    }
    if let Err(e) = ran {
        writeln!(err, "error: {}: {}", escaped(name), escaped(&e.to_string()))?;
        return Ok(TROUBLE);
    }
    let rewritten = match destination {
        Destination::Print => Ok(()),
        Destination::Diff(diff) => {
            if diff.finish(&mut **out)? {
                status = status.max(ILLEGAL);
            }
            Ok(())
        }
        Destination::Rewrite(file, target) if changed => file
            .into_inner()
            .map_err(io::IntoInnerError::into_error)
            .and_then(|temporary| rewrite(temporary, &target)),
        // Already canonical: the file is not touched.
        Destination::Rewrite(..) => Ok(()),
    };
    if let Err(e) = rewritten {
        writeln!(
            err,
            "error: cannot rewrite {}: {}",
            escaped(path),
            escaped(&e.to_string())
        )?;
        return Ok(TROUBLE);
    }
    Ok(status)
}

/// The warning for a legal record fmt leaves as it is, since its limits
/// would refuse its canonical form: where and why, located in the file
/// as a diagnostic is, one line. It changes no exit status: the record is
/// legal and written back whole.
fn left_as_it_is(
    err: &mut dyn Write,
    name: &str,
    record: &Record,
    checked: &Checked,
    kept: &arbitre::Malformed,
) -> io::Result<()> {
    let report = RecordReport::new(
        name,
        record,
        &Checked::malformed(checked.game, kept.clone()),
    );
    let place = report.diagnostic.as_ref().map_or_else(
        || escaped(name).into_owned(),
        |d| format!("{}:{}:{}", escaped(name), d.line, d.column),
    );
    let message = report
        .diagnostic
        .map_or(kept.message.clone(), |d| d.message);
    writeln!(
        err,
        "{place}: warning: left as it is: {}",
        escaped(&message)
    )
}

/// Put the temporary file written in place of `target`: given the
/// original's owner and permissions, synced to disk, then renamed over
/// it, so that the file is whole, old or new, whenever the run stops. A
/// file that cannot be rewritten so is left as it is ([`may_rewrite`]).
fn rewrite(temporary: tempfile::NamedTempFile, target: &std::path::Path) -> io::Result<()> {
    let original = std::fs::metadata(target)?;
    may_rewrite(&original)?;
    let file = temporary.as_file();
    keep_owner(file, &original)?;
    // After the owner: a change of owner may clear the set-id bits.
    file.set_permissions(original.permissions())?;
    file.sync_all()?;
    temporary.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// Why `--in-place` leaves a file alone, if it does: a file whose mode
/// forbids its owner to write it (read on the mode bits, which root's
/// writes would pass), and one of several names (hard links), which a
/// rename would split, the other names keeping the old text.
fn may_rewrite(now: &std::fs::Metadata) -> io::Result<()> {
    let refuse = |why: String| Err(io::Error::other(why));
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if now.mode() & 0o200 == 0 {
            return refuse(format!(
                "its mode ({:04o}) forbids its owner to write it, and fmt --in-place keeps a \
                 file's mode; it is left alone (chmod u+w to format it)",
                now.mode() & 0o7777
            ));
        }
        if now.nlink() > 1 {
            return refuse(format!(
                "it has {} names (hard links), and renaming the formatted file over this one \
                 would leave the others with the old text; it is left alone",
                now.nlink()
            ));
        }
    }
    #[cfg(not(unix))]
    if now.permissions().readonly() {
        return refuse("it is read-only; it is left alone".into());
    }
    Ok(())
}

/// Give the new file the original's owner and group, when they are not
/// its own already (a file of another user formatted by root, say). A
/// user who cannot give them (only root gives a file away) leaves the
/// file as it is rather than take it over.
fn keep_owner(file: &std::fs::File, original: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let made = file.metadata()?;
        if (made.uid(), made.gid()) != (original.uid(), original.gid()) {
            std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid())).map_err(
                |e| {
                    io::Error::other(format!(
                        "the formatted file cannot be given its owner (user {}, group {}): {e}; \
                         it is left alone",
                        original.uid(),
                        original.gid()
                    ))
                },
            )?;
        }
    }
    #[cfg(not(unix))]
    let _ = (file, original);
    Ok(())
}
