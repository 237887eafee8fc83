//! One YAML document; a run's records listed under its stamp as they come.

use serde::Serialize;

use super::super::documents::Unreadable;
use super::super::envelope::STAMP;
use super::super::record::RecordReport;
use super::super::tally::Tally;
use super::super::yaml;
use super::{indented, Rest, Writer};

pub struct Yaml;

impl Writer for Yaml {
    const NAME: &'static str = "yaml";
    const ABOUT: &'static str = "One YAML document";
    const ABOUT_RUN: &'static str = "One YAML document, written as the records are checked";

    fn document<T: Serialize>(document: &T) -> Result<String, String> {
        yaml::to_string(document).map_err(|e| e.to_string())
    }

    fn write<T: Serialize>(document: &T, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        serde_yaml::to_writer(out, document).map_err(std::io::Error::other)
    }

    fn opening() -> String {
        format!("{}records:", super::Machine::Yaml.document(&STAMP))
    }

    fn record(report: &RecordReport) -> String {
        match yaml::to_string(report) {
            Ok(text) => indented(text.trim_end_matches('\n'), "- ", "  "),
            Err(err) => format!("\n- {err:?}"),
        }
    }

    fn between() -> &'static str {
        ""
    }

    fn unreadable(_: &Unreadable) -> String {
        String::new()
    }

    fn closing(records: usize, unreadable: &[Unreadable], tally: &Tally) -> String {
        let records_end = if records == 0 { " []\n" } else { "\n" };
        let rest = Rest {
            unreadable,
            summary: tally,
        };
        format!("{records_end}{}", super::Machine::Yaml.document(&rest))
    }
}
