//! `arbitre lsp`: the library's language server over standard input and
//! output, until the client exits.

use std::io;

use crate::output::{usage, Output, LEGAL};

pub fn lsp(output: &mut Output<'_>) -> io::Result<u8> {
    match arbitre::lsp::serve_stdio() {
        Ok(()) => Ok(LEGAL),
        Err(why) => usage(output, &format!("arbitre lsp: {why}")),
    }
}
