//! Where a command writes, and what it ends with: the writers, the exit
//! statuses, a usage error and the style of the terminal. Below every command and sink.

use std::io::{self, Write};
use std::ops::ControlFlow;

use arbitre::escape::for_terminal;
use arbitre::{Record, RecordReport, Tally};
use serde::Serialize;

use crate::cli::ColorChoice;
use crate::draw::{self, Snippet, Style};

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

/// A usage error; what it quotes (a path, a `--turn`) is escaped.
pub fn usage(output: &mut Output<'_>, message: &str) -> io::Result<u8> {
    writeln!(output.err, "error: {}", for_terminal(message))?;
    Ok(TROUBLE)
}

/// The exit status of what `tally` counts: trouble before illegal
/// records, illegal ones before legal.
pub fn status_of(tally: &Tally) -> u8 {
    if tally.malformed > 0 || tally.unreadable > 0 {
        TROUBLE
    } else if tally.illegal > 0 {
        ILLEGAL
    } else {
        LEGAL
    }
}

/// The verdict line and diagnostic of a record that is not legal, drawn.
pub fn failure(file: &str, record: &Record, report: &RecordReport, style: Style) -> String {
    let line = draw::verdict_line(report, style);
    let shown = Snippet::new(file, record);
    draw::record(&line, report, &shown, style, false)
}

/// The exit status of a command that reports one record.
pub fn status_of_report(report: &RecordReport) -> u8 {
    let mut tally = Tally::default();
    tally.add(report);
    status_of(&tally)
}

/// The style [`Style::chosen`] gives standard output and the environment.
pub fn style_for(choice: ColorChoice) -> Style {
    use std::io::IsTerminal;
    let var = |name: &str| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned());
    let (columns, no_color, term) = (var("COLUMNS"), var("NO_COLOR"), var("TERM"));
    let terminal = std::io::stdout().is_terminal();
    let around = draw::Surroundings {
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

/// One item of a list written as it is walked: the walk goes on while the
/// writer takes them, and stops at its first error, kept in `failed`.
pub fn element<L: serde::ser::SerializeSeq, T: Serialize>(
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
