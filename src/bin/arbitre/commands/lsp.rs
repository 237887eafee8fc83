//! `arbitre lsp`: the library's language server over standard input and
//! output, until the client exits. Run before standard output is locked
//! for the other commands: the server writes it from its own thread.

use std::io::{self, Write};

use arbitre::escape::for_terminal;

use crate::output::{LEGAL, TROUBLE};

/// Serve; the exit status.
pub fn lsp() -> u8 {
    match arbitre::lsp::serve_stdio() {
        Ok(()) => LEGAL,
        Err(why) => {
            let _ = writeln!(
                io::stderr(),
                "error: arbitre lsp: {}",
                for_terminal(&why.to_string())
            );
            TROUBLE
        }
    }
}
