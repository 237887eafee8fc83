//! The documents of a run: every record's report (`check`, `score`), and
//! what could not be read.

use serde::{Deserialize, Serialize};

use super::envelope::{schema, version, SCHEMA};
use super::record::RecordReport;
use super::tally::Tally;

/// The reports of a run, as one document (`arbitre score`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReportsDocument {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`](super::VERSION).
    #[serde(default = "version")]
    pub arbitre: String,
    /// Every record, in file order.
    pub records: Vec<RecordReport>,
}

impl ReportsDocument {
    /// The document of `records`, stamped with this arbitre.
    pub fn new(records: Vec<RecordReport>) -> Self {
        ReportsDocument {
            schema: SCHEMA,
            arbitre: version(),
            records,
        }
    }
}

/// A path that could not be read (a file, a stream, or what a directory
/// walk left unchecked): no record of it was checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unreadable {
    /// The path as the user named it, or as the walk found it.
    pub path: String,
    /// Why it could not be read.
    pub error: String,
    /// The path's own bytes when they are not UTF-8 (a name a walk found),
    /// which `path` shows with U+FFFD in their place: what SARIF's URI of
    /// it is made of. Not written in JSON or YAML, whose strings are text.
    #[serde(skip)]
    pub raw: Option<Vec<u8>>,
}

/// The document of a `check` run: every record, what could not be read,
/// and the totals.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Batch {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`](super::VERSION).
    #[serde(default = "version")]
    pub arbitre: String,
    /// Every record, in file order.
    pub records: Vec<RecordReport>,
    /// The paths that could not be read, in the order they were met.
    pub unreadable: Vec<Unreadable>,
    /// The counts by verdict and by rule.
    pub summary: Tally,
}

impl Batch {
    /// The document of a run, stamped with this arbitre.
    pub fn new(records: Vec<RecordReport>, unreadable: Vec<Unreadable>, summary: Tally) -> Self {
        Batch {
            schema: SCHEMA,
            arbitre: version(),
            records,
            unreadable,
            summary,
        }
    }
}
