//! `arbitre-outside [RULE...] < records`: the records of standard input
//! checked, a JSON line each and a summary, with the library alone; exits 1
//! when some record is not legal.

use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let rules: Vec<String> = std::env::args().skip(1).collect();
    let rules: Vec<&str> = rules.iter().map(String::as_str).collect();
    match arbitre_outside::check_stream("-", io::stdin().lock(), &rules) {
        Ok((out, tally)) => {
            if io::stdout().write_all(out.as_bytes()).is_err() {
                return ExitCode::from(2);
            }
            if tally.legal == tally.records {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
