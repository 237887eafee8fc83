use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = arbitre::cli::Cli::parse();
    let (status, output) = arbitre::commands::run(&cli);
    // A closed pipe (`arbitre check | head`) is not an error worth a panic.
    let _ = std::io::stdout().write_all(output.out.as_bytes());
    let _ = std::io::stderr().write_all(output.err.as_bytes());
    ExitCode::from(status)
}
