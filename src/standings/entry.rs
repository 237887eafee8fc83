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
/// group. A key written twice is not known (which would it be?), and does
/// not hide the others: a duplicated `round` leaves the event read.
#[derive(Default)]
struct Keys {
    event: Option<serde_yaml::Value>,
    round: Option<serde_yaml::Value>,
    mode: Option<serde_yaml::Value>,
    end: Option<serde_yaml::Value>,
}

impl<'de> Deserialize<'de> for Keys {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(KeysVisitor)
    }
}

struct KeysVisitor;

impl<'de> serde::de::Visitor<'de> for KeysVisitor {
    type Value = Keys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a header mapping")
    }

    /// Bounded by the header, whose size was checked before.
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Keys, A::Error> {
        let mut keys = Keys::default();
        let mut twice = [false; 4];
        while let Some(key) = map.next_key::<serde_yaml::Value>()? {
            let slot = match key.as_str() {
                Some("event") => 0,
                Some("round") => 1,
                Some("mode") => 2,
                Some("end") => 3,
                _ => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                    continue;
                }
            };
            let value = map.next_value::<serde_yaml::Value>()?;
            let field = match slot {
                0 => &mut keys.event,
                1 => &mut keys.round,
                2 => &mut keys.mode,
                _ => &mut keys.end,
            };
            if twice[slot] || field.is_some() {
                twice[slot] = true;
                *field = None;
            } else {
                *field = Some(value);
            }
        }
        Ok(keys)
    }
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
