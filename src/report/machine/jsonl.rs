//! JSON lines: a document on one line; a run one stamped object per
//! record or unreadable path as it is met, then the summary.

use serde::Serialize;

use super::super::documents::Unreadable;
use super::super::envelope::stamped;
use super::super::record::RecordReport;
use super::super::tally::Tally;
use super::Writer;

pub struct JsonLines;

impl Writer for JsonLines {
    const NAME: &'static str = "jsonl";
    const ABOUT: &'static str = "The same JSON document on one line (JSON lines)";
    const ABOUT_RUN: &'static str =
        "One JSON object per line, one per record, then `{\"summary\": ...}`";

    fn document<T: Serialize>(document: &T) -> Result<String, String> {
        serde_json::to_string(document).map_err(|e| e.to_string())
    }

    fn write<T: Serialize>(document: &T, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        Ok(serde_json::to_writer(out, document)?)
    }

    fn opening() -> String {
        String::new()
    }

    fn record(report: &RecordReport) -> String {
        match serde_json::to_string(&stamped(report)) {
            Ok(text) => text + "\n",
            Err(err) => format!("{}\n", serde_json::Value::String(err.to_string())),
        }
    }

    fn between() -> &'static str {
        ""
    }

    fn unreadable(unreadable: &Unreadable) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            unreadable: &'a Unreadable,
        }
        super::Machine::JsonLines.document(&stamped(Line { unreadable }))
    }

    fn closing(_records: usize, _unreadable: &[Unreadable], tally: &Tally) -> String {
        #[derive(Serialize)]
        struct Closing<'a> {
            summary: &'a Tally,
        }
        super::Machine::JsonLines.document(&stamped(Closing { summary: tally }))
    }
}
