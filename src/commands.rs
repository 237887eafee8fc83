//! What each command does, kept thin: read, hand to the engine, report.

use std::sync::Arc;

use miette::NamedSource;

use crate::cli::{CheckArgs, Cli, Command, PositionArgs, ScoreArgs, StatsArgs, Switch};
use crate::games;
use crate::record::{self, Switches};
use crate::replay::{Checked, Referee, StopError};
use crate::report::human::{self, Style};
use crate::report::{
    self, Document, Format, RecordReport, Skipped, StatsDocument, ThrowRecord, ThrowTotal, Verdict,
};
use crate::source::{self, RecordCheck, Source};

/// Exit statuses of `record.md`.
pub const LEGAL: u8 = 0;
pub const ILLEGAL: u8 = 1;
pub const TROUBLE: u8 = 2;

/// Where output goes: standard output for results, standard error for
/// usage trouble.
#[derive(Default)]
pub struct Output {
    pub out: String,
    pub err: String,
}

pub fn run(cli: &Cli) -> (u8, Output) {
    let style = Style::detect(cli.color);
    let mut output = Output::default();
    let status = match &cli.command {
        Command::Check(args) => check(args, style, &mut output),
        Command::Score(args) => score(args, style, &mut output),
        Command::Stats(args) => stats(args, style, &mut output),
        Command::Show(args) => position(args, style, &mut output, false),
        Command::Moves(args) => position(args, style, &mut output, true),
        Command::New { game } => with_game(game, &mut output, |g, out| {
            out.out.push_str(g.template());
            LEGAL
        }),
        Command::Random {
            game,
            seed,
            max_turns,
            mode,
        } => with_game(game, &mut output, |g, out| {
            match g.random(mode.as_deref(), *seed, *max_turns) {
                Ok(text) => {
                    out.out.push_str(&text);
                    LEGAL
                }
                Err(err) => usage(out, &err),
            }
        }),
        Command::Perft { game, depth, mode } => with_game(game, &mut output, |g, out| {
            match g.perft(mode.as_deref(), *depth) {
                Ok(count) => {
                    out.out.push_str(&format!("{count}\n"));
                    LEGAL
                }
                Err(err) => usage(out, &err),
            }
        }),
    };
    (status, output)
}

fn usage(output: &mut Output, message: &str) -> u8 {
    output.err.push_str(&format!("error: {message}\n"));
    TROUBLE
}

fn with_game(
    name: &str,
    output: &mut Output,
    f: impl FnOnce(&'static dyn Referee, &mut Output) -> u8,
) -> u8 {
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

fn status_of(reports: &[RecordReport]) -> u8 {
    if reports.iter().any(|r| r.verdict == Verdict::Malformed) {
        TROUBLE
    } else if reports.iter().any(|r| r.verdict == Verdict::Illegal) {
        ILLEGAL
    } else {
        LEGAL
    }
}

fn named(source: &Source) -> NamedSource<Arc<str>> {
    NamedSource::new(&source.path, source.text.clone())
}

/// Read every path (directories walked for `*.arb`); a file that cannot be
/// read is reported and flagged, the others are still read.
fn read_all(paths: &[String], output: &mut Output) -> Result<(Vec<Source>, bool), u8> {
    let paths = source::expand(paths)
        .map_err(|err| usage(output, &format!("cannot check a directory: {err}")))?;
    let mut sources = Vec::new();
    let mut unreadable = false;
    for path in &paths {
        match Source::read(path) {
            Ok(source) => sources.push(source),
            Err(err) => {
                output
                    .err
                    .push_str(&format!("error: cannot read {path}: {err}\n"));
                unreadable = true;
            }
        }
    }
    Ok((sources, unreadable))
}

fn check(args: &CheckArgs, style: Style, output: &mut Output) -> u8 {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let (sources, unreadable) = match read_all(&args.paths, output) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let mut reports = Vec::new();
    for source in &sources {
        let checks = source::check(source, &switches);
        let shown = named(source);
        for check in &checks {
            let report = RecordReport::new(source, check);
            if args.format == Format::Human {
                output.out.push_str(&human::verdict_line(&report, style));
                output.out.push('\n');
                output
                    .out
                    .push_str(&human::diagnostic(&report, &shown, style));
                output
                    .out
                    .push_str(&human::warnings(&report, &shown, style));
            }
            reports.push(report);
        }
    }
    match args.format {
        Format::Human if reports.len() > 1 => {
            output.out.push('\n');
            output.out.push_str(&human::summary(&reports, style));
        }
        Format::Human => {}
        format => output.out.push_str(&report::machine(
            &Document {
                records: reports.clone(),
            },
            format,
        )),
    }
    if unreadable {
        TROUBLE
    } else {
        status_of(&reports)
    }
}

/// Throw statistics of every record that has throws, by record and by game.
/// A report, not a verdict: illegal records count too (their throws were
/// thrown); only records that cannot be read or parsed are skipped.
fn stats(args: &StatsArgs, style: Style, output: &mut Output) -> u8 {
    let (sources, unreadable) = match read_all(&args.paths, output) {
        Ok(read) => read,
        Err(status) => return status,
    };
    let mut document = StatsDocument::default();
    for source in &sources {
        for check in source::check(source, &Switches::new()) {
            let checked = &check.checked;
            let game = checked.game.unwrap_or("?");
            let throws = match (&checked.malformed, &checked.throws) {
                (None, Some(throws)) => throws,
                (malformed, _) => {
                    let reason = match malformed {
                        Some(m) => format!("malformed ({}): {}", m.rule, m.message),
                        None => format!("{game} has no throws"),
                    };
                    document.skipped.push(Skipped {
                        path: source.path.clone(),
                        index: check.index,
                        reason,
                    });
                    continue;
                }
            };
            match document.totals.iter_mut().find(|t| t.game == game) {
                Some(total) => {
                    total.records += 1;
                    total.throws = total.throws.merge(throws);
                }
                None => document.totals.push(ThrowTotal {
                    game: game.to_string(),
                    records: 1,
                    throws: throws.clone(),
                }),
            }
            document.records.push(ThrowRecord {
                path: source.path.clone(),
                index: check.index,
                game: game.to_string(),
                throws: throws.clone(),
            });
        }
    }
    if args.format != Format::Human {
        output
            .out
            .push_str(&report::machine(&document, args.format));
    } else {
        for r in &document.records {
            let p = r
                .throws
                .p_value
                .map_or("no p-value".to_string(), |p| format!("p-value {p:.4}"));
            output.out.push_str(&format!(
                "{}#{}: {}, {} throw(s), {p}\n",
                r.path, r.index, r.game, r.throws.throws
            ));
        }
        for s in &document.skipped {
            output
                .out
                .push_str(&format!("{}#{}: skipped: {}\n", s.path, s.index, s.reason));
        }
        for total in &document.totals {
            output.out.push_str(&format!(
                "\n{}: {} throws in {} record(s)\n",
                total.game, total.throws.throws, total.records
            ));
            output
                .out
                .push_str(&human::throw_table(&total.throws, style));
        }
        if document.totals.is_empty() {
            output.out.push_str("no record with throws\n");
        }
    }
    if unreadable {
        TROUBLE
    } else {
        LEGAL
    }
}

/// Read one record of a file; the error is already reported.
fn one_record(file: &str, index: usize, output: &mut Output) -> Result<(Source, usize), u8> {
    let source =
        Source::read(file).map_err(|err| usage(output, &format!("cannot read {file}: {err}")))?;
    let count = source::record_count(&source);
    if index >= count {
        return Err(usage(
            output,
            &format!("{file} holds {count} record(s); --record counts from 0"),
        ));
    }
    Ok((source, index))
}

/// Report a record that could not be followed to the asked point.
fn report_failure(
    source: &Source,
    index: usize,
    checked: Checked,
    style: Style,
    output: &mut Output,
) -> u8 {
    let report = RecordReport::new(source, &RecordCheck { index, checked });
    print_failure(source, &report, style, output)
}

/// The verdict line and diagnostic of a record that is not legal.
fn print_failure(source: &Source, report: &RecordReport, style: Style, output: &mut Output) -> u8 {
    output.out.push_str(&human::verdict_line(report, style));
    output.out.push('\n');
    output
        .out
        .push_str(&human::diagnostic(report, &named(source), style));
    status_of(std::slice::from_ref(report))
}

fn score(args: &ScoreArgs, style: Style, output: &mut Output) -> u8 {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let (source, index) = match one_record(&args.file, args.record, output) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let Some(check) = source::check_record(&source, &switches, index) else {
        return usage(output, "no such record");
    };
    let table = check.checked.summary.as_ref().and_then(|s| s.table.clone());
    let report = RecordReport::new(&source, &check);
    if args.format != Format::Human {
        output.out.push_str(&report::machine(
            &Document {
                records: vec![report.clone()],
            },
            args.format,
        ));
        return status_of(&[report]);
    }
    if report.verdict != Verdict::Legal {
        return print_failure(&source, &report, style, output);
    }
    if let Some(description) = &report.description {
        output
            .out
            .push_str(&format!("{description} after {} turns\n", report.turns));
    }
    if let Some(table) = table {
        output.out.push_str(&human::table(&table, style));
    }
    output
        .out
        .push_str(&human::warnings(&report, &named(&source), style));
    LEGAL
}

fn position(args: &PositionArgs, style: Style, output: &mut Output, moves: bool) -> u8 {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    let (source, index) = match one_record(&args.file, args.record, output) {
        Ok(found) => found,
        Err(status) => return status,
    };
    let raw = match record::split(&source.text).into_iter().nth(index) {
        Some(Ok(raw)) if source.bad_utf8_at.is_none() => raw,
        _ => match source::check_record(&source, &switches, index) {
            Some(check) => return report_failure(&source, index, check.checked, style, output),
            None => return usage(output, "no such record"),
        },
    };
    let referee = match source::referee_for(&raw.header) {
        Ok(referee) => referee,
        Err(err) => {
            return report_failure(
                &source,
                index,
                Checked::malformed(None, err.into()),
                style,
                output,
            )
        }
    };
    match referee.stop(&raw, &switches, args.turn) {
        Err(StopError::Record(checked)) => report_failure(&source, index, *checked, style, output),
        Err(StopError::TooFew { asked, turns }) => usage(
            output,
            &format!("the record has {turns} turns, so --turn goes from 0 to {turns}, not {asked}"),
        ),
        Ok(stop) if moves => {
            output.out.push_str(&format!(
                "After {} turns, {}: {} legal turn(s)\n",
                stop.turn,
                stop.label,
                stop.legal.len()
            ));
            for play in &stop.legal {
                output.out.push_str(&format!("  {play}\n"));
            }
            for note in &stop.notes {
                output.out.push_str(&format!("{note}\n"));
            }
            LEGAL
        }
        Ok(stop) => {
            output
                .out
                .push_str(&format!("After {} turns:\n{}", stop.turn, stop.diagram));
            LEGAL
        }
    }
}
