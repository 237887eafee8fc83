//! The machine-readable forms (JSON, JSON lines, YAML), written a record at
//! a time.

use serde::Serialize;

use super::documents::Unreadable;
use super::envelope::{stamped, STAMP};
use super::record::RecordReport;
use super::tally::Tally;
use super::yaml;

/// The machine-readable forms of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Machine {
    /// One pretty JSON document.
    Json,
    /// One YAML document.
    Yaml,
    /// One compact JSON object per line: each record, then the summary.
    JsonLines,
}

impl Machine {
    /// A whole document at once, for the reports of one record or of totals.
    pub fn document<T: Serialize>(self, document: &T) -> String {
        let text = match self {
            Machine::Yaml => yaml::to_string(document).map_err(|e| e.to_string()),
            Machine::Json => serde_json::to_string_pretty(document).map_err(|e| e.to_string()),
            Machine::JsonLines => serde_json::to_string(document).map_err(|e| e.to_string()),
        };
        match text {
            Ok(mut text) => {
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                text
            }
            Err(err) => format!("error: cannot serialise the report: {err}\n"),
        }
    }

    /// A whole document written to `out` as it is serialised: the text of
    /// [`Machine::document`], never held, for a document that grows with
    /// a record (`arbitre analyse`, whose turns serialise as they are
    /// valued). An error of the document's own serialising comes back as
    /// an I/O error, after what was written before it.
    pub fn write<T: Serialize>(
        self,
        document: &T,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        /// The writer, and the last byte written to it.
        struct Last<'a> {
            out: &'a mut dyn std::io::Write,
            last: Option<u8>,
        }
        impl std::io::Write for Last<'_> {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                let n = self.out.write(buf)?;
                if let Some(&byte) = buf.get(..n).and_then(<[u8]>::last) {
                    self.last = Some(byte);
                }
                Ok(n)
            }
            fn flush(&mut self) -> std::io::Result<()> {
                self.out.flush()
            }
        }
        let mut to = Last { out, last: None };
        match self {
            Machine::Yaml => {
                serde_yaml::to_writer(&mut to, document).map_err(std::io::Error::other)?
            }
            Machine::Json => serde_json::to_writer_pretty(&mut to, document)?,
            Machine::JsonLines => serde_json::to_writer(&mut to, document)?,
        }
        if to.last != Some(b'\n') {
            to.out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// A [`Batch`](super::Batch) written as the records come: `Json` and `Yaml` stay one
/// valid document (byte for byte what the whole document would serialise
/// to), `JsonLines` one object per record or unreadable path and a closing
/// summary.
/// The pieces are strings so that records can be rendered on any thread
/// and written in order by one.
impl Machine {
    /// What comes before the first record: the stamp, and the records'
    /// key.
    pub fn opening(self) -> String {
        match self {
            Machine::Json => {
                // The stamp as its own object, the records spliced in after.
                let text = Machine::Json.document(&STAMP);
                let fields = text.trim_end().strip_suffix('}').unwrap_or(&text);
                format!("{},\n  \"records\": [", fields.trim_end())
            }
            Machine::Yaml => format!("{}records:", Machine::Yaml.document(&STAMP)),
            Machine::JsonLines => String::new(),
        }
    }

    /// One record, without the separator that `between` gives.
    pub fn record(self, report: &RecordReport) -> String {
        match self {
            Machine::Json => match serde_json::to_string_pretty(report) {
                Ok(text) => indented(&text, "    ", "    "),
                Err(err) => format!("\n    {}", serde_json::Value::String(err.to_string())),
            },
            Machine::Yaml => match yaml::to_string(report) {
                Ok(text) => indented(text.trim_end_matches('\n'), "- ", "  "),
                Err(err) => format!("\n- {err:?}"),
            },
            Machine::JsonLines => match serde_json::to_string(&stamped(report)) {
                Ok(text) => text + "\n",
                Err(err) => format!("{}\n", serde_json::Value::String(err.to_string())),
            },
        }
    }

    /// What goes between two records.
    pub fn between(self) -> &'static str {
        match self {
            Machine::Json => ",",
            Machine::Yaml | Machine::JsonLines => "",
        }
    }

    /// What an unreadable path adds where it is met: a line of its own in
    /// `JsonLines`; nothing in the documents, which list them at the end.
    pub fn unreadable(self, unreadable: &Unreadable) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            unreadable: &'a Unreadable,
        }
        match self {
            Machine::JsonLines => Machine::JsonLines.document(&stamped(Line { unreadable })),
            Machine::Json | Machine::Yaml => String::new(),
        }
    }

    /// What ends the document, after `records` records: the unreadable
    /// paths and the totals.
    pub fn closing(self, records: usize, unreadable: &[Unreadable], tally: &Tally) -> String {
        #[derive(Serialize)]
        struct Rest<'a> {
            unreadable: &'a [Unreadable],
            summary: &'a Tally,
        }
        let rest = Rest {
            unreadable,
            summary: tally,
        };
        match self {
            Machine::Json => {
                // The rest as its own object, spliced in after the records.
                let text = Machine::Json.document(&rest);
                let fields = text.strip_prefix('{').unwrap_or(&text);
                let records_end = if records == 0 { "]" } else { "\n  ]" };
                format!("{records_end},{fields}")
            }
            Machine::Yaml => {
                let records_end = if records == 0 { " []\n" } else { "\n" };
                format!("{records_end}{}", Machine::Yaml.document(&rest))
            }
            Machine::JsonLines => {
                #[derive(Serialize)]
                struct Closing<'a> {
                    summary: &'a Tally,
                }
                Machine::JsonLines.document(&stamped(Closing { summary: tally }))
            }
        }
    }
}

/// Each line of `text` on a new line, the first after `first`, the others
/// after `rest`. Serialised strings hold no raw newline, so lines are safe
/// to indent.
pub(super) fn indented(text: &str, first: &str, rest: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8 + 8);
    for (i, line) in text.lines().enumerate() {
        out.push('\n');
        out.push_str(if i == 0 { first } else { rest });
        out.push_str(line);
    }
    out
}
