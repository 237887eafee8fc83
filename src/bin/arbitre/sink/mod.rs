//! How `check` writes what it finds, one format per file behind one
//! interface (as ripgrep's printers are): the command reads, checks and
//! counts; a [`Sink`] decides every byte of standard output. A new format
//! is a file here and a line in [`open`]; the command does not change. A
//! machine format needs neither: it is the library's, and `machine.rs`
//! streams every one.
//!
//! Records are rendered on the worker threads, by a [`Render`] that the
//! sink hands out, and written in input order by the sink itself, which
//! alone keeps state (a closing list, a separator, a spool).

use std::io::{self, Write};

use arbitre::report::Unreadable;
use arbitre::{Switches, Tally};

pub use arbitre::report::{located, short, Seen};

use crate::cli::CheckFormat;
use crate::draw::Style;

mod github;
mod html;
mod human;
mod junit;
mod machine;
mod sarif;
mod short;

/// What a record adds to the output, rendered on any thread.
#[derive(Default)]
pub struct Piece {
    /// Written where the record stands.
    pub text: String,
    /// What the sink keeps of it for its end.
    pub kept: Kept,
    /// A shorter form of `text`, for a sink that writes only so many
    /// records whole (the HTML page).
    pub brief: Option<Brief>,
}

/// A record in few words: what a page that has shown enough records
/// whole writes instead, so that its size is bounded by what it shows.
pub struct Brief {
    /// Whether the record is legal: the page counts its two parts apart.
    pub legal: bool,
    pub text: String,
    /// The positions the whole text's board holds: what it costs the
    /// page's budget of positions.
    pub positions: usize,
}

/// What a sink keeps of a record for the end of the run.
#[derive(Default)]
pub enum Kept {
    #[default]
    Nothing,
    /// A line of the closing list of failures.
    Line(String),
    /// A test case that failed (an illegal record, denied warnings).
    Failure,
    /// A test case in error (a malformed record).
    Error,
}

impl From<String> for Piece {
    fn from(text: String) -> Self {
        Piece {
            text,
            ..Piece::default()
        }
    }
}

/// The end of a run, for the sink's closing words.
pub struct Run<'a> {
    /// Records checked, by verdict and rule.
    pub tally: &'a Tally,
    /// Every path that could not be read, in the order they were met.
    pub unreadable: &'a [Unreadable],
}

/// Renders records; shared by the worker threads.
pub trait Render: Send + Sync {
    /// What the record `seen` adds to the output.
    fn render(&self, seen: &Seen<'_>) -> Piece;
}

/// Writes a run in input order.
pub trait Sink {
    /// What renders records on the workers (a copy of the sink's
    /// options, so that the sink stays free to write).
    fn renderer(&self) -> Box<dyn Render>;
    /// Before anything else.
    fn begin(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// A record, rendered by [`Sink::renderer`]: by default its text as it
    /// is, for the formats that keep nothing of a record for the end.
    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(piece.text.as_bytes())
    }
    /// A path whose records could not be checked, where it is met (it is
    /// also told on standard error).
    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()>;
    /// After the last record.
    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()>;
    /// Whether a progress line may be drawn on standard error beside the
    /// output: for what people read, not for documents.
    fn progress(&self) -> bool {
        false
    }
    /// A line for standard error (a walk's warning, a path that cannot be
    /// read), as this format's reader may safely meet it beside the output.
    fn stderr_line(&self, line: String) -> String {
        line
    }
}

/// How the flags of `check` ask it to print.
#[derive(Clone, Copy)]
pub struct Options {
    /// Colours and drawing, for people.
    pub style: Style,
    /// Only what fails, then the totals.
    pub quiet: bool,
    /// Whether warnings are written one by one.
    pub warnings: crate::cli::Warnings,
    /// Warnings fail the run: the finding formats give them as errors.
    pub deny_warnings: bool,
}

/// The sink of `format`.
pub fn open(format: CheckFormat, options: Options, switches: &Switches) -> Box<dyn Sink> {
    match format {
        CheckFormat::Human => Box::new(human::Human::new(options)),
        CheckFormat::Short => Box::new(short::Short::new(options)),
        CheckFormat::Machine(machine) => Box::new(machine::Document::new(machine)),
        CheckFormat::Github => Box::new(github::Github::new(options)),
        CheckFormat::Sarif => Box::new(sarif::Sarif::new(options)),
        CheckFormat::Junit => Box::new(junit::Junit::new()),
        CheckFormat::Html => Box::new(html::Html::new(switches)),
    }
}
