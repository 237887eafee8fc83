//! The input limits, in one place: how much of each kind of input a record
//! may hold before it is refused, and how much of an input a message may
//! quote. `docs/limits.md` lists them with their flags and errors.

use std::borrow::Cow;

/// What one record may hold before it is refused. Every default is far
/// beyond any real record; each has a command-line flag to raise it
/// (`--max-record-bytes`, `--max-header-bytes`, `--max-header-brackets`,
/// `--max-token-bytes`). A refused record is malformed, with an error that
/// names the limit, its flag, and where it was broken.
///
/// The reader enforces `record_bytes`; it hands each [`Record`] over with
/// its limits, and [`check`] enforces the others on it.
///
/// [`Record`]: crate::Record
/// [`check`]: crate::check
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most bytes a record (its header and movetext) may take
    /// (`--max-record-bytes`).
    pub record_bytes: usize,
    /// The most bytes a header (between its two `---` lines) may take,
    /// checked before it is parsed (`--max-header-bytes`).
    pub header_bytes: usize,
    /// The most `[` and `{` a header may hold, counted wherever they stand,
    /// checked before it is parsed (`--max-header-brackets`): what bounds how
    /// deep its flow collections nest, whatever quotes or comments say.
    pub header_brackets: usize,
    /// The most bytes a movetext token (a word between whitespace and
    /// comments) may take (`--max-token-bytes`). Comments are not tokens:
    /// they are bounded by the record alone.
    pub token_bytes: usize,
}

impl Limits {
    /// 8 MiB per record: a 10,000-turn game is about 100 KB.
    pub const DEFAULT_RECORD_BYTES: usize = 8 << 20;
    /// 64 KiB per header: the longest template, comments and all, is under
    /// 1 KB.
    pub const DEFAULT_HEADER_BYTES: usize = 64 << 10;
    /// 256 brackets per header: a Superpion or Puluc setup takes about ten.
    pub const DEFAULT_HEADER_BRACKETS: usize = 256;
    /// 1 KiB per token: the longest a legal turn can write is a Superpion
    /// capture chain, at most one jump per captured piece of the 80 squares
    /// (4 bytes each), about 330 bytes.
    pub const DEFAULT_TOKEN_BYTES: usize = 1 << 10;
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            record_bytes: Limits::DEFAULT_RECORD_BYTES,
            header_bytes: Limits::DEFAULT_HEADER_BYTES,
            header_brackets: Limits::DEFAULT_HEADER_BRACKETS,
            token_bytes: Limits::DEFAULT_TOKEN_BYTES,
        }
    }
}

/// The most characters of an input a message quotes: the start of a longer
/// one, then an ellipsis. A diagnostic points at the whole of it anyway.
pub(crate) const QUOTED_CHARS: usize = 40;

/// `text` as a message quotes it: whole when short, else its first
/// [`QUOTED_CHARS`] characters and `…`.
pub(crate) fn quote(text: &str) -> Cow<'_, str> {
    // No more bytes than the characters kept: nothing to cut, nothing to count.
    if text.len() <= QUOTED_CHARS {
        return Cow::Borrowed(text);
    }
    match text.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

/// Every part of `message` between backquotes, or between double quotes
/// (as serde writes a string it did not expect, with `\"` inside), cut as
/// [`quote`] cuts it: serde_yaml's messages quote the header's values whole.
pub(crate) fn cut_quotes(message: &str) -> Cow<'_, str> {
    if message.len() <= QUOTED_CHARS {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len().min(256));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let mark = rest.as_bytes()[open];
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        let close = if mark == b'`' {
            inside.find('`')
        } else {
            closing_quote(inside)
        };
        let Some(close) = close else {
            rest = inside;
            break;
        };
        out.push_str(&quote(&inside[..close]));
        out.push(char::from(mark));
        rest = &inside[close + 1..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Where a double-quoted string written with escapes ends: the first `"`
/// not escaped by a backslash.
fn closing_quote(inside: &str) -> Option<usize> {
    let bytes = inside.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// `n` with its thousands grouped: `65,536`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_quotes_stay_whole_and_long_ones_are_cut() {
        assert_eq!(quote("c3-d4"), "c3-d4");
        let forty = "x".repeat(40);
        assert_eq!(quote(&forty), forty);
        assert_eq!(quote(&"x".repeat(41)), format!("{forty}…"));
        // Cut between characters, never inside one.
        assert_eq!(quote(&"é".repeat(100)), format!("{}…", "é".repeat(40)));
    }

    #[test]
    fn quotes_in_messages_are_cut() {
        let long = "y".repeat(10_000);
        let message = format!("unknown variant `{long}`, expected `a` or `b`");
        let cut = cut_quotes(&message);
        assert_eq!(
            cut,
            format!("unknown variant `{}…`, expected `a` or `b`", "y".repeat(40))
        );
        let message = format!("invalid type: string \"a\\\"{long}\", expected u8");
        let cut = cut_quotes(&message);
        assert!(cut.len() < 100, "{cut}");
        assert!(cut.ends_with("…\", expected u8"), "{cut}");
        // An unclosed quote is left as it is.
        assert_eq!(
            cut_quotes("a `b that is never closed, and long enough to cut"),
            "a `b that is never closed, and long enough to cut"
        );
        assert_eq!(cut_quotes("short `q`"), "short `q`");
    }

    #[test]
    fn numbers_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(65_536), "65,536");
        assert_eq!(grouped(8_388_608), "8,388,608");
        assert_eq!(grouped(200_000), "200,000");
    }
}
