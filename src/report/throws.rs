//! What `arbitre stats` reports: each record's throws, their totals by
//! game, and the records it could not count.

use serde::{Deserialize, Serialize};

use super::envelope::{schema, version, SCHEMA};
use super::tally::LeftOut;
use crate::stats::ThrowStats;

/// One record's throws, for `arbitre stats`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThrowRecord {
    /// The file as the user named it.
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// The game.
    pub game: String,
    /// Its throws.
    pub throws: ThrowStats,
}

/// The throws of every record of one game taken together.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThrowTotal {
    /// The game.
    pub game: String,
    /// Records counted.
    pub records: usize,
    /// Their throws together.
    pub throws: ThrowStats,
}

/// A record `stats` could not count, and why.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    /// The file as the user named it.
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// Why it was not counted.
    pub reason: String,
}

/// What `arbitre stats --format json` prints.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StatsDocument {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`](super::VERSION).
    #[serde(default = "version")]
    pub arbitre: String,
    /// Each record with throws.
    pub records: Vec<ThrowRecord>,
    /// The throws of each game together.
    pub totals: Vec<ThrowTotal>,
    /// Records not counted, and why.
    pub skipped: Vec<Skipped>,
    /// The `*.arb` files a directory walk left out unread, by reason;
    /// absent when there are none.
    #[serde(default, skip_serializing_if = "LeftOut::is_empty")]
    pub left_out: LeftOut,
}

/// An empty document, stamped with this arbitre.
impl Default for StatsDocument {
    fn default() -> Self {
        StatsDocument {
            schema: SCHEMA,
            arbitre: version(),
            records: Vec::new(),
            totals: Vec::new(),
            skipped: Vec::new(),
            left_out: LeftOut::default(),
        }
    }
}
