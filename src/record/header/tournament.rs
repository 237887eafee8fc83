//! The tournament keys every game's header holds (`event`, `date`,
//! `round`, `board`, `site`, `time-control`, `referee`, `annotator`,
//! `tags`), checked for their form only, and what a report says of them
//! ([`Tournament`]).
//!
//! serde's `flatten` cannot share them, as it does not work with
//! `deny_unknown_fields`: each game's header type is declared inside
//! [`tournament_keys!`], which adds the keys as its own fields, so that an
//! unknown key stays an error and "did you mean" knows them all.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

use super::values::{NOT_TEXT, NO_VALUE};

/// What [`Ordinal`] tells serde_yaml of a value that is not one; the
/// header's reader says it again in plain words, at the value.
pub(crate) const NOT_ORDINAL: &str = "a whole number from 1 is expected, and YAML reads";
/// What [`Tags`] tells serde_yaml of a tag whose value is a list or a
/// mapping.
pub(crate) const NOT_TAG_TEXT: &str = "a tag's value is text, and YAML reads";

/// What [`Tags`] says of a tag name YAML reads as a number or a boolean.
pub(crate) const TAG_NAME_NOT_TEXT: &str = "a tag name is text, and YAML reads";

/// What [`Tags`] says of a key that is no tag name.
pub(crate) const NOT_A_TAG_NAME: &str = "is not a tag name";

/// The longest tag name.
pub const TAG_NAME_BYTES: usize = 64;

/// `round` and `board`: a whole number from 1, written plainly (`3`) or
/// quoted (`"3"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ordinal(pub u32);

impl<'de> Deserialize<'de> for Ordinal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Whole;
        fn refused<E: de::Error>(what: &str) -> E {
            E::custom(format!("{NOT_ORDINAL} {what}"))
        }
        impl Visitor<'_> for Whole {
            type Value = Ordinal;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a whole number from 1")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Ordinal, E> {
                match u32::try_from(v) {
                    Ok(n) if n >= 1 => Ok(Ordinal(n)),
                    Ok(_) => Err(refused("zero")),
                    Err(_) => Err(refused("a number too large")),
                }
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Ordinal, E> {
                match u64::try_from(v) {
                    Ok(v) => self.visit_u64(v),
                    Err(_) => Err(refused("a negative number")),
                }
            }
            /// YAML reads a number past `u64` (`99999999999999999999`)
            /// as a 128-bit one.
            fn visit_u128<E: de::Error>(self, _: u128) -> Result<Ordinal, E> {
                Err(refused("a number too large"))
            }
            fn visit_i128<E: de::Error>(self, v: i128) -> Result<Ordinal, E> {
                Err(refused(if v < 0 {
                    "a negative number"
                } else {
                    "a number too large"
                }))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Ordinal, E> {
                Err(refused("a fractional number"))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Ordinal, E> {
                Err(refused("a boolean"))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Ordinal, E> {
                Err(E::custom(NO_VALUE))
            }
            /// `"3"` is 3; digits only, so that `"+3"`, `" 3"` and `"3rd"`
            /// are refused.
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Ordinal, E> {
                let digits =
                    !v.is_empty() && v.len() <= 10 && v.bytes().all(|b| b.is_ascii_digit());
                match v.parse::<u64>() {
                    Ok(n) if digits => self.visit_u64(n),
                    _ => Err(refused("other text")),
                }
            }
        }
        deserializer.deserialize_any(Whole)
    }
}

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Whether `name` is a tag name: 1 to [`TAG_NAME_BYTES`] ASCII letters,
/// digits, `-` and `_`.
pub fn is_tag_name(name: &str) -> bool {
    (1..=TAG_NAME_BYTES).contains(&name.len()) && name.bytes().all(super::word_byte)
}

/// The `tags` key: free-text tags by name, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(pub Vec<(String, String)>);

impl Serialize for Tags {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// A tag's value: text, as a name is; a list or a mapping is refused in
/// words of its own.
struct TagValue(String);

impl<'de> Deserialize<'de> for TagValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Words;
        impl<'de> Visitor<'de> for Words {
            type Value = TagValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("text")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<TagValue, E> {
                Ok(TagValue(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<TagValue, E> {
                Err(E::custom(format!("{NOT_TEXT} a number")))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<TagValue, E> {
                Err(E::custom(format!("{NOT_TEXT} a number")))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<TagValue, E> {
                Err(E::custom(format!("{NOT_TEXT} a number")))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<TagValue, E> {
                Err(E::custom(format!("{NOT_TEXT} a boolean")))
            }
            fn visit_unit<E: de::Error>(self) -> Result<TagValue, E> {
                Err(E::custom(NO_VALUE))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, _: A) -> Result<TagValue, A::Error> {
                Err(de::Error::custom(format!("{NOT_TAG_TEXT} a list")))
            }
            fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<TagValue, A::Error> {
                Err(de::Error::custom(format!("{NOT_TAG_TEXT} a mapping")))
            }
        }
        deserializer.deserialize_any(Words)
    }
}

/// A tag's name, checked as it is read, so that the error names it.
struct TagName(String);

impl<'de> Deserialize<'de> for TagName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Name;
        fn not_text<E: de::Error>(what: String) -> E {
            E::custom(format!("{TAG_NAME_NOT_TEXT} {what}"))
        }
        impl Visitor<'_> for Name {
            type Value = TagName;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a tag name")
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<TagName, E> {
                if is_tag_name(name) {
                    Ok(TagName(name.to_string()))
                } else {
                    Err(E::custom(format!(
                        "`{name}` {NOT_A_TAG_NAME}: a tag name is 1 to {TAG_NAME_BYTES} ASCII letters, digits, `-` and `_`"
                    )))
                }
            }
            // `2024: x` is a number to YAML: shown quoted, as the values are.
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<TagName, E> {
                Err(not_text(format!("`{v}` as a number")))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<TagName, E> {
                Err(not_text(format!("`{v}` as a number")))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<TagName, E> {
                Err(not_text(format!("`{v}` as a number")))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<TagName, E> {
                Err(not_text(format!("`{v}` as a boolean")))
            }
            /// `null: x` or `~: x`: no name at all to YAML.
            fn visit_unit<E: de::Error>(self) -> Result<TagName, E> {
                Err(not_text("it as no value (null)".to_string()))
            }
        }
        deserializer.deserialize_any(Name)
    }
}

impl<'de> Deserialize<'de> for Tags {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = Tags;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping of tag names to text")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Tags, A::Error> {
                let mut tags: Vec<(String, String)> = Vec::new();
                while let Some(TagName(name)) = map.next_key()? {
                    let TagValue(value) = map.next_value()?;
                    // The header is bounded in bytes, so is this search.
                    if tags.iter().any(|(known, _)| *known == name) {
                        return Err(de::Error::custom(format!(
                            "the tag `{name}` is given twice"
                        )));
                    }
                    tags.push((name, value));
                }
                Ok(Tags(tags))
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

/// What a record's header says of the game's place in an event: the
/// tournament keys it holds, each `None` when absent. Reported by every
/// machine output as the record's `tournament`, and read by whoever
/// groups records by event and round.
/// Read back from a report as written (a tag read back is held to the
/// header's form, which every reported tag has).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tournament {
    /// `event`: the event's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// `date`: the day, `YYYY-MM-DD`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// `round`: from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// `board`: from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// `site`: where.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    /// `time-control`: as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// `referee`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub referee: Option<String>,
    /// `annotator`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annotator: Option<String>,
    /// `tags`: by name, in the order written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Tags>,
}

impl Tournament {
    /// Whether no tournament key is given.
    pub fn is_empty(&self) -> bool {
        *self == Tournament::default()
    }
}

/// The tournament keys of the headers, which every game's header holds.
/// A game's header type reports them with [`TournamentKeys`].
pub trait TournamentKeys {
    /// The tournament keys given; `None` when there are none. Boxed: a
    /// checked record is moved from the replay to its report, and nearly
    /// none has these keys.
    fn tournament(&self) -> Option<Box<Tournament>>;
}

/// A game's header type with the tournament keys after its own (its own
/// must include `event` and `date`, where the game has always listed
/// them): the keys added as fields, and [`TournamentKeys`] implemented.
macro_rules! tournament_keys {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($body:tt)*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $($body)*
            /// The `round` key: the round of the event, from 1.
            #[serde(default, deserialize_with = "crate::record::header::present")]
            pub round: Option<crate::record::header::Ordinal>,
            /// The `board` key: the board of the round, from 1.
            #[serde(default, deserialize_with = "crate::record::header::present")]
            pub board: Option<crate::record::header::Ordinal>,
            /// The `site` key: where the game was played.
            #[serde(default, deserialize_with = "crate::record::header::present")]
            pub site: Option<crate::record::header::Text>,
            /// The `time-control` key: the clocks, as written.
            #[serde(
                rename = "time-control",
                default,
                deserialize_with = "crate::record::header::present"
            )]
            pub time_control: Option<crate::record::header::Text>,
            /// The `referee` key: who refereed.
            #[serde(default, deserialize_with = "crate::record::header::present")]
            pub referee: Option<crate::record::header::Text>,
            /// The `annotator` key: who wrote the comments and glyphs.
            #[serde(default, deserialize_with = "crate::record::header::present")]
            pub annotator: Option<crate::record::header::Text>,
            /// The `tags` key: anything else kept with the record.
            #[serde(default, deserialize_with = "crate::record::header::present")]
            pub tags: Option<crate::record::header::Tags>,
        }

        impl crate::record::header::TournamentKeys for $name {
            fn tournament(&self) -> Option<Box<crate::record::header::Tournament>> {
                // Most headers have none: nothing is built for them.
                if self.event.is_none()
                    && self.date.is_none()
                    && self.round.is_none()
                    && self.board.is_none()
                    && self.site.is_none()
                    && self.time_control.is_none()
                    && self.referee.is_none()
                    && self.annotator.is_none()
                    && self.tags.is_none()
                {
                    return None;
                }
                let text = |t: &Option<crate::record::header::Text>| t.as_ref().map(|t| t.0.clone());
                Some(Box::new(crate::record::header::Tournament {
                    event: text(&self.event),
                    date: self.date.as_ref().map(|d| d.0.clone()),
                    round: self.round.map(|r| r.0),
                    board: self.board.map(|b| b.0),
                    site: text(&self.site),
                    time_control: text(&self.time_control),
                    referee: text(&self.referee),
                    annotator: text(&self.annotator),
                    tags: self.tags.clone(),
                }))
            }
        }
    };
}
pub(crate) use tournament_keys;

/// A header key as an editor offers and explains it: its name, what it
/// means, and what may follow it (the words its value takes, or the keys
/// of the mapping it holds), when those are few enough to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyDoc {
    /// The key as written: `time-control`.
    pub key: &'static str,
    /// What it means, one sentence.
    pub meaning: &'static str,
    /// The words its value takes (`end`'s); empty for free text, numbers
    /// and mappings.
    pub values: &'static [&'static str],
    /// The keys of the mapping it holds (`players`'s sides); empty for
    /// a plain value.
    pub fields: &'static [&'static str],
}

/// The tournament keys every game's header holds, as an editor tells them.
pub const TOURNAMENT_KEY_DOCS: &[KeyDoc] = &[
    KeyDoc {
        key: "event",
        meaning: "where and when the game was played, free text",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "date",
        meaning: "the day the game was played, YYYY-MM-DD",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "round",
        meaning: "the round of the event, a whole number from 1",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "board",
        meaning: "the board of the round, a whole number from 1",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "site",
        meaning: "where the game was played, free text",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "time-control",
        meaning: "the clocks, as written, free text",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "referee",
        meaning: "who refereed, free text",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "annotator",
        meaning: "who wrote the comments and glyphs, free text",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "tags",
        meaning: "anything else kept with the record: a mapping from tag names \
                  (ASCII letters, digits, `-`, `_`) to free text",
        values: &[],
        fields: &[],
    },
];
