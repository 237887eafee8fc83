//! Every machine format of the library (JSON, JSON lines, YAML, and any
//! registered later): its run document, written as the records come (the
//! bytes of the whole document serialised at once), by the format's own
//! writer.

use std::io::{self, Write};

use arbitre::report::Unreadable;
use arbitre::Machine;

use super::{Piece, Render, Run, Seen, Sink};

pub struct Document {
    machine: Machine,
    records: usize,
}

impl Document {
    pub fn new(machine: Machine) -> Self {
        Document {
            machine,
            records: 0,
        }
    }
}

struct Renderer(Machine);

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        self.0.record(seen.report).into()
    }
}

impl Sink for Document {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(Renderer(self.machine))
    }

    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.machine.opening().as_bytes())
    }

    fn record(&mut self, piece: Piece, out: &mut dyn Write) -> io::Result<()> {
        if self.records > 0 {
            out.write_all(self.machine.between().as_bytes())?;
        }
        self.records += 1;
        out.write_all(piece.text.as_bytes())
    }

    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.machine.unreadable(path).as_bytes())
    }

    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let closing = self
            .machine
            .closing(self.records, run.unreadable, run.tally);
        out.write_all(closing.as_bytes())
    }
}
