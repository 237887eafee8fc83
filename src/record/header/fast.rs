//! A fast path for the headers nearly every record has: `key: value` lines
//! and one-level flow mappings (`players: {red: Ana, blue: Bo}`) of plain
//! words. Parsing them with libyaml costs as much as replaying the record;
//! read by hand, they cost a few hundred nanoseconds.
//!
//! Success only: anything this reader is not sure YAML reads as a string
//! (quotes, comments, anchors, nesting, lists, numbers, `null`, `true`, ...)
//! or any deserialisation error gives `None`, and the caller parses the
//! header with serde_yaml, which reports errors with their messages and
//! locations.

use std::fmt;

use serde::de::{self, DeserializeOwned, IntoDeserializer, MapAccess, Visitor};
use serde::forward_to_deserialize_any;

use super::count_while;

/// Deserialise a simple header without the YAML parser; `None` when the
/// header is not simple or does not deserialise.
pub fn deserialize<T: DeserializeOwned>(text: &str) -> Option<T> {
    T::deserialize(parse(text)?).ok()
}

/// Whether a simple header holds a `game` key; `None` when the header is
/// not simple, and only a YAML parse can tell.
pub fn holds_game(text: &str) -> Option<bool> {
    match parse(text)? {
        Node::Map(entries) => Some(entries.iter().any(|(key, _)| *key == "game")),
        Node::Scalar(_) => Some(false),
    }
}

/// A header value the fast path understands: a plain string, or a mapping
/// (the header itself, or a one-level flow mapping) of them.
#[derive(Debug, PartialEq)]
enum Node<'a> {
    Scalar(&'a str),
    Map(Vec<(&'a str, Node<'a>)>),
}

/// The header as a mapping, when every line is simple. A line of plain
/// ASCII words is read in one pass ([`plain_line`]); any other line by
/// its parts ([`line_by_parts`]), which decide what the one pass is unsure
/// of, so both readings give the same mapping.
fn parse(text: &str) -> Option<Node<'_>> {
    let mut entries = Vec::with_capacity(8);
    let mut start = 0;
    // Every line, the empty one after the last line ending included, as
    // `split_at(text, b'\n')` gives them.
    while start <= text.len() {
        let (read, next) = match plain_line(text, start) {
            Line::Blank(next) => (None, next),
            Line::Entry(key, value, next) => (Some((key, value)), next),
            Line::Unsure => {
                let rest = text.get(start..)?;
                let end = rest.bytes().position(|b| b == b'\n').unwrap_or(rest.len());
                (line_by_parts(rest.get(..end)?)?, start + end + 1)
            }
        };
        if let Some((key, value)) = read {
            insert(&mut entries, key, value)?;
        }
        start = next;
    }
    (!entries.is_empty()).then_some(Node::Map(entries))
}

/// One line read by its parts: `None` inside when it is blank, `None` when
/// it is not simple.
fn line_by_parts(line: &str) -> Option<Option<(&str, Node<'_>)>> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    if line.bytes().all(|b| b == b' ') {
        return Some(None);
    }
    let (key, value) = entry(line)?;
    let value = match value.strip_prefix('{') {
        Some(inner) => flow(inner.strip_suffix('}')?)?,
        None => Node::Scalar(scalar(value)?),
    };
    Some(Some((key, value)))
}

/// What [`plain_line`] read of a line; the next line's start with it.
enum Line<'a> {
    Blank(usize),
    Entry(&'a str, Node<'a>, usize),
    /// Not a line of plain ASCII words: [`line_by_parts`] decides.
    Unsure,
}

/// The line starting at `start` read in one pass, when it is `key: word`
/// or `key: {key: word, ...}` in plain ASCII: each byte looked up once
/// in [`CLASS`], where reading by parts splits, trims and checks each
/// part again. Anything else, a byte past ASCII included, is left to
/// [`line_by_parts`].
fn plain_line(text: &str, start: usize) -> Line<'_> {
    let bytes = text.as_bytes();
    let spaces = |i: usize| i + count_while(bytes.get(i..).unwrap_or_default(), |b| b == b' ');
    let first = spaces(start);
    if let Some(next) = line_end(bytes, first) {
        return Line::Blank(next);
    }
    if first != start {
        return Line::Unsure;
    }
    let Some((key, at)) = plain_key(text, start) else {
        return Line::Unsure;
    };
    let at = spaces(at);
    if bytes.get(at) != Some(&b'{') {
        return match plain_word(text, at) {
            Some((word, end)) => match line_end(bytes, end) {
                Some(next) => Line::Entry(key, Node::Scalar(word), next),
                None => Line::Unsure,
            },
            None => Line::Unsure,
        };
    }
    // A flow mapping: entries up to `}`, then nothing but spaces.
    let mut inner = Vec::with_capacity(4);
    let mut at = spaces(at + 1);
    if bytes.get(at) != Some(&b'}') {
        loop {
            let Some((key, after)) = plain_key(text, at) else {
                return Line::Unsure;
            };
            let Some((word, end)) = plain_word(text, spaces(after)) else {
                return Line::Unsure;
            };
            if insert(&mut inner, key, Node::Scalar(word)).is_none() {
                return Line::Unsure;
            }
            match bytes.get(end) {
                Some(b',') => at = spaces(end + 1),
                Some(b'}') => {
                    at = end;
                    break;
                }
                _ => return Line::Unsure,
            }
        }
    }
    match line_end(bytes, spaces(at + 1)) {
        Some(next) => Line::Entry(key, Node::Map(inner), next),
        None => Line::Unsure,
    }
}

/// Where the next line starts when the line ends at `at` (`\n`, `\r\n`,
/// a last `\r` or the end of the text; past the end after the last).
fn line_end(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at..) {
        Some([]) | Some([b'\r']) => Some(bytes.len() + 1),
        Some([b'\n', ..]) => Some(at + 1),
        Some([b'\r', b'\n', ..]) => Some(at + 2),
        _ => None,
    }
}

/// A key at `at` and the `: ` after it: the key, and where its value's
/// spaces start.
#[inline]
fn plain_key(text: &str, at: usize) -> Option<(&str, usize)> {
    let rest = text.as_bytes().get(at..)?;
    let len = count_while(rest, |b| CLASS[usize::from(b)] & KEY != 0);
    if rest.get(len..len + 2) != Some(b": ") {
        return None;
    }
    let key = text.get(at..at + len)?;
    is_key(key).then_some((key, at + len + 2))
}

/// A plain ASCII word at `at` (letters, digits, `-`, `_`, `.` and inner
/// spaces, starting with a letter; YAML reads it as this string), and
/// where the bytes after it and its trailing spaces start.
#[inline]
fn plain_word(text: &str, at: usize) -> Option<(&str, usize)> {
    let rest = text.as_bytes().get(at..)?;
    let len = count_while(rest, |b| CLASS[usize::from(b)] & PLAIN != 0);
    // Its trailing spaces are not the word's.
    let kept = rest.get(..len)?.iter().rposition(|&b| b != b' ')? + 1;
    let word = text.get(at..at + kept)?;
    let first = *word.as_bytes().first()?;
    let plain = first.is_ascii_alphabetic()
        && !special(word)
        && !(matches!(first, b'i' | b'I' | b'n' | b'N') && word.parse::<f64>().is_ok());
    plain.then_some((word, at + len))
}

/// `key: value`, the key a plain word starting the line and the value
/// trimmed of the blanks around it. A key holds no `:` or space, so the
/// first `: ` of the line is the one right after the key's bytes.
fn entry(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let end = bytes
        .iter()
        .position(|&b| CLASS[usize::from(b)] & KEY == 0)?;
    if bytes.get(end..end + 2) != Some(b": ") {
        return None;
    }
    let (key, value) = (text.get(..end)?, text.get(end + 2..)?);
    is_key(key).then_some((key, trim_spaces(value)))
}

/// A byte a key may hold: a letter, a digit, `-` or `_`.
const KEY: u8 = 1;
/// A byte of a plain ASCII scalar: a key's bytes, a space or `.`.
const PLAIN: u8 = 2;

/// What each byte may be part of, looked up once per byte.
static CLASS: [u8; 256] = {
    let mut class = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        if super::word_byte(byte) {
            class[b] = KEY | PLAIN;
        } else if byte == b' ' || byte == b'.' {
            class[b] = PLAIN;
        }
        b += 1;
    }
    class
};

/// The parts of `text` between the bytes `at`, an ASCII byte: a byte
/// compared at a time, as the parts are a few bytes long and a general
/// searcher costs more to set up than they take to scan.
fn split_at(text: &str, at: u8) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let part = rest?;
        match part.bytes().position(|b| b == at) {
            Some(end) => {
                rest = part.get(end + 1..);
                part.get(..end)
            }
            None => rest.take(),
        }
    })
}

/// `text` without the spaces around it, byte by byte.
fn trim_spaces(text: &str) -> &str {
    let bytes = text.as_bytes();
    let start = bytes.iter().position(|&b| b != b' ').unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| b != b' ')
        .map_or(start, |i| i + 1);
    text.get(start..end).unwrap_or_default()
}

/// Keys must be told apart: a key given twice is an error for serde_yaml.
/// The search is linear, so a mapping longer than any header needs is left
/// to serde_yaml too.
fn insert<'a>(entries: &mut Vec<(&'a str, Node<'a>)>, key: &'a str, value: Node<'a>) -> Option<()> {
    const LONGEST: usize = 32;
    if entries.len() >= LONGEST || entries.iter().any(|(k, _)| *k == key) {
        return None;
    }
    entries.push((key, value));
    Some(())
}

/// The inside of `{a: x, b: y}`: entries of plain words, nothing nested.
fn flow(inner: &str) -> Option<Node<'_>> {
    let mut entries = Vec::with_capacity(4);
    if !inner.bytes().all(|b| b == b' ') {
        for part in split_at(inner, b',') {
            let (key, value) = entry(trim_spaces(part))?;
            insert(&mut entries, key, Node::Scalar(scalar(value)?))?;
        }
    }
    Some(Node::Map(entries))
}

/// Words YAML resolves to something other than a string, or might under
/// another schema: never taken for strings here.
#[inline]
fn special(word: &str) -> bool {
    const WORDS: [&str; 12] = [
        "null", "true", "false", "yes", "no", "on", "off", "y", "n", "inf", "infinity", "nan",
    ];
    // Every key and value is asked: most are told apart by their first
    // letter (`| 0x20` lowers a capital, and makes no other byte one of
    // these letters) or their length alone.
    let first = word.as_bytes().first().map(|b| b | 0x20);
    matches!(first, Some(b'n' | b't' | b'f' | b'y' | b'o' | b'i'))
        && word.len() <= "infinity".len()
        && WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// A key is a plain word, and short: libyaml refuses keys over 1024
/// characters, and no header key comes near 64.
fn is_key(key: &str) -> bool {
    // Its bytes are told by `entry`.
    key.len() <= 64 && key.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) && !special(key)
}

/// A plain scalar YAML certainly reads as this very string: letters, digits,
/// inner spaces, `-`, `_` and `.`, starting with a letter; or digits and
/// dashes like a date (`2026-01-02`), which no number looks like.
fn scalar(value: &str) -> Option<&str> {
    let first = value.chars().next()?;
    let plain = if first.is_ascii_digit() {
        value.bytes().all(|b| b.is_ascii_digit() || b == b'-') && value.contains('-')
    } else {
        let ascii = |b: u8| CLASS[usize::from(b)] & PLAIN != 0;
        let word = |c: char| c.is_ascii() && ascii(c as u8) || (!c.is_ascii() && c.is_alphabetic());
        (first.is_ascii_alphabetic() || (!first.is_ascii() && first.is_alphabetic()))
            // Byte by byte for the usual ASCII word, by character otherwise.
            && (value.bytes().all(ascii) || value.chars().all(word))
            && !special(value)
            // Of the words starting with a letter, only `inf`, `infinity`
            // and `nan` (any case) read as numbers: asked of those alone.
            && !(matches!(first, 'i' | 'I' | 'n' | 'N') && value.parse::<f64>().is_ok())
    };
    plain.then_some(value)
}

/// Why the fast path gave up. Never shown: serde_yaml then parses the
/// header and says what is wrong, if anything.
#[derive(Debug)]
pub struct Unusual;

impl fmt::Display for Unusual {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a simple header")
    }
}

impl std::error::Error for Unusual {}

impl de::Error for Unusual {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unusual
    }
}

impl<'de> de::Deserializer<'de> for Node<'de> {
    type Error = Unusual;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unusual> {
        match self {
            Node::Scalar(text) => visitor.visit_borrowed_str(text),
            Node::Map(entries) => visitor.visit_map(Entries {
                entries: entries.into_iter(),
                value: None,
            }),
        }
    }

    /// No value here is null: every one is present.
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unusual> {
        visitor.visit_some(self)
    }

    /// A unit variant by its name, as serde_yaml reads a plain scalar.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unusual> {
        match self {
            Node::Scalar(text) => visitor.visit_enum(text.into_deserializer()),
            Node::Map(_) => Err(Unusual),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Unusual> {
        visitor.visit_newtype_struct(self)
    }

    // Numbers, booleans and lists never reach the fast path: serde_yaml
    // reads them, with its own rules.
    fn deserialize_bool<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_i8<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_i64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_f64<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_char<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_unit<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: V,
    ) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        _: V,
    ) -> Result<V::Value, Unusual> {
        Err(Unusual)
    }

    forward_to_deserialize_any! {
        str string identifier map struct ignored_any
    }
}

/// A mapping's entries, handed to serde one key and value at a time.
struct Entries<'a> {
    entries: std::vec::IntoIter<(&'a str, Node<'a>)>,
    value: Option<Node<'a>>,
}

impl<'a> MapAccess<'a> for Entries<'a> {
    type Error = Unusual;

    fn next_key_seed<K: de::DeserializeSeed<'a>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Unusual> {
        match self.entries.next() {
            Some((key, value)) => {
                self.value = Some(value);
                seed.deserialize(Node::Scalar(key)).map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<V: de::DeserializeSeed<'a>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, Unusual> {
        seed.deserialize(self.value.take().ok_or(Unusual)?)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The header read by parts alone, line by line: what `parse` gave
    /// before lines of plain ASCII were read in one pass.
    fn by_parts(text: &str) -> Option<Node<'_>> {
        let mut entries = Vec::new();
        for line in split_at(text, b'\n') {
            if let Some((key, value)) = line_by_parts(line)? {
                insert(&mut entries, key, value)?;
            }
        }
        (!entries.is_empty()).then_some(Node::Map(entries))
    }

    #[test]
    fn one_pass_reads_as_the_parts_read() {
        for text in [
            "",
            "\n",
            "\r",
            "\r\n\r\n",
            "  \r\n",
            "game: simpei\nplayers: {red: Red, blue: Blue}\n",
            "game: simpei\r\nplayers: {red: Red, blue: Blue}\r\n",
            "game: simpei\r",
            "game: simpei  \n\n   \nevent: Club - night  ",
            "players: {}\n",
            "players: { }\n",
            "players: {  red: a ,blue:  b  }  \n",
            "players: {red: a,}\n",
            "players: {red: a, }\n",
            "players: {red: a, red: b}\n",
            "players: {red: a} x\n",
            "players: {red: a}}\n",
            "players: {red: {x: y}}\n",
            "players: {red: Zoë}\n",
            "players: {red:a}\n",
            "players: {\n",
            "players: }\n",
            "date: 2026-01-02\n",
            "event: Zoë\n",
            "event: a\rb\n",
            "event: a\r\r\n",
            "event: inf\nb: nan\n",
            "event: Inferno\n",
            "event: x # c\n",
            " event: x\n",
            "event: .x\n",
            "true: x\n",
            "game: a\ngame: b\n",
            "k: N\nl: INF\nm: Yes\n",
            "k: a\r",
            "k: a \r\n",
        ] {
            assert_eq!(parse(text), by_parts(text), "{text:?}");
        }
        // Past the limits: a key of 65 bytes, 33 lines, 33 entries.
        let long_key = format!("{}: x\n", "k".repeat(65));
        let lines: String = (0..33).map(|i| format!("k{i}: x\n")).collect();
        let entries: Vec<String> = (0..33).map(|i| format!("k{i}: x")).collect();
        let wide = format!("players: {{{}}}\n", entries.join(", "));
        for text in [long_key, lines, wide] {
            assert!(parse(&text).is_none(), "{text:?}");
            assert_eq!(parse(&text), by_parts(&text), "{text:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn one_pass_reads_any_text_as_the_parts_read(
            text in "(game|red|blue|true|k1|é|inf|[ :{},.\\-_#\t\r\nAaZz09é])*"
        ) {
            prop_assert_eq!(parse(&text), by_parts(&text), "{:?}", text);
        }

        #[test]
        fn one_pass_reads_header_lines_as_the_parts_read(
            lines in prop::collection::vec(
                "(game|players|event|k_1|null|é)(: |:|  : )(\\{ ?((red|blue|yes|x-y)(: |:)(Ana|Bo B|inf|Nan|2026-01-02|a.b|Zoë| )? ?(,|, |  ,)?)*\\}|Red|Mr. Blue|No|Infinity|0-1|a#b)( |  |\t)?(\r)?",
                0..5,
            )
        ) {
            let text = lines.join("\n");
            prop_assert_eq!(parse(&text), by_parts(&text), "{:?}", text);
        }
    }

    #[test]
    fn simple_headers_take_the_fast_path() {
        let simple = "game: simpei\r\nplayers: {red: Zoë Red,  blue: Mr. Blue }\n\nevent: Club - night  \ndate: 2026-01-02\nmode: teams\n";
        assert!(parse(simple).is_some());
        assert!(deserialize::<serde_yaml::Value>("players: {}\n").is_some());
    }

    #[test]
    fn parts_and_trims_are_the_standard_ones() {
        for text in ["", ",", "a", "a,", ",b", "a,,b", " a , b ", "  ", "é, ü ,"] {
            let ours: Vec<&str> = split_at(text, b',').collect();
            let std: Vec<&str> = text.split(',').collect();
            assert_eq!(ours, std, "{text:?}");
            assert_eq!(trim_spaces(text), text.trim_matches(' '), "{text:?}");
        }
    }

    #[test]
    fn anything_unusual_falls_back() {
        for text in [
            "",
            "  \n",
            "game: 'simpei'\n",
            "game: simpei # c\n",
            "game: &a simpei\n",
            "game: *a\n",
            "game:\n  - simpei\n",
            "game: simpei\ngame: puluc\n",
            "players: {red: a, red: b}\n",
            "players: {red: a,}\n",
            "players: {red: {x: y}}\n",
            "players: [a, b]\n",
            "event: ~\n",
            "event: null\n",
            "event: True\n",
            "event: 12\n",
            "event: .inf\n",
            "event: inf\n",
            "event: NaN\n",
            "event: 1e-5\n",
            "event:\n",
            "event: \n",
            "event: a\tb\n",
            "event: a:b\n",
            " event: x\n",
            "event : x\n",
            "true: x\n",
            "event: x\rmore\n",
            "event: -x\n",
        ] {
            assert!(parse(text).is_none(), "{text:?}");
        }
        let long: String = (0..40).map(|i| format!("k{i}: x\n")).collect();
        let wide = format!(
            "players: {{{}}}\n",
            (0..40)
                .map(|i| format!("k{i}: x"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let key = format!("{}: x\n", "k".repeat(1100));
        assert!(serde_yaml::from_str::<serde_yaml::Value>(&key).is_err());
        for text in [long, wide, key] {
            assert!(parse(&text).is_none(), "{text:?}");
        }
    }
}
