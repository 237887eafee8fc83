//! One output model for every command: a command builds a [`Document`], a
//! serialisable value whose JSON is what `--format json` prints, and
//! [`emit`] writes it in the format asked for. The machine formats are the
//! library's [`Machine`], one file each, written once in its registry;
//! every command's `--format` lists all of them (`cli::formats!`), so a
//! machine format added to the library reaches every command that emits
//! a document, and `check`'s streaming (`sink/machine.rs`), with no line
//! here. The human form is the document's own renderer.

use std::io::{self, Write};

use arbitre::Machine;
use serde::Serialize;

use crate::draw::Style;

/// What a command prints, built before a byte of it is written.
pub trait Document: Serialize + Sized {
    /// The document for people, in `style`.
    fn human(&self, style: Style, out: &mut dyn Write) -> io::Result<()>;

    /// The document in a machine format: by default held whole and
    /// written at once, or an error in its place. A document that grows
    /// with a record (its turns valued as they are walked) is serialised
    /// as it is written instead ([`Machine::write`]).
    fn machine(&self, machine: Machine, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(machine.document(self).as_bytes())
    }
}

/// How a document is written: for people, or as a machine format.
#[derive(Clone, Copy)]
pub enum Form {
    Human(Style),
    Machine(Machine),
}

impl Form {
    /// The form of a `--format` given as a machine format or none.
    pub fn of(machine: Option<Machine>, style: Style) -> Form {
        machine.map_or(Form::Human(style), Form::Machine)
    }
}

/// `document` written to `out` in `form`.
pub fn emit(document: &impl Document, form: Form, out: &mut dyn Write) -> io::Result<()> {
    match form {
        Form::Human(style) => document.human(style, out),
        Form::Machine(machine) => document.machine(machine, out),
    }
}
