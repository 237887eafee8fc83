//! The command run from its arguments: standard output guarded against a
//! closed pipe, the command dispatched, its exit status. The last layer:
//! `main.rs` and the Python package's `arbitre` both call [`run`].

use std::cell::Cell;
use std::ffi::OsString;
use std::io::{self, Write};

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::commands;
use crate::output::{self, Output};

/// Standard output that a closed pipe (`arbitre check | head`) turns into a
/// sink: the command ends quietly, with the status of what it checked.
struct Quiet<'a, W> {
    inner: W,
    closed: &'a Cell<bool>,
}

impl<W: Write> Quiet<'_, W> {
    fn guard(&self, done: io::Result<()>) -> io::Result<()> {
        match done {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed.set(true);
                Ok(())
            }
            other => other,
        }
    }
}

impl<W: Write> Write for Quiet<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed.get() {
            return Ok(buf.len());
        }
        let done = self.inner.write_all(buf);
        self.guard(done).map(|()| buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed.get() {
            return Ok(());
        }
        let done = self.inner.flush();
        self.guard(done)
    }
}

/// The command run with its arguments (the program's name first), as the
/// binary and the Python package's `arbitre` run it: its exit status.
/// clap's own messages (`--help`, a bad flag) are printed here, not by an
/// exit from inside clap, so that a caller in the same process goes on.
pub fn run<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return u8::try_from(e.exit_code()).unwrap_or(output::TROUBLE);
        }
    };
    // The language server writes standard output from its own thread:
    // the lock below would keep it waiting.
    if let Command::Lsp = cli.command {
        return commands::lsp();
    }
    let closed = Cell::new(false);
    let stdout = io::stdout();
    let mut out = Quiet {
        inner: io::BufWriter::with_capacity(64 << 10, stdout.lock()),
        closed: &closed,
    };
    let mut err = io::stderr();
    let mut output = Output {
        out: &mut out,
        err: &mut err,
        closed: &closed,
    };
    let status = commands::run(&cli, &mut output).and_then(|status| {
        out.flush()?;
        Ok(status)
    });
    match status {
        Ok(status) => status,
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: cannot write the output: {e}");
            output::TROUBLE
        }
    }
}
