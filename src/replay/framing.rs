//! A record as the reader handed it over, framed: its header and its
//! movetext, or why it is malformed before any game reads it.

use crate::game::Malformed;
use crate::reader::{Record, RecordFault};
use crate::record::{self, RawRecord};
use crate::rules;
use crate::span::Span;
use crate::text::grouped;

/// The record's header and movetext; or why the record is malformed before
/// any game reads it. (The header's limits are checked before it is
/// parsed, by whoever parses it.)
pub(crate) fn frame(record: &Record) -> Result<RawRecord<'_>, Malformed> {
    match record.fault {
        Some(RecordFault::NotUtf8 { at }) => Err(Malformed {
            rule: &rules::SYNTAX,
            message: "this record is not UTF-8 text".into(),
            span: Span::new(at, 1),
            help: Some("records are UTF-8; is this the right file?".into()),
        }),
        Some(RecordFault::TooLong { limit }) => Err(Malformed {
            rule: &rules::SYNTAX,
            message: format!(
                "this record is longer than {} bytes, the limit (--max-record-bytes)",
                grouped(limit)
            ),
            span: first_line(&record.text),
            help: Some(
                "no real record comes near it; raise the limit with --max-record-bytes".into(),
            ),
        }),
        None => {
            // As the reader found it, or looked for in the text.
            match record.framed() {
                Some(raw) => Ok(raw),
                None => Ok(RawRecord {
                    limits: record.limits(),
                    ..record::first(&record.text)?
                }),
            }
        }
    }
}

/// The first line that is not blank: where a record as a whole is pointed at.
fn first_line(text: &str) -> Span {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if !trimmed.trim_start().is_empty() {
            return Span::new(offset, trimmed.len());
        }
        offset += line.len();
    }
    Span::new(0, 0)
}
