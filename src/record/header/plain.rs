//! serde_yaml's errors said in plain words: a key without a value, a number
//! where a name goes, a `: ` inside an unquoted value, a key indented out of
//! line, a tab. serde_yaml words them for YAML's authors (`mapping values
//! are not allowed in this context`); a referee reads "quote it".
//!
//! Each explanation works from serde_yaml's message, its location (a byte
//! offset in the header) and the header's lines; when the lines do not show
//! what it expects, it gives up and the message stays serde_yaml's.

use super::{NOT_ORDINAL, NOT_TAG_TEXT, NOT_TEXT, NO_VALUE};

/// An error in plain words: what and where (in the header's text), and how
/// to mend it.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Plain {
    pub message: String,
    pub at: usize,
    pub len: usize,
    pub help: Option<String>,
}

/// serde_yaml's "players.red: message" (the path is left out at the top
/// level): the path to the value, and what was said about it.
pub(super) fn split_path(message: &str) -> (Option<&str>, &str) {
    let path_char = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.' | '[' | ']');
    match message.split_once(": ") {
        Some((path, said)) if !path.is_empty() && path.chars().all(path_char) => (Some(path), said),
        _ => (None, message),
    }
}

/// serde's "expected struct Players" names a Rust type; a reader of the
/// header knows it as a mapping.
pub(super) fn no_rust_names(message: &str) -> String {
    const STRUCT: &str = "expected struct ";
    match message.find(STRUCT) {
        Some(i) => {
            let name = &message[i + STRUCT.len()..];
            let end = name
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .unwrap_or(name.len());
            format!("{}expected a mapping{}", &message[..i], &name[end..])
        }
        None => message.to_string(),
    }
}

/// Whether a path is within `setup`, whose problems are rule `setup`.
pub(super) fn in_setup(path: &str) -> bool {
    path == "setup" || path.starts_with("setup.") || path.starts_with("setup[")
}

/// The plain words for what serde_yaml said, when there are some.
pub(super) fn explain(
    text: &str,
    path: Option<&str>,
    said: &str,
    at: Option<usize>,
) -> Option<Plain> {
    if said == NO_VALUE {
        return no_value(text, path, at);
    }
    if let Some(kind) = said.strip_prefix(NOT_TEXT) {
        return not_text(text, path?, kind.trim(), at?);
    }
    if let Some(kind) = said.strip_prefix(NOT_ORDINAL) {
        return not_ordinal(text, path?, kind.trim(), at?);
    }
    if let Some(kind) = said.strip_prefix(NOT_TAG_TEXT) {
        return tag_not_text(text, path?, kind.trim(), at?);
    }
    if let Some(plain) = not_points(text, path, said, at) {
        return Some(plain);
    }
    if let Some(plain) = mistyped_closing(text, at) {
        return Some(plain);
    }
    // `game:simpei` alone is one word to YAML, not a mapping; after other
    // keys, a word where the next key should be.
    if (said.starts_with("invalid type: string") && said.contains("expected struct"))
        || said.starts_with("could not find expected ':'")
    {
        if let Some(plain) = no_space_after_colon(text) {
            return Some(plain);
        }
    }
    let at = at?;
    if said.starts_with("did not find expected ',' or '}'")
        || said.starts_with("did not find expected ',' or ']'")
    {
        return unclosed(text, at);
    }
    if said.starts_with("mapping values are not allowed") {
        return colon_in_value(text, at).or_else(|| indented_deeper(text, at));
    }
    if said.contains("tab character")
        || (said.contains("cannot start any token") && starts_with_tab(text, at))
    {
        return tab(text, at);
    }
    if said.starts_with("did not find expected key") {
        return out_of_line(text, at);
    }
    None
}

/// `----` or `-- -` where the header's closing `---` should stand: the
/// header runs on into the moves, and YAML stumbles on them there (or on
/// the line itself). Only a line at or before the place of YAML's error.
fn mistyped_closing(text: &str, at: Option<usize>) -> Option<Plain> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        if at.is_some_and(|at| at < start) {
            return None;
        }
        let bare = line.trim_end();
        let marker = bare.split(" #").next().unwrap_or(bare).trim_end();
        if marker.starts_with("--") && marker.bytes().all(|b| matches!(b, b'-' | b' ' | b'\t')) {
            return Some(Plain {
                message: format!(
                    "`{marker}` is not `---`, so the header does not end there and runs on into the moves"
                ),
                at: start,
                len: bare.len(),
                help: Some("close the header with a line of three dashes: `---`".into()),
            });
        }
    }
    None
}

/// "`to-move` in `setup`" or "`mode`".
fn named(key: &str, parent: Option<&str>) -> String {
    match parent {
        Some(parent) => format!("`{key}` in `{parent}`"),
        None => format!("`{key}`"),
    }
}

/// `mode:` with nothing after it. serde_yaml gives no place for a key at the
/// top level, and not always the key's own place below it: the key is the
/// first one written without a value from where serde_yaml points (the top
/// level's first, when it points nowhere).
fn no_value(text: &str, parent: Option<&str>, at: Option<usize>) -> Option<Plain> {
    let (start, top_only) = match (parent, at) {
        (Some(_), Some(at)) => (at, false),
        _ => (0, true),
    };
    let (key_at, key) =
        empty_key(text, start, top_only).or_else(|| empty_key(text, 0, top_only))?;
    // A mapping's entry (a tag) comes with its own key on the path.
    let parent = parent.map(|p| {
        p.strip_suffix(key)
            .and_then(|p| p.strip_suffix('.'))
            .unwrap_or(p)
    });
    Some(Plain {
        message: format!("{} is written without a value", named(key, parent)),
        at: key_at,
        len: key.len(),
        help: Some(format!(
            "write a value after `{key}:`, or leave the key out"
        )),
    })
}

/// The first key from `from` on whose value is empty, `~` or `null`:
/// `mode:` at the end of its line (with no deeper line under it), or
/// `to-move: }` in a flow mapping.
fn empty_key(text: &str, from: usize, top_only: bool) -> Option<(usize, &str)> {
    let bytes = text.as_bytes();
    let from = floor_char(text, from.min(text.len()));
    for (i, _) in text[from..].match_indices(':').map(|(i, c)| (from + i, c)) {
        let line_start = text[..i].rfind('\n').map_or(0, |n| n + 1);
        let before = &text[line_start..i];
        let key_start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            .map_or(0, |j| {
                j + before[j..].chars().next().map_or(1, char::len_utf8)
            });
        let key = &before[key_start..];
        let lead = before[..key_start].trim_end_matches(' ');
        let opens = lead.is_empty() || lead.ends_with(['{', ',']) || lead.trim_start() == "-";
        if key.is_empty() || !opens || (top_only && key_start != 0) {
            continue;
        }
        let after = &text[i + 1..];
        if !after.is_empty() && !after.starts_with([' ', '\t', '\n', '\r', ',', '}']) {
            continue;
        }
        let value = after.trim_start_matches([' ', '\t']);
        let value = ["~", "null", "Null", "NULL"]
            .iter()
            .find_map(|word| {
                value.strip_prefix(word).filter(|rest| {
                    rest.is_empty() || rest.starts_with([' ', '\t', '\n', '\r', ',', '}', '#'])
                })
            })
            .unwrap_or(value)
            .trim_start_matches([' ', '\t']);
        let empty = if value.starts_with([',', '}']) {
            true
        } else if value.is_empty() || value.starts_with(['\n', '\r', '#']) {
            !has_block_value(text, line_start, i)
        } else {
            false
        };
        if empty && bytes.get(line_start + key_start).is_some() {
            return Some((line_start + key_start, key));
        }
    }
    None
}

/// Whether the key whose colon is at `colon` (on the line from
/// `line_start`) has its value on the lines under it: a deeper line, or a
/// `- ` list at its own depth.
fn has_block_value(text: &str, line_start: usize, colon: usize) -> bool {
    let depth = indent(&text[line_start..colon]);
    let rest = match text[colon..].find('\n') {
        Some(n) => &text[colon + n + 1..],
        None => return false,
    };
    rest.lines()
        .map(|line| line.trim_end_matches('\r'))
        .find(|line| {
            let content = line.trim_start_matches(' ');
            !content.is_empty() && !content.starts_with('#')
        })
        .is_some_and(|line| {
            let own = indent(line);
            own > depth || (own == depth && line[own..].starts_with('-'))
        })
}

/// `event: 2024`: a number or a boolean where a string goes.
fn not_text(text: &str, path: &str, kind: &str, at: usize) -> Option<Plain> {
    let at = floor_char(text, at.min(text.len()));
    let rest = &text[at..];
    let end = rest.find([',', '}', ']', '\n', '\r']).unwrap_or(rest.len());
    let raw = rest[..end].split(" #").next().unwrap_or("").trim_end();
    if raw.is_empty() {
        return None;
    }
    let (parent, key) = match path.rsplit_once('.') {
        Some((parent, key)) => (Some(parent), key),
        None => (None, path),
    };
    Some(Plain {
        message: format!(
            "{} must be a string, and YAML reads `{raw}` as {kind}",
            named(key, parent)
        ),
        at,
        len: raw.len(),
        help: Some(format!("quote it: `{key}: \"{raw}\"`")),
    })
}

/// The value written at `at`, up to the end of its line or flow entry,
/// without a comment.
fn value_at(text: &str, at: usize) -> (usize, &str) {
    let at = floor_char(text, at.min(text.len()));
    let rest = &text[at..];
    let end = rest.find([',', '}', ']', '\n', '\r']).unwrap_or(rest.len());
    (at, rest[..end].split(" #").next().unwrap_or("").trim_end())
}

/// `round: 0`, `board: 2.5`, `round: first`: a whole number from 1 is
/// expected.
fn not_ordinal(text: &str, key: &str, kind: &str, at: usize) -> Option<Plain> {
    let (at, raw) = value_at(text, at);
    if raw.is_empty() {
        return None;
    }
    Some(Plain {
        message: if kind == "other text" {
            format!("`{key}` must be a whole number from 1, and `{raw}` is not one")
        } else {
            format!("`{key}` must be a whole number from 1, and YAML reads `{raw}` as {kind}")
        },
        at,
        len: raw.len(),
        help: Some(format!("write a whole number from 1: `{key}: 3`")),
    })
}

/// `result: {blue: 1.5}`: a Superpion score is a whole number of points;
/// serde_yaml's words for it name Rust's `i64`.
fn not_points(text: &str, path: Option<&str>, said: &str, at: Option<usize>) -> Option<Plain> {
    if path == Some("result") {
        return not_scores(text, said, at?);
    }
    let key = path?.strip_prefix("result.")?;
    let found = said
        .strip_prefix("invalid type: ")?
        .strip_suffix(", expected i64")?;
    let (at, raw) = value_at(text, at?);
    let raw = flow_on_its_line(&text[at..]).unwrap_or(raw);
    let kind = if found.starts_with("floating point") {
        "a fractional number"
    } else if found.ends_with("as u128") {
        "a number too large"
    } else if found.starts_with("string") {
        "text"
    } else if found.starts_with("sequence") {
        "a list"
    } else if found.starts_with("map") {
        "a mapping"
    } else {
        return None;
    };
    Some(Plain {
        message: format!(
            "`{key}` in `result` must be a whole number of points, and YAML reads `{raw}` as {kind}"
        ),
        at,
        len: raw.len().max(1),
        help: Some(format!("write a whole number of points: `{key}: 3`")),
    })
}

/// `result: none` or `result: blue` in Superpion, whose `result` gives
/// each player's score (also for an adjudicated draw).
fn not_scores(text: &str, said: &str, at: usize) -> Option<Plain> {
    let found = said
        .strip_prefix("invalid type: ")?
        .strip_suffix(", expected a map")?;
    let (at, raw) = value_at(text, at);
    let raw = flow_on_its_line(&text[at..]).unwrap_or(raw);
    let kind = if found.starts_with("string") {
        "text"
    } else if found.starts_with("sequence") {
        "a list"
    } else if found.starts_with("integer") || found.starts_with("floating point") {
        "a number"
    } else if found.starts_with("boolean") {
        "a boolean"
    } else {
        return None;
    };
    Some(Plain {
        message: format!("`result` gives each player's score, and YAML reads `{raw}` as {kind}"),
        at,
        len: raw.len().max(1),
        help: Some(
            "map each player, by name or camp key, to their score: `result: {Ana: 3, Ben: 5}`"
                .into(),
        ),
    })
}

/// `tags: {a: [x, y]}`: a tag's value is text, not a list or a mapping.
/// The place is the tag's value, its first line for a block.
fn tag_not_text(text: &str, path: &str, kind: &str, at: usize) -> Option<Plain> {
    let key = path.rsplit_once('.').map_or(path, |(_, key)| key);
    let (at, raw) = value_at(text, at);
    let raw = flow_on_its_line(&text[at..]).unwrap_or(raw);
    Some(Plain {
        message: format!("the tag `{key}` in `tags` must be text, and YAML reads {kind}"),
        at,
        len: raw.len().max(1),
        help: Some(format!(
            "write its value as one piece of text: `{key}: \"...\"`; a tag is never a list or a mapping"
        )),
    })
}

/// `[a, b]` or `{y: z}` at the start of `rest`: the collection up to its
/// closing bracket, or to the end of its line when it closes on a later one.
pub(super) fn flow_on_its_line(rest: &str) -> Option<&str> {
    if !rest.starts_with(['[', '{']) {
        return None;
    }
    let line = rest.split(['\n', '\r']).next().unwrap_or(rest);
    let mut depth = 0usize;
    let mut quote = None;
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(&line[..i + 1]);
                }
            }
            _ => {}
        }
    }
    Some(line.split(" #").next().unwrap_or(line).trim_end())
}

/// `game:simpei`: a top-level key glued to its value, which YAML reads as
/// one word.
fn no_space_after_colon(text: &str) -> Option<Plain> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let at = offset;
        offset += line.len();
        let line = line.trim_end_matches(['\n', '\r']);
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        if !is_plain_key(key) || value.is_empty() || value.starts_with([' ', '\t']) {
            continue;
        }
        let value = value.split(" #").next().unwrap_or("").trim_end();
        return Some(Plain {
            message: format!(
                "`{key}:{value}` has no space after the colon, so YAML reads it as one word, not a key and its value"
            ),
            at,
            len: line.len(),
            help: Some(format!("write `{key}: {value}`")),
        });
    }
    None
}

/// `players: {red: Ana, blue: Bo` with no `}`: YAML notices only where the
/// header ends, and the bracket left open is the place to mend. Brackets in
/// quotes and comments are passed over.
fn unclosed(text: &str, at: usize) -> Option<Plain> {
    let at = floor_char(text, at.min(text.len()));
    let mut open: Vec<(usize, char)> = Vec::new();
    let mut quote = None;
    let mut comment = false;
    let mut previous = '\n';
    for (i, c) in text[..at].char_indices() {
        match (quote, c) {
            _ if comment => comment = c != '\n',
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '#') if previous.is_whitespace() || previous == ',' => comment = true,
            (None, '"' | '\'') if !previous.is_alphanumeric() => quote = Some(c),
            (None, '{' | '[') => open.push((i, c)),
            (None, '}' | ']') => {
                open.pop();
            }
            _ => {}
        }
        previous = c;
    }
    let (bracket_at, bracket) = open.pop()?;
    let (what, closing) = if bracket == '{' {
        ("mapping", '}')
    } else {
        ("list", ']')
    };
    Some(Plain {
        message: format!("this `{bracket}` opens a {what} that is never closed"),
        at: bracket_at,
        len: 1,
        help: Some(format!("close it with `{closing}`")),
    })
}

/// `event: Club evening: final`: the second `: ` starts a key for YAML.
fn colon_in_value(text: &str, at: usize) -> Option<Plain> {
    let at = floor_char(text, at.min(text.len()));
    let (line_start, line) = line_at(text, at);
    let before = line.get(..at - line_start)?;
    let content = before.trim_start_matches(' ');
    let content = content.strip_prefix("- ").unwrap_or(content);
    let (key, _) = content.split_once(": ")?;
    if !is_plain_key(key) {
        return None;
    }
    let value_start = line.find(": ")? + 2;
    let value = line[value_start..].split(" #").next().unwrap_or("").trim();
    let quoted = if value.contains('"') {
        format!("'{}'", value.replace('\'', "''"))
    } else {
        format!("\"{value}\"")
    };
    Some(Plain {
        message: format!(
            "the value of `{key}` holds a `: `, which YAML reads as the start of another key"
        ),
        at,
        len: 1,
        help: Some(format!("quote it: `{key}: {quoted}`")),
    })
}

/// `   blue: y` under `  red: x`: deeper than a key that already has a
/// value, so YAML reads it as more of that value.
fn indented_deeper(text: &str, at: usize) -> Option<Plain> {
    let (line_start, line) = line_at(text, at);
    let (key_at, key) = line_key(line)?;
    let (_, above) = line_above(text, line_start)?;
    let (above_at, above_key) = line_key(above)?;
    if key_at <= above_at {
        return None;
    }
    Some(Plain {
        message: format!(
            "`{key}` is indented deeper than `{above_key}` above it, which already has a value"
        ),
        at: line_start + key_at,
        len: key.len(),
        help: Some(line_up(key, above_key, above_at)),
    })
}

/// ` b: y` under `  a: x`: a key lined up with no mapping above it.
fn out_of_line(text: &str, at: usize) -> Option<Plain> {
    let (line_start, line) = line_at(text, at);
    let (key_at, key) = line_key(line)?;
    let (_, above) = line_above(text, line_start)?;
    let (above_at, above_key) = line_key(above)?;
    if key_at == above_at {
        return None;
    }
    Some(Plain {
        message: format!("`{key}` is not lined up with the keys above it"),
        at: line_start + key_at,
        len: key.len(),
        help: Some(line_up(key, above_key, above_at)),
    })
}

fn line_up(key: &str, above: &str, depth: usize) -> String {
    if depth == 0 {
        format!("start `{key}:` at the beginning of its line, like `{above}:`")
    } else {
        let spaces = if depth == 1 { "space" } else { "spaces" };
        format!("line up `{key}:` with `{above}:`, {depth} {spaces} in")
    }
}

/// A tab in a line's indentation, which YAML forbids.
fn tab(text: &str, at: usize) -> Option<Plain> {
    let (line_start, line) = line_at(text, at);
    let lead = line.len() - line.trim_start_matches([' ', '\t']).len();
    let tab = line[..lead].find('\t')?;
    Some(Plain {
        message: "a tab indents this line, and YAML indents with spaces only".into(),
        at: line_start + tab,
        len: 1,
        help: Some("replace the tab with spaces".into()),
    })
}

fn starts_with_tab(text: &str, at: usize) -> bool {
    text.as_bytes().get(at) == Some(&b'\t')
}

/// The line holding byte `at`, and where it starts; without its line end.
fn line_at(text: &str, at: usize) -> (usize, &str) {
    let at = floor_char(text, at.min(text.len()));
    let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
    (start, text[start..end].trim_end_matches('\r'))
}

/// The last line before the one starting at `line_start` that holds more
/// than blanks or a comment.
fn line_above(text: &str, line_start: usize) -> Option<(usize, &str)> {
    let mut end = line_start.checked_sub(1)?;
    loop {
        let start = text[..end].rfind('\n').map_or(0, |n| n + 1);
        let line = text[start..end].trim_end_matches('\r');
        let content = line.trim_start_matches(' ');
        if !content.is_empty() && !content.starts_with('#') {
            return Some((start, line));
        }
        end = start.checked_sub(1)?;
    }
}

/// The key a line starts with (after its indentation), and where.
fn line_key(line: &str) -> Option<(usize, &str)> {
    let at = indent(line);
    let (key, _) = line[at..].split_once(':')?;
    is_plain_key(key).then_some((at, key))
}

fn is_plain_key(key: &str) -> bool {
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// `at`, moved back to the start of the character it falls in.
fn floor_char(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        assert_eq!(split_path("players.red: x"), (Some("players.red"), "x"));
        assert_eq!(
            split_path("invalid type: integer `1`, expected u8"),
            (None, "invalid type: integer `1`, expected u8")
        );
        assert!(in_setup("setup"));
        assert!(in_setup("setup.track.3[0]"));
        assert!(!in_setup("setups"));
    }

    #[test]
    fn empty_keys() {
        assert_eq!(empty_key("game: x\nmode:\n", 0, true), Some((8, "mode")));
        assert_eq!(
            empty_key("game: x\nmode: ~ # c\n", 0, true),
            Some((8, "mode"))
        );
        assert_eq!(empty_key("mode: null\n", 0, true), Some((0, "mode")));
        assert_eq!(empty_key("players:\n  red: x\n", 0, true), None);
        assert_eq!(empty_key("pieces:\n- x\n", 0, true), None);
        assert_eq!(
            empty_key("players:\n  red:\n  blue: y\n", 0, false),
            Some((11, "red"))
        );
        assert_eq!(
            empty_key("setup: {to-move: }\n", 6, false),
            Some((8, "to-move"))
        );
        assert_eq!(empty_key("p: {a: , b: c}\n", 0, false), Some((4, "a")));
        assert_eq!(empty_key("event: \"a: \"\nx: nullx\n", 0, false), None);
        assert_eq!(empty_key("event: a:b\n", 0, false), None);
    }
}
