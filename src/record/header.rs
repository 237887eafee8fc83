//! The YAML header: deserialised with serde into each game's own header type,
//! with serde_yaml's error locations turned into file spans.

mod aliases;
mod fast;
mod messages;
mod plain;
mod tournament;
mod values;

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::Deserialize;

use crate::limits::Limits;
use crate::rules;
use crate::span::Span;
use crate::text::{cut_quotes, grouped};

pub use crate::switches::Switches;
use messages::{did_you_mean, find_word, one_slip, without_positions};
pub use tournament::{
    is_tag_name, KeyDoc, Ordinal, Tags, Tournament, TournamentKeys, TAG_NAME_BYTES,
    TOURNAMENT_KEY_DOCS,
};
pub(crate) use tournament::{
    tournament_keys, NOT_A_TAG_NAME, NOT_ORDINAL, NOT_TAG_TEXT, TAG_NAME_NOT_TEXT,
};
use values::NOT_A_DATE;
pub use values::{given, present, Date, Text};
pub(crate) use values::{NOT_TEXT, NO_VALUE};

/// The header of one record: its YAML text and where it sits in the file.
#[derive(Clone, Copy, Debug)]
pub struct HeaderText<'a> {
    /// The YAML between the two `---` lines.
    pub text: &'a str,
    /// Where that text starts in the record.
    pub offset: usize,
    /// The opening `---` line, for errors about the header as a whole.
    pub opening: Span,
}

/// Which part of the record a malformed-record error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The header as a whole: its YAML and its keys.
    Header,
    /// The `setup` key: the position the record starts from.
    Setup,
}

impl Part {
    /// The rule of a malformed record: `header` or `setup`.
    pub fn rule(self) -> &'static rules::Rule {
        match self {
            Part::Header => &rules::HEADER,
            Part::Setup => &rules::SETUP,
        }
    }
}

/// Why a header cannot be read, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeaderError {
    /// Which part of the header.
    pub part: Part,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Where, in the record's text.
    pub span: Span,
    /// How to mend it, when that can be said.
    pub help: Option<String>,
}

impl HeaderError {
    /// A `header` error at `span`.
    pub fn header(message: impl Into<String>, span: Span) -> Self {
        HeaderError {
            part: Part::Header,
            message: message.into(),
            span,
            help: None,
        }
    }

    /// A `setup` error at `span`.
    pub fn setup(message: impl Into<String>, span: Span) -> Self {
        HeaderError {
            part: Part::Setup,
            ..HeaderError::header(message, span)
        }
    }

    /// With advice on how to mend it.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// "`game: a`, `game: b` or `game: c`".
fn game_lines(games: &[&str]) -> String {
    let lines: Vec<String> = games.iter().map(|g| format!("`game: {g}`")).collect();
    match lines.split_last() {
        None => "`game: NAME`".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

#[derive(Debug, Deserialize)]
struct GameKey {
    #[serde(default, deserialize_with = "present")]
    game: Option<String>,
}

/// Whether a YAML mapping has a `game` key; any other YAML is refused.
struct HoldsGame(bool);

impl<'de> Deserialize<'de> for HoldsGame {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> Visitor<'de> for Keys {
            type Value = HoldsGame;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping")
            }
            /// Each key is read (a mapping's keys may be any YAML), each
            /// value passed over.
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<HoldsGame, A::Error> {
                let mut game = false;
                while let Some(key) = map.next_key::<serde_yaml::Value>()? {
                    game |= key.as_str() == Some("game");
                    map.next_value::<de::IgnoredAny>()?;
                }
                Ok(HoldsGame(game))
            }
        }
        deserializer.deserialize_map(Keys)
    }
}

impl<'a> HeaderText<'a> {
    /// The value of `game`, before the game's own header type can be chosen;
    /// the hints offer the `games` the caller knows. Nearly every header
    /// names its game plainly, and that name is lent, not copied.
    pub fn game(&self, games: &[&str]) -> Result<Cow<'a, str>, HeaderError> {
        if let Some(name) = self.plain_game() {
            return Ok(Cow::Borrowed(name));
        }
        if self.text.trim().is_empty() {
            return Err(HeaderError::header("the header is empty", self.opening)
                .with_help(format!("a header needs at least {}", game_lines(games))));
        }
        let probe: GameKey = self.deserialize()?;
        probe
            .game
            .map(Cow::Owned)
            .ok_or_else(|| match self.misspelt_game() {
                Some((at, key)) => HeaderError::header(
                    format!("the header has no `game`, and `{key}` is not a header key"),
                    Span::new(self.offset + at, key.len()),
                )
                .with_help("did you mean `game`?"),
                None => HeaderError::header("the header has no `game`", self.opening)
                    .with_help(format!("add {}", game_lines(games))),
            })
    }

    /// A top-level key one slip from `game` (`gmae`, `gam`, `Game`), when
    /// the header has no `game`: where it is, and the key. No other key a
    /// header may hold is that close to `game`.
    fn misspelt_game(&self) -> Option<(usize, &'a str)> {
        let mut offset = 0;
        for line in self.text.split_inclusive('\n') {
            let at = offset;
            offset += line.len();
            let Some((key, _)) = line.split_once(':') else {
                continue;
            };
            let plain = key.bytes().all(word_byte);
            if plain && !key.is_empty() && key != "game" && one_slip(key, "game") {
                return Some((at, key));
            }
        }
        None
    }

    /// `game: NAME` written plainly on a line of its own, read without a
    /// YAML parse: the header is parsed once, by the game's own type, which
    /// reports any YAML error anyway.
    fn plain_game(&self) -> Option<&'a str> {
        let (_, line) = self.find_line("game")?;
        // A byte at a time: the line is a few bytes long, and a searcher
        // or a Unicode trim costs more to set up than it takes to scan.
        let bytes = line.as_bytes();
        let after = bytes.iter().position(|&b| b == b':')? + 1;
        let start = after + count_while(bytes.get(after..)?, |b| matches!(b, b' ' | b'\t'));
        let len = count_while(bytes.get(start..)?, word_byte);
        let rest = bytes.get(start + len..)?;
        let blanks = count_while(rest, |b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        // After the name, nothing but blanks, or a comment: a `#` after one.
        let ends = blanks == rest.len() || (blanks > 0 && rest.get(blanks) == Some(&b'#'));
        if len == 0 || !ends {
            return None;
        }
        line.get(start..start + len)
    }

    /// Deserialise into a game's header type, which denies unknown keys.
    /// The header is taken as it is: the engine checks it against the
    /// record's [`Limits`] (its size, its brackets) before any game reads
    /// it, and a header built by hand should be kept within them too.
    /// Simple headers (plain words, one level of `{...}`) are read without
    /// the YAML parser, which costs as much as replaying a record; anything
    /// else, and any error, goes through serde_yaml.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, HeaderError> {
        if let Some(header) = fast::deserialize(self.text) {
            return Ok(header);
        }
        self.deserialize_yaml()
    }

    /// Whether the header is a YAML mapping holding a `game` key, whatever
    /// its value, and within `limits`: what marks a text as a header when
    /// framing resumes after a broken one (see `record::resumes`). Read
    /// without YAML when it is simple, by a parse that keeps only its keys
    /// otherwise.
    pub(crate) fn holds_game(&self, limits: &Limits) -> bool {
        if self.check_limits(limits).is_err() {
            return false;
        }
        if let Some(holds) = fast::holds_game(self.text) {
            return holds;
        }
        serde_yaml::from_str::<HoldsGame>(self.text).is_ok_and(|holds| holds.0)
    }

    /// The YAML parse, with serde_yaml's errors made file diagnostics.
    fn deserialize_yaml<T: DeserializeOwned>(&self) -> Result<T, HeaderError> {
        serde_yaml::from_str(self.text).map_err(|err| self.yaml_error(&err))
    }

    /// The header within `limits`: its brackets (the error pointing at the
    /// first one past the limit), then its size, checked before any parse
    /// (the fast path's or serde_yaml's) so that a header is refused
    /// whatever it holds; then what its aliases repeat, which only a parse
    /// can tell, one that keeps nothing.
    pub(crate) fn check_limits(&self, limits: &Limits) -> Result<(), HeaderError> {
        self.check_brackets(limits.header_brackets)?;
        self.check_size(limits.header_bytes)?;
        self.check_aliases(limits.header_bytes)
    }

    /// Aliases (`*a`) may repeat what an anchor (`&a`) names, but the
    /// header read with every alias replayed may count at most
    /// [`aliases::EXPANSION`] times `limit`: its values' bytes, and a few
    /// more for each value. No header without aliases comes near it.
    fn check_aliases(&self, limit: usize) -> Result<(), HeaderError> {
        let budget = limit.saturating_mul(aliases::EXPANSION);
        if !aliases::over_budget(self.text, budget) {
            return Ok(());
        }
        Err(HeaderError::header(
            format!(
                "the header's aliases (`*name`) repeat more than it may hold: read with them replayed, it counts more than {} bytes, {} times the limit of {} (--max-header-bytes)",
                grouped(budget),
                aliases::EXPANSION,
                grouped(limit)
            ),
            self.opening,
        )
        .with_help(format!(
            "write the values out instead of repeating them by alias; a value counts its bytes and {} more; raise the limit with --max-header-bytes",
            aliases::PER_VALUE
        )))
    }

    /// No header comes near `limit` bytes; a longer one is refused before
    /// the YAML parser reads it.
    fn check_size(&self, limit: usize) -> Result<(), HeaderError> {
        let size = self.text.len();
        if size <= limit {
            return Ok(());
        }
        Err(HeaderError::header(
            format!(
                "the header is {} bytes, more than the limit of {} (--max-header-bytes)",
                grouped(size),
                grouped(limit)
            ),
            self.opening,
        )
        .with_help(
            "no real header comes near it; raise the limit with --max-header-bytes".to_string(),
        ))
    }

    /// No header needs deep `[`/`{` nesting, and the YAML scanner takes
    /// time quadratic in it (each token looks at every open level): refuse
    /// it before parsing.
    ///
    /// Every `[` and `{` of the text counts, wherever it stands (in quotes,
    /// in comments, in a plain word), and none is ever taken back by a `]`
    /// or `}`. A collection cannot be nested deeper than the brackets opened
    /// before it, so the count bounds YAML's real nesting from above, and
    /// nothing written in the header can make it count less: an apostrophe
    /// (`event: don't`) or a `#` cannot start a "quote" that hides the
    /// brackets after it, and a `]` in quotes (`[ "]", [ "]", ...`) cannot
    /// take back a real `[`. Telling real brackets from quoted ones would
    /// mean lexing YAML exactly as libyaml does (where a `'` starts a quote,
    /// `''` inside one, `#` after a blank or a `,`, tags, block scalars...),
    /// and any slip there would switch the guard off; a real header holds
    /// about ten brackets in all, far below the limit.
    fn check_brackets(&self, limit: usize) -> Result<(), HeaderError> {
        // A text of no more bytes than the limit holds no more brackets.
        if self.text.len() <= limit {
            return Ok(());
        }
        let Some(at) = memchr::memchr2_iter(b'[', b'{', self.text.as_bytes()).nth(limit) else {
            return Ok(());
        };
        Err(HeaderError::header(
            format!(
                "the header opens more than {} brackets (`[` or `{{`), the limit of its nesting (--max-header-brackets)",
                grouped(limit)
            ),
            Span::new(self.offset + at, 1),
        )
        .with_help(
            "brackets count wherever they stand, in quotes and comments too; no real header comes near the limit; raise it with --max-header-brackets".to_string(),
        ))
    }

    fn yaml_error(&self, err: &serde_yaml::Error) -> HeaderError {
        let message = without_positions(&err.to_string());
        let at = err.location().map(|loc| loc.index().min(self.text.len()));
        let (path, said) = plain::split_path(&message);
        // Whatever is wrong inside `setup` is a setup problem.
        let part = match path {
            Some(path) if plain::in_setup(path) => Part::Setup,
            _ => Part::Header,
        };
        if let Some(plain) = plain::explain(self.text, path, said, at) {
            return HeaderError {
                part,
                message: cut_quotes(&plain.message).into_owned(),
                span: Span::new(self.offset + plain.at, plain.len.max(1)),
                help: plain.help.map(|help| cut_quotes(&help).into_owned()),
            };
        }
        let from = at.unwrap_or(0);
        // serde_yaml places some value errors at the enclosing mapping; the
        // value quoted in the message is a better place to point at.
        let quoted = message.split('`').nth(1).filter(|q| !q.is_empty());
        let found = quoted.and_then(|q| {
            let lower = self.text.to_ascii_lowercase();
            let q = q.to_ascii_lowercase();
            find_word(&lower[from..], &q)
                .map(|i| from + i)
                .or_else(|| find_word(&lower, &q))
                .map(|i| Span::new(self.offset + i, q.len()))
        });
        let span = match (found, at) {
            (Some(span), _) => span,
            (None, Some(at)) => {
                let rest = &self.text[at..];
                let len = match plain::flow_on_its_line(rest) {
                    Some(flow) => flow.len(),
                    None => rest.find([':', '\n', '\r', ',', '}']).unwrap_or(rest.len()),
                };
                Span::new(self.offset + at, len.max(1).min(rest.len()))
            }
            (None, None) => self.opening,
        };
        let help = did_you_mean(&message)
            .or_else(|| {
                message.ends_with(NOT_A_DATE).then(|| {
                    "write the year, the month and the day: `date: 2026-11-29` for 29 November 2026"
                        .to_string()
                })
            })
            .or_else(|| {
                let (_, said) = plain::split_path(&message);
                let number = said.strip_prefix(TAG_NAME_NOT_TEXT)?;
                let name = number.split('`').nth(1)?;
                Some(format!("quote it: `tags: {{\"{name}\": ...}}`"))
            })
            .or_else(|| {
                message.contains(NOT_A_TAG_NAME).then(|| {
                    "name a tag with letters, digits, `-` and `_`: `tags: {rating-a: \"1820\"}`"
                        .to_string()
                })
            });
        HeaderError {
            part,
            // Found with the values whole, shown with long ones cut.
            message: cut_quotes(&plain::no_rust_names(&message)).into_owned(),
            span,
            help,
        }
    }

    /// The span of a top-level key, or of the opening line when it is absent.
    pub fn key(&self, key: &str) -> Span {
        self.find_line(key)
            .map(|(at, _)| Span::new(self.offset + at, key.len()))
            .unwrap_or(self.opening)
    }

    /// The span of `needle` written inside the value of a top-level key (a
    /// setup entry, say); the key itself when the needle is not found there.
    pub fn within(&self, key: &str, needle: &str) -> Span {
        self.within_region(key, needle, find_word)
    }

    /// The value written after the entry key at `key` (`-1` in `{Alice:
    /// -1}`), up to the entry's end; the key itself when none follows.
    pub fn value_after(&self, key: Span) -> Span {
        let Some(rest) = key
            .end()
            .checked_sub(self.offset)
            .and_then(|from| self.text.get(from..))
        else {
            return key;
        };
        let rest = rest
            .trim_start_matches(['"', '\''])
            .trim_start_matches([' ', '\t']);
        let Some(value) = rest.strip_prefix(':') else {
            return key;
        };
        let value = value.trim_start_matches([' ', '\t']);
        let end = value.find([',', '}', '\n', '\r']).unwrap_or(value.len());
        let written = value[..end].split(" #").next().unwrap_or("").trim_end();
        if written.is_empty() {
            return key;
        }
        Span::new(self.offset + self.text.len() - value.len(), written.len())
    }

    /// Like [`HeaderText::within`], the last occurrence: where an entry
    /// given twice is given the second time.
    pub fn within_last(&self, key: &str, needle: &str) -> Span {
        self.within_region(key, needle, |hay, needle| {
            let mut last = None;
            let mut from = 0;
            while let Some(i) = find_word(&hay[from..], needle) {
                last = Some(from + i);
                from += i + needle.len();
            }
            last
        })
    }

    fn within_region(
        &self,
        key: &str,
        needle: &str,
        find: impl Fn(&str, &str) -> Option<usize>,
    ) -> Span {
        let Some((start, _)) = self.find_line(key) else {
            return self.opening;
        };
        let end = self.text[start + 1..]
            .match_indices('\n')
            .map(|(i, _)| start + 1 + i + 1)
            .find(|&line| {
                self.text[line..]
                    .chars()
                    .next()
                    .is_some_and(|c| !c.is_whitespace() && c != '#')
            })
            .unwrap_or(self.text.len());
        let region = &self.text[start..end];
        let lower = region.to_ascii_lowercase();
        match find(&lower, &needle.to_ascii_lowercase()) {
            Some(i) => Span::new(self.offset + start + i, needle.len()),
            None => self.key(key),
        }
    }

    fn find_line(&self, key: &str) -> Option<(usize, &'a str)> {
        let text = self.text;
        let mut start = 0;
        while start < text.len() {
            let rest = &text[start..];
            let end = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
            let line = &rest[..end];
            if let Some(after) = line.strip_prefix(key) {
                if after.trim_start().starts_with(':') {
                    return Some((start, line));
                }
            }
            start += end;
        }
        None
    }
}

/// A byte of a word the header names things with (a key, a game, a tag
/// name): an ASCII letter or digit, `-` or `_`. One definition, so that
/// the fast reading, the messages and the checks agree on what a word is.
pub(crate) const fn word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// How many bytes from the start of `bytes` are `such`.
fn count_while(bytes: &[u8], such: impl Fn(u8) -> bool) -> usize {
    bytes.iter().take_while(|&&b| such(b)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Sample {
        game: String,
        event: Option<String>,
    }

    fn header(text: &str) -> HeaderText<'_> {
        HeaderText {
            text,
            offset: 4,
            opening: Span::new(0, 3),
        }
    }

    #[test]
    fn unknown_key_points_at_it_with_a_hint() {
        let h = header("game: simpei\nevnt: Club\n");
        let err = h.deserialize::<Sample>().unwrap_err();
        assert_eq!(err.span, Span::new(4 + 13, 4));
        assert!(
            err.message.starts_with("unknown field `evnt`"),
            "{}",
            err.message
        );
        assert_eq!(err.help.as_deref(), Some("did you mean `event`?"));
    }

    /// Games the header is read against: any list, not the registry's.
    const GAMES: &[&str] = &["chess", "go", "shogi"];

    #[test]
    fn missing_and_empty_game() {
        let missing = header("event: x\n").game(GAMES).unwrap_err();
        assert!(missing.message.contains("no `game`"));
        assert_eq!(
            missing.help.as_deref(),
            Some("add `game: chess`, `game: go` or `game: shogi`")
        );
        let empty = header("\n").game(&["go"]).unwrap_err();
        assert!(empty.message.contains("empty"));
        assert_eq!(
            empty.help.as_deref(),
            Some("a header needs at least `game: go`")
        );
        assert_eq!(header("game: shogi\n").game(GAMES).unwrap(), "shogi");
        assert_eq!(
            header("event: x\ngame: chess   # a comment\n")
                .game(GAMES)
                .unwrap(),
            "chess"
        );
        assert_eq!(header("game: \"shogi\"\n").game(GAMES).unwrap(), "shogi");
        assert_eq!(header("{game: go}\n").game(GAMES).unwrap(), "go");
    }

    /// The game named plainly is read without YAML; anything else is the
    /// YAML parser's to read, which then gives the same name or an error.
    #[test]
    fn a_plain_game_line_is_read_without_yaml() {
        fn plain(text: &str) -> Option<&str> {
            header(text).plain_game()
        }
        for (text, name) in [
            ("game: shogi\n", "shogi"),
            ("game:\tshogi\r\n", "shogi"),
            ("game : go-9x9", "go-9x9"),
            ("game: chess  # a comment\n", "chess"),
            ("game: chess\t# a comment\n", "chess"),
            ("event: x\ngame: my_go \n", "my_go"),
        ] {
            assert_eq!(plain(text), Some(name), "{text:?}");
        }
        for text in [
            "game: shogi#x\n",
            "game: sho gi\n",
            "game: # a comment\n",
            "game:\n",
            "game: 'shogi'\n",
            "game: shogi\u{a0}\n",
            "game: {name: go}\n",
            "gameplay: go\n",
        ] {
            assert_eq!(plain(text), None, "{text:?}");
        }
        // Whatever the fast path leaves, YAML reads.
        assert_eq!(header("game: 'go'\n").game(GAMES).unwrap(), "go");
        assert!(header("game: go\u{a0}\n")
            .game(GAMES)
            .is_ok_and(|g| g != "go"));
    }

    #[test]
    fn locates_entries_inside_a_value() {
        let h = header("game: simpei\nsetup:\n  red: [c3, b1]\nresult: red\n");
        assert_eq!(h.within("setup", "b1"), Span::new(4 + 32, 2));
        assert_eq!(h.key("result"), Span::new(4 + 36, 6));
        assert_eq!(h.within("setup", "zz"), Span::new(4 + 13, 5));
        let twice = header("setup:\n  red: [c3, e3]\n  blue: [a1, c3]\n");
        assert_eq!(twice.within_last("setup", "c3"), Span::new(4 + 36, 2));
    }

    #[test]
    fn hints_below_the_top_level_and_no_header_relative_lines() {
        #[derive(Debug, Deserialize)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Players {
            red: Option<String>,
            blue: Option<String>,
        }
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Outer {
            players: Players,
        }
        let err = header("players: {red: x, bleu: y}\n")
            .deserialize::<Outer>()
            .unwrap_err();
        assert_eq!(err.help.as_deref(), Some("did you mean `blue`?"));
        let err = header("players: {red: x\n")
            .deserialize::<Outer>()
            .unwrap_err();
        assert!(!err.message.contains(" at line "), "{}", err.message);
        assert_eq!(
            without_positions("a at line 4 column 1, b at line 2 column 13"),
            "a, b"
        );
        assert_eq!(without_positions("look at line x"), "look at line x");
    }

    fn brackets(text: &str, limit: usize) -> Result<(), HeaderError> {
        header(text).check_limits(&Limits {
            header_brackets: limit,
            ..Limits::default()
        })
    }

    #[test]
    fn the_bracket_guard_counts_every_bracket() {
        let deep = "[".repeat(1000);
        // Nothing before the brackets can hide them: an apostrophe in a
        // word or a comment, an unclosed double quote, a `#`.
        for before in [
            "event: don't\n",
            "# it's\n",
            "event: \"open\n",
            "event: 'open\n",
            "event: x # '\n",
            "event: \"a\\\"\n",
        ] {
            let text = format!("game: simpei\n{before}x: {deep}\n");
            let err = brackets(&text, 32).unwrap_err();
            assert_eq!(err.part, Part::Header, "{before:?}");
            assert!(
                err.message.contains("more than 32 brackets")
                    && err.message.contains("--max-header-brackets"),
                "{before:?}: {}",
                err.message
            );
            // At the 33rd bracket.
            let at = text.find('[').unwrap() + 32;
            assert_eq!(err.span, Span::new(4 + at, 1), "{before:?}");
        }
        // Quoted closers cannot take back real openers: `[ "]", [ "]", ...`
        // nests one deeper at each step.
        let sneaky = format!("game: simpei\nx: {}\n", "[ \"]\", ".repeat(40));
        assert!(brackets(&sneaky, 32).is_err());
        // Closed brackets count too: the limit is on all of them.
        let flat = format!("game: simpei\nx: {}\n", "[a], ".repeat(33));
        assert!(brackets(&flat, 32).is_err());
        assert!(brackets(&flat, 33).is_ok());
        // In quotes and comments as well.
        assert!(brackets("game: simpei\nevent: \"{{{\"\n", 2).is_err());
        assert!(brackets("game: simpei\n# [[[\n", 2).is_err());
        assert!(brackets("game: simpei\n# [[\n", 2).is_ok());
    }

    #[test]
    fn real_headers_are_far_below_the_bracket_limit() {
        for template in [
            include_str!("../games/superpion/template.arb"),
            include_str!("../games/simpei/template.arb"),
            include_str!("../games/puluc/template.arb"),
        ] {
            let count = template
                .bytes()
                .filter(|b| matches!(b, b'[' | b'{'))
                .count();
            assert!(count * 10 < Limits::DEFAULT_HEADER_BRACKETS, "{count}");
            assert!(template.len() * 10 < Limits::DEFAULT_HEADER_BYTES);
        }
    }

    #[test]
    fn the_header_size_is_checked_at_the_opening_line() {
        let text = format!("game: simpei\nevent: {}\n", "x".repeat(200_000));
        let err = header(&text).check_limits(&Limits::default()).unwrap_err();
        assert_eq!(
            err.message,
            format!(
                "the header is {} bytes, more than the limit of 65,536 (--max-header-bytes)",
                grouped(text.len())
            )
        );
        assert_eq!(err.span, Span::new(0, 3));
        let room = Limits {
            header_bytes: text.len(),
            ..Limits::default()
        };
        assert!(header(&text).check_limits(&room).is_ok());
        let tight = Limits {
            header_bytes: text.len() - 1,
            ..Limits::default()
        };
        assert!(header(&text).check_limits(&tight).is_err());
    }

    #[test]
    fn dates_are_real_days() {
        let date = |d: &str| serde_yaml::from_str::<Date>(d).is_ok();
        assert!(date("2026-11-29"));
        assert!(date("2024-02-29"));
        assert!(!date("2026-02-29"));
        assert!(!date("2026-02-31"));
        assert!(!date("2026-13-01"));
        assert!(!date("2026-1-01"));
        assert!(!date("2026-11-29-1"));
    }

    mod fast_path {
        use super::*;
        use proptest::prelude::*;

        const KEYS: &[&str] = &[
            "game",
            "event",
            "date",
            "players",
            "mode",
            "end",
            "result",
            "neutral",
            "squares",
            "site",
            "rules",
            "Game",
            "true",
            "to-move",
            "round",
            "board",
            "time-control",
            "referee",
            "annotator",
            "tags",
            "sight",
        ];
        const INNER_KEYS: &[&str] = &[
            "red",
            "blue",
            "a",
            "b",
            "yellow",
            "black",
            "player1",
            "player2",
            "bleu",
            "forgive-missed-captures",
            "section",
            "rating-a",
            "x_1",
        ];
        /// What YAML reads as the very string.
        const PLAIN: &[&str] = &[
            "simpei",
            "puluc",
            "superpion",
            "Club night",
            "Zoë",
            "Mr. Smith",
            "2026-01-02",
            "2026-02-30",
            "2026-1-2",
            "2026-01-02-3",
            "teams",
            "four-players",
            "two-players",
            "draw",
            "abandoned",
            "time",
            "red",
            "blue",
            "a",
            "b",
            "Red",
            "A",
            "é",
            "Ана",
            "x y  z",
            "e3",
            "a - b",
            "x_",
            "one-side-left",
            "B",
        ];
        /// What the fast path must leave to serde_yaml.
        const UNUSUAL: &[&str] = &[
            "~",
            "null",
            "NULL",
            "True",
            "false",
            "yes",
            "no",
            "on",
            "y",
            "12",
            "0x1F",
            "-3",
            "+3",
            "1e5",
            ".inf",
            "inf",
            "NaN",
            "007",
            "'q'",
            "\"q\"",
            "&x a",
            "*x",
            "a # b",
            "a#b",
            "- a",
            "",
            "x\ty",
            "a: b",
            "3",
            "a,b",
            "[a]",
            "!x a",
            "|",
            ">",
            "%x",
            "@x",
            "`x`",
            "..",
            "_x",
            "{a: {b: c}}",
        ];

        fn scalar() -> impl Strategy<Value = &'static str> {
            prop_oneof![4 => pick(PLAIN), 1 => pick(UNUSUAL)]
        }

        fn sep() -> impl Strategy<Value = &'static str> {
            prop_oneof![6 => Just(": "), 1 => pick(&[":", ":  ", " : "])]
        }

        fn pick(pool: &'static [&'static str]) -> impl Strategy<Value = &'static str> {
            prop::sample::select(pool)
        }

        fn flow() -> impl Strategy<Value = String> {
            let entry =
                (pick(INNER_KEYS), sep(), scalar()).prop_map(|(k, sep, v)| format!("{k}{sep}{v}"));
            (
                prop::collection::vec(entry, 0..4),
                pick(&[", ", ",", " , ", ",  "]),
                pick(&["", " "]),
            )
                .prop_map(|(entries, comma, pad)| format!("{{{pad}{}{pad}}}", entries.join(comma)))
        }

        fn line() -> impl Strategy<Value = String> {
            let value = prop_oneof![scalar().prop_map(String::from), flow()];
            let end = prop_oneof![4 => Just(""), 1 => pick(&[" ", "  ", " # c"])];
            prop_oneof![
                8 => (pick(KEYS), sep(), value, end)
                    .prop_map(|(k, sep, v, end)| format!("{k}{sep}{v}{end}")),
                1 => pick(&["", "  ", "  nested: x", "- x", "# comment", "...", "players:", "\t"])
                    .prop_map(String::from),
            ]
        }

        fn text() -> impl Strategy<Value = String> {
            (
                prop::sample::select(
                    crate::games::names()
                        .iter()
                        .map(|name| format!("game: {name}"))
                        .chain([String::new()])
                        .collect::<Vec<_>>(),
                ),
                prop::collection::vec(line(), 0..6),
                pick(&["\n", "\r\n"]),
            )
                .prop_map(|(game, lines, eol)| {
                    let mut text = String::new();
                    for line in std::iter::once(game.to_string()).chain(lines) {
                        text.push_str(&line);
                        text.push_str(eol);
                    }
                    text
                })
        }

        /// The fast path and serde_yaml agree: the same value, or (after the
        /// fallback) the same error.
        fn same<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> Result<(), TestCaseError> {
            let h = header(text);
            let got = h.deserialize::<T>().map(|v| format!("{v:?}"));
            let want = h.deserialize_yaml::<T>().map(|v| format!("{v:?}"));
            prop_assert_eq!(got, want, "{:?}", text);
            Ok(())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(1000))]
            #[test]
            fn gives_what_serde_yaml_gives(text in text()) {
                same::<serde_yaml::Value>(&text)?;
                same::<GameKey>(&text)?;
                same::<crate::games::simpei::Header>(&text)?;
                same::<crate::games::puluc::Header>(&text)?;
                same::<crate::games::superpion::Header>(&text)?;
            }
        }

        #[test]
        fn the_usual_headers_take_it() {
            use crate::games::{puluc, simpei, superpion};
            let simpei = "game: simpei\nplayers: {red: Red, blue: Blue}\nevent: Club night\ndate: 2026-01-02\n";
            assert!(fast::deserialize::<simpei::Header>(simpei).is_some());
            let puluc = "game: puluc\r\nplayers: {a: Ana, b: Bo}\r\n";
            assert!(fast::deserialize::<puluc::Header>(puluc).is_some());
            let superpion = "game: superpion\nmode: teams\nend: time\n";
            assert!(fast::deserialize::<superpion::Header>(superpion).is_some());
            // Not for the game's type: a number, an unknown key.
            assert!(
                fast::deserialize::<superpion::Header>("game: superpion\nresult: {blue: x}\n")
                    .is_none()
            );
            assert!(fast::deserialize::<simpei::Header>("game: simpei\nsight: x\n").is_none());
            // The tournament's text keys and tags take it; numbers never do.
            let tournament = "game: simpei\nsite: Oslo\nreferee: Ana\ntags: {section: juniors}\n";
            assert!(fast::deserialize::<simpei::Header>(tournament).is_some());
            assert!(fast::deserialize::<simpei::Header>("game: simpei\nround: 3\n").is_none());
        }
    }
}
