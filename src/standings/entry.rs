//! A record's entry in the standings: what they read of its header
//! besides its report (the event, the round, Superpion's mode and the
//! header's `end`), read leniently so that a record whose header the game
//! refuses is still listed in its event's group. The report's
//! `tournament` gives the same event and round for a header that reads.

use serde::Deserialize;

use crate::reader::Record;
use crate::replay::frame;

/// A record's entry: the group and round it belongs to, as its header
/// writes them, and its `end`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// `event`, exactly as written; `None` without one.
    pub event: Option<String>,
    /// `round`, a whole number from 1; `None` without one (or when it is
    /// not such a number: the record is then malformed anyway).
    pub round: Option<u64>,
    /// `mode` (Superpion), as written.
    pub mode: Option<String>,
    /// `end`, as written (`abandoned`, `time`, ...).
    pub end: Option<String>,
}

/// The keys read, every other key passed over: a header the game refuses
/// still gives its event, so that its record is listed in its event's
/// group.
#[derive(Deserialize)]
struct Keys {
    #[serde(default)]
    event: Option<serde_yaml::Value>,
    #[serde(default)]
    round: Option<serde_yaml::Value>,
    #[serde(default)]
    mode: Option<serde_yaml::Value>,
    #[serde(default)]
    end: Option<serde_yaml::Value>,
}

impl Entry {
    /// The facts of `record`'s header, within the record's limits; none
    /// when the header cannot be read.
    pub fn of(record: &Record) -> Entry {
        let Ok(raw) = frame(record) else {
            return Entry::default();
        };
        if raw.header.check_limits(&raw.limits).is_err() {
            return Entry::default();
        }
        let Ok(keys) = raw.header.deserialize::<Keys>() else {
            return Entry::default();
        };
        let text = |v: Option<serde_yaml::Value>| match v {
            Some(serde_yaml::Value::String(s)) => Some(s),
            _ => None,
        };
        let round = match keys.round {
            Some(serde_yaml::Value::Number(n)) => n.as_u64(),
            Some(serde_yaml::Value::String(s)) => s.trim().parse::<u64>().ok(),
            _ => None,
        }
        .filter(|&r| r >= 1);
        Entry {
            event: text(keys.event),
            round,
            mode: text(keys.mode),
            end: text(keys.end),
        }
    }
}
