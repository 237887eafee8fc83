//! `arbitre check`: every record of the paths given, checked on every
//! core and written in input order by the sink of the format asked for.

use std::io;

use arbitre::games;
use arbitre::pipeline::{self, Item};
use arbitre::report::Unreadable;
use arbitre::{RecordReport, Switches, Tally, Verdict};

use crate::cli::CheckArgs;
use crate::draw::Style;
use crate::input::{cannot_read_line, items, note_idle_rules, switches, ByGame};
use crate::output::{status_of, usage, Output, LEGAL, WARNED};
use crate::progress::Progress;
use crate::sink::{self, Piece, Render, Seen};

/// How `check` judges a run, from its flags.
#[derive(Clone, Copy)]
struct Judged {
    deny_warnings: bool,
    /// Whether an illegal action's help names a cheap repair (`arbitre
    /// repair`): for people only, and only for records that fail.
    hint_repairs: bool,
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
    let mut report = RecordReport::of(&path, &record, checked).with_switches(switches);
    if judged.hint_repairs && report.verdict == Verdict::Illegal {
        if let Some(diagnostic) = report.diagnostic.as_mut() {
            if let Some(hint) = arbitre::repair::hint(&record, switches, &path) {
                diagnostic.help = Some(match diagnostic.help.take() {
                    Some(help) => format!("{help}\n{hint}"),
                    None => hint,
                });
            }
        }
    }
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

pub fn check(args: &CheckArgs, style: Style, output: &mut Output<'_>) -> io::Result<u8> {
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
        hint_repairs: args.format == crate::cli::CheckFormat::Human,
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
