//! One pretty JSON document; a run's records spliced into it as they come.

use serde::Serialize;

use super::super::documents::Unreadable;
use super::super::envelope::STAMP;
use super::super::record::RecordReport;
use super::super::tally::Tally;
use super::{indented, Rest, Writer};

pub struct Json;

impl Writer for Json {
    const NAME: &'static str = "json";
    const ABOUT: &'static str = "One JSON document";
    const ABOUT_RUN: &'static str = "One JSON document, written as the records are checked";

    fn document<T: Serialize>(document: &T) -> Result<String, String> {
        serde_json::to_string_pretty(document).map_err(|e| e.to_string())
    }

    fn write<T: Serialize>(document: &T, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        Ok(serde_json::to_writer_pretty(out, document)?)
    }

    fn opening() -> String {
        // The stamp as its own object, the records spliced in after.
        let text = super::Machine::Json.document(&STAMP);
        let fields = text.trim_end().strip_suffix('}').unwrap_or(&text);
        format!("{},\n  \"records\": [", fields.trim_end())
    }

    fn record(report: &RecordReport) -> String {
        match serde_json::to_string_pretty(report) {
            Ok(text) => indented(&text, "    ", "    "),
            Err(err) => format!("\n    {}", serde_json::Value::String(err.to_string())),
        }
    }

    fn between() -> &'static str {
        ","
    }

    fn unreadable(_: &Unreadable) -> String {
        String::new()
    }

    fn closing(records: usize, unreadable: &[Unreadable], tally: &Tally) -> String {
        // The rest as its own object, spliced in after the records.
        let text = super::Machine::Json.document(&Rest {
            unreadable,
            summary: tally,
        });
        let fields = text.strip_prefix('{').unwrap_or(&text);
        let records_end = if records == 0 { "]" } else { "\n  ]" };
        format!("{records_end},{fields}")
    }
}
