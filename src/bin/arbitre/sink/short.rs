//! One line per finding, `path:line:col: error[rule]: illegal: message`,
//! as rustc and gcc write them: editors and every problem matcher built on
//! that convention (GitHub's, VS Code's `$gcc`) read them unchanged.

use std::io::{self, Write};

use arbitre::escape::for_terminal;
use arbitre::Unreadable;

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

    fn end(&mut self, _run: &Run<'_>, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn progress(&self) -> bool {
        true
    }
}
