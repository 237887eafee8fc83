//! The values of header keys that every game shares: text (`Text`), a date
//! (`Date`), and a key that must be given a value when it is written.

use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

use serde::de::{self, Deserializer, Visitor};
use serde::Deserialize;

/// What the header's own types tell serde_yaml when a value is refused;
/// [`HeaderText::deserialize`](super::HeaderText::deserialize) recognises it again in serde_yaml's message
/// and says it in plain words, with the key and where it is.
pub(crate) const NO_VALUE: &str = "the key is written without a value";
/// Followed by what YAML read instead: `a number`, `a boolean`.
pub(crate) const NOT_TEXT: &str = "text is expected, and YAML reads";

/// A key that is written must be given a value: `mode:` (or `mode: ~`) is
/// an error, not the default the key's absence means. For an optional key,
/// with `#[serde(default, deserialize_with = "present")]`.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<T>, D::Error> {
    given(deserializer).map(Some)
}

/// Like [`present`], for a key whose absence means an empty list or map.
pub fn given<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    struct Given<T>(PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for Given<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a value")
        }
        fn visit_none<E: de::Error>(self) -> Result<T, E> {
            Err(E::custom(NO_VALUE))
        }
        fn visit_unit<E: de::Error>(self) -> Result<T, E> {
            Err(E::custom(NO_VALUE))
        }
        fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
            T::deserialize(deserializer)
        }
    }
    deserializer.deserialize_option(Given(PhantomData))
}

/// A name or free text (`players`, `event`, a claimed winner): a YAML
/// string. YAML reads `event: 2024` as a number and `red: true` as a
/// boolean; they are refused rather than turned back into text, so that the
/// help can show the quoted form the writer meant.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Text(pub String);

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Words;
        impl Visitor<'_> for Words {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("text")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Text, E> {
                Ok(Text(v))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Text, E> {
                Err(E::custom(format!("{NOT_TEXT} a number")))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Text, E> {
                Err(E::custom(format!("{NOT_TEXT} a number")))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Text, E> {
                Err(E::custom(format!("{NOT_TEXT} a number")))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Text, E> {
                Err(E::custom(format!("{NOT_TEXT} a boolean")))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Text, E> {
                Err(E::custom(NO_VALUE))
            }
        }
        deserializer.deserialize_any(Words)
    }
}

/// What [`Date`] says of a value that is not one; the help shows the form.
pub(super) const NOT_A_DATE: &str = "is not a date written YYYY-MM-DD";

/// The header's `date`: `YYYY-MM-DD`, checked so that a typo points at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Date(pub String);

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        let parts: Vec<u32> = text
            .split('-')
            .zip([4, 2, 2])
            .filter(|(part, len)| part.len() == *len && part.bytes().all(|b| b.is_ascii_digit()))
            .filter_map(|(part, _)| part.parse().ok())
            .collect();
        let valid = match parts[..] {
            [year, month, day] if text.len() == 10 => {
                let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
                let days = match month {
                    1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
                    4 | 6 | 9 | 11 => 30,
                    2 if leap => 29,
                    2 => 28,
                    _ => 0,
                };
                (1..=days).contains(&day)
            }
            _ => false,
        };
        if valid {
            Ok(Date(text))
        } else {
            Err(serde::de::Error::custom(format!("`{text}` {NOT_A_DATE}")))
        }
    }
}
