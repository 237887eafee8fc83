//! The machine-readable forms, one file each behind one [`Writer`]: a
//! whole document of any command, or `check`'s records written one at a
//! time then its closing summary. [`Machine`] is the list of them, written
//! once in the `machines!` line below; every command's `--format` offers
//! each of its values.
//!
//! A new machine format is a file here implementing [`Writer`] and its
//! line in `machines!`: the binary's commands and `check`'s streaming
//! take it from [`Machine::ALL`] with nothing else to change.

use serde::Serialize;

use super::documents::Unreadable;
use super::record::RecordReport;
use super::tally::Tally;

mod json;
mod jsonl;
mod yaml;

/// One machine format: how it writes a whole document, and how it writes
/// a run of records as they come so that the run is still one document of
/// its kind (the pieces are strings, so that records can be rendered on
/// any thread and written in order by one).
pub trait Writer {
    /// Its value of `--format`.
    const NAME: &'static str;
    /// What `--format` says of it for a command's one document.
    const ABOUT: &'static str;
    /// What `--format` says of it for `check`, which streams its records.
    const ABOUT_RUN: &'static str;

    /// A whole document's text, or the serialiser's complaint.
    fn document<T: Serialize>(document: &T) -> Result<String, String>;

    /// A whole document written to `out` as it is serialised.
    fn write<T: Serialize>(document: &T, out: &mut dyn std::io::Write) -> std::io::Result<()>;

    /// What comes before the first record.
    fn opening() -> String;

    /// One record, without the separator that [`Writer::between`] gives.
    fn record(report: &RecordReport) -> String;

    /// What goes between two records.
    fn between() -> &'static str;

    /// What an unreadable path adds where it is met.
    fn unreadable(unreadable: &Unreadable) -> String;

    /// What ends the run, after `records` records: the unreadable paths
    /// and the totals.
    fn closing(records: usize, unreadable: &[Unreadable], tally: &Tally) -> String;
}

/// The registry of machine formats: the enum, its list, and each method
/// sent to the format's [`Writer`].
macro_rules! machines {
    ($($(#[$doc:meta])* $variant:ident => $writer:ty,)*) => {
        /// The machine-readable forms of a report.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Machine {
            $($(#[$doc])* $variant,)*
        }

        impl Machine {
            /// Every machine format, in the order `--format` lists them.
            pub const ALL: &'static [Machine] = &[$(Machine::$variant,)*];

            /// Its value of `--format`.
            pub fn name(self) -> &'static str {
                match self { $(Machine::$variant => <$writer>::NAME,)* }
            }

            /// What `--format` says of it for one document.
            pub fn about(self) -> &'static str {
                match self { $(Machine::$variant => <$writer>::ABOUT,)* }
            }

            /// What `--format` says of it for a run of records.
            pub fn about_run(self) -> &'static str {
                match self { $(Machine::$variant => <$writer>::ABOUT_RUN,)* }
            }

            fn text<T: Serialize>(self, document: &T) -> Result<String, String> {
                match self { $(Machine::$variant => <$writer>::document(document),)* }
            }

            fn write_as<T: Serialize>(
                self,
                document: &T,
                out: &mut dyn std::io::Write,
            ) -> std::io::Result<()> {
                match self { $(Machine::$variant => <$writer>::write(document, out),)* }
            }

            /// What comes before the first record: the stamp, and the
            /// records' key.
            pub fn opening(self) -> String {
                match self { $(Machine::$variant => <$writer>::opening(),)* }
            }

            /// One record, without the separator that `between` gives.
            pub fn record(self, report: &RecordReport) -> String {
                match self { $(Machine::$variant => <$writer>::record(report),)* }
            }

            /// What goes between two records.
            pub fn between(self) -> &'static str {
                match self { $(Machine::$variant => <$writer>::between(),)* }
            }

            /// What an unreadable path adds where it is met (a line of its
            /// own in JSON lines; nothing in the documents, which list
            /// them at the end).
            pub fn unreadable(self, unreadable: &Unreadable) -> String {
                match self { $(Machine::$variant => <$writer>::unreadable(unreadable),)* }
            }

            /// What ends the document, after `records` records: the
            /// unreadable paths and the totals.
            pub fn closing(self, records: usize, unreadable: &[Unreadable], tally: &Tally) -> String {
                match self {
                    $(Machine::$variant => <$writer>::closing(records, unreadable, tally),)*
                }
            }
        }
    };
}

machines! {
    /// One pretty JSON document.
    Json => json::Json,
    /// One compact JSON object per line: each record, then the summary.
    JsonLines => jsonl::JsonLines,
    /// One YAML document.
    Yaml => yaml::Yaml,
}

impl Machine {
    /// A whole document at once, for the reports of one record or of totals.
    pub fn document<T: Serialize>(self, document: &T) -> String {
        match self.text(document) {
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
        self.write_as(document, &mut to)?;
        if to.last != Some(b'\n') {
            to.out.write_all(b"\n")?;
        }
        Ok(())
    }
}

/// What ends a run whose document lists its records, after them.
#[derive(Serialize)]
struct Rest<'a> {
    unreadable: &'a [Unreadable],
    summary: &'a Tally,
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
