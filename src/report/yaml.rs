//! YAML that every reader reads back as it was written. serde_yaml writes
//! a string bare unless it would read it back as something else itself
//! (YAML 1.2): YAML 1.1 readers, PyYAML the most used, then read `no` and
//! `on` as booleans, `2026-01-01` as a date, `1:20` as 80 and `1_000` as
//! 1000, and refuse a document holding `=` or `<<` bare. Every string,
//! mapping keys included, that a YAML 1.1 or 1.2 reader would not read
//! back as that string is written quoted here; every other is written as
//! serde_yaml writes it, so that ordinary output is what it always was.
//!
//! serde_yaml decides the style of each string itself, so the strings to
//! quote are swapped for plain placeholders before it writes the document,
//! and the placeholders for the quoted strings after.

use std::fmt::Write as _;
use std::io;

use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter};
use serde_yaml::{Mapping, Value};

/// `value` as one YAML document.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_yaml::Error> {
    if all_plain(value) {
        return serde_yaml::to_string(value);
    }
    let mut tree = serde_yaml::to_value(value)?;
    // Longer than any `arbitre-quoted-zz…` a string holds: in none.
    let mut prefix = String::from(PLACEHOLDER);
    prefix.extend(std::iter::repeat_n('z', longest_tail(&tree) + 1));
    let mut quoted = Vec::new();
    swap(&mut tree, &prefix, &mut quoted, false);
    let text = serde_yaml::to_string(&tree)?;
    Ok(unswap(&text, &prefix, &quoted))
}

/// Whether no string of `value` needs quotes serde_yaml would not give it:
/// the common case, told by one pass over the strings (serde_json's, to no
/// output) without building the document twice. `false` when unsure.
fn all_plain<T: Serialize + ?Sized>(value: &T) -> bool {
    /// Gathers each string (a value or a key) and stops at the first that
    /// needs quotes.
    struct Strings(String);
    impl Formatter for Strings {
        fn begin_string<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
            self.0.clear();
            Ok(())
        }
        fn write_string_fragment<W: ?Sized + io::Write>(
            &mut self,
            _: &mut W,
            fragment: &str,
        ) -> io::Result<()> {
            self.0.push_str(fragment);
            Ok(())
        }
        fn write_char_escape<W: ?Sized + io::Write>(
            &mut self,
            _: &mut W,
            escape: CharEscape,
        ) -> io::Result<()> {
            self.0.push(match escape {
                CharEscape::Quote => '"',
                CharEscape::ReverseSolidus => '\\',
                CharEscape::Solidus => '/',
                CharEscape::Backspace => '\u{8}',
                CharEscape::FormFeed => '\u{c}',
                CharEscape::LineFeed => '\n',
                CharEscape::CarriageReturn => '\r',
                CharEscape::Tab => '\t',
                CharEscape::AsciiControl(byte) => char::from(byte),
            });
            Ok(())
        }
        fn end_string<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
            if resolved(&self.0) {
                return Err(io::Error::other("needs quotes"));
            }
            Ok(())
        }
    }
    let mut out = serde_json::Serializer::with_formatter(io::sink(), Strings(String::new()));
    value.serialize(&mut out).is_ok()
}

/// How placeholders start, before as many `z` as make them new.
const PLACEHOLDER: &str = "arbitre-quoted-";

/// The most `z` after [`PLACEHOLDER`] in a string, key or tag of `tree`.
fn longest_tail(tree: &Value) -> usize {
    let tail = |s: &str| {
        s.match_indices(PLACEHOLDER)
            .map(|(at, _)| {
                s[at + PLACEHOLDER.len()..]
                    .bytes()
                    .take_while(|&b| b == b'z')
                    .count()
            })
            .max()
            .unwrap_or(0)
    };
    match tree {
        Value::String(s) => tail(s),
        Value::Sequence(items) => items.iter().map(longest_tail).max().unwrap_or(0),
        Value::Mapping(map) => map
            .iter()
            .map(|(k, v)| longest_tail(k).max(longest_tail(v)))
            .max()
            .unwrap_or(0),
        Value::Tagged(tagged) => tail(&tagged.tag.to_string()).max(longest_tail(&tagged.value)),
        Value::Null | Value::Bool(_) | Value::Number(_) => 0,
    }
}

/// Longer keys than this serde_yaml writes as `? key`, and a placeholder
/// for one must be as long to be written so too.
const SIMPLE_KEY: usize = 128;

/// Every string of `tree` that [`resolved`] swapped for the next
/// placeholder, its quoted form kept in `quoted`.
fn swap(tree: &mut Value, prefix: &str, quoted: &mut Vec<(usize, String)>, key: bool) {
    match tree {
        Value::String(s) if resolved(s) => {
            let mut placeholder = format!("{prefix}{:08}", quoted.len());
            if key && s.len() > SIMPLE_KEY {
                while placeholder.len() <= SIMPLE_KEY {
                    placeholder.push('z');
                }
            }
            quoted.push((placeholder.len(), quote(s)));
            *s = placeholder;
        }
        Value::Sequence(items) => {
            for item in items {
                swap(item, prefix, quoted, false);
            }
        }
        Value::Mapping(map) => {
            let mut swapped = Mapping::with_capacity(map.len());
            for (mut k, mut v) in std::mem::take(map) {
                swap(&mut k, prefix, quoted, true);
                swap(&mut v, prefix, quoted, false);
                swapped.insert(k, v);
            }
            *map = swapped;
        }
        Value::Tagged(tagged) => swap(&mut tagged.value, prefix, quoted, false),
        Value::String(_) | Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// `text` with each placeholder replaced by its quoted string.
fn unswap(text: &str, prefix: &str, quoted: &[(usize, String)]) -> String {
    let mut out = String::with_capacity(text.len() + quoted.len() * 4);
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        out.push_str(&rest[..at]);
        let number = rest
            .get(at + prefix.len()..at + prefix.len() + 8)
            .and_then(|n| n.parse::<usize>().ok());
        match number.and_then(|n| quoted.get(n)) {
            Some((len, text)) if rest.len() >= at + len => {
                out.push_str(text);
                rest = &rest[at + len..];
            }
            // Not a placeholder: no string holds the prefix, so never.
            _ => {
                out.push_str(prefix);
                rest = &rest[at + prefix.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `s` quoted: in single quotes (as serde_yaml quotes `'true'`) when every
/// character can stand in them as itself, otherwise in double quotes with
/// the others escaped.
fn quote(s: &str) -> String {
    if !s.contains(|c| c != ' ' && !shown(c)) {
        return format!("'{}'", s.replace('\'', "''"));
    }
    let mut out = String::with_capacity(s.len() + 8);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            ' ' => out.push(' '),
            c if shown(c) => out.push(c),
            c if (c as u32) < 0x100 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
        }
    }
    out.push('"');
    out
}

/// Whether `c` stands in a quoted scalar as itself for every reader: no
/// control, no line or paragraph separator (line breaks in YAML 1.1), no
/// byte-order mark, none of the two non-characters readers refuse, no
/// whitespace but the space.
fn shown(c: char) -> bool {
    !(c.is_control() || c.is_whitespace() || matches!(c, '\u{feff}' | '\u{fffe}' | '\u{ffff}'))
}

/// The nulls, booleans (YAML 1.1's `y` and `n` among them), merge key
/// and value key of the readers.
const WORDS: [&str; 29] = [
    "~", "null", "Null", "NULL", "<<", "=", "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No",
    "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
    "",
];

/// Whether a YAML 1.1 or 1.2 reader resolves the plain scalar `s` to
/// something other than a string: the union of the implicit types of the
/// YAML 1.1 types repository (as PyYAML and ruamel.yaml read them), the
/// YAML 1.2 core schema and ruamel.yaml's 1.2 resolver.
fn resolved(s: &str) -> bool {
    // Each pattern starts with one of these (or is empty); most strings
    // are told at their first byte.
    match s.bytes().next() {
        None => return true,
        Some(b'-' | b'+' | b'.' | b'0'..=b'9' | b'~' | b'<' | b'=') => {}
        Some(b'y' | b'Y' | b'n' | b'N' | b'o' | b'O' | b't' | b'T' | b'f' | b'F') => {}
        Some(_) => return false,
    }
    WORDS.contains(&s) || number(s.as_bytes()) || timestamp(s.as_bytes())
}

/// A cursor over a scalar's bytes, for the patterns below: each run of a
/// class stops where the next part of its pattern must start, so that no
/// pattern needs to back up.
struct Scan<'a>(&'a [u8]);

impl Scan<'_> {
    /// Takes one byte of the class.
    fn one(&mut self, class: impl Fn(u8) -> bool) -> bool {
        match self.0.split_first() {
            Some((&b, rest)) if class(b) => {
                self.0 = rest;
                true
            }
            _ => false,
        }
    }
    /// Takes every byte of the class there; how many.
    fn run(&mut self, class: impl Fn(u8) -> bool) -> usize {
        let n = self.0.iter().take_while(|&&b| class(b)).count();
        self.0 = &self.0[n..];
        n
    }
    /// Takes every byte of the class there, none or more: a `*` in a
    /// pattern, always matched.
    fn any(&mut self, class: impl Fn(u8) -> bool) -> bool {
        self.run(class);
        true
    }
    /// Takes `text` if it is there.
    fn lit(&mut self, text: &[u8]) -> bool {
        match self.0.strip_prefix(text) {
            Some(rest) => {
                self.0 = rest;
                true
            }
            None => false,
        }
    }
    /// Takes an optional sign.
    fn sign(&mut self) {
        self.one(|b| b == b'-' || b == b'+');
    }
    fn end(&self) -> bool {
        self.0.is_empty()
    }
    /// `(:[0-5]?[0-9])+`, the sexagesimal groups: one or two digits each,
    /// the first of two at most 5.
    fn sexagesimal(&mut self) -> bool {
        let mut groups = 0;
        while self.lit(b":") {
            let digits = &self.0[..self.0.iter().take_while(|b| b.is_ascii_digit()).count()];
            match digits {
                [_] | [b'0'..=b'5', _] => self.0 = &self.0[digits.len()..],
                _ => return false,
            }
            groups += 1;
        }
        groups > 0
    }
    /// `[eE][-+]?[0-9]+` (`[eE][-+][0-9]+` when `signed`), or nothing.
    fn exponent(&mut self, signed: bool) -> bool {
        if !self.one(|b| b == b'e' || b == b'E') {
            return true;
        }
        let sign = self.one(|b| b == b'-' || b == b'+');
        (sign || !signed) && self.run(digit) > 0
    }
}

fn digit(b: u8) -> bool {
    b.is_ascii_digit()
}

fn digit_(b: u8) -> bool {
    b.is_ascii_digit() || b == b'_'
}

/// The integer and float patterns, each under the regular expression it
/// matches (in full, with an optional sign `S` = `[-+]?`, `D` = `[0-9]`).
const NUMBERS: [fn(&mut Scan) -> bool; 11] = [
    // S0b[01_]+
    |p| {
        p.sign();
        p.lit(b"0b") && p.run(|b| matches!(b, b'0' | b'1' | b'_')) > 0
    },
    // S0o[0-7_]+
    |p| {
        p.sign();
        p.lit(b"0o") && p.run(|b| matches!(b, b'0'..=b'7' | b'_')) > 0
    },
    // S[D_]+, not starting with `_` (ruamel.yaml's; PyYAML's decimal and
    // octal ones, the core schema's decimal one are within it)
    |p| {
        let underscore = p.0.first() == Some(&b'_');
        p.sign();
        !underscore && p.run(digit_) > 0
    },
    // S0x[0-9a-fA-F_]+
    |p| {
        p.sign();
        p.lit(b"0x") && p.run(|b| b.is_ascii_hexdigit() || b == b'_') > 0
    },
    // S[1-9][D_]*(:[0-5]?D)+
    |p| {
        p.sign();
        p.one(|b| matches!(b, b'1'..=b'9')) && {
            p.run(digit_);
            p.sexagesimal()
        }
    },
    // SD[D_]*\.[D_]*([eE][-+]?D+)?
    |p| {
        p.sign();
        p.one(digit)
            && {
                p.run(digit_);
                p.lit(b".")
            }
            && {
                p.run(digit_);
                p.exponent(false)
            }
    },
    // SD[D_]*[eE][-+]?D+
    |p| {
        p.sign();
        p.one(digit)
            && {
                p.run(digit_);
                matches!(p.0.first(), Some(b'e' | b'E'))
            }
            && p.exponent(false)
    },
    // S\.[D_]+([eE][-+]D+)?
    |p| {
        p.sign();
        p.lit(b".") && p.run(digit_) > 0 && p.exponent(true)
    },
    // SD[D_]*(:[0-5]?D)+\.[D_]*
    |p| {
        p.sign();
        p.one(digit)
            && {
                p.run(digit_);
                p.sexagesimal()
            }
            && p.lit(b".")
            && p.any(digit_)
    },
    // S\.(inf|Inf|INF), \.(nan|NaN|NAN)
    |p| {
        let nan = [&b".nan"[..], b".NaN", b".NAN"].contains(&p.0);
        p.sign();
        let matched = nan || [&b".inf"[..], b".Inf", b".INF"].contains(&p.0);
        if matched {
            p.0 = &[];
        }
        matched
    },
    // S(\.D+|D+(\.D*)?)([eE][-+]?D+)? (the core schema's)
    |p| {
        p.sign();
        let whole = if p.lit(b".") {
            p.run(digit) > 0
        } else {
            p.run(digit) > 0 && (!p.lit(b".") || p.any(digit))
        };
        whole && p.exponent(false)
    },
];

/// Whether a pattern of [`NUMBERS`] matches `s` whole.
fn number(s: &[u8]) -> bool {
    NUMBERS.iter().any(|pattern| {
        let mut p = Scan(s);
        pattern(&mut p) && p.end()
    })
}

/// `[0-9]{4}-[0-9]{2}-[0-9]{2}`, or with one or two digits to the month
/// and day, a time `[Tt]` or blanks after it, `H:MM:SS`, a fraction and a
/// zone.
fn timestamp(s: &[u8]) -> bool {
    let mut p = Scan(s);
    let digits = |p: &mut Scan, min: usize, max: usize| {
        let n =
            p.0.iter()
                .take(max)
                .take_while(|b| b.is_ascii_digit())
                .count();
        p.0 = &p.0[n..];
        n >= min
    };
    if !(digits(&mut p, 4, 4) && p.lit(b"-")) {
        return false;
    }
    let short = Scan(p.0);
    if (digits(&mut p, 2, 2) && p.lit(b"-") && digits(&mut p, 2, 2)) && p.end() {
        return true;
    }
    p = short;
    if !(digits(&mut p, 1, 2) && p.lit(b"-") && digits(&mut p, 1, 2)) {
        return false;
    }
    if !(p.one(|b| b == b'T' || b == b't') || p.run(|b| b == b' ' || b == b'\t') > 0) {
        return false;
    }
    let time = digits(&mut p, 1, 2)
        && p.lit(b":")
        && digits(&mut p, 2, 2)
        && p.lit(b":")
        && digits(&mut p, 2, 2);
    if !time {
        return false;
    }
    if p.lit(b".") {
        p.run(digit);
    }
    // The zone, after blanks or none.
    let blanks = p.run(|b| b == b' ' || b == b'\t') > 0;
    if p.end() {
        return !blanks;
    }
    if p.lit(b"Z") {
        return p.end();
    }
    p.one(|b| b == b'-' || b == b'+')
        && digits(&mut p, 1, 2)
        && (!p.lit(b":") || digits(&mut p, 2, 2))
        && p.end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use regex::Regex;
    use std::sync::LazyLock;

    /// The implicit resolvers of PyYAML (YAML 1.1), ruamel.yaml (its 1.1
    /// and 1.2 ones) and the YAML 1.2 core schema, each as its reader
    /// writes it, with the first characters the reader tries it on (any
    /// for the core schema).
    const RESOLVERS: &[(&str, &str)] = &[
        // PyYAML
        (
            r"^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$",
            "yYnNtTfFoO",
        ),
        (
            r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
            "-+0123456789.",
        ),
        (
            r"^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$",
            "-+0123456789",
        ),
        (r"^(?:<<)$", "<"),
        (r"^(?:~|null|Null|NULL|)$", "~nN"),
        (
            r"^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$",
            "0123456789",
        ),
        (r"^(?:=)$", "="),
        // ruamel.yaml
        (
            r"^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$",
            "yYnNtTfFoO",
        ),
        (
            r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
            "-+0123456789.",
        ),
        (
            r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
            "-+0123456789.",
        ),
        (
            r"^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$",
            "-+0123456789",
        ),
        (
            r"^(?:[-+]?0b[0-1_]+|[-+]?0?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$",
            "-+0123456789",
        ),
        // The YAML 1.2 core schema
        (r"^(?:null|Null|NULL|~|)$", ""),
        (r"^(?:true|True|TRUE|false|False|FALSE)$", ""),
        (r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", ""),
        (
            r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
            "",
        ),
    ];

    static PATTERNS: LazyLock<Vec<(Regex, &str)>> = LazyLock::new(|| {
        RESOLVERS
            .iter()
            .map(|(pattern, first)| (Regex::new(pattern).expect("pattern"), *first))
            .collect()
    });

    /// Whether some reader resolves the plain scalar `s` to another type
    /// than a string, as the readers find out: by the patterns registered
    /// for its first character (the empty string: for `""`).
    fn readers_resolve(s: &str) -> bool {
        PATTERNS.iter().any(|(pattern, first)| {
            let tried = match s.chars().next() {
                None => first.is_empty() || *first == "~nN",
                Some(c) => first.is_empty() || first.contains(c),
            };
            tried && pattern.is_match(s)
        })
    }

    /// Scalars made of what the patterns are made of.
    fn scalar() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            "0", "1", "5", "6", "7", "9", "_", ".", ":", "-", "+", "e", "E", "0x", "0o", "0b", "a",
            "F", "inf", "Inf", "INF", "nan", "NaN", "T", "t", " ", "\t", "Z", "2001", "12", "-1",
            "yes", "No", "on", "OFF", "y", "N", "null", "~", "<", "<<", "=", "x", "é", ".inf",
            "-.Inf", ".NaN", "+.INF", ".nan",
        ]);
        prop_oneof![
            prop::collection::vec(pieces, 0..9).prop_map(|p| p.concat()),
            "[-+.0-9_:eExXoObBa-fA-FtTzZ ~<=\t]{0,14}",
            "[-+]?[0-9_]{0,4}(:[0-9]{1,3}){0,3}(\\.[0-9_.]{0,3})?([eE][-+]?[0-9]{0,2})?",
            "[-+]?(0[xob])?[0-9a-fA-F_]{0,4}",
            "[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}([Tt]| {1,2})[0-9]{1,2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{0,2})?[ \t]{0,2}(Z|[-+][0-9]{1,3}(:[0-9]{2})?)?",
            any::<String>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// The quoting rule is the readers' patterns: no more, no fewer.
        #[test]
        fn quotes_what_the_readers_resolve(s in scalar()) {
            prop_assert_eq!(resolved(&s), readers_resolve(&s), "{:?}", s);
        }

        /// Any string, as a value and as a key, reads back as itself.
        #[test]
        fn every_string_reads_back(s in scalar()) {
            let text = to_string(&s).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(serde_yaml::from_str::<String>(&text).ok(), Some(s.clone()), "{}", text);
            let map = std::collections::BTreeMap::from([(s.clone(), 1), ("x".to_string(), 2)]);
            let text = to_string(&map).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let read: std::collections::BTreeMap<String, i32> =
                serde_yaml::from_str(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(read, map, "{}", text);
        }
    }

    #[test]
    fn hostile_names_are_quoted_and_plain_ones_are_not() {
        for s in [
            "no",
            "No",
            "NO",
            "off",
            "on",
            "y",
            "n",
            "yes",
            "true",
            "~",
            "null",
            "",
            "2026-01-01",
            "2001-12-14t21:59:43.10-05:00",
            "2001-12-14 21:59:43.10 -5",
            "1:20",
            "190:20:30",
            "1:20.5",
            "1_000",
            "0x1F",
            "0o17",
            "017",
            "0b101",
            "+1",
            ".5",
            "1e3",
            ".inf",
            "-.Inf",
            ".NaN",
            "=",
            "<<",
            "-_",
        ] {
            assert!(resolved(s) && readers_resolve(s), "{s:?}");
            assert_eq!(to_string(s).ok(), Some(format!("{}\n", quote(s))), "{s:?}");
        }
        for s in [
            "Alice",
            "Chloé",
            "12.B",
            "3. red",
            "0.1.0",
            "1.2.3",
            ".",
            "e3",
            "_1",
            "1:60",
            "2001-12-14 ",
            "nope",
            "<",
            "==",
            "samples/a.arb",
            "c3-d4",
        ] {
            assert!(!resolved(s) && !readers_resolve(s), "{s:?}");
            assert_eq!(to_string(s).ok(), serde_yaml::to_string(s).ok(), "{s:?}");
        }
    }

    /// Only the strings that needed quotes change: the rest of the
    /// document is serde_yaml's, byte for byte; long keys stay `? key`.
    #[test]
    fn the_rest_is_as_serde_yaml_writes_it() {
        let long = "1_".repeat(80) + "1";
        let document = serde_json::json!({
            "players": {"blue": "no", "red": "Ana", "yellow": "1:20", "black": "x: y"},
            "scores": {"no": 1, "Ana": 2, "=": 3, "<<": 4, long.clone(): 5},
            "list": ["on", "a\nb", 3, null, "2026-01-01", "arbitre-quoted-00000000", "arbitre-quoted-zz0"],
        });
        let ours = to_string(&document).expect("yaml");
        let theirs = serde_yaml::to_string(&document).expect("yaml");
        let mut unquoted = ours.clone();
        for s in ["no", "1:20", "=", "<<", "on", "2026-01-01", &long] {
            unquoted = unquoted.replace(&format!("'{s}'"), s);
        }
        assert_eq!(unquoted, theirs);
        assert!(ours.contains(&format!("? '{long}'\n")), "{ours}");
        assert!(ours.contains("- arbitre-quoted-00000000\n"), "{ours}");
        assert!(ours.contains("- arbitre-quoted-zz0\n"), "{ours}");
    }

    #[test]
    fn quotes_escape_what_cannot_stand_in_them() {
        assert_eq!(quote("it's"), "'it''s'");
        assert_eq!(
            quote("a\tb\"\\\u{85}\u{feff}\u{2028}\u{1}"),
            "\"a\\tb\\\"\\\\\\x85\\ufeff\\u2028\\x01\""
        );
    }
}
