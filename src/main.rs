//! The `arbitre` command: clap's definition, the commands and the human
//! report live here; everything they check goes through the library.

mod cli;
mod commands;
mod human;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use commands::Output;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(64 << 10, stdout.lock());
    let mut err = io::stderr();
    let mut output = Output {
        out: &mut out,
        err: &mut err,
    };
    let status = commands::run(&cli, &mut output).and_then(|status| {
        out.flush()?;
        Ok(status)
    });
    match status {
        Ok(status) => ExitCode::from(status),
        // A closed pipe (`arbitre check | head`) ends the run quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(commands::LEGAL),
        Err(e) => {
            let _ = writeln!(io::stderr(), "error: cannot write the output: {e}");
            ExitCode::from(commands::TROUBLE)
        }
    }
}
