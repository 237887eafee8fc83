//! What a header's YAML aliases cost. An alias (`*a`) repeats the node its
//! anchor (`&a`) names, and serde_yaml copies that node every time: a 60 KB
//! header that anchors a 28 KB string and repeats it through lists of
//! aliases made the game's header type hold gigabytes. serde_yaml bounds
//! how many aliases it follows, not what they copy; so a header that has
//! both an `&` and a `*` is first read by a pass that keeps nothing and
//! counts what the real read would build, aliases replayed included, and
//! stops as soon as the count passes the header's budget.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Visitor};

/// What each value (a scalar, a list, a mapping, a null) counts besides
/// its text's bytes: the room a value takes once built, however short.
pub(super) const PER_VALUE: usize = 8;

/// How many times `--max-header-bytes` a header may count. Without
/// aliases a header counts less than 10 times its own bytes (each value
/// takes at least one byte of its text, and YAML's escapes make at most 3
/// bytes of 2), so only a header whose aliases repeat much comes near it.
pub(super) const EXPANSION: usize = 16;

/// Whether `text` read with its aliases replayed counts more than
/// `budget` (values' bytes and [`PER_VALUE`] for each). `false` also when
/// it is no YAML serde_yaml reads: the real read reports that.
pub(super) fn over_budget(text: &str, budget: usize) -> bool {
    let bytes = text.as_bytes();
    // No anchor or no alias: nothing is repeated, and no pass is needed.
    if memchr::memchr(b'&', bytes).is_none() || memchr::memchr(b'*', bytes).is_none() {
        return false;
    }
    let left = Left {
        bytes: Cell::new(budget),
        over: Cell::new(false),
    };
    let counted = Count(&left).deserialize(serde_yaml::Deserializer::from_str(text));
    counted.is_err() && left.over.get()
}

/// The budget left, and whether it ran out.
struct Left {
    bytes: Cell<usize>,
    over: Cell<bool>,
}

/// Counts a value and all it holds, keeping nothing.
#[derive(Clone, Copy)]
struct Count<'b>(&'b Left);

/// The pass stopped: the budget ran out (or the YAML was refused).
#[derive(Debug)]
struct Stop;

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the header's aliases repeat more than its budget")
    }
}

impl Count<'_> {
    /// Take one value of `len` bytes from the budget.
    fn spend<E: de::Error>(self, len: usize) -> Result<(), E> {
        let cost = len.saturating_add(PER_VALUE);
        match self.0.bytes.get().checked_sub(cost) {
            Some(left) => {
                self.0.bytes.set(left);
                Ok(())
            }
            None => {
                self.0.over.set(true);
                Err(E::custom(Stop))
            }
        }
    }
}

impl<'de> DeserializeSeed<'de> for Count<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Count<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any YAML value")
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.spend(0)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.spend(0)
    }
    fn visit_i128<E: de::Error>(self, _: i128) -> Result<(), E> {
        self.spend(0)
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.spend(0)
    }
    fn visit_u128<E: de::Error>(self, _: u128) -> Result<(), E> {
        self.spend(0)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.spend(0)
    }
    /// serde_yaml lends every string, replayed or not: nothing is copied.
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.spend(v.len())
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<(), E> {
        self.spend(v.len())
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.spend(0)
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.spend(0)
    }
    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        self.spend(0)?;
        self.deserialize(deserializer)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        self.spend(0)?;
        self.deserialize(deserializer)
    }
    /// Each element is taken from the budget as it is read: the loop ends
    /// with the list, or with the budget.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.spend(0)?;
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.spend(0)?;
        while map.next_key_seed(self)?.is_some() {
            map.next_value_seed(self)?;
        }
        Ok(())
    }
    /// A tagged value (`!name value`): its tag, then its value.
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        self.spend(0)?;
        let ((), variant) = data.variant_seed(self)?;
        de::VariantAccess::newtype_variant_seed(variant, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a text counts when nothing stops it.
    fn count(text: &str) -> usize {
        let left = Left {
            bytes: Cell::new(usize::MAX),
            over: Cell::new(false),
        };
        let counted = Count(&left).deserialize(serde_yaml::Deserializer::from_str(text));
        assert!(counted.is_ok(), "{text:?}");
        usize::MAX - left.bytes.get()
    }

    #[test]
    fn aliases_count_what_they_repeat() {
        let plain = count("a: xxxxxxxxxx\nb: [xxxxxxxxxx, xxxxxxxxxx]\n");
        let aliased = count("a: &x xxxxxxxxxx\nb: [*x, *x]\n");
        assert_eq!(plain, aliased);
        // A list repeated repeats every value in it.
        let list = count("x: &x xxxxxxxxxx\na: &l [*x, *x]\n");
        assert!(count("x: &x xxxxxxxxxx\na: &l [*x, *x]\nb: *l\nc: *l\n") > 2 * list);
    }

    #[test]
    fn a_header_without_aliases_stays_far_below_its_budget() {
        // The most values per byte YAML writes, and the escapes that
        // write most bytes per byte of text.
        for text in [
            "{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p}".to_string(),
            "[a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p]".to_string(),
            "?\n".repeat(100),
            "- ".repeat(100) + "x",
            format!("a: \"{}\"\n", "\\L".repeat(100)),
            format!("a: [{}]\n", "\"\\P\",".repeat(100)),
            String::new(),
            "x".to_string(),
        ] {
            assert!(count(&text) < 10 * text.len().max(1), "{text:?}");
        }
    }

    #[test]
    fn the_pass_stops_at_the_budget() {
        let text = format!(
            "a: &x {}\nb: &l [{}]\nc: [*l, *l, *l, *l]\n",
            "x".repeat(1000),
            "*x, ".repeat(1000)
        );
        assert!(over_budget(&text, 1 << 20));
        assert!(!over_budget(&text, 6_000_000));
        // Without an anchor or an alias there is no pass at all, and YAML
        // the real read refuses is left to it.
        assert!(!over_budget("a: *x\n", 0));
        assert!(!over_budget("a: &x [*x, *x", 1 << 20));
        assert!(!over_budget("a: &x b\nc: *y\n", 1 << 20));
    }
}
