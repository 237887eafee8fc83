//! One line per finding, `path:line:col: error[rule]: illegal: message`,
//! as rustc and gcc write them: editors and every problem matcher built on
//! that convention (GitHub's, VS Code's `$gcc`) read them unchanged.

use std::io::{self, Write};

use arbitre::escape::for_terminal;
use arbitre::report::Unreadable;

use super::{short, Options, Piece, Render, Run, Seen, Sink};
use crate::cli::Warnings;

#[derive(Clone, Copy)]
pub struct Short {
    /// Warnings are written (`--warnings show`).
    warnings: bool,
    deny_warnings: bool,
}

impl Short {
    pub fn new(options: Options) -> Self {
        Short {
            warnings: options.warnings == Warnings::Show,
            deny_warnings: options.deny_warnings,
        }
    }
}

impl Render for Short {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        short(seen, self.warnings, self.deny_warnings).into()
    }
}

impl Sink for Short {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(*self)
    }

    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: error: cannot read: {}",
            for_terminal(&path.path),
            for_terminal(&path.error)
        )
    }

    /// What the walk left out, on a closing line of its own (as rustc
    /// closes its short form with a count), since the lines before name
    /// only what was read; nothing when nothing was left out.
    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let left_out = &run.tally.left_out;
        if left_out.is_empty() {
            return Ok(());
        }
        writeln!(out, "note: {}", left_out.said())
    }

    fn progress(&self) -> bool {
        true
    }
}
